-- stg_log_steps: the job's step lines as seen by one reference rank (the lowest rank that
-- logs steps; lines without a rank when none has one), so that a step logged by every rank
-- counts once. A store holds one job.
-- Grain: one row per logged step line of the reference rank.
-- Inputs: log_steps.
-- Columns: as log_steps, plus t_ns (the line's anchor time: start_ns, else end_ns).
with reference as (
    select min(rank) as rank from log_steps
),
final as (
    select s.*, coalesce(s.start_ns, s.end_ns) as t_ns
    from log_steps s, reference r
    where s.rank is not distinct from r.rank
      and coalesce(s.start_ns, s.end_ns) is not null
)
select * from final
