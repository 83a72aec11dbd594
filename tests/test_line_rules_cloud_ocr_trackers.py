"""Cloud jobs' logs, OCR trainers, trackers and scripts' own ends (Google Cloud's job log columns, Keras' callback at an
epoch's end, an Estimator job's log with no step line, mlprof's float counters, the deep-text-recognition-benchmark's
launches counted out to their totals, pytracking's LTR trainer, wandb's summary as a script exits, a script's own early
stop): lines quoted verbatim from public files (each block's source is cited above it), tiny inputs in, exact rows out,
each expectation read off the quoted text."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.conftest import console_connection
from tests.test_line_rules import _read
from tests.test_line_rules_other_stacks import DEEPMD_TRAIN
from tracelens.parsers import detect, registry
from tracelens.parsers._io import read_head


def _utc_ns(text: str) -> int:
    """`2018-02-06 17:20:52 +0100` as UTC nanoseconds."""
    return int(datetime.strptime(text, "%Y-%m-%d %H:%M:%S %z").astimezone(UTC).timestamp()) * 10**9


# `gcloud ml-engine jobs stream-logs` of a Keras job: severity, time with its offset, task, message, tab-separated; no
# bar, only Keras' `Epoch N/20` heads and ModelCheckpoint's word at each epoch's end
# (johndpope/beiras-rnn@78e69c8e402b236ded02a072c3b3835328db343d, google_ml/README.md, the block's lines 1-4 and 36-39)
GCLOUD_KERAS = [
    "INFO\t2018-02-06 17:09:57 +0100\tmaster-replica-0\t\tEpoch 1/20",
    "INFO\t2018-02-06 17:20:52 +0100\tmaster-replica-0\t\tEpoch 00001: saving model to checkpoint.01.hdf5",
    "INFO\t2018-02-06 17:20:53 +0100\tmaster-replica-0\t\tEpoch 2/20",
    "INFO\t2018-02-06 17:31:48 +0100\tmaster-replica-0\t\tEpoch 00002: saving model to checkpoint.02.hdf5",
    "INFO\t2018-02-06 21:42:11 +0100\tmaster-replica-0\t\tEpoch 19/20",
    "INFO\t2018-02-06 21:53:08 +0100\tmaster-replica-0\t\tEpoch 00019: saving model to checkpoint.19.hdf5",
    "INFO\t2018-02-06 21:53:08 +0100\tmaster-replica-0\t\tEpoch 20/20",
    "INFO\t2018-02-06 22:04:05 +0100\tmaster-replica-0\t\tEpoch 00020: saving model to checkpoint.20.hdf5",
]


def test_a_cloud_jobs_columns_date_and_rank_its_messages_and_keras_callback_ends_each_epoch(tmp_path: Path) -> None:
    """The columns are the job's, not the program's: the time (its offset read: 17:20:52 +0100 is 16:20:52 UTC) and the
    chief's rank 0 are the message's, every rule reads the message after them (the 4 saves), and ModelCheckpoint's
    `Epoch 00001: saving model ...` ends epoch 1 (17:09:57 to 17:20:52, 655 s; the last epoch, 20, too: 21:53:08 to
    22:04:05, 657 s), not the next head (the gap to it an evaluation's, every other epoch)."""
    name, steps, events = _read(tmp_path, GCLOUD_KERAS, name="stream_logs.txt")
    assert name == "generic_log"
    assert [(s["step"], s["rank"], s["step_time_s"]) for s in steps] == [(1, 0, 655.0), (2, 0, 655.0), (19, 0, 657.0),
                                                                         (20, 0, 657.0)]
    assert [s["end_ns"] for s in steps][:2] == [_utc_ns("2018-02-06 17:20:52 +0100"), _utc_ns("2018-02-06 17:31:48 +0100")]
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_start"] == [2, 4, 6, 8]


# the same columns over an Estimator job's last evaluation, its export and its end, its step lines before the excerpt;
# the service's own line last (AdrianHsu/cloudml-samples-molecules@000ea8707fa825dd2b4a2696eed9f11ea290ae2d, sharing.md,
# the block's lines 1, 14-15, 38 and 42-43)
GCLOUD_ESTIMATOR = [
    "INFO\t2020-10-24 11:10:39 -0700\tmaster-replica-0\t\tRestoring parameters from gs://ahsu-cloudml-samples/cloudml-samples/"
        "molecules/model/model.ckpt-1000",
    "INFO\t2020-10-24 11:10:40 -0700\tmaster-replica-0\t\tFinished evaluation at 2020-10-24-18:10:40",
    "INFO\t2020-10-24 11:10:40 -0700\tmaster-replica-0\t\tSaving dict for global step 1000: average_loss = 429.37677, glob"
        "al_step = 1000, label/mean = 48.35188, loss = 27480.113, prediction/mean = 53.79005",
    "INFO\t2020-10-24 11:10:50 -0700\tmaster-replica-0\t\tLoss for final step: 32476.467.",
    "INFO\t2020-10-24 11:10:51 -0700\tmaster-replica-0\t\tTask completed successfully.",
    "INFO\t2020-10-24 11:13:10 -0700\tservice\t\tJob completed successfully.",
]


def test_an_estimators_evaluation_alone_is_no_training_log(tmp_path: Path) -> None:
    """Its evaluation's end and results alone (an evaluator's log: `Saving dict for global step 1000: ...`, no `Loss for
    final step`): no reader claims it, and its results are no training step."""
    path = tmp_path / "evaluator.log"
    path.write_text("\n".join(GCLOUD_ESTIMATOR[1:3]) + "\n", encoding="utf-8")
    assert detect(path, read_head(path), registry())[0] is None
    _, steps, _ = _read(tmp_path, GCLOUD_ESTIMATOR, name="stream_logs.txt", parser_name="generic_log")
    assert not steps


def test_an_estimator_jobs_log_with_no_step_line_is_read_for_its_end(tmp_path: Path) -> None:
    """No step line, but the Estimator's own words: the file is TensorFlow's (it was refused), its `Loss for final
    step` the end of its training (at 11:10:50 -0700, 18:10:50 UTC), its restore of `model.ckpt-1000` a load of step
    1000; the service's line names no rank."""
    name, _, events = _read(tmp_path, GCLOUD_ESTIMATOR, name="stream_logs.txt")
    assert name == "tensorflow"
    ends = [e for e in events if e["kind"] == "attempt_end"]
    assert [(e["line"], e["rank"], e["ts_ns"]) for e in ends] == [(4, 0, _utc_ns("2020-10-24 11:10:50 -0700"))]
    assert [(e["line"], e["step"]) for e in events if e["kind"] == "checkpoint_load_start"] == [(1, 1000)]


# argonne-lcf/mlprof's trainer on ALCF's thetaGPU, its metrics printed as floats with four decimals, its step's seconds
# `dt` (saforem2/vault@d96afcb06ae007719358935729013925a1d52c1a, imported/0007-MeetingNotes/Venkat/logs/mlprof/
# train-deepspeed-thetaGPU.md, the block's first two step lines, its lines 9-10 and its last three, its quote marks kept)
MLPROF = [
    ">     [2023-01-11 13:28:13,846][mlprof.trainers.pytorch.trainer][INFO] - [0] [1/10: 0/1875 (0%)] epoch=1.0000 step=1.0"
        "000 dt=0.3665 batch_acc=0.1094 batch_loss=0.0090 acc=0.0149 running_loss=0.0012",
    ">     [2023-01-11 13:28:14,036][mlprof.trainers.pytorch.trainer][INFO] - [0] [1/10: 1280/1875 (62%)] epoch=1.0000 step"
        "=6.0000 dt=0.0025 batch_acc=0.5469 batch_loss=0.0063 acc=0.2709 running_loss=0.0066",
    ">     [2023-01-11 13:28:15,405][mlprof.trainers.pytorch.trainer][INFO] - [0] [2/10: 0/1875 (0%)] epoch=2.0000 step=9.0"
        "000 dt=0.0046 batch_acc=0.6758 batch_loss=0.0050 acc=0.0923 running_loss=0.0007",
    ">     [2023-01-11 13:28:15,583][mlprof.trainers.pytorch.trainer][INFO] - [0] [2/10: 1280/1875 (62%)] epoch=2.0000 step"
        "=14.0000 dt=0.0022 batch_acc=0.6992 batch_loss=0.0035 acc=0.5723 running_loss=0.0033",
    ">     [2023-01-11 13:28:26,351][mlprof.trainers.pytorch.trainer][INFO] - [0] [10/10: 0/1875 (0%)] epoch=10.0000 step=7"
        "3.0000 dt=0.0026 batch_acc=0.9297 batch_loss=0.0008 acc=0.1269 running_loss=0.0001",
    ">     [2023-01-11 13:28:26,530][mlprof.trainers.pytorch.trainer][INFO] - [0] [10/10: 1280/1875 (62%)] epoch=10.0000 st"
        "ep=78.0000 dt=0.0023 batch_acc=0.9258 batch_loss=0.0010 acc=0.7589 running_loss=0.0009",
    ">     [2023-01-11 13:28:26,589][mlprof.trainers.pytorch.trainer][INFO] - [0] :: Total training time: 13.14330887794494"
        "6 seconds",
]


def test_a_count_printed_with_zero_decimals_is_the_step_and_dt_its_seconds(tmp_path: Path) -> None:
    """`step=78.0000` is step 78 (the file was refused: no count without decimals), `dt=0.0023` its seconds, and the
    run's `Total training time` its end."""
    name, steps, events = _read(tmp_path, MLPROF, name="train-deepspeed-thetaGPU.md")
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (1, 0.3665, 0.009), (6, 0.0025, 0.0063), (9, 0.0046, 0.005), (14, 0.0022, 0.0035), (73, 0.0026, 0.0008),
        (78, 0.0023, 0.001)]
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [7]


