#!/usr/bin/env bash
# Re-record an mmengine job (sample_logs/mmengine_restart): mmengine's Runner at its default
# hooks, logger and log processor (LoggerHook every 10 iterations, a CheckpointHook every epoch),
# 2 gloo ranks under torchrun with one allowed restart; a tiny MLP, 4 epochs of 20 iterations per
# rank, each sleeping 0.2 s. Rank 1 raises at global iteration 50 (epoch 3, iteration 10) of the
# first attempt; the restarted workers resume from the newest checkpoint (epoch 2, iteration 40,
# `resume=True`) and finish the 80 iterations. mmengine's console dates its lines without a year
# (`11/24 07:29:59`); torchrun's own lines are glog lines, also without a year.
#
# Two things a CPU-only torch needs (see mmengine_train.py): the process group is made before the
# Runner (mmengine's own set-up calls torch.cuda.set_device), and its DDP wrapper is made without
# device_ids. mmengine 0.10 loads its checkpoints with torch.load's default, which torch >= 2.6
# restricts to weights: TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD=1 lets the resume load them.
#
# Kept: console.log (stdout+stderr of torchrun and its workers), truth.txt (the harness's clock,
# `TRUTH {...}`), RECORDED.txt. The work dir (checkpoints, mmengine's own log file) is removed.
# Needs: torch==2.13.0 (CPU), mmengine.
set -euo pipefail
py=${PYTHON:-python}
here=$(cd "$(dirname "$0")" && pwd)
out="$here/mmengine_restart"
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
port=$((29600 + RANDOM % 300))
(cd "$work" && TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 TORCH_FORCE_NO_WEIGHTS_ONLY_LOAD=1 OMP_NUM_THREADS=1 \
    "$py" -m torch.distributed.run --nnodes 1 --nproc-per-node 2 --max-restarts 1 --rdzv-backend c10d \
    --rdzv-endpoint "127.0.0.1:$port" "$here/mmengine_train.py" --work-dir "$work/work" --truth "$out/truth.txt" \
    --epochs 4 --samples 320 --step-sleep 0.2 --crash-rank 1 --crash-iter 50 > "$out/console.log" 2>&1) || true
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
  echo "mmengine: $("$py" -c 'import mmengine; print(mmengine.__version__)')"
  echo "command: torchrun --nproc-per-node 2 --max-restarts 1 mmengine_train.py --epochs 4 --samples 320 --step-sleep 0.2 --crash-rank 1 --crash-iter 50"
  echo "settings: mmengine's default hooks, logger and LogProcessor (interval 10, window 10); TRUTH lines in truth.txt, not the console"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
