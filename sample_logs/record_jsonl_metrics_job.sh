#!/usr/bin/env bash
# Re-record sample_logs/jsonl_metrics_gloo_2rank: gloo_train.py on 2 gloo ranks under torchrun,
# 10 steps, rank 0 also writing one JSON line per step (metrics.jsonl: time, step, loss,
# step_time_s, tokens), as metric loggers do. `TRUTH {...}` lines in console.log hold the
# harness's clock. Needs: pip install torch==2.13.0 (CPU wheel).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/jsonl_metrics_gloo_2rank"
rm -rf "$out" && mkdir -p "$out"
port=$((29600 + RANDOM % 300))
OMP_NUM_THREADS=1 python -m torch.distributed.run \
    --nnodes 1 --nproc-per-node 2 --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" --tee 3 \
    "$here/gloo_train.py" --out "$out/unused" --steps 10 --no-profile --metrics-jsonl "$out/metrics.jsonl" \
    > "$out/console.log" 2>&1
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "command: torchrun --nproc-per-node 2 gloo_train.py --steps 10 --no-profile --metrics-jsonl metrics.jsonl"
} > "$out/RECORDED.txt"
ls "$out"
