"""PyTorch Lightning console logs, and NeMo 1.x (which trains through Lightning).

- Progress bars: tqdm (`Epoch 3: 47%|████▋| 7/15 [06:19<07:13, 1.2it/s, v_num=0, loss=...]`)
  and rich (`Epoch 17/35 ━━━━ 193/193 0:08:27 • 0:00:00 0.40it/s train_loss: 1.774`); carriage
  return redraws are separate lines, NeMo lines glued after a bar are split off. NeMo 1's bar
  postfix carries `global_step`, `reduced_train_loss`, `consumed_samples` and `train_step_timing
  in s` (numbers in any notation, 2e+3 included): one log_steps row per global step, numbered
  global_step + 1 (the value is logged in `training_step`, before that step's optimizer step
  counts it: `global_step=49` on the bar's 50/50 is the 50th step), the bar's own count where the
  two agree within one (a model that logs it after its step, a redraw before the postfix caught
  up). A plain
  Lightning bar counts batches of an epoch, not optimizer steps (gradient accumulation): its
  rows are numbered epoch x batches per epoch + batch, and keep the bar's loss; where
  ModelCheckpoint's lines give the global step at epochs' ends, those batches are made the
  optimizer steps they are (`_optimizer_steps`). A bar over an
  iterable with no length (`Epoch 0: : 10000it [25:24,  6.56it/s]`) counts on across epochs.
- Time: each epoch's bar prints the whole seconds since it started and its rate. The bar's
  first reading of a step is placed within its second (see `refine_bar_elapsed`), and the bar's
  start is anchored on dated lines (the last one before its first reading, those among its
  readings; see `anchor_bar`): time_source `tqdm`. With no dated line at all, the last bar's
  last reading is taken to be when the file was last written (its mtime) and earlier epochs'
  bars to end where the next one starts (the validation between them is not known):
  `tqdm_mtime`, an estimate; a bar with none after a bar they anchor starts where that one
  ended (`tqdm`: the dated lines, not the mtime, which may be a copy's). A relaunched process's
  bar (a failure since the rank's previous bar, and a checkpoint loaded since or its count gone
  back) takes no line logged at or before that failure as its header (torchrun's failure report:
  the relaunch started an unknown time later); where no line of its own dates it, no bar of its
  rank is placed, their steps undated. Lightning's training
  bar shows its mean rate since the epoch began (tqdm `smoothing=0`; see `rate_is_mean`): then
  n x seconds per step places each reading within
  its second, and a row's step time is the mean over the steps since the previous row, from the
  bar's clock where its precision allows (see `span_mean`), never the rate itself (a slow step
  moves the mean a little). A bar that prints no rate is timed the same way; another rate (rich's
  speed column) is the step's time where the bar's clock agrees (see `rate_agrees`).
- ModelCheckpoint: `Epoch N, global step G: 'metric' reached X ... saving model to '...'` is a
  checkpoint save at step G; with no bar in the log, its epoch-end lines (`... was not in top 1`
  too) are the steps done, dated by their lines; `Restored all states from the checkpoint` a load;
  "`Trainer.fit` stopped" the end of the run. Lines that Lightning's two handlers print twice
  are read once.
- Failures, restarts, watchdog timeouts and NCCL lines are read as in every console log.
"""

from __future__ import annotations

import math
import re
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from itertools import islice
from pathlib import Path
from typing import Any

from tracelens.enums import FAILURE_EVENT_KINDS, LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._events import LINE_CACHE, SHARED_LINES, log_result, open_log
from tracelens.parsers._evidence import console_format, evidence, script_epoch_bars
from tracelens.parsers._lines import (
    BarReading,
    Line,
    anchor_bar,
    bar_readings,
    file_mtime_ns,
    head_bodies,
    mtime_if_run_end,
    rate_agrees,
    rate_is_mean,
    refine_bar_elapsed,
    span_mean,
    strip_prefix,
    years_guessed,
)
from tracelens.parsers._logreader import LogReader
from tracelens.parsers._logtables import RELAUNCH_SILENCE_NS
from tracelens.parsers.console import GENERIC_STEP_LINE
from tracelens.parsers.contract import Claim, ParseOptions, ParseResult
from tracelens.parsers.generic_log import GenericLogParser

