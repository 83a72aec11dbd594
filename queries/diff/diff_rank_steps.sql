-- diff_rank_steps: step time and its categories per rank, on each side.
-- Grain: one row per rank x quantity (step_time_ms, the six exclusive categories of
--   step_breakdown, comm_wait_ms) for ranks profiled on either side.
-- Inputs: base.step_breakdown, new.step_breakdown.
-- Columns: rank, quantity, base_steps, new_steps (the rank's profiled steps), base_mean_ms,
--   new_mean_ms, base_median_ms, new_median_ms (ms per step of that rank), delta_ms (of the
--   means), delta_pct (of base_mean_ms; NULL when it is 0), ord (quantity order).
with steps as (
    select 'base' as side, rank, step_ns, compute_ns, comm_exposed_ns, memory_ns, data_stall_ns, host_overhead_ns,
           idle_ns, coalesce(comm_wait_ns, 0) as comm_wait_ns
    from base.step_breakdown
    union all
    select 'new' as side, rank, step_ns, compute_ns, comm_exposed_ns, memory_ns, data_stall_ns, host_overhead_ns,
           idle_ns, coalesce(comm_wait_ns, 0) as comm_wait_ns
    from new.step_breakdown
),

long as (
    select side, rank, quantity, value_ns / 1e6 as value_ms
    from steps
    unpivot (value_ns for quantity in (step_ns, compute_ns, comm_exposed_ns, memory_ns, data_stall_ns,
                                       host_overhead_ns, idle_ns, comm_wait_ns))
),

quantities(quantity, name, ord) as (
    values ('step_ns', 'step_time_ms', 1), ('compute_ns', 'compute_ms', 2), ('comm_exposed_ns', 'comm_exposed_ms', 3),
           ('memory_ns', 'memory_ms', 4), ('data_stall_ns', 'data_stall_ms', 5),
           ('host_overhead_ns', 'host_overhead_ms', 6), ('idle_ns', 'idle_ms', 7), ('comm_wait_ns', 'comm_wait_ms', 8)
),

per_rank as (
    select
        rank, quantity,
        count(*) filter (where side = 'base') as base_steps,
        count(*) filter (where side = 'new') as new_steps,
        avg(value_ms) filter (where side = 'base') as base_mean_ms,
        avg(value_ms) filter (where side = 'new') as new_mean_ms,
        median(value_ms) filter (where side = 'base') as base_median_ms,
        median(value_ms) filter (where side = 'new') as new_median_ms
    from long
    group by rank, quantity
),

final as (
    select
        p.rank, q.name as quantity, p.base_steps, p.new_steps, p.base_mean_ms, p.new_mean_ms, p.base_median_ms,
        p.new_median_ms, p.new_mean_ms - p.base_mean_ms as delta_ms,
        case when p.base_mean_ms <> 0 then (p.new_mean_ms - p.base_mean_ms) / p.base_mean_ms * 100 end as delta_pct,
        q.ord
    from per_rank p
    join quantities q using (quantity)
)

select * from final order by rank, ord
