-- top_kernels: the device kernels (or, in CPU-only traces, the operators) that took the most time.
-- Grain: one row per (kind, name), at most 15: device work first when the traces have any.
-- Inputs: trace_events.
-- Settings: tracelens_top_kernels (15): a report's table, not the full list (query trace_events
--   for that).
-- Columns: kind, name, calls, ranks (ranks that ran it), total_ns (summed over ranks), mean_ns,
--   share_pct (of the summed time of the same level: device work, or CPU operators).
with events as (
    select kind, name, rank, dur_ns,
        kind in ('compute_kernel', 'comm_kernel', 'memcpy', 'memset') as on_device
    from trace_events
    where kind in ('compute_kernel', 'comm_kernel', 'memcpy', 'memset', 'cpu_op', 'comm_cpu')
),
levels as (
    select bool_or(on_device) as has_device from events
),
grouped as (
    select kind, name, count(*) as calls, count(distinct rank) as ranks, sum(dur_ns) as total_ns,
        (sum(dur_ns) / count(*))::bigint as mean_ns
    from events, levels
    where on_device = coalesce(has_device, false) or (not coalesce(has_device, false) and kind = 'comm_cpu')
    group by kind, name
),
final as (
    select *, 100.0 * total_ns / sum(total_ns) over () as share_pct
    from grouped
)
select * from final
order by total_ns desc, name
limit coalesce(try_cast(getvariable('tracelens_top_kernels') as bigint), 15)