# EasyOCR's trainer (the deep-text-recognition-benchmark's), its `log_train.txt` opened to append by every launch: two
# runs of 2 iterations, a third launch's `[2/2]`, then a run of 1000, each counted to the total it named
# (codebreakymefix/EasyOCR-traning-on-mps@08300da0453c99faa5411aada2f3250e5ca4c425, saved_models/en_filtered/log_train.txt,
# lines 1, 10, 19, 28, 37, 46 and 82)
EASYOCR_LAUNCHES = [
    "[1/2] Train loss: 2.68706, Valid loss: 3.40759, Elapsed_time: 0.92075",
    "[2/2] Train loss: 4.02208, Valid loss: 3.25144, Elapsed_time: 384.72768",
    "[1/2] Train loss: 3.08840, Valid loss: 3.37610, Elapsed_time: 0.84277",
    "[2/2] Train loss: 3.38529, Valid loss: 3.12188, Elapsed_time: 368.00166",
    "[2/2] Train loss: 3.17964, Valid loss: 3.22799, Elapsed_time: 3.46238",
    "[200/1000] Train loss: 0.63275, Valid loss: 0.33169, Elapsed_time: 83.63067",
    "[1000/1000] Train loss: 0.23313, Valid loss: 0.24770, Elapsed_time: 1863.98498",
]


def test_each_launch_counted_to_its_own_total_completed_and_a_new_total_is_a_new_launch(tmp_path: Path) -> None:
    """Each launch's last line is `[2/2]` or `[1000/1000]`: four runs that completed (they were read as three relaunches
    and an unknown end); `[200/1000]` after `[2/2]` counts on to another total: a launch of its own (it went forward, count
    and clock), its first line no step time (the 80 s since the last launch's line were 0.405 s a step)."""
    _, steps, events = _read(tmp_path, EASYOCR_LAUNCHES, name="log_train.txt")
    assert [s["step"] for s in steps] == [1, 2, 1, 2, 2, 200, 1000]
    assert sorted(e["line"] for e in events if e["kind"] == "attempt_start") == [3, 5, 6]
    assert sorted(e["line"] for e in events if e["kind"] == "attempt_end") == [2, 4, 5, 7]
    assert steps[5]["step_time_s"] is None
    assert steps[6]["step_time_s"] == (1863.98498 - 83.63067) / 800


