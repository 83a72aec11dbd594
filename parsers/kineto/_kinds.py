"""Each event's kind (EventKind) and profiler step: classified once per distinct (category,
name), steps assigned with numpy."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

import pyarrow as pa

from tracelens.parsers._io import LazyModule

if TYPE_CHECKING:
    import numpy as np
    import pyarrow.compute as pc
else:  # loaded when a trace is first parsed (see LazyModule)
    np = LazyModule("numpy")
    pc = LazyModule("pyarrow.compute")

from tracelens.enums import EventKind

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
    if cat in ("cpu_op", "operator") or (cat is None and name.startswith("aten::")):
        # (an ATen operator with no category: PyTorch's legacy autograd profiler writes none)
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


def _holders(thread: np.ndarray, start: np.ndarray, dur: np.ndarray) -> np.ndarray:
    """Each event's holder: the row of the innermost event of the same thread whose span holds
    it (starts at or before it, ends at or after it), or -1 (none, a zero-length event).

    Host events nest as call stacks, and most lie inside another of their own activity
    category: the step sweep (int_step_segments) leaves those out, as they change no state.
    Found with sorts, in O(n log n): an event's depth is the events of its thread started
    before it less those ended by its start, and its holder the last event before it at one
    depth less. Where a thread's events overlap without nesting, that event may not be the
    innermost holder or hold it at all: a holder is checked to hold, else -1."""
    n = len(start)
    out = np.full(n, -1, dtype=np.int64)
    rows = np.flatnonzero(dur > 0)
    m = len(rows)
    if m < 2:
        return out
    s = start[rows]
    e = s + dur[rows]
    group = thread[rows].astype(np.int64)
    t0 = int(s.min())
    span = int(e.max()) - t0 + 1
    if (int(group.max()) + 1) * span >= 1 << 62:  # thread and time do not pack into one int64: ranks of the times
        _, ranked = np.unique(np.concatenate([s, e]), return_inverse=True)
        s, e, t0, span = ranked[:m].astype(np.int64), ranked[m:].astype(np.int64), 0, 2 * m
    begins = group * span + (s - t0)
    ends = group * span + (e - t0)
    # Traces are written mostly in time order, which a stable sort (timsort) takes in near-linear time.
    order = np.argsort(begins, kind="stable")
    begins = begins[order]
    tie = np.flatnonzero(begins[1:] == begins[:-1])
    if len(tie):  # equal starts on a thread: the longer first, as it holds the other
        at = np.union1d(tie, tie + 1)
        tied = order[at]
        order[at] = tied[np.lexsort((-ends[tied], begins[at]))]
    ends = ends[order]
    depth = np.arange(m) - np.searchsorted(np.sort(ends, kind="stable"), begins, "right")
    level = group[order] * (int(depth.max()) + 2) + depth
    small = level.max() < 1 << 16  # numpy sorts 16-bit keys by radix
    by_level = np.argsort(level.astype(np.uint16) if small else level, kind="stable")
    if int(level.max()) + 1 >= (1 << 62) // m:  # (level, row) does not pack into one int64: dense levels
        _, level = np.unique(level, return_inverse=True)
        level = level.astype(np.int64)
    key = level[by_level] * m + by_level
    at = np.searchsorted(key, (level - 1) * m + np.arange(m), "left") - 1
    holder = by_level[np.maximum(at, 0)]
    held = (depth > 0) & (at >= 0) & (level[holder] == level - 1) & (ends[holder] >= ends)
    out[rows[order[held]]] = rows[order[holder[held]]]
    return out
