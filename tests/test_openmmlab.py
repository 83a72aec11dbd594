"""OpenMMLab consoles.

A real mmengine job recorded here (sample_logs/record_mmengine_job.sh: mmengine's Runner at its
default hooks and logger, 2 gloo ranks under torchrun, rank 1 raising at iteration 50, the
restart resuming from the epoch-2 checkpoint) against the harness's own clock (`truth.txt`);
and the step-line rule on single lines in the formats that mmcv's TextLoggerHook and mmengine's
LogProcessor print (their format strings are cited in each case), each expectation read off
the line itself.
"""

from __future__ import annotations

import json
import os
import shutil
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS, console_connection
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.parsers.openmmlab import _SHORT_DATE, _Years, step_line
from tracelens.store import Store

JOB = SAMPLE_LOGS / "mmengine_restart"
INTERVAL = 10  # LoggerHook's default interval (RECORDED.txt: the defaults)


def _truth() -> list[dict]:
    lines = (JOB / "truth.txt").read_text().splitlines()
    return [json.loads(line.split("TRUTH ", 1)[1]) for line in lines if line.startswith("TRUTH {")]


def _ends() -> dict[tuple[int, int], float]:
    """(attempt, global iteration) -> when rank 0 finished it, by the harness's clock."""
    return {(x["attempt"], x["step"]): x["t"] for x in _truth() if x["event"] == "step_end" and x["rank"] == 0}


def _parse(path: Path) -> tuple[str, list[dict], list[dict], list[str]]:
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None
    result = parser.parse(path, ParseOptions())
    return parser.name, result.tables["log_steps"].to_pylist(), result.tables["log_events"].to_pylist(), result.warnings


def test_the_recorded_console_is_read_by_the_openmmlab_reader_with_the_logged_steps() -> None:
    """The console logs every 10th iteration that rank 0 finished, numbered globally over the
    epochs (the line shows `[epoch][iteration/20]`), in each attempt: 10..40, then 50..80."""
    name, steps, _, _ = _parse(JOB / "console.log")
    assert name == "openmmlab"
    ends = _ends()
    expected = [step for _, step in sorted(ends, key=lambda k: ends[k]) if step % INTERVAL == 0]
    assert [s["step"] for s in steps] == expected
    assert {s["framework"] for s in steps} == {"mmengine"}  # (mmengine's Runner printed them)


def test_each_step_is_dated_by_its_line_within_the_second_it_prints() -> None:
    """mmengine's console prints `11/24 07:30:49` (no year, whole seconds), after the iteration
    ends and before the harness's hook runs: the row's end is in the second before the
    harness's time. The year comes from the run's timestamp mmengine prints in its experiment
    name, not from the file time (a copy dated years later reads the same)."""
    _, steps, _, _ = _parse(JOB / "console.log")
    ends = _ends()
    attempt = 0
    for row in steps:
        if (attempt, row["step"]) not in ends:
            attempt += 1
        lag_s = ends[(attempt, row["step"])] - row["end_ns"] / 1e9
        assert 0 <= lag_s < 1.05, (row["step"], lag_s)


def test_the_year_comes_from_the_experiment_name_not_the_file_time(tmp_path: Path) -> None:
    copy = tmp_path / "console.log"
    shutil.copyfile(JOB / "console.log", copy)
    os.utime(copy, (2_000_000_000, 2_000_000_000))  # 2033
    _, steps, _, warnings = _parse(copy)
    first_end = min(x["t"] for x in _truth() if x["event"] == "step_end")
    assert datetime.fromtimestamp(steps[0]["end_ns"] / 1e9, tz=UTC).year == datetime.fromtimestamp(first_end, tz=UTC).year
    assert any("experiment name" in w for w in warnings)


def test_step_time_is_the_mean_iteration_time_of_the_window() -> None:
    """`time:` is LogProcessor's mean over its window (10 iterations) of IterTimerHook's time from
    one iteration's end to the next's: the harness's (end(s) - end(s - 10)) / 10, within 5 %
    (the hooks between the two clocks take microseconds; each iteration sleeps 0.2 s). A
    window reaching past an attempt's first iteration is left out (its timer started before
    the harness's first mark)."""
    _, steps, _, _ = _parse(JOB / "console.log")
    ends = _ends()
    attempt, checked = 0, 0
    for row in steps:
        if (attempt, row["step"]) not in ends:
            attempt += 1
        before = ends.get((attempt, row["step"] - INTERVAL))
        if before is None:
            continue
        expected = (ends[(attempt, row["step"])] - before) / INTERVAL
        assert row["step_time_s"] == pytest.approx(expected, rel=0.05), row["step"]
        checked += 1
    assert checked >= 4


