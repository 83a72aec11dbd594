"""Ultralytics consoles, fast tier: single training-bar lines in the forms Ultralytics prints
(the description `("%11s" * 2 + "%11.4g" * (2 + losses)) % (f"{epoch}/{epochs}", f"{mem:.3g}G",
*losses, instances, imgsz)` from ultralytics/engine/trainer.py, then tqdm's bar up to 8.3 or
Ultralytics' own TQDM's `f"{percent:.0f}% {bar} {n}/{total} {rate} {elapsed}{remaining}"`), through
the bar rule. Every expectation is read off the line itself."""

from __future__ import annotations

import gzip
import json
import re
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS, run_cli
from tests.test_line_rules import _read
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.parsers._lines import _unescape_syslog
from tracelens.parsers.ultralytics import bar_line

DESC = ("%11s" * 2 + "%11.4g" * 5) % ("1/20", "4.28G", 0.8296, 1.756, 1.274, 73, 640)


def test_tqdm_bar() -> None:
    """220 of 253 batches of epoch 1, 3.98 it/s: 1 / 3.98 s a batch."""
    line = DESC + ":  87%|████████▋ | 220/253 [02:21<00:08,  3.98it/s]"
    read = bar_line(line)
    assert read is not None
    assert read[:3] == (1, 220, 253)
    assert read[3] == pytest.approx(1 / 3.98)


def test_own_bar() -> None:
    """Ultralytics' own bar: '87% ━━━━━━━━━━╸─ 220/253 4.0it/s 2:21<0:08'; slow batches print
    s/it ('2.6s/it')."""
    read = bar_line(DESC + ": 87% ━━━━━━━━━━╸─ 220/253 4.0it/s 2:21<0:08")
    assert read == (1, 220, 253, 0.25)
    slow = bar_line(("%11s" * 2 + "%11.4g" * 5) % ("3/3", "0G", 3.9, 4.1, 4.0, 9, 64) + ": 100% ━━━━━━━━━━━━ 6/6 2.6s/it 15.6s")
    assert slow == (3, 6, 6, 2.6)


def test_the_first_drawing_has_no_rate() -> None:
    read = bar_line(DESC + ": 0% ──────────── 0/253  0.0s")
    assert read == (1, 0, 253, None)


@pytest.mark.parametrize("line", [
    # the validation bar and its metrics row
    ("%22s" + "%11s" * 6) % ("Class", "Images", "Instances", "Box(P", "R", "mAP50", "mAP50-95)")
    + ": 100%|██████████| 8/8 [00:03<00:00,  2.17it/s]",
    ("%22s" + "%11i" * 2 + "%11.3g" * 4) % ("all", 722, 1444, 0.989, 0.99, 0.993, 0.681),
    # the header row printed at each epoch's start
    ("\n" + "%11s" * 7) % ("Epoch", "GPU_mem", "box_loss", "cls_loss", "dfl_loss", "Instances", "Size"),
])
def test_validation_and_header_lines_are_no_training_bar(line: str) -> None:
    assert bar_line(line.strip("\n")) is None


def test_epoch_bars_number_their_batches_over_the_epochs(tmp_path: Path) -> None:
    """Epoch 71 of 16-batch epochs at 16 batches: 70 x 16 + 16 = 1136; epoch 72 at 8: 1144. A
    redraw of the same count is one step; the validation bar between is none."""
    row = "%11s" * 2 + "%11.4g" * 5
    lines = [
        (row % ("71/1000", "6.73G", 1.038, 0.4686, 1.064, 12, 640)) + ": 100%|██████████| 16/16 [00:05<00:00,  2.72it/s]",
        (row % ("71/1000", "6.73G", 1.038, 0.4686, 1.064, 12, 640)) + ": 100%|██████████| 16/16 [00:05<00:00,  2.72it/s]",
        ("%22s" + "%11s" * 6) % ("Class", "Images", "Instances", "Box(P", "R", "mAP50", "mAP50-95)")
        + ": 100%|██████████| 8/8 [00:03<00:00,  2.31it/s]",
        (row % ("72/1000", "6.73G", 1.096, 0.4883, 1.098, 8, 640)) + ":  50%|█████     | 8/16 [00:03<00:03,  2.5it/s]",
    ]
    path = tmp_path / "train.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None and parser.name == "ultralytics"
    steps = parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(1136, pytest.approx(1 / 2.72)), (1144, 0.4)]


