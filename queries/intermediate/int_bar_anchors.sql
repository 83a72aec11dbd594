-- int_bar_anchors: the clock of a console that only a progress bar dates, taken from the
-- profiler traces of the same job, else from its records that carry their own time (TensorBoard
-- events, a metrics file: a step's record dates its end as the trace does). A bar prints the seconds since it started; with no dated
-- line in the file its readings rest on the file's modification time (time_source
-- tqdm_mtime), which copies and git checkouts do not keep. A profiled step is dated on both
-- sides: the trace gives its end on the wall clock, the bar its end on the bar's clock, so the
-- median difference over the steps both hold is the bar's offset.
-- materialize: per_connection
-- Grain: one row per log file whose dated steps all rest on its mtime and share at least 3
--   step numbers with the profiled steps of the trace's reference rank.
-- Inputs: stg_log_steps, trace_events, int_reference_rank.
-- Assumption: the profiler's step N is the bar's step N (torch.profiler counts `step()` calls
--   from 0, frameworks call it once a training step); where the two count differently (a
--   validation batch stepped too), the differences spread, and error_ns says by how much.
-- Columns: file_id, offset_ns (added to the file's times), matched_steps, error_ns (the anchor's
--   possible error: the largest difference from the median over the matched steps, at least
--   one step (a framework that counts one more profiler step before the first training step
--   puts the bar one step off) and the bar's one-second resolution), trace_rank (the rank whose
--   profiled steps were used), clock ('traces', or 'records' where the job has no traces).
-- A file is left unanchored (no row) where the differences spread over more than
--   max(2 s, 3 x the bar's median step interval): its steps and the traces' do not line up.
with trace_rank as (
    select min(rank) as rank from trace_events where kind = 'profiler_step'
),
profiled_steps as (
    -- a step number profiled once by that rank (one profiled in two processes is ambiguous);
    -- its end is the ProfilerStep span's end on the host, read from the stored events (not
    -- int_steps: every view over the log's steps reads this one, and the per-file step
    -- bounds of int_steps would be worked out again for each of them)
    select e.profiler_step as step, any_value(e.start_ns + e.dur_ns) as end_ns
    from trace_events e, trace_rank r
    where e.kind = 'profiler_step' and e.rank = r.rank and e.profiler_step is not null
    group by e.profiler_step
    having count(*) = 1
),
recorded_steps as (
    -- with no traces, the job's records that carry their own time (TensorBoard events, a metrics
    -- file: time_source record) of the reference rank or none: a step number one record dates
    -- (one redone after a restart is dated twice: ambiguous)
    select s.step, any_value(s.t_ns) as end_ns
    from stg_log_steps s, int_reference_rank r
    where s.time_source = 'record' and s.t_ns is not null and (s.rank is null or s.rank is not distinct from r.rank)
      and not exists (select 1 from profiled_steps)
    group by s.step
    having count(*) = 1
),
trace_steps as (
    select * from profiled_steps
    union all
    select * from recorded_steps
),
mtime_files as (
    select file_id
    from stg_log_steps
    where t_ns is not null
    group by file_id
    having bool_and(time_source = 'tqdm_mtime')
),
bar_steps as (
    select s.file_id, s.step, any_value(s.t_ns) as t_ns
    from stg_log_steps s join mtime_files using (file_id), int_reference_rank r
    where s.t_ns is not null and (s.rank is null or s.rank is not distinct from r.rank)
    group by s.file_id, s.step
    having count(*) = 1
),
intervals as (
    select file_id, median(t_ns - prev_ns) filter (where t_ns > prev_ns) as interval_ns
    from (select file_id, t_ns, lag(t_ns) over (partition by file_id order by step) as prev_ns from bar_steps)
    group by file_id
),
differences as (
    select b.file_id, t.end_ns - b.t_ns as d_ns
    from bar_steps b join trace_steps t using (step)
),
fitted as (
    select file_id, median(d_ns)::bigint as offset_ns, count(*) as matched_steps
    from differences
    group by file_id
    having count(*) >= 3
),
final as (
    select f.file_id, f.offset_ns, f.matched_steps,
        greatest(1000000000, coalesce(i.interval_ns, 0), max(abs(d.d_ns - f.offset_ns)))::bigint as error_ns,
        (select rank from trace_rank) as trace_rank,
        case when exists (select 1 from profiled_steps) then 'traces' else 'records' end as clock
    from fitted f join differences d using (file_id) left join intervals i using (file_id)
    group by f.file_id, f.offset_ns, f.matched_steps, i.interval_ns
    having max(abs(d.d_ns - f.offset_ns)) <= greatest(2e9, 3 * coalesce(i.interval_ns, 0))
)
select * from final
