"""Kineto trace JSON decoded: the typed structs msgspec fills (only the fields stored), the
header with its salvage paths, the event array in bounded chunks (a truncated or mangled trace
keeps every whole event), the C scanner's entry points, exact nanosecond times, and the
coercions of decoded values into Arrow columns."""

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

from tracelens.parsers._io import LazyModule

if TYPE_CHECKING:
    import numpy as np
    import polars as pl
else:  # loaded when a trace is first parsed (see LazyModule)
    np = LazyModule("numpy")
    pl = LazyModule("polars")

from tracelens.errors import ParseError

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


CHUNK_BYTES = 4 << 20  # events decoded at a time: bounds the Python objects alive at once


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


_ARRAY_TAIL = frozenset(b" \t\r\n,")  # what may follow a bare event array's last event
_ARRAY_PROBE = 64 << 10  # a bare event array shows an event's `ph` within its first bytes


def _decode_header(path: Path, data: bytes) -> tuple[_Header, str | None]:
    """The header, with the event array as raw bytes; a cut-off tail keeps every complete event.
    A bare array of events (the Trace Event Format's "JSON Array Format", whose closing `]` is
    optional so that a tracer may stop at any time) is the event array of an empty header."""
    end = len(data)
    if (opening := bytes(data[:64]).lstrip()[:1]) == b"[":
        start, stop = bytes(data[:64]).find(opening), end
        if b'"ph"' not in bytes(data[start:start + _ARRAY_PROBE]):
            # a JSON list of something else (records, strings) under a trace's name
            raise ParseError(str(path), "a JSON array with no trace event (no `ph` field) at its start: not a trace",
                             where="byte 0")
        while stop > start and data[stop - 1] in _ARRAY_TAIL:
            stop -= 1
        closed = data[stop - 1] == ord("]")
        bare = _Header()
        bare.traceEvents = msgspec.Raw(memoryview(data)[start:stop] if closed else bytes(memoryview(data)[start:stop]) + b"]")
        return bare, None if closed else "a JSON array of trace events with no closing `]` (the format allows it)"
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
