"""TensorFlow consoles, fast tier: single lines in the forms that TensorFlow's own logging code
prints (each case cites the format string), through the step-line rule; and the two rules that
span lines (a line printed twice is one step; LoggingTensorHook's seconds cover the steps since
its previous line) on two lines each. Every expectation is read off the lines themselves."""

from __future__ import annotations

import os
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.parsers.tensorflow_log import step_line


def _rows(tmp_path: Path, lines: list[str]) -> tuple[str, list[dict], list[dict]]:
    path = tmp_path / "train.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.utime(path, (2_000_000_000, 2_000_000_000))  # 2033: a glog date's year comes from it
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None
    result = parser.parse(path, ParseOptions())
    return parser.name, result.tables["log_steps"].to_pylist(), result.tables["log_events"].to_pylist()


def test_logging_tensor_hook_line() -> None:
    """basic_session_run_hooks.LoggingTensorHook: '"%s = %s" % (tag, value)' for each tag (sorted),
    ', '-joined, then ' (%.3f sec)' after the first line. The seconds are the interval's: the
    rule gives them as printed."""
    assert step_line("INFO:tensorflow:loss = 0.13254, step = 200 (1.912 sec)") == (
        "hook", 200, {"loss": 0.13254, "step_time_s": 1.912})
    assert step_line("INFO:tensorflow:loss = 2.3025851, step = 1") == ("hook", 1, {"loss": 2.3025851})
    assert step_line("I0523 12:34:56.789012 140234 basic_session_run_hooks.py:262] loss = 0.5, step = 100 (31.2 sec)") == (
        "hook", 100, {"loss": 0.5, "step_time_s": 31.2})


def test_slim_train_step_line() -> None:
    """tf_slim learning.train_step: 'global step %d: loss = %.4f (%.3f sec/step)'."""
    assert step_line("INFO:tensorflow:global step 5: loss = 62.5264 (20.205 sec/step)") == (
        "slim", 5, {"loss": 62.5264, "step_time_s": 20.205})


def test_object_detection_v2_line() -> None:
    """model_lib_v2: 'Step {} per-step time {:.3f}s loss={:.3f}' (earlier: without the loss)."""
    assert step_line("INFO:tensorflow:Step 200 per-step time 0.831s loss=1.192") == (
        "od", 200, {"step_time_s": 0.831, "loss": 1.192})
    assert step_line("I0912 11:40:27.956218 139735407601536 model_lib_v2.py:652] Step 100 per-step time 0.813s") == (
        "od", 100, {"step_time_s": 0.813})


@pytest.mark.parametrize("line", [
    "INFO:tensorflow:global_step/sec: 3.2",  # a rate, no step
    "INFO:tensorflow:Saving checkpoints for 100 into /tmp/model/model.ckpt.",
    "INFO:tensorflow:global_step = 100, loss = 0.5",  # another tag named like the step
])
def test_lines_that_are_no_step_lines(line: str) -> None:
    assert step_line(line) is None


def test_a_line_printed_twice_is_one_step_dated_by_the_copy_with_a_date(tmp_path: Path) -> None:
    """Python logging and absl both on: the undated 'INFO:tensorflow:' copy, then the glog copy
    dated 09-12 11:41:51.976096 (its year from the file time)."""
    name, steps, _ = _rows(tmp_path, [
        "INFO:tensorflow:Step 200 per-step time 0.831s loss=1.192",
        "I0912 11:41:51.976096 139735407601536 model_lib_v2.py:652] Step 200 per-step time 0.831s loss=1.192",
        "INFO:tensorflow:Step 300 per-step time 0.844s loss=1.346",
    ])
    assert name == "tensorflow"
    assert [(s["step"], s["line"], s["step_time_s"], s["loss"]) for s in steps] == [
        (200, 1, 0.831, 1.192), (300, 3, 0.844, 1.346)]
    # 2033-09-12 would fall after the file time (2033-05-18): the year before
    assert steps[0]["end_ns"] == int(datetime(2032, 9, 12, 11, 41, 51, tzinfo=UTC).timestamp()) * 10**9 + 976_096_000
    assert steps[1]["end_ns"] is None


def test_hook_seconds_are_divided_by_the_steps_since_the_previous_line(tmp_path: Path) -> None:
    """'(1.912 sec)' after step 100 and before step 200: 100 steps in 1.912 s, 0.01912 s each;
    the first line has no seconds. StepCounterHook's 'global_step/sec: 52.3' between them is
    not needed (the hook's own seconds come first)."""
    _, steps, events = _rows(tmp_path, [
        "INFO:tensorflow:loss = 0.21, step = 100",
        "INFO:tensorflow:global_step/sec: 52.3",
        "INFO:tensorflow:loss = 0.13, step = 200 (1.912 sec)",
        "INFO:tensorflow:Saving checkpoints for 200 into /tmp/model/model.ckpt.",
        "INFO:tensorflow:Loss for final step: 0.12.",
    ])
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(100, None), (200, pytest.approx(0.01912))]
    assert [(e["kind"], e["step"]) for e in events] == [("checkpoint_save_start", 200), ("attempt_end", None)]


def test_a_rate_gives_the_next_step_without_a_time_its_time(tmp_path: Path) -> None:
    """'global_step/sec: 4' then a hook line with no seconds of its own: 1 / 4 = 0.25 s a step."""
    _, steps, _ = _rows(tmp_path, [
        "INFO:tensorflow:loss = 0.21, step = 1",
        "INFO:tensorflow:global_step/sec: 4",
        "INFO:tensorflow:loss = 0.13, step = 101",
    ])
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(1, None), (101, 0.25)]


def test_a_rate_after_a_hook_line_of_the_same_interval_times_that_line(tmp_path: Path) -> None:
    """google-research/albert issue 146 (TPUEstimator on a v3-8, 1000 iterations a loop): `loss =
    6.453083, step = 19000 (1816.160 sec)`, then `global_step/sec: 0.550612`: 1816.160 s at that
    rate is 1000 steps, the same interval, so step 19000's time is 1 / 0.550612 s; a rate whose
    interval does not fit the line's seconds gives it none."""
    lines = [
        "INFO:tensorflow:loss = 6.453083, step = 19000 (1816.160 sec)",
        "I1124 07:05:04.021676 139980433229568 basic_session_run_hooks.py:260] loss = 6.453083, step = 19000 "
        "(1816.160 sec)",
        "INFO:tensorflow:global_step/sec: 0.550612",
        "I1124 07:05:04.024546 139980433229568 tpu_estimator.py:2307] global_step/sec: 0.550612",
        "INFO:tensorflow:examples/sec: 281.913",
    ]
    _, steps, _ = _rows(tmp_path, lines)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(19000, pytest.approx(1 / 0.550612))]
    assert round(1816.160 * 0.550612) == 1000
    _, steps, _ = _rows(tmp_path, [lines[0], "INFO:tensorflow:global_step/sec: 0.7"])
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(19000, None)]


def test_a_rate_too_large_to_count_steps_with_times_nothing(tmp_path: Path) -> None:
    """`global_step/sec: 1e400` (no float holds it: the seconds times it are infinite) after a hook
    line gives that line no time, and the file is still read."""
    _, steps, _ = _rows(tmp_path, ["INFO:tensorflow:loss = 6.45, step = 19000 (1816.160 sec)",
                                   "INFO:tensorflow:global_step/sec: 1e400"])
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(19000, None)]
