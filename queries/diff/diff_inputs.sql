-- diff_inputs: what each side had to go on, and the sections it cannot fill.
-- Grain: one row per side ('base', 'new').
-- Inputs: base.inputs, new.inputs, base.stg_traces, new.stg_traces, base.step_breakdown,
--   new.step_breakdown, base.int_log_steps, new.int_log_steps, base.goodput, new.goodput,
--   base.collective_summary, new.collective_summary.
-- Columns: side, files (input files), read (files read in full or in part: status ok,
--   truncated or duplicate), failed, traces (profiler trace files), traced_ranks, trace_steps
--   (rank-steps profiled), log_steps (dated steps of the logs), collectives (instances in
--   collective_summary), has_goodput (the side has a wall time), missing (the diff sections
--   this side cannot fill, and why; empty when none).
with sides as (
    select
        'base' as side,
        (select count(*) from base.inputs) as files,
        (select count(*) from base.inputs where status in ('ok', 'truncated', 'duplicate')) as read,
        (select count(*) from base.inputs where status = 'failed') as failed,
        (select count(*) from base.stg_traces) as traces,
        (select count(distinct rank) from base.stg_traces) as traced_ranks,
        (select count(*) from base.step_breakdown) as trace_steps,
        (select count(*) from base.int_log_steps) as log_steps,
        (select coalesce(sum(instances), 0) from base.collective_summary) as collectives,
        (select count(*) > 0 from base.goodput where wall_s is not null) as has_goodput
    union all
    select
        'new',
        (select count(*) from new.inputs),
        (select count(*) from new.inputs where status in ('ok', 'truncated', 'duplicate')),
        (select count(*) from new.inputs where status = 'failed'),
        (select count(*) from new.stg_traces),
        (select count(distinct rank) from new.stg_traces),
        (select count(*) from new.step_breakdown),
        (select count(*) from new.int_log_steps),
        (select coalesce(sum(instances), 0) from new.collective_summary),
        (select count(*) > 0 from new.goodput where wall_s is not null)
),

final as (
    select
        *,
        list_filter([
            case when not has_goodput then 'goodput: no log dates the steps' end,
            case when trace_steps = 0 then 'steps, ops, ranks: no profiler trace with steps' end,
            case when collectives = 0 then 'collectives: none in the traces or flight-recorder dumps' end
        ], lambda x: x is not null) as missing
    from sides
)

select * from final order by side
