"""OpenMMLab console logs: mmcv's runner (MMDetection 2.x, MMSegmentation 0.x and the other
OpenMMLab 1.x toolboxes) and mmengine's (OpenMMLab 2.0: MMDetection 3, MMPretrain, MMYOLO,
YOLO-World, ...).

- Step lines, one per logging interval (10 iterations by default), as each runner prints them
  (framework `openmmlab` for mmcv's, `mmengine` for mmengine's, as its `scalars.json` is):
  mmcv's TextLoggerHook `Epoch [1][50/7330]<TAB>lr: 1.000e-02, eta: 4:33:09, time: 0.547,
  data_time: 0.032, memory: 6836, loss_rpn_cls: ..., loss: 0.4890` (or `Iter [50/1000]<TAB>` when
  training by iterations) and mmengine's LogProcessor `Epoch(train)  [83][  50/2693]  base_lr:
  ...  lr: ...  eta: ...  time: 1.1114  data_time: 0.0995  memory: ...  grad_norm: ...  loss: ...`
  (or `Iter(train) [  50/1000]  `; the epoch and iteration are padded with spaces to the widest).
  Validation and test lines (`Epoch(val)`, `Iter(val)`) are no training steps.
- The step is the global iteration: an epoch's line counts iterations within the epoch (1-based,
  of the epoch's N), so its step is (epoch - 1) x N + iteration; an `Iter` line's is global.
- `time` and `data_time` are means per iteration: mmcv's over the logging interval, mmengine's
  over its LogProcessor's window (10 iterations, as the interval by default); `time` is the whole
  iteration (data loading included, IterTimerHook's clock), so it is the step's time and
  `data_time` its wait for data. `eta` is a forecast, no clock.
- Dates: mmcv's logger prints `2020-05-08 18:56:16,649 - mmdet - INFO - `; mmengine's console
  prints `11/24 07:29:59 - mmengine - INFO - ` (no year) and its log file `2024/01/24 02:46:39
  - ...`. A date without a year takes the year of the file's own evidence: a dated line with a
  year, else the timestamp mmengine puts in its experiment name (`Exp name: cfg_20240124_024126`,
  the run's start) or work dir, else the file's modification time (the year before it when the
  date would fall after it); the result's warnings say which. A date earlier than the one before
  it by more than half a year is in the next year (a run over New Year).
- An iteration-based runner's last iteration (`Iter(train) [3000/3000]`, its max_iters) ends the
  run cleanly.
- `Saving checkpoint at N epochs` / `at N iterations` is a save at that step; `resumed epoch: E,
  iter: I` (mmengine; mmcv's runner writes `resumed epoch E, iter I`) a load at step I. Failures,
  restarts, watchdog timeouts and NCCL lines are read as in every console log.
- A console whose mmcv runner started (`Start running, host: ...`) and logged no step line yet is
  read all the same: its start, its loads and its failures (a job that stopped before its first
  logging interval).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from tracelens.enums import LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._events import SHARED_LINES, log_result, open_log
from tracelens.parsers._lines import Line, _glog_ns, file_mtime_ns
from tracelens.parsers._logreader import LogReader
from tracelens.parsers._logtables import LogRows, mark_evaluations
from tracelens.parsers.contract import ParseOptions, ParseResult

# Bounded runs only: a search stays linear in the line's length.
# (not a script's iteration within the epoch an `Epoch` bracket right before it names: TransReID's `Epoch[1] Iter[20/227]
# Loss: 19.420, ...`, `Epoch [1/3] Iter [50/200] - total_loss: ...`; `_EPOCH_BEFORE_ITER`)
STEP_LINE = re.compile(
    r"(?:Epoch(?:\(train\))?[ ]{0,8}\[[ ]{0,8}(?P<epoch>\d{1,9})\]|Iter(?:\(train\))?[ ]{0,8})"
    r"\[[ ]{0,12}(?P<i>\d{1,12})/(?P<n>\d{1,12})\][ \t]"
)
_EPOCH_BEFORE_ITER = re.compile(r"Epoch ?\[ ?\d{1,9}(?: ?/ ?\d{1,9})? ?\] ?$")
# `key: value` fields: mmcv separates them with ", ", mmengine with two spaces
_FIELD = re.compile(
    r"(?<![\w.])(?P<key>[A-Za-z_][\w.]{0,80}): (?P<value>[-+]?\d{1,20}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,4})?)(?![\w:.])"
)
# the training loss, learning rate and gradient norm as the runners name them
_COLUMNS = {"loss": "loss", "lr": "lr", "grad_norm": "grad_norm", "time": "step_time_s", "data_time": "data_time_s"}
# a date without a year at the line's start (mmengine's console), and mmengine's file form
_SHORT_DATE = re.compile(r"(?:(?P<y>\d{4})/)?(?P<mo>\d{2})/(?P<d>\d{2}) (?P<h>\d{2}):(?P<mi>\d{2}):(?P<s>\d{2}) - ")
# mmengine's run timestamp (time.strftime('%Y%m%d_%H%M%S')) in its experiment name and work dir
# (not a model zoo checkpoint's, in a config's `load_from` or `init_cfg`: `rtmdet_tiny_8xb32-300e_coco_20220902_112414-
# 78e30dcc.pth`, when it was trained, months before)
_RUN_STAMP = re.compile(r"(?<!\d)(?P<y>20\d{2})(?P<mo>[01]\d)(?P<d>[0-3]\d)_[0-2]\d[0-5]\d[0-5]\d(?!\d|-[0-9a-f]{8}\.pth)")
_SAVE = re.compile(r"Saving checkpoint at (?P<n>\d{1,12}) (?P<unit>epochs|iterations)")
# mmcv's runner (OpenMMLab 1.x) as it starts: "workflow: [('train', 1)], max: 5 epochs" (`max: 40000 iters`)
_RUNNER_MAX = re.compile(r"\bworkflow: \[.{1,200}\], max: (\d{1,12}) (epochs|iters)\s*$")
# the run's epochs as its configuration sets them, where no runner's `max: N epochs` line says so (mmcv's config dump,
# `runner = dict(type='EpochBasedRunner', max_epochs=12)`, mmengine's `max_epochs = 12`, the command's `--cfg-options
# runner.max_epochs=1`)
_MAX_EPOCHS_SETTING = re.compile(r"(?<![\w])(?:runner\.|train_cfg\.)?max_epochs\s{0,2}=\s{0,2}(\d{1,9})\b")
# mmengine's "resumed epoch: 64, iter: 156416", mmcv's runner's "resumed epoch 64, iter 156416"
_RESUMED = re.compile(r"resumed epoch:? (?P<epoch>\d{1,9}), iter:? (?P<iter>\d{1,12})")
# mmcv's runner as it starts its loop: "Start running, host: user@host, work_dir: /path/work_dirs/x"
START_RUNNING = "Start running, host: "
_HALF_YEAR_NS = 183 * 86_400 * 10**9


def step_line(text: str) -> tuple[int, int | None, dict[str, float]] | None:
    """A training step line's global step, the iterations per epoch it shows (None for an
    `Iter` line) and its `log_steps` values; None for any other line."""
    match = STEP_LINE.search(text)
    if match is None or (match.group("epoch") is None and "Epoch" in text[:match.start()]
                         and _EPOCH_BEFORE_ITER.search(text, max(0, match.start() - 40), match.start()) is not None):
        return None
    i, n = int(match.group("i")), int(match.group("n"))
    epoch = match.group("epoch")
    step = (int(epoch) - 1) * n + i if epoch is not None else i
    values: dict[str, float] = {}
    for field in _FIELD.finditer(text, match.end()):
        column = _COLUMNS.get(field.group("key"))
        if column is not None and column not in values:
            try:
                values[column] = float(field.group("value"))
            except ValueError:
                continue
    return step, n if epoch is not None else None, values


def _moment(year: int, g: dict[str, str]) -> int | None:
    try:
        moment = datetime(year, int(g["mo"]), int(g["d"]), int(g["h"]), int(g["mi"]), int(g["s"]), tzinfo=UTC)
    except ValueError:
        return None
    return int(moment.timestamp()) * 1_000_000_000


class _Years:
    """The year of each date printed without one, from the file's own evidence (see the module
    docstring)."""

    def __init__(self, lines: Sequence[Line], mtime_ns: int | None) -> None:
        self.source: str | None = None
        year = next((_year(line.ts_ns) for line in lines if line.ts_ns is not None and not line.year_from_mtime), None)
        if year is not None:
            self.source = "the file's dated lines"
        else:
            # (the experiment name's first, where the file prints it: the run's own start; else the first stamp)
            stamp = None
            for line in lines:
                if ("_20" in line.text or "name: 20" in line.text) and (m := _RUN_STAMP.search(line.text)) is not None:
                    stamp = stamp or m
                    if "Exp name: " in line.text:
                        stamp = m
                        break
            if stamp is not None:
                year, self.source = int(stamp.group("y")), "the run's timestamp in mmengine's experiment name"
        self.mtime_ns = mtime_ns
        self.year = year
        self.last_ns: int | None = None

    @property
    def from_mtime(self) -> bool:
        """The year of the dates printed without one is the file's mtime's (an estimate)."""
        return self.source == "the file's modification time"

    def date(self, g: dict[str, str]) -> int | None:
        """The time of a date's parts; `y` None when it printed no year."""
        if g["y"] is not None:
            return _moment(int(g["y"]), g)
        if self.year is None:
            if self.mtime_ns is None:
                return None
            # the file was last written after its first line: the mtime's year, or the one
            # before when the date would fall after the mtime
            year = datetime.fromtimestamp(self.mtime_ns / 1e9, tz=UTC).year
            first = _moment(year, g)
            self.year = year - 1 if first is not None and first > self.mtime_ns else year
            self.source = "the file's modification time"
        ns = _moment(self.year, g)
        if ns is not None and self.last_ns is not None and ns < self.last_ns - _HALF_YEAR_NS:
            self.year += 1  # the run went on over New Year
            ns = _moment(self.year, g)
        if ns is not None:
            self.last_ns = ns
        return ns


