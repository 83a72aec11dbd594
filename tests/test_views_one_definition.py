"""One number, one place: each rule below is written in one view, which every other view reads.
A second copy of its SQL (the way the rules were once copied between views) fails here."""

from __future__ import annotations

import re

import pytest

from tracelens.queries import sources

RULES = {
    # the redone-steps rule: from a later attempt's first step on, this attempt's steps were redone
    "redone steps": (r"later_first_step", "int_log_step_bounds"),
    # the ideal step time: the median duration of completed steps but attempts' first (an attempt's
    # own pace over some of its steps is another figure: int_log_intervals' early_pace)
    "ideal step time": (r"median\(\(?(?:e_ns - s_ns|end_ns - start_ns)[^\n]*filter \(where nth > 1\)", "int_ideal_step"),
    # the reference rank: the lowest rank that logs (or traces)
    "reference rank": (r"min\(rank\)\s+from\s+(?:stg_)?log_(?:steps|events)\b|min\(rank\)\s+from\s+int_trace_processes",
                       "int_reference_rank"),
    # wall time: the logged attempts' first start to last end
    "wall time": (r"min\(start_ns\)[^;]*?from (?:int_)?attempts\s+where logged", "int_job_wall"),
    # the GPU count and its fallbacks
    "GPU count": (r"getvariable\('tracelens_gpus'\)", "int_world_size"),
    # event kind -> activity category
    "activity category": (r"'data_loader'(?:[^\n]*'data'| then \d+)", "int_activity_kinds"),
    # per-op collective efficiency
    "collective efficiency": (r"median\(efficiency\)", "collective_summary"),
}


@pytest.mark.parametrize("rule", sorted(RULES))
def test_each_rule_is_written_once(rule: str) -> None:
    pattern, home = RULES[rule]
    # the checks recompute figures on purpose: an independent expectation is no copy
    written = sorted(name for name, (layer, sql) in sources().items()
                     if layer != "checks" and re.search(pattern, re.sub(r"--[^\n]*", "", sql), re.S))
    assert written == [home]
