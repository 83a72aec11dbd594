#!/usr/bin/env bash
# Record sample_logs/accelerate_restart: `accelerate_no_trainer.py` (a loop written as transformers'
# `*_no_trainer.py` examples are) on 2 CPU processes over gloo, launched by `accelerate launch
# --multi_gpu --num_processes 2 --max_restarts 1 --rdzv_backend c10d` (Accelerate's torchrun): 2
# epochs of 12 optimizer steps each (192 samples, batches of 4 a process, 2 micro-batches a
# step), `save_state` every 5 steps into `step_N`, rank 1 raising at step 8 of the first attempt; the
# relaunch resumes from `step_5` and finishes the 24 steps. Kept: console.log (stdout and stderr),
# truth.txt (the harness's clock, `TRUTH {...}`), RECORDED.txt.
# And sample_logs/accelerate_kohya_bar: the same loop on 1 process, no failure, 2 epochs of 6 steps
# (48 samples), its bar drawn as kohya's sd-scripts draw theirs (`steps:`, `update(1)`, then
# `set_postfix(avr_loss=...)`: each count drawn first with the mean loss up to the step before), no
# HF-style header.
# `record_accelerate_job.sh FOLDER` records that sample alone.
# Needs: torch==2.13.0 (CPU), transformers<5, accelerate (PYTHON=a Python that has them; its
# `accelerate` command beside it).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-python}
accelerate="$(dirname "$(command -v "$py")")/accelerate"
only=${1:-}

record() {  # record FOLDER LAUNCH_OPTIONS SCRIPT_OPTIONS
  [ -z "$only" ] || [ "$only" = "$1" ] || return 0
  local out="$here/$1" work port
  rm -rf "$out" && mkdir -p "$out"
  work=$(mktemp -d)
  port=$((29600 + RANDOM % 300))
  # shellcheck disable=SC2086  # the options are words
  TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 "$accelerate" launch $2 --num_machines 1 \
      --mixed_precision no --dynamo_backend no --main_process_port "$port" "$here/accelerate_no_trainer.py" \
      --out "$work/run" --truth "$out/truth.txt" $3 > "$out/console.log" 2>&1
  rm -rf "$work"
  {
    echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
    echo "transformers: $("$py" -c 'import transformers; print(transformers.__version__)')"
    echo "accelerate: $("$py" -c 'import accelerate; print(accelerate.__version__)')"
    echo "command: accelerate launch $2 accelerate_no_trainer.py $3"
  } > "$out/RECORDED.txt"
  grep -c TRUTH "$out/truth.txt"
}

record accelerate_restart "--multi_gpu --num_processes 2 --max_restarts 1 --rdzv_backend c10d" "--crash-rank 1 --crash-step 8"
record accelerate_kohya_bar "--num_processes 1" "--train-samples 48 --kohya-bar --step-sleep 0.2"
