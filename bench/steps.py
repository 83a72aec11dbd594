"""Step-breakdown benchmark: tracelens views vs HTA's get_temporal_breakdown, same data, one run.

1. The 8-rank store of bench/ingest.py (df_index_resolver replicated to 8 ranks, 430 MB of
   JSON): time `step_breakdown`, `rank_summary` and `stragglers`, and HTA's
   `get_temporal_breakdown` on the same traces (HTA's trace loading timed apart).
2. A synthetic 1024-rank x 100-step store, made from the real 2-rank sample job
   (sample_logs/ddp_gloo_2rank): each synthetic rank is a real rank's per-trace results
   (steps, categories, collectives: what ingest computes once per trace) replicated over
   time to 100 steps, with its clock shifted by a few milliseconds. Time the same views.

    python bench/steps.py [--skip-hta] [--hta-python PATH] [--ranks 1024] [--steps 100]
"""

from __future__ import annotations

import argparse
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


def time_views(store: Path) -> dict[str, float]:
    con = Store.open(store, create=False).connect()
    out = {}
    for view in VIEWS:
        start = time.perf_counter()
        con.execute(f"select * from {view}").fetchall()
        out[view] = time.perf_counter() - start
    out["rows"] = con.execute("select count(*) from step_breakdown").fetchone()[0]  # type: ignore[index]
    return out


def synthetic_store(target: Path, ranks: int, steps: int) -> Path:
    """Replicate the sample job's per-trace results to `ranks` ranks x `steps` steps."""
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

    def copy(view: str, select: str) -> None:
        (out / "derived" / view).mkdir(parents=True, exist_ok=True)
        con.execute(
            f"COPY ({select}) TO '{out}/derived/{view}' "
            "(FORMAT parquet, PARTITION_BY (file_id), WRITE_PARTITION_COLUMNS true, COMPRESSION zstd, OVERWRITE_OR_IGNORE)"
        )

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
    con.execute(f"""COPY (select m.* replace ('syn' || lpad(s.rank::varchar, 5, '0') as file_id, s.rank::integer as rank)
        from trace_meta m join synth s on s.src_rank = m.rank)
        TO '{out}/tables/trace_meta'
        (FORMAT parquet, PARTITION_BY (file_id), WRITE_PARTITION_COLUMNS true, OVERWRITE_OR_IGNORE)""")
    records = []
    for r in range(ranks):
        fid = f"syn{r:05d}"
        frags = {v: f"derived/{v}/file_id={fid}/" for v in ("int_steps", "int_step_categories", "int_collectives")}
        frags["trace_meta"] = f"tables/trace_meta/file_id={fid}/"
        for key, folder in frags.items():
            files = sorted((out / folder).glob("*.parquet"))
            frags[key] = files[0].relative_to(out).as_posix() if files else f"derived/{key}/_empty.parquet"
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
    a = ap.parse_args()

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
    with tempfile.TemporaryDirectory() as tmp:
        start = time.perf_counter()
        store = synthetic_store(Path(tmp) / "synthetic.tlstore", a.ranks, a.steps)
        built = time.perf_counter() - start
        tn = time_views(store)
        print(f"{a.ranks} ranks x {a.steps} steps (synthetic, built in {built:.1f} s; {tn['rows']} rank-steps):")
        for view in VIEWS:
            print(f"  {view:16s} {tn[view]:7.3f} s   (target: step_breakdown < 10 s)")


if __name__ == "__main__":
    main()
