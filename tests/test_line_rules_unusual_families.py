"""Model families and tools off the beaten path (spiking networks, self-play, char-rnn and RWKV, knowledge-graph
embeddings, face recognition, optical flow and depth, distributed harnesses, diffusion trainers, speech toolkits,
anomaly detection, biology): lines quoted verbatim from public files (each block's source is cited above it), tiny
inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta
from itertools import pairwise
from pathlib import Path

import pytest

from tests.conftest import console_connection
from tests.test_line_rules import _read
from tests.test_line_rules_pasted_and_native_failures import ALPHAZERO_START
from tracelens.parsers import detect, registry
from tracelens.parsers._io import read_head

# snnTorch's tutorial on neuromorphic datasets (Tonic's DVS gestures): each iteration's head alone, its training loss and
# accuracy on the lines below it, then its test set's accuracy (jeshraghian/snntorch's docs, the tutorial's `::` block
# after its training loop, index id 34477862534, the block's first 48 lines: epoch 0's six iterations and two of epoch
# 1's; the block's four-space indentation kept)
SNNTORCH_ITERATIONS = [
    '    Epoch 0, Iteration 0 ',
    '    Train Loss: 2.37',
    '    Accuracy: 12.50%',
    '',
    '    ========== Test Set Accuracy: 25.00% ==========',
    '',
    '    Epoch 0, Iteration 1 ',
    '    Train Loss: 1.86',
    '    Accuracy: 12.50%',
    '',
    '    ========== Test Set Accuracy: 40.00% ==========',
    '',
    '    Epoch 0, Iteration 2 ',
    '    Train Loss: 1.08',
    '    Accuracy: 25.00%',
    '',
    '    ========== Test Set Accuracy: 25.00% ==========',
    '',
    '    Epoch 0, Iteration 3 ',
    '    Train Loss: 0.65',
    '    Accuracy: 12.50%',
    '',
    '    ========== Test Set Accuracy: 30.00% ==========',
    '',
    '    Epoch 0, Iteration 4 ',
    '    Train Loss: 0.78',
    '    Accuracy: 37.50%',
    '',
    '    ========== Test Set Accuracy: 35.00% ==========',
    '',
    '    Epoch 0, Iteration 5 ',
    '    Train Loss: 1.09',
    '    Accuracy: 50.00%',
    '',
    '    ========== Test Set Accuracy: 25.00% ==========',
    '',
    '    Epoch 1, Iteration 0 ',
    '    Train Loss: 1.01',
    '    Accuracy: 25.00%',
    '',
    '    ========== Test Set Accuracy: 20.00% ==========',
    '',
    '    Epoch 1, Iteration 1 ',
    '    Train Loss: 1.03',
    '    Accuracy: 37.50%',
    '',
    '    ========== Test Set Accuracy: 35.00% ==========',
    '',
]


def test_a_batchs_head_alone_with_its_training_loss_below_it_is_a_step(tmp_path: Path) -> None:
    """`Epoch 0, Iteration 4`, then `Train Loss: 0.78` under it: epoch 0's batch 4, its loss 0.78; epoch 1's iteration
    0 the run's seventh step (six iterations an epoch); its accuracy and test line no step (the file was refused)."""
    heads = [tuple(map(int, m.groups())) for t in SNNTORCH_ITERATIONS
             if (m := re.fullmatch(r" *Epoch (\d+), Iteration (\d+) ", t))]
    losses = [float(m[1]) for t in SNNTORCH_ITERATIONS if (m := re.fullmatch(r" *Train Loss: ([\d.]+)", t))]
    for lines in (SNNTORCH_ITERATIONS, [t[4:] for t in SNNTORCH_ITERATIONS]):  # (as copied; as printed, unindented)
        parser, steps, _ = _read(tmp_path, lines)
        assert parser == "generic_log"
        assert [s["step"] for s in steps] == [epoch * 6 + i for epoch, i in heads] == [0, 1, 2, 3, 4, 5, 6, 7]
        assert [s["loss"] for s in steps] == losses
        assert [s["line"] for s in steps] == [n + 1 for n, t in enumerate(lines) if "Iteration" in t]


# alpha-zero-general's Coach as Colab keeps its bars (no `|`): each iteration's self-play games, then its net trained
# over the examples for 10 epochs, a bar each named `Training Net` with its losses after its rate, then the arena's
# games (erdemphl/solving-pawn-dama-with-alphazero@39da0b8964cb59593a88685de23637202b2f0bf9, outputs/5x5_log.txt,
# lines 1-47)
ALPHA_ZERO_ITERATIONS = [
    *ALPHAZERO_START,  # (its first 6 lines)
    'Self Play: 100% 100/100 [11:38<00:00,  6.98s/it]',
    'Checkpoint Directory exists! ',
    'EPOCH ::: 1',
    'Training Net: 100% 29/29 [00:01<00:00, 23.98it/s, Loss_pi=3.88e+00, Loss_v=1.04e+00]',
    'EPOCH ::: 2',
    'Training Net: 100% 29/29 [00:00<00:00, 137.05it/s, Loss_pi=2.73e+00, Loss_v=8.76e-01]',
    'EPOCH ::: 3',
    'Training Net: 100% 29/29 [00:00<00:00, 134.08it/s, Loss_pi=2.32e+00, Loss_v=7.61e-01]',
    'EPOCH ::: 4',
    'Training Net: 100% 29/29 [00:00<00:00, 133.52it/s, Loss_pi=2.16e+00, Loss_v=6.76e-01]',
    'EPOCH ::: 5',
    'Training Net: 100% 29/29 [00:00<00:00, 128.65it/s, Loss_pi=1.98e+00, Loss_v=6.18e-01]',
    'EPOCH ::: 6',
    'Training Net: 100% 29/29 [00:00<00:00, 134.17it/s, Loss_pi=1.88e+00, Loss_v=6.01e-01]',
    'EPOCH ::: 7',
    'Training Net: 100% 29/29 [00:00<00:00, 138.60it/s, Loss_pi=1.77e+00, Loss_v=5.51e-01]',
    'EPOCH ::: 8',
    'Training Net: 100% 29/29 [00:00<00:00, 138.23it/s, Loss_pi=1.69e+00, Loss_v=5.37e-01]',
    'EPOCH ::: 9',
    'Training Net: 100% 29/29 [00:00<00:00, 122.01it/s, Loss_pi=1.62e+00, Loss_v=5.00e-01]',
    'EPOCH ::: 10',
    'Training Net: 100% 29/29 [00:00<00:00, 134.77it/s, Loss_pi=1.58e+00, Loss_v=4.80e-01]',
    '2024-05-16 21:56:40 a4eae8bf3f6b Coach[9078] INFO PITTING AGAINST PREVIOUS VERSION',
    'Arena.playGames (1): 100% 20/20 [02:35<00:00,  7.77s/it]',
    'Arena.playGames (2): 100% 20/20 [03:03<00:00,  9.17s/it]',
    '2024-05-16 22:02:19 a4eae8bf3f6b Coach[9078] INFO NEW/PREV WINS : 30 / 5 ; DRAWS : 5',
    '2024-05-16 22:02:19 a4eae8bf3f6b Coach[9078] INFO ACCEPTING NEW MODEL',
    'Checkpoint Directory exists! ',
    'Checkpoint Directory exists! ',
    '2024-05-16 22:02:19 a4eae8bf3f6b Coach[9078] INFO Starting Iter #2 ...',
    'Self Play: 100% 100/100 [15:04<00:00,  9.04s/it]',
    'Checkpoint Directory exists! ',
    'EPOCH ::: 1',
    'Training Net: 100% 65/65 [00:00<00:00, 119.08it/s, Loss_pi=1.91e+00, Loss_v=5.75e-01]',
    'EPOCH ::: 2',
    'Training Net: 100% 65/65 [00:00<00:00, 126.54it/s, Loss_pi=1.60e+00, Loss_v=5.13e-01]',
    'EPOCH ::: 3',
    'Training Net: 100% 65/65 [00:00<00:00, 124.21it/s, Loss_pi=1.49e+00, Loss_v=4.72e-01]',
    'EPOCH ::: 4',
    'Training Net: 100% 65/65 [00:00<00:00, 127.31it/s, Loss_pi=1.39e+00, Loss_v=4.31e-01]',
    'EPOCH ::: 5',
]


def test_a_bar_that_names_its_training_by_its_losses_counts_the_runs_batches(tmp_path: Path) -> None:
    """`Training Net: 100% 29/29 [00:01<00:00, 23.98it/s, Loss_pi=3.88e+00, Loss_v=1.04e+00]`: an epoch's 29 batches
    at 1/23.98 s each, the run's batches counted on over its bars of other totals (the second iteration's 65); the
    self-play's and the arena's bars (no loss) count none (the bars made no step)."""
    bars = [(int(m[1]), float(m[2])) for t in ALPHA_ZERO_ITERATIONS
            if (m := re.match(r"Training Net: 100% (\d+)/\1 \[[^,]+, ([\d.]+)it/s, Loss_pi=", t))]
    parser, steps, _ = _read(tmp_path, ALPHA_ZERO_ITERATIONS)
    assert parser == "generic_log"
    assert len(bars) == 14
    assert [s["step"] for s in steps] == [sum(n for n, _ in bars[:i + 1]) for i in range(len(bars))]
    assert [s["step"] for s in steps][9:11] == [290, 355]
    assert [s["step_time_s"] for s in steps] == pytest.approx([1 / rate for _, rate in bars], rel=1e-3)
    assert [s["line"] for s in steps] == [n + 1 for n, t in enumerate(ALPHA_ZERO_ITERATIONS) if t.startswith("Training Net")]


# Karpathy's char-rnn (Lua Torch, on a CPU) at the end of its run: each iteration of the run's total with its epoch as a
# fraction, its loss and the batch's time, then its evaluation and its checkpoint (chriswangweb/chinese-poem-creater@
# 1a3391e8dee67eed719ca3d216f39ec98cf8e733, README.md, the indented block under "结果如下", whole)
CHAR_RNN_END = [
    '    3294/3300 (epoch 49.909), train_loss = 1.44961959, grad/param norm = 1.9957e-01, time/batch = 0.4320s',
    '    3295/3300 (epoch 49.924), train_loss = 1.45700514, grad/param norm = 1.7992e-01, time/batch = 0.4353s',
    '    3296/3300 (epoch 49.939), train_loss = 1.44030483, grad/param norm = 1.9692e-01, time/batch = 0.4467s',
    '    3297/3300 (epoch 49.955), train_loss = 1.49928484, grad/param norm = 2.1121e-01, time/batch = 0.4377s',
    '    3298/3300 (epoch 49.970), train_loss = 1.49634007, grad/param norm = 2.3070e-01, time/batch = 0.4322s',
    '    3299/3300 (epoch 49.985), train_loss = 1.45957477, grad/param norm = 2.6381e-01, time/batch = 0.4482s',
    '    decayed learning rate by a factor 0.97 to 0.00057368183755432',
    '    evaluating loss over split index 2',
    '    1/4...',
    '    2/4...',
    '    3/4...',
    '    4/4...',
    '    saving checkpoint to cv/lm_lstm_epoch50.00_2.0510.t7',
    '    3300/3300 (epoch 50.000), train_loss = 1.46940195, grad/param norm = 2.5143e-01, time/batch = 0.4425s',
    '',
]


def test_char_rnns_iteration_of_its_total_is_the_runs_step_with_its_batchs_time(tmp_path: Path) -> None:
    """`3294/3300 (epoch 49.909), train_loss = 1.44961959, ..., time/batch = 0.4320s`: step 3294, loss 1.4496, 0.432 s;
    the evaluation's `1/4...` no step; its checkpoint saved (the file's steps were none)."""
    read = [(int(m[1]), float(m[2]), float(m[3])) for t in CHAR_RNN_END
            if (m := re.match(r" *(\d+)/3300 \(epoch [\d.]+\), train_loss = ([\d.]+), .*time/batch = ([\d.]+)s$", t))]
    parser, steps, events = _read(tmp_path, CHAR_RNN_END)
    assert parser == "generic_log"
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == read
    assert [s["step"] for s in steps] == [3294, 3295, 3296, 3297, 3298, 3299, 3300]
    assert [e["kind"] for e in events if e["kind"].startswith("checkpoint")] == ["checkpoint_save_start"]


# Face_Pytorch's training log (MobileFaceNet with ArcFace on MS-Celeb), its lines dated `%Y%m%d-%H:%M:%S`, its saves
# every 5000 iterations by their number, each followed by its evaluations (wujiyang/Face_Pytorch@
# 4012e6e4f5a870f280e609fee21614dc9ac60f07, model/MSCeleb_MOBILEFACE_20181228_170458/log.log, lines 1-13)
FACE_PYTORCH_SAVES = [
    '20181228-17:05:06 Train Epoch: 1/30 ...',
    '20181228-17:35:50 Saving checkpoint: 5000',
    '20181228-17:36:10 LFW Ave Accuracy: 96.4333',
    '20181228-17:36:30 AgeDB-30 Ave Accuracy: 82.7000',
    '20181228-17:36:52 CFP-FP Ave Accuracy: 78.9286',
    '20181228-17:36:52 Current Best Accuracy: LFW: 96.4333 in iters: 5000, AgeDB-30: 82.7000 in iters:'
    ' 5000 and CFP-FP: 78.9286 in iters: 5000',
    '20181228-18:06:33 Train Epoch: 2/30 ...',
    '20181228-18:07:49 Saving checkpoint: 10000',
    '20181228-18:08:09 LFW Ave Accuracy: 98.2000',
    '20181228-18:08:29 AgeDB-30 Ave Accuracy: 89.2667',
    '20181228-18:08:52 CFP-FP Ave Accuracy: 83.9714',
    '20181228-18:08:52 Current Best Accuracy: LFW: 98.2000 in iters: 10000, AgeDB-30: 89.2667 in iters:'
    ' 10000 and CFP-FP: 83.9714 in iters: 10000',
    '20181228-18:39:39 Saving checkpoint: 15000',
]


