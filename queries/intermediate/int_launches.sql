-- int_launches: when the host launched each piece of device work.
-- Grain: one row per trace file x correlation id.
-- Inputs: trace_events (runtime/driver calls carry the correlation id of the kernel, memcpy
--   or memset they launch).
-- Columns: file_id, correlation, launch_ns (start of the earliest launching call, ns).
with calls as (
    select file_id, correlation, start_ns
    from trace_events
    where kind in ('runtime', 'driver') and correlation is not null
),
final as (
    select file_id, correlation, min(start_ns) as launch_ns
    from calls
    group by file_id, correlation
)
select * from final
