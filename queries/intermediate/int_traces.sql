-- int_traces: every trace file with its profiler cycle on its rank.
-- Grain: one row per trace file (file_id).
-- Inputs: stg_traces.
-- Method: a rank's traces are numbered by their start time (then file_id), from 0. A job
--   profiled in several cycles (a profiler schedule that repeats, a job restarted) leaves one
--   trace per rank and cycle, and a cycle's collectives match across ranks by (cycle, pg, seq).
--   The numbering reads every trace of the rank, so it is made here, per store, and never at
--   ingest, file by file: a trace ingested later renumbers the rank's traces after it.
-- Columns: the columns of stg_traces, then cycle (0-based order of the rank's traces by start
--   time).
with final as (
    select t.*, (row_number() over (partition by t.rank order by t.start_ns, t.file_id) - 1)::integer as cycle
    from stg_traces t
)
select * from final
