"""The HF Trainer's console as users paste it: lines quoted verbatim from public logs (each block's
source is cited above it), tiny inputs in, exact rows out, each expectation read off the quoted
text."""

from __future__ import annotations

import re
import warnings
from pathlib import Path

from tests.test_line_rules import _read
from tracelens.parsers._lines import bar_readings
from tracelens.parsers.hf_trainer import _literal

# BERT continued pretraining with the Trainer on Windows, default log level (Chinese notes on fine-tuning
# representation models, index id 60196846800, the output block of its masked-language-modelling section,
# lines 2-5): a rerun into the same output folder
SAVE_OVER = [
    "  9%|▉         | 500/5340 [01:17<13:10,  6.12it/s]{'loss': 2.515, 'grad_norm': 15.747591972351074, "
    "'learning_rate': 1.812734082397004e-05, 'epoch': 0.94}",
    " 10%|▉         | 533/5340 [01:22<11:58,  6.69it/s]Checkpoint destination directory model\\checkpoint-534 already "
    "exists and is non-empty. Saving will proceed but saved results may be invalid.",
    " 19%|█▊        | 1000/5340 [02:37<12:07,  5.96it/s]{'loss': 2.3949, 'grad_norm': 14.226686477661133, "
    "'learning_rate': 1.6254681647940076e-05, 'epoch': 1.87}",
    " 20%|█▉        | 1067/5340 [02:47<10:54,  6.53it/s]Checkpoint destination directory model\\checkpoint-1068 already "
    "exists and is non-empty. Saving will proceed but saved results may be invalid.",
]

# Seq2SeqTrainer (opus-mt zh-en) on Windows at INFO level (a course report's README, index id 37985495898, the
# block under its training log heading, its last ten lines): the summary dict cut short where it was pasted
CUT_SUMMARY = [
    " 89%|████████▉ | 1500/1689 [04:31<00:33,  5.66it/s]{'loss': 1.4469, 'learning_rate': 1.119005328596803e-06, "
    "'epoch': 2.66}",
    "Saving model checkpoint to translations\\checkpoint-1500",
    "Configuration saved in translations\\checkpoint-1500\\config.json",
    "Model weights saved in translations\\checkpoint-1500\\pytorch_model.bin",
    "tokenizer config file saved in translations\\checkpoint-1500\\tokenizer_config.json",
    "Special tokens file saved in translations\\checkpoint-1500\\special_tokens_map.json",
    "100%|██████████| 1689/1689 [05:06<00:00,  5.99it/s]",
    "{'train_runtime': 306.9394, 'train_samples_per_second': 43.983, 'train_steps_per_second': 5.503, 'train_loss': ",
    "100%|██████████| 1689/1689 [05:06<00:00,  5.99it/s]",
    "100%|██████████| 1689/1689 [05:06<00:00,  5.50it/s]",
]


def test_saving_into_an_existing_checkpoint_folder_is_a_save_of_its_step(tmp_path: Path) -> None:
    """`Checkpoint destination directory model\\checkpoint-534 already exists and is non-empty.
    Saving will proceed ...`: the Trainer saves step 534 (its warning, at the default log level,
    is the only word of the save)."""
    parser, _, events = _read(tmp_path, SAVE_OVER)
    assert parser == "hf_trainer"
    named = [int(n) for t in SAVE_OVER for n in re.findall(r"checkpoint-(\d+) already exists", t)]
    saves = [(e["step"], e["line"]) for e in events if e["kind"] == "checkpoint_save_start"]
    assert saves == list(zip(named, [2, 4], strict=True)) == [(534, 2), (1068, 4)]


def test_a_summary_dict_cut_short_still_ends_the_run(tmp_path: Path) -> None:
    """`{'train_runtime': 306.9394, ..., 'train_loss': ` (the paste stops mid-dict): the run's
    summary all the same, a clean end, its runtime 306.9394 s."""
    _, _, events = _read(tmp_path, CUT_SUMMARY, parser_name="hf_trainer")
    ends = [(e["kind"], e["line"], e["duration_s"]) for e in events if e["kind"] == "attempt_end"]
    assert ends == [("attempt_end", 8, 306.9394)]


