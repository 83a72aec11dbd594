-- check_inputs_cover_files: an input file of the store missing from the report's inputs
-- (view inputs), or listed there with another status, or a file not ok with no reason.
-- Grain: one row per such file. Must return zero rows.
-- Inputs: files, inputs.
with final as (
    select f.path, f.status, i.status as listed_status, i.reason
    from files f
    left join inputs i using (path)
    where i.path is null or i.status is distinct from f.status or (f.status <> 'ok' and i.reason is null)
)
select * from final
