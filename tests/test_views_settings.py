"""Every fixed number a view decides with is a session variable: each is listed in
docs/methods.md#settings with its default, and setting it moves the view."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tracelens.store
from tests.conftest import SAMPLE_LOGS, run_cli
from tracelens.errors import UsageError
from tracelens.queries import sources
from tracelens.store import Store, open_views, store_for

DOCS = Path(__file__).parent.parent / "docs"


def test_every_setting_is_documented_with_its_default() -> None:
    used: dict[str, set[str]] = {}
    for _, sql in sources().values():
        for name, default in re.findall(r"coalesce\(try_cast\(getvariable\('(tracelens_\w+)'\) as \w+\), ([\d.]+)\)", sql):
            used.setdefault(name, set()).add(default)
    assert len(used) >= 18  # the findings thresholds and the settings of the other views
    methods = (DOCS / "methods.md").read_text()
    views = (DOCS / "views.md").read_text()
    table = dict(re.findall(r"^\| `(tracelens_\w+)` \| ([\d.]+) \|", methods, re.M))
    for name, defaults in used.items():
        if name in table:
            assert {float(d) for d in defaults} == {float(table[name])}, name
        else:  # the findings thresholds, documented in the findings header (views.md)
            assert name in views, name


def test_settings_move_the_views() -> None:
    store, _ = store_for(SAMPLE_LOGS / "hf_trainer_restart")
    con = store.connect(checks=False)
    events = con.execute("select count(*) from timeline").fetchone()[0]
    kernels = con.execute("select count(*) from top_kernels").fetchone()[0]
    assert events > 2 and kernels > 2
    con.execute("SET VARIABLE tracelens_timeline_max_events = 2")
    con.execute("SET VARIABLE tracelens_top_kernels = 1")
    assert con.execute("select count(*) from timeline").fetchone()[0] == 2
    assert con.execute("select count(*) from top_kernels").fetchone()[0] == 1


def _rows(con: Any, view: str) -> list[str]:
    return sorted(map(repr, con.execute(f"select * from {view}").fetchall()))


@pytest.mark.parametrize("job", ["ddp_gloo_2rank", "hf_trainer_restart", "hang_restart_gloo_2rank"])
def test_views_computed_when_a_small_store_opens_hold_the_rows_of_the_views(
        job: str, sample_store: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """A small store's connection computes its views where it defines them (`open_views`,
    eager): every view, and each column's type, is what the same connection gives with every
    view left a view."""
    store = Store.open(sample_store(job))
    assert store.small()
    eager = store.connect()
    monkeypatch.setattr(tracelens.store, "EAGER_VIEWS_MAX_ROWS", -1)
    plain = store.connect()
    names = [name for (name,) in plain.execute(
        "select view_name from duckdb_views() where not internal and not starts_with(view_name, '_') order by 1").fetchall()]
    computed = {name.removeprefix("_connection_") for (name,) in eager.execute(
        "select table_name from duckdb_tables() where starts_with(table_name, '_connection_')").fetchall()}
    assert len(computed & set(names)) > 40, sorted(computed)  # not only the views computed once anyway
    for name in names:
        assert eager.execute(f"describe {name}").fetchall() == plain.execute(f"describe {name}").fetchall(), name
        assert _rows(eager, name) == _rows(plain, name), name


def test_a_view_that_cannot_be_computed_when_the_store_opens_fails_where_it_is_read() -> None:
    """A view whose query fails on the store's rows does not stop the connection opening: it is
    left a view, and its error comes where it is read, as with no view computed at once. A view
    that no other view reads is not computed (a query reads it once)."""
    import duckdb

    con = duckdb.connect()
    open_views(con, [("doomed", "CREATE OR REPLACE VIEW doomed AS SELECT error('no rows like these') AS a;"),
                     ("fine", "CREATE OR REPLACE VIEW fine AS SELECT 42 AS b;"),
                     ("pair", "CREATE OR REPLACE VIEW pair AS SELECT * FROM doomed, fine;"),
                     ("lonely", "CREATE OR REPLACE VIEW lonely AS SELECT 7 AS c;")],
               once=frozenset(), eager=True, reads={"pair": frozenset({"doomed", "fine"})})
    tables = {name for (name,) in con.execute("select table_name from duckdb_tables()").fetchall()}
    # `fine` computed; `doomed` tried and left a view; `pair` and `lonely`, read by no view, left views
    assert tables == {"_connection_fine"}
    assert con.execute("select c from lonely").fetchall() == [(7,)]
    assert con.execute("select b from fine").fetchall() == [(42,)]
    with pytest.raises(duckdb.Error, match="no rows like these"):
        con.execute("select * from doomed").fetchall()
    with pytest.raises(duckdb.Error, match="no rows like these"):
        con.execute("select * from pair").fetchall()


def test_a_view_reading_a_setting_through_another_view_moves_with_it(sample_store: Callable[[str], Path]) -> None:
    """`provenance` reads no variable itself; it reads `int_world_size`, which reads
    `tracelens_gpus`: a small store's connection leaves it a view, and setting the GPU count
    after the connection opened makes it say the count was given."""
    con = Store.open(sample_store("ddp_gloo_2rank")).connect(checks=False)
    gpus = "select kind from provenance where figure = 'gpus'"
    assert con.execute(gpus).fetchall() == [("measured",)]  # the traces' world size
    con.execute("SET VARIABLE tracelens_gpus = 8")
    assert con.execute(gpus).fetchall() == [("given",)]


def test_a_connections_threads_are_what_tracelens_threads_says_once_its_views_are_open(
        sample_store: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """`TRACELENS_THREADS=1`: a query's connection runs one DuckDB thread, a small store's too once its views are open
    (it opens them on one: its `RESET threads` went back to DuckDB's default, a thread per core, whatever was asked)."""
    monkeypatch.setenv("TRACELENS_THREADS", "1")
    con = Store.open(sample_store("ddp_gloo_2rank"), create=False).connect()
    assert con.execute("select current_setting('threads')").fetchone() == (1,)


@pytest.mark.parametrize("threads", ["0", "abc", "²", "-1"])
def test_a_thread_count_that_is_none_is_a_usage_error(sample_store: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch,
                                                      threads: str) -> None:
    """`TRACELENS_THREADS` that is no whole number from 1: one usage error naming it (`²` passed `isdigit` and failed
    in `int`, an internal error; `0` and words were ignored without a word)."""
    monkeypatch.setenv("TRACELENS_THREADS", threads)
    with pytest.raises(UsageError, match=re.escape(f"TRACELENS_THREADS={threads!r}: not a number of threads")):
        Store.open(sample_store("ddp_gloo_2rank"), create=False).connect()


def test_more_threads_than_cores_are_the_cores(sample_store: Callable[[str], Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """`TRACELENS_THREADS=99999999999`: the CPUs the process may use, at most (DuckDB ran out of memory making that
    many threads); set but empty (a wrapper's `${N:-}`), DuckDB's own, as unset."""
    monkeypatch.setenv("TRACELENS_THREADS", "99999999999")
    con = Store.open(sample_store("ddp_gloo_2rank"), create=False).connect()
    ((threads,),) = con.execute("select current_setting('threads')").fetchall()
    assert 1 <= threads <= len(os.sched_getaffinity(0))
    monkeypatch.setenv("TRACELENS_THREADS", "")
    con = Store.open(sample_store("ddp_gloo_2rank"), create=False).connect()
    monkeypatch.delenv("TRACELENS_THREADS")
    unset = Store.open(sample_store("ddp_gloo_2rank"), create=False).connect()
    assert con.execute("select current_setting('threads')").fetchone() == unset.execute(
        "select current_setting('threads')").fetchone()


def test_a_bad_thread_count_is_said_before_a_raw_folder_is_ingested(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`TRACELENS_THREADS=abc tracelens report RAW_FOLDER`: one usage error, exit 2, before the folder's ingest (it
    ingested the whole job into the cache, then failed at its first query)."""
    monkeypatch.setenv("TRACELENS_THREADS", "abc")
    monkeypatch.setenv("TRACELENS_CACHE_DIR", str(tmp_path / "cache"))
    code, out, err = run_cli("report", str(SAMPLE_LOGS / "ddp_gloo_2rank"), "--format", "json")
    assert (code, out) == (2, "") and err.startswith("tracelens: error: TRACELENS_THREADS='abc': not a number"), err
    assert not (tmp_path / "cache").exists() or not any((tmp_path / "cache").iterdir())
