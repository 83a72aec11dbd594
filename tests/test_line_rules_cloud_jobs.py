"""Training jobs on managed clouds and Kubernetes, and the large-scale trainers they run: step and
end lines quoted verbatim from public logs (each block's source is cited above it), tiny inputs in,
exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

import re
import statistics
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.conftest import console_connection
from tests.test_line_rules import _read
from tests.test_line_rules_launchers_and_programs import RAY_TRAIN
from tracelens.errors import ParseError

# NeMo 2.0 pretraining on Amazon EKS through SkyPilot, `sky logs` (github.com/aws-samples/
# awsome-distributed-training @ 1e6d8b833248f9c17a2d539fd1423612f4b3723c :
# 3.test_cases/megatron/nemo/kubernetes/README.md, "View Job Logs" block, its step lines)
NEMO2_EPOCH_2 = [
    "(pretraining, pid=4112) Training epoch 2, iteration 7/999 | lr: 6.897e-06 | global_batch_size: 512 | global_step: 45 "
    "| reduced_train_loss: 11.02 | train_step_timing in s: 47.12 | consumed_samples: 23552",
    "(pretraining, pid=4112) Training epoch 2, iteration 8/999 | lr: 7.046e-06 | global_batch_size: 512 | global_step: 46 "
    "| reduced_train_loss: 11.02 | train_step_timing in s: 47.15 | consumed_samples: 24064",
    "(pretraining, pid=4112) [NeMo I 2025-05-22 20:31:49 model_checkpoint:497] Scheduled async checkpoint save for "
    "/mnt/nemo/experiments/aws-nemo2-pretrain-20250522-194450/checkpoints/model_name=0--val_loss=0.00-step=47-"
    "consumed_samples=24576.0-last.ckpt",
    "(pretraining, pid=4112) Training epoch 2, iteration 10/999 | lr: 7.346e-06 | global_batch_size: 512 | global_step: 48 "
    "| reduced_train_loss: 11.02 | train_step_timing in s: 46.81 | consumed_samples: 25088",
]

# A Vertex AI custom job's `gcloud ai custom-jobs stream-logs` (a TF-Models FCOS trainer's Spanish README,
# index id 63335018367, its "Logs de entrenamiento" block: the last epochs, the summary, the task's end)
VERTEX_END = [
    "INFO\t2026-02-22 04:26:04 -0500\tworkerpool0-0\t  Epoch  63 | train=2.8341 [cls=0.0541 | reg=1.1113 | ctr=1.6686] | "
    "val=8.7334 | lr=6.92e-05 | img=224 | ",
    "INFO\t2026-02-22 04:26:19 -0500\tworkerpool0-0\t  Epoch  64 | train=2.8373 [cls=0.0542 | reg=1.1156 | ctr=1.6676] | "
    "val=8.4018 | lr=6.73e-05 | img=224 | ",
    "INFO\t2026-02-22 04:26:34 -0500\tworkerpool0-0\t  Epoch  65 | train=2.8222 [cls=0.0539 | reg=1.1013 | ctr=1.6670] | "
    "val=9.3325 | lr=6.55e-05 | img=224 | ",
    "INFO\t2026-02-22 04:26:37 -0500\tworkerpool0-0\t  Épocas: 66",
    "INFO\t2026-02-22 04:26:37 -0500\tworkerpool0-0\t  Mejor val_loss: 7.8167 (epoch 45)",
    "INFO\t2026-02-22 04:26:37 -0500\tworkerpool0-0\t  Resoluciones: [640, 416, 320, 224]",
    "INFO\t2026-02-22 04:26:47 -0500\tworkerpool0-0\tTask completed. Exit code (0). Exit reason (SUCCEEDED)",
    "INFO\t2026-02-22 04:27:09 -0500\tservice\tTearing down training program.",
]

# The same trainer's job that failed (index id 63144614483, the same README's failed run: the task's end,
# then the service's word)
VERTEX_FAILED = [
    "INFO    2026-02-23 18:53:39 -0500       workerpool0-0   Task completed. Exit code (1). Exit reason (SUBPROCESS_EXCEPTION)",
    "INFO    2026-02-23 18:53:56 -0500       workerpool0-0   Updating master address to local address "
    "gk3-cml-0221-054317-2fe2-nap-dcdsd89h-a8e84b5d-8rl2",
    "INFO    2026-02-23 18:53:56 -0500       workerpool0-0   Running run_module.py",
]

# A Kubeflow TFJob's chief pod, the TensorFlow Object Detection API's legacy train.py on TF-Slim
# (github.com/GoogleCloudPlatform/training-data-analyst : courses/data-engineering/kubeflow-examples/
# object_detection/monitor_job.md, the completed pod's log block, its last six lines)
TF_SLIM_END = [
    "INFO:tensorflow:Starting Queues.",
    "INFO:tensorflow:global_step/sec: 0",
    "INFO:tensorflow:Recording summary at step 200006.",
    "INFO:tensorflow:global step 200006: loss = 0.0091 (9.854 sec/step)",
    "INFO:tensorflow:Stopping Training.",
    "INFO:tensorflow:Finished training! Saving model to disk.",
]

# A Determined trial's logs, `det e logs 9 | grep ...`, two ranks hanging until a GPU-idle watcher kills
# them (github.com/varlogtim/tools : gpu_idle_timeout/README.md, index id 45324648723, its "Determined AI
# Example" block: lines 6, 9, 10, 18-20 and 35-38)
DETERMINED = [
    "[2024-03-15T16:29:06.552162Z] 5c902731 [rank=0] || INFO: [62] determined.core: report_training_metrics("
    "steps_completed=100, metrics={'loss': 0.6182383894920349})",
    "[2024-03-15T16:29:08.125250Z] 5c902731 [rank=0] || INFO: [62] determined.core: report_training_metrics("
    "steps_completed=200, metrics={'loss': 0.2463933825492859})",
    "[2024-03-15T16:29:09.341726Z] 5c902731 [rank=0] || INFO: [62] determined.core: report_training_metrics("
    "steps_completed=300, metrics={'loss': 0.18230664730072021})",
    "[2024-03-15T16:29:14.063351Z] 5c902731 [rank=0] || INFO: [62] determined.core: report_training_metrics("
    "steps_completed=700, metrics={'loss': 0.12303102761507034})",
    "[2024-03-15T16:29:14.110799Z] 5c902731 [rank=1] || batch limit hit, simulating hang",
    "[2024-03-15T16:29:14.112529Z] 5c902731 [rank=0] || batch limit hit, simulating hang",
    "[2024-03-15T16:29:34.248048Z] 5c902731 || 2024-03-15 16:29:34,247: ERROR: gpu_idle_timeout: usage for all GPUs: "
    "['GPU-a5b02c30-9c95-cb81-e41e-ca204d57aa3b', 'GPU-b805d632-775b-c673-fe68-26b26996cd09'] was below threshhold "
    "20% for last 21 seconds. Killing process.",
    "[2024-03-15T16:29:34.248059Z] 5c902731 || 2024-03-15 16:29:34,247: ERROR: gpu_idle_timeout: process still "
    "alive, maybe hung, killing.",
    "[2024-03-15T16:29:35.885282Z] 5c902731 || ERROR: crashed: resources failed with non-zero exit code: container "
    "failed with non-zero exit code: 1 (exit code 1)",
    "[2024-03-15T16:29:35.899668Z]          || ERROR: Trial 9 (Experiment 9) was terminated: allocation failed: "
    "resources failed with non-zero exit code: container failed with non-zero exit code: 1 (exit code 1)",
]

# tf_cnn_benchmarks under a KubeDL MPIJob, `kubectl logs -f tensorflow-benchmarks-launcher` (github.com/
# kubedl-io/website : content/docs/workloads/mpi/index.md, index id 28911216700, its lines for steps
# 90 and 100): three processes print their lines unlabelled, tabs as spaces
TF_CNN_BENCHMARKS = [
    "90      images/sec: 67.9 +/- 0.1 (jitter = 0.5) 8.313",
    "90      images/sec: 67.9 +/- 0.1 (jitter = 0.5) 8.231",
    "90      images/sec: 67.9 +/- 0.1 (jitter = 0.5) 8.362",
    "100     images/sec: 67.9 +/- 0.1 (jitter = 0.5) 8.255",
    "----------------------------------------------------------------",
    "total images/sec: 203.64",
    "----------------------------------------------------------------",
    "100     images/sec: 67.9 +/- 0.1 (jitter = 0.5) 8.215",
]


# the same benchmark under Kubeflow's MPIJob, Horovod on two GPUs, the launcher pod's log with its header (github.com/
# kubeflow/mpi-operator @ 065e7b4593c86d2060683ff2dabc12a9e0c92048 : README.md, the block after `kubectl logs -f
# ${PODNAME}`): each step's line printed by both processes, unlabelled
TF_CNN_BENCHMARKS_HOROVOD = [
    'TensorFlow:  1.14',
    'Model:       resnet101',
    'Dataset:     imagenet (synthetic)',
    'Mode:        training',
    'SingleSess:  False',
    'Batch size:  128 global',
    '             64 per device',
    'Num batches: 100',
    'Num epochs:  0.01',
    "Devices:     ['horovod/gpu:0', 'horovod/gpu:1']",
    'NUMA bind:   False',
    'Data format: NCHW',
    'Optimizer:   sgd',
    'Variables:   horovod',
    '',
    '...',
    '',
    '40\timages/sec: 154.4 +/- 0.7 (jitter = 4.0)\t8.280',
    '40\timages/sec: 154.4 +/- 0.7 (jitter = 4.1)\t8.482',
    '50\timages/sec: 154.8 +/- 0.6 (jitter = 4.0)\t8.397',
    '50\timages/sec: 154.8 +/- 0.6 (jitter = 4.2)\t8.450',
    '60\timages/sec: 154.5 +/- 0.5 (jitter = 4.1)\t8.321',
    '60\timages/sec: 154.5 +/- 0.5 (jitter = 4.4)\t8.349',
    '70\timages/sec: 154.5 +/- 0.5 (jitter = 4.0)\t8.433',
    '70\timages/sec: 154.5 +/- 0.5 (jitter = 4.4)\t8.430',
    '80\timages/sec: 154.8 +/- 0.4 (jitter = 3.6)\t8.199',
    '80\timages/sec: 154.8 +/- 0.4 (jitter = 3.8)\t8.404',
    '90\timages/sec: 154.6 +/- 0.4 (jitter = 3.7)\t8.418',
    '90\timages/sec: 154.6 +/- 0.4 (jitter = 3.6)\t8.459',
    '100\timages/sec: 154.2 +/- 0.4 (jitter = 4.0)\t8.372',
    '100\timages/sec: 154.2 +/- 0.4 (jitter = 4.0)\t8.542',
    '----------------------------------------------------------------',
    'total images/sec: 308.27',
]


def test_nemo2_global_step_is_the_step_where_the_iteration_counts_the_epochs_batches(tmp_path: Path) -> None:
    """NeMo 2's `Training epoch 2, iteration 7/999 | ... | global_step: 45 |`: the iteration is the
    batch within epoch 2, the global step the run's step; the step time its `train_step_timing`."""
    _, steps, _ = _read(tmp_path, NEMO2_EPOCH_2)
    printed = [(int(m.group(1)), float(m.group(2))) for t in NEMO2_EPOCH_2
               if (m := re.search(r"global_step: (\d+) .*train_step_timing in s: ([\d.]+)", t))]
    assert [(s["step"], s["step_time_s"]) for s in steps] == printed == [(45, 47.12), (46, 47.15), (48, 46.81)]


