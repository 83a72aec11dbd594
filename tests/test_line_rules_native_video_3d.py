"""Trainers outside Python's frameworks and the research programs of video and 3D vision (llm.c, darknet, PySlowFast,
PointNet and its descendants, KAIR): lines
quoted verbatim from public files (each block's source is cited above it), tiny inputs in, exact rows out, each
expectation read off the quoted text."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from itertools import pairwise
from pathlib import Path

import pytest

from tests.conftest import console_connection
from tests.test_line_rules import _read

# llm.c's first train_gpt2.cu, its step line with the time and the tokens a second in parentheses (a Markdown copy of a
# zhihu article on CUDA transformers, index id 54949954092, its first train_gpt2cu log's lines 39-48)
LLMC_FIRST = [
    'allocated 237 MiB for parameter gradients',
    'allocated 126 MiB for activation gradients',
    'allocated 474 MiB for AdamW optimizer state m',
    'allocated 474 MiB for AdamW optimizer state v',
    'allocated 474 MiB for master copy of params',
    'step    1/74: train loss 4.364526 (acc 4.364526) (43.898880 ms, 93305.343750 tok/s)',
    'step    2/74: train loss 4.501646 (acc 4.501646) (41.996288 ms, 97532.406250 tok/s)',
    'step    3/74: train loss 4.414096 (acc 4.414096) (41.903103 ms, 97643.632812 tok/s)',
    'step    4/74: train loss 3.957428 (acc 3.957428) (41.950207 ms, 97642.203125 tok/s)',
    'step    5/74: train loss 3.606924 (acc 3.606924) (41.790462 ms, 97742.101562 tok/s)',
]

# darknet (AlexeyAB's YOLOv4) at the end of its training (a YOLOv4 project's README, index id 37845591851, the block
# under "# Treino", its lines 20-52)
DARKNET_END = [
    ' Last accuracy mAP@0.5 = 90.01 %, best = 90.37 % ',
    ' 3999: 2.188731, 1.632584 avg loss, 0.000010 rate, 8.167288 seconds, 191952 images, 0.156666 hours left',
    'Loaded: 0.000034 seconds',
    '',
    ' (next mAP calculation at 4000 iterations) ',
    ' Last accuracy mAP@0.5 = 90.01 %, best = 90.37 % ',
    ' 4000: 1.721517, 1.641478 avg loss, 0.000010 rate, 8.081005 seconds, 192000 images, 0.155122 hours left',
    'Resizing to initial size: 416 x 416  try to allocate additional workspace_size = 52.43 MB ',
    ' CUDA allocate done! ',
    '',
    ' calculation mAP (mean average precision)...',
    '172',
    ' detections_count = 710, unique_truth_count = 297  ',
    'class_id = 0, name = agua, ap = 84.52%   \t (TP = 183, FP = 38) ',
    'class_id = 1, name = lixo, ap = 95.31%   \t (TP = 65, FP = 9) ',
    '',
    ' for conf_thresh = 0.25, precision = 0.84, recall = 0.84, F1-score = 0.84 ',
    ' for conf_thresh = 0.25, TP = 248, FP = 47, FN = 49, average IoU = 62.44 % ',
    '',
    ' IoU threshold = 50 %, used Area-Under-Curve for each unique Recall ',
    ' mean average precision (mAP@0.50) = 0.899153, or 89.92 % ',
    'Total Detection Time: 5 Seconds',
    '',
    'Set -points flag:',
    ' `-points 101` for MS COCO ',
    ' `-points 11` for PascalVOC 2007 (uncomment `difficult` in voc.data) ',
    ' `-points 0` (AUC) for ImageNet, PascalVOC 2010-2012, your custom dataset',
    '',
    ' mean_average_precision (mAP@0.5) = 0.899153 ',
    'Saving weights to backup//custom-yolov4-detector_4000.weights',
    'Saving weights to backup//custom-yolov4-detector_last.weights',
    'Saving weights to backup//custom-yolov4-detector_final.weights',
    '',
]

# darknet resumed on two GPUs from the weights it saved (github.com/jax79sg/nutanix_dlusecase : README.md, index id
# 49122761309, the block under "3. To run a multi GPU training", its last 23 lines but the 2 blank ones)
DARKNET_RESUMED = [
    'nms_kind: greedynms (1), beta = 0.600000 ',
    'nms_kind: greedynms (1), beta = 0.600000 ',
    'nms_kind: greedynms (1), beta = 0.600000 ',
    'Loading weights from /darknet/myweights/backup/yolov4_last.weights...Done! Loaded 162 layers from weights-file ',
    ' Create 12 permanent cpu-threads ',
    '',
    ' seen 64, trained: 12 K-images (0 Kilo-batches_64) ',
    'Learning Rate: 0.0026, Momentum: 0.949, Decay: 0.0005',
    'Resizing, random_coef = 1.40 ',
    '',
    ' 736 x 736 ',
    ' try to allocate additional workspace_size = 156.01 MB ',
    ' CUDA allocate done! ',
    ' try to allocate additional workspace_size = 156.01 MB ',
    ' CUDA allocate done! ',
    'Loaded: 0.000039 seconds',
    '',
    ' 402: 27.874079, 27.874079 avg loss, 0.000068 rate, 9.233807 seconds, 25728 images, -1.000000 hours left',
    'Loaded: 0.000045 seconds',
    'Syncing... Done!',
    '',
    ' 404: 27.877659, 27.874437 avg loss, 0.000072 rate, 8.956024 seconds, 25856 images, 1282.733183 hours left',
    'Loaded: 0.000095 seconds',
]


def test_llmcs_step_time_in_parentheses_with_its_tokens_a_second_is_the_steps(tmp_path: Path) -> None:
    """`step    1/74: train loss 4.364526 (acc 4.364526) (43.898880 ms, 93305.343750 tok/s)`: step 1, 43.90 ms (every
    step's time was NULL)."""
    _, steps, _ = _read(tmp_path, LLMC_FIRST)
    want = [(int(m[1]), float(m[2]), float(m[3]) / 1000) for t in LLMC_FIRST
            if (m := re.match(r"step +(\d+)/74: train loss ([\d.]+) \(acc [\d.]+\) \(([\d.]+) ms, ", t))]
    assert len(want) == 5
    assert [(s["step"], s["loss"], round(s["step_time_s"], 9)) for s in steps] == [(a, b, round(c, 9)) for a, b, c in want]


def test_darknets_final_weights_end_its_run_and_its_saves_of_one_state_are_one(tmp_path: Path) -> None:
    """darknet saves `_4000.weights`, then the same state as `_last.weights`, and once its loop is over
    `_final.weights`: one save at step 4000 and the run's end (three saves of no step, and no end, before)."""
    _, _, events = _read(tmp_path, DARKNET_END)
    saves = [(e["line"], e["step"]) for e in events if e["kind"].startswith("checkpoint_save")]
    assert saves == [(next(i + 1 for i, t in enumerate(DARKNET_END) if t.endswith("_4000.weights")), 4000)]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [
        ("attempt_end", next(i + 1 for i, t in enumerate(DARKNET_END) if t.endswith("_final.weights")))]
    (tmp_path / "store").mkdir()
    con = console_connection(tmp_path / "store", DARKNET_END)
    assert con.execute("select end_reason from attempts").fetchall() == [("completed",)]


def test_darknets_load_of_its_own_saved_weights_is_a_checkpoint_load(tmp_path: Path) -> None:
    """`Loading weights from .../backup/yolov4_last.weights...Done! Loaded 162 layers from weights-file`: a resume's load
    (none was read); a pretrained backbone's (`yolov4.conv.137`) is none."""
    _, _, events = _read(tmp_path, DARKNET_RESUMED)
    assert [(e["kind"], e["line"]) for e in events] == [
        ("checkpoint_load_end", next(i + 1 for i, t in enumerate(DARKNET_RESUMED) if t.startswith("Loading weights")))]
    backbone = [t.replace("backup/yolov4_last.weights", "yolov4.conv.137") for t in DARKNET_RESUMED]
    (tmp_path / "backbone").mkdir()
    _, _, events = _read(tmp_path / "backbone", backbone)
    assert events == []


# PySlowFast's records of a MECCANO run's epochs, its log's prefix cut (github.com/EdoWhite/slowfast @ 2bffa73f : json_stats.log,
# whole)
SLOWFAST_EPOCHS = [
    'json_stats: {"RAM": "13.90/187.58G", "_type": "train_epoch", "dt": 0.31556, "dt_data": 0.31556, '
    '"dt_net": 1.17667, "epoch": "1/20", "eta": "0:31:34", "gpu_mem": "19.35G", "grad_norm": 4.53950, '
    '"loss": 3.30153, "lr": 0.00901, "top1_err": 77.19541, "top5_err": 54.05459}',
    'json_stats: {"RAM": "12.88/187.58G", "_type": "train_epoch", "dt": 0.30127, "dt_data": 0.30127, '
    '"dt_net": 1.17688, "epoch": "2/20", "eta": "0:28:33", "gpu_mem": "19.35G", "grad_norm": 4.16400, '
    '"loss": 3.09779, "lr": 0.00801, "top1_err": 76.00870, "top5_err": 50.33623}',
    'json_stats: {"RAM": "13.54/187.58G", "_type": "train_epoch", "dt": 0.31158, "dt_data": 0.31158, '
    '"dt_net": 1.17634, "epoch": "3/20", "eta": "0:27:53", "gpu_mem": "19.35G", "grad_norm": 3.51192, '
    '"loss": 2.98755, "lr": 0.00702, "top1_err": 74.66377, "top5_err": 47.38924}',
    'json_stats: {"RAM": "27.29/187.58G", "_type": "train_epoch", "dt": 0.35218, "dt_data": 0.35219, '
    '"dt_net": 1.17736, "epoch": "4/20", "eta": "0:29:40", "gpu_mem": "19.35G", "grad_norm": 3.87893, '
    '"loss": 2.91023, "lr": 0.00602, "top1_err": 72.94304, "top5_err": 44.58070}',
    'json_stats: {"RAM": "26.98/187.58G", "_type": "train_epoch", "dt": 0.36343, "dt_data": 0.36343, '
    '"dt_net": 1.17655, "epoch": "5/20", "eta": "0:28:42", "gpu_mem": "19.35G", "grad_norm": 3.31805, '
    '"loss": 2.82812, "lr": 0.00503, "top1_err": 72.80459, "top5_err": 42.97864}',
    'json_stats: {"RAM": "26.95/187.58G", "_type": "train_epoch", "dt": 0.34294, "dt_data": 0.34294, '
    '"dt_net": 1.17664, "epoch": "6/20", "eta": "0:25:16", "gpu_mem": "19.35G", "grad_norm": 4.10002, '
    '"loss": 2.77215, "lr": 0.00403, "top1_err": 71.85522, "top5_err": 41.67326}',
    'json_stats: {"RAM": "26.57/187.58G", "_type": "train_epoch", "dt": 0.34108, "dt_data": 0.34108, '
    '"dt_net": 1.17463, "epoch": "7/20", "eta": "0:23:20", "gpu_mem": "19.35G", "grad_norm": 3.76311, '
    '"loss": 2.75415, "lr": 0.00304, "top1_err": 71.22231, "top5_err": 41.49525}',
    'json_stats: {"RAM": "29.28/187.58G", "_type": "train_epoch", "dt": 0.34904, "dt_data": 0.34904, '
    '"dt_net": 1.17704, "epoch": "8/20", "eta": "0:22:03", "gpu_mem": "19.35G", "grad_norm": 3.88793, '
    '"loss": 2.71085, "lr": 0.00204, "top1_err": 71.06408, "top5_err": 39.75475}',
    'json_stats: {"RAM": "28.89/187.58G", "_type": "train_epoch", "dt": 0.35270, "dt_data": 0.35270, '
    '"dt_net": 1.17586, "epoch": "9/20", "eta": "0:20:25", "gpu_mem": "19.35G", "grad_norm": 3.68736, '
    '"loss": 2.66688, "lr": 0.00105, "top1_err": 69.95649, "top5_err": 39.87342}',
    'json_stats: {"RAM": "16.11/187.58G", "_type": "train_epoch", "dt": 0.32273, "dt_data": 0.32274, '
    '"dt_net": 1.17617, "epoch": "10/20", "eta": "0:16:59", "gpu_mem": "19.35G", "grad_norm": 4.51319, '
    '"loss": 2.63821, "lr": 0.00005, "top1_err": 69.79826, "top5_err": 38.19225}',
    'json_stats: {"RAM": "16.11/187.58G", "_type": "val_epoch", "epoch": "10/20", "gpu_mem": "19.35G", '
    '"min_top1_err": 76.76561, "min_top5_err": 52.09826, "time_diff": 0.30940, "top1_err": 76.76561, '
    '"top5_err": 52.09826}',
    'json_stats: {"RAM": "16.12/187.58G", "_type": "train_epoch", "dt": 0.32088, "dt_data": 0.32088, '
    '"dt_net": 1.17521, "epoch": "11/20", "eta": "0:15:12", "gpu_mem": "19.35G", "grad_norm": 3.54669, '
    '"loss": 2.62673, "lr": 0.00004, "top1_err": 69.46203, "top5_err": 38.11313}',
    'json_stats: {"RAM": "16.10/187.58G", "_type": "train_epoch", "dt": 0.32871, "dt_data": 0.32871, '
    '"dt_net": 1.17544, "epoch": "12/20", "eta": "0:13:50", "gpu_mem": "19.35G", "grad_norm": 4.03995, '
    '"loss": 2.61161, "lr": 0.00003, "top1_err": 69.10601, "top5_err": 37.69778}',
    'json_stats: {"RAM": "16.09/187.58G", "_type": "train_epoch", "dt": 0.32342, "dt_data": 0.32341, '
    '"dt_net": 1.17515, "epoch": "13/20", "eta": "0:11:55", "gpu_mem": "19.35G", "grad_norm": 4.21550, '
    '"loss": 2.61144, "lr": 0.00003, "top1_err": 68.73022, "top5_err": 37.73734}',
    'json_stats: {"RAM": "16.09/187.58G", "_type": "train_epoch", "dt": 0.33489, "dt_data": 0.33489, '
    '"dt_net": 1.17611, "epoch": "14/20", "eta": "0:10:34", "gpu_mem": "19.35G", "grad_norm": 3.90794, '
    '"loss": 2.61021, "lr": 0.00002, "top1_err": 69.28402, "top5_err": 38.29114}',
    'json_stats: {"RAM": "16.12/187.58G", "_type": "train_epoch", "dt": 0.31542, "dt_data": 0.31542, '
    '"dt_net": 1.17552, "epoch": "15/20", "eta": "0:08:18", "gpu_mem": "19.35G", "grad_norm": 3.31607, '
    '"loss": 2.60663, "lr": 0.00001, "top1_err": 68.94778, "top5_err": 37.16377}',
    'json_stats: {"RAM": "18.40/187.58G", "_type": "train_epoch", "dt": 0.35175, "dt_data": 0.35175, '
    '"dt_net": 1.17687, "epoch": "16/20", "eta": "0:07:24", "gpu_mem": "19.35G", "grad_norm": 3.68148, '
    '"loss": 2.61604, "lr": 0.00001, "top1_err": 69.18513, "top5_err": 37.40111}',
    'json_stats: {"RAM": "18.49/187.58G", "_type": "train_epoch", "dt": 0.36743, "dt_data": 0.36743, '
    '"dt_net": 1.17572, "epoch": "17/20", "eta": "0:05:48", "gpu_mem": "19.35G", "grad_norm": 3.73637, '
    '"loss": 2.61072, "lr": 0.00001, "top1_err": 69.04668, "top5_err": 38.21203}',
    'json_stats: {"RAM": "16.12/187.58G", "_type": "train_epoch", "dt": 0.31138, "dt_data": 0.31138, '
    '"dt_net": 1.17581, "epoch": "18/20", "eta": "0:03:16", "gpu_mem": "19.35G", "grad_norm": 3.78976, '
    '"loss": 2.60774, "lr": 0.00000, "top1_err": 69.42247, "top5_err": 37.16377}',
    'json_stats: {"RAM": "16.12/187.58G", "_type": "train_epoch", "dt": 0.31632, "dt_data": 0.31632, '
    '"dt_net": 1.17662, "epoch": "19/20", "eta": "0:01:39", "gpu_mem": "19.35G", "grad_norm": 3.34344, '
    '"loss": 2.60970, "lr": 0.00000, "top1_err": 68.71044, "top5_err": 37.40111}',
    'json_stats: {"RAM": "16.12/187.58G", "_type": "train_epoch", "dt": 0.34479, "dt_data": 0.34479, '
    '"dt_net": 1.17465, "epoch": "20/20", "eta": "0:00:00", "gpu_mem": "19.35G", "grad_norm": 4.55049, '
    '"loss": 2.60768, "lr": 0.00000, "top1_err": 69.30380, "top5_err": 37.53956}',
    'json_stats: {"RAM": "16.12/187.58G", "_type": "val_epoch", "epoch": "20/20", "gpu_mem": "19.35G", '
    '"min_top1_err": 76.56090, "min_top5_err": 50.66530, "time_diff": 0.32671, "top1_err": 76.56090, '
    '"top5_err": 50.66530}',
]

# PySlowFast's record of an iteration, as an EPIC-KITCHENS fork's README shows its run (index id 35698992117, the "sample log"
# under "B. Train a Standard Model from Scratch (EPIC)")
SLOWFAST_ITERATION = [
    '[05/03 12:00:05][INFO] train_net.py: 568: Start epoch: 8',
    '[05/03 12:00:12][INFO] logging.py:  99: json_stats: {"_type": "train_iter", "dt_data": 0.01517, '
    '"dt_diff": 0.55199, "dt_net": 0.53681, "epoch": "8/30", "eta": "1:12:41", "gpu_mem": "5.22G", '
    '"iter": "10/344", "loss": 1.63013, "lr": 0.01000, "mem": 6, "noun_loss": 1.70481, '
    '"noun_top1_acc": 56.25000, "noun_top5_acc": 84.37500, "top1_acc": 37.50000, "top5_acc": 81.25000, '
    '"verb_loss": 1.72457, "verb_top1_acc": 43.75000, "verb_top5_acc": 90.62500}',
]


def test_pyslowfasts_iteration_record_is_its_epochs_iteration_with_its_time(tmp_path: Path) -> None:
    """`logging.py:  99: json_stats: {"_type": "train_iter", "dt_data": 0.01517, "dt_diff": 0.55199, ..., "epoch": "8/30",
    ..., "iter": "10/344", "loss": 1.63013, ...}`: the run's iteration 7 x 344 + 10, 0.55199 s, 0.01517 s of it waiting for
    data (the line was refused: its line number padded, its counts strings)."""
    parser, steps, _ = _read(tmp_path, SLOWFAST_ITERATION)
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"], s["data_time_s"], s["loss"]) for s in steps] == [
        (7 * 344 + 10, 0.55199, 0.01517, 1.63013)]


