-- int_ideal_step: the job's ideal step time: what a step takes once the job runs steadily.
-- Grain: one row.
-- Inputs: int_log_step_bounds.
-- Method: the median duration of the completed steps (start and end known) that are not an
--   attempt's first (a first step carries compilation and warm-up); of every completed step
--   when each attempt logged one step only. Per unit of work as well when every step says
--   how much it did (MLPerf blocks, Megatron intervals of several iterations): the same
--   median of duration / samples. Where that median is shorter than the steps' clock
--   resolution (int_log_steps' t_resolution_ns: lines in whole seconds), the durations are
--   0 s or 1 s by that clock and their median says nothing: their mean, which sums to the time
--   between the lines, instead.
-- Columns: ideal_ns (ns per step; NULL when no step has a known duration), ideal_ns_per_sample
--   (ns per sample; NULL unless every completed step logged samples > 0), ideal_ns_per_step (the
--   same median of duration / the steps the line ends (int_log_step_bounds.covers): a line every
--   100 steps, ideal_ns / 100).
with completed as (
    select * from int_log_step_bounds
    where s_ns is not null and e_ns is not null and e_ns >= s_ns
),
final as (
    select case
            when coalesce(median(e_ns - s_ns) filter (where nth > 1), median(e_ns - s_ns)) < max(t_resolution_ns)
            then coalesce(avg(e_ns - s_ns) filter (where nth > 1), avg(e_ns - s_ns))::bigint
            else coalesce(median(e_ns - s_ns) filter (where nth > 1), median(e_ns - s_ns))
        end as ideal_ns,
        case when count(*) = count(samples) and min(samples) > 0
             then coalesce(median((e_ns - s_ns) / samples) filter (where nth > 1), median((e_ns - s_ns) / samples)) end
             as ideal_ns_per_sample,
        case
            when coalesce(median(e_ns - s_ns) filter (where nth > 1), median(e_ns - s_ns)) < max(t_resolution_ns)
            then coalesce(avg((e_ns - s_ns) / covers) filter (where nth > 1), avg((e_ns - s_ns) / covers))
            else coalesce(median((e_ns - s_ns) / covers) filter (where nth > 1), median((e_ns - s_ns) / covers))
        end as ideal_ns_per_step
    from completed
)
select * from final
