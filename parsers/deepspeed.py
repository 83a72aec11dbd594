"""DeepSpeed console logs: `[YYYY-MM-DD HH:MM:SS,mmm] [LEVEL] [file.py:line:func] message` lines.

- Step lines: `[Rank 0] step=20, skipped=17, lr=[0.0001], mom=[...]` (the engine's
  steps_per_print; the rank `log_dist` names, where no launcher prefix does), and the timer
  line after it: `epoch=0/micro_step=20/global_step=20, RunningAvgSamplesPerSec=...,
  CurrSamplesPerSec=..., MemAllocated=...`. Consecutive step lines make log intervals:
  samples = CurrSamplesPerSec x the time since the previous step line. The pipeline engine's
  own line (`steps: 20 loss: 7.4235 iter time (s): 21.713 samples/sec: 0.737`, printed with no
  logger) is a step too, its time the interval's mean seconds a step.
- DeepSpeed-Chat's PPO steps (its step 3): `epoch: 0|step: 4|ppo_ep: 1|act_loss: 0.21|...`, or
  `Epoch: 0 | Step: 4 | PPO Epoch: 1 | Actor Loss: 0.21 | ...`, each followed by its time:
  `End-to-End => Latency: 3.79s, ...` (the script's, right after its step), or the hybrid
  engine's `|E2E latency=3.79s |Generate time=2.49s ...`, printed as the next step's generation
  begins, the time since the previous one began (so no line times the last step). Its step
  counts the epoch's generation batches (`Total Generation Batches 477`), so an epoch past the
  first starts at epoch x that count. The actor's and the critic's engines print their own
  `step=N` lines: where PPO steps are printed, those are not the run's steps.
- fp16 loss-scale overflows (`OVERFLOW! Rank 0 Skipping step`): the optimizer skipped that
  step; counted in the file's warnings (the `skipped=` counter of the step lines).
- Checkpoints: `Checkpoint global_stepN is about to be saved!` starts a save, `... is ready
  now!` ends it (the engine's own commit), `Loading checkpoint` / `loaded checkpoint` lines.
- The launcher (`launch.py`: WORLD INFO DICT, dist_world_size, process spawns) dates the
  attempt's start; failures, restarts, watchdog timeouts and NCCL lines are read as in every
  console log. A loss logged by the training script on its own line (`Loss: 10.87`) goes to
  the step logged just before it. Where the engine printed no step line past its `step=0,
  skipped=0, lr=[...]` as it is built (none done then), the script's own are the steps: `step: 10,
  loss: 1.0279344320297241` (a training loop's print, undated).
"""

from __future__ import annotations

import math
import re
from pathlib import Path

from tracelens.enums import LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._events import log_result, open_log, skipped_warning
from tracelens.parsers._evidence import console_format
from tracelens.parsers._lines import head_bodies
from tracelens.parsers._logreader import LogReader
from tracelens.parsers._numbers import to_float
from tracelens.parsers.contract import Claim, ParseOptions, ParseResult

_DS_LINE = re.compile(r"^\[\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2},\d{3}\] \[(?:INFO|WARNING|ERROR|DEBUG)\] \[[\w.]+:\d+:\w+\] ")
_MARKERS = re.compile(r"\[deepspeed\]|RunningAvgSamplesPerSec|\bstep=\d+, skipped=\d+|launch\.py:\d+:main|ds_accelerator|"
                      r"DeepSpeed|deepspeed_|torch_checkpoint_engine")
# (`log_dist` opens the message with the printing process's rank: `[Rank 0] step=20, ...`)
_STEP = re.compile(r"(?:\[Rank (?P<rank>\d{1,7})\] )?\bstep=(?P<step>\d+), skipped=(?P<skipped>\d+), lr=\[(?P<lr>[^\],]+)")
_TIMER = re.compile(
    r"global_step=(?P<step>\d+), RunningAvgSamplesPerSec=(?P<avg>[\d.eE+-]+), CurrSamplesPerSec=(?P<cur>[\d.eE+-]+)"
)
_SAVE_START = re.compile(r"Checkpoint global_step(?P<step>\d+) is about to be saved")
_SAVE_END = re.compile(r"Checkpoint global_step(?P<step>\d+) is ready now")
_LOSS = re.compile(r"\bLoss:\s*(?P<loss>[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?)")
_OVERFLOW = re.compile(r"OVERFLOW! Rank \d+ Skipping step")
# the pipeline engine's own line every `steps_per_print` (Megatron-DeepSpeed and GPT-NeoX with pipeline
# parallelism), printed with no logger: "steps: 20 loss: 7.4235 iter time (s): 21.713 samples/sec: 0.737",
# the step's loss (its micro-batches' mean) and the interval's mean seconds a step
# a training script's own step line under DeepSpeed's launcher, its loss after it: "step: 10, loss: 1.0279"
_SCRIPT_STEP = re.compile(r"^step: (?P<step>\d{1,15}), loss: (?P<loss>[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|nan|-?inf)\s*$")
_PIPE_STEP = re.compile(r"^steps: (?P<step>\d{1,15}) loss: (?P<loss>[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?|nan|-?inf) "
                        r"iter time \(s\): (?P<s>\d{1,9}(?:\.\d{1,9})?) samples/sec: ")

