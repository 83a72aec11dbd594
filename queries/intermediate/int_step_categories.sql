-- int_step_categories: each step's time split into the exclusive categories (see
-- step_breakdown for their definitions), before cross-rank figures are added.
-- materialize: per_file
-- Grain: one row per trace file x step.
-- Inputs: int_steps, int_step_segments.
-- Columns: file_id, rank, step, step_source, step_start_ns, step_ns, device_type, compute_ns,
--   comm_exposed_ns, memory_ns, data_stall_ns, host_overhead_ns, idle_ns, comm_overlapped_ns,
--   comm_total_ns (all ns): NULL for every step of a GPU job's trace that recorded no device work
--   in any step (its profiler took CPU activity alone, `activities=[ProfilerActivity.CPU]`): what
--   the device did then is not in the trace, and the host's time is no measure of it.
with segments as (
    select file_id, step, seg_ns,
        (state & 16) > 0 and not (device_type = 'cpu' and (state & 2) > 0) as is_compute,
        (state & 8) > 0 as is_comm,
        (state & 4) > 0 as is_memory,
        (state & 2) > 0 as is_data,
        (state & 1) > 0 as is_host,
        device_type
    from int_step_segments
),
per_step as (
    select file_id, step,
        sum(case when is_compute then seg_ns else 0 end) as compute_ns,
        sum(case when not is_compute and is_comm then seg_ns else 0 end) as comm_exposed_ns,
        sum(case when not is_compute and not is_comm and is_memory then seg_ns else 0 end) as memory_ns,
        sum(case when not is_compute and not is_comm and not is_memory and is_data then seg_ns else 0 end) as data_stall_ns,
        sum(case when not is_compute and not is_comm and not is_memory and not is_data and is_host then seg_ns else 0 end) as host_overhead_ns,
        sum(case when not (is_compute or is_comm or is_memory or is_data or is_host) then seg_ns else 0 end) as idle_ns,
        sum(case when is_compute and is_comm then seg_ns else 0 end) as comm_overlapped_ns,
        sum(case when is_comm then seg_ns else 0 end) as comm_total_ns,
        bool_or(device_type = 'cpu') as cpu_trace
    from segments
    group by file_id, step
),
recorded as (
    -- a kernel or a copy in some step (on a GPU trace compute is a kernel's; not communication,
    -- which gloo's host spans are too)
    select file_id, bool_or(cpu_trace or compute_ns + memory_ns > 0) as device_recorded
    from per_step
    group by file_id
),
final as (
    select
        s.file_id, s.rank, s.step, s.step_source, s.step_start_ns, s.step_ns, s.device_type,
        c.compute_ns, c.comm_exposed_ns, c.memory_ns, c.data_stall_ns, c.host_overhead_ns, c.idle_ns,
        c.comm_overlapped_ns, c.comm_total_ns
    from int_steps s
    left join recorded r using (file_id)
    left join per_step p using (file_id, step)
    cross join lateral (
        select
            case when r.device_recorded is not false then coalesce(p.compute_ns, 0)::bigint end as compute_ns,
            case when r.device_recorded is not false then coalesce(p.comm_exposed_ns, 0)::bigint end as comm_exposed_ns,
            case when r.device_recorded is not false then coalesce(p.memory_ns, 0)::bigint end as memory_ns,
            case when r.device_recorded is not false then coalesce(p.data_stall_ns, 0)::bigint end as data_stall_ns,
            case when r.device_recorded is not false then coalesce(p.host_overhead_ns, 0)::bigint end as host_overhead_ns,
            case when r.device_recorded is not false then coalesce(p.idle_ns, 0)::bigint end as idle_ns,
            case when r.device_recorded is not false then coalesce(p.comm_overlapped_ns, 0)::bigint end as comm_overlapped_ns,
            case when r.device_recorded is not false then coalesce(p.comm_total_ns, 0)::bigint end as comm_total_ns
    ) c
)
select * from final
