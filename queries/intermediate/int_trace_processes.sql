-- int_trace_processes: the profiled processes of each rank. A rank whose traces come from
-- two processes was restarted in between (torchrun starts new workers), so each process is
-- evidence of an attempt, dated by its traces' epoch timestamps.
-- Grain: one row per rank x process (host_name, host_pid).
-- Inputs: stg_traces.
-- Columns: rank, host_name, host_pid (NULL when the trace shows none: each such file counts
--   as its own process), start_ns and end_ns (first and last traced activity, ns since epoch),
--   files (trace files of the process), process (1-based order on the rank by start).
with traces as (
    select rank, host_name, coalesce(host_pid::varchar, 'file:' || file_id) as process_key, host_pid, start_ns, end_ns
    from stg_traces
    where start_ns is not null
),
grouped as (
    select rank, any_value(host_name) as host_name, any_value(host_pid) as host_pid,
        min(start_ns) as start_ns, max(end_ns) as end_ns, count(*) as files
    from traces
    group by rank, host_name, process_key
),
final as (
    select *, row_number() over (partition by rank order by start_ns) as process
    from grouped
)
select * from final
