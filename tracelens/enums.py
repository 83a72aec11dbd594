"""Closed sets shared by the parsers, the SQL views and the report.

The string values are what the Parquet tables and SQL views hold; SQL files compare against
these literals, and `tests/test_enums.py` checks every literal used in queries/ is a member.
"""

from __future__ import annotations

from enum import StrEnum


class EventKind(StrEnum):
    """Classification of one Kineto duration event (`trace_events.kind`)."""

    PROFILER_STEP = "profiler_step"  # ProfilerStep#N span on the training thread
    COMPUTE_KERNEL = "compute_kernel"  # device kernel that is not communication
    COMM_KERNEL = "comm_kernel"  # NCCL/RCCL kernel (or any kernel carrying collective args)
    MEMCPY = "memcpy"
    MEMSET = "memset"
    GPU_ANNOTATION = "gpu_annotation"  # gpu_user_annotation ranges on a stream
    CPU_OP = "cpu_op"  # aten:: and other operators on a host thread
    COLLECTIVE_CPU = "collective_cpu"  # host side of a collective: c10d::*, record_param_comms, nccl:*
    COMM_CPU = "comm_cpu"  # a collective executing on a CPU thread (gloo:* spans on gloo's threads)
    DATA_LOADER = "data_loader"  # enumerate(DataLoader)#...__next__
    RUNTIME = "runtime"  # cudaLaunchKernel, hipMemcpyAsync, ... (cuda_runtime / Runtime)
    DRIVER = "driver"  # cuLaunchKernel, ... (cuda_driver)
    ANNOTATION = "annotation"  # record_function / user_annotation ranges
    PYTHON_FUNCTION = "python_function"
    OVERHEAD = "overhead"  # profiler overhead spans
    TRACE = "trace"  # the whole-trace span (cat Trace)
    OTHER = "other"


DEVICE_KINDS = frozenset(
    {EventKind.COMPUTE_KERNEL, EventKind.COMM_KERNEL, EventKind.MEMCPY, EventKind.MEMSET, EventKind.GPU_ANNOTATION}
)


class FileStatus(StrEnum):
    """Outcome of ingesting one input file (`files.status`)."""

    OK = "ok"
    TRUNCATED = "truncated"  # salvaged: complete events kept, the rest lost
    FAILED = "failed"  # nothing could be read; the message says why
    DUPLICATE = "duplicate"  # same bytes as a file already in the store
    UNKNOWN = "unknown"  # no parser recognised the file


class RankSource(StrEnum):
    """Where `trace_meta.rank` came from, best first."""

    DISTRIBUTED_INFO = "distributedInfo"
    FILE_NAME = "file_name"
    CLI = "cli"
    DEFAULT = "default"
