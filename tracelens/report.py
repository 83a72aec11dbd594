"""The report model: plain frozen dataclasses filled only from the SQL views, with a JSON
round trip. Renderers (tracelens.render) turn a Report into text; nothing here computes a
metric."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

from tracelens.enums import REPORT_SECTIONS

REPORT_SCHEMA_VERSION = 2
SECTIONS = REPORT_SECTIONS  # in the order a reviewer reads them


@dataclass(frozen=True)
class Bucket:
    name: str
    seconds: float
    percent: float | None
    gpu_hours: float | None
    dollars: float | None
    tokens_per_s_lost: float | None


@dataclass(frozen=True)
class WaterfallBar:
    """A bar of the goodput waterfall (view goodput_waterfall): where it lies on the wall-time axis."""

    bar: int
    label: str
    bucket: str
    start_s: float
    end_s: float
    seconds: float
    percent: float | None


@dataclass(frozen=True)
class ProductiveShare:
    category: str
    share: float
    seconds: float
    basis_rank_steps: int


@dataclass(frozen=True)
class Goodput:
    wall_s: float | None  # None with `reason`: nothing says when the steps ran
    attempts: int | None
    productive_s: float | None
    goodput_fraction: float | None
    throughput_tokens_per_s: float | None
    goodput_tokens_per_s: float | None
    throughput_samples_per_s: float | None
    goodput_samples_per_s: float | None
    gpus: float | None  # None when no input says and --gpus was not given: no GPU-hours then
    gpus_source: str  # a GpusSource value (tracelens.enums): where int_world_size found the count
    buckets: dict[str, float]  # bucket -> seconds (the JSON contract)
    attribution: tuple[Bucket, ...]  # per bucket: percent, GPU-hours, dollars, tokens/s lost
    mfu: float | None  # from --flops-per-token and --peak-tflops
    reported_mfu: float | None  # mean MFU the logs report, percent
    productive_split: tuple[ProductiveShare, ...]  # productive time split like the profiled steps
    provenance: dict[str, str]
    lost_s: float | None = None  # every bucket but productive
    total_gpu_hours: float | None = None
    lost_gpu_hours: float | None = None
    total_dollars: float | None = None
    lost_dollars: float | None = None
    gpus_detail: str | None = None  # where the GPU count comes from, or what to pass
    computing_s: float | None = None  # productive + lost_work: the time throughput is measured over
    tokens_total: float | None = None
    tokens_useful: float | None = None
    token_goodput_fraction: float | None = None  # goodput / throughput tokens/s
    # of computing_s, the share the lines that count tokens (samples) cover: the throughput is
    # measured over it, and the goodput takes the rest at that rate
    tokens_coverage: float | None = None
    samples_coverage: float | None = None
    tokens_reason: str | None = None  # tokens logged but no tokens/s: why
    fractions_note: str | None = None  # why it differs from goodput_fraction, when it does
    # why wall time, goodput and every figure built on them are None (steps but no clock)
    reason: str | None = None
    # False: nothing marks when the first process started, only its first step: wall_s and the
    # goodput leave out the start-up before that step (None with `reason`)
    start_logged: bool | None = None
    # the logs open mid-run at this step (nothing says it resumed), the steps before it, about
    # `unlogged_before_s` at the job's pace, not in them: wall_s and the goodput are the part shown
    opens_at_step: int | None = None
    unlogged_before_s: float | None = None
    # lines of the logs that say lines were cut out there (an excerpt's `...`): the time across them is `other`
    elided_lines: int = 0
    waterfall: tuple[WaterfallBar, ...] = ()  # wall time down to productive time, bar by bar


@dataclass(frozen=True)
class Attempt:
    attempt: int
    start_ns: int | None  # None: a log that dates nothing (its attempts in the order of its lines)
    end_ns: int | None
    first_step: int | None
    last_step: int | None
    resumed_from_step: int | None
    end_reason: str
    hang_start_ns: int | None = None
    hang_s: float | None = None  # a collective hang that ended it (restart_downtime)
    hang_end_ns: int | None = None
    hang_suspect_ranks: tuple[int, ...] | None = ()  # None: no flight-recorder dump names suspects
    # what its times rest on (a Clock value: the logs' clocks, the file's mtime, a year from the mtime)
    clock: str = "log"
    length_s: float | None = None  # None: its start and end are one instant, or it is undated (length_reason)
    # it ran longer than length_s (steps after its last dated line, or its own stated training time)
    length_at_least: bool | None = None
    length_reason: str | None = None


@dataclass(frozen=True)
class Finding:
    finding: str
    severity: str  # high / medium / low
    score: float | None  # seconds the finding accounts for
    rank: int | None
    title: str
    evidence: str
    advice: str
    source: str


@dataclass(frozen=True)
class TimelineEvent:
    ts_ns: int
    kind: str
    rank: int | None
    step: int | None
    duration_s: float | None
    detail: str | None
    attempt: int | None


@dataclass(frozen=True)
class StepPoint:
    rank: int
    step: int
    steps: int  # steps merged into this point (1 unless the job is large)
    step_ns: int
    # the categories: None where the step's trace recorded no device work (step_summary's reason)
    compute_ns: int | None
    comm_exposed_ns: int | None
    memory_ns: int | None
    data_stall_ns: int | None
    host_overhead_ns: int | None
    idle_ns: int | None
    attempt: int = 1  # the attempt the step ran in: a restart can profile the same step numbers again
    cycle: int = 0  # the rank's trace (profiler cycle): apart from attempt only for traces of unrelated runs
    median_step_ns: int | None = None  # the median over ranks at this attempt and step
    vs_median_ns: int | None = None  # step_ns - median_step_ns
    comm_wait_ns: int = 0  # this rank's collectives waiting for others
    lateness_ns: int = 0  # the longest wait of any rank at this step - this rank's: how long others waited for it
    # each category's mean over the ranks at this attempt and step (and trace, where a rank has two: step_series)
    mean_compute_ns: int | None = 0
    mean_comm_exposed_ns: int | None = 0
    mean_memory_ns: int | None = 0
    mean_data_stall_ns: int | None = 0
    mean_host_overhead_ns: int | None = 0
    mean_idle_ns: int | None = 0


@dataclass(frozen=True)
class RankSkew:
    rank: int
    collectives: int
    arrived_last: int
    arrived_last_pct: float | None
    wait_caused_per_step_ns: int | None
    step_score: float | None


@dataclass(frozen=True)
class CollectiveStat:
    source: str
    op: str
    size_bytes: int
    n_ranks: int | None
    instances: int
    median_time_ns: int
    median_busbw_gbps: float | None
    median_baseline_busbw_gbps: float | None
    median_efficiency: float | None
    excess_s: float | None
    no_bandwidth_reason: str | None = None  # one rank: nothing crosses a link; rank count unknown


@dataclass(frozen=True)
class BaselinePoint:
    op: str
    n_ranks: int
    size_bytes: int
    busbw_gbps: float
    baseline: str


@dataclass(frozen=True)
class Hang:
    pg_name: str
    pg_desc: str | None
    verdict: str  # HangVerdict
    hang_order: int
    divergent_seq: int | None
    missing_ranks: tuple[int, ...]
    stuck_seq: int | None
    stuck_ranks: tuple[int, ...]
    silent_ranks: tuple[int, ...]
    suspect_ranks: tuple[int, ...]
    profiling_name: str | None
    input_sizes: str | None
    input_dtypes: str | None
    frames: str | None
    evidence: str


@dataclass(frozen=True)
class TopKernel:
    kind: str
    name: str
    calls: int
    ranks: int
    total_ns: int
    mean_ns: int
    share_pct: float | None


@dataclass(frozen=True)
class Suspect:
    rank: int
    n_groups: int
    evidence: str


@dataclass(frozen=True)
class RankSteps:
    rank: int
    steps: int
    mean_step_ns: int
    compute_pct: float | None
    comm_exposed_pct: float | None
    memory_pct: float | None
    data_stall_pct: float | None
    host_overhead_pct: float | None
    idle_pct: float | None
    comm_overlapped_pct: float | None
    comm_wait_per_step_ns: int
    reason: str | None = None  # why the shares are unknown, or over fewer steps than `steps`


@dataclass(frozen=True)
class Straggler:
    rank: int
    reason: str
    evidence: str


@dataclass(frozen=True)
class InputFile:
    path: str
    kind: str | None
    status: str
    rows: int
    message: str | None
    warnings: tuple[str, ...]
    unrecognised_lines: int | None = None


@dataclass(frozen=True)
class Report:
    schema_version: int
    sections: tuple[str, ...]
    goodput: Goodput | None
    attempts: tuple[Attempt, ...]
    lost_steps: tuple[int, ...]
    ranks: tuple[RankSteps, ...]
    stragglers: tuple[Straggler, ...]
    inputs: tuple[InputFile, ...]
    findings: tuple[Finding, ...] = ()
    timeline: tuple[TimelineEvent, ...] = ()
    step_points: tuple[StepPoint, ...] = ()
    skew: tuple[RankSkew, ...] = ()
    collectives: tuple[CollectiveStat, ...] = ()
    baseline: tuple[BaselinePoint, ...] = ()
    hangs: tuple[Hang, ...] = ()
    suspects: tuple[Suspect, ...] = ()
    top_kernels: tuple[TopKernel, ...] = ()


PROVENANCE = {
    "wall_s": "measured: first attempt start to last attempt end, from log timestamps (view attempts)",
    "productive_s": "derived: completed steps not redone later, less start-up excess (view goodput_buckets)",
    "goodput_fraction": "derived: productive_s / wall_s (view goodput)",
    "throughput_tokens_per_s": "derived: tokens the lines count / the computing time those lines cover (view goodput)",
    "goodput_tokens_per_s": "derived: tokens the lines count in productive steps, and the throughput over productive "
                            "time no line counts, / wall_s (view goodput)",
    "buckets": "derived: wall time split by priority over logged intervals (view goodput_buckets)",
    "mfu": "derived: throughput x --flops-per-token / (GPUs x --peak-tflops) (view goodput)",
    "productive_split": "estimated: profiled steps' category shares applied to all productive time (view productive_breakdown)",
    "lost_gpu_hours": "derived: non-productive seconds x GPUs / 3600, NULL when the GPU count is unknown (view goodput_headline)",
}


def _rows(con: Any, sql: str) -> list[dict[str, Any]]:
    cursor = con.execute(sql)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def _fields(cls: type, row: dict[str, Any]) -> dict[str, Any]:
    """The row's values for the dataclass's fields; lists become tuples."""
    names = [f.name for f in dataclasses.fields(cls)]
    return {n: tuple(row[n]) if isinstance(row.get(n), list) else row.get(n) for n in names if n in row}



def build(con: Any, sections: tuple[str, ...] = SECTIONS) -> Report:
    """Read the views into a Report."""
    goodput = None
    attempts: tuple[Attempt, ...] = ()
    lost: tuple[int, ...] = ()
    timeline: tuple[TimelineEvent, ...] = ()
    if "goodput" in sections or "attempts" in sections:
        head = _rows(con, "select * from goodput_headline")
        if head:
            g = head[0]
            # with no clock, the buckets are no measurement either
            buckets = [] if g["reason"] else _rows(con, "select * from goodput_attribution order by seconds desc, bucket")
            goodput = Goodput(
                wall_s=g["wall_s"], attempts=g["attempts"], productive_s=g["productive_s"],
                goodput_fraction=g["goodput_fraction"], throughput_tokens_per_s=g["throughput_tokens_per_s"],
                goodput_tokens_per_s=g["goodput_tokens_per_s"], throughput_samples_per_s=g["throughput_samples_per_s"],
                goodput_samples_per_s=g["goodput_samples_per_s"],
                gpus=g["gpus"], gpus_source=g["gpus_source"], gpus_detail=g["gpus_detail"],
                computing_s=g["computing_s"], tokens_total=g["tokens_total"], tokens_useful=g["tokens_useful"],
                token_goodput_fraction=g["token_goodput_fraction"], fractions_note=g["fractions_note"], reason=g["reason"],
                tokens_coverage=g["tokens_coverage"], samples_coverage=g["samples_coverage"],
                tokens_reason=g["tokens_reason"],
                start_logged=g["start_logged"], opens_at_step=g["opens_at_step"], unlogged_before_s=g["unlogged_before_s"],
                elided_lines=g["elided_lines"] or 0,
                buckets={b["bucket"]: b["seconds"] for b in buckets},
                attribution=tuple(
                    Bucket(b["bucket"], b["seconds"], b["percent"], b["gpu_hours"], b["dollars"], b["tokens_per_s_lost"])
                    for b in buckets
                ),
                mfu=g["mfu"],
                reported_mfu=g["reported_mfu"],
                productive_split=tuple(
                    ProductiveShare(r["category"], r["share"], r["seconds"], r["basis_rank_steps"])
                    for r in _rows(con, "select * from productive_breakdown")
                ),
                provenance={**PROVENANCE, **{r["figure"]: f"{r['kind']}: {r['detail']}"
                                             for r in _rows(con, "select * from provenance")}},
                lost_s=g["lost_s"], total_gpu_hours=g["total_gpu_hours"], lost_gpu_hours=g["lost_gpu_hours"],
                total_dollars=g["total_dollars"], lost_dollars=g["lost_dollars"],
                waterfall=() if g["reason"] else tuple(
                    WaterfallBar(**_fields(WaterfallBar, r)) for r in _rows(con, "select * from goodput_waterfall order by bar")),
            )
            lost = tuple(g["lost_steps"] or ())
        attempts = tuple(Attempt(**_fields(Attempt, r)) for r in _rows(con, "select * from attempts order by attempt"))
        timeline = tuple(TimelineEvent(**_fields(TimelineEvent, r)) for r in _rows(con, "select * from timeline"))
    findings = (
        tuple(Finding(**_fields(Finding, r)) for r in _rows(con, "select * from findings order by severity_order"))
        if "findings" in sections else ()
    )
    ranks: tuple[RankSteps, ...] = ()
    points: tuple[StepPoint, ...] = ()
    kernels: tuple[TopKernel, ...] = ()
    if "steps" in sections:
        ranks = tuple(RankSteps(**r) for r in _rows(con, "select * from step_summary"))
        points = tuple(StepPoint(**_fields(StepPoint, r)) for r in _rows(con, "select * from step_series"))
        kernels = tuple(TopKernel(**_fields(TopKernel, r)) for r in _rows(con, "select * from top_kernels"))
    stragglers: tuple[Straggler, ...] = ()
    skew: tuple[RankSkew, ...] = ()
    if "ranks" in sections:
        stragglers = tuple(Straggler(r["rank"], r["reason"], r["evidence"]) for r in _rows(con, "select * from stragglers"))
        skew = tuple(RankSkew(**_fields(RankSkew, r)) for r in _rows(con, "select * from rank_summary order by rank"))
    collectives: tuple[CollectiveStat, ...] = ()
    baseline: tuple[BaselinePoint, ...] = ()
    if "collectives" in sections:
        collectives = tuple(CollectiveStat(**_fields(CollectiveStat, r)) for r in _rows(con, "select * from collective_summary"))
        baseline = tuple(BaselinePoint(**_fields(BaselinePoint, r)) for r in _rows(
            con, "select op, n_ranks, size_bytes, busbw_gbps, baseline from int_nccl_baseline order by op, n_ranks, size_bytes"))
    hangs: tuple[Hang, ...] = ()
    suspects: tuple[Suspect, ...] = ()
    if "hangs" in sections:
        hangs = tuple(Hang(**_fields(Hang, r)) for r in _rows(
            con, "select * from hang_analysis where hang_order is not null order by hang_order"))
        suspects = tuple(Suspect(**_fields(Suspect, r)) for r in _rows(con, "select * from hang_suspects order by suspect_order"))
    inputs: tuple[InputFile, ...] = ()
    if "inputs" in sections:
        inputs = tuple(
            InputFile(r["path"], r["kind"], r["status"], r["rows"], r["reason"], tuple(r["warnings"] or ()),
                      r["unrecognised_lines"])
            for r in _rows(con, "select path, kind, status, rows, reason, warnings, unrecognised_lines from inputs")
        )
    return Report(REPORT_SCHEMA_VERSION, tuple(sections), goodput, attempts, lost, ranks, stragglers, inputs,
                  findings, timeline, points, skew, collectives, baseline, hangs, suspects, kernels)


def to_dict(report: Report) -> dict[str, Any]:
    return dataclasses.asdict(report)


def _tuples(cls: type, items: list[dict[str, Any]]) -> tuple[Any, ...]:
    return tuple(cls(**_fields(cls, item)) for item in items)


def from_dict(data: dict[str, Any]) -> Report:
    g = data.get("goodput")
    goodput = None
    if g is not None:
        goodput = Goodput(**{
            **g,
            "attribution": tuple(Bucket(**b) for b in g["attribution"]),
            "productive_split": tuple(ProductiveShare(**p) for p in g["productive_split"]),
            "waterfall": tuple(WaterfallBar(**w) for w in g.get("waterfall", ())),
        })
    return Report(
        schema_version=data["schema_version"],
        sections=tuple(data["sections"]),
        goodput=goodput,
        attempts=_tuples(Attempt, data["attempts"]),
        lost_steps=tuple(data["lost_steps"]),
        ranks=_tuples(RankSteps, data["ranks"]),
        stragglers=_tuples(Straggler, data["stragglers"]),
        inputs=_tuples(InputFile, data["inputs"]),
        findings=_tuples(Finding, data.get("findings", [])),
        timeline=_tuples(TimelineEvent, data.get("timeline", [])),
        step_points=_tuples(StepPoint, data.get("step_points", [])),
        skew=_tuples(RankSkew, data.get("skew", [])),
        collectives=_tuples(CollectiveStat, data.get("collectives", [])),
        baseline=_tuples(BaselinePoint, data.get("baseline", [])),
        hangs=_tuples(Hang, data.get("hangs", [])),
        suspects=_tuples(Suspect, data.get("suspects", [])),
        top_kernels=_tuples(TopKernel, data.get("top_kernels", [])),
    )
