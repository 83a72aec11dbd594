"""String literals that SQL compares against EventKind/FileStatus are members of those enums."""

from __future__ import annotations

import re

from tracelens.enums import EventKind, FileStatus
from tracelens.queries import view_definitions


def test_sql_literals_are_enum_members() -> None:
    kinds = {k.value for k in EventKind}
    statuses = {s.value for s in FileStatus}
    for name, sql in view_definitions():
        for match in re.finditer(r"\bkind\s*(?:=|in|<>|!=)\s*\(?([^)\n]*)", sql):
            for literal in re.findall(r"'([^']*)'", match.group(1)):
                assert literal in kinds, f"{name}: '{literal}' is not an EventKind"
        for match in re.finditer(r"\bstatus\s*(?:=|in|<>|!=)\s*\(?([^)\n]*)", sql):
            for literal in re.findall(r"'([^']*)'", match.group(1)):
                assert literal in statuses, f"{name}: '{literal}' is not a FileStatus"
