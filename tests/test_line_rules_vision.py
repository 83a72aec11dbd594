"""Line rules for detection and segmentation trainers' consoles, on quoted real lines (each source
cited): a bar whose description names the run's step (Yet-Another-EfficientDet-Pytorch), and a
log that fails in its training loop before any step line (YOLOX's train_log.txt), an epoch's
training loss on a line of its own after the epoch's header (a PaddlePaddle port of
recurrent-visual-attention)."""

from __future__ import annotations

import os
import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.test_line_rules import _read
from tracelens.store import Store

# YOLOX's train_log.txt (loguru) on a machine without an NVIDIA driver: its first two lines, the
# exp table (left out), then loguru's report of the failure (github.com/flostahl-aws/neuron-adoption
# @ 21d7428a, YOLOX_outputs/yolox_s/train_log.txt, lines 1-2 and 88-142)
YOLOX = [
    ('2024-08-23 13:09:44.753 | INFO     | yolox.core.trainer:before_train:132 - args: Namespace(experimen'
     "t_name='yolox_s', name='yolox-s', dist_backend='nccl', dist_url=None, batch_size=2, devices=1, exp_f"
     'ile=None, resume=False, ckpt=None, start_epoch=None, num_machines=1, machine_rank=0, fp16=True, cach'
     "e=None, occupy=True, logger='tensorboard', opts=[])"),
    '2024-08-23 13:09:44.754 | INFO     | yolox.core.trainer:before_train:133 - exp value:',
    '...',
    ('2024-08-23 13:09:45.423 | ERROR    | yolox.core.launch:launch:98 - An error has been caught in funct'
     "ion 'launch', process 'MainProcess' (78972), thread 'MainThread' (139873312629376):"),
    'Traceback (most recent call last):',
    '',
    '  File "/usr/lib/python3.10/runpy.py", line 196, in _run_module_as_main',
    '    return _run_code(code, main_globals, None,',
    ("           │         │     └ {'__name__': '__main__', '__doc__': None, '__package__': 'yolox.tools',"
     " '__loader__': <_frozen_importlib_external.SourceFileL..."),
    ('           │         └ <code object <module> at 0x7f36cabe40e0, file "/home/ubuntu/YOLOX/tools/train'
     '.py", line 1>'),
    '           └ <function _run_code at 0x7f36cab292d0>',
    '  File "/usr/lib/python3.10/runpy.py", line 86, in _run_code',
    '    exec(code, run_globals)',
    ("         │     └ {'__name__': '__main__', '__doc__': None, '__package__': 'yolox.tools', '__loader__"
     "': <_frozen_importlib_external.SourceFileL..."),
    '         └ <code object <module> at 0x7f36cabe40e0, file "/home/ubuntu/YOLOX/tools/train.py", line 1>',
    '',
    '  File "/home/ubuntu/YOLOX/tools/train.py", line 138, in <module>',
    '    launch(',
    '    └ <function launch at 0x7f357e73d000>',
    '',
    '> File "/home/ubuntu/YOLOX/yolox/core/launch.py", line 98, in launch',
    '    main_func(*args)',
    '    │          └ (╒═══════════════════╤════════════════════════════╕',
    '    │            │ keys              │ values                     │',
    '    │            ╞═══════════════════╪═...',
    '    └ <function main at 0x7f35705be830>',
    '',
    '  File "/home/ubuntu/YOLOX/tools/train.py", line 118, in main',
    '    trainer.train()',
    '    │       └ <function Trainer.train at 0x7f356f6a25f0>',
    '    └ <yolox.core.trainer.Trainer object at 0x7f356f6a6e60>',
    '',
    '  File "/home/ubuntu/YOLOX/yolox/core/trainer.py", line 75, in train',
    '    self.before_train()',
    '    │    └ <function Trainer.before_train at 0x7f356f6a2830>',
    '    └ <yolox.core.trainer.Trainer object at 0x7f356f6a6e60>',
    '',
    '  File "/home/ubuntu/YOLOX/yolox/core/trainer.py", line 136, in before_train',
    '    torch.cuda.set_device(self.local_rank)',
    '    │     │    │          │    └ 0',
    '    │     │    │          └ <yolox.core.trainer.Trainer object at 0x7f356f6a6e60>',
    '    │     │    └ <function set_device at 0x7f362855fac0>',
    ("    │     └ <module 'torch.cuda' from '/opt/aws_neuronx_venv_pytorch_2_1/lib/python3.10/site-package"
     "s/torch/cuda/__init__.py'>"),
    ("    └ <module 'torch' from '/opt/aws_neuronx_venv_pytorch_2_1/lib/python3.10/site-packages/torch/__i"
     "nit__.py'>"),
    '',
    ('  File "/opt/aws_neuronx_venv_pytorch_2_1/lib/python3.10/site-packages/torch/cuda/__init__.py", line'
     ' 404, in set_device'),
    '    torch._C._cuda_setDevice(device)',
    '    │     │  │               └ 0',
    '    │     │  └ <built-in function _cuda_setDevice>',
    ("    │     └ <module 'torch._C' from '/opt/aws_neuronx_venv_pytorch_2_1/lib/python3.10/site-packages/"
     'torch/_C.cpython-310-x86_64-linux-gnu...'),
    ("    └ <module 'torch' from '/opt/aws_neuronx_venv_pytorch_2_1/lib/python3.10/site-packages/torch/__i"
     "nit__.py'>"),
    ('  File "/opt/aws_neuronx_venv_pytorch_2_1/lib/python3.10/site-packages/torch/cuda/__init__.py", line'
     ' 298, in _lazy_init'),
    '    torch._C._cuda_init()',
    '    │     │  └ <built-in function _cuda_init>',
    ("    │     └ <module 'torch._C' from '/opt/aws_neuronx_venv_pytorch_2_1/lib/python3.10/site-packages/"
     'torch/_C.cpython-310-x86_64-linux-gnu...'),
    ("    └ <module 'torch' from '/opt/aws_neuronx_venv_pytorch_2_1/lib/python3.10/site-packages/torch/__i"
     "nit__.py'>"),
    '',
    ('RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and in'
     'stalled a driver from http://www.nvidia.com/Download/index.aspx'),
]