def _bar_steps(tmp_path: Path, lines: list[str]) -> list[tuple[int, float]]:
    path = tmp_path / "train.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None and parser.name == "ultralytics"
    return [(s["step"], s["step_time_s"]) for s in parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()]


YOLOV5_HEADER = "      Epoch    GPU_mem   box_loss   obj_loss   cls_loss  Instances       Size"
YOLOV5_VALIDATION = ("                 Class     Images  Instances          P          R      mAP50   mAP50-95: 100% 2/2 "
                     "[00:00<00:00,  2.53it/s]")


def test_yolov5_counts_epochs_from_zero(tmp_path: Path) -> None:
    """YOLOv5 (a Colab run of its train.py for 100 epochs of 14 batches, quoted verbatim; index id
    38411731967) prints `0/99` for its first epoch. The console kept each epoch's last drawing
    alone: its rows are its epochs as printed, 0 and 1, each the epoch's 14 batches at the rate."""
    lines = [
        "Starting training for 100 epochs...",
        "",
        YOLOV5_HEADER,
        "       0/99       3.5G     0.1159    0.02889    0.04875          7        640: 100% 14/14 [00:06<00:00,  2.11it/s]",
        YOLOV5_VALIDATION,
        "                   all         60         61    0.00285      0.697     0.0327    0.00661",
        "",
        YOLOV5_HEADER,
        "       1/99      3.94G    0.08697    0.02846    0.04381          2        640: 100% 14/14 [00:03<00:00,  4.45it/s]",
    ]
    assert _bar_steps(tmp_path, lines) == [(0, pytest.approx(14 / 2.11)), (1, pytest.approx(14 / 4.45))]
    # a tail from epoch 1 on: the header's objectness loss says YOLOv5
    assert [step for step, _ in _bar_steps(tmp_path, lines[7:])] == [28]
    # epoch 0's bar alone, no header: epoch 0 says it
    assert [step for step, _ in _bar_steps(tmp_path, [lines[3]])] == [14]


def test_yolov5_epochs_past_99_have_two_spaces_before_them(tmp_path: Path) -> None:
    """YOLOv5 v6.2 right-aligns `epoch/epochs` in 10 characters (`'%10s' * 2 + '%10.4g' * 5`):
    `346/3999` leaves two spaces before it. The tail of a Colab run's console for 4000 epochs
    (quoted verbatim; index id 31526783111): each epoch's last drawing, 3 batches at the rate."""
    header = "     Epoch   gpu_mem       box       obj       cls    labels  img_size"
    validation = ("               Class     Images     Labels          P          R     mAP@.5 mAP@.5:.95: 100% 1/1 "
                  "[00:00<00:00,  2.86it/s]")
    lines = [
        header,
        "  346/3999     14.2G   0.02971   0.06784  0.002042       598       640: 100% 3/3 [00:02<00:00,  1.39it/s]",
        validation,
        "                 all         14        150      0.163      0.232      0.137     0.0572",
        "",
        header,
        "  347/3999     14.2G   0.02722   0.05912  0.002059       383       640: 100% 3/3 [00:01<00:00,  1.53it/s]",
        validation,
        "                 all         14        150      0.139      0.246      0.137     0.0584",
        "",
        header,
        "  348/3999     14.2G   0.02764   0.06124  0.002037       514       640: 100% 3/3 [00:02<00:00,  1.41it/s]",
    ]
    assert _bar_steps(tmp_path, lines) == [(346, pytest.approx(3 / 1.39)), (347, pytest.approx(3 / 1.53)),
                                           (348, pytest.approx(3 / 1.41))]


