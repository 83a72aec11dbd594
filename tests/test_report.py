"""`tracelens report`: the JSON contract, the model's round trip, and agreement of text, JSON
and the SQL views on the same numbers."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS, _read_only_store, corpus_or_skip, run_cli
from tracelens.render import render_markdown
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


def test_model_round_trips_through_json(all_samples_store: Path) -> None:
    report = build(Store.open(all_samples_store, create=False).connect())
    assert from_dict(json.loads(json.dumps(to_dict(report)))) == report


_UNIT_S = {"s": 1.0, "min": 60.0, "h": 3600.0}


def test_text_json_and_sql_agree(tmp_path_factory: pytest.TempPathFactory) -> None:
    """The goodput section's buckets and the ranks section's stragglers, as text, as JSON and as SQL, over
    two dated jobs in one store (a restart's buckets, a straggler's evidence): the same figures."""
    store = _read_only_store(tmp_path_factory, "restart-and-straggler",
                             [SAMPLE_LOGS / "restart_gloo_2rank", SAMPLE_LOGS / "ddp_gloo_2rank"])
    con = Store.open(store, create=False).connect()
    sql = dict(con.execute("select bucket, seconds from goodput_buckets").fetchall())
    code, out, _ = run_cli("report", str(store), "--format", "json", "--section", "goodput")
    assert code == 0
    doc = json.loads(out)
    assert doc["goodput"]["buckets"] == pytest.approx(sql)
    code, text, _ = run_cli("report", str(store), "--section", "goodput")
    assert code == 0
    fraction = con.execute("select goodput_fraction from goodput").fetchone()[0]
    assert f"goodput {100 * fraction:.1f} %" in text
    shown = 0
    for bucket, seconds in sql.items():  # every non-empty bucket's row: its time, read back from the text
        if seconds > 0:
            (row,) = [line.split() for line in text.splitlines() if line.split()[:1] == [bucket]]
            value, unit = float(row[1]), _UNIT_S[row[2]]
            assert value * unit == pytest.approx(seconds, rel=0.01, abs=0.05 * unit), (bucket, row)
            shown += 1
    assert shown >= 2
    stragglers = [r[0] for r in con.execute("select evidence from stragglers").fetchall()]
    code, text, _ = run_cli("report", str(store), "--section", "ranks")
    assert all(s in text for s in stragglers) and stragglers


def _profiled_steps_and_spans(job: Path) -> tuple[set[int], float]:
    """The steps the profiler recorded and the seconds of their ProfilerStep#N spans over all
    ranks, read from the raw traces."""
    import gzip

    steps: set[int] = set()
    seconds = 0.0
    for path in sorted((job / "traces").glob("*.pt.trace.json.gz")):
        for e in json.loads(gzip.decompress(path.read_bytes()))["traceEvents"]:
            if e.get("ph") == "X" and str(e.get("name", "")).startswith("ProfilerStep#"):
                steps.add(int(e["name"].split("#")[1]))
                seconds += e["dur"] / 1e6
    return steps, seconds


def test_mfu_and_productive_split(sample_store: Callable[[str], Path]) -> None:
    """MFU against the training script's own log (tokens and step_time_s of rank 0's step
    lines); the productive split's data stall against the stalls the harness injected
    (INJECTED lines) in the profiled steps, over those steps' span time in the raw traces."""
    import re

    job = SAMPLE_LOGS / "ddp_gloo_2rank"
    con = Store.open(sample_store(job.name), create=False).connect(flops_per_token=6e5, peak_tflops=0.5, gpus=2)
    log = (job / "console.log").read_text()
    lines = re.findall(r"\[rank0\] gloo_train: step \d+ .*step_time_s ([\d.]+) tokens (\d+)", log)
    rank0 = [(int(tok), float(sec)) for sec, tok in lines]
    assert len(rank0) == 8
    tokens, step_s = sum(t for t, _ in rank0), sum(s for _, s in rank0)
    (mfu,) = con.execute("select mfu from goodput").fetchone()
    assert mfu == pytest.approx(tokens / step_s * 6e5 / (2 * 0.5e12), rel=0.03)

    profiled, span_s = _profiled_steps_and_spans(job)
    injected = [json.loads(m) for m in re.findall(r"INJECTED (\{.*\})", log)]
    stall_s = sum(i["data_stall_s"] for i in injected if i["step"] in profiled)
    assert stall_s > 0.2  # the recording stalled rank 1 on two profiled steps
    productive = con.execute("select seconds from goodput_buckets where bucket = 'productive'").fetchone()[0]
    split = dict(con.execute("select category, seconds from productive_breakdown").fetchall())
    assert split["data_stall"] / productive == pytest.approx(stall_s / span_s, rel=0.03)
    assert sum(split.values()) == pytest.approx(productive)


GOLDEN_JOBS = ("ddp_gloo_2rank", "restart_gloo_2rank", "hf_trainer_restart", "hang_restart_gloo_2rank", "data_stall_gloo_2rank",
               "fr_gloo_skip_4rank", "fr_gloo_mismatch_4rank", "gpu_nccl_1rank", "gpu_gloo_2rank",
               "gpu_compiled_1rank")
