-- provenance: how each headline figure of the report was obtained, for this job's inputs.
-- Grain: one row per figure.
-- Inputs: int_log_steps, int_bar_anchors, attempts, productive_breakdown, int_world_size.
-- Kinds: measured (read from the inputs' own clocks), derived (arithmetic on
--   measured figures), estimated (resting on an assumption: progress bars' one-second readings,
--   anchored on dated lines, on the profiled steps of the traces (tqdm_trace) or on the file's
--   modification time (tqdm_mtime), dated lines printed without a year (or a time of day without a
--   date) whose year (or date) is the file's modification time's (log_line_mtime), undated step
--   lines dated by the next dated line (next_dated_line), profiled
--   steps extrapolated to all steps, step lines that only report their duration), given (on the
--   command line), unknown (not in the inputs).
-- Columns: figure, kind, detail (how, in a sentence).
with steps as (
    select
        count(*) as dated,
        count(*) filter (where time_source like 'tqdm%') as tqdm,
        count(*) filter (where time_source = 'tqdm_mtime') as tqdm_mtime,
        count(*) filter (where time_source = 'tqdm_trace') as tqdm_trace,
        count(*) filter (where time_source = 'record') as records,
        count(*) filter (where time_source = 'log_line_mtime') as mtime_years,
        count(*) filter (where time_source = 'next_dated_line') as next_dated,
        count(*) filter (where end_ns is null and start_ns is null) as undated
    from int_log_steps
),
basis as (
    select
        case when tqdm > 0 or mtime_years > 0 or next_dated > 0 then 'estimated' else 'measured' end as time_kind,
        case when tqdm_mtime > 0 then format('{} of {} step times from progress bars (whole seconds since the bar started, '
                                       'placed within the second by the neighbouring readings) that rest on the file''s '
                                       'modification time ({} of them: no dated line, or dated lines without a year): '
                                       'only as right as the file was left untouched since the job wrote it (copies and '
                                       'git checkouts do not keep it)', tqdm, dated, tqdm_mtime)
             when tqdm_trace > 0 then format('{} of {} step times from progress bars (whole seconds since the bar started, '
                                       'placed within the second by the neighbouring readings) anchored on {} step(s) '
                                       'that the profiler traces date too, the profiler''s step N taken as the bar''s '
                                       'step N: within +-{:.1f} s (the differences'' spread, at least one step and '
                                       'the bar''s one second)', tqdm, dated,
                                       (select sum(matched_steps) from int_bar_anchors),
                                       (select max(error_ns) from int_bar_anchors) / 1e9)
             when tqdm > 0 then format('{} of {} step times from tqdm progress bars (whole seconds since the bar started, '
                                       'placed within the second by the neighbouring readings and anchored by the dated lines '
                                       'printed among them)', tqdm, dated)
             when mtime_years > 0 then format('from the timestamps of {} log lines, {} of them printed without a year '
                                       '(or a time of day without a date; nothing else in the file gives it): their year '
                                       '(or date) is the file''s modification time''s, only as right as the file was left untouched since the job wrote it; '
                                       'the time of day and the spacing of the steps are the lines''', dated, mtime_years)
             when next_dated > 0 then format('from the timestamps of {} log lines, {} of them undated step lines given the '
                                       'time of the first dated line after them (another writer''s, before the next step''s '
                                       'line): each step''s end at most a step late where one stream writes both', dated, next_dated)
             when records > 0 then format('from the time fields of {} structured records', records)
             else format('from the timestamps of {} log lines', dated) end as time_detail
    from steps
),
figures as (
    select 'wall_s' as figure, b.time_kind as kind,
        'first attempt start to last attempt end; attempt boundaries and step ends ' || b.time_detail as detail
    from basis b
    union all
    select 'productive_s', case when b.time_kind = 'estimated' then 'estimated' else 'derived' end,
        'completed steps not redone later, less the first step''s excess over the median step; ' || b.time_detail
    from basis b
    union all
    select 'buckets', case when b.time_kind = 'estimated' then 'estimated' else 'derived' end,
        'wall time split by priority over logged intervals (checkpoints, evals, start-up, steps, downtime); ' || b.time_detail
    from basis b
    union all
    select 'attempts', 'measured',
        format('{} attempt(s); starts from {}', count(*),
               string_agg(distinct case start_source
                   when 'event' then 'restart and start lines'
                   when 'step_counter' then 'a step counter that went back'
                   when 'trace_process' then 'new profiled processes (trace epoch timestamps)'
                   when 'first_step' then 'the first dated step (no start line)'
                   else start_source end, ', '))
    from attempts
    having count(*) > 0
    union all
    select 'goodput_fraction', 'derived', 'productive_s / wall_s'
    union all
    select 'throughput_tokens_per_s', 'derived', 'tokens the lines count / the computing time those lines cover (productive and lost work; waits for data excluded)'
    union all
    select 'goodput_tokens_per_s', 'derived', 'tokens the lines count in productive steps, and the throughput over productive time no line counts, / wall_s'
    union all
    select 'mfu', 'derived', 'throughput x --flops-per-token / (GPUs x --peak-tflops)'
    union all
    select 'gpus', case gpus_source when 'cli' then 'given' when 'unknown' then 'unknown' else 'measured' end, gpus_detail
    from int_world_size
    union all
    select 'productive_split', 'estimated',
        format('the profiled steps'' category shares ({} rank-steps) applied to all productive time',
               (select max(basis_rank_steps) from productive_breakdown))
    where exists (select 1 from productive_breakdown)
),
final as (
    select * from figures
)
select * from final
