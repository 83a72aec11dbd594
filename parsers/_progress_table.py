"""Progress tables: a header line of column names, then a row of numbers a step or an epoch, each
value under its column's name (left-aligned there, or right-aligned to its end as pandas prints a
frame; a column left blank when it has no value).

- fastai's `Recorder`: `epoch     train_loss  valid_loss  accuracy  time`, then `0         4.346260
  4.408598    0.370535  1:12:49`: a row an epoch, counted from 0, `time` the epoch's duration. A
  notebook's table copied as text has its cells apart by tabs (`epoch<TAB>train_loss<TAB>...`,
  `0<TAB>0.258882<TAB>...`) or single spaces (`epoch train_loss valid_loss accuracy time`, `0
  2.597476 7.834398 0.205096 00:07`): its cells are read in their order, a row holding one for
  each column (where the header opens with `epoch` and names a `..._loss`).
- skorch's `PrintLog`: `epoch    train_loss    valid_acc    valid_loss    cp     dur`, right-aligned,
  a row an epoch, `dur` its seconds; a `+` (blank otherwise) under an event's column marks it
  (`cp`: its Checkpoint callback saved the model that epoch).
- chainer's `PrintReport` (ESPnet1's trainer): `epoch  iteration  main/loss ... elapsed_time`, then a
  row every report interval of iterations, `elapsed_time` the seconds since training began; a
  terminal's redraw codes before a row (`\\x1b[J`, or pasted as the text `ESC[J`) are not its text.
- a table apart by tabs whose names are words (locuslab/fast_adversarial's `output.log`, through its logger: `[2023/06/12
  15:52:25] - Epoch \t Seconds \t LR \t \t Train Loss \t Train Acc`, then `[...] - 0 \t 8.8 \t \t 0.0200 \t 1.3512 \t
  0.5162`): its cells those between tabs, blank ones none, a name's words joined by `_` (`train_loss`), `Seconds` the
  row's duration; a logger's time before a table's lines (`_LOGGER_STAMP`) is not the table's.
- a table between `|` borders (Turi Create's object detector: `| Iteration    | Loss         | Elapsed Time |`
  between `+----+` rules, then `| 12           | 4.312        | 20.7         |`): its cells read between the
  borders, a column's name its words joined by `_` (`elapsed_time`).

- NequIP's trainer (`nequip-train`, Allegro's too): a section's word alone (`training`, `validation`), then its header
  `# Epoch batch         loss       loss_f ...`, then a row every few batches, the batch counted within its epoch
  (`      1    10         55.8         1.71 ...`); a validation section's rows are no steps. Each epoch ends with its
  summary, `! Train               1   61.191    0.005 ...`, its second figure (`wal`) the seconds since training began
  (the initial validation's, `! Initial Validation          0   10.853 ...`, where there is one), and, where its
  validation was the best yet, `! Best model        1    0.662` once that model is written.

The step is the row's iteration (or step) where the table has one, else its epoch; a batch counted within its epoch
(NequIP's) is counted on across epochs, each epoch's last batch read the epoch's size. A table of
epochs printed again in one file (fastai's `fine_tune`: the frozen epoch's table, then the
unfrozen epochs') goes on counting from where the one before it ended: its counter starts again,
the training does not. An iteration counter is the run's own: one that goes back is a restart's.
fastai's `#na#` (no validation set) is a cell with no value.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Iterable
from dataclasses import dataclass

from tracelens.enums import LogEventKind
from tracelens.parsers._lines import DEEPMD_HEADER, Line
from tracelens.parsers._logtables import METRIC_KEYS, LogRows

# a terminal control sequence, real or as pasted text, at a row's start
_CONTROL = re.compile(r"(?:(?:\x1b\[|ESC\[)[0-9;]{0,8}[A-Za-z])+")
_NAME = re.compile(r"[A-Za-z_][\w/.\-]{0,80}")
_CELL = re.compile(r"\S+")
_CLOCK = re.compile(r"(?:(\d{1,4}):)?(\d{1,2}):(\d{2})")
_NUMBER = re.compile(r"[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?|nan|inf", re.I)
_NO_VALUE = "#na#"  # fastai's cell with no value (no validation set)
_COUNTERS = ("iteration", "iter", "step", "global_step", "epoch")
# columns whose value is time: the row's own duration, or the time since training began
# (skorch's `dur`: the epoch's seconds; MixGCF's and KGIN's `training time(s)` beside their `tesing time(s)`)
_DURATION = frozenset({"time", "dur", "training_time", "train_time", "epoch_time", "seconds"})
# a logger's time before a table's line (`[2023/06/12 15:52:25] - `, `2023-06-12 15:52:25,123 | `): the table's text after it
_LOGGER_STAMP = re.compile(r"\[?\d{4}[-/]\d\d[-/]\d\d[ T]\d\d:\d\d:\d\d(?:[.,]\d{1,6})?\]?(?: - | \| )")
_UNIT = re.compile(r"\s?\((?:s|sec|secs|seconds)\)$")
# skorch's marker of a column's event (`+`: a new best, `cp`'s a checkpoint saved), blank when none
_MARK = "+"
_ELAPSED = frozenset({"elapsed_time", "elapsed"})


@dataclass
class Header:
    starts: list[int]  # each column's first character
    names: list[str]
    counter: int  # the column the step is read from
    epoch: int | None  # the epoch's column
    ordered: bool = False  # cells apart by a tab or one space: read in their order, not by place
    framework: str | None = None  # the program whose table it is, where its columns say
    ends: list[int] | None = None  # each column's name's end (a right-aligned table's cells end there)
    bordered: bool = False  # its cells between `|` borders (a row's cells read between them, in order)
    tabbed: bool = False  # its cells between tabs, names of words among them (a row's cells read between tabs, in order)


# spaCy's `spacy train` table (v3): `E    #       LOSS TOK2VEC  LOSS NER  ENTS_F  ENTS_P  ENTS_R  SCORE`,
# its columns two spaces or more apart, a name of two words (a component's loss), `E` its epoch and
# `#` its step; a row each evaluation (`  1     200       1119.35   3977.76   34.89 ...`)
_SPACY = re.compile(r"E {2,8}# {2,12}LOSS ")
# (v2's: `Itn  Dep Loss  NER Loss  UAS     NER P.  NER R.  NER F.  Tag %   Token %  CPU WPS  GPU WPS`, `Itn`
# the pass over the data, its only counter; a row each pass: `0     22441.825 0.000     80.374  ...`)
_SPACY2 = re.compile(r"Itn\.? {2,8}(?:[A-Za-z]{1,12} )?Loss {2}")
_SPACY_CELL = re.compile(r"\S+(?: \S+)*")
# NequIP's batch table's header (`# Epoch batch         loss       loss_f       loss_e        f_mae ...`), and the
# lines of its epoch's end (`_NEQUIP_WALL`: its summary, the epoch and `wal`, the seconds since training began; after the
# best validation yet, `! Best model        1    0.662`)
_NEQUIP_HEADER = re.compile(r"# Epoch batch {2,20}loss\b")
_NEQUIP_WALL = re.compile(r"! (?:Train|Initial Validation) {1,30}(\d{1,9}) {1,30}(\d{1,12}(?:\.\d{1,9})?) ")
_NEQUIP_BEST = re.compile(r"! Best model {1,30}(\d{1,9}) {1,30}[-+\w.]{1,30}\s*$")
_SECTIONS = ("training", "validation")  # NequIP's word alone on the line before a batch table's header


def header(text: str) -> Header | None:
    """The columns of a progress table's header line, or None: at least three names, each apart
    from the next by two spaces or more, an epoch, iteration or step among them and a loss."""
    if text[:1] == "E" and _SPACY.match(text) is not None:
        cells = list(_SPACY_CELL.finditer(text))
        names = ["epoch" if c.group() == "E" else "step" if c.group() == "#" else c.group().lower() for c in cells]
        return Header([c.start() for c in cells], names, 1, 0, framework="spacy")
    if text[:3] == "Itn" and _SPACY2.match(text) is not None:
        cells = list(_SPACY_CELL.finditer(text))
        names = ["epoch" if c.group().rstrip(".") == "Itn" else c.group().lower() for c in cells]
        return Header([c.start() for c in cells], names, 0, 0, framework="spacy")
    if text[:1] == "|" and text.rstrip()[-1:] == "|":
        return _bordered_header(text)
    if "\t" in text and (tabbed := _tabbed_header(text)) is not None:
        return tabbed
    if text[:8] == "# Epoch " and _NEQUIP_HEADER.match(text) is not None:
        cells = [c for c in _CELL.finditer(text) if c.group() != "#"]
        names = [c.group().lower() for c in cells]
        return Header([c.start() for c in cells], names, 1, 0, ordered=True, framework="nequip")
    if text[:1] == "#" and DEEPMD_HEADER.match(text) is not None:
        # (a cell a column in every row, read in order: the step, the fit's errors, the learning rate; the errors
        # are no loss)
        cells = [c for c in _CELL.finditer(text) if c.group() != "#"]
        names = [c.group().lower() for c in cells]
        return Header([c.start() for c in cells], names, names.index("step"), None, ordered=True, framework="deepmd")
    if "  " not in text and text.lstrip()[:5].lower() != "epoch":
        return None  # (a table apart by tabs or single spaces opens with `epoch`: `ordered`)
    cells = list(_CELL.finditer(text))
    if len(cells) < 3 or any(_NAME.fullmatch(c.group()) is None for c in cells):
        return None
    names = [c.group().lower() for c in cells]
    ordered = any(b.start() - a.end() < 2 or "\t" in text[a.end():b.start()] for a, b in zip(cells, cells[1:], strict=False))
    if ordered and (names[0] != "epoch" or not any(name.endswith("_loss") for name in names)):
        return None  # (a sentence is words apart by one space too)
    if not any("loss" in name for name in names):
        return None
    counter = next((names.index(name) for name in _COUNTERS if name in names), None)
    if counter is None:
        return None
    return Header([c.start() for c in cells], names, counter, names.index("epoch") if "epoch" in names else None, ordered,
                  ends=[c.end() for c in cells])


def _bordered(text: str) -> list[str] | None:
    """The cells of a line between `|` borders (`| 12           | 4.312        | 20.7         |`), each stripped;
    None for a line not so bordered."""
    stripped = text.strip()
    if len(stripped) < 3 or stripped[0] != "|" or stripped[-1] != "|":
        return None
    return [cell.strip() for cell in stripped[1:-1].split("|")]


def _bordered_header(text: str) -> Header | None:
    """A bordered table's header (Turi Create's `| Iteration    | Loss         | Elapsed Time |`, its rules `+---+`
    apart): each cell a column's name, words joined by `_` and lower-cased (`elapsed_time`), a loss and a counter
    among them."""
    cells = _bordered(text)
    if cells is None or len(cells) < 3:
        return None
    # (a unit after a name, `training time(s)` in NGCF's recommenders' prettytable: the name's)
    names = ["_".join(_UNIT.sub("", cell).lower().split()) for cell in cells]
    if any(_NAME.fullmatch(name) is None for name in names) or not any("loss" in name for name in names):
        return None
    counter = next((names.index(name) for name in _COUNTERS if name in names), None)
    if counter is None:
        return None
    return Header([], names, counter, names.index("epoch") if "epoch" in names else None, bordered=True)


def _tabbed_header(text: str) -> Header | None:
    """A header apart by tabs (`Epoch \t Seconds \t LR \t \t Train Loss \t Train Acc`): its cells between tabs, blank
    ones none, words joined by `_` and lower-cased (`train_loss`), a loss and a counter among them; a name of words one
    space apart among them (else the cells are read as the other tables' are: fastai's `epoch   train_loss<TAB>...`)."""
    cells = [cell.strip() for cell in text.split("\t") if cell.strip()]
    if not any(" " in cell for cell in cells) or any("  " in cell for cell in cells):
        return None
    names = ["_".join(cell.lower().split()) for cell in cells]
    if len(names) < 3 or any(_NAME.fullmatch(name) is None for name in names) or not any("loss" in name for name in names):
        return None
    counter = next((names.index(name) for name in _COUNTERS if name in names), None)
    if counter is None:
        return None
    return Header([], names, counter, names.index("epoch") if "epoch" in names else None, tabbed=True)


def _strip(text: str) -> str:
    """A row's text without the control sequences or a logger's time before it; its columns keep their places (the
    header's time as wide as its rows')."""
    control = _CONTROL.match(text)
    text = text[control.end():] if control is not None else text
    if text[:1] in "[0123456789" and (stamp := _LOGGER_STAMP.match(text)) is not None:
        text = text[stamp.end():]
    return text


def row(head: Header, text: str) -> dict[str, str] | None:
    """A row under `head`: column name -> its cell, every cell under a column's start (at most 2
    characters left of it), the counter's a whole number; None for any other line."""
    text = _strip(text)
    if head.bordered:
        cells = _bordered(text)
        return _bordered_row(head, cells) if cells is not None else None
    if head.tabbed:
        return _bordered_row(head, [cell.strip() for cell in text.split("\t") if cell.strip()]) if "\t" in text else None
    if head.ordered:
        return _in_order(head, text)
    return (_placed(head, text, right=False) or (_placed(head, text, right=True) if head.ends is not None else None)
            # (a row whose every column has a value, under fastai's kind of header, read in order where
            # its places do not say: a head line stripped of its indentation, as detection reads it)
            or (_in_order(head, text) if _epoch_losses(head) else None))