# the benchmark's trainer, the file's whole text: its first validation of a 300000-iteration run, then nothing
# (GoX2Maker/YearDeam_MAKE@695ec197b72cdc3a0d6f04d2adf833d414281635, saved_models/TPS-ResNet-BiLSTM-Attn-Seed1111/
# log_train.txt, all 12 lines)
DTRB_FIRST_VALIDATION = [
    "[1/300000] Train loss: 3.64270, Valid loss: 3.49889, Elapsed_time: 49.46023",
    "Current_accuracy : 0.000, Current_norm_ED  : 0.01",
    "Best_accuracy    : 0.000, Best_norm_ED     : 0.01",
    "--------------------------------------------------------------------------------",
    "Ground Truth              | Prediction                | Confidence Score & T/F",
    "--------------------------------------------------------------------------------",
    "6                         | ww2222ddddddddddddddddddd | 0.0000\tFalse",
    "9                         | 2222222222222222d2d2d2ddd | 0.0000\tFalse",
    "6                         | wwwwwwddddddddddddddddddd | 0.0000\tFalse",
    "3                         | 2222222222222gdgdgddddgdg | 0.0000\tFalse",
    "2045                      | gg                        | 0.0013\tFalse",
    "--------------------------------------------------------------------------------",
]


def test_one_validation_block_of_the_benchmarks_trainer_is_its_log(tmp_path: Path) -> None:
    """One block, `[1/300000]` and its accuracies: the trainer's log (it was refused), step 1, loss 3.6427, no end."""
    name, steps, events = _read(tmp_path, DTRB_FIRST_VALIDATION, name="log_train.txt")
    assert name == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [(1, 3.6427)]
    assert not [e for e in events if e["kind"] == "attempt_end"]


# STARK's training log (pytracking's LTR trainer): every 50 batches of 3750 an epoch, `TotalTime` the mean seconds a
# batch since the epoch began (XueY-L/Stark@9f9aacd597f5264a9cec9a6e75f46b59d2ced8f0, logs/stark_s-baseline.log, lines
# 1-3 and 75-76)
LTR = [
    "[train: 1, 50 / 3750] FPS: 43.9 (50.3)  ,  DataTime: 0.038 (0.005)  ,  ForwardTime: 0.321  ,  TotalTime: 0.364  ,  Lo"
        "ss/total: 2.57886  ,  Loss/giou: 0.93990  ,  Loss/l1: 0.13981  ,  IoU: 0.16434",
    "[train: 1, 100 / 3750] FPS: 46.8 (50.4)  ,  DataTime: 0.023 (0.005)  ,  ForwardTime: 0.314  ,  TotalTime: 0.342  ,  L"
        "oss/total: 2.28210  ,  Loss/giou: 0.83982  ,  Loss/l1: 0.12049  ,  IoU: 0.22675",
    "[train: 1, 150 / 3750] FPS: 47.9 (50.2)  ,  DataTime: 0.018 (0.005)  ,  ForwardTime: 0.312  ,  TotalTime: 0.334  ,  L"
        "oss/total: 2.17442  ,  Loss/giou: 0.80665  ,  Loss/l1: 0.11223  ,  IoU: 0.25959",
    "[train: 1, 3750 / 3750] FPS: 49.7 (50.8)  ,  DataTime: 0.008 (0.005)  ,  ForwardTime: 0.309  ,  TotalTime: 0.322  ,  "
        "Loss/total: 1.71172  ,  Loss/giou: 0.64729  ,  Loss/l1: 0.08343  ,  IoU: 0.39233",
    "[train: 2, 50 / 3750] FPS: 45.9 (49.6)  ,  DataTime: 0.033 (0.006)  ,  ForwardTime: 0.310  ,  TotalTime: 0.349  ,  Lo"
        "ss/total: 1.64076  ,  Loss/giou: 0.62855  ,  Loss/l1: 0.07673  ,  IoU: 0.44889",
]


def test_an_ltr_trainers_batches_are_steps_across_epochs_timed_by_their_running_mean(tmp_path: Path) -> None:
    """`[train: 2, 50 / 3750]` is step 3750 + 50 (the file was refused); `Loss/total` the loss; a batch's seconds the
    running means' difference: 50 x 0.364 / 50 for the first 50, (100 x 0.342 - 50 x 0.364) / 50 = 0.32, (150 x 0.334 -
    100 x 0.342) / 50 = 0.318; the batches from 150 to 3750, 3600 of them, (3750 x 0.322 - 150 x 0.334) / 3600."""
    name, steps, _ = _read(tmp_path, LTR, name="stark_s-baseline.log")
    assert name == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [(50, 2.57886), (100, 2.2821), (150, 2.17442), (3750, 1.71172),
                                                       (3800, 1.64076)]
    expected = [0.364, (100 * 0.342 - 50 * 0.364) / 50, (150 * 0.334 - 100 * 0.342) / 50,
                (3750 * 0.322 - 150 * 0.334) / 3600, 0.349]
    assert all(abs(s["step_time_s"] - want) < 1e-9 for s, want in zip(steps, expected, strict=True))


