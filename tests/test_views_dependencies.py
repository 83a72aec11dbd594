"""Each view's `-- Inputs:` header is the declaration of what it reads (the views are created in
that order), so it must be exactly what the SQL reads: the tables DuckDB's own parser finds in
the query (json_serialize_sql), less the query's CTEs. And the layers keep their direction:
staging reads stored tables, intermediate views read no mart."""

from __future__ import annotations

import json
from typing import Any

import duckdb
import pytest

from tracelens.queries import LAYERS, declared_inputs, dependencies, sources
from tracelens.schemas import TABLES

STORED = set(TABLES) | {"files"}  # `files` is the store's catalog of inputs


def _read_by_sql(sql: str) -> set[str]:
    """Every table a query names in a FROM or JOIN (subqueries, CTEs and lateral joins
    included), less the names of its CTEs, as DuckDB's parser sees it."""
    row = duckdb.connect().execute("select json_serialize_sql(?)", [sql]).fetchone()
    assert row is not None
    tree = json.loads(row[0])
    assert not tree.get("error"), tree
    tables: set[str] = set()
    ctes: set[str] = set()

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            if node.get("type") == "BASE_TABLE":
                tables.add(node["table_name"])
            for entry in (node.get("cte_map") or {}).get("map", []):
                ctes.add(entry["key"])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(tree)
    return tables - ctes


@pytest.mark.parametrize("view", sorted(sources()))
def test_declared_inputs_are_what_the_sql_reads(view: str) -> None:
    _, sql = sources()[view]
    assert declared_inputs(view, sql) == _read_by_sql(sql)


def test_every_input_is_a_stored_table_or_a_view() -> None:
    for view, (_, sql) in sources().items():
        assert declared_inputs(view, sql) <= STORED | set(sources()), view


def test_layers_read_downwards() -> None:
    """staging reads stored tables only; intermediate views read stored tables, staging and
    intermediate views; marts read no check."""
    allowed = {
        "staging": set(),
        "intermediate": {"staging", "intermediate"},
        "marts": {"staging", "intermediate", "marts"},
        "checks": set(LAYERS),
    }
    wrong = {
        view: sorted(f"{dep} ({sources()[dep][0]})" for dep in deps if sources()[dep][0] not in allowed[sources()[view][0]])
        for view, deps in dependencies().items()
    }
    assert {view: deps for view, deps in wrong.items() if deps} == {}


def test_a_column_named_like_a_view_is_no_dependency() -> None:
    """collective_bandwidth_steps has a column named `collectives`, the name of a mart it does
    not read; a dependency guessed from the words of the SQL made one."""
    _, sql = sources()["collective_bandwidth_steps"]
    assert " as collectives" in sql
    assert dependencies()["collective_bandwidth_steps"] == {"collective_bandwidth"}


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("-- Inputs: a, b.\nselect 1", {"a", "b"}),
        ("-- Inputs: a (remark, with a comma; and more.), b; session variable x.\nselect 1", {"a", "b"}),
        ("-- Inputs: a,\n--   b (on the next line).\nselect 1", {"a", "b"}),
        ("-- Inputs: none.\nselect 1", set()),
    ],
)
def test_the_inputs_line_is_read_as_documented(header: str, expected: set[str]) -> None:
    assert declared_inputs("v", header) == expected


@pytest.mark.parametrize(
    "header",
    ["select 1", "-- Inputs: a, b\nselect 1", "-- Inputs: a, the b view.\nselect 1"],
    ids=["no line", "no end", "not a name"],
)
def test_a_bad_inputs_line_is_refused(header: str) -> None:
    with pytest.raises(RuntimeError, match="v"):
        declared_inputs("v", header)
