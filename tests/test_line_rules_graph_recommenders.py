"""Graph-learning and recommender training logs (PyTorch Geometric scripts, NGCF's family of recommenders: KGAT,
KGIN, MixGCF; PaddleRec's trainer): lines quoted verbatim from public files (each block's source is cited above it),
tiny inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

import math
import re
from datetime import datetime
from itertools import pairwise
from pathlib import Path

from tests.conftest import console_connection
from tests.test_line_rules import _ns, _read


def _clock_s(text: str) -> int:
    """Seconds since midnight of a line's `HH:MM:SS` (the lines' own clock, no date)."""
    clock = re.search(r"\d{2}:\d{2}:\d{2}", text)
    assert clock is not None
    moment = datetime.strptime(clock.group(), "%H:%M:%S")
    return moment.hour * 3600 + moment.minute * 60 + moment.second


# A PyTorch Geometric VGAE script's logger (`datefmt='%m-%d %H:%M:%S'`: no year), its loss NaN from epoch 4 on
# (Ange339/graph_neural_network@25c3fa3db333d733d2b210808c40cb9240fbff3c, train.log, lines 1 and 93-111)
PYG_YEARLESS = [
    '09-02 20:38:43 - INFO - __main__ - Configuration:',
    '09-02 20:39:12 - INFO - __main__ - Epoch: 0, Loss: 1.60',
    '09-02 20:39:12 - INFO - __main__ - Train. Total Loss: 1.60, Rec.: 1.46, KL: 0.14, AUC: 50.42%, AP: 1.75%',
    '09-02 20:39:12 - INFO - __main__ - Val. Total Loss: 1.79, Rec.: 1.55, KL: 0.24, AUC: 49.90%, AP: 50.55%',
    '09-02 20:39:38 - INFO - __main__ - Epoch: 1, Loss: 1.53',
    '09-02 20:39:38 - INFO - __main__ - Train. Total Loss: 1.53, Rec.: 1.43, KL: 0.10, AUC: 50.61%, AP: 1.83%',
    '09-02 20:39:38 - INFO - __main__ - Val. Total Loss: 1.77, Rec.: 1.52, KL: 0.25, AUC: 50.37%, AP: 51.00%',
    '09-02 20:40:04 - INFO - __main__ - Epoch: 2, Loss: 1.52',
    '09-02 20:40:04 - INFO - __main__ - Train. Total Loss: 1.52, Rec.: 1.43, KL: 0.09, AUC: 50.57%, AP: 1.82%',
    '09-02 20:40:04 - INFO - __main__ - Val. Total Loss: 1.79, Rec.: 1.57, KL: 0.22, AUC: 50.16%, AP: 51.08%',
    '09-02 20:40:30 - INFO - __main__ - Epoch: 3, Loss: 1.51',
    '09-02 20:40:30 - INFO - __main__ - Train. Total Loss: 1.51, Rec.: 1.43, KL: 0.09, AUC: 50.73%, AP: 1.82%',
    '09-02 20:40:30 - INFO - __main__ - Val. Total Loss: 1.97, Rec.: 1.85, KL: 0.12, AUC: 50.05%, AP: 50.29%',
    '09-02 20:40:57 - INFO - __main__ - Epoch: 4, Loss: nan',
    '09-02 20:40:57 - INFO - __main__ - Train. Total Loss: nan, Rec.: nan, KL: nan, AUC: 50.04%, AP: 1.78%',
    '09-02 20:40:57 - INFO - __main__ - Val. Total Loss: nan, Rec.: nan, KL: nan, AUC: 100.00%, AP: 100.00%',
    '09-02 20:41:23 - INFO - __main__ - Epoch: 5, Loss: nan',
    '09-02 20:41:23 - INFO - __main__ - Train. Total Loss: nan, Rec.: nan, KL: nan, AUC: 50.04%, AP: 1.79%',
    '09-02 20:41:23 - INFO - __main__ - Val. Total Loss: nan, Rec.: nan, KL: nan, AUC: 100.00%, AP: 100.00%',
    '09-02 20:41:49 - INFO - __main__ - Epoch: 6, Loss: nan',
]


def test_a_loggers_date_of_no_year_dates_its_epoch_lines(tmp_path: Path) -> None:
    """`09-02 20:39:12 - INFO - __main__ - Epoch: 0, Loss: 1.60`: the month and day before the time are the line's
    date (its year the file's); each `Epoch: N` line is that epoch's step, ended at its line's time, its loss as
    printed (NaN from epoch 4)."""
    _, steps, _ = _read(tmp_path, PYG_YEARLESS)
    printed = [(n, t) for n, t in enumerate(PYG_YEARLESS, start=1) if " - Epoch: " in t]
    assert [s["step"] for s in steps] == [int(t.split("Epoch: ")[1].split(",")[0]) for _, t in printed] == list(range(7))
    # (each step's row on its epoch's record: its `Epoch:` line and the `Train.`/`Val.` lines after it)
    bounds = [n for n, _ in printed] + [len(PYG_YEARLESS) + 1]
    assert all(a <= s["line"] < b for s, (a, b) in zip(steps, pairwise(bounds), strict=True))
    gaps = [(b["end_ns"] - a["end_ns"]) / 1e9 for a, b in pairwise(steps)]
    assert gaps == [_clock_s(b) - _clock_s(a) for (_, a), (_, b) in pairwise(printed)] == [26, 26, 26, 27, 26, 26]
    said = [t.rsplit("Loss: ", 1)[1] for _, t in printed]
    assert [math.isnan(s["loss"]) for s in steps] == [v == "nan" for v in said] == [False] * 4 + [True] * 3
    assert [s["loss"] for s in steps[:4]] == [float(v) for v in said[:4]]


# KGAT's TensorFlow trainer (after NGCF): an epoch's training seconds in brackets, an evaluated epoch's evaluation
# seconds after a `+`, its loss after `train==[`; the weights saved after an improved evaluation; its summary once the
# epochs are done (xiangwang1223/knowledge_graph_attention_network@08a2cd19af9eb2850104e23e15a29d313e02ea70,
# Log/training_log_last-fm.log, lines 1, 15-24 and 183-186)
KGAT = [
    'KGAT: dataset=last-fm, lr=0.0001, regs=[1e-5,1e-5], node_dropout=[0.1], mess_dropout=[0.1]',
    '#params: 8427280',
    'without pretraining.',
    'Epoch 0 [188.2s]: train==[664.01239=4.38894 + 659.52649 + 0.09766]',
    'Epoch 9 [166.8s + 69.8s]: train==[66.21600=3.46222 + 61.99725 + 0.75655], recall=[0.07654, 0.15581], precision=[0.03'
        '149, 0.01610], hit=[0.31961, 0.55953], ndcg=[0.12241, 0.20278]',
    'save the weights in path:  weights/last-fm/kgat_si_sum_bi_l3/64-32-16/l0.0001_r1e-05-1e-05',
    'Epoch 19 [163.7s + 66.3s]: train==[23.41880=3.14833 + 19.10006 + 1.17036], recall=[0.07809, 0.15879], precision=[0.0'
        '3198, 0.01639], hit=[0.32487, 0.56692], ndcg=[0.12432, 0.20585]',
    'save the weights in path:  weights/last-fm/kgat_si_sum_bi_l3/64-32-16/l0.0001_r1e-05-1e-05',
    'Epoch 29 [167.0s + 61.3s]: train==[14.51772=2.93224 + 10.24567 + 1.33982], recall=[0.07943, 0.16070], precision=[0.0'
        '3250, 0.01655], hit=[0.32963, 0.57159], ndcg=[0.12534, 0.20718]',
    'save the weights in path:  weights/last-fm/kgat_si_sum_bi_l3/64-32-16/l0.0001_r1e-05-1e-05',
    'Epoch 39 [176.9s + 61.1s]: train==[11.13432=2.73161 + 7.00452 + 1.39820], recall=[0.08023, 0.16276], precision=[0.03'
        '277, 0.01676], hit=[0.33362, 0.57659], ndcg=[0.12640, 0.20911]',
    'Epoch 979 [153.0s + 63.3s]: train==[2.55683=0.83239 + 1.08112 + 0.64332], recall=[0.08796, 0.17077], precision=[0.03'
        '514, 0.01738], hit=[0.36048, 0.59811], ndcg=[0.13638, 0.22063]',
    'Epoch 989 [151.3s + 62.3s]: train==[2.48863=0.82614 + 1.01973 + 0.64277], recall=[0.08795, 0.17064], precision=[0.03'
        '519, 0.01739], hit=[0.36010, 0.59904], ndcg=[0.13634, 0.22059]',
    'Epoch 999 [151.4s + 61.2s]: train==[2.54815=0.81808 + 1.08774 + 0.64233], recall=[0.08814, 0.17066], precision=[0.03'
        '511, 0.01738], hit=[0.35912, 0.59891], ndcg=[0.13615, 0.22059]',
    'Best Iter=[95]@[166677.6]\trecall=[0.08820\t0.12068\t0.14174\t0.15773\t0.17082], precision=[0.03521\t0.02661\t0.0221'
        '7\t0.01939\t0.01741], hit=[0.36111\t0.46397\t0.52597\t0.56730\t0.59930], ndcg=[0.13660\t0.16881\t0.19020\t0.20689\t0'
        '.22085]',
]


def test_ngcfs_epoch_lines_give_the_epochs_training_time_and_loss(tmp_path: Path) -> None:
    """`Epoch 9 [166.8s + 69.8s]: train==[66.21600=...`: epoch 9, trained in 166.8 s (69.8 s its evaluation's), loss
    66.216; `save the weights in path:` a save; `Best Iter=[95]@[...]`, the summary after the last epoch, the run's end."""
    _, steps, events = _read(tmp_path, KGAT)
    epochs = [(n, m) for n, t in enumerate(KGAT, start=1)
              if (m := re.match(r"Epoch (\d+) \[([\d.]+)s.*?train==\[([\d.]+)=", t)) is not None]
    assert len(epochs) == sum(1 for t in KGAT if t.startswith("Epoch "))
    assert [(s["line"], s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (n, int(m.group(1)), float(m.group(2)), float(m.group(3))) for n, m in epochs]
    assert [s["step"] for s in steps] == [0, 9, 19, 29, 39, 979, 989, 999]
    saves = [n for n, t in enumerate(KGAT, start=1) if t.startswith("save the weights in path:")]
    assert len(saves) == 3
    assert [e["line"] for e in events if e["kind"].startswith("checkpoint_save")] == saves
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [("attempt_end", len(KGAT))]


# MixGCF on LightGCN under nohup: a prettytable of an evaluated epoch every 5 epochs (`training time(s)` its
# training's seconds), `using time ..., training loss at epoch N: ...` for the epochs between, the stopping rule's
# last words (huangtinglin/MixGCF@2ff0b957813e650ba8ea78b2e5eeaa0a422723c3, training_log/mixgcf/LightGCN_yelp2018.txt,
# lines 6-22 and 196-211)
MIXGCF = [
    '417.52880859375',
    '+-------+--------------------+-------------------+-----------------+------------------------------------+-----------'
        '-------------------------+------------------------------------+------------------------------------+',
    '| Epoch |  training time(s)  |   tesing time(s)  |       Loss      |               recall               |           '
        '     ndcg                |             precision              |             hit_ratio              |',
    '+-------+--------------------+-------------------+-----------------+------------------------------------+-----------'
        '-------------------------+------------------------------------+------------------------------------+',
    '|   0   | 198.23916959762573 | 36.63470911979675 | 417.52880859375 | [0.04878142 0.08204014 0.10985287] | [0.0400286'
        '7 0.05255438 0.06231326] | [0.02286377 0.01931998 0.01732453] | [0.31744979 0.45212833 0.53817734] |',
    '+-------+--------------------+-------------------+-----------------+------------------------------------+-----------'
        '-------------------------+------------------------------------+------------------------------------+',
    'using time 191.1174s, training loss at epoch 1: 413.5824',
    'using time 189.3804s, training loss at epoch 2: 410.4557',
    'using time 200.3563s, training loss at epoch 3: 407.9488',
    'using time 205.6066s, training loss at epoch 4: 405.6268',
    '+-------+--------------------+-------------------+--------------------+------------------------------------+--------'
        '----------------------------+------------------------------------+------------------------------------+',
    '| Epoch |  training time(s)  |   tesing time(s)  |        Loss        |               recall               |        '
        '        ndcg                |             precision              |             hit_ratio              |',
    '+-------+--------------------+-------------------+--------------------+------------------------------------+--------'
        '----------------------------+------------------------------------+------------------------------------+',
    '|   5   | 186.98855018615723 | 47.96015024185181 | 403.29730224609375 | [0.05922663 0.09863914 0.13066557] | [0.0486'
        '1097 0.06341849 0.07466814] | [0.02745832 0.02300903 0.02048282] | [0.37084754 0.51945181 0.6065113 ] |',
    '+-------+--------------------+-------------------+--------------------+------------------------------------+--------'
        '----------------------------+------------------------------------+------------------------------------+',
    'using time 245.3816s, training loss at epoch 6: 401.1126',
    'using time 206.4068s, training loss at epoch 7: 399.1316',
]


MIXGCF_END = [
    '+-------+--------------------+--------------------+------------------+------------------------------------+---------'
        '---------------------------+------------------------------------+------------------------------------+',
    '| Epoch |  training time(s)  |   tesing time(s)   |       Loss       |               recall               |         '
        '       ndcg                |             precision              |             hit_ratio              |',
    '+-------+--------------------+--------------------+------------------+------------------------------------+---------'
        '---------------------------+------------------------------------+------------------------------------+',
    '|  105  | 193.44603848457336 | 37.528167963027954 | 266.740966796875 | [0.06749891 0.11067685 0.14416662] | [0.05608'
        '056 0.07229666 0.08399805] | [0.03041398 0.02511684 0.02197223] | [0.40615132 0.55406088 0.6365732 ] |',
    '+-------+--------------------+--------------------+------------------+------------------------------------+---------'
        '---------------------------+------------------------------------+------------------------------------+',
    'using time 192.1424s, training loss at epoch 106: 266.0374',
    'using time 191.2324s, training loss at epoch 107: 265.5674',
    'using time 208.3884s, training loss at epoch 108: 264.3647',
    'using time 202.6703s, training loss at epoch 109: 264.0827',
    '+-------+--------------------+--------------------+-------------------+------------------------------------+--------'
        '----------------------------+------------------------------------+------------------------------------+',
    '| Epoch |  training time(s)  |   tesing time(s)   |        Loss       |               recall               |        '
        '        ndcg                |             precision              |             hit_ratio              |',
    '+-------+--------------------+--------------------+-------------------+------------------------------------+--------'
        '----------------------------+------------------------------------+------------------------------------+',
    '|  110  | 211.14581203460693 | 37.292582988739014 | 263.2983703613281 | [0.06733282 0.10987831 0.14293581] | [0.0558'
        '9826 0.07184806 0.08342442] | [0.03035083 0.02494711 0.02182329] | [0.40517241 0.55226096 0.6336049 ] |',
    '+-------+--------------------+--------------------+-------------------+------------------------------------+--------'
        '----------------------------+------------------------------------+------------------------------------+',
    'Early stopping is trigger at step: 10 log:0.06733281604287494',
    'early stopping at 110, recall@20:0.0713',
]


def test_a_table_every_few_epochs_and_the_epoch_lines_between_count_every_epoch_once(tmp_path: Path) -> None:
    """The table's rows (epochs 0 and 5, under `| Epoch |  training time(s)  | ...`) and the sentences (epochs 1-4,
    6, 7) are one run's epochs: eight steps, each timed by its own `training time(s)` cell or `using time`."""
    _, steps, _ = _read(tmp_path, MIXGCF)
    rows = {int(c[1]): (n, float(c[2]), float(c[4])) for n, t in enumerate(MIXGCF, start=1)
            if t.startswith("|") and (c := t.split("|"))[1].strip().isdigit()}
    said = {int(m.group(3)): (n, float(m.group(1)), float(m.group(4))) for n, t in enumerate(MIXGCF, start=1)
            if (m := re.match(r"using time ([\d.]+)s, training (loss) at epoch (\d+): ([\d.]+)", t))}
    assert sorted(rows) == [0, 5] and sorted(said) == [1, 2, 3, 4, 6, 7]
    assert [(s["line"], s["step_time_s"], s["loss"]) for s in steps] == [(rows | said)[e] for e in range(8)]
    assert [s["step"] for s in steps] == list(range(8))


def test_the_stopping_rules_last_words_end_the_run(tmp_path: Path) -> None:
    """`early stopping at 110, recall@20:0.0713`: the run ended by its stopping rule (a normal end), after epoch 110."""
    _, steps, events = _read(tmp_path, MIXGCF_END)
    assert [s["step"] for s in steps] == [105, 106, 107, 108, 109, 110]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [
        ("attempt_end", MIXGCF_END.index("early stopping at 110, recall@20:0.0713") + 1)]


# PaddleRec's trainer typed at a notebook's shell, then its evaluation script at the prompt back (BamLubi/Paddle-SIGN@
# 42129f99ae9cc80f21d63a19a6b7ee32fb6635a1, train.log, lines 1-3, 11-16 and 124-140)
PADDLEREC = [
    'aistudio@jupyter-52221-3795303:~/work/models/sign$ python -u ../../tools/trainer.py -m config.yaml',
    '2022-04-12 17:05:16,552 - INFO - **************common.configs**********',
    '2022-04-12 17:05:16,552 - INFO - use_gpu: True, use_xpu: False, use_npu: False, use_visual: False, train_batch_size:'
        ' 1024, train_data_dir: data, epochs: 20, print_interval: 500, model_save_path: output_model_sign',
    '2022-04-12 17:06:10,849 - INFO - epoch: 0, batch_id: 0, AUC:0.500000, ACC:0.649414, loss:0.5009312, avg_reader_cost:'
        ' 0.00058 sec, avg_batch_cost: 0.00205 sec, avg_samples: 2.04800, ips: 1000.71910 ins/s',
    '2022-04-12 17:10:51,909 - INFO - epoch: 0, batch_id: 500, AUC:0.788134, ACC:0.688159, loss:0.18541333, avg_reader_co'
        'st: 0.00012 sec, avg_batch_cost: 0.56199 sec, avg_samples: 1024.00000, ips: 1822.08655 ins/s',
    '2022-04-12 17:15:26,908 - INFO - epoch: 0, batch_id: 1000, AUC:0.841936, ACC:0.768826, loss:0.16569619, avg_reader_c'
        'ost: 0.00016 sec, avg_batch_cost: 0.54988 sec, avg_samples: 1024.00000, ips: 1862.23229 ins/s',
    '2022-04-12 17:20:18,636 - INFO - epoch: 0, batch_id: 1500, AUC:0.863775, ACC:0.804477, loss:0.15770243, avg_reader_c'
        'ost: 0.00014 sec, avg_batch_cost: 0.58333 sec, avg_samples: 1024.00000, ips: 1755.42645 ins/s',
    '2022-04-12 17:24:35,400 - INFO - epoch: 0 done, AUC: 0.874769,ACC: 0.822143,loss:0.14919266, epoch time: 1105.58 s',
    '2022-04-12 17:24:35,404 - INFO - Already save model in output_model_sign/0',
    '2022-04-12 22:52:34,154 - INFO - Already save model in output_model_sign/18',
    '2022-04-12 22:52:35,074 - INFO - epoch: 19, batch_id: 0, AUC:0.931617, ACC:0.899414, loss:0.0938392, avg_reader_cost'
        ': 0.00023 sec, avg_batch_cost: 0.00183 sec, avg_samples: 2.04800, ips: 1120.46376 ins/s',
    '2022-04-12 22:57:47,290 - INFO - epoch: 19, batch_id: 500, AUC:0.941906, ACC:0.893707, loss:0.08290093, avg_reader_c'
        'ost: 0.00015 sec, avg_batch_cost: 0.62429 sec, avg_samples: 1024.00000, ips: 1640.25491 ins/s',
    '2022-04-12 23:03:25,262 - INFO - epoch: 19, batch_id: 1000, AUC:0.941891, ACC:0.892921, loss:0.09489951, avg_reader_'
        'cost: 0.00015 sec, avg_batch_cost: 0.67580 sec, avg_samples: 1024.00000, ips: 1515.23887 ins/s',
    '2022-04-12 23:08:14,169 - INFO - epoch: 19, batch_id: 1500, AUC:0.941957, ACC:0.892838, loss:0.10073752, avg_reader_'
        'cost: 0.00012 sec, avg_batch_cost: 0.57769 sec, avg_samples: 1024.00000, ips: 1772.58097 ins/s',
    '2022-04-12 23:12:32,331 - INFO - epoch: 19 done, AUC: 0.941808,ACC: 0.892709,loss:0.10351086, epoch time: 1198.18 s',
    '2022-04-12 23:12:32,336 - INFO - Already save model in output_model_sign/19',
    '',
    'aistudio@jupyter-52221-3795303:~/work/models/sign$ python -u ../../tools/infer.py -m config.yaml',
    '2022-04-12 23:18:56,421 - INFO - **************common.configs**********',
    '2022-04-12 23:18:56,421 - INFO - use_gpu: True, use_xpu: False, use_npu: False, use_visual: False, infer_batch_size:'
        ' 1024, test_data_dir: test, start_epoch: 15, end_epoch: 19, print_interval: 500, model_load_path: output_model_sign',
    '2022-04-12 23:18:56,421 - INFO - **************common.configs**********',
    'W0412 23:18:59.965147 16880 device_context.cc:447] Please NOTE: device: 0, GPU Compute Capability: 7.0, Driver API V'
        'ersion: 10.1, Runtime API Version: 10.1',
    'W0412 23:18:59.970274 16880 device_context.cc:465] device: 0, cuDNN Version: 7.6.',
    '2022-04-12 23:19:04,478 - INFO - read data',
    '2022-04-12 23:19:04,478 - INFO - reader path:sign_reader',
    '2022-04-12 23:19:07,577 - INFO - load model epoch 15',
]


def test_another_command_at_the_prompt_after_training_ends_the_training_there(tmp_path: Path) -> None:
    """The prompt back with `python -u ../../tools/infer.py` typed at it: the trainer's process had exited after its last
    save (23:12:32,336); the evaluation's lines after it are no training run's and add nothing to its time."""
    prompt = next(n for n, t in enumerate(PADDLEREC, start=1) if n > 1 and "$ python" in t)
    last_training = PADDLEREC[prompt - 3]
    assert "Already save model in output_model_sign/19" in last_training
    _, _, events = _read(tmp_path, PADDLEREC)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash", "last_line")] == [
        ("attempt_end", prompt)]
    assert not [e for e in events if e["kind"] == "attempt_start" and e["line"] > prompt]
    (tmp_path / "store").mkdir()
    con = console_connection(tmp_path / "store", PADDLEREC)
    assert con.execute("select end_ns, end_reason from attempts").fetchall() == [
        (_ns(last_training[:23]), "completed")]
