"""Keras `Model.fit` consoles: the recorded Keras 3 job (sample_logs/keras_fit, checked against the
harness's clock) and lines quoted verbatim from keras-io's generated example pages (Keras 2 and 3)."""

from __future__ import annotations

import json
import math
import os
import re
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS
from tests.test_line_rules import _read
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.store import Store

JOB = SAMPLE_LOGS / "keras_fit"


def _steps(path: Path) -> list[dict]:
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None and parser.name == "keras"
    return parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()


def _write(tmp_path: Path, lines: list[str]) -> Path:
    path = tmp_path / "fit.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.utime(path, (2_000_000_000, 2_000_000_000))
    return path


def test_recorded_fit_has_a_step_per_epoch_at_the_harness_count_and_time() -> None:
    """A row per epoch, numbered by the epoch the harness counted (from 1, as fit prints it),
    with the epoch's training loss as fit's logs had it (printed to 4 decimals) and no time
    (Keras prints no date). Its step time is the epoch's: Keras' mean over the epoch's steps
    after the first, printed in whole ms, times the epoch's batches: at least the harness's
    mean over those steps (less the half ms of rounding) times the batches the harness counted,
    and at most that mean with the validation run at the epoch's end spread over them (fit's
    last bar is drawn after it), plus the half ms, times the batches. The evaluation's bar after
    the last epoch is no step."""
    truth = [json.loads(line.split(" ", 1)[1]) for line in (JOB / "truth.txt").read_text().splitlines()]
    steps = _steps(JOB / "console.log")
    epochs = sorted({e["epoch"] for e in truth if e["event"] == "epoch_end"})
    assert [s["step"] for s in steps] == epochs
    assert all(s["end_ns"] is None and s["framework"] == "keras" for s in steps)
    for row, epoch in zip(steps, epochs, strict=True):
        ends = [e["t"] for e in truth if e["event"] == "step_end" and e["epoch"] == epoch]
        end = next(e for e in truth if e["event"] == "epoch_end" and e["epoch"] == epoch)
        mean, n = (ends[-1] - ends[0]) / (len(ends) - 1), len(ends)
        low, high = (mean - 0.0005) * n, (mean + (end["t"] - ends[-1]) / (len(ends) - 1) + 0.0005) * n
        assert low <= row["step_time_s"] <= high, epoch
        assert abs(row["loss"] - end["loss"]) <= 0.00005, epoch


def test_model_checkpoint_saves_are_at_the_epochs_the_harness_saw_them_written() -> None:
    """sample_logs/keras_checkpoint: ModelCheckpoint(save_best_only=True, verbose=1) says `Epoch N:
    val_loss improved ..., saving model to ...` and, once written, `Epoch N: finished saving model to
    ...`. Each is a save's start and end at epoch N, the step of the row that ends epoch N (the rows are
    the epochs here), at the epochs whose end wrote the file by its modification time."""
    job = SAMPLE_LOGS / "keras_checkpoint"
    truth = [json.loads(line.split(" ", 1)[1]) for line in (job / "truth.txt").read_text().splitlines()]
    saved = [e["epoch"] for e in truth if e["event"] == "checkpoint_saved"]
    assert len(saved) >= 2
    path = job / "console.log"
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None
    tables = parser.parse(path, ParseOptions()).tables
    epochs = sorted({e["epoch"] for e in truth if e["event"] == "epoch_end"})
    assert [s["step"] for s in tables["log_steps"].to_pylist()] == epochs
    events = [(e["kind"], e["step"]) for e in tables["log_events"].to_pylist() if e["kind"].startswith("checkpoint")]
    assert events == [(kind, epoch) for epoch in saved for kind in ("checkpoint_save_start", "checkpoint_save_end")]


def test_keras2_epoch_summaries_and_a_bar_cut_before_its_end(tmp_path: Path) -> None:
    """keras-team/keras-io @ 38324b71, examples/vision/md/mnist_convnet.md: 422 batches an epoch.
    With epoch 12's bar cut at batch 237 after two summaries, the console shows its epochs: a row
    an epoch that printed its summary, numbered by the epoch, its time 422 batches at the mean
    per step; the cut epoch's reading is none (no epoch's end)."""
    lines = [
        "Epoch 1/15",
        "422/422 [==============================] - 13s 29ms/step - loss: 0.7840 - accuracy: 0.7643 - val_loss: 0.0780 "
        "- val_accuracy: 0.9780",
        "Epoch 2/15",
        "422/422 [==============================] - 13s 31ms/step - loss: 0.1199 - accuracy: 0.9639 - val_loss: 0.0559 "
        "- val_accuracy: 0.9843",
        "Epoch 12/15",
        "237/422 [===============>..............] - ETA: 7s - loss: 0.0398 - accuracy: 0.9877",
    ]
    steps = _steps(_write(tmp_path, lines))
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (1, pytest.approx(422 * 0.029), 0.784), (2, pytest.approx(422 * 0.031), 0.1199)]


