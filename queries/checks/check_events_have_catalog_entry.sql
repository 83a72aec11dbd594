-- check_events_have_catalog_entry: trace events whose file is not a stored file of the catalog.
-- Grain: one row per offending file_id. Must return zero rows.
-- Inputs: trace_events, files.
with stored as (
    select file_id from files where status in ('ok', 'truncated')
),
final as (
    select distinct e.file_id
    from trace_events e
    anti join stored s using (file_id)
)
select * from final
