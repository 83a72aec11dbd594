"""PyTorch profiler (Kineto) Chrome-trace JSON: `.json`, `.json.gz`, `*.pt.trace.json[.gz]`.

Covers every era: 2021 traces (categories `Operator`/`Kernel`/`Runtime`, absolute
microsecond timestamps, string tids), current traces (`cpu_op`/`kernel`/`cuda_runtime`/...,
timestamps relative to `baseTimeNanoseconds`), ROCm traces, and CPU-only (gloo) traces.

Speed: the file is decoded once with msgspec into typed structs that name only the fields we
store, so unknown keys (and the environment dumps some trace headers carry) are skipped without
ever becoming Python objects. Each event's `args` stays raw JSON text; the promoted fields are
decoded from all of them in one bulk call. Columns are built with list comprehensions (or by the
C scanner, see README); events are classified once per distinct (category, name) and assigned
their profiler step with numpy, so a trace's parse never loads polars.

Timestamps are exact integer nanoseconds: relative timestamps (< 2**43 us) survive float
decoding exactly once integer and fraction are split; absolute microsecond timestamps with a
fractional part are re-decoded as decimals.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import msgspec

from tracelens.enums import FileStatus
from tracelens.errors import ParseError
from tracelens.parsers._io import ColumnsTurn, Pager, gc_paused, map_bytes
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult
from tracelens.parsers.kineto._columns import _Accumulator
from tracelens.parsers.kineto._decode import (
    _HEADER_DECODER,  # noqa: F401  (the scanner's tests decode headers as the parser does)
    _bound_header_ints,
    _decode_header,
    _event_chunks,
    _fastscan,
    _reduced_header,
    _scan,
    _scan_document,
)

_TRACE_NAME = re.compile(r"\.pt\.trace\.json(\.gz)?$|trace.*\.json(\.gz)?$", re.IGNORECASE)


class KinetoParser(Parser):
    name = "kineto"
    kind = "kineto_trace"
    tables = ("trace_meta", "process_groups", "devices", "trace_events", "trace_instants", "trace_counters")

    def detect(self, path: Path, head: bytes) -> Claim:
        if b'"traceEvents"' in head and (b'"ph"' in head or b'"schemaVersion"' in head or b'"deviceProperties"' in head):
            return Claim.CONTENT
        if _TRACE_NAME.search(path.name):
            return Claim.NAME
        return Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        # hundreds of thousands of short-lived acyclic objects: collection only costs time
        with gc_paused():
            return self._parse(path, options)

    @property
    def threads_well(self) -> bool:
        """True when the C scanner does the bulk of a parse with the GIL released, so that
        files parse in parallel threads of one process (see Store._parse_all)."""
        return _fastscan is not None and not os.environ.get("TRACELENS_PURE_PYTHON")

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        data, gzip_warning = map_bytes(path)
        pager = Pager(data)
        warnings: list[str] = [gzip_warning] if gzip_warning else []
        try:
            if re.match(rb"\s*\S", data) is None:
                raise ParseError(str(path), "empty file" if not gzip_warning else f"empty file ({gzip_warning})")
            # The scanner reads the whole document in one pass (the event array into columns,
            # the rest checked); the small rest is then decoded on its own. Where it declines
            # (a cut-off file, unusual JSON), the header decoder walks the document and salvages.
            truncation = None
            document = _scan_document(data, release=pager.file_backed)
            ColumnsTurn.take()  # until the store has written the tables (see ColumnsTurn)
            header = _reduced_header(data, *document[1:]) if document is not None else None
            scanned = document[0] if document is not None and header is not None else None
            if header is None:
                header, truncation = _decode_header(path, data)
            _bound_header_ints(header)
            if truncation:
                warnings.append(truncation)
            truncated = bool(gzip_warning or truncation)
            acc = _Accumulator(header.baseTimeNanoseconds or 0)
            corrupt: list[str] = []
            pager.release()  # the header's decode walked the whole file: start from nothing resident
            pager.within(header.traceEvents)
            if scanned is None:
                scanned = _scan(header.traceEvents, release=pager.file_backed)
            if scanned is not None and acc.add_scanned(scanned, memoryview(header.traceEvents)):
                pager.release(len(header.traceEvents))
            else:
                acc = _Accumulator(header.baseTimeNanoseconds or 0)
                for chunk in _event_chunks(memoryview(header.traceEvents), corrupt, pager.release):
                    acc.add(chunk)
            if corrupt:
                warnings.extend(corrupt)
                truncated = True
            header.traceEvents = msgspec.Raw(b"[]")  # releases the file's bytes before the columnar work
            del data
            pager.close()
            tables = acc.finish(path, header, options, truncated)
            if truncation and not any(tables[t].num_rows for t in ("trace_events", "trace_instants") if t in tables):
                raise ParseError(str(path), f"no complete trace event could be read ({truncation})")
        finally:
            pager.close()
        warnings.extend(acc.warnings)
        return ParseResult(tables=tables, status=FileStatus.TRUNCATED if truncated else FileStatus.OK, warnings=warnings)
