-- int_step_segments: every step cut into elementary segments with a constant activity state.
-- Grain: one row per trace file x step x segment; segments tile [step_start_ns, step_end_ns).
-- Inputs: trace_events, stg_traces, int_steps. Activity categories as in int_activity.
-- Method: one sweep per trace. Every event contributes +1 at its start and -1 at its end to
--   its category's counter; running sums over the time-ordered boundary points give, for the
--   segment after each point, how many events of each category are active (no union of
--   intervals needed: a category is active when its count is > 0). Step boundaries are
--   boundary points too, so no segment crosses a step boundary.
-- Columns: file_id, step, device_type, seg_start_ns, seg_end_ns, seg_ns, state (bitmask of
--   the active categories: 16 compute, 8 comm, 4 memory, 2 data, 1 host).
with traces as (
    select file_id, device_type from stg_traces
),
tagged as (
    select
        e.file_id, e.start_ns, e.start_ns + e.dur_ns as end_ns,
        case
            when e.kind = 'compute_kernel' then 16
            when e.kind = 'cpu_op' and t.device_type = 'cpu' then 16
            when e.kind in ('comm_kernel', 'comm_cpu') then 8
            when e.kind in ('memcpy', 'memset') then 4
            when e.kind = 'data_loader' then 2
            when e.kind in ('cpu_op', 'runtime', 'driver', 'python_function', 'overhead', 'annotation', 'collective_cpu') then 1
        end as bit
    from trace_events e
    join traces t using (file_id)
    where e.dur_ns > 0
),
deltas as (
    select file_id, start_ns as t, bit, 1 as delta from tagged where bit is not null
    union all
    select file_id, end_ns as t, bit, -1 as delta from tagged where bit is not null
    union all
    select file_id, step_start_ns as t, 0 as bit, 0 as delta from int_steps
    union all
    select file_id, step_end_ns as t, 0 as bit, 0 as delta from int_steps
),
points as (
    select file_id, t,
        sum(delta) filter (where bit = 16) as d_compute,
        sum(delta) filter (where bit = 8) as d_comm,
        sum(delta) filter (where bit = 4) as d_memory,
        sum(delta) filter (where bit = 2) as d_data,
        sum(delta) filter (where bit = 1) as d_host
    from deltas
    group by file_id, t
),
counts as (
    select file_id, t,
        lead(t) over w as t_next,
        sum(coalesce(d_compute, 0)) over w as n_compute,
        sum(coalesce(d_comm, 0)) over w as n_comm,
        sum(coalesce(d_memory, 0)) over w as n_memory,
        sum(coalesce(d_data, 0)) over w as n_data,
        sum(coalesce(d_host, 0)) over w as n_host
    from points
    window w as (partition by file_id order by t rows between unbounded preceding and current row)
),
segments as (
    select file_id, t as seg_start_ns, t_next as seg_end_ns,
        (case when n_compute > 0 then 16 else 0 end
         + case when n_comm > 0 then 8 else 0 end
         + case when n_memory > 0 then 4 else 0 end
         + case when n_data > 0 then 2 else 0 end
         + case when n_host > 0 then 1 else 0 end)::integer as state
    from counts
    where t_next is not null
),
final as (
    select s.file_id, st.step, st.device_type, s.seg_start_ns, s.seg_end_ns,
           s.seg_end_ns - s.seg_start_ns as seg_ns, s.state
    from segments s
    asof join int_steps st on s.file_id = st.file_id and s.seg_start_ns >= st.step_start_ns
    where s.seg_end_ns <= st.step_end_ns
)
select * from final
