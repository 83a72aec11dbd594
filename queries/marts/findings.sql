-- findings: what a reviewer should look at first, ranked, each with its evidence and what to try.
-- Grain: one row per finding.
-- Inputs: step_summary, step_breakdown, trace_events (graph launches), stragglers, goodput, goodput_buckets, attempts,
--   int_log_events, int_ideal_step, log_events, hang_analysis, hang_suspects, collective_mismatches, collective_summary,
--   nccl_warnings, nccl_comms, nccl_tests, files, stg_log_steps, int_reference_rank, int_log_steps, stg_log_events, int_log_step_bounds,
--   int_log_stalls.
-- Thresholds (session variables override the defaults; tests move them across measured values):
--   data_loader:    data_stall_pct of a rank's step time >= tracelens_data_stall_high_pct (20,
--                   XProf's "highly input-bound") -> high; >= tracelens_data_stall_medium_pct (5,
--                   XProf's "moderately input-bound") -> medium.
--   exposed_comm:   comm_exposed_pct >= tracelens_comm_high_pct (30) -> high; >= tracelens_comm_medium_pct (10) -> medium.
--   host_overhead:  host_overhead_pct >= tracelens_host_overhead_pct (15) -> medium. A rank
--                   whose trace launches CUDA/HIP graphs already replays its kernels from
--                   graphs (torch.compile "reduce-overhead"): the advice then points at the
--                   host work outside them instead of suggesting graphs.
--   gpu_idle:       idle_pct >= tracelens_idle_pct (20) -> medium; host_idle where the rank's steps ran on
--                   the host alone (a CPU-only trace: its idle time no operator, collective or data
--                   loading ran, Python between operators or a wait; no device to be idle).
--   straggler:      every row of stragglers; high when the wait it causes per step is >=
--                   tracelens_straggler_high_pct (10) % of the mean step of the other ranks.
--   goodput buckets (lost_work, restart_downtime, checkpoint_save, checkpoint_load, startup,
--                   eval, data_stall, idle, other): share of wall time >= tracelens_bucket_high_pct (10) -> high;
--                   >= tracelens_bucket_medium_pct (2) -> medium; >= tracelens_bucket_low_pct (0.1) -> low (`other` at least
--                   half of which is the time across lines cut out of the logs, an excerpt's
--                   `...` alone, from the dated line before each to the next after it: low; at
--                   least half of which lies between step lines beyond their steps' reported
--                   times, int_log_step_bounds.uncredited_ns, or in stalls, int_log_stalls: said so, with its advice).
--   checkpoint interval (with lost work): Young/Daly optimum sqrt(2 x C x MTBF), C = mean
--                   blocking checkpoint save (one a saved step, however many ranks log it), MTBF =
--                   wall time / failures; reported in steps
--                   of the ideal step time (int_ideal_step).
--   hang:           the first problem group of hang_analysis, with hang_suspects -> high.
--   mismatch:       every collective_mismatches row -> high.
--   collective_timeout: a c10d watchdog timeout in the logs -> high (ranks waiting in
--                   different collectives each named, the one at the lowest sequence number said
--                   where each rank waits once and no two process groups are named;
--                   in one collective with different sizes, each size's ranks; up to 3 ranks below
--                   the highest reporting one that report none named).
--   slow_collective: per op and size, median efficiency against nccl-tests <
--                   tracelens_bandwidth_efficiency (0.5) -> medium.
--   nccl_test_errors: nccl-tests rows whose #wrong is above 0 (corrupted results) -> high.
--   nccl_warnings:  NCCL WARN lines -> medium (with the ranks they came from: a launcher's prefix,
--                   else the process's rank in its largest communicator).
--   reported_straggler: a rank a framework's straggler detector named (log_events) -> medium.
--   loss_nonfinite: a training loss logged as NaN or infinite (the reference rank's or no rank's)
--                   -> high where every later logged loss is too (the run diverged: the time from
--                   its last finite step's end to its last step is the score), else low.
--   job_failed:     the job's last attempt ended in a failure (not a watchdog's timeout: above):
--                   its likeliest cause (a traceback's exception, Ray's remote one where Ray wrapped
--                   it, but not torchelastic's SignalException; an exit code or signal, a failed node;
--                   the scheduler's cancel; else its first failure line; advice for a time limit,
--                   a preemption, out of memory, SIGKILL, a Ray worker's death, a full file system; where
--                   the logs show no checkpoint save or load, that they show none) -> high;
--                   stopped by hand (KeyboardInterrupt, a console's `^C`) or cancelled
--                   through the scheduler (no DUE TO) -> medium; completed its training, then
--                   failed (a failure line after its end: a teardown, a final evaluation) -> low.
--   attempt_failed: each attempt before the last that crashed, the job relaunched after it: its likeliest
--                   cause among the failure lines no step of their console follows in it (as job_failed's;
--                   none where a watchdog's timeout fired in it) -> medium, its score the restart's downtime.
--   inputs:         truncated or failed input files -> low.
-- Columns: finding (kind), severity ('high', 'medium', 'low'), score (seconds of wall time, or
--   of step time summed over steps, that the finding accounts for; orders findings of the same
--   severity), rank (NULL when job-wide), title, evidence (the numbers, and the view they come
--   from), advice, source (views), severity_order (1 = first).
with thresholds as (
    select
        coalesce(try_cast(getvariable('tracelens_data_stall_high_pct') as double), 20.0) as data_stall_high,
        coalesce(try_cast(getvariable('tracelens_data_stall_medium_pct') as double), 5.0) as data_stall_medium,
        coalesce(try_cast(getvariable('tracelens_comm_high_pct') as double), 30.0) as comm_high,
        coalesce(try_cast(getvariable('tracelens_comm_medium_pct') as double), 10.0) as comm_medium,
        coalesce(try_cast(getvariable('tracelens_host_overhead_pct') as double), 15.0) as host_overhead,
        coalesce(try_cast(getvariable('tracelens_idle_pct') as double), 20.0) as idle,
        coalesce(try_cast(getvariable('tracelens_straggler_high_pct') as double), 10.0) as straggler_high,
        coalesce(try_cast(getvariable('tracelens_bucket_high_pct') as double), 10.0) as bucket_high,
        coalesce(try_cast(getvariable('tracelens_bucket_medium_pct') as double), 2.0) as bucket_medium,
        -- (a share of wall time below it is no finding: a rounding's milliseconds, a start-up of 0.2 s in an hour)
        coalesce(try_cast(getvariable('tracelens_bucket_low_pct') as double), 0.1) as bucket_low,
        coalesce(try_cast(getvariable('tracelens_bandwidth_efficiency') as double), 0.5) as bw_efficiency
),
ranks as (
    select s.*, s.mean_step_ns * s.steps / 1e9 as profiled_s from step_summary s
),
data_loader as (
    select 'data_loader' as finding,
        case when r.data_stall_pct >= t.data_stall_high then 'high' else 'medium' end as severity,
        r.data_stall_pct / 100 * r.profiled_s as score, r.rank,
        format('data-loader bound on rank {}: {}% of step time waiting for the next batch', r.rank, round(r.data_stall_pct, 1)) as title,
        format('rank {}: {}% of {} profiled steps (mean step {} ms) in DataLoader __next__ with no device work '
               '(view step_summary; XProf calls >= {}% highly input-bound, >= {}% moderately)',
               r.rank, round(r.data_stall_pct, 1), r.steps, round(r.mean_step_ns / 1e6, 1), t.data_stall_high, t.data_stall_medium) as evidence,
        'raise DataLoader num_workers, set pin_memory=True and persistent_workers=True, raise prefetch_factor; move decoding or augmentation off the training process' as advice,
        'step_summary' as source
    from ranks r, thresholds t
    where r.data_stall_pct >= t.data_stall_medium
),
exposed_comm as (
    select 'exposed_comm',
        case when r.comm_exposed_pct >= t.comm_high then 'high' else 'medium' end,
        r.comm_exposed_pct / 100 * r.profiled_s, r.rank,
        format('communication not hidden on rank {}: {}% of step time', r.rank, round(r.comm_exposed_pct, 1)),
        format('rank {}: {}% of step time in collectives with no compute running (only {}% of its collective time overlaps compute; '
               '{} ms per step waiting for other ranks) (view step_summary)',
               r.rank, round(r.comm_exposed_pct, 1), round(coalesce(r.comm_overlapped_pct, 0), 1), round(r.comm_wait_per_step_ns / 1e6, 1)),
        'overlap communication with compute (DDP bucket_cap_mb, FSDP forward/backward prefetch), raise the per-GPU batch, or check collective bandwidth against nccl-tests',
        'step_summary'
    from ranks r, thresholds t
    where r.comm_exposed_pct >= t.comm_medium
),
cpu_only as (
    -- ranks whose profiled steps ran on the host alone (gloo on CPU): no kernels to launch
    select rank, bool_and(device_type = 'cpu') as cpu from step_breakdown group by rank
),
graph_replays as (
    select rank, count(*) as launches
    from trace_events
    where kind in ('runtime', 'driver') and (name like 'cudaGraphLaunch%' or name like 'hipGraphLaunch%')
    group by rank
),
host_overhead as (
    select 'host_overhead', 'medium', r.host_overhead_pct / 100 * r.profiled_s, r.rank,
        case when c.cpu
            then format('host-bound on rank {}: {}% of step time in Python and framework overhead', r.rank, round(r.host_overhead_pct, 1))
            else format('launch-bound on rank {}: {}% of step time in host overhead', r.rank, round(r.host_overhead_pct, 1)) end,
        case when c.cpu
            then format('rank {}: {}% of step time outside operators, collectives and data loading (Python, optimizer '
                        'bookkeeping, annotated regions); a CPU-only trace (view step_summary)', r.rank, round(r.host_overhead_pct, 1))
            else format('rank {}: {}% of step time the device waits on the host (kernel launches, Python){} (view step_summary)',
               r.rank, round(r.host_overhead_pct, 1),
               case when g.launches > 0 then format('; its trace already launches CUDA graphs ({} graph launches)', g.launches) else '' end)
            end,
        case when c.cpu
            then 'less Python per step (torch.compile, fused optimizers with foreach=True), a larger batch per step; profile the Python (py-spy) to see where it goes'
            when g.launches > 0
            then 'kernels already replay from CUDA graphs: the host time lies between the graphs; look at the optimizer step (fused=True), .item() and synchronize calls, DDP/FSDP hooks and Python between replays; a larger batch per step'
            else 'fewer, larger kernels: torch.compile, CUDA graphs, fused optimizers; a larger batch per step' end,
        'step_summary'
    from ranks r
    cross join thresholds t
    left join graph_replays g using (rank)
    left join cpu_only c using (rank)
    where r.host_overhead_pct >= t.host_overhead
),
gpu_idle as (
    select case when c.cpu then 'host_idle' else 'gpu_idle' end, 'medium', r.idle_pct / 100 * r.profiled_s, r.rank,
        case when c.cpu
            then format('host idle between operators on rank {}: {}% of step time', r.rank, round(r.idle_pct, 1))
            else format('device idle on rank {}: {}% of step time', r.rank, round(r.idle_pct, 1)) end,
        case when c.cpu
            then format('rank {}: {}% of step time with no operator, collective or data loading recorded on the host; '
                        'a CPU-only trace (view step_summary)', r.rank, round(r.idle_pct, 1))
            else format('rank {}: {}% of step time with nothing running on the device and no identified cause (view step_summary)',
               r.rank, round(r.idle_pct, 1)) end,
        case when c.cpu
            then 'profile the Python between operators (py-spy, or the profiler''s with_stack=True) for sleeps, blocking I/O and waits'
            else 'profile the host side (py-spy, the trace''s python functions) for synchronisations and blocking calls' end,
        'step_summary'
    from ranks r
    cross join thresholds t
    left join cpu_only c using (rank)
    where r.idle_pct >= t.idle
),
straggler as (
    select 'straggler',
        case when s.wait_caused_per_step_ns >= t.straggler_high / 100 * (
            select avg(o.mean_step_ns) from step_summary o where o.rank <> s.rank
        ) then 'high' else 'medium' end,
        s.wait_caused_ns / 1e9, s.rank,
        format('rank {} straggles', s.rank),
        s.evidence || ' (view stragglers)',
        'look at that rank''s host and device: thermal throttling, a noisy neighbour, a slower link, an unbalanced data shard',
        'stragglers'
    from stragglers s, thresholds t
),
wall as (
    select wall_s from goodput
),
buckets as (
    select b.bucket, b.seconds, 100.0 * b.seconds / nullif(w.wall_s, 0) as pct, w.wall_s
    from goodput_buckets b, wall w
    where b.bucket <> 'productive' and b.seconds > 0
),
failures as (
    select count(*) filter (where end_reason in ('crash', 'restarted')) as n,
        count(*) filter (where end_reason = 'restarted') as restarted,
        arg_max(last_step, attempt) filter (where end_reason in ('crash', 'restarted')) as crash_step
    from attempts
),
saves as (
    -- one save a step: a save every rank logs with no rank in its line (or each rank's own file)
    -- is one save, not one a line with 0 steps between them
    select count(*) as n, median(step_gap) as interval_steps
    from (
        select step - lag(step) over (order by step) as step_gap
        from (select distinct step from int_log_events where kind = 'checkpoint_save_end' and step is not null)
    )
),
ideal_step as (
    select ideal_ns / 1e9 as step_s from int_ideal_step
),
young_daly as (
    select f.n as failures, f.restarted, f.crash_step, s.interval_steps, i.step_s,
        -- (saves logged with no time of their own, 0 s between them all: their cost is unknown, not 0)
        nullif((select seconds from goodput_buckets where bucket = 'checkpoint_save'), 0) / nullif(s.n, 0) as save_s,
        w.wall_s / nullif(f.n, 0) as mtbf_s,
        sqrt(2 * (nullif((select seconds from goodput_buckets where bucket = 'checkpoint_save'), 0) / nullif(s.n, 0))
             * (w.wall_s / nullif(f.n, 0))) as optimum_s
    from failures f, saves s, ideal_step i, wall w
),
elided as (
    -- the time across lines cut out of the logs (an excerpt's `...` alone): from the dated line before
    -- each to the next dated line or step after it in its file
    select coalesce(sum(n.next_ns - x.after_ns), 0) / 1e9 as seconds
    from stg_log_events x,
         lateral (select min(t) as next_ns
                  from (select e.ts_ns as t from stg_log_events e where e.file_id = x.file_id and e.line > x.line
                        union all
                        select s.t_ns from stg_log_steps s where s.file_id = x.file_id and s.line > x.line)) n
    where x.kind = 'elision' and x.after_ns is not null and n.next_ns > x.after_ns
),
uncredited as (
    -- the time between step lines beyond what their steps' reported times account for (int_log_step_bounds'
    -- credit cap), lines cut out of the log between them aside: the loop ran, its step timer says less
    -- (less the time other buckets hold, which may lie between those lines: an evaluation, a save)
    select greatest(coalesce(sum(uncredited_ns) filter (where not after_gap), 0) / 1e9
                    - coalesce((select sum(seconds) from goodput_buckets
                                where bucket in ('eval', 'checkpoint_save', 'checkpoint_load', 'data_stall')), 0), 0) as seconds
    from int_log_step_bounds
),
stalled as (
    -- the step intervals in which the loop stalled or did work it does not log (int_log_stalls), the longest named
    select coalesce(sum(end_ns - start_ns), 0) / 1e9 as seconds, count(*) as n,
        arg_max(step, interval_ns) as step, max(interval_ns) / 1e9 as interval_s,
        arg_max(usual_ns, interval_ns) / 1e9 as usual_s
    from int_log_stalls
),
bucket_findings as (
    select b.bucket as finding,
        -- (time no line accounts for that is mostly the time across lines cut out of the logs: no
        -- trouble of the job's)
        case when b.bucket = 'other' and (select seconds from elided) >= 0.5 * b.seconds then 'low'
             when b.pct >= t.bucket_high then 'high' when b.pct >= t.bucket_medium then 'medium' else 'low' end,
        b.seconds, null::integer,
        case b.bucket
            when 'lost_work' then format('lost work: {} s lost to {}', printf('%.3g', b.seconds),
                case when y.restarted = 0 then format('{} failure{}', y.failures, case when y.failures = 1 then '' else 's' end)
                     when y.restarted = y.failures then format('{} restart{} (no failure logged)', y.restarted,
                                                               case when y.restarted = 1 then '' else 's' end)
                     else format('{} failure{} and {} restart{} (no failure logged)', y.failures - y.restarted,
                                 case when y.failures - y.restarted = 1 then '' else 's' end, y.restarted,
                                 case when y.restarted = 1 then '' else 's' end) end)
            when 'restart_downtime' then format('restart downtime: {} s between an attempt''s end and the next one''s start', printf('%.3g', b.seconds))
            when 'idle' then format('{} s between a run that completed its training and the next run''s start', printf('%.3g', b.seconds))
            when 'checkpoint_save' then format('checkpoint saves block training for {} s', printf('%.3g', b.seconds))
            when 'checkpoint_load' then format('checkpoint loads take {} s', printf('%.3g', b.seconds))
            when 'startup' then format('start-up takes {} s', printf('%.3g', b.seconds))
            when 'eval' then format('evaluation takes {} s', printf('%.3g', b.seconds))
            when 'data_stall' then format('steps wait {} s for data, as the logs report', printf('%.3g', b.seconds))
            when 'other' then case
                when (select seconds from stalled) >= 0.5 * b.seconds
                then format('{} s of wall time attributed to nothing: {} s of it in {} gap{} between step lines far '
                            'longer than their steps'' usual time (the longest: the interval ending at step {} took {} s, '
                            '{}x the usual {} s)', printf('%.3g', b.seconds),
                            printf('%.3g', least(b.seconds, (select seconds from stalled))), (select n from stalled),
                            case when (select n from stalled) = 1 then '' else 's' end, (select step from stalled),
                            printf('%.4g', (select interval_s from stalled)),
                            round((select interval_s / usual_s from stalled), 1), printf('%.3g', (select usual_s from stalled)))
                when (select seconds from uncredited) >= 0.5 * b.seconds
                then format('{} s of wall time attributed to nothing: {} s of it between step lines, beyond the steps'' '
                            'own reported times', printf('%.3g', b.seconds),
                            printf('%.3g', least(b.seconds, (select seconds from uncredited))))
                when (select seconds from elided) >= 0.5 * b.seconds
                then format('{} s of wall time with nothing logged, or in lines cut out of the logs (an excerpt''s `...`)',
                            printf('%.3g', b.seconds))
                else format('{} s of wall time with nothing logged', printf('%.3g', b.seconds)) end
            else format('{} s of wall time with nothing logged', printf('%.3g', b.seconds))
        end,
        format('{}: {} s, {}% of {} s wall time (view goodput_buckets)', b.bucket, printf('%.3g', b.seconds), round(b.pct, 1), printf('%.3g', b.wall_s))
        || case when b.bucket = 'lost_work' and y.optimum_s is not null and y.step_s > 0 then format(
               '; last crash at step {}; checkpoint every {} steps vs the Young/Daly optimum of ~{} steps '
               '(sqrt(2 x {} s per save x {} s between failures) = {} s at {} s per step)',
               y.crash_step, coalesce(printf('%g', y.interval_steps), '?'), round(y.optimum_s / y.step_s)::bigint,
               printf('%.3g', y.save_s), printf('%.3g', y.mtbf_s), printf('%.3g', y.optimum_s), printf('%.3g', y.step_s))
           else '' end,
        case b.bucket
            when 'lost_work' then case
                when y.optimum_s is null or not y.step_s > 0 or y.interval_steps is null
                    then 'checkpoint closer to the Young/Daly interval; asynchronous checkpointing makes each save cheaper'
                when y.interval_steps > 2 * y.optimum_s / y.step_s
                    then format('checkpoint every ~{} steps instead of every {} (the Young/Daly optimum); asynchronous '
                                'checkpointing makes each save cheaper', greatest(1, round(y.optimum_s / y.step_s))::bigint,
                                printf('%g', y.interval_steps))
                else format('the checkpoint interval ({} steps) is already at or below the Young/Daly optimum (~{}): '
                            'another interval would not save time; fewer failures would (find why it failed: hang '
                            'analysis, watchdog lines), and asynchronous checkpointing makes saves cheaper',
                            printf('%g', y.interval_steps), greatest(1, round(y.optimum_s / y.step_s))::bigint)
            end
            when 'restart_downtime' then case
                -- (every attempt another followed ended at the scheduler's time limit)
                when not exists (
                    select 1 from (select start_ns, lead(start_ns) over (order by attempt) as next_ns from attempts) a
                    where a.next_ns is not null
                      and not exists (select 1 from int_log_events e
                                      where e.kind = 'crash' and e.detail like 'scheduler: %DUE TO TIME LIMIT%'
                                        and e.ts_ns >= a.start_ns and e.ts_ns < a.next_ns))
                then 'the scheduler''s time limit ended an attempt: this is the resubmitted job''s wait in the queue and '
                     'its start; a longer limit, or a requeue that keeps the allocation, saves it'
                else 'restart in place (torchrun --max-restarts, warm spares) and find why the job failed (hang analysis, watchdog lines)'
            end
            when 'idle' then 'no run was going: queue the next run behind the first (a dependent job, one allocation for both) if this time held GPUs'
            when 'checkpoint_save' then 'asynchronous or sharded checkpointing (torch.distributed.checkpoint async_save), fewer blocking saves'
            when 'checkpoint_load' then 'load sharded checkpoints in parallel from fast local storage'
            when 'startup' then 'cache compiled graphs and datasets; pre-pull images; warm up once'
            when 'eval' then 'evaluate less often or on fewer samples, or asynchronously on other hardware'
            when 'data_stall' then 'raise DataLoader num_workers and prefetch_factor, pin memory, keep workers persistent; check the storage the data is read from'
            else case when b.bucket = 'other' and (select seconds from stalled) >= 0.5 * b.seconds
                      then 'find what the job did then: work it does not log (an evaluation, a save: logged, its time '
                           'is attributed) or a stall (storage, network, a throttled or preempted node, a host-side '
                           'pause); a watchdog on the step time catches a stall as it happens'
                      when b.bucket = 'other' and (select seconds from uncredited) >= 0.5 * b.seconds
                      then 'the loop ran between those lines, but its step timer accounts for less of it (it leaves out data '
                           'loading, the optimizer, logging or gradient accumulation), or it stalled: a step time that covers '
                           'the whole step, or a time on each step line, would attribute it'
                      when b.bucket = 'other' and (select seconds from elided) >= 0.5 * b.seconds
                      then 'the whole logs, not an excerpt of them, would say what this time went to'
                      else 'log more (step lines with timestamps) so that this time can be attributed' end
        end,
        'goodput_buckets'
    from buckets b, thresholds t, young_daly y
    where b.pct >= t.bucket_low
),
hang as (
    select 'hang', 'high', coalesce((select max(hang_s) from attempts), 0), null::integer,
        format('collective hang in process group {} ({}): suspect rank{} {}', h.pg_name, coalesce(h.pg_desc, '?'),
               case when len(h.suspect_ranks) = 1 then '' else 's' end, array_to_string(h.suspect_ranks, ', ')),
        h.evidence || coalesce('; ' || (select string_agg(evidence, '; ' order by suspect_order) from hang_suspects where suspect_order <= 3), '')
        || ' (views hang_analysis, hang_suspects)',
        'look at the suspect ranks first: their frames (hang_analysis.frames, missing_rank_last_ops), their host, their GPU (Xid errors); a rank that skipped a collective is a code path that differs by rank',
        'hang_analysis'
    from hang_analysis h
    where h.hang_order = 1 and h.verdict <> 'mismatch'
),
mismatch as (
    select 'mismatch', 'high', 0.0, null::integer,
        format('ranks issued different collectives at #{} of process group {}', m.collective_seq_id, m.pg_name),
        m.evidence || ' (view collective_mismatches)',
        'make every rank issue the same collectives in the same order (rank-dependent branches, uneven data, early exits); TORCH_DISTRIBUTED_DEBUG=DETAIL checks this at run time',
        'collective_mismatches'
    from collective_mismatches m
),
timeout_waits as (
    -- each rank's stuck collective once (a watchdog line is repeated in the exception it throws)
    select rank, detail, count(*) as lines, max(duration_s) as duration_s, min(ts_ns) as ts_ns,
        regexp_extract(detail, '^\S+') as op,
        try_cast(regexp_extract(detail, 'SeqNum=(\d+)', 1) as bigint) as seq,
        try_cast(regexp_extract(detail, 'NumelIn=(\d+)', 1) as bigint) as numel,
        nullif(regexp_extract(detail, '\bpg=(\S+)', 1), '') as pg
    from log_events  -- not the staging view: pasted watchdog lines often carry no date
    where kind = 'collective_timeout'
    group by rank, detail
),
timeout_sizes as (
    -- the ranks of each size, where the ranks wait in one collective
    select numel, list_sort(list(distinct rank)) as ranks
    from timeout_waits
    where rank is not null and numel is not null
    group by numel
),
timeout_shape as (
    select count(distinct rank) > 1 and count(distinct (op, seq)) > 1 as different,
        -- sequence numbers compare within one process group: one wait a rank, no two groups named
        count(*) = count(distinct rank) and count(distinct pg) <= 1 as one_group,
        count(distinct rank) > 1 and count(distinct (op, seq)) = 1 and count(distinct numel) > 1 as sizes,
        -- the ranks below the highest reporting one that report none (in logs holding every rank's lines)
        (select list(r order by r) from range(0, max(rank)::bigint) t(r)
         where r not in (select rank from timeout_waits where rank is not null)) as silent
    from timeout_waits
),
timeouts as (
    -- ranks waiting in different collectives (sequence numbers or operations) are listed: one
    -- process group's ranks issued different collectives, or each waits on another group; in one
    -- collective with different sizes, the sizes and their ranks
    select 'collective_timeout', 'high', max(w.duration_s), null::integer,
        case when any_value(t.different)
             then format('c10d watchdog timeouts: {} ranks wait in different collectives', count(distinct w.rank))
             when any_value(t.sizes)
             then format('c10d watchdog timeouts: {} ranks wait in one collective ({} SeqNum={}) with different sizes',
                         count(distinct w.rank), any_value(w.op), any_value(w.seq))
             else format('c10d watchdog timeout: {} hung {} s before the watchdog fired', arg_max(w.detail, w.duration_s), round(max(w.duration_s), 1))
        end,
        case when any_value(t.different)
             then format('{} watchdog timeouts: {}{}', sum(w.lines),
                         string_agg(coalesce('rank ' || w.rank || ' in ', '') || w.detail, '; ' order by w.seq nulls last, w.rank nulls last, w.detail),
                         case when not any_value(t.one_group) then ''
                              when count(distinct w.seq) > 1
                              then format('; rank {} waits at the lowest sequence number', arg_min(w.rank, w.seq))
                              when count(distinct w.seq) = 1 and count(distinct w.op) > 1
                              then format('; at one sequence number ({}) the ranks issued different operations: a desync', any_value(w.seq))
                              else '' end)
             when any_value(t.sizes)
             then format('{} watchdog timeouts: {}', sum(w.lines),
                         (select string_agg(format('NumelIn={} on rank{} {}', z.numel, case when len(z.ranks) = 1 then '' else 's' end,
                                                   array_to_string(z.ranks, ', ')), '; ' order by len(z.ranks) desc, z.numel)
                          from timeout_sizes z))
             else format('{} watchdog timeout{} (rank, sequence number), first: {}', sum(w.lines),
                         case when sum(w.lines) = 1 then '' else 's' end, any_value(w.detail order by w.ts_ns nulls last))
        end
        || case when len(any_value(t.silent)) between 1 and 3 and count(distinct w.rank) >= 3
                then format('; rank{} {} report{} none in these logs', case when len(any_value(t.silent)) = 1 then '' else 's' end,
                            array_to_string(any_value(t.silent), ', '), case when len(any_value(t.silent)) = 1 then 's' else '' end)
                else '' end
        || ' (table log_events)',
        'a rank stopped issuing collectives or is stuck inside one: enable the flight recorder (TORCH_FR_BUFFER_SIZE) and ingest its dumps for a hang analysis',
        'log_events'
    from timeout_waits w, timeout_shape t
    having count(*) > 0
),
slow_collectives as (
    select op, size_bytes, n_ranks, median_efficiency as efficiency, median_busbw_gbps as busbw,
        median_baseline_busbw_gbps as baseline_busbw, excess_s, instances as n
    from collective_summary
    where median_efficiency is not null
),
slow as (
    select 'slow_collective', 'medium', s.excess_s, null::integer,
        format('{} of {} MB on {} ranks runs at {}% of the nccl-tests bus bandwidth', s.op, round(s.size_bytes / 1e6, 1), s.n_ranks,
               round(100 * s.efficiency)::bigint),
        format('{} instances: median busbw {} GB/s vs {} GB/s expected from nccl-tests at this size; {} s lost in all (view collective_summary)',
               s.n, round(s.busbw, 2), round(s.baseline_busbw, 2), round(s.excess_s, 3)),
        'check NCCL_ALGO/NCCL_PROTO, the topology (nvidia-smi topo -m), the NICs used (NCCL_DEBUG=INFO transports) and concurrent traffic',
        'collective_summary'
    from slow_collectives s, thresholds t
    where s.efficiency < t.bw_efficiency
),
nccl_test_errors as (
    -- nccl-tests' own check of the results (`#wrong`, with -c 1, the default): elements that came
    -- out wrong mean corrupted collectives on this hardware, not a slow link
    select 'nccl_test_errors', 'high', 0.0, null::integer,
        format('nccl-tests found wrong results: {} element{} wrong over {} row{}', sum(wrong),
               case when sum(wrong) = 1 then '' else 's' end, count(*), case when count(*) = 1 then '' else 's' end),
        format('{} of {} to {} bytes, up to {} wrong in one row (table nccl_tests, column wrong)',
               string_agg(distinct op, ', ' order by op), min(size_bytes), max(size_bytes), max(wrong)),
        'a collective that returns wrong data is a hardware or driver fault (GPU memory, NVLink/PCIe, NIC): rerun nccl-tests per node to isolate it, check dmesg and the GPUs'' ECC/Xid errors, and do not trust runs on these nodes',
        'nccl_tests'
    from nccl_tests
    where wrong > 0
    having count(*) > 0
),
warn_ranks as (
    -- a warning's rank: its launcher prefix's, else its process's (file, host, pid) in the
    -- largest communicator NCCL's INFO lines show it in (its rank in the job)
    select w.*, coalesce(w.rank, c.rank) as job_rank
    from nccl_warnings w
    left join (select file_id, host, pid, arg_max(rank, nranks) as rank
               from nccl_comms group by file_id, host, pid) c
      on c.file_id = w.file_id and c.host = w.host and c.pid = w.pid
),
nccl_warn as (
    select 'nccl_warnings', 'medium', 0.0, null::integer,
        format('NCCL warned {} time{}{}', count(*), case when count(*) = 1 then '' else 's' end,
               case when count(job_rank) > 0
                    then format(' on rank{} {}', case when count(distinct job_rank) > 1 then 's' else '' end,
                                array_to_string(list_sort(list(distinct job_rank)), ', '))
                    else '' end),
        format('first: {} ({} at {}{}) (table nccl_warnings)', any_value(message order by file_id, line),
               any_value(source order by file_id, line), any_value(host order by file_id, line),
               coalesce(', rank ' || any_value(job_rank order by file_id, line), '')),
        'read the warnings: network errors (NET/IB completion errors) point at a NIC or a link; "Mismatched collective" at the ranks named',
        'nccl_warnings'
    from warn_ranks
    having count(*) > 0
),
reported_stragglers as (
    select 'reported_straggler', 'medium', coalesce(sum(duration_s), 0.0), rank,
        format('the job''s own straggler detector flagged rank {} ({} report{})', rank, count(*),
               case when count(*) = 1 then '' else 's' end),
        arg_max(detail, coalesce(duration_s, 0)) || ' (table log_events, kind straggler)',
        'compare with the profiled steps (stragglers, step_summary) and look at that rank''s host, GPU and data shard',
        'log_events'
    from log_events
    where kind = 'straggler' and rank is not null
    group by rank
),
losses as (
    -- the training losses the logs give, of the reference rank or of no rank (one per step)
    select s.step, any_value(s.loss) filter (where not isfinite(s.loss)) as bad_loss, bool_and(isfinite(s.loss)) as finite,
        min(s.file_line) filter (where not isfinite(s.loss)) as line
    from stg_log_steps s, int_reference_rank r
    where s.loss is not null and (s.rank is null or s.rank is not distinct from r.rank)
    group by s.step
),
diverged as (
    select min(step) filter (where not finite) as first_step,
        arg_min(line, step) filter (where not finite) as line,
        count(*) filter (where not finite) as nonfinite, count(*) as logged, max(step) as last_step,
        coalesce(bool_and(isnan(bad_loss)) filter (where not finite), false) as all_nan,
        coalesce(bool_or(isnan(bad_loss)) filter (where not finite), false) as any_nan
    from losses
),
loss_nonfinite as (
    -- a loss logged as NaN or infinite: from a step on, every later one too (the run diverged, the
    -- time since its last finite step's end trained nothing), or some steps alone
    select 'loss_nonfinite', case when a.finite_after = 0 then 'high' else 'low' end,
        coalesce(case when a.finite_after = 0 then a.seconds end, 0.0), null::integer,
        case when a.finite_after = 0
             then format('the loss is {} from step {} to the last logged step, {}: {} trained a diverged model',
                         a.word, d.first_step, d.last_step,
                         case when a.seconds > 0 then format('the {} s since the step before it', printf('%.3g', a.seconds))
                              else 'every step since' end)
             else format('the loss was {} at {} of {} logged steps, the first step {}', a.word, d.nonfinite, d.logged, d.first_step)
        end,
        format('first {} loss at step {} (line {}); {} of {} logged losses not finite, {} finite after it (table log_steps)',
               a.word, d.first_step, d.line, d.nonfinite, d.logged, case when a.finite_after = 0 then 'none' else a.finite_after::varchar end),
        case when a.finite_after = 0
             then 'resume from a checkpoint saved before that step with a lower learning rate, gradient clipping or bf16 '
                  'in place of fp16; check the batches around it for bad data; stop a run on a non-finite loss'
             else 'with fp16, a loss scaler skipping overflowed steps; else check the data of those steps' end,
        'log_steps'
    from diverged d, lateral (
        select count(*) filter (where l.step > d.first_step and l.finite) as finite_after,
            case when d.all_nan then 'NaN' when not d.any_nan then 'infinite' else 'NaN or infinite' end as word,
            -- from the end of its last step before the first non-finite one (else that step's own) to its last step
            ((select max(t_ns) from int_log_steps where step >= d.first_step)
             - coalesce((select max(t_ns) from int_log_steps where step < d.first_step),
                        (select min(t_ns) from int_log_steps where step >= d.first_step))) / 1e9 as seconds
        from losses l
    ) a
    where d.nonfinite > 0
),
last_attempt as (
    select attempt, start_ns, end_ns, end_reason, length_s, first_step from attempts order by attempt desc limit 1
),
next_dated as (
    -- each event line's file's next dated event after it (one window over the events: the time an undated
    -- failure came no later than)
    select distinct file_id, line,
        min(ts_ns) over (partition by file_id order by line range between 1 following and unbounded following) as next_ns
    from stg_log_events
),
failure_events as (
    -- every failure line, its cause and how likely it is the failure's cause (the likeliest first): an
    -- exception a traceback ends with (out of memory first among those at one time), or an exit code or
    -- signal, before a launcher's teardown of the other workers; then the earliest
    select e.kind, e.line, e.file_line, e.file_id, e.rank, f.path, coalesce(e.detail, e.raw) as cause,
        e.detail is not null and e.raw like '%Traceback (most%' as traceback,
        -- (not torchelastic's SignalException: the signal a worker got, which a scheduler's cancel sent)
        -- (and Ray Tune's word that a trial errored: the driver's traceback after it, as it read the
        -- failed trial's results, is its consequence)
        -- (and a console's `^C`, the terminal's echo of Ctrl-C: before the launcher's word on the signal its
        -- workers then got, `failed (exitcode: -2)`)
        case when e.kind = 'oom' or (e.detail is not null and e.raw like '%Traceback (most recent call last)%'
                                     and e.detail not like '%ChildFailedError%'
                                     and e.detail not like '%SignalException: Process % got signal%')
                  or e.detail like 'Ray: % errored after %' or e.detail = 'interrupted: ^C' then 0
             -- (srun's word on the node that failed names it; the scheduler's cancel names the step's head)
             when e.raw ilike '%exitcode%' or e.raw like '%srun: error: Node failure on %' then 1
             -- (the scheduler's cancel says why, a time limit, a preemption: before the signal its workers then got;
             -- a cancel that says no reason after a line of the scheduler's that does, salloc's time limit)
             when e.detail like 'scheduler: %CANCELLED AT%DUE TO%' or e.detail like 'scheduler: salloc: %' then 2
             when e.detail like 'scheduler: %CANCELLED AT%' then 3
             -- (a launcher's teardown of its workers and torchelastic's report that a worker failed say
             -- less than the failed worker's own lines, or the scheduler's)
             when e.detail = 'launcher stopping its workers' or e.detail like 'DeepSpeed''s launcher killed its workers%'
                  or e.raw like '%ChildFailedError%' then 5
             else 4 end as cause_order,
        -- (a failure no line before it dates, a worker's traceback atop its console: no later than its
        -- file's next dated event, the launcher's word on that worker)
        coalesce(e.ts_ns, e.after_ns, n.next_ns) as at_ns,
        e.ts_ns, e.after_ns, n.next_ns
    from stg_log_events e left join files f using (file_id)
    left join next_dated n on n.file_id = e.file_id and n.line = e.line
    where e.kind in ('crash', 'oom', 'collective_timeout', 'hang')
),
cause_advice as (
    -- what to do about a failure, where its cause alone says (a time limit, a preemption, out of
    -- memory, SIGKILL, a Ray worker's death, a full file system, a stop by hand or through the scheduler)
    select distinct cause, kind,
        case
            -- (Python's exception; or the terminal's echo of the keys, a console's `^C` alone on its line)
            when cause like 'KeyboardInterrupt%' or cause = 'interrupted: ^C'
                then 'stopped by hand (Ctrl-C): no failure of the job''s own'
            when cause like '%DUE TO TIME LIMIT%' or cause ilike '%walltime%' or cause like '%exceeded its time limit%'
                 or cause like '%TERM_RUNLIMIT%'
                then 'the scheduler''s time limit: resubmit from the last checkpoint with a longer limit, or save one '
                     'before the limit (a signal the scheduler sends ahead of it)'
            when cause like '%DUE TO PREEMPTION%' or cause like '%DUE TO NODE FAIL%' or cause like '%Node failure on %'
                 or cause like '%DUE TO JOB REQUEUE%' or cause like '%TERM_PREEMPT%'
                then 'preempted or a node failed (or requeued): requeue from the last checkpoint; save more often where this recurs'
            when cause like 'Coqui''s trainer: %'
                then 'stopped by an interrupt (Ctrl-C, a notebook''s stop button) or an exception: the lines before it '
                     'say which; resume from its last checkpoint (`--continue_path`)'
            when cause like '%CANCELLED%' or cause like '%TERM_OWNER%' then 'cancelled through the scheduler (scancel, a user or a dependency): no '
                                                  'failure of the job''s own'
            when kind = 'oom' or cause ilike '%out of memory%'
                then 'out of GPU memory: a smaller micro-batch, activation checkpointing, sharded optimizer states '
                     '(ZeRO, FSDP), or expandable segments against fragmentation'
            when cause like '%ActorDiedError%' or cause like '%WorkerCrashedError%'
                then 'a Ray worker process died with no exception of its own: most often killed for memory (the '
                     'host''s out-of-memory killer, a Kubernetes pod''s limit; Ray''s `Worker exit detail` says which): '
                     'check the node''s memory and lower what each worker holds'
            when cause ilike '%No space left on device%' or cause like '%StorageFull%'
                then 'a file system filled up (most often while saving a checkpoint): free space or save elsewhere, '
                     'keep fewer checkpoints, and resume from the last one that was written whole'
            when regexp_matches(cause, 'exitcode\s*:?\s*-9\b|signal 9\b|SIGKILL|^Killed\s*$')
                then 'killed by SIGKILL with no traceback of its own: most often the host''s out-of-memory killer '
                     '(check dmesg on the node); lower host memory use (data-loader workers, prefetching, checkpoint '
                     'shards loaded at once), or ask the scheduler why'
        end as advice
    from failure_events
),
failure_lines as (
    -- the failure lines of the job's last attempt where it crashed (any rank's); not where a watchdog's
    -- timeout is its failure (timeouts, above)
    select e.*
    from failure_events e, last_attempt a
    where a.end_reason = 'crash'
      and (a.start_ns is null or coalesce(e.ts_ns, e.after_ns, e.next_ns, a.start_ns) >= a.start_ns)
      -- (an attempt no line dates: the failures its console logged from its last step's line on (a
      -- traceback glued after a bar's last drawing is on it), the last attempt's)
      and (a.start_ns is not null or e.line >= coalesce((select max(s.line) from stg_log_steps s where s.file_id = e.file_id), 0))
      -- (a timeout dated at the collective's start, before the attempt's start line: when it fired counts)
      and not exists (select 1 from stg_log_events t
                      where t.kind = 'collective_timeout'
                        and (a.start_ns is null or coalesce(t.ts_ns + (coalesce(t.duration_s, 0) * 1e9)::bigint, t.after_ns, a.start_ns)
                                                   >= a.start_ns))
),
job_failed as (
    -- (its score: the attempt's length, all of it lost but for what a checkpoint kept)
    select 'job_failed',
        case when c.cause like 'KeyboardInterrupt%' or c.cause = 'interrupted: ^C'
                  or (c.cause like '%CANCELLED AT%' and c.cause not like '%DUE TO%') then 'medium'
             else 'high' end,
        coalesce((select length_s from last_attempt), 0.0), null::integer,
        format('the job''s last attempt ended in a failure: {}', c.cause),
        format('{} line {}: {}{} (table log_events)', coalesce(c.path, '?'), c.file_line,
               case when c.traceback then 'a traceback that ends with ' else '' end, c.cause),
        coalesce((select x.advice from cause_advice x where x.cause is not distinct from c.cause and x.kind = c.kind), case
            -- (an attempt that logged no step may have failed in its start-up, with no progress of its own to
            -- resume; or its steps are in lines not read)
            when (select first_step from last_attempt) is null
                then 'the failure at that line says why; no step line came before it in this attempt: where it '
                     'failed before training began, fix it and launch again; else resume from the last checkpoint'
            -- (no save, nor a load, in the logs: nothing says there is one to resume from)
            when not exists (select 1 from stg_log_events
                             where kind in ('checkpoint_save_start', 'checkpoint_save_end', 'checkpoint_load_start',
                                            'checkpoint_load_end'))
                then 'the failure at that line says why; fix it and resume from the last checkpoint where one was saved: '
                     'the logs show no save (a framework may save without a line: look for one), and a relaunch with '
                     'none starts over'
            else 'the failure at that line says why; fix it and resume from the last checkpoint'
        end),
        'log_events, attempts'
    from (select * from failure_lines order by cause_order, at_ns nulls last, kind <> 'oom', line, path limit 1) c
),
earlier_failures as (
    -- each attempt before the last that crashed, after which the job was relaunched: the failure lines
    -- dated in it (any rank's) after which their process logged at most one more step in it (not a
    -- traceback a script caught and went on from; one step more is the step the other ranks were in as it
    -- failed): its console's steps of its rank, or of any rank where its rank logs none, the likeliest cause
    -- first (as the last attempt's); not where a watchdog's timeout fired in it (timeouts, above)
    select a.attempt, a.end_ns, a.next_start_ns, e.*,
        row_number() over (partition by a.attempt order by e.cause_order, e.at_ns, e.kind <> 'oom', e.line, e.path) as nth
    from failure_events e
    join (select attempt, start_ns, end_ns, end_reason, lead(start_ns) over (order by attempt) as next_start_ns
          from attempts) a
      on e.at_ns >= a.start_ns and e.at_ns < a.next_start_ns
    where a.end_reason = 'crash'
      and (select count(*) from stg_log_steps s
           where s.file_id = e.file_id and s.line > e.line and s.t_ns < a.next_start_ns
             and (s.rank is not distinct from e.rank
                  or not exists (select 1 from stg_log_steps r where r.file_id = e.file_id and r.rank is not distinct from e.rank))
          ) < 2
      and not exists (select 1 from stg_log_events t
                      where t.kind = 'collective_timeout'
                        and coalesce(t.ts_ns + (coalesce(t.duration_s, 0) * 1e9)::bigint, t.after_ns) >= a.start_ns
                        and coalesce(t.ts_ns + (coalesce(t.duration_s, 0) * 1e9)::bigint, t.after_ns) < a.next_start_ns)
),
attempt_failed as (
    -- (its score: the restart's downtime, from the attempt's end to the next one's start)
    select 'attempt_failed', 'medium', greatest(coalesce((c.next_start_ns - c.end_ns) / 1e9, 0.0), 0.0), null::integer,
        format('attempt {} ended in a failure, then the job was relaunched: {}', c.attempt, c.cause),
        format('{} line {}: {}{} (table log_events)', coalesce(c.path, '?'), c.file_line,
               case when c.traceback then 'a traceback that ends with ' else '' end, c.cause),
        coalesce((select x.advice from cause_advice x where x.cause is not distinct from c.cause and x.kind = c.kind),
                 'the failure at that line says why; each relaunch costs its restart downtime and the work done since '
                 'the last checkpoint: fix it where it recurs'),
        'log_events, attempts'
    from earlier_failures c
    where c.nth = 1
),
exit_failed as (
    -- the last attempt completed its training, then failed (torchtitan's `Training completed`, then
    -- `Fatal Python error: Aborted` while garbage-collecting and torchrun's `failed (exitcode: -6)`; a
    -- final evaluation or an upload after training): its training is done, but the job's exit status
    -- says it failed
    select 'job_failed', 'low', 0.0, null::integer,
        format('the job''s last attempt completed its training, then failed: {}', c.cause),
        format('{} line {}: {} (table log_events), after the end of training', coalesce(c.path, '?'), c.file_line, c.cause),
        'its training is done (saved where it checkpointed at its end), but what ran after it failed, and the exit '
        'status a scheduler or a pipeline reads says so (a retry policy may run it all again): the work after '
        'training (a final evaluation, an upload), or a teardown that aborted (process groups not destroyed before '
        'exit, a library''s threads at exit)',
        'log_events, attempts'
    from (
        select e.line, e.file_line, f.path, coalesce(e.detail, e.raw) as cause
        from stg_log_events e left join files f using (file_id), last_attempt a
        where a.end_reason = 'completed' and e.kind in ('crash', 'oom', 'collective_timeout', 'hang')
          and coalesce(e.ts_ns, e.after_ns) >= a.end_ns
          and coalesce(e.detail, e.raw) is not null
        order by case when e.detail = 'launcher stopping its workers' then 1 else 0 end, e.line
        limit 1
    ) c
),
inputs as (
    select 'inputs', 'low', 0.0, null::integer,
        format('{} input file{} truncated or unreadable', count(*), case when count(*) = 1 then '' else 's' end),
        string_agg(format('{} ({})', path, status), '; ' order by path) || ' (table files)',
        'figures from truncated files cover only their complete part; re-copy the files if the job wrote them completely',
        'files'
    from files
    where status in ('truncated', 'failed')
    having count(*) > 0
),
all_findings as (
    select * from data_loader
    union all select * from exposed_comm
    union all select * from host_overhead
    union all select * from gpu_idle
    union all select * from straggler
    union all select * from bucket_findings
    union all select * from hang
    union all select * from mismatch
    union all select * from timeouts
    union all select * from slow
    union all select * from nccl_test_errors
    union all select * from nccl_warn
    union all select * from reported_stragglers
    union all select * from loss_nonfinite
    union all select * from job_failed
    union all select * from attempt_failed
    union all select * from exit_failed
    union all select * from inputs
),
final as (
    select finding, severity, score, rank, title, evidence, advice, source,
        row_number() over (order by case severity when 'high' then 0 when 'medium' then 1 else 2 end,
                                    score desc nulls last, finding, rank) as severity_order
    from all_findings
)
select * from final
order by severity_order
