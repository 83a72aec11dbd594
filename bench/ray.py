"""Ray executor benchmark: the same input through the local executor and through Ray, this machine.

Input: a real GPU Kineto trace replicated to N ranks (bench/ingest.py's `prepare`; default the
53.7 MB df_index_resolver trace of ../shared/corpus, `--source` another, e.g. a small sample
trace to make the per-file cost stand out), each copy a distinct rank.

Runs, each a `tracelens ingest DIR -o STORE -q` child process into a fresh store:
  local         the local executor (traces in threads, all usable cores)
  ray-start     --executor ray: the command starts a Ray of its own and stops it after
  ray-cluster   --executor ray --ray-address ADDR: a Ray cluster started beforehand by this
                script (ray.cluster_utils.Cluster, one node with the usable cores), so its
                start-up is not counted
and prints each wall time, and Ray's overhead per file: (ray-cluster - local) / files, and the
start-up: ray-start - ray-cluster. Times are the fastest of --repeat runs.

    python bench/ray.py [--ranks 64] [--source PATH] [--repeat 1]
"""

from __future__ import annotations

import argparse
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
# This file is named ray.py: its folder, first on the path when run as a script, would shadow
# the ray package.
sys.path[:] = [p for p in sys.path if Path(p or ".").resolve() != HERE]


def _bench_ingest() -> Any:
    """bench/ingest.py, for its input preparation."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_ingest", HERE / "ingest.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


_ingest = _bench_ingest()
SOURCE, prepare = _ingest.SOURCE, _ingest.prepare


def timed(cmd: list[str]) -> float:
    start = time.perf_counter()
    proc = subprocess.run(cmd, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if proc.returncode != 0:
        sys.exit(f"failed ({proc.returncode}): {' '.join(cmd)}\n{proc.stderr}")
    return elapsed


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ranks", type=int, default=64)
    ap.add_argument("--source", type=Path, default=SOURCE)
    ap.add_argument("--data-dir", type=Path, default=HERE / "data")
    ap.add_argument("--repeat", type=int, default=1, help="timed runs per executor; the fastest counts")
    args = ap.parse_args()

    import ray
    from ray.cluster_utils import Cluster

    from tracelens.resources import usable_cpus

    files = prepare(args.ranks, args.source, args.data_dir)
    folder = files[0].parent
    size_mb = sum(f.stat().st_size for f in files) / 1e6
    cpus = usable_cpus()
    print(f"input: {len(files)} files, {size_mb:.1f} MB ({folder}); {cpus} usable CPUs; ray {ray.__version__}")
    scratch = Path(tempfile.mkdtemp(prefix="tracelens-bench-ray-"))
    base = [sys.executable, "-m", "tracelens", "ingest", str(folder), "-q", "--job", "all"]

    def best(extra: list[str]) -> float:
        times = []
        for _ in range(args.repeat):
            store = scratch / "s.tlstore"
            shutil.rmtree(store, ignore_errors=True)
            times.append(timed([*base, "-o", str(store), *extra]))
        return min(times)

    results: dict[str, float] = {}
    try:
        results["local"] = best([])
        results["ray-start"] = best(["--executor", "ray"])
        cluster = Cluster(initialize_head=True, head_node_args={"num_cpus": cpus, "include_dashboard": False})
        try:
            results["ray-cluster"] = best(["--executor", "ray", "--ray-address", cluster.address])
        finally:
            cluster.shutdown()
        commits = commit_costs(scratch / "s.tlstore")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for name, seconds in results.items():
        print(f"{name:12s} {seconds:8.2f} s  {size_mb / seconds:8.1f} MB/s")
    per_file = (results["ray-cluster"] - results["local"]) / len(files)
    print(f"Ray's overhead per file (ray-cluster - local) / files: {per_file * 1000:.0f} ms")
    print(f"Ray's start-up and shut-down in the command (ray-start - ray-cluster): "
          f"{results['ray-start'] - results['ray-cluster']:.1f} s")
    for records, seconds in commits:
        print(f"one commit of one more file into a manifest of {records} records: {seconds * 1000:.0f} ms")


def commit_costs(path: Path) -> list[tuple[int, float]]:
    """The driver's commit of one more file's record into a store that holds 1,000 and 10,000
    (the bench's records repeated under other paths), each a store of its own beside `path`."""
    import dataclasses

    from tracelens.store import Store

    originals = list(Store.open(path).records.values())

    def replica(i: int) -> Any:
        rec = dataclasses.replace(originals[i % len(originals)])
        rec.path = f"{rec.path}.{i}"
        return rec

    out = []
    for target in (1000, 10000):
        store = Store.open(path.parent / f"commit{target}.tlstore")
        store._commit([replica(i) for i in range(target)])
        start = time.perf_counter()
        store._commit([replica(target)])
        out.append((target, time.perf_counter() - start))
    return out


if __name__ == "__main__":
    main()
