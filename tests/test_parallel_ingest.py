"""Parallel ingest: traces parse in threads of one process, pure-Python parsers (logs) in
processes, and either way the store holds exactly what a one-file-at-a-time ingest stores."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SAMPLE_LOGS, corpus_or_skip
from tracelens import executors
from tracelens import store as store_module
from tracelens.executors import ProcessExecutor
from tracelens.parsers import registry
from tracelens.schemas import TABLES
from tracelens.store import Store

# Columns that differ between two ingests of the same bytes by design.
_PER_INGEST = {"ingested_at_ns", "mtime_ns", "path", "duplicate_of"}


def _job(tmp_path: Path) -> Path:
    """Real GPU traces and real console logs, two of each or more."""
    job = tmp_path / "job"
    shutil.copytree(SAMPLE_LOGS / "gpu_gloo_2rank", job / "gpu")
    shutil.copytree(SAMPLE_LOGS / "hf_trainer_restart", job / "hf")
    shutil.copy(corpus_or_skip("kineto", "gpu", "df_index_resolver", "df_index_resolver.json.gz"), job / "big.json.gz")
    return job


def _contents(path: Path) -> dict[str, list[tuple[object, ...]]]:
    """Every stored table and precomputed view, rows sorted, per-ingest columns left out."""
    store = Store.open(path, create=False)
    con = store.connect()
    from tracelens.queries import materialized_views

    out = {}
    for name in ["files", *TABLES, *materialized_views()]:
        columns = [c for c, *_ in con.execute(f"describe {name}").fetchall() if c not in _PER_INGEST]
        rows = con.execute(f"select {', '.join(columns)} from {name}").fetchall()
        out[name] = sorted(rows, key=repr)
    return out


def test_parallel_ingest_stores_what_a_serial_ingest_stores(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    job = _job(tmp_path)
    routed: dict[str, list[str]] = {"processes": [], "threads": []}
    in_processes = ProcessExecutor.run

    def spy(self: ProcessExecutor, tasks: list[Any], *args: Any) -> None:
        routed["processes"] += [task.parser for task in tasks]
        in_processes(self, tasks, *args)

    monkeypatch.setattr(ProcessExecutor, "run", spy)
    monkeypatch.setattr(executors, "PARALLEL_MIN_BYTES", 0)  # the sample job is small: pool it anyway
    serial = Store.open(tmp_path / "serial.tlstore")
    serial_outcome = serial.ingest([job], workers=1)
    assert routed["processes"] == []
    parallel = Store.open(tmp_path / "parallel.tlstore")
    outcome = parallel.ingest([job], workers=2)

    parsers = registry()
    parsed = [str(rec.parser) for rec in outcome.parsed]
    assert sorted(parsed) == sorted(str(rec.parser) for rec in serial_outcome.parsed)
    gil_bound = sorted(p for p in parsed if not getattr(parsers[p], "threads_well", False))
    assert parsed.count("kineto") >= 4 and len(gil_bound) >= 2
    assert sorted(routed["processes"]) == gil_bound  # the traces stayed in this process's threads
    assert _contents(tmp_path / "parallel.tlstore") == _contents(tmp_path / "serial.tlstore")


def test_the_kineto_parser_threads_well_only_with_the_scanner(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the C scanner a trace's parse holds the GIL: it must go to a process."""
    kineto = registry()["kineto"]
    from tracelens.parsers import kineto as kineto_module

    assert kineto.threads_well is (kineto_module._fastscan is not None)
    monkeypatch.setenv("TRACELENS_PURE_PYTHON", "1")
    assert kineto.threads_well is False