def _epoch_losses(head: Header) -> bool:
    """A header that opens with `epoch` and names a `..._loss` (fastai's kind)."""
    return head.names[0] == "epoch" and any(name.endswith("_loss") for name in head.names)


def _in_order(head: Header, text: str) -> dict[str, str] | None:
    """The row's cells in the header's order, one a column."""
    values = text.split()
    if len(values) != len(head.names):
        return None
    cells: dict[str, str] = {}
    for name, value in zip(head.names, values, strict=True):
        if value == _NO_VALUE:
            continue
        if _NUMBER.fullmatch(value) is None and _CLOCK.fullmatch(value) is None:
            return None
        cells[name] = value
    counter = cells.get(head.names[head.counter])
    return cells if counter is not None and counter.isdigit() else None


def _bordered_row(head: Header, cells: list[str]) -> dict[str, str] | None:
    """A bordered row's cells, one a column; a list of a metric's figures has no value (at several cut-offs,
    `[0.0488 0.0820 0.1099]`, in NGCF's recommenders' tables), any other cell that is no number makes the line no
    row (Ray Tune's status table: `| inner_f0f9b_00000 | RUNNING  | 192.168.0.16:29201 | ...`)."""
    if len(cells) != len(head.names):
        return None
    values: dict[str, str] = {}
    for name, cell in zip(head.names, cells, strict=True):
        if _NUMBER.fullmatch(cell) is not None or _CLOCK.fullmatch(cell) is not None:
            values[name] = cell
        elif cell and not (cell[0] == "[" and cell[-1] == "]"):
            return None
    counter = values.get(head.names[head.counter])
    return values if counter is not None and counter.isdigit() else None


