"""Compare two jobs: the diff report model, built only from the diff_ views of queries/diff/.

`open_pair` attaches BASE and NEW side by side in one DuckDB connection: each side's views are
built in a catalog of its own (`base`, `new`), exactly as `Store.connect` builds them for one
store, and the diff_ views of queries/diff/ join the two. `build` reads those views into
frozen dataclasses; `render_text`, `render_markdown`, `render_json` and `render_html` turn
the model into strings; `parse_rule` and `judge` are the --fail-on gate. Nothing here
computes a metric.
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from tracelens.render import aligned, to_json

SIDES = ("base", "new")
_PER_CONNECTION = re.compile(r"^--\s*materialize:\s*per_connection\s*$", re.M)


@cache
def diff_view_definitions() -> list[tuple[str, str]]:
    """(name, sql) of every view of queries/diff/, each after the diff views it reads."""
    folder = resources.files("tracelens.queries").joinpath("diff")
    sources = {
        entry.name[: -len(".sql")]: entry.read_text(encoding="utf-8")
        for entry in folder.iterdir()
        if entry.name.endswith(".sql")
    }
    deps = {
        name: set(re.findall(r"\w+", re.sub(r"--[^\n]*", "", sql))) & (sources.keys() - {name})
        for name, sql in sources.items()
    }
    ordered: list[str] = []

    def visit(name: str) -> None:
        if name not in ordered:
            for dep in sorted(deps[name]):
                visit(dep)
            ordered.append(name)

    for name in sorted(sources):
        visit(name)
    return [(name, sources[name]) for name in ordered]


# Small results that several of the views a diff reads would each compute again (goodput by
# diff_goodput, diff_inputs and findings; step_breakdown by five): computed once per side.
_SHARED_SIDE_VIEWS = frozenset({"int_reference_rank", "int_log_steps", "int_job_wall", "int_ideal_step",
                                "step_breakdown", "goodput", "collective_summary", "stragglers"})


@cache
def side_views() -> frozenset[str]:
    """The views of queries/ that the diff_ views read on a side, and every view those read."""
    from tracelens.queries import dependencies

    deps = dependencies()
    wanted = [name for _, sql in diff_view_definitions()
              for name in re.findall(r"\b(?:base|new)\.(\w+)", _inputs_header(sql)) if name in deps]
    needed: set[str] = set()
    while wanted:
        name = wanted.pop()
        if name not in needed:
            needed.add(name)
            wanted.extend(deps[name])
    return frozenset(needed)


def _inputs_header(sql: str) -> str:
    match = re.search(r"^-- Inputs:(.*(?:\n--   .*)*)", sql, re.M)
    return match.group(1) if match else ""


def _attach_side(con: Any, store: Any, side: str) -> None:
    """Build one store's views in the catalog `side`, as Store.connect does for a connection
    (a small store's computed where they are made), less the views no diff_ view reads (checks,
    the timeline, ...: binding each costs time)."""
    from tracelens.queries import sources
    from tracelens.store import computed_once, derived_version, open_views

    con.execute(f"ATTACH ':memory:' AS {side}")
    con.execute(f"USE {side}")
    unread = set(sources()) - side_views()
    fresh_derived = store.derived_version == derived_version()
    statements = [(name, sql) for name, sql in store.view_statements(relative=False, precomputed=fresh_derived)
                  if name not in unread]
    open_views(con, statements, temp=False, once=computed_once() | _SHARED_SIDE_VIEWS, eager=store.small())


def open_pair(base: Any, new: Any, *, patterns: tuple[str, ...] = (), gpus: float | None = None,
              gpu_hour_cost: float | None = None) -> Any:
    """A DuckDB connection with BASE's views in catalog `base`, NEW's in `new`, and the diff_
    views of queries/diff/ in the default catalog. `base` and `new` are tracelens Stores (the
    same store twice is fine). `patterns` ('kernel:GLOB' / 'op:GLOB') get their own series in
    diff_op_samples, for --fail-on rules."""
    import duckdb

    from tracelens.store import Store, _manifest_generation, _read_lock, open_views, query_config

    config = query_config()
    con = duckdb.connect(config=config)
    if gpus is not None:
        con.execute("SET VARIABLE tracelens_gpus = ?", [float(gpus)])
    if gpu_hour_cost is not None:
        con.execute("SET VARIABLE tracelens_gpu_hour_cost = ?", [float(gpu_hour_cost)])
    con.execute("SET VARIABLE tracelens_diff_patterns = ?::VARCHAR[]", [list(patterns)])
    small = base.small() and new.small()
    if small:  # as Store.connect: tiny statements, one thread (a quarter less CPU for a diff)
        con.execute("SET threads = 1")

    for side, store in zip(SIDES, (base, new), strict=True):
        _read_lock(store.root)  # as Store.connect: what the manifest names stays while we read
        if store.generation != _manifest_generation(store.root):
            store._adopt(Store._load(store.root))
        _attach_side(con, store, side)
    con.execute("USE memory")
    # The diff views marked per_connection are computed once, as a store's (a filter pushed down
    # through the bootstrap's joins made one query 25x slower).
    definitions = diff_view_definitions()
    open_views(con, [(name, f"CREATE OR REPLACE VIEW {name} AS\n{sql.strip().rstrip(';')}\n;") for name, sql in definitions],
               once=frozenset(name for name, sql in definitions if _PER_CONNECTION.search(sql)))
    if small:  # (back to the connection's own setting)
        con.execute(f"SET threads = {config['threads']}" if "threads" in config else "RESET threads")
    return con


# ---------------------------------------------------------------------------- the model

DIFF_SCHEMA_VERSION = 1
DIFF_SECTIONS = ("goodput", "steps", "ops", "collectives", "ranks", "findings", "inputs")


@dataclass(frozen=True)
class MetricDelta:
    """A job-level figure (diff_goodput): one number per side, no per-step noise."""

    metric: str
    unit: str
    better: str  # 'higher' or 'lower'
    base: float | None
    new: float | None
    delta: float | None
    delta_pct: float | None
    noise_floor: float | None = None  # run to run, in the figure's unit (diff_job_noise)
    verdict: str | None = None


@dataclass(frozen=True)
class BucketDelta:
    bucket: str
    base_s: float | None
    new_s: float | None
    delta_s: float | None
    delta_pct: float | None
    base_fraction: float | None
    new_fraction: float | None
    delta_fraction: float | None
    change_rank: int | None = None  # 1 = the lost-time bucket that changed the most outside noise
    noise_floor_s: float | None = None
    verdict: str | None = None


@dataclass(frozen=True)
class StepDelta:
    """A per-step quantity (diff_steps) with its bootstrap interval and verdict."""

    quantity: str
    family: str
    base_units: int | None
    new_units: int | None
    base_mean_ms: float | None
    new_mean_ms: float | None
    base_median_ms: float | None
    new_median_ms: float | None
    delta_ms: float | None
    delta_pct: float | None
    ci_low_ms: float | None
    ci_high_ms: float | None
    verdict: str
    base_spread_ms: float | None = None  # robust spread of each side's steps
    new_spread_ms: float | None = None
    noise_floor_ms: float | None = None  # run to run: a smaller change is within noise


@dataclass(frozen=True)
class Change:
    """A row of diff_changes: the step's categories, the cause of a change ranked first."""

    quantity: str
    role: str  # total, cause, effect, other
    base_mean_ms: float | None
    new_mean_ms: float | None
    delta_ms: float | None
    delta_pct: float | None
    ci_low_ms: float | None
    ci_high_ms: float | None
    verdict: str
    change_rank: int | None
    noise_floor_ms: float | None = None