def test_an_earlier_epoch_named_in_passing_is_no_step(tmp_path: Path) -> None:
    """After epoch 65, the summary's `Mejor val_loss: 7.8167 (epoch 45)` names the best epoch: not
    epoch 45 again (it read as a relaunch that redid 20 epochs)."""
    _, steps, events = _read(tmp_path, VERTEX_END)
    assert [s["step"] for s in steps] == [63, 64, 65]
    # (and epoch 65's line and end its own, 04:26:34, 15 s after epoch 64's 04:26:19, not the
    # summary's at 04:26:37)
    assert steps[-1]["line"] == 3 and steps[-1]["end_ns"] - steps[-2]["end_ns"] == 15 * 10**9


def test_vertex_ai_task_exit_zero_ends_the_run_and_a_nonzero_exit_is_a_crash(tmp_path: Path) -> None:
    """Vertex AI's `Task completed. Exit code (0). Exit reason (SUCCEEDED)` ends the run cleanly; exit
    code 1 (`SUBPROCESS_EXCEPTION`) is the task's failure."""
    _, _, events = _read(tmp_path, VERTEX_END)
    ends = [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")]
    assert ends == [("attempt_end", 7)]
    _, _, failed = _read(tmp_path, VERTEX_FAILED, name="failed.log", parser_name="generic_log")
    crashes = [(e["kind"], e["line"], e["detail"]) for e in failed if e["kind"] == "crash"]
    assert crashes == [("crash", 1, "Vertex AI: the task exited 1 (SUBPROCESS_EXCEPTION)")]


def test_tf_slims_finished_training_is_a_clean_end(tmp_path: Path) -> None:
    """TF-Slim's `learning.train` says `Finished training! Saving model to disk.` once its steps
    are done: the run's clean end, after step 200006 (9.854 s a step)."""
    _, steps, events = _read(tmp_path, TF_SLIM_END)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(200006, 9.854)]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [("attempt_end", 6)]


