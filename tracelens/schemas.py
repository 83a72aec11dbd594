"""Declared Arrow schemas of every stored table, and the store's schema version.

Every Parquet fragment is cast to its table's schema before it is written, so the SQL views
can rely on column names and types. Units are in the column names; timestamps are integer
nanoseconds since the Unix epoch.
"""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc

SCHEMA_VERSION = 10  # 2: per-file views precomputed at ingest (derived/); 3: log tables; 4: NCCL tables;
# 5: log_steps.time_source; 6: log_steps.data_time_s; 7: trace_meta.host_pid; 8: trace_events.parent_kind;
# 9: log_events.after_ns; 10: log_steps.file_line, log_events.file_line

_str = pa.string()
_i64 = pa.int64()
_i32 = pa.int32()

FILES = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),  # sha256 prefix of the content: the fragments' key
        pa.field("path", _str, nullable=False),  # absolute path at ingest time
        pa.field("size_bytes", _i64),
        pa.field("mtime_ns", _i64),
        pa.field("sha256", _str),
        pa.field("kind", _str),  # what the file is: kineto_trace, ...
        pa.field("parser", _str),
        pa.field("rows", _i64),  # rows stored across all tables
        pa.field("status", _str),  # FileStatus
        pa.field("message", _str),  # the error, for failed files
        pa.field("warnings", pa.list_(_str)),
        pa.field("duplicate_of", _str),  # path of the file with the same bytes
        pa.field("ingested_at_ns", _i64),
        pa.field("unrecognised_lines", _i64),  # text inputs: non-blank lines that yielded nothing (counted, not errors)
    ]
)

TRACE_META = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),
        pa.field("path", _str),
        pa.field("rank", _i32),
        pa.field("rank_source", _str),  # RankSource
        pa.field("world_size", _i32),
        pa.field("backend", _str),
        pa.field("host_name", _str),
        pa.field("host_pid", _i64),  # the profiled process (a new one on a rank: a restart)
        pa.field("trace_id", _str),
        pa.field("trace_schema_version", _i32),
        pa.field("era", _str),  # 'legacy' (2021 Operator/Kernel categories, absolute us) or 'kineto'
        pa.field("device_type", _str),  # cuda, rocm or cpu
        pa.field("base_time_ns", _i64),
        pa.field("start_ns", _i64),  # first event start
        pa.field("end_ns", _i64),  # last event end
        pa.field("duration_events", _i64),
        pa.field("truncated", pa.bool_()),
        pa.field("cupti_version", _str),
        pa.field("cuda_runtime_version", _str),
        pa.field("cuda_driver_version", _str),
        pa.field("hip_runtime_version", _str),
        pa.field("hip_driver_version", _str),
        pa.field("roctracer_version", _str),
    ]
)

PROCESS_GROUPS = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),
        pa.field("rank", _i32),
        pa.field("pg_name", _str),
        pa.field("pg_desc", _str),
        pa.field("backend_config", _str),
        pa.field("pg_size", _i32),
        pa.field("ranks", pa.list_(_i32)),
    ]
)

DEVICES = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),
        pa.field("rank", _i32),
        pa.field("device_id", _i32),
        pa.field("name", _str),
        pa.field("total_global_mem_bytes", _i64),
        pa.field("compute_major", _i32),
        pa.field("compute_minor", _i32),
        pa.field("num_sms", _i32),
        pa.field("warp_size", _i32),
    ]
)

TRACE_EVENTS = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),
        pa.field("rank", _i32),
        pa.field("pid", _i64),
        pa.field("tid", _i64),
        pa.field("thread_name", _str),
        pa.field("stream", _i64),  # device stream for kernels/memcpy/memset
        pa.field("device", _i32),
        pa.field("category", _str),  # the trace's own `cat`
        pa.field("kind", _str),  # EventKind
        pa.field("parent_kind", _str),  # kind of the innermost event of its thread holding it (null: none)
        pa.field("name", _str),
        pa.field("start_ns", _i64),
        pa.field("dur_ns", _i64),
        pa.field("correlation", _i64),  # links a runtime launch to its device activity
        pa.field("external_id", _i64),  # links an operator to its launches
        pa.field("profiler_step", _i64),  # N of the ProfilerStep#N holding the event (device: of its launch)
        pa.field("coll_name", _str),  # 'Collective name'
        pa.field("coll_in_nelems", _i64),
        pa.field("coll_out_nelems", _i64),
        pa.field("coll_in_split_sizes", _str),
        pa.field("coll_out_split_sizes", _str),
        pa.field("coll_dtype", _str),
        pa.field("coll_group_size", _i32),
        pa.field("pg_name", _str),
        pa.field("pg_desc", _str),
        pa.field("pg_ranks", _str),  # as the trace writes it, e.g. '[0, 1]'
        pa.field("coll_seq", _i64),  # collective sequence number within its group, when the trace has one
        pa.field("bytes", _i64),  # memcpy/memset size
        pa.field("args_json", _str),  # the event's args exactly as in the trace
    ]
)

