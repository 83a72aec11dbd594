"""Metric files a training job writes beside its console, read into log_steps: Keras's CSVLogger
table (recorded here: sample_logs/keras_csvlogger), test-tube's metrics.csv under Lightning 1.x's
TestTubeLogger (recorded here: sample_logs/test_tube_csv), Ultralytics' results.csv, detectron2's
metrics.json and mmengine's scalars.json (quoted real lines, each source cited)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest

from tests.conftest import SAMPLE_LOGS
from tests.test_line_rules import _ns, _read
from tracelens.errors import ParseError
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
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


def test_test_tube_metrics_csv_steps_dated_by_created_at_against_the_harness(tmp_path: Path) -> None:
    """latent-diffusion's logger: test-tube's rows have no `step` but the module's own `global_step`
    (the optimizer steps done before the batch) and test-tube's `created_at` (UTC): each row is
    the harness's step (global_step + 1), dated within a few ms of the harness's clock, and the
    step time between rows is the harness's."""
    job = SAMPLE_LOGS / "test_tube_csv"
    truth = [json.loads(line.split(" ", 1)[1]) for line in (job / "truth.txt").read_text().splitlines()]
    store = Store.open(tmp_path / "s.tlstore")
    outcome = store.ingest([job])
    assert [r.parser for r in outcome.parsed] == ["lightning_csv"] and not outcome.failed
    con = store.connect()
    rows = con.execute("select step, loss, end_ns from log_steps order by step").fetchall()
    assert [(r[0], r[1]) for r in rows] == [(t["step"], pytest.approx(t["loss"])) for t in truth]
    for (_, _, end_ns), t in zip(rows, truth, strict=True):
        assert 0 <= t["t"] - end_ns / 1e9 < 0.05  # the row is written, then the harness reads its clock
    spans = con.execute("select step, (end_ns - start_ns) / 1e9 from int_log_intervals order by step").fetchall()
    assert [step for step, _ in spans] == [t["step"] for t in truth[1:]]
    gaps = [b["t"] - a["t"] for a, b in zip(truth, truth[1:], strict=False)]
    assert [took for _, took in spans] == pytest.approx(gaps, abs=0.005)


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


