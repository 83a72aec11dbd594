-- collective_mismatches: collectives that the ranks of a process group issued differently at the
--   same sequence number (a different op, or different sizes or dtypes where the op needs them
--   equal), from flight-recorder dumps. NCCL matches collectives by order only, so such a
--   mismatch hangs or corrupts the job.
-- Grain: one row per (process group, collective sequence number) with a disagreement.
-- Inputs: stg_fr_entries.
-- Ops whose inputs must match on every rank: all_reduce, broadcast, reduce, all_gather,
--   reduce_scatter, barrier. all_to_all, gather, scatter and p2p sizes legitimately differ.
-- Columns: pg_name, pg_desc, collective_seq_id, mismatch ('op', 'sizes' or 'dtypes'), n_ranks,
--   variants (list of struct(rank, profiling_name, input_sizes, input_dtypes)), odd_ranks (the
--   ranks that differ from what most ranks issued), evidence.
with entries as (
    select * from stg_fr_entries where not coalesce(is_p2p, false) and collective_seq_id is not null
),
grouped as (
    select pg_name, collective_seq_id,
        max(pg_desc) as pg_desc,
        count(distinct rank) as n_ranks,
        count(distinct op) as n_ops,
        count(distinct input_sizes) as n_sizes,
        count(distinct input_dtypes) as n_dtypes,
        bool_and(op in ('all_reduce', 'broadcast', 'reduce', 'all_gather', 'reduce_scatter', 'barrier')) as sizes_must_match,
        list(struct_pack(rank := rank, profiling_name := profiling_name, input_sizes := input_sizes,
                         input_dtypes := input_dtypes) order by rank) as variants
    from entries
    group by pg_name, collective_seq_id
),
majority as (  -- the variant most ranks issued; the others are the odd ones out
    select pg_name, collective_seq_id,
        arg_max(variant, n) as usual
    from (
        select pg_name, collective_seq_id, struct_pack(p := profiling_name, s := input_sizes, d := input_dtypes) as variant,
            count(*) as n
        from entries
        group by all
    )
    group by pg_name, collective_seq_id
),
final as (
    select g.pg_name, pg_desc, g.collective_seq_id,
        case when n_ops > 1 then 'op' when n_dtypes > 1 then 'dtypes' else 'sizes' end as mismatch,
        n_ranks, variants,
        list_transform(list_filter(variants, lambda v: v.profiling_name is distinct from m.usual.p
                                   or (sizes_must_match and (v.input_sizes is distinct from m.usual.s
                                                             or v.input_dtypes is distinct from m.usual.d))),
                       lambda v: v.rank) as odd_ranks,
        format('process group {} ({}): collective #{} is {} across ranks: {}',
               pg_name, coalesce(pg_desc, '?'), collective_seq_id,
               case when n_ops > 1 then 'a different op' when n_dtypes > 1 then 'a different dtype'
                    else 'a different size' end,
               array_to_string(list_transform(variants, lambda v: format('rank {} {} {} {}', v.rank, v.profiling_name,
                                                                    v.input_sizes, v.input_dtypes)), '; ')) as evidence
    from grouped g
    join majority m using (pg_name, collective_seq_id)
    where n_ranks > 1 and (n_ops > 1 or (sizes_must_match and (n_sizes > 1 or n_dtypes > 1)))
)
select * from final
order by pg_name, collective_seq_id
