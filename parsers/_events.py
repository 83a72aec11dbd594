"""The lines every console log shares, whatever the framework, and the helpers every log
parser starts and ends with."""

from __future__ import annotations

import re
from pathlib import Path

from tracelens.parsers import ParseResult
from tracelens.parsers._lines import Line, read_lines
from tracelens.parsers._logtables import LogRows

from tracelens.enums import FileStatus, LogEventKind
from tracelens.errors import ParseError

STEP = re.compile(r"\b(?:step|iteration|iter)\b\s*[:=#]?\s*(\d+)", re.IGNORECASE)
_END = re.compile(r"\btraining (?:done|finished|complete[d]?)\b", re.IGNORECASE)
_CRASH = re.compile(r"Traceback \(most recent call last\)|\bfailed \(exitcode: -?\d+\)|ChildFailedError")
_OOM = re.compile(r"CUDA out of memory|OutOfMemoryError")
_RESTART = re.compile(r"[Rr]estarting worker group|will restart worker group")
_DURATION = r"(?:\s+in\s+(?P<dur>\d+(?:\.\d+)?)\s*(?:s|sec|seconds)\b)?"
WATCHDOG = re.compile(
    r"Watchdog caught collective operation timeout: Work\w*\(SeqNum=(?P<seq>\d+), OpType=(?P<op>\w+)"
    r"(?:, NumelIn=(?P<numel_in>\d+), NumelOut=(?P<numel_out>\d+))?, Timeout\(ms\)=(?P<timeout>\d+)\)"
    r" ran for (?P<ran>\d+) milliseconds"
)
_STARTS = re.compile(r"\bTraining starts at step (\d+)", re.I)  # torchtitan's header, also used by others
_CKPT = (
    (re.compile(r"\b(?:successfully )?saved (?:the )?checkpoint\b" + r".*?" + _DURATION, re.I), LogEventKind.CHECKPOINT_SAVE_END),
    (re.compile(r"\bcheckpoint (?:save )?completed" + _DURATION, re.I), LogEventKind.CHECKPOINT_SAVE_END),
    (re.compile(r"\bfinished loading (?:the )?checkpoint" + _DURATION, re.I), LogEventKind.CHECKPOINT_LOAD_END),
    (re.compile(r"\bsaving (?:the )?(?:model )?checkpoint\b", re.I), LogEventKind.CHECKPOINT_SAVE_START),
    (re.compile(r"\b(?:successfully )?loaded (?:the )?checkpoint\b" + r".*?" + _DURATION, re.I), LogEventKind.CHECKPOINT_LOAD_END),
    (re.compile(r"\bloading (?:the )?checkpoint\b", re.I), LogEventKind.CHECKPOINT_LOAD_START),
)
_GLOG_LAUNCHER = re.compile(r"^[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d+ ")


class EventScanner:
    """The lines every console log shares, whatever the framework: a process's first dated
    line (an attempt starts), launcher failures and restarts, c10d watchdog timeouts (dated at
    the hang's start: log time - "ran for"), OOMs, checkpoint save/load lines (with "in N s"
    durations), "Training starts at step N", "training done"."""

    def __init__(self, rows: LogRows) -> None:
        self.rows = rows
        self.started: set[int | None] = set()  # ranks whose current process has logged a dated line
        self.timeouts: set[tuple[int | None, str, str]] = set()  # (rank, seq, op) already recorded

    def scan(self, line: Line) -> bool:
        """Record the line's events; True when it was a failure or restart line (nothing else to read)."""
        rows = self.rows
        if line.ts_ns is not None and line.rank not in self.started and not _GLOG_LAUNCHER.match(line.text):
            self.started.add(line.rank)
            rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                       detail="first dated line of a process", raw=line.text)
        watchdog = WATCHDOG.search(line.text)
        if watchdog is not None:
            key = (line.rank, watchdog.group("seq"), watchdog.group("op"))
            if key not in self.timeouts:  # the same timeout is repeated by the terminating thread
                self.timeouts.add(key)
                ran_s = int(watchdog.group("ran")) / 1000
                rows.event(
                    LogEventKind.COLLECTIVE_TIMEOUT, line=line.number, rank=line.rank,
                    ts_ns=line.ts_ns - int(ran_s * 1e9) if line.ts_ns is not None else None,  # when the hang began
                    duration_s=ran_s,
                    detail=f"{watchdog.group('op')} SeqNum={watchdog.group('seq')} Timeout(ms)={watchdog.group('timeout')}",
                    raw=line.text,
                )
            return True
        if _CRASH.search(line.text) or _RESTART.search(line.text):
            kind = LogEventKind.RESTART if _RESTART.search(line.text) else LogEventKind.CRASH
            rows.event(kind, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=line.text)
            self.started.clear()  # the launcher restarts every worker: each one's next dated line starts anew
            return True
        if _OOM.search(line.text):
            rows.event(LogEventKind.OOM, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=line.text)
        elif (starts := _STARTS.search(line.text)) is not None:
            rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                       step=int(starts.group(1)), detail="training starts", raw=line.text)
        elif _END.search(line.text):
            rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=line.text)
        else:
            for pattern, kind in _CKPT:
                ckpt = pattern.search(line.text)
                if ckpt:
                    dur = ckpt.groupdict().get("dur")
                    at = STEP.search(line.text)
                    rows.event(kind, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=line.text,
                               duration_s=float(dur) if dur else None, step=int(at.group(1)) if at else None)
                    break
        return False




def open_log(path: Path, framework: str) -> tuple[list[Line], str | None, LogRows, EventScanner]:
    """The file's logical lines (a ParseError when there are none), its truncation warning,
    fresh rows for `framework` and the shared event scanner feeding them."""
    lines, warning = read_lines(path)
    if not lines:
        raise ParseError(str(path), "empty file")
    rows = LogRows(framework)
    return lines, warning, rows, EventScanner(rows)


def log_result(rows: LogRows, warning: str | None) -> ParseResult:
    return ParseResult(rows.tables(), FileStatus.TRUNCATED if warning else FileStatus.OK, [warning] if warning else [])
