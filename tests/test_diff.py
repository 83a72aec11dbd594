"""tracelens diff: the diff_ views and the command, against HTA's TraceDiff and the raw traces.

Ground truth: tests/reference/hta_trace_diff/hta_0.6.1_trace_diff.json, what HTA 0.6.1's
TraceDiff computes on the corpus pair kineto/gpu/trace_diff (control vs test; the script
beside it made it), and the ProfilerStep spans of the raw traces, read here with the stdlib.
"""

from __future__ import annotations

import collections
import functools
import gzip
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SAMPLE_LOGS, corpus_or_skip, run_cli

REFERENCE = Path(__file__).resolve().parent / "reference" / "hta_trace_diff" / "hta_0.6.1_trace_diff.json"


@pytest.fixture(scope="module")
def pair(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """The trace_diff pair (control, test) ingested into two stores."""
    from tracelens.store import Store

    folder = corpus_or_skip("kineto", "gpu", "trace_diff")
    roots = []
    for side in ("control", "test"):
        root = tmp_path_factory.mktemp("diff") / f"{side}.tlstore"
        outcome = Store.open(root).ingest([folder / side])
        assert not outcome.failed
        roots.append(root)
    return roots[0], roots[1]


@pytest.fixture(scope="module")
def pair_con(pair: tuple[Path, Path]) -> Any:
    from tracelens.diff import open_pair
    from tracelens.store import Store

    return open_pair(Store.open(pair[0], create=False), Store.open(pair[1], create=False))


def _hta() -> dict[str, Any]:
    return json.loads(REFERENCE.read_text())


def _close(got: float, want: float) -> bool:
    return abs(got - want) <= 0.01 * abs(want) + 1e-9  # within 1 %


def test_kernels_agree_with_hta_trace_diff(pair_con: Any) -> None:
    """Every GPU kernel, memcpy and memset HTA's compare_traces names (short names, every
    iteration), with its calls and total time on each side, within 1 %; no other name."""
    hta = {r["short_name"]: r for r in _hta()["compare_traces"]["GPU"]}
    ours = {name: row for name, *row in pair_con.execute(
        "select name, base_calls, new_calls, base_total_ms * 1000, new_total_ms * 1000 from diff_ops where level = 'kernel'"
    ).fetchall()}
    assert set(ours) == set(hta)
    for name, ref in hta.items():
        want = (ref["control_counts"], ref["test_counts"], ref["control_total_duration"], ref["test_total_duration"])
        assert all(_close(g, w) for g, w in zip(ours[name], want, strict=True)), (name, ours[name], want)


def test_operators_agree_with_hta_ops_summary(pair_con: Any) -> None:
    """Every CPU operator (HTA's category cpu_op, grouped by HTA's short name) with its calls and
    total time on each side, within 1 %; no other name."""
    hta: dict[str, list[float]] = collections.defaultdict(lambda: [0, 0, 0, 0])
    for i, side in enumerate(("control", "test")):
        for row in _hta()["sides"][side]["ops_summary"]:
            if row["cat"] == "cpu_op":
                hta[row["short_name"]][i] += row["counts"]
                hta[row["short_name"]][2 + i] += row["total_duration"]
    ours = {name: row for name, *row in pair_con.execute(
        "select name, base_calls, new_calls, base_total_ms * 1000, new_total_ms * 1000 from diff_ops where level = 'op'"
    ).fetchall()}
    assert set(ours) == set(hta)
    for name, want in hta.items():
        assert all(_close(g, w) for g, w in zip(ours[name], want, strict=True)), (name, ours[name], want)


def test_time_per_step_is_hta_total_over_its_iterations(pair_con: Any) -> None:
    """Per step, so that runs of different lengths compare: HTA's total over the iterations it
    counted (one rank each side) divided by their number."""
    ref = _hta()
    steps = {side: len(ref["sides"][side]["iterations"]) for side in ("control", "test")}
    hta = {r["short_name"]: r for r in ref["compare_traces"]["GPU"]}
    ours = {name: (b, n) for name, b, n in pair_con.execute(
        "select name, base_ms_per_step, new_ms_per_step from diff_ops where level = 'kernel'").fetchall()}
    for name, r in hta.items():
        assert _close(ours[name][0] * 1000, r["control_total_duration"] / steps["control"]), name
        assert _close(ours[name][1] * 1000, r["test_total_duration"] / steps["test"]), name


@functools.lru_cache(maxsize=2)  # the control and test traces: each decoded once, read by several tests
def _trace_events(trace: Path) -> list[dict[str, Any]]:
    with gzip.open(trace) as fh:
        events: list[dict[str, Any]] = json.loads(fh.read())["traceEvents"]
    return events


@pytest.fixture(scope="module", autouse=True)
def _release_trace_events() -> Iterator[None]:
    """The decoded traces (about 100 MB each) are let go when the module's tests end."""
    yield
    _trace_events.cache_clear()


def _profiler_steps_ms(trace: Path) -> list[float]:
    events = _trace_events(trace)
    return [e["dur"] / 1000 for e in events if str(e.get("name", "")).startswith("ProfilerStep#")]


def test_step_time_regression_is_outside_noise(pair_con: Any) -> None:
    """Every ProfilerStep of the test trace is longer than every one of the control trace (raw
    spans): a change no resampling of the steps explains; diff calls it a regression, and the
    mean delta has the sign and about the size of the raw spans' (device-side step bounds
    differ from the host spans by a few ms)."""
    folder = corpus_or_skip("kineto", "gpu", "trace_diff")
    control = _profiler_steps_ms(next((folder / "control").glob("*.json.gz")))
    test = _profiler_steps_ms(next((folder / "test").glob("*.json.gz")))
    assert min(test) > max(control)
    raw_delta = sum(test) / len(test) - sum(control) / len(control)
    delta, low, verdict = pair_con.execute(
        "select delta_ms, ci_low_ms, verdict from diff_steps where quantity = 'step_time_ms'").fetchone()
    assert verdict == "regression"
    assert low > 0
    assert abs(delta - raw_delta) <= 0.15 * raw_delta


def _raw_kernel_steps(trace: Path, short: dict[tuple[str, str], str]) -> dict[str, list[float]]:
    """Per kernel short name, its summed duration (us) in each ProfilerStep, from the raw trace:
    a kernel belongs to the step whose span holds the runtime call that launched it (same
    correlation id), as HTA assigns iterations; a step where it did not run counts 0."""
    events = _trace_events(trace)
    steps = sorted((e["ts"], e["ts"] + e["dur"]) for e in events if str(e.get("name", "")).startswith("ProfilerStep#"))
    launched = {e["args"]["correlation"]: e["ts"] for e in events
                if e.get("cat") == "cuda_runtime" and "correlation" in e.get("args", {})}
    out: dict[str, list[float]] = collections.defaultdict(lambda: [0.0] * len(steps))
    for e in events:
        if e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset"):
            ts = launched.get(e["args"].get("correlation"))
            for i, (start, end) in enumerate(steps):
                if ts is not None and start <= ts < end:
                    out[short[(e["cat"], e["name"])]][i] += e["dur"]
    return out


def _mann_whitney_p(a: list[float], b: list[float]) -> float:
    """Exact two-sided Mann-Whitney p-value, by enumerating every split of the pooled values.
    U of a sample (its pairs won against the other, ties half) is its mid-rank sum less
    n(n+1)/2: the ranks are taken once, not the pairs counted again for every split."""
    import itertools

    pooled, mid = a + b, len(a) * len(b) / 2
    ranks = [sum(p < v for p in pooled) + (sum(p == v for p in pooled) + 1) / 2 for v in pooled]
    total, base = sum(ranks), len(b) * (len(b) + 1) / 2
    observed = abs(total - sum(ranks[: len(a)]) - base - mid)
    splits = list(itertools.combinations(ranks, len(a)))
    extreme = sum(abs(total - sum(chosen) - base - mid) >= observed - 1e-9 for chosen in splits)
    return extreme / len(splits)


def _robust_spread(values: list[float]) -> float:
    """1.4826 x the median absolute deviation: the standard deviation of a normal sample,
    unmoved by a few outlying steps."""
    import statistics

    middle = statistics.median(values)
    return 1.4826 * statistics.median(abs(v - middle) for v in values)


def test_kernel_verdicts_agree_with_a_rank_test_on_the_raw_steps(pair_con: Any) -> None:
    """Noise versus change, checked with another method on other data: an exact Mann-Whitney
    test on each kernel's per-step time computed here from the raw traces (names: HTA's short
    names from the reference), and the run-to-run floor docs/diff.md documents, computed here
    from the same raw per-step times and the raw ProfilerStep spans. Where the rank test is
    decisive (p <= 0.01) and the change clears the floor by a margin (the profiler's step
    bounds differ from the spans by a little), diff calls a change in the same direction;
    where the rank test finds nothing (p >= 0.2) or the change is well under the floor, diff
    says within noise; diff calls no change the rank test does not find."""
    folder = corpus_or_skip("kineto", "gpu", "trace_diff")
    ref = _hta()
    short = {(r["cat"], r["name"]): r["short_name"] for side in ("control", "test") for r in ref["sides"][side]["ops_summary"]}
    control = _raw_kernel_steps(next((folder / "control").glob("*.json.gz")), short)
    test = _raw_kernel_steps(next((folder / "test").glob("*.json.gz")), short)
    step_spread = min(_robust_spread(_profiler_steps_ms(next((folder / side).glob("*.json.gz"))))
                      for side in ("control", "test"))
    verdicts = dict(pair_con.execute("select name, verdict from diff_ops where level = 'kernel'").fetchall())
    called = quiet = 0
    for name in set(control) | set(test):
        a, b = control.get(name, [0.0] * 6), test.get(name, [0.0] * 6)
        p = _mann_whitney_p(a, b)
        delta_ms = (sum(b) / len(b) - sum(a) / len(a)) / 1000
        floor_ms = max(4.216 * max(_robust_spread(a), _robust_spread(b)) / 1000, step_spread)
        if verdicts[name] != "within noise":
            assert p <= 0.05, (name, p, verdicts[name])
        if p <= 0.01 and abs(delta_ms) > 1.2 * floor_ms:
            called += 1
            assert verdicts[name] == ("regression" if delta_ms > 0 else "improvement"), (name, p, delta_ms, floor_ms)
        elif p >= 0.2 or abs(delta_ms) < 0.8 * floor_ms:
            quiet += 1
            assert verdicts[name] == "within noise", (name, p, delta_ms, floor_ms, verdicts[name])
    assert called >= 10 and quiet >= 30, (called, quiet)  # both kinds are tested


def test_bootstrap_is_reproducible(pair: tuple[Path, Path], pair_con: Any) -> None:
    """A fixed seed: another connection gives the same intervals, to the last digit."""
    from tracelens.diff import open_pair
    from tracelens.store import Store

    again = open_pair(Store.open(pair[0], create=False), Store.open(pair[1], create=False))
    sql = "select quantity, ci_low_ms, ci_high_ms, verdict from diff_noise order by quantity"
    assert again.execute(sql).fetchall() == pair_con.execute(sql).fetchall()


RULES = ("step_time_ms>+5%", "step_time_ms<-5%", "goodput<-0.02", "goodput>-0.02", "wall_s>+0", "bucket:other>0",
         "kernel:*>+1%", "op:*<-1%", "op:gloo*>+0%", "data_stall_ms>+0", "comm_wait_ms<-0", "tokens_per_step>+0",
         "bucket:startup>+0", "throughput_tokens_per_s<-0")


def test_same_job_against_itself_shows_no_change() -> None:
    """The sample DDP job against itself: every delta 0, every verdict within noise, every
    finding the same, no rule violated whatever it asks: exit 0."""
    job = str(SAMPLE_LOGS / "ddp_gloo_2rank")
    args = ["diff", job, job, "--format", "json", "-q"]
    for rule in RULES:
        args += ["--fail-on", rule]
    code, out, err = run_cli(*args)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["schema_version"] == 1 and doc["violations"] == []
    assert len(doc["rules"]) == len(RULES) and not any(r["violated"] for r in doc["rules"])
    assert doc["steps"] and all(s["delta_ms"] == 0 and s["verdict"] == "within noise" for s in doc["steps"])
    assert doc["ops"] and all(o["delta_ms_per_step"] == 0 and o["status"] == "both" for o in doc["ops"])
    assert all(g["delta"] in (0, None) for g in doc["goodput"])
    assert doc["findings"] and all(f["status"] == "same" for f in doc["findings"])
    assert all(r["delta_ms"] == 0 for r in doc["ranks"])


def test_violated_rule_exits_3(pair: tuple[Path, Path]) -> None:
    """HTA's totals put the all-reduce kernel 2.4x slower in the test trace: a rule asking for
    at most +10 % fails with exit 3 and names itself and its evidence; one asking for more than
    HTA's change passes."""
    hta = {r["short_name"]: r for r in _hta()["compare_traces"]["GPU"]}
    allreduce = [r for name, r in hta.items() if name.startswith("ncclKernel_AllReduce")]
    test_total = sum(r["test_total_duration"] for r in allreduce)
    control_total = sum(r["control_total_duration"] for r in allreduce)
    growth_pct = (test_total / control_total - 1) * 100
    assert growth_pct > 10
    code, out, err = run_cli("diff", str(pair[0]), str(pair[1]), "--fail-on", "kernel:ncclKernel_AllReduce*>+10%")
    assert code == 3, err
    assert "violated: kernel:ncclKernel_AllReduce*>+10%" in err and "regression" in err
    assert "VIOLATED" in out
    code, _, err = run_cli("diff", str(pair[0]), str(pair[1]),
                           "--fail-on", f"kernel:ncclKernel_AllReduce*>+{growth_pct + 5:.0f}%")
    assert code == 0, err


@pytest.mark.parametrize("rule", ["x>1", "step_time_ms=5", "bucket:nope>1", "step_time_ms>5%%", "kernel:>1", ">5%"])
def test_bad_rule_is_a_usage_error(rule: str) -> None:
    job = str(SAMPLE_LOGS / "ddp_gloo_2rank")
    code, out, err = run_cli("diff", job, job, "--fail-on", rule)
    assert code == 2 and out == ""
    assert err.startswith("tracelens: error: --fail-on ") and err.count("\n") == 1


def test_json_round_trip_and_renderers(pair_con: Any) -> None:
    from tracelens.diff import build, from_dict, parse_rule, render_json, render_markdown, render_text

    report = build(pair_con, "control", "test", (parse_rule("step_time_ms>+5%"),))
    assert from_dict(json.loads(render_json(report))) == report
    assert [r.rule for r in report.violations] == ["step_time_ms>+5%"]
    for text in (render_text(report), render_markdown(report)):
        assert "step_time_ms" in text and "ncclKernel_AllReduce_RING_LL_Sum_float" in text


PAIRS = Path(__file__).resolve().parent / "reference" / "diff_pairs"


@functools.cache
def _diff_json(base: str, new: str) -> tuple[int, str, str]:
    """`tracelens diff BASE NEW --format json -q`, run once per pair for the tests that read it."""
    return run_cli("diff", base, new, "--format", "json", "-q")


def _injected(job: Path) -> list[dict[str, Any]]:
    """The harness's INJECTED lines: each injected sleep with its measured length."""
    lines = (job / "console.log").read_text().splitlines()
    return [json.loads(line.split("INJECTED ", 1)[1]) for line in lines if "INJECTED {" in line]


def _profiled_steps(job: Path, rank: int) -> set[int]:
    trace = next((job / "traces").glob(f"rank{rank}.*.pt.trace.json.gz"))
    with gzip.open(trace) as fh:
        events = json.loads(fh.read())["traceEvents"]
    return {int(e["name"].split("#")[1]) for e in events if str(e.get("name", "")).startswith("ProfilerStep#")}


@pytest.mark.parametrize(("pair", "quantity", "field", "rank"), [
    ("stall", "data_stall_ms", "data_stall_s", 1),  # rank 1's DataLoader stalls 100 ms on 5 steps
    ("slow", "host_overhead_ms", "forward_sleep_s", 0),  # rank 0 sleeps 30 ms in every forward
])
def test_recorded_pair_names_its_change_first(pair: str, quantity: str, field: str, rank: int) -> None:
    """Two real runs of the same script, the second with one known change: diff names that
    change first among the step's categories (diff_changes, waiting for other ranks counted as
    the effect it is), a regression outside noise, and its size per step within 10 % of what the
    harness measured: the injected sleeps on the profiled steps, over the steps and the 2 ranks
    (the step quantities are the mean over ranks)."""
    base, new = PAIRS / "base", PAIRS / pair
    steps = _profiled_steps(new, rank)
    injected_ms = sum(r[field] for r in _injected(new) if r["rank"] == rank and r["step"] in steps) * 1000
    expected = injected_ms / len(steps) / 2
    assert expected > 5
    code, out, err = _diff_json(str(base), str(new))
    assert code == 0, err
    doc = json.loads(out)
    first = next(c for c in doc["changes"] if c["change_rank"] == 1)
    assert first["quantity"] == quantity and first["verdict"] == "regression"
    assert abs(first["delta_ms"] - expected) <= 0.1 * expected, (first["delta_ms"], expected)
    assert _outside_noise(doc) == {f"steps:{quantity}", "steps:step_time_ms"}  # the change and the total it is in


OUTSIDE = ("regression", "improvement", "changed")


def _outside_noise(doc: dict[str, Any]) -> set[str]:
    """Every figure of a JSON diff whose verdict is a change: section:name."""
    return ({f"steps:{s['quantity']}" for s in doc["steps"] if s["verdict"] in OUTSIDE}
            | {f"ops:{o['level']}:{o['name']}" for o in doc["ops"] if o["verdict"] in OUTSIDE}
            | {f"goodput:{g['metric']}" for g in doc["goodput"] if g["verdict"] in OUTSIDE}
            | {f"buckets:{b['bucket']}" for b in doc["buckets"] if b["verdict"] in OUTSIDE})


def _log_step_ms(job: Path) -> list[float]:
    """The harness's own step times (its `step N ... step_time_s S` lines), both ranks, the
    profiled steps only (the last one also writes the trace)."""
    import re

    steps = _profiled_steps(job, 0)
    return [float(t) * 1000 for step, t in re.findall(r"gloo_train: step (\d+) loss \S+ step_time_s (\S+)",
                                                      (job / "console.log").read_text())
            if int(step) in steps and int(step) != max(steps)]


@pytest.mark.parametrize(("base", "new"), [("base", "base_again"), ("base", "base_third"), ("base_again", "base_third")])
def test_runs_of_the_same_command_are_within_noise(base: str, new: str) -> None:
    """Three runs of the same command, recorded minutes apart on this shared machine: the
    harness's own clock puts their steps more than 10 % apart (the machine's load, not the
    job), and diff calls every step quantity, kernel, operator, job figure and bucket within
    noise, and no rule, whatever it asks, is violated: exit 0."""
    import statistics

    harness = [statistics.median(_log_step_ms(PAIRS / job)) for job in (base, new)]
    assert abs(harness[1] / harness[0] - 1) > 0.10, harness  # the runs do differ
    args = ["diff", str(PAIRS / base), str(PAIRS / new), "--format", "json", "-q"]
    for rule in RULES:
        args += ["--fail-on", rule]
    code, out, err = run_cli(*args)
    assert code == 0, err
    doc = json.loads(out)
    assert doc["violations"] == [] and len(doc["rules"]) == len(RULES)
    assert _outside_noise(doc) == set()
    assert doc["steps"] and doc["ops"] and doc["goodput"] and doc["buckets"]


def test_recorded_batch_pair_names_the_larger_batch_first() -> None:
    """The second run differs only by its batch, 16 sequences instead of 8: the harness logs
    the tokens of every step. diff names tokens per step first, as large as the harness's
    (within 10 %), and calls nothing else a regression outside noise (the larger steps take
    longer, by less than this machine's run-to-run noise; throughput rises)."""
    import re

    def harness_tokens(job: Path) -> set[int]:
        return {int(t) for t in re.findall(r"gloo_train: step \d+ .* tokens (\d+)", (job / "console.log").read_text())}

    (base_tokens,), (new_tokens,) = harness_tokens(PAIRS / "base"), harness_tokens(PAIRS / "batch")
    expected = new_tokens - base_tokens
    assert expected > 0
    code, out, err = run_cli("diff", str(PAIRS / "base"), str(PAIRS / "batch"), "--format", "json", "-q",
                             "--fail-on", "step_time_ms>+5%", "--fail-on", "compute_ms>+5%")
    assert code == 0, err
    doc = json.loads(out)
    row = next(g for g in doc["goodput"] if g["metric"] == "tokens_per_step")
    assert row["verdict"] == "changed" and abs(row["delta"] - expected) <= 0.1 * expected, (row, expected)
    outside = _outside_noise(doc)
    assert "goodput:tokens_per_step" in outside
    regressions = {s["quantity"] for s in doc["steps"] if s["verdict"] == "regression"} | {
        o["name"] for o in doc["ops"] if o["verdict"] == "regression"} | {
        g["metric"] for g in doc["goodput"] if g["verdict"] == "regression"} | {
        b["bucket"] for b in doc["buckets"] if b["verdict"] == "regression"}
    assert regressions == set()
    code, text, err = run_cli("diff", str(PAIRS / "base"), str(PAIRS / "batch"), "-q")
    assert code == 0, err
    headline = next(line for line in text.splitlines() if line.startswith("What changed"))
    assert headline.startswith(f"What changed (tokens per step {base_tokens} -> {new_tokens} "), headline


def test_html_page_renders_offline_in_chromium(tmp_path: Path) -> None:
    """The HTML diff in headless Chromium: every chart drawn as SVG, no console error, no request
    leaving the page, the tables there."""
    from tests.browser import Browser, find_chromium

    chromium = find_chromium()
    if chromium is None:
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    page = tmp_path / "diff.html"
    code, _, err = run_cli("diff", str(PAIRS / "base"), str(PAIRS / "stall"), "-o", str(page), "-q")
    assert code == 0, err
    browser = Browser(chromium, tmp_path / "profile")
    try:
        browser.open(page.as_uri())
        browser.wait_for_charts()
        drawn = browser.evaluate("[...document.querySelectorAll('div[data-chart]')].filter(d => d.querySelector('svg'))"
                                 ".map(d => d.dataset.chart)")
        assert sorted(drawn) == ["categories", "distribution", "goodput", "ops"]
        assert browser.console_errors() == []
        assert [u for u in browser.requests() if not u.startswith(("file:", "data:", "about:"))] == []
        text = browser.evaluate("document.body.innerText")
        assert "What changed" in text and "data_stall_ms" in text
    finally:
        browser.close()


def test_recorded_restart_names_the_downtime_first() -> None:
    """A log-only pair, the second run with a crash of rank 1 at step 9 and a torchrun restart:
    the lost-time bucket that changed the most is restart_downtime, and its change is within
    10 % of the harness's own clock (TRUTH lines: the restarted attempt's start less the crash)."""
    truth = [json.loads(line.split("TRUTH ", 1)[1]) for line in (PAIRS / "restart" / "console.log").read_text().splitlines()
             if "TRUTH {" in line]
    crash = next(t["t"] for t in truth if t["event"] == "crash")
    restarted = next(t["t"] for t in truth if t["event"] == "attempt_start" and t["rank"] == 0 and t["attempt"] == 1)
    expected = restarted - crash
    code, out, err = run_cli("diff", str(PAIRS / "ckpt"), str(PAIRS / "restart"), "--format", "json", "-q",
                             "--fail-on", "bucket:restart_downtime>+1")
    assert code == 3, err
    doc = json.loads(out)
    first = next(b for b in doc["buckets"] if b["change_rank"] == 1)
    assert first["bucket"] == "restart_downtime"
    assert abs(first["delta_s"] - expected) <= 0.1 * expected, (first["delta_s"], expected)
    assert [v["rule"] for v in doc["violations"]] == ["bucket:restart_downtime>+1"]


def test_recorded_stall_per_rank_is_on_the_stalled_rank() -> None:
    """Per rank, the stall lands on rank 1, the rank the harness stalled, within 10 % of its
    measured sleeps per profiled step; rank 0's data stall moves by less than a tenth of that."""
    new = PAIRS / "stall"
    steps = _profiled_steps(new, 1)
    expected = sum(r["data_stall_s"] for r in _injected(new) if r["rank"] == 1 and r["step"] in steps) * 1000 / len(steps)
    code, out, err = _diff_json(str(PAIRS / "base"), str(new))
    assert code == 0, err
    rows = {r["rank"]: r for r in json.loads(out)["rank_steps"] if r["quantity"] == "data_stall_ms"}
    assert abs(rows[1]["delta_ms"] - expected) <= 0.1 * expected, (rows[1]["delta_ms"], expected)
    assert abs(rows[0]["delta_ms"]) < 0.1 * expected


def test_recorded_stall_finding_appears() -> None:
    """The harness's stalls on rank 1 come to more than 20 % of its mean step time in NEW (the
    findings' documented threshold for a high data_loader finding, queries/marts/findings.sql),
    and under 5 % in BASE (no stall injected): the data_loader finding of rank 1 appears, high."""
    new = PAIRS / "stall"
    steps = _profiled_steps(new, 1)
    stalled_ms = sum(r["data_stall_s"] for r in _injected(new) if r["rank"] == 1 and r["step"] in steps) * 1000
    new_step_ms = sum(_profiler_steps_ms(next((new / "traces").glob("rank1.*.pt.trace.json.gz"))))
    assert stalled_ms / new_step_ms > 0.20
    assert not any(r["data_stall_s"] for r in _injected(PAIRS / "base"))
    code, out, err = _diff_json(str(PAIRS / "base"), str(new))
    assert code == 0, err
    found = [f for f in json.loads(out)["findings"] if f["finding"] == "data_loader" and f["rank"] == 1]
    assert len(found) == 1
    assert found[0]["status"] == "appeared" and found[0]["new_severity"] == "high" and found[0]["base_severity"] is None


def test_html_shows_markup_from_inputs_as_text(tmp_path: Path) -> None:
    """A job folder whose name and one operator's name carry markup: the page runs none of it
    and shows the folder's name as text."""
    import shutil

    from tests.browser import Browser, find_chromium

    chromium = find_chromium()
    if chromium is None:
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    evil = "job <img src=x onerror=window.__pwned=5><script>window.__pwned=6</script>"
    job = tmp_path / evil
    shutil.copytree(SAMPLE_LOGS / "ddp_gloo_2rank", job)
    trace = sorted((job / "traces").glob("*.pt.trace.json.gz"))[0]
    data = json.loads(gzip.decompress(trace.read_bytes()))
    for event in data["traceEvents"]:
        if event.get("name") == "aten::dropout":
            event["name"] = "<script>window.__pwned=1</script><img src=x onerror=\"window.__pwned=2\">"
    trace.write_bytes(gzip.compress(json.dumps(data).encode()))
    page = tmp_path / "diff.html"
    code, _, err = run_cli("diff", str(SAMPLE_LOGS / "ddp_gloo_2rank"), str(job), "-o", str(page), "-q")
    assert code == 0, err
    browser = Browser(chromium, tmp_path / "profile")
    try:
        browser.open(page.as_uri())
        browser.wait_for_charts()
        assert browser.evaluate("typeof window.__pwned") == "undefined"
        assert browser.evaluate("document.querySelectorAll('main img, main script').length") == 0
        assert evil in browser.evaluate("document.body.innerText")
        assert browser.console_errors() == []
    finally:
        browser.close()


def test_recorded_collectives_match_the_raw_traces() -> None:
    """DDP all-reduces its gradients, one float32 bucket of the model's parameters (the harness
    logs params=N): one all_reduce of 4N bytes over 2 ranks, as many instances on each side as
    the raw traces hold gloo:all_reduce spans."""
    import re

    def spans(job: Path) -> int:
        return sum(
            sum(1 for e in json.loads(gzip.decompress(t.read_bytes()))["traceEvents"]
                if e.get("name") == "gloo:all_reduce" and e.get("ph") == "X")
            for t in (job / "traces").glob("*.pt.trace.json.gz")
        )

    match = re.search(r"params=(\d+)", (PAIRS / "base" / "console.log").read_text())
    assert match is not None
    size = 4 * int(match.group(1))
    code, out, err = _diff_json(str(PAIRS / "base"), str(PAIRS / "stall"))
    assert code == 0, err
    rows = [c for c in json.loads(out)["collectives"] if c["op"] == "all_reduce"]
    assert [(c["size_bytes"], c["n_ranks"], c["status"]) for c in rows] == [(size, 2, "both")]
    assert (rows[0]["base_instances"], rows[0]["new_instances"]) == (spans(PAIRS / "base"), spans(PAIRS / "stall"))


def test_a_side_without_traces_says_what_it_cannot_fill() -> None:
    """`ckpt` was recorded without the profiler (no trace file in its folder): its side of the
    inputs says the step, kernel and rank sections cannot be filled; the traced side does not."""
    assert not list((PAIRS / "ckpt").rglob("*.pt.trace.json*")) and list((PAIRS / "base").rglob("*.pt.trace.json*"))
    code, out, err = run_cli("diff", str(PAIRS / "ckpt"), str(PAIRS / "base"), "--format", "json", "-q")
    assert code == 0, err
    sides = {i["side"]: i for i in json.loads(out)["inputs"]}
    assert sides["base"]["traces"] == 0 and sides["base"]["trace_steps"] == 0
    assert any(m.startswith("steps, ops, ranks:") for m in sides["base"]["missing"])
    assert sides["new"]["traces"] == 2 and not any(m.startswith("steps, ops, ranks:") for m in sides["new"]["missing"])


def test_categories_a_side_did_not_measure_are_undetermined_not_zero(tmp_path: Path) -> None:
    """The V100 ResNet-50 trace of the TensorBoard plugin's samples against itself with its device
    work left out (a profiler of CPU activity alone): the new side measured no category, so each
    is undetermined with no new mean (not 0 ms: an improvement of every category), and a rule on
    one does not fire; the step time, measured on both sides, is compared."""
    with gzip.open(corpus_or_skip("kineto", "gpu", "tb_plugin_v100_resnet50", "tbp_resnet50_nw0.json.gz")) as fh:
        trace = json.loads(fh.read())
    device = {"Kernel", "Memcpy", "Memset", "Runtime", "async"}
    host = [e for e in trace["traceEvents"] if e.get("cat") not in device]
    for name, events in (("whole", trace["traceEvents"]), ("host", host)):
        (tmp_path / name).mkdir()
        (tmp_path / name / "rank0.json").write_text(json.dumps({**trace, "traceEvents": events}))
    code, out, _ = run_cli("diff", str(tmp_path / "whole"), str(tmp_path / "host"), "--format", "json", "-q")
    assert code == 0
    rows = {row["quantity"]: row for row in json.loads(out)["changes"]}
    assert rows["compute_ms"]["base_mean_ms"] > 0
    assert (rows["compute_ms"]["new_mean_ms"], rows["compute_ms"]["verdict"]) == (None, "undetermined")
    assert rows["step_time_ms"]["new_mean_ms"] > 0 and rows["step_time_ms"]["verdict"] != "undetermined"
    code, _, _ = run_cli("diff", str(tmp_path / "whole"), str(tmp_path / "host"), "--fail-on", "compute_ms<-5", "-q")
    assert code == 0
