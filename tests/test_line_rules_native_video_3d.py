"""Trainers outside Python's frameworks and the research programs of video and 3D vision (llm.c, darknet): lines
quoted verbatim from public files (each block's source is cited above it), tiny inputs in, exact rows out, each
expectation read off the quoted text."""

from __future__ import annotations

import re
from pathlib import Path

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
