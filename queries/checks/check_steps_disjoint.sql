-- check_steps_disjoint: device-side step windows of one trace that overlap or run backwards.
-- Grain: one row per offending file_id x step. Must return zero rows.
-- Inputs: int_steps.
with ordered as (
    select file_id, step, step_start_ns, step_end_ns,
        lag(step_end_ns) over (partition by file_id order by step_start_ns, step) as previous_end_ns
    from int_steps
),
final as (
    select * from ordered
    where step_end_ns < step_start_ns or step_start_ns < previous_end_ns
)
select * from final