def test_the_crash_and_the_resume_make_two_attempts(tmp_path: Path) -> None:
    """The harness's attempts: the first ends in rank 1's crash, the second resumes from the
    last checkpoint the first saved (iteration 40) and finishes; each attempt starts within
    2 % of the job's wall time of the harness's start mark (the console's dates are whole
    seconds, and its first line comes after the imports)."""
    truth = _truth()
    store = Store.open(tmp_path / "job.tlstore")
    outcome = store.ingest([JOB / "console.log"])
    assert not outcome.failed
    con = store.connect()
    attempts = con.execute(
        "select attempt, start_ns, end_reason, resumed_from_step from attempts order by attempt").fetchall()
    starts = sorted(x["t"] for x in truth if x["event"] == "attempt_start")
    wall_s = max(x["t"] for x in truth if x["event"] == "attempt_end") - starts[0]
    assert len(attempts) == len(starts) == 2
    assert attempts[0][2] == "crash" and any(x["event"] == "crash" for x in truth if x["attempt"] == 0)
    saved = max(x["step"] for x in truth if x["event"] == "checkpoint_save" and x["attempt"] == 0)
    assert attempts[1][3] == saved
    for (_, start_ns, _, _), start in zip(attempts, starts, strict=True):
        assert abs(start_ns / 1e9 - start) <= 0.02 * wall_s


# ---------------------------------------------------------------- the line rule, line by line

def test_mmcv_epoch_line() -> None:
    """mmcv's TextLoggerHook: f'Epoch [{epoch}][{iter}/{len(data_loader)}]\\t' then 'lr: {:.3e}, ',
    'eta: ..., time: {:.3f}, data_time: {:.3f}, memory: N, ' and the losses, ', '-joined.
    Epoch 2, iteration 50 of 962: global iteration 962 + 50."""
    line = ("Epoch [2][50/962]\tlr: 2.000e-02, eta: 1:57:11, time: 0.737, data_time: 0.058, memory: 3483, "
            "loss_rpn_cls: 0.0152, s0.loss_cls: 0.1882, s0.acc: 93.0684, loss: 0.6170")
    assert step_line(line) == (1012, 962, {"lr": 0.02, "step_time_s": 0.737, "data_time_s": 0.058, "loss": 0.617})


def test_mmcv_epoch_line_with_the_tab_expanded_and_a_long_eta() -> None:
    """The tab turned into spaces (a copy from a terminal), an eta over a day ('1 day, 16:21:05'
    has a ', ' of its own and no `key: value`)."""
    line = ("Epoch [1][15/678]      lr: 0.00020, eta: 1 day, 16:21:05, time: 1.269, data_time: 0.011, memory: 9581, "
            "loss: 3.4410")
    assert step_line(line) == (15, 678, {"lr": 0.0002, "step_time_s": 1.269, "data_time_s": 0.011, "loss": 3.441})


def test_mmcv_iteration_based_line() -> None:
    """f'Iter [{iter}/{max_iters}]\\t': the iteration is global already."""
    assert step_line("Iter [4000/80000]\tlr: 9.558e-03, eta: 7:51:33, time: 0.372, data_time: 0.008, "
                     "memory: 7132, decode.loss_ce: 0.4057, loss: 0.6210") == (
        4000, None, {"lr": 0.009558, "step_time_s": 0.372, "data_time_s": 0.008, "loss": 0.621})


def test_mmengine_epoch_line_padded() -> None:
    """mmengine's LogProcessor: f'Epoch({mode}){cur_epoch_str}[{cur_iter_str}/{dataloader_len}]  ' with the
    epoch right-justified to len(str(max_epochs)) + 3 and the iteration to the loader's width,
    then every key ending in 'lr' as '{:.4e}', 'eta', 'time', 'data_time' ('{:.4f}'), 'memory'
    and the rest, '  '-joined. Epoch 83, iteration 50 of 2693: 82 x 2693 + 50 = 220876; of the
    two learning rates (base_lr, lr) `lr` is the optimizer's."""
    line = ("Epoch(train)  [83][  50/2693]  base_lr: 2.0000e-03 lr: 3.9620e-04  eta: 14:57:00  time: 1.1114  "
            "data_time: 0.0995  memory: 27201  grad_norm: 1298.9029  loss: 1917.3984  loss_cls: 708.9749")
    assert step_line(line) == (220876, 2693, {"lr": 3.962e-4, "step_time_s": 1.1114, "data_time_s": 0.0995,
                                              "grad_norm": 1298.9029, "loss": 1917.3984})


