"""Launches appended to one file, failures said once, servers' rounds and the words runs end with (deep-text-recognition-
benchmark's and ConvNeXt's appended logs, a chained traceback, loguru's annotated one, Python logging's default head,
Flower's rounds at its INFO level, a TensorFlow 1 script's bracketed steps, icefall's ranked `Done!`, wandb's last word,
the HF Trainer's `trainer_state.json` summary): lines quoted verbatim from public files (each block's source is cited
above it), tiny inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.conftest import console_connection
from tests.test_line_rules import _ns, _read
from tests.test_line_rules_simulators_ocr_nas import BERT_TUTORIAL
from tests.test_line_rules_unusual_families import LEVANTER_FAILURE

# deep-text-recognition-benchmark's train.py, its log_train.txt opened to append at each launch: a run of 30 iterations
# stopped after its first validation, then one of 10 (TemuujinE/BolorSoft-OCR@8ad85d18c78a5f24746746d715b8f0c4e538889f,
# saved_models/TPS-ResNet-BiLSTM-Attn-Seed1111/log_train.txt, lines 1-3, 13-15, 25-27 and 37-39; the prediction tables
# between them left out)
DTRB_RELAUNCHED = [
    '[1/30] Train loss: 3.47777, Valid loss: 3.49504, Elapsed_time: 4.37409',
    'Current_accuracy : 12.090, Current_norm_ED  : 0.00',
    'Best_accuracy    : 12.090, Best_norm_ED     : 0.00',
    '[1/10] Train loss: 13.47318, Valid loss: 6.48364, Elapsed_time: 2.87861',
    'Current_accuracy : 1.903, Current_norm_ED  : 0.02',
    'Best_accuracy    : 1.903, Best_norm_ED     : 0.02',
    '[5/10] Train loss: 3.03091, Valid loss: 0.13657, Elapsed_time: 756.47457',
    'Current_accuracy : 97.783, Current_norm_ED  : 0.01',
    'Best_accuracy    : 97.783, Best_norm_ED     : 0.02',
    '[10/10] Train loss: 0.00066, Valid loss: 0.14567, Elapsed_time: 1520.06203',
    'Current_accuracy : 97.708, Current_norm_ED  : 0.00',
    'Best_accuracy    : 97.783, Best_norm_ED     : 0.02',
]


def test_a_count_and_its_clock_since_training_began_starting_again_is_a_launch(tmp_path: Path) -> None:
    """`[1/10] ... Elapsed_time: 2.87861` after `[1/30] ... Elapsed_time: 4.37409`: the count did not go forward and
    the seconds since training began went back, a second launch appended to the file; the steps after it are timed by
    its own clock (the seconds between two lines over the iterations between); that launch counted to the 10 it named,
    its `[10/10]` its end."""
    _, steps, events = _read(tmp_path, DTRB_RELAUNCHED, name="log_train.txt")
    assert [(e["kind"], e["line"]) for e in events] == [("attempt_start", 4), ("attempt_end", 10)]
    assert [(s["step"], s["line"]) for s in steps] == [(1, 1), (1, 4), (5, 7), (10, 10)]
    assert [s.get("step_time_s") for s in steps] == [None, None, pytest.approx((756.47457 - 2.87861) / 4),
                                                     pytest.approx((1520.06203 - 756.47457) / 5)]
    con = console_connection(tmp_path, DTRB_RELAUNCHED, name="log_train.txt")
    assert con.execute("select attempt, first_step, last_step from attempts order by attempt").fetchall() == [
        (1, 1, 1), (2, 1, 10)]


# ConvNeXt's main.py, its log.txt opened to append: a record an epoch, epoch 0 twice (shosseinj/ConvNeXt@
# 9492c2940911f357e14ce05949ec49dcc854265e, hossein_output/log.txt, lines 1-7, the whole file)
CONVNEXT = [
    '{"train_lr": 9.84665052461663e-05, "train_min_lr": 9.84665052461663e-05, "train_loss": 3.6350613678655317, "train_de'
        'lay_reg": 0.0, "train_sparsity_reg": 0.5190361911250699, "train_weight_decay": 0.049999999999999954, "epoch": 0, "n_'
        'parameters": 27844618}',
    '{"train_lr": 9.99809998099981e-05, "train_min_lr": 9.99809998099981e-05, "train_loss": 2.433940526342392, "train_del'
        'ay_reg": 0.0, "train_sparsity_reg": 0.5521961981415748, "train_weight_decay": 0.05000000000000452, "epoch": 0, "n_pa'
        'rameters": 27844618}',
    '{"train_lr": 0.0002999829998299984, "train_min_lr": 0.0002999829998299984, "train_loss": 2.215349623823166, "train_d'
        'elay_reg": 0.0, "train_sparsity_reg": 0.578492337346077, "train_weight_decay": 0.05000000000000452, "epoch": 1, "n_p'
        'arameters": 27844618}',
    '{"train_lr": 0.0004999849998499986, "train_min_lr": 0.0004999849998499986, "train_loss": 2.2509964869737624, "train_'
        'delay_reg": 0.0, "train_sparsity_reg": 0.6115962094664573, "train_weight_decay": 0.05000000000000452, "epoch": 2, "n'
        '_parameters": 27844618}',
    '{"train_lr": 0.0006999869998699987, "train_min_lr": 0.0006999869998699987, "train_loss": 2.35743204600811, "train_de'
        'lay_reg": 0.0, "train_sparsity_reg": 0.6640069871544838, "train_weight_decay": 0.05000000000000452, "epoch": 3, "n_p'
        'arameters": 27844618}',
    '{"train_lr": 0.000899988999889999, "train_min_lr": 0.000899988999889999, "train_loss": 3.1640475165128708, "train_de'
        'lay_reg": 0.0, "train_sparsity_reg": 0.6681409006774426, "train_weight_decay": 0.05000000000000452, "epoch": 4, "n_p'
        'arameters": 27844618}',
    '{"train_lr": 0.0010999909999099993, "train_min_lr": 0.0010999909999099993, "train_loss": 2.44425884411335, "train_de'
        'lay_reg": 0.0, "train_sparsity_reg": 0.6765067704916, "train_weight_decay": 0.05000000000000452, "epoch": 5, "n_para'
        'meters": 27844618}',
]


def test_an_epoch_record_whose_count_goes_back_is_a_launch_appended(tmp_path: Path) -> None:
    """A second record of epoch 0 with other figures: the file's run begun again; epochs 1 to 5 follow it."""
    _, steps, events = _read(tmp_path, CONVNEXT, name="log.txt")
    epochs = [json.loads(t)["epoch"] for t in CONVNEXT]
    assert epochs == [0, 0, 1, 2, 3, 4, 5]
    assert [s["step"] for s in steps] == epochs
    assert [(e["kind"], e["line"]) for e in events] == [("attempt_start", 2)]


# A LightGBM baseline's train.py through Python logging, its KeyError raised from pandas' own (`raise KeyError(key)
# from err`) (AlexanderGrigoriev/RaifHack_2021_7th_place@139e1cabb30c3a903ddbd7dd4ff79c7524564287, train.log, lines 29-52)
CHAINED = [
    '2021-09-24 16:43:59,724 __main__     INFO     Load train df',
    '2021-09-24 16:43:59,741 __main__     INFO     Input shape: (2974, 76)',
    '2021-09-24 16:43:59,745 __main__     ERROR    Traceback (most recent call last):',
    '  File "/home/alex/envs/tensorflow/lib/python3.8/site-packages/pandas/core/indexes/base.py", line 2898, in get_loc',
    '    return self._engine.get_loc(casted_key)',
    '  File "pandas/_libs/index.pyx", line 70, in pandas._libs.index.IndexEngine.get_loc',
    '  File "pandas/_libs/index.pyx", line 101, in pandas._libs.index.IndexEngine.get_loc',
    '  File "pandas/_libs/hashtable_class_helper.pxi", line 1675, in pandas._libs.hashtable.PyObjectHashTable.get_item',
    '  File "pandas/_libs/hashtable_class_helper.pxi", line 1683, in pandas._libs.hashtable.PyObjectHashTable.get_item',
    "KeyError: 'per_square_meter_price'",
    '',
    'The above exception was the direct cause of the following exception:',
    '',
    'Traceback (most recent call last):',
    '  File "/media/alex/Plextor_1T/ML/2021_raifhack/baseline/train.py", line 46, in <module>',
    '    y_offer = train_df[train_df.price_type == PriceTypeEnum.OFFER_PRICE][TARGET]',
    '  File "/home/alex/envs/tensorflow/lib/python3.8/site-packages/pandas/core/frame.py", line 2906, in __getitem__',
    '    indexer = self.columns.get_loc(key)',
    '  File "/home/alex/envs/tensorflow/lib/python3.8/site-packages/pandas/core/indexes/base.py", line 2900, in get_loc',
    '    raise KeyError(key) from err',
    "KeyError: 'per_square_meter_price'",
    '',
    '2021-09-24 16:44:41,620 __main__     INFO     START train.py',
    '2021-09-24 16:44:41,622 __main__     INFO     Load train df',
]


