#!/usr/bin/env bash
# Re-record sample_logs/hf_trainer_restart: HF Trainer (tiny GPT-2 from a config), 2 gloo ranks
# under torchrun with one allowed restart; checkpoints every 8 steps; rank 1 raises at step 13
# of the first attempt; the restarted workers resume from checkpoint-8 and finish 24 steps.
# The profiler traces steps 4-5 of each attempt's run on each rank (traces/, one file per process).
# Each step sleeps 0.8 s (tqdm times to the second). The harness's clock is in `TRUTH {...}` lines. Needs: torch==2.13.0 (CPU), transformers<5.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/hf_trainer_restart"
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
port=$((29600 + RANDOM % 300))
TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 python -m torch.distributed.run \
    --nnodes 1 --nproc-per-node 2 --max-restarts 1 --monitor-interval 1 \
    --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" --tee 3 \
    "$here/hf_train.py" --out "$work/run" --steps 24 --save-steps 8 --crash-rank 1 --crash-step 13 --step-sleep 0.8 \
    --profile-dir "$out/traces" --profile-wait 2 --profile-active 2 \
    > "$out/console.log" 2>&1 || true
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "transformers: $(python -c 'import transformers; print(transformers.__version__)')"
  echo "command: torchrun --nproc-per-node 2 --max-restarts 1 hf_train.py --steps 24 --save-steps 8 --crash-rank 1 --crash-step 13 --step-sleep 0.8 --profile-dir traces --profile-wait 2 --profile-active 2"
} > "$out/RECORDED.txt"
gzip -9 "$out"/traces/*.json
grep -c TRUTH "$out/console.log"
