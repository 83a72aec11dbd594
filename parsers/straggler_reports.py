"""What a training framework's own straggler detector printed: one `straggler` log event per
report, naming the slowest rank when the report names one.

- Megatron-Core's StragglerDetector: `| MnRtt/Rnk: 3453.08ms/8 | MxRtt/Rnk: 3468.20ms/0 | ...`
  (min and max round-trip time and their ranks): the rank with the max is the straggler.
- FlagScale's report: `=== Straggler Report at Step N ===` followed by `No stragglers detected`
  or the ranks it flags, and per-section `Slowdown: 1.10x`.
- xtuner's data-bound summary: `[step N] step_time=...` then `Top 10 slowest ranks by data_time`
  and a table `rank data_time step_time`: the first rank listed is the straggler.
"""

from __future__ import annotations

import re
from pathlib import Path

from tracelens.enums import LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._events import log_result, open_log
from tracelens.parsers._logtables import LOG_TABLES
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult

_MEGATRON = re.compile(
    r"MnRtt/Rnk:\s*(?P<min>\d+(?:\.\d+)?|\.\d+)ms/(?P<min_rank>\d+)\s*\|\s*MxRtt/Rnk:\s*(?P<max>\d+(?:\.\d+)?|\.\d+)ms/"
    r"(?P<max_rank>\d+)"
)
_MEGATRON_TIME = re.compile(r"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\]")
_FLAGSCALE = re.compile(r"=== Straggler Report at Step (?P<step>\d+) ===")
_FLAGSCALE_NONE = re.compile(r"No stragglers detected")
_FLAGSCALE_RANKS = re.compile(r"[Ss]traggler(?:s| ranks?)[^:]*:\s*(?P<ranks>[\d ,\[\]]+)")
_XTUNER_STEP = re.compile(r"^\[step (?P<step>\d+)\] step_time=(?P<step_time>\d+(?:\.\d+)?|\.\d+)s")
_XTUNER_TABLE = re.compile(r"slowest ranks by data_time")
# (numbers with one decimal point at most: a mangled `.332.459` is no row)
_XTUNER_ROW = re.compile(r"^\s*(?P<rank>\d+)\s+(?P<data>\d+(?:\.\d+)?|\.\d+)\s+(?P<step>\d+(?:\.\d+)?|\.\d+)\s*$")
_DETECT = re.compile(r"MnRtt/Rnk:|=== Straggler Report at Step|slowest ranks by data_time")


class StragglerReportParser(Parser):
    name = "straggler_report"
    kind = "console_log"
    tables = LOG_TABLES

    def detect(self, path: Path, head: bytes) -> Claim:
        return Claim.CONTENT if _DETECT.search(head.decode("utf-8", "replace")) else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "straggler_report")
        reports = 0
        flagscale_step: int | None = None
        xtuner_step: tuple[int, float] | None = None
        in_xtuner_table = False
        for line in lines:
            text = line.text
            if (m := _MEGATRON.search(text)) is not None:
                reports += 1
                dated = _MEGATRON_TIME.search(text)
                ts = line.ts_ns
                if ts is None and dated is not None:
                    from tracelens.parsers._lines import parse_timestamp

                    ts = parse_timestamp(dated.group(1))
                slow, fast = float(m.group("max")), float(m.group("min"))
                rows.event(LogEventKind.STRAGGLER, line=line.number, rank=int(m.group("max_rank")), ts_ns=ts, raw=text,
                           detail=f"Megatron StragglerDetector: slowest rank {m.group('max_rank')} {slow:g} ms round trip "
                                  f"vs fastest rank {m.group('min_rank')} {fast:g} ms ({slow / fast if fast else 0:.3f}x)")
                continue
            if (m := _FLAGSCALE.search(text)) is not None:
                flagscale_step = int(m.group("step"))
                continue
            if flagscale_step is not None and _FLAGSCALE_NONE.search(text):
                reports += 1
                rows.event(LogEventKind.STRAGGLER, line=line.number, rank=None, ts_ns=line.ts_ns, step=flagscale_step,
                           raw=text, detail="FlagScale straggler report: no stragglers detected")
                flagscale_step = None
                continue
            if flagscale_step is not None and (m := _FLAGSCALE_RANKS.search(text)) is not None:
                for rank in re.findall(r"\d+", m.group("ranks")):
                    rows.event(LogEventKind.STRAGGLER, line=line.number, rank=int(rank), ts_ns=line.ts_ns, step=flagscale_step,
                               raw=text, detail="FlagScale straggler report: flagged")
                reports += 1
                flagscale_step = None
                continue
            if (m := _XTUNER_STEP.search(text)) is not None:
                xtuner_step = (int(m.group("step")), float(m.group("step_time")))
                in_xtuner_table = False
                continue
            if xtuner_step is not None and _XTUNER_TABLE.search(text):
                in_xtuner_table = True
                continue
            if in_xtuner_table and xtuner_step is not None and (m := _XTUNER_ROW.match(text)) is not None:
                reports += 1
                rows.event(LogEventKind.STRAGGLER, line=line.number, rank=int(m.group("rank")), ts_ns=line.ts_ns,
                           step=xtuner_step[0], duration_s=float(m.group("data")), raw=text,
                           detail=f"xtuner: slowest rank by data_time, {float(m.group('data')):g} s waiting for data "
                                  f"in a {xtuner_step[1]:g} s step")
                in_xtuner_table = False  # the first (slowest) rank of the table
                continue
            events.scan(line)
        if not reports:
            raise ParseError(str(path), "no straggler report found", where="line 1")
        return log_result(rows, warning)
