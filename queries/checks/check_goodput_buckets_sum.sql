-- check_goodput_buckets_sum: goodput buckets that do not add up to the job's wall time (the
-- span of the attempts the logs see).
-- Grain: at most one row. Must return zero rows.
-- Inputs: goodput_buckets, attempts.
with wall as (
    select (max(end_ns) - min(start_ns)) / 1e9 as wall_s from attempts where logged
),
final as (
    select w.wall_s, sum(b.seconds) as buckets_s
    from goodput_buckets b, wall w
    group by w.wall_s
    having w.wall_s is not null and abs(sum(b.seconds) - w.wall_s) > 1e-6
)
select * from final
