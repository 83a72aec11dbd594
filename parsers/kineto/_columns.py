"""The trace's tables, built chunk by chunk from the Python path's decoded events or the C
scanner's columns: one builder of the event batch and of its promoted args columns for both."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec
import pyarrow as pa

from tracelens.parsers._io import LazyModule
from tracelens.parsers.contract import ParseOptions

if TYPE_CHECKING:
    import numpy as np
    import pyarrow.compute as pc
else:  # loaded when a trace is first parsed (see LazyModule)
    np = LazyModule("numpy")
    pc = LazyModule("pyarrow.compute")

from tracelens.enums import EventKind, RankSource
from tracelens.parsers.kineto._decode import (
    _ANY_DECODER,
    _CHUNK_ERRORS,
    _EVENTS_DECODER,
    _LONG_FRACTIONAL_TS,
    _Args,
    _decode_args,
    _Event,
    _exact_start_ns,
    _Header,
    _int_array,
    _int_or_none,
    _ints,
    _raw_text,
    _str_array,
    _text,
    _us_to_ns,
)
from tracelens.parsers.kineto._kinds import (
    _KIND_CODE,
    _KIND_VALUES,
    _classify,
    _group_codes,
    _holders,
    _int64_values,
    _one_array,
    _profiler_steps,
)
from tracelens.parsers.kineto._meta import _VERSION_FIELDS, _device_type, _devices, _host_pid, _process_groups, _rank
from tracelens.schemas import (
    TRACE_COUNTERS,
    TRACE_EVENTS,
    TRACE_INSTANTS,
    TRACE_META,
    conform,
)

_EVENT_COLUMNS = pa.schema(
    [f for f in TRACE_EVENTS if f.name not in ("file_id", "rank", "thread_name", "kind", "parent_kind", "profiler_step")]
)


# Microseconds past which a time or a duration is no clock's reading (year 2096 since the
# epoch; nanoseconds of it still fit an int64).
_MAX_US = 4e15


def _in_range(e: _Event) -> bool:
    return (e.ts is None or -_MAX_US < e.ts < _MAX_US) and (e.dur is None or -_MAX_US < e.dur < _MAX_US)


def _in_range_ns(*columns: pa.Array) -> pa.Array | None:
    """`_in_range` over the scanner's columns (nanoseconds as printed, before the trace's base
    time): a mask of the rows to keep, None when all are kept."""
    limit = int(_MAX_US * 1000)
    keep = None
    for column in columns:
        inside = pc.fill_null(pc.less(pc.abs(column), limit), True)
        keep = inside if keep is None else pc.and_(keep, inside)
    return None if keep is None or pc.all(keep).as_py() else keep


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


# The args promoted to columns of trace_events, read by the C scanner (tracelens/_fastscan.c,
# where they are plain integers) and by `_promoted_values` (everywhere else).
PROMOTED_ARGS = ("correlation", "external_id", "stream", "device", "bytes")


def _promoted_values(args: list[_Args]) -> dict[str, list[Any]]:
    """The promoted columns' values of decoded args, for both paths: the Python path's every
    event, the scanner's events whose args it left to Python."""
    values = {
        "correlation": [a.correlation for a in args],
        "external_id": [a.external_id if a.external_id is not None else a.external_id_legacy for a in args],
        "stream": [a.stream for a in args],
        "device": [a.device for a in args],
        "bytes": [a.nbytes for a in args],
    }
    return values


