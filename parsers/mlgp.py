"""ml-goodput-measurement's own event records (`GoodputRecorder` payloads, one JSON object a
line: job/step/accelerator-init/training-prep/data-loading/custom-badput events with POSIX
second timestamps), as exported from Cloud Logging or written locally."""

from __future__ import annotations

from pathlib import Path

import msgspec

from tracelens.enums import FileStatus, LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._io import read_bytes
from tracelens.parsers._logtables import LOG_TABLES, LogRows
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult

_KEYS = (b'"job_start_time"', b'"step_start_time"', b'"tpu_init_start_time"', b'"custom_badput_event_type"')
# key -> (event kind, detail)
_SIMPLE = {
    "job_start_time": (LogEventKind.ATTEMPT_START, "job_start"),
    "job_end_time": (LogEventKind.ATTEMPT_END, "job_end"),
    "tpu_init_start_time": (LogEventKind.INIT_START, "accelerator_init"),
    "tpu_init_end_time": (LogEventKind.INIT_END, "accelerator_init"),
    "training_prep_start_time": (LogEventKind.INIT_START, "training_prep"),
    "training_prep_end_time": (LogEventKind.INIT_END, "training_prep"),
    "data_loading_start_time": (LogEventKind.INIT_START, "data_loading"),
    "data_loading_end_time": (LogEventKind.INIT_END, "data_loading"),
}


def _ns(seconds: float) -> int:
    return round(seconds * 1_000_000_000)


class MlgpParser(Parser):
    name = "mlgp"
    kind = "goodput_events"
    tables = LOG_TABLES

    def detect(self, path: Path, head: bytes) -> Claim:
        records = [line for line in head.splitlines()[:50] if line.lstrip().startswith(b"{")]
        if not head.lstrip().startswith(b"{"):
            return Claim.NO  # JSON lines only: a document that merely quotes the keys is not one
        found = any(b'"job_name"' in line and any(k in line for k in _KEYS) for line in records)
        return Claim.CONTENT if found else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        data, warning = read_bytes(path)
        rows = LogRows("ml-goodput-measurement")
        warnings = [warning] if warning else []
        bad = 0
        for number, raw in enumerate(data.splitlines(), start=1):
            if not raw.strip():
                continue
            try:
                record = msgspec.json.decode(raw)
            except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):  # RecursionError: nested past msgspec's limit
                bad += 1
                continue
            if not isinstance(record, dict) or "_comment" in record:
                continue
            text = raw.decode("utf-8", "replace")
            for key, (kind, detail) in _SIMPLE.items():
                if isinstance(record.get(key), (int, float)):
                    rows.event(kind, line=number, rank=None, ts_ns=_ns(record[key]), detail=detail, raw=text)
            if isinstance(record.get("step_start_time"), (int, float)) and isinstance(record.get("step_count"), int):
                rows.step(line=number, rank=None, step=record["step_count"], start_ns=_ns(record["step_start_time"]),
                          time_source="record")
            badput = record.get("custom_badput_event_type")
            if isinstance(badput, str):
                is_eval = "eval" in badput.lower()
                for key, kind in (
                    ("custom_badput_event_start_time", LogEventKind.EVAL_START if is_eval else LogEventKind.INIT_START),
                    ("custom_badput_event_end_time", LogEventKind.EVAL_END if is_eval else LogEventKind.INIT_END),
                ):
                    if isinstance(record.get(key), (int, float)):
                        rows.event(kind, line=number, rank=None, ts_ns=_ns(record[key]), detail=badput.lower(), raw=text)
        if bad and not rows.steps and not rows.events:
            raise ParseError(str(path), "no ml-goodput-measurement record could be read", where="line 1")
        if bad:
            warnings.append(f"{bad} lines are not JSON records and were skipped")
        return ParseResult(rows.tables(), FileStatus.TRUNCATED if warning else FileStatus.OK, warnings)