def test_parser_threads_take_turns_between_their_columns_and_their_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In a threaded ingest no two threads are ever between ColumnsTurn.take() and the end of
    their tables' writes at once; outside the store's scope take() never blocks."""
    import threading
    import time

    from tracelens.parsers._io import ColumnsTurn

    spans: list[tuple[float, float, int]] = []
    held_since: dict[int, float] = {}
    take, write = ColumnsTurn.take, store_module._atomic_write_parquet

    def timed_take() -> None:
        take()
        held_since.setdefault(threading.get_ident(), time.monotonic())

    def timed_write(table, target):  # type: ignore[no-untyped-def]
        write(table, target)
        if "/tables/trace_events/" in str(target) and not target.name.startswith("_empty"):
            me = threading.get_ident()
            spans.append((held_since.pop(me), time.monotonic(), me))

    monkeypatch.setattr(ColumnsTurn, "take", staticmethod(timed_take))
    monkeypatch.setattr(store_module, "_atomic_write_parquet", timed_write)
    monkeypatch.setattr(executors, "PARALLEL_MIN_BYTES", 0)  # the samples are small
    job = tmp_path / "traces"
    shutil.copytree(SAMPLE_LOGS / "gpu_gloo_2rank", job / "gpu")
    shutil.copytree(SAMPLE_LOGS / "ddp_gloo_2rank" / "traces", job / "cpu")
    outcome = Store.open(tmp_path / "s").ingest([job], workers=2)
    assert len(spans) == sum(1 for r in outcome.parsed if r.kind == "kineto_trace") >= 4
    assert len({thread for *_, thread in spans}) == 2, "both threads parsed"
    spans.sort()
    for (_, end, _), (start, _, _) in zip(spans, spans[1:], strict=False):
        assert start >= end, "two threads held a trace's columns at once"

    # Outside a store's scope (a parser called directly) the turn is never waited for.
    parser = registry(())["kineto"]
    trace = next((SAMPLE_LOGS / "gpu_gloo_2rank").rglob("*.json*"))
    from tracelens.parsers import ParseOptions

    with ColumnsTurn.scope():
        ColumnsTurn.take()  # this thread holds the turn
        done = threading.Event()

        def parse() -> None:
            parser.parse(trace, ParseOptions())
            done.set()

        threading.Thread(target=parse, daemon=True).start()
        assert done.wait(30), "a direct parse waited for the store's turn"


def test_small_traces_views_on_the_kept_database_are_those_of_a_database_of_their_own(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A small trace's per-file views run on a cursor of a DuckDB database the process keeps
    (making one costs most of a small trace's views): two parser threads at once store what a
    database of each trace's own stores, and leave nothing behind in the kept database."""
    import threading

    from tracelens import ingest as ingest_module

    job = tmp_path / "job"
    for sample in ("gpu_gloo_2rank", "ddp_gloo_2rank"):
        shutil.copytree(SAMPLE_LOGS / sample, job / sample)
    monkeypatch.setattr(executors, "PARALLEL_MIN_BYTES", 0)  # the sample jobs are small: threads anyway
    kept = ingest_module._views_database
    uses: list[str] = []

    def counted() -> Any:
        uses.append(threading.current_thread().name)
        return kept()

    monkeypatch.setattr(ingest_module, "_views_database", counted)
    monkeypatch.setattr(ingest_module, "SHARED_VIEWS_MAX_ROWS", -1)  # every trace on a database of its own
    Store.open(tmp_path / "own.tlstore").ingest([job], workers=2)
    assert uses == []
    monkeypatch.setattr(ingest_module, "SHARED_VIEWS_MAX_ROWS", 10**9)
    Store.open(tmp_path / "kept.tlstore").ingest([job], workers=2)
    assert len(uses) == 4 and len(set(uses)) == 2  # the four traces of the two jobs, on two threads
    assert _contents(tmp_path / "kept.tlstore") == _contents(tmp_path / "own.tlstore")
    left = kept().execute("select view_name from duckdb_views() where not internal and not temporary "
                          "union all select table_name from duckdb_tables() where not temporary").fetchall()
    assert left == []


def test_a_small_trace_whose_views_do_not_fit_on_the_kept_database_is_computed_alone_without_a_warning(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The kept database's memory is shared by the threads' cursors: a trace whose views do not
    fit there beside another's is computed again on a database of its own, within the memory a
    trace's views get, and not said to need more (here the kept database has almost none)."""
    import duckdb

    from tracelens import ingest as ingest_module

    job = SAMPLE_LOGS / "gpu_gloo_2rank"
    Store.open(tmp_path / "plain.tlstore").ingest([job])
    crowded = duckdb.connect(config={"threads": 1, "memory_limit": "1MB", "temp_directory": ""})
    monkeypatch.setattr(ingest_module, "_views_database", lambda: crowded)
    outcome = Store.open(tmp_path / "crowded.tlstore").ingest([job])
    assert [rec.warnings for rec in outcome.parsed if rec.parser == "kineto"] == [[], []]
    assert _contents(tmp_path / "crowded.tlstore") == _contents(tmp_path / "plain.tlstore")
