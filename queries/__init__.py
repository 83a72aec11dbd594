"""The SQL views: one query per .sql file, layered staging -> intermediate -> marts, plus checks.

A file's stem is its view name. Each file opens with a comment (purpose, grain, inputs,
output columns with units) and holds one SELECT, written as CTEs ending in `final`.
Checks (`checks/*.sql`) are views that must return zero rows on any store.
"""

from __future__ import annotations

import re
from functools import cache
from importlib import resources

LAYERS = ("staging", "intermediate", "marts", "checks")


@cache
def _sources() -> dict[str, tuple[str, str]]:
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


@cache
def _dependencies() -> dict[str, frozenset[str]]:
    sources = _sources()
    names = set(sources)
    out = {}
    for name, (_, sql) in sources.items():
        words = set(re.findall(r"\w+", re.sub(r"--[^\n]*", "", sql)))  # comments name views too
        out[name] = frozenset((words & names) - {name})
    return out


def view_definitions(only: set[str] | None = None) -> list[tuple[str, str]]:
    """(name, sql) for every view (or only those in `only` and what they read), each after the views it reads."""
    sources = _sources()
    deps = _dependencies()
    if only is not None:
        needed: set[str] = set()
        stack = list(only)
        while stack:
            name = stack.pop()
            if name not in needed:
                needed.add(name)
                stack.extend(deps[name])
        sources = {k: v for k, v in sources.items() if k in needed}
    ordered: list[str] = []
    visiting: set[str] = set()

    def visit(name: str) -> None:
        if name in ordered:
            return
        if name in visiting:
            raise RuntimeError(f"queries/: circular view dependency through {name}")
        visiting.add(name)
        for dep in sorted(deps[name] & sources.keys()):
            visit(dep)
        visiting.discard(name)
        ordered.append(name)

    for name in sorted(sources, key=lambda n: (LAYERS.index(sources[n][0]), n)):
        visit(name)
    return [(name, sources[name][1]) for name in ordered]


def check_names() -> list[str]:
    """Views that must return zero rows."""
    return [name for name, (layer, _) in _sources().items() if layer == "checks"]


def materialized_views() -> list[str]:
    """Views marked `-- materialize: per_file`, in dependency order.

    Their result for a trace depends on that trace alone, so the store computes them once per
    file at ingest (in the parser's worker) and queries read the stored result.
    """
    marked = {name for name, (_, sql) in _sources().items() if re.search(r"^--\s*materialize:\s*per_file\s*$", sql, re.M)}
    return [name for name, _ in view_definitions() if name in marked]


def connection_views() -> list[str]:
    """Views marked `-- materialize: per_connection`, in dependency order.

    Small results that many other views read (attempts, goodput buckets, collective matches):
    a connection computes each once, when it opens, instead of once per view that reads it.
    Session variables set when the connection opens (tracelens.store.Store.connect) apply to
    them; variables set later do not.
    """
    marked = {
        name for name, (_, sql) in _sources().items() if re.search(r"^--\s*materialize:\s*per_connection\s*$", sql, re.M)
    }
    return [name for name, _ in view_definitions() if name in marked]


def report_views() -> set[str]:
    """Every view but the zero-row checks (layer `checks`): what a report or a query reads."""
    return {name for name, (layer, _) in _sources().items() if layer != "checks"}