def test_a_lone_summary_and_a_cut_epoch_count_batches(tmp_path: Path) -> None:
    """The same page's first summary alone, then epoch 12's cut bar: one epoch's end is no
    per-epoch log; the rows are the batches done, 422 and 11 x 422 + 237 (no step time: an ETA
    is none)."""
    lines = [
        "Epoch 1/15",
        "422/422 [==============================] - 13s 29ms/step - loss: 0.7840 - accuracy: 0.7643 - val_loss: 0.0780 "
        "- val_accuracy: 0.9780",
        "Epoch 12/15",
        "237/422 [===============>..............] - ETA: 7s - loss: 0.0398 - accuracy: 0.9877",
    ]
    steps = _steps(_write(tmp_path, lines))
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [(422, 0.029, 0.784), (11 * 422 + 237, None, 0.0398)]


def test_keras3_epoch_summaries(tmp_path: Path) -> None:
    """keras-team/keras-io @ 8bda227c, examples/nlp/md/bidirectional_lstm_imdb.md (Keras 3's bar)."""
    lines = [
        "Epoch 1/2",
        " 782/782 ━━━━━━━━━━━━━━━━━━━━ 61s 75ms/step - accuracy: 0.7540 - loss: 0.4697 - val_accuracy: 0.8269 - val_loss: "
        "0.4202",
        "Epoch 2/2",
        " 782/782 ━━━━━━━━━━━━━━━━━━━━ 54s 69ms/step - accuracy: 0.9151 - loss: 0.2263 - val_accuracy: 0.8428 - val_loss: "
        "0.3650",
    ]
    steps = _steps(_write(tmp_path, lines))
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (1, pytest.approx(782 * 0.075), 0.4697), (2, pytest.approx(782 * 0.069), 0.2263)]


def test_summaries_that_give_the_epochs_seconds_alone(tmp_path: Path) -> None:
    """Keras 1 and 2.0 print an epoch's seconds and no time per step: keras-team/keras issue 8680
    (turn 0, a generator's 1562 batches an epoch). Each row is its epoch, its time the epoch's
    seconds."""
    lines = [
        "Epoch 39/200",
        "1562/1562 [==============================] - 484s - loss: 0.7744 - acc: 0.7344 - val_loss: 0.6673 - val_acc: 0.7737",
        "Epoch 40/200",
        "1562/1562 [==============================] - 481s - loss: 0.7758 - acc: 0.7363 - val_loss: 0.6600 - val_acc: 0.7800",
    ]
    steps = _steps(_write(tmp_path, lines))
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (39, pytest.approx(484), 0.7744), (40, pytest.approx(481), 0.7758)]


def test_an_epochs_readings_are_no_rows_once_its_summary_comes(tmp_path: Path) -> None:
    """jaungiers/LSTM-Neural-Network-for-Time-Series-Prediction pull request 17 (Keras 1's fit
    counts samples: `Train on 3523 samples`): its first reading, 512, is the batch; the epoch is
    ceil(3523 / 512) = 7 batches, one row at the summary, step 7, its time 17 s over 7."""
    lines = [
        "Train on 3523 samples, validate on 186 samples",
        "Epoch 1/1",
        " 512/3523 [===>..........................] - ETA: 25s - loss: 0.0051",
        "1024/3523 [=======>......................] - ETA: 15s - loss: 0.0048",
        "3072/3523 [=========================>....] - ETA: 2s - loss: 0.0025",
        "3523/3523 [==============================] - 17s - loss: 0.0024 - val_loss: 9.8068e-04",
        "Training duration (s) :  28.15471076965332",
    ]
    steps = _steps(_write(tmp_path, lines))
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [(7, 17 / 7, 0.0024)]