def test_pyslowfasts_epoch_records_are_its_steps_where_no_iteration_is_logged(tmp_path: Path) -> None:
    """A log of its `"_type": "train_epoch"` records alone: each epoch a step with its mean loss and no time (its `dt` is the
    last iteration's), its `val_epoch` records none; beside an iteration's record they are no steps (a step gone back)."""
    parser, steps, _ = _read(tmp_path, SLOWFAST_EPOCHS)
    assert parser == "generic_log"
    epochs = [(int(m[1]), float(m[2])) for t in SLOWFAST_EPOCHS
              if '"train_epoch"' in t and (m := re.search(r'"epoch": "(\d+)/20", .*"loss": ([\d.]+),', t))]
    assert len(epochs) == 20
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [(e, v, None) for e, v in epochs]
    (tmp_path / "both").mkdir()
    _, steps, _ = _read(tmp_path / "both", SLOWFAST_ITERATION + SLOWFAST_EPOCHS[7:8])
    assert [s["step"] for s in steps] == [7 * 344 + 10]


# RandLA-Net's PyTorch port on SemanticKITTI, its logger dating each line `%Y%m%d %H:%M:%S`, relaunched into the same log
# (github.com/lintheyoung/RandLA-Net-Testing @ 1d1b4cbf : log/log_train.txt, its lines 33-56)
RANDLA_RELAUNCH = [
    '20220508 15:36:32 INFO: **** EPOCH 008 ****',
    '20220508 15:37:54 INFO: **** EVAL EPOCH 008 ****',
    '20220508 15:38:19 INFO: mean IoU:23.3',
    '20220508 15:38:19 INFO: IoU:34.12  0.00  0.00  0.00  5.56  0.00  0.00  0.00 84.53  9.27 59.43  '
    '9.10 20.72 63.32 68.52  1.61 54.59 28.40  4.01 ',
    '20220508 15:38:19 INFO: **** EPOCH 009 ****',
    '20220508 15:39:41 INFO: **** EVAL EPOCH 009 ****',
    '20220508 15:40:07 INFO: mean IoU:22.4',
    '20220508 15:40:07 INFO: IoU:48.79  0.00  0.00  0.00 12.33  0.00  0.00  0.00 91.69  '
    '0.35 59.47 17.64  8.35 55.35 44.63  0.09 56.95 29.70  0.00 ',
    '20220508 15:40:07 INFO: **** EPOCH 010 ****',
    '20220508 15:41:28 INFO: **** EVAL EPOCH 010 ****',
    '20220508 15:41:54 INFO: mean IoU:27.4',
    '20220508 15:41:54 INFO: IoU:70.64  0.00  0.00  0.00 66.88  0.00  0.00  0.00 85.80  '
    '0.46 45.00 18.30 10.01 71.21 52.42  0.13 63.28 36.41  0.00 ',
    '20220508 15:41:54 INFO: **** EPOCH 011 ****',
    '20220508 15:42:26 INFO: **** EPOCH 000 ****',
    '20220508 15:43:10 INFO: **** EVAL EPOCH 000 ****',
    '20220508 15:43:33 INFO: mean IoU:13.2',
    '20220508 15:43:33 INFO: IoU: 9.41  0.00  0.00  0.00  0.00  0.00  0.00  0.00 83.38  '
    '0.00 35.97 14.77  0.01 35.59 58.80  0.37 12.42  0.00  0.00 ',
    '20220508 15:43:33 INFO: **** EPOCH 001 ****',
    '20220508 15:44:16 INFO: **** EVAL EPOCH 001 ****',
    '20220508 15:44:44 INFO: mean IoU:17.1',
    '20220508 15:44:44 INFO: IoU:53.48  0.00  0.00  0.00  0.00  0.00  0.00  0.00 85.08  '
    '0.00 35.66 13.66  4.78 48.61 56.80  0.08 27.64  0.00  0.00 ',
    '20220508 15:44:44 INFO: **** EPOCH 002 ****',
    '20220508 15:45:28 INFO: **** EVAL EPOCH 002 ****',
    '20220508 15:45:51 INFO: mean IoU:15.0',
]

