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
from tracelens.parsers._events import STEP, WATCHDOG, join_wrapped_watchdogs, log_result, open_log
from tracelens.parsers._lines import Line, head_bodies, iter_numbers, parse_timestamp
from tracelens.parsers._logreader import LogReader
from tracelens.parsers._logtables import METRIC_KEYS
from tracelens.parsers.contract import Claim, ParseOptions, ParseResult

_KEYS = METRIC_KEYS


# torchrun/torchelastic lines that make a file worth reading even without step lines: failures,
# restarts, the launch configuration, a training header, checkpoint loads and saves.
_LAUNCHER = re.compile(
    r"failed \(exitcode: -?\d+\)|[Ww]orker group FAILED|will restart worker group|Restarting worker group|"
    r"Starting elastic_operator with launch configs|Running torch\.distributed\.run|Training starts at step \d+|"
    r"Received \d+ death signal|(?:Closing|Sending) process \d+ (?:via|closing) signal|Rendezvous complete for workers|"
    r"slurmstepd: error: \*\*\* (?:JOB|STEP) |srun: error: Node failure on |terminate called after throwing an instance of |"
    r"\b(?:loading|saving|loaded|saved) (?:the )?(?:[\w-]{1,40} )?checkpoint\b|\bcheckpoint saved\b", re.I
)


# torchtitan's own lines: its logger's "[titan] " opening, or its metrics line (`step: 10  loss:
# 3.91  ...  memory: 66.91GiB(37.51%)  tps: 10,050  ...`; `wps:` before tokens per second)
# under another logger's format
_TORCHTITAN = re.compile(r"\[titan\] |\bmemory:\s{0,8}[\d.]{1,20}GiB\([\d.]{1,20}%\)\s{1,8}[tw]ps:")


# A log that counts epochs only (nnU-Net's `epoch:  3`, then dated `train loss : 1.17` and
# `This epoch took 632.03 s` lines): the epoch number (not a fraction: HF's `'epoch': 0.27`), and
# the epoch's duration where a line says it
_EPOCH = re.compile(r"\bepoch\b\s{0,8}[:=#]?\s{0,8}\[?\s{0,8}(\d{1,9})(?![\d.])", re.I)
_EPOCH_TOOK = re.compile(r"\bepoch\b.{0,80}?\b(?:took|time:?)\s{0,8}(\d{1,9}(?:\.\d{1,9})?)\s{0,4}(?:s|secs?|seconds)\b", re.I)


class _Epoch:
    """One epoch of a log that counts epochs only: its number, its last dated line of its own
    (its end: the lines an epoch prints, its loss, learning rate and duration, come after its
    training), the first loss it reports and the duration a line gives."""

    __slots__ = ("number", "line", "end_ns", "loss", "took_s")

    def __init__(self, number: int) -> None:
        self.number = number
        self.line: int | None = None
        self.end_ns: int | None = None
        self.loss: float | None = None
        self.took_s: float | None = None


def _is_step_line(text: str) -> bool:
    return bool(STEP.search(text)) and any(k in _KEYS and k not in ("step",) for k, _ in iter_numbers(text))


def _wrapped_watchdog(text: str) -> bool:
    """The head holds a watchdog timeout line that a terminal's hard wrap cut (see
    `join_wrapped_watchdogs`)."""
    if "Watchdog caught" not in text and "WorkNCCL" not in text:
        return False
    lines = [Line(number, None, body, None) for number, body in enumerate(text.splitlines(), 1)]
    return any(WATCHDOG.search(line.text) for line in join_wrapped_watchdogs(lines))


class GenericLogParser(LogReader):
    name = "generic_log"

    def detect(self, path: Path, head: bytes) -> Claim:
        text = head.decode("utf-8", "replace")
        if WATCHDOG.search(text) or "ChildFailedError" in text or _LAUNCHER.search(text) or _wrapped_watchdog(text):
            return Claim.CONTENT  # a launcher/failure log, with or without step lines
        hits = epoch_hits = 0
        epochs = False
        for body in head_bodies(head, limit=400):
            if parse_timestamp(body) is not None:
                if _is_step_line(body):
                    hits += 1
                    if hits >= 2:
                        return Claim.CONTENT
                elif "poch" in body and _EPOCH_TOOK.search(body):
                    return Claim.CONTENT  # an epoch's duration: a log that counts epochs
                elif any(k in _KEYS for k, _ in iter_numbers(body)):
                    epoch_hits += 1  # a dated metric, an epoch's if the log numbers epochs
            elif "poch" in body and _EPOCH.search(body):
                epochs = True
            if epochs and epoch_hits >= 2:
                return Claim.CONTENT
        return Claim.NO

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "generic")
        epochs: dict[int | None, list[_Epoch]] = {}  # rank -> its epochs, in log order
        for line in lines:
            if "poch" in line.text:
                self._epoch(line.text, line.rank, epochs)
            if line.ts_ns is not None and line.rank in epochs and (
                    "loss" in line.text or "lr" in line.text or "took" in line.text):
                # the epoch's own lines (its losses, learning rate, duration), not a launcher's
                # or a crash's printed while it ran
                epoch = epochs[line.rank][-1]
                epoch.line, epoch.end_ns = line.number, line.ts_ns
                if epoch.loss is None and "loss" in line.text:
                    epoch.loss = next((v for k, v in iter_numbers(line.text) if _KEYS.get(k) == "loss"), None)
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
        if not rows.steps:
            # no step counter anywhere: the epochs are the steps, each ended by its last dated line
            for rank, numbered in epochs.items():
                for epoch in numbered:
                    if epoch.line is not None:
                        rows.step(line=epoch.line, rank=rank, step=epoch.number, end_ns=epoch.end_ns,
                                  step_time_s=epoch.took_s, loss=epoch.loss)
        if not rows.steps and not rows.events:
            raise ParseError(str(path), "no step, launch, checkpoint or failure line found", where="line 1")
        return log_result(rows, warning)

    @staticmethod
    def _epoch(text: str, rank: int | None, epochs: dict[int | None, list[_Epoch]]) -> None:
        """An epoch's number starts it (a new number only: an epoch's lines may repeat it); a
        line giving an epoch's duration sets the current one's."""
        numbered = epochs.get(rank)
        if (took := _EPOCH_TOOK.search(text)) is not None:
            if numbered:
                numbered[-1].took_s = float(took.group(1))
            return
        if (match := _EPOCH.search(text)) is not None:
            number = int(match.group(1))
            if not numbered or numbered[-1].number != number:
                epochs.setdefault(rank, []).append(_Epoch(number))
