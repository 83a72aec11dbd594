-- diff_ranks: each rank's median step and the wait it causes, and the stragglers, on each side.
-- Grain: one row per rank seen on either side.
-- Inputs: base.rank_summary, new.rank_summary, base.stragglers, new.stragglers.
-- Columns: rank, base_steps, new_steps, base_median_step_ms, new_median_step_ms, delta_ms,
--   delta_pct (of base), base_step_score, new_step_score (median step / the best rank's),
--   base_wait_caused_per_step_ms, new_wait_caused_per_step_ms (the other ranks' collective
--   wait where this rank arrived last, per step), base_straggler, new_straggler (the
--   stragglers view's reasons, comma-separated; NULL when not a straggler), status
--   ('became straggler', 'no longer straggler', 'straggler on both', NULL).
with base_stragglers as (
    select rank, string_agg(reason, ', ' order by reason) as reasons from base.stragglers group by rank
),

new_stragglers as (
    select rank, string_agg(reason, ', ' order by reason) as reasons from new.stragglers group by rank
),

final as (
    select
        coalesce(b.rank, n.rank) as rank,
        b.steps as base_steps,
        n.steps as new_steps,
        b.median_step_ns / 1e6 as base_median_step_ms,
        n.median_step_ns / 1e6 as new_median_step_ms,
        (n.median_step_ns - b.median_step_ns) / 1e6 as delta_ms,
        case when b.median_step_ns > 0 then (n.median_step_ns - b.median_step_ns) / b.median_step_ns * 100 end as delta_pct,
        b.step_score as base_step_score,
        n.step_score as new_step_score,
        b.wait_caused_per_step_ns / 1e6 as base_wait_caused_per_step_ms,
        n.wait_caused_per_step_ns / 1e6 as new_wait_caused_per_step_ms,
        bs.reasons as base_straggler,
        ns.reasons as new_straggler,
        case when bs.reasons is null and ns.reasons is not null then 'became straggler'
             when bs.reasons is not null and ns.reasons is null then 'no longer straggler'
             when bs.reasons is not null then 'straggler on both' end as status
    from base.rank_summary b
    full outer join new.rank_summary n on b.rank = n.rank
    left join base_stragglers bs on bs.rank = coalesce(b.rank, n.rank)
    left join new_stragglers ns on ns.rank = coalesce(b.rank, n.rank)
)

select * from final order by rank
