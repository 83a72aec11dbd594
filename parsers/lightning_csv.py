"""Lightning's CSVLogger file (`<save_dir>/<name>/version_N/metrics.csv`): one row per
`log_metrics` call, a header of every metric key seen (`epoch`, `step`, `train_loss`,
`val_loss`, ...), empty cells where a row did not log a key.

CSVLogger's file has no times: its rows carry steps and metrics (loss curves, learning rate) for
SQL, and the console, TensorBoard events or traces of the same job date them. Steps are
Lightning's (`step` counts the optimizer steps done before the logged batch, from 0) plus one:
tracelens numbers a step by the optimizer steps done once it ends, as the progress bar and the
other readers do. Rows that logged only evaluation metrics (`val_*`, `test_*`), epoch aggregates
(`*_epoch`) or nothing but `epoch` are not training steps and yield no row.

Lightning 1.x's TestTubeLogger (latent-diffusion's default logger, so Stable Diffusion v1's and
its descendants') wrote the same file through test-tube: no `step` column, each row stamped
`created_at` (UTC, test-tube's `datetime.utcnow()`), which dates the row. The step is then the
`global_step` the module logged itself (`self.log("global_step", self.global_step)`: the same
count as `step`, so plus one likewise).
"""

from __future__ import annotations

from pathlib import Path

from tracelens.errors import ParseError
from tracelens.parsers._csv import csv_rows, steps_result
from tracelens.parsers._lines import parse_timestamp
from tracelens.parsers._logtables import LogRows
from tracelens.parsers._numbers import to_float, to_int
from tracelens.parsers.contract import Claim, ParseOptions, Parser, ParseResult
from tracelens.parsers.tensorboard import is_eval_tag, metric_column

_NOT_METRICS = frozenset({"epoch", "step", "global_step", "created_at"})
_STEP_COLUMNS = ("step", "global_step")  # CSVLogger's; else the module's own, under TestTubeLogger


def _header(head: bytes) -> list[str] | None:
    first = head.split(b"\n", 1)[0].strip(b"\r")
    try:
        text = first.decode("utf-8")
    except UnicodeDecodeError:
        return None
    fields = [f.strip() for f in text.split(",")]
    return fields if any(name in fields for name in _STEP_COLUMNS) else None


def _training_column(name: str) -> bool:
    return name not in _NOT_METRICS and not name.endswith("_epoch") and not is_eval_tag(name)


class LightningCsvParser(Parser):
    name = "lightning_csv"
    kind = "metrics_csv"
    tables = ("log_steps",)

    def detect(self, path: Path, head: bytes) -> Claim:
        fields = _header(head)
        if fields is not None and "epoch" in fields and path.suffix.lower() == ".csv":
            return Claim.CONTENT
        return Claim.NAME if path.name == "metrics.csv" else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        records, gzip_warning = csv_rows(path)
        if not records or records[0] is None:
            raise ParseError(str(path), "no CSV header", where="line 1")
        header = [name.strip() for name in records[0]]
        step_name = next((name for name in _STEP_COLUMNS if name in header), None)
        if step_name is None:
            raise ParseError(str(path), "no `step` column: not a Lightning metrics.csv", where="line 1")
        step_at = header.index(step_name)
        dated_at = header.index("created_at") if "created_at" in header else None
        training = [(i, name, metric_column(name.removesuffix("_step")))
                    for i, name in enumerate(header) if _training_column(name)]
        merged: list[tuple[int, int, int | None, dict[str, float]]] = []  # (line, step, end_ns, values), one per step run
        bad = 0
        for number, record in enumerate(records[1:], start=2):
            if record == []:
                continue  # a blank line
            if record is None or len(record) != len(header):
                bad += 1  # a row cut short (the job was killed mid-write) or a mangled one
                continue
            step = to_int(record[step_at])
            step = step if step is not None and step >= 0 else None
            cells = {name: value for i, name, _ in training if (value := to_float(record[i])) is not None}
            if step is None or not cells:
                continue
            values = {column: cells[name] for _, name, column in training if column is not None and name in cells}
            if merged and merged[-1][1] == step:
                for column, value in values.items():
                    merged[-1][3].setdefault(column, value)  # another log call at the same step adds its metrics
            else:
                end_ns = parse_timestamp(record[dated_at]) if dated_at is not None else None
                merged.append((number, step, end_ns, values))
        rows = LogRows("lightning")
        for number, step, end_ns, values in merged:
            rows.step(line=number, rank=options.rank, step=step + 1, end_ns=end_ns, **values)
        if not rows.steps:
            raise ParseError(str(path), "no row with a step and a training metric", where="line 2")
        return steps_result(rows, len(header), bad, gzip_warning)

