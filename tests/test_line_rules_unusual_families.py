"""Unusual model families and their tutorials' loops (spiking networks, ...): lines quoted verbatim from public files
(each block's source is cited above it), tiny inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_line_rules import _read

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
    '2024-05-16 21:44:56 a4eae8bf3f6b __main__[9078] INFO Loading Dama...',
    '2024-05-16 21:44:56 a4eae8bf3f6b __main__[9078] INFO Loading NNetWrapper...',
    '2024-05-16 21:44:57 a4eae8bf3f6b __main__[9078] WARNING Not loading a checkpoint!',
    '2024-05-16 21:44:57 a4eae8bf3f6b __main__[9078] INFO Loading the Coach...',
    '2024-05-16 21:44:57 a4eae8bf3f6b __main__[9078] INFO Starting the learning process 🎉',
    '2024-05-16 21:44:57 a4eae8bf3f6b Coach[9078] INFO Starting Iter #1 ...',
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