def test_mmengine_iteration_based_line() -> None:
    """f'Iter({mode}) [{cur_iter_str}/{runner.max_iters}]  ' (training by iterations)."""
    assert step_line("Iter(train) [  50/1000]  lr: 1.0000e-02  eta: 0:01:37  time: 0.1001  data_time: 0.0020  "
                     "memory: 0  loss: 0.8300") == (50, None, {"lr": 0.01, "step_time_s": 0.1001,
                                                               "data_time_s": 0.002, "loss": 0.83})


@pytest.mark.parametrize("line", [
    "Epoch(val) [1][8/8]    accuracy/top1: 35.0000  data_time: 0.0019  time: 0.0062",  # mmengine, after validation
    "Epoch(val)  [1][ 50/500]    eta: 0:00:05  time: 0.0100  data_time: 0.0010",  # mmengine, during validation
    "Iter(val) [100/100]    mIoU: 41.2000  data_time: 0.0031  time: 0.0528",  # mmengine, by iterations
    "Epoch(val) [1][200]\tbbox_mAP: 0.0310, bbox_mAP_50: 0.1190",  # mmcv
    "Epoch(test) [10/10]    accuracy/top1: 35.0000",  # mmengine, test
])
def test_validation_and_test_lines_are_no_training_steps(line: str) -> None:
    assert step_line(line) is None


def test_a_date_without_a_year_takes_the_file_time_s_year_or_the_one_before() -> None:
    """With no other evidence, `11/24 07:30:49` is in the file time's year; a date after the file
    time (a log of late December copied in January) in the year before; and a run over New
    Year moves on to the next."""
    parts = _SHORT_DATE.match("11/24 07:30:49 - mmengine - INFO - x")
    assert parts is not None
    june_2030 = int(datetime(2030, 6, 1, tzinfo=UTC).timestamp() * 1e9)
    years = _Years([], june_2030)
    assert years.date(parts.groupdict()) == int(datetime(2029, 11, 24, 7, 30, 49, tzinfo=UTC).timestamp() * 1e9)
    assert years.source == "the file's modification time"
    january = _SHORT_DATE.match("01/02 00:00:01 - mmengine - INFO - x")
    assert january is not None
    assert years.date(january.groupdict()) == int(datetime(2030, 1, 2, 0, 0, 1, tzinfo=UTC).timestamp() * 1e9)
    dated = _SHORT_DATE.match("2024/01/24 02:46:39 - mmengine - INFO - x")
    assert dated is not None
    assert _Years([], june_2030).date(dated.groupdict()) == int(
        datetime(2024, 1, 24, 2, 46, 39, tzinfo=UTC).timestamp() * 1e9)



# MMDetection 2's Faster R-CNN for one epoch under Ray, as BigDL-Orca's example README shows its output (stored
# file id 38083335722, its output block's lines 59-65 and 88-100): the epoch's iterations, its checkpoint, then
# mmcv's test bar (no time of its own) and the evaluation's AP table, dated
MMDET_EVAL_BAR = [
    ("(MMCVRayEpochRunner pid=188889) 2023-03-13 10:45:51,433 - mmdet - INFO - workflow: [('train', 1)], max: 1 ep"
     'ochs'),
    ('(MMCVRayEpochRunner pid=188889) 2023-03-13 10:45:51,433 - mmdet - INFO - Checkpoints will be saved to /root/'
     'zj/mmdetection/tutorial_exps by HardDiskBackend.'),
    ('(MMCVRayEpochRunner pid=188889) 2023-03-13 10:46:00,405 - mmcv - INFO - Reducer buckets have been rebuilt in'
     ' this iteration.'),
    ('(MMCVRayEpochRunner pid=188889) 2023-03-13 10:46:50,666 - mmdet - INFO - Epoch [1][10/25]       lr: 2.500e-0'
     '3, eta: 0:01:28, time: 5.918, data_time: 0.222, loss_rpn_cls: 0.0203, loss_rpn_bbox: 0.0190, loss_cls: 0.603'
     '8, acc: 78.4180, loss_bbox: 0.4219, loss: 1.0649'),
    ('(MMCVRayEpochRunner pid=188889) 2023-03-13 10:47:43,460 - mmdet - INFO - Epoch [1][20/25]       lr: 2.500e-0'
     '3, eta: 0:00:27, time: 5.280, data_time: 0.006, loss_rpn_cls: 0.0312, loss_rpn_bbox: 0.0136, loss_cls: 0.229'
     '7, acc: 91.8848, loss_bbox: 0.3163, loss: 0.5908'),
    '(MMCVRayEpochRunner pid=188889) 2023-03-13 10:48:09,760 - mmdet - INFO - Saving checkpoint at 1 epochs',
    '(MMCVRayEpochRunner pid=188889) [                                                  ] 0/25, elapsed: 0s, ETA:',
    '[>>>>>>>>>>>>>>>>>>>>>>>>>>>>>   ] 23/25, 0.8 task/s, elapsed: 30s, ETA:     3s',
    '[>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>  ] 24/25, 0.8 task/s, elapsed: 32s, ETA:     1s',
    '[>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>>] 25/25, 0.8 task/s, elapsed: 33s, ETA:     0s',
    '(MMCVRayEpochRunner pid=188889)',
    '(MMCVRayEpochRunner pid=188889)',
    '(MMCVRayEpochRunner pid=188889)',
    '(MMCVRayEpochRunner pid=188889) ---------------iou_thr: 0.5---------------',
    '(MMCVRayEpochRunner pid=188889) 2023-03-13 10:48:45,974 - mmdet - INFO -',
    '(MMCVRayEpochRunner pid=188889) +------------+-----+------+--------+-------+',
    '(MMCVRayEpochRunner pid=188889) | class      | gts | dets | recall | ap    |',
    '(MMCVRayEpochRunner pid=188889) +------------+-----+------+--------+-------+',
    '(MMCVRayEpochRunner pid=188889) | Car        | 62  | 632  | 0.984  | 0.791 |',
    '(MMCVRayEpochRunner pid=188889) | Pedestrian | 13  | 78   | 0.846  | 0.800 |',
]


