"""More frameworks' step, checkpoint and end lines, quoted verbatim from public logs (the source of
each is cited): tiny inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

import ast
import itertools
import json
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.conftest import CORPUS, SAMPLE_LOGS
from tests.test_line_rules import _ns, _read
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.parsers._lines import bar_readings, parse_timestamp, split_lines
from tracelens.parsers._logtables import LogRows
from tracelens.parsers.generic_log import (
    _epoch_length,
    _logger_ranks,
    _step_counter,
    _step_values,
    _steps_across_epochs,
    _tensorpack_end,
)
from tracelens.parsers.hf_trainer import HFTrainerParser


def test_maxtext_completed_step_lines_with_their_seconds(tmp_path: Path) -> None:
    """MaxText (AI-Hypercomputer/maxtext, docs/guides/monitoring_and_debugging/
    understand_logs_and_metrics.md): `completed step: N, seconds: S` is step N and its time."""
    lines = [
        "completed step: 0, seconds: 44.923, TFLOP/s/device: 17.022, Tokens/s/device: 1094.129, total_weights: 196608, "
        "loss: 12.038",
        "completed step: 1, seconds: 0.319, TFLOP/s/device: 2400.734, Tokens/s/device: 154316.608, total_weights: 196608, "
        "loss: 12.038",
        "completed step: 2, seconds: 5.658, TFLOP/s/device: 135.158, Tokens/s/device: 8687.815, total_weights: 196608, "
        "loss: 11.689",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"], s["loss"], s["end_ns"]) for s in steps] == [
        (0, 44.923, 12.038, None), (1, 0.319, 12.038, None), (2, 5.658, 11.689, None)]


def test_maxtext_steps_per_second_is_its_step_time(tmp_path: Path) -> None:
    """A MaxText fork's line (github.com/hilbertmeng/maxtext @ a0e74083e7f3d2cb6f74ecfd8553d9f9236f9786 :
    experiments/bam_llama2_medium/diagnostics/gelu_clean_checkpoint_3000_failure.log, line 25) gives its
    rate, `steps/s: 0.641`: 1 / 0.641 s a step."""
    lines = ["completed step: 3000, steps/s: 0.641 TFLOP/s/device: 116.163 total_weights: 523957 loss: 2.721263 "
             "accuracy: 48.162 lr: 27.053e-5"]
    _, steps, _ = _read(tmp_path, lines, parser_name="generic_log")
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [(3000, 1 / 0.641, 2.721263)]


@pytest.mark.parametrize(("text", "step", "epoch", "step_time_s"), [
    ("completed step: 3000, steps/s: 0.641 TFLOP/s/device: 116.163 loss: 2.721263", 3000, None, 1 / 0.641),
    ("step: 1000, env steps/s: 40001, loss: 0.01", 1000, None, None),  # (another word's steps a second)
    ("ep: 0, batch: 20, time: 9.17, ntokens: 485.20/513, loss: 10.984375", 20, 0, None),
    ("ep: 12, step: 340, loss: 0.5", 340, None, None),  # (an RL script's episode and its run's step)
])
def test_a_rate_or_an_epoch_is_read_only_in_its_own_words(text: str, step: int, epoch: int | None,
                                                          step_time_s: float | None) -> None:
    counter = _step_counter(text)
    assert counter is not None and (counter.step, counter.epoch) == (step, epoch)
    assert _step_values(text[counter.match.end():]).get("step_time_s") == (
        pytest.approx(step_time_s) if step_time_s is not None else None)


def test_timm_train_lines_count_batches_over_epochs_from_zero(tmp_path: Path) -> None:
    """timm's train.py on 2 GPUs (a timm fork's training examples, index id 14040050961): `Train: 1
    [5000/5004 (100%)] ... Time: 0.449s` is batch 5000 of epoch 1 (timm counts epochs from 0:
    step 1 x 5004 + 5000), its batch time 0.449 s; `Current checkpoints:` follows a save."""
    lines = [
        "Train: 1 [5000/5004 (100%)]  Loss:  5.085654 (5.7736)  Time: 0.449s,  569.84/s  (0.474s,  540.03/s)  "
        "LR: 5.334e-03  Data: 0.015 (0.014)",
        "Current checkpoints:",
        " ('./output/train/20210609-153821-tf_efficientnet_b1-240/checkpoint-0.pth.tar', 0.1)",
        " ('./output/train/20210609-153821-tf_efficientnet_b1-240/checkpoint-1.pth.tar', 0.1)",
        "Train: 2 [   0/5004 (  0%)]  Loss:  5.015893 (5.0159)  Time: 3.130s,   81.79/s  (3.130s,   81.79/s)  "
        "LR: 1.067e-02  Data: 1.884 (1.884)",
        "Train: 2 [  50/5004 (  1%)]  Loss:  5.053020 (5.0345)  Time: 0.499s,  513.25/s  (0.636s,  402.40/s)  "
        "LR: 1.067e-02  Data: 0.016 (0.060)",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (5004 + 5000, 0.449, 5.085654), (2 * 5004, 3.13, 5.015893), (2 * 5004 + 50, 0.499, 5.05302)]
    assert [e["kind"] for e in events] == ["checkpoint_save_end"]


# timm's train.py on two Gaudi HPUs through optimum-habana (github.com/huggingface/optimum-habana,
# examples/pytorch-image-models/README.md, an earlier version, index id 13407515255: its multi-HPU block, whole)
TIMM_TWO_EPOCHS = [
    'Train: 0 [   0/36 (  3%)]  Loss: 6.88 (6.88)  Time: 10.036s,   25.51/s  (10.036s,   25.51/s)  LR: 1.000e-'
    '05  Data: 0.762 (0.762)',
    'Distributing BatchNorm running means and vars',
    'Test: [   0/15]  Time: 7.796 (7.796)  Loss:   6.915 ( 6.915)  Acc@1:   0.000 (  0.000)  Acc@5:   0.000 ( '
    ' 0.000)',
    'Test: [  15/15]  Time: 1.915 (1.263)  Loss:   6.847 ( 6.818)  Acc@1:   0.000 (  0.000)  Acc@5:   0.000 ( '
    ' 0.688)',
    'Current checkpoints:',
    " ('./output/train/20241016-034443-resnet50_a1_in1k-224/checkpoint-0.pth.tar', 0.0)",
    '',
    'Train: 1 [   0/36 (  3%)]  Loss: 6.84 (6.84)  Time: 6.687s,   38.28/s  (6.687s,   38.28/s)  LR: 2.001e-02'
    '  Data: 0.701 (0.701)',
    'Distributing BatchNorm running means and vars',
    'Test: [   0/15]  Time: 1.315 (1.315)  Loss:   2.463 ( 2.463)  Acc@1:  14.062 ( 14.062)  Acc@5:  48.828 ( '
    '48.828)',
    'Test: [  15/15]  Time: 0.020 (0.180)  Loss:   1.812 ( 1.982)  Acc@1:  52.326 ( 32.934)  Acc@5:  66.279 ( '
    '75.064)',
    'Current checkpoints:',
    " ('./output/train/20241016-034443-resnet50_a1_in1k-224/checkpoint-1.pth.tar', 32.93428432485976)",
    " ('./output/train/20241016-034443-resnet50_a1_in1k-224/checkpoint-0.pth.tar', 0.0)",
    '',
]


def test_two_timm_train_lines_name_their_program(tmp_path: Path) -> None:
    """A run of two epochs logs one `Train:` line each (its first batch; the log interval is longer than
    the epoch): two lines whose shape names timm claim the console, epochs 0 and 1 of 36 batches, each
    batch's own `Time:`."""
    parser, steps, _ = _read(tmp_path, TIMM_TWO_EPOCHS)
    assert parser == "generic_log"
    train = [(t, m) for t in TIMM_TWO_EPOCHS if t.startswith("Train: ") and (m := re.search(r"Time: ([\d.]+)s", t))]
    assert len(train) == 2
    assert [(s["step"], s["step_time_s"], s["framework"]) for s in steps] == [
        (int(t.split()[1]) * 36, float(m.group(1)), "timm") for t, m in train]


def test_yolox_epoch_and_iteration_its_weights_and_its_end(tmp_path: Path) -> None:
    """YOLOX (tkp153/ML, YOLOX_outputs/yolox_s/train_log.txt): `epoch: 18/20, iter: 10/14` counts
    iterations within epochs numbered from 1 (the last is 20/20): step 17 x 14 + 10; `iter_time:
    0.227s` its time; `Save weights to` a checkpoint save; `Training of experiment is done` the
    end."""
    lines = [
        "2023-01-13 19:49:05.255 | INFO     | yolox.core.trainer:before_epoch:203 - ---> start train epoch18",
        "2023-01-13 19:49:07.546 | INFO     | yolox.core.trainer:after_iter:253 - epoch: 18/20, iter: 10/14, mem: 4538Mb, "
        "iter_time: 0.227s, data_time: 0.002s, total_loss: 1.1, iou_loss: 0.5, l1_loss: 0.1, conf_loss: 0.2, "
        "cls_loss: 0.2, lr: 1.250e-04, size: 480, ETA: 0:00:09",
        "2023-01-13 19:49:08.561 | INFO     | yolox.core.trainer:save_ckpt:356 - Save weights to ./YOLOX_outputs/yolox_s",
        "2023-01-13 19:49:20.803 | INFO     | yolox.core.trainer:after_iter:253 - epoch: 20/20, iter: 10/14, mem: 4538Mb, "
        "iter_time: 0.219s, data_time: 0.002s, total_loss: 1.0, iou_loss: 0.6, l1_loss: 0.1, conf_loss: 0.1, "
        "cls_loss: 0.2, lr: 1.250e-04, size: 512, ETA: 0:00:01",
        "2023-01-13 19:49:26.500 | INFO     | yolox.core.trainer:after_train:195 - Training of experiment is done and the "
        "best AP is 92.91",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"], s["data_time_s"], s["end_ns"]) for s in steps] == [
        (17 * 14 + 10, 0.227, 0.002, _ns("2023-01-13 19:49:07,546")),
        (19 * 14 + 10, 0.219, 0.002, _ns("2023-01-13 19:49:20,803"))]
    assert [(e["kind"], e["ts_ns"]) for e in events] == [
        ("attempt_start", _ns("2023-01-13 19:49:05,255")), ("checkpoint_save_start", _ns("2023-01-13 19:49:08,561")),
        ("attempt_end", _ns("2023-01-13 19:49:26,500"))]


def test_paddlenlp_global_step_lines_under_hf_style_checkpoint_lines(tmp_path: Path) -> None:
    """PaddleNLP's trainer (PaddlePaddle/PaddleNLP, log/workerlog.0) prints HF's `Saving model
    checkpoint to` (the HF reader's marker: it is the file's reader) and its own metric lines,
    `loss: ..., global_step: 60, ..., interval_steps_per_second: 0.947`: the generic reader reads
    them, where the HF reader found no step; the step's time is 1 / 0.947 s, the framework
    PaddlePaddle's."""
    lines = [
        "                                                loss: 63.44315186, learning_rate: 0.0004646, global_step: 60, "
        "interval_runtime: 21.1135, interval_samples_per_second: 22.734, interval_steps_per_second: 0.947, epoch: 0.0072",
        "[2023-01-04 15:03:50,326] [    INFO] - Saving model checkpoint to output/eheath-pretraining/checkpoint-100",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "hf_trainer"
    assert [(s["step"], s["loss"], s["step_time_s"], s["framework"]) for s in steps] == [
        (60, 63.44315186, pytest.approx(1 / 0.947), "paddle")]
    assert "checkpoint_save_start" in [e["kind"] for e in events]


def test_a_bar_whose_description_names_the_epoch_counts_its_batches(tmp_path: Path) -> None:
    """ColossalAI's example (a course README, index id 37907208851): one bar per epoch, `Epoch
    [1/80]: 100%|...| 500/500 [00:30<00:00, 16.32it/s, loss=1.39]`: each epoch's bar kept at its
    last batch, the console shows its epochs: each row is its epoch as printed, its time the
    epoch's 500 batches at the rate (500 / 16.32 s). The bar's first drawing (0/500) is no step."""
    lines = [
        "Epoch [1/80]:   0%|          | 0/500 [00:00<?, ?it/s]",
        "Epoch [1/80]: 100%|██████████| 500/500 [00:30<00:00, 16.32it/s, loss=1.39]",
        "Epoch [2/80]: 100%|██████████| 500/500 [00:29<00:00, 17.11it/s, loss=1.18]",
        "Epoch [80/80]: 100%|██████████| 500/500 [00:33<00:00, 14.96it/s, loss=0.0355]",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [
        (1, pytest.approx(500 / 16.32)), (2, pytest.approx(500 / 17.11)), (80, pytest.approx(500 / 14.96))]


def test_an_old_pytorch_out_of_memory_crash_after_the_first_batch(tmp_path: Path) -> None:
    """facebookarchive/loop issue 36 (2017): a bar `epoch 1: ... 1/29 [00:23<11:10, 23.93s/it]` (the
    run's first epoch: 1 counts from 1), then PyTorch 0.2's `cuda runtime error (2) : out of
    memory`: a console with one step and the crash, not an unrecognised file."""
    lines = [
        "Train (loss 63.31) epoch 1:   3%|" + "████▍" + " " * 123 + "| 1/29 [00:23<11:10, 23.93s/it]THCudaCheck FAIL file=/b/whee"
        "l/pytorch-src/torch/lib/THC/generic/THCStorage.cu line=66 error=2 : out of memory",
        "Traceback (most recent call last):",
        '  File "train.py", line 122, in train',
        "    loss.backward()",
        "RuntimeError: cuda runtime error (2) : out of memory at /b/wheel/pytorch-src/torch/lib/THC/generic/THCStorage.cu:66",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(1, 23.93)]
    assert {"crash", "oom"} <= {e["kind"] for e in events}


def test_imagenet_example_lines_time_and_data_and_fairseqs_end(tmp_path: Path) -> None:
    """pytorch/examples' ImageNet meter under torchelastic (a spot-eviction walkthrough, index id
    8436331815): `Epoch: [2][  10/1563]   Time  0.473 ( 0.692)    Data  0.099 ( 0.110)` is a
    batch with its time and its wait for data (the current values, the averages in brackets);
    the epoch as printed (a resumed run's tail shows neither epoch 0 nor its last). fairseq's
    `done training in 509.9 seconds` (facebookresearch/fairseq, examples/
    fully_sharded_data_parallel/README.md) ends the attempt."""
    lines = [
        "Epoch: [2][   0/1563]   Time  2.800 ( 2.800)    Data  0.127 ( 0.127)    Loss 3.9720e+00 (3.9720e+00)    "
        "Acc@1  20.31 ( 20.31)   Acc@5  37.50 ( 37.50)",
        "Epoch: [2][  10/1563]   Time  0.473 ( 0.692)    Data  0.099 ( 0.110)    Loss 4.1394e+00 (4.0961e+00)    "
        "Acc@1  15.62 ( 12.64)   Acc@5  35.94 ( 33.10)",
        "Epoch: [2][  20/1563]   Time  0.481 ( 0.597)    Data  0.112 ( 0.114)    Loss 4.3410e+00 (4.1251e+00)    "
        "Acc@1   4.69 ( 12.05)   Acc@5  23.44 ( 31.85)",
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["step_time_s"], s["data_time_s"]) for s in steps] == [
        (2 * 1563, 2.8, 0.127), (2 * 1563 + 10, 0.473, 0.099), (2 * 1563 + 20, 0.481, 0.112)]
    fairseq = [
        '2021-03-08 18:12:19 | INFO | train_inner | {"epoch": 1, "update": 0.013, "loss": "16.548", "ppl": "95796.2", '
        '"wps": "3274.4", "ups": "0.02", "wpb": "131072", "bsz": "64", "num_updates": "10", "lr": "0", "gnorm": "5.22", '
        '"loss_scale": "1", "train_wall": "40", "gb_free": "9.8", "wall": "509"}',
        "2021-03-08 18:12:19 | INFO | fairseq_cli.train | Stopping training due to num_updates: 10 >= max_update: 10",
        "2021-03-08 18:12:45 | INFO | fairseq_cli.train | done training in 509.9 seconds",
    ]
    _, _, events = _read(tmp_path, fairseq, "fairseq.log")
    assert ("attempt_end", _ns("2021-03-08 18:12:45,000")) in [(e["kind"], e["ts_ns"]) for e in events]
    # and it says how long training ran: its start, 509.9 s before, on the same line (an excerpt's first
    # line, 26 s before the end here, is no start of the run)
    placed = [e["ts_ns"] for e in events if e["kind"] == "attempt_start" and e["line"] == 3]
    assert placed == [_ns("2021-03-08 18:12:45,000") - 509_900_000_000]


def test_a_resumed_imagenet_run_starting_at_epoch_1_counts_from_0(tmp_path: Path) -> None:
    """pytorch/examples' ImageNet script prints its epoch loop's `range(start_epoch, epochs)` as it
    is. A torchelastic walkthrough (index id 3057106100: `main.py --epochs=2`) resumes from the
    checkpoint of epoch 0 (`max_epoch: 0`, `=> start_epoch: 1`) and its log starts at
    `Epoch: [1][   0/1563]`: the second epoch's batches (1563 + i), not the first's. Its lines of
    that attempt, as the walkthrough quotes them (its `......` between them left out)."""
    lines = [
        "=> using checkpoint from rank: 1, max_epoch: 0",
        "=> done restoring from previous checkpoint",
        "=> start_epoch: 1, best_acc1: 0.38999998569488525",
        "Epoch: [1][   0/1563]\tTime  2.916 ( 2.916)\tData  0.095 ( 0.095)\tLoss 4.3512e+00 (4.3512e+00)\t"
        "Acc@1  15.62 ( 15.62)\tAcc@5  21.88 ( 21.88)",
        "Epoch: [1][  10/1563]\tTime  0.650 ( 0.833)\tData  0.043 ( 0.090)\tLoss 4.4603e+00 (4.4707e+00)\t"
        "Acc@1  12.50 (  8.52)\tAcc@5  21.88 ( 20.45)",
        "Epoch: [1][1450/1563]\tTime  0.563 ( 0.783)\tData  0.108 ( 0.177)\tLoss 4.0248e+00 (4.2794e+00)\t"
        "Acc@1  12.50 ( 10.54)\tAcc@5  37.50 ( 28.52)",
        "Epoch: [1][1460/1563]\tTime  0.560 ( 0.783)\tData  0.074 ( 0.179)\tLoss 4.5901e+00 (4.2787e+00)\t"
        "Acc@1   6.25 ( 10.55)\tAcc@5  18.75 ( 28.53)",
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["step_time_s"], s["data_time_s"]) for s in steps] == [
        (1563 + 0, 2.916, 0.095), (1563 + 10, 0.65, 0.043), (1563 + 1450, 0.563, 0.108), (1563 + 1460, 0.56, 0.074)]


def test_llama2c_iteration_lines_lead_with_the_bare_iteration(tmp_path: Path) -> None:
    """karpathy/llama2.c's train.py prints `490 | loss 5.7543 | lr 4.900000e-05 | 8060.78ms | mfu
    0.21%` (llama2.c issue 461): the iteration alone at the line's start, the iteration's own
    time in ms glued to its unit. Its evaluation's `step 500: train loss ..., val loss ...` line
    is no iteration of its own (500's iteration line follows it); that line's time, 870 s, is the
    evaluation's and the checkpoint's written then as well as the iteration's: no time of step 500's."""
    lines = [
        "490 | loss 5.7543 | lr 4.900000e-05 | 8060.78ms | mfu 0.21%",
        "Created a PretokDataset with rng seed 42",
        "step 500: train loss 5.7373, val loss 5.9544",
        "saving checkpoint to out",
        "wrote out/model.bin",
        "500 | loss 6.0091 | lr 5.000000e-05 | 870067.53ms | mfu 0.19%",
        "510 | loss 5.2391 | lr 4.999939e-05 | 8175.64ms | mfu 0.19%",
        "520 | loss 5.6863 | lr 4.999756e-05 | 7966.06ms | mfu 0.20%",
    ]
    _, steps, _ = _read(tmp_path, lines)
    timed = [(s["step"], s["loss"], s["step_time_s"]) for s in steps if s["step_time_s"] is not None]
    assert timed == [(490, 5.7543, pytest.approx(8.06078)), (510, 5.2391, pytest.approx(8.17564)),
                     (520, 5.6863, pytest.approx(7.96606))]
    assert sorted({s["step"] for s in steps}) == [490, 500, 510, 520]


def test_an_hf_bar_whose_count_a_checkpoint_save_names_is_the_training_bar(tmp_path: Path) -> None:
    """axolotl (a fine-tuning blog's run output, index id 47237185595) prints no metric dict before
    its last bar, `1124/1124 [2:48:45<00:00, 16.34s/it]`, glued to `Saving model checkpoint to
    models/base/checkpoint-1124`: the save names the bar's count, so the bar is the training bar
    and step 1124 was done (a bar no dict and no save confirms could be an evaluation's). Its save
    of the trained model after it is a save too (it was none)."""
    lines = [
        "100%|██████████| 1124/1124 [2:48:45<00:00, 16.34s/it][2025-11-06 11:25:06,763] [INFO] "
        "[axolotl.core.trainers.base._save:613] [PID:859953] [RANK:0] Saving model checkpoint to models/base/checkpoint-1124",
        "[2025-11-06 11:25:10,069] [INFO] [axolotl.train.save_trained_model:228] [PID:859953] [RANK:0] Training completed! "
        "Saving trained model to models/base.",
        "[2025-11-06 11:25:11,945] [INFO] [axolotl.train.save_trained_model:350] [PID:859953] [RANK:0] Model successfully "
        "saved to models/base",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "hf_trainer"
    assert [s["step"] for s in steps] == [1124]
    assert [(e["kind"], e["step"]) for e in events if e["kind"] == "checkpoint_save_start"][:1] == [
        ("checkpoint_save_start", 1124)]
    # then axolotl's save of the trained model: `Training completed! Saving trained model to models/base.`
    # to `Model successfully saved to models/base`, a save of its own
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint_save")] == [
        ("checkpoint_save_start", 1), ("checkpoint_save_start", 2), ("checkpoint_save_end", 3)]


def test_bars_and_counters_that_are_no_epochs_training_steps() -> None:
    """What the epoch rules must not read: a bar described `Epoch` whose percentage is no epoch
    (fastai 0.7's `trange(..., desc="Epoch")`, a public notebook, index id 49020041741); a
    validation bar (SuperGradients' output, index id 441645563), beside its training bar, which
    is one. A count beside its epoch (`Epoch 2/3, Step 1200/3000`) is read within the epoch, line by
    line: whether it counts the run's steps is the file's to say (counts that go on when the epoch
    turns, `_run_counts`)."""
    from tracelens.parsers.generic_log import _bar_step, _step_counter, _step_values

    assert _bar_step("Epoch:   3%|##                                                          | 1/30 "
                     "[03:19<1:36:12, 199.06s/it]") is None
    train = _bar_step("Train epoch 1: 100%|██████████| 32/32 [00:26<00:00,  1.22it/s, PPYoloELoss/loss=0.91, "
                      "PPYoloELoss/loss_cls=0.445, PPYoloELoss/loss_dfl=0.574, PPYoloELoss/loss_iou=0.0712, gpu_mem=10.1]")
    assert train is not None and train[0].step == 1 * 32 + 32
    assert _bar_step("Validation epoch 1: 100%|██████████| 3/3 [00:00<00:00,  3.88it/s]") is None
    counter = _step_counter("Epoch 2/3, Step 1200/3000, Loss: 1.70")
    assert counter is not None and (counter.epoch, counter.match.group("i"), counter.batches) == (2, "1200", 3000)
    # a time with its unit after another field's value is the step's
    assert _step_values(" loss 2.490 dt 121.5ms")["step_time_s"] == 0.1215
    assert _step_values(" loss=2.49 time=351ms")["step_time_s"] == 0.351


# johnman3032/simple-lora-dreambooth-trainer issue 2: a diffusers-style script's `Steps:` bar, Accelerate's save_state glued
DIFFUSERS = [
    "Steps:  70%|██████████████████████████████████▍              | 608/864 [17:50<19:15,  4.51s/it, "
    "loss=0.0717, lr=0.0001]10/20/2023 15:57:47 - INFO - accelerate.accelerator - Saving current stat"
    "e to C:/Users/User_name/Documents/LORA/W Output\\checkpoint-608",
    "Steps:  74%|█████████████████████████████████████             | 640/864 [20:16<16:56,  4.54s/it,"
    " loss=0.405, lr=0.0001]10/20/2023 16:00:14 - INFO - accelerate.accelerator - Saving current stat"
    "e to C:/Users/User_name/Documents/LORA/W Output\\checkpoint-640",
]
# llm.c's train_gpt2cu (a course README's run, index id 41996914691), its `...` elision left out
LLMC = [
    "step    1/19560 | loss 11.010252 (+nanz)| norm 15.1374 (+nanz)| lr 8.57e-07 | 4688.25 ms | 28.8%"
    " bf16 MFU | 111830 tok/s",
    "step 19559/19560 | loss 3.314194 (+0.19z)| norm 0.2776 (+3.74z)| lr 1.79e-11 | 4339.91 ms | 31.1"
    "% bf16 MFU | 124285 tok/s",
    "step 19560/19560 | loss 3.252871 (-1.21z)| norm 0.2281 (+0.02z)| lr 0.00e+00 | 4367.96 ms | 30.9"
    "% bf16 MFU | 124072 tok/s",
    "Writing checkpoint at step 19560",
    "total average iteration time: 4179.953030 ms",
]
# microsoft/Swin-Transformer issue 183
SWIN = [
    "[2022-03-14 09:05:16 swin_v1_tiny_patch4_window7_224_WindowAttention] (main.py 226): INFO Train:"
    " [14/300][250/1251]\teta 0:10:52 lr 0.000710\ttime 0.6408 (0.6516)\tloss 6.5584 (6.3074)\tgrad_norm "
    "6.5613 (10.6225)\tmem 14764MB",
    "[2022-03-14 09:05:23 swin_v1_tiny_patch4_window7_224_WindowAttention] (main.py 226): INFO Train:"
    " [14/300][260/1251]\teta 0:10:45 lr 0.000711\ttime 0.6290 (0.6510)\tloss 5.8341 (6.3028)\tgrad_norm "
    "7.8036 (10.4777)\tmem 14764MB",
]
# facebookresearch/mmf issue 870
MMF = [
    "2021-04-12T20:44:18 | mmf.trainers.callbacks.logistics: progress: 1100/22000, train/hateful_meme"
    "s/cross_entropy: 0.6094, train/hateful_memes/cross_entropy/avg: 0.5470, train/total_loss: 0.6094"
    ", train/total_loss/avg: 0.5470, max mem: 3788.0, experiment: run, epoch: 1, num_updates: 1100, i"
    "terations: 1100, max_updates: 22000, lr: 0.00001, ups: 0.76, time: 02m 12s 935ms, time_since_sta"
    "rt: 27m 23s 547ms, eta: 08h 45m 34s 405ms",
    "2021-04-12T20:46:26 | mmf.trainers.callbacks.logistics: progress: 1200/22000, train/hateful_meme"
    "s/cross_entropy: 0.6070, train/hateful_memes/cross_entropy/avg: 0.5504, train/total_loss: 0.6070"
    ", train/total_loss/avg: 0.5504, max mem: 3788.0, experiment: run, epoch: 1, num_updates: 1200, i"
    "terations: 1200, max_updates: 22000, lr: 0.00001, ups: 0.79, time: 02m 07s 931ms, time_since_sta"
    "rt: 29m 31s 479ms, eta: 08h 23m 22s 033ms",
    "2021-04-12T20:48:33 | mmf.trainers.callbacks.logistics: progress: 1300/22000, train/hateful_meme"
    "s/cross_entropy: 0.6094, train/hateful_memes/cross_entropy/avg: 0.5619, train/total_loss: 0.6094"
    ", train/total_loss/avg: 0.5619, max mem: 3788.0, experiment: run, epoch: 1, num_updates: 1300, i"
    "terations: 1300, max_updates: 22000, lr: 0.00001, ups: 0.79, time: 02m 06s 626ms, time_since_sta"
    "rt: 31m 38s 105ms, eta: 08h 15m 50s 359ms",
]


def test_a_steps_bar_counts_the_runs_steps_and_accelerates_save_state_is_a_save(tmp_path: Path) -> None:
    """diffusers-style training scripts draw one bar over the run's steps, described `Steps`: its
    count is the step (608, 640), its rate the step's time; Accelerate's `Saving current state to`
    is a checkpoint save."""
    name, steps, events = _read(tmp_path, DIFFUSERS)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(608, 4.51), (640, 4.54)]
    assert [e["kind"] for e in events].count("checkpoint_save_start") == 2


def test_llmc_steps_with_their_ms_its_checkpoint_and_its_end(tmp_path: Path) -> None:
    """llm.c: `step 19559/19560 | loss ... | 4339.91 ms | ...` is step 19559, 4.33991 s; `Writing
    checkpoint at step 19560` a save; `total average iteration time: ...` its last line, the end."""
    _, steps, events = _read(tmp_path, LLMC)
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (1, 4.68825, 11.010252), (19559, 4.33991, 3.314194), (19560, 4.36796, 3.252871)]
    assert [(e["kind"], e["step"]) for e in events] == [("checkpoint_save_start", 19560), ("attempt_end", None)]


def test_swin_train_lines_count_batches_over_epochs(tmp_path: Path) -> None:
    """Swin's `Train: [14/300][250/1251]` is batch 250 of epoch 14 (a tail: the epochs as printed):
    step 14 x 1251 + 250, at its line's time; its meter's `time 0.6408 (0.6516)` is the batch's
    time (the running average in brackets)."""
    _, steps, _ = _read(tmp_path, SWIN)
    assert [(s["step"], s["loss"], s["end_ns"], s["step_time_s"]) for s in steps] == [
        (14 * 1251 + 250, 6.5584, _ns("2022-03-14 09:05:16,000"), 0.6408),
        (14 * 1251 + 260, 5.8341, _ns("2022-03-14 09:05:23,000"), 0.629)]


def test_mmf_progress_lines_by_their_updates(tmp_path: Path) -> None:
    """MMF: `num_updates: 1100` is the step, `train/total_loss: 0.6094` its loss (a metric named by
    the path's last part), `ups: 0.76` updates a second: 1 / 0.76 s a step."""
    _, steps, _ = _read(tmp_path, MMF)
    assert [(s["step"], s["loss"]) for s in steps] == [(1100, 0.6094), (1200, 0.607), (1300, 0.6094)]
    assert steps[0]["step_time_s"] == pytest.approx(1 / 0.76)


def test_more_checkpoint_phrasings_and_a_spaced_iter_time() -> None:
    """SpeechBrain's `Saved an end-of-epoch checkpoint in ...` (speechbrain PR 2216), PaddleOCR's
    `save model in ...` (PaddleOCR notes, index id 15098989945), litgpt's `iter time: 765.52ms`
    (Lightning-AI/litgpt issue 834)."""
    from tracelens.parsers._events import _CKPT, _MODEL_SAVED
    from tracelens.parsers.generic_log import _step_values

    speechbrain = ("speechbrain.utils.checkpoints - Saved an end-of-epoch checkpoint in "
                   "results/CRDNN_BPE_960h_LM/2602/save/CKPT+2023-10-21+12-02-55+00")
    assert any(pattern.search(speechbrain) for _, pattern, _ in _CKPT)
    assert _MODEL_SAVED.search("[2025/06/25 18:25:28] ppocr INFO: save model in ./output/en_PP-OCRv4_rec\\latest")
    assert _step_values(" step 1: loss 3.3320, iter time: 765.52ms (optimizer.step)")["step_time_s"] == 0.76552


def test_undated_step_lines_without_a_time_are_steps_with_no_clock(tmp_path: Path) -> None:
    """darkflow (thtrieu/darkflow issue 470) prints `step 106 - loss 105.83... - moving ave loss
    106.07...` with no date and no time: steps with their loss and no time (the goodput then
    says the console has steps but no clock), not an unrecognised file."""
    lines = [
        "step 106 - loss 105.83324432373047 - moving ave loss 106.07497749111539",
        "step 107 - loss 105.81340026855469 - moving ave loss 106.04881976885933",
        "step 108 - loss 105.93949127197266 - moving ave loss 106.03788691917066",
        "Checkpoint at step 108",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["end_ns"], s["step_time_s"]) for s in steps] == [
        (106, 105.83324432373047, None, None), (107, 105.81340026855469, None, None), (108, 105.93949127197266, None, None)]


