"""String literals that SQL compares against EventKind/FileStatus/HangVerdict are members of those enums."""

from __future__ import annotations

import re

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
    sql = dict(view_definitions())["goodput_buckets"]
    values = re.search(r"from \(values(.*?)\) t\(bucket, priority\)", sql, re.S)
    assert values is not None
    labels = re.findall(r"\('(\w+)', \d+\)", values.group(1))
    assert sorted(labels) == sorted(b.value for b in GoodputBucket)


def test_hang_verdicts_are_the_enum() -> None:
    sql = dict(view_definitions())["hang_analysis"]
    case = re.search(r"case when len\(w\.missing_ranks\).*?end as verdict", sql, re.S)
    assert case is not None
    assert sorted(set(re.findall(r"'(\w+)'", case.group(0)))) == sorted(v.value for v in HangVerdict)
