-- diff_job_noise: the run-to-run noise floor of job figures (wall time, goodput, buckets), relative.
-- Grain: one row.
-- Inputs: diff_noise.
-- Method: a job figure is one number per run, with no spread of its own; the machine's speed
--   stretches it as it stretches the steps. Its floor is sqrt(8 / 0.45) (= 4.22) x the robust
--   spread of the step time (diff_noise) of the quieter side (a stall on some steps widens the
--   other side's), relative to the mean of the two sides' mean step times: the profiled steps'
--   when both sides have at least 2, else the logged steps'.
-- Columns: relative_floor (a fraction; 0 when neither family has steps on both sides),
--   quantity (the step quantity it comes from, or NULL).
with candidates as (
    select quantity,
           sqrt(8 / 0.45) * least(base_spread_ms, new_spread_ms) / ((base_mean_ms + new_mean_ms) / 2) as relative_floor,
           case quantity when 'step_time_ms' then 1 else 2 end as preference
    from diff_noise
    where quantity in ('step_time_ms', 'log_step_time_ms')
      and base_units >= 2 and new_units >= 2 and base_mean_ms + new_mean_ms > 0
),

final as (
    select coalesce(max(relative_floor) filter (where preference = (select min(preference) from candidates)), 0)
               as relative_floor,
           max(quantity) filter (where preference = (select min(preference) from candidates)) as quantity
    from candidates
)

select * from final
