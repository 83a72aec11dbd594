"""Issue 15, defect 10: the README's route from Python or the stock `duckdb` CLI (the store's
views.sql) took 7 s to open the 2-rank sample and 213 s for `select * from findings`
(tracelens.connect: 1 s), and DuckDB drew a progress bar into the output. views.sql must be
within 2x of tracelens.connect wherever the store is moved, and give the same rows.

views.sql (tracelens/store.py, Store.views_sql with script=True) computes the per-connection
views once when it runs, as Store.connect does, and turns DuckDB's progress bar off."""

from __future__ import annotations

import shutil
import threading
import time
from pathlib import Path

import duckdb
import pytest

from tests.conftest import SAMPLE_LOGS
from tracelens.store import Store


def test_views_sql_is_as_fast_as_connect_wherever_the_store_is(tmp_path: Path) -> None:
    store = tmp_path / "a.tlstore"
    Store.open(store).ingest([SAMPLE_LOGS / "ddp_gloo_2rank"])
    moved = tmp_path / "elsewhere" / "b.tlstore"
    moved.parent.mkdir()
    shutil.move(store, moved)

    started = time.perf_counter()
    expected = Store.open(moved, create=False).connect().execute("select * from findings order by all").fetchall()
    connect_s = time.perf_counter() - started

    limit_s = 2 * connect_s + 0.5
    started = time.perf_counter()
    con = duckdb.connect()
    timer = threading.Timer(limit_s, con.interrupt)  # the slow route takes minutes: stop it at the limit
    timer.start()
    try:
        con.execute(f"SET file_search_path='{moved}'")
        con.execute((moved / "views.sql").read_text())
        got = con.execute("select * from findings order by all").fetchall()
    except duckdb.InterruptException:
        pytest.fail(f"views.sql route still running after {limit_s:.1f} s (tracelens.connect: {connect_s:.1f} s)")
    finally:
        timer.cancel()
    views_s = time.perf_counter() - started
    assert got == expected
    assert views_s <= limit_s, (views_s, connect_s)
    assert con.execute("select current_setting('enable_progress_bar')").fetchone() == (False,)
