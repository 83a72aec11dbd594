-- int_reference_rank: the rank whose view of the job counts: its steps are the job's steps
-- (int_log_steps), its events the job's events (int_log_events), its profiled processes the
-- job's attempts (int_attempts).
-- Grain: one row.
-- Inputs: stg_log_steps, stg_log_events, int_trace_processes.
-- Rule: the lowest rank that logs steps; else (step lines that name no rank: HF and Lightning
--   print them from rank 0 only) the lowest rank that logs events; else the lowest traced rank.
-- Columns: rank (NULL when nothing names a rank), rank_source ('log_steps', 'log_events',
--   'traces', or NULL with rank).
with candidates as (
    select (select min(rank) from stg_log_steps) as steps_rank,
        (select min(rank) from stg_log_events) as events_rank,
        (select min(rank) from int_trace_processes) as traced_rank
),
final as (
    select coalesce(steps_rank, events_rank, traced_rank) as rank,
        case when steps_rank is not null then 'log_steps' when events_rank is not null then 'log_events'
             when traced_rank is not null then 'traces' end as rank_source
    from candidates
)
select * from final
