"""The coercions every parser takes numbers from inputs with (parsers/_numbers.py): tiny values
in, exact values out; and through two parsers, a value no sum may take in."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SAMPLE_LOGS
from tracelens.parsers import ParseOptions, registry
from tracelens.parsers._numbers import duration_s, to_float, to_int, within_int64


@pytest.mark.parametrize(("value", "text", "expected"), [
    (1, True, 1.0), (2.5, True, 2.5), ("1.5e-3", True, 0.0015), (" 7 ", True, 7.0), ("1,000", True, None),
    ("N/A", True, None), ("nan", True, None), ("inf", True, None), ("-Infinity", True, None), (math.nan, True, None),
    (math.inf, True, None), (True, True, None), (None, True, None), ([1], True, None), (10**400, True, None),
    ("2.5", False, None), (3, False, 3.0),
])
def test_to_float(value: Any, text: bool, expected: float | None) -> None:
    assert to_float(value, text=text) == expected


@pytest.mark.parametrize(("value", "text", "expected"), [
    (12, True, 12), (-3, True, -3), (12.0, True, 12), (12.5, True, None), ("12", True, 12), ("12.0", True, 12),
    ("1e3", True, 1000), ("12.5", True, None), ("x", True, None), (False, True, None), (math.inf, True, None),
    (2**63 - 1, True, 2**63 - 1), (2**63, True, None), (-(2**63), True, -(2**63)), (-(2**63) - 1, True, None),
    ("12", False, None),
])
def test_to_int(value: Any, text: bool, expected: int | None) -> None:
    assert to_int(value, text=text) == expected


@pytest.mark.parametrize(("value", "expected"), [
    (2**63, None), (-(2**63) - 1, None), (2**63 - 1, 2**63 - 1), (1.5, 1.5), ("x", "x"), (True, True), (None, None),
])
def test_within_int64(value: Any, expected: Any) -> None:
    assert within_int64(value) == expected


def test_a_nan_grad_norm_in_trainer_state_is_missing_and_the_rest_is_read(tmp_path: Path) -> None:
    """HF writes trainer_state.json with Python's json.dumps, which writes a NaN grad norm (an
    fp16 overflow step) as `NaN`, not JSON: the file is read, that step has no grad norm, every
    other value is the file's own."""
    original = SAMPLE_LOGS / "hf_trainer_state" / "trainer_state.json"
    state = json.loads(original.read_text())
    logged = [e for e in state["log_history"] if "loss" in e and "grad_norm" in e]
    assert len(logged) >= 2
    overflow = logged[1]["step"]
    logged[1]["grad_norm"] = math.nan
    path = tmp_path / "trainer_state.json"
    path.write_text(json.dumps(state, indent=2, sort_keys=True))  # as HF's TrainerState.save_to_json writes it
    assert "NaN" in path.read_text()
    rows = registry()["hf_trainer_state"].parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert {r["step"]: r["grad_norm"] for r in rows} == {
        e["step"]: (None if e["step"] == overflow else e["grad_norm"]) for e in logged}
    assert {r["step"]: r["loss"] for r in rows} == {e["step"]: e["loss"] for e in logged}


def test_a_nan_loss_in_json_lines_keeps_its_step(tmp_path: Path) -> None:
    """A Python logger's json.dumps writes a NaN loss as `NaN`: the step is kept with its other
    metrics and no loss, rather than dropped as a bad line (or kept with a NaN every mean takes in)."""
    path = tmp_path / "metrics.jsonl"
    records = [{"step": s, "time": 1_700_000_000 + s, "loss": math.nan if s == 2 else 2.0, "lr": 1e-3} for s in (1, 2, 3)]
    path.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    result = registry()["jsonl_metrics"].parse(path, ParseOptions())
    rows = {r["step"]: r for r in result.tables["log_steps"].to_pylist()}
    assert [rows[s]["loss"] for s in (1, 2, 3)] == [2.0, None, 2.0]
    assert rows[2]["lr"] == 1e-3


def test_durations_as_programs_print_them() -> None:
    """Clocks and unit fields, largest first (ms-swift's `1h 7m 30s`, CatBoost's `1m 8s` and `207ms`,
    pytorch-cifar's `5s148ms`, AllenNLP's `0:00:39.848754`): their seconds and their last figure's rounding;
    units out of order or repeated, or anything else, None."""
    assert duration_s("1h 7m 30s") == (3600 + 7 * 60 + 30, 0.5)
    assert duration_s("1m 8s") == (68.0, 0.5)
    assert duration_s("5s148ms") == (5.148, 0.0005)
    assert duration_s("2m") == (120.0, 30.0)
    assert duration_s("1 day, 1:02:03") == (86400 + 3600 + 2 * 60 + 3, 0.5)
    said = duration_s("0:00:39.848754")
    assert said is not None and abs(said[0] - 39.848754) < 1e-9
    assert [duration_s(t) for t in ("8s 1m", "1m 1m", "12", "1:2", "fast")] == [None] * 5
