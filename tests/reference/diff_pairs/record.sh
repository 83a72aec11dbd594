#!/usr/bin/env bash
# Record the job pairs of tests/test_diff.py: real 2-rank DDP jobs over gloo (torch CPU,
# torchrun), all from sample_logs/gloo_train.py with 14 steps (12 profiled), one known change
# each against `base`:
#   base        no injected fault
#   base_again  the same command again: what differs is this machine's noise
#   stall       rank 1's DataLoader stalls 100 ms on steps 4, 6, 8, 10 and 12
#   slow        rank 0 sleeps 30 ms in every forward
#   base_third  the same command as base a third time: with base_again, the run-to-run noise
#   batch       batches of 16 sequences instead of 8 (tokens per step and every step's time
#               logged by the harness)
# and a log-only pair (no profiler; checkpoints every 4 steps, rank 0 sleeps 150 ms in every
# forward so that steps are long enough to time from the logs), torchrun allowing one restart:
#   ckpt        no crash
#   restart     rank 1 raises at step 9; torchrun restarts both workers, which resume from the
#               step-7 checkpoint. The harness's own clock is in `TRUTH {...}` lines.
# `record.sh NAME...` records only those. Every injected sleep is logged as an `INJECTED {...}`
# line with its measured length: the tests take the size of the change from those lines. Outputs: <pair>/traces/*.pt.trace.json.gz,
# <pair>/console.log, <pair>/RECORDED.txt. Needs torch 2.13 (CPU wheel) in the Python on PATH.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
script="$here/../../../sample_logs/gloo_train.py"
wanted=" ${*:-base base_again base_third stall slow batch ckpt restart} "
record() {
  local name=$1; shift
  [[ "$wanted" == *" $name "* ]] || return 0
  local out="$here/$name"
  rm -rf "$out" && mkdir -p "$out/traces"
  local port=$((29600 + RANDOM % 300))
  local ckpt
  ckpt=$(mktemp -d)
  local launch=(--master-port "$port")
  if [[ "$*" == *--crash-rank* || "$*" == *--ckpt-dir* ]]; then  # the log-only pair: one restart allowed
    launch=(--max-restarts 1 --monitor-interval 1 --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port")
  fi
  TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 python -m torch.distributed.run \
      --nnodes 1 --nproc-per-node 2 "${launch[@]}" --tee 3 \
      "$script" --out "$out/traces" --steps 14 "${@//CKPT/$ckpt}" > "$out/console.log" 2>&1 || true
  rm -rf "$ckpt"
  rmdir "$out/traces" 2>/dev/null || true
  {
    echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "torch: $(python -c 'import torch; print(torch.__version__)')"
    echo "python: $(python --version 2>&1)"
    echo "command: torchrun --nproc-per-node 2 ${launch[*]/$port/PORT} gloo_train.py --steps 14 $*"
  } > "$out/RECORDED.txt"
}
record base
record base_again
record stall --stall-rank 1 --stall-steps 4,6,8,10,12 --stall-ms 100
record slow --slow-rank 0 --slow-ms 30
record base_third
record batch --batch 16
record ckpt --no-profile --ckpt-dir CKPT --ckpt-every 4 --slow-rank 0 --slow-ms 150
record restart --no-profile --ckpt-dir CKPT --ckpt-every 4 --slow-rank 0 --slow-ms 150 --crash-rank 1 --crash-step 9
du -sh "$here"/*/