def test_a_date_packed_with_a_dash_dates_its_line_and_a_saves_number_is_its_step(tmp_path: Path) -> None:
    """`20181228-17:35:50 Saving checkpoint: 5000`: a save of step 5000 at 17:35:50 on 28 December 2018 (the lines were
    undated, the saves' steps unknown)."""
    parser, _, events = _read(tmp_path, FACE_PYTORCH_SAVES)
    assert parser == "generic_log"
    saves = [e for e in events if e["kind"] == "checkpoint_save_start"]
    assert [(e["step"], e["ts_ns"]) for e in saves] == [
        (int(m[2]), int(datetime.strptime(m[1], "%Y%m%d-%H:%M:%S").replace(tzinfo=UTC).timestamp()) * 10**9)
        for t in FACE_PYTORCH_SAVES if (m := re.fullmatch(r"(\S+) Saving checkpoint: (\d+)", t))]
    assert [e["step"] for e in saves] == [5000, 10000, 15000]
    assert saves[0]["ts_ns"] == 1546018550 * 10**9  # (2018-12-28 17:35:50 UTC, by `date -ud @1546018550`)


# PyKEEN's pipeline training TransE on a CPU, its bar of epochs kept at its end (no `|`) with the last epoch's loss
# after its rate, then its evaluation's bar of triples (a Markdown tutorial, "Train TransE Model", index id 56171150325,
# the block after its `pipeline(...)` call, whole)
PYKEEN_EPOCHS = [
    'INFO:pykeen.pipeline.api:Using device: cpu',
    'INFO:pykeen.nn.representation:Inferred unique=False for Embedding()',
    'INFO:pykeen.nn.representation:Inferred unique=False for Embedding()',
    'Training epochs on cpu: 100% 5/5 [00:30<00:00,  6.71s/epoch, loss=0.141, prev_loss=0.182]',
    'Evaluating on cpu: 100% 7.70k/7.70k [01:09<00:00, 109triple/s]',
    'INFO:pykeen.evaluation.evaluator:Evaluation took 69.78s seconds',
]


def test_a_bar_of_epochs_with_the_training_loss_after_its_rate_counts_the_runs_epochs(tmp_path: Path) -> None:
    """`Training epochs on cpu: 100% 5/5 [00:30<00:00,  6.71s/epoch, loss=0.141, ...]`: epoch 5 done, 6.71 s an epoch;
    the evaluation's `7.70k/7.70k` triples no step (the file was refused)."""
    parser, steps, _ = _read(tmp_path, PYKEEN_EPOCHS)
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"], s["line"]) for s in steps] == [(5, 6.71, 4)]


# DGL-KE training on 8 CPU processes (Hogwild), each process's averages over its last 100 steps, then the interval's
# time, the processes' lines interleaved as they finish (awslabs/dgl-ke's docs, "DGL-KE Command Line", "Training on
# Multi-Core", index id 17054059871, the literal block after "we print the training loss on the screen like this::",
# whole, its reStructuredText indentation kept)
DGLKE_PROCESSES = [
    '  [proc 7][Train](2900/3000) average pos_loss: 0.2691971030831337',
    '  [proc 7][Train](2900/3000) average neg_loss: 0.3952002424001694',
    '  [proc 7][Train](2900/3000) average loss: 0.33219867378473283',
    '  [proc 7][Train](2900/3000) average regularization: 0.001801597059238702',
    '  [proc 7][Train] 100 steps take 8.903 seconds',
    '  [proc 7]sample: 0.264, forward: 6.140, backward: 1.942, update: 0.555',
    '  [proc 4][Train](2900/3000) average pos_loss: 0.2709790524840355',
    '  [proc 4][Train](2900/3000) average neg_loss: 0.397322960793972',
    '  [proc 4][Train](2900/3000) average loss: 0.3341510048508644',
    '  [proc 4][Train](2900/3000) average regularization: 0.0018006288178730756',
    '  [proc 4][Train] 100 steps take 8.906 seconds',
    '  [proc 4]sample: 0.254, forward: 6.087, backward: 1.989, update: 0.575',
    '  [proc 4][Train](3000/3000) average pos_loss: 0.27121892631053923',
    '  [proc 5][Train](3000/3000) average pos_loss: 0.2708482551574707',
    '  [proc 4][Train](3000/3000) average neg_loss: 0.396016526222229',
    '  [proc 5][Train](3000/3000) average neg_loss: 0.39040900617837904',
    '  [proc 4][Train](3000/3000) average loss: 0.3336177259683609',
    '  [proc 5][Train](3000/3000) average loss: 0.3306286296248436',
    '  [proc 4][Train](3000/3000) average regularization: 0.0018079591123387217',
    '  [proc 5][Train](3000/3000) average regularization: 0.0018065990647301079',
    '  [proc 0][Train](3000/3000) average pos_loss: 0.2704304122924805',
    '  [proc 1][Train](3000/3000) average pos_loss: 0.27033439934253695',
    '  [proc 4][Train] 100 steps take 8.856 seconds',
]

# DGL-KE's last interval of a ComplEx run, its times and its save (a README "# KGR", dglke 0.1.2, index id 30649309063,
# the fenced block under "train", whole)
DGLKE_END = [
    '[proc 0][Train](79872/80000) average pos_loss: 0.17877843778114766',
    '[proc 0][Train](79872/80000) average neg_loss: 0.26976426748296944',
    '[proc 0][Train](79872/80000) average loss: 0.2242713526429725',
    '[proc 0][Train](79872/80000) average regularization: 0.041346013596921694',
    '[proc 0][Train] 1024 steps take 11.777 seconds',
    '[proc 0]sample: 1.083, forward: 4.238, backward: 3.993, update: 2.457',
    'proc 0 takes 869.088 seconds',
    'training takes 874.0371513366699 seconds',
    'Save model to ckpts/ComplEx_mydataset_0',
]


def test_dgl_kes_processes_averages_at_a_step_are_their_step_timed_by_their_interval(tmp_path: Path) -> None:
    """`[proc 7][Train](2900/3000) average pos_loss: ...` opens rank 7's step 2900, its `average loss: 0.332...` its loss,
    its `[proc 7][Train] 100 steps take 8.903 seconds` 0.08903 s a step; processes 0 and 1, whose loss and time the
    block cut off, a step with neither; the run's end saves its model (the files were refused)."""
    opened: list[tuple[int, int]] = []
    for t in DGLKE_PROCESSES:
        if (m := re.fullmatch(r" *\[proc (\d)\]\[Train\]\((\d+)/3000\) average \w+: [\d.]+", t)) and (
                (int(m[1]), int(m[2])) not in opened):
            opened.append((int(m[1]), int(m[2])))
    losses = {(int(m[1]), int(m[2])): float(m[3]) for t in DGLKE_PROCESSES
              if (m := re.fullmatch(r" *\[proc (\d)\]\[Train\]\((\d+)/3000\) average loss: ([\d.]+)", t))}
    parser, steps, _ = _read(tmp_path, DGLKE_PROCESSES)
    assert parser == "generic_log"
    assert [(s["rank"], s["step"]) for s in steps] == opened == [(7, 2900), (4, 2900), (4, 3000), (5, 3000), (0, 3000),
                                                                 (1, 3000)]
    assert [s["loss"] for s in steps] == [losses.get(key) for key in opened]
    assert [s["step_time_s"] for s in steps] == pytest.approx([0.08903, 0.08906, 0.08856, None, None, None])
    parser, steps, events = _read(tmp_path, DGLKE_END)
    assert (parser, [(s["step"], s["step_time_s"]) for s in steps]) == ("generic_log", [(79872, pytest.approx(11.777 / 1024))])
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [("checkpoint_save_start", 9)]


# Ray Train's TorchTrainer on a KubeRay RayJob (2 workers): its reports of finished iterations (an epoch each) and their
# result tables, between them the workers' bars as Ray relays them, each under its worker's label line, repeats
# folded (vihang/aks-ray-sample@49e4dbe8808ecdfa8f3718c94a3a8d8169f957c2, ray-on-aks.md, the block after "The logs will
# look something like this:", lines 38-100)
RAY_TRAIN_ITERATIONS = [
    'Training finished iteration 1 at 2024-11-21 19:15:46. Total running time: 4min 22s',
    '╭───────────────────────────────╮',
    '│ Training result               │',
    '├───────────────────────────────┤',
    '│ checkpoint_dir_name           │',
    '│ time_this_iter_s        144.9 │',
    '│ time_total_s            144.9 │',
    '│ training_iteration          1 │',
    '│ accuracy                0.805 │',
    '│ loss                  0.52336 │',
    '╰───────────────────────────────╯',
    '(RayTrainWorker pid=1193, ip=10.244.4.193)',
    'Test Epoch 0:  97%|█████████▋| 303/313 [00:01<00:00, 269.60it/s]',
    'Test Epoch 0: 100%|██████████| 313/313 [00:01<00:00, 267.14it/s]',
    '(RayTrainWorker pid=1193, ip=10.244.4.193)',
    'Train Epoch 1:   0%|          | 0/1875 [00:00<?, ?it/s]',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    'Test Epoch 0: 100%|██████████| 313/313 [00:01<00:00, 270.44it/s]',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    'Train Epoch 0: 100%|█████████▉| 1866/1875 [00:24<00:00, 82.49it/s] [repeated 35x across cluster]',
    '(RayTrainWorker pid=1193, ip=10.244.4.193)',
    'Train Epoch 0: 100%|██████████| 1875/1875 [00:24<00:00, 77.99it/s]',
    'Train Epoch 0: 100%|██████████| 1875/1875 [00:24<00:00, 76.19it/s]',
    '(RayTrainWorker pid=1193, ip=10.244.4.193)',
    'Test Epoch 0:   0%|          | 0/313 [00:00<?, ?it/s]',
    '(RayTrainWorker pid=1193, ip=10.244.4.193)',
    'Test Epoch 0:  88%|████████▊ | 275/313 [00:01<00:00, 265.39it/s] [repeated 19x across cluster]',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    'Train Epoch 1:  19%|█▉        | 354/1875 [00:04<00:18, 82.66it/s] [repeated 80x across cluster]',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    'Train Epoch 1:   0%|          | 0/1875 [00:00<?, ?it/s]',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    'Train Epoch 1:  40%|████      | 757/1875 [00:09<00:13, 83.01it/s] [repeated 90x across cluster]',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    'Train Epoch 1:  62%|██████▏   | 1164/1875 [00:14<00:08, 83.39it/s] [repeated 92x across cluster]',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    'Train Epoch 1:  82%|████████▏ | 1533/1875 [00:19<00:05, 68.09it/s] [repeated 91x across cluster]',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    'Train Epoch 1:  91%|█████████▏| 1713/1875 [00:22<00:02, 70.20it/s]',
    '(RayTrainWorker pid=1193, ip=10.244.4.193)',
    'Train Epoch 1:  91%|█████████ | 1707/1875 [00:22<00:02, 70.04it/s] [repeated 47x across cluster]',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    'Test Epoch 1:   0%|          | 0/313 [00:00<?, ?it/s]',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    'Test Epoch 1:   8%|▊         | 24/313 [00:00<00:01, 237.98it/s]',
    '(RayTrainWorker pid=1193, ip=10.244.4.193)',
    'Test Epoch 1:  96%|█████████▋| 302/313 [00:01<00:00, 250.76it/s]',
    'Test Epoch 1: 100%|██████████| 313/313 [00:01<00:00, 262.94it/s]',
    '(RayTrainWorker pid=1193, ip=10.244.4.193)',
    'Train Epoch 2:   0%|          | 0/1875 [00:00<?, ?it/s]',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    'Test Epoch 1:  92%|█████████▏| 289/313 [00:01<00:00, 222.57it/s]',
    '',
    'Training finished iteration 2 at 2024-11-21 19:16:12. Total running time: 4min 48s',
    '╭───────────────────────────────╮',
    '│ Training result               │',
    '├───────────────────────────────┤',
    '│ checkpoint_dir_name           │',
    '│ time_this_iter_s       25.975 │',
    '│ time_total_s          170.875 │',
    '│ training_iteration          2 │',
    '│ accuracy                0.828 │',
    '│ loss                  0.45946 │',
]


def test_ray_trains_iterations_are_the_jobs_steps_not_its_workers_relayed_bars(tmp_path: Path) -> None:
    """`Training finished iteration 1 at 2024-11-21 19:15:46.`, its table's `time_this_iter_s 144.9`: step 1 of 144.9 s,
    step 2 of 25.975 s; the workers' `Train Epoch 1:  19%|...| 354/1875 [...] [repeated 80x across cluster]` no steps
    (they were, as epoch x 1875 + batch, beside the iterations)."""
    parser, steps, _ = _read(tmp_path, RAY_TRAIN_ITERATIONS)
    assert parser == "generic_log"
    iterations = [int(m[1]) for t in RAY_TRAIN_ITERATIONS if (m := re.match(r"Training finished iteration (\d+) ", t))]
    times = [float(t.split()[2]) for t in RAY_TRAIN_ITERATIONS if "time_this_iter_s" in t]
    assert [(s["step"], s["step_time_s"], s["framework"]) for s in steps] == [
        (iteration, seconds, "ray_train") for iteration, seconds in zip(iterations, times, strict=True)]
    assert [s["step"] for s in steps] == [1, 2]


