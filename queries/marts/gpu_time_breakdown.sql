-- gpu_time_breakdown: device busy, compute, idle time and comm/compute overlap per trace,
-- over the same window as HTA's get_temporal_breakdown / get_comm_comp_overlap, so that
-- numbers can be compared with HTA one to one (tests do, on HTA's own sample traces).
-- materialize: per_file
-- Grain: one row per trace file.
-- Inputs: trace_events, int_steps, int_launches, stg_traces.
-- Method: one sweep over the start and end points of that work (see `points` below), the same
--   technique as int_step_segments; the unions and the overlap are sums of its segments.
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
    select * from int_launches
),
device as (
    select d.file_id, d.rank, d.kind, d.start_ns, d.start_ns + d.dur_ns as end_ns
    from trace_events d
    left join launches l on l.file_id = d.file_id and l.correlation = d.correlation
    left join last_step s on s.file_id = d.file_id
    where d.kind in ('compute_kernel', 'comm_kernel', 'memcpy', 'memset')
      and (coalesce(s.steps, 0) < 2 or l.launch_ns < s.last_step_start_ns)
),
traces as (
    select file_id, row_number() over (order by file_id) as trace_no from stg_traces
),
points as (
    -- One sweep per trace over the device work's start and end points, with three counters
    -- packed in one integer (20 bits each: all work, compute kernels << 20, comm kernels << 40):
    -- a running sum gives, for the segment after each point, how many of each are running.
    -- The union of a kind's intervals is the segments where its counter is > 0, and comm/compute
    -- overlap the segments where both are. Every trace's points sum to zero, so one ordered
    -- pass over all traces needs no PARTITION BY (see int_step_segments).
    select t.trace_no, d.start_ns as t,
        1 + case d.kind when 'compute_kernel' then 1::bigint << 20 when 'comm_kernel' then 1::bigint << 40 else 0 end as delta
    from device d join traces t using (file_id)
    union all
    select t.trace_no, d.end_ns as t,
        -(1 + case d.kind when 'compute_kernel' then 1::bigint << 20 when 'comm_kernel' then 1::bigint << 40 else 0 end)
    from device d join traces t using (file_id)
),
segments as (
    select trace_no, t_next - t as seg_ns, packed & 1048575 > 0 as busy,
        (packed >> 20) & 1048575 > 0 as compute, (packed >> 40) & 1048575 > 0 as comm
    from (
        select trace_no, t, lead(t) over w as t_next, sum(delta) over w as packed
        from points
        window w as (order by trace_no, t rows between unbounded preceding and current row)
    )
    where t_next > t
),
sweep as (
    select tr.file_id,
        coalesce(sum(seg_ns) filter (where busy), 0) as busy_ns,
        coalesce(sum(seg_ns) filter (where compute), 0) as compute_ns,
        coalesce(sum(seg_ns) filter (where comm), 0) as comm_ns,
        coalesce(sum(seg_ns) filter (where compute and comm), 0) as comm_compute_overlap_ns
    from segments s join traces tr using (trace_no)
    group by tr.file_id
),
totals as (
    select file_id, min(start_ns) as first_ns, max(end_ns) as last_ns from device group by file_id
),
counts as (
    select file_id, any_value(rank) as rank, count(*) as device_events from device group by file_id
),
final as (
    select
        c.rank, t.file_id, c.device_events,
        (t.last_ns - t.first_ns)::bigint as kernel_window_ns,
        o.busy_ns::bigint as busy_ns,
        (t.last_ns - t.first_ns - o.busy_ns)::bigint as idle_ns,
        o.compute_ns::bigint as compute_ns,
        (o.busy_ns - o.compute_ns)::bigint as non_compute_ns,
        o.comm_ns::bigint as comm_ns,
        o.comm_compute_overlap_ns::bigint as comm_compute_overlap_ns,
        round(100.0 * o.comm_compute_overlap_ns / nullif(o.comm_ns, 0), 2) as comm_compute_overlap_pct
    from totals t
    join counts c using (file_id)
    join sweep o using (file_id)
)
select * from final
order by rank, file_id
