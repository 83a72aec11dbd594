-- check_goodput_fractions_agree: a token goodput fraction (goodput / throughput tokens/s) more
-- than one point away from the time goodput fraction (productive / wall time) with no
-- fractions_note saying why.
-- Grain: at most one row. Must return zero rows.
-- Inputs: goodput.
with final as (
    select goodput_fraction, token_goodput_fraction, fractions_note
    from goodput
    where abs(token_goodput_fraction - goodput_fraction) > 0.01 and fractions_note is null
)
select * from final