# ---------------------------------------------------------------- a recorded job

JOB = SAMPLE_LOGS / "ultralytics_resume"


def _truth() -> list[dict]:
    lines = (JOB / "truth.txt").read_text().splitlines()
    return [json.loads(line.split("TRUTH ", 1)[1]) for line in lines if line.startswith("TRUTH {")]


def _recorded_steps() -> list[dict]:
    path = JOB / "console.log"
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None and parser.name == "ultralytics"
    return parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()


def test_the_recorded_job_s_steps_are_the_harness_s_batches_in_each_run() -> None:
    """sample_logs/record_ultralytics_job.sh: the first run crashes in epoch 2, the second resumes
    from epoch 1's last.pt. The bar is drawn after every batch here (each takes over its 0.1 s
    redraw interval): the rows are the harness's batches, run by run, numbered as it numbers
    them ((epoch - 1) x 6 + batch), the resumed run's counter going back to epoch 2's first."""
    steps = [s["step"] for s in _recorded_steps()]
    truth = [x["step"] for x in _truth() if x["event"] == "step_end"]
    assert steps == truth
    runs = [[x["step"] for x in _truth() if x["event"] == "step_end" and x["attempt"] == a] for a in (0, 1)]
    assert steps.index(runs[1][0], len(runs[0])) == len(runs[0])  # the second run's rows follow the first's


def test_an_epoch_s_last_drawing_gives_its_mean_batch_time() -> None:
    """At an epoch's end the bar shows its overall rate (batches / seconds since it started): the
    harness's (last batch's end - first batch's start) / batches, within 5 % (the bar starts
    just before the first batch is fetched)."""
    truth = _truth()
    rows = _recorded_steps()
    checked = 0
    for attempt in (0, 1):
        for epoch in (1, 2, 3):
            marks = [x for x in truth if x["attempt"] == attempt and x.get("epoch") == epoch]
            ends = [x for x in marks if x["event"] == "step_end"]
            if len(ends) != 6:
                continue  # the crashed epoch never finished
            start = min(x["t"] for x in marks if x["event"] == "step_start")
            expected = (max(x["t"] for x in ends) - start) / 6
            last_step = (epoch - 1) * 6 + 6
            drawn = [r for r in rows if r["step"] == last_step]
            assert len(drawn) == 1
            assert drawn[0]["step_time_s"] == pytest.approx(expected, rel=0.05), (attempt, epoch)
            checked += 1
    assert checked == 3


def test_the_recorded_job_s_attempts_though_no_line_is_dated(tmp_path: Path) -> None:
    """Ultralytics' console dates nothing (its bars give rates, no clock). The report still has
    the harness's two runs, each over the batches it finished (a batch's step_end), the first
    crashed and the second completed; their start times are unknown, so none is printed."""
    truth = _truth()
    ends = {a: [x["step"] for x in truth if x["event"] == "step_end" and x["attempt"] == a] for a in (0, 1)}
    assert [x["event"] for x in truth if x["event"] in ("crash", "attempt_end")] == ["crash", "attempt_end"]
    out = tmp_path / "r.json"
    code, _, err = run_cli("report", str(JOB), "-o", str(out), "-q")
    assert code == 0, err
    attempts = json.loads(out.read_text())["attempts"]
    got = [(a["first_step"], a["last_step"], a["end_reason"], a["start_ns"], a["end_ns"]) for a in attempts]
    assert got == [(min(ends[0]), max(ends[0]), "crash", None, None), (min(ends[1]), max(ends[1]), "completed", None, None)]
    code, text, err = run_cli("report", str(JOB), "--section", "attempts", "-q")
    assert code == 0, err
    rows = [line.split() for line in text.splitlines() if line.strip()[:1].isdigit()]
    assert [row[:2] for row in rows] == [["1", "undated"], ["2", "undated"]]


