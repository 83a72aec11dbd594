-- collectives: every collective instance each rank ran, numbered within its process group.
-- Grain: one row per trace file x collective instance.
-- Inputs: int_collectives (computed once per trace at ingest), int_traces.
-- Columns: file_id, rank, cycle (the rank's profiler cycle: instances match across ranks
--   within a cycle), step, pg, op, dtype, in_nelems, out_nelems, bytes, group_size, start_ns,
--   end_ns, dur_ns, seq, seq_source (see int_collectives).
with traces as (
    select file_id, cycle from int_traces
),
final as (
    select c.file_id, c.rank, t.cycle, c.step, c.pg, c.op, c.dtype, c.in_nelems, c.out_nelems, c.bytes,
           c.group_size, c.start_ns, c.end_ns, c.dur_ns, c.seq, c.seq_source
    from int_collectives c
    join traces t using (file_id)
)
select * from final
