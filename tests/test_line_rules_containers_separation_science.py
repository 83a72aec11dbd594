"""Line rules and job-level readings found on consoles of containers (Docker Compose), source separation, single-cell
and genomic models, atomistic models, scientific ML, object detection on edge devices, document AI and continual
learning: the sets of public logs gathered for them. Each block quotes its source and the lines; each test's figures
are read by hand from them."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from statistics import median

import pytest

from tests.conftest import console_connection
from tests.test_line_rules import _read
from tests.test_line_rules_classic_and_science import DEEPMD
from tracelens.errors import ParseError

# Docker Compose v1 attaching to three services, its training service's Keras 2 fit as its lines come (the search
# index's file id 20824292452, a devopswithdocker "Exercise 2.7" README, its whole <pre> block to the exit line; the
# repository not named by the index): each line of a service opens with its name padded to the widest one's and a bar
COMPOSE_V1_KERAS = [
    '<b>$ docker-compose up</b>',
    'Creating volume "ex27_images" with default driver',
    'Creating volume "ex27_models" with default driver',
    'Creating mlback ...',
    'Creating mlback ... done',
    'Creating mltrain ...',
    'Creating mlfront ...',
    'Creating mltrain',
    'Creating mlfront ... done',
    'Attaching to mlback, mltrain, mlfront',
    'mlfront     | INFO: Accepting connections at http://localhost:3000',
    'mlback      | Using TensorFlow backend.',
    'mlback      | Backend starting',
    ("mlback      | No 'kurkkumopotin.sav' model in the model volume. Waiting for training service to"
     ' provide one.'),
    'mltrain     | Using TensorFlow backend.',
    'mltrain     | gathering cucumbers...',
    'mltrain     | gathering mopeds...',
    'mltrain     | Epoch 1/5',
    'mltrain     |',
    'mltrain     | 14/14 [==============================] - 2s 132ms/step - loss: 1.1511 - acc: 0.3571',
    'mltrain     | Epoch 2/5',
    'mltrain     |',
    'mltrain     | 14/14 [==============================] - 1s 63ms/step - loss: 0.5775 - acc: 0.7143',
    'mltrain     | Epoch 3/5',
    'mltrain     |',
    'mltrain     | 14/14 [==============================] - 1s 70ms/step - loss: 0.2048 - acc: 0.9286',
    'mltrain     | Epoch 4/5',
    'mltrain     |',
    'mltrain     | 14/14 [==============================] - 1s 72ms/step - loss: 0.2435 - acc: 0.9286',
    'mltrain     | Epoch 5/5',
    'mltrain     |',
    'mltrain     | 14/14 [==============================] - 1s 65ms/step - loss: 0.1020 - acc: 1.0000',
    'mltrain     |',
    'mltrain     | 8/8 [==============================] - 0s 29ms/step',
    'mltrain exited with code 0',
]


def test_compose_lines_of_a_service_named_without_a_dash_are_its_programs(tmp_path: Path) -> None:
    """`mltrain     | Epoch 1/5`: a service named with no dash or replica's number (`Attaching to mlback, mltrain,
    mlfront`), its lines Keras' epochs once its name and bar are taken off (none was read), and compose's `mltrain
    exited with code 0` its clean end."""
    _, steps, events = _read(tmp_path, COMPOSE_V1_KERAS)
    assert [s["step"] for s in steps] == [1, 2, 3, 4, 5]
    # (each epoch 14 batches at its ms/step: 132, 63, 70, 72, 65 ms)
    assert abs(median(s["step_time_s"] for s in steps) - 14 * 0.070) < 1e-9
    exit_line = COMPOSE_V1_KERAS.index("mltrain exited with code 0") + 1
    ends = [(e["line"], e["kind"]) for e in events if e["kind"] in ("attempt_end", "crash")]
    assert (exit_line, "attempt_end") in ends and all(kind == "attempt_end" for _, kind in ends)


# SpeechBrain's SepFormer recipe's train_log.txt, 14 epochs on Libri2Mix (speechbrain/speechbrain issue #1850, the
# whole block its comment of 2023-02-28 quotes)
SEPFORMER_TRAIN_LOG = [
    'epoch: 1, lr: 1.50e-04 - train si-snr: 1.96 - valid si-snr: 8.69e-02',
    'epoch: 2, lr: 1.50e-04 - train si-snr: 3.85e-02 - valid si-snr: -1.75e-01',
    'epoch: 3, lr: 1.50e-04 - train si-snr: -1.57e-01 - valid si-snr: -2.32e-01',
    'epoch: 4, lr: 1.50e-04 - train si-snr: -2.04e-01 - valid si-snr: -2.66e-01',
    'epoch: 5, lr: 1.50e-04 - train si-snr: -2.18e-01 - valid si-snr: -2.82e-01',
    'epoch: 6, lr: 1.50e-04 - train si-snr: -2.29e-01 - valid si-snr: -2.76e-01',
    'epoch: 7, lr: 1.50e-04 - train si-snr: -2.43e-01 - valid si-snr: -2.71e-01',
    'epoch: 8, lr: 1.50e-04 - train si-snr: -2.34e-01 - valid si-snr: -2.61e-01',
    'epoch: 9, lr: 7.50e-05 - train si-snr: -2.51e-01 - valid si-snr: -2.85e-01',
    'epoch: 10, lr: 7.50e-05 - train si-snr: -2.45e-01 - valid si-snr: -2.72e-01',
    'epoch: 11, lr: 7.50e-05 - train si-snr: -2.38e-01 - valid si-snr: -2.80e-01',
    'epoch: 12, lr: 7.50e-05 - train si-snr: -2.40e-01 - valid si-snr: -2.88e-01',
    'epoch: 13, lr: 7.50e-05 - train si-snr: -2.53e-01 - valid si-snr: -2.86e-01',
    'epoch: 14, lr: 7.50e-05 - train si-snr: -2.49e-01 - valid si-snr: -2.77e-01',
]


def test_speechbrains_training_stage_statistic_under_any_name_makes_its_epochs(tmp_path: Path) -> None:
    """`epoch: 1, lr: 1.50e-04 - train si-snr: 1.96 - valid si-snr: 8.69e-02`: a separation recipe's training
    objective after `- train`, no loss by name; each line its epoch (the file was refused)."""
    _, steps, _ = _read(tmp_path, SEPFORMER_TRAIN_LOG)
    assert [s["step"] for s in steps] == list(range(1, 15))


# scGPT's pretraining with its logger's `%(asctime)s-%(name)s-%(levelname)s-%(funcName)s: %(message)s` and a time of day
# alone (the search index's file id 66439924602, a Chinese README on scGPT pretraining, its second bash block's lines
# 17-20; the repository not named by the index)
SCGPT_EVAL_AND_SAVE = [
    ('02:35:46-scGPT-INFO-train: | epoch   2 | 18000/49776 batches | lr 0.0001 | ms/batch 108.37 | lo'
     'ss 270.91 | mse 135.02 | mre 167502.28 |mvc 135.89 |'),
    '02:36:28-scGPT-INFO-eval_and_save: valid loss/mse 134.9183 | mre 150044.3281',
    ('02:36:28-scGPT-INFO-eval_and_save: Saving the best model to ./save/cellxgene_census_blood-May13'
     '-00-17-2025'),
    ('02:36:54-scGPT-INFO-train: | epoch   2 | 18200/49776 batches | lr 0.0001 | ms/batch 340.95 | lo'
     'ss 271.39 | mse 135.28 | mre 151104.95 |mvc 136.10 |'),
]


def test_a_time_of_day_before_a_dash_and_a_loggers_name_dates_the_line_and_its_save(tmp_path: Path) -> None:
    """`02:36:28-scGPT-INFO-eval_and_save: Saving the best model to ./save/...`: the line's time of day (no line was
    dated) and, after its function's name and colon, a save's start (none was read)."""
    _, steps, events = _read(tmp_path, SCGPT_EVAL_AND_SAVE, parser_name="generic_log")
    # (02:35:46 to 02:36:54: the evaluation and the save between the two steps' lines)
    assert steps[1]["end_ns"] - steps[0]["end_ns"] == 68 * 10**9
    save_line = next(i for i, t in enumerate(SCGPT_EVAL_AND_SAVE, 1) if "Saving the best model" in t)
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_start"] == [save_line]
    saved = next(e for e in events if e["kind"] == "checkpoint_save_start")
    assert saved["ts_ns"] - steps[0]["end_ns"] == 42 * 10**9  # 02:35:46 to 02:36:28


# NERSC's SC22 deep-learning tutorial on Summit, 288 GPUs (NERSC/sc22-dl-tutorial @
# e1b51fe889bd09b0cbddf14b4a48e673536a660c, README_summit.md, the whole block after "For 288 GPUs use 96 epochs"):
# its first dated line is its first epoch's end
SC22_SUMMIT_EPOCHS = [
    ('bsub -P stf218 -W 2:00 -J sc22.tut -o logs/sc22.tut.o%J -nnodes 48 -alloc_flags "gpumps smt4" -'
     'q debug "./submit_summit.sh -g 6 --config=bs9216_opt_sm"'),
    '',
    ('2022-11-08 06:06:07,478 - root - INFO - Time taken for epoch 1 is 56.57166934013367 sec, avg 11'
     '40.3587829824428 samples/sec'),
    '2022-11-08 06:06:07,478 - root - INFO -   Avg train loss=0.138469',
    '2022-11-08 06:06:07,489 - root - INFO -   Avg val loss=nan',
    '2022-11-08 06:06:07,489 - root - INFO -   Total validation time: 0.00026726722717285156 sec',
    ('2022-11-08 06:06:44,690 - root - INFO - Time taken for epoch 2 is 37.20052146911621 sec, avg 19'
     '81.9077015145829 samples/sec'),
    '2022-11-08 06:06:44,691 - root - INFO -   Avg train loss=0.108786',
    '2022-11-08 06:06:47,000 - root - INFO -   Avg val loss=0.116034',
    '2022-11-08 06:06:47,000 - root - INFO -   Total validation time: 2.3085243701934814 sec',
    ('2022-11-08 06:07:00,177 - root - INFO - Time taken for epoch 3 is 13.176549434661865 sec, avg 5'
     '595.3950892525145 samples/sec'),
    '2022-11-08 06:07:00,177 - root - INFO -   Avg train loss=0.078056',
    '2022-11-08 06:07:01,561 - root - INFO -   Avg val loss=0.079437',
    '2022-11-08 06:08:40,605 - root - INFO -   Total validation time: 1.3832640647888184 sec',
]


def test_a_process_whose_first_dated_line_ends_its_first_epoch_began_that_epochs_time_before(tmp_path: Path) -> None:
    """`Time taken for epoch 1 is 56.57166934013367 sec`, the first dated line: the run began that long before its
    epoch ended (06:06:07.478, the time line, or 06:06:07.489, the epoch's last line, its validation's loss), and ran to
    its last line (06:08:40.605): 209.68 s to 209.69 s (it was 153.1 s, from the first dated line)."""
    con = console_connection(tmp_path, SC22_SUMMIT_EPOCHS)
    second = int(datetime(2022, 11, 8, 6, 6, 7, tzinfo=UTC).timestamp()) * 10**9
    took_ns = round(56.57166934013367 * 1e9)
    earliest, latest = second + 478_000_000 - took_ns, second + 489_000_000 - took_ns
    end_ns = int(datetime(2022, 11, 8, 6, 8, 40, tzinfo=UTC).timestamp()) * 10**9 + 605_000_000
    start, length = con.execute("select start_ns, length_s from attempts").fetchone()
    assert earliest - 1000 <= start <= latest + 1000
    assert (end_ns - latest) / 1e9 - 1e-6 <= length <= (end_ns - earliest) / 1e9 + 1e-6


# DeePMD-kit 2.2.1's `dp train` on a CPU (DEEPMD, quoted in test_line_rules_classic_and_science.py: a blog's DeePMD-kit
# methane tutorial, its whole output block): its only dated lines are TensorFlow's two at start-up, its batches, saves
# and end undated


def test_undated_steps_after_an_undated_save_make_the_attempts_length_a_lower_bound(tmp_path: Path) -> None:
    """The run's last dated line is TensorFlow's `cuInit` warning at start-up (31 us after its first); its batches,
    saves and `finished training` after it have no time (the block up to that line, its wall time not kept): the
    attempt's 31 us is how long it ran at the least (it was given as its length)."""
    ended = DEEPMD.index("DEEPMD INFO    finished training") + 1
    con = console_connection(tmp_path, DEEPMD[:ended])
    assert con.execute("select end_reason, length_at_least, length_reason from attempts").fetchone() == (
        "completed", True, "its steps have no time of their own")


def test_deepmds_wall_time_is_its_runs_length(tmp_path: Path) -> None:
    """`DEEPMD INFO    wall time: 509.976 s` after `finished training`: the run's length, 509.976 s at the least (its
    lines undated, it was 31 us)."""
    con = console_connection(tmp_path, DEEPMD)
    assert DEEPMD[-1] == "DEEPMD INFO    wall time: 509.976 s"
    assert con.execute("select end_reason, length_s, length_at_least from attempts").fetchone() == (
        "completed", 509.976, True)


# LayoutLMv3 fine-tuned through the HF Trainer on two GPUs, its TrainingArguments printed a field a line, its run cut by
# a KeyError at its first evaluation (gregbugaj/unilm @ 728878defd7041b02bfb793e70ce60655d5af7ab, layoutlmv3/NOTES-GB.md
# lines 31-146: the arguments to the bar after the evaluation)
LAYOUTLMV3_ARGS_AND_FIRST_LOGS = [
    'TrainingArguments(',
    '_n_gpu=2,',
    'adafactor=False,',
    'adam_beta1=0.9,',
    'adam_beta2=0.999,',
    'adam_epsilon=1e-08,',
    'auto_find_batch_size=False,',
    'bf16=False,',
    'bf16_full_eval=False,',
    'data_seed=None,',
    'dataloader_drop_last=False,',
    'dataloader_num_workers=0,',
    'dataloader_pin_memory=True,',
    'ddp_bucket_cap_mb=None,',
    'ddp_find_unused_parameters=None,',
    'debug=[],',
    'deepspeed=None,',
    'disable_tqdm=False,',
    'do_eval=True,',
    'do_predict=False,',
    'do_train=True,',
    'eval_accumulation_steps=None,',
    'eval_delay=0,',
    'eval_steps=1000,',
    'evaluation_strategy=steps,',
    'fp16=True,',
    'fp16_backend=auto,',
    'fp16_full_eval=False,',
    'fp16_opt_level=O1,',
    'fsdp=[],',
    'fsdp_min_num_params=0,',
    'fsdp_transformer_layer_cls_to_wrap=None,',
    'full_determinism=False,',
    'gradient_accumulation_steps=1,',
    'gradient_checkpointing=False,',
    'greater_is_better=True,',
    'group_by_length=False,',
    'half_precision_backend=auto,',
    'hub_model_id=None,',
    'hub_private_repo=False,',
    'hub_strategy=every_save,',
    'hub_token=<HUB_TOKEN>,',
    'ignore_data_skip=False,',
    'include_inputs_for_metrics=False,',
    'jit_mode_eval=False,',
    'label_names=None,',
    'label_smoothing_factor=0.0,',
    'learning_rate=5e-05,',
    'length_column_name=length,',
    'load_best_model_at_end=True,',
    'local_rank=-1,',
    'log_level=-1,',
    'log_level_replica=-1,',
    'log_on_each_node=True,',
    'logging_dir=/data/models/layoutlmv3-large-20230711-stride128/runs/Jul12_13-19-37_asp-gpu001,',
    'logging_first_step=False,',
    'logging_nan_inf_filter=True,',
    'logging_steps=500,',
    'logging_strategy=steps,',
    'lr_scheduler_type=linear,',
    'max_grad_norm=1.0,',
    'max_steps=25000,',
    'metric_for_best_model=eval_overall_f1,',
    'mp_parameters=,',
    'no_cuda=False,',
    'num_train_epochs=3.0,',
    'optim=adamw_hf,',
    'output_dir=/data/models/layoutlmv3-large-20230711-stride128,',
    'overwrite_output_dir=False,',
    'past_index=-1,',
    'per_device_eval_batch_size=6,',
    'per_device_train_batch_size=10,',
    'prediction_loss_only=False,',
    'push_to_hub=False,',
    'push_to_hub_model_id=None,',
    'push_to_hub_organization=None,',
    'push_to_hub_token=<PUSH_TO_HUB_TOKEN>,',
    'ray_scope=last,',
    'remove_unused_columns=True,',
    "report_to=['tensorboard'],",
    'resume_from_checkpoint=None,',
    'run_name=/data/models/layoutlmv3-large-20230711-stride128,',
    'save_on_each_node=False,',
    'save_steps=1000,',
    'save_strategy=steps,',
    'save_total_limit=None,',
    'seed=42,',
    'sharded_ddp=[],',
    'skip_memory_metrics=True,',
    'tf32=None,',
    'torchdynamo=None,',
    'tpu_metrics_debug=False,',
    'tpu_num_cores=None,',
    'use_ipex=False,',
    'use_legacy_prediction_loop=False,',
    'warmup_ratio=0.0,',
    'warmup_steps=0,',
    'weight_decay=0.0,',
    'xpu_backend=None,',
    ')',
    'max_steps is given, it will override any value given in num_train_epochs',
    'Using cuda_amp half precision backend',
    '***** Running training *****',
    '  Num examples = 262894',
    '  Num Epochs = 2',
    '  Instantaneous batch size per device = 10',
    '  Total train batch size (w. parallel, distributed & accumulation) = 20',
    '  Gradient Accumulation steps = 1',
    '  Total optimization steps = 25000',
    ("{'loss': 0.3014, 'learning_rate': 4.9002e-05, 'epoch': 0.04}                                   "
     '                                                                                               '
     '                     '),
    ("{'loss': 0.0555, 'learning_rate': 4.8008000000000005e-05, 'epoch': 0.08}                       "
     '                                                                                               '
     '                     '),
    ('  4%|██████▋                                                                                   '
     '                                                                             | 1000/25000 [22:3'
     '7<8:59:14,  1.35s/it]***** Running Evaluation *****'),
    '  Num examples = 65965',
    '  Batch size = 12',
    ("{'eval_loss': 0.011304712854325771, 'eval_precision': 0.9891959117452876, 'eval_recall': 0.9915"
     "531398054118, 'eval_f1': 0.9903731231433194, 'eval_accuracy': 0.9967911060110995, 'eval_runtime"
     "': 3372.7748, 'eval_samples_per_second': 19.558, 'eval_steps_per_second': 1.63, 'epoch': 0.08} "
     '                                                                                               '
     '                                          '),
    ('  4%|██████▌                                                                                   '
     '                                                                           | 1000/25000 [1:18:5'
     '0<8:59:14,  1.35s/itSaving model checkpoint to /data/models/layoutlmv3-large-20230711-stride128'
     '/checkpoint-1000                                                                               '
     '                                          '),
]


def test_the_printed_training_arguments_logging_grid_numbers_the_metric_lines(tmp_path: Path) -> None:
    """`logging_steps=500,` and `logging_first_step=False,` in the printed arguments: the first metric dict, with no bar
    drawn beside it, is step 500 (it was numbered 1, its count), the second the bar's 1000; the Trainer's header, no
    time of its own, began as its bar did, 22:37 before the bar's reading at step 1000 (it was undated: the run's
    start was taken at step 500's line)."""
    _, steps, events = _read(tmp_path, LAYOUTLMV3_ARGS_AND_FIRST_LOGS)
    assert [(s["step"], s["loss"]) for s in steps] == [(500, 0.3014), (1000, 0.0555)]
    started = next(e for e in events if e["kind"] == "attempt_start" and e["detail"] == "***** Running training *****")
    assert steps[1]["end_ns"] - started["ts_ns"] == (22 * 60 + 37) * 10**9


# qfgaohao/pytorch-ssd's train_ssd.py on a MobileNetV3-SSD-Lite port, an epoch's tail (the search index's file id
# 23165670293, a Chinese README's 8 log lines under `## 1、测试结果`; the repository not named by the index)
SSD_LITE_EPOCH_TAIL = [
    ('2020-04-26 00:26:05,607 - root - INFO - Epoch: 49, Step: 20000, Average Loss: 3.6403, Average R'
     'egression Loss 1.5448, Average Classification Loss: 2.0955'),
    ('2020-04-26 00:27:07,021 - root - INFO - Epoch: 49, Step: 20100, Average Loss: 3.6859, Average R'
     'egression Loss 1.5652, Average Classification Loss: 2.1206'),
    ('2020-04-26 00:28:10,163 - root - INFO - Epoch: 49, Step: 20200, Average Loss: 3.6321, Average R'
     'egression Loss 1.4953, Average Classification Loss: 2.1368'),
    ('2020-04-26 00:29:10,715 - root - INFO - Epoch: 49, Step: 20300, Average Loss: 3.6128, Average R'
     'egression Loss 1.4956, Average Classification Loss: 2.1172'),
    ('2020-04-26 00:30:10,984 - root - INFO - Epoch: 49, Step: 20400, Average Loss: 3.5781, Average R'
     'egression Loss 1.4675, Average Classification Loss: 2.1107'),
    ('2020-04-26 00:31:13,524 - root - INFO - Epoch: 49, Step: 20500, Average Loss: 3.5987, Average R'
     'egression Loss 1.4970, Average Classification Loss: 2.1017'),
    ('2020-04-26 00:45:24,771 - root - INFO - Epoch: 49, Validation Loss: 2.9867, Validation Regressi'
     'on Loss 1.0696, Validation Classification Loss: 1.9172'),
    ('2020-04-26 00:45:24,911 - root - INFO - Saved model models/mb3-ssd-lite-Epoch-49-Loss-2.9867476'
     '411975256.pth'),
]


