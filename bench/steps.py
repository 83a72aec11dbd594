"""Step-breakdown benchmark: tracelens views vs HTA's get_temporal_breakdown, same data, one run.

1. The 8-rank store of bench/ingest.py (df_index_resolver replicated to 8 ranks, 430 MB of
   JSON): time `step_breakdown`, `rank_summary` and `stragglers`, and HTA's
   `get_temporal_breakdown` on the same traces (HTA's trace loading timed apart).
2. A synthetic 1024-rank x 100-step store, made from the real 2-rank sample job
   (sample_logs/ddp_gloo_2rank): each synthetic rank is a real rank's per-trace results
   (steps, categories, collectives: what ingest computes once per trace) replicated over
   time to 100 steps, with its clock shifted by a few milliseconds. Time the same views,
   and `tracelens report --format json` (every section) on it.

Each measurement runs in a process of its own, which reports its wall time and peak RSS
(the views: one connection, then each view's rows fetched in turn).

    python bench/steps.py [--skip-hta] [--hta-python PATH] [--ranks 1024] [--steps 100] [--skip-8]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))

from ingest import SOURCE, hta_python, prepare  # noqa: E402

from tracelens.store import FileRecord, Store  # noqa: E402

VIEWS = ("step_breakdown", "rank_summary", "stragglers")

HTA = """
import sys, time
from hta.trace_analysis import TraceAnalysis
t = time.perf_counter(); a = TraceAnalysis(trace_dir=sys.argv[1]); load = time.perf_counter() - t
t = time.perf_counter(); a.get_temporal_breakdown(visualize=False); tb = time.perf_counter() - t
print(f"HTA_LOAD_S {load:.3f} HTA_BREAKDOWN_S {tb:.3f}")
"""


TIME_VIEWS = """
import json, resource, sys, time
from tracelens.store import Store
start = time.perf_counter()
con = Store.open(sys.argv[1], create=False).connect()
out = {"connect": time.perf_counter() - start}
for view in sys.argv[2:]:
    start = time.perf_counter()
    con.execute(f"select * from {view}").fetchall()
    out[view] = time.perf_counter() - start