def test_a_chained_traceback_is_one_failure(tmp_path: Path) -> None:
    """`The above exception was the direct cause of the following exception:`: the traceback under it is the same
    failure's (one crash, at the logger's ERROR line, named by the chain's last exception), not a second one."""
    _, _, events = _read(tmp_path, CHAINED, name="train.log", parser_name="generic_log")
    crashes = [(e["line"], e["ts_ns"], e["detail"]) for e in events if e["kind"] == "crash"]
    assert crashes == [(3, _ns("2021-09-24 16:43:59,745"), "KeyError: 'per_square_meter_price'")]


# YOLOX's trainer (TOPICTrack's copy) through loguru, its traceback annotated with the values of each frame's names
# (`diagnose=True`), the frame that raised marked `> File` (ProgramZmh/TOPICTrack@0f65c9e0674272500ddd2f3f028f2daec5fe7493,
# YOLOX_outputs/yolox_x_ablation/train_log.txt, lines 84-95 and 136-145)
LOGURU = [
    '2023-08-27 06:58:34.492 | INFO     | yolox.core.trainer:before_train:148 - init prefetcher, this might take one minu'
        'te or less...',
    "2023-08-27 06:58:34.964 | ERROR    | yolox.core.launch:launch:90 - An error has been caught in function 'launch', pr"
        "ocess 'MainProcess' (1925), thread 'MainThread' (140434642420672):",
    'Traceback (most recent call last):',
    '',
    '  File "tools/train.py", line 114, in <module>',
    '    launch(',
    '    └ <function launch at 0x7fb7e13cd9d0>',
    '',
    '> File "/remote-home/zhengyiyao/topictrack-official/external/YOLOX/yolox/core/launch.py", line 90, in launch',
    '    main_func(*args)',
    '    │          └ (╒══════════════════╤══════════════════════════════════════════════════════════════════════════════'
        '══════════════════════════...',
    '    └ <function main at 0x7fb7e13cdd30>',
    '    data.reraise()',
    '    │    └ <function ExceptionWrapper.reraise at 0x7fb97b3348b0>',
    '    └ <torch._utils.ExceptionWrapper object at 0x7fb7905b0b80>',
    '  File "/opt/conda/envs/TOPICTrack/lib/python3.8/site-packages/torch/_utils.py", line 429, in reraise',
    '    raise self.exc_type(msg)',
    "          │    │        └ 'Caught AssertionError in DataLoader worker process 0.\\nOriginal Traceback (most recent c"
        'all last):\\n  File "/opt/conda/envs/...',
    "          │    └ <class 'AssertionError'>",
    '          └ <torch._utils.ExceptionWrapper object at 0x7fb7905b0b80>',
    '',
    'AssertionError: Caught AssertionError in DataLoader worker process 0.',
]


def test_a_traceback_quoted_in_a_loguru_annotation_is_no_second_failure(tmp_path: Path) -> None:
    """The annotation `└ 'Caught AssertionError ...\\nOriginal Traceback (most recent call last):\\n ...` shows a
    string's value: one failure, the traceback's at its header, named by the exception its frames end with (past the
    `> File` line loguru marks)."""
    _, _, events = _read(tmp_path, LOGURU, name="train_log.txt", parser_name="generic_log")
    crashes = [(e["line"], e["detail"]) for e in events if e["kind"] == "crash"]
    assert crashes == [(3, "AssertionError: Caught AssertionError in DataLoader worker process 0.")]


# A retriever's training script through Python logging in its default format (`%(levelname)s:%(name)s:%(message)s`),
# its own lines through the root logger among urllib3's (dangxingyu/DeepPoetry@bbea90b6ab8eb5447f430fb94a6ee9d2199b910d,
# train_retriever.log, lines 13-27)
ROOT_LOGGER = [
    "INFO:root:Namespace(batch_size=32, n_epochs=10, lr=1e-05, device='cuda', model_name='hfl/chinese-roberta-wwm-ext-lar"
        "ge', add_prompts=False, train_path='CCPM/train.jsonl', valid_path='CCPM/valid.jsonl', checkpoint='best_model_retriev"
        "er.pt')",
    'DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): huggingface.co:443',
    'DEBUG:urllib3.connectionpool:https://huggingface.co:443 "HEAD /hfl/chinese-roberta-wwm-ext-large/resolve/main/config'
        '.json HTTP/1.1" 200 0',
    'DEBUG:urllib3.connectionpool:Starting new HTTPS connection (1): huggingface.co:443',
    'DEBUG:urllib3.connectionpool:https://huggingface.co:443 "HEAD /hfl/chinese-roberta-wwm-ext-large/resolve/main/tokeni'
        'zer_config.json HTTP/1.1" 200 0',
    'DEBUG:root:Epoch 0 loss: 0.7442033325924593 eval acc: 0.8246323529411764',
    'DEBUG:root:Epoch 1 loss: 0.7329535509733592 eval acc: 0.8227941176470588',
    'DEBUG:root:Epoch 2 loss: 0.37046833634376525 eval acc: 0.8036764705882353',
    'DEBUG:root:Epoch 3 loss: 0.1898027532898328 eval acc: 0.8125',
    'DEBUG:root:Epoch 4 loss: 0.16206402128343197 eval acc: 0.81875',
    'DEBUG:root:Epoch 5 loss: 0.14619957625537233 eval acc: 0.8154411764705882',
    'DEBUG:root:Epoch 6 loss: 0.13351269369287527 eval acc: 0.8169117647058823',
    'DEBUG:root:Epoch 7 loss: 0.121636715186212 eval acc: 0.8191176470588235',
    'DEBUG:root:Epoch 8 loss: 0.11285573560196688 eval acc: 0.819485294117647',
    'DEBUG:root:Epoch 9 loss: 0.10606021415990065 eval acc: 0.8191176470588235',
]


def test_python_loggings_default_head_is_no_part_of_the_message(tmp_path: Path) -> None:
    """`DEBUG:root:Epoch 0 loss: 0.744...`: the root logger's head taken off, each epoch's line a step with its loss
    (urllib3's lines kept as they are)."""
    parser, steps, _ = _read(tmp_path, ROOT_LOGGER, name="train_retriever.log")
    said = [t.removeprefix("DEBUG:root:").split() for t in ROOT_LOGGER if t.startswith("DEBUG:root:Epoch ")]
    assert parser == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [(int(w[1]), float(w[3])) for w in said]
    assert len(said) == 10


