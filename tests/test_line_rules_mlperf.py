"""MLPerf training logs as submitters published them: lines quoted verbatim from public result
files (each block's source is cited above it), tiny inputs in, exact rows out, each expectation
read off the quoted text."""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path

from tests.conftest import console_connection
from tests.test_line_rules import _read

# MLPerf v0.5 (2018) NCF on Intel BigDL, in mlperf_compliance 0.5's form (mlcommons/training_results_v0.5
# @ 95457a2e : intel/intel_ncf_submission_plain_text_duplicate/results/skx8180/ncf/result_1.txt, lines
# 13, 87, 91-93, 99, 101, 104, 106-107, 244, 247, 255 and 257-258): `train_epoch: N` marks an epoch's
# start and nothing its end; BigDL's own lines count iterations across epochs
MLPERF_2018 = [
    ":::MLPv0.5.0 ncf 1542308794.741 (NeuralCFexample.scala:70) run_start",
    ":::MLPv0.5.0 ncf 1542308876.459 (NCFOptimizer2.scala:105) train_loop",
    ":::MLPv0.5.0 ncf 1542308878.805 (NCFOptimizer2.scala:125) train_epoch: 0",
    "2018-11-15 11:11:10 INFO  NCFOptimizer2$:251 - [Epoch 1 99385344/99385344][Iteration 1012][Wall Clock 191.3019"
    "77107s] loss is 0.12877692095935345, training cost 191.301977107s. Throughput is 519520.736288111 record / second.",
    ":::MLPv0.5.0 ncf 1542309070.211 (NCFOptimizer2.scala:312) eval_start: 0",
    ':::MLPv0.5.0 ncf 1542309120.354 (NCFOptimizer2.scala:363) eval_accuracy: {"epoch": 0, "value": 0.5311388}',
    ":::MLPv0.5.0 ncf 1542309120.354 (NCFOptimizer2.scala:370) eval_stop",
    ":::MLPv0.5.0 ncf 1542309122.228 (NCFOptimizer2.scala:263) train_epoch: 1",
    "2018-11-15 11:14:39 INFO  NCFOptimizer2$:251 - [Epoch 2 99385344/99385344][Iteration 2023][Wall Clock 348.0974"
    "10839s] loss is 0.11472020617553166, training cost 156.795433732s. Throughput is 633853.5608752022 record / second.",
    ":::MLPv0.5.0 ncf 1542309279.085 (NCFOptimizer2.scala:312) eval_start: 1",
    ":::MLPv0.5.0 ncf 1542311217.831 (NCFOptimizer2.scala:263) train_epoch: 11",
    ":::MLPv0.5.0 ncf 1542311375.990 (NCFOptimizer2.scala:312) eval_start: 11",
    ":::MLPv0.5.0 ncf 1542311425.942 (NCFOptimizer2.scala:370) eval_stop",
    ':::MLPv0.5.0 ncf 1542311425.942 (NeuralCFexample.scala:509) run_stop: {"success": true}',
    ":::MLPv0.5.0 ncf 1542311425.966 (NeuralCFexample.scala:234) run_final",
]


def _ns(key: str, lines: list[str] | None = None) -> list[int]:
    """The printed unix seconds of each `key` record (of `MLPERF_2018`, or `lines`), in nanoseconds."""
    return [int(Decimal(m.group(1)) * 10**9) for t in (lines or MLPERF_2018)
            if (m := re.search(rf" (\d+\.\d+) \(\S+\) {key}\b", t))]


def test_a_2018_log_is_mlperfs_and_each_epoch_runs_from_its_start_to_its_evaluation(tmp_path: Path) -> None:
    """`train_epoch: 0` at 1542308878.805 to `eval_start: 0` at 1542309070.211: epoch 0 trained
    191.406 s; the epochs are the steps 0, 1 and 11 (not BigDL's iterations 1012 and 2023); the
    run starts at `run_start` and ends, a success, at `run_stop`."""
    parser, steps, events = _read(tmp_path, MLPERF_2018)
    assert parser == "mlperf"
    assert [s["step"] for s in steps] == [0, 1, 11]
    assert [s["start_ns"] for s in steps] == _ns("train_epoch")
    assert [s["end_ns"] for s in steps] == _ns("eval_start")
    assert [round(s["step_time_s"], 3) for s in steps] == [191.406, 156.857, 158.159]
    kinds = {e["kind"]: e["ts_ns"] for e in events if e["kind"] in ("attempt_start", "attempt_end", "crash")}
    assert kinds == {"attempt_start": _ns("run_start")[0], "attempt_end": _ns("run_stop")[0]}


