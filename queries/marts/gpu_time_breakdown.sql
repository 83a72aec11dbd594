-- gpu_time_breakdown: device busy, compute, idle time and comm/compute overlap per trace,
-- over the same window as HTA's get_temporal_breakdown / get_comm_comp_overlap, so that
-- numbers can be compared with HTA one to one (tests do, on HTA's own sample traces).
-- materialize: per_file
-- Grain: one row per trace file.
-- Inputs: trace_events, int_steps, stg_launches.
-- Window (HTA's default): device work (kernels, memcpy, memset) launched by a host call that
--   starts before the trace's last profiler step (the last step is dropped); all device work
--   when the trace has fewer than two steps. kernel_window_ns runs from the first start to
--   the last end of that work. Unlike HTA, timestamps keep their nanoseconds.
-- Columns: rank, file_id, device_events, kernel_window_ns, busy_ns (union of device work),
--   idle_ns (window - busy), compute_ns (union of compute kernels), non_compute_ns
--   (window - compute - idle: communication and memory not hidden under compute), comm_ns
--   (union of communication kernels), comm_compute_overlap_ns, comm_compute_overlap_pct
--   (100 * overlap / comm_ns; NULL without communication).
with last_step as (
    select file_id, max(host_start_ns) as last_step_start_ns, count(*) as steps
    from int_steps
    where step_source = 'profiler_step'
    group by file_id
),
launches as (
    -- host time of every launch, to place device work in the step that launched it
    select * from stg_launches
),
device as (
    select d.file_id, d.rank, d.kind, d.start_ns, d.start_ns + d.dur_ns as end_ns
    from trace_events d
    left join launches l on l.file_id = d.file_id and l.correlation = d.correlation
    left join last_step s on s.file_id = d.file_id
    where d.kind in ('compute_kernel', 'comm_kernel', 'memcpy', 'memset')
      and (coalesce(s.steps, 0) < 2 or l.launch_ns < s.last_step_start_ns)
),
tagged as (
    select file_id, rank, 'all' as category, start_ns, end_ns from device
    union all
    select file_id, rank, 'compute', start_ns, end_ns from device where kind = 'compute_kernel'
    union all
    select file_id, rank, 'comm', start_ns, end_ns from device where kind = 'comm_kernel'
),
ordered as (
    select *,
        max(end_ns) over (partition by file_id, category order by start_ns, end_ns
                          rows between unbounded preceding and 1 preceding) as reach_ns
    from tagged
),
islands as (
    select *,
        sum(case when reach_ns is null or start_ns > reach_ns then 1 else 0 end)
            over (partition by file_id, category order by start_ns, end_ns rows unbounded preceding) as island
    from ordered
),
unions as (
    select file_id, category, min(start_ns) as start_ns, max(end_ns) as end_ns
    from islands group by file_id, category, island
),
overlap_points as (
    select file_id, t, sum(delta) as delta from (
        select file_id, start_ns as t, case category when 'compute' then 2 else 1 end as delta from unions where category <> 'all'
        union all
        select file_id, end_ns as t, case category when 'compute' then -2 else -1 end as delta from unions where category <> 'all'
    ) group by file_id, t
),
overlap as (
    select file_id, sum(case when state = 3 then t_next - t else 0 end) as comm_compute_overlap_ns
    from (
        select file_id, t, lead(t) over (partition by file_id order by t) as t_next,
               sum(delta) over (partition by file_id order by t rows unbounded preceding) as state
        from overlap_points
    )
    where t_next is not null
    group by file_id
),
totals as (
    select file_id,
        sum(end_ns - start_ns) filter (where category = 'all') as busy_ns,
        coalesce(sum(end_ns - start_ns) filter (where category = 'compute'), 0) as compute_ns,
        coalesce(sum(end_ns - start_ns) filter (where category = 'comm'), 0) as comm_ns,
        min(start_ns) filter (where category = 'all') as first_ns,
        max(end_ns) filter (where category = 'all') as last_ns
    from unions group by file_id
),
counts as (
    select file_id, any_value(rank) as rank, count(*) as device_events from device group by file_id
),
final as (
    select
        c.rank, t.file_id, c.device_events,
        (t.last_ns - t.first_ns)::bigint as kernel_window_ns,
        t.busy_ns::bigint as busy_ns,
        (t.last_ns - t.first_ns - t.busy_ns)::bigint as idle_ns,
        t.compute_ns::bigint as compute_ns,
        (t.busy_ns - t.compute_ns)::bigint as non_compute_ns,
        t.comm_ns::bigint as comm_ns,
        coalesce(o.comm_compute_overlap_ns, 0)::bigint as comm_compute_overlap_ns,
        round(100.0 * coalesce(o.comm_compute_overlap_ns, 0) / nullif(t.comm_ns, 0), 2) as comm_compute_overlap_pct
    from totals t
    join counts c using (file_id)
    left join overlap o using (file_id)
)
select * from final
order by rank, file_id
