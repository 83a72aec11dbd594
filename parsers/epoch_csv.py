"""Per-epoch metric tables in CSV, one row an epoch: Keras's CSVLogger (`training.log` by default:
`epoch,accuracy,loss,val_accuracy,val_loss`, the metrics sorted by name, epochs from 0) and
Ultralytics' `results.csv` (`epoch,time,train/box_loss,...,lr/pg0`, YOLOv8 and later from 1,
`time` the seconds since training began; YOLOv5's from 0, its columns padded to 20 characters).

Also a script's own table of the same shape, its cells tab-separated where its header is (3D-ResNets' `Logger`,
`epoch<TAB>loss<TAB>acc<TAB>lr`), a loss cell the tensor it printed (`tensor(3.1793, device='cuda:0')`: its figure).

Each row is a step numbered by its epoch as printed: the file counts no batches; where it names its batch and its
iteration (3D-ResNets' `train_batch.log`: `epoch, batch, iter, loss, ...`), a row is that iteration. The loss is a
column named `loss` (`train_loss`, `train/loss`); Ultralytics' losses are terms (`box`, `cls`,
`dfl`) with no total, and none is stored. The learning rate is `lr` (`lr/pg0`, YOLOv5's `x/lr0`).
An epoch's time is the growth of a `time` column since the row before (the first row's its
own), where the file has one, or the epoch's own seconds where a column says so (`epoch_time_seconds`,
`epoch_time_s`, `epoch_time`). The rows are undated, a column of dates too (`timestamp`: dated, an epoch's row
would mix with the console's steps of the same job, another count): the console or the events of the same job date
the run. Other text cells (`0m 28s`, the framework's name) are not read; a table whose cells name a subset (`train`,
`val`: a row a phase of an epoch) is not one of these.
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from tracelens.errors import ParseError
from tracelens.parsers._csv import csv_rows, steps_result
from tracelens.parsers._io import read_head
from tracelens.parsers._lines import parse_timestamp
from tracelens.parsers._logtables import LogRows
from tracelens.parsers._numbers import duration_s, printed_float, to_int
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult

_LOSS = ("loss", "train_loss", "train/loss")
_MAX_TIME_S = 1e8  # a `time` past this (3 years) is no run's
_LR = ("lr", "learning_rate", "lr/pg0", "x/lr0")
_EPOCH_SECONDS = ("epoch_time_seconds", "epoch_time_s", "epoch_time_sec", "epoch_time")  # an epoch's own seconds
_DATED = ("timestamp", "datetime", "date_time")  # a column of the date each row was written
# a cell naming a subset of the data (a table of an epoch's phases, `epoch,phase,loss` with `train` and `val` rows)
_SUBSETS = frozenset({"train", "training", "val", "valid", "validation", "eval", "evaluation", "test", "dev"})


def _delimiter(header: bytes) -> str:
    """A tab where the header line is tab-separated (3D-ResNets' `Logger`: `epoch<TAB>batch<TAB>iter<TAB>loss...`), else
    a comma."""
    return "\t" if b"\t" in header and b"," not in header else ","


def _fields(lines: bytes) -> list[list[str]] | None:
    """The CSV records of `lines` (quoted cells read whole), each cell stripped; None where not UTF-8 CSV."""
    try:
        return [[field.strip() for field in record] for record in
                csv.reader(io.StringIO(lines.decode("utf-8"), newline=""), delimiter=_delimiter(lines.split(b"\n", 1)[0]))]
    except (UnicodeDecodeError, csv.Error):
        return None


def _looks_like(head: bytes) -> bool:
    """A header naming `epoch` first and at least one loss, no `step` (Lightning's file), each
    name one word (letters, digits, `_./()-:@`), over a row of as many numbers."""
    lines = head.split(b"\n", 2)
    if len(lines) < 2 or (records := _fields(b"\n".join(lines[:2]))) is None or len(records) != 2:
        return False
    header, row = records
    if len(header) < 2 or len(row) != len(header) or header[0] != "epoch":
        return False
    if "step" in header or not any("loss" in name for name in header):
        return False
    if not all(name and all(c.isalnum() or c in "_./()-:@" for c in name) for name in header):
        return False
    # (numbers, but for a date column's date and a few words beside them: `0m 28s`, the framework's name)
    words = [cell for cell in row if cell and printed_float(cell) is None]
    return (to_int(row[0]) is not None and 2 * len(words) < len(row) and not any(w.lower() in _SUBSETS for w in words)
            and all(printed_float(cell) is not None for name, cell in zip(header, row, strict=True) if "loss" in name and cell)
            and all(name in _DATED and parse_timestamp(cell) is not None or " " not in cell.strip() or duration_s(cell)
                    for name, cell in zip(header, row, strict=True) if cell in words))


def _framework(header: list[str], first_epoch: int | None) -> str:
    if any(name.startswith("train/") for name in header) and any(name.startswith("metrics/") for name in header):
        return "ultralytics"
    metrics = header[1:]
    # Keras' own names, `loss` the training's (not a script's `epoch,train_loss,val_loss`), two at least (a loss and a
    # metric or a validation loss): CSVLogger's, which sorts them by name (Keras 2), or its history's in its logs'
    # order from epoch 0 with its validation's loss (`epoch,loss,accuracy,val_loss,val_accuracy`)
    keras = len(metrics) >= 2 and "loss" in metrics and (metrics == sorted(metrics)
                                                           or (first_epoch == 0 and "val_loss" in metrics))
    return "keras" if keras else "generic"


class EpochCsvParser(Parser):
    name = "epoch_csv"
    kind = "metrics_csv"
    tables = ("log_steps",)

    def detect(self, path: Path, head: bytes) -> Claim:
        return Claim.CONTENT if _looks_like(head) else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        records, gzip_warning = csv_rows(path, _delimiter(read_head(path).split(b"\n", 1)[0]))
        if not records or records[0] is None or "epoch" not in (header := [name.strip() for name in records[0]]):
            raise ParseError(str(path), "no CSV header naming `epoch`", where="line 1")
        at = {name: i for i, name in enumerate(header)}
        loss_at = next((at[name] for name in _LOSS if name in at), None)
        lr_at = next((at[name] for name in _LR if name in at), None)
        # (a per-batch table's `time` is no time since training began: no epoch's time read from it)
        time_at = at.get("time") if not ("batch" in at and "iter" in at) else None
        seconds_at = next((at[name] for name in _EPOCH_SECONDS if name in at), None)
        epoch_at = at["epoch"]
        # a table a batch a row (3D-ResNets' `train_batch.log`: `epoch, batch, iter, ...`): each row the run's iteration
        iter_at = at.get("iter") if "batch" in at else None
        first = next((record for record in records[1:] if record and any(cell.strip() for cell in record)), None)
        rows = LogRows(_framework(header, to_int(first[epoch_at].strip()) if first and len(first) > epoch_at else None))
        bad = 0
        before: tuple[int, float] | None = None  # the epoch and `time` of the row before
        for number, record in enumerate(records[1:], start=2):
            if record is not None and (not record or all(not cell.strip() for cell in record)):
                continue
            if record is None or len(record) != len(header) or (epoch := to_int(record[epoch_at].strip())) is None or epoch < 0:
                bad += 1  # a row cut short (the job was killed mid-write) or a mangled one
                continue
            values: dict[str, float] = {}
            if loss_at is not None and (loss := printed_float(record[loss_at])) is not None:
                values["loss"] = loss
            if lr_at is not None and (lr := printed_float(record[lr_at])) is not None:
                values["lr"] = lr
            now = printed_float(record[time_at]) if time_at is not None else None
            if now is not None and 0 <= now < _MAX_TIME_S:
                # the growth since the epoch before's row (the first row's: its own time); none
                # across a row skipped or unreadable, nor where the clock went back (a resumed run's)
                if before is None and len(rows.steps) == 0:
                    values["step_time_s"] = now
                elif before is not None and before[0] == epoch - 1 and now >= before[1]:
                    values["step_time_s"] = now - before[1]
                before = (epoch, now)
            else:
                before = None
            if seconds_at is not None and (seconds := printed_float(record[seconds_at])) is not None and (
                    0 <= seconds < _MAX_TIME_S):
                values.setdefault("step_time_s", seconds)
            step = epoch if iter_at is None else to_int(record[iter_at].strip())
            if step is None:
                bad += 1
                continue
            rows.step(line=number, rank=options.rank, step=step, **values)
        if not rows.steps:
            raise ParseError(str(path), "no row with an epoch", where="line 2")
        return steps_result(rows, len(header), bad, gzip_warning)
