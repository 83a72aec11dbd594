"""Generic console logs: timestamped lines that report `step N` with numeric metrics
(`loss 2.31 step_time_s 0.12 tokens 1024`, `key=value`, `key: value`), from any launcher
(torchrun --tee, srun, mpirun prefixes give the rank), plus the lines that mark a run's
start, end and failures. A step may be a batch within its epoch (`Epoch:[0/20](20700/41914)`),
its metrics on indented lines below its dated first line (OLMo's records), or undated where
the line reports the step's own time (nanoGPT's `iter 5: loss 4.2082, time 1431.27ms`): such
a step has a row with no time (the steps have no clock; the time they report is kept).
Framework-specific logs have their own modules; torchtitan's step lines (its `[titan]`
logger, or its metrics line under another logger) are read here and credited to torchtitan."""

from __future__ import annotations

import re
from pathlib import Path
from typing import NamedTuple

from tracelens.errors import ParseError
from tracelens.parsers._events import STEP, WATCHDOG, join_wrapped_watchdogs, log_result, open_log
from tracelens.parsers._lines import Line, _yearless_match, head_bodies, iter_numbers, parse_timestamp
from tracelens.parsers._logreader import LogReader
from tracelens.parsers._logtables import METRIC_KEYS, LogRows
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


# A step counted within its epoch, the epoch's batches known: MiniMind's
# `Epoch:[0/20](20700/41914) loss:2.596`, PyTorch's tutorial `Epoch [1/5], Step [100/600], Loss:
# 0.21`, the ImageNet example's `Epoch: [0][ 10/5005]`. Not the MNIST example's `Train Epoch: 1
# [640/60000 (1%)]` (samples, not batches: no bracket closes right after the count).
_EPOCH_BATCH = re.compile(
    r"\bepoch\s{0,4}[:=#]?\s{0,4}[\[(]?\s{0,4}(?P<e>\d{1,9})(?:\s{0,4}/\s{0,4}\d{1,9})?\s{0,4}[\])]?[\s,|]{0,4}"
    r"(?:(?:step|iter(?:ation)?|batch)\s{0,4}[:=#]?\s{0,4})?[\[(]\s{0,8}(?P<i>\d{1,12})\s{0,4}/\s{0,4}(?P<n>\d{1,12})\s{0,4}[\])]",
    re.I)

# A step's own time with its unit, where no metric key names it: nanoGPT's `iter 5: loss 4.2082,
# time 1431.27ms, mfu 0.01%`, its forks' `dt 120.5ms`. A bare `time` only in milliseconds (in
# seconds it may be the time since the run began).
_TIMED = re.compile(
    r"\b(?:(?P<any>dt|step_time|iter_time|batch_time)|time)\s{0,4}[:=]?\s{0,4}(?P<v>\d{1,9}(?:\.\d{1,9})?)\s{0,2}"
    r"(?:(?P<ms>ms)|(?(any)s|(?!)))\b", re.I)


# What an undated line needs to be a step line (`_step_counter`'s words, case-insensitively)
_MAY_COUNT = re.compile(r"(?i:ter|tep|poch)")


def _step_values(text: str) -> dict[str, float]:
    """The metrics of a step line (what follows its counter): its known keys; a bare `time`
    beside `data_time` (the iteration timer's pair: detectron2's `time: 1.1678  data_time:
    0.0222`), and failing both, its time with a unit (`_TIMED`), as the step's time."""
    values: dict[str, float] = {}
    bare_time = None
    for key, value in iter_numbers(text):
        if key in _KEYS:
            values[_KEYS[key]] = value
        elif key == "time" and bare_time is None:
            bare_time = value
    if bare_time is not None and "data_time_s" in values:
        values.setdefault("step_time_s", bare_time)
    if values.get("mfu", 0) < 0:
        del values["mfu"]  # not measured yet (nanoGPT prints -100% until its fifth iteration)
    if "step_time_s" not in values and ("ms" in text or "s" in text) and (timed := _TIMED.search(text)) is not None:
        values["step_time_s"] = float(timed.group("v")) / (1000 if timed.group("ms") else 1)
    return values


class _Counter(NamedTuple):
    """A step line's counter: the step, and the match that read it."""

    step: int
    match: re.Match[str]


def _step_counter(text: str) -> _Counter | None:
    """The counter of a step line: a batch within its epoch (`_EPOCH_BATCH`: the step is
    epoch x batches per epoch + batch, the epoch as the line numbers it, so that the steps go on
    across epochs), else `STEP`'s."""
    if "poch" in text or "POCH" in text:
        batch = _EPOCH_BATCH.search(text)
        if batch is not None:
            return _Counter(int(batch.group("e")) * int(batch.group("n")) + int(batch.group("i")), batch)
    match = STEP.search(text)
    return _Counter(int(match.group(1)), match) if match is not None else None