# Yet-Another-EfficientDet-Pytorch's train.py: the bar's description set after each step, then the
# bar moving on to the next batch (github.com/zylo117/Yet-Another-EfficientDet-Pytorch/issues/723, a comment's log)
EFFICIENTDET = [
    ('Step: 28363. Epoch: 399/400. Iteration: 35/71. Cls loss: 0.04249. Reg loss: 0.00882. Total loss: 0.0'
     '5131:  48%|████▊     | 34/71 [01:01<00:45,  1.23s/it]'),
    ('Step: 28363. Epoch: 399/400. Iteration: 35/71. Cls loss: 0.04249. Reg loss: 0.00882. Total loss: 0.0'
     '5131:  49%|████▉     | 35/71 [01:01<00:41,  1.16s/it]'),
    ('Step: 28364. Epoch: 399/400. Iteration: 36/71. Cls loss: 0.06965. Reg loss: 0.01675. Total loss: 0.0'
     '8641:  49%|████▉     | 35/71 [01:02<00:41,  1.16s/it]'),
    ('Step: 28364. Epoch: 399/400. Iteration: 36/71. Cls loss: 0.06965. Reg loss: 0.01675. Total loss: 0.0'
     '8641:  51%|█████     | 36/71 [01:02<00:40,  1.17s/it]'),
    ('Step: 28365. Epoch: 399/400. Iteration: 37/71. Cls loss: 0.08008. Reg loss: 0.03842. Total loss: 0.1'
     '1850:  51%|█████     | 36/71 [01:04<00:40,  1.17s/it]'),
    ('Step: 28365. Epoch: 399/400. Iteration: 37/71. Cls loss: 0.08008. Reg loss: 0.03842. Total loss: 0.1'
     '1850:  52%|█████▏    | 37/71 [01:04<00:47,  1.40s/it]'),
    ('Step: 28366. Epoch: 399/400. Iteration: 38/71. Cls loss: 0.05561. Reg loss: 0.02105. Total loss: 0.0'
     '7666:  52%|█████▏    | 37/71 [01:06<00:47,  1.40s/it]'),
    ('Step: 28366. Epoch: 399/400. Iteration: 38/71. Cls loss: 0.05561. Reg loss: 0.02105. Total loss: 0.0'
     '7666:  54%|█████▎    | 38/71 [01:06<00:44,  1.35s/it]'),
]