# PointNet's TensorFlow train.py, its `log_string` of each epoch's head and its training files' mean losses
# (github.com/bt77/pointnet @ 231ecdbb : log/log_train.txt, whole)
POINTNET_EPOCHS = [
    "Namespace(batch_size=32, decay_rate=0.7, decay_step=200000, gpu=0, learning_rate=0.001, log_dir='log"
    "', max_epoch=250, model='pointnet_cls', momentum=0.9, num_point=1024, optimizer='adam')",
    '**** EPOCH 000 ****',
    '----0-----',
    'mean loss: 3.988140',
    'accuracy: 0.151855',
    '----1-----',
    'mean loss: 2.891558',
    'accuracy: 0.297852',
    '----2-----',
    'mean loss: 2.496171',
    'accuracy: 0.377451',
    '----3-----',
    'mean loss: 2.254531',
    'accuracy: 0.420410',
    '----4-----',
    'mean loss: 1.965049',
    'accuracy: 0.479980',
    '----0-----',
    '----1-----',
    'eval mean loss: 1.661698',
    'eval accuracy: 0.530438',
    'eval avg class acc: 0.425915',
    'Model saved in file: log/model.ckpt',
    '**** EPOCH 001 ****',
    '----0-----',
    'mean loss: 2.004942',
    'accuracy: 0.459473',
    '----1-----',
    'mean loss: 1.612013',
    'accuracy: 0.539551',
    '----2-----',
    'mean loss: 1.493925',
    'accuracy: 0.575368',
    '----3-----',
    'mean loss: 1.504214',
    'accuracy: 0.555176',
    '----4-----',
    'mean loss: 1.365509',
    'accuracy: 0.594238',
    '----0-----',
    '----1-----',
    'eval mean loss: 1.278374',
    'eval accuracy: 0.632305',
    'eval avg class acc: 0.534179',
    '**** EPOCH 002 ****',
    '----0-----',
    'mean loss: 1.346855',
    'accuracy: 0.603516',
    '----1-----',
    'mean loss: 1.308182',
    'accuracy: 0.627451',
    '----2-----',
    'mean loss: 1.195548',
    'accuracy: 0.653809',
    '----3-----',
    'mean loss: 1.240578',
    'accuracy: 0.645020',
    '----4-----',
    'mean loss: 1.185661',
    'accuracy: 0.647461',
    '----0-----',
    '----1-----',
    'eval mean loss: 1.031966',
    'eval accuracy: 0.690747',
    'eval avg class acc: 0.602079',
    '**** EPOCH 003 ****',
    '----0-----',
]


