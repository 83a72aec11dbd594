"""Logs from outside PyTorch's usual consoles (PaddlePaddle, MindSpore, JAX on TPU through MLPerf, nnU-Net, FuxiCTR, the
Time-Series-Library, a plain script's comma-separated fields): lines quoted verbatim from public files (each block's
source is cited above it), tiny inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.conftest import console_connection
from tests.test_line_rules import _read
from tracelens.parsers import detect, registry
from tracelens.parsers._io import read_head


def _ns(text: str, form: str) -> int:
    moment = datetime.strptime(text, form).replace(tzinfo=UTC)
    return int(moment.replace(microsecond=0).timestamp()) * 10**9 + moment.microsecond * 1000


# VinVL-Paddle's retrieval fine-tune, rank 0's worker log: its header states an epoch's iterations, its step lines count
# within their epoch (`step: [4400]` the last of epoch 1 it prints), a save after an epoch between its decoration
# (cattidea/VinVL-Paddle@78c15c4bd4832203d8509bfde2390f13b86445bf, log/workerlog.0, lines 64-70, 118-124, 142-146 and
# 1669-1670)
VINVL = [
    '02/13/2022 23:10:01 - INFO - ** ** ** Running training ** ** **',
    '02/13/2022 23:10:01 - INFO - Num Iters: 4425',
    '02/13/2022 23:10:01 - INFO - Batch Size: 128',
    '02/13/2022 23:10:01 - INFO - Accum Steps: 1',
    '02/13/2022 23:10:01 - INFO - Optim Steps: 132750',
    '02/13/2022 23:10:01 - INFO - =====> Start epoch 1:',
    '02/13/2022 23:10:02 - INFO - Loading line idx from data/model_0060000/features.lineidx',
    '02/13/2022 23:55:08 - INFO - Epoch: [1], step: [4100], lr: 0.000019, batch_loss: 0.0018, avg_loss: 0.0240',
    '02/13/2022 23:56:14 - INFO - Epoch: [1], step: [4200], lr: 0.000019, batch_loss: 0.0167, avg_loss: 0.0239',
    '02/13/2022 23:57:20 - INFO - Epoch: [1], step: [4300], lr: 0.000019, batch_loss: 0.0043, avg_loss: 0.0239',
    '02/13/2022 23:58:26 - INFO - Epoch: [1], step: [4400], lr: 0.000019, batch_loss: 0.0348, avg_loss: 0.0239',
    '02/13/2022 23:58:43 - INFO - ** ** Epoch [1] done! Training loss: 0.02386 ** **',
    '02/13/2022 23:58:43 - INFO - Loading line idx from data/model_0060000/features.lineidx',
    '02/13/2022 23:58:43 - INFO - Loading line idx from data/model_0060000/features.lineidx',
    '02/14/2022 00:00:47 - INFO - Epoch: [2], step: [100], lr: 0.000019, batch_loss: 0.0455, avg_loss: 0.0145',
    '02/14/2022 00:01:53 - INFO - Epoch: [2], step: [200], lr: 0.000019, batch_loss: 0.0050, avg_loss: 0.0157',
    '02/14/2022 00:02:59 - INFO - Epoch: [2], step: [300], lr: 0.000019, batch_loss: 0.0074, avg_loss: 0.0151',
    '02/14/2022 00:04:05 - INFO - Epoch: [2], step: [400], lr: 0.000019, batch_loss: 0.0014, avg_loss: 0.0156',
    '02/14/2022 00:05:11 - INFO - Epoch: [2], step: [500], lr: 0.000019, batch_loss: 0.0194, avg_loss: 0.0156',
    '02/14/2022 19:51:52 - INFO - ** * ** Saving trained model to /root/paddlejob/workspace/output/finetune_retrieval_22Y'
        '_02M_13D_23H/checkpoint-25. ** * **',
    '02/14/2022 19:51:52 - INFO - =====> Start epoch 26:',
]


def test_an_epochs_iterations_its_header_states_count_the_steps_across_epochs(tmp_path: Path) -> None:
    """`Num Iters: 4425`: epoch 2's `step: [100]` is step 4425 + 100 (not one log interval after epoch 1's last
    printed step, 4400 + 100); the step's loss is its `batch_loss` (its running mean `avg_loss` the same loss's);
    `Saving trained model to .../checkpoint-25.` a save."""
    name, steps, events = _read(tmp_path, VINVL)
    stated = re.search(r"Num Iters: (\d+)", "\n".join(VINVL))
    assert stated is not None
    per_epoch = int(stated.group(1))
    read = [(n, int(m.group(1)), int(m.group(2)), float(m.group(3))) for n, t in enumerate(VINVL, start=1)
            if (m := re.search(r"Epoch: \[(\d+)\], step: \[(\d+)\], lr: [\d.]+, batch_loss: ([\d.]+)", t))]
    assert name == "generic_log" and len(read) == 9
    assert [(s["line"], s["step"], s["loss"]) for s in steps] == [
        (n, (epoch - 1) * per_epoch + step, loss) for n, epoch, step, loss in read]
    saving = next(n for n, t in enumerate(VINVL, start=1) if "Saving trained model to " in t)
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", saving)]


# PaddleDetection's dygraph trainer (2020), its losses a dict of quoted strings (PaddlePaddle/PaddleDetection@
# 62df6a7595f81718600446705f3d8d21cc7798e6, dy_loss_log.log, lines 1-4)
PADDLEDET = [
    "2020-11-27 11:11:36,662-INFO: Epoch:0: iter: 0, lr: 0.002000, 'loss_rpn_cls': '0.691498', 'loss_rpn_reg': '0.287136'"
        ", 'loss_bbox_cls_0': '4.367058', 'loss_bbox_reg_0': '0.063984', 'loss': '5.409677', eta: 0:00:05, batch_cost: 0.4470"
        '4 sec, ips: 2.23696 images/sec',
    '2020-11-27 11:11:41,588-INFO: Save checkpoint: output/faster_rcnn_r50_fpn_1x_coco_debug',
    "2020-11-27 11:11:42,250-INFO: Epoch:1: iter: 0, lr: 0.002018, 'loss_rpn_cls': '0.687959', 'loss_rpn_reg': '0.277718'"
        ", 'loss_bbox_cls_0': '3.994771', 'loss_bbox_reg_0': '0.077210', 'loss': '5.037658', eta: 0:05:39, batch_cost: 30.891"
        '62 sec, ips: 0.03237 images/sec',
    "2020-11-27 11:11:42,947-INFO: Epoch:2: iter: 0, lr: 0.002036, 'loss_rpn_cls': '0.681924', 'loss_rpn_reg': '0.262677'"
        ", 'loss_bbox_cls_0': '3.098615', 'loss_bbox_reg_0': '0.061128', 'loss': '4.104344', eta: 0:00:07, batch_cost: 0.7139"
        '0 sec, ips: 1.40076 images/sec',
]


def test_a_dicts_quoted_loss_is_the_steps_loss(tmp_path: Path) -> None:
    """`'loss': '5.409677'`: the step's loss, though its value is a quoted string (its parts, `'loss_rpn_cls'`, no loss
    of the step's)."""
    name, steps, _ = _read(tmp_path, PADDLEDET)
    losses = [float(m.group(1)) for t in PADDLEDET if (m := re.search(r"'loss': '([\d.]+)'", t))]
    assert name == "generic_log" and len(losses) == 3
    assert [s["loss"] for s in steps] == losses


