-- step_breakdown: where each step's time went, on each rank.
-- Grain: one row per trace file x step (a rank's cycle x step; `file_id` keeps several
--   profiler cycles and attempts of one rank apart).
-- Inputs: int_steps, int_step_segments, collective_matches.
-- Exclusive categories, by priority over every instant of the step; they sum exactly to
--   step_ns (check_step_breakdown_sums):
--   compute_ns        a compute kernel runs on any stream (CPU-only traces: the host runs an
--                     operator outside collectives and data loading)
--   comm_exposed_ns   a collective runs and no compute does
--   memory_ns         only memcpy / memset run
--   data_stall_ns     the device has nothing to run while the host is in DataLoader __next__
--   host_overhead_ns  the device is idle while the host runs other work (launches, Python,
--                     optimizer on CPU, annotated regions)
--   idle_ns           nothing at all
-- Not exclusive: comm_overlapped_ns (collective time hidden under compute), comm_total_ns
--   (union of collective time), comm_wait_ns (collective time spent waiting for other ranks:
--   sum of collective_matches.wait_ns of the step's collectives).
-- Columns: rank, cycle, step, file_id, step_source, step_start_ns, step_ns, the categories
--   above (ns), device_type.
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
waits as (
    select file_id, step, sum(wait_ns) as comm_wait_ns
    from collective_matches
    where step is not null
    group by file_id, step
),
final as (
    select
        s.rank, s.cycle, s.step, s.file_id, s.step_source, s.step_start_ns, s.step_ns,
        coalesce(p.compute_ns, 0)::bigint as compute_ns,
        coalesce(p.comm_exposed_ns, 0)::bigint as comm_exposed_ns,
        coalesce(p.memory_ns, 0)::bigint as memory_ns,
        coalesce(p.data_stall_ns, 0)::bigint as data_stall_ns,
        coalesce(p.host_overhead_ns, 0)::bigint as host_overhead_ns,
        coalesce(p.idle_ns, 0)::bigint as idle_ns,
        coalesce(p.comm_overlapped_ns, 0)::bigint as comm_overlapped_ns,
        coalesce(p.comm_total_ns, 0)::bigint as comm_total_ns,
        coalesce(w.comm_wait_ns, 0)::bigint as comm_wait_ns,
        s.device_type
    from int_steps s
    left join per_step p using (file_id, step)
    left join waits w using (file_id, step)
)
select * from final
order by rank, cycle, step