def test_tf_keras_counting_samples_steps_by_its_batches(tmp_path: Path) -> None:
    """tf.keras 2.0-2.1 (`Train on 1000 samples`, `631us/sample`; a course's notebook, index id
    3514572867): the first reading, 32, is the batch: 32 batches an epoch, the epoch's time the
    time per sample times its 1000 samples; the rows are the epochs."""
    lines = [
        "Train on 1000 samples",
        "    Epoch 1/5",
        "    ",
        "  32/1000 [..............................] - ETA: 16s - loss: 1.6624",
        " 544/1000 [===============>..............] - ETA: 0s - loss: 1.4221 ",
        "1000/1000 [==============================] - 1s 631us/sample - loss: 1.3699",
        "    Epoch 2/5",
        "    ",
        "  32/1000 [..............................] - ETA: 0s - loss: 1.2227",
        " 672/1000 [===================>..........] - ETA: 0s - loss: 1.2258",
        "1000/1000 [==============================] - 0s 81us/sample - loss: 1.2104",
    ]
    steps = _steps(_write(tmp_path, lines))
    assert [s["step"] for s in steps] == [1, 2]
    assert [s["loss"] for s in steps] == [1.3699, 1.2104]
    assert [round(s["step_time_s"], 9) for s in steps] == [round(631e-6 * 1000, 9), round(81e-6 * 1000, 9)]


def test_samples_of_an_unknown_batch_make_the_epoch_the_step(tmp_path: Path) -> None:
    """tf.keras counting samples with no reading to tell the batch (a notebook's summaries only,
    index id 26160559751): each epoch is a step, its time the epoch's whole seconds."""
    lines = [
        "Train on 60000 samples",
        "Epoch 1/5",
        "60000/60000 [==============================] - 4s 63us/sample - loss: 0.5341 - sparse_categorical_accuracy: 0.80953",
        "Epoch 2/5",
        "60000/60000 [==============================] - 3s 57us/sample - loss: 0.4030 - sparse_categorical_accuracy: 0.8540",
    ]
    steps = _steps(_write(tmp_path, lines))
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [(1, 4.0, 0.5341), (2, 3.0, 0.403)]


def test_an_epoch_cut_before_its_summary_is_its_bars_readings(tmp_path: Path) -> None:
    """keras-team/keras issue 3556 (Keras 1 fit_generator, one line per batch pasted): epoch 1 of
    200 read to batch 3 of 400, no summary: a row per reading, with its loss and no step time."""
    lines = [
        "Epoch 1/200",
        "  1/400 [..............................] - ETA: 2258s - loss: 0.6937 - acc: 0.4661",
        "  2/400 [..............................] - ETA: 1539s - loss: 0.6939 - acc: 0.4544",
        "  3/400 [..............................] - ETA: 1304s - loss: 0.6940 - acc: 0.4523",
    ]
    steps = _steps(_write(tmp_path, lines))
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [(1, None, 0.6937), (2, None, 0.6939), (3, None, 0.694)]


def test_a_bar_with_no_epoch_header_is_fits_first_epoch_with_a_warning(tmp_path: Path) -> None:
    """A README's paste of one epoch's bar, tab-indented, the `Epoch 1/1` left out (puchiha's
    "Crime in Vancouver" project README, Milestone 3; first, two middle and last lines): a row at
    the bar's 500 batches with its 6 ms a step and loss, and a warning that names the line (an
    evaluate's bar would read the same), not a failed file."""
    lines = [
        "\t  1/500 [..............................] - ETA: 7s - loss: 0.1601 - acc: 0.7800",
        "\t 11/500 [..............................] - ETA: 2s - loss: 0.1727 - acc: 0.7518",
        "\t485/500 [============================>.] - ETA: 0s - loss: 0.1713 - acc: 0.7488",
        "\t500/500 [==============================] - 3s 6ms/step - loss: 0.1712 - acc: 0.7490",
    ]
    path = _write(tmp_path, lines)
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None and parser.name == "keras"
    result = parser.parse(path, ParseOptions())
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in result.tables["log_steps"].to_pylist()] == [
        (500, 0.006, 0.1712)]
    assert len(result.warnings) == 1 and result.warnings[0].startswith("line 1: ") and "Epoch" in result.warnings[0]