def _year(ns: int) -> int | None:
    try:
        return datetime.fromtimestamp(ns / 1e9, tz=UTC).year
    except (OverflowError, OSError, ValueError):
        return None


class OpenMMLabParser(LogReader):
    name = "openmmlab"

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "openmmlab")
        years = _Years(lines, file_mtime_ns(path))
        per_epoch: int | None = None  # iterations per epoch, from the last epoch line
        declared: tuple[int, str] | None = None  # the runner's `max: 5 epochs` (or `iters`), where it says so
        configured: int | None = None  # the epochs its configuration set (`_MAX_EPOCHS_SETTING`), before its first step
        resumed_at: tuple[int, int] | None = None  # the epoch and the runner's iteration a resume named
        for line in lines:
            text = line.text
            if line.ts_ns is None or line.year_from_mtime:
                short = _SHORT_DATE.match(text) if text[:1].isdigit() else None
                guessed = line.year_from_mtime
                if short is not None:
                    line = line._replace(ts_ns=years.date(short.groupdict()), year_from_mtime=False)
                    guessed = short.group("y") is None and years.from_mtime
                    rows.retimed[line.number] = line.ts_ns
                elif line.year_from_mtime and years.year is not None:
                    line = line._replace(ts_ns=_glog_ns(text, years.year), year_from_mtime=False)
                    guessed = years.from_mtime
                    rows.retimed[line.number] = line.ts_ns
                if guessed:  # the steps it dates say so (time_source log_line_mtime)
                    rows.mtime_year_lines.add(line.number)
                else:
                    rows.mtime_year_lines.discard(line.number)
            if events.scan(line):
                continue
            if "Saving checkpoint at " in text or "resumed epoch" in text:
                shift = resumed_at[1] - resumed_at[0] * per_epoch if resumed_at is not None and per_epoch else 0
                self._checkpoint(line, rows, per_epoch, shift)
                if (resumed_line := _RESUMED.search(text)) is not None:
                    resumed_at = (int(resumed_line.group("epoch")), int(resumed_line.group("iter")))
                last = declared or ((configured, "epochs") if configured is not None else None)
                if last is not None and (save := _SAVE.search(text)) is not None and (
                        int(save.group("n")), save.group("unit")[:4]) == (last[0], last[1][:4]):
                    # mmcv's CheckpointHook at the runner's declared (or configured) last epoch (iteration): its
                    # training loop done
                    unit = "epoch" if last[1] == "epochs" else "iteration"
                    rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                               detail=f"the runner's last {unit} ({last[0]}) saved", raw=text)
                continue
            if "max_epochs" in text and not rows.steps and (setting := _MAX_EPOCHS_SETTING.search(text)) is not None:
                configured = int(setting.group(1))
            if "max: " in text and (runner := _RUNNER_MAX.search(text)) is not None:
                declared = (int(runner.group(1)), runner.group(2))
                continue
            read = step_line(text) if "[" in text else None
            if read is None:
                continue
            step, per_epoch_here, values = read
            per_epoch = per_epoch_here or per_epoch
            if per_epoch_here is not None and (resumed := resumed_at) is not None:
                # the runner's own count after a resume (`resumed epoch 95, iter 89300`, a batch size since changed: 940
                # iterations an epoch then, 768 now): the epochs after the one resumed count on from its iteration
                epoch = (step - 1) // per_epoch_here + 1
                if epoch > resumed[0]:
                    step += resumed[1] - resumed[0] * per_epoch_here
                else:
                    resumed_at = None  # (a run from its start again)
            before = len(rows.steps)
            rows.step(line=line.number, rank=line.rank, step=step, end_ns=line.ts_ns, **values)
            if "(train)" in text and len(rows.steps) > before:
                rows.steps[-1]["framework"] = "mmengine"  # (OpenMMLab 2.0's runner wrote it, as its scalars.json)
            if (per_epoch_here is None and len(rows.steps) > before and (at := STEP_LINE.search(text)) is not None
                    and int(at.group("i")) == int(at.group("n")) > 0):
                # an iteration-based runner's last iteration (`Iter(train) [3000/3000]`): its max_iters
                # done, the training loop ends (an epoch's last iteration is no run's)
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           detail=f"the runner's last iteration ({step} of {step})", raw=text)
        if not rows.steps and not any(START_RUNNING in line.text for line in lines):
            raise ParseError(str(path), "no OpenMMLab training step line found", where="line 1")
        if SHARED_LINES.get():
            mark_evaluations(rows)
        result = log_result(rows, warning)
        if years.source is not None and years.source != "the file's dated lines":
            result.warnings.append(f"dates printed without a year are taken to be in {years.year} "
                                   f"(from {years.source})")
        return result

    @staticmethod
    def _checkpoint(line: Line, rows: LogRows, per_epoch: int | None, shift: int) -> None:
        save = _SAVE.search(line.text)
        if save is not None:
            n = int(save.group("n"))
            # (an epoch's save after a resume: on the runner's count, `shift` from the epochs')
            step = n if save.group("unit") == "iterations" else (n * per_epoch + shift if per_epoch is not None else None)
            event = rows.events[-1] if rows.events and rows.events[-1]["line"] == line.number else None
            if event is not None:
                event["step"] = step  # the shared rules read the save; its step is the runner's
            else:
                rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           step=step, raw=line.text)
            return
        resumed = _RESUMED.search(line.text)
        if resumed is not None:
            rows.event(LogEventKind.CHECKPOINT_LOAD_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                       step=int(resumed.group("iter")), detail="resumed", raw=line.text)
