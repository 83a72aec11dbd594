"""More frameworks' step, checkpoint and end lines, quoted verbatim from public logs (the source of
each is cited): tiny inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_line_rules import _ns, _read


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
    them, where the HF reader found no step; the step's time is 1 / 0.947 s."""
    lines = [
        "                                                loss: 63.44315186, learning_rate: 0.0004646, global_step: 60, "
        "interval_runtime: 21.1135, interval_samples_per_second: 22.734, interval_steps_per_second: 0.947, epoch: 0.0072",
        "[2023-01-04 15:03:50,326] [    INFO] - Saving model checkpoint to output/eheath-pretraining/checkpoint-100",
    ]
    name, steps, events = _read(tmp_path, lines)
    assert name == "hf_trainer"
    assert [(s["step"], s["loss"], s["step_time_s"], s["framework"]) for s in steps] == [
        (60, 63.44315186, pytest.approx(1 / 0.947), "generic")]
    assert "checkpoint_save_start" in [e["kind"] for e in events]


def test_a_bar_whose_description_names_the_epoch_counts_its_batches(tmp_path: Path) -> None:
    """ColossalAI's example (a course README, index id 37907208851): one bar per epoch, `Epoch
    [1/80]: 100%|...| 500/500 [00:30<00:00, 16.32it/s, loss=1.39]`; epochs count from 1 (the last
    is 80/80): epoch 1's 500 batches are steps 1-500, its rate 1 / 16.32 s a batch. The bar's first
    drawing (0/500) is no step."""
    lines = [
        "Epoch [1/80]:   0%|          | 0/500 [00:00<?, ?it/s]",
        "Epoch [1/80]: 100%|██████████| 500/500 [00:30<00:00, 16.32it/s, loss=1.39]",
        "Epoch [2/80]: 100%|██████████| 500/500 [00:29<00:00, 17.11it/s, loss=1.18]",
        "Epoch [80/80]: 100%|██████████| 500/500 [00:33<00:00, 14.96it/s, loss=0.0355]",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [
        (500, pytest.approx(1 / 16.32)), (1000, pytest.approx(1 / 17.11)), (40000, pytest.approx(1 / 14.96))]


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


def test_an_hf_bar_whose_count_a_checkpoint_save_names_is_the_training_bar(tmp_path: Path) -> None:
    """axolotl (a fine-tuning blog's run output, index id 47237185595) prints no metric dict before
    its last bar, `1124/1124 [2:48:45<00:00, 16.34s/it]`, glued to `Saving model checkpoint to
    models/base/checkpoint-1124`: the save names the bar's count, so the bar is the training bar
    and step 1124 was done (a bar no dict and no save confirms could be an evaluation's)."""
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
    assert [(e["kind"], e["step"]) for e in events if e["kind"] == "checkpoint_save_start"] == [
        ("checkpoint_save_start", 1124)]
