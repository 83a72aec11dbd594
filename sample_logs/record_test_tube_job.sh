#!/usr/bin/env bash
# Re-record sample_logs/test_tube_csv: `test_tube_train.py`, a loop that logs through test-tube's
# Experiment as Lightning 1.x's TestTubeLogger did (latent-diffusion's default logger), 60 steps,
# a row every 10, on the CPU.
#
# test-tube needs its own Python: PYTHON=/tmp/ttv/bin/python after `python -m venv /tmp/ttv &&
# /tmp/ttv/bin/pip install torch==2.13.0 test-tube` (tracelens does not depend on test-tube).
#
# Kept: testtube/version_0/metrics.csv, truth.txt (the harness's clock, `TRUTH {...}`), RECORDED.txt.
set -euo pipefail
py=${PYTHON:?set PYTHON to a Python with test-tube (see above)}
here=$(cd "$(dirname "$0")" && pwd)
out="$here/test_tube_csv"
rm -rf "$out" && mkdir -p "$out"
OMP_NUM_THREADS=1 "$py" "$here/test_tube_train.py" --save-dir "$out" --truth "$out/truth.txt"
rm -f "$out"/testtube/version_0/meta.experiment "$out"/testtube/version_0/meta_tags.csv
rm -rf "$out"/testtube/version_0/tf "$out"/testtube/version_0/media  # (its TensorBoard copy, empty here)
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
  echo "test-tube: $("$py" -c 'import importlib.metadata as m; print(m.version("test-tube"))')"
  echo "command: python test_tube_train.py --save-dir test_tube_csv --truth truth.txt (60 steps, a row every 10)"
} > "$out/RECORDED.txt"
grep -c TRUTH "$out/truth.txt"
