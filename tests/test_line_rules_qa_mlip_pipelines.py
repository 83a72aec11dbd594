"""Question answering, profiled, Chinese-language, interatomic-potential and pipeline-run logs (the CS224N starters'
dotted dates and their announced evaluations, Kineto's stage lines said again by one process, MindSpore ModelZoo's
saves and end banner, a training bar that times its epoch, NequIP's batch tables, Metaflow's task prefix, NNI's trial
log's dates, torchdistill's save word and its training time of days, Korean and Spanish words for batches, saves and
ends, Intel Fortran's abort at a Ctrl-C, an undated log's launches appended after failures): lines quoted verbatim
from public files (each block's source is cited above it), tiny inputs in, exact rows out, each expectation read off
the quoted text."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from tests.conftest import console_connection
from tests.test_line_rules import _read
from tracelens.parsers import detect, registry
from tracelens.parsers._io import read_head


def _dotted_ns(text: str) -> int:
    """`[02.26.21 04:16:33]` (month, day, year) as UTC nanoseconds."""
    return int(datetime.strptime(text, "[%m.%d.%y %H:%M:%S]").replace(tzinfo=UTC).timestamp()) * 10**9


# The CS224N RobustQA starter's `train.py` (its logger's `datefmt='%m.%d.%y %H:%M:%S'`): an epoch's word, then every
# 5000 steps its word that it evaluates, the results when done; no step line of its own
# (gokuldharan/robustqa@a87bdcbea917dcf26ebab2443c4c338556c399b6, save/baseline-01/log_train.txt, lines 23-38)
ROBUSTQA = [
    '[02.26.21 04:13:26] Preparing Training Data...',
    '[02.26.21 04:16:02] Preparing Validation Data...',
    '[02.26.21 04:16:31] Epoch: 0',
    '[02.26.21 04:16:33] Evaluating at step 0...',
    '[02.26.21 04:32:59] Visualizing in TensorBoard...',
    '[02.26.21 04:32:59] Eval F1: 07.67, EM: 00.05',
    '[02.26.21 06:08:37] Evaluating at step 5000...',
    '[02.26.21 06:25:06] Visualizing in TensorBoard...',
    '[02.26.21 06:25:06] Eval F1: 64.44, EM: 47.97',
    '[02.26.21 08:00:43] Evaluating at step 10000...',
    '[02.26.21 08:17:12] Visualizing in TensorBoard...',
    '[02.26.21 08:17:12] Eval F1: 67.18, EM: 51.27',
    '[02.26.21 09:52:46] Evaluating at step 15000...',
    '[02.26.21 10:09:19] Visualizing in TensorBoard...',
    '[02.26.21 10:09:19] Eval F1: 69.35, EM: 53.50',
    '[02.26.21 10:12:04] Epoch: 1',
]


def test_dotted_dates_date_the_lines_and_an_announced_evaluation_is_the_step_it_names(tmp_path: Path) -> None:
    """`[02.26.21 04:16:33]` is the 26th of February 2021 (month first: no month 26), each line's time; with no step
    line, `Evaluating at step 5000...` is step 5000, ended then (not the epochs 0 and 1 as the steps), and the
    evaluation runs from that line to the next dated one (04:16:33 to 04:32:59: 986 s), the training after it up to
    the next such word being the steps'."""
    name, steps, events = _read(tmp_path, ROBUSTQA, name="log_train.txt")
    announced = [(n, int(m.group(2)), _dotted_ns(m.group(1))) for n, t in enumerate(ROBUSTQA, start=1)
                 if (m := re.match(r"(\[[\d. :]+\]) Evaluating at step (\d+)\.\.\.$", t))]
    assert name == "generic_log"
    assert [(s["line"], s["step"], s["end_ns"]) for s in steps] == announced and len(announced) == 4
    evals = [(e["kind"], e["line"], e["ts_ns"]) for e in events if e["kind"] in ("eval_start", "eval_end")]
    after = {n: _dotted_ns(ROBUSTQA[n][:19]) for n, _, _ in announced}  # (the line after each, its list index)
    assert evals == [item for n, _, ns in announced for item in (("eval_start", n, ns), ("eval_end", n + 1, after[n]))]
    assert (evals[1][2] - evals[0][2]) // 10**9 == 986


# An English-to-Chinese translation trainer run under torch.profiler: Kineto's three `STAGE:` lines at each profiled
# window (its process's id and thread's, `22264:22264`, in each) are the only dated lines, the first of them 166 s
# before the same three again; its own word before each save names the epoch
# (B777B2056-2/machine_translation_en2zh@1f6367ef929f33dfb88944830fa24a5645b512b3, train.log, lines 1-24 and 77-82)
EN2ZH_PROFILED = [
    '/root/.virtualenvs/machine_translation_en2zh/bin/python /tmp/pycharm_project_281/train/train.py --n_epoch=100 --lr=5'
        'e-4 --enable_data_parallel=true --batch_size=128 --num_workers=2 --ckpt=10 --enable_pin_memory=false',
    'start load training data...',
    'Building prefix dict from the default dictionary ...',
    'Loading model from cache /tmp/jieba.cache',
    'Loading model cost 0.644 seconds.',
    'Prefix dict has been built successfully.',
    'finish load training data...',
    'start training...',
    'No checkpoint found, starting fresh training.',
    'Starting Training From Epoch 0',
    'STAGE:2025-04-07 10:29:46 22264:22264 ActivityProfilerController.cpp:314] Completed Stage: Warm Up',
    'STAGE:2025-04-07 10:29:47 22264:22264 ActivityProfilerController.cpp:320] Completed Stage: Collection',
    'STAGE:2025-04-07 10:29:47 22264:22264 ActivityProfilerController.cpp:324] Completed Stage: Post Processing',
    'STAGE:2025-04-07 10:32:32 22264:22264 ActivityProfilerController.cpp:314] Completed Stage: Warm Up',
    'STAGE:2025-04-07 10:32:33 22264:22264 ActivityProfilerController.cpp:320] Completed Stage: Collection',
    'STAGE:2025-04-07 10:32:33 22264:22264 ActivityProfilerController.cpp:324] Completed Stage: Post Processing',
    'Epoch 0 |             Train Loss: 11.2338 | Token Acc: 0.0490 | Seq Acc: 0.0000 |             Val Loss: 10.9681 | To'
        'ken Acc: 0.0660 | Seq Acc: 0.0000',
    'STAGE:2025-04-07 10:33:02 22264:22264 ActivityProfilerController.cpp:314] Completed Stage: Warm Up',
    'STAGE:2025-04-07 10:33:03 22264:22264 ActivityProfilerController.cpp:320] Completed Stage: Collection',
    'STAGE:2025-04-07 10:33:03 22264:22264 ActivityProfilerController.cpp:324] Completed Stage: Post Processing',
    'STAGE:2025-04-07 10:35:47 22264:22264 ActivityProfilerController.cpp:314] Completed Stage: Warm Up',
    'STAGE:2025-04-07 10:35:47 22264:22264 ActivityProfilerController.cpp:320] Completed Stage: Collection',
    'STAGE:2025-04-07 10:35:47 22264:22264 ActivityProfilerController.cpp:324] Completed Stage: Post Processing',
    'Epoch 1 |             Train Loss: 10.8902 | Token Acc: 0.0660 | Seq Acc: 0.0000 |             Val Loss: 10.8130 | To'
        'ken Acc: 0.0661 | Seq Acc: 0.0000',
    'STAGE:2025-04-07 11:01:29 22264:22264 ActivityProfilerController.cpp:314] Completed Stage: Warm Up',
    'STAGE:2025-04-07 11:01:30 22264:22264 ActivityProfilerController.cpp:320] Completed Stage: Collection',
    'STAGE:2025-04-07 11:01:30 22264:22264 ActivityProfilerController.cpp:324] Completed Stage: Post Processing',
    'Epoch 9 |             Train Loss: 9.9476 | Token Acc: 0.0661 | Seq Acc: 0.0000 |             Val Loss: 9.9079 | Toke'
        'n Acc: 0.0661 | Seq Acc: 0.0000',
    'save checkpoint for epoch 9',
    'STAGE:2025-04-07 11:01:59 22264:22264 ActivityProfilerController.cpp:314] Completed Stage: Warm Up',
]


def test_kinetos_stage_lines_said_again_are_the_same_process_and_a_save_word_names_its_epoch(tmp_path: Path) -> None:
    """The profiler's `Completed Stage: Warm Up` line comes again word for word, its process's id in it, after 166 s
    of silence: the same process's line, no relaunch (one attempt start, its first dated line); `save checkpoint for
    epoch 9` begins a save."""
    name, steps, events = _read(tmp_path, EN2ZH_PROFILED, name="train.log")
    first_dated = next(n for n, t in enumerate(EN2ZH_PROFILED, start=1) if t.startswith("STAGE:"))
    assert name == "generic_log" and [s["step"] for s in steps] == [0, 1, 9]
    assert [(e["line"], e.get("detail")) for e in events if e["kind"] == "attempt_start"] == [
        (first_dated, "first dated line of a process")]
    assert [e["line"] for e in events if e["kind"].startswith("checkpoint")] == [
        EN2ZH_PROFILED.index("save checkpoint for epoch 9") + 1]


