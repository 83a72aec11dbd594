#!/usr/bin/env bash
# Record the job pairs of tests/test_diff.py: real 2-rank DDP jobs over gloo (torch CPU,
# torchrun), all from sample_logs/gloo_train.py with 14 steps (12 profiled), one known change
# each against `base`:
#   base        no injected fault
#   base_again  the same command again: what differs is this machine's noise
#   stall       rank 1's DataLoader stalls 100 ms on steps 4, 6, 8, 10 and 12
#   slow        rank 0 sleeps 30 ms in every forward
# Every injected sleep is logged as an `INJECTED {...}` line with its measured length: the
# tests take the size of the change from those lines. Outputs: <pair>/traces/*.pt.trace.json.gz,
# <pair>/console.log, <pair>/RECORDED.txt. Needs torch 2.13 (CPU wheel) in the Python on PATH.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
script="$here/../../../sample_logs/gloo_train.py"
record() {
  local name=$1; shift
  local out="$here/$name"
  rm -rf "$out" && mkdir -p "$out/traces"
  local port=$((29600 + RANDOM % 300))
  TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 python -m torch.distributed.run \
      --nnodes 1 --nproc-per-node 2 --master-port "$port" --tee 3 \
      "$script" --out "$out/traces" --steps 14 "$@" > "$out/console.log" 2>&1
  {
    echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "torch: $(python -c 'import torch; print(torch.__version__)')"
    echo "python: $(python --version 2>&1)"
    echo "command: torchrun --nproc-per-node 2 gloo_train.py --steps 14 $*"
  } > "$out/RECORDED.txt"
}
record base
record base_again
record stall --stall-rank 1 --stall-steps 4,6,8,10,12 --stall-ms 100
record slow --slow-rank 0 --slow-ms 30
du -sh "$here"/*/
