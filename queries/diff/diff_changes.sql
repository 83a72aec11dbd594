-- diff_changes: what changed in the step, the cause first: the headline of the diff.
-- Grain: one row per profiled step quantity of diff_steps but the logged step time.
-- Inputs: diff_steps.
-- Roles: 'total' (step_time_ms); 'cause' (the exclusive categories, with comm_exposed_ms
--   replaced by comm_transfer_ms: in synchronous data parallelism a rank that is slow for any
--   reason makes the others wait in the next collective, so their wait is the effect of that
--   change, not a change of its own); 'effect' (comm_wait_ms, comm_exposed_ms: time waiting
--   for other ranks, and exposed collective time including it); 'other' (comm_overlapped_ms).
-- Ranking: causes whose verdict is outside noise (regression or improvement), by the absolute
--   delta of their mean per step.
-- Columns: quantity, role, base_mean_ms, new_mean_ms, delta_ms, delta_pct, ci_low_ms,
--   ci_high_ms, noise_floor_ms, verdict (diff_steps), change_rank (1 = the largest cause outside noise: what
--   changed first; NULL for the rest).
with roles(quantity, role) as (
    values ('step_time_ms', 'total'), ('compute_ms', 'cause'), ('comm_transfer_ms', 'cause'), ('memory_ms', 'cause'),
           ('data_stall_ms', 'cause'), ('host_overhead_ms', 'cause'), ('idle_ms', 'cause'),
           ('comm_wait_ms', 'effect'), ('comm_exposed_ms', 'effect'), ('comm_overlapped_ms', 'other')
),

ranked as (
    select
        s.quantity, r.role, s.base_mean_ms, s.new_mean_ms, s.delta_ms, s.delta_pct, s.ci_low_ms, s.ci_high_ms,
        s.noise_floor_ms, s.verdict,
        case when r.role = 'cause' and s.verdict in ('regression', 'improvement')
             then row_number() over (partition by r.role = 'cause' and s.verdict in ('regression', 'improvement')
                                     order by abs(s.delta_ms) desc, s.quantity) end as change_rank,
        s.ord
    from diff_steps s
    join roles r using (quantity)
),

final as (
    select * exclude (ord) from ranked
    order by change_rank nulls last, case role when 'total' then 0 when 'cause' then 1 when 'effect' then 2 else 3 end, ord
)

select * from final