# Possessive runs and bounded keys: a search stays linear in the line's length (a plain `\d+`
# followed by what cannot follow it is retried at every offset of a long run of digits).
# torchrun's prefix of a line (`--tee`), glued after a bar's drawing: `...][rank1]: Traceback ...`
_GLUED_RANK = re.compile(r"\[(?:rank|default)(\d{1,7})\]:\s{0,2}$")
# (not a script's own bar named for its loop: `Train Epoch 9: 100%|...`, `Test Epoch 9:  91%|...`)
_TQDM = re.compile(
    r"(?<![A-Za-z] )"  # (a script's own bar named for its loop: `Train Epoch 9:`, `Finetune Epoch 0:`)
    r"Epoch (?P<epoch>\d{1,15}+):\s*+:?\s*+(?:\d++%\s*+)?(?:\|[^|]*+\|\s*+)?(?P<i>\d{1,15}+)(?:/(?:(?P<n>\d{1,15}+)|\?))?(?:it)?"
    r"\s*+\[(?P<rest>[^\]]*+)\]?"
)
# (the bar between the epoch and the count: its glyphs, or the spaces Rich pads an empty bar with where
# it draws no colours (a file, a pipe); not a single space: a script's own `Epoch 31/300 200/1000 loss:
# 0.2830 time 1.49s`, Swin UNETR's. Lightning before 2.0 names the epoch alone, `Epoch 29  ━━━ 49/49
# 0:00:51 • ...`: its glyphs then; with max_epochs=-1 the total is -2, `Epoch 0/-2 ━━━ 191/191 ...`)
# a bar's postfix's logger version (`v_num=0`, `v_num=q61t`: the TensorBoard or W&B logger's run; rich's `v_num: 3szp`),
# whole (not a drawing cut at the terminal's width: `v_num=1` of `v_num=12`)
_V_NUM = re.compile(r"\bv_num(?:=([\w.\-]{1,64})(?=[,\]])|: ([\w.\-]{1,64})(?=\s))")
_RICH = re.compile(
    r"Epoch (?P<epoch>\d{1,15}+)(?:/-?\d{1,15}+(?:\s++[━╸╺][━╸╺\s]*+|\s{2}\s*+)|\s++[━╸╺][━╸╺\s]*+)"
    r"(?P<i>\d{1,15}+)/(?P<n>\d{1,15}+)\s++(?P<rest>.*)$"
)
_KV = re.compile(
    r"(?<![\w./])(?P<key>[A-Za-z_](?:[\w./]| (?=[\w./])){0,80}?)\s*[=:]\s*"
    r"(?P<value>[-+]?(?:\d++\.?\d*+|\.\d++)(?:[eE][-+]?\d++)?)(?=[,\s\]]|$)"
)
_ROUNDED_STEP = re.compile(r"\bglobal_step[=:]\s*+[-+]?\d++(?:\.\d*+)?[eE]")
_CKPT_SAVE = re.compile(r"Epoch (?P<epoch>\d{1,15}), global step (?P<step>\d{1,15}): .*saving model to")
# ModelCheckpoint's word on an epoch's end that saved nothing: "Epoch 15, global step 3375:
# val/loss_simple_ema was not in top 3" (its step all the same)
_CKPT_NOT_TOP = re.compile(r"Epoch (?P<epoch>\d{1,15}), global step (?P<step>\d{1,15}): '?[\w/.\-]{1,200}'? was not in top \d")
# (before 1.6: "Restoring states from the checkpoint file at ...")
_RESTORED = re.compile(r"Restored all states from the checkpoint|Restoring states from the checkpoint (?:path|file) at")
_FIT_STOPPED = re.compile(r"`Trainer\.fit` stopped")
# the words that open a callback's message that it stops the Trainer (the Timer's, EarlyStopping's)
_STOP_TOLD = re.compile(r"Time limit reached\. Elapsed time is |Monitored metric ")
# a bar that counts at least this many batches a step its glued saves name accumulates them
_BATCHES_A_STEP = 2
# the lines the generic reader is shown to say whether a script prints its own steps: the first
# of a long log's candidates say it as well as all of them
_GENERIC_SAMPLE_LINES = 2000
_LIGHTNING = re.compile(r"pytorch_lightning|lightning\.pytorch|LOCAL_RANK: \d+ - CUDA_VISIBLE_DEVICES|`Trainer\.fit` stopped|"
                        r"Restored all states from the checkpoint|global step \d+: '|\[NeMo [IWE] ")
# A message glued to the end of a bar's last redraw: NeMo's and Lightning's loggers, and PyTorch's
# C++ log lines (a watchdog's timeout: `...consumed_samples=2.56e+7][E ProcessGroupNCCL.cpp:458] [Rank 0]
# Watchdog caught ...`; since 2.2 with the rank first, `[rank0]:[E ...`), and ModelCheckpoint's
# message printed with no logger right after the bar's closing bracket (`..., test_acc=66.70]Epoch 0,
# global step 1402: 'test_acc' reached ...`)
_GLUED = re.compile(r"\[NeMo [IWE] |\[rank: \d+\]|\[(?:INFO|WARNING|ERROR)\] "
                    r"|\[[IWEF] ?[\w.\-]{1,80}\.(?:cpp|cc|h):\d{1,6}\] |\[rank\d{1,7}\]:\[[IWEF]"
                    r"|(?<=\S)Epoch \d{1,9}, global step \d{1,15}: ")
# A bar's drawings glued into one line, where a copy of the console lost the carriage returns between them
# and the terminal cut each at its width (`..., global_step=3450.0, train/losEpoch 46:   3%|▎         | 2/76
# [00:00<00:35,  2.08it/s, loss=0.21, ...`): each drawing from its `Epoch N:  P%|` on
_GLUED_DRAWING = re.compile(r"(?<=\S)(?=Epoch \d{1,15}:\s{0,8}\d{1,3}%\|)")
# a logger's level put before Lightning's messages ("INFO:lightning.pytorch...: ", "[INFO] ")
_LEVEL_OPENERS = frozenset("I[")
_LEVEL = re.compile(r"^(?:INFO:(?:[\w.]{1,200}:)?\s*|\[(?:INFO|WARNING)\]\s*)")


