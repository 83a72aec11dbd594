"""Generic console logs: timestamped lines that report `step N` with numeric metrics
(`loss 2.31 step_time_s 0.12 tokens 1024`, `key=value`, `key: value`), from any launcher
(torchrun --tee, srun, mpirun prefixes give the rank), plus the lines that mark a run's
start, end and failures. Framework-specific logs have their own modules; torchtitan's step
lines (its `[titan]` logger, or its metrics line under another logger) are read here and
credited to torchtitan."""

from __future__ import annotations

import re
from pathlib import Path

from tracelens.errors import ParseError
from tracelens.parsers._events import STEP, WATCHDOG, log_result, open_log
from tracelens.parsers._lines import gc_paused, head_bodies, iter_numbers, parse_timestamp
from tracelens.parsers._logtables import LOG_TABLES, METRIC_KEYS
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult

_KEYS = METRIC_KEYS


# torchrun/torchelastic lines that make a file worth reading even without step lines: failures,
# restarts, the launch configuration, a training header, checkpoint loads and saves.
_LAUNCHER = re.compile(
    r"failed \(exitcode: -?\d+\)|[Ww]orker group FAILED|will restart worker group|Restarting worker group|"
    r"Starting elastic_operator with launch configs|Running torch\.distributed\.run|Training starts at step \d+|"
    r"Received \d+ death signal|(?:Closing|Sending) process \d+ (?:via|closing) signal|Rendezvous complete for workers|"
    r"slurmstepd: error: \*\*\* (?:JOB|STEP) |"
    r"\b(?:loading|saving|loaded|saved) (?:the )?checkpoint\b", re.I
)


# torchtitan's own lines: its logger's "[titan] " opening, or its metrics line (`step: 10  loss:
# 3.91  ...  memory: 66.91GiB(37.51%)  tps: 10,050  ...`; `wps:` before tokens per second)
# under another logger's format
_TORCHTITAN = re.compile(r"\[titan\] |\bmemory:\s{0,8}[\d.]{1,20}GiB\([\d.]{1,20}%\)\s{1,8}[tw]ps:")


def _is_step_line(text: str) -> bool:
    return bool(STEP.search(text)) and any(k in _KEYS and k not in ("step",) for k, _ in iter_numbers(text))


class GenericLogParser(Parser):
    name = "generic_log"
    kind = "console_log"
    tables = LOG_TABLES

    def detect(self, path: Path, head: bytes) -> Claim:
        text = head.decode("utf-8", "replace")
        if WATCHDOG.search(text) or "ChildFailedError" in text or _LAUNCHER.search(text):
            return Claim.CONTENT  # a launcher/failure log, with or without step lines
        hits = 0
        for body in head_bodies(head, limit=400):
            if parse_timestamp(body) is not None and _is_step_line(body):
                hits += 1
                if hits >= 2:
                    return Claim.CONTENT
        return Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        with gc_paused():  # a row or more a line, nothing to collect (see gc_paused)
            return self._parse(path, options)

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "generic")
        for line in lines:
            if events.scan(line):
                continue
            match = STEP.search(line.text) if line.ts_ns is not None else None  # an undated step has no row
            if match:
                values = {_KEYS[k]: v for k, v in iter_numbers(line.text[match.end():]) if k in _KEYS}
                if values:
                    before = len(rows.steps)
                    rows.step(line=line.number, rank=line.rank, step=int(match.group(1)), end_ns=line.ts_ns, **values)
                    if (len(rows.steps) > before and ("[titan]" in line.text or "GiB(" in line.text)
                            and _TORCHTITAN.search(line.text)):
                        rows.steps[-1]["framework"] = "torchtitan"  # a step's framework is its line's
        if not rows.steps and not rows.events:
            raise ParseError(str(path), "no step, launch, checkpoint or failure line found", where="line 1")
        return log_result(rows, warning)
