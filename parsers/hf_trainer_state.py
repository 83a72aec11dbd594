"""HF Trainer's `trainer_state.json` (saved in every checkpoint folder): its `log_history` is the
metrics the Trainer logged, one entry per logging step (`loss`, `learning_rate`, `grad_norm`,
`epoch`, `step`), eval entries (`eval_*`) and the final summary (`train_runtime`, ...). The
file has no times: its rows carry metrics for SQL (loss curves, grad norms), not wall-clock
time, and the console log still dates the job."""

from __future__ import annotations

from pathlib import Path

import msgspec
import pyarrow as pa

from tracelens.enums import FileStatus
from tracelens.errors import ParseError
from tracelens.parsers._io import decode_json, read_json_document
from tracelens.parsers._logtables import LOG_TABLES, LogRows
from tracelens.parsers._numbers import to_float
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult


def _json_lines(head: bytes) -> bool:
    """A first line that is a whole JSON object, with more lines after it: JSON lines (a
    framework's log whose last record copies the Trainer's `log_history`), not one document."""
    first, _, rest = head.lstrip().partition(b"\n")
    if not rest.strip():
        return False
    try:
        return isinstance(decode_json(first), dict)
    except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
        return False


class HFTrainerStateParser(Parser):
    name = "hf_trainer_state"
    kind = "trainer_state"
    tables = LOG_TABLES

    def detect(self, path: Path, head: bytes) -> Claim:
        if head.lstrip()[:1] == b"{" and b'"log_history"' in head and b'"global_step"' in head and not _json_lines(head):
            return Claim.CONTENT
        return Claim.NAME if path.name == "trainer_state.json" else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        doc, warning = read_json_document(path)
        history = doc.get("log_history") if isinstance(doc, dict) else None
        if not isinstance(history, list):
            raise ParseError(str(path), "no log_history list: not a trainer_state.json", where="byte 0")
        rows = LogRows("hf_trainer_state")
        for number, entry in enumerate(history, start=1):
            if not isinstance(entry, dict) or not isinstance(entry.get("step"), int) or "loss" not in entry:
                continue  # eval entries and the run summary carry no training step metrics
            rows.step(line=number, rank=None, step=entry["step"], loss=to_float(entry.get("loss"), text=False),
                      lr=to_float(entry.get("learning_rate"), text=False), grad_norm=to_float(entry.get("grad_norm"), text=False))
        tables: dict[str, pa.Table] = rows.tables()
        return ParseResult(tables, FileStatus.TRUNCATED if warning else FileStatus.OK, [warning] if warning else [])
