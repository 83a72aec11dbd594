"""Every fixed number a view decides with is a session variable: each is listed in
docs/methods.md#settings with its default, and setting it moves the view."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import SAMPLE_LOGS
from tracelens.queries import sources
from tracelens.store import store_for

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
