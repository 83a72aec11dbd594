"""trace_events.parent_kind against a plain call-stack walk of each thread's events.

The parser finds every event's holder (the innermost event of its thread whose span holds it)
with sorts over the whole table; here each thread's events are walked one by one with a
stack, as a profiler's call stack unwinds, on real traces of the corpus and the samples."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pyarrow as pa
import pytest

from tests.conftest import SAMPLE_LOGS, corpus_or_skip
from tracelens.parsers import ParseOptions
from tracelens.parsers.kineto import KinetoParser

PARSER = KinetoParser()

TRACES = [
    ("kineto", "cpu_torch213", "ddp_gloo", "rank0.1795312453030440639.pt.trace.json.gz"),
    ("kineto", "cpu_torch213", "single_extras", "single_extras.1795312438960416914.pt.trace.json.gz"),
    ("kineto", "gpu", "amd_tracelens", "amd_b200_eager_trace.json.gz"),
    ("kineto", "gpu", "ns_resolution_trace", "rank-0.Apr_03_18_51_38.1102.pt.trace.json.gz"),
    ("kineto", "gpu", "tb_plugin_v100_resnet50", "tbp_resnet50_nw0.json.gz"),
    ("kineto", "gpu", "nccl_parser_config", "nccl_data.json.gz"),
]


def _stack_walk(events: pa.Table) -> tuple[list[str | None], list[set[str]], set[tuple[object, object]]]:
    """By a walk of each thread's events in start order (the longer first at equal starts)
    with a stack of those still running: each row's innermost holder's kind (the
    latest-starting event that holds it), the kinds of every event that holds it, and the
    threads whose events overlap without nesting (where 'innermost' is no call stack's)."""
    pid, tid = events.column("pid").to_pylist(), events.column("tid").to_pylist()
    start, dur = events.column("start_ns").to_pylist(), events.column("dur_ns").to_pylist()
    kind = events.column("kind").to_pylist()
    threads: dict[tuple[object, object], list[int]] = defaultdict(list)
    for row in range(events.num_rows):
        if dur[row] > 0:
            threads[(pid[row], tid[row])].append(row)
    innermost: list[str | None] = [None] * events.num_rows
    holders: list[set[str]] = [set() for _ in range(events.num_rows)]
    tangled: set[tuple[object, object]] = set()
    for thread, rows in threads.items():
        rows.sort(key=lambda r: (start[r], -(start[r] + dur[r]), r))
        stack: list[int] = []
        for row in rows:
            end = start[row] + dur[row]
            while stack and start[stack[-1]] + dur[stack[-1]] <= start[row]:  # ended
                stack.pop()
            held_by = [b for b in stack if start[b] + dur[b] >= end]
            if len(held_by) < sum(start[b] + dur[b] > start[row] for b in stack):
                tangled.add(thread)  # a running event that does not hold it
            if held_by:
                innermost[row] = kind[held_by[-1]]
                holders[row] = {kind[b] for b in held_by}
            stack.append(row)
    return innermost, holders, tangled


def _traces() -> list[Path]:
    return sorted(SAMPLE_LOGS.rglob("*.pt.trace.json*"))


@pytest.mark.parametrize("parts", TRACES + [None], ids=lambda p: p[-1] if p else "samples")
def test_each_event_names_the_kind_of_the_innermost_event_holding_it(parts: tuple[str, ...] | None) -> None:
    paths = [corpus_or_skip(*parts)] if parts else _traces()
    checked = held = 0
    for path in paths:
        events = PARSER.parse(path, ParseOptions()).tables["trace_events"]
        innermost, holders, tangled = _stack_walk(events)
        got = events.column("parent_kind").to_pylist()
        pid, tid = events.column("pid").to_pylist(), events.column("tid").to_pylist()
        for row, have in enumerate(got):
            if (pid[row], tid[row]) in tangled:
                # Events that overlap without nesting: a holder when one is named.
                assert have is None or have in holders[row], f"{path.name}: row {row}"
            else:
                assert have == innermost[row], f"{path.name}: row {row}"
            checked += 1
            held += have is not None
    assert checked and held  # events were compared, and some are held


def test_equal_starts_the_longer_holds_the_shorter() -> None:
    """Two events of a thread starting at once, the outer one written second, and a third
    inside both."""
    import numpy as np

    from tracelens.parsers.kineto._kinds import _holders

    got = _holders(np.zeros(3, dtype=np.int64), np.array([10, 10, 12]), np.array([5, 20, 1]))
    # [10, 30) holds [10, 15), which holds [12, 13); nothing holds [10, 30)
    assert got.tolist() == [1, -1, 0]
