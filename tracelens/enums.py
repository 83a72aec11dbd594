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
# The device's own work (annotations on a stream are not work): what a view lists as `kind in
# (...)` when it means time the device spent busy. tests/test_enums.py checks every such list.
DEVICE_WORK_KINDS = DEVICE_KINDS - {EventKind.GPU_ANNOTATION}


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


class LogEventKind(StrEnum):
    """What a log line says happened (`log_events.kind`)."""

    ATTEMPT_START = "attempt_start"  # a process (re)started training: header, job start
    ATTEMPT_END = "attempt_end"  # training finished normally
    CRASH = "crash"  # a worker failed: traceback, exit code, kill
    RESTART = "restart"  # the launcher restarts the workers
    CHECKPOINT_SAVE_START = "checkpoint_save_start"
    CHECKPOINT_SAVE_END = "checkpoint_save_end"
    CHECKPOINT_LOAD_START = "checkpoint_load_start"
    CHECKPOINT_LOAD_END = "checkpoint_load_end"
    EVAL_START = "eval_start"
    EVAL_END = "eval_end"
    INIT_START = "init_start"  # accelerator init, training prep, first data loading
    INIT_END = "init_end"
    HANG = "hang"
    COLLECTIVE_TIMEOUT = "collective_timeout"
    OOM = "oom"
    STRAGGLER = "straggler"  # a framework's own straggler detector reported (the rank when it names one)
    # a launcher or framework printed the job's world size (torchrun's launch configs, DeepSpeed's
    # dist_world_size, Megatron's "using world size: N"): `detail` is "world_size=N" (int_world_size)
    LAUNCH_CONFIG = "launch_config"
    # lines cut out of the log where it was copied (an excerpt's `...` or `[...]` line alone): what
    # happened across it is not in the log
    ELISION = "elision"
    # a process's last dated line where it stopped without a word (no failure, restart or end logged):
    # it was alive until then (parsers/_logtables.py `LogRows.last_lines`)
    LAST_LINE = "last_line"


# Log events that end an attempt in failure (attempts.end_reason 'crash'); int_attempts lists them.
FAILURE_EVENT_KINDS = frozenset(
    {LogEventKind.CRASH, LogEventKind.OOM, LogEventKind.COLLECTIVE_TIMEOUT, LogEventKind.HANG}
)


class GoodputBucket(StrEnum):
    """Where a job's wall-clock time went (`goodput_buckets.bucket`); they sum to wall time.

    Mapping to ml-goodput-measurement's BadputType: startup = PROGRAM_STARTUP + TPU_INITIALIZATION
    + TRAINING_PREP + DATA_LOADING_SYNC; lost_work + restart_downtime = WASTED_PROGRESS_FROM_DISRUPTION
    + INFRASTRUCTURE_RECOVERY_FROM_DISRUPTION (mlgp counts the partial step at the crash as
    recovery, tracelens as lost work); eval = CUSTOM_BADPUT_EVENTS(EVAL_STEP).
    """

    PRODUCTIVE = "productive"
    LOST_WORK = "lost_work"
    CHECKPOINT_SAVE = "checkpoint_save"
    CHECKPOINT_LOAD = "checkpoint_load"
    RESTART_DOWNTIME = "restart_downtime"
    STARTUP = "startup"
    EVAL = "eval"
    DATA_STALL = "data_stall"
    IDLE = "idle"  # between a run that completed its training and the next one's start
    OTHER = "other"


class HangVerdict(StrEnum):
    """What the flight recorder says of one process group (`hang_analysis.verdict`), in
    priority order: a group showing several defects gets the first (tests/test_enums.py)."""

    MISSING_RANKS = "missing_ranks"  # some ranks never issued a collective the others issued
    STUCK = "stuck"  # some ranks entered a collective the others completed, and never left it
    MISMATCH = "mismatch"  # ranks issued different collectives at the same sequence number
    SILENT_RANKS = "silent_ranks"  # members without flight-recorder data
    OK = "ok"


class GpusSource(StrEnum):
    """Where the job's GPU count comes from (`int_world_size.gpus_source`), best first."""

    CLI = "cli"  # --gpus
    WORLD_SIZE = "world_size"  # the largest world size in the traces' distributedInfo
    LAUNCH_CONFIG = "launch_config"  # the world size a launcher or framework printed
    NCCL_COMMS = "nccl_comms"  # the largest NCCL communicator in NCCL_DEBUG lines
    LOG_RANKS = "log_ranks"  # the ranks seen in the launcher's line prefixes
    SCRIPT = "script"  # a script's own count of its GPUs (`Total GPUs: 8`), where it is more than the ranks seen
    UNKNOWN = "unknown"  # none of these: no GPU-hours