# Sacred's FileStorageObserver metrics.json, the whole file (github.com/aida-ugent/tgne @
# bcc4dd70058be07665ed4d816a9203d8b360af1b : my_runs/1/metrics.json)
SACRED = [
    '{',
    '  "grad_bias_map": {',
    '    "steps": [',
    '      0',
    '    ],',
    '    "timestamps": [',
    '      "2023-10-10T07:11:46.372438"',
    '    ],',
    '    "values": [',
    '      613.2039794921875',
    '    ]',
    '  },',
    '  "grad_z_loc": {',
    '    "steps": [',
    '      0',
    '    ],',
    '    "timestamps": [',
    '      "2023-10-10T07:11:46.372445"',
    '    ],',
    '    "values": [',
    '      2192.236572265625',
    '    ]',
    '  },',
    '  "grad_z_scale": {',
    '    "steps": [',
    '      0',
    '    ],',
    '    "timestamps": [',
    '      "2023-10-10T07:11:46.372450"',
    '    ],',
    '    "values": [',
    '      3646.82373046875',
    '    ]',
    '  },',
    '  "loss": {',
    '    "steps": [',
    '      0',
    '    ],',
    '    "timestamps": [',
    '      "2023-10-10T07:11:46.372387"',
    '    ],',
    '    "values": [',
    '      41516.17578125',
    '    ]',
    '  }',
    '}',
]
# Chainer's LogReport `log` of an ESPnet1 run, the whole file (github.com/sknadig/checkpoint_dump @
# b7e4218ded50b5aa5a6a350644c633edba30e989 : results/log)
CHAINER_LOG = [
    '[',
    '    {',
    '        "main/loss_ctc": 119.21040653228759,',
    '        "main/loss_att": 109.61477161407471,',
    '        "main/acc": 0.24492303003679097,',
    '        "main/cer_ctc": 0.9662376368616187,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 114.41258857727051,',
    '        "eps": 1e-08,',
    '        "epoch": 0,',
    '        "iteration": 100,',
    '        "elapsed_time": 31.153744511015248',
    '    },',
    '    {',
    '        "main/loss_ctc": 77.63032981872558,',
    '        "main/loss_att": 97.49369937896728,',
    '        "main/acc": 0.28324151206101406,',
    '        "main/cer_ctc": 0.6871667322724124,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 87.56201446533203,',
    '        "validation/main/loss_ctc": 69.58146934509277,',
    '        "validation/main/loss_att": 98.59006519317627,',
    '        "validation/main/acc": 0.28521484487925935,',
    '        "validation/main/cer_ctc": 0.6319030663497264,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 84.08576793670655,',
    '        "eps": 1e-08,',
    '        "epoch": 1,',
    '        "iteration": 200,',
    '        "elapsed_time": 63.29545081499964',
    '    },',
    '    {',
    '        "main/loss_ctc": 61.45824913024902,',
    '        "main/loss_att": 97.90814525604247,',
    '        "main/acc": 0.29250698391282226,',
    '        "main/cer_ctc": 0.49573970023702024,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 79.68319709777832,',
    '        "eps": 1e-08,',
    '        "epoch": 1,',
    '        "iteration": 300,',
    '        "elapsed_time": 89.74275238701375',
    '    },',
    '    {',
    '        "main/loss_ctc": 51.371742477416994,',
    '        "main/loss_att": 94.99806060791016,',
    '        "main/acc": 0.2950970385836005,',
    '        "main/cer_ctc": 0.41419124191448536,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 73.18490131378174,',
    '        "validation/main/loss_ctc": 47.75905599594116,',
    '        "validation/main/loss_att": 96.52191696166992,',
    '        "validation/main/acc": 0.28602475314168574,',
    '        "validation/main/cer_ctc": 0.3791859158772953,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 72.14048633575439,',
    '        "eps": 1e-08,',
    '        "epoch": 2,',
    '        "iteration": 400,',
    '        "elapsed_time": 120.77649036300136',
    '    },',
    '    {',
    '        "main/loss_ctc": 43.419870700836185,',
    '        "main/loss_att": 92.61176288604736,',
    '        "main/acc": 0.31132419742050516,',
    '        "main/cer_ctc": 0.3525054952388066,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 68.01581693649293,',
    '        "eps": 1e-08,',
    '        "epoch": 2,',
    '        "iteration": 500,',
    '        "elapsed_time": 147.46735660597915',
    '    },',
    '    {',
    '        "main/loss_ctc": 38.23437798500061,',
    '        "main/loss_att": 90.83986261367798,',
    '        "main/acc": 0.3212726232170211,',
    '        "main/cer_ctc": 0.31079506582675204,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 64.5371202659607,',
    '        "validation/main/loss_ctc": 40.77551383972168,',
    '        "validation/main/loss_att": 94.87441635131836,',
    '        "validation/main/acc": 0.2968858059210608,',
    '        "validation/main/cer_ctc": 0.3349342114607515,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 67.82496452331543,',
    '        "eps": 1e-08,',
    '        "epoch": 3,',
    '        "iteration": 600,',
    '        "elapsed_time": 178.3219565859763',
    '    },',
    '    {',
    '        "main/loss_ctc": 36.05126333236694,',
    '        "main/loss_att": 93.7405207824707,',
    '        "main/acc": 0.3300067458835428,',
    '        "main/cer_ctc": 0.28511453496648204,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 64.89589204788209,',
    '        "eps": 1e-08,',
    '        "epoch": 3,',
    '        "iteration": 700,',
    '        "elapsed_time": 205.8668188159936',
    '    },',
    '    {',
    '        "main/loss_ctc": 31.204645891189575,',
    '        "main/loss_att": 85.20880222320557,',
    '        "main/acc": 0.36471349666265146,',
    '        "main/cer_ctc": 0.25471708096659496,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 58.20672420501709,',
    '        "validation/main/loss_ctc": 33.708602046966554,',
    '        "validation/main/loss_att": 91.24014797210694,',
    '        "validation/main/acc": 0.32983451702170735,',
    '        "validation/main/cer_ctc": 0.2699823822429987,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 62.474375343322755,',
    '        "eps": 1e-08,',
    '        "epoch": 4,',
    '        "iteration": 800,',
    '        "elapsed_time": 237.7330104339635',
    '    },',
    '    {',
    '        "main/loss_ctc": 29.3049684715271,',
    '        "main/loss_att": 81.97708393096924,',
    '        "main/acc": 0.3986987419767118,',
    '        "main/cer_ctc": 0.23554790353948296,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 55.64102650642395,',
    '        "eps": 1e-08,',
    '        "epoch": 4,',
    '        "iteration": 900,',
    '        "elapsed_time": 265.67776965000667',
    '    },',
    '    {',
    '        "main/loss_ctc": 27.845431127548217,',
    '        "main/loss_att": 70.90211612701415,',
    '        "main/acc": 0.5115628267881579,',
    '        "main/cer_ctc": 0.21833623580048261,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 49.3737735748291,',
    '        "validation/main/loss_ctc": 31.001469373703003,',
    '        "validation/main/loss_att": 74.12881031036378,',
    '        "validation/main/acc": 0.4686612152804018,',
    '        "validation/main/cer_ctc": 0.2608823982853007,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 52.565139865875246,',
    '        "eps": 1e-08,',
    '        "epoch": 5,',
    '        "iteration": 1000,',
    '        "elapsed_time": 298.8414586969884',
    '    },',
    '    {',
    '        "main/loss_ctc": 26.587343873977662,',
    '        "main/loss_att": 54.660042476654056,',
    '        "main/acc": 0.6171035302959396,',
    '        "main/cer_ctc": 0.21832231840553148,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 40.62369312286377,',
    '        "eps": 1e-08,',
    '        "epoch": 5,',
    '        "iteration": 1100,',
    '        "elapsed_time": 325.43788346700603',
    '    },',
    '    {',
    '        "main/loss_ctc": 24.49733685493469,',
    '        "main/loss_att": 44.00946130752563,',
    '        "main/acc": 0.6947803457025286,',
    '        "main/cer_ctc": 0.1969738017738266,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 34.25339919090271,',
    '        "validation/main/loss_ctc": 31.24515724182129,',
    '        "validation/main/loss_att": 57.20634832382202,',
    '        "validation/main/acc": 0.6077845735238184,',
    '        "validation/main/cer_ctc": 0.24085750212277982,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 44.22575283050537,',
    '        "eps": 1e-08,',
    '        "epoch": 6,',
    '        "iteration": 1200,',
    '        "elapsed_time": 357.9093020869768',
    '    },',
    '    {',
    '        "main/loss_ctc": 25.431040306091308,',
    '        "main/loss_att": 40.31139760017395,',
    '        "main/acc": 0.7219036711402828,',
    '        "main/cer_ctc": 0.2012078760714006,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 32.871219120025636,',
    '        "validation/main/loss_ctc": 29.616862106323243,',
    '        "validation/main/loss_att": 41.967570304870605,',
    '        "validation/main/acc": 0.698279540034844,',
    '        "validation/main/cer_ctc": 0.2315807919974698,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 35.79221658706665,',
    '        "eps": 1e-08,',
    '        "epoch": 7,',
    '        "iteration": 1300,',
    '        "elapsed_time": 391.6661444900092',
    '    },',
    '    {',
    '        "main/loss_ctc": 22.822452998161317,',
    '        "main/loss_att": 33.279311408996584,',
    '        "main/acc": 0.7705538284911448,',
    '        "main/cer_ctc": 0.17797795243616069,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 28.05088213920593,',
    '        "eps": 1e-08,',
    '        "epoch": 7,',
    '        "iteration": 1400,',
    '        "elapsed_time": 419.4567582709715',
    '    },',
    '    {',
    '        "main/loss_ctc": 20.53391354084015,',
    '        "main/loss_att": 29.334758882522582,',
    '        "main/acc": 0.7866898319047813,',
    '        "main/cer_ctc": 0.16612129215889407,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 24.93433626651764,',
    '        "validation/main/loss_ctc": 28.23555212020874,',
    '        "validation/main/loss_att": 37.92394366264343,',
    '        "validation/main/acc": 0.7251981164268269,',
    '        "validation/main/cer_ctc": 0.2253680214139068,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 33.07974739074707,',
    '        "eps": 1e-08,',
    '        "epoch": 8,',
    '        "iteration": 1500,',
    '        "elapsed_time": 452.0183107670164',
    '    },',
    '    {',
    '        "main/loss_ctc": 20.73955931663513,',
    '        "main/loss_att": 27.00170294761658,',
    '        "main/acc": 0.8100400768078238,',
    '        "main/cer_ctc": 0.16216690177892737,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 23.87063111305237,',
    '        "eps": 1e-08,',
    '        "epoch": 8,',
    '        "iteration": 1600,',
    '        "elapsed_time": 480.8132362929755',
    '    },',
    '    {',
    '        "main/loss_ctc": 19.481339635849,',
    '        "main/loss_att": 24.962714233398437,',
    '        "main/acc": 0.8247259586355491,',
    '        "main/cer_ctc": 0.14941418588508887,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 22.222026901245115,',
    '        "validation/main/loss_ctc": 29.14340810775757,',
    '        "validation/main/loss_att": 36.44810357093811,',
    '        "validation/main/acc": 0.735669850043795,',
    '        "validation/main/cer_ctc": 0.2280716107729223,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 32.795755767822264,',
    '        "eps": 1e-08,',
    '        "epoch": 9,',
    '        "iteration": 1700,',
    '        "elapsed_time": 514.250762191019',
    '    },',
    '    {',
    '        "main/loss_ctc": 18.89308376789093,',
    '        "main/loss_att": 23.29327974319458,',
    '        "main/acc": 0.8374774380361005,',
    '        "main/cer_ctc": 0.13993309407776694,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 21.093181838989256,',
    '        "eps": 1e-08,',
    '        "epoch": 9,',
    '        "iteration": 1800,',
    '        "elapsed_time": 543.2846773060155',
    '    },',
    '    {',
    '        "main/loss_ctc": 16.158634128570558,',
    '        "main/loss_att": 18.850605807304383,',
    '        "main/acc": 0.8613114340585788,',
    '        "main/cer_ctc": 0.12686789521909903,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 17.504620056152344,',
    '        "validation/main/loss_ctc": 27.74962410926819,',
    '        "validation/main/loss_att": 32.90107126235962,',
    '        "validation/main/acc": 0.7630945728727467,',
    '        "validation/main/cer_ctc": 0.216078199135469,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 30.325347709655762,',
    '        "eps": 1e-08,',
    '        "epoch": 10,',
    '        "iteration": 1900,',
    '        "elapsed_time": 575.3894252330065',
    '    },',
    '    {',
    '        "main/loss_ctc": 15.300107836723328,',
    '        "main/loss_att": 18.757266035079954,',
    '        "main/acc": 0.8648778813728429,',
    '        "main/cer_ctc": 0.11959913124654481,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 17.02868698835373,',
    '        "eps": 1e-08,',
    '        "epoch": 10,',
    '        "iteration": 2000,',
    '        "elapsed_time": 602.5689105379861',
    '    },',
    '    {',
    '        "main/loss_ctc": 17.106316123008728,',
    '        "main/loss_att": 21.10495343208313,',
    '        "main/acc": 0.86276486799068,',
    '        "main/cer_ctc": 0.12258404656606517,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 19.10563482284546,',
    '        "validation/main/loss_ctc": 28.618056726455688,',
    '        "validation/main/loss_att": 34.159895944595334,',
    '        "validation/main/acc": 0.7549754168646321,',
    '        "validation/main/cer_ctc": 0.21891770098938382,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 31.388976287841796,',
    '        "eps": 1e-10,',
    '        "epoch": 11,',
    '        "iteration": 2100,',
    '        "elapsed_time": 635.0745522069628',
    '    },',
    '    {',
    '        "main/loss_ctc": 14.517507801055908,',
    '        "main/loss_att": 17.056670083999634,',
    '        "main/acc": 0.8778955855269598,',
    '        "main/cer_ctc": 0.1135438653796437,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 15.78708894252777,',
    '        "eps": 1e-10,',
    '        "epoch": 11,',
    '        "iteration": 2200,',
    '        "elapsed_time": 661.4278788299998',
    '    },',
    '    {',
    '        "main/loss_ctc": 14.26950649023056,',
    '        "main/loss_att": 16.536322278976442,',
    '        "main/acc": 0.8859003093670058,',
    '        "main/cer_ctc": 0.10453891608424513,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 15.402914414405823,',
    '        "validation/main/loss_ctc": 28.802808237075805,',
    '        "validation/main/loss_att": 34.040188503265384,',
    '        "validation/main/acc": 0.7519873365928508,',
    '        "validation/main/cer_ctc": 0.21884299876870852,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 31.421498394012453,',
    '        "eps": 1e-12,',
    '        "epoch": 12,',
    '        "iteration": 2300,',
    '        "elapsed_time": 693.6354996429873',
    '    },',
    '    {',
    '        "main/loss_ctc": 13.336065726280212,',
    '        "main/loss_att": 14.901739280223847,',
    '        "main/acc": 0.8941474909475849,',
    '        "main/cer_ctc": 0.10287636370711056,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 14.11890249490738,',
    '        "eps": 1e-12,',
    '        "epoch": 12,',
    '        "iteration": 2400,',
    '        "elapsed_time": 721.9057443799684',
    '    },',
    '    {',
    '        "main/loss_ctc": 11.576432576179505,',
    '        "main/loss_att": 13.237237412929534,',
    '        "main/acc": 0.9113862028839729,',
    '        "main/cer_ctc": 0.0821545531887772,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 12.406834933757782,',
    '        "validation/main/loss_ctc": 27.06043643951416,',
    '        "validation/main/loss_att": 32.33835940361023,',
    '        "validation/main/acc": 0.7757342741485933,',
    '        "validation/main/cer_ctc": 0.1989132971768221,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 29.699397706985472,',
    '        "eps": 1e-12,',
    '        "epoch": 13,',
    '        "iteration": 2500,',
    '        "elapsed_time": 755.3960124999867',
    '    },',
    '    {',
    '        "main/loss_ctc": 11.777268971204757,',
    '        "main/loss_att": 12.759532845020294,',
    '        "main/acc": 0.9146445205256104,',
    '        "main/cer_ctc": 0.08265348825085067,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 12.26840094089508,',
    '        "validation/main/loss_ctc": 28.013417053222657,',
    '        "validation/main/loss_att": 33.10739893913269,',
    '        "validation/main/acc": 0.7647909370838559,',
    '        "validation/main/cer_ctc": 0.20804612748385973,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 30.56040825843811,',
    '        "eps": 1e-14,',
    '        "epoch": 14,',
    '        "iteration": 2600,',
    '        "elapsed_time": 787.2932746600127',
    '    },',
    '    {',
    '        "main/loss_ctc": 11.05777868270874,',
    '        "main/loss_att": 12.07992470741272,',
    '        "main/acc": 0.9182889038098452,',
    '        "main/cer_ctc": 0.07689679116709863,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 11.568851759433747,',
    '        "eps": 1e-14,',
    '        "epoch": 14,',
    '        "iteration": 2700,',
    '        "elapsed_time": 815.4418612470035',
    '    },',
    '    {',
    '        "main/loss_ctc": 11.428985283374786,',
    '        "main/loss_att": 12.37044076681137,',
    '        "main/acc": 0.9185900414648276,',
    '        "main/cer_ctc": 0.07593660456054237,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 11.899713099002838,',
    '        "validation/main/loss_ctc": 27.515476512908936,',
    '        "validation/main/loss_att": 33.39684376716614,',
    '        "validation/main/acc": 0.7678054048308234,',
    '        "validation/main/cer_ctc": 0.202642697667402,',
    '        "validation/main/cer": 0.0,',
    '        "validation/main/wer": 0.0,',
    '        "validation/main/loss": 30.456160068511963,',
    '        "eps": 1e-16,',
    '        "epoch": 15,',
    '        "iteration": 2800,',
    '        "elapsed_time": 849.173838460003',
    '    },',
    '    {',
    '        "main/loss_ctc": 11.260532476902007,',
    '        "main/loss_att": 12.904462859630584,',
    '        "main/acc": 0.9153015817181432,',
    '        "main/cer_ctc": 0.07681212116410585,',
    '        "main/cer": 0.0,',
    '        "main/wer": 0.0,',
    '        "main/loss": 12.082497658729553,',
    '        "eps": 1e-16,',
    '        "epoch": 15,',
    '        "iteration": 2900,',
    '        "elapsed_time": 877.9397617499926',
    '    }',
    ']',
]