def test_saved_model_and_its_file_after_a_loggers_head_is_a_save(tmp_path: Path) -> None:
    """`... - root - INFO - Saved model models/mb3-ssd-lite-Epoch-49-Loss-2.98.pth`, after each epoch's validation: a
    save's end (none was read)."""
    _, _, events = _read(tmp_path, SSD_LITE_EPOCH_TAIL)
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == [len(SSD_LITE_EPOCH_TAIL)]


# A spiking ResNet's run under Singularity with NumPy 2 and modules built against 1.x: NumPy's warning and its import's
# stack, twice, each caught by pandas, and the script going on (Alex-TLR/spikingResNet @
# 3571aef93379ffd90eac62b3e585f8ed288bad67, SNNResnet10.log lines 1-85 as its carriage returns split them, the
# download bar's redraws left out: to the script's first line after them)
NUMPY2_ABI_WARNINGS = [
    "INFO:    Setting 'NVIDIA_VISIBLE_DEVICES=all' to emulate legacy GPU binding.",
    'INFO:    Setting --writable-tmpfs (required by nvidia-container-cli)',
    '',
    'A module that was compiled using NumPy 1.x cannot be run in',
    'NumPy 2.1.1 as it may crash. To support both 1.x and 2.x',
    'versions of NumPy, modules must be compiled with NumPy 2.0.',
    "Some module may need to rebuild instead e.g. with 'pybind11>=2.12'.",
    '',
    'If you are a user of the module, the easiest solution will be to',
    "downgrade to 'numpy<2' or try to upgrade the affected module.",
    'We expect that some modules will need time to support NumPy 2.',
    '',
    ('Traceback (most recent call last):  File "/d/hpc/home/dsluga/SNN/spikingResNet/main10.py", line'
     ' 1, in <module>'),
    '    from test import test_with_output, test_accuracy',
    '  File "/d/hpc/home/dsluga/SNN/spikingResNet/test.py", line 3, in <module>',
    '    from utils.Utils import Utils',
    '  File "/d/hpc/home/dsluga/SNN/spikingResNet/utils/Utils.py", line 8, in <module>',
    '    from sklearn.metrics import roc_curve',
    '  File "/opt/conda/lib/python3.11/site-packages/sklearn/__init__.py", line 84, in <module>',
    '    from .base import clone',
    '  File "/opt/conda/lib/python3.11/site-packages/sklearn/base.py", line 19, in <module>',
    '    from .utils._estimator_html_repr import _HTMLDocumentationLinkMixin, estimator_html_repr',
    '  File "/opt/conda/lib/python3.11/site-packages/sklearn/utils/__init__.py", line 11, in <module>',
    '    from ._chunking import gen_batches, gen_even_slices',
    '  File "/opt/conda/lib/python3.11/site-packages/sklearn/utils/_chunking.py", line 8, in <module>',
    '    from ._param_validation import Interval, validate_params',
    ('  File "/opt/conda/lib/python3.11/site-packages/sklearn/utils/_param_validation.py", line 14, i'
     'n <module>'),
    '    from .validation import _is_arraylike_not_scalar',
    '  File "/opt/conda/lib/python3.11/site-packages/sklearn/utils/validation.py", line 26, in <module>',
    '    from ..utils._array_api import _asarray_with_order, _is_numpy_namespace, get_namespace',
    '  File "/opt/conda/lib/python3.11/site-packages/sklearn/utils/_array_api.py", line 11, in <module>',
    '    from .fixes import parse_version',
    '  File "/opt/conda/lib/python3.11/site-packages/sklearn/utils/fixes.py", line 24, in <module>',
    '    import pandas as pd',
    '  File "/opt/conda/lib/python3.11/site-packages/pandas/__init__.py", line 26, in <module>',
    '    from pandas.compat import (',
    '  File "/opt/conda/lib/python3.11/site-packages/pandas/compat/__init__.py", line 27, in <module>',
    '    from pandas.compat.pyarrow import (',
    '  File "/opt/conda/lib/python3.11/site-packages/pandas/compat/pyarrow.py", line 8, in <module>',
    '    import pyarrow as pa',
    '  File "/opt/conda/lib/python3.11/site-packages/pyarrow/__init__.py", line 65, in <module>',
    '    import pyarrow.lib as _lib',
    'AttributeError: _ARRAY_API not found',
    '',
    'A module that was compiled using NumPy 1.x cannot be run in',
    'NumPy 2.1.1 as it may crash. To support both 1.x and 2.x',
    'versions of NumPy, modules must be compiled with NumPy 2.0.',
    "Some module may need to rebuild instead e.g. with 'pybind11>=2.12'.",
    '',
    'If you are a user of the module, the easiest solution will be to',
    "downgrade to 'numpy<2' or try to upgrade the affected module.",
    'We expect that some modules will need time to support NumPy 2.',
    '',
    ('Traceback (most recent call last):  File "/d/hpc/home/dsluga/SNN/spikingResNet/main10.py", line'
     ' 1, in <module>'),
    '    from test import test_with_output, test_accuracy',
    '  File "/d/hpc/home/dsluga/SNN/spikingResNet/test.py", line 3, in <module>',
    '    from utils.Utils import Utils',
    '  File "/d/hpc/home/dsluga/SNN/spikingResNet/utils/Utils.py", line 8, in <module>',
    '    from sklearn.metrics import roc_curve',
    '  File "/opt/conda/lib/python3.11/site-packages/sklearn/__init__.py", line 84, in <module>',
    '    from .base import clone',
    '  File "/opt/conda/lib/python3.11/site-packages/sklearn/base.py", line 19, in <module>',
    '    from .utils._estimator_html_repr import _HTMLDocumentationLinkMixin, estimator_html_repr',
    '  File "/opt/conda/lib/python3.11/site-packages/sklearn/utils/__init__.py", line 11, in <module>',
    '    from ._chunking import gen_batches, gen_even_slices',
    '  File "/opt/conda/lib/python3.11/site-packages/sklearn/utils/_chunking.py", line 8, in <module>',
    '    from ._param_validation import Interval, validate_params',
    ('  File "/opt/conda/lib/python3.11/site-packages/sklearn/utils/_param_validation.py", line 14, i'
     'n <module>'),
    '    from .validation import _is_arraylike_not_scalar',
    '  File "/opt/conda/lib/python3.11/site-packages/sklearn/utils/validation.py", line 26, in <module>',
    '    from ..utils._array_api import _asarray_with_order, _is_numpy_namespace, get_namespace',
    '  File "/opt/conda/lib/python3.11/site-packages/sklearn/utils/_array_api.py", line 11, in <module>',
    '    from .fixes import parse_version',
    '  File "/opt/conda/lib/python3.11/site-packages/sklearn/utils/fixes.py", line 24, in <module>',
    '    import pandas as pd',
    '  File "/opt/conda/lib/python3.11/site-packages/pandas/__init__.py", line 49, in <module>',
    '    from pandas.core.api import (',
    '  File "/opt/conda/lib/python3.11/site-packages/pandas/core/api.py", line 9, in <module>',
    '    from pandas.core.dtypes.dtypes import (',
    '  File "/opt/conda/lib/python3.11/site-packages/pandas/core/dtypes/dtypes.py", line 24, in <module>',
    '    from pandas._libs import (',
    '  File "/opt/conda/lib/python3.11/site-packages/pyarrow/__init__.py", line 65, in <module>',
    '    import pyarrow.lib as _lib',
    'AttributeError: _ARRAY_API not found',
    'Directory features/spike/case_01 already exists.',
]


