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
import types
from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
import pyarrow as pa
from tracelens.parsers import Claim, ParseOptions, ParseResult
from tracelens.parsers._io import ColumnsTurn, LazyModule, Pager, gc_paused, map_bytes

if TYPE_CHECKING:
    import numpy as np
    import polars as pl
    import pyarrow.compute as pc
else:  # loaded when a trace is first parsed (see LazyModule)
    np = LazyModule("numpy")
    pl = LazyModule("polars")
    pc = LazyModule("pyarrow.compute")

from tracelens.enums import EventKind, FileStatus, RankSource
from tracelens.errors import ParseError
from tracelens.schemas import (
    DEVICES,
    PROCESS_GROUPS,
    TRACE_COUNTERS,
    TRACE_EVENTS,
    TRACE_INSTANTS,
    TRACE_META,
    conform,
)

_fastscan: types.ModuleType | None
try:  # the C scanner (tracelens/_fastscan.c), built where a compiler was found at install
    from tracelens import _fastscan
except ImportError:  # pragma: no cover - exercised on installs without a C compiler
    _fastscan = None

_Scalar = str | int | float | None


class _Event(msgspec.Struct, gc=False):
    ph: str = ""
    name: str | int | float | None = None
    cat: str | None = None
    pid: int | str | None = None
    tid: int | str | None = None
    ts: float | None = None
    dur: float | None = None
    s: str | None = None  # instant-event scope
    args: msgspec.Raw = msgspec.Raw(b"{}")


class _PgConfig(msgspec.Struct):
    pg_name: str | int | None = None
    pg_desc: str | None = None
    backend_config: str | None = None
    pg_size: int | None = None
    ranks: list[int] = []


class _DistInfo(msgspec.Struct):
    backend: str | None = None
    rank: int | None = None
    world_size: int | None = None
    pg_config: list[_PgConfig] = []


class _DeviceProp(msgspec.Struct):
    id: int | None = None
    name: str | None = None
    totalGlobalMem: int | None = None
    computeMajor: int | None = None
    computeMinor: int | None = None
    numSms: int | None = None
    warpSize: int | None = None


class _Args(msgspec.Struct, gc=False):
    """Args promoted to columns. Names differ by era (`External id` vs `external id`)."""

    external_id: int | str | None = msgspec.field(default=None, name="External id")
    external_id_legacy: int | str | None = msgspec.field(default=None, name="external id")
    correlation: int | str | None = None
    device: int | str | None = None
    stream: int | str | None = None
    coll_name: str | None = msgspec.field(default=None, name="Collective name")
    in_nelems: int | str | None = msgspec.field(default=None, name="In msg nelems")
    out_nelems: int | str | None = msgspec.field(default=None, name="Out msg nelems")
    in_split: msgspec.Raw = msgspec.field(default=msgspec.Raw(b""), name="In split size")
    out_split: msgspec.Raw = msgspec.field(default=msgspec.Raw(b""), name="Out split size")
    dtype: str | None = None
    group_size: int | str | None = msgspec.field(default=None, name="Group size")
    pg_name: str | int | None = msgspec.field(default=None, name="Process Group Name")
    pg_desc: str | None = msgspec.field(default=None, name="Process Group Description")
    pg_ranks: msgspec.Raw = msgspec.field(default=msgspec.Raw(b""), name="Process Group Ranks")
    seq: int | str | None = msgspec.field(default=None, name="Seq")
    nbytes: int | str | None = msgspec.field(default=None, name="bytes")


class _LooseArgs(msgspec.Struct):
    """Fallback when one event's args have unexpected types: keep only what converts."""

    external_id: Any = msgspec.field(default=None, name="External id")
    correlation: Any = None
    stream: Any = None
    device: Any = None


class _DecimalTs(msgspec.Struct):
    ts: Decimal | None = None


_ARGS_LIST_DECODER = msgspec.json.Decoder(list[_Args])
_ARGS_DECODER = msgspec.json.Decoder(_Args)
_LOOSE_ARGS_DECODER = msgspec.json.Decoder(_LooseArgs)
_ANY_DECODER = msgspec.json.Decoder()

_TRACE_NAME = re.compile(r"\.pt\.trace\.json(\.gz)?$|trace.*\.json(\.gz)?$", re.IGNORECASE)
_RANK_IN_NAME = re.compile(r"rank[-_\[]?(\d+)", re.IGNORECASE)
# An absolute-microsecond timestamp (>= 14 integer digits) with a fractional part cannot be
# represented in a float to the nanosecond.
_LONG_FRACTIONAL_TS = re.compile(rb'"ts"\s*:\s*-?\d{14,}\.\d')
_EXACT_FLOAT_US = float(2**43)  # below this a float64 microsecond value resolves 1 ns


class _Header(msgspec.Struct, gc=False):
    """The trace with its event array left as raw bytes: decoded chunk by chunk later."""

    schemaVersion: int | None = None
    deviceProperties: list[_DeviceProp] = []
    distributedInfo: _DistInfo | None = None
    baseTimeNanoseconds: int | None = None
    trace_id: str | None = None
    host_name: str | None = None
    cupti_version: _Scalar = None
    cuda_runtime_version: _Scalar = None
    cuda_driver_version: _Scalar = None
    hip_runtime_version: _Scalar = None
    hip_driver_version: _Scalar = None
    roctracer_version: _Scalar = None
    traceEvents: msgspec.Raw = msgspec.Raw(b"[]")


_HEADER_DECODER = msgspec.json.Decoder(_Header)
_EVENTS_DECODER = msgspec.json.Decoder(list[_Event])
_DECIMAL_EVENTS_DECODER = msgspec.json.Decoder(list[_DecimalTs])
_BOUNDARY = re.compile(rb"\}\s*,\s*\{")
_EVENT_COLUMNS = pa.schema(
    [f for f in TRACE_EVENTS if f.name not in ("file_id", "rank", "thread_name", "kind", "profiler_step")]
)
CHUNK_BYTES = 4 << 20  # events decoded at a time: bounds the Python objects alive at once


class KinetoParser:
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


def _scan(events: msgspec.Raw, release: bool) -> dict[str, Any] | None:
    """The C scanner's columns for the event array, or None where the Python path must run
    (no scanner built, TRACELENS_PURE_PYTHON set, or input the scanner leaves to Python).
    `release`: the array lies in a read-only file mapping whose pages it may hand back."""
    if _fastscan is None or os.environ.get("TRACELENS_PURE_PYTHON"):
        return None
    result: dict[str, Any] | None = _fastscan.scan(events, release=release)
    return result