# The same run's output as MicrosoftDocs/azure-aks-docs shows it (@11fb7fb821aef6aebf0486d31a5018b8800640f4,
# articles/aks/deploy-ray.md, the output block after `kubectl logs -n kuberay rayjob-pytorch-mnist-fc959`: its lines
# 38-100 are RAY_TRAIN_ITERATIONS, then these, the reports of iterations 3 to 10 cut out at `..`)
RAY_TRAIN_COMPLETED = [
    '╰───────────────────────────────╯',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    'Test Epoch 1: 100%|██████████| 313/313 [00:01<00:00, 226.04it/s]',
    '(RayTrainWorker pid=1193, ip=10.244.4.193)',
    'Train Epoch 1: 100%|██████████| 1875/1875 [00:24<00:00, 76.24it/s] [repeated 45x across cluster]',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    'Train Epoch 2:  13%|█▎        | 239/1875 [00:03<00:24, 67.30it/s] [repeated 64x across cluster]',
    '(RayTrainWorker pid=1193, ip=10.244.4.193)',
    'Test Epoch 1:   0%|          | 0/313 [00:00<?, ?it/s]',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    'Test Epoch 1:  85%|████████▍ | 266/313 [00:01<00:00, 222.54it/s] [repeated 20x across cluster]',
    '(RayTrainWorker pid=1341, ip=10.244.1.42)',
    '..',
    '',
    'Training completed after 10 iterations at 2024-11-21 19:19:47. Total running time: 8min 23s',
    '2024-11-21 19:19:47,596 INFO tune.py:1009 -- Wrote the latest version of all result files '
    "and experiment state to '/home/ray/ray_results/TorchTrainer_2024-11-21_19-11-23' in 0.0029"
    's.',
]