# MLPerf v0.5 ResNet-50 on a TPU v3-8 (mlcommons/training_results_v0.5 @ 95457a2e :
# google/resnet-tpuv3-8/results/tpu/resnet/result_1.txt, its first two lines, the train loop's two,
# the first three evaluations' and the last two's, and its last two lines): `train_epoch: 0` alone,
# then an evaluation every 4 epochs, named by its `eval_accuracy` epoch; `run_stop` says success as a
# string
MLPERF_2018_TPU_RESNET = [
    ":::MLPv0.5.0 resnet 1541659953.004275084 (<string>:1) run_clear_caches",
    ":::MLPv0.5.0 resnet 1541660379.238688946 (resnet/resnet_main.py:523) run_start",
    ":::MLPv0.5.0 resnet 1541660379.429625273 (resnet/resnet_main.py:667) train_loop",
    ":::MLPv0.5.0 resnet 1541660379.430144310 (resnet/resnet_main.py:668) train_epoch: 0",
    ":::MLPv0.5.0 resnet 1541660638.857645035 (in_memory_eval.py:230) eval_start",
    ":::MLPv0.5.0 resnet 1541660665.438885927 (in_memory_eval.py:257) eval_stop",
    ':::MLPv0.5.0 resnet 1541660665.439851284 (in_memory_eval.py:262) eval_accuracy: {"epoch": 0, "value": 0.0561930350959301}',
    ":::MLPv0.5.0 resnet 1541660665.440741539 (in_memory_eval.py:266) eval_size: 50000",
    ":::MLPv0.5.0 resnet 1541661353.230486155 (in_memory_eval.py:230) eval_start",
    ":::MLPv0.5.0 resnet 1541661366.343222857 (in_memory_eval.py:257) eval_stop",
    ':::MLPv0.5.0 resnet 1541661366.344174147 (in_memory_eval.py:262) eval_accuracy: {"epoch": 4, "value": 0.38531494140625}',
    ":::MLPv0.5.0 resnet 1541661366.345074892 (in_memory_eval.py:266) eval_size: 50000",
    ":::MLPv0.5.0 resnet 1541662054.003998280 (in_memory_eval.py:230) eval_start",
    ":::MLPv0.5.0 resnet 1541662068.292686224 (in_memory_eval.py:257) eval_stop",
    ':::MLPv0.5.0 resnet 1541662068.293640137 (in_memory_eval.py:262) eval_accuracy: {"epoch": 8, "value": 0.4711507260799408}',
    ":::MLPv0.5.0 resnet 1541662068.294497252 (in_memory_eval.py:266) eval_size: 50000",
    ":::MLPv0.5.0 resnet 1541670471.186458349 (in_memory_eval.py:230) eval_start",
    ":::MLPv0.5.0 resnet 1541670485.809561968 (in_memory_eval.py:257) eval_stop",
    ':::MLPv0.5.0 resnet 1541670485.810572386 (in_memory_eval.py:262) eval_accuracy: {"epoch": 56, "value": 0.7025146484375}',
    ":::MLPv0.5.0 resnet 1541670485.811477423 (in_memory_eval.py:266) eval_size: 50000",
    ":::MLPv0.5.0 resnet 1541671177.324820757 (in_memory_eval.py:230) eval_start",
    ":::MLPv0.5.0 resnet 1541671191.500336885 (in_memory_eval.py:257) eval_stop",
    ':::MLPv0.5.0 resnet 1541671191.501342058 (in_memory_eval.py:262) eval_accuracy: {"epoch": 60, "value": 0.7491251826286316}',
    ":::MLPv0.5.0 resnet 1541671191.502248526 (in_memory_eval.py:266) eval_size: 50000",
    ':::MLPv0.5.0 resnet 1541671191.503194094 (in_memory_eval.py:270) run_stop: {"success": "true"}',
    ":::MLPv0.5.0 resnet 1541671194.160328627 (resnet/resnet_main.py:776) run_final",
]


def test_a_2018_log_that_declares_one_epoch_is_timed_between_its_evaluations(tmp_path: Path) -> None:
    """`train_epoch: 0` to the first `eval_start` is epoch 0; each evaluation's stop to the next
    one's start is the training its `eval_accuracy` names (4, 8, ..., 60); `{"success": "true"}`
    is a success."""
    parser, steps, events = _read(tmp_path, MLPERF_2018_TPU_RESNET)
    assert parser == "mlperf"
    named = [int(m.group(1)) for t in MLPERF_2018_TPU_RESNET if (m := re.search(r'eval_accuracy: \{"epoch": (\d+)', t))]
    assert [s["step"] for s in steps] == named == [0, 4, 8, 56, 60]
    stops, starts = _ns("eval_stop", MLPERF_2018_TPU_RESNET), _ns("eval_start", MLPERF_2018_TPU_RESNET)
    assert [s["start_ns"] for s in steps] == _ns("train_epoch", MLPERF_2018_TPU_RESNET) + stops[:-1]
    assert [s["end_ns"] for s in steps] == starts
    assert {e["kind"] for e in events} >= {"attempt_start", "attempt_end"} and "crash" not in {e["kind"] for e in events}



