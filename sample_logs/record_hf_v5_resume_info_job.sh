#!/usr/bin/env bash
# Record sample_logs/hf_trainer_v5_resume_info: HF Trainer 5 logging at INFO as the example scripts set it
# and with no progress bar, as batch jobs set it (hf_train_default.py --log-info --no-bar: a tiny GPT-2 from a
# config), one rank under torchrun with one allowed restart; a checkpoint every 4 steps; the first attempt raises at
# step 7; the restarted worker resumes from checkpoint-4 (`Resuming training from checkpoint with epoch 0 and global
# step 4`) and finishes 12 steps, its metric dicts naming no step. Each step sleeps 2.5 s.
# The harness's clock is in truth.txt (`TRUTH {...}` lines). Needs: torch==2.13.0 (CPU), transformers>=5.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/hf_trainer_v5_resume_info"
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
port=$((29600 + RANDOM % 300))
TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 python -m torch.distributed.run \
    --nnodes 1 --nproc-per-node 1 --max-restarts 1 \
    --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" \
    "$here/hf_train_default.py" --out "$work/run" --truth "$out/truth.txt" \
    --steps 12 --save-steps 4 --crash-rank 0 --crash-step 7 --step-sleep 2.5 --log-info --no-bar \
    > "$out/console.log" 2>&1 || true
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "transformers: $(python -c 'import transformers; print(transformers.__version__)')"
  echo "command: torchrun --nproc-per-node 1 --max-restarts 1 hf_train_default.py --steps 12 --save-steps 4 --crash-rank 0 --crash-step 7 --step-sleep 2.5 --log-info --no-bar"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