@dataclass(frozen=True)
class StepQuantile:
    side: str
    quantity: str
    q: float
    value_ms: float
    steps: int


@dataclass(frozen=True)
class OpDelta:
    level: str  # 'kernel' or 'op'
    name: str  # normalised (diff_op_samples)
    status: str  # appeared, disappeared, both
    base_calls: int
    new_calls: int
    base_total_ms: float
    new_total_ms: float
    base_mean_us: float | None
    new_mean_us: float | None
    base_calls_per_step: float | None
    new_calls_per_step: float | None
    base_ms_per_step: float | None
    new_ms_per_step: float | None
    delta_ms_per_step: float | None
    delta_pct: float | None
    ci_low_ms: float | None
    ci_high_ms: float | None
    verdict: str
    change_rank: int
    noise_floor_ms: float | None = None


@dataclass(frozen=True)
class CollectiveDelta:
    source: str
    op: str
    size_bytes: int | None
    n_ranks: int | None
    base_instances: int
    new_instances: int
    base_median_time_ms: float | None
    new_median_time_ms: float | None
    delta_time_pct: float | None
    base_median_busbw_gbps: float | None
    new_median_busbw_gbps: float | None
    delta_busbw_pct: float | None
    status: str


@dataclass(frozen=True)
class RankDelta:
    rank: int
    base_steps: int | None
    new_steps: int | None
    base_median_step_ms: float | None
    new_median_step_ms: float | None
    delta_ms: float | None
    delta_pct: float | None
    base_step_score: float | None
    new_step_score: float | None
    base_wait_caused_per_step_ms: float | None
    new_wait_caused_per_step_ms: float | None
    base_straggler: str | None
    new_straggler: str | None
    status: str | None


@dataclass(frozen=True)
class RankStepDelta:
    """A row of diff_rank_steps: one rank's step time or category per step, on each side."""

    rank: int
    quantity: str
    base_steps: int
    new_steps: int
    base_mean_ms: float | None
    new_mean_ms: float | None
    base_median_ms: float | None
    new_median_ms: float | None
    delta_ms: float | None
    delta_pct: float | None


