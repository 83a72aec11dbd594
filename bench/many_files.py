"""Many small files: a folder of N per-rank console logs through ingest, `sql` and `report`.

Input: N distinct small console logs made only of real ones. The sources are the console logs
of sample_logs/ and the logs of ../shared/corpus/logs/ under 8 KB; each file is one source
followed by the first k lines of another (every pair with k = 1, then k = 2, ...; then the
last k lines), so every file is a different byte string and every line in it was written by
a real job. They are laid out as per-rank logs of
a big job, `node<n>/rank<r>.log`, 64 ranks a node.

Runs, each a `python -m tracelens` child process timed with wait4 (wall, CPU of the process
and the children it waited for, peak RSS of the largest of them):
  ingest    tracelens ingest DIR -o STORE -q --job all   (every file is a job's log; --job all
            reads them as one job, which is what the files of one big job are)
  sql       tracelens sql STORE "select count(*) from log_steps"
  report    tracelens report STORE --format json
and the store's size: the manifest (store.json and its segments), and the fragments (count and
bytes of the Parquet files under tables/ and derived/, templates left out), and the cost of
one commit of one changed record into that store (Store._commit, in a child process, taking
the store's lock as an ingest does; the median of 5).

`--old DIR` runs the same with another checkout of tracelens (PYTHONPATH=DIR, e.g. a
`git worktree` of an older commit) for a before/after in one session.

    python bench/many_files.py [--files 50000] [--old /tmp/oldmf] [--timeout 900]
"""

from __future__ import annotations

import argparse
import itertools
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT.parent / "shared" / "corpus" / "logs"
MAX_SOURCE_BYTES = 8 << 10
RANKS_PER_NODE = 64


def sources() -> list[bytes]:
    """The real console logs the files are made of, each ending in a newline."""
    paths = sorted(ROOT.glob("sample_logs/*/console.log"))
    if CORPUS.is_dir():
        paths += sorted(p for p in CORPUS.rglob("*") if p.is_file() and p.suffix in (".log", ".txt", ".out"))
    found = []
    for path in paths:
        data = path.read_bytes()
        if 0 < len(data) <= MAX_SOURCE_BYTES and not path.name.endswith(".source.txt"):
            found.append(data if data.endswith(b"\n") else data + b"\n")
    return found


def prepare(n_files: int, folder: Path) -> int:
    """Write the N files; their total size in bytes."""
    logs = sources()
    lines = [log.splitlines(keepends=True) for log in logs]
    pairs = [(a, b) for a in range(len(logs)) for b in range(len(logs)) if a != b]
    # Log a, then the first k lines of log b (k grows once every pair has had it), then log a
    # and the last k lines of b (fewer than all: all of b is a first-k variant already).
    longest = max(map(len, lines))
    heads = ((a, lines[b][:k]) for k in range(1, longest + 1) for a, b in pairs if k <= len(lines[b]))
    tails = ((a, lines[b][-k:]) for k in range(1, longest) for a, b in pairs if k < len(lines[b]))
    variants = itertools.chain(heads, tails)
    total = 0
    for i in range(n_files):
        try:
            a, tail = next(variants)
        except StopIteration:
            raise SystemExit(f"{n_files} files need more source logs (only {len(logs)})") from None
        data = logs[a] + b"".join(tail)
        target = folder / f"node{i // RANKS_PER_NODE:04d}" / f"rank{i}.log"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        total += len(data)
    return total


