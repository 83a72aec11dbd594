"""PyTorch profiler (Kineto) Chrome-trace JSON: `.json`, `.json.gz`, `*.pt.trace.json[.gz]`.

Covers every era: 2021 traces (categories `Operator`/`Kernel`/`Runtime`, absolute
microsecond timestamps, string tids), current traces (`cpu_op`/`kernel`/`cuda_runtime`/...,
timestamps relative to `baseTimeNanoseconds`), ROCm traces, and CPU-only (gloo) traces.

Speed: the file is decoded once with msgspec into typed structs that name only the fields we
store, so unknown keys (and the environment dumps some trace headers carry) are skipped without
ever becoming Python objects. Each event's `args` stays raw JSON text; the promoted fields are
decoded from all of them in one bulk call. Columns are built with list comprehensions and
classified with vectorised polars expressions.

Timestamps are exact integer nanoseconds: relative timestamps (< 2**43 us) survive float
decoding exactly once integer and fraction are split; absolute microsecond timestamps with a
fractional part are re-decoded as decimals.
"""

from __future__ import annotations

import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import msgspec
import numpy as np
import polars as pl
import pyarrow as pa

from tracelens.enums import EventKind, FileStatus, RankSource
from tracelens.errors import ParseError
from tracelens.parsers import Claim, ParseOptions, ParseResult
from tracelens.parsers._io import read_bytes
from tracelens.schemas import (
    DEVICES,
    PROCESS_GROUPS,
    TRACE_COUNTERS,
    TRACE_EVENTS,
    TRACE_INSTANTS,
    TRACE_META,
    conform,
)

_Scalar = str | int | float | None


class _Event(msgspec.Struct):
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


class _Trace(msgspec.Struct):
    """The header fields we keep. Anything else in the header is never decoded."""

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
    traceEvents: list[_Event] = []


class _Args(msgspec.Struct):
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


class _DecimalTrace(msgspec.Struct):
    traceEvents: list[_DecimalTs] = []


_TRACE_DECODER = msgspec.json.Decoder(_Trace)
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
_MAX_SALVAGE_TRIES = 200


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
        data, gzip_warning = read_bytes(path)
        warnings: list[str] = [gzip_warning] if gzip_warning else []
        if not data.strip():
            raise ParseError(str(path), "empty file" if not gzip_warning else f"empty file ({gzip_warning})")
        trace, truncation = _decode(path, data)
        if truncation:
            warnings.append(truncation)
        truncated = bool(gzip_warning or truncation)
        tables, more_warnings = _tables(path, data, trace, options, truncated)
        warnings.extend(more_warnings)
        return ParseResult(tables=tables, status=FileStatus.TRUNCATED if truncated else FileStatus.OK, warnings=warnings)


def _decode(path: Path, data: bytes) -> tuple[_Trace, str | None]:
    """Decode the trace; on a cut-off or corrupt tail, keep every complete event."""
    end = len(data)
    try:
        return _TRACE_DECODER.decode(data), None
    except msgspec.ValidationError as exc:
        return _decode_loose(path, data, exc), None
    except msgspec.DecodeError as exc:
        first_error = str(exc)
    except UnicodeDecodeError as exc:
        first_error = f"invalid UTF-8 (byte {exc.start})"
        end = exc.start
    start = data.find(b'"traceEvents"', 0, end)
    if start < 0:
        raise ParseError(str(path), f"not a Kineto trace: {first_error}", where=_byte_offset(first_error))
    array_start = data.find(b"[", start, end)
    for _ in range(_MAX_SALVAGE_TRIES):
        end = data.rfind(b"}", array_start, end) if array_start >= 0 else -1
        if end < 0:
            break
        try:
            trace = _TRACE_DECODER.decode(data[: end + 1] + b"]}")
        except (msgspec.DecodeError, UnicodeDecodeError):
            continue
        except msgspec.ValidationError:
            break
        kept = len(trace.traceEvents)
        return trace, (
            f"truncated or corrupt after byte {end + 1} of {len(data)} ({first_error}); "
            f"kept {kept} complete events"
        )
    raise ParseError(str(path), f"no complete trace event could be read ({first_error})", where=_byte_offset(first_error))


