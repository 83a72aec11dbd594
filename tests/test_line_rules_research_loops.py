"""Research code's own training loops, on quoted real lines (each source cited, every repository's file
at a commit): KAIR's bracketed epoch lines, an epoch's seconds as a field of its own, a step counted in
brackets against the run's steps with its rate, first-order-model's logger, and GANs' losses by names
of their own (`D_loss`, `Loss_G`)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_line_rules import _read
from tracelens.parsers._events import _END

# ChengChen2020/USRNet_pytorch @ 0b5faca6, train_log.txt, lines 10-14
KAIR = [
    '<epoch:  1, lr:1.000e-04> loss: 3.731e-01 ',
    '<epoch:  2, lr:1.000e-04> loss: 2.458e-01 ',
    '<epoch:  3, lr:1.000e-04> loss: 2.420e-01 ',
    '<epoch:  4, lr:1.000e-04> loss: 2.205e-01 ',
    '<epoch:  5, lr:1.000e-04> loss: 2.360e-01 ',
]

# dan-allouche-qf/optimal-transport-gan @ 9e37824e, results/train.log, lines 34-41
OT_GAN = [
    'epoch   0 | D^2=+0.0596 | cross=1.1525 rr=0.2651 ff=0.2813 | 1591.6s',
    'epoch   1 | D^2=+0.0242 | cross=0.8874 rr=0.2090 ff=0.2226 | 1532.4s',
    ('/Users/danallouche/Documents/optimal-transport-gan/.venv-audit/lib/python3.13/site-package'
     's/torchmetrics/utilities/prints.py:43: UserWarning: Metric `InceptionScore` will save all '
     'extracted features in buffer. For large datasets this may lead to large memory footprint.'),
    '  warnings.warn(*args, **kwargs)',
    'epoch   2 | D^2=+0.0019 | cross=0.2559 rr=0.0618 ff=0.0652 | 1311.5s | FID=211.59 IS=1.90',
    'epoch   3 | D^2=+0.0005 | cross=0.0900 rr=0.0222 ff=0.0226 | 1222.7s',
    'epoch   4 | D^2=+0.0001 | cross=0.0565 rr=0.0141 ff=0.0141 | 1204.1s',
    'epoch   5 | D^2=+0.0015 | cross=0.2401 rr=0.0585 ff=0.0608 | 1011.3s | FID=97.04 IS=1.95',
]

# Anson-Saju-George/DA-AT-VFI @ 61253873, train.log, lines 19-23
VFI = [
    ('[000000/50000] X4K    | loss 0.0595 | VRAM 1.4/15.9GB (9%) | GPU 92% | 0.12 it/s | ETA 698'
     '2.1 min | batch 16'),
    ('[000500/50000] X4K    | loss 0.0488 | VRAM 9.8/15.9GB (62%) | GPU 0% | 3.04 it/s | ETA 271'
     '.3 min | batch 16'),
    ('[001000/50000] WMS    | loss 0.0300 | VRAM 9.8/15.9GB (62%) | GPU 98% | 3.14 it/s | ETA 25'
     '9.9 min | batch 16'),
    ('[001500/50000] VIMEO  | loss 0.0417 | VRAM 9.8/15.9GB (62%) | GPU 100% | 3.18 it/s | ETA 2'
     '54.0 min | batch 16'),
    ('[002000/50000] VIMEO  | loss 0.0435 | VRAM 9.8/15.9GB (62%) | GPU 98% | 3.19 it/s | ETA 25'
     '0.6 min | batch 16'),
]

# yaoluxun/Thin-Plate-Spline-Motion-Model @ 8812d622, checkpoints/log.txt, lines 1-6 (epoch 0 twice: a relaunch)
FOMM = [
    '00000000) perceptual - 53.96393; equivariance_value - 0.21436; warp_loss - 0.48377',
    '00000000) perceptual - 53.95184; equivariance_value - 0.21432; warp_loss - 0.48279',
    '00000001) perceptual - 54.59198; equivariance_value - 0.21411; warp_loss - 0.48784',
    '00000002) perceptual - 54.90428; equivariance_value - 0.21274; warp_loss - 0.48885',
    '00000003) perceptual - 54.96794; equivariance_value - 0.21173; warp_loss - 0.48800',
    '00000004) perceptual - 55.48198; equivariance_value - 0.21135; warp_loss - 0.49258',
]

# Sound-Zero/GAN_generated_anime_avatars @ 004f2126, log/train.log, lines 2-7
WGAN = [
    '2025-09-21 20:25:24,051 - INFO - Epoch [0/50] Batch [0/199] D_loss: -5.6973 G_loss: 5.6968',
    ('2025-09-21 20:26:12,504 - INFO - 当前搜集到的指标 - Epoch [0/50] Batch [65/199] D_loss: -23.9386, '
     'G_loss: 44.0164'),
    '2025-09-21 20:26:38,581 - INFO - Epoch [0/50] Batch [100/199] D_loss: -41.2680 G_loss: 15.7673',
    ('2025-09-21 20:27:12,913 - INFO - 当前搜集到的指标 - Epoch [0/50] Batch [146/199] D_loss: -30.1969,'
     ' G_loss: 53.8530'),
    '2025-09-21 20:28:02,990 - INFO - Epoch [1/50] Batch [0/199] D_loss: -32.8323 G_loss: 30.7754',
    ('2025-09-21 20:28:13,467 - INFO - 当前搜集到的指标 - Epoch [1/50] Batch [14/199] D_loss: -35.4956, '
     'G_loss: 50.7186'),
]

# uuseeluo/paper-MTGAN-implementation @ ac8f778e, logs/train_log.txt, lines 1-8
MTGAN = [
    '2025-02-24 17:33:00,369 - INFO - 开始训练过程',
    '2025-02-24 17:33:00,406 - INFO - 使用设备: cuda',
    ('2025-02-24 18:18:06,639 - INFO - Epoch [1/20], Loss_D: 0.9577, Loss_G: 11.1170, L_steg: 0.'
     '8927, L_reg: 649.5980, StegAcc: 0.7864, NC_before: 0.9631, NC_after: 0.9461'),
    ('2025-02-24 18:18:35,401 - INFO - Validation Epoch [1/20], PSNR: 32.4023, SSIM: 0.9922, NC_'
     'before Attack: 0.9691, NC_after Attack: 0.9641, Steganalysis Accuracy: 0.6000'),
    ('2025-02-24 19:03:33,923 - INFO - Epoch [2/20], Loss_D: 0.5011, Loss_G: 6.7798, L_steg: 0.4'
     '328, L_reg: 683.0438, StegAcc: 0.9391, NC_before: 0.9725, NC_after: 0.9680'),
    ('2025-02-24 19:04:02,267 - INFO - Validation Epoch [2/20], PSNR: 30.8374, SSIM: 0.9843, NC_'
     'before Attack: 0.9755, NC_after Attack: 0.9673, Steganalysis Accuracy: 0.5000'),
    ('2025-02-24 19:48:58,586 - INFO - Epoch [3/20], Loss_D: 0.7242, Loss_G: 5.6351, L_steg: 0.6'
     '502, L_reg: 740.3109, StegAcc: 0.8791, NC_before: 0.9761, NC_after: 0.9736'),
    ('2025-02-24 19:49:27,084 - INFO - Validation Epoch [3/20], PSNR: 35.5951, SSIM: 0.9945, NC_'
     'before Attack: 0.9849, NC_after Attack: 0.9834, Steganalysis Accuracy: 0.5950'),
]

# its last two lines (44 and 45)
MTGAN_END = [
    ('2025-02-25 08:33:35,811 - INFO - 提示: 模型在最近5个epoch中欠拟合。考虑增加模型复杂度、减少正则化或增加训练时间。'),
    ('2025-02-25 08:33:36,818 - INFO - 训练完成'),
]


# gaggenwaschke/NoProp @ ff5fc7a2, logs/log_mnist.md (its first block), lines 1-6
NOPROP = [
    '',
    '--- resnet18 on cuda ---',
    'Epoch 01 loss 12.6313 | train 2.5s',
    'Epoch 02 loss 1.2394 | train 2.1s',
    'Epoch 03 loss 1.2706 | train 2.1s',
    'Epoch 04 loss 0.9936 | train 2.1s',
]

def test_kair_s_bracketed_epoch_lines(tmp_path: Path) -> None:
    """`<epoch:  1, lr:1.000e-04> loss: 3.731e-01`: an epoch a line (nothing finer), its loss, no clock."""
    name, steps, _ = _read(tmp_path, KAIR)
    read = [re.match(r"<epoch:\s+(\d+), lr:[\d.e+-]+> loss: ([\d.e+-]+)", t) for t in KAIR]
    assert name == "generic_log" and all(read)
    assert [(s["step"], s["loss"], s["end_ns"]) for s in steps] == [(int(m.group(1)), float(m.group(2)), None) for m in read if m]


def test_an_epoch_s_seconds_as_a_field_of_its_own(tmp_path: Path) -> None:
    """`epoch   2 | D^2=+0.0019 | cross=0.2559 rr=0.0618 ff=0.0652 | 1311.5s | FID=211.59 IS=1.90`: the
    epoch a step, the `1311.5s` field its time."""
    name, steps, _ = _read(tmp_path, OT_GAN)
    read = [m for t in OT_GAN if (m := re.match(r"epoch\s+(\d+) \|.*\| ([\d.]+)s(?: \||$)", t))]
    assert name == "generic_log" and len(read) >= 3
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(int(m.group(1)), float(m.group(2))) for m in read]


def test_a_step_in_brackets_against_the_run_s_steps_and_its_rate(tmp_path: Path) -> None:
    """`[000500/50000] X4K    | loss 0.0488 | ... | 3.04 it/s | ETA 271.3 min | batch 16`: step 500,
    its loss, 1 / 3.04 s its time (a rate of its own, no progress bar)."""
    name, steps, _ = _read(tmp_path, VFI)
    read = [re.match(r"\[(\d+)/50000\] \w+ +\| loss ([\d.]+) \|.*\| ([\d.]+) it/s \|", t) for t in VFI]
    assert name == "generic_log" and all(read)
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (int(m.group(1)), float(m.group(2)), pytest.approx(1 / float(m.group(3)))) for m in read if m]


def test_first_order_model_s_logger(tmp_path: Path) -> None:
    """`00000001) perceptual - 54.59198; equivariance_value - 0.21411; warp_loss - 0.48784`: the
    zero-padded epoch a step; epoch 0 printed twice (the run launched again) is two rows."""
    name, steps, _ = _read(tmp_path, FOMM)
    assert name == "generic_log"
    assert [(s["step"], s["line"]) for s in steps] == [(int(t[:8]), n) for n, t in enumerate(FOMM, start=1)]


def test_gan_losses_by_names_of_their_own(tmp_path: Path) -> None:
    """`Epoch [0/50] Batch [100/199] D_loss: -41.2680 G_loss: 15.7673`, dated: a step (the batch of
    its epoch, numbered on across epochs), though no loss is named `loss` (none stored: which of a
    GAN's two is the loss, the line does not say); `Epoch [1/20], Loss_D: 0.9577, Loss_G: ...` a
    dated epoch line, a step each, its validation's line none."""
    name, steps, _ = _read(tmp_path, WGAN)
    read = [(n, m) for n, t in enumerate(WGAN, start=1) if (m := re.search(r"Epoch \[(\d+)/50\] Batch \[(\d+)/199\]", t))]
    assert name == "generic_log" and len(read) == len(WGAN)
    assert [(s["step"], s["line"], s["loss"]) for s in steps] == [
        (int(m.group(1)) * 199 + int(m.group(2)), n, None) for n, m in read]
    name, steps, _ = _read(tmp_path, MTGAN)
    epochs = [(n, int(m.group(1))) for n, t in enumerate(MTGAN, start=1)
              if (m := re.search(r" - INFO - Epoch \[(\d+)/20\], Loss_D", t))]
    assert name == "generic_log" and len(epochs) >= 2
    assert [(s["step"], s["line"]) for s in steps] == [(e, n) for n, e in epochs]


def test_an_epoch_s_training_seconds_as_a_field(tmp_path: Path) -> None:
    """`Epoch 02 loss 1.2394 | train 2.1s`: the epoch a step, its loss, its training's 2.1 s its time."""
    name, steps, _ = _read(tmp_path, NOPROP)
    read = [m for t in NOPROP if (m := re.fullmatch(r"Epoch (\d+) loss ([\d.]+) \| train ([\d.]+)s", t))]
    assert name == "generic_log" and len(read) >= 3
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (int(m.group(1)), float(m.group(2)), float(m.group(3))) for m in read]


