"""Keras `Model.fit` consoles (Keras 1, 2 and 3, and tf.keras), at fit's default `verbose=1`.

- Each epoch opens with `Epoch 3/15`, counted from 1, and ends with its summary line: the batches
  done of the epoch's batches, the bar (Keras 1 and 2's `[=====]`, Keras 3's `━━━━`), the epoch's
  seconds and its mean time per step, then its metrics: `422/422 [==============================]
  - 13s 29ms/step - loss: 0.0845 - accuracy: 0.9737 - val_loss: ...` (Keras 2),
  `782/782 ━━━━━━━━━━━━━━━━━━━━ 61s 75ms/step - accuracy: 0.7540 - loss: 0.4697 - ...` (Keras 3),
  `400/400 [====] - 1304s - loss: 0.6930 - acc: 0.5012` (Keras 1: the epoch's seconds alone,
  over its batches).
- One row per epoch that printed its summary: the step is the batches done since the run began,
  (epoch - 1) x batches per epoch + batches done, its time the epoch's mean per step. Keras
  prints no date, so the rows have no time unless a launcher's prefix dates the line.
- An epoch cut before its summary (a crash, a log that ends mid-epoch) is the bar's readings it
  printed, each a row at the batches done then (`237/422 [====>...] - ETA: 7s - loss: ...`), with
  no step time (an ETA is no step's time) but Keras 3's running mean per step; once its summary
  comes, an epoch's readings are no rows. An evaluation's or a prediction's bar after the
  epoch's summary (`313/313 [===] - 1s 3ms/step - loss: ...`) is no row.
- Failures are read as in every console log.
"""

from __future__ import annotations

import re
from pathlib import Path

from tracelens.errors import ParseError
from tracelens.parsers._events import log_result, open_log
from tracelens.parsers._lines import iter_numbers
from tracelens.parsers._logreader import LogReader
from tracelens.parsers._logtables import METRIC_KEYS, LogRows
from tracelens.parsers.contract import ParseOptions, ParseResult

_EPOCH = re.compile(r"\s{0,12}Epoch (?P<epoch>\d{1,9})/(?P<epochs>\d{1,9})\s{0,12}")
_SUMMARY = re.compile(
    r"\s{0,12}(?P<n>\d{1,12})/(?P<total>\d{1,12}) (?:\[[=>.]{0,200}\] - |[━╸─]{1,200} )"
    r"(?P<seconds>\d{1,9})s(?: (?P<per>\d{1,9}(?:\.\d{1,9})?)(?P<unit>us|ms|s)/step\b| - |$)"
)
# a reading of a bar before its epoch's end: `  5/400 [..............................] - ETA: 1090s - loss: ...`
_READING = re.compile(r"\s{0,12}(?P<n>\d{1,12})/(?P<total>\d{1,12}) \[[=>.]{0,200}\] - ETA: ")
_UNIT_S = {"us": 1e-6, "ms": 1e-3, "s": 1.0}


class KerasParser(LogReader):
    name = "keras"

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "keras")
        epoch: int | None = None  # the epoch whose summary is still to come
        readings: dict[int, dict[str, object]] = {}  # that epoch's bar readings: step -> its row
        for line in lines:
            if events.scan(line):
                continue
            text = line.text
            if text.lstrip().startswith("Epoch ") and (opened := _EPOCH.fullmatch(text)) is not None:
                _cut_epoch(rows, readings)
                epoch = int(opened.group("epoch"))
                continue
            if epoch is None or "/" not in text:
                continue
            summary = _SUMMARY.match(text) if "s" in text else None
            reading = summary or (_READING.match(text) if "ETA" in text else None)
            if reading is None:
                continue
            n, total = int(reading.group("n")), int(reading.group("total"))
            if total == 0:
                continue
            values = {METRIC_KEYS[k]: v for k, v in iter_numbers(text[reading.end():]) if k in METRIC_KEYS}
            if summary is not None and summary.group("per") is not None:
                values["step_time_s"] = float(summary.group("per")) * _UNIT_S[summary.group("unit")]
            row = dict(line=line.number, rank=line.rank, step=(epoch - 1) * total + n, end_ns=line.ts_ns, **values)
            if summary is None or n != total:
                readings[n] = row
                continue
            if "step_time_s" not in row:  # Keras 1: the epoch's seconds over its batches
                row["step_time_s"] = int(summary.group("seconds")) / total
            readings.clear()
            rows.step(**row)
            epoch = None  # what follows until the next epoch is no training step
        _cut_epoch(rows, readings)
        if not rows.steps:
            raise ParseError(str(path), "no Keras epoch summary or progress bar line found", where="line 1")
        return log_result(rows, warning)


def _cut_epoch(rows: LogRows, readings: dict[int, dict[str, object]]) -> None:
    """The bar readings of an epoch that printed no summary, each a row, in the order of its batches."""
    for n in sorted(readings):
        rows.step(**readings[n])
    readings.clear()
