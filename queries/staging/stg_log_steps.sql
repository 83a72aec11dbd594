-- stg_log_steps: every step row the log readers stored (consoles, TensorBoard event files,
-- metrics files), of every rank, with its anchor time. int_log_steps picks the job's steps
-- from them (one reference rank, one row per step and attempt).
-- Grain: one row per stored step row.
-- Inputs: log_steps.
-- Columns: as log_steps, plus t_ns (the row's anchor time: start_ns, else end_ns; NULL when
--   nothing dates the step).
with final as (
    select s.*, coalesce(s.start_ns, s.end_ns) as t_ns
    from log_steps s
)
select * from final
