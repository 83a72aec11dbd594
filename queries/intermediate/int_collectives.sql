-- int_collectives: every collective instance each rank ran, numbered within its process group.
-- materialize: per_file
-- Grain: one row per trace file x collective instance.
-- Inputs: trace_events (comm_kernel on GPU traces; gloo:* spans, kind comm_cpu, on CPU
--   traces: their size and dtype from the recorded input shapes, their group the world), stg_traces.
-- Columns: file_id, rank, step (profiler step it belongs to), pg (process group name;
--   'stream N' for kernels without collective args, 'gloo' for gloo spans), op, dtype,
--   in_nelems, out_nelems, bytes (input message size, bytes; NULL when the trace does not
--   say), group_size, start_ns, end_ns, dur_ns, seq (sequence within (cycle, pg)),
--   seq_source ('trace' when the trace numbers collectives, 'order' when numbered by start
--   time within the group: instances then match across ranks by order).
--   seq counts within the trace file and process group; collectives adds the cycle.
with traces as (
    select file_id, rank, world_size from stg_traces
),
events as (
    -- The recorded args' text only for gloo spans: GPU traces' comm kernels carry their fields
    -- in columns, and reading every event's args to keep none costs a trace's scan twice over.
    select file_id, profiler_step, pg_name, kind, stream, coll_name, name, coll_dtype, coll_in_nelems,
        coll_out_nelems, coll_group_size, start_ns, dur_ns, coll_seq, null::varchar as args_json
    from trace_events
    where kind = 'comm_kernel'
    union all
    select file_id, profiler_step, pg_name, kind, stream, coll_name, name, coll_dtype, coll_in_nelems,
        coll_out_nelems, coll_group_size, start_ns, dur_ns, coll_seq, args_json
    from trace_events
    where kind = 'comm_cpu'
),
raw as (
    select
        e.file_id, t.rank, e.profiler_step as step,
        coalesce(e.pg_name, case when e.kind = 'comm_cpu' then 'gloo' else 'stream ' || coalesce(e.stream::varchar, '?') end) as pg,
        lower(coalesce(
            e.coll_name,
            nullif(regexp_extract(e.name, '^gloo:(\w+)', 1), ''),
            nullif(regexp_extract(e.name, 'ncclDevKernel_([A-Za-z]+)', 1), ''),
            nullif(regexp_extract(e.name, 'ncclKernel_([A-Za-z]+)', 1), ''),
            e.name
        )) as op,
        -- gloo spans carry no collective args, but their shapes when shapes were recorded
        coalesce(e.coll_dtype, case when e.kind = 'comm_cpu' then json_extract_string(e.args_json, '$."Input type"[0]') end) as dtype,
        coalesce(e.coll_in_nelems, case when e.kind = 'comm_cpu' then
            list_product(json_extract(e.args_json, '$."Input Dims"[0]')::bigint[])::bigint end) as in_nelems,
        e.coll_out_nelems as out_nelems,
        coalesce(e.coll_group_size, case when e.kind = 'comm_cpu' then t.world_size end) as group_size,
        e.start_ns, e.start_ns + e.dur_ns as end_ns, e.dur_ns,
        e.coll_seq
    from events e
    join traces t using (file_id)
),
sized as (
    select *,
        in_nelems * case lower(replace(coalesce(dtype, ''), 'c10::', ''))
            when 'float' then 4 when 'float32' then 4 when 'int' then 4 when 'int32' then 4
            when 'bfloat16' then 2 when 'half' then 2 when 'float16' then 2 when 'short' then 2
            when 'double' then 8 when 'long' then 8 when 'int64' then 8 when 'float64' then 8
            when 'byte' then 1 when 'char' then 1 when 'bool' then 1 when 'int8' then 1 when 'uint8' then 1
            when 'float8_e4m3fn' then 1 when 'float8_e5m2' then 1
        end as bytes
    from raw
),
final as (
    select
        file_id, rank, step, pg, op, dtype, in_nelems, out_nelems, bytes, group_size,
        start_ns, end_ns, dur_ns,
        coalesce(coll_seq, row_number() over (partition by file_id, pg order by start_ns, end_ns) - 1) as seq,
        case when coll_seq is not null then 'trace' else 'order' end as seq_source
    from sized
)
select * from final
