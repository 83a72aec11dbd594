-- int_activity: what each trace was doing, as disjoint busy intervals per activity category.
-- Grain: one row per trace file x category x maximal busy interval.
-- Inputs: trace_events, stg_traces.
-- Categories and their bit in int_step_segments.state:
--   compute (16): compute kernels on any stream; on CPU-only traces, operators on host threads
--                 (collectives and data loading excluded, see step_breakdown)
--   comm    (8):  communication kernels; on CPU traces the gloo:* spans on gloo's threads
--   memory  (4):  memcpy / memset on the device
--   data    (2):  the host inside the DataLoader's __next__
--   host    (1):  other host work: operators, runtime/driver calls, Python, annotated regions
-- Columns: file_id, rank, category, bit, start_ns, end_ns (ns since epoch).
with traces as (
    select file_id, device_type from stg_traces
),
tagged as (
    select
        e.file_id, e.rank, e.start_ns, e.start_ns + e.dur_ns as end_ns,
        case
            when e.kind = 'compute_kernel' then 'compute'
            when e.kind = 'cpu_op' and t.device_type = 'cpu' then 'compute'
            when e.kind in ('comm_kernel', 'comm_cpu') then 'comm'
            when e.kind in ('memcpy', 'memset') then 'memory'
            when e.kind = 'data_loader' then 'data'
            when e.kind in ('cpu_op', 'runtime', 'driver', 'python_function', 'overhead', 'annotation', 'collective_cpu') then 'host'
        end as category
    from trace_events e
    join traces t using (file_id)
    where e.dur_ns > 0
),
ordered as (
    select *,
        max(end_ns) over (
            partition by file_id, category order by start_ns, end_ns
            rows between unbounded preceding and 1 preceding
        ) as reach_ns
    from tagged
    where category is not null
),
islands as (
    select *,
        sum(case when reach_ns is null or start_ns > reach_ns then 1 else 0 end) over (
            partition by file_id, category order by start_ns, end_ns rows unbounded preceding
        ) as island
    from ordered
),
final as (
    select
        file_id, any_value(rank) as rank, category,
        case category when 'compute' then 16 when 'comm' then 8 when 'memory' then 4 when 'data' then 2 else 1 end as bit,
        min(start_ns) as start_ns, max(end_ns) as end_ns
    from islands
    group by file_id, category, island
)
select * from final
