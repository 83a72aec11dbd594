#!/usr/bin/env bash
# Re-record the framework jobs on a machine with one NVIDIA GPU (recorded on an H200), each
# launched by plain torchrun (no --tee, no log flags) with one allowed restart, one rank on the
# GPU, at the frameworks' default settings:
#
#   gpu_hf_trainer_restart   HF Trainer (transformers 5.x) at its default log level and default
#                            report_to (none since transformers 5), tiny GPT-2 from a config on cuda:0; a
#                            checkpoint every 8 steps; the first attempt raises at step 13; the
#                            restart resumes from checkpoint-8 and finishes 24 steps of 0.8 s.
#   gpu_lightning_restart    Lightning 2.x, Trainer(accelerator="gpu", devices=1), its default bar
#                            (RichProgressBar where `rich` is installed, as on the recording
#                            machine), TensorBoard and CSV loggers; 3 epochs of 30 steps of
#                            0.2 s; the first attempt raises at step 40; the restart resumes from
#                            the epoch-end checkpoint (step 30).
#
# Kept: console.log (stdout+stderr of torchrun), the loggers' files (TensorBoard events, the HF
# Trainer's last trainer_state.json, Lightning's metrics.csv; no checkpoints), truth.txt (the
# harness's clock, `TRUTH {...}` lines, never in the console) and RECORDED.txt.
# Usage: record_gpu_framework_jobs.sh [JOB...] (default: both).
# Needs: a CUDA build of torch, transformers>=5, lightning, tensorboard.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-python3}
wanted=" ${*:-gpu_hf_trainer_restart gpu_lightning_restart} "

versions() {
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  "$py" - <<'EOF'
import importlib.metadata as m, platform, torch
print("python:", platform.python_version())
print("torch:", torch.__version__, "cuda", torch.version.cuda)
for name in ("transformers", "lightning", "tensorboard", "rich"):
    try:
        print(f"{name}:", m.version(name))
    except m.PackageNotFoundError:
        print(f"{name}: not installed")
EOF
  echo "gpu: $(nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader | head -1)"
}

launch() {  # launch OUT SCRIPT ARGS...: one rank, one allowed restart
  local out=$1 script=$2; shift 2
  local port=$((29600 + RANDOM % 300))
  TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 "$py" -m torch.distributed.run --nnodes 1 --nproc-per-node 1 --max-restarts 1 \
      --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" "$here/$script" "$@" > "$out/console.log" 2>&1 || true
}

if [[ $wanted == *" gpu_hf_trainer_restart "* ]]; then
  out="$here/gpu_hf_trainer_restart"
  rm -rf "$out" && mkdir -p "$out"
  work=$(mktemp -d)
  args=(--cuda --steps 24 --save-steps 8 --crash-rank 0 --crash-step 13 --step-sleep 0.8)
  launch "$out" hf_train_default.py --out "$work/run" --truth "$out/truth.txt" "${args[@]}"
  # (transformers 5 reports to no integration by default: no runs/ unless one is asked for)
  if [ -d "$work/run/runs" ]; then cp -r "$work/run/runs" "$out/runs"; fi
  cp "$work/run/checkpoint-24/trainer_state.json" "$out/trainer_state.json" || true
  rm -rf "$work"
  { versions; echo "command: torchrun --nproc-per-node 1 --max-restarts 1 hf_train_default.py ${args[*]}"; } > "$out/RECORDED.txt"
fi

if [[ $wanted == *" gpu_lightning_restart "* ]]; then
  out="$here/gpu_lightning_restart"
  rm -rf "$out" && mkdir -p "$out"
  work=$(mktemp -d)
  args=(--accelerator gpu --devices 1 --strategy auto --epochs 3 --samples 240 --step-sleep 0.2
        --crash-rank 0 --crash-step 40)
  (cd "$work" && launch "$out" lightning_train.py --out "$out" --truth "$out/truth.txt" "${args[@]}")
  rm -rf "$work"
  find "$out" -name '*.ckpt' -delete
  find "$out" -type d -empty -delete
  { versions; echo "command: torchrun --nproc-per-node 1 --max-restarts 1 lightning_train.py ${args[*]}"; } > "$out/RECORDED.txt"
fi

for job in $wanted; do
  echo "== $job"; find "$here/$job" -type f -printf '%s %p\n'; grep -c TRUTH "$here/$job/truth.txt"
done