out["rows"] = con.execute("select count(*) from step_breakdown").fetchone()[0]
out["peak_mb"] = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps(out))
"""


def time_views(store: Path) -> dict[str, float]:
    """Each view's time in a fresh process (one connection), its rows and the process's peak RSS."""
    out = subprocess.run([sys.executable, "-c", TIME_VIEWS, str(store), *VIEWS], capture_output=True, text=True, check=True)
    return json.loads(out.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def time_report(store: Path) -> tuple[float, float]:
    """`tracelens report --format json` (every section): wall seconds and peak RSS MB."""
    measure = ("import resource, subprocess, sys, time; t = time.perf_counter(); "
               "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL); "
               "print(time.perf_counter() - t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024)")
    out = subprocess.run([sys.executable, "-c", measure, sys.executable, "-m", "tracelens", "report", str(store),
                          "--format", "json"], capture_output=True, text=True, check=True).stdout.split()
    return float(out[0]), float(out[1])


def synthetic_store(target: Path, ranks: int, steps: int) -> Path:
    """Replicate the sample job's per-trace results to `ranks` ranks x `steps` steps, stored
    as an ingest of that many traces stores them: each table and view's few rows per trace in
    one pack (the traces' events are not copied: the views timed read none)."""
    source = Path(tempfile.mkdtemp()) / "sample.tlstore"
    Store.open(source).ingest([ROOT / "sample_logs" / "ddp_gloo_2rank"])
    src = Store.open(source, create=False)
    con = src.connect()
    window = con.execute("select max(step_start_ns + step_ns) - min(step_start_ns) from int_steps").fetchone()[0]  # type: ignore[index]
    n_src_steps = con.execute("select count(distinct step) from int_steps").fetchone()[0]  # type: ignore[index]
    reps = -(-steps // n_src_steps)
    rng = random.Random(0)
    con.execute("create temp table synth as select * from (values (0, 0, 0::bigint)) t(rank, src_rank, offset_ns) where false")
    con.executemany(
        "insert into synth values (?, ?, ?)", [(r, r % 2, rng.randint(-3_000_000, 3_000_000)) for r in range(ranks)]
    )
    con.execute(f"create temp table reps as select range as k from range({reps})")
    store = Store.open(target)
    out = store.root
    (out / "derived").mkdir(exist_ok=True)

    packs: dict[str, str] = {}

    def copy(view: str, select: str) -> None:
        """The view's rows of every rank in one pack, as an ingest packs the per-file views' few rows."""
        (out / "derived" / view).mkdir(parents=True, exist_ok=True)
        packs[view] = f"derived/{view}/pack-{ranks}-{random.Random(view).getrandbits(48):012x}.parquet"
        con.execute(f"COPY ({select} order by file_id) TO '{out}/{packs[view]}' (FORMAT parquet, COMPRESSION zstd)")

    shift = f"(k * {window} + s.offset_ns)"
    step_no = f"(k * {n_src_steps} + (x.step - (select min(step) from int_steps)))"
    copy("int_steps", f"""
        select 'syn' || lpad(s.rank::varchar, 5, '0') as file_id, s.rank::integer as rank, x.* exclude (file_id, rank, step),
               {step_no} as step
        from int_steps x join stg_traces t using (file_id) join synth s on s.src_rank = t.rank, reps
        where {step_no} < {steps}""")
    con.execute(f"""create temp table shifted_steps as
        select x.* replace ('syn' || lpad(s.rank::varchar, 5, '0') as file_id, s.rank::integer as rank,
                            {step_no} as step, x.step_start_ns + {shift} as step_start_ns)
        from int_step_categories x join stg_traces t using (file_id) join synth s on s.src_rank = t.rank, reps
        where {step_no} < {steps}""")
    copy("int_step_categories", "select * from shifted_steps")
    n_coll = con.execute("select count(*) / count(distinct file_id) from int_collectives").fetchone()[0]  # type: ignore[index]
    copy("int_collectives", f"""
        select x.* replace ('syn' || lpad(s.rank::varchar, 5, '0') as file_id, s.rank::integer as rank,
                            {step_no} as step, x.start_ns + {shift} as start_ns, x.end_ns + {shift} as end_ns,
                            k * {int(n_coll)} + x.seq as seq)
        from int_collectives x join stg_traces t using (file_id) join synth s on s.src_rank = t.rank, reps
        where {step_no} < {steps}""")
    (out / "tables" / "trace_meta").mkdir(exist_ok=True)
    meta = f"tables/trace_meta/pack-{ranks}-{random.Random('trace_meta').getrandbits(48):012x}.parquet"
    con.execute(f"""COPY (select m.* replace ('syn' || lpad(s.rank::varchar, 5, '0') as file_id, s.rank::integer as rank)
        from trace_meta m join synth s on s.src_rank = m.rank order by file_id)
        TO '{out}/{meta}' (FORMAT parquet)""")
    records = []
    for r in range(ranks):
        fid = f"syn{r:05d}"
        frags = {**packs, "trace_meta": meta}
        records.append(FileRecord(path=f"synthetic://rank{r}", file_id=fid, sha256=fid, kind="kineto_trace", parser="synthetic",
                                  fragments=frags))
    with store.locked():
        store._commit(records)
    return target


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ranks", type=int, default=1024)
    ap.add_argument("--steps", type=int, default=100)
    ap.add_argument("--skip-hta", action="store_true")
    ap.add_argument("--hta-python", default=None)
    ap.add_argument("--skip-8", action="store_true", help="only the synthetic store")
    a = ap.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f}")
    if not a.skip_8:
        eight_ranks(a)
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        store = synthetic_store(Path(tmp) / "synthetic.tlstore", a.ranks, a.steps)
        built = time.perf_counter() - start
        tn = time_views(store)
        print(f"{a.ranks} ranks x {a.steps} steps (synthetic, built in {built:.1f} s; {tn['rows']} rank-steps):")
        print(f"  connect          {tn['connect']:7.3f} s")
        for view in VIEWS:
            print(f"  {view:16s} {tn[view]:7.3f} s")
        print(f"  views' process peak RSS {tn['peak_mb']:.0f} MB")
        seconds, peak = time_report(store)
        print(f"  report --format json (every section) {seconds:.2f} s, peak RSS {peak:.0f} MB")
    print(f"load average {os.getloadavg()[0]:.1f}")


def eight_ranks(a: argparse.Namespace) -> None:
    files = prepare(8, SOURCE, HERE / "data")
    store8 = HERE / "data" / "stores" / "x8.tlstore"
    if not (store8 / "store.json").exists():
        subprocess.run([sys.executable, "-m", "tracelens", "ingest", str(files[0].parent), "-o", str(store8), "-q"], check=True)
    t8 = time_views(store8)
    print(f"8 ranks (df_index_resolver x8, {t8['rows']} rank-steps):")
    for view in VIEWS:
        print(f"  {view:16s} {t8[view]:7.3f} s")
    if not a.skip_hta:
        out = subprocess.run([hta_python(a.hta_python), "-c", HTA, str(files[0].parent)],
                             capture_output=True, text=True, check=True).stdout
        load = float(out.split("HTA_LOAD_S ")[1].split()[0])
        tb = float(out.split("HTA_BREAKDOWN_S ")[1].split()[0])
        print(f"  HTA get_temporal_breakdown {tb:7.3f} s (after {load:.1f} s of loading)")
        print(f"  per rank: tracelens step_breakdown {1000 * t8['step_breakdown'] / 8:.1f} ms, HTA {1000 * tb / 8:.1f} ms "
              f"-> {tb / t8['step_breakdown']:.1f}x faster")


if __name__ == "__main__":
    main()