@dataclass(frozen=True)
class FindingChange:
    finding: str
    rank: int | None
    status: str  # appeared, disappeared, worse, better, same
    base_severity: str | None
    new_severity: str | None
    base_score: float | None
    new_score: float | None
    title: str
    evidence: str


@dataclass(frozen=True)
class SideInputs:
    side: str
    files: int
    read: int
    failed: int
    traces: int
    traced_ranks: int
    trace_steps: int
    log_steps: int
    collectives: int
    has_goodput: bool
    missing: tuple[str, ...]


@dataclass(frozen=True)
class RuleResult:
    """One --fail-on rule against the diff: violated only by a change outside noise."""

    rule: str
    metric: str
    violated: bool
    evidence: str
    delta: float | None = None
    delta_pct: float | None = None
    verdict: str | None = None


@dataclass(frozen=True)
class DiffReport:
    schema_version: int
    base: str
    new: str
    changes: tuple[Change, ...]
    goodput: tuple[MetricDelta, ...]
    buckets: tuple[BucketDelta, ...]
    steps: tuple[StepDelta, ...]
    step_distribution: tuple[StepQuantile, ...]
    ops: tuple[OpDelta, ...]
    collectives: tuple[CollectiveDelta, ...]
    ranks: tuple[RankDelta, ...]
    rank_steps: tuple[RankStepDelta, ...]
    findings: tuple[FindingChange, ...]
    inputs: tuple[SideInputs, ...]
    rules: tuple[RuleResult, ...]

    @property
    def violations(self) -> tuple[RuleResult, ...]:
        return tuple(r for r in self.rules if r.violated)


def _rows(con: Any, sql: str, params: list[Any] | None = None) -> list[dict[str, Any]]:
    cursor = con.execute(sql, params or [])
    names = [d[0] for d in cursor.description]
    return [dict(zip(names, row, strict=True)) for row in cursor.fetchall()]


def _make(cls: type, row: dict[str, Any]) -> Any:
    values = {}
    for f in dataclasses.fields(cls):
        value = row.get(f.name)
        if isinstance(value, list):
            value = tuple(value)
        elif value is not None and f.type in ("float", "float | None"):
            value = float(value)
        values[f.name] = value
    return cls(**values)


def _section(con: Any, cls: type, sql: str) -> tuple[Any, ...]:
    return tuple(_make(cls, r) for r in _rows(con, sql))


def build(con: Any, base: str, new: str, rules: tuple[Rule, ...] = ()) -> DiffReport:
    """Read the diff_ views of an `open_pair` connection into a DiffReport, and judge `rules`."""
    report = DiffReport(
        schema_version=DIFF_SCHEMA_VERSION,
        base=base,
        new=new,
        changes=_section(con, Change, "select * from diff_changes"),
        goodput=_section(con, MetricDelta, "select * from diff_goodput"),
        buckets=_section(con, BucketDelta, "select * from diff_goodput_buckets"),
        steps=_section(con, StepDelta, "select * from diff_steps"),
        step_distribution=_section(con, StepQuantile, "select * from diff_step_distribution"),
        ops=_section(con, OpDelta, "select * from diff_ops"),
        collectives=_section(con, CollectiveDelta, "select * from diff_collectives"),
        ranks=_section(con, RankDelta, "select * from diff_ranks"),
        rank_steps=_section(con, RankStepDelta, "select * from diff_rank_steps"),
        findings=_section(con, FindingChange, "select * from diff_findings"),
        inputs=_section(con, SideInputs, "select * from diff_inputs"),
        rules=(),
    )
    pattern_rows = {r["quantity"]: r for r in _rows(con, "select * from diff_noise where quantity = any(?)",
                                                    [[r.metric for r in rules if r.is_pattern]])}
    return dataclasses.replace(report, rules=tuple(judge(rule, report, pattern_rows) for rule in rules))


def to_dict(report: DiffReport) -> dict[str, Any]:
    """The JSON document: every section, the rules' results and the violations."""
    doc = dataclasses.asdict(report)
    doc["violations"] = [dataclasses.asdict(v) for v in report.violations]
    return doc


def from_dict(data: dict[str, Any]) -> DiffReport:
    def rows(cls: type, key: str) -> tuple[Any, ...]:
        return tuple(_make(cls, item) for item in data.get(key, []))

    return DiffReport(
        schema_version=data["schema_version"], base=data["base"], new=data["new"], changes=rows(Change, "changes"),
        goodput=rows(MetricDelta, "goodput"), buckets=rows(BucketDelta, "buckets"), steps=rows(StepDelta, "steps"),
        step_distribution=rows(StepQuantile, "step_distribution"), ops=rows(OpDelta, "ops"),
        collectives=rows(CollectiveDelta, "collectives"), ranks=rows(RankDelta, "ranks"),
        rank_steps=rows(RankStepDelta, "rank_steps"),
        findings=rows(FindingChange, "findings"), inputs=rows(SideInputs, "inputs"), rules=rows(RuleResult, "rules"),
    )