def _packed_s(text: str) -> float:
    return datetime.strptime(text[:17], "%Y%m%d %H:%M:%S").replace(tzinfo=UTC).timestamp()


def test_epochs_that_print_only_their_dated_heads_run_from_one_head_to_the_next(tmp_path: Path) -> None:
    """`20220508 15:40:07 INFO: **** EPOCH 010 ****` (a date `%Y%m%d %H:%M:%S`, unread), its evaluation's head and
    results, then epoch 011's head: epoch 10 ran from its head to the next one's; epoch 11, followed by a relaunch's
    `**** EPOCH 000 ****`, is not known to have finished; the relaunch is a second attempt (the log was refused)."""
    parser, steps, _ = _read(tmp_path, RANDLA_RELAUNCH)
    assert parser == "generic_log"
    heads = [(int(m[1]), _packed_s(t)) for t in RANDLA_RELAUNCH if (m := re.search(r"INFO: \*{4} EPOCH (\d+) \*{4}$", t))]
    want = [(e, round(b - a, 3)) for (e, a), (n, b) in pairwise(heads) if n == e + 1]
    assert [e for e, _ in want] == [8, 9, 10, 0, 1]
    assert [(s["step"], round(s["step_time_s"], 3)) for s in steps] == want
    (tmp_path / "store").mkdir()
    con = console_connection(tmp_path / "store", RANDLA_RELAUNCH)
    assert con.execute("select attempt, first_step, last_step from attempts order by attempt").fetchall() == [
        (1, 8, 10), (2, 0, 1)]


