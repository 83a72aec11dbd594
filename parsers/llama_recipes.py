"""llama-recipes / llama-cookbook fine-tuning consoles (its `train_utils.train`).

- The training bar's description names the micro-batch just done: `Training Epoch: 1/3, step
  10/36 completed (loss: 0.5200968384742737)` (`step` counts the epoch's batches from 0, of the
  loader's length), while the bar itself counts optimizer steps (the batches over the gradient
  accumulation steps: `3/9 [03:17<06:31, 65.28s/it]`). The row is the batch, numbered over the
  epochs: (epoch - 1) x batches per epoch + step; its loss is the description's.
- The step time is the bar's elapsed seconds between the first drawings of two consecutive
  batches (whole seconds: to +-1 s); where no drawing of the batch before is in the log (a
  `kubectl logs` copy keeps only the bar's last drawing), the bar's rate, if the bar counts the
  batches (no gradient accumulation: its total is the loader's length) and its clock holds the
  rate (`clock_held_rate`). The console prints no date, so the rows are undated.
- Failures are read as in every console log.
"""

from __future__ import annotations

import re
from pathlib import Path

from tracelens.errors import ParseError
from tracelens.parsers._events import log_result, open_log
from tracelens.parsers._lines import BarReading, bar_readings, clock_held_rate
from tracelens.parsers._logreader import LogReader
from tracelens.parsers.contract import ParseOptions, ParseResult

DESCRIPTION = re.compile(
    r"Training Epoch: (?P<epoch>\d{1,9})/(?P<epochs>\d{1,9}), step (?P<step>\d{1,15})/(?P<n>\d{1,15}) completed"
    r" \(loss: (?P<loss>[-+]?(?:\d{1,20}(?:\.\d{0,20})?|\.\d{1,20})(?:[eE][-+]?\d{1,4})?|nan|inf)\)"
)


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
        last: dict[int | None, tuple[int, int | None]] = {}  # rank -> (step, elapsed) of its last row
        for line in lines:
            if events.scan(line):
                continue
            read = description(line.text) if "Training Epoch: " in line.text else None
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
            elif previous is None and reading is not None and reading.total == batches and reading.unit == "it":
                # the bar's first drawing in the log: its rate, where it counts the batches
                seconds = clock_held_rate(reading.seconds_per_item, reading, (0, 0))
            last[line.rank] = (step, elapsed)
            rows.step(line=line.number, rank=line.rank, step=step, end_ns=line.ts_ns, loss=loss,
                      **({"step_time_s": seconds} if seconds is not None else {}))
        if not rows.steps:
            raise ParseError(str(path), "no llama-recipes training bar found", where="line 1")
        return log_result(rows, warning)
