"""Parallel ingest: traces parse in threads of one process, pure-Python parsers (logs) in
processes, and either way the store holds exactly what a one-file-at-a-time ingest stores."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS, corpus_or_skip
from tracelens import store as store_module
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
    in_processes = Store._parse_in_processes

    def spy(self: Store, todo: list, *args: object) -> None:  # type: ignore[type-arg]
        routed["processes"] += [parser for _, parser in todo]
        in_processes(self, todo, *args)  # type: ignore[arg-type]

    monkeypatch.setattr(Store, "_parse_in_processes", spy)
    monkeypatch.setattr(store_module, "PARALLEL_MIN_BYTES", 0)  # the sample job is small: pool it anyway
    serial = Store.open(tmp_path / "serial.tlstore")
    serial_outcome = serial.ingest([job], workers=1)
    assert routed["processes"] == []
    parallel = Store.open(tmp_path / "parallel.tlstore")
    outcome = parallel.ingest([job], workers=2)

    parsers = registry()
    parsed = [rec.parser for rec in outcome.parsed]
    assert sorted(parsed) == sorted(rec.parser for rec in serial_outcome.parsed)
    gil_bound = sorted(p for p in parsed if not getattr(parsers[p], "threads_well", False))
    assert parsed.count("kineto") >= 4 and len(gil_bound) >= 2
    assert sorted(routed["processes"]) == gil_bound  # the traces stayed in this process's threads
    assert _contents(tmp_path / "parallel.tlstore") == _contents(tmp_path / "serial.tlstore")


def test_the_kineto_parser_threads_well_only_with_the_scanner(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the C scanner a trace's parse holds the GIL: it must go to a process."""
    kineto = registry()["kineto"]
    from tracelens.parsers import kineto as kineto_module

    assert kineto.threads_well is (kineto_module._fastscan is not None)  # type: ignore[attr-defined]
    monkeypatch.setenv("TRACELENS_PURE_PYTHON", "1")
    assert kineto.threads_well is False  # type: ignore[attr-defined]
