-- check_step_series_unique: more than one step_series row for one (rank, attempt, cycle, step):
-- a chart would stack them into one bar of twice the time.
-- Grain: one row per duplicated (rank, attempt, cycle, step). Must return zero rows.
-- Inputs: step_series.
with final as (
    select rank, attempt, cycle, step, count(*) as rows
    from step_series
    group by rank, attempt, cycle, step
    having count(*) > 1
)
select * from final
