"""Which console-log reader a text file belongs to, from evidence anywhere in it.

A log's first lines say little: a Slurm `.out` may open with a thousand lines of `bash -x`,
DeepSpeed's launcher lines come before Megatron's iteration lines, NCCL INFO lines before any
step. So the whole text (up to a cap) is searched once with one combined pattern, counting for
each format the lines that would yield its steps, and the marker lines that say a framework is
there. The reader whose step lines are the most wins; with no step line anywhere, the markers
decide. The counts are cached per file (size and mtime), since every log reader's `detect`
asks.
"""

from __future__ import annotations

import re
from collections import Counter
from functools import lru_cache
from pathlib import Path

from tracelens.parsers._io import log_named, read_bytes, read_head

# Cap on the text searched: beyond it, its head and tail (a huge log is one job's lines all
# along; its step lines are everywhere).
_CAP = 96 << 20
_TAIL = 16 << 20

# One pattern for every kind of evidence, run by polars' regex engine (a DFA with literal
# prefilters: about 1 GB/s, against 3 MB/s for Python's backtracking engine on an alternation);
# each match is then named by its opening literal. Step lines first (they decide), then markers.
_EVIDENCE = (
    r"iteration[ \t]*[=:]?[ \t]*[0-9]+[ \t]*/[ \t]*[0-9]+[ \t]*\|"
    r"|step=[0-9]+, skipped=[0-9]+|steps: [0-9]+ loss: [^ \n]{1,40} iter time \(s\): "
    # (DeepSpeed-Chat's PPO step, both of its forms)
    r"|epoch: [0-9]{1,9}\|step: [0-9]{1,15}\|ppo_ep: |Epoch: [0-9]{1,9} \| Step: [0-9]{1,15} \| PPO Epoch: "
    # (the Trainer's dict names its epoch or learning rate: not a Keras callback's `{'loss': 1.0,
    # 'auc': 0.47, 'batch': 0}`)
    r"|\{(?:'|‘)(?:loss|eval_loss)(?:'|’): [^}\n]*?(?:'|‘)(?:epoch|learning_rate)(?:'|’)"
    # (a script's own bar named for its loop, `Train Epoch 9: 100%|...`, `Test Epoch 9:  91%|...`, `Finetune Epoch 0:
    # 100% 274/274 [...`: a word before it, no Lightning's, whose bar opens with `Epoch`; matched here first, from the
    # word's last letter, it names nothing)
    r"|[A-Za-z] Epoch [0-9]+:"
    # (a bar with no total and no percentage: `Epoch 0: |          | 1/? [`, not `Epoch 1: | Loss: ...`)
    r"|Epoch [0-9]+(?:: {1,3}(?:: {1,3})?(?:[0-9]{1,3}%|\|[^|]{0,100}\| {0,3}[0-9]{1,15}(?:/[0-9?]{1,15})? ?\["
    r"|[0-9]{1,15}(?:/[0-9?]{1,15})?(?:it)? ?\[)|/-?[0-9]+ (?:━|╸|╺))"
    r"|(?:Epoch(?:\(train\))?[ ]{0,8}\[[ ]{0,8}[0-9]{1,9}\]|Iter(?:\(train\))?[ ]{0,8})\[[ ]{0,12}[0-9]{1,12}/[0-9]{1,12}\][ \t]"
    r"|loss = [^,\n]{1,40}, step = [0-9]+|global step [0-9]+: loss = |Step [0-9]+ per-step time "
    # (the LoggingTensorHook's older order, `INFO:tensorflow:step = 103, loss = 0.880698 (117.692 sec)`, absl's
    # `I0612 ... basic_session_run_hooks.py:249] step = ...`)
    r"|(?:tensorflow:|_hooks\.py:[0-9]{1,6}\] )step = [0-9]+, loss = "
    # (Model Garden's Keras `TimeHistory` callback; its Orbit controller's step lines, which the generic
    # reader reads, beside it: `controller.py:479] train | step:      1 | steps/sec:    xxxxx | output: {...}`)
    r"|TimeHistory: [^ \n]{1,20} seconds, [^ \n]{1,30} examples/second between steps [0-9]+ and [0-9]+"
    r"|\] train \| step: {0,12}[0-9]+ \| steps/sec: "
    # (Accelerate's launcher: its command, or its warning on the defaults it used)
    r"|accelerate launch |were not passed to `accelerate launch`"
    r"|epoch [0-9]{1,9}:[ ]{1,12}[0-9]{1,12} / [0-9]{1,12} [a-z_]{1,40}=|\{\"epoch\": [0-9]{1,9}, \"update\": "
    r"|\| train_inner \| \{\"epoch\": [0-9]{1,9}, "
    # (YOLOv5 right-aligns `epoch/epochs` in 10 characters: `  346/3999     14.2G ...`, ` 1000/3999 ...`)
    r"| [0-9]{1,9}/[0-9]{1,9}[ ]{1,12}[0-9.]{1,12}G[ ]{1,12}[0-9]"
    r"|(?:\[epoch=[0-9]{1,9}\])?\[batch=[0-9]{1,15}(?:/[0-9]{1,15})?\]:\r?\n(?:[ ]{0,6}[0-9]{1,5}:)?[ \t]{1,16}Train "
    # (Composer <= 0.12's ConsoleLogger: a line a metric, `[epoch=0][batch=16/625]: loss/train/total: 7.1292`)
    r"|\[epoch=[0-9]{1,9}\]\[batch=[0-9]{1,15}/[0-9]{1,15}\]: (?:loss/train(?:/total)?|trainer/global_step): "
    r"|Training Epoch: [0-9]{1,9}/[0-9]{1,9}, step [0-9]{1,15}/[0-9]{1,15} completed \(loss: "
    r"|:::MLL(?:OG \{| [0-9]+(?:\.[0-9]+)? [A-Za-z0-9_]+: )|:::MLPv0\.5\.[0-9] [A-Za-z0-9_]{1,40} [0-9]+(?:\.[0-9]+)? \("
    r"|\*\*\*\*\* Running training \*\*\*\*\*|TrainOutput\(global_step=|\{'train_runtime': "
    # (the Trainer's save, into its `checkpoint-N` folder: not stable-baselines3's CheckpointCallback's
    # `Saving model checkpoint to ./logs/rl_model_4096_steps.zip`)
    r"|Saving model checkpoint to [^ \n]*checkpoint-[0-9]"
    # (the scheduler's word that it killed the job: `slurmstepd: error: Detected 1 oom_kill event in
    # StepId=18835145.batch`, `slurmstepd: error: *** JOB 123 ON n1 CANCELLED AT ... ***`)
    r"|slurmstepd: error: (?:Detected [0-9]{1,9} oom.kill event"
    r"|\*\*\* (?:JOB|STEP) [0-9][0-9.]{0,40} (?:ON [^ \n]{1,255} )?CANCELLED)"
    r"|`Trainer\.fit` stopped|LOCAL_RANK: [0-9]+ - CUDA_VISIBLE_DEVICES|pytorch_lightning|lightning\.pytorch|\[NeMo [IWE] "
    # (DeepSpeed's logger's line, after its time's milliseconds: `[2023-06-01 12:00:00,123] [INFO] [engine.py:1012:_configure]
    # ...`; not FedML's, whose time has none, `[Mon, 21 Oct 2024 17:47:32] [INFO] [__init__.py:163:init] ...`)
    r"|,[0-9]{3}\] \[(?:INFO|WARNING|ERROR|DEBUG)\] \[[A-Za-z0-9_.]+:[0-9]+:[A-Za-z0-9_]+\] "
    r"|(?:\] - |━(?:\x1b\[[0-9;]{0,12}m){0,4} (?:\x1b\[[0-9;]{0,12}m){0,2})[0-9]{1,9}s(?:\x1b\[[0-9;]{0,12}m){0,2} "
    r"[0-9.]{1,12}(?:us|ms|s)/(?:step|sample)"
    r"|\] - (?:[0-9]{1,9}s|ETA: [0-9:]{1,12}s?) - [a-z_]{1,40}: [0-9]"
    # (Keras' `fit(verbose=2)`, no bar: `925/925 - 522s - loss: 0.1655 - ...`, `... - 522s - 564ms/step - loss: ...`)
    r"|/[0-9]{1,12} - [0-9]{1,9}s - (?:[0-9.]{1,12}(?:us|ms|s)/(?:step|sample) - )?[a-z_]{1,40}: [0-9]"
    # (and Keras 1's and 2.1-2.3's, its epoch's header's total then its time alone: `Epoch 1/10`, `3083s - loss: 1.71`)
    r"|/[0-9]{1,9}[ ]{0,12}\r?\n[ ]{0,12}(?:- )?[0-9]{1,9}s - [a-z_]{1,40}: [0-9]"
    r"|Start running, host: "
    # (Estimator's own word as its training ends: a job's log whose step lines were cut or never printed, `Loss for final
    # step: 32476.467.`; not an evaluator's alone, `Saving dict for global step 300: ...`, no training's)
    r"|Loss for final step: "
    # (a dict of metrics printed inside another's repr, Ray's `Result(metrics={'loss': 0.08, ...})`:
    # no Trainer's log line; matched here first, it names nothing)
    r"|metrics=\{'loss': "
)
# opening characters of a match -> what it is evidence of
_KINDS = (
    ("iteration", "megatron"), ("step=", "deepspeed"), ("epoch: ", "deepspeed"), ("Epoch: ", "deepspeed"),
    ("steps: ", "m_deepspeed_pipe"), ("{'train_runtime", "m_hf_trainer"),
    ('{"epoch"', "fairseq"),
    ("| train_inner", "fairseq"),
    ("{", "hf_trainer"), ("epoch ", "fairseq"),
    ("Epoch(", "openmmlab"), ("Epoch [", "openmmlab"), ("Iter", "openmmlab"),
    ("Epoch", "lightning"), ("loss = ", "tensorflow"),
    ("tensorflow:", "tensorflow"), ("_hooks.py", "tensorflow"), ("global step", "tensorflow"), ("Step ", "tensorflow"),
    ("TimeHistory", "tensorflow"), ("] train |", "m_orbit"),
    ("accelerate launch", "m_accelerate"), ("were not passed", "m_accelerate"),
    (":::MLL", "mlperf"), (":::MLP", "mlperf"), ("*****", "m_hf_trainer"), ("TrainOutput", "m_hf_trainer"),
    ("Saving model", "m_hf_trainer"), (",", "m_deepspeed"), (" ", "ultralytics"),
    ("[epoch=", "composer"), ("[batch=", "composer"), ("Training Epoch", "llama_recipes"),
    ("] - ", "keras"), ("━", "keras"), ("/", "keras"),
    ("`Trainer.fit` stopped", "m_fit_stopped"), ("slurmstepd", "m_killed"), ("Start running", "m_openmmlab"),
    ("metrics=", "m_ray"), ("Loss for final", "m_estimator"),
)
_OPENING = max(len(opening) for opening, _ in _KINDS)
# ties go to the earlier
STEP_FORMATS = ("megatron", "hf_trainer", "deepspeed", "lightning", "openmmlab", "tensorflow", "fairseq",
                "ultralytics", "composer", "llama_recipes", "keras")


