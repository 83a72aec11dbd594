-- check_step_breakdown_sums: steps whose exclusive categories do not sum to the step time,
-- or whose non-exclusive figures exceed it. Must return zero rows.
-- Grain: one row per offending file_id x step.
-- Inputs: step_breakdown.
with final as (
    select file_id, step, step_ns,
        compute_ns + comm_exposed_ns + memory_ns + data_stall_ns + host_overhead_ns + idle_ns as categories_ns
    from step_breakdown
    where compute_ns + comm_exposed_ns + memory_ns + data_stall_ns + host_overhead_ns + idle_ns <> step_ns
       or comm_overlapped_ns > comm_total_ns
       or comm_total_ns > step_ns
       or least(compute_ns, comm_exposed_ns, memory_ns, data_stall_ns, host_overhead_ns, idle_ns) < 0
)
select * from final
