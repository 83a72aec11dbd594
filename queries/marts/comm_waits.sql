-- comm_waits: wall-clock time each rank spends waiting for other ranks in collectives,
-- each instant counted once.
-- Grain: one row per trace file x step x cause. cause is null on the row that unions every
--   wait of the step; the other rows union only the waits in instances where rank `cause`
--   arrived last (who made this rank wait).
-- Inputs: collective_matches (matched instances, ranks > 1).
-- Method: a collective's wait sits at its start: [start_ns, start_ns + wait_ns]. Collectives
--   in flight together (DDP's gradient buckets, async ops) wait for the same late rank at the
--   same time, so summing their waits counts those instants twice or more (a 30 ms straggler
--   read as 60 ms of waiting with two buckets); overlapping waits are merged into one span.
-- Columns: file_id, rank, step (null: outside profiled steps), cause, collectives (waits
--   merged), wait_ns.
with waits as (
    select file_id, rank, step, last_rank, start_ns as wait_start_ns, start_ns + wait_ns as wait_end_ns
    from collective_matches
    where ranks > 1 and wait_ns > 0
),
keyed as (
    select file_id, rank, step, null::integer as cause, wait_start_ns, wait_end_ns from waits
    union all
    -- no per-cause copy where nobody arrived last (every rank started at once): it would land in
    -- the union row's partition (cause NULL) and count that collective twice
    select file_id, rank, step, last_rank as cause, wait_start_ns, wait_end_ns from waits where last_rank is not null
),
marked as (
    select *,
        -- a span opens where a wait starts after every earlier wait (in start order) has ended
        case when wait_start_ns > coalesce(max(wait_end_ns) over (
            partition by file_id, step, cause order by wait_start_ns, wait_end_ns
            rows between unbounded preceding and 1 preceding), -1) then 1 else 0 end as opens
    from keyed
),
numbered as (
    select *, sum(opens) over (partition by file_id, step, cause order by wait_start_ns, wait_end_ns
                               rows unbounded preceding) as span_id
    from marked
),
spans as (
    select file_id, rank, step, cause, span_id, count(*) as collectives,
        max(wait_end_ns) - min(wait_start_ns) as span_ns
    from numbered
    group by file_id, rank, step, cause, span_id
),
final as (
    select file_id, rank, step, cause, sum(collectives)::bigint as collectives, sum(span_ns)::bigint as wait_ns
    from spans
    group by file_id, rank, step, cause
)
select * from final
