-- int_nccl_baseline: the nccl-tests curve each observed collective is compared with.
-- Grain: one row per (op, n_ranks, size_bytes) of the chosen baseline run.
-- Inputs: nccl_tests.
-- Choice: out-of-place results (what a framework's collective does), sizes > 0 with a time and
--   no element nccl-tests found wrong; of
--   several runs for the same op and rank count, the one with the highest peak bus bandwidth
--   (what the hardware showed it can do). Repeated sizes in a run are averaged.
-- Columns: op, n_ranks, size_bytes, time_us, algbw_gbps, busbw_gbps, baseline (file_id:run),
--   min_size_bytes, max_size_bytes (the curve's range).
with rows as (
    select file_id, run, op, n_ranks, size_bytes, time_us, algbw_gbps, busbw_gbps
    from nccl_tests
    where not in_place and size_bytes > 0 and time_us > 0 and op is not null and n_ranks is not null
      and coalesce(wrong, 0) = 0  -- a result nccl-tests found wrong is no baseline (findings: nccl_test_errors)
),
runs as (
    select file_id, run, op, n_ranks, max(busbw_gbps) as peak_busbw_gbps
    from rows
    group by all
),
chosen as (
    select op, n_ranks, arg_max(struct_pack(file_id := file_id, run := run), peak_busbw_gbps) as pick
    from runs
    group by op, n_ranks
),
final as (
    select r.op, r.n_ranks, r.size_bytes,
        avg(r.time_us) as time_us, avg(r.algbw_gbps) as algbw_gbps, avg(r.busbw_gbps) as busbw_gbps,
        any_value(r.file_id || ':' || r.run) as baseline,
        min(r.size_bytes) over (partition by r.op, r.n_ranks) as min_size_bytes,
        max(r.size_bytes) over (partition by r.op, r.n_ranks) as max_size_bytes
    from rows r
    join chosen c on c.op = r.op and c.n_ranks = r.n_ranks and c.pick.file_id = r.file_id and c.pick.run = r.run
    group by r.op, r.n_ranks, r.size_bytes
)
select * from final
order by op, n_ranks, size_bytes
