"""A TensorBoard scalar downloaded as CSV from its web page (the chart's "Download data" link, or
`tensorboard.backend`'s `?format=csv`): the header `Wall time,Step,Value`, then a row a point, the
Unix seconds the value was written, the run's step, the value (`1688704569.8823638,56,524.1263`).

The file holds one tag, which it does not name: TensorBoard names the download after it
(`run-train-tag-loss.csv`, `run-.-tag-train_loss.csv`), and where the tag names `loss` (not a
validation's, `val`, `eval`, `test` in the tag, a validation run's; not a loss scale) the values
are the loss, where it names `lr` or `learning_rate` the learning rate; else they are no metric
the store names, and the rows keep the steps and their times alone. Each row is a step dated by its wall time (read exactly); its
step time is the wall time since the row before over the steps between them (a run writes its
scalars every few steps), none for the first row, nor where the step or the clock went back (a
resumed run's points). A tag plotted over samples or tokens (Megatron's `lm loss vs samples`)
counts no steps: the file is refused.
"""

from __future__ import annotations

import re
from decimal import Decimal, InvalidOperation
from pathlib import Path

from tracelens.errors import ParseError
from tracelens.parsers._csv import csv_rows, steps_result
from tracelens.parsers._logtables import LogRows
from tracelens.parsers._numbers import to_float, to_int
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult

_HEADER = ["Wall time", "Step", "Value"]
_HEAD = re.compile(rb"\A(?:\xef\xbb\xbf)?Wall time,Step,Value\r?\n")
# what the tag the download is named after says its values are
_NOT_TRAINING = re.compile(r"(?<![a-z])(?:val|valid|validation|eval|test)(?![a-z])", re.I)
_LOSS = re.compile(r"loss", re.I)
# not a loss: the mixed-precision loss scale (Megatron's `loss-scale`)
_LOSS_SCALE = re.compile(r"loss[\s-]?scale", re.I)
# a run of a validation's scalars (Keras's TensorBoard callback writes `train` and `validation`)
_VALIDATION_RUN = re.compile(r"(?<![a-z])(?:val|valid|validation|eval)(?![a-z])", re.I)
# a tag over another axis than the step (Megatron's `lm loss vs samples`, `... vs tokens`)
_OTHER_AXIS = re.compile(r"\bvs\s(?:samples|tokens)\b", re.I)
_LR = re.compile(r"(?<![a-z])(?:lr|learning[_-]?rate)(?![a-z])", re.I)
_MAX_UNIX_S = 4_102_444_800  # 2100-01-01: a wall time past it is no clock's


def _metric(path: Path) -> str | None:
    """The log_steps column the values go to, as the file's name says; None for another. The tag
    is the name's part after `-tag-` where it has one (the run's part names no metric, but may say
    it is a validation's: Keras's `validation` run)."""
    name = path.name.rsplit(".csv", 1)[0]
    run, _, tag = name.rpartition("-tag-") if "-tag-" in name else ("", "", name)
    tag, run = tag.replace("_", " "), run.replace("_", " ")
    if _NOT_TRAINING.search(tag) or _VALIDATION_RUN.search(run):
        return None
    if _LOSS.search(tag) and not _LOSS_SCALE.search(tag):
        return "loss"
    return "lr" if _LR.search(tag) else None


def _unix_ns(text: str) -> int | None:
    """Unix seconds as printed (`1688704569.8823638`), in whole nanoseconds; None for another."""
    try:
        seconds = Decimal(text)
    except InvalidOperation:
        return None
    if not seconds.is_finite() or not 0 < seconds < _MAX_UNIX_S:
        return None
    return int(seconds * 1_000_000_000)


class TensorBoardCsvParser(Parser):
    name = "tensorboard_csv"
    kind = "metrics_csv"
    tables = ("log_steps",)

    def detect(self, path: Path, head: bytes) -> Claim:
        return Claim.CONTENT if _HEAD.match(head) else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        records, gzip_warning = csv_rows(path)
        if not records or records[0] is None or [name.strip().lstrip("\ufeff") for name in records[0]] != _HEADER:
            raise ParseError(str(path), "no `Wall time,Step,Value` header", where="line 1")
        if _OTHER_AXIS.search(path.name.replace("%20", " ").replace("_", " ")):
            raise ParseError(str(path), "a scalar plotted over samples or tokens (its name says `vs samples` or "
                             "`vs tokens`), not over steps", where="line 1")
        metric = _metric(path)
        rows = LogRows("tensorboard")
        bad = 0
        before: tuple[int, int] | None = None  # the step and the wall time of the row before
        for number, record in enumerate(records[1:], start=2):
            if record is not None and all(not cell.strip() for cell in record):
                continue
            if (record is None or len(record) != 3 or (when := _unix_ns(record[0].strip())) is None
                    or (step := to_int(record[1].strip())) is None or step < 0):
                bad += 1  # a row cut short (a copy cut mid-row) or a mangled one
                before = None
                continue
            values: dict[str, float] = {}
            if metric is not None and (value := to_float(record[2].strip())) is not None:
                values[metric] = value
            if before is not None and step > before[0] and when >= before[1]:
                values["step_time_s"] = (when - before[1]) / 1e9 / (step - before[0])
            before = (step, when)
            rows.step(line=number, rank=options.rank, step=step, end_ns=when, time_source="log_line", **values)
        if not rows.steps:
            raise ParseError(str(path), "no row with a wall time and a step", where="line 2")
        return steps_result(rows, len(_HEADER), bad, gzip_warning)
