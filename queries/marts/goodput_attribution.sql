-- goodput_attribution: the gap between throughput and goodput, bucket by bucket.
-- materialize: per_connection
-- Grain: one row per GoodputBucket.
-- Inputs: goodput_buckets, goodput, int_world_size (GPUs the job held: --gpus, else the traces'
--   world size, NCCL communicators or the ranks in the logs; NULL, and no GPU-hours, when none
--   says); session variable `tracelens_gpu_hour_cost` (dollars per GPU-hour; default NULL: no
--   dollar figures).
-- Columns: bucket, seconds, percent (of wall time), gpu_hours (seconds x GPUs / 3600),
--   dollars (gpu_hours x cost), tokens_per_s_lost (what the bucket costs the job's goodput:
--   throughput_tokens_per_s x seconds / wall_s for a bucket that computes nothing,
--   goodput.redone_tokens_per_s for lost_work, NULL for productive; they sum exactly to
--   throughput_tokens_per_s - goodput_tokens_per_s, check_tokens_lost_sum), gpus,
--   gpus_source and gpus_detail (int_world_size), reason (goodput.reason: why the figures are
--   NULL when the inputs cannot say when steps ran; NULL otherwise).
with settings as (
    select gpus, gpus_source, gpus_detail, try_cast(getvariable('tracelens_gpu_hour_cost') as double) as cost
    from int_world_size
),
job as (
    select wall_s, throughput_tokens_per_s, redone_tokens_per_s, reason from goodput
),
final as (
    select
        b.bucket, b.seconds,
        100.0 * b.seconds / nullif(j.wall_s, 0) as percent,
        b.seconds * s.gpus / 3600.0 as gpu_hours,
        b.seconds * s.gpus / 3600.0 * s.cost as dollars,
        case
            when b.bucket = 'productive' or j.throughput_tokens_per_s is null then null
            when b.bucket = 'lost_work' then j.redone_tokens_per_s
            else j.throughput_tokens_per_s * b.seconds / nullif(j.wall_s, 0)
        end as tokens_per_s_lost,
        s.gpus, s.gpus_source, s.gpus_detail, j.reason
    from goodput_buckets b, settings s, job j
)
select * from final
order by percent desc nulls last