@lru_cache(maxsize=64)
def _counts(path: str, size: int, mtime_ns: int) -> Counter[str]:
    data, _ = read_bytes(Path(path))
    if b"\0" in data[:4096]:
        return Counter()  # a binary file
    if len(data) > _CAP:
        data = data[: _CAP - _TAIL] + b"\n" + data[-_TAIL:]
    import polars as pl

    # valid UTF-8 goes to polars as it is (a validation, no Python string); else decoded as the
    # parsers decode it, invalid bytes replaced
    try:
        series = pl.Series([data], dtype=pl.Binary).cast(pl.String, strict=False)
        valid = not series.null_count()
    except pl.exceptions.ComputeError:  # some polars versions raise on invalid UTF-8 even when not strict
        valid = False
    if not valid:
        series = pl.Series([data.decode("utf-8", "replace")], dtype=pl.String)
    counts: Counter[str] = Counter()
    # a match is named by its opening (at most _OPENING characters): the openings are counted
    # in polars and each distinct one named once, not each of a big log's matches in Python
    openings = (series.str.extract_all(_EVIDENCE).explode().drop_nulls()
                .str.slice(0, _OPENING).value_counts())
    for found, count in openings.iter_rows():
        if found[1:8] == " Epoch " and found[0].isalpha():
            continue  # (a script's own bar, a word before its `Epoch N:`)
        counts[next((kind for opening, kind in _KINDS if found.startswith(opening)), "m_lightning")] += count
    return counts