# MindSpore's MaxwellNet under Python logging's `datefmt='%a, %d %b %Y %H:%M:%S'`, 20-odd epochs (one batch each)
# a second, each counted before its word (2024-MindSpore-1/Code3@d415a52c49b89105f85734bd928aaa225d746300,
# MaxwellNet/configs/spheric_te/.ipynb_checkpoints/maxwellnet_2023-05-17 01-59-34-checkpoint.log, lines 1-69)
MAXWELLNET = [
    'Wed, 17 May 2023 01:59:34 train_maxwellnet.py[line:37] INFO training examples/spheric_te',
    'Wed, 17 May 2023 01:59:34 train_maxwellnet.py[line:55] INFO Experiment description: ',
    "This experiment learns to solve the Maxwell's equations for a spheric lens data.",
    "Wed, 17 May 2023 01:59:39 train_maxwellnet.py[line:63] DEBUG {'depth': 6, 'filter': 16, 'norm': 'weight', 'up_mode':"
        " 'upconv'}",
    "Wed, 17 May 2023 01:59:39 train_maxwellnet.py[line:64] DEBUG {'wavelength': 1, 'dpl': 20, 'Nx': 160, 'Nz': 192, 'pml"
        "_thickness': 30, 'symmetry_x': True, 'mode': 'te', 'high_order': 'fourth'}",
    'Wed, 17 May 2023 01:59:39 train_maxwellnet.py[line:98] INFO Train Dataset length: 1',
    'Wed, 17 May 2023 01:59:39 train_maxwellnet.py[line:129] INFO Training start',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 1 epoch. Loss: 397.63705',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 2 epoch. Loss: 397.59851',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 3 epoch. Loss: 397.55542',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 4 epoch. Loss: 397.50470',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 5 epoch. Loss: 397.44333',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 6 epoch. Loss: 397.36743',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 7 epoch. Loss: 397.27173',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 8 epoch. Loss: 397.14865',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 9 epoch. Loss: 396.98792',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 10 epoch. Loss: 396.77502',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 11 epoch. Loss: 396.49057',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 12 epoch. Loss: 396.10852',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 13 epoch. Loss: 395.59454',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 14 epoch. Loss: 394.90509',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 15 epoch. Loss: 393.98492',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 16 epoch. Loss: 392.76700',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 17 epoch. Loss: 391.17114',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 18 epoch. Loss: 389.10373',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 19 epoch. Loss: 386.46133',
    'Wed, 17 May 2023 01:59:47 train_maxwellnet.py[line:136] INFO [Train] 20 epoch. Loss: 383.12567',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 21 epoch. Loss: 378.97180',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 22 epoch. Loss: 373.87827',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 23 epoch. Loss: 367.70609',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 24 epoch. Loss: 360.33258',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 25 epoch. Loss: 351.64621',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 26 epoch. Loss: 341.54257',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 27 epoch. Loss: 329.94617',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 28 epoch. Loss: 316.80090',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 29 epoch. Loss: 302.11096',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 30 epoch. Loss: 285.88211',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 31 epoch. Loss: 268.20468',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 32 epoch. Loss: 249.20145',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 33 epoch. Loss: 229.04837',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 34 epoch. Loss: 208.02249',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 35 epoch. Loss: 186.35603',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 36 epoch. Loss: 164.40318',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 37 epoch. Loss: 142.56250',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 38 epoch. Loss: 121.34086',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 39 epoch. Loss: 101.27529',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 40 epoch. Loss: 83.07028',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 41 epoch. Loss: 67.47879',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 42 epoch. Loss: 55.31837',
    'Wed, 17 May 2023 01:59:48 train_maxwellnet.py[line:136] INFO [Train] 43 epoch. Loss: 47.47641',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 44 epoch. Loss: 45.13338',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 45 epoch. Loss: 48.00360',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 46 epoch. Loss: 53.68906',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 47 epoch. Loss: 60.11509',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 48 epoch. Loss: 65.69271',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 49 epoch. Loss: 69.44878',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 50 epoch. Loss: 70.96382',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 51 epoch. Loss: 70.23763',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 52 epoch. Loss: 67.58470',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 53 epoch. Loss: 63.53669',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 54 epoch. Loss: 58.71867',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 55 epoch. Loss: 53.76883',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 56 epoch. Loss: 49.28441',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 57 epoch. Loss: 45.75161',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 58 epoch. Loss: 43.56861',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 59 epoch. Loss: 42.99204',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 60 epoch. Loss: 43.53576',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 61 epoch. Loss: 44.30825',
    'Wed, 17 May 2023 01:59:49 train_maxwellnet.py[line:136] INFO [Train] 62 epoch. Loss: 44.82084',
]


def test_rfc_2822_dates_and_epochs_counted_before_their_word_many_to_a_second(tmp_path: Path) -> None:
    """`Wed, 17 May 2023 01:59:47 ... INFO [Train] 1 epoch. Loss: 397.63705`: the line's date, the epoch a step with
    its loss; the clock's whole seconds time each step over the lines around it, within what a second's rounding
    allows over the quoted steps (no two lines a second apart: most share one)."""
    name, steps, events = _read(tmp_path, MAXWELLNET)
    read = [(n, _ns(m.group(1), "%a, %d %b %Y %H:%M:%S"), int(m.group(2)), float(m.group(3)))
            for n, t in enumerate(MAXWELLNET, start=1)
            if (m := re.match(r"(.{25}) \S+ INFO \[Train\] (\d+) epoch\. Loss: ([\d.]+)$", t))]
    assert name == "generic_log" and len(read) == 62
    assert [(s["line"], s["end_ns"], s["step"], s["loss"]) for s in steps] == read
    span_s = (read[-1][1] - read[0][1]) / 1e9
    counted = read[-1][2] - read[0][2]
    assert span_s == 2 and all((span_s - 1) / counted <= s["step_time_s"] <= (span_s + 1) / counted for s in steps)
    first = _ns(MAXWELLNET[0][:25], "%a, %d %b %Y %H:%M:%S")
    assert [(e["kind"], e["ts_ns"]) for e in events if e["kind"] == "attempt_start"] == [("attempt_start", first)]


# nnU-Net (v1)'s trainer at two epochs' ends: its save, then its time; at epoch 99 its scheduled save said first
# (andy-s-ding/tbone-seg-nnunet@71b2bd008da57ccc812cfce38ec28da498450a97, 00_jsoong/nnUnet/nnUNet_trained_models/nnUNet/
# 3d_fullres/Task101_TemporalBone/nnUNetTrainerV2__nnUNetPlansv2.1/fold_2/training_log_2021_4_11_16_07_58.txt, lines
# 236-240 and 725-731)
NNUNET = [
    '2021-04-11 16:19:38.508388: lr: 0.008456 ',
    '2021-04-11 16:19:38.600663: saving checkpoint... ',
    '2021-04-11 16:19:39.088529: done, saving took 0.58 seconds ',
    '2021-04-11 16:19:39.096897: This epoch took 680.019722 s',
    ' ',
    '2021-04-12 01:18:23.442522: lr: 0.006943 ',
    '2021-04-12 01:18:23.443358: saving scheduled checkpoint file... ',
    '2021-04-12 01:18:23.480985: saving checkpoint... ',
    '2021-04-12 01:18:24.050677: done, saving took 0.61 seconds ',
    '2021-04-12 01:18:24.080995: done ',
    '2021-04-12 01:18:24.081607: This epoch took 660.213829 s',
    ' ',
]


def test_nnunets_save_took_seconds_ends_its_save_and_a_save_said_twice_is_one(tmp_path: Path) -> None:
    """`saving checkpoint...` then `done, saving took 0.58 seconds`: a save, ended, 0.58 s; `saving scheduled checkpoint
    file...` right before `saving checkpoint...`: one save's start, not two."""
    _, _, events = _read(tmp_path, NNUNET)
    form = "%Y-%m-%d %H:%M:%S.%f"
    expected: list[tuple[str, int, int, float | None]] = []
    for n, t in enumerate(NNUNET, start=1):
        if (took := re.search(r"done, saving took ([\d.]+) seconds", t)) is not None:
            expected.append(("checkpoint_save_end", n, _ns(t[:26], form), float(took.group(1))))
        elif "saving" in t and "checkpoint" in t and "scheduled" not in NNUNET[n - 2]:
            expected.append(("checkpoint_save_start", n, _ns(t[:26], form), None))
    assert len(expected) == 4
    assert [(e["kind"], e["line"], e["ts_ns"], e["duration_s"]) for e in events if e["kind"].startswith("checkpoint")] == expected


# FuxiCTR 2.3.2's run log (EulerNet on Frappe): each epoch's training loss, then its evaluation, its header alone on
# its line, then its metrics (reczoo/FuxiCTR@fbf474b643e0ae98d516760031b131ca8eebd182, model_zoo/EulerNet/Frappe/
# EulerNet_frappex1/frappe/EulerNet_frappe.log, lines 74-86)
FUXICTR = [
    '2024-07-28 15:41:40,877 P2000453 INFO Start training: 50 batches/epoch',
    '2024-07-28 15:41:40,910 P2000453 INFO ************ Epoch=1 start ************',
    '2024-07-28 15:41:44,330 P2000453 INFO Train loss: 0.527924',
    '2024-07-28 15:41:44,331 P2000453 INFO Evaluation @epoch 1 - batch 50: ',
    '2024-07-28 15:41:45,044 P2000453 INFO [Metrics] AUC: 0.930382',
    '2024-07-28 15:41:45,045 P2000453 INFO Save best model: monitor(max)=0.930382',
    '2024-07-28 15:41:45,576 P2000453 INFO ************ Epoch=1 end ************',
    '2024-07-28 15:41:47,643 P2000453 INFO Train loss: 0.316136',
    '2024-07-28 15:41:47,643 P2000453 INFO Evaluation @epoch 2 - batch 50: ',
    '2024-07-28 15:41:48,245 P2000453 INFO [Metrics] AUC: 0.934582',
    '2024-07-28 15:41:48,245 P2000453 INFO Save best model: monitor(max)=0.934582',
    '2024-07-28 15:41:48,674 P2000453 INFO ************ Epoch=2 end ************',
    '2024-07-28 15:41:50,350 P2000453 INFO Train loss: 0.308870',
]


def test_an_evaluations_header_after_a_loggers_level_runs_to_its_results(tmp_path: Path) -> None:
    """`... INFO Evaluation @epoch 1 - batch 50: ` (the logger's level before it, the header alone): an evaluation from
    the step's line before it to the line of its results, `[Metrics] AUC: 0.930382`."""
    _, _, events = _read(tmp_path, FUXICTR)
    form = "%Y-%m-%d %H:%M:%S,%f"
    expected = []
    for n, t in enumerate(FUXICTR, start=1):
        if "Evaluation @epoch" in t:
            expected += [("eval_start", _ns(FUXICTR[n - 2][:23], form)), ("eval_end", _ns(FUXICTR[n][:23], form))]
    assert len(expected) == 4
    assert [(e["kind"], e["ts_ns"]) for e in events if e["kind"].startswith("eval")] == expected


