-- stragglers: ranks that hold the others back, each named with its evidence.
-- Grain: one row per straggling rank.
-- Inputs: rank_summary.
-- A rank is a straggler when it arrives last in more collectives than any other rank, in at
--   least 3 of them, and in more than 1.25x its fair share (100 % / ranks: 62.5 % of 2 ranks,
--   15.6 % of 8); or when its median step is >= 10 % slower than the best rank's.
-- Settings (session variables override the defaults):
--   tracelens_straggler_min_last (3): fewer last arrivals are chance (the first collectives of
--     a job, a one-off stall);
--   tracelens_straggler_last_share (1.25): last arrivals spread evenly give each rank 1/ranks
--     of them; a quarter more than that is a pattern, not noise;
--   tracelens_straggler_step_score (1.10): median steps within 10 % of the fastest rank's are
--     run-to-run noise on a shared machine.
-- Columns: rank, reason ('arrives_last' or 'slow_steps'), arrived_last_pct, step_score,
--   wait_caused_ns, wait_caused_per_step_ns, evidence (a sentence for the report).
with settings as (
    select
        coalesce(try_cast(getvariable('tracelens_straggler_min_last') as double), 3) as min_last,
        coalesce(try_cast(getvariable('tracelens_straggler_last_share') as double), 1.25) as last_share,
        coalesce(try_cast(getvariable('tracelens_straggler_step_score') as double), 1.10) as step_score
),
ranked as (
    select *,
        count(*) over () as n_ranks,
        max(arrived_last) over () as most_last
    from rank_summary
),
flagged as (
    select *,
        arrived_last >= (select min_last from settings)
        and arrived_last_pct > 100.0 * (select last_share from settings) / n_ranks
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
    where n_ranks > 1 and (arrives_last or step_score >= (select step_score from settings))
)
select * from final
order by wait_caused_ns desc, rank
