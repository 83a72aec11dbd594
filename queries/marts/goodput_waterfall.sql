-- goodput_waterfall: the job's wall time taken down to its productive time, bucket by bucket:
-- the bars of the report's waterfall chart.
-- Grain: one row per bar: the wall time, each bucket but productive that took time (largest
--   first), then productive time.
-- Inputs: goodput, goodput_attribution.
-- Columns: bar (0-based drawing order), label, bucket ('wall' for the wall time's bar), start_s
--   and end_s (where the bar lies on the wall-time axis: each bucket's bar ends where the
--   previous one starts, so the last non-productive bar starts at productive_s when the
--   buckets sum to the wall time, check_goodput_buckets_sum), seconds, percent (of wall time).
-- No row where the goodput has no wall time (goodput.reason: nothing dates the steps).
with wall as (
    select wall_s from goodput where wall_s is not null
),
lost as (
    select bucket, seconds, percent, row_number() over (order by seconds desc, bucket) as n
    from goodput_attribution
    where bucket <> 'productive' and seconds > 0
),
final as (
    select 0 as bar, 'wall time' as label, 'wall' as bucket, 0.0 as start_s, w.wall_s as end_s, w.wall_s as seconds,
        100.0 as percent
    from wall w
    union all
    select l.n, l.bucket, l.bucket, w.wall_s - sum(l.seconds) over (order by l.n), w.wall_s - sum(l.seconds) over (order by l.n)
        + l.seconds, l.seconds, l.percent
    from lost l, wall w
    union all
    select (select count(*) from lost) + 1, 'productive', 'productive', 0.0, p.seconds, p.seconds, p.percent
    from goodput_attribution p, wall w
    where p.bucket = 'productive'
)
select * from final
order by bar
