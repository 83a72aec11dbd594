-- stg_traces: one row per ingested trace file, read in full or truncated (int_traces numbers
--   each rank's traces into profiler cycles).
-- Grain: one row per trace file (file_id).
-- Inputs: trace_meta, files.
-- Columns: file_id, path, rank, rank_source, world_size, backend, host_name, host_pid (the profiled process), era, device_type, start_ns, end_ns (ns since epoch),
--   window_ns (end - start), duration_events, truncated, status (files.status).
with meta as (
    select * from trace_meta
),
catalog as (
    select file_id, status from files where status in ('ok', 'truncated')
),
final as (
    select
        meta.file_id,
        meta.path,
        meta.rank,
        meta.rank_source,
        meta.world_size,
        meta.backend,
        meta.host_name,
        meta.host_pid,
        meta.era,
        meta.device_type,
        meta.start_ns,
        meta.end_ns,
        meta.end_ns - meta.start_ns as window_ns,
        meta.duration_events,
        meta.truncated,
        catalog.status
    from meta
    join catalog using (file_id)
)
select * from final
