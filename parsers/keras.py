"""Keras `Model.fit` consoles (Keras 2 and 3, and tf.keras), at fit's default `verbose=1`.

- Each epoch opens with `Epoch 3/15`, counted from 1, and ends with its summary line: the batches
  done of the epoch's batches, the bar (Keras 2's `[=====]`, Keras 3's `━━━━`), the epoch's
  seconds and its mean time per step, then its metrics: `422/422 [==============================]
  - 13s 29ms/step - loss: 0.0845 - accuracy: 0.9737 - val_loss: ...` (Keras 2),
  `782/782 ━━━━━━━━━━━━━━━━━━━━ 61s 75ms/step - accuracy: 0.7540 - loss: 0.4697 - ...` (Keras 3).
- One row per epoch that printed its summary: the step is the batches done since the run began,
  (epoch - 1) x batches per epoch + batches done, its time the epoch's mean per step. Keras
  prints no date, so the rows have no time unless a launcher's prefix dates the line.
- A bar cut before its epoch's end (`237/422 [====>...] - ETA: 7s - ...`) shows no step time
  and is no row; nor is an evaluation's or a prediction's summary after the epoch's (`313/313
  [===] - 1s 3ms/step - loss: ...`: the epoch's row is its first summary).
- Failures are read as in every console log.
"""

from __future__ import annotations

import re
from pathlib import Path

from tracelens.errors import ParseError
from tracelens.parsers._events import log_result, open_log
from tracelens.parsers._lines import iter_numbers
from tracelens.parsers._logreader import LogReader
from tracelens.parsers._logtables import METRIC_KEYS
from tracelens.parsers.contract import ParseOptions, ParseResult

_EPOCH = re.compile(r"\s{0,12}Epoch (?P<epoch>\d{1,9})/(?P<epochs>\d{1,9})\s{0,12}")
_SUMMARY = re.compile(
    r"\s{0,12}(?P<n>\d{1,12})/(?P<total>\d{1,12}) (?:\[[=>.]{0,200}\] - |[━╸─]{1,200} )"
    r"(?P<seconds>\d{1,9})s (?P<per>\d{1,9}(?:\.\d{1,9})?)(?P<unit>us|ms|s)/step\b"
)
_UNIT_S = {"us": 1e-6, "ms": 1e-3, "s": 1.0}


class KerasParser(LogReader):
    name = "keras"

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "keras")
        epoch: int | None = None  # the epoch whose summary is still to come
        for line in lines:
            if events.scan(line):
                continue
            text = line.text
            if text.lstrip().startswith("Epoch ") and (opened := _EPOCH.fullmatch(text)) is not None:
                epoch = int(opened.group("epoch"))
                continue
            if epoch is None or "/step" not in text or (summary := _SUMMARY.match(text)) is None:
                continue
            n, total = int(summary.group("n")), int(summary.group("total"))
            if n != total or total == 0:
                continue
            values = {METRIC_KEYS[k]: v for k, v in iter_numbers(text[summary.end():]) if k in METRIC_KEYS}
            values["step_time_s"] = float(summary.group("per")) * _UNIT_S[summary.group("unit")]
            rows.step(line=line.number, rank=line.rank, step=(epoch - 1) * total + n, end_ns=line.ts_ns, **values)
            epoch = None  # what follows until the next epoch is no training step
        if not rows.steps:
            raise ParseError(str(path), "no Keras epoch summary line found", where="line 1")
        return log_result(rows, warning)