# CatBoost's record of a fit, whole (github.com/1106maxi/AI-supported-Forecasting-Models-for-Waste-Management @
# 2efd831ad5ce42b3d3fc11f0dbeb67a526e56338 : catboost_info/catboost_training.json)
CATBOOST_TRAINING = [
    '{',
    ('"meta":{"test_sets":[],"test_metrics":[],"learn_metrics":[{"best_value":"Min","name":"RMSE"}],"launc'
     'h_mode":"Train","parameters":"","iteration_count":110,"learn_sets":["learn"],"name":"experiment"},'),
    '"iterations":[',
    '{"learn":[131.1688813],"iteration":0,"passed_time":0.0009757128947,"remaining_time":0.1063527055},',
    '{"learn":[125.6416841],"iteration":1,"passed_time":0.001705772983,"remaining_time":0.09211174107},',
    '{"learn":[120.4819286],"iteration":2,"passed_time":0.002616262551,"remaining_time":0.0933133643},',
    '{"learn":[116.6468662],"iteration":3,"passed_time":0.003581106562,"remaining_time":0.09489932389},',
    '{"learn":[113.0870422],"iteration":4,"passed_time":0.004629459716,"remaining_time":0.09721865403},',
    '{"learn":[109.8989267],"iteration":5,"passed_time":0.005542057664,"remaining_time":0.09606233285},',
    '{"learn":[106.9874739],"iteration":6,"passed_time":0.006485404548,"remaining_time":0.0954280955},',
    '{"learn":[104.5927619],"iteration":7,"passed_time":0.007425111482,"remaining_time":0.09467017139},',
    '{"learn":[102.2282844],"iteration":8,"passed_time":0.008362723403,"remaining_time":0.09384834041},',
    '{"learn":[100.3017901],"iteration":9,"passed_time":0.009319977523,"remaining_time":0.09319977523},',
    '{"learn":[98.80516927],"iteration":10,"passed_time":0.01027009211,"remaining_time":0.09243082902},',
    '{"learn":[97.85552792],"iteration":11,"passed_time":0.01066182813,"remaining_time":0.08707159637},',
    '{"learn":[96.49500284],"iteration":12,"passed_time":0.0116547214,"remaining_time":0.08696215198},',
    '{"learn":[95.22156491],"iteration":13,"passed_time":0.01253628855,"remaining_time":0.0859631215},',
    '{"learn":[94.3109248],"iteration":14,"passed_time":0.01352226428,"remaining_time":0.08564100708},',
    '{"learn":[93.13681365],"iteration":15,"passed_time":0.01437754212,"remaining_time":0.08446805997},',
    '{"learn":[91.71400985],"iteration":16,"passed_time":0.01515603091,"remaining_time":0.08291240437},',
    '{"learn":[90.82574747],"iteration":17,"passed_time":0.01597935383,"remaining_time":0.08167225293},',
    '{"learn":[90.31737834],"iteration":18,"passed_time":0.0169371636,"remaining_time":0.08112009933},',
    '{"learn":[89.66202439],"iteration":19,"passed_time":0.01776267289,"remaining_time":0.07993202801},',
    '{"learn":[89.04786438],"iteration":20,"passed_time":0.01864563932,"remaining_time":0.0790219952},',
    '{"learn":[88.2435528],"iteration":21,"passed_time":0.01956481196,"remaining_time":0.07825924784},',
    '{"learn":[87.5836872],"iteration":22,"passed_time":0.02040038244,"remaining_time":0.07716666399},',
    '{"learn":[86.97176675],"iteration":23,"passed_time":0.02123386737,"remaining_time":0.07608802474},',
    '{"learn":[86.46619932],"iteration":24,"passed_time":0.02220291756,"remaining_time":0.07548991969},',
    '{"learn":[85.97234372],"iteration":25,"passed_time":0.02314133133,"remaining_time":0.07476430123}',
    ']}',
]


