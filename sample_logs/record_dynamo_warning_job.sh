#!/usr/bin/env bash
# Re-record sample_logs/dynamo_warning: `dynamo_warning_train.py`, six logged steps under torch.compile
# with a backend that fails; TorchDynamo suppresses the error, logs its traceback as a warning under
# PyTorch's glog-style head and runs eagerly; the run finishes. Needs: pip install torch==2.13.0 (CPU wheel).
# Kept: console.log (stdout and stderr), RECORDED.txt.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out="$here/dynamo_warning"
rm -rf "$out" && mkdir -p "$out"
OMP_NUM_THREADS=1 python "$here/dynamo_warning_train.py" --steps 6 > "$out/console.log" 2>&1
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "torch: $(python -c 'import torch; print(torch.__version__)')"
  echo "python: $(python --version 2>&1)"
  echo "command: python dynamo_warning_train.py --steps 6"
} > "$out/RECORDED.txt"
grep -c "Traceback (most recent call last)" "$out/console.log"