def test_a_bar_with_no_description_is_the_step_where_it_is_the_only_counter(tmp_path: Path) -> None:
    """LLaMA-Factory's console (hiyouga/LLaMA-Factory issue 74) shows the HF Trainer's training
    bar with no description and no metric line, the NCCL watchdog's timeout glued to its last
    drawing: the bar's counts are the steps and its rates their times, and the watchdog lines
    that cut it are still read."""
    bar = "█▋" + " " * 101
    lines = [
        f"  2%|{bar}| 10/620 [00:59<58:46,  5.78s/it]",
        f"  2%|{bar}| 11/620 [01:05<59:23,  5.85s/it]",
        f"  2%|{bar}| 12/620 [01:11<58:11,  5.74s/it]",
        f"  2%|{bar}| 13/620 [01:17<58:26,  5.78s/it][rank1]:[E1123 16:02:10.083090635 ProcessGroupNCCL.cpp:607] "
        "[Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1517, OpType=ALLREDUCE, NumelIn=1, "
        "NumelOut=1, Timeout(ms)=600000) ran for 600033 milliseconds before timing out.",
        "[rank1]:[E1123 16:02:10.083642868 ProcessGroupNCCL.cpp:1664] [PG 1 Rank 1] Exception (either an error or "
        "timeout) detected by watchdog at work: 1517, last enqueued NCCL work: 1517, last completed NCCL work: 1516.",
        "[rank0]:[E1123 16:02:10.114598162 ProcessGroupNCCL.cpp:607] [Rank 0] Watchdog caught collective operation "
        "timeout: WorkNCCL(SeqNum=1516, OpType=ALLREDUCE, NumelIn=25427968, NumelOut=25427968, Timeout(ms)=600000) "
        "ran for 600086 milliseconds before timing out.",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(10, 5.78), (11, 5.85), (12, 5.74), (13, 5.78)]
    assert sorted((e["rank"], e["line"]) for e in events if e["kind"] == "collective_timeout") == [(0, 6), (1, 4)]


def test_batches_counted_within_epochs_of_unknown_length_go_on_across_epochs(tmp_path: Path) -> None:
    """icefall's trainer (the yesno recipe's run in k2-fsa/icefall's installation docs, index id
    1112745166) prints `Epoch 1, batch 10, loss[loss=0.1139, ...]`: the batch counts within
    its epoch and starts over at 0, and no line says how many batches an epoch has. The epochs
    are one run, not restarts: each epoch's first line is put one log interval (10 batches, the
    gap between two lines of an epoch) after the last line of the epoch before, and the file's
    warning says the step numbers after the first epoch are estimates. Its validation lines
    (`Epoch 0, validation loss=0.9002`) are no steps."""
    lines = [
        "2023-07-27 12:50:52,565 INFO [train.py:422] Epoch 0, batch 0, loss[loss=1.065, over 2436.00 frames. ], "
        "tot_loss[loss=1.065, over 2436.00 frames. ], batch size: 4",
        "2023-07-27 12:50:53,681 INFO [train.py:422] Epoch 0, batch 10, loss[loss=0.4561, over 2828.00 frames. ], "
        "tot_loss[loss=0.7076, over 22192.90 frames.], batch size: 4",
        "2023-07-27 12:50:54,167 INFO [train.py:444] Epoch 0, validation loss=0.9002, over 18067.00 frames.",
        "2023-07-27 12:50:55,011 INFO [train.py:422] Epoch 0, batch 20, loss[loss=0.2555, over 2695.00 frames. ], "
        "tot_loss[loss=0.484, over 34971.47 frames. ], batch size: 5",
        "2023-07-27 12:50:55,331 INFO [train.py:444] Epoch 0, validation loss=0.4688, over 18067.00 frames.",
        "2023-07-27 12:50:55,368 INFO [checkpoint.py:75] Saving checkpoint to tdnn/exp/epoch-0.pt",
        "2023-07-27 12:50:55,633 INFO [train.py:422] Epoch 1, batch 0, loss[loss=0.2532, over 2436.00 frames. ], "
        "tot_loss[loss=0.2532, over 2436.00 frames. ], batch size: 4",
        "2023-07-27 12:50:56,242 INFO [train.py:422] Epoch 1, batch 10, loss[loss=0.1139, over 2828.00 frames. ], "
        "tot_loss[loss=0.1592, over 22192.90 frames.], batch size: 4",
        "2023-07-27 12:50:56,522 INFO [train.py:444] Epoch 1, validation loss=0.1627, over 18067.00 frames.",
        "2023-07-27 12:50:57,209 INFO [train.py:422] Epoch 1, batch 20, loss[loss=0.07055, over 2695.00 frames. ], "
        "tot_loss[loss=0.1175, over 34971.47 frames.], batch size: 5",
        "2023-07-27 12:50:57,600 INFO [train.py:444] Epoch 1, validation loss=0.07091, over 18067.00 frames.",
        "2023-07-27 12:50:57,640 INFO [checkpoint.py:75] Saving checkpoint to tdnn/exp/epoch-1.pt",
        "2023-07-27 12:50:57,847 INFO [train.py:422] Epoch 2, batch 0, loss[loss=0.07731, over 2436.00 frames. ], "
        "tot_loss[loss=0.07731, over 2436.00 frames.], batch size: 4",
        "2023-07-27 12:50:58,427 INFO [train.py:422] Epoch 2, batch 10, loss[loss=0.04391, over 2828.00 frames. ], "
        "tot_loss[loss=0.05341, over 22192.90 frames. ], batch size: 4",
    ]
    path = tmp_path / "train.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None and parser.name == "generic_log"
    result = parser.parse(path, ParseOptions())
    steps = result.tables["log_steps"].to_pylist()
    assert [(s["step"], s["loss"], s["end_ns"]) for s in steps] == [
        (0, 1.065, _ns("2023-07-27 12:50:52,565")), (10, 0.4561, _ns("2023-07-27 12:50:53,681")),
        (20, 0.2555, _ns("2023-07-27 12:50:55,011")), (30, 0.2532, _ns("2023-07-27 12:50:55,633")),
        (40, 0.1139, _ns("2023-07-27 12:50:56,242")), (50, 0.07055, _ns("2023-07-27 12:50:57,209")),
        (60, 0.07731, _ns("2023-07-27 12:50:57,847")), (70, 0.04391, _ns("2023-07-27 12:50:58,427"))]
    assert [w for w in result.warnings if "estimates" in w] == [
        "steps are counted within each epoch and no epoch's length is printed: each epoch's first step line is put "
        "one log interval (10 steps) after the last of the epoch before, so step numbers past the first epoch are "
        "estimates (off by up to about an interval for each epoch before)"]


def test_espnet2_batch_ranges_go_on_across_epochs_with_their_train_time(tmp_path: Path) -> None:
    """ESPnet2's trainer (espnet/espnet issue 2674) prints each log interval's batches of its
    epoch, counted from 1 in every epoch (`1epoch:train:6376-6750batch: iter_time=0.001, ...,
    train_time=0.013`): the step is the range's last batch, `train_time` an iteration's mean time
    and `iter_time` its wait for the batch. Epoch 2 starts over at 1-375: epoch 1's results line
    says it had 7507 training batches (`[train] ... total_count=7507`), so its 375th is step
    7507 + 375 = 7882; the results line and the `2/20epoch started` line are no steps."""
    head = "[PC] 2020-11-11 {} (trainer:{}) INFO: "
    lines = [
        head.format("16:30:04,578", 486) + "1epoch:train:6376-6750batch: iter_time=0.001, forward_time=0.005, "
        "loss=2.386, backward_time=0.005, optim_step_time=1.949e-04, lr_0=0.100, train_time=0.013",
        head.format("16:30:09,675", 486) + "1epoch:train:6751-7125batch: iter_time=0.001, forward_time=0.005, "
        "loss=2.367, backward_time=0.005, optim_step_time=1.953e-04, lr_0=0.100, train_time=0.013",
        head.format("16:30:14,840", 486) + "1epoch:train:7126-7500batch: iter_time=0.001, forward_time=0.005, "
        "loss=2.339, backward_time=0.005, optim_step_time=1.963e-04, lr_0=0.100, train_time=0.014",
        head.format("16:30:18,406", 243) + "1epoch results: [train] iter_time=0.001, forward_time=0.005, loss=2.853, "
        "backward_time=0.005, optim_step_time=1.974e-04, lr_0=0.100, train_time=0.013, time=1 minute and 42.6 seconds, "
        "total_count=7507, [valid] loss=2.387, time=3 seconds, total_count=240, [att_plot] time=0.28 seconds, total_count=0",
        head.format("16:30:18,969", 286) + "The best model has been updated: valid.loss",
        head.format("16:30:18,969", 184) + "2/20epoch started. Estimated time to finish: 33 minutes and 42.59 seconds",
        head.format("16:30:24,312", 486) + "2epoch:train:1-375batch: iter_time=0.001, forward_time=0.005, loss=2.313, "
        "backward_time=0.005, optim_step_time=2.000e-04, lr_0=0.100, train_time=0.014",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["step_time_s"], s["data_time_s"], s["end_ns"]) for s in steps] == [
        (6750, 2.386, 0.013, 0.001, _ns("2020-11-11 16:30:04,578")),
        (7125, 2.367, 0.013, 0.001, _ns("2020-11-11 16:30:09,675")),
        (7500, 2.339, 0.014, 0.001, _ns("2020-11-11 16:30:14,840")),
        (7882, 2.313, 0.014, 0.001, _ns("2020-11-11 16:30:24,312"))]


def test_funasr_batch_ranges_name_the_runs_updates(tmp_path: Path) -> None:
    """FunASR's ESPnet-derived trainer (a ModelScope fine-tuning guide, index id 2445184000) adds
    the run's updates to the range (`2epoch:train:1-50batch:50num_updates:`): that is the step."""
    head = "[bach-gpu011024008134] 2023-04-23 {} (trainer:777) INFO: 2epoch:train:"
    lines = [
        "[bach-gpu011024008134] 2023-04-23 18:59:13,976 (e2e_asr_paraformer:467) INFO: enable sampler in paraformer, "
        "sampling_ratio: 0.75",
        head.format("18:59:48,924") + "1-50batch:50num_updates: iter_time=0.008, forward_time=0.302, loss_att=0.186, "
        "acc=0.942, loss_pre=0.005, loss=0.192, backward_time=0.231, optim_step_time=0.117, optim0_lr0=7.484e-06, "
        "train_time=0.753",
        head.format("19:00:23,869") + "51-100batch:100num_updates: iter_time=1.152e-04, forward_time=0.275, "
        "loss_att=0.184, acc=0.945, loss_pre=0.005, loss=0.189, backward_time=0.234, optim_step_time=0.117, "
        "optim0_lr0=7.567e-06, train_time=0.699",
        head.format("19:00:58,463") + "101-150batch:150num_updates: iter_time=1.123e-04, forward_time=0.271, "
        "loss_att=0.204, acc=0.942, loss_pre=0.005, loss=0.210, backward_time=0.231, optim_step_time=0.116, "
        "optim0_lr0=7.651e-06, train_time=0.692",
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["loss"], s["step_time_s"], s["data_time_s"]) for s in steps] == [
        (50, 0.192, 0.753, 0.008), (100, 0.189, 0.699, 1.152e-04), (150, 0.210, 0.692, 1.123e-04)]


def test_colossalai_runs_node_report_ends_the_run_cleanly(tmp_path: Path) -> None:
    """`colossalai run` reports each node's training after the script's own output (a CIFAR-10
    ResNet-18 run's README, index id 37907208851): `127.0.0.1: success` under `====== Training on
    All Nodes =====` is the run's clean end; the stop report's `127.0.0.1: finish` is none."""
    lines = [
        "Epoch [77/80]: 100%|██████████| 500/500 [00:33<00:00, 14.87it/s, loss=0.0619]",
        "Epoch [78/80]: 100%|██████████| 500/500 [00:33<00:00, 14.76it/s, loss=0.0361]",
        "Epoch [79/80]: 100%|██████████| 500/500 [00:33<00:00, 14.99it/s, loss=0.0446]",
        "Epoch [80/80]: 100%|██████████| 500/500 [00:33<00:00, 14.96it/s, loss=0.0355]",
        "Accuracy of the model on the test images: 84.68 %",
        "",
        "====== Training on All Nodes =====",
        "127.0.0.1: success",
        "",
        "====== Stopping All Nodes =====",
        "127.0.0.1: finish",
    ]
    _, _, events = _read(tmp_path, lines)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [("attempt_end", 8)]


@pytest.mark.parametrize(("text", "step", "epoch"), [
    ("Epoch 1, batch 10, loss[loss=0.1139, over 2828.00 frames. ]", 10, 1),  # the count within the epoch
    ("Epoch 2, batch 0, global step 35, loss 0.5", 35, None),  # a run's step beside it is the line's
    ("Epoch 2 | Batch 0 | Step 35 | loss 0.5", 35, None),
    ("epoch 2 iter 0 global_step=35 loss=0.5", 35, None),
    ("step 100 loss 0.5 (best epoch 1 step 50)", 100, None),  # the first counter, not a remark's
    ("Epoch 2, step 100, global_step 2100, loss 0.5", 100, 2),  # no `global_step:`/`=`: no run's count read
    ("step: 12, global_step: 1e3, loss 0.5", 12, None),  # a count in float notation is no step number
])
def test_a_count_within_its_epoch_is_the_step_only_where_it_is_the_lines_only_counter(
        text: str, step: int, epoch: int | None) -> None:
    """The rule on the strings alone: `_EPOCH_COUNT` reads a line's step only where no other
    counter (a run's step, printed before or after it) is on the line."""
    counter = _step_counter(text)
    assert counter is not None and (counter.step, counter.epoch) == (step, epoch)


def test_a_bar_showing_the_training_loss_is_the_training_loop_beside_a_validation_bar(tmp_path: Path) -> None:
    """SpeechBrain's recipe console (speechbrain/speechbrain pull request 2216) draws each epoch's
    training bar (190 batches, `train_loss=` after its rate) and its validation bar (137, no
    postfix), neither described, each kept at 100%: the bars of the length that shows a training
    loss are the steps, epoch 2's going on from epoch 1's 190 (its clock went back: a new bar,
    not a redraw), their rates the steps' times (1/1.01 and 1/1.04 s)."""
    lines = [
        "100%|██████████████████████████████| 190/190 [03:08<00:00,  1.01it/s, train_loss=0.945]",
        "100%|██████████████████████████████| 137/137 [01:43<00:00,  1.33it/s]",
        "speechbrain.utils.train_logger - epoch: 1, lr: 1.00e+00 - train loss: 9.45e-01 - valid loss: 1.23, valid CER: "
        "35.42, valid WER: 39.14",
        "speechbrain.utils.checkpoints - Saved an end-of-epoch checkpoint in "
        "results/CRDNN_BPE_960h_LM/2602/save/CKPT+2023-10-21+12-02-55+00",
        "speechbrain.utils.epoch_loop - Going into epoch 2",
        "100%|██████████████████████████████| 190/190 [03:02<00:00,  1.04it/s, train_loss=0.726]",
        "100%|██████████████████████████████| 137/137 [02:17<00:00,  1.00s/it]",
        "speechbrain.nnet.schedulers - Changing lr from 1 to 0.8",
        "speechbrain.utils.train_logger - epoch: 2, lr: 1.00e+00 - train loss: 7.26e-01 - valid loss: 1.27, valid CER: "
        "1.54e+02, valid WER: 1.54e+02",
        "speechbrain.utils.checkpoints - Saved an end-of-epoch checkpoint in "
        "results/CRDNN_BPE_960h_LM/2602/save/CKPT+2023-10-21+12-08-30+00",
        "speechbrain.utils.epoch_loop - Going into epoch 3",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [
        (190, pytest.approx(1 / 1.01)), (380, pytest.approx(1 / 1.04))]


def test_a_training_bar_whose_sorted_postfix_puts_its_loss_late(tmp_path: Path) -> None:
    """A SpeechBrain project's docs (YueZhou-oh/GWDA_lib, docs/source/train.rst, index id 7325841639):
    tqdm's `set_postfix` sorts its keys, so the training bar's `train_loss=` comes after `loss1=` and
    `loss2=`; it is still the bar of the length that shows a training loss (13 batches, beside the
    validation's 3): steps 13 and 26, their times the rates' inverses."""
    lines = [
        '      speechbrain.utils.epoch_loop - Going into epoch 1',
        ('      100%|███████████████████████████████████████████████████████████████████████████████████████████████████████'
         '█████████████████████████████| 13/13 [00:02<00:00,  5.45it/s, loss1=6.18, loss2=0.693, train_loss=6.18]'),
        ('      100%|███████████████████████████████████████████████████████████████████████████████████████████████████████'
         '█████████████████████████████████████████████████████████████████████████| 3/3 [00:00<00:00,  3.50it/s]'),
        ('      speechbrain.utils.train_logger - epoch: 1, lr: 5.00e-04 - train si-snr: 6.18, train loss1: 6.18, train loss2'
         ': 6.93e-01 - valid si-snr: -6.32e-01, valid loss1: -6.32e-01, valid loss2: 6.96e-01'),
        ('      speechbrain.utils.checkpoints - Saved an end-of-epoch checkpoint in results/detection_demo22/1607/save/CKPT+'
         '2024-02-02+15-55-58+00'),
        '      speechbrain.utils.epoch_loop - Going into epoch 2',
        ('      100%|███████████████████████████████████████████████████████████████████████████████████████████████████████'
         '███████████████████████████| 13/13 [00:02<00:00,  5.72it/s, loss1=-2.26, loss2=0.693, train_loss=-2.26]'),
        ('      100%|███████████████████████████████████████████████████████████████████████████████████████████████████████'
         '█████████████████████████████████████████████████████████████████████████| 3/3 [00:00<00:00,  3.47it/s]'),
        ('      speechbrain.utils.train_logger - epoch: 2, lr: 5.00e-04 - train si-snr: -2.26e+00, train loss1: -2.26e+00, t'
         'rain loss2: 6.93e-01 - valid si-snr: -2.13e+00, valid loss1: -2.13e+00, valid loss2: 6.97e-01'),
        ('      speechbrain.utils.checkpoints - Saved an end-of-epoch checkpoint in results/detection_demo22/1607/save/CKPT+'
         '2024-02-02+15-56-01+00'),
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(13, pytest.approx(1 / 5.45)), (26, pytest.approx(1 / 5.72))]


def test_the_trainers_notebook_progress_copied_as_text(tmp_path: Path) -> None:
    """An Unsloth fine-tuning run's Colab output pasted into a README (index id 54731592927): the HF
    Trainer's notebook progress as text, its caption ` [60/60 09:26, Epoch 1/2]` and its table of
    logged steps, tab-separated. The rows are the steps with their training losses; the caption
    says 60 steps took 9 min 26 s, so their mean time is 566 / 60 s (the table dates none)."""
    lines = [
        "Unsloth: Will smartly offload gradients to save VRAM!",
        " [60/60 09:26, Epoch 1/2]",
        "Step\tTraining Loss\tValidation Loss",
        "10\t2.361331\t2.238496",
        "20\t1.537237\t1.518947",
        "30\t1.494586\t1.442314",
        "40\t1.500848\t1.419743",
        "50\t1.528578\t1.404930",
        "60\t1.568208\t1.399392",
        "Unsloth: Restored added_tokens_decoder metadata in outputs/checkpoint-60/tokenizer_config.json.",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "hf_trainer"
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (10, 2.361331, pytest.approx(566 / 60)), (20, 1.537237, pytest.approx(566 / 60)),
        (30, 1.494586, pytest.approx(566 / 60)), (40, 1.500848, pytest.approx(566 / 60)),
        (50, 1.528578, pytest.approx(566 / 60)), (60, 1.568208, pytest.approx(566 / 60))]


# A notebook converted to Markdown by nbconvert, the Trainer's progress kept as its HTML
# (github.com/PranithaChilvari/LING539-Sentiment-Classification @ 5f82cf8, Sentiment_Analysis.md, the
# `trainer.train()` cell's output, its lines 1-37)
NOTEBOOK_HTML = [
    '    <div>',
    '',
    "      <progress value='3297' max='3297' style='width:300px; height:20px; vertical-align: middle;'></progress>",
    '      [3297/3297 08:10, Epoch 3/3]',
    '    </div>',
    '    <table border="1" class="dataframe">',
    '  <thead>',
    ' <tr style="text-align: left;">',
    '      <th>Step</th>',
    '      <th>Training Loss</th>',
    '    </tr>',
    '  </thead>',
    '  <tbody>',
    '    <tr>',
    '      <td>500</td>',
    '      <td>0.838500</td>',
    '    </tr>',
    '    <tr>',
    '      <td>1000</td>',
    '      <td>0.683900</td>',
    '    </tr>',
    '    <tr>',
    '      <td>1500</td>',
    '      <td>0.517100</td>',
    '    </tr>',
    '    <tr>',
    '      <td>2000</td>',
    '      <td>0.463000</td>',
    '    </tr>',
    '    <tr>',
    '      <td>2500</td>',
    '      <td>0.347200</td>',
    '    </tr>',
    '    <tr>',
    '      <td>3000</td>',
    '      <td>0.266100</td>',
    '    </tr>',
]


def test_the_trainers_notebook_progress_kept_as_html(tmp_path: Path) -> None:
    """The caption ` [3297/3297 08:10, Epoch 3/3]` over an HTML table, `<th>Step</th>`, `<th>Training
    Loss</th>`, then a `<tr>` a row (`<td>500</td>`, `<td>0.838500</td>`): each row a step with its
    loss and 490 s over 3297 steps each, the caption's count a step done after them, its total the end."""
    name, steps, events = _read(tmp_path, NOTEBOOK_HTML)
    assert name == "hf_trainer"
    cells = [re.sub(r"\s*</?td>\s*", "", t) for t in NOTEBOOK_HTML if t.strip().startswith("<td>")]
    table = [(int(cells[k]), float(cells[k + 1])) for k in range(0, len(cells), 2)]
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (step, loss, pytest.approx(490 / 3297)) for step, loss in table] + [(3297, None, pytest.approx(490 / 3297))]
    assert [e["kind"] for e in events] == ["attempt_end"]


def test_espnets_epoch_summary_counts_the_iterations_of_every_epoch_so_far() -> None:
    """ESPnet's reporter documents `total_count` as "the number of iterations over all epochs"
    (espnet2/train/reporter.py): an epoch's own batches are its running total less the epoch
    before's, epoch 1's its own (issue 2674's `1epoch results: [train] ... total_count=7507`);
    with the total before it missing, it is unknown."""
    totals = {(None, 1): 7507, (None, 2): 15014, (None, 4): 30028}
    assert _epoch_length(totals, None, 1) == 7507
    assert _epoch_length(totals, None, 2) == 7507
    assert _epoch_length(totals, None, 4) is None


@pytest.mark.parametrize(("counts", "expected"), [
    ([500, 500, 500], [500, 1000, 1500]),  # the same count each epoch: not the same step thrice
    ([499, 498, 499], [499, 998, 1497]),
])
def test_one_line_an_epoch_its_count_about_the_epochs_length(counts: list[int], expected: list[int]) -> None:
    """The rule on rows alone: one `Epoch N, Step S` line an epoch (no gap within an epoch to
    measure the log interval by) puts each epoch's line the median count (500, 499) after the
    one before, so that a count that repeats or drops as the epoch goes up reads as epochs, not
    as restarts, with the estimate's warning."""
    rows = LogRows("generic")
    for line, count in enumerate(counts, start=1):
        rows.step(line=line, rank=None, step=count, end_ns=None)
    note = _steps_across_epochs(rows, [(i, epoch) for i, epoch in enumerate(range(1, len(counts) + 1))], {}, {})
    assert [row["step"] for row in rows.steps] == expected
    assert note is not None and "estimates" in note


