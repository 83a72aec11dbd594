#!/usr/bin/env bash
# Re-record sample_logs/hf_trainer_state: one HF Trainer process (tiny GPT-2 from a config, gloo,
# torchrun) running 12 steps with a checkpoint every 6; keeps the console log and the last
# checkpoint's trainer_state.json (its log_history is the same metrics as the console's dicts).
# Needs: torch==2.13.0 (CPU), transformers<5.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/hf_trainer_state"
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
port=$((29600 + RANDOM % 300))
OMP_NUM_THREADS=1 python -m torch.distributed.run \
    --nnodes 1 --nproc-per-node 1 --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" --tee 3 \
    "$here/hf_train.py" --out "$work/run" --steps 12 --save-steps 6 \
    > "$out/console.log" 2>&1
cp "$work/run/checkpoint-12/trainer_state.json" "$out/trainer_state.json"
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "transformers: $(python -c 'import transformers; print(transformers.__version__)')"
  echo "command: torchrun --nproc-per-node 1 hf_train.py --steps 12 --save-steps 6; cp checkpoint-12/trainer_state.json ."
} > "$out/RECORDED.txt"
ls "$out"
