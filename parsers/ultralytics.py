"""Ultralytics YOLO training consoles (YOLOv5's successors: YOLOv8, YOLO11, ...).

- Each epoch's training bar: a description of right-aligned columns (`%11s` epoch `1/20`, `%11s`
  GPU memory `4.28G`, `%11.4g` each loss, the batch's instances and the image size), then the
  bar: tqdm's `:  87%|████████▋ | 220/253 [02:21<00:08,  3.98it/s]` (releases up to 8.3) or
  Ultralytics' own `: 87% ━━━━━━━━━━╸─ 220/253 4.0it/s 2:21<0:08` (its seconds to a tenth under a
  minute, `m:ss` above). One row per batch count the bar shows (its first drawing of it),
  numbered over the epochs: (epoch - 1) x batches per epoch + batches done, where YOLOv8 and
  later count epochs from 1 (`1/300`); YOLOv5 counts them from 0 (`0/299`: its header has an
  objectness loss, `obj_loss`, or a bar shows epoch 0), epoch x batches + batches done. A
  console that kept only each epoch's last drawing (a notebook's, a log file's: two epochs or
  more, each one row at its last batch) shows its epochs: each row's step is its epoch as
  printed, its time the epoch's (the rate times the batches).
- The step time is the bar's rate (seconds per batch: tqdm's moving average, the overall rate at
  the bar's end); the bar's elapsed time is since the epoch's start, and the console prints no
  date, so the rows are undated. The validation bar (`Class  Images  Instances  Box(P ...`)
  and the metrics rows after it are no steps.
- YOLOv5's `results.txt` (up to v5.0), one row an epoch with no bar anywhere: each row is a step
  numbered by its epoch as printed (from 0), its loss the row's total loss, no time.
- Failures are read as in every console log.
"""

from __future__ import annotations

import re
from pathlib import Path

from tracelens.errors import ParseError
from tracelens.parsers._events import log_result, open_log
from tracelens.parsers._lines import Line, bar_readings
from tracelens.parsers._logreader import LogReader
from tracelens.parsers.contract import ParseOptions, ParseResult

# the training bar's description: epoch/epochs, GPU memory, the losses, instances, image size
DESCRIPTION = re.compile(
    r"^\s{0,12}(?P<epoch>\d{1,9})/(?P<epochs>\d{1,9})\s{1,12}(?P<mem>\d{1,6}(?:\.\d{1,6})?[KMGT]?)\s{1,12}"
    r"(?:[-+]?(?:\d{1,12}(?:\.\d{0,12})?(?:e[-+]?\d{1,3})?|nan|inf)\s{1,12}){1,16}\d{1,9}\s{1,12}\d{1,6}:"
)
# Ultralytics' own bar (8.3.x and later): "87% ━━━╸── 220/253 4.0it/s 2:21<0:08"
_OWN_BAR = re.compile(
    r" (?P<pct>\d{1,3})% [━─╸]{1,100} (?P<n>\d{1,15})/(?P<total>\d{1,15})"
    r"(?: (?P<rate>\d{1,12}(?:\.\d{1,20})?)(?P<scale>[KMGT]?)(?P<unit>it/s|s/it))?"
)


# YOLOv5's results.txt (up to v5.0; results.csv after): one row an epoch, the last drawing of its bar's
# description and its validation: epoch/epochs, GPU memory, the box, objectness, class and total
# losses, labels, image size, P, R, mAP@.5, mAP@.5:.95, the three validation losses
# ("       0/2     5.12G    0.1256   0.04029   0.03113    0.1971        25       640         0 ...")
_FIGURE = re.compile(r"[-+]?(?:\d{1,12}(?:\.\d{0,12})?(?:e[-+]?\d{1,3})?|nan|inf)")
_EPOCH_OF = re.compile(r"(\d{1,9})/\d{1,9}")
_MEMORY = re.compile(r"\d{1,6}(?:\.\d{1,6})?[KMGT]?")


def _results_row(text: str) -> tuple[int, float] | None:
    """A results.txt row's epoch (as printed, from 0) and total loss; None for any other line."""
    fields = text.split()
    if (len(fields) != 15 or (epoch := _EPOCH_OF.fullmatch(fields[0])) is None or _MEMORY.fullmatch(fields[1]) is None
            or not all(_FIGURE.fullmatch(field) for field in fields[2:])):
        return None
    return int(epoch.group(1)), float(fields[5])


