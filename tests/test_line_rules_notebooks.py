"""Line rules for training loops run in notebooks, on quoted real cell outputs (each source cited):
undated lines that give an epoch's loss, duration or evaluation (Flax's, JAX's, PEFT's and
Accelerate's examples), a batch line's cost, and minGPT's step lines and trainer bar."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_line_rules import _read
from tests.test_line_rules_launchers_and_programs import SAGEMAKER_SEQ2SEQ

# github.com/google/flax @ 1dbd90ea, docs/notebooks/annotated_mnist.ipynb, cell ugGlV3u6Iq1A's output (its first 6 lines)
FLAX = [
    'train epoch: 1, loss: 0.1293, accuracy: 96.04',
    ' test epoch: 1, loss: 0.06, accuracy: 97.93',
    'train epoch: 2, loss: 0.0509, accuracy: 98.43',
    ' test epoch: 2, loss: 0.04, accuracy: 98.88',
    'train epoch: 3, loss: 0.0332, accuracy: 99.04',
    ' test epoch: 3, loss: 0.03, accuracy: 98.87',
]

# github.com/jax-ml/jax @ 10ed827f, docs/notebooks/Neural_Network_and_Data_Loading.ipynb, cell X2DnZo3iYj18 (first 7 lines)
JAX = [
    'Epoch 0 in 55.15 sec',
    'Training set accuracy 0.9157500267028809',
    'Test set accuracy 0.9195000529289246',
    'Epoch 1 in 42.26 sec',
    'Training set accuracy 0.9372166991233826',
    'Test set accuracy 0.9384000301361084',
    'Epoch 2 in 44.37 sec',
]

# github.com/huggingface/peft @ 1948110c, examples/multilayer_perceptron/multilayer_perceptron_lora.ipynb,
# cell 9200cbc6 (first 4 lines)
PEFT_MLP = [
    'epoch=0   train_loss_total=0.6695  eval_loss_total=0.6388',
    'epoch=1   train_loss_total=0.5614  eval_loss_total=0.5456',
    'epoch=2   train_loss_total=0.3897  eval_loss_total=0.3035',
    'epoch=3   train_loss_total=0.2529  eval_loss_total=0.2510',
]

# github.com/huggingface/notebooks @ 5329486b, examples/accelerate_examples/simple_cv_example.ipynb, cell 439fb3e6
ACCELERATE = [
    'Launching training on 2 GPUs.',
    'epoch 0: 88.12',
    'epoch 1: 91.73',
    'epoch 2: 92.58',
    'epoch 3: 93.90',
    'epoch 4: 94.71',
]

# github.com/karpathy/minGPT @ 7569ab9d, demo.ipynb, cell 6 (first 4 lines)
MINGPT = [
    'iter_dt 0.00ms; iter 0: train loss 1.09793',
    'iter_dt 29.36ms; iter 100: train loss 0.14420',
    'iter_dt 29.03ms; iter 200: train loss 0.04971',
    'iter_dt 28.62ms; iter 300: train loss 0.03680',
]

# minGPT's trainer's bar at each epoch's end (github.com/karpathy/minGPT @ af71bff0, play_word.ipynb, cell prostate-redhead)
MINGPT_BAR = [
    ('epoch 1 iter 3260: train loss 0.55002. lr 3.000578e-04: 100%|██████████| 3261/3261 [40:39<00:00,'
     '  1.34it/s]'),
    ('epoch 2 iter 3260: train loss 0.33295. lr 6.000000e-05: 100%|██████████| 3261/3261 [40:49<00:00,'
     '  1.33it/s]'),
]


# github.com/rasbt/deeplearning-models @ 1c205290, pytorch_ipynb/cnn/cnn-basic.ipynb, cell 11 (first 14 lines)
RASBT = [
    'Epoch: 001/010 | Batch 000/469 | Cost: 2.3016',
    'Epoch: 001/010 | Batch 050/469 | Cost: 2.2714',
    'Epoch: 001/010 | Batch 100/469 | Cost: 1.6118',
    'Epoch: 001/010 | Batch 150/469 | Cost: 0.7966',
    'Epoch: 001/010 | Batch 200/469 | Cost: 0.5077',
    'Epoch: 001/010 | Batch 250/469 | Cost: 0.3221',
    'Epoch: 001/010 | Batch 300/469 | Cost: 0.2850',
    'Epoch: 001/010 | Batch 350/469 | Cost: 0.3116',
    'Epoch: 001/010 | Batch 400/469 | Cost: 0.2836',
    'Epoch: 001/010 | Batch 450/469 | Cost: 0.3169',
    'Epoch: 001/010 training accuracy: 92.72%',
    'Time elapsed: 0.21 min',
    'Epoch: 002/010 | Batch 000/469 | Cost: 0.2469',
    'Epoch: 002/010 | Batch 050/469 | Cost: 0.2342',
]

# github.com/jeffheaton/app_deep_learning @ 1a0366c3, t81_558_class_03_4_early_stop.ipynb, cell 3's stderr
# (first 4 lines): one tqdm bar an epoch, its description set at the epoch's last batch
HEATON = [
    'Epoch: 1, tloss: 0.6026307344436646, vloss: 0.536555, : 100%|██████████| 7/7 [00:00<00:00, 381.74it/s]',
    'Epoch: 2, tloss: 0.3658648133277893, vloss: 0.277725, Improvement found, counter reset to 0'
    ': 100%|██████████| 7/7 [00:00<00:00, 243.94it/s]',
    'Epoch: 3, tloss: 0.15603026747703552, vloss: 0.187535, Improvement found, counter reset to 0'
    ': 100%|██████████| 7/7 [00:00<00:00, 466.69it/s]',
    'Epoch: 4, tloss: 0.05794893577694893, vloss: 0.154333, Improvement found, counter reset to 0'
    ': 100%|██████████| 7/7 [00:00<00:00, 829.19it/s]',
]


def test_undated_epoch_lines_with_a_training_loss(tmp_path: Path) -> None:
    """`train epoch: N, loss: X` (the test epoch's lines beside it report no training) and
    `epoch=N  train_loss_total=X  eval_loss_total=Y`: an epoch a line, the training loss its own,
    no time (nothing dates them)."""
    for lines, train in ((FLAX, r"^train epoch: (\d+), loss: ([\d.]+),"),
                         (PEFT_MLP, r"^epoch=(\d+) +train_loss_total=([\d.]+) ")):
        name, steps, _ = _read(tmp_path, lines)
        expected = [(int(m.group(1)), n, float(m.group(2))) for n, t in enumerate(lines, start=1) if (m := re.match(train, t))]
        assert name == "generic_log" and len(expected) >= 2
        assert [(r["step"], r["line"], r["loss"]) for r in steps] == expected
        assert all(r["end_ns"] is None and r["step_time_s"] is None for r in steps)


def test_undated_epoch_lines_with_their_duration(tmp_path: Path) -> None:
    """JAX's tutorial's `Epoch N in X sec`: an epoch a line, X seconds its time."""
    name, steps, _ = _read(tmp_path, JAX)
    expected = [(int(m.group(1)), n, float(m.group(2))) for n, t in enumerate(JAX, start=1)
                if (m := re.fullmatch(r"Epoch (\d+) in ([\d.]+) sec", t))]
    assert name == "generic_log" and len(expected) == 3
    assert [(r["step"], r["line"], r["step_time_s"]) for r in steps] == expected


def test_accelerate_examples_epoch_results(tmp_path: Path) -> None:
    """Accelerate's examples print each epoch's evaluation after its number (`epoch 0: 88.12`):
    with nothing finer printed, the epochs are the steps."""
    name, steps, _ = _read(tmp_path, ACCELERATE)
    expected = [(int(m.group(1)), n) for n, t in enumerate(ACCELERATE, start=1) if (m := re.fullmatch(r"epoch (\d+): [\d.]+", t))]
    assert name == "generic_log" and len(expected) == 5
    assert [(r["step"], r["line"]) for r in steps] == expected


def test_mingpt_step_time_before_its_counter(tmp_path: Path) -> None:
    """`iter_dt 29.36ms; iter 100: train loss 0.14420`: the iteration's time in ms before its
    counter; the first line's 0.00 ms timed nothing."""
    _, steps, _ = _read(tmp_path, MINGPT)
    read = [re.match(r"iter_dt ([\d.]+)ms; iter (\d+): train loss ([\d.]+)$", t) for t in MINGPT]
    assert all(read)
    expected = [(int(m.group(2)), (float(m.group(1)) / 1000) or None, float(m.group(3))) for m in read if m]
    assert expected[0][1] is None
    assert [(r["step"], r["step_time_s"], r["loss"]) for r in steps] == [
        (s, pytest.approx(t) if t else None, loss) for s, t, loss in expected]


def test_mingpt_trainer_bar_names_its_epoch_and_training_loss(tmp_path: Path) -> None:
    """`epoch 1 iter 3260: train loss 0.55002. lr ...: 100%|...| 3261/3261 [40:39<00:00,  1.34it/s]`:
    a training bar (its description names the training loss), a step a line, its rate the
    step's time, the steps going on across epochs."""
    name, steps, _ = _read(tmp_path, MINGPT_BAR)
    rates = [float(re.search(r"([\d.]+)it/s\]$", t).group(1)) for t in MINGPT_BAR]  # type: ignore[union-attr]
    assert name == "generic_log"
    assert [r["step_time_s"] for r in steps] == [pytest.approx(1 / r) for r in rates]
    assert steps[0]["step"] < steps[1]["step"]


def test_a_batch_line_s_cost_is_its_loss(tmp_path: Path) -> None:
    """`Epoch: 001/010 | Batch 050/469 | Cost: 2.2714` (the deeplearning-models notebooks' loop):
    the batch of its epoch a step, numbered on across epochs ((epoch - 1) x 469 + batch), its cost
    the loss; the epoch's accuracy and elapsed-time lines are no steps."""
    name, steps, _ = _read(tmp_path, RASBT)
    expected = [((int(m.group(1)) - 1) * int(m.group(3)) + int(m.group(2)), n, float(m.group(4)))
                for n, t in enumerate(RASBT, start=1)
                if (m := re.fullmatch(r"Epoch: (\d+)/\d+ \| Batch (\d+)/(\d+) \| Cost: ([\d.]+)", t))]
    assert name == "generic_log" and len(expected) == 12
    assert [(r["step"], r["line"], r["loss"]) for r in steps] == expected


def test_a_bar_an_epoch_kept_at_its_end_numbers_the_epochs(tmp_path: Path) -> None:
    """A console that kept each epoch's bar at its last batch alone (`Epoch: 2, tloss: ..., : 100%|...|
    7/7 [00:00<00:00, 243.94it/s]`) shows its epochs: each row's step is its epoch as printed, its
    time the epoch's 7 batches at the bar's rate."""
    _, steps, _ = _read(tmp_path, HEATON)
    read = [re.match(r"Epoch: (\d+), .*\| (\d+)/(\d+) \[[^,]*, *([\d.]+)it/s\]$", t) for t in HEATON]
    assert all(m and m.group(2) == m.group(3) for m in read)
    assert [(r["step"], r["step_time_s"]) for r in steps] == [
        (int(m.group(1)), pytest.approx(int(m.group(3)) / float(m.group(4)))) for m in read if m]


def test_a_last_epoch_that_never_ended_leaves_the_log_read_by_its_epochs() -> None:
    """Rows that end epochs 1-3 (16 batches each, 0.37 s a batch), then a reading within epoch 4
    (a log that stops mid-epoch: a crash, a live run): epochs 1-3 are the steps, each 16 x 0.37 s,
    and epoch 4's reading is no row; a reading within an earlier epoch keeps the batches."""
    from tracelens.parsers._events import log_result
    from tracelens.parsers._logtables import LogRows

    def rows(cut_epoch: int) -> LogRows:
        made = LogRows("ultralytics")
        for epoch in (1, 2, 3):
            made.step(line=epoch, rank=None, step=epoch * 16, step_time_s=0.37)
            made.epoch_end(made.steps[-1], epoch, 16)
        made.step(line=4, rank=None, step=3 * 16 + 8, step_time_s=0.37)
        made.within_epoch(made.steps[-1], cut_epoch)
        return made

    steps = log_result(rows(4), None).tables["log_steps"].to_pylist()
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(e, pytest.approx(16 * 0.37)) for e in (1, 2, 3)]
    steps = log_result(rows(2), None).tables["log_steps"].to_pylist()  # (not after every finished epoch)
    assert [s["step"] for s in steps] == [16, 32, 48, 56]


