"""String literals that SQL compares against EventKind/FileStatus are members of those enums."""

from __future__ import annotations

import re

from tracelens.enums import EventKind, FileStatus
from tracelens.queries import view_definitions


def test_sql_literals_are_enum_members() -> None:
    kinds = {k.value for k in EventKind}
    statuses = {s.value for s in FileStatus}
    checked = 0
    for name, sql in view_definitions():
        for column, members in (("kind", kinds), ("status", statuses)):
            pattern = rf"\b{column}\s*(?:(?:=|<>|!=)\s*('[^']*')|(?:not\s+)?in\s*\(([^)]*)\))"
            for match in re.finditer(pattern, sql):
                for literal in re.findall(r"'([^']*)'", match.group(1) or match.group(2)):
                    assert literal in members, f"{name}: '{literal}' is not a {column} value"
                    checked += 1
    assert checked > 10