def test_ray_trains_end_names_the_iterations_it_completed_past_those_reported(tmp_path: Path) -> None:
    """After iteration 2's report, the excerpt's `..` and `Training completed after 10 iterations at 2024-11-21 19:19:47.`:
    the run reached step 10 then, a step with no time of its own (the steps between were not shown); it ended at step
    2 (the 215 s after it read as no step's)."""
    lines = RAY_TRAIN_ITERATIONS + RAY_TRAIN_COMPLETED
    parser, steps, _ = _read(tmp_path, lines)
    assert parser == "generic_log"
    end = next(m for t in lines if (m := re.match(r"Training completed after (\d+) iterations at (\S+ \S+)\. ", t)))
    at = int(datetime.strptime(end[2], "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC).timestamp()) * 10**9
    assert [(s["step"], s["step_time_s"]) for s in steps][-2:] == [(2, 25.975), (int(end[1]), None)]
    assert steps[-1]["end_ns"] == at and steps[-1]["framework"] == "ray_train"


# PyTorch's word_language_model example run as a cloudor job: the job's dated status lines, then the tail of its output
# from the end of epoch 39 (an elision in epoch 40) to its test (cloudor's docs, "Train a Model With Input and Output",
# index id 6661453742, the bash block, whole)
WORD_LM_TAIL = [
    '$ cloudor run -f examples/input_example.yaml',
    '2020/08/14 01:16:37 uploading local dir /tmp/data/wikitext-2',
    '2020/08/14 01:16:53 job submitted successfully, to be running on aws/us-west-2/p3.2xlarge with timoue 30 minutes',
    '2020/08/14 01:18:28 job status "started": started running docker image'
    ' cloudorio/pytorch_examples:1.6.0-cuda10.1-cudnn7-runtime',
    '2020/08/14 01:20:34 job status "running": container job started running, image:'
    ' cloudorio/pytorch_examples:1.6.0-cuda10.1-cudnn7-runtime',
    '2020/08/14 01:40:50 job status "returned": -------------------------',
    '| end of epoch  39 | time: 28.80s | valid loss  4.74 | valid ppl   114.99',
    '-----------------------------------------------------------------------------------------',
    '| epoch  40 |   200/ 2983 batches | lr 0.02 | ms/batch  9.27 | loss  4.21 | ppl    67.64',
    '...',
    '| epoch  40 |  1800/ 2983 batches | lr 0.02 | ms/batch  9.23 | loss  4.11 | ppl    61.12',
    '| epoch  40 |  2000/ 2983 batches | lr 0.02 | ms/batch  9.20 | loss  4.15 | ppl    63.40',
    '| epoch  40 |  2200/ 2983 batches | lr 0.02 | ms/batch  9.23 | loss  4.03 | ppl    56.32',
    '| epoch  40 |  2400/ 2983 batches | lr 0.02 | ms/batch  9.24 | loss  4.06 | ppl    58.14',
    '| epoch  40 |  2600/ 2983 batches | lr 0.02 | ms/batch  9.24 | loss  4.10 | ppl    60.26',
    '| epoch  40 |  2800/ 2983 batches | lr 0.02 | ms/batch  9.26 | loss  4.03 | ppl    56.20',
    '-----------------------------------------------------------------------------------------',
    '| end of epoch  40 | time: 28.82s | valid loss  4.74 | valid ppl   114.98',
    '-----------------------------------------------------------------------------------------',
    '=========================================================================================',
    '| End of training | test loss  4.69 | test ppl   108.59',
    '=========================================================================================',
    'The model is also exported in ONNX format at /mnt/output_model/model.onnx',
    '2020/08/14 01:40:55 job status "finished": output uploaded to'
    ' XXXX/20200814-1g4mNJS3IhRbGt3rsyqig85Luou/output.zip succeeded',
]


def test_word_language_models_epochs_count_from_one(tmp_path: Path) -> None:
    """`| epoch  40 |   200/ 2983 batches | ...`: the script counts its epochs from 1 (`range(1, args.epochs+1)`), so
    batch 200 of epoch 40 is the run's step 39 x 2983 + 200 = 116537 (it was read as 40 x 2983 + 200)."""
    read = [(int(m[1]), int(m[2]), float(m[3]) / 1000) for t in WORD_LM_TAIL
            if (m := re.match(r"\| epoch +(\d+) \| +(\d+)/ 2983 batches \| lr [\d.]+ \| ms/batch +([\d.]+) ", t))]
    parser, steps, _ = _read(tmp_path, WORD_LM_TAIL)
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [((e - 1) * 2983 + i, t) for e, i, t in read]
    assert [s["step"] for s in steps][0] == 116537


# RAFT's fine-tuning under `tee -a train.log`: each launch's opening lines, then its Logger's status every 100 steps, the
# step and its learning rate in brackets, then the interval's mean metrics by name (ytpub01/RAFT@
# 2590405a0ed64b832fb4aeb0d8d890d831b4de27, train.log, lines 80-94: the fourth launch and the fifth)
RAFT_LAUNCHES = [
    'Training with:',
    'lr=0.0004, batch_size=2',
    '',
    'Parameter Count: 5257536',
    'Training with 1860 image pairs',
    '[   100, lr= 0.0000236]  epe=92.5370    3px=0.1546     5px=0.2513     10px=0.3534    ',
    'Training with:',
    'lr=0.0004, batch_size=2',
    '',
    'Parameter Count: 5257536',
    'Training with 1860 image pairs',
    '[   100, lr= 0.0000236]  epe=92.5351    3px=0.1546     5px=0.2513     10px=0.3533    ',
    '[   200, lr= 0.0000313]  epe=47.1900    3px=0.2548     5px=0.4251     10px=0.6075    ',
    '[   300, lr= 0.0000389]  epe=43.3147    3px=0.2772     5px=0.4617     10px=0.6496    ',
    '[   400, lr= 0.0000466]  epe=44.4588    3px=0.2665     5px=0.4577     10px=0.6609    ',
]


def test_rafts_status_is_its_step_and_its_first_line_again_after_steps_a_launch(tmp_path: Path) -> None:
    """`[   100, lr= 0.0000236]  epe=92.5370 ...`: step 100 at a learning rate of 2.36e-5; `Training with:` (the log's
    first line) again, with its `lr=0.0004, batch_size=2` after it, after that step: another launch, from step 100
    again (the log was refused; its steps' restart was unseen)."""
    read = [(int(m[1]), float(m[2])) for t in RAFT_LAUNCHES if (m := re.match(r"\[ +(\d+), lr= ([\d.]+)\] ", t))]
    parser, steps, events = _read(tmp_path, RAFT_LAUNCHES)
    assert parser == "generic_log"
    assert [(s["step"], s["lr"]) for s in steps] == read == [(100, 2.36e-05), (100, 2.36e-05), (200, 3.13e-05),
                                                             (300, 3.89e-05), (400, 4.66e-05)]
    assert [e["line"] for e in events if e["kind"] == "attempt_start"] == [
        n + 1 for n, t in enumerate(RAFT_LAUNCHES) if t == "Training with:"][1:] == [7]


# Monodepth2's training (a monocular depth model on roll data), its step line every 250 batches, then every 2000, each
# with its clock since training began; `Training` as each epoch begins (Easy2Ride/Training-mono_roll@
# a1f8aeb363ac89808aad4561a182b1f5e803d99e, train_log.md, lines 61-72: the console block's first 12 lines)
MONODEPTH_STEPS = [
    'epoch   0 | batch   1250 | examples/s:  22.0 | loss: 0.04706 | time elapsed: 00h14m40s | time left: 06h14m34s',
    'epoch   0 | batch   1500 | examples/s:  25.4 | loss: 0.06215 | time elapsed: 00h17m31s | time left: 06h09m52s',
    'epoch   0 | batch   1750 | examples/s:  15.8 | loss: 0.06182 | time elapsed: 00h20m23s | time left: 06h06m07s',
    'epoch   0 | batch   2000 | examples/s:  17.8 | loss: 0.05184 | time elapsed: 00h23m14s | time left: 06h02m16s',
    'Training',
    'epoch   1 | batch    683 | examples/s:  13.5 | loss: 0.05280 | time elapsed: 00h45m28s | time left: 05h31m38s',
    'epoch   1 | batch   2683 | examples/s:  17.7 | loss: 0.05847 | time elapsed: 01h07m43s | time left: 05h06m40s',
    'Training',
    'epoch   2 | batch   1366 | examples/s:  20.2 | loss: 0.04814 | time elapsed: 01h29m57s | time left: 04h43m01s',
    'Training',
    'epoch   3 | batch     49 | examples/s:  19.0 | loss: 0.04626 | time elapsed: 01h52m12s | time left: 04h19m59s',
    'epoch   3 | batch   2049 | examples/s:  16.7 | loss: 0.04630 | time elapsed: 02h14m26s | time left: 03h57m11s',
]


def test_monodepth2s_clock_since_training_began_times_its_steps(tmp_path: Path) -> None:
    """`epoch   0 | batch   1500 | ... | time elapsed: 00h17m31s | ...` 250 batches and 171 s after batch 1250's
    `00h14m40s`: 0.684 s a step; the first line none (the steps had no time)."""
    read = [(int(m[1]), int(m[2]), int(m[3]) * 3600 + int(m[4]) * 60 + int(m[5])) for t in MONODEPTH_STEPS
            if (m := re.match(r"epoch +(\d+) \| batch +(\d+) \| .* time elapsed: (\d\d)h(\d\d)m(\d\d)s ", t))]
    parser, steps, _ = _read(tmp_path, MONODEPTH_STEPS)
    assert parser == "generic_log"
    assert len(steps) == len(read) == 9
    assert steps[0]["step_time_s"] is None
    within = [(i, (b[2] - a[2]) / (b[1] - a[1])) for i, (a, b) in enumerate(pairwise(read), 1) if a[0] == b[0]]
    assert [i for i, _ in within] == [1, 2, 3, 5, 8]
    assert [steps[i]["step_time_s"] for i, _ in within] == pytest.approx([t for _, t in within])
    assert steps[1]["step_time_s"] == pytest.approx(171 / 250)


# RWKV-LM's train_log.txt (RWKV-7 on minipile), a line each mini-epoch: the epoch, its mean loss, its perplexity, the
# learning rate, the moment it was written and the epoch again (BlinkDL/RWKV-LM@151133d8615c700de2d0a0d7914d40c24304f56f,
# RWKV-v7/train_temp/README.md, its sample of `out/.../train_log.txt`, whole)
RWKV_EPOCHS = [
    '0 4.875856 131.0863 0.00059975 2025-04-24 02:23:42.481256 0',
    '1 4.028621 56.1834 0.00059899 2025-04-24 02:28:16.674463 1',
    '2 3.801625 44.7739 0.00059773 2025-04-24 02:32:51.059568 2',
    '3 3.663070 38.9808 0.00059597 2025-04-24 02:37:25.409892 3',
    '4 3.578974 35.8368 0.00059371 2025-04-24 02:41:59.711315 4',
    '5 3.510906 33.4786 0.00059096 2025-04-24 02:46:33.990839 5',
    '6 3.462345 31.8917 0.00058771 2025-04-24 02:51:08.378331 6',
    '7 3.412196 30.3318 0.00058399 2025-04-24 02:55:42.927474 7',
    '8 3.376724 29.2747 0.00057978 2025-04-24 03:00:17.504665 8',
    '9 3.336911 28.1321 0.00057511 2025-04-24 03:04:52.006063 9',
    '10 3.313411 27.4787 0.00056999 2025-04-24 03:09:27.563336 10',
    '11 3.295895 27.0016 0.00056441 2025-04-24 03:14:01.786079 11',
]


def test_rwkvs_train_log_lines_are_its_epochs_dated_by_the_moment_they_print(tmp_path: Path) -> None:
    """`1 4.028621 56.1834 0.00059899 2025-04-24 02:28:16.674463 1`: epoch 1, its loss 4.0286 and learning rate, ended at
    02:28:16.674463 (the file was refused)."""
    epoch_start = datetime(1970, 1, 1, tzinfo=UTC)
    read = [(int(e), float(loss), float(lr),
             (datetime.strptime(f"{d} {t}", "%Y-%m-%d %H:%M:%S.%f").replace(tzinfo=UTC) - epoch_start)
             // timedelta(microseconds=1) * 1000)
            for e, loss, _, lr, d, t, _ in (t.split() for t in RWKV_EPOCHS)]
    parser, steps, _ = _read(tmp_path, RWKV_EPOCHS)
    assert parser == "generic_log"
    assert [(s["step"], s["loss"], s["lr"], s["end_ns"]) for s in steps] == read
    assert [s["step"] for s in steps] == list(range(12))
    assert steps[1]["end_ns"] - steps[0]["end_ns"] == 274_193_207_000  # (02:23:42.481256 to 02:28:16.674463)


# PyTorch-BigGraph training FB15k, its first epoch of 50: the chunk begun, its bucket's time and loss, the chunk
# finished, then the checkpoint written and switched to (facebookresearch/PyTorch-BigGraph@
# 06e6baa70cef88deeac97f82caadaf04abc7f2f4, README.md, the block after "Training will proceed for 50 epochs", whole)
PBG_EPOCH = [
    'Starting epoch 1 / 50, edge path 1 / 1, edge chunk 1 / 1',
    'Edge path: data/FB15k/freebase_mtr100_mte100-train_partitioned',
    'still in queue: 0',
    'Swapping partitioned embeddings None ( 0 , 0 )',
    '( 0 , 0 ): Loading entities',
    '( 0 , 0 ): bucket 1 / 1 : Processed 483142 edges in 17.36 s ( 0.028 M/sec ); io: 0.02 s ( 542.52 MB/sec )',
    '( 0 , 0 ): loss:  309.695 , violators_lhs:  171.846 , violators_rhs:  165.525 , count:  483142',
    'Swapping partitioned embeddings ( 0 , 0 ) None',
    'Writing partitioned embeddings',
    'Finished epoch 1 / 50, edge path 1 / 1, edge chunk 1 / 1',
    'Writing the metadata',
    'Writing the checkpoint',
    'Switching to the new checkpoint version',
]


def test_pytorch_biggraphs_finished_chunk_is_a_step_timed_by_its_buckets(tmp_path: Path) -> None:
    """`Finished epoch 1 / 50, edge path 1 / 1, edge chunk 1 / 1`: the run's first chunk, 17.36 s (its one bucket's
    `Processed 483142 edges in 17.36 s`), its loss 309.695; `Writing the checkpoint` to `Switching to the new checkpoint
    version` one save (the file was refused)."""
    parser, steps, events = _read(tmp_path, PBG_EPOCH)
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"], s["loss"], s["line"]) for s in steps] == [
        (1, 17.36, 309.695, PBG_EPOCH.index("Finished epoch 1 / 50, edge path 1 / 1, edge chunk 1 / 1") + 1)]
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", PBG_EPOCH.index("Writing the checkpoint") + 1),
        ("checkpoint_save_end", PBG_EPOCH.index("Switching to the new checkpoint version") + 1)]


# LADIES' sampler trainer, its runs appended to one file, each opening with its argparse dump (`epoch_num=30`), its
# epochs counted from 0 with no total on their lines, a test after the last (HPC-Research-Lab/GNN@
# 6503874543b2be5bcdf90ad8e7546c5c98c9992d, sco, lines 1-7 and 35-47: the first run's opening and its last three
# epochs, the second run's opening and first epoch)
LADIES_RUNS = [
    "Namespace(alpha=1.0, batch_size=1024, buffer_size=0, cuda='1', dataset='yelp', epoch_num=30,"
    " global_permutation=True, lr=0.01, model='graphsage', nhid=512, orders='1,1,1', p=4, pool_num=10,"
    " samp_num=4096, sampler='ladies', scale_factor=1, sco=False, sigmoid_loss=True, test=True)",
    'feat dim:  (716847, 300)',
    'label dim:  (716847, 100)',
    '[0.]',
    'change_num:  0',
    '[array([], dtype=int64)]',
    'Rank 1/1 thread initialized.',
    'Epoch: 27 (0.00s)(0.00s)(87.20s)(0.00s)(246.27s) Train Loss: 18.60    Valid Loss: 19.42 Valid F1: 0.416',
    'Epoch: 28 (0.00s)(0.00s)(90.62s)(0.00s)(255.46s) Train Loss: 18.58    Valid Loss: 20.41 Valid F1: 0.407',
    'Epoch: 29 (0.00s)(0.00s)(94.11s)(0.00s)(264.69s) Train Loss: 18.58    Valid Loss: 18.45 Valid F1: 0.457',
    'Test f1 score: 0.449',
    "Namespace(alpha=1.0, batch_size=1024, buffer_size=0, cuda='1', dataset='yelp', epoch_num=30,"
    " global_permutation=True, lr=0.01, model='graphsage', nhid=512, orders='1,1,1', p=4, pool_num=10,"
    " samp_num=4096, sampler='ladies', scale_factor=1, sco=True, sigmoid_loss=True, test=True)",
    'feat dim:  (716847, 300)',
    'label dim:  (716847, 100)',
    '[0.]',
    'change_num:  0',
    '[array([], dtype=int64)]',
    'Rank 1/1 thread initialized.',
    'Epoch: 0 (0.00s)(0.00s)(3.90s)(0.00s)(19.48s) Train Loss: 22.85    Valid Loss: 21.38 Valid F1: 0.437',
    'Epoch: 1 (0.00s)(0.00s)(7.60s)(0.00s)(37.88s) Train Loss: 20.69    Valid Loss: 21.51 Valid F1: 0.487',
]


def test_a_runs_last_epoch_of_the_total_its_dump_named_then_a_new_count_is_its_end(tmp_path: Path) -> None:
    """`Epoch: 29 ...` of `Namespace(..., epoch_num=30, ...)`, epochs from 0, then `Epoch: 0` again: the run completed
    its 30 epochs (an end at its last epoch's line; it was a restart)."""
    parser, steps, events = _read(tmp_path, LADIES_RUNS)
    assert parser == "generic_log"
    assert "epoch_num=30," in LADIES_RUNS[0]
    assert [s["step"] for s in steps] == [27, 28, 29, 0, 1]
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [
        next(n + 1 for n, t in enumerate(LADIES_RUNS) if t.startswith("Epoch: 29 "))] == [10]


# OneTrainer under a PowerShell wrapper: each epoch's bar of its steps kept at its end (`step: 100%|...| 39/39`), its
# loss in its postfix, then the bar of epochs, the backup and the wrapper's word that it saved the LoRA (technekey/
# OneTrainer-Simple-wrapper@714366b46cb6bf45b0ac703cd98f6f8582afd3c6, README.md, the "Example Run" block's lines 62-82)
ONETRAINER_EPOCHS = [
    'enumerating sample paths:'
    ' 100%|████████████████████████████████████████████████████████████████████████████████████████████████████████'
    '████████████| 1/1 [00:00<00:00, 749.12it/s]',
    'caching: 100%|████████████████████████████████████████████████████████████████████████████████████████████████'
    '████████████████████████████████████| 39/39 [00:12<00:00,  3.18it/s]',
    'step: 100%|███████████████████████████████████████████████████████████████████████████████████████████████████'
    '███| 39/39 [01:28<00:00,  2.27s/it, loss=0.00467, smooth loss=0.133]',
    'step: 100%|███████████████████████████████████████████████████████████████████████████████████████████████████'
    '█████| 39/39 [02:16<00:00,  3.50s/it, loss=0.287, smooth loss=0.139]',
    'step: 100%|███████████████████████████████████████████████████████████████████████████████████████████████████'
    '█████| 39/39 [01:09<00:00,  1.79s/it, loss=0.313, smooth loss=0.131]',
    'step: 100%|███████████████████████████████████████████████████████████████████████████████████████████████████'
    '█████| 39/39 [01:05<00:00,  1.67s/it, loss=0.317, smooth loss=0.127]',
    'step: 100%|███████████████████████████████████████████████████████████████████████████████████████████████████'
    '█████| 39/39 [01:07<00:00,  1.73s/it, loss=0.263, smooth loss=0.133]',
    'step: 100%|███████████████████████████████████████████████████████████████████████████████████████████████████'
    '███| 39/39 [01:03<00:00,  1.62s/it, loss=0.00558, smooth loss=0.129]',
    'step: 100%|███████████████████████████████████████████████████████████████████████████████████████████████████'
    '████| 39/39 [01:02<00:00,  1.61s/it, loss=0.00741, smooth loss=0.13]',
    'step: 100%|███████████████████████████████████████████████████████████████████████████████████████████████████'
    '█████| 39/39 [01:03<00:00,  1.63s/it, loss=0.0158, smooth loss=0.14]',
    'step: 100%|███████████████████████████████████████████████████████████████████████████████████████████████████'
    '█████| 39/39 [01:06<00:00,  1.70s/it, loss=0.159, smooth loss=0.142]',
    'step: 100%|███████████████████████████████████████████████████████████████████████████████████████████████████'
    '████| 39/39 [01:03<00:00,  1.62s/it, loss=0.0425, smooth loss=0.143]',
    'step: 100%|███████████████████████████████████████████████████████████████████████████████████████████████████'
    '█████| 39/39 [01:09<00:00,  1.78s/it, loss=0.109, smooth loss=0.149]',
    'step: 100%|███████████████████████████████████████████████████████████████████████████████████████████████████'
    '█████| 39/39 [01:18<00:00,  2.02s/it, loss=0.055, smooth loss=0.142]',
    'step: 100%|███████████████████████████████████████████████████████████████████████████████████████████████████'
    '██████| 39/39 [01:05<00:00,  1.69s/it, loss=0.179, smooth loss=0.14]',
    'epoch: 100%|██████████████████████████████████████████████████████████████████████████████████████████████████'
    '████████████████████████████████████| 13/13 [16:20<00:00, 75.42s/it]',
    'Creating Backup D:\\AUDIO-WEBUI\\OneTrainer\\Workspaces\\johnFace\\backup\\2026-02-20_12-27-42-backup-507-13-0',
    'Saving D:\\AUDIO-WEBUI\\OneTrainer\\Workspaces\\johnFace\\output\\johnFace.safetensors',
    '--------------------------------------------------------',
    ' [Success] Training Complete!',
    ' LoRA saved to: D:\\OneTrainer\\Workspaces\\johnFace\\output\\johnFace.safetensors',
]

# ai-toolkit training a Z-Image LoRA on a Mac: its bar named by the job (`zimage_a1_ut:`), its loss after its rate as
# `loss: 4.167e-01`, between them its sampling's bars (ronlamb/ai-toolkit@0d2a944dbc2f9fa2ea0e9eb74ca7400c8808df88,
# docs/optimization/models/z_image/z_mage-mac-results.md, lines 24-38)
AI_TOOLKIT_STEPS = [
    'zimage_a1_ut:   0%|          | 29/20000 [04:14<48:40:44,  8.77s/it, lr: 1.0e-04 loss: 4.167e-01]',
    'Generating Samples:   0%|          | 0/2 [00:00<?, ?it/s]',
    'Generating Samples:  50%|#####     | 1/2 [00:38<00:38, 38.63s/it]',
    'Generating Samples: 100%|##########| 2/2 [01:16<00:00, 38.41s/it]',
    '',
    'zimage_a1_ut:   0%|          | 59/20000 [08:09<45:58:40,  8.30s/it, lr: 1.0e-04 loss: 4.675e-01]',
    'Generating Samples:   0%|          | 0/2 [00:00<?, ?it/s]',
    'Generating Samples:  50%|#####     | 1/2 [00:40<00:40, 40.39s/it]',
    'Generating Samples: 100%|##########| 2/2 [01:20<00:00, 40.15s/it]',
    '',
    'zimage_a1_ut:   0%|          | 89/20000 [12:54<48:09:00,  8.71s/it, lr: 1.0e-04 loss: 3.816e-01]',
    'Generating Samples:   0%|          | 0/2 [00:00<?, ?it/s]',
    'Generating Samples:  50%|#####     | 1/2 [00:42<00:42, 42.16s/it]',
    'Generating Samples: 100%|##########| 2/2 [01:22<00:00, 41.12s/it]',
    '',
]


def test_an_epochs_bar_of_steps_named_step_is_no_step_100_and_counts_the_runs_steps(tmp_path: Path) -> None:
    """`step: 100%|...| 39/39 [01:28<00:00,  2.27s/it, loss=0.00467, ...]` thirteen times: the run's steps 39, 78, ...,
    507, each its bar's rate (they were all step 100, the bar's percentage, with no time); two full bars a second apart
    with other losses two epochs; `LoRA saved to: ...safetensors` a save."""
    rates = [float(m[1]) for t in ONETRAINER_EPOCHS
             if (m := re.match(r"step: 100%\|.*\| 39/39 \[[^,]+,\s+([\d.]+)s/it, loss=", t))]
    parser, steps, events = _read(tmp_path, ONETRAINER_EPOCHS)
    assert parser == "generic_log"
    assert len(rates) == 13
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(39 * (i + 1), rate) for i, rate in enumerate(rates)]
    assert [s["step"] for s in steps][-1] == 507
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == [
        n + 1 for n, t in enumerate(ONETRAINER_EPOCHS) if t.startswith(" LoRA saved to: ")] == [21]


def test_a_bar_named_by_its_job_with_its_loss_after_a_colon_counts_the_steps(tmp_path: Path) -> None:
    """`zimage_a1_ut:   0%|   | 29/20000 [04:14<48:40:44,  8.77s/it, lr: 1.0e-04 loss: 4.167e-01]`: step 29; the
    sampling's `Generating Samples:` bars (no loss) none (the file was refused)."""
    parser, steps, _ = _read(tmp_path, AI_TOOLKIT_STEPS)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == [int(m[1]) for t in AI_TOOLKIT_STEPS
                                          if (m := re.match(r"zimage_a1_ut: .*\| (\d+)/20000 ", t))]
    assert [s["step"] for s in steps] == [29, 59, 89]


