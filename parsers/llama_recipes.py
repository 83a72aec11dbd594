"""llama-recipes / llama-cookbook fine-tuning consoles (its `train_utils.train`).

- The training bar's description names the micro-batch just done: `Training Epoch: 1/3, step
  10/36 completed (loss: 0.5200968384742737)` (`step` counts the epoch's batches from 0, of the
  loader's length), while the bar itself counts optimizer steps (the batches over the gradient
  accumulation steps: `3/9 [03:17<06:31, 65.28s/it]`). The row is the batch, numbered over the
  epochs: (epoch - 1) x batches per epoch + step; its loss is the description's.
- The step time is the bar's elapsed seconds between the first drawings of two consecutive
  batches (whole seconds: to +-1 s); where no drawing of the batch before is in the log (a
  `kubectl logs` copy keeps only the bar's last drawing), at an epoch's bar's first drawing, the
  bar's rate, if the bar counts the
  batches (no gradient accumulation: its total is the loader's length) and its clock holds the
  rate (`clock_held_rate`). The console prints no date, so the rows are undated.
- Its saves of PEFT adapters, `we are about to save the PEFT modules` then `PEFT modules are saved
  in DIR directory`, are a save's start and end (its FSDP saves' lines, `Sharded state checkpoint
  saved to ...`, `model checkpoint saved for epoch 0 at ...`, are every console's); the results
  `finetuning.py` prints once `train` returned (`Key: avg_train_prep, Value: 5.18`, ...) end the run.
- Failures are read as in every console log.
"""

from __future__ import annotations

import re
from pathlib import Path

from tracelens.enums import LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._events import log_result, open_log
from tracelens.parsers._lines import BarReading, bar_readings, clock_held_rate
from tracelens.parsers._logreader import LogReader
from tracelens.parsers.contract import ParseOptions, ParseResult

DESCRIPTION = re.compile(
    r"Training Epoch: (?P<epoch>\d{1,9})/(?P<epochs>\d{1,9}), step (?P<step>\d{1,15})/(?P<n>\d{1,15}) completed"
    r" \(loss: (?P<loss>[-+]?(?:\d{1,20}(?:\.\d{0,20})?|\.\d{1,20})(?:[eE][-+]?\d{1,4})?|nan|inf)\)"
)

_PEFT_SAVE = re.compile(r"^\s{0,8}(?:(?P<start>we are about to save the PEFT modules)"
                        r"|PEFT modules are saved in \S.{0,2000} directory)\s*$")
_RESULTS = re.compile(r"^\s{0,8}Key: avg_train_(?:prep|loss), Value: [-+\d.]")


def description(text: str) -> tuple[int, float, BarReading | None, int] | None:
    """The global batch and loss a bar line's description names, the bar's reading after it
    (None when the line holds none) and the epoch's batches; None for any other line."""
    match = DESCRIPTION.search(text)
    if match is None:
        return None
    batches = int(match.group("n"))
    step = (int(match.group("epoch")) - 1) * batches + int(match.group("step"))
    readings = bar_readings(text[match.end():])
    return step, float(match.group("loss")), readings[0] if readings else None, batches


class LlamaRecipesParser(LogReader):
    name = "llama_recipes"

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "llama_recipes")
        last: dict[int | None, tuple[int, int | None, int]] = {}  # rank -> (step, elapsed, epoch from 0) of its last row
        ended = False  # the results were printed
        for line in lines:
            if events.scan(line):
                continue
            text = line.text
            if "PEFT modules" in text and (peft := _PEFT_SAVE.match(text)) is not None:
                kind = LogEventKind.CHECKPOINT_SAVE_START if peft.group("start") else LogEventKind.CHECKPOINT_SAVE_END
                rows.event(kind, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
                continue
            if "Key: avg_train_" in text and not ended and _RESULTS.match(text) is not None:
                ended = True
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail="llama-recipes: its results printed")
                continue
            read = description(text) if "Training Epoch: " in text else None
            if read is None:
                continue
            step, loss, reading, batches = read
            elapsed = reading.elapsed_s if reading is not None else None
            previous = last.get(line.rank)
            if previous is not None and previous[0] == step:
                continue  # the bar redrawn with the same description
            seconds = None
            if (previous is not None and previous[0] == step - 1 and previous[1] is not None and elapsed is not None
                    and elapsed >= previous[1]):
                seconds = float(elapsed - previous[1])
            elif ((previous is None or previous[2] != (step // batches if batches else 0)) and reading is not None
                  and reading.total == batches and reading.unit == "it"):
                # the bar's first drawing in the log (each epoch draws its own): its rate, where it counts the batches
                seconds = clock_held_rate(reading.seconds_per_item, reading, (0, 0))
            last[line.rank] = (step, elapsed, step // batches if batches else 0)
            rows.step(line=line.number, rank=line.rank, step=step, end_ns=line.ts_ns, loss=loss,
                      **({"step_time_s": seconds} if seconds is not None else {}))
        if not rows.steps:
            raise ParseError(str(path), "no llama-recipes training bar found", where="line 1")
        return log_result(rows, warning)
