"""Keras `Model.fit` consoles (Keras 1, 2 and 3, and tf.keras), at fit's default `verbose=1`.

- Each epoch opens with `Epoch 3/15`, counted from 1, and ends with its summary line: the batches
  done of the epoch's batches, the bar (Keras 1 and 2's `[=====]`, Keras 3's `━━━━`), the epoch's
  seconds and its mean time per step, then its metrics: `422/422 [==============================]
  - 13s 29ms/step - loss: 0.0845 - accuracy: 0.9737 - val_loss: ...` (Keras 2),
  `782/782 ━━━━━━━━━━━━━━━━━━━━ 61s 75ms/step - accuracy: 0.7540 - loss: 0.4697 - ...` (Keras 3),
  `400/400 [====] - 1304s - loss: 0.6930 - acc: 0.5012` (Keras 1: the epoch's seconds alone,
  over its batches); `fit(verbose=2)` prints the summary with no bar: `925/925 - 522s - loss: ...`
  (TF >= 2.3: `... - 522s - 564ms/step - loss: ...`; Keras >= 2.9 ends it with the epoch's time and the
  mean per step, rounded to the unit: `128/128 - 0s - loss: 2.9102 - 358ms/epoch - 3ms/step`, where
  the epoch's time over its batches is the step time). An epoch whose only time is `0s` (under a
  second, rounded) gives its steps no time.
- One row per epoch that printed its summary. Where two or more did, the console shows its
  epochs, not its batches: the step is the epoch as printed, its time the epoch's, Keras' mean
  per step times the epoch's batches. A lone summary's step is the batches done since the run
  began, epoch x batches per epoch, its time the mean per step. Keras prints no date, so the
  rows have no time unless a launcher's prefix dates the line.
- Keras 1's and tf.keras <= 2.1's `fit` count samples (`Train on 3523 samples`, `631us/sample`):
  the batch is the bar's first reading (drawn after the first batch), the steps batches, the
  step time the time per sample times the batch (or the epoch's seconds over its batches); with
  no reading to tell the batch, each epoch is a step, its time the epoch's seconds.
- An epoch cut before its summary (a crash, a log that ends mid-epoch) is the bar's readings it
  printed, each a row at the batches done then, (epoch - 1) x batches per epoch + batches done
  (`237/422 [====>...] - ETA: 7s - loss: ...`), with no step time (an ETA is no step's time) but
  Keras 3's running mean per step; where two or more epochs printed their summary, the last
  epoch's readings when it was cut are no rows (`LogRows.within_epoch`), and once its summary
  comes, an epoch's readings are none. An
  evaluation's or a prediction's bar after the epoch's summary (`313/313 [===] - 1s 3ms/step -
  loss: ...`) is no row.
- In a console with no `Epoch N/M` at all (a paste that left the header out), the first bar is
  read as fit's first epoch, with a warning: an `evaluate`'s or `predict`'s bar looks the same.
- A Keras 3 epoch summary with no `Epoch N/M` above it since the last summary (a paste that cut
  the header out) is epoch N where a callback's words before it name it (Keras 3 prints them
  before the summary: `Epoch 30: val_accuracy did not improve from 0.94272`; Keras 2 after it).
  A summary with its validation's figures (no `evaluate`'s bar) and no header of its own, before a header `Epoch K/M`
  past the last epoch done, is epoch K - 1 (a paste that opens after its `Epoch 1/20`, or cut a header out).
- The summary of fit's last epoch (`Epoch 20/20`) ends the run cleanly; so does EarlyStopping's
  `Restoring model weights from the end of the best epoch`. Failures are read as in every
  console log.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from pathlib import Path

from tracelens.enums import LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._events import GLUED_FAILURES, log_result, open_log
from tracelens.parsers._lines import Line, iter_numbers
from tracelens.parsers._logreader import LogReader
from tracelens.parsers._logtables import METRIC_KEYS, LogRows
from tracelens.parsers.contract import Claim, ParseOptions, ParseResult

_EPOCH = re.compile(r"\s{0,12}Epoch (?P<epoch>\d{1,9})/(?P<epochs>\d{1,9})\s{0,12}")
_SUMMARY = re.compile(
    r"\s{0,12}(?P<n>\d{1,12})/(?P<total>\d{1,12}) (?:\[[=>.]{0,200}\] - |[━╸─]{1,200} |- (?=\d{1,9}s - ))"
    r"(?P<seconds>\d{1,9})s(?: (?:- )?(?P<per>\d{1,9}(?:\.\d{1,20})?)(?P<unit>us|ms|s)/(?P<of>step|sample)\b| - |$)"
)
# an epoch's summary at verbose=2 with no count of its batches before it: Keras 1's `3083s - loss: 1.7197 - acc:
# 0.5893`, Keras 2.1-2.3's ` - 3s - loss: 0.2980 - acc: 0.9138` (its time the epoch's; its batches unknown)
_TERSE = re.compile(r"\s{0,12}(?:- )?(?P<seconds>\d{1,9})s - (?=[A-Za-z_][\w ]{0,40}: {0,2}[-+]?[\d.])")
# a reading of a bar before its epoch's end: `  5/400 [..............................] - ETA: 1090s - loss: ...`
# tf.keras 1.13-2.1 and Keras 1 fit count samples: `Train on 3523 samples, validate on 186 samples`
_TRAIN_ON = re.compile(r"\s{0,12}Train on \d{1,15} samples")
_READING = re.compile(r"\s{0,12}(?P<n>\d{1,12})/(?P<total>\d{1,12}) \[[=>.]{0,200}\] - ETA: ")
_UNIT_S = {"us": 1e-6, "ms": 1e-3, "s": 1.0}
# a callback's words at an epoch's end: ModelCheckpoint's `Epoch 23: val_loss improved from 1.44525 to ...`,
# EarlyStopping's; Keras 2's `Epoch 00023: ...` (a script's commented copy: `# Epoch 23: ...`)
_CALLBACK = re.compile(r"\s{0,12}(?:# )?Epoch (\d{1,9}): \S")
_SAVES = (LogEventKind.CHECKPOINT_SAVE_START.value, LogEventKind.CHECKPOINT_SAVE_END.value)
# fit(verbose=2)'s end in Keras >= 2.9: the epoch's time, then the mean per step
_EPOCH_TIME = re.compile(r" - (?P<epoch>\d{1,9})(?P<unit>us|ms|s)/epoch(?: - \d{1,9}(?:us|ms|s)/step)?\s{0,12}$")


# an epoch's header in a file's head, as fit prints it
_HEADER = re.compile(rb"(?m)^\s{0,12}Epoch \d{1,9}/\d{1,9}\s{0,12}$")


class KerasParser(LogReader):
    name = "keras"

    def detect(self, path: Path, head: bytes) -> Claim:
        """A file whose step lines are Keras' (`LogReader.detect`); with no `Epoch N/M` header in
        its head the claim is weaker (another tool draws Keras' bar for its evaluations,
        PaddleSeg's `328/328 [====] - 8s 24ms/step - batch_cost: ...` among its own step lines):
        a reader that claims the file on its content wins."""
        claim = super().detect(path, head)
        return Claim.NAME if claim == Claim.CONTENT and _HEADER.search(head) is None else claim

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "keras")
        epoch: _Epoch | None = None  # the epoch whose summary is still to come
        last_epoch: int | None = None  # the epochs fit runs (`Epoch 3/15`: 15)
        samples = False  # the bar counts samples (`Train on N samples`, `631us/sample`), not batches
        batch: int | None = None  # samples a batch, where a bar's first reading says it
        # the file has an epoch's header (or a headerless bar was taken for one): a bar before
        # the first header is an evaluation's (a baseline before fit)
        headers = [(line.number, int(opened.group("epoch"))) for line in lines
                   if line.text.lstrip().startswith("Epoch ") and (opened := _EPOCH.fullmatch(line.text)) is not None]
        headed = bool(headers)
        header_lines = [number for number, _ in headers]
        notes: list[str] = []
        called: int | None = None  # the epoch a callback named since the last summary (`Epoch 30: val_loss ...`)
        done = 0  # the last epoch whose summary came
        for line in lines:
            text = line.text
            known = len(rows.events)
            failed = events.scan(line)
            if (len(rows.events) > known and rows.events[-1]["kind"] in _SAVES
                    and (named := _CALLBACK.match(text)) is not None):
                # (ModelCheckpoint's save at the end of the epoch its words name: that epoch's step)
                rows.epoch_events[id(rows.events[-1])] = int(named.group(1))
            if failed:
                # a crash glued to the bar's last reading (` 14/130 [==>....] - ETA: 27s - loss:
                # 0.0254Traceback (most recent call last):`, ROCm's `... - accuracy: 0.6652Memory access
                # fault by GPU node-1 ...`): that reading was drawn
                glued = min((at for word in GLUED_FAILURES if (at := text.find(word)) > 0), default=0)
                if glued <= 0:
                    continue
                text = text[:glued]
            if text.lstrip().startswith("Epoch ") and (opened := _EPOCH.fullmatch(text)) is not None:
                if epoch is not None and epoch.pending is not None:
                    batch, done = self._summary(rows, epoch, epoch.pending, samples, batch, last_epoch), epoch.number
                elif epoch is not None:
                    batch = epoch.cut(rows, samples, batch)
                epoch = _Epoch(int(opened.group("epoch")))
                last_epoch = int(opened.group("epochs"))
                called = None
                continue
            if text.lstrip()[:6] in ("Epoch ", "# Epoc") and (named := _CALLBACK.match(text)) is not None:
                called = int(named.group(1))  # (Keras 3 prints its callbacks' words before the summary)
                if epoch is not None and epoch.pending is not None and called == epoch.number:
                    epoch.called = True
                continue
            if "samples" in text and _TRAIN_ON.match(text) is not None:
                samples = True
            if epoch is None and headed and called is not None and called > done and "━" in text and (
                    (cut := _SUMMARY.match(text)) is not None and cut.group("n") == cut.group("total")):
                # (Keras 3's bar only: Keras 2 prints its callbacks' words after the summary, naming the
                # epoch before the next one)
                # an epoch's summary whose `Epoch N/M` a paste left out, after its callback's `Epoch N:`
                epoch = _Epoch(called)
            if epoch is None and headed and "val_" in text and (cut := _SUMMARY.match(text)) is not None and (
                    cut.group("n") == cut.group("total")) and (at := bisect_right(header_lines, line.number)) < len(headers) and (
                    headers[at][1] - 1 > done):
                # a fit's epoch summary (its validation's figures: no `evaluate`'s) before the header of the epoch
                # after it (a paste that cut its own `Epoch 1/20` out; Keras 2 names it in its callbacks' words after it)
                epoch = _Epoch(headers[at][1] - 1)
            if epoch is not None and "s - " in text and (terse := _TERSE.match(text)) is not None:
                # (a step an epoch: its batches are not printed)
                epoch.total = epoch.total or 1
                said = {METRIC_KEYS[k]: v for k, v in iter_numbers(text[terse.end():]) if k in METRIC_KEYS}
                batch = epoch.finish(rows, line, said, float(terse.group("seconds")), samples, batch)
                done, called = epoch.number, None
                if epoch.number == last_epoch:
                    rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                               detail=f"fit's last epoch ({last_epoch}) done", raw=text[:500])
                epoch = None
                continue
            if (epoch is None and headed) or "/" not in text:
                continue
            summary = _SUMMARY.match(text) if "s" in text else None
            reading = summary or (_READING.match(text) if "ETA" in text else None)
            if reading is None:
                continue
            if epoch is None:
                # a bar before any `Epoch N/M` (a paste that left the header out): one epoch of
                # fit, said so, since an `evaluate`'s bar looks the same
                epoch, headed = _Epoch(1), True
                notes.append(f"line {line.number}: a progress bar with no `Epoch N/M` header before it, read as "
                             "fit's first epoch (an evaluate's or predict's bar would read the same)")
            n, total = int(reading.group("n")), int(reading.group("total"))
            if total == 0:
                continue
            values: dict[str, float] = {METRIC_KEYS[k]: v for k, v in iter_numbers(text[reading.end():]) if k in METRIC_KEYS}
            seconds = float(summary.group("seconds")) if summary is not None else 0.0
            if summary is not None and summary.group("per") is not None:
                samples = samples or summary.group("of") == "sample"
                # (a mean of a second or more is printed in whole seconds, `141s 2s/step`: 1.5 s to
                # 2.5 s; the epoch's seconds over its batches are the finer figure, 1.584 s)
                if summary.group("unit") != "s" or seconds <= 0:
                    values["step_time_s"] = float(summary.group("per")) * _UNIT_S[summary.group("unit")]
            elif summary is not None and (timed := _EPOCH_TIME.search(text, reading.end())) is not None:
                seconds = float(timed.group("epoch")) * _UNIT_S[timed.group("unit")]
            if epoch.pending is not None and not (
                    (epoch.called or "val_" in text) and total == epoch.total and summary is not None and n == total
                    and values.keys() >= epoch.pending[1].keys() - {"step_time_s"}):
                # (the epoch's own bar drawn again after its held reading carries the validation's figures or follows a
                # callback's words; another bar, an `evaluate`'s, a `predict`'s, a callback's `predict` (`1/1 ━━━ 0s
                # 69ms/step`): the held reading was the epoch's summary, and this line no step)
                batch = self._summary(rows, epoch, epoch.pending, samples, batch, last_epoch)
                done, called = epoch.number, None
                epoch = None
                continue
            epoch.total = total
            if summary is None or n != total:
                epoch.readings.append((n, line, values))
                continue
            if "━" in text and seconds == 0 and "val_" not in text and epoch.pending is None:
                # (Keras 3 draws its bar's last reading, `485/485 ━━━ 0s 105ms/step - ...`, its figure the time
                # left, before a callback's words; its summary, `485/485 ━━━ 82s 122ms/step - ... - val_loss: ...`,
                # the epoch's seconds, comes after them: this one is the summary only where no other follows)
                epoch.pending = (line, values, seconds)
                continue
            batch = self._summary(rows, epoch, (line, values, seconds), samples, batch, last_epoch)
            done, called = epoch.number, None
            epoch = None  # what follows until the next epoch is no training step
        if epoch is not None and epoch.pending is not None:
            self._summary(rows, epoch, epoch.pending, samples, batch, last_epoch)
        elif epoch is not None:
            epoch.cut(rows, samples, batch)
        if not rows.steps:
            raise ParseError(str(path), "no Keras epoch summary or progress bar line found", where="line 1")
        result = log_result(rows, warning)
        result.warnings.extend(notes)
        return result


    @staticmethod
    def _summary(rows: LogRows, epoch: _Epoch, said: tuple[Line, dict[str, float], float], samples: bool,
                 batch: int | None, last_epoch: int | None) -> int | None:
        """The epoch's summary line: its row (`_Epoch.finish`), and the run's end where it is fit's last epoch.
        Returns the batch size known."""
        line, values, seconds = said
        batch = epoch.finish(rows, line, values, seconds, samples, batch)
        if epoch.number == last_epoch:  # fit's last epoch done: the run's end
            rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                       detail=f"fit's last epoch ({last_epoch}) done", raw=line.text[:500])
        return batch


class _Epoch:
    """One epoch's bar: its number, its count, the readings it drew before its summary."""

    def __init__(self, number: int) -> None:
        self.number = number
        self.total = 0
        self.readings: list[tuple[int, Line, dict[str, float]]] = []
        # Keras 3's last reading, held until a summary after a callback's words shows it was none (`_parse`)
        self.pending: tuple[Line, dict[str, float], float] | None = None
        self.called = False  # a callback's words naming this epoch came after the held reading

    def _batch(self, samples: bool, batch: int | None) -> int | None:
        """Samples a batch: the bar's first reading is drawn after the first batch."""
        if not samples:
            return 1
        first = min((n for n, _, _ in self.readings if n < self.total), default=None)
        return first if first is not None else batch

    def finish(self, rows: LogRows, line: Line, values: dict[str, float], seconds: float, samples: bool,
               batch: int | None) -> int | None:
        """The epoch's summary row; the readings before it are none. Returns the batch size known."""
        size = self._batch(samples, batch)
        before = len(rows.steps)
        if size is None:  # samples with no batch size: the epoch is the step
            if seconds > 0:  # (`0s`: under a second, no time)
                values["step_time_s"] = seconds
            rows.step(line=line.number, rank=line.rank, step=self.number, end_ns=line.ts_ns, **values)
            if len(rows.steps) > before:
                rows.epoch_end(rows.steps[-1], self.number, 1)
            return None
        batches = math.ceil(self.total / size)
        if "step_time_s" in values:
            # Keras' mean per step, or per sample (over the epoch's samples: its last batch may be short)
            values["step_time_s"] *= self.total / batches if samples else 1
        elif seconds > 0:
            values["step_time_s"] = seconds / batches  # Keras 1 and 2.0, or >= 2.9's verbose=2: the epoch's time
        rows.step(line=line.number, rank=line.rank, step=self.number * batches, end_ns=line.ts_ns, **values)
        if len(rows.steps) > before:
            rows.epoch_end(rows.steps[-1], self.number, batches)
        return size if samples else batch

    def cut(self, rows: LogRows, samples: bool, batch: int | None) -> int | None:
        """An epoch with no summary: its readings, a row each (none where samples of an unknown
        batch size were counted). Returns the batch size known."""
        size = self._batch(samples, batch)
        if size is not None and self.readings:
            batches = math.ceil(self.total / size)
            for n, line, values in sorted(self.readings, key=lambda reading: reading[0]):
                before = len(rows.steps)
                rows.step(line=line.number, rank=line.rank, step=(self.number - 1) * batches + math.ceil(n / size),
                          end_ns=line.ts_ns, **values)
                if len(rows.steps) > before:
                    rows.within_epoch(rows.steps[-1], self.number)
        return size if samples else batch