# MLPerf v0.5 GNMT on a TPU v3-8 (mlcommons/training_results_v0.5 @ 95457a2e :
# google/gnmt-tpuv3-8/results/tpu/gnmt/result_0.txt, its records from run_start on, the input, optimizer
# and checkpoint records left out): the model sets its seed again in each graph it builds, within the
# epoch and the evaluation; no relaunch
MLPERF_2018_TPU_GNMT = [
    ':::MLPv0.5.0 gnmt 1544232771.436360359 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/estima'
    'tor.py:502) run_start',
    ':::MLPv0.5.0 gnmt 1544232771.642411232 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/estima'
    'tor.py:516) train_loop',
    ':::MLPv0.5.0 gnmt 1544232771.643376350 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/estima'
    'tor.py:519) train_epoch: 0',
    ':::MLPv0.5.0 gnmt 1544232772.080389023 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/model.'
    'py:128) run_set_random_seed: 1',
    ':::MLPv0.5.0 gnmt 1544233506.903676748 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/estima'
    'tor.py:529) eval_start',
    ':::MLPv0.5.0 gnmt 1544233508.473245859 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/model.'
    'py:128) run_set_random_seed: 1',
    ':::MLPv0.5.0 gnmt 1544233557.807291508 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/estima'
    'tor.py:533) eval_accuracy: {"epoch": 0, "value": 18.7}',
    ':::MLPv0.5.0 gnmt 1544233557.807802200 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/estima'
    'tor.py:534) eval_stop: 0',
    ':::MLPv0.5.0 gnmt 1544233557.808328152 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/estima'
    'tor.py:519) train_epoch: 1',
    ':::MLPv0.5.0 gnmt 1544233558.297257423 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/model.'
    'py:128) run_set_random_seed: 1',
    ':::MLPv0.5.0 gnmt 1544234309.289735794 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/estima'
    'tor.py:529) eval_start',
    ':::MLPv0.5.0 gnmt 1544234310.838943481 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/model.'
    'py:128) run_set_random_seed: 1',
    ':::MLPv0.5.0 gnmt 1544234357.960623741 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/estima'
    'tor.py:533) eval_accuracy: {"epoch": 1, "value": 22.57}',
    ':::MLPv0.5.0 gnmt 1544234357.961132050 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/estima'
    'tor.py:534) eval_stop: 1',
    ':::MLPv0.5.0 gnmt 1544234357.961570501 (/tmpfs/staging/nmt_tpu_red96/staging/models/rough/nmt/estima'
    'tor.py:536) run_stop: {"success": true}',
]


def test_a_2018_seed_set_again_within_an_epoch_is_no_relaunch(tmp_path: Path) -> None:
    """`run_set_random_seed: 1` after `train_epoch: 0` leaves the epoch open: epochs 0 and 1, each
    from its `train_epoch` to its `eval_start`."""
    _, steps, _ = _read(tmp_path, MLPERF_2018_TPU_GNMT)
    assert [s["step"] for s in steps] == [0, 1]
    assert [s["start_ns"] for s in steps] == _ns("train_epoch", MLPERF_2018_TPU_GNMT)
    assert [s["end_ns"] for s in steps] == _ns("eval_start", MLPERF_2018_TPU_GNMT)