# ControlNet's tutorial trainer under Lightning, its epoch's bars between its sampler's, the terminal's copy cut each
# drawing short before its closing bracket; Lightning's Timer's word that its time ran out glued inside the drawing of
# the step then, the step in flight drawn after it (devdastl/EVA-8_Capstone_Assignment's README, index id 21892127727,
# the "Training output" block's lines 31-44, its last)
CONTROLNET_TIME_LIMIT = [
    'Epoch 12:  80%|_| 1500/1871 [1:27:16<21:35,  3.49s/it, loss=0.156, v_num=0, train/loss_simple_step=0.218,'
    ' train/loss_vlb_step=0Data shape for DDIM sampling is (4, 4, 32, 32), eta 0.0',
    'Running DDIM Sampling with 50 timesteps',
    'DDIM Sampler: 100%|____________________________________________________________________________| 50/50'
    ' [00:24<00:00,  2.03it/s]',
    'Epoch 12:  96%|_| 1800/1871 [1:44:27<04:07,  3.48s/it, loss=0.161, v_num=0, train/loss_simple_step=0.155,'
    ' train/loss_vlb_step=0Data shape for DDIM sampling is (4, 4, 32, 32), eta 0.0',
    'Running DDIM Sampling with 50 timesteps',
    'DDIM Sampler: 100%|____________________________________________________________________________| 50/50'
    ' [00:23<00:00,  2.09it/s]',
    'Epoch 13:   0%| | 0/1871 [00:00<?, ?it/s, loss=0.137, v_num=0, train/loss_simple_step=0.0911,'
    ' train/loss_vlb_step=0.000447, traData shape for DDIM sampling is (4, 4, 32, 32), eta 0.0',
    'Running DDIM Sampling with 50 timesteps',
    'DDIM Sampler: 100%|____________________________________________________________________________| 50/50'
    ' [00:23<00:00,  2.12it/s]',
    'Epoch 13:  16%|_| 300/1871 [17:14<1:30:15,  3.45s/it, loss=0.182, v_num=0, train/loss_simple_step=0.151,'
    ' train/loss_vlb_step=0.Data shape for DDIM sampling is (4, 4, 32, 32), eta 0.0',
    'Running DDIM Sampling with 50 timesteps',
    'DDIM Sampler: 100%|____________________________________________________________________________| 50/50'
    ' [00:24<00:00,  2.07it/s]',
    'Epoch 13:  20%|_| 367/1871 [21:22<1:27:35,  3.49s/it, loss=0.16, v_num=0, train/loss_simple_step=0.0696,'
    ' train/loss_vlb_step=0.Time limit reached. Elapsed time is 1 day, 0:00:03. Signaling Trainer to stop.',
    'Epoch 13:  20%|_| 368/1871 [21:49<1:29:08,  3.56s/it, loss=0.154, v_num=0, train/loss_simple_step=0.106,'
    ' train/loss_vlb_step=0.',
]


def test_lightnings_timer_stopping_the_trainer_inside_a_cut_drawing_ends_the_run(tmp_path: Path) -> None:
    """`..., train/loss_vlb_step=0.Time limit reached. Elapsed time is 1 day, 0:00:03. Signaling Trainer to stop.`, then
    the step in flight's drawing: the run ended as its time limit stopped it, a completed attempt (its end was
    unknown)."""
    parser, _, events = _read(tmp_path, CONTROLNET_TIME_LIMIT)
    assert parser == "lightning"
    stopped = next(n + 1 for n, t in enumerate(CONTROLNET_TIME_LIMIT) if "Time limit reached." in t)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", stopped)] == [
        ("attempt_end", 13)]
    (tmp_path / "store").mkdir()
    con = console_connection(tmp_path / "store", CONTROLNET_TIME_LIMIT)
    assert con.execute("select end_reason from attempts").fetchall() == [("completed",)]


# A peptide RNN-VAE's training (a custom loop): its iteration lines, a sample each, its model saved every 20000
# iterations in its own past tense (BRLEON-EV/Peptide_autoencoder@1f269bf5fe7731642e48ab4f3539f2b5090eb623, train.log,
# lines 318-326)
PEPTIDE_VAE_SAVE = [
    'ITER 19000 TRAINING (phase 1). loss_vae: 0.1081; loss_recon: 0.0416; loss_kl: 230.3132; loss_mmd: -1.9772;'
    ' Grad_norm: 4.7269e-01 ',
    'Sample (cat T=1.0): "<start> P G <eos>"',
    'ITER 19500 TRAINING (phase 1). loss_vae: 0.1037; loss_recon: 0.0406; loss_kl: 224.4576; loss_mmd: -1.9769;'
    ' Grad_norm: 6.5078e-01 ',
    'Sample (cat T=1.0): "<start> A E L N W <eos>"',
    'ITER 20000 TRAINING (phase 1). loss_vae: 0.1075; loss_recon: 0.0285; loss_kl: 237.8505; loss_mmd: -1.9765;'
    ' Grad_norm: 2.8554e-01 ',
    'Sample (cat T=1.0): "<start> Q R <eos>"',
    'Saved model to output/amp/model_20000.pt',
    'ITER 20500 TRAINING (phase 1). loss_vae: 0.0945; loss_recon: 0.0328; loss_kl: 220.0410; loss_mmd: -1.9774;'
    ' Grad_norm: 5.8291e-01 ',
    'Sample (cat T=1.0): "<start> R V W <eos>"',
]


def test_a_scripts_saved_model_to_a_file_is_a_save(tmp_path: Path) -> None:
    """`Saved model to output/amp/model_20000.pt`: a save done (none was read)."""
    _, steps, events = _read(tmp_path, PEPTIDE_VAE_SAVE)
    assert [s["step"] for s in steps] == [19000, 19500, 20000, 20500]
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_end", PEPTIDE_VAE_SAVE.index("Saved model to output/amp/model_20000.pt") + 1)]


# Kaldi's nnet3 chain training driver at its end: its last iterations, the final combination, the experiment directory
# cleaned up, then its examples deleted and its summary (a Jekyll post on Kaldi's chain models, index id 46913087605,
# the log block's lines 21-30)
KALDI_END = [
    '2019-11-14 11:49:21,854 [steps/nnet3/chain/train.py:529 - train - INFO ] Iter: 19/23   Jobs: 4   Epoch:'
    ' 2.89/4.0 (72.2% complete)   lr: 0.000758',
    '2019-11-14 11:50:35,465 [steps/nnet3/chain/train.py:529 - train - INFO ] Iter: 20/23   Jobs: 4   Epoch:'
    ' 3.11/4.0 (77.8% complete)   lr: 0.000667',
    '2019-11-14 11:51:55,236 [steps/nnet3/chain/train.py:529 - train - INFO ] Iter: 21/23   Jobs: 4   Epoch:'
    ' 3.33/4.0 (83.3% complete)   lr: 0.000587',
    '2019-11-14 11:53:05,992 [steps/nnet3/chain/train.py:529 - train - INFO ] Iter: 22/23   Jobs: 4   Epoch:'
    ' 3.56/4.0 (88.9% complete)   lr: 0.000517',
    '2019-11-14 11:54:28,671 [steps/nnet3/chain/train.py:529 - train - INFO ] Iter: 23/23   Jobs: 4   Epoch:'
    ' 3.78/4.0 (94.4% complete)   lr: 0.000400',
    '2019-11-14 11:56:06,535 [steps/nnet3/chain/train.py:585 - train - INFO ] Doing final combination to produce final.mdl',
    '2019-11-14 11:56:06,536 [steps/libs/nnet3/train/chain_objf/acoustic_model.py:571 - combine_models - INFO ]'
    ' Combining set([13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24]) models.',
    '2019-11-14 11:56:32,948 [steps/nnet3/chain/train.py:614 - train - INFO ] Cleaning up the experiment directory'
    ' exp/chain/tdnn_1a_all_sp',
    'steps/nnet2/remove_egs.sh: Finished deleting examples in exp/chain/tdnn_1a_all_sp/egs',
    'exp/chain/tdnn_1a_all_sp: num-iters=24 nj=2..4 num-params=18.1M dim=43+100->2072 combine=-0.044->-0.044 (over'
    ' 1) xent:train/valid[15,23]=(-0.864,-0.653/-1.00,-0.853) logprob:train/valid[15,23]=(-0.054,-0.040/-0.071,-0.066)',
]


def test_kaldis_training_driver_cleaning_up_its_experiment_directory_ends_the_run(tmp_path: Path) -> None:
    """`[steps/nnet3/chain/train.py:614 - train - INFO ] Cleaning up the experiment directory ...`: its training done,
    a clean end (it was unknown)."""
    _, steps, events = _read(tmp_path, KALDI_END)
    assert [s["step"] for s in steps] == [19, 20, 21, 22, 23]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [
        ("attempt_end", next(n + 1 for n, t in enumerate(KALDI_END) if "Cleaning up the experiment directory" in t))]


# EfficientAD's training script on a custom dataset: its feature statistics' bars, then its training bar described by
# its loss (`set_description("Current loss: {:.4f}  ")`), then its final inference's bars (agbld/EfficientAD's README,
# index id 36059700644, the "Expected Output" block's lines 27-33)
EFFICIENTAD_TRAINING = [
    '(effad) ee303@ee303-Z790-AORUS-ELITE:~/Documents/agbld/GitHub/EfficientAD$ python efficientad.py --dataset'
    ' custom --custom_dataset_path dataset/leddd --output_dir output/1 --model_size small --train_steps 1000',
    'Computing mean of features: 100%|████████████████████████████████████████████████████████████| 695/695'
    ' [00:01<00:00, 420.63it/s]',
    'Computing std of features: 100%|█████████████████████████████████████████████████████████████| 695/695'
    ' [00:01<00:00, 618.44it/s]',
    'Current loss: 5.1687  : 100%|███████████████████████████████████████████████████████████████| 1000/1000'
    ' [00:16<00:00, 60.22it/s]',
    'Final map normalization: 100%|█████████████████████████████████████████████████████████████████| 78/78'
    ' [00:00<00:00, 117.57it/s]',
    'Final inference: 100%|███████████████████████████████████████████████████████████████████████| 543/543'
    ' [00:03<00:00, 139.98it/s]',
    'Final image auc: 95.1452',
]


def test_a_bar_described_by_its_loss_counts_the_runs_steps(tmp_path: Path) -> None:
    """`Current loss: 5.1687  : 100%|...| 1000/1000 [00:16<00:00, 60.22it/s]`: step 1000, 1/60.22 s a step; the other
    bars (no loss) none (the file was refused)."""
    parser, steps, _ = _read(tmp_path, EFFICIENTAD_TRAINING)
    assert parser == "generic_log"
    assert [(s["step"], s["line"]) for s in steps] == [
        (1000, next(n + 1 for n, t in enumerate(EFFICIENTAD_TRAINING) if t.startswith("Current loss: ")))]
    assert steps[0]["step_time_s"] == pytest.approx(1 / 60.22, rel=1e-3)


# PaDiM-Paddle's training on MVTec's bottle: glog's device lines, its iterations dated with a tab after the date, its
# end, its model saved, then its evaluation's bar (CuberrChen/PaDiM-Paddle@8117633fb71d8ffb58c85d852d429a095602c84d,
# logs/bottle.log, lines 1-13)
PADIM_SAVE = [
    '/home/aistudio/PaDiM-Paddle',
    'W0418 22:42:23.527223 23266 device_context.cc:447] Please NOTE: device: 0, GPU Compute Capability: 7.0,'
    ' Driver API Version: 10.1, Runtime API Version: 10.1',
    'W0418 22:42:23.532207 23266 device_context.cc:465] device: 0, cuDNN Version: 7.6.',
    'Training model for bottle',
    '2022-04-18 22:42:30\tEpoch 0[1/7]: loss:0.00000, lr:0.00000, batch time:0.0549, data time:1.2052',
    '2022-04-18 22:42:32\tEpoch 0[3/7]: loss:0.00000, lr:0.00000, batch time:0.0528, data time:1.0514',
    '2022-04-18 22:42:34\tEpoch 0[5/7]: loss:0.00000, lr:0.00000, batch time:0.0534, data time:1.0563',
    '2022-04-18 22:42:36\tEpoch 0[7/7]: loss:0.00000, lr:0.00000, batch time:0.0296, data time:0.5589',
    '2022-04-18 22:42:39\tTrain ends, total 0.00s',
    '2022-04-18 22:42:39\tSaving model...',
    '2022-04-18 22:42:39\tSave model in ./output/bottle/best.pdparams',
    '2022-04-18 22:42:39\tStarting eval model...',
    '| feature extraction | test | bottle |: 100%|█████| 3/3 [00:03<00:00,  1.06s/it]',
]


def test_a_dated_save_model_in_a_file_is_a_save(tmp_path: Path) -> None:
    """`2022-04-18 22:42:39\tSave model in ./output/bottle/best.pdparams`: a save (none was read)."""
    _, _, events = _read(tmp_path, PADIM_SAVE)
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", next(n + 1 for n, t in enumerate(PADIM_SAVE) if "\tSave model in " in t))]


