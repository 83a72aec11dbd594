#!/usr/bin/env bash
# Re-record sample_logs/fr_gloo_skip_4rank and sample_logs/fr_gloo_mismatch_4rank: 4 gloo
# ranks under torchrun with PyTorch's flight recorder on (TORCH_FR_BUFFER_SIZE). In the first,
# rank 2 skips the default group's all_reduce at step 3; in the second, rank 1 issues a
# broadcast where the others issue that all_reduce. See fr_hang.py.
# Needs: pip install torch==2.13.0 (CPU wheel).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
record() {  # name scenario fault-rank
  local out="$here/$1"
  rm -rf "$out" && mkdir -p "$out"
  local port=$((29600 + RANDOM % 300))
  TORCH_FR_BUFFER_SIZE=2000 OMP_NUM_THREADS=1 python -m torch.distributed.run \
      --nnodes 1 --nproc-per-node 4 --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" --tee 3 \
      "$here/fr_hang.py" --out "$out" --scenario "$2" --fault-rank "$3" --fault-step 3 \
      > "$out/console.log" 2>&1 || true
  {
    echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "torch: $(python -c 'import torch; print(torch.__version__)')"
    echo "command: TORCH_FR_BUFFER_SIZE=2000 torchrun --nproc-per-node 4 fr_hang.py --scenario $2 --fault-rank $3 --fault-step 3"
  } > "$out/RECORDED.txt"
  ls "$out"
}
record fr_gloo_skip_4rank skip 2
record fr_gloo_mismatch_4rank mismatch 1
