"""The HTML report in a real browser (headless Chromium): no console error, no network request,
every chart drawn, inputs' strings shown as text and never run; a screenshot is kept as a
test artifact, outside the tracked tree ($TRACELENS_TEST_ARTIFACTS, else
<tmp>/tracelens-test-artifacts): running the tests changes no file of the checkout."""

from __future__ import annotations

import gzip
import json
import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

import pytest

from tests.browser import Browser, find_chromium
from tests.conftest import SAMPLE_LOGS
from tracelens.html import charts, render_html
from tracelens.render import render_markdown, render_text
from tracelens.report import build
from tracelens.store import Store

ARTIFACTS = Path(os.environ.get("TRACELENS_TEST_ARTIFACTS", Path(tempfile.gettempdir()) / "tracelens-test-artifacts"))
EVIL_OP = "<script>window.__pwned=1</script><img src=x onerror=\"window.__pwned=2\">"
EVIL_FILE = "rank0 <img src=x onerror=window.__pwned=3><script>window.__pwned=4.pt.trace.json.gz"


@pytest.fixture(scope="module")
def chromium() -> str:
    path = find_chromium()
    if path is None:
        if os.environ.get("CI"):
            pytest.fail("chromium is missing: .ci/run installs it (apt-get install chromium)")
        pytest.skip("no chromium on this machine (apt-get install chromium)")
    return path


def _report(store: Store):  # type: ignore[no-untyped-def]
    return build(store.connect())


def _load(chromium: str, page: Path, tmp_path: Path) -> Browser:
    browser = Browser(chromium, tmp_path / "profile")
    browser.open(page.as_uri())
    browser.wait_for_charts()
    return browser


@pytest.mark.parametrize(("job", "expected_charts"), [
    ("ddp_gloo_2rank", ["waterfall", "rates", "breakdown", "heatmap", "timeline", "bandwidth"]),
    ("hang_restart_gloo_2rank", ["waterfall", "rates", "timeline"]),  # logs and dumps, no profiler trace
    ("hf_trainer_restart", ["waterfall", "rates", "breakdown", "heatmap", "timeline"]),  # steps 3, 4 profiled twice
    ("data_stall_gloo_2rank", ["waterfall", "rates", "timeline"]),  # a 3.7 s job: sub-second timeline ticks
])
def test_html_report_renders_offline_in_chromium(chromium: str, tmp_path: Path, job: str, expected_charts: list[str]) -> None:
    store = Store.open(tmp_path / "job.tlstore")
    store.ingest([SAMPLE_LOGS / job])
    report = _report(store)
    drawable = [key for key, _, spec, _ in charts(report) if spec is not None]
    assert drawable == expected_charts
    page = tmp_path / "report.html"
    page.write_text(render_html(report))
    browser = _load(chromium, page, tmp_path)
    try:
        marks = browser.evaluate(
            "Object.fromEntries([...document.querySelectorAll('div[data-chart]')].map(d => [d.dataset.chart, "
            "d.querySelectorAll('svg g[class*=\"mark-\"] > path, svg g[class*=\"mark-\"] > line, "
            "svg g[class*=\"mark-\"] > rect').length]))")
        assert set(marks) == set(drawable)
        # one bar per waterfall row at least, one rect per rank-step in the heatmap, ...
        assert all(n > 0 for n in marks.values()), marks
        if "heatmap" in marks:
            assert marks["heatmap"] >= len(report.step_points)  # one rect per rank-step at least
        if "timeline" in marks:
            assert marks["timeline"] >= len(report.attempts)
        assert browser.console_errors() == []
        assert [u for u in browser.requests() if not u.startswith(("file:", "data:", "about:"))] == []
        text = browser.evaluate("document.body.innerText")
        assert report.findings and report.findings[0].title in text
        # issue 15: every chart fits its card; tick labels say distinct numbers (not .950 .050,
        # not 3, 4, 4, 5, 5); one bar per attempt and step
        widths = browser.evaluate("Object.fromEntries([...document.querySelectorAll('div[data-chart]')].map(d => "
                                  "[d.dataset.chart, [d.scrollWidth, d.closest('section').clientWidth]]))")
        assert all(inner <= card for inner, card in widths.values()), widths
        labels = browser.evaluate("Object.fromEntries([...document.querySelectorAll('div[data-chart]')].map(d => "
                                  "[d.dataset.chart, [...d.querySelectorAll('g[class*=role-axis-label] text')]"
                                  ".map(t => t.textContent)]))")
        if "timeline" in labels:
            ticks = [t for t in labels["timeline"] if t[:1].isdigit() or t[:1] == "."]
            assert ticks and not any(t.startswith(".") for t in ticks) and len(ticks) == len(set(ticks)), ticks
        if "heatmap" in labels:
            steps = [t for t in labels["heatmap"] if not t.isdigit() or int(t) not in {p.rank for p in report.step_points}]
            expected = {(p.attempt, p.step) for p in report.step_points}
            assert len(steps) == len(set(steps)) == len(expected), steps
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        browser.screenshot(ARTIFACTS / f"report_{job}.png")
        assert (ARTIFACTS / f"report_{job}.png").stat().st_size > 10_000
    finally:
        browser.close()


