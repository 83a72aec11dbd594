"""NCCL_DEBUG=INFO/WARN/TRACE logs: version, communicator init (comm, commId, rank, nranks, busId,
Init COMPLETE, Init timings), channels, rings, trees and transports, per-call COLL lines, and
WARN lines. Lines may carry launcher prefixes and be interleaved across ranks. A training job's
console log with NCCL lines in it is read by its framework's parser, which feeds the same
scanner (parsers/_nccl.py)."""

from __future__ import annotations

from pathlib import Path

from tracelens.enums import FileStatus
from tracelens.errors import ParseError
from tracelens.parsers._io import gc_paused, read_bytes
from tracelens.parsers._lines import _ANSI, parse_timestamp, strip_prefix
from tracelens.parsers._nccl import NCCL_LINE, NcclScanner
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult


class NcclDebugParser(Parser):
    name = "nccl_debug"
    kind = "nccl_log"
    tables = ("nccl_comms", "nccl_warnings", "nccl_calls")

    def detect(self, path: Path, head: bytes) -> Claim:
        text = head.decode("utf-8", "replace")
        if not any(NCCL_LINE.search(line) for line in text.splitlines()[:2000]):
            return Claim.NO
        # a job's console that NCCL_DEBUG lines fill and a traceback ends: a console reader that
        # claims it (a tie: they come first) reads its NCCL lines and its failure; this reader,
        # the NCCL lines alone
        return Claim.NAME if "Traceback (most recent call last)" in text else Claim.CONTENT

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        with gc_paused():  # a row or more a line, nothing to collect (see gc_paused)
            return self._parse(path, options)

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        data, warning = read_bytes(path)
        if not data.strip():
            raise ParseError(str(path), "empty file")
        nccl = NcclScanner()
        for number, physical in enumerate(data.decode("utf-8", "replace").splitlines(), start=1):
            rank, body = strip_prefix(_ANSI.sub("", physical) if "\x1b" in physical else physical)
            nccl.feed(number, body, rank, parse_timestamp(body) if "WARN" in body else None)
        if not nccl.lines:
            raise ParseError(str(path), "no NCCL line found", where="line 1")
        tables = nccl.tables()
        warnings = [warning] if warning else []
        if not any(t.num_rows for t in tables.values()):
            warnings.append(f"{nccl.lines} NCCL lines, none about a communicator, a call or a warning")
        return ParseResult(tables, FileStatus.TRUNCATED if warning else FileStatus.OK, warnings)
