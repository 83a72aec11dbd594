-- step_summary: each rank's profiled steps in one line: mean step time and category shares.
-- Grain: one row per rank.
-- Inputs: step_breakdown.
-- Columns: rank, steps, mean_step_ns, compute_pct, comm_exposed_pct, memory_pct,
--   data_stall_pct, host_overhead_pct, idle_pct (percent of the rank's summed time of the steps
--   split into categories; they sum to 100), comm_overlapped_pct (of collective time, hidden
--   under compute), comm_wait_per_step_ns, reason (why the shares are NULL, or over fewer
--   steps than `steps`: a trace of a GPU job that recorded no device work, int_step_categories;
--   and where steps are a trace's whole profiled window, step_source 'window': no ProfilerStep#).
with per_rank as (
    select rank, count(*) as steps, sum(step_ns) as total_ns,
        count(compute_ns) as split_steps, sum(step_ns) filter (where compute_ns is not null) as split_ns,
        count(*) filter (where step_source = 'window') as windows,
        sum(compute_ns) as compute_ns, sum(comm_exposed_ns) as comm_exposed_ns, sum(memory_ns) as memory_ns,
        sum(data_stall_ns) as data_stall_ns, sum(host_overhead_ns) as host_overhead_ns, sum(idle_ns) as idle_ns,
        sum(comm_overlapped_ns) as comm_overlapped_ns, sum(comm_total_ns) as comm_total_ns, sum(comm_wait_ns) as comm_wait_ns
    from step_breakdown
    group by rank
),
final as (
    select rank, steps, (total_ns / steps)::bigint as mean_step_ns,
        100.0 * compute_ns / nullif(split_ns, 0) as compute_pct,
        100.0 * comm_exposed_ns / nullif(split_ns, 0) as comm_exposed_pct,
        100.0 * memory_ns / nullif(split_ns, 0) as memory_pct,
        100.0 * data_stall_ns / nullif(split_ns, 0) as data_stall_pct,
        100.0 * host_overhead_ns / nullif(split_ns, 0) as host_overhead_pct,
        100.0 * idle_ns / nullif(split_ns, 0) as idle_pct,
        100.0 * comm_overlapped_ns / nullif(comm_total_ns, 0) as comm_overlapped_pct,
        (comm_wait_ns / steps)::bigint as comm_wait_per_step_ns,
        nullif(concat_ws('; ',
            case
                when split_steps = 0 then format('rank {}: its trace recorded no device work (CPU activity alone): '
                                                 'where its steps'' time went on the device is unknown', rank)
                when split_steps < steps then format('rank {}: shares over {} of {} steps; the trace of the others '
                                                     'recorded no device work', rank, split_steps, steps)
            end,
            case
                when windows = steps then format('rank {}: its trace marks no step (no ProfilerStep#): its {} {} the '
                                                 'profiled window, not a training step', rank, steps,
                                                 case when steps = 1 then 'step is' else 'steps are each' end)
                when windows > 0 then format('rank {}: {} of its {} steps are a trace''s profiled window (no '
                                             'ProfilerStep#), not a training step', rank, windows, steps)
            end), '') as reason
    from per_rank
)
select * from final
order by rank
