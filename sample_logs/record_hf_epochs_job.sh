#!/usr/bin/env bash
# Record sample_logs/hf_trainer_epochs: the HF Trainer job of record_hf_default_tb_job.sh at its
# default log level (no `***** Running training *****` header: nothing names the run's steps or
# epochs), one gloo rank under plain torchrun, 3 epochs of 104 samples (13 steps an epoch at 8 a
# batch), logging every 5 steps, a checkpoint every 20; each step sleeps 0.2 s. The metric dicts
# name no step, only their epoch (`'epoch': 0.38`); the summary dict names the 3 epochs.
# Kept: console.log (stdout+stderr), truth.txt (the harness's clock, `TRUTH {...}`).
# Needs: torch==2.13.0 (CPU), transformers<5.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-python}
out="$here/hf_trainer_epochs"
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
port=$((29600 + RANDOM % 300))
OMP_NUM_THREADS=1 "$py" -m torch.distributed.run --nnodes 1 --nproc-per-node 1 \
    --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" "$here/hf_train_default.py" --out "$work/run" --truth "$out/truth.txt" \
    --epochs 3 --train-samples 104 --save-steps 20 --logging-steps 5 --step-sleep 0.2 \
    > "$out/console.log" 2>&1
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
  echo "transformers: $("$py" -c 'import transformers; print(transformers.__version__)')"
  echo "command: torchrun --nproc-per-node 1 hf_train_default.py --epochs 3 --train-samples 104 --save-steps 20 --logging-steps 5 --step-sleep 0.2"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