def evidence(path: Path) -> Counter[str]:
    """Per format, the step lines (`megatron`, `hf_trainer`, ...) and marker lines
    (`m_hf_trainer`, ...) the file holds."""
    try:
        st = path.stat()
    except OSError:
        return Counter()
    return _counts(str(path), st.st_size, st.st_mtime_ns)


# an epoch's bar as Lightning's progress bar draws it, what follows its rate in its brackets
_EPOCH_BAR = re.compile(r"Epoch (\d{1,9}): {1,3}(?:\d{1,3}%)?\|[^|\n]{0,100}\| {0,3}\d{1,15}/\d{1,15} ?\[([^\]\n]{0,200})\]")
SCRIPT_BARS_MIN = 3


def script_epoch_bars(head: bytes) -> bool:
    """The head's epoch bars are a script's own tqdm bar an epoch, not Lightning's: three or
    more, none with a logger's version after its rate (`Epoch 1: 100%|...| 38/38 [06:01<00:00,
    9.51s/it]`, a script's `set_postfix(loss=...)`, `[00:03<2:29:51,  3.20s/it, loss=1.3284]`;
    Lightning's show `v_num=0`), the first of an epoch past 0 (Lightning counts epochs from 0)."""
    text = head.decode("utf-8", "replace").replace("\r", "\n")
    bars = [(int(epoch), rest) for epoch, rest in _EPOCH_BAR.findall(text)]
    # (nor with Lightning's own validation or sanity bars beside them: a Lightning bar with `v_num` taken off)
    return (len(bars) >= SCRIPT_BARS_MIN and bars[0][0] >= 1 and all("v_num" not in rest for _, rest in bars)
            and "Validation DataLoader " not in text and "Sanity Checking" not in text)


