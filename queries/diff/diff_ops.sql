-- diff_ops: operators and kernels matched by normalised name, calls and time on each side, per
-- step so that runs of different lengths compare.
-- Grain: one row per level ('kernel' / 'op') x normalised name (diff_op_samples).
-- Inputs: diff_op_samples, diff_noise.
-- Columns: level, name, status ('appeared': only NEW runs it; 'disappeared': only BASE;
--   'both'), base_calls, new_calls, base_total_ms, new_total_ms (summed over every rank and
--   profiled step), base_mean_us, new_mean_us (per call), base_calls_per_step,
--   new_calls_per_step, base_ms_per_step, new_ms_per_step (per step of the mean rank:
--   diff_noise's means), delta_ms_per_step, delta_pct, ci_low_ms, ci_high_ms, noise_floor_ms,
--   verdict (diff_noise), change_rank (1 = the largest absolute delta_ms_per_step of its level).
with totals as (
    select level, name,
           sum(calls) filter (where side = 'base') as base_calls,
           sum(calls) filter (where side = 'new') as new_calls,
           sum(total_ns) filter (where side = 'base') / 1e6 as base_total_ms,
           sum(total_ns) filter (where side = 'new') / 1e6 as new_total_ms,
           sum(calls / ranks) filter (where side = 'base') as base_calls_per_rank,
           sum(calls / ranks) filter (where side = 'new') as new_calls_per_rank,
           any_value(quantity) as quantity
    from diff_op_samples
    where quantity = level || ':' || name
    group by level, name
),

final as (
    select
        t.level,
        t.name,
        case when coalesce(t.base_calls, 0) = 0 then 'appeared'
             when coalesce(t.new_calls, 0) = 0 then 'disappeared'
             else 'both' end as status,
        coalesce(t.base_calls, 0) as base_calls,
        coalesce(t.new_calls, 0) as new_calls,
        coalesce(t.base_total_ms, 0) as base_total_ms,
        coalesce(t.new_total_ms, 0) as new_total_ms,
        t.base_total_ms * 1000 / t.base_calls as base_mean_us,
        t.new_total_ms * 1000 / t.new_calls as new_mean_us,
        coalesce(t.base_calls_per_rank, 0) / d.base_units as base_calls_per_step,
        coalesce(t.new_calls_per_rank, 0) / d.new_units as new_calls_per_step,
        d.base_mean_ms as base_ms_per_step,
        d.new_mean_ms as new_ms_per_step,
        d.delta_ms as delta_ms_per_step,
        d.delta_pct,
        d.ci_low_ms,
        d.ci_high_ms,
        d.noise_floor_ms,
        d.verdict,
        row_number() over (partition by t.level order by abs(d.delta_ms) desc nulls last, t.name) as change_rank
    from totals t
    join diff_noise d using (quantity)
)

select * from final order by level, change_rank