def test_training_complete_in_chinese_ends_the_run(tmp_path: Path) -> None:
    """MTGAN's last lines (the same file's last two): `- INFO - 训练完成` ("training complete") is the
    run's clean end, after its epochs."""
    lines = [*MTGAN, "...", *MTGAN_END]
    _, _, events = _read(tmp_path, lines)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", len(lines))]
    # (the phrase after a round's number, `第1轮训练完成`, round 1's training complete, is no end)
    assert _END.search("第1轮训练完成") is None and _END.search("- INFO - 训练完成") is not None


def test_what_is_no_training_loss_nor_an_end() -> None:
    """The words these rules read, where they mean something else: an evaluation's loss or a loss
    scale by any name is no training loss; a cost with a time unit is a time; `训练完成` after an
    epoch's number is that epoch's, not the run's end."""
    from tracelens.parsers.generic_log import _COST, _named_loss

    assert [_named_loss(t) for t in ("best_val_loss: 0.41", "mean_val_loss=0.4", "loss_scale: 65536.0",
                                     "D_loss: -5.6973", "train_loss_total=0.6695")] == [False, False, False, True, True]
    assert [_COST.search(t) is not None for t in ("Batch 050/469 | Cost: 2.2714", "step 10, cost 0.31 sec",
                                                  "batch_cost: 0.83230s")] == [True, False, False]
    assert _END.search("Epoch 1 训练完成, 平均损失: 0.5") is None


