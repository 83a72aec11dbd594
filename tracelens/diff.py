"""Compare two jobs: the diff report model, built only from the diff_ views of queries/diff/.

`open_pair` attaches BASE and NEW side by side in one DuckDB connection: each side's views are
built in a catalog of its own (`base`, `new`), exactly as `Store.connect` builds them for one
store, and the diff_ views of queries/diff/ join the two. `build` reads those views into
frozen dataclasses; `render_text`, `render_markdown` and `render_json` turn the model into
strings. Nothing here computes a metric.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources
from typing import Any

SIDES = ("base", "new")
_CREATE_VIEW = re.compile(r"\s*CREATE OR REPLACE VIEW (\w+) AS", re.I)


@cache
def diff_view_definitions() -> list[tuple[str, str]]:
    """(name, sql) of every view of queries/diff/, each after the diff views it reads."""
    folder = resources.files("tracelens.queries").joinpath("diff")
    sources = {
        entry.name[: -len(".sql")]: entry.read_text(encoding="utf-8")
        for entry in folder.iterdir()
        if entry.name.endswith(".sql")
    }
    deps = {
        name: set(re.findall(r"\w+", re.sub(r"--[^\n]*", "", sql))) & (sources.keys() - {name})
        for name, sql in sources.items()
    }
    ordered: list[str] = []

    def visit(name: str) -> None:
        if name not in ordered:
            for dep in sorted(deps[name]):
                visit(dep)
            ordered.append(name)

    for name in sorted(sources):
        visit(name)
    return [(name, sources[name]) for name in ordered]


def _attach_side(con: Any, store: Any, side: str) -> None:
    """Build one store's views in the catalog `side`, as Store.connect does for a connection."""
    from tracelens.queries import connection_views
    from tracelens.store import derived_version

    con.execute(f"ATTACH ':memory:' AS {side}")
    con.execute(f"USE {side}")
    once = set(connection_views())
    fresh_derived = store.derived_version == derived_version()
    for statement in con.extract_statements(store.views_sql(relative=False, precomputed=fresh_derived)):
        con.execute(statement)
        match = _CREATE_VIEW.match(statement.query)
        if match is not None and match.group(1) in once:
            view = match.group(1)  # computed once; the views created after it read the result
            con.execute(f"CREATE TABLE _connection_{view} AS SELECT * FROM {view}")
            con.execute(f"CREATE OR REPLACE VIEW {view} AS SELECT * FROM _connection_{view}")


def open_pair(base: Any, new: Any, *, patterns: tuple[str, ...] = (), gpus: float | None = None,
              gpu_hour_cost: float | None = None) -> Any:
    """A DuckDB connection with BASE's views in catalog `base`, NEW's in `new`, and the diff_
    views of queries/diff/ in the default catalog. `base` and `new` are tracelens Stores (the
    same store twice is fine). `patterns` ('kernel:GLOB' / 'op:GLOB') get their own series in
    diff_op_samples, for --fail-on rules."""
    import duckdb

    con = duckdb.connect(config={"autoinstall_known_extensions": False, "autoload_known_extensions": False})
    if gpus is not None:
        con.execute("SET VARIABLE tracelens_gpus = ?", [float(gpus)])
    if gpu_hour_cost is not None:
        con.execute("SET VARIABLE tracelens_gpu_hour_cost = ?", [float(gpu_hour_cost)])
    con.execute("SET VARIABLE tracelens_diff_patterns = ?::VARCHAR[]", [list(patterns)])
    for side, store in zip(SIDES, (base, new)):
        from tracelens.store import _manifest_generation, _read_lock, Store

        _read_lock(store.root)
        if store.generation != _manifest_generation(store.root):
            store._adopt(Store._load(store.root))
        _attach_side(con, store, side)
    con.execute("USE memory")
    for name, sql in diff_view_definitions():
        con.execute(f"CREATE OR REPLACE VIEW {name} AS\n{sql.strip().rstrip(';')}\n;")
    return con
