-- clock_offsets: how far each rank's clock is from the others', estimated from collectives.
-- Grain: one row per cycle x rank.
-- Inputs: collectives. A collective ends at (nearly) the same instant on every rank, so the
--   median, over the rank's collectives, of (its end - the instance's median end across
--   ranks) estimates its clock offset. Cross-rank views subtract it.
-- Columns: cycle, rank, offset_ns, instances (collectives it rests on), exceeds_threshold
--   (|offset| > 1 ms: ranks on different hosts with unsynchronised clocks; the skews in
--   collective_matches are measured after this correction).
-- Settings: tracelens_clock_offset_threshold_ms (1): ranks on one host share a clock to well
--   under a millisecond; an offset past that means separate, unsynchronised host clocks.
with instances as (
    select cycle, pg, seq, median(end_ns) as median_end_ns, count(*) as ranks
    from collectives
    group by cycle, pg, seq
    having count(*) > 1
),
per_rank as (
    select c.cycle, c.rank, c.end_ns - i.median_end_ns as delta_ns
    from collectives c
    join instances i using (cycle, pg, seq)
),
final as (
    select cycle, rank, median(delta_ns)::bigint as offset_ns, count(*) as instances,
           abs(median(delta_ns)) > 1e6 * coalesce(try_cast(getvariable('tracelens_clock_offset_threshold_ms') as double), 1)
               as exceeds_threshold
    from per_rank
    group by cycle, rank
)
select * from final
order by cycle, rank