# MindSpore ModelZoo's YOLOv4 trainer (its logger's `%(asctime)s:%(levelname)s:%(message)s`): its steps, its word as it
# keeps a better checkpoint after an evaluation, and its banner as training ends
# (skyous779/yolov4@25cae0ba152d843a1727c715b3974b5bb627c7c4, 训练日志.log, lines 96-97, 165-166, 2246 and 2264-2266)
MINDSPORE_YOLO = [
    '2022-12-20 14:52:17,060:INFO:epoch[3], iter[99], loss:1325.944938, per step time: 9845.90 ms, fps: 0.81, lr:0.002307'
        '6923098415136',
    '2022-12-20 14:55:03,665:INFO:epoch[7], iter[199], loss:292.660530, per step time: 1666.04 ms, fps: 4.80, lr:0.004615'
        '384619683027',
    '2022-12-20 15:32:39,391:INFO:update best result: 0.4084179992311108',
    '2022-12-20 15:32:43,067:INFO:update best checkpoint at: outputs/2022-12-20_time_14_35_45/ckpt_0/best_map.ckpt',
    '2022-12-20 15:59:50,916:INFO:epoch[319], iter[8299], loss:89.110972, per step time: 499.28 ms, fps: 16.02, lr:2.8914'
        '62429488456e-07',
    '2022-12-20 16:00:03,651:INFO:update best result: 0.526875217797105',
    '2022-12-20 16:00:07,127:INFO:update best checkpoint at: outputs/2022-12-20_time_14_35_45/ckpt_0/best_map.ckpt',
    '2022-12-20 16:00:07,135:INFO:==========end training===============',
]


def test_mindspores_best_checkpoint_word_is_a_save_and_its_end_banner_ends_the_run(tmp_path: Path) -> None:
    """`update best checkpoint at: .../best_map.ckpt` is a save written (twice here); `==========end
    training===============`, right after the logger's `INFO:`, ends the run (its time, 16:00:07,135)."""
    name, steps, events = _read(tmp_path, MINDSPORE_YOLO, name="train.log")
    assert name == "generic_log" and [s["step"] for s in steps] == [99, 199, 8299]
    saves = [n for n, t in enumerate(MINDSPORE_YOLO, start=1) if "update best checkpoint at: " in t]
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == saves and len(saves) == 2
    end = datetime(2022, 12, 20, 16, 0, 7, 135000, tzinfo=UTC)
    assert [(e["line"], e["ts_ns"]) for e in events if e["kind"] == "attempt_end"] == [
        (len(MINDSPORE_YOLO), int(end.timestamp()) * 10**9 + 135_000_000)]


# A segmentation script's epochs (pascal_fcn_segmentation's `train.py` through its `run_experiments.ps1`): its word
# once it has written a better model (cc-sl/pascal_fcn_segmentation@6b8b131937c60ebabb5b04de7cb7607d97242345,
# 训练日志.txt, lines 7-14)
FCN_EPOCH = [
    'Epoch 1/30',
    'LR: 0.001',
    'Training: 100%|██████████████████████████████████████████████████████████████████████| 183/183 [00:41<00:00,  4.44it/s]',
    'Validation: 100%|████████████████████████████████████████████████████████████████████| 182/182 [00:17<00:00, 10.28it/s]',
    'Train Loss: 2.4997, Val Loss: 2.4865',
    '  -> Best model saved',
    '',
    'Epoch 2/30',
]


def test_a_scripts_training_bar_times_its_epoch_and_best_model_saved_is_a_save_written(tmp_path: Path) -> None:
    """With no step line and no clock, the epoch (its head `Epoch 1/30`, its line `Train Loss: 2.4997, ...`) is the
    step, its time the training bar's done between them (`[00:41<00:00`: 41 s; not the validation bar's 17 s); `  ->
    Best model saved` ends a save (the words in that order, as `Saved best model` is)."""
    _, steps, events = _read(tmp_path, FCN_EPOCH, name="train.log", parser_name="generic_log")  # (its whole log is the reader's)
    bar = next(t for t in FCN_EPOCH if t.startswith("Training: 100%"))
    elapsed = re.search(r"\[(\d\d):(\d\d)<", bar)
    assert elapsed is not None
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(1, int(elapsed.group(1)) * 60 + int(elapsed.group(2)))]
    assert [e["line"] for e in events if e["kind"].startswith("checkpoint")] == [FCN_EPOCH.index("  -> Best model saved") + 1]


# `nequip-train` on an Allegro model (M3RG-IITD/MDBENCHGNN@ff0b486fcb4f98fbdd9a66de0cf6fb9e9ceb576c, Logs/allegro/
# allegro_lips20, lines 1-20 and 105-126): its initial validation's batch table, its summary; epoch 1's training table
# (its batches 30 to 860 not quoted), its last batches, its validation's table, the epoch's summary and its best model;
# epoch 2's first batches
NEQUIP_ALLEGRO = [
    'Torch device: cuda',
    'Number of weights: 8152968',
    'Number of trainable weights: 8152968',
    '! Starting training ...',
    '',
    'validation',
    '# Epoch batch         loss       loss_f       loss_e        f_mae       f_rmse        e_mae      e/N_mae',
    '      0    10          150        0.874          149        0.723        0.965          725           10',
    '      0    20          121        0.579          120        0.594        0.785          452          7.4',
    '',
    '',
    '  Initialization     #    Epoch      wal       LR       loss_f       loss_e         loss        f_mae       f_rmse  '
        '      e_mae      e/N_mae',
    '! Initial Validation          0   10.853    0.005        0.874          119          120        0.697        0.968  '
        '        677         8.68',
    'Wall time: 10.854215264320374',
    '! Best model        0  120.090',
    '',
    'training',
    '# Epoch batch         loss       loss_f       loss_e        f_mae       f_rmse        e_mae      e/N_mae',
    '      1    10         55.8         1.71         54.1         1.06         1.35          425         7.59',
    '      1    20         71.2         1.94         69.3         1.09         1.44     1.07e+03         8.59',
    '      1   870         1.98        0.637         1.35        0.637        0.823           67          1.2',
    '      1   880         8.52        0.484         8.03        0.553        0.718          158         2.93',
    '      1   890         1.28        0.516        0.769         0.59        0.741         48.9        0.905',
    '      1   900        0.181        0.166       0.0143        0.334        0.421         11.8        0.123',
    '',
    'validation',
    '# Epoch batch         loss       loss_f       loss_e        f_mae       f_rmse        e_mae      e/N_mae',
    '      1    10        0.665         0.56        0.105        0.542        0.772         18.7        0.245',
    '      1    20        0.246        0.182       0.0642        0.324         0.44         9.19        0.148',
    '',
    '',
    '  Train      #    Epoch      wal       LR       loss_f       loss_e         loss        f_mae       f_rmse        e_'
        'mae      e/N_mae',
    '! Train               1   61.191    0.005         2.29         7.03         9.32         1.07         1.54          '
        '118         1.46',
    '! Validation          1   61.191    0.005        0.567       0.0953        0.662         0.53        0.774         1'
        '9.3        0.236',
    'Wall time: 61.19225558266044',
    '! Best model        1    0.662',
    '',
    'training',
    '# Epoch batch         loss       loss_f       loss_e        f_mae       f_rmse        e_mae      e/N_mae',
    '      2    10         0.42        0.288        0.132        0.426        0.553           48        0.375',
    '      2    20         1.94         1.89       0.0529         1.04         1.42         29.7        0.237',
    '      2    30         3.57        0.888         2.68        0.763        0.973          211         1.69',
]


