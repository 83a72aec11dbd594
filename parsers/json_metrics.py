"""Metric files that are one JSON document, as experiment trackers and trainers keep them:

- Sacred's `metrics.json` (its FileStorageObserver, `runs/<id>/metrics.json`): one series a metric,
  `{"training.loss": {"steps": [1, 2, ...], "timestamps": ["2024-02-08T23:02:17.744847", ...],
  "values": [...]}}`. A step is a step number any series logged, dated by the latest of its
  series' timestamps (Sacred writes them in UTC); its loss a series named `loss` or ending in
  `.loss`/`_loss`/`/loss` (one of a training's, where several: `train`/`training` in the name first),
  its learning rate one named `lr` or `learning_rate` likewise.
- Chainer's LogReport `log` (ESPnet1's `results/log`, ChainerCV's): a list of records, each the
  means over a report interval, `{"main/loss": 114.4, "epoch": 0, "iteration": 100,
  "elapsed_time": 31.15}`. A step is a record's iteration, its loss `main/loss`, its time the
  elapsed seconds since the record before over the iterations between them (none for the first).
  A custom updater's records (a GAN's `{"epoch": 0, "loss_gen": 0.0093, "iteration": 100, "loss_dis": 0.317,
  "elapsed_time": 15.45}`) the same, with no loss (which of its losses is the training's is not said).
  Records date nothing: `elapsed_time` counts from the trainer's start.
- CatBoost's own record of a fit (`catboost_info/catboost_training.json`): `{"meta": {..., "iteration_count":
  110, "learn_metrics": [{"name": "RMSE", ...}]}, "iterations": [{"learn": [131.17], "iteration": 0,
  "passed_time": 0.00098, "remaining_time": 0.106}, ...]}`. A step is an iteration, its loss the first
  learn figure (the loss function's: CatBoost lists it first), its time `passed_time` (the seconds since
  the fit began) less the record before's over the iterations between (the first's since the fit began).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import msgspec

from tracelens.enums import FileStatus
from tracelens.errors import ParseError
from tracelens.parsers._io import decode_json, read_bytes, read_json_document
from tracelens.parsers._lines import parse_timestamp
from tracelens.parsers._logtables import LogRows
from tracelens.parsers._numbers import json_int, to_float
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult

_SERIES_KEYS = (b'"steps"', b'"timestamps"', b'"values"')
_CHAINER_KEYS = (b'"iteration"', b'"elapsed_time"')
# and a reporter's key under its `main` (a standard updater's `main/loss`), or the epoch every record names (a custom
# updater's reports, a GAN's `loss_gen`, name no `main/`)
_CHAINER_EITHER = (b'"main/', b'"epoch"')
_CATBOOST_KEYS = (b'"meta"', b'"iterations"', b'"passed_time"')


def _is_sacred(doc: Any) -> bool:
    return isinstance(doc, dict) and bool(doc) and all(
        isinstance(series, dict) and isinstance(series.get("steps"), list) and isinstance(series.get("values"), list)
        for series in doc.values())


def _is_chainer(doc: Any) -> bool:
    return isinstance(doc, list) and bool(doc) and all(isinstance(r, dict) for r in doc) and any(
        "iteration" in r and "elapsed_time" in r for r in doc)


def _is_catboost(doc: Any) -> bool:
    return (isinstance(doc, dict) and isinstance(doc.get("meta"), dict) and isinstance(doc.get("iterations"), list)
            and all(isinstance(r, dict) for r in doc["iterations"]))


def _pick(names: list[str], wanted: tuple[str, ...]) -> str | None:
    """The series for a column: one named as `wanted` or ending in `.x`, `_x`, `/x`; a training's
    first where there are several."""
    found = [n for n in names if any(n == w or n.endswith(("." + w, "_" + w, "/" + w)) for w in wanted)]
    found.sort(key=lambda n: (not any(t in n.lower() for t in ("train", "training")), any(
        t in n.lower() for t in ("val", "valid", "test", "eval")), n))
    return found[0] if found else None


class JsonMetricsParser(Parser):
    name = "json_metrics"
    kind = "metrics_json"
    tables = ("log_steps",)

    def detect(self, path: Path, head: bytes) -> Claim:
        start = head.lstrip()[:1]
        if start == b"{" and all(k in head for k in _SERIES_KEYS):
            return Claim.CONTENT
        if start == b"[" and all(k in head for k in _CHAINER_KEYS) and any(k in head for k in _CHAINER_EITHER):
            return Claim.CONTENT
        if start == b"{" and all(k in head for k in _CATBOOST_KEYS):
            return Claim.CONTENT
        return Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        try:
            doc, warning = read_json_document(path)
        except ParseError as cut:
            doc, warning = _records_cut_short(path, cut)
        if _is_sacred(doc):
            rows = _sacred(doc, options)
        elif _is_chainer(doc):
            rows = _chainer(doc, options)
        elif _is_catboost(doc):
            rows = _catboost(doc, options)
        else:
            raise ParseError(str(path), "neither Sacred's metric series, Chainer's LogReport records nor CatBoost's "
                             "training record", where="byte 0")
        if not rows.steps:
            raise ParseError(str(path), "no step in the metric file", where="byte 0")
        return ParseResult({"log_steps": rows.tables()["log_steps"]}, FileStatus.TRUNCATED if warning else FileStatus.OK,
                           [warning] if warning else [])


# how a list of records closes: Chainer's LogReport (the document the list), CatBoost's (the list its last member)
_RECORD_LIST_CLOSERS = (b"]", b"]}")
_CUT_TRIES = 4  # the last record ends that are tried: a record cut inside a nested list or string ends before


def _records_cut_short(path: Path, cut: ParseError) -> tuple[Any, str]:
    """A document of records cut short (a trainer killed while it wrote it): the records up to the last whole one,
    their list closed there, with a warning; `cut` again where no such end makes it a document."""
    data, _ = read_bytes(path)
    end = len(data)
    for _ in range(_CUT_TRIES):
        end = data.rfind(b"}", 0, end)
        if end < 0:
            break
        for closer in _RECORD_LIST_CLOSERS:
            try:
                doc = decode_json(data[:end + 1] + closer)
            except (msgspec.DecodeError, UnicodeDecodeError, RecursionError):
                continue
            return doc, f"cut short at byte {len(data)}: read its records up to byte {end + 1}"
    raise cut


def _sacred(doc: dict[str, dict[str, Any]], options: ParseOptions) -> LogRows:
    rows = LogRows("sacred")
    names = sorted(doc)
    columns = {"loss": _pick(names, ("loss",)), "lr": _pick(names, ("lr", "learning_rate"))}
    steps: dict[int, dict[str, Any]] = {}
    for name, series in doc.items():
        stamps: list[Any] = series["timestamps"] if isinstance(series.get("timestamps"), list) else []
        values = series["values"]
        for i, step in enumerate(series["steps"]):
            if (step := json_int(step)) is None or step < 0:
                continue
            entry = steps.setdefault(step, {"end_ns": None})
            ts = parse_timestamp(stamps[i]) if i < len(stamps) and isinstance(stamps[i], str) else None
            if ts is not None and (entry["end_ns"] is None or ts > entry["end_ns"]):
                entry["end_ns"] = ts
            for column, source in columns.items():
                if source == name and i < len(values) and (value := to_float(values[i], text=False)) is not None:
                    entry[column] = value
    for number, (step, entry) in enumerate(sorted(steps.items()), start=1):
        rows.step(line=number, rank=options.rank, step=step, time_source="record" if entry["end_ns"] is not None else None,
                  **entry)
    return rows


def _clocked(records: list[Any], options: ParseOptions, framework: str, step_key: str, clock_key: str,
             values_of: Callable[[dict[str, Any]], dict[str, float]], from_start: bool) -> LogRows:
    """Records of a step each and a clock since training began (`clock_key`, seconds): each a step, its time the
    clock's advance since the record before over the steps between (the first record's since the start where
    `from_start`: its clock counts from training's start, none of its steps before it)."""
    rows = LogRows(framework)
    before: tuple[int, float] | None = (-1, 0.0) if from_start else None  # (step, clock) of the record before
    for number, record in enumerate(records, start=1):
        if not isinstance(record, dict):
            continue
        step = json_int(record.get(step_key))
        if step is None or step < 0:
            continue
        values = values_of(record)
        clock = to_float(record.get(clock_key), text=False)
        if clock is not None and before is not None and step > before[0] and clock >= before[1]:
            values["step_time_s"] = (clock - before[1]) / (step - before[0])
        before = (step, clock) if clock is not None and 0 <= clock < 1e9 else None
        rows.step(line=number, rank=options.rank, step=step, **values)
    return rows


def _chainer_values(record: dict[str, Any]) -> dict[str, float]:
    values: dict[str, float] = {}
    if (loss := to_float(record.get("main/loss"), text=False)) is not None:
        values["loss"] = loss
    if (lr := to_float(record.get("lr"), text=False)) is not None:
        values["lr"] = lr
    return values


def _chainer(doc: list[dict[str, Any]], options: ParseOptions) -> LogRows:
    return _clocked(doc, options, "chainer", "iteration", "elapsed_time", _chainer_values, from_start=False)


def _catboost_values(record: dict[str, Any]) -> dict[str, float]:
    learn = record.get("learn")
    loss = to_float(learn[0], text=False) if isinstance(learn, list) and learn else None
    return {"loss": loss} if loss is not None else {}


def _catboost(doc: dict[str, Any], options: ParseOptions) -> LogRows:
    return _clocked(doc["iterations"], options, "catboost", "iteration", "passed_time", _catboost_values, from_start=True)