# A plain PyTorch loop's console (MRI segmentation): its fields comma-separated, the loss's name one and its value the
# next; its start and end times and its total at the end (howdrox/MRI-Analysis@5aba7299ea42f8ed673f18965370b2c70e11cb22,
# report/2-train_10_epochs.md, lines 1-12 and 165-174)
MRI = [
    'Start time: 2025-04-20 00:02:56.757723',
    'reading train images...',
    'Load dataset from cache: .cache\\train.pkl',
    'done creating train dataset',
    'reading validation images...',
    'Load dataset from cache: .cache\\validation.pkl',
    'done creating validation dataset',
    'epoch 1, phase train, total step 0',
    'epoch 1, phase train, step 10, loss_train, 0.838',
    'epoch 1, phase train, step 20, loss_train, 0.771',
    'epoch 1, phase train, step 30, loss_train, 0.762',
    'epoch 1, phase train, step 40, loss_train, 0.725',
    'epoch 10, phase train, step 1030, loss_train, 0.151',
    'epoch 10, phase train, step 1040, loss_train, 0.171',
    'epoch 10, phase valid, total step 1040',
    'epoch 10 | val_accuracy: 0.0135',
    'epoch 10 | val_loss: 0.2022806785323403',
    'epoch 10 | val_dsc: 0.7528825683234283',
    'Time:  2025-04-20 06:41:02.091693',
    'Best validation mean DSC: 0.792546',
    'End time: 2025-04-20 06:41:02.486368',
    'Total time: 6:38:05.728780',
]


def test_a_loss_named_in_a_field_of_its_own_and_the_scripts_total_time_at_its_end(tmp_path: Path) -> None:
    """`epoch 1, phase train, step 10, loss_train, 0.838`: step 10, loss 0.838 (the file read as a console at all);
    `Total time: 6:38:05.728780` as the script returns: its end (no training's time: a script's total may time more
    than its training, its data's loading here)."""
    name, steps, events = _read(tmp_path, MRI)
    read = [(int(m.group(1)), float(m.group(2))) for t in MRI if (m := re.search(r", step (\d+), loss_train, ([\d.]+)$", t))]
    assert name == "generic_log" and len(read) == 6
    assert [(s["step"], s["loss"]) for s in steps] == read
    ends = [(e["line"], e["duration_s"]) for e in events if e["kind"] == "attempt_end"]
    assert ends == [(len(MRI), None)]


# The Time-Series-Library's console where an epoch's steps (66) are too few for its `iters:` lines: each epoch's time,
# then its line with its steps (LPtrichor/PatchTST@a22ecbf35171cad181e8d2b4aae70e2dd68d4824, FBP.log, lines 7-18)
TSLIB = [
    'test 2785',
    'Epoch: 1 cost time: 7.620200872421265',
    'Epoch: 1, Steps: 66 | Train Loss: 0.6353289 Vali Loss: 1.1461877 Test Loss: 0.6563362',
    'Validation loss decreased (inf --> 1.146188).  Saving model ...',
    'Updating learning rate to 0.0001',
    'Epoch: 2 cost time: 6.782599210739136',
    'Epoch: 2, Steps: 66 | Train Loss: 0.4641908 Vali Loss: 0.8710792 Test Loss: 0.4820301',
    'Validation loss decreased (1.146188 --> 0.871079).  Saving model ...',
    'Updating learning rate to 0.0001',
    'Epoch: 3 cost time: 6.851546764373779',
    'Epoch: 3, Steps: 66 | Train Loss: 0.3962472 Vali Loss: 0.9111861 Test Loss: 0.4752577',
    'EarlyStopping counter: 1 out of 100',
]


def test_the_time_series_librarys_epoch_lines_alone_are_its_own(tmp_path: Path) -> None:
    """`Epoch: 1, Steps: 66 | Train Loss: ...` with no `iters:` line: the Time-Series-Library's, epoch N ending at the
    run's step N x 66 (its loader's batches, as its `iters:` lines count them), each batch the 66th of the epoch's
    `cost time` before it (not the epoch's 7.6 s a step: 66 times a batch's)."""
    name, steps, _ = _read(tmp_path, TSLIB)
    epochs = [(n, int(m.group(1))) for n, t in enumerate(TSLIB, start=1) if (m := re.match(r"Epoch: (\d+), Steps: 66 \|", t))]
    costs = [float(m.group(1)) for t in TSLIB if (m := re.match(r"Epoch: \d+ cost time: ([\d.]+)$", t))]
    assert name == "generic_log" and len(epochs) == len(costs) == 3
    assert [(s["line"], s["step"], s["framework"]) for s in steps] == [(n, e * 66, "time_series_library") for n, e in epochs]
    assert [s["step_time_s"] for s in steps] == pytest.approx([c / 66 for c in costs], rel=1e-12)


# Google's MLPerf v1.1 BERT (open division) on TPU v4-2048 with lingvo JAX: its blocks count samples, each named
# `first_epoch_num: 1` (mlcommons/training_results_v1.1@f6f044353a3e73cb7c76e971ef3df2b8badd6283,
# Google/results/tpu-v4-2048-JAX/bert/result_0.txt, lines 12-20)
MLPERF_LINGVO = [
    ':::MLLOG {"namespace": "main", "time_ms": 1634612983755, "event_type": "INTERVAL_START", "key": "init_stop", "value"'
        ': null, "metadata": {"file": "${INTERNAL_PATH}/third_party/py/lingvo/jax/mlperf/mllog.py", "lineno": 124}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1634612983755, "event_type": "INTERVAL_START", "key": "run_start", "value"'
        ': null, "metadata": {"file": "${INTERNAL_PATH}/third_party/py/lingvo/jax/mlperf/mllog.py", "lineno": 125}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1634612983755, "event_type": "INTERVAL_START", "key": "block_start", "valu'
        'e": null, "metadata": {"file": "${INTERNAL_PATH}/third_party/py/lingvo/jax/mlperf/mllog.py", "lineno": 144, "first_e'
        'poch_num": 1, "epoch_count": 1, "train_samples_since_beginning": 99532800, "train_samples_since_last_eval": 409600}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1634615436108, "event_type": "INTERVAL_END", "key": "block_stop", "value":'
        ' null, "metadata": {"file": "${INTERNAL_PATH}/third_party/py/lingvo/jax/mlperf/mllog.py", "lineno": 163, "first_epoc'
        'h_num": 1, "epoch_count": 1, "train_samples_since_beginning": 99942400, "train_samples_since_last_eval": 409600}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1634615436109, "event_type": "INTERVAL_START", "key": "eval_start", "value'
        '": null, "metadata": {"file": "${INTERNAL_PATH}/third_party/py/lingvo/jax/mlperf/mllog.py", "lineno": 177, "epoch_nu'
        'm": 1, "train_samples_since_beginning": 99942400}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1634615455202, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "val'
        'ue": 0.7977464199066162, "metadata": {"file": "${INTERNAL_PATH}/third_party/py/lingvo/jax/mlperf/mllog.py", "lineno"'
        ': 201, "epoch_num": 1, "train_samples_since_beginning": 99942400}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1634615455202, "event_type": "INTERVAL_END", "key": "eval_stop", "value": '
        'null, "metadata": {"file": "${INTERNAL_PATH}/third_party/py/lingvo/jax/mlperf/mllog.py", "lineno": 210, "epoch_num":'
        ' 1, "train_samples_since_beginning": 99942400}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1634615455437, "event_type": "INTERVAL_START", "key": "block_start", "valu'
        'e": null, "metadata": {"file": "${INTERNAL_PATH}/third_party/py/lingvo/jax/mlperf/mllog.py", "lineno": 144, "first_e'
        'poch_num": 1, "epoch_count": 1, "train_samples_since_beginning": 99942400, "train_samples_since_last_eval": 409600}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1634617145173, "event_type": "INTERVAL_END", "key": "block_stop", "value":'
        ' null, "metadata": {"file": "${INTERNAL_PATH}/third_party/py/lingvo/jax/mlperf/mllog.py", "lineno": 163, "first_epoc'
        'h_num": 1, "epoch_count": 1, "train_samples_since_beginning": 100352000, "train_samples_since_last_eval": 409600}}',
]


def test_mlperf_blocks_that_count_samples_since_the_beginning_are_steps_by_them(tmp_path: Path) -> None:
    """`block_stop` with `train_samples_since_beginning` (no `samples_count`) and every block `first_epoch_num: 1`: each
    block a step named by the samples trained on at its stop, its samples those since its start (not two blocks of
    one step 1, read as a relaunch)."""
    name, steps, _ = _read(tmp_path, MLPERF_LINGVO)
    stops = [int(m.group(1)) for t in MLPERF_LINGVO
             if '"key": "block_stop"' in t and (m := re.search(r'"train_samples_since_beginning": (\d+)', t))]
    starts = [int(m.group(1)) for t in MLPERF_LINGVO
              if '"key": "block_start"' in t and (m := re.search(r'"train_samples_since_beginning": (\d+)', t))]
    assert name == "mlperf" and len(stops) == len(starts) == 2
    assert [(s["step"], s["samples"]) for s in steps] == [
        (stop, stop - start) for start, stop in zip(starts, stops, strict=True)]


# PaddlePaddle's distributed launcher's worker log, appended to by each launch: a launch's TCP store as it starts, its
# program's traceback, the store's daemon quitting as that process exits, the next launch's store (PommesPeter/
# IBOT-Paddle@51cd3040d410050ef252a1a18aef2936447f05ac, log/workerlog.0, lines 76-79 and 129-137)
PADDLE_LAUNCHES = [
    'I0405 08:31:50.156263 2488321 tcp_utils.cc:181] The server starts to listen on IP_ANY:54371',
    'I0405 08:31:50.156585 2488321 tcp_utils.cc:130] Successfully connected to 127.0.1.1:54371',
    'W0405 08:31:56.274407 2488321 gpu_resources.cc:61] Please NOTE: device: 4, GPU Compute Capability: 8.6, Driver API V'
        'ersion: 11.5, Runtime API Version: 11.5',
    'W0405 08:31:56.339315 2488321 gpu_resources.cc:91] device: 4, cuDNN Version: 8.5.',
    'Traceback (most recent call last):',
    '  File "main_ibot.py", line 475, in <module>',
    '    train_ibot(args)',
    '  File "main_ibot.py", line 184, in train_ibot',
    '    dataset, args.batch_size, shuffle=True, drop_last=True',
    "AttributeError: 'Namespace' object has no attribute 'batch_size'",
    'I0405 08:31:57.950317 2488564 tcp_store.cc:257] receive shutdown event and so quit from MasterDaemon run loop',
    'I0405 08:33:28.531433 2497110 tcp_utils.cc:181] The server starts to listen on IP_ANY:51131',
    'I0405 08:33:28.531721 2497110 tcp_utils.cc:130] Successfully connected to 127.0.1.1:51131',
]


