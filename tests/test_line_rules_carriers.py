"""Lines shaped by what carried them (quoted real lines, each source cited): a container runtime's
nanosecond time before each line (`docker logs -t`), WeNet's rank-interleaved batch lines and their
cross-validation, a Slurm job step's id glued after a progress bar."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from tests.test_line_rules import _read
from tracelens.parsers._lines import strip_prefix

# `docker logs <id> -t` of a Keras LSTM in a container (a README's "A Docker Approach to Parallel
# Hyper-Parameter Tuning", PM2.5 LSTM; index id 35062010761): the epochs' summaries, written with a
# carriage return, carry no time
DOCKER = [
    'root@lstm-pm25:/home/ubuntu# docker logs 97d50804d2e7 -t',
    '2024-07-02T13:49:41.054948450Z 40 128 200 None None 1e-05 1',
    '2024-07-02T13:49:41.054987347Z Fold 1/3',
    '2024-07-02T13:49:41.054991827Z Epoch 1/40',
    ('3185/3185 [==============================] - 848s 265ms/step - loss: 122.9707 - root_mean_sq'
     'uared_error: 11.0892 - val_loss: 85.8038 - val_root_mean_squared_error: 9.2630 - lr: 1.0000e'
     '-05'),
    '2024-07-02T14:03:49.348781263Z Epoch 2/40',
    ('3185/3185 [==============================] - 831s 261ms/step - loss: 77.3939 - root_mean_squ'
     'ared_error: 8.7974 - val_loss: 73.1080 - val_root_mean_squared_error: 8.5503 - lr: 1.0000e-0'
     '5'),
    '2024-07-02T14:17:40.333591727Z Epoch 3/40',
    ('3185/3185 [==============================] - 844s 265ms/step - loss: 66.7594 - root_mean_squ'
     'ared_error: 8.1706 - val_loss: 64.8411 - val_root_mean_squared_error: 8.0524 - lr: 1.0000e-0'
     '5'),
]

# WeNet's executor on 4 ranks (github.com/wenet-e2e/wenet/issues/941, a comment's log)
WENET = [
    ('2023-01-30 18:47:07,107 DEBUG TRAIN Batch 4/203700 loss 12.646465 loss_att 10.921429 loss_ct'
     'c 16.671551 lr 0.00032621 rank 0'),
    ('2023-01-30 18:47:16,614 DEBUG TRAIN Batch 4/203700 loss 16.885244 loss_att 13.554604 loss_ct'
     'c 24.656742 lr 0.00032621 rank 1'),
    ('2023-01-30 18:47:22,712 DEBUG TRAIN Batch 4/203700 loss 19.729301 loss_att 16.203592 loss_ct'
     'c 27.955961 lr 0.00032621 rank 2'),
    ('2023-01-30 18:49:20,301 DEBUG TRAIN Batch 4/203800 loss 23.600426 loss_att 18.615641 loss_ct'
     'c 35.231586 lr 0.00032619 rank 2'),
    ('2023-01-30 18:49:20,315 DEBUG TRAIN Batch 4/203800 loss 18.340179 loss_att 15.005867 loss_ct'
     'c 26.120243 lr 0.00032619 rank 1'),
    ('2023-01-30 18:49:20,438 DEBUG TRAIN Batch 4/203800 loss 25.618004 loss_att 20.509174 loss_ct'
     'c 37.538609 lr 0.00032619 rank 0'),
    ('2023-01-30 18:49:55,773 DEBUG CV Batch 4/0 loss 28.517015 loss_att 24.142754 loss_ctc 38.723'
     '625 history loss 27.957858 rank 2'),
    ('2023-01-30 18:49:56,046 DEBUG CV Batch 4/0 loss 28.402842 loss_att 24.164579 loss_ctc 38.292'
     '122 history loss 27.845923 rank 0'),
    ('2023-01-30 18:49:56,076 DEBUG CV Batch 4/0 loss 28.509480 loss_att 24.174435 loss_ctc 38.624'
     '588 history loss 27.950470 rank 3'),
    ('2023-01-30 18:49:56,101 DEBUG CV Batch 4/0 loss 28.402861 loss_att 24.164606 loss_ctc 38.292'
     '122 history loss 27.845942 rank 1'),
]

# torchrun under srun, its bar cut by Slurm's preemption notice, then its agent stopping the workers
# (a user's paste, index id 52288270783: lines 1-3 and 50-53)
SLURM = [
    ('45%|████▌     | 723/1602 [2:12:45<2:59:53, 12.28s/it][2026-03-25T10:34:07.530] error: *** ST'
     'EP 11509447.0 ON nodeau01 CANCELLED [2026-03-25T10:34:07.531] error: *** JOB 11509447 ON nod'
     'eau01 CANCELLED AT 2026-03-25T10:34:07 DUE TO PREEMPTION ***'),
    'AT 2026-03-25T10:34:07 DUE TO PREEMPTION ***',
    'srun: Job step aborted: Waiting up to 32 seconds for job step to finish.',
    '...',
    '    logger.warning("Received %s death signal, shutting down workers", e.sigval)',
    "Message: 'Received %s death signal, shutting down workers'",
    'Arguments: (<Signals.SIGTERM: 15>,)',
    ('W0325 10:34:07.578000 3045566 site-packages/torch/distributed/elastic/multiprocessing/api.py'
     ':1010] Sending process 3045680 closing signal SIGTERM'),
]


# grep's output over several files, each line after its file's name (a MindSpore SRCNN README's Ascend
# training log, as the README shows it indented; a stored copy of mindspore-ai/models' SRCNN README_CN.md: lines 1-8)
GREP = [
    '  # grep "epoch" device*/train*.log',
    "  device0/train0.log: 'epoch_size': 100,",
    '  device0/train0.log:epoch: 1 step: 123384, loss is 0.00069705985',
    '  device0/train0.log:epoch time: 188839.725 ms, per step time: 1.531 ms',
    '  device0/train0.log:epoch: 2 step: 123384, loss is 0.0012211615',
    '  device0/train0.log:epoch time: 122672.782 ms, per step time: 0.994 ms',
    '  device0/train0.log:epoch: 3 step: 123384, loss is 0.0009864292',
    '  device0/train0.log:epoch time: 121672.042 ms, per step time: 0.986 ms',
]

def _ns(text: str) -> int:
    """RFC 3339 with nanoseconds, read here by hand: the seconds by datetime, the nine decimals as they are."""
    head, frac = text.rstrip("Z").split(".")
    seconds = int(datetime.strptime(head, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=UTC).timestamp())
    return seconds * 10**9 + int(frac.ljust(9, "0"))


def test_a_container_runtime_s_time_is_the_line_s_prefix(tmp_path: Path) -> None:
    """`2024-07-02T13:49:41.054991827Z Epoch 1/40`: the time dates the line and the rest is the
    line Keras printed (its epochs read); Python's ISO time (six decimals) stays the line's own."""
    assert strip_prefix(DOCKER[3]) == (None, "Epoch 1/40")
    assert strip_prefix("2024-07-02T13:49:41.054948Z INFO step 5") == (None, "2024-07-02T13:49:41.054948Z INFO step 5")
    name, steps, events = _read(tmp_path, DOCKER)
    summaries = [(n, t) for n, t in enumerate(DOCKER, start=1) if re.match(r"\d+/\d+ \[=+\] - ", t)]
    epochs = [int(m.group(1)) for t in DOCKER if (m := re.search(r"Z Epoch (\d+)/40$", t))]
    assert name == "keras" and len(summaries) == 3 and len(epochs) == 3
    # (each epoch's summary a row, numbered by its epoch: a console that shows its epochs)
    assert [(s["step"], s["line"]) for s in steps] == [(k, n) for k, (n, _) in zip(epochs, summaries, strict=True)]
    first = next(e for e in events if e["kind"] == "attempt_start")
    assert (first["line"], first["ts_ns"]) == (2, _ns(DOCKER[1].split(" ", 1)[0]))


def test_wenet_batches_of_each_rank_and_no_cross_validation(tmp_path: Path) -> None:
    """`TRAIN Batch 4/203700 loss ... rank 0`: epoch 4's batch 203700 a step of rank 0, each rank's
    line its own row; `CV Batch 4/0 ... history loss ... rank 2` (cross-validation) no step."""
    _, steps, _ = _read(tmp_path, WENET)
    expected = [(int(m.group(1)), int(m.group(3)), n, float(m.group(2)))
                for n, t in enumerate(WENET, start=1)
                if (m := re.search(r"TRAIN Batch \d+/(\d+) loss ([\d.]+) .* rank (\d+)$", t))]
    assert len(expected) == 6 and any(" CV Batch " in t for t in WENET)
    assert [(s["step"], s["rank"], s["line"], s["loss"]) for s in steps] == expected
    assert {s["framework"] for s in steps} == {"wenet"}


def test_a_slurm_job_step_id_is_no_training_step(tmp_path: Path) -> None:
    """A bar at 723/1602 (12.28 s/it), Slurm's `*** STEP 11509447.0 ON nodeau01 CANCELLED` glued after
    it: the step is the bar's 723, not the job step's id; the cancellation a crash."""
    _, steps, events = _read(tmp_path, SLURM)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(723, 12.28)]
    assert "STEP 11509447.0" in SLURM[0] and any(e["kind"] == "crash" for e in events)


def test_grep_s_file_names_before_the_lines(tmp_path: Path) -> None:
    """`  device0/train0.log:epoch: 1 step: 123384, loss is 0.00069705985`: grep's file name is no
    part of the line; MindSpore's LossMonitor line is the step and the TimeMonitor line after it
    (`per step time: 1.531 ms`) its time."""
    assert strip_prefix(GREP[2]) == (None, "epoch: 1 step: 123384, loss is 0.00069705985")
    _, steps, _ = _read(tmp_path, GREP)
    times = [float(m.group(1)) / 1000 for t in GREP if (m := re.search(r"per step time: ([\d.]+) ms$", t))]
    losses = [float(m.group(1)) for t in GREP if (m := re.search(r"loss is ([\d.]+)$", t))]
    assert len(times) == len(losses) == 3
    assert [(s["step_time_s"], s["loss"]) for s in steps] == list(zip(times, losses, strict=True))
    assert {s["framework"] for s in steps} == {"mindspore"}


def test_grep_s_prefix_forms() -> None:
    """An absolute path is grep's file name too; `-n`'s line number is taken only where a field
    follows it, not the hour of a time that opens the line."""
    assert strip_prefix("/x/y/train.log:" + GREP[2].split(":", 1)[1]) == (None, GREP[2].split(":", 1)[1])
    assert strip_prefix("train.log:12:" + GREP[2].split(":", 1)[1]) == (None, GREP[2].split(":", 1)[1])
    assert strip_prefix("out.log:" + DOCKER[1][11:]) == (None, DOCKER[1][11:])
