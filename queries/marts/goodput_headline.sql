-- goodput_headline: the report's first lines: the job in numbers, and what the lost time cost.
-- Grain: one row per job (none when no log gave the job's wall time).
-- Inputs: goodput, goodput_attribution.
-- Columns: the columns of goodput, plus gpus, gpus_source, gpus_detail (int_world_size; gpus and
--   every GPU-hour figure NULL when the GPU count is not known), total_gpu_hours (wall x GPUs),
--   lost_s (every bucket but productive), lost_gpu_hours, total_dollars and lost_dollars (when
--   a GPU-hour cost is set).
with lost as (
    select any_value(gpus) as gpus, any_value(gpus_source) as gpus_source, any_value(gpus_detail) as gpus_detail,
        sum(seconds) filter (where bucket <> 'productive') as lost_s,
        sum(gpu_hours) as total_gpu_hours,
        sum(gpu_hours) filter (where bucket <> 'productive') as lost_gpu_hours,
        sum(dollars) as total_dollars,
        sum(dollars) filter (where bucket <> 'productive') as lost_dollars
    from goodput_attribution
),
final as (
    select g.*, l.gpus, l.gpus_source, l.gpus_detail, l.total_gpu_hours, l.lost_s, l.lost_gpu_hours, l.total_dollars, l.lost_dollars
    from goodput g, lost l
)
select * from final