# ml5's training-lstm (a char-rnn-tensorflow fork) run as a Paperspace job: the CLI's job lines, the run's chart records
# and iteration lines (an elision between), its save and conversion, then the CLI's word that the job stopped and its
# command's exit code (timofeysie's training-lstm notes, a README, index id 27463118980, the block after "Went ahead and
# got a paid account", whole)
PAPERSPACE_JOB = [
    "PS C:\\Users\\timof\\repos\\python\\training-lstm> paperspace jobs create --container"
    " tensorflow/tensorflow:1.5.1-gpu-py3 --machineType P5000 --command 'bash run.sh'",
    'Zipping directory training-lstm [========================================] 21780015/bps 100% 0.0s',
    'Uploading training-lstm.zip [========================================] 578102/bps 100% 0.0s',
    'New jobId: j1py0oe1pg0ym3yo',
    'Cluster: PS Jobs',
    'Git commit: b0a1b7a',
    'Job Pending',
    'Waiting for job to run...',
    'Job Running',
    'Storage Region: East Coast (NY2)',
    'Awaiting logs...',
    'Here we go! Reading text file...',
    '{"chart": "loss", "axis": "Iteration"}',
    '...',
    '{"chart": "loss", "x": 98, "y": 3.238658}',
    '98/100 (epoch 49), train_loss = 3.239, time/batch = 0.035',
    '{"chart": "loss", "x": 99, "y": 3.222741}',
    '99/100 (epoch 49), train_loss = 3.223, time/batch = 0.027',
    'Model saved to ./checkpoints/zora_neale_hurston/zora_neale_hurston!',
    'Converting model to ml5js: zora_neale_hurston zora_neale_hurston-99',
    'Done! The output model is in /artifacts',
    'Check https://ml5js.org/docs/training-lstm for more information.',
    'Job Stopped, exitCode 0',
]


def test_a_paperspace_jobs_exit_code_0_is_a_clean_end(tmp_path: Path) -> None:
    """`Job Stopped, exitCode 0`: the job's command returned 0, the run's clean end (it was unknown); `99/100 (epoch
    49), train_loss = 3.223, time/batch = 0.027` step 99."""
    _, steps, events = _read(tmp_path, PAPERSPACE_JOB)
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [(98, 3.239, 0.035), (99, 3.223, 0.027)]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [
        ("attempt_end", PAPERSPACE_JOB.index("Job Stopped, exitCode 0") + 1)]


# Turi Create's object detector training, its progress table between `|` borders and `+---+` rules (a README of a
# Turi Create object-detection project, index id 42471208085, the code block's first 14 lines)
TURI_TABLE = [
    'Start Training',
    "Using 'image' as feature column",
    "Using 'annotation' as annotations column",
    "Setting 'batch_size' to 32",
    'Using GPU to create model (AMD Radeon Pro 560)',
    '+--------------+--------------+--------------+',
    '| Iteration    | Loss         | Elapsed Time |',
    '+--------------+--------------+--------------+',
    '| 1            | 4.262        | 9.7          |',
    '| 12           | 4.312        | 20.7         |',
    '| 23           | 3.818        | 31.6         |',
    '| 34           | 2.962        | 42.5         |',
    '| 45           | 2.350        | 53.4         |',
    '| 56           | 1.915        | 64.2         |',
]


def test_a_bordered_tables_rows_are_its_steps_timed_by_its_elapsed_column(tmp_path: Path) -> None:
    """`| 12           | 4.312        | 20.7         |` under `| Iteration    | Loss         | Elapsed Time |`:
    iteration 12, loss 4.312, its time (20.7 - 9.7) s over the 11 iterations since the row before (the table's rows
    were no steps)."""
    read = [(int(c[0]), float(c[1]), float(c[2])) for t in TURI_TABLE[8:] if (c := [x.strip() for x in t.strip("|").split("|")])]
    parser, steps, _ = _read(tmp_path, TURI_TABLE)
    assert parser == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [(i, loss) for i, loss, _ in read]
    assert [s["step"] for s in steps] == [1, 12, 23, 34, 45, 56]
    assert [s["step_time_s"] for s in steps] == pytest.approx(
        [None] + [(b[2] - a[2]) / (b[0] - a[0]) for a, b in pairwise(read)])


# anomalib 1.x's `anomalib train` under Lightning's rich bar, each message printed twice: by its own logger (ISO dates)
# and by rich's handler (`[06/25/24 12:27:01]`, the C locale's `%x %X`; blank where the time repeats), the last one its
# test's end (cjy513203427/IADBE@6b9d5b7598b4d9f549c62a40b6009d57d2662ff4, logs/rawlogs/train_test_kolektor_stfpm.log,
# lines 55-66)
ANOMALIB_RICH = [
    '`Trainer(logger=ALogger(...))`',
    'Epoch 11/99 ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 9/9 0:00:01 • 0:00:00 20.16it/s train_loss_step: 4.395'
    ' pixel_AUROC: 0.876 pixel_PRO: 0.098 train_loss_epoch: 6.9542024-06-25 12:27:01,559 -'
    ' anomalib.callbacks.timer - INFO - Training took 66.87 seconds',
    '[06/25/24 12:27:01] INFO     Training took 66.87 seconds                                                     '
    '                                                                                                   timer.py:59',
    'Epoch 11/99 ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 9/9 0:00:01 • 0:00:00 20.16it/s train_loss_step: 4.395'
    ' pixel_AUROC: 0.841 pixel_PRO: 0.104 train_loss_epoch: 6.602',
    '2024-06-25 12:27:01,562 - anomalib.data.image.kolektor - INFO - Found the dataset.',
    '                    INFO     Found the dataset.                                                              '
    '                                                                                               kolektor.py:340',
    '2024-06-25 12:27:01,588 - lightning.pytorch.accelerators.cuda - INFO - LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]',
    '[06/25/24 12:27:01] INFO     LOCAL_RANK: 0 - CUDA_VISIBLE_DEVICES: [0]                                       '
    '                                                                                                    cuda.py:58',
    'Testing ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 4/4 0:00:11 • 0:00:00 0.25it/s  2024-06-25 12:27:18,669 -'
    ' anomalib.callbacks.timer - INFO - Testing took 16.816832542419434 seconds',
    'Throughput (batch_size=32) : 7.25463607324759 FPS',
    '[06/25/24 12:27:18] INFO     Testing took 16.816832542419434 seconds                                         '
    '                                                                                                  timer.py:109',
    '                             Throughput (batch_size=32) : 7.25463607324759 FPS',
]


def test_a_rich_handlers_time_dates_its_line(tmp_path: Path) -> None:
    """`[06/25/24 12:27:18] INFO     Testing took 16.816832542419434 seconds`: 25 June 2024, 12:27:18, the run's last
    line (its end was the ISO line's 12:27:01.588 before it)."""
    con = console_connection(tmp_path, ANOMALIB_RICH)
    last = next(t for t in reversed(ANOMALIB_RICH) if t.startswith("[06/25/24 "))
    assert last.startswith("[06/25/24 12:27:18] INFO     Testing took ")
    moment = int(datetime(2024, 6, 25, 12, 27, 18, tzinfo=UTC).timestamp()) * 10**9
    assert con.execute("select end_ns from attempts").fetchall() == [(moment,)]


# Stable-Baselines3's PPO logger tables at the tail of a run, its first line a table's row whose figure recurs in later
# tables (AlanXiangYuWu/REINFORCEMENT-LEARNING-homework3-4@d9a02b90a7e9e6087a8ec939566035813f6b3f43, train.log, lines
# 1-84)
SB3_TABLES = [
    '|    ep_rew_mean          | 0.016        |',
    '| time/                   |              |',
    '|    fps                  | 3373         |',
    '|    iterations           | 19519        |',
    '|    time_elapsed         | 5924         |',
    '|    total_timesteps      | 19987456     |',
    '| train/                  |              |',
    '|    approx_kl            | 0.0069153174 |',
    '|    clip_fraction        | 0.0181       |',
    '|    clip_range           | 0.2          |',
    '|    entropy_loss         | -1.21        |',
    '|    explained_variance   | 0.3841427    |',
    '|    learning_rate        | 0.00025      |',
    '|    loss                 | -0.0269      |',
    '|    n_updates            | 78072        |',
    '|    policy_gradient_loss | -0.00673     |',
    '|    value_loss           | 5.02e-08     |',
    '------------------------------------------',
    '-----------------------------------------',
    '| rollout/                |             |',
    '|    ep_len_mean          | 2.53e+03    |',
    '|    ep_rew_mean          | 0.016       |',
    '| time/                   |             |',
    '|    fps                  | 3373        |',
    '|    iterations           | 19520       |',
    '|    time_elapsed         | 5924        |',
    '|    total_timesteps      | 19988480    |',
    '| train/                  |             |',
    '|    approx_kl            | 0.007454669 |',
    '|    clip_fraction        | 0.0129      |',
    '|    clip_range           | 0.2         |',
    '|    entropy_loss         | -1.2        |',
    '|    explained_variance   | 0.20973784  |',
    '|    learning_rate        | 0.00025     |',
    '|    loss                 | -0.0288     |',
    '|    n_updates            | 78076       |',
    '|    policy_gradient_loss | -0.0074     |',
    '|    value_loss           | 8.49e-08    |',
    '-----------------------------------------',
    '-----------------------------------------',
    '| rollout/                |             |',
    '|    ep_len_mean          | 2.53e+03    |',
    '|    ep_rew_mean          | 0.016       |',
    '| time/                   |             |',
    '|    fps                  | 3373        |',
    '|    iterations           | 19521       |',
    '|    time_elapsed         | 5924        |',
    '|    total_timesteps      | 19989504    |',
    '| train/                  |             |',
    '|    approx_kl            | 0.007054194 |',
    '|    clip_fraction        | 0.0493      |',
    '|    clip_range           | 0.2         |',
    '|    entropy_loss         | -1.27       |',
    '|    explained_variance   | 0.8016016   |',
    '|    learning_rate        | 0.00025     |',
    '|    loss                 | -0.0342     |',
    '|    n_updates            | 78080       |',
    '|    policy_gradient_loss | -0.00482    |',
    '|    value_loss           | 6.82e-08    |',
    '-----------------------------------------',
    '------------------------------------------',
    '| rollout/                |              |',
    '|    ep_len_mean          | 2.53e+03     |',
    '|    ep_rew_mean          | 0.016        |',
    '| time/                   |              |',
    '|    fps                  | 3374         |',
    '|    iterations           | 19522        |',
    '|    time_elapsed         | 5924         |',
    '|    total_timesteps      | 19990528     |',
    '| train/                  |              |',
    '|    approx_kl            | 0.0012466307 |',
    '|    clip_fraction        | 0.00366      |',
    '|    clip_range           | 0.2          |',
    '|    entropy_loss         | -1.13        |',
    '|    explained_variance   | -0.050688624 |',
    '|    learning_rate        | 0.00025      |',
    '|    loss                 | -0.0189      |',
    '|    n_updates            | 78084        |',
    '|    policy_gradient_loss | -0.00228     |',
    '|    value_loss           | 8.47e-08     |',
    '------------------------------------------',
    '-----------------------------------------',
    '| rollout/                |             |',
    '|    ep_len_mean          | 2.53e+03    |',
]


def test_a_logs_first_line_said_again_as_its_count_goes_on_is_no_launch(tmp_path: Path) -> None:
    """`|    ep_rew_mean          | 0.016        |` again at line 64, a table later, its iterations going on (19521 after
    19520): one run (it was read as a launch, the run cut in attempts)."""
    again = [n + 1 for n, t in enumerate(SB3_TABLES) if t == SB3_TABLES[0]]
    assert again[:2] == [1, 64]
    _, steps, events = _read(tmp_path, SB3_TABLES)
    assert [s["step"] for s in steps] == sorted(s["step"] for s in steps) and len(steps) >= 3
    assert [e for e in events if e["kind"] == "attempt_start"] == []


# diffusers' text-to-image script under `accelerate launch` on 8 GPUs: the Trainer-like header with its total batch, then
# the `Steps:` bar, the author's copy keeping steps 1, 2, 100 and 101 only (a Stable Diffusion training note, index id
# 4587955719, the log block's lines 70-97)
DIFFUSERS_SPARSE_BAR = [
    '03/06/2024 17:32:14 - INFO - __main__ - ***** Running training *****',
    '03/06/2024 17:32:14 - INFO - __main__ -   Num examples = 833',
    '03/06/2024 17:32:14 - INFO - __main__ -   Num Epochs = 26',
    '03/06/2024 17:32:14 - INFO - __main__ -   Instantaneous batch size per device = 8',
    '03/06/2024 17:32:14 - INFO - __main__ -   Total train batch size (w. parallel, distributed & accumulation) = 256',
    '03/06/2024 17:32:14 - INFO - __main__ -   Gradient Accumulation steps = 4',
    '03/06/2024 17:32:14 - INFO - __main__ -   Total optimization steps = 101',
    '',
    'Steps:   0%|          | 0/101 [00:00<?, ?it/s]',
    'Steps:   0%|          | 0/101 [00:03<?, ?it/s, lr=1e-5, step_loss=0.0799]',
    'Steps:   0%|          | 0/101 [00:03<?, ?it/s, lr=1e-5, step_loss=0.0223]',
    'Steps:   0%|          | 0/101 [00:04<?, ?it/s, lr=1e-5, step_loss=0.0609]',
    'Steps:   1%|          | 1/101 [00:04<08:00,  4.80s/it, lr=1e-5, step_loss=0.0609]',
    'Steps:   1%|          | 1/101 [00:04<08:00,  4.80s/it, lr=1e-5, step_loss=0.0603]',
    'Steps:   1%|          | 1/101 [00:05<08:00,  4.80s/it, lr=1e-5, step_loss=0.148] ',
    'Steps:   1%|          | 1/101 [00:06<08:00,  4.80s/it, lr=1e-5, step_loss=0.0432]',
    'Steps:   1%|          | 1/101 [00:06<08:00,  4.80s/it, lr=1e-5, step_loss=0.135] ',
    'Steps:   2%|▏         | 2/101 [00:07<05:40,  3.44s/it, lr=1e-5, step_loss=0.135]',
    'Steps:   2%|▏         | 2/101 [00:07<05:40,  3.44s/it, lr=1e-5, step_loss=0.0375]',
    'Steps:   2%|▏         | 2/101 [00:07<05:40,  3.44s/it, lr=1e-5, step_loss=0.0945]',
    'Steps:   2%|▏         | 2/101 [00:08<05:40,  3.44s/it, lr=1e-5, step_loss=0.0359]',
    'Steps:   2%|▏         | 2/101 [00:08<05:40,  3.44s/it, lr=1e-5, step_loss=0.0337]',
    '',
    '',
    'Steps:  99%|█████████▉| 100/101 [03:22<00:01,  1.79s/it, lr=1e-5, step_loss=0.0925]',
    'Steps:  99%|█████████▉| 100/101 [03:22<00:01,  1.79s/it, lr=1e-5, step_loss=0.0535]',
    'Steps:  99%|█████████▉| 100/101 [03:23<00:01,  1.79s/it, lr=1e-5, step_loss=0.0323]',
    'Steps: 100%|██████████| 101/101 [03:23<00:00,  1.98s/it, lr=1e-5, step_loss=0.0323]',
]


