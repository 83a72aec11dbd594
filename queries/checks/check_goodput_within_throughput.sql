-- check_goodput_within_throughput: goodput (useful tokens or samples per wall-clock second)
-- above throughput (the rate while computing steps), or a goodput fraction outside [0, 1].
-- Grain: at most one row. Must return zero rows.
-- Inputs: goodput.
with final as (
    select goodput_fraction, throughput_tokens_per_s, goodput_tokens_per_s, throughput_samples_per_s, goodput_samples_per_s
    from goodput
    where goodput_tokens_per_s > throughput_tokens_per_s * (1 + 1e-9)
       or goodput_samples_per_s > throughput_samples_per_s * (1 + 1e-9)
       or goodput_tokens_per_s is not null and throughput_tokens_per_s is null
       or goodput_fraction < 0 or goodput_fraction > 1 + 1e-9
)
select * from final