def test_pointnets_epoch_heads_and_their_mean_losses_are_its_epochs(tmp_path: Path) -> None:
    """`**** EPOCH 000 ****`, then each training file's `----0-----` and `mean loss: 3.988140` (not its evaluation's
    `eval mean loss: ...`): epoch 0 and its first mean loss; the last epoch's head with no loss after it is none (the
    log was refused: no step line found)."""
    parser, steps, _ = _read(tmp_path, POINTNET_EPOCHS)
    assert parser == "generic_log"
    want = []
    for i, t in enumerate(POINTNET_EPOCHS):
        if (m := re.fullmatch(r"\*{4} EPOCH (\d+) \*{4}", t)) and (
                loss := next((u for u in POINTNET_EPOCHS[i + 1:i + 4] if u.startswith("mean loss: ")), None)):
            want.append((int(m[1]), float(loss.split(": ")[1])))
    assert len(want) == 3
    assert [(s["step"], s["loss"]) for s in steps] == want


# KAIR's DnCNN trainer, its `train.log` appended to at each start (github.com/tommytshi0227/KAIR @ 7e659935 :
# denoising/dncnn25/train.log, its lines 1-3, 76-82 and 155-161: each start's first lines and the last of its options'
# dump, the rest of each dump left out)
KAIR_STARTS = [
    '21-04-05 19:36:02.240 :   task: dncnn25',
    '  model: plain',
    '  gpu_ids: [0]',
    '  is_train: True',
    '',
    '21-04-05 19:36:02.241 : Random seed: 7603',
    '21-04-05 19:36:02.254 : Number of train images: 3, iters: 1',
    '21-04-05 20:27:45.100 :   task: dncnn25',
    '  model: plain',
    '  gpu_ids: [0]',
    '  is_train: True',
    '',
    '21-04-05 20:27:45.101 : Random seed: 2639',
    '21-04-05 20:27:45.104 : Number of train images: 3, iters: 1',
    '21-04-05 22:33:01.602 :   task: dncnn25',
    '  model: plain',
    '  gpu_ids: [0]',
]