def test_numpys_abi_warning_with_its_import_stack_is_no_failure(tmp_path: Path) -> None:
    """`A module that was compiled using NumPy 1.x cannot be run in`, then `Traceback (most recent call last):` and
    `AttributeError: _ARRAY_API not found`: NumPy's warning, the importer going on (`Directory features/spike/case_01
    already exists.`); no failure (two crashes were read), and with no step either, nothing to read."""
    with pytest.raises(ParseError, match="no step, launch, checkpoint or failure line found"):
        _read(tmp_path, NUMPY2_ABI_WARNINGS, parser_name="generic_log")


# DNABERT-2's pretraining through an HF example script, relaunched on its output folder and cut while it loads its
# dataset (MAGICS-LAB/GERM @ ff88f1926a6864856e7caa723fdb8c20b099f837, DNABERT-2/Log/debug_10K/output.out lines 127-132)
DNABERT2_RESUME_DETECTED = [
    ('05/18/2024 12:09:07 - INFO - __main__ - Checkpoint detected, resuming training at /projects/p32'
     '301/DNABERT/models/dnabert2_pretrain_debug_200K/checkpoint-10000. To avoid this behavior, chang'
     'e the `--output_dir` or add `--overwrite_output_dir` to train from scratch.'),
    ('05/18/2024 12:09:07 - INFO - datasets.builder - Using custom data configuration default-d4501b9'
     'ae2e674eb'),
    ('05/18/2024 12:09:07 - INFO - datasets.info - Loading Dataset Infos from /projects/p32301/DNABER'
     'T/gcc9_env/lib/python3.11/site-packages/datasets/packaged_modules/text'),
    ('05/18/2024 12:09:07 - INFO - datasets.builder - Overwrite dataset info from restored data versi'
     'on if exists.'),
    ('05/18/2024 12:09:07 - INFO - datasets.info - Loading Dataset info from /home/ysj6764/.cache/hug'
     'gingface/datasets/text/default-d4501b9ae2e674eb/0.0.0/c4a140d10f020282918b5dd1b8a49f0104729c617'
     '7f60a6b49ec2a365ec69f34'),
    ('05/18/2024 12:09:08 - INFO - datasets.builder - Found cached dataset text (/home/ysj6764/.cache'
     '/huggingface/datasets/text/default-d4501b9ae2e674eb/0.0.0/c4a140d10f020282918b5dd1b8a49f0104729'
     'c6177f60a6b49ec2a365ec69f34)'),
]


