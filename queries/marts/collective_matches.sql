-- collective_matches: each collective instance matched across ranks, with skew and wait.
-- materialize: per_connection
-- Grain: one row per cycle x process group x sequence number x rank.
-- Inputs: collectives, clock_offsets. Instances match by (cycle, pg, seq); seq comes from the
--   trace or, where absent, from order within the group (seq_source says which).
--   Times are clock-corrected (clock_offsets.offset_ns subtracted).
-- Method (TensorBoard profiler plugin, AMD TraceLens): transfer time = the shortest duration
--   of the instance across ranks; a rank's wait = its duration - transfer time.
-- Columns: cycle, pg, seq, op, rank, file_id, step, start_ns, end_ns (corrected), dur_ns,
--   ranks (ranks that ran the instance), arrival_skew_ns (last start - first start),
--   end_skew_ns, last_rank (the rank that arrived last: NULL when all started at once, the lowest
--   of ranks that tie), transfer_ns, wait_ns, seq_source.
with corrected as (
    select c.*, c.start_ns - coalesce(o.offset_ns, 0) as start_adj_ns, c.end_ns - coalesce(o.offset_ns, 0) as end_adj_ns
    from collectives c
    left join clock_offsets o using (cycle, rank)
),
instances as (
    select cycle, pg, seq,
        count(*) as ranks,
        max(start_adj_ns) - min(start_adj_ns) as arrival_skew_ns,
        max(end_adj_ns) - min(end_adj_ns) as end_skew_ns,
        -- nobody arrived last where every rank started at once (copies of one trace); of ranks
        -- that tie for last, the lowest: the same answer on every run
        case when max(start_adj_ns) > min(start_adj_ns) then arg_max(rank, [start_adj_ns, -rank]) end as last_rank,
        min(dur_ns) as transfer_ns
    from corrected
    group by cycle, pg, seq
),
final as (
    select
        c.cycle, c.pg, c.seq, c.op, c.rank, c.file_id, c.step,
        c.start_adj_ns as start_ns, c.end_adj_ns as end_ns, c.dur_ns,
        i.ranks, i.arrival_skew_ns, i.end_skew_ns, i.last_rank, i.transfer_ns,
        c.dur_ns - i.transfer_ns as wait_ns,
        c.seq_source
    from corrected c
    join instances i using (cycle, pg, seq)
)
select * from final
