#!/usr/bin/env bash
# Re-record the GPU sample jobs on a machine with one NVIDIA GPU (recorded on an H100 80GB):
#
#   gpu_nccl_1rank   one rank over NCCL (torchrun, DDP): CUDA kernels, memcpys and NCCL kernels
#                    in the profiler trace, NCCL_DEBUG=INFO lines (INIT, COLL) in the console log,
#                    and the NCCL flight recorder with timing on (TORCH_NCCL_ENABLE_TIMING=1),
#                    dumped after the last step. A 100 ms data-loader stall on step 5.
#   gpu_gloo_2rank   two ranks sharing the GPU, gradients all-reduced over gloo (NCCL refuses two
#                    ranks on one GPU): rank 1 sleeps 30 ms in every forward (a straggler), rank 0
#                    stalls 100 ms in its DataLoader on steps 4 and 6.
#   gpu_compiled_1rank one rank over NCCL, the model under torch.compile(mode="reduce-overhead")
#                    (Inductor's Triton kernels, replayed as CUDA graphs) and bf16 autocast.
#
# Each job holds traces/*.pt.trace.json.gz (one profiler cycle per rank), console.log (torchrun
# --tee: [default0]: prefixes) and RECORDED.txt (versions, GPU, command). Every injected sleep
# is logged as an `INJECTED {...}` line with its measured length.
# Usage: record_gpu_jobs.sh [JOB...] (default: every job).
# Needs: a CUDA build of torch (any 2.x with the flight recorder; the recording used the one the
# machine had).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-python3}

wanted=" ${*:-gpu_nccl_1rank gpu_gloo_2rank gpu_compiled_1rank} "

record() {  # record NAME NPROC ARGS...
  local name=$1 nproc=$2; shift 2
  [[ $wanted == *" $name "* ]] || return 0
  local out="$here/$name"
  rm -rf "$out" && mkdir -p "$out/traces"
  local port=$((29600 + RANDOM % 300))
  TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 "$py" -m torch.distributed.run \
      --nnodes 1 --nproc-per-node "$nproc" --master-port "$port" --tee 3 \
      "$here/gloo_train.py" --out "$out/traces" "$@" > "$out/console.log" 2>&1
  {
    echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "torch: $("$py" -c 'import torch; print(torch.__version__, "cuda", torch.version.cuda, "nccl", ".".join(map(str, torch.cuda.nccl.version())))')"
    echo "python: $("$py" --version 2>&1)"
    echo "gpu: $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | head -1)"
    echo "command: torchrun --nproc-per-node $nproc gloo_train.py $*"
  } > "$out/RECORDED.txt"
}

NCCL_DEBUG=INFO NCCL_DEBUG_SUBSYS=INIT,COLL TORCH_FR_BUFFER_SIZE=2000 TORCH_NCCL_TRACE_BUFFER_SIZE=2000 \
TORCH_NCCL_ENABLE_TIMING=1 \
  record gpu_nccl_1rank 1 --device cuda --backend nccl --d-model 512 --seq 257 --batch 16 --steps 10 \
      --stall-rank 0 --stall-steps 5 --stall-ms 100 --fr-dir "$here/gpu_nccl_1rank/flight_recorder"

record gpu_gloo_2rank 2 --device cuda --backend gloo --d-model 512 --seq 257 --batch 16 --steps 10 \
    --stall-rank 0 --stall-steps 4,6 --stall-ms 100 --slow-rank 1 --slow-ms 30
record gpu_compiled_1rank 1 --device cuda --backend nccl --d-model 1024 --seq 257 --batch 16 --steps 12 \
    --compile reduce-overhead --bf16
for job in $wanted; do ls -la "$here/$job" "$here/$job/traces"; done
