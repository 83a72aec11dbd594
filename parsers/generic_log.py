"""Generic console logs: timestamped lines that report `step N` with numeric metrics
(`loss 2.31 step_time_s 0.12 tokens 1024`, `key=value`, `key: value`), from any launcher
(torchrun --tee, srun, mpirun prefixes give the rank), plus the lines that mark a run's
start, end and failures. Framework-specific logs have their own modules."""

from __future__ import annotations

import re
from pathlib import Path

from tracelens.enums import FileStatus, LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers import Claim, ParseOptions, ParseResult
from tracelens.parsers._lines import Line, iter_numbers, parse_timestamp, read_lines, strip_prefix
from tracelens.parsers._logtables import LogRows

_STEP = re.compile(r"\b(?:step|iteration|iter)\b\s*[:=#]?\s*(\d+)", re.IGNORECASE)
_END = re.compile(r"\btraining (?:done|finished|complete[d]?)\b", re.IGNORECASE)
_CRASH = re.compile(r"Traceback \(most recent call last\)|\bfailed \(exitcode: -?\d+\)|ChildFailedError")
_OOM = re.compile(r"CUDA out of memory|OutOfMemoryError")
_RESTART = re.compile(r"[Rr]estarting worker group|will restart worker group")
_DURATION = r"(?:\s+in\s+(?P<dur>\d+(?:\.\d+)?)\s*(?:s|sec|seconds)\b)?"
_WATCHDOG = re.compile(
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
# metric keys as logs spell them -> log_steps column
_KEYS = {
    "loss": "loss", "lr": "lr", "learning_rate": "lr", "grad_norm": "grad_norm",
    "step_time_s": "step_time_s", "step_time": "step_time_s", "time_per_step": "step_time_s",
    "tokens": "tokens", "samples": "samples", "tps": "tokens_per_s", "tokens_per_s": "tokens_per_s",
    "tflops": "tflops", "mfu": "mfu",
}


_GLOG_LAUNCHER = re.compile(r"^[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d+ ")


def _is_step_line(text: str) -> bool:
    return bool(_STEP.search(text)) and any(k in _KEYS and k not in ("step",) for k, _ in iter_numbers(text))


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
        watchdog = _WATCHDOG.search(line.text)
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
                    at = _STEP.search(line.text)
                    rows.event(kind, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=line.text,
                               duration_s=float(dur) if dur else None, step=int(at.group(1)) if at else None)
                    break
        return False


class GenericLogParser:
    name = "generic_log"
    kind = "console_log"
    tables = ("log_steps", "log_events")

    def detect(self, path: Path, head: bytes) -> Claim:
        text = head.decode("utf-8", "replace")
        if _WATCHDOG.search(text) or "ChildFailedError" in text or re.search(r"failed \(exitcode: -?\d+\)", text):
            return Claim.CONTENT  # a launcher/failure log, with or without step lines
        hits = 0
        for raw in text.splitlines()[:400]:
            _, body = strip_prefix(raw)
            if parse_timestamp(body) is not None and _is_step_line(body):
                hits += 1
                if hits >= 2:
                    return Claim.CONTENT
        return Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning = read_lines(path)
        if not lines:
            raise ParseError(str(path), "empty file")
        rows = LogRows("generic")
        events = EventScanner(rows)
        for line in lines:
            if events.scan(line):
                continue
            match = _STEP.search(line.text)
            if match and line.ts_ns is not None:
                values = {_KEYS[k]: v for k, v in iter_numbers(line.text[match.end():]) if k in _KEYS}
                if values:
                    rows.step(line=line.number, rank=line.rank, step=int(match.group(1)), end_ns=line.ts_ns, **values)
        if not rows.steps and not any(e["kind"] != LogEventKind.ATTEMPT_START.value for e in rows.events):
            raise ParseError(str(path), "no step lines and no failure lines found", where="line 1")
        return ParseResult(rows.tables(), FileStatus.TRUNCATED if warning else FileStatus.OK, [warning] if warning else [])