def run(cmd: list[str], pythonpath: str | None, timeout: float) -> tuple[float | None, float, int, str]:
    """(wall seconds or None past `timeout`, CPU seconds, peak RSS bytes, stderr tail)."""
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    start = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        # Run outside the checkout: `-m` would put its tracelens ahead of PYTHONPATH's.
        proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=err, env=env, cwd=tempfile.gettempdir())
        deadline = start + timeout
        while True:
            pid, status, usage = os.wait4(proc.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() > deadline:
                proc.kill()
                _, status, usage = os.wait4(proc.pid, 0)
                break
            time.sleep(0.05)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        tail = err.read().decode(errors="replace")[-300:]
    if wall > timeout:
        return None, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, tail
    if proc.returncode not in (0, 1):
        raise SystemExit(f"failed ({proc.returncode}): {' '.join(cmd)}\n{tail}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024, tail


COMMIT_ONE = """
import statistics, sys, time
from tracelens.store import Store
store = Store.open(sys.argv[1])
times = []
with store.locked():
    rec = next(iter(store.records.values()))
    for _ in range(5):
        rec.mtime_ns += 1
        start = time.perf_counter()
        store._commit([rec])
        times.append(time.perf_counter() - start)
print(statistics.median(times))
"""


def commit_one(store: Path, pythonpath: str | None) -> float:
    env = dict(os.environ)
    if pythonpath:
        env["PYTHONPATH"] = pythonpath
    out = subprocess.run([sys.executable, "-c", COMMIT_ONE, str(store)], env=env, cwd=tempfile.gettempdir(),
                         capture_output=True, text=True, check=True)
    return float(out.stdout.split()[-1])


def store_sizes(store: Path) -> dict[str, float]:
    manifest = sum(p.stat().st_size for p in [store / "store.json", *store.glob("manifest/*")] if p.is_file())
    fragments = [p for top in ("tables", "derived") for p in (store / top).rglob("*.parquet")
                 if p.name != "_empty.parquet"]
    return {"manifest_mb": manifest / 1e6, "fragments": len(fragments),
            "fragments_mb": sum(p.stat().st_size for p in fragments) / 1e6}


def measure(label: str, inputs: Path, work: Path, pythonpath: str | None, timeout: float) -> None:
    store = work / f"{label}.tlstore"
    shutil.rmtree(store, ignore_errors=True)
    tl = [sys.executable, "-m", "tracelens"]
    wall, cpu, rss, tail = run([*tl, "ingest", str(inputs), "-o", str(store), "-q", "--job", "all"], pythonpath, timeout)
    if wall is None:
        print(f"{label:6s} ingest  past {timeout:.0f} s; stopped")
        return
    sizes = store_sizes(store)
    print(f"{label:6s} ingest  {wall:8.1f} s wall {cpu:8.1f} s CPU {rss / 1e6:7.0f} MB peak RSS   "
          f"manifest {sizes['manifest_mb']:.2f} MB, {sizes['fragments']} fragments, {sizes['fragments_mb']:.1f} MB")
    wall, cpu, rss, tail = run([*tl, "sql", str(store), "select count(*) from log_steps"], pythonpath, timeout)
    shown = f"{wall:8.1f} s wall" if wall is not None else f"past {timeout:.0f} s"
    print(f"{label:6s} sql     {shown} {cpu:8.1f} s CPU {rss / 1e6:7.0f} MB peak RSS")
    wall, cpu, rss, tail = run([*tl, "report", str(store), "--format", "json"], pythonpath, timeout)
    shown = f"{wall:8.1f} s wall" if wall is not None else f"past {timeout:.0f} s"
    print(f"{label:6s} report  {shown} {cpu:8.1f} s CPU {rss / 1e6:7.0f} MB peak RSS")
    again, cpu, rss, tail = run([*tl, "ingest", str(inputs), "-o", str(store), "-q", "--job", "all"], pythonpath, timeout)
    shown = f"{again:8.1f} s wall" if again is not None else f"past {timeout:.0f} s"
    print(f"{label:6s} again   {shown} {cpu:8.1f} s CPU {rss / 1e6:7.0f} MB peak RSS   (nothing changed)")
    print(f"{label:6s} commit  {commit_one(store, pythonpath) * 1000:8.1f} ms for one changed record")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--files", type=int, default=50_000)
    ap.add_argument("--old", help="another tracelens checkout to run first (its PYTHONPATH)")
    ap.add_argument("--timeout", type=float, default=900, help="seconds each command may run")
    ap.add_argument("--work", help="folder for the inputs and stores (default: a temporary one, removed)")
    args = ap.parse_args()
    work = Path(args.work) if args.work else Path(tempfile.mkdtemp(prefix="tracelens-many-"))
    try:
        inputs = work / "job"
        shutil.rmtree(inputs, ignore_errors=True)
        total = prepare(args.files, inputs)
        print(f"{args.files} files, {total / 1e6:.1f} MB, {len(sources())} real source logs")
        if args.old:
            measure("before", inputs, work, args.old, args.timeout)
        measure("after", inputs, work, None, args.timeout)
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
