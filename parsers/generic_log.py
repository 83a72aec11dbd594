"""Generic console logs: timestamped lines that report `step N` with numeric metrics
(`loss 2.31 step_time_s 0.12 tokens 1024`, `key=value`, `key: value`), from any launcher
(torchrun --tee, srun, mpirun prefixes give the rank), plus the lines that mark a run's
start, end and failures. A step may be a batch within its epoch (`Epoch:[0/20](20700/41914)`),
its metrics on indented lines below its dated first line (OLMo's records), or undated where
the line reports the step's own time (nanoGPT's `iter 5: loss 4.2082, time 1431.27ms`): such
a step has a row with no time (the steps have no clock; the time they report is kept).
Framework-specific logs have their own modules; torchtitan's step lines (its `[titan]`
logger, or its metrics line under another logger) are read here and credited to torchtitan."""

from __future__ import annotations

import json
import math
import re
from bisect import bisect_left, bisect_right
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime
from itertools import islice, pairwise, takewhile
from pathlib import Path
from statistics import median
from typing import Any, NamedTuple

from tracelens.enums import FAILURE_EVENT_KINDS, LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._events import (
    _ARGS_DUMP,
    _END,
    _STARTS,
    ARCFACE_RANK_ID,
    GLUED_SHELL_DEATH,
    LAUNCH_FAILED,
    LAUNCH_FAILED_LINES,
    MONAI_END_PATTERN,
    OOM_LINE,
    RAY_JOB_END,
    RAY_TRIAL_ERROR,
    RUST_PANIC,
    SHARED_LINES,
    SIGNAL_HANDLER,
    STEP,
    TEMPLATE_EXTRAS,
    TRAINING_JOB_DEATH,
    TUNE_ALL_TERMINATED,
    VISUALIZER_LAUNCH,
    WATCHDOG,
    join_wrapped_watchdogs,
    log_result,
    open_log,
)
from tracelens.parsers._evidence import evidence
from tracelens.parsers._io import log_named
from tracelens.parsers._lines import (
    FEDML_PREFIX,
    TRAINER_HEADER,
    BarReading,
    Line,
    Lines,
    _yearless_match,
    anchor_bar,
    bar_readings,
    clock_held_rate,
    head_bodies,
    iter_numbers,
    parse_timestamp,
    postfix_loss,
    rate_is_mean,
    refine_bar_elapsed,
    split_lines,
)
from tracelens.parsers._logreader import LogReader
from tracelens.parsers._logtables import (
    APPENDED_LAUNCHES_MAX,
    APPENDED_RESTART_ROWS,
    APPENDED_RESTARTS_MAX,
    METRIC_KEYS,
    RELAUNCH_SILENCE_NS,
    LogRows,
    coarse_clock_step_times,
    elapsed_step_times,
    mark_evaluations,
    nonfinite_loss,
    training_loss_key,
)
from tracelens.parsers._numbers import duration_s, half_unit, to_float
from tracelens.parsers._progress_table import is_table, table_steps
from tracelens.parsers.contract import Claim, ParseOptions, ParseResult
from tracelens.parsers.tensorflow_log import _SAVE as _TF_SAVE

# DeepSpeed-Chat's PPO actor loss; veRL's (`step:2 - ... - actor/pg_loss:0.018 - ... -
# timing_s/step:8.991 - ...`; newer releases' `perf/time_per_step` is METRIC_KEYS' by its last
# part) policy loss and step time
# (PaddlePaddle's toolkits print a logging interval's mean iteration and data-loading times as
# `batch_cost` and `reader_cost`: PaddleSeg's `batch_cost: 0.3483, reader_cost: 0.00205`, PaddleOCR's
# `avg_reader_cost: 0.35601 s, avg_batch_cost: 0.41762 s`, PaddleDetection's `batch_cost: 1.7087 data_cost: 0.0102`)
_KEYS = {**METRIC_KEYS, "act_loss": "loss", "actor/pg_loss": "loss", "timing_s/step": "step_time_s",
         "batch_cost": "step_time_s", "avg_batch_cost": "step_time_s", "reader_cost": "data_time_s",
         "avg_reader_cost": "data_time_s", "data_cost": "data_time_s",
         # (pytracking's LTR trainer's total of its loss terms, `Loss/total: 2.57886  ,  Loss/giou: 0.93990`)
         "loss/total": "loss",
         # (OpenNMT-py's training cross-entropy a token, its loss: `Step 100/40000; acc:   4.41; ppl: 1654.45; xent: 7.41`)
         "xent": "loss"}
# A running count of the tokens trained on since the run began (InternEvo's `num_consumed_tokens=786432`; mlx-lm's
# `Trained Tokens 34211.0`, `_TRAINED_TOKENS`): each
# line's tokens are the count less the count its rank's line before gave (`_running_tokens`)
_TOKENS_SEEN = frozenset({"num_consumed_tokens", "consumed_tokens", "tokens_seen", "num_tokens_seen"})
# a step time from a rate printed too coarsely to give one where the line's time does (`_step_values`)
_COARSE_STEP_TIME = "_coarse_step_time_s"
# a figure as Python prints a float: sign, digits, decimals, exponent
_FIGURE = r"[-+]?\d{1,20}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,3})?"
# a training loss by its name in two words, TensorFlow's speech_commands trainer's (and microWakeWord's): `Step #4000: rate
# 0.001000, accuracy 99.95%, ..., cross entropy 0.001472`
_CROSS_ENTROPY = re.compile(r"(?:^|[\s,;|])cross entropy[:=]?\s{1,4}"
                            r"(?P<v>[-+]?\d{1,12}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,3})?|[-+]?nan|[-+]?inf)(?![\w.])", re.I)
# RETURNN's objective of one output layer: `cost:output 19.2419147897`
_LAYER_COST = re.compile(r"\bcost:[A-Za-z_][\w/.]{0,80}\s{1,4}(?P<v>[-+]?\d{1,12}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,3})?)(?![\d.])")


# torchrun/torchelastic lines that make a file worth reading even without step lines: failures,
# restarts, the launch configuration, a training header, checkpoint loads and saves, a GPU
# running out of memory.
_LAUNCHER = re.compile(
    r"failed \(exitcode: -?\d+\)|^Child process \d{1,9} \(local_rank \d{1,7}\) FAILED \(exitcode -?\d{1,4}\)|"
    r"[Ww]orker group FAILED|will restart worker group|Restarting worker group|"
    r"Starting elastic_operator with launch configs|Running torch\.distributed\.run|Training starts at step \d+|"
    r"Received \d+ death signal|(?:Closing|Sending) process \d+ (?:via|closing) signal|Rendezvous complete for workers|"
    r"slurmstepd: error: \*\*\* (?:JOB|STEP) |srun: error: Node failure on |terminate called after throwing an instance of |"
    r"\b(?:loading|saving|loaded|saved|writing) (?:the |an? )?(?:[\w-]{1,40} )?checkpoint\b|\bcheckpoint saved\b|"
    r"CUDA out of memory|OutOfMemoryError|cuda runtime error \(2\) : out of memory|Saving current state to |"
    r": rank \d{1,7} (?:exited with code [1-9]|died from signal )|Reporting training (?:SUCCESS|FAILURE)|"
    r"^Error executing job with overrides: \[|Some NCCL operations have failed or timed out|"
    r"^Sender: LSF System <| - background_command_waiter - ERROR \] Command exited with status "
    r"|UnexpectedStatusException: Error for Training job "
    r"|\bdetermined\.core: Reported checkpoint to master "
    r"|\bresources (?:exited successfully with a zero|failed with non-zero) exit code"
    r"|, is localhost: (?:True|False), exception: |\] The experiment (?:completed successfully|failed)\. Finalizing run",
    re.I | re.M
    # (Hydra's word that the app it ran failed; ProcessGroupNCCL taking its process down; Determined's
    # trial logs as its container ends, and its Core API as a checkpoint is stored)
)


# torchtitan's own lines: its logger's "[titan] " opening, or its metrics line (`step: 10  loss:
# 3.91  ...  memory: 66.91GiB(37.51%)  tps: 10,050  ...`; `wps:` before tokens per second)
# under another logger's format (its colour codes cut from a copy leave their `m`: `mmemory: ...`)
_TORCHTITAN = re.compile(r"\[titan\] |memory:\s{0,8}[\d.]{1,20}GiB\([\d.]{1,20}%\)\s{1,8}[tw]ps:")


# A log that counts epochs only (nnU-Net's `epoch:  3`, then dated `train loss : 1.17` and
# `This epoch took 632.03 s` lines): the epoch number (not a fraction: HF's `'epoch': 0.27`), and
# the epoch's duration where a line says it
_EPOCH = re.compile(r"\bepoch\b\s{0,8}[:=#]?\s{0,8}\[?\s{0,8}(\d{1,9})(?![\d.%])", re.I)  # (not a bar's `epoch: 100%|`)
# (and JAX's tutorials' `Epoch 0 in 55.15 sec`; a script's `Epoch: 1/10, loss: 0.555, ... took: 12868.16 seconds`)
# (and an epoch line's field of seconds alone: `epoch   2 | D^2=+0.0019 | cross=0.2559 ... | 1311.5s | FID=211.59`,
# or its training's: `Epoch 02 loss 1.2394 | train 2.1s`)
_EPOCH_TOOK = re.compile(r"\bepoch\b.{0,120}?(?:\b(?:took:?|time:?|(?<![Tt]otal )(?<![Cc]umulative )duration:?"
                         r"|in(?= {1,4}\d))\s{0,8}"
                         r"|\|\s{0,4}(?:train(?:ing)? {1,4})?(?=[\d.]{1,30}s\s{0,4}(?:\||$)))"
                         r"(\d{1,9}(?:\.\d{1,20})?)\s{0,4}(?:s|secs?|seconds)\b", re.I)
# AllenNLP's trainer after each epoch (`allennlp.training.trainer - Epoch duration: 0:00:39.848754`), dated
_EPOCH_DURATION = re.compile(r"\bEpoch duration: (?P<t>(?:\d{1,6} days?, )?\d{1,2}:\d\d:\d\d(?:\.\d{1,9})?)\s*$")
# kuangliu/pytorch-cifar's `progress_bar` (copied into many research codebases) as its loop ends: "[===== 391/391 ====>]
# Step: 1s614ms | Tot: 1m28s | Loss: 0.307 | Acc: 89.386% (44693/50000)", `Step` the last batch's time, `Tot` the loop's
_KUANGLIU_TIME = r"(?:\d{1,6}(?:D|h|ms|m|s)){1,3}"  # (its `format_time`: `1m28s`, `5s148ms`, `2D3h`)
_KUANGLIU_BAR = re.compile(r"\]\s{1,4}Step: " + _KUANGLIU_TIME + r" \| Tot: (?P<tot>" + _KUANGLIU_TIME + r") \| Loss: "
                           r"(?P<l>\d{1,9}(?:\.\d{1,9})?)\b")
_KUANGLIU_COUNT = re.compile(r"(?<![(\d/])(\d{1,9})/(\d{1,9})(?=\s|$)")  # its count (not the accuracy's `(51/128)`)


# NVIDIA PhysicsNeMo's (Modulus') LaunchLog at each epoch's end: "[21:04:46 - train - INFO] Epoch 1 Metrics: Learning
# Rate =  1.000e-03, loss =  6.553e-01", then "... Epoch Execution Time:  3.241e+01s, Time/Iter:  1.013e+03ms"
_PHYSICSNEMO_EPOCH = re.compile(r"(?:^|\] )Epoch (?P<e>\d{1,9}) Metrics: (?:Learning Rate = {1,4}(?P<lr>" + _FIGURE +
                                r")(?:, |\s*$))?(?:[^\n]{0,2000}?\bloss = {1,4}(?P<l>" + _FIGURE + r"|nan|inf))?")
_PHYSICSNEMO_TIME = re.compile(r"(?:^|\] )Epoch Execution Time: {1,4}(?P<t>\d{1,9}(?:\.\d{1,20})?(?:e[-+]?\d{1,3})?)s\b")
# (or in milliseconds: "Epoch 1 took 844 ms", "Epoch 0 took 10754ms to complete"; the epoch's own words before it, its
# figures among them, not another phase's after a sentence's end, `Epoch 2 done. Saving checkpoint took 2500 ms`)
_EPOCH_TOOK_UNIT = re.compile(r"\bepoch\b(?:[^.;\n]|\.\d){0,60}?\btook\s{0,8}(\d{1,9}(?:\.\d{1,20})?)\s{0,4}"
                              r"(?:ms|milliseconds)(?![\w/])", re.I)
# MONAI's tutorials after each epoch's validation, the seconds with no unit (`print(f"time consuming of epoch {epoch + 1}
# is: {(time.time() - epoch_start):.4f}")`)
_MONAI_EPOCH_TIME = re.compile(r"\btime consuming of epoch \d{1,9} is: (\d{1,9}(?:\.\d{1,20})?)\s*$")
# FourCastNet's (and the NERSC tutorials' built on it) after each epoch: "Time taken for epoch 1 is 268.29 sec"
_EPOCH_TIME_TAKEN = re.compile(r"\bTime taken for epoch \d{1,9} is (\d{1,9}(?:\.\d{1,20})?)\s{0,4}(?:s|secs?|seconds)\b")
# the unit before the figure (DGL's examples: `Epoch 00004 | Loss 1.9054 | Time(s) 0.3943`, the mean of the
# epochs timed so far, `nan` before the first three are: each epoch's own time is taken from the means)
_EPOCH_TIME_UNIT_FIRST = re.compile(r"\bepoch\b.{0,120}?\| Time\(s\) (\d{1,9}(?:\.\d{1,20})?)(?![\d.])", re.I)
# an epoch's `time: N` with no unit as its line's last figure: seconds
# (or after a bar between its fields, no colon: DGL's examples' `Epoch 00000 | Loss 1.3169 | Accuracy 0.8565 | Time 65.8777`)
_EPOCH_TIME_LAST = re.compile(r"\bepoch\b.{0,80}?(?:\btime:|\| time )\s{0,8}(\d{1,9}(?:\.\d{1,20})?)\s{0,8}$", re.I)


# a line whose message ends at its epoch's number: the epoch opens (`Epoch 27/300`, `Going into epoch 35`);
# not one that reports it (`Epoch 1 done, lr 0.1`, `Epoch 3: loss 0.5`)
# an epoch's end marker as the line's message, its rules around it: "************ Epoch=1 end ************"
_EPOCH_END_MARK = re.compile(r"(?:^|\s)[*=#-]{3,40} ?Epoch ?[=:]? ?\d{1,9} end ?[*=#-]{3,40}\s*$", re.I)
# (a rule of its own around it too: PointNet's and its descendants' `**** EPOCH 000 ****`)
_EPOCH_OPENS = re.compile(r"\bepoch\s{0,4}[:#]?\s{0,4}\[?\d{1,9}(?:\s{0,4}/\s{0,4}\d{1,9})?\]?[\s.:=*#-]{0,8}$", re.I)


# a line that opens with the training loss (`train loss: 0.095 - train acc: 97.663 - val loss: 0.089`;
# PyTorch-Ignite's examples' `Train - loss: 1.17 `)
TRAIN_LOSS_AFTER_HEAD = 3  # lines from an epoch's head alone to its training loss's line (a rule and a learning rate between)
# (or chemprop's, every `log_frequency` batches: `Loss = 9.1933e-01, PNorm = 34.0157, GNorm = 3.3060, lr_0 = 3.7500e-04`)
# (PointNet's `log_string` of the mean over its last batches or file, `mean loss: 3.988140`; not its evaluation's
# `eval mean loss: 1.661698`)
_TRAIN_LOSS_LINE = re.compile(rf"\s{{0,8}}(?:train(?:ing)?(?:[ _]| - )loss|mean loss(?=: )"
                              rf"|(?-i:Loss)(?= = [-+\d.eE]{{1,30}}, PNorm = ))"
                              rf"\s{{0,4}}[:=]\s{{0,4}}(?P<v>{_FIGURE})(?![\d.])", re.I)
# Accelerate's examples' end of an epoch: its evaluation printed after the epoch's number
# (`accelerator.print(f"epoch {epoch}:", eval_metric)`: `epoch 0: {'accuracy': 0.77, 'f1': 0.85}`),
# or one figure (`epoch 3: 93.90`)
_EPOCH_RESULT = re.compile(r"epoch {1,2}\d{1,9} {0,2}: {1,2}(?:\{'[^{}]{1,2000}\}|\d{1,9}(?:\.\d{1,20})?)\s*$")
# a line opening with its epoch, after the word `train` (Flax's examples: `train epoch: 1, loss: 0.1293, accuracy: 96.04`)
# (or after the run it is of, the OGB examples' repeated runs in one process: `Run: 01, Epoch: 01, Loss: 0.5451`)
# (after its split too, a PyG example's runs over its dataset's splits: `Split: 01, Run: 01, Epoch: 200, Loss: 0.3514`)
_TRAIN_WORD = re.compile(r"train(?:ing)? {1,4}(?=epoch)|(?:Split: \d{1,4}, )?Run: \d{1,4}, (?=Epoch: )", re.I)
# the results an epoch prints per split of its data, training's first (OGB's examples' and DIG's `print({'Train':
# train_perf, 'Validation': valid_perf, 'Test': test_perf})`): the epoch's line, after its head `=====Epoch 3`
# (on its own line, the loops' words and bars between) or on the head's line
_SPLIT_RESULTS = re.compile(r"\s{0,8}\{'Train': [-+\d.{]")
SPLIT_RESULTS_AFTER_HEAD = 40  # lines from an epoch's head alone to its results (its loops' words and bars between)
# a loss an evaluation reports, not training's (`eval_loss_total`, `val_loss`, `best_val_loss`, `test loss`),
# or no loss at all (mixed precision's loss scale: `loss_scale`, `loss_scaler`)


# A script's own words for its epoch, batch and loss in Japanese, Chinese and Korean (`====> エポック 1/10, 平均損失:
# 3.2511`, `Epoch 3, 训练损失：0.52`, `  에폭 1 | 배치  100/469 ( 21.3%) | 손실 0.5377`), read as their
# English (the rules below are written in it); a full-width colon as a colon
_CJK_WORDS = (("エポック", "Epoch"), ("에폭", "Epoch"), ("訓練損失", "train_loss"), ("训练损失", "train_loss"),
              ("학습 손실", "train_loss"), ("平均損失", "loss"), ("平均损失", "loss"), ("損失", "loss"), ("损失", "loss"),
              ("손실", "loss"), ("：", ": "), ("Época", "Epoch"), ("Эпоха", "Epoch"), ("イテレーション", "iteration"),
              ("배치", "Batch"), ("バッチ", "Batch"))
_CJK_HINT = re.compile("|".join(word for word, _ in _CJK_WORDS))


def _in_english(text: str) -> str:
    """The line with its epoch and loss words in English (`_CJK_WORDS`); the line itself where it
    has none."""
    if _CJK_HINT.search(text) is None:
        return text
    for word, english in _CJK_WORDS:
        text = text.replace(word, english)
    return text


_ARROW = re.compile(r"[=\-]{0,8}>\s{0,4}|={3,40}(?=[Ee]poch)")
# a clock's field before the epoch's (MedSAM's `Time: 20240624-0426, Epoch: 0, Train Loss: 0.187`)
_LEADING_TIME = re.compile(r"(?:time|date)\s{0,2}[:=]\s{0,2}[\d\-:_T./]{4,40},\s{1,4}", re.I)


# a model loaded or restored from an epoch's checkpoint names that epoch (MACE's evaluation after training,
# `Loaded model from epoch 48`): a reference, whichever epoch it is
_LOADED_EPOCH = re.compile(r"\b(?:[Ll]oad(?:ed|ing)?|[Rr]estor(?:ed|ing))\b[^\n]{0,60}?\bfrom (?:the )?epoch"
                           r"\s{0,2}[:#]?\s{0,2}\d")


# A line's time at its start (`21-04-05 19:36:02.240 `, `[05/11 18:44:44]`): what a log's first line says after it is
# its message (`_appended_launches`)
_LEADING_STAMP = re.compile(r"[\[(]?\d[\d\-/:.,T ]{6,40}\d(?: [AP]M)?[\])]? ?")  # (pt.darts' `06/28 09:22:15 PM | `)
# a message that reports progress, no program's start (an epoch's or a step's, an evaluation's, a save's)
_PROGRESS_WORDS = re.compile(r"epoch|step|iter|loss|eval|valid|test|sav|checkpoint|\d/\d|%", re.I)
APPENDED_MESSAGE_MIN = 8  # characters of a first line's message for its repeat to name a launch
# the least time from the line before to a first line said again for it to be a launch (the same line from each rank
# of one start comes within milliseconds; a program's start-up takes seconds)
APPENDED_LAUNCH_GAP_NS = 5 * 10**9


_WANDB_RUN_ERRORED = re.compile(r"(?:wandb: ERROR )?Run \w{1,64} errored:")  # a W&B sweep agent's run that failed
_CLOCK_STAMPED = re.compile(r"\[\d{2}:\d{2}:\d{2}\] ")  # a line opening with the time of day in brackets


def _message(text: str) -> str:
    """A line's words after the time it opens with (`_LEADING_STAMP`); a line opening with no time as it is."""
    stamp = _LEADING_STAMP.match(text)
    return (text[stamp.end():] if stamp is not None else text).rstrip()


def _appended_launch_lines(lines: Sequence[Line], rows: LogRows) -> list[Line]:
    """A log its program appends to at each start (KAIR's `train.log`: `21-04-05 19:36:02.240 :   task: dncnn25`, its
    options, then `Random seed: 7603`; PySlowFast's `[05/11 18:44:44][INFO] train_net.py: 377: Train with config:`):
    its first line, dated, with a program's start for its message (no progress's words, `_PROGRESS_WORDS`), said again
    with the same line after it, after dated lines of other messages and at least `APPENDED_LAUNCH_GAP_NS` after the
    line before it, is a launch (each start that died before its first step among them); not the same line from each
    rank of one start, printed together (at most `APPENDED_LAUNCHES_MAX`)."""
    at = next((i for i, line in enumerate(lines) if line.text.strip()), None)
    blank = None  # the message of a logger's empty line the log opens with (pt.darts' `06/28 09:22:15 PM | `)
    if at is not None and lines[at].ts_ns is not None and not any(map(str.isalnum, _message(lines[at].text))):
        blank = _message(lines[at].text)
        at = next((i for i in range(at + 1, min(at + 4, len(lines))) if _message(lines[i].text) != blank), None)
    if at is None or at + 1 >= len(lines):
        return []
    first = lines[at]
    if first.ts_ns is None or first.rank is not None or _LEADING_STAMP.match(first.text) is None:
        return []
    message = _message(first.text)
    if len(message) < APPENDED_MESSAGE_MIN or _PROGRESS_WORDS.search(message) is not None:
        return []
    # (the line after it: past the first line said again at once, a start that printed nothing else, `START train.py`
    # twice 96 s apart, then `Load train df`)
    then = next((said for line in islice(lines, at + 1, None) if (said := _message(line.text)) != message), None)
    begun = {event["line"] for event in rows.events if event["kind"] == LogEventKind.ATTEMPT_START.value}
    last_ns, other_since, launches = first.ts_ns, False, 0
    found: list[Line] = []
    for i in range(at + 1, len(lines)):
        line = lines[i]
        if line.ts_ns is None or line.rank is not None:
            continue
        if blank is not None and line.text.rstrip().endswith(blank) and _message(line.text) == blank:
            continue  # (an empty line of its logger's: neither a message nor a silence's end)
        again = message in line.text and _message(line.text) == message
        # (said again right after itself: a launch where a minute or more passed, as a relaunch's silence is)
        apart = other_since or (last_ns is not None and line.ts_ns - last_ns >= RELAUNCH_SILENCE_NS)
        if (again and apart and last_ns is not None and line.ts_ns - last_ns >= APPENDED_LAUNCH_GAP_NS
                and i + 1 < len(lines) and _message(lines[i + 1].text) in (then, message)
                and line.number not in begun and launches < APPENDED_LAUNCHES_MAX):
            found.append(line)
            launches += 1
        other_since, last_ns = not again, line.ts_ns
    return found


# a file named as another stage's log than training's (`preprocess.log`, `eval_2.log`, `backup.log`)
_OTHER_STAGE_FILE = re.compile(r"(?:^|[_\-.\s])(?:eval(?:uation)?|test|val(?:id(?:ation)?)?|dev|predict(?:ion)?|infer(?:ence)?"
                               r"|prep(?:rocess(?:ing)?)?|data[_\-]?prep|download|tokeni[sz]e|score|export|backup|sync|cron"
                               r"|install|build|setup|serve|server)(?:$|[_\-.\s\d])", re.I)
# a file named as training's (`dp_train_numpy.log`, `train-2.log`): the word among its name's parts
_TRAINING_STEM = re.compile(r"(?:^|[_\-.\s])(?:train(?:ing)?|finetune|fine[_\-]tune|pretrain(?:ing)?)(?:$|[_\-.\s\d])", re.I)
# training in other languages' words, in a file's name or its lines (the Spanish `entrenamiento.log`, `Entrenamiento
# finalizado`; Portuguese, French, Turkish, Russian, Japanese, Chinese and Korean alike)
_TRAINING_ABROAD = re.compile(r"[Ee]ntrenamiento|[Tt]reinamento|(?<![A-Za-z])[Tt]reino(?![A-Za-z])|[Ee]ntra[iî]nement"
                              r"|(?<![A-Za-z])[Ee][gğ]itim|[Оо]бучени|学習|訓練|训练|학습|훈련")
_WARNING_WORD = re.compile(r"\b(?:WARN(?:ING)?|ERROR|CRITICAL|[Ww]arning|[Ee]rror|[Ee]xception)\b")


def _first_line_again(text: str) -> bool:
    """The head's first line said again as `_appended_launch_lines` reads a launch (pysot's `[2020-01-20
    09:35:25,930-rk0-train.py#271] Version Information: `, then the same again after the launch's other lines), its
    message no warning said at each start (`[asyncio][WARNING] - socket.send() raised exception.`): a log its program
    appends to at each start. The head's lines read as the parse reads them, so the claim and the launches agree."""
    lines = split_lines(text)
    if not lines or (first := next((line for line in lines if line.ts_ns is not None), None)) is None or (
            _WARNING_WORD.search(_message(first.text)) is not None):
        return False
    return bool(_appended_launch_lines(lines, LogRows("generic")))


def _appended_launches(lines: Sequence[Line], rows: LogRows) -> None:
    """The launches `_appended_launch_lines` finds, each an attempt_start of its own."""
    for line in _appended_launch_lines(lines, rows):
        rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=None, ts_ns=line.ts_ns,
                   detail="the log's first line again: a launch appended to it", raw=line.text, process=True)


_FIGURES = re.compile(r"\d[\d,.]{0,40}")  # a line's figures (`114,198,016`), set aside where two lines are compared


_FAILURE_KINDS = frozenset(kind.value for kind in FAILURE_EVENT_KINDS)

# chemprop 2's CLI as `chemprop train` begins (its log file keeps its logger's lines, not the bars): "2024-11-11T17:59:34 -
# INFO:chemprop.cli.main - Running in mode 'train' with args: {...}"
_CHEMPROP_TRAIN = re.compile(r"\bINFO:chemprop\.cli\.main - Running in mode 'train' with args: ")
# An RL loop's line that names its episode before a step count (the NJU AI course's DQN: `Episode 8 Step 8: Training Loss
# nan, Return 10.0`)
_EPISODE_FIRST = re.compile(r"(?:^|\] | - |: )Episode\s{0,2}:?\s{0,2}(?P<e>\d{1,12})\b")
EPISODE_ROWS_MIN = 3  # the fewest such lines of a rank for its episodes to say what its count is
EPISODE_DROPS_SHARE = 4  # the count falls back in one in this many changes at least (a resume's is rare)


def _episodes_as_steps(lines: Sequence[Line], rows: LogRows) -> None:
    """Step rows on lines that name their episode first (`_EPISODE_FIRST`), whose count goes back twice or more, in one
    in `EPISODE_DROPS_SHARE` of its changes at least, while the episodes only go on: the count is each episode's own
    (its length), and the episode is the row's step (else every drop read as a restart); a count that falls back now and
    then (a resume's) is left as it is."""
    wanted = {row["line"] for row in rows.steps}
    episodes: dict[int, int] = {}
    for line in lines:
        if line.number in wanted and "pisode" in line.text and (named := _EPISODE_FIRST.search(line.text)) is not None:
            episodes[line.number] = int(named.group("e"))
    if len(episodes) < EPISODE_ROWS_MIN:
        return
    by_rank: dict[int | None, list[dict[str, Any]]] = {}
    for row in rows.steps:
        if row["line"] in episodes:
            by_rank.setdefault(row["rank"], []).append(row)
    for seq in by_rank.values():
        if len(seq) < EPISODE_ROWS_MIN or any(episodes[b["line"]] <= episodes[a["line"]] for a, b in pairwise(seq)):
            continue
        drops = sum(1 for a, b in pairwise(seq) if b["step"] < a["step"])
        changes = sum(1 for a, b in pairwise(seq) if b["step"] != a["step"])  # (an episode's length at its cap, again)
        if drops >= 2 and drops * EPISODE_DROPS_SHARE >= changes:
            for row in seq:
                row["step"] = episodes[row["line"]]


# Distiller's (ai8x-training's) evaluation as its classifier runs it each epoch and at the end: its header
# (`--- validate (epoch=0)-----------`, `--- test (best) ---------------------`), its loop's rows, then its result
# (`==> Top1: 83.369    Loss: 0.423`): from the header's line to the result's
_DISTILLER_EVAL = re.compile(r"(?:^|\] | - )--- (?:validate \(epoch=\d{1,9}\)|test \([a-z]{1,20}\)) ?-{3,80}\s*$")
_DISTILLER_RESULT = re.compile(r"(?:^|\] | - )==> Top1: ")
DISTILLER_EVAL_LINES = 200  # the most lines from its header to its result (its loop's rows, a confusion matrix)


def _distiller_evaluations(lines: Sequence[Line], rows: LogRows) -> None:
    """Distiller's evaluations (`_DISTILLER_EVAL`), each from its header's dated line to its result's."""
    for i, line in enumerate(lines):
        if line.ts_ns is None or "--- " not in line.text or _DISTILLER_EVAL.search(line.text) is None:
            continue
        done = next((later for later in islice(lines, i + 1, i + 1 + DISTILLER_EVAL_LINES)
                     if "==> Top1: " in later.text and _DISTILLER_RESULT.search(later.text) is not None), None)
        if done is not None and done.ts_ns is not None and done.ts_ns > line.ts_ns and done.rank == line.rank:
            rows.event(LogEventKind.EVAL_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                       detail="Distiller's evaluation")
            rows.event(LogEventKind.EVAL_END, line=done.number, rank=line.rank, ts_ns=done.ts_ns,
                       detail="Distiller's evaluation")


def _undated_relaunches(lines: Sequence[Line], rows: LogRows) -> None:
    """An undated log its program appends to at each start (RAFT's `train.log` under `tee -a`: `Training with:`, then
    `lr=0.0004, batch_size=2`): its first line (a program's start, no progress's words, no table's row) said again
    with the same line after it (its figures aside: Diffusion-SVC's `--- model size ---`, then `model: 114,198,016`,
    a later launch's `model: 118,881,792`), after a step line of the run since it was said before, and before steps that count
    from no further than the steps before it (the run's count starting again), is a launch (at most
    `APPENDED_LAUNCHES_MAX`; the same lines from each rank of one start have no step between them, a message a loop
    prints each epoch is followed by its count going on); or, steps or none, after a failure since it was said before
    (DomainBed's `Environment:` then `\tPython: 3.13.5`, a launch that raised before its first step, then the next),
    not where it was said again before any failure or step (each process of one launch its copy: a copy after a failure
    may be a slower process's of the same launch)."""
    at = next((i for i, line in enumerate(lines) if line.text.strip()), None)
    failures = sorted(e["line"] for e in rows.events if e["kind"] in _FAILURE_KINDS)
    if (at is None or at + 1 >= len(lines) or lines[at].ts_ns is not None or lines[at].rank is not None
            or not (rows.steps or failures)):
        return
    message, following = lines[at].text.strip(), lines[at + 1].text.strip()
    if len(message) < APPENDED_MESSAGE_MIN or _PROGRESS_WORDS.search(message) is not None or message[:1] in "|+":
        return
    # (its figures aside where it names no progress and the first line has words: `model: 114,198,016`; not a rule of
    # dashes then `Epoch 2/10`, a banner over each epoch's lines)
    masked = _PROGRESS_WORDS.search(following) is None and any(map(str.isalnum, message))
    then = _FIGURES.sub("0", following) if masked else following
    # (the line said again before any failure or step: several processes print it, each task of one launch its copy,
    # torchrun's banner from each node, and a copy after a failure may be a slower task's of the same launch: no failure
    # says a launch then)
    until = min(failures[:1] + [row["line"] for row in rows.steps], default=None)  # (the first failure's or step's line)
    earlier = takewhile(lambda line: until is None or line.number < until, islice(lines, at + 1, None))
    if failures and any(line.text.strip() == message for line in earlier):
        failures = []
    stepped = sorted((row["line"], row["step"]) for row in rows.steps if row["rank"] is None)
    step_lines = [number for number, _ in stepped]
    # (DeepXDE's next training call in the same process, L-BFGS after Adam: the call before returned, `'train' took
    # 206.9 s`, then `Compiling model...` again and its loss table opening at the step the call before reached, the count
    # going on; a relaunch after a kill repeats its table's first row with no return between)
    deepxde = {row["line"] for row in rows.steps if row["rank"] is None and row.get("framework") == "deepxde"}
    returned = [line.number for line in lines if line.text[:13] == "'train' took "] if deepxde else []
    said_at, launches = lines[at].number, 0
    for i in range(at + 1, len(lines) - 1):
        line = lines[i]
        if line.ts_ns is not None or line.rank is not None or line.text.strip() != message:
            continue
        before, after = bisect_right(step_lines, said_at), bisect_right(step_lines, line.number)
        failed = bisect_right(failures, line.number) > bisect_right(failures, said_at)
        if ((_FIGURES.sub("0", lines[i + 1].text.strip()) if masked else lines[i + 1].text.strip()) == then
                and (failed or (before < after and after < len(stepped) and stepped[after][1] <= stepped[after - 1][1]
                                and not (stepped[after][0] in deepxde and stepped[after][1] == stepped[after - 1][1]
                                         and bisect_right(returned, stepped[after - 1][0])
                                         < bisect_left(returned, line.number))))
                and launches < APPENDED_LAUNCHES_MAX):
            rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=None, ts_ns=None,
                       detail="the log's first line again after a failure: a launch appended to it" if failed
                       else "the log's first line again after its steps: a launch appended to it", raw=line.text,
                       process=True)
            launches += 1
        said_at = line.number


# A k-fold cross-validation's banner as a fold's training begins, alone on its line between rules or blanks (the Nakama
# template Kaggle solutions copy: `========== fold: 0 training ==========`; `       Training fold: 0       ` between
# rules of dashes; `=== FOLD 0 (train 351312 / valid 87828) ===`; `Fold 2/5`; `Fold 0 training started`): its fold's
# number. Not a fold's result's (`Fold: 0 result`), its training's end (`Fold 0 training finished in 31.2s`) or loss
_FOLD_BANNER = re.compile(r"[\s=\-*#>|]{0,80}(?:(?:Training|TRAINING|Train|TRAIN) (?:on )?)?(?:[Ff]old|FOLD)\s{0,4}[:#]?\s{0,4}"
                          r"(?P<k>\d{1,4})(?:\s{0,4}/\s{0,4}\d{1,4})?"
                          r"(?:\s{1,4}(?:\([^()\n]{0,120}\)|(?:training|TRAINING)(?: (?:started|starts|begins))?"
                          r"|train\s{1,4}\d[^\n]{0,120}?))?[\s=\-*#<|]{0,80}")


_DIGITS = re.compile(r"\d+")

# A run's training bar whose readings the step lines' counts agree with, drawn on those lines (LeRobot's train.py:
# `Training:   1% 200/20000 [07:01<10:34:05,  1.92s/step]INFO 2026-08-01 15:50:31 ot_train.py:641 step:200 ...`): its
# description the word training alone, then tqdm's percentage (no pipes, as Colab keeps it) or bar
_TRAINING_BAR_HEAD = re.compile(r"\s{0,8}(?:[Tt]rain(?:ing)?|TRAIN(?:ING)?) {0,4}: {0,4}\d{1,3}%")  # (tqdm pads to 3 places)
TRAILING_BAR_AGREEING = 2  # the step lines a bar's readings must agree with before its later readings are steps
TRAILING_BAR_ANCHOR_S = 5  # the most the bar's start, by its readings on dated lines, may differ between them


def _training_bar_reading(line: Line) -> BarReading | None:
    """The latest reading of a bar described as training alone on the line (`_TRAINING_BAR_HEAD`), of no rank's."""
    if line.rank is not None or ("rain" not in line.text[:24] and "RAIN" not in line.text[:24]):
        return None
    drawn = bar_readings(line.text)
    if drawn and drawn[-1].total is not None and _TRAINING_BAR_HEAD.match(line.text, 0, drawn[-1].start):
        return drawn[-1]
    return None


def _trailing_bar(lines: Sequence[Line], rows: LogRows) -> None:
    """The training bar's last reading after the run's last step line, where the bar's readings on step lines agree
    with their steps (`_TRAINING_BAR_HEAD`, at least `TRAILING_BAR_AGREEING`): the run went on to its count, seen
    only by the bar (LeRobot's log of a run stopped at step 5025 of 20000, its last step line step 3000). Its row is
    timed by the bar's clock from the bar's start, which the dated lines it was drawn on say (`tqdm`); none where they
    disagree (two bars)."""
    stepped = {row["line"]: row["step"] for row in rows.steps if row["rank"] is None}
    if not stepped:
        return
    # (the step lines first, a look at a few of the file's lines; then only the lines after the last of them)
    numbers = lines.numbers if isinstance(lines, Lines) else [line.number for line in lines]
    on_steps: list[tuple[Line, BarReading]] = []
    for number, step in stepped.items():
        at = bisect_right(numbers, number) - 1
        if at >= 0 and numbers[at] == number and (drawn := _training_bar_reading(lines[at])) is not None:
            if drawn.n != step:
                return  # (a bar that counts something else)
            on_steps.append((lines[at], drawn))
    if len(on_steps) < TRAILING_BAR_AGREEING:
        return
    last_line = max(stepped)
    after = [(line, drawn) for line in islice(lines, bisect_right(numbers, last_line), None)
             if (drawn := _training_bar_reading(line)) is not None]
    if not after or after[-1][1].n <= max(stepped.values()):
        return
    starts = [line.ts_ns - reading.elapsed_s * 10**9 for line, reading in on_steps if line.ts_ns is not None]
    if not starts or max(starts) - min(starts) > TRAILING_BAR_ANCHOR_S * 10**9:
        return
    line, reading = after[-1]
    rows.step(line=line.number, rank=None, step=reading.n, end_ns=sorted(starts)[len(starts) // 2] + reading.elapsed_s * 10**9,
              time_source="tqdm", **({"step_time_s": reading.seconds_per_item} if reading.seconds_per_item else {}))
    rows.steps[-1]["framework"] = next(row["framework"] for row in reversed(rows.steps[:-1]) if row["rank"] is None)


def _fold_sections(lines: Sequence[Line], rows: LogRows) -> None:
    """A k-fold cross-validation in one process (`_FOLD_BANNER`, its folds' numbers going up): each fold's count, that
    starts over with its fold (from 0 or 1), goes on from the count the folds before it reached, so the folds are the
    steps of one run, no restarts; a banner whose fold does not go up (fold 0 again after fold 0 or 3) before a step
    of the fold it opens is the script launched again, its log opened to append. A log of such banners alone, no fold
    going up, is that many launches. Only where the log holds two banners or more, all of one process's (no rank), and
    not where a later fold's banner comes twice in a row (each rank printing it, no prefix to tell them apart)."""
    own = [row["step"] for row in sorted((row for row in rows.steps if row["rank"] is None), key=lambda row: row["line"])]
    if own and all(a <= b for a, b in pairwise(own)):
        return  # (no count started over: no fold to go on from, nor a launch to tell; the lines not looked at)
    texts = lines.texts if isinstance(lines, Lines) else [line.text for line in lines]
    banners = [(line, int(found.group("k"))) for at, text in enumerate(texts) if "old" in text or "OLD" in text
               if (found := _FOLD_BANNER.fullmatch(_message((line := lines[at]).text))) is not None]
    if len(banners) < 2 or any(line.rank is not None for line, _ in banners):
        return
    rowed = sorted(row["line"] for row in rows.steps if row["rank"] is None)
    if rowed:
        # (the banners written as those that open a fold's steps are: not a split's summary before them, `Fold 0` then
        # its sizes, nor the scores' after them)
        shapes = [_DIGITS.sub("#", _message(line.text).strip()) for line, _ in banners]
        opening = {shape for shape, (line, _), following in zip(shapes, banners, [*banners[1:], None], strict=True)
                   if bisect_right(rowed, line.number) < bisect_right(rowed, following[0].number if following else 1 << 62)}
        banners = [banner for banner, shape in zip(banners, shapes, strict=True) if shape in opening]
        if len(banners) < 2:
            return
    first_fold = banners[0][1]
    for (before, k_before), (after, k_after) in pairwise(banners):
        if k_after == k_before > first_fold and bisect_right(rowed, before.number) == bisect_right(rowed, after.number):
            return  # (a later fold's banner said twice with no step between: two processes printing side by side)
    if not rows.steps and max(k for _, k in banners) > first_fold:
        return  # (folds that went on with no step this reader knows: no launches to tell)
    items = sorted([(line.number, 0, fold, line) for line, fold in banners]
                   + [(row["line"], 1, 0, row) for row in rows.steps if row["rank"] is None], key=lambda item: item[:2])
    begun = sorted(event["line"] for event in rows.events if event["kind"] == LogEventKind.ATTEMPT_START.value)
    fold: int | None = None
    offset, top, raw_last, since = 0, None, None, 0  # (since: the line of the last row or banner that opened a section)
    shift = False  # a fold began: its count may start over
    launches = 0
    for number, is_row, said, item in items:
        if is_row:
            row = item
            if shift and raw_last is not None and row["step"] <= raw_last and top is not None:
                offset = top + 1 - row["step"]  # (the fold's first count the step after the folds' before)
            shift = False
            raw_last = row["step"]
            row["step"] += offset
            top = row["step"] if top is None else max(top, row["step"])
            since = number
            continue
        if fold is not None and said > fold:
            shift = True
        elif ((fold is not None or not rows.steps) and launches < APPENDED_LAUNCHES_MAX
              and (not rows.steps or bisect_right(rowed, number) < len(rowed))):
            # (a fold said again or gone back, a step after it: a launch, where no other rule began one since the last
            # row; not a summary's fold after the run's last step)
            if bisect_right(begun, number) == bisect_right(begun, since):
                rows.event(LogEventKind.ATTEMPT_START, line=number, rank=None, ts_ns=item.ts_ns,
                           detail="a k-fold run's fold that did not go on: a launch appended to the log", raw=item.text,
                           process=True)
                launches += 1
            offset, top, raw_last, shift = 0, None, None, False
        fold, since = said, number


def _clock_restarts(restarts: Sequence[Line], rows: LogRows) -> None:
    """An undated log its program appends to at each start, its step lines printing the seconds since training began
    (deep-text-recognition-benchmark's and EasyOCR's `log_train.txt`, opened to append: `[1/30] Train loss: 3.47777,
    Valid loss: 3.49504, Elapsed_time: 4.37409`, then `[1/10] ... Elapsed_time: 2.87861`): a step line whose count
    did not go forward and whose clock went back is a launch, the run's clock started again. Not where such lines come
    at every few steps (`APPENDED_RESTARTS_MAX` or more, one for every `APPENDED_RESTART_ROWS` step rows or fewer): two
    processes printing side by side."""
    if not restarts or len(restarts) > APPENDED_LAUNCHES_MAX:
        return
    undated = sum(1 for row in rows.steps if row["rank"] is None and row.get("end_ns") is None)
    if len(restarts) >= APPENDED_RESTARTS_MAX and len(restarts) * APPENDED_RESTART_ROWS > undated:
        return
    for line in restarts:
        rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=None, ts_ns=None,
                   detail="its count and its clock since training began started again: a launch appended to the log",
                   raw=line.text, process=True)


def _argument_dump_relaunches(lines: Sequence[Line], rows: LogRows) -> None:
    """A log that opens with its script's arguments as argparse prints them, undated (PointNet's train.py and its
    descendants', `log_string(str(FLAGS))` into a log_train.txt it opens to append: `Namespace(DUMP_DIR='...',
    batch_size=2, ...)`): each later such dump, after a dated line since the one before, is the script launched again,
    whether or not the launch before logged a step (nine launches of VoteNet that died in their first epoch, then one
    that went on); it starts at its first dated line (at most `APPENDED_LAUNCHES_MAX`)."""
    at = next((i for i, line in enumerate(lines) if line.text.strip()), None)
    if (at is None or lines[at].ts_ns is not None or lines[at].rank is not None
            or not lines[at].text.startswith("Namespace(") or _ARGS_DUMP.match(lines[at].text) is None):
        return
    begun = {event["line"] for event in rows.events if event["kind"] == LogEventKind.ATTEMPT_START.value}
    dumped, dated_since, launches = False, False, 0
    for line in lines[at + 1:]:
        if line.rank is not None:
            continue
        if line.ts_ns is None:
            if line.text.startswith("Namespace(") and dated_since and _ARGS_DUMP.match(line.text) is not None:
                dumped, dated_since = True, False
            continue
        if dumped and line.number not in begun and launches < APPENDED_LAUNCHES_MAX:
            rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=None, ts_ns=line.ts_ns,
                       detail="the log's first line again: a launch appended to it", raw=line.text, process=True)
            launches += 1
        dumped, dated_since = False, True


_STARTS_OR_FAILURES = frozenset({LogEventKind.ATTEMPT_START.value, LogEventKind.RESTART.value, LogEventKind.CRASH.value,
                                 LogEventKind.OOM.value, LogEventKind.COLLECTIVE_TIMEOUT.value, LogEventKind.HANG.value})
# coloredlogs' default format (alpha-zero-general's and other scripts' logger): `2024-05-16 21:44:57 a4eae8bf3f6b
# Coach[9078] INFO Starting Iter #1 ...`, its host, its logger's name and its process's id
_COLOREDLOGS = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:[.,]\d{1,9})? (?P<host>\S{1,253}) [\w.]{1,120}\[(?P<pid>\d{1,9})\] "
                          r"(?:DEBUG|INFO|WARNING|ERROR|CRITICAL) ")


def _new_process_ids(lines: Sequence[Line], rows: LogRows) -> None:
    """A log whose lines name their host and process's id (`_COLOREDLOGS`): where an id not seen before comes after
    every id before it has printed its last line, on another host or a minute or more (`RELAUNCH_SILENCE_NS`) after
    the line before, a new process took over (a relaunch appended to the log, its first line a launch); not a pool's workers,
    a parent's child, nor processes printing side by side (at most `APPENDED_LAUNCHES_MAX`)."""
    first = next((line for line in lines if line.ts_ns is not None), None)
    if first is None or "[" not in first.text or _COLOREDLOGS.match(first.text) is None:
        return
    seen: list[tuple[Line, str, str]] = [(line, named.group("host"), named.group("pid")) for line in lines
                                         if line.ts_ns is not None and "] " in line.text
                                         and (named := _COLOREDLOGS.match(line.text)) is not None]
    last_at = {pid: i for i, (_, _, pid) in enumerate(seen)}
    first_at: dict[str, int] = {}
    for i, (_, _, pid) in enumerate(seen):
        first_at.setdefault(pid, i)
    begun = {event["line"] for event in rows.events if event["kind"] == LogEventKind.ATTEMPT_START.value}
    ended_by = -1  # the last line's index of any id seen so far
    launches = 0
    for i, (line, host, pid) in enumerate(seen):
        if i and first_at[pid] == i and ended_by < i and launches < APPENDED_LAUNCHES_MAX and line.number not in begun:
            before, before_host, _ = seen[i - 1]
            if host != before_host or (line.ts_ns is not None and before.ts_ns is not None
                                       and line.ts_ns - before.ts_ns >= RELAUNCH_SILENCE_NS):
                rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           detail="a new process's id in its lines: a relaunch", raw=line.text, process=True)
                launches += 1
        ended_by = max(ended_by, last_at[pid])


# A banner over a section of a log: a title between rules (`============ Testing on the test set ============`)
_SECTION_BANNER = re.compile(r"(?:^|\s)[=*#~-]{3,40} {0,4}(?P<t>[A-Za-z][^=*#~\n]{1,80}?) {0,4}[=*#~-]{3,40}\s*$")
_RULE_ENDS = frozenset({"===", "---", "***", "###", "~~~"})


def _ends_nearest_their_own_lines(numbered: Sequence[_Epoch]) -> None:
    """In a log that names only some epochs, an epoch's end moved past its own line that names it (its loss, its
    learning rate and duration printed after it) to a line nearer in time to the next named epoch's own line than to
    its own is one of the unnamed epochs between's: GPTime's `Epoch 10    [Avg. Loss, Loss]: [10.4449, 7.1693], 0`,
    its scheduler's `Changed learning rate. Current lr = 0.0005` printed at epoch 20's end, 73 s on, with epoch 20's
    own line. That epoch ends at its own line. (Of consecutive epochs, the lines after one's own are its own: its
    evaluation, however long.)"""
    for epoch, after in pairwise(numbered):
        if (after.number != epoch.number + 1 and epoch.named_ns is not None and epoch.end_ns is not None
                and after.named_ns is not None
                and epoch.line != epoch.named_line and epoch.named_ns <= epoch.end_ns <= after.named_ns
                and epoch.end_ns - epoch.named_ns > after.named_ns - epoch.end_ns):
            epoch.line, epoch.end_ns = epoch.named_line, epoch.named_ns


def _epochs_by_heads(rows: LogRows, rank: int | None, numbered: Sequence[_Epoch]) -> None:
    """A rank's epochs that print only their dated heads (RandLA-Net's `20220508 15:22:16 INFO: **** EPOCH 000
    ****`, its evaluation's head and results after it): each epoch whose next one's head came runs from its head to
    that one's, its step; one a relaunch's head followed (its number not the next) or the file's end is not known to
    have finished, and makes none."""
    for epoch, after in pairwise(numbered):
        # (from its last head, a relaunch's that began it again, to the next epoch's first)
        if (after.number == epoch.number + 1 and epoch.start_ns is not None and after.head_ns is not None
                and after.head_line is not None and after.head_ns >= epoch.start_ns):
            rows.step(line=after.head_line, rank=rank, step=epoch.number, end_ns=after.head_ns,
                      step_time_s=(after.head_ns - epoch.start_ns) / 1e9)


# Keras' callbacks at an epoch's end, naming it as its head did (`Epoch 1/20`): ModelCheckpoint's `Epoch 00001: saving
# model to ...` and `Epoch 3: val_loss improved from 0.51 to 0.48, saving model to ...` (or `did not improve from`),
# ReduceLROnPlateau's `Epoch 00012: ReduceLROnPlateau reducing learning rate to ...`, EarlyStopping's `Epoch 00020:
# early stopping`
_KERAS_EPOCH_END = re.compile(r"Epoch (\d{1,9}): (?:saving model to \S|[\w.]{1,200} (?:improved from|did not improve from) "
                              r"|ReduceLROnPlateau reducing |early stopping\b)")


def _names_an_earlier_epoch(text: str, numbered: Sequence[_Epoch] | None) -> bool:
    """Whether the line names an earlier epoch than the current one in parentheses, in passing
    (`Best val_loss: 7.8167 (epoch 45)` after epoch 65), or after a best figure's word (MONAI's
    tutorials' `best mean dice: 0.7918 at epoch: 276` after epoch 300), or the epoch a model was
    loaded from: a reference, no epoch's line."""
    if "from " in text and _LOADED_EPOCH.search(text) is not None:
        return True
    if not numbered or (match := _EPOCH.search(text)) is None:
        return False
    return int(match.group(1)) < numbered[-1].number and (
        text[match.start() - 1:match.start()] == "(" or "best" in text[:match.start()].lower())


# GraphGym's training pipelines as they start (PyG's `torch_geometric.graphgym`, GraphGPS): "Start from epoch 0"
_GRAPHGYM_START = re.compile(r"(?:^|\] |: |- )Start from epoch \d{1,9}\s*$")
# nnU-Net's trainer's own lines (`_nnunet_log`)
_NNUNET = re.compile(r"^Please cite the following paper when using nnU-Net:"
                     r"|(?:^|: )(?:Average global foreground Dice:?|Pseudo dice) \[")
_MONAI_END = re.compile(MONAI_END_PATTERN)  # MONAI's tutorials' end (`_events.MONAI_END_PATTERN`)
_CONTINUAL_END = re.compile(r"=> Total training time = \d{1,9}(?:\.\d{1,9})? seconds\s*$")  # (`detect`)
# PaddleOCR's training script as it builds its training's loader (its evaluation and inference scripts build none):
# "[2025/07/30 18:09:12] ppocr INFO: train dataloader has 109 iters" (2022's under `root`)
_PADDLEOCR_TRAIN_SETUP = re.compile(r"(?:^|\] )(?:ppocr|root) INFO: train dataloader has \d{1,12} iters\b")
FEDML_LINES = 2  # lines with FedML's prefix (`FEDML_PREFIX`) that make a file a FedML process's log
# a trainer's word that an epoch's training finished, its epoch's number (of the total) after it, then its figures
# (ashawkey's Trainer: `==> Finished Epoch 7.`, `==> Finished Epoch 7, average_loss=0.0123`, `==> Finished Epoch 7/30.`)
_EPOCH_FINISHED = re.compile(r"(?:=+> ?)?Finished [Ee]poch (?P<e>\d{1,9})(?:/\d{1,9})?(?:[.,:]|\s*$)")
# a script's word alone on its line that it evaluates now (a PaddlePaddle exercise's `testing in eval mode……`,
# `Evaluating...`, `Validating:`), the line after it the evaluation's result
_EVALUATION_SAID = re.compile(r"\s{0,8}(?:[Tt]esting|[Ee]valuating|[Vv]alidating)\b[^\n]{0,40}?(?:\.{2,3}|…{1,3}|:)\s*$")
EVALUATION_SAID_LINES = 1


def _undated_epoch_line(text: str) -> int | None:
    """The epoch a line opens with (`Epoch: 3, ...`, `train epoch: 1, ...`), where the line is no
    progress bar and gives a training loss (`Epoch: 3, lr: 9.47e-04 - train loss: 7.44e-01 - valid
    loss: 4.13e-01`; any key naming a loss but an evaluation's: `epoch=0  train_loss_total=0.6695`),
    the epoch's duration (`Epoch 0 in 55.15 sec`) or an Accelerate example's result (`_EPOCH_RESULT`)."""
    if "%|" in text:
        return None
    body = text.lstrip()
    if body[:2] in ("==", "--", "=>", "->") and (arrow := _ARROW.match(body)) is not None:
        body = body[arrow.end():]  # (pytorch/examples' VAE: `====> Epoch: 1 Average loss: 164.2372`)
    elif body[:1] in "TtDd" and (clock := _LEADING_TIME.match(body)) is not None:
        body = body[clock.end():]
    head = _TRAIN_WORD.match(body)
    # (or after an opening bracket: KAIR's `<epoch:  1, lr:1.000e-04> loss: 3.731e-01`)
    if (epoch := _EPOCH.match(body, head.end() if head is not None else 1 if body[:1] in "<[(" else 0)) is None:
        return None
    if (_named_loss(body) or _EPOCH_TOOK.match(body, epoch.start()) is not None
            or ("took" in body and _EPOCH_TOOK_UNIT.match(body, epoch.start()) is not None)
            or (" - train " in body and _TRAIN_STAGE_STAT.search(body, epoch.end()) is not None)
            or (head is None and (_EPOCH_RESULT.match(body) is not None or _SPLIT_RESULTS.match(body, epoch.end())))):
        return int(epoch.group(1))
    return None


# SpeechBrain's train_log.txt: its training stage's statistic after the epoch, whatever the recipe's objective is named
# (a separation recipe's `epoch: 1, lr: 1.50e-04 - train si-snr: 1.96 - valid si-snr: 8.69e-02`)
_TRAIN_STAGE_STAT = re.compile(r" - train [A-Za-z][\w-]{0,40}: [-+]?\d")


def _named_loss(text: str) -> bool:
    """The line gives a training loss by any name (`training_loss_key`, in capitals too: `LOSS 3.677785`), a
    number or one that is none (`nonfinite_loss`), or a term of one (BAGEL's `Train Loss mse: 0.0139, Train Loss
    ce: 0.0539`)."""
    return ("oss" in text or ("OSS" in text and _CAPITAL_LOSS.search(text) is not None)) and (
        any(training_loss_key(k) for k, _ in iter_numbers(text)) or nonfinite_loss(text) or _LOSS_TERM.search(text) is not None)


# a loss named in capitals, a word of its own (ECAPA-TDNN's `LOSS 3.677785`): not an evaluation's (`VAL LOSS: 0.85`), nor a
# config key's part (`cfg.MODEL.POINT_HEAD.LOSS_CONFIG.LOSS_WEIGHTS.point_cls_weight: 1.0`)
_CAPITAL_LOSS = re.compile(r"(?<!VAL )(?<!VALID )(?<!TEST )(?<!EVAL )(?<!VALIDATION )(?<![\w.])LOSS(?![\w.])")


# a term of a training loss after the word (`Train Loss mse: 0.0139`): no total, but a step's figure
_LOSS_TERM = re.compile(r"\b[Tt]rain(?:ing)? [Ll]oss [A-Za-z_]\w{0,30}: {0,4}[-+]?\d")


def _epoch_said_at(epoch: _Epoch, text: str) -> int | None:
    """The line of the epoch's own figures, else of its head alone where `text` is the run's summary (its final,
    total or mean loss: not an epoch's own figures printed after an early stop's word)."""
    if epoch.line is not None:
        return epoch.line
    return epoch.head_line if _RUN_SUMMARY_LOSS.search(text) is not None else None


# a run's own summary of its loss (`Final training loss: 1.1465`, `Average train loss: 0.42`)
_RUN_SUMMARY_LOSS = re.compile(r"\b(?:[Ff]inal|[Oo]verall|[Tt]otal|[Aa]verage|[Mm]ean) (?:train(?:ing)? )?loss\b")


class _Epoch:
    """One epoch of a log that counts epochs only: its number, its last dated line of its own
    (its end: the lines an epoch prints, its loss, learning rate and duration, come after its
    training), the first loss it reports and the duration a line gives."""

    __slots__ = ("number", "line", "end_ns", "loss", "took_s", "elapsed_s", "mean_s", "timed", "rounding", "start_line",
                 "start_ns", "framework", "opened_at", "head_line", "head_ns", "named_line", "named_ns")

    def __init__(self, number: int) -> None:
        self.number = number
        self.line: int | None = None
        self.end_ns: int | None = None
        self.loss: float | None = None
        self.took_s: float | None = None
        self.elapsed_s: float | None = None  # the time since training began, where a line gives that instead
        self.mean_s: float | None = None  # the mean time of the epochs timed so far, where a line gives that instead
        self.timed = 0  # the epochs that mean is over
        self.rounding = 0.0  # the rounding of the sum that mean is of, or of that time since training began, as printed
        self.start_line: int | None = None  # the dated line that opened it (`Epoch 27/300`)
        self.start_ns: int | None = None
        self.framework: str | None = None  # the framework its opening line's logger names
        self.opened_at = 0  # the line that named it first
        self.head_line: int | None = None  # its first dated head's line and time (a relaunch's head again moves `start_*`)
        self.head_ns: int | None = None
        self.named_line: int | None = None  # its last dated line of its own that names it, and that line's time
        self.named_ns: int | None = None

    def seconds(self) -> float | None:
        """The duration a line gives, else the time from the dated line that opened the epoch to
        its last line of its own, where those are two lines."""
        if self.took_s is not None:
            return self.took_s
        if self.start_ns is None or self.end_ns is None or self.line == self.start_line or self.end_ns <= self.start_ns:
            return None
        return (self.end_ns - self.start_ns) / 1e9


# DGL-KE's trainer every `log_interval` steps, each process (`[proc N]`, its rank) its averages over the interval, one a
# line: "[proc 0][Train](1900/24000) average loss: 0.3907627931237221" (the step, and the run's total), then the
# interval's time: "[proc 0][Train] 100 steps take 0.726 seconds"
_DGLKE_STEP = re.compile(rf"\s{{0,8}}\[proc (?P<r>\d{{1,6}})\]\[Train\]\((?P<s>\d{{1,15}})/\d{{1,15}}\) "
                         rf"average (?P<k>\w{{1,40}}): (?P<v>{_FIGURE}|nan)\s*")
_DGLKE_TIME = re.compile(rf"\s{{0,8}}\[proc (?P<r>\d{{1,6}})\]\[Train\] (?P<k>\d{{1,9}}) steps take (?P<t>{_FIGURE}) seconds\s*")
# PyTorch-BigGraph's trainer: each edge chunk of an epoch's edge path begun and finished ("Starting epoch 1 / 50, edge
# path 1 / 1, edge chunk 1 / 1", "Finished epoch 1 / 50, edge path 1 / 1, edge chunk 1 / 1"), between them each bucket's
# time and loss ("( 0 , 0 ): bucket 1 / 1 : Processed 483142 edges in 17.36 s ( 0.028 M/sec ); io: ...", "( 0 , 0 ):
# loss:  309.695 , violators_lhs: ..."): the chunk a step, counted through the run's epochs, paths and chunks
_PBG_CHUNK = re.compile(r"(?:^|\] |\s)(?P<w>Starting|Finished) epoch (?P<e>\d{1,9}) / \d{1,9}, edge path (?P<p>\d{1,9}) / "
                        r"(?P<pp>\d{1,9}), edge chunk (?P<c>\d{1,9}) / (?P<cc>\d{1,9})\s*$")
_PBG_BUCKET = re.compile(rf": bucket \d{{1,9}} / \d{{1,9}} : Processed \d{{1,15}} edges in (?P<t>{_FIGURE}) s\b")
_PBG_LOSS = re.compile(rf"\): loss: {{1,4}}(?P<l>{_FIGURE}|nan) , ")


# Monodepth2's step line's clock since training began, and its descendants' (ManyDepth, Lite-Mono, HR-Depth): `epoch   1 |
# batch    683 | examples/s:  13.5 | loss: 0.05280 | time elapsed: 00h45m28s | time left: 05h31m38s`
_HMS_ELAPSED = re.compile(r"\btime elapsed: (?P<h>\d{1,6})h(?P<m>[0-5]\d)m(?P<s>[0-5]\d)s\b")


# MindSpore's TimeMonitor callback at an epoch's end, after its LossMonitor's `epoch: 1 step: 5004, loss is
# 6.906126`: "epoch time: 571750.162 ms, per step time: 114.259 ms" (the epoch's mean step time)
_TIME_MONITOR = re.compile(r"\s{0,8}epoch time: \d{1,15}(?:\.\d{1,9})? ms, per step time: (?P<ms>\d{1,12}(?:\.\d{1,9})?) ms")

# Step lines of programs that print their own form, read by `_own_step`:
# - pix2pix/CycleGAN's Visualizer (junyanz/pytorch-CycleGAN-and-pix2pix, and the GANs built on it):
#   "(epoch: 4, iters: 14800, time: 0.085, data: 0.001) G_GAN: 0.908 G_L1: 8.419 ...", 2017's "(epoch: 1 ,
#   iters: 1   , time: 3.252) D_A: 1.537 ...": the epoch, the samples done within it, a sample's compute
#   and data-loading seconds (a step is a sample; the count starts again each epoch);
# - SimSwap's loss log, written by the same Visualizer's descendant: "( step: 4199, ) G_Loss: 2.891 ...";
# - StyleGAN2/3's (NVlabs, PyTorch and TensorFlow) tick: "tick 2     kimg 8.0      time 59m 31s
#   sec/tick 1534.0  sec/kimg 383.50 ...", "tick 1     kimg 6.1      lod 0.00  minibatch 32   time 12m 16s
#   sec/tick 648.1 ...": a tick (its logging unit of kimg; it prints nothing finer) the step, its seconds
#   its time;
# - Marian's update line: "[2019-02-27 21:13:26] Ep. 1 : Up. 500 : Sen. 141,119 : Cost 249.71469116 : Time
#   288.83s : 12757.46 words/s : L.r. 9.3750e-06", `Time` the seconds since the line before (its
#   `--disp-freq` updates), the cost its loss.
_VISUALIZER = re.compile(r"\(epoch: (?P<e>\d{1,9}) {0,4}, iters: (?P<i>\d{1,12}) {0,8}, time: (?P<t>\d{1,9}(?:\.\d{1,9})?)"
                         r"(?:, data: (?P<d>\d{1,9}(?:\.\d{1,9})?))?\) ")
_SIMSWAP = re.compile(r"\( step: (?P<s>\d{1,15}), \) \w{1,40}: ")
_TICK = re.compile(r"tick (?P<t>\d{1,12}) {1,12}kimg \d{1,12}\.\d{1,3} {1,12}(?:lod \d{1,3}\.\d{1,3} {1,12})?"
                   r"(?:minibatch \d{1,9} {1,12})?time (?:\d{1,5}[dhms] ){0,3}\d{1,5}[dhms] {1,20}"
                   r"sec/tick (?P<s>\d{1,12}(?:\.\d{1,9})?) ")
_MARIAN = re.compile(r"\bEp\. (?P<e>\d{1,9}) : Up\. (?P<u>\d{1,15}) : Sen\. [\d,]{1,20} : Cost (?P<c>" + _FIGURE + r")")
_MARIAN_TIME = re.compile(r" : Time (?P<t>\d{1,9}(?:\.\d{1,9})?)s : ")
_MARIAN_LR = re.compile(r" : L\.r\. (?P<lr>" + _FIGURE + r")")
# Marian's other lines (its validation's, its data epochs', its training's start and end): with one
# update line, a Marian console
_MARIAN_MARK = re.compile(r"(?:^|\] )(?:\[valid\] Ep\. \d|Training (?:started|finished)\s*$|Starting data epoch \d"
                          r"|\[marian\] Marian v\d)")
# HiFi-GAN's training script (jik876/hifi-gan, and the vocoders copied from it) every
# `stdout_interval` steps: `Steps : 3670, Gen Loss Total : 25.942, Mel-Spec. Error : 0.381, s/b :
# 1.108`: the step, the generator's total loss, the seconds of that batch
_HIFIGAN = re.compile(r"^Steps : (?P<s>\d{1,15}), Gen Loss Total : (?P<l>" + _FIGURE + r"|nan|inf), [^\n]{0,200}?"
                      r"\bs/b : (?P<t>\d{1,9}(?:\.\d{1,20})?)\s*$")
# NVIDIA's Tacotron 2 (and Mellotron's and Flowtron's copies) at every iteration: `Train loss 64998
# 0.302735 Grad Norm 0.958112 4.36s/it`: the iteration, its loss, its gradient's norm, its seconds
# (its older form: `Train iter       16 loss 49.316841 Grad Norm 10.800460 3.22s/it`)
_TACOTRON = re.compile(r"^Train (?:loss (?P<s>\d{1,15})|iter\s{1,12}(?P<j>\d{1,15}) loss) (?P<l>" + _FIGURE + r"|nan|inf) "
                       r"Grad Norm (?P<g>" + _FIGURE + r"|nan|inf) (?P<t>\d{1,9}(?:\.\d{1,20})?)s/it\s*$")


# rl_games' epoch line (its `epoch` a training iteration: a horizon of steps in every environment,
# then its updates): "fps step: 1048568.0 fps step and policy inference: 699047.1  fps total: 299589.9
# epoch: 3/1000"
# (its `fps total` the epoch's frames over its whole time, acting and learning; `frames` the count so far: an
# epoch's time is its frames, the count less the epoch's before, over that rate)
_RL_GAMES = re.compile(r"fps step: \d{1,15}(?:\.\d{1,9})? fps step and policy inference: \d{1,15}(?:\.\d{1,9})?\s{1,8}"
                       r"fps total: (?P<f>\d{1,15}(?:\.\d{1,9})?) epoch: (?P<e>\d{1,12})/\d{1,12}\b"
                       r"(?: frames: (?P<n>\d{1,18})\b)?")
# Unity ML-Agents' summary of a behaviour's training (`StatsReporter`'s console writer), every
# `summary_freq` environment steps: `3DBall. Step: 12000. Time Elapsed: 26.085 s. Mean Reward: 1.215.
# ...` (its seconds since the trainer started); before 0.10 `INFO:mlagents.trainers: run-0: Brain:
# Step: 1000. Mean Reward: 1.000. ...`, with no time; with no episode done, `No episode was completed`
_MLAGENTS = re.compile(r"[.:] Step: (?P<s>\d{1,15})\. (?:Time Elapsed: (?P<t>\d{1,12}(?:\.\d{1,9})?) s\.? )?"
                       r"(?:Rank: \d{1,7}\. )?(?:Mean Reward: |No episode was completed)")
# habitat-baselines' PPO trainers, every `log_interval` updates: `update: 10\tfps: 30.999\t` (then
# `update: 10\tenv-time: ...` or `Num updates: 10\tNum frames 5120` on lines of their own)
# CatBoost's `fit` every `verbose` iterations (0-based), its time since training began as it prints durations
# (`207ms`, `15.2s`, `1m 8s`, `2m`): "100:\tlearn: 2.2076417\ttest: 2.1508823\tbest: 2.1508823 (100)\ttotal:
# 15.2s\tremaining: 2m 14s" (tabs; spaces where a copy turned them)
# (its `learn:` left out where the learning metric is none it computes on a GPU, an AUC: `0:\ttest: 0.8616198\tbest:
# 0.8616198 (0)\ttotal: 54.1ms\tremaining: 2m 42s`)
_CATBOOST = re.compile(r"^(?P<s>\d{1,12}):(?:[\t ]{1,8}learn: (?P<l>[-+]?\d{1,12}(?:\.\d{1,20})?(?:e[-+]?\d{1,3})?|nan|inf))?"
                       r"(?P<tests>(?:[\t ]{1,8}(?:test\d{0,3}|best): [^\t ]{1,40}(?: \(\d{1,12}\))?){0,8})[\t ]{1,8}"
                       r"total: (?P<t>\d{1,9}(?:\.\d{1,9})?(?:ms|us|h|m|s)(?: \d{1,9}(?:\.\d{1,9})?(?:ms|us|h|m|s)){0,3})"
                       r"[\t ]{1,8}remaining: ")
# pytorch-tabnet's History callback each epoch, its last field the whole seconds since `fit` began:
# "epoch 3  | loss: 0.47067 | train_accuracy: 0.79912 | val_logloss: 0.44878 |  0:00:51s"
_TABNET = re.compile(r"^epoch (?P<e>\d{1,9}) {0,4}\| loss: (?P<l>[-+]?\d{1,12}(?:\.\d{1,20})?(?:e[-+]?\d{1,3})?|nan|inf) {0,4}\|"
                     r"[^\n]{0,4000}?\| {1,8}(?P<t>(?:\d{1,6} days?, )?\d{1,2}:\d\d:\d\d)s\s*$")
# AlphaZero_Gomoku's train.py (and its many forks) each self-play game and its update: `batch i:27513, episode_len:15`
# (the update's `kl:0.02130,lr_multiplier:0.667,loss:2.39...` on the line below)
_GOMOKU = re.compile(r"batch i:(\d{1,12}), episode_len:\d{1,9}\s*$")
_HABITAT = re.compile(r"(?:^|\s)update: (?P<u>\d{1,12})\tfps: \d{1,12}(?:\.\d{1,9})?\t?\s*$")
# Tesseract's lstmtraining, every 100 training iterations: `At iteration 95427/192700/192702, mean
# rms=0.807%, delta=0.538%, BCER train=2.563%, ...` (the learning iterations, its weight updates, first)
_LSTMTRAINING = re.compile(r"^At iteration (?P<s>\d{1,12})/\d{1,12}/\d{1,12}, mean rms=")
# DARTS' search and train scripts (and the many NAS codebases copied from them: PC-DARTS, P-DARTS,
# BNAS): every `report_freq` batches of the epoch, `train 050 1.870327e-02 99.571078 100.000000`,
# the batch counted within its epoch (`epoch 0 lr 2.5e-02` before), then the epoch's running mean
# loss and top-1 and top-5 accuracy (no batch's own loss: none is stored)
_DARTS = re.compile(r"(?:^|[\d\]] |[AP]M )train (?P<s>\d{3,9}) [-+\d.eE]{1,20} \d{1,3}\.\d{1,9} \d{1,3}\.\d{1,9}\s*$")
# ENAS' child training (its TensorFlow release): `epoch=629   ch_step=218900 loss=0.002567 lr=0.0001
# |g|=0.5652   tr_acc=144/144 mins=1664.85`, the child model's step, the batch's loss and the minutes
# since training began
_ENAS = re.compile(r"^epoch=\d{1,9}\s{1,8}ch_step=(?P<s>\d{1,12})\s{1,8}loss=(?P<l>[-+\d.eE]{1,20})\s.{0,200}?"
                   r"\bmins=(?P<m>\d{1,9}(?:\.\d{1,9})?)\s*$")
# The BERT fine-tuning tutorial's loop (Chris McCormick's, copied into countless notebooks) every 40
# batches: `  Batch    40  of    241.    Elapsed: 0:00:14.` (`{:>5,}`: `Batch 1,000  of  4,219.`), the
# batch of the epoch (`======== Epoch 1 / 4 ========` above) and its whole seconds since the epoch
# began
_BATCH_OF_ELAPSED = re.compile(r"^\s{0,12}Batch\s{1,8}(?P<i>\d{1,3}(?:,\d{3}){0,4})\s{1,8}of"
                               r"\s{1,8}(?P<n>\d{1,3}(?:,\d{3}){0,4})\."
                               r"\s{1,8}Elapsed: (?:(?P<d>\d{1,5}) days?, )?(?P<h>\d{1,5}):(?P<m>\d\d):(?P<sec>\d\d)\.")
# Determined's Core API as a trial reports its training metrics (its trial logs, every line tagged
# `[rank=0] ||`): `INFO: [62] determined.core: report_training_metrics(steps_completed=100,
# metrics={'loss': 0.6182383894920349})`, the batches done and their metrics
_DETERMINED = re.compile(r"\bdetermined\.core: report_training_metrics\(steps_completed=(?P<s>\d{1,15}), "
                         r"metrics=(?P<m>\{[^{}]{0,4000}\})")
# TensorFlow's tf_cnn_benchmarks (the Horovod and Kubeflow MPIJob examples' benchmark): under `Step\tImg/sec\t
# total_loss` (and `\ttop_1_accuracy\ttop_5_accuracy`), "50\timages/sec: 68.2 +/- 0.1 (jitter = 0.7)\t8.347",
# the step, the mean and spread of its images a second so far, its loss. The mean is its process's batch over the
# mean time of the steps since its warm-up (`get_perf_timing`): the seconds since then, `step` x batch / mean, read
# as a clock since training began (`_elapsed_span`). Its process's batch: the header's per-device batch ("Batch
# size:   128 global" over "             64 per device") times its devices ("Devices:     ['/gpu:0', '/gpu:1']"),
# one a process under Horovod ("['horovod/gpu:0', 'horovod/gpu:1']", each process printing its own figure)
# flashy's (dora's) LogProgress, the solvers of Demucs, denoiser and audiocraft: "Train | Epoch 1 | 143/573 | 1.45 it/sec |
# Loss 0.2343 | Reco 0.2312 | ...", the epoch from 1, the batch of the epoch's total, the mean rate of its batches so
# far (its step time the inverse); a validation's (`Valid | Epoch 1 | 1/3 | ...`), an evaluation's, none
_FLASHY = re.compile(r"(?:^|- |\] )(?P<stage>Train|train) \| Epoch (?P<e>\d{1,9}) \| (?P<i>\d{1,12})/(?P<n>\d{1,12}) \| "
                     r"(?P<r>\d{1,9}(?:\.\d{1,9})?) it/sec(?: \| Loss (?P<l>" + _FIGURE + r"|nan|inf)(?= |$))?")
# DDSP-SVC's and Diffusion-SVC's saver (`log_info.txt` and the console): "epoch: 0 |   1/  5 | exp/workdir | batch/s: 4.38 |
# lr: 0.0002 | loss: 0.892 | time: 0:00:18.2 | step: 2", the run's step last, `time` the time since training began
_SVC_SAVER = re.compile(r"^epoch: \d{1,9} \| {0,12}\d{1,12}/ {0,12}\d{1,12} \| [^|\n]{1,500} \| batch/s: [\d.]{1,20} \| "
                        r"lr: (?P<lr>" + _FIGURE + r") \| loss: (?P<l>" + _FIGURE + r"|nan|inf) \| "
                        r"time: (?P<t>(?:\d{1,6} days?, )?\d{1,2}:\d\d:\d\d(?:\.\d{1,9})?) \| step: (?P<s>\d{1,15})\s*$")
# ProteinMPNN's training loop (its `log.txt`), each epoch: "epoch: 1, step: 74, time: 45.7, train: 23.565, valid: 17.468,
# train_acc: 0.072, valid_acc: 0.113", the run's step, the epoch's seconds (its steps since the line before), the
# training and validation perplexities (no loss)
_PROTEINMPNN = re.compile(r"^epoch: \d{1,9}, step: (?P<s>\d{1,15}), time: (?P<t>\d{1,9}(?:\.\d{1,9})?), train: [\d.]{1,20}, "
                          r"valid: [\d.]{1,20}, train_acc: ")
_TF_CNN_PER_DEVICE = re.compile(r"^\s{4,40}(?P<b>\d{1,9}) per device\s*$")
_TF_CNN_DEVICES = re.compile(r"^Devices:\s{1,12}\[(?P<d>[^\]]{1,4000})\]\s*$")
_TF_CNN_BENCHMARKS = re.compile(r"(?P<s>\d{1,12})\s{1,8}images/sec: (?P<r>\d{1,9}(?:\.\d{1,9})?) \+/- \d{1,9}(?:\.\d{1,9})? "
                                r"\(jitter = \d{1,9}(?:\.\d{1,9})?\)\s{1,8}(?P<l>" + _FIGURE + r"|nan)"
                                r"(?:\s{1,8}\d{1,3}\.\d{1,9}){0,2}\s*$")  # (then top_1 and top_5 accuracy, where printed)
# Horovod's synthetic benchmarks (`examples/*/*_synthetic_benchmark.py`) and BytePS' copies: "Iter #0: 253.9 img/sec
# per GPU", each iteration `--num-batches-per-iter` batches (10 unless the command line says) of the header's
# "Batch size: 32" a process, its rate those images over the iteration's seconds
_HOROVOD_ITER = re.compile(r"^Iter #(?P<s>\d{1,12}): (?P<r>\d{1,9}(?:\.\d{1,9})?) img/sec per (?:GPU|CPU|XPU)\s*$")
_HOROVOD_BATCH = re.compile(r"^Batch size: (?P<b>\d{1,9})\s*$")
_HOROVOD_PER_ITER = re.compile(r"--num[-_]batches[-_]per[-_]iter[= ](?P<n>\d{1,9})\b")
HOROVOD_BATCHES_PER_ITER = 10  # the benchmark scripts' default `--num-batches-per-iter`
# A federated server's rounds, each a step of the job (its clients' own loops, each counted from 0 again
# every round, are no steps of it: `_federated_rounds`). Flower's server (flwr 1.x) after a round's
# centralised evaluation: "fit progress: (1, 2.0274660648248446, {'cen_accuracy': 0.3238}, 5.769022958003916)",
# the round, its loss, its metrics, the seconds since the rounds began
_FLOWER_PROGRESS = re.compile(r"(?:^|\| |: {1,8})fit progress: \((?P<s>\d{1,9}), (?P<l>[^,\s]{1,40}), \{[^\n]{0,4000}?\}, "
                              r"(?P<t>\d{1,12}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,3})?)\)\s*$")
# and once a round's updates are in (flwr <= 1.7, at its DEBUG level, dated): "fit_round 1 received 2 results and
# 0 failures"
_FLOWER_FIT = re.compile(r"(?:^|\| )fit_round (?P<s>\d{1,9}) received \d{1,9} results and \d{1,9} failures\s*$")
# and its rounds as flwr >= 1.8 logs them at its INFO level: "[ROUND 3]" as a round begins, then "aggregate_fit: received
# 5 results and 0 failures" once its updates are in (a round of the job: `_federated_rounds`), after flwr's own head
# (`INFO :      `) or a logger's (`... - INFO - `)
_FLOWER_ROUND = re.compile(r"(?:^|\| |: {1,8}|- )\[ROUND (?P<s>\d{1,9})\]\s*$")
_FLOWER_AGGREGATED = re.compile(r"(?:^|\| |: {1,8}|- )aggregate_fit: received [1-9]\d{0,8} results and \d{1,9} failures\s*$")
# NVIDIA FLARE's FedAvg controller as it aggregates a round: "aggregating 2 update(s) at round 0"; its
# ScatterAndGather workflow once a round is done, after its workflow's identity: "ScatterAndGather - INFO -
# [identity=simulator_server, run=simulate_job, wf=scatter_and_gather]: Round 0 finished." (a bare `Round 0
# finished.` is any script's)
_NVFLARE_ROUND = re.compile(r"(?:(?:^|\]: |- )aggregating \d{1,9} update\(s\) at round (?P<a>\d{1,9})|"
                            r"\bwf=[\w.-]{1,80}\]: Round (?P<f>\d{1,9}) finished\.)\s*$")
# FedAvg research code (shaoxiongji/federated-learning's `Round   0, Average loss 1.928` and its many forks, FedProx's
# `At round 0 training loss: 2.30`): a round's line with its training loss
_FL_ROUND = re.compile(r"^(?:At )?(?:(?:Global|Comm(?:unication)?|Federated|FL) )?[Rr]ound\s{0,8}[:#]?\s{0,8}(?P<s>\d{1,9})"
                       r"(?:\s{0,4}/\s{0,4}\d{1,9})?\]?\s{0,4}[,:|-]?\s")
_COUNTER_WORD = re.compile(r"\b(?:[Ee]poch|EPOCH|[Ii]ter(?:ation)?|ITER|[Ss]tep|STEP|[Bb]atch)\b")
FEDERATED_FRAMEWORKS = frozenset({"flower", "nvflare", "fedavg"})
FEDERATED_SERVERS = frozenset({"flower", "nvflare"})  # (a federated framework's own server: its rounds alone are steps)
# insightface's arcface_torch (its CallBackLogging, and the many face-recognition trainers built on it): "Speed 5299.56
# samples/sec   Loss 1.0965   LearningRate 0.2000   Epoch: 0   Global Step: 100   Fp16 Grad Scale: 65536   Required: 38
# hours" (its logger's "Training: " and, in later versions, its time before it: "Training: 2025-12-01 10:16:26,096-Speed
# ..."), the run's global step; the speed is the world's samples over the steps since the line before, no batch
_ARCFACE = re.compile(r"\bSpeed \d{1,12}(?:\.\d{1,9})? samples/sec\s{1,8}Loss (?P<l>" + _FIGURE + r"|nan|inf)\b"
                      r"(?:\s{1,8}LearningRate (?P<lr>" + _FIGURE + r"))?[^\n]{0,300}?\s{1,8}Epoch: \d{1,9}\s{1,8}"
                      r"Global Step: (?P<s>\d{1,15})\b")
_TUNE_STATUS = re.compile(r"(?:^|\) )(?:Number of trials: \d{1,9}/\d{1,9} \(|Trial status: \d{1,9} "
                          r"(?:TERMINATED|RUNNING|PENDING|ERROR|PAUSED)\b)")
# Optuna's study as its trials end, each its own run (`optimize`'s logger): "[I 2023-03-14 11:55:40,891] Trial 0 finished
# with value: 3.80 and parameters: {...}", "... Trial 5 pruned.", and as it begins, "A new study created in memory with name:
# ..."
_OPTUNA = re.compile(r"^\[[IWE] \d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}\] (?:A new study created in (?:memory|RDB) with name: "
                     r"|Trial \d{1,9} (?:finished with values?:|pruned\.))")
# Deeplearning4j's ScoreIterationListener: `o.d.o.l.ScoreIterationListener - Score at iteration 930 is
# 0.0712` (the score the loss)
_DL4J = re.compile(r"\bScore at iteration (?P<s>\d{1,15}) is (?P<l>" + _FIGURE + r"|NaN|-?Infinity)\s*$")
# CNTK's progress writer at an epoch's end: `Finished Epoch[2 of 40]: [Training] loss = 0.106030 * 60000,
# metric = 3.09% * 60000 3.638s (16492.6 samples/s);`
_CNTK = re.compile(r"Finished Epoch\[\s{0,8}(?P<e>\d{1,9}) of \d{1,9}\]: \[Training\] loss = (?P<l>" + _FIGURE + r"|nan|inf)"
                   r" \* \d{1,15}, .{0,80}?(?P<t>\d{1,9}\.\d{1,9})s \(\s{0,8}[\d.]{1,20} samples/s\)")
# Leela Zero's and Leela Chess Zero's tfprocess every 100 or 1000 steps: `step 577000, policy=1.71688
# mse=0.192603 reg=0.100024 total=2.58732 (236.009 pos/s)` (before, `step 169900, policy loss=...`):
# the step, its total loss where printed
_LEELA = re.compile(r"^step (?P<s>\d{1,15}), (?:lr=\S{1,20} )?policy[ =][^\n]{0,200}?\(\s{0,4}[\d.]{1,20} pos/s\)\s*$")
_LEELA_TOTAL = re.compile(r"\btotal=(?P<l>" + _FIGURE + r")\s")
# llama.cpp's `finetune` and `train-text-from-scratch`: `train_opt_callback: iter=     1 sample=9/10322099
# sched=0.010000 loss=13.108456 dt=00:03:25 eta=14:34:59 |->` (its iteration's time `dt`), printed once
# the iterations it counts are done (`checkpoint-10.gguf` is written before `iter=    10`)
_GGML_TRAIN = re.compile(r"opt_callback: iter=\s{0,12}(?P<s>\d{1,15}) .{0,120}?\bloss=(?P<l>" + _FIGURE + r"|nan|inf)"
                         r"(?: dt=(?:(?P<h>\d{2}):(?P<m>\d\d):(?P<sec>\d\d)|(?P<ms>\d{1,9}(?:\.\d{1,9})?)ms)\b)?")
# (`dt` is its smoothed time an iteration, printed in milliseconds under a second, else truncated to
# whole seconds: kept from `GGML_DT_WHOLE_S` up, where a second's truncation is at most a tenth of it)
GGML_DT_WHOLE_S = 10
# DeepXDE's loss table (`Model.train`'s display every `display_every` iterations): its header
# `Step      Train loss              Test loss               Test metric`, then a row a display,
# `1000      [1.14e-02, 8.26e-04]    [5.66e-03, 8.26e-04]    []`: the iteration, the loss terms
# (its columns padded to the widest list: a gap of any width, none between lists of 4 terms or more)
_DEEPXDE_HEADER = re.compile(r"Step {2,400}Train loss {2,400}Test loss {2,400}Test metric\s{0,400}")
_DEEPXDE_ROW = re.compile(r"(?P<s>\d{1,15}) {1,400}\[(?P<l>[^\]]{1,2000})\] {0,400}\[")
# DeepXDE's timing of its `Model.train` call as it returns (`'train' took 23.917568 s`), after the call's loss table
_DEEPXDE_TOOK = re.compile(r"'train' took (?P<t>\d{1,9}(?:\.\d{1,20})?) s\s*")
# rsl_rl's (Isaac Lab's, legged_gym's) block a training iteration, its header centred in 80
# columns ("                            Learning iteration 1/10                              "), its
# seconds below ("                         Iteration time: 0.16s")
_RSL_ITERATION = re.compile(r"\s{0,80}Learning iteration (?P<i>\d{1,12})/\d{1,12}\s{0,80}")
_RSL_TIME = re.compile(r"\s{0,80}Iteration time: (?P<t>\d{1,9}(?:\.\d{1,9})?)s\s{0,8}")


# ParlAI's train_model report: "12:18:15 | time:65s total_exs:7 total_steps:7 epochs:0.00 time_left:834949s"
# (its metrics in a table below), and before total_steps was printed, "[ time:2.0s total_exs:4625
# epochs:0.46 ] {'exs': 4625, 'loss': 9.229, ..., 'total_train_updates': 13}": the updates so far its
# step, `time` the seconds since training began
_PARLAI = re.compile(r"(?:^|\| |\[ )time:(?P<t>\d{1,12}(?:\.\d{1,9})?)s total_exs:\d{1,15} (?:total_steps:(?P<s>\d{1,15}) )?"
                     r"epochs:\d{1,9}(?:\.\d{1,9})?(?= |$)")
_PARLAI_UPDATES = re.compile(r"'total_train_updates': (?P<s>\d{1,15})\b")
_PARLAI_LOSS = re.compile(r"'loss': (?P<v>" + _FIGURE + r")")
# VITS' trainer (and RVC's, so-vits-svc's built on it; its own train.log puts a tab before each message,
# or its logger's `2023-02-08 18:10:29,149 32k INFO ` prefix):
# "Train Epoch: 2 [47%]", then its losses and
# "[global_step, lr]" as a list on the next line ("[200, 9.99875e-05]"; VITS' own "[2.51, 2.36, ...,
# 1000, 0.0002]"); its saves, the generator's then the discriminator's: "Saving model and optimizer
# state at epoch 5 to ./logs/G_680.pth" ("... at iteration 1000 to ...")
_VITS_EPOCH = re.compile(r"(?:^|[:\t]|\bINFO )Train Epoch: \d{1,9} \[\d{1,3}%\]\s{0,8}$")
# (a loss that diverged is `nan`: "[nan, nan, nan, nan, 1.350276231765747, 134.32485961914062, 0, 0.0002]")
_VITS_LIST = re.compile(r"(?:^|[:\t]|\bINFO )\[(?:(?:" + _FIGURE + r"|nan|-?inf), ){0,20}(?P<s>\d{1,15}), (?P<lr>" + _FIGURE
                        + r")\]\s{0,8}$")


# Ray Train's console reporter (Ray >= 2.7): "Training finished iteration 8 at 2024-04-29 17:27:29. Total
# running time: 54s", then its result table, "│ time_this_iter_s               40.46113 │"
_RAY_ITERATION = re.compile(r"Training finished iteration (?P<i>\d{1,12}) at (?P<at>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\. ")
_RAY_COMPLETED = re.compile(r"Training completed after (?P<i>\d{1,12}) iterations at (?P<at>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\. ")
_RAY_ITERATION_TIME = re.compile(r"│ time_this_iter_s {1,80}(?P<t>\d{1,9}(?:\.\d{1,9})?) {0,80}│")
RAY_TABLE_LINES = 20  # a result table's time_this_iter_s row within this many lines of its iteration's line


# nerfstudio's trainer table (rich, its file:line at the right): under "Step (% Done)       Train Iter
# (time)    ETA (time) ...", a row "4090 (81.78%)       43.140 ms            39 s, 300.687 ms     14.86 M":
# the step, the iteration's time
_NERFSTUDIO = re.compile(r"(?P<s>\d{1,12}) \(\d{1,3}\.\d{2}%\) {2,40}(?P<t>\d{1,9}(?:\.\d{1,9})?) (?P<u>ms|s) ")
# (its table's last row as training ends, the step alone: "29999 (100.00%)")
_NERFSTUDIO_LAST = re.compile(r"\s{0,40}(?P<s>\d{1,12}) \(100\.00%\)\s*$")


# JAX and TensorFlow programs' own step lines:
# - Pax's: "[PAX STATUS] step_i: 100, training loss: 6.3584294";
# - T5X's trainer under absl: "I0709 15:30:02.658104 8383831552 trainer.py:509] Training: step 1";
# - Trax's training.Loop: "Step    100: Ran 99 train steps in 2.99 secs" (the seconds of the steps since);
# - Keras' guide to a training loop from scratch (and the scripts after it): "Training loss (for 1 batch)
#   at step 200: 3.0249", its count starting again each epoch ("Start of epoch 1");
# - TensorFlow's LoggingTensorHook over a dict naming the global step: "INFO:tensorflow:global_step = 101,
#   train loss = 0.14169851, train accuracy = 0.9375, ... (3.915 sec)" (the seconds since its line before)
# PyMARL's and EPyMARL's runner (its sacred logger's `[INFO 01:52:32] my_main ` prefix), at each log interval: "t_env: 10102
# / 2050000", the environment's steps run so far of those it will run (the run's progress; its learner's updates unprinted)
_PYMARL = re.compile(r"\] my_main t_env: (?P<s>\d{1,15}) / \d{1,15}\s*$")
_PAX = re.compile(r"\[PAX STATUS\] step_i: (?P<s>\d{1,15}), training loss: (?P<l>" + _FIGURE + r")")
_T5X = re.compile(r"\btrainer\.py:\d{1,6}\] Training: step (?P<s>\d{1,15})\s{0,8}$")
_TRAX = re.compile(r"Step {0,12}(?P<s>\d{1,15}): Ran (?P<n>\d{1,15}) train steps in (?P<t>\d{1,12}(?:\.\d{1,9})?) secs")
_KERAS_LOOP = re.compile(r"Training loss \(for (?:1|one) batch\) at step (?P<s>\d{1,15}): (?P<l>" + _FIGURE + r")")
_KERAS_LOOP_EPOCH = re.compile(r"Start of epoch (?P<e>\d{1,9})\s{0,8}$")
# The Time-Series-Library's trainer (Informer's, Autoformer's, PatchTST's, TimesNet's): "\titers: 100,
# epoch: 1 | loss: 0.7078106" every 100 iterations of the epoch, then "\tspeed: 0.2415s/iter; left time:
# 6835.8982s" (the mean seconds an iteration since the line before), and at the epoch's end "Epoch: 1,
# Steps: 284 | Train Loss: ..." (its iterations: every epoch's are as many)
_TSLIB_ITERS = re.compile(rf"(?<!\S)iters: (?P<i>\d{{1,12}}), epoch: (?P<e>\d{{1,9}}) \| loss: (?P<l>{_FIGURE})")
_TSLIB_SPEED = re.compile(r"(?<!\S)speed: (?P<s>\d{1,9}(?:\.\d{1,20})?)s/iter; left time: ")
_TSLIB_EPOCH = re.compile(r"(?<!\S)Epoch: (?P<e>\d{1,9}), Steps: (?P<n>\d{1,12}) \| ")
# MXNet's Speedometer (Module.fit's, Gluon scripts', InsightFace's): "Epoch[0] Batch [20]\tSpeed: 2.54
# samples/sec\tTrain-accuracy=0.524182" (MXNet >= 1.3: "Batch [0-20]"), the batch within its epoch
# and the samples a second since the line before; the batch's samples are the script's `--batch-size`
# (its arguments' Namespace; times its `num_gpus` where it names one), else unknown
_MXNET_SPEED = re.compile(r"\bEpoch\[(?P<e>\d{1,9})\] Batch \[(?:\d{1,12}-)?(?P<i>\d{1,12})\]\s{1,8}"
                          r"Speed: (?P<r>\d{1,12}(?:\.\d{1,20})?) samples/sec")
_ARGS_BATCH = re.compile(r"\bNamespace\(.{0,4000}?\bbatch_size=(?P<b>[1-9]\d{0,8})[,)]")
# GluonCV's scripts take `--batch-size` per device and `--num-gpus`, and time the whole batch:
# "Namespace(batch_norm=False, batch_size=128, ..., num_gpus=8, ...)"
_ARGS_DEVICES = re.compile(r"[(,] ?num_gpus=(?P<n>[1-9]\d{0,5})[,)]")
# Chainer's ProgressBar extension: "       100 iter, 0 epoch / 20 epochs" (the updater's iteration), then
# "    19.812 iters/sec. Estimated time to finish: 0:04:52.752795." (its recent iterations' rate)
_CHAINER_ITER = re.compile(r"\s{0,16}(?P<i>\d{1,15}) iter, \d{1,9} epoch / \d{1,9} epochs\s{0,8}")
_CHAINER_RATE = re.compile(r"\s{0,16}(?P<r>\d{1,12}(?:\.\d{1,20})?|inf) iters/sec\. Estimated time to finish: ")
# DINOv2's MetricLogger over the run's iterations (its header `Training`, no epoch): "Training  [
# 1250/2500000]  eta: 40 days, 13:22:08  lr: 0.0006 (0.0003)  ...  time: 1.363414  data: 0.000342"
# a step counted in brackets opening the line, a loss after it (`[004500/50000] VIMEO  | loss 0.0417 | ... |
# 3.18 it/s | ETA 254.0 min`; a MetricLogger's row under no header: `  [223/224]  eta: 0:00:02  training_loss:
# 0.3842 (0.4097) ...`, its count within the epoch the log names), its rate a field of its own (not a bar's)
_BRACKET_STEP = re.compile(r" {0,12}\[\s{0,12}(?P<i>\d{1,15})/\d{1,15}\](?=\s)")
# a step the line's word names in brackets, with no total (a TensorFlow 1 GoogLeNet script's `2019-08-19 14:49:47.783573: Step
# [0]  train Loss : 2.021224, training accuracy :  0.3125`): the run's step, its training loss after it
_WORD_BRACKET_STEP = re.compile(r"(?:^|: )[Ss]tep \[(?P<i>\d{1,15})\]\s{1,4}")
# (not an evaluation's line under the same count: `[1/15] - Validation loss: 1.5588 - Validation accuracy: 55.19`)
_EVALUATION_AFTER = re.compile(r"[\s\-|:]{0,8}(?i:valid(?:ation)?|val|eval(?:uation)?|test(?:ing)?|dev)\b")
# (deep-text-recognition-benchmark's and EasyOCR's trainer's seconds since training began: `[20000/300000]
# Train loss: 0.30092, Valid loss: 1.49355, Elapsed_time: 1935.90580`)
_ELAPSED_FIELD = re.compile(r"\bElapsed_time: (?P<t>\d{1,12}(?:\.\d{1,12})?)(?![\d.])")
_DTRB_VALIDATION = re.compile(r"\[\d{1,15}/\d{1,15}\] Train loss: \S{1,30}, Valid loss: \S{1,30}, Elapsed_time: \d")
_RATE_FIELD = re.compile(r"(?:^|\|)\s{0,4}(?P<v>\d{1,9}(?:\.\d{1,20})?)\s?(?P<per>it/s|s/it)\s{0,4}(?:\||$)")
# first-order-model's logger (and its descendants': Thin-Plate-Spline-Motion-Model's log.txt): an epoch a
# line, zero-padded, its losses after it (`00000007) perceptual - 55.63549; equivariance_value - 0.20985`)
_FOMM = re.compile(r"(?P<e>\d{8})\) [A-Za-z_][\w]{0,80} - [-+]?\d")
# awsome-distributed-training's FSDP example (`Batch 5 Loss: 13.9545879, Speed: 10.70 samples/sec, lr: 0.000038`):
# its batch is the run's step, its loss and learning rate the line's
_BATCH_LOSS = re.compile(r"(?:^|\] )Batch (?P<i>\d{1,15}) Loss: (?P<l>[-+]?\d{1,12}(?:\.\d{1,20})?)(?:, |\s*$)")
_DINOV2 = re.compile(r"(?:^|\] )Training  \[\s{0,15}(?P<i>\d{1,15})/\d{1,15}\]  eta: ")
# DeePMD-kit's trainer every `disp_freq` batches: "DEEPMD INFO    batch     200 training time 11.42 s,
# testing time 0.24 s" (the seconds its batches since the line before took)
# TensorFlow's seq2seq tutorial's translate.py (and its descendants, g2p-seq2seq's) every `steps_per_checkpoint` steps:
# "global step 400 learning rate 0.5000 step-time 2.78 perplexity 7.83", the mean step time of those steps
_TF_TRANSLATE = re.compile(r"^global step (?P<s>\d{1,12}) learning rate [\d.eE+\-]{1,20} step-time (?P<t>\d{1,9}(?:\.\d{1,9})?)"
                           r" perplexity (?:[\d.eE+\-]{1,30}|inf|nan)\s*$")
# A boosting round's evaluation, every `verbose_eval`/`log_evaluation` rounds: XGBoost's "[0]\ttrain-rmse:21.6024
# \teval-rmse:21.7" (0-based; its data set's name, `-`, its metric; `#011` for each tab where syslog wrote the line,
# as SageMaker's console does), LightGBM's "[20]\tvalid_0's binary_logloss: 0.533323" (1-based). No time; each
# model a process trains (a cross-validation's folds, a search's trials) counts its rounds from the start
_BOOST_ROUND = re.compile(r"^\[(?P<s>\d{1,12})\](?:\t|#011| {1,8})(?:(?P<x>[A-Za-z_][\w.]{0,60}-[^\s:]{1,60}:)|"
                          r"[A-Za-z_][\w.-]{0,60}'s [^\t:]{1,80}: )[-+]?(?:\d{1,12}(?:\.\d{1,20})?(?:e[-+]?\d{1,3})?|nan|inf)"
                          r"(?=\s|#011|$)")
# the line before a boosting run's best round, printed again after its last: "Early stopping, best iteration is:",
# "Did not meet early stopping. Best iteration is:" (LightGBM), "Stopping. Best iteration:" (XGBoost before 1.3)
_BOOST_BEST = re.compile(r"\b[Bb]est iteration(?: is)?:\s*$")
# LightGBM's CLI (and its Python package at verbosity >= 1) at each boosting round's end: "[LightGBM] [Info] 0.679780
# seconds elapsed, finished iteration 100", the seconds since training began
_LIGHTGBM = re.compile(r"^\[LightGBM\] \[Info\] (?P<t>\d{1,9}\.\d{1,9}) seconds elapsed, finished iteration (?P<s>\d{1,12})\s*$")
# nshepperd's gpt-2 train.py and gpt-2-simple's finetune (`[{counter} | {time:2.2f}] loss={loss:2.2f}
# avg={avg:2.2f}`): the step, the seconds since training began, its loss and the running average
_GPT2_TRAIN = re.compile(r"^\[(?P<s>\d{1,12}) \| (?P<t>\d{1,12}\.\d{1,4})\] loss=(?P<l>[\d.]{1,20}|nan) avg=")
_DEEPMD = re.compile(r"(?<!\S)batch\s{1,12}(?P<s>\d{1,15}) training time (?P<t>\d{1,9}(?:\.\d{1,20})?) s, testing time ")
_TENSOR_HOOK = re.compile(r"(?:^|INFO:tensorflow:)global_step = (?P<s>\d{1,15}), ")
_TENSOR_HOOK_TIME = re.compile(r" \((?P<t>\d{1,12}(?:\.\d{1,9})?) sec\)\s{0,8}$")


# the shell's word that the process it ran died of a signal (`Aborted (core dumped)`), its line alone
_SHELL_DEATH_LINE = re.compile(r"\s{0,8}(?:Killed|Segmentation fault|Aborted|Bus error)(?: \(core dumped\))?\s*$")
# Kaldi's nnet3 training driver (steps/nnet3/*/train.py) as it starts an iteration, under its logger's
# opening: "2019-05-01 17:02:58,991 [steps/nnet3/chain/train.py:509 - train - INFO ] Iter: 0/440    Epoch:
# 0.00/6.0 (0.0% complete)    lr: 0.000750" (later drivers with `Jobs: 3` after the iteration)
_KALDI_ITER = re.compile(r" - train - INFO \] Iter: (?P<i>\d{1,12})/\d{1,12}\s{1,8}(?:Jobs: \d{1,6}\s{1,8})?"
                         r"Epoch: \d{1,9}\.\d{1,6}/\d{1,9}(?:\.\d{1,6})? \(\d{1,3}(?:\.\d{1,4})?% complete\)"
                         r"(?:\s{1,8}lr: (?P<lr>\d{1,6}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,3})?))?")
# "Build a Large Language Model (From Scratch)"'s training loop (rasbt/LLMs-from-scratch, copied widely) at
# each evaluation: "Ep 1 (Step 000005): Train loss 8.122, Val loss 8.253" (the step the run's, from 0)
_LLMS_FROM_SCRATCH = re.compile(rf"^Ep (?P<e>\d{{1,9}}) \(Step (?P<s>\d{{1,15}})\): Train loss (?P<l>{_FIGURE}|nan), Val loss ")
# the epoch line of yinboc's training scripts (few-shot-meta-baseline's, LIIF's `utils.log`): `epoch 5, train 2.1368|0.4387,
# val 2.1972|0.4241, fs 1: 0.4500 5: 0.6302, 2.2m 7.2m/2.4h` (its loss|accuracy; LIIF's `epoch 1/1000, train: loss=0.1028,
# ...`), the epoch's time, the time so far and the estimate last
_EPOCH_TIMES_LAST = re.compile(rf"^epoch (?P<e>\d{{1,9}})(?:/\d{{1,9}})?, train"
                               rf"(?: (?P<l>{_FIGURE})\|{_FIGURE}|: loss=(?P<m>{_FIGURE}))"
                               r"(?:,[^\n]{0,400}?)?, (?P<t>\d{1,6}(?:\.\d{1,3})?[smhd]) \d{1,6}(?:\.\d{1,3})?[smhd]/"
                               r"\d{1,6}(?:\.\d{1,3})?[smhd]\s*$")
# Karpathy's makemore loops (nn-zero-to-hero) every 10000 steps, `%7d/%7d: %.4f`: "  10000/ 200000: 2.0322"
_MAKEMORE = re.compile(r"^\s{0,8}(?P<i>\d{1,9})/\s{0,8}(?P<n>\d{1,9}): (?P<l>\d{1,6}\.\d{4})\s*$")
# Karpathy's char-rnn (Lua Torch) and its ports' iteration line (char-rnn-tensorflow, ml5's training-lstm): the run's
# iteration of its total, the epoch as a fraction or a whole, the training loss and the batch's own time:
# "3294/3300 (epoch 49.909), train_loss = 1.44961959, grad/param norm = 1.9957e-01, time/batch = 0.4320s",
# "0/20450 (epoch 0), train_loss = 7.951, time/batch = 0.458"
_CHAR_RNN = re.compile(rf"^\s{{0,8}}(?P<i>\d{{1,12}})/(?P<n>\d{{1,12}}) \(epoch \d{{1,9}}(?:\.\d{{1,9}})?\), "
                       rf"train_(?:loss|bpc) = (?P<l>{_FIGURE}|nan)(?:, [\w/ ]{{1,40}} = {_FIGURE}){{0,8}}"
                       rf", time/batch = (?P<t>\d{{1,9}}(?:\.\d{{1,9}})?)s?\s*$")
# RAFT's Logger every SUM_FREQ steps (princeton-vl/RAFT's train.py, and the optical flow and stereo trainers copied from
# it: GMA, RAFT-Stereo, IGEV, FlowFormer, SEA-RAFT), the step and its learning rate in brackets, then the interval's
# mean metrics, unnamed in its sorted keys' order or named: "[   100,  0.0000796]     9.7935,     0.0510, ",
# "[   100, lr= 0.0000236]  epe=92.5370    3px=0.1546     5px=0.2513     10px=0.3534    "
_RAFT_STATUS = re.compile(rf"\[\s{{0,12}}(?P<s>\d{{1,12}}),\s{{1,12}}(?:lr=\s{{0,4}})?(?P<lr>{_FIGURE})\]\s{{1,12}}"
                          rf"(?:(?:{_FIGURE}, {{0,12}}){{1,24}}|(?:\w{{1,40}}={_FIGURE}\s{{0,12}}){{1,24}})")
# RWKV-LM's train_log.txt, a line each (mini-)epoch: the epoch, its mean loss, its perplexity, the learning rate, the
# moment (`datetime.datetime.now()`) and the epoch again: "0 4.875856 131.0863 0.00059975 2025-04-24 02:23:42.481256 0"
_RWKV_EPOCH = re.compile(rf"(?P<e>\d{{1,9}}) (?P<l>{_FIGURE}|nan) (?:{_FIGURE}|inf|nan) (?P<lr>{_FIGURE}) "
                         rf"(?P<at>\d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{{1,9}})?) (?P=e)\s*")
# the Flax basics guide's loop: "Loss step 10:  0.44692168"
_FLAX_GUIDE = re.compile(rf"^Loss step (?P<s>\d{{1,15}}):\s{{1,4}}(?P<l>{_FIGURE})\s*$")
# ManiSkill's PPO baseline (CleanRL's loop) as each iteration starts, the environment steps done so far
# after it: "Epoch: 2, global_step=102400" (its iteration a step)
_MANISKILL_PPO = re.compile(r"^Epoch: (?P<i>\d{1,12}), global_step=\d{1,18}\s*$")
# FunASR's trainer every `log_interval` batches, its rank, the run's step and the batch's timings:
# "train, rank: 1, epoch: 0/500, data_slice: 0/5, step_in_slice: 32800/81081, step_in_epoch: 32800, total
# step: 32800, (loss_avg_rank: 0.521), (loss_avg_slice: 0.673), ..., (lr: 5.738e-04), [('loss_att', 0.475),
# ...], {'data_load': '0.000', 'forward_time': '0.304', 'backward_time': '0.323', 'optim_time': '0.148',
# 'total_time': '0.777'}, GPU, memory: ..."
_FUNASR = re.compile(r"(?:^|- )train, rank: (?P<r>\d{1,7}), epoch: \d{1,9}/\d{1,9}, [^{]{0,400}?\btotal step: (?P<s>\d{1,15}), "
                     r"\(loss_avg_rank: (?P<l>[-+]?\d{1,12}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,3})?|nan|inf)\)")
_FUNASR_LR = re.compile(r"\(lr: (?P<v>\d{1,12}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,3})?)\)")
_FUNASR_TIME = re.compile(r"'total_time': '(?P<v>\d{1,9}(?:\.\d{1,12})?)'")


# GluonTS' (and PyTorchTS') trainer's bar, an epoch's, its epoch and mean loss after its rate: `45it [00:01,
# 37.60it/s, avg_epoch_loss=4.64, epoch=0]`, `100%|...| 50/50 [00:02<00:00, 19.97it/s, epoch=1/10,
# avg_epoch_loss=5.1]`
_GLUONTS_EPOCH = re.compile(r"\bepoch=(\d{1,9})(?:/\d{1,9})?(?=[,\]])")
_GLUONTS_LOSS = re.compile(rf"\bavg_epoch_loss=({_FIGURE}|nan)(?=[,\]])")


def _gluonts_epoch(text: str) -> tuple[BarReading, int, float | None] | None:
    """The last drawing of GluonTS' epoch bar on the line, its epoch as printed and its mean loss;
    each epoch's last drawing is that epoch, its time the bar's items times its rate."""
    readings = bar_readings(text)
    if not readings:
        return None
    last = readings[-1]
    postfix = text[last.end:last.end + 400]
    if (epoch := _GLUONTS_EPOCH.search(postfix)) is None or (loss := _GLUONTS_LOSS.search(postfix)) is None:
        return None
    value = float(loss.group(1))
    return last, int(epoch.group(1)), value if math.isfinite(value) else None


def _gluonts_row(rows: LogRows, line: Line, gluon: tuple[BarReading, int, float | None]) -> None:
    """GluonTS' epoch as its bar's last drawing shows it (`_gluonts_epoch`), where that drawing
    finished the epoch (reached its total, where it has one)."""
    drawn, epoch, loss = gluon
    if drawn.total is not None and drawn.n < drawn.total:
        return  # (a log that stops within the epoch)
    spent = drawn.n * drawn.seconds_per_item if drawn.seconds_per_item is not None else None
    before = len(rows.steps)
    rows.step(line=line.number, rank=line.rank, step=epoch, end_ns=line.ts_ns,
              **({"loss": loss} if loss is not None else {}), **({"step_time_s": spent} if spent else {}))
    if len(rows.steps) > before:
        rows.steps[-1]["framework"] = "gluonts"


# modded-nanogpt's speedrun (and its forks): `step:2/1770 train_time:165ms step_avg:82.46ms` (earlier
# records `step:1/3000 train_loss:10.8258 train_time:...`), train_time the milliseconds of training since
# its start (evaluations not counted); `step:125/1770 val_loss:4.21 train_time:...` an evaluation's; forks pad the
# count and put bars between the fields, the clock in seconds (`step:   1/3250 | train_time:38.6s | step_avg:38593.6ms`)
_MODDED_NANOGPT = re.compile(r"^step:\s{0,8}(?P<s>\d{1,15})/\d{1,15}(?:\s{1,4}\|)?\s{1,4}"
                             r"(?:train_loss:\s{0,4}(?P<l>[-+]?\d{1,9}(?:\.\d{1,20})?|nan|inf)(?:\s{1,4}\|)?\s{1,4})?"
                             r"train_time:\s{0,4}(?P<t>\d{1,15}(?:\.\d{1,9})?)(?P<u>ms|s)(?:\s{1,4}\|)?\s{1,4}step_avg:")
# AWS Neuron's training samples' logger (neuronx-distributed's and the BERT/GPT pretraining scripts' `Logger.log`:
# `print(f"LOG {time.asctime()} - ({epoch}, {step}) step_loss : {step_loss:.4f} learning_rate : ... throughput :
# ...")`): the run's step, its loss and learning rate, dated by the asctime it prints (the host's local time)
_NEURON_LOG = re.compile(r"(?:^|\]:?\s?)LOG (?P<when>[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \d{4}) - "
                         r"\(\d{1,9}, (?P<s>\d{1,15})\) step_loss : (?P<l>[-+]?\d{1,12}(?:\.\d{1,20})?|nan|inf) {1,8}"
                         r"learning_rate : (?P<lr>[-+]?\d{1,12}(?:\.\d{1,20})?(?:e[-+]?\d{1,3})?)\b")


# an epoch's number and the total the run counts to (`Epoch 99/100, Acc=0.7250`, `Epoch [10/10]`, `epoch: 3/30`)
_EPOCH_OF_TOTAL = re.compile(r"\bepoch\s{0,4}[:=#]?\s{0,4}[\[(]?\s{0,4}(?P<e>\d{1,9})\s{0,4}/\s{0,4}(?P<n>\d{1,9})(?![\d/.])",
                             re.I)


# a count within the epoch after its number, and its total (`Epoch [5/5], Step [300/600]`, `Epoch 5/5 iter 30/100`)
_WITHIN_EPOCH = re.compile(r"(?<![\d.])(?P<i>\d{1,12})\s{0,2}/\s{0,2}(?P<n>\d{1,12})(?![\d/.])")


# the epochs an argparse dump names for its run (`Namespace(..., epoch_num=30, ...)`, `epochs=100`, `num_epochs=5`)
_NAMESPACE_EPOCHS = re.compile(r"[(,] ?(?:n_|num_|max_|total_|nb_|train_)?epochs?(?:_num)?=(?P<n>\d{1,6})[,)]")


def _runs_counted_out(lines: Sequence[Line], rows: LogRows) -> None:
    """A run whose epochs counted to the total it named (`Epoch 99/100` of a count from 0, `Epoch 100/100` of one
    from 1; an excerpt's run counts from 0 where the next does), then epochs counted from the start again with no
    word between that the run ended: the run completed its training (an attempt_end at its last step's line), and
    the count starts another (a phase after it in the same process, a pruned model's fine-tuning; or a new
    launch). A count that goes back before its total is no such end (a relaunch after a failure), nor one whose
    last epoch's line counts its batches short of their total (`Epoch [5/5], Step [300/600]`: killed in it), nor one
    with a failure, restart or end logged between (those say how it ended). An epoch's step line that names no
    total counts to the one its run's argparse dump named before it (`_NAMESPACE_EPOCHS`)."""
    said = sorted((event["line"], event["rank"]) for event in rows.events
                  if event["kind"] in _RUN_WORDS)  # (line, rank) of each failure, restart and end
    said_lines = [at for at, _ in said]
    step_lines: dict[int | None, list[int]] = {}
    for row in rows.steps:
        step_lines.setdefault(row["rank"], []).append(row["line"])
    for found in step_lines.values():
        found.sort()
    by_number: dict[int, Line] = {}  # (made at the first end: most logs have none)
    # rank -> (its last epoch line, epoch, total, run's first, where the epoch's count ends on its line)
    last: dict[int | None, tuple[Line, int, int, int, int]] = {}
    # rank -> the epochs between its run's lines, where each line was that many after the one before (else 0), and how
    # many such steps; None for a run of one line so far
    gaps: dict[int | None, tuple[int, int] | None] = {}
    configured: dict[int | None, int] = {}  # rank -> the epochs its run's last argparse dump named
    stepped: set[int] | None = None  # the lines of step rows (made at the first such dump)
    heads: dict[int | None, list[int]] = {}  # rank -> the line each epoch of its run was first named on
    for line in lines:
        if "Namespace(" in line.text and (named := _NAMESPACE_EPOCHS.search(line.text)) is not None:
            configured[line.rank] = int(named.group("n"))
            if stepped is None:
                stepped = {row["line"] for row in rows.steps}
            continue
        if "poch" not in line.text and "POCH" not in line.text:
            continue
        if (counted := _EPOCH_OF_TOTAL.search(line.text)) is not None:
            number, total, count_end = int(counted.group("e")), int(counted.group("n")), counted.end()
        elif (line.rank in configured and stepped is not None and line.number in stepped
              and (opened := _EPOCH.search(line.text)) is not None):
            # (an epoch's step line naming no total, under a dump that named it: LADIES' `Epoch: 29 (...) Train Loss:
            # 18.58 ...` of `Namespace(..., epoch_num=30, ...)`)
            number, total, count_end = int(opened.group(1)), configured[line.rank], opened.end()
        else:
            continue
        if not 0 <= number <= total:
            continue
        before = last.get(line.rank)
        if before is None or number < before[1]:
            # (a count from 0, its first or the next run's: its last epoch one below its total)
            if before is not None and _counted_out(before[1], before[2], 0 in (before[3], number), gaps.get(line.rank)):
                short = _WITHIN_EPOCH.search(before[0].text, before[4])
                between = said[bisect_right(said_lines, before[0].number - 1):bisect_right(said_lines, line.number - 1)]
                if (short is None or int(short.group("i")) >= int(short.group("n"))) and not any(
                        rank is None or line.rank is None or rank == line.rank for _, rank in between):
                    # (its last step's line before this one, where one came after that epoch's line)
                    mine = step_lines.get(line.rank, [])
                    at = bisect_right(mine, line.number - 1) - 1
                    done = mine[at] if at >= 0 and mine[at] >= before[0].number else before[0].number
                    if done != before[0].number and not by_number:
                        by_number = {at_line.number: at_line for at_line in lines}
                    end = by_number.get(done, before[0])
                    rows.event(LogEventKind.ATTEMPT_END, line=end.number, rank=end.rank, ts_ns=end.ts_ns, raw=end.text)
            last[line.rank] = (line, number, total, number, count_end)
            gaps[line.rank] = None
            heads[line.rank] = [line.number]
        elif number > before[1] or line.number != before[0].number:
            if number > before[1]:
                heads[line.rank].append(line.number)
                gap = gaps.get(line.rank)
                gaps[line.rank] = (number - before[1], 1) if gap is None else (
                    (gap[0], gap[1] + 1) if gap[0] == number - before[1] else (0, gap[1] + 1))
            last[line.rank] = (line, number, total, before[3], count_end)
    last_rows: dict[int | None, dict[str, Any]] = {}  # rank -> its last step row
    for row in rows.steps:
        if row["rank"] not in last_rows or row["line"] >= last_rows[row["rank"]]["line"]:
            last_rows[row["rank"]] = row
    end_line = lines[-1].number if lines else 0
    for rank, (line, number, total, first, count_end) in last.items():
        # A rank's last run, its epochs counted to their total and the last one done: its line counting its batches
        # to their total (`Epoch=100/100, Step=890/890`), or its own figures printed after its head, as many lines
        # of it as each epoch before printed at least (CS230's examples: `Starting training for 30 epoch(s)`, ...,
        # `Epoch 30/30`, `- Train metrics: ... loss: 0.428`, `- Eval metrics : ...`, the file's end): its training
        # completed, where nothing said otherwise since; not an epoch whose lines stop short of the others' (a
        # batch's line and no more: killed in it), nor a count from 0 whose epoch 0 trained no step (an
        # evaluation's `Epoch 0/3 - val_loss: ...` before a count from 1)
        trained_from_zero = first == 0 and any(row["rank"] == rank and row["step"] == 0 and row.get("loss") is not None
                                               for row in rows.steps)
        if not _counted_out(number, total, trained_from_zero, gaps.get(rank)):
            continue
        final = last_rows.get(rank)
        if final is not None and final["line"] < line.number and _named_loss(line.text[count_end:]):
            # the last epoch's summary of its figures after its last batch's step line (SpikingResformer's `Ep 50/50 |
            # Batch 150/159 | Loss=...`, then `Epoch  50/50 | TrainLoss=1.5043 | ...`): that epoch done, where its batch
            # line names it and nothing said otherwise since
            if not by_number:
                by_number = {at_line.number: at_line for at_line in lines}
            batch_line = by_number.get(final["line"])
            counter = _step_counter(batch_line.text) if batch_line is not None else None
            if counter is not None and counter.epoch == number and not any(
                    at > final["line"] and (r is None or rank is None or r == rank) for at, r in said):
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=line.text,
                           detail=f"its epochs counted to the {total} it named")
            continue
        if final is None or final["line"] < line.number:
            continue
        short = _WITHIN_EPOCH.search(line.text, count_end)
        if final["line"] == line.number and short is not None and int(short.group("i")) >= int(short.group("n")):
            at_total = True  # (its line's count within it at its total: `Epoch=100/100, Step=890/890`)
        elif final["step"] == number and final.get("loss") is not None:
            at_total = False  # (the epoch's own row, its loss: as many lines of it as of the epochs before, below)
        else:
            continue  # (a head with no figure of its own after it; steps within it, short of its total: killed in them)
        spans = [b - a for a, b in pairwise(heads.get(rank, ()))]
        if not at_total and (not spans or end_line - heads[rank][-1] + 1 < min(spans)):
            continue
        if any(at > line.number and (r is None or rank is None or r == rank) for at, r in said):
            continue
        if not by_number:
            by_number = {at_line.number: at_line for at_line in lines}
        end = by_number.get(final["line"])
        if end is None or (not at_total and end.number != line.number and _COUNT_WITHIN.search(end.text) is not None):
            continue  # (its own line a batch's within it, `Batch: 0, Loss: 0.005`: its end unseen)
        rows.event(LogEventKind.ATTEMPT_END, line=end.number, rank=end.rank, ts_ns=end.ts_ns, raw=end.text,
                   detail=f"its epochs counted to the {total} it named")


# a count within an epoch on a line (`batch 10 loss 0.3`, `Batch: 0, Loss: 0.005`, `Iter [20/100]`, `step 5`)
_COUNT_WITHIN = re.compile(r"\b(?:[Ii]ter(?:ation)?|ITER|[Ss]tep|STEP|[Bb]atch|BATCH)\b\s{0,4}[:=#\[(]?\s{0,4}\d")


def _counted_out(number: int, total: int, from_zero: bool, gap: tuple[int, int] | None) -> bool:
    """A run's last epoch line (`number` of the `total` it named) is its last epoch's: the total itself (one below it,
    counted from 0), or, where the run printed every few epochs at one interval (`gap`: that interval and the lines
    that kept it, two at least), a line the next of which would have been past the total (a linear probe's `Epoch
    [161/200]` printed every 40: its `Epoch [201/200]` never comes)."""
    last = total - 1 if from_zero else total
    if number == last:
        return True
    return gap is not None and gap[0] > 1 and gap[1] >= 2 and number <= last < number + gap[0]


# an epoch's line after the run it is of, repeated runs in one process (OGB's examples: `Run: 01, Epoch: 01, Loss: ...`;
# after its split, PyG's: `Split: 01, Run: 02, Epoch: 200, Loss: 0.2972, ...`)
_NAMED_RUN = re.compile(r"(?:^|\s)(?:Split: \d{1,4}, )?Run: (?P<r>\d{1,4}), Epoch: ")


def _runs_named_out(lines: Sequence[Line], rows: LogRows) -> None:
    """A run's epoch lines naming the run (`_NAMED_RUN`), then the next run's: the program went on to its next run in
    the same process, so the run before ended (an attempt_end at its last line), where no failure, restart or end is
    logged between."""
    named_lines = [(line, named) for line in lines if "Run: " in line.text and (named := _NAMED_RUN.search(line.text))]
    if not named_lines:
        return  # (most logs name no run: one pass over their lines, a literal test each)
    said = sorted((event["line"], event["rank"]) for event in rows.events if event["kind"] in _RUN_WORDS)
    said_lines = [at for at, _ in said]
    stepped = {row["line"] for row in rows.steps}
    last: dict[int | None, tuple[int, Line]] = {}  # rank -> (its run, its last epoch line)
    for line, named in named_lines:
        if line.number not in stepped:
            continue
        run, before = int(named.group("r")), last.get(line.rank)
        if before is not None and run > before[0] and not any(
                rank is None or line.rank is None or rank == line.rank
                for _, rank in said[bisect_right(said_lines, before[1].number - 1):bisect_right(said_lines, line.number - 1)]):
            end = before[1]
            rows.event(LogEventKind.ATTEMPT_END, line=end.number, rank=end.rank, ts_ns=end.ts_ns, raw=end.text,
                       detail="its next run began in the same process")
        last[line.rank] = (run, line)


_LAUNCH_KINDS = frozenset({LogEventKind.ATTEMPT_START.value, LogEventKind.RESTART.value})
_RUN_WORDS = frozenset({LogEventKind.ATTEMPT_END.value, LogEventKind.CRASH.value, LogEventKind.OOM.value,
                        LogEventKind.COLLECTIVE_TIMEOUT.value, LogEventKind.HANG.value, LogEventKind.RESTART.value})


class _OwnStep(NamedTuple):
    step: int
    epoch: int | None  # where the count is within its epoch
    values: dict[str, float]
    framework: str
    # a time the line gives for the steps since the rank's line before of its program (none before
    # the first): "since" the seconds since that line (Marian's `Time`, TensorFlow's hook's `(N sec)`),
    # "elapsed" the seconds since training began (ParlAI's `time:`); its step time is that time over
    # the steps between; "at" the moment it ended, in epoch seconds (a line that dates itself mid-line)
    clock: str | None = None
    seconds: float | None = None
    # a count that may start over each epoch: within the epoch the log last named, where it names one
    in_epoch: bool = False
    rank: int | None = None  # the rank the line names
    rounding: float = 0.0  # an "elapsed" clock's rounding as printed (`_span_mean`)
    batches: int | None = None  # the epoch's batches, where a count within its epoch says its total
    series: str | None = None  # the counter the line is one of, where a program prints several (ML-Agents' behaviours)
    from_start: bool = False  # an "elapsed" clock that began as its count's 0 did (its first line timed too)


# The Open Catalyst Project's trainer (fairchem's, `ocpmodels`): its logger prints every value as
# `{:.2e}`, the step too, `..., loss: 1.68e+01, lr: 2.00e-05, epoch: 9.09e-01, step: 1.00e+01`; three
# significant digits hold a step exactly below 1000 (`1.23e+04` may be 12300 to 12349: no step's number)
# NGCF's epoch line and the recommenders' written after it (KGAT, KGIN's first code, LightGCN's TensorFlow): the
# seconds the epoch trained in brackets (then its evaluation's after a `+`, on the epochs it evaluates), its loss
# after `train==[`: "Epoch 0 [188.2s]: train==[664.01239=4.38894 + 659.52649 + 0.09766]", "Epoch 9 [166.8s +
# 69.8s]: train==[66.21600=3.46222 + 62.65613 + 0.09765], recall=[0.07654, 0.15581], ..."
_NGCF_EPOCH = re.compile(r"^Epoch (?P<e>\d{1,9}) \[(?P<t>\d{1,9}(?:\.\d{1,9})?)s(?: \+ \d{1,9}(?:\.\d{1,9})?s)?\]: "
                         r"train==\[(?P<l>" + _FIGURE + r"|nan|inf)")
# KGIN's and MixGCF's epoch line, the seconds the epoch trained, then its loss "at epoch N" (after a setting's value or a
# date, or not): "using time 191.1174s, training loss at epoch 1: 413.5824" (not a bare `Training loss at epoch 1:
# 0.82` among a loop's batch lines: an epoch's summary of their steps, no step of its own)
_LOSS_AT_EPOCH = re.compile(r"\busing time (?P<t>\d{1,9}(?:\.\d{1,20})?)s?, training loss at epoch (?P<e>\d{1,9}): "
                            r"(?P<l>" + _FIGURE + r"|nan|inf)\b")
_OCP_STEP = re.compile(r"\bepoch: \d\.\d{2}e[-+]\d{2}, step: (?P<m>\d)\.(?P<f>\d{2})e\+0(?P<x>[0-2])\s*$")


# a learning rate as an epoch's line prints it (`lr: 0.001`, `lr=1e-3`, `Learning Rate =  4.437e-03`), not a configuration's
# dump (`lr 0.0005`)
# a configuration's dump, a key and its value alone as a logger's message (FourCastNet's YParams, `... - root - INFO - lr
# 0.0005`, `... - INFO - loss l2`): no epoch's line
# (its whole message after the level, not a line's tail; not a loss and its figure, `... - INFO - loss 0.5`)
_CONFIG_PAIR = re.compile(r"(?:^|\b(?:INFO|DEBUG|WARNING|WARN|ERROR)(?:\s-\s|:?\s{1,4}|:[\w.]{1,80}:))"
                          r"(?!\w{0,40}oss\s{1,4}[-+]?\.?\d)[A-Za-z_][\w.]{0,60} [^\s]{1,200}\s*$")


def _epochs_own_figure(text: str) -> bool:
    """A dated line with a loss, a learning rate or a time taken that may be an epoch's own: not a
    configuration's key and value alone (FourCastNet's `lr 0.0005`, `loss l2`, printed as a relaunch
    starts, which would carry the epoch into the next process)."""
    return _CONFIG_PAIR.search(text) is None


def _federated_rounds(rows: LogRows) -> None:
    """A federated job's steps are its server's rounds: its clients' local loops, each counted from 0
    again every round and printed side by side in a simulation's console (NVIDIA FLARE's `site=site-1,
    Epoch: 0/2, Iteration: 3000, Loss: ...`), are no steps of the job (nor restarts of it)."""
    rows.drop_steps({id(row) for row in rows.steps if row.get("framework") not in FEDERATED_SERVERS})


def _ggml_before_first(text: str) -> bool:
    """llama.cpp's callback before its first iteration (`iter=     0 ... loss=0.000000 |->`, no `dt`):
    no iteration done, no step."""
    ggml = _GGML_TRAIN.search(text)
    return ggml is not None and not ggml.group("s").strip("0") and ggml.group("h") is None and ggml.group("ms") is None


# a script's own record of a step, a JSON object on a line of its console (`print(json.dumps({...}))`, among other
# lines): `{"step": 20, "of": 782, "loss_lm": 0.0963, "loss_heads": 0.7808, "tok_s": 42276.7}`; its step under one
# of these keys, its metrics by their names (`METRIC_KEYS`); a line that names no figure but its step is none
_EVAL_KEY = re.compile(r"(?:val|valid|validation|eval|test|dev)[_/]", re.I)
_JSON_STEP_KEYS = ("step", "_step", "global_step", "iteration", "iter")


def _json_step(text: str) -> _OwnStep | None:
    try:
        record = json.loads(text)
    except (ValueError, RecursionError):
        return None
    if not isinstance(record, dict):
        return None
    step = next((value for key in _JSON_STEP_KEYS if type(value := record.get(key)) is int and 0 <= value < 1 << 62), None)
    figures = [k for k, v in record.items() if type(v) in (int, float) and k not in _JSON_STEP_KEYS]
    # (a record of an evaluation at the step, `{"step": 100, "val_loss": 0.61, "val_acc": 0.71}`, none)
    if step is None or not figures or all(_EVAL_KEY.match(k) for k in figures):
        return None
    values = {column: value for key, column in METRIC_KEYS.items()
              if (value := to_float(record.get(key), text=False)) is not None}
    return _OwnStep(step, None, values, "generic")


def _loss_of(printed: str) -> dict[str, float]:
    """A printed loss as a step's value, NaN and infinity as such (the findings name a diverged run)."""
    return {"loss": float(printed)}


# NERSC's deep-learning-at-scale tutorials' trainers (and the scripts built on them) every logging interval, after the
# time since training began: "Time elapsed: 242.40s, Remaining: 0.34h", then "Current iteration: 100/500000 (0.0%)"
_CURRENT_ITERATION = re.compile(r"(?:^|\] | - |: )Current (?:iteration|step): (?P<s>\d{1,15})/(?P<n>\d{1,15}) "
                                r"\(\d{1,3}(?:\.\d{1,4})?%\)\s*$")


# The loop of Udacity's deep RL course's agents (DQN, DDPG, IQN and their many copies) after each episode, `\r` before it
# and a newline every 100: "Episode 100\tAverage Score: 0.53", "Episode 1\tFrame 20 \tAverage100 Score: 20.00" (the
# mean of its last 100 episodes' scores; the 100th said twice, `\r` then newline): an episode a step, no time
_EPISODE_SCORE = re.compile(r"Episode (?P<e>\d{1,12})\t(?:Frame \d{1,15} ?\t)?Average(?:100)? Score: [-+]?\d")


def _own_step(text: str) -> _OwnStep | None:
    """A step line of the programs above, or None."""
    if "Current " in text and (current := _CURRENT_ITERATION.search(text)) is not None and (
            int(current.group("s")) <= int(current.group("n"))):
        return _OwnStep(int(current.group("s")), None, {}, "generic")
    if text[:2] == '{"' and text.rstrip()[-1:] == "}" and ('"step"' in text or '"iter' in text or '_step"' in text):
        return _json_step(text.rstrip())
    if text[:6] == "Epoch " and "]: train==[" in text and (ngcf := _NGCF_EPOCH.match(text)) is not None:
        return _OwnStep(int(ngcf.group("e")), None, {"step_time_s": float(ngcf.group("t"))} | _loss_of(ngcf.group("l")),
                        "generic")
    if "training loss at epoch " in text and (at_epoch := _LOSS_AT_EPOCH.search(text)) is not None:
        return _OwnStep(int(at_epoch.group("e")), None, {"step_time_s": float(at_epoch.group("t"))}
                        | _loss_of(at_epoch.group("l")), "generic")
    if ", step: " in text and (ocp := _OCP_STEP.search(text)) is not None:
        digits, exponent = ocp.group("m") + ocp.group("f"), int(ocp.group("x"))
        if digits[exponent + 1:].strip("0"):
            return None  # (a fraction of a step: no step line)
        values = {k: v for k, v in _step_values(text[:ocp.start()]).items() if k != "step_time_s"}
        return _OwnStep(int(digits[:exponent + 1]), None, values, "fairchem")
    if text[:6] == "epoch " and ", train" in text and (yinboc := _EPOCH_TIMES_LAST.match(text)) is not None:
        took = duration_s(yinboc.group("t"))
        return _OwnStep(int(yinboc.group("e")), None, {"loss": float(yinboc.group("l") or yinboc.group("m"))}
                        | ({"step_time_s": took[0]} if took is not None else {}), "generic")
    if text[:8] == "Episode " and "Score: " in text and (udacity := _EPISODE_SCORE.match(text)) is not None:
        return _OwnStep(int(udacity.group("e")), None, {"_episode_said": True}, "generic")
    if text[:3] == "Ep " and (scratch := _LLMS_FROM_SCRATCH.match(text)) is not None:
        return _OwnStep(int(scratch.group("s")), None, {"loss": float(scratch.group("l"))}, "generic")
    if "/" in text[:20] and ": " in text and (makemore := _MAKEMORE.match(text)) is not None and (
            int(makemore.group("i")) <= int(makemore.group("n"))):
        return _OwnStep(int(makemore.group("i")), None, {"loss": float(makemore.group("l"))}, "generic")
    if "(epoch " in text and " time/batch = " in text and (char_rnn := _CHAR_RNN.match(text)) is not None and (
            int(char_rnn.group("i")) <= int(char_rnn.group("n"))):
        return _OwnStep(int(char_rnn.group("i")), None, {"loss": float(char_rnn.group("l")),
                                                         "step_time_s": float(char_rnn.group("t"))}, "generic")
    if text[:1] == "[" and "]" in text[:40] and (raft := _RAFT_STATUS.fullmatch(text)) is not None and (
            ("." in raft.group("lr") or "e" in raft.group("lr").lower()) and float(raft.group("lr")) < 1):
        # (its learning rate a fraction: not the CIFAR tutorial's `[1,  2000] loss: 2.193`, an epoch and its batch)
        return _OwnStep(int(raft.group("s")), None, {"lr": float(raft.group("lr"))}, "raft")
    if text[:1].isdigit() and (rwkv := _RWKV_EPOCH.fullmatch(text)) is not None and (
            at_ns := parse_timestamp(rwkv.group("at"))) is not None:
        trained = {"loss": float(rwkv.group("l"))} if rwkv.group("l") != "nan" else {}
        return _OwnStep(int(rwkv.group("e")), None, trained | {"lr": float(rwkv.group("lr"))}, "rwkv", "at", at_ns / 1e9)
    if text[:10] == "Loss step " and (flax := _FLAX_GUIDE.match(text)) is not None:
        return _OwnStep(int(flax.group("s")), None, {"loss": float(flax.group("l"))}, "flax")
    if text[:7] == "Epoch: " and (ppo := _MANISKILL_PPO.match(text)) is not None:
        return _OwnStep(int(ppo.group("i")), None, {}, "maniskill")
    if "] Iter: " in text and (kaldi := _KALDI_ITER.search(text)) is not None:
        return _OwnStep(int(kaldi.group("i")), None, {"lr": float(kaldi.group("lr"))} if kaldi.group("lr") else {}, "kaldi")
    if "total step: " in text and (funasr := _FUNASR.search(text)) is not None:
        values = {"loss": float(funasr.group("l"))}
        if (lr := _FUNASR_LR.search(text, funasr.end())) is not None:
            values["lr"] = float(lr.group("v"))
        if (took := _FUNASR_TIME.search(text, funasr.end())) is not None:
            values["step_time_s"] = float(took.group("v"))
        return _OwnStep(int(funasr.group("s")), None, values, "funasr", rank=int(funasr.group("r")))
    if "(epoch: " in text and (gan := _VISUALIZER.match(text.lstrip())) is not None:
        values = {"step_time_s": float(gan.group("t"))}
        if gan.group("d") is not None:
            values["data_time_s"] = float(gan.group("d"))
        return _OwnStep(int(gan.group("i")), int(gan.group("e")), values, "pix2pix")
    if "( step: " in text and (simswap := _SIMSWAP.match(text)) is not None:
        return _OwnStep(int(simswap.group("s")), None, {}, "simswap")
    if text[:5] == "tick " and (tick := _TICK.match(text)) is not None:
        return _OwnStep(int(tick.group("t")), None, {"step_time_s": float(tick.group("s"))}, "stylegan")
    if "time:" in text and " total_exs:" in text and (parlai := _PARLAI.search(text)) is not None:
        step = parlai.group("s") or ((updates := _PARLAI_UPDATES.search(text, parlai.end())) and updates.group("s"))
        if step:
            values = {}
            if (loss := _PARLAI_LOSS.search(text, parlai.end())) is not None:
                values["loss"] = float(loss.group("v"))
            # (its seconds floored to whole ones, `time:4.0s` too: a second's rounding)
            return _OwnStep(int(step), None, values, "parlai", "elapsed", float(parlai.group("t")), rounding=1.0)
    if "%)  " in text and (nerf := _NERFSTUDIO.match(text)) is not None:
        seconds = float(nerf.group("t")) / (1000 if nerf.group("u") == "ms" else 1)
        return _OwnStep(int(nerf.group("s")), None, {"step_time_s": seconds}, "nerfstudio")
    if "(100.00%)" in text and (nerf := _NERFSTUDIO_LAST.match(text)) is not None:
        return _OwnStep(int(nerf.group("s")), None, {}, "nerfstudio")
    if " my_main t_env: " in text and (pymarl := _PYMARL.search(text)) is not None:
        return _OwnStep(int(pymarl.group("s")), None, {}, "pymarl")
    if "[PAX STATUS] " in text and (pax := _PAX.search(text)) is not None:
        return _OwnStep(int(pax.group("s")), None, {"loss": float(pax.group("l"))}, "pax")
    if "Training: step " in text and (t5x := _T5X.search(text)) is not None:
        return _OwnStep(int(t5x.group("s")), None, {}, "t5x")
    if ": Ran " in text and (trax := _TRAX.match(text.lstrip())) is not None and int(trax.group("n")) > 0:
        return _OwnStep(int(trax.group("s")), None, {"step_time_s": float(trax.group("t")) / int(trax.group("n"))}, "trax")
    if "(for " in text and (loop := _KERAS_LOOP.match(text)) is not None:
        return _OwnStep(int(loop.group("s")), None, {"loss": float(loop.group("l"))}, "keras")
    if "global_step = " in text and (hook := _TENSOR_HOOK.search(text)) is not None:
        loss = next((v for k, v in iter_numbers(text[hook.end():]) if _KEYS.get(k) == "loss"), None)
        took = _TENSOR_HOOK_TIME.search(text)
        return _OwnStep(int(hook.group("s")), None, {"loss": loss} if loss is not None else {}, "tensorflow",
                        "since", float(took.group("t")) if took is not None else None)
    if "iters: " in text and (tslib := _TSLIB_ITERS.search(text)) is not None:
        return _OwnStep(int(tslib.group("i")), int(tslib.group("e")), {"loss": float(tslib.group("l"))}, "time_series_library")
    if ("tep [" in text and (worded := _WORD_BRACKET_STEP.search(text)) is not None and _named_loss(text)
            and _EVALUATION_AFTER.match(text, worded.end()) is None):
        return _OwnStep(int(worded.group("i")), None, _step_values(text[worded.end():]), "generic")
    if (text[:1] in "[ " and "/" in text and (bracket := _BRACKET_STEP.match(text)) is not None
            and _named_loss(text) and _EVALUATION_AFTER.match(text, bracket.end()) is None):
        values = _step_values(text[bracket.end():])
        rate = _RATE_FIELD.search(text, bracket.end()) if "step_time_s" not in values else None
        if rate is not None and float(rate.group("v")) > 0:
            values["step_time_s"] = float(rate.group("v")) if rate.group("per") == "s/it" else 1 / float(rate.group("v"))
        if "Elapsed_time: " in text and (elapsed := _ELAPSED_FIELD.search(text, bracket.end())) is not None:
            return _OwnStep(int(bracket.group("i")), None, values, "generic", "elapsed", float(elapsed.group("t")),
                            in_epoch=True, rounding=half_unit(elapsed.group("t")))
        return _OwnStep(int(bracket.group("i")), None, values, "generic", in_epoch=True)
    if ") " in text and text[:1].isdigit() and (fomm := _FOMM.match(text)) is not None:
        return _OwnStep(int(fomm.group("e")), None, {}, "generic")
    if "Batch " in text and " Loss: " in text and (batch := _BATCH_LOSS.search(text)) is not None:
        return _OwnStep(int(batch.group("i")), None, {"loss": float(batch.group("l"))} | {
            k: v for k, v in _step_values(text[batch.end("l"):]).items() if k == "lr"}, "generic", in_epoch=True)
    if "]  eta: " in text and (dinov2 := _DINOV2.search(text)) is not None:
        return _OwnStep(int(dinov2.group("i")), None, _step_values(text[dinov2.end():]), "dinov2")
    if "] Batch [" in text and (mxnet := _MXNET_SPEED.search(text)) is not None:
        # (Sockeye, built on MXNet, prints the same under its own logger)
        return _OwnStep(int(mxnet.group("i")), int(mxnet.group("e")), {"samples_per_s": float(mxnet.group("r"))},
                        "sockeye" if "sockeye." in text and _SOCKEYE.search(text) is not None else "mxnet")
    if text[:5] == "step:" and (modded := _MODDED_NANOGPT.match(text)) is not None:
        trained = {"loss": float(modded.group("l"))} if modded.group("l") and modded.group("l")[-1].isdigit() else {}
        scale = 1000 if modded.group("u") == "ms" else 1
        return _OwnStep(int(modded.group("s")), None, trained, "modded_nanogpt", "elapsed", float(modded.group("t")) / scale,
                        rounding=half_unit(modded.group("t")) / scale)
    if " step_loss : " in text and (neuron := _NEURON_LOG.search(text)) is not None:
        try:
            when = datetime.strptime(" ".join(neuron.group("when").split()), "%a %b %d %H:%M:%S %Y").replace(tzinfo=UTC)
        except ValueError:
            return None  # (a date that does not exist: a mangled line)
        stepped = {"loss": float(neuron.group("l"))} if neuron.group("l")[-1].isdigit() else {}
        return _OwnStep(int(neuron.group("s")), None, stepped | {"lr": float(neuron.group("lr"))}, "neuron", "at",
                        when.timestamp())
    if text[:12] == "global step " and (translate := _TF_TRANSLATE.match(text)) is not None:
        return _OwnStep(int(translate.group("s")), None, {"step_time_s": float(translate.group("t"))}, "tensorflow")
    if text[:1] == "[" and text[1:2].isdigit() and (boost := _BOOST_ROUND.match(text)) is not None:
        return _OwnStep(int(boost.group("s")), None, {}, "xgboost" if boost.group("x") else "lightgbm")
    if " seconds elapsed, finished iteration " in text and (lgbm := _LIGHTGBM.match(text)) is not None:
        return _OwnStep(int(lgbm.group("s")), None, {}, "lightgbm", "elapsed", float(lgbm.group("t")),
                        rounding=half_unit(lgbm.group("t")))
    if text[:1] == "[" and "] loss=" in text and (gpt2 := _GPT2_TRAIN.match(text)) is not None:
        said = {"loss": float(gpt2.group("l")) if gpt2.group("l") != "nan" else math.nan}
        return _OwnStep(int(gpt2.group("s")), None, said, "gpt2", "elapsed", float(gpt2.group("t")),
                        rounding=half_unit(gpt2.group("t")))
    if " training time " in text and (deepmd := _DEEPMD.search(text)) is not None:
        return _OwnStep(int(deepmd.group("s")), None, {}, "deepmd", "since", float(deepmd.group("t")))
    if text[:10] == "fps step: " and (games := _RL_GAMES.match(text)) is not None:
        frames = {"_frames": float(games.group("n")), "_fps": float(games.group("f"))} if games.group("n") else {}
        return _OwnStep(int(games.group("e")), None, frames, "rl_games")
    if (at := text.find("train ")) >= 0 and text[at + 6:at + 9].isdigit() and (darts := _DARTS.search(text)) is not None:
        return _OwnStep(int(darts.group("s")), None, {}, "darts", in_epoch=True)
    if text[:6] == "epoch=" and (enas := _ENAS.match(text)) is not None:
        minutes = enas.group("m")
        return _OwnStep(int(enas.group("s")), None, {"loss": float(enas.group("l"))}, "enas", "elapsed",
                        60 * float(minutes), rounding=60 * half_unit(minutes))
    if "Elapsed: " in text and (mccormick := _BATCH_OF_ELAPSED.match(text)) is not None:
        since = (int(mccormick.group("d") or 0) * 86400 + int(mccormick.group("h")) * 3600
                 + int(mccormick.group("m")) * 60 + int(mccormick.group("sec")))
        # (whole seconds, rounded or truncated as copies differ: a whole second)
        return _OwnStep(int(mccormick.group("i").replace(",", "")), None, {}, "generic", "elapsed", float(since),
                        in_epoch=True, rounding=1.0, batches=int(mccormick.group("n").replace(",", "")))
    if "report_training_metrics(" in text and (determined := _DETERMINED.search(text)) is not None:
        pairs = ", ".join(f"{m.group('key')}: {m.group('value')}" for m in _DICT_METRIC_INLINE.finditer(determined.group("m")))
        return _OwnStep(int(determined.group("s")), None, _step_values(pairs), "determined")
    if " it/sec" in text and (flashy := _FLASHY.search(text)) is not None and int(flashy.group("e")) >= 1:
        values = {"step_time_s": 1 / float(flashy.group("r"))} if float(flashy.group("r")) > 0 else {}
        if flashy.group("l") is not None:
            values["loss"] = float(flashy.group("l"))
        epoch, done, batches = int(flashy.group("e")), int(flashy.group("i")), int(flashy.group("n"))
        return _OwnStep((epoch - 1) * batches + done, None, values, "flashy")
    if text[:7] == "epoch: " and " | step: " in text and (svc := _SVC_SAVER.match(text)) is not None and (
            since := duration_s(svc.group("t"))) is not None:
        values = {"lr": float(svc.group("lr"))} | ({"loss": float(svc.group("l"))} if svc.group("l")[-1].isdigit() else {})
        return _OwnStep(int(svc.group("s")), None, values, "ddsp_svc", "elapsed", since[0], rounding=since[1])
    if text[:7] == "epoch: " and (mpnn := _PROTEINMPNN.match(text)) is not None:
        return _OwnStep(int(mpnn.group("s")), None, {}, "proteinmpnn", "since", float(mpnn.group("t")))
    if "images/sec: " in text and (benchmark := _TF_CNN_BENCHMARKS.match(text)) is not None:
        loss = to_float(benchmark.group("l"))
        return _OwnStep(int(benchmark.group("s")), None, {"_images_per_s": float(benchmark.group("r"))} | (
            {"loss": loss} if loss is not None else {}), "tf_cnn_benchmarks", rounding=half_unit(benchmark.group("r")))
    if " samples/sec" in text and "Global Step: " in text and (arcface := _ARCFACE.search(text)) is not None:
        said = to_float(arcface.group("l"))
        return _OwnStep(int(arcface.group("s")), None, ({"loss": said} if said is not None else {}) | (
            {"lr": float(arcface.group("lr"))} if arcface.group("lr") else {}), "arcface_torch")
    if text[:6] == "Iter #" and (horovod := _HOROVOD_ITER.match(text)) is not None:
        return _OwnStep(int(horovod.group("s")), None, {"_iteration_images_per_s": float(horovod.group("r"))}, "horovod")
    if "fit progress: (" in text and (flower := _FLOWER_PROGRESS.search(text)) is not None:
        loss = to_float(flower.group("l"))
        return _OwnStep(int(flower.group("s")), None, {"loss": loss} if loss is not None else {}, "flower", "elapsed",
                        float(flower.group("t")), from_start=True)
    if "fit_round " in text and (fit := _FLOWER_FIT.search(text)) is not None:
        return _OwnStep(int(fit.group("s")), None, {}, "flower")
    if "ound " in text and (nvflare := _NVFLARE_ROUND.search(text)) is not None:
        return _OwnStep(int(nvflare.group("a") or nvflare.group("f")), None, {}, "nvflare")
    if "ound" in text[:24] and (fl_round := _FL_ROUND.match(text)) is not None and "loss" in (
            said := _step_values(text[fl_round.end():])) and _NOT_TRAINING.search(
            text, fl_round.end(), max(fl_round.end(), text.find("oss", fl_round.end()))) is None and (
            _COUNTER_WORD.search(text, fl_round.end()) is None):
        # (not a round's test or validation loss: FedProx's forks print `At round 0 test loss: ...` too; nor a round of
        # an outer loop whose lines count epochs or steps within it, `Round 0, Epoch 1, loss: 0.65`: those are the steps)
        return _OwnStep(int(fl_round.group("s")), None, {"loss": said["loss"]}, "fedavg")
    if "Score at iteration " in text and (dl4j := _DL4J.search(text)) is not None:
        score = to_float(dl4j.group("l"))
        return _OwnStep(int(dl4j.group("s")), None, {"loss": score} if score is not None else {}, "dl4j")
    if "Finished Epoch[" in text and (cntk := _CNTK.search(text)) is not None:
        return _OwnStep(int(cntk.group("e")), None, {"loss": float(cntk.group("l")), "step_time_s": float(cntk.group("t"))},
                        "cntk")
    if text[:5] == "step " and (leela := _LEELA.match(text)) is not None:
        total = _LEELA_TOTAL.search(text, leela.start())
        return _OwnStep(int(leela.group("s")), None, {"loss": float(total.group("l"))} if total is not None else {}, "leela")
    if "opt_callback: iter=" in text and (ggml := _GGML_TRAIN.search(text)) is not None:
        values = {"loss": float(ggml.group("l"))}
        if ggml.group("ms") is not None:
            values["step_time_s"] = float(ggml.group("ms")) / 1000
        elif ggml.group("h") is not None and (
                dt := int(ggml.group("h")) * 3600 + int(ggml.group("m")) * 60 + int(ggml.group("sec"))) >= GGML_DT_WHOLE_S:
            values["step_time_s"] = float(dt)
        return _OwnStep(int(ggml.group("s")), None, values, "llama.cpp")
    if text[:13] == "At iteration " and (lstm := _LSTMTRAINING.match(text)) is not None:
        return _OwnStep(int(lstm.group("s")), None, {}, "tesseract")
    if (". Step: " in text or ": Step: " in text) and (mlagents := _MLAGENTS.search(text)) is not None:
        since_start = mlagents.group("t")
        return _OwnStep(int(mlagents.group("s")), None, {}, "mlagents", "elapsed" if since_start else None,
                        float(since_start) if since_start else None,
                        rounding=half_unit(since_start) if since_start else 0.0,
                        series="".join(text[max(0, mlagents.start() - 200):mlagents.start()].split()[-1:]))
    if text[:6] == "epoch " and "| loss: " in text and (tabnet := _TABNET.match(text)) is not None and (
            clock := duration_s(tabnet.group("t"))) is not None:
        loss = to_float(tabnet.group("l"))
        # (`int()` of the seconds: truncated, a second's rounding)
        return _OwnStep(int(tabnet.group("e")), None, {"loss": loss} if loss is not None else {}, "pytorch_tabnet", "elapsed",
                        clock[0], rounding=1.0)
    if "total: " in text and "remaining: " in text and (catboost := _CATBOOST.match(text)) is not None and (
            catboost.group("l") is not None or catboost.group("tests")) and (
            total := duration_s(catboost.group("t"))) is not None:
        loss = to_float(catboost.group("l")) if catboost.group("l") is not None else None
        return _OwnStep(int(catboost.group("s")), None, {"loss": loss} if loss is not None else {}, "catboost", "elapsed",
                        total[0], rounding=total[1])
    if "\tfps: " in text and (habitat := _HABITAT.search(text)) is not None:
        return _OwnStep(int(habitat.group("u")), None, {}, "habitat_baselines")
    if text[:8] == "batch i:" and (gomoku := _GOMOKU.match(text)) is not None:
        return _OwnStep(int(gomoku.group(1)), None, {}, "alphazero_gomoku")
    if text[:8] == "Steps : " and (hifigan := _HIFIGAN.match(text)) is not None:
        return _OwnStep(int(hifigan.group("s")), None, {"loss": float(hifigan.group("l")),
                                                        "step_time_s": float(hifigan.group("t"))}, "hifigan")
    if text[:6] == "Train " and (tacotron := _TACOTRON.match(text)) is not None:
        return _OwnStep(int(tacotron.group("s") or tacotron.group("j")), None, {
            "loss": float(tacotron.group("l")), "grad_norm": float(tacotron.group("g")),
            "step_time_s": float(tacotron.group("t"))}, "tacotron2")
    if "Up. " in text and (marian := _MARIAN.search(text)) is not None:
        values = {"loss": float(marian.group("c"))}
        if (lr := _MARIAN_LR.search(text, marian.end())) is not None:
            values["lr"] = float(lr.group("lr"))
        took = _MARIAN_TIME.search(text, marian.end())
        return _OwnStep(int(marian.group("u")), None, values, "marian",
                        "since", float(took.group("t")) if took is not None else None)
    return None


_ATTEMPT_BOUNDARIES = frozenset({"attempt_start", "restart", "crash"})


# BasicSR's MessageLogger (Real-ESRGAN's, SwinIR's, NAFNet's, Restormer's training): "[NAFNe..][epoch:249,
# iter:   1,000, lr:(9.999e-04,)] [eta: 1 day, 16:37:50, time (data): 0.235 (0.000)] l_pix: 1.9727e-02",
# the run's iteration with thousands separators (`{:8,d}`), the seconds of an iteration and of its data
# loading; and its mmsr ancestor's (ESRGAN's, EDVR's): "<epoch: 47, iter:   4,400, lr:1.000e-04> l_g_pix: ..."
_BASICSR = re.compile(r"(?:\[epoch:\s{0,8}\d{1,9}, iter:\s{0,12}(?P<i>\d{1,3}(?:,\d{3}){1,5}|\d{1,15}), lr:\(|"
                      r"<epoch:\s{0,8}\d{1,9}, iter:\s{0,12}(?P<j>\d{1,3}(?:,\d{3}){1,5}|\d{1,15}), lr:)"
                      r"(?P<lr>\d{1,20}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,3})?)[,)>]")
# (traiNNer-redux's, the iterations a second since the line before: "[performance: 4.729]")
_BASICSR_RATE = re.compile(r"\[performance: (?P<r>\d{1,9}(?:\.\d{1,9})?)\]")
_BASICSR_TIME = re.compile(r"\btime \(data\): (?P<t>\d{1,9}(?:\.\d{1,9})?) \((?P<d>\d{1,9}(?:\.\d{1,9})?)\)")

# A step counted within its epoch, the epoch's batches known: MiniMind's
# `Epoch:[0/20](20700/41914) loss:2.596`, PyTorch's tutorial `Epoch [1/5], Step [100/600], Loss:
# 0.21`, the ImageNet example's `Epoch: [0][ 10/5005]`. Not the MNIST example's `Train Epoch: 1
# [640/60000 (1%)]` (samples, not batches: no bracket closes right after the count).
# (and PaddleClas' `[Train][Epoch 1/20][Iter: 0/8]lr: 0.00031, CELoss: 4.64081, ...`, the word inside
# the bracket)
# (LibFewShot's trainer: `Epoch-(0): [100/100]\tTime 0.289 (0.314)\t...\tLoss 0.884 (0.933)\t...`)
_EPOCH_BATCH = re.compile(
    r"\bepoch\s{0,4}[:=#-]?\s{0,4}[\[(]?\s{0,4}(?P<e>\d{1,9})(?:\s{0,4}/\s{0,4}(?P<ee>\d{1,9}))?\s{0,4}[\])]?:?[\s,|]{0,4}"
    r"(?:(?:(?:step|iter(?:ation)?|batch)\s{0,4}[:=#]?\s{0,4})?[\[(]|\[(?:step|iter(?:ation)?|batch)\s{0,4}[:=#]?\s{0,4})"
    r"\s{0,8}(?P<i>\d{1,12})\s{0,4}/\s{0,4}(?P<n>\d{1,12})\s{0,4}[\])]",
    re.I)
# (and PaddleX's and older PaddleDetection's, no bracket: `[TRAIN] Epoch=191/300, Step=10/37, loss_xy=0.459338, ...,
# time_each_step=3.31s, eta=3:44:27`; MindYOLO's `Epoch 35/300, Step 4/4, imgsize (640, 640), loss: 0.2778, ...`)
_EPOCH_EQ_STEP = re.compile(r"\bEpoch(?P<eq>[= ])(?P<e>\d{1,9})/(?P<ee>\d{1,9}), "
                            r"(?:Step|Iter)(?P=eq)(?P<i>\d{1,12})/(?P<n>\d{1,12})(?=,)")
def _one_epoch_again(lines: Sequence[Line], rows: LogRows, epochs: dict[int | None, list[_Epoch]],
                     heads_again: list[tuple[_Epoch, _Epoch]]) -> None:
    """An epoch's head said again after the epoch's own lines opens a relaunch's run of it where a launch (the log's
    first line again, `_appended_launch_lines`), a restart or a failure came between the two, or where it is dated
    after the epoch's own lines ended (CS230's relaunch 14 hours later, its log's first lines cut off); else the
    second is the first's (two ranks' copies of one epoch's lines, the second head printed before the first copy's
    lines ended): its lines are that epoch's, as though the head had not been said again."""
    bounds = sorted([line.number for line in _appended_launch_lines(lines, rows)]
                    + [e["line"] for e in rows.events if e["kind"] in _ATTEMPT_BOUNDARIES])
    merged: set[int] = set()
    for epoch, again in heads_again:
        if id(epoch) in merged:
            continue  # (its own copy was merged already: a third head said again, compared with the first)
        since = epoch.line if epoch.line is not None else epoch.opened_at
        assert again.head_line is not None
        if bisect_right(bounds, again.head_line - 1) > bisect_right(bounds, since):
            continue  # (a launch between: a relaunch's run of the epoch)
        if again.head_ns is not None and epoch.end_ns is not None and again.head_ns > epoch.end_ns:
            continue  # (begun again once the epoch's lines had ended: a relaunch's)
        if again.line is not None:
            epoch.line, epoch.end_ns = again.line, again.end_ns
        if again.named_line is not None:
            epoch.named_line, epoch.named_ns = again.named_line, again.named_ns
        if again.took_s is not None:
            epoch.took_s = again.took_s
        merged.add(id(again))
    if merged:
        for rank, numbered in epochs.items():
            epochs[rank] = [epoch for epoch in numbered if id(epoch) not in merged]


# Flair's ModelTrainer: its step line (`epoch 1 - iter 9/10 - loss 0.45796768 - samples/sec: 9.29 - lr: 0.020000`), the
# epochs its parameters name as it starts (` - max_epochs: "10"`), and each epoch's end (`EPOCH 10 done: loss 0.3788 -
# lr 0.1000000`)
_FLAIR_STEP = re.compile(r"\bepoch \d{1,9} - iter \d{1,12}/\d{1,12} - loss ")
_FLAIR_MAX_EPOCHS = re.compile(r"(?:^|\s)- max_epochs: \"?(?P<n>\d{1,9})\"?\s*$")
_FLAIR_EPOCH_DONE = re.compile(r"(?:^|\s)EPOCH (?P<e>\d{1,9}) done: loss ")
_FLAIR_BEST_LOAD = re.compile(r"(?:^|\d )loading file \S{1,2000}[\\/]best-model\.pt\s*$")  # (`... best-model.pt`)
# (its dev set's result, `DEV : loss 0.2345 - f1-score ...`; Flair 0.4's `DEV  : loss 10.39 - f-score ...`, then its test
# set's `TEST : loss 10.27 - ...`)
_FLAIR_DEV = re.compile(r"(?:^|\s)(DEV|TEST) {1,2}: loss [-+\d.e]{1,30} - ")
# a run's step of the total it names, no epoch on its line (OpenNMT-py's `Step 5000/ 5000; acc:  98.62; ...`; the
# deep-text-recognition-benchmark's `[10420/10420] Train loss: 0.03178, Valid loss: ...`, its count in brackets first)
_STEP_OF_TOTAL = re.compile(r"(?:\b[Ss]tep\s{0,4}[:=#]?\s{0,4}|^\s{0,8}\[\s{0,8}(?=\d{1,15}\s{0,4}/\s{0,4}\d{1,15}\s{0,8}\]))"
                            r"(?P<s>\d{1,15})\s{0,4}/\s{0,4}(?P<n>\d{1,15})(?![\d/.])")


def _launches_counted_out(lines: Sequence[Line], rows: LogRows) -> None:
    """Each launch's training loop done where its last step line names the total it counted to and reached it, no
    epoch on the line, its count never gone back within the launch (OpenNMT-py's `Step 5000/ 5000; ...`, then its last
    validation and save; each launch appended to deep-text-recognition-benchmark's `log_train.txt` that reached its
    `[1000/1000] Train loss: ...`; not `Step 100/100` under each `Epoch 2/10` head, a count within each epoch): an end
    at that line, where no failure, restart or end is said after it before the next launch. A count that reached its
    total and then counts on to another total (`[2/2] ...`, then `[200/1000] ...`: EasyOCR's trainer run again with more
    iterations) is a launch appended to the log, its first line's time since the line before no step's."""
    if not rows.steps:
        return
    said = sorted((e["line"], e["rank"]) for e in rows.events if e["kind"] in _RUN_WORDS)
    starts = sorted((e["line"], e["rank"]) for e in rows.events
                    if e["kind"] in (LogEventKind.ATTEMPT_START.value, LogEventKind.RESTART.value))
    wanted = {row["line"] for row in rows.steps}
    totals: dict[int, tuple[int, int]] = {}  # a step row's line -> the count and the total it names
    texts: dict[int, str] = {}
    for line in lines:
        if line.number in wanted and "/" in line.text and (total := _STEP_OF_TOTAL.search(line.text)) is not None and (
                _EPOCH.search(line.text) is None):
            totals[line.number] = (int(total.group("s")), int(total.group("n")))
            texts[line.number] = line.text
    if not totals:
        return
    by_rank: dict[int | None, list[dict[str, Any]]] = {}
    for row in sorted(rows.steps, key=lambda r: r["line"]):
        by_rank.setdefault(row["rank"], []).append(row)
    for rank, ranked in by_rank.items():
        bounds = [at for at, r in starts if r is None or rank is None or r == rank]
        launches: list[list[dict[str, Any]]] = []
        for row in ranked:
            before = launches[-1][-1] if launches else None
            said_total = totals.get(before["line"]) if before is not None else None
            now = totals.get(row["line"])
            if before is None or bisect_right(bounds, before["line"]) != bisect_right(bounds, row["line"]):
                launches.append([row])
            elif (said_total is not None and said_total[0] == said_total[1] == before["step"] and now is not None
                  and now[0] == row["step"] > before["step"] and now[1] != said_total[1]):
                rows.event(LogEventKind.ATTEMPT_START, line=row["line"], rank=row["rank"], ts_ns=row.get("end_ns"),
                           detail="its count reached the total it named, then counted on to another: a launch appended "
                                  "to the log", process=True)
                row["step_time_s"] = None  # (the time since the last launch's last line is no step's)
                launches.append([row])
            else:
                launches[-1].append(row)
        for k, launch in enumerate(launches):
            row = launch[-1]
            reached = totals.get(row["line"])
            if reached is None or not reached[0] == reached[1] == row["step"] or any(
                    b["step"] < a["step"] for a, b in pairwise(launch)):
                continue
            until = launches[k + 1][0]["line"] if k + 1 < len(launches) else None
            if any(at >= row["line"] and (until is None or at < until) and (r is None or rank is None or r == rank)
                   for at, r in said):
                continue
            rows.event(LogEventKind.ATTEMPT_END, line=row["line"], rank=rank, ts_ns=row.get("end_ns"), raw=texts[row["line"]],
                       detail=f"its steps counted to the {row['step']} it named")


# wandb's client as the program it watches exits (wandb >= 0.12 writes no word of the exit code where it was 0): its
# `wandb: Run summary:` table, then `wandb: Synced 6 W&B file(s), 0 media file(s), ...`
_WANDB_FINISHED = re.compile(r"wandb: (?:Synced \d{1,9} W&B file\(s\)|Run summary:\s*$)")
# wandb's own word that the program failed or was stopped (`wandb: Waiting for W&B process to finish... (failed 1).`,
# `wandb: Ctrl + C detected. Stopping run.`, `wandb: ERROR Run 3kd8x errored: ...`; its `Program failed with code 1` is a
# failure event of its own, `_events`)
_WANDB_FAILURE = re.compile(r"\(failed -?\d{1,9}\)|Ctrl \+ C detected|\bRun [\w\-]{1,64} errored\b")


def _wandb_finished(lines: Sequence[Line], rows: LogRows) -> None:
    """A run that wandb's client saw exit after its last step line, with no failure, restart or end said since that
    step (scGPT's fine-tuning: its last epoch, its test, its save, then wandb's `Run summary:` and `Synced ...` as the
    script returned), or, where it logged no step, since its last dated line but wandb's own with no failure, restart
    or end said since its process started: its end, at wandb's first such line. Not after a traceback (wandb syncs a
    failed run's too)."""
    # (a run that logged no step: since its last dated line, the last of its runs' summaries where wandb saw several;
    # not one of wandb's own, which a console dated whole by its collector dates too; and no failure, restart or end
    # said since its process's start, not one of wandb's own lines)
    last_step = max((row["line"] for row in rows.steps), default=None) or max(
        (line.number for line in lines if line.ts_ns is not None and "wandb: " not in line.text), default=0)
    since = last_step if rows.steps else max(
        (e["line"] for e in rows.events if e["kind"] in _LAUNCH_KINDS and "wandb: " not in (e.get("raw") or "")), default=0)
    if any(e["kind"] in _RUN_WORDS and e["line"] >= since for e in rows.events):
        return
    for line in lines:
        if line.number <= last_step or "wandb: " not in line.text:
            continue
        if _WANDB_FAILURE.search(line.text) is not None:
            return
        if _WANDB_FINISHED.match(line.text.lstrip()) is not None:
            rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=line.text,
                       detail="wandb's summary as the program exited, no failure since its "
                       + ("last step" if rows.steps else "last dated line"))
            return


def _runs_done(lines: Sequence[Line], rows: LogRows) -> None:
    """A run's training loop done, where its last step line says so (and Flair's dev evaluations after each epoch,
    from its `EPOCH 3 done: ...` to its `DEV : loss ...`): Flair's `EPOCH 10 done: ...` of the
    ` - max_epochs: "10"` its parameters named (its final test after it): an end at that line, where no failure,
    restart or end is said after it."""
    if not rows.steps:
        return
    said = [(e["line"], e["rank"]) for e in rows.events if e["kind"] in _RUN_WORDS]
    last: dict[int | None, dict[str, Any]] = {}
    for row in sorted(rows.steps, key=lambda r: r["line"]):
        last[row["rank"]] = row
    flair = any(row.get("framework") == "flair" for row in rows.steps)
    if not flair:
        return
    epochs: dict[int | None, int] = {}  # rank -> the max_epochs Flair's parameters named
    opened: dict[int | None, Line] = {}  # rank -> its last `EPOCH N done` line, its dev evaluation's start
    evaluated: dict[int | None, tuple[Line, dict[str, Any]]] = {}  # rank -> its last evaluation's start and end event
    loads: list[Line] = []  # its `loading file .../best-model.pt` lines
    done: dict[int | None, Line] = {}  # rank -> its last `EPOCH N done` of those epochs
    for line in lines:
        if "max_epochs" in line.text and (named := _FLAIR_MAX_EPOCHS.search(line.text)) is not None:
            epochs[line.rank] = int(named.group("n"))
        elif "loading file " in line.text and _FLAIR_BEST_LOAD.search(line.text) is not None:
            loads.append(line)
        elif " done: loss " in line.text and (ended := _FLAIR_EPOCH_DONE.search(line.text)) is not None:
            opened[line.rank] = line
            if int(ended.group("e")) == epochs.get(line.rank):
                done[line.rank] = line
        elif ("DEV" in line.text or "TEST : " in line.text) and (start := opened.get(line.rank)) is not None and (
                (result := _FLAIR_DEV.search(line.text)) is not None and line.ts_ns is not None and start.ts_ns is not None):
            # (its dev set's evaluation, from the epoch's end to its result; Flair 0.4's test set's too, after it)
            if result.group(1) == "TEST":
                del opened[line.rank]
            if (ending := evaluated.get(line.rank)) is not None and ending[0] is start:
                ending[1].update(line=line.number, ts_ns=line.ts_ns, raw=line.text[:500])  # (its test set's after it)
                continue
            rows.event(LogEventKind.EVAL_START, line=start.number, rank=start.rank, ts_ns=start.ts_ns, raw=start.text,
                       detail="Flair's dev evaluation after its epoch")
            rows.event(LogEventKind.EVAL_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=line.text,
                       detail="Flair's dev evaluation after its epoch")
            evaluated[line.rank] = (start, rows.events[-1])
    for line in loads:
        # (its best model loaded for its final test, after its rank's last step: work after its training's end; not
        # its reload with `anneal_with_restarts` before an epoch's steps, `resetting to best model`: no relaunch)
        row = last.get(line.rank) or last.get(None)
        if row is not None and line.number > row["line"]:
            rows.event(LogEventKind.CHECKPOINT_LOAD_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=line.text)
    for rank, row in last.items():
        end = done.get(rank)
        if end is None or end.number < row["line"] or any(
                at >= end.number and (r is None or rank is None or r == rank) for at, r in said):
            continue
        rows.event(LogEventKind.ATTEMPT_END, line=end.number, rank=end.rank, ts_ns=end.ts_ns, raw=end.text,
                   detail=f"its last epoch ({epochs[rank]}) done")


# PyTorch-Ignite's engines, through their logger at INFO: `Engine run starting with max_epochs=5.`, then `Epoch[1]
# Complete. Time taken: 00:00:09` (0.4.x: `00:00:09.432`) after each epoch, `Engine run complete. Time taken: ...`
_IGNITE_STARTS = re.compile(r"\bEngine run starting with max_epochs=(?P<n>\d{1,12})\."
                            # (a run resumed from its checkpoint: `Engine run resuming from iteration 980, epoch 5 until 10
                            # epochs`)
                            r"|\bEngine run resuming from iteration \d{1,15}, epoch \d{1,12} until (?P<m>\d{1,12}) epochs\b")
_IGNITE_EPOCH = re.compile(r"\bEpoch\[(?P<e>\d{1,12})\] Complete\. Time taken: (?P<t>\d{1,4}:\d\d:\d\d(?:\.\d{1,9})?)\b")
# (ignite 0.2's, no colon: `Engine run complete. Time taken 45:08:54`)
_IGNITE_COMPLETE = re.compile(r"\bEngine run complete\. Time taken:? \d")


class _IgniteEngine:
    """An ignite engine running: the epochs it runs, its epochs' rows held (a one-epoch engine's: kept only
    once another engine ran inside it), and whether one did."""

    __slots__ = ("epochs", "held", "nested")

    def __init__(self, epochs: int) -> None:
        self.epochs = epochs
        self.held: list[tuple[Line, int, float | None]] = []  # (its line, the epoch, the seconds it took)
        self.nested = False


def _ignite_epochs(lines: Sequence[Line], rows: LogRows) -> None:
    """PyTorch-Ignite's engines' own lines, in a log with no finer step line: each rank's engines run one inside
    another (an evaluator runs within its trainer's epoch, `max_epochs=1`, its own `Epoch[1] Complete`), so the
    outermost engine's `Epoch[N] Complete. Time taken: 00:00:09` is its epoch N's step, the time it took the step's
    time, and that engine's `Engine run complete` its training's end, where it runs more than one epoch (its start
    `with max_epochs=5`, or `resuming ... until 10 epochs`), or one epoch with another engine run inside it (a
    one-epoch fine-tuning run and its evaluator, started as its epoch completed): an evaluator's alone, its
    trainer's start not shown (a log cut at its head) or after its trainer's end (a final test), is none. Epoch
    lines of no engine whose start the log shows are none (which engine printed them is unknown)."""
    running: dict[int | None, list[_IgniteEngine]] = {}  # rank -> its engines running, the outermost first
    said = {event["line"] for event in rows.events if event["kind"] == LogEventKind.ATTEMPT_END.value}

    def step(line: Line, epoch: int, took: float | None) -> None:
        rows.step(line=line.number, rank=line.rank, step=epoch, end_ns=line.ts_ns, step_time_s=took)
        rows.steps[-1]["framework"] = "ignite"

    for line in lines:
        text = line.text
        if "Engine run " not in text and "] Complete. Time taken: " not in text:
            continue
        if ("starting with" in text or "resuming from" in text) and (starts := _IGNITE_STARTS.search(text)) is not None:
            engines = running.setdefault(line.rank, [])
            if engines:
                engines[-1].nested = True
            engines.append(_IgniteEngine(int(starts.group("n") or starts.group("m"))))
            continue
        engines = running.get(line.rank, [])
        if not engines:
            continue
        if "] Complete. " in text and (epoch := _IGNITE_EPOCH.search(text)) is not None:
            outer = engines[0]
            if len(engines) == 1 and int(epoch.group("e")) <= outer.epochs:
                took = duration_s(epoch.group("t"))
                if outer.epochs > 1:
                    step(line, int(epoch.group("e")), took[0] if took is not None else None)
                else:
                    outer.held.append((line, int(epoch.group("e")), took[0] if took is not None else None))
        elif _IGNITE_COMPLETE.search(text) is not None:
            ended = engines.pop()
            if not engines and ended.epochs == 1 and ended.nested:
                for held in ended.held:
                    step(*held)
                rows.steps.sort(key=lambda row: row["line"])
            if not engines and (ended.epochs > 1 or ended.nested) and line.number not in said and any(
                    row["rank"] == line.rank for row in rows.steps):
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail="its trainer engine's run completed")


# PySlowFast's training entry as it starts (SlowFast's, MViT's, TimeSformer's): `[06/17 21:17:00][INFO] train_net.py:
# 526: Train with config:`, its config on the next line
_PYSLOWFAST_START = re.compile(r"\btrain_net\.py: {0,4}\d{1,6}: Train with config:\s*$")
# pt.darts' trainer and its copies (NNI's DARTS examples): `Train: [ 1/50] Step 050/781 Loss 2.148 Prec@(1,5) (22.8%, 77.6%)`,
# the epoch of its total, the batch from 0 of the epoch's last (`len(loader) - 1`); `Valid: [ 1/50] Step 000/781` its
# evaluation's batches
_DARTS_STEP = re.compile(r"(?:^|[\s|])(?P<phase>Train|Valid|Test): \[ {0,8}(?P<e>\d{1,9})/(?P<ee>\d{1,9})\] "
                         r"Step (?P<i>\d{1,12})/(?P<n>\d{1,12}) ")
# the run's own count printed right before a step's epoch and batch (PaddleDetection's semi-supervised
# trainer: `ppdet.engine INFO:    728/130860 iters Epoch: [1] [     0/727] ...`, counted from 1): the step
_RUN_ITERS_BEFORE = re.compile(r"(?<![\d/.])(?P<s>\d{1,12})/(?P<t>\d{1,12}) iters[ \t]{1,8}$")
# The epoch meters of pytorch/examples' ImageNet script (`Epoch: [1][  10/1563]`, ProgressMeter's
# prefix) and of the MetricLogger headers its descendants print (`Epoch: [0]  [   0/1251]`: DeiT,
# MAE, torchvision's references): each prints its loop's `range(start_epoch, epochs)` as it is,
# so a log that starts at epoch 1 is a resumed run's (`=> start_epoch: 1`), not a count from 1
# (its row: the header, the batch and its total, then the meter's `eta:`)
_METRIC_LOGGER_ROW = re.compile(r"\bEpoch: \[\d{1,9}\][ \t]{1,4}\[ {0,12}\d{1,12}/\d{1,12}\][ \t]{1,4}eta: \d")
_FROM_ZERO = re.compile(r"Epoch: \[\d{1,9}(?:/\d{1,9})?\][ \t]{0,4}\[")
# A micro-batch's line that names the optimizer step too: LitGPT's `Epoch 1 | iter  2 step 1 | loss
# train: 10.979 | iter time: 3194.35 ms` (lit-gpt's `iter 100 step 50: loss 3.7451, iter time:
# 187.97ms (optimizer.step)`): the step is the optimizer's, made of the iterations printed since
# the previous one (`_optimizer_steps`)
_ITER_STEP = re.compile(r"\biter\s{1,8}(?P<i>\d{1,12})\s{1,4}step\s{1,8}(?P<s>\d{1,12})\b")
# PyTorch's DDP tutorial series (examples' distributed/ddp-tutorial-series, and its many copies)
# at each epoch's start: `[GPU2] Epoch 1 | Batchsize: 32 | Steps: 16` (the rank its prefix's)
# (a copy that prints it after the epoch's batches, with their loss: `[RANK 3] Epoch 0 | Batchsize: 32 |
# Steps: 235 | Loss: 0.2445...`, aws-samples/awsome-distributed-training's); it prints no batch
# within an epoch: each line is its epoch's step (see "A step an epoch" in docs/input-formats.md)
# (and Ray's ECS blueprint's copy, in brackets with the rank and the epoch's time: `[Epoch 0 | GPU0: Process
# rank 0 | Batchsize: 128 | Steps: 235 | Total epoch time: 17.66]`: that rank's, its time the epoch's)
_EPOCH_STEPS = re.compile(r"^\[?Epoch (?P<e>\d{1,9}) \|(?: GPU\d{1,4}: Process rank (?P<r>\d{1,7}) \|)? Batchsize: \d{1,9}"
                          r" \| Steps: (?P<n>\d{1,12})(?: \| Loss: (?P<l>" + _FIGURE + r"|nan|inf))?"
                          r"(?: \| Total epoch time: (?P<t>\d{1,9}(?:\.\d{1,20})?)\])?\s*$")
# the steps of each epoch a log's header states (VinVL-Paddle's, after Oscar's: "02/13/2022 23:10:01 - INFO - Num Iters:
# 4425", its in-epoch `step: [4400]` the last it prints; "steps_per_epoch: 500", "Iterations per epoch = 1251")
_STATED_EPOCH_LENGTH = re.compile(r"(?:^\s{0,8}|- |\] |: |INFO:? )"
                                  r"(?:Num Iters|(?i:(?:steps|iters|iterations|batches)[ _]per[ _]epoch))"
                                  r"\s{0,4}[:=]\s{0,4}(?P<n>\d{1,12})\s*$")
# the training's loss by another name: its mean's, its batch's, its split's (`avg_loss`, `batch_loss`, `loss_train`)
_LOSS_OWN_NAME = re.compile(r"(?:(?:avg|average|mean|batch|running|smoothed?|moving|train(?:ing)?)_)?loss(?:_train(?:ing)?)?")
# a metric's namespace that is the training's (`train/avg_loss`; not `val/avg_loss`, a GAN's `D/avg_loss`)
_TRAIN_NAMESPACE = re.compile(r"train(?:ing)?", re.I)
# AlgoPerf's evaluation records (algorithmic-efficiency's submission_runner and its metrics writer): "submission_runner.py:
# 516] Time since start: 86.46s, \tStep: 1, \t{'train/accuracy': ..., 'validation/loss': ...}" and "logging_writer.py:48]
# [1] accumulated_eval_time=75.1196, accumulated_logging_time=0, ..., global_step=1, preemption_count=0, score=10.93,
# test/accuracy=..."
_ALGOPERF_EVALUATION = re.compile(r"\] Time since start: \d{1,9}(?:\.\d{1,9})?s,\s{1,8}Step: \d{1,15},\s{1,8}\{"
                                  r"|\] \[\d{1,15}\] accumulated_eval_time=\d")
# an epoch's line that counts it before its word, its loss right after it (MindSpore's MaxwellNet: "... train_maxwellnet.py
# [line:136] INFO [Train] 1 epoch. Loss: 397.63705"): a step an epoch, as printed; not its `[Valid] 1 epoch. Loss:`,
# nor a line that counts a step after its epoch (`1 epoch, step 100, loss: 0.5`: the step's)
# (and the ECAPA-TDNN trainer's score.txt, TaoRuijie's and its many copies: "1 epoch, LR 0.001000, LOSS 3.677785, ACC 47.27%,
# EER 4.40%, bestEER 4.40%", its epoch's training loss)
_EPOCH_NUMBER_FIRST = re.compile(r"(?:^|(?<=\d)\] |\bINFO:? )(?:\[Train(?:ing)?\] )?(?P<e>\d{1,9}) epoch[.,:]? "
                                 r"(?=[Ll]oss\b|LR [\d.eE+-]{1,30}, LOSS [\d.eE+-]{1,30}, ACC )")
# darknet's iteration line (YOLO v2-v4: ` 10090: 1.262299, 1.207728 avg loss, 0.001000 rate,
# 4.776061 seconds, 645760 images`, AlexeyAB's with `, 12.34 hours left` after): the iteration,
# its loss, the running average, the learning rate, its own seconds, the images seen
_DARKNET = re.compile(
    r"^\s{0,8}(?P<i>\d{1,12}): (?P<loss>[-+]?\d{1,9}(?:\.\d{1,20})?|-?nan|inf), (?:[-+]?\d{1,9}(?:\.\d{1,20})?|-?nan|inf)"
    r" avg(?: loss)?, \d{1,9}(?:\.\d{1,20})?(?:e[-+]?\d{1,3})? rate, (?P<t>\d{1,9}(?:\.\d{1,20})?) seconds, \d{1,15} images")
# CenterNet's trainer's bar (and its descendants': FairMOT, CenterTrack), a line a batch under nohup:
# `ctdet/coco_dla| train: [1][0/61]|Tot: 0:00:23 |ETA: 0:00:00 |loss 253.6622 |hm_loss 252.2377 |...
# |Data 0.789s(0.789s) |Net 23.530s`: the epoch from 1, the batch from 0, the data time's last value
# (its mean in brackets), and `Net` the mean time of the epoch's batches so far (`_from_running_mean`);
# its losses are the epoch's running means too: no batch's loss
_CENTERNET = re.compile(r"\|\s{0,4}train: \[(?P<e>\d{1,9})\]\[(?P<i>\d{1,12})/(?P<n>\d{1,12})\]\s{0,4}\|Tot: \d{1,5}:\d\d:\d\d ")
_CENTERNET_DATA = re.compile(r"\|Data (\d{1,9}(?:\.\d{1,20})?)s\(")
_CENTERNET_NET = re.compile(r"\|Net (\d{1,9}(?:\.\d{1,20})?)s")
# pytracking's LTR trainer (and the trackers built on it: STARK, OSTrack, MixFormer, SeqTrack): every `print_interval`
# batches of an epoch, both counted from 1, `[train: 1, 50 / 3750] FPS: 43.9 (50.3)  ,  DataTime: 0.038 (0.005)  ,
# ForwardTime: 0.321  ,  TotalTime: 0.364  ,  Loss/total: 2.57886  ,  ...`: step (epoch - 1) x batches + batch;
# `TotalTime` (STARK's and its descendants') the mean time of the epoch's batches so far (`_from_running_mean`); its
# validation loader's `[val: 1, 50 / 100] ...` no step
_LTR_STATS = re.compile(r"\[(?P<loader>\w{1,40}): (?P<e>\d{1,9}), (?P<i>\d{1,12}) / (?P<n>\d{1,12})\] FPS: ")
_LTR_TOTAL_TIME = re.compile(r"  TotalTime: (\d{1,9}(?:\.\d{1,20})?)  ")
# A time taken from two printed figures (two running means, two readings of a clock since the run
# began) is kept only where their rounding can move it by at most this share of itself; else it is
# taken over a longer span, from an earlier line (late in a long epoch a 1 ms rounding of a mean
# over a thousand batches is a second of one batch; a clock in whole seconds, a second of a step)
RUNNING_MEAN_ERROR = 0.1
SPAN_LOOKBACK = 64  # earlier lines tried, the nearest first


def _span_mean(history: list[tuple[int, float, float]], count: int, total: float, rounding: float) -> float | None:
    """The time a count since an earlier line (`history`: its (count, total so far, the total's
    rounding), oldest first) from the totals both print: that of the nearest one far enough back
    that the totals' rounding moves it by at most `RUNNING_MEAN_ERROR` of itself; None where none
    is (within `SPAN_LOOKBACK` lines), or the count or the total went back on the way. Not a longer
    span's mean that a shorter span rules out, whatever its rounding (a slow iteration among fast
    ones, stable-baselines3's `time_elapsed` 5926 -> 5936 over the one that ran an evaluation, 10 +- 2 s,
    not the run's mean of 0.30 s): the longest span's that the shorter ones allow then."""
    low, high = -math.inf, math.inf  # what the shorter spans' totals and their rounding allow
    longest: float | None = None  # the mean of the longest span so far within them
    for before, before_total, before_rounding in reversed(history[-SPAN_LOOKBACK:]):
        if count <= before or total < before_total:
            return None  # (a count or a total gone back: another run's)
        n, error = count - before, rounding + before_rounding
        mean = (total - before_total) / n
        if not low <= mean <= high:
            return longest if longest is not None and longest > 0 else None
        low, high, longest = max(low, mean - error / n), min(high, mean + error / n), mean
        if mean > 0 and error <= RUNNING_MEAN_ERROR * mean * n:
            return mean
    return None


def _elapsed_span(history: list[tuple[int, float, float]], count: int, total: float, rounding: float,
                  start: tuple[int, float, float] | None = None) -> float | None:
    """The time a count from a clock that counts since training began (`total`, printed with
    `rounding`), over the counts since an earlier line of its run (`_span_mean`), the line then
    added to `history`; a count or clock gone back starts another run's history (from `start`,
    where its clock's start is known)."""
    if history and (count <= history[-1][0] or total < history[-1][1]):
        history.clear()
    if not history and start is not None:
        history.append(start)
    took = _span_mean(history, count, total, rounding)
    history.append((count, total, rounding))
    del history[:-SPAN_LOOKBACK]
    return took


def _from_running_mean(means: dict[tuple[int | None, int], list[tuple[int, float, float]]], key: tuple[int | None, int],
                       batch: int, mean: str) -> float | None:
    """The mean time of a batch from the running mean over its epoch's batches (`mean` as printed,
    batch counted from 0) and those the epoch's lines before printed (`means`, by (rank, epoch)):
    the sum to this batch less the sum to an earlier line's, over the batches between
    (`_span_mean`); from the epoch's start where its first line seen is its first batch's. None for
    lines of an epoch seen from its middle until a span is long enough, and a batch gone back."""
    history = means.setdefault(key, [])
    if not history and batch == 0:
        history.append((0, 0.0, 0.0))  # the epoch's start: nothing summed, exactly
    done = batch + 1
    own = _span_mean(history, done, done * float(mean), done * half_unit(mean))
    history.append((done, done * float(mean), done * half_unit(mean)))
    del history[:-SPAN_LOOKBACK]
    return own


# The iteration and data-loading meters of torchvision's references' MetricLogger (and its copies: DETR,
# DeiT, MAE, DINO): `Epoch: [0]  [5/6]  eta: 0:00:00  lr: ...  time: 0.9761  data: 0.2334  max mem: 2670`, each
# the mean of its last `METRIC_LOGGER_WINDOW` batches (`SmoothedValue`'s window), a fresh meter each epoch: up to
# the window's batch, a running mean from the epoch's first (`_from_running_mean`); from there on the window's
_METRIC_LOGGER_METERS = re.compile(r"  time: (?P<t>\d{1,9}\.\d{1,9})(?:  data: (?P<d>\d{1,9}\.\d{1,9}))?  ")
METRIC_LOGGER_WINDOW = 20


def _metric_logger_means(values: dict[str, float], text: str, counter: _Counter, rank: int | None,
                         means: dict[str, dict[tuple[int | None, int], list[tuple[int, float, float]]]]) -> None:
    """A MetricLogger row's own batch and data-loading times in `values`, where the epoch's window of
    means is not yet full (`_METRIC_LOGGER_METERS`): from the running means this row and the epoch's rows
    before print; none where those do not give one (an epoch seen from its middle)."""
    if counter.epoch is None or " time: " not in text or _METRIC_LOGGER_ROW.search(text) is None:
        return
    batch = int(counter.match.group("i"))
    if batch >= METRIC_LOGGER_WINDOW or (meters := _METRIC_LOGGER_METERS.search(text, counter.match.end())) is None:
        return
    for name, group in (("step_time_s", "t"), ("data_time_s", "d")):
        printed = meters.group(group)
        if printed is None or values.get(name) != float(printed):
            continue
        history = means.setdefault(name, {}).setdefault((rank, counter.epoch), [])
        if history and batch + 1 <= history[-1][0]:
            history.clear()  # (the epoch printed again from a batch before: a relaunch's, its meter anew)
        own = _from_running_mean(means[name], (rank, counter.epoch), batch, printed)
        if own is None:
            del values[name]
        else:
            values[name] = max(own, 0.0)


# LeRobot's train.py, its counters rounded past a thousand (`format_big_number`): `step:200 smpl:2K ep:3 ...
# updt_s:0.047 data_s:0.002`, then `step:1K smpl:8K ...` for steps 1000, 1200 and 1400 (`_lerobot_step`)
_LEROBOT = re.compile(r"(?:^|\s)step:(?:(?P<s>\d{1,15})|(?P<r>\d{1,12}(?:\.\d{1,3})?)(?P<u>[KMBT]))"
                      r"\s{1,4}smpl:\S{1,20}\s{1,4}ep:")
_LEROBOT_UNITS = {"K": 10**3, "M": 10**6, "B": 10**9, "T": 10**12}


def _lerobot_step(match: re.Match[str], grid: tuple[int, int] | None) -> int | None:
    """The step of a LeRobot line whose count is rounded (`step:1K`): the rank's grid's next step (its last
    step and the steps between its lines, `grid`) where that rounds to the figure printed; None where no
    grid is known or it does not (a line missed, the interval changed)."""
    if grid is None or grid[1] <= 0:
        return None
    unit = _LEROBOT_UNITS[match.group("u")]
    step = grid[0] + grid[1]
    return step if abs(step - float(match.group("r")) * unit) <= unit / 2 else None


# Detectron's (Caffe2's) training stats, a JSON record an iteration it logs: `INFO train_net.py: 186:
# json_stats: {"accuracy_cls": "0.999023", "eta": "0:00:00", "iter": 59999, "loss": "0.031790", "lr":
# "0.002000", ..., "time": "0.218661"}` (its time the mean seconds an iteration since its timer's reset
# early in the run, as detectron2's `time` is the run's mean: each step's figure smooths those before it)
# PySlowFast's (and its descendants': TimeSformer, MViT, VTN) `logging.py:  99: json_stats: {"_type": "train_iter",
# "dt": 0.55, "epoch": "8/30", "iter": "10/344", "loss": 1.63, ...}` (its line number padded): the epoch's iteration of
# its count, `dt` (older `time_diff`, a fork's `dt_diff`) the iteration's seconds, `dt_data` its wait for data; its
# `"_type": "train_epoch"` record at each epoch's end is that epoch, a step where no iteration's record is logged
_JSON_STATS = re.compile(r"(?:^|\.py:\s{0,6}\d{1,6}: )json_stats: (?=\{)")
_JSON_STATS_KEYS = {"loss": "loss", "lr": "lr", "time": "step_time_s", "dt": "step_time_s", "time_diff": "step_time_s",
                    "dt_diff": "step_time_s", "dt_data": "data_time_s"}
# (a PySlowFast epoch's record: its counter's match, told apart; its own pattern, as `re` caches one per pattern)
_JSON_EPOCH_STATS = re.compile(r"(?:^|\.py:\s{0,6}\d{1,6}: )json_stats: (?=\{\s{0,4}\")")
_OF_COUNT = re.compile(r"(\d{1,9})/(\d{1,9})")


def _json_stats(text: str, at: int) -> dict[str, Any] | None:
    """The record of a `_JSON_STATS` line from `at`; None where it is no JSON object."""
    try:
        record = json.loads(text[at:])
    except ValueError:
        return None
    return record if isinstance(record, dict) else None


# YOLOX's trainer (`yolox.core.trainer:after_iter:253 - epoch: 18/20, iter: 10/14, ...`): unbracketed,
# which other logs also write for a count over the whole run (`Epoch 2/3, Step 1200/3000`)
_YOLOX = re.compile(r"\bepoch: (?P<e>\d{1,9})/(?P<ee>\d{1,9}), iter: (?P<i>\d{1,12})/(?P<n>\d{1,12})\b")
# A step counted within its epoch with no total of the epoch's steps: icefall's `Epoch 1, batch
# 164100, train_loss[loss=2.413, ...]`, DeepSpeed-Chat's `Epoch: 0 | Step: 3196 | ...`, scripts'
# `Epoch 2, Step 100, Loss: ...` (not `epoch 2 global step 1200`: a run's count; `_steps_across_epochs`);
# or with a total that is the epoch's where the count starts over each epoch, else the run's (DPR's
# `Epoch: 1: Step: 101/3258, loss=...`; `Epoch 2/3, Step 1200/3000`)
_EPOCH_COUNT = re.compile(
    r"\bepoch\s{0,4}[:=#]?\s{0,4}[\[(]?\s{0,4}(?P<e>\d{1,9})(?:\s{0,4}/\s{0,4}(?P<ee>\d{1,9}))?\s{0,4}[\])]?"
    r"[\s,|;:\-\[\]]{1,8}(?:step|iter(?:ation)?|batch)\s{0,4}[:=#]?\s{0,4}[\[(]?\s{0,4}(?P<i>\d{1,12})"
    r"(?:\s{0,2}/\s{0,2}(?P<n>\d{1,12}))?(?![\d/.])", re.I)
# (the epoch abbreviated, `ep:` or `ep=`, before its batch alone: a home-made loop's `ep: 0, batch: 20, time:
# 9.17, ntokens: 485.20/513, loss: 10.984375`; not `ep: 12, step: 340`, an RL script's episode and its run's step)
_EP_ABBREVIATED = re.compile(r"\bep[:=]", re.I)
# (or with no colon, each count of its total: SpikingResformer's `  Ep 1/50 | Batch 50/159 | Loss=5.8578 | LR=1.00e-03 | 0.8min`)
_EP_BATCH = re.compile(
    r"\bep(?:\s{0,2}[:=]\s{0,4}|\s{1,2}(?=\d{1,9}\s{0,4}/))(?P<e>\d{1,9})(?:\s{0,4}/\s{0,4}(?P<ee>\d{1,9}))?[\s,|;]{1,6}"
    r"batch(?:\s{0,4}[:=]\s{0,4}|\s{1,2}(?=\d{1,12}\s{0,2}/))(?P<i>\d{1,12})(?:\s{0,2}/\s{0,2}(?P<n>\d{1,12}))?(?![\d/.])",
    re.I)
# Unbracketed, the word `batch` naming the count as the epoch's batches (a run's count is its steps):
# GluonNLP's SQuAD script `Epoch: 2, Batch: 4134/8164, Loss ...`, Horovod examples' `Epoch 0/100,
# Batch 16/29316`; or `iter` right after the epoch with the epoch's batches (Flair's trainer:
# `epoch 1 - iter 210/219 - loss 8.43762823 - samples/sec: 19.11`)
_EPOCH_BATCHES = re.compile(
    r"\bepoch\s{0,4}[:=#]?\s{0,4}(?P<e>\d{1,9})(?:\s{0,4}/\s{0,4}(?P<ee>\d{1,9}))?(?:[\s,|;]{1,6}batch|\s{0,2}[\s,|;\-]\s{0,2}iter)"
    r"\s{0,4}[:=#]?\s{0,4}(?P<i>\d{1,12})\s{0,4}/\s{0,4}(?P<n>\d{1,12})(?![\d.])", re.I)
# MONAI's research trainers (Swin UNETR's, UNETR's): `Epoch 31/300 200/1000 loss: 0.2830 time 1.49s`, the
# batch of the epoch, the epoch's running mean loss (`run_loss.avg`: not the batch's) and the seconds
# of that one batch
_MONAI_RESEARCH = re.compile(r"^Epoch (?P<e>\d{1,9})/(?P<ee>\d{1,9}) (?P<i>\d{1,12})/(?P<n>\d{1,12}) loss: "
                             r"[-+\d.naif]{1,30} time (?P<t>\d{1,9}(?:\.\d{1,9})?)s\s*$")
# The count before the word: PyTorch's word_language_model example (and the LSTM scripts copied
# from it), `| epoch   1 |   200/ 2983 batches | lr 20.00 | ms/batch  8.41 | loss  7.63 | ppl  2064.78`
_EPOCH_BATCHES_AFTER = re.compile(
    r"\|\s{0,4}epoch\s{1,6}(?P<e>\d{1,9})\s{0,4}\|\s{0,12}(?P<i>\d{1,12})\s{0,4}/\s{0,12}(?P<n>\d{1,12})\s{1,4}batches\b", re.I)
# its interval's mean time of a batch, in ms
_MS_PER_BATCH = re.compile(r"\bms/batch\s{1,6}(?P<v>\d{1,9}(?:\.\d{1,20})?)(?![\d.])")
# A batch of the epoch with no epoch on its line, the epoch on a line of its own before (AllenNLP's
# trainer: `Epoch 0/139`, then `Batch 567/17168: accuracy: 0.42, loss: 1.32 ||`)
_BATCH_OF = re.compile(r"\bbatch\s{0,4}[:=#]?\s{0,4}(?P<i>\d{1,12})\s{0,4}/\s{0,4}(?P<n>\d{1,12})(?![\d./])", re.I)
# DLRM's reference script (facebookresearch/dlrm, dlrm_s_pytorch.py, MLPerf's recommendation
# benchmark): `Finished training it 1024/306969 of epoch 0, 7.90 ms/it, loss 0.518843` (the
# iteration of its epoch's batches, epochs from 0; the mean milliseconds of an iteration's work
# since the previous line, its batch's fetch not timed unless --mlperf-logging; -1.00 without
# --print-time); its `Finished testing it ...` and `Testing at - ...` lines are evaluations'
_DLRM = re.compile(r"\bFinished training it (?P<i>\d{1,12})/(?P<n>\d{1,12}) of epoch (?P<e>\d{1,9}),"
                   r"(?: (?P<ms>-?\d{1,9}(?:\.\d{1,20})?) ms/it,)?")
# MONAI's tutorials (Project-MONAI/tutorials: `print(f"{step}/{epoch_len}, train_loss: {loss.item():.4f}")`
# under `print(f"epoch {epoch + 1}/{max_epochs}")`, the fast-training one adds `step time:
# {time.time() - step_start:.4f}` in seconds, from after the batch's fetch; some print through a
# logger, `[2023-02-15 08:01:20] 1/2, train_loss: 0.6936`): a batch of the epoch its own line
# numbers from 1. Most count the epoch's batches rounded down (`len(train_ds) //
# train_loader.batch_size`), so an epoch's last batch may print one past it (`3/2`): the epoch's
# length is the largest batch number a line prints (`_monai_steps`)
_MONAI_BATCH = re.compile(r"(?:^|(?<=\] ))(?P<i>\d{1,12})/(?P<n>\d{1,12}), (?=train_loss: )")
_MONAI_STEP_TIME = re.compile(r" step time: (?P<v>\d{1,9}\.\d{1,20})\s*$")
# NeMo-RL's algorithms (GRPO, SFT, DPO: `print(f"{'=' * 25} Step {step + 1}/{total} {'=' * 25}")`)
# open each step with this header, and report it after its training in a block:
# `📊 Training Results:`, its metrics as bullets (`  • Loss: ...`, DPO's `  • loss: 0.6931`),
# then `⏱️  Timing:` and `  • Total step time: ...s` (its timer's: the whole step, its validation
# and checkpoint save included): the step, its loss and its time
_NEMO_RL_STEP = re.compile(r"^={8,40} Step (?P<s>\d{1,12})(?:/\d{1,12})? ={8,40}\s*$")
# its epoch header (`===== Epoch 2/3 =====`): the step header counts from 1 again in each epoch
_NEMO_RL_EPOCH = re.compile(r"^={8,40} Epoch (?P<e>\d{1,9})/\d{1,9} ={8,40}\s*$")
_NEMO_RL_LOSS = re.compile(r"^\s{0,8}• [Ll]oss: (?P<v>[-+]?\d{1,20}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,3})?|-?nan|-?inf)\s*$")
_NEMO_RL_TIME = re.compile(r"^\s{0,8}• Total step time: (?P<v>\d{1,9}(?:\.\d{1,20})?)s\s*$")
# CLU's metric writer (Flax's and JAX trainers' `LoggingWriter`: `[400] steps_per_second=1.58,
# train_loss=3.21`), after absl's `file.py:35] ` header
_CLU = re.compile(r"(?:^|(?<=\] ))\[(\d{1,15})\] (?=[A-Za-z_][\w/.\-]{0,120}=[-+]?\d)")
# ESPnet2's trainer (`1epoch:train:6376-6750batch: iter_time=0.001, forward_time=0.005, loss=2.386, ...,
# train_time=0.013`): the batches of its epoch from..to, counted from 1 in each epoch (FunASR's adds the
# run's updates: `2epoch:train:1-50batch:50num_updates:`, the step where it is printed); `train_time` is
# an iteration's mean time over them, `iter_time` the part of it spent waiting for the batch
_ESPNET = re.compile(r"\b(?P<e>\d{1,9})epoch:train:(?P<b>\d{1,12})-(?P<i>\d{1,12})batch:(?:(?P<u>\d{1,15})num_updates:)?")
_ESPNET_TIMES = {"train_time": "step_time_s", "iter_time": "data_time_s"}
# its epoch's summary (`1epoch results: [train] iter_time=0.001, ..., total_count=7507, [valid] ...`): the
# training batches of every epoch to this one's end (its reporter's running total), `total_count` before
# the next bracket
_ESPNET_RESULTS = re.compile(r"\b(?P<e>\d{1,9})epoch results: \[train\] ")
_COUNT = re.compile(r"\d{1,12}")
# PyTorch's CIFAR-10 tutorial loop (and its countless copies): "[1,  2000] loss: 2.196": epoch 1 (from
# 1), its mini-batch 2000, the epoch's length unknown
# pytorch/examples' DCGAN and PyTorch's DCGAN tutorial (`print('[%d/%d][%d/%d] Loss_D: %.4f Loss_G: %.4f ...' %
# (epoch, opt.niter, i, len(dataloader), ...))`, a tab between fields in the tutorial): the epoch and the
# batch, each counted from 0, with their totals; its C++ frontend twin (pytorch/examples' cpp/dcgan, `std::printf("\r[%2ld/%2ld]
# [%3ld/%3ld] D_loss: %.4f | G_loss: %.4f", ...)`: `[ 1/30][200/938] D_loss: 0.4953 | G_loss: 4.0195`, its bar between the
# losses) counts both from 1, the batch printed once it is done (not Python InfoGAN scripts' `[0/5][0/469] D_loss: 1.30
# G_loss: 0.70 Q_loss: ...`, counted from 0; a Python script in its shape, `[0/30][0/938] D_loss: ... | G_loss: ...`,
# counts from 0 too: the file's epochs say which)
_GAN_PAIR = re.compile(r"^\s{0,8}\[\s{0,8}(?P<e>\d{1,9})/\s{0,8}(?P<ee>\d{1,9})\]"
                       r"\[\s{0,8}(?P<i>\d{1,12})/\s{0,8}(?P<n>\d{1,12})\]\s{1,8}"
                       r"(?=Loss_[DG]: |(?P<cpp>D_loss: \S{1,40} \| G_loss: ))")
# PaddlePaddle's v2 API and its Fluid book examples, in their event handler (`print("Pass %d, Batch %d,
# Cost %f, %s" % (event.pass_id, event.batch_id, event.cost, event.metrics))`): the pass (epoch) and the
# batch within it, each from 0, the cost the loss
_PADDLE_PASS = re.compile(r"^Pass (?P<e>\d{1,9}), Batch (?P<i>\d{1,12}), "
                          r"Cost (?P<c>[-+]?\d{1,20}(?:\.\d{1,20})?(?:e[-+]?\d{1,3})?)\b")
_TUTORIAL_PAIR = re.compile(r"^\[(?P<e>\d{1,9}),\s{1,8}(?P<i>\d{1,12})\] (?=loss: )")
# the Flax examples' and CLU templates' first steps ("I0817 20:48:14.027691 140619461363520 train.py:383]
# Finished training step 1."), logged for the first few steps only: each a step ended then
_FINISHED_STEP = re.compile(r"(?:^|(?<=\] ))Finished training step (?P<s>\d{1,15})\.\s*$")
# OpenPCDet's train_utils: "Train:    1/3 ( 33%) [  49/323 ( 15%)]  Loss: 36.77 (81.7)  LR: 1.351e-04  Time cost:
# 00:15/01:25 [00:15/04:48]  Acc_iter 50          Data time: 0.00(0.02)  Forward time: 0.31(0.29)  Batch time: 0.31(0.31)":
# the run's iteration (not the batch within the epoch), the batch's data and whole time (their means after)
_ACC_ITER = re.compile(r"\bAcc_iter (?P<i>\d{1,15})\b")
_PCDET_TIME = re.compile(r"\b(?P<k>Data|Batch) time: (?P<v>\d{1,9}\.\d{1,20})\(")
# torch-rnn's train.lua: "Epoch 1.00 / 100, i = 10 / 672300, loss = 0.099103": iteration i of the run's
_TORCH_RNN = re.compile(r"^Epoch \d{1,9}\.\d{1,4} / \d{1,9}, i = (?P<i>\d{1,15}) / \d{1,15}, (?=loss = )")
# TorchSSL's trainers (FixMatch-pytorch, FlexMatch and their many copies) at an evaluation:
# "900 iteration, USE_EMA: True, {'train/sup_loss': tensor(1.0505, device='cuda:0'), ...,
# 'train/prefecth_time': 0.00027, 'train/run_time': 0.0801, ...}, BEST_EVAL_ACC: 0.3375, at 900 iters"
# (`prefetch_time` in some copies; the keys unquoted where a hook prints them one by one):
# the step, and that iteration's own clocks (CUDA events around its batch's fetch and its run)
_TORCHSSL = re.compile(r"(?:^|(?<=\] ))(?P<i>\d{1,12}) iteration, USE_EMA: ")
_TORCHSSL_FIELD = re.compile(r"(?<![\w/])'?(?P<k>train/total_loss|lr|train/pre(?:fecth|fetch)_time|train/run_time)'?: "
                             rf"(?:tensor\()?(?P<v>{_FIGURE})")


def _torchssl_values(text: str) -> dict[str, float]:
    """A TorchSSL line's loss, learning rate and clocks: its step's time is its batch's fetch
    and its run."""
    fields = {m.group("k").replace("prefecth", "prefetch"): float(m.group("v")) for m in _TORCHSSL_FIELD.finditer(text)}
    values = {"loss": fields.get("train/total_loss"), "lr": fields.get("lr"),
              "data_time_s": fields.get("train/prefetch_time")}
    if "train/run_time" in fields:
        values["step_time_s"] = fields["train/run_time"] + fields.get("train/prefetch_time", 0.0)
    return {k: v for k, v in values.items() if v is not None}


# tensorpack's trainer at an epoch's end: "Epoch 67 (global_step 10000) finished, time:2097.31 sec."
# (its older releases), "Epoch 56 (global_step 210000) finished, time:23 minutes 52 seconds." (its
# `humanize_time_delta`): the run's step, and the epoch's training time (the callbacks run after it)
_TENSORPACK_EPOCH = re.compile(
    r"\bEpoch (?P<e>\d{1,9}) \(global_step (?P<s>\d{1,15})\) finished, time: ?(?P<t>(?:\d{1,9}(?:\.\d{1,9})?(?: sec\b|"
    r" (?:day|hour|minute|second)s?\b) ?){1,4})")
_TENSORPACK_UNIT = re.compile(r"(\d{1,9}(?:\.\d{1,9})?) (sec|day|hour|minute|second)")
_UNIT_SECONDS = {"sec": 1, "second": 1, "minute": 60, "hour": 3600, "day": 86400}


def _tensorpack_end(text: str) -> tuple[int, int, float] | None:
    """A tensorpack epoch end's epoch, step and seconds; None for any other line."""
    match = _TENSORPACK_EPOCH.search(text)
    if match is None:
        return None
    seconds = sum(float(n) * _UNIT_SECONDS[unit] for n, unit in _TENSORPACK_UNIT.findall(match.group("t")))
    return int(match.group("e")), int(match.group("s")), seconds


def _tensorpack_steps(rows: LogRows, ends: list[tuple[int, int, int, float]]) -> None:
    """tensorpack's epoch ends (row, epoch, step, seconds): an epoch's mean step time is its
    training time over the steps since the epoch before it (the first epoch's since step 0);
    an epoch whose steps are unknown (the first one a resumed run logs) has none."""
    last: dict[int | None, tuple[int, int]] = {}
    for row, epoch, step, seconds in ends:
        rank = rows.steps[row]["rank"]
        before = (0, 0) if epoch == 1 else last.get(rank)
        last[rank] = (epoch, step)
        if before is not None and before[0] == epoch - 1 and step > before[1]:
            rows.steps[row]["step_time_s"] = seconds / (step - before[1])


# the most mini-batches an optimizer update of ESPnet's may take (its `accum_grad`) that its lines' clock is read for
ESPNET_ACCUM_MAX = 64
ESPNET_ACCUM_TOLERANCE = 0.15  # how far the clock's ratio may be from a whole number of mini-batches an update


def _espnet_updates(rows: LogRows, ranges: dict[int, tuple[int, int, int]]) -> None:
    """ESPnet's `train_time` is an optimizer update's (its trainer registers it once every `accum_grad` mini-batches,
    "where step refers to accum_grad * mini-batch"), while its lines count mini-batches (`1epoch:train:91-180batch:`):
    where the clock between a rank's dated lines of one epoch, one's batches after the other's (`ranges`: id(row) ->
    epoch, first and last batch; no validation between), gives a mini-batch's time and `train_time` is a whole
    number of them, 2 or more (their median ratio within `ESPNET_ACCUM_TOLERANCE` of it), that number is the run's
    `accum_grad` and a step's time is `train_time` over it (a run that logs no update count with its lines; FunASR's,
    which count updates, `2epoch:train:1-50batch:50num_updates:`, give a ratio of 1)."""
    by_rank: dict[int | None, list[dict[str, Any]]] = {}
    for row in rows.steps:
        if row.get("framework") == "espnet" and id(row) in ranges:
            by_rank.setdefault(row["rank"], []).append(row)
    for ranked in by_rank.values():
        ratios = [
            row["step_time_s"] * (ranges[id(row)][2] - ranges[id(before)][2]) * 1e9 / (row["end_ns"] - before["end_ns"])
            for before, row in pairwise(ranked)
            if row.get("step_time_s") and row.get("end_ns") is not None and before.get("end_ns") is not None
            and row["end_ns"] > before["end_ns"] and ranges[id(row)][0] == ranges[id(before)][0]
            and ranges[id(row)][1] > ranges[id(before)][2]]
        if not ratios:
            continue
        ratio = median(ratios)
        accum = round(ratio)
        if 2 <= accum <= ESPNET_ACCUM_MAX and abs(ratio - accum) <= ESPNET_ACCUM_TOLERANCE * accum:
            for row in ranked:
                if row.get("step_time_s") is not None:
                    row["step_time_s"] /= accum


def _espnet_epoch_length(text: str) -> tuple[int, int] | None:
    """(epoch, training batches to its end) of an ESPnet epoch summary line; else None."""
    head = _ESPNET_RESULTS.search(text)
    if head is None:
        return None
    end = text.find("[", head.end())
    at = text.find("total_count=", head.end(), end if end >= 0 else len(text))
    count = _COUNT.match(text, at + len("total_count=")) if at >= 0 else None
    return (int(head.group("e")), int(count.group(0))) if count is not None else None


# timm's train.py (`Train: 1 [  50/5004 (  1%)]  Loss: ...  Time: 0.499s, ...`; the epoch from 0)
# and its imitators (OpenPCDet's `Train:    1/3 ( 33%) [  49/323 ( 15%)]`): a batch within its
# epoch, the batch's own time in seconds
_TIMM = re.compile(r"\bTrain:\s{1,8}(?P<e>\d{1,9})(?:/(?P<ee>\d{1,9})\s{1,4}\(\s{0,3}\d{1,3}%\))?\s{1,8}"
                   r"\[\s{0,12}(?P<i>\d{1,12})/(?P<n>\d{1,12})\s{1,4}\(\s{0,3}\d{1,3}%\)\]")
# Swin's and its descendants' `Train: [14/300][250/1251]` (the epoch of its total, the batch of the epoch's)
_SWIN = re.compile(r"\bTrain:\s{0,4}\[(?P<e>\d{1,9})/(?P<ee>\d{1,9})\]\[\s{0,12}(?P<i>\d{1,12})/(?P<n>\d{1,12})\]")
_TIMM_TIME = re.compile(r"\s{2}Time:\s{0,4}(?P<v>\d{1,9}(?:\.\d{1,20})?)s\b")
# timm's train.py's wait for the batch's data, its running mean after it (`  Data: 3.545 (0.956)`; before 2021 `  Data:
# 0.023 (0.031)` too)
_TIMM_DATA = re.compile(r"\s{2}Data:\s{1,4}(?P<v>\d{1,9}\.\d{1,20})\s{1,4}\(\s{0,4}\d{1,9}\.\d{1,20}\)")
# llama2.c's train.py (and its forks): the iteration alone at the line's start, `490 | loss 5.7543 |
# lr 4.900000e-05 | 8060.78ms | mfu 0.21%`
_BARE_COUNT = re.compile(r"(\d{1,15})(?= \| loss )")
# PaddleNLP's trainer (`loss: 63.44, learning_rate: 0.0004646, global_step: 60, interval_runtime:
# 21.11, interval_samples_per_second: 22.7, interval_steps_per_second: 0.947, epoch: 0.0072`)
_GLOBAL_STEP = re.compile(r"(?:^|(?<=[\s,{|]))(?:global_step|num_updates)\s{0,4}[:=]\s{0,4}(\d{1,15})(?![\d.eE])")
# (`ups`: fairseq's and MMF's updates per second; `It/sec`: mlx-lm's iterations a second over its report interval)
# (and PaddleNLP's trainers' `global step 10, epoch: 1, loss: 0.00290, speed: 1.86 step/s`)
# (DiT's and its forks' `(step=0000100) Train Loss: 0.2435, Train Steps/Sec: 3.07`: the mean since its last line)
# (MaxText's `completed step: 3000, steps/s: 0.641 TFLOP/s/device: 116.163 ...`; not another word's steps,
# an RL script's `env steps/s: 40001`)
_STEPS_PER_SECOND = re.compile(
    r"(?:\b(?:(?:interval_)?steps_per_sec(?:ond)?|ups|(?<![A-Za-z] )steps/s(?:ec)?)\s{0,4}[:=]|\bIt/sec"
    r"|\bTrain Steps/Sec:)\s{0,4}"
    r"(?P<v>\d{1,9}(?:\.\d{1,20})?)(?![\d.eE])"
    r"|\bspeed: (?P<w>\d{1,9}(?:\.\d{1,20})?) steps?/s\b")
# the wait for data with its unit (YOLOX's `data_time: 0.002s`)
_DATA_TIME = re.compile(r"\bdata_time\s{0,4}[:=]\s{0,4}(?P<v>\d{1,9}(?:\.\d{1,20})?)\s{0,2}(?:(?P<ms>ms)|s)\b")
# an average meter's reading of the batch time as a field of its own, the running average in
# brackets after it (Swin's `\ttime 0.6408 (0.6516)\t`; HRNet's, in seconds: `\tTime 0.542s (0.880s)\t`)
_METER_TIME = re.compile(r"(?:^|(?<=\t)|(?<=  ))time:?\s{1,4}(?P<v>\d{1,9}\.\d{1,20})(?P<s>s?)\s{1,4}"
                         r"\(\s{0,4}\d{1,9}\.\d{1,20}(?P=s)\s{0,4}\)",
                         re.I)
# a field of its own that is only a time in ms, between `|` (llm.c's `| lr 8.57e-07 | 4688.25 ms | 28.8% ...`; modded-nanogpt's
# `| (853.15 ms | 614531 tok/s)`)
# (or in parentheses with the tokens a second, llm.c's first train_gpt2.cu's `step    1/74: train loss 4.364526 (acc
# 4.364526) (43.898880 ms, 93305.343750 tok/s)`)
_MS_FIELD = re.compile(r"\|\s{0,4}\(?(?P<v>\d{1,9}(?:\.\d{1,20})?) ?ms\s{0,4}(?:\||$)"
                       r"|\((?P<w>\d{1,9}(?:\.\d{1,20})?) ms, \d{1,12}(?:\.\d{1,20})? tok/s\)")
# the seconds the last N iterations took, as a field of its own (the SSD training loop of a Japanese PyTorch
# book's code: `イテレーション 10 || Loss: 7.4292 || 10iter: 16.9440 sec.`)
_PER_N_ITER = re.compile(r"\|\|\s{0,4}(?P<n>\d{1,6})iter: (?P<t>\d{1,9}(?:\.\d{1,20})?) sec\.")
# a step's seconds right after its counter (MaxText's `completed step: 5, seconds: 5.668, ...`)
_SECONDS = re.compile(r"\s{0,4}[,|]?\s{0,4}seconds\s{0,4}[:=]\s{0,4}(?P<v>\d{1,9}(?:\.\d{1,20})?)(?![\d.])")

# a step's cost as its loss, a field of its own with no unit after it (`| Cost: 2.2714`; not `cost 0.31 sec`,
# nor PaddlePaddle's `batch_cost: 0.83230s`)
_COST = re.compile(rf"(?:^|(?<=[|,;] ))[Cc]ost:?\s{{1,4}}(?P<v>{_FIGURE})(?![\d.])(?!\s{{0,2}}(?:s|sec|secs|seconds|ms)\b)")
_LOSS_IS = re.compile(rf"\bloss is\s{{1,4}}(?P<v>{_FIGURE})(?![\d.])")
# LitGPT's `loss train: 10.979, val: n/a` (the training loss named after the word)
_LOSS_TRAIN = re.compile(rf"\bloss train:\s{{0,8}}(?P<v>{_FIGURE})(?![\d.])")
# MindSpore's TimeMonitor after the epoch's step line: `epoch time: 38912.93, per step time: 84.96`
# (milliseconds, with or without the unit; MindElec's epoch in seconds: `epoch time: 0.511 s, per step time:
# 63.926 ms`): the time of each step the line before counted
_PER_STEP_TIME = re.compile(
    r"^(?:[A-Za-z]{1,20} )?epoch time: \d{1,12}(?:\.\d{1,20})?(?: ms| s)?, per step time: (?P<v>\d{1,12}(?:\.\d{1,20})?)"
    r"(?: ms)?(?:,? ?\(data time: \d{1,12}(?:\.\d{1,20})? ms\))?\s{0,4}$", re.I)

# A step's own time with its unit, where no metric key names it: nanoGPT's `iter 5: loss 4.2082,
# time 1431.27ms, mfu 0.01%`, its forks' `dt 120.5ms`, minGPT's demo's `iter_dt 28.39ms; iter 100:
# train loss 0.00567`, PaddlePaddle's suites' `batch_cost:
# 0.83230s`. A bare `time` only in milliseconds (in seconds it may be the time since the run
# began), and only as a field of its own, after a separator or another field's value (`loss
# 2.490 dt 121.5ms`; not `data time 5.2ms` nor `elapsed time 123456ms`).
# PaddleSpeech's trainers' iteration pair, the data's seconds then the iteration's: `data time: 0.000s,
# train time: 3.019s` (a `train time` alone may be the run's so far)
_DATA_TRAIN_TIME = re.compile(r"\bdata time: (?P<d>\d{1,9}(?:\.\d{1,20})?)s, train time: (?P<t>\d{1,9}(?:\.\d{1,20})?)s\b")
# a key that names its unit, milliseconds (`step_ms=317.57`, `iter_time_ms: 95.2`)
_MS_KEY = re.compile(r"(?:^|(?<=[\s,|;(]))(?:step|iter|batch)(?:_time)?_ms\s{0,4}[:=]\s{0,4}"
                     r"(?P<v>\d{1,9}(?:\.\d{1,20})?)(?![\d.])")
_TIMED = re.compile(
    # (at the metrics' start after the counter's space too: `step 1 step_time 433.97s throughput ...`)
    r"(?:^ {0,2}|(?<=[,|;:(\t])|(?<=[,|;:(\t] )|(?<=  )|(?<=\d ))"
    # (and Modulus Sym's trainer: `[step:        100] loss:  1.486e-02, time/iteration:  5.445e+01 ms`; tensorflow/nmt's
    # `epoch 0 step 100 lr 1 step-time 0.89s wps 5.78K`; DLLogger's text lines of NVIDIA's HiFi-GAN, `| took 13.25 s |`)
    r"(?:(?P<any>(?:iter_)?dt|(?:per[_ ])?step[-_ ]time|iter[_ ]time|time/iteration|batch[_ ]time|batch_cost|time_each_step"
    r"|took)"
    r"|time)\s{0,4}[:=]?\s{0,4}(?P<v>\d{1,9}(?:\.\d{1,20})?(?:[eE][-+]?\d{1,3})?)\s{0,2}"
    r"(?:(?P<ms>ms)|(?(any)s|(?!)))\b", re.I)


# A progress bar whose description names the epoch (`Epoch [3/80]: 100%|...| 500/500 [00:30<00:00,
# 16.32it/s, loss=1.39]`, `Train (loss 63.31) epoch 1:   3%|...| 1/29 [00:23<11:10, 23.93s/it]`):
# the epoch's training bar, its count the batches of the epoch
# (OpenRLHF's PPO trainer names its passes over the prompts episodes: `Episode [1/1]:  92%|...| 11/12
# [03:32<00:19, 19.50s/it]`, its count the episode's update steps; not `Episode 10: ...| 10/500`, a
# bar over RL episodes)
_BAR_EPOCH = re.compile(r"\b(?:epoch|episode(?= \[\d{1,9}/))\s{0,4}[:=#]?\s{0,4}\[?\s{0,4}(?P<e>\d{1,9})(?![\d%])"
                        r"(?:\s{0,4}/\s{0,4}(?P<ee>\d{1,9}))?", re.I)
# a bar of an evaluation, not of training (`Validation epoch 1: 100%|...| 3/3`)
# an evaluation's bracketed tag right before its epoch's counter (PaddleClas' `[Eval][Epoch 5][Iter: 0/8]`)
_EVAL_TAG = re.compile(r"\[(?:val(?:id(?:ation)?)?|eval(?:uation)?|test)\]\s{0,2}\[?$", re.I)
_NOT_TRAINING = re.compile(r"\b(?:val(?:id|idation|idating)?|eval(?:uate|uation|uating)?|test(?:ing)?|predict\w*)\b", re.I)
# an evaluation's bar by its postfix, its first metric a validation's and none a training's (sd-scripts'
# `epoch validation steps: 100%|...| 88/88 [02:05<00:00,  1.42s/it, val_epoch_avg_loss=0.208, sigma=0.35]`,
# its description half overwritten in a copy: `epoch 2/2idation steps: ...`); tqdm's `set_postfix` sorts
# its keys, so a training bar may open with one (`18.21it/s, test_acc=0.801, train_loss=0.529]`)
_EVAL_POSTFIX = re.compile(r"(?:it/s|s/it)\s{0,4}, {0,2}(?:val|valid|eval|test)_\w{0,60}=")
_POSTFIX_KEY = re.compile(r"[,\s](\w{1,60})=")
_TRAINING_KEY = re.compile(r"(?!val|valid|eval|test)(?:\w{0,40}loss\w{0,20}|lr|train\w{0,40})$")


# a bar over the run's steps, described so (diffusers' and kohya-ss' training scripts:
# `Steps:  70%|...| 608/864 [17:50<19:15,  4.51s/it, loss=0.0717, lr=0.0001]`), SimpleTuner's with its
# epoch before (`Epoch 38/65, Steps:  57%|...| 5750/10000 [18:09<12:43,  5.57it/s, ...]`: the run's steps,
# unless its count starts again as the epoch goes up: an epoch's steps, `_epoch_steps_bars`)
# (and ParallelWaveGAN's trainer's, `tqdm(initial=steps, total=train_max_steps, desc="[train]")`:
# `[train]:   0%|          | 1974/3000000 [08:35<218:49:50,  3.81it/s]`; 3D Gaussian Splatting's train.py,
# `Training progress:  23%|...| 7000/30000 [06:31<29:44, 12.89it/s, Loss=0.0299219]`; verl's trainer's, `Training
# Progress:  18%|...| 77/435 [...]`)
_STEPS_BAR = re.compile(r"\s{0,8}(?:(?:epoch (?P<pe>\d{1,9})/\d{1,9}, {1,4})?(?:training )?steps?|\[train\]"
                        r"|(?-i:Training [Pp]rogress))\s{0,4}:?\s{0,8}"
                        r"(?=\d{1,3}%)", re.I)


def _bar_step(text: str) -> tuple[_Counter, BarReading] | None:
    """The step a training bar shows, as a counter: an epoch's bar (`_BAR_EPOCH` in its
    description: epoch x batches per epoch + batches done) or the run's steps bar (`_STEPS_BAR`:
    its count), with its rate in seconds a batch; None for any other line, an evaluation's
    bar, and a bar's first drawing (no batch done)."""
    if ("poch" not in text and "POCH" not in text and "teps" not in text and "|Loss: " not in text and "pisode" not in text
            and "[train]" not in text and "Training progress" not in text and "Training Progress" not in text):
        return None
    readings = bar_readings(text)
    if not readings:
        return None
    reading = readings[-1]  # (redraws glued on one line: the last is the latest)
    if reading.total is None or reading.n <= 0 or _NOT_TRAINING.search(text, 0, reading.start):
        return None
    if "_" in text and _EVAL_POSTFIX.search(text, reading.start) is not None and not any(
            _TRAINING_KEY.match(key) for key in _POSTFIX_KEY.findall(text, reading.start)):
        return None
    if (steps := _STEPS_BAR.match(text, 0, reading.start)) is not None:
        return _Counter(reading.n, steps), reading  # the run's steps bar: its count is the step
    head = _BAR_EPOCH.search(text, 0, reading.start)
    if head is None and (tune := _TORCHTUNE_BAR.match(text, 0, reading.start)) is not None:
        # (the description is set after the bar moves: a redraw may show the step before's)
        epoch = int(tune.group("e"))
        return (_Counter((epoch - 1) * reading.total + reading.n, tune, epoch, None, reading.total, base=1,
                         ends_epoch=reading.n == reading.total), reading)
    if head is None:
        return None
    epoch, total = int(head.group("e")), reading.total
    epochs = int(head.group("ee")) if head.group("ee") else None
    return _Counter(epoch * total + reading.n, head, epoch, epochs, total, ends_epoch=reading.n == total), reading


# a bar's description that is a loss and figures beside it, no epoch (The School of AI's courses' loop, under its
# `EPOCH: 0` line: `Loss=2.0886988639831543 Batch_id=390 Accuracy=35.60: 100%|██████████| 391/391 [00:23<00:00,
# 16.66it/s]`): the loss, its name opening the description or after a blank
# (or the description's whole, before tqdm's colon: a liquid network's example, `loss=0.4349: 100%|...| 938/938 [01:35<00:00,
# 9.83it/s]`)
_LOSS_DESCRIPTION = re.compile(rf"(?:^|\s)(?:train(?:ing)?_)?[Ll]oss\s{{0,2}}=\s{{0,2}}(?P<v>{_FIGURE}|nan)(?=[\s,]|:\s)")


# OpenPCDet's iterations bar within its epochs bar (`tools/train_utils`): "train:  57%|███   | 1057/1856 [18:29<13:56,
# 1.05s/it, total_it=132832]", the run's iteration its postfix's `total_it`, the rate the iteration's time; the `epochs:`
# bar glued after it on a copied line (its rate an epoch's) is none
_OPENPCDET_BAR = re.compile(r"(?:^|[\]\s])\s{0,4}train:\s{0,4}\d{1,3}%\|[^|\n]{0,1000}\|\s{0,4}\d{1,12}/\d{1,12} "
                            r"\[[\d:]{1,20}<[\d:?]{1,20},\s{1,4}(?P<r>\d{1,9}(?:\.\d{1,9})?)(?P<u>s/it|it/s), "
                            r"total_it=(?P<it>\d{1,15})\]")


def _loss_bar(text: str) -> tuple[BarReading, float | None] | None:
    """A training bar whose description gives the loss (`_LOSS_DESCRIPTION`) and names no epoch or evaluation, that
    moved (a batch done), with its total; its latest reading and that loss (`nan` none)."""
    readings = bar_readings(text)
    if not readings:
        return None
    reading = readings[-1]
    if (reading.total is None or reading.n <= 0 or (loss := _LOSS_DESCRIPTION.search(text, 0, reading.start)) is None
            or _NOT_TRAINING.search(text, 0, reading.start) or _BAR_EPOCH.search(text, 0, reading.start)):
        return None
    return reading, to_float(loss.group("v"))


# PyTorch's C++ log line of a rank glued after a bar's closing bracket (`Epoch 10/10: 240it [05:55,  1.47s/it,
# loss=5.46][rank0]:[E709 17:05:38.162555850 ProcessGroupNCCL.cpp:632] [Rank 0] Watchdog caught ...`)
_GLUED_TORCH_LINE = re.compile(r"(?<=\])\[rank\d{1,9}\]:\[[EWIF]")


def _open_epoch_bar(text: str) -> tuple[int, BarReading] | None:
    """An epoch's training bar that counts iterations to no total (a `tqdm` over a loader with no
    length, a streaming dataset's: `Epoch 1/10: 300it [07:12,  1.44s/it, loss=1.07]`): its epoch
    (`_BAR_EPOCH` in its description) and its latest reading; None for any other line."""
    readings = bar_readings(text)
    if not readings or readings[-1].total is not None or readings[-1].unit != "it":
        return None
    reading = readings[-1]
    head = _BAR_EPOCH.search(text, 0, reading.start)
    if head is None or _NOT_TRAINING.search(text, 0, reading.start) or _NOT_TRAINING_LOOP.search(text, 0, reading.start):
        return None
    return int(head.group("e")), reading


# (an epoch's other loops that count to no total either: `Epoch 1 dev: 50it [...]`, `Epoch 1 inference: ...`)
_NOT_TRAINING_LOOP = re.compile(r"\b(?:dev|infer\w*|generat\w*|sampl\w*)\b", re.I)


def _open_epoch_bar_steps(rows: LogRows, bars: list[tuple[Line, int, BarReading]]) -> None:
    """The readings of epochs' bars with no total (`_open_epoch_bar`) as the run's steps: a rank's
    count starts again as its epoch changes, so each epoch's steps go on from the last counts its
    bars showed in the epochs before it (its step = those + its count; a relaunch's epoch 1 is
    back at 0); a redraw of the same count is no new step, nor a bar's first drawing (none done). Its rate is the
    step's time, unless the bar's clock says an earlier, longer step holds it up (`clock_held_rate`)."""
    state: dict[int | None, tuple[int, int, int, tuple[int, int] | None]] = {}  # rank -> (epoch, before it, count, clock)
    counts: dict[int | None, dict[int, int]] = {}  # rank -> epoch -> the last count its bar showed
    for line, epoch, reading in bars:
        shown_epoch, before, count, clock = state.get(line.rank, (epoch, 0, 0, None))
        seen = counts.setdefault(line.rank, {})
        if epoch != shown_epoch or reading.n < count:
            # a later epoch goes on from the ones before; an earlier one, or the same one counted
            # again, is a relaunch's: it goes on from what the epochs before it counted (the run's
            # steps go back, and its restart shows)
            before = sum(n for e, n in seen.items() if e < epoch)
            shown_epoch, count, clock = epoch, 0, None
        if reading.n <= count:
            continue
        seconds = clock_held_rate(reading.seconds_per_item, reading, clock)
        rows.step(line=line.number, rank=line.rank, step=before + reading.n, end_ns=line.ts_ns,
                  **({"step_time_s": seconds} if seconds is not None else {}))
        seen[epoch] = reading.n
        state[line.rank] = (shown_epoch, before, reading.n, (reading.n, reading.elapsed_s))


# torchtune's recipes' bar (`1|3|Loss: 2.764298677444458:   3%|▎  | 3/101 [00:53<27:44, 16.98s/it]`):
# the epoch from 1, the run's step and the loss in its description, its count the epoch's steps
_TORCHTUNE_BAR = re.compile(r"\s{0,8}(?P<e>\d{1,9})\|\d{1,15}\|Loss: ")
# a bar's description that names the training loss (minGPT's trainer's `epoch 1 iter 3260: train loss 0.55002. lr ...`)
_TRAIN_LOSS_DESC = re.compile(r"\btrain(?:ing)?[ _]loss\b", re.I)
# a bar's description that names training before its epoch (`Train epoch 33: `, `Training Epoch 2/10: `)
_TRAIN_BAR = re.compile(r"\s{0,8}train(?:ing)?\b[\s:\-]{0,4}", re.I)


# A bar with no description (tqdm's default over a training loop: LLaMA-Factory's and the HF
# Trainer's `  2%|█▋    | 10/620 [00:59<58:46,  5.78s/it]`): its count is the step where it is the
# log's only counter and every such bar counts to one total (`_bare_bar_steps`). The HF examples
# before the Trainer (pytorch-transformers' run_glue/run_squad, sentence-transformers' `fit`) describe
# theirs `Iteration`, the batches of an epoch under a bar of epochs described `Epoch`: `Iteration:
# 23%|██▎       | 1045/4508 [00:37<06:51,  8.41it/s]`
_BARE_BAR = re.compile(r"\s{0,8}(?:Iteration:\s{1,4})?\d{1,3}%\|")
# a bar's postfix naming a training loss (tqdm's `set_postfix(train_loss=...)`, `loss=`) after its rate,
# among other keys (`set_postfix` sorts its keywords: `loss1=6.18, loss2=0.693, train_loss=6.18`)
_TRAIN_POSTFIX = re.compile(r"[,\s](?:train_)?loss=")
TRAIN_POSTFIX_SPAN = 200  # how far after its rate, within its bracket, a bar's postfix may name its loss


def _postfix_trains(text: str, after: int) -> bool:
    """Whether the postfix of the bar reading that ends at `after` names a training loss
    (`_TRAIN_POSTFIX`, within `TRAIN_POSTFIX_SPAN` characters and its bracket)."""
    found = _TRAIN_POSTFIX.search(text, after, after + TRAIN_POSTFIX_SPAN)
    return found is not None and "]" not in text[after:found.start()]
# A bar faster than this a count (seconds) counts no training steps: a download's bytes (torchvision's
# datasets draw theirs as `17049807/170498071 [..., 2554002632118.86it/s]`), a fast loop's items (PGL's
# data loading, `2006859/2006859 [01:00<00:00, 33296.96it/s]`): no framework's step takes under 100 us
BARE_BAR_MIN_STEP_S = 1e-4


# a full training bar drawn again this much later on its clock is another bar (tqdm's closing redraw of a finished bar
# comes at once: its clock as it was, a second on at most as rounded)
BAR_CLOSE_S = 1
REPEATED_STEP_LINES = 5  # a rank's step printed again within this many lines is the same step's other line


def _merge_repeated_steps(rows: LogRows, writer_rows: set[int]) -> None:
    """A CLU metric writer's line (`writer_rows`) a few lines after another line of the same rank
    and step (Flax's `Finished training step 1.`, then its writer's `[1] steps_per_sec=0.014434`),
    or a line of the step's time alone after its metrics' line, with no launch, restart or failure
    between: one step, its first line's row with the values only the later line gives (a step seen
    again after a relaunch is another attempt's)."""
    if len(rows.steps) < 2:
        return
    boundaries = sorted(e["line"] for e in rows.events if e["kind"] in _ATTEMPT_BOUNDARIES)
    last: dict[int | None, dict[str, Any]] = {}
    keep: list[dict[str, Any]] = []
    for row in sorted(rows.steps, key=lambda r: r["line"]):
        before = last.get(row["rank"])
        after = bisect_right(boundaries, before["line"]) if before is not None else 0
        if (id(row) in writer_rows and before is not None and before["step"] == row["step"]
                and 0 < row["line"] - before["line"] <= REPEATED_STEP_LINES
                and not (after < len(boundaries) and boundaries[after] <= row["line"])):
            for key, value in row.items():
                if value is not None and before.get(key) is None:
                    before[key] = value
            continue
        last[row["rank"]] = row
        keep.append(row)
    if len(keep) < len(rows.steps):
        rows.steps[:] = keep


def _drop_bar_rows_said_again(rows: LogRows, bar_rows: set[int]) -> None:
    """A run's steps bar's row (`bar_rows`) with a step line of the same rank and step a few lines
    before or after it, no launch, restart or failure between (verl's `Training Progress: ...| 4/1000
    [11:18<..., 165.61s/it]`, then its `step:4 - ... - timing_s/step:161.08` line): one step, the step
    line's row (its own time, not the bar's moving average), with what only the bar gives."""
    if not bar_rows or len(rows.steps) < 2:
        return
    boundaries = sorted(e["line"] for e in rows.events if e["kind"] in _ATTEMPT_BOUNDARIES)
    own: dict[tuple[int | None, int], list[dict[str, Any]]] = {}
    for row in rows.steps:
        if id(row) not in bar_rows:
            own.setdefault((row["rank"], row["step"]), []).append(row)
    dropped: set[int] = set()
    for row in rows.steps:
        if id(row) not in bar_rows:
            continue
        for other in own.get((row["rank"], row["step"]), ()):
            low, high = sorted((row["line"], other["line"]))
            if high - low <= REPEATED_STEP_LINES and bisect_right(boundaries, low) == bisect_right(boundaries, high - 1):
                for key, value in row.items():
                    if value is not None and other.get(key) is None and key not in ("framework", "line"):
                        other[key] = value
                dropped.add(id(row))
                break
    if dropped:
        rows.steps[:] = [row for row in rows.steps if id(row) not in dropped]


def _epoch_steps_bars(rows: LogRows, bars: list[tuple[int, int, int]]) -> None:
    """Steps bars with their epoch before (`_STEPS_BAR`'s `Epoch 2/3, Steps: ...| 100/300`) whose
    count starts again as a rank's epoch goes up count an epoch's steps: step = epoch x the bar's
    total + count, the epochs from 1 where none is 0; else (SimpleTuner's) the run's, as read."""
    by_rank: dict[int | None, list[tuple[int, int, int]]] = {}
    for index, epoch, total in bars:
        by_rank.setdefault(rows.steps[index]["rank"], []).append((index, epoch, total))
    for seq in by_rank.values():
        if not any(e2 > e1 and rows.steps[i2]["step"] <= rows.steps[i1]["step"]
                   for (i1, e1, _), (i2, e2, _) in pairwise(seq)):
            continue
        base = 1 if min(epoch for _, epoch, _ in seq) >= 1 else 0
        for index, epoch, total in seq:
            rows.steps[index]["step"] += (epoch - base) * total


# the SageMaker SDK's status line on a job's end (`estimator.fit(logs=True)`): "2020-11-28 12:47:55 Completed - Training
# job completed", "2019-02-25 14:11:16 Failed - Training job failed"
_SAGEMAKER_STATUS = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d (?:Completed|Failed|Stopped) - Training job "
                               r"(?:completed|failed|stopped)\b")
_CACHING = re.compile(r"\bcaching (?:latents|text encoder outputs|the (?:text encoder )?"
                      r"(?:outputs|latents|dataset|features|embeddings)|(?:processed )?dataset|data|features|embeddings)\b", re.I)


def _bare_bar(text: str) -> list[BarReading]:
    """The readings of a bar with no description (`_BARE_BAR`) that counts iterations (tqdm's
    `it/s` or `s/it`; not a download's bytes, `45.6MB/s`), with its total: the line's latest, and
    the redraws before it of the same total (a console copy that dropped the carriage returns
    between them: `  0%|  | 1/29790 [00:19<158:51:28, 19.20s/it]  0%|  | 2/29790 [...]`)."""
    if _BARE_BAR.match(text) is None:
        return []
    readings = bar_readings(text)
    if not readings or readings[-1].total is None:
        return []
    drawn = text[readings[-1].start:readings[-1].end + 8]
    if "it/s" not in drawn and "s/it" not in drawn:
        return []
    total = readings[-1].total
    return [reading for reading in readings if reading.total == total]


# a bar's description that is its training's loss alone (EfficientAD's `set_description("Current loss: {:.4f}  ")`), with
# tqdm's `: ` after it
_LOSS_SAID = re.compile(rf"\s{{0,8}}(?:[Cc]urrent |[Tt]rain(?:ing)? )?[Ll]oss: {{0,2}}{_FIGURE} {{0,4}}: {{0,2}}")
# a bar's description that is the word training alone, after its rank (a DDP script's `Rank 0 Training:   4%|▎         |
# 1/28 [00:53<24:01, 53.38s/it]`), with tqdm's `: ` after it
_TRAINING_SAID = re.compile(r"\s{0,8}(?:\[?[Rr]ank:? ?\d{1,7}\]?:? )?(?:[Tt]rain(?:ing)?|TRAIN(?:ING)?) {0,4}: {0,2}")
# the fastest a bar described as training alone may draw and count training steps: a data preparation's under the same
# word runs at thousands a second (`Train: 100%|...| 50000/50000 [00:10<00:00, 4812.33it/s]`)
TRAINING_BAR_MIN_STEP_S = 1e-3
# a bar's postfix naming its training's losses after its rate (alpha-zero-general's `Loss_pi=3.88e+00, Loss_v=1.04e+00`;
# ai-toolkit's `lr: 1.0e-04 loss: 4.167e-01`)
_LOSSES_POSTFIX = re.compile(r"[,\s](?:train_)?loss(?:_[a-z]{1,12})?(?:=|: )", re.I)


def _training_bar(text: str) -> list[BarReading]:
    """The readings of a bar whose description names neither an evaluation nor an epoch and whose
    postfix names its training's losses (alpha-zero-general's each epoch of its net's training, kept as
    Colab draws it: `Training Net: 100% 29/29 [00:01<00:00, 23.98it/s, Loss_pi=3.88e+00, Loss_v=1.04e+00]`;
    ai-toolkit's `lr: 1.0e-04 loss: 4.167e-01`), or whose description is its loss alone (EfficientAD's
    `Current loss: 5.1687  : 100%|...| 1000/1000 [...]`), counting iterations, or epochs (PyKEEN's `Training
    epochs on cpu: 100% 5/5 [00:30<00:00,  6.71s/epoch, loss=0.141, prev_loss=0.182]`), to a total: the line's
    latest."""
    readings = bar_readings(text)
    if (not readings or (reading := readings[-1]).total is None or reading.unit not in ("it", "epoch")
            or reading.seconds_per_item is None):
        return []
    if (_NOT_TRAINING.search(text, 0, reading.start) is not None or _NOT_TRAINING_LOOP.search(text, 0, reading.start)
            is not None or _BAR_EPOCH.search(text, 0, reading.start) is not None or "alidat" in text[:reading.start]):
        return []  # (an evaluation's, an inference's, a generation's bar: `Inference: 100%|...| 50/50 [..., loss=0.305]`)
    if (percent := text.rfind("%", 0, reading.start)) >= 3 and (
            _LOSS_SAID.fullmatch(text, 0, percent - 3) is not None
            or (reading.unit == "it" and reading.seconds_per_item >= TRAINING_BAR_MIN_STEP_S
                and _TRAINING_SAID.fullmatch(text, 0, percent - 3) is not None)):
        # (its description the loss alone, or the word training alone, then tqdm's `: ` and the percentage's three places)
        return [reading]
    found = _LOSSES_POSTFIX.search(text, reading.end, reading.end + TRAIN_POSTFIX_SPAN)
    return [reading] if found is not None and "]" not in text[reading.end:found.start()] else []


def _bare_bar_steps(rows: LogRows, bare: list[tuple[Line, BarReading]],
                    one_total: bool = True) -> list[tuple[dict[str, Any], Line, BarReading]]:
    """The readings of bars with no description as steps (their count, their rate the step's
    time), where they all count to one total, or the bars of one total alone show a training
    loss after their rate (`_TRAIN_POSTFIX`: SpeechBrain's `190/190 [03:08<00:00,  1.01it/s,
    train_loss=0.945]` beside its validation's `137/137 [01:43<00:00,  1.33it/s]`): else bars of
    two lengths (a training loop's and an evaluation's, neither named) leave which one is
    training unknown, and none is read. A bar that starts over after reaching its total is the
    next epoch's (a `tqdm(loader)` in an epoch loop): its steps go on from there; one that starts
    over before is a restart's. A drawing faster than `BARE_BAR_MIN_STEP_S` a count counts no step.
    Bars that name their training by their losses (`_training_bar`, `one_total` False) may count to
    several totals (an epoch over a growing buffer of examples).
    The rows made, with their lines and readings (for `_clock_bars`)."""
    drawn: list[tuple[dict[str, Any], Line, BarReading]] = []
    if one_total and len({reading.total for _, reading in bare}) > 1:
        # bars of several lengths: the training loop's is the one length whose bars show a training loss
        lossy = {reading.total for line, reading in bare if _postfix_trains(line.text, reading.end)}
        if len(lossy) != 1:
            return drawn
        bare = [(line, reading) for line, reading in bare if reading.total in lossy]
    # (a drawing faster than that is no step's: a download's bytes, a resumed loop's skip over the
    # batches it had done, `5000/10000 [00:00<00:00, 21000.00it/s]`; the bar's other drawings are)
    bare = [(line, reading) for line, reading in bare
            if reading.seconds_per_item is None or reading.seconds_per_item >= BARE_BAR_MIN_STEP_S]
    shown: dict[int | None, tuple[int, BarReading]] = {}  # rank -> its bar's last (line, reading): a redraw is no new step
    done: dict[int | None, int] = {}  # rank -> the steps of its bars that reached their total
    first: dict[int | None, tuple[int, int]] = {}  # rank -> (count, elapsed seconds) of its bar's first new count
    for line, reading in bare:
        last_line, last = shown.get(line.rank, (0, None))
        # a new bar: its count went back, or its total changed, or a full bar again with its clock gone back or
        # another line since (an epoch's bar kept only at 100% each time; tqdm's closing redraw follows at once), or,
        # of bars that name their training (`one_total` False: OneTrainer's epochs' bars kept one a line), with its
        # clock on (`BAR_CLOSE_S`) or its rate changed (a redraw at close, or after `set_postfix`, shows both as they
        # were)
        new_bar = last is not None and (reading.n < last.n or reading.total != last.total or (
            reading.n == last.n == reading.total and (reading.elapsed_s < last.elapsed_s or line.number > last_line + 1 or (
                not one_total and (reading.elapsed_s > last.elapsed_s + BAR_CLOSE_S
                                   or reading.seconds_per_item != last.seconds_per_item)))))
        if reading.n > 0 and (last is None or last.n != reading.n or new_bar):
            if new_bar and last is not None and last.n == last.total:
                done[line.rank] = done.get(line.rank, 0) + last.n
            shown[line.rank] = (line.number, reading)
            if last is None or new_bar:
                first[line.rank] = (reading.n, reading.elapsed_s)
            seconds = clock_held_rate(reading.seconds_per_item, reading,
                                     (last.n, last.elapsed_s) if last is not None and not new_bar else None,
                                     first.get(line.rank))
            # a bar's first reading ends the steps it counts since the bar began (its elapsed time
            # before it): `723/1602 [2:12:45<2:59:53, 12.28s/it]`, the only reading a console kept
            began = (line.ts_ns - int(reading.elapsed_s * 1e9)
                     if (last is None or new_bar) and line.ts_ns is not None and reading.elapsed_s > 0 else None)
            before = len(rows.steps)
            loss = postfix_loss(line.text, reading) if not one_total else None
            rows.step(line=line.number, rank=line.rank, step=done.get(line.rank, 0) + reading.n, end_ns=line.ts_ns,
                      **({"step_time_s": seconds} if seconds is not None else {}),
                      **({"start_ns": began} if began is not None else {}), **({"loss": loss} if loss is not None else {}))
            if len(rows.steps) > before:
                drawn.append((rows.steps[-1], line, reading))
            if began is not None and last is None and len(shown) == 1:
                rows.start_at_bar_start(line.number, line.rank, began)
    return drawn


def _clock_bars(drawn: list[tuple[dict[str, Any], Line, BarReading]], lines: Sequence[Line], rows: LogRows) -> None:
    """The clock of a run's training bar, for the step rows its readings made (`drawn`: row, line,
    reading, in log order, a new count each; a rank's count not moving on, its clock going back, or
    its total changing starts a new bar).

    Where the bar's rate is its mean since it started (`rate_is_mean`: kohya sd-scripts' tqdm
    with `smoothing=0`, `steps:   8%| | 30/400 [01:03<13:05,  2.12s/it]` after a 19.9 s first step),
    no reading's rate is a step's time: each step's is what the bar's clock adds over the steps
    since an earlier reading far enough back (`_span_mean`). Where the bar's lines carry no date,
    the dated lines printed among its readings date it (`anchor_bar`: rich's `2026-05-12 18:12:45
    INFO epoch is incremented.` right after `10/400 [00:33<...]`), or where some of its readings
    are dated by their own line, those do (a terminal's copy may show the bar's last drawing below
    lines logged after it): each undated step ends at the bar's start plus its refined seconds
    (`time_source` tqdm), the first reading's row starting at the bar's start."""
    bars: list[list[tuple[dict[str, Any], Line, BarReading]]] = []
    open_bars: dict[int | None, list[tuple[dict[str, Any], Line, BarReading]]] = {}
    later: dict[int, int] = {}  # bar -> the next bar of its rank (its first line bounds the lines read for it)
    last_of: dict[int | None, int] = {}  # rank -> its last bar
    for row, line, reading in drawn:
        bar = open_bars.get(line.rank)
        if (bar is None or reading.n <= bar[-1][2].n or reading.elapsed_s < bar[-1][2].elapsed_s
                or reading.total != bar[-1][2].total):
            bar = open_bars[line.rank] = []
            if line.rank in last_of:
                later[last_of[line.rank]] = len(bars)
            last_of[line.rank] = len(bars)
            bars.append(bar)
        bar.append((row, line, reading))
    dated: list[tuple[int, int, int | None]] | None = None  # (line number, ns, rank) of the file's dated lines
    first_dated: int | None = None
    for index, bar in enumerate(bars):
        readings = [reading for _, _, reading in bar]
        mean = rate_is_mean(readings)
        points = [(reading.n, reading.elapsed_s) for reading in readings]
        refined = refine_bar_elapsed(points, rates=[reading.seconds_per_item for reading in readings], mean_rate=mean)
        if mean:
            history: list[tuple[int, float, float]] = [(0, 0.0, 0.0)]  # the bar's start: nothing done, exactly
            for (row, _, reading), seconds in zip(bar, refined, strict=True):
                resolution = min(reading.n * reading.rate_error, 1.0)
                row["step_time_s"] = _span_mean(history, reading.n, seconds, resolution)
                history.append((reading.n, seconds, resolution))
                del history[:-SPAN_LOOKBACK]
        every_dated = all(row.get("end_ns") is not None for row, _, _ in bar)
        if every_dated and index > 0:
            continue
        if dated is None:
            dated = [(line.number, line.ts_ns, line.rank) for line in lines if line.ts_ns is not None]
            first_dated = dated[0][1] if dated else None
        if not dated:
            return
        rank = bar[0][1].rank
        numbers = [line.number for _, line, _ in bar]
        # a reading dated by its own line (a logger's line glued after the bar's drawing, printed as
        # the step ended): the bar began its refined seconds before, at the latest
        own = [line.ts_ns - int(seconds * 1e9) for (row, line, _), seconds in zip(bar, refined, strict=True)
               if line.ts_ns is not None and row.get("end_ns") == line.ts_ns]
        if every_dated:
            # (each reading dated by the logger's line glued after it, the first on the file's first
            # dated line: the run began the bar's elapsed time before that line, `608/864 [17:50<...]
            # 10/20/2023 15:57:47 - INFO - ...`)
            # (its first reading's row starts there already, by the elapsed time it shows)
            began = [row["start_ns"] for row, _, _ in bar if row.get("start_ns") is not None] or own
            if began and first_dated is not None and min(began) < first_dated:
                rows.start_at_bar_start(min(numbers[0], dated[0][0]), rank, min(began))
            continue
        if own:
            start: int | None = min(own)
        else:
            low = bisect_right(dated, (numbers[0],))
            high = bisect_right(dated, (bars[later[index]][0][1].number,)) if index in later else len(dated)
            # (no header bounds its start: the bar drew its count 0 before the lines logged as it began)
            among = [(bisect_right(numbers, number), ns) for number, ns, r in dated[low:high] if r is None or r == rank]
            start = anchor_bar(None, points, {n: s for (n, _), s in zip(points, refined, strict=True)}, among)
        if start is None:
            continue
        for k, ((row, _, reading), seconds) in enumerate(zip(bar, refined, strict=True)):
            if row.get("end_ns") is None:
                row["end_ns"], row["time_source"] = start + int(seconds * 1e9), "tqdm"
                if k == 0 and reading.n > 0:
                    row["start_ns"] = start
        if index == 0 and first_dated is not None and start < first_dated:
            # (its count 0 was drawn before the first dated line, which logged the run's start after it)
            rows.start_at_bar_start(min(numbers[0], dated[0][0]), rank, start)


# a step line's first word after its counter naming an evaluation (mlx-lm's `Iter 1: Val loss 2.699, Val took 2.702s`
# before its `Iter 10: Train loss 2.198, ...`): the evaluation's line, no step (dated: undated ones need a training key)
_EVALUATION_AFTER = re.compile(r"[\s:,|\]-]{0,6}(?:[Vv]al(?:id(?:ation)?)?|VAL|[Ee]val(?:uation)?|EVAL|[Tt]est|TEST)(?=[\s_:])")


_TRAINING_NAMED = re.compile(r"\b(?:[Tt]rain|TRAIN)")


# What an undated line needs to be a step line (`_step_counter`'s words, case-insensitively)
_MAY_COUNT = re.compile(r"(?i:ter|tep|poch)|\bep[:=]|Train:|train: \[| \| loss | avg(?: loss)?, |, train_loss: |\] loss: "
                        r"|\]\s{1,8}(?:Loss_[DG]|D_loss): |^Pass \d{1,9}, Batch \d|^ ?---- batch: \d|\] FPS: |\bEp \d{1,9}/")


# a MetricLogger's row (after its iteration in brackets): its meters from the epoch's `eta: ` on
_ETA_ROW = re.compile(r"(?:[^\n]{0,40}?\[ {0,12}\d{1,12}/\d{1,12}\])?\s{0,4}eta: \d")


# A step line's token rate, the figure before its unit, after a space or a field's bar (a script's `| 37.3k tok/s |`,
# `614531 tokens/sec`; not a pair's second, OpenNMT's `662/656 tok/s`, its source's and its target's), or after its name
# (`Tokens/s: 41.54`, torchtitan-like `Tokens/s:   1.68K`, `toks/s=32,890`); not a rate per GPU (`Tokens/s/GPU:`)
_TOKEN_RATE = re.compile(r"(?:^|(?<=[\s|(]))(?P<v>\d{1,12}(?:\.\d{1,6})?) ?(?P<k>[kKM])? ?tok(?:en)?s?/s(?:ec)?\b(?!/)"
                         r"|\b[Tt]ok(?:en)?s?/s(?:ec)?(?::? {1,4}|=)(?P<w>\d{1,3}(?:,\d{3})+|\d{1,12}(?:\.\d{1,6})?)"
                         r"(?P<k2>[kKM])?(?![\d./]|,\d)")
_SCALE = {"k": 1e3, "K": 1e3, "M": 1e6}
_TRAINED_TOKENS = re.compile(r"\bTrained Tokens (\d{1,15}(?:\.\d{1,6})?)(?![\d.])")


def _step_values(text: str) -> dict[str, float]:
    """The metrics of a step line (what follows its counter): its known keys (`_KEYS`, else a
    path's last part, the first of a key named twice), and its step time from the first of
    these that it has: a `step_time` key; a bare `time` beside `data_time` or `data` (an
    iteration timer's pair); a steps-per-second rate; an average meter's `time X (avg)`;
    llm.c's `| N ms |` field; MaxText's `seconds` after the counter; timm's `  Time: Xs`; a
    time with its unit (`_TIMED`); LeRobot's update seconds and data seconds together."""
    values: dict[str, float] = {}
    bare_time = bare_data = update_s = None
    named_losses: list[tuple[str, float]] = []
    if " time: " in text:
        for pcdet in _PCDET_TIME.finditer(text):
            values.setdefault("step_time_s" if pcdet.group("k") == "Batch" else "data_time_s", float(pcdet.group("v")))
    for key, value in iter_numbers(text):
        named = key  # (as printed, its namespace with it)
        if ("/" in key or "." in key) and key not in _KEYS:
            # `train/total_loss`, DLLogger's `train.loss`: the metric is the name's last part
            key = key.rsplit("/", 1)[-1].rsplit(".", 1)[-1]
        if key in _KEYS:
            values.setdefault(_KEYS[key], value)  # the first: later ones are averages (`moving ave loss`)
        elif key in _TOKENS_SEEN:
            values.setdefault("_tokens_seen", value)
        elif key == "time" and bare_time is None:
            bare_time = value
        elif key == "data" and bare_data is None:
            bare_data = value
        elif key == "updt_s" and update_s is None:
            update_s = value
        elif "loss" in key and _LOSS_OWN_NAME.fullmatch(key) is not None and (
                named == key or _TRAIN_NAMESPACE.fullmatch(named[:-len(key) - 1]) is not None):
            named_losses.append((key, value))
    if "loss" not in values and named_losses:
        # (no loss by a known name: the loss by its batch's, its mean's or its split's name, VinVL-Paddle's
        # `batch_loss: 0.0348, avg_loss: 0.0239`, the first, a script's `loss_train, 0.838`; not one term of an
        # objective's, a GAN's `l_g_comp_style_loss`, a critic's `critic/vf_loss`, a VAE's `recon_loss`, nor a record,
        # `best_loss`)
        values["loss"] = named_losses[0][1]
    if "loss" not in values and "cross entropy " in text and (entropy := _CROSS_ENTROPY.search(text)) is not None:
        values["loss"] = float(entropy.group("v"))  # (TensorFlow's speech_commands trainer, `..., cross entropy 0.001472`)
    if "loss" not in values and "cost:" in text and (cost := _LAYER_COST.search(text)) is not None:
        values["loss"] = float(cost.group("v"))
    if bare_time is not None and ("data_time_s" in values or bare_data is not None):
        # the iteration timer's pair: detectron2's `time: 1.1678  data_time: 0.0222`, the
        # ImageNet example's `Time  0.473 ( 0.692)    Data  0.099 ( 0.110)`
        values.setdefault("step_time_s", bare_time)
        if bare_data is not None:
            values.setdefault("data_time_s", bare_data)
    elif bare_time is not None and "Objective Loss " in text and "Overall Loss " in text:
        # Distiller's (and ai8x-training's) training line: `Epoch: [0][   10/   17]    Overall Loss 0.595829    Objective
        # Loss 0.595829    LR 0.001000    Time 5.669800`, its `Time` the mean batch time since the epoch began
        values.setdefault("step_time_s", bare_time)
    elif bare_time is not None and "eta: " in text and _ETA_ROW.match(text) is not None:
        # a MetricLogger's row with no data meter (`[ 100/2945]  eta: 5:58:34  lr: 0.000021  seg_loss:
        # 1.7625 (1.7672)  time: 0.1324  max mem: 835`): its `time` is the iteration's, as beside one
        values.setdefault("step_time_s", bare_time)
    if update_s is not None and "step_time_s" not in values:
        # LeRobot's `updt_s:0.043 data_s:0.008`, the interval's mean update and data-loading seconds of a step
        values["step_time_s"] = update_s + values.get("data_time_s", 0.0)
    if ("step_time_s" not in values and ("steps_per_sec" in text or "ups" in text or "It/sec" in text or " step/s" in text
                                         or " steps/s" in text or "Steps/Sec:" in text)
            and (rate := _STEPS_PER_SECOND.search(text)) is not None and float(figure := rate.group("v") or rate.group("w")) > 0):
        # the interval's mean; apart (`_COARSE_STEP_TIME`) from a rate its rounding moves by more than a tenth
        # (DiT's and BAGEL's `Train Steps/Sec: 0.03`, 29 to 40 s a step: a dated line's time says which)
        coarse = half_unit(figure) > RUNNING_MEAN_ERROR * float(figure)
        values[_COARSE_STEP_TIME if coarse else "step_time_s"] = 1 / float(figure)
    if "step_time_s" not in values and "ime" in text and (meter := _METER_TIME.search(text)) is not None:
        values["step_time_s"] = float(meter.group("v"))  # a meter's current batch time, its average after
    if "step_time_s" not in values and "ms" in text and (field := _MS_FIELD.search(text)) is not None:
        # (llm.c's `| 4688.25 ms |`, llama2.c's `| 8060.78ms |`)
        values["step_time_s"] = float(field.group("v") or field.group("w")) / 1000
    if "step_time_s" not in values and (seconds := _SECONDS.match(text)) is not None:
        values["step_time_s"] = float(seconds.group("v"))
    if "step_time_s" not in values and "iter: " in text and (per_n := _PER_N_ITER.search(text)) is not None and (
            int(per_n.group("n")) > 0):
        values["step_time_s"] = float(per_n.group("t")) / int(per_n.group("n"))  # the seconds of the last N iterations
    if "step_time_s" not in values and "ms/batch" in text and (per := _MS_PER_BATCH.search(text)) is not None:
        values["step_time_s"] = float(per.group("v")) / 1000  # word_language_model's `| ms/batch  8.41 |`
    if "step_time_s" not in values and "  Time:" in text and (own := _TIMM_TIME.search(text)) is not None:
        values["step_time_s"] = float(own.group("v"))  # timm's batch time (its line alone writes `  Time: 0.449s`)
        if "data_time_s" not in values and "  Data: " in text and (waited := _TIMM_DATA.search(text)) is not None:
            values["data_time_s"] = float(waited.group("v"))  # its batch's wait for data (`  Data: 3.545 (0.956)`)
    if "data_time_s" not in values and "data_time" in text and (data := _DATA_TIME.search(text)) is not None:
        values["data_time_s"] = float(data.group("v")) / (1000 if data.group("ms") else 1)
    if "loss" not in values and "ost" in text and (cost := _COST.search(text)) is not None:
        values["loss"] = float(cost.group("v"))  # the deeplearning-models notebooks' `... | Cost: 2.2714`
    if "loss" not in values and "loss is " in text and (said := _LOSS_IS.search(text)) is not None:
        values["loss"] = float(said.group("v"))  # MindSpore's LossMonitor: `epoch: 1 step: 458, loss is 3.168`
    if "loss train:" in text and (train := _LOSS_TRAIN.search(text)) is not None:
        values["loss"] = float(train.group("v"))
    if values.get("mfu", 0) < 0:
        del values["mfu"]  # not measured yet (nanoGPT prints -100% until its fifth iteration)
    if "Trained Tokens " in text and (trained := _TRAINED_TOKENS.search(text)) is not None:
        # (mlx-lm's `Trained Tokens 34211.0`: the tokens since the run began, no step's own)
        if values.get("tokens") == float(trained.group(1)):
            del values["tokens"]
        values.setdefault("_tokens_seen", float(trained.group(1)))
    if "tokens_per_s" not in values and "/s" in text and (tokens := _TOKEN_RATE.search(text)) is not None:
        figure = (tokens.group("v") or tokens.group("w")).replace(",", "")
        values["tokens_per_s"] = float(figure) * _SCALE.get(tokens.group("k") or tokens.group("k2") or "", 1.0)
    if "step_time_s" not in values and "train time" in text and (pair := _DATA_TRAIN_TIME.search(text)) is not None:
        values["step_time_s"] = float(pair.group("t"))
        values.setdefault("data_time_s", float(pair.group("d")))
    if "step_time_s" not in values and "_ms" in text and (keyed := _MS_KEY.search(text)) is not None:
        values["step_time_s"] = float(keyed.group("v")) / 1000
    if "step_time_s" not in values and (timed := _TIMED.search(text)) is not None:
        values["step_time_s"] = float(timed.group("v")) / (1000 if timed.group("ms") else 1)
    if "step_time_s" not in values and "/" in text and (per := _TIME_PER_STEP.search(text)) is not None:
        values["step_time_s"] = float(per.group("v")) / (1000 if per.group("ms") or per.group("ms2") else 1)
    if "step_time_s" not in values and "(took " in text and (took := _TOOK.search(text)) is not None:
        values["step_time_s"] = float(took.group("v")) / (1000 if took.group("ms") else 1)
    if "step_time_s" not in values and " iters): " in text and (hugectr := _HUGECTR_TIME.search(text)) is not None:
        values["step_time_s"] = float(hugectr.group("t")) / int(hugectr.group("n"))
    if ("step_time_s" not in values and " iters)" in text and (caffe := _CAFFE_RATE.search(text)) is not None
            and float(caffe.group("r")) > 0):
        values["step_time_s"] = 1 / float(caffe.group("r"))  # (its first line's rate is 0: no iteration timed yet)
    return values


# llm.c's CPU trainer (train_gpt2.c) and its ports: `step 0: train loss 5.356085 (took 60110.312 ms)`
_TOOK = re.compile(r"\(took (?P<v>\d{1,9}(?:\.\d{1,20})?) ?(?:(?P<ms>ms)|s|sec|seconds)\)")
# Caffe's solver since 2017: `Iteration 40 (3.47398 iter/s, 11.5142s/40 iters), loss = 1.68719`: the
# iterations a second since its last line (the seconds those took, over its display interval)
_CAFFE_RATE = re.compile(r"\((?P<r>\d{1,9}(?:\.\d{1,20})?) iter/s, \d{1,9}(?:\.\d{1,20})?s/\d{1,9} iters\)")
# HugeCTR's trainer: "Iter: 200 Time(200 iters): 1.12465s Loss: 0.632464 lr:0.001" (the seconds of its
# display interval's iterations)
_HUGECTR_TIME = re.compile(r"\bTime\((?P<n>[1-9]\d{0,8}) iters\): (?P<t>\d{1,9}(?:\.\d{1,20})?)s\b")
# Caffe's solver's step lines, through glog (`I0203 22:10:39.182849  3769 solver.cpp:228] Iteration 0,
# loss = 1.06601`): its framework's
_CAFFE_STEP = re.compile(r"solver\.cpp:\d{1,6}\] Iteration \d{1,15}[ ,]")
_SOCKEYE = re.compile(r"\bsockeye\.training\b")
# WeNet's executor's batch lines (`TRAIN Batch 4/203700 loss 12.646465 loss_att 10.921429 loss_ctc 16.671551
# lr 0.00032621 rank 0`: the epoch, then the batch within it; `CV Batch 4/0 loss ... history loss ... rank 2`)
_WENET = re.compile(r"(?:^|(?<=\s))(?P<tag>TRAIN|CV) Batch (?P<e>\d{1,9})/(?P<b>\d{1,12}) (?P<loss>loss \d)"
                    r"(?:.{0,2000}? rank (?P<r>\d{1,7})\s*$)?")
# Step lines whose shape or logger names the program that printed them: (a literal the line needs,
# the pattern, the framework)
_LINE_FRAMEWORKS = (
    ("GiB(", _TORCHTITAN, "torchtitan"), ("[titan]", _TORCHTITAN, "torchtitan"),
    ("solver.cpp:", _CAFFE_STEP, "caffe"),
    # AllenNLP's trainer's logger (`allennlp.training.trainer - INFO - ...`)
    ("allennlp.", re.compile(r"\ballennlp\.training\b"), "allennlp"),
    # OpenNMT-py's report (`Step 2250/200000; acc:  31.18; ppl: 57.53; xent: 4.05; lr: ...; 5092/261 tok/s;`)
    ("; acc: ", re.compile(r"\bStep \d{1,12}(?:/\s{0,8}\d{1,12})?; acc: {0,4}[\d.]{1,12}; ppl: "), "opennmt"),
    # mlx-lm's trainer (`Iter 10: Train loss 2.198, Learning Rate 1.000e-05, It/sec 1.293, Tokens/sec 267.606, Trained
    # Tokens 2068, Peak mem 6.011 GB`; its DPO fork's with its rewards between)
    ("It/sec ", re.compile(r"^Iter \d{1,12}: Train loss [^,\n]{1,40}, [^\n]{0,200}?\bIt/sec [\d.]{1,20}, Tokens/sec "), "mlx_lm"),
    # MindSpore's LossMonitor (`epoch: 1 step: 5004, loss is 6.906126`)
    ("loss is ", re.compile(r"\bepoch: \d{1,9},? step: \d{1,12}, loss is "), "mindspore"),
    # MindFormers' (MindSpore's LLM suite's) MFLossMonitor (`{ Epoch:[  1/  2], step:[    2/   19], loss: 10.633,
    # per_step_time: 1752ms, lr: 1e-05, ...`)
    ("per_step_time: ", re.compile(r"\{ Epoch:\[\s{0,8}\d{1,9}/\s{0,8}\d{1,9}\], step:\[\s{0,12}\d{1,12}/"), "mindformers"),
    # PaddlePaddle's suites' timers (PaddleSeg, PaddleClas, PaddleDetection: `batch_cost: 0.5344`; PaddleOCR:
    # `avg_batch_cost: 0.82318 s`)
    ("batch_cost", re.compile(r"\b(?:avg_)?batch_cost: {0,4}\d"), "paddle"),
    # (PaddleNLP's Trainer: `loss: 0.86393633, learning_rate: 2.97e-05, global_step: 10, interval_runtime: 3.1165, ...`)
    ("interval_runtime: ", re.compile(r"\bglobal_step: \d{1,15}, interval_runtime: \d"), "paddle"),
    # Sockeye's training logger (`sockeye.training INFO ...`)
    ("sockeye.", _SOCKEYE, "sockeye"),
    # OLMo's trainer's logger (`olmo.train:979  INFO    [step=20800/23842,epoch=0]`; OLMo-core's `olmo_core.train`)
    ("olmo", re.compile(r"\bolmo(?:_core)?\.train\b"), "olmo"),
    # detectron2's event writer (`[12/20 18:16:09 d2.utils.events]:  eta: 19:46:55  iter: 4959  total_loss: ...`; its
    # log.txt's form, `[08/30 23:51:58] d2.utils.events INFO:  eta: 0:01:53  iter: 3739  total_loss: 12.67 ...`)
    ("d2.utils.events", re.compile(r"\bd2\.utils\.events(?:\]:| INFO: )"), "detectron2"),
    # (its line alone, the logger's prefix cut off: `eta: 2 days, 5:33:07  iter: 19  total_loss: 25.537  loss_cls: ...`)
    ("  total_loss: ", re.compile(r"^\s{0,4}eta: [\w:, ]{1,40}  iter: \d{1,12}  total_loss: "), "detectron2"),
    # torchtune's metric loggers' line (`log_dict`: `Step 17 | loss:0.905918538570404 lr:2e-05 gpu_resources:40627398656`)
    ("| loss:", re.compile(r"^Step \d{1,12} \| loss:[-+]?\d"), "torchtune"),
    # veRL's trainer's metrics line (`step:2 - global_seqlen/min:10372.000 - ... - critic/kl:-0.001 - ...`)
    ("step:", re.compile(r"(?:^|[)\]] ?)step:\d{1,12} - (?=[^\n]{0,4000}?\b(?:actor|critic|timing_s|response_length)/)"), "verl"),
    # InternEvo's (InternLM's) trainer (`INFO train.py:323 in record_current_batch_training_metrics --
    # tflops=63.27,step=0,loss=11.63,...`)
    ("record_current_batch", re.compile(r"\brecord_current_batch_training_metrics -- "), "internevo"),
    # MaxText's train loop (`completed step: 5, seconds: 4.011, TFLOP/s/device: 340.650, loss: 1.989`; before
    # 2024 `completed step: 1, seconds: 8.693, TFLOP/s: 1.731, loss: 9.206`)
    ("completed step: ", re.compile(r"\bcompleted step: \d{1,12}, seconds: {1,4}[\d.]{1,20}, TFLOP/s(?:/device)?: "), "maxtext"),
    # Flair's ModelTrainer (`epoch 1 - iter 9/10 - loss 0.45796768 - samples/sec: 9.29 - lr: 0.020000`)
    (" - iter ", _FLAIR_STEP, "flair"),
    # icefall's (k2's) MetricsTracker (`Epoch 1, batch 10, loss[loss=0.1139, over 2828.00 frames. ], tot_loss[...]`)
    # (a recipe's tracker adds its utterances' figures after the frames: `over 18042.00 frames. utt_duration=1095 frames,
    # utt_pad_proportion=0.02412, over 66.00 utterances.], tot_loss[...]`)
    ("tot_loss[", re.compile(r"\bbatch \d{1,12}, loss\[[^\]\n]{0,400}\bover [\d.]{1,20} frames\.(?: [^\]\n]{0,300})?\], "
                             r"tot_loss\["), "icefall"),
    # timm's train.py (`Train: 0 [  50/73 ( 70%)]  Loss: 6.77 (6.83)  Time: 0.320s,  400.32/s  (0.470s,  272.39/s)  LR: ...`)
    ("Train: ", re.compile(r"(?:^|\S )Train: \d{1,9} \[\s{0,12}\d{1,12}/\d{1,12} \(\s{0,3}\d{1,3}%\)\]\s{1,4}Loss: "), "timm"),
    # DiT's train.py and the codebases built on it (SiT, fast-DiT): `(step=0000100) Train Loss: 0.4643, Train Steps/Sec: 0.79`
    ("Train Steps/Sec: ", re.compile(r"\(step=\d{7,15}\) Train Loss: [-+\w.]{1,30}, Train Steps/Sec: \d"), "dit"),
    # Modulus Sym's trainer (NVIDIA Modulus before PhysicsNeMo): `[step:        100] loss:  1.486e-02, time/iteration:
    # 5.445e+01 ms` (its first, `[step:          0] loss:  5.780e+00`)
    ("[step:", re.compile(r"(?:^|\] - )\[step:\s{1,15}\d{1,15}\] loss:\s{1,4}[-+\w.]{1,30}(?:, time/iteration: |\s*$)"),
     "modulus_sym"),
    # torch_xla's examples' training update (`| Training Device=xla:0/3 Epoch=1 Step=1000 Loss=0.00139 Rate=1343.24
    # GlobalRate=864.39 Time=23:12:54`; 2020's with no epoch, `| Training Device=xla:8/0 Step=0 Loss=6.87500 ...`)
    ("Training Device=xla:", re.compile(r"\bTraining Device=xla:\d{1,6}/\d{1,7} (?:Epoch=\d{1,9} )?Step=\d"), "torch_xla"),
)
# the frameworks whose step line alone, one in a log, makes the log a training's (its shape theirs alone)
_ONE_LINE_FRAMEWORKS = frozenset({"maxtext", "dit"})


def _line_framework(text: str, counter: Any) -> str | None:
    """The framework a step line's own shape or logger names (`_LINE_FRAMEWORKS`; ESPnet's trainer's
    `1epoch:train:6376-6750batch:`, a CLU metric writer's `[936] key=value`, darknet's iteration line, BasicSR's
    MessageLogger's), else None (generic)."""
    if counter.match.re is _ESPNET:
        return "espnet"
    if counter.match.re is _CLU:
        return "clu"
    if counter.match.re is _PADDLE_PASS:
        return "paddle"
    if counter.match.re is _DARKNET:
        return "darknet"
    if counter.match.re is _BASICSR and counter.match.group("i") is not None:
        return "basicsr"  # (its MessageLogger's `[epoch: 12, iter:   1,000, lr:(...)]`; not its mmsr ancestors' `<epoch:`)
    return _text_framework(text)


def _text_framework(text: str) -> str | None:
    """The framework a step line's shape or logger names (`_LINE_FRAMEWORKS`), else None."""
    for literal, pattern, framework in _LINE_FRAMEWORKS:
        if literal in text and pattern.search(text) is not None:
            return framework
    return None


# A step's time as seconds (or milliseconds) a step: TensorFlow's tutorials' `step 9980, loss = 0.72
# (242.4 examples/sec; 0.264 sec/batch)`, RETURNN's `ep 1 train, step 97, ..., 0.855 sec/step` (not a progress bar's
# rate, `15.94s/it`: its average since the bar began, read with its clock)
# (or tqdm's own unit with a space before it, which tqdm never prints: a script's `| 7.7 s/it |`; or the unit spelt out,
# EAST's and PSENet's TensorFlow trainers: `Step 000610, model loss 0.9774, total loss 1.2546, 0.20 seconds/step, 40.39
# examples/second`)
_TIME_PER_STEP = re.compile(r"(?<![\w.-])(?P<v>\d{1,9}(?:\.\d{1,20})?)"
                            r"(?: ?(?:(?P<ms>ms)|seconds|secs?|s)/(?:step|batch|iter)| (?:s|(?P<ms2>ms))/it)\b")


class _Counter(NamedTuple):
    """A step line's counter: the step and the match that read it; for a batch counted within
    its epoch, the epoch as printed, the epochs in all (where the line says) and the batches
    per epoch."""

    step: int
    match: re.Match[str]
    epoch: int | None = None
    epochs: int | None = None
    batches: int = 0
    metrics_at: int | None = None  # where the line's metrics start; None: after the counter
    base: int | None = None  # the first epoch's number where the framework says it (else `_from_epoch_one` guesses)
    from_zero: bool = False  # a shape whose printers count epochs from 0 (`_FROM_ZERO`)
    # a shape whose printers count epochs from 1 (PyTorch's word_language_model, `range(1, args.epochs+1)`, and the
    # scripts copied from it): a tail past its first epoch is counted so too, where no epoch 0 is printed
    from_one: bool = False
    ends_epoch: bool = False  # the count is the epoch's last batch (`LogRows.epoch_end`)
    named_in_epoch: bool = False  # its name says it counts within the epoch (`Epoch Step:`), its epoch a banner's before it

    def metrics(self, text: str) -> dict[str, float]:
        """The step line's metrics (`_step_values`; ESPnet's own time fields, `_ESPNET_TIMES`)."""
        if self.match.re is _DARKNET:
            own = {"step_time_s": float(self.match.group("t"))}
            return own | ({"loss": float(self.match.group("loss"))} if self.match.group("loss")[-1].isdigit() else {})
        if self.match.re is _CENTERNET:
            data = _CENTERNET_DATA.search(text, self.match.end())
            return {"data_time_s": float(data.group(1))} if data is not None else {}
        if self.match.re is _JSON_STATS or self.match.re is _JSON_EPOCH_STATS:
            record = _json_stats(text, self.match.end()) or {}
            # (an epoch's record's `dt` is its last iteration's: no time of the epoch's)
            keys = ("loss", "lr") if self.match.re is _JSON_EPOCH_STATS else _JSON_STATS_KEYS
            return {_JSON_STATS_KEYS[key]: value for key in keys
                    if key in record and (value := to_float(record[key])) is not None}
        if self.match.re is _DLRM and self.match.group("ms") is not None:
            # (`-1.00 ms/it`, without --print-time: no time)
            per_it = float(self.match.group("ms")) / 1000
            return _step_values(text[self.match.end():]) | ({"step_time_s": per_it} if per_it > 0 else {})
        if self.match.re is _TORCHSSL:
            return _torchssl_values(text[self.match.end():])
        if self.match.re is _INTEGRAL_STEP:
            # (mlprof's `dt`, the step's seconds, on its line alone: a simulation's `dt` is its time step)
            values = _step_values(text)
            return values | ({"step_time_s": float(dt.group(1))} if (dt := _MLPROF_DT.search(text)) is not None else {})
        if self.match.re is _PADDLE_PASS:
            return {"loss": float(self.match.group("c"))}
        if self.match.re is _EPOCH_STEPS:
            own = {"loss": float(self.match.group("l"))} if self.match.group("l") is not None else {}
            return own | ({"step_time_s": float(self.match.group("t"))} if self.match.group("t") is not None else {})
        if self.match.re is _BASICSR:
            own = {k: v for k, v in _step_values(text[self.match.end():]).items() if k == "loss"}  # (a script's own total)
            own["lr"] = float(self.match.group("lr"))
            if (took := _BASICSR_TIME.search(text, self.match.end())) is not None:
                own |= {"step_time_s": float(took.group("t")), "data_time_s": float(took.group("d"))}
            elif "[performance: " in text and (rate := _BASICSR_RATE.search(text, self.match.end())) is not None and (
                    float(rate.group("r")) > 0):
                own["step_time_s"] = 1 / float(rate.group("r"))  # (traiNNer-redux's: iterations a second)
            return own  # (its `l_pix`, `l_g_gan` are terms of the objective: no total among them)
        if self.match.re is _MONAI_RESEARCH:
            return {"step_time_s": float(self.match.group("t"))}
        if self.match.re is _MONAI_BATCH and (took := _MONAI_STEP_TIME.search(text)) is not None:
            return _step_values(text[self.match.end():took.start()]) | {"step_time_s": float(took.group("v"))}
        if "record_current_batch_training_metrics -- " in text:
            # (InternEvo's record names its figures before its step too: `tflops=63.27,step=0,loss=11.63,...`)
            return _step_values(text[text.index("record_current_batch_training_metrics -- "):])
        values = _step_values(text[self.match.end() if self.metrics_at is None else self.metrics_at:])
        if (self.match.re is STEP and "step_time_s" not in values and "dt " in text[:self.match.start()]
                and (timed := _TIMED.search(text, 0, self.match.start())) is not None and timed.group("any")
                and float(timed.group("v")) > 0):
            # the step's own time printed before its counter (minGPT's demo: `iter_dt 28.39ms; iter 100: ...`;
            # its first, `iter_dt 0.00ms; iter 0`, timed nothing yet)
            values["step_time_s"] = float(timed.group("v")) / (1000 if timed.group("ms") else 1)
        if self.match.re is _ESPNET:
            for key, value in iter_numbers(text[self.match.end():]):
                if key in _ESPNET_TIMES:
                    values[_ESPNET_TIMES[key]] = value
        return values


# PointNet's train.py and its descendants' (PointNet++, Frustum PointNets, VoteNet, GraspNet): the batches done within
# the epoch its `**** EPOCH 000 ****` banner opened, every log interval, their means one a line under it (` ---- batch:
# 010 ----`, then `mean box_loss: 2.684942`, ..., `mean loss: 48.511072`)
_POINTNET_BATCH = re.compile(r"^ ?-{4} batch: (?P<i>\d{1,9}) -{4}\s*$")


def _step_counter(text: str) -> _Counter | None:
    """The counter of a step line: a batch within its epoch (`_EPOCH_BATCH`: the step is
    epoch x batches per epoch + batch, the epoch as the line numbers it, so that the steps go on
    across epochs; `_from_epoch_one` moves a log's steps where its epochs count from 1), else
    `STEP`'s."""
    if "Saving dict for global step " in text:
        return None  # (an Estimator's evaluation's results, at the step of the checkpoint it evaluated: no training step)
    if text[:8] == "# Start " and _START_BANNER.match(text) is not None:
        return None  # (tensorflow/nmt's word as an epoch begins: `# Start epoch 0, step 0, lr 1, Tue Apr 25 ...`)
    batch = None
    if "| Steps: " in text and (tutorial := _EPOCH_STEPS.match(text)) is not None:
        # an epoch's line, no batch within it printed: a step an epoch, as printed
        return _Counter(int(tutorial.group("e")), tutorial)
    if " seconds, " in text and (darknet := _DARKNET.match(text)) is not None:
        return _Counter(int(darknet.group("i")), darknet)
    if " epoch" in text and ("oss" in text or "OSS" in text) and (counted := _EPOCH_NUMBER_FIRST.search(text)) is not None:
        return _Counter(int(counted.group("e")), counted)
    if "|Tot: " in text and (centernet := _CENTERNET.search(text)) is not None:
        epoch, per_epoch, done = int(centernet.group("e")), int(centernet.group("n")), int(centernet.group("i"))
        return _Counter((epoch - 1) * per_epoch + done, centernet, epoch, None, per_epoch, base=1,
                        ends_epoch=done == per_epoch - 1)
    if "json_stats: {" in text and (stats := _JSON_STATS.search(text)) is not None and (
            record := _json_stats(text, stats.end())) is not None:
        if type(record.get("iter")) is int:
            return _Counter(record["iter"], stats)
        kind, of_epochs = record.get("_type"), _OF_COUNT.fullmatch(str(record.get("epoch")))
        if kind == "train_iter" and of_epochs is not None and (of := _OF_COUNT.fullmatch(str(record.get("iter")))) is not None:
            done, per_epoch, at_epoch = int(of.group(1)), int(of.group(2)), int(of_epochs.group(1))
            return _Counter((at_epoch - 1) * per_epoch + done, stats, at_epoch, int(of_epochs.group(2)), per_epoch, base=1,
                            ends_epoch=done == per_epoch)
        if kind == "train_epoch" and of_epochs is not None and (again := _JSON_EPOCH_STATS.search(text)) is not None:
            return _Counter(int(of_epochs.group(1)), again)
    if "Finished training it " in text and (dlrm := _DLRM.search(text)) is not None:
        epoch, per_epoch = int(dlrm.group("e")), int(dlrm.group("n"))
        return _Counter(epoch * per_epoch + int(dlrm.group("i")), dlrm, epoch, None, per_epoch, base=0)
    if ", train_loss: " in text and (monai := _MONAI_BATCH.match(text)) is not None:
        # the epoch is its own line's (`GenericLogParser._parse` puts the count in it)
        return _Counter(int(monai.group("i")), monai, batches=int(monai.group("n")), base=1)
    if "Acc_iter " in text and (acc := _ACC_ITER.search(text)) is not None:
        return _Counter(int(acc.group("i")), acc, metrics_at=0)
    if text[:5] == "Pass " and (paddle := _PADDLE_PASS.match(text)) is not None:
        return _Counter(int(paddle.group("i")), paddle, int(paddle.group("e")), base=0)
    if "][" in text and (gan := _GAN_PAIR.match(text)) is not None:
        epoch, per_epoch, done = int(gan.group("e")), int(gan.group("n")), int(gan.group("i"))
        if gan.group("cpp") is not None:
            # (LibTorch's counts from 1, a Python script's in its shape from 0: which, the file's epochs say,
            # `_from_epoch_one`)
            return _Counter(epoch * per_epoch + done, gan, epoch, int(gan.group("ee")), per_epoch,
                            ends_epoch=done == per_epoch)
        return _Counter(epoch * per_epoch + done, gan, epoch, int(gan.group("ee")), per_epoch, base=0,
                        ends_epoch=done == per_epoch - 1)
    if "] loss: " in text and (pair := _TUTORIAL_PAIR.match(text)) is not None:
        return _Counter(int(pair.group("i")), pair, int(pair.group("e")))
    if ", iter:" in text and (basicsr := _BASICSR.search(text)) is not None:
        return _Counter(int((basicsr.group("i") or basicsr.group("j")).replace(",", "")), basicsr)
    if ", i = " in text and (torch_rnn := _TORCH_RNN.match(text)) is not None:
        return _Counter(int(torch_rnn.group("i")), torch_rnn)
    if " iteration, USE_EMA: " in text and (torchssl := _TORCHSSL.search(text)) is not None:
        return _Counter(int(torchssl.group("i")), torchssl)
    if "] FPS: " in text and (ltr := _LTR_STATS.match(text)) is not None:
        if ltr.group("loader") != "train":
            return None  # (its validation loader's batch)
        epoch, done, per_epoch = int(ltr.group("e")), int(ltr.group("i")), int(ltr.group("n"))
        return _Counter((epoch - 1) * per_epoch + done, ltr, epoch, None, per_epoch, base=1, ends_epoch=done == per_epoch)
    if "] Step " in text and (darts := _DARTS_STEP.search(text)) is not None:
        if darts.group("phase") != "Train":
            return None  # (an evaluation's batch)
        epoch, done, last = int(darts.group("e")), int(darts.group("i")), int(darts.group("n"))
        return _Counter((epoch - 1) * (last + 1) + done, darts, epoch, int(darts.group("ee")), last + 1, base=1,
                        ends_epoch=done == last)
    if "step" in text and "iter" in text and (optimizer := _ITER_STEP.search(text)) is not None:
        return _Counter(int(optimizer.group("s")), optimizer)
    if "poch" in text or "POCH" in text:
        batch = _YOLOX.search(text) if "yolox." in text else None
        batch = batch or _EPOCH_BATCH.search(text) or (_EPOCH_EQ_STEP.search(text) if "Epoch" in text else None)
        if batch is None and " batches" in text:
            batch = _EPOCH_BATCHES_AFTER.search(text)
    if text[:12] in (" ---- batch:", "---- batch: ") and (pointnet := _POINTNET_BATCH.match(text)) is not None:
        return _Counter(int(pointnet.group("i")), pointnet)
    if batch is None and text[:6] == "Epoch " and " loss: " in text:
        batch = _MONAI_RESEARCH.match(text)
    if batch is None and "Train:" in text:
        batch = _TIMM.search(text) or _SWIN.search(text)
    if batch is None and ("atch" in text or "ATCH" in text or "iter" in text) and ("poch" in text or "POCH" in text) and (
            (batches := _EPOCH_BATCHES.search(text)) is not None) and not any(
            # (a run's step elsewhere on the line is its step)
            not batches.start() <= m.start() < batches.end() for m in (*STEP.finditer(text), *_GLOBAL_STEP.finditer(text))):
        batch = batches
    if (batch is not None and batch.re is _EPOCH_BATCH and batch.start() and "]" in text[:batch.start()]
            and _EVAL_TAG.search(text, max(0, batch.start() - 16), batch.start()) is not None):
        return None  # an evaluation's batch, tagged right before its epoch (PaddleClas' `[Eval][Epoch 5][Iter: 0/8]`)
    if batch is not None and batch.re is _EPOCH_BATCH and " iters" in text[max(0, batch.start() - 10):batch.start()] and (
            run := _RUN_ITERS_BEFORE.search(text, max(0, batch.start() - 40), batch.start())) is not None:
        return _Counter(int(run.group("s")), run)  # (its epoch and batch after it: its metrics)
    if batch is not None:
        epoch = int(batch.group("e"))
        i, n = batch.group("i"), batch.group("n")
        epochs = int(ee) if (ee := batch.groupdict().get("ee")) else None
        # timm's own form (`Train: 1 [...]`, no total of epochs) counts epochs from 0, YOLOX's
        # trainer (`yolox.core.trainer:... - epoch: 8/40, iter: 1340/1816`) from 1
        base = 0 if batch.re is _TIMM and epochs is None else 1 if batch.re is _YOLOX else None
        from_zero = batch.re is _EPOCH_BATCH and _FROM_ZERO.match(text, batch.start()) is not None
        return _Counter((epoch - (base or 0)) * int(n) + int(i), batch, epoch, epochs, int(n), base=base,
                        from_zero=from_zero, ends_epoch=int(i) == int(n), from_one=batch.re is _EPOCH_BATCHES_AFTER)
    if "epoch:train:" in text and (espnet := _ESPNET.search(text)) is not None:
        return _Counter(int(espnet.group("u") or espnet.group("i")), espnet, int(espnet.group("e")))
    if ((("poch" in text or "POCH" in text) and (within := _EPOCH_COUNT.search(text)) is not None)
            or ((("p:" in text or "p=" in text) and _EP_ABBREVIATED.search(text) is not None) or "Ep " in text)
                and (within := _EP_BATCH.search(text)) is not None) and (
            ("global_step" not in text and "num_updates" not in text) or _GLOBAL_STEP.search(text) is None) and (
            (first := STEP.search(text)) is None or first.start() >= within.start()) and STEP.search(text, within.end()) is None:
        # (the line's only counter: a run's step printed beside it, `Epoch 2, batch 0, global step 35`, or
        # before it, `step 100 ... (best epoch 1 step 50)`, is the line's step)
        epochs = int(within.group("ee")) if within.group("ee") else None
        return _Counter(int(within.group("i")), within, int(within.group("e")), epochs)
    if ("global_step" in text or "num_updates" in text) and (run := _GLOBAL_STEP.search(text)) is not None:
        return _Counter(int(run.group(1)), run, metrics_at=0)  # the run's count, its metrics before it too
    match = STEP.search(text)
    if (match is None and "=" in text and ".0" in text and " dt=" in text and "loss=" in text and "Namespace(" not in text
            and _MLPROF_LOSS.search(text) is not None):
        # (with its `dt` and a loss, as mlprof prints them; not an argument dump's `step=1.0`, nor a simulation's
        # `step=100.0000 time=0.1000 dt=0.0010 energy=...`)
        match = _INTEGRAL_STEP.search(text)
    if match is not None and match.start() and _EVALUATION_BEFORE.search(text, max(0, match.start() - 14), match.start()):
        return None  # an evaluation's count, its name before it (`Validation iteration: 200, Loss: 0.0022`)
    if match is None and text[:1].isdigit() and " | loss " in text:
        match = _BARE_COUNT.match(text)
    if match is None and "] [" in text:
        match = _CLU.search(text)
    if match is None and ("atch" in text or "ATCH" in text) and (batch := _BATCH_OF.search(text)) is not None and (
            _NOT_TRAINING.search(text) is None):
        # the epoch is its own line's (`GenericLogParser._parse` puts the count in it)
        return _Counter(int(batch.group("i")), batch, batches=int(batch.group("n")),
                        ends_epoch=int(batch.group("i")) == int(batch.group("n")))
    return _Counter(int(match.group(1)), match) if match is not None else None


# tensorflow/nmt's banner as training or an epoch begins (`# Start step 0, lr 1, Tue Apr 25 23:17:41 2017`, `# Start epoch
# 0, step 0, lr 1, ...`): no step done
_START_BANNER = re.compile(r"# Start (?:epoch \d{1,9}, )?step \d{1,15}, lr ")
# an evaluation's name right before a count (`Validation iteration: 200`, `Test step 5`; a custom loop that words its
# evaluation's lines as its training's, `Training iteration: 16000, Loss: ...`)
_EVALUATION_BEFORE = re.compile(r"(?:^|[\s\]|:\-])(?:[Vv]alid(?:ation)?|[Vv]al|VAL|[Ee]val(?:uation)?|EVAL|[Tt]est(?:ing)?|TEST)"
                                r"[ \t]{1,2}$")
# a count a metrics formatter printed as a float with its zero decimals (mlprof's and ezpz's `epoch=2.0000 step=14.0000
# dt=0.0022 ...`): that step (not a figure with decimals of its own, `step=0.5`, nor a count with no `=`, Slurm's
# `STEP 11509447.0 ON ...`)
_INTEGRAL_STEP = re.compile(r"\b(?:step|iter|iteration)=(\d{1,15})\.0{1,8}(?=[\s,;]|$)", re.I)
_MLPROF_DT = re.compile(r"(?<![\w.])dt=(\d{1,9}(?:\.\d{1,20})?)(?=\s|$)")
_MLPROF_LOSS = re.compile(r"(?<![\w.])(?:[A-Za-z]{1,40}_)?loss=[-+]?(?:\d|nan|inf)")  # (`batch_loss=0.0090`, not `loss_of_mass=`)
TRACEBACK_DATED_LINES = 50  # a log that fails in a training loop dates one of its first lines
# a training script's entry point by its name, beside `train.py` (`_TRAINING_FRAME`): `train_lm.py` (Levanter's
# `levanter/main/`), diffusers' `train_text_to_image.py`, `pretrain_gpt.py`; a weaker sign (another reader that knows
# the file's step lines wins: a Keras script named `train_..._horovod.py`)
_ENTRY_TRAIN_FRAME = re.compile(r"(?:[\\/]|File \")(?:pre)?train_\w{1,40}\.py\b|(?:[\\/]|File \")pretrain\.py\b")
# a traceback's frame in a training loop (`trainer.train()`, Lightning's `trainer.fit(`, HF's `_inner_training_loop`, a
# `train_step`/`training_step`, a `train.py`): a bar it stopped was training's, not an evaluation's
# (and Megatron's `megatron/training.py`, `megatron/training/training.py`, its `pretrain(` call)
_TRAINING_FRAME = re.compile(r"\btrainer\.(?:train|fit)\(|_inner_training_loop|\btrain(?:ing)?_step\b"
                             # (`train.py`, and the training entry points `run_train.py` (MACE's `mace/cli/`),
                             # `train_net.py` (detectron2's tools))
                             r"|(?:[\\/]|File \")(?:run_)?train(?:_net)?\.py\b"
                             # (MindSpore's `Model.train`: `mindspore/train/model.py", line 702, in _train_dataset_sink_process`)
                             r"|[\\/]mindspore[\\/]train[\\/]model\.py\", line \d{1,6}, in _?train"
                             r"|\bmegatron[\\/](?:training[\\/])?training\.py\b|\n\s{0,8}pretrain\("
                             # (LLaMA-Factory's training workflows: `llamafactory/train/tuner.py`, `in run_exp`)
                             r"|[\\/]llamafactory[\\/]train[\\/]"
                             # (DeepSpeed's engine as it is built for training: `deepspeed/__init__.py", line 159, in
                             # initialize`, DeepSpeed-Chat's PPO engines' `deepspeed.initialize(model=actor_model,`)
                             r"|[\\/]deepspeed[\\/]__init__\.py\", line \d{1,6}, in initialize\b"
                             # (Stable-Baselines3's algorithms' `learn`, its training loop: `stable_baselines3/sac/sac.py",
                             # line 307, in learn`)
                             r"|[\\/](?:stable_baselines3|sb3_contrib)[\\/][\w/\\]{1,200}\.py\", line \d{1,6}, in learn\b"
                             # (an optimizer's step and a backward pass, in training alone: `torch/optim/adam.py", line
                             # 108, in step`, `torch/_tensor.py", line 487, in backward`)
                             r"|[\\/]torch[\\/]optim[\\/]\w{1,40}\.py\", line \d{1,6}, in step\b"
                             r"|[\\/]torch[\\/](?:_tensor|autograd[\\/]__init__)\.py\", line \d{1,6}, in backward\b")
# Keras' `fit` in a traceback (`File ".../keras/engine/training.py", line 1134, in fit`): a step-less
# console's training run (a Keras console with its steps is the Keras reader's)
_KERAS_FIT_FRAME = re.compile(r"[\\/]engine[\\/]training(?:_v1)?\.py\", line \d{1,6}, in fit\b")
# a traceback's frame in a deep-learning framework's own package (`.../site-packages/torch/cuda/__init__.py`)
_FRAMEWORK_FRAME = re.compile(r"[\\/](?:site|dist)-packages[\\/](?:torch|tensorflow|keras|jax|jaxlib|flax|mxnet|paddle|mindspore"
                              r"|transformers|deepspeed|accelerate|lightning|pytorch_lightning|megatron|apex|peft|trl|diffusers"
                              # (and the scientific ones' trainers: DeePMD-kit's `dp train`, MACE, NequIP, SchNetPack, PyG,
                              # DGL, OpenFold, Uni-Core, DeepXDE, PhysicsNeMo)
                              r"|deepmd|deepmd_cli|mace|nequip|schnetpack|torch_geometric|dgl|openfold|unicore|deepxde"
                              r"|physicsnemo|modulus)[\\/]")
# a file named as a training run's log, its stem `train` with a word before and a number after at most (`train.log`,
# `dp_train_0.log`, `training-2.out`; not `prep_train_split.log`, `eval_after_train.log`, `eval_train.log`: an
# evaluation's or a preparation's of the training split)
_TRAINING_FILE = re.compile(r"^(?:(?!(?:eval|test|val|dev|predict|infer|prep|download|token|score|export)[A-Za-z]{0,10}[_-])"
                            r"[A-Za-z]{1,10}[_-])?train(?:ing)?(?:[_.-]?\d{1,10})?(?:\.log)?$", re.I)
# a line before a traceback that names training (`mode: train`, `>>>>>>>start training : ...`,
# `Training set loaded.`, `Start training...`, `TRAINING`): the word itself, not a path's folder or file
# (`data/train/`, `train.py`), nor transformers' warning of an inference (`You should probably TRAIN this
# model on a down-stream task ...`)
_TRAINING_WORD = re.compile(r"(?<![/\\.\w])(?:[Tt]rain(?:ing|er)?|TRAINING)(?![/\\\w]|\.\w)")
# or an epoch it began (DiT's `[2024-10-21 01:22:05] Starting epoch 0`, then the traceback of its first forward)
# a run's word that its training begins, a line of its own after a logger's header or none, set off by rules
# or not (`==========start training===============`, `STARTING TRAINING`, `[23:32:28] DeepAR.Train: Starting training
# for 20 epoch(s)`, `Training started`): a launch, where the log shows no step, failure or checkpoint after it
_TRAINING_BANNER = re.compile(r"(?:^|: |\] | - )[=\-*#>~. ]{0,80}(?:(?:[Ss]tart(?:ing|ed)?|START(?:ING)?|[Bb]egin(?:ning)?"
                              r"|BEGIN(?:NING)?) (?:the )?(?:[Tt]raining|TRAINING)(?: for \d{1,9} epochs?(?:\(s\))?"
                              r"| and evaluation| loop)?|(?:[Tt]raining|TRAINING) (?:started|starts|begins|STARTED))"
                              r"[=\-*#<~.! ]{0,80}$")
_EPOCH_BEGUN = re.compile(r"\b(?:[Ss]tart(?:ing)?|[Bb]egin(?:ning)?) epoch \d")
# the exception an accelerator raised, ending a traceback (`RuntimeError: No CUDA GPUs are available`,
# `jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: ... Ran out of memory in memory space hbm`)
_ACCELERATOR_ERROR = re.compile(r"^[\w.]{0,80}(?:Error|Exception): [^\n]{0,300}?"
                                r"\b(?:CUDA|cuDNN|CUBLAS|NCCL|XLA|HIP|NPU|out of memory)\b", re.MULTILINE)
# a traceback's frame in the HF Trainer's training loop (`File ".../transformers/trainer.py", line 2237, in train`)
_HF_TRAIN_FRAME = re.compile(r"[\\/]transformers[\\/]trainer\.py\", line \d{1,6}, in (?:train|_inner_training_loop)\b")
# The key/value logger tables of OpenAI baselines and what grew from it (its `logger.dumpkvs()`):
# a row of dashes, then a row a key, `| eprewmean          | 34.9        |`; stable-baselines3's
# (its `verbose=1` output) with `| time/              |          |` sections over keys indented
# four spaces, `|    iterations      | 2        |`; Spinning Up's right-aligned, `|             Epoch
# |               0 |`; the deepq examples' keys of several words, `| % time spent exploring  | 99 |`
_TABLE_ROW = re.compile(r"^\|(?P<pad>\s{1,80})(?P<key>[^\s|](?:[^|]{0,100}?[^\s|])?)\s{0,80}\|\s{0,80}"
                        r"(?P<value>[-+]?(?:\d{1,20}(?:\.\d{1,20})?(?:e[-+]?\d{1,3})?|nan|inf))\s{0,80}\|$")
_TABLE_EDGE = re.compile(r"^-{10,400}$")
# a section's row of stable-baselines3's tables: `| eval/                   |             |`
_TABLE_SECTION = re.compile(r"^\|\s{0,8}[a-z_]{1,40}/\s{0,80}\|\s{0,80}\|$")
# a table's step, the first of these it has: the run's updates (stable-baselines3's `iterations` of
# an on-policy algorithm, baselines' `nupdates`, Stable Baselines 2's `n_updates`, Spinning Up's
# `Epoch`), else its environment steps (`total_timesteps`, deepq's `steps`); not stable-baselines3's
# `train/n_updates`, its off-policy algorithms' gradient steps under their `total_timesteps`
_TABLE_STEP_KEYS = ("iterations", "nupdates", "n_updates", "Epoch", "total_timesteps", "steps")
# the seconds since learning began (stable-baselines3's whole ones, baselines', Spinning Up's `Time`)
_TABLE_ELAPSED_KEYS = ("time_elapsed", "Time", "timelapsed", "TimeElapsed")
# baselines' trpo_mpi and ppo1 before each iteration's dump, its only step number (from 0; the dump's
# `timestepsofar` counts environment steps): "********** Iteration 13 ************"
_TABLE_ITERATION = re.compile(r"^\*{5,20} Iteration (\d{1,12}) \*{5,20}$")
# the keys that show a table in a file's head is one of these
_TABLE_KEYS = frozenset({"iterations", "total_timesteps", "time_elapsed", "nupdates", "n_updates", "serial_timesteps",
                         "TotalEnvInteracts", "episodes", "eprewmean", "AverageEpRet"})


def _sb3_elapsed(table: dict[str, str]) -> tuple[float, float] | None:
    """The seconds since learning began that both stable-baselines3's figures allow, and that range's width: its
    `time_elapsed` (whole seconds, truncated: [e, e + 1)) and its `total_timesteps` over its `fps` (`int(steps since
    learn() began / seconds)`, truncated: [steps / (fps + 1), steps / fps]), where every step counted is this
    `learn()` call's (the caller's to show); None without them, or where the two disagree. The rate narrows the
    whole second where it runs many steps a second early on (a run's first iterations, a fraction of a second each,
    had no step time); later, and at a few steps a second, the second is the narrower."""
    steps, fps, elapsed = table.get("total_timesteps", ""), table.get("fps", ""), table.get("time_elapsed", "")
    if not (steps.isdigit() and fps.isdigit() and elapsed.isdigit()) or int(fps) < 1:
        return None
    low = max(int(steps) / (int(fps) + 1), float(elapsed))
    high = min(int(steps) / int(fps), int(elapsed) + 1.0)
    return ((high + low) / 2, high - low) if low <= high else None


def _logger_tables(lines: Sequence[Line], rows: LogRows) -> None:
    """The logger tables (`_TABLE_ROW`), one a log dump: the dump's step its first of
    `_TABLE_STEP_KEYS` printed whole (a count the logger rounded, `1.65e+03`, is no step's number);
    a dump with an `eval/` section an evaluation's end, no step (stable-baselines3's `EvalCallback`
    dumps it with `total_timesteps` between an on-policy run's dumps of `iterations`: a step in
    another unit, read as a step counter gone back). Its step time the seconds since
    learning began (`_TABLE_ELAPSED_KEYS`) since an earlier dump over the steps between, the
    previous dump's where the figures' rounding (a whole unit of their last digit: stable-baselines3
    truncates its seconds; baselines and Spinning Up print three significant digits, `1.63e+03`)
    allows, else an earlier one's of the same run (`_span_mean`; stable-baselines3's `iterations`
    from learning's start, 0 s at iteration 0); its loss `train/loss`. A key's section in its name
    (current baselines' `misc/nupdates`) is not its name's; a dump with no step key is the iteration
    its `********** Iteration N ************` header names (baselines' trpo_mpi, ppo1). Undated: nothing
    dates a table."""
    # each dump: its keys' values and lines, whether its keys are nested under sections
    # (stable-baselines3's, four spaces in) and whether one of them is `eval/`
    dumps: list[tuple[dict[str, str], dict[str, Line], bool, Line | None, tuple[int, Line] | None]] = []
    table: dict[str, str] = {}
    at: dict[str, Line] = {}  # each key's line
    nested = False
    evaluated: Line | None = None  # the dump's `eval/` section's line
    header: tuple[int, Line] | None = None  # the `Iteration N` line since the dump before: (N, its line)
    for line in [*lines, None]:
        text = line.text.strip() if line is not None else "-" * 10
        if text[:1] == "*" and " Iteration " in text and (named := _TABLE_ITERATION.match(text)) is not None:
            assert line is not None
            header = (int(named.group(1)), line)
            continue
        if "|" in text and line is not None:
            if (row := _TABLE_ROW.match(text)) is not None:
                name = row.group("key").rpartition("/")[2]
                if name not in table:
                    table[name], at[name] = row.group("value"), line
                    nested = nested or row.group("pad") == "    "
                continue
            if text.startswith("| eval/ ") and _TABLE_SECTION.match(text) is not None:
                evaluated = evaluated or line
                continue
        if not _TABLE_EDGE.match(text):
            continue
        if table or evaluated is not None:
            dumps.append((table, at, nested, evaluated, header))
            header = None
        table, at, nested, evaluated = {}, {}, False, None
    timed: list[tuple[int, float, float]] = []  # (step, seconds since learning began, their rounding) of earlier dumps
    counted: tuple[int, int] | None = None  # (iterations, total_timesteps) of the dump before, an on-policy run's
    # the dump before's row, iterations and seconds by its rate, where nothing before it showed them to be its learn()'s
    unproven: tuple[dict[str, Any], int, tuple[float, float]] | None = None
    for table, at, nested, evaluated, header in dumps:
        if evaluated is not None:
            rows.event(LogEventKind.EVAL_END, line=evaluated.number, rank=evaluated.rank, ts_ns=None, raw=evaluated.text)
            continue
        key = next((k for k in _TABLE_STEP_KEYS if k in table and not (nested and k == "n_updates")), None)
        if key is None and header is not None and table:
            # (the iteration its header names, counted from 0: iteration 0's dump at the seconds it took)
            key, table, at = "Iteration", {**table, "Iteration": str(header[0])}, {**at, "Iteration": header[1]}
        if key is None or not table[key].isdigit():
            continue
        step = int(table[key])
        values: dict[str, float] = {}
        if "loss" in table:
            values["loss"] = float(table["loss"])
        elapsed = next((table[k] for k in _TABLE_ELAPSED_KEYS if k in table), None)
        total = table.get("total_timesteps", "") if key == "iterations" else ""
        # (its rate counts the steps of this `learn()` alone, its `total_timesteps` those of the calls before too
        # where one went on from them: the rate is read only where the dump before shows every step is this
        # call's, its `total_timesteps` the iterations times the steps between the two dumps an iteration)
        fresh = (counted is not None and total.isdigit() and step > counted[0]
                 and int(total) * (step - counted[0]) == step * (int(total) - counted[1]))
        both = _sb3_elapsed(table) if total and elapsed is not None else None
        if elapsed is not None:
            # (a whole unit: stable-baselines3 truncates its seconds, `int(time_elapsed)`; its
            # `iterations` count from learning's start, 0 s at iteration 0)
            seconds, rounding = float(elapsed), 2 * half_unit(elapsed)
            if (fresh and unproven is not None and counted is not None and unproven[1] == counted[0] and timed
                    and timed[-1][0] == unproven[1]):
                # (the two dumps' totals in the same proportion to their iterations: no step counted before the
                # first of them either, whose time its rate now gives as well)
                first_row, first, (first_s, first_rounding) = unproven
                if (first_took := _span_mean(timed[:-1], first, first_s, first_rounding)) is not None:
                    first_row["step_time_s"] = first_took
                timed[-1] = (first, first_s, first_rounding)
            if fresh and both is not None:
                seconds, rounding = both  # (what its rate and its whole seconds together allow)
            took = _elapsed_span(timed, step, seconds, rounding,
                                 (0, 0.0, 0.0) if key == "iterations" else (-1, 0.0, 0.0) if key == "Iteration" else None)
            if took is not None:
                values["step_time_s"] = took
        if total.isdigit():
            counted = (step, int(total))
        before = len(rows.steps)
        rows.step(line=at[key].number, rank=at[key].rank, step=step, end_ns=None, **values)
        unproven = None
        if len(rows.steps) > before and nested:
            rows.steps[-1]["framework"] = "stable_baselines3"
        if len(rows.steps) > before and not fresh and both is not None:
            unproven = (rows.steps[-1], step, both)


# Ray Tune's result as RLlib's examples print it (`pretty_print(result)`: a YAML block a training
# iteration, its keys sorted, nested ones indented): its top-level `key: value` lines
_RESULT_FIELD = re.compile(rf"^(?:  )?(?P<key>[a-z_]{{1,60}}): (?P<value>{_FIGURE})$")  # (indented under `Result for X:`)
_RESULT_LOSS = re.compile(rf"^\s{{2,16}}total_loss: (?P<value>{_FIGURE})$")


# Karpathy's "Let's build GPT" loop (and nanoGPT's) at each evaluation: `step 300: train loss 2.4198, val loss
# 2.4340`. nanoGPT's iteration lines (`iter 300: loss 2.41, time 28.39ms, mfu 0.01%`) are its steps; a
# log with no other step line has these alone: the steps its evaluations were at, the loss the
# training split's estimate, no time
# (a fork's unit after each loss: `step 0: train loss 12.6510 BPC, val loss 12.6486 BPC`)
_EVAL_STEP = re.compile(r"^step (?P<s>\d{1,15}): train loss (?P<l>" + _FIGURE + r"|nan)(?: [A-Za-z]{1,8})?, val loss (?:"
                        + _FIGURE + r"|nan)(?: [A-Za-z]{1,8})?\s*$")

_EVAL_STEP_AT = re.compile(_EVAL_STEP.pattern.removeprefix("^"))  # (where a dated line's counter is)


# A loop's word that it evaluates at its step count, where it prints no step line of its own (the CS224N projects'
# starters, `[04.25.21 23:43:14] Evaluating at step 50048...`, their results on the lines below it; many scripts'
# `logger.info(f"Evaluating at step {global_step}")`): the step reached then, the evaluation from that line to the
# next dated one (what the loop printed once it was done); the line's message, after its logger's head
_EVALUATING_AT = re.compile(r"(?:^|(?<=[\]:\-|] ))(?:[^\w\s]{1,4} )?[Ee]valuating at (?:global )?step (?P<s>\d{1,15})"
                            r"(?:\.{1,3}|:)?\s*$")
ANNOUNCED_EVAL_LINES = 8  # the most lines from such a word to the dated line that ends its evaluation


def _evaluated_steps(lines: Sequence[Line], rows: LogRows) -> None:
    """The evaluation lines of a loop that prints nothing else (`_EVAL_STEP`, `_EVALUATING_AT`), a step each."""
    for i, line in enumerate(lines):
        if line.text[:5] == "step " and (evaluated := _EVAL_STEP.match(line.text)) is not None:
            rows.step(line=line.number, rank=line.rank, step=int(evaluated.group("s")), end_ns=line.ts_ns,
                      loss=float(evaluated.group("l")))
        elif "aluating at " in line.text and (announced := _EVALUATING_AT.search(line.text)) is not None:
            rows.step(line=line.number, rank=line.rank, step=int(announced.group("s")), end_ns=line.ts_ns)
            done = next((later for later in islice(lines, i + 1, i + 1 + ANNOUNCED_EVAL_LINES) if later.ts_ns is not None), None)
            if (line.ts_ns is not None and done is not None and done.ts_ns is not None and done.ts_ns > line.ts_ns
                    and _EVALUATING_AT.search(done.text) is None):
                rows.event(LogEventKind.EVAL_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           detail="the evaluation a step's line announces")
                rows.event(LogEventKind.EVAL_END, line=done.number, rank=line.rank, ts_ns=done.ts_ns,
                           detail="the evaluation a step's line announces")


def _reached_past_the_last_step(rows: LogRows, reached: list[tuple[Line, int, dict[str, Any]]]) -> None:
    """Lines that name the step a run reached past the rank's last step line, as steps dated by their lines, with no
    figure: AlgoPerf's runner's evaluation records (`Time since start: 9239.17s, Step: 39376, {...}`: the final
    evaluation's, at the step the run reached; its steps are logged every few hundred: an evaluation's losses are no
    training's); Ray Train's end, `Training completed after 10 iterations at 2024-11-21 19:19:47.`, where the
    iterations' own reports after the last one shown were cut or deduplicated (each with what its row also holds)."""
    before: dict[int | None, list[tuple[int, int]]] = {}  # rank -> (line, step) of its rows, in line order
    for row in sorted(rows.steps, key=lambda row: row["line"]):
        before.setdefault(row["rank"], []).append((row["line"], row["step"]))
    for line, step, values in reached:
        seen = before.get(line.rank, [])
        at = bisect_left(seen, (line.number, -1))
        # (past the step of the rank's row before it, and its run's last: no row after it goes on past it, a later
        # run's count starting again may)
        if line.ts_ns is not None and at and step > seen[at - 1][1] and (at == len(seen) or seen[at][1] < step):
            rows.step(line=line.number, rank=line.rank, step=step, end_ns=line.ts_ns, **values)
            seen.insert(at, (line.number, step))


def _timed_across_evaluations(lines: Sequence[Line], rows: LogRows) -> None:
    """nanoGPT's (and its copies') evaluation at a step, `step 100: train loss 3.4633, val loss 3.4987`, runs before
    that step's training, and its `iter 100: loss 3.4880, time 10538.35ms` times the whole iteration since the one
    before: the evaluation and the checkpoint saved after it with the step (10.5 s against 1.43 s an iteration). That
    step's time is not the step's alone: none (undated lines: nothing says how it divides). One pass over the lines,
    one over the rows."""
    if not any(row.get("end_ns") is None and row.get("step_time_s") is not None for row in rows.steps):
        return  # (no undated row with a time of its own: nothing to take back; the lines are not looked at)
    evaluated: dict[tuple[int | None, int], int] = {}  # (rank, step) -> the evaluation's line
    for line in lines:
        if line.text[:5] == "step " and (found := _EVAL_STEP.match(line.text)) is not None:
            evaluated[line.rank, int(found.group("s"))] = line.number
    if not evaluated:
        return
    before: dict[int | None, int] = {}  # rank -> the line of its step row before
    for row in sorted(rows.steps, key=lambda row: row["line"]):
        at = evaluated.get((row["rank"], row["step"]))
        if (at is not None and before.get(row["rank"], 0) < at < row["line"] and row.get("end_ns") is None
                and row.get("step_time_s") is not None):
            row["step_time_s"] = None
        before[row["rank"]] = row["line"]


def _result_blocks(lines: Sequence[Line], rows: LogRows) -> None:
    """Ray Tune's printed results (RLlib's `pretty_print(result)`): each block's
    `training_iteration` is a step, ended at its `timestamp` (the result's Unix time, in whole
    seconds: time_source `record`), its `time_this_iter_s` the step's time, its first nested
    `total_loss` (the learner's) its loss. A block is the lines since the previous
    `training_iteration`."""
    block: dict[str, float] = {}
    for line in lines:
        text = line.text
        if (field := _RESULT_FIELD.match(text)) is not None:
            key, value = field.group("key"), float(field.group("value"))
            if key != "training_iteration":
                block.setdefault(key, value)
                continue
            if not value.is_integer():
                block = {}
                continue
            values: dict[str, Any] = {}
            if (spent := block.get("time_this_iter_s")) is not None and spent >= 0:
                values["step_time_s"] = spent
            if "loss" in block:
                values["loss"] = block["loss"]
            stamp = block.get("timestamp")
            end = int(stamp) * 1_000_000_000 if stamp is not None and stamp.is_integer() and 0 < stamp < 2**33 else None
            before = len(rows.steps)
            rows.step(line=line.number, rank=line.rank, step=int(value), end_ns=end,
                      **({"time_source": "record"} if end is not None else {}), **values)
            if len(rows.steps) > before:
                rows.steps[-1]["framework"] = "ray_tune"
            block = {}
        elif "total_loss" in text and "loss" not in block and (loss := _RESULT_LOSS.match(text)) is not None:
            block["loss"] = float(loss.group("value"))


# open_clip's training line: `Train Epoch: 0 [  32768/3200000 (1%)] Data (t): 0.029 Batch (t):
# 6.655, 2461.78/s, 76.9308/s/gpu LR: ... Loss: 9.7031 (9.7031)`: the epoch, the samples done of
# its samples, the step's data and whole time, the samples a second (NegCLIP's fork puts its `Loss:
# 1.0672 (1.067) ` before `Data`)
_SAMPLES_STEP = re.compile(
    r"\bTrain Epoch: (?P<e>\d{1,9}) \[\s{0,16}(?P<s>\d{1,15})/(?P<n>\d{1,15}) \(\s{0,3}\d{1,3}%\)\] "
    rf"(?:Loss: {_FIGURE} \({_FIGURE}\) )?"
    r"Data \(t\): (?P<d>\d{1,9}(?:\.\d{1,20})?) Batch \(t\): (?P<b>\d{1,9}(?:\.\d{1,20})?), "
    r"(?P<r>\d{1,12}(?:\.\d{1,20})?)/s\b")
_SAMPLES_LOSS = re.compile(rf"\bLoss: (?P<v>{_FIGURE}) \(")


def _sample_steps(rows: LogRows, lines: list[tuple[Line, re.Match[str]]]) -> None:
    """open_clip's lines (`_SAMPLES_STEP`) count samples: a step is a global batch, which is the
    samples a second x the step's time (the line with the longest step time gives it most
    precisely), made exact by the fewest samples a line shows (a whole number of batches: an
    epoch's first line, one batch). Step = epoch x ceil(epoch's samples / batch) + samples /
    batch; the step's time and data time as printed, its loss the first `Loss:`."""
    longest = max(lines, key=lambda item: float(item[1].group("b")))[1]
    estimate = float(longest.group("r")) * float(longest.group("b"))
    fewest = min(int(m.group("s")) for _, m in lines)
    if estimate <= 0 or fewest <= 0 or round(fewest / estimate) < 1:
        return
    batch = fewest / round(fewest / estimate)
    if abs(batch - estimate) > 0.01 * estimate:
        return  # the rate and the time do not say the same batch
    for line, m in lines:
        per_epoch = -(-int(m.group("n")) // round(batch))
        values: dict[str, float] = {"step_time_s": float(m.group("b")), "data_time_s": float(m.group("d"))}
        if (loss := _SAMPLES_LOSS.search(line.text, m.end())) is not None:
            values["loss"] = float(loss.group("v"))
        before = len(rows.steps)
        rows.step(line=line.number, rank=line.rank, step=int(m.group("e")) * per_epoch + round(int(m.group("s")) / batch),
                  end_ns=line.ts_ns, **values)
        if len(rows.steps) > before:
            rows.steps[-1]["framework"] = "open_clip"


# PyTorch's MNIST example and the many scripts built on it (Kubeflow's, SageMaker's, Azure's, Ray's
# examples): `Train Epoch: 1 [640/60000 (1%)]\tLoss: 2.213500` (`loss=2.2135` in Kubeflow's), every
# `log_interval` batches: the samples done within the epoch (batch index x batch size) of its
# samples (a float where the script divides the dataset among its ranks: Habana's `[640/7500.0 (9%)]`);
# the batch size is printed nowhere
_SAMPLES_DONE = re.compile(r"\bTrain Epoch: (?P<e>\d{1,9}) \[\s{0,16}(?P<s>\d{1,15})/(?P<n>\d{1,15})(?:\.0)? "
                           r"\(\s{0,3}\d{1,3}(?:\.\d{1,4})?%\)\]")
# PyTorch's Quickstart tutorial and the scripts built on it (DirectML's samples among them): under its epoch's head
# (`Epoch 1`, then a rule of dashes), every 100 batches the batch's loss and the samples done of the dataset's, `loss:
# 2.303494  [   64/60000]` (`(batch + 1) * len(X)`; older versions `batch * len(X)`: `[    0/50000]`)
_QUICKSTART_LOSS = re.compile(r"loss: (?P<l>[-+]?\d{1,12}(?:\.\d{1,12})?(?:[eE][-+]?\d{1,3})?|nan|inf)\s{1,4}"
                              r"\[\s{0,16}(?P<s>\d{1,15})/\s{0,16}(?P<n>\d{1,15})\]\s*")


def _record_steps(rows: LogRows, lines: list[tuple[Line, int, int, int, float | None]]) -> str | None:
    """Lines of samples done within an epoch (`_SAMPLES_DONE`, `_QUICKSTART_LOSS`: each its line, epoch, count, the
    epoch's samples and loss) as steps. Where a rank's first line counts less than the count between two lines, one
    batch's samples (the Quickstart's `(batch + 1) * len(X)`: `[   64/60000]`, then `[ 6464/60000]`), that is its batch:
    step = epoch x batches an epoch (its samples over the batch, rounded up) + the batch the line ends (done over the
    batch, less one), the epochs from 1 where no line of the rank numbers an epoch 0. Else (the MNIST example's `[640/60000
    (1%)]`, its batch printed nowhere) steps counted in the log's own records: a record is the count
    between two lines (`log_interval` batches' samples: the most frequent count between two lines
    of a rank's epoch, else the fewest past 0 a line of the rank shows),
    step = epoch x records an epoch (the most an epoch of the rank shows) + done over a record's,
    the epochs from 1 as above; a line whose count is no whole number of records (a last, smaller batch) is no step.
    Its loss the line's. Returns the note that says what a step is where it counts records, or None where no line past
    an epoch's first says how many a record holds."""
    record: dict[int | None, int] = {}
    gaps: dict[int | None, Counter[int]] = {}  # rank -> how often each count between its lines of one epoch comes
    previous: dict[int | None, tuple[int, int]] = {}  # rank -> (epoch, done) of its line before
    first: dict[int | None, int] = {}  # rank -> the count its first line shows
    first_epoch: dict[int | None, int] = {}
    for line, epoch, done, _, _ in lines:
        first.setdefault(line.rank, done)
        first_epoch[line.rank] = min(first_epoch.get(line.rank, epoch), epoch)
        if done > 0:
            record[line.rank] = min(record.get(line.rank, done), done)
        before = previous.get(line.rank)
        if before is not None and before[0] == epoch and done > before[1]:
            gaps.setdefault(line.rank, Counter())[done - before[1]] += 1
        previous[line.rank] = (epoch, done)
    for rank, seen in gaps.items():
        # the count between two lines, where the lines show it (an excerpt's first line may be
        # any record's: `[1920/60000 (3%)]`, then `[2560/60000 ...]`): the most frequent
        record[rank] = max(seen.items(), key=lambda item: (item[1], -item[0]))[0]
    if not record:
        return None
    batch = {rank: count for rank, count in first.items() if 0 < count < record.get(rank, 0)}
    # records an epoch: the most a rank's epoch shows (a rank of a distributed run does its share of
    # the samples its lines count to)
    per_epoch: dict[int | None, int] = {}
    for line, _, done, _, _ in lines:
        if line.rank not in batch and (size := record.get(line.rank)) is not None and not done % size:
            per_epoch[line.rank] = max(per_epoch.get(line.rank, 0), done // size + 1)
    counted = False
    for line, epoch, done, total, loss in lines:
        base = 1 if first_epoch[line.rank] >= 1 else 0
        if (one := batch.get(line.rank)) is not None:
            if done % one:
                continue
            step = (epoch - base) * -(-total // one) + done // one - 1
        else:
            size = record.get(line.rank)
            if size is None or done % size:
                continue
            step, counted = (epoch - base) * per_epoch[line.rank] + done // size, True
        rows.step(line=line.number, rank=line.rank, step=step, end_ns=line.ts_ns, **({"loss": loss} if loss is not None else {}))
    if not counted:
        return None
    sizes = sorted({size for rank, size in record.items() if rank not in batch})
    return (f"steps count the log's records, not batches: a record is {', '.join(map(str, sizes))} of its lines' "
            "`[done/total]` count (the most frequent count between two lines of an epoch, else the fewest past 0 "
            "a line shows), its epochs the records its lines show")


def _running_tokens(rows: LogRows) -> None:
    """Each row's tokens from the running count its line gives (`_TOKENS_SEEN`): the count less that
    of its rank's row before, where the count grew. None for a run's first row (a count may start
    past 0: a resumed run's; a run's: after a process's start, or where the step went back) and one
    whose count went back."""
    counted = sorted((row for row in rows.steps if "_tokens_seen" in row), key=lambda row: (row["rank"] is None,
                                                                                       row["rank"] or 0, row["line"]))
    if not counted:
        return
    starts = sorted(e["line"] for e in rows.events if e["kind"] == LogEventKind.ATTEMPT_START.value)
    before: dict[int | None, dict[str, Any]] = {}
    for row in counted:
        last = before.get(row["rank"])
        before[row["rank"]] = row
        if (last is not None and row["step"] > last["step"] and row["_tokens_seen"] > last["_tokens_seen"]
                and row.get("tokens") is None
                and bisect_right(starts, row["line"]) == bisect_right(starts, last["line"])):
            row["tokens"] = row["_tokens_seen"] - last["_tokens_seen"]
    for row in counted:
        del row["_tokens_seen"]


def _optimizer_steps(rows: LogRows, micro: dict[int | None, list[tuple[Line, int, int, dict[str, float]]]]) -> None:
    """Optimizer steps from micro-batch lines that print the step count (`_ITER_STEP`): the count
    goes up at the line of the iteration that stepped the optimizer, so step N is a row at the
    first line that prints N, with that line's metrics. Its time is the sum of the times of its
    iterations, those after the previous step's up to its own, where the log prints every one of
    them (not where lines were printed every few iterations, nor an excerpt's first step, whose
    earlier iterations are cut off; a run's first step's iterations start at 0 or 1). Where
    every line's step is its iteration plus the same offset (an optimizer step an iteration:
    LitGPT's pretraining, `iter 10 step 11: ... iter time: 2432.98ms`), each line's time is its
    step's. A count that goes back is a new run."""
    for rank, seen in micro.items():
        # an iteration a step: two lines or more, their steps and iterations apart by the same
        single = len(seen) >= 2 and len({step - iteration for _, iteration, step, _ in seen}) == 1
        previous: int | None = None  # the step the last line printed
        stepped: int | None = None  # the iteration of the last step's line
        pending: list[tuple[int, float | None]] = []  # (iteration, time) since then
        for line, iteration, step, values in seen:
            if previous is None or step < previous:
                stepped, pending = None, []
            pending.append((iteration, values.get("step_time_s")))
            if (previous is None or step != previous) and step > 0:
                first = pending[0][0] if stepped is None else stepped + 1
                whole = (stepped is not None or first <= 1) and [i for i, _ in pending] == list(range(first, iteration + 1))
                metrics = {key: value for key, value in values.items() if key != "step_time_s"}
                if whole and all(t is not None for _, t in pending):
                    metrics["step_time_s"] = sum(t for _, t in pending if t is not None)
                elif single and values.get("step_time_s") is not None:
                    metrics["step_time_s"] = values["step_time_s"]
                rows.step(line=line.number, rank=rank, step=step, end_ns=line.ts_ns, **metrics)
                stepped, pending = iteration, []
            previous = step


def _epoch_length(totals: dict[tuple[int | None, int], int], rank: int | None, epoch: int) -> int | None:
    """An epoch's batches from the running totals its summaries print (ESPnet's `total_count` counts
    the iterations of every epoch so far): its own less the epoch before's, the first epoch's
    (epoch 1) its own; None where a total is missing."""
    total = totals.get((rank, epoch))
    before = 0 if epoch == 1 else totals.get((rank, epoch - 1))
    return total - before if total is not None and before is not None and total > before else None


def _table_fills_gaps(lines: Sequence[Line], rows: LogRows) -> None:
    """A bordered table of one row every few steps among the step lines of the others (MixGCF's
    and KGIN's prettytable of an evaluated epoch every 5 epochs, `using time 191.1174s, training
    loss at epoch 1: 413.5824` for the epochs between): its rows are the steps the lines skip,
    where the two together count each step from the first to the last once, and no rank names
    itself (one process's printers)."""
    table = LogRows(rows.framework)
    if not table_steps(lines, table) or any(row["rank"] is not None for row in rows.steps + table.steps):
        return
    union = sorted([row["step"] for row in rows.steps] + [row["step"] for row in table.steps])
    if union != list(range(union[0], union[0] + len(union))):
        return
    rows.steps.extend(table.steps)
    rows.steps.sort(key=lambda row: row["line"])


def _chainer_steps(lines: Sequence[Line], rows: LogRows, bar: list[dict[str, Any]]) -> None:
    """Chainer's ProgressBar's iterations (`_CHAINER_ITER`, each timed by the rate under it) as the
    steps, unless its PrintReport table counts the iterations as far (an `iteration` column: its
    rows carry the loss and the elapsed time); a table of epochs alone is coarser than the bar."""
    table = LogRows(rows.framework)
    if (SHARED_LINES.get() and table_steps(lines, table)
            and max(row["step"] for row in table.steps) >= max(row["step"] for row in bar)):
        return  # (read by `table_steps` next)
    for row in bar:
        rows.step(**row)
        if len(rows.steps) and rows.steps[-1]["line"] == row["line"]:
            rows.steps[-1]["framework"] = "chainer"


def _steps_across_epochs(rows: LogRows, within: list[tuple[int, int]], lengths: dict[tuple[int | None, int], int],
                         sizes: dict[tuple[int | None, int], int], first_epoch: int | None = None,
                         stated: dict[int | None, int] | None = None) -> str | None:
    """Steps counted within their epoch (`_EPOCH_COUNT`, `_ESPNET`: the rows `within` gives with their
    epoch): where a rank's count starts over as its epoch goes up, the next epoch's steps go on
    from the epoch before's length where the log prints it (`sizes`: (rank, epoch) -> the total
    its step lines count to, or `lengths`: the running total of batches ESPnet's epoch summary
    prints, `_epoch_length`; or `stated`: rank (or None) -> the steps of every epoch the log's header
    states, no fewer than the epoch's last printed step and no more than one log interval past it), else its first
    step line is put one log interval (the median step between two lines of an epoch) after the
    epoch before's last, so that the steps go on across epochs instead of reading as a restart;
    an epoch seen again (a restart into it) keeps its place. Where the first epoch the log shows prints
    its length and the log says which number its epochs start from (`first_epoch`), the epochs before it
    (a resumed run's, a log's tail) are counted in at that length. The note says the step numbers
    placed so are estimates; None where none was."""
    by_rank: dict[int | None, list[tuple[int, int]]] = {}
    for index, epoch in within:
        by_rank.setdefault(rows.steps[index]["rank"], []).append((index, epoch))
    moved = None
    for rank, seq in by_rank.items():
        steps = [rows.steps[index]["step"] for index, _ in seq]
        pairs = list(zip(seq, steps, strict=True))
        if not any(e2 > e1 and s2 <= s1 for ((_, e1), s1), ((_, e2), s2) in pairwise(pairs)):
            continue  # the count goes on across epochs (or the log shows one epoch): as printed
        gaps = sorted(s2 - s1 for ((_, e1), s1), ((_, e2), s2) in pairwise(pairs) if e1 == e2 and s2 > s1)
        # one line an epoch (no gap within one): its count is about the epoch's length
        interval = gaps[len(gaps) // 2] if gaps else max(sorted(steps)[len(steps) // 2], 1)
        first_size = sizes.get((rank, seq[0][1]))
        offsets = {seq[0][1]: (seq[0][1] - first_epoch) * first_size
                   if first_size and first_epoch is not None and seq[0][1] > first_epoch else 0}
        first_step = {seq[0][1]: steps[0]}  # each epoch's first printed count
        previous_epoch, previous_step = seq[0][1], steps[0]
        for (index, epoch), step in pairs:
            if epoch not in offsets:
                first_step[epoch] = step
                said = (stated or {}).get(rank, (stated or {}).get(None))
                if said is not None and not 0 <= said - (previous_step - offsets[previous_epoch]) <= interval:
                    # (fewer than the epoch's steps printed, or more than an interval past its last printed step: a
                    # count of something else, the run's iterations)
                    said = None
                if epoch == previous_epoch + 1 and (length := sizes.get((rank, previous_epoch))
                                                    or _epoch_length(lengths, rank, previous_epoch) or said) is not None:
                    offsets[epoch] = offsets[previous_epoch] + length  # as printed
                elif (epoch > previous_epoch and (length := sizes.get((rank, previous_epoch))) is not None
                      and sizes.get((rank, epoch)) == length):
                    # epochs the log skips (an excerpt's) as long as the two around them print theirs: `Ep 2/50 | Batch
                    # 100/159`, then `Ep 49/50 | Batch 50/159`
                    offsets[epoch] = offsets[previous_epoch] + (epoch - previous_epoch) * length
                elif epoch > previous_epoch:
                    # epochs the log skips took as long as the one before (its printed span and an interval)
                    length = previous_step - offsets[previous_epoch] - first_step[previous_epoch] + interval
                    offsets[epoch] = previous_step + interval - step + (epoch - previous_epoch - 1) * length
                    moved = interval
                else:
                    offsets[epoch] = 0
            rows.steps[index]["step"] = previous_step = offsets[epoch] + step
            previous_epoch = epoch
    if moved is None:
        return None
    return (f"steps are counted within each epoch and no epoch's length is printed: each epoch's first step "
            f"line is put one log interval ({moved} steps) after the last of the epoch before, so step numbers "
            "past the first epoch are estimates (off by up to about an interval for each epoch before)")


def _monai_steps(rows: LogRows, monai: list[tuple[int, _Counter]]) -> None:
    """MONAI's batch lines numbered across epochs with the epoch's length its lines show: the
    printed count (rounded down by most tutorials) or, past it, the largest batch number printed."""
    length: dict[int | None, int] = {}
    for index, counter in monai:
        rank = rows.steps[index]["rank"]
        length[rank] = max(length.get(rank, 0), counter.batches, int(counter.match.group("i")))
    for index, counter in monai:
        assert counter.epoch is not None
        rows.steps[index]["step"] = (counter.epoch - 1) * length[rows.steps[index]["rank"]] + int(counter.match.group("i"))


def _printed_count(counter: _Counter) -> int | None:
    """The batch count a counter read within its epoch as printed: its `i` group's, or an epoch's
    bar's count (`_BAR_EPOCH`: its step is epoch x the bar's total + its count)."""
    if "i" in counter.match.re.groupindex and counter.match.group("i") is not None:
        return int(counter.match.group("i"))
    if counter.match.re is _BAR_EPOCH and counter.epoch is not None:
        return counter.step - counter.epoch * counter.batches
    return None


def _evaluation_loops(rows: LogRows, counted: list[tuple[int, _Counter]]) -> set[int]:
    """Rows (their indices) of a loop that runs inside an epoch after its training's batches: a rank's count
    within an epoch that falls back while the epoch stays, out of another total of batches, no launch,
    restart or failure between (an evaluation printed with the training's prefix: Distiller's `--- validate
    (epoch=49)---`, then `Epoch: [49][   10/   38]` after the training's `[49][   75/   75]`), and the rest
    of that epoch's rows of that total: no training steps (they read as a restart into the epoch). A count
    that falls back out of the same total is the training's again (a run resumed into its epoch, two ranks'
    buffered lines in one file)."""
    boundaries = sorted(e["line"] for e in rows.events if e["kind"] in _ATTEMPT_BOUNDARIES)
    by_rank: dict[int | None, list[tuple[int, int, int]]] = {}  # rank -> (line, row, count) in line order
    epochs: dict[int, tuple[int, int]] = {}  # row -> (epoch, its total of batches)
    for index, counter in counted:
        if counter.epoch is not None and counter.batches and (count := _printed_count(counter)) is not None:
            by_rank.setdefault(rows.steps[index]["rank"], []).append((rows.steps[index]["line"], index, count))
            epochs[index] = (counter.epoch, counter.batches)
    dropped: set[int] = set()
    for seq in by_rank.values():
        seq.sort()
        evaluating: tuple[int, int] | None = None  # the epoch and total of the evaluation loop running
        previous: tuple[int, int, int] | None = None
        for line, index, count in seq:
            epoch, total = epochs[index]
            if evaluating == (epoch, total):
                dropped.add(index)
                continue
            evaluating = None
            if (previous is not None and epochs[previous[1]][0] == epoch and epochs[previous[1]][1] != total
                    and count < previous[2] and bisect_right(boundaries, previous[0]) == bisect_right(boundaries, line)):
                evaluating = (epoch, total)
                dropped.add(index)
                continue
            previous = (line, index, count)
    return dropped


def _run_counts(rows: LogRows, counted: list[tuple[int, _Counter]]) -> list[tuple[int, _Counter]]:
    """A batch count printed beside its epoch that goes on when the epoch goes up, never starting
    over (PaddleSeg's `[TRAIN] epoch: 1, iter: 80/2000, ...` then `epoch: 2, iter: 100/2000`; a bar of
    the whole run with each epoch's print glued into its drawing, `>>> Epoch 2: ... | 9885/26360`) at
    every turn of a rank's epochs (each to the next), counts the run's iterations: each such
    row's step is its count as printed. Turns across a launch, restart or failure are not looked at
    (a relaunch resumed from a checkpoint this log did not write: PaddleSeg's `epoch: 70, iter:
    34370/120000`, SIGTERM, then `epoch: 73, iter: 36010/120000`). Returns the rows left counted
    within their epochs."""
    boundaries = sorted(e["line"] for e in rows.events if e["kind"] in _ATTEMPT_BOUNDARIES)
    by_rank: dict[int | None, list[tuple[int, _Counter]]] = {}
    for index, counter in counted:
        if counter.batches and _printed_count(counter) is not None:
            by_rank.setdefault(rows.steps[index]["rank"], []).append((index, counter))
    run: set[int] = set()
    for seq in by_rank.values():
        seq.sort(key=lambda item: rows.steps[item[0]]["line"])
        turns = [(a.epoch, b.epoch, _printed_count(a), _printed_count(b)) for (i, a), (j, b) in pairwise(seq)
                 if a.epoch is not None and b.epoch is not None and b.epoch > a.epoch
                 and bisect_right(boundaries, rows.steps[i]["line"]) == bisect_right(boundaries, rows.steps[j]["line"])]
        # (each turn to the next epoch, none skipped: a log with lines left out may show any counts)
        if turns and all(after_e == before_e + 1 and (after or 0) > (before or 0) for before_e, after_e, before, after in turns):
            for index, counter in seq:
                rows.steps[index]["step"] = _printed_count(counter)
                run.add(index)
    if not run:
        return counted
    for index in run:  # (a count of the run's ends no epoch, nor is read within one)
        rows.epoch_ends.pop(id(rows.steps[index]), None)
        rows.epoch_readings.pop(id(rows.steps[index]), None)
    return [(index, counter) for index, counter in counted if index not in run]


def _from_epoch_one(rows: LogRows, counted: list[tuple[int, _Counter]]) -> None:
    """Where a log's epochs count from 1, its steps counted within epochs start an epoch
    earlier: epoch 1's batches are the first steps. They count from 1 where no line numbers an
    epoch 0 and one numbers an epoch as the total (`Epoch [5/5]`) or the first epoch is 1 (a
    log from its run's start: a count from 0 would have shown epoch 0 first), unless the lines
    are of a shape whose printers count from 0 (`_FROM_ZERO`: there a first epoch 1 is a
    resumed run's). A tail that starts past epoch 1 and never reaches the last is taken as
    printed, but where its printers count from 1 (`_Counter.from_one`). Counters whose framework says how it
    counts (`_Counter.base`) are counted so already."""
    guessed = [(index, c) for index, c in counted if c.base is None]
    if not guessed or any(c.epoch == 0 for _, c in guessed):
        return
    starts_at_one = min(c.epoch or 0 for _, c in guessed) == 1 and not any(c.from_zero for _, c in guessed)
    if any(c.epochs is not None and c.epoch == c.epochs for _, c in guessed) or starts_at_one or all(
            c.from_one for _, c in guessed):
        for index, c in guessed:
            rows.steps[index]["step"] -= c.batches


# What may follow the counter of a step record's first line, its metrics on lines of their own
# below: OLMo's `[step=996/15000,epoch=0]`, then `    train/CrossEntropyLoss=2.962`, ...
_RECORD_HEAD = re.compile(r"(?:/\d{1,15})?(?:[,;\s]{1,4}epoch\s{0,4}[=:]\s{0,4}\d{1,9})?\]\s{0,8}", re.I)


def _record_head(text: str, counter: _Counter) -> bool:
    """The line is a step record's first line: its counter in brackets ending the line
    (`[step=996/15000,epoch=0]`), nothing after it."""
    start = counter.match.start()
    return start > 0 and text[start - 1] == "[" and _RECORD_HEAD.fullmatch(text, counter.match.end()) is not None
# a record's metric line: `name=value`, indented (the name a path: its last part is the metric's)
_RECORD_METRIC = re.compile(r"^(?P<key>[A-Za-z_][\w/.%() -]{0,120}+)(?<! )\s{0,4}[=:]\s{0,4}"
                            r"(?P<value>[-+]?(?:(?:\d{1,3}(?:,\d{3})+|\d{1,30})(?:\.\d{1,20})?(?:[eE][-+]?\d{1,4})?|nan|inf))",
                            re.I)
# record metric names (the last part of the path) -> log_steps column, beyond METRIC_KEYS
# (OLMo-core's names have spaces and a unit: `optim/total grad norm=14.34`, `train/CE loss=11.03`,
# `throughput/device/data loading (s)=2.108`, `optim/LR (group 0)=1.00E-05`)
_RECORD_KEYS = {**_KEYS, "crossentropyloss": "loss", "total_grad_norm": "grad_norm", "ce_loss": "loss",
                "data_loading": "data_time_s"}
_RECORD_UNIT = re.compile(r"\s{0,4}\([^()]{0,40}\)$")  # a name's unit or group in brackets, at its end
RECORD_LINES_MAX = 256  # metric lines of one record at most


class _Record:
    """A step whose metrics a dated first line announces and indented lines below give, one
    each (OLMo's trainer): a row once two metric lines follow it."""

    __slots__ = ("line", "step", "values", "metrics")

    def __init__(self, line: Line, step: int) -> None:
        self.line, self.step = line, step
        self.values: dict[str, float] = {}
        self.metrics = 0

    def add(self, text: str) -> bool:
        """Read one of the record's lines; False where it is none (the record ended before it)."""
        read = self.metric(text) if self.metrics < RECORD_LINES_MAX else None
        if read is None:
            return False
        self.metrics += 1
        column, value = read
        if column is not None and column not in self.values:
            self.values[column] = float(value)
        return True

    def metric(self, text: str) -> tuple[str | None, str] | None:
        """A metric line's log_steps column (None: a metric no column holds) and value."""
        match = _RECORD_METRIC.fullmatch(text.strip())
        if match is None:
            return None
        name = _RECORD_UNIT.sub("", match.group("key").rsplit("/", 1)[-1]).strip().lower().replace(" ", "_")
        return _RECORD_KEYS.get(name), match.group("value").replace(",", "")

    def emit(self, rows: LogRows) -> None:
        if self.metrics >= 2:
            rank = self.line.rank if self.line.rank is not None else _field_rank(self.line.text)
            before = len(rows.steps)
            rows.step(line=self.line.number, rank=rank, step=self.step, end_ns=self.line.ts_ns, **self.values)
            if len(rows.steps) > before and (framework := _text_framework(self.line.text)) is not None:
                rows.steps[-1]["framework"] = framework


# a metric line under a step's head alone: `Train Loss: 42.37`, `Accuracy: 6.25%` (a percentage)
_HEAD_METRIC = re.compile(rf"^(?P<key>[A-Za-z][\w .()-]{{0,80}}?)\s{{0,4}}[:=]\s{{0,4}}(?P<value>{_FIGURE})%?", re.I)
# the step's training loss by its name (PointNet's mean over its log interval, `mean loss`)
_HEAD_LOSS = re.compile(r"(?:train(?:ing)?(?: set)?[ _]|mean )?loss", re.I)
_HEAD_METRIC_LINES = 8  # metric lines under a head alone at most


class _HeadRecord(_Record):
    """A step whose undated head is its counter alone (`Epoch 0, Iteration 4`), its metrics one a
    line right below it, no deeper (snnTorch's tutorials: `Train Loss: 42.37`, `Accuracy: 6.25%`, a
    blank line, then their test set's line): a row once its training loss came."""

    __slots__ = ("counter",)

    def __init__(self, line: Line, counter: _Counter) -> None:
        super().__init__(line, counter.step)
        self.counter = counter

    def add(self, text: str) -> bool:
        return self.metrics < _HEAD_METRIC_LINES and super().add(text)

    def metric(self, text: str) -> tuple[str | None, str] | None:
        match = _HEAD_METRIC.fullmatch(text.strip())
        if match is None:
            return None
        return ("loss" if _HEAD_LOSS.fullmatch(match.group("key")) is not None else None), match.group("value")

    def emit(self, rows: LogRows) -> None:
        if "loss" in self.values:
            rows.step(line=self.line.number, rank=self.line.rank, step=self.step, end_ns=None, **self.values)


def _head_alone(text: str, counter: _Counter) -> bool:
    """The line is nothing but a batch of an epoch counted (`Epoch 0, Iteration 4 `)."""
    return counter.epoch is not None and not text[:counter.match.start()].strip() and not text[counter.match.end():].strip()


# Coqui TTS's (Mozilla TTS's) trainer: a step's head, then its metrics one a line, each with its
# running mean after it ("   --> STEP: 309/390 -- GLOBAL_STEP: 91150", "     | > loss: 0.38516",
# "     | > step_time: 3.02", "     | > loader_time: 0.01"; its later trainer dates the head:
# "   --> TIME: 2023-06-20 11:28:35 -- STEP: 24/406 -- GLOBAL_STEP: 25")
# (printed bold: "\x1b[1m   --> STEP: ...\x1b[0m", its colour codes still on the lines a file's detection reads)
_COQUI_STEP = re.compile(r"(?:^|\s)--> (?:TIME: [\d\-: ]{8,30}-- )?STEP: \d{1,12}/\d{1,12} -- GLOBAL_STEP: (?P<s>\d{1,15})(?!\d)")
_COQUI_EPOCH = re.compile(r"\s?> EPOCH: \d{1,9}/\d{1,9}\s*$")
_COQUI_TRAINING = re.compile(r"\s?> TRAINING \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)\s*$")
# (a running mean that a NaN reached reads `(nan)` from then on: `| > loss: 0.1042715534567833  (nan)`)
_COQUI_METRIC = re.compile(rf"^\s{{0,12}}\| > (?P<key>[\w/.]{{1,120}}): (?P<value>{_FIGURE})"
                           rf"(?:\s{{1,8}}\((?:{_FIGURE}|nan|-?inf)\))?\s*$")
_COQUI_KEYS = {"loss": "loss", "step_time": "step_time_s", "loader_time": "data_time_s", "current_lr": "lr", "lr": "lr",
               "grad_norm": "grad_norm"}


class _CoquiRecord(_Record):
    """A Coqui TTS step: its head's global step (a step, whatever follows it), its `| > key:
    value` lines below."""

    __slots__ = ()

    def emit(self, rows: LogRows) -> None:
        rows.step(line=self.line.number, rank=self.line.rank, step=self.step, end_ns=self.line.ts_ns, **self.values)

    def metric(self, text: str) -> tuple[str | None, str] | None:
        match = _COQUI_METRIC.match(text)
        return (_COQUI_KEYS.get(match.group("key")), match.group("value")) if match is not None else None


# TensorFlow Model Garden's Orbit controller: "train | step:    160 | steps/sec:    0.1 | output:", then the
# outputs' dict over the lines below ("    {'learning_rate': 0.00016840002,", "     'training_loss': 0.46952447}");
# printed bare and through absl's logger ("I0912 22:45:08.585236 140146006726464 controller.py:466] train | ...")
_ORBIT_STEP = re.compile(r"(?:^|(?<=\] ))train \| step:\s{0,12}(?P<s>\d{1,15}) \| steps/sec:\s{0,12}"
                         r"(?:(?P<r>\d{1,9}(?:\.(?P<frac>\d{1,9}))?)|\S{1,20}) \| output:")
_DICT_PAIR = rf"'(?P<key>[\w/.\-]{{1,120}})': (?P<value>{_FIGURE})[,}}]"
_DICT_METRIC = re.compile(rf"^\s{{0,12}}\{{?{_DICT_PAIR}")  # a dict's line: its first pair or the next
_DICT_METRIC_INLINE = re.compile(_DICT_PAIR)  # its pairs on the step's own line
_ORBIT_KEYS = {"training_loss": "loss", "train_loss": "loss", "total_loss": "loss", "loss": "loss", "learning_rate": "lr"}


def _orbit_step_time(match: re.Match[str]) -> float | None:
    """The interval's mean step time from Orbit's rate, where the rate as printed (to one
    decimal) is within 5 % of the rate measured: `0.1` steps/s is anything from 0.05 to 0.15."""
    if match.group("r") is None:
        return None  # (a rate masked in a copy: `steps/sec:    xxxxx`)
    rate = float(match.group("r"))
    half_unit = 0.5 * 10 ** -len(match.group("frac") or "")
    return 1 / rate if rate > 0 and half_unit / rate <= 0.05 else None


class _OrbitRecord(_Record):
    """An Orbit step: its line's step (and rate), the outputs' dict on it (where it fits on
    one line) or below it; printed twice (bare and through absl), its first print's row dated
    by the second where only that one is dated."""

    __slots__ = ("row", "copies")

    def __init__(self, line: Line, step: int) -> None:
        super().__init__(line, step)
        self.row: int | None = None  # its row, once emitted
        self.copies = 0  # its other prints seen

    def copy_of(self, line: Line, last: bool) -> bool:
        """Whether `line`, a print of this record's step, is its other print (bare and through
        absl: one dated, one not, in either order, stdout's buffer may hold the bare ones back),
        not the step run again after a restart (printed both ways again)."""
        if self.copies:
            return False
        dated = (self.line.ts_ns is not None, line.ts_ns is not None)
        return dated[0] != dated[1] or (last and not any(dated))

    def add_inline(self, text: str) -> None:
        for match in _DICT_METRIC_INLINE.finditer(text):
            column = _ORBIT_KEYS.get(match.group("key"))
            if column is not None and column not in self.values:
                self.values[column] = float(match.group("value"))

    def dated_by(self, line: Line, rows: LogRows) -> None:
        if self.row is None:
            self.line = line
        else:
            source = "log_line_mtime" if line.number in rows.mtime_year_lines else "log_line"
            rows.steps[self.row].update(end_ns=line.ts_ns, time_source=source)

    def metric(self, text: str) -> tuple[str | None, str] | None:
        match = _DICT_METRIC.match(text)
        return (_ORBIT_KEYS.get(match.group("key")), match.group("value")) if match is not None else None

    def emit(self, rows: LogRows) -> None:
        rows.step(line=self.line.number, rank=self.line.rank, step=self.step, end_ns=self.line.ts_ns, **self.values)
        self.row = len(rows.steps) - 1


def _is_step_line(text: str, dated: bool = True) -> bool:
    """A step counter with a metric after it (undated, not an evaluation's line: `_undated_step`)."""
    counter = _step_counter(text)
    if counter is None:
        return False
    if _counter_alone(text, counter):
        return True
    values = counter.metrics(text)
    if dated:
        # (a loss by a name of its own counts: a GAN's `D_loss: -5.6973 G_loss: 5.6968`)
        return any(k != "step" for k in values) or _named_loss(text[counter.match.end():])
    return _undated_step(text, values) or counter.match.re is _GAN_PAIR


# torch_xla's training update (`| Training Device=xla:1/0 Epoch=1 Step=500 Loss=0.00223 Rate=553.79
# ...`, its test utilities' and examples'): the device, then the process's ordinal, its global rank
_XLA_DEVICE = re.compile(r"\bDevice=xla:\d{1,6}/(?P<rank>\d{1,7})\b")
# its line ends with the time of day it was printed (`Time=23:10:54`, `time.strftime('%H:%M:%S')`) and
# names its epoch (`Epoch=1`), whose loader's index its step is: from one line to the next of the same
# epoch, the clock's seconds over the steps between are the interval's mean step time
_XLA_CLOCK = re.compile(r"\bEpoch=(?P<epoch>\d{1,6}) .*\bTime=(?P<h>\d{2}):(?P<m>\d{2}):(?P<s>\d{2})\s*$")
# Its scripts print the best test accuracy once, after their last epoch (`xm.master_print('Max Accuracy:
# {:.2f}%'.format(max_accuracy))` in test_train_mp_imagenet.py and test_train_mp_mnist.py): the run's end
_XLA_DONE = re.compile(r"Max Accuracy: \d{1,3}\.\d{2}%\s*$")
# A dated batch of an epoch that prints its throughput and no metric tracelens reads (MXNet's
# Speedometer: `Epoch[102] Batch [50]\tSpeed: 580.51 samples/sec\taccuracy=1.000000`): a step
_THROUGHPUT_ONLY = re.compile(r"\bSpeed: \d{1,12}(?:\.\d{1,20})? samples/sec\b")


# A step line's rank in its logger's fields, where no launcher prefix gave one: VISSL's ("INFO
# 2021-12-02 18:52:20,806 log_hooks.py: 277: Rank: 0; [ep: 0] iter: 57; ...") and icefall's
# ("2021-09-30 01:06:45,761 INFO [train.py:542] (5/6) Epoch 0, batch 0, ...": rank 5 of 6), the
# latter a rank only where the file's tags name one world and are no counter (`_logger_ranks`)
# (and OLMo's logger's own field: "[2024-04-18 19:06:17] INFO     [olmo.train:816, rank=0] [step=75/739328]")
# (and a script's own label before its step line, picotron's "[rank 2] Step: 1     | Loss: 10.9062 | ...")
# (and PaddleSpeech's DeepSpeech2 trainer's, comma-separated: "[INFO 2021/06/19 16:01:34 model.py:61] Train:
# Rank: 0, epoch: 1, step: 5310, ...")
_RANK_FIELD = re.compile(r"(?:^|: )Rank: (?P<r>\d{1,7})[;,] |\[[\w.]{1,120}:\d{1,6}, rank=(?P<o>\d{1,7})\] "
                         r"|^\s{0,8}\[rank (?P<p>\d{1,7})\] ")


def _xla_interval(clocks: dict[int, tuple[int, int, int]], rank: int, epoch: int, step: int, second: int) -> float | None:
    """The mean seconds a step since the rank's last torch_xla line (`_XLA_CLOCK`), where that line
    was of the same epoch and an earlier step: the clock's whole seconds over the steps between, a day
    added where it went past midnight. None for a rank's first line, a new epoch, and a span of no
    whole second (under the clock's resolution)."""
    last = clocks.get(rank)
    clocks[rank] = (epoch, step, second)
    if last is None or last[0] != epoch or step <= last[1]:
        return None
    spent = (second - last[2]) % 86400
    return spent / (step - last[1]) if spent else None


def _field_rank(text: str) -> int | None:
    """The rank a step line's logger fields name (`_RANK_FIELD`, `_EPOCH_STEPS`'), else None."""
    if "Process rank " in text and (tutorial := _EPOCH_STEPS.match(text)) is not None and tutorial.group("r"):
        return int(tutorial.group("r"))
    if "Rank: " not in text and ", rank=" not in text and "[rank " not in text:
        return None
    field = _RANK_FIELD.search(text)
    return int(field.group("r") or field.group("o") or field.group("p")) if field is not None else None
_RANK_OF_WORLD = re.compile(r"\.py:\d{1,6}\] \((?P<r>\d{1,7})/(?P<w>\d{1,7})\) ")


def _logger_ranks(rows: LogRows, tagged: list[tuple[int, int, int]]) -> None:
    """The `(rank/world)` tags of step rows (row, rank, world) give their ranks where every tag
    names the same world, each rank below it, and they are no progress counter: not rising
    line by line (`(1/100)`, `(2/100)`, `(3/100)`), nor three or more values that are all
    multiples of a common interval (`(10/100)`, `(20/100)`, `(30/100)`, again each epoch)."""
    worlds = {world for _, _, world in tagged}
    ranks = [rank for _, rank, _ in tagged]
    distinct = set(ranks)
    counting = len(ranks) >= 3 and (all(a < b for a, b in zip(ranks, ranks[1:], strict=False))
                                    or (len(distinct) >= 3 and math.gcd(*distinct) >= 2))
    if len(worlds) == 1 and all(rank < world for _, rank, world in tagged) and not counting:
        for row, rank, _ in tagged:
            rows.steps[row]["rank"] = rank


def _counter_alone(text: str, counter: _Counter) -> bool:
    """A line that is nothing but an epoch's batch counted with both totals (`Epoch 0/100, Batch
    16/29316`, Horovod's examples, the loss on a line of its own), or an epoch's start with its
    steps (`_EPOCH_STEPS`): a step with no metric."""
    return counter.match.re is _EPOCH_STEPS or counter.match.re is _GAN_PAIR or (
        counter.match.re is _EPOCH_BATCHES and counter.epochs is not None and not text[counter.match.end():].strip())


def _undated_step(text: str, values: dict[str, float]) -> bool:
    """An undated step line's metrics make it a step row (with no time): its own time, or any
    metric on a line that is not an evaluation's (nanoGPT's `step 0: train loss 4.2367, val loss
    4.2475` is its evaluation, its `iter 0: loss 4.2709, time ...` the step; a loss in a field of
    its own, unqualified, is the step's beside an evaluation's: `step 100 | loss: 3.07 | val: 2.96`)."""
    return "step_time_s" in values or (bool(values) and (
        _NOT_TRAINING.search(text) is None or (
            _BARE_LOSS_FIELD.search(text) is not None
            and all(_NUMBER_AFTER.match(text, word.end()) for word in _NOT_TRAINING.finditer(text)))))


# (an evaluation's word only as a metric's own key, `| val: 2.96`: not `Eval step: 1499 , ... loss=0.3`)
_BARE_LOSS_FIELD = re.compile(r"(?:^|[|,;]\s{0,4})loss\s{0,4}[:=]?\s{0,4}[-+]?\d")
_NUMBER_AFTER = re.compile(r"\s{0,4}[:=]\s{0,4}[-+]?\d")


def _names_training_before_traceback(bodies: Sequence[str]) -> bool:
    """A line before the head's first traceback names training (`_TRAINING_WORD`) or an epoch it
    began (`_EPOCH_BEGUN`)."""
    for body in bodies:
        if "Traceback (most recent call last)" in body:
            return False
        if ("rain" in body and _TRAINING_WORD.search(body) is not None) or ("poch" in body and _EPOCH_BEGUN.search(body)):
            return True
    return False


# a dated line's word that training began (fairseq's `[2021-07-12 14:50:51,086][fairseq.trainer][INFO] - begin training
# epoch 1`, `Starting training`, `START TRAINING`)
_TRAINING_BEGAN = re.compile(r"\b(?:[Ss]tart(?:s|ing|ed)?|[Bb]egin(?:s|ning)?|START(?:ING)?|BEGIN(?:NING)?) (?:the )?"
                             r"(?:[Tt]raining|TRAINING)\b")


def _dated_training_began_before_traceback(bodies: Sequence[str]) -> bool:
    """A dated line before the head's first traceback says training began (`_TRAINING_BEGAN`): a run that failed
    before its first step line (wandb's copy of a fairseq run's console: `begin training epoch 1`, then a traceback)."""
    for body in bodies:
        if "Traceback (most recent call last)" in body:
            return False
        if ("rain" in body or "RAIN" in body) and _TRAINING_BEGAN.search(body) and parse_timestamp(body) is not None:
            return True
    return False


def _wrapped_watchdog(text: str) -> bool:
    """The head holds a watchdog timeout line that a terminal's hard wrap cut (see
    `join_wrapped_watchdogs`)."""
    if "Watchdog caught" not in text and "WorkNCCL" not in text:
        return False
    lines = [Line(number, None, body, None) for number, body in enumerate(text.splitlines(), 1)]
    return any(WATCHDOG.search(line.text) for line in join_wrapped_watchdogs(lines))


class GenericLogParser(LogReader):
    name = "generic_log"

    def detect(self, path: Path, head: bytes) -> Claim:
        text = head.decode("utf-8", "replace")
        if (WATCHDOG.search(text) or "ChildFailedError" in text or "Heartbeat monitor timed out!" in text
                or "Root Cause (first observed failure):" in text
                or _LAUNCHER.search(text) or _wrapped_watchdog(text)):
            return Claim.CONTENT  # a launcher/failure log, with or without step lines
        hits = epoch_hits = 0
        dated_heads: set[int] = set()  # the epochs whose dated heads alone came
        loss_epochs: set[tuple[int, str]] = set()  # (epoch, the words before it: a run's `Run: 02, `) of epoch lines
        epochs = False
        undated = 0
        record_head = False  # the line before was the dated first line of a step record
        bodies = [body if body.isascii() else _in_english(body) for body in head_bodies(head, limit=400)]
        if is_table(bodies):
            return Claim.CONTENT  # a progress table: its header, then rows of numbers under it
        if sum(1 for body in bodies if "|" in body and (row := _TABLE_ROW.match(body)) is not None
               and row.group("key").rpartition("/")[2] in _TABLE_KEYS) >= 2 and any(_TABLE_EDGE.match(body) for body in bodies):
            return Claim.CONTENT  # a logger table of OpenAI baselines' kind
        if sum(1 for body in bodies if body.startswith(("training_iteration: ", "time_this_iter_s: ", "  training_iteration: ",
                                                        "  time_this_iter_s: "))) >= 2:
            return Claim.CONTENT  # Ray Tune's printed results
        if "Traceback (most recent call last)" in text and _TRAINING_FRAME.search(text) is not None and any(
                ("%|" in body and (readings := _bare_bar(body)) and readings[-1].n > 0)
                or ("% " in body and _bar_step(body) is not None) for body in bodies):
            # a progress bar that moved, then the traceback that stopped its training (a bar
            # copied out of Colab has no `|` around its bar: `Steps: 100% 500/500 [28:39<00:00, ...]`)
            return Claim.CONTENT
        if ("Traceback (most recent call last)" in text and _FRAMEWORK_FRAME.search(text) is not None
                and any("%" in body and _bar_step(body) is not None for body in bodies)):
            # a bar its description names as training's (the run's `Steps:`, an epoch's) that moved,
            # then a traceback through a framework's package (diffusers' script run as
            # `train-original-script.py`, failing in its validation's TensorBoard call)
            return Claim.CONTENT
        if "@device-id-" in text and sum(1 for raw in text.splitlines()[:400] if (at := raw.find("FedML-", 0, 80)) >= 0
                                         and FEDML_PREFIX.match(raw, max(at - 1, 0)) is not None) >= FEDML_LINES:
            # a FedML process's log (its loggers' prefix on its lines, under a launcher's too): its run from its first
            # line to its last
            return Claim.CONTENT
        weak = Claim.NO  # a weaker claim the rules below may still outdo (`_ENTRY_TRAIN_FRAME`, `LAUNCH_FAILED`)
        if ("Traceback (most recent call last)" in text
                and ((looped := _TRAINING_FRAME.search(text) is not None) or _ENTRY_TRAIN_FRAME.search(text) is not None)
                and any(parse_timestamp(body) is not None for body in bodies[:TRACEBACK_DATED_LINES])):
            # a dated log and a traceback through a training loop: a run that failed, before its
            # first step line or with none in its head (YOLOX's train_log.txt: `before_train` lines,
            # then loguru's `An error has been caught in function 'launch'`); through a training
            # script's entry point alone (`_ENTRY_TRAIN_FRAME`), a weaker claim
            if looped:
                return Claim.CONTENT
            weak = Claim.NAME
        if ("Traceback (most recent call last)" in text and log_named(path)
                and (_TRAINING_FRAME.search(text) or _KERAS_FIT_FRAME.search(text)
                     or ((_FRAMEWORK_FRAME.search(text) or _ACCELERATOR_ERROR.search(text))
                         and (_names_training_before_traceback(bodies) or _TRAINING_FILE.match(path.stem) is not None))
                     or _dated_training_began_before_traceback(bodies))
                and any("Traceback (most recent call last)" in body and "\\n" not in body for body in bodies)):
            # a job's console (its file named as a log is) that a traceback through its training
            # loop, or through its framework in a run that names its training before it (or whose file is
            # named as a training's log, `_TRAINING_FILE`: DeePMD-kit's `dp train` in dpgen's `train.log`), ended with
            # no step line before it or none this reader knows (a run that failed while it built its
            # model: `mode: train`, then `torch/cuda/__init__.py` ... `RuntimeError: No CUDA GPUs are
            # available`); not an inference script's (`model.predict` through Keras'
            # `engine/training.py`), nor a traceback quoted in a JSON string (`\n` between its lines);
            # its NCCL_DEBUG lines too, if any (the NCCL reader yields such a file: it reads no
            # failure). A weaker claim: a reader that knows the file's lines wins
            return Claim.NAME
        if ("old" in text or "OLD" in text) and log_named(path) and len(folds := [
                int(found.group("k")) for body in bodies if ("rain" in body or "RAIN" in body)
                and (found := _FOLD_BANNER.fullmatch(body)) is not None]) >= 2 and max(folds) == min(folds):
            # a k-fold run's banners that a fold's training begins (`========== fold: 0 training ==========`), the same
            # fold each time, no epoch's line after them (launches that died before their first): a weaker claim
            weak = Claim.NAME
        if "Running in mode 'train'" in text and any(_CHEMPROP_TRAIN.search(body) is not None for body in bodies):
            return Claim.CONTENT  # chemprop 2's CLI training (its progress on the console's bars, its log their run's words)
        if "-rank_id: " in text and sum(1 for body in bodies if ARCFACE_RANK_ID.match(body) is not None) >= 2:
            return Claim.CONTENT  # arcface_torch's `training.log`, its processes' starts (each its logger's first line)
        if " - Training job " in text and any(_SAGEMAKER_STATUS.match(body) for body in bodies):
            return Claim.CONTENT  # the SageMaker SDK's job status lines (`logs=True`): how the job ended
        if ("<cfg.extras." in text and ("Starting training!" in text or "Instantiating trainer <" in text)
                and any(TEMPLATE_EXTRAS.search(body) and parse_timestamp(body) is not None for body in bodies)):
            return Claim.CONTENT  # lightning-hydra-template's dated run: its opening lines, then its trainer's
        if ("panicked at " in text and "burn_train::learner" in text and RUST_PANIC.search(text) is not None
                and any(parse_timestamp(body) is not None for body in bodies[:TRACEBACK_DATED_LINES])):
            return Claim.CONTENT  # burn's dated experiment log (its learner's lines), then a panic that ended it
        if "Aborted" in text or "Killed" in text or "fault" in text or "Bus error" in text:
            died = [i for i, body in enumerate(bodies) if _SHELL_DEATH_LINE.match(body) is not None]
            if died and any(_own_step(body) is not None or (body[:5] == "step " and _EVAL_STEP.match(body) is not None)
                            for body in bodies[:died[0]]):
                return Claim.CONTENT  # a program's step line, then the shell's word that the process died
        if (log_named(path) and _OTHER_STAGE_FILE.search(path.stem) is None
                and (_TRAINING_STEM.search(path.stem) is not None or _TRAINING_ABROAD.search(path.stem) is not None
                     or ("rain" in text and any(_TRAINING_WORD.search(body) is not None for body in bodies if "rain" in body))
                     or _TRAINING_ABROAD.search(text) is not None)
                and _first_line_again(text)):
            # a training program's log it appends to at each start, none of which logged a step (a weaker claim); not a
            # log of another stage of the job's (its data's preparation, an evaluation, a backup), nor one that names
            # no training
            weak = Claim.NAME
        if (("can't open file" in text or "is not recognized as an internal" in text) and log_named(path)
                and any(LAUNCH_FAILED.match(body) for body in bodies[:LAUNCH_FAILED_LINES])):
            weak = Claim.NAME  # a job's output whose program never started (a weaker claim)
        if ": line " in text and log_named(path) and any(
                TRAINING_JOB_DEATH.match(body) is not None for body in bodies if ": line " in body):
            # the shell's word that a training command it ran died (a trial's `stderr`, NNI's: a CUDA assertion, then
            # `.../run.sh: line 10: 211836 Aborted (core dumped) python main_node.py`), no step line: a failed run's
            # output (a weaker claim: a reader that knows the file's lines wins)
            return Claim.NAME
        if "Elapsed_time: " in text and "Current_accuracy : " in text and log_named(path) and any(
                _DTRB_VALIDATION.match(body) is not None for body in bodies if "Elapsed_time: " in body):
            # the deep-text-recognition-benchmark's trainer's validation block (its count, losses and clock, then its
            # `Current_accuracy : ...`): one is a run's first validation (a run that died after it)
            return Claim.CONTENT
        if "Up. " in text and any(_MARIAN_MARK.search(body) for body in bodies) and any(
                _MARIAN.search(body) for body in bodies if "Up. " in body):
            return Claim.CONTENT  # Marian's update line, and its own word around it (a tail of one update)
        own = 0
        coqui_epoch = False  # Coqui's epoch head (` > EPOCH: 1/1000`) came
        opening: int | None = None  # the epoch an undated head alone opened, its loss line to come
        since_opening = 0
        vits_opened = False  # the line before was VITS' epoch line
        alone_head: tuple[int | None, int] | None = None  # the line before was a batch's head alone (`_HeadRecord`)
        alone_heads: set[tuple[int | None, int]] = set()  # those with their training loss below them
        head_metrics = 0  # the metric lines read under that head so far
        flower_round = False  # Flower's server began a round (`_FLOWER_ROUND`)
        for body in bodies:
            since_opening += 1
            if "[ROUND " in body and _FLOWER_ROUND.search(body) is not None:
                flower_round = True
            elif flower_round and "aggregate_fit: " in body and _FLOWER_AGGREGATED.search(body) is not None:
                return Claim.CONTENT  # a Flower round begun, then its updates in: one is enough
            if _own_step(body) is not None or (" iter, " in body and _CHAINER_ITER.fullmatch(body) is not None):
                own += 1
                if own >= 2:
                    return Claim.CONTENT  # a program's own step lines (`_own_step`)
            if vits_opened and body[-1:] == "]" and _VITS_LIST.search(body) is not None:
                return Claim.CONTENT  # VITS' epoch line, then its list of losses, step and learning rate: one is enough
            vits_opened = False
            if "Train Epoch: " in body and "%]" in body and _VITS_EPOCH.search(body) is not None:
                own += 1  # VITS' epoch line (its step in the list below it)
                vits_opened = True
                if own >= 3:
                    return Claim.CONTENT
            if " epoch " in body and ", edge chunk " in body and _PBG_CHUNK.search(body) is not None:
                return Claim.CONTENT  # PyTorch-BigGraph's chunk of an epoch begun or finished: one is enough
            if "][Train](" in body and " average " in body and _DGLKE_STEP.fullmatch(body) is not None:
                return Claim.CONTENT  # DGL-KE's process's average loss at its step: one is enough
            if "Training finished iteration " in body and _RAY_ITERATION.match(body) is not None:
                return Claim.CONTENT  # Ray Train's report of an iteration
            if (body[:5] == "step " and _EVAL_STEP.match(body) is not None) or (
                    "aluating at " in body and _EVALUATING_AT.search(body) is not None):
                own += 1  # an evaluation's line of Karpathy's GPT loop, a loop's word that it evaluates (`_evaluated_steps`)
                if own >= 3:
                    return Claim.CONTENT
            if "| Tot: " in body and _KUANGLIU_BAR.search(body) is not None:
                own += 1  # kuangliu/pytorch-cifar's bar at a loop's end (its training's, then its test's)
                if own >= 2:
                    return Claim.CONTENT
            if " Metrics: " in body and _PHYSICSNEMO_EPOCH.search(body) is not None and "Epoch Execution Time: " in text:
                return Claim.CONTENT  # PhysicsNeMo's epoch line, its execution time after it
            if "Learning iteration " in body and _RSL_ITERATION.fullmatch(body) is not None and "Iteration time: " in text:
                return Claim.CONTENT  # rsl_rl's iteration block
            if ("Train Epoch: " in body and _SAMPLES_DONE.search(body) is not None) or (
                    body[:6] == "loss: " and _QUICKSTART_LOSS.fullmatch(body) is not None):
                own += 1  # the MNIST example's line, the Quickstart's (`_record_steps`)
                if own >= 3:
                    return Claim.CONTENT
            if "timing_s/step:" in body and _step_counter(body) is not None:
                return Claim.CONTENT  # veRL's step line: its own step time among its timings
            if "batch_cost: " in body and _step_counter(body) is not None:
                # PaddlePaddle's suites' step line, its own batch cost among its figures (PaddleOCR's, PaddleX's,
                # PaddleDetection's `ppdet.engine INFO: Epoch: [0] [   0/1610] ... batch_cost: 0.1470`, PaddleGAN's
                # `Iter: 210000/800000 ...`):
                # one is enough (each is printed every `log_iter` iterations: a run stopped early shows one)
                return Claim.CONTENT
            if "per_step_time: " in body and "{ Epoch:[" in body and _step_counter(body) is not None:
                return Claim.CONTENT  # MindFormers' step line: its own step time among its figures
            if " seconds, " in body and _DARKNET.match(body) is not None:
                return Claim.CONTENT  # darknet's iteration line: one is enough
            if body[:5] == "Iter " and ": Train loss " in body and ", It/sec " in body:
                return Claim.CONTENT  # mlx-lm's report (`Iter 10: Train loss 3.069, ..., It/sec 1.942, ...`): one is enough
            if "json_stats: {" in body and _step_counter(body) is not None:
                return Claim.CONTENT  # Detectron's stats record: one is enough
            if "  iter: " in body and "  total_loss: " in body and body.lstrip().startswith("eta: ") and (
                    _step_counter(body) is not None):
                return Claim.CONTENT  # detectron2's event writer's line, its logger's prefix cut off: one is enough
            if "|Loss: " in body and _TORCHTUNE_BAR.match(body) is not None and "%|" in body and bar_readings(body):
                return Claim.CONTENT  # torchtune's recipes' bar (`1|52|Loss: 2.3697:   0%|...| 52/25880 [...]`): one is enough
            if "= Step " in body and _NEMO_RL_STEP.match(body) is not None and ("▶ " in text or "Training Results:" in text):
                return Claim.CONTENT  # NeMo-RL's step header, its stage lines or results around it
            if "Finished training it " in body and _DLRM.search(body) is not None:
                return Claim.CONTENT  # DLRM's iteration line
            if ("training from iteration " in body or "raining starts at step " in body or "training loop at step " in body
                    or "training from epoch: " in body) and (
                    _STARTS.search(body) is not None):
                return Claim.CONTENT  # a trainer's start at its first step (detectron2's, torchtitan's, Flax's): its run began
            if "detectron2 INFO: Rank of current process: " in body:
                return Claim.CONTENT  # detectron2's `default_setup`, a process's first line: its run began
            if "train dataloader has " in body and _PADDLEOCR_TRAIN_SETUP.search(body) is not None:
                # PaddleOCR's training script as it sets up its training (its evaluation and inference scripts, which
                # print the same `train with paddle` line, build no training loader): its run, its steps if any after it
                return Claim.CONTENT
            if "] Trainer: " in body and TRAINER_HEADER.match(body) is not None:
                return Claim.CONTENT  # ashawkey's Trainer's header as each launch opens its log (torch-ngp's and its heirs')
            if "Training Loss (" in body and VISUALIZER_LAUNCH.match(body) is not None:
                return Claim.CONTENT  # pix2pix's and CycleGAN's loss log as each launch opens it (a launch that died before its
                # first loss line leaves it alone)
            if " - iter " in body and _FLAIR_STEP.search(body) is not None:
                return Claim.CONTENT  # Flair's ModelTrainer's step line, its own format: one is enough
            if "Engine run " in body and _IGNITE_STARTS.search(body) is not None:
                return Claim.CONTENT  # PyTorch-Ignite's engine as its run starts (its epochs' lines after it)
            if "Train with config:" in body and _PYSLOWFAST_START.search(body) is not None:
                return Claim.CONTENT  # PySlowFast's `train_net.py` as its training starts, then its config: its run began
            if "avg_epoch_loss=" in body and _gluonts_epoch(body) is not None:
                own += 1  # GluonTS' epoch bar
                if own >= 2:
                    return Claim.CONTENT
            if "Train loss" in body and _DEEPXDE_HEADER.fullmatch(body) is not None:
                return Claim.CONTENT  # DeepXDE's loss table
            if "| steps/sec:" in body and _ORBIT_STEP.search(body) is not None:
                return Claim.CONTENT  # TF Model Garden's Orbit controller's step line
            if "GLOBAL_STEP: " in body and _COQUI_STEP.search(body) is not None:
                return Claim.CONTENT  # Coqui TTS's step head (its metrics on the lines below)
            if body.startswith((" > TRAINING (", "> TRAINING (")) and _COQUI_TRAINING.match(body) is not None and (
                    coqui_epoch):
                return Claim.CONTENT  # Coqui's epoch head, then its training's dated start (under print_step: no step line)
            coqui_epoch = coqui_epoch or (body.startswith((" > EPOCH: ", "> EPOCH: ")) and _COQUI_EPOCH.match(body) is not None)
            if " iteration, USE_EMA: " in body and _TORCHSSL.search(body) is not None:
                return Claim.CONTENT  # TorchSSL's evaluation line, its step and its dict of metrics
            if "| Steps: " in body and _EPOCH_STEPS.match(body) is not None:
                return Claim.CONTENT  # the DDP tutorial's epoch line
            if ", Steps: " in body and "Train Loss: " in body and _TSLIB_EPOCH.search(body) is not None and log_named(path):
                return Claim.CONTENT  # the Time-Series-Library's epoch line (its iterations' lines may print no count)
            if alone_head is not None:
                metric = _HEAD_METRIC.fullmatch(body.strip())
                if "oss" in body and metric is not None and _HEAD_LOSS.fullmatch(metric.group("key")) is not None:
                    alone_heads.add(alone_head)  # a batch's head alone, its training loss on a line below
                    if len(alone_heads) >= 2:
                        return Claim.CONTENT
                    alone_head = None
                elif metric is None or head_metrics >= _HEAD_METRIC_LINES:
                    alone_head = None
                head_metrics += 1  # (another metric before the loss: VoteNet's `mean box_loss: 2.684942`)
            if ("poch" in body or "POCH" in body) and (counter := _step_counter(body)) is not None and (
                    _head_alone(body, counter)):
                alone_head, head_metrics = (counter.epoch, counter.step), 0
            elif body[:12] in (" ---- batch:", "---- batch: ") and _POINTNET_BATCH.match(body) is not None:
                alone_head, head_metrics = (None, int(body.split()[2])), 0  # (its epoch the banner's above)
            if record_head:
                record_head = False
                if _RECORD_METRIC.fullmatch(body) is not None:  # a step record's metric line (two claim)
                    hits += 1
                    if hits >= 2:
                        return Claim.CONTENT
                    record_head = True
                    continue
            if parse_timestamp(body) is not None or _yearless_match(body) is not None:
                if (counter := _step_counter(body)) is not None and _record_head(body, counter):
                    record_head = True
                elif _is_step_line(body) or (counter is not None and counter.epoch is not None and "Speed: " in body
                                             and _THROUGHPUT_ONLY.search(body) is not None):
                    # (a batch that prints only its throughput: MXNet's Speedometer, Sockeye's; one is enough where its
                    # shape names its program, `_ONE_LINE_FRAMEWORKS`)
                    hits += 2 if _text_framework(body) in _ONE_LINE_FRAMEWORKS else 1
                    if hits >= 2:
                        return Claim.CONTENT
                elif "poch" in body and (_EPOCH_TOOK.search(body) or _EPOCH_DURATION.search(body) or (
                        "took" in body and _EPOCH_TOOK_UNIT.search(body))):
                    return Claim.CONTENT  # an epoch's duration: a log that counts epochs
                elif (("poch" in body or "POCH" in body) and _EPOCH_OPENS.search(body) is not None
                      and (opened := _EPOCH.search(body)) is not None and _NOT_TRAINING.search(body) is None):
                    dated_heads.add(int(opened.group(1)))  # a dated epoch's head alone (`**** EPOCH 003 ****`)
                    if len(dated_heads) >= 3:
                        return Claim.CONTENT
                elif any(k in _KEYS for k, _ in iter_numbers(body)) or _named_loss(body):
                    epoch_hits += 1  # a dated metric, an epoch's if the log numbers epochs
            elif ",epoch=" in body and (counter := _step_counter(body)) is not None and _record_head(body, counter):
                record_head = True  # an undated record's head (its logger's date cut off): `[step=20800/23842,epoch=0]`
            elif body.startswith(("Steps: ", "steps: ", "Training Progress: ", "Training progress: ")) and "%|" in body and (
                    drawn := bar_readings(body)) and drawn[-1].n > 0:
                # diffusers' training scripts' bar (`Steps:  10%|...| 100/1000 [...]`; kohya-ss', `steps:`), verl's
                # trainer's (`Training Progress: 100%|...| 105/105 [2:33:10<00:00, 87.53s/it]`), 3D Gaussian
                # Splatting's (`Training progress:  23%|...| 7000/30000 [05:03<21:42, 17.65it/s, Loss=0.0864041]`):
                # one is enough
                return Claim.CONTENT
            elif (bar := _bar_step(body)) is not None and bar[1].seconds_per_item is not None and bar[0].epoch is not None and (
                    _TRAIN_BAR.match(body, 0, bar[0].match.start()) is not None
                    or _TRAIN_LOSS_DESC.search(body, 0, bar[1].start) is not None):
                # a training epoch's bar with its rate (super-gradients' `Train epoch 33: 100%|`, minGPT's
                # trainer's `epoch 1 iter 3260: train loss 0.55002. lr 3.000578e-04: 100%|`)
                return Claim.CONTENT
            elif (own_time := _is_step_line(body, dated=False)) or bar is not None or _bare_bar(body) or (
                    ("oss" in body or "rain" in body or "RAIN" in body) and "%" in body and _training_bar(body)):
                # a step line reporting its own time (nanoGPT's, an epoch's bar), undated; one whose
                # shape names its program (timm's `Train: 0 [   0/36 (  3%)]  Loss: ...`, a MetricLogger's
                # `Epoch: [2]  [0/2]  eta: 0:00:12  lr: ...`) counts twice
                # (MaxText's `completed step: 99, seconds: 1.100, TFLOP/s/device: ...`: one is enough)
                named = _text_framework(body) if own_time else None
                # (a training bar with its loss, finished: one is enough)
                finished = (not own_time and bar is None and "oss" in body
                            and any(reading.n == reading.total for reading in _training_bar(body)))
                # (darknet's iteration line, its five fields in their order, alone in a log's tail of `Region 82 Avg
                # IOU: ...` lines: one is enough)
                darknet = own_time and " seconds, " in body and _DARKNET.match(body) is not None
                undated += 3 if named in _ONE_LINE_FRAMEWORKS or finished or darknet else 2 if (own_time and (
                    named is not None or _METRIC_LOGGER_ROW.search(body) is not None)) or (
                    # (an epoch of a total's bar drawn at its end: `Epoch 1/2: 100%|...| 210/210 [04:52<00:00,
                    # 1.39s/img, loss (batch)=0.228]`, Pytorch-UNet's, a finished epoch)
                    bar is not None and bar[0].epochs is not None and bar[0].ends_epoch and bar[1].total) else 1
                if undated >= 3:
                    return Claim.CONTENT
            elif "poch" in body and (number := _undated_epoch_line(body)) is not None:
                # an epoch's own line with its loss, undated (SpeechBrain's train_log.txt), of its run
                loss_epochs.add((number, body[:body.find("poch")]))
                if len(loss_epochs) >= 3:
                    return Claim.CONTENT
            elif (("poch" in body or "POCH" in body) and _EPOCH_OPENS.search(body) is not None
                  and (opened := _EPOCH.search(body)) is not None):
                opening, since_opening = int(opened.group(1)), 0  # an epoch's head alone (`Epoch 1/30`)
            elif opening is not None and ((since_opening <= TRAIN_LOSS_AFTER_HEAD and "oss" in body
                                           and _TRAIN_LOSS_LINE.match(body) is not None)
                                          or (since_opening <= SPLIT_RESULTS_AFTER_HEAD and _SPLIT_RESULTS.match(body))):
                loss_epochs.add((opening, ""))  # its training loss on a line of its own under it (`Train Loss: 0.5623 | ...`)
                opening = None
                if len(loss_epochs) >= 3:
                    return Claim.CONTENT
            if "oss" in body and "/epoch" in body and (epochs_bar := _training_bar(body)) and epochs_bar[0].unit == "epoch" and (
                    epochs_bar[0].n > 0):
                return Claim.CONTENT  # a bar of a run's epochs, its training's loss after its rate (PyKEEN's)
            if "total_it=" in body and _OPENPCDET_BAR.search(body) is not None:
                own += 1  # OpenPCDet's iterations bar
                if own >= 2:
                    return Claim.CONTENT
            if epochs and "%|" in body and "oss" in body and _loss_bar(body) is not None:
                own += 1  # an epoch's bar described by its loss, under an epoch's line (`_loss_bar`)
                if own >= 2:
                    return Claim.CONTENT
            if not epochs and ("poch" in body or "POCH" in body) and _EPOCH.search(body):
                epochs = True  # (dated or not: PaddleOCR's `[2025/07/22 00:22:10] ppocr INFO: epoch: [1/10], lr: ...`)
            if epochs and epoch_hits >= 2:
                return Claim.CONTENT
        if (" received by PID " in text and log_named(path)
                and any(SIGNAL_HANDLER.match(body) for body in bodies)):
            # glog's or absl's handler on the fatal signal that killed the job's process, with no
            # step line this reader knows in the head: a job's console all the same (a weaker claim:
            # a reader that knows the file's lines wins)
            return Claim.NAME
        if "raining" in text and any(_END.search(body) is not None and parse_timestamp(body) is not None
                                     for body in bodies if "raining" in body):
            # a dated console's word that its training ended (YOLOX's `Training of experiment is done and the best AP is
            # 54.25` after its last save), no step line this reader knows in its head: a run's end (a weaker claim)
            return Claim.NAME
        if "Start from epoch " in text and ("Check point saved: " in text or "Task done, results saved in " in text) and any(
                _GRAPHGYM_START.match(body) is not None for body in bodies if "Start from epoch " in body):
            # GraphGym's trainer as it starts (`Start from epoch 0`), then its epochs' checkpoints or its end, its
            # epochs' own lines kept in files of their own: its run
            return Claim.CONTENT
        if "=> Total training time = " in text and any(
                _CONTINUAL_END.match(body) is not None for body in bodies if body.startswith("=> Total training time = ")):
            # GMvandeVen/continual-learning's main.py and its forks as a run returns, its steps drawn on stderr's bar alone
            # (stdout's copy keeps its parameters and its evaluation): a run's end (a weaker claim)
            return Claim.NAME
        if "train completed, best_metric: " in text and any(
                _MONAI_END.match(body) is not None for body in bodies if "train completed, " in body):
            return Claim.CONTENT  # MONAI's tutorials' word that their epochs are done: a training's console
        if "Fitting model: " in text and sum(1 for body in bodies if body.startswith("Fitting model: ")) >= 2 and any(
                body.startswith(("Beginning AutoGluon training", "AutoGluon training complete")) for body in bodies):
            return Claim.CONTENT  # AutoGluon's fit: the models it fits in turn (`Fitting model: XGBoost ...`), no step line
        if ("Agent Starting Run: " in text and " errored:" in text
                and any(_WANDB_RUN_ERRORED.match(body) is not None for body in bodies if " errored:" in body)):
            # a W&B sweep agent's console whose run failed (`wandb: Agent Starting Run: eunst3cc with config:`, then
            # `Run eunst3cc errored:` and its traceback), no step line this reader knows in its head (a weaker claim)
            return Claim.NAME
        if log_named(path) and evidence(path)["m_killed"]:
            # the scheduler's word that it killed the job (out of memory, cancelled), anywhere in a
            # file named as a job's output: a job's console, though no step line this reader knows
            # is in it (a weaker claim likewise)
            return Claim.NAME
        if (("out of memory" in text or "OutOfMemoryError" in text) and OOM_LINE.search(text) is not None
                and any(parse_timestamp(body) is not None or _CLOCK_STAMPED.match(body) is not None
                        for body in bodies[:TRACEBACK_DATED_LINES])):
            # a dated console (or one stamped with the time of day, XGBoost's command line: `[03:56:56] boosting round 0, 0 sec
            # elapsed`) that ran out of GPU memory, no step line this reader knows in its head (Marian's tail,
            # `Allocating memory for general optimizer shards`, then `Error: CUDA error 2 'out of memory'`):
            # a run that failed. A weaker claim: a reader that knows the file's lines wins
            return Claim.NAME
        if ((" errored after " in text or "' failed" in text)
                and any(RAY_TRIAL_ERROR.match(body) or RAY_JOB_END.search(body) for body in bodies
                        if " errored after " in body or "' failed" in body)):
            # Ray's word that a job or a Tune trial (a Ray Train run) failed: `Trial TorchTrainer_cb091_00000
            # errored after 0 iterations at ...`, `Job 'raysubmit_73nQ2jgcpZATWrNN' failed`: a failed run's
            # console, no step line this reader knows in its head (a weaker claim: a reader that knows its lines wins)
            return Claim.NAME
        if ("Number of trials: " in text or "Trial status: " in text) and sum(
                1 for body in bodies if _TUNE_STATUS.search(body) is not None) + (
                2 if "Total run time: " in text or "Wrote the latest version of all result files" in text
                or any(TUNE_ALL_TERMINATED.search(body) for body in bodies if " TERMINATED" in body) else 0) >= 2:
            # Ray Tune's status as its trials run (`Number of trials: 10/10 (10 TERMINATED)`, Ray 2.7's `Trial status: 1
            # TERMINATED`), twice or once with its end (or once with every trial terminated), no step line this reader
            # knows in its head (each trial a run
            # of the one launch; a weaker claim: a reader that knows the file's lines wins)
            return Claim.NAME
        if ("] Trial " in text or "new study created" in text) and sum(
                1 for body in bodies if ("] Trial " in body or "new study created" in body) and _OPTUNA.match(body)) >= 2:
            # an Optuna study's log, its trials' ends and no step line this reader knows in its head (each trial a
            # run of the study's one launch; a weaker claim: a reader that knows the file's lines wins)
            return Claim.NAME
        if log_named(path) and any(("rain" in body or "RAIN" in body)
                                                       and _TRAINING_BANNER.search(body) for body in bodies):
            # a run's word that its training begins, in a file named as a job's output: a launch, though its
            # head shows no step this reader knows (a run that hung or was killed before its first; a weaker
            # claim: a reader that knows its lines wins)
            return Claim.NAME
        return weak

    def _parse(self, path: Path, options: ParseOptions) -> ParseResult:
        lines, warning, rows, events = open_log(path, "generic")
        epochs: dict[int | None, list[_Epoch]] = {}  # rank -> its epochs, in log order
        ended: dict[int | None, int] = {}  # rank -> the line of its last word that its training ended
        record: _Record | None = None  # a multi-line step record being read
        counted: list[tuple[int, _Counter]] = []  # (row, counter) of the steps counted within their epoch
        bars_seen: dict[int | None, int] = {}  # rank -> the step its epoch bar last showed
        bar_rows: dict[int | None, dict[str, Any]] = {}  # rank -> the row its steps bar last made
        steps_bar_rows: set[int] = set()  # ids of the rows a run's steps bar made (`_drop_bar_rows_said_again`)
        steps_drawn: list[tuple[dict[str, Any], Line, BarReading]] = []  # those rows with their readings (`_clock_bars`)
        bar_clocks: dict[int | None, tuple[int, int]] = {}  # rank -> (count, elapsed s) of that bar's reading
        bare: list[tuple[Line, BarReading]] = []  # readings of bars with no description
        named_bars: list[tuple[Line, BarReading]] = []  # readings of bars that name their training (`_training_bar`)
        algoperf_reached: list[tuple[Line, int, dict[str, Any]]] = []  # AlgoPerf runner evaluation records: their steps
        caching: dict[int | None, bool] = {}  # rank -> its last line (not a bar's) says it caches something
        within: list[tuple[int, int]] = []  # (row, epoch) of the steps counted within epochs of unknown length
        # (rank, epoch) -> its lines' running means (`_from_running_mean`)
        centernet_means: dict[tuple[int | None, int], list[tuple[int, float, float]]] = {}
        ltr_means: dict[tuple[int | None, int], list[tuple[int, float, float]]] = {}  # (the same, of `_LTR_TOTAL_TIME`)
        games_frames: dict[int | None, tuple[int, float]] = {}  # rank -> rl_games' last epoch and its frames count
        lerobot_grid: dict[int | None, tuple[int, int]] = {}  # rank -> LeRobot's last step and its interval (`_lerobot_step`)
        # meter -> (rank, epoch) -> a MetricLogger's running means (`_metric_logger_means`)
        window_means: dict[str, dict[tuple[int | None, int], list[tuple[int, float, float]]]] = {}
        lengths: dict[tuple[int | None, int], int] = {}  # (rank, epoch) -> batches of every epoch to its end, where printed
        sizes: dict[tuple[int | None, int], int] = {}  # (rank, epoch) -> the total its steps count to, where printed
        stated_epoch_length: dict[int | None, int] = {}  # rank -> an epoch's steps its header states
        # whether those counts' epochs go from 0 (one prints epoch 0) or 1 (one prints the last as the total,
        # `Epoch: 50/50`), where a line says
        counted_from: set[int] = set()
        tslib_batches: dict[int | None, int] = {}  # rank -> the batches of each epoch, as the Time-Series-Library prints them
        # its epochs' lines (`Epoch: 1, Steps: 66 | Train Loss: ...`): line -> (epoch, its batches)
        tslib_epoch_lines: dict[int, tuple[int, int]] = {}
        heads_again: list[tuple[_Epoch, _Epoch]] = []  # (an epoch, that epoch's head said again after its own lines)
        batch_totals: dict[tuple[int | None, int | None], int] = {}  # (rank, epoch) -> its first `Batch i/n` line's n
        micro: dict[int | None, list[tuple[Line, int, int, dict[str, float]]]] = {}  # `_ITER_STEP` lines of each rank
        samples: list[tuple[Line, re.Match[str]]] = []  # open_clip's step lines (`_SAMPLES_STEP`)
        # the MNIST example's and the Quickstart's step lines (`_SAMPLES_DONE`, `_QUICKSTART_LOSS`): line, epoch, done,
        # the epoch's samples, loss
        records: list[tuple[Line, int, int, int, float | None]] = []
        nemo_steps: dict[int | None, int] = {}  # rank -> the NeMo-RL step its header opened, results to come
        nemo_rows: dict[int | None, int] = {}  # rank -> the row of the NeMo-RL step whose results are being read
        nemo_epochs: dict[int | None, int] = {}  # rank -> the NeMo-RL epoch its last epoch header opened
        nemo_counts: dict[int | None, tuple[int | None, int, int | None]] = {}  # rank -> (epoch, steps before it, last header's)
        monai: list[tuple[int, _Counter]] = []  # (row, counter) of MONAI's batch lines
        tensorpack_ends: list[tuple[int, int, int, float]] = []  # (row, epoch, step, seconds)
        orbit_seen: dict[tuple[int | None, int], _OrbitRecord] = {}  # (rank, step) -> its last Orbit record
        orbit_last: dict[int | None, _OrbitRecord] = {}  # rank -> its last Orbit record
        tagged: list[tuple[int, int, int]] = []  # (row, rank, world) of step rows whose logger tags `(rank/world)`
        clocked: dict[tuple[int | None, str], tuple[int, float | None]] = {}  # (rank, program) -> (step, seconds)
        # (rank, program) -> its first "since" line's row, step and seconds, until its second line says
        # whether the first counted its steps from 0
        first_since: dict[tuple[int | None, str], tuple[dict[str, Any], int, float]] = {}
        elapsed: dict[tuple[int | None, str], list[tuple[int, float, float]]] = {}  # (rank, program) -> its `_span_mean` history
        series: dict[tuple[int | None, str], str] = {}  # (rank, program) -> the counter its lines are read of
        keras_epoch: dict[int | None, int] = {}  # rank -> the epoch its last `Start of epoch N` opened
        args_batch: int | None = None  # the batch size the script's arguments (argparse's Namespace) last named
        tf_cnn_per_device: int | None = None  # tf_cnn_benchmarks' header: its per-device batch
        tf_cnn_batch: int | None = None  # and its process's batch (that times its devices)
        tf_cnn_clock: dict[int | None, list[tuple[int, float, float]]] = {}  # rank -> (step, seconds, rounding)
        tf_cnn_span: dict[int | None, float | None] = {}  # rank -> the step time its last step line gave
        horovod_batch: int | None = None  # Horovod's synthetic benchmark's header: a process's batch
        horovod_per_iter: int | None = None  # and its batches an iteration, where its command line says
        horovod_default: str | None = None  # the warning that its batches an iteration are the default
        federated = False  # a federated server's rounds read (`_federated_rounds`)
        chainer_bar: list[dict[str, Any]] = []  # Chainer's ProgressBar's iterations (`_chainer_steps`)
        writer_rows: set[int] = set()  # ids of the rows a CLU metric writer's `[N] key=value` line made
        epoch_records: set[int] = set()  # ids of the rows PySlowFast's epochs' records made (`_JSON_STATS`)
        # a rank's section of the log a banner opened is an evaluation's (`_SECTION_BANNER`); its highest step trained;
        # the rows its evaluations' loops printed in the training's form
        in_evaluation: dict[int | None, int] = {}  # rank -> the count of events when its evaluation's section was last looked at
        trained_to: dict[int | None, tuple[int | None, int]] = {}  # rank -> its last training row's (epoch, step)
        banner_evaluations: set[int] = set()
        summed_after: dict[int | None, bool] = {}  # ranks whose loss bars came before any epoch's line (`_loss_bar`)
        first_bars: dict[int | None, tuple[Line, BarReading, float | None]] = {}  # a rank's loss bar before its epochs' lines
        epoch_steps: list[tuple[int, int, int]] = []  # (row, epoch, total) of steps bars with their epoch before
        open_bars: list[tuple[Line, int, BarReading]] = []  # (line, epoch, reading) of epochs' bars with no total
        ray_rows: dict[int | None, tuple[int, int]] = {}  # rank -> (row, line) of its last Ray Train iteration
        ray_trained = False  # a Ray Train iteration was reported
        ray_reached: list[tuple[Line, int, dict[str, Any]]] = []  # Ray Train's ends, the iterations each completed
        dglke_rows: dict[int | None, dict[str, Any]] = {}  # rank -> the row of its last DGL-KE step
        pbg_chunks: dict[int | None, list[float | None]] = {}  # rank -> [seconds, loss] of its PyTorch-BigGraph chunk begun
        # (row, seconds since training began, line) of `_HMS_ELAPSED` lines
        elapsed_rows: list[tuple[dict[str, Any], float, int]] = []
        clock_restarts: list[Line] = []  # undated step lines whose count and clock since training began went back
        clock_epochs: dict[str, int] = {}  # program -> the epochs' lines seen at its last such undated line
        vits_epoch: dict[int | None, int] = {}  # rank -> the line of its last VITS `Train Epoch: N [P%]`
        rsl_rows: dict[int | None, int] = {}  # rank -> the row of its rsl_rl iteration whose time is still to come
        physicsnemo_rows: dict[int | None, int] = {}  # rank -> the row of its PhysicsNeMo epoch whose time is to come
        kuangliu_loops: dict[int | None, tuple[_Epoch, int | None, bool]] = {}  # rank -> (epoch, its training total, done)
        hf_frame = False  # a traceback's frame in the HF Trainer's training loop (`_HF_TRAIN_FRAME`)
        deepxde: set[int | None] = set()  # ranks whose DeepXDE loss table's header was seen
        deepxde_from: dict[int | None, int] = {}  # rank -> the index of its current training call's first row
        deepxde_done: dict[int | None, Line] = {}  # rank -> its last `'train' took` line
        gluon_pending: dict[int | None, tuple[Line, tuple[BarReading, int, float | None]]] = {}  # rank -> its last epoch bar
        boost_best: dict[int | None, int] = {}  # rank -> the line that said a boosting run's best round follows
        xla_clocks: dict[int, tuple[int, int, int]] = {}  # rank -> (epoch, step, second of the day) of its last torch_xla line
        flower_rounds: dict[int | None, int] = {}  # rank -> the Flower round its server began, its updates still to come
        evaluation_said: dict[int | None, int] = {}  # rank -> the line of its script's last word that it evaluates
        espnet_ranges: dict[int, tuple[int, int, int]] = {}  # id(row) of an ESPnet line's step -> (epoch, first, last batch)
        def within_epoch(counter: _Counter, rank: int | None) -> None:
            """The last row is a step `counter` counts within its epoch."""
            assert counter.epoch is not None
            counted.append((len(rows.steps) - 1, counter))
            if counter.ends_epoch and counter.batches:
                rows.epoch_end(rows.steps[-1], counter.epoch, counter.batches)
            else:
                rows.within_epoch(rows.steps[-1], counter.epoch)
            if counter.match.re is _MONAI_BATCH:
                monai.append((len(rows.steps) - 1, counter))
            elif counter.match.re is _ESPNET:
                espnet_ranges[id(rows.steps[-1])] = (counter.epoch, int(counter.match.group("b")), int(counter.match.group("i")))
            if counter.match.re in (_EPOCH_COUNT, _EP_BATCH) and counter.match.group("n"):
                sizes[(rank, counter.epoch)] = int(counter.match.group("n"))
                if counter.epoch == 0 or counter.epoch == counter.epochs:
                    counted_from.add(min(counter.epoch, 1))
            if counter.match.re in (_EPOCH_COUNT, _EP_BATCH, _ESPNET, _TUTORIAL_PAIR, _PADDLE_PASS, _POINTNET_BATCH) or (
                    counter.named_in_epoch):
                within.append((len(rows.steps) - 1, counter.epoch))

        for line in lines:
            if not line.text.isascii() and (english := _in_english(line.text)) is not line.text:
                line = line._replace(text=english)
            if line.text[:12].lstrip()[:1] in "TtEeVv" and _EVALUATION_SAID.match(line.text) is not None:
                evaluation_said[line.rank] = line.number
            if record is not None:
                if line.ts_ns is None and (line.text[:1] in " \t" or type(record) is _HeadRecord) and record.add(line.text):
                    continue
                before = len(rows.steps)
                record.emit(rows)
                if len(rows.steps) > before and type(record) is _HeadRecord:
                    within_epoch(record.counter, record.line.rank)
                record = None
            if line.text[-3:] in _RULE_ENDS and (banner := _SECTION_BANNER.search(line.text)) is not None:
                # a banner over a section of the log (LibFewShot's `============ Validation on the val set ============`,
                # then `============ Train on the train set ============`): an evaluation's, or any other's
                if _NOT_TRAINING.search(banner.group("t")) is not None:
                    in_evaluation[line.rank] = len(rows.events)
                else:
                    in_evaluation.pop(line.rank, None)
            elif line.rank in in_evaluation and "poch" in line.text and _EPOCH_OPENS.search(line.text) is not None:
                del in_evaluation[line.rank]  # (an epoch's head: training again)
            reference = ("poch" in line.text or "POCH" in line.text) and _names_an_earlier_epoch(line.text, epochs.get(line.rank))
            if "poch" in line.text or "POCH" in line.text:
                opened = len(epochs.get(line.rank, ()))
                self._epoch(line.text, line.rank, epochs, reference)
                if len(epochs.get(line.rank, ())) > opened:
                    epochs[line.rank][-1].opened_at = line.number
                if line.ts_ns is not None and len(epochs.get(line.rank, ())) > opened and (
                        _EPOCH_OPENS.search(line.text) or (" end" in line.text and _EPOCH_END_MARK.search(line.text))):
                    # a line that opens the epoch and reports nothing of it (`Epoch 27/300`, `Going into
                    # epoch 35`): its start (a first progress line comes after some of its batches)
                    epochs[line.rank][-1].start_line, epochs[line.rank][-1].start_ns = line.number, line.ts_ns
                    epochs[line.rank][-1].head_line, epochs[line.rank][-1].head_ns = line.number, line.ts_ns
                elif (line.ts_ns is not None and len(epochs.get(line.rank, ())) == opened > 0
                      and epochs[line.rank][-1].start_ns is not None
                      and _EPOCH_OPENS.search(line.text) and _NOT_TRAINING.search(line.text) is None
                      and (again := _EPOCH.search(line.text)) is not None
                      and int(again.group(1)) == epochs[line.rank][-1].number):
                    if epochs[line.rank][-1].line is None:
                        # the epoch's head again, with no line of its own between (a relaunch that begins the epoch the
                        # one before died in): the epoch starts over here
                        epochs[line.rank][-1].start_line, epochs[line.rank][-1].start_ns = line.number, line.ts_ns
                    else:
                        # the epoch's head again after its own lines (its loss): a relaunch that runs the epoch again
                        # (CS230's examples: `Epoch 1/30`, `- Train metrics: ... loss: 0.741`, then the next launch's
                        # `Loading the datasets...`, `Epoch 1/30`): that run's epoch, a row of its own
                        # (where no launch, restart or failure came between the two, the two are one epoch's: two
                        # ranks' copies of its lines, one after the other; `_one_epoch_again`)
                        again_epoch = _Epoch(epochs[line.rank][-1].number)
                        again_epoch.opened_at, again_epoch.framework = line.number, epochs[line.rank][-1].framework
                        again_epoch.start_line, again_epoch.start_ns = line.number, line.ts_ns
                        again_epoch.head_line, again_epoch.head_ns = line.number, line.ts_ns
                        heads_again.append((epochs[line.rank][-1], again_epoch))
                        epochs[line.rank].append(again_epoch)
                if (line.ts_ns is not None and line.text[:6] == "Epoch " and line.rank in epochs
                        and epochs[line.rank][-1].line is None and (callback := _KERAS_EPOCH_END.match(line.text)) is not None
                        and int(callback.group(1)) == epochs[line.rank][-1].number):
                    # a Keras callback's word at the epoch's end, naming it (`Epoch 00001: saving model to
                    # checkpoint.01.hdf5`, with no bar's line between: a job's log that keeps its callbacks' lines):
                    # the epoch's training ended there
                    epochs[line.rank][-1].line, epochs[line.rank][-1].end_ns = line.number, line.ts_ns
                if line.ts_ns is None and line.rank in epochs and epochs[line.rank][-1].line is None and (
                        _undated_epoch_line(line.text) == epochs[line.rank][-1].number) and not (
                        0 < line.number - evaluation_said.get(line.rank, -EVALUATION_SAID_LINES) <= EVALUATION_SAID_LINES
                        and "rain" not in line.text and "RAIN" not in line.text):
                    # an undated line that opens with its epoch and gives its loss: that epoch's
                    # line, with no clock (a dated line of its own later still dates it); not one right after the
                    # script's word that it evaluates (a Paddle exercise's `testing in eval mode……`, then `epoch: 0,
                    # loss is: 2.5047...`: its evaluation's result), unless it names its training's figures too
                    epoch = epochs[line.rank][-1]
                    epoch.line = line.number
                    epoch.loss = next((v for k, v in iter_numbers(line.text) if training_loss_key(k)), None)
                elif (line.ts_ns is None and line.rank in epochs and epochs[line.rank][-1].line is None
                      and "inished " in line.text and (finished := _EPOCH_FINISHED.match(line.text)) is not None
                      and int(finished.group("e")) == epochs[line.rank][-1].number):
                    # the trainer's word, undated, that the epoch it opened finished (ashawkey's Trainer's `==> Start
                    # Training Epoch 7, lr=0.009415 ...`, then `==> Finished Epoch 7.`; its heirs' `, average_loss=0.0123`):
                    # that epoch's line, with no clock (its time where the line gives it, `. Time: 12.3400s`, `_epoch`)
                    epoch = epochs[line.rank][-1]
                    epoch.line = line.number
                    epoch.loss = next((v for k, v in iter_numbers(line.text) if training_loss_key(k)), None)
            elif (line.ts_ns is None and line.rank in epochs and epochs[line.rank][-1].line is None
                  and epochs[line.rank][-1].took_s is None and (bar := _training_bar_reading(line)) is not None
                  and bar.n == bar.total):
                # a training bar done after the epoch's head, before its line (pascal_fcn_segmentation's `Epoch 1/30`,
                # `Training: 100%|...| 183/183 [00:41<00:00,  4.44it/s]`, its validation's bar, then `Train Loss:
                # 2.4997, Val Loss: 2.4865`): the epoch's training took the bar's time
                epochs[line.rank][-1].took_s = float(bar.elapsed_s)
            elif (line.ts_ns is None and line.rank in epochs and epochs[line.rank][-1].line is None
                  and "oss" in line.text and (said := _TRAIN_LOSS_LINE.match(line.text)) is not None):
                # an undated line of the epoch's training loss alone, after its epoch opened (a port of
                # recurrent-visual-attention's trainer: `Epoch: 88/200 - LR: 0.000300`, its bar, then `train
                # loss: 0.095 - train acc: 97.663 - val loss: ...`): that epoch's line, with no clock
                epoch = epochs[line.rank][-1]
                epoch.line, epoch.loss = line.number, float(said.group("v"))
                if ", PNorm = " in line.text:  # (chemprop's own line: its framework's)
                    epoch.framework = "chemprop"
            elif (line.ts_ns is None and line.rank in epochs and epochs[line.rank][-1].line is None
                  and line.text[:1] in " {" and _SPLIT_RESULTS.match(line.text) is not None):
                epochs[line.rank][-1].line = line.number  # an epoch's results per split (`_SPLIT_RESULTS`): its line
            elif (line.ts_ns is None and line.rank in epochs and "| Tot: " in line.text
                  and (kuangliu := _KUANGLIU_BAR.search(line.text)) is not None):
                # kuangliu/pytorch-cifar's bar after the epoch's head (`Epoch: 32`): its first loop is the
                # training's, each drawing (a `\r` piece in a raw console, the loop's end alone in a copy) its time
                # and loss so far, up to the one whose count is its total; the test loop's after it are none
                epoch = epochs[line.rank][-1]
                counts = _KUANGLIU_COUNT.findall(line.text)
                count, total = (int(counts[-1][0]), int(counts[-1][1])) if counts else (None, None)
                state = kuangliu_loops.get(line.rank)
                if state is None or state[0] is not epoch:
                    state = kuangliu_loops[line.rank] = (epoch, total, False)
                if not state[2] and (total is None or total == state[1]):
                    epoch.line, epoch.loss = line.number, float(kuangliu.group("l"))
                    epoch.took_s = took[0] if (took := duration_s(kuangliu.group("tot"))) else None
                    kuangliu_loops[line.rank] = (epoch, state[1], total is None or count == total)
            if line.ts_ns is not None and line.rank in epochs and not reference and (
                    "oss" in line.text or "lr" in line.text or "took" in line.text or "aken for epoch " in line.text
            ) and "Epoch None" not in line.text and "Namespace(" not in line.text and _epochs_own_figure(line.text) and not (
                    (since := _epoch_said_at(current := epochs[line.rank][-1], line.text)) is not None
                    and ended.get(line.rank, -1) > since
                    and not ((naming := _EPOCH.search(line.text)) is not None and int(naming.group(1)) == current.number)):
                # the epoch's own lines (its losses, learning rate, duration), not a launcher's or a crash's
                # printed while it ran, nor the next launch's arguments (`Namespace(..., learning_rate=0.001, ...)`),
                # nor MACE's evaluation before its first epoch (`Epoch None: loss=71.3685, ...`), nor, once the
                # epoch gave its line and then the run said its training ended, a line that does not name it
                # (MACE's `Epoch 48: loss=...`, `Training complete`, then its next run's
                # `WeightedEnergyForcesLoss(...)`; an epoch's own summary after an early stop's word names it), nor,
                # after the epoch's head alone and then that word, the run's own summary (`Processed 200000 samples
                # in epoch 0`, `Training completed in 3 days, ...`, `Final training loss: 1.1465`)
                epoch = epochs[line.rank][-1]
                epoch.line, epoch.end_ns = line.number, line.ts_ns
                if (naming_line := _EPOCH.search(line.text)) is not None and int(naming_line.group(1)) == epoch.number:
                    epoch.named_line, epoch.named_ns = line.number, line.ts_ns
                if (epoch.loss is None and "oss" in line.text
                        and _NOT_TRAINING.search(line.text, max(0, (at := line.text.find("oss")) - 24), max(0, at)) is None):
                    # (not an evaluation's line's, its word before its loss: a callback's `EPOCH 62 VAL   - Loss:
                    # 1.4579` printed before the epoch's `EPOCH 62 TRAIN - Loss: 2.3013`)
                    figures = list(iter_numbers(line.text))
                    # (by a known name, else by the training's other names: an epoch's `Avg_loss: 0.507`)
                    epoch.loss = next((v for k, v in figures if _KEYS.get(k) == "loss"),
                                      next((v for k, v in figures if "loss" in k and _LOSS_OWN_NAME.fullmatch(k)), None))
            if not hf_frame and "trainer.py" in line.text and _HF_TRAIN_FRAME.search(line.text) is not None:
                hf_frame = True
            if "%|" in line.text:
                # (an event glued after the bar is read too: a crash cut it)
                if not caching.get(line.rank, False):
                    if readings := _bare_bar(line.text):
                        bare.extend((line, reading) for reading in readings)
                    elif "oss" in line.text or "rain" in line.text or "RAIN" in line.text:
                        named_bars.extend((line, reading) for reading in _training_bar(line.text))
            elif "% " in line.text and "oss" in line.text and ("it/s" in line.text or "/epoch" in line.text):
                named_bars.extend((line, reading) for reading in _training_bar(line.text))
            elif line.text.strip():
                # (a bar right after a line saying it caches is that cache's filling, no training's:
                # kohya-ss' `INFO     caching latents...`, then `100%|██████████| 13/13 [00:04<00:00,  2.78it/s]`)
                caching[line.rank] = "aching" in line.text and _CACHING.search(line.text) is not None
            logged = len(rows.events)
            scanned = events.scan(line)
            if lerobot_grid and any(e["kind"] == LogEventKind.ELISION.value for e in rows.events[logged:]):
                lerobot_grid.clear()  # (lines cut out of the log, `...`: LeRobot's grid goes on from no known step)
            if len(rows.events) > logged and any(e["kind"] == LogEventKind.ATTEMPT_END.value for e in rows.events[logged:]):
                ended[line.rank] = line.number  # (its epoch's lines are done: `_Epoch`'s lines above)
            if scanned:
                # a crash glued to a bar's last drawing (`Steps: 100% 500/500 [28:39<00:00,
                # 3.65s/it, loss=0.138]Traceback (most recent call last):`): the drawing is read too
                glued = line.text.find("Traceback (most recent call last)")
                if glued <= 0 and (death := GLUED_SHELL_DEATH.search(line.text)) is not None:
                    glued = death.start()  # (the shell's `Killed` glued the same way)
                if glued <= 0 and "][rank" in line.text and (torch_line := _GLUED_TORCH_LINE.search(line.text)) is not None:
                    glued = torch_line.start()  # (a rank's C++ log line, a watchdog's, glued after a bar's bracket)
                if glued <= 0 or not bar_readings(line.text[:glued]):
                    continue
                line = line._replace(text=line.text[:glued], event_hint=False)
            text = line.text
            if xla_clocks and text[:14] == "Max Accuracy: " and _XLA_DONE.match(text) is not None:
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail="torch_xla's example: its epochs done")
                continue
            if "epoch results:" in text and (summary := _espnet_epoch_length(text)) is not None:
                lengths[(line.rank, summary[0])] = summary[1]
                continue
            if "per step time" in text and (per_step := _PER_STEP_TIME.match(text)) is not None:
                if rows.steps and rows.steps[-1]["rank"] == line.rank and rows.steps[-1].get("step_time_s") is None:
                    rows.steps[-1]["step_time_s"] = float(per_step.group("v")) / 1000
                continue
            if "Batch (t): " in text and (sampled := _SAMPLES_STEP.search(text)) is not None:
                samples.append((line, sampled))
                continue
            if "Train Epoch: " in text and (done_samples := _SAMPLES_DONE.search(text)) is not None:
                said = next((v for k, v in iter_numbers(text[done_samples.end():]) if _KEYS.get(k) == "loss"), None)
                records.append((line, int(done_samples.group("e")), int(done_samples.group("s")), int(done_samples.group("n")),
                                said))
                continue
            if text[:6] == "loss: " and epochs.get(line.rank) and (quick := _QUICKSTART_LOSS.fullmatch(text)) is not None:
                records.append((line, epochs[line.rank][-1].number, int(quick.group("s")), int(quick.group("n")),
                                float(quick.group("l"))))
                continue
            if "= Epoch " in text and (nemo_epoch := _NEMO_RL_EPOCH.match(text)) is not None:
                nemo_epochs[line.rank] = int(nemo_epoch.group("e"))
                continue
            if "= Step " in text and (nemo_rl := _NEMO_RL_STEP.match(text)) is not None:
                # the step whose results come below; its count starts over in a new epoch (not in
                # a relaunch that resumes within one: no epoch header between)
                number, (counted_in, offset, last) = int(nemo_rl.group("s")), nemo_counts.get(line.rank, (None, 0, None))
                if last is not None and number <= last and nemo_epochs.get(line.rank, counted_in) != counted_in:
                    offset += last
                nemo_counts[line.rank] = (nemo_epochs.get(line.rank), offset, number)
                nemo_steps[line.rank] = offset + number
                continue
            if "Training Results:" in text and line.rank in nemo_steps:
                rows.step(line=line.number, rank=line.rank, step=nemo_steps.pop(line.rank), end_ns=line.ts_ns)
                nemo_rows[line.rank] = len(rows.steps) - 1
                continue
            if "• " in text and line.rank in nemo_rows:
                if (loss := _NEMO_RL_LOSS.match(text)) is not None:
                    rows.steps[nemo_rows[line.rank]]["loss"] = float(loss.group("v"))
                elif (took := _NEMO_RL_TIME.match(text)) is not None:
                    rows.steps[nemo_rows.pop(line.rank)]["step_time_s"] = float(took.group("v"))
                continue
            if "| steps/sec:" in text and (orbit := _ORBIT_STEP.search(text)) is not None:
                key = (line.rank, int(orbit.group("s")))
                first = orbit_seen.get(key)
                if first is not None and first.copy_of(line, orbit_last.get(line.rank) is first):
                    if first.line.ts_ns is None and line.ts_ns is not None:
                        first.dated_by(line, rows)  # its print through absl: the step's time
                    first.copies += 1
                    continue
                # a step first seen, or seen again after a restart that went back to it
                record = orbit_seen[key] = orbit_last[line.rank] = _OrbitRecord(line, key[1])
                if (orbit_s := _orbit_step_time(orbit)) is not None:
                    record.values["step_time_s"] = orbit_s
                record.add_inline(text[orbit.end():])
                continue
            if "Training finished iteration " in text and (ray := _RAY_ITERATION.match(text)) is not None:
                before = len(rows.steps)
                rows.step(line=line.number, rank=line.rank, step=int(ray.group("i")),
                          **({"end_ns": line.ts_ns} if line.ts_ns is not None else
                             {"end_ns": parse_timestamp(ray.group("at")), "time_source": "record"}))
                if len(rows.steps) > before:
                    rows.steps[-1]["framework"] = "ray_train"
                    ray_rows[line.rank] = (len(rows.steps) - 1, line.number)
                    ray_trained = True
                continue
            if "Training completed after " in text and (ray := _RAY_COMPLETED.match(text)) is not None:
                dated = line if line.ts_ns is not None else line._replace(ts_ns=parse_timestamp(ray.group("at")))
                ray_reached.append((dated, int(ray.group("i")), {"framework": "ray_train"} | (
                    {} if line.ts_ns is not None else {"time_source": "record"})))
            if "time_this_iter_s" in text and line.rank in ray_rows and (
                    spent := _RAY_ITERATION_TIME.match(text.strip())) is not None:
                row, at = ray_rows.pop(line.rank)
                if line.number - at <= RAY_TABLE_LINES:
                    rows.steps[row]["step_time_s"] = float(spent.group("t"))
                continue
            if "Train loss" in text and _DEEPXDE_HEADER.fullmatch(text) is not None:
                deepxde.add(line.rank)
                deepxde_from[line.rank] = len(rows.steps)
                continue
            if line.rank in deepxde and text[:13] == "'train' took " and (took := _DEEPXDE_TOOK.fullmatch(text)) is not None:
                _deepxde_call_took(rows, line.rank, deepxde_from.get(line.rank, 0), float(took.group("t")))
                deepxde_done[line.rank] = line
                continue
            if line.rank in deepxde and "[" in text and (xde := _DEEPXDE_ROW.match(text)) is not None:
                # a row of DeepXDE's loss table: its loss the sum of its terms (the total it minimises)
                terms = [to_float(term) for term in xde.group("l").split(",")]
                before = len(rows.steps)
                rows.step(line=line.number, rank=line.rank, step=int(xde.group("s")), end_ns=line.ts_ns,
                          **({"loss": sum(t for t in terms if t is not None)} if terms and None not in terms else {}))
                if len(rows.steps) > before:
                    rows.steps[-1]["framework"] = "deepxde"
                continue
            if "Learning iteration " in text and (rsl := _RSL_ITERATION.fullmatch(text)) is not None:
                before = len(rows.steps)
                rows.step(line=line.number, rank=line.rank, step=int(rsl.group("i")), end_ns=line.ts_ns)
                if len(rows.steps) > before:
                    rows.steps[-1]["framework"] = "rsl_rl"
                    rsl_rows[line.rank] = len(rows.steps) - 1
                continue
            if " Metrics: " in text and (physicsnemo := _PHYSICSNEMO_EPOCH.search(text)) is not None:
                before = len(rows.steps)
                metrics = {key: float(value) for key, value in (("loss", physicsnemo.group("l")), ("lr", physicsnemo.group("lr")))
                           if value is not None}
                rows.step(line=line.number, rank=line.rank, step=int(physicsnemo.group("e")), end_ns=line.ts_ns, **metrics)
                if len(rows.steps) > before:
                    rows.steps[-1]["framework"] = "physicsnemo"
                    physicsnemo_rows[line.rank] = len(rows.steps) - 1
                continue
            if ("Execution Time: " in text and line.rank in physicsnemo_rows
                    and (executed := _PHYSICSNEMO_TIME.search(text)) is not None):
                rows.steps[physicsnemo_rows.pop(line.rank)]["step_time_s"] = float(executed.group("t"))
                continue
            if "Iteration time: " in text and line.rank in rsl_rows and (took := _RSL_TIME.fullmatch(text)) is not None:
                rows.steps[rsl_rows.pop(line.rank)]["step_time_s"] = float(took.group("t"))
                continue
            if "Saving checkpoints for " in text and (tf_save := _TF_SAVE.search(text)) is not None:
                # TensorFlow's CheckpointSaverHook (MonitoredTrainingSession's, Estimator's), in a log
                # its own reader does not read (no `loss = ..., step = ...` line of its hook)
                rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           step=int(tf_save.group("step")), raw=text)
                continue
            if "Start of epoch " in text and (loop_epoch := _KERAS_LOOP_EPOCH.match(text)) is not None:
                keras_epoch[line.rank] = int(loop_epoch.group("e"))
                continue
            if "Train Epoch: " in text and "%]" in text and _VITS_EPOCH.search(text) is not None:
                vits_epoch[line.rank] = line.number
                continue
            if (text[-1:] == "]" and line.number - vits_epoch.get(line.rank, -9) <= 2
                    and (vits := _VITS_LIST.search(text)) is not None):
                before = len(rows.steps)
                rows.step(line=line.number, rank=line.rank, step=int(vits.group("s")), end_ns=line.ts_ns,
                          lr=float(vits.group("lr")))
                if len(rows.steps) > before:
                    rows.steps[-1]["framework"] = "vits"
                vits_epoch.pop(line.rank)
                continue
            if (("s/iter; left time: " in text and (speed := _TSLIB_SPEED.search(text)) is not None)
                    or (" iters/sec. " in text and (speed := _CHAINER_RATE.match(text)) is not None)):
                # the time of the step line just before it, its program's (the Time-Series-Library's
                # seconds an iteration, Chainer's iterations a second)
                tslib = speed.re is _TSLIB_SPEED
                last = next((row for row in reversed(rows.steps if tslib else chainer_bar) if row["rank"] == line.rank), None)
                rate = None if tslib or speed.group("r") == "inf" else float(speed.group("r"))
                seconds = float(speed.group("s")) if tslib else 1 / rate if rate else None
                if (last is not None and (not tslib or last.get("framework") == "time_series_library")
                        and line.number - last["line"] <= 2 and last.get("step_time_s") is None and seconds is not None):
                    last["step_time_s"] = seconds
                continue
            if ", Steps: " in text and (epoch_end := _TSLIB_EPOCH.search(text)) is not None:
                tslib_batches[line.rank] = int(epoch_end.group("n"))  # (and the epoch's line, read on below)
                tslib_epoch_lines[line.number] = (int(epoch_end.group("e")), int(epoch_end.group("n")))
            if ("Num Iters: " in text or (("poch" in text or "POCH" in text) and ("er" in text or "ER" in text)
                                           and ("per_epoch" in (epoch_said := text.lower()) or "per epoch" in epoch_said))) and (
                    per_epoch := _STATED_EPOCH_LENGTH.search(text)) is not None:
                stated_epoch_length[line.rank] = int(per_epoch.group("n"))
            if text[:12] == "Batch size: " and (horovod := _HOROVOD_BATCH.match(text)) is not None:
                horovod_batch = int(horovod.group("b"))
            elif "atches" in text and (per_iter := _HOROVOD_PER_ITER.search(text)) is not None:
                horovod_per_iter = int(per_iter.group("n"))
            if " per device" in text and (per_device := _TF_CNN_PER_DEVICE.match(text)) is not None:
                tf_cnn_per_device = int(per_device.group("b"))
            elif text[:8] == "Devices:" and tf_cnn_per_device is not None and (
                    devices := _TF_CNN_DEVICES.match(text)) is not None:
                names = [name for name in devices.group("d").split(",") if name.strip()]
                tf_cnn_batch = tf_cnn_per_device * (1 if "horovod/" in devices.group("d") else max(1, len(names)))
            if "batch_size=" in text and "Namespace(" in text and (args := _ARGS_BATCH.search(text)) is not None:
                args_batch = int(args.group("b"))
                if (devices := _ARGS_DEVICES.search(text)) is not None:
                    args_batch *= int(devices.group("n"))  # (a batch a device, on each of them)
            if " iter, " in text and (progress := _CHAINER_ITER.fullmatch(text)) is not None:
                # (kept aside: a PrintReport table of the iterations is the richer reading, below)
                chainer_bar.append({"line": line.number, "rank": line.rank, "step": int(progress.group("i")),
                                    "end_ns": line.ts_ns})
                continue
            if " Batch " in text and (wenet := _WENET.search(text)) is not None:
                # WeNet's executor: a training batch within its epoch a step (its count starts over each
                # epoch: `within`), the rank its line's last field; a cross-validation batch (`CV`) none
                if wenet.group("tag") == "TRAIN":
                    before = len(rows.steps)
                    rank = line.rank if line.rank is not None or wenet.group("r") is None else int(wenet.group("r"))
                    rows.step(line=line.number, rank=rank, step=int(wenet.group("b")), end_ns=line.ts_ns,
                              **_step_values(text[wenet.start("loss"):]))
                    if len(rows.steps) > before:
                        rows.steps[-1]["framework"] = "wenet"
                        within.append((len(rows.steps) - 1, int(wenet.group("e"))))
                continue
            if "avg_epoch_loss=" in text and (gluon := _gluonts_epoch(text)) is not None:
                # an epoch's last drawing (its redraws, a line each where the bar's carriage returns
                # split them, and its total reached where it has one) is the epoch
                waiting = gluon_pending.get(line.rank)
                if waiting is not None and waiting[1][1] != gluon[1]:
                    _gluonts_row(rows, *waiting)
                gluon_pending[line.rank] = (line, gluon)
                continue
            if "est iteration" in text and _BOOST_BEST.search(text) is not None:
                boost_best[line.rank] = line.number
                continue
            if text[:1] == "[" and boost_best.get(line.rank, -2) == line.number - 1:
                continue  # (a boosting run's best round printed again: no step)
            if "opt_callback: iter=" in text and " dt=" not in text and _ggml_before_first(text):
                continue  # (every other callback line times its iteration: only a line without `dt=` is read twice)
            if "[ROUND " in text and (began := _FLOWER_ROUND.search(text)) is not None:
                flower_rounds[line.rank] = int(began.group("s"))
                continue
            if ("aggregate_fit: " in text and line.rank in flower_rounds
                    and _FLOWER_AGGREGATED.search(text) is not None):
                before = len(rows.steps)
                rows.step(line=line.number, rank=line.rank, step=flower_rounds.pop(line.rank), end_ns=line.ts_ns)
                if len(rows.steps) > before:
                    rows.steps[-1]["framework"] = "flower"
                    federated = True
                continue
            if (own := _own_step(text)) is not None:
                values = own.values
                if "_frames" in values:  # (rl_games': the epoch's frames over its rate, from the epoch before's count)
                    frames, fps = values.pop("_frames"), values.pop("_fps")
                    last_frames, games_frames[line.rank] = games_frames.get(line.rank), (own.step, frames)
                    if last_frames is not None and last_frames[0] == own.step - 1 and frames > last_frames[1] and fps > 0:
                        values["step_time_s"] = (frames - last_frames[1]) / fps
                if "_images_per_s" in values:  # (tf_cnn_benchmarks': the seconds since its warm-up, a clock)
                    rate = values.pop("_images_per_s")
                    if tf_cnn_batch is not None and rate > 0:
                        history = tf_cnn_clock.setdefault(line.rank, [])
                        if not history or history[-1][0] != own.step:
                            # (a step's figure rounded by half a unit of the rate's last digit: the batch over the
                            # rate moves by batch x that / rate squared, each of the steps so far)
                            tf_cnn_span[line.rank] = _elapsed_span(
                                history, own.step, own.step * tf_cnn_batch / rate,
                                own.step * tf_cnn_batch * own.rounding / (rate * rate))
                        # (another process's line of the same step, none of them labelled: its span the same)
                        if (span := tf_cnn_span.get(line.rank)) is not None:
                            values["step_time_s"] = span
                if "_iteration_images_per_s" in values:  # (Horovod's: an iteration's batches over its rate)
                    rate = values.pop("_iteration_images_per_s")
                    if horovod_batch is not None and rate > 0:
                        values["step_time_s"] = horovod_batch * (horovod_per_iter or HOROVOD_BATCHES_PER_ITER) / rate
                        if horovod_per_iter is None and horovod_default is None:
                            horovod_default = (f"line {line.number}: Horovod's benchmark iterations are taken as "
                                               f"{HOROVOD_BATCHES_PER_ITER} batches each, its scripts' default "
                                               "(no `--num-batches-per-iter` in the log)")
                if own.framework in FEDERATED_FRAMEWORKS and (last_round := next(
                        (row for row in reversed(rows.steps) if row["rank"] == line.rank), None)) is not None and (
                        last_round["step"] == own.step and last_round.get("framework") == own.framework):
                    # (a round's second line, Flower's evaluation after the round's updates came in: one round)
                    if last_round.get("loss") is None and "loss" in values:
                        last_round["loss"] = values["loss"]
                    if own.clock == "elapsed" and own.seconds is not None:
                        span_s = _elapsed_span(elapsed.setdefault((line.rank, own.framework), []), own.step, own.seconds,
                                               own.rounding, (0, 0.0, 0.0) if own.from_start else None)
                        if span_s is not None and last_round.get("step_time_s") is None:
                            last_round["step_time_s"] = span_s
                    continue
                if values.pop("_episode_said", False) and rows.steps and rows.steps[-1]["rank"] == line.rank and (
                        rows.steps[-1]["step"] == own.step and rows.steps[-1]["line"] == line.number - 1):
                    continue  # (the episode's line said again, the `\r` one then the newline's every 100: one episode)
                if "samples_per_s" in values:  # (MXNet's: the seconds of a batch of the script's size)
                    rate = values.pop("samples_per_s")
                    if args_batch is not None and rate > 0:
                        values["step_time_s"] = args_batch / rate
                if own.framework == "time_series_library" and own.epoch is not None and (
                        own.epoch == 1 or line.rank in tslib_batches):
                    # the epoch's iteration past the epochs before, each of the batches an epoch's end said
                    own = own._replace(step=(own.epoch - 1) * tslib_batches.get(line.rank, 0) + own.step, epoch=None)
                if own.series is not None and series.setdefault((line.rank, own.framework), own.series) != own.series:
                    continue  # (another behaviour's summary: each counts its own steps; the first one's are read)
                if own.clock == "elapsed" and own.seconds is not None:
                    # the seconds since training began: over the steps since an earlier line of the run
                    # far enough back for the printed rounding (`_span_mean`); a count or clock gone
                    # back starts another run's
                    read = elapsed.get((line.rank, own.framework))
                    epochs_said = len(epochs.get(line.rank, ()))  # (a count and clock within each epoch start over with it)
                    if (read and line.ts_ns is None and own.step <= read[-1][0] and own.seconds < read[-1][1]
                            and line.rank is None and clock_epochs.get(own.framework) == epochs_said
                            and own.framework == "generic"):
                        # (a script's own clock; not a library's whose clock times one fit, CatBoost's or LightGBM's,
                        # started again for each fold of a cross-validation in one process)
                        clock_restarts.append(line)
                    clock_epochs[own.framework] = epochs_said
                    span_s = _elapsed_span(elapsed.setdefault((line.rank, own.framework), []), own.step, own.seconds,
                                           own.rounding, (0, 0.0, 0.0) if own.from_start else None)
                    if span_s is not None:
                        values["step_time_s"] = span_s
                elif own.clock == "since":
                    program = (line.rank, own.framework)
                    before_own, clocked[program] = clocked.get(program), (own.step, own.seconds)
                    if before_own is not None and own.step > before_own[0] and own.seconds is not None:
                        values["step_time_s"] = own.seconds / (own.step - before_own[0])
                        opening = first_since.pop(program, None)
                        if (opening is not None and opening[1] == own.step - before_own[0]
                                and opening[0].get("step_time_s") is None):
                            # the program's first line counted as many steps as the next: from 0, its time
                            # since training began (Marian's `Up. 1000 : ... : Time 4824.02s` 4824 s after its
                            # `Training started`, `Up. 2000` 1000 updates later)
                            opening[0]["step_time_s"] = opening[2] / opening[1]
                if own.framework == "keras" and line.rank in keras_epoch:
                    own = own._replace(epoch=keras_epoch[line.rank])
                if own.in_epoch and own.epoch is None and line.rank in epochs:
                    own = own._replace(epoch=epochs[line.rank][-1].number)  # (see `_steps_across_epochs`)
                before = len(rows.steps)
                at_ns = round(own.seconds * 1e9) if own.clock == "at" and own.seconds is not None else None
                rows.step(line=line.number, rank=line.rank if line.rank is not None else own.rank, step=own.step,
                          end_ns=line.ts_ns if line.ts_ns is not None else at_ns, **values)
                if len(rows.steps) > before:
                    rows.steps[-1]["framework"] = own.framework
                    federated = federated or own.framework in FEDERATED_SERVERS
                    if own.clock == "since" and own.seconds is not None and own.step > 0 and clocked.get(
                            (line.rank, own.framework)) == (own.step, own.seconds) and "step_time_s" not in values:
                        first_since.setdefault((line.rank, own.framework), (rows.steps[-1], own.step, own.seconds))
                    if own.epoch is not None:
                        within.append((len(rows.steps) - 1, own.epoch))
                        if own.batches:
                            sizes[(rows.steps[-1]["rank"], own.epoch)] = own.batches
                continue
            if " epoch " in text and ", edge chunk " in text and (chunk := _PBG_CHUNK.search(text)) is not None:
                if chunk.group("w") == "Starting":
                    pbg_chunks[line.rank] = [0.0, None]
                    continue
                done = pbg_chunks.pop(line.rank, None)
                edge_paths, chunks = int(chunk.group("pp")), int(chunk.group("cc"))
                before = len(rows.steps)
                rows.step(line=line.number, rank=line.rank, step=((int(chunk.group("e")) - 1) * edge_paths
                                                                  + int(chunk.group("p")) - 1) * chunks + int(chunk.group("c")),
                          end_ns=line.ts_ns, **({"step_time_s": done[0]} if done is not None and done[0] else {}),
                          **({"loss": done[1]} if done is not None and done[1] is not None else {}))
                if len(rows.steps) > before:
                    rows.steps[-1]["framework"] = "pytorch_biggraph"
                continue
            if line.rank in pbg_chunks and "): " in text:
                # (a bucket of the chunk begun: its time, the chunk's part; its loss)
                if " edges in " in text and (bucket := _PBG_BUCKET.search(text)) is not None:
                    pbg_chunks[line.rank][0] = float(pbg_chunks[line.rank][0] or 0.0) + float(bucket.group("t"))
                elif "loss:" in text and (pbg_loss := _PBG_LOSS.search(text)) is not None and pbg_loss.group("l") != "nan":
                    pbg_chunks[line.rank][1] = float(pbg_loss.group("l"))
            if "][Train](" in text and " average " in text and (dglke := _DGLKE_STEP.fullmatch(text)) is not None:
                # (a DGL-KE process's first average at a step opens its row, `pos_loss` before `loss`: a block cut
                # before the loss keeps the step)
                rank = line.rank if line.rank is not None else int(dglke.group("r"))
                dglke_row = dglke_rows.get(rank)
                if dglke_row is None or dglke_row["step"] != int(dglke.group("s")):
                    before = len(rows.steps)
                    rows.step(line=line.number, rank=rank, step=int(dglke.group("s")), end_ns=line.ts_ns)
                    dglke_row = None
                    if len(rows.steps) > before:
                        dglke_row = dglke_rows[rank] = rows.steps[-1]
                        dglke_row["framework"] = "dgl_ke"
                if dglke_row is not None and dglke.group("k") == "loss" and dglke.group("v") != "nan":
                    dglke_row["loss"] = float(dglke.group("v"))
                continue
            if " steps take " in text and (interval := _DGLKE_TIME.fullmatch(text)) is not None and int(interval.group("k")):
                # (DGL-KE's interval's time after its process's averages: the mean step time of its last step line's)
                timed = dglke_rows.get(line.rank if line.rank is not None else int(interval.group("r")))
                if timed is not None and timed.get("step_time_s") is None:
                    timed["step_time_s"] = float(interval.group("t")) / int(interval.group("k"))
                continue
            if "per step time: " in text and (monitor := _TIME_MONITOR.match(text)) is not None:
                # MindSpore's TimeMonitor after the epoch's LossMonitor line: that step's mean time
                last = next((row for row in reversed(rows.steps) if row["rank"] == line.rank), None)
                if last is not None and last.get("step_time_s") is None and line.number - last["line"] <= 2:
                    last["step_time_s"] = float(monitor.group("ms")) / 1000
                continue
            if "GLOBAL_STEP: " in text and (coqui := _COQUI_STEP.search(text)) is not None:
                record = _CoquiRecord(line, int(coqui.group("s")))
                continue
            if "Finished training step " in text and (finished := _FINISHED_STEP.search(text)) is not None:
                rows.step(line=line.number, rank=line.rank, step=int(finished.group("s")), end_ns=line.ts_ns)
                continue
            if "(global_step " in text and (tensorpack := _tensorpack_end(text)) is not None:
                rows.step(line=line.number, rank=line.rank, step=tensorpack[1], end_ns=line.ts_ns)
                tensorpack_ends.append((len(rows.steps) - 1, *tensorpack))
                continue
            if "smpl:" in text and (lerobot := _LEROBOT.search(text)) is not None:
                # (LeRobot's line: its step exact, or rounded and placed on the grid of the steps before it; not
                # its evaluation's, `step:10K smpl:80K ep:200 epch:200.02 ∑rwrd:14.880 success:0.0% eval_s:352.029`)
                if "eval_s:" in text:
                    continue
                grid = lerobot_grid.get(line.rank)
                step = int(lerobot.group("s")) if lerobot.group("s") else _lerobot_step(lerobot, grid)
                if step is not None:
                    before = len(rows.steps)
                    rows.step(line=line.number, rank=line.rank, step=step, end_ns=line.ts_ns,
                              **_step_values(text[lerobot.end():]))
                    if len(rows.steps) > before:
                        rows.steps[-1]["framework"] = "lerobot"
                    lerobot_grid[line.rank] = (step, step - grid[0] if grid is not None else step)
                continue
            # an undated step has a row with no time (nothing places it), with the time it reports
            counter = _step_counter(text) if line.ts_ns is not None or _MAY_COUNT.search(text) else None
            if (counter is not None and counter.match.re is STEP and line.ts_ns is not None
                    and _EVALUATION_AFTER.match(text, counter.match.end()) is not None
                    and _TRAINING_NAMED.search(text, counter.match.end()) is None):
                # (an evaluation's line at the step: mlx-lm's `Iter 100: Val loss 0.922, Val took 2.440s`; not one whose
                # keys, sorted, put a test's before its training's, `step 100: test_acc 0.01 train_loss 1.0`)
                counter = None
            if counter is not None and ("accumulated_eval_time=" in text or "Time since start: " in text) and (
                    _ALGOPERF_EVALUATION.search(text) is not None):
                # (AlgoPerf's evaluation's records at the step it reached, its training step's line after; the runner's,
                # `algoperf_reached`)
                if "Time since start: " in text:
                    algoperf_reached.append((line, counter.step, {}))
                counter = None
            if counter is not None and counter.match.re is _POINTNET_BATCH and line.rank in epochs:
                counter = counter._replace(epoch=epochs[line.rank][-1].number)  # (the epoch its banner opened)
            if (counter is not None and counter.match.re is STEP and line.rank in epochs
                    and text[max(0, counter.match.start() - 6):counter.match.start()] == "Epoch "):
                # a step its name counts within its epoch (The Annotated Transformer's `run_epoch`: `Epoch Step:     41 |
                # Accumulation Step:   5 | Loss: ...` under `[Epoch 1] Training ====`): the epoch its banner opened
                counter = counter._replace(epoch=epochs[line.rank][-1].number, named_in_epoch=True)
            if counter is not None and (counter.match.re is _BATCH_OF or counter.match.re is _MONAI_BATCH):
                named = epochs[line.rank][-1].number if line.rank in epochs else None  # the epoch its own line named last
                if batch_totals.setdefault((line.rank, named), counter.batches) != counter.batches:
                    counter = None  # another loop's batches in the epoch (its validation's): no step
                elif named is not None:
                    counter = counter._replace(step=(named - (counter.base or 0)) * counter.batches + counter.step, epoch=named)
            glued_rate: float | None = None
            if counter is not None and counter.epoch is not None and "%|" in text and (
                    readings := bar_readings(text)) and counter.match.end() <= readings[-1].start:
                # an epoch's batch its bar's description names (minGPT's trainer's `epoch 1 iter 3260: train
                # loss 0.55002. lr 3.000578e-04: 100%|...| 3261/3261 [40:39<00:00,  1.34it/s]`): the bar's rate
                glued_rate = readings[-1].seconds_per_item
            elif counter is not None and counter.epoch is None and "%|" in text and (
                    readings := bar_readings(text)) and counter.match.start() >= readings[-1].end:
                # a step line glued after a bar's drawing (verl's `| 34/35 [07:32<00:13, 13.14s/it]step:105 -
                # train/loss:0.0629`): its own counter is the step (the bar may not have counted it yet), the
                # bar's rate its time; a redraw of the bar's count later is no new step
                glued_rate = readings[-1].seconds_per_item
                if (bar := _bar_step(text)) is not None:
                    bars_seen[line.rank] = bar[0].step
            elif counter is None and "poch" in text and "it [" in text and (open_bar := _open_epoch_bar(text)) is not None:
                # (a bar with no total draws its count as `300it [`; one with a total is read below)
                open_bars.append((line, *open_bar))
                continue
            elif counter is None and "total_it=" in text and (
                    pcdet := next(reversed(list(_OPENPCDET_BAR.finditer(text))), None)) is not None:
                # (redraws glued on one line: the last is the latest)
                step = int(pcdet.group("it"))
                if bars_seen.get(line.rank) != step:  # a redraw of the same count is no new step
                    bars_seen[line.rank] = step
                    rate = float(pcdet.group("r"))
                    seconds = rate if pcdet.group("u") == "s/it" else 1 / rate if rate > 0 else None
                    rows.step(line=line.number, rank=line.rank, step=step, end_ns=line.ts_ns,
                              **({"step_time_s": seconds} if seconds is not None else {}))
                    rows.steps[-1]["framework"] = "openpcdet"
                continue
            elif (counter is None and "oss" in text and "%|" in text and line.rank not in epochs
                  and line.rank not in first_bars and (loss_bar := _loss_bar(text)) is not None):
                first_bars[line.rank] = (line, *loss_bar)  # (read below once an epoch's line follows it)
            elif (counter is None and "oss" in text and "%|" in text and line.rank in epochs
                  and (loss_bar := _loss_bar(text)) is not None):
                # an epoch's bar that shows its loss and no epoch, under the epoch's own line: the epochs
                # before it, each of the bar's total batches, and its count (from the first epoch's number);
                # where the first such bar came before any epoch's line, the first epoch's (a loop that prints
                # each epoch's line after its bar, a liquid network's example's `Epoch 1, val_loss=1.67, ...`:
                # each bar one epoch past the line above it)
                drawing, bar_loss = loss_bar
                if (before_epochs := first_bars.pop(line.rank, None)) is not None and before_epochs[1].total == drawing.total:
                    summed_after[line.rank] = True
                    first_line, first_drawing, first_loss = before_epochs
                    rows.step(line=first_line.number, rank=line.rank, step=first_drawing.n, end_ns=first_line.ts_ns,
                              **({"step_time_s": first_drawing.seconds_per_item}
                                 if first_drawing.seconds_per_item is not None else {}),
                              **({"loss": first_loss} if first_loss is not None else {}))
                bar_epochs = epochs[line.rank]
                # (the run's first epoch: back through the epochs counted one by one up to this one, not a number a
                # line before them named in passing, `Namespace(..., epoch=20)`)
                run_from = len(bar_epochs) - 1
                while run_from > 0 and bar_epochs[run_from - 1].number == bar_epochs[run_from].number - 1:
                    run_from -= 1
                step = (bar_epochs[-1].number - bar_epochs[run_from].number + summed_after.get(line.rank, False)) * (
                    drawing.total) + drawing.n
                if bars_seen.get(line.rank) != step:  # a redraw of the same count is no new step
                    bars_seen[line.rank] = step
                    rows.step(line=line.number, rank=line.rank, step=step, end_ns=line.ts_ns,
                              **({"step_time_s": drawing.seconds_per_item} if drawing.seconds_per_item is not None else {}),
                              **({"loss": bar_loss} if bar_loss is not None else {}))
                continue
            elif (counter is None or counter.epoch is None) and (bar := _bar_step(text)) is not None:
                described = counter
                counter, drawing = bar
                seconds = drawing.seconds_per_item
                if (described is not None and described.match.re is STEP and described.match.group(0)[:4].lower() == "step"
                        and not text.startswith("/", described.match.end())
                        and described.match.end() <= drawing.start):
                    # the run's step the bar's description names, not the epoch's batches the bar counts
                    # (Yet-Another-EfficientDet-Pytorch's `Step: 28363. Epoch: 399/400. Iteration: 35/71.
                    # ...: 48%|...| 34/71 [01:01<00:45,  1.23s/it]`, set after the step, a redraw as the
                    # bar moves on to the next batch showing it again)
                    counter = described
                if (bars_seen.get(line.rank) == counter.step and counter.match.re is _STEPS_BAR
                        and (drawn_row := bar_rows.get(line.rank)) is not None and drawn_row["step"] == counter.step
                        and (redrawn_loss := postfix_loss(text, drawing)) is not None):
                    # (a redraw of the count with the step's own loss: diffusers' and kohya's loops call
                    # `update(1)`, then `set_postfix(loss=...)`, the first drawing the step before's)
                    drawn_row["loss"] = redrawn_loss
                if bars_seen.get(line.rank) != counter.step:  # a redraw of the same count is no new step
                    bars_seen[line.rank] = counter.step
                    held = bar_clocks.get(line.rank)
                    seconds = clock_held_rate(seconds, drawing, held)
                    bar_clocks[line.rank] = (drawing.n, drawing.elapsed_s)
                    # (the run's steps bar's first reading, dated: it ends the steps it counts since
                    # the bar began, its elapsed time before it; a bar whose count went back is a new one)
                    began = (line.ts_ns - int(drawing.elapsed_s * 1e9)
                             if counter.match.re is _STEPS_BAR and line.ts_ns is not None and drawing.elapsed_s > 0
                             and (held is None or drawing.n < held[0]) else None)
                    before = len(rows.steps)
                    loss = postfix_loss(text, drawing) if counter.match.re is _STEPS_BAR else None
                    rows.step(line=line.number, rank=line.rank, step=counter.step, end_ns=line.ts_ns,
                              **({"step_time_s": seconds} if seconds is not None else {}),
                              **({"start_ns": began} if began is not None else {}),
                              **({"loss": loss} if loss is not None else {}))
                    if len(rows.steps) > before:
                        bar_rows[line.rank] = rows.steps[-1]
                    if len(rows.steps) > before and counter.match.re is _TORCHTUNE_BAR:
                        rows.steps[-1]["framework"] = "torchtune"
                    if len(rows.steps) > before and counter.epoch is not None:
                        counted.append((len(rows.steps) - 1, counter))
                        if counter.ends_epoch and counter.batches:
                            rows.epoch_end(rows.steps[-1], counter.epoch, counter.batches)
                        else:
                            rows.within_epoch(rows.steps[-1], counter.epoch)
                    elif (len(rows.steps) > before and counter.match.re is _STEPS_BAR and counter.match.group("pe")
                          and (total := bar_readings(text)[-1].total)):
                        epoch_steps.append((len(rows.steps) - 1, int(counter.match.group("pe")), total))
                    elif len(rows.steps) > before and counter.match.re is _STEPS_BAR:
                        steps_bar_rows.add(id(rows.steps[-1]))
                        steps_drawn.append((rows.steps[-1], line, drawing))
                continue
            if counter is not None and counter.match.re is _ITER_STEP:
                micro.setdefault(line.rank, []).append(
                    (line, int(counter.match.group("i")), counter.step, counter.metrics(text)))
                continue
            if counter is not None:
                values = counter.metrics(text)
                if _COARSE_STEP_TIME in values:  # (an undated line's only time)
                    coarse = values.pop(_COARSE_STEP_TIME)
                    if line.ts_ns is None:
                        values.setdefault("step_time_s", coarse)
                if counter.match.re is _CENTERNET and counter.epoch is not None and (
                        net := _CENTERNET_NET.search(text, counter.match.end())) is not None and (
                        batch_s := _from_running_mean(centernet_means, (line.rank, counter.epoch),
                                                      int(counter.match.group("i")), net.group(1))) is not None:
                    values["step_time_s"] = batch_s
                if counter.match.re is _LTR_STATS and (
                        total_time := _LTR_TOTAL_TIME.search(text, counter.match.end())) is not None:
                    # (the mean from the epoch's start, whichever of its lines comes first)
                    ltr_epoch = (line.rank, int(counter.match.group("e")))
                    ltr_means.setdefault(ltr_epoch, [(0, 0.0, 0.0)])
                    batch_s = _from_running_mean(ltr_means, ltr_epoch, int(counter.match.group("i")) - 1, total_time.group(1))
                    values.pop("step_time_s", None)
                    if batch_s is not None:
                        values["step_time_s"] = batch_s
                if counter.match.re is _EPOCH_BATCH:
                    _metric_logger_means(values, text, counter, line.rank, window_means)
                if glued_rate is not None and "step_time_s" not in values:
                    values["step_time_s"] = glued_rate
                if not values and (line.ts_ns is not None or ",epoch=" in text) and _record_head(text, counter):
                    record = _Record(line, counter.step)
                elif not values and line.ts_ns is None and _head_alone(text, counter) and not _counter_alone(text, counter):
                    record = _HeadRecord(line, counter)
                elif "val loss" in text and _EVAL_STEP_AT.match(text, counter.match.start()) is not None:
                    pass  # an evaluation's, dated or not: a step only where nothing else is (`_evaluated_steps`)
                elif ((values and (line.ts_ns is not None or _undated_step(text, values))) or _counter_alone(text, counter)
                      or (line.ts_ns is not None and _named_loss(text[counter.match.end():]))
                      or (not values and nonfinite_loss(text[counter.match.end():]) and _NOT_TRAINING.search(text) is None)
                      or (line.ts_ns is not None and counter.epoch is not None and _THROUGHPUT_ONLY.search(text) is not None)):
                    before = len(rows.steps)
                    rank = line.rank
                    if rank is None and "Device=xla:" in text and (xla := _XLA_DEVICE.search(text)) is not None:
                        rank = int(xla.group("rank"))
                        if (clock := _XLA_CLOCK.search(text, xla.end())) is not None and "step_time_s" not in values:
                            seconds = _xla_interval(xla_clocks, rank, int(clock.group("epoch")), counter.step,
                                                    int(clock.group("h")) * 3600 + int(clock.group("m")) * 60
                                                    + int(clock.group("s")))
                            if seconds is not None:
                                values["step_time_s"] = seconds
                    elif rank is None:
                        rank = _field_rank(text)
                    rows.step(line=line.number, rank=rank, step=counter.step, end_ns=line.ts_ns, **values)
                    if (len(rows.steps) > before and "time elapsed: " in text and "step_time_s" not in values
                            and (clock := _HMS_ELAPSED.search(text, counter.match.end())) is not None):
                        elapsed_rows.append((rows.steps[-1], int(clock.group("h")) * 3600 + int(clock.group("m")) * 60
                                             + int(clock.group("s")), line.number))
                    if counter.match.re is _CLU and len(rows.steps) > before:
                        writer_rows.add(id(rows.steps[-1]))

                    elif (len(rows.steps) > before and values
                          and (set(values) <= {"step_time_s", "data_time_s"} or set(values) == {"lr"})
                          and (last := rows.steps[-2] if len(rows.steps) > 1 else None) is not None
                          and last["rank"] == rank and last["step"] == counter.step
                          and last.get("lr" if set(values) == {"lr"} else "step_time_s") is None):
                        # the step's time on a line of its own right after its metrics' (MindYOLO's `Epoch 35/300,
                        # Step 4/4, step time: 23330.36 ms` after `Epoch 35/300, Step 4/4, ..., loss: 0.2778, ...`),
                        # or its learning rate (Caffe's SGD solver's `sgd_solver.cpp:106] Iteration 100, lr = 0.001`
                        # after its solver's `solver.cpp:228] Iteration 100, loss = 1.69312`)
                        writer_rows.add(id(rows.steps[-1]))
                    if (rank is None and len(rows.steps) > before and ") " in text
                            and (of_world := _RANK_OF_WORLD.search(text)) is not None):
                        tagged.append((len(rows.steps) - 1, int(of_world.group("r")), int(of_world.group("w"))))
                    if len(rows.steps) > before and counter.epoch is not None:
                        within_epoch(counter, rank)
                    if len(rows.steps) > before and (framework := _line_framework(text, counter)) is not None:
                        rows.steps[-1]["framework"] = framework  # a step's framework is its line's
                    if len(rows.steps) > before and counter.match.re is _JSON_EPOCH_STATS:
                        epoch_records.add(id(rows.steps[-1]))
                    if len(rows.steps) > before:
                        row = rows.steps[-1]
                        trained = trained_to.get(line.rank)
                        if line.rank in in_evaluation:
                            # (a start or failure since the banner ends its section: the events since the last look)
                            if any(event["kind"] in _STARTS_OR_FAILURES for event in rows.events[in_evaluation[line.rank]:]):
                                del in_evaluation[line.rank]
                            else:
                                in_evaluation[line.rank] = len(rows.events)
                        if (line.rank in in_evaluation and trained is not None
                                and counter.epoch == trained[0] and row["step"] <= trained[1]):
                            # (an evaluation's loop under its banner counting the epoch's batches again)
                            banner_evaluations.add(id(row))
                        else:
                            trained_to[line.rank] = (counter.epoch, row["step"])
        if record is not None:
            record.emit(rows)
        for waiting in gluon_pending.values():
            _gluonts_row(rows, *waiting)
        if micro:
            _optimizer_steps(rows, micro)
        if epoch_steps:
            _epoch_steps_bars(rows, epoch_steps)
        if open_bars:
            _open_epoch_bar_steps(rows, open_bars)
        if samples:
            _sample_steps(rows, samples)
        counted_in_records = _record_steps(rows, records) if records else None
        if monai:
            _monai_steps(rows, monai)
        if tensorpack_ends:
            _tensorpack_steps(rows, tensorpack_ends)
        if tagged:
            _logger_ranks(rows, tagged)
        evaluation_rows: set[int] = set()  # ids of rows an evaluation loop printed (`_evaluation_loops`)
        if counted:
            evaluated = _evaluation_loops(rows, counted)
            evaluation_rows = {id(rows.steps[index]) for index in evaluated}
            counted = _run_counts(rows, [(index, counter) for index, counter in counted if index not in evaluated])
            _from_epoch_one(rows, counted)
        if steps_drawn:
            _clock_bars(steps_drawn, lines, rows)
        if bare and (last_epoch_line := max((epoch.line for numbered in epochs.values() for epoch in numbered
                                             if epoch.line is not None), default=None)) is not None and all(
                line.number > last_epoch_line for line, _ in bare):
            # (bars drawn only after the last epoch's own line are none of its training's: DGL's GraphSAGE example's
            # `Epoch 00009 | Loss 0.3667 | ... | Time 64.9689`, `Testing...`, then its layer-wise inference's bars)
            bare = []
        if not rows.steps and (bare or (named_bars and not any(epochs.values()))):
            # (bars that name their training count where no step line and no epoch's line does: a log whose epochs
            # have lines of their own is read by those, AllenNLP's `Epoch 0/39` ... `Epoch duration: 0:00:39.8`)
            _clock_bars(_bare_bar_steps(rows, bare) if bare else _bare_bar_steps(rows, named_bars, one_total=False), lines, rows)
            if hf_frame:  # the bar a traceback through the HF Trainer's loop stopped: the Trainer's
                for row in rows.steps:
                    row["framework"] = "hf_trainer"
        estimated = _steps_across_epochs(rows, within, lengths, sizes,
                                         next(iter(counted_from)) if len(counted_from) == 1 else None,
                                         stated_epoch_length) if within else None
        if elapsed_rows:
            elapsed_step_times(elapsed_rows, min_gap_s=0)  # (once the steps are counted across epochs)
        if chainer_bar and not rows.steps:
            _chainer_steps(lines, rows, chainer_bar)
        if not rows.steps and SHARED_LINES.get():
            table_steps(lines, rows)  # a progress table (fastai's, chainer's): no step line above
        elif rows.steps and SHARED_LINES.get() and any(line.text[:1] == "|" for line in lines):
            _table_fills_gaps(lines, rows)
        if not rows.steps:
            _logger_tables(lines, rows)  # OpenAI baselines' kind of key/value tables
        if not rows.steps:
            _result_blocks(lines, rows)  # Ray Tune's / RLlib's printed results
        if not rows.steps:
            _evaluated_steps(lines, rows)  # a loop that prints its evaluations alone
        else:
            _timed_across_evaluations(lines, rows)
        if not rows.steps and SHARED_LINES.get():
            # no step counter anywhere: the epochs are the steps, each ended by its last dated line
            # (not as another reader's fallback: a framework's epoch lines are its own to read)
            if heads_again:
                _one_epoch_again(lines, rows, epochs, heads_again)
            nnunet = bool(epochs) and _nnunet_log(lines)
            for rank, numbered in epochs.items():
                if all(epoch.line is None for epoch in numbered):
                    _epochs_by_heads(rows, rank, numbered)
                    continue
                _ends_nearest_their_own_lines(numbered)
                for epoch in numbered:
                    if epoch.line is not None:
                        rows.step(line=epoch.line, rank=rank, step=epoch.number, end_ns=epoch.end_ns,
                                  step_time_s=epoch.seconds(), loss=epoch.loss)
                        if epoch.framework is not None or nnunet:
                            rows.steps[-1]["framework"] = epoch.framework or "nnunet"
        if deepxde_done:
            _deepxde_returned(rows, deepxde_done)
        _trailing_bar(lines, rows)
        _fold_sections(lines, rows)
        if rows.steps:
            _distiller_evaluations(lines, rows)
            _episodes_as_steps(lines, rows)
        _appended_launches(lines, rows)
        _clock_restarts(clock_restarts, rows)
        _undated_relaunches(lines, rows)
        _argument_dump_relaunches(lines, rows)
        _new_process_ids(lines, rows)
        if not rows.steps and not rows.events and (banner := next(
                (line for line in lines if ("rain" in line.text or "RAIN" in line.text)
                 and _TRAINING_BANNER.search(line.text.rstrip()) is not None), None)) is not None:
            # no step, failure or checkpoint: the run's word that its training began is its launch
            rows.event(LogEventKind.ATTEMPT_START, line=banner.number, rank=banner.rank, ts_ns=banner.ts_ns,
                       raw=banner.text)
        if not rows.steps:
            _ignite_epochs(lines, rows)
        if not rows.steps and not rows.events:
            totals = sorted({reading.total for _, reading in bare if reading.total is not None})
            if len(totals) > 1:
                raise ParseError(str(path), f"progress bars with no description count to {len(totals)} totals "
                                 f"({', '.join(map(str, totals[:4]))}) and none alone shows a training loss: "
                                 "which one is training is unknown",
                                 where=f"line {bare[0][0].number}")
            raise ParseError(str(path), "no step, launch, checkpoint or failure line found", where="line 1")
        if writer_rows:
            _merge_repeated_steps(rows, writer_rows)
        _drop_bar_rows_said_again(rows, steps_bar_rows)
        if evaluation_rows:
            rows.drop_steps(evaluation_rows)
        if banner_evaluations:
            rows.drop_steps(banner_evaluations)
        if epoch_records and len(rows.steps) > len(epoch_records):
            rows.drop_steps(epoch_records)  # (an epoch's record sums up the iterations' records logged: no step of its own)
        if SHARED_LINES.get():
            mark_evaluations(rows)
        if algoperf_reached and rows.steps:
            _reached_past_the_last_step(rows, algoperf_reached)  # (once the evaluations it ends are marked)
        _running_tokens(rows)
        if ray_trained:
            # Ray Train's reported iterations and the bars its workers' lines relay (`Train Epoch 1:  19%|...| 354/1875
            # [...] [repeated 80x across cluster]`, no rank's own) count on two scales: the bars count none; where the
            # workers print step lines of their own, those are the steps and the reports (their epochs) none
            barred = {line.number for line in lines if "%|" in line.text}
            rows.drop_steps({id(row) for row in rows.steps if row.get("framework") != "ray_train" and row["line"] in barred})
            if any(row.get("framework") != "ray_train" for row in rows.steps):
                rows.drop_steps({id(row) for row in rows.steps if row.get("framework") == "ray_train"})
            else:
                estimated = None
                _reached_past_the_last_step(rows, ray_reached)
        if federated:
            _federated_rounds(rows)
            estimated = None  # (its clients' loops, read within their epochs, are no steps)
        else:  # (each round's clients count their epochs out: no run's end)
            _runs_counted_out(lines, rows)
            _runs_named_out(lines, rows)
            _runs_done(lines, rows)
            _launches_counted_out(lines, rows)
            _wandb_finished(lines, rows)
        _tslib_epochs_alone(rows, tslib_epoch_lines)
        _espnet_updates(rows, espnet_ranges)
        coarse_clock_step_times(rows)
        result = log_result(rows, warning)
        if estimated is not None:
            result.warnings.append(estimated)
        if horovod_default is not None:
            result.warnings.append(horovod_default)
        if counted_in_records is not None and any(row["line"] in {record[0].number for record in records} for row in rows.steps):
            result.warnings.append(counted_in_records)
        return result

    @staticmethod
    def _epoch(text: str, rank: int | None, epochs: dict[int | None, list[_Epoch]], reference: bool) -> None:
        """An epoch's number starts it (a new number only: an epoch's lines may repeat it), unless the
        line names an earlier one in passing (`reference`: `_names_an_earlier_epoch`); a line giving
        an epoch's duration sets the current one's."""
        numbered = epochs.get(rank)
        if "Namespace(" in text and (named := _EPOCH.search(text)) is not None and named.start() > text.index("Namespace("):
            return  # (the run's arguments, `INFO - Namespace(batch_size=16, ..., epoch=128, ...)`: its epochs, no epoch)
        if "Epoch duration: " in text and (duration := _EPOCH_DURATION.search(text)) is not None:
            if numbered and (said := duration_s(duration.group("t"))) is not None:
                numbered[-1].took_s = said[0]
            return
        took = _EPOCH_TOOK.search(text)
        if took is None and "took" in text:
            took = _EPOCH_TOOK_UNIT.search(text)
        if took is None and "time consuming of epoch " in text:
            took = _MONAI_EPOCH_TIME.search(text)
        if took is None and "Time taken for epoch " in text:
            took = _EPOCH_TIME_TAKEN.search(text)
        if took is None and "Time(s)" in text:
            took = _EPOCH_TIME_UNIT_FIRST.search(text)
        if took is None and ("time" in text or "| Time " in text) and _NOT_TRAINING.search(text) is None:
            took = _EPOCH_TIME_LAST.search(text)  # `===> Epoch 252 Complete: Avg. Loss: 0.0140 time: 657.89`
        if took is not None and (match := _EPOCH.search(text, 0, took.start(1))) is not None:
            number = int(match.group(1))  # the line names its epoch: that one's duration
            if not numbered or numbered[-1].number != number:
                numbered = epochs.setdefault(rank, [])
                numbered.append(_Epoch(number))
        if took is not None:
            if numbered and took.re is _EPOCH_TIME_UNIT_FIRST:
                # the mean of the epochs timed so far (DGL's `np.mean(dur)`): the epoch's own time is
                # what it adds to their sum
                # (`_span_mean`: over more epochs where the printed means' rounding calls for it)
                epoch, mean = numbered[-1], float(took.group(1))
                prior = numbered[-2] if len(numbered) > 1 and numbered[-2].mean_s is not None else None
                epoch.mean_s, epoch.timed = mean, (prior.timed + 1 if prior is not None else 1)
                epoch.rounding = epoch.timed * half_unit(took.group(1))
                sums = [(0, 0.0, 0.0)] + [(e.timed, e.timed * e.mean_s, e.rounding)
                                          for e in numbered[-SPAN_LOOKBACK - 1:-1] if e.mean_s is not None]
                epoch.took_s = _span_mean(sums, epoch.timed, epoch.timed * mean, epoch.rounding)
            elif numbered and "lapsed" in text[max(took.start(1) - 16, 0):took.start(1)]:
                # the time since training began (`[Epoch 3/200] [D loss: 0.31] ... [Elapsed time: 58.97s]`):
                # the epoch's is what it adds to the epoch's before (`_span_mean`: over the epochs since an
                # earlier line, where the lines skip epochs or their rounding calls for it)
                epoch = numbered[-1]
                epoch.elapsed_s, epoch.rounding = float(took.group(1)), half_unit(took.group(1))
                clocks = [(e.number, e.elapsed_s, e.rounding) for e in numbered[-SPAN_LOOKBACK - 1:-1] if e.elapsed_s is not None]
                epoch.took_s = _span_mean(clocks, epoch.number, epoch.elapsed_s, epoch.rounding)
            elif numbered and (numbered[-1].took_s is None or (_NOT_TRAINING.search(text) is None
                                                                and took.re is not _EPOCH_TOOK_UNIT)):
                # (an evaluation's time after the epoch's training gave its own is not the epoch's: RecBole's
                # `epoch 0 training [time: 2.99s, ...]`, then `epoch 0 evaluating [time: 0.44s, ...]`; nor a time in
                # milliseconds after it, a later phase's said another way)
                numbered[-1].took_s = _took_s(took)
            return
        if (match := _EPOCH.search(text)) is not None:
            number = int(match.group(1))
            if reference:
                return
            if " end" in text and _EPOCH_END_MARK.search(text) is not None:
                # the epoch's end marker (FuxiCTR's `************ Epoch=1 end ************`, after the epoch's
                # `Train loss: ...`): the epoch ends here, and the lines after it are the next epoch's (its
                # trainer names no epoch's start but the first's)
                if not numbered or numbered[-1].number != number:
                    epochs.setdefault(rank, []).append(_Epoch(number))
                epochs[rank].append(_Epoch(number + 1))
                return
            if not numbered or numbered[-1].number != number:
                epochs.setdefault(rank, []).append(_Epoch(number))
                epochs[rank][-1].framework = _text_framework(text)


def _nnunet_log(lines: Sequence[Line]) -> bool:
    """Whether nnU-Net's trainer wrote the log: its banner (`Please cite the following paper when using nnU-Net:`) or
    its words after each epoch's validation (v1: `Average global foreground Dice: [0.909, 0.778]`; v2: `Pseudo dice
    [np.float32(0.8703), np.float32(0.0)]`)."""
    return any(("nnU-Net" in line.text or "ice [" in line.text or "ice: [" in line.text) and _NNUNET.search(line.text)
               is not None for line in lines)


def _deepxde_call_took(rows: LogRows, rank: int | None, since: int, seconds: float) -> None:
    """DeepXDE's training call took `seconds` (`'train' took 23.9 s`) over the rows of its loss table since row `since`:
    the table's first row is the state the call began at (its step the count before it), each later row's step time the
    call's time over the steps it took (its mean: the table's rows are every `display_every` steps, undated)."""
    table = [row for row in rows.steps[since:] if row["rank"] == rank and row.get("framework") == "deepxde"]
    if len(table) < 2 or (span := table[-1]["step"] - table[0]["step"]) <= 0 or seconds <= 0:
        return
    for row in table[1:]:
        row.setdefault("step_time_s", seconds / span)


def _deepxde_returned(rows: LogRows, done: dict[int | None, Line]) -> None:
    """A rank's last DeepXDE training call that returned (`'train' took 23.9 s`) with no step of its rank after it, no
    failure logged since: the run ended there (a call after it, L-BFGS after Adam, goes on counting its steps)."""
    for rank, line in done.items():
        if any(row["rank"] == rank and row["line"] > line.number for row in rows.steps) or any(
                event["line"] > line.number and event["rank"] in (rank, None) and event["kind"] in _FAILURE_KINDS
                for event in rows.events):
            continue
        rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=rank, ts_ns=line.ts_ns, raw=line.text,
                   detail="DeepXDE: its training call returned")


def _took_s(took: re.Match[str]) -> float:
    """The seconds an epoch's duration `took` reads (`_EPOCH_TOOK_UNIT`'s milliseconds)."""
    return float(took.group(1)) / 1000 if took.re is _EPOCH_TOOK_UNIT else float(took.group(1))


def _tslib_epochs_alone(rows: LogRows, epoch_lines: dict[int, tuple[int, int]]) -> None:
    """The Time-Series-Library's epoch lines where its rank printed no `iters:` line (an epoch's
    batches too few for one): `Epoch: N, Steps: S | Train Loss: ...` ends epoch N at the run's
    step N x S (S its loader's batches, each epoch's), and the epoch's `cost time` before it is
    its S batches' (a batch's mean time the S-th of it), as its `iters:` lines count them."""
    iterated = {row["rank"] for row in rows.steps
                if row.get("framework") == "time_series_library" and row["line"] not in epoch_lines}
    for row in rows.steps:
        said = epoch_lines.get(row["line"])
        if said is None or row.get("framework") not in ("generic", "time_series_library"):
            continue
        row["framework"] = "time_series_library"
        epoch, batches = said
        if row["rank"] in iterated or row["step"] != epoch or batches < 1:
            continue
        row["step"] = epoch * batches
        if row.get("step_time_s") is not None:
            row["step_time_s"] = row["step_time_s"] / batches
