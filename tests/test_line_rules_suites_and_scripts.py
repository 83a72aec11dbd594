"""Step counts, runs and their ends in the logs of non-PyTorch suites, compression and representation-learning scripts,
GANs, recommenders and video models (PaddleSeg's and PaddleDetection's run counts, CS230's relaunched epochs and its last
epoch, a linear probe's runs printed every 40 epochs, pt.darts' launches and its train and valid batches, KAIR's saves,
RecBole's weekday dates, PySlowFast's and pix2pix's launches with no step, the DLRM reference's steps among its MLPerf
records, MAE's `log.txt`, an MMAction2 run resumed at another batch size): lines quoted verbatim from public files (each
block's source is cited above it), tiny inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import console_connection
from tests.test_line_rules import _ns, _read

# PaddleSeg's trainer, its workerlog appended to by a relaunch that resumed from a checkpoint this log did not write: the
# count of iterations goes on at the turn from epoch 69 to 70, then SIGTERM, then `epoch: 73, iter: 36010`
# (simuler/ESPNet@f16dfddaa5424978bfb69970b9007b7de9871085, log/workerlog.0, lines 106-109, 128-129, 131-145, 234 and
# 237-238)
PADDLESEG_RESUMED = [
    '2021-11-24 09:38:35 [INFO]\t[TRAIN] epoch: 69, iter: 34140/120000, loss: 0.5634, lr: 0.000500, batch_cost: 0.8481, r'
        'eader_cost: 0.73515, ips: 7.0749 samples/sec | ETA 20:13:34',
    '2021-11-24 09:38:44 [INFO]\t[TRAIN] epoch: 69, iter: 34150/120000, loss: 0.5299, lr: 0.000500, batch_cost: 0.8784, r'
        'eader_cost: 0.76415, ips: 6.8309 samples/sec | ETA 20:56:46',
    '2021-11-24 09:38:52 [INFO]\t[TRAIN] epoch: 70, iter: 34160/120000, loss: 0.5066, lr: 0.000500, batch_cost: 0.8501, r'
        'eader_cost: 0.73746, ips: 7.0581 samples/sec | ETA 20:16:11',
    '2021-11-24 09:39:01 [INFO]\t[TRAIN] epoch: 70, iter: 34170/120000, loss: 0.7219, lr: 0.000500, batch_cost: 0.8513, r'
        'eader_cost: 0.72889, ips: 7.0479 samples/sec | ETA 20:17:48',
    '2021-11-24 09:41:46 [INFO]\t[TRAIN] epoch: 70, iter: 34360/120000, loss: 0.5560, lr: 0.000500, batch_cost: 0.8493, r'
        'eader_cost: 0.73701, ips: 7.0646 samples/sec | ETA 20:12:13',
    '2021-11-24 09:41:55 [INFO]\t[TRAIN] epoch: 70, iter: 34370/120000, loss: 0.5573, lr: 0.000500, batch_cost: 0.8635, r'
        'eader_cost: 0.75053, ips: 6.9484 samples/sec | ETA 20:32:22',
    '',
    '--------------------------------------',
    'C++ Traceback (most recent call last):',
    '--------------------------------------',
    '0   paddle::pybind::MultiDeviceFeedReader<paddle::operators::reader::LoDTensorBlockingQueue>::CheckNextStatus()',
    '1   paddle::pybind::MultiDeviceFeedReader<paddle::operators::reader::LoDTensorBlockingQueue>::WaitFutures(std::__exc'
        'eption_ptr::exception_ptr*)',
    '',
    '----------------------',
    'Error Message Summary:',
    '----------------------',
    'FatalError: `Termination signal` is detected by the operating system.',
    '  [TimeInfo: *** Aborted at 1637718119 (unix time) try "date -d @1637718119" if you are using GNU date ***]',
    '  [SignalInfo: *** SIGTERM (@0x3e800001096) received by PID 4285 (TID 0x7fbe16f45700) from PID 4246 ***]',
    '',
    '2021-11-24 09:42:37 [INFO]\t',
    '2021-11-24 09:42:41 [INFO]\tResume model from /home/aistudio/PaddleSeg/output/iter_36000',
    '2021-11-24 09:42:50 [INFO]\t[TRAIN] epoch: 73, iter: 36010/120000, loss: 0.5897, lr: 0.000500, batch_cost: 0.9122, r'
        'eader_cost: 0.77674, ips: 6.5773 samples/sec | ETA 21:16:58',
    '2021-11-24 09:42:59 [INFO]\t[TRAIN] epoch: 73, iter: 36020/120000, loss: 0.6940, lr: 0.000500, batch_cost: 0.9313, r'
        'eader_cost: 0.80050, ips: 6.4428 samples/sec | ETA 21:43:28',
]


def test_a_run_count_that_goes_on_at_an_epoch_turn_is_the_step_across_a_relaunch(tmp_path: Path) -> None:
    """`epoch: 69, iter: 34150/120000` then `epoch: 70, iter: 34160/120000`: the count went on at the epoch's turn, the
    run's own; the relaunch's turn from epoch 70 to 73 (a checkpoint written elsewhere) does not undo that: each step
    is its iteration as printed, not epoch x 120000 + it."""
    _, steps, events = _read(tmp_path, PADDLESEG_RESUMED, name="workerlog.0")
    assert [s["step"] for s in steps] == [34140, 34150, 34160, 34170, 34360, 34370, 36010, 36020]
    assert [e["kind"] for e in events if e["kind"] in ("crash", "attempt_start")][-2:] == ["crash", "attempt_start"]


# PaddleDetection's semi-supervised trainer: the run's own count of iterations before the epoch and its batch
# (Miracle2333/PaddleDetection@ad58e154343cd175a219c899d87a8152c4fc4eae, log/workerlog.0, lines 132-133 and 146-148)
PPDET_RUN_COUNT = [
    '[03/08 11:18:56] ppdet.engine INFO:      1/130860 iters Epoch: [0] [     0/727] learning_rate: 0.000000 loss_class: '
        '0.299608 loss_bbox: 0.163072 loss_giou: 0.096989 loss_class_aux: 2.260465 loss_bbox_aux: 0.953033 loss_giou_aux: 0.5'
        '82472 loss_class_dn: 0.103597 loss_bbox_dn: 0.249553 loss_giou_dn: 0.124572 loss_class_aux_dn: 0.564039 loss_bbox_au'
        'x_dn: 1.339201 loss_giou_aux_dn: 0.680701 loss: 7.417302 eta: 15 days, 10:51:16 batch_cost: 10.2023 data_cost: 5.746'
        '7 ips: 0.3921 images/s',
    '[03/08 11:21:02] ppdet.engine INFO:     51/130860 iters Epoch: [0] [    50/727] learning_rate: 0.000003 loss_class: '
        '0.637874 loss_bbox: 0.205833 loss_giou: 0.395739 loss_class_aux: 4.091747 loss_bbox_aux: 1.463691 loss_giou_aux: 2.4'
        '22162 loss_class_dn: 0.333498 loss_bbox_dn: 0.274571 loss_giou_dn: 0.411823 loss_class_aux_dn: 1.826186 loss_bbox_au'
        'x_dn: 1.455880 loss_giou_aux_dn: 2.257301 loss: 17.032589 eta: 4 days, 0:31:22 batch_cost: 2.5055 data_cost: 0.0018 '
        'ips: 1.5965 images/s',
    '[03/08 11:48:12] ppdet.engine INFO:    701/130860 iters Epoch: [0] [   700/727] learning_rate: 0.000035 loss_class: '
        '0.566853 loss_bbox: 0.124551 loss_giou: 0.412959 loss_class_aux: 3.858869 loss_bbox_aux: 1.005851 loss_giou_aux: 2.8'
        '21240 loss_class_dn: 0.297456 loss_bbox_dn: 0.181431 loss_giou_dn: 0.364361 loss_class_aux_dn: 1.594181 loss_bbox_au'
        'x_dn: 0.987296 loss_giou_aux_dn: 2.048304 loss: 14.325937 eta: 3 days, 18:50:40 batch_cost: 2.5041 data_cost: 0.0018'
        ' ips: 1.5974 images/s',
    '[03/08 11:49:28] ppdet.engine INFO:    728/130860 iters Epoch: [1] [     0/727] learning_rate: 0.000036 loss_class: '
        '0.689480 loss_bbox: 0.213688 loss_giou: 0.536687 loss_class_aux: 4.823024 loss_bbox_aux: 1.459464 loss_giou_aux: 3.6'
        '34659 loss_class_dn: 0.382898 loss_bbox_dn: 0.251069 loss_giou_dn: 0.554951 loss_class_aux_dn: 2.136737 loss_bbox_au'
        'x_dn: 1.376623 loss_giou_aux_dn: 3.017095 loss: 20.829216 eta: 3 days, 19:13:27 batch_cost: 2.6698 data_cost: 0.1529'
        ' ips: 1.4982 images/s',
    '[03/08 11:51:34] ppdet.engine INFO:    778/130860 iters Epoch: [1] [    50/727] learning_rate: 0.000039 loss_class: '
        '0.583044 loss_bbox: 0.164502 loss_giou: 0.344856 loss_class_aux: 3.813712 loss_bbox_aux: 1.104150 loss_giou_aux: 2.2'
        '33734 loss_class_dn: 0.330180 loss_bbox_dn: 0.212580 loss_giou_dn: 0.390527 loss_class_aux_dn: 1.702677 loss_bbox_au'
        'x_dn: 1.197376 loss_giou_aux_dn: 2.077807 loss: 15.985386 eta: 3 days, 19:11:59 batch_cost: 2.5282 data_cost: 0.0018'
        ' ips: 1.5821 images/s',
]


def test_a_run_count_printed_before_the_epoch_and_batch_is_the_step(tmp_path: Path) -> None:
    """`    728/130860 iters Epoch: [1] [     0/727]`: the step is the run's 728 as printed (counted from 1), not
    epoch x 727 + batch; its metrics are the line's (its `batch_cost` the step's time)."""
    _, steps, _ = _read(tmp_path, PPDET_RUN_COUNT, name="workerlog.0")
    assert [s["step"] for s in steps] == [1, 51, 701, 728, 778]
    assert [s["step_time_s"] for s in steps][:2] == [pytest.approx(PPDET_BATCH_COSTS[0]), pytest.approx(PPDET_BATCH_COSTS[1])]


PPDET_BATCH_COSTS = [float(line.split("batch_cost: ")[1].split()[0]) for line in PPDET_RUN_COUNT[:2]]


# Stanford CS230's examples (`train.py`: `Loading the datasets...`, `Starting training for 30 epoch(s)`, `Epoch 1/30`,
# then its metrics), a logging file appended to at each launch (haitongli/knowledge-distillation-pytorch@
# 51b0046efab3e96f8715b427ece51c579327a17d, experiments/cnn_distill/train.log, lines 11-25)
CS230_RELAUNCHED = [
    '2018-03-09 12:32:16,080:INFO: Loading the datasets...',
    '2018-03-09 12:32:19,529:INFO: - done.',
    '2018-03-09 12:32:19,721:INFO: Starting training for 30 epoch(s)',
    '2018-03-09 12:32:19,721:INFO: Epoch 1/30',
    '2018-03-09 12:53:53,299:INFO: - Train metrics: accuracy: 0.434 ; loss: 0.741',
    '2018-03-10 02:53:06,426:INFO: Loading the datasets...',
    '2018-03-10 02:53:10,050:INFO: - done.',
    '2018-03-10 02:53:12,594:INFO: Starting training for 30 epoch(s)',
    '2018-03-10 02:53:12,594:INFO: Epoch 1/30',
    '2018-03-10 02:54:09,604:INFO: - Train metrics: accuracy: 0.369 ; loss: 0.788',
    '2018-03-10 02:54:10,411:INFO: - Eval metrics : accuracy: 0.595 ; loss: 0.000',
    '2018-03-10 02:54:10,430:INFO: - Found new best accuracy',
    '2018-03-10 02:54:10,431:INFO: Epoch 2/30',
    '2018-03-10 02:55:07,436:INFO: - Train metrics: accuracy: 0.604 ; loss: 0.585',
    '2018-03-10 02:55:08,249:INFO: - Eval metrics : accuracy: 0.694 ; loss: 0.000',
]


def test_an_epochs_head_again_after_its_own_lines_is_a_relaunchs_epoch_of_its_own(tmp_path: Path) -> None:
    """`Epoch 1/30` and its `- Train metrics: ... loss: 0.741`, then the next launch's `Loading the datasets...` and
    `Epoch 1/30` again 14 hours later: two runs of epoch 1, each timed from its own head to its last line of its own
    (not one epoch of 51,710 s with the first launch's loss)."""
    _, steps, _ = _read(tmp_path, CS230_RELAUNCHED, name="train.log")
    first = (_ns("2018-03-09 12:53:53,299") - _ns("2018-03-09 12:32:19,721")) / 1e9
    second = (_ns("2018-03-10 02:54:10,411") - _ns("2018-03-10 02:53:12,594")) / 1e9
    assert [(s["step"], s["line"], s["loss"]) for s in steps] == [(1, 5, 0.741), (1, 11, 0.788), (2, 15, 0.585)]
    assert [s["step_time_s"] for s in steps][:2] == [pytest.approx(first), pytest.approx(second)]


def test_an_epochs_head_again_dated_after_its_own_lines_is_a_relaunchs_with_the_logs_start_cut_off(
        tmp_path: Path) -> None:
    """The same lines from the fourth launch's `Epoch 1/30` on (the log's first lines cut off: no first line said
    again marks the fifth launch): the head again 14 hours after the epoch's own lines ended is a relaunch's, two
    rows of epoch 1 still (two ranks' copies of one epoch would begin before the first copy's lines end)."""
    _, steps, _ = _read(tmp_path, CS230_RELAUNCHED[3:], name="train.log")
    first = (_ns("2018-03-09 12:53:53,299") - _ns("2018-03-09 12:32:19,721")) / 1e9
    second = (_ns("2018-03-10 02:54:10,411") - _ns("2018-03-10 02:53:12,594")) / 1e9
    assert [(s["step"], s["loss"]) for s in steps] == [(1, 0.741), (1, 0.788), (2, 0.585)]
    assert [s["step_time_s"] for s in steps][:2] == [pytest.approx(first), pytest.approx(second)]


# The same log: its last launch's first epochs, then its last two (lines 16-24 and 119-126, the file's end)
CS230_LAST_EPOCH = [
    '2018-03-10 02:53:06,426:INFO: Loading the datasets...',
    '2018-03-10 02:53:10,050:INFO: - done.',
    '2018-03-10 02:53:12,594:INFO: Starting training for 30 epoch(s)',
    '2018-03-10 02:53:12,594:INFO: Epoch 1/30',
    '2018-03-10 02:54:09,604:INFO: - Train metrics: accuracy: 0.369 ; loss: 0.788',
    '2018-03-10 02:54:10,411:INFO: - Eval metrics : accuracy: 0.595 ; loss: 0.000',
    '2018-03-10 02:54:10,430:INFO: - Found new best accuracy',
    '2018-03-10 02:54:10,431:INFO: Epoch 2/30',
    '2018-03-10 02:55:07,436:INFO: - Train metrics: accuracy: 0.604 ; loss: 0.585',
    '2018-03-10 03:20:38,085:INFO: Epoch 29/30',
    '2018-03-10 03:21:36,184:INFO: - Train metrics: accuracy: 0.830 ; loss: 0.449',
    '2018-03-10 03:21:37,014:INFO: - Eval metrics : accuracy: 0.839 ; loss: 0.000',
    '2018-03-10 03:21:37,041:INFO: - Found new best accuracy',
    '2018-03-10 03:21:37,042:INFO: Epoch 30/30',
    '2018-03-10 03:22:35,042:INFO: - Train metrics: accuracy: 0.850 ; loss: 0.428',
    '2018-03-10 03:22:35,872:INFO: - Eval metrics : accuracy: 0.842 ; loss: 0.000',
    '2018-03-10 03:22:35,900:INFO: - Found new best accuracy',
]


def test_a_run_whose_epochs_counted_to_their_total_completed_its_training(tmp_path: Path) -> None:
    """`Starting training for 30 epoch(s)`, ..., `Epoch 30/30` and that epoch's metrics, then the file ends: the
    training completed (an end at the epoch's last line of its own), not a process that stopped without a word."""
    _, steps, events = _read(tmp_path, CS230_LAST_EPOCH, name="train.log")
    assert [(s["step"], s["line"]) for s in steps][-1] == (30, 16)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "last_line")] == [("attempt_end", 16)]
    con = console_connection(tmp_path, CS230_LAST_EPOCH, name="train.log")
    assert con.execute("select end_reason from attempts").fetchall() == [("completed",)]


