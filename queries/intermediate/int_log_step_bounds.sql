-- int_log_step_bounds: each logged step of the reference rank with its attempt, its start and
-- end, and whether a later attempt redid it: the one place these rules live, for
-- int_log_intervals, int_ideal_step and goodput.
-- materialize: per_connection
-- Grain: one row per int_log_steps row (a step of an attempt; a line may cover several steps).
-- Inputs: int_log_steps, int_attempts, int_log_events, stg_log_events.
-- Step boundaries: start = start_ns, else the previous line's end, else end_ns - reported step
--   time (an attempt's first line: times the steps it covers, `covers`, not before the attempt's
--   last start line before its end, `started_ns`, other than its own line (torchtitan's `Training starts at step 1` after
--   the model was built: not before the attempt's first line), nor before the attempt's
--   start: detectron2's `iter: 19` line every 20 iterations reports one iteration's time, and
--   ends the attempt's first 20 iterations, not its first one; where it reports none, the loop's
--   start that last start line is, naming a step no later than its own); end = end_ns, else the next step's start, else (last step of a completed attempt)
--   the attempt's end. A line is credited with at most the time its reported step time
--   accounts for (steps since the previous line x seconds per step, with 50 % slack, plus the
--   clock resolution of int_log_steps: lines in whole seconds a second apart may be a few
--   milliseconds apart): a longer gap between two lines (an excerpt, a stall, a hang) is credited
--   the steps' reported time, the rest left to `other` (a progress bar's line the cap: its rate is a
--   moving average that lags a slower step) rather than
--   called productive (session variable tracelens_step_credit_slack, default 1.5: a step's
--   reported time is a mean over the interval, and single steps vary by that much). An attempt's first step with no known start is dated by
--   int_log_intervals (it needs the ideal step time, which rests on the other steps).
-- Redone: a step that a later attempt completes again: that attempt logs the step again, or
--   starts at or before it (from the first step of any later attempt on, this attempt's steps
--   were redone, whether or not the later attempt logged each of them again); not a step of an
--   attempt that completed its training, where no later attempt loaded a checkpoint (a run
--   finished, then another launched from scratch: the first run's result stands, nothing of it was
--   lost; a resume says the run was not done).
-- Columns: attempt, attempt_start_ns, started_ns (as above), attempt_end_ns, end_reason (the attempt's), step,
--   start_ns, end_ns, step_time_s, samples, data_time_s, t_ns, line, t_resolution_ns (as int_log_steps),
--   s_ns, e_ns (the step's bounds as above; NULL when unknown), nth (1 = the attempt's first
--   logged step), prev_step (the attempt's previous logged step), covers (the steps the line
--   ends: since the attempt's previous line; an attempt's first line its own span over its step
--   time where it gives both (a progress bar's first reading kept, `241/250 [04:53<00:10,
--   1.22s/it]`, starts at the bar's start), else the median of the attempt's other lines', no
--   more than since its resumed step, else since step -1; at least 1), redone (as above),
--   lost_step (redone, and completed: logged at its end or followed by another step of the
--   attempt; the step a crash cut short is lost time, not a lost step), after_gap (lines were cut
--   out of its file since its file's step line before: an excerpt's `...` line alone, an elision
--   event), uncredited_ns (the time since the line before that the cap above left uncredited: between
--   the two lines, beyond what its steps' reported time accounts for; 0 where it is credited whole).
with attempted as (
    select a.attempt, a.start_ns as attempt_start_ns, a.end_ns as attempt_end_ns, a.end_reason, a.resumed_from_step,
        s.step, s.start_ns, s.end_ns, s.step_time_s, s.samples, s.data_time_s, s.t_ns, s.line, s.t_resolution_ns,
        s.time_source, s.file_id, s.rank, coalesce(s.rank, -1) as rank_key
    from int_log_steps s
    asof join int_attempts a on s.t_ns >= a.start_ns
),
steps as (
    -- (the attempt's last start line at or before the step's time, in the step's own file, of its
    -- rank or of none: its process, or its training, began then; not another rank's first line)
    -- (where that line is its training loop's start, naming the step the loop began at, no later than
    -- this one: torchtitan's `Training starts at step 1`, `loop_started`)
    -- (not the step's own line, its process's first dated line: the step ran before its line said so; nor a
    -- process's first dated line logged after the step began, as its own time says: `Time taken for epoch 1 is
    -- 56.57 sec`; a training loop's start line is when it began, its first step's time a mean)
    select s.* exclude (rank), greatest(s.attempt_start_ns, case when e.line is distinct from s.line
                                                                  and not coalesce(e.detail = 'first dated line of a process'
                                                                      and s.start_ns is null
                                                                      and s.time_source in ('log_line', 'record')
                                                                      and e.ts_ns > s.t_ns - (s.step_time_s * 1e9)::bigint,
                                                                      false)
                                                             then e.ts_ns end)
            as started_ns,
        coalesce(e.detail = 'training starts' and e.step <= s.step and e.ts_ns >= s.attempt_start_ns, false) as loop_started,
        e.step as loop_step
    from attempted s
    asof left join (select file_id, ts_ns, rank, detail, step, line from int_log_events
                    where kind = 'attempt_start' and ts_ns is not null) e
        on s.file_id = e.file_id and s.rank_key = coalesce(e.rank, s.rank_key) and s.t_ns >= e.ts_ns
),
elided as (
    -- (a line after lines cut out of its file since its file's step line before, `...` alone: an
    -- excerpt's; the steps between those two lines are not in the log, only the counter's word
    -- that they ran)
    select s.*, e.line is not null as after_gap
    from (select *, lag(line) over (partition by file_id order by line) as prev_line from steps) s
    left join (select distinct file_id, line from stg_log_events where kind = 'elision') e
        on e.file_id = s.file_id and e.line < s.line and e.line > s.prev_line
    qualify row_number() over (partition by s.file_id, s.line, s.step order by e.line) = 1
),
gaps as (
    select *, step - lag(step) over (partition by attempt order by t_ns, line, step) as gap from elided
),
covering as (
    -- the steps each line ends: since the attempt's previous line; an attempt's first line its
    -- span over its step time where it gives both, else those since the training loop's logged start
    -- where that starts it (`loop_started`), else the attempt's usual steps between lines
    -- (their median); no more than since its resumed step, else since step -1 (a counter from 0:
    -- detectron2's `iter: 19` is its 20th), at least one
    select g.* exclude (gap),
        greatest(1, case
            when g.gap is null and g.start_ns is not null and g.end_ns > g.start_ns and g.step_time_s > 0
            then least(round((g.end_ns - g.start_ns) / 1e9 / g.step_time_s), g.step - coalesce(g.resumed_from_step, -1))
            -- (the steps since the loop's logged start: `Training starts at step 11`, then `step: 20`)
            when g.gap is null and g.loop_started then g.step - g.loop_step + 1
            when g.gap is null
            then least(coalesce(m.usual, 1), g.step - coalesce(g.resumed_from_step, -1))
            else g.gap
        end)::bigint as covers
    from gaps g
    left join (select attempt, median(gap) as usual from gaps where gap > 0 group by attempt) m using (attempt)
),
bounded as (
    select *,
        coalesce(
            start_ns,
            lag(end_ns) over (partition by attempt order by t_ns, line, step),
            -- (an attempt's first line: not before its last start line, nor the attempt's start;
            -- unknown where its line gives no step time)
            case when lag(step) over (partition by attempt order by t_ns, line, step) is null
                 then case when step_time_s is not null
                           then greatest(started_ns, end_ns - (step_time_s * 1e9 * covers)::bigint)
                           -- (no time of its own: the loop's start, where the logs date it)
                           when loop_started then started_ns end
                 else end_ns - (step_time_s * 1e9)::bigint end
        ) as s_ns,
        coalesce(
            end_ns,
            lead(coalesce(start_ns, end_ns - (step_time_s * 1e9)::bigint)) over (partition by attempt order by t_ns, line, step),
            case when end_reason = 'completed' then attempt_end_ns end
        ) as e_ns,
        row_number() over (partition by attempt order by t_ns, line, step) as nth,
        lag(step) over (partition by attempt order by t_ns, line, step) as prev_step,
        end_ns is not null or lead(t_ns) over (partition by attempt order by t_ns, line, step) is not null as completed
    from covering
),
credited as (
    select * replace (
        case
            when step_time_s is not null and e_ns is not null and s_ns is not null and prev_step is not null and step > prev_step
                 and e_ns - s_ns > coalesce(try_cast(getvariable('tracelens_step_credit_slack') as double), 1.5)
                                   * (step - prev_step) * step_time_s * 1e9 + t_resolution_ns
            -- (a progress bar's rate is a moving average that lags a slower step: a bar's line is credited
            -- the cap; another line's step time is its interval's mean, credited as such)
            then (e_ns - case when time_source in ('tqdm', 'tqdm_mtime', 'tqdm_trace')
                              then coalesce(try_cast(getvariable('tracelens_step_credit_slack') as double), 1.5)
                                   * (step - prev_step) * step_time_s * 1e9 + t_resolution_ns
                              else (step - prev_step) * step_time_s * 1e9 end)::bigint
            else s_ns
        end as s_ns
    )
    from (select *, s_ns as bounded_s_ns from bounded)
),
later_starts as (
    select attempt, min(first_step) over (order by attempt rows between 1 following and unbounded following) as later_first_step,
        coalesce(bool_or(resumed_by_load) over (order by attempt rows between 1 following and unbounded following),
                 false) as later_resumed
    from int_attempts
),
final as (
    select c.attempt, c.attempt_start_ns, c.started_ns, c.attempt_end_ns, c.end_reason, c.step, c.start_ns, c.end_ns, c.step_time_s,
        c.samples, c.data_time_s, c.t_ns, c.line, c.t_resolution_ns, c.s_ns, c.e_ns, c.nth, c.prev_step, c.covers, c.after_gap,
        coalesce(c.s_ns - c.bounded_s_ns, 0) as uncredited_ns,
        coalesce(c.attempt < max(c.attempt) over (partition by c.step) or c.step >= l.later_first_step, false)
            and (c.end_reason is distinct from 'completed' or l.later_resumed) as redone,
        coalesce(c.attempt < max(c.attempt) over (partition by c.step) or c.step >= l.later_first_step, false)
            and (c.end_reason is distinct from 'completed' or l.later_resumed) and c.completed as lost_step
    from credited c
    left join later_starts l using (attempt)
)
select * from final
