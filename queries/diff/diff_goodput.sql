-- diff_goodput: the two jobs' headlines side by side: wall time, goodput, throughput.
-- Grain: one row per figure (metric), in the report's order.
-- Inputs: base.goodput, new.goodput (the goodput view of each side; see marts/goodput),
--   base.int_log_steps, new.int_log_steps, diff_job_noise.
-- Columns: metric (wall_s, attempts, productive_s, goodput_fraction, throughput_tokens_per_s,
--   goodput_tokens_per_s, throughput_samples_per_s, goodput_samples_per_s, tokens_per_step:
--   the mean tokens of the logged steps that say theirs), unit, better ('higher' or 'lower': which direction is an
--   improvement; 'none' for tokens per step, the work a step does), base, new (NULL when that
--   side has no such figure), delta (new - base), delta_pct (delta / base x 100; NULL when base
--   is 0 or NULL), noise_floor (diff_job_noise's relative floor x the larger of |base| and
--   |new|, in the figure's unit; 0 for the counts, attempts and tokens per step), verdict ('within noise' when the delta is 0 or no larger than
--   the floor; else 'regression' or 'improvement' by `better`, 'changed' for tokens per step;
--   NULL when a side has no figure), ord (display order).
with metrics(metric, unit, better, ord) as (
    values ('wall_s', 's', 'lower', 1), ('attempts', 'count', 'lower', 2), ('productive_s', 's', 'higher', 3),
           ('goodput_fraction', 'fraction', 'higher', 4), ('throughput_tokens_per_s', 'tokens/s', 'higher', 5),
           ('goodput_tokens_per_s', 'tokens/s', 'higher', 6), ('throughput_samples_per_s', 'samples/s', 'higher', 7),
           ('goodput_samples_per_s', 'samples/s', 'higher', 8), ('tokens_per_step', 'tokens', 'none', 9)
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
    union all
    select side, 'tokens_per_step' as metric, avg(tokens)::double as value
    from (select 'base' as side, tokens from base.int_log_steps union all select 'new' as side, tokens from new.int_log_steps)
    where tokens is not null
    group by side
),

base_side as (select metric, value from sides where side = 'base'),

new_side as (select metric, value from sides where side = 'new'),

paired as (
    select
        m.metric,
        m.unit,
        m.better,
        b.value as base,
        n.value as new,
        n.value - b.value as delta,
        case when b.value <> 0 then (n.value - b.value) / abs(b.value) * 100 end as delta_pct,
        case when m.unit in ('count', 'tokens') then 0  -- counted, not timed: no machine makes them vary
             else (select relative_floor from diff_job_noise) * greatest(abs(b.value), abs(n.value)) end as noise_floor,
        m.ord
    from metrics m
    left join base_side b using (metric)
    left join new_side n using (metric)
),

final as (
    select
        metric, unit, better, base, new, delta, delta_pct, noise_floor,
        case
            when delta is null then null
            when delta = 0 or abs(delta) <= noise_floor then 'within noise'
            when better = 'none' then 'changed'
            when (delta > 0) = (better = 'higher') then 'improvement'
            else 'regression'
        end as verdict,
        ord
    from paired
)

select * from final order by ord