# A PaddlePaddle port of recurrent-visual-attention resuming from epoch 87, its file written with CRLF
# (github.com/OccupyMars2025/Recurrent-Models-of-Visual-Attention-using-paddlepaddle @ cce9431e,
# logs/resume.log, lines 46-78)
RAM = [
    '[*] Loaded ram_6_8x8_1_ckpt.pth.tar checkpoint @ epoch 87',
    '',
    '[*] Train on 60000 samples, validate on 60000 samples',
    '',
    'Epoch: 88/200 - LR: 0.000300',
    ('  0%|                                                 | 0/60000 [00:00<?, ?it/s]/opt/conda/e'
     'nvs/python35-paddle120-env/lib/python3.7/site-packages/paddle/tensor/creation.py:130: Deprec'
     'ationWarning: `np.object` is a deprecated alias for the builtin `object`. To silence this wa'
     'rning, use `object` by itself. Doing this will not modify any behavior and is safe. '),
    ('Deprecated in NumPy 1.20; for more details and guidance: https://numpy.org/devdocs/release/1'
     '.20.0-notes.html#deprecations'),
    '  if data.dtype == np.object:',
    '1681.6s - loss: 0.213 - acc: 95.833: 100%|█| 60000/60000 [28:01<00:00, 35.84it/s] ',
    ('/opt/conda/envs/python35-paddle120-env/lib/python3.7/site-packages/paddle/tensor/creation.py'
     ':130: DeprecationWarning: `np.object` is a deprecated alias for the builtin `object`. To sil'
     'ence this warning, use `object` by itself. Doing this will not modify any behavior and is sa'
     'fe. '),
    ('Deprecated in NumPy 1.20; for more details and guidance: https://numpy.org/devdocs/release/1'
     '.20.0-notes.html#deprecations'),
    '  if data.dtype == np.object:',
    'train loss: 0.095 - train acc: 97.663 - val loss: 0.089 - val acc: 97.858 - val err: 2.142',
    '',
    'Epoch: 89/200 - LR: 0.000300',
    ('  0%|                                                 | 0/60000 [00:00<?, ?it/s]/opt/conda/e'
     'nvs/python35-paddle120-env/lib/python3.7/site-packages/paddle/tensor/creation.py:130: Deprec'
     'ationWarning: `np.object` is a deprecated alias for the builtin `object`. To silence this wa'
     'rning, use `object` by itself. Doing this will not modify any behavior and is safe. '),
    ('Deprecated in NumPy 1.20; for more details and guidance: https://numpy.org/devdocs/release/1'
     '.20.0-notes.html#deprecations'),
    '  if data.dtype == np.object:',
    '1678.7s - loss: 0.094 - acc: 97.917: 100%|█| 60000/60000 [27:58<00:00, 35.86it/s] ',
    ('/opt/conda/envs/python35-paddle120-env/lib/python3.7/site-packages/paddle/tensor/creation.py'
     ':130: DeprecationWarning: `np.object` is a deprecated alias for the builtin `object`. To sil'
     'ence this warning, use `object` by itself. Doing this will not modify any behavior and is sa'
     'fe. '),
    ('Deprecated in NumPy 1.20; for more details and guidance: https://numpy.org/devdocs/release/1'
     '.20.0-notes.html#deprecations'),
    '  if data.dtype == np.object:',
    'train loss: 0.096 - train acc: 97.653 - val loss: 0.095 - val acc: 97.685 - val err: 2.315',
    '',
    'Epoch: 90/200 - LR: 0.000300',
    ('  0%|                                                 | 0/60000 [00:00<?, ?it/s]/opt/conda/e'
     'nvs/python35-paddle120-env/lib/python3.7/site-packages/paddle/tensor/creation.py:130: Deprec'
     'ationWarning: `np.object` is a deprecated alias for the builtin `object`. To silence this wa'
     'rning, use `object` by itself. Doing this will not modify any behavior and is safe. '),
    ('Deprecated in NumPy 1.20; for more details and guidance: https://numpy.org/devdocs/release/1'
     '.20.0-notes.html#deprecations'),
    '  if data.dtype == np.object:',
    '1681.3s - loss: 0.178 - acc: 96.875: 100%|█| 60000/60000 [28:01<00:00, 35.57it/s] ',
    ('/opt/conda/envs/python35-paddle120-env/lib/python3.7/site-packages/paddle/tensor/creation.py'
     ':130: DeprecationWarning: `np.object` is a deprecated alias for the builtin `object`. To sil'
     'ence this warning, use `object` by itself. Doing this will not modify any behavior and is sa'
     'fe. '),
    ('Deprecated in NumPy 1.20; for more details and guidance: https://numpy.org/devdocs/release/1'
     '.20.0-notes.html#deprecations'),
    '  if data.dtype == np.object:',
    'train loss: 0.094 - train acc: 97.790 - val loss: 0.090 - val acc: 97.855 - val err: 2.145',
]

def test_a_log_that_fails_in_its_training_loop_before_any_step(tmp_path: Path) -> None:
    """No step line, a traceback through `tools/train.py` and `trainer.train()`: a training
    run's log (claimed, not skipped as unknown) that started at its first dated line and
    crashed at the traceback."""
    name, steps, events = _read(tmp_path, YOLOX, name="train_log.txt")
    assert name == "generic_log" and steps == []
    started = datetime(2024, 8, 23, 13, 9, 44, 753000, tzinfo=UTC)
    start_ns = int(started.replace(microsecond=0).timestamp()) * 10**9 + started.microsecond * 1000
    assert [(e["kind"], e["line"], e["ts_ns"]) for e in events if e["kind"] != "elision"] == [
        ("attempt_start", 1, start_ns), ("crash", YOLOX.index("Traceback (most recent call last):") + 1, None)]


def test_a_bar_whose_description_names_the_run_s_step(tmp_path: Path) -> None:
    """`Step: N` in the description is the step (the bar counts the epoch's batches, one ahead
    once it moves on): one row a step, at its first line, the bar's rate there its time."""
    _, steps, _ = _read(tmp_path, EFFICIENTDET)
    firsts: dict[int, tuple[int, float]] = {}
    for number, text in enumerate(EFFICIENTDET, start=1):
        step = int(re.search(r"^Step: (\d+)\.", text).group(1))  # type: ignore[union-attr]
        firsts.setdefault(step, (number, float(re.search(r"(\d+\.\d+)s/it\]$", text).group(1))))  # type: ignore[union-attr]
    assert len(firsts) == 4
    assert [(r["step"], r["line"], r["step_time_s"]) for r in steps] == [(s, n, t) for s, (n, t) in firsts.items()]