HOROVOD_KERAS_VERBOSE2 = [
    "[1,0]<stdout>:2022-02-20 10:38:29,028 [INFO] {'loss': 1.0014339685440063, 'auc': 0.468968689441"
    "6809, 'batch': 0}",
    "[1,1]<stdout>:2022-02-20 10:38:29,032 [INFO] {'loss': 0.9956496357917786, 'auc': 0.489079058170"
    "3186, 'batch': 0}",
    "[1,2]<stdout>:2022-02-20 10:38:29,033 [INFO] {'loss': 1.0065269470214844, 'auc': 0.507917106151"
    "5808, 'batch': 0}",
    '[1,0]<stdout>:925/925 - 522s - loss: 0.1655 - auc: 0.7404 - val_loss: 0.1336 - val_auc: 0.8013',
    '[1,2]<stderr>:Traceback (most recent call last):',
    '[1,2]<stderr>:  File "/work/code/horovod_test/train_atp_day_cal_ad_horovod.py", line 202, in <m'
    'odule>',
    '[1,2]<stderr>:    model.fit(',
]


def test_fit_verbose_2_summary_under_horovod_and_a_callbacks_loss_dict_is_no_trainers(tmp_path: Path) -> None:
    """horovod/horovod issue 3412 (tf.keras under horovodrun, three ranks, `--tag-output`): a
    callback logs `{'loss': 1.00, 'auc': 0.47, 'batch': 0}` (no epoch, no learning rate: no HF
    Trainer's dict), then rank 0's `fit(verbose=2)` summary `925/925 - 522s - loss: 0.1655 - ...`:
    Keras' log, a row at 925 batches with 522 s over them, and rank 2's traceback a crash."""
    path = _write(tmp_path, HOROVOD_KERAS_VERBOSE2)
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None and parser.name == "keras"
    result = parser.parse(path, ParseOptions())
    steps = result.tables["log_steps"].to_pylist()
    assert [(s["rank"], s["step"], s["loss"]) for s in steps] == [(0, 925, 0.1655)]
    assert steps[0]["step_time_s"] == 522 / 925
    crashes = [(e["rank"], e["line"]) for e in result.tables["log_events"].to_pylist() if e["kind"] == "crash"]
    assert crashes == [(2, 5)]


def test_verbose_2_summaries_that_end_with_the_epochs_time(tmp_path: Path) -> None:
    """Keras >= 2.9's fit(verbose=2) rounds the epoch's seconds to whole ones (`0s`) and ends the
    line with the epoch's time and the mean per step: ttukei/Twitter-language-models-about-Ukraine
    @ 31b71c3d, TCSS456_NLP_FinalProject/ReadMe.txt lines 17-22. Each row is its epoch, its time
    the epoch's as printed at the end (`358ms/epoch`), not the rounded `0s`."""
    lines = [
        "Epoch 1/100",
        "128/128 - 5s - loss: 3.1494 - accuracy: 0.1463 - 5s/epoch - 43ms/step",
        "Epoch 2/100",
        "128/128 - 0s - loss: 2.9102 - accuracy: 0.1586 - 358ms/epoch - 3ms/step",
        "Epoch 3/100",
        "128/128 - 0s - loss: 2.8229 - accuracy: 0.1977 - 355ms/epoch - 3ms/step",
    ]
    steps = _steps(_write(tmp_path, lines))
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (1, pytest.approx(5), 3.1494), (2, pytest.approx(0.358), 2.9102), (3, pytest.approx(0.355), 2.8229)]


def test_an_epoch_under_a_second_with_no_finer_time_has_no_step_time(tmp_path: Path) -> None:
    """Keras 1 prints an epoch's whole seconds alone; `0s` says under a second, not how long: a
    public script's pasted console (stored-index file 1750585621, an iris classifier's `#output to
    console` block). The rows stay, their time unknown rather than 0."""
    lines = [
        "Epoch 1/10",
        "142/142 [==============================] - 0s - loss: 1.1159 - acc: 0.3521     ",
        "Epoch 2/10",
        "142/142 [==============================] - 0s - loss: 1.0076 - acc: 0.3380     ",
    ]
    steps = _steps(_write(tmp_path, lines))
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [(1, None, 1.1159), (2, None, 1.0076)]