def test_a_run_short_of_its_total_is_no_completed_run(tmp_path: Path) -> None:
    """The same log cut after `Epoch 29/30`'s lines: the run did not reach its total, nothing says it completed."""
    _, _, events = _read(tmp_path, CS230_LAST_EPOCH[:13], name="train.log")
    assert [e["kind"] for e in events if e["kind"] == "attempt_end"] == []


# A linear probe's runs one after another in one process, each printing every 40 of its 200 epochs, then `FINAL
# RESULTS:` (janet-sw/eSkinHealth@f0df9e6e3bed0d2fb6225a1d1249415ab29f6cdc, dino.log, lines 12-22 and 37-47)
PROBE_RUNS = [
    'Epoch [1/200], Loss: 3.1025, Accuracy: 0.4321',
    'Validation Loss: 2.4456, Validation Accuracy: 0.5341, F1: 0.2686, Accuracy: 0.5341, Precision: 0.3201, Recall: 0.2877',
    'Epoch [41/200], Loss: 0.0507, Accuracy: 0.9967',
    'Validation Loss: 3.3171, Validation Accuracy: 0.5351, F1: 0.3214, Accuracy: 0.5351, Precision: 0.3473, Recall: 0.3296',
    'Epoch [81/200], Loss: 0.0150, Accuracy: 1.0000',
    'Validation Loss: 3.9143, Validation Accuracy: 0.5304, F1: 0.3161, Accuracy: 0.5304, Precision: 0.3451, Recall: 0.3201',
    'Epoch [121/200], Loss: 0.0076, Accuracy: 1.0000',
    'Validation Loss: 4.3294, Validation Accuracy: 0.5285, F1: 0.3163, Accuracy: 0.5285, Precision: 0.3418, Recall: 0.3240',
    'Epoch [161/200], Loss: 0.0045, Accuracy: 1.0000',
    'Validation Loss: 4.6881, Validation Accuracy: 0.5267, F1: 0.3145, Accuracy: 0.5267, Precision: 0.3398, Recall: 0.3225',
    'FINAL RESULTS:',
    'Epoch [1/200], Loss: 3.2840, Accuracy: 0.4248',
    'Validation Loss: 2.5813, Validation Accuracy: 0.4920, F1: 0.2145, Accuracy: 0.4920, Precision: 0.2187, Recall: 0.2441',
    'Epoch [41/200], Loss: 0.0496, Accuracy: 0.9976',
    'Validation Loss: 3.1874, Validation Accuracy: 0.5491, F1: 0.3276, Accuracy: 0.5491, Precision: 0.3694, Recall: 0.3206',
    'Epoch [81/200], Loss: 0.0154, Accuracy: 1.0000',
    'Validation Loss: 3.7330, Validation Accuracy: 0.5491, F1: 0.3375, Accuracy: 0.5491, Precision: 0.4131, Recall: 0.3270',
    'Epoch [121/200], Loss: 0.0083, Accuracy: 1.0000',
    'Validation Loss: 4.1118, Validation Accuracy: 0.5529, F1: 0.3531, Accuracy: 0.5529, Precision: 0.4137, Recall: 0.3413',
    'Epoch [161/200], Loss: 0.0044, Accuracy: 1.0000',
    'Validation Loss: 4.4528, Validation Accuracy: 0.5500, F1: 0.3501, Accuracy: 0.5500, Precision: 0.4122, Recall: 0.3379',
    'FINAL RESULTS:',
]


