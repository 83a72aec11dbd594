"""Declared Arrow schemas of every stored table, and the store's schema version.

Every Parquet fragment is cast to its table's schema before it is written, so the SQL views
can rely on column names and types. Units are in the column names; timestamps are integer
nanoseconds since the Unix epoch.
"""

from __future__ import annotations

import pyarrow as pa

SCHEMA_VERSION = 3  # 2: per-file views precomputed at ingest (derived/); 3: log tables

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
        pa.field("tokens", pa.float64()),  # tokens processed by this step (all ranks)
        pa.field("samples", pa.float64()),
        pa.field("loss", pa.float64()),
        pa.field("lr", pa.float64()),
        pa.field("grad_norm", pa.float64()),
        pa.field("tokens_per_s", pa.float64()),  # as reported
        pa.field("tflops", pa.float64()),
        pa.field("mfu", pa.float64()),
        pa.field("framework", _str),
        pa.field("line", _i64),  # 1-based line number in the source file
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
        pa.field("line", _i64),
        pa.field("raw", _str),  # the line, cut to 500 characters
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
        columns.append(col)
    # Polars hands strings over as string_view; Parquet stores both the same way, so they are
    # kept as they are rather than copied into a contiguous buffer.
    fields = [pa.field(f.name, c.type, nullable=f.nullable) for f, c in zip(schema, columns, strict=True)]
    return pa.Table.from_arrays(columns, schema=pa.schema(fields, metadata=schema.metadata))