def test_an_epoch_s_training_loss_on_a_line_of_its_own(tmp_path: Path) -> None:
    """`Epoch: 88/200 - LR: 0.000300`, the epoch's bar over samples, then `train loss: 0.095 - train
    acc: ... - val loss: ...`: with nothing finer counted, each epoch is a step at its loss line,
    that loss its own, no clock (nothing dates the lines)."""
    name, steps, _ = _read(tmp_path, RAM, name="resume.log", newline="\r\n")  # (the file's own line ends)
    epochs = [int(m.group(1)) for t in RAM if (m := re.match(r"Epoch: (\d+)/200 - LR: ", t))]
    losses = [(n, float(m.group(1))) for n, t in enumerate(RAM, start=1) if (m := re.match(r"train loss: ([\d.]+) - ", t))]
    assert name == "generic_log" and len(epochs) == len(losses) == 3
    assert [(s["step"], s["line"], s["loss"], s["end_ns"]) for s in steps] == [
        (e, n, loss, None) for e, (n, loss) in zip(epochs, losses, strict=True)]


# github.com/SQYmu/-paddleseg-horse- README.md (index id 46745137771), its whole output block (18 lines): PaddleSeg 2.x on
# AI Studio, its training lines, an evaluation drawn with Keras' progress bar, and its best model's save
PADDLESEG_RUN = [
    '    2021-08-13 11:20:32 [INFO]\t[TRAIN] epoch: 1, iter: 20/2000, loss: 3.0412, lr: 0.009914,'
    ' batch_cost: 0.1093, reader_cost: 0.01300, ips: 36.6094 samples/sec | ETA 00:03:36',
    '    2021-08-13 11:20:34 [INFO]\t[TRAIN] epoch: 1, iter: 40/2000, loss: 2.4766, lr: 0.009824,'
    ' batch_cost: 0.0941, reader_cost: 0.00007, ips: 42.4983 samples/sec | ETA 00:03:04',
    '    2021-08-13 11:20:36 [INFO]\t[TRAIN] epoch: 1, iter: 60/2000, loss: 2.1365, lr: 0.009734,'
    ' batch_cost: 0.0918, reader_cost: 0.00008, ips: 43.5563 samples/sec | ETA 00:02:58',
    '    2021-08-13 11:20:38 [INFO]\t[TRAIN] epoch: 1, iter: 80/2000, loss: 2.3350, lr: 0.009644,'
    ' batch_cost: 0.0921, reader_cost: 0.00008, ips: 43.4516 samples/sec | ETA 00:02:56',
    '    2021-08-13 11:20:40 [INFO]\t[TRAIN] epoch: 2, iter: 100/2000, loss: 2.0317, lr: 0.009553,'
    ' batch_cost: 0.0961, reader_cost: 0.00369, ips: 41.6407 samples/sec | ETA 00:03:02',
    '    2021-08-13 11:20:42 [INFO]\t[TRAIN] epoch: 2, iter: 120/2000, loss: 1.9597, lr: 0.009463,'
    ' batch_cost: 0.0945, reader_cost: 0.00007, ips: 42.3217 samples/sec | ETA 00:02:57',
    '    2021-08-13 11:20:43 [INFO]\t[TRAIN] epoch: 2, iter: 140/2000, loss: 1.9451, lr: 0.009372,'
    ' batch_cost: 0.0924, reader_cost: 0.00025, ips: 43.3077 samples/sec | ETA 00:02:51',
    '    2021-08-13 11:20:45 [INFO]\t[TRAIN] epoch: 2, iter: 160/2000, loss: 1.9334, lr: 0.009282,'
    ' batch_cost: 0.0922, reader_cost: 0.00007, ips: 43.3627 samples/sec | ETA 00:02:49',
    '    2021-08-13 11:20:47 [INFO]\t[TRAIN] epoch: 3, iter: 180/2000, loss: 1.8718, lr: 0.009191,'
    ' batch_cost: 0.0964, reader_cost: 0.00380, ips: 41.4850 samples/sec | ETA 00:02:55',
    '    2021-08-13 11:20:49 [INFO]\t[TRAIN] epoch: 3, iter: 200/2000, loss: 1.8275, lr: 0.009100,'
    ' batch_cost: 0.0935, reader_cost: 0.00009, ips: 42.7880 samples/sec | ETA 00:02:48      ',
    '    2021-08-13 11:20:49 [INFO]\tStart evaluating (total_samples: 328, total_iters: 328)...',
    '    328/328 [==============================] - 8s 24ms/step - batch_cost: 0.0244 - reader cost:'
    ' 1.3448e-0',
    '    2021-08-13 11:20:57 [INFO]\t[EVAL] #Images: 328 mIoU: 0.6850 Acc: 0.8342 Kappa: 0.6238 ',
    '    2021-08-13 11:20:57 [INFO]\t[EVAL] Class IoU: ',
    '    [0.7831 0.587 ]',
    '    2021-08-13 11:20:57 [INFO]\t[EVAL] Class Acc: ',
    '    [0.9593 0.6266]',
    '    2021-08-13 11:20:57 [INFO]\t[EVAL] The model with the best validation mIoU (0.6850) was saved at'
    ' iter 200.',
]


