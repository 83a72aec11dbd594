-- step_series: step time and its categories per rank and step, for charts; steps are merged
--   into bins when a job has more rank-steps than a page can draw.
-- Grain: one row per rank x step bin (a bin is one step unless rank-steps exceed 4000).
-- Inputs: step_breakdown.
-- Columns: rank, step (first step of the bin), steps (steps in the bin), step_ns and the six
--   categories (ns, averaged over the bin's steps).
with sized as (
    select *, greatest(1, ceil(count(*) over () / 4000.0))::bigint as bin_width from step_breakdown
),
binned as (
    select *, (dense_rank() over (partition by rank order by cycle, step) - 1) // bin_width as bin from sized
),
final as (
    select rank, min(step) as step, count(*) as steps,
        avg(step_ns)::bigint as step_ns, avg(compute_ns)::bigint as compute_ns, avg(comm_exposed_ns)::bigint as comm_exposed_ns,
        avg(memory_ns)::bigint as memory_ns, avg(data_stall_ns)::bigint as data_stall_ns,
        avg(host_overhead_ns)::bigint as host_overhead_ns, avg(idle_ns)::bigint as idle_ns
    from binned
    group by rank, bin
)
select * from final
order by rank, step
