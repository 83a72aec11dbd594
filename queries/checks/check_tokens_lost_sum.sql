-- check_tokens_lost_sum: the per-bucket tokens/s lost that do not add up to throughput minus
-- goodput (each bucket's share of the gap must account for all of it, and nothing twice).
-- Grain: at most one row. Must return zero rows.
-- Inputs: goodput, goodput_attribution.
with lost as (
    select sum(tokens_per_s_lost) as tokens_per_s_lost from goodput_attribution
),
final as (
    select g.throughput_tokens_per_s, g.goodput_tokens_per_s, l.tokens_per_s_lost,
        g.throughput_tokens_per_s - g.goodput_tokens_per_s as gap_tokens_per_s
    from goodput g, lost l
    where g.throughput_tokens_per_s is not null
      and abs(coalesce(l.tokens_per_s_lost, 0) - (g.throughput_tokens_per_s - g.goodput_tokens_per_s))
          > 1e-6 * greatest(g.throughput_tokens_per_s, 1)
)
select * from final
