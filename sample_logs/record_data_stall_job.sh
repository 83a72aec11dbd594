#!/usr/bin/env bash
# Re-record sample_logs/data_stall_gloo_2rank: gloo_train.py on 2 gloo ranks under torchrun,
# 12 steps, step lines that report `data_time_s` (how long next(dataloader) took), and rank 0's
# DataLoader stalled 400 ms on steps 3, 6 and 9. `TRUTH {...}` lines hold the harness's clock,
# including each step's measured data time on rank 0. Needs: pip install torch==2.13.0 (CPU wheel).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/data_stall_gloo_2rank"
rm -rf "$out" && mkdir -p "$out"
port=$((29600 + RANDOM % 300))
OMP_NUM_THREADS=1 python -m torch.distributed.run \
    --nnodes 1 --nproc-per-node 2 --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" --tee 3 \
    "$here/gloo_train.py" --out "$out/unused" --steps 12 --no-profile --log-data-time \
    --stall-rank 0 --stall-steps 3,6,9 --stall-ms 400 \
    > "$out/console.log" 2>&1
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "command: torchrun --nproc-per-node 2 gloo_train.py --steps 12 --no-profile --log-data-time --stall-rank 0 --stall-steps 3,6,9 --stall-ms 400"
} > "$out/RECORDED.txt"
ls "$out"
