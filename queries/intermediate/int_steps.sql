-- int_steps: the steps of every trace file, with device-side boundaries.
-- materialize: per_file
-- Grain: one row per trace file x step (file_id, step).
-- Inputs: trace_events, stg_traces, int_launches; session variable `tracelens_step_marker` (set by
--   `tracelens ... --step-marker NAME`): when set, spans with that name are the steps,
--   numbered 0, 1, ... in each file, instead of ProfilerStep#N.
-- Columns: file_id, rank, device_type, step (ProfilerStep N, marker index, or 0 for a
--   trace with no step spans), step_source ('profiler_step', 'marker', 'window'),
--   host_start_ns/host_end_ns (the span on the host), step_start_ns/step_end_ns (device side:
--   start = max(previous step end, host start), end = max(host end, end of the last device
--   activity launched inside the host step), as the TensorBoard profiler plugin did), step_ns.
with traces as (
    select file_id, rank, device_type, start_ns, end_ns from stg_traces
),
marker as (
    select nullif(coalesce(getvariable('tracelens_step_marker'), ''), '') as name
),
profiler_steps as (
    select e.file_id, e.profiler_step as step, 'profiler_step' as step_source,
           e.start_ns as host_start_ns, e.start_ns + e.dur_ns as host_end_ns
    from trace_events e, marker
    where marker.name is null and e.kind = 'profiler_step'
),
marker_steps as (
    select e.file_id,
           (row_number() over (partition by e.file_id order by e.start_ns) - 1)::bigint as step,
           'marker' as step_source,
           e.start_ns as host_start_ns, e.start_ns + e.dur_ns as host_end_ns
    from trace_events e, marker
    where marker.name is not null and e.name = marker.name
      and e.kind not in ('compute_kernel', 'comm_kernel', 'memcpy', 'memset', 'gpu_annotation')
),
declared as (
    select * from profiler_steps
    union all
    select * from marker_steps
),
whole_window as (
    -- A trace without step spans is one step covering its profiled window.
    select t.file_id, 0::bigint as step, 'window' as step_source, t.start_ns as host_start_ns, t.end_ns as host_end_ns
    from traces t
    where not exists (select 1 from declared d where d.file_id = t.file_id)
),
host_steps as (
    select * from declared
    union all
    select * from whole_window
),
launches as (
    -- host time of every launch, to place device work in the step that launched it
    select * from int_launches
),
device as (
    select d.file_id, l.launch_ns, d.start_ns + d.dur_ns as end_ns
    from trace_events d
    join launches l on l.file_id = d.file_id and l.correlation = d.correlation
    where d.kind in ('compute_kernel', 'comm_kernel', 'memcpy', 'memset')
),
device_in_step as (
    select h.file_id, h.step, max(d.end_ns) as last_device_end_ns
    from device d
    asof join host_steps h on d.file_id = h.file_id and d.launch_ns >= h.host_start_ns
    where d.launch_ns < h.host_end_ns
    group by h.file_id, h.step
),
ended as (
    select h.*, greatest(h.host_end_ns, coalesce(d.last_device_end_ns, h.host_end_ns)) as device_end_ns
    from host_steps h
    left join device_in_step d using (file_id, step)
),
started as (
    select *,
        greatest(host_start_ns, coalesce(lag(device_end_ns) over (partition by file_id order by host_start_ns, step), host_start_ns)) as step_start_ns
    from ended
),
final as (
    select
        s.file_id, t.rank, t.device_type, s.step, s.step_source,
        s.host_start_ns, s.host_end_ns,
        s.step_start_ns,
        greatest(s.device_end_ns, s.step_start_ns) as step_end_ns,
        greatest(s.device_end_ns, s.step_start_ns) - s.step_start_ns as step_ns
    from started s
    join traces t using (file_id)
)
select * from final
