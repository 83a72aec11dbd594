-- check_no_duplicate_trace_files: the same trace stored twice (ingest duplicated it).
-- Grain: one row per file_id or sha256 seen more than once. Must return zero rows.
-- Inputs: trace_meta, files.
with per_file as (
    select 'trace_meta.file_id' as what, file_id as value, count(*) as copies
    from trace_meta group by file_id having count(*) > 1
),
per_content as (
    select 'files.sha256' as what, sha256 as value, count(*) as copies
    from files where status in ('ok', 'truncated') group by sha256 having count(*) > 1
),
final as (
    select * from per_file
    union all
    select * from per_content
)
select * from final
