"""What every console reader shares: its kind and tables, detection by the file's evidence,
and a parse with the cyclic garbage collector paused. A reader names itself and reads the lines
(`_parse`: `open_log`, the shared event scanner, its own rules, `log_result`)."""

from __future__ import annotations

from pathlib import Path

from tracelens.parsers._evidence import console_format
from tracelens.parsers._io import gc_paused
from tracelens.parsers._logtables import LOG_TABLES
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult


class LogReader(Parser):
    kind = "console_log"
    tables = LOG_TABLES

    def detect(self, path: Path, head: bytes) -> Claim:
        """The reader of a file whose evidence (one combined pattern over its text) shows the
        most step lines of its format; readers that also claim files on their head override it."""
        return Claim.CONTENT if console_format(path) == self.name else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        with gc_paused():  # a row or more a line, nothing to collect (see gc_paused)
            return self._parse(path, options)

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        raise NotImplementedError