# ---------------------------------------------------------------------------- --fail-on rules
STEP_QUANTITIES = ("step_time_ms", "compute_ms", "comm_exposed_ms", "memory_ms", "data_stall_ms", "host_overhead_ms",
                   "idle_ms", "comm_overlapped_ms", "comm_wait_ms", "comm_transfer_ms", "log_step_time_ms")
GOODPUT_METRICS = ("wall_s", "attempts", "productive_s", "goodput_fraction", "throughput_tokens_per_s",
                   "goodput_tokens_per_s", "throughput_samples_per_s", "goodput_samples_per_s", "tokens_per_step")
ALIASES = {"goodput": "goodput_fraction", "step_time": "step_time_ms"}
RULE_GRAMMAR = (
    "METRIC OP THRESHOLD: OP is > or <, THRESHOLD a signed number, with % for a change relative to BASE; "
    "METRIC is a per-step quantity (" + ", ".join(STEP_QUANTITIES) + "), a job figure ("
    + ", ".join(("goodput", *GOODPUT_METRICS)) + "), bucket:NAME (seconds of a goodput bucket), "
    "kernel:GLOB or op:GLOB (ms per step of the kernels or operators whose normalised name matches)"
)
_RULE = re.compile(
    r"^\s*(?P<metric>[^<>]+?)\s*(?P<op>[<>])\s*(?P<value>[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?)\s*(?P<pct>%)?\s*$"
)


@dataclass(frozen=True)
class Rule:
    """A parsed --fail-on rule: violated when the change in `metric` is `op` `threshold`
    (percent of BASE when `percent`) and outside noise."""

    text: str
    metric: str
    op: str
    threshold: float
    percent: bool

    @property
    def is_pattern(self) -> bool:
        return self.metric.startswith(("kernel:", "op:"))


def parse_rule(text: str) -> Rule:
    """A Rule, or a UsageError (exit 2) that says the grammar."""
    from tracelens.enums import GoodputBucket
    from tracelens.errors import UsageError

    match = _RULE.match(text)
    if match is None:
        raise UsageError(f"--fail-on {text!r}: not a rule; {RULE_GRAMMAR}")
    metric = ALIASES.get(match["metric"], match["metric"])
    kind, _, rest = metric.partition(":")
    if (metric in STEP_QUANTITIES or metric in GOODPUT_METRICS or (kind in ("kernel", "op") and rest)
            or (kind == "bucket" and rest in {b.value for b in GoodputBucket})):
        pass
    elif kind == "bucket":
        raise UsageError(f"--fail-on {text!r}: no goodput bucket {rest!r}; one of: "
                         + ", ".join(b.value for b in GoodputBucket))
    else:
        raise UsageError(f"--fail-on {text!r}: unknown metric {match['metric']!r}; {RULE_GRAMMAR}")
    return Rule(text=text, metric=metric, op=match["op"], threshold=float(match["value"]), percent=bool(match["pct"]))


def _num(value: float | None, digits: int = 4) -> str:
    return "-" if value is None else f"{value:.{digits}g}"


