"""The fast tier of the SQL views: tiny hand-built tables into one view, exact rows out.

Each `tests/sql/<view>.test` file holds cases in a small sqllogictest-like format
(docs/testing.md, "Fast tier"). A case runs in a fresh in-memory DuckDB connection: its
statements build the view's inputs as tiny tables under the input names, then only the view
under test is created from its queries/ SQL (none of its upstream chain), and each query's
rows are compared with the expected rows written, with their hand arithmetic, in the file.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

import duckdb
import pyarrow as pa
import pytest

from tracelens.queries import declared_inputs, sources, view_definitions
from tracelens.schemas import TABLES
from tracelens.store import _EMPTY_FILES_SQL

CASES_DIR = Path(__file__).parent / "sql"
# Hand arithmetic writes a float to 6-12 significant digits; DuckDB's double arithmetic is
# exact to ~1e-15. A relative 1e-9 passes the first and still fails on any real change.
DEFAULT_REL_TOL = 1e-9
SEPARATOR = " | "


@dataclass
class Query:
    sql: str
    expected: list[list[str]]
    line: int
    rel_tol: float = DEFAULT_REL_TOL


@dataclass
class Case:
    path: Path
    view: str
    name: str
    line: int
    setup: list[str]
    # statements (SQL text) and queries, run in file order
    steps: list[str | Query] = field(default_factory=list)
    xfail: str | None = None

    @property
    def id(self) -> str:
        return f"{self.path.stem}: {self.name}"


class CaseFileError(ValueError):
    pass


def _blocks(lines: list[str], start: int) -> tuple[list[str], int]:
    """The lines from `start` up to the next blank line, and the index after it."""
    block: list[str] = []
    i = start
    while i < len(lines) and lines[i].strip():
        block.append(lines[i])
        i += 1
    return block, i


_INPUT = re.compile(r"([a-z_][a-z0-9_]*)\(([a-z0-9_, ]+)\)")


def _input_statement(head: str, rows: list[str], where: str) -> str:
    """`name(col, ...)` and its rows of SQL literals -> a CREATE TABLE with every column cast
    to the type the real table or view gives it."""
    match = _INPUT.fullmatch(head)
    if match is None:
        raise CaseFileError(f"{where}: 'input' wants name(column, ...), not {head!r}")
    table = match.group(1)
    columns = [c.strip() for c in match.group(2).split(",")]
    real = real_columns().get(table)
    if real is None:
        raise CaseFileError(f"{where}: {table} is no stored table or view")
    unknown = [c for c in columns if c not in real]
    if unknown:
        raise CaseFileError(f"{where}: {table} has no column {unknown}")
    if not rows:
        return f"CREATE OR REPLACE TABLE {table} (" + ", ".join(f'"{c}" {real[c]}' for c in columns) + ")"
    values = "\n".join(rows).rstrip().rstrip(",")
    casts = ", ".join(f'"{c}"::{real[c]} AS "{c}"' for c in columns)
    names = ", ".join(f'"{c}"' for c in columns)
    return f"CREATE OR REPLACE TABLE {table} AS SELECT {casts} FROM (VALUES\n{values}\n) _rows({names})"


def parse_case_file(path: Path) -> list[Case]:
    """Every case of one .test file (format: docs/testing.md, "Fast tier")."""
    lines = path.read_text(encoding="utf-8").splitlines()
    view: str | None = None
    setup: list[str] = []
    cases: list[Case] = []
    current: Case | None = None
    i = 0
    while i < len(lines):
        text = lines[i].rstrip()
        where = f"{path.name}:{i + 1}"
        if not text.strip() or text.startswith("#"):
            i += 1
        elif text.startswith("view "):
            view = text.removeprefix("view ").strip()
            i += 1
        elif text.startswith("setup input "):
            if cases:
                raise CaseFileError(f"{where}: setup must come before the first case")
            block, i = _blocks(lines, i + 1)
            setup.append(_input_statement(text.removeprefix("setup input ").strip(), block, where))
        elif text.startswith("case "):
            if view is None:
                raise CaseFileError(f"{where}: a case before the 'view' line")
            current = Case(path, view, text.removeprefix("case ").strip(), i + 1, list(setup))
            cases.append(current)
            i += 1
        elif current is None:
            raise CaseFileError(f"{where}: {text!r} outside a case")
        elif text.startswith("xfail "):
            current.xfail = text.removeprefix("xfail ").strip()
            i += 1
        elif text.startswith("input "):
            block, i = _blocks(lines, i + 1)
            current.steps.append(_input_statement(text.removeprefix("input ").strip(), block, where))
        elif text == "statement":
            block, i = _blocks(lines, i + 1)
            current.steps.append("\n".join(block))
        elif text == "query" or text.startswith("query "):
            options = dict(opt.split("=", 1) for opt in text.split()[1:])
            query_line = i + 1
            block, i = _blocks(lines, i + 1)
            if "----" not in block:
                raise CaseFileError(f"{where}: a query without its '----' line")
            cut = block.index("----")
            rows = [row.split(SEPARATOR) for row in block[cut + 1 :] if not row.startswith("#")]
            rows = [[cell.strip() for cell in row] for row in rows]
            if rows == [["(no rows)"]]:
                rows = []
            elif not any(row.startswith("#") for row in block[cut + 1 :]):
                raise CaseFileError(f"{where}: expected rows without a '#' line saying why they are what they are")
            tol = float(options.get("tol", DEFAULT_REL_TOL))
            current.steps.append(Query("\n".join(block[:cut]), rows, query_line, tol))
        else:
            raise CaseFileError(f"{where}: cannot read {text!r}")
    for case in cases:
        if not any(isinstance(step, Query) for step in case.steps):
            raise CaseFileError(f"{path.name}:{case.line}: case {case.name!r} has no query")
    return cases


def _all_cases() -> list[Case]:
    return [case for path in sorted(CASES_DIR.glob("*.test")) for case in parse_case_file(path)]


def render(value: Any) -> str:
    """A value as the case files write it."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return value if value else "(empty)"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(render(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {render(v)}" for k, v in value.items()) + "}"
    return str(value)


