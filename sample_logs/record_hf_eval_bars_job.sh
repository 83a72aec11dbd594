#!/usr/bin/env bash
# Record sample_logs/hf_trainer_eval_bars: the HF Trainer job of record_hf_default_tb_job.sh at its
# default log level (no `***** Running training *****` header: nothing names the run's total), one
# gloo rank under plain torchrun, logging every 10 steps and evaluating every 30 steps on 9600
# samples (1200 batches): each evaluation draws its own bar, more readings than the training bar
# gets between two metric lines. 60 steps, a checkpoint every 30, each step sleeps 0.1 s.
# Kept: console.log (stdout+stderr), truth.txt (the harness's clock, `TRUTH {...}`).
# Needs: torch==2.13.0 (CPU), transformers<5.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-python}
out="$here/hf_trainer_eval_bars"
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
port=$((29600 + RANDOM % 300))
OMP_NUM_THREADS=1 "$py" -m torch.distributed.run --nnodes 1 --nproc-per-node 1 \
    --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" "$here/hf_train_default.py" --out "$work/run" --truth "$out/truth.txt" \
    --steps 60 --save-steps 30 --logging-steps 10 --eval-steps 30 --eval-samples 9600 --step-sleep 0.1 \
    > "$out/console.log" 2>&1
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
  echo "transformers: $("$py" -c 'import transformers; print(transformers.__version__)')"
  echo "command: torchrun --nproc-per-node 1 hf_train_default.py --steps 60 --save-steps 30 --logging-steps 10 --eval-steps 30 --eval-samples 9600 --step-sleep 0.1"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
