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
