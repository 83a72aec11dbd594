-- stg_log_events: every event the log readers stored, of every rank.
-- Grain: one row per stored event.
-- Inputs: log_events.
-- Columns: as log_events.
with final as (
    select * from log_events
)
select * from final
