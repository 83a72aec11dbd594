-- int_step_segments: every step cut into segments of a constant activity state.
-- Grain: one row per trace file x step x segment; segments tile [step_start_ns, step_end_ns).
-- Inputs: trace_events, stg_traces, int_steps, int_activity_kinds (the activity category of each kind
--   and of each event's holder).
-- Method: one sweep per trace. Every event adds 1 at its start and removes 1 at its end from
--   its category's counter; the five counters are packed into one integer (12 bits each:
--   compute << 48, comm << 36, memory << 24, data << 12, host), so a single running sum over
--   the time-ordered boundary points gives, for the segment after each point, how many
--   events of each category are active (a category is active when its count is > 0; up to
--   4095 overlapping events per category). Points at the same instant make zero-length
--   segments, which are dropped. Step boundaries are points too, so no segment crosses one,
--   and they carry the step in a second running sum: step + 1 added at its start, taken
--   away at its end (ordered before a next step starting at the same instant), so the sum is
--   the segment's step + 1, or 0 outside steps; in the same sorted pass, which is cheaper
--   than an as-of join against the steps.
--   An event held by an event of its own category (its parent_kind's) is left out: while it
--   runs, its holder keeps that category active, so its points would only cut a segment in
--   two of the same state. Host events nest as call stacks, so this leaves out most of them,
--   and the sweep's cost follows its points.
--   The sweep runs over all traces at once, ordered by trace, with no PARTITION BY: each
--   trace's deltas sum to zero (every +x has its -x), so the running sums restart at zero
--   where the next trace's points begin; the last point of a trace is outside its steps
--   and is dropped, so its lead() into the next trace is never used. Ordering by a small
--   integer per trace instead of partitioning by the file_id string halves the window's
--   cost (the per-file precompute at ingest spends most of its time here).
-- Columns: file_id, step, device_type, seg_start_ns, seg_end_ns, seg_ns, state (bitmask of
--   the active categories: 16 compute, 8 comm, 4 memory, 2 data, 1 host).
with traces as (
    select file_id, device_type, row_number() over (order by file_id) as trace_no from stg_traces
),
tagged as (
    select t.trace_no, e.start_ns, e.start_ns + e.dur_ns as end_ns, k.shift
    from trace_events e
    join traces t using (file_id)
    join int_activity_kinds k
      on k.kind = e.kind and (k.cpu_trace is null or k.cpu_trace = coalesce(t.device_type = 'cpu', false))
    left join int_activity_kinds holder
      on holder.kind = e.parent_kind
     and (holder.cpu_trace is null or holder.cpu_trace = coalesce(t.device_type = 'cpu', false))
    where e.dur_ns > 0 and holder.shift is distinct from k.shift
),
deltas as (
    -- rank: the order of points at one instant (a step's end, then events, then a step's start)
    select trace_no, start_ns as t, 1 as rank, (1::bigint << shift) as delta, 0::bigint as step_delta
    from tagged
    union all
    select trace_no, end_ns as t, 1 as rank, -(1::bigint << shift) as delta, 0::bigint as step_delta
    from tagged
    union all
    select t.trace_no, s.step_start_ns as t, 2 as rank, 0::bigint as delta, s.step + 1 as step_delta
    from int_steps s join traces t using (file_id)
    union all
    select t.trace_no, s.step_end_ns as t, 0 as rank, 0::bigint as delta, -(s.step + 1) as step_delta
    from int_steps s join traces t using (file_id)
),
counts as (
    select trace_no, t, lead(t) over w as t_next, sum(delta) over w as packed,
        sum(step_delta) over w as step_plus_one
    from deltas
    window w as (order by trace_no, t, rank rows between unbounded preceding and current row)
),
segments as (
    select trace_no, (step_plus_one - 1)::bigint as step, t as seg_start_ns, t_next as seg_end_ns,
        (case when (packed >> 48) & 4095 > 0 then 16 else 0 end
         + case when (packed >> 36) & 4095 > 0 then 8 else 0 end
         + case when (packed >> 24) & 4095 > 0 then 4 else 0 end
         + case when (packed >> 12) & 4095 > 0 then 2 else 0 end
         + case when packed & 4095 > 0 then 1 else 0 end)::integer as state
    from counts
    where t_next > t and step_plus_one > 0
),
final as (
    select t.file_id, s.step, t.device_type, s.seg_start_ns, s.seg_end_ns,
           s.seg_end_ns - s.seg_start_ns as seg_ns, s.state
    from segments s
    join traces t using (trace_no)
)
select * from final
