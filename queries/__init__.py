"""The SQL views: one query per .sql file, layered staging -> intermediate -> marts, plus checks.

A file's stem is its view name. Each file opens with a comment (purpose, grain, inputs,
output columns with units) and holds one SELECT, written as CTEs ending in `final`. The
`-- Inputs:` line is the declaration of what the view reads: views are created in that order.
Staging views pass stored tables through; intermediate views read no mart.
Checks (`checks/*.sql`) are views that must return zero rows on any store.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

LAYERS = ("staging", "intermediate", "marts", "checks")


@cache
def sources() -> dict[str, tuple[str, str]]:
    """view name -> (layer, sql text)."""
    out: dict[str, tuple[str, str]] = {}
    root = resources.files(__name__)
    for layer in LAYERS:
        folder = root.joinpath(layer)
        if not folder.is_dir():
            continue
        for entry in sorted(folder.iterdir(), key=lambda e: e.name):
            if entry.name.endswith(".sql"):
                name = entry.name[: -len(".sql")]
                if name in out:
                    raise RuntimeError(f"view {name} is defined twice in queries/")
                out[name] = (layer, entry.read_text(encoding="utf-8"))
    return out


_INPUTS = re.compile(r"^-- Inputs:(.*(?:\n--   .*)*)", re.M)
_NAME = re.compile(r"[a-z_][a-z0-9_]*")


def declared_inputs(name: str, sql: str) -> frozenset[str]:
    """The tables and views a query reads, as its header's `-- Inputs:` line declares them.

    The declaration is the comma-separated list of names up to the first `.` or `;` outside
    parentheses (parentheses hold remarks); it may run on over `--   ` continuation lines.
    `-- Inputs: none.` declares a query that reads no table.
    tests/test_views_dependencies.py checks it against the tables DuckDB's parser finds in the SQL.
    """
    match = _INPUTS.search(sql)
    if match is None:
        raise RuntimeError(f"queries/: {name} has no '-- Inputs:' line")
    text = re.sub(r"\n--", " ", match.group(1))
    names: list[str] = []
    current: list[str] = []
    depth = 0
    for char in text:
        if char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif depth == 0 and char in ",.;":
            names.append("".join(current).strip())
            current = []
            if char != ",":
                break
        elif depth == 0:
            current.append(char)
    else:
        raise RuntimeError(f"queries/: {name}: its '-- Inputs:' list does not end with '.' or ';'")
    if names == ["none"]:  # a query over literal rows only
        return frozenset()
    bad = [n for n in names if not _NAME.fullmatch(n)]
    if bad:
        raise RuntimeError(f"queries/: {name}: '-- Inputs:' names {bad!r}, which are not table or view names")
    return frozenset(names)


@cache
def dependencies() -> dict[str, frozenset[str]]:
    """view name -> the views it reads (its declared inputs that are views, not stored tables)."""
    views = sources()
    return {name: declared_inputs(name, sql) & views.keys() for name, (_, sql) in views.items()}


def view_definitions(only: set[str] | None = None) -> list[tuple[str, str]]:
    """(name, sql) for every view (or only those in `only` and what they read), each after the views it reads."""
    views = sources()
    deps = dependencies()
    if only is not None:
        needed: set[str] = set()
        stack = list(only)
        while stack:
            name = stack.pop()
            if name not in needed:
                needed.add(name)
                stack.extend(deps[name])
        views = {k: v for k, v in views.items() if k in needed}
    ordered: list[str] = []
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in ordered:
            return
        if name in visiting:
            raise RuntimeError(f"queries/: circular view dependency through {name}")
        visiting.add(name)
        for dep in sorted(deps[name] & views.keys()):
            visit(dep)
        visiting.discard(name)
        ordered.append(name)

    for name in sorted(views, key=lambda n: (LAYERS.index(views[n][0]), n)):
        visit(name)
    return [(name, views[name][1]) for name in ordered]


def check_names() -> list[str]:
    """Views that must return zero rows."""
    return [name for name, (layer, _) in sources().items() if layer == "checks"]


def materialized_views() -> list[str]:
    """Views marked `-- materialize: per_file`, in dependency order.

    Their result for a trace depends on that trace alone, so the store computes them once per
    file at ingest (in the parser's worker) and queries read the stored result.
    """
    return list(_marked("per_file"))


def connection_views() -> list[str]:
    """Views marked `-- materialize: per_connection`, in dependency order.

    Small results that many other views read (attempts, goodput buckets, collective matches):
    a connection computes each once, when it opens, instead of once per view that reads it.
    Session variables set when the connection opens (tracelens.store.Store.connect) apply to
    them; variables set later do not.
    """
    return list(_marked("per_connection"))


@cache
def _marked(how: str) -> tuple[str, ...]:
    # Asked for once per ingested file: the scan of every query's text is done once.
    marked = {name for name, (_, sql) in sources().items() if re.search(rf"^--\s*materialize:\s*{how}\s*$", sql, re.M)}
    return tuple(name for name, _ in view_definitions() if name in marked)


def report_views() -> set[str]:
    """Every view but the zero-row checks (layer `checks`): what a report or a query reads."""
    return {name for name, (layer, _) in sources().items() if layer != "checks"}
