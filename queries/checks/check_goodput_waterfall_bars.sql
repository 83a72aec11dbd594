-- check_goodput_waterfall_bars: the waterfall's bars, each once, and the bars of the buckets
-- but productive end to end: each starts where the next one (in drawing order) ends, from the
-- wall time down. A gap or an overlap would draw time that is in no bucket, or in two.
-- Grain: one row per bar that breaks the rule. Must return zero rows. (Its own check: counted in
--   one query with the other marts' keys, the goodput views trip a DuckDB binder error.)
-- Inputs: goodput_waterfall.
-- Columns: bar, problem.
with bars as (
    select *, count(*) over (partition by bar) as copies,
        lead(end_s) over (order by bar) as next_end_s,
        lead(bucket) over (order by bar) as next_bucket
    from goodput_waterfall
),
final as (
    select bar, 'the bar is drawn twice' as problem from bars where copies > 1
    union all
    select bar, format('a gap or an overlap of {} s before the next bar', start_s - next_end_s)
    from bars
    where bucket not in ('wall', 'productive') and next_bucket not in ('productive')
      and abs(start_s - next_end_s) > 1e-6
)
select * from final
