-- int_step_categories: each step's time split into the exclusive categories (see
-- step_breakdown for their definitions), before cross-rank figures are added.
-- materialize: per_file
-- Grain: one row per trace file x step.
-- Inputs: int_steps, int_step_segments.
-- Columns: file_id, rank, step, step_source, step_start_ns, step_ns, device_type, compute_ns,
--   comm_exposed_ns, memory_ns, data_stall_ns, host_overhead_ns, idle_ns, comm_overlapped_ns,
--   comm_total_ns (all ns).
with segments as (
    select file_id, step, seg_ns,
        (state & 16) > 0 and not (device_type = 'cpu' and (state & 2) > 0) as is_compute,
        (state & 8) > 0 as is_comm,
        (state & 4) > 0 as is_memory,
        (state & 2) > 0 as is_data,
        (state & 1) > 0 as is_host
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
        sum(case when is_comm then seg_ns else 0 end) as comm_total_ns
    from segments
    group by file_id, step
),
final as (
    select
        s.file_id, s.rank, s.step, s.step_source, s.step_start_ns, s.step_ns, s.device_type,
        coalesce(p.compute_ns, 0)::bigint as compute_ns,
        coalesce(p.comm_exposed_ns, 0)::bigint as comm_exposed_ns,
        coalesce(p.memory_ns, 0)::bigint as memory_ns,
        coalesce(p.data_stall_ns, 0)::bigint as data_stall_ns,
        coalesce(p.host_overhead_ns, 0)::bigint as host_overhead_ns,
        coalesce(p.idle_ns, 0)::bigint as idle_ns,
        coalesce(p.comm_overlapped_ns, 0)::bigint as comm_overlapped_ns,
        coalesce(p.comm_total_ns, 0)::bigint as comm_total_ns
    from int_steps s
    left join per_step p using (file_id, step)
)
select * from final