def _placed(head: Header, text: str, *, right: bool) -> dict[str, str] | None:
    """The row's cells by place: each under its column's name, its start at most 2 characters left
    of the name's (left-aligned: fastai's), or its end within 2 characters of the name's end
    (right-aligned: a pandas frame, PatchTST's learner's `          epoch     train_loss ...`)."""
    cells: dict[str, str] = {}
    for cell in _CELL.finditer(text):
        if right:
            assert head.ends is not None
            column = bisect_right(head.ends, cell.end() + 2) - 1
            if column < 0 or abs(head.ends[column] - cell.end()) > 2:
                return None
        else:
            column = bisect_right(head.starts, cell.start() + 2) - 1
            if column >= 0 and head.ends is not None and cell.start() - head.starts[column] > 2:
                return None  # (a cell well right of its column's start: a right-aligned table's, read so next)
        if column < 0 or head.names[column] in cells:
            return None
        value = cell.group()
        if value == _NO_VALUE:
            continue
        if value != _MARK and _NUMBER.fullmatch(value) is None and _CLOCK.fullmatch(value) is None:
            return None
        cells[head.names[column]] = value
    counter = cells.get(head.names[head.counter])
    return cells if counter is not None and counter.isdigit() else None


def seconds(value: str) -> float | None:
    clock = _CLOCK.fullmatch(value)
    if clock is not None:
        return int(clock.group(1) or 0) * 3600 + int(clock.group(2)) * 60 + int(clock.group(3))
    return float(value) if _NUMBER.fullmatch(value) else None