def test_a_bar_reading_steps_past_the_last_counts_the_batches_between(tmp_path: Path) -> None:
    """`100/101 [03:22<...]` after `2/101`: the row of step 100 counts the 98 batches since step 2's, 256 samples each
    (the total batch the header says); it counted one batch, so the samples a second came out ~24x too low."""
    batch = int(next(t for t in DIFFUSERS_SPARSE_BAR if "Total train batch size" in t).rsplit("= ", 1)[1])
    parser, steps, _ = _read(tmp_path, DIFFUSERS_SPARSE_BAR)
    assert parser == "hf_trainer"
    assert [(s["step"], s["samples"]) for s in steps] == [(1, batch), (2, batch), (100, batch * 98), (101, batch)]
    assert batch == 256


# ms-swift 3.8 fine-tuning Qwen2.5-7B with LoRA, its console pasted into notes: its logger's lines, the bar drawn once at
# 0 with a warning glued to it, then its metric dicts with their clock since training began (`'elapsed_time': '1m 3s'`)
# (a Chinese notes file on ms-swift, index id 33161037248, its console block's lines 212-227)
MS_SWIFT_CLOCK = [
    '/usr/local/lib/python3.11/site-packages/deepspeed/ops/op_builder/builder.py:18: DeprecationWarning: The'
    ' distutils.sysconfig module is deprecated, use sysconfig instead',
    '  import distutils.sysconfig',
    '[2025-09-26 13:00:44,888] [INFO] [real_accelerator.py:260:get_accelerator] Setting ds_accelerator to cuda (auto detect)',
    'df: /root/.triton/autotune: 没有那个文件或目录',
    '[2025-09-26 13:00:46,797] [INFO] [logging.py:107:log_dist] [Rank -1] [TorchCheckpointEngine] Initialized with'
    ' serialization = False',
    '[INFO:swift] use_reentrant: True',
    '[INFO:swift] The logging file will be saved in: /workspace/verl/output/v0-20250926-114832/logging.jsonl',
    "The tokenizer has new PAD/BOS/EOS tokens that differ from the model config and generation config. The model"
    " config and generation config were aligned accordingly, being updated with the tokenizer's values. Updated"
    " tokens: {'bos_token_id': None}.",
    'Train:   0%|                                                                                                 '
    '            | 0/94 [00:00<?, ?it/s]/usr/local/lib/python3.11/site-packages/torch/cuda/__init__.py:61:'
    ' FutureWarning: The pynvml package is deprecated. Please install nvidia-ml-py instead. If you did not install'
    ' pynvml directly, please report this to the maintainers of the package that installed pynvml for you.',
    '  import pynvml  # type: ignore[import]',
    '[INFO:swift] use_logits_to_keep: True',
    "{'loss': 1.4749825, 'grad_norm': 1.59615517, 'learning_rate': 2e-05, 'token_acc': 0.66827957, 'epoch': 0.01,"
    " 'global_step/max_steps': '1/94', 'percentage': '1.06%', 'elapsed_time': '7s', 'remaining_time': '12m 6s',"
    " 'memory(GiB)': 16.75, 'train_speed(iter/s)': 0.128088}",
    "{'loss': 1.72185874, 'grad_norm': 1.92592478, 'learning_rate': 0.0001, 'token_acc': 0.64476276, 'epoch':"
    " 0.05, 'global_step/max_steps': '5/94', 'percentage': '5.32%', 'elapsed_time': '32s', 'remaining_time': '9m"
    " 36s', 'memory(GiB)': 17.47, 'train_speed(iter/s)': 0.154297}",
    "{'loss': 1.35411816, 'grad_norm': 0.95349097, 'learning_rate': 9.922e-05, 'token_acc': 0.6687643, 'epoch':"
    " 0.11, 'global_step/max_steps': '10/94', 'percentage': '10.64%', 'elapsed_time': '1m 3s', 'remaining_time':"
    " '8m 50s', 'memory(GiB)': 17.47, 'train_speed(iter/s)': 0.158366}",
    "{'loss': 1.27653036, 'grad_norm': 0.64977044, 'learning_rate': 9.692e-05, 'token_acc': 0.66162008, 'epoch':"
    " 0.16, 'global_step/max_steps': '15/94', 'percentage': '15.96%', 'elapsed_time': '1m 33s', 'remaining_time':"
    " '8m 14s', 'memory(GiB)': 18.33, 'train_speed(iter/s)': 0.159901}",
    "{'loss': 1.22438469, 'grad_norm': 0.62878072, 'learning_rate': 9.315e-05, 'token_acc': 0.66291977, 'epoch':"
    " 0.21, 'global_step/max_steps': '20/94', 'percentage': '21.28%', 'elapsed_time': '2m 4s', 'remaining_time':"
    " '7m 41s', 'memory(GiB)': 18.33, 'train_speed(iter/s)': 0.160312}",
]


def test_ms_swifts_dicts_clock_since_training_began_times_their_steps(tmp_path: Path) -> None:
    """`'global_step/max_steps': '10/94', ..., 'elapsed_time': '1m 3s'` after `'5/94'` at `'32s'`: (63 - 32) / 5 = 6.2 s a
    step (the steps had no time: the bar moved no further than 0)."""
    clock = [(int(m[1]), m[2]) for t in MS_SWIFT_CLOCK
             if (m := re.search(r"'global_step/max_steps': '(\d+)/94', .*'elapsed_time': '([^']+)'", t))]
    seconds = [(step, sum(int(n) * (60 if unit == "m" else 1) for n, unit in re.findall(r"(\d+)([ms])", said)))
               for step, said in clock]
    _, steps, _ = _read(tmp_path, MS_SWIFT_CLOCK)
    assert [s["step"] for s in steps] == [step for step, _ in seconds] == [1, 5, 10, 15, 20]
    assert [s["step_time_s"] for s in steps] == pytest.approx(
        [None] + [(b[1] - a[1]) / (b[0] - a[0]) for a, b in pairwise(seconds)])


# Levanter's `train_lm` on a TPU VM, failing as it loads its data cache: its logger's dated lines, then the chained
# tracebacks up through its entry script `levanter/main/train_lm.py` (stanford-crfm/levanter@
# 86d65565b843bf42a7df3c85c1755b97dcb27781, logs/log-t1v-n-d3fbbfef-w-0.log, lines 46-47 and 107-178)
LEVANTER_FAILURE = [
    '2024-01-01T07:27:54 - 0 - levanter.data.shard_cache - shard_cache.py:1266 - INFO :: Loading cache from'
    ' gs://levanter-data/tokenized/openwebtext/validation',
    '2024-01-01T07:27:55 - 0 - levanter.data.text - text.py:275 - ERROR :: error loading cache',
    'Traceback (most recent call last):',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/gcsfs/core.py", line 516, in _get_object',
    '    res = await self._call(',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/gcsfs/core.py", line 437, in _call',
    '    status, headers, info, contents = await self._request(',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/decorator.py", line 221, in fun',
    '    return await caller(func, *(extras + args), **kw)',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/gcsfs/retry.py", line 122, in retry_request',
    '    return await func(*args, **kwargs)',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/gcsfs/core.py", line 430, in _request',
    '    validate_response(status, contents, path, args)',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/gcsfs/retry.py", line 103, in validate_response',
    '    raise OSError(f"Forbidden: {path}\\n{msg}")',
    'OSError: Forbidden: b/levanter-data/o/tokenized%2Fopenwebtext%2Fvalidation%2Fcache_ledger.json',
    "544074808685-compute@developer.gserviceaccount.com does not have storage.objects.get access to the Google"
    " Cloud Storage object. Permission 'storage.objects.get' denied on resource (or it may not exist).",
    '',
    'During handling of the above exception, another exception occurred:',
    '',
    'Traceback (most recent call last):',
    '  File "/home/kaiyue/levanter/src/levanter/main/train_lm.py", line 195, in <module>',
    '    levanter.config.main(main)()',
    '  File "/home/kaiyue/levanter/src/levanter/config.py", line 84, in wrapper_inner',
    '    response = fn(cfg, *args, **kwargs)',
    '  File "/home/kaiyue/levanter/src/levanter/main/train_lm.py", line 105, in main',
    '    eval_datasets = config.data.validation_sets(Pos.size)',
    '  File "/home/kaiyue/levanter/src/levanter/data/text.py", line 540, in validation_sets',
    '    validation_set = self.validation_set(seq_len, monitors)',
    '  File "/home/kaiyue/levanter/src/levanter/data/text.py", line 535, in validation_set',
    '    return self.token_seq_dataset("validation", seq_len, monitors)',
    '  File "/home/kaiyue/levanter/src/levanter/data/text.py", line 564, in token_seq_dataset',
    '    cache = self.build_or_load_cache(split, monitors=monitors)',
    '  File "/home/kaiyue/levanter/src/levanter/data/text.py", line 574, in build_or_load_cache',
    '    return TokenizedDocumentCache.load(split_cache_dir, flatten_docs=True)',
    '  File "/home/kaiyue/levanter/src/levanter/data/text.py", line 270, in load',
    '    cache = ShardCache.load(cache_dir, batch_size=batch_size)',
    '  File "/home/kaiyue/levanter/src/levanter/data/shard_cache.py", line 1267, in load',
    '    ledger = _load_cache_ledger(cache_dir)',
    '  File "/home/kaiyue/levanter/src/levanter/data/shard_cache.py", line 442, in _load_cache_ledger',
    '    with fsspec.open(ledger_path) as file:',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/fsspec/core.py", line 100, in __enter__',
    '    f = self.fs.open(self.path, mode=mode)',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/fsspec/spec.py", line 1309, in open',
    '    f = self._open(',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/gcsfs/core.py", line 1519, in _open',
    '    return GCSFile(',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/gcsfs/core.py", line 1678, in __init__',
    '    super().__init__(',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/fsspec/spec.py", line 1665, in __init__',
    '    self.size = self.details["size"]',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/gcsfs/core.py", line 1714, in details',
    '    self._details = self.fs.info(self.path, generation=self.generation)',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/fsspec/asyn.py", line 118, in wrapper',
    '    return sync(self.loop, func, *args, **kwargs)',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/fsspec/asyn.py", line 103, in sync',
    '    raise return_result',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/fsspec/asyn.py", line 56, in _runner',
    '    result[0] = await coro',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/gcsfs/core.py", line 962, in _info',
    '    exact = await self._get_object(path)',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/gcsfs/core.py", line 522, in _get_object',
    '    resp = await self._call(',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/gcsfs/core.py", line 437, in _call',
    '    status, headers, info, contents = await self._request(',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/decorator.py", line 221, in fun',
    '    return await caller(func, *(extras + args), **kw)',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/gcsfs/retry.py", line 122, in retry_request',
    '    return await func(*args, **kwargs)',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/gcsfs/core.py", line 430, in _request',
    '    validate_response(status, contents, path, args)',
    '  File "/home/kaiyue/venv310/lib/python3.10/site-packages/gcsfs/retry.py", line 103, in validate_response',
    '    raise OSError(f"Forbidden: {path}\\n{msg}")',
    'OSError: Forbidden: b/levanter-data/o',
]


def test_a_traceback_through_a_train_scripts_entry_point_is_a_crash(tmp_path: Path) -> None:
    """`File ".../levanter/main/train_lm.py", line 195, in <module>`, then `OSError: Forbidden: ...`: a training script's
    failure before its first step, a crash (the log was refused: only `train.py` was a training script's name)."""
    parser, steps, events = _read(tmp_path, LEVANTER_FAILURE, name="log-t1v-n-d3fbbfef-w-0.log")
    assert (parser, steps) == ("generic_log", [])
    assert any('levanter/main/train_lm.py", line 195, in <module>' in t for t in LEVANTER_FAILURE)
    crashes = [e for e in events if e["kind"] == "crash"]
    assert crashes and crashes[-1]["detail"].startswith("OSError: Forbidden: b/levanter-data/o")


# GPT-NeoX's Slurm output of a job whose interpreter found no script (EleutherAI/gpt-neox@
# b0b561f91becfe3137a34599025242647d8e7f3b, run_scripts/slurm-151180.out, whole)
NEOX_NOT_STARTED = ["python: can't open file './deepy.py': [Errno 2] No such file or directory"]
# a ChatGLM LoRA trainer's log on Windows, its shell finding no interpreter (yynps737/ChatGLM-CPU-Trainer@
# 33cab34763c3714554c1dbbdd2d3ed0c7f15e693, output/chatglm-lora/train_log.txt, whole)
WINDOWS_NOT_STARTED = ["'python' is not recognized as an internal or external command,", 'operable program or batch file.']