# scGPT's fine-tuning, its last epoch's lines, its test and its save, then wandb's client as the script returns
# (jiboyalab/SpaCCC@00e115e61a74227886d3a97d5074e35b7dcf289f, README.md, its first console block: lines 64-69, 74, 89-90
# and 101-103 counted from the block's line `scGPT - INFO - Total Pre freeze Params 51336202`)
SCGPT_END = [
    "scGPT - INFO - | epoch  10 | 100/228 batches | lr 0.0000 | ms/batch 370.83 | loss  0.24 | cls  0.24 | err  0.08 | ",
    "scGPT - INFO - | epoch  10 | 200/228 batches | lr 0.0000 | ms/batch 365.80 | loss  0.26 | cls  0.26 | err  0.08 | ",
    "scGPT - INFO - -----------------------------------------------------------------------------------------",
    "scGPT - INFO - | end of epoch  10 | time: 86.76s | valid loss/mse 0.9935 | err 0.1941",
    "scGPT - INFO - -----------------------------------------------------------------------------------------",
    ">>> Inference with fine-tuned scGPT model <<<  Sun May 19 11:31:51 2024",
    ">>> Save the model into the save_dir <<<  Sun May 19 11:32:04 2024",
    "wandb: ",
    "wandb: Run summary:",
    "wandb: 🚀 View run bright-frog-221 at: https://wandb.ai/jby236/scGPT/runs/w8koygt1",
    "wandb: Synced 6 W&B file(s), 0 media file(s), 0 artifact file(s) and 0 other file(s)",
    "wandb: Find logs at: ./wandb/run-20240519_111703-w8koygt1/logs",
]
# a DataLoader worker's failure, its worker's traceback and wandb's summary after it, as a failed run's console shows them
# (3jp4rk/Condenser@65148986d258407931dbbe4712a599c0d4f9cc39, out.log, lines 291-308 and 316)
FAILED_THEN_WANDB = [
    "ValueError: Caught ValueError in DataLoader worker process 3.",
    "Original Traceback (most recent call last):",
    '  File "/home/ubuntu/ejpark/con_venv/lib/python3.9/site-packages/torch/utils/data/_utils/worker.py", line 308, in _w'
        'orker_loop',
    "    data = fetcher.fetch(index)",
    '  File "/home/ubuntu/ejpark/con_venv/lib/python3.9/site-packages/torch/utils/data/_utils/fetch.py", line 51, in fetch',
    "    data = [self.dataset[idx] for idx in possibly_batched_index]",
    '  File "/home/ubuntu/ejpark/con_venv/lib/python3.9/site-packages/torch/utils/data/_utils/fetch.py", line 51, in <listc'
        'omp>',
    "    data = [self.dataset[idx] for idx in possibly_batched_index]",
    '  File "/home/ubuntu/ejpark/Condenser/../marco_dataset.py", line 289, in __getitem__',
    "    return self.get_data(self.train2full(idx))",
    '  File "/home/ubuntu/ejpark/Condenser/../marco_dataset.py", line 331, in get_data',
    "    selected = get_doc_passage(self.data_idx, ds, idx)",
    '  File "/home/ubuntu/ejpark/Condenser/../marco_dataset.py", line 191, in get_doc_passage',
    "    passages = random.sample(doc_items, 2)",
    '  File "/usr/lib/python3.9/random.py", line 449, in sample',
    '    raise ValueError("Sample larger than population or is negative")',
    "ValueError: Sample larger than population or is negative",
    "",
    "wandb: Run summary:",
]


# wandb's client's word that the program it watched failed, then its summary (index id 20961477920, lines 2-5 of
# a tcdb-explore run's console)
WANDB_FAILED = [
    "wandb: Waiting for W&B process to finish... (failed 1). Press Control-C to abort syncing.",
    "wandb: 🚀 View run cerulean-glitter-11 at: https://wandb.ai/zhao-group/tcdb-explore/runs/r2g5pzdg",
    "wandb: Synced 6 W&B file(s), 0 media file(s), 0 artifact file(s) and 0 other file(s)",
]


