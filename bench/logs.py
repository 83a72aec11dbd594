"""Console-log ingest benchmark: MB/s per core on a large console, and where the time goes.

Input: one large console log (default about 500 MB) made by concatenating, over and over, the
real logs of the corpus (../shared/corpus/wild/, ../shared/corpus/logs/) and the samples'
sample_logs/*/console.log, written once under bench/data/ (ignored by git) and reused. MLPerf
result files are left out: they are not consoles, and their `:::MLLOG` lines would make the
whole file an MLPerf log (read by a parser that looks at nothing else). The console is read by
the reader its evidence calls for (the one with the most step lines); `--log-format NAME`
reads it as another one, as `tracelens ingest --log-format` does.

Runs, each in a child process of its own:
  ingest   tracelens ingest FILE -o STORE -q into a fresh store (the CLI, as a user runs it):
           wall seconds and the CPU seconds of its process tree (user + system), from which
           MB/s per core = MB / CPU seconds (this machine is shared: CPU time is steadier than
           wall time, and a single console is parsed by one process)
  profile  (with --profile) the same ingest through Store.ingest, the CPU time of each stage
           measured by a timer around its function (each stage's own time, its timed callees
           taken out): reading and decoding, evidence recognition (parsers/_evidence.py),
           prefix normalisation, times and marks (parsers/_lines.py), the shared event and NCCL
           rules (parsers/_events.py), the parser's own line rules, the Arrow tables, the
           Parquet writes, the per-file SQL views, the input's sha256; with --top N, also the N
           functions with the most time of their own, from a second run under cProfile

    python bench/logs.py [--mb 500] [--repeat 1] [--profile [--top 25]] [--log-format NAME]

`--mb 50` is the quick iteration size. Times are the fastest of --repeat runs.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
CORPUS = ROOT.parent / "shared" / "corpus"
TEXT_SUFFIXES = (".log", ".out", ".txt")


def sources() -> list[Path]:
    """The real console logs the big console is made of, in a fixed order."""
    found: list[Path] = []
    for folder in (CORPUS / "wild", CORPUS / "logs"):
        found += sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix in TEXT_SUFFIXES
                        and "kineto" not in p.parts and "mlperf" not in p.parts)
    found += sorted((ROOT / "sample_logs").glob("*/console.log"))
    if not found:
        raise SystemExit(f"no corpus logs found under {CORPUS} or sample_logs/")
    return found


def prepare(mb: int, data_dir: Path) -> Path:
    """bench/data/console_<mb>mb.log: the corpus logs concatenated until the file reaches `mb` MB."""
    target = data_dir / f"console_{mb}mb.log"
    if target.exists():
        return target
    data_dir.mkdir(parents=True, exist_ok=True)
    pieces = [p.read_bytes() for p in sources()]
    pieces = [piece if piece.endswith(b"\n") else piece + b"\n" for piece in pieces]
    one_round = b"".join(pieces)
    want = mb * 1_000_000
    tmp = target.with_suffix(".tmp")
    with open(tmp, "wb") as out:
        written = 0
        while written < want:
            out.write(one_round)
            written += len(one_round)
    tmp.rename(target)
    return target


# `tracelens ingest FILE -o STORE -q` into a store that does not exist yet, in this child's own
# process (the CLI parses a single file in-process)
INGEST = """
import shutil, sys
shutil.rmtree(sys.argv[1], ignore_errors=True)
sys.argv = ["tracelens", "ingest", *sys.argv[2:], "-o", sys.argv[1], "-q"]
from tracelens.cli import main
sys.exit(main())
"""

# Store.ingest with its stages timed (CPU seconds of this process): each stage's function is
# wrapped by a timer, innermost stages subtracted from the ones that call them; with a top count,
# also a cProfile run for the functions that spend the most time of their own. Prints one JSON line.
PROFILE = r"""
import cProfile, gc, json, pstats, shutil, sys, time
store_path, path, log_format, top = sys.argv[1], sys.argv[2], sys.argv[3] or None, int(sys.argv[4])
import polars, pyarrow, duckdb  # imports are not the ingest's work
from tracelens import ingest as ingest_module, store as store_module
from tracelens.parsers import _evidence, _events, _io, _lines, _logtables, registry
from tracelens.store import Store

