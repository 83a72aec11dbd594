"""A step line's framework, where its shape or its logger names the program that printed it (quoted
real lines, each source cited): AllenNLP, ESPnet2, CLU, MindSpore, OpenNMT-py, PaddlePaddle's
suites, Sockeye, MaxText, InternEvo, Flair, icefall; lines of no known program stay `generic`."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.test_line_rules import _read
from tests.test_line_rules_failures_vision_legacy import FLAIR
from tests.test_wild_logs import ICEFALL_YESNO

# AllenNLP's trainer (github.com/allenai/allennlp/issues/379, a comment's log), lines 7-13
ALLENNLP = [
    '2017-10-14 16:48:27,962 - INFO - allennlp.training.trainer - Beginning training.',
    '2017-10-14 16:48:27,962 - INFO - allennlp.training.trainer - Epoch 0/139',
    '2017-10-14 16:48:27,962 - INFO - allennlp.training.trainer - Training',
    ('2017-10-14 16:48:48,950 - INFO - allennlp.training.trainer - Batch 1/17168: accuracy: 0.25, '
     'loss: 6.66 ||'),
    ('2017-10-14 16:48:58,960 - INFO - allennlp.training.trainer - Batch 567/17168: accuracy: 0.42'
     ', loss: 1.32 ||'),
    ('2017-10-14 16:49:08,969 - INFO - allennlp.training.trainer - Batch 1128/17168: accuracy: 0.4'
     '6, loss: 1.17 ||'),
    ('2017-10-14 16:49:18,982 - INFO - allennlp.training.trainer - Batch 1701/17168: accuracy: 0.4'
     '9, loss: 1.09 ||'),
]

# ESPnet2's trainer (github.com/espnet/espnet/issues/2675, the issue's log), lines 1-3
ESPNET = [
    ('[PC] 2020-11-11 16:30:04,578 (trainer:486) INFO: 1epoch:train:6376-6750batch: iter_time=0.00'
     '1, forward_time=0.005, loss=2.386, backward_time=0.005, optim_step_time=1.949e-04, lr_0=0.10'
     '0, train_time=0.013'),
    ('[PC] 2020-11-11 16:30:09,675 (trainer:486) INFO: 1epoch:train:6751-7125batch: iter_time=0.00'
     '1, forward_time=0.005, loss=2.367, backward_time=0.005, optim_step_time=1.953e-04, lr_0=0.10'
     '0, train_time=0.013'),
    ('[PC] 2020-11-11 16:30:14,840 (trainer:486) INFO: 1epoch:train:7126-7500batch: iter_time=0.00'
     '1, forward_time=0.005, loss=2.339, backward_time=0.005, optim_step_time=1.963e-04, lr_0=0.10'
     '0, train_time=0.014'),
]

# a CLU metric writer under absl, Flax's ImageNet example (github.com/google/flax/issues/3364, a comment's log), lines 7-9
CLU = [
    ('I1002 21:43:51.424899 140400640460352 logging_writer.py:35] [1000] steps_per_second=1.760847'
     ', train_accuracy=0.006696777418255806, train_learning_rate=0.9738461971282959, train_loss=6.'
     '525280952453613'),
    ('I1002 21:43:51.426173 139917864867392 logging_writer.py:35] [1000] steps_per_second=1.760837'
     ', train_accuracy=0.006696777418255806, train_learning_rate=0.9738461971282959, train_loss=6.'
     '525280952453613'),
    ('I1002 21:43:51.426186 140396270327360 logging_writer.py:35] [1000] steps_per_second=1.760848'
     ', train_accuracy=0.006696777418255806, train_learning_rate=0.9738461971282959, train_loss=6.'
     '525280952453613'),
]

# MindSpore's LossMonitor and TimeMonitor (github.com/mindspore-ai/models @ 05251b04, research/cv/SPPNet/README_CN.md), lines 1-9
MINDSPORE = [
    '  ============== Starting Training ==============',
    '  epoch: 1 step: 5004, loss is 6.906126',
    '  epoch time: 571750.162 ms, per step time: 114.259 ms',
    ("  epoch: 1, {'top_5_accuracy', 'top_1_accuracy'}: {'top_5_accuracy': 0.005809294871794872, '"
     "top_1_accuracy': 0.0010216346153846154}, eval_cost:19.47"),
    '  epoch: 2 step: 5004, loss is 5.69701',
    '  epoch time: 531087.048 ms, per step time: 106.133 ms',
    ("  epoch: 2, {'top_5_accuracy', 'top_1_accuracy'}: {'top_5_accuracy': 0.1386017628205128, 'to"
     "p_1_accuracy': 0.04453125}, eval_cost:14.53"),
    '  epoch: 3 step: 5004, loss is 4.6244116',
    '  epoch time: 530828.240 ms, per step time: 106.081 ms',
]

# OpenNMT-py's report (github.com/OpenNMT/OpenNMT-py/issues/1362, a comment's log), lines 1-5
OPENNMT = [
    ('[2019-03-21 18:31:43,773 INFO] Step 2250/200000; acc:  31.18; ppl: 57.53; xent: 4.05; lr: 0.'
     '00028; 5092/261 tok/s;   6641 sec'),
    ('[2019-03-21 18:34:11,780 INFO] Step 2300/200000; acc:  30.36; ppl: 61.43; xent: 4.12; lr: 0.'
     '00028; 4953/257 tok/s;   6789 sec'),
    '[2019-03-21 18:35:23,631 INFO] Loading dataset from XXXX.train.0.pt, number of examples: 66620',
    ('[2019-03-21 18:37:48,505 INFO] Step 2350/200000; acc:  31.05; ppl: 57.21; xent: 4.05; lr: 0.'
     '00029; 3444/188 tok/s;   7006 sec'),
    ('[2019-03-21 18:40:13,159 INFO] Step 2400/200000; acc:  30.83; ppl: 55.57; xent: 4.02; lr: 0.'
     '00030; 5165/262 tok/s;   7150 sec'),
]

# PaddleSeg's trainer (github.com/PaddlePaddle/PaddleSeg/pull/928, its description), lines 1-3
PADDLESEG = [
    ('2021-03-30 06:55:57 [INFO]\t[TRAIN] epoch: 1, iter: 20/500, loss: 2.0859, lr: 0.009657, batch'
     '_cost: 0.5344, reader_cost: 0.07273, ips: 3.7425 samples/sec | ETA 00:04:16'),
    ('2021-03-30 06:56:04 [INFO]\t[TRAIN] epoch: 1, iter: 40/500, loss: 1.8769, lr: 0.009295, batch'
     '_cost: 0.3483, reader_cost: 0.00205, ips: 5.7421 samples/sec | ETA 00:02:40'),
    ('2021-03-30 06:56:11 [INFO]\t[TRAIN] epoch: 1, iter: 60/500, loss: 1.7455, lr: 0.008931, batch'
     '_cost: 0.3532, reader_cost: 0.00204, ips: 5.6622 samples/sec | ETA 00:02:35'),
]

# Sockeye 1's Speedometer under its logger (github.com/awslabs/sockeye/issues/664, a comment's log), lines 1-3
SOCKEYE = [
    ('[2019-03-17:14:36:36:INFO:sockeye.training:__call__] Epoch[0] Batch [3150]\tSpeed: 71.18 samp'
     'les/sec 1971.60 tokens/sec 1.27 updates/sec\tperplexity=29.694005'),
    ('[2019-03-17:14:37:15:INFO:sockeye.training:__call__] Epoch[0] Batch [3200]\tSpeed: 57.12 samp'
     'les/sec 1958.61 tokens/sec 1.28 updates/sec\tperplexity=29.297562'),
    ('[2019-03-17:14:37:55:INFO:sockeye.training:__call__] Epoch[0] Batch [3250]\tSpeed: 71.32 samp'
     'les/sec 1971.09 tokens/sec 1.26 updates/sec\tperplexity=28.876348'),
]


# MaxText before 2024, its TFLOP/s not yet per device (AI-Hypercomputer/maxtext @ 2b1e076, xpk/xpk-large-scale-guide.sh,
# its commented log block, lines 6-11: Cloud Logging's date above each line)
MAXTEXT_2023 = [
    '# 2023-10-03 11:48:40.025 PDT',
    '# completed step: 1, seconds: 8.693, TFLOP/s: 1.731, loss: 9.206',
    '# 2023-10-03 11:48:40.308 PDT',
    '# completed step: 2, seconds: 0.206, TFLOP/s: 72.958, loss: 9.352',
    '# 2023-10-03 11:48:40.589 PDT',
    '# completed step: 3, seconds: 0.282, TFLOP/s: 53.464, loss: 9.768',
]


# InternEvo's trainer (InternLM/InternEvo @ 0aa6d26, doc/usage.md, its run result's block, lines 12-13): a tab after
# the logger's date
INTERNEVO = [
    ('2023-07-07 12:28:57,802\tINFO train.py:323 in record_current_batch_training_metrics -- tflops=63.2701'
     '0355651958,step=0,loss=11.634403228759766,tgs (tokens/gpu/second)=1424.64,lr=4.0000000000000003e-07,'
     'loss_scale=65536.0,grad_norm=63.672620777841004,micro_num=4,num_consumed_tokens=131072,inf_nan_skip_'
     'batches=0,num_samples_in_batch=19,largest_length=2048,largest_batch=5,smallest_batch=4,adam_beta2=0.'
     '95,fwd_bwd_time=6.48'),
    ('2023-07-07 12:29:01,636\tINFO train.py:323 in record_current_batch_training_metrics -- tflops=189.833'
     '71103277346,step=1,loss=11.613704681396484,tgs (tokens/gpu/second)=4274.45,lr=6.000000000000001e-07,'
     'loss_scale=65536.0,grad_norm=65.150786641452,micro_num=4,num_consumed_tokens=262144,inf_nan_skip_bat'
     'ches=0,num_samples_in_batch=16,largest_length=2048,largest_batch=5,smallest_batch=3,adam_beta2=0.95,'
     'fwd_bwd_time=3.67'),
]


@pytest.mark.parametrize(("lines", "framework"), [
    (ALLENNLP, "allennlp"),
    (ESPNET, "espnet"),
    (CLU, "clu"),
    (MINDSPORE, "mindspore"),
    (OPENNMT, "opennmt"),
    (PADDLESEG, "paddle"),
    (SOCKEYE, "sockeye"),
    (MAXTEXT_2023, "maxtext"),
    (INTERNEVO, "internevo"),
    (FLAIR, "flair"),
    (ICEFALL_YESNO, "icefall"),
], ids=lambda v: v if isinstance(v, str) else "")
def test_a_step_line_s_program(tmp_path: Path, lines: list[str], framework: str) -> None:
    _, steps, _ = _read(tmp_path, lines)
    assert steps and {s["framework"] for s in steps} == {framework}


def test_a_step_line_of_no_known_program_is_generic(tmp_path: Path) -> None:
    """nanoGPT's iteration lines name no framework (ChenZihua-cn/nanoGPT, train.log)."""
    _, steps, _ = _read(tmp_path, ["iter 0: loss 4.2709, time 10268.08ms, mfu -100.00%",
                                   "iter 5: loss 4.2082, time 1431.27ms, mfu 0.01%",
                                   "iter 10: loss 4.1039, time 1434.03ms, mfu 0.01%"])
    assert steps and {s["framework"] for s in steps} == {"generic"}


# (InternLM/InternEvo @ 03f91a6, doc/en/usage.md, its "Training Results" block, line 1: the launch)
INTERNEVO_LAUNCH = ("2023-07-07 12:26:58,293\tINFO launch.py:228 in launch -- Distributed environment is initialized, data"
                    " parallel size: 8, pipeline parallel size: 1, tensor parallel size: 1")


def test_internevos_records_give_their_tokens_tflops_and_the_world(tmp_path: Path) -> None:
    """InternEvo's record names `tflops` before its step, and the tokens trained on so far
    (`num_consumed_tokens`, 131072 then 262144): step 1's are the difference, step 0's unknown (a
    count may start past 0). Its launch line gives the world: 8 x 1 x 1 ranks."""
    _, steps, events = _read(tmp_path, [INTERNEVO_LAUNCH, *INTERNEVO])
    assert [(s["step"], s["tokens"], s["tflops"]) for s in steps] == [
        (0, None, 63.27010355651958), (1, 262144 - 131072, 189.83371103277346)]
    assert [e["detail"] for e in events if e["kind"] == "launch_config"] == ["world_size=8"]
