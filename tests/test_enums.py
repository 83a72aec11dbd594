"""String literals that SQL compares against EventKind/FileStatus/HangVerdict are members of those enums."""

from __future__ import annotations

import re
from pathlib import Path

from tracelens.enums import EventKind, FileStatus, GoodputBucket, HangVerdict, LogEventKind
from tracelens.queries import view_definitions


def test_sql_literals_are_enum_members() -> None:
    # `kind` is trace_events.kind (EventKind), log_events.kind (LogEventKind) or files.kind (a parser's kind)
    from tracelens.parsers import registry

    kinds = {k.value for k in EventKind} | {k.value for k in LogEventKind} | {p.kind for p in registry().values()}
    statuses = {s.value for s in FileStatus}
    verdicts = {v.value for v in HangVerdict}
    checked = 0
    for name, sql in view_definitions():
        for column, members in (("kind", kinds), ("status", statuses), ("verdict", verdicts)):
            pattern = rf"\b{column}\s*(?:(?:=|<>|!=)\s*('[^']*')|(?:not\s+)?in\s*\(([^)]*)\))"
            for match in re.finditer(pattern, sql):
                for literal in re.findall(r"'([^']*)'", match.group(1) or match.group(2)):
                    assert literal in members, f"{name}: '{literal}' is not a {column} value"
                    checked += 1
    assert checked > 10


def test_goodput_bucket_labels_are_the_enum() -> None:
    sql = dict(view_definitions())["int_bucket_priority"]
    values = re.search(r"from \(values(.*?)\) t\(bucket, priority\)", sql, re.S)
    assert values is not None
    labels = re.findall(r"\('(\w+)', \d+\)", values.group(1))
    assert sorted(labels) == sorted(b.value for b in GoodputBucket)


def test_hang_verdicts_are_the_enum() -> None:
    sql = dict(view_definitions())["hang_analysis"]
    case = re.search(r"case when len\(w\.missing_ranks\).*?end as verdict", sql, re.S)
    assert case is not None
    assert sorted(set(re.findall(r"'(\w+)'", case.group(0)))) == sorted(v.value for v in HangVerdict)


def test_hang_verdict_priority_is_the_enum_order() -> None:
    """A process group that shows several defects gets the first verdict, and the hangs are
    ordered the same way (`hang_order`): both copies of the priority follow HangVerdict's order."""
    sql = dict(view_definitions())["hang_analysis"]
    case = re.search(r"case when len\(w\.missing_ranks\).*?end as verdict", sql, re.S)
    order = re.search(r"order by case verdict (.*?) end", sql, re.S)
    assert case is not None and order is not None
    priority = [v.value for v in HangVerdict]
    assert re.findall(r"then '(\w+)'", case.group(0)) + re.findall(r"else '(\w+)'", case.group(0)) == priority
    ranked = re.findall(r"when '(\w+)' then (\d+)", order.group(1))
    assert [v for v, _ in sorted(ranked, key=lambda vr: int(vr[1]))] == priority[: len(ranked)]
    assert len(ranked) == len(priority) - 2  # the last defect falls to `else`; ok has no hang_order


# One source for each closed set (tracelens/enums.py); every copy of it in SQL, C or another
# module is read here and compared with it.

def _sql(view: str) -> str:
    return dict(view_definitions())[view]


def _lists(sql: str, column: str) -> list[set[str]]:
    """The literal lists of every `column [not] in (...)` of a query."""
    return [set(re.findall(r"'([^']*)'", m)) for m in re.findall(rf"\b{column}\s+(?:not\s+)?in\s*\(([^)]*)\)", sql)]


def test_failure_event_kinds_are_the_enum_set() -> None:
    from tracelens.enums import FAILURE_EVENT_KINDS

    lists = _lists(_sql("int_attempts"), r"e\.kind")
    assert set(FAILURE_EVENT_KINDS) in lists  # the crash list
    assert set(FAILURE_EVENT_KINDS) | {"restart"} in lists  # what is no sign of life
    for name, sql in view_definitions():
        for members in _lists(sql, r"(?:\w+\.)?kind"):
            if "crash" in members:
                assert set(FAILURE_EVENT_KINDS) <= members, (name, members)


def test_every_device_work_list_names_every_device_kind() -> None:
    from tracelens.enums import DEVICE_WORK_KINDS

    seen = 0
    for name, sql in view_definitions():
        for members in _lists(sql, r"(?:\w+\.)?kind"):
            if "memcpy" in members:
                assert set(DEVICE_WORK_KINDS) <= members, (name, members)
                seen += 1
    assert seen >= 4