def _byte_offset(message: str) -> str | None:
    match = re.search(r"byte (\d+)", message)
    return f"byte {match.group(1)}" if match else None


def _decode_loose(path: Path, data: bytes, exc: msgspec.ValidationError) -> _Trace:
    """Some field has an unexpected type: decode untyped and convert event by event."""
    try:
        doc = _ANY_DECODER.decode(data)
    except (msgspec.DecodeError, UnicodeDecodeError) as exc2:
        raise ParseError(str(path), f"not valid JSON: {exc2}", where=_byte_offset(str(exc2))) from exc2
    if not isinstance(doc, dict) or not isinstance(doc.get("traceEvents"), list):
        raise ParseError(str(path), f"not a Kineto trace (no traceEvents list): {exc}")
    header = {k: v for k, v in doc.items() if k in _Trace.__struct_fields__ and k != "traceEvents"}
    try:
        trace = msgspec.convert(header, _Trace, strict=False)
    except msgspec.ValidationError:
        trace = _Trace()
    events: list[_Event] = []
    for raw in doc["traceEvents"]:
        if not isinstance(raw, dict):
            continue
        args = raw.pop("args", None)
        try:
            event = msgspec.convert(raw, _Event, strict=False)
        except msgspec.ValidationError:
            continue
        if args is not None:
            event.args = msgspec.Raw(msgspec.json.encode(args))
        events.append(event)
    trace.traceEvents = events
    return trace