def test_a_jobs_output_whose_program_never_started_is_a_failed_attempt(tmp_path: Path) -> None:
    """`python: can't open file './deepy.py': [Errno 2] No such file or directory` in a Slurm `.out`, `'python' is not
    recognized as an internal or external command,` in a `train_log.txt`: the job's program never started, a crash at
    that line, no step (both files were refused)."""
    for name, lines in (("slurm-151180.out", NEOX_NOT_STARTED), ("train_log.txt", WINDOWS_NOT_STARTED)):
        parser, steps, events = _read(tmp_path, lines, name=name)
        assert (parser, steps) == ("generic_log", []), name
        assert [(e["kind"], e["line"]) for e in events] == [("crash", 1)], name
    path = tmp_path / "slurm-151180.json"  # (the same line in a file named as no job's output: refused)
    path.write_text("\n".join(NEOX_NOT_STARTED) + "\n")
    assert detect(path, read_head(path), registry())[0] is None


# Unsloth's LoRA SFT console whose loss dicts were buffered and printed after the training bar's last drawing
# (ZHYsfl/exp-scribe@5ff10179a9e2935a25991ef967dbe76952e06e1d, train_sft.log, whole)
UNSLOTH_LATE_DICTS = [
    'Unsloth 2026.4.6 patched 24 layers with 24 QKV layers, 24 O layers and 24 MLP layers.',
    '🦥 Unsloth: Will patch your computer to enable 2x faster free finetuning.',
    '🦥 Unsloth Zoo will now patch everything to make training faster!',
    '==((====))==  Unsloth 2026.4.6: Fast Qwen2 patching. Transformers: 4.57.6. vLLM: 0.17.1.',
    '   \\\\   /|    NVIDIA GeForce RTX 3090. Num GPUs = 1. Max memory: 23.559 GB. Platform: Linux.',
    'O^O/ \\_/ \\    Torch: 2.10.0+cu128. CUDA: 8.6. CUDA Toolkit: 12.8. Triton: 3.6.0',
    '\\        /    Bfloat16 = TRUE. FA [Xformers = 0.0.35. FA2 = False]',
    ' "-____-"     Free license: http://github.com/unslothai/unsloth',
    'Unsloth: Fast downloading is enabled - ignore downloading bars which are red colored!',
    'Loaded 168 step examples from data/gsm8k_sft_0.5b_verify.jsonl',
    '\rUnsloth: Tokenizing ["text"] (num_proc=64):   0%|          | 0/168 [00:00<?, ? examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):   2%|▏         | 3/168 [00:02<02:06,  1.31 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):   5%|▌         | 9/168 [00:02<00:37,  4.19 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):   7%|▋         | 12/168 [00:02<00:27,  5.76 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):   9%|▉         | 15/168 [00:02<00:20,  7.48 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  11%|█         | 18/168 [00:03<00:16,  9.21 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  12%|█▎        | 21/168 [00:03<00:13, 10.97 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  14%|█▍        | 24/168 [00:03<00:12, 11.96 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  18%|█▊        | 30/168 [00:03<00:10, 12.67 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  21%|██▏       | 36/168 [00:04<00:07, 17.73 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  23%|██▎       | 39/168 [00:04<00:07, 17.81 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  25%|██▌       | 42/168 [00:04<00:08, 15.18 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  30%|███       | 51/168 [00:04<00:06, 17.64 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  32%|███▏      | 54/168 [00:05<00:06, 18.26 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  36%|███▌      | 60/168 [00:05<00:04, 23.36 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  38%|███▊      | 63/168 [00:05<00:05, 19.68 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  39%|███▉      | 66/168 [00:05<00:05, 20.01 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  41%|████      | 69/168 [00:05<00:04, 19.98 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  43%|████▎     | 72/168 [00:05<00:04, 19.58 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  46%|████▋     | 78/168 [00:06<00:04, 18.93 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  48%|████▊     | 81/168 [00:06<00:04, 18.11 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  50%|█████     | 84/168 [00:06<00:04, 19.35 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  52%|█████▏    | 87/168 [00:06<00:04, 19.55 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  55%|█████▌    | 93/168 [00:07<00:03, 19.23 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  57%|█████▋    | 96/168 [00:07<00:03, 19.11 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  59%|█████▉    | 99/168 [00:07<00:03, 18.54 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  61%|██████    | 102/168 [00:07<00:03, 18.45 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  62%|██████▎   | 105/168 [00:07<00:03, 18.48 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  64%|██████▍   | 108/168 [00:07<00:03, 19.03 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  66%|██████▌   | 111/168 [00:08<00:03, 17.89 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  68%|██████▊   | 114/168 [00:08<00:03, 17.55 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  70%|██████▉   | 117/168 [00:08<00:02, 18.68 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  71%|███████▏  | 120/168 [00:08<00:02, 18.57 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  74%|███████▍  | 124/168 [00:08<00:02, 16.17 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  75%|███████▌  | 126/168 [00:08<00:02, 15.36 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  76%|███████▌  | 128/168 [00:09<00:02, 14.22 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  77%|███████▋  | 130/168 [00:09<00:03, 11.77 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  80%|███████▉  | 134/168 [00:09<00:02, 14.02 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  81%|████████  | 136/168 [00:09<00:02, 14.06 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  82%|████████▏ | 138/168 [00:09<00:02, 13.69 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  83%|████████▎ | 140/168 [00:10<00:02, 13.44 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  86%|████████▌ | 144/168 [00:10<00:01, 12.87 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  87%|████████▋ | 146/168 [00:10<00:01, 12.77 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  88%|████████▊ | 148/168 [00:10<00:01, 12.95 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  89%|████████▉ | 150/168 [00:10<00:01, 13.12 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  90%|█████████ | 152/168 [00:10<00:01, 12.83 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  93%|█████████▎| 156/168 [00:11<00:00, 13.07 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  94%|█████████▍| 158/168 [00:11<00:00, 13.07 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  95%|█████████▌| 160/168 [00:11<00:00, 12.27 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  98%|█████████▊| 164/168 [00:11<00:00, 13.68 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64):  99%|█████████▉| 166/168 [00:12<00:00, 13.83 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64): 100%|██████████| 168/168 [00:12<00:00, 13.46 examples/s]\rUnsloth:'
    ' Tokenizing ["text"] (num_proc=64): 100%|██████████| 168/168 [00:13<00:00, 12.63 examples/s]',
    '==((====))==  Unsloth - 2x faster free finetuning | Num GPUs used = 1',
    '   \\\\   /|    Num examples = 168 | Num Epochs = 1 | Total steps = 42',
    'O^O/ \\_/ \\    Batch size per device = 1 | Gradient accumulation steps = 4',
    '\\        /    Data Parallel GPUs = 1 | Total batch size (1 x 4 x 1) = 4',
    ' "-____-"     Trainable parameters = 8,798,208 of 502,830,976 (1.75% trained)',
    '🦥 Unsloth: Padding-free auto-enabled, enabling faster training.',
    '\r  0%|          | 0/42 [00:00<?, ?it/s]\r  2%|▏         | 1/42 [00:03<02:20,  3.43s/it]\r  5%|▍         |'
    ' 2/42 [00:04<01:29,  2.24s/it]\r  7%|▋         | 3/42 [00:06<01:12,  1.85s/it]\r 10%|▉         | 4/42'
    ' [00:07<01:05,  1.71s/it]\r 12%|█▏        | 5/42 [00:09<01:01,  1.65s/it]\r                                  '
    '            \r\r 12%|█▏        | 5/42 [00:09<01:01,  1.65s/it]\r 14%|█▍        | 6/42 [00:10<00:56, '
    ' 1.58s/it]\r 17%|█▋        | 7/42 [00:12<00:54,  1.56s/it]\r 19%|█▉        | 8/42 [00:13<00:52,  1.53s/it]\r'
    ' 21%|██▏       | 9/42 [00:15<00:51,  1.55s/it]\r 24%|██▍       | 10/42 [00:16<00:49,  1.55s/it]\r            '
    '                                   \r\r 24%|██▍       | 10/42 [00:16<00:49,  1.55s/it]\r 26%|██▌       |'
    ' 11/42 [00:18<00:47,  1.54s/it]\r 29%|██▊       | 12/42 [00:19<00:46,  1.54s/it]\r 31%|███       | 13/42'
    ' [00:21<00:44,  1.53s/it]\r 33%|███▎      | 14/42 [00:22<00:42,  1.53s/it]\r 36%|███▌      | 15/42'
    ' [00:24<00:41,  1.52s/it]\r                                               \r\r 36%|███▌      | 15/42'
    ' [00:24<00:41,  1.52s/it]\r 38%|███▊      | 16/42 [00:25<00:39,  1.52s/it]\r 40%|████      | 17/42'
    ' [00:27<00:38,  1.54s/it]\r 43%|████▎     | 18/42 [00:29<00:36,  1.54s/it]\r 45%|████▌     | 19/42'
    ' [00:30<00:35,  1.54s/it]\r 48%|████▊     | 20/42 [00:32<00:33,  1.54s/it]\r                                 '
    '              \r\r 48%|████▊     | 20/42 [00:32<00:33,  1.54s/it]\r 50%|█████     | 21/42 [00:33<00:32, '
    ' 1.54s/it]\r 52%|█████▏    | 22/42 [00:35<00:30,  1.52s/it]\r 55%|█████▍    | 23/42 [00:36<00:29, '
    ' 1.53s/it]\r 57%|█████▋    | 24/42 [00:38<00:27,  1.53s/it]\r 60%|█████▉    | 25/42 [00:39<00:26, '
    ' 1.53s/it]\r                                               \r\r 60%|█████▉    | 25/42 [00:39<00:26, '
    ' 1.53s/it]\r 62%|██████▏   | 26/42 [00:41<00:24,  1.54s/it]\r 64%|██████▍   | 27/42 [00:42<00:23, '
    ' 1.54s/it]\r 67%|██████▋   | 28/42 [00:44<00:21,  1.52s/it]\r 69%|██████▉   | 29/42 [00:45<00:19, '
    ' 1.50s/it]\r 71%|███████▏  | 30/42 [00:47<00:17,  1.48s/it]\r                                              '
    ' \r\r 71%|███████▏  | 30/42 [00:47<00:17,  1.48s/it]\r 74%|███████▍  | 31/42 [00:48<00:16,  1.48s/it]\r'
    ' 76%|███████▌  | 32/42 [00:50<00:15,  1.50s/it]\r 79%|███████▊  | 33/42 [00:51<00:13,  1.51s/it]\r'
    ' 81%|████████  | 34/42 [00:53<00:12,  1.52s/it]\r 83%|████████▎ | 35/42 [00:54<00:10,  1.53s/it]\r           '
    '                                    \r\r 83%|████████▎ | 35/42 [00:54<00:10,  1.53s/it]\r 86%|████████▌ |'
    ' 36/42 [00:56<00:09,  1.50s/it]\r 88%|████████▊ | 37/42 [00:57<00:07,  1.49s/it]\r 90%|█████████ | 38/42'
    ' [00:59<00:06,  1.50s/it]\r 93%|█████████▎| 39/42 [01:00<00:04,  1.49s/it]\r 95%|█████████▌| 40/42'
    ' [01:02<00:02,  1.50s/it]\r                                               \r\r 95%|█████████▌| 40/42'
    ' [01:02<00:02,  1.50s/it]\r 98%|█████████▊| 41/42 [01:03<00:01,  1.51s/it]\r100%|██████████| 42/42'
    ' [01:05<00:00,  1.52s/it]\r                                               \r\r100%|██████████| 42/42'
    ' [01:05<00:00,  1.52s/it]\r100%|██████████| 42/42 [01:05<00:00,  1.57s/it]',
    'Unsloth: Will smartly offload gradients to save VRAM!',
    "{'loss': 2.0502, 'grad_norm': 2.125614881515503, 'learning_rate': 8e-05, 'epoch': 0.12}",
    "{'loss': 1.69, 'grad_norm': 0.8723964691162109, 'learning_rate': 0.00018, 'epoch': 0.24}",
    "{'loss': 1.3354, 'grad_norm': 0.5839778184890747, 'learning_rate': 0.000175, 'epoch': 0.36}",
    "{'loss': 0.9038, 'grad_norm': 0.5023298859596252, 'learning_rate': 0.00014375, 'epoch': 0.48}",
    "{'loss': 0.723, 'grad_norm': 0.44968584179878235, 'learning_rate': 0.00011250000000000001, 'epoch': 0.6}",
    "{'loss': 0.5105, 'grad_norm': 0.42072218656539917, 'learning_rate': 8.125000000000001e-05, 'epoch': 0.71}",
    "{'loss': 0.4084, 'grad_norm': 0.3943481743335724, 'learning_rate': 5e-05, 'epoch': 0.83}",
    "{'loss': 0.3938, 'grad_norm': 0.360558420419693, 'learning_rate': 1.8750000000000002e-05, 'epoch': 0.95}",
    "{'train_runtime': 65.9115, 'train_samples_per_second': 2.549, 'train_steps_per_second': 0.637, 'train_loss':"
    " 0.9721708397070566, 'epoch': 1.0}",
    'Saved LoRA adapter to outputs/scribe_sft/final_lora',
]


def test_rows_printed_out_of_step_order_count_each_steps_batch_once(tmp_path: Path) -> None:
    """`Num examples = 168 | Num Epochs = 1 | Total steps = 42` in batches of `Total batch size (1 x 4 x 1) = 4`: the
    rows' samples add to 42 x 4 = 168, whatever order the bar's rows and the dicts' came in (the dicts, printed
    after the bar, each counted the steps since the bar's row before them in the file: 312)."""
    _, steps, _ = _read(tmp_path, UNSLOTH_LATE_DICTS)
    assert sum(s["samples"] for s in steps if s["samples"] is not None) == 42 * 4 == 168