# ParallelWaveGAN's trainer (github.com/kan-bayashi/ParallelWaveGAN/issues/425, the train.log, lines 1-4)
PWG = [
    '[train]:   0%|          | 1974/3000000 [08:35<218:49:50,  3.81it/s]',
    '[train]:   0%|          | 1975/3000000 [08:35<217:33:15,  3.83it/s]',
    '[train]:   0%|          | 1976/3000000 [08:35<215:58:02,  3.86it/s]',
    '[train]:   0%|          | 1977/3000000 [08:35<212:03:47,  3.93it/s]',
]

# HQ-SAM's trainer, MetricLogger rows under no header (github.com/SysCV/sam-hq/issues/73, the log, lines 1-16)
HQ_SAM = [
    ' Total time: 0:11:04 (2.9660 s / it)',
    'Finished epoch:       3',
    ('Averaged stats: training_loss: 0.3417 (0.4075)  loss_dice: 0.2744 (0.3187)  loss_mask: 0.0'
     '470 (0.0888)'),
    'Validating...',
    'valid_dataloader len: 102',
    ('  [  0/102]  eta: 0:01:47  val_boundary_iou_0: 0.0400 (0.0400)  val_iou_0: 0.0400 (0.0400)'
     '  time: 1.0492  data: 0.2645  max mem: 18812'),
    ('  [101/102]  eta: 0:00:00  val_boundary_iou_0: 0.0036 (0.0308)  val_iou_0: 0.0036 (0.0381)'
     '  time: 0.7657  data: 0.0026  max mem: 18812'),
    ' Total time: 0:01:18 (0.7665 s / it)',
    '============================',
    'Averaged stats: val_boundary_iou_0: 0.0036 (0.0308)  val_iou_0: 0.0036 (0.0381)',
    'come here save at /home/user/Desktop/sam_hq/output/epoch_3.pth',
    'epoch:    4   learning rate:   0.001',
    ('  [  0/224]  eta: 0:14:13  training_loss: 0.4991 (0.4991)  loss_dice: 0.4048 (0.4048)  los'
     's_mask: 0.0943 (0.0943)  time: 3.8119  data: 0.6596  max mem: 18812'),
    ('  [223/224]  eta: 0:00:02  training_loss: 0.3842 (0.4097)  loss_dice: 0.3091 (0.3169)  los'
     's_mask: 0.0534 (0.0927)  time: 2.9631  data: 0.0032  max mem: 18812'),
    ' Total time: 0:11:05 (2.9699 s / it)',
    'Finished epoch:       4',
]


