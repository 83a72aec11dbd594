-- int_log_stalls: the step intervals in which the training loop stalled, beyond any step's usual time.
-- Grain: one row per stalled interval of the reference rank's logged steps (attempt, step, line).
-- Inputs: int_log_step_bounds.
-- Method: a step's interval (int_log_step_bounds: from the line before to its own) whose line gives no
--   step time of its own (a line that does is capped by its reported time there, the rest uncredited) and
--   that is not an attempt's first (int_log_intervals: start-up) is a stall where it lasts over
--   tracelens_step_stall_factor (default 3) times the usual time for the steps it ends: the 90th percentile
--   of such intervals per step, not their median, so that a loop's regular slow steps (every fourth, a
--   gradient accumulation's, an epoch's end) are no stall; plus the clock resolution of int_log_steps (lines
--   in whole seconds). The part past that allowance is the stall, placed at the interval's start.
-- Columns: attempt, step, line, start_ns and end_ns (the stalled part: from the interval's start),
--   interval_ns (the whole interval), usual_ns (the 90th percentile per step times the steps the line ends).
with timed as (
    select *, (e_ns - s_ns) / covers as ns_per_step
    from int_log_step_bounds
    where s_ns is not null and e_ns is not null and e_ns > s_ns and nth > 1 and step_time_s is null
),
usual as (
    select quantile_cont(ns_per_step, 0.9) as p90_ns_per_step,
        coalesce(try_cast(getvariable('tracelens_step_stall_factor') as double), 3.0) as factor
    from timed
),
final as (
    select t.attempt, t.step, t.line, t.s_ns as start_ns,
        (t.e_ns - u.factor * u.p90_ns_per_step * t.covers - t.t_resolution_ns)::bigint as end_ns,
        t.e_ns - t.s_ns as interval_ns, (u.p90_ns_per_step * t.covers)::bigint as usual_ns
    from timed t, usual u
    where t.e_ns - t.s_ns > u.factor * u.p90_ns_per_step * t.covers + t.t_resolution_ns
)
select * from final
