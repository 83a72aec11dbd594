-- int_log_events: the job's dated log events as seen by the reference rank (int_reference_rank),
-- plus events that belong to no rank (launcher lines, job-level records).
-- Grain: one row per event with a timestamp.
-- Inputs: stg_log_events, int_reference_rank.
-- Columns: as log_events.
with final as (
    select e.*
    from stg_log_events e, int_reference_rank r
    where e.ts_ns is not null
      and (e.rank is null or e.rank is not distinct from r.rank)
)
select * from final