def _tables(
    path: Path, data: bytes, trace: _Trace, options: ParseOptions, truncated: bool
) -> tuple[dict[str, pa.Table], list[str]]:
    warnings: list[str] = []
    file_id = ""  # filled in by the store, which knows the content hash
    rank, rank_source = _rank(path, trace, options)
    events = trace.traceEvents
    base_ns = trace.baseTimeNanoseconds or 0

    complete = [e for e in events if e.ph == "X"]
    n_begin_end = sum(1 for e in events if e.ph in ("B", "E"))
    if n_begin_end:
        warnings.append(f"{n_begin_end} begin/end (B/E) events ignored; only complete (X) events are stored")

    ts_us = [e.ts for e in complete]
    missing_ts = sum(1 for t in ts_us if t is None)
    if missing_ts:
        warnings.append(f"{missing_ts} duration events without a timestamp dropped")
        complete = [e for e in complete if e.ts is not None]
        ts_us = [e.ts for e in complete]
    start_ns = _exact_start_ns(data, events, complete, ts_us, base_ns)
    dur_ns = _us_to_ns(np.array([e.dur if e.dur is not None else 0.0 for e in complete], dtype=np.float64))
    negative = int((dur_ns < 0).sum())
    if negative:
        warnings.append(f"{negative} events with a negative duration stored with duration 0")
        dur_ns = np.maximum(dur_ns, 0)

    args, bad_args = _decode_args([e.args for e in complete])
    if bad_args:
        warnings.append(f"{bad_args} events had args that could not be decoded; their promoted columns are empty")

    thread_names, process_names = _names(events)
    frame = pl.DataFrame(
        {
            "pid": _ints([e.pid for e in complete]),
            "tid": _ints([e.tid for e in complete]),
            "category": pl.Series([e.cat for e in complete], dtype=pl.String),
            "name": _strings([e.name for e in complete]),
            "start_ns": start_ns,
            "dur_ns": dur_ns,
            "correlation": _ints([a.correlation for a in args]),
            "external_id": _ints([a.external_id if a.external_id is not None else a.external_id_legacy for a in args]),
            "stream": _ints([a.stream for a in args]),
            "device": _ints([a.device for a in args]).cast(pl.Int32, strict=False),
            "bytes": _ints([a.nbytes for a in args]),
            "args_json": pl.Series([bytes(e.args).decode("utf-8", "replace") for e in complete], dtype=pl.String),
        }
    ).with_columns(pl.when(pl.col("args_json") != "{}").then(pl.col("args_json")).alias("args_json"))
    frame = frame.with_columns(_collective_columns(args, frame.height))
    frame = _classify(frame)
    frame = _assign_steps(frame)
    if thread_names:
        names = pl.DataFrame(
            {
                "pid": pl.Series([k[0] for k in thread_names], dtype=pl.Int64),
                "tid": pl.Series([k[1] for k in thread_names], dtype=pl.Int64),
                "thread_name": pl.Series(list(thread_names.values()), dtype=pl.String),
            }
        ).unique(subset=["pid", "tid"], keep="last")
        frame = frame.join(names, on=["pid", "tid"], how="left")
    frame = frame.sort("start_ns").with_columns(
        pl.lit(file_id).alias("file_id"), pl.lit(rank, dtype=pl.Int32).alias("rank")
    )
    trace_events = conform(frame.to_arrow(), TRACE_EVENTS)

    is_kernel = frame.get_column("kind").is_in([EventKind.COMPUTE_KERNEL.value, EventKind.COMM_KERNEL.value])
    categories = set(frame.get_column("category").drop_nulls().unique().to_list())
    era = "legacy" if categories & {"Operator", "Kernel", "Runtime"} else "kineto"
    device_type = _device_type(trace, process_names, bool(is_kernel.any()))
    span_start = int(frame.get_column("start_ns").min()) if frame.height else None  # type: ignore[arg-type]
    span_end = int((frame.get_column("start_ns") + frame.get_column("dur_ns")).max()) if frame.height else None  # type: ignore[arg-type]
    dist = trace.distributedInfo
    meta = {
        "file_id": [file_id],
        "path": [str(path)],
        "rank": [rank],
        "rank_source": [rank_source.value],
        "world_size": [dist.world_size if dist else None],
        "backend": [dist.backend if dist else None],
        "host_name": [trace.host_name],
        "trace_id": [trace.trace_id],
        "trace_schema_version": [trace.schemaVersion],
        "era": [era],
        "device_type": [device_type],
        "base_time_ns": [trace.baseTimeNanoseconds],
        "start_ns": [span_start],
        "end_ns": [span_end],
        "duration_events": [frame.height],
        "truncated": [truncated],
        **{
            key: [_text(getattr(trace, key))]
            for key in (
                "cupti_version",
                "cuda_runtime_version",
                "cuda_driver_version",
                "hip_runtime_version",
                "hip_driver_version",
                "roctracer_version",
            )
        },
    }
    pgs = dist.pg_config if dist else []
    process_groups = {
        "file_id": [file_id] * len(pgs),
        "rank": [rank] * len(pgs),
        "pg_name": [_text(p.pg_name) for p in pgs],
        "pg_desc": [p.pg_desc for p in pgs],
        "backend_config": [p.backend_config for p in pgs],
        "pg_size": [p.pg_size for p in pgs],
        "ranks": [list(p.ranks) for p in pgs],
    }
    props = trace.deviceProperties
    devices = {
        "file_id": [file_id] * len(props),
        "rank": [rank] * len(props),
        "device_id": [d.id for d in props],
        "name": [d.name for d in props],
        "total_global_mem_bytes": [d.totalGlobalMem for d in props],
        "compute_major": [d.computeMajor for d in props],
        "compute_minor": [d.computeMinor for d in props],
        "num_sms": [d.numSms for d in props],
        "warp_size": [d.warpSize for d in props],
    }
    instants, counters = _instants_and_counters(events, base_ns, file_id, rank)
    tables = {
        "trace_meta": pa.Table.from_pydict(meta, schema=TRACE_META),
        "process_groups": pa.Table.from_pydict(process_groups, schema=PROCESS_GROUPS),
        "devices": pa.Table.from_pydict(devices, schema=DEVICES),
        "trace_events": trace_events,
        "trace_instants": instants,
        "trace_counters": counters,
    }
    if not complete:
        warnings.append("the trace holds no duration events")
    return tables, warnings