def _values(rest: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for m in _KV.finditer(rest):
        try:
            out[m.group("key").strip().lower()] = float(m.group("value"))
        except ValueError:
            continue
    return out


class LightningParser(LogReader):
    name = "lightning"

    def detect(self, path: Path, head: bytes) -> Claim:
        found = console_format(path)
        if found is not None:
            return Claim.CONTENT if found == self.name else Claim.NO
        bars = markers = 0
        for body in head_bodies(head.replace(b"\r", b"\n"), 3000):  # progress bars redraw with \r
            if _TQDM.search(body) or _RICH.search(body):
                bars += 1
            if _LIGHTNING.search(body):
                markers += 1
        if not markers and bars >= 3 and (script_epoch_bars(head) or evidence(path)["m_accelerate"]):
            # a script's own tqdm bar an epoch (`_evidence.script_epoch_bars`), or an Accelerate script's
            return Claim.NO
        return Claim.CONTENT if (bars and markers) or bars >= 3 or markers >= 2 else Claim.NO

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "lightning")
        # (rank, process, step) -> row: a bar redraws itself; a restarted process redoes steps
        steps: dict[tuple[int | None, int, int], dict[str, Any]] = {}
        seen_events: set[tuple[str, int | None, str]] = set()
        clocks: dict[tuple[int | None, int], _Clock] = {}  # (rank, epoch) -> that epoch's bar
        state = _State(clocks)
        recognised = 0
        logged = events.rows.events
        for line in lines:
            seen_rows = len(logged)
            if line.ts_ns is not None:
                state.last_dated, state.last_dated_line = line.ts_ns, line.number
                state.dated_lines.append(line.number)
                state.dated_times.append(line.ts_ns)
                for clock in clocks.values():
                    if clock.open:
                        clock.dated.append((len(clock.readings), line.ts_ns))
            text = line.text.replace("^M", "\n") if "^M" in line.text else line.text
            parts = text.split("\n") if "\n" in text else [text]
            if text.count("%|") > 1:
                parts = [drawing for part in parts for drawing in _GLUED_DRAWING.split(part)]
            for part in parts:
                # every glued opening is bracketed, or follows a bracket
                glued = _GLUED.search(part, 1) if "[" in part[1:] else None
                segments = [part[: glued.start()], part[glued.start():]] if glued else [part]
                for segment in segments:
                    recognised += self._segment(segment, line, rows, events, steps, seen_events, state)
            if any(e["kind"] in FAILURE_EVENT_KINDS for e in islice(logged, seen_rows, None)):
                state.last_failure_line = line.number
        # with dated lines that print no year (glog) and no year anywhere, every anchor takes the
        # mtime's year: an estimate too
        span_s = sum(float(clock.readings[-1].elapsed_s) for clock in clocks.values() if clock.readings)
        _place(steps, clocks, mtime_if_run_end(file_mtime_ns(path), lines, span_s), years_guessed(lines))
        _optimizer_steps(steps, state.saves)
        unnumbered = _steps_at_glued_saves(steps, state.checkpoint_lines)
        previous: dict[int | None, float] = {}
        failed = sorted(e["line"] for e in rows.events if e["kind"] in FAILURE_EVENT_KINDS)
        for (rank, _, _), row in sorted(steps.items(), key=lambda kv: (kv[0][0] is None, kv[0][0] or 0, kv[0][1], kv[0][2])):
            first = row.pop("_first_line")
            if first < row["line"] and bisect_right(failed, first) < bisect_left(failed, row["line"]):
                # a step drawn again after a failure (tqdm's bar closed as its process exits, after
                # the traceback) was logged before it: at its first drawing
                row["line"] = first
            total = row.pop("_consumed", None)
            if total is not None:
                if rank in previous and total > previous[rank]:
                    row["samples"] = total - previous[rank]
                previous[rank] = total
            row.pop("_reading", None)
            row.pop("_clock", None)
            row.pop("_batches", None)
            rows.step(**row)
        said = {number for number, _, _, _ in state.checkpoint_lines}
        if not steps and said and not _generic_steps_besides(path, options, lines, said):
            # no bar at all (a logger's file, stderr with the bar off), nor a script's own step line
            # (the generic reader's, then): ModelCheckpoint's `Epoch 372, global step 1410313:
            # 'val_loss' was not in top 1` at each epoch's end is that step done, dated by its line
            for number, rank, step, ts_ns in state.checkpoint_lines:
                rows.step(line=number, rank=rank, step=step, end_ns=ts_ns)
        if not recognised:
            raise ParseError(str(path), "no Lightning progress bar or checkpoint line found", where="line 1")
        result = log_result(rows, warning)
        if unnumbered:
            result.warnings.append(
                f"{unnumbered} progress-bar readings are not steps: the bar counts batches, and the "
                "checkpoint lines glued to it name other step numbers (only the readings they name are kept)")
        return result

    @staticmethod
    def _segment(text: str, line: Any, rows: Any, events: Any, steps: dict[tuple[int | None, int, int], dict[str, Any]],
                 seen: set[tuple[str, int | None, str]], state: _State) -> int:
        body = text.strip()
        if body[:1] in _LEVEL_OPENERS:
            body = _LEVEL.sub("", body)
        if not body:
            return 0
        # each rule's own literal first: most lines hold none
        if "global step " in body and "not in top" in body and (m := _CKPT_NOT_TOP.search(body)) is not None:
            key = ("not saved", line.rank, m.group("step"))
            if key not in seen:
                seen.add(key)
                state.epoch_end(line.rank, int(m.group("epoch")), int(m.group("step")))
                state.checkpoint_lines.append((line.number, line.rank, int(m.group("step")), line.ts_ns))
            return 1
        if "global step " in body and (m := _CKPT_SAVE.search(body)) is not None:
            key = ("save", line.rank, m.group("step"))
            if key not in seen:
                seen.add(key)
                state.epoch_end(line.rank, int(m.group("epoch")), int(m.group("step")))
                state.checkpoint_lines.append((line.number, line.rank, int(m.group("step")), line.ts_ns))
                rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           step=int(m.group("step")), raw=body)
            return 1
        if "states from the checkpoint" in body and _RESTORED.search(body):
            state.last_load_line = line.number
            key = ("load", line.rank, body.split("checkpoint", 1)[-1])
            if key not in seen and "Restored" in body:
                seen.add(key)
                rows.event(LogEventKind.CHECKPOINT_LOAD_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=body)
            return 1
        if "`Trainer.fit` stopped" in body and _FIT_STOPPED.search(body):
            rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=body)
            return 1
        bar = (_RICH.search(body) or _TQDM.search(body)) if "Epoch " in body else None
        if bar is None and "Validating" in body and line.rank in state.epoch_of and (
                drawn := [r for r in bar_readings(body) if r.total]):
            state.validating[line.rank] = (state.epoch_of[line.rank], drawn[-1].total or 0, drawn[-1].n)
        if bar is None:
            # the body is a piece of the line: where the whole line holds no event word, neither
            # does the piece (the hint says so without a search)
            events.scan(type(line)(line.number, line.rank, body, line.ts_ns, False, False if line.event_hint is False else None))
            return 1 if _LIGHTNING.search(body) else 0
        if (glued := body.find("Traceback (most recent call last)", bar.start())) > 0:
            # a crash glued to the bar's last drawing (`| 5/28 [00:02<00:12,  1.91it/s, v_num=1,
            # ...]Traceback (most recent call last):`, no newline between them), torchrun's rank
            # prefix of the failing process's line between them (`...][rank1]: Traceback ...`)
            labelled = _GLUED_RANK.search(body, max(bar.start(), glued - 24), glued)
            rank = int(labelled.group(1)) if labelled is not None else line.rank
            events.scan(type(line)(line.number, rank, body[glued:], line.ts_ns, False, None))
        elif "Received SIGTERM" in body[bar.end():]:
            # the signal connector's line glued to the bar's drawing (`..., val/loss=0.283][rank: 0]
            # Received SIGTERM: 15`)
            labelled_rank, message = strip_prefix(body[bar.end():])
            events.scan(type(line)(line.number, labelled_rank if labelled_rank is not None else line.rank, message,
                                   line.ts_ns, False, None))
        elif "Signaling Trainer to stop" in body[bar.end():]:
            # EarlyStopping's message glued to the bar's drawing (`..., v_num=1]Monitored metric
            # val_loss did not improve in the last 3 records. ... Signaling Trainer to stop.`)
            labelled_rank, message = strip_prefix(body[bar.end():])  # (`...][rank: 1] Monitored metric ...`)
            events.scan(type(line)(line.number, labelled_rank if labelled_rank is not None else line.rank, message,
                                   line.ts_ns, False, None))
        elif "Signaling Trainer to stop" in body and (told := _STOP_TOLD.search(body, bar.start())) is not None:
            # the message glued inside a drawing the terminal cut before its closing bracket (the Timer's: `...,
            # train/loss_vlb_step=0.Time limit reached. Elapsed time is 1 day, 0:00:03. Signaling Trainer to stop.`)
            events.scan(type(line)(line.number, line.rank, body[told.start():], line.ts_ns, False, None))
        values = _values(bar.group("rest"))
        epoch, i = int(bar.group("epoch")), int(bar.group("i"))
        n = int(bar.group("n")) if bar.group("n") else None
        readings = [r for r in bar_readings(body[bar.start():]) if r.n == i]
        reading = readings[0] if readings else None
        existing = state.current(line.rank, epoch)
        if i == 0 and existing is not None and existing.readings and existing.readings[-1].n > 0:
            # Lightning resets the bar at an epoch's end and draws it at 0 under the old epoch's
            # name before renaming it: no step, and no reading of that epoch's clock (as its last
            # reading it would put the epoch's end at its start)
            return 1
        if "v_num" in bar.group("rest") and (version := _V_NUM.search(bar.group("rest"))) is not None:
            state.version(line, version.group(1) or version.group(2), rows)
        clock = state.clock(line.rank, epoch, reading, line.number)
        if i == 0 and "global_step" not in values:
            return 1  # the bar's first drawing: no batch of this epoch done yet
        if "global_step" in values and not 0 <= values["global_step"] < 2**53:
            del values["global_step"]  # inf, nan or a number no step counter reaches: not a step
        if "global_step" in values:
            clock.global_steps = True
        elif clock.global_steps:
            # a drawing whose postfix lost the `global_step` its bar's others show (a terminal copy
            # wrapped it onto the next line, `...[8:58:54<15:38:21,  1.48s/i`): its batch count is
            # no step of theirs (they count optimizer steps), so no step
            return 1
        state.epoch_of[line.rank] = epoch
        combined = state.val_batches.get(line.rank)
        if (n is not None and (during := state.validating.get(line.rank)) is not None and during[0] == epoch
                and 0 < during[1] < n and i > n - during[1] and (during[2] < during[1] or combined == (n, during[1]))):
            # Lightning 1.x's main bar going on while its `Validating:` bar draws (partway: not a bar of its own's
            # closing redraw after a validation done): its total is the epoch's training batches and its
            # validation's (108 = 94 + 14), the counts past the training's the validation's: no step; the drawings
            # of them this epoch stored before the validation bar showed (`95/108`) none either
            if combined != (n, during[1]):
                state.val_batches[line.rank] = (n, during[1])
                process = state.processes.get(line.rank, 0)
                base = epoch * n if combined is None else epoch * (n - during[1])
                for gone in [k for k in steps if k[0] == line.rank and k[1] == process
                             and base + n - during[1] < k[2] <= base + n]:
                    del steps[gone]
            return 1
        # (an epoch whose bar has that total counts its training batches alone; one that validates nothing, its own)
        validated = combined[1] if n is not None and combined is not None and combined[0] == n else 0
        counted = epoch * (n - validated) + i if n is not None else clock.base + i  # (an iterable's bar counts on)
        if "global_step" in values:
            # logged from training_step, before the optimizer step that ends the batch: the
            # count of steps done before it (Lightning's "global step N" of a checkpoint line,
            # and the bar's own count, include it)
            step = int(values["global_step"]) + 1
            rounded = _ROUNDED_STEP.search(bar.group("rest"))
            if n is not None and step - 1 <= counted <= step:
                # the bar's own count where the value agrees with it: a model that logs it after its
                # optimizer step (NeMo's Stable Diffusion: `1/605 [...] global_step=1.000`), or a
                # redraw before the postfix caught up (`2/605 [...] global_step=1.000`, then
                # `global_step=2.000`), is that one step
                step = counted
            elif rounded is not None:
                # tqdm's format_num prints 1999.0 as "2e+3" (3 significant digits): the bar's
                # own count is exact where it lies within that rounding
                half = 0.5 * 10.0 ** (math.floor(math.log10(max(values["global_step"], 1.0))) - 2)
                if abs(counted - step) <= half:
                    step = counted
        else:
            step = counted
        row: dict[str, Any] = {"line": line.number, "rank": line.rank, "step": step, "end_ns": line.ts_ns}
        if "global_step" not in values and n is not None:
            row["_batches"] = True  # the bar's batches of an epoch of n (`_optimizer_steps`)
        step_key = (line.rank, state.processes.get(line.rank, 0), step)
        previous = steps.get(step_key)
        row["_reading"] = previous["_reading"] if previous is not None and previous.get("_reading") else reading
        row["_first_line"] = previous["_first_line"] if previous is not None else line.number
        row["_clock"] = clock
        loss = values.get("reduced_train_loss", values.get("train_loss", values.get("loss")))
        if loss is not None:
            row["loss"] = loss
        if "train_step_timing in s" in values:
            row["step_time_s"] = values["train_step_timing in s"]
        if "consumed_samples" in values:
            row["_consumed"] = values["consumed_samples"]  # cumulative: made per step once all are read
        steps[step_key] = row
        return 1


