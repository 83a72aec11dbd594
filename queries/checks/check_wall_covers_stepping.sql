-- check_wall_covers_stepping: a job whose time spent stepping (productive, lost work, data
-- stalls) or computing exceeds its wall time, or whose productive time exceeds either.
-- Grain: at most one row. Must return zero rows.
-- Inputs: goodput.
with final as (
    select wall_s, stepping_s, computing_s, productive_s
    from goodput
    where stepping_s > wall_s + 1e-6 or computing_s > stepping_s + 1e-6 or productive_s > computing_s + 1e-6
)
select * from final