def _evil_job(tmp_path: Path) -> Path:
    """The sample job with one operator renamed and one trace file renamed to carry markup
    (the bytes of the real trace otherwise)."""
    job = tmp_path / "evil_job"
    shutil.copytree(SAMPLE_LOGS / "ddp_gloo_2rank", job)
    traces = sorted((job / "traces").glob("*.pt.trace.json.gz"))
    data = json.loads(gzip.decompress(traces[0].read_bytes()))
    renamed = 0
    for event in data["traceEvents"]:
        if event.get("name") == "aten::dropout":
            event["name"] = EVIL_OP
            renamed += 1
    assert renamed
    traces[0].unlink()
    (job / "traces" / EVIL_FILE).write_bytes(gzip.compress(json.dumps(data).encode()))
    return job


def test_markup_from_inputs_is_shown_as_text(chromium: str, tmp_path: Path) -> None:
    store = Store.open(tmp_path / "evil.tlstore")
    store.ingest([_evil_job(tmp_path)])
    report = _report(store)
    assert any(k.name == EVIL_OP for k in report.top_kernels)
    page = tmp_path / "evil.html"
    page.write_text(render_html(report))
    browser = _load(chromium, page, tmp_path)
    try:
        assert browser.evaluate("typeof window.__pwned") == "undefined"
        text = browser.evaluate("document.body.innerText")
        assert EVIL_OP in text and EVIL_FILE in text
        assert browser.evaluate("document.querySelectorAll('main img, main script').length") == 0
        assert browser.console_errors() == []
        assert [u for u in browser.requests() if not u.startswith(("file:", "data:", "about:"))] == []
    finally:
        browser.close()
    markdown = render_markdown(report)
    assert EVIL_OP not in markdown and "&lt;script&gt;" in markdown
    assert EVIL_OP in render_text(report)  # plain text shows it as it is: a terminal runs nothing


def test_the_breakdown_averaged_over_ranks_is_the_mean_of_the_ranks_bars(sample_store) -> None:  # type: ignore[no-untyped-def]
    """The lower breakdown chart draws the view's mean over ranks (step_series), no aggregate of
    its own; each of its bars is the mean of the bars the per-rank chart draws for that step."""
    report = build(Store.open(sample_store("ddp_gloo_2rank")).connect())
    spec = next(spec for key, _, spec, _ in charts(report) if key == "breakdown")
    assert spec is not None
    per_rank, averaged = spec["vconcat"]

    def values(chart: dict[str, Any]) -> list[dict[str, Any]]:
        data = chart.get("data") or spec["data"]
        return data["values"] if "values" in data else spec["datasets"][data["name"]]

    assert not any("aggregate" in t for t in averaged.get("transform", []))
    bars: dict[tuple[str, str], list[float]] = {}
    for row in values(per_rank):
        bars.setdefault((row["step"], row["category"]), []).append(row["ms"])
    ranks = {row["rank"] for row in values(per_rank)}
    drawn = {(row["step"], row["category"]): row["ms"] for row in values(averaged)}
    assert len(ranks) == 2 and len(drawn) == len(values(averaged)) == len(bars) > 0
    for key, ms in bars.items():
        assert len(ms) == 2 and drawn[key] == pytest.approx(sum(ms) / 2, abs=1e-6), key
