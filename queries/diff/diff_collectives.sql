-- diff_collectives: collectives by op, message size and rank count, time and bus bandwidth on
-- each side.
-- Grain: one row per (source, op, size_bytes, n_ranks) seen on either side.
-- Inputs: base.collective_summary, new.collective_summary (see marts/collective_summary).
-- Columns: source, op, size_bytes, n_ranks, base_instances, new_instances, base_median_time_ms,
--   new_median_time_ms, delta_time_pct (of base), base_median_busbw_gbps,
--   new_median_busbw_gbps (NULL without bandwidth: one rank, rank count unknown),
--   delta_busbw_pct, status ('appeared', 'disappeared', 'both').
with final as (
    select
        coalesce(b.source, n.source) as source,
        coalesce(b.op, n.op) as op,
        coalesce(b.size_bytes, n.size_bytes) as size_bytes,
        coalesce(b.n_ranks, n.n_ranks) as n_ranks,
        coalesce(b.instances, 0) as base_instances,
        coalesce(n.instances, 0) as new_instances,
        b.median_time_ns / 1e6 as base_median_time_ms,
        n.median_time_ns / 1e6 as new_median_time_ms,
        case when b.median_time_ns > 0 then (n.median_time_ns - b.median_time_ns) / b.median_time_ns * 100 end
            as delta_time_pct,
        b.median_busbw_gbps as base_median_busbw_gbps,
        n.median_busbw_gbps as new_median_busbw_gbps,
        case when b.median_busbw_gbps > 0 then (n.median_busbw_gbps - b.median_busbw_gbps) / b.median_busbw_gbps * 100 end
            as delta_busbw_pct,
        case when b.op is null then 'appeared' when n.op is null then 'disappeared' else 'both' end as status
    from base.collective_summary b
    full outer join new.collective_summary n
      on b.source = n.source and b.op = n.op and b.size_bytes is not distinct from n.size_bytes
     and b.n_ranks is not distinct from n.n_ranks
)

select * from final order by source, op, size_bytes, n_ranks