def test_determined_reports_are_rank_0s_steps_and_its_failed_container_one_crash(tmp_path: Path) -> None:
    """Determined's `[rank=0] || ... report_training_metrics(steps_completed=100, metrics={'loss':
    0.618...})` is rank 0's step 100 and its loss, dated by the line; the master's word that the
    container failed is the trial's one crash, and its line after it (no container id) starts no
    process."""
    _, steps, events = _read(tmp_path, DETERMINED)
    reported = [(int(m.group(1)), float(m.group(2))) for t in DETERMINED
                if (m := re.search(r"steps_completed=(\d+), metrics=\{'loss': ([\d.]+)\}", t))]
    assert [(s["rank"], s["step"], s["loss"]) for s in steps] == [(0, n, loss) for n, loss in reported]
    assert steps[0]["end_ns"] == 1710520146552162000  # 2024-03-15T16:29:06.552162Z
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [("crash", 9)]
    assert [e["line"] for e in events if e["kind"] == "attempt_start" and e["line"] > 9] == []


def test_tf_cnn_benchmarks_step_lines_are_steps_with_their_loss_and_no_time(tmp_path: Path) -> None:
    """`90      images/sec: 67.9 +/- 0.1 (jitter = 0.5) 8.313`: step 90, loss 8.313; its images a
    second are a mean since the start, no step's time."""
    _, steps, _ = _read(tmp_path, TF_CNN_BENCHMARKS)
    printed = [(int(m.group(1)), float(m.group(2))) for t in TF_CNN_BENCHMARKS
               if (m := re.match(r"(\d+)\s+images/sec: .* ([\d.]+)$", t))]
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [(n, loss, None) for n, loss in printed]
    assert {s["framework"] for s in steps} == {"tf_cnn_benchmarks"}


def test_tf_cnn_benchmarks_running_rate_and_its_batch_time_the_steps(tmp_path: Path) -> None:
    """`Batch size:  128 global` / `64 per device` over `Devices: ['horovod/gpu:0', 'horovod/gpu:1']`, then
    `50\timages/sec: 154.8 +/- 0.6 ...`: each process's 64 images over its mean step time since its warm-up; the
    steps between two lines take the seconds between those running totals. Their median is the time the run's
    `total images/sec: 308.27` gives the two processes' 128 images, within 2 % (read, none)."""
    _, steps, _ = _read(tmp_path, TF_CNN_BENCHMARKS_HOROVOD)
    timed = [s["step_time_s"] for s in steps if s["step_time_s"] is not None]
    assert [s["step"] for s in steps if s["step_time_s"] is not None] == [n for n in range(50, 101, 10) for _ in (0, 1)]
    total = float(next(t for t in TF_CNN_BENCHMARKS_HOROVOD if t.startswith("total images/sec: ")).split(": ")[1])
    assert abs(statistics.median(timed) - 128 / total) < 0.02 * 128 / total


# JAX on a TPU v3-128 pod, worker 0 (jax-ml/jax issue 12456, its description: the output block's first
# five lines), and PaddlePaddle's form of the same handler's line (a Korean note on serving PaddleOCR,
# index id 53302204369, its fenced block)
SIGNALLED = [
    "$ python3 script.py",
    "/home/wilson/.local/lib/python3.8/site-packages/jax/_src/lib/xla_bridge.py:184: UserWarning: TPU backend "
    "initialization is taking more than 60.0 seconds. Did you run your code on all TPU hosts? See "
    "https://jax.readthedocs.io/en/latest/multi_process.html for more information.",
    "  warnings.warn(",
    "https://symbolize.stripped_domain/r/?trace=7facba4a8de2,7fadfda3d08f,7facba4ad373,7facb845d7c2,7facbd753668,"
    "7facbd74f0fd,7fadfd9df608&map=068bf80b76f830987166dd8847d0248f:7faca8298000-7facbdbcade0 ",
    "*** SIGSEGV (@(nil)), see gl__________41#s15 received by PID 11743 (TID 12350) on cpu 17; stack trace: ***",
]
PADDLE_SIGNAL = "[SignalInfo: *** SIGSEGV (@0x0) received by PID 1536538 (TID 0x7c95a2ffd6c0) from PID 0 ***]"


def test_a_fatal_signal_handlers_report_is_a_crash(tmp_path: Path) -> None:
    """absl's and glog's handler, `*** SIGSEGV (...) received by PID 11743 (TID 12350) ...`: the
    process died of SIGSEGV, a crash, in a console with no step line; PaddlePaddle's `[SignalInfo:
    *** SIGSEGV ...` likewise."""
    parser, _, events = _read(tmp_path, SIGNALLED)
    assert parser == "generic_log"
    assert [(e["kind"], e["line"], e["detail"]) for e in events if e["kind"] == "crash"] == [
        ("crash", 5, "fatal signal: SIGSEGV")]
    _, _, paddle = _read(tmp_path, [PADDLE_SIGNAL], name="paddle.log", parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in paddle if e["kind"] == "crash"] == [("crash", 1)]


# Megatron-DeepSpeed with pipeline parallelism on two nodes (github.com/stark-sim/megatron-deepspeed-lock-clock
# @ f3bf150e188e74e8ecc332fe36e67369fa916603 : .context/dual-node-pilot/dual16_tp2pp2dp4_base20_20260320/node0.log,
# the lines from the first pipeline step to the end of training, less steps 7-17)
DS_PIPELINE = [
    "steps: 1 loss: 12.6522 iter time (s): 18.061 samples/sec: 0.886",
    "[Rank 0] (after 1 iterations) memory (MB) | allocated: 9228.1708984375 | max allocated: 12007.16650390625 | "
    "reserved: 20506.0 | max reserved: 20506.0",
    "[Rank 1] (after 1 iterations) memory (MB) | allocated: 9228.1708984375 | max allocated: 12007.16650390625 | "
    "reserved: 20552.0 | max reserved: 20552.0",
    "steps: 2 loss: 12.6473 iter time (s): 18.754 samples/sec: 0.853",
    "steps: 3 loss: 12.6374 iter time (s): 21.018 samples/sec: 0.761",
    "steps: 18 loss: 10.3985 iter time (s): 22.521 samples/sec: 0.710",
    "steps: 19 loss: 10.6297 iter time (s): 21.779 samples/sec: 0.735",
    "steps: 20 loss: 10.4640 iter time (s): 21.538 samples/sec: 0.743",
    "[after training is done] datetime: 2026-03-20 21:14:39 ",
]