def cell_matches(actual: Any, expected: str, rel_tol: float) -> bool:
    """Floats within the tolerance (hand arithmetic rounds); everything else as written."""
    if isinstance(actual, float | Decimal):
        try:
            want = float(expected)
        except ValueError:
            return False
        got = float(actual)
        if math.isnan(want) or math.isnan(got):
            return math.isnan(want) and math.isnan(got)
        return math.isclose(got, want, rel_tol=rel_tol, abs_tol=rel_tol)
    return render(actual) == expected


@cache
def real_columns() -> dict[str, dict[str, str]]:
    """Every stored table's and view's columns and DuckDB types, as a store with no rows has
    them: a case's hand-built input must use the real names and types."""
    con = duckdb.connect()
    for name, schema in TABLES.items():
        con.register("_empty", pa.table({f.name: pa.array([], type=f.type) for f in schema}))
        con.execute(f"CREATE TABLE {name} AS SELECT * FROM _empty")
        con.unregister("_empty")
    con.execute(f"CREATE VIEW files AS {_EMPTY_FILES_SQL}")
    for name, sql in view_definitions():
        # an empty table, not a view: a view re-binds its whole upstream chain at every use
        con.execute(f"CREATE TABLE {name} AS SELECT * FROM (\n{sql.strip().rstrip(';')}\n) LIMIT 0")
    out: dict[str, dict[str, str]] = {}
    for name in [*TABLES, "files", *sources()]:
        out[name] = {row[0]: row[1] for row in con.execute(f"DESCRIBE {name}").fetchall()}
    con.close()
    return out


def _check_inputs(con: duckdb.DuckDBPyConnection, case: Case) -> None:
    """The case built only what the view declares it reads, with the real columns' types."""
    inputs = declared_inputs(case.view, sources()[case.view][1])
    built = {row[0] for row in con.execute("SELECT table_name FROM duckdb_tables() UNION SELECT view_name "
                                           "FROM duckdb_views() WHERE NOT internal").fetchall()}
    stray = built - inputs
    assert not stray, f"{case.id}: builds {sorted(stray)}, which {case.view} does not declare as inputs"
    real = real_columns()
    for table in built:
        columns = {row[0]: row[1] for row in con.execute(f"DESCRIBE {table}").fetchall()}
        for column, type_ in columns.items():
            assert column in real[table], f"{case.id}: {table} has no column {column}"
            assert type_ == real[table][column], (
                f"{case.id}: {table}.{column} is {type_}, the real one {real[table][column]}")