def test_darkflows_checkpoint_line_starts_a_save(tmp_path: Path) -> None:
    """thtrieu/darkflow's trainer (its issue 470's output) prints `Checkpoint at step 108` on a line
    of its own right before it saves the checkpoint: a save of step 108 starts there; its step
    lines (`step 107 - loss 105.81340026855469 - moving ave loss ...`) are steps with no clock."""
    lines = [
        "step 106 - loss 105.83324432373047 - moving ave loss 106.07497749111539",
        "step 107 - loss 105.81340026855469 - moving ave loss 106.04881976885933",
        "step 108 - loss 105.93949127197266 - moving ave loss 106.03788691917066",
        "Checkpoint at step 108",
        "step 109 - loss 106.15354919433594 - moving ave loss 106.0494531466872",
    ]
    _, steps, events = _read(tmp_path, lines)
    assert [s["step"] for s in steps] == [106, 107, 108, 109]
    assert [(e["kind"], e["step"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", 108, 4)]


def test_deepspeed_chat_ppo_steps_take_their_time_from_the_latency_line_after(tmp_path: Path) -> None:
    """DeepSpeed-Chat's step 3 (PPO; deepspeedai/DeepSpeedExamples issue 444): the hybrid engine
    prints `|E2E latency=2.10s |...` as the next step's generation begins, the time since the one
    before began, so the line after `epoch: 0|step: 3196|ppo_ep: 1|act_loss: inf|...` times step
    3196 (2.10 s) and the first line, 2.06 s, a step before the quote; no line times 3198 (an
    `inf` loss is no number read). (DeepSpeed's own recorded run in test_line_rules_post_training
    shows the order: no latency before its first step, the first one after it.)"""
    lines = [
        "|E2E latency=2.06s |Gather latency=0.00s (0.00%) |Generate time=1.54s (74.86%) |Training time=0.42s (20.36%)"
        " |Others=0.10 (4.77%)|CurSamplesPerSec=1.94 |AvgSamplesPerSec=1.95",
        "epoch: 0|step: 3196|ppo_ep: 1|act_loss: inf|cri_loss: inf|unsuper_loss: 0.0",
        "average reward score: -4.56640625",
        "-------------------------------------------------------------------------------------",
        "|E2E latency=2.10s |Gather latency=0.00s (0.00%) |Generate time=1.58s (75.15%) |Training time=0.42s (19.89%)"
        " |Others=0.10 (4.97%)|CurSamplesPerSec=1.90 |AvgSamplesPerSec=1.95",
        "epoch: 0|step: 3197|ppo_ep: 1|act_loss: inf|cri_loss: inf|unsuper_loss: 0.0",
        "average reward score: -6.9453125",
        "-------------------------------------------------------------------------------------",
        "|E2E latency=2.08s |Gather latency=0.00s (0.00%) |Generate time=1.56s (75.20%) |Training time=0.42s (19.98%)"
        " |Others=0.10 (4.82%)|CurSamplesPerSec=1.93 |AvgSamplesPerSec=1.95",
        "epoch: 0|step: 3198|ppo_ep: 1|act_loss: inf|cri_loss: inf|unsuper_loss: 0.0",
        "average reward score: -5.7421875",
        "-------------------------------------------------------------------------------------",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "deepspeed"
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (3196, 2.10, None), (3197, 2.08, None), (3198, None, None)]


def test_caffes_snapshot_line_starts_the_save_of_its_iteration(tmp_path: Path) -> None:
    """Caffe's solver (BVLC/caffe issue 5144, a DetectNet run under DIGITS) says `Snapshotting to
    binary proto file snapshot_iter_8694.caffemodel` before it writes the weights, then the solver's
    state: one save, of iteration 8694."""
    lines = [
        "I0413 15:10:34.081869 22206 sgd_solver.cpp:106] Iteration 8680, lr = 1e-05",
        "I0413 15:11:22.549012 22206 solver.cpp:479] Snapshotting to binary proto file snapshot_iter_8694.caffemodel",
        "I0413 15:11:22.642297 22206 sgd_solver.cpp:273] Snapshotting solver state to binary proto file "
        "snapshot_iter_8694.solverstate",
        "I0413 15:13:03.606060 22206 solver.cpp:242] Iteration 8720 (0.267511 iter/s, 149.526s/40 iter), "
        "loss = -6.43825e-20",
    ]
    _, _, events = _read(tmp_path, lines)
    # (and its first line, glog's head before its own solver's message, is its process's first dated line)
    assert [(e["kind"], e["step"], e["line"]) for e in events] == [("attempt_start", None, 1), ("checkpoint_save_start", 8694, 2)]


def test_a_watchdog_timeout_glued_to_a_bars_last_redraw_is_read(tmp_path: Path) -> None:
    """A NeMo job's bar (pytorch/pytorch issue 118369) with PyTorch's C++ watchdog line glued to
    its end: the timeout of SeqNum 96120 is read, as the one on a line of its own after it."""
    lines = [
        "Epoch 0:   6%|██                               | 32040/500150 [6:28:43<94:39:17,  1.37it/s, loss=2.6, "
        "v_num=95nc, reduced_train_loss=2.590, global_step=3.2e+4, consumed_samples=2.56e+7][E ProcessGroupNCCL.cpp:458] "
        "[Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=96120, OpType=ALLREDUCE, "
        "Timeout(ms)=1800000) ran for 25624887 milliseconds before timing out.",
        "[E ProcessGroupNCCL.cpp:458] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=96117, "
        "OpType=ALLREDUCE, Timeout(ms)=1800000) ran for 25624887 milliseconds before timing out.",
    ]
    _, _, events = _read(tmp_path, lines)
    assert [(e["kind"], e["rank"], e["line"]) for e in events if e["kind"] == "collective_timeout"] == [
        ("collective_timeout", 0, 1), ("collective_timeout", 0, 2)]
    assert "SeqNum=96120" in events[0]["detail"]


def test_an_unbracketed_epoch_and_batch_of_its_batches_count_within_the_epoch(tmp_path: Path) -> None:
    """GluonNLP's SQuAD script (dmlc/gluon-nlp PR 1261): `Epoch: 2, Batch: 4134/8164, ...` is batch
    4134 of 8164 in epoch 2: steps go on across epochs (`_from_epoch_one` moves them where the log's
    epochs count from 1), 300 batches apart."""
    lines = [
        "2020-07-11 01:18:24,537 - root - INFO - Epoch: 2, Batch: 4134/8164, Loss span/answer/total=0.5251/0.1104/0.6355, "
        "LR=0.00001106, grad_norm=33.4706. Time cost=89.23, Throughput=53.79 samples/s ETA=1.00h",
        "2020-07-11 01:19:57,105 - root - INFO - Epoch: 2, Batch: 4434/8164, Loss span/answer/total=0.5365/0.1209/0.6574, "
        "LR=0.00001079, grad_norm=19.0388. Time cost=92.57, Throughput=51.85 samples/s ETA=0.97h",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    got = [s["step"] for s in steps]
    # batches 4134 and 4434 of an epoch of 8164, past at least one whole epoch (whether the script
    # counts epochs from 0 or 1 the lines do not say)
    assert [step % 8164 for step in got] == [4134, 4434] and got[0] >= 8164
    assert [s["end_ns"] for s in steps] == [_ns("2020-07-11 01:18:24,537"), _ns("2020-07-11 01:19:57,105")]


def test_horovods_epoch_and_batch_lines_alone_are_each_ranks_steps(tmp_path: Path) -> None:
    """Horovod under mpirun --tag-output (horovod/horovod issue 1421): `[1,0]<stdout>:Epoch 0/100,
    Batch 17/29316` on a line of its own, the loss on the next: steps 17 and 18 of ranks 0 and 1,
    with no time."""
    lines = [
        "[1,1]<stdout>:Epoch 0/100, Batch 17/29316",
        "[1,0]<stdout>:Epoch 0/100, Batch 17/29316",
        "[1,1]<stdout>:Total loss is  30.246166229248047 ETA is  7:37:42.398659",
        "[1,0]<stdout>:Total loss is  29.862733840942383 ETA is  7:37:43.721964",
        "[1,0]<stdout>:Epoch 0/100, Batch 18/29316",
        "[1,1]<stdout>:Epoch 0/100, Batch 18/29316",
        "[1,0]<stdout>:Total loss is  53.665191650390625 ETA is  7:19:39.170223",
        "[1,1]<stdout>:Total loss is  48.74404525756836 ETA is  7:19:45.835702",
        "[1,0]<stdout>:Epoch 0/100, Batch 19/29316",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["rank"], s["step"], s["step_time_s"]) for s in steps] == [
        (1, 17, None), (0, 17, None), (0, 18, None), (1, 18, None), (0, 19, None)]


def test_allennlps_batches_count_in_the_epoch_its_own_line_named(tmp_path: Path) -> None:
    """AllenNLP's trainer in 2017 (allenai/allennlp issue 379): `Epoch 0/139` on a line of its own,
    then `Batch 567/17168: accuracy: 0.42, loss: 1.32 ||` every 10 s: batches 1, 567 and 1128 of
    epoch 0, the steps, with their losses."""
    lines = [
        "2017-10-14 16:48:27,962 - INFO - allennlp.training.trainer - Beginning training.",
        "2017-10-14 16:48:27,962 - INFO - allennlp.training.trainer - Epoch 0/139",
        "2017-10-14 16:48:27,962 - INFO - allennlp.training.trainer - Training",
        "2017-10-14 16:48:48,950 - INFO - allennlp.training.trainer - Batch 1/17168: accuracy: 0.25, loss: 6.66 ||",
        "2017-10-14 16:48:58,960 - INFO - allennlp.training.trainer - Batch 567/17168: accuracy: 0.42, loss: 1.32 ||",
        "2017-10-14 16:49:08,969 - INFO - allennlp.training.trainer - Batch 1128/17168: accuracy: 0.46, loss: 1.17 ||",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["end_ns"]) for s in steps] == [
        (1, 6.66, _ns("2017-10-14 16:48:48,950")), (567, 1.32, _ns("2017-10-14 16:48:58,960")),
        (1128, 1.17, _ns("2017-10-14 16:49:08,969"))]


def test_clus_metric_writer_lines_under_absl_are_steps_with_their_rate(tmp_path: Path) -> None:
    """Flax's ImageNet example on 4 hosts (google/flax issue 3364): CLU's LoggingWriter under absl,
    `I1002 21:38:13.425730 139917864867392 logging_writer.py:35] [400] steps_per_second=1.583725,
    ...`: step 400, its time 1/1.583725 s, its loss `train_loss`."""
    lines = [
        "I1002 21:38:13.425730 139917864867392 logging_writer.py:35] [400] steps_per_second=1.583725, "
        "train_accuracy=0.3724340796470642, train_learning_rate=0.35846155881881714, train_loss=3.219879150390625",
        "I1002 21:39:09.572115 140400640460352 logging_writer.py:35] [500] steps_per_second=1.781075, "
        "train_accuracy=0.8223657011985779, train_learning_rate=0.4610256254673004, train_loss=0.8868171572685242",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [(400, 3.219879150390625), (500, 0.8868171572685242)]
    assert [s["step_time_s"] for s in steps] == pytest.approx([1 / 1.583725, 1 / 1.781075])


def test_mindspores_loss_and_time_monitors_give_the_step_its_loss_and_time(tmp_path: Path) -> None:
    """MindSpore's LossMonitor and TimeMonitor in dataset sink mode (an SSD-ResNet50 README, index id
    17144632342): `epoch: 2 step: 458, loss is 2.8847265` ends epoch 2's 458 steps; `epoch time:
    38912.93..., per step time: 84.96273761232868` after it is each step's time in ms."""
    lines = [
        "epoch: 1 step: 458, loss is 3.1681802",
        "epoch time: 228752.4654865265, per step time: 499.4595316299705",
        "epoch: 2 step: 458, loss is 2.8847265",
        "epoch time: 38912.93382644653, per step time: 84.96273761232868",
        "epoch: 3 step: 458, loss is 2.8398118",
        "epoch time: 38769.184827804565, per step time: 84.64887516987896",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [(458, 3.1681802), (916, 2.8847265), (1374, 2.8398118)]
    assert [s["step_time_s"] for s in steps] == pytest.approx([0.4994595316299705, 0.08496273761232868,
                                                               0.08464887516987896])


def test_one_training_epochs_bar_with_its_rate_is_a_log_of_steps(tmp_path: Path) -> None:
    """super-gradients (Deci-AI/super-gradients issue 1085): one `Train epoch 33: 100%|...| 250/250
    [05:10<00:00,  1.24s/it, ...]` bar and its validation bar are enough to read: epoch 33's last
    batch, 1.24 s each (the validation bar is no step)."""
    lines = [
        "===========================================================",
        "Train epoch 33: 100%|██████████| 250/250 [05:10<00:00,  1.24s/it, DEKRLoss/heatmap=0.00039, "
        "DEKRLoss/offset=0.000749, DEKRLoss/total=0.00114, gpu_mem=13.4]",
        "Validation epoch 33: 100%|██████████| 20/20 [00:24<00:00,  1.23s/it]",
        "===========================================================",
        "SUMMARY OF EPOCH 33",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(33 * 250 + 250, 1.24)]


def test_torchtunes_bar_under_a_role_and_rank_prefix(tmp_path: Path) -> None:
    """torchtune's LoRA recipe launched by torchx (meta-pytorch/torchtune PR 2620): torchrun's
    prefix with a role, its local rank and the global rank (`[trainer0|0]:`), and torchtune's bar
    described `epoch|global step|Loss: ...` (the description set after the bar moves, so a redraw
    shows the step before's): steps 1..3 of rank 0 at the bar's rates 20.91, 18.96 and 16.98 s."""
    lines = [
        "[trainer0|0]:  0%|          | 0/101 [00:00<?, ?it/s][trainer0|0]:",
        "[trainer0|0]:  1%|          | 1/101 [00:20<34:51, 20.91s/it]",
        "[trainer0|0]:1|1|Loss: 2.7997918128967285:   1%|          | 1/101 [00:20<34:51, 20.91s/it][trainer0|0]:",
        "[trainer0|0]:1|1|Loss: 2.7997918128967285:   2%|▏         | 2/101 [00:38<31:17, 18.96s/it]",
        "[trainer0|0]:1|2|Loss: 2.764298677444458:   2%|▏         | 2/101 [00:38<31:17, 18.96s/it] [trainer0|0]:",
        "[trainer0|0]:1|2|Loss: 2.764298677444458:   3%|▎         | 3/101 [00:53<27:44, 16.98s/it]",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["rank"], s["step"], s["step_time_s"], s["line"]) for s in steps] == [
        (0, 1, 20.91, 3), (0, 2, 18.96, 4), (0, 3, 16.98, 6)]
    assert {s["framework"] for s in steps} == {"torchtune"}


def test_one_torchtune_bar_claims_its_log(tmp_path: Path) -> None:
    """torchtune's tutorial's run (github.com/pytorch/torchtune @ 04f44074,
    docs/source/tutorials/first_finetune_tutorial.rst, its indented block): its logger's lines, then
    one bar, `1|52|Loss: 2.3697...:   0%|...| 52/25880 [00:24<3:55:01,  1.83it/s]`: read as a log,
    step 52 of epoch 1 at 1 / 1.83 s."""
    lines = [
        '  $ tune run lora_finetune_single_device --config llama2/7B_lora_single_device epochs=1',
        '  INFO:torchtune.utils.logging:Running LoRAFinetuneRecipeSingleDevice with resolved config:',
        '  Writing logs to /tmp/lora_finetune_output/log_1713194212.txt',
        '  INFO:torchtune.utils.logging:Model is initialized with precision torch.bfloat16.',
        '  INFO:torchtune.utils.logging:Tokenizer is initialized from file.',
        '  INFO:torchtune.utils.logging:Optimizer and loss are initialized.',
        '  INFO:torchtune.utils.logging:Loss is initialized.',
        '  INFO:torchtune.utils.logging:Dataset and Sampler are initialized.',
        '  INFO:torchtune.utils.logging:Learning rate scheduler is initialized.',
        '  1|52|Loss: 2.3697006702423096:   0%|▏                     | 52/25880 [00:24<3:55:01,  1.83it/s]',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"], s["framework"]) for s in steps] == [(52, 1 / 1.83, "torchtune")]


def test_torchruns_role_prefix_names_the_local_rank_and_a_template_the_global() -> None:
    """torchrun's `--role` prefix is `[${role_name}${local_rank}]:` (`[trainer0]:`, its docs); a
    template adding the global rank (`[trainer0|3]:`) gives that rank."""
    from tracelens.parsers._lines import strip_prefix

    assert strip_prefix("[trainer1]:step 5 loss 2.0") == (1, "step 5 loss 2.0")
    assert strip_prefix("[trainer0|3]:1|2|Loss: 2.76") == (3, "1|2|Loss: 2.76")
    assert strip_prefix("[default2]:step 5") == (2, "step 5")


def test_an_epoch_only_log_whose_complete_line_names_its_epoch_and_time(tmp_path: Path) -> None:
    """MST (caiyuanhao1998/MST issue 7, a custom train script's logging): `===> Epoch N Complete:
    Avg. Loss: L time: T` is epoch N's line, its loss L and its T seconds (no unit); the testing
    line after it names its own time, not the epoch's; no finer counter: the epochs are the steps."""
    lines = [
        "2022-07-21 09:38:08,083 - INFO: Checkpoint saved to ./exp/mst_s/2022_07_19_11_16_17/model//model_epoch_251.pth",
        "2022-07-21 09:49:05,973 - INFO: ===> Epoch 252 Complete: Avg. Loss: 0.013999 time: 657.89",
        "2022-07-21 09:49:06,404 - INFO: ===> Epoch 252: testing psnr = 34.52, ssim = 0.941, time: 0.02",
        "2022-07-21 09:49:07,073 - INFO: Checkpoint saved to ./exp/mst_s/2022_07_19_11_16_17/model//model_epoch_252.pth",
        "2022-07-21 10:00:04,390 - INFO: ===> Epoch 253 Complete: Avg. Loss: 0.013756 time: 657.32",
        "2022-07-21 10:00:04,826 - INFO: ===> Epoch 253: testing psnr = 34.52, ssim = 0.941, time: 0.02",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"], s["loss"], s["end_ns"]) for s in steps] == [
        (252, 657.89, 0.013999, _ns("2022-07-21 09:49:05,973")), (253, 657.32, 0.013756, _ns("2022-07-21 10:00:04,390"))]
    assert [e["kind"] for e in events if e["kind"].startswith("checkpoint")] == ["checkpoint_save_end"] * 2


def test_returnn_batches_of_an_epoch_and_their_layer_cost(tmp_path: Path) -> None:
    """RETURNN (rwth-i6/returnn issue 10, a 2016 Theano log): `train epoch 1, batch K, cost:output X`
    is batch K of epoch 1 (counted from 0), its loss the output layer's cost X; its `elapsed` is the
    epoch's, in whole seconds: no step's time."""
    lines = [
        "start epoch 1 with learning rate 0.0005 ...",
        "starting task train",
        "running 2 sequence slices (414612 nts) of batch 0 on device gpu0",
        "train epoch 1, batch 0, cost:output 19.2419147897, elapsed 0:00:01, exp. remaining 1:00:12, complete 0.05%",
        "running 3 sequence slices (360192 nts) of batch 1 on device gpu0",
        "train epoch 1, batch 1, cost:output 15.7143249512, elapsed 0:00:03, exp. remaining 0:49:17, complete 0.11%",
        "running 3 sequence slices (517080 nts) of batch 2 on device gpu0",
        "train epoch 1, batch 2, cost:output 16.2926053779, elapsed 0:00:04, exp. remaining 0:49:48, complete 0.16%",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (0, 19.2419147897, None), (1, 15.7143249512, None), (2, 16.2926053779, None)]


def test_a_fastai_table_an_epoch_a_row_with_its_duration(tmp_path: Path) -> None:
    """fastai's Recorder table (a ULMFiT language model's training, index id 34709413269): a row
    an epoch, counted from 0, its `train_loss` the loss, its `time` (h:mm:ss) the epoch's; the
    validation columns are no training loss; `Total time:` after it is no row."""
    lines = [
        "Training lm from random weights",
        "epoch     train_loss  valid_loss  accuracy  time",
        "0         4.346260    4.408598    0.370535  1:12:49",
        "1         4.253693    4.355113    0.372354  1:12:40",
        "2         4.190918    4.288729    0.383211  1:12:15",
        "Total time: 12:04:47",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (0, 4.34626, 4369.0), (1, 4.253693, 4360.0), (2, 4.190918, 4335.0)]


def test_a_right_aligned_epoch_table_its_saves_between_and_its_end(tmp_path: Path) -> None:
    """PatchTST's self-supervised pretraining (github.com/Harris-H/PatchTST @ 8bc5e82f, README.md §5.1,
    its log from the header on): a table whose cells end under their column's name (pandas' way,
    indented), the save callback's lines between its rows; `pretraining completed` its end."""
    lines = [
        '          epoch     train_loss     valid_loss           time',
        'Better model found at epoch 0 with valid_loss value: 0.9633879239606127.',
        '              0       0.987340       0.963388          00:23',
        '              1       0.969473       0.964801          00:23',
        'Better model found at epoch 2 with valid_loss value: 0.7999917088347921.',
        '              2       0.942842       0.799992          00:23',
        'Better model found at epoch 3 with valid_loss value: 0.4354643907275711.',
        '              3       0.682230       0.435464          00:23',
        'Better model found at epoch 4 with valid_loss value: 0.3089567876435996.',
        '              4       0.509751       0.308957          00:23',
        'Better model found at epoch 5 with valid_loss value: 0.2819502188183807.',
        '              5       0.403407       0.281950          00:23',
        'Better model found at epoch 6 with valid_loss value: 0.2734085450287199.',
        '              6       0.368505       0.273409          00:23',
        'Better model found at epoch 7 with valid_loss value: 0.26829308841630195.',
        '              7       0.354000       0.268293          00:23',
        'Better model found at epoch 8 with valid_loss value: 0.2661328766069475.',
        '              8       0.347698       0.266133          00:23',
        'Better model found at epoch 9 with valid_loss value: 0.26483733930525166.',
        '              9       0.344991       0.264837          00:23',
        'pretraining completed',
    ]
    name, steps, events = _read(tmp_path, lines)
    rows = [(n, t.split()) for n, t in enumerate(lines, start=1) if t.strip()[:1].isdigit()]
    assert name == "generic_log" and len(rows) == 10
    assert [(s["step"], s["line"], s["loss"], s["step_time_s"]) for s in steps] == [
        (int(cells[0]), n, float(cells[1]), 60 * int(cells[3][:2]) + int(cells[3][3:])) for n, cells in rows]
    assert [(e["kind"], e["line"]) for e in events] == [
        ("checkpoint_save_end", n) for n, t in enumerate(lines, start=1) if t.startswith("Better model found")] + [
        ("attempt_end", len(lines))]  # (fastai's SaveModelCallback saves as it says so)

def test_a_fastai_table_printed_again_goes_on_counting(tmp_path: Path) -> None:
    """fastai's `fine_tune` (a ROCm benchmark's output, index id 56791392581): the frozen epoch's
    table, then the unfrozen epochs' table counting from 0 again: the training goes on, step 1."""
    lines = [
        "epoch     train_loss  valid_loss  error_rate  time",
        "0         0.112140    0.006432    0.002030    02:38",
        "epoch     train_loss  valid_loss  error_rate  time",
        "0         0.013685    0.000191    0.000000    03:57",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [(0, 0.11214, 158.0), (1, 0.013685, 237.0)]


def test_a_chainer_print_report_table_under_its_header(tmp_path: Path) -> None:
    """ESPnet1's trainer (chainer's PrintReport; espnet/espnet pull request 1138, turn 2, the
    terminal's codes pasted as the text `ESC[J`): a row every 100 iterations, each value under its
    column (the validation columns blank); the step is the iteration, the loss `main/loss`; its
    time the `elapsed_time` since the row before over the iterations between: (152.819 - 114.502)
    / 100; the first row's has no row before it. The progress bar's lines between are no rows."""
    header = ("epoch       iteration   main/loss   main/loss_ctc  main/loss_att  validation/main/loss  "
              "validation/main/loss_ctc  validation/main/loss_att  main/acc    validation/main/acc  main/cer_ctc  "
              "validation/main/cer_ctc  elapsed_time")
    lines = [
        header,
        "ESC[J0" + " " * 11 + "100" + " " * 9 + "622.995" + " " * 5 + "1544.82" + " " * 8 + "227.928" + " " * 82
        + "0.000281725" + " " * 62 + "114.502",
        "ESC[J     total [..................................................]  0.00%",
        "this epoch [..................................................]  0.21%",
        "       100 iter, 0 epoch / 100 epochs",
        "       inf iters/sec. Estimated time to finish: 0:00:00.",
        "ESC[4AESC[J0" + " " * 11 + "200" + " " * 9 + "677.669" + " " * 5 + "1669.19" + " " * 8 + "252.73" + " " * 83
        + "0.000181526" + " " * 62 + "152.819",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [s["step"] for s in steps] == [100, 200]
    assert [s["loss"] for s in steps] == [622.995, 677.669]
    assert steps[0]["step_time_s"] is None and abs(steps[1]["step_time_s"] - 0.38317) < 1e-12


def test_megatrons_save_checkpoint_timer_is_the_saves_time(tmp_path: Path) -> None:
    """Megatron's timer after a save (an ms-swift Megatron SFT log, index id 33443949567): the
    longest rank's 30421.36 ms, ending that long after iteration 100's line (15:27:27), at no
    iteration it names (a save need not fall on a logged one); where Megatron said `successfully
    saved checkpoint from iteration 100` before it (the corpus' gpt2_tp2_fp16_ckpt_save_eval.log),
    the timer is that save's time, not a second save, whatever rank printed that line."""
    iteration = (" [2024-07-15 15:27:{s}] iteration      {n}/    1000 | consumed samples:          {c} | elapsed time per "
                 "iteration (ms): 742.5 | learning rate: 1.000000E-05 | global batch size:     8 | lm loss: 9.911994E-01 |")
    timer = ["(min, max) time across ranks (ms):", "    save-checkpoint ................................: (30421.34, 30421.36)"]
    lines = [iteration.format(s="20", n=" 90", c=720), iteration.format(s="27", n="100", c=800), *timer]
    name, _, events = _read(tmp_path, lines)
    assert name == "megatron"
    assert [(e["kind"], e["step"], e["duration_s"], e["ts_ns"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_end", None, 30.42136, _ns("2024-07-15 15:27:27,000") + 30_421_360_000)]
    folder = "/root/workspace/checkpoint/GPT2_pretrain_WS1"
    said = [*lines[:2], f"saving checkpoint at iteration     100 to {folder} in torch_dist format",
            f"  successfully saved checkpoint from iteration     100 to {folder} [ t 1/1, p 1/1 ]", *timer]
    _, _, events = _read(tmp_path, said)
    assert [(e["kind"], e["step"], e["duration_s"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", 100, None), ("checkpoint_save_end", 100, 30.42136)]


def test_figures_printed_as_a_floats_full_repr_are_read(tmp_path: Path) -> None:
    """Python prints a float's shortest repr, up to 17 significant digits: MindSpore's LossMonitor
    (the FCN8s tutorial, index id 1469279401) `loss is 3.0904884338378906`, 16 decimals."""
    lines = [
        "epoch: 1 step: 1, loss is 3.0904884338378906",
        "epoch: 1 step: 2, loss is 3.0506458282470703",
        "epoch: 1 step: 3, loss is 2.9796371459960938",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [(1, 3.0904884338378906), (2, 3.0506458282470703), (3, 2.9796371459960938)]


def test_nemo_runs_app_prefix_before_torchruns_keeps_the_rank(tmp_path: Path) -> None:
    """NeMo-Run's local executor (a NeMo 2 fine-tuning walkthrough, index id 65969569710) opens
    each line with its app and replica before torchrun's tee prefix: rank 0, from `[default0]:`."""
    lines = [
        "retraining/0 [default0]:Training epoch 0, iteration 0/99 | lr: 9.804e-08 | global_batch_size: 4 | global_step: 0 | "
        "reduced_train_loss: 14.66 | train_step_timing in s: 5.276",
        "retraining/0 [default0]:Training epoch 0, iteration 1/99 | lr: 1.961e-07 | global_batch_size: 4 | global_step: 1 | "
        "reduced_train_loss: 15.07 | train_step_timing in s: 2.008 | consumed_samples: 8",
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["rank"], s["step_time_s"], s["loss"]) for s in steps] == [(0, 0, 5.276, 14.66), (1, 0, 2.008, 15.07)]


def test_megatrons_evaluate_timer_is_an_evaluation_before_the_save(tmp_path: Path) -> None:
    """Megatron evaluates, then saves, after iteration 100's line (the corpus'
    gpt2_tp2_fp16_ckpt_save_eval.log, 23:42:31): the evaluate timer's 2052.52 ms is an evaluation
    ending that long after the line, the save's 3413.14 ms ending that long after the evaluation."""
    lines = [
        ' [2025-04-13 23:42:31] iteration      100/    1000 | consumed samples:         1600 | elapsed time per iterati'
        'on (ms): 869.1 | learning rate: 9.892558E-05 | global batch size:    16 | lm loss: 7.514787E+00 | loss scale: '
        '4096.0 | grad norm: 1.082 | num zeros: 298.0 | number of skipped iterations:   0 | number of nan iterations:  '
        ' 0 |',
        "(min, max) time across ranks (ms):",
        "    evaluate .......................................: (2052.52, 2052.52)",
        " validation loss at iteration 100 | lm loss value: 7.398865E+00 | lm loss PPL: 1.634128E+03 | ",
        "saving checkpoint at iteration     100 to /root/workspace/checkpoint/GPT2_pretrain_WS1 in torch_dist format",
        "  successfully saved checkpoint from iteration     100 to /root/workspace/checkpoint/GPT2_pretrain_WS1 [ t 1/1, p 1/1 ]",
        "(min, max) time across ranks (ms):",
        "    save-checkpoint ................................: (3413.14, 3413.14)",
    ]
    name, _, events = _read(tmp_path, lines)
    assert name == "megatron"
    logged = _ns("2025-04-13 23:42:31,000")
    assert [(e["kind"], e["duration_s"], e["ts_ns"]) for e in events if e["kind"] in ("eval_end", "checkpoint_save_end")] == [
        ("eval_end", 2.05252, logged + 2_052_520_000), ("checkpoint_save_end", 3.41314, logged + 2_052_520_000 + 3_413_140_000)]


def test_a_notebook_tables_cells_copied_with_their_padding(tmp_path: Path) -> None:
    """An Unsloth Colab run's notes (index id 57417137550) keep the table's cell padding after
    the tab (`25<TAB>    0.451400`): each row a step, its mean time the caption's 9:20 over 189;
    the caption's 189 a step done too, past the table's last logged row."""
    lines = [" [189/189 09:20, Epoch 3/3]", "Step\tTraining Loss", "25\t    0.451400", "50\t    0.150000", "75\t    0.135000"]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "hf_trainer"
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (25, 0.4514, 560 / 189), (50, 0.15, 560 / 189), (75, 0.135, 560 / 189), (189, None, 560 / 189)]


def test_flairs_iterations_within_their_epoch_go_on_across_epochs(tmp_path: Path) -> None:
    """Flair's trainer (a SemEval write-up, index id 22706928461): `epoch 1 - iter 210/219`, then
    `epoch 2 - iter 21/219`: batch 21 of the second epoch of 219, step 219 + 21 = 240, one run (its
    count starting over read as a restart each epoch: 5 attempts, goodput 1.3 %)."""
    lines = [
        '2021-02-22 08:40:43,913 epoch 1 - iter 21/219 - loss 14.28931536 - samples/sec: 19.11 - lr: 0.000500',
        '2021-02-22 08:45:49,743 epoch 1 - iter 210/219 - loss 8.43762823 - samples/sec: 19.82 - lr: 0.000500',
        '2021-02-22 08:46:03,925 EPOCH 1 done: loss 8.4037 - lr 0.0005000',
        '2021-02-22 08:46:50,622 epoch 2 - iter 21/219 - loss 7.97614507 - samples/sec: 72.63 - lr: 0.000500',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [(21, 14.28931536), (210, 8.43762823), (240, 7.97614507)]


def test_word_language_models_batches_of_the_epoch_and_its_end(tmp_path: Path) -> None:
    """PyTorch's word_language_model example under an OCI job's timestamps (Oracle ADS docs, index
    id 18115189731): `| epoch   1 |   200/ 2983 batches | ... | ms/batch  8.41 | loss  7.63 |`
    is batch 200 of the first epoch, its time 8.41 ms; `| End of training |` ends the run."""
    lines = [
        '2023-02-27 20:33:31 - | epoch   1 |   200/ 2983 batches | lr 20.00 | ms/batch  8.41 | loss  7.63 | ppl  2064.78',
        '2023-02-27 20:33:32 - | epoch   1 |   400/ 2983 batches | lr 20.00 | ms/batch  8.23 | loss  6.86 | ppl   949.18',
        '2023-02-27 20:35:41 - | End of training | test loss  4.96 | test ppl   142.94',
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], round(s["step_time_s"], 9), s["loss"]) for s in steps] == [(200, 0.00841, 7.63), (400, 0.00823, 6.86)]
    assert [e["kind"] for e in events if e["kind"] == "attempt_end"] == ["attempt_end"]


def test_an_hf_metric_dict_holding_a_nan_is_read(tmp_path: Path) -> None:
    """A run whose gradients blew up prints `nan` in its metric dict (an mT5 fine-tuning write-up,
    index id 17304988529): no Python literal, yet a step with its loss; the file was claimed and
    then failed whole ("no HF Trainer lines found")."""
    lines = ["{'loss': 0.0, 'grad_norm': nan, 'learning_rate': 0.0, 'epoch': 0.0}",
             "WARNING:root:grad_norm became NaN. Stopping training."]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "hf_trainer"
    assert [(s["step"], s["loss"], s["lr"]) for s in steps] == [(1, 0.0, 0.0)]


# Stanford CRFM mistral's multi-node DeepSpeed run (its documentation, index id 14060014015, the
# block under "### Multi-Node Deepspeed run with mistral"): pdsh prefixes each node's lines with
# the node's address; each node prints the same metric dicts.
_MISTRAL_PDSH = [
    "[2022-07-26 22:43:03,683] [INFO] [multinode_runner.py:65:get_cmd] Running on the following workers: "
    "10.0.143.177,10.0.128.14",
    "10.0.143.177: [2022-07-26 22:43:04,464] [INFO] [launch.py:109:main] nnodes=2, num_local_procs=1, node_rank=0",
    "10.0.143.177: [2022-07-26 22:43:04,464] [INFO] [launch.py:122:main] global_rank_mapping=defaultdict("
    "<class 'list'>, {'10.0.143.177': [0], '10.0.128.14': [1]})",
    "10.0.128.14: [2022-07-26 22:43:05,228] [INFO] [launch.py:109:main] nnodes=2, num_local_procs=1, node_rank=1",
    "10.0.128.14: [2022-07-26 22:43:05,228] [INFO] [launch.py:122:main] global_rank_mapping=defaultdict("
    "<class 'list'>, {'10.0.143.177': [0], '10.0.128.14': [1]})",
    "10.0.143.177: |=>> 07/26 [22:43:56] - wandb - INFO :: Watching",
    "  0%|          | 0/400000 [00:00<?, ?it/s][W reducer.cpp:1251] Warning: find_unused_parameters=True was "
    "specified in DDP constructor, but did not find any unused parameters in the forward pass. This flag results in "
    "an extra traversal of the autograd graph every iteration,  which can adversely affect performance. If your model "
    "indeed never has any unused parameters in the forward pass, consider turning this flag off. Note that this "
    "warning may be a false positive if your model has flow control causing later iterations to have unused "
    "parameters. (function operator())",
    "10.0.128.14: {'loss': 10.9772, 'learning_rate': 1.5e-07, 'epoch': 0.0}",
    "10.0.143.177: {'loss': 10.9772, 'learning_rate': 1.5e-07, 'epoch': 0.0}",
    "10.0.128.14: {'loss': 10.5956, 'learning_rate': 7.499999999999999e-06, 'epoch': 0.0}",
    "10.0.143.177: {'loss': 10.5956, 'learning_rate': 7.499999999999999e-06, 'epoch': 0.0}",
]


def test_pdsh_nodes_are_the_ranks_deepspeed_placed_on_them() -> None:
    """A pdsh node's lines are its process's: `global_rank_mapping` puts rank 0 on 10.0.143.177 and
    rank 1 on 10.0.128.14; the launcher's own line (no prefix) is no rank's. `07/26 [22:43:56]`
    (datefmt `%m/%d [%H:%M:%S]`) is that time in the year of the file's dated lines, not a bar
    reading 7 of 26 at 22 h 43 min elapsed."""
    lines = split_lines("\n".join(_MISTRAL_PDSH))
    assert [line.rank for line in lines] == [None, 0, 0, 1, 1, 0, None, 1, 0, 1, 0]
    assert lines[5].text == "|=>> 07/26 [22:43:56] - wandb - INFO :: Watching"
    assert lines[5].ts_ns == _ns("2022-07-26 22:43:56,000")
    assert bar_readings(lines[5].text) == []
    assert [(r.n, r.total, r.elapsed_s) for r in bar_readings(lines[6].text)] == [(0, 400000, 0)]


def test_pdsh_nodes_without_the_mapping_line_take_their_own_node_rank() -> None:
    """Where the mapping line is missing, a node that runs one process (`num_local_procs=1`) is its
    own `node_rank`."""
    kept = [line for line in _MISTRAL_PDSH if "global_rank_mapping" not in line]
    lines = split_lines("\n".join(kept))
    assert [line.rank for line in lines] == [None, 0, 1, 0, None, 1, 0, 1, 0]


def test_each_pdsh_node_counts_its_own_metric_dicts(tmp_path: Path) -> None:
    """Both nodes print each dict: two dicts a node are steps 1 and 2 of each (not 1 to 4 of
    one), and the bar, drawn at 0 only, dates none of them (the steps ended after it)."""
    name, steps, _ = _read(tmp_path, _MISTRAL_PDSH)
    assert name == "hf_trainer"
    assert [(s["rank"], s["step"], s["loss"], s["end_ns"]) for s in steps] == [
        (1, 1, 10.9772, None), (0, 1, 10.9772, None), (1, 2, 10.5956, None), (0, 2, 10.5956, None)]


def test_a_pci_address_after_a_number_is_no_bar_reading() -> None:
    """nccl-tests' device table (a 2-node H100 run's output): `device  5 [0000:85:00]` is a PCI
    address, not 5 items at 0 h 85 min."""
    assert bar_readings("#  Rank  5 Group  0 Pid   6904 on ztan-mig-235z device  5 [0000:85:00] NVIDIA H100 80GB HBM3") == []


def test_litgpt_iterations_make_optimizer_steps(tmp_path: Path) -> None:
    """lit-gpt's LoRA fine-tuning with two micro-batches a step (Lightning-AI/litgpt issue 834): `iter
    N step M` counts iterations and optimizer steps; the step goes up at the iteration marked
    `(optimizer.step)`. Steps 50 to 53, each at its marked line; step 51's time is its two
    iterations' (101: 108.78 ms, 102: 196.97 ms), step 50's is unknown (iteration 99 is not in
    the excerpt)."""
    lines = [
        "iter 100 step 50: loss 3.7451, iter time: 187.97ms (optimizer.step)",
        "iter 101 step 50: loss 3.5551, iter time: 108.78ms",
        "iter 102 step 51: loss 3.1906, iter time: 196.97ms (optimizer.step)",
        "iter 103 step 51: loss 3.5086, iter time: 108.74ms",
        "iter 104 step 52: loss 3.5551, iter time: 190.11ms (optimizer.step)",
        "iter 105 step 52: loss 3.7451, iter time: 107.93ms",
        "iter 106 step 53: loss 3.7000, iter time: 190.80ms (optimizer.step)",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["line"], s["loss"]) for s in steps] == [(50, 1, 3.7451), (51, 3, 3.1906), (52, 5, 3.5551),
                                                                   (53, 7, 3.7)]
    assert [s["step_time_s"] for s in steps] == pytest.approx([None, 0.10878 + 0.19697, 0.10874 + 0.19011,
                                                               0.10793 + 0.19080])


def test_litgpt_an_iteration_a_step_logged_every_ten_is_timed_by_its_line(tmp_path: Path) -> None:
    """LitGPT's pretraining of Phi-2 with one micro-batch a step (a capstone README, index id 3561176352,
    its second training block's lines 21-25): every line's step is its iteration plus 1, so each
    line's `iter time` is its step's time, logged every 10 steps."""
    lines = [
        'iter 0 step 1: loss 11.1288, LR: 0.000000, iter time: 2820.98ms (optimizer.step) ',
        'iter 10 step 11: loss 6.6115, LR: 0.000030, iter time: 2432.98ms (optimizer.step) ',
        'iter 20 step 21: loss 4.9748, LR: 0.000060, iter time: 2433.09ms (optimizer.step) ',
        'iter 30 step 31: loss 3.5289, LR: 0.000090, iter time: 2431.82ms (optimizer.step) ',
        'iter 40 step 41: loss 7.5937, LR: 0.000120, iter time: 2434.67ms (optimizer.step) ',
    ]
    _, steps, _ = _read(tmp_path, lines)
    read = [re.match(r"iter (\d+) step (\d+): .* iter time: ([\d.]+)ms", t) for t in lines]
    printed = [(int(m.group(2)), float(m.group(3)) / 1000) for m in read if m and int(m.group(2)) == int(m.group(1)) + 1]
    assert len(printed) == 5
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(step, pytest.approx(t)) for step, t in printed]


def test_litgpt_steps_logged_every_few_iterations_have_no_time(tmp_path: Path) -> None:
    """LitGPT's pretraining log (a reproduction write-up, index id 60255553806): `iter  2 step 1`
    and `iter 16 step 8`, its loss after `loss train:`. Step 8 is iterations 15 and 16, of which
    the log prints one: its time is unknown, not 28.05 ms."""
    from tracelens.parsers.generic_log import GenericLogParser

    path = tmp_path / "pretrain.log"  # (two step lines: too few to detect the file by; parsed as a generic log)
    path.write_text("Epoch 1 | iter  2 step 1 | loss train: 10.979 | iter time: 3194.35 ms\n"
                    "Epoch 1 | iter 16 step 8 | loss train:  9.884 | iter time:   28.05 ms\n"
                    "Final evaluation | val loss: 9.738 | val ppl: 16948.362\n")
    steps = GenericLogParser().parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [(1, 10.979, None), (8, 9.884, None)]


def test_llamafactory_callback_record_glued_to_the_bar_and_the_trainer_dict_are_one_step(tmp_path: Path) -> None:
    """LLaMA-Factory's LoRA SFT (its training output in a user's notes, index id 35859349549): the
    LogCallback's record is glued to the bar it was written at (265/300, 270/300, ...), and the
    Trainer's dict of the same log follows on the next line. One step each at 265, 270, 275, with
    the dict's grad norm (not the next step's), the bar's rate its time."""
    lines = [
        (' 88%|' + "█" * 61 + '▊' + " " * 8 + '| 265/300 [22:33<02:50,  4.88s/it]'
         '[INFO|2025-04-30 23:18:04] llamafactory.train.callbacks:143 >> '
         "{'loss': 0.4825, 'learning_rate': 1.7556e-06, 'epoch': 8.56, 'throughput': 1840.31}"),
        "{'loss': 0.4825, 'grad_norm': 1.9975656270980835, "
        "'learning_rate': 1.7555878527937164e-06, 'epoch': 8.56, 'num_input_tokens_seen': 2491672}",
        (' 90%|' + "█" * 63 + " " * 7 + '| 270/300 [23:01<02:47,  5.60s/it]'
         '[INFO|2025-04-30 23:18:32] llamafactory.train.callbacks:143 >> '
         "{'loss': 0.3529, 'learning_rate': 1.3058e-06, 'epoch': 8.73, 'throughput': 1840.48}"),
        "{'loss': 0.3529, 'grad_norm': 1.5703303813934326, "
        "'learning_rate': 1.305789749760361e-06, 'epoch': 8.73, 'num_input_tokens_seen': 2542712}",
        (' 92%|' + "█" * 64 + '▏' + " " * 5 + '| 275/300 [23:25<02:06,  5.07s/it]'
         '[INFO|2025-04-30 23:18:56] llamafactory.train.callbacks:143 >> '
         "{'loss': 0.4455, 'learning_rate': 9.2094e-07, 'epoch': 8.90, 'throughput': 1840.05}"),
        "{'loss': 0.4455, 'grad_norm': 1.8864351511001587, "
        "'learning_rate': 9.209358300585474e-07, 'epoch': 8.9, 'num_input_tokens_seen': 2586360}",
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["loss"], s["grad_norm"], s["step_time_s"]) for s in steps] == [
        (265, 0.4825, 1.9975656270980835, None), (270, 0.3529, 1.5703303813934326, 5.6),
        (275, 0.4455, 1.8864351511001587, 5.07)]


def test_darknet_iteration_line_its_seconds_and_its_out_of_memory(tmp_path: Path) -> None:
    """darknet's YOLOv3 training (pjreddie/darknet issue 491, a user's console): ` 10090: 1.262299,
    1.207728 avg loss, 0.001000 rate, 4.776061 seconds, 645760 images` is iteration 10090 (not
    srun's label of rank 10090), loss 1.262299, 4.776061 s; `CUDA Error: out of memory` an OOM,
    `Aborted (core dumped)` the crash."""
    lines = [
        " (next mAP calculation at 10715 iterations) ",
        " 10090: 1.262299, 1.207728 avg loss, 0.001000 rate, 4.776061 seconds, 645760 images",
        "Resizing",
        "480 x 480 ",
        " Try to set subdivisions=64 in your cfg-file. ",
        "CUDA status Error: file: ./src/cuda.c : () : line: 203 : build time: Feb 14 2019 - 09:20:38 ",
        "CUDA Error: out of memory",
        "CUDA Error: out of memory: Resource temporarily unavailable",
        "darknet: ./src/utils.c:277: error: Assertion `0' failed.",
        "Aborted (core dumped)",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["rank"], s["loss"], s["step_time_s"]) for s in steps] == [(10090, None, 1.262299, 4.776061)]
    assert [(e["kind"], e["line"]) for e in events] == [("oom", 7), ("oom", 8), ("crash", 10)]


def test_mxnet_speedometer_batches_are_steps(tmp_path: Path) -> None:
    """MXNet's Speedometer (a Gluon image-classification run in apache/incubator-mxnet issue 15962):
    `Epoch[101] Batch [250]\tSpeed: 581.56 samples/sec\taccuracy=1.000000` is a step at its line's
    time, though it prints no loss; the epoch's summary lines are none."""
    lines = [
        "2019-08-21 14:56:44,024 INFO Epoch[101] Batch [250]\tSpeed: 581.56 samples/sec\taccuracy=1.000000",
        "2019-08-21 14:56:54,971 INFO Epoch[101] Batch [300]\tSpeed: 584.65 samples/sec\taccuracy=1.000000",
        "2019-08-21 14:57:05,945 INFO Epoch[101] Batch [350]\tSpeed: 583.26 samples/sec\taccuracy=1.000000",
        "2019-08-21 14:57:14,472 INFO Epoch[101] Train-accuracy=1.000000",
        "2019-08-21 14:57:14,472 INFO Epoch[101] Time cost=85.508",
        '2019-08-21 14:57:14,947 INFO Saved checkpoint to "image-classifier-resnet18_v2-0102.params"',
        "2019-08-21 14:57:18,638 INFO Epoch[101] Validation-accuracy=0.808193",
        "2019-08-21 14:57:29,825 INFO Epoch[102] Batch [50]\tSpeed: 580.51 samples/sec\taccuracy=1.000000",
        "2019-08-21 14:57:40,758 INFO Epoch[102] Batch [100]\tSpeed: 585.36 samples/sec\taccuracy=1.000000",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["line"], s["end_ns"]) for s in steps] == [
        (1, _ns("2019-08-21 14:56:44,024")), (2, _ns("2019-08-21 14:56:54,971")), (3, _ns("2019-08-21 14:57:05,945")),
        (8, _ns("2019-08-21 14:57:29,825")), (9, _ns("2019-08-21 14:57:40,758"))]
    assert [s["step"] for s in steps][:3] == [250, 300, 350]
    assert all(b["step"] > a["step"] for a, b in zip(steps, steps[1:], strict=False))  # epoch 102 goes on after 101
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [("checkpoint_save_end", 6)]


def test_torch_xla_training_update_names_its_rank(tmp_path: Path) -> None:
    """torch_xla's test_train_mp on 8 devices (pytorch/xla PR 4324): `Device=xla:1/0` is the device,
    then the process's ordinal: lines of ranks 0, 7, 3 at step 500, then 6 and 1 at step 520."""
    lines = [
        '| Training Device=xla:1/0 Epoch=1 Step=500 Loss=0.00223 Rate=553.79 GlobalRate=349.32 Time=01:53:18',
        '| Training Device=xla:0/7 Epoch=1 Step=500 Loss=0.00223 Rate=553.80 GlobalRate=352.39 Time=01:53:18',
        '| Training Device=xla:0/3 Epoch=1 Step=500 Loss=0.00223 Rate=553.71 GlobalRate=354.44 Time=01:53:18',
        '| Training Device=xla:0/6 Epoch=1 Step=520 Loss=0.00213 Rate=557.70 GlobalRate=359.37 Time=01:53:23',
        '| Training Device=xla:0/1 Epoch=1 Step=520 Loss=0.00213 Rate=557.46 GlobalRate=357.55 Time=01:53:23',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["rank"], s["step"], s["loss"]) for s in steps] == [
        (0, 500, 0.00223), (7, 500, 0.00223), (3, 500, 0.00223), (6, 520, 0.00213), (1, 520, 0.00213)]


def test_torch_xla_clock_times_its_steps_and_max_accuracy_ends_the_run(tmp_path: Path) -> None:
    """torch_xla's test_train_mp_imagenet.py on two GKE nodes (pytorch/xla @ 45ba5422, docs/kubernetes.md,
    its GPU `kubectl logs` block): each line ends with the time of day; from step 0 at 20:16:36 to step
    1800 at 20:28:09 is 693 s over 1800 steps, to 2200 at 20:30:42 153 s over 400; the script's
    `Max Accuracy: ...%`, printed once after its last epoch, ends the run."""
    lines = [
        "Epoch 1 train begin 20:15:56",
        "| Training Device=xla:0/1 Epoch=1 Step=0 Loss=6.89059 Rate=3.13 GlobalRate=3.13 Time=20:16:36",
        "| Training Device=xla:0/0 Epoch=1 Step=0 Loss=6.89059 Rate=3.14 GlobalRate=3.14 Time=20:16:36",
        "...",
        "| Training Device=xla:0/0 Epoch=1 Step=1800 Loss=0.00135 Rate=332.54 GlobalRate=314.11 Time=20:28:09",
        "| Training Device=xla:0/1 Epoch=1 Step=1800 Loss=0.00135 Rate=332.54 GlobalRate=314.06 Time=20:28:09",
        "...",
        "| Training Device=xla:0/0 Epoch=1 Step=2200 Loss=0.00135 Rate=336.66 GlobalRate=318.00 Time=20:30:42",
        "| Training Device=xla:0/1 Epoch=1 Step=2200 Loss=0.00135 Rate=336.66 GlobalRate=317.96 Time=20:30:42",
        "Epoch 1 train end 20:31:36",
        "| Test Device=xla:0/0 Step=0 Epoch=1 Time=20:31:42",
        "| Test Device=xla:0/1 Step=0 Epoch=1 Time=20:31:42",
        "Epoch 1 test end 20:31:47, Accuracy=100.00",
        "Max Accuracy: 100.00%",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    clock = [(int(h) * 3600 + int(m) * 60 + int(s)) for h, m, s in (t.split(":") for t in ("20:16:36", "20:28:09", "20:30:42"))]
    first, second = (clock[1] - clock[0]) / 1800, (clock[2] - clock[1]) / 400
    assert sorted((s["rank"], s["step"], s.get("step_time_s")) for s in steps) == [
        (0, 0, None), (0, 1800, first), (0, 2200, second), (1, 0, None), (1, 1800, first), (1, 2200, second)]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] != "elision"] == [("attempt_end", 14)]
    assert [e["line"] for e in events if e["kind"] == "elision"] == [4, 7]  # (the `...` the excerpt cut lines at)


def test_megatron_deepspeed_iteration_dated_by_deepspeeds_line_of_its_step(tmp_path: Path) -> None:
    """Megatron-DeepSpeed on ALCF Polaris (ALCF's Megatron-DeepSpeed notes, index id 6293104457):
    Megatron's iteration lines are undated; DeepSpeed's timer line of the same step, printed just
    before, is dated (`.../global_step=199, ...` at 15:27:02.646, `global_step=200` at
    15:27:17.188): each iteration ends then."""
    lines = [
        "[2024-03-07 15:27:02,646] [INFO] [timer.py:260:stop] epoch=0/micro_step=199/global_step=199, "
        "RunningAvgSamplesPerSec=58.730622229657506, CurrSamplesPerSec=61.35304005128382, MemAllocated=6.01GB, "
        "MaxMemAllocated=19.52GB",
        "iteration      199/  317892 | consumed samples:       152832 | consumed tokens:    625999872 | elapsed time per "
        "iteration (ms): 14287.5 | learning rate: 2.407E-04 | global batch size:   768 | lm loss: 5.905366E+00 | loss "
        "scale: 8192.0 | actual seqlen:  4096 | number of skipped iterations:   0 | number of nan iterations:   0 | "
        "samples per second: 53.753 | tokens per gpu per second (tgs): 1146.733 | TFLOPs: 69.85 |",
        "[2024-03-07 15:27:15,063] [INFO] [logging.py:96:log_dist] [Rank 0] step=200, skipped=4, "
        "lr=[0.000240653265864008, 0.000240653265864008], mom=[(0.9, 0.999), (0.9, 0.999)]",
        "[2024-03-07 15:27:17,188] [INFO] [timer.py:260:stop] epoch=0/micro_step=200/global_step=200, "
        "RunningAvgSamplesPerSec=58.730745476291396, CurrSamplesPerSec=58.75503515561452, MemAllocated=6.01GB, "
        "MaxMemAllocated=19.52GB",
        "iteration      200/  317892 | consumed samples:       153600 | consumed tokens:    629145600 | elapsed time per "
        "iteration (ms): 14541.4 | learning rate: 2.407E-04 | global batch size:   768 | lm loss: 5.897035E+00 | loss "
        "scale: 8192.0 | actual seqlen:  4096 | number of skipped iterations:   0 | number of nan iterations:   0 | "
        "samples per second: 52.815 | tokens per gpu per second (tgs): 1126.713 | TFLOPs: 68.63 |",
        "saving checkpoint at iteration     200 to checkpoints/ds_stage2_nl32_hs4096_mb8_seq4096_gb768_pp1_tp2_fp16",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "megatron"
    assert [(s["step"], s["end_ns"], s["step_time_s"]) for s in steps] == [
        (199, _ns("2024-03-07 15:27:02,646"), 14.2875), (200, _ns("2024-03-07 15:27:17,188"), 14.5414)]


def test_ms_swift_dicts_glued_to_the_bar_name_their_step(tmp_path: Path) -> None:
    """ms-swift's SFT at default verbosity (Qwen2-VL on Colab, a notebook's output, index id
    56130335455): each metric dict, glued to a bar reading, names its step (`'global_step/max_steps':
    '5/60'`): steps 1, 5, 10, each at its own reading (1/60 at 0:42, 5/60 at 3:52, 10/60 at 7:55),
    not at the next one's, and no step 11 after the last."""
    lines = [
        'Train:   0%|          | 0/60 [00:00<?, ?it/s][INFO:swift] use_logits_to_keep: True',
        ("Train:   2%|▏         | 1/60 [00:42<41:47, 42.51s/it]{'loss': '0.3713', 'grad_norm': '0.8901', '"
         "learning_rate': '3.333e-05', 'token_acc': '0.921', 'epoch': '0.08602', 'global_step/max_steps': "
         "'1/60', 'elapsed_time': '43s', 'remaining_time': '41m 48s', 'memory(GiB)': '14.3', 'train_speed("
         "s/it)': '42.51'}"),
        ("Train:   8%|▊         | 5/60 [03:52<43:40, 47.64s/it]{'loss': '0.2992', 'grad_norm': '0.6541', '"
         "learning_rate': '9.97e-05', 'token_acc': '0.9285', 'epoch': '0.4301', 'global_step/max_steps': '"
         "5/60', 'elapsed_time': '3m 53s', 'remaining_time': '42m 43s', 'memory(GiB)': '14.3', 'train_spee"
         "d(s/it)': '46.6'}"),
        ("Train:  17%|█▋        | 10/60 [07:55<40:14, 48.30s/it]{'loss': '0.1605', 'grad_norm': '0.4602', "
         "'learning_rate': '9.632e-05', 'token_acc': '0.9575', 'epoch': '0.8602', 'global_step/max_steps':"
         " '10/60', 'elapsed_time': '7m 56s', 'remaining_time': '39m 38s', 'memory(GiB)': '14.3', 'train_s"
         "peed(s/it)': '47.56'}"),
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["loss"]) for s in steps] == [(1, 0.3713), (5, 0.2992), (10, 0.1605)]
    ends = [s["end_ns"] for s in steps]
    assert (ends[1] - ends[0]) / 1e9 == pytest.approx((3 * 60 + 52) - 42, abs=1.0)
    assert (ends[2] - ends[1]) / 1e9 == pytest.approx((7 * 60 + 55) - (3 * 60 + 52), abs=1.0)


def test_steps_the_bar_did_not_draw_lie_between_its_readings(tmp_path: Path) -> None:
    """ms-swift's GRPO (a user's troubleshooting notes, index id 33204499410): the bar is drawn at
    0/9, then six dicts (steps 1 to 6 by their `global_step/max_steps`), then 6/9 at 05:20. Steps
    1 to 5 are not drawn: they lie between the two readings (k x 320 s / 6 after the first), not
    all at 0/9's instant."""
    lines = [
        ('Train:   0%|                                                                                    '
         '                  | 0/9 [00:00<?, ?it/s]/usr/local/lib/python3.11/site-packages/torch/utils/chec'
         'kpoint.py:86: UserWarning: None of the inputs have requires_grad=True. Gradients will be None'),
        '  warnings.warn(',
        ('[2025-10-09 12:01:31,035] [WARNING] [stage3.py:2160:step] 1 pytorch allocator cache flushes sinc'
         'e last step. this happens when there is high memory pressure and is detrimental to performance. '
         'if this is happening frequently consider adjusting settings to reduce memory consumption. If you'
         ' are unable to make the cache flushes go away consider adding get_accelerator().empty_cache() ca'
         'lls in your training loop to ensure that all ranks flush their caches at the same time'),
        ("{'loss': 0.0, 'grad_norm': 0.0, 'learning_rate': 5e-07, 'reward': 0.0, 'reward_std': 0.0, 'frac_"
         "reward_zero_std': 1.0, 'rewards/Format/mean': 0.0, 'rewards/Format/std': 0.0, 'completions/mean_"
         "length': 2067.25, 'completions/min_length': 1091.0, 'completions/max_length': 3584.0, 'completio"
         "ns/clipped_ratio': 0.125, 'num_turns': 5.0, 'kl': 0.0, 'clip_ratio/low_mean': 0.0, 'clip_ratio/l"
         "ow_min': 0.0, 'clip_ratio/high_mean': 0.0, 'clip_ratio/high_max': 0.0, 'clip_ratio/region_mean':"
         " 0.0, 'epoch': 0.11, 'global_step/max_steps': '1/9', 'percentage': '11.11%', 'elapsed_time': '1m"
         " 35s', 'remaining_time': '12m 44s', 'memory(GiB)': 21.86, 'train_speed(iter/s)': 0.010467}"),
        ("{'loss': 0.0, 'grad_norm': 0.0, 'learning_rate': 4.8e-07, 'reward': 0.0, 'reward_std': 0.0, 'fra"
         "c_reward_zero_std': 1.0, 'rewards/Format/mean': 0.0, 'rewards/Format/std': 0.0, 'completions/mea"
         "n_length': 2774.125, 'completions/min_length': 951.0, 'completions/max_length': 4846.0, 'complet"
         "ions/clipped_ratio': 0.0, 'num_turns': 5.0, 'kl': 0.0, 'clip_ratio/low_mean': 0.0, 'clip_ratio/l"
         "ow_min': 0.0, 'clip_ratio/high_mean': 0.0, 'clip_ratio/high_max': 0.0, 'clip_ratio/region_mean':"
         " 0.0, 'epoch': 0.22, 'global_step/max_steps': '2/9', 'percentage': '22.22%', 'elapsed_time': '2m"
         " 46s', 'remaining_time': '9m 43s', 'memory(GiB)': 21.86, 'train_speed(iter/s)': 0.012004}"),
        ("{'loss': 0.0, 'grad_norm': 0.0, 'learning_rate': 4.3e-07, 'reward': 0.0, 'reward_std': 0.0, 'fra"
         "c_reward_zero_std': 1.0, 'rewards/Format/mean': 0.0, 'rewards/Format/std': 0.0, 'completions/mea"
         "n_length': 1363.125, 'completions/min_length': 1194.0, 'completions/max_length': 1632.0, 'comple"
         "tions/clipped_ratio': 0.0, 'num_turns': 5.0, 'kl': 0.0, 'clip_ratio/low_mean': 0.0, 'clip_ratio/"
         "low_min': 0.0, 'clip_ratio/high_mean': 0.0, 'clip_ratio/high_max': 0.0, 'clip_ratio/region_mean'"
         ": 0.0, 'epoch': 0.33, 'global_step/max_steps': '3/9', 'percentage': '33.33%', 'elapsed_time': '3"
         "m 23s', 'remaining_time': '6m 47s', 'memory(GiB)': 21.86, 'train_speed(iter/s)': 0.01474}"),
        ("{'loss': 0.0, 'grad_norm': 0.0, 'learning_rate': 3.5e-07, 'reward': 0.0, 'reward_std': 0.0, 'fra"
         "c_reward_zero_std': 1.0, 'rewards/Format/mean': 0.0, 'rewards/Format/std': 0.0, 'completions/mea"
         "n_length': 1473.125, 'completions/min_length': 1219.0, 'completions/max_length': 1738.0, 'comple"
         "tions/clipped_ratio': 0.0, 'num_turns': 5.0, 'kl': 0.0, 'clip_ratio/low_mean': 0.0, 'clip_ratio/"
         "low_min': 0.0, 'clip_ratio/high_mean': 0.0, 'clip_ratio/high_max': 0.0, 'clip_ratio/region_mean'"
         ": 0.0, 'epoch': 0.44, 'global_step/max_steps': '4/9', 'percentage': '44.44%', 'elapsed_time': '4"
         "m 0s', 'remaining_time': '5m 0s', 'memory(GiB)': 21.86, 'train_speed(iter/s)': 0.016664}"),
        ("{'loss': 0.0, 'grad_norm': 0.0, 'learning_rate': 2.5e-07, 'reward': 0.0, 'reward_std': 0.0, 'fra"
         "c_reward_zero_std': 1.0, 'rewards/Format/mean': 0.0, 'rewards/Format/std': 0.0, 'completions/mea"
         "n_length': 1988.375, 'completions/min_length': 1094.0, 'completions/max_length': 3110.0, 'comple"
         "tions/clipped_ratio': 0.0, 'num_turns': 5.0, 'kl': 0.0, 'clip_ratio/low_mean': 0.0, 'clip_ratio/"
         "low_min': 0.0, 'clip_ratio/high_mean': 0.0, 'clip_ratio/high_max': 0.0, 'clip_ratio/region_mean'"
         ": 0.0, 'epoch': 0.56, 'global_step/max_steps': '5/9', 'percentage': '55.56%', 'elapsed_time': '4"
         "m 49s', 'remaining_time': '3m 51s', 'memory(GiB)': 21.86, 'train_speed(iter/s)': 0.01725}"),
        ("{'loss': 0.0, 'grad_norm': 0.0, 'learning_rate': 1.5e-07, 'reward': 0.0, 'reward_std': 0.0, 'fra"
         "c_reward_zero_std': 1.0, 'rewards/Format/mean': 0.0, 'rewards/Format/std': 0.0, 'completions/mea"
         "n_length': 1257.0, 'completions/min_length': 1074.0, 'completions/max_length': 1422.0, 'completi"
         "ons/clipped_ratio': 0.0, 'num_turns': 5.0, 'kl': 0.0, 'clip_ratio/low_mean': 0.0, 'clip_ratio/lo"
         "w_min': 0.0, 'clip_ratio/high_mean': 0.0, 'clip_ratio/high_max': 0.0, 'clip_ratio/region_mean': "
         "0.0, 'epoch': 0.67, 'global_step/max_steps': '6/9', 'percentage': '66.67%', 'elapsed_time': '5m "
         "20s', 'remaining_time': '2m 40s', 'memory(GiB)': 21.86, 'train_speed(iter/s)': 0.018726}"),
        ('Train:  67%|████████████████████████████████████████████████████████████████████                '
         '                  | 6/9 [05:20<02:11, 43.90s/it][INFO:swift] last_model_checkpoint: None'),
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [s["step"] for s in steps] == [1, 2, 3, 4, 5, 6]
    six = steps[-1]["end_ns"]
    assert [(six - s["end_ns"]) / 1e9 for s in steps] == pytest.approx([320 * (6 - k) / 6 for k in range(1, 7)], abs=1.0)


def test_a_log_pasted_as_comments_is_read_without_them(tmp_path: Path) -> None:
    """MaxText's llama2-7b run on A3 pasted into a bash script as `# ` comments (index id
    2891025603): every line is commented out, so none is a note above the log; steps 0 to 3 with
    their seconds, as if the `# ` were not there."""
    lines = [
        '# completed step: 0, seconds: 36.240, TFLOP/s/device: 28.510, loss: 1.966',
        "# To see full metrics 'tensorboard --logdir=gs://runner-maxtext-logs/yooh-llama-2024-03-06-06-16/tensorboard/'",
        '# completed step: 1, seconds: 192.846, TFLOP/s/device: 5.358, loss: 2.008',
        '# completed step: 2, seconds: 3.033, TFLOP/s/device: 340.650, loss: 1.989',
        '# completed step: 3, seconds: 3.565, TFLOP/s/device: 289.823, loss: 1.977',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (0, 36.24, 1.966), (1, 192.846, 2.008), (2, 3.033, 1.989), (3, 3.565, 1.977)]


def test_deit_training_time_line_is_the_runs_end(tmp_path: Path) -> None:
    """DeiT's main (Vision Mamba on MI210, ROCm's blog, rocm-blogs vision-mamba README): after the
    last evaluation it prints `Training time 1:16:43` (no colon) as its last word: the run's end."""
    lines = [
        'Epoch: [0]  [1230/1251]  eta: 0:01:08  lr: 0.000010  loss: 2.5217 (2.5542)  time: 3.1813  data: 0.0004  max mem: 58206',
        'Epoch: [0]  [1240/1251]  eta: 0:00:35  lr: 0.000010  loss: 2.6710 (2.5543)  time: 3.1810  data: 0.0006  max mem: 58206',
        'Epoch: [0]  [1250/1251]  eta: 0:00:03  lr: 0.000010  loss: 2.5232 (2.5541)  time: 3.1798  data: 0.0005  max mem: 58206',
        'Epoch: [0] Total time: 1:08:01 (3.2629 s / it)',
        'Averaged stats: lr: 0.000010  loss: 2.5232 (2.5604)',
        ('Test:  [ 0/14]  eta: 1:01:08  loss: 0.7193 (0.7193)  acc1: 83.8802 (83.8802)  acc5: 97.0313 (97.0313'
         ')  time: 262.0067  data: 77.2542  max mem: 99122'),
        ('Test:  [10/14]  eta: 0:02:53  loss: 0.8385 (0.8442)  acc1: 82.8906 (81.9058)  acc5: 95.1042 (95.4380'
         ')  time: 43.4364  data: 7.0233  max mem: 99137'),
        ('Test:  [13/14]  eta: 0:00:37  loss: 0.8385 (0.9020)  acc1: 81.4583 (81.5280)  acc5: 95.0000 (95.3680'
         ')  time: 37.1473  data: 5.5183  max mem: 99137'),
        'Test: Total time: 0:08:40 (37.1782 s / it)',
        '* Acc@1 81.469 Acc@5 95.298 loss 0.906',
        'Accuracy of the network on the 50000 test images: 81.5%',
        'Max accuracy: 81.47%',
        'Training time 1:16:43',
    ]
    _, _, events = _read(tmp_path, lines)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", 13)]


def test_paddleocr_epoch_lines_with_no_step_counter_make_an_epoch_log(tmp_path: Path) -> None:
    """PaddleOCR's recognition fine-tuning (a handwriting-OCR README, its training output): dated
    `epoch: [1/10], lr: ..., loss: 38.897942, ...` lines with no step counter, and `save model in`
    lines. The log counts epochs: epoch 1 a step ended at its last dated line with a loss (00:42:07),
    its loss the first it reports; each save a checkpoint."""
    lines = [
        ('[2025/07/22 00:14:40] ppocr INFO: During the training process, after the 0th iteration, an evaluatio'
         'n is run every 2000 iterations'),
        ('[2025/07/22 00:22:10] ppocr INFO: epoch: [1/10], lr: 0.000024, acc: 0.109375, CTCLoss: 36.289278, SA'
         'RLoss: 2.587582, loss: 38.897942, eta: 4:30:02'),
        ('[2025/07/22 00:29:33] ppocr INFO: epoch: [1/10], lr: 0.000051, acc: 0.117187, CTCLoss: 33.585308, SA'
         'RLoss: 2.507226, loss: 36.276060, eta: 4:20:36'),
        ('[2025/07/22 00:36:56] ppocr INFO: epoch: [1/10], lr: 0.000105, acc: 0.152344, CTCLoss: 27.627853, SA'
         'RLoss: 2.179113, loss: 29.816208, eta: 4:12:28'),
        ('[2025/07/22 00:42:07] ppocr INFO: epoch: [1/10], lr: 0.000143, acc: 0.164062, CTCLoss: 21.134651, SA'
         'RLoss: 1.886903, loss: 22.924883, eta: 4:07:03'),
        '[2025/07/22 00:42:07] ppocr INFO: save model in .../Fine-tuning_an_OCR/checkpoints/v3_en_mobile/latest',
        ('[2025/07/22 00:44:26] ppocr INFO: epoch: [2/10], lr: 0.000159, acc: 0.167969, CTCLoss: 19.733342, SA'
         'RLoss: 1.798387, loss: 21.525607, eta: 4:05:32'),
        ('[2025/07/22 00:51:55] ppocr INFO: epoch: [2/10], lr: 0.000214, acc: 0.214844, CTCLoss: 14.636453, SA'
         'RLoss: 1.576685, loss: 16.263607, eta: 3:58:26'),
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["end_ns"], s["loss"]) for s in steps][:1] == [
        (1, _ns("2025-07-22 00:42:07,000"), 38.897942)]
    # (`save model in` is said once the model is written: a save's end)
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [("checkpoint_save_end", 6)]


def test_lightning_bar_of_batches_and_checkpoint_global_steps_make_optimizer_steps(tmp_path: Path) -> None:
    """A resumed ResNet-50 run on an A10G (the ERA4 Mini Capstone README, index id 36929896372):
    one bar a epoch of 5005 batches, and ModelCheckpoint's `Epoch 77, global step 195234`,
    `Epoch 78, global step 197737`, `Epoch 79, global step 200240`: two batches an optimizer step
    (2503 steps an epoch). The bars' rows are those global steps (not (epoch + 1) x 5005), and a
    step takes two batches' time (2.20 it/s: about 0.91 s)."""
    lines = [
        ('Epoch 77: 100%|' + "█" * 147
         + '| 5005/5005 [37:53<00:00,  2.20it/s, v_num=3, metric.val.loss=2.070, metric.val.acc=0.720, metri'
         'c.train.loss=3.040, metric.train.acc=0.311]'),
        ("Epoch 77, global step 195234: 'metric.val.acc' reached 0.72026 (best 0.72026), saving model to '"
         'data/logs/resnet50_imagenet1k/version_3/checkpoints/resnet50-imagenet1k-epoch=77-metric.val.acc='
         "0.7203.ckpt' as top 3" + " " * 88),
        ('Epoch 78: 100%|' + "█" * 147
         + '| 5005/5005 [37:33<00:00,  2.22it/s, v_num=3, metric.val.loss=2.030, metric.val.acc=0.723, metri'
         'c.train.loss=3.020, metric.train.acc=0.319]'),
        ("Epoch 78, global step 197737: 'metric.val.acc' reached 0.72346 (best 0.72346), saving model to '"
         'data/logs/resnet50_imagenet1k/version_3/checkpoints/resnet50-imagenet1k-epoch=78-metric.val.acc='
         "0.7235.ckpt' as top 3" + " " * 88),
        ('Epoch 79: 100%|' + "█" * 147
         + '| 5005/5005 [37:33<00:00,  2.22it/s, v_num=3, metric.val.loss=2.090, metric.val.acc=0.721, metri'
         'c.train.loss=3.020, metric.train.acc=0.322]'),
        ("Epoch 79, global step 200240: 'metric.val.acc' reached 0.72080 (best 0.72346), saving model to '"
         'data/logs/resnet50_imagenet1k/version_3/checkpoints/resnet50-imagenet1k-epoch=79-metric.val.acc='
         "0.7208.ckpt' as top 3" + " " * 88),
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "lightning"
    assert [s["step"] for s in steps] == [195234, 197737, 200240]
    assert [e["step"] for e in events if e["kind"] == "checkpoint_save_end"] == [195234, 197737, 200240]
    assert [s["step_time_s"] is not None and 0.85 < s["step_time_s"] < 0.95 for s in steps] == [True, True, True]


def test_deepspeed_log_dist_names_the_rank_of_its_step_line(tmp_path: Path) -> None:
    """DeepSpeed-Chat on two Kubernetes workers (a user's `kubectl logs` of worker 0, T9k's
    docs): the node prefix names no rank, but `log_dist`'s `[Rank 0] step=1890, ...` does."""
    lines = [
        ('actor-multi-node-worker-0: [2023-06-21 03:45:55,424] [INFO] [timer.py:199:stop] epoch=1/micro_step=9'
         '26/global_step=1880, RunningAvgSamplesPerSec=6.60372389313781, CurrSamplesPerSec=6.368302303901175, '
         'MemAllocated=7.79GB, MaxMemAllocated=10.55GB'),
        ('actor-multi-node-worker-0: [2023-06-21 03:46:19,251] [INFO] [logging.py:96:log_dist] [Rank 0] step=1'
         '890, skipped=19, lr=[9.275816201087529e-08, 9.275816201087529e-08], mom=[(0.9, 0.95), (0.9, 0.95)]'),
        ('actor-multi-node-worker-0: [2023-06-21 03:46:19,254] [INFO] [timer.py:199:stop] epoch=1/micro_step=9'
         '36/global_step=1890, RunningAvgSamplesPerSec=6.604309943995918, CurrSamplesPerSec=6.809163050305052,'
         ' MemAllocated=7.79GB, MaxMemAllocated=10.55GB'),
        ('actor-multi-node-worker-0: [2023-06-21 03:46:43,211] [INFO] [logging.py:96:log_dist] [Rank 0] step=1'
         '900, skipped=19, lr=[4.940137226560615e-08, 4.940137226560615e-08], mom=[(0.9, 0.95), (0.9, 0.95)]'),
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "deepspeed"
    assert [(s["step"], s["rank"]) for s in steps] == [(1890, 0), (1900, 0)]


def test_pals_reports_of_ranks_that_failed_are_crashes(tmp_path: Path) -> None:
    """PALS' mpiexec on ALCF's Sunspot (saforem2/ezpz, docs/guides/autoretry-nodekill.md: an FSDP+TP
    run that filled its disk): after rank 23's `OSError: [Errno 28] No space left on device`, the
    launcher reports `rank 16 exited with code 1` and `rank 0 died from signal 15`: crashes of
    those ranks, and the file is read though it holds no step."""
    lines = [
        '[rank23]:     with path.open(mode) as stream:',
        '[rank23]: OSError: [Errno 28] No space left on device',
        '',
        'x1921c1s1b0n0-hsn0.hsn.cm.sunspot.alcf.anl.gov: rank 16 exited with code 1',
        'x1921c1s4b0n0-hsn0.hsn.cm.sunspot.alcf.anl.gov: rank 0 died from signal 15',
    ]
    _, _, events = _read(tmp_path, lines)
    assert [(e["kind"], e["rank"], e["line"]) for e in events] == [("crash", 16, 4), ("crash", 0, 5)]


def test_icefalls_done_after_its_last_epoch_ends_the_run(tmp_path: Path) -> None:
    """icefall's yesno recipe on CPU (its installation docs' training log): after the last epoch's
    validation and checkpoint, `INFO [train.py:555] Done!` is the run's end."""
    lines = [
        "2023-07-27 12:51:27,970 INFO [train.py:422] Epoch 14, batch 20, loss[loss=0.01169, over 2695.00 frames. ], "
        "tot_loss[loss=0.01054, over 34971.47 frames. ], batch size: 5",
        "2023-07-27 12:51:28,247 INFO [train.py:444] Epoch 14, validation loss=0.01073, over 18067.00 frames.",
        "2023-07-27 12:51:28,323 INFO [checkpoint.py:75] Saving checkpoint to tdnn/exp/epoch-14.pt",
        "2023-07-27 12:51:28,326 INFO [train.py:555] Done!",
    ]
    _, _, events = _read(tmp_path, lines)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", 4)]


def test_stable_baselines3_logger_tables_are_steps(tmp_path: Path) -> None:
    """stable-baselines3's PPO at `verbose=1` (kachayev/gym-microrts-paper-sb3's README): a table
    each log dump, its `iterations` the step (1, then 2), its seconds since learning began giving the step's time:
    what each table's figures allow once the second shows every step is this run's (4096 = 2 x 2048, as its rate
    counts them), `time_elapsed` 11 then 74 s truncated and 2048 steps at `fps` 179, 4096 at 55, truncated too:
    11.38-11.44 s, then 74-74.47 s (about 11.4 s; 74.2 - 11.4 = 62.8 s); `train/loss` its loss (none in the first)."""
    lines = [
        'Using cpu device',
        '---------------------------------',
        '| rollout/           |          |',
        '|    ep_len_mean     | 2e+03    |',
        '|    ep_rew_mean     | 0.0      |',
        '| time/              |          |',
        '|    fps             | 179      |',
        '|    iterations      | 1        |',
        '|    time_elapsed    | 11       |',
        '|    total_timesteps | 2048     |',
        '---------------------------------',
        '------------------------------------------',
        '| rollout/                |              |',
        '|    ep_len_mean          | 1.72e+03     |',
        '|    ep_rew_mean          | -5.0         |',
        '| time/                   |              |',
        '|    fps                  | 55           |',
        '|    iterations           | 2            |',
        '|    time_elapsed         | 74           |',
        '|    total_timesteps      | 4096         |',
        '| train/                  |              |',
        '|    approx_kl            | 0.0056759235 |',
        '|    clip_fraction        | 0.0861       |',
        '|    clip_range           | 0.2          |',
        '|    entropy_loss         | -5.65        |',
        '|    explained_variance   | 0.412        |',
        '|    learning_rate        | 0.0003       |',
        '|    loss                 | -0.024       |',
        '|    n_updates            | 10           |',
        '|    policy_gradient_loss | -0.00451     |',
        '|    value_loss           | 0.00413      |',
        '------------------------------------------',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [(1, None), (2, -0.024)]
    first = (max(11, 2048 / 180), min(12, 2048 / 179))  # (what each table's figures allow, both truncated)
    second = (max(74, 4096 / 56), min(75, 4096 / 55))
    assert first[0] <= steps[0]["step_time_s"] <= first[1]
    assert second[0] - first[1] <= steps[1]["step_time_s"] <= second[1] - first[0]
    assert {s["framework"] for s in steps} == {"stable_baselines3"}


def test_ray_tunes_printed_results_are_steps_at_their_timestamp(tmp_path: Path) -> None:
    """RLlib's PPO results as `pretty_print` writes them (ray-project/ray issue 3908): each block's
    `training_iteration` is a step (84, whose block the excerpt cut, then 85), ended at its
    `timestamp: 1548972009` (the `date: 2019-01-31_22-00-09` of the block), taking its
    `time_this_iter_s: 2.8040077686309814`, its loss the learner's `total_loss`."""
    lines = [
        'timesteps_this_iter: 4000',
        'timesteps_total: 336000',
        'training_iteration: 84',
        '',
        'custom_metrics: {}',
        'date: 2019-01-31_22-00-09',
        'done: false',
        'episode_len_mean: 52.0',
        'episode_reward_max: -389.0',
        'episode_reward_mean: -550.34',
        'episode_reward_min: -718.0',
        'episodes_this_iter: 76',
        'episodes_total: 6765',
        'experiment_id: 3bc0c9eb2c16474686937454214ecdbb',
        'hostname: melting-warthog-ray-head-689ddb7c79-z7gfd',
        'info:',
        '  default:',
        '    cur_kl_coeff: 0.22499996423721313',
        '    cur_lr: 4.999999873689376e-05',
        '    entropy: 1.1819819211959839',
        '    kl: 0.012258782051503658',
        '    policy_loss: -0.020113203674554825',
        '    total_loss: 936.0924682617188',
        '    vf_explained_var: 0.10152316838502884',
        '    vf_loss: 936.1097412109375',
        '  grad_time_ms: 2260.449',
        '  load_time_ms: 0.845',
        '  num_steps_sampled: 340000',
        '  num_steps_trained: 340000',
        '  sample_time_ms: 476.407',
        '  update_time_ms: 5.337',
        'iterations_since_restore: 85',
        'node_ip: 192.168.166.180',
        'num_metric_batches_dropped: 0',
        'pid: 123',
        'policy_reward_mean: {}',
        'time_since_restore: 258.1266098022461',
        'time_this_iter_s: 2.8040077686309814',
        'time_total_s: 258.1266098022461',
        'timestamp: 1548972009',
        'timesteps_since_restore: 340000',
        'timesteps_this_iter: 4000',
        'timesteps_total: 340000',
        'training_iteration: 85',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["end_ns"], s["step_time_s"], s["loss"]) for s in steps] == [
        (84, None, None, None), (85, 1548972009 * 10**9, 2.8040077686309814, 936.0924682617188)]


def test_open_clip_sample_counts_make_steps_of_its_global_batch(tmp_path: Path) -> None:
    """open_clip on 32 GPUs (a JUBE benchmark's docs): `Train Epoch: 0 [  16384/3200000 (1%)] ...
    Batch (t): 137.606, 119.065/s` counts samples; its global batch is 119.065 x 137.606 = 16384
    samples (the first line's count, one batch): steps 1, 2, 3, each at its line's time
    (`2023-04-21,12:03:13`: open_clip writes a comma between date and time), taking its
    `Batch (t)` seconds, its data time `Data (t)`."""
    lines = [
        ('2023-04-21,12:03:13 | INFO | Train Epoch: 0 [  16384/3200000 (1%)] Data (t): 90.938 Batch (t): 137.6'
         '06, 119.065/s, 3.72078/s/gpu LR: 0.000000 Logit Scale: 14.286 Contrastive_loss: 9.7031 (9.7031) Loss'
         ': 9.7031 (9.7031)'),
        ('2023-04-21,12:03:20 | INFO | Train Epoch: 0 [  32768/3200000 (1%)] Data (t): 0.029 Batch (t): 6.655,'
         ' 2461.78/s, 76.9308/s/gpu LR: 0.000000 Logit Scale: 14.286 Contrastive_loss: 9.7031 (9.7031) Loss: 9'
         '.7031 (9.7031)'),
        ('2023-04-21,12:03:26 | INFO | Train Epoch: 0 [  49152/3200000 (2%)] Data (t): 0.034 Batch (t): 6.466,'
         ' 2533.71/s, 79.1783/s/gpu LR: 0.000000 Logit Scale: 14.286 Contrastive_loss: 9.7031 (9.7031) Loss: 9'
         '.7031 (9.7031)'),
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["end_ns"], s["step_time_s"], s["data_time_s"], s["loss"]) for s in steps] == [
        (1, _ns("2023-04-21 12:03:13,000"), 137.606, 90.938, 9.7031),
        (2, _ns("2023-04-21 12:03:20,000"), 6.655, 0.029, 9.7031),
        (3, _ns("2023-04-21 12:03:26,000"), 6.466, 0.034, 9.7031)]


def test_lightnings_warning_on_resuming_mid_epoch_ends_nothing(tmp_path: Path) -> None:
    """NeMo 2's resiliency demo (NVIDIA/NeMo, examples/llm/resiliency/resiliency-in-pretraining-demo.ipynb):
    as the restarted worker group resumes, Lightning warns `You're resuming from a checkpoint that
    ended before the epoch ended ... unreliable results if further training is done.`: no end of
    training; the steps after it (10, 11) follow."""
    lines = [
        ('ining-demo/0 [default0]:[NeMo W 2025-02-28 20:35:32 nemo_logging:361] /usr/local/lib/python3.10/dist'
         "-packages/lightning/pytorch/loops/training_epoch_loop.py:161: You're resuming from a checkpoint that"
         ' ended before the epoch ended and your dataloader is not resumable. This can cause unreliable result'
         's if further training is done. Consider using an end-of-epoch checkpoint or make your dataloader res'
         'umable by implementing the `state_dict` / `load_state_dict` interface.'),
        'ining-demo/0 [default0]:    ',
        ('ining-demo/0 [default0]:[NeMo W 2025-02-28 20:35:41 rerun_state_machine:1088] Implicit initializatio'
         'n of Rerun State Machine!'),
        ('ining-demo/0 [default0]:[NeMo W 2025-02-28 20:35:41 rerun_state_machine:211] RerunStateMachine initi'
         'alized in mode disabled'),
        ('ining-demo/0 [default0]:Training epoch 0, iteration 10/19 | lr: 1.649e-06 | consumed_samples: 5632 |'
         ' global_batch_size: 512 | global_step: 10 | reduced_train_loss: 11.03 | train_step_timing in s: 8.65'
         '6'),
        ('ining-demo/0 [default0]:Training epoch 0, iteration 11/19 | lr: 1.799e-06 | consumed_samples: 6144 |'
         ' global_batch_size: 512 | global_step: 11 | reduced_train_loss: 11.03 | train_step_timing in s: 5.65'),
    ]
    _, steps, events = _read(tmp_path, lines)
    assert [s["step"] for s in steps] == [10, 11]
    assert [e for e in events if e["kind"] == "attempt_end"] == []


def test_composer_blocks_under_sruns_labels_are_read(tmp_path: Path) -> None:
    """LLM Foundry's MPT on Slurm (aws-samples' awsome-distributed-training docs): `srun --label`
    prefixes each line of Composer's block with the task, `0: [batch=1/300000000]:` then `0:
    Train ...` lines: the file is Composer's, step 1 of task 0 with its loss 12.0."""
    lines = [
        '0: [batch=1/300000000]:',
        '0:       Train time/epoch: 0',
        '0:       Train time/batch: 0',
        '0:       Train time/sample: 0',
        '0:       Train time/batch_in_epoch: 0',
        '0:       Train time/sample_in_epoch: 0',
        '0:       Train time/token: 0',
        '0:       Train time/token_in_epoch: 0',
        '0:       Train memory/allocated_mem: 3.6287',
        '0:       Train memory/active_mem: 3.6287',
        '0:       Train memory/inactive_mem: 2.7844',
        '0:       Train memory/reserved_mem: 20.9650',
        '0:       Train memory/alloc_retries: 0',
        '0:       Train trainer/device_train_microbatch_size: 8',
        '0:       Train loss/train/total: 12.0000',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "composer"
    assert [(s["step"], s["rank"], s["loss"]) for s in steps] == [(1, 0, 12.0)]


def test_nanotron_iteration_lines_human_readable_figures_and_yearless_date(tmp_path: Path) -> None:
    """nanotron on 64 GPUs of Leonardo (mii-llm's pretraining write-up): `12/21 01:39:51 [INFO|DP=0|TP=0|lrdn0007]:
    iteration: 211364 / 1500000 | ... | time_per_iteration_ms: 8.79K | ... | model_tflops_per_gpu:
    15.4`: 8.79K ms is 8.79 s, the line dated 12/21 01:39:51 (the year is the file's: none
    printed), 15.4 TFLOPs a GPU; `consumed_tokens: 480B` on both lines is rounded, so the tokens
    between them are unknown, not 0."""
    lines = [
        ('12/21 01:39:51 [INFO|DP=0|TP=0|lrdn0007]: iteration: 211364 / 1500000 | consumed_tokens: 480B | time'
         '_per_iteration_ms: 8.79K | tokens_per_sec: 182K | tokens_per_sec_per_gpu: 699 | global_batch_size: 1'
         '.6M | grad_norm: 0.112 | lm_loss: 2.04 | lr: 0.0001 | model_tflops_per_gpu: 15.4 | eta: 131 days, 1:'
         '45:39'),
        ('12/21 01:40:00 [INFO|DP=0|TP=0|lrdn0007]: iteration: 211365 / 1500000 | consumed_tokens: 480B | time'
         '_per_iteration_ms: 8.74K | tokens_per_sec: 183K | tokens_per_sec_per_gpu: 703 | global_batch_size: 1'
         '.6M | grad_norm: 0.105 | lm_loss: 2.06 | lr: 0.0001 | model_tflops_per_gpu: 15.5 | eta: 130 days, 9:'
         '39:28'),
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["step_time_s"], s["tflops"], s["tokens"], s["loss"]) for s in steps] == [
        (211364, 8.79, 15.4, None, 2.04), (211365, 8.74, 15.5, None, 2.06)]
    assert [(s["end_ns"] - steps[0]["end_ns"]) / 1e9 for s in steps] == [0.0, 9.0]
    assert {s["time_source"] for s in steps} == {"log_line_mtime"}
    assert {s["framework"] for s in steps} == {"nanotron"}  # (its logger's `[INFO|DP=0|...]` tag)


def test_a_dict_glued_after_a_bar_reading_is_that_readings_step(tmp_path: Path) -> None:
    """HF Trainer LoRA on Windows in PyCharm's console (a user's capture of Qwen3-0.6B
    fine-tuning, kept in a .py file): each metric dict is printed right after the bar's reading on
    the same line, ` 14%|█▍        | 10/69 [10:55<1:11:19, 72.53s/it]{'loss': 5.4448, ...,
    'epoch': 0.45}`: step 10's loss (0.45 of an epoch of 22.2 steps), not step 20's."""
    lines = [
        (' 14%|' + "█" * 1 + '▍        '
         + "| 10/69 [10:55<1:11:19, 72.53s/it]{'loss': 5.4448, 'grad_norm': 19.964406967163086, 'learning_ra"
         "te': 1.8e-05, 'epoch': 0.45}"),
        (' 29%|' + "█" * 2 + '▉       '
         + "| 20/69 [21:21<47:21, 57.99s/it]{'loss': 3.7822, 'grad_norm': 8.013687133789062, 'learning_rate'"
         ": 3.8e-05, 'epoch': 0.9}"),
        (' 43%|' + "█" * 4 + '▎     '
         + "| 30/69 [29:57<36:03, 55.47s/it]{'loss': 2.3764, 'grad_norm': 6.840965747833252, 'learning_rate'"
         ": 5.8e-05, 'epoch': 1.31}"),
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["loss"]) for s in steps] == [(10, 5.4448), (20, 3.7822), (30, 2.3764)]


def test_sagemakers_mpirun_prefix_and_its_toolkits_report(tmp_path: Path) -> None:
    """Accelerate's nlp_example under SageMaker's data-parallel mpirun (an accelerate-on-SageMaker
    examples README): `[1,mpirank:3,algo-1]<stderr>:` names rank 3; the training toolkit's
    `Reporting training SUCCESS` ends the run cleanly, and the file is a console's, though it
    holds an NCCL INFO line."""
    lines = [
        '[1,mpirank:0,algo-1]<stdout>:algo-1:79:1300 [0] NCCL INFO Launch mode Parallel',
        '[1,mpirank:0,algo-1]<stderr>:INFO:root:Reducer buckets have been rebuilt in this iteration.',
        '[1,mpirank:3,algo-1]<stderr>:INFO:root:Reducer buckets have been rebuilt in this iteration.',
        "[1,mpirank:0,algo-1]<stdout>:epoch 0: {'accuracy': 0.6838235294117647, 'f1': 0.8122270742358079}",
        "[1,mpirank:0,algo-1]<stdout>:epoch 1: {'accuracy': 0.7205882352941176, 'f1': 0.8256880733944955}",
        "[1,mpirank:0,algo-1]<stdout>:epoch 2: {'accuracy': 0.75, 'f1': 0.838095238095238}",
        '2022-09-21 13:21:05,187 sagemaker-training-toolkit INFO     Waiting for the process to finish and give a return code.',
        ('2022-09-21 13:21:05,188 sagemaker-training-toolkit INFO     Done waiting for a return code'
         '. Received 0 from exiting process.'),
        '2022-09-21 13:21:05,188 sagemaker-training-toolkit INFO     Reporting training SUCCESS',
    ]
    assert [line.rank for line in split_lines("\n".join(lines))][:3] == [0, 0, 3]
    name, _, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", 9)]


def test_a_bar_that_moved_then_a_traceback_is_a_crashed_run(tmp_path: Path) -> None:
    """TRL's SFTTrainer on an iterable dataset (a Kaggle ARC-prize write-up, "Iteration 8"): the
    bar reaches 5/100 at 3.44 s/it, then the traceback (`ValueError: Batch does not contain any
    data`) glued to it: step 5 done, then a crash; the file is a training console."""
    lines = [
        ('  0%|' + " " * 115
         + '| 0/100 [00:00<?, ?it/s]Detected flash_attn version: 2.6.3'),
        ('  5%|' + "█" * 5 + '▎' + " " * 101
         + '| 5/100 [00:18<05:26,  3.44s/it]Traceback (most recent call last):'),
        '  File "/mnt/hdd0/MEGA/AI/22_Kaggle/arc24/scripts/fine-tuning.py", line 773, in <module>',
        '    trainer.train()',
        ('  File "/home/gbarbadillo/miniconda3/envs/arc/lib/python3.10/site-packages/trl/trainer/sft_trainer.p'
         'y", line 444, in train'),
        '    output = super().train(*args, **kwargs)',
        ('  File "/home/gbarbadillo/miniconda3/envs/arc/lib/python3.10/site-packages/transformers/trainer.py",'
         ' line 1938, in train'),
        '    return inner_training_loop(',
        ('  File "/home/gbarbadillo/miniconda3/envs/arc/lib/python3.10/site-packages/transformers/trainer.py",'
         ' line 2236, in _inner_training_loop'),
        '    for step, inputs in enumerate(epoch_iterator):',
        ('  File "/home/gbarbadillo/miniconda3/envs/arc/lib/python3.10/site-packages/accelerate/data_loader.py'
         '", line 699, in __iter__'),
        '    raise ValueError(',
        ('ValueError: Batch does not contain any data (`None`). At the end of all iterable data available befo'
         're expected stop iteration.'),
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(5, 3.44)]
    assert [(e["kind"], e["line"]) for e in events] == [("crash", 2)]


def test_keras_model_checkpoints_improved_and_saved_lines_are_saves(tmp_path: Path) -> None:
    """Keras 3's ModelCheckpoint(save_best_only=True, verbose=1) in a notebook (an ECG CRNN
    notebook's fit cell): `Epoch 1: val_sparse_categorical_accuracy improved from -inf to
    0.52239, saving model to best_model.keras` is a checkpoint save, at each of the two epochs
    that improved."""
    lines = [
        'Epoch 1/20',
        ('\x1b[1m98/98\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b['
         '0m \x1b[1m0s\x1b[0m 490ms/step - loss: 0.7375 - sparse_c'
         'ategorical_accuracy: 0.5431'),
        'Epoch 1: val_sparse_categorical_accuracy improved from -inf to 0.52239, saving model to best_model.keras',
        ('\x1b[1m98/98\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b['
         '0m \x1b[1m56s\x1b[0m 537ms/step - loss: 0.7370 - sparse_'
         'categorical_accuracy: 0.5437 - val_loss: 0.8431 - '
         'val_sparse_categorical_accuracy: 0.5224'),
        'Epoch 2/20',
        ('\x1b[1m98/98\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b['
         '0m \x1b[1m0s\x1b[0m 469ms/step - loss: 0.5505 - sparse_c'
         'ategorical_accuracy: 0.7213'),
        'Epoch 2: val_sparse_categorical_accuracy improved from 0.52239 to 0.52537, saving model to best_model.keras',
        ('\x1b[1m98/98\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b['
         '0m \x1b[1m50s\x1b[0m 512ms/step - loss: 0.5506 - sparse_'
         'categorical_accuracy: 0.7213 - val_loss: 0.7470 - '
         'val_sparse_categorical_accuracy: 0.5254'),
    ]
    name, _, events = _read(tmp_path, lines)
    assert name == "keras"
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", 3), ("checkpoint_save_start", 7)]


def test_a_dict_glued_after_a_fast_bars_reading_takes_the_redraw_after_it(tmp_path: Path) -> None:
    """Real tqdm at about 30 steps a second, a metric dict written (`tqdm.write`, as HF's
    ProgressCallback does) every 10 steps, the console keeping no carriage return: the reading a
    dict is glued after may be a redraw behind (tqdm draws at most every 0.1 s), so each dict is
    the step the harness wrote it at, 10, 20, ... 60, from the redraw after it."""
    tqdm = pytest.importorskip("tqdm").tqdm
    import io
    import time

    buffer = io.StringIO()
    bar = tqdm(total=60, file=buffer, ncols=80)
    written: list[tuple[int, float]] = []
    for step in range(1, 61):
        time.sleep(0.03)
        bar.update(1)
        if step % 10 == 0:
            loss = round(2.0 - step / 100, 4)
            written.append((step, loss))
            tqdm.write(str({"loss": loss, "learning_rate": 1e-05, "epoch": round(step / 60, 2)}), file=buffer)
    bar.close()
    path = tmp_path / "console.log"
    path.write_text(buffer.getvalue().replace("\r", ""))
    steps = HFTrainerParser().parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert [(s["step"], s["loss"]) for s in steps if s["loss"] is not None] == written


def test_a_traceback_python_reports_and_ignores_is_no_crash(tmp_path: Path) -> None:
    """A notebook's training cell (EfficientNet on Windows, a user's medical-AI notes): after epoch
    2, Python reports twice `Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__
    ...>` and a traceback it ignored (the DataLoader's workers shutting down): no failure; the
    `KeyboardInterrupt` that stopped the cell is one."""
    from tracelens.parsers.generic_log import GenericLogParser

    lines = [
        'Epoch: 1/5, Train Loss: 0.9917, Train Acc: 0.5597, Test Loss: 0.9140, Test Acc: 0.5672',
        'Epoch: 2/5, Train Loss: 0.9883, Train Acc: 0.5605, Test Loss: 0.9242, Test Acc: 0.5686',
        '',
        '',
        'Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__ at 0x000001CCB9210860>',
        'Traceback (most recent call last):',
        ('  File "C:\\Users\\sandu\\AppData\\Local\\Programs\\Python\\Python312\\Lib\\site-packages'
         '\\torch\\utils\\data\\dataloader.py", line 1618, in __del__'),
        '    self._shutdown_workers()',
        ('  File "C:\\Users\\sandu\\AppData\\Local\\Programs\\Python\\Python312\\Lib\\site-packages'
         '\\torch\\utils\\data\\dataloader.py", line 1576, in _shutdown_workers'),
        '    if self._persistent_workers or self._workers_status[worker_id]:',
        '                                   ^^^^^^^^^^^^^^^^^^^^',
        "AttributeError: '_MultiProcessingDataLoaderIter' object has no attribute '_workers_status'",
        'Exception ignored in: <function _MultiProcessingDataLoaderIter.__del__ at 0x000001CCB9210860>',
        'Traceback (most recent call last):',
        ('  File "C:\\Users\\sandu\\AppData\\Local\\Programs\\Python\\Python312\\Lib\\site-packages'
         '\\torch\\utils\\data\\dataloader.py", line 1618, in __del__'),
        '    self._shutdown_workers()',
        ('  File "C:\\Users\\sandu\\AppData\\Local\\Programs\\Python\\Python312\\Lib\\site-packages'
         '\\torch\\utils\\data\\dataloader.py", line 1576, in _shutdown_workers'),
        '    if self._persistent_workers or self._workers_status[worker_id]:',
        '                                   ^^^^^^^^^^^^^^^^^^^^',
        "AttributeError: '_MultiProcessingDataLoaderIter' object has no attribute '_workers_status'",
        '',
        '',
        '',
        '---------------------------------------------------------------------------',
        '',
        'KeyboardInterrupt                         Traceback (most recent call last)',
    ]
    path = tmp_path / "cell.log"
    path.write_text("\n".join(lines) + "\n")
    events = GenericLogParser().parse(path, ParseOptions()).tables["log_events"].to_pylist()
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [("crash", 26)]



def test_the_ddp_tutorials_epoch_lines_and_snapshots(tmp_path: Path) -> None:
    """PyTorch's DDP tutorial series (multinode.py) on 2 x 2 GPUs under Slurm (Taiwanese HPC
    notes): each rank prints `[GPU2] Epoch 1 | Batchsize: 32 | Steps: 16` as an epoch starts and
    no batch within it: a step an epoch, numbered as printed, of the rank its prefix names;
    `Epoch 0 | Training snapshot saved at snapshot.pt` a checkpoint saved."""
    lines = [
        '[GPU2] Epoch 0 | Batchsize: 32 | Steps: 16',
        '[GPU3] Epoch 0 | Batchsize: 32 | Steps: 16',
        '[GPU0] Epoch 0 | Batchsize: 32 | Steps: 16',
        '[GPU1] Epoch 0 | Batchsize: 32 | Steps: 16',
        '[GPU1] Epoch 1 | Batchsize: 32 | Steps: 16',
        '[GPU3] Epoch 1 | Batchsize: 32 | Steps: 16',
        'Epoch 0 | Training snapshot saved at snapshot.pt',
        '[GPU0] Epoch 1 | Batchsize: 32 | Steps: 16',
        'Epoch 0 | Training snapshot saved at snapshot.pt',
        '[GPU2] Epoch 1 | Batchsize: 32 | Steps: 16',
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    printed = [(int(m.group(2)), int(m.group(1))) for t in lines if (m := re.match(r"\[GPU(\d)\] Epoch (\d) ", t))]
    assert len(printed) == 8
    assert [(s["step"], s["rank"]) for s in steps] == printed
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_end", 7), ("checkpoint_save_end", 9)]



def test_keras_fits_last_epoch_summary_ends_the_run(tmp_path: Path) -> None:
    """Keras 3's fit in a notebook (an ECG CRNN notebook's fit cell, `epochs=20`): `Epoch 20/20`'s
    bar at its total (`98/98 ... 469ms/step`, line 6) is drawn before its callbacks' lines; its
    summary, drawn again after them with the validation's figures (line 8: fit returns after the
    epoch's validation), ends the run cleanly; epoch 19's ends nothing."""
    lines = [
        'Epoch 19/20',
        ('\x1b[1m98/98\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b['
         '0m \x1b[1m0s\x1b[0m 469ms/step - loss: 0.0106 - sparse_c'
         'ategorical_accuracy: 0.9987'),
        'Epoch 19: val_sparse_categorical_accuracy did not improve from 0.67761',
        ('\x1b[1m98/98\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b['
         '0m \x1b[1m48s\x1b[0m 494ms/step - loss: 0.0106 - sparse_'
         'categorical_accuracy: 0.9987 - val_loss: 1.5445 - '
         'val_sparse_categorical_accuracy: 0.6731'),
        'Epoch 20/20',
        ('\x1b[1m98/98\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b['
         '0m \x1b[1m0s\x1b[0m 469ms/step - loss: 0.0106 - sparse_c'
         'ategorical_accuracy: 0.9989'),
        'Epoch 20: val_sparse_categorical_accuracy did not improve from 0.67761',
        ('\x1b[1m98/98\x1b[0m \x1b[32m━━━━━━━━━━━━━━━━━━━━\x1b[0m\x1b[37m\x1b['
         '0m \x1b[1m48s\x1b[0m 495ms/step - loss: 0.0106 - sparse_'
         'categorical_accuracy: 0.9989 - val_loss: 1.6070 - '
         'val_sparse_categorical_accuracy: 0.6687'),
        'Test Loss: 1.260242223739624, Test Accuracy: 0.7104477882385254',
    ]
    name, _, events = _read(tmp_path, lines)
    assert name == "keras"
    summary = max(n for n, t in enumerate(lines, start=1) if "val_loss" in t)
    assert summary == 8 and [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", summary)]


def test_a_bar_read_once_gives_its_rate_where_its_clock_since_the_start_agrees(tmp_path: Path) -> None:
    """Whisper LoRA fine-tuning with HF's Seq2SeqTrainer (a committed console tail, index id
    6512809343): the training bar is read once, at its end, `5000/5000 [67:12:24<00:00,
    48.39s/it]`; its clock since the start agrees with the rate (67:12:24 = 241944 s over 5000
    steps is 48.39 s a step, as `train_runtime` 241944.76 says too): step 5000 took 48.39 s."""
    lines = [
        "{'loss': 0.0453, 'grad_norm': 0.5267592072486877, 'learning_rate': 5.252525252525253e-08, 'epoch': 0.5}",
        "{'loss': 0.0495, 'grad_norm': 0.5208714604377747, 'learning_rate': 2.0202020202020203e-09, 'epoch': 0.51}",
        "100%|" + "█" * 10 + "| 5000/5000 [67:12:24<00:00, 48.39s/it]",
        "{'train_runtime': 241944.7649, 'train_samples_per_second': 1.323, 'train_steps_per_second': 0.021, "
        "'train_loss': 0.05146642076969147, 'epoch': 0.51}",
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["step_time_s"]) for s in steps if s["step"] == 5000] == [(5000, 48.39)]



def test_dlrm_iteration_lines_of_their_epoch_with_their_mean_milliseconds(tmp_path: Path) -> None:
    """DLRM's reference script's lines (a JAX port's README sample log, index id 24907583736, as
    dlrm_s_pytorch.py prints them): `Finished training it 1024/306969 of epoch 0, 7.90 ms/it,
    loss 0.518843` is iteration 1024 of epoch 0's 306969 (epochs from 0: step 1024), 7.90 ms an
    iteration; the test line after it is an evaluation's, no step."""
    lines = [
        "time/loss/accuracy (if enabled):",
        "Finished training it 1024/306969 of epoch 0, 7.90 ms/it, loss 0.518843",
        "Finished training it 2048/306969 of epoch 0, 7.90 ms/it, loss 0.504157",
        "Finished training it 3072/306969 of epoch 0, 7.87 ms/it, loss 0.498123",
        "Finished training it 10240/306969 of epoch 0, 7.91 ms/it, loss 0.471978",
        "Testing at - 10240/306969 of epoch 0,",
        " accuracy 77.453 %, best 77.453 %",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (1024, 0.0079, 0.518843), (2048, 0.0079, 0.504157), (3072, 0.00787, 0.498123), (10240, 0.00791, 0.471978)]


def test_monai_tutorial_batches_of_their_epoch_and_the_best_model_saved(tmp_path: Path) -> None:
    """MONAI's fast-training tutorial (Project-MONAI/MONAI issue 2722, its log as posted):
    `epoch 14/300` (from 1), then `1/16, train_loss: 0.1162 step time: 0.9368`: batch 1 of the
    epoch's 16, so step 13 x 16 + 1 = 209, 0.9368 s; `saved new best metric model` follows
    the model's save."""
    lines = [
        "epoch 14/300",
        "1/16, train_loss: 0.1162 step time: 0.9368",
        "2/16, train_loss: 0.1221 step time: 0.9655",
        "16/16, train_loss: 0.2303 step time: 1.1379",
        "epoch 14 average loss: 0.2148",
        "saved new best metric model",
        "current epoch: 14 current mean dice: 0.9157 best mean dice: 0.9157 at epoch: 14",
        "time consuming of epoch 14 is: 30.7164",
        "----------",
        "epoch 15/300",
        "1/16, train_loss: 0.1676 step time: 0.9250",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (209, 0.9368, 0.1162), (210, 0.9655, 0.1221), (224, 1.1379, 0.2303), (225, 0.925, 0.1676)]
    assert [(e["kind"], e["line"]) for e in events] == [("checkpoint_save_end", 6)]


def test_litgpt_saving_lora_weights_is_a_save(tmp_path: Path) -> None:
    """LitGPT's finetune/lora.py (Lightning-AI/litgpt issue 1110, its log as posted): `Saving LoRA
    weights to '.../final/lit_model.pth.lora'` after the run's training time is a save."""
    lines = [
        "Epoch 4 | iter 963 step 963 | loss train: 0.971, val: 1.057 | iter time: 522.10 ms (step)",
        "Epoch 4 | iter 964 step 964 | loss train: 0.902, val: 1.057 | iter time: 115.27 ms (step)",
        "Epoch 5 | iter 965 step 965 | loss train: 1.182, val: 1.057 | iter time: 743.31 ms (step)",
        "Training time: 583.36s",
        "Memory used: 14.49 GB",
        "Saving LoRA weights to 'out/finetune/lora-tiny-llama-1.1b/final/lit_model.pth.lora'",
    ]
    _, _, events = _read(tmp_path, lines)
    assert [(e["kind"], e["line"]) for e in events] == [("attempt_end", 4), ("checkpoint_save_start", 6)]


def test_a_log_pasted_as_an_indented_block_keeps_its_prefixes(tmp_path: Path) -> None:
    """torchtitan on 8 H200s (benchmark notes, index id 19093018932): the run's console kept as a
    Markdown list item's block, every line indented 4 spaces: `    [rank0]:2025-02-13
    11:33:35,026 - root - INFO - step:  1 ...` is rank 0's step 1 at 11:33:35.026, its line's
    `mmemory` (a colour code cut from the copy) torchtitan's metrics line all the same."""
    lines = [
        "    [rank0]:2025-02-13 11:33:29,482 - root - INFO - Training starts at step 1, with local batch size 1, "
        "global batch size 8, sequence length 8192, total steps 100 (warmup 200)",
        "    [rank0]:2025-02-13 11:33:35,026 - root - INFO - step:  1  loss: 12.2417  memory: 42.08GiB(30.10%)  "
        "tps: 1,478  mfu: 8.65%",
        "    [rank0]:2025-02-13 11:33:45,521 - root - INFO - step: 10  loss:  9.8821  mmemory: 49.59GiB(35.46%)  "
        "tps: 7,026  mfu: 41.15%",
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["rank"], s["end_ns"], s["framework"]) for s in steps] == [
        (1, 0, _ns("2025-02-13 11:33:35,026"), "torchtitan"), (10, 0, _ns("2025-02-13 11:33:45,521"), "torchtitan")]


def test_a_keras_reading_with_the_crash_glued_to_it_was_drawn(tmp_path: Path) -> None:
    """Keras 2.2 fitting an LSTM (jaungiers/LSTM-Neural-Network-for-Time-Series-Prediction issue
    101, its log as posted): the traceback is glued to the bar's last reading, ` 14/130 [==>...]
    - ETA: 27s - loss: 0.0254Traceback (most recent call last):`: batch 14 of epoch 17 (16 x 130
    + 14 = 2094) was done, with its loss, and the run crashed on that line (the excerpt is cut
    in the traceback's first frame)."""
    lines = [
        "Epoch 17/100",
        "  1/130 [..............................] - ETA: 31s - loss: 0.0204",
        " 13/130 [==>...........................] - ETA: 27s - loss: 0.0260",
        " 14/130 [==>...........................] - ETA: 27s - loss: 0.0254Traceback (most recent call last):",
        '  File "D:\\Develop\\DevelopmentTool\\Python\\368\\lib\\code.py", line 91, in runcode',
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "keras"
    assert [(s["step"], s["loss"]) for s in steps] == [(2081, 0.0204), (2093, 0.026), (2094, 0.0254)]
    assert [(e["kind"], e["line"]) for e in events] == [("crash", 4)]


def test_nemo_rl_step_header_and_its_training_results_block(tmp_path: Path) -> None:
    """NeMo-RL's DPO (NVIDIA-NeMo/nemo-platform pull request 943, its test run as posted):
    `========================= Step 2/2 =========================` opens step 2, whose
    `📊 Training Results:` block (after its validation and its checkpoint) gives its loss,
    `  • loss: 0.6931`; the validation block's `• Validation loss: 0.6645` is not it."""
    lines = [
        "========================= Step 2/2 =========================",
        "▶ Taking a training step...",
        "▶ Starting validation at step 2 for `default` set..",
        "",
        "📊 Validation Results for `default` set:",
        "    • Validation loss: 0.6645",
        "    • Validation accuracy: 1.0000",
        "",
        "  ⏱️  Validation Timing for `default` set:",
        "    • Total validation time: 3.17s",
        "Saving checkpoint for step 2...",
        "",
        "📊 Training Results:",
        "  • loss: 0.6931",
        "  • sft_loss: 0.0000",
        "  • preference_loss: 0.6931",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["line"]) for s in steps] == [(2, 0.6931, 13)]
    assert [(e["kind"], e["step"]) for e in events] == [("checkpoint_save_start", 2)]


def test_the_steps_a_bar_alone_shows_get_its_rate_where_its_clock_agrees(tmp_path: Path) -> None:
    """HF's run_translation.py on DeepSpeed ZeRO-3 (an AWS walkthrough's console, index id
    14060014015), each reading followed by DeepSpeed's overflow line: the bar's own steps take
    the rate each reading shows where the bar's clock since its first reading agrees (step 2:
    `[00:02<09:07,  1.10s/it]`, 2 s after step 1's `00:00`; steps 10 and 19: `2.25it/s`, 1/2.25 s,
    against 5 s over 9 steps and 9 s over 18); step 1, 0 s into the bar, has no clock to check."""
    lines = [
        "[INFO|trainer.py:1605] 2022-07-26 19:15:43,851 >> ***** Running training *****",
        "[INFO|trainer.py:1611] 2022-07-26 19:15:43,852 >>   Total optimization steps = 500",
        "  0%|" + " " * 200 + "| 0/500 [00:00<?, ?it/s][2022-07-26 19:15:51,159] [INFO] [stage3.py:1834:_overflow_clean_up] "
        "[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 65536, reducing to 65536",
        "  0%|▍" + " " * 191 + "| 1/500 [00:00<03:47,  2.19it/s][2022-07-26 19:15:52,710] [INFO] "
        "[stage3.py:1834:_overflow_clean_up] "
        "[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 65536, reducing to 32768.0",
        "  0%|▊" + " " * 191 + "| 2/500 [00:02<09:07,  1.10s/it][2022-07-26 19:15:53,074] [INFO] "
        "[stage3.py:1834:_overflow_clean_up] "
        "[deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 32768.0, reducing to 16384.0",
        "  2%|███▊" + " " * 187 + "| 10/500 [00:05<03:37,  2.25it/s][2022-07-26 19:15:56,242] [INFO] "
        "[stage3.py:1834:_overflow_clean_up] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 1024.0, "
        "reducing to 512.0",
        "  4%|███████▎" + " " * 183 + "| 19/500 [00:09<03:33,  2.25it/s][2022-07-26 19:16:00,198] [INFO] "
        "[stage3.py:1834:_overflow_clean_up] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attempted loss scale: 512.0, "
        "reducing to 256.0",
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(1, None), (2, 1.10), (10, 1 / 2.25), (19, 1 / 2.25)]


def test_the_train_metrics_table_with_no_summary_dict_ends_the_run(tmp_path: Path) -> None:
    """LLaMA-Factory LoRA on two Intel GPUs (notes of a run on 2025-11-26, index id 46206645246):
    the block as its author kept it has no `{'train_runtime': ...}` dict, but the Trainer's
    metrics table after the final save, `***** train metrics *****` with its `train_runtime =
    0:09:16.03`, which `trainer.log_metrics("train", ...)` prints once training returned: a clean
    end, on its line."""
    lines = [
        "[INFO|trainer.py:2519] 2025-11-26 12:43:54,296 >> ***** Running training *****",
        "[INFO|trainer.py:2527] 2025-11-26 12:43:54,296 >>   Total optimization steps = 207",
        "{'loss': 1.3035, 'grad_norm': 0.7054071426391602, 'learning_rate': 8.444834595378434e-05, 'epoch': 1.01}" + " " * 42,
        "100%|" + "█" * 107 + "| 207/207 [09:16<00:00,  2.69s/it]",
        "[INFO|trainer.py:4309] 2025-11-26 12:53:10,334 >> Saving model checkpoint to saves/Kllama_Qwen3-0.6B",
        "***** train metrics *****",
        "  epoch                    =        3.0",
        "  total_flos               =  1351978GF",
        "  train_loss               =     1.3686",
        "  train_runtime            = 0:09:16.03",
        "  train_samples_per_second =      5.881",
        "  train_steps_per_second   =      0.372",
    ]
    _, _, events = _read(tmp_path, lines)
    assert [(e["kind"], e["line"], e["detail"]) for e in events if e["kind"].startswith("attempt_end")] == [
        ("attempt_end", 6, "train metrics")]


def test_the_train_metrics_table_after_the_summary_dict_ends_nothing_more(tmp_path: Path) -> None:
    """LLaMA-Factory DPO on Windows (../shared/corpus/logs/hf_trainer/llamafactory_dpo_full_run_
    ckpt_save_metrics.log): its `{'train_runtime': 1071.4363, ...}` dict ended the run; the
    metrics table printed after the save is the same end, not a second one."""
    path = CORPUS / "logs" / "hf_trainer" / "llamafactory_dpo_full_run_ckpt_save_metrics.log"
    if not path.exists():
        pytest.skip("../shared is absent")
    text = path.read_text()
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None
    events = parser.parse(path, ParseOptions()).tables["log_events"].to_pylist()
    ends = [e["detail"] for e in events if e["kind"] == "attempt_end"]
    assert "***** train metrics *****" in text and sum(line.startswith("{'train_runtime'") for line in text.splitlines()) == 1
    assert "train_runtime" in ends and "train metrics" not in ends


def test_horovodruns_timestamped_rank_tags(tmp_path: Path) -> None:
    """Horovod's elastic MPI-operator example on Kubernetes (kubeflow/mpi-operator issue 444, its
    log as posted): horovodrun's `--timestamp-output` puts `time.ctime()` before its own rank tag,
    `Wed Dec  8 02:01:36 2021[1]<stdout>:Step #480\\tLoss: 0.161612`: rank 1's step 480 at
    2021-12-08 02:01:36."""
    lines = [
        "Wed Dec  8 02:01:36 2021[1]<stdout>:Step #480\tLoss: 0.161612",
        "Wed Dec  8 02:01:36 2021[2]<stdout>:Step #480\tLoss: 0.047648",
        "Wed Dec  8 02:01:36 2021[0]<stdout>:Step #480\tLoss: 0.029899",
    ]
    _, steps, _ = _read(tmp_path, lines)
    at = _ns("2021-12-08 02:01:36,000000")
    assert [(s["step"], s["rank"], s["end_ns"], s["loss"]) for s in steps] == [
        (480, 1, at, 0.161612), (480, 2, at, 0.047648), (480, 0, at, 0.029899)]


def test_an_indented_log_under_notes_is_dedented_too(tmp_path: Path) -> None:
    """The torchtitan block of the indented-block test with a note line above it (as collected
    logs carry their provenance): the note is skipped and the block still dedented, rank 0."""
    lines = [
        "# torchtitan on 8 H200s, benchmark notes (index id 19093018932)",
        "    [rank0]:2025-02-13 11:33:35,026 - root - INFO - step:  1  loss: 12.2417  memory: 42.08GiB(30.10%)  "
        "tps: 1,478  mfu: 8.65%",
        "    [rank0]:2025-02-13 11:33:45,521 - root - INFO - step: 10  loss:  9.8821  mmemory: 49.59GiB(35.46%)  "
        "tps: 7,026  mfu: 41.15%",
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["rank"]) for s in steps] == [(1, 0), (10, 0)]


def test_tensorpack_epoch_end_is_its_global_step_and_the_epoch_s_mean_step_time(tmp_path: Path) -> None:
    """tensorpack's DQN example (a committed log, index id 7293118205): `[0724 10:47:52
    @base.py:198] Epoch 1 (global_step 25000) finished, time:233.11 sec.` ends step 25000 (the
    run's, not the epoch's number), the first epoch's 25000 steps in 233.11 s; its logger's date
    has no year (`[MMDD HH:MM:SS @file:line]`); `Model saved to` follows the save."""
    lines = [
        "[0724 10:47:52 @base.py:198] Epoch 1 (global_step 25000) finished, time:233.11 sec.",
        "[0724 10:47:52 @saver.py:85] Model saved to train_log/DQN-breakout/model-25000.",
        "[0724 10:47:52 @param.py:144] exploration at epoch 2 will change to 0.91000000",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(25000, pytest.approx(233.11 / 25000))]
    assert steps[0]["end_ns"] % (86400 * 10**9) == (10 * 3600 + 47 * 60 + 52) * 10**9
    assert [e["kind"] for e in events if e["kind"] != "attempt_start"] == ["checkpoint_save_end"]


@pytest.mark.parametrize(("line", "expected"), [
    # tensorpack issue 1383: humanize_time_delta's minutes and seconds
    ("[0119 15:39:21 @base.py:283] Epoch 16 (global_step 8000) finished, time:1 minute 49 seconds.", (16, 8000, 109.0)),
    # a tensorpack user's example output (index id 4207830401)
    (" [@base.py:282] Epoch 56 (global_step 210000) finished, time:23 minutes 52 seconds.", (56, 210000, 23 * 60 + 52.0)),
    # tensorpack issue 500
    ("[1119 21:10:27 @base.py:219] Epoch 67 (global_step 10000) finished, time:2097.31 sec.", (67, 10000, 2097.31)),
])
def test_tensorpack_epoch_end_reads_its_time_in_either_form(line: str, expected: tuple[int, int, float]) -> None:
    assert _tensorpack_end(line) == expected


def test_tensorpack_resumed_run_s_first_epoch_has_its_step_and_no_step_time(tmp_path: Path) -> None:
    """tensorpack issue 500 (its pasted log.log): a run continued at epoch 67 logs `Epoch 67
    (global_step 10000) finished, time:2097.31 sec.`; the steps that epoch ran are not known (no
    epoch end before it), so step 10000 has no step time."""
    lines = [
        "[1119 20:35:30 @monitor.py:262] Found training history from JSON, now starting from epoch number 67.",
        "[1119 20:35:30 @base.py:209] Start Epoch 67 ...",
        "[1119 21:10:27 @base.py:219] Epoch 67 (global_step 10000) finished, time:2097.31 sec.",
        "[1119 21:10:33 @saver.py:82] Model saved to train_log/alexnet-dorefa/model-10000.",
    ]
    _, steps, events = _read(tmp_path, lines)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(10000, None)]
    assert [(e["kind"], e["line"]) for e in events] == [("attempt_start", 1), ("checkpoint_save_end", 4)]


def test_torchssl_evaluation_line_its_saves_and_a_relaunch_printing_its_arguments(tmp_path: Path) -> None:
    """FixMatch-pytorch (TorchSSL's trainer; LeeDoYup/FixMatch-pytorch issue 12, its log as
    posted): `900 iteration, USE_EMA: True, {...}` is step 900, its clocks the iteration's batch
    fetch and run (0.000272... + 0.0801... s); two `model saved:` lines are saves; two minutes
    later the script starts again (its worker's `USE GPU: 2 for training`, then `Arguments:
    Namespace(...`, after steps): a second launch, from its first line."""
    lines = [
        "[2021-01-31 00:38:16,427 INFO] 900 iteration, USE_EMA: True, {'train/sup_loss': tensor(1.0505, device='cuda:0'), "
        "'train/unsup_loss': tensor(0.1879, device='cuda:0'), 'train/total_loss': tensor(1.2384, device='cuda:0'), "
        "'train/mask_ratio': tensor(0.7768, device='cuda:0'), 'lr': 0.009789938546188749, 'train/prefecth_time': "
        "0.00027267199754714964, 'train/run_time': 0.08013571166992188, 'eval/loss': tensor(1.9005, device='cuda:0'), "
        "'eval/top-1-acc': tensor(0.3375, device='cuda:0')}, BEST_EVAL_ACC: 0.3375000059604645, at 900 iters",
        "[2021-01-31 00:38:16,493 INFO] model saved: ./saved_models/cifar_10_400/model_best.pth",
        "[2021-01-31 00:38:28,637 INFO] model saved: ./saved_models/cifar_10_400/latest_model.pth",
        "[2021-01-31 00:40:23,660 WARNING] USE GPU: 2 for training",
        "[2021-01-31 00:40:23,778 INFO] Number of Trainable Params: 1467610",
        "[2021-01-31 00:40:23,808 INFO] model_arch: <models.fixmatch.fixmatch.FixMatch object at 0x2aaae80d7b90>",
        "[2021-01-31 00:40:23,809 INFO] Arguments: Namespace(T=0.5, amp=True, auto_flo",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["lr"], s["data_time_s"], s["step_time_s"]) for s in steps] == [
        (900, 1.2384, 0.009789938546188749, 0.00027267199754714964,
         pytest.approx(0.00027267199754714964 + 0.08013571166992188))]
    assert [(e["kind"], e["line"]) for e in events] == [
        ("attempt_start", 1), ("checkpoint_save_end", 2), ("checkpoint_save_end", 3), ("attempt_start", 4),
        ("last_line", 7)]
    assert events[3]["ts_ns"] == _ns("2021-01-31 00:40:23,660")
    # (the second launch said no end: it was alive until its last dated line, 149 ms after its first)
    assert events[-1]["ts_ns"] == _ns("2021-01-31 00:40:23,809")