def test_deepspeeds_pipeline_engine_lines_are_its_steps(tmp_path: Path) -> None:
    """DeepSpeed's pipeline engine, `steps: 20 loss: 10.4640 iter time (s): 21.538 samples/sec:
    0.743`: step 20, its loss, its seconds (the interval's mean); Megatron's `[after training is
    done]` ends the run."""
    parser, steps, events = _read(tmp_path, DS_PIPELINE)
    assert parser == "deepspeed"
    printed = [(int(m.group(1)), float(m.group(2)), float(m.group(3))) for t in DS_PIPELINE
               if (m := re.match(r"steps: (\d+) loss: ([\d.]+) iter time \(s\): ([\d.]+)", t))]
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == printed
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", 9)]


# Megatron-DeepSpeed with pipeline parallelism, Megatron's iteration lines among DeepSpeed's (markdown notes
# on LLaMA pretraining by guodong.li, index id 16887721843, its training log block's lines 9-18): the
# same steps three times, `[Rank 0] step=1`, `steps: 1 loss: ...` and ` iteration        1/    2500 | ...`
MEGATRON_DS_PIPELINE = [
    '[2023-08-15 06:31:42,452] [INFO] [logging.py:96:log_dist] [Rank 0] step=1, skipped=1, lr=[0.0, 0.0],'
    ' mom=[(0.9, 0.95), (0.9, 0.95)]',
    '[2023-08-15 06:31:42,452] [INFO] [fused_optimizer.py:363:_update_scale] Reducing dynamic loss scale from 65536 to 32768.0',
    'steps: 1 loss: 10.6554 iter time (s): 4.218 samples/sec: 7.586',
    ' iteration        1/    2500 | consumed samples:           32 | consumed tokens:        65536 | elap'
    'sed time per iteration (ms): 4220.8 | learning rate: 0.000E+00 | global batch size:    32 | lm loss:'
    ' 1.065542E+01 | loss scale: 32768.0 | grad norm: 0.000 | num zeros: 0.0 | actual seqlen:  2048 | num'
    'ber of skipped iterations:   0 | number of nan iterations:   0 | samples per second: 7.582 | TFLOPs:'
    ' 16.98 |',
    '[2023-08-15 06:31:44,231] [INFO] [logging.py:96:log_dist] [Rank 0] step=2, skipped=1, lr=[1.5e-07, 1'
    '.5e-07], mom=[(0.9, 0.95), (0.9, 0.95)]',
    'steps: 2 loss: 10.6521 iter time (s): 1.337 samples/sec: 23.934',
    ' iteration        2/    2500 | consumed samples:           64 | consumed tokens:       131072 | elap'
    'sed time per iteration (ms): 1346.3 | learning rate: 1.500E-07 | global batch size:    32 | lm loss:'
    ' 1.065210E+01 | loss scale: 32768.0 | grad norm: 14.113 | num zeros: 0.0 | actual seqlen:  2048 | nu'
    'mber of skipped iterations:   0 | number of nan iterations:   0 | samples per second: 23.769 | TFLOP'
    's: 53.25 |',
    '[2023-08-15 06:31:45,481] [INFO] [logging.py:96:log_dist] [Rank 0] step=3, skipped=1, lr=[3e-07, 3e-'
    '07], mom=[(0.9, 0.95), (0.9, 0.95)]',
    'steps: 3 loss: 10.6457 iter time (s): 1.246 samples/sec: 25.683',
    ' iteration        3/    2500 | consumed samples:           96 | consumed tokens:       196608 | elap'
    'sed time per iteration (ms): 1250.2 | learning rate: 3.000E-07 | global batch size:    32 | lm loss:'
    ' 1.064566E+01 | loss scale: 32768.0 | grad norm: 14.740 | num zeros: 0.0 | actual seqlen:  2048 | nu'
    'mber of skipped iterations:   0 | number of nan iterations:   0 | samples per second: 25.596 | TFLOP'
    's: 57.34 |',
]

# Megatron-DeepSpeed's pipeline engine without Megatron's iteration lines (deepspeedai/Megatron-DeepSpeed
# issue 199, its description's six complete lines)
MEGDS_ISSUE_199 = [
    "[2023-08-08 14:29:00,841] [INFO] [logging.py:96:log_dist] [Rank 0] step=1, skipped=0, lr=[1.5e-07, 1.5e-07], "
    "mom=[(0.9, 0.95), (0.9, 0.95)]",
    "steps: 1 loss: 12.6199 iter time (s): 5.400 samples/sec: 47.411",
    "[Rank 1] (after 1 iterations) memory (MB) | allocated: 882.568359375 | max allocated: 13808.224609375 | "
    "reserved: 14718.0 | max reserved: 14718.0",
    "[Rank 0] (after 1 iterations) memory (MB) | allocated: 882.568359375 | max allocated: 13808.224609375 | "
    "reserved: 14718.0 | max reserved: 14718.0",
    "[2023-08-08 14:29:03,915] [INFO] [logging.py:96:log_dist] [Rank 0] step=2, skipped=0, lr=[3e-07, 3e-07], "
    "mom=[(0.9, 0.95), (0.9, 0.95)]",
    "steps: 2 loss: 12.6157 iter time (s): 2.673 samples/sec: 95.775",
]


def test_megatrons_iteration_lines_stay_the_steps_beside_the_pipeline_engines(tmp_path: Path) -> None:
    """With Megatron's iteration lines in the log, they are the steps (the richer view: elapsed
    time per iteration 4220.8 ms, lm loss); DeepSpeed's pipeline lines of the same steps add none."""
    parser, steps, _ = _read(tmp_path, MEGATRON_DS_PIPELINE)
    assert parser == "megatron"
    printed = [(int(m.group(1)), float(m.group(2)) / 1000) for t in MEGATRON_DS_PIPELINE
               if (m := re.search(r"iteration +(\d+)/.*elapsed time per iteration \(ms\): ([\d.]+)", t))]
    assert [(s["step"], s["step_time_s"]) for s in steps] == printed