class _Clock:
    """One epoch's progress bar: its readings in print order and the dated lines among them."""

    def __init__(self, header_ns: int | None, base: int) -> None:
        self.header_ns = header_ns  # the last dated line before the bar's first reading
        self.base = base  # steps of the epochs before (for bars that count batches with no total)
        self.readings: list[BarReading] = []
        self.dated: list[tuple[int, int]] = []
        self.open = True
        self.start_ns: int | None = None
        self.source: str | None = None
        self.seconds: dict[int, float] = {}
        self.resolution: dict[int, float] = {}  # step -> how far its refined seconds may be off
        self.mean_rate = False  # the bar's rate is its mean since the start (see rate_is_mean)
        self.global_steps = False  # a drawing of this bar showed `global_step` in its postfix
        # a relaunched process's bar (`_State.clock`): no clock of the failed process's bars or of
        # the lines before the failure places it
        self.after_failure = False

    def place(self, mtime_ns: int | None) -> None:
        first: dict[int, BarReading] = {}
        for reading in self.readings:
            first.setdefault(reading.n, reading)
        points = [(n, r.elapsed_s) for n, r in first.items()]
        self.mean_rate = rate_is_mean(self.readings)
        refined = refine_bar_elapsed(points, rates=[r.seconds_per_item for r in first.values()], mean_rate=self.mean_rate)
        self.seconds = {n: t for (n, _), t in zip(points, refined, strict=True)}
        # how far each refined time may be off: the rate's precision times the steps where the
        # rate is the mean since the start, else the printed second
        self.resolution = {n: min(1.0, n * r.rate_error) if self.mean_rate and r.seconds_per_item is not None
                           else (0.0 if n == 0 else 1.0) for n, r in first.items()}
        start = anchor_bar(self.header_ns, [(r.n, r.elapsed_s) for r in self.readings], self.seconds, self.dated)
        if start is not None:
            self.start_ns, self.source = start, "tqdm"
        elif mtime_ns is not None and self.readings:
            last = self.readings[-1]
            # the last drawing came at least its own elapsed seconds after the start (a bar
            # redrawn when its process stopped shows more than its step's first reading)
            self.start_ns = mtime_ns - int(max(self.seconds.get(last.n, 0.0), float(last.elapsed_s)) * 1e9)
            self.source = "tqdm_mtime"