# MLPerf v2.0 DLRM on a TPU v4-256 (mlcommons/training_results_v2.0@a6ae3e16d97bca208ee5510f3614fcd4fa923650 :
# Google/results/research-tpu-v4-256-TF/dlrm/result_0.txt, lines 29-46): each evaluation starts within a millisecond
# or two of the next block's start and stops before that block does (the pod evaluates one block's weights while the
# next block trains; blocks with and without one last alike)
MLPERF_TPU_PIPELINED = [
    ':::MLLOG {"namespace": "", "time_ms": 1652940990506, "event_type": "INTERVAL_START", "key": "run_start", "value": nu'
        'll, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_run'
        '_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/m'
        'lperf/models/rough/dlrm/dlrm_main.py", "lineno": 205}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940990552, "event_type": "INTERVAL_START", "key": "block_start", "value": '
        'null, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_r'
        'un_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models'
        '/mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 215, "first_epoch_num": 1.05, "epoch_count": 1}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940993797, "event_type": "INTERVAL_END", "key": "block_stop", "value": nul'
        'l, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_run_'
        '1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/ml'
        'perf/models/rough/dlrm/dlrm_main.py", "lineno": 263, "first_epoch_num": 1.05}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940993799, "event_type": "INTERVAL_START", "key": "block_start", "value": '
        'null, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_r'
        'un_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models'
        '/mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 215, "first_epoch_num": 1.1, "epoch_count": 1}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940993799, "event_type": "INTERVAL_START", "key": "eval_start", "value": n'
        'ull, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_ru'
        'n_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/'
        'mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 235, "epoch_num": 1.05}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940994565, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "value":'
        ' 0.7770991921424866, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd'
        '.run_dlrm_new_run_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/te'
        'nsorflow_models/mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 244, "epoch_num": 1.05}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940994565, "event_type": "INTERVAL_END", "key": "eval_stop", "value": null'
        ', "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_run_1'
        '.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/mlp'
        'erf/models/rough/dlrm/dlrm_main.py", "lineno": 246, "epoch_num": 1.05}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940995464, "event_type": "INTERVAL_END", "key": "block_stop", "value": nul'
        'l, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_run_'
        '1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/ml'
        'perf/models/rough/dlrm/dlrm_main.py", "lineno": 263, "first_epoch_num": 1.1}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940995465, "event_type": "INTERVAL_START", "key": "block_start", "value": '
        'null, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_r'
        'un_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models'
        '/mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 215, "first_epoch_num": 1.15, "epoch_count": 1}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940995467, "event_type": "INTERVAL_START", "key": "eval_start", "value": n'
        'ull, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_ru'
        'n_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/'
        'mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 235, "epoch_num": 1.1}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940996174, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "value":'
        ' 0.7848881483078003, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd'
        '.run_dlrm_new_run_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/te'
        'nsorflow_models/mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 244, "epoch_num": 1.1}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940996174, "event_type": "INTERVAL_END", "key": "eval_stop", "value": null'
        ', "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_run_1'
        '.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/mlp'
        'erf/models/rough/dlrm/dlrm_main.py", "lineno": 246, "epoch_num": 1.1}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940997192, "event_type": "INTERVAL_END", "key": "block_stop", "value": nul'
        'l, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_run_'
        '1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/ml'
        'perf/models/rough/dlrm/dlrm_main.py", "lineno": 263, "first_epoch_num": 1.15}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940997194, "event_type": "INTERVAL_START", "key": "eval_start", "value": n'
        'ull, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_ru'
        'n_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/'
        'mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 235, "epoch_num": 1.15}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940997193, "event_type": "INTERVAL_START", "key": "block_start", "value": '
        'null, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_r'
        'un_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models'
        '/mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 215, "first_epoch_num": 1.2, "epoch_count": 1}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940997933, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "value":'
        ' 0.7890569567680359, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd'
        '.run_dlrm_new_run_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/te'
        'nsorflow_models/mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 244, "epoch_num": 1.15}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940997933, "event_type": "INTERVAL_END", "key": "eval_stop", "value": null'
        ', "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_run_1'
        '.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/mlp'
        'erf/models/rough/dlrm/dlrm_main.py", "lineno": 246, "epoch_num": 1.15}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652940998949, "event_type": "INTERVAL_END", "key": "block_stop", "value": nul'
        'l, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_run_'
        '1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/ml'
        'perf/models/rough/dlrm/dlrm_main.py", "lineno": 263, "first_epoch_num": 1.2}}',
]


def test_an_evaluation_inside_a_training_block_ran_beside_it_and_takes_no_time_of_its_own(tmp_path: Path) -> None:
    """block_start .. block_stop bounds training alone: the three evaluations the log dates inside blocks 2, 3 and 4
    (0.766 s, 0.707 s, 0.739 s) are not taken from their blocks' productive time. The blocks' time (from the first
    block_start, 1652940990552 ms, to the last block_stop, 1652940998949 ms, less the gaps of a few ms between
    them) is the steps' productive time, and no interval is an evaluation."""
    con = console_connection(tmp_path, MLPERF_TPU_PIPELINED, name="result_0.txt")
    times = [(json.loads(t[9:])["key"], json.loads(t[9:])["time_ms"]) for t in MLPERF_TPU_PIPELINED]
    blocks = list(zip([ms for k, ms in times if k == "block_start"], [ms for k, ms in times if k == "block_stop"], strict=True))
    assert len(blocks) == 4 and sum(1 for k, _ in times if k == "eval_start") == 3
    labels = dict(con.execute("select label, sum(end_ns - start_ns) from int_log_intervals group by label").fetchall())
    assert "eval" not in labels
    assert labels["productive"] == sum(stop - start for start, stop in blocks) * 10**6