def _parse_json_document(tmp_path: Path, lines: list[str], name: str) -> tuple[str, list[dict]]:
    path = tmp_path / name
    path.write_text("\n".join(lines), encoding="utf-8")  # (the lines hold the file's own last newline)
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None
    return parser.name, parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()


def test_sacred_metric_series_are_steps_dated_by_their_timestamps(tmp_path: Path) -> None:
    name, steps = _parse_json_document(tmp_path, SACRED, "metrics.json")
    assert name == "json_metrics"
    # four series, each one point at step 0; `loss` is the loss (41516.17578125); the step's time
    # the latest of the four timestamps (`grad_z_scale`'s 07:11:46.372450)
    assert [(s["framework"], s["step"], s["loss"]) for s in steps] == [("sacred", 0, 41516.17578125)]
    assert steps[0]["end_ns"] == _ns("2023-10-10 07:11:46.372450", "%Y-%m-%d %H:%M:%S.%f")


def test_chainer_logreport_iterations_timed_by_their_elapsed_time(tmp_path: Path) -> None:
    name, steps = _parse_json_document(tmp_path, CHAINER_LOG, "log")
    assert name == "json_metrics"
    assert [s["step"] for s in steps] == list(range(100, 3000, 100))
    assert steps[0]["loss"] == 114.41258857727051 and steps[0]["step_time_s"] is None
    # `"elapsed_time": 63.29545081499964` at iteration 200, `31.153744511015248` at 100
    assert steps[1]["step_time_s"] == (63.29545081499964 - 31.153744511015248) / 100
    assert all(s["end_ns"] is None for s in steps)