def test_nequips_batches_count_on_across_epochs_timed_by_its_summaries_and_a_validation_table_is_no_steps(
        tmp_path: Path) -> None:
    """A `training` table's rows are steps, the batch counted on across epochs (epoch 1 ends at its batch 900: epoch
    2's batch 10 is step 910); a `validation` table's rows (the initial one's, epoch 1's) are none. Epoch 1's batches
    took the seconds from the initial validation's summary (`wal` 10.853) to the epoch's (61.191) over its 900
    batches; `! Best model        1    0.662` is a save, at the epoch's last step."""
    name, steps, events = _read(tmp_path, NEQUIP_ALLEGRO, name="allegro_lips20")
    section = ""
    rows = []  # (line, epoch, batch) of each row under a `training` word's table
    for n, t in enumerate(NEQUIP_ALLEGRO, start=1):
        section = t if t in ("training", "validation") else section
        if section == "training" and re.fullmatch(r" +\d+ +\d+( +[-\d.e+]+)+", t):
            rows.append((n, int(t.split()[0]), int(t.split()[1])))
    want = [batch + (900 if epoch == 2 else 0) for _, epoch, batch in rows]
    assert name == "generic_log" and want == [10, 20, 870, 880, 890, 900, 910, 920, 930]
    assert [(s["line"], s["step"]) for s in steps] == [(n, step) for (n, _, _), step in zip(rows, want, strict=True)]
    assert {s["framework"] for s in steps} == {"nequip"}
    assert [s["step_time_s"] for s in steps[:6]] == [(61.191 - 10.853) / 900] * 6
    best = NEQUIP_ALLEGRO.index("! Best model        1    0.662") + 1
    assert [(e["kind"], e["line"], e["step"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_end", best, 900)]


# mlx-lm's LoRA trainer as a Metaflow step (borisBarac/mlx-fine-tuning-pipeline@d3816f7c8ed86d5af0ed2372b5a2084436d99c56,
# pipline_output_example.md, its console block's lines 48-51): Metaflow's time, run, step, task and process before
# each of the trainer's lines
METAFLOW_MLX = [
    '2025-10-30 17:03:55.631 [1761840227122170/train_model/4 (pid 79246)] Iter 1: Val loss 2.699, Val took 2.702s',
    '2025-10-30 17:04:03.375 [1761840227122170/train_model/4 (pid 79246)] Iter 10: Train loss 2.198, Learning Rate 1.000e'
        '-05, It/sec 1.293, Tokens/sec 267.606, Trained Tokens 2070, Peak mem 2.283 GB',
    '2025-10-30 17:04:10.078 [1761840227122170/train_model/4 (pid 79246)] Iter 20: Train loss 1.299, Learning Rate 1.000e'
        '-05, It/sec 1.493, Tokens/sec 291.196, Trained Tokens 4020, Peak mem 2.283 GB',
    '2025-10-30 17:04:16.788 [1761840227122170/train_model/4 (pid 79246)] Iter 30: Train loss 1.248, Learning Rate 1.000e'
        '-05, It/sec 1.492, Tokens/sec 253.876, Trained Tokens 5722, Peak mem 2.283 GB',
]


def test_metaflows_task_prefix_dates_the_message_and_rules_read_the_message_after_it() -> None:
    """`2025-10-30 17:04:03.375 [1761840227122170/train_model/4 (pid 79246)] ` is Metaflow's: the time the line's, the
    message after it mlx-lm's `Iter 10: Train loss ...` (read as mlx-lm's, its step 10 at 17:04:03.375)."""
    from tracelens.parsers._lines import split_lines

    lines = split_lines("\n".join(METAFLOW_MLX) + "\n")
    assert [line.text[:8] for line in lines] == ["Iter 1: ", "Iter 10:", "Iter 20:", "Iter 30:"]
    moment = datetime(2025, 10, 30, 17, 4, 3, 375000, tzinfo=UTC)
    assert lines[1].ts_ns == int(moment.timestamp()) * 10**9 + 375_000_000


def test_metaflows_lines_are_mlx_lms_steps(tmp_path: Path) -> None:
    """The steps are mlx-lm's (its framework named), each at its line's Metaflow time."""
    name, steps, _ = _read(tmp_path, METAFLOW_MLX, name="pipeline.log")
    assert name == "generic_log"
    assert [(s["step"], s["framework"]) for s in steps] == [(10, "mlx_lm"), (20, "mlx_lm"), (30, "mlx_lm")]


# An NNI trial's log (its `trial.log`, NNI's `%m/%d/%Y, %I:%M:%S %p` time; DataLama/ml-experiment-pipeline@
# bd550156ff2d29ba0b76be4ba06ed094190e194e, experiments/KvM2zwsc/trials/HXyej/trial.log, lines 11-18)
NNI_TRIAL = [
    '[01/14/2020, 05:59:53 AM] INFO (mnist_AutoML/MainThread) Train Epoch: 1 [0/60000 (0%)]\tLoss: 2.327957',
    '[01/14/2020, 06:00:01 AM] INFO (mnist_AutoML/MainThread) Train Epoch: 1 [32000/60000 (53%)]\tLoss: 0.088449',
    '[01/14/2020, 06:00:09 AM] INFO (mnist_AutoML/MainThread) ',
    'Test set: Average loss: 0.0447, Accuracy: 9856/10000 (99%)',
    '',
    '[01/14/2020, 06:00:09 AM] INFO (mnist_AutoML/MainThread) Train Epoch: 2 [0/60000 (0%)]\tLoss: 0.045373',
    '[01/14/2020, 06:00:16 AM] INFO (mnist_AutoML/MainThread) Train Epoch: 2 [32000/60000 (53%)]\tLoss: 0.032208',
    '[01/14/2020, 06:00:24 AM] INFO (mnist_AutoML/MainThread) ',
]


def test_nnis_comma_and_twelve_hour_clock_date_its_lines(tmp_path: Path) -> None:
    """`[01/14/2020, 06:00:01 AM]` is 6:00:01 in the morning of the 14th of January 2020: each epoch's lines dated."""
    _, steps, _ = _read(tmp_path, NNI_TRIAL, name="trial.log")
    want = [(n, int(datetime.strptime(t[1:24], "%m/%d/%Y, %I:%M:%S %p").replace(tzinfo=UTC).timestamp()) * 10**9)
            for n, t in enumerate(NNI_TRIAL, start=1) if "Train Epoch" in t]
    assert want[1][1] - want[0][1] == 8 * 10**9
    assert [(s["line"], s["end_ns"]) for s in steps] == want


# torchdistill's trainer (its logger's tab-separated fields) after its last epoch: its validation, its word before it
# saves a better model, and the run's training time, over a week (yoshitomo-matsubara/torchdistill@
# 84cef324c30d7811f906199c0d78c161f1dfc7fa, configs/official/ilsvrc2012/yoshitomo-matsubara/rrpr2020/
# crd-resnet18_from_resnet34.log, lines 1150-1157)
TORCHDISTILL_END = [
    '2020-10-16 21:41:05,044\tINFO\tkdkit.misc.log\tEpoch: [99]  [5000/5025]  eta: 0:00:31  lr: 0.00010000000000000003  i'
        'mg/s: 219.41691238422658  loss: 4.5980 (4.5907)  time: 1.0610  data: 0.0088  max mem: 4760',
    '2020-10-16 21:41:13,258\tINFO\tkdkit.misc.log\tEpoch: [99] Total time: 1:46:47',
    '2020-10-16 21:41:20,381\tINFO\tkdkit.misc.log\tValidation:  [  0/131]  eta: 0:15:30  acc1: 59.3750 (59.3750)  acc5: '
        '84.3750 (84.3750)  time: 7.1065  data: 7.0047  max mem: 4760',
    '2020-10-16 21:41:44,682\tINFO\tkdkit.misc.log\tValidation: Total time: 0:00:31',
    '2020-10-16 21:41:44,738\tINFO\t__main__\t * Acc@1 70.9386\tAcc@5 89.9902',
    '',
    '2020-10-16 21:41:44,739\tINFO\t__main__\tUpdating ckpt (Best top1 accuracy: 70.8606 -> 70.9386)',
    '2020-10-16 21:41:44,929\tINFO\t__main__\tTraining time 7 days, 11:18:29',
]


def test_torchdistills_updating_ckpt_begins_a_save_and_its_training_time_of_days_ends_the_run(tmp_path: Path) -> None:
    """`Updating ckpt (Best top1 accuracy: ...)` begins a save (its `save_ckpt` right after); `Training time 7 days,
    11:18:29` after the logger's tab ends the run, at its line's time."""
    _, _, events = _read(tmp_path, TORCHDISTILL_END, name="train.log", parser_name="generic_log")
    saving = next(n for n, t in enumerate(TORCHDISTILL_END, start=1) if "Updating ckpt (" in t)
    ending = next(n for n, t in enumerate(TORCHDISTILL_END, start=1) if "Training time 7 days" in t)
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [("checkpoint_save_start", saving)]
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [ending]


# A Korean MNIST trainer's console (ttotoori-collab/practice@0ef36a7fe8454f32a26012f36cf5367c3f4935f6, 학습로그.txt, lines
# 9-17): its epoch's head, its batches (`에폭 1 | 배치  100/469 ... | 손실 0.5377`: epoch, batch, loss), the epoch's mean
# and time, its evaluation, and its word that it saved the weights
KOREAN_EPOCH = [
    '[에폭 1/5] 학습 시작',
    '  에폭 1 | 배치  100/469 ( 21.3%) | 손실 0.5377',
    '  에폭 1 | 배치  200/469 ( 42.6%) | 손실 0.3314',
    '  에폭 1 | 배치  300/469 ( 64.0%) | 손실 0.2925',
    '  에폭 1 | 배치  400/469 ( 85.3%) | 손실 0.2715',
    '  에폭 1 | 배치  469/469 (100.0%) | 손실 0.1358',
    '  -> 에폭 1 평균 손실 0.5112 (소요 211.7초)',
    '  [평가] 평균 손실 0.0544 | 정확도 9823/10000 (98.23%)',
    "  -> 최고 정확도 갱신, 가중치를 'mnist_cnn.pt'에 저장했습니다.",
]


def test_a_korean_batch_word_is_a_batch_and_a_korean_save_sentence_a_save(tmp_path: Path) -> None:
    """`배치` is the batch: `에폭 1 | 배치  100/469` is epoch 1's batch 100 of 469 (the steps 100 ... 469, not the epoch
    alone); `가중치를 'mnist_cnn.pt'에 저장했습니다.` (the weights saved to mnist_cnn.pt) is a save written."""
    _, steps, events = _read(tmp_path, KOREAN_EPOCH, name="train.txt", parser_name="generic_log")
    batches = [int(m.group(1)) for t in KOREAN_EPOCH if (m := re.search(r"배치 +(\d+)/469", t))]
    assert [s["step"] for s in steps] == batches == [100, 200, 300, 400, 469]
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_end", len(KOREAN_EPOCH))]


# A Spanish CIFAR-10 trainer's log (lulunkaii/IA_ImgReconDescriptivo@68ad95b518ce15ccb0f0b830d67933509be863ff,
# log_entrenamiento.txt, lines 27-31 and 1092-1093): an epoch's summary, its word that it saved a better model, and the
# run's word that training completed
SPANISH_EPOCH = [
    'Epoch 1/50:',
    '  Train Loss: 1.6934, Train Acc: 38.41%',
    '  Val Loss: 1.4608, Val Acc: 46.94%',
    '  Time: 552.98s, LR: 0.000300',
    '  ✓ Nuevo mejor modelo guardado! Val Acc: 46.94%',
    '--------------------------------------------------',
    'Entrenamiento completado. Mejor accuracy de validación: 79.37%',
]


def test_spanish_words_for_a_model_saved_and_training_completed(tmp_path: Path) -> None:
    """`✓ Nuevo mejor modelo guardado!` (a new best model saved) is a save written; `Entrenamiento completado.` (training
    completed) ends the run."""
    _, _, events = _read(tmp_path, SPANISH_EPOCH, name="train.txt", parser_name="generic_log")
    saved = next(n for n, t in enumerate(SPANISH_EPOCH, start=1) if "modelo guardado" in t)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("checkpoint_save_end", "attempt_end")] == [
        ("checkpoint_save_end", saved), ("attempt_end", len(SPANISH_EPOCH))]


# Chinese words for a model saved: a CIFAR trainer's Python logging (Kennyxyc/shang@6a808da809bfb8594da466e44bd4a3b8268a414e,
# 训练日志.log, lines 2-4: `最优模型已保存` "best model saved"), and an adapter trainer's console
# (baizhu0414/VID-AdapterProj@2d1eed1e338ad6ca1eaf188e2c8af87ce16d1190, 训练日志.txt, lines 23-26 and 94-98: `去噪图已保存`
# "denoised image saved" at a step, `模型保存完成` "model save done" after its epoch)
CHINESE_BEST_SAVED = [
    '2026-02-25 22:18:32,077 - INFO - Epoch [1/50] | Train Loss: 1.6985 | Train Acc: 38.57% | V'
    'al Loss: 3.9981 | Val Acc: 10.00% | Time: 40.03s',
    '2026-02-25 22:18:32,101 - INFO - ✅ 最优模型已保存！Best Acc: 10.00%',
    '2026-02-25 22:19:17,857 - INFO - Epoch [2/50] | Train Loss: 1.3826 | Train Acc: 50.28% | V'
    'al Loss: 3.1204 | Val Acc: 10.33% | Time: 43.54s',
]
CHINESE_EPOCH_SAVED = [
    'Epoch 1/50:   0%|                                                                         '
    '                                      | 0/1774 [00:00<?, ?it/s]',
    '[Step 0] ID特征平均余弦相似度：0.0422（目标：逐步提升至0.8+）',
    '[Step 0] 去噪图已保存：x_hat_step_0.png',
    "Step 0 梯度范数：{'id_proj_grad': 0.00024040245625656098, 'avg_scale_grad': 1.0413979513179683e"
    "-06, 'id_fusion_grad': 7.981893759279046e-07}",
    'Epoch 10/50:  58%|██████████████████████████████▎                     | 1034/1774 [05:42<0'
    "4:04,  3.03it/s, loss=0.3730, diff_loss=0.1280, id_loss=2.0851]Step 17000 梯度范数：{'id_proj_g"
    "rad': 0.00028495400329120457, 'avg_scale_grad': 0.0002705313696087508, 'id_fusion_grad': 9"
    '.96511062112404e-07}',
    'Epoch 10/50: 100%|████████████████████████████████████████████████████| 1774/1774 [09:47<0'
    '0:00,  3.02it/s, loss=0.3767, diff_loss=0.1299, id_loss=2.1000]',
    '',
    '[EPOCH 10] 平均总损失：0.4242 | 扩散损失：0.1790 | ID损失：2.0874',
    '[INFO] 模型保存完成 | saved_vehicle_model/vehicle_model_epoch_10.pth',
]


def test_chinese_words_for_a_model_saved_are_saves_and_an_image_saved_none(tmp_path: Path) -> None:
    """`✅ 最优模型已保存！` and `[INFO] 模型保存完成 | ...epoch_10.pth` are saves written (each was none); `[Step 0]
    去噪图已保存：x_hat_step_0.png` (an image) none."""
    for lines, word in ((CHINESE_BEST_SAVED, "最优模型已保存"), (CHINESE_EPOCH_SAVED, "模型保存完成")):
        _, _, events = _read(tmp_path, lines, name="train.log", parser_name="generic_log")
        saved = [n for n, t in enumerate(lines, start=1) if word in t]
        assert len(saved) == 1
        assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
            ("checkpoint_save_end", saved[0])]


# The CIFAR trainer's fourth launch stopping early, and its fifth's first epoch, appended to the same log
# (Kennyxyc/shang@6a808da809bfb8594da466e44bd4a3b8268a414e, 训练日志.log, lines 124-131: `🛑 早停` "early stop", then
# the next launch's `Save best model with acc: 0.5821`)
CHINESE_EARLY_STOP = [
    '2026-02-26 00:51:27,301 - INFO - Epoch [18/50] | Train Loss: 0.6233 | Train Acc: 78.77% | '
    'Val Loss: 0.7932 | Val Acc: 10.02% | Time: 158.46s',
    '2026-02-26 00:51:27,301 - INFO - ⚠️ 验证集未提升，连续 10/10',
    '2026-02-26 00:51:27,301 - INFO - 🛑 早停',
    '2026-02-26 00:51:29,541 - INFO - 🎉 最终测试集准确率: 53.83%',
    '2026-02-26 10:14:00,162 - INFO - Epoch [1/50] Train loss: 1.5544 acc: 0.4235 | Val loss: 1'
    '.1494 acc: 0.5821 | Time: 44.71s',
    '2026-02-26 10:14:00,177 - INFO - Save best model with acc: 0.5821',
    '2026-02-26 10:14:53,219 - INFO - Epoch [2/50] Train loss: 1.1719 acc: 0.5810 | Val loss: 1'
    '.0547 acc: 0.6128 | Time: 49.77s',
    '2026-02-26 10:14:53,227 - INFO - Save best model with acc: 0.6128',
]


def test_a_chinese_early_stop_ends_the_run_and_save_best_model_with_is_a_save(tmp_path: Path) -> None:
    """`- INFO - 🛑 早停` ends the run as an early stop does (the launch read as one restarted); `Save best model with
    acc: 0.5821` is a save written (it was none)."""
    _, _, events = _read(tmp_path, CHINESE_EARLY_STOP, name="train.log", parser_name="generic_log")
    stopped = next(n for n, t in enumerate(CHINESE_EARLY_STOP, start=1) if t.endswith("早停"))
    saved = [n for n, t in enumerate(CHINESE_EARLY_STOP, start=1) if "Save best model with" in t]
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [stopped]
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_end", n) for n in saved]
    assert len(saved) == 2


# An Anaconda Prompt on Windows (SIakovlev/CarND_CapstoneProject@c633acf0541e165c2d594f0632c7c031cb443335, training/runs/
# 0_first_try_fixed_scores_result/output.txt, lines 149-157): the script's word that training finished, then Intel
# Fortran's runtime (MKL's, under NumPy) killing the process at a Ctrl-C, its stack table, and the prompt back
WINDOWS_CTRL_C = [
    '2018-07-20 21:25:27.396357: W C:\\tf_jenkins\\home\\workspace\\rel-win\\M\\windows-gpu\\PY\\36\\tensorflow\\core\\co'
        'mmon_runtime\\bfc_allocator.cc:217] Allocator (GPU_0_bfc) ran out of memory trying to allocate 2.13GiB. The caller i'
        'ndicates that this is not a failure, but may mean that there could be performance gains if more memory is available.',
    '....................................................................',
    'Epoch: 0 Loss/batch: nan time so far: 0:00:32.034691',
    'Training Finished. Saving test images to: ./runs\\1532118356.7836192',
    'forrtl: error (200): program aborting due to control-C event',
    'Image              PC                Routine            Line        Source',
    'libifcoremd.dll    00007FF9A0E894C4  Unknown               Unknown  Unknown',
    'KERNELBASE.dll     00007FFA08507EDD  Unknown               Unknown  Unknown',
    'KERNEL32.DLL       00007FFA09B31FE4  Unknown               Unknown  Unknown',
]


def test_intel_fortrans_abort_at_a_ctrl_c_is_the_processs_failure(tmp_path: Path) -> None:
    """`forrtl: error (200): program aborting due to control-C event` is a failure, after the script's `Training
    Finished.`: the process was killed while it went on saving."""
    _, _, events = _read(tmp_path, WINDOWS_CTRL_C, name="output.txt", parser_name="generic_log")
    aborted = next(n for n, t in enumerate(WINDOWS_CTRL_C, start=1) if t.startswith("forrtl: "))
    assert [e["line"] for e in events if e["kind"] == "crash"] == [aborted]


# A DomainBed fork's `out.txt` (messliyan/DomainBed-sleep@3fd87a86c7c6f05f69e11621953e28fd8b234c2b, results/
# dann_test_env0/out.txt, lines 1-3 and 52-61): a launch's environment block, then its traceback before any step, then
# the next launch's block, appended to the same file; no line dated
DOMAINBED_APPENDED = [
    'Environment:',
    '\tPython: 3.13.5',
    '\tPyTorch: 2.9.0+cpu',
    'Traceback (most recent call last):',
    '  File "<frozen runpy>", line 198, in _run_module_as_main',
    '  File "<frozen runpy>", line 88, in _run_code',
    '  File "D:\\PycharmProjects\\DomainBed-sleep\\scripts\\train.py", line 134, in <module>',
    '    raise NotImplementedError',
    'NotImplementedError',
    'Environment:',
    '\tPython: 3.13.5',
    '\tPyTorch: 2.9.0+cpu',
    '\tCUDA: None',
]


def test_an_undated_logs_first_lines_again_after_a_failure_are_a_launch_though_no_step_came(tmp_path: Path) -> None:
    """`Environment:` then `\tPython: 3.13.5` again after the first launch's `NotImplementedError` (no step logged): the
    next launch, appended to the log."""
    _, steps, events = _read(tmp_path, DOMAINBED_APPENDED, name="out.txt", parser_name="generic_log")
    again = [n for n, t in enumerate(DOMAINBED_APPENDED, start=1) if t == "Environment:"][1]
    assert not steps
    assert [e["line"] for e in events if e["kind"] == "crash"] == [
        DOMAINBED_APPENDED.index("Traceback (most recent call last):") + 1]
    assert [(e["line"], e["detail"]) for e in events if e["kind"] == "attempt_start"] == [
        (again, "the log's first line again after a failure: a launch appended to it")]


# A chess self-play trainer's log, its messages Spanish, appended to at each launch (Origimed/chess@
# 2d64c83959c101d1b20cb4f1f58ca5ba17c0b13f, entrenamiento.log, lines 1-8): its first line (`Pesos cargados desde
# chess_model.pth`, the weights loaded) again after each launch's `Using device: cpu`
CHESS_LAUNCHES = [
    '2025-01-11 09:51:55,753 [INFO] Pesos cargados desde chess_model.pth',
    '2025-01-11 09:51:56,708 [INFO] Pesos cargados desde chess_model.pth',
    '2025-01-11 10:00:03,086 [INFO] Using device: cpu',
    '2025-01-11 10:00:08,445 [INFO] Pesos cargados desde chess_model.pth',
    '2025-01-11 10:00:09,324 [INFO] Pesos cargados desde chess_model.pth',
    '2025-01-11 10:01:38,582 [INFO] Using device: cpu',
    '2025-01-11 10:01:40,353 [INFO] Pesos cargados desde chess_model.pth',
    '2025-01-11 10:01:41,238 [INFO] Pesos cargados desde chess_model.pth',
]


def test_a_logs_name_that_says_training_in_spanish_lets_its_first_line_again_claim_it(tmp_path: Path) -> None:
    """No step line: `entrenamiento.log` (training, in Spanish) names the log's training as `train.log` would, and its
    first line said again 8 minutes later, 5 s after the launch's `Using device: cpu`, is a launch (the next one's, 2 s
    after its own, is too soon for a start to tell it from a line said twice); the same lines as `run.log` are no log
    tracelens claims."""
    name, steps, events = _read(tmp_path, CHESS_LAUNCHES, name="entrenamiento.log")
    assert name == "generic_log" and not steps
    assert [e["line"] for e in events if e["kind"] == "attempt_start" and e["line"] > 1][:1] == [4]
    assert CHESS_LAUNCHES[3].endswith("Pesos cargados desde chess_model.pth") and CHESS_LAUNCHES[2].endswith("cpu")
    path = tmp_path / "run.log"
    path.write_text("\n".join(CHESS_LAUNCHES) + "\n", encoding="utf-8")
    assert detect(path, read_head(path), registry())[0] is None


# PyTorch's Quickstart tutorial's loop as a user's notes keep its output (index id 10154940060, a notes file, its
# console block's first two epochs): each epoch's head and rule, every 100 batches the loss and the samples done
# (`(batch + 1) * len(X)`: 64 a batch), then its test
QUICKSTART = [
    'Epoch 1',
    '-------------------------------',
    'loss: 2.303494  [   64/60000]',
    'loss: 2.294637  [ 6464/60000]',
    'loss: 2.277102  [12864/60000]',
    'loss: 2.269977  [19264/60000]',
    'loss: 2.254234  [25664/60000]',
    'loss: 2.237145  [32064/60000]',
    'loss: 2.231056  [38464/60000]',
    'loss: 2.205036  [44864/60000]',
    'loss: 2.203239  [51264/60000]',
    'loss: 2.170890  [57664/60000]',
    'Test Error:',
    ' Accuracy: 53.9%, Avg loss: 2.168587',
    '',
    'Epoch 2',
    '-------------------------------',
    'loss: 2.177784  [   64/60000]',
    'loss: 2.168083  [ 6464/60000]',
    'loss: 2.114908  [12864/60000]',
    'loss: 2.130411  [19264/60000]',
    'loss: 2.087470  [25664/60000]',
    'loss: 2.039667  [32064/60000]',
    'loss: 2.054271  [38464/60000]',
    'loss: 1.985452  [44864/60000]',
    'loss: 1.996019  [51264/60000]',
    'loss: 1.917239  [57664/60000]',
    'Test Error:',
    ' Accuracy: 60.2%, Avg loss: 1.920371',
]


def test_the_quickstart_tutorials_loss_lines_are_its_batches(tmp_path: Path) -> None:
    """`loss: 2.303494  [   64/60000]` under `Epoch 1` is a step: its first line's count, 64, is one batch (the
    tutorial's `(batch + 1) * len(X)`), so `[ 6464/60000]` ends batch 100 (6464 / 64 - 1), an epoch holds 938 batches
    (60000 / 64, rounded up) and epoch 2's first line ends step 938; each its loss."""
    name, steps, _ = _read(tmp_path, QUICKSTART, name="quickstart.txt")
    counted = re.search(r"\[ *(\d+)/", next(t for t in QUICKSTART if t.startswith("loss: ")))
    assert counted is not None
    batch = int(counted.group(1))
    epoch, want = 0, []
    for n, t in enumerate(QUICKSTART, start=1):
        epoch = int(t.split()[1]) if t.startswith("Epoch ") else epoch
        if (m := re.match(r"loss: ([\d.]+) +\[ *(\d+)/(\d+)\]", t)) is not None:
            want.append((n, (epoch - 1) * -(-int(m.group(3)) // batch) + int(m.group(2)) // batch - 1, float(m.group(1))))
    assert name == "generic_log" and batch == 64 and len(want) == 20
    assert [(s["line"], s["step"], s["loss"]) for s in steps] == want
    assert [w[1] for w in want[:2]] == [0, 100] and want[10][1] == 938


# ai8x-training (Distiller's classifier loop) on a MAX78000 model (jaskrizzdp/Eye-State-Open-Vs-Closed-Binary-
# Classification-using-AI8X-MAX78000FTHR@d9a5ca5766c513ec6982f16fefcad8e3012e9c23, `eyes (AI8X)/EYES AI8X/ai8x-training
# (eyes)/logs/2025.12.30-033219/2025.12.30-033219.log`, lines 15-31): epoch 0's training rows, its validation (header,
# loop row, result, confusion matrix), its save, and epoch 1's first row
DISTILLER_EPOCH = [
    '2025-12-30 03:33:16,449 - Epoch: [0][   10/   17]    Overall Loss 0.595829    Objective Loss 0.595829               '
        '                         LR 0.001000    Time 5.669800    ',
    '2025-12-30 03:33:32,174 - Epoch: [0][   17/   17]    Overall Loss 0.517807    Objective Loss 0.517807    Top1 84.894'
        '260    LR 0.001000    Time 4.259687    ',
    '2025-12-30 03:33:34,226 - --- validate (epoch=0)-----------',
    '2025-12-30 03:33:34,231 - 463 samples (256 per mini-batch)',
    '2025-12-30 03:33:57,709 - Epoch: [0][    2/    2]    Loss 0.422537    Top1 83.369330    ',
    '2025-12-30 03:33:59,235 - ==> Top1: 83.369    Loss: 0.423',
    '',
    '2025-12-30 03:33:59,240 - ==> Confusion:',
    '[[200  49]',
    ' [ 28 186]]',
    '',
    '2025-12-30 03:33:59,255 - ==> Best [Top1: 83.369   Params: 57776 on epoch: 0]',
    '2025-12-30 03:33:59,257 - Saving checkpoint to: logs\\2025.12.30-033219\\checkpoint.pth.tar',
    '2025-12-30 03:33:59,289 - ',
    '',
    '2025-12-30 03:33:59,291 - Training epoch: 4171 samples (256 per mini-batch, world size: 1)',
    '2025-12-30 03:34:51,583 - Epoch: [1][   10/   17]    Overall Loss 0.375108    Objective Loss 0.375108               '
        '                         LR 0.001000    Time 5.228701    ',
]


def test_distillers_time_is_the_steps_and_its_validation_from_header_to_result_an_evaluation(tmp_path: Path) -> None:
    """`Time 5.669800` on Distiller's training row is its batches' mean time (a step's); `--- validate (epoch=0)---`
    to `==> Top1: 83.369    Loss: 0.423` is an evaluation (03:33:34,226 to 03:33:59,235), its loop's row no step."""
    name, steps, events = _read(tmp_path, DISTILLER_EPOCH, name="2025.12.30-033219.log")
    rows = [(n, float(t.rsplit("Time ", 1)[1])) for n, t in enumerate(DISTILLER_EPOCH, start=1) if "Objective Loss" in t]
    assert name == "generic_log" and [(s["line"], s["step_time_s"]) for s in steps] == rows and len(rows) == 3
    header = next(n for n, t in enumerate(DISTILLER_EPOCH, start=1) if "--- validate (epoch=0)" in t)
    result = next(n for n, t in enumerate(DISTILLER_EPOCH, start=1) if "==> Top1: " in t)
    stamp = datetime(2025, 12, 30, 3, 33, 34, tzinfo=UTC)
    assert [(e["kind"], e["line"], e["ts_ns"]) for e in events if e.get("detail") == "Distiller's evaluation"] == [
        ("eval_start", header, int(stamp.timestamp()) * 10**9 + 226_000_000),
        ("eval_end", result, int(stamp.timestamp()) * 10**9 + 25_235_000_000)]


# insightface's arcface_torch `training.log` appended to by each launch (SabagYoav/arcface_torch_v2@
# b3a6b3b545d6e34a05111ff35051376c28ce4069, work_dirs/_a2f1m_r50_dev/training.log, lines 1-6 and 43-45): each process's
# logger's first word, its rank (`rank_id: 0`), four launches that died at once, one that printed its config, the next
ARCFACE_LAUNCHES = [
    'Training: 2025-12-01 10:11:27,690-rank_id: 0',
    'Training: 2025-12-01 10:11:54,581-rank_id: 0',
    'Training: 2025-12-01 10:12:49,963-rank_id: 0',
    'Training: 2025-12-01 10:14:40,212-rank_id: 0',
    'Training: 2025-12-01 10:14:42,596-: margin_list              (1.0, 0.0, 0.4)',
    'Training: 2025-12-01 10:14:42,597-: network                  r50',
    'Training: 2025-12-01 10:15:17,024-rank_id: 0',
    'Training: 2025-12-01 10:15:19,381-: margin_list              (1.0, 0.0, 0.4)',
    'Training: 2025-12-01 10:15:19,381-: network                  r50',
]


def test_arcface_torchs_rank_word_starts_each_launch_though_none_logged_a_step(tmp_path: Path) -> None:
    """Each `Training: ...-rank_id: 0` is a process's start: five launches, five attempts, though none logged a step
    (the first four died within a minute or two of their start, the fifth after its config)."""
    (tmp_path / "store").mkdir()
    con = console_connection(tmp_path / "store", ARCFACE_LAUNCHES, name="training.log")
    launches = [t for t in ARCFACE_LAUNCHES if t.endswith("-rank_id: 0")]
    assert len(launches) == 5
    assert con.execute("select count(*) from attempts").fetchone()[0] == len(launches)


# TransReID's trainer (SOLIDER-REID's copy; AbdusalamAblimit/SOLIDER-REID@7c8fa887d48761a177c6354de73aac5a1b41468e,
# experiments/exp001_baseline/train.log, lines 173-175): its epoch, its iteration within the epoch, loss, accuracy, lr
TRANSREID_STEPS = [
    '2026-03-04 11:25:30 transreid.train INFO: Epoch[1] Iter[20/227] Loss: 19.420, Acc: 0.001, Base Lr: 4.76e-05, ETA: 5:00:01',
    '2026-03-04 11:25:41 transreid.train INFO: Epoch[1] Iter[40/227] Loss: 17.093, Acc: 0.002, Base Lr: 4.76e-05, ETA: 4:35:35',
    '2026-03-04 11:25:52 transreid.train INFO: Epoch[1] Iter[60/227] Loss: 15.622, Acc: 0.002, Base Lr: 4.76e-05, ETA: 4:25:52',
]


def test_transreids_epoch_and_iteration_are_no_mmcv_runners_and_its_loss_and_lr_are_read(tmp_path: Path) -> None:
    """`Epoch[1] Iter[20/227] Loss: 19.420, ..., Base Lr: 4.76e-05` is epoch 1's iteration 20 (its step 20, the first
    epoch's), its loss 19.420 and learning rate 4.76e-05: a script's own line, not mmcv's `Iter [50/1000]` runner."""
    _, steps, _ = _read(tmp_path, TRANSREID_STEPS, name="train.log")
    said = [re.search(r"Iter\[(\d+)/227\] Loss: ([\d.]+), .* Base Lr: ([\d.e-]+),", t) for t in TRANSREID_STEPS]
    assert [(s["step"], s["loss"], s["lr"], s["framework"]) for s in steps] == [
        (int(m.group(1)), float(m.group(2)), float(m.group(3)), "generic") for m in said if m is not None]


# NERSC's SC24 deep-learning tutorial's ViT trainer on Frontier (alexk101/sc24-dl-tutorial@
# 73fb5890e88289e0ffb6bed9e21f7e7caae54525, 1000_scientists/param-sweep-python-3109071.out, lines 244-249): every 100
# iterations the time since training began, then the iteration of the run's total
NERSC_ITERATIONS = [
    '2025-02-28 09:08:05,495 - root - INFO - Time elapsed: 242.40s, Remaining: 0.34h',
    '2025-02-28 09:08:05,496 - root - INFO - Current iteration: 100/500000 (0.0%)',
    '2025-02-28 09:11:51,193 - root - INFO - Time elapsed: 468.09s, Remaining: 0.28h',
    '2025-02-28 09:11:51,194 - root - INFO - Current iteration: 200/500000 (0.0%)',
    '2025-02-28 09:15:29,282 - root - INFO - Time elapsed: 686.18s, Remaining: 0.22h',
    '2025-02-28 09:15:29,297 - root - INFO - Current iteration: 300/500000 (0.1%)',
]


def test_a_current_iteration_of_its_total_is_a_step_at_its_lines_time(tmp_path: Path) -> None:
    """`Current iteration: 100/500000 (0.0%)` is step 100, ended at its line's time (no metric on the line: its count of
    the run's total and its share are the step's own words)."""
    _, steps, _ = _read(tmp_path, NERSC_ITERATIONS, name="job.out")
    said = [(n, int(m.group(1))) for n, t in enumerate(NERSC_ITERATIONS, start=1)
            if (m := re.search(r"Current iteration: (\d+)/500000", t))]
    assert [(s["line"], s["step"]) for s in steps] == said and len(said) == 3
    first = datetime(2025, 2, 28, 9, 8, 5, tzinfo=UTC)
    assert steps[0]["end_ns"] == int(first.timestamp()) * 10**9 + 496_000_000


# The Annotated Transformer's training run (Harvard NLP's notebook, as a course's copy ran it; AdhilshaA/
# annotated-transformer@276e06f38c335e992ae5036f35fda285a4c36b3b, training_log.txt, lines 2-5 and 45-55): each epoch's
# banner, then `run_epoch`'s lines, `Epoch Step` the batch within the epoch, counted from 1 again each epoch
ANNOTATED_TRANSFORMER = [
    '[Epoch 0] Training ====',
    'Epoch Step:      1 | Accumulation Step:   1 | Loss:   7.67 | Tokens / Sec:    27.4 | Learning Rate: 1.1e-06',
    'Epoch Step:     41 | Accumulation Step:   5 | Loss:   7.37 | Tokens / Sec:   115.2 | Learning Rate: 2.3e-05',
    'Epoch Step:     81 | Accumulation Step:   9 | Loss:   6.86 | Tokens / Sec:   127.1 | Learning Rate: 4.4e-05',
    'Epoch Step:   1681 | Accumulation Step: 169 | Loss:   2.69 | Tokens / Sec:   126.7 | Learning Rate: 9.0e-04',
    'Epoch Step:   1721 | Accumulation Step: 173 | Loss:   2.61 | Tokens / Sec:   126.7 | Learning Rate: 9.3e-04',
    'Epoch Step:   1761 | Accumulation Step: 177 | Loss:   2.93 | Tokens / Sec:   127.4 | Learning Rate: 9.5e-04',
    'Epoch Step:   1801 | Accumulation Step: 181 | Loss:   2.79 | Tokens / Sec:   126.8 | Learning Rate: 9.7e-04',
    '[Epoch 0] Validation ====',
    '(tensor(2.5721), <__main__.TrainState object at 0x000001EDF0FB6C90>)',
    '[Epoch 1] Training ====',
    'Epoch Step:      1 | Accumulation Step:   1 | Loss:   2.72 | Tokens / Sec:   117.3 | Learning Rate: 9.8e-04',
    'Epoch Step:     41 | Accumulation Step:   5 | Loss:   2.39 | Tokens / Sec:   126.4 | Learning Rate: 1.0e-03',
    'Epoch Step:     81 | Accumulation Step:   9 | Loss:   2.61 | Tokens / Sec:   128.5 | Learning Rate: 1.0e-03',
    'Epoch Step:    121 | Accumulation Step:  13 | Loss:   2.77 | Tokens / Sec:   128.2 | Learning Rate: 1.0e-03',
]


def test_an_epoch_step_counts_within_its_epoch_so_the_next_epoch_goes_on_and_no_restart(tmp_path: Path) -> None:
    """`Epoch Step:      1` under `[Epoch 1] Training ====` is epoch 1's first batch, after epoch 0's last printed one
    (`Epoch Step:   1801`): its step goes on from there by one log interval (40, the count between two lines of an
    epoch), with a warning that it is an estimate; no restart (before: steps 1, 41, ... again)."""
    (tmp_path / "store").mkdir()
    con = console_connection(tmp_path / "store", ANNOTATED_TRANSFORMER, name="training_log.txt")
    counts = [int(m.group(1)) for t in ANNOTATED_TRANSFORMER if (m := re.match(r"Epoch Step: +(\d+) \|", t))]
    last_of_first = counts[counts.index(1, 1) - 1]
    interval = counts[1] - counts[0]
    want = [c if i < counts.index(1, 1) else last_of_first + interval + c - 1 for i, c in enumerate(counts)]
    assert [r[0] for r in con.execute("select step from log_steps order by line").fetchall()] == want
    assert con.execute("select count(*) from attempts").fetchone()[0] == 1


# A DQN on CartPole for the NJU Introduction to AI course (Arike-wlr/NJU-IntroAI@
# b827e0a9187c4b3001e6f8a879bde057fb9bfaf9, training_log.txt, lines 1-8): each episode's number, then how many steps it
# lasted, its loss and return
DQN_EPISODES = [
    'Episode 1 Step 14: Training Loss nan, Return 9.0',
    'Episode 2 Step 26: Training Loss nan, Return 9.0',
    'Episode 3 Step 18: Training Loss nan, Return 10.0',
    'Episode 4 Step 15: Training Loss nan, Return 10.0',
    'Episode 5 Step 11: Training Loss nan, Return 10.0',
    'Episode 6 Step 19: Training Loss nan, Return 9.0',
    'Episode 7 Step 20: Training Loss nan, Return 8.0',
    'Episode 8 Step 8: Training Loss nan, Return 10.0',
]


def test_an_episodes_own_step_count_is_no_run_step_the_episode_is(tmp_path: Path) -> None:
    """`Episode 2 Step 26:` then `Episode 3 Step 18:`: the step count falls back as the episodes go on (each episode's
    length), so the episode is the step, not a restart at each drop."""
    _, steps, _ = _read(tmp_path, DQN_EPISODES, name="training_log.txt", parser_name="generic_log")
    assert [s["step"] for s in steps] == [int(t.split()[1]) for t in DQN_EPISODES] == list(range(1, 9))


# A PaddlePaddle CIFAR-10 exercise on AI Studio (AIHHU/PaddleCIFAR10@1bfca6a22bd4faa68400efb4220ffd05a0601d41,
# training_log.txt, lines 14-24): its word that it evaluates and the evaluation's result (the model before training),
# the tutorial's `loss is: ...` of its training, its evaluation again, and its word once it saved the model
PADDLE_COURSE = [
    'testing in eval mode……',
    'epoch: 0,  loss is: 2.504774796962738, acc is: 0.0708582267165184',
    '/opt/conda/envs/python35-paddle120-env/lib/python3.7/site-packages/paddle/fluid/dygraph/math_op_patch.py:278: UserWa'
        'rning: The dtype of left and right variables are not the same, left dtype is paddle.float32, but right dtype is padd'
        'le.int64, the right dtype will convert to paddle.float32',
    '  format(lhs_dtype, rhs_dtype, lhs_dtype))',
    'epoch: 0,  loss is: 0.6285572392599923, acc is: 0.7797021154238253',
    'testing in eval mode……',
    'epoch: 0,  loss is: 0.48661240488290786, acc is: 0.83525390625',
    'Now continue training……',
    'New model has been saved!',
    '',
    'epoch: 1,  loss is: 0.3674923047727468, acc is: 0.8732575628222251',
]


def test_paddles_loss_is_its_trainings_and_a_model_that_has_been_saved(tmp_path: Path) -> None:
    """`epoch: 0,  loss is: 0.6285572392599923, acc is: ...` is epoch 0's training line, its loss read (`<name> is:
    <number>` as `<name>: <number>`); the same shape right after `testing in eval mode……` is the evaluation's result,
    no epoch's line; `New model has been saved!` is a save written."""
    _, steps, events = _read(tmp_path, PADDLE_COURSE, name="training_log.txt", parser_name="generic_log")
    after_eval = {n + 1 for n, t in enumerate(PADDLE_COURSE, start=1) if t.startswith("testing in eval mode")}
    trained: dict[int, tuple[int, float]] = {}  # epoch -> its first line not an evaluation's, its loss
    for n, t in enumerate(PADDLE_COURSE, start=1):
        if t.startswith("epoch: ") and n not in after_eval:
            trained.setdefault(int(t[7:t.index(",")]), (n, float(t.split("loss is: ")[1].split(",")[0])))
    assert [(s["line"], s["step"], s["loss"]) for s in steps] == [(n, e, loss) for e, (n, loss) in trained.items()]
    assert trained[0] == (5, 0.6285572392599923)
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == [
        PADDLE_COURSE.index("New model has been saved!") + 1]


# A Slurm job's output where srun started torchrun in each of its tasks (index id 20602358018, a Slurm job's `.out`,
# lines 1-49): each task's banner, undated, then one task's failure as its store could not bind, then the other tasks'
# banners: all of one launch
SRUN_TASK_BANNERS = [
    'WARNING:torch.distributed.run:',
    '*****************************************',
    'Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloa'
        'ded, please further tune the variable for optimal performance in your application as needed. ',
    '*****************************************',
    'WARNING:torch.distributed.run:',
    '*****************************************',
    'Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloa'
        'ded, please further tune the variable for optimal performance in your application as needed. ',
    '*****************************************',
    '[W socket.cpp:426] [c10d] The server socket has failed to bind to [::]:29500 (errno: 98 - Address already in use).',
    '[W socket.cpp:426] [c10d] The server socket has failed to bind to 0.0.0.0:29500 (errno: 98 - Address already in use).',
    '[E socket.cpp:462] [c10d] The server socket has failed to listen on any local network address.',
    'Traceback (most recent call last):',
    '  File "/opt/conda/bin/torchrun", line 33, in <module>',
    "    sys.exit(load_entry_point('torch==1.13.0a0+d321be6', 'console_scripts', 'torchrun')())",
    '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/multiprocessing/errors/__init__.py", line 3'
        '45, in wrapper',
    '    return f(*args, **kwargs)',
    '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/run.py", line 761, in main',
    '    run(args)',
    '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/run.py", line 752, in run',
    '    elastic_launch(',
    '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/launcher/api.py", line 132, in __call__',
    '    return launch_agent(self._config, self._entrypoint, list(args))',
    '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/launcher/api.py", line 237, in launch_agent',
    '    result = agent.run()',
    '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/metrics/api.py", line 129, in wrapper',
    '    result = f(*args, **kwargs)',
    '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/agent/server/api.py", line 709, in run',
    '    result = self._invoke_run(role)',
    '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/agent/server/api.py", line 844, in _invoke_run',
    '    self._initialize_workers(self._worker_group)',
    '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/metrics/api.py", line 129, in wrapper',
    '    result = f(*args, **kwargs)',
    '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/agent/server/api.py", line 678, in _initial'
        'ize_workers',
    '    self._rendezvous(worker_group)',
    '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/metrics/api.py", line 129, in wrapper',
    '    result = f(*args, **kwargs)',
    '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/agent/server/api.py", line 538, in _rendezvous',
    '    store, group_rank, group_world_size = spec.rdzv_handler.next_rendezvous()',
    '  File "/opt/conda/lib/python3.8/site-packages/torch/distributed/elastic/rendezvous/static_tcp_rendezvous.py", line '
        '55, in next_rendezvous',
    '    self._store = TCPStore(  # type: ignore[call-arg]',
    'RuntimeError: The server socket has failed to listen on any local network address. The server socket has failed to b'
        'ind to [::]:29500 (errno: 98 - Address already in use). The server socket has failed to bind to 0.0.0.0:29500 (errno'
        ': 98 - Address already in use).',
    'WARNING:torch.distributed.run:',
    '*****************************************',
    'Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloa'
        'ded, please further tune the variable for optimal performance in your application as needed. ',
    '*****************************************',
    'WARNING:torch.distributed.run:',
    '*****************************************',
    'Setting OMP_NUM_THREADS environment variable for each process to be 1 in default, to avoid your system being overloa'
        'ded, please further tune the variable for optimal performance in your application as needed. ',
    '*****************************************',
]


def test_a_first_line_each_task_of_one_launch_prints_is_no_launch_after_one_tasks_failure(tmp_path: Path) -> None:
    """The banner (`WARNING:torch.distributed.run:`, then its rule) is said again before any failure or step (two tasks'
    copies): the copies after the first task's traceback are the other tasks' of the same launch, not a launch of
    their own."""
    _, _, events = _read(tmp_path, SRUN_TASK_BANNERS, name="job.out", parser_name="generic_log")
    banners = [n for n, t in enumerate(SRUN_TASK_BANNERS, start=1) if t == "WARNING:torch.distributed.run:"]
    failed = SRUN_TASK_BANNERS.index("Traceback (most recent call last):") + 1
    assert banners[1] < failed < banners[2]  # (copies before the failure and after it)
    assert [e["line"] for e in events if e["kind"] == "crash"] == [failed]
    assert not [e for e in events if e["kind"] == "attempt_start" and e["line"] > 1]


# The same log's epoch 3 (lines 226-229 and 314-329): its training table's first and last batches, its validation, its
# summary and its best model; with epoch 1's (`NEQUIP_ALLEGRO`'s lines 17-20 and 105-121 above) an excerpt that leaves
# epoch 2 out
NEQUIP_EPOCH_3 = [
    'training',
    '# Epoch batch         loss       loss_f       loss_e        f_mae       f_rmse        e_mae      e/N_mae',
    '      3    10         1.74         1.44        0.293        0.975         1.24         31.3        0.558',
    '      3    20        0.756        0.685       0.0711        0.685        0.854         15.4        0.275',
    '      3   870         1.02        0.742        0.276          0.7        0.889         30.4        0.542',
    '      3   880       0.0534        0.052      0.00135        0.189        0.235         3.64       0.0379',
    '      3   890        0.138         0.12       0.0176        0.285        0.357          7.4        0.137',
    '      3   900       0.0627       0.0605      0.00217        0.202        0.254         4.62       0.0481',
    '',
    'validation',
    '# Epoch batch         loss       loss_f       loss_e        f_mae       f_rmse        e_mae      e/N_mae',
    '      3    10        0.289        0.259       0.0299         0.36        0.525         13.1        0.142',
    '      3    20       0.0858       0.0744       0.0114        0.212        0.281         7.24       0.0989',
    '',
    '',
    '  Train      #    Epoch      wal       LR       loss_f       loss_e         loss        f_mae       f_rmse        e_'
        'mae      e/N_mae',
    '! Train               3  152.536    0.005         0.48        0.338        0.818        0.498        0.729         3'
        '2.4        0.389',
    '! Validation          3  152.536    0.005        0.252       0.0245        0.277        0.344        0.516         1'
        '2.1        0.134',
    'Wall time: 152.53672709688544',
    '! Best model        3    0.277',
]
NEQUIP_SKIPPED = NEQUIP_ALLEGRO[16:37] + NEQUIP_EPOCH_3


def test_nequip_epochs_an_excerpt_skips_count_as_long_as_the_one_before_them(tmp_path: Path) -> None:
    """Epoch 2 cut out: epoch 3's batch 10 is step 1810 (epoch 1's 900 batches and epoch 2's, as many), its batches
    timed by the seconds since epoch 1's summary (61.191 to 152.536) over the two epochs' 1800 batches; its save at
    its last step, 2700."""
    _, steps, events = _read(tmp_path, NEQUIP_SKIPPED, name="allegro_lips20")
    third = [(n, int(t.split()[1])) for n, t in enumerate(NEQUIP_SKIPPED, start=1)
             if t.startswith("      3 ") and n < NEQUIP_SKIPPED.index("validation", 25) + 1]
    assert [(s["line"], s["step"]) for s in steps if s["line"] in dict(third)] == [(n, 1800 + b) for n, b in third]
    assert {s["step_time_s"] for s in steps if s["line"] in dict(third)} == {(152.536 - 61.191) / 1800}
    assert [(e["step"]) for e in events if e["kind"] == "checkpoint_save_end"] == [900, 2700]


# chemprop 2's `chemprop train` log file (Arika030/AI-ML-IN-CHEM-LS-ENGINEERING-Coursework@
# 4857e9310f9b06c97614c722df2a24751eb7c939, training_log.txt, lines 1-6 and 42-44): its logger's lines as training begins,
# then its test results and the best model written; its progress was the console's bars, not the file's
CHEMPROP_TRAIN = [
    "2024-11-11T17:59:34 - INFO:chemprop.cli.main - Running in mode 'train' with args: {'smiles_columns': ['smiles'], 're"
        "action_columns': None, 'no_header_row': False, 'num_workers': 0, 'batch_size': 64, 'accelerator': 'auto', 'devices':"
        " 'auto', 'rxn_mode': 'REAC_DIFF', 'multi_hot_atom_featurizer_mode': 'V2', 'keep_h': False, 'add_h': False, 'molecule"
        "_featurizers': None, 'descriptors_path': None, 'no_descriptor_scaling': False, 'no_atom_feature_scaling': False, 'no"
        "_atom_descriptor_scaling': False, 'no_bond_feature_scaling': False, 'atom_features_path': None, 'atom_descriptors_pa"
        "th': None, 'bond_features_path': None, 'config_path': None, 'data_path': WindowsPath('C:/Users/User/Desktop/cleaned_"
        "critprop_data_with_all_info_expt.csv'), 'output_dir': WindowsPath('C:/Users/User/Desktop'), 'remove_checkpoints': Fa"
        "lse, 'checkpoint': None, 'freeze_encoder': False, 'model_frzn': None, 'frzn_ffn_layers': 0, 'ensemble_size': 1, 'mes"
        "sage_hidden_dim': 300, 'message_bias': False, 'depth': 3, 'undirected': False, 'dropout': 0.0, 'mpn_shared': False, "
        "'activation': 'RELU', 'aggregation': 'norm', 'aggregation_norm': 100, 'atom_messages': False, 'ffn_hidden_dim': 300,"
        " 'ffn_num_layers': 1, 'batch_norm': False, 'multiclass_num_classes': 3, 'weight_column': None, 'target_columns': ['T"
        "b mean (K)', 'Tm mean (K)'], 'ignore_columns': None, 'no_cache': False, 'splits_column': None, 'task_type': 'regress"
        "ion', 'loss_function': None, 'v_kl': 0.0, 'eps': 1e-08, 'alpha': 0.1, 'metrics': None, 'tracking_metric': 'val_loss'"
        ", 'show_individual_scores': False, 'task_weights': None, 'warmup_epochs': 2, 'init_lr': 0.0001, 'max_lr': 0.001, 'fi"
        "nal_lr': 0.0001, 'epochs': 50, 'patience': None, 'grad_clip': None, 'class_balance': False, 'split': 'RANDOM', 'spli"
        "t_sizes': [0.8, 0.1, 0.1], 'split_key_molecule': 0, 'num_replicates': 1, 'num_folds': None, 'save_smiles_splits': Tr"
        "ue, 'splits_file': None, 'data_seed': 0, 'pytorch_seed': None}",
    '2024-11-11T17:59:34 - INFO:chemprop.cli.train - Pulling data from file: C:\\Users\\User\\Desktop\\cleaned_critprop_d'
        'ata_with_all_info_expt.csv',
    '2024-11-11T17:59:35 - WARNING:chemprop.data.splitting - The return type of make_split_indices has changed in v2.1 - '
        'see help(make_split_indices)',
    '2024-11-11T17:59:35 - INFO:chemprop.cli.train - train/val/test split_0 sizes: [4544, 568, 568]',
    '2024-11-11T17:59:35 - INFO:chemprop.cli.train - Train data: mean = [468.07161437 260.61380049] | std = [110.93112707'
        '  77.65495542]',
    "2024-11-11T17:59:36 - INFO:chemprop.cli.train - No loss function was specified! Using class default: <class 'chempro"
        "p.nn.metrics.MSE'>",
    '2024-11-11T18:02:09 - INFO:chemprop.cli.train - Test Set results:',
    '2024-11-11T18:02:09 - INFO:chemprop.cli.train - test/mse: 696.779296875',
    "2024-11-11T18:02:09 - INFO:chemprop.cli.train - Best model saved to 'C:\\Users\\User\\Desktop\\model_0\\best.pt'",
]


def test_chemprops_training_log_with_no_step_line_is_read_its_run_and_its_save(tmp_path: Path) -> None:
    """`Running in mode 'train' with args: ...` claims the log, though no line is a step: its run from its first line
    (17:59:34) and its save, `Best model saved to '...best.pt'` (18:02:09)."""
    name, steps, events = _read(tmp_path, CHEMPROP_TRAIN, name="training_log.txt")
    assert name == "generic_log" and not steps
    saved = datetime(2024, 11, 11, 18, 2, 9, tzinfo=UTC)
    assert [(e["kind"], e["line"], e["ts_ns"]) for e in events if e["kind"] != "launch_config"] == [
        ("attempt_start", 1, int(datetime(2024, 11, 11, 17, 59, 34, tzinfo=UTC).timestamp()) * 10**9),
        ("checkpoint_save_end", len(CHEMPROP_TRAIN), int(saved.timestamp()) * 10**9)]


# A segmentation trainer's JSON logger, appended to by each launch (razvancondorovici/ml_framework@
# 3a7e34925f5376e801a3ce9bd94594934a86e630, logs/training.jsonl, lines 1-8): its start, its epoch's, its `except`'s word
# that training failed, then its `finally`'s that it completed; the next launch the same
JSON_LOGGER_FAILED = [
    '{"timestamp": "2025-10-15T20:16:22.142497", "level": "INFO", "message": "Training started"}',
    '{"timestamp": "2025-10-15T20:16:22.158896", "level": "INFO", "message": "Epoch 0 started"}',
    '{"timestamp": "2025-10-15T20:16:22.625429", "level": "ERROR", "message": "Training failed with error: Albumentations'
        'SegmentationTransform.__call__() missing 1 required positional argument: \'mask\'"}',
    '{"timestamp": "2025-10-15T20:16:22.629845", "level": "INFO", "message": "Training completed"}',
    '{"timestamp": "2025-10-15T20:18:35.994725", "level": "INFO", "message": "Training started"}',
    '{"timestamp": "2025-10-15T20:18:36.024782", "level": "INFO", "message": "Epoch 0 started"}',
    '{"timestamp": "2025-10-15T20:18:36.138788", "level": "ERROR", "message": "Training failed with error: expected np.nd'
        'array (got Tensor)"}',
    '{"timestamp": "2025-10-15T20:18:36.138788", "level": "INFO", "message": "Training completed"}',
]


def test_a_scripts_word_that_training_failed_is_a_failure_and_its_completed_after_it_no_clean_end(tmp_path: Path) -> None:
    """`"message": "Training failed with error: ..."` is a failure (each launch's); the `Training completed` right after
    it, no step between, is the script's `finally:` word, not the run's clean end: two launches, each a crash."""
    (tmp_path / "store").mkdir()
    con = console_connection(tmp_path / "store", JSON_LOGGER_FAILED, name="training.jsonl")
    failed = [n for n, t in enumerate(JSON_LOGGER_FAILED, start=1) if '"message": "Training failed with error: ' in t]
    assert con.execute("select line from log_events where kind = 'crash' order by line").fetchall() == [(n,) for n in failed]
    assert not con.execute("select line from log_events where kind = 'attempt_end'").fetchall()
    assert con.execute("select end_reason from attempts order by attempt").fetchall() == [("crash",), ("crash",)]