# MLPerf v0.7 ResNet-50 on a TPU v3-32 (mlcommons/training_results_v0.7@c66406115bb3c60cb9c49889b076727ccecba31e :
# Google/results/tpu-v3-32-TF2.0/resnet/result_0.txt, lines 23-32): each block's evaluation runs after its last epoch's
# training, before block_stop, minutes after the block began
MLPERF_TPU_EVAL_IN_BLOCK = [
    ':::MLLOG {"namespace": "main", "time_ms": 1595499228873, "key": "block_start", "value": null, "metadata": {"first_ep'
        'och_num": 0, "epoch_count": 3, "lineno": 250, "file": "/workspace/benchmarks/perfzero/workspace/site-packages/stagin'
        'g/models/prod/tf2_resnet/resnet_ctl_imagenet_main.py"}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1595499495756, "key": "eval_start", "value": null, "metadata": {"epoch_num'
        '": 2, "lineno": 319, "file": "/workspace/benchmarks/perfzero/workspace/site-packages/staging/models/prod/tf2_resnet/'
        'resnet_runnable.py"}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1595499502511, "key": "eval_stop", "value": null, "metadata": {"epoch_num"'
        ': 2, "lineno": 356, "file": "/workspace/benchmarks/perfzero/workspace/site-packages/staging/models/prod/tf2_resnet/r'
        'esnet_runnable.py"}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1595499516489, "key": "eval_accuracy", "value": 0.2855199873447418, "metad'
        'ata": {"epoch_num": 2, "lineno": 365, "file": "/workspace/benchmarks/perfzero/workspace/site-packages/staging/models'
        '/prod/tf2_resnet/resnet_runnable.py"}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1595499516491, "key": "block_stop", "value": null, "metadata": {"first_epo'
        'ch_num": 0, "epoch_count": 3, "lineno": 378, "file": "/workspace/benchmarks/perfzero/workspace/site-packages/staging'
        '/models/prod/tf2_resnet/resnet_runnable.py"}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1595499516492, "key": "block_start", "value": null, "metadata": {"first_ep'
        'och_num": 3, "epoch_count": 4, "lineno": 391, "file": "/workspace/benchmarks/perfzero/workspace/site-packages/stagin'
        'g/models/prod/tf2_resnet/resnet_runnable.py"}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1595499673767, "key": "eval_start", "value": null, "metadata": {"epoch_num'
        '": 6, "lineno": 319, "file": "/workspace/benchmarks/perfzero/workspace/site-packages/staging/models/prod/tf2_resnet/'
        'resnet_runnable.py"}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1595499673989, "key": "eval_stop", "value": null, "metadata": {"epoch_num"'
        ': 6, "lineno": 356, "file": "/workspace/benchmarks/perfzero/workspace/site-packages/staging/models/prod/tf2_resnet/r'
        'esnet_runnable.py"}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1595499676390, "key": "eval_accuracy", "value": 0.42767998576164246, "meta'
        'data": {"epoch_num": 6, "lineno": 365, "file": "/workspace/benchmarks/perfzero/workspace/site-packages/staging/model'
        's/prod/tf2_resnet/resnet_runnable.py"}}',
    ':::MLLOG {"namespace": "main", "time_ms": 1595499676392, "key": "block_stop", "value": null, "metadata": {"first_epo'
        'ch_num": 3, "epoch_count": 4, "lineno": 378, "file": "/workspace/benchmarks/perfzero/workspace/site-packages/staging'
        '/models/prod/tf2_resnet/resnet_runnable.py"}}',
]


def test_an_evaluation_a_block_holds_that_began_after_it_is_eval_time_as_logged(tmp_path: Path) -> None:
    """`eval_start` 267 s and 157 s into its block (not at its start): run between the block's batches, its time is the
    evaluation's, from eval_start to eval_stop, as the log dates it."""
    con = console_connection(tmp_path, MLPERF_TPU_EVAL_IN_BLOCK, name="result_0.txt")
    times = [(json.loads(t[9:])["key"], json.loads(t[9:])["time_ms"]) for t in MLPERF_TPU_EVAL_IN_BLOCK]
    evals = list(zip([ms for k, ms in times if k == "eval_start"], [ms for k, ms in times if k == "eval_stop"], strict=True))
    got = con.execute("select start_ns, end_ns from int_log_intervals where label = 'eval' order by start_ns").fetchall()
    assert got == [(start * 10**6, stop * 10**6) for start, stop in evals] and len(evals) == 2