def run_case(case: Case) -> None:
    con = duckdb.connect()
    try:
        for statement in case.setup:
            con.execute(statement)
        created = False
        for query in case.steps:
            if isinstance(query, str):
                con.execute(query)
                continue
            if not created:  # the inputs are built: only now the view under test, over them
                _check_inputs(con, case)
                sql = sources()[case.view][1]
                con.execute(f"CREATE VIEW {case.view} AS\n{sql.strip().rstrip(';')}\n")
                created = True
            rows = con.execute(query.sql).fetchall()
            where = f"{case.path.name}:{query.line}"
            shown = "\n".join(SEPARATOR.join(render(v) for v in row) for row in rows) or "(no rows)"
            assert len(rows) == len(query.expected), (
                f"{where}: {len(rows)} rows, expected {len(query.expected)}; got:\n{shown}")
            for n, (got, want) in enumerate(zip(rows, query.expected, strict=True)):
                assert len(got) == len(want), f"{where}: row {n + 1} has {len(got)} columns, expected {len(want)}"
                bad = [k for k, (a, e) in enumerate(zip(got, want, strict=True)) if not cell_matches(a, e, query.rel_tol)]
                assert not bad, (f"{where}: row {n + 1}, column(s) {[k + 1 for k in bad]}: got "
                                 f"{SEPARATOR.join(render(v) for v in got)!r}, expected {SEPARATOR.join(want)!r}; "
                                 f"all rows:\n{shown}")
    finally:
        con.close()


CASES = _all_cases()


@pytest.mark.parametrize(
    "case",
    # an xfail case must fail on its rows: a case that no longer runs at all is not hidden by it
    [pytest.param(c, id=c.id, marks=[pytest.mark.xfail(reason=c.xfail, strict=True, raises=AssertionError)]
                  if c.xfail else [])
     for c in CASES],
)
def test_view_case(case: Case) -> None:
    run_case(case)


def test_every_mart_has_a_case() -> None:
    marts = {name for name, (layer, _) in sources().items() if layer == "marts"}
    covered = {case.view for case in CASES}
    assert sorted(marts - covered) == []


def test_each_file_tests_the_view_it_is_named_after() -> None:
    assert [c.id for c in CASES if c.view != c.path.stem] == []


def test_the_harness_fails_on_a_wrong_row(tmp_path: Path) -> None:
    """A wrong value, a missing row and a stray input each fail a case."""
    base = (
        "view event_summary\n\n"
        "case one event\n"
        "statement\n"
        "CREATE TABLE trace_events AS SELECT 0::INTEGER AS rank, 'cpu_op' AS kind, 5::BIGINT AS dur_ns, "
        "'f' AS file_id\n\n{extra}"
        "query\nSELECT rank, kind, events, total_dur_ns, files FROM event_summary\n----\n# one event of 5 ns\n{row}\n"
    )
    variants = {
        "wrong value": ("", "0 | cpu_op | 1 | 6 | 1"),
        "missing row": ("", "(no rows)"),
        "stray input": ("statement\nCREATE TABLE collectives (x INTEGER)\n\n", "0 | cpu_op | 1 | 5 | 1"),
    }
    good = tmp_path / "event_summary.test"
    good.write_text(base.format(extra="", row="0 | cpu_op | 1 | 5 | 1"), encoding="utf-8")
    run_case(parse_case_file(good)[0])
    for label, (extra, row) in variants.items():
        path = tmp_path / "event_summary.test"
        path.write_text(base.format(extra=extra, row=row), encoding="utf-8")
        with pytest.raises(AssertionError):
            run_case(parse_case_file(path)[0])
            pytest.fail(f"the case with a {label} passed")