def _scan_document(data: Any, release: bool) -> tuple[dict[str, Any], int, int] | None:
    """The C scanner over a whole trace document: (columns, start, stop of the event array),
    or None where the general decoder must run (see _scan)."""
    if _fastscan is None or os.environ.get("TRACELENS_PURE_PYTHON"):
        return None
    result: tuple[dict[str, Any], int, int] | None = _fastscan.scan_document(data, release=release)
    return result


def _reduced_header(data: Any, start: int, stop: int) -> _Header | None:
    """The header decoded from the document without its event array (a few kB instead of the
    whole file), the array kept as raw bytes (no copy). None where that does not decode: the
    general decoder then reports or converts it."""
    view = memoryview(data)
    try:
        header = _HEADER_DECODER.decode(b"".join((view[:start], b"[]", view[stop:])))
    except _CHUNK_ERRORS:
        return None
    header.traceEvents = msgspec.Raw(view[start:stop])
    return header


_I32 = (-(2**31), 2**31)
_I64 = (-(2**63), 2**63)


def _fits(value: int | None, bounds: tuple[int, int]) -> int | None:
    return value if value is None or bounds[0] <= value < bounds[1] else None


def _bound_header_ints(header: _Header) -> None:
    """The header's integers that its columns cannot hold (int32 ranks, sizes and device
    fields; int64 memory) become unknown: no trace prints them, a damaged one may."""
    header.schemaVersion = _fits(header.schemaVersion, _I32)
    header.baseTimeNanoseconds = _fits(header.baseTimeNanoseconds, _I64)
    dist = header.distributedInfo
    if dist is not None:
        dist.rank, dist.world_size = _fits(dist.rank, _I32), _fits(dist.world_size, _I32)
        for pg in dist.pg_config:
            pg.pg_size = _fits(pg.pg_size, _I32)
            pg.ranks = [r for r in pg.ranks if _fits(r, _I32) is not None]
            if isinstance(pg.pg_name, int):
                pg.pg_name = _fits(pg.pg_name, _I64)
    for d in header.deviceProperties:
        d.id, d.totalGlobalMem = _fits(d.id, _I32), _fits(d.totalGlobalMem, _I64)
        d.computeMajor, d.computeMinor = _fits(d.computeMajor, _I32), _fits(d.computeMinor, _I32)
        d.numSms, d.warpSize = _fits(d.numSms, _I32), _fits(d.warpSize, _I32)


def _decode_header(path: Path, data: bytes) -> tuple[_Header, str | None]:
    """The header, with the event array as raw bytes; a cut-off tail keeps every complete event."""
    end = len(data)
    try:
        return _HEADER_DECODER.decode(data), None
    except msgspec.ValidationError as exc:
        return _decode_loose(path, data, exc), None
    except msgspec.DecodeError as exc:
        first_error = str(exc)
    except RecursionError:
        first_error = "containers nested deeper than the decoder follows"
    except UnicodeDecodeError as exc:
        first_error = f"invalid UTF-8 (byte {exc.start})"
        end = exc.start
    start = data.find(b'"traceEvents"', 0, end)
    if start < 0:
        raise ParseError(str(path), f"not a Kineto trace: {first_error}", where=_byte_offset(first_error))
    array_start = data.find(b"[", start)
    if array_start < 0:
        raise ParseError(str(path), f"no complete trace event could be read ({first_error})", where=_byte_offset(first_error))
    # The event array ends at the last `]` when what follows it is the document's closing
    # fields; otherwise the file was cut inside the array, which then runs to the end. Its
    # events are decoded piece by piece (_event_chunks), a piece that fails one event at a
    # time: every complete event before the damage is kept, and after it as far as the events'
    # own boundaries can be found again. One pass, linear in the file.
    array_end = data.rfind(b"]", array_start)
    trailer = _salvaged_fields(b'{"traceEvents": []' + data[array_end + 1:]) if array_end > 0 else None
    events = (memoryview(data)[array_start: array_end + 1] if trailer is not None
              else bytes(memoryview(data)[array_start:]).rstrip(b" \t\r\n,") + b"]")  # a cut after `},`: that event is whole
    header = _salvaged_fields(data[:array_start] + b"[]}")  # the fields before the array (Kineto writes most there)
    if header is None:
        header = trailer or _Header()
    elif trailer is not None:
        for name in _Header.__struct_fields__:
            if getattr(header, name) in (None, []) and getattr(trailer, name) not in (None, []):
                setattr(header, name, getattr(trailer, name))
    header.traceEvents = msgspec.Raw(events)
    return header, f"truncated or corrupt ({first_error}); its events were read one by one around the damage"


def _salvaged_fields(document: bytes) -> _Header | None:
    try:
        return _HEADER_DECODER.decode(document)
    except _CHUNK_ERRORS:
        return None


def _byte_offset(message: str) -> str | None:
    match = re.search(r"byte (\d+)", message)
    return f"byte {match.group(1)}" if match else None


def _decode_loose(path: Path, data: bytes, exc: msgspec.ValidationError) -> _Header:
    """Some field has an unexpected type: decode untyped and convert event by event."""
    try:
        doc = _ANY_DECODER.decode(data)
    except (msgspec.DecodeError, UnicodeDecodeError) as exc2:
        raise ParseError(str(path), f"not valid JSON: {exc2}", where=_byte_offset(str(exc2))) from exc2
    except RecursionError:
        raise ParseError(str(path), "not read: containers nested deeper than the decoder follows") from None
    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        raise ParseError(str(path), f"not a Kineto trace (no traceEvents list): {exc}")
    fields = set(_Header.__struct_fields__) - {"traceEvents"}
    try:
        header = msgspec.convert({k: v for k, v in doc.items() if k in fields}, _Header, strict=False)
    except msgspec.ValidationError:
        header = _Header()
    events: list[_Event] = []
    for raw in doc["traceEvents"]:
        if not isinstance(raw, dict):
            continue
        args = raw.pop("args", None)
        try:
            event = msgspec.convert(raw, _Event, strict=False)
        except msgspec.ValidationError:
            continue
        if isinstance(args, dict):
            event.args = msgspec.Raw(msgspec.json.encode(args))
        events.append(event)
    header.traceEvents = msgspec.Raw(msgspec.json.encode(events))
    return header


# msgspec raises RecursionError for containers nested past its depth limit (a mutated or
# hostile event): that piece is corrupt like any other, not the end of the whole file.
_CHUNK_ERRORS = (msgspec.DecodeError, msgspec.ValidationError, UnicodeDecodeError, RecursionError)
_MAX_EXTENSIONS = 8  # a false boundary (inside a string) resolves within one or two