spent = {}  # label -> CPU seconds of its own (its timed callees' time subtracted)
calls = {}  # label -> timed calls
stack = []  # the callees' seconds of each timed call in progress
originals = []  # (owner, name, function) of each timed function, put back for the cProfile run
def timed(owner, name, label):
    inner = getattr(owner, name)
    originals.append((owner, name, inner))
    def wrapper(*args, **kwargs):
        stack.append(0.0)
        started = time.process_time()
        try:
            return inner(*args, **kwargs)
        finally:
            elapsed = time.process_time() - started
            callees = stack.pop()
            spent[label] = spent.get(label, 0.0) + elapsed - callees
            calls[label] = calls.get(label, 0) + 1
            if stack:
                stack[-1] += elapsed
    setattr(owner, name, wrapper)

# The timer's own cost (two clock reads a call, about a microsecond): the scanner is called once
# a line, so that cost is measured on methods that do nothing, wrapped and bare, and taken out of
# the figures (the part inside the timed span from the scanner's, the rest from its caller's).
class _Nothing:
    def run(self):
        return None
class _Bare(_Nothing):
    pass
timed(_Nothing, "run", "nothing")
def _loop(probe, n=200_000):
    started = time.process_time()
    for _ in range(n):
        probe.run()
    return time.process_time() - started, n
wrapped_s, n = _loop(_Nothing())
bare_s, _ = _loop(_Bare())
inside_per_call = spent.pop("nothing") / n
outside_per_call = max(0.0, wrapped_s - bare_s - inside_per_call * n) / n
calls.pop("nothing")

clear_evidence = _evidence._counts.cache_clear
for parser in registry().values():
    timed(type(parser), "parse", "rules")
    module = sys.modules[type(parser).__module__]
    if hasattr(module, "log_result"):
        timed(module, "log_result", "tables")
timed(_evidence, "_counts", "evidence")
timed(_lines, "_split_lines", "split")
timed(_lines, "read_text_lines", "read")
timed(_events.EventScanner, "scan", "scan")
timed(store_module, "_atomic_write_parquet", "parquet")
timed(ingest_module, "_precompute", "views")
timed(ingest_module, "_sha256", "sha256")

def ingest():
    shutil.rmtree(store_path, ignore_errors=True)
    clear_evidence()
    return Store.open(store_path).ingest([path], log_format=log_format)

started = time.process_time()
outcome = ingest()
total = time.process_time() - started
scans = calls.get("scan", 0)
spent["scan"] = spent.get("scan", 0.0) - scans * inside_per_call
spent["rules"] = spent.get("rules", 0.0) - scans * outside_per_call
total -= scans * (inside_per_call + outside_per_call)
g = lambda k: spent.get(k, 0.0)
parts = {
    "reading and decoding the log, split at line breaks (_lines.read_text_lines)": g("read"),
    "evidence recognition (_evidence: one combined pattern over the text)": g("evidence"),
    "prefix normalisation, times and marks of the lines (_lines.split_lines)": g("split"),
    "shared event and NCCL rules (_events.EventScanner.scan)": g("scan"),
    "the parser's own line rules (its parse, less the above)": g("rules"),
    "Arrow tables and unrecognised count (log_result)": g("tables"),
    "Parquet writes": g("parquet"),
    "per-file SQL views (_precompute, less their Parquet writes)": g("views"),
    "sha256 of the input": g("sha256"),
}
parts["rest (store bookkeeping, detection, commit)"] = total - sum(parts.values())
top_rows = []
if top:
    for owner, name, inner in reversed(originals):
        setattr(owner, name, inner)
    profiler = cProfile.Profile()
    profiler.enable()
    ingest()
    profiler.disable()
    rows = sorted(pstats.Stats(profiler).stats.items(), key=lambda kv: -kv[1][2])[:top]
    top_rows = [(f"{f.rsplit('/', 2)[-1] if f != '~' else ''}:{line}({n})", v[1], round(v[2], 3), round(v[3], 3))
                for (f, line, n), v in rows]