def test_parallel_wavegan_s_train_bar_counts_the_run_s_steps(tmp_path: Path) -> None:
    """`[train]:   0%|...| 1974/3000000 [08:35<218:49:50,  3.81it/s]` (its bar over every step of the
    run, from the step it resumed at): the count the step, 1 / its rate the step's time."""
    name, steps, _ = _read(tmp_path, PWG)
    read = [re.search(r"\| (\d+)/3000000 \[.*,\s+([\d.]+)it/s\]$", t) for t in PWG]
    assert name == "generic_log" and all(read)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [
        (int(m.group(1)), pytest.approx(1 / float(m.group(2)))) for m in read if m]


def test_metric_logger_rows_under_no_header(tmp_path: Path) -> None:
    """`  [223/224]  eta: 0:00:02  training_loss: 0.3842 (0.4097) ... time: 2.9631  data: 0.0032`, after
    `epoch:    4   learning rate:   0.001`: a training row a step (its validation's rows, no loss, none)."""
    name, steps, _ = _read(tmp_path, HQ_SAM)
    rows = [int(m.group(1)) for t in HQ_SAM if (m := re.match(r"\s+\[\s*(\d+)/224\]  eta: .*training_loss: ", t))]
    assert name == "generic_log" and rows == [0, 223]
    assert [s["step"] for s in steps] == rows