def is_table(bodies: list[str]) -> bool:
    """A header followed by two rows, or fastai's (its Recorder's columns) by one, or spaCy's
    alone (its training's table, before its first evaluation's row) (a file's head, for detection)."""
    for i, body in enumerate(bodies):
        if (head := header(_strip(body))) is not None:
            if head.framework == "spacy":
                return True
            rows = [r for r in (row(head, b) for b in bodies[i + 1:i + 12]) if r is not None]
            if len(rows) >= 2 or (rows and _fastai(head)):
                return True
    return False


def _fastai(head: Header) -> bool:
    """fastai's Recorder's columns: `epoch`, then `train_loss`, ..., `time`; fastai 0.7's
    `epoch      trn_loss   val_loss   accuracy`."""
    return head.names[0] == "epoch" and (("train_loss" in head.names and "time" in head.names)
                                         or head.names[1:3] == ["trn_loss", "val_loss"])


def _skorch(head: Header) -> bool:
    """skorch's `PrintLog` columns: `epoch` first, `dur` (the epoch's seconds) last."""
    return head.names[0] == "epoch" and head.names[-1] == "dur"


class _Epochs:
    """A table's batches counted within their epochs (NequIP's): the step across epochs, each epoch's last batch read
    its size (epochs an excerpt skips as long as the one before them); its epoch's summary (`_NEQUIP_WALL`) times the
    epoch's rows, the seconds since the summary before (or the initial validation's) over the batches since (its
    validation's time with them: the summary's clock holds it); its best model written (`_NEQUIP_BEST`) a save at the
    epoch's last step."""

    def __init__(self) -> None:
        self.epoch: int | None = None  # the epoch of the rows last read
        self.base = 0  # the batches of the epochs before it
        self.size = 0  # its last batch so far
        self.rows: list[dict] = []  # its rows
        self.wall: float | None = None  # the seconds since training began at the last summary
        self.wall_epoch = 0  # that summary's epoch (the initial validation's 0)
        self.seen = False  # a NequIP table's header was read

    def step(self, epoch: int, batch: int) -> int:
        if self.epoch is not None and epoch > self.epoch:
            # (epochs the log skips, an excerpt's, as long as the one before them)
            self.base, self.size, self.rows = self.base + self.size * (epoch - self.epoch), 0, []
        self.epoch = epoch
        self.size = max(self.size, batch)
        return self.base + batch

    def summary(self, text: str, rows: LogRows, line: Line) -> None:
        if (wall := _NEQUIP_WALL.match(text)) is not None:
            since, epoch = float(wall.group(2)), int(wall.group(1))
            if (text[2:7] == "Train" and self.wall is not None and self.size and self.rows
                    and epoch == self.epoch and since > self.wall and epoch > self.wall_epoch):
                # (the seconds since the summary before over the batches of the epochs since: one epoch's, or those an
                # excerpt skips too, each as long as this one)
                for row in self.rows:
                    row.setdefault("step_time_s", (since - self.wall) / (self.size * (epoch - self.wall_epoch)))
            self.wall, self.wall_epoch = since, epoch
        elif (best := _NEQUIP_BEST.match(text)) is not None and int(best.group(1)) == self.epoch and self.rows:
            rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                       step=self.base + self.size, raw=text)