class _State:
    def __init__(self, clocks: dict[tuple[int | None, int], _Clock]) -> None:
        self.clocks = clocks  # keyed (rank, n-th bar of that rank), in print order
        self.last_dated: int | None = None
        self.last_dated_line = -1
        self.last_reading_line: dict[int | None, int] = {}  # rank -> line of its bars' latest reading
        self.last_failure_line = -1  # the last line with a failure (any rank's: a launcher relaunches them all)
        self.last_load_line = -1  # the last `Restoring states` / `Restored all states` line
        self._current: dict[tuple[int | None, int], tuple[int | None, int]] = {}  # (rank, epoch) -> its bar's key
        self.processes: dict[int | None, int] = {}  # rank -> restarts seen in its bars
        self.saves: list[tuple[int | None, int, int]] = []  # (rank, epoch, global step) of saves at an epoch's end
        # every ModelCheckpoint line at an epoch's end: (line, rank, global step, its time)
        self.checkpoint_lines: list[tuple[int, int | None, int, int | None]] = []
        self.v_nums: dict[int | None, str] = {}  # rank -> the logger version its bars show (`version`)
        self.v_num_lines: dict[int | None, int] = {}  # rank -> the last line its bars showed it on
        self.relaunched: set[int | None] = set()  # ranks whose next bar is a new run's
        # Lightning 1.x's main bar counts an epoch's validation batches after its training's: rank -> (the epoch whose
        # `Validating:` bar is drawn, that bar's total), and rank -> the validation batches its main bar counts (once
        # it went on counting while that bar drew)
        self.validating: dict[int | None, tuple[int, int, int]] = {}  # rank -> (epoch, V, its last count drawn)
        self.val_batches: dict[int | None, tuple[int, int]] = {}  # rank -> (the main bar's total, V)
        self.epoch_of: dict[int | None, int] = {}  # rank -> the epoch its main bar last drew
        self.dated_lines: list[int] = []  # the dated lines' numbers, in order, and their times
        self.dated_times: list[int] = []

    def version(self, line: Line, v_num: str, rows: Any) -> None:
        """The logger's version a bar's postfix shows (`v_num=q61t`): one a run keeps; a new one on the
        rank's bar is a new run: a relaunch where the job fell silent (a minute or more between two
        dated lines, `RELAUNCH_SILENCE_NS`) since the old run's bar's last reading (not a run's own last
        words after its bar). Its process began at the first dated line after that silence: a start
        there, of a new process (`LogRows.last_lines` ends the one before at its last dated line), and
        the bar a new process's (`clock`). With no silence, the same process fitting a new Trainer (a
        k-fold loop's next fold): the fit before ended at its bar's last reading, completed."""
        before = self.v_nums.get(line.rank)
        previous = self.v_num_lines.get(line.rank, -1)  # (the old run's bar's last drawing that showed its version)
        self.v_nums[line.rank], self.v_num_lines[line.rank] = v_num, line.number
        if before is None or before == v_num:
            return
        at = max(bisect_right(self.dated_lines, previous) - 1, 0)  # (from the last dated line at or before it)
        while at + 1 < len(self.dated_lines) and self.dated_lines[at + 1] <= line.number:
            if self.dated_times[at + 1] - self.dated_times[at] >= RELAUNCH_SILENCE_NS:
                break
            at += 1
        else:
            # (no silence: the same process fitting a new Trainer, a k-fold loop's next fold: the fit before
            # ended with its bar's last reading, its training done, nothing of it lost; not where a failure was
            # logged since that reading: a launcher's restart, which the failure's rules read)
            if self.last_failure_line >= previous:
                return
            _event_before(rows, LogEventKind.ATTEMPT_END, line=previous, rank=line.rank, ts_ns=None,
                          detail=f"Lightning: its fit ended, a new Trainer's follows (logger version {v_num}, was {before})")
            # (and the new fit began at the last dated line before its bar, where one is after the old bar)
            last = bisect_right(self.dated_lines, line.number) - 1
            if last >= 0 and self.dated_lines[last] > previous:
                _event_before(rows, LogEventKind.ATTEMPT_START, line=self.dated_lines[last], rank=line.rank,
                              ts_ns=self.dated_times[last], detail="Lightning: a new Trainer's fit in the same process")
            return
        self.relaunched.add(line.rank)
        _event_before(rows, LogEventKind.ATTEMPT_START, line=self.dated_lines[at + 1], rank=line.rank,
                      ts_ns=self.dated_times[at + 1], process=True, raw=line.text,
                      detail=f"Lightning: a new run (its logger's version v_num={v_num}, was {before})")

    def epoch_end(self, rank: int | None, epoch: int, step: int) -> None:
        """ModelCheckpoint's global step at an epoch's end, kept where the epoch's bar reached its
        total (a save within an epoch, every_n_train_steps' or a mid-epoch validation's, says
        nothing of whole epochs)."""
        drawn = self.current(rank, epoch)
        last = drawn.readings[-1] if drawn is not None and drawn.readings else None
        if last is not None and last.total is not None and last.n == last.total:
            self.saves.append((rank, epoch, step))

    def current(self, rank: int | None, epoch: int) -> _Clock | None:
        key = self._current.get((rank, epoch))
        return self.clocks[key] if key is not None else None

    def clock(self, rank: int | None, epoch: int, reading: BarReading | None, line_number: int) -> _Clock:
        clock = self.current(rank, epoch)
        # a bar of an epoch already drawn that counts back is a new process's (a restart that
        # resumed within or before that epoch): a bar of its own, with its own start
        restarted = (clock is not None and reading is not None and bool(clock.readings)
                     and reading.n < clock.readings[-1].n) or rank in self.relaunched
        self.relaunched.discard(rank)
        if clock is None or restarted:
            before = [c for (r, _), c in self.clocks.items() if r == rank]
            base = (before[-1].base + max((x.n for x in before[-1].readings), default=0)) if before else 0
            for c in before:
                c.open = False
            if restarted:
                self.processes[rank] = self.processes.get(rank, 0) + 1
            key = (rank, len(before))
            # the bar's header: the last dated line before its first reading, if printed after the
            # previous bar's readings (one printed before them, e.g. a profiler's start, dates the
            # earlier bar, not this one: this bar then chains on to the bars and lines after it)
            # A relaunched process's bar: a failure since the rank's previous bar (one glued to that
            # bar's last drawing came after it) and a sign of a new process since (its bar counts back,
            # or a checkpoint was loaded after the failure: Lightning's `Restored all states`); a line
            # printed at or before that failure (a launcher's failure report) is no header of it: the
            # relaunch started an unknown time later. (A traceback the run lived through is neither.)
            previous = self.last_reading_line.get(rank, -1)
            after_failure = bool(before) and self.last_failure_line >= previous and (
                restarted or self.last_load_line > self.last_failure_line)
            fresh = self.last_dated_line > previous and not (after_failure and self.last_dated_line <= self.last_failure_line)
            clock = self.clocks[key] = _Clock(self.last_dated if fresh else None, base)
            clock.after_failure = after_failure
            self._current[(rank, epoch)] = key
        if reading is not None:
            clock.readings.append(reading)
            self.last_reading_line[rank] = line_number
        return clock


