-- goodput_buckets: where the job's wall-clock time went, bucket by bucket.
-- materialize: per_connection
-- Grain: one row per GoodputBucket (all buckets, zero included).
-- Inputs: int_wall_segments, int_bucket_priority, int_job_wall.
-- Wall time runs from the first attempt's start to the last attempt's end. Every instant of it
--   goes to exactly one bucket, by priority where intervals overlap:
--   checkpoint_save > checkpoint_load > eval > startup > lost_work > data_stall > productive >
--   restart_downtime > idle > other (nothing logged), so the buckets sum exactly to wall_s
--   (check_goodput_buckets_sum). data_stall is the part of productive steps the logs report
--   as waiting for data (data_time_s); 0 when they do not say.
-- Columns: bucket, seconds (NULL when the job has no wall time: nothing says when its steps
--   ran; goodput.reason says why), fraction (of wall time), priority (1 = highest).
with wall as (
    select start_ns, end_ns from int_job_wall
),
final as (
    -- no wall time (no attempt has a clock): every bucket is undetermined, not 0 s
    select l.bucket, case when (select start_ns from wall) is not null then coalesce(sum(a.seg_ns), 0) / 1e9 end as seconds,
           coalesce(sum(a.seg_ns), 0) / nullif((select end_ns - start_ns from wall), 0) as fraction,
           l.priority
    from int_bucket_priority l
    left join int_wall_segments a using (priority)
    group by l.bucket, l.priority
)
select bucket, seconds, fraction, priority from final
order by priority
