-- step_series: step time and its categories per rank, attempt and step, for charts; steps are
--   merged into bins when a job has more rank-steps than a page can draw.
-- Grain: one row per rank x attempt x cycle x step bin (a bin is one step unless rank-steps
--   exceed tracelens_step_series_max_bins, 4000 by default: about one bar per pixel of a wide
--   chart; bins never mix attempts or traces, check_step_series_unique). A rank with a
--   trace in each of two attempts (a restart redoing steps 3 and 4) has the steps of each,
--   apart; `cycle` (the rank's trace, int_traces) keeps apart two traces of one rank in one
--   attempt that number their steps alike (traces of unrelated runs in one store).
-- Inputs: step_breakdown, attempts.
-- Columns: rank, attempt (the attempt the trace's steps ran in: attempts, by the step's start;
--   1 when the job's attempts are unknown), cycle, step (first step of the bin), steps (steps in the
--   bin), step_ns and the six categories (ns, averaged over the bin's steps; NULL for a trace
--   that recorded no device work, step_breakdown), median_step_ns
--   (the median over ranks of step_ns at this attempt and step: what the step took for the
--   job), vs_median_ns (step_ns - median_step_ns), comm_wait_ns (time the rank's collectives
--   waited for other ranks, step_breakdown), lateness_ns (the longest comm_wait_ns of any rank
--   at this attempt and step - this rank's: how long the others waited for it; in synchronous
--   data parallelism every rank's step takes as long as the slowest one's, so a straggler shows
--   here, not in step_ns; the heatmap's colour), mean_compute_ns, mean_comm_exposed_ns,
--   mean_memory_ns, mean_data_stall_ns, mean_host_overhead_ns, mean_idle_ns (each category's
--   mean over the ranks that profiled this attempt and step: the chart averaged over ranks;
--   where some rank has two traces at one attempt and step, the chart draws each trace apart,
--   and the mean is over the ranks' rows of this trace).
with dated as (
    select b.*, coalesce(a.attempt, 1) as attempt
    from step_breakdown b
    asof left join (select attempt, start_ns from attempts) a on b.step_start_ns >= a.start_ns
),
sized as (
    select *, greatest(1, ceil(count(*) over () / coalesce(try_cast(getvariable('tracelens_step_series_max_bins') as double), 4000)))::bigint
        as bin_width from dated
),
binned as (
    select *, (dense_rank() over (partition by rank, attempt, cycle order by step) - 1) // bin_width as bin from sized
),
series as (
    select rank, attempt, cycle, min(step) as step, count(*) as steps,
        avg(step_ns)::bigint as step_ns, avg(compute_ns)::bigint as compute_ns, avg(comm_exposed_ns)::bigint as comm_exposed_ns,
        avg(memory_ns)::bigint as memory_ns, avg(data_stall_ns)::bigint as data_stall_ns,
        avg(host_overhead_ns)::bigint as host_overhead_ns, avg(idle_ns)::bigint as idle_ns,
        avg(comm_wait_ns)::bigint as comm_wait_ns
    from binned
    group by rank, attempt, cycle, bin
),
drawn as (
    -- the chart's bars: one per attempt and step, or per attempt, trace and step where a rank
    -- has two traces at one attempt and step
    select *, case when bool_or(twice) over () then cycle else 0 end as bar_cycle
    from (select *, count(*) over (partition by rank, attempt, step) > 1 as twice from series)
),
final as (
    select * exclude (twice, bar_cycle),
        (median(step_ns) over (partition by attempt, step))::bigint as median_step_ns,
        step_ns - (median(step_ns) over (partition by attempt, step))::bigint as vs_median_ns,
        max(comm_wait_ns) over (partition by attempt, step) - comm_wait_ns as lateness_ns,
        (avg(compute_ns) over (partition by attempt, bar_cycle, step))::bigint as mean_compute_ns,
        (avg(comm_exposed_ns) over (partition by attempt, bar_cycle, step))::bigint as mean_comm_exposed_ns,
        (avg(memory_ns) over (partition by attempt, bar_cycle, step))::bigint as mean_memory_ns,
        (avg(data_stall_ns) over (partition by attempt, bar_cycle, step))::bigint as mean_data_stall_ns,
        (avg(host_overhead_ns) over (partition by attempt, bar_cycle, step))::bigint as mean_host_overhead_ns,
        (avg(idle_ns) over (partition by attempt, bar_cycle, step))::bigint as mean_idle_ns
    from drawn
)
select * from final
order by rank, attempt, cycle, step