GPT_DEV_EVALUATIONS = [
    '0.209729 M parameters',
    'step 0: train loss 4.4116, val loss 4.4022',
    'step 100: train loss 2.6568, val loss 2.6670',
    'step 200: train loss 2.5090, val loss 2.5058',
    'step 300: train loss 2.4198, val loss 2.4340',
    'step 400: train loss 2.3503, val loss 2.3567',
]


def test_a_loop_that_prints_only_its_evaluations_has_those_steps(tmp_path: Path) -> None:
    """Karpathy's "Let's build GPT" notebook cell: `0.209729 M parameters`, then `step 0: train
    loss 4.4116, val loss 4.4022` every 100 steps and nothing else: those are the steps (the
    training split's loss, no time), as no iteration line is printed."""
    _, steps, _ = _read(tmp_path, GPT_DEV_EVALUATIONS)
    printed = [text.split(": train loss ") for text in GPT_DEV_EVALUATIONS if text.startswith("step ")]
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (int(head[5:]), float(rest.split(",")[0]), None) for head, rest in printed]


JA_ARROW_EPOCHS = [
    '====> エポック 1/10, 平均損失: 3.2511191775159136',
    '====> エポック 2/10, 平均損失: 2.5665588000925577',
    '====> エポック 3/10, 平均損失: 1.7992225943542108',
    '====> エポック 4/10, 平均損失: 1.4031684049745885',
]

JA_POINTNET_EPOCHS = [
    '# 学習を開始します...',
    '# エポック 1/25 | 訓練損失: 0.0385 | 訓練精度: 98.97% | 検証精度: 98.87%',
    '# エポック 2/25 | 訓練損失: 0.0271 | 訓練精度: 98.99% | 検証精度: 98.98%',
    '# エポック 3/25 | 訓練損失: 0.0224 | 訓練精度: 99.04% | 検証精度: 99.15%',
    '# エポック 4/25 | 訓練損失: 0.0196 | 訓練精度: 99.10% | 検証精度: 99.29%',
]


def test_japanese_epoch_and_loss_words_are_read(tmp_path: Path) -> None:
    """A Japanese report's VAE-style lines (`====> エポック 1/10, 平均損失: 3.2511...`, epoch and
    average loss) and a PointNet script's (`# エポック 1/25 | 訓練損失: 0.0385 | ...`, epoch and
    training loss): a step an epoch, its loss."""
    _, steps, _ = _read(tmp_path, JA_ARROW_EPOCHS)
    assert [(s["step"], s["loss"]) for s in steps] == [
        (int(t.split("エポック ")[1].split("/")[0]), float(t.split("平均損失: ")[1])) for t in JA_ARROW_EPOCHS]
    _, steps, _ = _read(tmp_path, JA_POINTNET_EPOCHS)
    rows = [t for t in JA_POINTNET_EPOCHS if "エポック" in t]
    assert [(s["step"], s["loss"]) for s in steps] == [
        (int(t.split("エポック ")[1].split("/")[0]), float(t.split("訓練損失: ")[1].split()[0])) for t in rows]


GRAPHSTORM_SAVE = [
    'Part 0 | Epoch 00000 | Batch 000 | Loss: 9.3659 | Time: 1605.6529',
    'Part 0 | Epoch 00000 | Batch 020 | Loss: 3.2750 | Time: 56.7405',
    'Part 0 | Epoch 00000 | Batch 040 | Loss: 2.7095 | Time: 47.2696',
    'Part 0 | Epoch 00000 | Batch 060 | Loss: 2.3474 | Time: 38.1533',
    'Part 0 | Epoch 00000 | Batch 080 | Loss: 2.0498 | Time: 3.7746',
    'Part 0 | Epoch 00000 | Batch 100 | Loss: 1.7989 | Time: 3.1251',
    'Epoch 0 take 6168.413270235062',
    "{'precision_recall': 0.8640158270665219}   ",
    'successfully save the model to ~/workspaceresults/models_pretrain/epoch-0',
    'Time on save model 510.14134764671326',
    'WARNING: We do not export the state of sparse optimizer',
    'Part 0 | Epoch 00001 | Batch 000 | Loss: 1.7309 | Time: 1444.2954',
    'Part 0 | Epoch 00001 | Batch 020 | Loss: 1.6146 | Time: 55.4207',
    'Part 0 | Epoch 00001 | Batch 040 | Loss: 1.5405 | Time: 55.2350',
    'Part 0 | Epoch 00001 | Batch 060 | Loss: 1.4597 | Time: 56.0691',
    'Part 0 | Epoch 00001 | Batch 080 | Loss: 1.4221 | Time: 3.4350',
    'Part 0 | Epoch 00001 | Batch 100 | Loss: 1.3927 | Time: 3.3764',
    'Epoch 1 take 6133.379153013229',
    "{'precision_recall': 0.7667207585384354}   ",
    'Traceback (most recent call last):',
    '  File "/home/ubuntu/pytorch-1-12-0/lib/python3.8/site-packages/torch/serialization.py", line 3'
    '79,',
    ' in save',
    '    _save(obj, opened_zipfile, pickle_module, pickle_protocol)',
]

