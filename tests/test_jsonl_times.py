"""A JSONL metrics record whose time is out of any clock's range (inf, or past int64's
nanoseconds) dates nothing: its step is kept undated, the file's other records are read."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS
from tracelens.parsers import ParseOptions
from tracelens.parsers.jsonl_metrics import JsonlMetricsParser

SAMPLE = SAMPLE_LOGS / "jsonl_metrics_gloo_2rank" / "metrics.jsonl"


@pytest.mark.parametrize("bad", ["1e400", "1e30", "9.3e18"])
def test_a_time_out_of_range_dates_nothing_and_the_rest_is_read(tmp_path: Path, bad: str) -> None:
    lines = SAMPLE.read_bytes().splitlines()
    path = tmp_path / "metrics.jsonl"
    path.write_bytes(b"\n".join([*lines, b'{"step": 99999, "time": ' + bad.encode() + b', "loss": 1.5}']) + b"\n")
    steps = JsonlMetricsParser().parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert len(steps) == len(lines) + 1  # every record of the sample, and the odd one
    odd = next(row for row in steps if row["step"] == 99999)
    assert odd["end_ns"] is None and odd["loss"] == 1.5
    assert all(row["end_ns"] is not None for row in steps if row["step"] != 99999)


@pytest.mark.parametrize("value", ["1795327017.0075965", "1795327017007.5965", "1795327017007596", "1795327017007596500"],
                         ids=["s", "ms", "us", "ns"])
def test_a_time_in_seconds_ms_us_or_ns_is_the_same_instant(tmp_path: Path, value: str) -> None:
    """The sample's first record's time (1795327017.0075965 s) written in each unit."""
    path = tmp_path / "metrics.jsonl"
    path.write_bytes(b'{"step": 0, "time": ' + value.encode() + b', "loss": 6.42082}\n')
    [row] = JsonlMetricsParser().parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert abs(row["end_ns"] - 1_795_327_017_007_596_500) < 1000, (value, row["end_ns"])


# LLaMA-Factory's LogCallback file every 5 steps, its progress alone (no loss logged), `elapsed_time` to the whole second
# (AnthonyTang7/LLM-Assisted-RL@8c390645529b73614d71198caae5a5b081f53d0b, trainer_log.jsonl, lines 1-12)
LLAMAFACTORY_PROGRESS = [
    '{"current_steps": 5, "total_steps": 512, "percentage": 0.98, "elapsed_time": "0:00:05", "remaining_time": "0:08:29"}',
    '{"current_steps": 10, "total_steps": 512, "percentage": 1.95, "elapsed_time": "0:00:11", "remaining_time": "0:09:13"}',
    '{"current_steps": 15, "total_steps": 512, "percentage": 2.93, "elapsed_time": "0:00:17", "remaining_time": "0:09:24"}',
    '{"current_steps": 20, "total_steps": 512, "percentage": 3.91, "elapsed_time": "0:00:23", "remaining_time": "0:09:31"}',
    '{"current_steps": 25, "total_steps": 512, "percentage": 4.88, "elapsed_time": "0:00:29", "remaining_time": "0:09:31"}',
    '{"current_steps": 30, "total_steps": 512, "percentage": 5.86, "elapsed_time": "0:00:35", "remaining_time": "0:09:29"}',
    '{"current_steps": 35, "total_steps": 512, "percentage": 6.84, "elapsed_time": "0:00:41", "remaining_time": "0:09:29"}',
    '{"current_steps": 40, "total_steps": 512, "percentage": 7.81, "elapsed_time": "0:00:48", "remaining_time": "0:09:26"}',
    '{"current_steps": 45, "total_steps": 512, "percentage": 8.79, "elapsed_time": "0:00:54", "remaining_time": "0:09:21"}',
    '{"current_steps": 50, "total_steps": 512, "percentage": 9.77, "elapsed_time": "0:01:00", "remaining_time": "0:09:17"}',
    '{"current_steps": 55, "total_steps": 512, "percentage": 10.74, "elapsed_time": "0:01:06", "remaining_time": "0:09:12"}',
    '{"current_steps": 60, "total_steps": 512, "percentage": 11.72, "elapsed_time": "0:01:12", "remaining_time": "0:09:06"}',
]


def test_records_closer_than_the_clocks_rounding_allows_are_timed_over_the_span_that_does(tmp_path: Path) -> None:
    """Records 5-7 s apart on a whole-second clock: no record's time is its own gap's (a second off in 6 s), each is
    timed from the record the clock last counted from, 10 s or more before: step 15 (0:00:17) from step 5 (0:00:05),
    12 s over 10 steps, 1.2 s; step 25 (0:00:29) from step 15, 1.2 s."""
    path = tmp_path / "trainer_log.jsonl"
    path.write_text("\n".join(LLAMAFACTORY_PROGRESS) + "\n")
    steps = {row["step"]: row for row in JsonlMetricsParser().parse(path, ParseOptions()).tables["log_steps"].to_pylist()}
    assert sorted(steps) == list(range(5, 65, 5))
    assert steps[10]["step_time_s"] is None
    assert steps[15]["step_time_s"] == (17 - 5) / (15 - 5) == 1.2
    assert steps[25]["step_time_s"] == (29 - 17) / (25 - 15)
    assert all(row["step_time_s"] is None or row["step_time_s"] >= 1.0 for row in steps.values())
