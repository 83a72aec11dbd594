"""Time to the first answer, end to end: tracelens against HTA on the same traces, one run.

Input: bench/ingest.py's replicated real GPU trace (--ranks copies of df_index_resolver, each
a distinct rank), as JSON or, with --gz, gzipped (how most traces are kept).

  tracelens   `tracelens ingest DIR -o STORE -q` then `tracelens report STORE --format json`
              (every section: goodput, attempts, step breakdown, stragglers, collectives,
              hangs, findings, inputs), into a store that does not exist yet
  hta         TraceAnalysis(trace_dir=DIR), then get_temporal_breakdown(),
              get_comm_comp_overlap() and get_potential_stragglers() (HTA 0.6.1, PyPI
              traceinsight, in bench/.hta-venv as bench/ingest.py makes it)

Each is the fastest of --repeat runs of a fresh child process (this machine's noise only ever
adds time); both print their own split of load and analysis.

    python bench/e2e.py [--ranks 8] [--gz] [--repeat 3] [--hta-python PATH]
"""

from __future__ import annotations

import argparse
import gzip
import os
import re
import resource
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from ingest import SOURCE, child_env, hta_python, prepare  # noqa: E402  (bench/ingest.py, beside this script)

TRACELENS = """
import shutil, sys, time, io, contextlib
store, folder = sys.argv[1], sys.argv[2]
shutil.rmtree(store, ignore_errors=True)
from tracelens.cli import main
t = time.perf_counter()
assert main(["ingest", folder, "-o", store, "-q"]) == 0
loaded = time.perf_counter() - t
out = io.StringIO()
with contextlib.redirect_stdout(out):
    assert main(["report", store, "--format", "json"]) == 0
total = time.perf_counter() - t
print(f"LOAD_S {loaded:.3f} ANALYSIS_S {total - loaded:.3f} TOTAL_S {total:.3f} JSON_BYTES {len(out.getvalue())}")
"""

HTA = """
import sys, time
from hta.trace_analysis import TraceAnalysis
t = time.perf_counter()
analyzer = TraceAnalysis(trace_dir=sys.argv[1])
loaded = time.perf_counter() - t
analyzer.get_temporal_breakdown(visualize=False)
analyzer.get_comm_comp_overlap(visualize=False)
analyzer.get_potential_stragglers(visualize=False)
total = time.perf_counter() - t
print(f"LOAD_S {loaded:.3f} ANALYSIS_S {total - loaded:.3f} TOTAL_S {total:.3f}")
"""


def fastest(cmd: list[str], repeat: int) -> dict[str, float]:
    """The split printed by the run with the least total time, and as CPU_S that run's CPU
    seconds (user + system of the child's process tree, start-up and imports included)."""
    best: dict[str, float] | None = None
    for _ in range(repeat):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, env=child_env())
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        text = done.stdout.decode(errors="replace")
        if done.returncode != 0 or "TOTAL_S" not in text:
            raise SystemExit(f"{cmd[:3]} failed ({done.returncode}):\n{text[-3000:]}")
        split = {k: float(v) for k, v in re.findall(r"([A-Z_]+_S) ([\d.]+)", text)}
        split["CPU_S"] = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
        if best is None or split["TOTAL_S"] < best["TOTAL_S"]:
            best = split
    assert best is not None
    return best


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ranks", type=int, default=8)
    ap.add_argument("--gz", action="store_true", help="gzipped traces (.json.gz)")
    ap.add_argument("--data-dir", type=Path, default=HERE / "data")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--hta-python", default=None)
    a = ap.parse_args()

    files = prepare(a.ranks, SOURCE, a.data_dir)
    folder = files[0].parent
    if a.gz:
        folder = folder.with_name(folder.name + "_gz")
        folder.mkdir(exist_ok=True)
        for f in files:
            target = folder / (f.name + ".gz")
            if not target.exists():
                target.write_bytes(gzip.compress(f.read_bytes(), compresslevel=6))
    size_mb = sum(p.stat().st_size for p in folder.iterdir()) / 1e6
    raw_mb = sum(f.stat().st_size for f in files) / 1e6
    print(f"input: {len(files)} ranks, {size_mb:.0f} MB on disk ({raw_mb:.0f} MB of JSON), {folder}")
    print(f"machine: {os.cpu_count()} cores, load average {os.getloadavg()[0]:.1f} at the start")

    with tempfile.TemporaryDirectory() as tmp:
        tl = fastest([sys.executable, "-c", TRACELENS, str(Path(tmp) / "e2e.tlstore"), str(folder)], a.repeat)
    hta = fastest([hta_python(a.hta_python), "-c", HTA, str(folder)], a.repeat)

    print()
    print(f"{'run':10s} {'load s':>8s} {'analysis s':>11s} {'total s':>8s} {'CPU s':>7s} {'JSON MB/s':>10s}")
    for name, split in (("tracelens", tl), ("hta", hta)):
        print(f"{name:10s} {split['LOAD_S']:8.2f} {split['ANALYSIS_S']:11.2f} {split['TOTAL_S']:8.2f} "
              f"{split['CPU_S']:7.2f} {raw_mb / split['LOAD_S']:10.1f}")
    print()
    print(f"time to the first answer, HTA / tracelens: {hta['TOTAL_S'] / tl['TOTAL_S']:.2f}x   (aim 10x)")
    print(f"load alone, HTA / tracelens              : {hta['LOAD_S'] / tl['LOAD_S']:.2f}x")
    print(f"CPU seconds, HTA / tracelens             : {hta['CPU_S'] / tl['CPU_S']:.2f}x")
    print(f"load average at the end (1, 5, 15 min): {', '.join(f'{x:.1f}' for x in os.getloadavg())}")


if __name__ == "__main__":
    main()
