#!/usr/bin/env bash
# Record sample_logs/hf_trainer_logging_steps: the HF Trainer job of record_hf_default_tb_job.sh
# (default log level, default report_to, default tqdm bar, 2 gloo ranks under plain torchrun with
# one allowed restart) logging its metrics every 5 steps, as jobs do (the Trainer's default is
# every 500): the bar shows the steps between two metric lines. 30 steps, a checkpoint every 10;
# rank 1 raises at step 17 of the first attempt (two steps after the last metric line), the
# restarted workers resume from checkpoint-10 and finish. Each step sleeps 0.6 s.
# Kept: console.log (stdout+stderr of torchrun), truth.txt (the harness's clock, `TRUTH {...}`).
# Needs: torch==2.13.0 (CPU), transformers<5, tensorboard.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-python}
out="$here/hf_trainer_logging_steps"
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
port=$((29600 + RANDOM % 300))
command="torchrun --nproc-per-node 2 --max-restarts 1 hf_train_default.py --steps 30 --save-steps 10 --logging-steps 5 --crash-rank 1 --crash-step 17 --step-sleep 0.6"
TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 "$py" -m torch.distributed.run \
    --nnodes 1 --nproc-per-node 2 --max-restarts 1 \
    --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" \
    "$here/hf_train_default.py" --out "$work/run" --truth "$out/truth.txt" \
    --steps 30 --save-steps 10 --logging-steps 5 --crash-rank 1 --crash-step 17 --step-sleep 0.6 \
    > "$out/console.log" 2>&1 || true
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
  echo "transformers: $("$py" -c 'import transformers; print(transformers.__version__)')"
  echo "command: $command"
  echo "settings: the Trainer's defaults except logging_steps=5 and save_steps=10; TRUTH lines in truth.txt, not the console"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
