#!/usr/bin/env bash
# Re-record sample_logs/undated_relaunch_gloo_2rank: a real 2-rank gloo job under torchrun whose step lines
# are plain prints (undated); rank 0 fails at step 3 of the first launch, torchrun relaunches both ranks
# (--max-restarts 1), and this script sends SIGTERM to torchrun 6 s into the relaunch (the job killed, as a
# scheduler does). Needs: pip install torch==2.13.0 (CPU wheel). Outputs: console.log (torchrun's own lines and
# rank 0's prints), truth.jsonl (each rank's start and step ends by its own clock) and RECORDED.txt.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/undated_relaunch_gloo_2rank"
rm -rf "$out" && mkdir -p "$out"
port=$((29600 + RANDOM % 300))
TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 python -m torch.distributed.run \
    --nnodes 1 --nproc-per-node 2 --max-restarts 1 --monitor-interval 1 \
    --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" \
    "$here/undated_relaunch_train.py" "$out/truth.jsonl" 40 > "$out/console.log" 2>&1 &
launcher=$!
# the relaunch's start, by the truth file: its first attempt-1 line, then 6 s of its steps
for _ in $(seq 1 600); do
    grep -q '"attempt": 1, "event": "start"' "$out/truth.jsonl" 2>/dev/null && break
    sleep 0.1
done
sleep 6
echo "{\"event\": \"sigterm_sent\", \"t\": $(python -c 'import time; print(time.time())')}" >> "$out/truth.jsonl"
kill -TERM "$launcher"
wait "$launcher"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "python: $(python --version 2>&1)"
  echo "command: torchrun --nproc-per-node 2 --max-restarts 1 undated_relaunch_train.py truth.jsonl 40, SIGTERM to torchrun 6 s into the relaunch"
} > "$out/RECORDED.txt"
ls -la "$out"