# Chainer's LogReport `log` of a custom updater's run (chainer-gan-lib's BEGAN: its own `loss_gen`, `loss_dis`, no
# `main/` key), its first three records, the list closed after them (github.com/nat-chan/my-chainer-gan @
# 0c4941368733bb77ac323e126a6628bc4afcdb48 : result_began/log, lines 1-28 of 99 records)
CHAINER_GAN_LOG = [
    '[',
    '    {',
    '        "epoch": 0,',
    '        "measure": 0.4662849940976594,',
    '        "loss_gen": 0.009349608793854713,',
    '        "kt": 0.0081383533088502,',
    '        "iteration": 100,',
    '        "loss_dis": 0.3170263171195984,',
    '        "elapsed_time": 15.44614131499975',
    '    },',
    '    {',
    '        "epoch": 0,',
    '        "measure": 0.36216538002016024,',
    '        "loss_gen": 0.015584793873131275,',
    '        "kt": 0.020769886053081124,',
    '        "iteration": 200,',
    '        "loss_dis": 0.25149431824684143,',
    '        "elapsed_time": 28.70569432000002',
    '    },',
    '    {',
    '        "epoch": 0,',
    '        "measure": 0.31846942330244926,',
    '        "loss_gen": 0.03065335564315319,',
    '        "kt": 0.03071218377507758,',
    '        "iteration": 300,',
    '        "loss_dis": 0.2317792773246765,',
    '        "elapsed_time": 42.48356412599969',
    '    },',
    '    }',
    ']',
]