# github.com/tonyzx12/2025_AIoT_3.4_Team7 @ a8b6908e, Team1/4_Train_&_Apply_New_Model.md: a SageMaker job's CloudWatch
# tail (4-space indented), lines 7-12: YOLO11's bar with its terminal codes and carriage returns written as `#033`, `#015`
CLOUDWATCH_YOLO11 = [
    '    Epoch    GPU_mem   box_loss   cls_loss   dfl_loss  Instances       Size',
    '    #033[K      50/50      2.61G      0.256     0.4896     0.7991         16        640: 11%'
    ' ━─────────── 1/9 1.9it/s 0.2s<4.2s',
    '    #033[K      50/50      2.61G     0.2598      0.483     0.8168         16        640: 22%'
    ' ━━╸───────── 2/9 4.0it/s 0.3s<1.7s',
    '    #033[K      50/50      2.61G     0.2738     0.5036     0.8141         16        640: 44%'
    ' ━━━━━─────── 4/9 6.5it/s 0.4s<0.8s',
    '    #033[K      50/50      2.61G     0.2629     0.4972     0.8201         17        640: 67%'
    ' ━━━━━━━━──── 6/9 7.8it/s 0.6s<0.4s',
    '    #033[K      50/50      2.61G     0.2516     0.4929     0.8156         13        640: 89%'
    ' ━━━━━━━━━━╸─ 8/9 9.2it/s 0.8s<0.1s#015#033[K      50/50      2.61G     0.2516     0.4929    '
    ' 0.8156         13        640: 100% ━━━━━━━━━━━━ 9/9 11.6it/s 0.8s#015#033[K      50/50      2.61G '
    '    0.2516     0.4929     0.8156         13        640: 100% ━━━━━━━━━━━━ 9/9 11.6it/s 0.8s',
]


def test_a_log_collectors_octal_escapes_are_the_bars_control_characters(tmp_path: Path) -> None:
    """rsyslog's (CloudWatch's) `#015` is a carriage return and `#033[K` a terminal code: the bar's
    redraws are its readings, epoch 50's batches of 9 (counted from epoch 1), at YOLO11's rate."""
    drawn = [(int(m.group(1)), float(m.group(2))) for line in CLOUDWATCH_YOLO11 for part in line.split("#015")
             if (m := re.search(r" 50/50 .* (\d+)/9 ([\d.]+)it/s", part))]
    expected = list(dict.fromkeys((49 * 9 + n, 1 / rate) for n, rate in drawn))  # (a redraw of a count is no new row)
    assert len(expected) == 6
    assert _bar_steps(tmp_path, CLOUDWATCH_YOLO11) == [(step, pytest.approx(t)) for step, t in expected]
    # (where nothing shows a collector's escapes, `#015` is text: a worker's or a shard's number)
    assert _unescape_syslog(b"INFO - [node #015] step 1: loss 0.1") == b"INFO - [node #015] step 1: loss 0.1"
    packed = tmp_path / "train.log.gz"  # (a gzipped copy reads the same)
    packed.write_bytes(gzip.compress(("\n".join(CLOUDWATCH_YOLO11) + "\n").encode()))
    rows = registry()["ultralytics"].parse(packed, ParseOptions()).tables["log_steps"].to_pylist()
    assert [(r["step"], r["step_time_s"]) for r in rows] == [(step, pytest.approx(t)) for step, t in expected]


def test_the_recorded_job_s_final_validation_is_the_same_end_as_its_epochs_completed(tmp_path: Path) -> None:
    """`2 epochs completed in 0.001 hours.`, then `Validating .../weights/best.pt...` (Ultralytics' final evaluation):
    one end of the run, as the harness logged one (the second was read as another end)."""
    truth = _truth()
    _, _, events = _read(tmp_path, [(JOB / "console.log").read_text(encoding="utf-8")], newline="")  # (the file as it is)
    assert len([e for e in events if e["kind"] == "attempt_end"]) == len([x for x in truth if x["event"] == "attempt_end"]) == 1