def test_activity_kinds_are_event_kinds_and_step_categories_the_enum() -> None:
    from tracelens.enums import StepCategory

    rows = re.findall(r"\('(\w+)', (?:null|true|false), '(\w+)', \d+, \d+\)", _sql("int_activity_kinds"))
    assert rows and {kind for kind, _ in rows} <= {k.value for k in EventKind}
    columns = re.findall(r"\b(\w+)_ns\b", _sql("int_step_categories").split("with ", 1)[0].split("-- Columns:", 1)[1])
    assert {c.value for c in StepCategory} <= set(columns)
    categories = re.findall(r"select '(\w+)'(?: as category)?, \w+(?: as ns)? from profiled", _sql("productive_breakdown"))
    assert set(categories) == {c.value for c in StepCategory}


def test_collective_ops_are_one_set() -> None:
    from tracelens.enums import SIZES_MUST_MATCH, CollectiveOp, bus_bandwidth_factor
    from tracelens.parsers import _nccl, nccl_tests

    ops = {o.value for o in CollectiveOp}
    assert set(_nccl._OPS.values()) <= ops
    assert set(nccl_tests.OPS.values()) <= ops
    (must_match,) = re.findall(r"bool_and\(op in \(([^)]*)\)\) as sizes_must_match", _sql("collective_mismatches"))
    assert set(re.findall(r"'(\w+)'", must_match)) == set(SIZES_MUST_MATCH)
    bandwidth = _sql("collective_bandwidth")
    normalised = bandwidth.split("as op_norm", 1)[0].rsplit("case when op in", 1)[1]
    assert set(re.findall(r"then '(\w+)'", normalised)) <= ops
    factors = dict(re.findall(r"when '(\w+)' then ([^\n]+?)(?= when|\n| end)", bandwidth.split("as op_norm", 1)[1]))
    assert factors and set(factors) <= ops
    for op, expression in factors.items():
        for n in (2, 8):
            assert eval(expression.replace("n_ranks", str(n))) == bus_bandwidth_factor(op, n), op
    assert {o for o in ops if bus_bandwidth_factor(o, 8) is not None} == set(factors)


def test_dtype_sizes_are_one_table() -> None:
    from tracelens.enums import DTYPE_BYTES
    from tracelens.parsers import _nccl, flight_recorder

    sql = dict(re.findall(r"when '(\w+)' then (\d+)", _sql("int_collectives").split("as bytes", 1)[0]))
    copies = {
        "int_collectives": {name: int(size) for name, size in sql.items()},
        "parsers/_nccl.py": dict(_nccl.DTYPES.values()),
        "parsers/flight_recorder.py": {name.lower(): size for name, size in flight_recorder.DTYPE_BYTES.items()},
    }
    for where, sizes in copies.items():
        assert sizes and {n: DTYPE_BYTES.get(n) for n in sizes} == sizes, where


def test_promoted_kineto_args_are_one_list() -> None:
    """The C scanner and the Python decoder promote the same args."""
    import msgspec

    from tracelens.enums import KINETO_COLLECTIVE_ARGS, KINETO_PROMOTED_ARGS
    from tracelens.parsers.kineto import _decode

    source = (Path(__file__).parent.parent / "tracelens" / "_fastscan.c").read_text()

    def c_keys(array: str) -> tuple[str, ...]:
        (body,) = re.findall(rf"{array}\[[^\]]*\] = \{{(.*?)\}};", source, re.S)
        return tuple(re.findall(r'KEY\("([^"]+)"\)', body))

    assert c_keys("ARG_KEYS") == KINETO_PROMOTED_ARGS
    assert c_keys("COLLECTIVE_KEYS") == KINETO_COLLECTIVE_ARGS
    decoded = {f.encode_name for f in msgspec.structs.fields(_decode._Args)}
    assert decoded == set(KINETO_PROMOTED_ARGS) | set(KINETO_COLLECTIVE_ARGS)


def test_gpu_count_sources_are_the_enum() -> None:
    from tracelens.enums import GpusSource

    sql = _sql("int_world_size")
    case = re.search(r"case(.*?)end as gpus_source", sql, re.S)
    assert case is not None
    assert set(re.findall(r"then '(\w+)'|else '(\w+)'", case.group(1))) - {("", "")} and {
        v for pair in re.findall(r"then '(\w+)'|else '(\w+)'", case.group(1)) for v in pair if v} == {s.value for s in GpusSource}
    kinds = re.search(r"case gpus_source(.*?)end", _sql("provenance"), re.S)
    assert kinds is not None and set(re.findall(r"when '(\w+)'", kinds.group(1))) <= {s.value for s in GpusSource}


def test_attempt_clocks_are_the_enum() -> None:
    from tracelens.enums import Clock

    case = re.search(r"case(.*?)end as clock", _sql("attempts"), re.S)
    assert case is not None
    assert {v for pair in re.findall(r"then '(\w+)'|else '(\w+)'", case.group(1)) for v in pair if v} == {c.value for c in Clock}
