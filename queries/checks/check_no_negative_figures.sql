-- check_no_negative_figures: a negative duration, count, size or rate in the views a report
-- is built from.
-- Grain: one row per offending figure (view, what, value). Must return zero rows.
-- Inputs: goodput_headline, goodput_attribution, attempts, step_series, step_summary,
--   collective_summary, top_kernels.
with figures as (
    select 'goodput_headline' as view_name, unnest(['wall_s', 'productive_s', 'stepping_s', 'computing_s', 'tokens_total',
        'tokens_useful', 'throughput_tokens_per_s', 'goodput_tokens_per_s', 'throughput_samples_per_s',
        'goodput_samples_per_s', 'lost_s', 'total_gpu_hours', 'lost_gpu_hours', 'gpus', 'attempts']) as what,
        unnest([wall_s, productive_s, stepping_s, computing_s, tokens_total, tokens_useful, throughput_tokens_per_s,
        goodput_tokens_per_s, throughput_samples_per_s, goodput_samples_per_s, lost_s, total_gpu_hours, lost_gpu_hours,
        gpus, attempts::double]) as value
    from goodput_headline
    union all
    select 'goodput_attribution', bucket || '.' || unnest(['seconds', 'gpu_hours', 'tokens_per_s_lost']),
        unnest([seconds, gpu_hours, tokens_per_s_lost])
    from goodput_attribution
    union all
    select 'attempts', 'attempt ' || attempt || ' length_ns', (end_ns - start_ns)::double from attempts
    union all
    select 'step_series', format('rank {} step {} {}', rank, step, unnest(['step_ns', 'compute_ns', 'comm_exposed_ns',
        'memory_ns', 'data_stall_ns', 'host_overhead_ns', 'idle_ns'])),
        unnest([step_ns, compute_ns, comm_exposed_ns, memory_ns, data_stall_ns, host_overhead_ns, idle_ns])::double
    from step_series
    union all
    select 'step_summary', format('rank {} {}', rank, unnest(['steps', 'mean_step_ns', 'comm_wait_per_step_ns'])),
        unnest([steps, mean_step_ns, comm_wait_per_step_ns])::double
    from step_summary
    union all
    select 'collective_summary', format('{} {} B {}', op, size_bytes, unnest(['size_bytes', 'instances', 'median_time_ns',
        'median_busbw_gbps'])),
        unnest([size_bytes::double, instances::double, median_time_ns::double, median_busbw_gbps])
    from collective_summary
    union all
    select 'top_kernels', format('{} {}', name, unnest(['calls', 'total_ns', 'mean_ns'])),
        unnest([calls, total_ns, mean_ns])::double
    from top_kernels
),
final as (
    select view_name, what, value from figures where value < 0
)
select * from final
