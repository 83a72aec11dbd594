"""NVIDIA DLLogger's JSON stream (`DLLL {...}` records): records quoted verbatim from public files
(each block's source is cited above it), tiny inputs in, exact rows out, each expectation read off
the quoted records."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import console_connection
from tests.test_line_rules import _read

# BERT pretraining (DeepLearningExamples' run_pretraining.py) in a fork, its optimizer steps counted over the run,
# fp16 overflows at the start logging step 0 again after each lowered loss scale (github.com/gkebe/EventBERT @
# 66c9c78d4de6689354ac3d3c645fc10995478af8 : dllogger.json, lines 2-3 and 6-10, 19-20)
BERT_OVERFLOWS = [
    'DLLL {"timestamp": "1587450974.481224", "datetime": "2020-04-21 06:36:14.481224", "elapsedtime": "8.232606", '
    '"type": "LOG", "step": "PARAMETER", "data": {"SEED": 15843}}',
    'DLLL {"timestamp": "1587450974.481524", "datetime": "2020-04-21 06:36:14.481524", "elapsedtime": "8.232906", '
    '"type": "LOG", "step": "PARAMETER", "data": {"train_start": true}}',
    'DLLL {"timestamp": "1587451057.911152", "datetime": "2020-04-21 06:37:37.911152", "elapsedtime": "91.662534", '
    '"type": "LOG", "step": "PARAMETER", "data": {"loss_scale": 524288.0}}',
    'DLLL {"timestamp": "1587451057.91385", "datetime": "2020-04-21 06:37:37.913850", "elapsedtime": "91.665232", '
    '"type": "LOG", "step": [0, 0], "data": {"average_loss": 3.6202316284179688, "step_loss": 3.69921875, '
    '"learning_rate": 1.999360204734485e-05}}',
    'DLLL {"timestamp": "1587451137.523934", "datetime": "2020-04-21 06:38:57.523934", "elapsedtime": "171.275316", '
    '"type": "LOG", "step": "PARAMETER", "data": {"loss_scale": 262144.0}}',
    'DLLL {"timestamp": "1587451137.526059", "datetime": "2020-04-21 06:38:57.526059", "elapsedtime": "171.277441", '
    '"type": "LOG", "step": [0, 0], "data": {"average_loss": 3.5796051025390625, "step_loss": 3.380859375, '
    '"learning_rate": 1.999360204734485e-05}}',
    'DLLL {"timestamp": "1587451614.734956", "datetime": "2020-04-21 06:46:54.734956", "elapsedtime": "648.486338", '
    '"type": "LOG", "step": [0, 1], "data": {"average_loss": 3.4982967376708984, "step_loss": 3.34765625, '
    '"learning_rate": 1.999360204734485e-05}}',
    'DLLL {"timestamp": "1587451694.022835", "datetime": "2020-04-21 06:48:14.022835", "elapsedtime": "727.774217", '
    '"type": "LOG", "step": [0, 2], "data": {"average_loss": 3.5597801208496094, "step_loss": 3.28515625, '
    '"learning_rate": 3.99872040946897e-05}}',
]

# ResNet-50 on ImageNet (DeepLearningExamples' image classification) in a fork: each logging of an iteration split
# in two records, iterations counted within each epoch, the epoch's summary beside its evaluation's
# (github.com/boone891214/nv_rigl_imagenet @ b5371d793a13c8a3bdf64fdc6da46a852dae3ece : raport.json, the records of
# steps [3, 1100] to [4, 200])
IMAGENET_EPOCHS = [
    'DLLL {"timestamp": "1609396023.23114", "datetime": "2020-12-31 06:27:03.231140", "elapsedtime": "710.13592", '
    '"type": "LOG", "step": [3, 1100], "data": {"train.loss": 3.0424624347686766, "train.total_ips": 7743.1689365094135}}',
    'DLLL {"timestamp": "1609396023.231307", "datetime": "2020-12-31 06:27:03.231307", "elapsedtime": "710.136087", '
    '"type": "LOG", "step": [3, 1100], "data": {"lr": 1.024, "train.compute_ips": 7906.664433657262, '
    '"train.data_time": 0.0027933621406555174, "train.compute_time": 0.13023396730422973}}',
    'DLLL {"timestamp": "1609396036.417157", "datetime": "2020-12-31 06:27:16.417157", "elapsedtime": "723.321937", '
    '"type": "LOG", "step": [3, 1200], "data": {"train.loss": 3.042171161174774, "train.total_ips": 7796.918973460472}}',
    'DLLL {"timestamp": "1609396036.417403", "datetime": "2020-12-31 06:27:16.417403", "elapsedtime": "723.322183", '
    '"type": "LOG", "step": [3, 1200], "data": {"lr": 1.024, "train.compute_ips": 7949.398496767067, '
    '"train.data_time": 0.002521684169769287, "train.compute_time": 0.12919844627380372}}',
    'DLLL {"timestamp": "1609396046.658009", "datetime": "2020-12-31 06:27:26.658009", "elapsedtime": "733.562789", '
    '"type": "LOG", "step": [3], "data": {"train.loss": 3.0301404529147677, "train.total_ips": 7751.741340626386, '
    '"val.top1": 66.6553730867347, "val.top5": 87.95440051020408, "val.loss": 1.5201689418481321, '
    '"val.total_ips": 17477.53090067463}}',
    'DLLL {"timestamp": "1609396063.212942", "datetime": "2020-12-31 06:27:43.212942", "elapsedtime": "750.117722", '
    '"type": "LOG", "step": [4, 100], "data": {"train.loss": 3.1070907711982727, "train.total_ips": 7776.401160875113}}',
    'DLLL {"timestamp": "1609396063.213121", "datetime": "2020-12-31 06:27:43.213121", "elapsedtime": "750.117901", '
    '"type": "LOG", "step": [4, 100], "data": {"lr": 1.28, "train.compute_ips": 7971.67220817907, '
    '"train.data_time": 0.003954157829284668, "train.compute_time": 0.12858075380325318}}',
]

# the same program's evaluation of a checkpoint: settings, a figure's metadata, and records of no training figure
# (github.com/boone891214/nv_rigl_imagenet @ b5371d793a13c8a3bdf64fdc6da46a852dae3ece : experiment_raport.json, lines
# 3 and 13; the first line's settings cut to three of them)
EVALUATION_ONLY = [
    'DLLL {"timestamp": "1609439350.555251", "elapsedtime": "1.104879", "datetime": "2020-12-31 18:29:10.555251", '
    '"type": "METADATA", "metric": "val.top1", "metadata": {"unit": "%", "format": ":.2f"}}',
    'DLLL {"timestamp": "1609439356.628876", "datetime": "2020-12-31 18:29:16.628876", "elapsedtime": "7.178504", '
    '"type": "LOG", "step": [245, 0, 10], "data": {"val.top1": 87.05, "val.top5": 97.05, "val.loss": '
    '0.7088129341602325, "val.total_ips": 1029.8309249837525}}',
]


def _ns(timestamp: str) -> int:
    whole, fraction = timestamp.split(".")
    return int(whole) * 10**9 + int((fraction + "000000000")[:9])


def _record(line: str) -> dict:
    return json.loads(line.removeprefix("DLLL "))


def test_optimizer_steps_over_the_run_an_overflowed_step_logged_once(tmp_path: Path) -> None:
    """`"step": [0, 0]` twice, 80 s apart, a lower loss scale between: the update skipped after an fp16 overflow, the
    step's first logging kept (read twice, a step counter gone back: a restart); `step_loss` is the step's loss
    (`average_loss` a running mean); the run started when the logger was set up, `elapsedtime` before its record."""
    name, steps, events = _read(tmp_path, BERT_OVERFLOWS, name="dllogger.json")
    assert name == "dllogger"
    records = [_record(line) for line in BERT_OVERFLOWS]
    assert [(s["step"], s["end_ns"], s["loss"], s["lr"]) for s in steps] == [
        (r["step"][1], _ns(r["timestamp"]), r["data"]["step_loss"], r["data"]["learning_rate"])
        for r in (records[3], records[6], records[7])]
    first = records[0]
    start = _ns(first["timestamp"]) - round(float(first["elapsedtime"]) * 1e9)
    assert [(e["kind"], e["ts_ns"]) for e in events if e["kind"] == "attempt_start"] == [("attempt_start", start)]
    con = console_connection(tmp_path, BERT_OVERFLOWS, name="dllogger.json")
    assert con.execute("select count(*) from attempts").fetchone() == (1,)


def test_iterations_within_epochs_a_split_logging_one_step(tmp_path: Path) -> None:
    """`[3, 1100]`, `[3, 1200]`, the epoch's summary `[3]`, then `[4, 100]`: iterations counted within epochs, the
    next epoch's numbered on from 1200 (a warning says so), the summary no step; each logging's two records one row,
    its time the `compute_time` and `data_time` beside each other (the iteration's mean over the interval)."""
    path = tmp_path / "raport.json"
    path.write_text("\n".join(IMAGENET_EPOCHS) + "\n")
    from tracelens.parsers import ParseOptions, registry

    result = registry()["dllogger"].parse(path, ParseOptions())
    steps = result.tables["log_steps"].to_pylist()
    records = [_record(line) for line in IMAGENET_EPOCHS]
    expected = []
    for first, second, step in ((records[0], records[1], 1100), (records[2], records[3], 1200),
                                (records[5], records[6], 1200 + 100)):
        data = second["data"]
        expected.append((step, _ns(first["timestamp"]), first["data"]["train.loss"], data["lr"],
                         data["train.compute_time"] + data["train.data_time"], data["train.data_time"]))
    assert [(s["step"], s["end_ns"], s["loss"], s["lr"], s["step_time_s"], s["data_time_s"]) for s in steps] == expected
    assert any("counted within epochs" in w for w in result.warnings)
    # (the records' own clock agrees: 100 iterations from [3, 1100] to [3, 1200] in 13.186 s)
    clock_s = (_ns(records[2]["timestamp"]) - _ns(records[0]["timestamp"])) / 1e9 / 100
    assert abs(steps[1]["step_time_s"] - clock_s) < 0.01 * clock_s


def test_an_evaluations_records_are_no_steps_its_process_ran_until_its_last(tmp_path: Path) -> None:
    """A file of an evaluation (`val.*` figures only) logs no step; its process ran from the logger's start
    (`elapsedtime` before its first record) until its last record."""
    name, steps, events = _read(tmp_path, EVALUATION_ONLY, name="experiment_raport.json")
    assert name == "dllogger" and steps == []
    first, last = _record(EVALUATION_ONLY[0]), _record(EVALUATION_ONLY[1])
    assert [(e["kind"], e["ts_ns"]) for e in events] == [
        ("attempt_start", _ns(first["timestamp"]) - round(float(first["elapsedtime"]) * 1e9)),
        ("last_line", _ns(last["timestamp"]))]


def test_a_record_whose_seconds_no_process_has_crashes_nothing(tmp_path: Path) -> None:
    """A malformed record (its `elapsedtime` 1e300 seconds, past any clock): its step read, no start placed from it
    (it had failed the file: an integer overflow)."""
    broken = IMAGENET_EPOCHS[0].replace('"elapsedtime": "710.13592"', '"elapsedtime": "1e300"')
    name, steps, events = _read(tmp_path, [broken], name="raport.json")
    assert name == "dllogger" and [s["step"] for s in steps] == [1100] and events == []


# the same ResNet-50 run's last records: its last iteration, the epoch's summary, then the run's summary, an empty step
# (github.com/boone891214/nv_rigl_imagenet @ b5371d793a13c8a3bdf64fdc6da46a852dae3ece : raport.json, its last six lines;
# the two summaries' figures cut to their first four)
IMAGENET_END = [
    'DLLL {"timestamp": "1609438481.404207", "datetime": "2020-12-31 18:14:41.404207", "elapsedtime": "43168.308987", '
    '"type": "LOG", "step": [249, 1200], "data": {"train.loss": 2.285904355049133, "train.total_ips": 7802.070327696619}}',
    'DLLL {"timestamp": "1609438481.404383", "datetime": "2020-12-31 18:14:41.404383", "elapsedtime": "43168.309163", '
    '"type": "LOG", "step": [249, 1200], "data": {"lr": 8.628451756351296e-05, "train.compute_ips": 7964.219933587849, '
    '"train.data_time": 0.002682044506072998, "train.compute_time": 0.1289980959892273}}',
    'DLLL {"timestamp": "1609438490.73855", "datetime": "2020-12-31 18:14:50.738550", "elapsedtime": "43177.64333", '
    '"type": "LOG", "step": [249], "data": {"train.loss": 2.3311996857325235, "train.total_ips": 7767.079095278978, '
    '"val.top1": 77.53109056122449, "val.top5": 93.72209821428571}}',
    'DLLL {"timestamp": "1609438493.854577", "datetime": "2020-12-31 18:14:53.854577", "elapsedtime": "43180.759357", '
    '"type": "LOG", "step": [], "data": {"train.loss": 3.1605509972800845, "train.total_ips": 7766.128202053745, '
    '"val.top1": 77.53308354591837, "val.top5": 93.73804209183673}}',
]


def test_the_empty_step_after_the_last_iteration_ends_the_run(tmp_path: Path) -> None:
    """`"step": []` after the last `[249, 1200]` and the epoch's `[249]`: the script's summary as its training ended, a
    clean end at its time (the epoch's summary no step)."""
    name, steps, events = _read(tmp_path, IMAGENET_END, name="raport.json")
    assert name == "dllogger" and [s["step"] for s in steps] == [1200]
    summary = _record(IMAGENET_END[3])
    assert [(e["kind"], e["ts_ns"]) for e in events if e["kind"] == "attempt_end"] == [
        ("attempt_end", _ns(summary["timestamp"]))]