def test_wandbs_summary_after_the_last_step_with_no_failure_ends_the_run(tmp_path: Path) -> None:
    """The script's last epoch, its test and save, then wandb's `Run summary:` as it returned: the run's end there (it
    stopped without a word); after a failure's lines, or wandb's own word that the program failed (`(failed 1)`),
    wandb's summary ends nothing (wandb syncs a failed run too)."""
    _, steps, events = _read(tmp_path, SCGPT_END, name="scgpt.log", parser_name="generic_log")
    assert [s["step"] for s in steps] == [9 * 228 + 100, 9 * 228 + 200]
    assert [(e["line"], e["kind"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [(9, "attempt_end")]
    _, _, failed = _read(tmp_path, SCGPT_END[:2] + FAILED_THEN_WANDB, name="failed.log", parser_name="generic_log")
    assert not [e for e in failed if e["kind"] == "attempt_end"]
    _, _, said_failed = _read(tmp_path, SCGPT_END[:2] + WANDB_FAILED, name="said.log", parser_name="generic_log")
    assert not [e for e in said_failed if e["kind"] == "attempt_end"]  # (wandb's own `(failed 1)`: no clean end)


# a tabular MLP's script, its own stopping rule as it stops (RoschildRui/DeepLearning_CV_EXP@
# 0c27d0a86eec8e0378265f6a1ab91cc772dcdc80, exp1/results/exp1_4/code_output.md, the output's lines 561-565)
EARLY_STOP = [
    "epoch 274/500 - train loss: 0.4398, validation loss: 0.0151, validation R²: 0.8400, time: 0.12s",
    "Epoch 275/500: 100%|██████████| 19/19 [00:00<00:00, 179.63batch/s, loss=0.313]",
    "epoch 275/500 - train loss: 0.4464, validation loss: 0.0169, validation R²: 0.8209, time: 0.12s",
    "Epoch 276/500: 100%|██████████| 19/19 [00:00<00:00, 180.08batch/s, loss=0.437]",
    "early stopping: 100 epochs without improvement",
]


def test_a_scripts_own_early_stop_with_its_count_ends_the_run(tmp_path: Path) -> None:
    """`early stopping: 100 epochs without improvement`: the run's end (it stopped without a word)."""
    _, _, events = _read(tmp_path, EARLY_STOP, name="code_output.log")
    assert [(e["line"], e["detail"]) for e in events if e["kind"] == "attempt_end"] == [(5, "early stopping")]


# locuslab/fast_adversarial's `output.log` through its logger, a table apart by tabs, its names of two words
# (Junaid199f/Adv_NAS_Med@a26ff3f95853b134c13a5b2172910fd2f67b87c1, train_fgsm_output/output.log, lines 2-5 and 21-23)
TABBED_TABLE = [
    "[2023/06/12 15:52:25] - Epoch \t Seconds \t LR \t \t Train Loss \t Train Acc",
    "[2023/06/12 15:52:34] - 0 \t 8.8 \t \t 0.0200 \t 1.3512 \t 0.5162",
    "[2023/06/12 15:52:42] - 1 \t 7.8 \t \t 0.0400 \t 0.6192 \t 0.7785",
    "[2023/06/12 15:52:50] - 2 \t 7.8 \t \t 0.0600 \t 0.5097 \t 0.8149",
    "[2023/06/12 15:54:55] - 18 \t 7.8 \t \t 0.0200 \t 0.0306 \t 0.9902",
    "[2023/06/12 15:55:03] - 19 \t 7.8 \t \t 0.0000 \t 0.0157 \t 0.9952",
    "[2023/06/12 15:55:03] - Total train time: 2.6265 minutes",
]


def test_a_table_apart_by_tabs_behind_a_loggers_time_is_read_by_its_cells(tmp_path: Path) -> None:
    """Its cells between tabs, blank ones none (the header's blank after `LR`, the rows' after the seconds): epoch, its
    seconds, learning rate and `Train Loss` (the file was refused)."""
    name, steps, _ = _read(tmp_path, TABBED_TABLE, name="output.log")
    assert name == "generic_log"
    assert [(s["step"], s["step_time_s"], s["lr"], s["loss"]) for s in steps] == [
        (0, 8.8, 0.02, 1.3512), (1, 7.8, 0.04, 0.6192), (2, 7.8, 0.06, 0.5097), (18, 7.8, 0.02, 0.0306),
        (19, 7.8, 0.0, 0.0157)]


# SpikingResformer's concept-bottleneck training, its batches every 50 of 159 an epoch, `Ep` its epoch
# (Bhargav-ram333/SpikingResformer@1b00735fb73ba68395c142a2085b14f782e1d046, spike_rate_fair/train_log.txt, lines 21-30)
EP_BATCH = [
    "[Train] 50 epoch(s), AdamW lr=0.001 wd=0.0001, batch 32, cosine LR, grad clip 5.0, concept dropout 0.25, backbone "
        "frozen (eval)",
    "",
    "  Ep 1/50 | Batch 50/159 | Loss=5.8578 | LR=1.00e-03 | 0.8min",
    "  Ep 1/50 | Batch 100/159 | Loss=5.7133 | LR=1.00e-03 | 1.7min",
    "  Ep 1/50 | Batch 150/159 | Loss=5.6512 | LR=1.00e-03 | 2.6min",
    "Epoch   1/50 | TrainLoss=5.7334 | ValLoss=5.7169 | ConceptAUC=0.6568 | ClassAcc=0.11% | LR=1.00e-03 | Elapsed=3.2min",
    "  [Checkpoint] Best (held-out ClassAcc) saved: 0.11% -> C:\\Users\\palag\\New folder\\SpikingResformer-cbm\\spike_rate_"
        "fair\\ckpts\\best_classacc_spike_rate_fair.pth",
    "  [Checkpoint] Last (resume point) saved: epoch 1 -> C:\\Users\\palag\\New folder\\SpikingResformer-cbm\\spike_rate_fai"
        "r\\ckpts\\last_spike_rate_fair.pth",
    "  Ep 2/50 | Batch 50/159 | Loss=5.5613 | LR=9.99e-04 | 4.1min",
    "  Ep 2/50 | Batch 100/159 | Loss=5.5022 | LR=9.99e-04 | 5.0min",
]


# (and its last two epochs, lines 299-302 and 304-307: their batches, then their summaries; a save's line between left
# out)
EP_BATCH_LAST = [
    '  Ep 49/50 | Batch 50/159 | Loss=1.4933 | LR=4.94e-06 | 152.2min',
    '  Ep 49/50 | Batch 100/159 | Loss=1.5037 | LR=4.94e-06 | 153.0min',
    '  Ep 49/50 | Batch 150/159 | Loss=1.5398 | LR=4.94e-06 | 153.9min',
    'Epoch  49/50 | TrainLoss=1.5112 | ValLoss=2.7790 | ConceptAUC=0.8628 | ClassAcc=40.93% | LR=4.94e-06 | Elapsed=154.5min',
    '  Ep 50/50 | Batch 50/159 | Loss=1.5261 | LR=1.99e-06 | 155.3min',
    '  Ep 50/50 | Batch 100/159 | Loss=1.5159 | LR=1.99e-06 | 156.1min',
    '  Ep 50/50 | Batch 150/159 | Loss=1.5065 | LR=1.99e-06 | 157.0min',
    'Epoch  50/50 | TrainLoss=1.5155 | ValLoss=2.7789 | ConceptAUC=0.8628 | ClassAcc=40.93% | LR=1.99e-06 | Elapsed=157.6min',
]


def test_an_abbreviated_epoch_of_its_total_and_its_batch_are_the_step(tmp_path: Path) -> None:
    """`Ep 2/50 | Batch 50/159` is step 159 + 50 (the epochs' summaries alone were read, 1 row an epoch); the last
    epoch's summary after its batches, `Epoch  50/50 | TrainLoss=...`, the run's end (its epochs counted to 50)."""
    _, steps, _ = _read(tmp_path, EP_BATCH, name="train_log.txt")
    assert [(s["step"], s["loss"]) for s in steps] == [(50, 5.8578), (100, 5.7133), (150, 5.6512), (209, 5.5613),
                                                      (259, 5.5022)]
    _, steps, events = _read(tmp_path, EP_BATCH_LAST, name="last.txt")
    assert [s["step"] for s in steps] == [48 * 159 + 50, 48 * 159 + 100, 48 * 159 + 150, 49 * 159 + 50, 49 * 159 + 100,
                                          49 * 159 + 150]
    assert [(e["line"], e["detail"]) for e in events if e["kind"] == "attempt_end"] == [
        (8, "its epochs counted to the 50 it named")]
    # (an excerpt of the first two epochs and the last two, as a note quotes a log: the epochs between as long as both
    # ends print theirs, 159 batches; they were placed one log interval after epoch 2's last line, 5,009 for 7,841)
    _, steps, _ = _read(tmp_path, EP_BATCH + EP_BATCH_LAST, name="excerpt.txt")
    batches = [(int(m.group(1)), int(m.group(2))) for t in EP_BATCH + EP_BATCH_LAST
               if (m := re.match(r"\s*Ep (\d+)/50 \| Batch (\d+)/159 ", t))]
    assert [s["step"] for s in steps] == [(epoch - 1) * 159 + batch for epoch, batch in batches]


# Anomaly-Transformer's loop (the Time-Series-Library's shape), its iterations' lines with no count, only their speed
# (SZU-AdvTech-2023/271-Anomaly-Transformer-Time-Series-Anomaly-Detection-with-Association-Discrepancy@
# 8d603cf8e9e910f4a95886be182dc50c2f34553f, train_test_log_using_swat_normal_v0.txt, lines 25-26, 178-184 and 338-342)
TSLIB_SPEED_ONLY = [
    "======================TRAIN MODE======================",
    "        speed: 0.1406s/iter; left time: 6534.8190s",
    "        speed: 0.1333s/iter; left time: 4141.3600s",
    "Epoch: 1 cost time: 2062.7143268585205",
    "Epoch: 1, Steps: 15522 | Train Loss: -48.5435692 Vali Loss: -47.6931987 ",
    "Validation loss decreased (inf --> -47.693199).  Saving model ...",
    "Updating learning rate to 0.0001",
    "        speed: 0.1327s/iter; left time: 2062.2829s",
    "Epoch: 2 cost time: 2040.1145195960999",
    "Epoch: 2, Steps: 15522 | Train Loss: -48.8732580 Vali Loss: -47.2175972 ",
]


def test_the_time_series_librarys_epoch_lines_claim_a_log_whose_iterations_print_no_count(tmp_path: Path) -> None:
    """Its epochs' lines (the file was refused: no `iters:` line), epoch N ending at the run's step N x 15522 (the
    batches its line names), a batch the 15522nd of the epoch's cost time (0.133 s, as its `speed:` lines say)."""
    name, steps, _ = _read(tmp_path, TSLIB_SPEED_ONLY, name="train_test_log.txt")
    assert name == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [(15522, -48.5435692), (2 * 15522, -48.873258)]
    assert [s["step_time_s"] for s in steps] == pytest.approx([2062.7143268585205 / 15522, 2040.1145195960999 / 15522])
    speeds = [float(m.group(1)) for t in TSLIB_SPEED_ONLY if (m := re.search(r"speed: ([\d.]+)s/iter", t))]
    assert all(min(speeds) * 0.95 < s["step_time_s"] < max(speeds) for s in steps)


# yinboc's few-shot-meta-baseline's `log.txt` (its `utils.log`), an epoch a line, its loss|accuracy, then the epoch's
# time, the time so far and the estimate (minkee77/CMPNet@0892b58a9f762b8ca06a7eb3b57c7b116392ffdb,
# save/classifier_mini-imagenet_resnet12/log.txt, lines 5-9)
EPOCH_TIMES_LAST = [
    "epoch 1, train 3.4867|0.1469, val 3.0747|0.2264, 1.2m 1.2m/2.1h",
    "epoch 2, train 2.8788|0.2706, val 2.6325|0.3209, 1.2m 2.5m/2.1h",
    "epoch 3, train 2.5127|0.3527, val 2.3355|0.3898, 1.2m 3.7m/2.1h",
    "epoch 4, train 2.3060|0.4018, val 2.1622|0.4289, 1.2m 5.0m/2.1h",
    "epoch 5, train 2.1368|0.4387, val 2.1972|0.4241, fs 1: 0.4500 5: 0.6302, 2.2m 7.2m/2.4h",
]


def test_an_epoch_line_with_its_time_then_the_time_so_far_is_a_step_of_that_time(tmp_path: Path) -> None:
    """`epoch 5, train 2.1368|0.4387, ..., 2.2m 7.2m/2.4h`: epoch 5, its training loss 2.1368, its 2.2 minutes (132 s;
    the file was refused)."""
    name, steps, _ = _read(tmp_path, EPOCH_TIMES_LAST, name="log.txt")
    assert name == "generic_log"
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (1, 3.4867, 72.0), (2, 2.8788, 72.0), (3, 2.5127, 72.0), (4, 2.306, 72.0), (5, 2.1368, 132.0)]


# pysot's `tools/train.py` log, opened to append at each launch: its banner, then, a launch later, the banner again;
# no launch logged an iteration (Anastaria/track@4ac35b78f93b4466c9b53878d0e1d62e30bc3cef,
# experiments/siamrpn_r50_l234_dwxcorr_8gpu/logs/logs.txt, lines 1-4 and 190-196)
PYSOT_LAUNCHES = [
    "[2020-01-20 09:35:25,930-rk0-train.py#271] Version Information: ",
    "commit : ",
    "  log  : ",
    "",
    "[2020-01-20 09:35:30,828-rk0-model_load.py# 33] used keys:265",
    "[2020-01-20 09:35:30,834-rk0-train.py# 58] build train dataset",
    "[2020-01-20 09:35:30,835-rk0-dataset.py# 39] loading VID",
    "[2020-01-20 09:36:00,048-rk0-train.py#271] Version Information: ",
    "commit : ",
    "  log  : ",
    "",
]


def test_a_logs_first_line_said_again_after_other_lines_claims_a_log_of_launches(tmp_path: Path) -> None:
    """No step line: the banner again 35 s later, after the first launch's other lines, is a launch appended to the log
    (the file was refused)."""
    name, steps, events = _read(tmp_path, PYSOT_LAUNCHES, name="logs.txt")
    assert name == "generic_log"
    assert not steps
    assert [(e["line"], e["detail"]) for e in events if e["kind"] == "attempt_start" and e["line"] > 1] == [
        (8, "the log's first line again: a launch appended to it")]


# MMRotate 0.3 (mmcv's runner) in a user's notes: the command that set its epochs, the runner's line of its last
# iterations and its save, no runner's `max: 1 epochs` line among them (index id 54339321350, a notes file; lines 62-70,
# 73, 107-108)
MMCV_CONFIGURED_EPOCHS = [
    "(mmrotate) liuxinjia@LAPTOP-I1NLFAFF:~/MMRotate/mmrotate$ python tools/train.py \\",
    "configs/rotated_retinanet/rotated_retinanet_obb_r50_fpn_1x_dota_le90.py \\",
    "--work-dir work_dirs/rotated_retinanet_le90_smoke \\",
    "--cfg-options \\",
    "data.samples_per_gpu=1 \\",
    "data.workers_per_gpu=0 \\",
    "runner.max_epochs=1 \\",
    "checkpoint_config.interval=1 \\",
    "evaluation.interval=1",
    "2026-03-30 17:56:20,994 - mmrotate - INFO - Environment info:",
    "2026-03-30 19:13:37,229 - mmrotate - INFO - Epoch [1][12750/12799]      lr: 2.500e-03, eta: 0:00:17, time: 0.362, dat"
        "a_time: 0.045, memory: 2119, loss_cls: 0.6937, loss_bbox: 0.8548, loss: 1.5485, grad_norm: 6.8606",
    "2026-03-30 19:13:53,419 - mmrotate - INFO - Saving checkpoint at 1 epochs",
]


def test_the_epochs_a_runs_configuration_set_end_it_at_the_last_ones_save(tmp_path: Path) -> None:
    """`runner.max_epochs=1`, then `Saving checkpoint at 1 epochs`: the training loop's end there (it stopped without a
    word), as the runner's own `max: 1 epochs` would say."""
    name, _, events = _read(tmp_path, MMCV_CONFIGURED_EPOCHS, name="notes.txt")
    assert name == "openmmlab"
    assert [(e["line"], e["detail"]) for e in events if e["kind"] == "attempt_end"] == [
        (12, "the runner's last epoch (1) saved")]


# GraphCodeBERT's clone-detection `run.py` (CodeXGLUE's, copied from transformers' example scripts before the Trainer):
# the Trainer's header under the script's logger, `per GPU`, then its own loop's bar (PandaChen-pro/GraphCoBert@
# 4fd5ac56d8e9ca0713964aed7c0d533b614801d7, saved_models/train.log, lines 50-56 and line 57's first drawings, tqdm's `\r`
# between them)
PER_GPU_HEADER = [
    '06/23/2025 09:35:11 - INFO - __main__ -   ***** Running training *****',
    '06/23/2025 09:35:11 - INFO - __main__ -     Num examples = 300000',
    '06/23/2025 09:35:11 - INFO - __main__ -     Num Epochs = 1',
    '06/23/2025 09:35:11 - INFO - __main__ -     Instantaneous batch size per GPU = 6',
    '06/23/2025 09:35:11 - INFO - __main__ -     Total train batch size = 6',
    '06/23/2025 09:35:11 - INFO - __main__ -     Gradient Accumulation steps = 1',
    '06/23/2025 09:35:11 - INFO - __main__ -     Total optimization steps = 50000',
    '\r  0%|          | 0/50000 [00:00<?, ?it/s]\repoch 0 loss 0.70046:   0%|          | 0/50000 [00:01<?, ?it/s]\repoch '
        '0 loss 0.70046:   0%|          | 1/50000 [00:01<25:49:29,  1.86s/it]\repoch 0 loss 0.67627:   0%|          | 1/50000'
        ' [00:03<25:49:29,  1.86s/it]\repoch 0 loss 0.67627:   0%|          | 2/50000 [00:03<21:40:14,  1.56s/it]\repoch 0 lo'
        'ss 0.68934:   0%|          | 2/50000 [00:04<21:40:14,  1.56s/it]\repoch 0 loss 0.68934:   0%|          | 3/50000 [00'
        ':04<20:19:50,  1.46s/it]\repoch 0 loss 0.69111:   0%|          | 3/50000 [00:05<20:19:50,  1.46s/it]',
]


def test_the_trainers_header_with_its_batch_per_gpu_is_an_example_scripts_own_loop(tmp_path: Path) -> None:
    """`Instantaneous batch size per GPU = 6` under `__main__`: an example script before the Trainer (Accelerate's say
    `per device`), its loop no framework's (it was labelled `accelerate`)."""
    name, steps, _ = _read(tmp_path, PER_GPU_HEADER, name="train.log")
    assert name == "hf_trainer"
    assert [s["step"] for s in steps] == [1, 2, 3] and {s["framework"] for s in steps} == {"generic"}


# microWakeWord's trainer (TensorFlow's speech_commands example's step line, through absl's logger), its loss named in two
# words (index id 70575566767, a Colab notebook's output block: its lines 2-3 and 6-7)
CROSS_ENTROPY = [
    'INFO:absl:Step #4000: rate 0.001000, accuracy 99.95%, recall 99.71%, precision 99.68%, cross entropy 0.001472',
    '2026-08-10 19:02:11.085127: W external/local_xla/xla/tsl/framework/cpu_allocator_impl.cc:84] Allocation of 32640000 '
        'exceeds 10% of free system memory.',
    'INFO:absl:Step #6000: rate 0.001000, accuracy 99.95%, recall 99.70%, precision 99.66%, cross entropy 0.001391',
    '2026-08-10 19:13:51.415841: W external/local_xla/xla/tsl/framework/cpu_allocator_impl.cc:84] Allocation of 32640000 '
        'exceeds 10% of free system memory.',
]


def test_a_step_lines_cross_entropy_is_its_loss(tmp_path: Path) -> None:
    """`Step #4000: ..., cross entropy 0.001472`: step 4000, its loss 0.001472 (no loss was read: the whole block, its 4
    step lines, was refused)."""
    _, steps, _ = _read(tmp_path, CROSS_ENTROPY, name="output.log", parser_name="generic_log")
    assert [(s["step"], s["loss"]) for s in steps] == [(4000, 0.001472), (6000, 0.001391)]


# DP-GEN's `dp train` of DeePMD-kit, its log started twice, each launch failing as it imports, no word of training
# in it (paseri3739/DeePMD-Sodium@8a5edf3282d4d148d5531f0713297fd02a1fc1cb, dpgen/77706870bfa47fdc89596ead8f4a4cfd08c52749/
# 000/train.log, all 38 lines: lines 1-19 as `DEEPMD_TRAIN` quotes them, then lines 20-38, the same 19 lines but for the
# second launch's two times, 17:57:38.861354 and 17:57:39.418129)
DEEPMD_TWICE = DEEPMD_TRAIN[:19] + [line.replace("17:57:08.498120", "17:57:38.861354").replace("17:57:09.049878",
                                                                                             "17:57:39.418129")
                                    for line in DEEPMD_TRAIN[:19]]


def test_a_logs_first_line_again_claims_it_where_its_name_says_training_not_another_stage(tmp_path: Path) -> None:
    """The banner again 30 s later, its next line again: two launches, each its crash, in a file whose name says
    training among its parts (`..._dp_train_...`); the same lines in a file named as another stage's are not claimed."""
    assert DEEPMD_TWICE[19] == DEEPMD_TRAIN[19]  # (the second launch's first line, as the quoted excerpt has it)
    name, _, events = _read(tmp_path, DEEPMD_TWICE, name="sodium_dp_train_crash.log")
    assert name == "generic_log"
    banners = [n for n, t in enumerate(DEEPMD_TWICE, start=1) if "cpu_feature_guard.cc" in t]
    assert [e["line"] for e in events if e["kind"] == "attempt_start"] == banners == [1, 20]
    assert len([e for e in events if e["kind"] == "crash"]) == 2
    for other in ("data_preprocess.log", "eval_dp_train.log"):  # (no training's name; an evaluation's of the training)
        path = tmp_path / other
        path.write_text("\n".join(DEEPMD_TWICE) + "\n", encoding="utf-8")
        assert detect(path, read_head(path), registry())[0] is None, other


# Sacred's capture of a Keras MNIST run it observed, its opening and its last epochs (github.com/ramon-oliveira/
# uncertainty-quality @ 6fb9dec2f0d7d8ceb29509e66a0f7f45ac0ac549 : runs/1/cout.txt, lines 1-2 and 88-94)
SACRED_COMPLETED = [
    "INFO - uncertainty-quality - Running command 'run'",
    "INFO - uncertainty-quality - Started run with ID \"1\"",
    "Epoch 42/100",
    "50000/50000 [==============================] - 13s - loss: 0.0252 - acc: 0.9924 - val_loss: 0.0234 - val_acc: 0.9937",
    "Epoch 43/100",
    "50000/50000 [==============================] - 14s - loss: 0.0256 - acc: 0.9924 - val_loss: 0.0280 - val_acc: 0.9919",
    "sampling: 100%|##########| 50/50 [00:42<00:00,  1.14it/s]",
    "INFO - evaluate - test accuracy: 0.99",
    "INFO - uncertainty-quality - Completed after 0:11:57",
]

# Sacred's capture of a TF1 speech-separation U-Net, a custom loop that words its validation's lines as its
# training's (github.com/tobystaines/MagPhaseMask @ efaf79781a3fb6f93ca9d2aaddb09508bb918c41 : my_runs/1/cout.txt,
# lines 333, 334 and 347: the capture ends in a validation pass)
VALIDATION_ITERATION = [
    "2019-01-21 23:13:31.529908:\tTraining iteration: 15800, Loss: 0.0025335915852338076",
    "2019-01-21 23:17:19.564889:\tTraining iteration: 16000, Loss: 0.002906161593273282",
    "2019-01-21 23:23:46.711152:\tValidation iteration: 200, Loss: 0.0020908862352371216",
]


def test_sacreds_completed_after_ends_the_run_it_timed(tmp_path: Path) -> None:
    """`Completed after 0:11:57`: Sacred's word as the run's main function returned, after 717 s (its end had
    been unknown)."""
    _, _, events = _read(tmp_path, SACRED_COMPLETED)
    assert [(e["kind"], e["line"], e["duration_s"]) for e in events] == [("attempt_end", 9, 11 * 60 + 57)]


def test_a_validation_iterations_count_is_no_training_step(tmp_path: Path) -> None:
    """`Validation iteration: 200, Loss: ...` after `Training iteration: 16000`: the evaluation's batch, no step
    (read, a step 200 after 16000: a restart that never was, its run's goodput 0 %)."""
    _, steps, _ = _read(tmp_path, VALIDATION_ITERATION)
    assert [s["step"] for s in steps] == [15800, 16000]
    con = console_connection(tmp_path, VALIDATION_ITERATION)
    assert con.execute("select count(*) from attempts").fetchone() == (1,)