def test_paddleseg_iterations_count_on_across_epochs_beside_an_evaluations_keras_bar(tmp_path: Path) -> None:
    """PaddleSeg's `[TRAIN] epoch: 1, iter: 80/2000, ... batch_cost: 0.0921` lines: the iteration
    is the run's (80 in epoch 1, then 100 in epoch 2: it never starts over), the step as printed,
    its time `batch_cost`. The evaluation's bar (`328/328 [=====] - 8s 24ms/step`, Keras' bar
    drawn by PaddleSeg) does not make it a Keras console."""
    name, steps, _ = _read(tmp_path, PADDLESEG_RUN)
    printed = [(int(m.group(1)), float(m.group(2))) for t in PADDLESEG_RUN
               if (m := re.search(r"\[TRAIN\] epoch: \d+, iter: (\d+)/2000, .* batch_cost: ([\d.]+),", t))]
    assert name == "generic_log" and len(printed) == 10
    assert [(r["step"], r["step_time_s"]) for r in steps] == printed



def test_paddlesegs_best_model_save(tmp_path: Path) -> None:
    """`[EVAL] The model with the best validation mIoU (0.6850) was saved at iter 200.`: a save done."""
    _, _, events = _read(tmp_path, PADDLESEG_RUN)
    saved = [n for n, t in enumerate(PADDLESEG_RUN, 1) if "was saved at iter 200." in t]
    assert len(saved) == 1 and [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == saved


# Ultralytics 8.0.227 on Windows, YOLOv8n with early stopping (github.com/Seliah/thesis @ b86cd775, outputs.md,
# the first block under "epochs=100 Patience=5:", lines 1-12): each epoch's bar cut at the terminal's width
# right after its counts
ULTRALYTICS_CUT = [
    "      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size",
    "     26/100      2.24G      1.208     0.8777      1.015        125        640: 100%|██████████| 22/22",
    "                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95): 100%|██████",
    "                   all         98        602      0.809      0.758      0.841      0.553",
    "",
    "      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size",
    "     27/100      2.12G      1.172     0.8843      1.013         85        640: 100%|██████████| 22/22",
    "                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95): 100%|██████",
    "                   all         98        602      0.841      0.777      0.852       0.56",
    "",
    "      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size",
    "     28/100      2.18G      1.153     0.8721      1.004        109        640: 100%|██████████| 22/22",
]


def test_ultralytics_bars_cut_after_their_counts_are_the_epochs(tmp_path: Path) -> None:
    """`     26/100      2.24G      1.208 ... 640: 100%|██████████| 22/22`: the epoch done, no time (no step was read)."""
    parser, steps, _ = _read(tmp_path, ULTRALYTICS_CUT)
    assert parser == "ultralytics"
    epochs = [int(m.group(1)) for t in ULTRALYTICS_CUT if (m := re.match(r"\s+(\d+)/100 .*\| 22/22$", t))]
    assert epochs == [26, 27, 28]
    assert sorted({row["step"] for row in steps}) == epochs
    assert {row["step_time_s"] for row in steps} == {None}


def test_an_ultralytics_bar_cut_inside_its_total_is_no_reading() -> None:
    """The same line with 220 batches an epoch, cut at the same width inside its total (`| 220/2`):
    its percentage (100%) is not 220 of 2, so no reading (it was read as 220 of 2)."""
    from tracelens.parsers.ultralytics import bar_line

    cut = ULTRALYTICS_CUT[1].replace("| 22/22", "| 220/220")[:len(ULTRALYTICS_CUT[1])]
    assert cut.endswith("| 220/2")
    assert bar_line(cut) is None
    assert bar_line(ULTRALYTICS_CUT[1]) == (26, 22, 22, None)


# MMSegmentation's console as a course homework pasted it (jiongjiongli/OpenMMLabCamp, homework 4 README,
# the block under "# MMSegmentation Train"): it opens with the validation before iteration 2900 of 3000
MMSEG_TAIL = [
    "06/16 08:23:02 - mmengine - INFO - per class results:",
    "06/16 08:23:02 - mmengine - INFO - ",
    "+--------------+-------+-------+",
    "|    Class     |  IoU  |  Acc  |",
    "+--------------+-------+-------+",
    "| _background_ | 75.23 | 98.45 |",
    "|     red      | 86.22 | 87.61 |",
    "|    green     | 16.56 | 17.75 |",
    "|    white     | 65.06 | 67.88 |",
    "|  seed-black  | 63.66 | 78.23 |",
    "|  seed-white  |  0.0  |  0.0  |",
    "+--------------+-------+-------+",
    "06/16 08:23:02 - mmengine - INFO - Iter(val) [17/17]    aAcc: 86.3900  mIoU: 51.1200  mAcc: 58.3200  data_time: 0.0052 "
    " time: 0.4238",
    "06/16 08:24:00 - mmengine - INFO - Iter(train) [2900/3000]  lr: 9.3518e-03  eta: 0:00:57  time: 0.5780  data_time: 0.00"
    "83  memory: 3614  loss: 0.0365  decode.loss_ce: 0.0257  decode.acc_seg: 90.3107  aux.loss_ce: 0.0108  aux.acc_seg: 90.3900",
    "06/16 08:24:58 - mmengine - INFO - Exp name: pspnet-watermelon_20230612_20230616_075443",
    "06/16 08:24:58 - mmengine - INFO - Iter(train) [3000/3000]  lr: 9.3294e-03  eta: 0:00:00  time: 0.5769  data_time: 0.00"
    "80  memory: 3614  loss: 0.0331  decode.loss_ce: 0.0229  decode.acc_seg: 90.6036  aux.loss_ce: 0.0102  aux.acc_seg: 88.4277",
    "06/16 08:24:58 - mmengine - INFO - Saving checkpoint at 3000 iterations",
    "Completed train!",
]


def test_a_log_that_opens_mid_run_says_so_and_counts_no_start_up(tmp_path: Path) -> None:
    """Iteration 2900 of 3000 at 08:24:00, 3000 at 08:24:58: a line every 100 iterations of `time:
    0.5780` s; the 2,800 before the first line's own would take 1,618 s, and the log shows 58 s before
    it (from 08:23:02), with no resume: it opens mid-run. Its 1.9 min are the part it shows, none of
    it start-up."""
    path = tmp_path / "mmseg.log"
    path.write_text("\n".join(MMSEG_TAIL) + "\n")
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    opens, before = con.execute("select opens_at_step, unlogged_before_s from goodput").fetchone()
    assert opens == 2900
    assert before == pytest.approx((2900 - 100) * 0.5780)
    assert con.execute("select seconds from goodput_buckets where bucket = 'startup'").fetchone()[0] == 0
    # `Iter(train) [3000/3000]`: the iteration-based runner's max_iters done, at 08:24:58: a clean end
    assert con.execute("select end_reason, end_ns from attempts").fetchall() == [
        ("completed", int(datetime(2023, 6, 16, 8, 24, 58, tzinfo=UTC).timestamp()) * 10**9)]
    code, out, _ = run_cli("report", str(path))
    assert code == 0 and "The logs open mid-run, at step 2900" in out and "start-up takes" not in out
    # the year's warning (from mmengine's `Exp name: ..._20230616_075443`) names the file once
    assert f"  {path}: dates printed without a year are taken to be in 2023" in out and f"{path}: {path}" not in out


# A face-parsing segmentation engine's MetricLogger rows, which print no data meter (a public README, "Segmentation
# Engine", its "Log & Metrics" block, its first three rows and the epoch's total; stored file id 5815163285)
SEG_ENGINE_ROWS = [
    "INFO utils.py(143): train epoch: [0]  [ 100/2945]  eta: 5:58:34  lr: 0.000021  seg_loss: 1.7625 (1.7672)  "
    "time: 0.1324  max mem: 835  @2021-04-07 14:08:17",
    "INFO utils.py(143): train epoch: [0]  [ 200/2945]  eta: 5:28:02  lr: 0.000046  seg_loss: 1.6519 (1.6534)  "
    "time: 0.1231  max mem: 835  @2021-04-07 14:08:29",
    "INFO utils.py(143): train epoch: [0]  [ 300/2945]  eta: 5:26:08  lr: 0.000098  seg_loss: 1.4752 (1.4765)  "
    "time: 0.1244  max mem: 835  @2021-04-07 14:08:42",
    "INFO utils.py(153): train epoch: [0] Total time: 0:06:04 (0.1239 s / it)",
]


def test_a_metric_loggers_time_without_a_data_meter_is_the_iterations(tmp_path: Path) -> None:
    """A MetricLogger row's `time: X` after its `eta:` is its iteration's seconds (here 0.12 s, as
    the epoch's 0.1239 s / it says), with or without a `data:` meter beside it."""
    _, steps, _ = _read(tmp_path, SEG_ENGINE_ROWS)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(100, 0.1324), (200, 0.1231), (300, 0.1244)]