def test_a_custom_updaters_logreport_is_chainers_with_no_loss(tmp_path: Path) -> None:
    """No `main/` key: still Chainer's records (it was refused as no format known), timed by their elapsed time, with
    no loss (of `loss_gen` and `loss_dis`, none is named the training's)."""
    name, steps = _parse_json_document(tmp_path, CHAINER_GAN_LOG, "log")
    assert name == "json_metrics"
    assert [s["step"] for s in steps] == [100, 200, 300]
    # `"elapsed_time": 28.70569432000002` at iteration 200, `15.44614131499975` at 100, `42.48356412599969` at 300
    assert [s["step_time_s"] for s in steps] == [None, (28.70569432000002 - 15.44614131499975) / 100,
                                                 (42.48356412599969 - 28.70569432000002) / 100]
    assert all(s["loss"] is None for s in steps)


def test_a_recorded_sacred_run_against_the_harness_clock() -> None:
    """sample_logs/sacred_metrics: each step of the loss series is the harness's step, dated
    within 50 ms of its clock (Sacred stamps the value as it is logged), with its loss."""
    job = SAMPLE_LOGS / "sacred_metrics"
    truth = [json.loads(line.split(" ", 1)[1]) for line in (job / "truth.txt").read_text().splitlines()]
    path = job / "metrics.json"
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None and parser.name == "json_metrics"
    steps = parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert [s["step"] for s in steps] == [e["step"] for e in truth]
    for row, want in zip(steps, truth, strict=True):
        assert abs(row["end_ns"] / 1e9 - want["t"]) < 0.05 and row["loss"] == want["loss"] and row["lr"] == 0.05