# The same TPU v4 DLRM log's lines 82-91: an evaluation that began with its block (same millisecond), then one that began
# 32 ms before the next block's start, each done within its block
MLPERF_TPU_PIPELINED_EARLY = [
    ':::MLLOG {"namespace": "", "time_ms": 1652941011168, "event_type": "INTERVAL_START", "key": "eval_start", "value": n'
        'ull, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_ru'
        'n_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/'
        'mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 235, "epoch_num": 1.55}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652941011168, "event_type": "INTERVAL_START", "key": "block_start", "value": '
        'null, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_r'
        'un_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models'
        '/mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 215, "first_epoch_num": 1.6, "epoch_count": 1}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652941011920, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "value":'
        ' 0.7986746430397034, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd'
        '.run_dlrm_new_run_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/te'
        'nsorflow_models/mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 244, "epoch_num": 1.55}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652941011921, "event_type": "INTERVAL_END", "key": "eval_stop", "value": null'
        ', "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_run_1'
        '.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/mlp'
        'erf/models/rough/dlrm/dlrm_main.py", "lineno": 246, "epoch_num": 1.55}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652941012892, "event_type": "INTERVAL_END", "key": "block_stop", "value": nul'
        'l, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_run_'
        '1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/ml'
        'perf/models/rough/dlrm/dlrm_main.py", "lineno": 263, "first_epoch_num": 1.6}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652941012894, "event_type": "INTERVAL_START", "key": "eval_start", "value": n'
        'ull, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_ru'
        'n_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/'
        'mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 235, "epoch_num": 1.6}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652941012926, "event_type": "INTERVAL_START", "key": "block_start", "value": '
        'null, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_r'
        'un_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models'
        '/mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 215, "first_epoch_num": 1.65, "epoch_count": 1}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652941013614, "event_type": "POINT_IN_TIME", "key": "eval_accuracy", "value":'
        ' 0.7991173267364502, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd'
        '.run_dlrm_new_run_1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/te'
        'nsorflow_models/mlperf/models/rough/dlrm/dlrm_main.py", "lineno": 244, "epoch_num": 1.6}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652941013615, "event_type": "INTERVAL_END", "key": "eval_stop", "value": null'
        ', "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_run_1'
        '.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/mlp'
        'erf/models/rough/dlrm/dlrm_main.py", "lineno": 246, "epoch_num": 1.6}}',
    ':::MLLOG {"namespace": "", "time_ms": 1652941014681, "event_type": "INTERVAL_END", "key": "block_stop", "value": nul'
        'l, "metadata": {"file": "/export/hda3/borglet/local_ram_fs_dirs/0.sameerkm.dlrm_4x4x8.bs_55296_sgd.run_dlrm_new_run_'
        '1.coordinator.sameerkm.297064834936.c8564a224093156f/dlrm_pkg/dlrm_borg.par/google3/third_party/tensorflow_models/ml'
        'perf/models/rough/dlrm/dlrm_main.py", "lineno": 263, "first_epoch_num": 1.65}}',
]


def test_a_pipelined_evaluation_may_begin_a_few_ms_before_its_block(tmp_path: Path) -> None:
    """`eval_start` at ...12894, its block's `block_start` at ...12926 (32 ms later), its `eval_stop` at ...13615 before
    that block's `block_stop`: beside the block as much as the one that began with its block; no interval is an
    evaluation's."""
    con = console_connection(tmp_path, MLPERF_TPU_PIPELINED_EARLY, name="result_0.txt")
    times = [(json.loads(t[9:])["key"], json.loads(t[9:])["time_ms"]) for t in MLPERF_TPU_PIPELINED_EARLY]
    starts = [ms for k, ms in times if k == "eval_start"]
    blocks = [ms for k, ms in times if k == "block_start"]
    assert [b - e for e, b in zip(starts, blocks, strict=True)] == [0, 32]
    assert con.execute("select count(*) from int_log_intervals where label = 'eval'").fetchone()[0] == 0


