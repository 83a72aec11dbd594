"""HF Trainer's `trainer_state.json` (saved in every checkpoint folder): its `log_history` is the
metrics the Trainer logged, one entry per logging step (`loss`, `learning_rate`, `grad_norm`,
`epoch`, `step`), eval entries (`eval_*`) and the final summary (`train_runtime`, ...). The
file has no times: its rows carry metrics for SQL (loss curves, grad norms), not wall-clock
time, and the console log still dates the job."""

from __future__ import annotations

import json
import re
from pathlib import Path

import msgspec
import pyarrow as pa

from tracelens.enums import FileStatus, LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._io import decode_json, read_bytes, read_json_document
from tracelens.parsers._logtables import LOG_TABLES, LogRows
from tracelens.parsers._numbers import to_float
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult

# the Trainer's checkpoint folder, `checkpoint-6906`, at the end of a path
_CHECKPOINT_FOLDER = re.compile(r"(?:^|[\\/])checkpoint-(?P<s>\d{1,15})[\\/]?$")


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


# the history's key and the opening of its list, and the best checkpoint's folder before it (the Trainer sorts its keys)
_HISTORY_OPENS = re.compile(r'"log_history"\s{0,64}:\s{0,64}\[')
_BEST_CHECKPOINT = re.compile(r'"best_model_checkpoint"\s{0,64}:\s{0,64}"(?P<path>[^"\\]{1,4000})"')


def _salvaged(path: Path, error: ParseError) -> tuple[dict[str, object], str]:
    """A `trainer_state.json` cut short (its writer killed as it wrote it, a copy stopped): the whole entries of its
    `log_history` before the cut, and a warning saying where it was cut; `error` where not one entry is whole."""
    data, _ = read_bytes(path)
    text = data.decode("utf-8", "replace")
    opens = _HISTORY_OPENS.search(text)
    if opens is None:
        raise error
    decoder = json.JSONDecoder()
    history: list[object] = []
    at = whole = opens.end()
    while True:
        while at < len(text) and text[at] in " \t\r\n,":
            at += 1
        try:
            entry, at = decoder.raw_decode(text, at)
        except (ValueError, RecursionError):
            break
        history.append(entry)
        whole = at  # (where the last whole entry ends)
    if not history:
        raise error
    doc: dict[str, object] = {"log_history": history}
    if (best := _BEST_CHECKPOINT.search(text, 0, opens.start())) is not None:
        doc["best_model_checkpoint"] = best.group("path")
    cut = len(text[:whole].encode("utf-8"))
    return doc, (f"not whole JSON: cut short after byte {cut}; the {len(history)} whole entries of its log_history "
                 "before it are read")


class HFTrainerStateParser(Parser):
    name = "hf_trainer_state"
    kind = "trainer_state"
    tables = LOG_TABLES

    def detect(self, path: Path, head: bytes) -> Claim:
        if head.lstrip()[:1] == b"{" and b'"log_history"' in head and b'"global_step"' in head and not _json_lines(head):
            return Claim.CONTENT
        return Claim.NAME if path.name == "trainer_state.json" else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        try:
            doc, warning = read_json_document(path)
        except ParseError as exc:
            doc, warning = _salvaged(path, exc)
        history = doc.get("log_history") if isinstance(doc, dict) else None
        if not isinstance(history, list):
            raise ParseError(str(path), "no log_history list: not a trainer_state.json", where="byte 0")
        rows = LogRows("hf_trainer_state")
        logged = -1  # the last step a training entry logged
        for number, entry in enumerate(history, start=1):
            if not isinstance(entry, dict) or not isinstance(step := entry.get("step"), int) or step < 0:
                continue
            if "loss" in entry:
                rows.step(line=number, rank=None, step=step, loss=to_float(entry.get("loss"), text=False),
                          lr=to_float(entry.get("learning_rate"), text=False),
                          grad_norm=to_float(entry.get("grad_norm"), text=False))
                logged = max(logged, step)
            elif "train_runtime" in entry:
                # the run's summary, once its training loop is done: its step the last one trained (logged or
                # not: `logging_steps` apart), its runtime the loop's; no time of day (the file has none)
                if step > logged:
                    rows.step(line=number, rank=None, step=step)
                    logged = step
                runtime = to_float(entry.get("train_runtime"), text=False)
                rows.event(LogEventKind.ATTEMPT_END, line=number, rank=None, ts_ns=None, step=step,
                           duration_s=runtime if runtime is not None and 0 <= runtime < 1e8 else None,
                           detail="train_runtime")
        best = doc.get("best_model_checkpoint")
        if isinstance(best, str) and (saved := _CHECKPOINT_FOLDER.search(best)) is not None:
            # (the folder the Trainer saved the best model's checkpoint in, its step in its name; cited at the
            # first entry of that step, the document's head where none is)
            step = int(saved.group("s"))
            at = next((n for n, e in enumerate(history, start=1) if isinstance(e, dict) and e.get("step") == step), 0)
            rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=at, rank=None, ts_ns=None, step=step,
                       detail="best_model_checkpoint")
        tables: dict[str, pa.Table] = rows.tables()
        return ParseResult(tables, FileStatus.TRUNCATED if warning else FileStatus.OK, [warning] if warning else [])