def test_a_tcp_stores_daemon_quitting_after_a_traceback_is_the_failed_process_not_a_launch(tmp_path: Path) -> None:
    """`tcp_store.cc:257] receive shutdown event and so quit from MasterDaemon run loop` right after a traceback (its
    thread a new id): the failed process's exit, no launch; the next `The server starts to listen on` is one."""
    _, _, events = _read(tmp_path, PADDLE_LAUNCHES, parser_name="generic_log")  # (its whole log is read as one: line 1's)
    listens = [n for n, t in enumerate(PADDLE_LAUNCHES, start=1) if "The server starts to listen on" in t]
    assert len(listens) == 2
    assert [e["line"] for e in events if e["kind"] == "attempt_start"] == listens
    assert [e["line"] for e in events if e["kind"] == "crash"] == [
        n for n, t in enumerate(PADDLE_LAUNCHES, start=1) if t.startswith("Traceback")]


# The same worker log a launch earlier: Paddle's report of the signal that ended that process, glog's moment of it in
# seconds since the epoch, then the next launch's glog lines, which print no year (PommesPeter/IBOT-Paddle@
# 51cd3040d410050ef252a1a18aef2936447f05ac, log/workerlog.0, lines 44-57)
PADDLE_ABORTED = [
    '--------------------------------------',
    'C++ Traceback (most recent call last):',
    '--------------------------------------',
    'No stack trace in paddle, may be caused by external reasons.',
    '',
    '----------------------',
    'Error Message Summary:',
    '----------------------',
    'FatalError: `Termination signal` is detected by the operating system.',
    '  [TimeInfo: *** Aborted at 1680682291 (unix time) try "date -d @1680682291" if you are using GNU date ***]',
    '  [SignalInfo: *** SIGTERM (@0x3f400248ebc) received by PID 2395963 (TID 0x7f943182b4c0) from PID 2395836 ***]',
    '',
    'I0405 08:13:37.075237 2400180 tcp_utils.cc:181] The server starts to listen on IP_ANY:53014',
    'I0405 08:13:37.075500 2400180 tcp_utils.cc:130] Successfully connected to 127.0.1.1:53014',
]


def test_glogs_aborted_at_unix_time_gives_the_year_of_its_lines(tmp_path: Path) -> None:
    """`*** Aborted at 1680682291 (unix time) ...`: the glog lines' year is that moment's (2023), not the file's copy's
    (its mtime, 2033 here)."""
    _, _, events = _read(tmp_path, PADDLE_ABORTED, parser_name="generic_log")
    aborted = next(int(m.group(1)) for t in PADDLE_ABORTED if (m := re.search(r"Aborted at (\d+) \(unix time\)", t)))
    year = datetime.fromtimestamp(aborted, tz=UTC).year
    listen = next(t for t in PADDLE_ABORTED if "The server starts to listen on" in t)
    when = _ns(f"{year}{listen[1:21]}", "%Y%m%d %H:%M:%S.%f")
    assert [(e["ts_ns"], e["year_from_mtime"]) for e in events if e["kind"] == "attempt_start"] == [(when, False)]


# DP-GEN's `dp train` of DeePMD-kit (TensorFlow), its log kept as `train.log`: started twice, each time failing as it
# imports (paseri3739/DeePMD-Sodium@8a5edf3282d4d148d5531f0713297fd02a1fc1cb, dpgen/
# 77706870bfa47fdc89596ead8f4a4cfd08c52749/000/train.log, lines 1-19, then of the second launch's the same lines its
# first dated line, its traceback's head, last frame and exception: lines 20, 27 and 35-38)
DEEPMD_TRAIN = [
    '2023-11-16 17:57:08.498120: I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is optimized'
        ' to use available CPU instructions in performance-critical operations.',
    'To enable the following instructions: AVX2 FMA, in other operations, rebuild TensorFlow with the appropriate compile'
        'r flags.',
    '2023-11-16 17:57:09.049878: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Could not find TensorRT',
    'WARNING:tensorflow:From /home/sekinelabo/.pyenv/versions/3.11.4/lib/python3.11/site-packages/tensorflow/python/compa'
        't/v2_compat.py:107: disable_resource_variables (from tensorflow.python.ops.variable_scope) is deprecated and will be'
        ' removed in a future version.',
    'Instructions for updating:',
    'non-resource variables are not supported in the long term',
    'WARNING:root:To get the best performance, it is recommended to adjust the number of threads by setting the environme'
        'nt variables OMP_NUM_THREADS, TF_INTRA_OP_PARALLELISM_THREADS, and TF_INTER_OP_PARALLELISM_THREADS. See https://deep'
        'md.rtfd.io/parallelism/ for more information.',
    'Traceback (most recent call last):',
    '  File "/home/sekinelabo/.pyenv/versions/3.11.4/bin/dp", line 8, in <module>',
    '    sys.exit(main())',
    '             ^^^^^^',
    '  File "/home/sekinelabo/.pyenv/versions/3.11.4/lib/python3.11/site-packages/deepmd_cli/main.py", line 593, in main',
    '    from deepmd.entrypoints.main import main as deepmd_main',
    '  File "/home/sekinelabo/.pyenv/versions/3.11.4/lib/python3.11/site-packages/deepmd/__init__.py", line 32, in <module>',
    '    set_mkl()',
    '  File "/home/sekinelabo/.pyenv/versions/3.11.4/lib/python3.11/site-packages/deepmd/env.py", line 244, in set_mkl',
    '    if "mkl_rt" in np.__config__.get_info("blas_mkl_info").get("libraries", []):',
    '                   ^^^^^^^^^^^^^^^^^^^^^^',
    "AttributeError: module 'numpy.__config__' has no attribute 'get_info'",
    '2023-11-16 17:57:38.861354: I tensorflow/core/platform/cpu_feature_guard.cc:182] This TensorFlow binary is optimized'
        ' to use available CPU instructions in performance-critical operations.',
    'Traceback (most recent call last):',
    '  File "/home/sekinelabo/.pyenv/versions/3.11.4/lib/python3.11/site-packages/deepmd/env.py", line 244, in set_mkl',
    '    if "mkl_rt" in np.__config__.get_info("blas_mkl_info").get("libraries", []):',
    '                   ^^^^^^^^^^^^^^^^^^^^^^',
    "AttributeError: module 'numpy.__config__' has no attribute 'get_info'",
]


def test_a_traceback_through_a_frameworks_package_in_a_file_named_as_a_trainings_log_is_a_failed_run(tmp_path: Path) -> None:
    """`train.log` holding tracebacks through DeePMD-kit's package (`site-packages/deepmd/env.py`) and no step: a
    training run's log that failed, each launch (its TensorFlow banner, the first dated line after a failure) an
    attempt ended by its traceback's exception."""
    name, steps, events = _read(tmp_path, DEEPMD_TRAIN, name="train.log")
    exceptions = [t for t in DEEPMD_TRAIN if t.startswith("AttributeError: ")]
    assert name == "generic_log" and steps == [] and len(exceptions) == 2
    assert [e["detail"] for e in events if e["kind"] == "crash"] == exceptions
    banners = [n for n, t in enumerate(DEEPMD_TRAIN, start=1) if "cpu_feature_guard.cc" in t]
    assert [e["line"] for e in events if e["kind"] == "attempt_start"] == banners


# A 4-GPU SFNO climate emulator's Slurm stderr on TACC's Stampede3: its trainer's logger, then one tqdm bar redrawn
# with carriage returns (the index's text shows none: put back as tqdm writes them), the time limit's cancel glued to
# its last drawing (rcc-uchicago/pedramh-profiling@09e9788783658eb9577c6c4679bc4bab73d14a6a,
# v2.0/submit_scripts/stampede/e3sm_train_3178772.e, line 459 and the last five drawings of line 460)
SLURM_GLUED = [
    '2026-06-03 15:38:55,719 - root - INFO - Expected total batches: 2281',
    (
    'Epoch [1/100], Year 2015, Loss: 0.1133:   0%|                              | 5/2281 [17:57<135:12:25, 213.86s/it]'
    '\rEpoch [1/100], Year 2015, Loss: 0.0781:   0%|                              | 5/2281 [21:24<135:12:25, 213.86s/it]'
    '\rEpoch [1/100], Year 2015, Loss: 0.0781:   0%|                              | 6/2281 [21:24<133:38:16, 211.47s/it]'
    '\rEpoch [1/100], Year 2015, Loss: 0.0620:   0%|                              | 6/2281 [24:51<133:38:16, 211.47s/it]'
    '\rEpoch [1/100], Year 2015, Loss: 0.0620:   0%|                              | 7/2281 [24:51<132:37:16, 209.95s/it]'
    'slurmstepd: error: *** JOB 3178772 ON c561-002 CANCELLED AT 2026-06-03T16:04:59 DUE TO TIME LIMIT ***'
    ),
]


