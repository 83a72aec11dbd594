#!/usr/bin/env bash
# Record the HF Trainer of transformers 5 at its default log level (`hf_train_default.py`), 2 gloo ranks
# under plain torchrun with one allowed restart: rank 1 raises at step 13 of the first attempt, the
# restarted workers resume from checkpoint-8 and finish 24 steps.
# sample_logs/hf_trainer_v5_restart: a checkpoint every 8 steps, each taking over a second to write (a
# GPT-2 whose position table holds 2,000,000 rows: 512 MB of weights), transformers 5's `Writing model
# shards` bar its one sign at this log level.
# sample_logs/hf_trainer_v5_tokens: metrics every 4 steps with the running count of tokens trained on
# (`include_num_input_tokens_seen`, which also puts `train_runtime` in each metric dict, and so in each
# log TensorBoard's callback writes: `--report-to tensorboard`, runs/ kept); each rank's truth counts
# its steps' tokens; each step waits 0.15 s (tqdm draws every step).
# `record_hf_v5_job.sh FOLDER` records one alone. Kept: console.log (stdout and stderr of torchrun),
# truth.txt (the harness's clock, `TRUTH {...}`), RECORDED.txt.
# Needs: torch==2.13.0 (CPU), transformers>=5 (PYTHON=a Python that has them).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-python}
only=${1:-}

record() {  # record FOLDER HF_TRAIN_DEFAULT_OPTIONS...
  [ -z "$only" ] || [ "$only" = "$1" ] || return 0
  local out="$here/$1" work port
  shift
  rm -rf "$out" && mkdir -p "$out"
  work=$(mktemp -d)
  port=$((29600 + RANDOM % 300))
  TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 "$py" -m torch.distributed.run \
      --nnodes 1 --nproc-per-node 2 --max-restarts 1 \
      --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" \
      "$here/hf_train_default.py" --out "$work/run" --truth "$out/truth.txt" "$@" \
      > "$out/console.log" 2>&1 || true
  if [ "$keep_runs" ]; then cp -r "$work/run/runs" "$out/runs"; fi
  rm -rf "$work"
  {
    echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
    echo "transformers: $("$py" -c 'import transformers; print(transformers.__version__)')"
    echo "command: torchrun --nproc-per-node 2 --max-restarts 1 hf_train_default.py $*"
    echo "settings: the Trainer's defaults but for the options above; TRUTH lines in truth.txt, not the console"
  } > "$out/RECORDED.txt"
  grep -c TRUTH "$out/truth.txt"
}

keep_runs=
record hf_trainer_v5_restart --steps 24 --save-steps 8 --crash-rank 1 --crash-step 13 --n-positions 2000000
keep_runs=1
record hf_trainer_v5_tokens --steps 24 --save-steps 8 --crash-rank 1 --crash-step 13 --logging-steps 4 --tokens-seen \
  --step-sleep 0.15 --report-to tensorboard
