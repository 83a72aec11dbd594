"""No line rule backtracks super-linearly: every pattern of every parser module, on long lines
of each character class, behind the openings that steer a search into it, within a budget that
a linear pattern meets a hundred times over and a quadratic one misses (a 16 kB line of word
characters took the old NCCL pattern over a second; this line is 4 times longer)."""

from __future__ import annotations

import importlib
import math
import multiprocessing
import pkgutil
import re
import time
from typing import Any

import psutil
import pytest

import tracelens.parsers

LINE_BYTES = 64 << 10
BUDGET_S = 0.5
# CPU seconds per pattern, all its cases: most need well under a second; the longest alternations
# of literals (the event rules) are linear but slow per character, several seconds in all
DEADLINE_S = 15.0
WALL_BACKSTOP_S = 300.0  # a child that neither answers nor uses CPU
CLASSES = {"word": "a", "digits": "7", "spaces": " ", "punctuation": ".", "mixed": "a1 .:[](){}|=,/-_'\""}
# "a": a word then the run (a field name padded with blanks: the old Megatron field rule was
# quadratic in the blanks after a name, found by the long fuzz run)
OPENINGS = ("", "a", "[0] ", "0: ", "host:12:34 [0] NCCL INFO ", "iteration 1/ ", "Epoch 0: ", "step=", "{'loss': ",
            ":::MLLOG {", ":::MLL 1.5 key: {", "Epoch(train) [1][", "| epoch 001: ", "INFO:tensorflow:loss = ",
            "[batch=1/")


def _patterns() -> list[tuple[str, re.Pattern[str]]]:
    found: dict[int, tuple[str, re.Pattern[str]]] = {}
    for info in pkgutil.iter_modules(tracelens.parsers.__path__):
        module = importlib.import_module(f"tracelens.parsers.{info.name}")
        for name, value in vars(module).items():
            values = value if isinstance(value, (tuple, list)) else [value]
            for i, item in enumerate(values):
                if isinstance(item, re.Pattern) and isinstance(item.pattern, str):
                    found.setdefault(id(item), (f"{info.name}.{name}" + (f"[{i}]" if value is not item else ""), item))
    return sorted(found.values(), key=lambda pair: pair[0])


def _search_time(pattern: re.Pattern[str], line: str) -> float:
    """CPU seconds to search and scan `line` (a loaded machine does not make a pattern slow)."""
    started = time.process_time()
    # (finditer's first step is the search: its matches are every search from there on)
    for _ in pattern.finditer(line):
        pass
    return time.process_time() - started


def _over_budget(pattern: re.Pattern[str], make: Any, length: int, period: int) -> float | None:
    """The time over the budget on `make(length)` (a line of a unit `period` characters long,
    repeated), or None. Lines a sixteenth and an eighth as long, ending in the same part of the
    unit, are searched first: a pattern whose time grows at most with the cube of the line's length
    (two unbounded repeats that can take the same characters, side by side, tried from every
    start; worse backtracks past any budget on the short lines already) takes at most 512 times as
    long on a line 8 times longer, so one that takes under 1/512 of the budget on the eighth cannot
    miss it; nor can one whose time grew by at most 2.5 times from the sixteenth to the eighth (a
    linear one doubles, a quadratic one quadruples) and whose eighth's time, grown at that rate
    three times more, stays under half the budget (the longest alternations, linear but slow per
    character). The long line is searched only for the others."""

    def cut(fraction: int) -> int:
        return length // fraction + (length - length // fraction) % period

    eighth = _search_time(pattern, make(cut(8)))
    if eighth < BUDGET_S / 512:
        return None
    # (the less of two times: a time can only be inflated, and an inflated sixteenth hides growth)
    sixteenth = min(_search_time(pattern, make(cut(16))) for _ in range(2))
    growth = eighth / sixteenth if sixteenth > 0 else math.inf
    if growth <= 2.5 and eighth * growth**3 < BUDGET_S / 2:
        return None
    elapsed = _search_time(pattern, make(length))
    return elapsed if elapsed > BUDGET_S else None