# a bar cut at a terminal's width right after its counts: `: 100%|██████████| 22/22` at the line's end
_CUT_BAR = re.compile(r"(?P<pct>\d{1,3})%\|[^|]{0,200}\| {0,4}(?P<n>\d{1,9})/(?P<total>\d{1,9})\s*$")


def bar_line(text: str) -> tuple[int, int, int, float | None] | None:
    """A training bar line's epoch (as printed: from 1, from 0 in YOLOv5), batches done, batches per epoch and seconds per
    batch (None when the bar shows no rate yet); None for any other line."""
    desc = DESCRIPTION.match(text)
    if desc is None:
        return None
    epoch = int(desc.group("epoch"))
    rest = text[desc.end():]
    own = _OWN_BAR.search(rest) if "% " in rest else None
    if own is not None:
        seconds: float | None = None
        if own.group("rate") is not None:
            value = float(own.group("rate")) * {"": 1.0, "K": 1e3, "M": 1e6, "G": 1e9, "T": 1e12}[own.group("scale")]
            if value > 0:
                seconds = value if own.group("unit") == "s/it" else 1.0 / value
        return epoch, int(own.group("n")), int(own.group("total")), seconds
    readings = bar_readings(rest)
    if not readings and "%|" in rest and (cut := _CUT_BAR.search(rest)) is not None and (
            0 < int(cut.group("n")) <= int(cut.group("total"))
            and int(cut.group("pct")) == 100 * int(cut.group("n")) // int(cut.group("total"))):
        # a terminal narrower than the line cut it after its counts (`640: 100%|██████████| 22/22`):
        # the batches done, no time; where its percentage agrees (a cut inside the total, `| 220/2`,
        # is none)
        return epoch, int(cut.group("n")), int(cut.group("total")), None
    if not readings or readings[0].total is None:
        return None
    reading = readings[0]
    assert reading.total is not None
    return epoch, reading.n, reading.total, reading.seconds_per_item


# YOLOv5's header: an objectness loss column (`obj_loss`, `obj` in its forks), which YOLOv8 and
# later do not have; YOLOv5 numbers its epochs from 0 (`0/299` for 300 epochs)
_V5_HEADER = re.compile(r"^\s{0,12}Epoch\s{1,12}gpu_mem\s{1,12}(?:\w{1,20}\s{1,12}){0,3}obj(?:_loss)?\s", re.I)


class UltralyticsParser(LogReader):
    name = "ultralytics"

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "ultralytics")
        seen: dict[int | None, int] = {}  # rank -> the last step it drew
        per_epoch: list[int] = []  # each row's batches per epoch
        zero_based = False  # the epochs count from 0 (YOLOv5)
        results: list[tuple[Line, int, float]] = []  # YOLOv5's results.txt rows: (line, epoch, total loss)
        for line in lines:
            if events.scan(line):
                continue
            text = line.text
            if not zero_based and "poch" in text and _V5_HEADER.match(text):
                zero_based = True
                continue
            read = bar_line(text) if "/" in text and ":" in text else None
            if read is None:
                if "/" in text and (epoch_row := _results_row(text)) is not None:
                    results.append((line, *epoch_row))
                continue
            epoch, done, batches, seconds = read
            zero_based = zero_based or epoch == 0
            if done == 0:
                continue  # the bar's first drawing: no batch of the epoch done yet
            step = (epoch - 1) * batches + done
            if seen.get(line.rank) == step:
                continue  # a redraw of the same count
            seen[line.rank] = step
            before = len(rows.steps)
            rows.step(line=line.number, rank=line.rank, step=step, end_ns=line.ts_ns,
                      **({"step_time_s": seconds} if seconds is not None else {}))
            if len(rows.steps) > before:
                per_epoch.append(batches)
                if done == batches:
                    rows.epoch_end(rows.steps[-1], epoch, batches)
                else:
                    rows.within_epoch(rows.steps[-1], epoch)
        if zero_based:  # epoch 0 is the first: its batches are the first steps
            for row, batches in zip(rows.steps, per_epoch, strict=True):
                row["step"] += batches
        if not rows.steps:
            for line, epoch, loss in results:  # a results.txt: its epochs, no bar anywhere
                rows.step(line=line.number, rank=line.rank, step=epoch, end_ns=line.ts_ns, loss=loss)
        if not rows.steps:
            raise ParseError(str(path), "no Ultralytics training bar found", where="line 1")
        return log_result(rows, warning)