def test_an_example_scripts_checkpoint_detected_is_the_load_its_trainer_resumes_from(tmp_path: Path) -> None:
    """`Checkpoint detected, resuming training at .../checkpoint-10000.`: the HF Trainer's run, the checkpoint of step
    10000 its load (the file was refused)."""
    parser, _, events = _read(tmp_path, DNABERT2_RESUME_DETECTED)
    assert parser == "hf_trainer"
    assert [(e["line"], e["kind"], e["step"]) for e in events if e["kind"].startswith("checkpoint")] == [
        (1, "checkpoint_load_start", 10000)]


# TensorFlow's speech_commands example through glog, its lines cut with `...` between (the search index's file id
# 7462719577, a README on speech recognition research, its bash block under 'Speech Commands dataset'; the repository
# not named by the index)
SPEECH_COMMANDS_TRAIN = [
    '$ cd tensorflow/tensorflow/examples/speech_commands',
    '$ python train.py',
    '',
    ('I0701 17:15:32.307061 4568024512 train.py:235] Step #1: rate 0.001000, accuracy 9.0%, cross ent'
     'ropy 2.569139'),
    '...',
    'I0701 17:32:42.993186 4568024512 train.py:263] Step 400: Validation accuracy = 27.4% (N=4445)',
    '...',
    ('I0701 18:19:14.371365 4568024512 train.py:235] Step #1501: rate 0.001000, accuracy 50.0%, cross'
     ' entropy 1.462428'),
    '...',
    'I0701 18:23:57.855741 4568024512 train.py:263] Step 1600: Validation accuracy = 59.2% (N=4445)',
    '...',
    ('I0702 00:21:14.057275 4568024512 train.py:235] Step #10000: rate 0.001000, accuracy 82.0%, cros'
     's entropy 0.539936'),
    'I0702 00:21:50.334923 4568024512 train.py:263] Step 10000: Validation accuracy = 87.0% (N=4445)',
    '...',
    'I0702 17:09:18.322210 4699891136 train.py:263] Step 18000: Validation accuracy = 89.1% (N=4445)',
    'I0702 17:09:58.091881 4699891136 train.py:295] Final test accuracy = 88.0% (N=4890)',
]


