#!/usr/bin/env bash
# Record sample_logs/hf_trainer_resume: HF Trainer at its default log level (hf_train_default.py: a
# tiny GPT-2 from a config), one rank under torchrun with one allowed restart; a checkpoint every
# 4 steps; the first attempt raises at step 7; the restarted worker resumes from checkpoint-4 and
# finishes 12 steps. Each step sleeps 2.5 s, so that the resumed bar's first update (tqdm jumps
# from 0 to the checkpoint's step in one step's time) is drawn 2 s or more after the bar's start.
# Needs: torch==2.13.0 (CPU), transformers<5.
# `record_hf_resume_job.sh hf_trainer_v5_resume_info` records the same job with transformers 5 (needs
# transformers>=5), logging at INFO as the example scripts set it and with no progress bar, as batch jobs set it
# (--log-info --no-bar), its metrics every 3 steps: the relaunch says `Resuming training from checkpoint with epoch 0
# and global step 4` and its metric dicts, naming no step, are logged at steps 6, 9 and 12;
# `record_hf_resume_job.sh hf_trainer_resume_info` the same with transformers<5 (`Continuing training from global
# step 4`, and no `Num update steps per epoch` in its header).
# The harness's clock is in truth.txt (`TRUTH {...}` lines).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
name=${1:-hf_trainer_resume}
case "$name" in
  hf_trainer_resume) extra=() ;;
  hf_trainer_resume_info|hf_trainer_v5_resume_info) extra=(--log-info --no-bar --logging-steps 3) ;;
  *) echo "usage: $0 [hf_trainer_resume|hf_trainer_resume_info|hf_trainer_v5_resume_info]" >&2; exit 2 ;;
esac
out="$here/$name"
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
port=$((29600 + RANDOM % 300))
args=(--steps 12 --save-steps 4 --crash-rank 0 --crash-step 7 --step-sleep 2.5 "${extra[@]}")
TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 python -m torch.distributed.run \
    --nnodes 1 --nproc-per-node 1 --max-restarts 1 \
    --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" \
    "$here/hf_train_default.py" --out "$work/run" --truth "$out/truth.txt" "${args[@]}" \
    > "$out/console.log" 2>&1 || true
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "transformers: $(python -c 'import transformers; print(transformers.__version__)')"
  echo "command: torchrun --nproc-per-node 1 --max-restarts 1 hf_train_default.py ${args[*]}"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