def test_arguments_printed_before_any_step_start_nothing_more(tmp_path: Path) -> None:
    """The same log's second launch alone (its lines from `USE GPU` on): arguments printed
    before any step are the launch the first dated line started, no second one."""
    lines = [
        "[2021-01-31 00:40:23,660 WARNING] USE GPU: 2 for training",
        "[2021-01-31 00:40:23,778 INFO] Number of Trainable Params: 1467610",
        "[2021-01-31 00:40:23,808 INFO] model_arch: <models.fixmatch.fixmatch.FixMatch object at 0x2aaae80d7b90>",
        "[2021-01-31 00:40:23,809 INFO] Arguments: Namespace(T=0.5, amp=True, auto_flo",
    ]
    _, _, events = _read(tmp_path, lines, parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events] == [("attempt_start", 1), ("last_line", 4)]


def test_detectron2_resumed_at_its_last_iteration_started_and_ended_with_no_step(tmp_path: Path) -> None:
    """detectron2 issue 1294 (its log as posted): a run resumed from a checkpoint at MAX_ITER
    logs `Starting training from iteration 9000` and at once `Total training time: 0:00:00`: a
    run that started at step 9000 and ended, with no step."""
    lines = [
        "[04/26 00:58:12 d2.data.build]: Using training sampler TrainingSampler",
        "[04/26 00:58:13 d2.engine.train_loop]: Starting training from iteration 9000",
        "[04/26 00:58:13 d2.engine.hooks]: Total training time: 0:00:00 (0:00:00 on hooks)",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log" and steps == []
    assert [(e["kind"], e["line"], e["step"]) for e in events] == [
        ("attempt_start", 1, None), ("attempt_start", 2, 9000), ("attempt_end", 3, None)]


def test_mmcv_runner_resumed_and_started_with_no_iteration_logged_yet(tmp_path: Path) -> None:
    """mmdetection issue 5505 (its log as posted): mmcv's runner loads `epoch_76.pth`, logs
    `resumed epoch 64, iter 156416` (mmcv's form, no colons) and `Start running`; no iteration
    line follows. The console is OpenMMLab's, with a load at step 156416 and no step."""
    lines = [
        "2021-07-02 10:24:28,325 - mmdet - INFO - load checkpoint from work_dirs/model/epoch_76.pth",
        "2021-07-02 10:24:28,325 - mmdet - INFO - Use load_from_local loader",
        "2021-07-02 10:24:30,810 - mmdet - INFO - resumed epoch 64, iter 156416",
        "2021-07-02 10:24:30,811 - mmdet - INFO - Start running, host: u8485326@ppsox5ctr1624351441275-pnh75, "
        "work_dir: /home/u8485326/mmdetection/work_dirs/model",
        "2021-07-02 10:24:30,811 - mmdet - INFO - workflow: [('train', 1)], max: 280 epochs",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "openmmlab" and steps == []
    assert [(e["kind"], e["step"]) for e in events if e["line"] == 3] == [("checkpoint_load_end", 156416)]


def test_torch_rnn_iterations_of_the_run(tmp_path: Path) -> None:
    """torch-rnn issue 72 (its log as posted): `Epoch 1.00 / 100, i = 10 / 672300, loss =
    0.099103` is iteration 10 of the run's 672300."""
    lines = [
        "$ th train.lua $OPTIONS -init_from cv/$(ls -t cv | head -n1)",
        "Running with CUDA on GPU 0",
        "Initializing from       cv/checkpoint_7000.t7",
        "Epoch 1.00 / 100, i = 10 / 672300, loss = 0.099103",
        "Epoch 1.00 / 100, i = 20 / 672300, loss = 0.068736",
        "Epoch 1.00 / 100, i = 30 / 672300, loss = 0.071380",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [(10, 0.099103), (20, 0.068736), (30, 0.07138)]


def test_paddle_batch_and_reader_costs_are_the_interval_s_step_and_data_times(tmp_path: Path) -> None:
    """PaddleSeg (PaddlePaddle/PaddleSeg PR 928, its fp32 log): `batch_cost: 0.5344,
    reader_cost: 0.07273` are the logging interval's mean iteration and data-loading times."""
    lines = [
        "2021-03-30 06:55:57 [INFO]\t[TRAIN] epoch: 1, iter: 20/500, loss: 2.0859, lr: 0.009657, batch_cost: 0.5344, "
        "reader_cost: 0.07273, ips: 3.7425 samples/sec | ETA 00:04:16",
        "2021-03-30 06:56:04 [INFO]\t[TRAIN] epoch: 1, iter: 40/500, loss: 1.8769, lr: 0.009295, batch_cost: 0.3483, "
        "reader_cost: 0.00205, ips: 5.7421 samples/sec | ETA 00:02:40",
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["step_time_s"], s["data_time_s"]) for s in steps] == [(20, 0.5344, 0.07273), (40, 0.3483, 0.00205)]


def test_paddleocr_and_paddledetection_costs(tmp_path: Path) -> None:
    """PaddleOCR issue 13159 (`avg_reader_cost: 0.35601 s, avg_batch_cost: 0.41762 s`) and
    PaddleDetection issue 6597 (`batch_cost: 1.7087 data_cost: 0.0102`), as posted."""
    ocr = ("[2024/06/22 06:28:30] ppocr INFO: epoch: [5/500], global_step: 180, lr: 0.000100, loss: 1.000000, "
           "loss_shrink_maps: 0.000000, loss_threshold_maps: 0.000000, loss_binary_maps: 1.000000, loss_cbn: 0.000000, "
           "avg_reader_cost: 0.35601 s, avg_batch_cost: 0.41762 s, avg_samples: 6.4, ips: 15.32489 samples/s, eta: 2:49:22, "
           "max_mem_reserved: 6177 MB, max_mem_allocated: 5281 MB")
    det = ("[08/05 18:27:48] ppdet.engine INFO: Epoch: [8] [200/756] learning_rate: 0.021995 loss: 1.606704 loss_cls: "
           "0.748175 loss_iou: 0.177527 loss_dfl: 0.794344 loss_l1: 0.309099 eta: 4 days, 4:01:00 batch_cost: 1.7087 "
           "data_cost: 0.0102 ips: 11.1193 images/s")
    ocr_times = {k: v for k, v in _step_values(ocr).items() if k.endswith("time_s")}
    det_times = {k: v for k, v in _step_values(det).items() if k.endswith("time_s")}
    assert ocr_times == {"step_time_s": 0.41762, "data_time_s": 0.35601}
    assert det_times == {"step_time_s": 1.7087, "data_time_s": 0.0102}


def test_openpcdet_accumulated_iteration_and_batch_time(tmp_path: Path) -> None:
    """OpenPCDet (open-mmlab/OpenPCDet PR 1229, its log): `Train:    1/3 ( 33%) [  49/323 ...]
    ... Acc_iter 50 ... Data time: 0.00(0.02) ... Batch time: 0.31(0.31)` is the run's iteration
    50 (not batch 49 of the epoch), its batch 0.31 s, 0.00 s of it waiting for data."""
    lines = [
        "2023-01-05 16:34:37,748   INFO  Train:    1/3 ( 33%) [   0/323 (  0%)]  Loss: 516.7 (517.)  LR: 1.000e-04  "
        "Time cost: 00:04/21:46 [00:04/1:05:18]  Acc_iter 1           Data time: 0.87(0.87)  Forward time: 3.18(3.18)  "
        "Batch time: 4.04(4.04)",
        "2023-01-05 16:34:49,377   INFO  Train:    1/3 ( 33%) [  49/323 ( 15%)]  Loss: 36.77 (81.7)  LR: 1.351e-04  "
        "Time cost: 00:15/01:25 [00:15/04:48]  Acc_iter 50          Data time: 0.00(0.02)  Forward time: 0.31(0.29)  "
        "Batch time: 0.31(0.31)",
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["step_time_s"], s["data_time_s"], s["loss"]) for s in steps] == [
        (1, 4.04, 0.87, 516.7), (50, 0.31, 0.0, 36.77)]


def test_coqui_tts_step_records(tmp_path: Path) -> None:
    """Mozilla TTS (mozilla/TTS issue 460, its log as posted): `--> STEP: 309/390 --
    GLOBAL_STEP: 91150`, then one metric a line (`| > loss: 0.38516`, `| > step_time: 3.02`,
    `| > loader_time: 0.01`): step 91150, 3.02 s, 0.01 s of it loading; a traceback after."""
    lines = [
        "   --> STEP: 309/390 -- GLOBAL_STEP: 91150",
        "     | > decoder_loss: 0.20866  (0.19815)",
        "     | > postnet_loss: 0.17622  (0.16908)",
        "     | > loss: 0.38516",
        "     | > step_time: 3.02",
        "     | > loader_time: 0.01",
        "     | > lr: 0.00010",
        "",
        "   --> STEP: 334/390 -- GLOBAL_STEP: 91175",
        "     | > decoder_loss: 0.20624  (0.19872)",
        "     | > loss: 0.38027",
        "     | > step_time: 1.67",
        "     | > loader_time: 0.01",
        "     | > lr: 0.00010",
        " ! Run is kept in /home/andre/projects/tts-output/ljspeech-July-08-2020_11+18AM-3366328",
        "Traceback (most recent call last):",
        '  File "train.py", line 676, in <module>',
        "    main(args)",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["step_time_s"], s["data_time_s"], s["lr"]) for s in steps] == [
        (91150, 0.38516, 3.02, 0.01, 0.0001), (91175, 0.38027, 1.67, 0.01, 0.0001)]
    assert [e["kind"] for e in events] == ["crash"]


