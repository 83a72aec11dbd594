-- int_job_wall: the job's wall-clock span: from the first attempt's start to the last
-- attempt's end, over the attempts the logs see (an attempt known only from a profiled process
-- stays out: nothing says what filled the time around its traced steps).
-- Grain: one row (its times NULL when no attempt has a clock, or when the dated steps cannot
--   split the span: `reason`).
-- Inputs: int_attempts, int_log_steps, int_ideal_step, int_log_events, int_log_step_bounds, stg_log_steps.
-- Columns: start_ns, end_ns, wall_s (seconds), attempts (attempts the logs see), start_logged
--   (false when the first attempt's start is its first step's, no line or trace marking when its
--   process started, or a start marked no earlier than that step (a process's first dated line
--   that is the step's own), or one placed at the training loop's start (a training bar's start by
--   its elapsed time, the HF Trainer's end less its train_runtime): the span then leaves out the
--   start-up before that step or loop), reason (NULL,
--   or why the span is not split into buckets although the logs date it: dated steps but
--   undated attempts (int_attempts reads them in line order: a relaunch nothing dates), no dated step at all
--   (launcher, checkpoint or failure lines only), or a single one dated at its end alone (nothing
--   says whether the time before it went to start-up or to steps not logged, nor, unless it logged
--   its own time, how long a step takes)), opens_at_step and unlogged_before_s (the logs open mid-run: the first
--   attempt's first logged step, where nothing marks its start but its first line (its first step,
--   a process's first dated line, a metrics file's first record: no header, no init), nothing
--   says it resumed from a checkpoint (no checkpoint load before its first step), and the steps
--   before those its first line ends (int_log_step_bounds.covers: a line every 100 steps ends 100)
--   would take, at the pace its line gives (else the job's, int_ideal_step; the job's where the line's is over
--   1.5 times it: a first step's warm-up, a wait for data), over twice the time its logs show
--   before it and over a minute: an excerpt, a log rotated or cut; unlogged_before_s is that
--   estimate; NULL otherwise), opens_attempt (that attempt).
with span as (
    select min(start_ns) as start_ns, max(end_ns) as end_ns, count(*) as attempts,
        -- (a start at its first step's own time marks nothing before it: a process's first dated line
        -- that is that step's line, an excerpt that opens with it; a progress bar's first reading
        -- starts at the bar's start, which the line before the bar dates: its own time is its end)
        arg_min(start_source, start_ns) <> 'first_step'
            and coalesce(min(start_ns) < (select min(case when time_source like 'tqdm%' then end_ns else t_ns end)
                                          from int_log_steps), true)
            -- (nor a start placed at the training loop's start, by a training bar's elapsed time or
            -- the HF Trainer's train_runtime, no line before it: the start-up before the loop began
            -- is not in the logs)
            and not exists (select 1 from int_log_events e
                            where e.kind = 'attempt_start'
                              and e.detail in ('the training bar''s start, by its elapsed time', 'train_runtime before the end')
                              and e.ts_ns <= min(start_ns)) as start_logged
    from int_attempts
    where logged
),
dated_steps as (
    -- (a step dated at its start and its end is two points of the clock: a progress bar's only reading
    -- kept, which its elapsed time dates back to the bar's start, says what the time before it went to;
    -- so is a training loop's start the logs date before the first dated step, naming that step or an
    -- earlier one as the loop's first: torchtitan's `Training starts at step 1`, then step 1's line)
    select count(*) + count(*) filter (where start_ns < end_ns)
            + least(1, (select count(*) from int_log_events e
                        where e.kind = 'attempt_start' and e.detail = 'training starts'
                          and e.ts_ns < (select min(t_ns) from int_log_steps)
                          and e.step <= (select arg_min(step, t_ns) from int_log_steps))) as n,
        count(step_time_s) as timed
    from int_log_steps
),
opening as (
    -- (the steps before the first line's own: it ends the steps since the one before it, int_log_step_bounds'
    -- covers; at the pace its line gives, else the job's; the job's where the line's is over 1.5 times it: a
    -- first line's own time may carry the run's warm-up or a wait for data, xtuner's `time: 115.0463
    -- data_time: 99.0316` before 16 s steps)
    select a.attempt, a.first_step, (a.first_step - b.covers) * b.pace_ns / 1e9 as before_s
    from (select * from int_attempts where logged and start_ns is not null order by start_ns limit 1) a
    join (select s.attempt, s.start_ns,
                 -- (MLPerf's blocks are numbered by the samples done, `samples_count`: the block's samples are the
                 -- steps it ends, its time over them each one's)
                 case when m.samples_counted and m.samples > 0 then m.samples else s.covers end as covers,
                 case when m.samples_counted and m.samples > 0 and s.step_time_s > 0 then s.step_time_s * 1e9 / m.samples
                      when s.step_time_s * 1e9 > 1.5 * i.ideal_ns_per_step then i.ideal_ns_per_step
                      else coalesce(s.step_time_s * 1e9, i.ideal_ns_per_step) end as pace_ns
          from int_log_step_bounds s, int_ideal_step i,
               (select coalesce(bool_or(framework = 'mlperf'), false) as samples_counted,
                       arg_min(samples, coalesce(end_ns, t_ns)) as samples from stg_log_steps) m
          where s.nth = 1) b using (attempt)
    where a.resumed_from_step is null and a.first_step > b.covers
      -- (not where the first line's own start, a progress bar's by its elapsed time, falls within the
      -- logs: they show its loop begin, whatever its rate's smoothing makes of the steps since)
      and (b.start_ns is null or b.start_ns < a.start_ns)
      and not exists (select 1 from int_log_events e
                      where (e.kind = 'attempt_start' and e.ts_ns = a.start_ns
                             and coalesce(e.detail, '') not in ('first dated line of a process', 'first record'))
                         -- (a checkpoint it loaded, whatever the step: it resumed)
                         or (e.kind in ('checkpoint_load_start', 'checkpoint_load_end') and e.ts_ns >= a.start_ns
                             and e.ts_ns <= (select min(t_ns) from int_log_steps where t_ns >= a.start_ns)))
      and (a.first_step - b.covers) * b.pace_ns
          > greatest(2 * ((select min(t_ns) from int_log_steps where t_ns >= a.start_ns) - a.start_ns), 60e9)
),
final as (
    select
        case when d.n >= 2 then s.start_ns end as start_ns,
        case when d.n >= 2 then s.end_ns end as end_ns,
        case when d.n >= 2 then (s.end_ns - s.start_ns) / 1e9 end as wall_s,
        s.attempts,
        case when d.n >= 2 then s.start_logged end as start_logged,
        case
            when s.start_ns is null and s.attempts > 0 and d.n > 0
                then 'a relaunch''s steps are not dated (no line of its own dates it, only a launcher''s failure '
                     'report before it): the attempts are read in the console''s line order, and when the relaunch '
                     'ran is not known'
            when s.start_ns is null or d.n >= 2 then null
            when d.n = 0 then 'the logs date the job but hold no step line (launcher, checkpoint or failure lines only): '
                              'nothing says what its time went to'
            when d.timed > 0 then 'one dated step: it logged how long it took, but nothing says whether the time '
                                  'before it went to start-up or to steps the logs do not show'
            else 'one dated step: nothing says how long a step takes, nor whether the time before it went to '
                 'start-up or to steps the logs do not show'
        end as reason,
        case when d.n >= 2 then o.first_step end as opens_at_step,
        case when d.n >= 2 then o.before_s end as unlogged_before_s,
        case when d.n >= 2 then o.attempt end as opens_attempt
    from span s cross join dated_steps d left join opening o on true
)
select * from final