def _event_chunks(
    buf: memoryview, problems: list[str], done: Callable[[int], None] | None = None
) -> Iterator[tuple[list[_Event], bytes]]:
    """Split the raw event array at event boundaries into pieces of about CHUNK_BYTES.

    A boundary candidate is `}` `,` `{`; one that falls inside a string or a nested value
    makes the piece fail to decode, and the next candidate is tried. A piece that still fails
    holds a corrupt event: it is decoded event by event and the corrupt ones are skipped
    (reported in `problems`). `done(offset)` is told how far the consumer has got.
    """
    end = len(buf) - 1  # the closing ']'
    pos = 1
    while pos < end:
        search_from = min(pos + CHUNK_BYTES, end)
        decoded = False
        for _ in range(_MAX_EXTENSIONS):
            match = _BOUNDARY.search(buf, search_from, end)
            split = match.start() + 1 if match else end
            piece = b"[" + buf[pos:split] + b"]"
            try:
                events = _EVENTS_DECODER.decode(piece)
            except _CHUNK_ERRORS:
                if match is None:
                    break
                search_from = match.end()
                continue
            decoded = True
            yield events, piece
            break
        if not decoded:
            yield from _events_one_by_one(buf, pos, split, problems)
        pos = match.end() - 1 if match else end
        if done is not None:
            done(pos)  # the bytes before `pos` are decoded and consumed


def _events_one_by_one(buf: memoryview, start: int, stop: int, problems: list[str]) -> Iterator[tuple[list[_Event], bytes]]:
    """The events of a piece that failed to decode, found one by one; the corrupt ones are
    skipped, and each run of good ones between them is handed on as one piece (handing on
    every event alone cost ~0.3 ms of column building each: 3 s for a damaged 4 MB piece)."""
    pos = start
    skipped = 0
    first_bad = None
    good: list[tuple[int, int]] = []  # (start, end) of the good events not yet handed on
    while pos < stop:
        match = _BOUNDARY.search(buf, pos, stop)
        split = match.start() + 1 if match else stop
        end = _whole_prefix(buf, pos, split)
        if end is None:
            skipped += split - pos
            first_bad = first_bad if first_bad is not None else pos
            yield from _good_run(buf, good)
            good = []
        else:
            good.append((pos, end))
            if end < split:  # an intact event, damage after it (the array's end, the trailer)
                skipped += split - end
                first_bad = first_bad if first_bad is not None else end
                yield from _good_run(buf, good)
                good = []
        pos = match.end() - 1 if match else stop
    yield from _good_run(buf, good)
    if skipped:
        problems.append(f"{skipped} bytes of corrupt events skipped (first near byte {first_bad} of the event array)")


def _whole_prefix(buf: memoryview, start: int, stop: int) -> int | None:
    """Where the piece buf[start:stop] ends as decodable events: `stop`, or, when damage
    follows an intact event (a flipped or NUL-blanked `]` or trailer after the last event), the
    `}` that closes it (a few are tried from the end); None when it holds no whole event."""
    end = stop
    for _ in range(4):
        try:
            _EVENTS_DECODER.decode(b"[" + buf[start:end] + b"]")
            return end
        except _CHUNK_ERRORS:
            end = bytes(buf[start:end - 1]).rfind(b"}") + start + 1
            if end <= start:
                return None
    return None


def _good_run(buf: memoryview, spans: list[tuple[int, int]]) -> Iterator[tuple[list[_Event], bytes]]:
    """Consecutive events that each decoded, as one piece: the bytes between them are the
    array's own `,` separators, so together they decode too."""
    if not spans:
        return
    piece = b"[" + buf[spans[0][0]: spans[-1][1]] + b"]"
    try:
        yield _EVENTS_DECODER.decode(piece), piece
    except _CHUNK_ERRORS:  # not expected; each event alone did decode
        for a, b in spans:
            one = b"[" + buf[a:b] + b"]"
            yield _EVENTS_DECODER.decode(one), one