TB_CSV = SAMPLE_LOGS / "tensorboard_csv_export"


def _tb_points(path: Path) -> list[tuple[int, int, float]]:
    """(step, wall time in ns, value) of each row of TensorBoard's CSV, read with Decimal."""
    from decimal import Decimal

    lines = path.read_text().splitlines()
    assert lines[0] == "Wall time,Step,Value"
    return [(int(step), int(Decimal(wall) * 10**9), float(value))
            for wall, step, value in (line.split(",") for line in lines[1:])]


def test_tensorboard_csv_downloads_are_steps_at_their_wall_time_against_the_harness(tmp_path: Path) -> None:
    """TensorBoard's CSV download of `train/loss`, one a run of the restarted HF job
    (sample_logs/hf_trainer_default_tb): each row a step at its wall time exactly, its loss the
    value, its step time the wall time since the row before over the steps between (none for a
    run's first row); each written after the harness's step ended and before the next began; the
    two runs two attempts, the second resumed from the checkpoint of step 8."""
    truth = [json.loads(line.split(" ", 1)[1])
             for line in (SAMPLE_LOGS / "hf_trainer_default_tb" / "truth.txt").read_text().splitlines()]
    store = Store.open(tmp_path / "s.tlstore")
    outcome = store.ingest([TB_CSV])
    assert [r.parser for r in outcome.parsed] == ["tensorboard_csv", "tensorboard_csv"]
    con = store.connect()
    for csv_file in sorted(TB_CSV.glob("*.csv")):
        points = _tb_points(csv_file)
        rows = con.execute("select step, end_ns, loss, step_time_s, framework from log_steps where file_id = "
                           "(select file_id from files where path like ?) order by line", [f"%{csv_file.name}"]).fetchall()
        assert [(r[0], r[1], r[2]) for r in rows] == [(s, ns, pytest.approx(v)) for s, ns, v in points]
        assert rows[0][3] is None and {r[4] for r in rows} == {"tensorboard"}
        for (step, ns, _), (later_step, later_ns, _), row in zip(points, points[1:], rows[1:], strict=False):
            assert row[3] == pytest.approx((later_ns - ns) / 1e9 / (later_step - step))
        attempt = 0 if points[0][0] == 1 else 1
        for step, ns, _ in points:
            end = next(e["t"] for e in truth if e["event"] == "step_end" and e["attempt"] == attempt and e["step"] == step)
            after = [e["t"] for e in truth if e["event"] == "step_start" and e["attempt"] == attempt and e["step"] == step + 1]
            assert end <= ns / 1e9 and (not after or ns / 1e9 <= after[0])
    attempts = con.execute("select first_step, last_step, resumed_from_step from attempts order by attempt").fetchall()
    assert attempts == [(1, 12, None), (9, 24, 8)]


