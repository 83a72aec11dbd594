"""User profiles: a small TOML file of regexes for a console-log format tracelens does not know.

    name = "failover-wrapper"            # shown as the file's parser ("profile:failover-wrapper")
    detect = '^\\[failover\\] '            # a file is this format when one of its first lines matches
    time = '^\\[(?P<ts>\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d)\\]'   # optional: where a line's time is
    time_format = "%Y-%m-%d %H:%M:%S"     # optional, strptime; default: ISO 8601 anywhere in the line

    [steps]                              # a line matching it is a step; named groups fill the row
    pattern = 'step:\\s*(?P<step>\\d+)\\s+loss:\\s*(?P<loss>[\\d.]+)'   # step, loss, lr, grad_norm, tokens,
                                                                   # samples, step_time_s, tokens_per_s, ...
    [events]                             # LogEventKind = regex (a group `step` or `duration_s` is read)
    restart = '^\\[failover\\] attempt \\d+/\\d+'
    crash = 'exited (?P<code>\\d+)'

Every file a profile claims is also read by the shared event scanner (torchrun failures,
watchdog timeouts, NCCL lines), after the profile's own patterns. Profiles are given with
`--profile FILE` (repeatable) and win over the built-in parsers on the files they claim.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from tracelens.enums import LogEventKind
from tracelens.errors import ParseError, UsageError
from tracelens.parsers._events import log_result, open_log
from tracelens.parsers._lines import Line, head_bodies
from tracelens.parsers._logtables import LOG_TABLES
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult

_STEP_COLUMNS = {"start_ns", "end_ns", "step_time_s", "tokens", "samples", "loss", "lr", "grad_norm", "tokens_per_s",
                 "tflops", "mfu"}


@dataclass(frozen=True)
class Profile:
    name: str
    detect: re.Pattern[str]
    step: re.Pattern[str] | None
    events: tuple[tuple[LogEventKind, re.Pattern[str]], ...]
    time: re.Pattern[str] | None
    time_format: str | None


def load_profile(path: Path) -> Profile:
    """Read and check a profile; a UsageError (exit 2) names the file and the problem."""
    try:
        doc = tomllib.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise UsageError(f"{path}: cannot read the profile: {exc.strerror or exc}") from None
    except tomllib.TOMLDecodeError as exc:
        raise UsageError(f"{path}: not valid TOML: {exc}") from None

    def compile_(key: str, pattern: Any) -> re.Pattern[str]:
        if not isinstance(pattern, str):
            raise UsageError(f"{path}: {key} must be a regex string")
        try:
            return re.compile(pattern)
        except re.error as exc:
            raise UsageError(f"{path}: {key}: bad regex: {exc}") from None

    if "detect" not in doc:
        raise UsageError(f"{path}: a profile needs `detect`, the regex a line of its format matches")
    steps = doc.get("steps", {})
    step = compile_("steps.pattern", steps["pattern"]) if isinstance(steps, dict) and "pattern" in steps else None
    if step is not None and "step" not in step.groupindex:
        raise UsageError(f"{path}: steps.pattern needs a named group `step`")
    events = []
    for kind, pattern in (doc.get("events") or {}).items():
        try:
            member = LogEventKind(kind)
        except ValueError:
            known = ", ".join(k.value for k in LogEventKind)
            raise UsageError(f"{path}: events.{kind}: not an event kind ({known})") from None
        events.append((member, compile_(f"events.{kind}", pattern)))
    time = compile_("time", doc["time"]) if "time" in doc else None
    if time is not None and "ts" not in time.groupindex:
        raise UsageError(f"{path}: time needs a named group `ts`")
    return Profile(
        name=str(doc.get("name") or path.stem), detect=compile_("detect", doc["detect"]), step=step,
        events=tuple(events), time=time, time_format=doc.get("time_format"),
    )


class ProfileParser(Parser):
    kind = "console_log"
    tables = LOG_TABLES

    def __init__(self, profile: Profile) -> None:
        self.profile = profile
        self.name = f"profile:{profile.name}"

    def detect(self, path: Path, head: bytes) -> Claim:
        for body in head_bodies(head):
            if self.profile.detect.search(body):
                return Claim.CONTENT
        return Claim.NO

    def _time(self, line: Line) -> int | None:
        p = self.profile
        if p.time is None:
            return line.ts_ns
        match = p.time.search(line.text)
        if match is None:
            return line.ts_ns
        text = match.group("ts")
        try:
            moment = datetime.strptime(text, p.time_format) if p.time_format else datetime.fromisoformat(text)
        except ValueError:
            return line.ts_ns
        if moment.tzinfo is None:
            moment = moment.replace(tzinfo=UTC)
        return round(moment.timestamp() * 1e9)

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, scanner = open_log(path, self.name)
        matched = 0
        for line in lines:
            ts = self._time(line)
            if ts != line.ts_ns:
                line = Line(line.number, line.rank, line.text, ts)
            hit = False
            for kind, pattern in self.profile.events:
                m = pattern.search(line.text)
                if m is not None:
                    groups = m.groupdict()
                    rows.event(kind, line=line.number, rank=line.rank, ts_ns=ts, raw=line.text,
                               step=int(groups["step"]) if groups.get("step") else None,
                               duration_s=float(groups["duration_s"]) if groups.get("duration_s") else None,
                               detail=f"profile {self.profile.name}")
                    hit = True
                    if kind in (LogEventKind.CRASH, LogEventKind.RESTART):
                        scanner.started.clear()  # the next dated line of each process starts an attempt
                    break
            if not hit and self.profile.step is not None and (m := self.profile.step.search(line.text)) is not None:
                scanner.scan(line)  # a step line may be a process's first dated line: an attempt's start
                values: dict[str, Any] = {}
                for key, value in m.groupdict().items():
                    if key in _STEP_COLUMNS and value is not None:
                        try:
                            values[key] = float(value.replace(",", ""))
                        except ValueError:
                            continue
                values.setdefault("end_ns", ts)
                rows.step(line=line.number, rank=line.rank, step=int(m.group("step")), **values)
                hit = True
            if hit or scanner.scan(line):
                matched += 1
        if not matched and not rows.events:
            raise ParseError(str(path), f"no line matches profile {self.profile.name}", where="line 1")
        return log_result(rows, warning)
