-- diff_step_distribution: the distribution of step times on each side, as quantiles.
-- Grain: one row per side x quantity (step_time_ms of the profiled steps, log_step_time_ms of
--   the logged ones) x quantile.
-- Inputs: diff_step_samples.
-- Columns: side, quantity, q (0, 0.1, 0.25, 0.5, 0.75, 0.9, 1), value_ms (the step time at
--   that quantile, ms; q 0 and 1 are the fastest and slowest step), steps (units on that side).
with samples as (
    select side, quantity, value_ms from diff_step_samples
    where quantity in ('step_time_ms', 'log_step_time_ms')
),

final as (
    select side, quantity, unnest([0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]::double[]) as q,
           unnest(quantile_cont(value_ms, [0, 0.1, 0.25, 0.5, 0.75, 0.9, 1]::double[])) as value_ms,
           count(*) as steps
    from samples
    group by side, quantity
)

select * from final order by quantity, side, q