def judge(rule: Rule, report: DiffReport, pattern_rows: dict[str, dict[str, Any]]) -> RuleResult:
    """Is the rule violated? Only by a change outside noise: a per-step quantity's verdict
    (interval and run-to-run floor), a job figure's (its relative run-to-run floor)."""
    base = new = delta = pct = floor = None
    verdict: str | None = None
    what = rule.metric
    if rule.metric in STEP_QUANTITIES or rule.is_pattern:
        if rule.is_pattern:
            row = pattern_rows.get(rule.metric)
            step = _make(StepDelta, row) if row else None
        else:
            by_name = {s.quantity: s for s in report.steps}
            step = by_name.get(rule.metric)
            logged = by_name.get("log_step_time_ms")
            if (rule.metric == "step_time_ms" and (step is None or not step.base_units or not step.new_units)
                    and logged is not None):  # a side without profiled steps: the logged ones
                step, what = logged, "log_step_time_ms"
        if step is not None:
            base, new, delta, pct, verdict = step.base_mean_ms, step.new_mean_ms, step.delta_ms, step.delta_pct, step.verdict
        outside = verdict in ("regression", "improvement", "changed")
        interval = (f", 95 % interval {_num(step.ci_low_ms)} .. {_num(step.ci_high_ms)} ms, noise floor "
                    f"{_num(step.noise_floor_ms)} ms, {verdict}" if step is not None else "")
        unit = " ms per step"
    else:
        if rule.metric.startswith("bucket:"):
            row_b = next((b for b in report.buckets if b.bucket == rule.metric[len("bucket:"):]), None)
            if row_b is not None:
                base, new, delta, pct, floor = row_b.base_s, row_b.new_s, row_b.delta_s, row_b.delta_pct, row_b.noise_floor_s
                verdict = row_b.verdict
            unit = " s"
        else:
            row_g = next((g for g in report.goodput if g.metric == rule.metric), None)
            if row_g is not None:
                base, new, delta, pct, floor = row_g.base, row_g.new, row_g.delta, row_g.delta_pct, row_g.noise_floor
                verdict = row_g.verdict
            unit = f" {row_g.unit}" if row_g is not None and row_g.unit not in ("fraction", "count") else ""
        outside = verdict in ("regression", "improvement", "changed")
        interval = f", a job figure, run-to-run noise floor {_num(floor)}{unit}, {verdict}"
    value = pct if rule.percent else delta
    if value is None:
        return RuleResult(rule.text, what, False, f"{what}: no figure on "
                          + ("either side" if base is None and new is None else "one side") + "; not judged",
                          delta, pct, verdict)
    crossed = value > rule.threshold if rule.op == ">" else value < rule.threshold
    violated = crossed and outside
    evidence = (f"{what}: base {_num(base)}, new {_num(new)}{unit}, delta {delta:+.4g}"
                + (f" ({pct:+.1f} %)" if pct is not None else "") + interval)
    return RuleResult(rule.text, what, violated, evidence, delta, pct, verdict)


# ---------------------------------------------------------------------------- renderers
TOP_OPS = 12  # changes shown per level in text and Markdown (JSON has every name)


def _f(value: float | None, digits: int = 4) -> str:
    if value is None:
        return "-"
    if value == 0:
        return "0"
    return f"{value:.{digits}g}" if abs(value) < 1e6 else f"{value:,.0f}"


def _signed(value: float | None, digits: int = 3) -> str:
    if value is None:
        return "-"
    if value == 0:
        return "0"
    return f"{value:+.{digits}g}"


def _pct(value: float | None) -> str:
    return "-" if value is None else ("0 %" if value == 0 else f"{value:+.1f} %")


def _share(value: float | None) -> str:
    return "-" if value is None else f"{value * 100:.1f} %"


def _interval(low: float | None, high: float | None) -> str:
    return "-" if low is None or high is None else f"{_signed(low)} .. {_signed(high)}"


