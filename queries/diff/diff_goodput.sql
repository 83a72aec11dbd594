-- diff_goodput: the two jobs' headlines side by side: wall time, goodput, throughput.
-- Grain: one row per figure (metric), in the report's order.
-- Inputs: base.goodput, new.goodput (the goodput view of each side; see marts/goodput).
-- Columns: metric (wall_s, attempts, productive_s, goodput_fraction, throughput_tokens_per_s,
--   goodput_tokens_per_s, throughput_samples_per_s, goodput_samples_per_s), unit, better
--   ('higher' or 'lower': which direction is an improvement), base, new (NULL when that side
--   has no such figure), delta (new - base), delta_pct (delta / base x 100; NULL when base is
--   0 or NULL), ord (display order).
with metrics(metric, unit, better, ord) as (
    values ('wall_s', 's', 'lower', 1), ('attempts', 'count', 'lower', 2), ('productive_s', 's', 'higher', 3),
           ('goodput_fraction', 'fraction', 'higher', 4), ('throughput_tokens_per_s', 'tokens/s', 'higher', 5),
           ('goodput_tokens_per_s', 'tokens/s', 'higher', 6), ('throughput_samples_per_s', 'samples/s', 'higher', 7),
           ('goodput_samples_per_s', 'samples/s', 'higher', 8)
),

sides as (
    select side, metric, value from (
        select side, wall_s::double as wall_s, attempts::double as attempts, productive_s::double as productive_s,
               goodput_fraction::double as goodput_fraction,
               throughput_tokens_per_s::double as throughput_tokens_per_s,
               goodput_tokens_per_s::double as goodput_tokens_per_s,
               throughput_samples_per_s::double as throughput_samples_per_s,
               goodput_samples_per_s::double as goodput_samples_per_s
        from (select 'base' as side, * from base.goodput union all by name select 'new' as side, * from new.goodput)
    ) unpivot include nulls (value for metric in (wall_s, attempts, productive_s, goodput_fraction,
        throughput_tokens_per_s, goodput_tokens_per_s, throughput_samples_per_s, goodput_samples_per_s))
),

base_side as (select metric, value from sides where side = 'base'),

new_side as (select metric, value from sides where side = 'new'),

final as (
    select
        m.metric,
        m.unit,
        m.better,
        b.value as base,
        n.value as new,
        n.value - b.value as delta,
        case when b.value <> 0 then (n.value - b.value) / abs(b.value) * 100 end as delta_pct,
        m.ord
    from metrics m
    left join base_side b using (metric)
    left join new_side n using (metric)
)

select * from final order by ord
