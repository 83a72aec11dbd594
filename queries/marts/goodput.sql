-- goodput: the job's headline: wall time, goodput, throughput vs goodput.
-- materialize: per_connection
-- Grain: one row per job (the store).
-- Inputs: goodput_buckets, int_wall_segments, int_job_wall, int_log_intervals, int_log_steps, int_log_step_bounds, int_world_size,
--   int_reference_rank, stg_log_steps, stg_log_events, files.
-- Columns: wall_s (int_job_wall: first attempt start to last attempt end), attempts, start_logged
--   (int_job_wall: false when nothing marks the first process's start, only its first step: wall_s
--   and the goodput then leave out the start-up before that step), opens_at_step and
--   unlogged_before_s (int_job_wall: the logs open mid-run at that step, the steps before it not in
--   them, about that long at the job's pace: wall_s and the goodput are the part the logs show), productive_s,
--   goodput_fraction (productive_s / wall_s), stepping_s (the productive, lost_work and
--   data_stall buckets: time spent stepping, redone steps and waits for data included),
--   computing_s (the productive and lost_work buckets: stepping less the waits for data),
--   tokens_total (the tokens the lines log for the completed steps, redone ones included),
--   tokens_useful (of steps not redone), tokens_lost (tokens_total - tokens_useful),
--   throughput_tokens_per_s (the tokens the lines count over the computing time those counts
--   cover: a line's count covers the time since the attempt's last line that counted, or its own
--   step where it is the attempt's first line; lines that end at one instant, a clock in whole
--   seconds, count together; a count after lines that counted nothing covers a time no row dates
--   and is left out), tokens_coverage (that time's share of computing_s),
--   goodput_tokens_per_s (the counted tokens of productive time, plus the throughput over the
--   productive time no count covers, / wall_s), redone_tokens_per_s (the same for the redone
--   steps: what they cost the goodput), the same for samples (throughput_samples_per_s,
--   goodput_samples_per_s, samples_coverage), tokens_reason (where the lines log tokens but
--   no count's span is dated, so no throughput: why; NULL otherwise), token_goodput_fraction (goodput_tokens_per_s /
--   throughput_tokens_per_s), fractions_note (why the token fraction differs from
--   goodput_fraction by more than 1 point; NULL when they agree), lost_steps (step numbers
--   completed and then redone), each figure measured from log timestamps; mfu (model FLOPs
--   utilisation while computing: throughput_tokens_per_s x flops per token / (GPUs x peak
--   FLOP/s), when session variables `tracelens_flops_per_token` and `tracelens_peak_tflops` are
--   set and the GPU count is known (int_world_size), e.g. flops per token = 6N + 12LHQT for a
--   decoder-only transformer of N parameters, L layers, H heads of size Q, sequence T),
--   reported_mfu (the mean MFU the logs themselves report, in percent, when they do), elided_lines
--   (lines of the logs that say lines were cut out there, an excerpt's `...` alone: the time across
--   them is `other`, unless a step counter shows the steps that ran then), reason
--   (NULL, or where the inputs have steps and nothing says when they ran: why every figure
--   above is NULL, with the median step time the lines report where they do; that row is the
--   only one).
-- Grain note: no row at all when the inputs have no step.
-- Why computing_s: a second of data stall, start-up or downtime produces no token; dividing
--   by computing time makes every bucket but productive cost throughput x seconds / wall_s
--   tokens/s and redone steps redone_tokens_per_s, which sum exactly to throughput - goodput
--   (goodput_attribution, check_tokens_lost_sum); the time and token fractions then differ only
--   where redone steps' tokens per second differ from productive ones', and fractions_note says
--   so (check_goodput_fractions_agree).
with buckets as (
    select sum(seconds) filter (where bucket = 'productive') as productive_s,
           sum(seconds) filter (where bucket = 'lost_work') as lost_work_s,
           sum(seconds) filter (where bucket in ('productive', 'lost_work', 'data_stall')) as stepping_s,
           sum(seconds) filter (where bucket in ('productive', 'lost_work')) as computing_s
    from goodput_buckets
),
step_rows as (
    -- each logged step of the reference rank that completed (int_log_step_bounds; redone ones
    -- included), with what its line counts
    select b.attempt, b.nth, b.e_ns, b.redone, s.tokens, b.samples
    from int_log_step_bounds b
    left join int_log_steps s on s.step = b.step and s.t_ns = b.t_ns and s.line = b.line
    where b.e_ns is not null
),
first_starts as (
    -- each attempt's first step's start (int_log_intervals dates it where no line does)
    select attempt, min(start_ns) as start_ns
    from int_log_intervals
    where step is not null and label in ('productive', 'lost_work', 'startup', 'data_stall')
    group by attempt
),
counts as (
    -- per measure, the counts of lines that end at one instant together (a clock in whole seconds
    -- dates several lines alike), and whether one of them is its attempt's first line
    select measure, attempt, e_ns, sum(amount) as amount, bool_or(nth = 1) as opens
    from (select 'tokens' as measure, attempt, nth, e_ns, tokens as amount from step_rows
          union all
          select 'samples', attempt, nth, e_ns, samples from step_rows)
    where amount is not null
    group by measure, attempt, e_ns
),
spans as (
    -- the time a count covers: since the attempt's last line before it that counts the same, or from
    -- the attempt's first step's start where it is the attempt's first line (a count since the
    -- run's start); a first count after lines that count nothing covers a time no row dates (the HF
    -- Trainer's `num_tokens` since its metric line before, between progress-bar readings that
    -- count none; a resumed Megatron's first `consumed tokens`): left out
    select c.measure, c.attempt, c.amount, c.e_ns as end_ns,
        coalesce(lag(c.e_ns) over (partition by c.measure, c.attempt order by c.e_ns),
                 case when c.opens then f.start_ns end) as span_start_ns
    from counts c
    left join first_starts f using (attempt)
),
span_time as (
    -- each span's computing time, by bucket: the segments inside it (a save or a wait for data
    -- inside a step is not computing); the spans of a measure do not overlap, so each segment
    -- falls in the last span that starts at or before it, or in none
    select sp.measure, sp.attempt, sp.span_start_ns, any_value(sp.amount) as amount,
        coalesce(sum(g.seg_ns) filter (where g.bucket = 'productive'), 0) as productive_ns,
        coalesce(sum(g.seg_ns) filter (where g.bucket = 'lost_work'), 0) as lost_ns
    from (select m.measure, g.* from int_wall_segments g, (values ('tokens'), ('samples')) m(measure)
          where g.bucket in ('productive', 'lost_work')) g
    asof join (select * from spans where span_start_ns is not null) sp
        on g.measure = sp.measure and g.start_ns >= sp.span_start_ns
    where g.start_ns < sp.end_ns
    group by sp.measure, sp.attempt, sp.span_start_ns
    having sum(g.seg_ns) > 0
),
counted as (
    -- per measure: the rate over the spans, and the amount split between productive and redone
    -- time in proportion to each span's time
    select measure,
        sum(amount) / (sum(productive_ns + lost_ns) / 1e9) as rate,
        sum(amount * productive_ns / (productive_ns + lost_ns)) as useful,
        sum(amount * lost_ns / (productive_ns + lost_ns)) as lost,
        sum(productive_ns) / 1e9 as productive_s,
        sum(lost_ns) / 1e9 as lost_s
    from span_time
    group by measure
),
totals as (
    select
        sum(tokens) as tokens_total,
        sum(tokens) filter (where not redone) as tokens_useful,
        sum(samples) as samples_total,
        sum(samples) filter (where not redone) as samples_useful,
        (select list(distinct step order by step) from int_log_step_bounds where lost_step) as lost_steps
    from step_rows
),
rates as (
    select
        w.wall_s,
        w.attempts,
        w.start_logged, w.opens_at_step, w.unlogged_before_s,
        b.productive_s,
        b.productive_s / nullif(w.wall_s, 0) as goodput_fraction,
        b.stepping_s,
        b.computing_s,
        b.lost_work_s,
        t.tokens_total, t.tokens_useful,
        t.tokens_total - t.tokens_useful as tokens_lost,
        ct.rate as throughput_tokens_per_s,
        (ct.useful + ct.rate * (b.productive_s - ct.productive_s)) / nullif(w.wall_s, 0) as goodput_tokens_per_s,
        (ct.lost + ct.rate * (b.lost_work_s - ct.lost_s)) / nullif(w.wall_s, 0) as redone_tokens_per_s,
        (ct.productive_s + ct.lost_s) / nullif(b.computing_s, 0) as tokens_coverage,
        ct.lost as counted_lost_tokens, ct.lost_s as counted_lost_s,
        cs.rate as throughput_samples_per_s,
        (cs.useful + cs.rate * (b.productive_s - cs.productive_s)) / nullif(w.wall_s, 0) as goodput_samples_per_s,
        (cs.productive_s + cs.lost_s) / nullif(b.computing_s, 0) as samples_coverage,
        coalesce(t.lost_steps, []) as lost_steps
    from int_job_wall w, buckets b, totals t
    left join counted ct on ct.measure = 'tokens'
    left join counted cs on cs.measure = 'samples'
    where w.start_ns is not null
),
undated as (
    -- steps of the reference rank (or unranked) that nothing dates, when none is dated: a
    -- console's where one logged steps (a metrics file may count in other units: a per-epoch
    -- table's rows are epochs), else every file's
    select count(distinct s.step) as steps,
        bool_or(f.kind = 'console_log') as from_console,
        count(distinct s.step) filter (where s.step_time_s is not null) as timed_steps,
        median(s.step_time_s) as median_step_time_s,
        (select count(distinct (file_id, line)) from stg_log_events where ts_ns is not null) as dated_lines
    from stg_log_steps s left join files f using (file_id)
    where (s.rank is not distinct from (select rank from int_reference_rank) or s.rank is null)
      and not exists (select 1 from int_log_steps)
      and (f.kind = 'console_log' or not exists (
          select 1 from stg_log_steps c join files cf using (file_id) where cf.kind = 'console_log'))
),
dated as (
    select
        r.wall_s, r.attempts, r.start_logged, r.opens_at_step, r.unlogged_before_s, r.productive_s, r.goodput_fraction, r.stepping_s, r.computing_s,
        r.tokens_total, r.tokens_useful, r.tokens_lost,
        r.throughput_tokens_per_s, r.goodput_tokens_per_s, r.throughput_samples_per_s, r.goodput_samples_per_s,
        r.redone_tokens_per_s, r.tokens_coverage, r.samples_coverage,
        case when r.throughput_tokens_per_s is null and r.tokens_total > 0 then format(
            '{:,} tokens are logged, but no count says when it began (each follows lines that counted none: '
            'a run''s first metric line gives none): no tokens/s', r.tokens_total::bigint) end as tokens_reason,
        r.goodput_tokens_per_s / nullif(r.throughput_tokens_per_s, 0) as token_goodput_fraction,
        case
            when r.throughput_tokens_per_s is null
                 or abs(r.goodput_tokens_per_s / nullif(r.throughput_tokens_per_s, 0) - r.goodput_fraction) <= 0.01 then null
            else format(
                'redone steps ran at another rate than productive ones: the lines that count their tokens cover {:.3f} s '
                'of them and count {:,} tokens ({:,} at the throughput)',
                r.counted_lost_s, round(r.counted_lost_tokens)::bigint,
                round(r.throughput_tokens_per_s * r.counted_lost_s)::bigint)
        end as fractions_note,
        r.lost_steps,
        r.throughput_tokens_per_s * try_cast(getvariable('tracelens_flops_per_token') as double)
            / nullif((select gpus from int_world_size) * try_cast(getvariable('tracelens_peak_tflops') as double) * 1e12, 0)
            as mfu,
        (select avg(mfu) from int_log_steps) as reported_mfu,
        (select count(*) from stg_log_events where kind = 'elision') as elided_lines,
        null::varchar as reason
    from rates r
),
final as (
    select * from dated
    union all by name
    -- steps and no clock: no figure resting on time, and why
    select format('{} {} logged steps but no clock: {}, no dated progress bar, no traces{}',
                  case when u.from_console then 'the console has' else 'the inputs have' end, u.steps,
                  case when u.dated_lines > 0
                       then format('no dated line dates a step ({} dated {} of events around them)', u.dated_lines,
                                   case when u.dated_lines = 1 then 'line' else 'lines' end)
                       else 'no timestamps' end,
                  case when u.timed_steps > 0 then format(' ({} of them report a step time, median {:.4g} s; '
                                                          'what ran between them is unknown)',
                                                          u.timed_steps, u.median_step_time_s) else '' end) as reason
    from undated u
    where u.steps > 0 and not exists (select 1 from dated)
    union all by name
    -- a clock, but dated steps that cannot split the wall time (int_job_wall.reason)
    select w.reason
    from int_job_wall w
    where w.reason is not null and not exists (select 1 from dated)
      and not exists (select 1 from undated u where u.steps > 0)
)
select * from final
