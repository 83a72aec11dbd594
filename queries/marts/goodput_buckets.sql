-- goodput_buckets: where the job's wall-clock time went, bucket by bucket.
-- materialize: per_connection
-- Grain: one row per GoodputBucket (all buckets, zero included).
-- Inputs: int_log_intervals, attempts.
-- Wall time runs from the first attempt's start to the last attempt's end. Every instant of it
--   goes to exactly one bucket, by priority where intervals overlap:
--   checkpoint_save > checkpoint_load > eval > startup > lost_work > data_stall > productive >
--   restart_downtime > other (nothing logged), so the buckets sum exactly to wall_s
--   (check_goodput_buckets_sum). data_stall is the part of productive steps the logs report
--   as waiting for data (data_time_s); 0 when they do not say.
-- Columns: bucket, seconds (NULL when the job has no wall time: nothing says when its steps
--   ran; goodput.reason says why), fraction (of wall time), priority (1 = highest).
with wall as (
    select min(start_ns) as start_ns, max(end_ns) as end_ns from attempts where logged
),
labels as (
    select * from (values
        ('checkpoint_save', 1), ('checkpoint_load', 2), ('eval', 3), ('startup', 4), ('lost_work', 5),
        ('data_stall', 6), ('productive', 7), ('restart_downtime', 8), ('other', 9)
    ) t(bucket, priority)
),
clipped as (
    select l.priority, greatest(i.start_ns, w.start_ns) as start_ns, least(i.end_ns, w.end_ns) as end_ns
    from int_log_intervals i
    join labels l on l.bucket = i.label, wall w
    where least(i.end_ns, w.end_ns) > greatest(i.start_ns, w.start_ns)
),
points as (
    select t, sum(d1) as d1, sum(d2) as d2, sum(d3) as d3, sum(d4) as d4, sum(d5) as d5, sum(d6) as d6, sum(d7) as d7, sum(d8) as d8
    from (
        select start_ns as t, 1 as sign, priority from clipped
        union all
        select end_ns, -1, priority from clipped
        union all
        select start_ns, 0, 0 from wall
        union all
        select end_ns, 0, 0 from wall
    ) x,
    lateral (select
        case when priority = 1 then sign else 0 end as d1, case when priority = 2 then sign else 0 end as d2,
        case when priority = 3 then sign else 0 end as d3, case when priority = 4 then sign else 0 end as d4,
        case when priority = 5 then sign else 0 end as d5, case when priority = 6 then sign else 0 end as d6,
        case when priority = 7 then sign else 0 end as d7, case when priority = 8 then sign else 0 end as d8)
    group by t
),
segments as (
    select t, lead(t) over w - t as seg_ns,
        sum(d1) over w as n1, sum(d2) over w as n2, sum(d3) over w as n3, sum(d4) over w as n4,
        sum(d5) over w as n5, sum(d6) over w as n6, sum(d7) over w as n7, sum(d8) over w as n8
    from points
    window w as (order by t rows between unbounded preceding and current row)
),
assigned as (
    select seg_ns,
        case when n1 > 0 then 1 when n2 > 0 then 2 when n3 > 0 then 3 when n4 > 0 then 4 when n5 > 0 then 5
             when n6 > 0 then 6 when n7 > 0 then 7 when n8 > 0 then 8 else 9 end as priority
    from segments
    where seg_ns > 0
),
final as (
    -- no wall time (no attempt has a clock): every bucket is undetermined, not 0 s
    select l.bucket, case when (select start_ns from wall) is not null then coalesce(sum(a.seg_ns), 0) / 1e9 end as seconds,
           coalesce(sum(a.seg_ns), 0) / nullif((select end_ns - start_ns from wall), 0) as fraction,
           l.priority
    from labels l
    left join assigned a using (priority)
    group by l.bucket, l.priority
)
select bucket, seconds, fraction, priority from final
order by priority