# Keras 3 on TensorFlow (Windows, CPU) in a VS Code notebook, its output saved as text (a committed file, index
# id 66512859242, lines 1-33): its author cut epochs 6-29 and the `Epoch 30/30` header out (`...`); the
# callbacks print their `Epoch N: ...` before the epoch's summary; EarlyStopping restores the best weights as
# fit ends
KERAS3_HEADER_CUT = [
    ('d:\\FaceAttend_VC\\venv\\lib\\site-packages\\keras\\src\\layers\\convolutional\\base_conv.py:113: UserWarning: Do not '
     'pass an `input_shape`/`input_dim` argument to a layer. When using Sequential models, prefer using an `Input(shape)` ob'
     'ject as the first layer in the model instead.'),
    "  super().__init__(activity_regularizer=activity_regularizer, **kwargs)",
    ('WARNING:tensorflow:TensorFlow GPU support is not available on native Windows for TensorFlow >= 2.11. Even if CUDA/cuDN'
     'N are installed, GPU will not be used. Please use WSL2 or the TensorFlow-DirectML plugin.'),
    "Epoch 1/30",
    "53/53 ━━━━━━━━━━━━━━━━━━━━ 0s 1s/step - accuracy: 0.2099 - loss: 2.7149",
    "Epoch 1: val_accuracy improved from None to 0.05012, saving model to best_model.keras",
    ('53/53 ━━━━━━━━━━━━━━━━━━━━ 81s 1s/step - accuracy: 0.3260 - loss: 2.3886 - val_accuracy: 0.0501 - val_loss: 3.0030 - l'
     'earning_rate: 5.0000e-04'),
    "Epoch 2/30",
    "53/53 ━━━━━━━━━━━━━━━━━━━━ 0s 1s/step - accuracy: 0.5338 - loss: 1.6958",
    "Epoch 2: val_accuracy did not improve from 0.05012",
    ('53/53 ━━━━━━━━━━━━━━━━━━━━ 71s 1s/step - accuracy: 0.5724 - loss: 1.5732 - val_accuracy: 0.0501 - val_loss: 3.1526 - l'
     'earning_rate: 5.0000e-04'),
    "Epoch 3/30",
    "53/53 ━━━━━━━━━━━━━━━━━━━━ 0s 1s/step - accuracy: 0.6333 - loss: 1.3018",
    "Epoch 3: ReduceLROnPlateau reducing learning rate to 0.0002500000118743628.",
    "",
    "Epoch 3: val_accuracy did not improve from 0.05012",
    ('53/53 ━━━━━━━━━━━━━━━━━━━━ 71s 1s/step - accuracy: 0.6591 - loss: 1.2060 - val_accuracy: 0.0501 - val_loss: 3.4721 - l'
     'earning_rate: 5.0000e-04'),
    "Epoch 4/30",
    "53/53 ━━━━━━━━━━━━━━━━━━━━ 0s 1s/step - accuracy: 0.7426 - loss: 0.9697",
    "Epoch 4: val_accuracy did not improve from 0.05012",
    ('53/53 ━━━━━━━━━━━━━━━━━━━━ 73s 1s/step - accuracy: 0.7392 - loss: 0.9633 - val_accuracy: 0.0501 - val_loss: 4.0762 - l'
     'earning_rate: 2.5000e-04'),
    "Epoch 5/30",
    "53/53 ━━━━━━━━━━━━━━━━━━━━ 0s 1s/step - accuracy: 0.7861 - loss: 0.8641",
    "Epoch 5: ReduceLROnPlateau reducing learning rate to 0.0001250000059371814.",
    "",
    "Epoch 5: val_accuracy did not improve from 0.05012",
    ('53/53 ━━━━━━━━━━━━━━━━━━━━ 70s 1s/step - accuracy: 0.7913 - loss: 0.8444 - val_accuracy: 0.0501 - val_loss: 4.4815 - l'
     'earning_rate: 2.5000e-04'),
    "...",
    "53/53 ━━━━━━━━━━━━━━━━━━━━ 0s 1s/step - accuracy: 0.8971 - loss: 0.4311",
    "Epoch 30: val_accuracy did not improve from 0.94272",
    ('53/53 ━━━━━━━━━━━━━━━━━━━━ 60s 1s/step - accuracy: 0.9031 - loss: 0.4176 - val_accuracy: 0.9379 - val_loss: 0.3715 - l'
     'earning_rate: 3.1250e-05'),
    "Restoring model weights from the end of the best epoch: 29.",
    "Output is truncated. View as a scrollable element or open in a text editor. Adjust cell output settings...",
]


