-- collective_bandwidth_steps: per step, the communication time lost to under-performing
--   collectives (slower than the nccl-tests baseline for their op, size and rank count).
-- Grain: one row per rank x step with at least one traced collective.
-- Inputs: collective_bandwidth.
-- Columns: rank, step, collectives, with_baseline (collectives that have a baseline), comm_ns
--   (their summed time), expected_ns (what the baseline predicts for those with one),
--   lost_ns (sum of excess_ns), efficiency (expected / observed over those with a baseline).
with final as (
    select rank, step,
        count(*) as collectives,
        count(expected_ns) as with_baseline,
        sum(time_ns) as comm_ns,
        sum(expected_ns) as expected_ns,
        coalesce(sum(excess_ns), 0) as lost_ns,
        sum(expected_ns) / nullif(sum(time_ns) filter (where expected_ns is not null), 0) as efficiency
    from collective_bandwidth
    where source = 'trace'
    group by rank, step
)
select * from final
order by rank, step
