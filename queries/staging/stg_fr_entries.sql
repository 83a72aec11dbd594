-- stg_fr_entries: flight-recorder entries, one row per recorded operation of a rank.
-- Grain: one row per (rank, record_id). The same record can be in several dumps of one rank
--   (the pickle and the JSON form of one dump, or two dumps taken at different moments): the
--   most advanced copy is kept (completed over started over scheduled), with its Python frames
--   if a copy has them (the JSON form has none).
-- Inputs: fr_entries.
-- Columns: those of fr_entries, plus entry_seq (collective_seq_id for collectives, p2p_seq_id
--   for point-to-point operations).
with ranked as (
    select *,
        row_number() over (
            partition by rank, coalesce(record_id, -1), pg_name, collective_seq_id, p2p_seq_id
            order by case state when 'completed' then 0 when 'started' then 1 else 2 end,
                     frames is null, file_id
        ) as copy
    from fr_entries
),
final as (
    select * exclude (copy),
        case when is_p2p then p2p_seq_id else collective_seq_id end as entry_seq
    from ranked
    where copy = 1
)
select * from final