def test_runs_printed_every_few_epochs_whose_next_line_would_pass_their_total_completed(tmp_path: Path) -> None:
    """`Epoch [161/200]` of lines every 40 epochs: its next, 201, would be past the 200 it named, so each run printed
    its last epoch's line and completed; the count starting again is the next run, not a relaunch after a failure."""
    _, steps, events = _read(tmp_path, PROBE_RUNS, name="dino.log")
    assert [s["step"] for s in steps] == [1, 41, 81, 121, 161] * 2
    assert [(e["kind"], e["line"]) for e in events] == [("attempt_end", 9), ("attempt_end", 20)]
    con = console_connection(tmp_path, PROBE_RUNS, name="dino.log")
    assert con.execute("select end_reason from attempts order by attempt").fetchall() == [("completed",), ("completed",)]


def test_a_run_that_stopped_two_lines_short_of_its_total_is_no_completed_run(tmp_path: Path) -> None:
    """The first run cut after `Epoch [81/200]`: its next line, 121, was still to come."""
    _, _, events = _read(tmp_path, PROBE_RUNS[:6], name="dino.log")
    assert [e["kind"] for e in events if e["kind"] == "attempt_end"] == []


# pt.darts' search.py, its logger writing an empty line before `Parameters:` at each launch, all appended to one file
# (jkooy/darts-reproduce@692ea7d31a18d080923a7d37183295cc98cc8774, searchs/cifar10/cifar10.log, lines 1-3 and 22-27)
PTDARTS_LAUNCHES = [
    '06/28 09:22:15 PM | ',
    '06/28 09:22:15 PM | Parameters:',
    '06/28 09:22:15 PM | ALPHA_LR=0.0003',
    '06/28 09:22:15 PM | WORKERS=4',
    '06/28 09:22:15 PM | ',
    '06/28 09:22:15 PM | Logger is set - training start',
    '06/28 09:28:51 PM | ',
    '06/28 09:28:51 PM | Parameters:',
    '06/28 09:28:51 PM | ALPHA_LR=0.0003',
]