def test_mmcvs_test_bar_after_the_last_iteration_is_evaluation(tmp_path: Path) -> None:
    """After `Saving checkpoint at 1 epochs` (10:48:09.760) mmcv's test bar runs to `25/25, ...,
    elapsed: 33s`, then the AP table's dated line (10:48:45.974): 36.214 s of evaluation (the save
    inside it counted as the save's), not time with nothing logged; and the run's wall time goes
    to that table."""
    con = console_connection(tmp_path, MMDET_EVAL_BAR)
    events = con.execute("select kind, ts_ns from log_events where kind like 'eval%' order by ts_ns").fetchall()
    start, end = _utc_ns(2023, 3, 13, 10, 48, 9, 760), _utc_ns(2023, 3, 13, 10, 48, 45, 974)
    assert events == [("eval_start", start), ("eval_end", end)]
    assert con.execute("select max(end_ns) from attempts").fetchone()[0] == end


def _utc_ns(year: int, month: int, day: int, hour: int, minute: int, second: int, ms: int) -> int:
    return int(datetime(year, month, day, hour, minute, second, tzinfo=UTC).timestamp()) * 10**9 + ms * 10**6


# MMDetection 3's RTMDet-tiny fine-tuned on a balloon set, its console with no year in its dates, the config's
# pretrained checkpoint named by the day it was trained, the experiment's name by the run's own start
# (github.com/zhjunqin/openmmlab-learning @ c8f24d7f18a947a896ea44fe9391a34d94adedea : task3/train.log, lines 1, 23,
# 658 and 659)
RTMDET_CHECKPOINT_STAMP = [
    "06/11 03:33:54 - mmengine - INFO - Config:",
    "load_from = 'https://download.openmmlab.com/mmdetection/v3.0/rtmdet/rtmdet_tiny_8xb32-300e_coco/rtmdet_tiny_8xb32-"
    "300e_coco_20220902_112414-78e30dcc.pth'",
    "06/11 03:34:07 - mmengine - INFO - Epoch(train)  [1][5/6]  lr: 2.5864e-05  eta: 0:04:18  time: 1.0992  data_time: "
    "0.3240  memory: 1548  loss: 2.7512  loss_cls: 2.0560  loss_bbox: 0.6952",
    "06/11 03:34:07 - mmengine - INFO - Exp name: rtmdet_tiny_1xb12-40e_balloon_20230611_033352",
]


def test_a_model_zoo_checkpoints_date_is_not_the_runs_year(tmp_path: Path) -> None:
    """`..._coco_20220902_112414-78e30dcc.pth` in `load_from` is when the pretrained model was made; the year of
    `06/11 03:34:07` is the experiment name's, `..._20230611_033352` (the run had been dated a year early)."""
    from tests.test_line_rules import _ns, _read

    _, steps, _ = _read(tmp_path, RTMDET_CHECKPOINT_STAMP)
    assert [(s["step"], s["end_ns"]) for s in steps] == [(5, _ns("2023-06-11 03:34:07,0"))]