def test_a_schedulers_cancel_glued_to_a_bars_last_drawing_leaves_its_step(tmp_path: Path) -> None:
    """`... 7/2281 [24:51<132:37:16, 209.95s/it]slurmstepd: error: *** JOB 3178772 ... CANCELLED AT ... DUE TO TIME LIMIT
    ***`: the drawing's step 7 is read (the bar's last), and the cancel is the job's failure at its own time."""
    _, steps, events = _read(tmp_path, SLURM_GLUED)
    drawn = sorted({int(m.group(1)) for m in re.finditer(r"\| (\d+)/2281 \[", SLURM_GLUED[1])})
    assert drawn == [5, 6, 7]
    assert sorted({s["step"] for s in steps}) == drawn
    cancel = re.search(r"CANCELLED AT (\S+) DUE TO TIME LIMIT", SLURM_GLUED[1])
    assert cancel is not None
    assert [(e["kind"], e["ts_ns"]) for e in events if e["kind"] == "crash"] == [
        ("crash", _ns(cancel.group(1), "%Y-%m-%dT%H:%M:%S"))]


# MAE-pytorch's fine-tuning `log.txt` (BEiT's engine, as DeiT's and DINO's write theirs): a JSON record an epoch, its
# metrics named `train_...` (pengzhiliang/MAE-pytorch@40780d61f81a640ef45c39ff238be15b96884a9e,
# files/pretrain_large_0.75_400e_finetune_50e.txt, lines 1-3)
MAE_LOG_TXT = [
    '{"train_lr": 0.0007989756722151088, "train_min_lr": 6.012639153584639e-07, "train_loss": 5.127884587347507, "train_l'
        'oss_scale": 26869.76, "train_weight_decay": 0.0500000000000005, "train_grad_norm": NaN, "test_loss": 1.4843358747551'
        '547, "test_acc1": 64.26543707833866, "test_acc5": 88.16978823429335, "epoch": 0, "n_parameters": 304099304}',
    '{"train_lr": 0.0023994878361075543, "train_min_lr": 1.8057188740092326e-06, "train_loss": 4.216064654672146, "train_'
        'loss_scale": 8192.0, "train_weight_decay": 0.0500000000000005, "train_grad_norm": 1.533545329284668, "test_loss": 1.'
        '2492685344837167, "test_acc1": 69.97760927974606, "test_acc5": 90.96089497957944, "epoch": 1, "n_parameters": 304099'
        '304}',
    '{"train_lr": 0.004, "train_min_lr": 3.0101738326600017e-06, "train_loss": 3.981323297941685, "train_loss_scale": 819'
        '2.0, "train_weight_decay": 0.0500000000000005, "train_grad_norm": 1.4938371562957764, "test_loss": 1.228599909802570'
        '2, "test_acc1": 71.82901702229212, "test_acc5": 91.87660214402167, "epoch": 2, "n_parameters": 304099304}',
]


def test_a_log_txts_train_prefixed_learning_rate_and_gradient_norm_are_the_steps(tmp_path: Path) -> None:
    """`{"train_lr": 0.0008, "train_loss": 5.13, "train_grad_norm": 1.53, ..., "epoch": 0}`: the epoch's learning rate and
    gradient norm, as its `train_loss` is its loss (epoch 0's norm `NaN`: none)."""
    import json
    import math

    name, steps, _ = _read(tmp_path, MAE_LOG_TXT, name="log.txt")
    records = [json.loads(t) for t in MAE_LOG_TXT]
    assert name == "jsonl_metrics"
    assert [(s["step"], s["loss"], s["lr"], s["grad_norm"]) for s in steps] == [
        (r["epoch"], r["train_loss"], r["train_lr"], r["train_grad_norm"] if math.isfinite(r["train_grad_norm"]) else None)
        for r in records]


def test_one_term_of_an_objective_or_a_critics_loss_is_no_steps_loss(tmp_path: Path) -> None:
    """Where no loss is named `loss` (or the loss's mean's, its batch's, its split's name), no other key containing
    `loss` stands in for it: PaddleGAN's GFPGAN line of some twenty terms, one `l_g_comp_style_loss`; verl's step whose
    critic reports `critic/vf_loss` (its actor's `actor/pg_loss` the loss where printed)."""
    from tests.test_line_rules_libraries import VERL_BAR_THEN_STEP
    from tests.test_line_rules_pasted_and_native_failures import PADDLEGAN_ONE_STEP

    (tmp_path / "gan").mkdir()
    _, steps, _ = _read(tmp_path / "gan", PADDLEGAN_ONE_STEP)
    assert steps and all(s["loss"] is None for s in steps)
    assert any("l_g_comp_style_loss" in t for t in PADDLEGAN_ONE_STEP)
    _, steps, _ = _read(tmp_path, VERL_BAR_THEN_STEP, parser_name="generic_log")
    critic_only = [s for s in steps if "critic/vf_loss" in VERL_BAR_THEN_STEP[s["line"] - 1]
                   and "actor/pg_loss" not in VERL_BAR_THEN_STEP[s["line"] - 1]]
    assert critic_only and all(s["loss"] is None for s in critic_only)


def test_saves_begun_on_adjacent_lines_that_name_their_own_files_are_each_a_save(tmp_path: Path) -> None:
    """rl_games' best and last checkpoints, `=> saving checkpoint '.../Ant.pth'` then `=> saving checkpoint
    '.../last_Ant_ep_500_rew__5943.272_.pth'`, and T5X's two hosts' `Saving checkpoint for step 1104000`: a save each
    (only nnU-Net's scheduled save said again as it is written is one)."""
    from tests.test_line_rules_failures_vision_legacy import RL_GAMES
    from tests.test_line_rules_launchers_and_programs import T5X_SEGFAULT

    for name, lines in (("rl_games", RL_GAMES), ("t5x", T5X_SEGFAULT)):
        (tmp_path / name).mkdir()
        _, _, events = _read(tmp_path / name, lines)
        said = [n for n, t in enumerate(lines, start=1) if "aving checkpoint" in t]
        assert len(said) >= 2
        assert [e["line"] for e in events if e["kind"] == "checkpoint_save_start"] == said


def test_the_same_failed_launches_in_a_file_named_as_another_phases_log_are_not_claimed(tmp_path: Path) -> None:
    """DeePMD-kit's failed launches kept under a name that is no training's log (a split's preparation, an evaluation
    on the training split): no step and no word of training, so no reader claims the file."""
    for name in ("prep_train_split.log", "eval_train.log", "evaluation_train.log", "train.log"):
        path = tmp_path / name
        path.write_text("\n".join(DEEPMD_TRAIN) + "\n", encoding="utf-8")
        parser = detect(path, read_head(path), registry())[0]
        assert (parser.name if parser is not None else None) == ("generic_log" if name == "train.log" else None), name


# DeepSpeed-Chat's PPO (step 3) under DeepSpeed 0.9.0: the script's undated step lines, the engines' dated lines every
# 10 steps and the loss scaler's between them (gouqi666/deep-speed-chat@364490805321a6c58619f8cc1f59c5a64cb83f5f,
# training/step3_rlhf_finetuning/output/training.log, lines 1082-1123)
DS_FORM = "%Y-%m-%d %H:%M:%S,%f"
DS_CHAT = [
    '[2023-05-10 14:26:44,804] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attem'
        'pted loss scale: 2048, reducing to 1024',
    'epoch: 0|step: 8|ppo_ep: 1|act_loss: 2.197265625|cri_loss: 2.17578125|unsuper_loss: 0.0',
    'average reward score: 3.625',
    '-------------------------------------------------------------------------------------',
    '[2023-05-10 14:27:36,819] [INFO] [logging.py:96:log_dist] [Rank 0] step=10, skipped=3, lr=[6.755000000000001e-07], m'
        'om=[(0.9, 0.95)]',
    '[2023-05-10 14:27:36,820] [INFO] [timer.py:199:stop] epoch=0/micro_step=10/global_step=10, RunningAvgSamplesPerSec=4'
        '0.27999995648414, CurrSamplesPerSec=40.774258618652155, MemAllocated=17.48GB, MaxMemAllocated=52.77GB',
    '[2023-05-10 14:27:37,406] [INFO] [logging.py:96:log_dist] [Rank 0] step=10, skipped=7, lr=[1.5000000000000002e-07, 1'
        '.5000000000000002e-07], mom=[(0.9, 0.95), (0.9, 0.95)]',
    'epoch: 0|step: 9|ppo_ep: 1|act_loss: 1.51953125|cri_loss: 1.52734375|unsuper_loss: 0.0',
    'average reward score: 3.4609375',
    '-------------------------------------------------------------------------------------',
    'epoch: 0|step: 10|ppo_ep: 1|act_loss: 2.0078125|cri_loss: 2.005859375|unsuper_loss: 0.0',
    'average reward score: 3.267578125',
    '-------------------------------------------------------------------------------------',
    'epoch: 0|step: 11|ppo_ep: 1|act_loss: 2.7109375|cri_loss: 2.712890625|unsuper_loss: 0.0',
    'average reward score: 3.470703125',
    '-------------------------------------------------------------------------------------',
    'epoch: 0|step: 12|ppo_ep: 1|act_loss: 1.775390625|cri_loss: 1.8505859375|unsuper_loss: 0.0',
    'average reward score: 3.3359375',
    '-------------------------------------------------------------------------------------',
    '[2023-05-10 14:31:05,629] [INFO] [loss_scaler.py:181:update_scale] [deepspeed] OVERFLOW! Rank 0 Skipping step. Attem'
        'pted loss scale: 16384, reducing to 8192',
    'epoch: 0|step: 13|ppo_ep: 1|act_loss: 0.3154296875|cri_loss: 0.49951171875|unsuper_loss: 0.0',
    'average reward score: 3.296875',
    '-------------------------------------------------------------------------------------',
    'epoch: 0|step: 14|ppo_ep: 1|act_loss: 0.2076416015625|cri_loss: 0.37158203125|unsuper_loss: 0.0',
    'average reward score: 3.33984375',
    '-------------------------------------------------------------------------------------',
    'epoch: 0|step: 15|ppo_ep: 1|act_loss: 1.658203125|cri_loss: 1.7587890625|unsuper_loss: 0.0',
    'average reward score: 3.134765625',
    '-------------------------------------------------------------------------------------',
    'epoch: 0|step: 16|ppo_ep: 1|act_loss: 0.92236328125|cri_loss: 0.90625|unsuper_loss: 0.0',
    'average reward score: 3.50390625',
    '-------------------------------------------------------------------------------------',
    'epoch: 0|step: 17|ppo_ep: 1|act_loss: 1.240234375|cri_loss: 1.20703125|unsuper_loss: 0.0',
    'average reward score: 3.154296875',
    '-------------------------------------------------------------------------------------',
    'epoch: 0|step: 18|ppo_ep: 1|act_loss: 0.685546875|cri_loss: 0.6015625|unsuper_loss: 0.0',
    'average reward score: 3.337890625',
    '-------------------------------------------------------------------------------------',
    '[2023-05-10 14:36:18,108] [INFO] [logging.py:96:log_dist] [Rank 0] step=20, skipped=4, lr=[1.5440000000000002e-06], '
        'mom=[(0.9, 0.95)]',
    '[2023-05-10 14:36:18,108] [INFO] [timer.py:199:stop] epoch=0/micro_step=20/global_step=20, RunningAvgSamplesPerSec=4'
        '0.496320209493675, CurrSamplesPerSec=40.59837119795958, MemAllocated=17.48GB, MaxMemAllocated=52.77GB',
    '[2023-05-10 14:36:18,459] [INFO] [logging.py:96:log_dist] [Rank 0] step=20, skipped=7, lr=[6.5e-07, 6.5e-07], mom=[('
        '0.9, 0.95), (0.9, 0.95)]',
    'epoch: 0|step: 19|ppo_ep: 1|act_loss: 1.1259765625|cri_loss: 1.24609375|unsuper_loss: 0.0',
]


