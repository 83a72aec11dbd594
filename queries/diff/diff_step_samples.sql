-- diff_step_samples: the per-step samples each side's noise estimate is drawn from.
-- materialize: per_connection
-- Grain: one row per side x quantity x sampling unit.
-- Inputs: base.step_breakdown, new.step_breakdown (profiled steps), base.int_log_steps,
--   new.int_log_steps (logged step times).
-- Sampling unit: a job step. Profiled steps: one unit per (cycle, step), the mean over the
--   ranks that profiled it (ranks of one synchronous step are not independent samples; the
--   steps are). Logged steps: one unit per dated step of the reference rank.
-- Quantities (ms per step): step_time_ms, compute_ms, comm_exposed_ms, memory_ms,
--   data_stall_ms, host_overhead_ms, idle_ms (the six exclusive categories of step_breakdown),
--   comm_overlapped_ms, comm_wait_ms; comm_transfer_ms (comm_exposed_ms less comm_wait_ms, at
--   least 0: exposed collective time not spent waiting for other ranks); log_step_time_ms (the
--   step time the logs report).
-- Columns: side ('base' / 'new'), family ('trace' / 'log': samples of one family share their
--   units), quantity, unit (the unit's key: 'cycle:step', or 'step:t_ns'), value_ms (NULL: a
--   category of a step whose trace recorded no device work, not measured), ranks
--   (ranks averaged into the unit; 1 for logs).
with trace_steps as (
    select 'base' as side, * from base.step_breakdown
    union all by name
    select 'new' as side, * from new.step_breakdown
),

per_step as (
    select
        side,
        cycle || ':' || step as unit,
        count(*) as ranks,
        avg(step_ns) / 1e6 as step_time_ms,
        avg(compute_ns) / 1e6 as compute_ms,
        avg(comm_exposed_ns) / 1e6 as comm_exposed_ms,
        avg(memory_ns) / 1e6 as memory_ms,
        avg(data_stall_ns) / 1e6 as data_stall_ms,
        avg(host_overhead_ns) / 1e6 as host_overhead_ms,
        avg(idle_ns) / 1e6 as idle_ms,
        avg(comm_overlapped_ns) / 1e6 as comm_overlapped_ms,
        avg(coalesce(comm_wait_ns, 0)) / 1e6 as comm_wait_ms,
        -- (NULL where comm_exposed_ns is: greatest() would read NULL as absent)
        case when avg(comm_exposed_ns) is not null
             then greatest(avg(comm_exposed_ns) - avg(coalesce(comm_wait_ns, 0)), 0) / 1e6 end as comm_transfer_ms
    from trace_steps
    group by all
),

trace_samples as (
    select side, 'trace' as family, quantity, unit, value_ms, ranks
    from per_step
    unpivot include nulls (value_ms for quantity in (step_time_ms, compute_ms, comm_exposed_ms, memory_ms, data_stall_ms,
                                        host_overhead_ms, idle_ms, comm_overlapped_ms, comm_wait_ms,
                                        comm_transfer_ms))
),

log_samples as (
    select 'base' as side, step, t_ns, step_time_s from base.int_log_steps where step_time_s is not null
    union all
    select 'new' as side, step, t_ns, step_time_s from new.int_log_steps where step_time_s is not null
),

final as (
    select * from trace_samples
    union all
    select side, 'log' as family, 'log_step_time_ms' as quantity, step || ':' || coalesce(t_ns, 0) as unit,
           step_time_s * 1000 as value_ms, 1 as ranks
    from log_samples
)

select * from final
