-- stg_log_events: the job's log events as seen by the reference rank of stg_log_steps, plus
-- events that belong to no rank (launcher lines, job-level records).
-- Grain: one row per event with a timestamp.
-- Inputs: log_events, log_steps.
-- Columns: as log_events.
with reference as (
    select min(rank) as rank from log_steps
),
final as (
    select e.*
    from log_events e, reference r
    where e.ts_ns is not null
      and (e.rank is null or e.rank is not distinct from r.rank)
)
select * from final
