"""What a trace says about itself: its rank, device type, process groups, devices and versions."""

from __future__ import annotations

import re
from pathlib import Path
from typing import TYPE_CHECKING

import pyarrow as pa

from tracelens.parsers._io import LazyModule
from tracelens.parsers.contract import ParseOptions

if TYPE_CHECKING:
    import numpy as np
else:  # loaded when a trace is first parsed (see LazyModule)
    np = LazyModule("numpy")

from tracelens.enums import EventKind, RankSource
from tracelens.parsers.kineto._decode import _Header, _text
from tracelens.parsers.kineto._kinds import _KIND_CODE, _int64_values
from tracelens.schemas import (
    DEVICES,
    PROCESS_GROUPS,
)

_RANK_IN_NAME = re.compile(r"rank[-_\[]?(\d+)", re.IGNORECASE)


_VERSION_FIELDS = (
    "cupti_version", "cuda_runtime_version", "cuda_driver_version",
    "hip_runtime_version", "hip_driver_version", "roctracer_version",
)


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


def _device_type(header: _Header, has_kernels: bool, hip: bool = False, gpu_library: str | None = None) -> str:
    """`hip`: the trace's runtime calls are HIP's; `gpu_library`: its ops call cuDNN or MIOpen
    (`aten::cudnn_convolution`: a GPU's tensors, though no device activity was recorded)."""
    if hip or header.hip_runtime_version is not None or header.roctracer_version is not None or gpu_library == "miopen":
        return "rocm"
    names = " ".join(d.name or "" for d in header.deviceProperties)
    if "AMD" in names or "Instinct" in names:
        return "rocm"
    return "cuda" if has_kernels or header.deviceProperties or gpu_library == "cudnn" else "cpu"
