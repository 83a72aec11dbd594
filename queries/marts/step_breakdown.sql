-- step_breakdown: where each step's time went, on each rank.
-- Grain: one row per trace file x step (a rank's cycle x step; `file_id` keeps several
--   profiler cycles and attempts of one rank apart).
-- Inputs: int_step_categories (computed once per trace at ingest), int_traces, comm_waits.
-- Exclusive categories, by priority over every instant of the step; they sum exactly to
--   step_ns (check_step_breakdown_sums), or are all NULL, with the non-exclusive ones, for a
--   step of a GPU job's trace that recorded no device work (int_step_categories; step_summary
--   says why):
--   compute_ns        a compute kernel runs on any stream (CPU-only traces: the host runs an
--                     operator outside collectives and data loading)
--   comm_exposed_ns   a collective runs and no compute does
--   memory_ns         only memcpy / memset run
--   data_stall_ns     the device has nothing to run while the host is in DataLoader __next__
--   host_overhead_ns  the device is idle while the host runs other work (launches, Python,
--                     optimizer on CPU, annotated regions)
--   idle_ns           nothing at all
-- Not exclusive: comm_overlapped_ns (collective time hidden under compute), comm_total_ns
--   (union of collective time), comm_wait_ns (collective time spent waiting for other ranks:
--   the union of the waits of the step's collectives, comm_waits).
-- Columns: rank, cycle, step, file_id, step_source, step_start_ns, step_ns, the categories
--   above (ns), device_type.
with categories as (
    select * from int_step_categories
),
traces as (
    select file_id, cycle from int_traces
),
waits as (
    select file_id, step, wait_ns as comm_wait_ns
    from comm_waits
    where step is not null and cause is null
),
final as (
    select
        c.rank, t.cycle, c.step, c.file_id, c.step_source, c.step_start_ns, c.step_ns,
        c.compute_ns, c.comm_exposed_ns, c.memory_ns, c.data_stall_ns, c.host_overhead_ns, c.idle_ns,
        c.comm_overlapped_ns, c.comm_total_ns,
        coalesce(w.comm_wait_ns, 0)::bigint as comm_wait_ns,
        c.device_type
    from categories c
    join traces t using (file_id)
    left join waits w using (file_id, step)
)
select * from final
order by rank, cycle, step