def test_a_pipeline_line_after_the_engines_step_line_is_that_step(tmp_path: Path) -> None:
    """`[Rank 0] step=1, ...` then `steps: 1 loss: 12.6199 iter time (s): 5.400 ...`: one step 1
    of rank 0, dated by the first, timed and given its loss by the second."""
    _, steps, _ = _read(tmp_path, MEGDS_ISSUE_199)
    assert [(s["rank"], s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (0, 1, 12.6199, 5.4), (0, 2, 12.6157, 2.673)]


# TF-Slim's learning.train whose input queue failed (github.com/dxv2k/pixel_link_py3 @
# 7be071fc5ed37275462d2f6da0e310c8e41f081a : log_train.txt, lines 254-281): it says it finished, then its
# supervisor's stop re-raises the input thread's error
TF_SLIM_FAILED_AFTER = [
    'INFO:tensorflow:Finished training! Saving model to disk.',
    '/usr/local/lib/python3.6/dist-packages/tensorflow/python/summary/writer/writer.py:386: UserWarning: '
    'Attempting to use a closed FileWriter. The operation will be a noop unless the FileWriter is explici'
    'tly reopened.',
    '  warnings.warn("Attempting to use a closed FileWriter. "',
    'Traceback (most recent call last):',
    '  File "train_pixel_link.py", line 295, in <module>',
    '    tf.app.run()',
    '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/platform/app.py", line 125, in run',
    '    _sys.exit(main(argv))',
    '  File "train_pixel_link.py", line 291, in main',
    '    train(train_op)',
    '  File "train_pixel_link.py", line 280, in train',
    '    session_config = sess_config',
    '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/contrib/slim/python/slim/learning.py", line 785, in train',
    '    ignore_live_threads=ignore_live_threads)',
    '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/training/supervisor.py", line 832, in stop',
    '    ignore_live_threads=ignore_live_threads)',
    '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/training/coordinator.py", line 389, in join',
    '    six.reraise(*self._exc_info_to_raise)',
    '  File "/usr/local/lib/python3.6/dist-packages/six.py", line 696, in reraise',
    '    raise value',
    '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/training/queue_runner_impl.py", line 257, in _run',
    '    enqueue_callable()',
    '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/client/session.py", line 1257, in _single_operation_run',
    '    self._call_tf_sessionrun(None, {}, [], target_list, None)',
    '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/client/session.py", line 1407, in _call_tf_sessionrun',
    '    run_metadata)',
    "tensorflow.python.framework.errors_impl.InvalidArgumentError: Key: image/filename.  Can't parse serialized Example.",
    '         [[{{node icdar2015_data_provider/ParseSingleExample/ParseSingleExample}}]]',
]


def test_a_failure_after_tf_slims_finished_training_takes_the_clean_end_back(tmp_path: Path) -> None:
    """`Finished training! Saving model to disk.` then a traceback ending in `InvalidArgumentError`:
    the run crashed; the line it said first is no clean end."""
    _, _, events = _read(tmp_path, TF_SLIM_FAILED_AFTER, parser_name="generic_log")
    kinds = [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")]
    assert kinds == [("crash", 4)]


# torchrun under srun on two nodes, pytorch/examples' DDP tutorial on Lawrencium (its README, index id
# 5090183911, the job's output: its last 12 lines)
TORCHRUN_SUCCEEDED = [
    '[GPU6] Epoch 49 | Batchsize: 32 | Steps: 8[GPU7] Epoch 49 | Batchsize: 32 | Steps: 8',
    '',
    '[GPU4] Epoch 49 | Batchsize: 32 | Steps: 8',
    '[GPU5] Epoch 49 | Batchsize: 32 | Steps: 8',
    'Epoch 49 | Training snapshot saved at snapshot.pt',
    'Epoch 49 | Training snapshot saved at snapshot.pt',
    'INFO:torch.distributed.elastic.agent.server.api:[default] worker group successfully finished. Waitin'
    'g 300 seconds for other agents to finish.',
    'INFO:torch.distributed.elastic.agent.server.api:Local worker group finished (SUCCEEDED). Waiting 300'
    ' seconds for other agents to finish',
    'INFO:torch.distributed.elastic.agent.server.api:[default] worker group successfully finished. Waitin'
    'g 300 seconds for other agents to finish.',
    'INFO:torch.distributed.elastic.agent.server.api:Local worker group finished (SUCCEEDED). Waiting 300'
    ' seconds for other agents to finish',
    'INFO:torch.distributed.elastic.agent.server.api:Done waiting for other agents. Elapsed: 0.0008671283721923828 seconds',
    'INFO:torch.distributed.elastic.agent.server.api:Done waiting for other agents. Elapsed: 0.003488779067993164 seconds',
]

# torchrun's failure report alone, a worker's DistBackendError above it not pasted (pytorch/pytorch issue
# 121209, the description's output block from `[2]:` on)
ELASTIC_REPORT = [
    '[2]:',
    '  time      : 2024-03-05_07:01:51',
    '  host      : vmnuvocinpoc.internal.cloudapp.net',
    '  rank      : 2 (local_rank: 2)',
    '  exitcode  : 1 (pid: 69813)',
    '  error_file: <N/A>',
    '  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
    '[3]:',
    '  time      : 2024-03-05_07:01:51',
    '  host      : vmnuvocinpoc.internal.cloudapp.net',
    '  rank      : 3 (local_rank: 3)',
    '  exitcode  : 1 (pid: 69814)',
    '  error_file: <N/A>',
    '  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
    '------------------------------------------------------------',
    'Root Cause (first observed failure):',
    '[0]:',
    '  time      : 2024-03-05_07:01:51',
    '  host      : vmnuvocinpoc.internal.cloudapp.net',
    '  rank      : 0 (local_rank: 0)',
    '  exitcode  : 1 (pid: 69811)',
    '  error_file: <N/A>',
    '  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
    '============================================================',
]


def test_torchruns_agent_finishing_succeeded_ends_the_run_cleanly(tmp_path: Path) -> None:
    """`Local worker group finished (SUCCEEDED). Waiting 300 seconds ...` (torch 2's wording, no
    `WorkerState.`): every worker exited 0, a clean end after epoch 49, at the last node's agent."""
    _, steps, events = _read(tmp_path, TORCHRUN_SUCCEEDED)
    assert max(s["step"] for s in steps) == 49
    last = max(i for i, t in enumerate(TORCHRUN_SUCCEEDED, start=1) if "finished (SUCCEEDED)" in t)
    ends = [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")]
    assert ends == [("attempt_end", last)] == [("attempt_end", 10)]


def test_torchelastics_failure_report_alone_is_a_crash_dated_by_its_time(tmp_path: Path) -> None:
    """The report's `Root Cause (first observed failure):` is a worker's failure even with no
    traceback or ChildFailedError line before it; its `time : 2024-03-05_07:01:51` dates it."""
    parser, _, events = _read(tmp_path, ELASTIC_REPORT)
    assert parser == "generic_log"
    at = ELASTIC_REPORT.index("Root Cause (first observed failure):") + 1
    crashes = [(e["kind"], e["line"], e["ts_ns"]) for e in events if e["kind"] == "crash"]
    assert crashes == [("crash", at, 1709622111 * 10**9)]  # 2024-03-05T07:01:51Z


# DLRover's elastic job on Kubernetes after a scale-up (github.com/intelligent-machine-learning/dlrover @
# 7d5fdd9b0c35b6b6805565a7f6ff148fcc18b974 : docs/tech_report/fault_tolerance_exps.md, its "Scale up"
# log block): PyTorch's MNIST example printing its steps in the form of TensorFlow's logging hook
DLROVER_STEPS = [
    '[2023-09-27 02:25:43,362] [INFO] [training.py:344:_rendezvous] [default] Rendezvous complete for workers. Result:',
    '  restart_count=1',
    '  master_addr=192.168.0.71',
    '  master_port=58241',
    '  group_rank=0',
    '  group_world_size=4',
    '  local_ranks=[0, 1]',
    '  role_ranks=[0, 1]',
    '  global_ranks=[0, 1]',
    '  role_world_sizes=[8, 8]',
    '  global_world_sizes=[8, 8]',
    '',
    'rank 1 is initialized local_rank = 1rank 0 is initialized local_rank = 0',
    '',
    'loss = 2.2984073162078857, step = 0',
    'loss = 2.1407980918884277, step = 20',
    'loss = 1.1324385404586792, step = 40',
    'loss = 0.4783979058265686, step = 60',
    'loss = 0.5714012384414673, step = 80',
    'loss = 0.6941334009170532, step = 100',
]


def test_a_scripts_own_loss_step_print_is_no_tensorflows(tmp_path: Path) -> None:
    """`loss = 2.2984073162078857, step = 0` with nothing of TensorFlow's around it (no
    `INFO:tensorflow:` tag, no seconds): steps 0-100 with their losses, a script's (`generic`)."""
    _, steps, _ = _read(tmp_path, DLROVER_STEPS)
    printed = [(int(m.group(2)), float(m.group(1))) for t in DLROVER_STEPS
               if (m := re.match(r"loss = ([\d.]+), step = (\d+)$", t))]
    assert [(s["step"], s["loss"]) for s in steps] == printed
    assert {s["framework"] for s in steps} == {"generic"}


# PaddlePaddle's distributed-training FAQ on a rank stopped because another failed (its docs' Chinese
# page, index id 11302655407, the code block after "当训练日志包含如下信息时"): SIGTERM, from another process
PADDLE_SIGTERM = "[SignalInfo: *** SIGTERM (@0x3fe) received by PID 1164 (TID 0x7f6cf1fc6700) from PID 1022 ***]"

# tf_cnn_benchmarks with its accuracy columns (VirtAI's Orion vGPU user guide, index id 33257157547, the
# lines under `Step\tImg/sec\ttotal_loss\ttop_1_accuracy\ttop_5_accuracy`, less the guide's omissions)
TF_CNN_BENCHMARKS_ACCURACY = [
    "Step\tImg/sec\ttotal_loss\ttop_1_accuracy\ttop_5_accuracy",
    "1\timages/sec: 318.7 +/- 0.0 (jitter = 0.0)\t7.415\t0.004\t0.004",
    "10\timages/sec: 357.5 +/- 7.6 (jitter = 15.8)\t7.364\t0.000\t0.000",
    "1490\timages/sec: 370.6 +/- 0.3 (jitter = 7.9)\t6.736\t0.008\t0.043",
    "1500\timages/sec: 370.6 +/- 0.3 (jitter = 7.9)\t6.654\t0.020\t0.070",
]


def test_a_sigterm_report_is_no_crash_of_its_own(tmp_path: Path) -> None:
    """`[SignalInfo: *** SIGTERM ... from PID 1022 ***]`: another process stopped this one (Paddle's
    launcher, after another rank failed); no failure of this process's own."""
    with pytest.raises(ParseError, match="no step, launch, checkpoint or failure line"):
        _read(tmp_path, [PADDLE_SIGTERM], parser_name="generic_log")


def test_tf_cnn_benchmarks_lines_with_accuracy_columns(tmp_path: Path) -> None:
    """`10\\timages/sec: 357.5 +/- 7.6 (jitter = 15.8)\\t7.364\\t0.000\\t0.000`: step 10, loss 7.364
    (its top-1 and top-5 accuracy after it)."""
    _, steps, _ = _read(tmp_path, TF_CNN_BENCHMARKS_ACCURACY)
    printed = [(int(t.split("\t")[0]), float(t.split("\t")[2])) for t in TF_CNN_BENCHMARKS_ACCURACY[1:]]
    assert [(s["step"], s["loss"]) for s in steps] == printed


# a torchvision-style ResNet-50 recipe under torchrun (a public README's `# [TRAINING LOGS]` block, index id
# 1535457772, its lines 46 and 55): the recipe's utility after an epoch's evaluation
SAVING_MODEL_AT = [
    "[2024-12-31 03:32:38,215 - INFO - pid-29175 - torch_utils - line-350] Saving model at 1",
    "[2024-12-31 03:55:23,824 - INFO - pid-29175 - torch_utils - line-350] Saving model at 3",
]

# SkyPilot's launch of a gpt-oss fine-tuning (github.com/skypilot-org/skypilot, the gpt-oss example's README,
# index id 2569021389, the block's last line)
SKYPILOT_SUCCEEDED = [
    "✓ Job finished (status: SUCCEEDED).",
]

# Determined's trial log of an MNIST trial (an e2e test's expected log in a fork of determined-ai/determined,
# index id 37597286552, its last block, lines 29-31)
DETERMINED_END = [
    ('[2023-08-21T20:32:59.211753Z] 834ade79 || INFO: [33] determined.core: Reported checkpoint to master 86dca8dd-b3de-42f9'
     '-844c-7992276b4834'),
    "[2023-08-21T20:33:00.170613Z] 834ade79 || INFO: resources exited successfully with a zero exit code",
    ('[2023-08-21T20:33:00.175160Z]          || INFO: Trial 478 (Experiment 194) was terminated: allocation preempted after '
     'all resources exited: resources exited successfully with a zero exit code'),
]


def test_saving_model_at_an_epoch_is_a_save(tmp_path: Path) -> None:
    """`... torch_utils - line-350] Saving model at 1`: a save after each epoch (none was read)."""
    _, _, events = _read(tmp_path, SAVING_MODEL_AT, parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", 1), ("checkpoint_save_start", 2)]


def test_skypilots_job_finished_succeeded_ends_the_run(tmp_path: Path) -> None:
    """`✓ Job finished (status: SUCCEEDED).`: the job ended cleanly; FAILED is a crash."""
    _, _, events = _read(tmp_path, ["Training Progress for gpt-oss-120b:", *SKYPILOT_SUCCEEDED], parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events] == [("attempt_end", 2)]
    failed = [SKYPILOT_SUCCEEDED[0].replace("✓", "✗").replace("SUCCEEDED", "FAILED")]
    _, _, events = _read(tmp_path, ["Training Progress for gpt-oss-120b:", *failed], parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events] == [("crash", 2)]


def test_determineds_trial_log_reads_its_checkpoint_and_clean_exit(tmp_path: Path) -> None:
    """`determined.core: Reported checkpoint to master <uuid>`, then `INFO: resources exited successfully
    with a zero exit code`: a save and a clean end (the file was refused as no input)."""
    parser, _, events = _read(tmp_path, DETERMINED_END)
    assert parser == "generic_log"
    assert [(e["kind"], e["line"]) for e in events if e["kind"] != "attempt_start"] == [
        ("checkpoint_save_end", 1), ("attempt_end", 2)]


# DeepSpeed 0.15.1's launcher over four pipeline stages (a Korean large-scale LM tutorial's output block, stored
# file id 25206541071, lines 70, 211-216 and 239-245): the engine's report as it is built, then the script's
# own step prints, the exits
DS_SCRIPT_STEPS = [
    ('[2024-09-08 23:02:58,983] [INFO] [logging.py:96:log_dist] [Rank 0] step=0, skipped=0, lr=[3e-05], mo'
     'm=[(0.9, 0.999)]'),
    '100%|███████████████████████████████████████████████████████████| 4800/4800 [00:04<00:00, 1133.00it/s]',
    'step: 0, loss: 6.572026252746582',
    'step: 10, loss: 1.0279344320297241',
    'step: 20, loss: 1.028913974761963',
    'step: 30, loss: 0.7047958970069885',
    'step: 40, loss: 0.7454834580421448',
    'step: 270, loss: 0.2654482126235962',
    'step: 280, loss: 0.2011309415102005',
    'step: 290, loss: 0.18337950110435486',
    '[2024-09-08 23:09:58,105] [INFO] [launch.py:351:main] Process 51269 exits successfully.',
    '[2024-09-08 23:09:58,105] [INFO] [launch.py:351:main] Process 51266 exits successfully.',
    '[2024-09-08 23:09:59,106] [INFO] [launch.py:351:main] Process 51267 exits successfully.',
    '[2024-09-08 23:09:59,107] [INFO] [launch.py:351:main] Process 51268 exits successfully.',
]


def test_a_scripts_own_steps_under_deepspeed_and_the_engines_report_as_it_is_built(tmp_path: Path) -> None:
    """`[Rank 0] step=0, skipped=0, lr=[3e-05], ...` as the engine is built is no step; the script's
    `step: 10, loss: 1.0279344320297241` lines are (the engine printed no step of its own): they
    were "not read", the run's only step the engine's step 0."""
    parser, steps, _ = _read(tmp_path, DS_SCRIPT_STEPS)
    assert parser == "deepspeed"
    printed = [(int(m.group(1)), float(m.group(2)))
               for t in DS_SCRIPT_STEPS if (m := re.match(r"step: (\d+), loss: ([\d.]+)$", t))]
    assert len(printed) >= 6 and [(s["step"], s["loss"]) for s in steps] == printed


# A Ray release test's job log (an Anyscale job: a triage script's sample, stored file id 38473051349, lines
# 14-38): the trial's error, the driver's traceback after it, the job wrapper's report
RAY_TUNE_TRIAL_ERRORED = [
    '    checkpoint_type, _ = checkpoint.get_internal_representation()',
    "AttributeError: 'Checkpoint' object has no attribute 'get_internal_representation'",
    '',
    'Trial TorchTrainer_cb091_00000 errored after 0 iterations at 2023-08-21 05:18:41. Total running time: 31s',
    ('Error file: /mnt/cluster_storage/TorchTrainer_2023-08-21_05-18-10/TorchTrainer_cb091_00000_0_lr=0.00'
     '01_2023-08-21_05-18-10/error.txt'),
    '',
    ('2023-08-21 05:18:41,954\\tERROR tune.py:1142 -- Trials did not complete: [TorchTrainer_cb091_00000, T'
     'orchTrainer_cb091_00001]'),
    '2023-08-21 05:18:41,964\tWARNING experiment_analysis.py:917 -- Failed to read the results for 2 trials:',
    ('- /mnt/cluster_storage/TorchTrainer_2023-08-21_05-18-10/TorchTrainer_cb091_00000_0_lr=0.0001_2023-08'
     '-21_05-18-10'),
    ('- /mnt/cluster_storage/TorchTrainer_2023-08-21_05-18-10/TorchTrainer_cb091_00001_1_lr=0.0010_2023-08'
     '-21_05-18-10'),
    'Retrieving best model.',
    ('2023-08-21 05:18:41,972\\tWARNING experiment_analysis.py:784 -- Could not find best trial. Did you pa'
     'ss the correct `metric` parameter?'),
    'Traceback (most recent call last):',
    '  File "workloads/torch_tune_serve_test.py", line 281, in <module>',
    '    best_checkpoint_path = analysis.get_best_checkpoint(',
    ('  File "/home/ray/anaconda3/lib/python3.8/site-packages/ray/tune/analysis/experiment_analysis.py", l'
     'ine 618, in get_best_checkpoint'),
    '    checkpoint_paths = self.get_trial_checkpoints_paths(trial, metric)',
    ('  File "/home/ray/anaconda3/lib/python3.8/site-packages/ray/tune/analysis/experiment_analysis.py", l'
     'ine 587, in get_trial_checkpoints_paths'),
    '    raise ValueError("trial should be a string or a Trial instance.")',
    'ValueError: trial should be a string or a Trial instance.',
    '',
    'Subprocess return code: 1',
    '[INFO 2023-08-21 05:18:43,186] anyscale_job_wrapper.py: 190  Process 828 exited with return code 1.',
    ('[INFO 2023-08-21 05:18:43,186] anyscale_job_wrapper.py: 292  Finished with return code 1. Time taken'
     ': 36.497740463000014'),
    ("[WARNING 2023-08-21 05:18:43,186] anyscale_job_wrapper.py: 68  Couldn't upload to cloud storage: '/t"
     "mp/release_test_out.json' does not exist."),
]
# `ray job submit` of a torch_tpu example that failed (notes, stored file id 58423551233, lines 6-13)
RAY_JOB_FAILED = [
    ('(train_linear_regression pid=8092, ip=10.56.9.10)   print(f"Epoch [{epoch+1}/{epochs}], Loss: {loss.'
     'item():.4f}") [repeated 3x across cluster]'),
    '',
    '---------------------------------------',
    "Job 'raysubmit_73nQ2jgcpZATWrNN' failed",
    '---------------------------------------',
    '',
    ('Status message: Job entrypoint command failed with exit code 1, last available logs (truncated to 20'
     ',000 chars):'),
    ('(pid=8095, ip=10.56.9.10) I0000 00:00:1779049554.253978    8095 device_rt.cc:88] PjRt runtime initia'
     'lization deferred for tpu [repeated 7x across cluster]'),
]


def test_ray_trains_restore_its_world_size_and_its_running_time(tmp_path: Path) -> None:
    """`Restored on 10.108.2.65 from checkpoint: Checkpoint(...)` is a checkpoint load (the run
    resumed: no estimate of steps its logs do not show); `[rank=0, world_size=4]` the job's world
    size; `Training completed after 10 iterations at 2024-04-29 17:27:45. Total running time: 1min
    9s` its end, and its start 69 s before it (it was the first iteration's line, 17:27:29)."""
    con = console_connection(tmp_path, RAY_TRAIN)
    restored = next(n for n, t in enumerate(RAY_TRAIN, 1) if "from checkpoint: Checkpoint(" in t)
    assert con.execute("select line from log_events where kind = 'checkpoint_load_end'").fetchall() == [(restored,)]
    assert con.execute("select gpus from goodput_headline").fetchone() == (4,)
    ((start, end),) = con.execute("select start_ns, end_ns from attempts").fetchall()
    assert (end - start) / 1e9 == 69 and end == int(datetime(2024, 4, 29, 17, 27, 45, tzinfo=UTC).timestamp()) * 10**9


def test_ray_tunes_trial_error_and_a_failed_ray_job_are_failed_runs(tmp_path: Path) -> None:
    """`Trial TorchTrainer_cb091_00000 errored after 0 iterations at 2023-08-21 05:18:41. ...`: the
    run failed then (its driver's traceback after it, and the job wrapper's lines, are no relaunch),
    and the failure named is the trial's; `Job 'raysubmit_73nQ2jgcpZATWrNN' failed` alone: a failed
    job. Both files were "not a recognised input format"."""
    con = console_connection(tmp_path, RAY_TUNE_TRIAL_ERRORED)
    attempts = con.execute("select end_reason from attempts").fetchall()
    assert attempts == [("crash",)], attempts
    (title,) = con.execute("select title from findings where finding = 'job_failed'").fetchone()
    assert "Ray: trial TorchTrainer_cb091_00000 errored after 0 iterations" in title
    (tmp_path / "job").mkdir()
    _, _, events = _read(tmp_path / "job", RAY_JOB_FAILED)
    failed = next(n for n, t in enumerate(RAY_JOB_FAILED, 1) if t.endswith("' failed"))
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [("crash", failed)]


# Azure ML's (v1) driver log of a HyperDrive child run of a scikit-learn script that completed (github.com/Varsh18/
# IMDB-Moview-Review-Analysis @ 82cc51d377096add522c14a89a43bf340ab8ed68 : 70_driver_log.txt, lines 1-3 and 23-33)
AZUREML_COMPLETED = [
    '2021/04/15 11:54:38 Attempt 1 of http call to http://10.0.0.13:16384/sendlogstoartifacts/info',
    '2021/04/15 11:54:38 Attempt 1 of http call to http://10.0.0.13:16384/sendlogstoartifacts/status',
    '[2021-04-15T11:54:39.207194] Entering context manager injector.',
    '[2021-04-15T11:58:56.363479] The experiment completed successfully. Finalizing run...',
    'Cleaning up all outstanding Run operations, waiting 900.0 seconds',
    '2 items cleaning up...',
    'Cleanup took 0.4047882556915283 seconds',
    '[2021-04-15T11:58:56.971537] Finished context manager injector.',
    '2021/04/15 11:59:02 Attempt 1 of http call to http://10.0.0.13:16384/sendlogstoartifacts/status',
    '2021/04/15 11:59:02 Not exporting to RunHistory as the exporter is either stopped or there is no data.',
    'Stopped: false',
    'OriginalData: 2',
    'FilteredData: 0.',
    '2021/04/15 11:59:02 Process Exiting with Code:  0',
]

# Azure ML's (v1) driver log of a Keras run that failed in its first epoch, the runtime's verdict before the script's
# traceback (github.com/sreenithi/Covid-and-Pneumonia-XRay-Classification @ 71ec09e653cf54cccc3591be1d1385553cd8db88 :
# 70_driver_log.txt, lines 1-3, 70-71, 74-76 and 110-121)
AZUREML_FAILED = [
    '2021/01/31 15:49:22 Attempt 1 of http call to http://10.0.0.5:16384/sendlogstoartifacts/info',
    '2021/01/31 15:49:22 Attempt 1 of http call to http://10.0.0.5:16384/sendlogstoartifacts/status',
    '[2021-01-31T15:49:23.775876] Entering context manager injector.',
    'Epoch 1/230',
    'Starting the daemon thread to refresh tokens in background for process with pid = 100',
    '[2021-01-31T15:49:28.818507] The experiment failed. Finalizing run...',
    'Cleaning up all outstanding Run operations, waiting 900.0 seconds',
    '2 items cleaning up...',
    'ImportError: Could not import PIL.Image. The use of `load_img` requires PIL.',
    '',
    '[2021-01-31T15:49:34.164469] Finished context manager injector with Exception.',
    ('2021/01/31 15:49:35 Failed to parse control script error: /mnt/batch/tasks/workitems/7d780669-ab9f-4'
     '631-ad53-78c9a345ce45/job-1/hd_ef1aecef-04dc-4da_4807596d-590e-4a27-8e26-8dcddce9e634/wd/runTaskLetT'
     'ask_error.json to json File /mnt/batch/tasks/workitems/7d780669-ab9f-4631-ad53-78c9a345ce45/job-1/hd'
     "_ef1aecef-04dc-4da_4807596d-590e-4a27-8e26-8dcddce9e634/wd/runTaskLetTask_error.json doesn't exist"),
    '2021/01/31 15:49:35 Failed to run the wrapper cmd with err: exit status 1',
    '2021/01/31 15:49:35 Attempt 1 of http call to http://10.0.0.5:16384/sendlogstoartifacts/status',
    '2021/01/31 15:49:35 mpirun version string: {',
    'Intel(R) MPI Library for Linux* OS, Version 2018 Update 3 Build 20180411 (id: 18329)',
    'Copyright 2003-2018 Intel Corporation.',
    '}',
    '2021/01/31 15:49:35 MPI publisher: intel ; version: 2018',
    '2021/01/31 15:49:35 Process Exiting with Code:  1',
]


def test_azure_mls_verdict_on_its_run_and_its_runtimes_lines_after_it(tmp_path: Path) -> None:
    """`The experiment completed successfully. Finalizing run...` a clean end, `The experiment failed. ...` a crash
    (the files had not been recognised, or the runtime's lines after the traceback, `Finished context manager
    injector with Exception.` 5 s on, read as a new process: a second attempt); one attempt each, from the runtime's
    first line."""
    con = console_connection(tmp_path, AZUREML_COMPLETED, name="70_driver_log.txt")
    assert con.execute("select count(*), min(end_reason), min(start_ns), min(end_ns) from attempts").fetchone() == (
        1, "completed", int(datetime(2021, 4, 15, 11, 54, 38, tzinfo=UTC).timestamp()) * 10**9,
        int(datetime(2021, 4, 15, 11, 58, 56, tzinfo=UTC).timestamp()) * 10**9 + 363_479_000)
    failed = tmp_path / "failed"
    failed.mkdir()
    con = console_connection(failed, AZUREML_FAILED, name="70_driver_log.txt")
    assert con.execute("select count(*), min(end_reason) from attempts").fetchone() == (1, "crash")