# A Qwen1.5 LoRA run with the Trainer at its default log level (github.com/Nuist-XZX/QWen @
# 70318b703b1af35dfca0fe802def3a473dfa4dd2 : loss.txt, lines 12-17, each line indented with two
# ideographic spaces): the dataset's tokenizing bars, then the first metric dicts
DATASET_BARS = [
    "\u3000\u3000Tokenizing and chunking... (num_proc=4): 100%|" + "\u2588" * 51
    + "| 1500/1500 [00:11<00:00, 126.32 examples/s]  ",
    "\u3000\u3000Tokenizing and chunking... (num_proc=4): 100%|" + "\u2588" * 54
    + "| 100/100 [00:11<00:00,  8.78 examples/s]  ",
    "\u3000\u30002025-08-18 17:03:21,101 [INFO] \u2728 \u5f00\u59cb\u5fae\u8c03\u8bad\u7ec3...  ",
    "\u3000\u3000{'loss': 4.1437, 'grad_norm': 17.879865646362305, 'learning_rate': 2.1176470588235296e-06, 'epoch': 0.11}  ",
    "\u3000\u3000{'loss': 3.9367, 'grad_norm': 14.34531307220459, 'learning_rate': 4.235294117647059e-06, 'epoch': 0.21}  ",
    "\u3000\u3000{'loss': 3.651, 'grad_norm': 11.869979858398438, 'learning_rate': 6.588235294117647e-06, 'epoch': 0.32}  ",
]


def test_a_datasets_bar_before_training_is_not_the_training_bar(tmp_path: Path) -> None:
    """The tokenizing bars (`1500/1500 [00:11<00:00, 126.32 examples/s]`) count examples, and
    finished before training began: the metric dicts after them are not their examples 1500,
    1501, 1502 (nor 100, 101, 102). Nothing here names their steps (no header, no bar, no
    summary): they are the run's first three logs, in order, below either bar's count."""
    _, steps, _ = _read(tmp_path, DATASET_BARS)
    assert [s["loss"] for s in steps] == [4.1437, 3.9367, 3.651]
    numbers = [s["step"] for s in steps]
    assert numbers == sorted(set(numbers)) and max(numbers) < 100


# The `datasets` library's bars in a training script's output (a script's commented run log, index id
# 57584623547, two of its `# Map: ...` lines, the comment's `# ` kept off), and its first drawing before
# any rate (a run log's README, index id 54737705047: `? examples/s`, as the Trainer's own first is `?it/s`)
DATASET_READINGS = [
    "Map: 100%|██████████| 67/67 [01:52<00:00,  1.67s/ examples]",
    "Map: 100%|██████████| 67/67 [00:00<00:00, 77.53 examples/s]",
    "Map:   0%|          | 0/10000 [00:00<?, ? examples/s]",
]


def test_a_datasets_bars_readings_count_its_examples_not_steps() -> None:
    """Each form of the `datasets` bar's rate, a space before its unit (`1.67s/ examples`,
    `77.53 examples/s`, `? examples/s`), names examples, no step: no step's rate."""
    readings = [r for text in DATASET_READINGS for r in bar_readings(text)]
    assert [(r.n, r.total, r.unit, r.seconds_per_item) for r in readings] == [
        (67, 67, "examples", None), (67, 67, "examples", None), (0, 10000, "examples", None)]


def test_a_backslash_in_a_metric_dict_warns_nothing() -> None:
    """A dict whose string holds `\\_` (no Python escape: the compiler warns of it, a
    SyntaxWarning on the user's terminal from Python 3.12) is read without a warning (a mutated
    line of the fuzz tests found it)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _literal("{'loss': 1.0, 'name': 'a\\_b', 'epoch': 0.5}") == {"loss": 1.0, "name": "a\\_b", "epoch": 0.5}
