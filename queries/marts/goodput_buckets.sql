-- goodput_buckets: where the job's wall-clock time went, bucket by bucket.
-- materialize: per_connection
-- Grain: one row per GoodputBucket (all buckets, zero included).
-- Inputs: int_log_intervals, int_job_wall.
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
labels as (
    -- GoodputBucket and its priority: the only list of buckets in the SQL; the last is what
    -- no interval covers
    select * from (values
        ('checkpoint_save', 1), ('checkpoint_load', 2), ('eval', 3), ('startup', 4), ('lost_work', 5),
        ('data_stall', 6), ('productive', 7), ('restart_downtime', 8), ('idle', 9), ('other', 10)
    ) t(bucket, priority)
),
clipped as (
    select l.priority, greatest(i.start_ns, w.start_ns) as start_ns, least(i.end_ns, w.end_ns) as end_ns
    from int_log_intervals i
    join labels l on l.bucket = i.label, wall w
    where least(i.end_ns, w.end_ns) > greatest(i.start_ns, w.start_ns)
),
changes as (
    select start_ns as t, priority, 1 as d from clipped
    union all
    select end_ns, priority, -1 from clipped
),
open_by_priority as (
    -- how many intervals of each priority are open from each of its boundaries on
    select t, priority, sum(sum(d)) over (partition by priority order by t) as open_n
    from changes
    group by t, priority
),
points as (
    select t from changes
    union
    select start_ns from wall
    union
    select end_ns from wall
),
segments as (
    select t, lead(t) over (order by t) - t as seg_ns from points
),
assigned as (
    -- each segment between consecutive boundaries goes to the highest-priority label open over it
    select s.t, any_value(s.seg_ns) as seg_ns,
        coalesce(min(l.priority) filter (where o.open_n > 0), (select max(priority) from labels)) as priority
    from segments s
    cross join labels l
    asof left join open_by_priority o on o.priority = l.priority and o.t <= s.t
    where s.seg_ns > 0
    group by s.t
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