def test_an_epoch_whose_header_was_cut_is_named_by_its_callbacks_line(tmp_path: Path) -> None:
    """`...`, then `Epoch 30: val_accuracy did not improve from 0.94272` and the epoch's summary:
    epoch 30 (its summary was dropped, with no `Epoch 30/30` above it), fit's last (of the `/30`
    headers), and `Restoring model weights from the end of the best epoch: 29.` ends the run."""
    path = _write(tmp_path, KERAS3_HEADER_CUT)
    steps = _steps(path)
    headed = [int(m.group(1)) for t in KERAS3_HEADER_CUT if (m := re.fullmatch(r"Epoch (\d+)/30", t))]
    assert headed == [1, 2, 3, 4, 5]
    assert [row["step"] for row in steps] == [*headed, 30]
    parser = registry()["keras"]
    events = parser.parse(path, ParseOptions()).tables["log_events"].to_pylist()
    restored = next(n for n, t in enumerate(KERAS3_HEADER_CUT, 1) if t.startswith("Restoring model weights"))
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [restored - 1, restored]


# A ROCm bug report's fit (ROCm/ROCm issue 1402, 2021, its "Fit:" paragraph whole): epoch 1 ends with
# `141s 2s/step - loss: nan`, epoch 2 dies at batch 30 with the loss still `nan`
ROCM_NAN_FIT = [
    "2021-03-07 17:54:13.140698: I tensorflow/compiler/mlir/mlir_graph_optimization_pass.cc:116] None of the MLIR optimiza"
    "tion passes are enabled (registered 2)",
    "Epoch 1/200",
    "2021-03-07 17:54:14.742459: I tensorflow/stream_executor/platform/default/dso_loader.cc:49] Successfully opened dyna"
    "mic library libMIOpen.so",
    "2021-03-07 17:54:14.889237: I tensorflow/stream_executor/platform/default/dso_loader.cc:49] Successfully opened dyna"
    "mic library librocblas.so",
    "89/89 [==============================] - 141s 2s/step - loss: nan - accuracy: 0.5137 - val_loss: nan - val_accuracy: 0.6555",
    "Epoch 2/200",
    "30/89 [=========>....................] - ETA: 24s - loss: nan - accuracy: 0.6652Memory access fault by GPU node-1 (Agen"
    "t handle: 0x5f6d730) on address 0x7fb5d8712000. Reason: Page not present or supervisor privilege.",
    "Aborted (core dumped)",
]


def test_a_nan_loss_is_kept_and_a_whole_second_mean_gives_way_to_the_epochs_time(tmp_path: Path) -> None:
    """`89/89 ... - 141s 2s/step - loss: nan`: the step takes 141 s / 89 = 1.584 s (the `2s` is that
    rounded to the second), its loss is NaN, and so is the cut epoch's at batch 89 + 30 = 119: the
    run diverged in its first epoch, a high finding."""
    path = tmp_path / "fit.log"
    path.write_text("\n".join(ROCM_NAN_FIT) + "\n")
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    rows = con.execute("select step, step_time_s, loss from log_steps order by step").fetchall()
    assert [r[0] for r in rows] == [89, 89 + 30]
    assert rows[0][1] == pytest.approx(141 / 89) and all(math.isnan(r[2]) for r in rows)
    assert con.execute("select severity from findings where finding = 'loss_nonfinite'").fetchall() == [("high",)]
    # the job's failure is ROCm's memory access fault glued after the reading of batch 30 (line 7), not
    # the shell's `Aborted (core dumped)` that follows it
    failed = con.execute("select title from findings where finding = 'job_failed'").fetchall()
    assert len(failed) == 1 and "Memory access fault by GPU node-1 (Agent handle: 0x5f6d730)" in failed[0][0]
    # dated from 17:54:13.140698 to 17:54:14.889237 (its library lines), then 89 + 30 undated steps and the
    # undated abort: it ran at least those 1.75 s, and the report says "at least"
    assert con.execute("select end_reason, length_s, length_at_least from attempts").fetchall() == [
        ("crash", pytest.approx(14.889237 - 13.140698), True)]


# Keras 1's fit(verbose=2) of a handwritten-kanji CNN, counting samples: no bar, each epoch's time and metrics
# after its header (github.com/KyotoSunshine/CNN-for-handwritten-kanji @ 68c1633,
# logs/model_for_augmented_dataset_training_log.py, lines 1-5 and 20-21)
KERAS1_TERSE = [
    "Train on 400000 samples, validate on 10000 samples",
    "Epoch 1/10",
    "3083s - loss: 1.7197 - acc: 0.5893 - val_loss: 0.3504 - val_acc: 0.8959",
    "Epoch 2/10",
    "3086s - loss: 0.6644 - acc: 0.8074 - val_loss: 0.2832 - val_acc: 0.9182",
    "Epoch 10/10",
    "3102s - loss: 0.5444 - acc: 0.8463 - val_loss: 0.2883 - val_acc: 0.9247",
]


