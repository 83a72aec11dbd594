-- timeline: what happened when, for the report's attempts timeline.
-- Grain: one row per notable log event (at most 500: failures first, then checkpoints, evals).
-- Inputs: int_log_events, attempts.
-- Settings: tracelens_timeline_max_events (500): a timeline a reader can scan; a crash loop
--   logs thousands of restarts, and the first ones tell the story.
-- Columns: ts_ns, kind (LogEventKind), rank, step, duration_s, detail, attempt.
with notable as (
    select e.ts_ns, e.kind, e.rank, e.step, e.duration_s, coalesce(e.detail, left(e.raw, 200)) as detail,
        case when e.kind in ('crash', 'restart', 'oom', 'collective_timeout', 'hang') then 0
             when e.kind like 'checkpoint%' then 1 else 2 end as importance
    from int_log_events e
    where e.kind in ('crash', 'restart', 'oom', 'collective_timeout', 'hang', 'checkpoint_save_start', 'checkpoint_save_end',
                     'checkpoint_load_start', 'checkpoint_load_end', 'eval_start', 'eval_end')
),
kept as (
    select * from notable
    qualify row_number() over (order by importance, ts_ns) <= coalesce(try_cast(getvariable('tracelens_timeline_max_events') as bigint), 500)
),
final as (
    select k.ts_ns, k.kind, k.rank, k.step, k.duration_s, k.detail, a.attempt
    from kept k
    asof left join attempts a on k.ts_ns >= a.start_ns
)
select * from final
order by ts_ns