class _Accumulator:
    """Columns of the events seen so far; Python objects live only for one chunk."""

    def __init__(self, base_ns: int) -> None:
        self.base_ns = base_ns
        self.batches: list[pa.RecordBatch] = []
        self.instants: list[pa.Table] = []
        self.counter_rows: dict[str, list[Any]] = {k: [] for k in ("pid", "category", "name", "series", "ts_ns", "value")}
        self.thread_names: dict[tuple[int, int], str] = {}
        self.process_names: dict[int, str] = {}
        self.begin_end = 0
        self.missing_ts = 0
        self.bad_args = 0
        self.out_of_range = 0
        self.fractional_ts: bool | None = None
        self.warnings: list[str] = []

    def add(self, chunk: tuple[list[_Event], bytes]) -> None:
        events, piece = chunk
        if self.fractional_ts is None:
            # One writer wrote the whole trace: its first events tell whether timestamps carry
            # sub-microsecond digits (scanning every chunk for them would cost a full pass).
            self.fractional_ts = _LONG_FRACTIONAL_TS.search(piece, 0, 1 << 20) is not None
        fractional = self.fractional_ts
        complete = [e for e in events if e.ph == "X" and _in_range(e)]
        others = [e for e in events if e.ph != "X" and _in_range(e)]
        self.out_of_range += len(events) - len(complete) - len(others)
        if others:
            self._other_phases(
                others,
                lambda instants: _exact_start_ns(piece, events, instants, self.base_ns, fractional),
            )
        n_before = len(complete)
        complete = [e for e in complete if e.ts is not None]
        self.missing_ts += n_before - len(complete)
        if not complete:
            return
        start_ns = _exact_start_ns(piece, events, complete, self.base_ns, fractional)
        dur_ns = _us_to_ns(np.array([e.dur if e.dur is not None else 0.0 for e in complete], dtype=np.float64))
        args, bad = _decode_args([e.args for e in complete])
        self.bad_args += bad
        columns = {
            "pid": _int_array([e.pid for e in complete]),
            "tid": _int_array([e.tid for e in complete]),
            "category": pa.array([e.cat for e in complete], pa.string()),
            "name": _str_array([e.name for e in complete]),
            "start_ns": pa.array(start_ns, pa.int64()),
            "dur_ns": pa.array(dur_ns, pa.int64()),
            "correlation": _int_array([a.correlation for a in args]),
            "external_id": _int_array([a.external_id if a.external_id is not None else a.external_id_legacy for a in args]),
            "stream": _int_array([a.stream for a in args]),
            "device": _int_array([a.device for a in args]),
            "bytes": _int_array([a.nbytes for a in args]),
            "args_json": pa.array([str(e.args, "utf-8", "replace") for e in complete], pa.string()),
        }
        columns.update(_collective_columns(args, len(complete)))
        self.batches.append(pa.RecordBatch.from_pydict(columns))

    def add_scanned(self, scanned: dict[str, Any], buf: memoryview) -> bool:
        """The C scanner's columns (see tracelens/_fastscan.c), made into the same tables the
        Python path builds event by event. False when a piece it left to Python does not
        decode (the caller then runs the Python path over the whole array)."""
        spans = np.frombuffer(scanned["others"], dtype=np.int64).reshape(-1, 2)
        if len(spans):
            try:
                others = _EVENTS_DECODER.decode(b"[" + b",".join(buf[a:b] for a, b in spans.tolist()) + b"]")
            except _CHUNK_ERRORS:
                return False
            self._other_phases(others)
        self.begin_end += scanned["begin_end"]
        self.missing_ts += scanned["missing_ts"]
        instants = scanned["instants"]
        if instants["rows"]:
            m = instants["rows"]
            self.instants.append(pa.table({
                "pid": _scanned_ints(instants["pid"]),
                "tid": _scanned_ints(instants["tid"]),
                "category": _scanned_strings(instants["category"], m),
                "name": _scanned_strings(instants["name"], m),
                "ts_ns": pc.add(_scanned_ints(instants["ts_ns"]), pa.scalar(self.base_ns, pa.int64())),
                "scope": _scanned_strings(instants["scope"], m),
                "args_json": _scanned_strings(instants["args_json"], m),
            }))
        n = scanned["rows"]
        if not n:
            return True
        args_json = _scanned_strings(scanned["args_json"], n)
        promoted = {key: _IntColumn(scanned[key]) for key in ("correlation", "external_id", "stream", "device", "bytes")}
        legacy = _IntColumn(scanned["external_id_legacy"])
        missing = ~promoted["external_id"].valid & legacy.valid
        promoted["external_id"].values[missing] = legacy.values[missing]
        promoted["external_id"].valid[missing] = True
        flagged = np.frombuffer(scanned["flagged"], dtype=np.int64)
        collective: dict[str, pa.Array] = {}
        if len(flagged):
            # Args the scanner does not read (collective fields, strings or floats where
            # integers are promoted): decoded here exactly as the Python path decodes them.
            raws = args_json.take(pa.array(flagged)).to_pylist()
            decoded, bad = _decode_args([msgspec.Raw(r.encode()) for r in raws])
            self.bad_args += bad
            for key, values in (
                ("correlation", [a.correlation for a in decoded]),
                ("external_id", [a.external_id if a.external_id is not None else a.external_id_legacy for a in decoded]),
                ("stream", [a.stream for a in decoded]),
                ("device", [a.device for a in decoded]),
                ("bytes", [a.nbytes for a in decoded]),
            ):
                promoted[key].set_rows(flagged, _int_array(values))
            collective = _collective_columns(decoded, n, rows=flagged.tolist())
        else:
            collective = _collective_columns([], n)
        columns: dict[str, pa.Array] = {
            "pid": _scanned_ints(scanned["pid"]),
            "tid": _scanned_ints(scanned["tid"]),
            "category": _scanned_strings(scanned["category"], n),
            "name": _scanned_strings(scanned["name"], n),
            "start_ns": pc.add(_scanned_ints(scanned["ts_ns"]), pa.scalar(self.base_ns, pa.int64())),
            "dur_ns": _scanned_ints(scanned["dur_ns"]),
            "correlation": promoted["correlation"].array(),
            "external_id": promoted["external_id"].array(),
            "stream": promoted["stream"].array(),
            "device": promoted["device"].array(),
            "bytes": promoted["bytes"].array(),
            "args_json": args_json,
        }
        columns.update(collective)
        self.batches.append(pa.RecordBatch.from_pydict(columns))
        return True

    def _other_phases(self, events: list[_Event], exact_ns: Callable[[list[_Event]], np.ndarray] | None = None) -> None:
        """Metadata, begin/end, instant and counter events. `exact_ns` gives instants' times as
        exact nanoseconds (absolute microseconds with a fraction do not fit a float)."""
        names = [e for e in events if e.ph == "M"]
        if names:
            threads, processes = _names(names)
            self.thread_names.update(threads)
            for pid, label in processes.items():
                self.process_names[pid] = f"{self.process_names.get(pid, '')} {label}".strip()
        self.begin_end += sum(1 for e in events if e.ph in ("B", "E"))
        instants = [e for e in events if e.ph in ("i", "I") and e.ts is not None]
        if instants:
            if exact_ns is not None:
                ts = exact_ns(instants)
            else:
                ts = _us_to_ns(np.array([e.ts for e in instants], dtype=np.float64)) + self.base_ns
            self.instants.append(
                pa.table(
                    {
                        "pid": _ints([e.pid for e in instants]).to_arrow(),
                        "tid": _ints([e.tid for e in instants]).to_arrow(),
                        "category": pa.array([e.cat for e in instants], pa.string()),
                        "name": pa.array([_text(e.name) for e in instants], pa.string()),
                        "ts_ns": pa.array(ts, pa.int64()),
                        "scope": pa.array([e.s for e in instants], pa.string()),
                        "args_json": pa.array([str(e.args, "utf-8", "replace") for e in instants], pa.string()),
                    }
                )
            )
        for e in events:
            if e.ph == "C" and e.ts is not None:
                self._counter(e)

    def _counter(self, e: _Event) -> None:
        try:
            values = _ANY_DECODER.decode(e.args)
        except _CHUNK_ERRORS:
            return
        if not isinstance(values, dict):
            return
        ts_ns = int(_us_to_ns(np.array([e.ts]))[0]) + self.base_ns
        rows = self.counter_rows
        for series, value in values.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                rows["pid"].append(_int_or_none(e.pid))
                rows["category"].append(e.cat)
                rows["name"].append(_text(e.name))
                rows["series"].append(series)
                rows["ts_ns"].append(ts_ns)
                rows["value"].append(float(value))

    def finish(self, path: Path, header: _Header, options: ParseOptions, truncated: bool) -> dict[str, pa.Table]:
        if self.begin_end:
            self.warnings.append(f"{self.begin_end} begin/end (B/E) events ignored; only complete (X) events are stored")
        if self.missing_ts:
            self.warnings.append(f"{self.missing_ts} duration events without a timestamp dropped")
        if self.bad_args:
            self.warnings.append(f"{self.bad_args} events had args that could not be decoded; their promoted columns are empty")
        if self.out_of_range:
            self.warnings.append(f"{self.out_of_range} events with a time or duration beyond any real clock "
                                 f"(over {_MAX_US:.0e} µs) dropped")
        rank, rank_source = _rank(path, header, options)
        if self.batches:
            table = pa.Table.from_batches(self.batches)
        else:
            table = conform(pa.table({"name": pa.array([], pa.string())}), _EVENT_COLUMNS)
            self.warnings.append("the trace holds no duration events")
        self.batches = []
        # Three columns are added to the wide table (args text and all), worked out in numpy on
        # the few columns they need: no copy of the table, and no polars in the process.
        dur = _one_array(table.column("dur_ns"))
        negative = pc.sum(pc.less(dur, 0)).as_py() or 0
        if negative:
            self.warnings.append(f"{negative} events with a negative duration stored with duration 0")
            dur = pc.if_else(pc.less(dur, 0), pa.scalar(0, pa.int64()), dur)
            table = table.set_column(table.schema.get_field_index("dur_ns"), "dur_ns", dur)
        outside = _implausible_times(_int64_values(table.column("start_ns")), _int64_values(dur))
        if outside is not None:
            n_out = int(outside.sum())
            self.warnings.append(
                f"{n_out} events with timestamps more than {_TIME_GAP_NS // 3_600_000_000_000} h away from the rest of "
                "the trace (a garbage clock or value) left out of the trace's tables, windows and sums")
            table = table.filter(pa.array(~outside))
            dur = _one_array(table.column("dur_ns"))
        category = _one_array(table.column("category"))
        name = _one_array(table.column("name"))
        kind_codes = _classify(category, name, _one_array(table.column("coll_name")))
        kind = pa.DictionaryArray.from_arrays(pa.array(kind_codes, pa.int8()), _KIND_VALUES).cast(pa.string())
        start = _int64_values(table.column("start_ns"))
        correlation = _one_array(table.column("correlation"))
        pid = _one_array(table.column("pid"))
        steps = _profiler_steps(start, _int64_values(dur), name, kind_codes, correlation)
        table = table.append_column("kind", kind)
        table = table.append_column("profiler_step", steps)
        table = table.append_column("thread_name", self._thread_name_column(pid, _one_array(table.column("tid"))))
        has_kernels = bool(np.isin(kind_codes, [_KIND_CODE[EventKind.COMPUTE_KERNEL], _KIND_CODE[EventKind.COMM_KERNEL]]).any())
        categories = {c for c in pc.unique(category).to_pylist() if c is not None}
        host_pid = _host_pid(pid, kind_codes)
        table = table.append_column("rank", pa.array(np.full(table.num_rows, rank, dtype=np.int32)))
        trace_events = conform(table, TRACE_EVENTS)
        del table
        return {
            "trace_meta": self._meta(path, header, rank, rank_source, trace_events, categories, has_kernels, truncated, host_pid),
            "process_groups": _process_groups(header, rank),
            "devices": _devices(header, rank),
            "trace_events": trace_events,
            "trace_instants": self._instant_table(rank),
            "trace_counters": self._counter_table(rank),
        }

    def _thread_name_column(self, pid: pa.Array, tid: pa.Array) -> pa.Array:
        """Each event's thread name, from the thread_name metadata events of its (pid, tid)."""
        if not self.thread_names:
            return pa.nulls(len(pid), pa.string())
        codes, (pids, tids) = _group_codes(pid, tid)
        labels = [self.thread_names.get((p, t)) if p is not None and t is not None else None for p, t in zip(pids, tids, strict=True)]
        return pa.array(labels, pa.string()).take(pa.array(codes))

    def _meta(
        self, path: Path, header: _Header, rank: int, rank_source: RankSource, events: pa.Table,
        categories: set[str], has_kernels: bool, truncated: bool, host_pid: int | None,
    ) -> pa.Table:
        import pyarrow.compute as pc

        starts = events.column("start_ns")
        ends = pc.add(starts, events.column("dur_ns"))
        dist = header.distributedInfo
        meta = {
            "path": [str(path)],
            "rank": [rank],
            "rank_source": [rank_source.value],
            "world_size": [dist.world_size if dist else None],
            "backend": [dist.backend if dist else None],
            "host_name": [header.host_name],
            "host_pid": [host_pid],
            "trace_id": [header.trace_id],
            "trace_schema_version": [header.schemaVersion],
            "era": ["legacy" if categories & {"Operator", "Kernel", "Runtime"} else "kineto"],
            "device_type": [_device_type(header, has_kernels)],
            "base_time_ns": [header.baseTimeNanoseconds],
            "start_ns": [pc.min(starts).as_py()],
            "end_ns": [pc.max(ends).as_py()],
            "duration_events": [events.num_rows],
            "truncated": [truncated],
            **{key: [_text(getattr(header, key))] for key in _VERSION_FIELDS},
        }
        return conform(pa.Table.from_pydict(meta), TRACE_META)

    def _instant_table(self, rank: int) -> pa.Table:
        table = pa.concat_tables(self.instants) if self.instants else pa.table({"ts_ns": pa.array([], pa.int64())})
        table = table.append_column("rank", pa.array([rank] * table.num_rows, pa.int32()))
        return conform(table, TRACE_INSTANTS)

    def _counter_table(self, rank: int) -> pa.Table:
        rows = self.counter_rows
        n = len(rows["ts_ns"])
        return conform(pa.table({"rank": pa.array([rank] * n, pa.int32()), **rows}), TRACE_COUNTERS)


