-- int_fr_progress: how far each member of each process group got, from flight-recorder dumps.
-- Grain: one row per process group (global name) x member rank. Members come from the groups'
--   configuration in the dumps (pg_config ranks) and from the ranks that reported the group; a
--   member whose dump is missing, empty, or lacks the group has NULL progress (reported = false).
-- Inputs: fr_pg_status.
-- Columns: pg_name, pg_desc, rank, reported, last_enqueued, last_started, last_completed
--   (collective sequence numbers; -1 = none), n_entries (entries of the group in the dump).
with status as (
    select pg_name, rank,
        max(last_enqueued) as last_enqueued,
        max(last_started) as last_started,
        max(last_completed) as last_completed,
        max(n_entries) as n_entries
    from fr_pg_status
    where pg_name is not null and rank is not null
    group by pg_name, rank
),
descs as (
    select pg_name, max(pg_desc) filter (where pg_desc is not null and pg_desc <> 'undefined') as pg_desc
    from fr_pg_status
    where pg_name is not null
    group by pg_name
),
members as (
    select distinct pg_name, unnest(pg_ranks) as rank
    from fr_pg_status
    where pg_name is not null and pg_ranks is not null
    union
    select pg_name, rank from status
),
final as (
    select m.pg_name, d.pg_desc, m.rank,
        s.rank is not null as reported,
        s.last_enqueued, s.last_started, s.last_completed, s.n_entries
    from members m
    join descs d using (pg_name)
    left join status s using (pg_name, rank)
)
select * from final
order by try_cast(pg_name as bigint), pg_name, rank
