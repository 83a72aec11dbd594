-- diff_noise: every per-step quantity of the two jobs, its change, and whether the change is
-- outside the noise of the steps themselves.
-- materialize: per_connection
-- Grain: one row per quantity (diff_step_samples' quantities, and level:name of diff_op_samples).
-- Inputs: diff_step_samples, diff_op_samples.
-- Method: percentile bootstrap of the difference of means (docs/diff.md says why). Each side's
--   units (job steps) are resampled with replacement 1000 times, independently on each side,
--   from a fixed seed (a hash of resample, draw, side and family: the same inputs give the same
--   interval on every run); each resample's mean is sum(weight x value) / units, so a step in
--   which an operator did not run counts as 0 ms. The 95 % interval of the delta is the 2.5th
--   and 97.5th percentile of the 1000 (new mean - base mean).
-- Verdict: 'undetermined' when a side has fewer than 2 units (no spread to measure); 'within
--   noise' when the delta is 0 or the interval holds 0; otherwise, for quantities where less
--   is better (all but comm_overlapped_ms), 'regression' when the interval is above 0 and
--   'improvement' when below; comm_overlapped_ms outside noise is 'changed'.
-- Columns: quantity, family ('trace' / 'log'), base_units, new_units (steps sampled),
--   base_mean_ms, new_mean_ms (mean per step; NULL when a side has no unit of the family),
--   delta_ms (new - base), delta_pct (of base_mean_ms; NULL when it is 0), ci_low_ms,
--   ci_high_ms (95 % interval of delta_ms), verdict.
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
    select q.quantity, q.family, z.side, z.n, round(coalesce(sum(i.value_ms), 0) / z.n, 9) as mean_ms
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
        i.ci_low_ms,
        i.ci_high_ms
    from (select distinct quantity, family from samples) q
    left join point b on b.quantity = q.quantity and b.side = 'base'
    left join point n on n.quantity = q.quantity and n.side = 'new'
    left join intervals i on i.quantity = q.quantity
),

final as (
    select
        *,
        case
            when coalesce(base_units, 0) < 2 or coalesce(new_units, 0) < 2 then 'undetermined'
            when delta_ms = 0 or (ci_low_ms <= 0 and ci_high_ms >= 0) then 'within noise'
            when quantity = 'comm_overlapped_ms' then 'changed'
            when ci_low_ms > 0 then 'regression'
            else 'improvement'
        end as verdict
    from paired
)

select * from final