# Flower's server (flwr 1.x `start_server`) at its INFO level through the project's logger: no centralised evaluation,
# so no `fit progress` line (JuandeHK/Flaegis-Juande@700437cd84f50b82cd46f61e8b6171b70d24fd5e, server_process.log, lines
# 31-83)
FLOWER = [
    '2025-06-23 17:39:06,384 - Process-1 - INFO - Starting evaluation of initial global parameters',
    '2025-06-23 17:39:06,384 - Process-1 - INFO - Evaluation returned no results (`None`)',
    '2025-06-23 17:39:06,385 - Process-1 - INFO - ',
    '2025-06-23 17:39:06,385 - Process-1 - INFO - [ROUND 1]',
    '2025-06-23 17:39:06,420 - Process-1 - INFO - configure_fit: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:39:31,879 - Process-1 - INFO - aggregate_fit: received 5 results and 0 failures',
    '2025-06-23 17:39:31,887 - Process-1 - INFO - configure_evaluate: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:39:33,512 - Process-1 - INFO - aggregate_evaluate: received 5 results and 0 failures',
    '2025-06-23 17:39:33,513 - Process-1 - INFO - ',
    '2025-06-23 17:39:33,513 - Process-1 - INFO - [ROUND 2]',
    '2025-06-23 17:39:33,513 - Process-1 - INFO - configure_fit: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:39:54,049 - Process-1 - INFO - aggregate_fit: received 5 results and 0 failures',
    '2025-06-23 17:39:54,057 - Process-1 - INFO - configure_evaluate: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:39:55,377 - Process-1 - INFO - aggregate_evaluate: received 5 results and 0 failures',
    '2025-06-23 17:39:55,377 - Process-1 - INFO - ',
    '2025-06-23 17:39:55,377 - Process-1 - INFO - [ROUND 3]',
    '2025-06-23 17:39:55,377 - Process-1 - INFO - configure_fit: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:40:13,424 - Process-1 - INFO - aggregate_fit: received 5 results and 0 failures',
    '2025-06-23 17:40:13,432 - Process-1 - INFO - configure_evaluate: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:40:14,755 - Process-1 - INFO - aggregate_evaluate: received 5 results and 0 failures',
    '2025-06-23 17:40:14,756 - Process-1 - INFO - ',
    '2025-06-23 17:40:14,756 - Process-1 - INFO - [ROUND 4]',
    '2025-06-23 17:40:14,756 - Process-1 - INFO - configure_fit: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:40:35,294 - Process-1 - INFO - aggregate_fit: received 5 results and 0 failures',
    '2025-06-23 17:40:35,303 - Process-1 - INFO - configure_evaluate: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:40:36,641 - Process-1 - INFO - aggregate_evaluate: received 5 results and 0 failures',
    '2025-06-23 17:40:36,642 - Process-1 - INFO - ',
    '2025-06-23 17:40:36,642 - Process-1 - INFO - [ROUND 5]',
    '2025-06-23 17:40:36,642 - Process-1 - INFO - configure_fit: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:40:57,300 - Process-1 - INFO - aggregate_fit: received 5 results and 0 failures',
    '2025-06-23 17:40:57,306 - Process-1 - INFO - configure_evaluate: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:40:58,664 - Process-1 - INFO - aggregate_evaluate: received 5 results and 0 failures',
    '2025-06-23 17:40:58,664 - Process-1 - INFO - ',
    '2025-06-23 17:40:58,665 - Process-1 - INFO - [ROUND 6]',
    '2025-06-23 17:40:58,665 - Process-1 - INFO - configure_fit: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:41:19,234 - Process-1 - INFO - aggregate_fit: received 5 results and 0 failures',
    '2025-06-23 17:41:19,241 - Process-1 - INFO - configure_evaluate: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:41:20,569 - Process-1 - INFO - aggregate_evaluate: received 5 results and 0 failures',
    '2025-06-23 17:41:20,569 - Process-1 - INFO - ',
    '2025-06-23 17:41:20,569 - Process-1 - INFO - [ROUND 7]',
    '2025-06-23 17:41:20,570 - Process-1 - INFO - configure_fit: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:41:41,276 - Process-1 - INFO - aggregate_fit: received 5 results and 0 failures',
    '2025-06-23 17:41:41,283 - Process-1 - INFO - configure_evaluate: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:41:42,623 - Process-1 - INFO - aggregate_evaluate: received 5 results and 0 failures',
    '2025-06-23 17:41:42,623 - Process-1 - INFO - ',
    '2025-06-23 17:41:42,623 - Process-1 - INFO - [ROUND 8]',
    '2025-06-23 17:41:42,623 - Process-1 - INFO - configure_fit: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:42:03,170 - Process-1 - INFO - aggregate_fit: received 5 results and 0 failures',
    '2025-06-23 17:42:03,176 - Process-1 - INFO - configure_evaluate: strategy sampled 5 clients (out of 5)',
    '2025-06-23 17:42:04,498 - Process-1 - INFO - aggregate_evaluate: received 5 results and 0 failures',
    '2025-06-23 17:42:04,499 - Process-1 - INFO - ',
    '2025-06-23 17:42:04,499 - Process-1 - INFO - [SUMMARY]',
    '2025-06-23 17:42:04,499 - Process-1 - INFO - Run finished 8 round(s) in 192.99s',
]


def test_a_flower_round_is_a_step_once_its_updates_are_in(tmp_path: Path) -> None:
    """`[ROUND N]`, then `aggregate_fit: received 5 results and 0 failures`: round N done, dated by that line; `Run
    finished 8 round(s) in 192.99s` the run's end."""
    parser, steps, events = _read(tmp_path, FLOWER, name="server_process.log")
    rounds = [int(t.rsplit("[ROUND ", 1)[1].rstrip("]")) for t in FLOWER if t.endswith("]") and "[ROUND " in t]
    aggregated = [(n, t[:23]) for n, t in enumerate(FLOWER, start=1) if "aggregate_fit: received" in t]
    assert parser == "generic_log" and len(rounds) == len(aggregated) == 8
    assert [(s["step"], s["line"], s["end_ns"], s["framework"]) for s in steps] == [
        (r, n, _ns(at), "flower") for r, (n, at) in zip(rounds, aggregated, strict=True)]
    ended = [n for n, t in enumerate(FLOWER, start=1) if "Run finished 8 round(s)" in t]
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == ended


# A TensorFlow 1 GoogLeNet trainer's log: its step in brackets with no total, its training and validation lines at the
# same step, and its saves (dreamer121121/googlenet@222e2e9f2fe35468968cbd4b3970ba934096f964, log/train.log, lines 1-4
# and 30-34)
GOOGLENET = [
    '2019-08-19 14:49:47.783573: Step [0]  train Loss : 2.021224, training accuracy :  0.3125',
    '2019-08-19 14:51:54.571753: Step [0]  val Loss : 1.609448, val accuracy :  0.199597',
    '2019-08-19 15:01:47.500576: Step [100]  train Loss : 2.378602, training accuracy :  0.25',
    '2019-08-19 15:12:14.773994: Step [200]  train Loss : 1.425385, training accuracy :  0.125',
    '2019-08-19 18:12:57.475716: Step [1900]  train Loss : 0.073870, training accuracy :  0.0625',
    '2019-08-19 18:22:31.584399: Step [2000]  train Loss : 0.594193, training accuracy :  0.25',
    '2019-08-19 18:24:42.702228: Step [2000]  val Loss : 2.673081, val accuracy :  0.199597',
    '-----save:models/model.ckpt-2000',
    '2019-08-19 18:34:14.526917: Step [2100]  train Loss : 0.123520, training accuracy :  0.125',
]