def test_tensorflows_examples_final_test_accuracy_ends_the_run(tmp_path: Path) -> None:
    """`train.py:295] Final test accuracy = 88.0% (N=4890)`, the script's test after its last step: the run's clean end
    (it stopped `without a word`)."""
    _, _, events = _read(tmp_path, SPEECH_COMMANDS_TRAIN)
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [len(SPEECH_COMMANDS_TRAIN)]


# A continual-learning run on split MNIST through GMvandeVen/continual-learning's main.py, its stdout kept (its bar on
# stderr) (samuilstoychev/latent-generative-replay @ bbbd1b402d492024334e9acd2b5c6edbfd52039b,
# experiments/tuning/10units_0.py, a console's copy under that name, lines 100-121)
LATENT_REPLAY_SUMMARY = [
    'Training...',
    'PEAK TRAINING RAM: 2.257762908935547',
    'Peak mem and init mem: 963 951',
    'GPU BEFORE EVALUATION: (9.857142857142858, 12)',
    'RAM BEFORE EVALUATION: 2.257762908935547',
    'CPU BEFORE EVALUATION: (119.68, 5.5)',
    '',
    '',
    'EVALUATION RESULTS:',
    '',
    ' Precision on test-set:',
    ' - Task 1: 0.9950',
    ' - Task 2: 0.9660',
    ' - Task 3: 0.8645',
    ' - Task 4: 0.5010',
    ' - Task 5: 0.9938',
    '=> Average precision over all 5 tasks: 0.8640',
    '',
    '=> Total training time = 66.8 seconds',
    '',
    'RAM AT THE END: 2.257823944091797',
    'CPU AT THE END: (121.62, 5.5)',
]


def test_continual_learnings_total_training_time_ends_its_run(tmp_path: Path) -> None:
    """`=> Total training time = 66.8 seconds` as the script returns: its run's end, 66.8 s of training (the file was
    refused)."""
    _, _, events = _read(tmp_path, LATENT_REPLAY_SUMMARY)
    said = LATENT_REPLAY_SUMMARY.index("=> Total training time = 66.8 seconds") + 1
    assert [(e["line"], e["kind"], e["duration_s"]) for e in events] == [(said, "attempt_end", 66.8)]
