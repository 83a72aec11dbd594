"""Diff benchmark: `tracelens diff` against HTA's TraceDiff on the same pair, after both are loaded.

Input: bench/ingest.py's replicated real GPU trace (--ranks copies of df_index_resolver, each a
distinct rank, about 430 MB of JSON for 8), ingested once into a store, and the store copied:
the pair is that store against its copy (the issue's "second copy of it").

  tracelens   `python -m tracelens diff A.tlstore B.tlstore -o diff.json`, every section, in a
              fresh child process; the store's ingest is not timed (it is bench/ingest.py's)
  hta         HTA 0.6.1's TraceDiff (PyPI traceinsight, bench/.hta-venv as bench/ingest.py
              makes it): two LabeledTrace of the trace folder (its load, timed apart), then
              TraceDiff.compare_traces over every rank and iteration, GPU and CPU events
              (device_type ALL), short names: HTA's own comparison of operators and kernels

Each is the fastest of --repeat runs (this machine's noise only ever adds time). tracelens'
CPU time (user + system of the child, all its threads) is printed beside its wall time with
the load average before the run: on the shared 2-core development machine the wall time
follows the load, the CPU time much less.

    python bench/diff.py [--ranks 8] [--repeat 3] [--skip-hta] [--hta-python PATH] [--keep DIR]
"""

from __future__ import annotations

import argparse
import os
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from ingest import SOURCE, hta_python, prepare  # noqa: E402  (bench/ingest.py, beside this script)

HTA = """
import sys, time
from hta.trace_diff import DeviceType, LabeledTrace, TraceDiff
t = time.perf_counter()
control = LabeledTrace(label="control", trace_dir=sys.argv[1])
test = LabeledTrace(label="test", trace_dir=sys.argv[1])
loaded = time.perf_counter() - t
t = time.perf_counter()
comp = TraceDiff.compare_traces(control, test, control_rank=control.ranks(), test_rank=test.ranks(),
                                control_iteration=control.iterations(), test_iteration=test.iterations(),
                                device_type=DeviceType.ALL, use_short_name=True)
print(f"HTA_LOAD_S {loaded:.3f} HTA_COMPARE_S {time.perf_counter() - t:.3f} ROWS {len(comp)} "
      f"RANKS {len(control.ranks())} ITERATIONS {len(control.iterations())}")
"""


def timed(cmd: list[str], repeat: int) -> tuple[float, float, float, str]:
    """(fastest wall s, its CPU s, load average before it, output of the last run)."""
    best = (float("inf"), 0.0, 0.0)
    out = ""
    for _ in range(repeat):
        load = os.getloadavg()[0]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        out = proc.stdout.decode(errors="replace")
        if proc.returncode not in (0, 3):
            raise SystemExit(f"{cmd[:4]} failed ({proc.returncode}):\n{out[-3000:]}")
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        if wall < best[0]:
            best = (wall, cpu, load)
    return best[0], best[1], best[2], out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ranks", type=int, default=8)
    ap.add_argument("--source", type=Path, default=SOURCE)
    ap.add_argument("--data-dir", type=Path, default=HERE / "data")
    ap.add_argument("--repeat", type=int, default=3, help="timed runs per command; the fastest counts")
    ap.add_argument("--skip-hta", action="store_true")
    ap.add_argument("--hta-python", default=None)
    ap.add_argument("--keep", type=Path, default=None, help="keep (and reuse) the two stores in this folder")
    a = ap.parse_args()

    files = prepare(a.ranks, a.source, a.data_dir)
    print(f"input: {len(files)} ranks x {a.source.name}, {sum(f.stat().st_size for f in files) / 1e6:.0f} MB of JSON")
    with tempfile.TemporaryDirectory() as tmp:
        folder = a.keep or Path(tmp)
        folder.mkdir(parents=True, exist_ok=True)
        base, new = folder / "A.tlstore", folder / "B.tlstore"
        # again each time (cheap when the files are unchanged): a store kept from before a change of
        # the per-trace views would have them recomputed at every connection
        subprocess.run([sys.executable, "-m", "tracelens", "ingest", str(files[0].parent), "-o", str(base), "-q"],
                       check=True, stdout=subprocess.DEVNULL)
        shutil.rmtree(new, ignore_errors=True)
        shutil.copytree(base, new)
        out = folder / "diff.json"
        cmd = [sys.executable, "-m", "tracelens", "diff", str(base), str(new), "-o", str(out), "--force", "-q"]
        wall, cpu, load, _ = timed(cmd, a.repeat)
        print(f"tracelens diff: {wall:.2f} s wall, {cpu:.2f} s CPU (load average {load:.1f} before the run), "
              f"{out.stat().st_size / 1e6:.1f} MB of JSON")
        if a.skip_hta:
            return
        hta_wall, _, hta_load, text = timed([hta_python(a.hta_python), "-c", HTA, str(files[0].parent)], 1)
        match = re.search(r"HTA_LOAD_S (\S+) HTA_COMPARE_S (\S+) (.*)", text)
        if match is None:
            raise SystemExit(f"HTA printed no timing:\n{text[-3000:]}")
        load_s, compare_s = float(match.group(1)), float(match.group(2))
        print(f"HTA TraceDiff: load {load_s:.1f} s, compare_traces {compare_s:.2f} s ({match.group(3)}); "
              f"{hta_wall:.1f} s wall in all (load average {hta_load:.1f} before the run)")
        print(f"ratio: HTA compare_traces / tracelens diff = {compare_s / wall:.1f}x; "
              f"HTA load + compare / tracelens diff = {(load_s + compare_s) / wall:.0f}x")


if __name__ == "__main__":
    main()
