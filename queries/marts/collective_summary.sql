-- collective_summary: observed collectives by op, message size and rank count, against nccl-tests.
-- Grain: one row per (source, op, size_bytes, n_ranks).
-- Inputs: collective_bandwidth.
-- Columns: source, op, size_bytes, n_ranks, instances, median_time_ns, median_busbw_gbps,
--   median_baseline_busbw_gbps, median_efficiency, excess_s (summed excess_ns, seconds),
--   no_bandwidth_reason (why the bandwidth figures are NULL: one rank, rank count unknown).
with final as (
    select source, op, size_bytes, n_ranks,
        count(*) as instances,
        median(time_ns)::bigint as median_time_ns,
        median(busbw_gbps) as median_busbw_gbps,
        median(baseline_busbw_gbps) as median_baseline_busbw_gbps,
        median(efficiency) as median_efficiency,
        sum(excess_ns) / 1e9 as excess_s,
        min(no_bandwidth_reason) as no_bandwidth_reason
    from collective_bandwidth
    where size_bytes is not null and time_ns > 0
    group by source, op, size_bytes, n_ranks
)
select * from final
order by op, n_ranks, size_bytes
