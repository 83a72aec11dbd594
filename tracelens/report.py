"""The report model: plain frozen dataclasses filled only from the SQL views, with a JSON
round trip. Renderers (tracelens.render) turn a Report into text; nothing here computes a
metric."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any

REPORT_SCHEMA_VERSION = 1
SECTIONS = ("goodput", "attempts", "steps", "ranks", "inputs")


@dataclass(frozen=True)
class Bucket:
    name: str
    seconds: float
    percent: float | None
    gpu_hours: float | None
    dollars: float | None
    tokens_per_s_lost: float | None


@dataclass(frozen=True)
class ProductiveShare:
    category: str
    share: float
    seconds: float
    basis_rank_steps: int


@dataclass(frozen=True)
class Goodput:
    wall_s: float
    attempts: int
    productive_s: float | None
    goodput_fraction: float | None
    throughput_tokens_per_s: float | None
    goodput_tokens_per_s: float | None
    throughput_samples_per_s: float | None
    goodput_samples_per_s: float | None
    gpus: float
    gpus_source: str
    buckets: dict[str, float]  # bucket -> seconds (the JSON contract)
    attribution: tuple[Bucket, ...]  # per bucket: percent, GPU-hours, dollars, tokens/s lost
    mfu: float | None  # from --flops-per-token and --peak-tflops
    reported_mfu: float | None  # mean MFU the logs report, percent
    productive_split: tuple[ProductiveShare, ...]  # productive time split like the profiled steps
    provenance: dict[str, str]


@dataclass(frozen=True)
class Attempt:
    attempt: int
    start_ns: int
    end_ns: int
    first_step: int | None
    last_step: int | None
    resumed_from_step: int | None
    end_reason: str


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


PROVENANCE = {
    "wall_s": "measured: first attempt start to last attempt end, from log timestamps (view attempts)",
    "productive_s": "derived: completed steps not redone later, less start-up excess (view goodput_buckets)",
    "goodput_fraction": "derived: productive_s / wall_s (view goodput)",
    "throughput_tokens_per_s": "derived: tokens logged per completed step / time stepping (view goodput)",
    "goodput_tokens_per_s": "derived: tokens of productive steps / wall_s (view goodput)",
    "buckets": "derived: wall time split by priority over logged intervals (view goodput_buckets)",
    "mfu": "derived: throughput x --flops-per-token / (GPUs x --peak-tflops) (view goodput)",
    "productive_split": "estimated: profiled steps' category shares applied to all productive time (view productive_breakdown)",
}


def _rows(con: Any, sql: str) -> list[dict[str, Any]]:
    cursor = con.execute(sql)
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def build(con: Any, sections: tuple[str, ...] = SECTIONS) -> Report:
    """Read the views into a Report."""
    goodput = None
    attempts: tuple[Attempt, ...] = ()
    lost: tuple[int, ...] = ()
    if "goodput" in sections or "attempts" in sections:
        head = _rows(con, "select * from goodput")
        if head:
            g = head[0]
            buckets = _rows(con, "select * from goodput_attribution order by seconds desc, bucket")
            goodput = Goodput(
                wall_s=g["wall_s"], attempts=g["attempts"], productive_s=g["productive_s"],
                goodput_fraction=g["goodput_fraction"], throughput_tokens_per_s=g["throughput_tokens_per_s"],
                goodput_tokens_per_s=g["goodput_tokens_per_s"], throughput_samples_per_s=g["throughput_samples_per_s"],
                goodput_samples_per_s=g["goodput_samples_per_s"],
                gpus=buckets[0]["gpus"] if buckets else 1.0, gpus_source=buckets[0]["gpus_source"] if buckets else "default",
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
                provenance=dict(PROVENANCE),
            )
            lost = tuple(g["lost_steps"] or ())
        attempts = tuple(
            Attempt(**{k: r[k] for k in ("attempt", "start_ns", "end_ns", "first_step", "last_step", "resumed_from_step", "end_reason")})
            for r in _rows(con, "select * from attempts order by attempt")
        )
    ranks = tuple(RankSteps(**r) for r in _rows(con, "select * from step_summary")) if "steps" in sections else ()
    stragglers = (
        tuple(Straggler(r["rank"], r["reason"], r["evidence"]) for r in _rows(con, "select * from stragglers"))
        if "ranks" in sections
        else ()
    )
    inputs = (
        tuple(
            InputFile(r["path"], r["kind"], r["status"], r["rows"], r["message"], tuple(r["warnings"] or ()))
            for r in _rows(con, "select path, kind, status, rows, message, warnings from files order by path")
        )
        if "inputs" in sections
        else ()
    )
    return Report(REPORT_SCHEMA_VERSION, tuple(sections), goodput, attempts, lost, ranks, stragglers, inputs)


def to_dict(report: Report) -> dict[str, Any]:
    return dataclasses.asdict(report)


def from_dict(data: dict[str, Any]) -> Report:
    g = data.get("goodput")
    goodput = None
    if g is not None:
        goodput = Goodput(**{
            **g,
            "attribution": tuple(Bucket(**b) for b in g["attribution"]),
            "productive_split": tuple(ProductiveShare(**p) for p in g["productive_split"]),
        })
    return Report(
        schema_version=data["schema_version"],
        sections=tuple(data["sections"]),
        goodput=goodput,
        attempts=tuple(Attempt(**a) for a in data["attempts"]),
        lost_steps=tuple(data["lost_steps"]),
        ranks=tuple(RankSteps(**r) for r in data["ranks"]),
        stragglers=tuple(Straggler(**s) for s in data["stragglers"]),
        inputs=tuple(InputFile(**{**f, "warnings": tuple(f["warnings"])}) for f in data["inputs"]),
    )
