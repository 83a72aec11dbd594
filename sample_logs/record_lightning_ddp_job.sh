#!/usr/bin/env bash
# Re-record a Lightning DDP job: Trainer(accelerator="cpu", devices=2, strategy="ddp") with
# Lightning's own launcher (2 gloo ranks), its default progress bar, sanity check and
# checkpointing, a TensorBoardLogger (tb/) and a CSVLogger (csv/.../metrics.csv); a tiny MLP,
# 2 epochs of 15 steps per rank, each step sleeping 0.5 s, a validation run after each epoch.
# Lightning prints no timestamp: the console carries none at all.
#
#   record_lightning_ddp_job.sh bar   -> sample_logs/lightning_ddp_bar: run with a Python that has
#       no `rich` (a plain `pip install lightning`), where the default bar is TQDMProgressBar;
#       e.g. PYTHON=/tmp/lvenv/bin/python after `python -m venv /tmp/lvenv &&
#       /tmp/lvenv/bin/pip install torch==2.13.0 lightning tensorboard`.
#   record_lightning_ddp_job.sh rich  -> sample_logs/lightning_ddp_rich: a Python with `rich`
#       installed (tracelens' own venv), where the default bar is RichProgressBar, which off a
#       terminal prints only its last frame.
#   record_lightning_ddp_job.sh restart -> sample_logs/lightning_ddp_restart: as `bar`, but launched
#       by torchrun (no --tee) with one allowed restart; rank 1 raises at step 20 of the first
#       attempt; the restarted workers resume from the epoch-end checkpoint (step 15) and finish
#       30 steps; each attempt's loggers write a new version_N. torchrun's own lines are dated.
#   record_lightning_ddp_job.sh profiled -> sample_logs/lightning_ddp_profiled: as `bar`, but with
#       Lightning's PyTorchProfiler (its default schedule, Chrome traces) and no logger: the bar,
#       the profiler's dated USDT lines and the traces are all the job leaves. Lightning's
#       ProfilerStep#N counts validation batches too, so N is not the training step.
#
# Kept: console.log (stdout+stderr), tb/ and csv/ (the checkpoints the default ModelCheckpoint
# writes under tb/ are removed), truth.txt (the harness's clock, `TRUTH {...}`).
# Needs: torch==2.13.0 (CPU), lightning, tensorboard.
set -euo pipefail
variant=${1:?usage: record_lightning_ddp_job.sh bar|rich|restart|profiled}
py=${PYTHON:-python}
has_rich=$("$py" -c 'import importlib.util as u; print(int(u.find_spec("rich") is not None))')
case "$variant" in
  bar|restart|profiled) [ "$has_rich" = 0 ] || { echo "$py has rich: Lightning's default bar would be Rich; use one without it" >&2; exit 2; } ;;
  rich) [ "$has_rich" = 1 ] || { echo "$py has no rich" >&2; exit 2; } ;;
  *) echo "usage: record_lightning_ddp_job.sh bar|rich|restart|profiled" >&2; exit 2 ;;
esac
here=$(cd "$(dirname "$0")" && pwd)
out="$here/lightning_ddp_$variant"
rm -rf "$out" && mkdir -p "$out"
work=$(mktemp -d)
args=(--out "$out" --truth "$out/truth.txt" --epochs 2 --samples 240 --step-sleep 0.5)
if [ "$variant" = restart ]; then
  port=$((29600 + RANDOM % 300))
  command="torchrun --nproc-per-node 2 --max-restarts 1 lightning_train.py --epochs 2 --samples 240 --step-sleep 0.5 --crash-rank 1 --crash-step 20"
  (cd "$work" && TORCH_DISABLE_SHARE_RDZV_TCP_STORE=1 OMP_NUM_THREADS=1 "$py" -m torch.distributed.run \
      --nnodes 1 --nproc-per-node 2 --max-restarts 1 --rdzv-backend c10d --rdzv-endpoint "127.0.0.1:$port" \
      "$here/lightning_train.py" "${args[@]}" --crash-rank 1 --crash-step 20 > "$out/console.log" 2>&1) || true
elif [ "$variant" = profiled ]; then
  command="python lightning_train.py --epochs 2 --samples 240 --step-sleep 0.5 --profile-dir traces"
  (cd "$work" && OMP_NUM_THREADS=1 "$py" "$here/lightning_train.py" "${args[@]}" --profile-dir "$out/traces" > "$out/console.log" 2>&1)
  gzip -9 "$out"/traces/*.pt.trace.json  # as traces are usually kept; the bytes inside are the profiler's
else
  command="python lightning_train.py --epochs 2 --samples 240 --step-sleep 0.5"
  (cd "$work" && OMP_NUM_THREADS=1 "$py" "$here/lightning_train.py" "${args[@]}" > "$out/console.log" 2>&1)
fi
rm -rf "$work" "$out"/tb/version_*/checkpoints
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
  echo "lightning: $("$py" -c 'import lightning; print(lightning.__version__)')"
  echo "tensorboard: $("$py" -c 'import tensorboard; print(tensorboard.__version__)')"
  echo "rich installed: $has_rich (Lightning's default bar: $([ "$has_rich" = 1 ] && echo RichProgressBar || echo TQDMProgressBar))"
  echo "command: $command"
  if [ "$variant" = profiled ]; then
    echo "settings: Lightning's defaults except log_every_n_steps=1, no logger and profiler=PyTorchProfiler(export_to_chrome=True) (its default schedule); traces gzipped after the run; TRUTH lines in truth.txt, not the console"
  else
    echo "settings: Lightning's defaults except log_every_n_steps=1 (so every step has a record) and the two loggers; TRUTH lines in truth.txt, not the console"
  fi
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
