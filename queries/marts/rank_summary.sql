-- rank_summary: how each rank compares with the others, and who waits for whom.
-- materialize: per_connection
-- Grain: one row per rank.
-- Inputs: step_breakdown, collective_matches, comm_waits.
-- Columns: rank, steps, median_step_ns, step_score (median step time / the best rank's;
--   1.0 = as fast as the fastest), collectives (matched across >= 2 ranks), arrived_last
--   (times this rank started a collective after every other rank), arrived_last_pct,
--   wait_suffered_ns (its own collective wait), wait_caused_ns (the other ranks' wait in the
--   collectives where it arrived last; waits are unions, comm_waits), wait_caused_per_step_ns (wait_caused_ns divided by
--   the rank's profiled steps), data_stall_ns, host_overhead_ns (summed over its steps whose
--   time is split: NULL where none is, a trace that recorded no device work).
with steps as (
    select rank, count(*) as steps, median(step_ns) as median_step_ns,
           sum(data_stall_ns) as data_stall_ns, sum(host_overhead_ns) as host_overhead_ns
    from step_breakdown
    group by rank
),
matched as (
    select * from collective_matches where ranks > 1
),
instances as (
    select cycle, pg, seq, any_value(last_rank) as last_rank, any_value(arrival_skew_ns) as arrival_skew_ns
    from matched
    group by cycle, pg, seq
),
arrivals as (
    select last_rank as rank, count(*) as arrived_last
    from instances
    group by last_rank
),
caused as (
    -- the wait of every other rank in the instances where this rank arrived last
    select cause as rank, sum(wait_ns) as wait_caused_ns
    from comm_waits
    where cause is not null and cause <> rank
    group by cause
),
suffered as (
    select m.rank, count(*) as collectives, any_value(w.wait_ns) as wait_suffered_ns
    from matched m
    left join (select rank, sum(wait_ns) as wait_ns from comm_waits where cause is null group by rank) w using (rank)
    group by m.rank
),
final as (
    select
        s.rank, s.steps, s.median_step_ns::bigint as median_step_ns,
        round(s.median_step_ns / nullif(min(s.median_step_ns) over (), 0), 3) as step_score,
        coalesce(w.collectives, 0) as collectives,
        coalesce(a.arrived_last, 0) as arrived_last,
        round(100.0 * coalesce(a.arrived_last, 0) / nullif(w.collectives, 0), 1) as arrived_last_pct,
        coalesce(w.wait_suffered_ns, 0)::bigint as wait_suffered_ns,
        coalesce(c.wait_caused_ns, 0)::bigint as wait_caused_ns,
        (coalesce(c.wait_caused_ns, 0) / nullif(s.steps, 0))::bigint as wait_caused_per_step_ns,
        s.data_stall_ns::bigint as data_stall_ns,
        s.host_overhead_ns::bigint as host_overhead_ns
    from steps s
    left join suffered w using (rank)
    left join caused c using (rank)
    left join arrivals a using (rank)
)
select * from final
order by rank
