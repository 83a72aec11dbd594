-- check_mart_grain: a mart with more than one row for a value of its key (the grain its
-- header states): a duplicated row counts its time, bytes or steps twice in every sum over it.
-- Grain: one row per duplicated key value of a mart. Must return zero rows.
-- Inputs: attempts, step_breakdown, collective_matches, clock_offsets, collective_summary,
--   collective_bandwidth_steps, comm_waits, goodput_buckets, rank_summary, step_summary, stragglers,
--   event_summary, gpu_time_breakdown,
--   hang_analysis, hang_suspects, collective_mismatches, inputs, productive_breakdown, provenance,
--   top_kernels.
-- Columns: view_name, key (the duplicated key value, as text), rows.
-- goodput, goodput_headline and goodput_attribution are not listed: any query that counts
--   their rows beside other views' trips a DuckDB 2.0 binder error ("Failed to bind column
--   reference SUBQUERY", from the correlated subqueries of goodput's columns).
with keyed(view_name, key, rows) as (
    select 'attempts', row(attempt)::varchar, count(*) over (partition by attempt) from attempts
    union all
    select 'step_breakdown', row(file_id, step)::varchar, count(*) over (partition by file_id, step) from step_breakdown
    union all
    select 'collective_matches', row(cycle, pg, seq, rank)::varchar, count(*) over (partition by cycle, pg, seq, rank) from collective_matches
    union all
    select 'clock_offsets', row(cycle, rank)::varchar, count(*) over (partition by cycle, rank) from clock_offsets
    union all
    select 'collective_summary', row(source, op, size_bytes, n_ranks)::varchar, count(*) over (partition by source, op, size_bytes, n_ranks) from collective_summary
    union all
    select 'collective_bandwidth_steps', row(rank, step)::varchar, count(*) over (partition by rank, step) from collective_bandwidth_steps
    union all
    select 'comm_waits', row(file_id, step, cause)::varchar, count(*) over (partition by file_id, step, cause) from comm_waits
    union all
    select 'goodput_buckets', row(bucket)::varchar, count(*) over (partition by bucket) from goodput_buckets
    union all
    select 'rank_summary', row(rank)::varchar, count(*) over (partition by rank) from rank_summary
    union all
    select 'step_summary', row(rank)::varchar, count(*) over (partition by rank) from step_summary
    union all
    select 'stragglers', row(rank)::varchar, count(*) over (partition by rank) from stragglers
    union all
    select 'event_summary', row(rank, kind)::varchar, count(*) over (partition by rank, kind) from event_summary
    union all
    select 'gpu_time_breakdown', row(file_id)::varchar, count(*) over (partition by file_id) from gpu_time_breakdown
    union all
    select 'hang_analysis', row(pg_name)::varchar, count(*) over (partition by pg_name) from hang_analysis
    union all
    select 'hang_suspects', row(rank)::varchar, count(*) over (partition by rank) from hang_suspects
    union all
    select 'collective_mismatches', row(pg_name, collective_seq_id)::varchar, count(*) over (partition by pg_name, collective_seq_id) from collective_mismatches
    union all
    select 'inputs', row(path)::varchar, count(*) over (partition by path) from inputs
    union all
    select 'productive_breakdown', row(category)::varchar, count(*) over (partition by category) from productive_breakdown
    union all
    select 'provenance', row(figure)::varchar, count(*) over (partition by figure) from provenance
    union all
    select 'top_kernels', row(kind, name)::varchar, count(*) over (partition by kind, name) from top_kernels
),
final as (
    select distinct view_name, key, rows from keyed where rows > 1
)
select * from final
