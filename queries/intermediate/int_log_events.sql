-- int_log_events: the job's dated log events as seen by the reference rank (int_reference_rank),
-- plus events that belong to no rank (launcher lines, job-level records); the events of a
-- console that only a progress bar dates (HF Trainer's run summary and evaluation ends, placed
-- by the bar) on the profiler traces' clock where int_bar_anchors puts its steps there.
-- materialize: per_connection
-- Grain: one row per event with a timestamp.
-- Inputs: stg_log_events, int_reference_rank, int_bar_anchors.
-- Columns: as log_events.
with final as (
    -- a console only a bar dates moves with its steps onto the traces' clock (int_bar_anchors)
    select e.* replace (e.ts_ns + coalesce(a.offset_ns, 0) as ts_ns)
    from stg_log_events e left join int_bar_anchors a using (file_id), int_reference_rank r
    where e.ts_ns is not null
      and (e.rank is null or e.rank is not distinct from r.rank)
)
select * from final
