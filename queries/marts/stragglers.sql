-- stragglers: ranks that hold the others back, each named with its evidence.
-- Grain: one row per straggling rank.
-- Inputs: rank_summary.
-- A rank is a straggler when it arrives last in more collectives than any other rank, in at
--   least 3 of them, and in more than 1.25x its fair share (100 % / ranks: 62.5 % of 2 ranks,
--   15.6 % of 8); or when its median step is >= 10 % slower than the best rank's.
-- Columns: rank, reason ('arrives_last' or 'slow_steps'), arrived_last_pct, step_score,
--   wait_caused_ns, wait_caused_per_step_ns, evidence (a sentence for the report).
with ranked as (
    select *,
        count(*) over () as n_ranks,
        max(arrived_last) over () as most_last
    from rank_summary
),
flagged as (
    select *,
        arrived_last >= 3
        and arrived_last_pct > 125.0 / n_ranks
        and arrived_last = most_last
        and (select count(*) from rank_summary r where r.arrived_last = ranked.most_last) = 1 as arrives_last
    from ranked
),
final as (
    select
        rank,
        case when arrives_last then 'arrives_last' else 'slow_steps' end as reason,
        arrived_last_pct, step_score, wait_caused_ns, wait_caused_per_step_ns,
        case when arrives_last
             then format('rank {} arrives last in {}% of collectives ({} of {}); other ranks wait {} ms per step for it',
                         rank, arrived_last_pct, arrived_last, collectives, round(wait_caused_per_step_ns / 1e6, 1))
             else format('rank {} median step is {}x the fastest rank''s ({} ms)',
                         rank, step_score, round(median_step_ns / 1e6, 1))
        end as evidence
    from flagged
    where n_ranks > 1 and (arrives_last or step_score >= 1.10)
)
select * from final
order by wait_caused_ns desc, rank
