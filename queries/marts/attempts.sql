-- attempts: the job cut into attempts (process lifetimes between restarts).
-- materialize: per_connection
-- Grain: one row per attempt.
-- Inputs: int_attempts, hang_analysis, int_log_steps, int_log_events.
-- An attempt begins at an attempt_start event (a training header, a job-start record, a
--   process's first dated line; a console's first one no later than the steps that console
--   logged on the lines before it, undated bar steps; a process's first dated line no later than the first step its
--   own line dates after it, by that step's own time), where the step counter goes back (at that step's start: its
--   start where its line dates it, a bar's by its elapsed time), or where the reference
--   rank's traces come from a new process with no other sign of a restart since the previous
--   process's traces (dated by the new traces' first event). It ends at its
--   attempt_end event, else at its last logged activity: a launcher's failure line comes
--   after the failure (detection, then the other workers' shutdown), so it marks an attempt a
--   relaunch follows as crashed but does not end it later than the last sign of life (log lines, steps of any rank
--   dated by their own lines, traced activity of the reference rank: the time since is the restart's downtime), or than
--   a scheduler's cancel (`CANCELLED AT`: the kill's own time, until which its processes ran); the job's last attempt
--   runs until its last failure line (torchrun's `failed (exitcode: 1)` after its worker's traceback: the job held its
--   machines until then).
-- Columns: attempt (1-based), start_ns, end_ns, first_step, last_step (last logged step),
--   resumed_from_step (a later attempt's loaded checkpoint step when logged, else first_step - 1
--   when it starts past the first attempt's first step, and not at or below the last step of the
--   attempt before if that one completed its training (a new run: a sweep's next trial, its bar's
--   first drawing any step); the first attempt's loaded step where its steps go on from it; a
--   load logged on a line with no time of its own is the attempt's its file's next dated line
--   falls in, else its file's last dated line before it),
--   end_reason ('completed', 'crash', 'restarted': followed by another attempt with no
--   failure logged, 'unknown'), start_source ('event', 'step_counter', 'checkpoint_load': a
--   checkpoint loaded between steps, a relaunch that logged no start line, 'trace_process' or
--   'first_step': no start line at all, the job's first dated step; 'undated': a job whose logs
--   date nothing, its attempts cut in its console's line order, start_ns and end_ns NULL), hang_start_ns and
--   hang_s (a hang that ended the attempt: from a c10d watchdog timeout or a launcher's
--   no-output watchdog, dated at its start, "ran for" long; else from flight-recorder dumps of the attempt: the first stuck
--   collective's creation, to the crash or the next start), hang_end_ns (hang_start_ns + hang_s), hang_suspect_ranks (from
--   hang_analysis), logged (the logs see the attempt: a step or an event in it; an attempt
--   known only from a profiled process is not, and stays out of the goodput wall clock, since
--   nothing says what filled the time around its traced steps). The hang lies between the attempt's end and the next start, so
--   goodput_buckets counts it in restart_downtime. clock: what its times rest on: 'log' (a step
--   in it dated by the inputs' own clocks, or no step and none but dated lines with their year),
--   else 'mtime_year' (dated lines that print no year or no date, which the file's modification time gives, or
--   an undated line dated by a progress bar hung on it: log_events.year_from_mtime),
--   else 'mtime' (progress-bar times hung on the file's modification time, no line dating them:
--   right only if the file was not copied or checked out since the job wrote it), 'undated'
--   (start_ns NULL). length_s: end_ns - start_ns, NULL where the two are one instant (an
--   attempt known from one dated line, its steps undated: not 0 s), with length_reason; where
--   steps logged after its last dated step have no time of their own (and nothing dated comes
--   after them), or where it logged no step and a failure no line of its own dates ended it (it
--   came after its last dated line), length_at_least: the attempt ran longer than length_s; where the run says how
--   long it trained (int_attempts.stated_s) and that is over a second longer than its dated
--   span, that (at least: its start-up is not in it; a start placed back by that duration from
--   the end is the span's own).
with spans as (
    select
        a.attempt, a.start_ns, a.end_ns, a.first_step, a.last_step, a.resumed_from_step, a.end_reason, a.start_source,
        coalesce(a.timeout_hang_start_ns, h.hang_start_ns) as hang_start_ns,
        coalesce(a.timeout_hang_s, (coalesce(a.crash_ns, a.next_start_ns) - h.hang_start_ns) / 1e9) as hang_s,
        coalesce(a.timeout_hang_start_ns, h.hang_start_ns)
            + (coalesce(a.timeout_hang_s, (coalesce(a.crash_ns, a.next_start_ns) - h.hang_start_ns) / 1e9) * 1e9)::bigint
            as hang_end_ns,
        h.suspect_ranks as hang_suspect_ranks,
        a.logged,
        case
            when a.start_ns is null then 'undated'
            when c.own_steps > 0 then 'log'
            when c.year_guessed then 'mtime_year'
            when c.steps > 0 then 'mtime'
            else 'log'
        end as clock,
        case when a.end_ns > a.start_ns then (a.end_ns - a.start_ns) / 1e9 end as dated_s, a.stated_s,
        -- the run's training time is over a second longer than its dated span
        coalesce(a.stated_s > coalesce((a.end_ns - a.start_ns) / 1e9, 0) + 1, false) as stated_longer,
        -- steps after its last dated one, nothing dated after them; or steps none of which is dated,
        -- before a failure no line of its own dates (Keras' undated epochs, then `Aborted`)
        -- (or steps no clock dates logged after the attempt's last dated line: a launcher's dated
        -- lines, then the run's undated loss dicts)
        coalesce(a.end_ns > a.start_ns and a.last_step > coalesce(c.dated_last_step, a.first_step - 1)
                 and (a.end_ns <= coalesce(c.dated_last_ns, a.start_ns) or (a.crash_undated and c.dated_last_step is null)
                      or a.undated_step_ns >= a.end_ns),
                 false) as undated_after,
        -- no step, and a failure no line of its own dates after its last dated line (a traceback
        -- while it loaded, generated or set up): it failed some time after that line
        coalesce(a.end_ns > a.start_ns and a.last_step is null and a.crash_undated and a.end_ns <= a.crash_ns, false)
            as failed_after,
        c.dated_last_step
    from int_attempts a
    left join lateral (
        -- the time sources of the steps and dated events in its span (one pass over its steps)
        select count(*) as steps, max(s.step) as dated_last_step,
            max(greatest(s.t_ns, coalesce(s.end_ns, s.t_ns))) as dated_last_ns,
            count(*) filter (where s.time_source not in ('tqdm_mtime', 'log_line_mtime')) as own_steps,
            coalesce(bool_or(s.time_source = 'log_line_mtime'), false)
            or exists (select 1 from int_log_events e
                       where e.year_from_mtime and e.ts_ns >= a.start_ns
                         and (a.next_start_ns is null or e.ts_ns < a.next_start_ns)) as year_guessed
        from int_log_steps s
        where s.t_ns >= a.start_ns and (a.next_start_ns is null or s.t_ns < a.next_start_ns)
    ) c on true
    left join lateral (
        -- the flight recorder's view of a hang in this attempt: its first stuck collective
        select min(hang_start_ns) as hang_start_ns, arg_min(suspect_ranks, hang_order) as suspect_ranks
        from hang_analysis g
        where g.hang_order is not null and g.hang_start_ns >= a.start_ns
          and (a.next_start_ns is null or g.hang_start_ns < a.next_start_ns)
    ) h on true
),
final as (
    select s.* exclude (dated_s, stated_s, stated_longer, undated_after, failed_after, dated_last_step),
        greatest(s.dated_s, s.stated_s) as length_s,
        s.stated_longer or s.undated_after or s.failed_after as length_at_least,
        case
            when s.stated_longer then 'the run''s own word on how long it trained (its start-up before that not counted)'
            when s.start_ns is null then 'no line dates it'
            when s.end_ns = s.start_ns then 'its start and its end rest on one dated line: its length is not measured'
            when s.undated_after then coalesce('the steps after step ' || s.dated_last_step || ', its last dated one,', 'its steps')
                                      || ' have no time of their own'
            when s.failed_after then 'its failure''s line has no time of its own: it came after its last dated line'
        end as length_reason
    from spans s
)
select * from final
order by attempt