def test_undated_step_lines_end_by_the_dated_line_after_them(tmp_path: Path) -> None:
    """A script's undated step lines between another writer's dated lines: a step followed by a dated line before the
    next step's line had ended by then, its end that line's time; the steps between two so dated share the time
    between them (10 PPO steps between the engines' `step=10` and `step=20` lines: 521.289 s). Not the last step: no
    line bounds it."""
    name, steps, _ = _read(tmp_path, DS_CHAT)
    step_of = {n: int(m.group(1)) for n, t in enumerate(DS_CHAT, start=1) if (m := re.match(r"epoch: 0\|step: (\d+)\|", t))}
    dated = [(n, _ns(t[1:24], DS_FORM)) for n, t in enumerate(DS_CHAT, start=1) if t.startswith("[2023-")]
    numbers = sorted(step_of)
    want = {step_of[n]: next(ns for d, ns in dated if d > n) for n, following in zip(numbers, numbers[1:], strict=False)
            if any(n < d < following for d, _ in dated)}
    assert name == "deepspeed" and sorted(s["step"] for s in steps) == list(range(8, 20))
    assert {s["step"]: s["end_ns"] for s in steps if s["end_ns"] is not None} == want == {
        8: _ns("2023-05-10 14:27:36,819", DS_FORM), 12: _ns("2023-05-10 14:31:05,629", DS_FORM),
        18: _ns("2023-05-10 14:36:18,108", DS_FORM)}
    assert {s["time_source"] for s in steps if s["end_ns"] is not None} == {"next_dated_line"}
    (tmp_path / "store").mkdir()
    con = console_connection(tmp_path / "store", DS_CHAT)
    productive = con.execute("select sum(end_ns - start_ns) / 1e9 from int_log_intervals where label = 'productive' "
                             "and step > 8").fetchone()[0]
    assert productive == pytest.approx((_ns("2023-05-10 14:36:18,108", DS_FORM) - _ns("2023-05-10 14:27:36,819", DS_FORM)) / 1e9)


# so-vits-svc 3's trainer (VITS' utils) relaunched after its save at step 6000: its config dict, its two loads, the
# epoch it goes on from and its step (SKwths/so-vits-svc-dodo@d7522ecebb499cb2e99fc705420e9a210dd2b911,
# logs/32k/train.log, lines 213-221)
SVC_RELAUNCH = [
    '2023-02-18 19:17:38,869\t32k\tINFO\tTrain Epoch: 125 [0%]',
    '2023-02-18 19:17:38,869\t32k\tINFO\t[2.2917592525482178, 2.228062152862549, 5.519164085388184, 21.45032501220703, 0.'
        '6496487855911255, 6200, 9.846185528225477e-05]',
    '2023-02-18 19:18:11,911\t32k\tINFO\t====> Epoch: 125',
    '2023-02-18 19:19:00,280\t32k\tINFO\t====> Epoch: 126',
    "2023-02-18 19:27:44,023\t32k\tINFO\t{'train': {'log_interval': 200, 'eval_interval': 1000, 'seed': 1234, 'epochs': 1"
        "0000, 'learning_rate': 0.0001, 'betas': [0.8, 0.99], 'eps': 1e-09, 'batch_size': 12, 'fp16_run': False, 'lr_decay': "
        "0.999875, 'segment_size': 17920, 'init_lr_ratio': 1, 'warmup_epochs': 0, 'c_mel': 45, 'c_kl': 1.0, 'use_sr': True, '"
        "max_speclen': 384, 'port': '8001'}, 'data': {'training_files': 'filelists/train.txt', 'validation_files': 'filelists"
        "/val.txt', 'max_wav_value': 32768.0, 'sampling_rate': 32000, 'filter_length': 1280, 'hop_length': 320, 'win_length':"
        " 1280, 'n_mel_channels': 80, 'mel_fmin': 0.0, 'mel_fmax': None}, 'model': {'inter_channels': 192, 'hidden_channels':"
        " 192, 'filter_channels': 768, 'n_heads': 2, 'n_layers': 6, 'kernel_size': 3, 'p_dropout': 0.1, 'resblock': '1', 'res"
        "block_kernel_sizes': [3, 7, 11], 'resblock_dilation_sizes': [[1, 3, 5], [1, 3, 5], [1, 3, 5]], 'upsample_rates': [10"
        ", 8, 2, 2], 'upsample_initial_channel': 512, 'upsample_kernel_sizes': [16, 16, 4, 4], 'n_layers_q': 3, 'use_spectral"
        "_norm': False, 'gin_channels': 256, 'ssl_dim': 256, 'n_speakers': 2}, 'spk': {'dodo': 0}, 'model_dir': './logs\\\\32"
        "k'}",
    "2023-02-18 19:27:45,736\t32k\tINFO\tLoaded checkpoint './logs\\32k\\G_6000.pth' (iteration 121)",
    "2023-02-18 19:27:46,032\t32k\tINFO\tLoaded checkpoint './logs\\32k\\D_6000.pth' (iteration 121)",
    '2023-02-18 19:28:05,226\t32k\tINFO\tTrain Epoch: 121 [0%]',
    '2023-02-18 19:28:05,227\t32k\tINFO\t[2.51243257522583, 2.324807643890381, 4.577277660369873, 18.293575286865234, 0.7'
        '451529502868652, 6000, 9.8498787710708e-05]',
]


def test_vits_utils_loaded_checkpoint_iteration_is_its_epoch_not_a_step(tmp_path: Path) -> None:
    """VITS' `Loaded checkpoint './logs\\32k\\G_6000.pth' (iteration 121)`: the `iteration` its save stored is the
    epoch (the run goes on at `Train Epoch: 121`, step 6000): the loads name no step."""
    _, steps, events = _read(tmp_path, SVC_RELAUNCH)
    loads = [(e["kind"], e["step"]) for e in events if e["kind"].startswith("checkpoint_load")]
    epochs = [int(m.group(1)) for t in SVC_RELAUNCH if (m := re.search(r"\tTrain Epoch: (\d+) ", t))]
    assert epochs == [125, 121] and loads == [("checkpoint_load_end", None)] * 2
    assert [s["step"] for s in steps] == [6200, 6000]