DREAMBOOTH_WEIGHTS_SAVED = [
    'Generating samples: 100%|██████████████████████| 1/1 [02:42<00:00, 162.25s/it]',
    '[*] Weights saved at /Users/chardin/gitdir/stable-diffusion-webui/models/dreambooth/JWLett',
    'Generating samples: 100%|██████████████████████| 1/1 [02:40<00:00, 160.60s/it]',
    '[*] Weights saved at /Users/chardin/gitdir/stable-diffusion-webui/models/dreambooth/JWLett',
    'Steps:  97%|█████▊| 2437/2500 [19:21:23<27:16, 25.98s/it, loss=0.256, lr=5e-6]StSteps: 100%|███'
    '███| 2500/2500 [19:50:39<00:00, 26.87s/it, loss=0.257, lr=5e-6]Successfully trained model for a'
    ' total of 2600 steps, converting to ckpt.',
    'Exception saving checkpoint/model: [enforce fail at inline_container.cc:300] . unexpected pos 3'
    '492359232 vs 3492359120',
    'Traceback (most recent call last):',
    '  File "/Users/chardin/opt/miniconda3/envs/web-ui/lib/python3.10/site-packages/torch/serializat'
    'ion.py", line 380, in save',
    '    _save(obj, opened_zipfile, pickle_module, pickle_protocol)',
    '  File "/Users/chardin/opt/miniconda3/envs/web-ui/lib/python3.10/site-packages/torch/serializat'
    'ion.py", line 604, in _save',
    '    zip_file.write_record(name, storage.data_ptr(), num_bytes)',
    'OSError: [Errno 28] No space left on device',
    '',
    'During handling of the above exception, another exception occurred:',
    '',
    'Traceback (most recent call last):',
]

JA_TRAINING_DONE = [
    '# 学習を開始します...',
    '# エポック 1/25 | 訓練損失: 0.0385 | 訓練精度: 98.97% | 検証精度: 98.87%',
    '# エポック 2/25 | 訓練損失: 0.0271 | 訓練精度: 98.99% | 検証精度: 98.98%',
    '# エポック 3/25 | 訓練損失: 0.0224 | 訓練精度: 99.04% | 検証精度: 99.15%',
    '# エポック 4/25 | 訓練損失: 0.0196 | 訓練精度: 99.10% | 検証精度: 99.29%',
    '# 学習が完了しました。',
]


def test_a_scripts_own_save_words_are_saves(tmp_path: Path) -> None:
    """GraphStorm's `successfully save the model to ~/.../epoch-0` and the Dreambooth extension's
    `[*] Weights saved at /.../models/dreambooth/...`: a save each, at those lines."""
    for lines, said in ((GRAPHSTORM_SAVE, "successfully save the model to "),
                        (DREAMBOOTH_WEIGHTS_SAVED, "Weights saved at ")):
        _, _, events = _read(tmp_path, lines)
        assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == [
            n for n, text in enumerate(lines, 1) if said in text]


def test_japanese_training_completed_ends_the_run(tmp_path: Path) -> None:
    """A Japanese PointNet script's `# 学習が完了しました。` ("training has completed") after its epochs:
    the run's clean end."""
    _, steps, events = _read(tmp_path, JA_TRAINING_DONE)
    assert [s["step"] for s in steps] == [1, 2, 3, 4]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [
        ("attempt_end", len(JA_TRAINING_DONE))]