def _collective_columns(args: list[_Args], height: int) -> list[pl.Series]:
    """Collective args, present on a few events only: built for those rows and scattered."""
    rows = [i for i, a in enumerate(args) if a.coll_name is not None or a.pg_name is not None or a.seq is not None]
    sel = [args[i] for i in rows]
    columns: dict[str, tuple[Any, list[Any]]] = {
        "coll_name": (pl.String, [a.coll_name for a in sel]),
        "coll_in_nelems": (pl.Int64, [_int_or_none(a.in_nelems) for a in sel]),
        "coll_out_nelems": (pl.Int64, [_int_or_none(a.out_nelems) for a in sel]),
        "coll_in_split_sizes": (pl.String, [_raw_text(a.in_split) for a in sel]),
        "coll_out_split_sizes": (pl.String, [_raw_text(a.out_split) for a in sel]),
        "coll_dtype": (pl.String, [a.dtype for a in sel]),
        "coll_group_size": (pl.Int32, [_int_or_none(a.group_size) for a in sel]),
        "pg_name": (pl.String, [_text(a.pg_name) for a in sel]),
        "pg_desc": (pl.String, [a.pg_desc for a in sel]),
        "pg_ranks": (pl.String, [_raw_text(a.pg_ranks) for a in sel]),
        "coll_seq": (pl.Int64, [_int_or_none(a.seq) for a in sel]),
    }
    out = []
    for name, (dtype, values) in columns.items():
        series = pl.Series(name, [None] * height, dtype=dtype)
        if rows:
            series = series.scatter(rows, pl.Series(values, dtype=dtype))
        out.append(series)
    return out


def _rank(path: Path, trace: _Trace, options: ParseOptions) -> tuple[int, RankSource]:
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
    data: bytes, events: list[_Event], complete: list[_Event], ts_us: list[float | None], base_ns: int
) -> np.ndarray:
    ts = np.array(ts_us, dtype=np.float64)
    if ts.size and float(np.abs(ts).max()) >= _EXACT_FLOAT_US and _LONG_FRACTIONAL_TS.search(data):
        # Absolute microseconds with nanosecond digits: floats cannot hold them; use decimals.
        try:
            decimals = msgspec.json.decode(data, type=_DecimalTrace).traceEvents
        except msgspec.MsgspecError:
            decimals = []
        if len(decimals) >= len(events):
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
    except msgspec.MsgspecError:
        pass
    out: list[_Args] = []
    bad = 0
    for raw in raws:
        try:
            out.append(_ARGS_DECODER.decode(raw))
        except msgspec.MsgspecError:
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
            except msgspec.MsgspecError:
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
    """Integers, whatever the trace wrote: 7, "7", "stream 7" (trailing digits), or nothing."""
    try:
        return pl.Series(values, dtype=pl.Int64, strict=True)
    except (TypeError, pl.exceptions.PolarsError, OverflowError):
        text = pl.Series(values, dtype=pl.String, strict=False)
        return text.str.extract(r"(-?\d+)\s*$").cast(pl.Int64, strict=False)


def _strings(values: list[Any]) -> pl.Series:
    try:
        return pl.Series(values, dtype=pl.String, strict=True)
    except (TypeError, pl.exceptions.PolarsError):
        return pl.Series(values, dtype=pl.String, strict=False)


def _text(value: Any) -> str | None:
    if value is None:
        return None
    return value if isinstance(value, str) else str(value)


def _raw_text(raw: msgspec.Raw) -> str | None:
    if not len(raw):
        return None
    value = _ANY_DECODER.decode(raw)
    return value if isinstance(value, str) else bytes(raw).decode("utf-8", "replace")


def _names(events: list[_Event]) -> tuple[dict[tuple[int, int], str], dict[int, str]]:
    threads: dict[tuple[int, int], str] = {}
    processes: dict[int, str] = {}
    for e in events:
        if e.ph != "M" or e.name not in ("thread_name", "process_name", "process_labels") or not len(e.args):
            continue
        try:
            args = _ANY_DECODER.decode(e.args)
        except msgspec.DecodeError:
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


