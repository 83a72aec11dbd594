-- diff_goodput_buckets: where each job's wall-clock time went, bucket by bucket, side by side.
-- Grain: one row per goodput bucket (GoodputBucket), in priority order.
-- Inputs: base.goodput_buckets, new.goodput_buckets (see marts/goodput_buckets), diff_job_noise.
-- Columns: bucket, priority, base_s, new_s (seconds; NULL when that side has no wall time),
--   delta_s (new - base), delta_pct (of base_s; NULL when base_s is 0 or NULL), base_fraction,
--   new_fraction (share of that side's wall time), delta_fraction (new - base, in fraction
--   points: what a bucket's share of the job gained or lost), noise_floor_s (diff_job_noise's
--   relative floor x the larger of base_s and new_s), verdict ('within noise' when delta_s is 0
--   or no larger than the floor; else 'regression' for less productive or more lost time,
--   'improvement' for the reverse; NULL when a side has no wall time), change_rank (1 = the
--   lost-time bucket, every bucket but productive, whose seconds changed the most outside
--   noise; NULL for productive and for buckets within noise).
with paired as (
    select
        coalesce(b.bucket, n.bucket) as bucket,
        coalesce(b.priority, n.priority) as priority,
        b.seconds as base_s,
        n.seconds as new_s,
        n.seconds - b.seconds as delta_s,
        case when b.seconds <> 0 then (n.seconds - b.seconds) / b.seconds * 100 end as delta_pct,
        b.fraction as base_fraction,
        n.fraction as new_fraction,
        n.fraction - b.fraction as delta_fraction,
        (select relative_floor from diff_job_noise) * greatest(abs(b.seconds), abs(n.seconds)) as noise_floor_s
    from base.goodput_buckets b
    full outer join new.goodput_buckets n on b.bucket = n.bucket
),

judged as (
    select
        *,
        case
            when delta_s is null then null
            when delta_s = 0 or abs(delta_s) <= noise_floor_s then 'within noise'
            when (delta_s > 0) = (bucket = 'productive') then 'improvement'
            else 'regression'
        end as verdict
    from paired
),

final as (
    select
        *,
        case when bucket <> 'productive' and verdict in ('regression', 'improvement')
             then row_number() over (partition by bucket <> 'productive' and verdict in ('regression', 'improvement')
                                     order by abs(delta_s) desc, priority) end as change_rank
    from judged
)

select * from final order by priority
