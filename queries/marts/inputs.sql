-- inputs: every input file of the store, its status and, when it was not read in full, why;
-- the report's inputs section reads this view; files an ingest walked and no parser claims
-- are here as `unknown`.
-- Grain: one row per input file (table files).
-- Inputs: files.
-- Columns: path, kind (the parser's kind; NULL when none read it), status (FileStatus), rows
--   (rows stored), reason (why it was not read in full: the error, the duplicate it repeats,
--   the truncation; NULL when ok), message, warnings, unrecognised_lines (text inputs:
--   non-blank lines no rule read).
with final as (
    select path, kind, status, rows,
        case
            when status = 'ok' then null
            when status = 'duplicate' then coalesce(message, 'same bytes as another input: stored once')
            else coalesce(message, warnings[1], status)
        end as reason,
        message, warnings, unrecognised_lines
    from files
)
select * from final
order by path
