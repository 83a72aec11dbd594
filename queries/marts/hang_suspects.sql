-- hang_suspects: the ranks a hang points at, across every process group of the dumps.
-- Grain: one row per rank implicated in at least one group of hang_analysis.
-- Inputs: hang_analysis.
-- A rank is implicated in a group when it is missing there (never issued a collective the others
--   issued), stuck there (entered a collective the others completed) or silent (no data). The rank
--   or mismatched (issued another op than the others at the same sequence number). The rank
--   implicated in the most groups is the likeliest culprit: a hung rank stalls every group it is in.
-- Columns: rank, n_groups (groups implicating it), missing_in, stuck_in, silent_in,
--   mismatched_in (lists of group names), first_group (its group with the lowest hang_order), suspect_order, evidence.
with roles as (
    select m.rank, h.pg_name, h.hang_order, 'missing' as role
    from hang_analysis h, unnest(h.missing_ranks) as m(rank)
    union all
    select s.rank, h.pg_name, h.hang_order, 'stuck'
    from hang_analysis h, unnest(h.stuck_ranks) as s(rank)
    union all
    select q.rank, h.pg_name, h.hang_order, 'silent'
    from hang_analysis h, unnest(h.silent_ranks) as q(rank)
    union all
    select o.rank, h.pg_name, h.hang_order, 'mismatched'
    from hang_analysis h, unnest(h.mismatched_ranks) as o(rank)
),
per_rank as (
    select rank,
        count(distinct pg_name) as n_groups,
        coalesce(list(distinct pg_name) filter (where role = 'missing'), []) as missing_in,
        coalesce(list(distinct pg_name) filter (where role = 'stuck'), []) as stuck_in,
        coalesce(list(distinct pg_name) filter (where role = 'silent'), []) as silent_in,
        coalesce(list(distinct pg_name) filter (where role = 'mismatched'), []) as mismatched_in,
        arg_min(pg_name, hang_order) as first_group
    from roles
    group by rank
),
final as (
    select rank, n_groups, list_sort(missing_in) as missing_in, list_sort(stuck_in) as stuck_in,
        list_sort(silent_in) as silent_in, list_sort(mismatched_in) as mismatched_in, first_group,
        row_number() over (order by n_groups desc, rank) as suspect_order,
        format('rank {} is implicated in {} process group{}: missing in {}, stuck in {}, silent in {}, mismatched in {}',
               rank, n_groups, case when n_groups = 1 then '' else 's' end,
               len(missing_in), len(stuck_in), len(silent_in), len(mismatched_in)) as evidence
    from per_rank
)
select * from final
order by suspect_order
