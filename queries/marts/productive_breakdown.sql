-- productive_breakdown: the productive bucket of goodput_buckets split the way the profiled
-- steps spent their time (step_breakdown), extrapolated from the profiled steps to all
-- productive steps.
-- Grain: one row per step category.
-- Inputs: goodput_buckets, step_breakdown.
-- Extrapolation: every productive second is assumed to split like the profiled steps (all
--   ranks, all profiled steps, weighted by step time); `basis` says on how many rank-steps.
--   When no trace was profiled there are no rows.
-- Columns: category (compute, comm_exposed, memory, data_stall, host_overhead, idle),
--   share (of profiled step time), seconds (share x productive seconds), basis_rank_steps,
--   basis_profiled_s (profiled step time summed over ranks).
with profiled as (
    -- the steps split into categories (not those of a trace that recorded no device work)
    select count(compute_ns) as rank_steps, sum(step_ns) filter (where compute_ns is not null) as step_ns,
        sum(compute_ns) as compute, sum(comm_exposed_ns) as comm_exposed, sum(memory_ns) as memory,
        sum(data_stall_ns) as data_stall, sum(host_overhead_ns) as host_overhead, sum(idle_ns) as idle
    from step_breakdown
),
productive as (
    select seconds from goodput_buckets where bucket = 'productive'
),
categories as (
    select 'compute' as category, compute as ns from profiled
    union all select 'comm_exposed', comm_exposed from profiled
    union all select 'memory', memory from profiled
    union all select 'data_stall', data_stall from profiled
    union all select 'host_overhead', host_overhead from profiled
    union all select 'idle', idle from profiled
),
final as (
    select c.category,
        c.ns / p.step_ns as share,
        c.ns / p.step_ns * g.seconds as seconds,
        p.rank_steps as basis_rank_steps,
        p.step_ns / 1e9 as basis_profiled_s
    from categories c, profiled p, productive g
    where p.step_ns > 0
)
select * from final
order by seconds desc