# torchvision's detection reference (Mask R-CNN fine-tuning), MetricLogger rows printed at every iteration of a
# 6-iteration epoch, its `time` and `data` meters cut to their figures (github.com/beijn/bachelor-thesis @ e93898f,
# detection/traingraph.py, the `LOG` string's lines 1-7)
TV_DETECTION_EPOCH = [
    f"Epoch: [0]  [{i}/6]  eta: 0:00:{eta:02d}  lr: {lr}  loss: {loss}  time: {t}  data: {d}  max mem: {mem}"
    for i, eta, lr, loss, t, d, mem in [
        (0, 25, "0.001004", "8.2773 (8.2773)", "4.1973", "1.1906", 2547),
        (1, 11, "0.002003", "7.5953 (7.9363)", "2.2824", "0.6244", 2648),
        (2, 6, "0.003002", "7.5953 (6.1116)", "1.6292", "0.4295", 2648),
        (3, 3, "0.004001", "2.4622 (5.1459)", "1.3037", "0.3311", 2670),
        (4, 2, "0.005000", "2.7455 (4.6658)", "1.1056", "0.2732", 2670),
        (5, 0, "0.005000", "2.4622 (4.1605)", "0.9761", "0.2334", 2670)]
] + ["Epoch: [0] Total time: 0:00:05 (0.9880 s / it)"]