# What may follow the counter of a step record's first line, its metrics on lines of their own
# below: OLMo's `[step=996/15000,epoch=0]`, then `    train/CrossEntropyLoss=2.962`, ...
_RECORD_HEAD = re.compile(r"(?:/\d{1,15})?(?:[,;\s]{1,4}epoch\s{0,4}[=:]\s{0,4}\d{1,9})?\]?:?\s{0,8}", re.I)
# a record's metric line: `name=value`, indented (the name a path: its last part is the metric's)
_RECORD_METRIC = re.compile(r"^(?P<key>[A-Za-z_][\w/.]{0,120}+)\s{0,4}[=:]\s{0,4}"
                            r"(?P<value>[-+]?(?:\d{1,3}(?:,\d{3})+|\d{1,30})(?:\.\d{1,20})?(?:[eE][-+]?\d{1,4})?)")
# record metric names (the last part of the path) -> log_steps column, beyond METRIC_KEYS
_RECORD_KEYS = {**_KEYS, "crossentropyloss": "loss", "total_grad_norm": "grad_norm"}
RECORD_LINES_MAX = 256  # metric lines of one record at most


class _Record:
    """A step whose metrics a dated first line announces and indented lines below give, one
    each (OLMo's trainer): a row once two metric lines follow it."""

    __slots__ = ("line", "step", "values", "metrics")

    def __init__(self, line: Line, step: int) -> None:
        self.line, self.step = line, step
        self.values: dict[str, float] = {}
        self.metrics = 0

    def add(self, text: str) -> bool:
        """Read one of the record's lines; False where it is none (the record ended before it)."""
        match = _RECORD_METRIC.fullmatch(text.strip()) if self.metrics < RECORD_LINES_MAX else None
        if match is None:
            return False
        self.metrics += 1
        column = _RECORD_KEYS.get(match.group("key").rsplit("/", 1)[-1].lower())
        if column is not None and column not in self.values:
            self.values[column] = float(match.group("value").replace(",", ""))
        return True

    def emit(self, rows: LogRows) -> None:
        if self.metrics >= 2:
            rows.step(line=self.line.number, rank=self.line.rank, step=self.step, end_ns=self.line.ts_ns, **self.values)


def _is_step_line(text: str, dated: bool = True) -> bool:
    """A step counter with a metric after it; undated, a metric that is the step's time."""
    counter = _step_counter(text)
    if counter is None:
        return False
    values = _step_values(text[counter.match.end():])
    return "step_time_s" in values if not dated else any(k != "step" for k in values)


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
        undated = 0
        record_head = False  # the line before was the dated first line of a step record
        for body in head_bodies(head, limit=400):
            if record_head:
                record_head = False
                if _RECORD_METRIC.fullmatch(body) is not None:  # a step record: its first metric line
                    hits += 1
                    if hits >= 2:
                        return Claim.CONTENT
                    continue
            if parse_timestamp(body) is not None or _yearless_match(body) is not None:
                if (counter := _step_counter(body)) is not None and _RECORD_HEAD.fullmatch(body, counter.match.end()):
                    record_head = True
                elif _is_step_line(body):
                    hits += 1
                    if hits >= 2:
                        return Claim.CONTENT
                elif "poch" in body and _EPOCH_TOOK.search(body):
                    return Claim.CONTENT  # an epoch's duration: a log that counts epochs
                elif any(k in _KEYS for k, _ in iter_numbers(body)):
                    epoch_hits += 1  # a dated metric, an epoch's if the log numbers epochs
            elif _is_step_line(body, dated=False):
                undated += 1  # a step line reporting its own time (nanoGPT's, undated)
                if undated >= 3:
                    return Claim.CONTENT
            elif "poch" in body and _EPOCH.search(body):
                epochs = True
            if epochs and epoch_hits >= 2:
                return Claim.CONTENT
        return Claim.NO

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "generic")
        epochs: dict[int | None, list[_Epoch]] = {}  # rank -> its epochs, in log order
        record: _Record | None = None  # a multi-line step record being read
        for line in lines:
            if record is not None:
                if line.ts_ns is None and line.text[:1] in " \t" and record.add(line.text):
                    continue
                record.emit(rows)
                record = None
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
            text = line.text
            # an undated step has a row only where it reports its own time (nothing else places it)
            counter = _step_counter(text) if line.ts_ns is not None or _MAY_COUNT.search(text) else None
            if counter is not None:
                values = _step_values(text[counter.match.end():])
                if not values and line.ts_ns is not None and _RECORD_HEAD.fullmatch(text, counter.match.end()):
                    record = _Record(line, counter.step)
                elif values and (line.ts_ns is not None or "step_time_s" in values):
                    before = len(rows.steps)
                    rows.step(line=line.number, rank=line.rank, step=counter.step, end_ns=line.ts_ns, **values)
                    if (len(rows.steps) > before and ("[titan]" in text or "GiB(" in text)
                            and _TORCHTITAN.search(text)):
                        rows.steps[-1]["framework"] = "torchtitan"  # a step's framework is its line's
        if record is not None:
            record.emit(rows)
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