def console_format(path: Path) -> str | None:
    """The log reader the file's own lines call for: the most step lines, else the markers;
    None when neither says."""
    counts = evidence(path)
    best = max(STEP_FORMATS, key=lambda name: (counts[name], -STEP_FORMATS.index(name)))
    if counts[best] and best == "lightning" and not counts["m_lightning"] and not counts["m_fit_stopped"] and (
            counts["m_accelerate"] or script_epoch_bars(read_head(path))):
        # (a script's own epoch bars, or an Accelerate script's: the readers' own detection decides)
        return None
    if counts[best] and best == "tensorflow" and counts["m_orbit"]:
        return None  # (Orbit's step lines, with their metrics: the generic reader's)
    if counts[best] and best == "deepspeed" and counts["megatron"]:
        # a Megatron-DeepSpeed run: its engine's `step=N` lines (and its `[Rank 0] step=0, skipped=0` as it sets
        # up) beside Megatron's iteration lines, the richer view of the same steps
        return "megatron"
    if counts[best]:
        return best
    if counts["m_deepspeed_pipe"]:
        # DeepSpeed's pipeline engine's own step lines (`steps: 20 loss: ... iter time (s): ...`),
        # where no other reader's step line is: a Megatron-DeepSpeed run prints them beside
        # Megatron's iteration lines, the richer view of the same steps
        return "deepspeed"
    if counts["m_hf_trainer"]:
        return "hf_trainer"
    if counts["m_lightning"] >= 2 or counts["m_fit_stopped"]:
        return "lightning"  # (or its Trainer's own last word, `Trainer.fit` stopped: ...)
    if counts["m_deepspeed"] >= 2:
        return "deepspeed"
    if counts["m_openmmlab"]:
        return "openmmlab"  # mmcv's runner started, and logged no step (yet)
    if counts["m_estimator"] and log_named(path):
        return "tensorflow"  # an Estimator's end of training, and no step line (in a file named as a job's log)
    return None
