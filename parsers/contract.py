"""The contract every parser keeps: what it claims of a file, what it is given, what it returns.

Its own module, so that the registry (`tracelens.parsers`) imports every parser at its top and
every parser imports only this: no cycle between them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum
from pathlib import Path
from typing import Protocol

import pyarrow as pa

from tracelens.enums import FileStatus


class Claim(IntEnum):
    """How sure a parser is that a file is its format."""

    NO = 0
    NAME = 1  # the file name says so (e.g. *.pt.trace.json); parse errors are reported
    CONTENT = 2  # the first bytes say so


@dataclass(frozen=True)
class ParseOptions:
    """Options a user can force from the command line."""

    rank: int | None = None  # used when a trace does not say which rank wrote it
    profiles: tuple[str, ...] = ()  # user profile files (TOML) for log formats tracelens does not know


@dataclass
class ParseResult:
    """What one file yields: tables by name, its status, and warnings for the user."""

    tables: dict[str, pa.Table]
    status: FileStatus = FileStatus.OK
    warnings: list[str] = field(default_factory=list)
    unrecognised_lines: int | None = None  # text inputs: non-blank lines that yielded nothing

    @property
    def rows(self) -> int:
        return sum(t.num_rows for t in self.tables.values())


class Parser(Protocol):
    """What the ingest reads of a parser. Parsers subclass it (for `threads_well`'s default)."""

    name: str  # registry key, e.g. "kineto"
    kind: str  # what the file is, e.g. "kineto_trace" (files.kind)
    tables: tuple[str, ...]  # tables this parser fills

    def detect(self, path: Path, head: bytes) -> Claim: ...

    def parse(self, path: Path, options: ParseOptions) -> ParseResult: ...

    @property
    def threads_well(self) -> bool:
        """True when a parse releases the GIL for most of its time, so that files parse in
        threads of one process; else each goes to a process of its own (tracelens.executors)."""
        return False
