"""PyTorch Lightning console logs, and NeMo 1.x (which trains through Lightning).

- Progress bars: tqdm (`Epoch 3: 47%|████▋| 7/15 [06:19<07:13, 1.2it/s, v_num=0, loss=...]`)
  and rich (`Epoch 17/35 ━━━━ 193/193 0:08:27 • 0:00:00 0.40it/s train_loss: 1.774`); carriage
  return redraws are separate lines, NeMo lines glued after a bar are split off. NeMo 1's bar
  postfix carries `global_step`, `reduced_train_loss`, `consumed_samples` and `train_step_timing
  in s` (numbers in any notation, 2e+3 included): one log_steps row per global step. A plain
  Lightning bar counts batches of an epoch, not optimizer steps (gradient accumulation): its
  rows are numbered epoch x batches per epoch + batch, and keep the bar's loss.
- ModelCheckpoint: `Epoch N, global step G: 'metric' reached X ... saving model to '...'` is a
  checkpoint save at step G; `Restored all states from the checkpoint` a load;
  "`Trainer.fit` stopped" the end of the run. Lines that Lightning's two handlers print twice
  are read once.
- Failures, restarts, watchdog timeouts and NCCL lines are read as in every console log.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from tracelens.parsers import Claim, ParseOptions, ParseResult
from tracelens.parsers._events import log_result, open_log
from tracelens.parsers._evidence import console_format
from tracelens.parsers._lines import head_bodies
from tracelens.parsers._logtables import LOG_TABLES

from tracelens.enums import LogEventKind
from tracelens.errors import ParseError

_TQDM = re.compile(r"Epoch (?P<epoch>\d+):\s*:?\s*(?:\d+%\|[^|]*\|\s*)?(?P<i>\d+)(?:/(?P<n>\d+))?(?:it)?\s*\[(?P<rest>[^\]]*)\]?")
_RICH = re.compile(r"Epoch (?P<epoch>\d+)/(?P<epochs>\d+)\s+[━╸╺\s]+(?P<i>\d+)/(?P<n>\d+)\s+(?P<rest>.*)$")
_KV = re.compile(r"(?P<key>[A-Za-z_][\w./ ]*?)\s*[=:]\s*(?P<value>[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?)(?=[,\s\]]|$)")
_CKPT_SAVE = re.compile(r"Epoch (?P<epoch>\d+), global step (?P<step>\d+): .*saving model to")
_RESTORED = re.compile(r"Restored all states from the checkpoint|Restoring states from the checkpoint path")
_FIT_STOPPED = re.compile(r"`Trainer\.fit` stopped")
_LIGHTNING = re.compile(r"pytorch_lightning|lightning\.pytorch|LOCAL_RANK: \d+ - CUDA_VISIBLE_DEVICES|`Trainer\.fit` stopped|"
                        r"Restored all states from the checkpoint|global step \d+: '|\[NeMo [IWE] ")
_GLUED = re.compile(r"\[NeMo [IWE] |\[rank: \d+\]")


def _values(rest: str) -> dict[str, float]:
    out: dict[str, float] = {}
    for m in _KV.finditer(rest):
        try:
            out[m.group("key").strip().lower()] = float(m.group("value"))
        except ValueError:
            continue
    return out


class LightningParser:
    name = "lightning"
    kind = "console_log"
    tables = LOG_TABLES

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
        return Claim.CONTENT if (bars and markers) or bars >= 3 or markers >= 2 else Claim.NO

    def parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "lightning")
        steps: dict[tuple[int | None, int], dict[str, Any]] = {}  # (rank, step) -> row: a bar redraws itself
        seen_events: set[tuple[str, int | None, str]] = set()
        recognised = 0
        for line in lines:
            text = line.text.replace("^M", "\n")
            for part in text.split("\n"):
                glued = _GLUED.search(part, 1)
                segments = [part[: glued.start()], part[glued.start():]] if glued else [part]
                for segment in segments:
                    recognised += self._segment(segment, line, rows, events, steps, seen_events)
        previous: dict[int | None, float] = {}
        for (rank, _), row in sorted(steps.items(), key=lambda kv: (kv[0][0] is None, kv[0][0] or 0, kv[0][1])):
            total = row.pop("_consumed", None)
            if total is not None:
                if rank in previous and total > previous[rank]:
                    row["samples"] = total - previous[rank]
                previous[rank] = total
            rows.step(**row)
        if not recognised:
            raise ParseError(str(path), "no Lightning progress bar or checkpoint line found", where="line 1")
        return log_result(rows, warning)

    @staticmethod
    def _segment(text: str, line: Any, rows: Any, events: Any, steps: dict[tuple[int | None, int], dict[str, Any]],
                 seen: set[tuple[str, int | None, str]]) -> int:
        body = re.sub(r"^INFO:(?:[\w.]+:)?\s*", "", text.strip())
        if not body:
            return 0
        if (m := _CKPT_SAVE.search(body)) is not None:
            key = ("save", line.rank, m.group("step"))
            if key not in seen:
                seen.add(key)
                rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           step=int(m.group("step")), raw=body)
            return 1
        if _RESTORED.search(body):
            key = ("load", line.rank, body.split("checkpoint", 1)[-1])
            if key not in seen and "Restored" in body:
                seen.add(key)
                rows.event(LogEventKind.CHECKPOINT_LOAD_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=body)
            return 1
        if _FIT_STOPPED.search(body):
            rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=body)
            return 1
        bar = _RICH.search(body) or _TQDM.search(body)
        if bar is None:
            events.scan(type(line)(line.number, line.rank, body, line.ts_ns))
            return 1 if _LIGHTNING.search(body) else 0
        values = _values(bar.group("rest"))
        epoch, i = int(bar.group("epoch")), int(bar.group("i"))
        n = int(bar.group("n")) if bar.group("n") else None
        if "global_step" in values:
            step = int(values["global_step"])
        elif n is not None:
            step = epoch * n + i
        else:
            return 1
        row: dict[str, Any] = {"line": line.number, "rank": line.rank, "step": step, "end_ns": line.ts_ns}
        loss = values.get("reduced_train_loss", values.get("train_loss", values.get("loss")))
        if loss is not None:
            row["loss"] = loss
        if "train_step_timing in s" in values:
            row["step_time_s"] = values["train_step_timing in s"]
        if "consumed_samples" in values:
            row["_consumed"] = values["consumed_samples"]  # cumulative: made per step once all are read
        steps[(line.rank, step)] = row
        return 1
