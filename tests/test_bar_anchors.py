"""A console that only a progress bar dates, put on the wall clock by the profiler traces of the
same job (queries/intermediate/int_bar_anchors.sql). The job is the recorded
sample_logs/lightning_ddp_profiled: Lightning's default bar, two gloo ranks, PyTorchProfiler
traces, and the harness's own TRUTH clock. Its console also holds the profiler's USDT lines,
the only dated lines in it; the test reads the console without them (a console of a torch
build that prints none), so that the bar has nothing but the file's modification time, and
the traces."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS
from tracelens.store import Store

JOB = SAMPLE_LOGS / "lightning_ddp_profiled"


def _truth() -> dict[str, dict[int, float]]:
    out: dict[str, dict[int, float]] = {"step_end": {}, "step_start": {}}
    for line in (JOB / "truth.txt").read_text().splitlines():
        record = json.loads(line.split(" ", 1)[1])
        if record["event"] in out and record["rank"] == 0:
            out[record["event"]][record["step"]] = record["t"]
    return out


def _job(tmp_path: Path, traces: bool) -> Path:
    job = tmp_path / ("with_traces" if traces else "console_only")
    job.mkdir()
    lines = (JOB / "console.log").read_text(encoding="utf-8").splitlines(keepends=True)
    (job / "console.log").write_text("".join(line for line in lines if "USDT:" not in line), encoding="utf-8")
    if traces:
        shutil.copytree(JOB / "traces", job / "traces")
    return job


def _steps(tmp_path: Path, job: Path) -> tuple[list[tuple[int, int, str]], list[tuple[int, int]], int | None, str]:
    store = Store.open(tmp_path / f"{job.name}.tlstore")
    store.ingest([job])
    con = store.connect()
    steps = con.execute("select step, end_ns, time_source from int_log_steps order by step").fetchall()
    anchors = con.execute("select matched_steps, error_ns from int_bar_anchors").fetchall()
    start = con.execute("select min(start_ns) from attempts").fetchone()
    wall = con.execute("select detail from provenance where figure = 'wall_s'").fetchone()
    assert wall is not None
    return steps, anchors, start[0] if start else None, wall[0]


def test_a_bar_only_console_is_put_on_the_traces_clock(tmp_path: Path) -> None:
    if not JOB.exists():
        pytest.skip("sample_logs/lightning_ddp_profiled is not here")
    truth = _truth()
    job = _job(tmp_path, traces=True)
    steps, anchors, start_ns, wall = _steps(tmp_path, job)
    assert "profiler traces" in wall
    assert len(anchors) == 1, "the console is anchored on the traces"
    matched, error_ns = anchors[0]
    assert matched >= 3
    # the stated error covers one step (0.5 s here, by the harness's clock) and the bar's second
    step_s = sorted(truth["step_end"][n] - truth["step_start"][n] for n in truth["step_end"])[len(truth["step_end"]) // 2]
    assert 1e9 <= error_ns <= (step_s + 1.5) * 1e9
    assert [s for s, _, _ in steps] == sorted(truth["step_end"])
    for step, end_ns, source in steps:
        assert source == "tqdm_trace"
        assert abs(end_ns / 1e9 - truth["step_end"][step]) <= error_ns / 1e9, f"step {step}"
    # the attempt starts where the job started computing steps, not hours away at the copy's mtime
    assert start_ns is not None
    assert abs(start_ns / 1e9 - truth["step_start"][1]) <= error_ns / 1e9 + step_s


def test_without_traces_the_same_console_rests_on_its_mtime(tmp_path: Path) -> None:
    """The control: the same console alone has only its file time, which is the copy's."""
    if not JOB.exists():
        pytest.skip("sample_logs/lightning_ddp_profiled is not here")
    truth = _truth()
    job = _job(tmp_path, traces=False)
    day = 86400
    os.utime(job / "console.log", (truth["step_end"][30] + day, truth["step_end"][30] + day))
    steps, anchors, _, wall = _steps(tmp_path, job)
    assert "modification time" in wall
    assert anchors == []
    assert {source for _, _, source in steps} == {"tqdm_mtime"}
    # the last reading is put at the file time: a day late, as the file time says
    last = max(end for _, end, _ in steps)
    assert abs(last / 1e9 - (truth["step_end"][30] + day)) < 2