GOLDENS = Path(__file__).parent / "goldens"


def _normalise(text: str, job: str) -> str:
    """Input paths made independent of the checkout's place (recorded frames keep theirs)."""
    path, placed = str(SAMPLE_LOGS / job), f"<sample_logs>/{job}"
    # (and as Markdown escapes them: `sample\_logs`)
    return text.replace(path, placed).replace(path.replace("_", "\\_"), placed.replace("_", "\\_"))


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
def test_golden_reports(job: str, sample_store: Callable[[str], Path], request: pytest.FixtureRequest) -> None:
    """The JSON and Markdown reports of each sample job; `pytest --regen-goldens` rewrites them
    (and checks nothing: the test is skipped), so that a diff in review is the behaviour change."""
    report = build(Store.open(sample_store(job), create=False).connect())
    as_json = _normalise(json.dumps(to_dict(report), indent=1, default=str, sort_keys=True), job) + "\n"
    as_md = _normalise(render_markdown(report), job)
    golden_json, golden_md = GOLDENS / f"{job}.json", GOLDENS / f"{job}.md"
    if request.config.getoption("--regen-goldens"):
        GOLDENS.mkdir(exist_ok=True)
        golden_json.write_text(as_json)
        golden_md.write_text(as_md)
        pytest.skip(f"rewrote {golden_json.name} and {golden_md.name}: review their diff")
    _close(json.loads(as_json), json.loads(golden_json.read_text()))
    assert as_md == golden_md.read_text()


@pytest.mark.parametrize(("job", "kind", "source"), [
    ("restart_gloo_2rank", "measured", "log_line"),  # every step line carries its own timestamp
    ("hf_trainer_restart", "estimated", "tqdm"),  # step times from progress bars, to the second
])
def test_provenance_follows_the_inputs(sample_store: Callable[[str], Path], job: str, kind: str, source: str) -> None:
    con = Store.open(sample_store(job), create=False).connect()
    sources = {s for (s,) in con.execute("select distinct time_source from int_log_steps").fetchall()}
    assert sources == {source}
    report = build(con)
    assert report.goodput is not None
    assert report.goodput.provenance["wall_s"].startswith(f"{kind}: ")
    assert report.goodput.provenance["goodput_fraction"].startswith("derived: ")


def test_every_input_file_is_in_the_report_with_its_status(tmp_path: Path) -> None:
    """Defect 8 of issue 15: fr_gloo_skip_4rank/console.log (which holds the failure lines) and
    RECORDED.txt vanished from the report's inputs. Every file under the folder (os.walk) is
    listed, the ones no parser reads as `unknown` with the reason."""
    import os

    job = SAMPLE_LOGS / "fr_gloo_skip_4rank"
    walked = sorted(os.path.join(d, f) for d, _, files in os.walk(job) for f in files)
    code, out, err = run_cli("report", str(job), "--format", "json", "--section", "inputs", "-q")
    assert code == 0, err
    inputs = {f["path"]: f for f in json.loads(out)["inputs"]}
    assert sorted(inputs) == walked
    for name in ("console.log", "RECORDED.txt"):
        listed = inputs[str(job / name)]
        assert listed["status"] == "unknown" and listed["message"].startswith("not recognised")
    code, text, _ = run_cli("report", str(job), "--section", "inputs")
    assert all(line.split()[0] in ("ok", "unknown") for line in text.splitlines() if str(job) in line)


def test_a_stored_job_lists_its_unread_files_too(tmp_path: Path) -> None:
    """`report STORE` after `ingest`, not only `report FOLDER`: the store records the files no
    parser claimed, so a report of the store (in another process, later) still lists them."""
    import os

    job = SAMPLE_LOGS / "fr_gloo_skip_4rank"
    walked = sorted(os.path.join(d, f) for d, _, files in os.walk(job) for f in files)
    store = tmp_path / "s.tlstore"
    assert run_cli("ingest", str(job), "-o", str(store), "-q")[0] == 0
    assert run_cli("ingest", str(job), "-o", str(store), "-q")[0] == 0  # again: listed once
    code, out, err = run_cli("report", str(store), "--format", "json", "--section", "inputs")
    assert code == 0, err
    inputs = [f["path"] for f in json.loads(out)["inputs"]]
    assert inputs == walked
    unknown = [f["path"] for f in json.loads(out)["inputs"] if f["status"] == "unknown"]
    assert unknown == [str(job / "RECORDED.txt"), str(job / "console.log")]


@pytest.mark.parametrize("contents", [{}, {"notes.txt": "hello\n", "image.png": "\x89PNG\r\n"}])
def test_nothing_recognised_is_an_error(tmp_path: Path, contents: dict[str, str]) -> None:
    """An empty folder, or one of files tracelens does not read (as `/etc`): exit 1 and one
    line saying so, not an empty report."""
    job = tmp_path / "job"
    job.mkdir()
    for name, text in contents.items():
        (job / name).write_text(text)
    code, out, err = run_cli("report", str(job))
    assert code == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and ("no input" in err), err
    if contents:
        assert f"among {len(contents)} files" in err