# One deliberate fault per view, each a rule its cases are written to pin down.
BROKEN_VIEWS = [
    ("stragglers", "arrived_last >= (select min_last from settings)", "arrived_last > (select min_last from settings)"),
    ("int_bucket_priority", "('data_stall', 6), ('productive', 7)", "('data_stall', 7), ('productive', 6)"),
    ("int_wall_segments", "coalesce(min(l.priority) filter", "coalesce(max(l.priority) filter"),
    ("goodput_buckets", "when (select start_ns from wall) is not null then", "when true then"),
    ("collective_matches", "arg_max(rank, [start_adj_ns, -rank])", "arg_max(rank, [start_adj_ns, rank])"),
    ("comm_waits", "coalesce(max(wait_end_ns) over (", "coalesce(last_value(wait_end_ns) over ("),
    ("hang_analysis", "g.last_enqueued < p.divergent_seq", "g.last_enqueued <= p.divergent_seq"),
    ("findings", "when y.interval_steps > 2 * y.optimum_s", "when y.interval_steps > 20 * y.optimum_s"),
    ("attempts", "coalesce(a.timeout_hang_start_ns, h.hang_start_ns)", "coalesce(h.hang_start_ns, a.timeout_hang_start_ns)"),
    ("goodput", "where g.bucket in ('productive', 'lost_work')", "where g.bucket = 'productive'"),
    ("step_breakdown", "where step is not null and cause is null", "where step is not null"),
    ("clock_offsets", "having count(*) > 1", "having count(*) >= 1"),
    ("collective_bandwidth", "and hi_size is not null then hi_us", "and hi_size is not null then 0"),
    ("rank_summary", "where cause is not null and cause <> rank", "where cause is not null"),
    ("int_job_wall", "case when d.n >= 2 then s.start_ns end", "case when d.n >= 1 then s.start_ns end"),
    ("int_reference_rank", "coalesce(steps_rank, events_rank, traced_rank)", "coalesce(events_rank, steps_rank, traced_rank)"),
    ("int_ideal_step", "filter (where nth > 1), median(e_ns - s_ns))", "filter (where nth > 0), median(e_ns - s_ns))"),
    ("int_log_step_bounds", "'tracelens_step_credit_slack') as double), 1.5)", "'tracelens_step_credit_slack') as double), 5)"),
    ("int_attempts", "where s.step <= s.previous_step", "where s.step < s.previous_step"),
    ("int_world_size", "when l.seen >= 2 and not coalesce(s.printed > l.n, false) then l.n::double",
     "when l.seen >= 1 and not coalesce(s.printed > l.n, false) then l.n::double"),
    ("int_bar_anchors", "having count(*) >= 3", "having count(*) >= 2"),
    ("int_log_intervals",
     "u.e_ns - u.usual_ns)",
     "u.attempt_start_ns)"),
    ("int_step_categories", "(state & 16) > 0 and not (device_type = 'cpu' and (state & 2) > 0)", "(state & 16) > 0"),
    ("int_step_segments", "coalesce(t.device_type = 'cpu', false)", "coalesce(t.device_type = 'cuda', false)"),
    ("int_nccl_baseline", "where not in_place and size_bytes > 0", "where size_bytes > 0"),
    ("int_fr_progress", "max(last_enqueued) as last_enqueued", "min(last_enqueued) as last_enqueued"),
    ("int_log_steps", "order by count(*) desc, file_id)", "order by count(*) desc, file_id desc)"),
    ("int_steps", "coalesce(lag(device_end_ns) over", "coalesce(lag(host_end_ns) over"),
    ("int_trace_processes", "coalesce(host_pid::varchar, 'file:' || file_id)", "coalesce(host_pid::varchar, 'file')"),
    ("int_log_events", "(e.rank is null or e.rank is not distinct from r.rank)", "(e.rank is not distinct from r.rank)"),
    ("stg_fr_entries", "order by case state when 'completed' then 0 when 'started' then 1 else 2 end,\n"
     "                     frames is null", "order by frames is null"),
    ("int_traces", "order by t.start_ns, t.file_id", "order by t.file_id"),
]


@pytest.mark.parametrize(("view", "old", "new"), BROKEN_VIEWS, ids=[v for v, _, _ in BROKEN_VIEWS])
def test_a_broken_view_fails_a_case(view: str, old: str, new: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """The cases can fire: with one comparison or constant of the view changed, one fails."""
    layer, sql = sources()[view]
    assert old in sql, f"{view} no longer holds {old!r}: pick another fault for this test"
    monkeypatch.setitem(sources(), view, (layer, sql.replace(old, new)))
    for case in [c for c in CASES if c.view == view and not c.xfail]:
        try:
            run_case(case)
        except AssertionError:
            return
    pytest.fail(f"every case of {view} passes on the broken view")


def test_a_float_matches_within_the_tolerance_only() -> None:
    assert cell_matches(1 / 3, "0.333333333333", DEFAULT_REL_TOL)
    assert not cell_matches(1 / 3, "0.3333", DEFAULT_REL_TOL)
    assert cell_matches(1 / 3, "0.3333", 1e-3)
    assert not cell_matches(None, "0", DEFAULT_REL_TOL)
    assert cell_matches(None, "NULL", DEFAULT_REL_TOL)
    assert not cell_matches(0.0, "NULL", DEFAULT_REL_TOL)
