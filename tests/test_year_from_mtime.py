"""Timestamps printed without a year (glog's `I0912 11:41:51.976096`, mmengine's `11/24
07:35:01`): where nothing else in the file gives the year, it is the file's modification
time's, and the steps they date say so (`time_source` log_line_mtime) and `provenance` calls
the times estimated; where the file gives it, they are plain log lines."""

from __future__ import annotations

import json
import os
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tests.conftest import SAMPLE_LOGS, run_cli
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.store import Store

MMENGINE = SAMPLE_LOGS / "mmengine_restart" / "console.log"
GLOG_STEPS = [  # the Object Detection API's step lines as absl's glog handler prints them
    "I0912 11:40:27.956218 139735407601536 model_lib_v2.py:652] Step 100 per-step time 0.813s loss=1.305",
    "I0912 11:41:51.976096 139735407601536 model_lib_v2.py:652] Step 200 per-step time 0.831s loss=1.192",
]


def _steps(path: Path) -> list[dict[str, Any]]:
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None
    return parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()


def _write(path: Path, lines: list[str]) -> Path:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.utime(path, (2_000_000_000, 2_000_000_000))  # 2033-05-18
    return path


def test_glog_dates_with_no_year_in_the_file_are_estimates(tmp_path: Path) -> None:
    path = _write(tmp_path / "train.log", GLOG_STEPS)
    steps = _steps(path)
    assert [(s["step"], s["time_source"]) for s in steps] == [(100, "log_line_mtime"), (200, "log_line_mtime")]
    # 2033-09-12 would fall after the file's time (2033-05-18): the year before
    assert steps[0]["end_ns"] == int(datetime(2032, 9, 12, 11, 40, 27, tzinfo=UTC).timestamp()) * 10**9 + 956_218_000
    store = tmp_path / "s.tlstore"
    Store.open(store).ingest([path])
    code, out, err = run_cli("sql", str(store), "select kind, detail from provenance where figure = 'wall_s'",
                             "--format", "json")
    assert code == 0, err
    row = json.loads(out)[0]
    assert row["kind"] == "estimated" and "2 of them printed without a year" in row["detail"], row


def test_a_line_printed_twice_takes_the_dated_copys_year_source(tmp_path: Path) -> None:
    """TensorFlow with both python logging and absl on: the undated `INFO:tensorflow:` copy makes
    the step, the glog copy dates it, its year the file's time's."""
    path = _write(tmp_path / "train.log", [line for glog in GLOG_STEPS
                                           for line in ("INFO:tensorflow:" + glog.split("] ", 1)[1], glog)])
    steps = _steps(path)
    assert [(s["step"], s["line"], s["time_source"]) for s in steps] == [(100, 1, "log_line_mtime"),
                                                                       (200, 3, "log_line_mtime")]


def test_glog_dates_take_the_year_of_the_files_dated_lines(tmp_path: Path) -> None:
    path = _write(tmp_path / "train.log", ["2032-09-12 11:40:00,000 INFO starting training", *GLOG_STEPS])
    assert [s["time_source"] for s in _steps(path)] == ["log_line", "log_line"]


def test_mmengine_dates_take_the_year_of_the_runs_timestamp_else_the_files_time(tmp_path: Path) -> None:
    lines = MMENGINE.read_text(encoding="utf-8").splitlines()
    dated = [s for s in _steps(_write(tmp_path / "with.log", lines)) if s["end_ns"] is not None]
    assert dated and {s["time_source"] for s in dated} == {"log_line"}  # `Exp name: 20261124_073453`
    without = [line for line in lines if "Exp name: " not in line]
    assert len(without) == len(lines) - 4
    dated = [s for s in _steps(_write(tmp_path / "without.log", without)) if s["end_ns"] is not None]
    assert dated and {s["time_source"] for s in dated} == {"log_line_mtime"}


def test_a_launcher_log_without_years_joins_its_job_whatever_its_mtime(tmp_path: Path) -> None:
    """torchrun's stderr kept apart (`2> launcher.log`): its glog lines print no year, so their
    dates rest on the file's mtime; a file copied a year later must not read as another job."""
    lines = (SAMPLE_LOGS / "restart_gloo_2rank" / "console.log").read_text(encoding="utf-8").splitlines()
    glog = [line for line in lines if line[:1] in "IWE" and line[1:5].isdigit()]
    assert glog, "the sample's torchrun lines"
    job = tmp_path / "job"
    job.mkdir()
    (job / "console.log").write_text("\n".join(line for line in lines if line not in glog) + "\n", encoding="utf-8")
    launcher = job / "launcher.log"
    launcher.write_text("\n".join(glog) + "\n", encoding="utf-8")
    os.utime(launcher, (1_831_000_000, 1_831_000_000))  # 2028-01-10, a year after the job
    code, out, err = run_cli("ingest", str(job), "-o", str(tmp_path / "s.tlstore"))
    assert code == 0, err
    events = Store.open(tmp_path / "s.tlstore", create=False).connect().execute(
        "select bool_and(year_from_mtime) from log_events e join files f using (file_id) "
        "where f.path like '%launcher.log'").fetchone()
    assert events is not None and events[0] is True
