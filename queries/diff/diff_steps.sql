-- diff_steps: step time and its categories, per step, on each side, with the noise verdict.
-- Grain: one row per step quantity (step_time_ms, the six exclusive categories, comm_overlapped_ms,
--   comm_wait_ms, comm_transfer_ms, log_step_time_ms), in that order; only quantities some side has.
-- Inputs: diff_step_samples (units: job steps, the mean over ranks), diff_noise.
-- Columns: quantity, family, base_units, new_units (steps), base_mean_ms, new_mean_ms,
--   base_median_ms, new_median_ms (ms per step), delta_ms (of the means), delta_pct, ci_low_ms,
--   ci_high_ms (95 % bootstrap interval of delta_ms), base_spread_ms, new_spread_ms (robust
--   spread of each side's steps), noise_floor_ms (run to run), verdict (diff_noise), ord.
with quantities(quantity, ord) as (
    values ('step_time_ms', 1), ('compute_ms', 2), ('comm_exposed_ms', 3), ('memory_ms', 4), ('data_stall_ms', 5),
           ('host_overhead_ms', 6), ('idle_ms', 7), ('comm_overlapped_ms', 8), ('comm_wait_ms', 9),
           ('comm_transfer_ms', 10), ('log_step_time_ms', 11)
),

medians as (
    select quantity,
           median(value_ms) filter (where side = 'base') as base_median_ms,
           median(value_ms) filter (where side = 'new') as new_median_ms
    from diff_step_samples
    group by quantity
),

final as (
    select
        q.quantity, d.family, d.base_units, d.new_units, d.base_mean_ms, d.new_mean_ms,
        m.base_median_ms, m.new_median_ms, d.delta_ms, d.delta_pct, d.ci_low_ms, d.ci_high_ms,
        d.base_spread_ms, d.new_spread_ms, d.noise_floor_ms, d.verdict, q.ord
    from quantities q
    join diff_noise d using (quantity)
    left join medians m using (quantity)
)

select * from final order by ord