# fastai v1's word at the end of a `fit`, its table's rows timed by none of its columns: "Total time: 03:25"
_TOTAL_TIME = re.compile(r"Total time: ((?:\d{1,3}:)?\d{1,2}:\d{2})\s*")


def table_steps(lines: Iterable[Line], rows: LogRows) -> bool:
    """Every progress table's rows, a step each; True when it found any. A table whose rows give no
    time, closed by fastai v1's `Total time: 1:26:48`, gives each its share of that time (its
    epochs' mean: 20 rows, 260.4 s each)."""
    head: Header | None = None
    base = 0  # what this table adds to its counter
    last: int | None = None  # the previous row's step
    restarted = False  # a header was printed again: its first row sets `base`
    elapsed: tuple[int, float] | None = None  # (step, seconds since training began) of the previous row
    table: list[dict] = []  # the rows of the table last headed
    section = ""  # the line before, where it is a section's word alone (NequIP's `training`, `validation`)
    epochs = _Epochs()  # a batch counted within its epoch: the epochs so far
    for line in lines:
        text = line.text
        if (named := header(_strip(text))) is not None:
            head, elapsed, restarted = named, None, last is not None
            table = []
            if named.framework == "nequip":
                epochs.seen = True
                if section == "validation":
                    head = None  # (an evaluation's batches: no steps)
            continue
        section = text.strip() if len(text) < 16 and text.strip() in _SECTIONS else ""
        if text[:2] == "! " and epochs.seen:
            epochs.summary(text, rows, line)
            continue
        if table and text[:12] == "Total time: " and (total := _TOTAL_TIME.fullmatch(text)) is not None:
            if all(r.get("step_time_s") is None for r in table) and (spent := seconds(total.group(1))) is not None:
                for r in table:
                    r["step_time_s"] = spent / len(table)
            table = []
            continue
        if head is None or (cells := row(head, text)) is None:
            continue
        counter = int(cells[head.names[head.counter]])
        if head.names[head.counter] == "batch" and head.epoch is not None:
            step = epochs.step(int(cells[head.names[head.epoch]]), counter)
        elif restarted and last is not None:
            # an epoch counter that starts again goes on (fastai's `fit` after `fit`); an iteration's
            # is the run's own, and one that goes back is a restart's
            base = last + 1 - counter if counter <= last and head.names[head.counter] == "epoch" else 0
            restarted = False
            step = base + counter
        else:
            step = base + counter
        values: dict[str, float] = {}
        for name, value in cells.items():
            key = name.rsplit("/", 1)[-1]
            if key in METRIC_KEYS and not name.startswith(("valid", "val_", "val/", "test")):
                if (number := seconds(value)) is not None:
                    values.setdefault(METRIC_KEYS[key], number)
            elif name in _DURATION and (duration := seconds(value)) is not None and not (
                    duration == 0 and _CLOCK.fullmatch(value) is not None):
                # (fastai's `00:00`, a clock in whole seconds: under one, how much unknown)
                values["step_time_s"] = duration
            elif name in _ELAPSED and (since := seconds(value)) is not None:
                if elapsed is not None and step > elapsed[0]:
                    values["step_time_s"] = (since - elapsed[1]) / (step - elapsed[0])
                elapsed = (step, since)
        before = len(rows.steps)
        rows.step(line=line.number, rank=line.rank, step=step, end_ns=line.ts_ns, **values)
        if len(rows.steps) > before:
            table.append(rows.steps[-1])
            epochs.rows.append(rows.steps[-1])
        if _fastai(head):
            rows.steps[-1]["framework"] = "fastai"  # its Recorder's columns
        elif _skorch(head):
            rows.steps[-1]["framework"] = "skorch"
            if cells.get("cp") == _MARK:  # its Checkpoint callback saved the model this epoch
                rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           step=step, raw=text)
        elif head.framework is not None:
            rows.steps[-1]["framework"] = head.framework
        last = step
    return last is not None
