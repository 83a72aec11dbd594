"""MosaicML Composer consoles (its ConsoleLogger, also under LLM Foundry).

- A block per logged batch (composer/loggers/console_logger.py): a progress line
  `[epoch=1][batch=10/20]:` (training in epochs: the batch within the epoch, of the epoch's
  batches) or `[batch=10/100]:` (training in batches), then one `<TAB> Train name: value` line
  (the tab expanded to spaces in some copies) per metric (`Train loss/train/total: 2.31`, `Train time/train: 0.0280`, `Train
  throughput/batches_per_sec: 0.1085`, ...). Eval blocks (`[Eval batch=...]`, `Eval name:`) are
  no steps, nor are progress units other than batches (tokens, samples).
- The step is the global batch: (epoch - 1) x batches per epoch + batch, or the batch.
- SpeedMonitor's `time/train` is the training time so far in hours (its default unit, printed
  to 4 decimals: a 0.36 s resolution): a row's step time is its seconds since the previous
  block over the batches between, else 1 / `throughput/batches_per_sec` (a window's rate),
  else NULL. The loss is `loss/train/total`.
- Composer <= 0.12 printed a line a metric, each after its progress (its epoch from 0):
  `[epoch=0][batch=16/625]: loss/train/total: 7.1292`. The lines of one progress are one block;
  its step is its `trainer/global_step`, else epoch x batches per epoch + batch; its step time
  `wall_clock/train` (the training seconds so far) since the previous block over the batches
  between.
- Failures and NCCL lines are read as in every console log.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tracelens.errors import ParseError
from tracelens.parsers._events import log_result, open_log
from tracelens.parsers._lines import Line
from tracelens.parsers._logreader import LogReader
from tracelens.parsers._logtables import LogRows
from tracelens.parsers._numbers import to_float
from tracelens.parsers.contract import ParseOptions, ParseResult

PROGRESS = re.compile(r"^\s{0,8}(?:\[epoch=(?P<epoch>\d{1,9})\])?\[batch=(?P<batch>\d{1,15})(?:/(?P<total>\d{1,15}))?\]:?\s*$")
# Composer <= 0.12: `[epoch=0][batch=16/625]: trainer/global_step: 16`
OLD_METRIC = re.compile(
    r"^\s{0,8}\[epoch=(?P<epoch>\d{1,9})\]\[batch=(?P<batch>\d{1,15})/(?P<total>\d{1,15})\]: (?P<key>[^:\s]{1,200}): "
    r"(?P<value>[-+]?(?:\d{1,20}(?:\.\d{0,20})?|\.\d{1,20})(?:[eE][-+]?\d{1,4})?)\s*$"
)
METRIC = re.compile(
    r"^\s{1,16}Train (?P<key>[^:\s]{1,200}): (?P<value>[-+]?(?:\d{1,20}(?:\.\d{0,20})?|\.\d{1,20})(?:[eE][-+]?\d{1,4})?)\s*$"
)


def progress_step(text: str) -> int | None:
    """The global batch a training progress line names; None for any other line."""
    match = PROGRESS.match(text)
    if match is None:
        return None
    batch = int(match.group("batch"))
    if match.group("epoch") is not None and match.group("total") is not None:
        return (int(match.group("epoch")) - 1) * int(match.group("total")) + batch
    return batch


class ComposerParser(LogReader):
    name = "composer"

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "composer")
        block: tuple[Line, int, dict[str, float]] | None = None  # the open block: its line, step, metrics
        last: tuple[int, float] | None = None  # (step, training seconds) of the last block with a time
        old: tuple[Line, str, dict[str, float]] | None = None  # Composer <= 0.12's open block: its progress
        old_last: tuple[int, float] | None = None  # (step, `wall_clock/train`) of its last block with a time
        for line in lines:
            if "]: " in line.text and (single := OLD_METRIC.match(line.text)) is not None:
                progress = line.text[:single.start("key")]
                if old is None or old[1] != progress or single.group("key") in old[2]:
                    # (a new progress, or the same one again: a relaunch's, its metrics named again)
                    if old is not None:
                        old_last = _close_old(rows, old, old_last)
                    old = (line, progress, {"_epoch": float(single.group("epoch")), "_batch": float(single.group("batch")),
                                            "_total": float(single.group("total"))})
                if (value := to_float(single.group("value"))) is not None:  # (not an overflow's inf)
                    old[2].setdefault(single.group("key"), value)
                continue
            metric = METRIC.match(line.text) if block is not None and "Train " in line.text else None
            if metric is not None and block is not None:
                if (value := to_float(metric.group("value"))) is not None:  # (not an overflow's inf)
                    block[2].setdefault(metric.group("key"), value)
                continue
            if block is not None:
                last = _close(rows, block, last)
                block = None
            if events.scan(line):
                if old is not None:  # (a failure, a relaunch: the block before it is done)
                    old_last = _close_old(rows, old, old_last)
                    old = None
                continue
            step = progress_step(line.text) if "[batch=" in line.text else None
            if step is not None:
                block = (line, step, {})
        if block is not None:
            _close(rows, block, last)
        if old is not None:
            _close_old(rows, old, old_last)
        if not rows.steps:
            raise ParseError(str(path), "no Composer training progress line found", where="line 1")
        return log_result(rows, warning)


def _close(rows: LogRows, block: tuple[Line, int, dict[str, float]], last: tuple[int, float] | None
           ) -> tuple[int, float] | None:
    """The block's row; the (step, training seconds) the next block's step time counts from."""
    line, step, metrics = block
    hours = metrics.get("time/train")
    rate = metrics.get("throughput/batches_per_sec")
    return _step(rows, line, step, metrics.get("loss/train/total"), hours * 3600 if hours is not None else None,
                 to_float(1.0 / rate) if rate is not None and rate > 0 else None, last)


def _close_old(rows: LogRows, block: tuple[Line, str, dict[str, float]], last: tuple[int, float] | None
               ) -> tuple[int, float] | None:
    """A Composer <= 0.12 block's row, where it holds training's figures (an evaluation's block
    is none); the (step, training seconds) the next block's step time counts from."""
    line, _, metrics = block
    loss = metrics.get("loss/train/total", metrics.get("loss/train"))
    global_step, seconds = metrics.get("trainer/global_step"), metrics.get("wall_clock/train")
    if loss is None and global_step is None and seconds is None:
        return last
    if global_step is not None and global_step.is_integer() and global_step >= 0:
        step = int(global_step)
    else:
        step = int(metrics["_epoch"] * metrics["_total"] + metrics["_batch"])  # (its epochs count from 0)
    return _step(rows, line, step, loss, seconds, None, last)


def _step(rows: LogRows, line: Line, step: int, loss: float | None, seconds: float | None, rate_s: float | None,
          last: tuple[int, float] | None) -> tuple[int, float] | None:
    """A block's row: its step time the training seconds since the last block with a time over
    the batches between, else `rate_s`; returns the (step, seconds) the next one counts from."""
    values: dict[str, Any] = {}
    if loss is not None:
        values["loss"] = loss
    if seconds is not None and last is not None and step > last[0] and seconds >= last[1]:
        values["step_time_s"] = (seconds - last[1]) / (step - last[0])
    elif rate_s is not None:
        values["step_time_s"] = rate_s
    rows.step(line=line.number, rank=line.rank, step=step, end_ns=line.ts_ns, **values)
    if seconds is not None:
        return step, seconds
    return last if last is not None and step > last[0] else None
