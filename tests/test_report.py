"""`tracelens report`: the JSON contract, the model's round trip, and agreement of text, JSON
and the SQL views on the same numbers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS, corpus_or_skip, run_cli
from tracelens.render import fmt_s, render_markdown
from tracelens.report import build, from_dict, to_dict
from tracelens.store import Store


def test_json_contract_on_ml_goodput_records(tmp_path: Path) -> None:
    folder = corpus_or_skip("logs", "goodput_mlgp")
    expected = json.loads((folder / "synthetic_events_expected_goodput.json").read_text())
    out = tmp_path / "r.json"
    code, _, err = run_cli("report", str(folder), "-o", str(out), "--gpus", "8", "--gpu-hour-cost", "2.5", "-q")
    assert code == 0, err
    doc = json.loads(out.read_text())
    assert doc["schema_version"] == 2
    g = doc["goodput"]
    for key in ("wall_s", "goodput_fraction", "throughput_tokens_per_s", "goodput_tokens_per_s", "buckets", "provenance"):
        assert key in g
    assert 100 * g["goodput_fraction"] == pytest.approx(expected["goodput_percent"])
    assert sum(g["buckets"].values()) == pytest.approx(expected["total_elapsed_time_s"])
    assert doc["lost_steps"] == [6, 7, 8]
    assert len(doc["attempts"]) == 2
    downtime = next(b for b in g["attribution"] if b["name"] == "restart_downtime")
    assert downtime["gpu_hours"] == pytest.approx(31 * 8 / 3600)
    assert downtime["dollars"] == pytest.approx(31 * 8 / 3600 * 2.5)


def test_model_round_trips_through_json(tmp_path: Path) -> None:
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([SAMPLE_LOGS])
    report = build(Store.open(store, create=False).connect())
    assert from_dict(json.loads(json.dumps(to_dict(report)))) == report


def test_text_json_and_sql_agree(tmp_path: Path) -> None:
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([SAMPLE_LOGS])
    con = Store.open(store, create=False).connect()
    sql = dict(con.execute("select bucket, seconds from goodput_buckets").fetchall())
    code, out, _ = run_cli("report", str(store), "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["goodput"]["buckets"] == pytest.approx(sql)
    code, text, _ = run_cli("report", str(store), "--section", "goodput")
    assert code == 0
    fraction = con.execute("select goodput_fraction from goodput").fetchone()[0]
    assert f"goodput {100 * fraction:.1f} %" in text
    for bucket, seconds in sql.items():  # every non-empty bucket's row, as the text formats it
        if seconds > 0:
            assert any(line.split()[:2] == [bucket, fmt_s(seconds).split()[0]] for line in text.splitlines()), bucket
    stragglers = [r[0] for r in con.execute("select evidence from stragglers").fetchall()]
    code, text, _ = run_cli("report", str(store), "--section", "ranks")
    assert all(s in text for s in stragglers) and stragglers


def test_mfu_and_productive_split(tmp_path: Path) -> None:
    job = SAMPLE_LOGS / "ddp_gloo_2rank"
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([job])
    con = Store.open(store, create=False).connect(flops_per_token=6e5, peak_tflops=0.5, gpus=2)
    throughput, mfu = con.execute("select throughput_tokens_per_s, mfu from goodput").fetchone()
    assert mfu == pytest.approx(throughput * 6e5 / (2 * 0.5e12))
    # the split of productive time is the profiled steps' category shares, applied to productive seconds
    productive = con.execute("select seconds from goodput_buckets where bucket = 'productive'").fetchone()[0]
    totals = con.execute(
        "select sum(step_ns), sum(compute_ns), sum(data_stall_ns) from step_breakdown"
    ).fetchone()
    split = dict(con.execute("select category, seconds from productive_breakdown").fetchall())
    assert split["compute"] == pytest.approx(totals[1] / totals[0] * productive)
    assert split["data_stall"] == pytest.approx(totals[2] / totals[0] * productive)
    assert sum(split.values()) == pytest.approx(productive)


GOLDEN_JOBS = ("ddp_gloo_2rank", "restart_gloo_2rank", "hf_trainer_restart", "hang_restart_gloo_2rank", "data_stall_gloo_2rank",
               "fr_gloo_skip_4rank", "fr_gloo_mismatch_4rank", "gpu_nccl_1rank", "gpu_gloo_2rank",
               "gpu_compiled_1rank")
GOLDENS = Path(__file__).parent / "goldens"


def _normalise(text: str, job: str) -> str:
    """Input paths made independent of the checkout's place (recorded frames keep theirs)."""
    return text.replace(str(SAMPLE_LOGS / job), f"<sample_logs>/{job}")


def _close(a: object, b: object, where: str = "") -> None:
    if isinstance(a, float) or isinstance(b, float):
        assert a == pytest.approx(b, rel=1e-9, abs=1e-12), where
    elif isinstance(a, dict) and isinstance(b, dict):
        assert a.keys() == b.keys(), where
        for key in a:
            _close(a[key], b[key], f"{where}.{key}")
    elif isinstance(a, list) and isinstance(b, list):
        assert len(a) == len(b), where
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            _close(x, y, f"{where}[{i}]")
    else:
        assert a == b, where


@pytest.mark.parametrize("job", GOLDEN_JOBS)
def test_golden_reports(job: str, tmp_path: Path, request: pytest.FixtureRequest) -> None:
    """The JSON and Markdown reports of each sample job; `pytest --regen-goldens` rewrites them,
    so that a diff in review is the behaviour change."""
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([SAMPLE_LOGS / job])
    report = build(store.connect())
    as_json = _normalise(json.dumps(to_dict(report), indent=1, default=str, sort_keys=True), job) + "\n"
    as_md = _normalise(render_markdown(report), job)
    golden_json, golden_md = GOLDENS / f"{job}.json", GOLDENS / f"{job}.md"
    if request.config.getoption("--regen-goldens"):
        GOLDENS.mkdir(exist_ok=True)
        golden_json.write_text(as_json)
        golden_md.write_text(as_md)
    _close(json.loads(as_json), json.loads(golden_json.read_text()))
    assert as_md == golden_md.read_text()


@pytest.mark.parametrize(("job", "kind", "source"), [
    ("restart_gloo_2rank", "measured", "log_line"),  # every step line carries its own timestamp
    ("hf_trainer_restart", "estimated", "tqdm"),  # step times from progress bars, to the second
])
def test_provenance_follows_the_inputs(tmp_path: Path, job: str, kind: str, source: str) -> None:
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([SAMPLE_LOGS / job])
    con = store.connect()
    sources = {s for (s,) in con.execute("select distinct time_source from stg_log_steps").fetchall()}
    assert sources == {source}
    report = build(con)
    assert report.goodput is not None
    assert report.goodput.provenance["wall_s"].startswith(f"{kind}: ")
    assert report.goodput.provenance["goodput_fraction"].startswith("derived: ")