class Clock(StrEnum):
    """What an attempt's times rest on (`attempts.clock`)."""

    LOG = "log"  # the inputs' own clocks: dated lines, event files, traces
    MTIME = "mtime"  # progress-bar times hung on the file's modification time (no line dates them)
    # dated lines that print no year or no date (the year or date is the file's mtime's), or a line dated by a
    # bar hung on the mtime
    MTIME_YEAR = "mtime_year"
    UNDATED = "undated"  # no time at all: the attempt is known from its console's line order


class StepCategory(StrEnum):
    """Where a profiled step's time went (int_step_categories' `*_ns` columns,
    productive_breakdown.category); they sum to the step's duration."""

    COMPUTE = "compute"
    COMM_EXPOSED = "comm_exposed"
    MEMORY = "memory"
    DATA_STALL = "data_stall"
    HOST_OVERHEAD = "host_overhead"
    IDLE = "idle"


class CollectiveOp(StrEnum):
    """A collective's operation as the tables and views name it (`collectives.op`,
    `nccl_tests.op`, `nccl_calls.op`, `fr_entries.op`)."""

    ALL_REDUCE = "all_reduce"
    ALL_GATHER = "all_gather"
    REDUCE_SCATTER = "reduce_scatter"
    ALL_TO_ALL = "all_to_all"
    BROADCAST = "broadcast"
    REDUCE = "reduce"
    GATHER = "gather"
    SCATTER = "scatter"
    BARRIER = "barrier"
    SEND = "send"
    RECV = "recv"
    SENDRECV = "sendrecv"  # nccl-tests' sendrecv_perf
    HYPERCUBE = "hypercube"  # nccl-tests' hypercube_perf


# Ops whose inputs must match on every rank (collective_mismatches); all_to_all, gather,
# scatter and p2p sizes legitimately differ.
SIZES_MUST_MATCH = frozenset(
    {CollectiveOp.ALL_REDUCE, CollectiveOp.BROADCAST, CollectiveOp.REDUCE, CollectiveOp.ALL_GATHER,
     CollectiveOp.REDUCE_SCATTER, CollectiveOp.BARRIER}
)


def bus_bandwidth_factor(op: str, n_ranks: int) -> float | None:
    """busbw / algbw for `op` over `n_ranks`, as nccl-tests defines it (collective_bandwidth's
    bus_factor; NULL for ops nccl-tests gives no bus bandwidth)."""
    if op == CollectiveOp.ALL_REDUCE:
        return 2.0 * (n_ranks - 1) / n_ranks
    if op in (CollectiveOp.ALL_GATHER, CollectiveOp.REDUCE_SCATTER, CollectiveOp.ALL_TO_ALL):
        return (n_ranks - 1) / n_ranks
    if op in (CollectiveOp.BROADCAST, CollectiveOp.REDUCE):
        return 1.0
    return None


# Bytes per element of every dtype spelling the inputs use, lower-cased: NCCL's names
# (parsers/_nccl.py), torch's c10::ScalarType names (flight recorder, Kineto's `dtype` arg) and
# the views' sizing of trace collectives (int_collectives). tests/test_enums.py checks each copy.
DTYPE_BYTES: dict[str, int] = {
    "int8": 1, "uint8": 1, "char": 1, "byte": 1, "bool": 1,
    "int16": 2, "short": 2, "uint16": 2, "float16": 2, "half": 2, "bfloat16": 2,
    "int32": 4, "int": 4, "uint32": 4, "float32": 4, "float": 4,
    "int64": 8, "long": 8, "uint64": 8, "float64": 8, "double": 8,
    "complexfloat": 8, "complexdouble": 16,
    "fp8_e4m3": 1, "fp8_e5m2": 1, "float8_e4m3fn": 1, "float8_e5m2": 1, "float8_e4m3fnuz": 1, "float8_e5m2fnuz": 1,
}

# Kineto args promoted to columns of trace_events, read by both the C scanner
# (tracelens/_fastscan.c ARG_KEYS) and the Python decoder (parsers/kineto/_decode.py _Args);
# names differ by profiler era (`External id` vs `external id`).
KINETO_PROMOTED_ARGS = ("External id", "external id", "correlation", "device", "stream", "bytes")
# Kineto args of a collective (record_param_comms), read by both paths likewise (C: COLLECTIVE_KEYS).
KINETO_COLLECTIVE_ARGS = (
    "Collective name", "In msg nelems", "Out msg nelems", "In split size", "Out split size", "dtype", "Group size",
    "Process Group Name", "Process Group Description", "Process Group Ranks", "Seq",
)


# The parts of `tracelens report`, in their order (here rather than in tracelens.report, so that
# the command line can offer them without importing the report model).
REPORT_SECTIONS = ("goodput", "findings", "attempts", "steps", "ranks", "collectives", "hangs", "inputs")
