-- check_event_durations: duration events with a negative or missing duration or start.
-- Grain: one row per offending event. Must return zero rows.
-- Inputs: trace_events.
with final as (
    select file_id, rank, name, start_ns, dur_ns
    from trace_events
    where dur_ns < 0 or dur_ns is null or start_ns is null
)
select * from final
