-- diff_findings: the findings that appeared, disappeared or changed severity between the jobs.
-- Grain: one row per (finding, rank) on either side (rank NULL: job-wide).
-- Inputs: base.findings, new.findings (see marts/findings).
-- Columns: finding, rank, status ('appeared', 'disappeared', 'worse' / 'better' (severity
--   changed), 'same'), base_severity, new_severity, base_score, new_score (seconds the finding
--   accounts for), title (NEW's, else BASE's), evidence (NEW's, else BASE's), severity_order
--   (of the side that has it, NEW first: 1 = high).
with sev(severity, level) as (values ('high', 3), ('medium', 2), ('low', 1)),

base_side as (
    select f.finding, f.rank, f.severity, s.level, f.score, f.title, f.evidence
    from base.findings f left join sev s using (severity)
),

new_side as (
    select f.finding, f.rank, f.severity, s.level, f.score, f.title, f.evidence
    from new.findings f left join sev s using (severity)
),

final as (
    select
        coalesce(n.finding, b.finding) as finding,
        coalesce(n.rank, b.rank) as rank,
        case when b.finding is null then 'appeared'
             when n.finding is null then 'disappeared'
             when n.level > b.level then 'worse'
             when n.level < b.level then 'better'
             else 'same' end as status,
        b.severity as base_severity,
        n.severity as new_severity,
        b.score as base_score,
        n.score as new_score,
        coalesce(n.title, b.title) as title,
        coalesce(n.evidence, b.evidence) as evidence,
        4 - coalesce(n.level, b.level) as severity_order
    from base_side b
    full outer join new_side n on b.finding = n.finding and b.rank is not distinct from n.rank
)

select * from final
order by case status when 'appeared' then 1 when 'worse' then 2 when 'disappeared' then 3 when 'better' then 4 else 5 end,
         severity_order, finding, rank
