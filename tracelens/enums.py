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
    OTHER = "other"


class HangVerdict(StrEnum):
    """What the flight recorder says of one process group (`hang_analysis.verdict`)."""

    MISSING_RANKS = "missing_ranks"  # some ranks never issued a collective the others issued
    STUCK = "stuck"  # some ranks entered a collective the others completed, and never left it
    MISMATCH = "mismatch"  # ranks issued different collectives at the same sequence number
    SILENT_RANKS = "silent_ranks"  # members without flight-recorder data
    OK = "ok"


# The parts of `tracelens report`, in their order (here rather than in tracelens.report, so that
# the command line can offer them without importing the report model).
REPORT_SECTIONS = ("goodput", "findings", "attempts", "steps", "ranks", "collectives", "hangs", "inputs")