def test_a_logs_first_message_after_its_empty_line_said_again_is_a_launch(tmp_path: Path) -> None:
    """The log opens with its logger's empty line (`06/28 09:22:15 PM | `): its first message is `Parameters:`, said
    again 6.5 minutes later after `Logger is set - training start`, with the same line after it: a launch."""
    _, _, events = _read(tmp_path, PTDARTS_LAUNCHES, name="cifar10.log", parser_name="generic_log")
    launches = [(e["line"], e.get("detail")) for e in events if e["kind"] == "attempt_start"]
    assert launches == [(1, "first dated line of a process"), (8, "the log's first line again: a launch appended to it")]


# pt.darts' training and validation batches: `Train: [ 1/50] Step 050/781`, the batch from 0 to the epoch's last (781:
# 782 batches), then `Valid: [ 1/50] Step 000/781` (the same file, lines 569-570, 584-589 and 647-648)
PTDARTS_STEPS = [
    '06/28 09:50:10 PM | Train: [ 1/50] Step 000/781 Loss 2.258 Prec@(1,5) (25.0%, 75.0%)',
    '06/28 09:53:50 PM | Train: [ 1/50] Step 050/781 Loss 2.148 Prec@(1,5) (22.8%, 77.6%)',
    '06/28 10:45:09 PM | Train: [ 1/50] Step 750/781 Loss 1.602 Prec@(1,5) (41.6%, 89.5%)',
    '06/28 10:47:25 PM | Train: [ 1/50] Step 781/781 Loss 1.589 Prec@(1,5) (42.2%, 89.7%)',
    '06/28 10:47:25 PM | Train: [ 1/50] Final Prec@1 42.2200%',
    '06/28 10:47:25 PM | Valid: [ 1/50] Step 000/781 Loss 1.273 Prec@(1,5) (50.0%, 93.8%)',
    '06/28 10:47:36 PM | Valid: [ 1/50] Step 050/781 Loss 1.343 Prec@(1,5) (52.2%, 94.2%)',
    '06/28 10:47:47 PM | Valid: [ 1/50] Step 100/781 Loss 1.340 Prec@(1,5) (52.0%, 94.3%)',
    '06/28 10:50:22 PM | Train: [ 2/50] Step 000/781 Loss 1.193 Prec@(1,5) (56.2%, 100.0%)',
    '06/28 10:54:06 PM | Train: [ 2/50] Step 050/781 Loss 1.307 Prec@(1,5) (53.6%, 93.6%)',
]


def test_an_epochs_batches_from_zero_count_on_across_epochs_and_validation_batches_are_none(tmp_path: Path) -> None:
    """`Train: [ 2/50] Step 000/781` is step 782 (epoch 1's batches 0 to 781 before it); the `Valid:` lines are the
    evaluation's batches, no steps, and the count going back to them is no restart."""
    _, steps, events = _read(tmp_path, PTDARTS_STEPS, name="cifar10.log", parser_name="generic_log")
    assert [s["step"] for s in steps] == [0, 50, 750, 781, 782, 832]
    assert [s["loss"] for s in steps][-2:] == [1.193, 1.307]
    assert [e["kind"] for e in events if e["kind"] == "restart"] == []


# KAIR's trainer (SwinIR's training) saving its networks every `checkpoint_save` iterations (skchen1993/SwinIR@
# 0c277b4a73b833739fe2f30ab67b6a84690df77f, superresolution/swinir_sr_classical_patch48_x2/train.log, lines 2514-2517)
KAIR_SAVE = [
    '21-09-21 19:11:10.888 : Number of train images: 800, iters: 100',
    '21-09-21 19:11:12.163 : <epoch: 12, iter:   5,000, lr:1.000e-04> G_loss: 2.817e-02 ',
    '21-09-21 19:11:16.341 : Saving the model.',
    '21-09-21 19:12:17.853 : <epoch: 12, iter:   5,200, lr:1.000e-04> G_loss: 2.017e-02 ',
]