def test_a_bracketed_step_and_a_save_said_alone(tmp_path: Path) -> None:
    """`Step [100]  train Loss : 2.378602`: step 100 with that loss (`Step [0]  val Loss : ...` no step of training);
    `-----save:models/model.ckpt-2000` a save done, of step 2000 (the checkpoint file's global step)."""
    parser, steps, events = _read(tmp_path, GOOGLENET, name="train.log")
    trained = [(int(t.split("[")[1].split("]")[0]), float(t.split(" : ")[1].split(",")[0]), n)
               for n, t in enumerate(GOOGLENET, start=1) if "train Loss" in t]
    assert parser == "generic_log"
    assert [(s["step"], s["loss"], s["line"]) for s in steps] == trained
    saved = "-----save:models/model.ckpt-2000"
    assert [(e["kind"], e["line"], e["step"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_end", GOOGLENET.index(saved) + 1, int(saved.rsplit("-", 1)[1]))]


# icefall's train.py on 4 GPUs (k2's MetricsTracker, its recipe's utterance figures in the loss's brackets), each rank's
# logger naming it and the world (`(2/4)`), its last epoch's last lines (can-cui/icefall-related@
# 48e163686a39bade0e22715d3ea70b12c5801ff2, egs/ami-common-rich-recipe/OUT/oar_job.4274629.output, lines 277-285)
ICEFALL_DONE = [
    '2023-08-27 11:51:13,278 INFO [train_noCtc.py:878] (3/4) Epoch 30, batch 150, loss[loss=0.746, simple_loss_common=0.4'
        '864, pruned_loss_common=0.1768, simple_loss_rich=0.342, pruned_loss_rich=0.1551, over 17365.00 frames. utt_duration='
        '330.6 frames, utt_pad_proportion=0.06599, over 211.00 utterances.], tot_loss[loss=0.7116, simple_loss_common=0.4865,'
        ' pruned_loss_common=0.1663, simple_loss_rich=0.327, pruned_loss_rich=0.1386, over 1883760.81 frames. utt_duration=45'
        '4.6 frames, utt_pad_proportion=0.07654, over 16628.73 utterances.], batch size: 211, lr: 1.40e-03',
    '2023-08-27 11:51:13,280 INFO [train_noCtc.py:878] (0/4) Epoch 30, batch 150, loss[loss=0.7584, simple_loss_common=0.'
        '4312, pruned_loss_common=0.1754, simple_loss_rich=0.3561, pruned_loss_rich=0.1893, over 14773.00 frames. utt_duratio'
        'n=130.8 frames, utt_pad_proportion=0.2025, over 457.00 utterances.], tot_loss[loss=0.704, simple_loss_common=0.4846,'
        ' pruned_loss_common=0.1628, simple_loss_rich=0.3255, pruned_loss_rich=0.1362, over 1889197.98 frames. utt_duration=4'
        '67.4 frames, utt_pad_proportion=0.07148, over 16220.66 utterances.], batch size: 457, lr: 1.40e-03',
    '2023-08-27 11:51:13,280 INFO [train_noCtc.py:878] (2/4) Epoch 30, batch 150, loss[loss=0.5674, simple_loss_common=0.'
        '4231, pruned_loss_common=0.1154, simple_loss_rich=0.2783, pruned_loss_rich=0.1013, over 18408.00 frames. utt_duratio'
        'n=1010 frames, utt_pad_proportion=0.01642, over 73.00 utterances.], tot_loss[loss=0.697, simple_loss_common=0.4847, '
        'pruned_loss_common=0.1599, simple_loss_rich=0.3234, pruned_loss_rich=0.1331, over 1902177.83 frames. utt_duration=52'
        '3.3 frames, utt_pad_proportion=0.06194, over 14580.15 utterances.], batch size: 73, lr: 1.40e-03',
    '2023-08-27 11:51:13,280 INFO [train_noCtc.py:878] (1/4) Epoch 30, batch 150, loss[loss=0.6648, simple_loss_common=0.'
        '476, pruned_loss_common=0.1439, simple_loss_rich=0.3182, pruned_loss_rich=0.1238, over 18231.00 frames. utt_duration'
        '=670.4 frames, utt_pad_proportion=0.01838, over 109.00 utterances.], tot_loss[loss=0.6886, simple_loss_common=0.4813'
        ', pruned_loss_common=0.1564, simple_loss_rich=0.3215, pruned_loss_rich=0.1309, over 1898568.97 frames. utt_duration='
        '517.1 frames, utt_pad_proportion=0.06774, over 14727.93 utterances.], batch size: 109, lr: 1.40e-03',
    '2023-08-27 11:51:55,956 INFO [checkpoint.py:75] (0/4) Saving checkpoint to lstm_transducer_stateless3/exp-ami-scratc'
        'h-noCtc-cond/epoch-30.pt',
    '2023-08-27 11:51:56,010 INFO [train_noCtc.py:1099] (2/4) Done!',
    '2023-08-27 11:51:56,011 INFO [train_noCtc.py:1099] (1/4) Done!',
    '2023-08-27 11:51:56,055 INFO [train_noCtc.py:1099] (3/4) Done!',
    '2023-08-27 11:51:57,852 INFO [train_noCtc.py:1099] (0/4) Done!',
]


def test_icefall_ranks_say_done_after_their_rank_and_world(tmp_path: Path) -> None:
    """`INFO [train_noCtc.py:1099] (2/4) Done!`: the script's last word from each rank; the batch lines icefall's (its
    tracker's brackets hold the utterances' figures after the frames')."""
    _, steps, events = _read(tmp_path, ICEFALL_DONE, name="train.log")
    done = [n for n, t in enumerate(ICEFALL_DONE, start=1) if t.endswith(" Done!")]
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == done
    assert {s["framework"] for s in steps} == {"icefall"}
    assert sorted(s["rank"] for s in steps) == [0, 1, 2, 3]


# timm's train.py under wandb (0.10, which prints its last word as the program exits), the last lines of a 300-epoch
# run (rioyokotalab/pytorch-image-models@d22fc49d99110d7bb1046d9da96fcebbcec27c8e, output/6298.out: of its last 16,000
# characters, lines 98-102 and 113-118)
TIMM_WANDB = [
    'Train: 299 [1150/1251 ( 92%)]  Loss:  3.673470 (3.7548)  Time: 0.180s, 5675.05/s  (0.202s, 5056.96/s)  LR: 1.003e-05'
        '  Data: 0.022 (0.032)',
    'Train: 299 [1200/1251 ( 96%)]  Loss:  3.579607 (3.7478)  Time: 0.172s, 5939.10/s  (0.202s, 5065.42/s)  LR: 1.003e-05'
        '  Data: 0.028 (0.032)',
    'Train: 299 [1250/1251 (100%)]  Loss:  3.625401 (3.7431)  Time: 0.138s, 7408.16/s  (0.201s, 5084.54/s)  LR: 1.003e-05'
        '  Data: 0.000 (0.031)',
    'Test: [   0/48]  Time: 1.805 (1.805)  Loss:  0.6271 (0.6271)  Acc@1: 87.9883 (87.9883)  Acc@5: 96.7773 (96.7773)',
    'Test: [  48/48]  Time: 0.032 (0.211)  Loss:  0.7023 (1.2147)  Acc@1: 84.6698 (72.1900)  Acc@5: 95.9906 (91.1360)',
    " ('train_result/PreTraining_vit_deit_tiny_patch16_224_1k/checkpoint-284.pth.tar', 71.99800001464844)",
    '',
    '*** Best metric: 72.18999993408202 (epoch 299)',
    '',
    'wandb: Waiting for W&B process to finish, PID 2270229',
    'wandb: Program ended successfully.',
]


def test_wandbs_word_that_the_program_ended_successfully_ends_the_run(tmp_path: Path) -> None:
    """`wandb: Program ended successfully.`: the program exited with code 0 after its steps, a clean end."""
    _, steps, events = _read(tmp_path, TIMM_WANDB, name="6298.out")
    assert [s["step"] for s in steps] == [299 * 1251 + b for b in (1150, 1200, 1250)]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", len(TIMM_WANDB))]


# wandb's last lines where the program it watched failed (neilsambhu/carla-roach@dc57095127eb02620b054588a42be31e8750707b,
# timeline/README.md: a console pasted into notes, the traceback above these lines and the lines after them left out)
WANDB_FAILED = [
    "[2022-04-21 22:26:13,332][__main__][INFO] - Start episode 0000, noise_lon=False, noise_lat=False, {'env_id': "
    "'Endless-v0', 'env_configs': {'carla_map': 'Town01', 'num_zombie_vehicles': [80, 160], 'num_zombie_walkers': [80, "
    "160], 'weather_group': 'train'}}",
    "AssertionError",
    "",
    "wandb: Waiting for W&B process to finish, PID 89258",
    "wandb: Program failed with code 1.  Press ctrl-c to abort syncing.",
]


def test_wandbs_word_that_the_program_failed_is_its_failure(tmp_path: Path) -> None:
    """`wandb: Program failed with code 1.`: the program exited with another code than 0, a failure where no line said
    one (its traceback not kept)."""
    _, _, events = _read(tmp_path, WANDB_FAILED, name="console.log", parser_name="generic_log")
    assert [(e["kind"], e["line"], e["detail"]) for e in events if e["kind"] == "crash"] == [
        ("crash", 5, "wandb: the program exited with code 1")]


# The HF Seq2SeqTrainer's trainer_state.json of a Whisper fine-tune: its top-level fields and entries 1-2 and 29-33 of
# its 33 log_history entries (u25724267-svg/Whisper_fine_tuning_ASR@8eb4387650c5c970daa4a0b895b9f1db4816ae3f,
# artifacts/experiment_outputs/medium/rq1/c1_sortagrad_seed42/trainer_state.json)
TRAINER_STATE = {
    "best_metric": 26.26785619457278,
    "best_model_checkpoint": "/ext_data/casper/asr_experiment_outputs/medium/rq1/c1_sortagrad_seed42/checkpoint-6906",
    "epoch": 3.0, "eval_steps": 500, "global_step": 6906, "is_hyper_param_search": False, "is_local_process_zero": True,
    "is_world_process_zero": True,
    "log_history": [
        {"epoch": 0.10860121633362294, "grad_norm": 11.529265403747559, "learning_rate": 4.92e-06, "loss": 1.7035,
         "step": 250},
        {"epoch": 0.21720243266724587, "grad_norm": 8.761597633361816, "learning_rate": 9.920000000000002e-06,
         "loss": 0.4337, "step": 500},
        {"epoch": 2.9322328410078193, "grad_norm": 3.1517293453216553, "learning_rate": 2.5132688104901656e-07,
         "loss": 0.1066, "step": 6750},
        {"epoch": 3.0, "eval_loss": 0.2783549129962921, "eval_runtime": 1185.5558, "eval_samples_per_second": 1.447,
         "eval_steps_per_second": 0.241, "eval_wer": 26.26785619457278, "step": 6906},
        {"epoch": 3.0, "step": 6906, "total_flos": 4.227447587438592e+19, "train_loss": 0.2537549140658408,
         "train_runtime": 9805.4402, "train_samples_per_second": 4.224, "train_steps_per_second": 0.704},
        {"epoch": 3.0, "step": 6906, "validation_loss": 0.2783549129962921, "validation_runtime": 1197.7634,
         "validation_samples_per_second": 1.432, "validation_steps_per_second": 0.239,
         "validation_wer": 26.26785619457278},
        {"epoch": 3.0, "step": 6906, "test_loss": 0.24392786622047424, "test_runtime": 1131.2782,
         "test_samples_per_second": 1.477, "test_steps_per_second": 0.247, "test_wer": 23.66999334664005},
    ],
    "logging_steps": 250, "max_steps": 6906, "num_input_tokens_seen": 0, "num_train_epochs": 3, "save_steps": 500,
    "total_flos": 4.227447587438592e+19, "train_batch_size": 6, "trial_name": None, "trial_params": None,
}


def test_a_trainer_states_summary_ends_its_run_at_the_last_step_trained(tmp_path: Path) -> None:
    """The summary entry (`train_runtime` 9805.4402 s at step 6906): training done at step 6906, though the last entry
    with a loss logged step 6750 (`logging_steps` 250), after 9805.4402 s of training; `best_model_checkpoint`
    `.../checkpoint-6906` a checkpoint saved at step 6906."""
    path = tmp_path / "trainer_state.json"
    path.write_text(json.dumps(TRAINER_STATE, indent=2), encoding="utf-8")
    from tracelens.store import Store

    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    assert con.execute("select step, loss from log_steps order by step").fetchall() == [
        (250, 1.7035), (500, 0.4337), (6750, 0.1066), (6906, None)]
    assert con.execute("select kind, step, duration_s from log_events order by kind").fetchall() == [
        ("attempt_end", 6906, 9805.4402), ("checkpoint_save_end", 6906, None)]
    assert con.execute("select first_step, last_step, end_reason, length_s, length_at_least from attempts").fetchall() == [
        (250, 6906, "completed", pytest.approx(9805.4402), True)]


def test_a_count_and_clock_within_each_epoch_starting_over_is_no_launch(tmp_path: Path) -> None:
    """Chris McCormick's BERT loop: `Batch    40  of    241.    Elapsed: 0:00:15.` under `======== Epoch 2 / 4
    ========` counts and clocks within its epoch; both starting over after the epoch's line is the next epoch, no
    launch."""
    _, steps, events = _read(tmp_path, BERT_TUTORIAL)
    opened = [n for n, t in enumerate(BERT_TUTORIAL, start=1) if t.startswith("======== Epoch ")]
    assert len(opened) == 2 and steps
    assert [e for e in events if e["kind"] == "attempt_start"] == []


def test_a_traceback_during_the_handling_of_another_is_the_same_failure(tmp_path: Path) -> None:
    """`During handling of the above exception, another exception occurred:`: the traceback under it (Levanter's entry
    script's) is the failure above's, one crash."""
    _, _, events = _read(tmp_path, LEVANTER_FAILURE, parser_name="generic_log")
    headers = [n for n, t in enumerate(LEVANTER_FAILURE, start=1) if t.startswith("Traceback (most recent call last)")]
    assert len(headers) == 2
    assert [e["line"] for e in events if e["kind"] == "crash"] == headers[:1]


# wandb's last lines after a traceback that another's handling raised (neilsambhu/carla-roach@
# dc57095127eb02620b054588a42be31e8750707b, timeline/README.md: a console pasted into notes, from the first traceback's
# last frames on)
WANDB_AFTER_TRACEBACK = [
    "  File \"mtrand.pyx\", line 908, in numpy.random.mtrand.RandomState.choice",
    "ValueError: 'a' cannot be empty unless no samples are taken",
    "",
    "During handling of the above exception, another exception occurred:",
    "",
    "Traceback (most recent call last):",
    "  File \"data_collect_NeilBranch0.py\", line 377, in <module>",
    "    main()",
    "  File \"/home/nsambhu/anaconda3/envs/carla/lib/python3.7/site-packages/hydra/main.py\", line 37, in decorated_main",
    "    strict=strict,",
    "  File \"/home/nsambhu/anaconda3/envs/carla/lib/python3.7/site-packages/hydra/_internal/utils.py\", line 347, in "
    "_run_hydra",
    "    lambda: hydra.run(",
    "  File \"/home/nsambhu/anaconda3/envs/carla/lib/python3.7/site-packages/hydra/_internal/utils.py\", line 237, in "
    "run_and_report",
    "    assert mdl is not None",
    "AssertionError",
    "",
    "wandb: Waiting for W&B process to finish, PID 89258",
    "wandb: Program failed with code 1.  Press ctrl-c to abort syncing.",
]


def test_wandbs_word_after_a_traceback_is_no_second_failure(tmp_path: Path) -> None:
    """The traceback said the failure (its header the first line that says one here); wandb's `Program failed with
    code 1.` after it is the same failure's exit."""
    _, _, events = _read(tmp_path, WANDB_AFTER_TRACEBACK, parser_name="generic_log")
    assert [(e["line"], e["detail"]) for e in events if e["kind"] == "crash"] == [
        (WANDB_AFTER_TRACEBACK.index("Traceback (most recent call last):") + 1, "AssertionError")]


# A LightGBM baseline's train.py through Python logging, appended to one train.log at each launch: a start that printed
# nothing else, one that failed reading its data, two that stopped without a word (AlexanderGrigoriev/
# RaifHack_2021_7th_place@139e1cabb30c3a903ddbd7dd4ff79c7524564287, train.log, lines 1-30)
RAIFHACK_STARTS = [
    '2021-09-24 16:40:22,967 __main__     INFO     START train.py',
    '2021-09-24 16:41:58,550 __main__     INFO     START train.py',
    '2021-09-24 16:41:58,551 __main__     INFO     Load train df',
    '2021-09-24 16:41:58,552 __main__     ERROR    Traceback (most recent call last):',
    '  File "/media/alex/Plextor_1T/ML/2021_raifhack/baseline/train.py", line 41, in <module>',
    "    train_df = pd.read_csv(args['d'])",
    '  File "/home/alex/envs/tensorflow/lib/python3.8/site-packages/pandas/io/parsers.py", line 688, in read_csv',
    '    return _read(filepath_or_buffer, kwds)',
    '  File "/home/alex/envs/tensorflow/lib/python3.8/site-packages/pandas/io/parsers.py", line 454, in _read',
    '    parser = TextFileReader(fp_or_buf, **kwds)',
    '  File "/home/alex/envs/tensorflow/lib/python3.8/site-packages/pandas/io/parsers.py", line 948, in __init__',
    '    self._make_engine(self.engine)',
    '  File "/home/alex/envs/tensorflow/lib/python3.8/site-packages/pandas/io/parsers.py", line 1180, in _make_engine',
    '    self._engine = CParserWrapper(self.f, **self.options)',
    '  File "/home/alex/envs/tensorflow/lib/python3.8/site-packages/pandas/io/parsers.py", line 2010, in __init__',
    '    self._reader = parsers.TextReader(src, **kwds)',
    '  File "pandas/_libs/parsers.pyx", line 537, in pandas._libs.parsers.TextReader.__cinit__',
    '  File "pandas/_libs/parsers.pyx", line 711, in pandas._libs.parsers.TextReader._get_header',
    '  File "pandas/_libs/parsers.pyx", line 905, in pandas._libs.parsers.TextReader._tokenize_rows',
    '  File "pandas/_libs/parsers.pyx", line 2042, in pandas._libs.parsers.raise_parser_error',
    "pandas.errors.ParserError: Error tokenizing data. C error: Calling read(nbytes) on source failed. Try engine='python'.",
    '',
    '2021-09-24 16:42:23,380 __main__     INFO     START train.py',
    '2021-09-24 16:42:23,381 __main__     INFO     Load train df',
    '2021-09-24 16:43:37,198 __main__     INFO     START train.py',
    '2021-09-24 16:43:37,200 __main__     INFO     Load train df',
    '2021-09-24 16:43:39,820 __main__     INFO     Input shape: (2974, 76)',
    '2021-09-24 16:43:59,724 __main__     INFO     START train.py',
    '2021-09-24 16:43:59,724 __main__     INFO     Load train df',
    '2021-09-24 16:43:59,741 __main__     INFO     Input shape: (2974, 76)',
]


def test_a_dated_logs_first_line_said_again_is_a_launch_even_right_after_itself(tmp_path: Path) -> None:
    """`START train.py` is the script's first word at each launch: said again 96 s after itself (a launch that printed
    nothing else), and again after other lines, each time followed by `Load train df`, each one a launch."""
    _, _, events = _read(tmp_path, RAIFHACK_STARTS, name="train.log", parser_name="generic_log")
    said = [n for n, t in enumerate(RAIFHACK_STARTS, start=1) if t.endswith("INFO     START train.py")]
    assert said == [1, 2, 23, 25, 28]
    assert sorted(e["line"] for e in events if e["kind"] == "attempt_start") == said


# A multi-view acoustic word embedding's training through Python logging: an epoch's line with its mean loss and its
# own seconds (DataGov-SamagraX/hindi-acoustic-word-embedding@2a1c848eb79a1edce96dc34d6f8559e42175696b,
# logs/training.log, lines 1-8)
AWE_EPOCHS = [
    '2024-06-17 16:43:06,202 - INFO - view1:',
    '2024-06-17 16:43:06,249 - INFO - view2:',
    '2024-06-17 16:43:11,171 - INFO - Epoch: 1, Avg_loss: 0.507, Duration: 3.65s',
    '2024-06-17 16:43:12,084 - INFO - Epoch: 2, Avg_loss: 0.454, Duration: 0.58s',
    '2024-06-17 16:43:12,838 - INFO - Epoch: 3, Avg_loss: 0.423, Duration: 0.42s',
    '2024-06-17 16:43:13,598 - INFO - Epoch: 4, Avg_loss: 0.310, Duration: 0.43s',
    '2024-06-17 16:43:14,381 - INFO - Epoch: 5, Avg_loss: 0.167, Duration: 0.46s',
    '2024-06-17 16:43:15,140 - INFO - Epoch: 6, Avg_loss: 0.127, Duration: 0.42s',
]


def test_an_epochs_line_with_its_duration_and_mean_loss(tmp_path: Path) -> None:
    """`Epoch: 2, Avg_loss: 0.454, Duration: 0.58s`: epoch 2 trained in 0.58 s (its line's own figure, not the 0.913 s
    since the line before, which holds its evaluation too), its loss the mean it names."""
    _, steps, _ = _read(tmp_path, AWE_EPOCHS, name="training.log")
    said = [t.split(" - INFO - ")[1].split(", ") for t in AWE_EPOCHS if "Epoch: " in t]
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (int(e.split(": ")[1]), float(a.split(": ")[1]), float(d.split(": ")[1].rstrip("s"))) for e, a, d in said]
    assert len(said) == 6


# A person re-identification trainer built on PyTorch's transfer learning tutorial's loop, undated, its last epochs and
# its total (doosik71/Person-reID-triplet-loss@1dac006c1bca71790048480fcfca4c1226040d30, log/train.log, lines 413-427)
REID_END = [
    'Epoch 68/69',
    '----------',
    'batch = 405',
    'now_margin: 0.3000',
    'train Loss: 0.0919 Reg: 0.0000 Acc: 0.4209 MeanMargin: 0.2526',
    '',
    'Epoch 69/69',
    '----------',
    'batch = 405',
    'now_margin: 0.3000',
    'train Loss: 0.0898 Reg: 0.0000 Acc: 0.4244 MeanMargin: 0.2546',
    '',
    'Training complete in 629m 10s',
    'End training...',
    'End...',
]


def test_the_transfer_learning_tutorials_total_is_the_runs_length(tmp_path: Path) -> None:
    """`Training complete in 629m 10s`: the run trained 629 x 60 + 10 = 37750 s, its end; the log dates nothing else."""
    from tracelens.store import Store

    _, _, events = _read(tmp_path, REID_END, name="train.log", parser_name="generic_log")
    assert [(e["kind"], e["line"], e["duration_s"]) for e in events] == [
        ("attempt_end", REID_END.index("Training complete in 629m 10s") + 1, 629 * 60 + 10)]
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([tmp_path / "train.log"], log_format="generic_log")
    con = store.connect()
    assert con.execute("select length_s, length_at_least from attempts").fetchall() == [(37750.0, True)]


# A product-matching model's second launch appended to its training.log: its training between two banners set off by
# rules (Hesham166/iSupply-Product-Match-Model@36efa6aa997468682f2bdb17ef727400cfd79b76, logs/training.log, lines 21-40)
END_BANNER = [
    '[2025-02-11 14:46:08] INFO - Vocabulary size: 72',
    '[2025-02-11 14:46:08] INFO - Saved vocabulary to checkpoints/vocab.pkl',
    '[2025-02-11 14:46:08] INFO - Preparing dataloader and model for training',
    '[2025-02-11 14:46:15] INFO - ----------------------- Start Training -----------------------',
    '[2025-02-11 14:46:32] INFO - Epoch 1/15, Loss: 0.0228',
    '[2025-02-11 14:46:50] INFO - Epoch 2/15, Loss: 0.0053',
    '[2025-02-11 14:47:07] INFO - Epoch 3/15, Loss: 0.0038',
    '[2025-02-11 14:47:26] INFO - Epoch 4/15, Loss: 0.0028',
    '[2025-02-11 14:47:46] INFO - Epoch 5/15, Loss: 0.0024',
    '[2025-02-11 14:48:05] INFO - Epoch 6/15, Loss: 0.0020',
    '[2025-02-11 14:48:22] INFO - Epoch 7/15, Loss: 0.0016',
    '[2025-02-11 14:48:40] INFO - Epoch 8/15, Loss: 0.0014',
    '[2025-02-11 14:48:57] INFO - Epoch 9/15, Loss: 0.0013',
    '[2025-02-11 14:49:15] INFO - Epoch 10/15, Loss: 0.0011',
    '[2025-02-11 14:49:33] INFO - Epoch 11/15, Loss: 0.0011',
    '[2025-02-11 14:49:51] INFO - Epoch 12/15, Loss: 0.0011',
    '[2025-02-11 14:50:09] INFO - Epoch 13/15, Loss: 0.0009',
    '[2025-02-11 14:50:27] INFO - Epoch 14/15, Loss: 0.0007',
    '[2025-02-11 14:50:44] INFO - Epoch 15/15, Loss: 0.0006',
    '[2025-02-11 14:50:44] INFO - ------------------------ End Training ------------------------',
]


def test_a_banner_that_training_ended_ends_the_run(tmp_path: Path) -> None:
    """`------------------------ End Training ------------------------`, its `Start Training` banner's counterpart: the
    run's end, at its time."""
    _, _, events = _read(tmp_path, END_BANNER, name="training.log")
    at = next(n for n, t in enumerate(END_BANNER, start=1) if t.endswith(" End Training ------------------------"))
    assert [(e["line"], e["ts_ns"]) for e in events if e["kind"] == "attempt_end"] == [
        (at, _ns(END_BANNER[at - 1][1:20], "%Y-%m-%d %H:%M:%S"))]


# The SETI Breakthrough Listen solution's Nakama-style logger (message only, its train.log opened to append): three
# launches of fold 0 that stopped early, then a 4-fold run, each fold's epochs counted from 1 (LakshyaMalhotra/
# seti-breakthrough-listen@9c0c194d92f4cca313ed26fff6d07883c6451bcf, outputs/train.log, lines 1-55)
SETI_FOLDS = [
    '------------------------------',
    '       Training fold: 0       ',
    '------------------------------',
    '------------------------------',
    '       Training fold: 0       ',
    '------------------------------',
    '------------------------------',
    '       Training fold: 0       ',
    '------------------------------',
    'Epoch: 1, \tavg train loss: 0.1242, \tavg validation loss: 0.0684',
    'Epoch: 1, \tROC-AUC score: 0.9743, \ttime elapsed: 481.76432847976685',
    'Epoch 1, \tSave Best Score: 0.9743 Model',
    'Epoch 1, \tSave Best Loss: 0.0684 Model',
    '------------------------------',
    '       Training fold: 0       ',
    '------------------------------',
    'Epoch: 1, \tavg train loss: 0.1284, \tavg validation loss: 0.0760',
    'Epoch: 1, \tROC-AUC score: 0.9704, \ttime elapsed: 478.33293890953064',
    'Epoch 1, \tSave Best Score: 0.9704 Model',
    'Epoch 1, \tSave Best Loss: 0.0760 Model',
    'Epoch: 2, \tavg train loss: 0.0687, \tavg validation loss: 0.0612',
    'Epoch: 2, \tROC-AUC score: 0.9747, \ttime elapsed: 481.4162518978119',
    'Epoch 2, \tSave Best Score: 0.9747 Model',
    'Epoch 2, \tSave Best Loss: 0.0612 Model',
    'Epoch: 3, \tavg train loss: 0.0528, \tavg validation loss: 0.0662',
    'Epoch: 3, \tROC-AUC score: 0.9736, \ttime elapsed: 481.74867272377014',
    'Epoch: 4, \tavg train loss: 0.0415, \tavg validation loss: 0.0664',
    'Epoch: 4, \tROC-AUC score: 0.9725, \ttime elapsed: 481.73250794410706',
    'Epoch: 5, \tavg train loss: 0.0303, \tavg validation loss: 0.0858',
    'Epoch: 5, \tROC-AUC score: 0.9691, \ttime elapsed: 481.6404159069061',
    '------------------------------',
    '       Fold: 0 result        ',
    '------------------------------',
    'Score: 0.9747',
    '------------------------------',
    '       Training fold: 1       ',
    '------------------------------',
    'Epoch: 1, \tavg train loss: 0.1231, \tavg validation loss: 0.0851',
    'Epoch: 1, \tROC-AUC score: 0.9605, \ttime elapsed: 481.68613147735596',
    'Epoch 1, \tSave Best Score: 0.9605 Model',
    'Epoch 1, \tSave Best Loss: 0.0851 Model',
    'Epoch: 2, \tavg train loss: 0.0667, \tavg validation loss: 0.0707',
    'Epoch: 2, \tROC-AUC score: 0.9588, \ttime elapsed: 481.64140820503235',
    'Epoch 2, \tSave Best Loss: 0.0707 Model',
    'Epoch: 3, \tavg train loss: 0.0506, \tavg validation loss: 0.0748',
    'Epoch: 3, \tROC-AUC score: 0.9687, \ttime elapsed: 482.021746635437',
    'Epoch 3, \tSave Best Score: 0.9687 Model',
    'Epoch: 4, \tavg train loss: 0.0389, \tavg validation loss: 0.0774',
    'Epoch: 4, \tROC-AUC score: 0.9656, \ttime elapsed: 482.1239061355591',
    'Epoch: 5, \tavg train loss: 0.0304, \tavg validation loss: 0.0833',
    'Epoch: 5, \tROC-AUC score: 0.9649, \ttime elapsed: 481.7115406990051',
    '------------------------------',
    '       Fold: 1 result        ',
    '------------------------------',
    'Score: 0.9687',
]


def test_a_k_fold_runs_folds_go_on_from_each_other_and_a_fold_said_again_is_a_launch(tmp_path: Path) -> None:
    """`Training fold: 1` after fold 0's five epochs: the same process's next fold, its `Epoch: 1` the run's sixth epoch
    (no restart); `Training fold: 0` after fold 0 (three times) is the script launched again, the log appended to."""
    _, steps, events = _read(tmp_path, SETI_FOLDS, name="train.log")
    folds = [(n, int(t.split(": ")[1])) for n, t in enumerate(SETI_FOLDS, start=1) if t.strip().startswith("Training fold: ")]
    assert [f for _, f in folds] == [0, 0, 0, 0, 1]
    again = [n for (n, f), (_, before) in zip(folds[1:], folds, strict=False) if f <= before]
    assert [e["line"] for e in events if e["kind"] == "attempt_start"] == again
    fold_one = folds[-1][0]
    said = [(n, int(t.split(",")[0].split(": ")[1])) for n, t in enumerate(SETI_FOLDS, start=1)
            if t.startswith("Epoch: ") and "avg train loss" in t]
    last_of_fold_zero = max(e for n, e in said if n < fold_one)
    assert [(s["line"], s["step"]) for s in steps if s["line"] > fold_one] == [
        (n, last_of_fold_zero + e) for n, e in said if n > fold_one]
    assert last_of_fold_zero == 5


# A music-genre solution's train.log from the same template: ten launches that stopped before their first epoch
# (DrCod/Music-Genre-Classification@0491a66d05d25106c4008d1fcc30f63f51bf375c, outputs/train.log, the whole file)
FOLD_BANNERS = [
    '========== fold: 0 training ==========',
    '========== fold: 0 training ==========',
    '========== fold: 0 training ==========',
    '========== fold: 0 training ==========',
    '========== fold: 0 training ==========',
    '========== fold: 0 training ==========',
    '========== fold: 0 training ==========',
    '========== fold: 0 training ==========',
    '========== fold: 0 training ==========',
    '========== fold: 0 training ==========',
]


def test_fold_banners_alone_are_launches_that_logged_no_epoch(tmp_path: Path) -> None:
    """Ten `========== fold: 0 training ==========` and nothing else: ten launches (their events; nothing dates them), no
    step."""
    parser, steps, events = _read(tmp_path, FOLD_BANNERS, name="train.log")
    assert parser == "generic_log" and steps == []
    assert [e["line"] for e in events if e["kind"] == "attempt_start"] == list(range(1, 11))


# Marian's trainer (v1.7.8, 2 GPUs in one process): a save, then its validators tagged `[valid]`, the translation
# validator 27 minutes (cepin19/dp@8f72d55b83f39fa4fdf54e66b767c59c3ad02457,
# logs/europarl/src1tgt0_cz/train_dual_doc.diff_emb.nccl.log, lines 233-246)
MARIAN_VALID = [
    '[2019-03-01 23:33:35] Ep. 2 : Up. 4500 : Sen. 42,350 : Cost 247.29241943 : Time 265.62s : 8246.90 words/s : L.r. 8.4375e-05',
    '[2019-03-01 23:37:15] Ep. 2 : Up. 5000 : Sen. 112,856 : Cost 250.58264160 : Time 220.28s : 10168.14 words/s : L.r. 9'
        '.3750e-05',
    '[2019-03-01 23:37:15] Saving model weights and runtime parameters to model/model.src1tgt0.doc.gate.diff_emb2.npz.orig.npz',
    '[2019-03-01 23:37:23] Saving model weights and runtime parameters to model/model.src1tgt0.doc.gate.diff_emb2.iter5000.npz',
    '[2019-03-01 23:37:29] Saving model weights and runtime parameters to model/model.src1tgt0.doc.gate.diff_emb2.npz',
    '[2019-03-01 23:37:37] Saving Adam parameters to model/model.src1tgt0.doc.gate.diff_emb2.npz.optimizer.npz',
    '[2019-03-01 23:38:01] [valid] Ep. 2 : Up. 5000 : cross-entropy : 238.73 : new best',
    '[2019-03-01 23:38:09] [valid] Ep. 2 : Up. 5000 : perplexity : 2234.81 : new best',
    'Detokenizer Version $Revision: 4134 $',
    'Language: en',
    '[2019-03-02 00:05:03] [valid] Ep. 2 : Up. 5000 : translation : 0 : new best',
    '[2019-03-02 00:08:46] Ep. 2 : Up. 5500 : Sen. 184,229 : Cost 248.72705078 : Time 1891.12s : 1193.22 words/s : L.r. 1'
        '.0313e-04',
    '[2019-03-02 00:12:24] Ep. 2 : Up. 6000 : Sen. 257,824 : Cost 232.45855713 : Time 218.03s : 10004.69 words/s : L.r. 1'
        '.1250e-04',
    '[2019-03-02 00:16:03] Ep. 2 : Up. 6500 : Sen. 331,128 : Cost 232.75007629 : Time 218.93s : 9954.56 words/s : L.r. 1.'
        '2188e-04',
]


def test_marians_tagged_validation_is_an_evaluation(tmp_path: Path) -> None:
    """`[valid] Ep. 2 : Up. 5000 : ...` lines: an evaluation between update 5000 and 5500, from the save's last line
    (its set-up: the dated line before it) to its last line's time, 00:05:03; not training time."""
    _, _, events = _read(tmp_path, MARIAN_VALID, name="train.log")
    valid = [n for n, t in enumerate(MARIAN_VALID, start=1) if "] [valid] " in t]
    assert [(e["kind"], e["line"], e["ts_ns"]) for e in events if e["kind"].startswith("eval")] == [
        ("eval_start", valid[0], _ns(MARIAN_VALID[valid[0] - 2][1:20], "%Y-%m-%d %H:%M:%S")),
        ("eval_end", valid[-1], _ns(MARIAN_VALID[valid[-1] - 1][1:20], "%Y-%m-%d %H:%M:%S"))]


# A Kaggle kernel's output (its log is a JSON list of the printed pieces: these are the pieces' text, lines 14-31): a
# 5-fold GRU whose `[fold 0 ep  1] loss=...` lines no rule reads as steps yet (chris0leite-ui/
# Kaggle-playground-may-2026@a269b01048ef1d53ea8737db0e5a46580a47e97b, kernels/d16-gru-sequence-gpu/output/
# d16-gru-sequence-gpu.log)
KAGGLE_FOLDS = [
    '=== FOLD 0 (train 351312 / valid 87828) ===',
    '[fold 0 ep  1] loss=0.33448 valid_AUC=0.91434 (54s)',
    '[fold 0 ep  2] loss=0.28231 valid_AUC=0.92256 (53s)',
    '[fold 0 ep  3] loss=0.27355 valid_AUC=0.92626 (53s)',
    '[fold 0 ep  4] loss=0.26771 valid_AUC=0.92804 (52s)',
    '[fold 0 ep  5] loss=0.26351 valid_AUC=0.92987 (51s)',
    '[fold 0 ep  6] loss=0.26005 valid_AUC=0.93125 (51s)',
    '[fold 0 ep  7] loss=0.25659 valid_AUC=0.93105 (51s)',
    '[fold 0 ep  8] loss=0.25412 valid_AUC=0.93201 (51s)',
    '[fold 0 ep  9] loss=0.25094 valid_AUC=0.93234 (50s)',
    '[fold 0 ep 10] loss=0.24799 valid_AUC=0.93225 (50s)',
    '[fold 0 ep 11] loss=0.24503 valid_AUC=0.93202 (51s)',
    '[fold 0 ep 12] loss=0.24243 valid_AUC=0.93190 (51s)',
    '=== FOLD 0 best valid AUC 0.93234 (t=713s) ===',
    '',
    '=== FOLD 1 (train 351312 / valid 87828) ===',
    '[fold 1 ep  1] loss=0.32648 valid_AUC=0.90977 (52s)',
    '[fold 1 ep  2] loss=0.28193 valid_AUC=0.91928 (52s)',
]


def test_folds_that_go_on_with_no_step_read_are_no_launches(tmp_path: Path) -> None:
    """`=== FOLD 0 (...) ===` then `=== FOLD 1 (...) ===`: the folds went on, one run; with no step line read there is
    nothing this log says of it, and no launch is made up from its banners."""
    from tracelens.errors import ParseError

    with pytest.raises(ParseError, match="no step, launch, checkpoint or failure line found"):
        _read(tmp_path, KAGGLE_FOLDS, name="d16.log", parser_name="generic_log")


# LeRobot's train.py in Colab (its bar without pipes, each reading glued before the logger's line it was drawn under),
# a run stopped at step 5025 of 20000, its last step line step 3000 (`step:3K`, rounded), pasted into a note
# (garagelab-dus/ernie-und-bert@10728d4be50d14d5bf687ae7457aa800e42e9d92, docs/resume_a_training.md: the console's
# lines 162, 167-169, 361-363 and 546 as this note numbers them)
LEROBOT_TAIL = [
    'Training:   0% 0/20000 [00:00<?, ?step/s]INFO 2026-08-01 15:43:30 ot_train.py:597 Start offline training on a fixed '
        'dataset, with effective batch size: 32',
    'Training:   1% 200/20000 [07:01<10:34:05,  1.92s/step]INFO 2026-08-01 15:50:31 ot_train.py:641 step:200 smpl:6K ep:5'
        ' epch:0.09 loss:6.148 grdn:101.587 lr:1.0e-05 updt_s:1.963 data_s:0.144 smp/s:15 mem_gb:13.09 l1_loss:0.499 kld_loss'
        ':0.565',
    'Training:   2% 400/20000 [13:25<10:28:08,  1.92s/step]INFO 2026-08-01 15:56:55 ot_train.py:641 step:400 smpl:13K ep:'
        '9 epch:0.18 loss:2.445 grdn:52.695 lr:1.0e-05 updt_s:1.911 data_s:0.007 smp/s:17 mem_gb:13.09 l1_loss:0.364 kld_loss'
        ':0.208',
    'Training:   3% 600/20000 [19:49<10:20:11,  1.92s/step]INFO 2026-08-01 16:03:19 ot_train.py:641 step:600 smpl:19K ep:'
        '14 epch:0.27 loss:1.979 grdn:45.717 lr:1.0e-05 updt_s:1.911 data_s:0.007 smp/s:17 mem_gb:13.09 l1_loss:0.327 kld_los'
        's:0.165',
    'Training:  13% 2600/20000 [1:24:52<9:15:50,  1.92s/step]INFO 2026-08-01 17:08:22 ot_train.py:641 step:3K smpl:83K ep'
        ':61 epch:1.16 loss:0.424 grdn:20.173 lr:1.0e-05 updt_s:1.909 data_s:0.007 smp/s:17 mem_gb:13.10 l1_loss:0.194 kld_lo'
        'ss:0.023',
    'Training:  14% 2800/20000 [1:31:16<9:11:06,  1.92s/step]INFO 2026-08-01 17:14:46 ot_train.py:641 step:3K smpl:90K ep'
        ':65 epch:1.25 loss:0.384 grdn:19.381 lr:1.0e-05 updt_s:1.912 data_s:0.007 smp/s:17 mem_gb:13.10 l1_loss:0.189 kld_lo'
        'ss:0.019',
    'Training:  15% 3000/20000 [1:37:40<9:04:13,  1.92s/step]INFO 2026-08-01 17:21:10 ot_train.py:641 step:3K smpl:96K ep'
        ':70 epch:1.34 loss:0.351 grdn:19.180 lr:1.0e-05 updt_s:1.911 data_s:0.007 smp/s:17 mem_gb:13.10 l1_loss:0.187 kld_lo'
        'ss:0.016',
    'Training:  25% 5025/20000 [2:43:57<8:09:26,  1.96s/step]',
]


def test_the_training_bars_last_reading_after_the_last_step_line_is_the_runs_last_step(tmp_path: Path) -> None:
    """The bar's readings on the step lines agree with their steps (200, 400, 600), and it began at 15:43:30 by each
    (15:50:31 less 7:01, 15:56:55 less 13:25): its last reading, `5025/20000 [2:43:57<...]` after the last step line,
    is step 5025, 2:43:57 after that start."""
    from datetime import timedelta

    _, steps, _ = _read(tmp_path, LEROBOT_TAIL, name="train.log")
    began = {datetime.strptime(t.split("]INFO ")[1][:19], "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
             - timedelta(minutes=int(t.split("[")[1][:2]), seconds=int(t.split("[")[1][3:5])) for t in LEROBOT_TAIL[1:4]}
    assert len(began) == 1
    last = LEROBOT_TAIL[-1]
    assert int(last.split("/")[0].split()[-1]) == 5025
    end = next(iter(began)) + timedelta(hours=2, minutes=43, seconds=57)
    assert (steps[-1]["step"], steps[-1]["line"], steps[-1]["end_ns"], steps[-1]["time_source"]) == (
        5025, len(LEROBOT_TAIL), int(end.timestamp()) * 10**9, "tqdm")
    assert [s["step"] for s in steps[:3]] == [200, 400, 600]


# wandb's copy of a fairseq-hydra wav2vec 2.0 run's console: its first epoch begins, then a spawned process's traceback
# ends it before its first update (AI4Bharat/IndicWav2Vec@dd32a7029272ceff7c381bbe3c794e4da0c1825a,
# outputs/2021-07-12/14-49-24/wandb/run-20210712_145044-1jgbtodi/files/output.log, the whole file)
FAIRSEQ_BEFORE_FIRST = [
    '[2021-07-12 14:50:51,086][fairseq.trainer][INFO] - begin training epoch 1',
    '[2021-07-12 14:50:51,087][fairseq_cli.train][INFO] - Start iterating over samples',
    'Process SpawnProcess-1:',
    'Traceback (most recent call last):',
    '  File "/lusnlsas/paramsiddhi/iitm/yashkm/anaconda3/envs/friday/lib/python3.7/multiprocessing/process.py", line 300,'
        ' in _bootstrap',
    '    util._exit_function()',
    '  File "/lusnlsas/paramsiddhi/iitm/yashkm/anaconda3/envs/friday/lib/python3.7/multiprocessing/util.py", line 334, in'
        ' _exit_function',
    '    _run_finalizers(0)',
    '  File "/lusnlsas/paramsiddhi/iitm/yashkm/anaconda3/envs/friday/lib/python3.7/multiprocessing/util.py", line 300, in'
        ' _run_finalizers',
    '    finalizer()',
    '  File "/lusnlsas/paramsiddhi/iitm/yashkm/anaconda3/envs/friday/lib/python3.7/multiprocessing/util.py", line 224, in'
        ' __call__',
    '    res = self._callback(*self._args, **self._kwargs)',
    '  File "/lusnlsas/paramsiddhi/iitm/yashkm/anaconda3/envs/friday/lib/python3.7/multiprocessing/synchronize.py", line '
        '88, in _cleanup',
    '    unregister(name)',
    '  File "/lusnlsas/paramsiddhi/iitm/yashkm/anaconda3/envs/friday/lib/python3.7/multiprocessing/semaphore_tracker.py",'
        ' line 87, in unregister',
    "    self._send('UNREGISTER', name)",
    '  File "/lusnlsas/paramsiddhi/iitm/yashkm/anaconda3/envs/friday/lib/python3.7/multiprocessing/semaphore_tracker.py",'
        ' line 90, in _send',
    '    self.ensure_running()',
    '  File "/lusnlsas/paramsiddhi/iitm/yashkm/anaconda3/envs/friday/lib/python3.7/multiprocessing/semaphore_tracker.py",'
        ' line 46, in ensure_running',
    '    pid, status = os.waitpid(self._pid, os.WNOHANG)',
    'KeyboardInterrupt',
]


def test_a_run_that_failed_after_its_dated_word_that_training_began_is_read(tmp_path: Path) -> None:
    """`[...][fairseq.trainer][INFO] - begin training epoch 1`, then a traceback and no step: a run that failed before
    its first update, its attempt from that line, its failure the traceback's `KeyboardInterrupt` (not a file refused)."""
    parser, steps, events = _read(tmp_path, FAIRSEQ_BEFORE_FIRST, name="output.log")
    assert parser == "generic_log" and steps == []
    header = FAIRSEQ_BEFORE_FIRST.index("Traceback (most recent call last):") + 1
    assert [(e["kind"], e["line"], e["ts_ns"], e.get("detail")) for e in events] == [
        ("attempt_start", 1, _ns(FAIRSEQ_BEFORE_FIRST[0][1:24]), "first dated line of a process"),
        ("crash", header, None, FAIRSEQ_BEFORE_FIRST[-1])]


# OLMo's trainer (v0.2.5) on two nodes, its first steps' metrics under each step's line (edwardsp/ai-on-aks@
# d6c65db2ba08df68368745cd544b5e8baeb16d6e, readme.md: the block under "olmo 0.2.5 on 2 nodes (bad perf)", its lines 2-13)
OLMO_THROUGHPUT = [
    '[2024-04-18 14:24:11] INFO     [olmo.train:729, rank=0] [step=1/739328]',
    '    train/CrossEntropyLoss=11.31',
    '    train/Perplexity=81,422',
    '    throughput/total_tokens=4,194,304',
    '    System/Peak GPU Memory (MB)=56,556',
    '[2024-04-18 14:24:46] INFO     [olmo.train:729, rank=0] [step=2/739328]',
    '    train/CrossEntropyLoss=10.88',
    '    train/Perplexity=53,153',
    '    throughput/total_tokens=8,388,608',
    '    throughput/device/tokens_per_second=7,456',
    '    throughput/device/batches_per_second=0.0284',
    '    System/Peak GPU Memory (MB)=57,144',
]


def test_a_device_tokens_per_second_by_its_paths_last_part(tmp_path: Path) -> None:
    """`throughput/device/tokens_per_second=7,456`: 7456 tokens a second at step 2 (none at step 1, which prints none)."""
    _, steps, _ = _read(tmp_path, OLMO_THROUGHPUT, name="train.log")
    said = next(t for t in OLMO_THROUGHPUT if "tokens_per_second=" in t).split("=")[1]
    assert [(s["step"], s.get("tokens_per_s")) for s in steps] == [(1, None), (2, float(said.replace(",", "")))]