_VERSION_FIELDS = (
    "cupti_version", "cuda_runtime_version", "cuda_driver_version",
    "hip_runtime_version", "hip_driver_version", "roctracer_version",
)


# Microseconds past which a time or a duration is no clock's reading (year 2096 since the
# epoch; nanoseconds of it still fit an int64).
_MAX_US = 4e15


def _in_range(e: _Event) -> bool:
    return (e.ts is None or -_MAX_US < e.ts < _MAX_US) and (e.dur is None or -_MAX_US < e.dur < _MAX_US)


# A profiler trace records one window of a run: its events follow each other closely. An event
# separated from all the others by more than this (before or after) holds a garbage time.
_TIME_GAP_NS = 3_600_000_000_000


def _implausible_times(start: np.ndarray, dur: np.ndarray) -> np.ndarray | None:
    """A mask of the events outside the trace's main body of time, or None when there are
    none. The body is the largest run of events (by count) whose sorted start times are never
    more than _TIME_GAP_NS apart; an event of the body whose end runs past its last start by
    more than that has a garbage duration and is left out too. Linear after one sort."""
    if len(start) < 2:
        return None
    order = np.argsort(start, kind="stable")
    sorted_start = start[order]
    breaks = np.flatnonzero(np.diff(sorted_start) > _TIME_GAP_NS) + 1
    end = start + np.maximum(dur, 0)
    if not len(breaks):
        late = end > sorted_start[-1] + _TIME_GAP_NS
        return late if late.any() else None
    bounds = np.concatenate(([0], breaks, [len(start)]))
    body = int(np.argmax(np.diff(bounds)))
    low, high = sorted_start[bounds[body]], sorted_start[bounds[body + 1] - 1]
    return (start < low) | (start > high) | (end > high + _TIME_GAP_NS)


