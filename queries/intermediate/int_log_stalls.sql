-- int_log_stalls: the step intervals in which the training loop stalled, or did work it does not log, beyond any
--   step's usual time.
-- Grain: one row per stalled interval of the reference rank's logged steps (attempt, step, line).
-- Inputs: int_log_step_bounds, int_log_events.
-- Method: a step's interval (int_log_step_bounds: from the line before to its own) whose line gives no step or
--   data time of its own (a line that does is capped by its reported time there, the rest uncredited), that is not
--   an attempt's first (int_log_intervals: start-up), nor across lines cut out of the log (an excerpt's `...`), nor
--   one that meets a logged evaluation, checkpoint save or load (an event in it; one that gives its duration, over
--   that span: that work's time), and that lasts 1 ms or more (lines a flush of buffered output wrote at once are no
--   measure of a step), is a stall where it lasts over tracelens_step_stall_factor (default 3) times the usual time
--   for the steps it ends: the greater of the 90th percentile of such intervals per step, of its attempt (of the
--   job where the attempt has fewer than 10: a relaunch on fewer nodes keeps a slower pace of its own; of the
--   others where the job has fewer than 10: a short log's one stall would set its own percentile), not their
--   median, so that slow steps a loop takes regularly, more than one interval in ten (every fourth step, a gradient
--   accumulation's), are no stall; and the median per step of the 5 intervals before it and the 5 after it in its
--   attempt (six or more slow intervals in a row, a loop that slowed down for good, a phase of larger batches, are
--   no stall); plus the clock resolution of int_log_steps (lines in whole seconds). Slow intervals one in ten or
--   rarer, each between usual ones (an unlogged evaluation or a new data loader at each epoch's start, an epoch of
--   ten lines or more), are: their time is not the steps'. The part past that allowance is the stall, placed at
--   the interval's start.
-- Columns: attempt, step, line, start_ns and end_ns (the stalled part: from the interval's start),
--   interval_ns (the whole interval), usual_ns (the usual time per step above times the steps the line ends).
with logged_work as (
    -- (an event's moment, or the span its duration gives)
    select ts_ns - coalesce((duration_s * 1e9)::bigint, 0) as from_ns, ts_ns as to_ns from int_log_events
    where kind in ('eval_start', 'eval_end', 'checkpoint_save_start', 'checkpoint_save_end',
                   'checkpoint_load_start', 'checkpoint_load_end')
      and ts_ns is not null
),
timed as (
    select b.*, (b.e_ns - b.s_ns) / b.covers as ns_per_step,
        quantile_cont((b.e_ns - b.s_ns) / b.covers, 0.5) over (
            partition by b.attempt order by b.nth rows between 5 preceding and 5 following exclude current row) as near_ns_per_step,
        -- (the others' 90th percentile: in a log of few intervals, one's own would hide it)
        quantile_cont((b.e_ns - b.s_ns) / b.covers, 0.9) over (
            order by b.attempt, b.nth rows between unbounded preceding and unbounded following exclude current row)
            as others_ns_per_step
    from int_log_step_bounds b
    where b.s_ns is not null and b.e_ns is not null and b.e_ns - b.s_ns >= 1000000 and b.nth > 1
      and b.step_time_s is null and b.data_time_s is null and not b.after_gap
      and not exists (select 1 from logged_work w where w.from_ns <= b.e_ns and w.to_ns >= b.s_ns)
),
per_attempt as (
    select attempt, count(*) as n, quantile_cont(ns_per_step, 0.9) as p90_ns_per_step from timed group by attempt
),
job as (
    select count(*) as n, quantile_cont(ns_per_step, 0.9) as p90_ns_per_step,
        coalesce(try_cast(getvariable('tracelens_step_stall_factor') as double), 3.0) as factor
    from timed
),
usual as (
    select t.*, greatest(case when a.n >= 10 then a.p90_ns_per_step when j.n >= 10 then j.p90_ns_per_step
                              else t.others_ns_per_step end,
                         t.near_ns_per_step) as usual_ns_per_step, j.factor
    from timed t
    join per_attempt a using (attempt), job j
),
allowed as (
    select *, (factor * usual_ns_per_step * covers)::bigint + t_resolution_ns as allowance_ns from usual
),
final as (
    select attempt, step, line, s_ns as start_ns, e_ns - allowance_ns as end_ns, e_ns - s_ns as interval_ns,
        (usual_ns_per_step * covers)::bigint as usual_ns
    from allowed
    where e_ns - s_ns > allowance_ns
)
select * from final