# llm.c's CPU trainer ported to Swift (github.com/otabuzzman/llm.swift @ ce46004c, README.md, the block after
# "Output of Swift's `train_gpt2`:", its lines 12-16): llm.c's own line, `step N: train loss X (took T ms)`
LLMC_TOOK = [
    "val loss 5.3254156",
    "step 0: train loss 5.356085 (took 60110.31210422516 ms)",
    "step 1: train loss 4.3006387 (took 58332.464933395386 ms)",
    "step 2: train loss 4.623086 (took 58333.27293395996 ms)",
    "step 3: train loss 4.5993624 (took 58257.12597370148 ms)",
]

# DiT's train.py (github.com/kianhk6/DiT_logs @ 857f56ec, results/013-DiT-S-2/log.txt, lines 5-10)
DIT_STEPS_PER_SEC = [
    "[2025-02-13 13:35:23] Beginning epoch 0...",
    "[2025-02-13 13:35:24] Sampling moderation active for epoch 0.",
    "[2025-02-13 13:35:56] (step=0000100) Train Loss: 0.5200, Train Steps/Sec: 3.07",
    "[2025-02-13 13:36:28] (step=0000200) Train Loss: 0.2338, Train Steps/Sec: 3.11",
    "[2025-02-13 13:37:01] (step=0000300) Train Loss: 0.2394, Train Steps/Sec: 3.02",
    "[2025-02-13 13:37:35] (step=0000400) Train Loss: 0.2165, Train Steps/Sec: 2.92",
]

# a Qwen-Image-Edit LoRA distillation's own loop (a public report's block of its 10 loss lines, index id
# 58161177221, its first three): a time per step with a space before tqdm's unit, which tqdm never prints
SPACED_S_PER_IT = [
    "[17:40:41] step 10/100 | loss 0.00372 | 7.7 s/it | 峰值 50.8 GB",
    "[17:41:53] step 20/100 | loss 0.01648 | 7.5 s/it | 峰值 50.8 GB",
    "[17:43:14] step 30/100 | loss 0.00475 | 7.7 s/it | 峰值 50.8 GB",
]

# a minimal GPT in JAX (github.com/jlin816/jax-sandbox @ 3f026d85, README.md, the block under "## Jax, GPU,
# jit train step:", lines 1-3): the step's loss and the evaluation's on one line
LOSS_AND_VAL = [
    "step 0 | elapsed 0.49m | loss: 4.01 | val: 3.52",
    "step 100 | elapsed 1.11m | loss: 3.07 | val: 2.96",
    "step 200 | elapsed 1.72m | loss: 3.08 | val: 2.92",
]

# OpenAI's parameter-golf MLX trainer (a fork of github.com/openai/parameter-golf @ 45249472,
# autoresearch_pg/runs/mlx_smoke_candidate_v2/smoke_mlx_local/mlx_smoke_candidate_v2_smoke_mlx_local_20260318_200029/
# train.log, lines 52-54)
GOLF_SAVED = [
    "step:50/50 train_loss:5.4536 train_time:20408ms step_avg:408.15ms tok_s:19949",
    "step:50/50 val_loss:5.4259 val_bpb:3.2131 train_time:23232ms step_avg:464.65ms",
    "saved_model:logs/mlx_smoke_candidate_v2_smoke_mlx_local_20260318_200029_mlx_model.npz bytes:67212188",
]


def test_llm_cs_took_milliseconds_is_the_steps_time(tmp_path: Path) -> None:
    """`step 0: train loss 5.356085 (took 60110.31210422516 ms)`: each step's own time (none was read)."""
    _, steps, _ = _read(tmp_path, LLMC_TOOK)
    took = {int(m.group(1)): float(m.group(2)) / 1000 for t in LLMC_TOOK
            if (m := re.match(r"step (\d+): train loss [\d.]+ \(took ([\d.]+) ms\)", t))}
    assert len(took) == 4
    assert {row["step"]: row["step_time_s"] for row in steps} == pytest.approx(took)


def test_dits_train_steps_a_second_is_its_intervals_step_time(tmp_path: Path) -> None:
    """`(step=0000100) Train Loss: 0.5200, Train Steps/Sec: 3.07`: a step took 1 / 3.07 s over the interval."""
    _, steps, _ = _read(tmp_path, DIT_STEPS_PER_SEC)
    rates = {int(m.group(1)): float(m.group(2)) for t in DIT_STEPS_PER_SEC
             if (m := re.search(r"\(step=(\d+)\) Train Loss: [\d.]+, Train Steps/Sec: ([\d.]+)", t))}
    assert len(rates) == 4
    assert {row["step"]: row["step_time_s"] for row in steps} == pytest.approx({s: 1 / r for s, r in rates.items()})