def test_orbit_controller_steps_once_each_with_their_loss_and_no_rate_too_coarse(tmp_path: Path) -> None:
    """TF Model Garden's Orbit controller (google-research-datasets/hiertext issue 6, its log as
    posted): `train | step:    160 | steps/sec:    0.1 | output:`, printed through absl and bare,
    is one step 160 with the dict's `training_loss`; `0.1` steps/s (0.05 to 0.15) gives no step
    time."""
    lines = [
        "train | step:    140 | steps/sec:    0.1 | output:",
        "    {'learning_rate': 0.00014860001,",
        "     'loss_inst_dist': 2.5431335,",
        "     'training_loss': 0.4755017}",
        "I0912 22:45:08.585236 140146006726464 controller.py:466] train | step:    160 | steps/sec:    0.1 | output:",
        "    {'learning_rate': 0.00016840002,",
        "     'loss_inst_dist': 2.5124724,",
        "     'training_loss': 0.46952447}",
        "train | step:    160 | steps/sec:    0.1 | output:",
        "    {'learning_rate': 0.00016840002,",
        "     'loss_inst_dist': 2.5124724,",
        "     'training_loss': 0.46952447}",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["lr"], s["step_time_s"], s["line"]) for s in steps] == [
        (140, 0.4755017, 0.00014860001, None, 1), (160, 0.46952447, 0.00016840002, None, 5)]