parsed = [(r.path, r.parser, r.status, r.rows, r.unrecognised_lines) for r in outcome.parsed]
print("PROFILE " + json.dumps({"cpu_s": total, "parts": parts, "top": top_rows, "parsed": parsed,
                               "timer_us": [round(inside_per_call * 1e6, 2), round(outside_per_call * 1e6, 2)]}))
"""


def run_child(cmd: list[str]) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the child's process tree, its output)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    # run from a folder of its own: from the repository root, `python -c` would import the
    # checkout's tracelens/ ahead of PYTHONPATH (which A/B runs of two versions rely on)
    done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, cwd=tempfile.gettempdir())
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    out = done.stdout.decode(errors="replace")
    if done.returncode != 0:
        raise SystemExit(f"{cmd[:1]} failed ({done.returncode}):\n{out[-3000:]}")
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return wall, cpu, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--mb", type=int, default=500, help="size of the console to build and ingest (MB)")
    ap.add_argument("--data-dir", type=Path, default=HERE / "data")
    ap.add_argument("--repeat", type=int, default=1, help="timed ingests; the fastest counts")
    ap.add_argument("--profile", action="store_true", help="also run the ingest under cProfile and print the breakdown")
    ap.add_argument("--log-format", default="", help="tracelens --log-format: read the console as this format")
    ap.add_argument("--top", type=int, default=0, help="with --profile: also list the N functions with the most time of "
                    "their own, from a second run under cProfile")
    ap.add_argument("--skip-timed", action="store_true", help="only the profile")
    a = ap.parse_args()

    path = prepare(a.mb, a.data_dir)
    mb = path.stat().st_size / 1e6
    print(f"input: {path} ({mb:.0f} MB, {len(sources())} corpus logs concatenated)")
    print(f"machine: {os.cpu_count()} cores, python {sys.version.split()[0]}")
    results = {}
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "bench.tlstore"
        extra = ["--log-format", a.log_format] if a.log_format else []
        if not a.skip_timed:
            best: tuple[float, float] | None = None
            for _ in range(max(1, a.repeat)):
                wall, cpu, _ = run_child([sys.executable, "-c", INGEST, str(store), str(path), *extra])
                print(f"  ingest: {wall:.2f} s wall, {cpu:.2f} s CPU")
                if best is None or cpu < best[1]:
                    best = (wall, cpu)
                shutil.rmtree(store, ignore_errors=True)
            assert best is not None
            wall, cpu = best
            results = {"mb": round(mb, 1), "wall_s": round(wall, 3), "cpu_s": round(cpu, 3),
                       "mb_per_s_wall": round(mb / wall, 2), "mb_per_s_per_core": round(mb / cpu, 2)}
            print(f"tracelens ingest: {mb / wall:.1f} MB/s wall, {mb / cpu:.1f} MB/s per core "
                  f"(MB / CPU seconds of the process tree; target >= 20)")
        if a.profile:
            _, _, out = run_child([sys.executable, "-c", PROFILE, str(store), str(path), a.log_format, str(a.top)])
            line = next(x for x in out.splitlines() if x.startswith("PROFILE "))
            prof = json.loads(line[len("PROFILE "):])
            print(f"\nwhere the time goes (CPU seconds of Store.ingest, imports excluded, the timers' own "
                  f"{sum(prof['timer_us']):.1f} us a scanner call taken out): {prof['cpu_s']:.2f} s")
            for name, seconds in prof["parts"].items():
                print(f"  {seconds:8.2f} s  {100 * seconds / prof['cpu_s']:5.1f} %  {name}")
            if prof["top"]:
                print("\nfunctions by own time under cProfile (which slows Python code down): own s, cumulative s, calls")
                for name, calls, own, cumulative in prof["top"]:
                    print(f"  {own:8.2f} {cumulative:8.2f} {calls:10d}  {name}")
            print("\nparsed:", prof["parsed"])
    if results:
        print(json.dumps(results))


if __name__ == "__main__":
    main()