def _event_batch(*, pid: pa.Array, tid: pa.Array, category: pa.Array, name: pa.Array, start_ns: pa.Array,
                 dur_ns: pa.Array, promoted: dict[str, pa.Array], args_json: pa.Array,
                 collective: dict[str, pa.Array]) -> pa.RecordBatch:
    """One chunk's duration events as the columns of trace_events, whichever path read them."""
    return pa.RecordBatch.from_pydict({
        "pid": pid, "tid": tid, "category": category, "name": name, "start_ns": start_ns, "dur_ns": dur_ns,
        **{key: promoted[key] for key in PROMOTED_ARGS}, "args_json": args_json, **collective,
    })


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
        self.batches.append(_event_batch(
            pid=_int_array([e.pid for e in complete]),
            tid=_int_array([e.tid for e in complete]),
            category=pa.array([e.cat for e in complete], pa.string()),
            name=_str_array([e.name for e in complete]),
            start_ns=pa.array(start_ns, pa.int64()),
            dur_ns=pa.array(dur_ns, pa.int64()),
            promoted={key: _int_array(values) for key, values in _promoted_values(args).items()},
            args_json=pa.array([str(e.args, "utf-8", "replace") for e in complete], pa.string()),
            collective=_collective_columns(args, len(complete)),
        ))

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
            kept = [e for e in others if _in_range(e)]
            self.out_of_range += len(others) - len(kept)
            self._other_phases(kept)
        self.begin_end += scanned["begin_end"]
        self.missing_ts += scanned["missing_ts"]
        instants = scanned["instants"]
        if instants["rows"]:
            m = instants["rows"]
            ts_ns = _scanned_ints(instants["ts_ns"])
            table = pa.table({
                "pid": _scanned_ints(instants["pid"]),
                "tid": _scanned_ints(instants["tid"]),
                "category": _scanned_strings(instants["category"], m),
                "name": _scanned_strings(instants["name"], m),
                "ts_ns": pc.add(ts_ns, pa.scalar(self.base_ns, pa.int64())),
                "scope": _scanned_strings(instants["scope"], m),
                "args_json": _scanned_strings(instants["args_json"], m),
            })
            keep = _in_range_ns(ts_ns)
            if keep is not None:  # as the Python path drops them (`_in_range`)
                self.out_of_range += table.num_rows - pc.sum(keep).as_py()
                table = table.filter(keep)
            self.instants.append(table)
        n = scanned["rows"]
        if not n:
            return True
        args_json = _scanned_strings(scanned["args_json"], n)
        promoted = {key: _IntColumn(scanned[key]) for key in PROMOTED_ARGS}
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
            for key, values in _promoted_values(decoded).items():
                promoted[key].set_rows(flagged, _int_array(values))
            collective = _collective_columns(decoded, n, rows=flagged.tolist())
        else:
            collective = _collective_columns([], n)
        ts_ns, dur_ns = _scanned_ints(scanned["ts_ns"]), _scanned_ints(scanned["dur_ns"])
        batch = _event_batch(
            pid=_scanned_ints(scanned["pid"]),
            tid=_scanned_ints(scanned["tid"]),
            category=_scanned_strings(scanned["category"], n),
            name=_scanned_strings(scanned["name"], n),
            start_ns=pc.add(ts_ns, pa.scalar(self.base_ns, pa.int64())),
            dur_ns=dur_ns,
            promoted={key: column.array() for key, column in promoted.items()},
            args_json=args_json,
            collective=collective,
        )
        keep = _in_range_ns(ts_ns, dur_ns)
        if keep is not None:  # as the Python path drops them (`_in_range`)
            self.out_of_range += batch.num_rows - pc.sum(keep).as_py()
            batch = batch.filter(keep)
        self.batches.append(batch)
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
        thread, (pids, tids) = _group_codes(pid, _one_array(table.column("tid")))
        holder = _holders(thread, start, _int64_values(dur))
        held = holder >= 0
        parent_kind = pa.DictionaryArray.from_arrays(
            pa.array(kind_codes[np.where(held, holder, 0)], pa.int8(), mask=~held), _KIND_VALUES).cast(pa.string())
        table = table.append_column("kind", kind)
        table = table.append_column("parent_kind", parent_kind)
        table = table.append_column("profiler_step", steps)
        table = table.append_column("thread_name", self._thread_name_column(thread, pids, tids))
        has_kernels = bool(np.isin(kind_codes, [_KIND_CODE[EventKind.COMPUTE_KERNEL], _KIND_CODE[EventKind.COMM_KERNEL]]).any())
        # HIP's runtime calls (`hipLaunchKernel`, `hipExtModuleLaunchKernel`) under Kineto's
        # `cuda_runtime` category: a ROCm trace whose header names no ROCm version or AMD device
        runtime = kind_codes == _KIND_CODE[EventKind.RUNTIME]
        hip = bool(runtime.any()) and bool(pc.any(pc.starts_with(name.filter(pa.array(runtime)), "hip")).as_py())
        # ops that run only on a GPU's tensors (`aten::cudnn_convolution`, MIOpen's on ROCm; not
        # `aten::cudnn_is_acceptable`, the CPU-side check of whether cuDNN could run): a GPU
        # job's trace though it recorded no device activity and names no device (looked for only
        # then: a pass over every event's name)
        gpu_library = None
        if not has_kernels and not header.deviceProperties:
            names = name.dictionary if pa.types.is_dictionary(name.type) else pc.unique(name)
            probe = pc.match_substring(names, "_is_acceptable")  # (RE2, Arrow's engine, has no lookahead)
            gpu_library = next((lib for lib in ("cudnn", "miopen") if pc.any(
                pc.and_(pc.match_substring_regex(names, f"^aten::_?{lib}_"), pc.invert(probe))).as_py()), None)
        categories = {c for c in pc.unique(category).to_pylist() if c is not None}
        host_pid = _host_pid(pid, kind_codes)
        table = table.append_column("rank", pa.array(np.full(table.num_rows, rank, dtype=np.int32)))
        trace_events = conform(table, TRACE_EVENTS)
        del table
        return {
            "trace_meta": self._meta(path, header, rank, rank_source, trace_events, categories, has_kernels, hip, truncated,
                                     host_pid, gpu_library),
            "process_groups": _process_groups(header, rank),
            "devices": _devices(header, rank),
            "trace_events": trace_events,
            "trace_instants": self._instant_table(rank),
            "trace_counters": self._counter_table(rank),
        }

    def _thread_name_column(self, codes: np.ndarray, pids: list[Any], tids: list[Any]) -> pa.Array:
        """Each event's thread name, from the thread_name metadata events of its (pid, tid)
        (`codes`: each event's thread among the distinct (pids[i], tids[i]))."""
        if not self.thread_names:
            return pa.nulls(len(codes), pa.string())
        labels = [self.thread_names.get((p, t)) if p is not None and t is not None else None
                  for p, t in zip(pids, tids, strict=True)]
        return pa.array(labels, pa.string()).take(pa.array(codes))

    def _meta(
        self, path: Path, header: _Header, rank: int, rank_source: RankSource, events: pa.Table,
        categories: set[str], has_kernels: bool, hip: bool, truncated: bool, host_pid: int | None,
        gpu_library: str | None = None,
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
            "device_type": [_device_type(header, has_kernels, hip, gpu_library)],
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
