-- int_log_intervals: the job's wall-clock time as labelled intervals, for goodput_buckets.
-- materialize: per_connection
-- Grain: one row per interval (may overlap; goodput_buckets resolves overlaps by priority).
-- Inputs: int_attempts, int_log_step_bounds, int_ideal_step, int_log_stalls, int_log_events, int_job_wall, stg_log_events,
--   stg_log_steps.
-- Labels (GoodputBucket, priority in goodput_buckets):
--   checkpoint_save / checkpoint_load / eval: between start and end events (not an end that
--     names another step than its start: that start's end is not in the log), or an end event
--     carrying its duration; not the part of an evaluation that began with an MLPerf block of its file
--     (within tracelens_pipelined_eval_ms of its block_start, either side, default 50: TPU pods evaluate
--     one block's weights while the next block trains) that the block holds;
--   startup: accelerator init, training prep and first data loading (init events), attempt
--     start to its first step's start, and a first step's excess over the ideal step time and
--     over the pace of the attempt's 2nd to 4th steps (their median: compile, warm-up); not in an attempt whose logs open mid-run (int_job_wall.opens_attempt:
--     what its lines before its first step show is no start-up);
--   lost_work: a completed step that a later attempt completes again (it logs the step again,
--     or starts at or before it), and the incomplete step a crash cut short (its start, else
--     the end of the attempt's last logged step, to the attempt's end: its failure);
--   productive: every other completed step (not a stall's part of its interval, int_log_stalls: left to
--     `other`), and the steps an attempt's counter shows it ran
--     before its first logged line, at the ideal step time, where they fit the time before it
--     and its start is its training loop's, placed back by its own clock (a console that kept a
--     run's last lines: the HF Trainer's train_runtime, a training bar's elapsed time); not after
--     a checkpoint load, nor where they would take over 1.5 times that time (a resume its logs do
--     not show);
--   data_stall: the part of a completed step its line reports as waiting for data
--     (`data_time_s`, Megatron's batch-generator timer), at the step's start (a line after lines
--     cut out of the log: its own step's alone);
--   restart_downtime: an attempt's end to the next attempt's start (not across lines cut out of
--     the log, an excerpt's `...`: that time, and a crashed attempt's after its last step, is
--     left to `other`);
--   idle: the same after an attempt that completed its training, where the next loaded no
--     checkpoint (a new run, launched after the first finished: no run was going).
-- Step boundaries and the redone rule: int_log_step_bounds; an attempt's first step with no
--   known start ends then, and starts the ideal step time (int_ideal_step: of a line, or per
--   step times the steps its line ends where that is longer; a line of step 0, the next ending more
--   steps, the ideal per step times its steps) before, not before the attempt's last start line before it
--   (int_log_step_bounds.started_ns).
-- Columns: label, start_ns, end_ns, attempt, step (NULL for non-step intervals).
with elisions as (
    -- lines cut out of the logs (an excerpt's `...` alone), at the last dated line before them
    select after_ns from stg_log_events where kind = 'elision' and after_ns is not null
),
usual as (
    -- what a step's line takes once the job runs steadily: a usual line's ideal time at the least,
    -- or the ideal per step times the steps it ends where that is longer (a block numbered by where
    -- it starts is no single step); an attempt's first line of step 0, the next ending more steps
    -- than it, ended that step alone (a loop that logs every 20 steps from step 0: one step's time,
    -- not twenty's; not an epoch's line of an excerpt's, the next one epoch too)
    select b.*, case when b.step = 0 and b.nth = 1 and b.next_covers > b.covers
                     then coalesce(i.ideal_ns_per_step * b.covers, i.ideal_ns)
                     else greatest(i.ideal_ns, i.ideal_ns_per_step * b.covers) end::bigint as usual_ns
    from (select *, lead(covers) over (partition by attempt order by nth) as next_covers from int_log_step_bounds) b,
        int_ideal_step i
),
dated_first as (
    -- an attempt's first step with no known start (nothing before it in the attempt says when
    -- it began) is taken to have run for the ideal step time: the rest of the time from the
    -- attempt's start is start-up, as for a first step whose start is logged; in an attempt whose
    -- logs open mid-run, where its line gives no step time (its bound then is the attempt's
    -- start), the rest is what its lines before it show: no step's, no start-up's
    select u.* replace (
        case when (u.s_ns is null or (u.step_time_s is null and u.attempt is not distinct from (select opens_attempt from int_job_wall)))
                  and u.nth = 1 and u.e_ns is not null and u.usual_ns is not null
             then greatest(coalesce(u.started_ns, u.attempt_start_ns), u.e_ns - u.usual_ns)
             else u.s_ns end as s_ns
    )
    from usual u
),
completed as (
    select * from dated_first
    where s_ns is not null and e_ns is not null and e_ns >= s_ns
),
early_pace as (
    -- an attempt's pace right after its first step: its 2nd to 4th steps' median per step (a first
    -- step no slower than the steps after it carries no warm-up, whatever the job's pace later:
    -- Marian's first 1000 updates in 4824 s, the next 1000s in 6805-6990 s, 2731 s each much later)
    select attempt, median((e_ns - s_ns) / covers) as ns_per_step
    from completed
    where nth between 2 and 4
    group by attempt
),
step_intervals as (
    -- (a stall's part of its interval, int_log_stalls, no step's: `other`)
    select case when c.redone then 'lost_work' else 'productive' end as label,
           greatest(c.s_ns, coalesce(x.end_ns, c.s_ns)) as start_ns, c.e_ns as end_ns, c.attempt, c.step
    from completed c
    left join int_log_stalls x on x.attempt = c.attempt and x.step = c.step and x.start_ns = c.s_ns
    union all
    -- first step of an attempt: its excess over the ideal step, and over the pace of the steps
    -- right after it, is start-up (compile, warm-up)
    select 'startup', c.s_ns, c.s_ns + (c.e_ns - c.s_ns - x.usual_ns)::bigint, c.attempt, c.step
    from completed c, int_ideal_step i
    left join early_pace p on p.attempt = c.attempt,
    lateral (select greatest(coalesce(i.ideal_ns_per_sample * c.samples, c.usual_ns),
                             coalesce(p.ns_per_step * c.covers, 0)) as usual_ns) x
    where c.nth = 1 and c.e_ns - c.s_ns > x.usual_ns
      and c.attempt is distinct from (select opens_attempt from int_job_wall)
    union all
    -- the part of a completed step its log line says went to waiting for data (the batch is
    -- fetched first: at the step's start), per iteration for a line that covers several (the
    -- steps it ends, int_log_step_bounds.covers: an attempt's first line too, mmcv's `[50/5455]
    -- ... data_time: 0.047` the mean of its first 50) (a line after lines cut out of the log, an
    -- excerpt's `...`: its own step's alone, its interval's mean no measure of the steps no line shows)
    select 'data_stall', c.s_ns,
        c.s_ns + least(c.e_ns - c.s_ns, (c.data_time_s * case when c.after_gap then 1 else c.covers end * 1e9)::bigint),
        c.attempt, c.step
    from completed c
    where c.data_time_s > 0
    union all
    -- the step a crash cut short
    select 'lost_work', b.s_ns, b.attempt_end_ns, b.attempt, b.step
    from int_log_step_bounds b
    where b.e_ns is null and b.s_ns is not null and b.attempt_end_ns > b.s_ns
    union all
    -- the step after a crashed attempt's last logged one, which it never logged: from that
    -- step's end to the failure (a scheduler's time-limit cancel in the middle of a step)
    select 'lost_work', max(b.e_ns), any_value(a.end_ns), a.attempt, null
    from int_attempts a join int_log_step_bounds b on b.attempt = a.attempt
    where a.end_reason = 'crash'
    group by a.attempt
    having count(*) filter (where b.e_ns is null and b.s_ns is not null) = 0  -- (none logged as begun: above)
       -- (nor lines cut out of the log after that step: what ran then is not in it)
       and not exists (select 1 from elisions x where x.after_ns >= max(b.e_ns) and x.after_ns < any_value(a.end_ns))
),
paired as (
    select
        case s.kind
            when 'checkpoint_save_start' then 'checkpoint_save'
            when 'checkpoint_load_start' then 'checkpoint_load'
            when 'eval_start' then 'eval'
            else 'startup'
        end as label,
        s.ts_ns as start_ns, e.ts_ns as end_ns, s.file_id
    from (
        select *,
            -- (its time, then its line: in one instant, an end logged before the start is not its end, nor one
            -- logged after the next start its)
            ts_ns::hugeint * 4294967296 + coalesce(line, 0) as at_key,
            lead(ts_ns::hugeint * 4294967296 + coalesce(line, 0))
                over (partition by file_id, kind, detail order by ts_ns, line) as next_start_key
        from int_log_events where kind in ('checkpoint_save_start', 'checkpoint_load_start', 'eval_start', 'init_start')
    ) s
    asof join (select *, ts_ns::hugeint * 4294967296 + coalesce(line, 0) as at_key
               from int_log_events where kind in ('checkpoint_save_end', 'checkpoint_load_end', 'eval_end', 'init_end')) e
      on replace(e.kind, '_end', '') = replace(s.kind, '_start', '')
     and e.file_id = s.file_id
     and e.detail is not distinct from s.detail
     and e.at_key >= s.at_key
    -- (an end after the next start of its kind is that one's: a start the log never ends stays open;
    -- so does one whose end names another step's checkpoint, `checkpoint-2000`'s start then
    -- `checkpoint-2500`'s end, an excerpt's cut between them)
    where (s.next_start_key is null or e.at_key <= s.next_start_key)
      and (s.step is null or e.step is null or s.step = e.step)
      -- (nor an end that says how long its own save took, begun after the start: NeMo 2's `Global Checkpoint Save ...
      -- Save duration: 0.476s` seconds after its `Scheduled async checkpoint save` of the save before, whose writes
      -- go on behind the steps; that end is a save of its own, `durations`)
      and (e.duration_s is null or s.ts_ns >= e.ts_ns - e.duration_s * 1e9 - 1e9)
),
beside_blocks as (
    -- an evaluation that began with an MLPerf block of its file (within `tracelens_pipelined_eval_ms` of its
    -- block_start: the pod evaluates the weights the block before trained while this one trains) is no time of its own
    -- while that block runs: only what of it outlasts the block (none where the block outlasts it); any other
    -- evaluation as logged (one a block or epoch holds that began later, run between its batches, is the block's own)
    select p.label,
        case when p.label = 'eval' then coalesce((
            select max(b.end_ns) from stg_log_steps b
            where b.file_id = p.file_id and b.framework = 'mlperf'
              and abs(p.start_ns - b.start_ns)
                  <= coalesce(try_cast(getvariable('tracelens_pipelined_eval_ms') as double), 50) * 1e6), p.start_ns)
        else p.start_ns end as start_ns,
        p.end_ns
    from paired p
),
durations as (
    -- an end event that carries its duration ("saved checkpoint in 12.3 s") and has no start
    -- (the duration cast first: a bigint less a double is a double, up to 128 ns off at today's ns)
    select replace(e.kind, '_end', '') as label, e.ts_ns - (e.duration_s * 1e9)::bigint as start_ns, e.ts_ns as end_ns
    from int_log_events e
    where e.kind in ('checkpoint_save_end', 'checkpoint_load_end', 'eval_end') and e.duration_s is not null
      and not exists (
          select 1 from int_log_events s
          where s.kind = replace(e.kind, '_end', '_start') and s.ts_ns <= e.ts_ns and s.ts_ns >= e.ts_ns - e.duration_s * 1e9 - 1e9
            and s.file_id = e.file_id and s.line < e.line
      )
),
opening_steps as (
    -- the steps an attempt ran before its first logged line's own (a console that kept a run's last
    -- lines, ms-swift's `'global_step/max_steps': '205/270'` 53 minutes after its start, placed back
    -- from its end by its train_runtime): those its counter shows since its start (or since the step
    -- it resumed from), at the ideal step time, where they fit the time before that line (their
    -- time no more than 1.5 times it: else it resumed from a checkpoint its logs do not show, and
    -- that time is its start-up)
    select c.attempt, c.s_ns,
        greatest(a.start_ns, c.s_ns - ((c.step - c.covers - coalesce(a.resumed_from_step, 0)) * i.ideal_ns_per_step)::bigint)
            as from_ns
    from dated_first c
    join int_attempts a on a.attempt = c.attempt
    cross join int_ideal_step i
    where c.nth = 1 and c.s_ns is not null and a.logged and i.ideal_ns_per_step > 0
      and c.step - c.covers - coalesce(a.resumed_from_step, 0) > 0
      and (c.step - c.covers - coalesce(a.resumed_from_step, 0)) * i.ideal_ns_per_step <= 1.5 * (c.s_ns - a.start_ns)
      and a.attempt is distinct from (select opens_attempt from int_job_wall)
      -- (only where the attempt's start is its training loop's, placed back by the run's own clock:
      -- the HF Trainer's train_runtime, a training bar's elapsed time; and no checkpoint was loaded
      -- before its first line: a resume's load and start-up are no steps)
      and exists (select 1 from int_log_events e
                  where e.kind = 'attempt_start' and e.ts_ns = a.start_ns
                    and e.detail in ('train_runtime before the end', 'the training bar''s start, by its elapsed time'))
      and not exists (select 1 from int_log_events e
                      where e.kind in ('checkpoint_load_start', 'checkpoint_load_end')
                        and e.ts_ns >= a.start_ns and e.ts_ns <= c.s_ns)
),
attempt_edges as (
    select 'startup' as label, a.start_ns, coalesce(any_value(o.from_ns), min(c.s_ns), a.end_ns) as end_ns, a.attempt
    from (select * from int_attempts where logged) a
    left join dated_first c on c.attempt = a.attempt and c.s_ns is not null
    left join opening_steps o on o.attempt = a.attempt
    where a.attempt is distinct from (select opens_attempt from int_job_wall)
    group by a.attempt, a.start_ns, a.end_ns
    union all
    select 'productive', from_ns, s_ns, attempt from opening_steps
    union all
    -- (after an attempt that completed its training the next is a new run, unless it resumed from a
    -- checkpoint: no run went on between)
    select case when end_reason = 'completed' and not coalesce(next_resumed, false) then 'idle' else 'restart_downtime' end,
        end_ns, next_ns, attempt
    from (select end_ns, end_reason, lead(start_ns) over (order by attempt) as next_ns,
                 lead(resumed_by_load) over (order by attempt) as next_resumed, attempt
          from int_attempts where logged) a
    -- (not across lines cut out of the log: what happened between the attempts is not in it)
    where not exists (select 1 from elisions x where x.after_ns >= a.end_ns and x.after_ns < a.next_ns)
),
final as (
    select label, start_ns, end_ns, attempt, step from step_intervals
    union all
    select label, start_ns, end_ns, null, null from beside_blocks
    union all
    select label, start_ns, end_ns, null, null from durations
    union all
    select label, start_ns, end_ns, attempt, null from attempt_edges where end_ns is not null
)
select * from final
where end_ns > start_ns
