#!/usr/bin/env bash
# Re-record a DeepXDE job killed and launched again (sample_logs/deepxde_relaunch): `deepxde_train.py` fits a function
# with Adam (3000 iterations, a row of its loss table every 500), then L-BFGS in the same process, as DeepXDE's examples
# train. The first launch kills itself with SIGKILL after its first Adam iteration (no traceback, nothing said: a node's OOM
# killer, a preemption); the second runs to its end. Both append to one console, as `>>` or `tee -a` keeps a job's.
#
# DeepXDE needs its own Python: PYTHON=/tmp/xdeenv/bin/python after `python -m venv /tmp/xdeenv && /tmp/xdeenv/bin/pip
# install deepxde torch` (tracelens does not depend on DeepXDE).
#
# Kept: console.log, RECORDED.txt.
set -euo pipefail
py=${PYTHON:?set PYTHON to a Python with deepxde and torch (see above)}
here=$(cd "$(dirname "$0")" && pwd)
out="$here/deepxde_relaunch"
work=$(mktemp -d)
rm -rf "$out" && mkdir -p "$out"
export DDE_BACKEND=pytorch
(cd "$work" && "$py" "$here/deepxde_train.py" --kill-after 1) >> "$out/console.log" 2>&1 || echo "first launch: exit $?" >&2
(cd "$work" && "$py" "$here/deepxde_train.py") >> "$out/console.log" 2>&1
rm -rf "$work"
{
  echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "deepxde: $("$py" -c 'import deepxde; print(deepxde.__version__)' 2>/dev/null | tail -1), torch: $("$py" -c 'import torch; print(torch.__version__)')"
  echo "command: DDE_BACKEND=pytorch python deepxde_train.py --kill-after 1 >> console.log; then python deepxde_train.py >> console.log"
  echo "settings: Adam 3000 iterations then L-BFGS (maxiter 1000), display_every 500; the first launch SIGKILLed itself after its first iteration"
} > "$out/RECORDED.txt"
grep -c "'train' took" "$out/console.log"