# MLPerf v1.0 ResNet-50 on a Graphcore IPU-POD16 (mlcommons/training_results_v1.0 @
# 8200377f425ae24b6ed6c2816b9273aab0996d43 : Graphcore/results/ipu-pod16-TF1/resnet/result_0.txt, lines 25-30, 112-117
# and 150-154): one block of its 44 epochs, each epoch's start and stop inside it, then `validation.py`'s block of the
# same epochs, evaluating each checkpoint saved
GRAPHCORE_BLOCK_OF_EPOCHS = [
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623875894523, "event_type": "INTERVAL_START",'
    ' "key": "run_start", "value": null, "metadata": {"file": "train.py", "lineno": 661}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623875894523, "event_type": "INTERVAL_START",'
    ' "key": "block_start", "value": null, "metadata": {"file": "train.py", "lineno": 665, "fir'
    'st_epoch_num": 1, "epoch_count": 44}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623875894523, "event_type": "INTERVAL_START",'
    ' "key": "epoch_start", "value": null, "metadata": {"file": "train.py", "lineno": 668, "epo'
    'ch_num": 1}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623875941026, "event_type": "INTERVAL_END", "'
    'key": "epoch_stop", "value": null, "metadata": {"file": "train.py", "lineno": 698, "epoch_'
    'num": 1}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623875941026, "event_type": "INTERVAL_START",'
    ' "key": "epoch_start", "value": null, "metadata": {"file": "train.py", "lineno": 702, "epo'
    'ch_num": 2}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623875987591, "event_type": "INTERVAL_END", "'
    'key": "epoch_stop", "value": null, "metadata": {"file": "train.py", "lineno": 698, "epoch_'
    'num": 2}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623877920432, "event_type": "INTERVAL_END", "'
    'key": "epoch_stop", "value": null, "metadata": {"file": "train.py", "lineno": 698, "epoch_'
    'num": 43}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623877920433, "event_type": "INTERVAL_START",'
    ' "key": "epoch_start", "value": null, "metadata": {"file": "train.py", "lineno": 702, "epo'
    'ch_num": 44}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623877978216, "event_type": "INTERVAL_END", "'
    'key": "epoch_stop", "value": null, "metadata": {"file": "train.py", "lineno": 788, "epoch_'
    'num": 44}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623877978217, "event_type": "INTERVAL_END", "'
    'key": "block_stop", "value": null, "metadata": {"file": "train.py", "lineno": 791, "first_'
    'epoch_num": 1}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623878082122, "event_type": "INTERVAL_START",'
    ' "key": "block_start", "value": null, "metadata": {"file": "validation.py", "lineno": 284,'
    ' "first_epoch_num": 1, "epoch_count": 44}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623878083203, "event_type": "INTERVAL_START",'
    ' "key": "eval_start", "value": null, "metadata": {"file": "validation.py", "lineno": 176, '
    '"epoch_num": 0}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623878124385, "event_type": "INTERVAL_START",'
    ' "key": "eval_start", "value": null, "metadata": {"file": "validation.py", "lineno": 176, '
    '"epoch_num": 44}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623878125632, "event_type": "INTERVAL_END", "'
    'key": "eval_stop", "value": null, "metadata": {"file": "validation.py", "lineno": 211, "ep'
    'och_num": 44}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623878125633, "event_type": "POINT_IN_TIME", '
    '"key": "eval_accuracy", "value": 0.7603599548339843, "metadata": {"file": "validation.py",'
    ' "lineno": 214, "epoch_num": 44}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623878125633, "event_type": "INTERVAL_END", "'
    'key": "block_stop", "value": null, "metadata": {"file": "validation.py", "lineno": 321, "f'
    'irst_epoch_num": 1}}',
    ':::MLLOG {"namespace": "resnet", "time_ms": 1623878125633, "event_type": "POINT_IN_TIME", '
    '"key": "run_stop", "value": {"success": true}, "metadata": {"file": "validation.py", "line'
    'no": 326, "epoch_num": 44, "status": "success"}}',
]


def _records(lines: list[str], key: str) -> list[dict]:
    return [record for t in lines if (record := json.loads(t.split(":::MLLOG ", 1)[1]))["key"] == key]


def test_a_block_of_several_epochs_timed_each_is_read_as_its_epochs_and_a_block_of_them_again_as_none(
        tmp_path: Path) -> None:
    """The block's epochs (1, 2 and 44 here), each from its `epoch_start` to its `epoch_stop`, are the steps (the block
    was one step of 2083.7 s); the validation block after it, `first_epoch_num` 1 and `epoch_count` 44 again, trains no
    step (it was a second step 44: a restart, 17.7 min of lost work)."""
    parser, steps, events = _read(tmp_path, GRAPHCORE_BLOCK_OF_EPOCHS)
    assert parser == "mlperf"
    starts, stops = _records(GRAPHCORE_BLOCK_OF_EPOCHS, "epoch_start"), _records(GRAPHCORE_BLOCK_OF_EPOCHS, "epoch_stop")
    ran = {r["metadata"]["epoch_num"]: r["time_ms"] for r in starts}  # (epoch 43's start is not in the excerpt)
    timed = [(r["metadata"]["epoch_num"], ran[r["metadata"]["epoch_num"]], r["time_ms"]) for r in stops
             if r["metadata"]["epoch_num"] in ran]
    assert [e for e, _, _ in timed] == [1, 2, 44]
    assert [(s["step"], s["start_ns"], s["end_ns"]) for s in steps] == [(e, a * 10**6, b * 10**6) for e, a, b in timed]
    assert [e["kind"] for e in events if e["kind"] in ("attempt_start", "restart", "crash", "attempt_end")] == [
        "attempt_start", "attempt_end"]


