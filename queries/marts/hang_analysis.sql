-- hang_analysis: where a hung job's ranks stopped, per process group, from flight-recorder dumps.
-- materialize: per_connection
-- Grain: one row per process group (global name) seen in a dump.
-- Inputs: int_fr_progress, stg_fr_entries, collective_mismatches.
-- Method: each member's last enqueued / started / completed collective sequence number. The first
--   collective where ranks disagree is the one after the lowest last-enqueued number: the ranks
--   that never enqueued it are "missing" (they are somewhere else: see their last recorded op).
--   The first collective not completed everywhere is the one after the lowest last-completed
--   number: the ranks that enqueued it but never completed it, while others did, are "stuck"
--   inside it. Members without a dump (or without the group in theirs) are "silent".
-- Columns: pg_name, pg_desc, verdict (HangVerdict: 'missing_ranks', 'stuck', 'mismatch', 'silent_ranks', 'ok'),
--   n_members, n_reported, progress (list of struct(rank, last_enqueued, last_started,
--   last_completed)), divergent_seq, missing_ranks, stuck_seq, stuck_ranks, silent_ranks,
--   mismatched_ranks (ranks that issued something else at the first mismatched collective),
--   suspect_ranks (missing + stuck + silent + mismatched), op, profiling_name, input_sizes, input_dtypes,
--   frames (of the first disagreeing collective, as the lowest rank that has it recorded it),
--   missing_rank_last_ops (each missing rank's latest recorded op: where it is instead),
--   n_mismatches, first_mismatch_seq, hang_start_ns (creation of the first disagreeing or
--   stuck collective, earliest rank), hang_order (1 = the group to look at first: groups with
--   missing ranks (the strongest evidence: a rank never arrived), then stuck ranks, then
--   mismatches, then silent ranks; within each, the one whose collective began first),
--   evidence (a sentence for the report).
with progress as (
    select * from int_fr_progress
),
groups as (
    select pg_name,
        max(pg_desc) as pg_desc,
        count(*) as n_members,
        count(*) filter (where reported) as n_reported,
        min(last_enqueued) as min_enqueued,
        max(last_enqueued) as max_enqueued,
        min(last_completed) as min_completed,
        max(last_completed) as max_completed,
        list(struct_pack(rank := rank, last_enqueued := last_enqueued, last_started := last_started,
                         last_completed := last_completed) order by rank) as progress,
        coalesce(list(rank order by rank) filter (where not reported), []) as silent_ranks
    from progress
    group by pg_name
),
points as (
    select *,
        case when max_enqueued > min_enqueued then min_enqueued + 1 end as divergent_seq,
        case when max_completed > min_completed then min_completed + 1 end as stuck_seq
    from groups
),
who as (
    select p.pg_name,
        coalesce(list(g.rank order by g.rank) filter (where g.last_enqueued < p.divergent_seq), []) as missing_ranks,
        coalesce(list(g.rank order by g.rank) filter (
            where g.last_completed < p.stuck_seq and g.last_enqueued >= p.stuck_seq), []) as stuck_ranks
    from points p
    join progress g using (pg_name)
    group by p.pg_name
),
collectives as (
    select * from stg_fr_entries where not coalesce(is_p2p, false)
),
mismatches as (
    select pg_name, count(*) as n_mismatches, min(collective_seq_id) as first_mismatch_seq,
        arg_min(evidence, collective_seq_id) as mismatch_evidence,
        arg_min(odd_ranks, collective_seq_id) as mismatched_ranks
    from collective_mismatches
    group by pg_name
),
first_bad as (  -- the first disagreeing collective, else the first one not completed everywhere, else the
                -- first mismatched one (as an odd rank issued it)
    select p.pg_name,
        arg_min(struct_pack(op := e.op, profiling_name := e.profiling_name, input_sizes := e.input_sizes,
                            input_dtypes := e.input_dtypes, frames := e.frames),
                case when list_contains(coalesce(mm.mismatched_ranks, []), e.rank) then -1 else e.rank end) as entry,
        min(e.time_created_ns) as created_ns
    from points p
    left join mismatches mm using (pg_name)
    join collectives e
      on e.pg_name = p.pg_name
     and e.collective_seq_id = coalesce(p.divergent_seq, p.stuck_seq, mm.first_mismatch_seq)
    group by p.pg_name
),
latest as (  -- every rank's latest recorded operation, whatever the group
    select rank,
        arg_max(struct_pack(pg_name := pg_name, pg_desc := pg_desc, profiling_name := profiling_name,
                            seq := entry_seq, state := state, frames := frames), time_created_ns) as op
    from stg_fr_entries
    group by rank
),
missing_ops as (
    select w.pg_name,
        list(struct_pack(rank := m.rank, pg_name := l.op.pg_name, pg_desc := l.op.pg_desc,
                         profiling_name := l.op.profiling_name, seq := l.op.seq, state := l.op.state,
                         frames := l.op.frames) order by m.rank) as missing_rank_last_ops
    from who w, unnest(w.missing_ranks) as m(rank)
    left join latest l on l.rank = m.rank
    group by w.pg_name
),
joined as (
    select p.pg_name, p.pg_desc, p.n_members, p.n_reported, p.progress,
        p.divergent_seq, w.missing_ranks, p.stuck_seq, w.stuck_ranks, p.silent_ranks,
        coalesce(mm.mismatched_ranks, []) as mismatched_ranks,
        list_sort(list_distinct(list_concat(w.missing_ranks, w.stuck_ranks, p.silent_ranks,
                                            coalesce(mm.mismatched_ranks, [])))) as suspect_ranks,
        f.entry.op as op, f.entry.profiling_name as profiling_name, f.entry.input_sizes as input_sizes,
        f.entry.input_dtypes as input_dtypes, f.entry.frames as frames,
        mo.missing_rank_last_ops,
        coalesce(mm.n_mismatches, 0) as n_mismatches, mm.first_mismatch_seq, mm.mismatch_evidence,
        f.created_ns as hang_start_ns,
        case when len(w.missing_ranks) > 0 then 'missing_ranks'
             when len(w.stuck_ranks) > 0 then 'stuck'
             when mm.n_mismatches > 0 then 'mismatch'
             when len(p.silent_ranks) > 0 then 'silent_ranks'
             else 'ok' end as verdict
    from points p
    join who w using (pg_name)
    left join first_bad f using (pg_name)
    left join missing_ops mo using (pg_name)
    left join mismatches mm using (pg_name)
),
final as (
    select * exclude (mismatch_evidence),
        case when verdict = 'ok' then null
             else row_number() over (
                 partition by verdict = 'ok'
                 order by case verdict when 'missing_ranks' then 0 when 'stuck' then 1 when 'mismatch' then 2 else 3 end,
                          hang_start_ns nulls last, pg_name)
        end as hang_order,
        case verdict
            when 'missing_ranks' then format(
                'process group {} ({}): rank{} {} never issued collective #{} ({} {} {}) that rank{} {} issued',
                pg_name, coalesce(pg_desc, '?'), case when len(missing_ranks) = 1 then '' else 's' end,
                array_to_string(missing_ranks, ', '), divergent_seq,
                coalesce(profiling_name, '?'), coalesce(input_sizes, ''), coalesce(input_dtypes, ''),
                case when n_reported - len(missing_ranks) = 1 then '' else 's' end,
                array_to_string(list_filter(list_transform(progress, lambda x: x.rank),
                                            lambda r: not list_contains(missing_ranks, r) and not list_contains(silent_ranks, r)), ', '))
                || case when len(stuck_ranks) > 0
                        then format('; rank{} {} {} stuck in collective #{}', case when len(stuck_ranks) = 1 then '' else 's' end,
                                    array_to_string(stuck_ranks, ', '), case when len(stuck_ranks) = 1 then 'is' else 'are' end,
                                    stuck_seq)
                        else '' end
            when 'stuck' then format(
                'process group {} ({}): rank{} {} entered collective #{} ({} {}) and never completed it; the others did',
                pg_name, coalesce(pg_desc, '?'), case when len(stuck_ranks) = 1 then '' else 's' end,
                array_to_string(stuck_ranks, ', '), stuck_seq,
                coalesce(profiling_name, '?'), coalesce(input_sizes, ''))
            when 'mismatch' then mismatch_evidence
            when 'silent_ranks' then format(
                'process group {} ({}): no flight-recorder data from ranks {} ({} of {} members reported, all at collective #{})',
                pg_name, coalesce(pg_desc, '?'), array_to_string(silent_ranks, ', '), n_reported, n_members,
                list_max(list_transform(progress, lambda x: x.last_enqueued)))
        end as evidence
    from joined
)
select * from final
order by hang_order nulls last, try_cast(pg_name as bigint), pg_name
