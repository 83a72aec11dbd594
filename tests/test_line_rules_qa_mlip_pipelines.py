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


def test_the_quickstart_tutorials_loss_lines_are_steps_counted_in_its_records(tmp_path: Path) -> None:
    """`loss: 2.303494  [   64/60000]` under `Epoch 1` is a step: a record each 100 batches' 6400 samples (the first
    line's 64, one batch's, counted before it), ten an epoch, so epoch 2's first line is the eleventh record; each its
    loss."""
    name, steps, _ = _read(tmp_path, QUICKSTART, name="quickstart.txt")
    said = [(n, float(t.split()[1])) for n, t in enumerate(QUICKSTART, start=1) if t.startswith("loss: ")]
    assert name == "generic_log"
    assert [(s["line"], s["step"], s["loss"]) for s in steps] == [(n, i, v) for i, (n, v) in enumerate(said)]
    assert len(said) == 20
