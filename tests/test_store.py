"""The store: idempotent, atomic, locked, and readable from stock DuckDB wherever it is moved."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import duckdb
import pytest

from tests.conftest import SAMPLE_LOGS, corpus_or_skip, kineto_corpus_files, run_cli
from tracelens.queries import check_names
from tracelens.store import MANIFEST, Store


def _traces() -> list[Path]:
    return sorted(SAMPLE_LOGS.rglob("*.pt.trace.json.gz"))


def _counts(store: Path) -> dict[str, int]:
    con = Store.open(store, create=False).connect()
    return {
        table: con.execute(f"select count(*) from {table}").fetchone()[0]
        for table in ("trace_events", "trace_meta", "trace_instants", "devices", "process_groups", "files")
    }


def _events_written(store: Path) -> set[str]:
    """The traces' event fragments written in the store so far (committed or not)."""
    return {path.name for path in (store / "tables" / "trace_events").glob("rank=*/*")}

def _expected_counts(paths: list[Path]) -> dict[str, int]:
    """Row counts from parsing each file directly, independently of the store."""
    from tracelens.parsers import ParseOptions
    from tracelens.parsers.kineto import KinetoParser

    out = dict.fromkeys(("trace_events", "trace_meta", "trace_instants", "devices", "process_groups"), 0)
    for path in paths:
        for table, data in KinetoParser().parse(path, ParseOptions()).tables.items():
            if table in out:
                out[table] += data.num_rows
    out["files"] = len(paths)
    return out


def test_reingest_is_idempotent(tmp_path: Path) -> None:
    store = tmp_path / "job.tlstore"
    first = Store.open(store).ingest([SAMPLE_LOGS])
    counts = _counts(store)
    # the Kineto traces and the legacy profiler's bare event array (sample_logs/legacy_profiler)
    traces = [*_traces(), SAMPLE_LOGS / "legacy_profiler" / "trace.json"]
    assert counts == {**_expected_counts(traces), "files": len(first.parsed) + len(first.skipped)}
    second = Store.open(store).ingest([SAMPLE_LOGS])
    assert second.parsed == [] and len(second.unchanged) == len(first.parsed)
    assert _counts(store) == counts


def test_changed_file_replaces_its_rows(tmp_path: Path) -> None:
    a, b = _traces()[:2]
    job = tmp_path / "job"
    job.mkdir()
    target = job / "rank0.pt.trace.json.gz"
    shutil.copy(a, target)
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([job])
    assert _counts(store) == _expected_counts([a])
    shutil.copy(b, target)
    os.utime(target, ns=(time.time_ns(), time.time_ns() + 10**9))
    Store.open(store).ingest([job])
    assert _counts(store) == _expected_counts([b])


def test_same_bytes_under_two_paths_stored_once(tmp_path: Path) -> None:
    a = _traces()[0]
    job = tmp_path / "job"
    job.mkdir()
    shutil.copy(a, job / "one.pt.trace.json.gz")
    shutil.copy(a, job / "two.pt.trace.json.gz")
    store = tmp_path / "s.tlstore"
    outcome = Store.open(store).ingest([job])
    assert sorted(r.status for r in outcome.parsed) == ["duplicate", "ok"]
    con = Store.open(store, create=False).connect()
    assert con.execute("select count(distinct file_id) from trace_events").fetchone() == (1,)


def test_every_check_returns_zero_rows(corpus_store: Path) -> None:
    con = Store.open(corpus_store, create=False).connect()
    names = check_names()
    assert names, "no checks in queries/checks"
    for name in names:
        rows = con.execute(f"select * from {name}").fetchall()
        assert rows == [], f"check {name} failed: {rows[:5]}"


def test_views_sql_from_stock_duckdb_after_moving_the_store(tmp_path: Path) -> None:
    store = tmp_path / "a.tlstore"
    Store.open(store).ingest([SAMPLE_LOGS])
    expected = _counts(store)["trace_events"]
    moved = tmp_path / "elsewhere" / "b.tlstore"
    moved.parent.mkdir()
    shutil.move(store, moved)
    con = duckdb.connect()
    con.execute(f"SET file_search_path='{moved}'")
    con.execute((moved / "views.sql").read_text())
    assert con.execute("select count(*) from trace_events").fetchone() == (expected,)
    assert con.execute("select count(*) from event_summary").fetchone()[0] > 0  # type: ignore[index]


def test_one_rank_reads_only_its_partition(all_samples_store: Path) -> None:
    store = all_samples_store
    ranks = sorted(p.name for p in (store / "tables" / "trace_events").iterdir() if p.is_dir())
    assert ranks == ["rank=0", "rank=1"]
    rank1 = f"{store}/tables/trace_events/rank=1/*.parquet"
    only_rank1 = duckdb.execute(f"select distinct rank from read_parquet('{rank1}')").fetchall()
    assert only_rank1 == [(1,)]


def test_second_ingest_waits_out_a_locked_store(tmp_path: Path) -> None:
    store_path = tmp_path / "s.tlstore"
    store = Store.open(store_path)
    with store.locked():  # another process's ingest: run_cli's would meet this process's own guard
        proc = subprocess.run([sys.executable, "-m", "tracelens", "ingest", str(SAMPLE_LOGS), "-o", str(store_path)],
                              capture_output=True, text=True, timeout=300)
    code, err = proc.returncode, proc.stderr
    assert code == 1
    assert "another tracelens ingest" in err and len(err.strip().splitlines()) == 1
    assert Store.open(store_path, create=False).records == {}


@pytest.mark.slow
def test_killed_ingest_leaves_store_readable_and_rerun_completes(tmp_path: Path) -> None:
    corpus_or_skip("kineto")  # (the sample jobs' traces alone are several jobs: refused)
    files = [p for p in kineto_corpus_files() if p.stat().st_size > 100_000][:6]
    if len(files) < 3:
        pytest.skip("corpus absent")
    job = tmp_path / "job"
    job.mkdir()
    for i, path in enumerate(files):
        shutil.copy(path, job / f"rank{i}.{path.name}")
    expected = _expected_counts(sorted(job.iterdir()))
    store = tmp_path / "s.tlstore"
    # A job's traces are committed together once the job is known: killed once 1, 3 and 5 of
    # its 6 files have written their events, whatever the machine's speed, the ingest has
    # fragments on disk that no commit names.
    for written in (1, 3, 5):
        before = _events_written(store)
        proc = subprocess.Popen(
            [sys.executable, "-m", "tracelens", "ingest", str(job), "-o", str(store), "-q"],
            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True,
        )
        while proc.poll() is None and len(_events_written(store) - before) < written:
            time.sleep(0.005)
        assert proc.poll() is None, f"the ingest ended (exit {proc.returncode}) before it was killed: {proc.communicate()[1]!r}"
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        if (store / MANIFEST).exists():
            # Whatever was committed is complete and consistent: never a partial file.
            con = Store.open(store, create=False).connect()
            for name in check_names():
                assert con.execute(f"select * from {name}").fetchall() == [], name
            per_file = dict(con.execute("select file_id, count(*) from trace_events group by 1").fetchall())
            metas = dict(con.execute("select file_id, duration_events from trace_meta").fetchall())
            assert per_file == {k: v for k, v in metas.items() if v}
            con.close()
    code, _, err = run_cli("ingest", str(job), "-o", str(store), "-q")
    assert code == 0, err
    assert _counts(store) == expected
    leftovers = list(store.rglob("*.tmp"))
    assert leftovers == []
