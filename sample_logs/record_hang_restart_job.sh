#!/usr/bin/env bash
# Re-record sample_logs/hang_restart_gloo_2rank: a real 2-rank DDP job over gloo under torchrun
# with one allowed restart and PyTorch's flight recorder on. It checkpoints every 4 steps; at
# step 9 of the first attempt rank 1 stops issuing collectives (it sleeps), rank 0 times out in
# that step's all_reduce after 5 s, both dump their flight recorder into fr/ and fail; torchrun
# restarts both workers, which resume from the step-7 checkpoint and finish 14 steps. The
# harness's own clock is in `TRUTH {...}` lines (hang_start on rank 1, collective_failed on
# rank 0, steps, checkpoints, attempts).
# Needs: pip install torch==2.13.0 (CPU wheel).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/hang_restart_gloo_2rank"
rm -rf "$out" && mkdir -p "$out"
ckpt=$(mktemp -d)
port=$((29600 + RANDOM % 300))
TORCH_FR_BUFFER_SIZE=2000 TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 python -m torch.distributed.run \
    --nnodes 1 --nproc-per-node 2 --max-restarts 1 --monitor-interval 1 \
    --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" --tee 3 \
    "$here/gloo_train.py" --out "$ckpt/unused" --steps 14 --no-profile \
    --ckpt-dir "$ckpt" --ckpt-every 4 --hang-rank 1 --hang-step 9 --hang-timeout-s 5 --fr-dir "$out/fr" \
    --slow-rank 0 --slow-ms 150 \
    > "$out/console.log" 2>&1 || true
rm -rf "$ckpt"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "command: TORCH_FR_BUFFER_SIZE=2000 torchrun --nproc-per-node 2 --max-restarts 1 gloo_train.py --steps 14 --no-profile --ckpt-every 4 --hang-rank 1 --hang-step 9 --hang-timeout-s 5 --fr-dir fr --slow-rank 0 --slow-ms 150"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/console.log"
ls "$out" "$out/fr"