def _tables(report: DiffReport) -> list[tuple[str, str | None, list[str], list[list[str]]]]:
    """(section title, a line of explanation or None, header, rows) in reading order; both
    text renderers lay out the same tables."""
    out: list[tuple[str, str | None, list[str], list[list[str]]]] = []
    if report.rules:
        out.append(("Rules (--fail-on)", f"{len(report.violations)} of {len(report.rules)} violated",
                    ["rule", "result", "evidence"],
                    [[r.rule, "VIOLATED" if r.violated else "ok", r.evidence] for r in report.rules]))
    causes = [c for c in report.changes if c.change_rank is not None]
    total = next((c for c in report.changes if c.role == "total"), None)
    work = next((g for g in report.goodput if g.metric == "tokens_per_step" and g.verdict == "changed"), None)
    if total is not None:
        # a step that does other work (a larger batch, longer sequences) is the change to name first:
        # every per-step figure below then compares steps of different sizes
        headline = ((f"tokens per step {_f(work.base)} -> {_f(work.new)} ({_pct(work.delta_pct)}); " if work else "")
                    + f"step time {_signed(total.delta_ms)} ms per step ({_pct(total.delta_pct)}, {total.verdict})"
                    + (f"; first cause: {causes[0].quantity} {_signed(causes[0].delta_ms)} ms per step"
                       if causes else "; no category changed outside noise"))
        out.append(("What changed", headline, ["quantity", "role", "base ms", "new ms", "delta", "delta %",
                                                 "95 % interval", "noise floor", "verdict", "rank"],
                    [[c.quantity, c.role, _f(c.base_mean_ms), _f(c.new_mean_ms), _signed(c.delta_ms), _pct(c.delta_pct),
                      _interval(c.ci_low_ms, c.ci_high_ms), _f(c.noise_floor_ms, 3), c.verdict,
                      "-" if c.change_rank is None else str(c.change_rank)]
                     for c in report.changes]))
    wall = next((g for g in report.goodput if g.metric == "wall_s"), None)
    lost = next((b for b in report.buckets if b.change_rank == 1), None)
    goodput_note = None
    if wall is not None and wall.delta is not None:
        goodput_note = (f"wall time {_signed(wall.delta)} s ({_pct(wall.delta_pct)})"
                        + (f"; largest change of lost time: {lost.bucket} {_signed(lost.delta_s)} s" if lost else ""))
    out.append(("Goodput", goodput_note, ["figure", "base", "new", "delta", "delta %", "noise floor", "verdict"],
                [[g.metric, _f(g.base), _f(g.new), _signed(g.delta), _pct(g.delta_pct), _f(g.noise_floor, 3),
                  g.verdict or "-"] for g in report.goodput if g.base is not None or g.new is not None]))
    out.append(("Goodput buckets", "seconds and share of wall time", ["bucket", "base s", "new s", "delta s",
                "base share", "new share", "noise floor", "verdict"],
                [[b.bucket, _f(b.base_s), _f(b.new_s), _signed(b.delta_s), _share(b.base_fraction),
                  _share(b.new_fraction), _f(b.noise_floor_s, 3), b.verdict or "-"]
                 for b in report.buckets if b.base_s or b.new_s]))
    out.append(("Step time", "ms per step (the mean over ranks of each job step); 95 % bootstrap interval of the "
                "delta of the means; run-to-run noise floor", ["quantity", "steps", "base mean", "new mean",
                                                                "base median", "new median", "delta", "delta %",
                                                                "95 % interval", "noise floor", "verdict"],
                [[s.quantity, f"{s.base_units or 0}/{s.new_units or 0}", _f(s.base_mean_ms), _f(s.new_mean_ms),
                  _f(s.base_median_ms), _f(s.new_median_ms), _signed(s.delta_ms), _pct(s.delta_pct),
                  _interval(s.ci_low_ms, s.ci_high_ms), _f(s.noise_floor_ms, 3), s.verdict] for s in report.steps]))
    quantiles: dict[tuple[str, str], dict[float, float]] = {}
    for q in report.step_distribution:
        quantiles.setdefault((q.quantity, q.side), {})[q.q] = q.value_ms
    out.append(("Step time distribution", "ms per step at each quantile",
                ["quantity", "side", "min", "p10", "p25", "median", "p75", "p90", "max"],
                [[quantity, side, *(_f(v.get(p)) for p in (0.0, 0.1, 0.25, 0.5, 0.75, 0.9, 1.0))]
                 for (quantity, side), v in quantiles.items()]))
    for level, title in (("kernel", "Kernels"), ("op", "Operators")):
        rows = [o for o in report.ops if o.level == level]
        if not rows:
            continue
        top = sorted(rows, key=lambda o: o.change_rank)[:TOP_OPS]
        appeared = sum(o.status == "appeared" for o in rows)
        gone = sum(o.status == "disappeared" for o in rows)
        out.append((f"{title}: top changes", f"matched by normalised name, per step of the mean rank; {len(rows)} "
                    f"names, {appeared} appeared, {gone} disappeared",
                    ["name", "status", "calls/step", "base ms/step", "new ms/step", "delta", "delta %",
                     "95 % interval", "verdict"],
                    [[o.name, o.status, f"{_f(o.base_calls_per_step, 3)}/{_f(o.new_calls_per_step, 3)}",
                      _f(o.base_ms_per_step), _f(o.new_ms_per_step), _signed(o.delta_ms_per_step), _pct(o.delta_pct),
                      _interval(o.ci_low_ms, o.ci_high_ms), o.verdict] for o in top]))
    moved = sorted((o for o in report.ops if o.status != "both"),
                   key=lambda o: (-max(o.base_total_ms, o.new_total_ms), o.level, o.name))
    if moved:
        out.append(("Kernels and operators that appeared or disappeared", f"the {min(len(moved), TOP_OPS)} "
                    f"largest of {len(moved)}, by time", ["level", "name", "status", "calls", "ms per step"],
                    [[o.level, o.name, o.status, str(o.new_calls or o.base_calls),
                      _f(o.new_ms_per_step if o.status == "appeared" else o.base_ms_per_step)] for o in moved[:TOP_OPS]]))
    out.append(("Collectives", "per op x message size x ranks; median time and bus bandwidth",
                ["op", "bytes", "ranks", "instances", "base ms", "new ms", "time %", "base GB/s", "new GB/s", "status"],
                [[c.op, _f(c.size_bytes, 6), _f(c.n_ranks), f"{c.base_instances}/{c.new_instances}",
                  _f(c.base_median_time_ms), _f(c.new_median_time_ms), _pct(c.delta_time_pct),
                  _f(c.base_median_busbw_gbps), _f(c.new_median_busbw_gbps), c.status] for c in report.collectives]))
    out.append(("Ranks", "median step (ms) and the wait each rank causes the others per step (ms)",
                ["rank", "base median", "new median", "delta", "base wait caused", "new wait caused",
                 "base straggler", "new straggler"],
                [[str(r.rank), _f(r.base_median_step_ms), _f(r.new_median_step_ms), _signed(r.delta_ms),
                  _f(r.base_wait_caused_per_step_ms), _f(r.new_wait_caused_per_step_ms), r.base_straggler or "-",
                  r.new_straggler or "-"] for r in report.ranks]))
    categories = list(STEP_QUANTITIES[:7])
    by_rank: dict[int, dict[str, RankStepDelta]] = {}
    for r in report.rank_steps:
        by_rank.setdefault(r.rank, {})[r.quantity] = r
    out.append(("Step time per rank", "mean ms per step of each rank: base -> new",
                ["rank", "steps", *categories],
                [[str(rank), f"{next(iter(qs.values())).base_steps}/{next(iter(qs.values())).new_steps}",
                  *(f"{_f(qs[q].base_mean_ms, 3)} -> {_f(qs[q].new_mean_ms, 3)}" if q in qs else "-" for q in categories)]
                 for rank, qs in by_rank.items()]))
    out.append(("Findings", "appeared, worse, disappeared, better, same",
                ["status", "finding", "rank", "severity", "title"],
                [[f.status, f.finding, "-" if f.rank is None else str(f.rank),
                  f"{f.base_severity or '-'} -> {f.new_severity or '-'}", f.title] for f in report.findings]))
    out.append(("Inputs", None, ["side", "files", "read", "failed", "traces", "ranks", "trace steps", "log steps",
                                 "cannot fill"],
                [[i.side, str(i.files), str(i.read), str(i.failed), str(i.traces), str(i.traced_ranks),
                  str(i.trace_steps), str(i.log_steps), "; ".join(i.missing) or "-"] for i in report.inputs]))
    return out


