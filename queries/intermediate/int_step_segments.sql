-- int_step_segments: every step cut into elementary segments with a constant activity state.
-- Grain: one row per trace file x step x segment; segments tile [step_start_ns, step_end_ns).
-- Inputs: int_activity (disjoint intervals per category), int_steps.
-- Method: each category's intervals are disjoint, so a running sum of +bit at starts and
--   -bit at ends is the bitmask of the categories active in each segment. Step boundaries
--   are boundary points too, so no segment crosses a step boundary.
-- Columns: file_id, step, device_type, seg_start_ns, seg_end_ns, seg_ns, state (bitmask:
--   16 compute, 8 comm, 4 memory, 2 data, 1 host).
with deltas as (
    select file_id, start_ns as t, bit as delta from int_activity
    union all
    select file_id, end_ns as t, -bit as delta from int_activity
    union all
    select file_id, step_start_ns as t, 0 as delta from int_steps
    union all
    select file_id, step_end_ns as t, 0 as delta from int_steps
),
points as (
    select file_id, t, sum(delta) as delta from deltas group by file_id, t
),
states as (
    select file_id, t,
        sum(delta) over (partition by file_id order by t rows unbounded preceding) as state,
        lead(t) over (partition by file_id order by t) as t_next
    from points
),
segments as (
    select file_id, t as seg_start_ns, t_next as seg_end_ns, state::integer as state
    from states
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
