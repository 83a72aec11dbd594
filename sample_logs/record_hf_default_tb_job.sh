#!/usr/bin/env bash
# Re-record sample_logs/hf_trainer_default_tb: HF Trainer at its default log level and default
# report_to (TensorBoard installed: rank 0 writes events under runs/), tiny GPT-2 from a config,
# 2 gloo ranks under plain torchrun (no --tee, no log flags) with one allowed restart; checkpoints
# every 8 steps; rank 1 raises at step 13 of the first attempt; the restarted workers resume from
# checkpoint-8 and finish 24 steps. Each step sleeps 0.8 s (tqdm times to the second).
# Kept: console.log (stdout+stderr of torchrun), runs/*/events.out.tfevents.* (one run folder per
# attempt), trainer_state.json of checkpoint-24, truth.txt (the harness's clock, `TRUTH {...}`).
# Needs: torch==2.13.0 (CPU), transformers<5, tensorboard.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/hf_trainer_default_tb"
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
port=$((29600 + RANDOM % 300))
TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 python -m torch.distributed.run \
    --nnodes 1 --nproc-per-node 2 --max-restarts 1 \
    --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" \
    "$here/hf_train_default.py" --out "$work/run" --truth "$out/truth.txt" \
    --steps 24 --save-steps 8 --crash-rank 1 --crash-step 13 --step-sleep 0.8 \
    > "$out/console.log" 2>&1 || true
cp -r "$work/run/runs" "$out/runs"
cp "$work/run/checkpoint-24/trainer_state.json" "$out/trainer_state.json"
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "transformers: $(python -c 'import transformers; print(transformers.__version__)')"
  echo "tensorboard: $(python -c 'import tensorboard; print(tensorboard.__version__)')"
  echo "command: torchrun --nproc-per-node 2 --max-restarts 1 hf_train_default.py --steps 24 --save-steps 8 --crash-rank 1 --crash-step 13 --step-sleep 0.8"
  echo "settings: the Trainer's defaults except logging_steps=1 (so every step has a record) and save_steps=8; TRUTH lines in truth.txt, not the console"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
