-- stg_log_events: the job's log events as seen by the reference rank of int_log_steps (when
-- its step lines name no rank, the lowest rank that logs events), plus events that belong to
-- no rank (launcher lines, job-level records).
-- Grain: one row per event with a timestamp.
-- Inputs: log_events, log_steps.
-- Columns: as log_events.
with reference as (
    -- a console whose step lines carry no rank (HF and Lightning print them from rank 0 only)
    -- takes the events of the lowest rank that prints any, as well as the unranked ones
    select coalesce((select min(rank) from log_steps), (select min(rank) from log_events)) as rank
),
final as (
    select e.*
    from log_events e, reference r
    where e.ts_ns is not null
      and (e.rank is null or e.rank is not distinct from r.rank)
)
select * from final