def test_a_metric_loggers_first_window_is_a_running_mean(tmp_path: Path) -> None:
    """A MetricLogger's `time` and `data` are the means of their last 20 iterations (SmoothedValue's
    window), a new meter each epoch: before the 20th, the mean since the epoch began. Iteration i's own
    time is (i + 1) x its mean less i x the one before (2 x 2.2824 - 4.1973 = 0.3675 s), not the mean,
    which carries the first iteration's 4.2 s of start-up into every row of the epoch."""
    _, steps, _ = _read(tmp_path, TV_DETECTION_EPOCH)
    printed = [(4.1973, 1.1906), (2.2824, 0.6244), (1.6292, 0.4295), (1.3037, 0.3311), (1.1056, 0.2732),
               (0.9761, 0.2334)]
    own = [printed[0]] + [((i + 1) * t - i * printed[i - 1][0], (i + 1) * d - i * printed[i - 1][1])
                          for i, (t, d) in enumerate(printed) if i]
    assert [s["step"] for s in steps] == [0, 1, 2, 3, 4, 5]
    assert [(s["step_time_s"], s["data_time_s"]) for s in steps] == [
        (pytest.approx(t, abs=1e-9), pytest.approx(d, abs=1e-9)) for t, d in own]
    # the epoch's iterations sum to its mean x 6 (5.8566 s), within the 0.9880 s / it its total says (5.93 s)
    assert sum(s["step_time_s"] for s in steps) == pytest.approx(6 * 0.9761)


# detectron2's log.txt (a RegionCLIP fork, evaluation only), two launches appended to it: the first stopped after
# writing its config, the second loaded its weights and began inference (github.com/Boycott0915/CDFSOD-benchmark-personal
# @ 4cb4326, output/log.txt, lines 1, 2, 90-92, 180, 181 and 197; the environment's table cut)
D2_TWO_LAUNCHES = [
    "[12/24 14:54:13] detectron2 INFO: Rank of current process: 0. World size: 1",
    "[12/24 14:54:14] detectron2 INFO: Environment info:",
    "[12/24 14:54:14] detectron2 INFO: Full config saved to ./output/config.yaml",
    "[12/24 14:55:51] detectron2 INFO: Rank of current process: 0. World size: 1",
    "[12/24 14:55:52] detectron2 INFO: Environment info:",
    "[12/24 14:55:52] detectron2 INFO: Full config saved to ./output/config.yaml",
    "[12/24 14:55:59] fvcore.common.checkpoint INFO: [Checkpointer] Loading from output/vitb/dior_1shot/model_final.pth ...",
    "[12/24 14:56:02] d2.evaluation.evaluator INFO: Start inference on 5000 batches",
]


def test_detectron2s_first_line_is_a_launch_with_its_world_size(tmp_path: Path) -> None:
    """detectron2's `default_setup` opens each process's log with its rank and the world size: a file
    of two such openings is read (no step in it), its world size 1, and the second opening, 97 s after
    the first launch's last line, is a relaunch: two attempts, from 14:54:13 and 14:55:51."""
    path = tmp_path / "log.txt"
    path.write_text("\n".join(D2_TWO_LAUNCHES) + "\n")
    os.utime(path, (datetime(2025, 12, 24, 15, tzinfo=UTC).timestamp(),) * 2)
    store = Store.open(tmp_path / "s.tlstore")
    assert not store.ingest([path]).failed
    con = store.connect()
    day = datetime(2025, 12, 24, tzinfo=UTC)
    assert con.execute("select start_ns from attempts order by attempt").fetchall() == [
        (int((day.timestamp() + 14 * 3600 + 54 * 60 + 13) * 1e9),), (int((day.timestamp() + 14 * 3600 + 55 * 60 + 51) * 1e9),)]
    assert con.execute("select detail from log_events where kind = 'launch_config'").fetchall() == [("world_size=1",)] * 2