def test_keras1_terse_summaries_are_a_step_an_epoch(tmp_path: Path) -> None:
    """`3083s - loss: 1.7197 - ...` under `Epoch 1/10`, no count of batches (samples of a batch size never
    printed): the epoch is the step, its time its seconds, its loss the training loss; the last epoch's
    summary ends fit."""
    parser, steps, events = _read(tmp_path, KERAS1_TERSE)
    assert parser == "keras"
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (1, 3083.0, 1.7197), (2, 3086.0, 0.6644), (10, 3102.0, 0.5444)]
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [7]


# Keras 3 (TensorFlow backend) with ModelCheckpoint: each epoch's last bar reading (its figure the time left), the
# callback's words, then the epoch's summary (AmrElbaroudy/Road-Surface-Condition-CNN@
# 48649df0dca740a2d9aa44604bf844962871c002, training_log.txt, lines 81 and 93-99)
KERAS3_CALLBACK = [
    'Epoch 1/40',
    '485/485 ━━━━━━━━━━━━━━━━━━━━ 0s 105ms/step - accuracy: 0.8465 - loss: 0.4630 - precision: 0.8589 - recall: 0.8351',
    'Epoch 1: val_accuracy improved from None to 0.66185, saving model to /home/joetifa/projects/college/c417/Road-Surfac'
        'e-Condition-CNN/code/../models/best_road_model.keras',
    '485/485 ━━━━━━━━━━━━━━━━━━━━ 82s 122ms/step - accuracy: 0.8798 - loss: 0.3650 - precision: 0.8867 - recall: 0.8723 -'
        ' val_accuracy: 0.6618 - val_loss: 1.3447 - val_precision: 0.6653 - val_recall: 0.6546 - learning_rate: 0.0010',
    'Epoch 2/40',
    '484/485 ━━━━━━━━━━━━━━━━━━━━ 0s 88ms/step - accuracy: 0.9269 - loss: 0.2090 - precision: 0.9318 - recall: 0.9220',
    'Epoch 2: val_accuracy improved from 0.66185 to 0.95147, saving model to /home/joetifa/projects/college/c417/Road-Sur'
        'face-Condition-CNN/code/../models/best_road_model.keras',
    '485/485 ━━━━━━━━━━━━━━━━━━━━ 45s 93ms/step - accuracy: 0.9367 - loss: 0.1809 - precision: 0.9405 - recall: 0.9327 - '
        'val_accuracy: 0.9515 - val_loss: 0.1509 - val_precision: 0.9544 - val_recall: 0.9499 - learning_rate: 0.0010',
]


def test_keras_3s_last_reading_before_a_callbacks_words_is_not_the_epochs_summary(tmp_path: Path) -> None:
    """`485/485 ━━━ 0s 105ms/step - ... loss: 0.4630` then `Epoch 1: val_accuracy improved ...` then `485/485 ━━━ 82s
    122ms/step - ... loss: 0.3650 - ... val_loss: ...`: the epoch's row is its summary's (its loss, 485 steps of 122 ms),
    not the reading drawn before the callback's words."""
    _, steps, _ = _read(tmp_path, KERAS3_CALLBACK)
    summaries = [(n, float(m.group(1)), float(m.group(2))) for n, t in enumerate(KERAS3_CALLBACK, start=1)
                 if "val_loss" in t and (m := re.search(r"(\d+)ms/step - .* - loss: ([\d.]+)", t))]
    assert [n for n, _, _ in summaries] == [4, 8]
    assert [(s["line"], s["loss"]) for s in steps] == [(n, loss) for n, _, loss in summaries]
    assert steps[0]["step_time_s"] == pytest.approx(485 * summaries[0][1] / 1e3)


# Keras 3's fit, verbose=1, then `model.predict` on one sample: the last two epochs and the predict's bar (an LSTM
# seq2seq experiment page's "Expected Results" block, index id 71408130515, its lines as printed, trailing spaces too)
KERAS3_PREDICT_AFTER = [
    'Epoch 9/10 ',
    '32/32 ━━━━━━━━━━━━━━━━━━━━ 0s 2ms/step - loss: 0.0041 ',
    'Epoch 10/10 ',
    '32/32 ━━━━━━━━━━━━━━━━━━━━ 0s 2ms/step - loss: 9.9701e-04 ',
    '',
    '1/1 ━━━━━━━━━━━━━━━━━━━━ 0s 128ms/step ',
    'Input: ',
]


