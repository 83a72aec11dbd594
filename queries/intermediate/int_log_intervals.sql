-- int_log_intervals: the job's wall-clock time as labelled intervals, for goodput_buckets.
-- materialize: per_connection
-- Grain: one row per interval (may overlap; goodput_buckets resolves overlaps by priority).
-- Inputs: int_attempts, int_log_steps, stg_log_events.
-- Labels (GoodputBucket, priority in goodput_buckets):
--   checkpoint_save / checkpoint_load / eval: between start and end events (or an end event
--     carrying its duration);
--   startup: accelerator init, training prep and first data loading (init events), attempt
--     start to its first step's start, and a first step's excess over the ideal step time
--     (compile, warm-up);
--   lost_work: a completed step that a later attempt completes again (it logs the step again,
--     or starts at or before it), and the incomplete step a crash cut short (its start to the
--     attempt's end);
--   productive: every other completed step;
--   data_stall: the part of a completed step its line reports as waiting for data
--     (`data_time_s`, Megatron's batch-generator timer), at the step's start;
--   restart_downtime: an attempt's end to the next attempt's start.
-- Step boundaries (a logged line may cover several steps: a log interval): start =
--   start_ns, else the previous line's end, else end_ns - reported step time, else (an
--   attempt's first step) end_ns - the ideal step time, not before the attempt's start; end = end_ns, else the next step's start, else (last step of a completed
--   attempt) the attempt's end. The ideal step time is the median duration of completed
--   steps that are not an attempt's first.
-- Columns: label, start_ns, end_ns, attempt, step (NULL for non-step intervals).
with steps as (
    select a.attempt, a.end_ns as attempt_end_ns, a.end_reason, s.step, s.start_ns, s.end_ns, s.step_time_s, s.samples,
        s.data_time_s, s.t_ns, s.line
    from int_log_steps s
    asof join int_attempts a on s.t_ns >= a.start_ns
),
bounded as (
    select *,
        coalesce(
            start_ns,
            lag(end_ns) over (partition by attempt order by t_ns, line),
            (end_ns - step_time_s * 1e9)::bigint
        ) as s_ns,
        coalesce(
            end_ns,
            lead(coalesce(start_ns, (end_ns - step_time_s * 1e9)::bigint)) over (partition by attempt order by t_ns, line),
            case when end_reason = 'completed' then attempt_end_ns end
        ) as e_ns,
        row_number() over (partition by attempt order by t_ns, line) as nth,
        lag(step) over (partition by attempt order by t_ns, line) as prev_step
    from steps
),
first_known as (
    -- an attempt's first step with no known start (nothing before it in the attempt says when
    -- it began) is taken to have run for the ideal step time (below): the rest of the time from
    -- the attempt's start is start-up, as for a first step whose start is logged
    select median(e_ns - s_ns) filter (where nth > 1 and e_ns >= s_ns) as ideal_ns
    from bounded
),
dated_first as (
    select b.* replace (
        case when b.s_ns is null and b.nth = 1 and b.e_ns is not null and f.ideal_ns is not null
             then greatest(a.start_ns, b.e_ns - f.ideal_ns::bigint)
             else b.s_ns end as s_ns
    )
    from bounded b
    cross join first_known f
    join int_attempts a using (attempt)
),
credited as (
    -- A line is credited with at most the time its reported step time accounts for (steps since
    -- the previous line x seconds per step, with 50 % slack): a longer gap between two lines
    -- (an excerpt, a stall, a hang) is left to `other` rather than called productive.
    select * replace (
        case
            when step_time_s is not null and e_ns is not null and s_ns is not null and prev_step is not null and step > prev_step
                 and e_ns - s_ns > 1.5 * (step - prev_step) * step_time_s * 1e9
            then (e_ns - (step - prev_step) * step_time_s * 1e9)::bigint
            else s_ns
        end as s_ns
    )
    from dated_first
),
later_starts as (
    -- the first step of any later attempt: from there on this attempt's steps were redone,
    -- whether or not the later attempt logged each of them again
    select attempt, min(first_step) over (order by attempt rows between 1 following and unbounded following) as later_first_step
    from int_attempts
),
logged as (
    -- a step logged by a later attempt was redone there, whether or not its interval is known
    select c.*, max(c.attempt) over (partition by c.step) as last_attempt_with_step, l.later_first_step
    from credited c
    left join later_starts l using (attempt)
),
completed as (
    select * from logged
    where s_ns is not null and e_ns is not null and e_ns >= s_ns
),
ideal as (
    -- per unit of work when every step says how much it did (MLPerf blocks, Megatron intervals
    -- of several iterations), else per step
    select coalesce(median(e_ns - s_ns) filter (where nth > 1), median(e_ns - s_ns)) as ideal_ns,
        case when count(*) = count(samples) and min(samples) > 0
             then coalesce(median((e_ns - s_ns) / samples) filter (where nth > 1), median((e_ns - s_ns) / samples)) end
             as ideal_ns_per_sample
    from completed
),
step_intervals as (
    select case when c.attempt < c.last_attempt_with_step or c.step >= c.later_first_step then 'lost_work'
                else 'productive' end as label,
           c.s_ns as start_ns, c.e_ns as end_ns, c.attempt, c.step
    from completed c
    union all
    -- first step of an attempt: its excess over the ideal step is start-up (compile, warm-up)
    select 'startup', c.s_ns, c.s_ns + (c.e_ns - c.s_ns - coalesce(i.ideal_ns_per_sample * c.samples, i.ideal_ns))::bigint,
        c.attempt, c.step
    from completed c, ideal i
    where c.nth = 1 and c.e_ns - c.s_ns > coalesce(i.ideal_ns_per_sample * c.samples, i.ideal_ns)
    union all
    -- the part of a completed step its log line says went to waiting for data (the batch is
    -- fetched first: at the step's start), per iteration for a line that covers several
    select 'data_stall', c.s_ns,
        c.s_ns + least(c.e_ns - c.s_ns, (c.data_time_s * greatest(coalesce(c.step - c.prev_step, 1), 1) * 1e9)::bigint),
        c.attempt, c.step
    from completed c
    where c.data_time_s > 0
    union all
    -- the step a crash cut short
    select 'lost_work', b.s_ns, b.attempt_end_ns, b.attempt, b.step
    from bounded b
    where b.e_ns is null and b.s_ns is not null and b.attempt_end_ns > b.s_ns
),
paired as (
    select
        case s.kind
            when 'checkpoint_save_start' then 'checkpoint_save'
            when 'checkpoint_load_start' then 'checkpoint_load'
            when 'eval_start' then 'eval'
            else 'startup'
        end as label,
        s.ts_ns as start_ns, e.ts_ns as end_ns
    from (select * from stg_log_events where kind in ('checkpoint_save_start', 'checkpoint_load_start', 'eval_start', 'init_start')) s
    asof join (select * from stg_log_events where kind in ('checkpoint_save_end', 'checkpoint_load_end', 'eval_end', 'init_end')) e
      on replace(e.kind, '_end', '') = replace(s.kind, '_start', '')
     and e.detail is not distinct from s.detail
     and e.ts_ns >= s.ts_ns
),
durations as (
    -- an end event that carries its duration ("saved checkpoint in 12.3 s") and has no start
    select replace(e.kind, '_end', '') as label, (e.ts_ns - e.duration_s * 1e9)::bigint as start_ns, e.ts_ns as end_ns
    from stg_log_events e
    where e.kind in ('checkpoint_save_end', 'checkpoint_load_end', 'eval_end') and e.duration_s is not null
      and not exists (
          select 1 from stg_log_events s
          where s.kind = replace(e.kind, '_end', '_start') and s.ts_ns <= e.ts_ns and s.ts_ns >= e.ts_ns - e.duration_s * 1e9 - 1e9
      )
),
attempt_edges as (
    select 'startup' as label, a.start_ns, coalesce(min(c.s_ns), a.end_ns) as end_ns, a.attempt
    from (select * from int_attempts where logged) a
    left join dated_first c on c.attempt = a.attempt and c.s_ns is not null
    group by a.attempt, a.start_ns, a.end_ns
    union all
    select 'restart_downtime', end_ns, lead(start_ns) over (order by attempt), attempt
    from int_attempts where logged
),
final as (
    select label, start_ns, end_ns, attempt, step from step_intervals
    union all
    select label, start_ns, end_ns, null, null from paired
    union all
    select label, start_ns, end_ns, null, null from durations
    union all
    select label, start_ns, end_ns, attempt, null from attempt_edges where end_ns is not null
)
select * from final
where end_ns > start_ns
