"""Metric files a training job writes beside its console, read into log_steps: Keras's CSVLogger
table (recorded here: sample_logs/keras_csvlogger), Ultralytics' results.csv, detectron2's
metrics.json and mmengine's scalars.json (quoted real lines, each source cited)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import SAMPLE_LOGS
from tests.test_line_rules import _read
from tracelens.store import Store

# Ultralytics' results.csv, YOLO26 (github.com/AbishekEchno77/yolo26-nutrition-detector @
# 8b46bf9e94e8b26f0dbb83634db298330e9afcb5 : runs/detect/train/results.csv, lines 1-4)
YOLO26 = [
    ('epoch,time,train/box_loss,train/cls_loss,train/dfl_loss,metrics/precision(B),metrics/recall(B),metri'
     'cs/mAP50(B),metrics/mAP50-95(B),val/box_loss,val/cls_loss,val/dfl_loss,lr/pg0,lr/pg1,lr/pg2'),
    ('1,93.2846,1.01057,8.41319,0.0121,0.00244,0.86448,0.0944,0.07018,0.71757,6.46749,0.01197,0.00043342,0'
     '.00043342,0.00043342'),
    ('2,116.739,0.90306,7.39181,0.0104,0.00258,0.95769,0.22315,0.17406,0.75367,5.7891,0.01303,0.000866017,'
     '0.000866017,0.000866017'),
    ('3,144.906,0.95781,6.31058,0.01162,0.84596,0.18058,0.27311,0.19058,1.05783,4.84561,0.01887,0.00128079'
     ',0.00128079,0.00128079'),
]
# YOLOv5's results.csv, its columns padded (github.com/22pilarskil/yolov5_test @
# e88874cd0863407a0415276657309653c3919f9e : runs/train/exp/results.csv, the whole file)
YOLOV5 = [
    ('               epoch,      train/box_loss,      train/obj_loss,      train/cls_loss,   metrics/preci'
     'sion,      metrics/recall,     metrics/mAP_0.5,metrics/mAP_0.5:0.95,        val/box_loss,        val'
     '/obj_loss,        val/cls_loss,               x/lr0,               x/lr1,               x/lr2'),
    ('                   0,             0.12431,            0.044207,            0.045474,           0.001'
     '4191,             0.17311,          0.00088512,          0.00014847,             0.12071,           '
     ' 0.042838,            0.046406,               8e-05,               8e-05,             0.09928'),
    ('                   1,             0.12074,            0.046964,             0.04434,            0.00'
     '2192,             0.21098,            0.001453,           0.0003186,              0.1164,           '
     '  0.04461,            0.044461,            0.000136,            0.000136,            0.098436'),
    ('                   2,             0.11714,            0.048653,             0.04359,            0.00'
     '3945,             0.09945,           0.0021809,          0.00050501,             0.11286,           '
     ' 0.046277,            0.042906,            0.000104,            0.000104,            0.097504'),
]
# detectron2's metrics.json (github.com/Levi-Magny/Train-Detectron2 @ 0320b7da68e290988adddb734995723da6e4132e :
# output/metrics.json, lines 1-2)
DETECTRON2 = [
    ('{"data_time": 0.008784004487097263, "eta_seconds": 5065.550323819043, "fast_rcnn/cls_accuracy": 0.39'
     '453125, "fast_rcnn/false_negative": 0.5419018671298307, "fast_rcnn/fg_cls_accuracy": 0.4580981328701'
     '693, "iteration": 19, "loss_box_reg": 0.5456014573574066, "loss_cls": 0.7278757691383362, "loss_mask'
     '": 0.6871292293071747, "loss_rpn_cls": 0.04116789996623993, "loss_rpn_loc": 0.00676617375575006, "lr'
     '": 1.60675e-05, "mask_rcnn/accuracy": 0.8547507060860059, "mask_rcnn/false_negative": 0.141347154611'
     '20045, "mask_rcnn/false_positive": 0.029457166956222018, "roi_head/num_bg_samples": 104.75, "roi_hea'
     'd/num_fg_samples": 23.25, "rpn/num_neg_anchors": 244.5, "rpn/num_pos_anchors": 11.5, "time": 18.0912'
     '51156496583, "total_loss": 2.0359768134658225}'),
    ('{"data_time": 0.01017276500351727, "eta_seconds": 4913.606934082927, "fast_rcnn/cls_accuracy": 0.753'
     '90625, "fast_rcnn/false_negative": 0.7720588235294117, "fast_rcnn/fg_cls_accuracy": 0.22794117647058'
     '823, "iteration": 39, "loss_box_reg": 0.5666901171207428, "loss_cls": 0.5901477038860321, "loss_mask'
     '": 0.5914226770401001, "loss_rpn_cls": 0.016741267405450344, "loss_rpn_loc": 0.006217146059498191, "'
     'lr": 3.2717500000000007e-05, "mask_rcnn/accuracy": 0.9009812327941209, "mask_rcnn/false_negative": 0'
     '.0008954693365667436, "mask_rcnn/false_positive": 0.24715243071081583, "roi_head/num_bg_samples": 10'
     '6.0, "roi_head/num_fg_samples": 22.0, "rpn/num_neg_anchors": 245.5, "rpn/num_pos_anchors": 10.5, "ti'
     'me": 19.54051094749593, "total_loss": 1.8316618497483432}'),
]
# mmengine's vis_data/scalars.json of an mmpretrain run (github.com/duanbo320/openmmlab_camp @
# a44bd373f8cf4ddadb28cefebd521536ba3b2aab : vis_data/scalars.json, lines 1-4)
MMENGINE = [
    ('{"lr": 0.02, "data_time": 0.003814363479614258, "loss": 1.7152580142021179, "time": 0.14321839809417'
     '725, "epoch": 1, "iter": 69, "memory": 3060, "step": 69}'),
    '{"accuracy/top1": 43.13543701171875, "data_time": 0.09148979187011719, "time": 0.12141144976896398, "step": 1}',
    ('{"lr": 0.02, "data_time": 0.02389349937438965, "loss": 0.9905896186828613, "time": 0.121787858009338'
     '38, "epoch": 2, "iter": 138, "memory": 3060, "step": 138}'),
    '{"accuracy/top1": 70.96475219726562, "data_time": 0.07157292630937365, "time": 0.09998424847920735, "step": 2}',
]


def test_keras_csvlogger_epochs_and_losses_against_the_harness(tmp_path: Path) -> None:
    job = SAMPLE_LOGS / "keras_csvlogger"
    truth = [json.loads(line.split(" ", 1)[1]) for line in (job / "truth.txt").read_text().splitlines()]
    ends = [e for e in truth if e["event"] == "epoch_end"]
    store = Store.open(tmp_path / "s.tlstore")
    outcome = store.ingest([job])
    assert {Path(r.path).name: r.parser for r in outcome.parsed} == {"console.log": "keras", "training.log": "epoch_csv"}
    con = store.connect()
    rows = con.execute("select step, loss, step_time_s, end_ns from log_steps where framework = 'keras' "
                       "and file_id in (select file_id from files where parser = 'epoch_csv') order by step").fetchall()
    # CSVLogger numbers the epochs from 0; each row's loss is fit's logs at the epoch's end
    assert [(r[0], r[1]) for r in rows] == [(e["epoch"] - 1, e["loss"]) for e in ends]
    assert all(r[2] is None and r[3] is None for r in rows)  # the table has no time
    # the epochs are not steps of the console's: its 4 summaries are the job's logged steps
    reason = con.execute("select reason from goodput").fetchone()[0]
    assert f"the console has {len(ends)} logged steps" in reason


def test_ultralytics_results_csv_epochs_timed_by_their_cumulative_time(tmp_path: Path) -> None:
    parser, steps, _ = _read(tmp_path, YOLO26, name="results.csv")
    assert parser == "epoch_csv" and {s["framework"] for s in steps} == {"ultralytics"}
    assert [s["step"] for s in steps] == [1, 2, 3]
    # `time` is the seconds since training began: each epoch's is its growth (93.2846, 116.739, ...)
    assert [round(s["step_time_s"], 4) for s in steps] == [93.2846, round(116.739 - 93.2846, 4), round(144.906 - 116.739, 4)]
    assert steps[0]["lr"] == 0.00043342 and all(s["loss"] is None for s in steps)  # box/cls/dfl: terms, no total


def test_yolov5_results_csv_with_padded_columns(tmp_path: Path) -> None:
    parser, steps, _ = _read(tmp_path, YOLOV5, name="results.csv")
    assert parser == "epoch_csv"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(0, None), (1, None), (2, None)]
    assert [s["lr"] for s in steps] == [8e-05, 0.000136, 0.000104]  # `x/lr0` (its first parameter group)


def test_detectron2_metrics_json_iterations_and_their_seconds(tmp_path: Path) -> None:
    parser, steps, _ = _read(tmp_path, DETECTRON2, name="metrics.json")
    assert parser == "jsonl_metrics"
    first, second = (json.loads(line) for line in DETECTRON2)
    assert [(s["framework"], s["step"], s["step_time_s"], s["data_time_s"], s["loss"], s["end_ns"]) for s in steps] == [
        ("detectron2", first["iteration"], first["time"], first["data_time"], first["total_loss"], None),
        ("detectron2", second["iteration"], second["time"], second["data_time"], second["total_loss"], None)]


def test_mmengine_scalars_training_records_are_steps_and_its_evaluations_are_not(tmp_path: Path) -> None:
    parser, steps, _ = _read(tmp_path, MMENGINE, name="scalars.json")
    assert parser == "jsonl_metrics"
    # records 1 and 3 train (`"iter": 69`, `"iter": 138`); 2 and 4 are evaluations whose `step` is the epoch
    assert [(s["framework"], s["step"], s["loss"]) for s in steps] == [
        ("mmengine", 69, 1.7152580142021179), ("mmengine", 138, 0.9905896186828613)]
    assert [s["step_time_s"] for s in steps] == [0.14321839809417725, 0.12178785800933838]


# YOLOv5's results.txt of a 3-epoch run, the whole file (github.com/ssong86/YOLOv5-PyTorch-wildfire @
# 430b08e09fa3d1ed2ca799c7a3f4e95f900ff304 : runs/train/exp/results.txt)
YOLOV5_RESULTS_TXT = [
    ('       0/2     5.12G    0.1256   0.04029   0.03113    0.1971        25       640'
     '         0         0  0.002948 0.0007939    0.1139   0.03296   0.02987'),
    ('       1/2     5.14G    0.1217    0.0379    0.0303    0.1899        24       640'
     '         0         0  0.004346  0.001063    0.1122   0.02928   0.02932'),
    ('       2/2     5.14G    0.1183   0.03557   0.02931    0.1831        40       640'
     '         0         0    0.0052  0.001267    0.1118   0.02733   0.02876'),
]


def test_yolov5_results_txt_rows_are_its_epochs_with_their_total_loss(tmp_path: Path) -> None:
    parser, steps, _ = _read(tmp_path, YOLOV5_RESULTS_TXT, name="results.txt")
    assert parser == "ultralytics"
    # `0/2 5.12G 0.1256 0.04029 0.03113 0.1971 ...`: epoch 0, its box, obj, cls and total losses
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [(0, 0.1971, None), (1, 0.1899, None), (2, 0.1831, None)]
