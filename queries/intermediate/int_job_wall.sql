-- int_job_wall: the job's wall-clock span: from the first attempt's start to the last
-- attempt's end, over the attempts the logs see (an attempt known only from a profiled process
-- stays out: nothing says what filled the time around its traced steps).
-- Grain: one row (its times NULL when no attempt has a clock).
-- Inputs: int_attempts.
-- Columns: start_ns, end_ns, wall_s (seconds), attempts (attempts the logs see).
with final as (
    select min(start_ns) as start_ns, max(end_ns) as end_ns, (max(end_ns) - min(start_ns)) / 1e9 as wall_s,
        count(*) as attempts
    from int_attempts
    where logged
)
select * from final
