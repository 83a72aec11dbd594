#!/usr/bin/env bash
# Re-record sample_logs/sacred_metrics: `sacred_train.py`, 20 optimizer steps of a small PyTorch
# model run as a Sacred experiment whose FileStorageObserver writes metrics.json (the loss and the
# learning rate at each step, with Sacred's timestamps). Needs: pip install torch==2.13.0 sacred
# (and setuptools < 81, which sacred 0.8 imports pkg_resources from).
# Kept: metrics.json (the run's), truth.txt (the harness's clock, `TRUTH {...}`), RECORDED.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/sacred_metrics"
work=$(mktemp -d)
rm -rf "$out" && mkdir -p "$out"
OMP_NUM_THREADS=1 python "$here/sacred_train.py" --truth "$out/truth.txt" --runs "$work/runs" --steps 20 > "$work/console.log" 2>&1
cp "$work/runs/1/metrics.json" "$out/metrics.json"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "sacred: $(python -c 'import sacred; print(sacred.__version__)')"
  echo "command: python sacred_train.py --steps 20 (runs/1/metrics.json kept)"
} > "$out/RECORDED.txt"
rm -rf "$work"
grep -c TRUTH "$out/truth.txt"