def test_a_time_per_step_with_a_space_before_s_per_it(tmp_path: Path) -> None:
    """`| 7.7 s/it |` in a script's own line is its step's time (none was read)."""
    _, steps, _ = _read(tmp_path, SPACED_S_PER_IT)
    shown = [float(m.group(1)) for t in SPACED_S_PER_IT if (m := re.search(r"\| ([\d.]+) s/it \|", t))]
    assert [row["step_time_s"] for row in steps] == shown == [7.7, 7.5, 7.7]


def test_a_step_line_with_its_evaluations_loss_beside_is_the_step(tmp_path: Path) -> None:
    """`step 100 | elapsed 1.11m | loss: 3.07 | val: 2.96`: the loss in a field of its own is the
    step's (the file was refused as no input: a line naming `val` was read as an evaluation's)."""
    _, steps, _ = _read(tmp_path, LOSS_AND_VAL)
    logged = [(int(m.group(1)), float(m.group(2))) for t in LOSS_AND_VAL
              if (m := re.match(r"step (\d+) .*\| loss: ([\d.]+) \|", t))]
    assert [(row["step"], row["loss"]) for row in steps] == logged == [(0, 4.01), (100, 3.07), (200, 3.08)]


def test_parameter_golfs_saved_model_line_is_a_save(tmp_path: Path) -> None:
    """`saved_model:logs/..._mlx_model.npz bytes:67212188`: the trainer wrote its model (no save was read)."""
    _, _, events = _read(tmp_path, GOLF_SAVED, parser_name="generic_log")
    line = next(n for n, t in enumerate(GOLF_SAVED, 1) if t.startswith("saved_model:"))
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [("checkpoint_save_end", line)]


# A home-made DeepSpeed pre-training loop's train.log (github.com/Barber0/LLM-pretrain @
# 04a92e1189c2a59f74691992fe72be503e7a9e94 : train.log, lines 1-4 of 13)
EP_BATCH = [
    "ep: 0, batch: 20, time: 9.17, ntokens: 485.20/513, loss: 10.984375",
    "ep: 0, batch: 40, time: 8.38, ntokens: 431.70/513, loss: 10.976562",
    "ep: 0, batch: 60, time: 8.35, ntokens: 428.90/513, loss: 10.984375",
    "ep: 0, batch: 80, time: 8.46, ntokens: 513.00/513, loss: 10.914062",
]


def test_an_abbreviated_epoch_counts_its_batches(tmp_path: Path) -> None:
    """`ep: 0, batch: 20, ...`: the epoch abbreviated, the batch the step; `time: 9.17` names no unit
    nor what it spans (a batch, or the 20 since the line before), so no step time."""
    parser, steps, _ = _read(tmp_path, EP_BATCH, name="train.log")
    assert parser == "generic_log"
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (20, 10.984375, None), (40, 10.976562, None), (60, 10.984375, None), (80, 10.914062, None)]


# gpt-2-simple's finetune in a README's output block (github.com/giftmischer69/rapwiz42 @
# 2253e1a5ef7473522ee23a38e15bdbb0da1d40fd : README.md): its dataset's 1/1 bar, then its steps
GPT2_SIMPLE = [
    "Loading dataset...",
    "",
    "100%|\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588\u2588| 1/1 [00:02<00:00,  2.61s/it]",
    "",
    "dataset has 422429 tokens",
    "Training...",
    "[25 | 64.72] loss=4.76 avg=4.76",
    "[50 | 119.89] loss=4.76 avg=4.76",
    "[75 | 175.34] loss=4.41 avg=4.64",
    "Saving checkpoint/run1/model-250",
]


def test_gpt2_simple_s_counter_and_seconds_since_training_began(tmp_path: Path) -> None:
    """`[50 | 119.89] loss=4.76 avg=4.76`: step 50, 119.89 s since training began, its loss (the running
    average after it): steps 25, 50 and 75, the later two (119.89 - 64.72) / 25 and (175.34 - 119.89) / 25 s
    a step; the first has no earlier line (a resumed run's counter goes on from its checkpoint's). The
    dataset's 1/1 bar is no step."""
    _, steps, _ = _read(tmp_path, GPT2_SIMPLE, name="output.log")
    assert [(s["step"], s["loss"]) for s in steps] == [(25, 4.76), (50, 4.76), (75, 4.41)]
    assert [s["step_time_s"] for s in steps] == [None, pytest.approx((119.89 - 64.72) / 25),
                                                 pytest.approx((175.34 - 119.89) / 25)]