def test_a_logs_first_line_said_again_is_a_launch_appended_to_it(tmp_path: Path) -> None:
    """`21-04-05 19:36:02.240 :   task: dncnn25` (a date `%y-%m-%d %H:%M:%S.%f`, unread), its options, `Random seed:
    7603`, then the same first line and options at 20:27:45 and 22:33:01: three launches, none of which logged a step
    (a log with no step line is read as one only by the reader named: `--log-format generic_log`)."""
    _, steps, events = _read(tmp_path, KAIR_STARTS, parser_name="generic_log")
    assert steps == []
    launches = [_kair_s(t) for t in KAIR_STARTS if t.endswith(":   task: dncnn25")]
    assert len(launches) == 3
    assert [round(e["ts_ns"] / 1e9, 3) for e in events if e["kind"] == "attempt_start"] == launches

    # (each rank of one start printing the same first line, its line after it the same: one start)
    (tmp_path / "ranks").mkdir()
    ranks = [copy for t in KAIR_STARTS for copy in ([t] * 3 if t.endswith(":   task: dncnn25") else [t])]
    _, _, events = _read(tmp_path / "ranks", ranks, parser_name="generic_log")
    assert [round(e["ts_ns"] / 1e9, 3) for e in events if e["kind"] == "attempt_start"] == launches


def _kair_s(text: str) -> float:
    return round(datetime.strptime(text[:21], "%y-%m-%d %H:%M:%S.%f").replace(tzinfo=UTC).timestamp(), 3)


# alpha-zero-general's coach on a draughts variant, its log through coloredlogs (host, logger, process id), a second
# launch on another host appended to it (github.com/erdemphl/solving-pawn-dama-with-alphazero @ 39da0b89 :
# outputs/5x5_log.txt, its lines 286-320)
ALPHAZERO_RELAUNCH = [
    'Training Net: 100% 339/339 [00:02<00:00, 128.97it/s, Loss_pi=6.07e-01, Loss_v=1.31e-01]',
    'EPOCH ::: 10',
    'Training Net: 100% 339/339 [00:02<00:00, 131.25it/s, Loss_pi=6.06e-01, Loss_v=1.31e-01]',
    '2024-05-17 00:55:37 a4eae8bf3f6b Coach[9078] INFO PITTING AGAINST PREVIOUS VERSION',
    'Arena.playGames (1): 100% 20/20 [02:22<00:00,  7.14s/it]',
    'Arena.playGames (2): 100% 20/20 [02:27<00:00,  7.39s/it]',
    '2024-05-17 01:00:28 a4eae8bf3f6b Coach[9078] INFO NEW/PREV WINS : 0 / 1 ; DRAWS : 39',
    '2024-05-17 01:00:28 a4eae8bf3f6b Coach[9078] INFO REJECTING NEW MODEL',
    '2024-05-17 01:00:28 a4eae8bf3f6b Coach[9078] INFO Starting Iter #11 ...',
    'Self Play:  23% 23/100 [03:11<10:09,  7.92s/it]',
    'EPOCH ::: 1',
    'Training Net: 100% 503/503 [00:05<00:00, 87.61it/s, Loss_pi=7.21e-01, Loss_v=1.30e-01] ',
    'EPOCH ::: 2',
    'Training Net: 100% 503/503 [00:03<00:00, 129.45it/s, Loss_pi=6.64e-01, Loss_v=1.16e-01]',
    'EPOCH ::: 3',
    'Training Net: 100% 503/503 [00:03<00:00, 134.24it/s, Loss_pi=6.57e-01, Loss_v=1.19e-01]',
    'EPOCH ::: 4',
    'Training Net: 100% 503/503 [00:03<00:00, 134.61it/s, Loss_pi=6.31e-01, Loss_v=1.13e-01]',
    'EPOCH ::: 5',
    'Training Net: 100% 503/503 [00:03<00:00, 131.45it/s, Loss_pi=6.10e-01, Loss_v=1.11e-01]',
    'EPOCH ::: 6',
    'Training Net: 100% 503/503 [00:03<00:00, 132.73it/s, Loss_pi=6.07e-01, Loss_v=1.09e-01]',
    'EPOCH ::: 7',
    'Training Net: 100% 503/503 [00:03<00:00, 134.78it/s, Loss_pi=6.01e-01, Loss_v=1.07e-01]',
    'EPOCH ::: 8',
    'Training Net: 100% 503/503 [00:03<00:00, 127.20it/s, Loss_pi=5.92e-01, Loss_v=1.03e-01]',
    'EPOCH ::: 9',
    'Training Net: 100% 503/503 [00:03<00:00, 132.13it/s, Loss_pi=5.92e-01, Loss_v=1.03e-01]',
    'EPOCH ::: 10',
    'Training Net: 100% 503/503 [00:03<00:00, 135.96it/s, Loss_pi=5.83e-01, Loss_v=9.87e-02]',
    '2024-05-20 08:30:37 44c5c2a0ecd3 Coach[3561] INFO PITTING AGAINST PREVIOUS VERSION',
    'Arena.playGames (1): 100% 20/20 [02:36<00:00,  7.84s/it]',
    'Arena.playGames (2): 100% 20/20 [02:18<00:00,  6.92s/it]',
    '2024-05-20 08:35:32 44c5c2a0ecd3 Coach[3561] INFO NEW/PREV WINS : 1 / 0 ; DRAWS : 39',
    '2024-05-20 08:35:32 44c5c2a0ecd3 Coach[3561] INFO ACCEPTING NEW MODEL',
]