TRACE_INSTANTS = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),
        pa.field("rank", _i32),
        pa.field("pid", _i64),
        pa.field("tid", _i64),
        pa.field("category", _str),
        pa.field("name", _str),
        pa.field("ts_ns", _i64),
        pa.field("scope", _str),
        pa.field("args_json", _str),
    ]
)

TRACE_COUNTERS = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),
        pa.field("rank", _i32),
        pa.field("pid", _i64),
        pa.field("category", _str),
        pa.field("name", _str),
        pa.field("series", _str),  # key inside the counter's args
        pa.field("ts_ns", _i64),
        pa.field("value", pa.float64()),
    ]
)

LOG_STEPS = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),
        pa.field("rank", _i32),  # from a launcher prefix or the line itself; NULL when unknown
        pa.field("step", _i64),
        pa.field("start_ns", _i64),  # when the step started, when the log says so
        pa.field("end_ns", _i64),  # when the step ended (usually the log line's timestamp)
        pa.field("step_time_s", pa.float64()),  # as the log reports it
        pa.field("data_time_s", pa.float64()),  # of it, waiting for the next batch, when the log says (per step)
        pa.field("tokens", pa.float64()),  # tokens processed by this step (all ranks)
        pa.field("samples", pa.float64()),
        pa.field("loss", pa.float64()),  # the training loss as logged: NaN or an infinity where the run diverged
        pa.field("lr", pa.float64()),
        pa.field("grad_norm", pa.float64()),
        pa.field("tokens_per_s", pa.float64()),  # as reported
        pa.field("tflops", pa.float64()),
        pa.field("mfu", pa.float64()),
        pa.field("framework", _str),
        # 1-based number of the line in the file, a progress bar's each redraw (after a carriage
        # return) counted as a line of its own: the order the rows were logged in
        pa.field("line", _i64),
        # the line in the file as a text editor numbers it (a line ends at a newline): where a bar's
        # redraws share a line, less than `line`; the line a finding's evidence names
        pa.field("file_line", _i64),
        # how the step's time was obtained: log_line (the line's own timestamp), log_line_mtime
        # (a timestamp printed without a year, or a time of day without a date, and no other
        # evidence of them in the file: the year or date is the file's mtime's, an estimate, the
        # time of day the line's), record (a
        # structured record's time field), tqdm (a progress bar's elapsed time, anchored on the
        # dated lines around the bar: an estimate to the bar's one-second resolution), tqdm_mtime
        # (a bar in a log with no dated line, its last reading taken as the file's mtime: the
        # steps' spacing is the bar's, their absolute time a guess), next_dated_line (an undated
        # step line: the time of the first dated line after it, before the next step's line, by
        # when it had ended); NULL when undated
        pa.field("time_source", _str),
    ]
)

LOG_EVENTS = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),
        pa.field("rank", _i32),
        pa.field("ts_ns", _i64),
        pa.field("kind", _str),  # LogEventKind
        pa.field("step", _i64),
        pa.field("duration_s", pa.float64()),
        pa.field("detail", _str),
        pa.field("framework", _str),
        pa.field("line", _i64),  # as log_steps.line
        pa.field("file_line", _i64),  # as log_steps.file_line
        pa.field("raw", _str),  # the line, cut to 500 characters
        # its date was printed without a year (or its time of day without a date) and nothing
        # else in the file gave it: the year (or date) is the file's mtime's (an estimate;
        # log_steps.time_source says log_line_mtime alike); or its line has no time and a progress
        # bar hung on the file's mtime dates it (tqdm_mtime)
        pa.field("year_from_mtime", pa.bool_()),
        # an event on a line with no time of its own (a Python traceback): the time of its file's
        # last dated line before it, the earliest it can have been logged; NULL for a dated event
        # and where no line before it is dated
        pa.field("after_ns", _i64),
    ]
)

