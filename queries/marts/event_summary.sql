-- event_summary: how many events of each kind each rank recorded, and their summed time.
-- Grain: one row per rank x kind.
-- Inputs: trace_events.
-- Columns: rank, kind (EventKind), events (count), total_dur_ns (sum of durations, ns;
--   nested events are counted in full), files (trace files contributing).
with events as (
    select rank, kind, dur_ns, file_id from trace_events
),
final as (
    select
        rank,
        kind,
        count(*) as events,
        sum(dur_ns)::bigint as total_dur_ns,
        count(distinct file_id) as files
    from events
    group by rank, kind
)
select * from final
order by rank, kind