def test_a_new_process_id_in_the_loggers_prefix_is_a_relaunch(tmp_path: Path) -> None:
    """`... a4eae8bf3f6b Coach[9078] INFO Starting Iter #11 ...`, a self-play bar cut at 23%, then `... 44c5c2a0ecd3
    Coach[3561] INFO ...` three days later, 9078 never again: a second launch (one attempt of 84 hours before)."""
    _, _, events = _read(tmp_path, ALPHAZERO_RELAUNCH, parser_name="generic_log")
    relaunch = next(i for i, t in enumerate(ALPHAZERO_RELAUNCH, 1) if " Coach[3561] " in t)
    assert [e["line"] for e in events if e["kind"] == "attempt_start"] == [
        next(i for i, t in enumerate(ALPHAZERO_RELAUNCH, 1) if " Coach[9078] " in t), relaunch]


# AlphaZero_Gomoku's train.py in a fork's README, its first and last batches (index id 42278403998, the whole block)
GOMOKU_BATCHES = [
    'batch i:1, episode_len:67',
    'kl:0.00464,lr_multiplier:1.500,loss:5.303383827209473'
    ',entropy:4.792854309082031,explained_var_old:0.015,explained_var_new:0.732',
    'batch i:2, episode_len:47',
    'kl:0.08788,lr_multiplier:1.000,loss:5.220064163208008'
    ',entropy:4.709277629852295,explained_var_old:0.730,explained_var_new:0.790',
    'batch i:3, episode_len:38',
    'kl:0.03463,lr_multiplier:1.000,loss:5.61008882522583'
    ',entropy:4.6324334144592285,explained_var_old:0.230,explained_var_new:0.215',
    '...',
    'batch i:27513, episode_len:15',
    'kl:0.02130,lr_multiplier:0.667,loss:2.39105224609375'
    ',entropy:1.9589602947235107,explained_var_old:0.624,explained_var_new:0.740',
    'batch i:27514, episode_len:19',
    'kl:0.03058,lr_multiplier:0.667,loss:2.307953357696533'
    ',entropy:1.9487701654434204,explained_var_old:0.647,explained_var_new:0.745',
    'batch i:27515, episode_len:17',
    'kl:0.03779,lr_multiplier:0.667,loss:2.4055304527282715'
    ',entropy:1.9979723691940308,explained_var_old:0.633,explained_var_new:0.734',
    'batch i:27516, episode_len:13',
    'kl:0.02346,lr_multiplier:0.667,loss:2.3050026893615723'
    ',entropy:1.8730878829956055,explained_var_old:0.696,explained_var_new:0.795',
    'batch i:27517, episode_len:21',
    'kl:0.02487,lr_multiplier:0.667,loss:2.381922721862793'
    ',entropy:1.9453890323638916,explained_var_old:0.698,explained_var_new:0.775',
]


def test_alphazero_gomokus_batches_are_its_steps(tmp_path: Path) -> None:
    """`batch i:27513, episode_len:15`, each self-play game and its update (its `kl:...,loss:...` below it): step 27513
    (the log was refused)."""
    parser, steps, _ = _read(tmp_path, GOMOKU_BATCHES)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == [int(m[1]) for t in GOMOKU_BATCHES if (m := re.match(r"batch i:(\d+), ", t))]
    assert len(steps) == 8