# keithito's Tacotron (a Persian GST-Tacotron fork on Colab): its first eight steps, each line's `sec/step` the mean
# over the last 100 steps (majidAdibian77/persian-GST-Tacotron@05cc978a063b55b0fda9ea93e19a67611dbf3531,
# logs-tacotron/train.log, lines 58-73)
TACOTRON = [
    '[2022-01-04 22:24:21.346]  Step 1       [29.459 sec/step, loss=0.95188, avg_loss=0.95188]',
    '[2022-01-04 22:24:23.063]  Step 2       [15.588 sec/step, loss=0.89710, avg_loss=0.92449]',
    '[2022-01-04 22:24:23.063]  Writing summary at step: 2',
    '[2022-01-04 22:24:46.451]  Step 3       [15.016 sec/step, loss=1.00291, avg_loss=0.95063]',
    '[2022-01-04 22:24:53.703]  Step 4       [13.075 sec/step, loss=0.99889, avg_loss=0.96270]',
    '[2022-01-04 22:24:53.703]  Writing summary at step: 4',
    '[2022-01-04 22:25:03.820]  Saving checkpoint to: /content/drive/My Drive/Projects/TTS/multi speaker/GST_Tacotron/gst'
        '-tacotron/logs-tacotron/checkpoints/model.ckpt-4',
    '[2022-01-04 22:25:05.671]  Saving audio and alignment...',
    '[2022-01-04 22:25:10.345]  Input: TAkTEcOkOFTABAQEYEDOVVOMBUDi~____',
    '[2022-01-04 22:25:22.747]  Step 5       [12.940 sec/step, loss=0.99491, avg_loss=0.96914]',
    '[2022-01-04 22:25:27.433]  Step 6       [11.565 sec/step, loss=1.02177, avg_loss=0.97791]',
    '[2022-01-04 22:25:27.433]  Writing summary at step: 6',
    '[2022-01-04 22:26:04.603]  Step 7       [14.686 sec/step, loss=0.90065, avg_loss=0.96687]',
    '[2022-01-04 22:26:06.963]  Step 8       [13.145 sec/step, loss=0.95660, avg_loss=0.96559]',
    '[2022-01-04 22:26:06.963]  Writing summary at step: 8',
    '[2022-01-04 22:26:13.010]  Saving checkpoint to: /content/drive/My Drive/Projects/TTS/multi speaker/GST_Tacotron/gst'
        '-tacotron/logs-tacotron/checkpoints/model.ckpt-8',
]


def test_a_printed_step_time_that_is_a_running_mean_is_no_steps_time(tmp_path: Path) -> None:
    """Where nothing is logged between two steps, the n-th printed `sec/step` times n less the one before times n - 1 is
    the lines' gap (a mean since the first step), the printed figure itself is not: the steps have no step time of
    their own (their dated lines time them)."""
    name, steps, _ = _read(tmp_path, TACOTRON)
    read = [(n, _ns(m.group(1), "%Y-%m-%d %H:%M:%S.%f"), int(m.group(2)), float(m.group(3))) for n, t in enumerate(TACOTRON, 1)
            if (m := re.match(r"\[(.{23})\]  Step (\d+) +\[([\d.]+) sec/step", t))]
    adjacent = [(b[3] * b[2] - a[3] * a[2], (b[1] - a[1]) / 1e9, b[3]) for a, b in zip(read, read[1:], strict=False)
                if b[0] == a[0] + 1]
    assert len(adjacent) == 4 and all(abs(un - gap) < 0.005 < abs(printed - gap) for un, gap, printed in adjacent)
    assert name == "generic_log" and [s["step"] for s in steps] == list(range(1, 9))
    assert [(s["end_ns"], s["step_time_s"]) for s in steps] == [(ns, None) for _, ns, _, _ in read]


# kohya's sd-scripts `sdxl_train.py` (a full SDXL fine-tune) at its end: its bar's last drawing, its rich logger's save
# of the trained model and its word that it is written (6DammK9/nai-anime-pure-negative-prompt@
# 2934c700b7412ff34021c7cde130fd4c3cbb4b21, ch06/sd-scripts-runtime/logs/24122002.log, lines 1-4, the whole file)
KOHYA_FULL = [
    'steps: 100%|████████████████████████████████████████████████████████████████████████████████████████████████████████'
        '███████████████████| 31120/31120 [9:52:26<00:00,  1.14s/it, avr_loss=0.109]',
    '2024-12-22 19:26:56 INFO     save trained model as StableDiffusion checkpoint to F:/astolfo_xl/just_astolfo/model_ou'
        't_24122002\\last.safetensors                              train_util.py:5826',
    '2024-12-22 19:27:08 INFO     model saved.                                                                           '
        '                                                          sdxl_train.py:887',
    'steps: 100%|████████████████████████████████████████████████████████████████████████████████████████████████████████'
        '███████████████████| 31120/31120 [9:52:39<00:00,  1.14s/it, avr_loss=0.109]',
]

# Stability's generative-models `main.py` on Lightning 1.x stopped by a Ctrl-C at step 87 (Generative-XAI-Kookmin-
# University/SDXL@b40e831b808e3c9095a2005f7e83f3609719505b, wandb/latest-run/files/output.log, lines 156-167)
SGM_INTERRUPTED = [
    '111 M     Total params',
    '447.840   Total estimated model params size (MB)',
    '/usr/local/lib/python3.10/dist-packages/pytorch_lightning/trainer/connectors/data_connector.py:430: PossibleUserWarn'
        'ing: The dataloader, train_dataloader, does not have many workers which may be a bottleneck. Consider increasing the'
        ' value of the `num_workers` argument` (try 64 which is the number of cpus on this machine) in the `DataLoader` init '
        'to improve performance.',
    '  rank_zero_warn(',
    '',
    'Epoch 0:   2%|█▊                                                                                                    '
        '       | 87/5087 [01:01<58:27,  1.43it/s, v_num=cond, loss=1.110, global_step=86.00, lr_abs=8.6e-8]Summoning checkpo'
        'int.',
    '/usr/lib/python3.10/contextlib.py:103: FutureWarning: `torch.backends.cuda.sdp_kernel()` is deprecated. In the futur'
        'e, this context manager will be removed. Please see `torch.nn.attention.sdpa_kernel()` for the new context manager, '
        'with updated signature.',
    '  self.gen = func(*args, **kwds)',
    '/usr/local/lib/python3.10/dist-packages/pytorch_lightning/trainer/connectors/logger_connector/result.py:212: UserWar'
        "ning: You called `self.log('global_step', ...)` in your `training_step` but the value needs to be floating point. Co"
        'nverting it to torch.float32.',
    '  warning_cache.warn(',
    '/usr/local/lib/python3.10/dist-packages/pytorch_lightning/trainer/call.py:54: UserWarning: Detected KeyboardInterrup'
        't, attempting graceful shutdown...',
    '  rank_zero_warn("Detected KeyboardInterrupt, attempting graceful shutdown...")',
]


def test_sd_scripts_full_fine_tunes_save_of_the_trained_model_ends_the_run(tmp_path: Path) -> None:
    """`save trained model as StableDiffusion checkpoint to ...` (sd-scripts' full fine-tunes; its LoRA scripts say
    `saving checkpoint: ...`) starts a save, the `model saved.` after it ends the save and the run."""
    _, _, events = _read(tmp_path, KOHYA_FULL)
    said = [(n, _ns(t[:19], "%Y-%m-%d %H:%M:%S")) for n, t in enumerate(KOHYA_FULL, start=1) if t[:4] == "2024"]
    want = [("checkpoint_save_start", *said[0]), ("checkpoint_save_end", *said[1]), ("attempt_end", *said[1])]
    assert [(e["kind"], e["line"], e["ts_ns"]) for e in events if e["kind"] != "attempt_start"] == want


def test_lightnings_graceful_shutdown_on_a_ctrl_c_ends_the_run_interrupted(tmp_path: Path) -> None:
    """Lightning catches a Ctrl-C and says so (`Detected KeyboardInterrupt, attempting graceful shutdown...`, a
    warning here, the source line it names printed under it): the run ended there, interrupted, once."""
    name, _, events = _read(tmp_path, SGM_INTERRUPTED)
    said = [n for n, t in enumerate(SGM_INTERRUPTED, start=1) if "Detected KeyboardInterrupt" in t]
    assert name == "lightning" and len(said) == 2
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [("crash", said[0])]


# torchtitan under `torchrun --tee 3`: the launcher's glog lines, each worker's own glog warning from torch.distributed's
# tensor module (written to stderr: in the file before its logger's earlier lines on stdout), then the workers' loggers
# (JayAndJef/torchtitan-benchmarks@5d3f1718f24fba83db406ddc9736ef51e8af3dc1, tests/fixtures/golden/runs/dp4-ep4-
# titan-eager-profile/titan_eager.log, lines 19-31)
TITAN_TEE = [
    'W0923 11:10:32.714000 1130421 torch/distributed/run.py:915] Setting OMP_NUM_THREADS environment variable for each pr'
        'ocess to be 1 in default, to avoid your system being overloaded, please further tune the variable for optimal perfor'
        'mance in your application as needed. ',
    'W0923 11:10:32.714000 1130421 torch/distributed/run.py:915] *****************************************',
    '[rank0]:[rank0]:W0923 11:10:46.952000 1130805 torch/distributed/tensor/_redistribute.py:394] While redistributing fr'
        'om (_StridedShard(dim=0, sf=4), Shard(dim=0)) to (Replicate(), Replicate()), 2 sequential all_gather operations will'
        ' be performed. This is suboptimal: multiple collective operations have higher latency (separate kernel launches and '
        'synchronization points) and may give inconsistent results between ranks due to different reduction orders. it is not'
        ' possible to merge non-ascending order all_gather operations.',
    '[rank3]:[rank3]:W0923 11:10:46.952000 1130809 torch/distributed/tensor/_redistribute.py:394] While redistributing fr'
        'om (_StridedShard(dim=0, sf=4), Shard(dim=0)) to (Replicate(), Replicate()), 2 sequential all_gather operations will'
        ' be performed. This is suboptimal: multiple collective operations have higher latency (separate kernel launches and '
        'synchronization points) and may give inconsistent results between ranks due to different reduction orders. it is not'
        ' possible to merge non-ascending order all_gather operations.',
    '[rank1]:[rank1]:W0923 11:10:46.952000 1130807 torch/distributed/tensor/_redistribute.py:394] While redistributing fr'
        'om (_StridedShard(dim=0, sf=4), Shard(dim=0)) to (Replicate(), Replicate()), 2 sequential all_gather operations will'
        ' be performed. This is suboptimal: multiple collective operations have higher latency (separate kernel launches and '
        'synchronization points) and may give inconsistent results between ranks due to different reduction orders. it is not'
        ' possible to merge non-ascending order all_gather operations.',
    '[rank2]:[rank2]:W0923 11:10:46.951000 1130808 torch/distributed/tensor/_redistribute.py:394] While redistributing fr'
        'om (_StridedShard(dim=0, sf=4), Shard(dim=0)) to (Replicate(), Replicate()), 2 sequential all_gather operations will'
        ' be performed. This is suboptimal: multiple collective operations have higher latency (separate kernel launches and '
        'synchronization points) and may give inconsistent results between ranks due to different reduction orders. it is not'
        ' possible to merge non-ascending order all_gather operations.',
    '[rank3]:[titan] 2026-09-23 11:10:42,101 - root - INFO - torchtitan version: 0.2.2 (0.0.0 means __version__ is not de'
        'fined correctly).',
    '[rank2]:[titan] 2026-09-23 11:10:42,091 - root - INFO - torchtitan version: 0.2.2 (0.0.0 means __version__ is not de'
        'fined correctly).',
    '[rank2]:[titan] 2026-09-23 11:10:42,106 - root - WARNING - initial_load_model_only=True has no effect without an ini'
        'tial_load_path.',
    '[rank0]:[titan] 2026-09-23 11:10:42,102 - root - INFO - torchtitan version: 0.2.2 (0.0.0 means __version__ is not de'
        'fined correctly).',
    '[rank0]:[titan] 2026-09-23 11:10:42,118 - root - WARNING - initial_load_model_only=True has no effect without an ini'
        'tial_load_path.',
    '[rank1]:[titan] 2026-09-23 11:10:42,103 - root - INFO - torchtitan version: 0.2.2 (0.0.0 means __version__ is not de'
        'fined correctly).',
    '[rank1]:[titan] 2026-09-23 11:10:42,119 - root - WARNING - initial_load_model_only=True has no effect without an ini'
        'tial_load_path.',
]