def test_keras_3s_last_epoch_summary_is_not_replaced_by_a_predicts_bar_after_it(tmp_path: Path) -> None:
    """A `0s` summary with no callback's words after it is the epoch's: the predict's `1/1 ━━━ 0s 128ms/step` after
    fit's last epoch is no step, and the run ended at the epoch's line."""
    _, steps, events = _read(tmp_path, KERAS3_PREDICT_AFTER)
    epochs = [(n, float(m.group(1))) for n, t in enumerate(KERAS3_PREDICT_AFTER, start=1)
              if (m := re.match(r"32/32 \S+ 0s 2ms/step - loss: (\S+) $", t))]
    assert epochs == [(2, 0.0041), (4, 9.9701e-04)]
    assert [(s["line"], s["loss"], s["step_time_s"]) for s in steps] == [(n, loss, pytest.approx(32 * 0.002))
                                                                         for n, loss in epochs]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", 4)]


def test_keras_3s_summary_drawn_again_with_the_validations_figures_is_the_epochs(tmp_path: Path) -> None:
    """sample_logs/keras_csvlogger (Keras 3, `validation_split`, a CSVLogger that prints nothing): each epoch's bar
    draws `100/100 ... 0s 30ms/step - ... loss: 0.0237` and then, once the validation is done, `100/100 ... 3s 32ms/step
    - ... loss: 0.0237 - val_accuracy: ...`: the epoch's row is the second (its time 100 steps of 32 ms), not the
    reading held before it."""
    text = re.sub(r"\x1b\[[0-9;]*m", "", (SAMPLE_LOGS / "keras_csvlogger" / "console.log").read_text())
    summaries = [(float(m.group(1)), float(m.group(2))) for m in re.finditer(
        r"100/100 ━+ \d+s (\d+)ms/step - accuracy: [\d.]+ - loss: ([\d.]+) - val_", text)]
    _, steps, _ = _read(tmp_path, [text], name="console.log")
    assert len(summaries) == 4 and summaries[2] == (32.0, 0.0237)
    assert [(s["loss"], s["step_time_s"]) for s in steps] == [(loss, pytest.approx(100 * ms / 1e3)) for ms, loss in summaries]


# Keras 2's fit of an MNIST model pasted from its first epoch's summary on, its `Epoch 1/20` header left out
# (github.com/safednn-nasa/DNN-Repair @ ae0723767b0aeb75ad9a35720c779ad7be3862ed :
# examples/example-mnist0-low-quality-c/README.txt, lines 10-18)
KERAS2_HEADER_CUT = [
    "60000/60000 [==============================] - 4s 66us/step - loss: 0.2388 - acc: 0.9302 - val_loss: 0.1185 - "
    "val_acc: 0.9632",
    "",
    "Epoch 00001: saving model to saved-model-01-0.96.hdf5",
    "Epoch 2/20",
    "60000/60000 [==============================] - 2s 34us/step - loss: 0.0836 - acc: 0.9745 - val_loss: 0.0668 - "
    "val_acc: 0.9779",
    "",
    "Epoch 00002: saving model to saved-model-02-0.98.hdf5",
    "Epoch 3/20",
    "60000/60000 [==============================] - 2s 34us/step - loss: 0.0566 - acc: 0.9824 - val_loss: 0.0516 - "
    "val_acc: 0.9824",
]


def test_a_summary_with_validation_figures_before_the_first_header_is_the_epoch_before_it(tmp_path: Path) -> None:
    """The summary on line 1 (`val_loss: 0.1185`: fit's, no `evaluate`'s) before `Epoch 2/20`: epoch 1, its loss
    0.2388 (it had been taken for an evaluation before fit and dropped), its save `Epoch 00001: saving model` at it."""
    _, steps, events = _read(tmp_path, KERAS2_HEADER_CUT, name="console.log")
    assert [(s["step"], s["loss"]) for s in steps] == [(1, 0.2388), (2, 0.0836), (3, 0.0566)]
    assert [(e["kind"], e["step"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", 1), ("checkpoint_save_start", 2)]