def _slowest_case(pattern: re.Pattern[str]) -> str | None:
    """The first (class, opening) on which searching and scanning a line takes over the
    budget, or None."""
    for label, unit in CLASSES.items():
        for opening in OPENINGS:
            def line(length: int, unit: str = unit, opening: str = opening) -> str:
                return opening + (unit * (length // len(unit) + 1))[:length]

            if (elapsed := _over_budget(pattern, line, LINE_BYTES, len(unit))) is not None:
                return f"{label} after {opening!r}: {elapsed:.1f} s"
    # an opening over and over (a pattern that runs to the line's end from each one: the old
    # MLPerf record rule on a line of `:::MLLOG {...}` redraws with no closing brace at its end)
    for opening in OPENINGS[1:]:
        def repeated(length: int, opening: str = opening) -> str:
            return (opening * (length // len(opening) + 1))[:length]

        # longer: the cost grows with the openings too
        if (elapsed := _over_budget(pattern, repeated, 4 * LINE_BYTES, len(opening))) is not None:
            return f"{opening!r} repeated: {elapsed:.1f} s"
    return None


SHARDS = 8  # the patterns split into this many tests, each one child: xdist spreads them over its workers


def _run_child(patterns: list[tuple[str, re.Pattern[str]]], out: Any) -> None:
    """Each pattern in turn, said before it is searched (a child stopped in a pattern names the
    pattern it was in), then its verdict."""
    for name, pattern in patterns:
        out.send(("start", name))
        out.send(("verdict", name, _slowest_case(pattern)))
    out.send(("done",))


def _cpu_s(process: psutil.Process) -> float:
    times = process.cpu_times()
    return times.user + times.system


def _slow_in_a_child(patterns: list[tuple[str, re.Pattern[str]]], deadline_s: float) -> list[str]:
    """The patterns searched in a child process, each stopped at `deadline_s` of its CPU time: what
    backtracks, and how. A pattern stuck in C cannot be interrupted from Python, and a wall-clock
    deadline fails linear patterns on a loaded machine, so the parent reads the child's CPU time
    between polls and kills it. Not a CPU limit or timer in the child (`RLIMIT_CPU`): while one is
    armed, this project's VMs ran the searches 3.5 times slower."""
    context = multiprocessing.get_context("fork")
    receive, send = context.Pipe(duplex=False)
    # (a daemon: the interpreter's exit does not wait for it)
    child = context.Process(target=_run_child, args=(patterns, send), daemon=True)
    child.start()
    slow: list[str] = []
    try:
        send.close()  # the child's end alone: its death reads as the end of the pipe
        process = psutil.Process(child.pid)
        current, done = None, False
        started_cpu, heard = 0.0, time.monotonic()
        while not done:
            if not receive.poll(0.2):
                if _cpu_s(process) - started_cpu > deadline_s:
                    slow.append(f"{current}: still searching after {deadline_s} s of CPU")
                    break
                if time.monotonic() - heard > WALL_BACKSTOP_S:
                    slow.append(f"{current}: still searching after {WALL_BACKSTOP_S} s")
                    break
                continue
            heard = time.monotonic()
            try:
                message = receive.recv()
            except EOFError:
                slow.append(f"{current}: the child died while searching")
                break
            if message[0] == "start":
                current = message[1]
                started_cpu = _cpu_s(process)
            elif message[0] == "verdict" and message[2] is not None:
                slow.append(f"{message[1]}: {message[2]}")
            done = message[0] == "done"
    finally:  # (a child stuck in a search outlives no test, however the test ends)
        child.kill()
        child.join()
    return slow


@pytest.mark.slow
@pytest.mark.parametrize("shard", range(SHARDS))
def test_every_line_rule_is_linear_in_the_line(shard: int) -> None:
    """Every pattern of a shard (one in SHARDS of them), in a child process."""
    patterns = [pattern for index, pattern in enumerate(_patterns()) if index % SHARDS == shard]
    slow = _slow_in_a_child(patterns, DEADLINE_S)
    assert not slow, f"rules that backtrack on a {LINE_BYTES >> 10} kB line: {slow}"


def test_the_old_nccl_pattern_would_fail_this_budget() -> None:
    """The check can fire: the NCCL pattern before it was made linear misses the budget, and the
    check's own steps find it (on a 16 kB line, where it took over a second: it is quadratic, and would
    take 16 times that on theirs)."""
    old = re.compile(r"(?P<host>[\w.\-]+):(?P<pid>\d+):(?P<tid>\d+) \[(?P<dev>\d+)\]")
    assert _over_budget(old, lambda length: "a" * length, 16 << 10, 1) is not None


def test_a_pattern_past_the_deadline_is_stopped_and_named() -> None:
    """The child's deadline can fire: the old NCCL pattern (minutes on the long line) is stopped
    at a deadline of half a second of CPU, and named."""
    old = re.compile(r"(?P<host>[\w.\-]+):(?P<pid>\d+):(?P<tid>\d+) \[(?P<dev>\d+)\]")
    started = time.monotonic()
    assert _slow_in_a_child([("old_nccl", old)], 0.5) == ["old_nccl: still searching after 0.5 s of CPU"]
    assert time.monotonic() - started < 60