def test_a_workers_own_glog_warning_from_torch_distributed_is_its_first_line_not_the_launchers(tmp_path: Path) -> None:
    """torchrun's own lines come from torch/distributed/run.py (and elastic/, launcher/); a worker's warning from
    torch/distributed/tensor/ under its `[rankN]:` prefix is the worker's: its first dated line. Not another process
    that stopped without a word before each rank's logger began (its lines 4.85 s earlier on another stream)."""
    _, _, events = _read(tmp_path, TITAN_TEE, parser_name="generic_log")  # (no step yet: the lines alone claim no file)
    firsts: dict[int, int] = {}
    for n, t in enumerate(TITAN_TEE, start=1):
        if (m := re.match(r"\[rank(\d)\]:", t)) is not None:
            firsts.setdefault(int(m.group(1)), n)
    starts = {e["rank"]: e["line"] for e in events if e.get("detail") == "first dated line of a process"}
    assert firsts == {0: 3, 3: 4, 1: 5, 2: 6} and starts == firsts
    assert [e for e in events if e["kind"] == "last_line"] == []


def test_a_tensorflow_savers_file_names_the_step_it_saved(tmp_path: Path) -> None:
    """TensorFlow's Saver names its files by the global step (`model.ckpt-4`): the save's step."""
    _, _, events = _read(tmp_path, TACOTRON)
    named = [(n, int(t.rsplit("-", 1)[1])) for n, t in enumerate(TACOTRON, start=1) if "Saving checkpoint to: " in t]
    assert named == [(7, 4), (16, 8)]
    assert [(e["line"], e["step"]) for e in events if e["kind"] == "checkpoint_save_start"] == named


# detectron2 0.6's log.txt at iteration 999, its PeriodicCheckpointer's save (HaowenGuan/NYU-Semi-Supervise-Object-
# Detection@6a09655d51f0f6b526ed8a96ea19dd6616ae9f43, output/log_semi-supervised-to-supervised.txt, lines 806-810)
D2_SAVE = [
    '[11/30 01:26:25] d2.utils.events INFO:  eta: 1:42:38  iter: 919  total_loss: 0.137  loss_cls: 0.0514  loss_box_reg: '
        '0.06565  loss_rpn_cls: 0.006993  loss_rpn_loc: 0.01367  time: 0.6796  data_time: 0.0645  lr: 0.004  max_mem: 11811M',
    '[11/30 01:26:39] d2.utils.events INFO:  eta: 1:42:24  iter: 939  total_loss: 0.132  loss_cls: 0.05053  loss_box_reg:'
        ' 0.06081  loss_rpn_cls: 0.006511  loss_rpn_loc: 0.01294  time: 0.6797  data_time: 0.0705  lr: 0.004  max_mem: 11811M',
    '[11/30 01:26:52] d2.utils.events INFO:  eta: 1:42:10  iter: 959  total_loss: 0.1396  loss_cls: 0.0504  loss_box_reg:'
        ' 0.06791  loss_rpn_cls: 0.006736  loss_rpn_loc: 0.01416  time: 0.6796  data_time: 0.0629  lr: 0.004  max_mem: 11811M',
    '[11/30 01:27:06] d2.utils.events INFO:  eta: 1:41:55  iter: 979  total_loss: 0.1253  loss_cls: 0.04718  loss_box_reg'
        ': 0.06049  loss_rpn_cls: 0.005205  loss_rpn_loc: 0.01243  time: 0.6797  data_time: 0.0854  lr: 0.004  max_mem: 11811'
        'M',
    '[11/30 01:27:20] fvcore.common.checkpoint INFO: Saving checkpoint to ../../output/fine_tune/model_0000999.pth',
]


def test_detectron2s_checkpoint_file_names_its_iteration(tmp_path: Path) -> None:
    """detectron2 names its periodic checkpoint by the iteration its lines count (`model_0000999.pth`): the save's step."""
    _, steps, events = _read(tmp_path, D2_SAVE)
    saved = [(n, int(t[-11:-4])) for n, t in enumerate(D2_SAVE, start=1) if "Saving checkpoint to " in t]
    assert saved == [(5, 999)] and [s["step"] for s in steps] == [919, 939, 959, 979]
    assert [(e["line"], e["step"]) for e in events if e["kind"].startswith("checkpoint_save")] == saved


# MMClassification 0.25 on mmcv 1.7's EpochBasedRunner, its log interval longer than an epoch (no iteration line):
# the runner's start, its declared length, each epoch's save and evaluation (liweiwp/OpenMMLabCamp@
# 361f0044e115100f14d0d7091152065bce96e6e2, mmcls/flower/20230205_025043.log, lines 343 and 390-401)
MMCV_EPOCHS = [
    '2023-02-05 02:50:49,467 - mmcls - INFO - Start running, host: scz5993@g0097, work_dir: /data/run01/scz5993/mmclassif'
        'ication/work_dirs/resnet18_b32_flower',
    "2023-02-05 02:50:49,468 - mmcls - INFO - workflow: [('train', 1)], max: 5 epochs",
    '2023-02-05 02:50:49,468 - mmcls - INFO - Checkpoints will be saved to /data/run01/scz5993/mmclassification/work_dirs'
        '/resnet18_b32_flower by HardDiskBackend.',
    '2023-02-05 02:50:56,709 - mmcls - INFO - Saving checkpoint at 1 epochs',
    '2023-02-05 02:50:58,344 - mmcls - INFO - Epoch(val) [1][18]\taccuracy_top-1: 90.7343, accuracy_top-5: 100.0000',
    '2023-02-05 02:51:03,782 - mmcls - INFO - Saving checkpoint at 2 epochs',
    '2023-02-05 02:51:04,767 - mmcls - INFO - Epoch(val) [2][18]\taccuracy_top-1: 90.9091, accuracy_top-5: 100.0000',
    '2023-02-05 02:51:10,172 - mmcls - INFO - Saving checkpoint at 3 epochs',
    '2023-02-05 02:51:11,159 - mmcls - INFO - Epoch(val) [3][18]\taccuracy_top-1: 91.4336, accuracy_top-5: 100.0000',
    '2023-02-05 02:51:16,561 - mmcls - INFO - Saving checkpoint at 4 epochs',
    '2023-02-05 02:51:17,544 - mmcls - INFO - Epoch(val) [4][18]\taccuracy_top-1: 91.4336, accuracy_top-5: 100.0000',
    '2023-02-05 02:51:22,959 - mmcls - INFO - Saving checkpoint at 5 epochs',
    '2023-02-05 02:51:23,941 - mmcls - INFO - Epoch(val) [5][18]\taccuracy_top-1: 91.0839, accuracy_top-5: 100.0000',
]


def test_mmcv_runners_save_at_its_declared_last_epoch_ends_the_run(tmp_path: Path) -> None:
    """`workflow: [('train', 1)], max: 5 epochs`, then `Saving checkpoint at 5 epochs`: the runner's training loop is
    done (no other word of its end is printed); a log cut at epoch 4 has no end."""
    _, _, events = _read(tmp_path, MMCV_EPOCHS, parser_name="openmmlab")
    declared = int(re.findall(r"max: (\d+) epochs", MMCV_EPOCHS[1])[0])
    last_save = next(n for n, t in enumerate(MMCV_EPOCHS, start=1) if t.endswith(f"Saving checkpoint at {declared} epochs"))
    ends = [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"]
    assert declared == 5 and ends == [("attempt_end", last_save)]
    (tmp_path / "cut").mkdir()
    _, _, cut = _read(tmp_path / "cut", MMCV_EPOCHS[:last_save - 1], parser_name="openmmlab")
    assert [e for e in cut if e["kind"] == "attempt_end"] == []
