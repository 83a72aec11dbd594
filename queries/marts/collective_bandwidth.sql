-- collective_bandwidth: the bandwidth each observed collective achieved, against nccl-tests.
-- materialize: per_connection
-- Grain: one row per collective instance per rank: from profiler traces, and from flight-recorder
--   entries that were timed (duration_ms, NCCL with timing enabled).
-- Inputs: collectives, collective_matches, stg_fr_entries, int_nccl_baseline, int_fr_progress.
-- Message size S follows nccl-tests: the input bytes, except all_gather (the gathered output:
--   input x ranks). algbw = S / time, in decimal GB/s (1e9 bytes/s) as nccl-tests prints it;
--   busbw = algbw x 2(n-1)/n for all_reduce, x (n-1)/n for all_gather, reduce_scatter and
--   all_to_all, x 1 for broadcast and reduce.
-- Time: for trace collectives matched across ranks, the transfer time (the instance's shortest
--   duration across ranks, as nccl-tests times collectives whose ranks start together); else the
--   rank's own duration (time_basis says which).
-- Baseline: where nccl-tests results for the same op and rank count are ingested, the expected
--   time at S, linearly interpolated between the two nearest measured sizes (below the smallest
--   size: its time, the latency floor; above the largest: S at its algbw); efficiency =
--   expected / observed time; excess_ns = observed - expected when positive (time lost to an
--   under-performing collective).
-- A collective over one rank moves nothing between devices: it has no bandwidth (algbw, busbw,
--   baseline, efficiency and excess NULL), nor one whose rank count is unknown;
--   no_bandwidth_reason says why (check_bandwidth_multi_rank).
-- Columns: source ('trace' / 'flight_recorder'), file_id, rank, step, pg, op, dtype, size_bytes,
--   n_ranks, time_ns, time_basis, algbw_gbps, busbw_gbps, baseline, expected_ns,
--   baseline_busbw_gbps (the baseline's bus bandwidth at S), efficiency, excess_ns,
--   no_bandwidth_reason (NULL when the bandwidth is known).
with traced as (
    select 'trace' as source, c.file_id, c.rank, c.step, c.pg, c.op, c.dtype, c.bytes, c.in_nelems, c.out_nelems,
        c.group_size as n_ranks,
        coalesce(case when m.ranks > 1 then m.transfer_ns end, c.dur_ns) as time_ns,
        case when m.ranks > 1 then 'transfer' else 'duration' end as time_basis
    from collectives c
    left join collective_matches m
      on m.cycle = c.cycle and m.pg = c.pg and m.seq = c.seq and m.rank = c.rank
),
recorded as (
    select 'flight_recorder' as source, f.file_id, f.rank, null::bigint as step, f.pg_name as pg, f.op,
        f.input_dtypes as dtype, f.input_bytes as bytes, f.input_numel as in_nelems, f.output_numel as out_nelems,
        g.group_size as n_ranks,
        round(f.duration_ms * 1e6)::bigint as time_ns, 'duration' as time_basis
    from stg_fr_entries f
    left join (
        select pg_name, count(*) as group_size from int_fr_progress group by pg_name
    ) g using (pg_name)
    where f.duration_ms > 0 and not coalesce(f.is_p2p, false)
),
observed as (
    select *,
        case when op in ('allreduce', 'all_reduce') then 'all_reduce'
             when op in ('allgather', 'all_gather', '_allgather_base', 'all_gather_into_tensor', 'all_gather_base') then 'all_gather'
             when op in ('reducescatter', 'reduce_scatter', '_reduce_scatter_base', 'reduce_scatter_tensor',
                         'reduce_scatter_base') then 'reduce_scatter'
             when op in ('alltoall', 'all_to_all', 'alltoall_base', 'all_to_all_single', 'all2all') then 'all_to_all'
             else op end as op_norm
    from (select * from traced union all by name select * from recorded)
),
sized as (
    select * exclude (op, op_norm), op_norm as op,
        case when op_norm = 'all_gather' and in_nelems > 0 and out_nelems > 0
             then bytes * out_nelems // in_nelems else bytes end as size_bytes,
        case op_norm when 'all_reduce' then 2.0 * (n_ranks - 1) / n_ranks
                     when 'all_gather' then (n_ranks - 1) * 1.0 / n_ranks
                     when 'reduce_scatter' then (n_ranks - 1) * 1.0 / n_ranks
                     when 'all_to_all' then (n_ranks - 1) * 1.0 / n_ranks
                     when 'broadcast' then 1.0 when 'reduce' then 1.0 end as bus_factor
    from observed
),
lower_point as (
    select s.*, b.size_bytes as lo_size, b.time_us as lo_us, b.algbw_gbps as lo_algbw, b.baseline,
        b.min_size_bytes, b.max_size_bytes
    from sized s
    asof left join int_nccl_baseline b
      on b.op = s.op and b.n_ranks = s.n_ranks and s.size_bytes >= b.size_bytes
),
both_points as (
    select l.*, b.size_bytes as hi_size, b.time_us as hi_us, b.baseline as hi_baseline
    from lower_point l
    asof left join int_nccl_baseline b
      on b.op = l.op and b.n_ranks = l.n_ranks and b.size_bytes >= l.size_bytes
),
expected as (
    select *,
        case
            when lo_size is null and hi_size is not null then hi_us  -- below the curve: its latency floor
            when lo_size is not null and hi_size is null then size_bytes / (lo_algbw * 1e3)  -- above: last algbw
            when lo_size = hi_size then lo_us
            when lo_size is not null then lo_us + (hi_us - lo_us) * (size_bytes - lo_size) / (hi_size - lo_size)
        end * 1e3 as expected_ns_f
    from both_points
),
judged as (
    select *,
        case when n_ranks is null then 'rank count unknown'
             when n_ranks < 2 then 'one rank: nothing crosses a link'
             when not time_ns > 0 then 'no duration'
             when size_bytes is null then 'size unknown' end as no_bandwidth_reason
    from expected
),
final as (
    select source, file_id, rank, step, pg, op, dtype, size_bytes, n_ranks, time_ns, time_basis,
        case when no_bandwidth_reason is null then size_bytes / time_ns end as algbw_gbps,  -- bytes/ns = GB/s
        case when no_bandwidth_reason is null then size_bytes / time_ns * bus_factor end as busbw_gbps,
        case when no_bandwidth_reason is null then coalesce(baseline, hi_baseline) end as baseline,
        case when no_bandwidth_reason is null then round(expected_ns_f)::bigint end as expected_ns,
        case when no_bandwidth_reason is null and expected_ns_f > 0 then size_bytes / expected_ns_f * bus_factor end
            as baseline_busbw_gbps,
        case when no_bandwidth_reason is null then expected_ns_f / time_ns end as efficiency,
        case when no_bandwidth_reason is null and expected_ns_f is not null
             then greatest(time_ns - round(expected_ns_f)::bigint, 0) end as excess_ns,
        no_bandwidth_reason
    from judged
    where size_bytes is not null or time_ns is not null
)
select * from final
order by source, rank, pg, step
