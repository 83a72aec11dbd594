"""A tutorial-style loop (sample_logs/epoch_loop_1based, recorded by epoch_loop_train.py): its
`Epoch [1/3], Step [5/20], Loss: ...` lines count batches within epochs numbered from 1, and it
logs its training time so far after every epoch. Checked against the harness's clock."""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.store import Store

JOB = SAMPLE_LOGS / "epoch_loop_1based"


def _parsed() -> tuple[list[dict], list[dict]]:
    path = JOB / "console.log"
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None
    tables = parser.parse(path, ParseOptions()).tables
    return tables["log_steps"].to_pylist(), tables["log_events"].to_pylist()


def _truth() -> list[dict]:
    return [json.loads(line.split(" ", 1)[1]) for line in (JOB / "truth.txt").read_text().splitlines()]


def test_steps_are_the_harness_global_steps_with_their_time_and_loss() -> None:
    """Each logged batch is the step the harness counted (from 1, over the epochs: epoch 1's
    batches are the first, the last epoch `[3/3]` says the epochs count from 1), dated by its
    line within 50 ms of the harness's clock, with the loss it printed."""
    steps, _ = _parsed()
    logged = [e for e in _truth() if e["event"] == "step_logged"]
    assert [s["step"] for s in steps] == [e["step"] for e in logged]
    for row, want in zip(steps, logged, strict=True):
        assert abs(row["end_ns"] / 1e9 - want["t"]) < 0.05, (row, want)
        assert row["loss"] == want["loss"]


def test_the_training_time_so_far_after_each_epoch_ends_nothing() -> None:
    """Only the lines after the last step end the attempt: the training time logged after
    epochs 1 and 2 is the loop's time so far."""
    steps, events = _parsed()
    last_step = max(s["line"] for s in steps)
    ends = [e for e in events if e["kind"] == "attempt_end"]
    assert ends and all(e["line"] > last_step for e in ends)
    train_end = next(e["t"] for e in _truth() if e["event"] == "train_end")
    assert all(abs(e["ts_ns"] / 1e9 - train_end) < 0.05 for e in ends)


def test_a_console_whose_printed_model_fills_the_head_is_still_read(tmp_path: Path) -> None:
    """sample_logs/epoch_loop_preamble: the same loop with its model printed first, 489 lines
    before the first step line: detection looks past the head, and every logged batch is the
    harness's step at its time."""
    job = SAMPLE_LOGS / "epoch_loop_preamble"
    path = job / "console.log"
    assert detect(path, read_head(path), registry())[0] is None  # the head alone: the printout
    store = Store.open(tmp_path / "s.tlstore")
    outcome = store.ingest([path])
    assert [r.parser for r in outcome.parsed] == ["generic_log"]
    steps = store.connect().execute("select step, end_ns, loss from log_steps order by step").fetchall()
    truth = [json.loads(line.split(" ", 1)[1]) for line in (job / "truth.txt").read_text().splitlines()]
    logged = [e for e in truth if e["event"] == "step_logged"]
    assert [s[0] for s in steps] == [e["step"] for e in logged]
    for (_, end_ns, loss), want in zip(steps, logged, strict=True):
        assert abs(end_ns / 1e9 - want["t"]) < 0.05 and loss == want["loss"]


@pytest.mark.parametrize(("job", "endian", "gz"), [("epoch_loop_1based", "le", False), ("epoch_loop_1based", "be", True),
                                                   ("epoch_loop_preamble", "le", False)])
def test_a_console_redirected_as_utf16_is_read_as_its_text(tmp_path: Path, job: str, endian: str, gz: bool) -> None:
    """The same console as Windows PowerShell 5's `python train.py > train.log` writes it: UTF-16
    with its byte-order mark, lines ended by CRLF (and gzipped, and with the model printed before
    the first step: detection past the head): every logged batch is the harness's step at its
    time with its loss. (Read as bytes, every other byte NUL: no format claimed it.)"""
    text = (SAMPLE_LOGS / job / "console.log").read_text(encoding="utf-8").replace("\n", "\r\n")
    data = text.encode("utf-16") if endian == "le" else b"\xfe\xff" + text.encode("utf-16-be")
    path = tmp_path / ("train.log.gz" if gz else "train.log")
    path.write_bytes(gzip.compress(data) if gz else data)
    store = Store.open(tmp_path / "s.tlstore")
    outcome = store.ingest([path])
    assert [r.parser for r in outcome.parsed] == ["generic_log"]
    steps = store.connect().execute("select step, end_ns, loss from log_steps order by step").fetchall()
    truth = [json.loads(line.split(" ", 1)[1]) for line in (SAMPLE_LOGS / job / "truth.txt").read_text().splitlines()]
    logged = [e for e in truth if e["event"] == "step_logged"]
    assert [s[0] for s in steps] == [e["step"] for e in logged]
    for (_, end_ns, loss), want in zip(steps, logged, strict=True):
        assert abs(end_ns / 1e9 - want["t"]) < 0.05 and loss == want["loss"]
