-- goodput: the job's headline: wall time, goodput, throughput vs goodput.
-- Grain: one row per job (the store).
-- Inputs: goodput_buckets, attempts, int_log_intervals, stg_log_steps, trace_meta.
-- Columns: wall_s (first attempt start to last attempt end), attempts, productive_s,
--   goodput_fraction (productive_s / wall_s), stepping_s (the productive, lost_work and
--   data_stall buckets: time spent stepping, redone steps and waits for data included), tokens_total (tokens of every completed
--   step, redone ones included), tokens_useful (tokens of productive steps),
--   throughput_tokens_per_s (tokens_total / stepping_s: the rate while stepping),
--   goodput_tokens_per_s (tokens_useful / wall_s), the same two for samples, and
--   lost_steps (step numbers completed and then redone), each figure measured from log
--   timestamps; mfu (model FLOPs utilisation while stepping: throughput_tokens_per_s x
--   flops per token / (GPUs x peak FLOP/s), when session variables `tracelens_flops_per_token`
--   and `tracelens_peak_tflops` are set, e.g. flops per token = 6N + 12LHQT for a
--   decoder-only transformer of N parameters, L layers, H heads of size Q, sequence T),
--   reported_mfu (the mean MFU the logs themselves report, in percent, when they do).
with wall as (
    select min(start_ns) as start_ns, max(end_ns) as end_ns, count(*) as attempts from attempts where logged
),
buckets as (
    select sum(seconds) filter (where bucket = 'productive') as productive_s,
           sum(seconds) filter (where bucket in ('productive', 'lost_work', 'data_stall')) as stepping_s
    from goodput_buckets
),
later_starts as (
    select attempt, min(first_step) over (order by attempt rows between 1 following and unbounded following) as later_first_step
    from attempts
),
redone as (
    -- steps completed in an attempt (logged at their end, or followed by another step) and
    -- redone by a later attempt (logged again, or at or after where it started); the step a
    -- crash cut short is lost time, not a lost step
    select s.step, a.attempt, max(a.attempt) over (partition by s.step) as last_attempt, l.later_first_step,
        s.end_ns is not null or lead(s.t_ns) over (partition by a.attempt order by s.t_ns, s.line) is not null as completed
    from stg_log_steps s
    asof join attempts a on s.t_ns >= a.start_ns
    left join later_starts l on l.attempt = a.attempt
),
step_rows as (
    select i.label, i.step, i.attempt, s.tokens, s.samples
    from int_log_intervals i
    left join stg_log_steps s on s.step = i.step and i.attempt is not null
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
        (select list(distinct step order by step) from redone
         where (attempt < last_attempt or step >= later_first_step) and completed) as lost_steps
    from step_rows
),
final as (
    select
        (w.end_ns - w.start_ns) / 1e9 as wall_s,
        w.attempts,
        b.productive_s,
        b.productive_s / nullif((w.end_ns - w.start_ns) / 1e9, 0) as goodput_fraction,
        b.stepping_s,
        t.tokens_total, t.tokens_useful,
        t.tokens_total / nullif(b.stepping_s, 0) as throughput_tokens_per_s,
        t.tokens_useful / nullif((w.end_ns - w.start_ns) / 1e9, 0) as goodput_tokens_per_s,
        t.samples_total / nullif(b.stepping_s, 0) as throughput_samples_per_s,
        t.samples_useful / nullif((w.end_ns - w.start_ns) / 1e9, 0) as goodput_samples_per_s,
        coalesce(t.lost_steps, []) as lost_steps,
        t.tokens_total / nullif(b.stepping_s, 0) * try_cast(getvariable('tracelens_flops_per_token') as double)
            / nullif(coalesce(try_cast(getvariable('tracelens_gpus') as double), (select max(world_size) from trace_meta), 1)
                     * try_cast(getvariable('tracelens_peak_tflops') as double) * 1e12, 0) as mfu,
        (select avg(mfu) from stg_log_steps) as reported_mfu
    from wall w, buckets b, totals t
    where w.start_ns is not null
)
select * from final