def test_flax_template_first_steps_rate_line_start_and_end(tmp_path: Path) -> None:
    """google-research spin_spherical_cnns README's sample output (index id 718145242), a Flax
    and CLU training loop: `Starting training loop at step 1.` starts it, `Finished training step
    1.` ends step 1, `[22500] steps_per_sec=12.409270` is step 22500 at 1 / 12.409270 s a step,
    `Finishing training at step 22500` ends the run."""
    lines = [
        "I0817 20:47:43.612029 140619461363520 train.py:358] Starting training loop at step 1.",
        "I0817 20:48:14.027691 140619461363520 train.py:383] Finished training step 1.",
        "I0817 20:48:14.229008 140619461363520 train.py:383] Finished training step 2.",
        "I0817 21:18:34.252626 140588926080768 logging_writer.py:35] [22500] steps_per_sec=12.409270",
        "I0817 21:18:53.155782 140619461363520 train.py:410] Finishing training at step 22500",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(1, None), (2, None), (22500, pytest.approx(1 / 12.409270))]
    assert [(e["kind"], e["line"], e["step"]) for e in events] == [("attempt_start", 1, 1), ("attempt_end", 5, None)]


def test_a_rank_named_in_the_logger_s_fields(tmp_path: Path) -> None:
    """icefall (k2-fsa/icefall PR 63): `[train.py:542] (5/6) Epoch 0, batch 0, ...` is rank 5 of
    6; VISSL (facebookresearch/vissl issue 480): `Rank: 0; [ep: 0] iter: 57; ... btime(ms): 192;`
    is rank 0's iteration 57 (its `btime` the mean of every batch since training began: no
    step's time)."""
    icefall = [
        "2021-09-30 01:06:45,761 INFO [train.py:542] (5/6) Epoch 0, batch 0, batch avg ctc loss 5.2337, batch avg att "
        "loss 1.3110, batch avg loss 2.4878, total",
        "2021-09-30 01:06:45,766 INFO [train.py:542] (3/6) Epoch 0, batch 0, batch avg ctc loss 5.1945, batch avg att "
        "loss 1.2462, batch avg loss 2.4307, total",
    ]
    _, steps, _ = _read(tmp_path, icefall)
    assert [(s["rank"], s["step"]) for s in steps] == [(5, 0), (3, 0)]
    vissl = [
        "INFO 2021-12-02 18:52:20,806 log_hooks.py: 277: Rank: 0; [ep: 0] iter: 57; lr: 0.71785; loss: 2.94718; "
        "btime(ms): 192; eta: 0:00:08; peak_mem(M): 4176;",
        "INFO 2021-12-02 18:52:20,935 log_hooks.py: 277: Rank: 0; [ep: 0] iter: 58; lr: 0.77805; loss: 2.93593; "
        "btime(ms): 191; eta: 0:00:08; peak_mem(M): 4176;",
    ]
    _, steps, _ = _read(tmp_path, vissl, "vissl.log")
    assert [(s["rank"], s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (0, 57, None, 2.94718), (0, 58, None, 2.93593)]


def test_a_date_glued_after_a_progress_bar_keeps_its_milliseconds(tmp_path: Path) -> None:
    """A log line written right after a tqdm bar (no newline between; a SambaNova job's srun
    output, index id 25320092558): its date starts within the first 80 characters and ends past
    them; its milliseconds are the line's (09:39:54,427)."""
    line = ("^MIteration:  20%|█▉        | 500/2549 [07:29<29:04,  1.17it/s]2024-04-03 09:39:54,427 - "
            "apps.nlp.transformers_on_rdu.tasks.lm_tasks.bert_mlperf_trainer - Process ID 1536235 - info     - "
            "epoch:0|local_step:501|global_step:501|average_loss:8.34513|step_loss:8.34513")
    assert parse_timestamp(line) == _ns("2024-04-03 09:39:54,427")


@pytest.mark.skipif(not CORPUS.exists(), reason="needs ../shared")
def test_megatron_s_datetime_lines_past_the_80th_character_are_dated() -> None:
    """Megatron-LM's `[after model, optimizer, and learning rate scheduler are built] datetime:
    2025-04-13 23:41:00 ` (a corpus log's line 13): its date starts at character 74 and ends past
    the 80th; the line is dated then, by polars' reading (an ASCII line) as by Python's."""
    path = CORPUS / "logs" / "megatron" / "gpt2_tp2_fp16_ckpt_save_eval.log"
    line = next(line for line in split_lines(path.read_text(encoding="utf-8")) if line.number == 13)
    assert line.text.index("2025-04-13") == 74
    assert line.ts_ns == parse_timestamp(line.text) == _ns("2025-04-13 23:41:00", "%Y-%m-%d %H:%M:%S")


def test_the_scheduler_s_dated_cancel_line_starts_no_process(tmp_path: Path) -> None:
    """The same SambaNova job's end (index id 25320092558): after the failure, `slurmstepd:
    error: *** STEP 30399.0 ON sn30-r1-h1 CANCELLED AT 2024-04-03T09:40:00 ***` is dated (the
    scheduler's moment) but is no process of the job starting: one attempt, its crash dated."""
    lines = [
        "2024-04-03 09:39:57,835 - apps.nlp.transformers_on_rdu.tasks.lm_tasks.bert_mlperf_trainer - Process ID 1536235 - "
        "info     - final_loss 8.308523",
        "AssertionError: Expected throughput to be at least 560000.0, instead found 289619.6825559826",
        "srun: error: sn30-r1-h1: task 0: Exited with exit code 1",
        "srun: Terminating job step 30399.0",
        "slurmstepd: error: *** STEP 30399.0 ON sn30-r1-h1 CANCELLED AT 2024-04-03T09:40:00 ***",
    ]
    _, _, events = _read(tmp_path, lines)
    assert [e["line"] for e in events if e["kind"] == "attempt_start"] == [1]
    cancelled = _ns("2024-04-03T09:40:00", "%Y-%m-%dT%H:%M:%S")
    assert [(e["kind"], e["ts_ns"]) for e in events if e["line"] == 5] == [("crash", cancelled)]


def test_a_tag_that_counts_up_after_the_logger_s_bracket_is_no_rank() -> None:
    """icefall's tags (k2-fsa/icefall PR 63: `(5/6)`, `(3/6)`, `(4/6)` on its rows) name ranks of
    a world of 6; tags that rise row by row (`(10/1000)`, `(20/1000)`, `(30/1000)`: a counter of
    the same shape), or repeat multiples of one interval, name none."""
    rows = LogRows("generic")
    for row in range(3):
        rows.step(line=row + 1, rank=None, step=row)
    _logger_ranks(rows, [(0, 10, 1000), (1, 20, 1000), (2, 30, 1000)])
    assert [s["rank"] for s in rows.steps] == [None, None, None]
    again = LogRows("generic")
    for row in range(6):
        again.step(line=row + 1, rank=None, step=row)
    _logger_ranks(again, [(row, tag, 100) for row, tag in enumerate((10, 20, 30, 10, 20, 30))])  # each epoch anew
    assert [s["rank"] for s in again.steps] == [None] * 6
    _logger_ranks(rows, [(0, 5, 6), (1, 3, 6), (2, 4, 6)])
    assert [s["rank"] for s in rows.steps] == [5, 3, 4]


def test_torchssl_prefetch_time_spelled_right(tmp_path: Path) -> None:
    """A TorchSSL results script quotes its log's line (index id 408436526): `'train/prefetch_time':
    0.0050832958221435545,'train/run_time': 0.315829833984375`: the step's fetch and run."""
    line = ("[2021-04-13 15:57:33,078 INFO] 228000 iteration, USE_EMA: True, {'train/sup_loss': tensor(0.0311, "
            "device='cuda:0'), 'train/unsup_loss': tensor(0.2391, device='cuda:0'), 'train/total_loss': tensor(0.3913, "
            "device='cuda:0'), 'train/mask_ratio': tensor(0.5246, device='cuda:0'), 'lr': 0.028670201217471786, "
            "'train/prefetch_time': 0.0050832958221435545,'train/run_time': 0.315829833984375, 'eval/loss': "
            "tensor(1.0763, device='cuda:0'), 'eval/top-1-acc': 0.6306},BEST_EVAL_ACC: 0.9348, at 173000 iters")
    _, steps, _ = _read(tmp_path, [line])
    assert [(s["step"], s["loss"], s["data_time_s"], s["step_time_s"]) for s in steps] == [
        (228000, 0.3913, 0.0050832958221435545, pytest.approx(0.0050832958221435545 + 0.315829833984375))]


def test_coqui_trainer_dated_step_heads(tmp_path: Path) -> None:
    """Coqui's trainer (an XTTS fine-tune's README log tail, index id 60921219550): `--> TIME:
    2026-05-26 23:18:19 -- STEP: 10500/11864 -- GLOBAL_STEP: 10500`, its metrics each with their
    running mean: step 10500 ended then, 0.205 s, 0.004 s of it loading; the next head is a step
    of its own though its metrics are cut."""
    lines = [
        "   --> TIME: 2026-05-26 23:18:19 -- STEP: 10500/11864 -- GLOBAL_STEP: 10500",
        "     | > current_lr: 2e-06  (1.9999999999996946e-06)",
        "     | > loss_text_ce: 0.042247675359249115  (0.04080040151164642)",
        "     | > loss_mel_ce: 2.8151001930236816  (3.1625411684513147)",
        "     | > loss: 0.06803209334611893  (0.07627003880607938)",
        "     | > step_time: 0.205  (0.309728635856084)",
        "     | > loader_time: 0.004  (0.0054228431383768795)",
        "",
        "",
        "   --> TIME: 2026-05-26 23:18:32 -- STEP: 10550/11864 -- GLOBAL_STEP: 10550",
        "     | > current_lr: 2e-06  (1.999999999999693e-06)",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["end_ns"], s["step_time_s"], s["data_time_s"], s["loss"], s["lr"]) for s in steps] == [
        (10500, _ns("2026-05-26 23:18:19", "%Y-%m-%d %H:%M:%S"), 0.205, 0.004, 0.06803209334611893, 2e-06),
        (10550, _ns("2026-05-26 23:18:32", "%Y-%m-%d %H:%M:%S"), None, None, None, 2e-06)]