# A lens-finding fine-tune's notebook output: each epoch's bar, its validation's, then the best model's save
# (github.com/pilot-j/Gsoc_Deeplense @ 38920f0, logs/FT.md, lines 4-18)
DEEPLENSE_SAVES = [
    'Total number of train params, training full: 2395779',
    'Epoch 1/50 [FT]: 100%|██████████| 157/157 [13:51<00:00,  5.30s/it, loss=0.919]',
    'Epoch 1/50 [Validating]: 100%|██████████| 18/18 [01:32<00:00,  5.13s/it]',
    '',
    'Saving model at Epoch 1 with Validation Accuracy: 33.73%',
    'Epoch 1/50 - Train Loss: 0.9780, Train Accuracy: 50.15%, Validation Loss: 1.3758, Validation Accuracy: 33.73%',
    'Epoch 2/50 [FT]: 100%|██████████| 157/157 [02:45<00:00,  1.06s/it, loss=0.796]',
    'Epoch 2/50 [Validating]: 100%|██████████| 18/18 [00:10<00:00,  1.69it/s]',
    '',
    'Saving model at Epoch 2 with Validation Accuracy: 52.49%',
    'Epoch 2/50 - Train Loss: 0.8571, Train Accuracy: 59.49%, Validation Loss: 0.9801, Validation Accuracy: 52.49%',
    'Epoch 3/50 [FT]: 100%|██████████| 157/157 [01:58<00:00,  1.33it/s, loss=0.787]',
    'Epoch 3/50 [Validating]: 100%|██████████| 18/18 [00:12<00:00,  1.45it/s]',
    '',
    'Saving model at Epoch 3 with Validation Accuracy: 53.99%',
]


def test_a_save_that_names_its_epoch_with_a_capital_is_at_that_epochs_end(tmp_path: Path) -> None:
    """`Saving model at Epoch 1 with Validation Accuracy: 33.73%` is a save (the word's capital aside), at the
    end of the epoch it names: the step of the row that ends epoch 1 (the `Epoch 1/50 [FT]` bar's last
    drawing), and for epochs 2 and 3 those of theirs."""
    _, steps, events = _read(tmp_path, DEEPLENSE_SAVES)
    saves = [(e["line"], e["step"]) for e in events if e["kind"] == "checkpoint_save_start"]
    ends = {s["line"]: s["step"] for s in steps}
    assert saves == [(5, ends[2]), (10, ends[7]), (15, ends[12])] and ends[2] < ends[7] < ends[12]


def test_a_metric_loggers_epoch_printed_again_starts_its_means_anew(tmp_path: Path) -> None:
    """The same log appended twice, as a relaunch writing to the same file prints it: the second copy's
    epoch 0 starts its meters anew, each row's own time as in the first copy (its first row the
    first iteration's 4.1973 s, not none)."""
    _, steps, _ = _read(tmp_path, TV_DETECTION_EPOCH + TV_DETECTION_EPOCH)
    first, again = steps[:6], steps[6:]
    assert [s["step_time_s"] for s in again] == [s["step_time_s"] for s in first]
    assert again[0]["step_time_s"] == 4.1973


# Ultralytics 8.4 on Windows, its last two epochs and the final validation of its best weights (index id 55364530295,
# whole file; its lines 124-135)
ULTRALYTICS_LAST_EPOCHS = [
    '      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size',
    '      11/12      6.34G     0.4485     0.2566     0.8157        114        640: '
    '100% ━━━━━━━━━━━━ 417/417 3.8it/s 1:49',
    '                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95): '
    '100% ━━━━━━━━━━━━ 35/35 5.7it/s 6.1s',
    '                   all       1111      10517      0.848      0.715      0.792      0.596',
    '',
    '      Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size',
    '      12/12      6.29G     0.3987     0.2305     0.8036        147        640: '
    '100% ━━━━━━━━━━━━ 417/417 3.9it/s 1:47',
    '                 Class     Images  Instances      Box(P          R      mAP50  mAP50-95): '
    '100% ━━━━━━━━━━━━ 35/35 5.7it/s 6.1s',
    '                   all       1111      10517      0.864      0.713      0.789        0.6',
    '',
    'Validating C:\\Users\\thisi\\OneDrive\\Documents\\ERA-marin\\ppcm\\runs\\ppcm\\DUO_stage1\\weights\\best.pt...',
    'Ultralytics 8.4.86  Python-3.10.11 torch-2.12.1+cu132 CUDA:0 (NVIDIA GeForce RTX 5060 Ti, 8151MiB)',
]


def test_ultralytics_validating_its_best_weights_ends_its_run(tmp_path: Path) -> None:
    """`Validating ...\\weights\\best.pt...` after epoch `12/12`: Ultralytics' final evaluation, once its epochs are done
    (this console prints no `12 epochs completed in ...`): the run's clean end (it ended unknown)."""
    parser, steps, events = _read(tmp_path, ULTRALYTICS_LAST_EPOCHS)
    assert parser == "ultralytics"
    assert [s["step"] for s in steps][-1] == 12
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [
        ("attempt_end", next(i for i, t in enumerate(ULTRALYTICS_LAST_EPOCHS, 1) if t.startswith("Validating ")))]