def test_step_points_one_per_rank_attempt_and_step(sample_store: Callable[[str], Path]) -> None:
    """Defect 2 of issue 15: hf_trainer_restart profiles steps 3 and 4 on each rank in both
    attempts; step_series gave two rows per (rank, step) and the HTML stacked them into bars of
    about 1,680 ms. Each point is now one step of one attempt, as long as its ProfilerStep#N
    span in that attempt's raw trace."""
    import gzip

    job = SAMPLE_LOGS / "hf_trainer_restart"
    spans: dict[int, list[tuple[int, dict[int, float]]]] = {}
    for path in sorted((job / "traces").glob("*.pt.trace.json.gz")):
        doc = json.loads(gzip.decompress(path.read_bytes()))
        steps = {int(e["name"].split("#")[1]): e["dur"] * 1e3 for e in doc["traceEvents"]
                 if e.get("ph") == "X" and e["name"].startswith("ProfilerStep#")}
        spans.setdefault(doc["distributedInfo"]["rank"], []).append((doc["baseTimeNanoseconds"], steps))
    expected = {(rank, attempt, step): ns for rank, traces in spans.items()
                for attempt, (_, steps) in enumerate(sorted(traces, key=lambda t: t[0]), start=1) for step, ns in steps.items()}
    assert len(expected) == 8  # 2 ranks x 2 attempts x steps 3 and 4
    points = build(Store.open(sample_store(job.name), create=False).connect(), ("steps",)).step_points
    got = {(p.rank, p.attempt, p.step): p.step_ns for p in points}
    assert len(points) == len(got) and got.keys() == expected.keys()
    for key, ns in expected.items():
        assert got[key] == pytest.approx(ns, rel=0.02), key


def test_lateness_names_the_slow_rank_each_step(sample_store: Callable[[str], Path]) -> None:
    """Defect 4 of issue 15: in synchronous DDP every rank's step lasts as long as the slowest
    one's, so the heatmap of step time showed whole step columns, not the straggler's row. The
    recording (RECORDED.txt) made rank --slow-rank slow on every step and --stall-rank stall on
    --stall-steps: at each step the latest rank (whom the others waited for) is that one."""
    import re

    job = SAMPLE_LOGS / "ddp_gloo_2rank"
    command = (job / "RECORDED.txt").read_text()

    def flag(name: str) -> str:
        found = re.search(rf"--{name} ([\d,]+)", command)
        assert found, name
        return found.group(1)

    slow, stall = int(flag("slow-rank")), int(flag("stall-rank"))
    stall_steps = {int(s) for s in flag("stall-steps").split(",")}
    points = build(Store.open(sample_store(job.name), create=False).connect(), ("steps",)).step_points
    for step in sorted({p.step for p in points}):
        latest = max((p for p in points if p.step == step), key=lambda p: p.lateness_ns)
        assert latest.rank == (stall if step in stall_steps else slow), step
        assert min(p.lateness_ns for p in points if p.step == step) == 0


def test_long_kernel_names_stay_apart_and_whole_in_tooltips(sample_store: Callable[[str], Path]) -> None:
    """Issue 15 (11): kernel names that differ only at the end were cut to the same text. They
    are shortened in the middle; the HTML keeps the whole name as the cell's tooltip and the
    JSON the whole name."""
    import gzip
    import html as html_lib

    from tracelens.html import render_html
    from tracelens.render import shorten_all

    job = SAMPLE_LOGS / "gpu_nccl_1rank"
    (trace,) = sorted((job / "traces").glob("*.pt.trace.json.gz"))
    events = json.loads(gzip.decompress(trace.read_bytes()))["traceEvents"]
    kernels = sorted({e["name"] for e in events if e.get("cat") in ("kernel", "gpu_memcpy", "gpu_memset")})
    long = [k for k in kernels if len(k) > 90]
    short = shorten_all(long)
    assert len(set(short.values())) == len(long) and all(len(s) < len(k) for k, s in short.items())
    assert len({k[:87] for k in long}) < len(long)  # the old cut merged some of them
    report = build(Store.open(sample_store(job.name), create=False).connect())
    page = render_html(report)
    shown = shorten_all([k.name for k in report.top_kernels])
    for k in report.top_kernels:
        assert k.name in kernels
        if len(k.name) > 90:
            assert f'<td title="{html_lib.escape(k.name)}">{html_lib.escape(shown[k.name])}</td>' in page


def test_a_trace_that_marks_no_step_says_its_step_is_the_profiled_window(tmp_path: Path) -> None:
    """AMD TraceLens's B200 eager trace (../shared/corpus/kineto/gpu/amd_tracelens) holds no
    `ProfilerStep#`: its one "step" is the whole profiled window, and the step table says so (it
    read `steps 1` as if it were a training step)."""
    import gzip

    trace = corpus_or_skip("kineto", "gpu", "amd_tracelens", "amd_b200_eager_trace.json.gz")
    assert b"ProfilerStep" not in gzip.decompress(trace.read_bytes())
    code, out, err = run_cli("report", str(trace), "--section", "steps")
    assert code == 0, err
    assert "its trace marks no step (no ProfilerStep#): its 1 step is the profiled window" in out
