-- goodput: the job's headline: wall time, goodput, throughput vs goodput.
-- materialize: per_connection
-- Grain: one row per job (the store).
-- Inputs: goodput_buckets, int_job_wall, attempts, int_log_intervals, int_log_steps, int_log_step_bounds, int_world_size,
--   int_reference_rank, stg_log_steps, stg_log_events, files.
-- Columns: wall_s (int_job_wall: first attempt start to last attempt end), attempts, start_logged
--   (int_job_wall: false when nothing marks the first process's start, only its first step: wall_s
--   and the goodput then leave out the start-up before that step), opens_at_step and
--   unlogged_before_s (int_job_wall: the logs open mid-run at that step, the steps before it not in
--   them, about that long at the job's pace: wall_s and the goodput are the part the logs show), productive_s,
--   goodput_fraction (productive_s / wall_s), stepping_s (the productive, lost_work and
--   data_stall buckets: time spent stepping, redone steps and waits for data included),
--   computing_s (the productive and lost_work buckets: stepping less the waits for data),
--   tokens_total (tokens of every completed step, redone ones included), tokens_useful
--   (tokens of productive steps), tokens_lost (tokens_total - tokens_useful: redone steps),
--   throughput_tokens_per_s (tokens_total / computing_s: the rate while the job computes
--   steps, what a job with no lost time would sustain), goodput_tokens_per_s (tokens_useful /
--   wall_s), the same two for samples, token_goodput_fraction (goodput_tokens_per_s /
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
--   by computing_s makes every bucket but productive cost throughput x seconds / wall_s
--   tokens/s and redone steps their own tokens / wall_s, which sum exactly to throughput -
--   goodput (goodput_attribution, check_tokens_lost_sum); the time and token fractions then
--   differ only where redone steps' tokens per second differ from productive ones' or some
--   steps logged no tokens, and fractions_note says which (check_goodput_fractions_agree).
with buckets as (
    select sum(seconds) filter (where bucket = 'productive') as productive_s,
           sum(seconds) filter (where bucket = 'lost_work') as lost_work_s,
           sum(seconds) filter (where bucket in ('productive', 'lost_work', 'data_stall')) as stepping_s,
           sum(seconds) filter (where bucket in ('productive', 'lost_work')) as computing_s
    from goodput_buckets
),
step_rows as (
    select i.label, i.step, i.attempt, s.tokens, s.samples
    from int_log_intervals i
    left join int_log_steps s on s.step = i.step and i.attempt is not null
        and s.t_ns >= (select start_ns from attempts a where a.attempt = i.attempt)
        and s.t_ns <= (select end_ns from attempts a where a.attempt = i.attempt)
    where i.step is not null and i.label in ('productive', 'lost_work')
),
totals as (
    select
        sum(tokens) as tokens_total,
        sum(tokens) filter (where label = 'productive') as tokens_useful,
        sum(samples) as samples_total,
        sum(samples) filter (where label = 'productive') as samples_useful,
        count(*) as steps_total,
        count(tokens) as steps_with_tokens,
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
        t.tokens_total / nullif(b.computing_s, 0) as throughput_tokens_per_s,
        t.tokens_useful / nullif(w.wall_s, 0) as goodput_tokens_per_s,
        t.samples_total / nullif(b.computing_s, 0) as throughput_samples_per_s,
        t.samples_useful / nullif(w.wall_s, 0) as goodput_samples_per_s,
        t.steps_total, t.steps_with_tokens,
        coalesce(t.lost_steps, []) as lost_steps
    from int_job_wall w, buckets b, totals t
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
        r.goodput_tokens_per_s / nullif(r.throughput_tokens_per_s, 0) as token_goodput_fraction,
        case
            when r.throughput_tokens_per_s is null
                 or abs(r.goodput_tokens_per_s / nullif(r.throughput_tokens_per_s, 0) - r.goodput_fraction) <= 0.01 then null
            when r.steps_with_tokens < r.steps_total then format(
                'tokens are logged for {} of {} steps: throughput and goodput count only those steps'' tokens',
                r.steps_with_tokens, r.steps_total)
            else format(
                'redone steps ran at another rate than productive ones: lost work took {:.3f} s and logged {:,} tokens '
                '({:,} at the throughput; a step a crash cut short logs none)',
                r.lost_work_s, r.tokens_lost::bigint, round(r.throughput_tokens_per_s * r.lost_work_s)::bigint)
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
