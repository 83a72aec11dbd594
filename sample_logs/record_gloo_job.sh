#!/usr/bin/env bash
# Re-record sample_logs/ddp_gloo_2rank: a real 2-rank DDP job over gloo, launched by torchrun,
# with a known data-loader stall (rank 1, steps 4 and 6, 150 ms) and a known slow forward
# (rank 0 sleeps 40 ms in every forward). Needs: pip install torch==2.13.0 (CPU wheel).
# Outputs: traces/rank{0,1}.*.pt.trace.json.gz (one profiler cycle per rank), console.log
# (torchrun --tee, with [default0]: prefixes) and the recording's environment in RECORDED.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/ddp_gloo_2rank"
rm -rf "$out" && mkdir -p "$out/traces"
port=$((29600 + RANDOM % 300))
TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 python -m torch.distributed.run \
    --nnodes 1 --nproc-per-node 2 --master-port "$port" --tee 3 \
    "$here/gloo_train.py" --out "$out/traces" --steps 8 \
    --stall-rank 1 --stall-steps 4,6 --stall-ms 150 --slow-rank 0 --slow-ms 40 \
    > "$out/console.log" 2>&1
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "python: $(python --version 2>&1)"
  echo "command: torchrun --nproc-per-node 2 gloo_train.py --steps 8 --stall-rank 1 --stall-steps 4,6 --stall-ms 150 --slow-rank 0 --slow-ms 40"
} > "$out/RECORDED.txt"
ls -la "$out" "$out/traces"