def test_a_tensorboard_csv_named_for_another_tag_keeps_steps_and_times_but_no_loss(tmp_path: Path) -> None:
    """The download names no tag inside: copies named as a validation tag's (`...-tag-eval_loss.csv`),
    a validation run's, a loss scale's give their steps and times, not a training loss; a run named
    `test...` keeps its training loss; a tag over samples is refused; a copy cut mid-row keeps the
    rows before with a warning."""
    source = next(iter(sorted(TB_CSV.glob("*.csv"))))
    for name in ("run-x-tag-eval_loss.csv", "run-validation-tag-epoch_loss.csv", "run-x-tag-loss-scale.csv"):
        named = tmp_path / name
        named.write_bytes(source.read_bytes())
        parser, _ = detect(named, read_head(named), registry())
        assert parser is not None and parser.name == "tensorboard_csv"
        rows = parser.parse(named, ParseOptions()).tables["log_steps"].to_pylist()
        assert [r["step"] for r in rows] == [s for s, _, _ in _tb_points(source)]
        assert all(r["loss"] is None for r in rows) and rows[1]["step_time_s"] is not None, name
    kept = tmp_path / "run-test_bs32-tag-train_loss.csv"  # (a run named `test...`: its training loss)
    kept.write_bytes(source.read_bytes())
    assert all(r["loss"] is not None for r in parser.parse(kept, ParseOptions()).tables["log_steps"].to_pylist())
    samples = tmp_path / "run-x-tag-lm loss vs samples.csv"  # (Megatron's tag over samples: no steps)
    samples.write_bytes(source.read_bytes())
    with pytest.raises(ParseError, match="samples or tokens"):
        parser.parse(samples, ParseOptions())
    cut = tmp_path / "run-x-tag-train_loss.csv"
    data = source.read_bytes()
    cut.write_bytes(data[: data.index(b"\n", 200) + 12])  # (a row cut after its wall time)
    result = parser.parse(cut, ParseOptions())
    assert result.warnings and result.tables["log_steps"].num_rows == data[: data.index(b"\n", 200) + 1].count(b"\n") - 1


def test_catboosts_training_record_iterations_timed_by_their_passed_time(tmp_path: Path) -> None:
    """`{"learn":[131.1688813],"iteration":0,"passed_time":0.0009757128947,...}`: iteration 0 a step, its loss the
    first learn figure, its time the seconds passed since the fit began less the record before's (the file was
    refused)."""
    name, steps = _parse_json_document(tmp_path, CATBOOST_TRAINING, "catboost_training.json")
    assert name == "json_metrics"
    records = json.loads("\n".join(CATBOOST_TRAINING))["iterations"]
    assert [(s["step"], s["loss"]) for s in steps] == [(r["iteration"], r["learn"][0]) for r in records]
    passed = [0.0] + [r["passed_time"] for r in records]
    assert [s["step_time_s"] for s in steps] == pytest.approx([b - a for a, b in itertools.pairwise(passed)], rel=1e-12)
    assert {s["framework"] for s in steps} == {"catboost"} and len(steps) == 26


def test_a_record_file_cut_short_keeps_its_whole_records_with_a_warning(tmp_path: Path) -> None:
    """CatBoost's record cut inside its tenth iteration (a fit killed as it wrote it), and Chainer's LogReport cut
    inside a record: the records before the cut are steps, the file read as truncated with a warning naming where
    (read: the file failed, `not valid JSON`)."""
    text = "\n".join(CATBOOST_TRAINING)
    records = json.loads(text)["iterations"]
    cut = text.index('"iteration":9,') + 5
    # (each record a line of its own: those whose line ends before the cut)
    ends = [text.index(line) + len(line.rstrip(",")) for line in text.split("\n") if line.startswith('{"learn"')]
    whole = [r["iteration"] for r, end in zip(records, ends, strict=True) if end <= cut]
    path = tmp_path / "catboost_training.json"
    path.write_text(text[:cut], encoding="utf-8")
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None and parser.name == "json_metrics"
    result = parser.parse(path, ParseOptions())
    assert [s["step"] for s in result.tables["log_steps"].to_pylist()] == whole == list(range(9))
    assert result.status.value == "truncated" and "cut short" in result.warnings[0]
    chainer = "\n".join(CHAINER_LOG)
    last_iteration = chainer.rindex('"iteration": ')
    path = tmp_path / "log"
    path.write_text(chainer[:last_iteration], encoding="utf-8")
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None
    steps = parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert [s["step"] for s in steps] == [json.loads(chainer)[i]["iteration"] for i in range(len(json.loads(chainer)) - 1)]
