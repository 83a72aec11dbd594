-- int_wall_segments: the job's wall time cut into segments, each given to one goodput bucket.
-- materialize: per_connection
-- Grain: one row per segment: the time between two consecutive interval boundaries (or the wall's
--   ends) inside the wall time; the segments tile it (none where nothing dates the wall).
-- Inputs: int_log_intervals, int_job_wall, int_bucket_priority.
-- Wall time runs from the first attempt's start to the last attempt's end. Each segment goes to
--   the highest-priority interval open over it (int_bucket_priority), to `other` where none is.
-- Columns: start_ns, seg_ns (its length; > 0), bucket, priority.
with wall as (
    select start_ns, end_ns from int_job_wall
),
clipped as (
    select l.priority, greatest(i.start_ns, w.start_ns) as start_ns, least(i.end_ns, w.end_ns) as end_ns
    from int_log_intervals i
    join int_bucket_priority l on l.bucket = i.label, wall w
    where w.start_ns is not null and w.end_ns is not null  -- (least and greatest skip a NULL)
      and least(i.end_ns, w.end_ns) > greatest(i.start_ns, w.start_ns)
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
    select s.t, any_value(s.seg_ns) as seg_ns,
        coalesce(min(l.priority) filter (where o.open_n > 0), (select max(priority) from int_bucket_priority)) as priority
    from segments s
    cross join int_bucket_priority l
    asof left join open_by_priority o on o.priority = l.priority and o.t <= s.t
    where s.seg_ns > 0
    group by s.t
)
select a.t as start_ns, a.seg_ns, l.bucket, a.priority
from assigned a join int_bucket_priority l using (priority)