def _event_before(rows: Any, kind: LogEventKind, *, line: int, **values: Any) -> None:
    """An event of an earlier line than the one being read, among the rows' events in line order."""
    rows.event(kind, line=line, **values)
    event = rows.events.pop()
    rows.events.insert(bisect_right([e["line"] for e in rows.events], line), event)


def _optimizer_steps(steps: dict[tuple[int | None, int, int], dict[str, Any]],
                     saves: list[tuple[int | None, int, int]]) -> None:
    """A plain bar counts batches; ModelCheckpoint's `Epoch 77, global step 195234:`, printed
    after the epoch's bar reached its total, counts the optimizer steps of the epochs so far.
    Where a rank's lines give both and the steps an epoch makes are its n batches accumulated k
    at a time (k >= 2; Lightning steps
    after every k batches and after an epoch's last: ceil(n / k) steps an epoch), its
    batch-counted rows are the optimizer steps they make: epoch x ceil(n / k) + ceil(batch / k),
    their step time k batches'. The steps an epoch makes come from the two saves furthest apart
    (their global steps over the epochs between them), or from one save over the epochs since
    the run began. A bar whose total holds the epoch's validation batches too (fewer than its
    training's) counts its training batches first: a reading past them is the epoch's last step.
    Any other count changes nothing."""
    by_rank: dict[int | None, list[tuple[int, int]]] = {}
    for rank, epoch, step in saves:
        by_rank.setdefault(rank, []).append((epoch, step))
    for rank, points in by_rank.items():
        rows = [row for (r, _, _), row in steps.items() if r == rank and row.get("_batches")]
        if not rows:
            continue
        batches = next((reading.total for row in rows if (reading := row.get("_reading")) is not None
                        and reading.total), None)
        if not batches:
            continue
        (first_epoch, first_step), (last_epoch, last_step) = min(points), max(points)
        if last_epoch > first_epoch:
            span, made = last_epoch - first_epoch, last_step - first_step
        else:
            span, made = last_epoch + 1, last_step
        if made <= 0 or made % span:
            continue
        per_epoch = made // span
        k = round(batches / per_epoch)
        totals = [reading.total if (reading := row.get("_reading")) is not None else None for row in rows]
        if k == 1 and all(total is not None and per_epoch <= total < 2 * per_epoch for total in totals) and any(
                total != per_epoch for total in totals):
            # Lightning 1.x's bar counts the epoch's validation batches after its training's (`220/220`
            # for 211 steps; an epoch that validates nothing `211/211`): the steps are its training
            # batches, a reading past them the epoch's last
            for row, total in zip(rows, totals, strict=True):
                assert total is not None
                epoch, batch = divmod(row["step"], total)
                row["step"] = epoch * per_epoch + min(batch, per_epoch)
            continue
        if k < 2 or -(-batches // k) != per_epoch:
            continue
        for row in rows:
            epoch, batch = divmod(row["step"], batches)
            row["step"] = epoch * per_epoch - (-batch // k)
            if row.get("step_time_s") is not None:
                row["step_time_s"] *= k


def _steps_at_glued_saves(steps: dict[tuple[int | None, int, int], dict[str, Any]],
                          said: list[tuple[int, int | None, int, int | None]]) -> int:
    """ModelCheckpoint's line glued to a bar's reading (`| 1007/2015 [04:03<04:03, ...,
    v_num=Epoch 0, global step 51: 'val_accuracy' reached ...`) names the optimizer step that
    reading is at. Where a process's batch-counted rows (after `_optimizer_steps`) count more than
    each step its glued saves name, the readings with a save are the steps the saves name and the
    other readings are dropped, their steps unknown. Where they count `_BATCHES_A_STEP` batches or
    more a step (batches accumulated into steps in a way `_optimizer_steps` could not undo), each
    step time is the time between two saved readings over the steps between (a validation between
    them included); where fewer (a Lightning 1.x bar that counts validation batches too,
    autogluon's validating twice an epoch: readings 50, 76, 101, ... where the saves name global
    steps 40, 61, 81, ...; `_optimizer_steps` calibrates on epochs' ends alone), the bar's rate, a
    training batch's. A count under them (several optimizers a batch) is left as it is. Returns how
    many readings were dropped."""
    dropped = 0
    at_line = {(line, rank): step for line, rank, step, _ in said}
    for process in {(rank, number) for (rank, number, _) in steps}:
        keys = [key for key in steps if key[:2] == process and steps[key].get("_batches")]
        named = {key: at_line[(steps[key]["line"], process[0])] for key in keys if (steps[key]["line"], process[0]) in at_line}
        if not named or not all(step > 0 and steps[key]["step"] > step for key, step in named.items()):
            continue
        # (a bar that counts batches accumulated into steps, two or more a step: its rate is a batch's, the
        # step's time the time between saves; one that counts validation batches besides: its rate a
        # training batch's, which is a step)
        accumulated = all(steps[key]["step"] >= _BATCHES_A_STEP * step for key, step in named.items())
        previous: dict[str, Any] | None = None
        for key in sorted(named, key=lambda k: steps[k]["line"]):
            row = steps[key]
            row["step"] = named[key]
            if not accumulated:
                continue
            row.pop("step_time_s", None)
            if (previous is not None and row["step"] > previous["step"] and row.get("end_ns") is not None
                    and previous.get("end_ns") is not None and row["end_ns"] > previous["end_ns"]):
                row["step_time_s"] = (row["end_ns"] - previous["end_ns"]) / 1e9 / (row["step"] - previous["step"])
            previous = row
        for key in keys:
            if key not in named:
                del steps[key]
                dropped += 1
    return dropped


def _place(steps: dict[tuple[int | None, int, int], dict[str, Any]], clocks: dict[tuple[int | None, int], _Clock],
           mtime_ns: int | None, year_from_mtime: bool = False) -> None:
    """Each row's time and step time from its epoch's bar (see the module docstring)."""
    by_rank: dict[int | None, list[_Clock]] = {}
    for (rank, _), clock in clocks.items():
        by_rank.setdefault(rank, []).append(clock)
    for chain in by_rank.values():
        if any(clock.after_failure and clock.header_ns is None and not clock.dated for clock in chain):
            # a relaunched process's bar that no line of its own dates (only its launcher's failure
            # report before it, Rich's one frame at its end): when it ran is not known, nor so where
            # the failed process's bars ended against it; the rank's steps are undated (the attempts
            # then follow the console's line order) rather than placed by a clock across the failure
            continue
        following: int | None = mtime_ns
        following_source = "tqdm_mtime"
        for clock in reversed(chain):  # the last bar ends at the mtime, each earlier one where the next starts
            clock.place(following)
            if clock.source == "tqdm" and year_from_mtime:
                clock.source = "tqdm_mtime"
            elif clock.source == "tqdm_mtime" and following_source == "tqdm":
                clock.source = "tqdm"  # chained to a bar the dated lines anchor
            following, following_source = clock.start_ns, clock.source or "tqdm_mtime"
        if year_from_mtime:
            continue
        for before, clock in zip(chain, chain[1:], strict=False):
            if clock.source != "tqdm" and before.source == "tqdm" and before.start_ns is not None and before.readings:
                # a bar no dated line anchors after one they do starts where that one ended (the
                # validation between them not known), not at the mtime's last write (or with no
                # time, where the mtime is long after the dated lines): a copied file's mtime is the
                # copy's (a log of 2024 whose last epoch went on in 2026)
                last = before.readings[-1]
                clock.start_ns = before.start_ns + int(max(before.seconds.get(last.n, 0.0), float(last.elapsed_s)) * 1e9)
                clock.source = "tqdm"
    previous: dict[int, BarReading] = {}
    # (each rank's first bar: its first reading kept began at the bar's start, its elapsed time before it:
    # `32/200 [01:17<06:47, 2.43s/it]` alone ran 32 steps in 77 s, not one in 2.43 s)
    first_bars = {id(chain[0]) for chain in by_rank.values()}
    for row in sorted(steps.values(), key=lambda r: r["line"]):
        row_clock: _Clock | None = row.get("_clock")
        reading: BarReading | None = row.get("_reading")
        if row_clock is None or reading is None:
            continue
        clock = row_clock
        if row.get("end_ns") is None and clock.start_ns is not None and reading.n in clock.seconds:
            row["end_ns"] = clock.start_ns + int(clock.seconds[reading.n] * 1e9)
            row["time_source"] = clock.source
            if id(clock) in first_bars and id(clock) not in previous and reading.n > 0 and "start_ns" not in row:
                row["start_ns"] = clock.start_ns
        if "step_time_s" not in row:
            base = previous.get(id(clock))
            if clock.mean_rate or reading.seconds_per_item is None:
                # a mean since the start is no step's time: the steps since the previous row
                # took what the clock says between the two readings
                step_time = span_mean(clock.seconds, clock.resolution, reading, base)
            else:
                if base is None and clock.readings and clock.readings[0] is not reading:
                    base = clock.readings[0]
                step_time = rate_agrees(clock.seconds, reading, base)
            if step_time is not None:
                row["step_time_s"] = step_time
        previous[id(clock)] = reading




def _generic_steps_besides(path: Path, options: ParseOptions, lines: Sequence[Line], said: set[int]) -> bool:
    """Whether the generic reader reads a step off a line other than ModelCheckpoint's (`said`):
    a script's own step line (`step 100 loss ...`), not one that only names an epoch (`LR changed
    at epoch 1`, wandb's summary `epoch 19`, a file name `...-epoch=49.ckpt`)."""
    others = list(islice((line for line in lines if line.number not in said and GENERIC_STEP_LINE.search(line.text)),
                         _GENERIC_SAMPLE_LINES))
    if not others:
        return False
    cache = LINE_CACHE.set({str(path): (others, None)})
    shared = SHARED_LINES.set(False)
    try:
        found = GenericLogParser().parse(path, options)
    except ParseError:
        return False
    finally:
        SHARED_LINES.reset(shared)
        LINE_CACHE.reset(cache)
    return found.tables["log_steps"].num_rows > 0