def _safe(text: str) -> str:
    from tracelens.safe_text import printable

    return printable(text)


def render_text(report: DiffReport) -> str:
    """Plain text: one aligned table per section."""
    lines = [f"tracelens diff: BASE {_safe(report.base)}  ->  NEW {_safe(report.new)}", ""]
    for title, note, header, rows in _tables(report):
        lines.append(title + (f" ({note})" if note else ""))
        if not rows:
            lines += ["  (nothing on either side)", ""]
            continue
        right = [0 < i < len(header) - 1 for i in range(len(header))]  # the figures between name and verdict
        lines += ["  " + line for line in aligned(header, [[_safe(c) for c in row] for row in rows], right, rule=True)]
        lines.append("")
    return "\n".join(lines)


def render_markdown(report: DiffReport) -> str:
    """GitHub Markdown: a heading and a table per section."""
    def cell(text: str) -> str:
        return _safe(text).replace("|", "\\|").replace("<", "&lt;").replace(">", "&gt;")

    lines = ["# tracelens diff", "", f"BASE `{_safe(report.base)}`, NEW `{_safe(report.new)}`", ""]
    for title, note, header, rows in _tables(report):
        lines += [f"## {title}", ""]
        if note:
            lines += [cell(note), ""]
        if not rows:
            lines += ["Nothing on either side.", ""]
            continue
        lines.append("| " + " | ".join(cell(h) for h in header) + " |")
        lines.append("|" + "|".join("---" if i == 0 else "---:" for i in range(len(header))) + "|")
        lines += ["| " + " | ".join(cell(c) for c in row) + " |" for row in rows]
        lines.append("")
    return "\n".join(lines)


def render_json(report: DiffReport) -> str:
    """The JSON document for CI: schema_version, every section, rules and violations."""
    return to_json(to_dict(report))


# ---------------------------------------------------------------------------- HTML
_SIDE_COLORS = {"base": "#4c78a8", "new": "#f58518"}


