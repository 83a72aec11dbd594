-- int_world_size: how many GPUs (processes) the job held, and where that number comes from;
-- never a silent default.
-- Grain: one row.
-- Inputs: trace_meta, nccl_comms, log_steps, log_events; session variable `tracelens_gpus`
--   (--gpus).
-- Sources, best first: cli (--gpus), world_size (the largest world size in the traces'
--   distributedInfo), launch_config (the largest world size a launcher or framework printed:
--   log_events of kind launch_config, detail "world_size=N"), nccl_comms (the largest
--   communicator in NCCL_DEBUG lines), log_ranks
--   (two or more ranks print lines under the launcher's prefixes, `[default3]:`, srun `3: `:
--   ranks 0 to the highest one seen), script (a script's own count, `Total GPUs: 8`: log_events
--   launch_config detail "gpus_printed=N", the devices one process sees, maybe one node's: below the
--   ranks the logs show, above them where it is more than those), unknown (none of these: gpus is
--   NULL, and every GPU-hour and MFU figure with it).
-- Columns: gpus (NULL when unknown), gpus_source, gpus_detail (a sentence: where it comes
--   from, or what to pass).
with traced as (
    select max(world_size) as n from trace_meta
),
stated as (
    select max(try_cast(regexp_extract(detail, 'world_size=(\d+)', 1) as integer)) as n,
        max(try_cast(regexp_extract(detail, 'gpus_printed=(\d+)', 1) as integer)) as printed
    from log_events
    where kind = 'launch_config'
),
comms as (
    select max(nranks) as n from nccl_comms
),
log_ranks as (
    select count(distinct rank) as seen, max(rank) + 1 as n
    from (select rank from log_steps union all select rank from log_events)
    where rank is not null
),
final as (
    select
        case
            when getvariable('tracelens_gpus') is not null then try_cast(getvariable('tracelens_gpus') as double)
            when t.n is not null then t.n::double
            when s.n is not null then s.n::double
            when c.n is not null then c.n::double
            when l.seen >= 2 and not coalesce(s.printed > l.n, false) then l.n::double
            when s.printed is not null then s.printed::double
        end as gpus,
        case
            when getvariable('tracelens_gpus') is not null then 'cli'
            when t.n is not null then 'world_size'
            when s.n is not null then 'launch_config'
            when c.n is not null then 'nccl_comms'
            when l.seen >= 2 and not coalesce(s.printed > l.n, false) then 'log_ranks'
            when s.printed is not null then 'script'
            else 'unknown'
        end as gpus_source,
        case
            when getvariable('tracelens_gpus') is not null then 'given with --gpus'
            when t.n is not null then 'the largest world size in the traces'
            when s.n is not null then 'the world size the launcher or framework printed'
            when c.n is not null then 'the largest NCCL communicator in the logs'
            when l.seen >= 2 and not coalesce(s.printed > l.n, false) then format('the launcher''s line prefixes show ranks 0 to {}{}', l.n - 1,
                                         case when l.seen < l.n then format(', {} of them', l.seen) else '' end)
            when s.printed is not null then 'the GPU count the script printed (one node''s, where it counted the devices it sees)'
            else 'not in any trace or log: pass --gpus N for GPU-hours and MFU'
        end as gpus_detail
    from traced t, stated s, comms c, log_ranks l
)
select * from final
