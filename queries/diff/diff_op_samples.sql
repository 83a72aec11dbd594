-- diff_op_samples: each side's operators and kernels per profiled step, matched by a normalised
-- name, for diff_ops and for the noise estimate of each one's time per step.
-- materialize: per_connection
-- Grain: one row per side x level x name x sampling unit (a job step: cycle x profiler step,
--   as in diff_step_samples); plus one row per side x pattern x unit for each pattern in the
--   session variable `tracelens_diff_patterns` (a list of 'kernel:GLOB' / 'op:GLOB', set by
--   `tracelens diff --fail-on`), summing the names the glob matches.
-- Inputs: base.trace_events, new.trace_events, base.int_traces, new.int_traces.
-- Levels: 'kernel' (device work: compute and communication kernels, memcpy, memset) and 'op'
--   (the profiler's operators, trace category cpu_op, and gloo's collectives on CPU traces).
--   Only events inside a ProfilerStep count (device work: by the step of its launch), as HTA's
--   TraceDiff counts the iterations it is given.
-- Name normalisation, HTA's shorten_name: memcpy/memset names as they are; other names lose
--   '->', then every template argument list <...> and parenthesised list (...), innermost
--   first, and keep the last space-separated word ('void at::native::f<float>(int)' ->
--   'at::native::f'), so template arguments and addresses do not break matching.
-- Columns: side, quantity (level || ':' || name, or the pattern itself), level, name (the
--   normalised name, or the pattern), unit ('cycle:step'), ranks (trace files that profiled
--   this step), calls (summed over ranks), time_ms (summed duration over ranks / ranks: the
--   mean rank's time in the step), total_ns (summed over ranks).
with events as (
    -- summed per file, step and raw name first: the name is normalised once per distinct name
    select 'base' as side, e.file_id, e.kind, e.name, e.profiler_step, count(*) as calls, sum(e.dur_ns) as total_ns
    from base.trace_events e
    where e.profiler_step is not null
      and (e.kind in ('compute_kernel', 'comm_kernel', 'memcpy', 'memset', 'comm_cpu') or e.category = 'cpu_op')
    group by all
    union all
    select 'new' as side, e.file_id, e.kind, e.name, e.profiler_step, count(*) as calls, sum(e.dur_ns) as total_ns
    from new.trace_events e
    where e.profiler_step is not null
      and (e.kind in ('compute_kernel', 'comm_kernel', 'memcpy', 'memset', 'comm_cpu') or e.category = 'cpu_op')
    group by all
),

traces as (
    select 'base' as side, file_id, cycle from base.int_traces
    union all
    select 'new' as side, file_id, cycle from new.int_traces
),

names as (
    select
        kind,
        name as raw_name,
        case when kind in ('compute_kernel', 'comm_kernel', 'memcpy', 'memset') then 'kernel' else 'op' end as level,
        case
            when kind in ('memcpy', 'memset') or (strpos(name, '<') = 0 and strpos(name, '(') = 0) then name
            else string_split(
                regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(regexp_replace(
                regexp_replace(regexp_replace(replace(name, '->', ''),
                '<[^<>]*>|\([^()]*\)', '', 'g'), '<[^<>]*>|\([^()]*\)', '', 'g'),
                '<[^<>]*>|\([^()]*\)', '', 'g'), '<[^<>]*>|\([^()]*\)', '', 'g'),
                '<[^<>]*>|\([^()]*\)', '', 'g'), '<[^<>]*>|\([^()]*\)', '', 'g'),
                '<[^<>]*>|\([^()]*\)', '', 'g'), '<[^<>]*>|\([^()]*\)', '', 'g'), ' ')[-1]
        end as name
    from (select distinct kind, name from events)
),

unit_ranks as (
    select side, t.cycle || ':' || e.profiler_step as unit, count(distinct e.file_id) as ranks
    from events e
    join traces t using (side, file_id)
    group by all
),

by_name as (
    select e.side, n.level, n.name, t.cycle || ':' || e.profiler_step as unit, sum(e.calls) as calls,
           sum(e.total_ns) as total_ns
    from events e
    join traces t using (side, file_id)
    join names n on n.kind = e.kind and n.raw_name = e.name
    group by all
),

patterns as (
    select distinct unnest(coalesce(getvariable('tracelens_diff_patterns'), []::varchar[])) as pattern
),

by_pattern as (
    select b.side, p.pattern, b.unit, sum(b.calls) as calls, sum(b.total_ns) as total_ns
    from by_name b
    join patterns p
      on (p.pattern like 'kernel:%' and b.level = 'kernel' and b.name glob substr(p.pattern, 8))
      or (p.pattern like 'op:%' and b.level = 'op' and b.name glob substr(p.pattern, 4))
    group by all
),

final as (
    select b.side, b.level || ':' || b.name as quantity, b.level, b.name, b.unit, u.ranks, b.calls,
           b.total_ns / 1e6 / u.ranks as time_ms, b.total_ns
    from by_name b
    join unit_ranks u using (side, unit)
    union all
    select b.side, b.pattern as quantity, split_part(b.pattern, ':', 1) as level, b.pattern as name, b.unit, u.ranks,
           b.calls, b.total_ns / 1e6 / u.ranks as time_ms, b.total_ns
    from by_pattern b
    join unit_ranks u using (side, unit)
)

select * from final