def _charts(report: DiffReport) -> list[tuple[str, str, dict[str, Any] | None, str]]:
    """(key, title, Vega-Lite spec or None, caption) of each chart; the data are the model's."""
    out: list[tuple[str, str, dict[str, Any] | None, str]] = []
    side_scale = {"domain": list(_SIDE_COLORS), "range": list(_SIDE_COLORS.values())}
    buckets = [{"bucket": b.bucket, "side": side, "seconds": value}
               for b in report.buckets for side, value in (("base", b.base_s), ("new", b.new_s)) if value]
    out.append(("goodput", "Wall time by goodput bucket, side by side", {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json", "width": "container", "height": 90,
        "data": {"values": buckets}, "mark": {"type": "bar", "tooltip": True},
        "encoding": {"y": {"field": "side", "type": "nominal", "sort": ["base", "new"], "title": None},
                     "x": {"field": "seconds", "type": "quantitative", "stack": "zero", "title": "seconds"},
                     "color": {"field": "bucket", "type": "nominal"},
                     "order": {"field": "bucket"}},
    } if buckets else None, "each bar is one run's wall time, split into the goodput buckets" if buckets
        else "no goodput on either side: no log dates the steps"))
    steps = [{"quantity": c.quantity, "delta_ms": c.delta_ms, "low": c.ci_low_ms, "high": c.ci_high_ms,
              "verdict": c.verdict} for c in report.changes if c.delta_ms is not None]
    out.append(("categories", "Change per step of each category, with its 95 % interval", {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json", "width": "container", "height": 24 * max(len(steps), 1),
        "data": {"values": steps},
        "layer": [
            {"mark": {"type": "bar", "tooltip": True},
             "encoding": {"y": {"field": "quantity", "type": "nominal", "sort": None, "title": None},
                          "x": {"field": "delta_ms", "type": "quantitative", "title": "NEW - BASE, ms per step"},
                          "color": {"field": "verdict", "type": "nominal",
                                    "scale": {"domain": ["regression", "improvement", "changed", "within noise", "undetermined"],
                                              "range": ["#e45756", "#54a24b", "#b279a2", "#bab0ac", "#dddddd"]}}}},
            {"mark": {"type": "rule", "color": "#333"},
             "encoding": {"y": {"field": "quantity", "type": "nominal", "sort": None},
                          "x": {"field": "low", "type": "quantitative"}, "x2": {"field": "high"}}},
        ],
    } if steps else None, "bars: delta of the mean per step; lines: bootstrap interval" if steps
        else "no profiled steps on one side"))
    top = sorted((o for o in report.ops if o.delta_ms_per_step), key=lambda o: -abs(o.delta_ms_per_step or 0))[:20]
    ops = [{"name": f"{o.level}: {o.name}", "delta_ms": o.delta_ms_per_step, "verdict": o.verdict} for o in top]
    out.append(("ops", "Largest kernel and operator changes per step", {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json", "width": "container", "height": 18 * max(len(ops), 1),
        "data": {"values": ops}, "mark": {"type": "bar", "tooltip": True},
        "encoding": {"y": {"field": "name", "type": "nominal", "sort": None, "title": None,
                           "axis": {"labelLimit": 420}},
                     "x": {"field": "delta_ms", "type": "quantitative", "title": "NEW - BASE, ms per step"},
                     "color": {"condition": {"test": "datum.delta_ms > 0", "value": "#e45756"}, "value": "#54a24b"}},
    } if ops else None, "red: slower or more in NEW; green: faster or less" if ops else "no kernel or operator changed"))
    quantiles = [{"side": q.side, "q": q.q, "value_ms": q.value_ms} for q in report.step_distribution
                 if q.quantity == "step_time_ms"]
    out.append(("distribution", "Step time distribution of each side", {
        "$schema": "https://vega.github.io/schema/vega-lite/v5.json", "width": "container", "height": 200,
        "data": {"values": quantiles}, "mark": {"type": "line", "point": True, "tooltip": True},
        "encoding": {"x": {"field": "value_ms", "type": "quantitative", "title": "step time, ms"},
                     "y": {"field": "q", "type": "quantitative", "title": "share of steps at most this long"},
                     "color": {"field": "side", "type": "nominal", "scale": side_scale}},
    } if quantiles else None, "the quantiles of each side's profiled step times, overlaid (min, p10, p25, median, p75, p90, max)"
        if quantiles else "no profiled steps"))
    return out


def render_html(report: DiffReport, title: str = "tracelens diff") -> str:
    """One self-contained page like the report's: Vega inlined, every input string escaped."""
    import html as html_escape

    from tracelens.html import _CSS, _bundle, _script_json, chart_blocks

    esc = html_escape.escape
    bundle = _bundle()
    parts, embeds = chart_blocks(_charts(report), bundle)
    body = ["<section id=\"charts\">" + "".join(parts) + "</section>"]
    for section_title, note, header, rows in _tables(report):
        cells = "".join(f"<th>{esc(h)}</th>" for h in header)
        trs = "".join("<tr>" + "".join(f"<td>{esc(_safe(c))}</td>" for c in row) + "</tr>" for row in rows)
        body.append(f"<section><h2>{esc(section_title)}</h2>" + (f"<p class=\"caption\">{esc(note)}</p>" if note else "")
                    + (f"<table><thead><tr>{cells}</tr></thead><tbody>{trs}</tbody></table>" if rows
                       else "<p>Nothing on either side.</p>") + "</section>")
    script = "\n".join(
        f"vegaEmbed('#chart-{key}', {_script_json(spec)}, {{renderer: 'svg', actions: false}})"
        f".catch(function (e) {{ console.error('chart {key}: ' + e); }});"
        for key, spec in embeds
    )
    subtitle = f"BASE {_safe(report.base)}  ->  NEW {_safe(report.new)}"
    return (
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
        f"<title>{esc(title)}</title><style>{_CSS}</style>"
        f"<script>{bundle or ''}</script></head><body>"
        f"<header><h1>{esc(title)}</h1><p>{esc(subtitle)}</p></header>"
        f"<main>{''.join(body)}</main>"
        f"<script>\n{script}\n</script></body></html>\n"
    )