NCCL_TESTS = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),
        pa.field("run", _i32),  # 0, 1, ...: the result tables of one file, in order
        pa.field("op", _str),  # all_reduce, all_gather, ... (from the binary name); NULL when not said
        pa.field("size_bytes", _i64),
        pa.field("count", _i64),  # elements
        pa.field("dtype", _str),
        pa.field("redop", _str),  # sum, none, ... ('' for ops without one)
        pa.field("root", _i32),
        pa.field("in_place", pa.bool_()),
        pa.field("time_us", pa.float64()),  # mean time of one operation
        pa.field("algbw_gbps", pa.float64()),  # size / time, decimal GB/s
        pa.field("busbw_gbps", pa.float64()),  # algbw x the op's bus factor, as nccl-tests prints it
        pa.field("wrong", _i64),  # #wrong column (2022+)
        pa.field("max_error", pa.float64()),  # error / res column (older formats)
        pa.field("n_ranks", _i32),
        pa.field("n_ranks_source", _str),  # header (one "Rank N" line each) or busbw_ratio
        pa.field("hosts", _str),  # distinct hosts of the header, comma-separated
        pa.field("devices", _str),  # distinct device names of the header
        pa.field("nccl_version", _str),
        pa.field("avg_busbw_gbps", pa.float64()),  # the run's footer "Avg bus bandwidth"
        pa.field("line", _i64),
    ]
)

NCCL_COMMS = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),
        pa.field("host", _str),
        pa.field("pid", _i64),
        pa.field("cuda_dev", _i32),
        pa.field("comm", _str),  # the communicator's address, as NCCL prints it
        pa.field("comm_id", _str),  # commId (NCCL >= 2.19): the same on every rank of a communicator
        pa.field("rank", _i32),
        pa.field("nranks", _i32),
        pa.field("nnodes", _i32),
        pa.field("local_ranks", _i32),
        pa.field("bus_id", _str),
        pa.field("nccl_version", _str),
        pa.field("init_complete", pa.bool_()),
        pa.field("init_total_s", pa.float64()),  # "Init timings ... total"
        pa.field("init_timings", _str),  # the phases of "Init timings" as JSON, seconds
        pa.field("coll_channels", _i32),
        pa.field("n_rings", _i32),
        pa.field("n_trees", _i32),
        pa.field("transports", _str),  # distinct transports seen on this process: P2P/IPC, SHM, NET/IB, GDRDMA, ...
        pa.field("line", _i64),  # the Init COMPLETE line (or the first line about the communicator)
    ]
)

NCCL_WARNINGS = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),
        pa.field("host", _str),
        pa.field("pid", _i64),
        pa.field("tid", _i64),
        pa.field("cuda_dev", _i32),
        pa.field("rank", _i32),  # from a launcher prefix
        pa.field("ts_ns", _i64),  # the line's own timestamp, if any
        pa.field("source", _str),  # NCCL's file:line
        pa.field("message", _str),
        pa.field("line", _i64),
    ]
)

NCCL_CALLS = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),
        pa.field("host", _str),
        pa.field("pid", _i64),
        pa.field("cuda_dev", _i32),
        pa.field("op", _str),  # all_reduce, broadcast, ... (NCCL's AllReduce, Broadcast, ...)
        pa.field("op_count", _i64),
        pa.field("count", _i64),
        pa.field("dtype", _str),
        pa.field("size_bytes", _i64),  # count x dtype size
        pa.field("redop", _str),
        pa.field("root", _i32),
        pa.field("comm", _str),
        pa.field("nranks", _i32),
        pa.field("stream", _str),
        pa.field("line", _i64),
    ]
)