_DATA_LOADER = r"^enumerate\(DataLoader\)#.*__next__"
_COMM_KERNEL = r"(?i)nccl|rccl|^ncclDevKernel|all_?reduce|all_?gather|reduce_?scatter|alltoall|sendrecv"


def _classify(frame: pl.DataFrame) -> pl.DataFrame:
    """Vectorised EventKind classification, by category first and name second.

    Evaluated once per distinct (category, name, has collective args), then joined back:
    a trace repeats a few thousand names hundreds of thousands of times.
    """
    has_coll = pl.col("coll_name").is_not_null().alias("_has_coll")
    keys = frame.select("category", "name", has_coll).unique()
    cat = pl.col("category").str.to_lowercase()
    name = pl.col("name").fill_null("")
    kernel = cat == "kernel"
    is_comm_kernel = name.str.contains(_COMM_KERNEL) | pl.col("_has_coll")
    host_collective = (
        (name == "record_param_comms")
        | name.str.starts_with("c10d::")
        | name.str.starts_with("nccl:")
        | name.str.starts_with("rccl:")
        | (pl.col("_has_coll") & ~kernel)
    )
    kind = (
        pl.when(name.str.starts_with("ProfilerStep#") & ~cat.is_in(["kernel", "gpu_user_annotation"]))
        .then(pl.lit(EventKind.PROFILER_STEP.value))
        .when(kernel & is_comm_kernel)
        .then(pl.lit(EventKind.COMM_KERNEL.value))
        .when(kernel)
        .then(pl.lit(EventKind.COMPUTE_KERNEL.value))
        .when(cat.is_in(["gpu_memcpy", "memcpy"]))
        .then(pl.lit(EventKind.MEMCPY.value))
        .when(cat.is_in(["gpu_memset", "memset"]))
        .then(pl.lit(EventKind.MEMSET.value))
        .when(cat == "gpu_user_annotation")
        .then(pl.lit(EventKind.GPU_ANNOTATION.value))
        .when(cat.is_in(["cuda_runtime", "runtime", "hip_runtime"]))
        .then(pl.lit(EventKind.RUNTIME.value))
        .when(cat.is_in(["cuda_driver", "driver", "hip_driver"]))
        .then(pl.lit(EventKind.DRIVER.value))
        .when(name.str.contains(_DATA_LOADER))
        .then(pl.lit(EventKind.DATA_LOADER.value))
        .when(name.str.starts_with("gloo:"))
        .then(pl.lit(EventKind.COMM_CPU.value))
        .when(host_collective)
        .then(pl.lit(EventKind.COLLECTIVE_CPU.value))
        .when(cat.is_in(["cpu_op", "operator"]))
        .then(pl.lit(EventKind.CPU_OP.value))
        .when(cat == "user_annotation")
        .then(pl.lit(EventKind.ANNOTATION.value))
        .when(cat == "python_function")
        .then(pl.lit(EventKind.PYTHON_FUNCTION.value))
        .when(cat == "overhead")
        .then(pl.lit(EventKind.OVERHEAD.value))
        .when(cat == "trace")
        .then(pl.lit(EventKind.TRACE.value))
        .otherwise(pl.lit(EventKind.OTHER.value))
    )
    keys = keys.with_columns(kind.alias("kind"))
    return (
        frame.with_columns(has_coll)
        .join(keys, on=["category", "name", "_has_coll"], how="left", nulls_equal=True, maintain_order="left")
        .drop("_has_coll")
    )


_DEVICE_KIND_VALUES = [
    EventKind.COMPUTE_KERNEL.value,
    EventKind.COMM_KERNEL.value,
    EventKind.MEMCPY.value,
    EventKind.MEMSET.value,
    EventKind.GPU_ANNOTATION.value,
]


