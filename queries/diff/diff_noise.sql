-- diff_noise: every per-step quantity of the two jobs, its change, and whether the change is
-- outside the noise: the noise of the steps within each run, and the run-to-run noise floor.
-- materialize: per_connection
-- Grain: one row per quantity (diff_step_samples' quantities, and level:name of diff_op_samples).
-- Inputs: diff_step_samples, diff_op_samples.
-- Interval: percentile bootstrap of the difference of means (docs/diff.md says why). Each
--   side's units (job steps) are resampled with replacement 1000 times, independently on each
--   side, from a fixed seed (a hash of resample, draw, side and family: the same inputs give the
--   same interval on every run); each resample's mean is sum(weight x value) / units, so a step
--   in which an operator did not run counts as 0 ms. The 95 % interval of the delta is the 2.5th
--   and 97.5th percentile of the 1000 (new mean - base mean).
-- Noise floor (run to run; docs/diff.md#noise-versus-change): the larger of
--   sqrt(8 / 0.45) (= 4.22) x the larger of the two sides' robust spread of the quantity's
--   per-step values (1.4826 x their median absolute deviation, 0 ms for a step without the
--   operator), and the smaller of the two sides' robust spread of the step time itself (of the
--   same family: step_time_ms for profiled steps, log_step_time_ms for logged ones).
-- Verdict: 'undetermined' when a side has fewer than 2 units (no spread to measure) or did not
--   measure the quantity (base_mean_ms or new_mean_ms NULL: see point); 'within
--   noise' when the delta is 0, the interval holds 0, or the delta is no larger than the noise
--   floor; otherwise, for quantities where less is better (all but comm_overlapped_ms),
--   'regression' when the interval is above 0 and 'improvement' when below; comm_overlapped_ms
--   outside noise is 'changed'. step_time_ms is also outside noise when a cause (the exclusive
--   categories, comm_transfer_ms for comm_exposed_ms) is, in the direction its interval lies.
-- Columns: quantity, family ('trace' / 'log'), base_units, new_units (steps sampled),
--   base_mean_ms, new_mean_ms (mean per step; NULL when a side has no unit of the family),
--   delta_ms (new - base), delta_pct (of base_mean_ms; NULL when it is 0), ci_low_ms,
--   ci_high_ms (95 % interval of delta_ms), base_spread_ms, new_spread_ms (robust spread of
--   each side's per-step values), noise_floor_ms, verdict.
with samples as (
    select side, family, quantity, unit, value_ms from diff_step_samples
    union all
    select side, 'trace' as family, quantity, unit, time_ms as value_ms from diff_op_samples
),

units as (
    select side, family, unit,
           row_number() over (partition by side, family order by unit) - 1 as idx,
           count(*) over (partition by side, family) as n
    from (select distinct side, family, unit from diff_step_samples)
),

sizes as (
    select side, family, any_value(n) as n from units group by all
),

draws as (
    select side, family, b, hash(b, i, side, family, 20261123) % n as idx
    from (select side, family, n, b, unnest(range(n)) as i from sizes, range(1000) r(b))
),

weights as (
    select side, family, b, idx, count(*) as w from draws group by all
),

indexed as (
    select s.side, s.family, s.quantity, u.idx, s.value_ms
    from samples s
    join units u using (side, family, unit)
),

point as (
    -- NULL where a sample of the side has no value: the quantity was not measured there (the
    -- categories of a trace that recorded no device work), not 0 ms
    select q.quantity, q.family, z.side, z.n,
        case when count(i.quantity) = count(i.value_ms) then round(coalesce(sum(i.value_ms), 0) / z.n, 9) end as mean_ms
    from (select distinct quantity, family from samples) q
    join sizes z using (family)
    left join indexed i on i.quantity = q.quantity and i.side = z.side
    group by q.quantity, q.family, z.side, z.n
),

resampled as (
    select i.quantity, i.side, w.b, sum(w.w * i.value_ms) as weighted
    from indexed i
    join weights w using (side, family, idx)
    group by all
),

grid as (
    select p.quantity, p.side, p.n, r.b, round(coalesce(x.weighted, 0) / p.n, 9) as mean_ms
    from point p
    cross join range(1000) r(b)
    left join resampled x on x.quantity = p.quantity and x.side = p.side and x.b = r.b
),

deltas as (
    select n.quantity, n.b, n.mean_ms - b.mean_ms as delta_ms
    from grid n
    join grid b on b.quantity = n.quantity and b.b = n.b and b.side = 'base'
    where n.side = 'new'
),

dense as (
    -- every unit of the side x every quantity of its family: 0 ms where the quantity has no sample
    select u.side, u.family, q.quantity, coalesce(s.value_ms, 0) as value_ms
    from units u
    join (select distinct family, quantity from samples) q using (family)
    left join samples s on s.side = u.side and s.family = u.family and s.quantity = q.quantity and s.unit = u.unit
),

spread as (
    select quantity, family,
           1.4826 * mad(value_ms) filter (where side = 'base') as base_spread_ms,
           1.4826 * mad(value_ms) filter (where side = 'new') as new_spread_ms
    from dense
    group by all
),

step_spread as (
    select family, least(base_spread_ms, new_spread_ms) as step_spread_ms
    from spread
    where quantity in ('step_time_ms', 'log_step_time_ms')
),

floors as (
    select sp.quantity, sp.base_spread_ms, sp.new_spread_ms,
           greatest(sqrt(8 / 0.45) * greatest(sp.base_spread_ms, sp.new_spread_ms),
                    coalesce(st.step_spread_ms, 0)) as noise_floor_ms
    from spread sp
    left join step_spread st using (family)
),

intervals as (
    select quantity, quantile_cont(delta_ms, 0.025) as ci_low_ms, quantile_cont(delta_ms, 0.975) as ci_high_ms
    from deltas
    group by all
),

paired as (
    select
        q.quantity,
        q.family,
        b.n as base_units,
        n.n as new_units,
        b.mean_ms as base_mean_ms,
        n.mean_ms as new_mean_ms,
        n.mean_ms - b.mean_ms as delta_ms,
        case when b.mean_ms <> 0 then (n.mean_ms - b.mean_ms) / b.mean_ms * 100 end as delta_pct,
        case when b.mean_ms is not null and n.mean_ms is not null then i.ci_low_ms end as ci_low_ms,
        case when b.mean_ms is not null and n.mean_ms is not null then i.ci_high_ms end as ci_high_ms,
        f.base_spread_ms,
        f.new_spread_ms,
        f.noise_floor_ms
    from (select distinct quantity, family from samples) q
    left join point b on b.quantity = q.quantity and b.side = 'base'
    left join point n on n.quantity = q.quantity and n.side = 'new'
    left join intervals i on i.quantity = q.quantity
    left join floors f on f.quantity = q.quantity
),

judged as (
    select
        *,
        case
            when coalesce(base_units, 0) < 2 or coalesce(new_units, 0) < 2 or base_mean_ms is null or new_mean_ms is null
                then 'undetermined'
            when delta_ms = 0 or (ci_low_ms <= 0 and ci_high_ms >= 0) or abs(delta_ms) <= noise_floor_ms
                then 'within noise'
            when quantity = 'comm_overlapped_ms' then 'changed'
            when ci_low_ms > 0 then 'regression'
            else 'improvement'
        end as verdict
    from paired
),

causes as (
    select
        bool_or(verdict = 'regression') as any_regression,
        bool_or(verdict = 'improvement') as any_improvement
    from judged
    where quantity in ('compute_ms', 'comm_transfer_ms', 'memory_ms', 'data_stall_ms', 'host_overhead_ms', 'idle_ms')
),

final as (
    -- the step time is the sum of its categories: when one of them changed outside noise and the
    -- step time's interval moved the same way, so did the step time, however wide its own spread
    -- (a stall on some steps widens it by as much as it lengthens them)
    select
        j.* exclude (verdict),
        case
            when j.quantity = 'step_time_ms' and j.verdict = 'within noise' and c.any_regression and j.ci_low_ms > 0
                then 'regression'
            when j.quantity = 'step_time_ms' and j.verdict = 'within noise' and c.any_improvement and j.ci_high_ms < 0
                then 'improvement'
            else j.verdict
        end as verdict
    from judged j, causes c
)

select * from final