# DeepSpeed-Chat's PPO trainer (training/step3_rlhf_finetuning/main.py), its 2023-04 and later forms,
# at a line's start or after a launcher's host prefix (pdsh's `worker-0: `)
_PPO_STEP = re.compile(
    r"(?:^|(?<=: ))(?:epoch: (?P<e1>\d{1,9})\|step: (?P<s1>\d{1,15})\|ppo_ep: \d{1,6}\|act_loss: (?P<l1>[^|\s]{1,40})"
    r"|Epoch: (?P<e2>\d{1,9}) \| Step: (?P<s2>\d{1,15}) \| PPO Epoch: \d{1,6} \| Actor Loss: (?P<l2>[^|\s]{1,40}))")
_PPO_TIME = re.compile(r"(?:^|(?<=: ))(?:\|E2E latency=|End-to-End => Latency: )(?P<s>\d{1,9}(?:\.\d{1,9})?)s\b")
_PPO_BATCHES = re.compile(r"Total Generation Batches (?P<n>\d{1,15})")


class DeepSpeedParser(LogReader):
    name = "deepspeed"

    def detect(self, path: Path, head: bytes) -> Claim:
        found = console_format(path)
        if found is not None:
            return Claim.CONTENT if found == self.name else Claim.NO
        hits = 0
        for body in head_bodies(head):
            if _DS_LINE.match(body) and _MARKERS.search(body):
                hits += 1
                if hits >= 2:
                    return Claim.CONTENT
        return Claim.NO

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "deepspeed", busy=True)
        overflows = 0
        skipped: dict[int | None, tuple[int, int]] = {}  # rank -> (its last step, the steps skipped by then)
        last_step_ns: dict[int | None, int] = {}
        ppo: list[dict] = []  # the PPO steps (DeepSpeed-Chat), where there are
        ppo_last: dict[int | None, dict] = {}  # rank -> its last PPO step
        ppo_batches: int | None = None  # generation batches an epoch
        script: list[tuple[int, int | None, int | None, int, float]] = []  # the script's step lines (line, rank, ns, step, loss)
        # Every rule below needs a literal of its own: the substring checks (a few ns each) keep
        # the regexes off the lines that cannot match them, and the lines that hold none of them
        # (most of a console's) are not looked at (`busy`, with the literals in its pattern).
        for line in events.busy(lines):
            text = line.text
            if "Checkpoint global_step" in text:
                if (m := _SAVE_START.search(text)) is not None:
                    rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                               step=int(m.group("step")), raw=text)
                    continue
                if (m := _SAVE_END.search(text)) is not None:
                    rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                               step=int(m.group("step")), raw=text)
                    continue
            if "Saving model checkpoint" in text or "[Torch] Sav" in text or "zero checkpoint saved" in text:
                continue  # the files of a save already bracketed by the two lines above
            if "OVERFLOW! Rank " in text and _OVERFLOW.search(text):
                overflows += 1
                if line.ts_ns is not None and line.rank not in events.started:
                    events.scan(line)  # (a dated line of its process: its first, it may be)
                continue
            if events.scan(line):
                continue
            if "poch: " in text and (m := _PPO_STEP.search(text)) is not None:
                epoch, step = int(m.group("e1") or m.group("e2")), int(m.group("s1") or m.group("s2"))
                if epoch and ppo_batches is None and ppo:
                    ppo_batches = max(row["step"] for row in ppo) + 1  # (an epoch holds the steps its first printed)
                loss = to_float(m.group("l1") or m.group("l2"))
                rows.step(line=line.number, rank=line.rank, step=epoch * (ppo_batches or 0) + step, end_ns=line.ts_ns, loss=loss)
                if rows.steps and rows.steps[-1]["line"] == line.number:
                    ppo.append(rows.steps[-1])
                    ppo_last[line.rank] = rows.steps[-1]
                continue
            if "atency" in text and (m := _PPO_TIME.search(text)) is not None:
                last = ppo_last.get(line.rank)
                if last is not None and last.get("step_time_s") is None:
                    last["step_time_s"] = float(m.group("s"))
                continue
            if "Total Generation Batches" in text and (m := _PPO_BATCHES.search(text)) is not None:
                ppo_batches = int(m.group("n"))
                continue
            if "iter time (s): " in text and (pipe := _PIPE_STEP.match(text)) is not None:
                # (a loss that is no number, `loss: nan`, kept: the run diverged, `loss_nonfinite`)
                values = {"step_time_s": float(pipe.group("s")), "loss": float(pipe.group("loss"))}
                last = rows.steps[-1] if rows.steps else None
                if last is not None and last["step"] == int(pipe.group("step")) and (
                        line.rank is None or last["rank"] is None or last["rank"] == line.rank):
                    # the engine's `[Rank 0] step=N, ...` line of the same step, just before: one step
                    last.update({k: v for k, v in values.items() if last.get(k) is None})
                else:
                    rows.step(line=line.number, rank=line.rank, step=int(pipe.group("step")), end_ns=line.ts_ns, **values)
                continue
            if text[:6] == "step: " and (own := _SCRIPT_STEP.match(text)) is not None:
                script.append((line.number, line.rank, line.ts_ns, int(own.group("step")), float(own.group("loss"))))
                continue
            if "step=" not in text:
                if ("Loss:" in text and (m := _LOSS.search(text)) is not None
                        and rows.steps and rows.steps[-1].get("loss") is None):
                    rows.steps[-1]["loss"] = float(m.group("loss"))
                continue
            if "skipped=" in text and (m := _STEP.search(text)) is not None:  # (keeps the search off the timer lines)
                try:
                    lr: float | None = float(m.group("lr"))
                except ValueError:
                    lr = None
                rank = line.rank if line.rank is not None or m.group("rank") is None else int(m.group("rank"))
                rows.step(line=line.number, rank=rank, step=int(m.group("step")), end_ns=line.ts_ns, lr=lr)
                skipped[rank] = (int(m.group("step")), int(m.group("skipped")))
            elif ("global_step=" in text and (m := _TIMER.search(text)) is not None and rows.steps
                  and rows.steps[-1]["step"] == int(m.group("step"))):
                step = rows.steps[-1]
                previous = last_step_ns.get(line.rank)
                if (previous is not None and step.get("end_ns") is not None and step["end_ns"] > previous
                        and (rate := to_float(m.group("cur"))) is not None):  # (`[\d.eE+-]+` holds `1+9.1`: no figure)
                    step["samples"] = rate * (step["end_ns"] - previous) / 1e9
                if step.get("end_ns") is not None:
                    last_step_ns[line.rank] = step["end_ns"]
            elif "Loss:" in text and (m := _LOSS.search(text)) is not None and rows.steps and rows.steps[-1].get("loss") is None:
                rows.steps[-1]["loss"] = float(m.group("loss"))
        if script and all(row["step"] == 0 for row in rows.steps):
            # (the engine's step 0 is its report as it is built, before any step: the script's are the run's)
            rows.steps.clear()
            for number, rank, ns, step, loss in script:
                rows.step(line=number, rank=rank, step=step, end_ns=ns, loss=loss if math.isfinite(loss) else None)
        if ppo:
            taken = {id(row) for row in ppo}
            rows.steps[:] = [row for row in rows.steps if id(row) in taken]  # (the engines' steps: see the docstring)
        if not rows.steps and not any(line.text[:1] == "[" and _DS_LINE.match(line.text) for line in lines):
            raise ParseError(str(path), "no DeepSpeed log line found", where="line 1")
        result = log_result(rows, warning)
        if (counted := skipped_warning(skipped)) is not None:
            result.warnings.append(counted)  # (the engine's own count: every overflow, whatever line it printed)
        elif overflows:
            result.warnings.append(f"{overflows} optimizer steps skipped on fp16 loss-scale overflow")
        return result
