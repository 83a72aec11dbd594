-- goodput_attribution: the gap between throughput and goodput, bucket by bucket.
-- Grain: one row per GoodputBucket.
-- Inputs: goodput_buckets, goodput, trace_meta; session variables `tracelens_gpus` (GPUs the
--   job held; default: the largest world size in the traces, else 1) and
--   `tracelens_gpu_hour_cost` (dollars per GPU-hour; default NULL: no dollar figures).
-- Columns: bucket, seconds, percent (of wall time), gpu_hours (seconds x GPUs / 3600),
--   dollars (gpu_hours x cost), tokens_per_s_lost (throughput_tokens_per_s x seconds / wall_s
--   for every bucket but productive: what the job's goodput would gain per second of wall
--   time if the bucket were gone; these sum to throughput x (1 - productive share)), gpus,
--   gpus_source ('cli', 'world_size' or 'default').
with settings as (
    select
        coalesce(try_cast(getvariable('tracelens_gpus') as double), (select max(world_size) from trace_meta), 1) as gpus,
        case
            when getvariable('tracelens_gpus') is not null then 'cli'
            when (select max(world_size) from trace_meta) is not null then 'world_size'
            else 'default'
        end as gpus_source,
        try_cast(getvariable('tracelens_gpu_hour_cost') as double) as cost
),
job as (
    select wall_s, throughput_tokens_per_s from goodput
),
final as (
    select
        b.bucket, b.seconds,
        100.0 * b.seconds / nullif(j.wall_s, 0) as percent,
        b.seconds * s.gpus / 3600.0 as gpu_hours,
        b.seconds * s.gpus / 3600.0 * s.cost as dollars,
        case when b.bucket <> 'productive' then j.throughput_tokens_per_s * b.seconds / nullif(j.wall_s, 0) end as tokens_per_s_lost,
        s.gpus, s.gpus_source
    from goodput_buckets b, settings s, job j
)
select * from final
order by percent desc nulls last