def _assign_steps(frame: pl.DataFrame) -> pl.DataFrame:
    """profiler_step: the ProfilerStep#N holding a host event; for device work, its launch's step."""
    steps = (
        frame.filter(pl.col("kind") == EventKind.PROFILER_STEP.value)
        .select(
            pl.col("pid").alias("step_pid"),
            pl.col("start_ns").alias("step_start_ns"),
            (pl.col("start_ns") + pl.col("dur_ns")).alias("step_end_ns"),
            pl.col("name").str.extract(r"ProfilerStep#(\d+)").cast(pl.Int64).alias("profiler_step"),
        )
        .sort("step_start_ns")
    )
    if steps.height == 0:
        return frame.with_columns(pl.lit(None, dtype=pl.Int64).alias("profiler_step"))
    is_device = pl.col("kind").is_in(_DEVICE_KIND_VALUES)
    frame = frame.with_row_index("_row").sort("start_ns")
    host = frame.join_asof(steps, left_on="start_ns", right_on="step_start_ns", strategy="backward").with_columns(
        pl.when(~is_device & (pl.col("start_ns") < pl.col("step_end_ns")))
        .then(pl.col("profiler_step"))
        .otherwise(None)
        .alias("profiler_step")
    )
    launches = (
        host.filter(pl.col("kind").is_in([EventKind.RUNTIME.value, EventKind.DRIVER.value]))
        .filter(pl.col("correlation").is_not_null() & pl.col("profiler_step").is_not_null())
        .group_by("correlation")
        .agg(pl.col("profiler_step").first().alias("_launch_step"))
    )
    out = host.join(launches, on="correlation", how="left").with_columns(
        pl.when(is_device).then(pl.col("_launch_step")).otherwise(pl.col("profiler_step")).alias("profiler_step")
    )
    return out.sort("_row").drop("_row", "_launch_step", "step_pid", "step_start_ns", "step_end_ns")


def _device_type(trace: _Trace, process_names: dict[int, str], has_kernels: bool) -> str:
    if trace.hip_runtime_version is not None or trace.roctracer_version is not None:
        return "rocm"
    names = " ".join(d.name or "" for d in trace.deviceProperties)
    if "AMD" in names or "Instinct" in names:
        return "rocm"
    return "cuda" if has_kernels or trace.deviceProperties else "cpu"


def _instants_and_counters(events: list[_Event], base_ns: int, file_id: str, rank: int) -> tuple[pa.Table, pa.Table]:
    instants = [e for e in events if e.ph in ("i", "I") and e.ts is not None]
    inst_ts = _us_to_ns(np.array([e.ts for e in instants], dtype=np.float64)) + base_ns
    instant_table = pa.table(
        {
            "file_id": [file_id] * len(instants),
            "rank": pa.array([rank] * len(instants), pa.int32()),
            "pid": _ints([e.pid for e in instants]).to_arrow(),
            "tid": _ints([e.tid for e in instants]).to_arrow(),
            "category": [e.cat for e in instants],
            "name": [_text(e.name) for e in instants],
            "ts_ns": pa.array(inst_ts, pa.int64()),
            "scope": [e.s for e in instants],
            "args_json": [bytes(e.args).decode("utf-8", "replace") for e in instants],
        }
    )
    rows: dict[str, list[Any]] = {k: [] for k in ("pid", "category", "name", "series", "ts_ns", "value")}
    for e in events:
        if e.ph != "C" or e.ts is None or not len(e.args):
            continue
        try:
            values = _ANY_DECODER.decode(e.args)
        except msgspec.DecodeError:
            continue
        if not isinstance(values, dict):
            continue
        ts_ns = int(_us_to_ns(np.array([e.ts]))[0]) + base_ns
        for series, value in values.items():
            if isinstance(value, (int, float)) and not isinstance(value, bool):
                rows["pid"].append(_int_or_none(e.pid))
                rows["category"].append(e.cat)
                rows["name"].append(_text(e.name))
                rows["series"].append(series)
                rows["ts_ns"].append(ts_ns)
                rows["value"].append(float(value))
    n = len(rows["ts_ns"])
    counter_table = pa.table({"file_id": [file_id] * n, "rank": pa.array([rank] * n, pa.int32()), **rows})
    return conform(instant_table, TRACE_INSTANTS), conform(counter_table, TRACE_COUNTERS)
