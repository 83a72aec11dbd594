"""JSON-lines metrics: one JSON object per line with a step and a time, as metric loggers write
them (`{"step": 12, "time": 1795320317.68, "loss": 2.31, "tokens": 4096, ...}`; wandb-style
`_step` / `_timestamp` too). Times are POSIX seconds (or ISO 8601 strings); metric keys are read
like the generic console parser's (loss, lr, grad_norm, tokens, samples, step_time_s, tps,
tflops, mfu)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import msgspec

from tracelens.enums import FileStatus, LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._io import decode_json, read_bytes
from tracelens.parsers._lines import parse_timestamp
from tracelens.parsers._logtables import LOG_TABLES, METRIC_KEYS, LogRows
from tracelens.parsers._numbers import to_float
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult

_STEP_KEYS = ("step", "_step", "global_step", "iteration", "iter")
_TIME_KEYS = ("time", "timestamp", "_timestamp", "ts", "wall_time", "time_s")
_METRICS = METRIC_KEYS


def _time_ns(value: Any) -> int | None:
    # seconds, ms, us or ns since the epoch (told apart by magnitude: today is 1.7e9 s, 1.7e12 ms,
    # 1.7e15 us, 1.7e18 ns); past int64's nanoseconds (or inf) it dates nothing
    if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 < value < 9e18:
        if value < 1e11:
            return round(value * 1e9)
        return round(value * 1e6) if value < 1e14 else round(value * 1e3) if value < 1e17 else int(value)
    if isinstance(value, str):
        return parse_timestamp(value)
    return None


def _record(raw: bytes) -> dict[str, Any] | None:
    try:
        value = decode_json(raw)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):  # nested past msgspec's depth limit
        return None
    return value if isinstance(value, dict) else None


class JsonlMetricsParser(Parser):
    name = "jsonl_metrics"
    kind = "metrics_jsonl"
    tables = LOG_TABLES

    def detect(self, path: Path, head: bytes) -> Claim:
        lines = [line for line in head.splitlines()[:20] if line.strip()]
        if not lines or not lines[0].lstrip().startswith(b"{"):
            return Claim.NO
        good = 0
        for line in lines[:-1] or lines:  # the last line of a head may be cut
            record = _record(line)
            if record is None:
                return Claim.NO
            if (any(k in record for k in _STEP_KEYS) and any(k in record for k in _TIME_KEYS)
                    and any(k in record for k in _METRICS)):
                good += 1
        return Claim.CONTENT if good else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        data, warning = read_bytes(path)
        rows = LogRows("jsonl")
        started: set[int | None] = set()
        bad = 0
        for number, raw in enumerate(data.splitlines(), start=1):
            if not raw.strip():
                continue
            record = _record(raw)
            if record is None:
                bad += 1
                continue
            step = next((record[k] for k in _STEP_KEYS if isinstance(record.get(k), int)), None)
            ts = next((t for k in _TIME_KEYS if (t := _time_ns(record.get(k))) is not None), None)
            if step is None:
                continue
            values = {column: value for key, column in _METRICS.items()
                      if (value := to_float(record.get(key), text=False)) is not None}
            rank = record.get("rank") if isinstance(record.get("rank"), int) else None
            if ts is not None and rank not in started:
                # the job (as this file sees it) starts when its first step does
                started.add(rank)
                begin = ts - round(values["step_time_s"] * 1e9) if "step_time_s" in values else ts
                rows.event(LogEventKind.ATTEMPT_START, line=number, rank=rank, ts_ns=begin, detail="first record")
            rows.step(line=number, rank=rank, step=step, end_ns=ts, time_source="record" if ts is not None else None, **values)
        if not rows.steps:
            raise ParseError(str(path), "no JSON line with a step", where="line 1")
        warnings = [warning] if warning else []
        if bad:
            warnings.append(f"{bad} lines are not JSON objects and were skipped")
        return ParseResult(rows.tables(), FileStatus.TRUNCATED if warning else FileStatus.OK, warnings)
