#!/usr/bin/env bash
# Re-record sample_logs/restart_gloo_2rank, unlabeled_restart_gloo_2rank,
# sparse_log_restart_gloo_2rank and whole_second_restart_gloo_2rank (or those named:
# record_restart_job.sh whole_second_restart_gloo_2rank).
#
# restart_gloo_2rank: a real 2-rank DDP job over gloo under torchrun with one allowed restart.
# It checkpoints every 4 steps; rank 1 raises at step 9 of the first attempt; torchrun restarts
# both workers, which resume from the step-7 checkpoint and finish 14 steps. Each worker sleeps
# 0.15 s inside every step's forward (--slow-ms) so steps are long enough to measure. The
# harness's own clock is in `TRUTH {...}` lines.
#
# unlabeled_restart_gloo_2rank: the same job, but every rank logs each step with no rank in its
# lines (--unlabeled-log) and torchrun adds no prefix (no --tee): the console holds each step
# twice, once per rank, with nothing to tell them apart, as scripts that log on every rank
# write. The TRUTH lines still name their rank.
#
# sparse_log_restart_gloo_2rank: 320 steps (batches of 2: the data holds 512 a rank) with a
# step line for every 100th only (--log-every 100, as DeepSpeed's steps_per_print and
# Megatron's log_interval), a checkpoint every 7 steps, rank 1 raising at step 201 of the first
# attempt: both resume from the step-195 checkpoint and log step 200 again, a few seconds after
# its first line (less than half the time between two lines). TRUTH lines hold every step.
#
# whole_second_restart_gloo_2rank: the unlabeled job (--unlabeled-log, no --tee) with its times
# in whole seconds (--whole-seconds: `datefmt="%m/%d/%Y %H:%M:%S"`, as Hugging Face's,
# diffusers' and accelerate's example scripts configure logging), 60 steps, rank 1 raising at
# step 31 of the first attempt, both resuming from the step-27 checkpoint: most steps share
# their second with the next, and a gap between two lines is known to a second only.
#
# Needs: pip install torch==2.13.0 (CPU wheel).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)

record() {  # record OUT_NAME TORCHRUN_OPTION GLOO_TRAIN_OPTIONS [STEPS CKPT_EVERY CRASH_STEP]
  local out="$here/$1" launch="$2" logging="$3" steps="${4:-14}" every="${5:-4}" crash="${6:-9}" ckpt port
  rm -rf "$out" && mkdir -p "$out"
  ckpt=$(mktemp -d)
  port=$((29600 + RANDOM % 300))
  # shellcheck disable=SC2086  # the options are one word or none
  TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 python -m torch.distributed.run \
      --nnodes 1 --nproc-per-node 2 --max-restarts 1 --monitor-interval 1 \
      --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" $launch \
      "$here/gloo_train.py" --out "$ckpt/unused" --steps "$steps" --no-profile $logging \
      --ckpt-dir "$ckpt" --ckpt-every "$every" --crash-rank 1 --crash-step "$crash" --slow-rank 0 --slow-ms 150 \
      > "$out/console.log" 2>&1 || true
  rm -rf "$ckpt"
  {
    echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "torch: $(python -c 'import torch; print(torch.__version__)')"
    echo "command: torchrun --nproc-per-node 2 --max-restarts 1 gloo_train.py --steps $steps --no-profile${logging:+ $logging} --ckpt-every $every --crash-rank 1 --crash-step $crash --slow-rank 0 --slow-ms 150"
  } > "$out/RECORDED.txt"
  grep -c TRUTH "$out/console.log"
}

ONLY=("$@")  # the jobs to record (all when none is named)
want() { [ ${#ONLY[@]} -eq 0 ] || [[ " ${ONLY[*]} " == *" $1 "* ]]; }
! want restart_gloo_2rank || record restart_gloo_2rank "--tee 3" ""
! want unlabeled_restart_gloo_2rank || record unlabeled_restart_gloo_2rank "" --unlabeled-log
! want sparse_log_restart_gloo_2rank || record sparse_log_restart_gloo_2rank "--tee 3" "--log-every 100 --batch 2" 320 7 201
! want whole_second_restart_gloo_2rank || record whole_second_restart_gloo_2rank "" "--unlabeled-log --whole-seconds" 60 4 31