def _host_pid(pid: pa.Array, kind_codes: np.ndarray) -> int | None:
    """The profiled process's id: the pid of its ProfilerStep spans, else of most of its CPU ops.
    (Device events carry the device as pid.) A different host pid on the same rank is a new
    process: a restart."""
    values = _int64_values(pid)
    known = pid.is_valid().to_numpy(zero_copy_only=False)
    for kind in (EventKind.PROFILER_STEP, EventKind.CPU_OP):
        pids = values[(kind_codes == _KIND_CODE[kind]) & known]
        if len(pids):
            unique, counts = np.unique(pids, return_counts=True)  # sorted: the smallest of equals wins
            return int(unique[np.argmax(counts)])
    return None


def _process_groups(header: _Header, rank: int) -> pa.Table:
    pgs = header.distributedInfo.pg_config if header.distributedInfo else []
    return pa.Table.from_pydict(
        {
            "file_id": [""] * len(pgs),
            "rank": [rank] * len(pgs),
            "pg_name": [_text(p.pg_name) for p in pgs],
            "pg_desc": [p.pg_desc for p in pgs],
            "backend_config": [p.backend_config for p in pgs],
            "pg_size": [p.pg_size for p in pgs],
            "ranks": [list(p.ranks) for p in pgs],
        },
        schema=PROCESS_GROUPS,
    )


def _devices(header: _Header, rank: int) -> pa.Table:
    props = header.deviceProperties
    return pa.Table.from_pydict(
        {
            "file_id": [""] * len(props),
            "rank": [rank] * len(props),
            "device_id": [d.id for d in props],
            "name": [d.name for d in props],
            "total_global_mem_bytes": [d.totalGlobalMem for d in props],
            "compute_major": [d.computeMajor for d in props],
            "compute_minor": [d.computeMinor for d in props],
            "num_sms": [d.numSms for d in props],
            "warp_size": [d.warpSize for d in props],
        },
        schema=DEVICES,
    )


_Buffer = Any  # an object with the buffer protocol (the scanner's columns; bytes in tests)


class _IntColumn:
    """A scanned int64 column (values and a validity mask) that rows can be patched into."""

    def __init__(self, col: tuple[_Buffer, _Buffer]) -> None:
        values = np.frombuffer(col[0], dtype=np.int64)
        # The scanner hands over writable memory it no longer owns: patched in place, no copy.
        self.values = values if values.flags.writeable else values.copy()
        valid = np.frombuffer(col[1], dtype=np.uint8).view(bool)  # the scanner writes 0 or 1
        self.valid = valid if valid.flags.writeable else valid.copy()

    def set_rows(self, rows: np.ndarray, values: pa.Array) -> None:
        self.valid[rows] = values.is_valid().to_numpy(zero_copy_only=False)
        self.values[rows] = values.fill_null(0).to_numpy(zero_copy_only=False)

    def array(self) -> pa.Array:
        return pa.array(self.values, pa.int64(), mask=None if self.valid.all() else ~self.valid)


def _scanned_ints(col: tuple[_Buffer, _Buffer]) -> pa.Array:
    return _IntColumn(col).array()


def _scanned_strings(col: tuple[_Buffer, _Buffer, _Buffer], n: int) -> pa.Array:
    offsets, data, mask = col
    valid = np.frombuffer(mask, dtype=np.uint8).view(bool)
    bitmap = None if valid.all() else pa.py_buffer(np.packbits(valid, bitorder="little").tobytes())
    return pa.Array.from_buffers(pa.string(), n, [bitmap, pa.py_buffer(offsets), pa.py_buffer(data)])


def _collective_columns(args: list[_Args], height: int, rows: list[int] | None = None) -> dict[str, pa.Array]:
    """Collective args, present on a few events only: built for those rows, nulls elsewhere.
    `rows` places a short `args` list in a column of `height` rows (default: args[i] is row i)."""
    if rows is None:
        rows = list(range(len(args)))
    picked = [(row, a) for row, a in zip(rows, args, strict=True)
              if a.coll_name is not None or a.pg_name is not None or a.seq is not None]
    getters: dict[str, tuple[pa.DataType, Any]] = {
        "coll_name": (pa.string(), lambda a: a.coll_name),
        "coll_in_nelems": (pa.int64(), lambda a: _int_or_none(a.in_nelems)),
        "coll_out_nelems": (pa.int64(), lambda a: _int_or_none(a.out_nelems)),
        "coll_in_split_sizes": (pa.string(), lambda a: _raw_text(a.in_split)),
        "coll_out_split_sizes": (pa.string(), lambda a: _raw_text(a.out_split)),
        "coll_dtype": (pa.string(), lambda a: a.dtype),
        "coll_group_size": (pa.int32(), lambda a: _int_or_none(a.group_size)),
        "pg_name": (pa.string(), lambda a: _text(a.pg_name)),
        "pg_desc": (pa.string(), lambda a: a.pg_desc),
        "pg_ranks": (pa.string(), lambda a: _raw_text(a.pg_ranks)),
        "coll_seq": (pa.int64(), lambda a: _int_or_none(a.seq)),
    }
    out = {}
    for name, (dtype, get) in getters.items():
        if not picked:
            out[name] = pa.nulls(height, dtype)
            continue
        values: list[Any] = [None] * height
        for row, a in picked:
            values[row] = get(a)
        out[name] = pa.array(values, dtype)
    return out