# R2-Gaussian (3D Gaussian Splatting for CT, a fork of graphdeco's train.py): its `Train:` bar over 100 iterations,
# redrawn every 10, each drawing apart by a carriage return, after a 17 s start (hqy2020/r2_gaussian@
# c5304e2d069d06b68fa02a3e013f79ce7480476d, test_corgs_bugfix.log, line 32, its carriage returns as stored)
GAUSSIAN_BAR = [
    '\rTrain:   0%|          | 0/100 [00:00<?, ?it/s]\r                                              \r\rTrain:   0%|    '
        '      | 0/100 [00:14<?, ?it/s]\rTrain:   0%|          | 0/100 [00:17<?, ?it/s, loss=2.0e-01, pts=1.0e+05, gs=2]\rTra'
        'in:  10%|█         | 10/100 [00:17<02:33,  1.71s/it, loss=2.0e-01, pts=1.0e+05, gs=2]\rTrain:  10%|█         | 10/10'
        '0 [00:19<02:33,  1.71s/it, loss=1.5e-01, pts=1.0e+05, gs=2]\rTrain:  20%|██        | 20/100 [00:19<01:07,  1.18it/s,'
        ' loss=1.5e-01, pts=1.0e+05, gs=2]\rTrain:  20%|██        | 20/100 [00:21<01:07,  1.18it/s, loss=1.2e-01, pts=1.0e+05'
        ', gs=2]\rTrain:  30%|███       | 30/100 [00:21<00:38,  1.80it/s, loss=1.2e-01, pts=1.0e+05, gs=2]\rTrain:  30%|███  '
        '     | 30/100 [00:23<00:38,  1.80it/s, loss=9.6e-02, pts=1.0e+05, gs=2]\rTrain:  40%|████      | 40/100 [00:23<00:24'
        ',  2.40it/s, loss=9.6e-02, pts=1.0e+05, gs=2]\rTrain:  40%|████      | 40/100 [00:25<00:24,  2.40it/s, loss=8.2e-02,'
        ' pts=1.0e+05, gs=2]\rTrain:  50%|█████     | 50/100 [00:25<00:17,  2.93it/s, loss=8.2e-02, pts=1.0e+05, gs=2]\rTrain'
        ':  50%|█████     | 50/100 [00:27<00:17,  2.93it/s, loss=8.0e-02, pts=1.0e+05, gs=2]\rTrain:  60%|██████    | 60/100 '
        '[00:27<00:11,  3.39it/s, loss=8.0e-02, pts=1.0e+05, gs=2]\rTrain:  60%|██████    | 60/100 [00:29<00:11,  3.39it/s, l'
        'oss=6.2e-02, pts=1.0e+05, gs=2]\rTrain:  70%|███████   | 70/100 [00:29<00:07,  3.78it/s, loss=6.2e-02, pts=1.0e+05, '
        'gs=2]\rTrain:  70%|███████   | 70/100 [00:31<00:07,  3.78it/s, loss=5.4e-02, pts=1.0e+05, gs=2]\rTrain:  80%|███████'
        '█  | 80/100 [00:31<00:04,  4.13it/s, loss=5.4e-02, pts=1.0e+05, gs=2]\rTrain:  80%|████████  | 80/100 [00:33<00:04, '
        ' 4.13it/s, loss=5.8e-02, pts=1.0e+05, gs=2]\rTrain:  90%|█████████ | 90/100 [00:33<00:02,  4.48it/s, loss=5.8e-02, p'
        'ts=1.0e+05, gs=2]\r                                                                                        \r\rTrain'
        ':  90%|█████████ | 90/100 [00:35<00:02,  4.48it/s, loss=5.8e-02, pts=1.0e+05, gs=2]\rTrain:  90%|█████████ | 90/100 '
        '[00:35<00:02,  4.48it/s, loss=4.3e-02, pts=1.0e+05, gs=2]\rTrain: 100%|██████████| 100/100 [00:35<00:00,  4.42it/s, '
        'loss=4.3e-02, pts=1.0e+05, gs=2]\r                                                                                  '
        '       \r💾 保存渲染图像: proj_train_0000 到 output/2025_11_18_foot_3views_corgs_test_bugfix/'
        'eval/iter_000001/render_images '
        '[18/11 15:39:19]',
]


def test_a_bars_rate_held_up_by_its_slow_start_gives_way_to_its_clock(tmp_path: Path) -> None:
    """The bar's first 10 steps took 17 s (`10/100 [00:17<02:33,  1.71s/it`), each 10 after 2 s of its clock
    (00:17, 00:19, ..., 00:35); tqdm's moving average climbs from 1.18 it/s slowly: at 40 (`2.40it/s`, 0.42 s a step)
    it is twice the clock's 0.2 s. Steps 20-60 take their clock's 2 s for 10 steps (the rate over a quarter above the
    clock's since step 10), 70-100 their rate (within a quarter: `3.78it/s`, 0.265 s, against 13 s for 60 steps at
    most, 0.217 s)."""
    _, steps, _ = _read(tmp_path, GAUSSIAN_BAR)
    drawn: dict[int, tuple[int, float]] = {}  # count -> (its first drawing's second, its seconds a step)
    for m in re.finditer(r"(\d+)/100 \[00:(\d\d)<[^,]*, +([\d.]+)(s/it|it/s)", GAUSSIAN_BAR[0]):
        rate = float(m.group(3))
        drawn.setdefault(int(m.group(1)), (int(m.group(2)), rate if m.group(4) == "s/it" else 1 / rate))
    assert sorted(drawn) == list(range(10, 101, 10)) and [s["step"] for s in steps] == sorted(drawn)
    clock = [(drawn[n][0] - drawn[n - 10][0]) / 10 for n in range(20, 70, 10)]
    assert clock == [0.2] * 5
    assert [s["step_time_s"] for s in steps] == pytest.approx(
        [drawn[10][1], *clock, *(drawn[n][1] for n in range(70, 101, 10))])
