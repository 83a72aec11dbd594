-- int_log_steps: the job's dated steps as seen by one reference rank, each step once whatever
-- number of inputs logged it (a console, the TensorBoard event files, a metrics file of one job
-- all date the same steps; counted twice, a step reads as a restart).
-- materialize: per_connection
-- Grain: one row per dated step of the reference rank and attempt.
-- Inputs: stg_log_steps, int_reference_rank, int_bar_anchors, stg_log_events.
-- Rules, in order:
--   rank: the reference rank (int_reference_rank), and rows that name no rank (event files and
--     metrics files do not know theirs; a console's unprefixed lines are rank 0's);
--   clock: of the rows of one step number, only those of the best clock present: a line's own
--     timestamp or a record's time field (log_line, record), over a progress bar anchored on
--     dated lines (tqdm) or on the profiled steps of the job's traces (tqdm_trace: the file's
--     times moved by int_bar_anchors.offset_ns), over a bar anchored on the file's mtime, lines
--     whose year is the file's mtime's, or no source (tqdm_mtime, log_line_mtime);
--   files: a row is dropped where another file dates the same step within the tolerance
--     (3 x the median interval between a file's consecutive steps, at least 2 s), the file
--     with more dated steps kept (ties: the lower file_id). A step redone after a restart is
--     dated farther apart than that and kept twice;
--   prints: of a file's rows of one step, one dated within half a step's time (the median, over
--     the file's consecutive rows where the step goes forward, of the time between them over
--     the steps between them; 2 s where there is none), or within the file's clock resolution
--     where that is longer, of the one before is dropped: ranks that name none in their lines
--     log each step once each, a few milliseconds apart (in whole seconds, one second apart
--     where they straddle one); a relaunched process redoes a step a whole step's time after
--     its start at the least, even where only every 100th step is logged, and seconds after
--     the crash.
--   order: a bar's row (clock tqdm, tqdm_trace, an mtime's) dated within a second of a better-clocked
--     row of a later step before it, or of an earlier step after it, is dropped: its bar's clock is off
--     by that much (read, it would put the step counter back: a restart that never was) (session
--     variable tracelens_bar_clock_error_s, default 1: tqdm prints a bar's elapsed time in whole
--     seconds, so a bar anchored on another clock places its steps to within a second);
--   clock resolution: 1 s for a file whose every dated row (three or more) falls on a whole
--     second (a log format without fractions, as `datefmt="%m/%d/%Y %H:%M:%S"`), else 0.
--   ties: a step dated at its start (start_ns) at the very instant its file's lines before it
--     (steps and events) date began after them, 1 ns later: a new run's bar whose start a dated line gives, the
--     line the earlier run's last reading is anchored on (a sweep's trials in one console); the
--     earlier run's rows at that instant stay before it.
-- Columns: as stg_log_steps (time_source also 'tqdm_trace'), t_resolution_ns (the clock
--   resolution of the row's file).
with settings as (
    select (coalesce(try_cast(getvariable('tracelens_bar_clock_error_s') as double), 1.0) * 1e9)::bigint as error_ns
),
anchored as (
    -- a console only a bar dates, on the traces' clock (int_bar_anchors)
    select s.* replace (
            s.start_ns + a.offset_ns as start_ns, s.end_ns + a.offset_ns as end_ns, s.t_ns + a.offset_ns as t_ns,
            'tqdm_trace' as time_source)
    from stg_log_steps s join int_bar_anchors a using (file_id)
    union all
    select s.* from stg_log_steps s where s.file_id not in (select file_id from int_bar_anchors)
),
candidates as (
    select s.*,
        case when s.time_source in ('log_line', 'record') then 1 when s.time_source in ('tqdm', 'tqdm_trace') then 2 else 3 end
            as clock_rank
    from anchored s, int_reference_rank r
    where (s.rank is not distinct from r.rank or s.rank is null)
      and s.t_ns is not null
),
best_clock_rows as (
    select * from candidates
    qualify clock_rank = min(clock_rank) over (partition by step)
),
best_clock as (
    -- (a bar's step, dated within a second of a record or dated line of a later step before it, or of
    -- an earlier step after it, is out of order on the better clock: its bar's clock is that far off.
    -- Dropped: kept, the step counter reads as going back, a restart that never was. One window over
    -- the rows in time order, each way.)
    select * exclude (later_before, earlier_after)
    from (select *,
              max(case when clock_rank = 1 then step end) over (order by t_ns range between (select error_ns from settings) preceding
                                                                         and current row)
                  as later_before,
              min(case when clock_rank = 1 then step end) over (order by t_ns range between current row
                                                                         and (select error_ns from settings) following)
                  as earlier_after
          from best_clock_rows)
    where clock_rank = 1 or not (coalesce(later_before > step, false) or coalesce(earlier_after < step, false))
),
file_sizes as (
    -- the files in the order they win a step: more dated steps, then the lower file_id
    select file_id, row_number() over (order by count(*) desc, file_id) as file_order
    from best_clock group by file_id
),
gaps as (
    select t_ns - lag(t_ns) over (partition by file_id order by t_ns, line, step) as gap_ns from best_clock
),
tolerance as (
    select greatest(2e9, 3 * coalesce(median(gap_ns) filter (where gap_ns > 0), 0)) as ns from gaps
),
ranked as (
    -- the best file among the rows that date this step within the tolerance of this one: one
    -- window over each step's rows in time order (a self-join on the step was quadratic in the
    -- files dating one step: per-rank logs without a rank prefix all read as rank 0's)
    select b.*, f.file_order,
        min(f.file_order) over (partition by b.step order by b.t_ns range between t.ns preceding and t.ns following)
            as best_order
    from best_clock b join file_sizes f using (file_id), tolerance t
),
best_file as (
    select * from ranked where best_order = file_order
),
print_gaps as (
    select file_id, step - lag(step) over w as steps, t_ns - lag(t_ns) over w as gap_ns
    from best_file
    window w as (partition by file_id order by t_ns, line, step)
),
clock as (
    -- a file whose every dated row (three or more) falls on a whole second writes its times
    -- without a fraction of a second: each is known to a second only
    select file_id,
        case when count(*) >= 3 and bool_and(t_ns % 1000000000 = 0) then 1000000000 else 0 end::bigint as t_resolution_ns
    from best_file
    group by file_id
),
print_tolerance as (
    select g.file_id,
        greatest(coalesce(0.5 * median(g.gap_ns / g.steps) filter (where g.steps > 0 and g.gap_ns > 0), 2e9),
                 any_value(c.t_resolution_ns)) as ns
    from print_gaps g join clock c using (file_id)
    group by g.file_id
),
repeats as (
    select b.*, b.t_ns - lag(b.t_ns) over (partition by b.file_id, b.step order by b.t_ns, b.line) as since_ns
    from best_file b
),
kept as (
    select r.* exclude (clock_rank, file_order, best_order, since_ns), c.t_resolution_ns
    from repeats r join print_tolerance p using (file_id) join clock c using (file_id)
    where r.since_ns is null or r.since_ns > p.ns
),
lined as (
    -- each step row beside its file's dated event lines, for ties below: one window over each file's
    -- lines (a join on `line <` was quadratic where DuckDB misjudged the sizes)
    select *, max(t_ns) over (partition by file_id order by line range between unbounded preceding and 1 preceding)
        as before_ns
    from (select *, false as event from kept
          union all by name
          select file_id, line, ts_ns as t_ns, true as event
          from stg_log_events where ts_ns is not null and file_id in (select file_id from kept))
),
final as (
    -- (ties: a step dated at its start at the instant its file's lines before it (steps and events) date
    -- began after them, 1 ns later)
    select * exclude (tie, event, before_ns) replace (case when tie then start_ns + 1 else start_ns end as start_ns,
                                                      case when tie then t_ns + 1 else t_ns end as t_ns)
    from (select *, coalesce(start_ns is not null and t_ns = before_ns, false) as tie from lined where not event)
)
select * from final