FR_ENTRIES = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),
        pa.field("rank", _i32),
        pa.field("pg_id", _i32),  # this rank's local process-group index
        pa.field("pg_name", _str),  # the group's global name: the same on every member
        pa.field("pg_desc", _str),
        pa.field("collective_seq_id", _i64),
        pa.field("p2p_seq_id", _i64),
        pa.field("op_id", _i64),
        pa.field("record_id", _i64),
        pa.field("profiling_name", _str),  # nccl:all_reduce, gloo:broadcast, ...
        pa.field("op", _str),  # all_reduce, broadcast, ... (backend prefix and base-suffixes off)
        pa.field("is_p2p", pa.bool_()),
        pa.field("state", _str),  # scheduled / started / completed
        pa.field("retired", pa.bool_()),
        pa.field("time_created_ns", _i64),
        pa.field("time_started_ns", _i64),
        pa.field("time_completed_ns", _i64),
        pa.field("duration_ms", pa.float64()),  # when timing was enabled
        pa.field("timeout_ms", _i64),
        pa.field("input_sizes", _str),  # JSON, e.g. [[4096, 5120]]
        pa.field("output_sizes", _str),
        pa.field("input_dtypes", _str),  # comma-separated
        pa.field("output_dtypes", _str),
        pa.field("input_numel", _i64),
        pa.field("output_numel", _i64),
        pa.field("input_bytes", _i64),  # numel x dtype size, when the dtype is known
        pa.field("output_bytes", _i64),
        pa.field("frames", _str),  # "name at file:line", innermost first, one a line
        pa.field("thread_name", _str),
    ]
)

FR_PG_STATUS = pa.schema(
    [
        pa.field("file_id", _str, nullable=False),
        pa.field("rank", _i32),
        pa.field("rank_source", _str),  # file_name / cli
        pa.field("fr_version", _str),
        pa.field("comm_lib_version", _str),
        pa.field("pg_id", _i32),
        pa.field("pg_name", _str),
        pa.field("pg_name_source", _str),  # entries (an entry names it) / creation_order / NULL
        pa.field("pg_desc", _str),
        pa.field("pg_ranks", pa.list_(_i32)),  # members, from pg_config when the dump has it
        pa.field("last_enqueued", _i64),
        pa.field("last_started", _i64),
        pa.field("last_completed", _i64),
        pa.field("n_entries", _i64),  # entries of this group in the dump
    ]
)

# Tables stored per input file. `partition` names the column whose value becomes a
# `col=value` directory, so that one rank can be read without the others.
TABLES: dict[str, pa.Schema] = {
    "trace_meta": TRACE_META,
    "process_groups": PROCESS_GROUPS,
    "devices": DEVICES,
    "trace_events": TRACE_EVENTS,
    "trace_instants": TRACE_INSTANTS,
    "trace_counters": TRACE_COUNTERS,
    "log_steps": LOG_STEPS,
    "log_events": LOG_EVENTS,
    "nccl_tests": NCCL_TESTS,
    "nccl_comms": NCCL_COMMS,
    "nccl_warnings": NCCL_WARNINGS,
    "nccl_calls": NCCL_CALLS,
    "fr_entries": FR_ENTRIES,
    "fr_pg_status": FR_PG_STATUS,
}
PARTITION_BY: dict[str, str] = {"trace_events": "rank", "trace_instants": "rank", "trace_counters": "rank"}


def conform(table: pa.Table, schema: pa.Schema) -> pa.Table:
    """Reorder, add missing (null) columns and cast to the declared schema."""
    columns = []
    for fld in schema:
        if fld.name in table.column_names:
            col = table.column(fld.name)
            if col.type != fld.type and not (col.type == pa.string_view() and fld.type == pa.string()):
                col = col.cast(fld.type)
        else:
            col = pa.nulls(table.num_rows, type=fld.type)
        if fld.name == "file_line" and col.null_count and "line" in table.column_names:
            # (a row whose reader numbered the file's lines as an editor does: its line)
            col = pc.coalesce(col, table.column("line").cast(fld.type))
        columns.append(col)
    # Polars hands strings over as string_view; Parquet stores both the same way, so they are
    # kept as they are rather than copied into a contiguous buffer.
    fields = [pa.field(f.name, c.type, nullable=f.nullable) for f, c in zip(schema, columns, strict=True)]
    return pa.Table.from_arrays(columns, schema=pa.schema(fields, metadata=schema.metadata))