def _rank(path: Path, trace: _Header, options: ParseOptions) -> tuple[int, RankSource]:
    dist = trace.distributedInfo
    if dist is not None and dist.rank is not None:
        return dist.rank, RankSource.DISTRIBUTED_INFO
    match = _RANK_IN_NAME.search(path.name)
    if match:
        return int(match.group(1)), RankSource.FILE_NAME
    if options.rank is not None:
        return options.rank, RankSource.CLI
    return 0, RankSource.DEFAULT


def _us_to_ns(us: np.ndarray) -> np.ndarray:
    """Float microseconds to integer nanoseconds without losing the sub-microsecond digits."""
    whole = np.floor(us)
    return whole.astype(np.int64) * 1000 + np.rint((us - whole) * 1000.0).astype(np.int64)


def _exact_start_ns(
    piece: bytes, events: list[_Event], complete: list[_Event], base_ns: int, fractional: bool
) -> np.ndarray:
    ts = np.array([e.ts for e in complete], dtype=np.float64)
    if fractional and ts.size and float(np.abs(ts).max()) >= _EXACT_FLOAT_US:
        # Absolute microseconds with nanosecond digits: floats cannot hold them; use decimals.
        try:
            decimals = _DECIMAL_EVENTS_DECODER.decode(piece)
        except _CHUNK_ERRORS:
            decimals = []
        if len(decimals) == len(events):
            index = {id(e): i for i, e in enumerate(events)}
            exact = [decimals[index[id(e)]].ts for e in complete]
            if all(d is not None for d in exact):
                return np.array([int(d * 1000) for d in exact], dtype=np.int64) + base_ns  # type: ignore[operator]
    return _us_to_ns(ts) + base_ns


def _decode_args(raws: list[msgspec.Raw]) -> tuple[list[_Args], int]:
    """Decode every event's promoted args in one call; fall back event by event on odd types."""
    empty = _Args()
    if not raws:
        return [], 0
    joined = b"[" + b",".join(raws) + b"]"
    try:
        return _ARGS_LIST_DECODER.decode(joined), 0
    except _CHUNK_ERRORS:  # odd types, or bytes that are not UTF-8 (args are skipped unchecked)
        pass
    out: list[_Args] = []
    bad = 0
    for raw in raws:
        try:
            out.append(_ARGS_DECODER.decode(raw))
        except _CHUNK_ERRORS:
            bad += 1
            try:
                loose = _LOOSE_ARGS_DECODER.decode(raw)
                out.append(
                    _Args(
                        external_id=_int_or_none(loose.external_id),
                        correlation=_int_or_none(loose.correlation),
                        stream=_int_or_none(loose.stream),
                        device=_int_or_none(loose.device),
                    )
                )
            except _CHUNK_ERRORS:
                out.append(empty)
    return out, bad


def _int_or_none(value: Any) -> int | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str):
        match = re.search(r"-?\d+$", value.strip())
        return int(match.group(0)) if match else None
    return None


def _ints(values: list[Any]) -> pl.Series:
    return pl.Series(_int_array(values))


def _int_array(values: list[Any]) -> pa.Array:
    """Integers, whatever the trace wrote: 7, "7", "stream 7" (trailing digits), or nothing."""
    try:
        return pa.array(values, pa.int64())
    except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError, OverflowError):
        text = pl.Series(values, dtype=pl.String, strict=False)
        return text.str.extract(r"(-?\d+)\s*$").cast(pl.Int64, strict=False).to_arrow()


def _str_array(values: list[Any]) -> pa.Array:
    try:
        return pa.array(values, pa.string())
    except (pa.ArrowInvalid, pa.ArrowTypeError, TypeError):
        return pa.array([_text(v) for v in values], pa.string())


def _text(value: Any) -> str | None:
    if value is None:
        return None
    return value if isinstance(value, str) else str(value)


def _raw_text(raw: msgspec.Raw) -> str | None:
    if not len(raw):
        return None
    try:
        value = _ANY_DECODER.decode(raw)
    except _CHUNK_ERRORS:
        value = None
    return value if isinstance(value, str) else bytes(raw).decode("utf-8", "replace")


def _names(events: list[_Event]) -> tuple[dict[tuple[int, int], str], dict[int, str]]:
    threads: dict[tuple[int, int], str] = {}
    processes: dict[int, str] = {}
    for e in events:
        if e.ph != "M" or e.name not in ("thread_name", "process_name", "process_labels") or not len(e.args):
            continue
        try:
            args = _ANY_DECODER.decode(e.args)
        except _CHUNK_ERRORS:
            continue
        if not isinstance(args, dict):
            continue
        pid = _int_or_none(e.pid)
        value = args.get("name") if e.name != "process_labels" else args.get("labels")
        if not isinstance(value, str) or pid is None:
            continue
        if e.name == "thread_name":
            tid = _int_or_none(e.tid)
            if tid is not None:
                threads[(pid, tid)] = value
        else:
            processes[pid] = f"{processes.get(pid, '')} {value}".strip()
    return threads, processes




_KINDS = list(EventKind)
_KIND_VALUES = pa.array([k.value for k in _KINDS], pa.string())
_KIND_CODE = {k: i for i, k in enumerate(_KINDS)}