def test_kairs_saving_the_model_is_a_save(tmp_path: Path) -> None:
    """`Saving the model.` after iteration 5,000's line: a checkpoint's save at its time."""
    _, _, events = _read(tmp_path, KAIR_SAVE, name="train.log", parser_name="generic_log")
    assert [(e["kind"], e["line"], e["ts_ns"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", 3, _ns("21-09-21 19:11:16,341", "%y-%m-%d %H:%M:%S,%f"))]


# RecBole's logger, its date as `%a %d %b %Y %H:%M:%S` (adamu86/RecBole@8e3098eaa7846939c56a4c8a51b463e0e41f6714,
# log/SASRec/SASRec-30music__days[125-65]_pcount[25]_ptime[60-1000000]_length[2-100]_recent[100]-May-15-2026_18-36-41-
# e77d31.log, lines 181-182, 221-222 and 261-262)
RECBOLE = [
    'Fri 15 May 2026 18:49:30 INFO  epoch 0 training [time: 731.33s, train loss: 7172.8819]',
    'Fri 15 May 2026 18:49:54 INFO  epoch 0 evaluating [time: 24.09s, valid_score: 0.140900]',
    'Fri 15 May 2026 19:00:47 INFO  epoch 1 training [time: 652.59s, train loss: 5310.8828]',
    'Fri 15 May 2026 19:01:04 INFO  epoch 1 evaluating [time: 16.39s, valid_score: 0.197500]',
    'Fri 15 May 2026 19:11:58 INFO  epoch 2 training [time: 653.68s, train loss: 4567.3604]',
    'Fri 15 May 2026 19:12:17 INFO  epoch 2 evaluating [time: 19.01s, valid_score: 0.219100]',
]


def test_a_weekday_first_date_dates_recboles_epochs(tmp_path: Path) -> None:
    """`Fri 15 May 2026 18:49:30 INFO  epoch 0 training [time: 731.33s, train loss: 7172.8819]`: dated lines, each
    epoch a step, its time the line's and its loss the training's (not the evaluation's line after it)."""
    _, steps, _ = _read(tmp_path, RECBOLE, name="SASRec.log")
    assert [(s["step"], s["end_ns"], s["step_time_s"], s["loss"]) for s in steps] == [
        (0, _ns("2026-05-15 18:49:30,000"), 731.33, 7172.8819), (1, _ns("2026-05-15 19:00:47,000"), 652.59, 5310.8828),
        (2, _ns("2026-05-15 19:11:58,000"), 653.68, 4567.3604)]


# PySlowFast's train_net.py appending to its stdout.log at each launch (DoranLyong/SlowFast-VTN@
# 0c80b1d77732da3eec81511b3a8dd1b09e075f32, stdout.log, lines 1-2 and 231-233; its config's other lines left out)
PYSLOWFAST = [
    '[05/11 18:44:44][INFO] train_net.py: 377: Train with config:',
    "[05/11 18:44:44][INFO] train_net.py: 378: {'AVA': {'ANNOTATION_DIR': '/mnt/vol/gfsai-flash3-east/ai-group/users/haoq"
        "ifan/ava/frame_list/',",
    '[05/11 18:45:36][INFO] kinetics.py:  84: Constructing Kinetics train...',
    '[05/12 20:07:24][INFO] train_net.py: 377: Train with config:',
    "[05/12 20:07:24][INFO] train_net.py: 378: {'AVA': {'ANNOTATION_DIR': '/mnt/vol/gfsai-flash3-east/ai-group/users/haoq"
        "ifan/ava/frame_list/',",
]


def test_pyslowfasts_training_start_makes_a_log_of_launches_with_no_step(tmp_path: Path) -> None:
    """`train_net.py: 377: Train with config:` names its run's start: a log of launches that each died before their
    first iteration is read (two launches a day apart), not refused."""
    parser, steps, events = _read(tmp_path, PYSLOWFAST, name="stdout.log")
    assert parser == "generic_log" and steps == []
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_start"] == [("attempt_start", 1),
                                                                                      ("attempt_start", 4)]


# pix2pix's Visualizer as each launch opens its loss log, three launches that printed no loss (haozhe15/DeblurGAN@
# 5d41356efacc7102683683db5438e55c058c82b1, checkpoints/experiment_name/loss_log.txt, lines 1-3)
VISUALIZER_HEADS = [
    '================ Training Loss (Mon Nov 12 14:03:54 2018) ================',
    '================ Training Loss (Mon Nov 12 14:06:16 2018) ================',
    '================ Training Loss (Mon Nov 12 14:08:22 2018) ================',
]


def test_a_loss_log_of_launch_heads_alone_is_read(tmp_path: Path) -> None:
    """Three `Training Loss (<date>)` heads and no loss line: three launches, each at its head's time."""
    parser, steps, events = _read(tmp_path, VISUALIZER_HEADS, name="loss_log.txt")
    assert parser == "generic_log" and steps == []
    assert [(e["line"], e["ts_ns"]) for e in events if e["kind"] == "attempt_start"] == [
        (1, _ns("2018-11-12 14:03:54,000")), (2, _ns("2018-11-12 14:06:16,000")), (3, _ns("2018-11-12 14:08:22,000"))]


# The DLRM reference's own iteration lines between its MLPerf records of one epoch (ucare-uchicago/ev-store-dlrm@
# 501a6e207436b41726f6d6cf05c4587a9464f50d, logs/sample-train-criteo_kaggle_5mil.txt, lines 70-71, 75-77, 142-143 and
# 161-162)
DLRM_MLLOG = [
    ':::MLLOG {"namespace": "", "time_ms": 1643404871197, "event_type": "INTERVAL_START", "key": "block_start", "value": '
        'null, "metadata": {"file": "dlrm_s_pytorch.py", "lineno": 1598, "first_epoch_num": 1, "epoch_count": 1}}',
    ':::MLLOG {"namespace": "", "time_ms": 1643404871197, "event_type": "INTERVAL_START", "key": "epoch_start", "value": '
        'null, "metadata": {"file": "dlrm_s_pytorch.py", "lineno": 1604, "epoch_num": 1}}',
    'Finished training it 1024/33483 of epoch 0, 18.10 ms/it, loss 0.511571',
    'Finished training it 2048/33483 of epoch 0, 17.89 ms/it, loss 0.495775',
    'Finished training it 3072/33483 of epoch 0, 18.02 ms/it, loss 0.491223',
    'Finished training it 32768/33483 of epoch 0, 17.85 ms/it, loss 0.458331',
    'Finished training it 33483/33483 of epoch 0, 17.84 ms/it, loss 0.454462',
    ':::MLLOG {"namespace": "", "time_ms": 1643406112360, "event_type": "INTERVAL_END", "key": "epoch_stop", "value": nul'
        'l, "metadata": {"file": "dlrm_s_pytorch.py", "lineno": 1865, "epoch_num": 1}}',
    ':::MLLOG {"namespace": "", "time_ms": 1643406112360, "event_type": "INTERVAL_END", "key": "block_stop", "value": nul'
        'l, "metadata": {"file": "dlrm_s_pytorch.py", "lineno": 1870, "first_epoch_num": 1}}',
]


def test_a_programs_step_lines_among_its_records_are_its_steps_where_more_than_the_blocks(tmp_path: Path) -> None:
    """One `epoch_start` ... `epoch_stop` block around `Finished training it 1024/33483 of epoch 0, 18.10 ms/it`: the
    iterations are the steps (their own times), not one step of the block's 1,241 s."""
    _, steps, _ = _read(tmp_path, DLRM_MLLOG, name="train.txt")
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (1024, pytest.approx(0.0181), 0.511571), (2048, pytest.approx(0.01789), 0.495775),
        (3072, pytest.approx(0.01802), 0.491223), (32768, pytest.approx(0.01785), 0.458331),
        (33483, pytest.approx(0.01784), 0.454462)]


# MAE's fine-tuning log.txt, a JSON record an epoch (parthagrawal02/ECG_MAE@456cff70d7142f751a53f822f76c18aac46cb1bd,
# output_dir/log.txt, the whole file)
MAE_LOG = [
    '{"train_lr": 2.4193548387096773e-05, "train_loss": 5.300944681376785, "test_loss": 4.681430000695745, "test_acc1": 1'
        '.4, "test_acc5": 38.9, "epoch": 0, "n_parameters": 1418762}',
    '{"train_lr": 7.419354838709676e-05, "train_loss": 3.6071280929078315, "test_loss": 2.362388967929897, "test_acc1": 3'
        '8.9, "test_acc5": 95.9, "epoch": 1, "n_parameters": 1418762}',
    '{"train_lr": 0.00012419354838709678, "train_loss": 2.1207166465565623, "test_loss": 1.3316542004769456, "test_acc1":'
        ' 53.2, "test_acc5": 99.9, "epoch": 2, "n_parameters": 1418762}',
    '{"train_lr": 0.0001741935483870967, "train_loss": 1.7402632104964066, "test_loss": 1.0951297631754342, "test_acc1": '
        '60.2, "test_acc5": 99.9, "epoch": 3, "n_parameters": 1418762}',
    '{"train_lr": 0.0002241935483870969, "train_loss": 1.6226419558650895, "test_loss": 1.019613978530309, "test_acc1": 6'
        '4.8, "test_acc5": 99.9, "epoch": 4, "n_parameters": 1418762}',
    '{"train_lr": 0.0002499037306276123, "train_loss": 1.5442260724647052, "test_loss": 0.9501463377563567, "test_acc1": '
        '67.2, "test_acc5": 99.9, "epoch": 5, "n_parameters": 1418762}',
]


def test_a_scripts_own_json_records_are_its_own_framework_not_their_format(tmp_path: Path) -> None:
    """MAE's `log.txt` is its script's (`misc.py`'s) records: framework `generic`, as its console's lines would be."""
    _, steps, _ = _read(tmp_path, MAE_LOG, name="log.txt")
    assert [(s["step"], s["framework"]) for s in steps] == [(epoch, "generic") for epoch in range(6)]


# MMAction2 (mmcv's runner) resumed at epoch 95, iteration 89300 (940 iterations an epoch then), now at 768 an epoch
# (honzikjak/BP-rozpoznavani-znakove-reci-LSA64@c2c95bbf5fe409be5f32fdd3bb33fb6d343d4dfb,
# checkpoints/checkpoint_lsa64/sgd_lr_0.1.log, lines 160, 205-206 and 243)
MMACTION_RESUMED = [
    '2022-04-05 18:54:18,742 - mmaction - INFO - resumed epoch 95, iter 89300',
    '2022-04-05 18:54:59,103 - mmaction - INFO - Epoch [96][20/768]\tlr: 1.000e-01, eta: 10:11:40, time: 2.017, data_time'
        ': 1.279, memory: 2298, top1_acc: 0.0000, top5_acc: 0.0667, loss_cls: 7.8098, loss: 7.8098, grad_norm: 49.8529',
    '2022-04-05 18:55:35,681 - mmaction - INFO - Epoch [96][40/768]\tlr: 1.000e-01, eta: 9:42:36, time: 1.829, data_time:'
        ' 1.249, memory: 2298, top1_acc: 0.0333, top5_acc: 0.1167, loss_cls: 4.4585, loss: 4.4585, grad_norm: 3.1444',
    '2022-04-05 19:15:43,872 - mmaction - INFO - Saving checkpoint at 96 epochs',
]


def test_steps_after_an_openmmlab_resume_count_on_from_the_iteration_it_named(tmp_path: Path) -> None:
    """`resumed epoch 95, iter 89300`, then `Epoch [96][20/768]`: the runner's iteration 89,320 (not 95 x 768 + 20),
    and `Saving checkpoint at 96 epochs` its 89,300 + 768, on the scale of the resume's own step."""
    _, steps, events = _read(tmp_path, MMACTION_RESUMED, name="sgd_lr_0.1.log")
    assert [s["step"] for s in steps] == [89300 + 20, 89300 + 40]
    assert [(e["kind"], e["step"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_load_end", 89300), ("checkpoint_save_start", 89300 + 768)]


# A Kaggle notebook kernel's log as `kaggle kernels output` saves it: a JSON list of what its streams printed, an object a
# line (chris0leite-ui/Kaggle-irrigation-water@437e9069c51429ad0ca25626611917b00e9b552a,
# kaggle_kernel/output_ftt/irrigation-ft-transformer.log, lines 1-4, 18-20 and 137-138, its last two)
KERNEL_LOG = [
    '[{"stream_name":"stdout","time":0.871706076,"data":"[boot] gpu compute_cap = [\'6.0\']\\n"}',
    ',{"stream_name":"stdout","time":0.871753876,"data":"[boot] sm_60/61 detected - installing torch 2.5.1 cu121\\n"}',
    ',{"stream_name":"stdout","time":12.463753641,"data":"     ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 780.4/780.4 MB 2.3'
        ' MB/s eta 0:00:00\\n"}',
    ',{"stream_name":"stdout","time":63.540299135,"data":"[11:31:14] torch 2.5.1+cu121  cuda=True  device=cuda\\n"}',
    ',{"stream_name":"stdout","time":68.818620282,"data":"[11:31:19] === fold 1/5  train 504000  val 126000 ===\\n"}',
    ',{"stream_name":"stdout","time":68.832561428,"data":"[11:31:19]   model params: 1,011,715\\n"}',
    ',{"stream_name":"stdout","time":136.544107222,"data":"[11:32:27]   ep  1/20  loss 0.1668  val bal 0.96240  lr 1.49e-04\\n"}',
    ',{"stream_name":"stderr","time":6485.039526763,"data":"[NbConvertApp] Writing 387477 bytes to __results__.html\\n"}',
    ']',
]


def test_a_notebook_kernels_log_is_read_as_the_console_it_printed(tmp_path: Path) -> None:
    """Each record's `data` is the kernel's output: the lines are those texts (their newline dropped), each numbered by
    its record's line in the file, the script's own `[11:31:14]` time of day dating its line; detection reads the output
    too, not the JSON around it."""
    from tracelens.parsers._io import read_head
    from tracelens.parsers._lines import read_lines

    path = tmp_path / "irrigation-ft-transformer.log"
    path.write_text("\n".join(KERNEL_LOG) + "\n", encoding="utf-8")
    assert read_head(path).startswith(b"[boot] gpu compute_cap = ['6.0']\n[boot] sm_60/61 detected")
    lines, warning = read_lines(path)
    assert warning is None
    assert [(line.number, line.text[:40]) for line in lines] == [
        (1, "[boot] gpu compute_cap = ['6.0']"), (2, "[boot] sm_60/61 detected - installing to"),
        (3, "     " + "\u2501" * 35),
        (4, "[11:31:14] torch 2.5.1+cu121  cuda=True "), (5, "[11:31:19] === fold 1/5  train 504000  v"),
        (6, "[11:31:19]   model params: 1,011,715"), (7, "[11:32:27]   ep  1/20  loss 0.1668  val "),
        (8, "[NbConvertApp] Writing 387477 bytes to _")]
    assert [line.ts_ns is not None for line in lines] == [False, False, False, True, True, True, True, False]
    assert lines[6].ts_ns - lines[3].ts_ns == 73 * 10**9  # (11:32:27 less 11:31:14)


def test_a_kernel_log_cut_in_a_record_is_read_to_there_with_a_warning(tmp_path: Path) -> None:
    """The file cut in the middle of its seventh record (a copy stopped while written): the six lines before it are read,
    and the warning names the line the records end at."""
    from tracelens.parsers._lines import read_lines

    path = tmp_path / "irrigation-ft-transformer.log"
    path.write_text("\n".join(KERNEL_LOG[:6]) + "\n" + KERNEL_LOG[6][:60], encoding="utf-8")
    lines, warning = read_lines(path)
    assert [line.number for line in lines] == [1, 2, 3, 4, 5, 6]
    assert warning is not None and warning.startswith("line 7: ")


def test_a_trainer_state_cut_short_is_read_to_its_last_whole_entry_with_a_warning(tmp_path: Path) -> None:
    """sample_logs' trainer_state.json (transformers' own, hf_trainer_state/RECORDED.txt) cut in its third
    `log_history` entry, as a writer killed mid-write leaves it: the two whole entries before it (steps 1 and 2, losses
    6.1553 and 6.1601 as the file prints them) are read, and the warning says where it was cut; cut before any whole
    entry, it is the one parse error it was."""
    from tracelens.errors import ParseError
    from tracelens.parsers import ParseOptions, registry

    data = (Path(__file__).parent.parent / "sample_logs" / "hf_trainer_state" / "trainer_state.json").read_bytes()
    third = data.index(b'"step": 2') + data[data.index(b'"step": 2'):].index(b"{")
    path = tmp_path / "trainer_state.json"
    path.write_bytes(data[:third + 40])
    result = registry()["hf_trainer_state"].parse(path, ParseOptions())
    assert [(s["step"], s["loss"]) for s in result.tables["log_steps"].to_pylist()] == [(1, 6.1553), (2, 6.1601)]
    assert result.status.value == "truncated"
    second_ends = data.rindex(b"}", 0, third) + 1  # (the second entry's closing brace)
    assert result.warnings == [f"not whole JSON: cut short after byte {second_ends}; the 2 whole entries of its "
                               "log_history before it are read"]
    path.write_bytes(data[:data.index(b'"step": 1')])
    with pytest.raises(ParseError, match="not valid JSON"):
        registry()["hf_trainer_state"].parse(path, ParseOptions())


# A custom FedAvg loop's client training its 5 local epochs, a batch's line each, then its loss
# (rosfi12/AdvanceML_FederatedLearning@bfa5fd643b448beecbaec0375a3cfb8675ab87e1, training_logs.log, lines 577-587)
FEDAVG_CLIENT = [
    '2025-01-06 16:41:06,057 - INFO - Local Epoch 1/5',
    '2025-01-06 16:41:06,205 - INFO - Batch: 0, Loss: 0.015',
    '2025-01-06 16:41:06,555 - INFO - Local Epoch 2/5',
    '2025-01-06 16:41:06,701 - INFO - Batch: 0, Loss: 0.009',
    '2025-01-06 16:41:07,059 - INFO - Local Epoch 3/5',
    '2025-01-06 16:41:07,205 - INFO - Batch: 0, Loss: 0.006',
    '2025-01-06 16:41:07,561 - INFO - Local Epoch 4/5',
    '2025-01-06 16:41:07,708 - INFO - Batch: 0, Loss: 0.004',
    '2025-01-06 16:41:08,060 - INFO - Local Epoch 5/5',
    '2025-01-06 16:41:08,205 - INFO - Batch: 0, Loss: 0.005',
    '2025-01-06 16:41:08,557 - INFO - Client 5 Loss: 0.0076',
]


def test_a_last_epoch_whose_only_line_is_a_batchs_is_no_completed_run(tmp_path: Path) -> None:
    """The client's `Local Epoch 5/5`, its `Batch: 0, Loss: 0.005`, then `Client 5 Loss: 0.0076`: its epochs counted
    out and their run done; the same lines cut after that batch's line (the log of a process killed there): the epoch's
    one line is a batch's within it, its end unseen, no completed run."""
    _, _, events = _read(tmp_path, FEDAVG_CLIENT, name="training_logs.log")
    assert [(e["line"], e.get("detail")) for e in events if e["kind"] == "attempt_end"] == [
        (11, "its epochs counted to the 5 it named")]
    _, _, events = _read(tmp_path, FEDAVG_CLIENT[:10], name="training_logs.log")
    assert [e for e in events if e["kind"] == "attempt_end"] == []


# PyTorch-Ignite's engine at INFO under the tutorial's logger, its epochs' lines and its run's end (pytorch-ignite/
# pytorch-ignite.ai@26820afe4d21c101cb8fecf79c17dc4933a9bfb5, src/tutorials/intermediate/01-cifar10-distributed.md, the
# distributed run's output cell: its lines 50, 55-56, 65-67 and 76-77 as the tutorial indents them)
IGNITE = [
    '    2021-09-14 19:15:20,049 CIFAR10-Training INFO: Engine run starting with max_epochs=5.',
    '    2021-09-14 19:15:28,800 CIFAR10-Training INFO: Epoch[1] Complete. Time taken: 00:00:09',
    '    2021-09-14 19:15:37,474 CIFAR10-Training INFO: Epoch[2] Complete. Time taken: 00:00:09',
    '    2021-09-14 19:15:56,079 CIFAR10-Training INFO: Epoch[3] Complete. Time taken: 00:00:19',
    '    2021-09-14 19:16:04,686 CIFAR10-Training INFO: Epoch[4] Complete. Time taken: 00:00:09',
    '    2021-09-14 19:16:13,347 CIFAR10-Training INFO: Epoch[5] Complete. Time taken: 00:00:09',
    '    2021-09-14 19:16:23,271 CIFAR10-Training INFO: Engine run complete. Time taken: 00:01:03',
    '    2021-09-14 19:16:23,547 ignite.distributed.launcher.Parallel INFO: End of run',
]


def test_ignites_trainer_engine_epochs_are_steps_and_its_run_complete_its_end(tmp_path: Path) -> None:
    """`Engine run starting with max_epochs=5.`, then `Epoch[N] Complete. Time taken: 00:00:09`: each epoch a step
    timed as printed, framework `ignite`; `Engine run complete. Time taken: 00:01:03`: its training ended."""
    _, steps, events = _read(tmp_path, IGNITE, name="output.log")
    assert [(s["step"], s["step_time_s"], s["framework"]) for s in steps] == [
        (1, 9.0, "ignite"), (2, 9.0, "ignite"), (3, 19.0, "ignite"), (4, 9.0, "ignite"), (5, 9.0, "ignite")]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", 7)]


# Flair's ModelTrainer: its parameters as it starts, its last epoch's last lines, the epoch's end, its final test
# (prawiraadam/finalproject@a558c8c610bbb5a1bff70a1fe3363fe3eb39b30c, resources/taggers/example-upos/training.log,
# lines 30, 192-200 and 203)
FLAIR_LAST_EPOCH = [
    '2022-01-28 18:58:43,205  - max_epochs: "10"',
    '2022-01-28 19:07:44,592 epoch 10 - iter 126/141 - loss 0.37770307 - samples/sec: 135.71 - lr: 0.100000',
    '2022-01-28 19:07:47,997 epoch 10 - iter 140/141 - loss 0.37873632 - samples/sec: 131.81 - lr: 0.100000',
    '2022-01-28 19:07:48,070 --------------------------------------------------------------------------------------------'
        '--------',
    '2022-01-28 19:07:48,071 EPOCH 10 done: loss 0.3788 - lr 0.1000000',
    '2022-01-28 19:07:55,445 DEV : loss 0.23448392748832703 - f1-score (micro avg)  0.9206',
    '2022-01-28 19:07:55,487 BAD EPOCHS (no improvement): 0',
    '2022-01-28 19:07:55,489 saving best model',
    '2022-01-28 19:08:27,984 --------------------------------------------------------------------------------------------'
        '--------',
    '2022-01-28 19:08:27,986 loading file resources\\taggers\\example-upos\\best-model.pt',
    'Results:',
]


def test_flairs_last_epoch_of_the_epochs_its_parameters_named_ends_its_training(tmp_path: Path) -> None:
    """` - max_epochs: "10"`, then `EPOCH 10 done: loss 0.3788 - lr 0.1000000`, then its final test: the training
    ended with that epoch (not a process that stopped without a word); its steps are epoch 10's batches; its dev
    evaluation and its final test's load are the work it did after."""
    _, steps, events = _read(tmp_path, FLAIR_LAST_EPOCH, name="training.log")
    assert [s["loss"] for s in steps] == [0.37770307, 0.37873632]
    assert [(e["kind"], e["line"], e.get("detail")) for e in events if e["kind"] in ("attempt_end", "last_line")] == [
        ("attempt_end", 5, "its last epoch (10) done")]
    # (its best model loaded for its final test, `loading file .../best-model.pt`: work after its training's end, the
    # attempt running until then)
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint_load")] == [
        ("checkpoint_load_start", 10)]
    # (its dev set's evaluation after the epoch, from `EPOCH 10 done` to `DEV : loss 0.2344... - f1-score ...`)
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("eval")] == [("eval_start", 5), ("eval_end", 6)]
    con = console_connection(tmp_path, FLAIR_LAST_EPOCH, name="training.log")
    assert con.execute("select end_ns, end_reason from attempts").fetchall() == [
        (_ns("2022-01-28 19:08:27,986"), "completed")]


def test_flairs_epochs_short_of_those_its_parameters_named_end_nothing(tmp_path: Path) -> None:
    """The same lines with ` - max_epochs: "10"` left out: no total named, `EPOCH 10 done` ends nothing."""
    _, _, events = _read(tmp_path, FLAIR_LAST_EPOCH[1:], name="training.log")
    assert [e for e in events if e["kind"] == "attempt_end"] == []


# Flair 0.4.5's header and the one step line its run printed (vietanh125/reference-extraction-ner@
# 5fd06f2186f7d4de54f7cf6c041ad018b6b97c88, resources/taggers/example-ner/training.log, lines 43-54)
FLAIR_ONE_STEP = [
    '2020-04-04 22:24:27,223  - max_epochs: "150"',
    '2020-04-04 22:24:27,223  - shuffle: "True"',
    '2020-04-04 22:24:27,224  - train_with_dev: "False"',
    '2020-04-04 22:24:27,224  - batch_growth_annealing: "False"',
    '2020-04-04 22:24:27,224 --------------------------------------------------------------------------------------------'
        '--------',
    '2020-04-04 22:24:27,224 Model training base path: "resources\\taggers\\example-ner"',
    '2020-04-04 22:24:27,224 --------------------------------------------------------------------------------------------'
        '--------',
    '2020-04-04 22:24:27,224 Device: cuda:0',
    '2020-04-04 22:24:27,224 --------------------------------------------------------------------------------------------'
        '--------',
    '2020-04-04 22:24:27,224 Embeddings storage mode: gpu',
    '2020-04-04 22:24:27,225 --------------------------------------------------------------------------------------------'
        '--------',
    '2020-04-04 22:32:29,751 epoch 1 - iter 210/2107 - loss 54.80982159 - samples/sec: 0.87',
]


def test_one_flair_step_line_is_enough_to_read_its_log(tmp_path: Path) -> None:
    """A Flair run's one `epoch 1 - iter 210/2107 - loss 54.80982159 - samples/sec: 0.87` line: Flair's own format,
    the file is read (step 210 of epoch 1), not refused."""
    parser, steps, _ = _read(tmp_path, FLAIR_ONE_STEP, name="training.log")
    assert parser == "generic_log"
    assert [(s["step"], s["loss"], s["framework"]) for s in steps] == [(210, 54.80982159, "flair")]


# OpenNMT-py's trainer reaching the train_steps it was given, then its last validation and save
# (kmilink/OpenNMT-Indonesia-Bima@707e327079f2a9febd6363066679f05f49d110cb, model/train.log, lines 1812 and 1827-1833)
OPENNMT_LAST = [
    '[2025-09-21 09:27:53,701 INFO] Step 4950/ 5000; acc:  98.65; ppl:  1.11; xent: 0.11; lr: 0.00020; 4747/6568 tok/s;  '
        ' 2949 sec',
    '[2025-09-21 09:28:23,321 INFO] Step 5000/ 5000; acc:  98.62; ppl:  1.11; xent: 0.11; lr: 0.00020; 4795/6637 tok/s;  '
        ' 2979 sec',
    '[2025-09-21 09:28:23,323 INFO] Loading dataset from C:/Users/HazelDev/Desktop/OpenNMT-py/onmt_data\\onmt_data.valid.0.pt',
    '[2025-09-21 09:28:23,329 INFO] number of examples: 509',
    '[2025-09-21 09:28:24,432 INFO] Validation perplexity: 5.51627',
    '[2025-09-21 09:28:24,433 INFO] Validation accuracy: 80.2083',
    '[2025-09-21 09:28:24,433 INFO] Decreasing patience: 2/3',
    '[2025-09-21 09:28:24,462 INFO] Saving checkpoint C:/Users/HazelDev/Desktop/OpenNMT-py/model/bima_step_5000.pt',
]


def test_a_step_counter_reaching_the_total_it_names_ends_the_training(tmp_path: Path) -> None:
    """`Step 5000/ 5000; acc: ...`, the rank's last step line, no epoch on it, then its validation and save: the training
    completed at that line; `Step 4950/ 5000` as the last line would not be."""
    _, steps, events = _read(tmp_path, OPENNMT_LAST, name="train.log")
    assert [s["step"] for s in steps] == [4950, 5000]
    assert [(e["kind"], e["line"], e.get("detail")) for e in events if e["kind"] == "attempt_end"] == [
        ("attempt_end", 2, "its steps counted to the 5000 it named")]
    _, steps, events = _read(tmp_path, OPENNMT_LAST[:1] + OPENNMT_LAST[2:], name="train.log", parser_name="generic_log")
    assert [s["step"] for s in steps] == [4950]
    assert [e for e in events if e["kind"] == "attempt_end"] == []


# Diffusion-SVC's saver appending to its log_info.txt at each launch, no time of day (CNChTu/Diffusion-SVC@
# fbd62ea3cf6a40cfd412cd89d4f23c75d80654f4, exp/diffusion-test/log_info.txt, lines 1-3 and 70-78)
DIFFUSION_SVC = [
    '--- model size ---',
    'model: 114,198,016',
    '======= start training =======',
    '--- model size ---',
    'model: 118,881,792',
    '======= start training =======',
    'epoch: 1 |   0/  9 | exp/diffusion-test | batch/s: 0.52 | lr: 0.0002 | loss: 1.004 | time: 0:00:19.5 | step: 10',
    '--- model size ---',
    'model: 118,881,792',
    '======= start training =======',
    'epoch: 1 |   0/  9 | exp/diffusion-test | batch/s: 0.58 | lr: 0.0002 | loss: 1.000 | time: 0:00:17.3 | step: 10',
    'epoch: 2 |   1/  9 | exp/diffusion-test | batch/s: 0.96 | lr: 0.0002 | loss: 0.992 | time: 0:00:27.7 | step: 20',
]


def test_an_undated_logs_first_line_again_with_its_next_lines_figures_changed_is_a_launch(tmp_path: Path) -> None:
    """`--- model size ---` again after step 10, its next line `model: 118,881,792` where the file's first said
    `model: 114,198,016` (another model's size, the same line but its figure), then step 10 again: a launch."""
    _, steps, events = _read(tmp_path, DIFFUSION_SVC, name="log_info.txt")
    assert [s["step"] for s in steps] == [10, 10, 20]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_start"] == [("attempt_start", 8)]


# Flair 0.4's epoch end, then its dev and test sets' results (gucorpling/nner@58b9cac677cd7255cd11aa10cb0714510cf98afa,
# resources/taggers/example-ner/training.log, lines 13-19)
FLAIR_04_EVALUATIONS = [
    '2019-09-13 17:00:13,154 epoch 1 - iter 117/135 - loss 17.42500826',
    '2019-09-13 17:00:40,366 epoch 1 - iter 130/135 - loss 16.80228248',
    '2019-09-13 17:00:48,099 --------------------------------------------------------------------------------------------'
        '--------',
    '2019-09-13 17:00:48,099 EPOCH 1 done: loss 16.7398 - lr 0.1000 - bad epochs 0',
    '2019-09-13 17:01:44,654 DEV  : loss 10.39208508 - f-score 0.6282 - acc 0.4580',
    '2019-09-13 17:02:42,589 TEST : loss 10.26942635 - f-score 0.5831 - acc 0.4116',
    '2019-09-13 17:02:49,232 --------------------------------------------------------------------------------------------'
        '--------',
]


def test_flairs_evaluations_after_an_epoch_run_from_its_end_to_its_last_result(tmp_path: Path) -> None:
    """`EPOCH 1 done: ...`, then `DEV  : loss ...` 56.6 s later and `TEST : loss ...` 58 s after that: one evaluation
    from the epoch's end to its test set's result, not training time of the next epoch's first step."""
    _, _, events = _read(tmp_path, FLAIR_04_EVALUATIONS, name="training.log")
    assert [(e["kind"], e["line"], e["ts_ns"]) for e in events if e["kind"].startswith("eval")] == [
        ("eval_start", 4, _ns("2019-09-13 17:00:48,099")), ("eval_end", 6, _ns("2019-09-13 17:02:42,589"))]