# fastai v1's fits of ULMFiT's classifier, gradual unfreezing (n-waves/ulmfit-multilingual's results notes,
# stored file id 34656380992, lines 64-88 of the block): its tables with no time column, each closed by
# `Total time: mm:ss`
FASTAI_V1_FITS = [
    'Starting classifier training',
    'epoch     train_loss  valid_loss  accuracy',
    '1         0.616963    0.275447    0.923000',
    'Better model found at epoch 1 with val_loss value: 0.27544698119163513.',
    'Total time: 00:24',
    'epoch     train_loss  valid_loss  accuracy',
    '1         0.425890    0.201535    0.932000',
    'Better model found at epoch 1 with val_loss value: 0.2015346735715866.',
    'Total time: 00:27',
    'epoch     train_loss  valid_loss  accuracy',
    '1         0.265563    0.186434    0.951000',
    'Better model found at epoch 1 with val_loss value: 0.18643426895141602.',
    'Total time: 00:32',
    'epoch     train_loss  valid_loss  accuracy',
    '1         0.162097    0.180026    0.955000',
    'Better model found at epoch 1 with val_loss value: 0.1800260841846466.',
    '2         0.161748    0.187014    0.957000',
    '3         0.142789    0.166486    0.961000',
    'Better model found at epoch 3 with val_loss value: 0.1664857715368271.',
    '4         0.105920    0.173207    0.963000',
    '5         0.078164    0.184849    0.962000',
    '6         0.070540    0.189451    0.962000',
    '7         0.051490    0.208019    0.959000',
    '8         0.047614    0.193699    0.962000',
    'Total time: 05:20',
]
def test_fastai_v1s_total_time_shares_out_over_its_tables_epochs(tmp_path: Path) -> None:
    """fastai v1's tables print no time per epoch; `Total time: 05:20` after the 8 epochs of its last
    fit is 40 s each (and `00:24` after a fit of one epoch, 24 s). They had no time."""
    _, steps, _ = _read(tmp_path, FASTAI_V1_FITS)
    totals = [sum(int(p) * 60 ** i for i, p in enumerate(reversed(t.split(": ")[1].split(":"))))
              for t in FASTAI_V1_FITS if t.startswith("Total time: ")]
    sizes: list[int] = []
    size = 0
    for text in FASTAI_V1_FITS:
        if re.match(r"\d+ {4,}\d", text):
            size += 1
        elif text.startswith("Total time: "):
            sizes, size = [*sizes, size], 0
    assert sizes == [1, 1, 1, 8] and totals == [24, 27, 32, 320]
    expected = [total / n for total, n in zip(totals, sizes, strict=True) for _ in range(n)]
    assert [s["step_time_s"] for s in steps] == pytest.approx(expected)


def test_an_evaluations_own_word_on_its_time_is_an_evaluation(tmp_path: Path) -> None:
    """`Epoch 0 evaluation took 24.294514417648315 seconds`: the evaluation ended then, after that long
    (its 24.3 s were "nothing logged")."""
    _, _, events = _read(tmp_path, SAGEMAKER_SEQ2SEQ)
    took = next(n for n, t in enumerate(SAGEMAKER_SEQ2SEQ, 1) if "evaluation took" in t)
    assert [(e["kind"], e["line"], e["duration_s"]) for e in events if e["kind"].startswith("eval")] == [
        ("eval_end", took, 24.294514417648315)]