def _group_codes(*columns: pa.Array) -> tuple[np.ndarray, list[list[Any]]]:
    """Each row's group among the distinct combinations of `columns` (nulls included), and
    each group's values per column: (codes, [values of column 0 per group, ...])."""
    codes: np.ndarray | None = None
    values: list[list[Any]] = []
    for column in columns:
        encoded = pc.dictionary_encode(column, null_encoding="encode")
        indices = encoded.indices.to_numpy(zero_copy_only=False).astype(np.int64)
        dictionary = encoded.dictionary.to_pylist()
        if codes is None:
            codes, values = indices, [dictionary]
            continue
        # Pairs of (groups so far, this column) made dense again, so codes stay below the rows.
        width = len(dictionary)
        pairs = pc.dictionary_encode(pa.array(codes * width + indices))
        codes = pairs.indices.to_numpy(zero_copy_only=False).astype(np.int64)
        keys = pairs.dictionary.to_numpy(zero_copy_only=False)
        previous, current = (keys // width).tolist(), (keys % width).tolist()
        values = [[v[k] for k in previous] for v in values] + [[dictionary[k] for k in current]]
    assert codes is not None
    return codes, values


def _classify(category: pa.Array, name: pa.Array, coll_name: pa.Array) -> np.ndarray:
    """Each event's EventKind (as its index in EventKind), by category first and name second.

    Decided once per distinct (category, name, has collective args) in Python, then spread
    back: a trace repeats a few thousand names hundreds of thousands of times.
    """
    codes, (categories, names, has_coll) = _group_codes(category, name, coll_name.is_valid())
    kinds = np.array(
        [_KIND_CODE[_kind_of(c, n, h)] for c, n, h in zip(categories, names, has_coll, strict=True)], dtype=np.int8
    )
    return kinds[codes]


_COMM_KERNEL_RE = re.compile(r"nccl|rccl|^ncclDevKernel|all_?reduce|all_?gather|reduce_?scatter|alltoall|sendrecv", re.I)
_DATA_LOADER_RE = re.compile(r"^enumerate\(DataLoader\)#.*__next__")


def _kind_of(category: str | None, name: str | None, has_coll: bool) -> EventKind:
    """One event's kind. An event without a category matches no rule about categories (not
    even a negated one): it is classified by its name alone."""
    name = name or ""
    cat = category.lower() if category is not None else None
    if cat is not None and name.startswith("ProfilerStep#") and cat not in ("kernel", "gpu_user_annotation"):
        return EventKind.PROFILER_STEP
    if cat == "kernel":
        return EventKind.COMM_KERNEL if has_coll or _COMM_KERNEL_RE.search(name) else EventKind.COMPUTE_KERNEL
    if cat in ("gpu_memcpy", "memcpy"):
        return EventKind.MEMCPY
    if cat in ("gpu_memset", "memset"):
        return EventKind.MEMSET
    if cat == "gpu_user_annotation":
        return EventKind.GPU_ANNOTATION
    if cat in ("cuda_runtime", "runtime", "hip_runtime"):
        return EventKind.RUNTIME
    if cat in ("cuda_driver", "driver", "hip_driver"):
        return EventKind.DRIVER
    if _DATA_LOADER_RE.search(name):
        return EventKind.DATA_LOADER
    if name.startswith("gloo:"):
        return EventKind.COMM_CPU
    if (
        name == "record_param_comms"
        or name.startswith(("c10d::", "nccl:", "rccl:"))
        or (has_coll and cat is not None)  # (not a kernel: kernels were decided above)
    ):
        return EventKind.COLLECTIVE_CPU
    if cat in ("cpu_op", "operator"):
        return EventKind.CPU_OP
    if cat == "user_annotation":
        return EventKind.ANNOTATION
    if cat == "python_function":
        return EventKind.PYTHON_FUNCTION
    if cat == "overhead":
        return EventKind.OVERHEAD
    if cat == "trace":
        return EventKind.TRACE
    return EventKind.OTHER


_DEVICE_KIND_CODES = [
    _KIND_CODE[k]
    for k in (EventKind.COMPUTE_KERNEL, EventKind.COMM_KERNEL, EventKind.MEMCPY, EventKind.MEMSET, EventKind.GPU_ANNOTATION)
]
_STEP_NUMBER = re.compile(r"ProfilerStep#(\d+)")
_INT64_MAX = 2**63 - 1


def _one_array(column: pa.ChunkedArray) -> pa.Array:
    """A column as one array, without a copy where it is one chunk (the scanner's case)."""
    return column.chunk(0) if column.num_chunks == 1 else column.combine_chunks()


def _int64_values(column: pa.Array | pa.ChunkedArray) -> np.ndarray:
    """An int64 column's values as numpy (nulls read as 0: callers mask them)."""
    if isinstance(column, pa.ChunkedArray):
        column = _one_array(column)
    if column.null_count == 0:
        return column.to_numpy(zero_copy_only=False)  # a view of the column's memory
    return column.fill_null(0).to_numpy(zero_copy_only=False)


def _profiler_steps(
    start: np.ndarray, dur: np.ndarray, name: pa.Array, kind_codes: np.ndarray, correlation: pa.Array
) -> pa.Array:
    """profiler_step: the ProfilerStep#N holding a host event; for device work, its launch's step.

    A host event belongs to the last step starting at or before it, if it starts before that
    step ends; device work (kernels, memcpy/memset, GPU annotations) to the step of the runtime
    or driver call with its correlation id (the earliest, where several share it)."""
    n = len(start)
    step_rows = np.flatnonzero(kind_codes == _KIND_CODE[EventKind.PROFILER_STEP])
    if not len(step_rows):
        return pa.nulls(n, pa.int64())
    numbers = []
    for text in name.take(pa.array(step_rows)).to_pylist():
        match = _STEP_NUMBER.search(text or "")
        number = int(match.group(1)) if match else None
        numbers.append(number if number is not None and number <= _INT64_MAX else None)
    order = np.argsort(start[step_rows], kind="stable")
    step_start = start[step_rows][order]
    step_end = step_start + dur[step_rows][order]
    step_number = np.array([-1 if v is None else v for v in numbers], dtype=np.int64)[order]
    step_known = np.array([v is not None for v in numbers], dtype=bool)[order]

    holder = np.searchsorted(step_start, start, side="right") - 1  # the last step starting at or before
    held = holder >= 0
    holder = np.where(held, holder, 0)
    is_device = np.isin(kind_codes, _DEVICE_KIND_CODES)
    host_ok = held & ~is_device & (start < step_end[holder]) & step_known[holder]
    result = np.where(host_ok, step_number[holder], 0)
    valid = host_ok.copy()

    corr_known = correlation.is_valid().to_numpy(zero_copy_only=False)
    corr = _int64_values(correlation)
    is_launch = np.isin(kind_codes, [_KIND_CODE[EventKind.RUNTIME], _KIND_CODE[EventKind.DRIVER]])
    launches = np.flatnonzero(is_launch & corr_known & host_ok)
    devices = np.flatnonzero(is_device & corr_known)
    if len(launches) and len(devices):
        launches = launches[np.argsort(start[launches], kind="stable")]  # the earliest launch first
        launch_corr, first = np.unique(corr[launches], return_index=True)
        launch_step = result[launches][first]
        at = np.minimum(np.searchsorted(launch_corr, corr[devices]), len(launch_corr) - 1)
        found = launch_corr[at] == corr[devices]
        result[devices[found]] = launch_step[at[found]]
        valid[devices[found]] = True
    return pa.array(result, pa.int64(), mask=~valid)


def _device_type(header: _Header, has_kernels: bool) -> str:
    if header.hip_runtime_version is not None or header.roctracer_version is not None:
        return "rocm"
    names = " ".join(d.name or "" for d in header.deviceProperties)
    if "AMD" in names or "Instinct" in names:
        return "rocm"
    return "cuda" if has_kernels or header.deviceProperties else "cpu"
