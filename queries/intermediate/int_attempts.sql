-- int_attempts: the job cut into attempts (process lifetimes between restarts), from the logs
-- and the traced processes; the attempts mart adds the hangs the flight recorder saw.
-- materialize: per_connection
-- Grain: one row per attempt.
-- Inputs: int_log_events, int_log_steps, int_trace_processes, int_reference_rank, stg_log_events, stg_log_steps.
-- Method and columns: as attempts (attempt, start_ns, end_ns, first_step, last_step,
--   resumed_from_step, end_reason, start_source, logged; a job whose logs date no step and no
--   start has its attempts in its console's line order, `undated`, their times NULL (a checkpoint
--   loaded after steps or a failure, with steps after it, starts one), and so has a job whose
--   relaunch no line of its own dates (its steps undated after the launcher's dated failure
--   report, a checkpoint load or a step counter gone back since); an attempt's first_step
--   and last_step count the undated steps logged after a dated line of their file that falls in
--   it, or before a start placed back from the run's end by its duration, which is no relaunch
--   after them, or before every dated line of their file where its first falls in it; one
--   logged after that dated line where it is a failure counts in the next attempt), plus
--   next_start_ns (the next
--   attempt's start; NULL for the last), crash_ns (the first failure event of the attempt; an
--   undated one, a traceback after which its console logs no step (or none before its next dated
--   start: a relaunch appended to the console), at its console's last dated
--   line before it (log_events.after_ns); an undated clean end so ends its attempt as completed),
--   crash_undated (that failure's line has no time of its own: it came no earlier than crash_ns),
--   timeout_hang_start_ns and timeout_hang_s (a c10d watchdog timeout or a launcher's
--   no-output watchdog in the attempt: its start and how long it ran), stated_s (how long
--   the run says it trained: a training-time line's, fairseq's `done training in`, the HF
--   Trainer's train_runtime; the attempt ran at least that long), undated_step_ns (the last
--   dated line before its last undated step: logged at or after it; NULL where none is undated),
--   resumed_by_load (it loaded a checkpoint past step 0 and its steps go on from it: a resume its logs
--   show, not one its first step suggests, nor a fine-tuning's pretrained weights).
with boosting_frameworks as (
    -- programs whose step counter starts over with each model a process trains: a boosting run's rounds
    select ['xgboost', 'lightgbm', 'catboost'] as boosting
),
processes as (
    select p.*, lag(p.end_ns) over (order by p.start_ns) as previous_end_ns
    from int_trace_processes p, int_reference_rank r
    where p.rank = r.rank
),
steps as (
    -- (a step dated at its start, `start_ns`, began then: `began_ns`; else its time before its end)
    select file_id, line, step, t_ns, step_time_s, framework,
        -- (the step time cast first: a bigint less a double is a double, 128 ns off at today's ns)
        case when start_ns is not null then t_ns else t_ns - coalesce((step_time_s * 1e9)::bigint, 0) end as began_ns,
        lag(step) over (order by t_ns, line, step) as previous_step,
        lag(step, 2) over (order by t_ns, line, step) as previous2_step,
        lead(step) over (order by t_ns, line, step) as next_step,
        lag(t_ns) over (order by t_ns, line, step) as previous_t_ns
    from int_log_steps
),
strays as (
    -- another writer's line in the middle of the run's count (two processes appending to one log, KAIR's `iter:
    -- 5,200`, the other's `iter: 200`, then `iter: 5,400`): far below the count, the next line going on from the one
    -- before it at its pace; no restart, and none of the attempt's own steps
    select file_id, line from steps
    where step * 2 < previous_step and next_step > previous_step and next_step - previous_step = previous_step - previous2_step
),
first_line_moves as (
    -- each process's first dated line and the step after it on its file's next step line, where that step's own line
    -- dates it on the same clock (not a bar's time), its rank's or none's, no earlier than that first line, no failure,
    -- end or start between: the step began its own time before its line (`starts`); each by an as-of join on the
    -- lines (linear in them)
    select e.file_id, e.line, min(s.t_ns - (s.step_time_s * 1e9)::bigint) as began_ns
    from (select file_id, line, ts_ns, rank from int_log_events
          where kind = 'attempt_start' and detail = 'first dated line of a process' and ts_ns is not null) e
    asof join (select file_id, line, t_ns, step_time_s, rank from int_log_steps
               where start_ns is null and step_time_s is not null and time_source in ('log_line', 'record')) s
        on e.file_id = s.file_id and e.line < s.line
    asof left join (select file_id, line from stg_log_events
                    where kind in ('crash', 'oom', 'collective_timeout', 'hang', 'restart', 'attempt_start', 'attempt_end')) x
        on e.file_id = x.file_id and e.line < x.line
    where s.t_ns >= e.ts_ns and (s.rank is not distinct from e.rank or s.rank is null)
      and (x.line is null or x.line >= s.line)
    group by e.file_id, e.line
),
starts as (
    -- a start line; a console's first one (its process's first dated line) no later than the
    -- steps that console logged on the lines before it (undated, placed by a progress bar's
    -- clock), its process's or unprefixed ones (a rank-prefixed process's first dated line after
    -- the console's bare bar lines, with no failure, end or start between): its process was
    -- running then; and a process's first dated line no later than the first step its process logs after it began
    -- (a first dated line that is its first epoch's end, `Time taken for epoch 1 is 56.57 sec`, that long before;
    -- not a training loop's start line, when it began)
    select e.ts_ns, least(e.ts_ns, (
        select m.began_ns from first_line_moves m
        where e.detail = 'first dated line of a process' and m.file_id = e.file_id and m.line = e.line
    ), (
        -- (a step dated at its start, a bar's first reading kept, began then: `steps.began_ns`)
        select min(case when s.start_ns is not null then s.t_ns else s.t_ns - coalesce((s.step_time_s * 1e9)::bigint, 0) end)
        from int_log_steps s
        where (e.nth = 1 or e.placed_back) and s.file_id = e.file_id and s.line <= e.line
          -- (a start placed back from the run's end by its duration is the run's, whatever its
          -- process logged before it (a header, a first dated line): no later than the run's own
          -- steps, which a bar's clock may place before it; never moved back to the steps of an
          -- earlier process, across a failure or start logged after them, or an end that steps follow)
          and not (e.placed_back and s.line < e.blocked_after)
          and (s.rank is not distinct from e.rank
               or (s.rank is null and not exists (
                   -- (not an earlier process's: a failure, end or start between them that is
                   -- not this process's own, the watchdog line that precedes its first dated one)
                   select 1 from stg_log_events x
                   where x.file_id = e.file_id and x.line > s.line and x.line < e.line and x.rank is distinct from e.rank
                     and x.kind in ('crash', 'oom', 'collective_timeout', 'hang', 'restart', 'attempt_start', 'attempt_end'))))
    ))::bigint as start_ns,
    -- until when its console logged steps (its process, or a later one of that console, ran then)
    (select max(s.t_ns) from int_log_steps s
     where s.file_id = e.file_id and (s.rank is not distinct from e.rank or s.rank is null)) as ran_until_ns,
    e.placed_back
    from (select a.*, row_number() over (partition by a.file_id, a.rank order by a.line, a.ts_ns) as nth,
              -- a start placed back from the run's end by its duration (the HF Trainer's
              -- `train_runtime`: a start and a later end on one line): the steps its console
              -- printed before that line are its own
              exists (select 1 from int_log_events x
                      where x.file_id = a.file_id and x.line = a.line and x.kind = 'attempt_end' and x.ts_ns > a.ts_ns)
                  as placed_back,
              -- (the last line before it of a failure or start, or of an end that steps follow before it: the
              -- steps logged before that line are no placed-back start's)
              greatest(
                  (select max(x.line) from stg_log_events x
                   where x.file_id = a.file_id and x.line < a.line
                     and x.kind in ('crash', 'oom', 'collective_timeout', 'hang', 'restart', 'attempt_start')),
                  (select max(x.line) from stg_log_events x
                   where x.file_id = a.file_id and x.kind = 'attempt_end'
                     and x.line < (select max(y.line) from stg_log_steps y where y.file_id = a.file_id and y.line < a.line)),
                  0) as blocked_after
          from int_log_events a where a.kind = 'attempt_start') e
),
boundaries as (
    -- marked_ns: when the marker was logged (a start moved back to its console's earlier steps
    -- still joins a start marker another console logs while it runs, with no step between:
    -- below, `kept`)
    select distinct e.start_ns, 'event' as start_source, e.ts_ns as marked_ns, e.ran_until_ns, e.placed_back
    from starts e
    union all
    -- a start line with no time of its own after dated steps of its file (a shell's prompt back, a command
    -- typed at it): its process began no later than the first step its file logs after it
    select u.start_ns, 'event', u.start_ns, null, false
    from (
        select (select min(case when s.start_ns is not null then s.t_ns
                                else s.t_ns - coalesce((s.step_time_s * 1e9)::bigint, 0) end)
                from int_log_steps s
                where s.file_id = e.file_id and s.line > e.line
                  and (e.rank is null or s.rank is not distinct from e.rank)) as start_ns
        from stg_log_events e
        where e.kind = 'attempt_start' and e.ts_ns is null
          and exists (select 1 from int_log_steps s where s.file_id = e.file_id and s.line < e.line)
    ) u
    where u.start_ns is not null
    union all
    -- the step counter went back with no attempt_start logged in between: a restart; not a line
    -- one below the one before it that the next one follows at once (an epoch's summary numbered
    -- from 0 between bars numbered from 1: `Epoch 2/10: ...`, `[Epoch 1] Loss: ...`, `Epoch 3/10: ...`),
    -- nor one far below it that the next one goes on from at the count's pace (another writer's)
    select s.began_ns, 'step_counter', s.began_ns, null, false
    from steps s
    where s.step <= s.previous_step
      and not coalesce(s.step = s.previous_step - 1 and s.next_step = s.previous_step + 1, false)
      and not exists (select 1 from strays x where x.file_id = s.file_id and x.line = s.line)
      -- (nor a boosting run's rounds: each model a process trains counts its own, a cross-validation's
      -- folds one after another)
      and coalesce(s.framework, '') not in (select unnest(boosting) from boosting_frameworks)
      and not exists (
          select 1 from int_log_events e
          where e.kind = 'attempt_start' and e.ts_ns <= s.t_ns and e.ts_ns > s.previous_t_ns
      )
    union all
    -- a checkpoint loaded between steps: a process loads its checkpoint when it starts, so a
    -- load logged after steps, with steps after it, is a relaunch that logged no start line of
    -- its own (MMEngine's `Auto resumed from the latest checkpoint` in a console the relaunch
    -- appends to); a load at the end, with no step after it (the best checkpoint, for a test),
    -- starts nothing, nor one within a minute after the run said its training completed, since its
    -- last step (MACE's `Training complete`, then `Loading checkpoint: ..._epoch-48_swa.pt` to evaluate it)
    select e.ts_ns, 'checkpoint_load', e.ts_ns, null, false
    from int_log_events e
    where e.kind in ('checkpoint_load_start', 'checkpoint_load_end') and e.ts_ns is not null
      and exists (select 1 from steps s where s.t_ns < e.ts_ns)
      and exists (select 1 from steps s where s.t_ns > e.ts_ns)
      -- (within a minute of that word: a relaunch's load, hours on, is one)
      and not exists (select 1 from int_log_events d
                      where d.kind = 'attempt_end' and d.ts_ns <= e.ts_ns and e.ts_ns - d.ts_ns <= 60000000000
                        and d.ts_ns >= (select max(s.t_ns) from steps s where s.t_ns < e.ts_ns))
),
first_step as (
    -- steps dated and no start line at all (a console that prints no dated line, Lightning's):
    -- the first attempt starts with its first step. A start line dated after the first steps
    -- (a rank's first dated line at the final checkpoint) does not make them an attempt of their own.
    -- in integer ns: a double holds an epoch time only to 256 ns, which would start it after its step
    -- (a step dated at its start, a bar's first reading kept, began then: `began_ns`)
    select s.began_ns as start_ns, 'first_step' as start_source, s.began_ns as marked_ns, null as ran_until_ns,
        false as placed_back
    from steps s
    where s.previous_t_ns is null
      and not exists (select 1 from int_log_events e where e.kind = 'attempt_start')
),
log_boundaries as (
    select start_ns, min(start_source) as start_source, max(marked_ns) as marked_ns, max(ran_until_ns) as ran_until_ns,
        bool_and(coalesce(placed_back, false)) as placed_back
    from (select * from boundaries union all select * from first_step) group by start_ns
),
distinct_boundaries as (
    select * from log_boundaries
    union all
    -- a new profiled process that nothing logged explains: a restart the logs do not show
    select p.start_ns, 'trace_process', p.start_ns, null, false
    from processes p
    where not exists (
        select 1 from log_boundaries b
        where b.start_ns <= p.start_ns and (p.previous_end_ns is null or b.start_ns > p.previous_end_ns)
    )
    and (p.previous_end_ns is not null or not exists (select 1 from log_boundaries))
),
dated_lines as (
    -- each file's dated rows in line order, with the latest time of any up to each (for `undated_steps`)
    select file_id, line, max(t) over (partition by file_id order by line rows between unbounded preceding and current row)
        as until_ns
    from (select file_id, line, ts_ns as t from stg_log_events where ts_ns is not null
          union all
          select file_id, line, t_ns from stg_log_steps where t_ns is not null)
    where file_id in (select file_id from stg_log_steps where t_ns is null)
),
steps_before_dated as (
    -- the highest step logged before each dated line of a file with undated steps (one window over
    -- the file's lines: the dated lines before the steps of their own line)
    select file_id, line, max_step from (
        select file_id, line, dated,
            max(step) over (partition by file_id order by line, dated desc rows between unbounded preceding and 1 preceding)
                as max_step
        from (select distinct file_id, line, null::bigint as step, 1 as dated from dated_lines
              union all
              select file_id, line, step, 0 from stg_log_steps where file_id in (select file_id from dated_lines))
    ) where dated = 1
),
undated_steps as (
    -- steps no clock dates in a job whose other lines are dated (nanoGPT's or Megatron's undated
    -- step lines beside a library logger's dated ones): each logged after its file's last dated
    -- line before it (placed_ns), so in the attempt running then or a later one; they give an
    -- attempt its first and last step, never a time. Those before any dated line of their file
    -- but a start placed back from the run's end (the HF Trainer's `train_runtime`: its start and
    -- its end on one line) ran after that start; those before every dated line of their file, and
    -- no such start, ran in the process its first dated line dates (rsl_rl's undated iteration
    -- block, then the simulator's dated errors), where no failure, end or start lies between (a
    -- crashed process's undated steps, then its relaunch's dated lines, are no relaunch's).
    -- A step whose file's last dated line before it is a failure (a launcher's dated failure
    -- report) ran in the first attempt that starts after placed_ns, where one does
    -- (`after_failure`); `relaunched`: a new process's, a checkpoint load or a start logged
    -- since that line, or its step at or below one logged before it.
    select step, placed_ns, after_failure, relaunched from (
    -- (each by an equality or an as-of join: linear in the lines)
    select s.step, d.until_ns is not null and fl.line is not null as after_failure,
        coalesce(le.line > d.line, false) or coalesce(ms.max_step >= s.step, false) as relaunched,
        coalesce(greatest(d.until_ns, w.after_ns), p.ts_ns, case when not exists (
        select 1 from stg_log_events x
        where x.file_id = s.file_id and x.line > s.line and x.line < f.first_line
          and x.kind in ('crash', 'oom', 'collective_timeout', 'hang', 'restart', 'attempt_start', 'attempt_end'))
        then f.first_ns end) as placed_ns
    from stg_log_steps s
    cross join int_reference_rank r
    asof left join dated_lines d on s.file_id = d.file_id and s.line > d.line
    left join (
        select distinct file_id, line from stg_log_events
        where ts_ns is not null and kind in ('crash', 'oom', 'collective_timeout', 'hang')
    ) fl on fl.file_id = s.file_id and fl.line = d.line
    asof left join (
        select file_id, line from stg_log_events
        where kind in ('checkpoint_load_start', 'checkpoint_load_end', 'attempt_start', 'restart')
    ) le on s.file_id = le.file_id and s.line > le.line
    left join steps_before_dated ms on s.file_id = ms.file_id and ms.line = d.line
    -- (an undated event before it says when its file's last dated line before that was, a line no row of
    -- its own keeps: DeePMD's last dated line is TensorFlow's `cuInit` warning, its saves after it undated)
    asof left join (
        select file_id, line, after_ns from stg_log_events where ts_ns is null and after_ns is not null
    ) w on s.file_id = w.file_id and s.line > w.line
    asof left join (
        select e.file_id, e.line, e.ts_ns
        from stg_log_events e
        where e.kind = 'attempt_start' and e.ts_ns is not null
          and exists (select 1 from stg_log_events x
                      where x.file_id = e.file_id and x.line = e.line and x.kind = 'attempt_end' and x.ts_ns > e.ts_ns)
    ) p on s.file_id = p.file_id and s.line < p.line
    left join (select file_id, min(line) as first_line, min_by(until_ns, line) as first_ns from dated_lines group by file_id) f
        on s.file_id = f.file_id
    where s.t_ns is null and (s.rank is not distinct from r.rank or s.rank is null)
    ) where placed_ns is not null
),
undated_ends as (
    -- a failure or a clean end logged on a line with no time of its own (a Python traceback, a
    -- script's final "Training time 1:16:43") after which its console logs no step, or none
    -- before its next dated start (a relaunch appended to the console): it ended the attempt that
    -- its console's last dated line before it falls in, no earlier than that line (after_ns); the
    -- first such line of each kind in each stretch of the console between dated starts. A clean
    -- end followed only by a bar's closing frame, its console's last step and no earlier one than the last before the end,
    -- on the next three lines
    -- (Rich's display, off a terminal, prints its one frame when it stops, after Lightning's
    -- `Trainer.fit` stopped; an exported notebook's progress widget its last frame after two blank lines;
    -- a step in flight as the Timer stops the Trainer, after its word glued to the bar's drawing on the
    -- end's own line) ended when that step last ended, as the job's steps date it (a
    -- console whose frames are all it has dates them worst). (Each line's next dated start and
    -- next step line by one window over the file's lines in order.)
    -- (a step dated at its start, a bar's first reading kept, ended at its end_ns: no earlier)
    select f.failure, f.stated_s, greatest(
        (select max(greatest(s.t_ns, s.end_ns)) from int_log_steps s where s.file_id = f.file_id and s.line < f.line),
        (select max(d.ts_ns) from int_log_events d where d.file_id = f.file_id and d.line < f.line),
        (select max(greatest(s.t_ns, s.end_ns)) from int_log_steps s where s.step = f.closing_step), f.line_after_ns) as after_ns
    from (
        select e.file_id, e.kind <> 'attempt_end' as failure, min(e.line) as line,
            arg_min(e.after_ns, e.line) as line_after_ns,
            min(case when e.closing then e.closing_step end) as closing_step,
            max(e.duration_s) filter (where e.kind = 'attempt_end') as stated_s
        from (
            select w.* replace (case when w.kind in ('collective_timeout', 'hang') then w.next_step_line
                                     else w.step_after_line end as next_step_line),
                -- (the step that closes it: the console's last, on a later line within three, or on its own line;
                -- a later line's no earlier step than the last one before the end, a frame of that bar: not a next
                -- fit's first frame, a k-fold loop's killed in its first epoch)
                w.kind = 'attempt_end' and w.last_step_line <= w.line + 3
                    and coalesce(w.step_after_line, case when w.next_step_line = w.line then w.line end) = w.last_step_line
                    and (w.next_step_line = w.line or w.step_before is null or w.step_after >= w.step_before)
                    as closing,
                case when w.step_after_line is not null then w.step_after else w.next_step end as closing_step
            from (
            select m.*,
                min(case when m.dated_start then m.line end) over later as next_start_line,
                -- (a step on a watchdog line's own line counts as after it: a watchdog line glued
                -- to a bar's last reading while training went on; not on a traceback's, which a
                -- dying process glues after its bar's last reading)
                min(case when m.is_step then m.line end) over here_on as next_step_line,
                min(case when m.is_step then m.line end) over later as step_after_line,
                max(case when m.is_step then m.line end) over here_on as last_step_line,
                first_value(m.step ignore nulls) over later as step_after,
                first_value(m.step ignore nulls) over here_on as next_step,
                -- (the step on the last step line before it: the largest, where a line ends several)
                last_value(m.line_step ignore nulls) over earlier as step_before
            from (select n.*, case when n.is_step then max(n.step) over (partition by n.file_id, n.line, n.is_step) end
                      as line_step
                  from (
                select file_id, line, rank, kind, ts_ns, null::bigint as step, false as is_step,
                    ts_ns is not null and kind in ('attempt_start', 'restart') as dated_start, duration_s, after_ns
                from stg_log_events
                union all
                select file_id, line, rank, null, null, step, true, false, null, null from stg_log_steps
            ) n) m
            window earlier as (partition by file_id order by line range between unbounded preceding and 1 preceding),
                later as (partition by file_id order by line range between 1 following and unbounded following),
                here_on as (partition by file_id order by line range between current row and unbounded following)
            ) w
        ) e
        cross join int_reference_rank r
        where not e.is_step and e.ts_ns is null and e.kind in ('crash', 'oom', 'collective_timeout', 'hang', 'attempt_end')
          and (e.rank is null or e.rank is not distinct from r.rank)
          and (e.next_step_line is null or (e.next_start_line is not null and e.next_step_line > e.next_start_line)
               or e.closing)
        group by e.file_id, failure, e.next_start_line
    ) f
),
dated_rows as (
    -- every dated row of the logs, by its file and line
    select file_id, line, ts_ns as t from int_log_events where ts_ns is not null
    union all
    select file_id, line, t_ns from int_log_steps
),
undated_loads as (
    -- a checkpoint load logged on a line with no time of its own (Megatron's `loading checkpoint
    -- from ... at iteration 5000`): the process that loaded it went on to its file's next dated
    -- line, in whose attempt it falls (a load comes before the steps it resumes: not its file's
    -- last dated line before it, which may be the run before's); where none follows, its file's
    -- last dated line before it (a log that ends while loading)
    select u.step, coalesce(n.t, p.t) as placed_ns
    from (select e.file_id, e.line, e.step from stg_log_events e, int_reference_rank r
          where e.ts_ns is null and e.kind in ('checkpoint_load_start', 'checkpoint_load_end')
            and (e.rank is null or e.rank is not distinct from r.rank)) u
    asof left join dated_rows n on u.file_id = n.file_id and u.line < n.line
    asof left join dated_rows p on u.file_id = p.file_id and u.line > p.line
),
restarts as (
    -- the restarts that start one: not one logged again with no step and no failure since an
    -- earlier one (each node's agent logs the same restart of a multi-node job)
    select distinct e.ts_ns
    from int_log_events e
    where e.kind = 'restart' and e.ts_ns is not null
      and not exists (
          select 1 from int_log_events r
          where r.kind = 'restart' and r.ts_ns < e.ts_ns
            and not exists (select 1 from int_log_steps s where s.t_ns > r.ts_ns and s.t_ns < e.ts_ns)
            and not exists (select 1 from int_log_events c
                            where c.kind in ('crash', 'oom', 'collective_timeout', 'hang')
                              and c.ts_ns > r.ts_ns and c.ts_ns < e.ts_ns)
      )
),
kept as (
    -- a start marker with no step logged since the previous one belongs to the same attempt (a
    -- process logs its first line, then a "Training starts" header), unless a restart, or a
    -- failure before this marker's instant, was logged since (a worker group that failed before
    -- its first step, restarted by its agent; not a failure logged with the marker: the
    -- scheduler's second cancel line after its first, read as a new process's first line). Since the previous one was logged, where it was logged by then and its console
    -- went on logging steps after this start (two consoles of one launch: the first one's start
    -- placed back at the bar steps it printed before its first dated line); else since its start
    select b.*
    from (
        select *, case when lag(marked_ns) over w <= start_ns and lag(ran_until_ns) over w >= start_ns
                       then lag(marked_ns) over w else lag(start_ns) over w end as previous_ns
        from distinct_boundaries
        window w as (order by start_ns)
    ) b
    where b.previous_ns is null
       or b.start_source = 'trace_process'
       -- (a step logged since: its line, at its end; one a bar's elapsed time began before the marker
       -- and ended after it is no step between them)
       or exists (select 1 from int_log_steps s
                  where coalesce(s.end_ns, s.t_ns) >= b.previous_ns and coalesce(s.end_ns, s.t_ns) < b.start_ns)
       or exists (select 1 from restarts e where e.ts_ns > b.previous_ns and e.ts_ns <= b.start_ns)
       -- (or a process's first lines printed again after a silence, its start: a relaunch, whatever the one before
       -- logged; one that died before its first step all the same; so is a launch's header in a loss log, the
       -- first line of a log its program appends to at each start, ashawkey's Trainer's header, and arcface_torch's
       -- logger's first word)
       or exists (select 1 from int_log_events e
                  where e.kind = 'attempt_start' and e.ts_ns = b.marked_ns
                    and e.detail in ('a process''s first line printed again after a silence: a relaunch',
                                     'the log''s first line again: a launch appended to it',
                                     'a new process''s id in its lines: a relaunch',
                                     'a launch opening its loss log (pix2pix''s Visualizer)',
                                     'a launch of ashawkey''s Trainer (torch-ngp, stable-dreamfusion) opening its log',
                                     'arcface_torch: a process''s logger began'))
       or exists (select 1 from int_log_events c
                  where c.kind in ('crash', 'oom', 'collective_timeout', 'hang')
                    and c.ts_ns > b.previous_ns and c.ts_ns < b.start_ns)
       -- (or steps no clock dates, or an undated failure, logged since: a relaunch after them)
       or (not b.placed_back and exists (select 1 from undated_steps u where u.placed_ns >= b.previous_ns and u.placed_ns < b.start_ns))
       or exists (select 1 from undated_ends u where u.failure and u.after_ns >= b.previous_ns and u.after_ns < b.start_ns)
       -- (or a process's last dated line, where it stopped without a word, and its file's next start since:
       -- a new run's; not another file's process that stopped, a node whose log ends at its start-up)
       or exists (select 1 from int_log_events c
                  where c.kind = 'last_line' and c.ts_ns >= b.previous_ns and c.ts_ns < b.start_ns
                    and exists (select 1 from int_log_events s
                                where s.file_id = c.file_id and s.kind = 'attempt_start' and s.line > c.line
                                  and s.ts_ns > c.ts_ns and s.ts_ns <= b.marked_ns))
       -- (or another file's, where the whole job fell silent from it to this start, over a minute, and this
       -- start is its own file's first dated line: a launch logged to a file of its own, `train.log` then
       -- `train_resume.log`; not a node whose log ended while the others went on, nor a process's header
       -- after a silent start-up)
       or (exists (select 1 from int_log_events c
                   where c.kind = 'last_line' and c.ts_ns >= b.previous_ns and c.ts_ns < b.start_ns - 60e9
                     and not exists (select 1 from int_log_events x where x.ts_ns > c.ts_ns and x.ts_ns < b.start_ns)
                     and not exists (select 1 from int_log_steps s
                                     where coalesce(s.end_ns, s.t_ns) > c.ts_ns and coalesce(s.end_ns, s.t_ns) < b.start_ns))
           and exists (select 1 from int_log_events s
                       where s.kind = 'attempt_start' and s.ts_ns = b.marked_ns
                         and not exists (select 1 from int_log_events y where y.file_id = s.file_id and y.ts_ns < s.ts_ns)))
),
numbered as (
    select row_number() over (order by start_ns) as attempt, start_ns::bigint as start_ns, start_source,
           lead(start_ns) over (order by start_ns)::bigint as next_start_ns
    from kept
),
undated_activity as (
    select a.attempt, min(u.step) as first_step, max(u.step) as last_step, max(u.placed_ns) as placed_last_ns
    from undated_steps u
    join numbered a on a.attempt = coalesce(
        case when u.after_failure then (select min(b.attempt) from numbered b where b.start_ns > u.placed_ns) end,
        (select max(b.attempt) from numbered b where b.start_ns <= u.placed_ns))
    group by a.attempt
),
activity as (
    select a.attempt,
        -- (steps rise within an attempt; times can tie (tqdm: 1 s); undated steps logged in its span count too)
        least(min(s.step), any_value(ua.first_step)) as first_step,
        greatest(max(s.step), any_value(ua.last_step)) as last_step,
        max(greatest(s.t_ns, coalesce(s.end_ns, s.t_ns))) as last_step_ns,
        any_value(ua.placed_last_ns) as undated_step_ns
    from numbered a
    left join int_log_steps s on s.t_ns >= a.start_ns and (a.next_start_ns is null or s.t_ns < a.next_start_ns)
        and not exists (select 1 from strays x where x.file_id = s.file_id and x.line = s.line)
    left join undated_activity ua on ua.attempt = a.attempt
    group by a.attempt
),
attempt_loads as (
    -- each attempt's loads with no time of their own: one of a step below the attempt's first, which its
    -- steps go on from, or one that names no step; not a restore after its training, nor one that its next
    -- dated line, another run's, placed in it
    select a.attempt, max(u.step) as step
    from numbered a
    join activity x on x.attempt = a.attempt
    join undated_loads u on u.placed_ns >= a.start_ns and (a.next_start_ns is null or u.placed_ns < a.next_start_ns)
    where u.step is null or x.first_step is null or u.step < x.first_step
    group by a.attempt
),
endings as (
    select a.attempt,
        coalesce(min(e.ts_ns) filter (where e.kind = 'attempt_end'),
                 (select min(u.after_ns) from undated_ends u
                  where not u.failure and u.after_ns >= a.start_ns
                    and (a.next_start_ns is null or u.after_ns < a.next_start_ns))) as completed_ns,
        coalesce(min(e.ts_ns) filter (where e.kind in ('crash', 'oom', 'collective_timeout', 'hang')),
                 (select min(u.after_ns) from undated_ends u
                  where u.failure and u.after_ns >= a.start_ns
                    and (a.next_start_ns is null or u.after_ns < a.next_start_ns))) as crash_ns,
        min(e.ts_ns) filter (where e.kind in ('crash', 'oom', 'collective_timeout', 'hang')) is null as crash_undated,
        max(e.ts_ns) filter (where e.kind in ('crash', 'oom', 'collective_timeout', 'hang')) as last_failure_ns,
        -- (a scheduler's cancel names the moment it killed the job: its processes ran until then)
        max(e.ts_ns) filter (where e.kind = 'crash' and e.detail like 'scheduler: %CANCELLED AT%') as killed_ns,
        max(e.ts_ns) filter (where e.kind not in ('crash', 'oom', 'collective_timeout', 'hang', 'restart')) as last_event_ns,
        -- (an agent's restart of workers that did not fail, a new node to join: they ran until it)
        min(e.ts_ns) filter (where e.kind = 'restart' and e.detail = 'torchelastic: nodes joined, its workers restarted')
            as restart_ns,
        -- (the work a run does after its word that training completed: its final save, its evaluation;
        -- one logged on a line with no time of its own at least when its file's last dated line before it was;
        -- and its job script's word that the job ended, a `last_line`: the job ran until then)
        greatest(max(e.ts_ns) filter (where e.kind in ('checkpoint_save_start', 'checkpoint_save_end', 'checkpoint_load_start',
                                                        'checkpoint_load_end', 'eval_start', 'eval_end', 'last_line')),
                 (select max(u.after_ns) from stg_log_events u, int_reference_rank r
                  where u.ts_ns is null and (u.rank is null or u.rank is not distinct from r.rank)
                    and u.kind in ('checkpoint_save_start', 'checkpoint_save_end', 'checkpoint_load_start',
                                   'checkpoint_load_end', 'eval_start', 'eval_end')
                    and u.after_ns >= a.start_ns and (a.next_start_ns is null or u.after_ns < a.next_start_ns))) as last_work_ns,
        greatest(max(e.step) filter (where e.kind in ('checkpoint_load_start', 'checkpoint_load_end')),
                 any_value(ul.step)) as loaded_step,
        count(*) filter (where e.kind in ('checkpoint_load_start', 'checkpoint_load_end')) > 0
            or any_value(ul.attempt) is not null as loaded,
        min(e.ts_ns) filter (where e.kind in ('collective_timeout', 'hang')) as timeout_hang_start_ns,
        -- how long the run says it trained (a training-time line, train_runtime), dated in it or
        -- an undated end placed in it
        greatest(max(e.duration_s) filter (where e.kind = 'attempt_end'),
                 (select max(u.stated_s) from undated_ends u
                  where not u.failure and u.after_ns >= a.start_ns
                    and (a.next_start_ns is null or u.after_ns < a.next_start_ns))) as stated_s,
        max(e.duration_s) filter (where e.kind in ('collective_timeout', 'hang')) as timeout_hang_s,
        count(e.ts_ns) as events
    from numbered a
    left join int_log_events e on e.ts_ns >= a.start_ns and (a.next_start_ns is null or e.ts_ns < a.next_start_ns)
    left join attempt_loads ul on ul.attempt = a.attempt
    group by a.attempt, a.start_ns, a.next_start_ns
),
final as (
    select
        a.attempt, a.start_ns,
        -- (an attempt that logged no step ran until its failure: a crash while loading, at
        -- start-up; so did the job's last attempt, whose failure in the middle of the step after
        -- its last logged one (a scheduler's time-limit cancel) ends the job's wall time, until its
        -- last word of it (torchrun's `failed (exitcode: 1)` a second after its worker's traceback); an
        -- attempt a relaunch follows ends at its last step: a launcher's failure report comes
        -- when it noticed, and the time since is the restart's downtime; but a scheduler's cancel
        -- is the kill itself, its time the scheduler's: any attempt ran until then; so did one its agent restarted
        -- with no failure (a node joined the job: its workers stopped then); one that completed
        -- its training ran until then, or until the save or evaluation it did after it)
        coalesce(case when e.completed_ns is not null then greatest(e.completed_ns, e.last_work_ns) end, greatest(x.last_step_ns, r.ranks_last_ns, e.last_event_ns, t.last_traced_ns,
                                          case when a.next_start_ns is null then greatest(e.last_failure_ns, e.crash_ns)
                                               when x.last_step_ns is null then e.crash_ns end,
                                          case when e.crash_ns is null then e.restart_ns end,
                                          e.killed_ns),
                 a.start_ns)::bigint as end_ns,
        x.first_step, x.last_step,
        case
            when a.attempt > 1 and e.loaded_step is not null then e.loaded_step
            -- the first attempt the logs show went on from the checkpoint it loaded (its earlier
            -- attempts' logs are not among the inputs), not one it started over from (a
            -- fine-tuning's pretrained weights)
            -- (nor one of step 0: Megatron's ` loading checkpoint from ... at iteration 0`, a model's initial weights)
            when e.loaded_step > 0 and (x.first_step is null or x.first_step > e.loaded_step) then e.loaded_step
            -- (not where the attempt before completed its training and this one starts at or below its
            -- last step: its first step says no resume, a new run's bar (a sweep's next trial) may first
            -- draw any step)
            when a.attempt > 1 and x.first_step > first_value(x.first_step) over (order by a.attempt)
                 and not coalesce(lag(e.completed_ns) over (order by a.attempt) is not null
                                  and x.first_step <= lag(x.last_step) over (order by a.attempt), false)
                then x.first_step - 1
        end as resumed_from_step,
        case
            when e.completed_ns is not null then 'completed'
            when e.crash_ns is not null then 'crash'
            when a.next_start_ns is not null then 'restarted'
            else 'unknown'
        end as end_reason,
        a.start_source,
        x.first_step is not null or e.events > 0 as logged,
        a.next_start_ns, e.crash_ns, e.crash_ns is not null and e.crash_undated as crash_undated,
        e.timeout_hang_start_ns, e.timeout_hang_s, e.stated_s, x.undated_step_ns,
        -- (training went on from the step it loaded, or from past the first attempt's first step where the
        -- load names no step: not a fine-tuning's pretrained weights, `@ 0 updates`)
        coalesce(e.loaded_step > 0 and (x.first_step is null or x.first_step > e.loaded_step), false)
            or coalesce(e.loaded and e.loaded_step is null and a.attempt > 1
                        and x.first_step > first_value(x.first_step) over (order by a.attempt), false) as resumed_by_load
    from numbered a
    join activity x using (attempt)
    join endings e using (attempt)
    left join lateral (
        select max(p.end_ns) as last_traced_ns
        from processes p
        where p.start_ns >= a.start_ns and (a.next_start_ns is null or p.start_ns < a.next_start_ns)
    ) t on true
    left join lateral (
        -- (its last rank's last step, dated by its own line: the reference rank may finish first, the
        -- others seconds later (a replica's 9th step of ten 12 s after rank 0's, mpirun's exit after it))
        select max(greatest(s.t_ns, coalesce(s.end_ns, s.t_ns))) as ranks_last_ns
        from stg_log_steps s
        where s.time_source in ('log_line', 'record') and s.t_ns >= a.start_ns
          and (a.next_start_ns is null or s.t_ns < a.next_start_ns)
    ) r on true
),
line_order as (
    -- the attempts are read in line order (below) where nothing dates a step or a start, or
    -- where a relaunch's steps are undated (after_failure and relaunched) and no dated attempt
    -- starts after them: attempts partly dated are not modelled, and an undated relaunch would
    -- merge into the attempt before it
    select not exists (select 1 from numbered)
        or exists (select 1 from undated_steps u
                   where u.after_failure and u.relaunched
                     and not exists (select 1 from numbered b where b.start_ns > u.placed_ns)) as on_lines
),
undated_rows as (
    -- a job whose logs date nothing (no attempt above), or a relaunch (line_order): its attempts
    -- are read in the order of the lines of its console with the most steps (then events), in
    -- the lines of the rank with the most there (or of none)
    select file_id, rank, line, step, null as kind, null::double as duration_s, null::bigint as loaded_step,
        coalesce(framework, '') in (select unnest(boosting) from boosting_frameworks) as per_model
    from stg_log_steps
    union all
    select file_id, rank, line, null, kind, duration_s,
        case when kind in ('checkpoint_load_start', 'checkpoint_load_end') then step end, false
    from stg_log_events
),
undated_console as (
    select file_id, rank
    from undated_rows
    where (select on_lines from line_order)
    group by file_id, rank
    order by count(step) desc, count(*) desc, file_id, rank nulls first
    limit 1
),
undated_lines as (
    -- its console's lines, one row each: the step it logs, and what its events say
    select u.line, max(u.step) as step,
        bool_or(u.kind in ('attempt_start', 'restart')) as start,
        bool_or(u.kind in ('checkpoint_load_start', 'checkpoint_load_end')) as loaded,
        bool_or(u.kind in ('crash', 'oom', 'collective_timeout', 'hang')) as failure,
        bool_or(u.kind = 'attempt_end') as ended,
        max(u.duration_s) filter (where u.kind in ('collective_timeout', 'hang')) as hang_s,
        max(u.duration_s) filter (where u.kind = 'attempt_end') as stated_s,
        max(u.loaded_step) as loaded_step,
        bool_or(u.per_model) as per_model
    from undated_rows u
    -- (and where its steps name no rank, the events of every rank in it: a watchdog's `[rank0]:`
    -- line in a console whose bar has no prefix)
    join undated_console c on u.file_id = c.file_id
        and (u.rank is not distinct from c.rank or u.rank is null or (c.rank is null and u.step is null))
    group by u.line
),
undated_marks as (
    -- what the lines before each line hold (one pass over them, in line order)
    select l.*,
        lag(l.step) over (partition by l.step is null order by l.line) as previous_step,
        lead(l.step) over (partition by l.step is null order by l.line) as next_step,
        coalesce(sum((l.step is not null)::int) over before, 0) as steps_before,
        coalesce(sum(coalesce(l.failure, false)::int) over before, 0) as failures_before,
        coalesce(sum((l.step is not null or coalesce(l.failure, false))::int) over before, 0) as progress_before,
        max(case when l.start then l.line end) over before as last_start_line,
        max(case when l.step is not null then l.line end) over before as last_step_line,
        coalesce(sum((l.step is not null)::int) over after, 0) as steps_after,
        row_number() over (order by l.line) = 1 as first
    from undated_lines l
    window before as (order by l.line rows between unbounded preceding and 1 preceding),
        after as (order by l.line rows between 1 following and unbounded following)
),
undated_boundaries as (
    -- its first line; a start or restart line after steps or a failure; a checkpoint loaded
    -- after steps or a failure, with steps after it (as `checkpoint_load` above: a relaunch that
    -- logged no start line of its own, Lightning's `Restored all states`); a step counter that went
    -- back with no start line since the step before (not a line one below its neighbours, as above)
    select line, progress_before
    from undated_marks
    where first
       or ((coalesce(start, false) or (coalesce(loaded, false) and steps_after > 0))
           and (steps_before > 0 or failures_before > 0))
       or (step < previous_step and not coalesce(step = previous_step - 1 and next_step = previous_step + 1, false)
           and not per_model
           and (last_start_line is null or last_start_line < last_step_line))
),
undated_kept as (
    -- (as `kept`: a start line with no step or failure since the boundary before is the same attempt's)
    select line, row_number() over (order by line) as attempt
    from (select line, progress_before, lag(progress_before) over (order by line) as previous_progress
          from undated_boundaries) b
    where previous_progress is null or progress_before > previous_progress
),
undated_numbered as (
    -- each line in the attempt of the last kept boundary at or before it
    select max(k.attempt) over (order by l.line rows between unbounded preceding and current row) as attempt, l.*
    from undated_lines l
    left join undated_kept k using (line)
),
undated_final as (
    select attempt, null::bigint as start_ns, null::bigint as end_ns,
        min(step) as first_step, max(step) as last_step,
        -- (the step of the checkpoint it loaded, where its steps, if any, go on from it: as above)
        case when max(loaded_step) is not null and (min(step) is null or min(step) > max(loaded_step))
             then max(loaded_step) end as resumed_from_step,
        case
            when bool_or(ended) then 'completed'
            when bool_or(failure) then 'crash'
            when attempt < (select max(attempt) from undated_kept) then 'restarted'
            else 'unknown'
        end as end_reason,
        'undated' as start_source, true as logged, null::bigint as next_start_ns, null::bigint as crash_ns,
        null::boolean as crash_undated, null::bigint as timeout_hang_start_ns, max(hang_s) as timeout_hang_s, max(stated_s) as stated_s,
        null::bigint as undated_step_ns,
        coalesce(max(loaded_step) > 0 and (min(step) is null or min(step) > max(loaded_step)), false) as resumed_by_load
    from undated_numbered
    group by attempt
)
select * from final where not (select on_lines from line_order)
union all
select * from undated_final
order by attempt
