"""Relaunches appended to one log, runs cut or resumed, and the lines that date them (PointNet's descendants' log_train.txt,
a custom pretraining loop's checkpoints, PyTorch's c10 logger and a DDP job's bars, rich's dates after a Lightning bar):
lines quoted verbatim from public files (each block's source is cited above it), tiny inputs in, exact rows out, each
expectation read off the quoted text."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from tests.conftest import console_connection
from tests.test_line_rules import _read


def _at(text: str, form: str) -> int:
    return int(datetime.strptime(text, form).replace(tzinfo=UTC).timestamp()) * 10**9


# VoteNet's train.py appending to its log_train.txt at each launch (argparse's Namespace, `train start`, the epoch's
# banner, its start's `datetime.now()`): launches that died in their first epoch, then the last, which logs its
# batches' means (jc-at-school/votenet-kitti@2dc4c80e0d9e1954dfbbce9b7a66ec1ff1736033, log/log_train.txt, lines 1-18
# and 49-94)
VOTENET = [
    "Namespace(DUMP_DIR='/home/chia/CS7643-DL/Group/votenet-kitti/log', ap_iou_thresh=0.25, batch_size=2, bn_decay_rate=0"
        ".5, bn_decay_step=20, checkpoint_path=None, cluster_sampling='vote_fps', dataset='kitti', dump_dir=None, dump_result"
        "s=False, learning_rate=0.001, log_dir='log', lr_decay_rates='0.1,0.1,0.1', lr_decay_steps='80,120,160', max_epoch=20"
        "0, model='votenet', no_height=True, num_point=20000, num_target=256, overwrite=False, use_color=False, use_sunrgbd_v"
        '2=False, vote_factor=1, weight_decay=0)',
    'train start',
    '**** EPOCH 000 ****',
    'Current learning rate: 0.001000',
    'Current BN decay momentum: 0.500000',
    '2022-04-28 23:18:18.056310',
    "Namespace(DUMP_DIR='/home/chia/CS7643-DL/Group/votenet-kitti/log', ap_iou_thresh=0.25, batch_size=2, bn_decay_rate=0"
        ".5, bn_decay_step=20, checkpoint_path=None, cluster_sampling='vote_fps', dataset='kitti', dump_dir=None, dump_result"
        "s=False, learning_rate=0.001, log_dir='log', lr_decay_rates='0.1,0.1,0.1', lr_decay_steps='80,120,160', max_epoch=20"
        "0, model='votenet', no_height=True, num_point=20000, num_target=256, overwrite=False, use_color=False, use_sunrgbd_v"
        '2=False, vote_factor=1, weight_decay=0)',
    'train start',
    '**** EPOCH 000 ****',
    'Current learning rate: 0.001000',
    'Current BN decay momentum: 0.500000',
    '2022-04-28 23:21:15.476389',
    "Namespace(DUMP_DIR='/home/chia/CS7643-DL/Group/votenet-kitti/log', ap_iou_thresh=0.25, batch_size=2, bn_decay_rate=0"
        ".5, bn_decay_step=20, checkpoint_path=None, cluster_sampling='vote_fps', dataset='kitti', dump_dir=None, dump_result"
        "s=False, learning_rate=0.001, log_dir='log', lr_decay_rates='0.1,0.1,0.1', lr_decay_steps='80,120,160', max_epoch=20"
        "0, model='votenet', no_height=True, num_point=20000, num_target=256, overwrite=False, use_color=False, use_sunrgbd_v"
        '2=False, vote_factor=1, weight_decay=0)',
    'train start',
    '**** EPOCH 000 ****',
    'Current learning rate: 0.001000',
    'Current BN decay momentum: 0.500000',
    '2022-04-28 23:22:01.820025',
    "Namespace(DUMP_DIR='/home/chia/CS7643-DL/Group/votenet-kitti/log', ap_iou_thresh=0.25, batch_size=4, bn_decay_rate=0"
        ".5, bn_decay_step=20, checkpoint_path=None, cluster_sampling='vote_fps', dataset='kitti', dump_dir=None, dump_result"
        "s=False, learning_rate=0.001, log_dir='log', lr_decay_rates='0.1,0.1,0.1', lr_decay_steps='80,120,160', max_epoch=20"
        "0, model='votenet', no_height=True, num_point=20000, num_target=256, overwrite=False, use_color=False, use_sunrgbd_v"
        '2=False, vote_factor=1, weight_decay=0)',
    'train start',
    '**** EPOCH 000 ****',
    'Current learning rate: 0.001000',
    'Current BN decay momentum: 0.500000',
    '2022-04-28 23:41:35.321547',
    "Namespace(DUMP_DIR='/home/chia/CS7643-DL/Group/votenet-kitti/log', ap_iou_thresh=0.25, batch_size=4, bn_decay_rate=0"
        ".5, bn_decay_step=20, checkpoint_path=None, cluster_sampling='vote_fps', dataset='kitti', dump_dir=None, dump_result"
        "s=False, learning_rate=0.001, log_dir='log', lr_decay_rates='0.1,0.1,0.1', lr_decay_steps='80,120,160', max_epoch=20"
        "0, model='votenet', no_height=True, num_point=20000, num_target=256, overwrite=False, use_color=False, use_sunrgbd_v"
        '2=False, vote_factor=1, weight_decay=0)',
    'train start',
    '**** EPOCH 000 ****',
    'Current learning rate: 0.001000',
    'Current BN decay momentum: 0.500000',
    '2022-04-28 23:52:22.701539',
    ' ---- batch: 010 ----',
    'mean box_loss: 2.684942',
    'mean center_loss: 2.181040',
    'mean heading_acc: 0.000000',
    'mean heading_cls_loss: 1.963823',
    'mean heading_reg_loss: 0.179814',
    'mean loss: 48.511072',
    'mean neg_ratio: 0.994043',
    'mean obj_acc: 0.640425',
    'mean objectness_loss: 0.129404',
    'mean pos_ratio: 0.001172',
    'mean sem_acc: 0.550000',
    'mean sem_cls_loss: 0.499747',
    'mean size_acc: 0.583333',
    'mean size_cls_loss: 0.479568',
    'mean size_reg_loss: 0.079749',
    'mean vote_loss: 2.051489',
    ' ---- batch: 020 ----',
    'mean box_loss: 2.078468',
    'mean center_loss: 1.759231',
    'mean heading_acc: 0.100000',
    'mean heading_cls_loss: 1.171603',
    'mean heading_reg_loss: 0.118962',
    'mean loss: 40.987146',
    'mean neg_ratio: 0.995508',
    'mean obj_acc: 0.978831',
    'mean objectness_loss: 0.063433',
    'mean pos_ratio: 0.000781',
    'mean sem_acc: 0.500000',
    'mean sem_cls_loss: 0.171916',
    'mean size_acc: 0.500000',
    'mean size_cls_loss: 0.226380',
    'mean size_reg_loss: 0.060477',
    'mean vote_loss: 1.971338',
]


def test_each_argument_dump_a_log_opens_with_said_again_is_a_launch(tmp_path: Path) -> None:
    """Every `Namespace(...)` dump is train.py launched again (five here), each starting at its first dated line, though
    four logged no step; ` ---- batch: 010 ----` is the tenth batch of the epoch its banner opened, its loss the
    `mean loss` among the means under it."""
    _, steps, events = _read(tmp_path, VOTENET)
    dumps = [n for n, t in enumerate(VOTENET, start=1) if t.startswith("Namespace(")]
    dated = [next(m for m in range(n + 1, len(VOTENET) + 1) if re.fullmatch(r"[\d-]{10} [\d:.]{15}", VOTENET[m - 1]))
             for n in dumps]
    assert len(dumps) == 5
    assert [e["line"] for e in events if e["kind"] == "attempt_start"] == dated
    means = [float(t.split(": ")[1]) for t in VOTENET if t.startswith("mean loss: ")]
    assert [(s["step"], s["loss"]) for s in steps] == list(zip([10, 20], means, strict=True))
    con = console_connection(tmp_path, VOTENET, name="log_train.txt")
    started = con.execute("select start_ns from attempts order by attempt").fetchall()
    assert [ns for (ns,) in started] == [_at(VOTENET[n - 1], "%Y-%m-%d %H:%M:%S.%f") + int(VOTENET[n - 1][-6:]) * 1000
                                         for n in dated]


# A custom pretraining loop resumed from its latest checkpoint, saving one every 150 steps and pruning the oldest
# (Pratic2001/Qwen3-Non-MOE@867362941244f812ee9771da68b1ab95a486fd01, train.out, lines 11 and 20-37)
RESUMED_LOOP = [
    '[Checkpoint] resumed from ./checkpoints/latest.pt at step 47700',
    'step   47700 | loss 1.4684 | lr 1.79e-04 | grad 0.075 | 113.4k tok/s | mfu 114.07%',
    'step   47710 | loss 13.8450 | lr 1.79e-04 | grad 0.768 | 37.5k tok/s | mfu 37.67%',
    'step   47720 | loss 13.9949 | lr 1.79e-04 | grad 0.732 | 37.4k tok/s | mfu 37.60%',
    'step   47730 | loss 14.4119 | lr 1.79e-04 | grad 0.728 | 37.4k tok/s | mfu 37.56%',
    'step   47740 | loss 14.3244 | lr 1.79e-04 | grad 0.732 | 37.3k tok/s | mfu 37.53%',
    'step   47750 | loss 13.9475 | lr 1.79e-04 | grad 0.721 | 37.3k tok/s | mfu 37.49%',
    'step   47760 | loss 14.8256 | lr 1.79e-04 | grad 0.740 | 37.3k tok/s | mfu 37.50%',
    'step   47770 | loss 14.1456 | lr 1.79e-04 | grad 0.842 | 37.3k tok/s | mfu 37.47%',
    'step   47780 | loss 14.7685 | lr 1.79e-04 | grad 0.734 | 37.3k tok/s | mfu 37.46%',
    'step   47790 | loss 14.5188 | lr 1.79e-04 | grad 0.723 | 37.2k tok/s | mfu 37.44%',
    'step   47800 | loss 14.4103 | lr 1.79e-04 | grad 0.773 | 37.2k tok/s | mfu 37.44%',
    'step   47810 | loss 13.5458 | lr 1.79e-04 | grad 0.841 | 37.2k tok/s | mfu 37.42%',
    'step   47820 | loss 14.1011 | lr 1.79e-04 | grad 0.738 | 37.2k tok/s | mfu 37.40%',
    'step   47830 | loss 14.0247 | lr 1.79e-04 | grad 0.718 | 37.2k tok/s | mfu 37.42%',
    'step   47840 | loss 14.4484 | lr 1.79e-04 | grad 0.733 | 37.2k tok/s | mfu 37.41%',
    'step   47850 | loss 14.0481 | lr 1.79e-04 | grad 0.753 | 37.2k tok/s | mfu 37.40%',
    '[Checkpoint] saved ./checkpoints/ckpt_step0047850.pt',
    '[Checkpoint] pruned checkpoints/ckpt_step0047400.pt',
]


def test_a_checkpoint_tags_resume_and_save_name_their_steps(tmp_path: Path) -> None:
    """`[Checkpoint] resumed from ./checkpoints/latest.pt at step 47700`: a load of step 47700; `[Checkpoint] saved
    ./checkpoints/ckpt_step0047850.pt` a save of step 47850 (its pruning of an older file no save); each step's
    `37.5k tok/s` 37,500 tokens a second (its bare `grad 0.768` no norm for certain: no gradient norm)."""
    _, steps, events = _read(tmp_path, RESUMED_LOOP)
    assert [(e["kind"], e["line"], e["step"]) for e in events] == [
        ("checkpoint_load_end", 1, 47700), ("checkpoint_save_end", len(RESUMED_LOOP) - 1, 47850)]
    said = [re.search(r"grad ([\d.]+) \| ([\d.]+)k tok/s", t) for t in RESUMED_LOOP if t.startswith("step ")]
    assert [(s["grad_norm"], s["tokens_per_s"]) for s in steps] == [
        (None, round(float(m.group(2)) * 1000, 6)) for m in said if m is not None]
    assert len(steps) == len(said) == 16


# A torch.distributed job's stderr: the c10 logger's warnings (the month unpadded: `[W427 ...]`), then its rank 0's
# training bar, its drawings apart by carriage returns (PranavSitaraman/Lossless-Neural-Compression@
# 7fecd14a043c524bea4f957c8fb7e27c03a77066, train.err, lines 1-5)
DDP_BARS = [
    '[W427 10:31:58.108805957 socket.cpp:759] [c10d] The client socket cannot be initialized to connect to [holygpu8a1940'
        '1.rc.fas.harvard.edu]:39591 (errno: 97 - Address family not supported by protocol).',
    '[W427 10:31:59.692718066 socket.cpp:759] [c10d] The client socket cannot be initialized to connect to [holygpu8a1940'
        '1.rc.fas.harvard.edu]:39591 (errno: 97 - Address family not supported by protocol).',
    '[W427 10:32:22.119830462 socket.cpp:759] [c10d] The client socket cannot be initialized to connect to [holygpu8a1940'
        '1.rc.fas.harvard.edu]:39591 (errno: 97 - Address family not supported by protocol).',
    '[W427 10:32:23.233517622 socket.cpp:759] [c10d] The client socket cannot be initialized to connect to [holygpu8a1940'
        '1.rc.fas.harvard.edu]:39591 (errno: 97 - Address family not supported by protocol).',
    '\rRank 0 Training:   0%|          | 0/28 [00:00<?, ?it/s]\rRank 0 Training:   4%|▎         | 1/28 [00:53<24:01, 53.3'
        '8s/it]\rRank 0 Training:   7%|▋         | 2/28 [00:53<09:36, 22.18s/it]\rRank 0 Training:  11%|█         | 3/28 [00:'
        '53<05:03, 12.16s/it]\rRank 0 Training:  14%|█▍        | 4/28 [00:54<02:58,  7.45s/it]\rRank 0 Training:  18%|█▊     '
        '   | 5/28 [01:27<06:28, 16.89s/it]\rRank 0 Training:  21%|██▏       | 6/28 [01:28<04:07, 11.24s/it]\rRank 0 Training'
        ':  25%|██▌       | 7/28 [01:28<02:40,  7.66s/it]\rRank 0 Training:  29%|██▊       | 8/28 [01:28<01:45,  5.30s/it]\rR'
        'ank 0 Training:  32%|███▏      | 9/28 [02:08<05:04, 16.05s/it]\rRank 0 Training:  36%|███▌      | 10/28 [02:08<03:21'
        ', 11.18s/it]\rRank 0 Training:  39%|███▉      | 11/28 [02:08<02:13,  7.84s/it]\rRank 0 Training:  43%|████▎     | 12'
        '/28 [02:09<01:30,  5.65s/it]\rRank 0 Training:  46%|████▋     | 13/28 [02:49<04:02, 16.14s/it]\rRank 0 Training:  50'
        '%|█████     | 14/28 [02:50<02:39, 11.37s/it]\rRank 0 Training:  54%|█████▎    | 15/28 [02:51<01:48,  8.34s/it]\rRank'
        ' 0 Training:  57%|█████▋    | 16/28 [02:51<01:10,  5.91s/it]\rRank 0 Training:  61%|██████    | 17/28 [03:31<02:57, '
        '16.12s/it]\rRank 0 Training:  64%|██████▍   | 18/28 [03:31<01:53, 11.37s/it]\rRank 0 Training:  68%|██████▊   | 19/2'
        '8 [03:34<01:19,  8.84s/it]\rRank 0 Training:  71%|███████▏  | 20/28 [03:35<00:50,  6.27s/it]\rRank 0 Training:  75%|'
        '███████▌  | 21/28 [04:14<01:53, 16.18s/it]\rRank 0 Training:  79%|███████▊  | 22/28 [04:16<01:12, 12.09s/it]\rRank 0'
        ' Training:  82%|████████▏ | 23/28 [04:19<00:45,  9.08s/it]\rRank 0 Training:  86%|████████▌ | 24/28 [04:19<00:26,  6'
        '.54s/it]\rRank 0 Training:  89%|████████▉ | 25/28 [04:56<00:47, 15.71s/it]\rRank 0 Training:  93%|█████████▎| 26/28 '
        '[04:57<00:22, 11.27s/it]\rRank 0 Training:  96%|█████████▋| 27/28 [04:58<00:08,  8.22s/it]\rRank 0 Training: 100%|██'
        '████████| 28/28 [04:58<00:00, 10.67s/it]',
]


def test_the_c10_loggers_unpadded_month_dates_its_lines_and_a_bar_named_training_counts_steps(tmp_path: Path) -> None:
    """`[W427 10:31:58.108805957 socket.cpp:759]`: April 27, 10:31:58.108805957; `Rank 0 Training:   4%|...| 1/28
    [00:53<24:01, 53.38s/it]` rank 0's first step, 53.38 s, up to 28/28."""
    _, steps, events = _read(tmp_path, DDP_BARS)
    start = next(e for e in events if e["kind"] == "attempt_start")
    moment = datetime.fromtimestamp(start["ts_ns"] // 10**9, tz=UTC)
    assert (moment.month, moment.day, moment.strftime("%H:%M:%S"), start["ts_ns"] % 10**9) == (4, 27, "10:31:58", 108805957)
    drawn = [r for r in DDP_BARS[4].split("\r") if "Training:" in r]
    counts = [int(m.group(1)) for r in drawn if (m := re.search(r"\| (\d+)/28 ", r)) and m.group(1) != "0"]
    assert [s["step"] for s in steps] == counts == list(range(1, 29))
    assert steps[0]["step_time_s"] == 53.38


# TMR on Lightning under rich's logger (`[%x %X]`, the day first in this locale) on a SLURM node: each epoch's line glued
# after the validation bar Lightning leaves unfinished (MukundShankar-dev/TMR@395d337e50d40a44e48f31e87ca81405383383a0,
# train.out, lines 1, 25-30 and 62-70; the stored file also holds the bars' carriage-return redraws, not quoted)
RICH_AFTER_BAR = [
    '[03/07/24 14:42:40] INFO   Training script',
    '64.523    Total estimated model params size (MB)',
    '[03/07/24 14:47:13] INFO   Training started',
    'Training: |          | 0/? [00:00<?, ?it/s]',
    'Validation: |          | 0/? [00:00<?, ?it/s][03/07/24 15:14:28] INFO   Epoch 0: v_recons 4.507e-01  recons 4.587e-0'
        '1  v_loss 2.580e+00  loss 2.984e+00  v_latent 1.065e+00  latent 1.141e+00  v_kl 6.057e+00  kl 5.685e+00  v_dtw 6.947'
        'e-02  dtw 7.915e-02  v_contrastive 2.296e+00  contrastive 2.727e+00  v_t2m/len 1368  v_t2m/R01 2.04%  v_t2m/R02 3.65'
        '%  v_t2m/R03 5.4%  v_t2m/R05 8.26%  v_t2m/R10 15.78%  v_t2m/MedR 60.0%  v_m2t/len 1368  v_m2t/R01 2.7%  v_m2t/R02 4.'
        '53%  v_m2t/R03 5.76%  v_m2t/R05 9.43%  v_m2t/R10 16.88%  v_m2t/MedR 60.0%',
    '',
    'Validation: |          | 0/? [00:00<?, ?it/s][03/07/24 15:41:14] INFO   Epoch 1: v_recons 4.390e-01  recons 4.359e-0'
        '1  v_loss 2.297e+00  loss 2.437e+00  v_latent 9.824e-01  latent 1.038e+00  v_kl 5.874e+01  kl 3.428e+01  v_dtw 5.880'
        'e-02  dtw 6.550e-02  v_contrastive 2.005e+00  contrastive 2.157e+00  v_t2m/len 1368  v_t2m/R01 3.65%  v_t2m/R02 6.57'
        '%  v_t2m/R03 9.72%  v_t2m/R05 15.27%  v_t2m/R10 24.12%  v_t2m/MedR 33.0%  v_m2t/len 1368  v_m2t/R01 4.82%  v_m2t/R02'
        ' 8.1%  v_m2t/R03 12.21%  v_m2t/R05 16.07%  v_m2t/R10 24.55%  v_m2t/MedR 37.0%',
    'Validation: |          | 0/? [00:00<?, ?it/s][03/07/24 22:55:12] INFO   Epoch 17: v_recons 3.830e-01  recons 3.733e-'
        '01  v_loss 1.403e+00  loss 1.234e+00  v_latent 8.557e-01  latent 8.513e-01  v_kl 1.542e+01  kl 1.840e+01  v_dtw 5.07'
        '2e-02  dtw 4.897e-02  v_contrastive 1.082e+00  contrastive 9.070e-01  v_t2m/len 1368  v_t2m/R01 13.89%  v_t2m/R02 23'
        '.31%  v_t2m/R03 30.4%  v_t2m/R05 40.13%  v_t2m/R10 53.79%  v_t2m/MedR 9.0%  v_m2t/len 1368  v_m2t/R01 15.13%  v_m2t/'
        'R02 22.21%  v_m2t/R03 28.21%  v_m2t/R05 37.13%  v_m2t/R10 49.63%  v_m2t/MedR 11.0%',
    '',
    'Validation: |          | 0/? [00:00<?, ?it/s][03/07/24 23:21:54] INFO   Epoch 18: v_recons 3.841e-01  recons 3.720e-'
        '01  v_loss 1.424e+00  loss 1.205e+00  v_latent 8.534e-01  latent 8.467e-01  v_kl 1.447e+01  kl 1.720e+01  v_dtw 5.10'
        '0e-02  dtw 5.006e-02  v_contrastive 1.104e+00  contrastive 8.749e-01  v_t2m/len 1368  v_t2m/R01 13.07%  v_t2m/R02 21'
        '.63%  v_t2m/R03 28.57%  v_t2m/R05 39.11%  v_t2m/R10 54.31%  v_t2m/MedR 9.0%  v_m2t/len 1368  v_m2t/R01 15.78%  v_m2t'
        '/R02 22.44%  v_m2t/R03 28.57%  v_m2t/R05 38.29%  v_m2t/R10 50.29%  v_m2t/MedR 10.0%',
    '',
    'Validation: |          | 0/? [00:00<?, ?it/s][03/07/24 23:48:39] INFO   Epoch 19: v_recons 3.816e-01  recons 3.708e-'
        '01  v_loss 1.402e+00  loss 1.171e+00  v_latent 8.532e-01  latent 8.406e-01  v_kl 1.476e+01  kl 1.610e+01  v_dtw 5.15'
        '8e-02  dtw 4.934e-02  v_contrastive 1.082e+00  contrastive 8.400e-01  v_t2m/len 1368  v_t2m/R01 14.84%  v_t2m/R02 23'
        '.68%  v_t2m/R03 29.61%  v_t2m/R05 39.33%  v_t2m/R10 53.86%  v_t2m/MedR 9.0%  v_m2t/len 1368  v_m2t/R01 16.45%  v_m2t'
        '/R02 23.61%  v_m2t/R03 29.89%  v_m2t/R05 37.56%  v_m2t/R10 50.15%  v_m2t/MedR 10.0%',
    '',
    'Validation: |          | 0/? [00:00<?, ?it/s][04/07/24 00:15:58] INFO   Epoch 20: v_recons 3.808e-01  recons 3.692e-'
        '01  v_loss 1.379e+00  loss 1.147e+00  v_latent 8.458e-01  latent 8.364e-01  v_kl 1.541e+01  kl 1.588e+01  v_dtw 5.29'
        '2e-02  dtw 5.013e-02  v_contrastive 1.056e+00  contrastive 8.137e-01  v_t2m/len 1368  v_t2m/R01 16.29%  v_t2m/R02 23'
        '.82%  v_t2m/R03 30.26%  v_t2m/R05 40.06%  v_t2m/R10 54.16%  v_t2m/MedR 9.0%  v_m2t/len 1368  v_m2t/R01 17.76%  v_m2t'
        '/R02 24.27%  v_m2t/R03 31.13%  v_m2t/R05 41.08%  v_m2t/R10 53.58%  v_m2t/MedR 9.0%',
    '',
    'Validation: |          | 0/? [00:00<?, ?it/s][04/07/24 00:42:43] INFO   Epoch 21: v_recons 3.771e-01  recons 3.676e-'
        '01  v_loss 1.351e+00  loss 1.125e+00  v_latent 8.424e-01  latent 8.313e-01  v_kl 1.506e+01  kl 1.566e+01  v_dtw 5.25'
        '4e-02  dtw 4.993e-02  v_contrastive 1.029e+00  contrastive 7.912e-01  v_t2m/len 1368  v_t2m/R01 16.07%  v_t2m/R02 24'
        '.7%  v_t2m/R03 31.87%  v_t2m/R05 40.86%  v_t2m/R10 54.68%  v_t2m/MedR 8.0%  v_m2t/len 1368  v_m2t/R01 19.14%  v_m2t/'
        'R02 25.21%  v_m2t/R03 30.98%  v_m2t/R05 40.34%  v_m2t/R10 52.49%  v_m2t/MedR 9.0%',
]


def test_a_rich_date_after_a_bar_dates_its_epoch_and_the_field_that_changes_is_the_day(tmp_path: Path) -> None:
    """`...0/? [00:00<?, ?it/s][03/07/24 15:14:28] INFO   Epoch 0: ... loss 2.984e+00 ...`: epoch 0's step at that
    time; the first field goes 03 -> 04 as the clock passes midnight (23:48:39, then 00:15:58), the second stays 07:
    the 3rd and 4th of July, not March and April."""
    _, steps, _ = _read(tmp_path, RICH_AFTER_BAR)
    epochs = [(m.group(1), int(m.group(2)), float(m.group(3))) for t in RICH_AFTER_BAR
              if (m := re.search(r"\[(\d\d/\d\d/\d\d \d\d:\d\d:\d\d)\] INFO   Epoch (\d+):.*?  loss ([\d.e+-]+)", t))]
    assert [e for _, e, _ in epochs] == [0, 1, 17, 18, 19, 20, 21]
    assert [(s["step"], s["end_ns"], s["loss"]) for s in steps] == [
        (epoch, _at(when, "%d/%m/%y %H:%M:%S"), loss) for when, epoch, loss in epochs]


# The tail of a darknet YOLOv3 console: its YOLO layers' `Region ...` lines, then one iteration line
# (Idolphint/Vehicle-Object-Detection@6778a8a85b8ddb37a23125fb41188945755ac739, train_log.txt, lines 88-99)
DARKNET_TAIL = [
    'Region 82 Avg IOU: 0.887016, Class: 0.999999, Obj: 0.999982, No Obj: 0.003936, .5R: 1.000000, .75R: 1.000000,  count: 1',
    'Region 94 Avg IOU: -nan, Class: -nan, Obj: -nan, No Obj: 0.000000, .5R: -nan, .75R: -nan,  count: 0',
    'Region 106 Avg IOU: 0.829700, Class: 0.999882, Obj: 0.914203, No Obj: 0.000654, .5R: 1.000000, .75R: 0.666667,  count: 3',
    'Region 82 Avg IOU: -nan, Class: -nan, Obj: -nan, No Obj: 0.000000, .5R: -nan, .75R: -nan,  count: 0',
    'Region 94 Avg IOU: 0.850224, Class: 0.999750, Obj: 0.999815, No Obj: 0.001260, .5R: 1.000000, .75R: 1.000000,  count: 2',
    'Region 106 Avg IOU: 0.749444, Class: 0.999997, Obj: 0.991961, No Obj: 0.000263, .5R: 1.000000, .75R: 0.000000,  count: 1',
    'Region 82 Avg IOU: 0.988156, Class: 1.000000, Obj: 0.999997, No Obj: 0.001972, .5R: 1.000000, .75R: 1.000000,  count: 1',
    'Region 94 Avg IOU: -nan, Class: -nan, Obj: -nan, No Obj: 0.000012, .5R: -nan, .75R: -nan,  count: 0',
    'Region 106 Avg IOU: 0.864594, Class: 0.999991, Obj: 0.998903, No Obj: 0.000735, .5R: 1.000000, .75R: 1.000000,  count: 4',
    '48101: 0.285852, 0.285852 avg, 0.000010 rate, 30.856258 seconds, 1539232 images',
    'Loaded: 0.000043 seconds',
    '',
]


def test_darknets_one_iteration_line_in_a_tail_of_region_lines_is_read(tmp_path: Path) -> None:
    """`48101: 0.285852, 0.285852 avg, 0.000010 rate, 30.856258 seconds, 1539232 images`, alone among `Region 82 Avg
    IOU: ...` lines: iteration 48101, its loss and its seconds (the file was refused)."""
    _, steps, _ = _read(tmp_path, DARKNET_TAIL, name="train_log.txt")
    line = next(n for n, t in enumerate(DARKNET_TAIL, start=1) if " seconds, " in t)
    assert [(s["line"], s["step"], s["loss"], s["step_time_s"]) for s in steps] == [(line, 48101, 0.285852, 30.856258)]


# PaddleDetection's worker 0 killed by SIGTERM, its error summary naming the moment of the abort, then the thread's
# exception (douling843/M2S-DETR@e8ef86fd17138c12521187f0e059de2cddf0ac9a, log/workerlog.0, lines 69-96)
PADDLE_ABORT = [
    '[08/04 12:51:22] ppdet.engine INFO: Epoch: [1] [  0/232] learning_rate: 0.000012 loss_class: 0.245664 loss_bbox: 0.5'
        '99957 loss_giou: 1.594125 loss_class_aux: 1.443389 loss_bbox_aux: 3.723889 loss_giou_aux: 9.653468 loss_class_dn: 0.'
        '441015 loss_bbox_dn: 0.419831 loss_giou_dn: 1.359278 loss_class_aux_dn: 2.146659 loss_bbox_aux_dn: 2.109245 loss_gio'
        'u_aux_dn: 6.804196 loss: 33.570122 eta: 2:35:46 batch_cost: 0.5634 data_cost: 0.0004 ips: 3.5498 images/s',
    '[08/04 12:53:30] ppdet.engine INFO: Epoch: [1] [200/232] learning_rate: 0.000022 loss_class: 0.405525 loss_bbox: 0.3'
        '85618 loss_giou: 1.224921 loss_class_aux: 1.972261 loss_bbox_aux: 2.439968 loss_giou_aux: 7.954222 loss_class_dn: 0.'
        '460255 loss_bbox_dn: 0.314022 loss_giou_dn: 1.174574 loss_class_aux_dn: 1.947985 loss_bbox_aux_dn: 1.648450 loss_gio'
        'u_aux_dn: 6.039680 loss: 28.823700 eta: 2:34:23 batch_cost: 0.5714 data_cost: 0.0004 ips: 3.5001 images/s',
    '',
    '',
    '--------------------------------------',
    'C++ Traceback (most recent call last):',
    '--------------------------------------',
    '0   bvar::detail::SamplerCollector::sampling_thread(void*)',
    '1   bvar::detail::SamplerCollector::run()',
    '',
    '----------------------',
    'Error Message Summary:',
    '----------------------',
    'FatalError: `Termination signal` is detected by the operating system.',
    '  [TimeInfo: *** Aborted at 1691153636 (unix time) try "date -d @1691153636" if you are using GNU date ***]',
    '  [SignalInfo: *** SIGTERM (@0x1157b0) received by PID 1136639 (TID 0x7f90747ef700) from PID 1136560 ***]',
    '',
    'Exception in thread Thread-5:',
    'Traceback (most recent call last):',
    '  File "/opt/conda/envs/paddle_env/lib/python3.7/site-packages/paddle/fluid/dataloader/dataloader_iter.py", line 620'
        ', in _get_data',
    '    data = self._data_queue.get(timeout=self._timeout)',
    '  File "/opt/conda/envs/paddle_env/lib/python3.7/multiprocessing/queues.py", line 105, in get',
    '    raise Empty',
    '_queue.Empty',
    '',
    'During handling of the above exception, another exception occurred:',
    '',
    'Traceback (most recent call last):',
]


def test_glogs_abort_moment_dates_the_failure_it_reports(tmp_path: Path) -> None:
    """`*** Aborted at 1691153636 (unix time)`: the failure logged with no time of its own since the last dated line
    (`[08/04 12:53:30]`) happened then, 12:53:56, between that line and the next."""
    _, _, events = _read(tmp_path, PADDLE_ABORT)
    abort = next(int(t.split("Aborted at ")[1].split()[0]) for t in PADDLE_ABORT if "Aborted at " in t)
    crashes = [e for e in events if e["kind"] == "crash"]
    assert crashes and {e["ts_ns"] for e in crashes} == {abort * 10**9}
    last_dated = _at("2023/" + PADDLE_ABORT[1][1:15], "%Y/%m/%d %H:%M:%S")
    assert last_dated < abort * 10**9 < last_dated + 60 * 10**9


# A QLoRA fine-tune's own logger, its steps never logged: the epoch's count of samples, then the run's summary, over
# three days (AmirrezaSedghamiz/Phi2-microsoft-model-finetuning@98721f3f160d42ee8c40d0b7ad3b1a248dbfd729, training.log,
# lines 46-53)
RUN_SUMMARY_ONLY = [
    '2025-09-28 20:45:04,797 - INFO - [__main__] - Starting training...',
    '2025-09-28 20:45:04,908 - INFO - [__main__] - Before training Resources - CPU: 11.4%, RAM: 12.3/23.7 GB (51.9%), GPU'
        ': 0.0% (0.0/0.0 GB)',
    '2025-09-28 20:45:04,909 - INFO - [__main__] - 🎬 Starting training with proper gradient computation...',
    '2025-09-28 20:45:05,019 - INFO - [__main__] - Pre-training Resources - CPU: 7.9%, RAM: 12.3/23.7 GB (51.9%), GPU: 0.'
        '0% (0.0/0.0 GB)',
    '2025-10-02 14:29:18,747 - INFO - [__main__] - Processed 200000 samples in epoch 0',
    '2025-10-02 14:29:20,334 - INFO - [__main__] - ✅ Training completed in 3 days, 17:44:15.424134',
    '2025-10-02 14:29:20,335 - INFO - [__main__] - 📊 Final training loss: 1.1465217211914063',
    '2025-10-02 14:29:20,441 - INFO - [__main__] - After training Resources - CPU: 7.0%, RAM: 16.1/23.7 GB (67.9%), GPU: '
        '0.0% (0.0/0.0 GB)',
]


def test_a_runs_final_loss_after_its_training_ended_is_no_epochs_step(tmp_path: Path) -> None:
    """`Processed 200000 samples in epoch 0`, `Training completed in 3 days, 17:44:15.424134`, then `Final training
    loss: 1.1465217211914063`: the run's summary after its word that training ended, no step of epoch 0 (it made one,
    timed 1.588 s by the two lines before it, of an epoch of three days); the run's end its word."""
    _, steps, events = _read(tmp_path, RUN_SUMMARY_ONLY)
    done = next(n for n, t in enumerate(RUN_SUMMARY_ONLY, start=1) if "Training completed in " in t)
    assert steps == []
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", done)]