# MLPerf v3.0 UNet3D (NVIDIA's MXNet recipe) on an ASUSTeK ESC4000-E11 (mlcommons/training_results_v3.0 @
# 9f08e30cbe2fed7cd12bea174729b3904124c7bc : ASUSTeK/results/ESC4000-E11-4xA100-PCIE-80GB-NVBridge/unet3d/result_0.txt,
# lines 104-109): each block's stop names the epoch it reached, the next block's start the epoch it began after
UNET3D_BLOCKS = [
    ':::MLLOG {"namespace": "", "time_ms": 1682860941675, "event_type": "INTERVAL_START", "key"'
    ': "block_start", "value": null, "metadata": {"file": "/workspace/unet3d/runtime/training.p'
    'y", "lineno": 52, "first_epoch_num": 1, "epoch_count": 20}}',
    ':::MLLOG {"namespace": "", "time_ms": 1682860970876, "event_type": "POINT_IN_TIME", "key":'
    ' "tracked_stats", "value": {"throughput": 131.50491851531908, "loss_scale": 32784.0, "curr'
    'ent_lr": 0.04660930232558139}, "metadata": {"file": "/workspace/unet3d/runtime/training.py'
    '", "lineno": 97, "step": 1}}',
    ':::MLLOG {"namespace": "", "time_ms": 1682860970877, "event_type": "INTERVAL_END", "key": '
    '"block_stop", "value": null, "metadata": {"file": "/workspace/unet3d/runtime/training.py",'
    ' "lineno": 140, "first_epoch_num": 20, "epoch_count": 20}}',
    ':::MLLOG {"namespace": "", "time_ms": 1682860970877, "event_type": "INTERVAL_START", "key"'
    ': "block_start", "value": null, "metadata": {"file": "/workspace/unet3d/runtime/training.p'
    'y", "lineno": 52, "first_epoch_num": 20, "epoch_count": 20}}',
    ':::MLLOG {"namespace": "", "time_ms": 1682860999133, "event_type": "POINT_IN_TIME", "key":'
    ' "tracked_stats", "value": {"throughput": 135.89905869678287, "loss_scale": 32784.0, "curr'
    'ent_lr": 0.08647441860465117}, "metadata": {"file": "/workspace/unet3d/runtime/training.py'
    '", "lineno": 97, "step": 20}}',
    ':::MLLOG {"namespace": "", "time_ms": 1682860999134, "event_type": "INTERVAL_END", "key": '
    '"block_stop", "value": null, "metadata": {"file": "/workspace/unet3d/runtime/training.py",'
    ' "lineno": 140, "first_epoch_num": 40, "epoch_count": 20}}',
]
# MLPerf v2.1 BERT with MosaicML Composer's callback (mlcommons/training_results_v2.1 @
# 9b4d2df631498a2569fcfa85dfd5c830addac15a : MosaicML/results/8xA100_80GB-methods/bert/result_0.txt, lines 14-16, 20
# and 24): one block_start, then a block_stop every 24640 samples, each naming the samples trained so far
COMPOSER_BLOCKS = [
    ':::MLLOG {"namespace": "", "time_ms": 1665709607738, "event_type": "POINT_IN_TIME", "key":'
    ' "run_start", "value": null, "metadata": {"file": "/usr/local/lib/python3.9/dist-packages/'
    'composer/callbacks/mlperf.py", "lineno": 310}}',
    ':::MLLOG {"namespace": "", "time_ms": 1665709609817, "event_type": "POINT_IN_TIME", "key":'
    ' "epoch_start", "value": null, "metadata": {"file": "/usr/local/lib/python3.9/dist-package'
    's/composer/callbacks/mlperf.py", "lineno": 314, "epoch_num": 0}}',
    ':::MLLOG {"namespace": "", "time_ms": 1665709609818, "event_type": "POINT_IN_TIME", "key":'
    ' "block_start", "value": null, "metadata": {"file": "/usr/local/lib/python3.9/dist-package'
    's/composer/callbacks/mlperf.py", "lineno": 315, "first_epoch_num": 0, "epoch_count": 1}}',
    ':::MLLOG {"namespace": "", "time_ms": 1665709630824, "event_type": "POINT_IN_TIME", "key":'
    ' "block_stop", "value": null, "metadata": {"file": "/usr/local/lib/python3.9/dist-packages'
    '/composer/callbacks/mlperf.py", "lineno": 338, "first_epoch_num": 24640}}',
    ':::MLLOG {"namespace": "", "time_ms": 1665709648819, "event_type": "POINT_IN_TIME", "key":'
    ' "block_stop", "value": null, "metadata": {"file": "/usr/local/lib/python3.9/dist-packages'
    '/composer/callbacks/mlperf.py", "lineno": 338, "first_epoch_num": 49280}}',
]


def test_a_block_stop_that_names_another_epoch_than_its_start_names_the_step_the_block_reached(tmp_path: Path) -> None:
    """UNet3D's blocks: starts `first_epoch_num` 1 then 20, each `epoch_count` 20, stops 20 then 40: the steps 20 and 40
    (they were 39 and 59); Composer's stops 24640 then 49280, the first after a start of 0, the second after none: the
    steps 24640 and 49280 (the second was 2)."""
    for lines in (UNET3D_BLOCKS, COMPOSER_BLOCKS):
        _, steps, _ = _read(tmp_path, lines)
        said = [r["metadata"]["first_epoch_num"] for r in _records(lines, "block_stop")]
        assert [s["step"] for s in steps] == said
    assert said == [24640, 49280]