def test_coqui_metrics_whose_running_mean_is_nan(tmp_path: Path) -> None:
    """An XTTS v2 fine-tune in Colab (github.com/Wubpooz/Malta-TTS @ 3136538, FineTuning/NewLanguage/Logs/Logs
    Training.md, its steps 200 and 400): a NaN reached the mel loss' running mean, printed `(nan)` from
    then on; each step's own figures are as printed all the same."""
    lines = [
        "   --> TIME: 2025-08-19 14:23:42 -- STEP: 200/3984 -- GLOBAL_STEP: 200",
        "     | > loss_text_ce: 0.21218353509902954  (0.24113701090216635)",
        "     | > loss_mel_ce: 4.792850971221924  (nan)",
        "     | > loss: 0.1042715534567833  (nan)",
        "     | > current_lr: 5e-06 ",
        "     | > step_time: 0.1687  (0.1479287660121917)",
        "     | > loader_time: 0.0095  (0.015414910316467278)",
        "",
        "",
        "   --> TIME: 2025-08-19 14:24:28 -- STEP: 400/3984 -- GLOBAL_STEP: 400",
        "     | > loss_text_ce: 0.20771436393260956  (0.2372326312586665)",
        "     | > loss_mel_ce: 4.763483047485352  (nan)",
        "     | > loss: 0.10356661677360535  (nan)",
        "     | > current_lr: 5e-06 ",
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["step_time_s"], s["data_time_s"], s["loss"], s["lr"]) for s in steps] == [
        (200, 0.1687, 0.0095, 0.1042715534567833, 5e-06), (400, None, None, 0.10356661677360535, 5e-06)]


def test_orbit_output_on_its_step_line(tmp_path: Path) -> None:
    """TF Model Garden's docs (index id 4628252878) show Orbit's step lines with their output on
    the line (`| output: {'train_accuracy': 0.0, 'train_loss': 12.634554}`) and the rate masked
    (`steps/sec:    xxxxx`): each a step with its loss, and no step time."""
    lines = [
        "I0324 07:55:20.594147 140348344015936 keras_utils.py:145] TimeHistory: xxxxx seconds, xxxxx examples/second "
        "between steps 0 and 1",
        "I0324 07:55:20.597360 140348344015936 controller.py:479] train | step:      1 | steps/sec:    xxxxx | output: "
        "{'train_accuracy': 0.0, 'train_loss': 12.634554}",
        "I0324 07:55:22.161625 140348344015936 keras_utils.py:145] TimeHistory: xxxxx seconds, xxxxx examples/second "
        "between steps 1 and 2",
        "I0324 07:55:22.163815 140348344015936 controller.py:479] train | step:      2 | steps/sec:    xxxxx | output: "
        "{'train_accuracy': 0.0, 'train_loss': 12.634554}",
        "I0324 07:55:23.790632 140348344015936 keras_utils.py:145] TimeHistory: xxxxx seconds, xxxxx examples/second "
        "between steps 2 and 3",
        "I0324 07:55:23.792936 140348344015936 controller.py:479] train | step:      3 | steps/sec:    xxxxx | output: "
        "{'train_accuracy': 1.0, 'train_loss': 9.103148}",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [(1, 12.634554, None), (2, 12.634554, None),
                                                                         (3, 9.103148, None)]


def test_notebook_step_table_copied_with_spaces_and_hard_breaks_and_its_train_output(tmp_path: Path) -> None:
    """The ROCm blog's QLoRA notebook output (index id 26327341855): the Trainer's notebook table
    copied with its cells apart by spaces and each line ending in Markdown's hard break
    (`50       1.557800 \\`): steps 50 to 250 with their losses, 331 s over the caption's 250
    steps each; `TrainOutput(global_step=250, ..., metrics={'train_runtime': ...})`, the
    notebook's view of `trainer.train()`'s return, ends the run."""
    lines = [
        "[250/250 05:31, Epoch 1/1]\\",
        "Step     Training Loss \\",
        "50       1.557800 \\",
        "100      1.348100\\",
        "150      1.277000\\",
        "200      1.324300\\",
        "250      1.347700",
        "",
        "TrainOutput(global_step=250, training_loss=1.3709784088134767, metrics={'train_runtime': 335.085, "
        "'train_samples_per_second': 2.984, 'train_steps_per_second': 0.746, 'total_flos': 8679674339426304.0, "
        "'train_loss': 1.3709784088134767, 'epoch': 1.0})",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "hf_trainer"
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (50, 1.5578, 331 / 250), (100, 1.3481, 331 / 250), (150, 1.277, 331 / 250), (200, 1.3243, 331 / 250),
        (250, 1.3477, 331 / 250)]
    assert [(e["kind"], e["line"]) for e in events] == [("attempt_end", 9)]


def test_a_notebook_table_aligned_with_spaces_under_the_header_and_its_train_output(tmp_path: Path) -> None:
    """HF's course notes (index id 5907539934): the header, the notebook's `Step   Training Loss`
    table with space-aligned cells, then `TrainOutput(...)`: steps 500 and 1000, one start and one
    end."""
    lines = [
        "***** Running training *****",
        "  Num examples = 3668",
        "  Num Epochs = 3",
        "  Instantaneous batch size per device = 8",
        "  Total train batch size (w. parallel, distributed & accumulation) = 8",
        "  Gradient Accumulation steps = 1",
        "  Total optimization steps = 1377",
        "  ",
        "Step   Training Loss",
        "500    0.544700",
        "1000   0.326500",
        "",
        "TrainOutput(global_step=1377, training_loss=0.3773723704795865, metrics={'train_runtime': 379.1704, "
        "'train_samples_per_second': 29.021, 'train_steps_per_second': 3.632, 'total_flos': 405470580750720.0, "
        "'train_loss': 0.3773723704795865, 'epoch': 3.0})",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "hf_trainer"
    assert [(s["step"], s["loss"]) for s in steps] == [(500, 0.5447), (1000, 0.3265)]
    assert [e["kind"] for e in events] == ["attempt_start", "attempt_end"]


def test_fastai_tables_copied_with_tabs_or_single_spaces(tmp_path: Path) -> None:
    """fastai's Recorder table as notebooks' text copies have it: tabs (a siamese-network README,
    index id 34150060497: `epoch   train_loss<TAB>valid_loss<TAB>...`) or single spaces (notes on
    fastbook chapter 16, christianjmills.com): an epoch a row, its `time` the epoch's."""
    tabs = [
        "learn.freeze()",
        "learn.fit_one_cycle(4, 1e-3)",
        ">>> ",
        "epoch   train_loss\tvalid_loss\taccuracy\ttime",
        "0\t0.258882\t0.202665\t0.924222\t00:38",
        "1\t0.220346\t0.176225\t0.936401\t00:38",
        "2\t0.189951\t0.118699\t0.955345\t00:37",
        "3\t0.155383\t0.106692\t0.960758\t00:37",
    ]
    name, steps, _ = _read(tmp_path, tabs)
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["step_time_s"], s["framework"]) for s in steps] == [
        (0, 0.258882, 38.0, "fastai"), (1, 0.220346, 38.0, "fastai"), (2, 0.189951, 37.0, "fastai"),
        (3, 0.155383, 37.0, "fastai")]
    spaces = [
        "epoch train_loss valid_loss accuracy time",
        "0 2.597476 7.834398 0.205096 00:07",
        "1 2.075519 2.908207 0.393121 00:06",
        "2 1.739347 1.434073 0.544713 00:06",
    ]
    _, steps, _ = _read(tmp_path, spaces, "spaces.log")
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (0, 2.597476, 7.0), (1, 2.075519, 6.0), (2, 1.739347, 6.0)]


def test_cifar_tutorial_loss_lines_count_iterations_over_epochs(tmp_path: Path) -> None:
    """The PyTorch CIFAR-10 tutorial's loop, its output pasted as comments (a tutorial script,
    index id 14435521888): `[1,  5000] loss: 2.293` every 5000 mini-batches; epoch 2 starts its
    count again: the epoch's length is its largest count printed (50000), epoch 2's 5000 is
    iteration 55000."""
    lines = [
        "# [1,  5000] loss: 2.293",
        "# [1, 10000] loss: 2.075",
        "# [1, 15000] loss: 1.876",
        "# [1, 20000] loss: 1.754",
        "# [1, 25000] loss: 1.658",
        "# [1, 30000] loss: 1.625",
        "# [1, 35000] loss: 1.558",
        "# [1, 40000] loss: 1.520",
        "# [1, 45000] loss: 1.494",
        "# [1, 50000] loss: 1.459",
        "# 1/5 4456/10000 44.56% (107.18255376815796s)",
        "# [2,  5000] loss: 1.413",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps][:2] == [(5000, 2.293), (10000, 2.075)]
    assert [(s["step"], s["loss"]) for s in steps][-2:] == [(50000, 1.459), (55000, 1.413)]


def test_a_notebook_widget_bar_copied_over_two_lines(tmp_path: Path) -> None:
    """A Lightning 2 Colab run's widget progress copied into a README (index id 41726539041):
    `Epoch 23: 100%` over `98/98 [00:20<00:00, 4.86it/s, v_num=0, ...]` is epoch 23's bar (from 0:
    step 24 x 98), 1 / 4.86 s a step; the test bar under `Testing DataLoader 0: 100%` is no step."""
    lines = [
        'Epoch 23: 100%',
        "98/98 [00:20<00:00, 4.86it/s, v_num=0, loss/train_step=0.133, acc/train_step=95.50, loss/val=0.307, acc/val=91.80, "
        "loss/train_epoch=0.103, acc/train_epoch=96.40]",
        'INFO:pytorch_lightning.utilities.rank_zero:`Trainer.fit` stopped: `max_epochs=24` reached.',
        'Files already downloaded and verified',
        'INFO:pytorch_lightning.accelerators.cuda:LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]',
        'Testing DataLoader 0: 100%',
        '20/20 [00:01<00:00, 13.30it/s]',
    ]
    _, steps, events = _read(tmp_path, lines)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(24 * 98, pytest.approx(1 / 4.86))]
    assert [e["kind"] for e in events] == ["attempt_end"]


def test_a_notebook_step_table_alone_claims_the_file(tmp_path: Path) -> None:
    """The ROCm blog's QLoRA output (index id 26327341855) without its TrainOutput line: the
    caption and the space-aligned `Step     Training Loss` table are the Trainer's."""
    lines = [
        "[250/250 05:31, Epoch 1/1]\\",
        "Step     Training Loss \\",
        "50       1.557800 \\",
        "100      1.348100\\",
        "150      1.277000\\",
        "200      1.324300\\",
        "250      1.347700",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "hf_trainer"
    assert [s["step"] for s in steps] == [50, 100, 150, 200, 250]


def test_olmo_record_alone_its_rank_and_its_uncaught_error(tmp_path: Path) -> None:
    """OLMo (allenai/OLMo issue 552, its log as posted): one `[step=75/739328]` record (its rank in
    the logger's `[olmo.train:816, rank=0]`), then `CRITICAL ... Uncaught OLMoThreadError: ...`,
    the exception that ended the run, logged by OLMo's excepthook."""
    lines = [
        '[2024-04-18 19:06:17] INFO     [olmo.train:816, rank=0] [step=75/739328]',
        '    train/CrossEntropyLoss=7.417',
        '    train/Perplexity=1,664',
        '    throughput/total_tokens=314,572,800',
        '    throughput/device/tokens_per_second=9,407',
        '    throughput/device/batches_per_second=0.0022',
        "[2024-04-18 19:10:41] CRITICAL [olmo.util:158, rank=0] Uncaught OLMoThreadError: generator thread da"
        "ta thread 3 failed",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["rank"], s["loss"]) for s in steps] == [(75, 0, 7.417)]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [("crash", 7)]
    assert {s["framework"] for s in steps} == {"olmo"}


def test_olmo_record_whose_head_lost_its_date(tmp_path: Path) -> None:
    """OLMo-2's record as an issue quotes it, its logger's date cut off (allenai/OLMo issue 846):
    `olmo.train:979  INFO    [step=20800/23842,epoch=0]`, then its metric lines: step 20800, its
    loss `train/CrossEntropyLoss`, its grad norm `optim/total_grad_norm`; no clock."""
    lines = [
        'olmo.train:979  INFO    [step=20800/23842,epoch=0]',
        '    train/masked_instances_local_rank=0',
        '    optim/total_grad_norm=0.1075',
        '    train/CrossEntropyLoss=1.834',
        '    train/Perplexity=6.257',
        '    train/ZLoss=0.0006',
        '    throughput/total_tokens=43,620,761,600',
        '    throughput/total_training_Gflops=102,642,753,655',
        '    throughput/total_training_log_Gflops=25.35',
        '    throughput/device/tokens_per_second=15,537',
        '    throughput/device/batches_per_second=0.0593',
        '    System/Peak GPU Memory (MB)=51,497',
    ]
    name, steps, _ = _read(tmp_path, lines)
    metrics = dict(line.strip().split("=", 1) for line in lines[1:])
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["grad_norm"], s["end_ns"], s["framework"]) for s in steps] == [
        (20800, float(metrics["train/CrossEntropyLoss"]), float(metrics["optim/total_grad_norm"]), None, "olmo")]


