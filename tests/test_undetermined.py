"""Where the logs date a job but their steps cannot split its wall time, goodput is
undetermined with the reason, and no finding rests on a bucket (issue 14: "goodput 0 %,
start-up 100 %" was reported for such jobs). The inputs are real consoles of the corpus; what
they hold is checked here from their text."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tests.conftest import corpus_or_skip
from tracelens.store import Store


def _goodput(tmp_path: Path, log: Path) -> tuple[tuple[Any, ...], list[str]]:
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([log])
    con = store.connect()
    row = con.execute("select wall_s, goodput_fraction, productive_s, reason from goodput").fetchone()
    assert row is not None
    titles = [t for (t,) in con.execute("select title from findings").fetchall()]
    return row, titles


def test_a_launcher_log_without_a_step_line_has_no_goodput(tmp_path: Path) -> None:
    """DeepSpeed's launcher lines only (a relaunched job's start-up): dated, no step."""
    log = corpus_or_skip("logs", "deepspeed", "deepspeed_launcher_world_info_spawn.log")
    text = log.read_text(encoding="utf-8")
    assert re.search(r"^\[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d", text, re.M), "dated lines"
    assert "step" not in text.lower() and "iteration" not in text.lower(), "no step line"
    (wall_s, fraction, productive_s, reason), titles = _goodput(tmp_path, log)
    assert (wall_s, fraction, productive_s) == (None, None, None)
    assert reason is not None and "no step line" in reason
    assert not [t for t in titles if "start-up" in t or "goodput" in t.lower()]


def test_one_dated_step_does_not_split_the_wall_time(tmp_path: Path) -> None:
    """DeepSpeed-Chat crashing before its first step: its only step line is the engine's
    `step=0` at init; the rest of the dated time cannot be told apart as start-up or steps."""
    log = corpus_or_skip("wild", "deepspeed", "dschat_llama7b_zero3_16rank_crash_before_first_step.log")
    assert len(re.findall(r"\bstep=\d+, skipped=", log.read_text(encoding="utf-8"))) == 1
    (wall_s, fraction, _, reason), titles = _goodput(tmp_path, log)
    assert (wall_s, fraction) == (None, None)
    assert reason is not None and reason.startswith("one dated step")
    assert not [t for t in titles if "start-up" in t]
