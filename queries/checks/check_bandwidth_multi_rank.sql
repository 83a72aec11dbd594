-- check_bandwidth_multi_rank: a bandwidth (or a baseline, efficiency, excess) for a collective
-- over fewer than two ranks or over an unknown rank count, where nothing crosses a link; or a
-- collective without bandwidth that does not say why.
-- Grain: one row per offending (view, source, op, size, ranks). Must return zero rows.
-- Inputs: collective_bandwidth, collective_summary.
with per_instance as (
    select 'collective_bandwidth' as view_name, source, op, size_bytes, n_ranks
    from collective_bandwidth
    where (coalesce(n_ranks, 0) < 2 and (busbw_gbps is not null or algbw_gbps is not null or efficiency is not null
                                         or excess_ns is not null))
       or (busbw_gbps is null and no_bandwidth_reason is null)
),
per_size as (
    select 'collective_summary', source, op, size_bytes, n_ranks
    from collective_summary
    where (coalesce(n_ranks, 0) < 2 and (median_busbw_gbps is not null or median_efficiency is not null))
       or (median_busbw_gbps is null and no_bandwidth_reason is null)
),
final as (
    select * from per_instance
    union all
    select * from per_size
)
select distinct * from final