def test_mlx_lm_iterations_a_second(tmp_path: Path) -> None:
    """mlx-lm's trainer (ml-explore/mlx-examples PR 1209, its log as posted): `Iter 63: ..., It/sec
    1.133, ...`: iterations a second over its report interval, 1 / 1.133 s a step."""
    lines = [
        "Iter 63: Train loss 0.000, Chosen reward -8.056, Rejected reward -16.406, Learning Rate 1.000e-05, "
        "It/sec 1.133, Tokens/sec 601.667, Trained Tokens 34211.0, Peak mem 2.334 GB",
        "Iter 64: Train loss 0.000, Chosen reward -8.242, Rejected reward -16.768, Learning Rate 1.000e-05, "
        "It/sec 1.130, Tokens/sec 593.061, Trained Tokens 34736.0, Peak mem 2.334 GB",
        "Iter 65: Train loss 0.000, Chosen reward -7.887, Rejected reward -15.516, Learning Rate 1.000e-05, "
        "It/sec 1.033, Tokens/sec 558.785, Trained Tokens 35277.0, Peak mem 2.334 GB",
        "Iter 66: Train loss 0.001, Chosen reward -6.110, Rejected reward -13.061, Learning Rate 1.000e-05, "
        "It/sec 1.018, Tokens/sec 584.581, Trained Tokens 35851.0, Peak mem 2.334 GB",
        "Iter 67: Train loss 0.000, Chosen reward -8.406, Rejected reward -16.965, Learning Rate 1.000e-05, "
        "It/sec 1.112, Tokens/sec 583.652, Trained Tokens 36376.0, Peak mem 2.334 GB",
        "Iter 68: Train loss 0.000, Chosen reward -8.185, Rejected reward -16.584, Learning Rate 1.000e-05, "
        "It/sec 1.115, Tokens/sec 592.150, Trained Tokens 36907.0, Peak mem 2.334 GB",
        "Iter 69: Train loss 0.001, Chosen reward -6.123, Rejected reward -13.101, Learning Rate 1.000e-05, "
        "It/sec 1.019, Tokens/sec 584.980, Trained Tokens 37481.0, Peak mem 2.334 GB",
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [
        (63, pytest.approx(1 / 1.133)), (64, pytest.approx(1 / 1.130)), (65, pytest.approx(1 / 1.033)),
        (66, pytest.approx(1 / 1.018)), (67, pytest.approx(1 / 1.112)), (68, pytest.approx(1 / 1.115)),
        (69, pytest.approx(1 / 1.019))]
    # (its shape names its trainer; `Tokens/sec 601.667` the step's tokens a second; `Trained Tokens 34211.0` the
    # tokens since the run began: each step's own the count less the line's before, the first's none)
    assert {s["framework"] for s in steps} == {"mlx_lm"}
    assert [s["tokens_per_s"] for s in steps] == [float(t.split("Tokens/sec ")[1].split(",")[0]) for t in lines]
    trained = [float(t.split("Trained Tokens ")[1].split(",")[0]) for t in lines]
    assert [s["tokens"] for s in steps] == [None] + [b - a for a, b in itertools.pairwise(trained)]


def test_composer_metrics_indented_with_spaces(tmp_path: Path) -> None:
    """LLM Foundry on MI300X (an AMD ROCm blog, index id 61983064895): Composer's block with its
    metric lines indented by nine spaces where the copy expanded the tab: batch 5 of epoch 1."""
    lines = [
        '[epoch=1][batch=5/5]:',
        '         Train time/batch: 4',
        '         Train time/sample: 4096',
        '         Train time/batch_in_epoch: 4',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "composer"
    assert [s["step"] for s in steps] == [5]


def test_async_checkpoint_saves_begun(tmp_path: Path) -> None:
    """torchtitan's asynchronous checkpointing (pytorch/torchtitan PR 1287, its log as posted):
    `Submitted checkpoint save request for checkpoint_id=...('./outputs/checkpoint/step-400', ...)`
    begins the save of step 400; NeMo 2's (NVIDIA/NeMo's resiliency example notebook's output)
    `Scheduled async checkpoint save for .../model_name=0--val_loss=0.00-step=19-...-last.ckpt`
    that of step 19."""
    titan = [
        "[rank0]:[titan] 2025-06-25 13:06:03,755 - root - INFO - step: 440  loss:  5.2553  memory: 49.66GiB(52.28%)  "
        "tps: 5,868  tflops: 339.85  mfu: 34.36%",
        "[rank0]:[0] 2025-06-25 13:06:06,800 - root - INFO - Submitted checkpoint save request for checkpoint_id="
        "_CheckpointRequestIdentifier(checkpoint_id='./outputs/checkpoint/step-400', "
        "uuid='22d8ae0c-f9c7-4424-ac4b-ab4fdaa4655f')",
        "[rank0]:[0] 2025-06-25 13:06:06,800 - root - INFO - Waiting for checkpoint save request...",
        "[rank0]:[titan] 2025-06-25 13:06:16,214 - root - INFO - [GC] Peforming periodical GC collection. 0.12 seconds.",
        "[rank0]:[titan] 2025-06-25 13:06:17,743 - root - INFO - step: 450  loss:  5.1627  memory: 49.66GiB(52.28%)  "
        "tps: 5,858  tflops: 339.25  mfu: 34.30%",
    ]
    _, _, events = _read(tmp_path, titan)
    assert [(e["kind"], e["step"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", 400, 2)]
    nemo = [
        "ining-demo/0 [default0]:Training epoch 0, iteration 19/19 | lr: 2.999e-06 | consumed_samples: 10240 | "
        "global_batch_size: 512 | global_step: 19 | reduced_train_loss: 11.03 | train_step_timing in s: 5.648",
        "ining-demo/0 [default0]:[NeMo I 2025-02-28 20:36:36 model_checkpoint:497] Scheduled async checkpoint save for "
        "/tmp/nemo_run/checkpoints/resiliency-in-pretraining-demo/checkpoints/model_name=0--val_loss=0.00-step=19-"
        "consumed_samples=10240.0-last.ckpt",
    ]
    _, _, events = _read(tmp_path, nemo, "nemo.log")
    assert [(e["kind"], e["step"]) for e in events if e["kind"].startswith("checkpoint")] == [("checkpoint_save_start", 19)]


GPT_SOVITS_GLUED_TRACEBACK = [
    'C:\\Users\\Li\\Documents\\GPT-SoVITS-beta0706\\runtime\\lib\\site-packages\\pytorch_lightning\\loop'
    's\\fit_loop.py:293: The number of training batches (28) is smaller than the logging interva'
    'l Trainer(log_every_n_steps=50). Set a lower value for log_every_n_steps if you want to se'
    'e logs for the training epoch.',
    'Epoch 0:  18%|██████▉                                | 5/28 [00:02<00:12,  1.91it/s, v_num'
    '=1, total_loss_step=3.67e+3, lr_step=0.010, top_3_acc_step=0.183]Traceback (most recent ca'
    'll last):',
    '  File "C:\\Users\\Li\\Documents\\GPT-SoVITS-beta0706\\runtime\\lib\\site-packages\\pytorch_lightn'
    'ing\\trainer\\call.py", line 43, in _call_and_handle_interrupt',
    '    return trainer.strategy.launcher.launch(trainer_fn, *args, trainer=trainer, **kwargs)',
]


def test_a_crash_glued_to_a_lightning_bars_last_drawing(tmp_path: Path) -> None:
    """RVC-Boss/GPT-SoVITS issue 1389: the bar's last drawing, step 5 of 28 at 1.91 it/s, with the
    traceback glued to it: the step and its time, and a crash at that line."""
    parser, steps, events = _read(tmp_path, GPT_SOVITS_GLUED_TRACEBACK)
    assert parser == "lightning"
    assert [(s["step"], s["line"]) for s in steps] == [(5, 2)]
    assert steps[0]["step_time_s"] == pytest.approx(1 / 1.91)
    assert [(e["kind"], e["line"]) for e in events] == [("crash", 2)]


def test_the_failing_ranks_traceback_glued_to_the_bar_under_torchrun_is_that_ranks_crash() -> None:
    """sample_logs/lightning_ddp_restart (torchrun --tee, two ranks): the rank that raised (the
    harness's truth) printed its `[rank1]: Traceback` glued to rank 0's bar; that line is its
    crash, with its rank."""
    job = SAMPLE_LOGS / "lightning_ddp_restart"
    truth = [json.loads(line.split(" ", 1)[1]) for line in (job / "truth.txt").read_text().splitlines()]
    crashed = {e["rank"] for e in truth if e["event"] == "crash"}
    text = (job / "console.log").read_text(encoding="utf-8")
    glued = next(n for n, line in enumerate(text.split("\n"), 1)
                 if re.search(r"\]\[rank\d+\]: Traceback \(most recent call last\)", line))
    result = registry()["lightning"].parse(job / "console.log", ParseOptions())
    crashes = [(e["line"], e["rank"]) for e in result.tables["log_events"].to_pylist() if e["kind"] == "crash"]
    assert [(glued, rank) for rank in crashed] == [c for c in crashes if c[0] == glued]


ACCELERATE_NO_TRAINER_SMDDP = [
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:37:39 - INFO - __main__ - Distributed environment: M'
    'ULTI_GPU  Backend: smddp',
    '[1,mpirank:0,algo-1]<stderr>:Num processes: 8',
    '[1,mpirank:0,algo-1]<stderr>:Process index: 0',
    '[1,mpirank:0,algo-1]<stderr>:Local process index: 0',
    '[1,mpirank:0,algo-1]<stderr>:Device: cuda:0',
    '[1,mpirank:0,algo-1]<stderr>:',
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:31 - INFO - __main__ - ***** Running training ***'
    '**',
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:31 - INFO - __main__ -   Num examples = 10000',
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:31 - INFO - __main__ -   Num Epochs = 1',
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:31 - INFO - __main__ -   Instantaneous batch size'
    ' per device = 16',
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:31 - INFO - __main__ -   Total train batch size ('
    'w. parallel, distributed & accumulation) = 128',
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:31 - INFO - __main__ -   Gradient Accumulation st'
    'eps = 1',
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:31 - INFO - __main__ -   Total optimization steps'
    ' = 79',
    '[1,mpirank:0,algo-1]<stderr>:#015100%|██████████| 79/79 [00:19<00:00,  4.79it/s]',
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:50 - INFO - __main__ - Epoch 0 training took 19.5'
    '0162172317505 seconds',
]


def test_an_accelerate_no_trainer_scripts_copy_of_the_trainers_header_is_accelerates(tmp_path: Path) -> None:
    """pacman100's Accelerate example on SageMaker (smddp, 8 ranks; rank 0's lines): Accelerate's
    state (`Distributed environment: MULTI_GPU  Backend: smddp`), the Trainer's header under the
    script's own logger (`- __main__ - ***** Running training *****`), the bar at 79 of 79 steps:
    read as the Trainer's log is, its rows Accelerate's."""
    parser, steps, _ = _read(tmp_path, ACCELERATE_NO_TRAINER_SMDDP)
    assert parser == "hf_trainer"
    assert [(s["step"], s["framework"]) for s in steps] == [(79, "accelerate")]
    assert steps[0]["step_time_s"] == pytest.approx(1 / 4.79)


SETFIT_TERMINAL = [
    '***** Running training *****',
    '  Num unique pairs = 544',
    '  Batch size = 8',
    '  Num epochs = 50',
    '  Total optimization steps = 3400',
    '  0%|                                                                                          '
    ' | 0/3400 [00:00<?, ?it/s]',
    "{'embedding_loss': 0.2744, 'learning_rate': 5.882352941176471e-08, 'epoch': 0.01}              "
    ' | 0/3400 [00:00<?, ?it/s]',
    "{'embedding_loss': 0.2109, 'learning_rate': 2.9411764705882355e-06, 'epoch': 0.74}             "
    '                          ',
    "{'embedding_loss': 0.0059, 'learning_rate': 5.882352941176471e-06, 'epoch': 1.47}              "
    '                          ',
    "{'embedding_loss': 0.0004, 'learning_rate': 8.823529411764707e-06, 'epoch': 2.21}              "
    '                          ',
    "{'embedding_loss': 0.0, 'learning_rate': 3.267973856209151e-07, 'epoch': 49.26}                "
    '                          ',
    "{'embedding_loss': 0.0, 'learning_rate': 0.0, 'epoch': 50.0}                                   "
    '                          ',
    "{'train_runtime': 1281.6253, 'train_samples_per_second': 21.223, 'train_steps_per_second': 2.65"
    "3, 'epoch': 50.0}         ",
    '100%|████████████████████████████████████████████████████████████████████████████████| 3400/340'
    '0 [21:21<00:00,  2.65it/s]',
]


def test_setfits_embedding_loss_dicts_placed_by_their_epoch(tmp_path: Path) -> None:
    """SetFit 1.x in a terminal (its README-style run: 50 epochs, 3400 steps): `{'embedding_loss':
    ..., 'learning_rate': ..., 'epoch': 0.74}` is a training log, its loss the embedding loss; the
    bar was drawn once at 0 before them and once at the end, so each dict's step is its epoch x
    3400 / 50 (the header's), and the last step's time the bar's rate."""
    parser, steps, _ = _read(tmp_path, SETFIT_TERMINAL)
    assert parser == "hf_trainer"
    dicts = [ast.literal_eval(text[:text.index("}") + 1]) for text in SETFIT_TERMINAL if text.startswith("{'embedding_loss'")]
    assert [(s["step"], s["loss"]) for s in steps] == [
        (round(d["epoch"] * 3400 / 50), d["embedding_loss"]) for d in dicts]
    assert [s["step_time_s"] for s in steps][-1] == pytest.approx(1 / 2.65)


KERAS_EARLY_STOPPING = [
    'Epoch 40/75',
    '1405/1406 [============================>.] - ETA: 0s - loss: 1.9140 - accuracy: 0.6468Restoring'
    ' model weights from the end of the best epoch.',
    '1406/1406 [==============================] - 722s 513ms/step - loss: 1.9140 - accuracy: 0.6467 '
    '- val_loss: 3.0057 - val_accuracy: 0.4545',
    'Epoch 00040: early stopping',
    'Took time:  08:03:29',
]

LIGHTNING_EARLY_STOPPING_GLUED = [
    'Epoch 3: 100%|████████████████████████████████████████▉| 1560/1563 [00:22<00:00, 68.26it/s, los'
    's=1.1, v_num=1]Monitored metric val_loss did not improve in the last 3 records. Best score: 1.3'
    '49. Signaling Trainer to stop.',
    'Epoch 3: 100%|█████████████████████████████████████████| 1563/1563 [00:22<00:00, 68.18it/s, los'
    's=1.1, v_num=1]',
    '',
]

DETECTRON2_EXCEPTION = [
    '[12/20 18:16:09 d2.utils.events]:  eta: 19:46:55  iter: 4959  total_loss: 10.31  loss_ce: 0.851'
    '4  loss_bbox: 0.3865  loss_giou: 0.4012  loss_ce_0: 0.902  loss_bbox_0: 0.4758  loss_giou_0: 0.'
    '4936  loss_ce_1: 0.8713  loss_bbox_1: 0.4325  loss_giou_1: 0.4167  loss_ce_2: 0.8526  loss_bbox'
    '_2: 0.4106  loss_giou_2: 0.4151  loss_ce_3: 0.8237  loss_bbox_3: 0.409  loss_giou_3: 0.391  los'
    's_ce_4: 0.8287  loss_bbox_4: 0.4046  loss_giou_4: 0.4085  time: 0.2815  data_time: 0.0115  lr: '
    '2.5e-05  max_mem: 5418M',
    '[12/20 18:16:14 d2.utils.events]:  eta: 19:46:57  iter: 4979  total_loss: 9.924  loss_ce: 0.797'
    '4  loss_bbox: 0.3912  loss_giou: 0.3875  loss_ce_0: 0.8377  loss_bbox_0: 0.4803  loss_giou_0: 0'
    '.448  loss_ce_1: 0.8489  loss_bbox_1: 0.3942  loss_giou_1: 0.3934  loss_ce_2: 0.8181  loss_bbox'
    '_2: 0.4009  loss_giou_2: 0.3799  loss_ce_3: 0.7867  loss_bbox_3: 0.3836  loss_giou_3: 0.38  los'
    's_ce_4: 0.7726  loss_bbox_4: 0.3905  loss_giou_4: 0.3784  time: 0.2814  data_time: 0.0108  lr: '
    '2.5e-05  max_mem: 5418M',
    '[12/20 18:16:20 fvcore.common.checkpoint]: Saving checkpoint to ./output/model_0004999.pth',
    'ERROR [12/20 18:16:20 d2.engine.train_loop]: Exception during training:',
]

LIGHTNING_FIT_STOPPED_ALONE = [
    '[W reducer.cpp:1300] Warning: find_unused_parameters=True was specified in DDP constructor, but'
    ' did not find any unused parameters in the forward pass. This flag results in an extra traversa'
    'l of the autograd graph every iteration, which can adversely affect performance. If your model '
    'indeed never has any unused parameters in the forward pass, consider turning this flag off. Not'
    'e that this warning may be a false positive if your model has flow control causing later iterat'
    'ions to have unused parameters. (function operator())',
    '`Trainer.fit` stopped: `max_epochs=5` reached.',
]


def test_early_stopping_ends_the_run_cleanly(tmp_path: Path) -> None:
    """Keras' EarlyStopping (`Epoch 00040: early stopping`, a ResNet-50 on Tiny ImageNet) and
    Lightning's, glued to the bar's drawing (`..., v_num=1]Monitored metric val_loss did not
    improve in the last 3 records. Best score: 1.349. Signaling Trainer to stop.`): the run's end."""
    _, _, events = _read(tmp_path, KERAS_EARLY_STOPPING)
    stop = next(n for n, text in enumerate(KERAS_EARLY_STOPPING, 1) if "early stopping" in text)
    assert [(e["kind"], e["line"], e["detail"]) for e in events] == [("attempt_end", stop, "early stopping")]
    parser, _, events = _read(tmp_path, LIGHTNING_EARLY_STOPPING_GLUED)
    signal = next(n for n, text in enumerate(LIGHTNING_EARLY_STOPPING_GLUED, 1) if "Signaling Trainer to stop" in text)
    assert parser == "lightning"
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", signal)]


def test_detectron2s_exception_during_training_is_a_crash_its_steps_detectron2s(tmp_path: Path) -> None:
    """DiffusionDet issue 39: detectron2's event lines (`[12/20 18:16:09 d2.utils.events]:  eta: ...
    iter: 4959 ...`), its checkpointer's save, then `ERROR [...d2.engine.train_loop]: Exception
    during training:` (its traceback cut from the paste): a crash, the steps detectron2's."""
    _, steps, events = _read(tmp_path, DETECTRON2_EXCEPTION)
    assert [(s["step"], s["framework"]) for s in steps] == [(4959, "detectron2"), (4979, "detectron2")]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [("crash", 4)]


def test_lightnings_fit_stopped_line_alone_is_lightnings_log(tmp_path: Path) -> None:
    """A Slurm job's error file of a Lightning DDP run that went well: DDP's reducer warning and
    `Trainer.fit` stopped: `max_epochs=5` reached.`: Lightning's log, ended cleanly."""
    parser, steps, events = _read(tmp_path, LIGHTNING_FIT_STOPPED_ALONE)
    assert parser == "lightning" and steps == []
    assert [(e["kind"], e["line"]) for e in events] == [("attempt_end", 2)]


MS_SWIFT_GLOBAL_STEP_DICTS = [
    "{'loss': 0.86012192, 'acc': 0.77332544, 'grad_norm': 0.27813789, 'learning_rate': 8.43e-06, 'ep"
    "och': 0.73, 'global_step': 735}",
    "{'loss': 0.88135662, 'acc': 0.76727462, 'grad_norm': 0.42908424, 'learning_rate': 8.41e-06, 'ep"
    "och': 0.73, 'global_step': 740}",
]

PADDLENLP_SPEED = [
    '[2022-11-25 20:51:55,559] [    INFO] - global step 10, epoch: 1, loss: 0.00290, speed: 1.86 ste'
    'p/s',
    '[2022-11-25 20:52:00,186] [    INFO] - global step 20, epoch: 2, loss: 0.00232, speed: 2.16 ste'
    'p/s',
    '[2022-11-25 20:52:04,843] [    INFO] - global step 30, epoch: 3, loss: 0.00194, speed: 2.15 ste'
    'p/s',
]

MINDFORMERS_OVER = [
    '[INFO] 2023-07-11 10:47:36,427 [/root/workspace/code/mindformers/scripts/mf_parallel1/mindforme'
    'rs/core/callback/callback.py:269] print_output_info: Epoch:[  1/  1], step:[    4/  125], loss:'
    '[2.244/2.244], time:507844.205 ms, lr:[0.], overflow cond: True, loss_scale: 268435460.0',
    '[INFO] 2023-07-11 10:47:44,861 [/root/workspace/code/mindformers/scripts/mf_parallel1/mindforme'
    'rs/core/callback/callback.py:269] print_output_info: Epoch:[  1/  1], step:[    8/  125], loss:'
    '[2.499/2.499], time:7480.938 ms, lr:[0.], overflow cond: True, loss_scale: 16777216.0',
    '[INFO] 2023-07-11 10:49:26,307 [/root/workspace/code/mindformers/scripts/mf_parallel1/mindforme'
    'rs/trainer/base_trainer.py:616] training_process: .........Training Over!.............',
]


def test_ms_swifts_global_step_key_is_the_dicts_step(tmp_path: Path) -> None:
    """modelscope/ms-swift issue 591: `{'loss': 0.86..., ..., 'epoch': 0.73, 'global_step': 735}`:
    the dict names its step."""
    _, steps, _ = _read(tmp_path, MS_SWIFT_GLOBAL_STEP_DICTS)
    assert [(s["step"], s["loss"]) for s in steps] == [(735, 0.86012192), (740, 0.88135662)]


def test_paddlenlps_speed_in_steps_a_second_is_the_steps_time(tmp_path: Path) -> None:
    """PaddleNLP's UIE fine-tuning: `global step 10, epoch: 1, loss: 0.00290, speed: 1.86 step/s`:
    1 / 1.86 s a step over the interval."""
    _, steps, _ = _read(tmp_path, PADDLENLP_SPEED)
    speeds = [float(text.rsplit("speed: ", 1)[1].split()[0]) for text in PADDLENLP_SPEED]
    counters = [int(text.split("global step ")[1].split(",")[0]) for text in PADDLENLP_SPEED]
    assert [(s["step"], s["step_time_s"]) for s in steps] == [
        (n, pytest.approx(1 / v)) for n, v in zip(counters, speeds, strict=True)]


def test_mindformers_training_over_ends_the_run(tmp_path: Path) -> None:
    """MindFormers (ChatGLM-6B on 8 Ascend NPUs): `training_process: .........Training Over!....` after
    its step lines is the run's clean end."""
    _, steps, events = _read(tmp_path, MINDFORMERS_OVER)
    assert [s["step"] for s in steps] == [4, 8]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", 3)]


def test_torchtunes_metric_logger_lines_name_torchtune(tmp_path: Path) -> None:
    """torchtune's metric loggers' `log_dict` lines (pytorch/torchtune pull request 640, its first 3; each
    line ends with a space as logged): `Step 0 | loss:1.75... lr:2e-05 gpu_resources:...`, steps
    of torchtune."""
    lines = [
        'Step 0 | loss:1.7535516023635864 lr:2e-05 gpu_resources:13708965376 ',
        'Step 1 | loss:1.5729001760482788 lr:2e-05 gpu_resources:40627453440 ',
        'Step 2 | loss:0.9040272831916809 lr:2e-05 gpu_resources:40708667904 ',
    ]
    _, steps, _ = _read(tmp_path, lines)
    printed = [(int(m.group(1)), float(m.group(2))) for t in lines if (m := re.match(r"Step (\d+) \| loss:([\d.]+) ", t))]
    assert len(printed) == 3
    assert [(s["step"], s["loss"], s["framework"]) for s in steps] == [(step, loss, "torchtune") for step, loss in printed]


def test_a_bar_a_traceback_through_the_hf_trainer_stopped_is_the_trainers(tmp_path: Path) -> None:
    """LLaMA-Factory issue 8868 (its first 12 lines): a bare bar's reading (`9/352 [40:55<25:10:16,
    264.19s/it]`) glued to rank 1's traceback through `transformers/trainer.py", line 2237, in
    train`: the step is 9, of the HF Trainer, and a crash."""
    lines = [
        '  3%|▎         | 9/352 [40:55<25:10:16, 264.19s/it][rank1]: Traceback (most recent call last):',
        '[rank1]:   File'
        ' "/root/data5/caohanyu/cause/cause/lora_qwen-vl-0418/LLaMA-Factory-main/src/llamafactory/launcher.py'
        '", line 23, in <module>',
        '[rank1]:     launch()',
        '[rank1]:   File'
        ' "/root/data5/caohanyu/cause/cause/lora_qwen-vl-0418/LLaMA-Factory-main/src/llamafactory/launcher.py'
        '", line 19, in launch',
        '[rank1]:     run_exp()',
        '[rank1]:   File'
        ' "/root/data5/caohanyu/cause/cause/lora_qwen-vl-0418/LLaMA-Factory-main/src/llamafactory/train/tuner'
        '.py", line 110, in run_exp',
        '[rank1]:     _training_function(config={"args": args, "callbacks": callbacks})',
        '[rank1]:   File'
        ' "/root/data5/caohanyu/cause/cause/lora_qwen-vl-0418/LLaMA-Factory-main/src/llamafactory/train/tuner'
        '.py", line 72, in _training_function',
        '[rank1]:     run_sft(model_args, data_args, training_args, finetuning_args, generating_args,'
        ' callbacks)',
        '[rank1]:   File'
        ' "/root/data5/caohanyu/cause/cause/lora_qwen-vl-0418/LLaMA-Factory-main/src/llamafactory/train/sft/w'
        'orkflow.py", line 96, in run_sft',
        '[rank1]:     train_result ='
        ' trainer.train(resume_from_checkpoint=training_args.resume_from_checkpoint)',
        '[rank1]:   File "/conda/envs/llama-fcatory/lib/python3.10/site-packages/transformers/trainer.py",'
        ' line 2237, in train',
    ]
    _, steps, events = _read(tmp_path, lines)
    assert [(s["step"], s["framework"]) for s in steps] == [(9, "hf_trainer")]
    assert [e["kind"] for e in events if e["kind"] == "crash"] == ["crash"]


def test_a_bar_rate_held_up_by_a_long_first_step_gives_way_to_the_bars_clock(tmp_path: Path) -> None:
    """torchtune on two Slurm nodes (nebius/ml-cookbook @ 67eff4cc, slurm-recipes/torchtune/README.md,
    its expected output, trailing blanks kept): step 1 took the bar's first 04:24 (264.86 s/it);
    tqdm's moving average still shows 131.58 s/it at step 2, drawn at 05:03, 39 s of the bar's
    clock later, and 72.15 s/it at step 3, at 05:04. Step 2's time is the clock's 39 s; step 3's,
    under two seconds of a whole-second clock, is unknown, not 72.15 s."""
    lines = [
        "  0%|          | 1/1367 [04:24<100:30:01, 264.86s/it]",
        "1|1|Loss: 1.849762201309204:   0%|          | 1/1367 [04:24<100:30:01, 264.86s/it]",
        "1|1|Loss: 1.849762201309204:   0%|          | 2/1367 [05:03<49:53:19, 131.58s/it] ",
        "1|2|Loss: 1.2548030614852905:   0%|          | 2/1367 [05:03<49:53:19, 131.58s/it]",
        "1|2|Loss: 1.2548030614852905:   0%|          | 3/1367 [05:04<27:20:19, 72.15s/it] ",
    ]
    _, steps, _ = _read(tmp_path, lines)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(1, 264.86), (2, (5 * 60 + 3) - (4 * 60 + 24)), (3, None)]



def test_a_bare_bars_redraws_on_one_line_are_each_a_step(tmp_path: Path) -> None:
    """A GRPO run's terminal copy (JuncyLu/trl_DAPO @ f0cbd71c, training_logs/20251022_120051/
    run_terminal.md, lines 6-10 of its text block) keeps the bar's redraws on one line, the carriage
    returns between them gone, then the traceback of the interrupt: steps 1..6, each a redraw, each
    timed by its rate, but where tqdm's moving average still carries step 1's 19.2 s: step 2's 11.58 s/it,
    drawn 6 s of the bar's clock after step 1 (00:19 to 00:25), is the clock's 6 s; step 3's 10.68 s/it stands
    over a quarter above the clock's 17 s at most for the 2 steps since step 1 (00:19 to 00:35, to its second:
    8.5 s), after a first step over twice as long: the clock's 10 s (00:25 to 00:35); steps 4-6 its rate
    (8.91 s/it against 23 s for 3 steps since step 1, 7.67 s, within a quarter)."""
    _, steps, _ = _read(tmp_path, GRPO_TERMINAL)
    drawn = [(int(m.group(1)), int(m.group(2)) * 60 + int(m.group(3)), float(m.group(4)))
             for m in re.finditer(r"(\d)/29790 \[(\d\d):(\d\d)<[\d:]+, +([\d.]+)s/it\]", GRPO_TERMINAL[0])]
    assert [n for n, _, _ in drawn] == list(range(1, 7))
    clock = {n: at for n, at, _ in drawn}
    assert [(s["step"], s["step_time_s"]) for s in steps] == [
        (n, clock[n] - clock[n - 1] if n in (2, 3) else rate) for n, _, rate in drawn]
    assert [s["step_time_s"] for s in steps[:3]] == [19.2, 6, 10]


GRPO_TERMINAL = [
    ('  0%|          | 0/29790 [00:00<?, ?it/s]  0%|          | 1/29790 [00:19<158:51:28, 19.20s/it]  0%| '
     '         | 2/29790 [00:25<95:48:39, 11.58s/it]   0%|          | 3/29790 [00:35<88:20:56, 10.68s/it] '
     ' 0%|          | 4/29790 [00:41<73:44:54,  8.91s/it]  0%|          | 5/29790 [00:49<72:00:28,  8.70s/'
     'it]  0%|          | 6/29790 [00:55<64:07:56,  7.75s/it]Traceback (most recent call last):'),
    '  File "/home/lujunxi57/trl/examples/scripts/grpo_vlm.py", line 660, in <module>',
    '    trainer.train()',
    ('  File "/home/lujunxi57/miniconda3/envs/trl/lib/python3.11/site-packages/transformers/trainer.py", l'
     'ine 2325, in train'),
    '    return inner_training_loop(',
]



# MindFormers' step lines (mindspore-ai/docs @ 075dcfb2, docs/mindformers/docs/source_en/feature/
# high_availability.md, a worker's log grepped for `Epoch:`; @ 1805bc90,
# .../skip_data_and_ckpt_health_monitor.md, its second log block, a list's indent removed)
MINDFORMERS_STEPS = [
    ('2025-04-07 15:34:27,308 - [mindformers/core/callback/callback.py:529] - INFO - { Epoch:[  1/  2], st'
     'ep:[    1/   19], loss: 10.649, per_step_time: 103328ms, lr: 0.0, overflow cond: False, loss_scale: '
     '1.0, global_norm: [1 31049], train_throughput_per_npu: 2.896T'),
    ('2025-04-07 15:34:29,173 - [mindformers/core/callback/callback.py:529] - INFO - { Epoch:[  1/  2], st'
     'ep:[    2/   19], loss: 10.633, per_step_time: 1752ms, lr: 1e-05, overflow cond: False, loss_scale: '
     '1.0, global_norm: [1 508834], train_throughput_per_npu: 170.738T'),
    ('2025-04-07 15:34:30,941 - [mindformers/core/callback/callback.py:529] - INFO - { Epoch:[  1/  2], st'
     'ep:[    3/   19], loss: 9.673, per_step_time: 1754ms, lr: 9.981987e-06, overflow cond: False, loss_s'
     'cale: 1.0, global_norm [10.579812], train_throughput_per_npu: 170.523T'),
]
MINDFORMERS_ONE_STEP = [
    ('- INFO - { Epoch:[  1/  2], step:[    2/ 6500], loss: 0.000, per_step_time: 7637ms, lr: 0.0, overflo'
     'w cond: False, loss_scale: 1.0, global_norm: [47.329006], train_throughput_per_npu: 62.211T'),
    '- INFO -    0.0% |                                                  | 0.00600 samples/s/p  25 days, 2:07:47 }',
    '- INFO - opt_global_step: 0, skip_data_grad_norm_threshold: 3.0, is_skip: [ True]',
    ('ValueError: Current global norm [47.329006] of step 2 has been 2 consecutive times greater than thre'
     'shold 3.0, stop training...'),
]


@pytest.mark.parametrize("lines", [MINDFORMERS_STEPS, MINDFORMERS_ONE_STEP], ids=["steps", "one_step"])
def test_mindformers_step_lines_and_their_own_step_time(tmp_path: Path, lines: list[str]) -> None:
    """`{ Epoch:[  1/  2], step:[    2/   19], loss: 10.633, per_step_time: 1752ms, ...`: the step, its
    time the line's `per_step_time`; one such line is enough to read the log (a run stopped at its
    second step)."""
    _, steps, _ = _read(tmp_path, lines)
    want = [(int(m.group(1)), int(m.group(2)) / 1000) for t in lines
            if (m := re.search(r"step:\[\s*(\d+)/\s*\d+\], loss: [\d.]+, per_step_time: (\d+)ms", t))]
    assert want and [(s["step"], s["step_time_s"]) for s in steps] == want
    assert {s["framework"] for s in steps} == {"mindformers"}



# torchtune's full fine-tune under Kubeflow's trainer (kubeflow/website @ d2942cac, content/en/docs/
# components/trainer/user-guides/builtin-trainer/torchtune.md, its training node's output: lines 7-8, 21-27)
TORCHTUNE_KUBEFLOW = [
    ('INFO:torchtune.utils._logging:Distributed training is enabled. Instantiating model and loading check'
     'point on Rank 0 ...'),
    'INFO:torchtune.utils._logging:Instantiating model and loading checkpoint took 17.31 secs',
    ('1|1625|Loss: 1.5839784145355225: 100%|██████████| 1625/1625 [21:54<00:00,  1.23it/s]INFO:torchtune.u'
     'tils._logging:Saving checkpoint. This may take some time. Retrieving full model state dict...'),
    'INFO:torchtune.utils._logging:Getting full model state dict took 1.69 secs',
    ('INFO:torchtune.utils._logging:Model checkpoint of size 2.30 GiB saved to /workspace/output/epoch_0/m'
     'odel-00001-of-00001.safetensors'),
    'INFO:torchtune.utils._logging:Saving final epoch checkpoint.',
    ('INFO:torchtune.utils._logging:The full model checkpoint, including all weights and configurations, h'
     'as been saved successfully.You can now use this checkpoint for further training or inference.'),
    'INFO:torchtune.utils._logging:Saving checkpoint took 6.64 secs',
    '1|1625|Loss: 1.5839784145355225: 100%|██████████| 1625/1625 [22:01<00:00,  1.23it/s]',
]


def test_torchtunes_timed_checkpoint_load_and_save_end_them(tmp_path: Path) -> None:
    """`Instantiating model and loading checkpoint took 17.31 secs` ends a load, `Saving checkpoint
    took 6.64 secs` a save, each with its seconds (not the start of another)."""
    _, _, events = _read(tmp_path, TORCHTUNE_KUBEFLOW)
    timed = {(n, float(m.group(2))) for n, t in enumerate(TORCHTUNE_KUBEFLOW, 1)
             if (m := re.search(r"(loading|Saving) checkpoint took ([\d.]+) secs", t))}
    assert {(e["line"], e["duration_s"]) for e in events if e["kind"] in ("checkpoint_load_end", "checkpoint_save_end")} == timed
    assert not [e for e in events if e["kind"] in ("checkpoint_load_start", "checkpoint_save_start")
                and (e["line"], e["duration_s"]) in {(n, None) for n, _ in timed}]


# torchtune on Ascend NPUs in PyTorch's blog post "Integrating Ascend Backend with Torchtune through PyTorch
# Multi-Device Support" (index id 50438889867, its log block's lines 20-29): a save of four files, no timing line
TORCHTUNE_ASCEND = [
    'INFO:torchtune.utils._logging:Optimizer is initialized.',
    'INFO:torchtune.utils._logging:Loss is initialized.',
    '……',
    ('NFO:torchtune.utils._logging:Model checkpoint of size 4.98 GB saved to /home/lcg/tmp/torchtune/ascend_llama/hf_model_0'
     '001_9.pt'),
    ('INFO:torchtune.utils._logging:Model checkpoint of size 5.00 GB saved to /home/lcg/tmp/torchtune/ascend_llama/hf_model_'
     '0002_9.pt'),
    ('INFO:torchtune.utils._logging:Model checkpoint of size 4.92 GB saved to /home/lcg/tmp/torchtune/ascend_llama/hf_model_'
     '0003_9.pt'),
    ('INFO:torchtune.utils._logging:Model checkpoint of size 1.17 GB saved to /home/lcg/tmp/torchtune/ascend_llama/hf_model_'
     '0004_9.pt'),
    'INFO:torchtune.utils._logging:Saving final epoch checkpoint.',
    ('INFO:torchtune.utils._logging:The full model checkpoint, including all weights and configurations, has been saved succ'
     'essfully.You can now use this checkpoint for further training or inference.'),
    '10|20|Loss: 0.2997712790966034: 100%|██████████████████████████████| 2/2 [01:00<00:00, 30.03s/it]',
]


def test_torchtunes_files_of_one_save_are_one_save_ended_by_the_last(tmp_path: Path) -> None:
    """`Model checkpoint of size 4.98 GB saved to .../hf_model_0001_9.pt` and three more files, no step
    between: one save, ended at its last file's line (no event at all before: the older checkpointer
    prints no `Saving checkpoint took`)."""
    _, _, events = _read(tmp_path, TORCHTUNE_ASCEND)
    files = [n for n, t in enumerate(TORCHTUNE_ASCEND, 1) if re.search(r"Model checkpoint of size [\d.]+ GB saved to ", t)]
    assert len(files) == 4
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [("checkpoint_save_end", files[-1])]


# sd-scripts' LoRA trainer in the anima_lora fork, its rich console (index id 53766953367, lines 16-32): the
# steps bar at its half, then an epoch's validation bar whose description a copy half overwrote
SD_SCRIPTS_VALIDATION = [
    '  num reg images / 正則化画像の数: 0',
    '  num batches per epoch / 1epochのバッチ数: 81',
    '  num epochs / epoch数: 2',
    '  batch size per device / バッチサイズ: 2',
    '  gradient accumulation steps / 勾配を合計するステップ数 = 1',
    '  total optimization steps / 学習ステップ数: 162',
    '2026-04-03 11:35:34 INFO     text_encoder is not needed for training. deleting to save memory.           '
    '                               train.py:1980',
    '                    INFO     unet dtype: torch.bfloat16, device: cuda:0                                  '
    '                               train.py:2018',
    'steps:   0%|                                                                                             '
    '                    | 0/162 [00:00<?, ?it/s]',
    'epoch 1/2',
    '',
    '2026-04-03 11:35:35 INFO     epoch is incremented. current_epoch: 0, epoch: 1                            '
    '                                 base.py:175',
    '2026-04-03 11:35:35 INFO     epoch is incremented. current_epoch: 0, epoch: 1                            '
    '                                 base.py:175',
    'steps:  50%|███████████████████████████████████████████▌                                           | 81/1'
    '62 [07:26<07:26,  5.51s/it, avr_loss=0.08692026-04-03 11:43:01 INFO     epoch is incremented. current_epo'
    'ch: 0, epoch: 1                                                             base.py:175]',
    '2026-04-03 11:43:01 INFO     epoch is incremented. current_epoch: 0, epoch: 1                            '
    '                                 base.py:175',
    '',
    'epoch 2/2idation steps: 100%|██████████████████████████████████████████████████| 88/88 [02:05<00:00,  1.4'
    '2s/it, val_epoch_avg_loss=0.208, sigma=0.35]',
]


def test_a_bar_whose_postfix_opens_with_a_validation_metric_is_no_step(tmp_path: Path) -> None:
    """`epoch 2/2idation steps: 100%|...| 88/88 [02:05<00:00,  1.42s/it, val_epoch_avg_loss=0.208, ...]`
    is the validation's bar (its first metric a validation's): no step 2 x 88; the steps bar's 81 is."""
    _, steps, _ = _read(tmp_path, SD_SCRIPTS_VALIDATION, parser_name="generic_log")
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(81, 5.51)]


def test_nemo2s_tflops_per_gpu_is_the_steps(tmp_path: Path) -> None:
    """NeMo 2's Llama 3 8B pretraining recipe on B200s (a notes file, index id 39769813321): its
    progress printer's `... | train_step_timing in s: 6.08 | TFLOPS_per_GPU: 1.249e+03 | ...` gives the
    step's TFLOP/s per GPU (it was dropped: only Megatron's `throughput per GPU (TFLOP/s/GPU)` was read)."""
    lines = [
        ('Training epoch 0, iteration 45/99 | lr: 6.897e-06 | global_batch_size: 128 | global_step: 45 | max_memory_reserved'
         ': 127785762816 | max_memory_allocated: 115792977920 | reduced_train_loss: 11.96 | train_step_timing in s: 6.08 | T'
         'FLOPS_per_GPU: 1.249e+03 | consumed_samples: 5888'),
        ('Training epoch 0, iteration 46/99 | lr: 7.046e-06 | global_batch_size: 128 | global_step: 46 | max_memory_reserved'
         ': 127785762816 | max_memory_allocated: 115792977920 | reduced_train_loss: 11.96 | train_step_timing in s: 6.061 | '
         'TFLOPS_per_GPU: 1.252e+03 | consumed_samples: 6016'),
        ('Training epoch 0, iteration 47/99 | lr: 7.196e-06 | global_batch_size: 128 | global_step: 47 | max_memory_reserved'
         ': 127785762816 | max_memory_allocated: 115792977920 | reduced_train_loss: 11.96 | train_step_timing in s: 6.082 | '
         'TFLOPS_per_GPU: 1.248e+03 | consumed_samples: 6144'),
        ('Training epoch 0, iteration 48/99 | lr: 7.346e-06 | global_batch_size: 128 | global_step: 48 | max_memory_reserved'
         ': 127785762816 | max_memory_allocated: 115792977920 | reduced_train_loss: 11.96 | train_step_timing in s: 6.071 | '
         'TFLOPS_per_GPU: 1.25e+03 | consumed_samples: 6272'),
        ('Training epoch 0, iteration 49/99 | lr: 7.496e-06 | global_batch_size: 128 | global_step: 49 | max_memory_reserved'
         ': 127785762816 | max_memory_allocated: 115792977920 | reduced_train_loss: 11.96 | train_step_timing in s: 6.06 | T'
         'FLOPS_per_GPU: 1.253e+03 | consumed_samples: 6400'),
    ]
    _, steps, _ = _read(tmp_path, lines)
    printed = [(int(m.group(1)), float(m.group(2))) for t in lines
               if (m := re.search(r"global_step: (\d+) .*TFLOPS_per_GPU: ([\d.e+]+)", t))]
    assert [(s["step"], s["tflops"]) for s in steps] == printed


# A MindSpore YOLOv5 port's README (LuoJiaNET, its 1p training section: `grep "loss:" log.txt`, lines 2-3):
# each line's `per step time` in milliseconds, glued to its unit
MINDSPORE_YOLO = [
    "2023-01-10 09:57:08,545:INFO:epoch[1], iter[1], loss:7776.806641, fps:0.95 imgs/sec, lr:1.0638297680998221e-05, per st"
    "ep time: 270274.2323875427ms",
    "2023-01-10 09:59:21,231:INFO:epoch[2], iter[1], loss:723.615182, fps:181.37 imgs/sec, lr:1.0638297680998221e-05, per "
    "step time: 1411.4941028838462ms",
]


def test_a_per_step_time_glued_to_its_milliseconds_is_the_steps_time(tmp_path: Path) -> None:
    """`per step time: 270274.2323875427ms`: the step took 270.27 s (graph compilation), the next 1.41 s."""
    _, steps, _ = _read(tmp_path, MINDSPORE_YOLO)
    printed = [float(m.group(1)) / 1000 for t in MINDSPORE_YOLO if (m := re.search(r"per step time: ([\d.]+)ms", t))]
    assert len(printed) == 2
    assert [s["step_time_s"] for s in steps] == [pytest.approx(v) for v in printed]


# A Lightning run's terminal log whose Python logging names the month (`datefmt="%Y-%b-%d %H:%M:%S"`)
# (github.com/PavloOps/pytorch_lightning_practice @ 033314fcb1f129d2c6c7e662eabf2e8351608c06 :
# lab_2_3_trainer/terminal_logs/second_run_terminal_log.txt, lines 1-9 and 503-509)
LIGHTNING_NAMED_MONTH = [
    '[2025-Mar-13 13:56:50] INFO: Convolutional Neural Network Architecture is:',
    '[2025-Mar-13 13:56:50] INFO: Augmentation params are: AugmentationConfig(normalize_mean=15'
    '9.0, normalize_std=40.0, random_horizontal_flip_p=0.1, random_rotation_degrees=(-180, 180)'
    ', random_rotation_p=0.2)',
    'Seed set to 2025',
    'GPU available: False, used: False',
    'TPU available: False, using: 0 TPU cores',
    'HPU available: False, using: 0 HPUs',
    '[2025-Mar-13 13:56:50] INFO: Train file already downloaded.',
    '[2025-Mar-13 13:56:50] INFO: Test file already downloaded.',
    '[2025-Mar-13 13:56:51] INFO: Train and validation are loaded to RAM.',
    'Epoch 19: 100%|██████████| 172/172 [00:53<00:00,  3.22it/s, v_num=4, train/loss_step=0.355'
    ', train/fbeta_step=0.868, train/roc_auc_step=0.957, train/fdr_step=0.159, train/loss_epoch'
    '=0.349, train/fbeta_epoch=0.889, train/roc_auc_epoch=0.952, train/fdr_epoch=0.160, valid/l'
    'oss=0.00847, valid/fbeta=1.000, valid/roc_auc=0.956, valid/fdr=0.00931]',
    '`Trainer.fit` stopped: `max_epochs=20` reached.',
    'Seed set to 2025',
    '[2025-Mar-13 14:11:02] INFO: Used model: saved_models\\epoch=19-step=3440-v2.ckpt',
    '[2025-Mar-13 14:11:03] INFO: Test is loaded to RAM.',
    '[2025-Mar-13 14:11:18] INFO: Fact: 21, Prediction: 21',
    '[2025-Mar-13 14:11:19] INFO: Process finished successfully.',
]


def test_a_date_that_names_its_month_between_year_and_day_dates_its_line(tmp_path: Path) -> None:
    """`[2025-Mar-13 13:56:50] INFO: ...`: each such line is dated as `%Y-%b-%d %H:%M:%S` reads it (none was: the run's
    start and end were read from the file's mtime and its bars), and the run starts at its first."""
    dated = [(n, datetime.strptime(t[1:21], "%Y-%b-%d %H:%M:%S").replace(tzinfo=UTC))
             for n, t in enumerate(LIGHTNING_NAMED_MONTH, start=1) if re.match(r"\[\d{4}-[A-Z][a-z]{2}-\d\d ", t)]
    assert len(dated) == 9
    assert [parse_timestamp(LIGHTNING_NAMED_MONTH[n - 1]) for n, _ in dated] == [
        int(moment.timestamp()) * 10**9 for _, moment in dated]
    _, _, events = _read(tmp_path, LIGHTNING_NAMED_MONTH)
    assert [(e["line"], e["ts_ns"]) for e in events if e["kind"] == "attempt_start"] == [
        (dated[0][0], int(dated[0][1].timestamp()) * 10**9)]
