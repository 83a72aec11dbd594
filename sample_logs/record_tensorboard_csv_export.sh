#!/usr/bin/env bash
# Re-record sample_logs/tensorboard_csv_export: TensorBoard's own CSV download of the `train/loss`
# scalar of each run in sample_logs/hf_trainer_default_tb/runs (the HF Trainer job that crashed at
# step 13 and was restarted by torchrun: two runs). TensorBoard serves the same CSV its web page's
# "Download data" link saves (`/data/plugin/scalars/scalars?run=RUN&tag=TAG&format=csv`); the page
# names the file `run-RUN-tag-TAG.csv` with `/` in the tag as `_`, and so does this script.
#
# Needs the tensorboard package (the `tensorboard` extra: pip install 'tracelens[tensorboard]').
#
# Kept: one CSV a run, RECORDED.txt.
set -euo pipefail
py=${PYTHON:-python}
here=$(cd "$(dirname "$0")" && pwd)
out="$here/tensorboard_csv_export"
logdir="$here/hf_trainer_default_tb/runs"
port=${PORT:-6123}
rm -rf "$out" && mkdir -p "$out"
"$py" -m tensorboard.main --logdir "$logdir" --port "$port" --host 127.0.0.1 > "$out/.tensorboard.log" 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true; rm -f "$out/.tensorboard.log"' EXIT
for _ in $(seq 60); do
  curl -sf "http://127.0.0.1:$port/data/runs" > /dev/null && break
  sleep 1
done
# (the server loads the event files in the background: wait until every run's scalars are there)
for _ in $(seq 60); do
  runs=$(curl -sf "http://127.0.0.1:$port/data/plugin/scalars/tags" | "$py" -c \
    'import json, sys; print(" ".join(r for r, tags in json.load(sys.stdin).items() if "train/loss" in tags))')
  [ "$(echo "$runs" | wc -w)" -eq "$(ls "$logdir" | wc -l)" ] && break
  sleep 1
done
for run in $runs; do
  curl -sf "http://127.0.0.1:$port/data/plugin/scalars/scalars?run=$run&tag=train%2Floss&format=csv" \
    -o "$out/run-$run-tag-train_loss.csv"
done
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "tensorboard: $("$py" -c 'import tensorboard; print(tensorboard.__version__)')"
  echo "command: tensorboard --logdir hf_trainer_default_tb/runs; GET /data/plugin/scalars/scalars?run=RUN&tag=train/loss&format=csv"
  echo "runs: $runs"
} > "$out/RECORDED.txt"
ls "$out"
