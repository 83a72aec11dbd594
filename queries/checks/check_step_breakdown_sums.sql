-- check_step_breakdown_sums: steps whose exclusive categories do not sum to the step time,
-- or whose non-exclusive figures exceed it, or that split some categories and not others (all
-- NULL: a trace that recorded no device work). Must return zero rows.
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
       or (compute_ns is null)::int + (comm_exposed_ns is null)::int + (memory_ns is null)::int + (data_stall_ns is null)::int
          + (host_overhead_ns is null)::int + (idle_ns is null)::int + (comm_overlapped_ns is null)::int
          + (comm_total_ns is null)::int not in (0, 8)
)
select * from final
