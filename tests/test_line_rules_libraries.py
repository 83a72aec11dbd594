"""Consoles of training libraries and programs beyond the common trainers (TF Model Garden's Keras
callbacks, AWS Neuron's samples, Rust trainers, CatBoost, pytorch-tabnet, LeRobot, ML-Agents, AllenNLP,
PyTorch-Ignite and MONAI, Kaggle notebook templates): lines quoted verbatim from public files (each
block's source is cited above it), tiny inputs in, exact rows out, each expectation read off the
quoted text."""

from __future__ import annotations

import itertools
import json
import re
import statistics
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.conftest import console_connection
from tests.test_line_rules import _ns, _read
from tests.test_line_rules_research_programs import PADDLEX_LAST_STEP
from tracelens.parsers import detect, registry
from tracelens.parsers._io import read_head
from tracelens.store import Store

# TF Model Garden's classifier trainer on an Intel GPU, its figures elided by the docs' authors
# (github.com/intel/intel-extension-for-tensorflow @ 08d61c965b5336aeb77232561f6778e124a2910c :
# examples/train_resnet50/README.md, "Example Output without hvd" block)
TIME_HISTORY_MASKED = [
    ('I0203 02:48:01.006297 139660941027136 keras_utils.py:145] TimeHistory: xx seconds, xxxx examples/second between steps '
     '1900 and 2000'),
    ('I0203 02:48:16.590331 139660941027136 keras_utils.py:145] TimeHistory: xx seconds, xxxx examples/second between steps '
     '2000 and 2100'),
    ('I0203 02:48:32.178206 139660941027136 keras_utils.py:145] TimeHistory: xx seconds, xxxx examples/second between steps '
     '2100 and 2200'),
    ('I0203 02:48:47.790128 139660941027136 keras_utils.py:145] TimeHistory: xx seconds, xxxx examples/second between steps '
     '2200 and 2300'),
    ('I0203 02:49:03.408512 139660941027136 keras_utils.py:145] TimeHistory: xx seconds, xxxx examples/second between steps '
     '2300 and 2400'),
]

# the same trainer under Horovod, `mpirun --prepend-rank` (the same repository @ 0f834c2df30cbc9d348944cc05b50604ba77fd95 :
# examples/train_horovod/resnet50/README.md, "Performance Data" block)
TIME_HISTORY_RANKS = [
    ('[1] I0909 03:33:23.323099 140645511436096 keras_utils.py:145] TimeHistory: xxxx seconds, xxxx examples/second between '
     'steps 0 and 100'),
    ('[0] I0909 03:33:23.324534 140611700504384 keras_utils.py:145] TimeHistory: xxxx seconds, xxxx examples/second between '
     'steps 0 and 100'),
    ('[0] I0909 03:33:43.037004 140611700504384 keras_utils.py:145] TimeHistory: xxxx seconds, xxxx examples/second between '
     'steps 100 and 200'),
    ('[1] I0909 03:33:43.037142 140645511436096 keras_utils.py:145] TimeHistory: xxxx seconds, xxxx examples/second between '
     'steps 100 and 200'),
    ('[1] I0909 03:34:03.213994 140645511436096 keras_utils.py:145] TimeHistory: xxxx seconds, xxxx examples/second between '
     'steps 200 and 300'),
    ('[0] I0909 03:34:03.214127 140611700504384 keras_utils.py:145] TimeHistory: xxxx seconds, xxxx examples/second between '
     'steps 200 and 300'),
]

# BERT pretraining on A64FX, each TimeHistory line glued after a Keras progress bar's drawing (RIKEN/Fujitsu's
# "TensorFlow for A64FX" README, 2021, index id 49036394861, its "Example of output" block, first lines)
TIME_HISTORY_GLUED = [
    ('29/917 [..............................] - ETA: 14:00 - test_accuracy: 0.7328 - loss: 0.6060I0128 13:08:30.564977 28147'
     '3617147888 keras_utils.py:119] TimeHistory: 9.62 seconds, 4.16 examples/second between steps 20 and 30'),
    ('39/917 [>.............................] - ETA: 13:54 - test_accuracy: 0.7179 - loss: 0.6198I0128 13:08:40.184872 28147'
     '3617147888 keras_utils.py:119] TimeHistory: 9.61 seconds, 4.16 examples/second between steps 30 and 40'),
    ('49/917 [>.............................] - ETA: 13:47 - test_accuracy: 0.7041 - loss: 0.6273I0128 13:08:49.796334 28147'
     '3617147888 keras_utils.py:119] TimeHistory: 9.61 seconds, 4.16 examples/second between steps 40 and 50'),
]

# torch-neuronx BERT-Large phase 2 on trn1 (github.com/aws-neuron/aws-neuron-sdk @ 0a932616312f8e7b08ec2cf511314d0a3821da20 :
# frameworks/torch/torch-neuronx/tutorials/training/bert.rst, the phase-2 shell block; two spaces between fields)
NEURON_BERT = [
    'LOG Tue Sep 27 20:56:35 2022 - (0, 26) step_loss : 4.3438  learning_rate : 6.66e-06  throughput : 494.55',
    'LOG Tue Sep 27 20:57:40 2022 - (0, 27) step_loss : 4.0938  learning_rate : 6.91e-06  throughput : 495.67',
    'LOG Tue Sep 27 20:58:46 2022 - (0, 28) step_loss : 4.1875  learning_rate : 7.17e-06  throughput : 496.18',
]

# burn 0.15's experiment.log (github.com/makinzm/create-mnist-with-burn @ eb49a39b864f7493569822fd0367299af68f457c :
# artifact/experiment.log, lines 18-19 and 98)
BURN_PANIC = [
    '}    ',
    '2024-12-17T21:59:41.971565Z  INFO burn_train::learner::epoch: Executing training step for epoch 1    ',
    ('2024-12-17T21:59:42.132600Z ERROR burn_train::learner::application_logger: PANIC => panicked at /home/hope/.cargo/regi'
     'stry/src/index.crates.io-6f17d22bba15001f/burn-tensor-0.15.0/src/tensor/api/base.rs:722:9:'),
]

# the Kaggle CFG notebook template's logger (github.com/Auyin111/Kaggle-NLP-Phrase-Matching-competition- @
# 0d1a71a663ea3d3a550d4ef7328a08b06d9a10ed : output/train.log, lines 7-13)
KAGGLE_SAVE_BEST = [
    '========== fold: 0 training ==========',
    'Epoch 1 - avg_train_loss: 0.6962  avg_val_loss: 0.6354  time: 20s',
    'Epoch 1 - Score: 0.3063',
    'Epoch 1 - Save Best Score: 0.3063 Model',
    'Epoch 2 - avg_train_loss: 0.6902  avg_val_loss: 0.6297  time: 19s',
    'Epoch 2 - Score: 0.3540',
    'Epoch 2 - Save Best Score: 0.3540 Model',
]

# its tab-separated variant (github.com/LakshyaMalhotra/seti-breakthrough-listen @ 9c0c194d92f4cca313ed26fff6d07883c6451bcf :
# outputs/train.log, lines 10-13)
KAGGLE_SAVE_BEST_TABS = [
    'Epoch: 1, \tavg train loss: 0.1242, \tavg validation loss: 0.0684',
    'Epoch: 1, \tROC-AUC score: 0.9743, \ttime elapsed: 481.76432847976685',
    'Epoch 1, \tSave Best Score: 0.9743 Model',
    'Epoch 1, \tSave Best Loss: 0.0684 Model',
]

# an EarlyStopping copy's save line (github.com/Shridhar7-8/gender-identification @ 841260f18ab2f07d9f37148e56800efd3745efff :
# wandb/latest-run/files/output.log, lines 10-11)
MODEL_SAVED_DOTS = [
    ('Epoch: 1 \tTraining Loss: 0.0000011422 \tTraining Accuracy: 0.961385 \tValidation Loss: 0.0000030775 \tValidation  Acc'
     'uracy: 0.978055'),
    'Validation loss decreased (inf --> 0.000003).    Model Saved......',
]

# CatBoost's fit through a W&B run (github.com/minzai0116/pro-recsys-bookratingprediction-recsys-06 @
# 56de51e1eeeca445acad0667e6b30e78c10f59cb : wandb/latest-run/files/output.log, lines 8-11 and 18-21)
CATBOOST = [
    '0:\tlearn: 2.4204049\ttest: 2.4029899\tbest: 2.4029899 (0)\ttotal: 207ms\tremaining: 3m 26s',
    '100:\tlearn: 2.2076417\ttest: 2.1508823\tbest: 2.1508823 (100)\ttotal: 15.2s\tremaining: 2m 14s',
    '200:\tlearn: 2.2001177\ttest: 2.1449871\tbest: 2.1449871 (200)\ttotal: 40.8s\tremaining: 2m 42s',
    '300:\tlearn: 2.1956176\ttest: 2.1416589\tbest: 2.1416589 (300)\ttotal: 1m 8s\tremaining: 2m 38s',
    '999:\tlearn: 2.1795657\ttest: 2.1348774\tbest: 2.1348685 (997)\ttotal: 4m 26s\tremaining: 0us',
    '',
    'bestTest = 2.134868517',
    'bestIteration = 997',
]

# XGBoost's `xgb.train`, then its scikit-learn API's `fit` on the same data, each printing its rounds' evaluation
# (github.com/gaoxinge/machine-learning @ 42558b85bd79f46f4172ce45e8edf09911ea879b : xgboost/gpu/README.md, lines 8-29)
XGBOOST_TWO_MODELS = [
    '# python3 main.py',
    '[0]\ttrain-rmse:21.6024',
    '[1]\ttrain-rmse:19.5552',
    '[2]\ttrain-rmse:17.715',
    '[3]\ttrain-rmse:16.062',
    '[4]\ttrain-rmse:14.5715',
    '[5]\ttrain-rmse:13.2409',
    '[6]\ttrain-rmse:12.0339',
    '[7]\ttrain-rmse:10.9579',
    '[8]\ttrain-rmse:9.97879',
    '[9]\ttrain-rmse:9.10759',
    ('[03:23:56] WARNING: /workspace/src/objective/regression_obj.cu:152: reg:linear is now deprecated in favor of '
     'reg:squarederror.'),
    '[0]\tvalidation_0-rmse:21.6024',
    '[1]\tvalidation_0-rmse:19.5552',
    '[2]\tvalidation_0-rmse:17.715',
    '[3]\tvalidation_0-rmse:16.062',
    '[4]\tvalidation_0-rmse:14.5715',
    '[5]\tvalidation_0-rmse:13.2409',
    '[6]\tvalidation_0-rmse:12.0339',
    '[7]\tvalidation_0-rmse:10.9579',
    '[8]\tvalidation_0-rmse:9.97879',
    '[9]\tvalidation_0-rmse:9.10759',
]

# LightGBM's `lgb.train` with early stopping, one model a feature, the best round printed again after the last
# (index id 6214108118: a Kaggle script's pasted run, its first model's last rounds and the second's first)
LIGHTGBM_EARLY_STOPPING = [
    "[320]\tvalid_0's auc: 0.655528",
    "[330]\tvalid_0's auc: 0.655468",
    "[340]\tvalid_0's auc: 0.655465",
    'Early stopping, best iteration is:',
    "[140]\tvalid_0's auc: 0.656576",
    'complete on: source_system_tab',
    'working on: source_screen_name',
    'Train test and validation sets',
    '',
    '',
    'After selection:',
    'msno                  category',
    'song_id               category',
    'source_screen_name    category',
    'target                   uint8',
    'dtype: object',
    'number of columns: 4',
    '',
    '',
    'train size: 5606837 number of 1: 2994894 number of 0: 2611943',
    'train: 1 in all: 0.534150359641 0 in all: 0.465849640359 1/0: 1.14661537407',
    'val size: 1770581 number of 1: 719762 number of 0: 1050819',
    'val: 1 in all: 0.406511760829 0 in all: 0.593488239171 1/0: 0.68495335543',
    '',
    '',
    'Training...',
    "Training until validation scores don't improve for 200 rounds.",
    "[10]\tvalid_0's auc: 0.642579",
    "[20]\tvalid_0's auc: 0.646483",
    "[30]\tvalid_0's auc: 0.649929",
]

# PyTorch's distributed tutorial's loop (`print('Rank ', dist.get_rank(), ', epoch ', epoch, ': ', ...)`) as
# Kubeflow's PyTorchJob example runs it, its master's pod log (github.com/kubeflow/pytorch-operator @
# 0e8ce1bb7f44d495f3e3d26024e472f72e66bd79 : README.md, the block after "Example output:", its last 4 lines)
DIST_TUTORIAL_POD = [
    'Rank  0 , epoch  6 :  0.27593734307583967',
    'Rank  0 , epoch  7 :  0.25898529327055536',
    'Rank  0 , epoch  8 :  0.24815570648862864',
    'Rank  0 , epoch  9 :  0.22647559368756534',
]

# the same loop's two processes in one console, pasted as comments (index id 31591551606, "MY DDP RUN", its first 8 lines)
DIST_TUTORIAL_TWO_RANKS = [
    '# Rank  1 , epoch  0 :  2.2392996650631143',
    '# Rank  0 , epoch  0 :  2.2396173760042353',
    '# Rank  1 , epoch  1 :  1.9120400719723458',
    '# Rank  0 , epoch  1 :  1.9134451575198417',
    '# Rank  1 , epoch  2 :  1.1675578184046989',
    '# Rank  0 , epoch  2 :  1.1716073498887531',
    '# Rank  1 , epoch  3 :  0.7390157832937726',
    '# Rank  0 , epoch  3 :  0.7463569843162925',
]

# a MindSpore model zoo run's log that ends as its training begins (github.com/dmcv-ecnu/MindSpore_ModelZoo @
# 164eb3f07b4d344fa83800f940e031ab573c5620 : SinGanMindspore/outputs/log/2022-04-26_time_15_00_40_rank_0.log, lines 51-54)
BANNER_ONLY = [
    '--> phase: train',
    '--> dataset_size: 1019',
    '',
    '==========start training===============',
]

# a Lightning script's own banner, then nothing (github.com/nirmalpratheep/ImageNetClassifier @
# 4006a7a100296117c7c22d6c3ba6b2b9871ab2e8 : log, lines 66-78)
BANNER_ONLY_BOXED = [
    '======================================================================',
    'STARTING TRAINING',
    '======================================================================',
    'Model: ResNet-50',
    'Classes: 1000',
    'Batch size per GPU: 256',
    'Total batch size: 2048',
    'Learning rate: 0.300000',
    'Scheduler: onecycle',
    'Epochs: 100',
    'Precision: 16-mixed',
    'Strategy: ddp_spawn',
    '======================================================================',
]

# Torch-Pruning's benchmark: a regularization's 100 epochs, the pruning, then the pruned model's fine-tuning from epoch 0,
# in one process (github.com/VainF/Torch-Pruning @ 598a41b1a0e56ec01df31097404d1e19b827414a :
# benchmarks/run/cifar100/prune/cifar100-global-group_sl-vgg19/cifar100-global-group_sl-vgg19.txt, lines 128-201)
PHASES_COUNTED_OUT = [
    '[04/03 02:05:27] cifar100-global-group_sl-vgg19 INFO: Epoch 97/100, Acc=0.7252, Val Loss=1.1893, lr=0.0001',
    '[04/03 02:05:48] cifar100-global-group_sl-vgg19 INFO: Epoch 98/100, Acc=0.7251, Val Loss=1.1933, lr=0.0001',
    '[04/03 02:06:09] cifar100-global-group_sl-vgg19 INFO: Epoch 99/100, Acc=0.7250, Val Loss=1.1987, lr=0.0001',
    '[04/03 02:06:09] cifar100-global-group_sl-vgg19 INFO: Best Acc=0.7271',
    ('[04/03 02:06:09] cifar100-global-group_sl-vgg19 INFO: Loading the sparse model from run/cifar100/prune/cifar10'
     '0-global-group_sl-vgg19/reg_cifar100_vgg19_group_sl_0.0005.pth...'),
    '[04/03 02:06:11] cifar100-global-group_sl-vgg19 INFO: Pruning...',
    '[04/03 02:06:21] cifar100-global-group_sl-vgg19 INFO: VGG(',
    '  (block0): Sequential(',
    '    (0): Conv2d(3, 4, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (1): BatchNorm2d(4, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '    (2): ReLU(inplace=True)',
    '    (3): Conv2d(4, 26, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (4): BatchNorm2d(26, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '  )',
    '  (block1): Sequential(',
    '    (0): Conv2d(26, 46, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (1): BatchNorm2d(46, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '    (2): ReLU(inplace=True)',
    '    (3): Conv2d(46, 115, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (4): BatchNorm2d(115, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '  )',
    '  (block2): Sequential(',
    '    (0): Conv2d(115, 99, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (1): BatchNorm2d(99, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '    (2): ReLU(inplace=True)',
    '    (3): Conv2d(99, 163, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (4): BatchNorm2d(163, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '    (5): ReLU(inplace=True)',
    '    (6): Conv2d(163, 64, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (7): BatchNorm2d(64, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '    (8): ReLU(inplace=True)',
    '    (9): Conv2d(64, 234, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (10): BatchNorm2d(234, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '  )',
    '  (block3): Sequential(',
    '    (0): Conv2d(234, 245, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (1): BatchNorm2d(245, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '    (2): ReLU(inplace=True)',
    '    (3): Conv2d(245, 36, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (4): BatchNorm2d(36, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '    (5): ReLU(inplace=True)',
    '    (6): Conv2d(36, 32, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (7): BatchNorm2d(32, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '    (8): ReLU(inplace=True)',
    '    (9): Conv2d(32, 16, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (10): BatchNorm2d(16, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '  )',
    '  (block4): Sequential(',
    '    (0): Conv2d(16, 22, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (1): BatchNorm2d(22, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '    (2): ReLU(inplace=True)',
    '    (3): Conv2d(22, 34, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (4): BatchNorm2d(34, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '    (5): ReLU(inplace=True)',
    '    (6): Conv2d(34, 28, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (7): BatchNorm2d(28, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '    (8): ReLU(inplace=True)',
    '    (9): Conv2d(28, 33, kernel_size=(3, 3), stride=(1, 1), padding=(1, 1))',
    '    (10): BatchNorm2d(33, eps=1e-05, momentum=0.1, affine=True, track_running_stats=True)',
    '  )',
    '  (pool0): MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)',
    '  (pool1): MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)',
    '  (pool2): MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)',
    '  (pool3): MaxPool2d(kernel_size=2, stride=2, padding=0, dilation=1, ceil_mode=False)',
    '  (pool4): AdaptiveAvgPool2d(output_size=(1, 1))',
    '  (classifier): Linear(in_features=33, out_features=100, bias=True)',
    ')',
    '[04/03 02:06:22] cifar100-global-group_sl-vgg19 INFO: Params: 20.09 M => 1.18 M (5.87%)',
    '[04/03 02:06:22] cifar100-global-group_sl-vgg19 INFO: FLOPs: 512.73 M => 57.16 M (11.15%, 8.97X )',
    '[04/03 02:06:22] cifar100-global-group_sl-vgg19 INFO: Acc: 0.7271 => 0.0240',
    '[04/03 02:06:22] cifar100-global-group_sl-vgg19 INFO: Val Loss: 1.1820 => 5.4719',
    '[04/03 02:06:22] cifar100-global-group_sl-vgg19 INFO: Finetuning...',
    '[04/03 02:06:28] cifar100-global-group_sl-vgg19 INFO: Epoch 0/100, Acc=0.3883, Val Loss=2.4063, lr=0.0100',
    '[04/03 02:06:35] cifar100-global-group_sl-vgg19 INFO: Epoch 1/100, Acc=0.4787, Val Loss=1.9685, lr=0.0100',
]

# The School of AI's course template: an epoch's line, then its training bar described by its loss, its batch and
# its accuracy (github.com/raghunadh-eva/eva6 @ fb3a058563267e142ba5ff65795f59896160cc2b : S7_ASSIGNMENT/README_25JUN.md,
# its first code block's lines 1-10)
LOSS_DESCRIBED_BARS = [
    'EPOCH: 0',
    'Loss=2.0886988639831543 Batch_id=390 Accuracy=35.60: 100%|██████████| 391/391 [00:23<00:00, 16.66it/s]',
    '  0%|          | 0/391 [00:00<?, ?it/s]',
    'Test set: Average loss: 13895.2242, Accuracy: 4905/10000 (49.05%)',
    '',
    'EPOCH: 1',
    'Loss=1.9599742889404297 Batch_id=390 Accuracy=50.97: 100%|██████████| 391/391 [00:23<00:00, 16.54it/s]',
    '  0%|          | 0/391 [00:00<?, ?it/s]',
    'Test set: Average loss: 10317.6554, Accuracy: 6309/10000 (63.09%)',
    '',
]

# a fine-tuning script's console, its steps JSON objects after its own lines (github.com/9178nekomc/LingJie-Chat-v2-Pro
# @ 5540b898d428b5274b565103efe0b673ad679588 : logs/sft.log, lines 1-7)
JSON_STEPS_IN_CONSOLE = [
    '100000 sft samples',
    'steps: 782 (effective batch 256)',
    ('/data/coding/lingjie/sft.py:115: FutureWarning: `torch.cuda.amp.GradScaler(args...)` is deprecated. '
     "Please use `torch.amp.GradScaler('cuda', args...)` instead."),
    '  scaler = torch.cuda.amp.GradScaler()',
    '{"step": 20, "of": 782, "loss_lm": 0.0963183343410492, "loss_heads": 0.7808497548103333, "tok_s": 42276.70380143332}',
    '{"step": 40, "of": 782, "loss_lm": 0.07840028405189514, "loss_heads": 0.7070481181144714, "tok_s": 42991.92629843961}',
    '{"step": 60, "of": 782, "loss_lm": 0.0856475830078125, "loss_heads": 0.5958718061447144, "tok_s": 43180.875738224146}',
]

# flashy's progress lines of a Demucs-style separation solver, an epoch's training and its validation's first batches
# (github.com/ApiaoSamaa/audio_sep @ b324f9cc650822f6b5de35a976f340e1f3437c94 : train_log.txt, lines 1-10)
FLASHY_EPOCH = [
    '- Training...',
    '- Train | Epoch 1 | 143/573 | 1.45 it/sec | Loss 0.2343 | Reco 0.2312 | Grad 0.1202 | Penalty 304.120',
    '- Train | Epoch 1 | 286/573 | 1.46 it/sec | Loss 0.2158 | Reco 0.2131 | Grad 0.1086 | Penalty 272.319',
    '- Train | Epoch 1 | 429/573 | 1.47 it/sec | Loss 0.2075 | Reco 0.2049 | Grad 0.1001 | Penalty 257.955',
    '- Train | Epoch 1 | 572/573 | 1.48 it/sec | Loss 0.2019 | Reco 0.1994 | Grad 0.0963 | Penalty 247.226',
    '- Train Summary | Epoch 1 | Loss=0.2019 | Reco=0.1994 | Grad=0.0963 | Penalty=247.2265',
    '- ----------------------------------------------------------------------',
    '- Cross validation...',
    '- Valid | Epoch 1 | 1/3 | 0.31 it/sec | Loss 0.2213 | Reco 0.2213 | Nsdr 3.922',
    '- Valid | Epoch 1 | 2/3 | 0.37 it/sec | Loss 0.2224 | Reco 0.2224 | Nsdr 3.724',
]

# FuxiCTR's trainer (v1), its epochs' ends marked after their training loss, their starts unmarked but the first's
# (github.com/reczoo/BARS @ 6a7e574fb2ace4c9f0aeab56493053119eba7319 :
# ctr_prediction/benchmarks/DeepFM/DeepFM_frappe_x1/DeepFM_frappe_x1_001_4ae3a56e.log, lines 53-68)
FUXICTR_EPOCHS = [
    '2022-02-10 19:31:21,867 P1904 INFO ************ Epoch=1 start ************',
    '2022-02-10 19:31:33,917 P1904 INFO [Metrics] AUC: 0.937016 - logloss: 0.677712',
    '2022-02-10 19:31:33,925 P1904 INFO Save best model: monitor(max): 0.937016',
    '2022-02-10 19:31:33,946 P1904 INFO --- 50/50 batches finished ---',
    '2022-02-10 19:31:34,133 P1904 INFO Train loss: 0.376398',
    '2022-02-10 19:31:34,133 P1904 INFO ************ Epoch=1 end ************',
    '2022-02-10 19:31:46,461 P1904 INFO [Metrics] AUC: 0.962204 - logloss: 0.242437',
    '2022-02-10 19:31:46,469 P1904 INFO Save best model: monitor(max): 0.962204',
    '2022-02-10 19:31:46,496 P1904 INFO --- 50/50 batches finished ---',
    '2022-02-10 19:31:46,695 P1904 INFO Train loss: 0.274709',
    '2022-02-10 19:31:46,695 P1904 INFO ************ Epoch=2 end ************',
    '2022-02-10 19:31:58,394 P1904 INFO [Metrics] AUC: 0.973816 - logloss: 0.184279',
    '2022-02-10 19:31:58,395 P1904 INFO Save best model: monitor(max): 0.973816',
    '2022-02-10 19:31:58,470 P1904 INFO --- 50/50 batches finished ---',
    '2022-02-10 19:31:58,672 P1904 INFO Train loss: 0.228124',
    '2022-02-10 19:31:58,673 P1904 INFO ************ Epoch=3 end ************',
]

# traiNNer-redux (BasicSR's trainer) in its README's quick test, its first iterations' line
# (github.com/the-database/traiNNer-redux : README.md, index id 14034807892, its log block)
TRAINNER_REDUX = [
    '...',
    '2024-07-02 21:40:56,593 INFO: Model [SRModel] is created.',
    '2024-07-02 21:40:56,668 INFO: Start training from epoch: 0, iter: 0',
    ('2024-07-02 21:41:17,816 INFO: [4x_SP..][epoch:  0, iter:     100, lr:(1.000e-04,)] [performance: 4.7'
     '29] [eta: 14:11:33] l_g_mssim: 1.0000e+00 l_g_percep: 3.5436e+00 l_g_hsluv: 4.3935e-01 l_g_gan: 2.43'
     '46e+00 l_g_total: 7.4175e+00 l_d_real: 2.4136e-01 out_d_real: 2.9309e+00 l_d_fake: 5.2773e-02 out_d_'
     'fake: -2.4104e+01'),
]

# DDSP-SVC's saver log (github.com/jankoping/SVC_ai_voice_model_Iroha @ fd8db30c348634664a28e8d91d6182ac44ec5a85 :
# log_info.txt, lines 1-14)
DDSP_SVC = [
    '--- model size ---',
    'model: 54,914,696',
    '======= start training =======',
    'epoch: 0 |   0/  5 | exp/workdir | batch/s: 0.06 | lr: 0.0002 | loss: 1.045 | time: 0:00:17.8 | step: 1',
    'epoch: 0 |   1/  5 | exp/workdir | batch/s: 4.38 | lr: 0.0002 | loss: 0.892 | time: 0:00:18.2 | step: 2',
    'epoch: 0 |   2/  5 | exp/workdir | batch/s: 2.48 | lr: 0.0002 | loss: 0.893 | time: 0:00:18.6 | step: 3',
    'epoch: 0 |   3/  5 | exp/workdir | batch/s: 2.48 | lr: 0.0002 | loss: 0.866 | time: 0:00:19.0 | step: 4',
    'epoch: 0 |   4/  5 | exp/workdir | batch/s: 3.64 | lr: 0.0002 | loss: 0.629 | time: 0:00:19.2 | step: 5',
    'epoch: 1 |   0/  5 | exp/workdir | batch/s: 2.41 | lr: 0.0002 | loss: 0.785 | time: 0:00:19.7 | step: 6',
    'epoch: 1 |   1/  5 | exp/workdir | batch/s: 2.57 | lr: 0.0002 | loss: 0.748 | time: 0:00:20.1 | step: 7',
    'epoch: 1 |   2/  5 | exp/workdir | batch/s: 2.47 | lr: 0.0002 | loss: 0.744 | time: 0:00:20.5 | step: 8',
    'epoch: 1 |   3/  5 | exp/workdir | batch/s: 2.48 | lr: 0.0002 | loss: 0.638 | time: 0:00:20.9 | step: 9',
    'epoch: 1 |   4/  5 | exp/workdir | batch/s: 4.52 | lr: 0.0002 | loss: 0.713 | time: 0:00:21.1 | step: 10',
    'epoch: 2 |   0/  5 | exp/workdir | batch/s: 2.29 | lr: 0.0002 | loss: 0.701 | time: 0:00:21.6 | step: 11',
]

# LeRobot 0.6's lerobot-train, tqdm's bar glued before its step lines (a LeRobot front-end's test file quoting a real
# 6-step run, index id 70107093363, its `REAL` string, lines 3-5)
LEROBOT_GLUED = [
    ('Training:  17%|█▋        | 1/6 [00:07<00:39,  7.91s/step]INFO 2026-10-04 16:03:23 ot_train.py:606 step:1 smpl:2 ep:0 e'
     'pch:0.00 loss:105.928 grdn:1600.160 lr:1.0e-05 updt_s:7.543 data_s:0.365 smp/s:0'),
    ('INFO 2026-10-04 16:03:23 ot_train.py:606 step:2 smpl:4 ep:0 epch:0.00 loss:78.604 grdn:1423.651 lr:1.0e-05 updt_s:0.04'
     '6 data_s:0.010 smp/s:36'),
    ('Training:  50%|█████     | 3/6 [00:08<00:06,  2.09s/step]INFO 2026-10-04 16:03:23 ot_train.py:606 step:3 smpl:6 ep:0 e'
     'pch:0.00 loss:63.270 grdn:1190.512 lr:1.0e-05 updt_s:0.043 data_s:0.008 smp/s:39'),
]

# Unity ML-Agents 1.1 on Windows: Ctrl-C, then the command typed again with --resume (a console capture of a
# Unity-RL-Playground fork, index id 49025921149, lines 8-14 and 87-90 of the excerpt)
MLAGENTS_RELAUNCH = [
    '[INFO] gewu. Step: 8900000. Time Elapsed: 5260.103 s. Mean Reward: 1301.152. Std of Reward: 52.923. Training.',
    '[INFO] gewu. Step: 8920000. Time Elapsed: 5271.327 s. Mean Reward: 1328.458. Std of Reward: 41.525. Training.',
    '[INFO] Learning was interrupted. Please wait while the graph is generated.',
    '[INFO] Exported results\\ztest1.0\\gewu\\gewu-8923660.onnx',
    '[INFO] Copied results\\ztest1.0\\gewu\\gewu-8923660.onnx to results\\ztest1.0\\gewu.onnx.',
    '',
    ('(gewu) C:\\Users\\QunZ\\Desktop\\Unity-RL-Playground-main\\Unity-RL-Playground-main\\gewu\\Assets\\Playground>mlagents'
     '-learn config.yaml --run-id=ztest1.0 --resume'),
    '[INFO] Resuming from results\\ztest1.0\\gewu.',
    '[INFO] Resuming training from step 8923660.',
    '[INFO] gewu. Step: 8940000. Time Elapsed: 13.886 s. No episode was completed since last summary. Training.',
    '[INFO] gewu. Step: 8960000. Time Elapsed: 27.623 s. Mean Reward: 1933.315. Std of Reward: 0.000. Training.',
]

# AllenNLP 0.9's simple tagger (a README, index id 27599787245, probably github.com/c0ntradicti0n/allennlp_vs_ampligraph,
# its first 30 lines)
ALLENNLP = [
    '2019-10-15 12:45:23,697 - INFO - allennlp.training.trainer - Beginning training.',
    '2019-10-15 12:45:23,697 - INFO - allennlp.training.trainer - Epoch 0/39',
    '2019-10-15 12:45:23,697 - INFO - allennlp.training.trainer - Peak CPU memory usage MB: 1919.684',
    '2019-10-15 12:45:23,739 - INFO - allennlp.training.trainer - Training',
    'accuracy: 0.1656, accuracy3: 0.3559, loss: 3.5716 ||: 100%|##########| 125/125 [00:37<00:00,  3.32it/s]',
    '2019-10-15 12:46:01,372 - INFO - allennlp.training.trainer - Validating',
    'accuracy: 0.1852, accuracy3: 0.3841, loss: 3.2306 ||: 100%|##########| 31/31 [00:02<00:00, 14.47it/s]',
    '2019-10-15 12:46:03,515 - INFO - allennlp.training.tensorboard_writer -                   Training |  Validation',
    '2019-10-15 12:46:03,515 - INFO - allennlp.training.tensorboard_writer - cpu_memory_MB |  1919.684  |       N/A',
    '2019-10-15 12:46:03,516 - INFO - allennlp.training.tensorboard_writer - accuracy3     |     0.356  |     0.384',
    '2019-10-15 12:46:03,516 - INFO - allennlp.training.tensorboard_writer - accuracy      |     0.166  |     0.185',
    '2019-10-15 12:46:03,517 - INFO - allennlp.training.tensorboard_writer - loss          |     3.572  |     3.231',
    ('2019-10-15 12:46:03,540 - INFO - allennlp.training.checkpointer - Best validation performance so far. Copying weights '
     "to './output/simple_tagger_without_nyms.json//best.th'."),
    '2019-10-15 12:46:03,546 - INFO - allennlp.training.trainer - Epoch duration: 0:00:39.848754',
    '2019-10-15 12:46:03,548 - INFO - allennlp.training.trainer - Estimated training time remaining: 0:25:54',
    '2019-10-15 12:46:03,548 - INFO - allennlp.training.trainer - Epoch 1/39',
    '2019-10-15 12:46:03,548 - INFO - allennlp.training.trainer - Peak CPU memory usage MB: 2232.72',
    '2019-10-15 12:46:03,602 - INFO - allennlp.training.trainer - Training',
    'accuracy: 0.2511, accuracy3: 0.4494, loss: 3.0232 ||: 100%|##########| 125/125 [00:38<00:00,  3.23it/s]',
    '2019-10-15 12:46:42,335 - INFO - allennlp.training.trainer - Validating',
    'accuracy: 0.3684, accuracy3: 0.5976, loss: 2.4891 ||: 100%|##########| 31/31 [00:01<00:00, 20.92it/s]',
    '2019-10-15 12:46:43,818 - INFO - allennlp.training.tensorboard_writer -                   Training |  Validation',
    '2019-10-15 12:46:43,818 - INFO - allennlp.training.tensorboard_writer - cpu_memory_MB |  2232.720  |       N/A',
    '2019-10-15 12:46:43,819 - INFO - allennlp.training.tensorboard_writer - accuracy3     |     0.449  |     0.598',
    '2019-10-15 12:46:43,819 - INFO - allennlp.training.tensorboard_writer - accuracy      |     0.251  |     0.368',
    '2019-10-15 12:46:43,820 - INFO - allennlp.training.tensorboard_writer - loss          |     3.023  |     2.489',
    ('2019-10-15 12:46:43,841 - INFO - allennlp.training.checkpointer - Best validation performance so far. Copying weights '
     "to './output/simple_tagger_without_nyms.json//best.th'."),
    '2019-10-15 12:46:43,850 - INFO - allennlp.training.trainer - Epoch duration: 0:00:40.301615',
    '2019-10-15 12:46:43,850 - INFO - allennlp.training.trainer - Estimated training time remaining: 0:25:22',
    '2019-10-15 12:46:43,850 - INFO - allennlp.training.trainer - Epoch 2/39',
]

# MONAI Label's SupervisedTrainer on PyTorch-Ignite, the last two of 50 epochs (discourse.slicer.org topic 30689,
# post #2, 2023-09-13, index id 10253028870, lines 35-58 of its log block)
MONAI_LAST_EPOCHS = [
    ('[2023-09-13 08:32:00,260] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedTrainer:294) - Epoch: 49/50, Ite'
     'r: 1/3 -- train_loss: 0.6210'),
    ('[2023-09-13 08:32:00,388] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedTrainer:294) - Epoch: 49/50, Ite'
     'r: 2/3 -- train_loss: 0.6210'),
    ('[2023-09-13 08:32:00,516] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedTrainer:294) - Epoch: 49/50, Ite'
     'r: 3/3 -- train_loss: 0.6205'),
    ('[2023-09-13 08:32:00,524] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedTrainer:223) - Epoch[49] Metrics'
     ' -- train_Left_Eye_mean_dice: 0.0000 train_mean_dice: 0.0000'),
    ('[2023-09-13 08:32:00,524] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedTrainer:234) - Key metric: train'
     '_mean_dice best value: 0.003613139037042856 at epoch: 1'),
    ('[2023-09-13 08:32:00,529] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedEvaluator:876) - Engine run resu'
     'ming from iteration 0, epoch 48 until 49 epochs'),
    ('[2023-09-13 08:32:00,796] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedEvaluator:223) - Epoch[49] Metri'
     'cs -- val_Left_Eye_mean_dice: 0.0000 val_mean_dice: 0.0000'),
    ('[2023-09-13 08:32:00,797] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedEvaluator:234) - Key metric: val'
     '_mean_dice best value: 0.0 at epoch: 1'),
    ('[2023-09-13 08:32:00,812] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedEvaluator:972) - Epoch[49] Compl'
     'ete. Time taken: 00:00:00.073'),
    ('[2023-09-13 08:32:00,815] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedEvaluator:988) - Engine run comp'
     'lete. Time taken: 00:00:00.285'),
    ('[2023-09-13 08:32:00,815] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedTrainer:972) - Epoch[49] Complet'
     'e. Time taken: 00:00:00.687'),
    ('[2023-09-13 08:32:00,944] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedTrainer:294) - Epoch: 50/50, Ite'
     'r: 1/3 -- train_loss: 0.6169'),
    ('[2023-09-13 08:32:01,072] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedTrainer:294) - Epoch: 50/50, Ite'
     'r: 2/3 -- train_loss: 0.6198'),
    ('[2023-09-13 08:32:01,198] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedTrainer:294) - Epoch: 50/50, Ite'
     'r: 3/3 -- train_loss: 0.6196'),
    ('[2023-09-13 08:32:01,206] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedTrainer:223) - Epoch[50] Metrics'
     ' -- train_Left_Eye_mean_dice: 0.0000 train_mean_dice: 0.0000'),
    ('[2023-09-13 08:32:01,206] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedTrainer:234) - Key metric: train'
     '_mean_dice best value: 0.003613139037042856 at epoch: 1'),
    ('[2023-09-13 08:32:01,211] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedEvaluator:876) - Engine run resu'
     'ming from iteration 0, epoch 49 until 50 epochs'),
    ('[2023-09-13 08:32:01,475] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedEvaluator:223) - Epoch[50] Metri'
     'cs -- val_Left_Eye_mean_dice: 0.0000 val_mean_dice: 0.0000'),
    ('[2023-09-13 08:32:01,475] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedEvaluator:234) - Key metric: val'
     '_mean_dice best value: 0.0 at epoch: 1'),
    ('[2023-09-13 08:32:01,490] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedEvaluator:972) - Epoch[50] Compl'
     'ete. Time taken: 00:00:00.074'),
    ('[2023-09-13 08:32:01,493] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedEvaluator:988) - Engine run comp'
     'lete. Time taken: 00:00:00.282'),
    ('[2023-09-13 08:32:01,494] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedTrainer:972) - Epoch[50] Complet'
     'e. Time taken: 00:00:00.679'),
    ('[2023-09-13 08:32:01,726] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedTrainer:280) - Train completed, '
     'saved final checkpoint: C:\\Users\\userName\\apps\\radiology\\model\\segmentation\\train_01\\checkpoint_final.pt'),
    ('[2023-09-13 08:32:01,726] [19180] [MainThread] [INFO] (ignite.engine.engine.SupervisedTrainer:988) - Engine run comple'
     'te. Time taken: 00:00:32.478'),
]

# a pruning fine-tune's report (github.com/CleanAITool/cleanai-v5 @ 42e76ea8a77d776deea889be31f6b8f87b81eef8 :
# test_scenarios/TS7_ResNet50_ImageNet/T7_Results.md, its first epochs and its last three lines)
SCRIPT_COMPLETED = [
    'Epoch 1/10: 100%|██████████████████████████████████████████| 40/40 [01:25<00:00,  2.14s/it, loss=3.3562, acc=37.88%]',
    'Epoch 1/10 - Train Loss: 3.3562, Train Acc: 37.88%, Test Acc: 59.38%',
    'Epoch 2/10: 100%|██████████████████████████████████████████| 40/40 [01:22<00:00,  2.07s/it, loss=2.0977, acc=54.86%]',
    'Epoch 2/10 - Train Loss: 2.0977, Train Acc: 54.86%, Test Acc: 64.59%',
    '================================================================================',
    'SCRIPT COMPLETED SUCCESSFULLY',
    '================================================================================',
]

# PyTorch-Ignite 0.4's handlers printing an FCN's epochs in a notebook (a Jekyll post exported from a notebook,
# index id 4852406186, the `trainer.run` cell's first lines)
IGNITE_EPOCHS = [
    'Epoch 1',
    'Train - loss: 1.17 ',
    'Val   - loss: 1.20 ',
    'Epoch 2',
    'Train - loss: 0.97 ',
    'Val   - loss: 1.02 ',
    'Epoch 3',
    'Train - loss: 0.87 ',
    'Val   - loss: 0.95 ',
]

# pytorch-tabnet's fit on Colab (github.com/Kyyle2114/Paper-Code-Implementation @ 2cd1f414773c0f96b883c042fc723bad20167623 :
# Deep Tabular Learning/TabNet/TabNet.md, the first output block, lines 1-6)
TABNET = [
    ('epoch 0  | loss: 0.8903  | train_accuracy: 0.70415 | train_logloss: 0.62085 | val_accuracy: 0.70905 | val_logloss: 0.6'
     '1757 |  0:00:15s'),
    ('epoch 1  | loss: 0.61087 | train_accuracy: 0.77622 | train_logloss: 0.5204  | val_accuracy: 0.77866 | val_logloss: 0.5'
     '16   |  0:00:30s'),
    ('epoch 2  | loss: 0.51547 | train_accuracy: 0.79025 | train_logloss: 0.47296 | val_accuracy: 0.79504 | val_logloss: 0.4'
     '6864 |  0:00:41s'),
    ('epoch 3  | loss: 0.47067 | train_accuracy: 0.79912 | train_logloss: 0.44668 | val_accuracy: 0.79891 | val_logloss: 0.4'
     '4878 |  0:00:51s'),
    ('epoch 4  | loss: 0.44522 | train_accuracy: 0.80574 | train_logloss: 0.42845 | val_accuracy: 0.80983 | val_logloss: 0.4'
     '33   |  0:01:01s'),
    ('epoch 5  | loss: 0.43168 | train_accuracy: 0.80986 | train_logloss: 0.41552 | val_accuracy: 0.81119 | val_logloss: 0.4'
     '1996 |  0:01:11s'),
]


# Isaac Lab's rsl_rl iteration block (undated), then Omniverse PhysX's dated errors (github.com/renanmb/LiftUr10e @
# 92964c3af45a4d06e606947a21a424b9a106a5ea : errors.md, the "error 2" block, its first 30 lines)
ISAACLAB_ITERATION_THEN_PHYSX = [
    '################################################################################',
    '                       Learning iteration 10/2000                       ',
    '',
    '                       Computation: 36373 steps/s (collection: 3.450s, learning 0.154s)',
    '             Mean action noise std: 1.05',
    '          Mean value_function loss: 0.0307',
    '               Mean surrogate loss: 0.0003',
    '                 Mean entropy loss: 10.2677',
    '                       Mean reward: 0.67',
    '               Mean episode length: 340.15',
    '    Episode_Reward/reaching_object: 0.0547',
    '     Episode_Reward/lifting_object: 0.0685',
    'Episode_Reward/object_goal_tracking: 0.0091',
    'Episode_Reward/object_goal_tracking_fine_grained: 0.0000',
    '        Episode_Reward/action_rate: -0.0010',
    '          Episode_Reward/joint_vel: -0.0751',
    'Metrics/object_pose/position_error: 0.3329',
    'Metrics/object_pose/orientation_error: 2.8862',
    '      Episode_Termination/time_out: 8.4688',
    'Episode_Termination/object_dropping: 0.1562',
    '--------------------------------------------------------------------------------',
    '                   Total timesteps: 1441792',
    '                    Iteration time: 3.60s',
    '                      Time elapsed: 00:00:35',
    '                               ETA: 01:46:48',
    '',
    ('2025-07-22 19:14:29 [46,804ms] [Error] [omni.physx.plugin] PhysX error: Patch buffer overflow detected, please increas'
     'e its size to at least 266360 in the scene desc!'),
    ', FILE /builds/omniverse/physics/physx/source/gpunarrowphase/src/PxgNarrowphaseCore.cpp, LINE 1599',
    ('2025-07-22 19:14:29 [46,852ms] [Error] [omni.physx.plugin] PhysX error: Patch buffer overflow detected, please increas'
     'e its size to at least 266288 in the scene desc!'),
    ', FILE /builds/omniverse/physics/physx/source/gpunarrowphase/src/PxgNarrowphaseCore.cpp, LINE 1599',
]


# detectron2's own log.txt (github.com/BUAAZhangHaonan/mgm_mask2former @ 747ef0209b5d17003208d61fce185fcd0bf267d4 :
# output/log.txt, its last 54 lines' first 3)
D2_LOG_TXT = [
    ('[08/30 23:51:58] d2.utils.events INFO:  eta: 0:01:53  iter: 3739  total_loss: 12.67  loss_ce: 0.1338  loss_mask: 0.095'
     '46  loss_dice: 0.774  loss_ce_0: 0.7353  loss_mask_0: 0.1873  loss_dice_0: 1.939  loss_ce_1: 0.1734  loss_mask_1: 0.14'
     '55  loss_dice_1: 1.212  loss_ce_2: 0.1346  loss_mask_2: 0.1105  loss_dice_2: 0.9641  loss_ce_3: 0.1315  loss_mask_3: 0'
     '.09836  loss_dice_3: 0.8817  loss_ce_4: 0.1271  loss_mask_4: 0.09044  loss_dice_4: 0.839  loss_ce_5: 0.124  loss_mask_'
     '5: 0.08817  loss_dice_5: 0.8095  loss_ce_6: 0.1309  loss_mask_6: 0.08675  loss_dice_6: 0.8176  loss_ce_7: 0.1292  loss'
     '_mask_7: 0.09202  loss_dice_7: 0.8161  loss_ce_8: 0.135  loss_mask_8: 0.08957  loss_dice_8: 0.7958  loss_mgm_entropy: '
     '0.004502    time: 0.4365  last_time: 0.4378  data_time: 0.0036  last_data_time: 0.0041   lr: 1e-07  max_mem: 15545M'),
    ('[08/30 23:52:07] d2.utils.events INFO:  eta: 0:01:44  iter: 3759  total_loss: 12.77  loss_ce: 0.1413  loss_mask: 0.083'
     '14  loss_dice: 0.7813  loss_ce_0: 0.7333  loss_mask_0: 0.1673  loss_dice_0: 1.95  loss_ce_1: 0.1765  loss_mask_1: 0.13'
     '75  loss_dice_1: 1.194  loss_ce_2: 0.1345  loss_mask_2: 0.1078  loss_dice_2: 0.9431  loss_ce_3: 0.1274  loss_mask_3: 0'
     '.094  loss_dice_3: 0.8567  loss_ce_4: 0.1272  loss_mask_4: 0.09337  loss_dice_4: 0.815  loss_ce_5: 0.1284  loss_mask_5'
     ': 0.08618  loss_dice_5: 0.8025  loss_ce_6: 0.13  loss_mask_6: 0.08104  loss_dice_6: 0.7992  loss_ce_7: 0.137  loss_mas'
     'k_7: 0.08506  loss_dice_7: 0.7805  loss_ce_8: 0.139  loss_mask_8: 0.08197  loss_dice_8: 0.7811  loss_mgm_entropy: 0.00'
     '4485    time: 0.4365  last_time: 0.4354  data_time: 0.0036  last_data_time: 0.0038   lr: 1e-07  max_mem: 15545M'),
    ('[08/30 23:52:16] d2.utils.events INFO:  eta: 0:01:35  iter: 3779  total_loss: 13.51  loss_ce: 0.1402  loss_mask: 0.106'
     '3  loss_dice: 0.8058  loss_ce_0: 0.7296  loss_mask_0: 0.2031  loss_dice_0: 1.977  loss_ce_1: 0.1752  loss_mask_1: 0.16'
     '38  loss_dice_1: 1.299  loss_ce_2: 0.1403  loss_mask_2: 0.1382  loss_dice_2: 1.037  loss_ce_3: 0.1333  loss_mask_3: 0.'
     '1217  loss_dice_3: 0.9545  loss_ce_4: 0.1257  loss_mask_4: 0.115  loss_dice_4: 0.8809  loss_ce_5: 0.1279  loss_mask_5:'
     ' 0.1141  loss_dice_5: 0.8665  loss_ce_6: 0.1325  loss_mask_6: 0.1047  loss_dice_6: 0.8524  loss_ce_7: 0.1327  loss_mas'
     'k_7: 0.1143  loss_dice_7: 0.8456  loss_ce_8: 0.138  loss_mask_8: 0.1052  loss_dice_8: 0.821  loss_mgm_entropy: 0.00451'
     '6    time: 0.4365  last_time: 0.4368  data_time: 0.0035  last_data_time: 0.0035   lr: 1e-07  max_mem: 15545M'),
]

# SatMAE++'s main_pretrain.py, MAE's MetricLogger under its time-of-day print (a markdown note, index id 25591327392,
# its "3 epoch test" block)
MAE_TWO_BATCHES = [
    ('[12:22:25.163846] Epoch: [2]  [0/2]  eta: 0:00:12  lr: 0.000025  loss: 1.6014 (1.6014)  time: 6.0662  data: 5.3526  ma'
     'x mem: 8379'),
    ('[12:22:25.595520] Epoch: [2]  [1/2]  eta: 0:00:03  lr: 0.000025  loss: 1.5285 (1.5649)  time: 3.2484  data: 2.6763  ma'
     'x mem: 8379'),
    '[12:22:26.272235] Epoch: [2] Total time: 0:00:07 (3.5873 s / it)',
    '[12:22:26.272235] Averaged stats: lr: 0.000025  loss: 1.5285 (1.5649)',
    '[12:22:31.371837] Training time 0:00:34',
]

# a custom LoRA loop under `accelerate launch` (github.com/RyanTren/AFB-LLM-Compression-Trade-off-Evaluator @
# b50c9722ea2597c5908066a48f95cf411a1fc51a : src/results/README.md, "Training Run 1" block, lines 13-16 and 30-35)
ACCELERATE_GLUED_SAVES = [
    'The following values were not passed to `accelerate launch` and had defaults used instead:',
    '        `--num_machines` was set to a value of `1`',
    "        `--dynamo_backend` was set to a value of `'no'`",
    'To avoid this warning pass in values for each of the problematic parameters or run `accelerate config`.',
    ('Epoch 0:   0%|                                                                                    | 0/26807 [00:00<?, '
     '?it/s]`loss_type=None` was set in the config but it is unrecognized. Using the default loss: `ForCausalLMLoss`.'),
    ('Epoch 0:   7%|███▋                                             | 2000/26807 [10:53<2:15:40,  3.05it/s, smoothed_loss=0'
     '.4660]/tmp/p10-t1llmcomp/AFB-LLM-Compression-Trade-off-Evaluator/src/venv/lib/python3.12/site-packages/peft/utils/save'
     '_and_load.py:209: UserWarning: Setting `save_embedding_layers` to `True` as the embedding layer has been resized durin'
     'g finetuning.'),
    '  warnings.warn(',
    '💾 Saved intermediate checkpoint: lora_out_codeparrot/checkpoint_step2000',
    ('Epoch 0:  15%|███████▎                                         | 4000/26807 [21:50<2:04:25,  3.06it/s, smoothed_loss=0'
     '.5461]💾 Saved intermediate checkpoint: lora_out_codeparrot/checkpoint_step4000'),
    ('Epoch 0:  22%|██████████▉                                      | 6000/26807 [32:46<1:53:58,  3.04it/s, smoothed_loss=0'
     '.4297]💾 Saved intermediate checkpoint: lora_out_codeparrot/checkpoint_step6000'),
]

# FourCastNet on a CSCS cluster (github.com/lukasgd/FourCastNet @ e4feea31897fab9288527310c3a9351a0f2c058e :
# demo/Readme.md, the `tail -f` block, lines 3-8)
FOURCASTNET = [
    '2023-10-26 21:44:42,443 - root - INFO - Time taken for epoch 1 is 268.29315757751465 sec',
    '2023-10-26 21:44:42,444 - root - INFO - Train loss: 0.3334257900714874. Valid loss: 0.3517494797706604',
    '2023-10-26 21:49:04,001 - root - INFO - Time taken for epoch 2 is 261.5571141242981 sec',
    '2023-10-26 21:49:04,002 - root - INFO - Train loss: 0.30556416511535645. Valid loss: 0.3189866542816162',
    '2023-10-26 21:53:24,859 - root - INFO - Time taken for epoch 3 is 260.8574433326721 sec',
    '2023-10-26 21:53:24,860 - root - INFO - Train loss: 0.28170695900917053. Valid loss: 0.2993544936180115',
]

# the NERSC SC23 tutorial's ViT on ERA5 (github.com/NERSC/sc23-dl-tutorial @ 08c2e7a90b96504b531950b1485133ccd2ad374b :
# README.md, the baseline's block, lines 1-9)
NERSC_VIT = [
    '2023-09-26 21:29:00,679 - root - INFO - Starting Training Loop...',
    '2023-09-26 21:30:08,688 - root - INFO - Time taken for epoch 1 is 63.020848512649536 sec, avg 8.12429556382808 samples/sec',
    '2023-09-26 21:30:08,690 - root - INFO -   Avg train loss=0.579061',
    '2023-09-26 21:30:17,316 - root - INFO -   Avg val loss=0.419114',
    '2023-09-26 21:30:17,316 - root - INFO -   Total validation time: 8.258756637573242 sec',
    '2023-09-26 21:31:11,898 - root - INFO - Time taken for epoch 2 is 54.578805923461914 sec, avg 9.380930772248819 samples/sec',
    '2023-09-26 21:31:11,898 - root - INFO -   Avg train loss=0.390744',
    '2023-09-26 21:31:18,989 - root - INFO -   Avg val loss=0.375897',
    '2023-09-26 21:31:18,989 - root - INFO -   Total validation time: 6.766376972198486 sec',
]

# NVIDIA Modulus' darcy_fno example in a container (github.com/NCAR/HPC-Docs, index id 24211126653, its run's block,
# lines 16-23)
PHYSICSNEMO = [
    "Module modulus.datapipes.benchmarks.kernels.initialization load on device 'cuda:0' took 205.84 ms",
    "Module modulus.datapipes.benchmarks.kernels.utils load on device 'cuda:0' took 212.94 ms",
    "Module modulus.datapipes.benchmarks.kernels.finite_difference load on device 'cuda:0' took 670.44 ms",
    '[21:04:46 - train - INFO] Epoch 1 Metrics: Learning Rate =  1.000e-03, loss =  6.553e-01',
    '[21:04:46 - train - INFO] Epoch Execution Time:  3.241e+01s, Time/Iter:  1.013e+03ms',
    '[21:05:14 - train - INFO] Epoch 2 Metrics: Learning Rate =  1.000e-03, loss =  4.255e-02',
    '[21:05:14 - train - INFO] Epoch Execution Time:  2.812e+01s, Time/Iter:  8.786e+02ms',
    '...',
]

# a MACE 0.3.6 run's end (github.com/imagdau/Tutorials @ ff1fad9859217fc760c21afa913aca23458ea72a :
# MACE_models/mace01_run-123.log, lines 185, 200 and 215-217)
MACE_SAVES = [
    '2024-07-21 14:17:36.951 INFO: Training complete',
    '2024-07-21 14:17:41.265 INFO: Saving model to MACE_models/mace01_run-123.model',
    '2024-07-21 14:17:45.541 INFO: Saving model to MACE_models/mace01_run-123_swa.model',
    '2024-07-21 14:17:45.610 INFO: Compiling model, saving metadata MACE_models/mace01_swa_compiled.model',
    '2024-07-21 14:17:46.275 INFO: Done',
]

# an Agro-NT (ESM) PEFT fine-tuning's Slurm output (github.com/lucymahony/Soy_expression_prediction @
# f92fbc66f783f52d6e9dc7fbd046d57164831316 : agro_nt_scripts/ia3/output_run_train_ia3_siz.sh, lines 1-21)
PEFT_TRACEBACK = [
    'Running training for: LR=0.003',
    'WD=0.001',
    'Batch=8',
    'Gradient_accumulation=8',
    'Warmup=5',
    ("Target_modules=['esm.encoder.layer.37.attention.self.key/esm.encoder.layer.37.attention.self.value/esm.encoder.layer.3"
     '8.attention.self.key/esm.encoder.layer.38.attention.self.value/esm.encoder.layer.39.attention.self.key/esm.encoder.lay'
     'er.39.attention.self.value/esm.encoder.layer.37.intermediate.dense/esm.encoder.layer.37.output.dense/esm.encoder.layer'
     '.38.intermediate.dense/esm.encoder.layer.38.output.dense/esm.encoder.layer.39.intermediate.dense/esm.encoder.layer.39.'
     "output.dense']"),
    ("Feedforward_modules=['esm.encoder.layer.37.attention.self.key/esm.encoder.layer.37.attention.self.value/esm.encoder.la"
     'yer.38.attention.self.key/esm.encoder.layer.38.attention.self.value/esm.encoder.layer.39.attention.self.key/esm.encode'
     'r.layer.39.attention.self.value/esm.encoder.layer.37.intermediate.dense/esm.encoder.layer.37.output.dense/esm.encoder.'
     'layer.38.intermediate.dense/esm.encoder.layer.38.output.dense/esm.encoder.layer.39.intermediate.dense/esm.encoder.laye'
     "r.39.output.dense']"),
    'Module strategy: aggressive',
    ('Output directory: /ei/projects/c/c3109f4b-0db1-43ec-8cb5-df48d8ea89d0/scratch/repos/Soy_expression_prediction/intermed'
     'iate_data/no_filtering/soy_1500up_0down_42_log2plus1/results/LR0.003_WD0.001_B8_GA8_W5_MSaggressive'),
    ('Some weights of EsmForSequenceClassification were not initialized from the model checkpoint at /ei/projects/c/c3109f4b'
     "-0db1-43ec-8cb5-df48d8ea89d0/scratch/repos/dnabert/agro-nucleotide-transformer-1b and are newly initialized: ['classif"
     "ier.dense.bias', 'classifier.dense.weight', 'classifier.out_proj.bias', 'classifier.out_proj.weight']"),
    'You should probably TRAIN this model on a down-stream task to be able to use it for predictions and inference.',
    'Traceback (most recent call last):',
    ('  File "/ei/projects/c/c3109f4b-0db1-43ec-8cb5-df48d8ea89d0/scratch/repos/Soy_expression_prediction/agro_nt_scripts/ia'
     '3/train_ia3_with_hyperparameters.py", line 213, in <module>'),
    '    train()',
    ('  File "/ei/projects/c/c3109f4b-0db1-43ec-8cb5-df48d8ea89d0/scratch/repos/Soy_expression_prediction/agro_nt_scripts/ia'
     '3/train_ia3_with_hyperparameters.py", line 166, in train'),
    '    ia3_config = IA3Config(',
    '                 ^^^^^^^^^^',
    '  File "<string>", line 14, in __init__',
    '  File "/hpc-home/mahony/.local/lib/python3.12/site-packages/peft/tuners/ia3/config.py", line 98, in __post_init__',
    '    raise ValueError("`feedforward_modules` should be a subset of `target_modules`")',
    'ValueError: `feedforward_modules` should be a subset of `target_modules`',
]

# verl's GRPO with LoRA saving its checkpoint (a Chinese "VeRL记录" note, index id 63339290927, its LoRA + GRPO
# block, lines 21-22)
VERL_SAVE = [
    '(TaskRunner pid=28143) local_global_step_folder: checkpoints/verl_examples/gsm8k/global_step_10',
    ('(WorkerDict pid=28656) INFO:2025-08-26 23:05:19,636:[Rank 0] Saved model to /root/autodl-tmp/verl/checkpoints/verl_exa'
     'mples/gsm8k/global_step_10/actor/model_world_size_2_rank_0.pt'),
]

# verl's PPO trainer: its bar, then its step line (a Slurm log of a multi-step PPO run, x148 of the held-out sets:
# index-only source, lines 1-2, Ray's colour codes as stored)
VERL_BAR_THEN_STEP = [
    'Training Progress:   0%|          | 4/1000 [11:18<45:49:11, 165.61s/it]',
    ('\x1b[36m(TaskRunner pid=1271585)\x1b[0m step:4 - actor/entropy:0.36945098638534546 - critic/vf_loss:np.float64(0.31657'
     '9750584412) - critic/vf_clipfrac:np.float64(0.08957402876985725) - critic/vpred_mean:np.float64(0.6322887133806944) - '
     'critic/grad_norm:np.float64(49.0375) - perf/mfu/critic:np.float64(0.04542102367255493) - critic/lr:np.float64(1e-05) -'
     ' critic/score/mean:0.10353711790393014 - critic/score/max:0.99 - critic/score/min:-2.01 - critic/rewards/mean:0.103537'
     '11790393014 - critic/rewards/max:0.99 - critic/rewards/min:-2.01 - critic/advantages/mean:-1.1866295493896344e-17 - cr'
     'itic/advantages/max:5.315892870990613 - critic/advantages/min:-6.21189273005197 - critic/returns/mean:0.42377298118087'
     '053 - critic/returns/max:3.624473840066752 - critic/returns/min:-2.01 - critic/values/mean:0.75 - critic/values/max:7.'
     '5625 - critic/values/min:-4.71875 - critic/vf_explained_var:-0.390396284093796 - response_length/mean:19.625 - respons'
     'e_length/max:256.0 - response_length/min:0.0 - response_length/clip_ratio:0.0030487803742289543 - response_length_non_'
     'aborted/mean:112.43668365478516 - response_length_non_aborted/max:256.0 - response_length_non_aborted/min:65.0 - respo'
     'nse_length_non_aborted/clip_ratio:0.017467249184846878 - response/aborted_ratio:0.8254573345184326 - prompt_length/mea'
     'n:81.88033294677734 - prompt_length/max:432.0 - prompt_length/min:0.0 - prompt_length/clip_ratio:0.0 - timing_s/old_lo'
     'g_prob:10.899189329706132 - timing_s/values:32.795669596642256 - timing_s/adv:1.1905829515308142 - timing_s/update_cri'
     'tic:116.13478486053646 - timing_s/step:161.0777970990166 - timing_per_token_ms/adv:0.008939988372673657 - timing_per_t'
     'oken_ms/update_critic:0.8720464416034275 - timing_per_token_ms/values:0.24625995567217762 - perf/total_num_tokens:1331'
     '75 - perf/time_per_step:161.0777970990166 - perf/throughput:413.3872029493165'),
]

# verl's GRPO on Slurm, a cookbook README's "Expected output" block (index id 56492333714, whole)
VERL_LONE_BAR = [
    '(TaskRunner pid=41271) ("Final validation metrics: {\'val-aux/openai/gsm8k/reward/mean@1\': "',
    '(TaskRunner pid=41271)  "0.6876421531463229, \'val-core/openai/gsm8k/acc/mean@1\': 0.6876421531463229, "',
    '(TaskRunner pid=41271)  "\'val-aux/num_turns/min\': 2, \'val-aux/num_turns/max\': 2, "',
    '(TaskRunner pid=41271)  "\'val-aux/num_turns/mean\': 2.0}")',
    'Training Progress: 100%|██████████| 105/105 [2:33:10<00:00, 87.53s/it]',
]

# a wav2vec2 CTC fine-tuning through the HF Trainer in 2022 (a docstring's sample output, index id 33239493831,
# its lines 6-7, 33-39, 41-42, 46-48, 52, 61 and 64)
WAV2VEC2_SELECTED = [
    ('09/09/2022 11:45:46 - WARNING - huggingface_wav2vec2_finetuning.huggingface_wav2vec2_finetuner - Process rank: -1, dev'
     'ice: cuda:0, n_gpu: 1distributed training: False, 16-bits training: True                                              '
     '                                                                                 '),
    ('09/09/2022 11:45:46 - INFO - huggingface_wav2vec2_finetuning.huggingface_wav2vec2_finetuner - Training/evaluation para'
     'meters TrainingArguments(                                                                                             '
     '                                                                                 '),
    '***** Running training *****',
    '  Num examples = 100000',
    '  Num Epochs = 1',
    '  Instantaneous batch size per device = 4',
    '  Total train batch size (w. parallel, distributed & accumulation) = 16',
    '  Gradient Accumulation steps = 4',
    '  Total optimization steps = 200',
    ("{'loss': 11.0863, 'learning_rate': 5.000000000000001e-07, 'epoch': 0.0}                                               "
     '                                                                                             '),
    ("{'loss': 10.2139, 'learning_rate': 1.0000000000000002e-06, 'epoch': 0.0}                                              "
     '                                                                                             '),
    ("{'loss': 3.1954, 'learning_rate': 7.95e-06, 'epoch': 0.03}                                                            "
     '                                                                                             '),
    ("{'loss': 3.1072, 'learning_rate': 8.45e-06, 'epoch': 0.03}                                                            "
     '                                                                                             '),
    ("{'loss': 3.0851, 'learning_rate': 8.95e-06, 'epoch': 0.03}                                                            "
     '                                                                                             '),
    '100%|█████████████████| 200/200 [05:52<00:00,  1.85s/it]***** Running Evaluation *****',
    'Training completed. Do not forget to share your model on huggingface.co/models =)',
    ("{'train_runtime': 357.8257, 'train_samples_per_second': 8.943, 'train_steps_per_second': 0.559, 'train_loss': 6.028274"
     "5456695555, 'epoch': 0.03}                                                                   "),
]


# kuangliu/pytorch-cifar's main.py resumed (`python main.py -r`; a README's "cifar10 demo with PyTorch" block, index id
# 45457889067, its lines 3-9 and 55-60)
KUANGLIU_EPOCHS = [
    'Epoch: 32',
    (' [=========================== 391/391 ============================>]  Step: 1s614ms | Tot: 1m28s | Loss: 0.307 | Acc: '
     '89.386% (44693/50000)                                                                        '),
    (' [=========================== 100/100 ============================>]  Step: 51ms | Tot: 5s148ms | Loss: 0.744 | Acc: 7'
     '7.170% (7717/10000)                                                                          '),
    '',
    'Epoch: 33',
    (' [=========================== 391/391 ============================>]  Step: 152ms | Tot: 1m26s | Loss: 0.308 | Acc: 89'
     '.374% (44687/50000)                                                                          '),
    (' [=========================== 100/100 ============================>]  Step: 51ms | Tot: 5s189ms | Loss: 0.725 | Acc: 7'
     '6.980% (7698/10000)                                                                          '),
]

KUANGLIU_SAVING = [
    'Epoch: 45',
    (' [=========================== 391/391 ============================>]  Step: 142ms | Tot: 1m26s | Loss: 0.291 | Acc: 89'
     '.948% (44974/50000)                                                                          '),
    (' [=========================== 100/100 ============================>]  Step: 51ms | Tot: 5s401ms | Loss: 0.440 | Acc: 8'
     '5.510% (8551/10000)                                                                          '),
    'Saving...',
    '',
    'Epoch: 46',
]

# ai8x-training's Distiller-style logger, an epoch's training then its validation (a README on Kvasir on the MAX78000,
# index id 48400610226, its block's lines 6-13)
DISTILLER_VALIDATE = [
    '\t\t2024-09-30 23:44:14,915 - Training epoch: 2430 samples (64 per mini-batch)',
    ('\t\t2024-09-30 23:44:39,040 - Epoch: [199][   10/   38]    Overall Loss 0.144369    Objective Loss 0.144369           '
     '                             LR 0.000125    Time 2.412501    '),
    ('\t\t2024-09-30 23:44:45,852 - Epoch: [199][   20/   38]    Overall Loss 0.134443    Objective Loss 0.134443           '
     '                             LR 0.000125    Time 1.546855    '),
    ('\t\t2024-09-30 23:44:51,913 - Epoch: [199][   30/   38]    Overall Loss 0.145453    Objective Loss 0.145453           '
     '                             LR 0.000125    Time 1.233275    '),
    ('\t\t2024-09-30 23:44:56,969 - Epoch: [199][   38/   38]    Overall Loss 0.148206    Objective Loss 0.148206    Top1 92'
     '.063492    Top5 100.000000    LR 0.000125    Time 1.106670    '),
    '\t\t2024-09-30 23:44:57,487 - --- validate (epoch=199)-----------',
    '\t\t2024-09-30 23:44:57,487 - 270 samples (64 per mini-batch)',
    '\t\t2024-09-30 23:45:15,181 - Epoch: [199][    5/    5]    Loss 0.534891    Top1 82.222222    Top5 100.000000    ',
]

# SentenceTransformers' fit in a CI run of arita37/mlmodels @ 51b64e342c7b2661e79b8abaa33db92672ae95c7 (2020-05-22),
# killed by the runner (index id 3493713267, its last lines)
KILLED_AFTER_BAR = [
    'Epoch:   0%|          | 0/1 [00:00<?, ?it/s]',
    'Iteration:   0%|          | 0/29440 [00:00<?, ?it/s]',
    'Iteration:   0%|          | 1/29440 [00:19<157:26:21, 19.25s/it]',
    'Iteration:   0%|          | 2/29440 [00:39<160:35:34, 19.64s/it]',
    'Iteration:   0%|          | 3/29440 [00:51<140:34:58, 17.19s/it]Killed',
]

# run_language_modeling.py of transformers 2.x on Colab (github.com/chriskhanhtran/chriskhanhtran.github.io :
# _posts/2020-04-07-spanberta-bert-for-spanish-from-scratch.md, index id 16808555817, lines 15-17 and 33-36)
OLD_HF_EXAMPLE_END = [
    '    04/06/2020 16:04:46 - INFO - __main__ -   ***** Running training *****',
    '    04/06/2020 16:04:46 - INFO - __main__ -     Num examples = 165994',
    '    04/06/2020 16:04:46 - INFO - __main__ -     Num Epochs = 1',
    '    Iteration:   0% 9/41499 [00:06<7:46:57,  1.48it/s]',
    '    Iteration:   0% 10/41499 [00:06<7:35:35,  1.52it/s]',
    '    Epoch:   0% 0/1 [01:25<?, ?it/s]',
    '    04/06/2020 16:06:11 - INFO - __main__ -    global_step = 26, average loss = 9.355212138249325',
]

# MMAction2 on MMEngine (a contest's model-training document, index id 60277955316, its terminal log's lines 39-41)
MMENGINE_BEST = [
    ('07/05 15:48:08 - mmengine - INFO - Epoch(val) [1][194/194]    acc/top1: 0.1701  acc/top5: 0.5258  acc/mean1: 0.1505  d'
     'ata_time: 0.7275  time: 0.8157'),
    ('07/05 15:48:09 - mmengine - INFO - The best checkpoint with 0.1701 acc/top1 at 1 epoch is saved to best_acc_top1_epoch'
     '_1.pth.'),
    ('07/05 15:48:40 - mmengine - INFO - Epoch(train)  [2][ 20/470]  lr: 1.0000e-02  eta: 3:42:14  time: 1.5749  data_time: '
     '1.1009  memory: 1561  grad_norm: 10.4325  loss: 2.6033  top1_acc: 0.5000  top5_acc: 0.5000  loss_cls: 2.6033'),
]

# MaxText through Ray Train's JaxTrainer on GKE (a stored copy of the GKE tutorial page, index id 59761340824, its output)
MAXTEXT_RAY = [
    ('(RayTrainWorker pid=21663, ip=10.12.3.6) completed step: 99, seconds: 1.100, TFLOP/s/device: 179.739, Tokens/s/device:'
     ' 3725.218, total_weights: 65536, loss: 0.000 [repeated 3x across cluster]'),
    '------------------------------------------',
    "Job 'raysubmit_zCrJcWnuymMQv4C3' succeeded",
    '------------------------------------------',
]

# the torchvision transfer-learning tutorial's layout with a learning rate line (github.com/deep-learning-algorithm/ResNet @
# f9fb76d5b0e29855dc7f5359088fe7489a31f117 : docs/densenet/log-dense101-vs-resnet34_v2.md, lines 462-476)
TRANSFER_TUTORIAL_LR = [
    'densenet_121 - Epoch 91/100',
    '----------',
    'lr: 0.00010541827582993658',
    'train Loss: 0.1710 Top-1 Acc: 93.5429 Top-5 Acc: 99.6682',
    'test Loss: 0.2764 Top-1 Acc: 89.7992 Top-5 Acc: 99.0621',
    'densenet_121 - Epoch 92/100',
    '----------',
    'lr: 0.00010439642184656428',
    'train Loss: 0.1665 Top-1 Acc: 93.6477 Top-5 Acc: 99.7480',
    'test Loss: 0.2837 Top-1 Acc: 89.3343 Top-5 Acc: 99.1243',
    'densenet_121 - Epoch 93/100',
    '----------',
    'lr: 0.00010347910897226517',
    'train Loss: 0.1701 Top-1 Acc: 93.4567 Top-5 Acc: 99.6657',
    'test Loss: 0.2799 Top-1 Acc: 89.5294 Top-5 Acc: 99.0205',
]


def _absl_ns(text: str, year: int) -> int:
    """An absl line's moment (`I0203 02:48:01.006297 ...`) in `year`."""
    found = re.search(r"I(\d\d)(\d\d) (\d\d:\d\d:\d\d)\.(\d{6})", text)
    assert found is not None
    moment = datetime.strptime(f"{year}-{found[1]}-{found[2]} {found[3]}", "%Y-%m-%d %H:%M:%S").replace(tzinfo=UTC)
    return int(moment.timestamp()) * 10**9 + int(found[4]) * 1000


def test_model_gardens_time_history_is_a_step_at_its_interval_end(tmp_path: Path) -> None:
    """`TimeHistory: xx seconds, ... between steps 1900 and 2000`: step 2000, dated by its line (its
    figures elided: no step time of its own); the file was refused."""
    parser, steps, _ = _read(tmp_path, TIME_HISTORY_MASKED)
    assert parser == "tensorflow"
    assert [s["step"] for s in steps] == [2000, 2100, 2200, 2300, 2400]
    assert all(s["step_time_s"] is None for s in steps)
    year = datetime.fromtimestamp(steps[0]["end_ns"] / 1e9, UTC).year
    assert [s["end_ns"] for s in steps] == [_absl_ns(t, year) for t in TIME_HISTORY_MASKED]
    assert {s["framework"] for s in steps} == {"tensorflow"}


def test_time_history_under_mpirun_is_each_ranks(tmp_path: Path) -> None:
    """`[0] `/`[1] ` prefixes: steps 100 and 200 for each of ranks 0 and 1."""
    _, steps, _ = _read(tmp_path, TIME_HISTORY_RANKS)
    assert sorted((s["rank"], s["step"]) for s in steps) == [(0, 100), (0, 200), (0, 300), (1, 100), (1, 200), (1, 300)]


def test_time_history_glued_after_a_keras_bar_gives_the_step_time(tmp_path: Path) -> None:
    """`TimeHistory: 9.62 seconds, ... between steps 20 and 30` after a bar's drawing: step 30 took 9.62 / 10 s
    (the Keras reader read the bar alone: no step time)."""
    _, steps, _ = _read(tmp_path, TIME_HISTORY_GLUED)
    printed = [m.groups() for t in TIME_HISTORY_GLUED
               if (m := re.search(r"TimeHistory: ([\d.]+) seconds, .* between steps (\d+) and (\d+)", t))]
    assert len(printed) == len(TIME_HISTORY_GLUED)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [
        (int(b), float(secs) / (int(b) - int(a))) for secs, a, b in printed]


def test_neurons_logger_with_two_spaces_between_fields_is_read(tmp_path: Path) -> None:
    """`(0, 26) step_loss : 4.3438  learning_rate : 6.66e-06`: two spaces before the learning rate (the
    file was refused); each step dated by the asctime it prints."""
    parser, steps, _ = _read(tmp_path, NEURON_BERT)
    assert parser == "generic_log"
    assert [(s["step"], s["loss"], s["lr"]) for s in steps] == [(26, 4.3438, 6.66e-06), (27, 4.0938, 6.91e-06),
                                                                (28, 4.1875, 7.17e-06)]
    assert [s["end_ns"] for s in steps] == [
        int(datetime.strptime(t[4:28], "%a %b %d %H:%M:%S %Y").replace(tzinfo=UTC).timestamp()) * 10**9 for t in NEURON_BERT]


def test_a_rust_panic_ends_burns_run_as_a_crash(tmp_path: Path) -> None:
    """burn's learner logs `PANIC => panicked at .../base.rs:722:9:`: the run crashed there (the file was
    refused: no step line, and no failure read)."""
    parser, _, events = _read(tmp_path, BURN_PANIC)
    assert parser == "generic_log"
    assert [(e["kind"], e["line"]) for e in events if e["kind"] != "attempt_start"] == [("crash", 3)]


def test_the_kaggle_templates_save_best_lines_are_saves(tmp_path: Path) -> None:
    """`Epoch 1 - Save Best Score: 0.3063 Model` (and `Epoch 1, \tSave Best Loss: 0.0684 Model`): the template
    saves the model as it says so; none was read."""
    _, _, events = _read(tmp_path, KAGGLE_SAVE_BEST, parser_name="generic_log")
    saves = [i + 1 for i, t in enumerate(KAGGLE_SAVE_BEST) if "Save Best" in t]
    assert [e["line"] for e in events if e["kind"].startswith("checkpoint_save")] == saves == [4, 7]
    _, _, events = _read(tmp_path, KAGGLE_SAVE_BEST_TABS, parser_name="generic_log")
    assert [e["line"] for e in events if e["kind"].startswith("checkpoint_save")] == [3, 4]


def test_an_early_stopping_copys_model_saved_is_a_save(tmp_path: Path) -> None:
    """`Validation loss decreased (inf --> 0.000003).    Model Saved......`: a save (only `Saving model ...` was read)."""
    _, _, events = _read(tmp_path, MODEL_SAVED_DOTS, parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [("checkpoint_save_start", 2)]


def _catboost_seconds(total: str) -> float:
    units = {"h": 3600.0, "m": 60.0, "s": 1.0, "ms": 1e-3, "us": 1e-6}
    return sum(float(n) * units[u] for n, u in re.findall(r"([\d.]+)(ms|us|h|m|s)", total))


def test_catboosts_iterations_are_steps_timed_by_their_running_total(tmp_path: Path) -> None:
    """`100:\tlearn: 2.2076417\t...\ttotal: 15.2s\tremaining: 2m 14s`: iteration 100, the seconds since the line
    before over the 100 iterations between; `bestIteration = 997` as its fit ends (the file was refused)."""
    parser, steps, events = _read(tmp_path, CATBOOST)
    assert parser == "generic_log"
    printed = [(int(t.split(":")[0]), float(t.split("learn: ")[1].split("\t")[0]),
                _catboost_seconds(t.split("total: ")[1].split("\t")[0])) for t in CATBOOST if "learn: " in t]
    assert [(s["step"], s["loss"]) for s in steps] == [(step, loss) for step, loss, _ in printed]
    assert steps[0]["step_time_s"] is None
    for (step, _, total), (before, _, total_before), row in zip(printed[1:], printed[:-1], steps[1:], strict=True):
        assert abs(row["step_time_s"] - (total - total_before) / (step - before)) < 1e-9
    assert {s["framework"] for s in steps} == {"catboost"}
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [
        ("attempt_end", next(i + 1 for i, t in enumerate(CATBOOST) if t.startswith("bestIteration = ")))]


def test_lerobots_update_and_data_seconds_are_its_step_time(tmp_path: Path) -> None:
    """`updt_s:0.046 data_s:0.010`: a step of 0.056 s, not the glued bar's running rate (`2.09s/step`)."""
    _, steps, _ = _read(tmp_path, LEROBOT_GLUED, parser_name="generic_log")
    printed = {int(m[1]): float(m[2]) + float(m[3]) for t in LEROBOT_GLUED
               if (m := re.search(r"step:(\d+) .* updt_s:([\d.]+) data_s:([\d.]+)", t))}
    assert {s["step"]: s["step_time_s"] for s in steps} == printed
    assert printed[3] < 0.1  # (the bar on its line says 2.09s/step)


def test_a_training_command_typed_at_a_prompt_after_steps_is_a_relaunch(tmp_path: Path) -> None:
    """`(gewu) C:\\...>mlagents-learn config.yaml --run-id=ztest1.0 --resume` after steps: a new attempt there;
    the same prompt running an evaluation script starts none."""
    _, steps, events = _read(tmp_path, MLAGENTS_RELAUNCH, parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_start"] == [("attempt_start", 7)]
    assert [s["step"] for s in steps] == [int(m[1]) for t in MLAGENTS_RELAUNCH if (m := re.search(r"Step: (\d+)\.", t))]
    command = "mlagents-learn config.yaml --run-id=ztest1.0 --resume"
    for other in ("python evaluate.py", "python plot_training_curves.py --log runs/exp1"):
        _, _, events = _read(tmp_path, [t.replace(command, other) for t in MLAGENTS_RELAUNCH], parser_name="generic_log")
        assert [e for e in events if e["kind"] == "attempt_start"] == [], other


def test_a_training_command_typed_with_its_environment_before_it_is_a_relaunch(tmp_path: Path) -> None:
    """The same prompt after steps typing a training command with the environment set before it, as
    a slide deck's console shows one (`$ CUDA_VISIBLE_DEVICES=0,1 python train.py --data_path ./data --epoch 100
    --save_path ./saved_model`, stored file id 18004424004): a new attempt there too."""
    command = "mlagents-learn config.yaml --run-id=ztest1.0 --resume"
    typed = "CUDA_VISIBLE_DEVICES=0,1 python train.py --data_path ./data --epoch 100 --save_path ./saved_model"
    _, _, events = _read(tmp_path, [t.replace(command, typed) for t in MLAGENTS_RELAUNCH], parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_start"] == [("attempt_start", 7)]


def _duration_s(text: str) -> float:
    h, m, s = text.rsplit("Epoch duration: ", 1)[1].split(":")
    return int(h) * 3600 + int(m) * 60 + float(s)


def test_allennlps_trainer_log_is_its_epochs_with_their_durations_and_best_copies(tmp_path: Path) -> None:
    """`allennlp.training.trainer - Epoch 0/39` ... `Epoch duration: 0:00:39.848754`: an epoch a step, its time
    the duration printed, the logger's framework; `Best validation performance so far. Copying weights to
    '.../best.th'.` a save (the file was refused)."""
    parser, steps, events = _read(tmp_path, ALLENNLP)
    assert parser == "generic_log"
    durations = [_duration_s(t) for t in ALLENNLP if "Epoch duration: " in t]
    assert [(s["step"], s["step_time_s"]) for s in steps] == list(enumerate(durations))
    assert {s["framework"] for s in steps} == {"allennlp"}
    assert [e["line"] for e in events if e["kind"].startswith("checkpoint")] == [
        i + 1 for i, t in enumerate(ALLENNLP) if "Copying weights to" in t]


def test_monais_batches_of_late_epochs_are_numbered_from_the_runs_first_epoch(tmp_path: Path) -> None:
    """`Epoch: 49/50, Iter: 1/3`: the run's step (49 - 1) x 3 + 1 = 145, its epochs counted from 1 (`Epoch:
    50/50`), not 1; the trainer's `Engine run complete` ends the run (its evaluator's, each epoch, do not)."""
    _, steps, events = _read(tmp_path, MONAI_LAST_EPOCHS, parser_name="generic_log")
    printed = [tuple(map(int, m.groups())) for t in MONAI_LAST_EPOCHS
               if (m := re.search(r"Epoch: (\d+)/\d+, Iter: (\d+)/(\d+)", t))]
    assert [s["step"] for s in steps] == [(epoch - 1) * batches + i for epoch, i, batches in printed]
    assert [s["step"] for s in steps] == [145, 146, 147, 148, 149, 150]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", len(MONAI_LAST_EPOCHS))]


def test_script_completed_successfully_ends_the_run(tmp_path: Path) -> None:
    """`SCRIPT COMPLETED SUCCESSFULLY` as the script's last word: a clean end; said before any step (a stage
    before training), none."""
    _, _, events = _read(tmp_path, SCRIPT_COMPLETED, parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", 6)]
    _, _, events = _read(tmp_path, SCRIPT_COMPLETED[4:] + SCRIPT_COMPLETED[:4], parser_name="generic_log")
    assert [e for e in events if e["kind"] == "attempt_end"] == []


def test_ignites_train_loss_line_under_an_epoch_head_is_that_epochs_step(tmp_path: Path) -> None:
    """`Epoch 1`, then `Train - loss: 1.17 `: epoch 1's training loss (the file was refused)."""
    parser, steps, _ = _read(tmp_path, IGNITE_EPOCHS)
    assert parser == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [(1, 1.17), (2, 0.97), (3, 0.87)]


def test_tabnets_epochs_are_timed_by_their_running_clock(tmp_path: Path) -> None:
    """`epoch 3  | loss: 0.47067 | ... |  0:00:51s`: the seconds since `fit` began, whole ones; the epochs'
    times are its differences (to within its truncation)."""
    _, steps, _ = _read(tmp_path, TABNET, parser_name="generic_log")
    fields = [m.groups() for t in TABNET if (m := re.search(r"loss: ([\d.]+) .*\|\s+(\d+):(\d\d):(\d\d)s$", t))]
    assert len(fields) == len(TABNET)
    clock = [int(h) * 3600 + int(m) * 60 + int(sec) for _, h, m, sec in fields]
    assert [(s["step"], s["loss"]) for s in steps] == [(i, float(loss)) for i, (loss, *_) in enumerate(fields)]
    timed = [s["step_time_s"] for s in steps if s["step_time_s"] is not None]
    assert len(timed) >= 3
    assert abs(statistics.median(timed) - statistics.median(b - a for a, b in itertools.pairwise(clock))) <= 1.0
    assert {s["framework"] for s in steps} == {"pytorch_tabnet"}


def test_undated_steps_before_a_files_first_dated_line_count_in_its_attempt(tmp_path: Path) -> None:
    """rsl_rl's `Learning iteration 10/2000` block, undated, then the simulator's dated PhysX errors: the
    attempt their first date starts holds step 10 (it showed no step)."""
    job = tmp_path / "job"
    job.mkdir()
    (job / "console.log").write_text("\n".join(ISAACLAB_ITERATION_THEN_PHYSX) + "\n", encoding="utf-8")
    store = Store.open(tmp_path / "job.tlstore")
    store.ingest([job])
    con = store.connect()
    assert con.execute("select step from log_steps").fetchall() == [(10,)]
    assert con.execute("select attempt, first_step, last_step from attempts").fetchall() == [(1, 10, 10)]


def test_detectron2s_log_txt_lines_are_detectron2s(tmp_path: Path) -> None:
    """`[08/30 23:51:58] d2.utils.events INFO:  eta: ...  iter: 3739  total_loss: 12.67 ...`: log.txt's form of the
    event writer's line, credited to detectron2 (it was `generic`)."""
    _, steps, _ = _read(tmp_path, D2_LOG_TXT)
    assert [(s["step"], s["framework"]) for s in steps] == [(3739, "detectron2"), (3759, "detectron2"), (3779, "detectron2")]


def test_two_metric_logger_rows_claim_a_console(tmp_path: Path) -> None:
    """MAE's `Epoch: [2]  [0/2]  eta: 0:00:12  lr: ...  loss: 1.6014 (1.6014)  time: 6.0662 ...` twice: a training
    console (two such undated rows were refused)."""
    parser, steps, _ = _read(tmp_path, MAE_TWO_BATCHES)
    assert parser == "generic_log"
    assert [s["loss"] for s in steps] == [1.6014, 1.5285]


def test_an_accelerate_scripts_epoch_bar_is_no_lightnings_and_its_glued_saves_count(tmp_path: Path) -> None:
    """`accelerate launch`'s warning, then `Epoch 0:  15%|...| 4000/26807 [...]💾 Saved intermediate checkpoint:
    ...`: the script's own bar (not Lightning's), and a save glued after each drawing (only the one on its own line
    was read)."""
    parser, steps, events = _read(tmp_path, ACCELERATE_GLUED_SAVES)
    assert parser == "generic_log"
    assert {s["framework"] for s in steps} == {"generic"}
    assert [e["line"] for e in events if e["kind"].startswith("checkpoint_save")] == [
        i + 1 for i, t in enumerate(ACCELERATE_GLUED_SAVES) if "Saved intermediate checkpoint" in t]


def test_fourcastnets_epoch_time_and_training_loss(tmp_path: Path) -> None:
    """`Time taken for epoch 1 is 268.29... sec` is the epoch's time; `Train loss: 0.3334. Valid loss: 0.3517` its
    training loss (the validation loss was read: a sentence's full stop cut the number before it off)."""
    _, steps, _ = _read(tmp_path, FOURCASTNET)
    taken = [float(m[1]) for t in FOURCASTNET if (m := re.search(r"is ([\d.]+) sec", t))]
    trained = [float(m[1]) for t in FOURCASTNET if (m := re.search(r"Train loss: ([\d.]+[\d])", t))]
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == list(zip([1, 2, 3], taken, trained, strict=True))


def test_the_nersc_tutorials_epoch_time_leaves_out_its_validation(tmp_path: Path) -> None:
    """`Time taken for epoch 2 is 54.58 sec`, then its losses and `Total validation time: 6.77 sec`: the epoch's
    time is the printed one (the gaps between dated lines hold the validation too)."""
    _, steps, _ = _read(tmp_path, NERSC_VIT)
    taken = [float(m[1]) for t in NERSC_VIT if (m := re.search(r"is ([\d.]+) sec", t))]
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(1, taken[0]), (2, taken[1])]


def test_physicsnemos_epoch_metrics_and_execution_time(tmp_path: Path) -> None:
    """`Epoch 1 Metrics: Learning Rate =  1.000e-03, loss =  6.553e-01`, then `Epoch Execution Time:  3.241e+01s`:
    epoch 1, its loss, learning rate and time (the file was refused)."""
    parser, steps, _ = _read(tmp_path, PHYSICSNEMO)
    assert parser == "generic_log"
    assert [(s["step"], s["loss"], s["lr"], s["step_time_s"], s["framework"]) for s in steps] == [
        (1, 6.553e-01, 1.0e-03, 3.241e+01, "physicsnemo"), (2, 4.255e-02, 1.0e-03, 2.812e+01, "physicsnemo")]


def test_maces_saving_model_lines_are_saves(tmp_path: Path) -> None:
    """`2024-07-21 14:17:41.265 INFO: Saving model to MACE_models/mace01_run-123.model`: a save (none was read)."""
    _, _, events = _read(tmp_path, MACE_SAVES, parser_name="generic_log")
    assert [e["line"] for e in events if e["kind"].startswith("checkpoint_save")] == [
        i + 1 for i, t in enumerate(MACE_SAVES) if "Saving model to" in t]


def test_a_traceback_through_peft_after_a_run_names_its_training_is_a_failure_log(tmp_path: Path) -> None:
    """`Running training for: LR=0.003`, then a traceback through `site-packages/peft/...` ending in `ValueError`,
    in a Slurm `.out`: a run that failed before its first step (the file was refused)."""
    parser, steps, events = _read(tmp_path, PEFT_TRACEBACK, name="slurm-10657906.out")
    assert parser == "generic_log" and steps == []
    assert [e["line"] for e in events if e["kind"] == "crash"][:1] == [
        next(i + 1 for i, t in enumerate(PEFT_TRACEBACK) if t.startswith("Traceback"))]


def test_a_failure_log_named_as_a_schedulers_error_stream_is_read(tmp_path: Path) -> None:
    """The same lines as PBS or Grid Engine keep a job's errors, `train.e4242` (and a script's `-e job.e`): read as
    the `.out` is (they were refused); named as no job's output (`train.json`), not."""
    for name in ("train.e4242", "job.e", "train.o4242"):
        parser, steps, events = _read(tmp_path, PEFT_TRACEBACK, name=name)
        assert (parser, steps) == ("generic_log", []), name
        assert any(e["kind"] == "crash" for e in events), name
    path = tmp_path / "train.json"
    path.write_text("\n".join(PEFT_TRACEBACK) + "\n")
    assert detect(path, read_head(path), registry())[0] is None


def test_verls_step_folder_line_begins_a_save(tmp_path: Path) -> None:
    """`(TaskRunner pid=28143) local_global_step_folder: checkpoints/verl_examples/gsm8k/global_step_10`: the save
    of step 10 begins."""
    _, _, events = _read(tmp_path, VERL_SAVE, parser_name="generic_log")
    assert [(e["kind"], e["line"], e["step"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", 1, 10)]


def test_verls_bar_and_step_line_are_one_step_with_numpy_scalars_read(tmp_path: Path) -> None:
    """`Training Progress:   0%|...| 4/1000 [11:18<45:49:11, 165.61s/it]`, then `step:4 - ... -
    critic/grad_norm:np.float64(49.0375) - ... timing_s/step:161.07...`: one step 4, its own time, its values
    inside NumPy's repr read (the bar made a second row; `np.float64(...)` values were none)."""
    _, steps, _ = _read(tmp_path, VERL_BAR_THEN_STEP, parser_name="generic_log")
    timing = re.search(r"timing_s/step:(?:np\.float64\()?([\d.]+)", VERL_BAR_THEN_STEP[1])
    norm_field = re.search(r"critic/grad_norm:np\.float64\(([\d.]+)\)", VERL_BAR_THEN_STEP[1])
    assert timing is not None and norm_field is not None
    timed, norm = float(timing[1]), float(norm_field[1])
    assert [(s["step"], s["step_time_s"], s["grad_norm"]) for s in steps] == [(4, timed, norm)]


def test_verls_training_progress_bar_alone_is_its_run(tmp_path: Path) -> None:
    """verl's `Training Progress: 100%|...| 105/105 [2:33:10<00:00, 87.53s/it]` after its final validation: step
    105 at the bar's rate (the file was refused)."""
    parser, steps, _ = _read(tmp_path, VERL_LONE_BAR)
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(105, 87.53)]


def test_a_copy_written_years_after_its_run_does_not_date_its_bar(tmp_path: Path) -> None:
    """A 2022 run (`09/09/2022 11:45:46 - INFO - ...`) whose bar no dated line anchors, in a file written in 2033
    (`_read`'s mtime): no time of its rows or events falls past the run's day (its end was put at the
    mtime: a run of 37,000 hours)."""
    _, steps, events = _read(tmp_path, WAV2VEC2_SELECTED)
    day_after = int(datetime(2022, 9, 10, tzinfo=UTC).timestamp()) * 10**9
    times = [s["end_ns"] for s in steps] + [e["ts_ns"] for e in events]
    assert any(t is not None for t in times)
    assert all(t is None or t < day_after for t in times)


def _kuangliu_seconds(text: str) -> float:
    units = {"D": 86400, "h": 3600, "m": 60, "s": 1, "ms": 1e-3}
    return sum(int(n) * units[u] for n, u in re.findall(r"(\d+)(D|h|ms|m|s)", text))


def test_kuangliu_bars_time_their_epochs_and_their_step_field_is_no_step(tmp_path: Path) -> None:
    """`Epoch: 32`, then the training loop's bar `... Step: 1s614ms | Tot: 1m28s | Loss: 0.307 | ...` and the test
    loop's: epoch 32 took 1 min 28 s, loss 0.307 (`Step: 1s614ms`, the last batch's time, was read as step 1,
    `Step: 152ms` as step 152: twenty false restarts)."""
    parser, steps, _ = _read(tmp_path, KUANGLIU_EPOCHS)
    assert parser == "generic_log"
    trained = [(float(m[2]), _kuangliu_seconds(m[1])) for t in KUANGLIU_EPOCHS
               if (m := re.search(r" 391/391 .*Tot: (\S+) \| Loss: ([\d.]+)", t))]
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (32, trained[0][0], trained[0][1]), (33, trained[1][0], trained[1][1])]


def test_kuangliu_saving_dots_is_a_save(tmp_path: Path) -> None:
    """pytorch-cifar's `Saving..` (`Saving...` in copies), alone on its line before its torch.save: a save."""
    _, _, events = _read(tmp_path, KUANGLIU_SAVING, parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", KUANGLIU_SAVING.index("Saving...") + 1)]


def test_an_evaluation_loop_with_the_trainings_prefix_is_no_training_step(tmp_path: Path) -> None:
    """`Epoch: [199][   38/   38]` (training), then `--- validate (epoch=199)---` and `Epoch: [199][    5/    5]`:
    the count falls back within the epoch, an evaluation's; no step of it (it read as a restart into the epoch)."""
    _, steps, _ = _read(tmp_path, DISTILLER_VALIDATE, parser_name="generic_log")
    training = [int(m[1]) for t in DISTILLER_VALIDATE if (m := re.search(r"\[\s*(\d+)/\s*38\]", t))]
    assert len(steps) == len(training) == 4
    assert [s["line"] for s in steps] == [i + 1 for i, t in enumerate(DISTILLER_VALIDATE) if "/   38]" in t]
    # a count that falls back out of the same total is the training's again (a run resumed into its epoch,
    # two ranks' buffered lines in one file): kept
    trained = [t for t in DISTILLER_VALIDATE if "/   38]" in t]
    _, steps, _ = _read(tmp_path, trained + trained, parser_name="generic_log")
    assert len(steps) == 2 * len(trained)


def test_killed_glued_after_a_bar_is_a_crash(tmp_path: Path) -> None:
    """`Iteration:   0%|          | 3/29440 [00:51<140:34:58, 17.19s/it]Killed`: the shell's word after tqdm's open
    line; the process died there (no failure was read)."""
    _, _, events = _read(tmp_path, KILLED_AFTER_BAR)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [("crash", len(KILLED_AFTER_BAR))]


def test_the_old_transformers_examples_global_step_line_ends_the_run(tmp_path: Path) -> None:
    """`__main__ -    global_step = 26, average loss = 9.355...`: printed once `train()` returned, the run's end."""
    _, _, events = _read(tmp_path, OLD_HF_EXAMPLE_END)
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [
        next(i + 1 for i, t in enumerate(OLD_HF_EXAMPLE_END) if "global_step = " in t)]


def test_mmengines_best_checkpoint_line_is_a_save(tmp_path: Path) -> None:
    """`The best checkpoint with 0.1701 acc/top1 at 1 epoch is saved to best_acc_top1_epoch_1.pth.`: a save."""
    _, _, events = _read(tmp_path, MMENGINE_BEST)
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [("checkpoint_save_start", 2)]


def test_one_maxtext_step_line_and_a_ray_jobs_box_are_a_finished_run(tmp_path: Path) -> None:
    """`completed step: 99, seconds: 1.100, TFLOP/s/device: ...` under a Ray worker's prefix, then `Job
    'raysubmit_...' succeeded`: step 99 in 1.1 s and a clean end (one MaxText line was refused)."""
    parser, steps, events = _read(tmp_path, MAXTEXT_RAY)
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"], s["framework"]) for s in steps] == [(99, 1.100, "maxtext")]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", 3)]
    # (MaxText pads a short figure: `seconds:  0.323`, two spaces; a Hy3 pretraining README on v5p, index id
    # 63125553534, its block's lines 5-7)
    padded = ["completed step: 0, seconds: 74.031, TFLOP/s/device: 37.835,  loss: 13.424",
              "completed step: 1, seconds:  0.323, TFLOP/s/device: 8671.953, loss: 13.424",
              "completed step: 2, seconds: 106.792, TFLOP/s/device: 26.228, loss: 13.008"]
    _, steps, _ = _read(tmp_path, padded, parser_name="generic_log")
    assert [(s["step"], s["step_time_s"], s["framework"]) for s in steps] == [
        (0, 74.031, "maxtext"), (1, 0.323, "maxtext"), (2, 106.792, "maxtext")]


def test_an_epoch_heads_training_loss_after_a_learning_rate_line(tmp_path: Path) -> None:
    """`densenet_121 - Epoch 91/100`, `----------`, `lr: ...`, then `train Loss: 0.1710 ...`: epoch 91's training loss,
    three lines under its head (the file was refused)."""
    parser, steps, _ = _read(tmp_path, TRANSFER_TUTORIAL_LR)
    assert parser == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [(91, 0.1710), (92, 0.1665), (93, 0.1701)]


# The NERSC SC24 tutorial's climate model (FourCastNet's trainer) on one GPU, its last two epochs and its end
# (github.com/NERSC/sc24-dl-tutorial @ 1fe335c, README.md, the block after "This is the performance of the
# training script for the first ...", its lines 9-17)
SC24_LAST_EPOCHS = [
    "2024-11-08 23:00:24,935 - root - INFO - Time taken for epoch 3 is 9.656644 sec, avg 53.020490 samples/sec",
    "2024-11-08 23:00:24,936 - root - INFO -   Avg train loss=0.360720",
    "2024-11-08 23:00:26,935 - root - INFO -   Avg val loss=0.356668084859848",
    "2024-11-08 23:00:26,936 - root - INFO -   Total validation time: 1.5062217712402344 sec",
    "2024-11-08 23:00:36,256 - root - INFO - Time taken for epoch 4 is 9.311797 sec, avg 54.984018 samples/sec",
    "2024-11-08 23:00:36,257 - root - INFO -   Avg train loss=0.347498",
    "2024-11-08 23:00:37,927 - root - INFO -   Avg val loss=0.3525484800338745",
    "2024-11-08 23:00:37,928 - root - INFO -   Total validation time: 1.1801795959472656 sec",
    "2024-11-08 23:00:40,127 - root - INFO - DONE ---- rank 0",
]


def test_fourcastnets_done_line_ends_its_run(tmp_path: Path) -> None:
    """`DONE ---- rank 0`, each rank's last line as its trainer returns, ends the run: it completed, at 23:00:40.127."""
    _, _, events = _read(tmp_path, SC24_LAST_EPOCHS)
    assert [(e["line"], e["ts_ns"]) for e in events if e["kind"] == "attempt_end"] == [(9, _ns("2024-11-08 23:00:40,127"))]


def _attempts(tmp_path: Path, lines: list[str]) -> tuple[list[tuple[int, str | None]], list[tuple[int, int, int]]]:
    con = console_connection(tmp_path, lines)
    return (con.execute("select step, framework from log_steps order by line").fetchall(),
            con.execute("select attempt, first_step, last_step from attempts order by attempt").fetchall())


def test_boosting_rounds_are_steps_and_a_second_model_in_the_process_is_no_relaunch(tmp_path: Path) -> None:
    """`[0]\ttrain-rmse:21.6024` .. `[9]`, then the scikit-learn model's `[0]\tvalidation_0-rmse:21.6024` ..:
    each round a step (the file was refused), both models one attempt (its counter going back read as a restart)."""
    steps, attempts = _attempts(tmp_path, XGBOOST_TWO_MODELS)
    assert steps == [(int(m[1]), "xgboost") for t in XGBOOST_TWO_MODELS if (m := re.match(r"\[(\d+)\]\t", t))]
    assert len(steps) == 20
    assert attempts == [(1, 0, 9)]


def test_lightgbms_best_round_printed_again_is_no_step(tmp_path: Path) -> None:
    """`Early stopping, best iteration is:` then `[140]\tvalid_0's auc: 0.656576`: the best round again, no step
    (read, the counter went back to 140); the next model's `[10]` is no relaunch."""
    steps, attempts = _attempts(tmp_path, LIGHTGBM_EARLY_STOPPING)
    assert steps == [(320, "lightgbm"), (330, "lightgbm"), (340, "lightgbm"),
                     (10, "lightgbm"), (20, "lightgbm"), (30, "lightgbm")]
    assert attempts == [(1, 10, 340)]


def test_the_distributed_tutorials_epoch_lines_are_steps_of_the_rank_they_name(tmp_path: Path) -> None:
    """`Rank  0 , epoch  9 :  0.2264...`: epoch 9 of rank 0 (the file was refused); two ranks' lines interleaved are
    each rank's epochs, one attempt (read as one rank's, its counter went back at every line)."""
    parser, steps, _ = _read(tmp_path, DIST_TUTORIAL_POD)
    assert parser == "generic_log"
    assert [(s["rank"], s["step"]) for s in steps] == [(0, 6), (0, 7), (0, 8), (0, 9)]
    steps_two, attempts = _attempts(tmp_path, DIST_TUTORIAL_TWO_RANKS)
    named = [(int(m[2]), int(m[1])) for t in DIST_TUTORIAL_TWO_RANKS if (m := re.search(r"Rank +(\d+) , epoch +(\d+)", t))]
    assert sorted(step for step, _ in steps_two) == sorted(epoch for epoch, _ in named)
    assert attempts == [(1, 0, 3)]


def test_a_log_that_ends_as_its_training_begins_is_one_attempt_with_no_step(tmp_path: Path) -> None:
    """`==========start training===============` after the arguments, or `STARTING TRAINING` between rules, and
    nothing after: a launch that logged no step, one attempt (the file was refused); the lines before it alone
    (no word that training began) stay refused."""
    for lines, at in ((BANNER_ONLY, 4), (BANNER_ONLY_BOXED, 2)):
        (tmp_path / str(at)).mkdir()
        _, steps, events = _read(tmp_path / str(at), lines, parser_name="generic_log")
        assert steps == []
        assert [(e["kind"], e["line"]) for e in events] == [("attempt_start", at)]
        assert lines[at - 1].strip("= ").lower() == "start training" or lines[at - 1] == "STARTING TRAINING"
        store_dir = tmp_path / f"store{at}"
        store_dir.mkdir()
        _, attempts = _attempts(store_dir, lines)
        assert attempts == [(1, None, None)]
    (tmp_path / "args_only").mkdir()
    con = console_connection(tmp_path / "args_only", BANNER_ONLY[:-1])
    assert con.execute("select count(*) from attempts").fetchone() == (0,)


def test_a_run_that_counted_its_epochs_out_then_counts_again_completed(tmp_path: Path) -> None:
    """`Epoch 99/100` (a count from 0 to its total), the pruning, then `Epoch 0/100`: the regularization completed its
    training, a run of its own; the fine-tuning after it another (read, the counter going back ended the first as
    `restarted`: a failure, its work lost)."""
    epochs = [int(m[1]) for t in PHASES_COUNTED_OUT if (m := re.search(r"INFO: Epoch (\d+)/100,", t))]
    assert epochs[:2] == [97, 98] and epochs[2:5] == [99, 0, 1]
    con = console_connection(tmp_path, PHASES_COUNTED_OUT)
    assert [s for (s,) in con.execute("select step from log_steps order by line").fetchall()] == epochs
    assert con.execute("select attempt, first_step, last_step, end_reason from attempts").fetchall() == [
        (1, 97, 99, "completed"), (2, 0, 1, "unknown")]
    assert con.execute("select count(*) from goodput_buckets where bucket = 'lost_work' and seconds > 0").fetchone() == (0,)


def test_an_epochs_bar_described_by_its_loss_is_the_epochs_batches(tmp_path: Path) -> None:
    """`EPOCH: 1`, then `Loss=1.95997... Batch_id=390 Accuracy=50.97: 100%|...| 391/391 [00:23<00:00, 16.54it/s]`:
    the epochs before it (from its first, 0) of 391 batches each, and 391: step 782, its time the bar's rate, its
    loss the description's (the file was refused: no step); the next epoch's bar drawn at 0 is no step."""
    parser, steps, _ = _read(tmp_path, LOSS_DESCRIBED_BARS)
    assert parser == "generic_log"
    bars = [re.match(r"Loss=([\d.]+) .*\| (\d+)/(\d+) \[.*, ([\d.]+)it/s\]", t) for t in LOSS_DESCRIBED_BARS]
    epochs = [int(t.split(": ")[1]) for t in LOSS_DESCRIBED_BARS if t.startswith("EPOCH: ")]
    printed = [(e * int(m[3]) + int(m[2]), 1 / float(m[4]), float(m[1])) for e, m in zip(epochs, [b for b in bars if b],
                                                                                          strict=True)]
    assert [(s["step"], s["loss"]) for s in steps] == [(step, loss) for step, _, loss in printed] == [
        (391, 2.0886988639831543), (782, 1.9599742889404297)]
    for row, (_, rate_time, _) in zip(steps, printed, strict=True):
        assert abs(row["step_time_s"] - rate_time) < 0.01 * rate_time


def test_a_consoles_json_step_records_are_its_steps(tmp_path: Path) -> None:
    """`{"step": 20, "of": 782, "loss_lm": 0.0963..., ...}` after the script's own lines: step 20 (the file was
    refused: a JSON-lines file opens with its first record)."""
    parser, steps, _ = _read(tmp_path, JSON_STEPS_IN_CONSOLE)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == [json.loads(t)["step"] for t in JSON_STEPS_IN_CONSOLE if t.startswith("{")]
    assert len(steps) == 3


def test_flashys_training_progress_is_the_epochs_batches_and_its_validation_none(tmp_path: Path) -> None:
    """`- Train | Epoch 1 | 143/573 | 1.45 it/sec | Loss 0.2343 | ...`: batch 143 of epoch 1 (from 1), the mean rate's
    inverse its time, its loss; `- Valid | Epoch 1 | 1/3 | ...` no step (the file was refused)."""
    parser, steps, _ = _read(tmp_path, FLASHY_EPOCH)
    assert parser == "generic_log"
    printed = [(int(m[1]), float(m[2]), float(m[3])) for t in FLASHY_EPOCH
               if (m := re.match(r"- Train \| Epoch 1 \| (\d+)/573 \| ([\d.]+) it/sec \| Loss ([\d.]+) ", t))]
    assert len(printed) == 4
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [(i, 1 / r, loss) for i, r, loss in printed]
    assert {s["framework"] for s in steps} == {"flashy"}


def test_an_epochs_end_marker_closes_it_and_the_lines_after_it_are_the_next_epochs(tmp_path: Path) -> None:
    """`Train loss: 0.274709`, then `************ Epoch=2 end ************`: epoch 2's loss, the epoch ending at that
    line's time; the lines after the marker are epoch 3's (read, each epoch ended at the next one's loss line with
    that loss: epoch 2 with 0.228124, epoch 3's)."""
    _, steps, _ = _read(tmp_path, FUXICTR_EPOCHS)
    ends = [(int(m[1]), i) for i, t in enumerate(FUXICTR_EPOCHS) if (m := re.search(r"Epoch=(\d+) end", t))]
    losses = [(i, float(t.split("Train loss: ")[1])) for i, t in enumerate(FUXICTR_EPOCHS) if "Train loss: " in t]
    # (each epoch's loss the one logged on the line before its end marker, at that line's time)
    want = [(epoch, loss, _ns(FUXICTR_EPOCHS[at][:23], "%Y-%m-%d %H:%M:%S,%f"))
            for (epoch, end), (at, loss) in zip(ends, losses, strict=True) if at == end - 1]
    assert [(s["step"], s["loss"], s["end_ns"]) for s in steps] == want and len(want) == 3


def test_basicsrs_start_and_its_performance_rate(tmp_path: Path) -> None:
    """`INFO: Start training from epoch: 0, iter: 0`: the run starts at step 0; `[epoch:  0, iter:     100, lr:(...)]
    [performance: 4.729]`: step 100, 1 / 4.729 s an iteration (read: the file refused, one step line alone)."""
    parser, steps, events = _read(tmp_path, TRAINNER_REDUX)
    assert parser == "generic_log"
    shown = re.search(r"\[performance: ([\d.]+)\]", "".join(TRAINNER_REDUX))
    assert shown is not None
    rate = float(shown[1])
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(100, 1 / rate)]
    started = next(i for i, t in enumerate(TRAINNER_REDUX, 1) if "Start training from epoch: 0, iter: 0" in t)
    assert [(e["line"], e["step"]) for e in events if e["kind"] == "attempt_start" and e["step"] is not None] == [
        (started, 0)]


def test_the_svc_savers_step_last_on_its_line_timed_by_its_clock(tmp_path: Path) -> None:
    """`epoch: 0 |   1/  5 | exp/workdir | batch/s: 4.38 | lr: 0.0002 | loss: 0.892 | time: 0:00:18.2 | step: 2`: step 2
    (read: the epoch, 0), its loss; `time` the clock since training began, so a step's time what it adds since an
    earlier line: their median the median of the printed clock's steps, 0.4 s."""
    parser, steps, _ = _read(tmp_path, DDSP_SVC)
    assert parser == "generic_log"
    printed = [(int(m[3]), float(m[1]), float(m[2])) for t in DDSP_SVC
               if (m := re.search(r"loss: ([\d.]+) \| time: 0:00:([\d.]+) \| step: (\d+)$", t))]
    assert [(s["step"], s["loss"]) for s in steps] == [(step, loss) for step, loss, _ in printed] and len(printed) == 11
    gaps = [(b[2] - a[2]) / (b[0] - a[0]) for a, b in itertools.pairwise(printed)]
    timed = [s["step_time_s"] for s in steps if s["step_time_s"] is not None]
    assert len(timed) >= 5 and abs(statistics.median(timed) - statistics.median(gaps)) < 0.05


# ModelScope ms-swift's full fine-tune on a MetaX C500, its console from the first step (a MetaX container guide's README,
# index id 51912756559, the "3.1. run swift example" output block, whole)
SWIFT_SFT = [
    ("{'loss': 1.47077751, 'grad_norm': 10.5625, 'learning_rate': 2e-06, 'token_acc': 0.65511727"
     ", 'epoch': 0.01, 'global_step/max_steps': '1/94', 'percentage': '1.06%', 'elapsed_time': '"
     "2s', 'remaining_time': '4m 28s', 'memory(GiB)': 4.87, 'train_speed(iter/s)': 0.345807}"),
    ("{'loss': 1.58882141, 'grad_norm': 10.75, 'learning_rate': 1e-05, 'token_acc': 0.61763144, "
     "'epoch': 0.05, 'global_step/max_steps': '5/94', 'percentage': '5.32%', 'elapsed_time': '10"
     "s', 'remaining_time': '3m 12s', 'memory(GiB)': 5.64, 'train_speed(iter/s)': 0.461462}"),
    ("{'loss': 1.56617603, 'grad_norm': 12.8125, 'learning_rate': 9.92e-06, 'token_acc': 0.61519"
     "274, 'epoch': 0.11, 'global_step/max_steps': '10/94', 'percentage': '10.64%', 'elapsed_tim"
     "e': '20s', 'remaining_time': '2m 52s', 'memory(GiB)': 5.64, 'train_speed(iter/s)': 0.48579"
     '6}'),
    ("{'loss': 1.63347206, 'grad_norm': 13.6875, 'learning_rate': 9.69e-06, 'token_acc': 0.60373"
     "975, 'epoch': 0.16, 'global_step/max_steps': '15/94', 'percentage': '15.96%', 'elapsed_tim"
     "e': '30s', 'remaining_time': '2m 39s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.493855"
     '}'),
    ("{'loss': 1.60613976, 'grad_norm': 11.0, 'learning_rate': 9.32e-06, 'token_acc': 0.59997221"
     ", 'epoch': 0.21, 'global_step/max_steps': '20/94', 'percentage': '21.28%', 'elapsed_time':"
     " '39s', 'remaining_time': '2m 27s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.500516}"),
    ("{'loss': 1.45015478, 'grad_norm': 15.25, 'learning_rate': 8.8e-06, 'token_acc': 0.62373584"
     ", 'epoch': 0.27, 'global_step/max_steps': '25/94', 'percentage': '26.60%', 'elapsed_time':"
     " '49s', 'remaining_time': '2m 16s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.50548}"),
    ("{'loss': 1.39427547, 'grad_norm': 13.9375, 'learning_rate': 8.18e-06, 'token_acc': 0.63579"
     "94, 'epoch': 0.32, 'global_step/max_steps': '30/94', 'percentage': '31.91%', 'elapsed_time"
     "': '59s', 'remaining_time': '2m 5s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.508409}"),
    ("{'loss': 1.53672237, 'grad_norm': 11.125, 'learning_rate': 7.45e-06, 'token_acc': 0.616506"
     "12, 'epoch': 0.37, 'global_step/max_steps': '35/94', 'percentage': '37.23%', 'elapsed_time"
     "': '1m 8s', 'remaining_time': '1m 55s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.51042"
     '5}'),
    ("{'loss': 1.54039021, 'grad_norm': 13.8125, 'learning_rate': 6.65e-06, 'token_acc': 0.61613"
     "974, 'epoch': 0.43, 'global_step/max_steps': '40/94', 'percentage': '42.55%', 'elapsed_tim"
     "e': '1m 18s', 'remaining_time': '1m 45s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.512"
     '302}'),
    ("{'loss': 1.40159426, 'grad_norm': 9.4375, 'learning_rate': 5.79e-06, 'token_acc': 0.640417"
     "73, 'epoch': 0.48, 'global_step/max_steps': '45/94', 'percentage': '47.87%', 'elapsed_time"
     "': '1m 27s', 'remaining_time': '1m 35s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.5129"
     '83}'),
    ("{'loss': 1.54977188, 'grad_norm': 11.9375, 'learning_rate': 4.91e-06, 'token_acc': 0.61078"
     "816, 'epoch': 0.53, 'global_step/max_steps': '50/94', 'percentage': '53.19%', 'elapsed_tim"
     "e': '1m 37s', 'remaining_time': '1m 25s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.514"
     '489}'),
    ("{'loss': 1.6754509, 'grad_norm': 13.0625, 'learning_rate': 4.04e-06, 'token_acc': 0.585743"
     "93, 'epoch': 0.59, 'global_step/max_steps': '55/94', 'percentage': '58.51%', 'elapsed_time"
     "': '1m 46s', 'remaining_time': '1m 15s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.5157"
     '52}'),
    ("{'loss': 1.37204351, 'grad_norm': 9.25, 'learning_rate': 3.19e-06, 'token_acc': 0.6391937,"
     " 'epoch': 0.64, 'global_step/max_steps': '60/94', 'percentage': '63.83%', 'elapsed_time': "
     "'1m 56s', 'remaining_time': '1m 5s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.516829}"),
    ("{'loss': 1.47697926, 'grad_norm': 11.375, 'learning_rate': 2.4e-06, 'token_acc': 0.6281725"
     "9, 'epoch': 0.69, 'global_step/max_steps': '65/94', 'percentage': '69.15%', 'elapsed_time'"
     ": '2m 5s', 'remaining_time': '55s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.517947}"),
    ("{'loss': 1.4336628, 'grad_norm': 8.125, 'learning_rate': 1.69e-06, 'token_acc': 0.63453862"
     ", 'epoch': 0.75, 'global_step/max_steps': '70/94', 'percentage': '74.47%', 'elapsed_time':"
     " '2m 14s', 'remaining_time': '46s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.518833}"),
    ("{'loss': 1.54315252, 'grad_norm': 9.625, 'learning_rate': 1.08e-06, 'token_acc': 0.6020207"
     "3, 'epoch': 0.8, 'global_step/max_steps': '75/94', 'percentage': '79.79%', 'elapsed_time':"
     " '2m 24s', 'remaining_time': '36s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.519627}"),
    ("{'loss': 1.47180223, 'grad_norm': 9.5625, 'learning_rate': 6e-07, 'token_acc': 0.62211501,"
     " 'epoch': 0.85, 'global_step/max_steps': '80/94', 'percentage': '85.11%', 'elapsed_time': "
     "'2m 33s', 'remaining_time': '26s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.520284}"),
    ("{'loss': 1.44068375, 'grad_norm': 10.125, 'learning_rate': 2.5e-07, 'token_acc': 0.6267311"
     "2, 'epoch': 0.91, 'global_step/max_steps': '85/94', 'percentage': '90.43%', 'elapsed_time'"
     ": '2m 43s', 'remaining_time': '17s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.520331}"),
    ("{'loss': 1.44893646, 'grad_norm': 8.375, 'learning_rate': 5e-08, 'token_acc': 0.63837478, "
     "'epoch': 0.96, 'global_step/max_steps': '90/94', 'percentage': '95.74%', 'elapsed_time': '"
     "2m 52s', 'remaining_time': '7s', 'memory(GiB)': 6.5, 'train_speed(iter/s)': 0.520707}"),
    ("{'train_runtime': 183.4332, 'train_samples_per_second': 8.177, 'train_steps_per_second': 0"
     ".512, 'train_loss': 1.50650934, 'token_acc': 0.6194337, 'epoch': 1.0, 'global_step/max_ste"
     "ps': '94/94', 'percentage': '100.00%', 'elapsed_time': '3m 3s', 'remaining_time': '0s', 'm"
     "emory(GiB)': 6.5, 'train_speed(iter/s)': 0.512463}"),
    ('Train: 100%|██████████████████████████████████████████████████████████████████████████████'
     '██████████████████████████████████████████████████████████████████████████████████████████'
     '█████████████████████████████████████████| 94/94 [03:03<00:00,  1.95s/it]'),
    '[INFO:swift] last_model_checkpoint: /workspace/ms-swift/output/v0-20260211-143035/checkpoint-94',
    '[INFO:swift] best_model_checkpoint: None',
    '[INFO:swift] images_dir: /workspace/ms-swift/output/v0-20260211-143035/images',
    '[INFO:swift] End time of running main: 2026-02-11 14:34:09.521336',
]


def test_a_bar_drawn_only_at_its_end_after_the_steps_dicts_ends_its_last_step_alone(tmp_path: Path) -> None:
    """ms-swift's dicts of steps 1..90 (`'global_step/max_steps': '5/94'`), its summary (`train_runtime`), then the bar's one
    drawing, `94/94 [03:03<00:00,  1.95s/it]`: one attempt of steps 1..94, completed (the drawing was taken to span steps
    1..94 from the bar's start, ordered before step 1: a restart, goodput 0 %)."""
    con = console_connection(tmp_path, SWIFT_SFT)
    printed = [int(m[1]) for t in SWIFT_SFT if (m := re.search(r"'global_step/max_steps': '(\d+)/94'", t))]
    assert con.execute("select attempt, first_step, last_step, end_reason from attempts").fetchall() == [
        (1, printed[0], 94, "completed")]
    assert con.execute("select start_ns from log_steps where step = 94").fetchall() == [(None,)]
    # (its `elapsed_time` to the second, dicts every 5 steps 9-10 s apart: a dict under 10 s after the one the clock
    # last counted from is timed over both gaps, `2s` to `20s` over steps 1-10, 2.0 s; `20s` to `30s`, 10 s, itself)
    times = dict(con.execute("select step, step_time_s from log_steps where step <= 25").fetchall())
    assert (times[5], times[10], times[15], times[20], times[25]) == (None, (20 - 2) / (10 - 1), (30 - 20) / 5, None,
                                                                     (49 - 30) / (25 - 15))


# A Megatron-DeepSpeed MoE run (128 experts, expert parallel 4) on 4 V100s (github.com/HaibaraAiChan/megatron-deepspeed-moe-bak @
# a77376c96e156f4fb72e1e8258c9cdcd29da1518 : log/gpt-0.125B-gpus-4-MoE-128.log, lines 424, 565-571 and 617-644)
MEGATRON_DEEPSPEED_MOE = [
    ('[2022-09-19 01:17:36,023] [INFO] [logging.py:68:log_dist] [Rank 0] step=0, skipped=0, lr=[0.0, 0'
     '.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0], mom=[(0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95),'
     ' (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95)]'),
    ('[2022-09-19 01:17:36,061] [WARNING] [engine.py:2572:load_checkpoint] Unable to find latest file '
     'at /home/cc/Megatron-DeepSpeed/examples/MoE/output/checkpoint/gpt-0.125B-lr-4.5e-4-minlr-4.5e-06'
     '-bs-256-gpus-4-mp-1-pp-1-ep-128-mlc-0.01-cap-1.0-drop-true/latest, if trying to load latest chec'
     'kpoint please ensure this file exists or pass an explicit checkpoint tag when loading a checkpoi'
     'nt.'),
    ('WARNING: could not find the metadata file /home/cc/Megatron-DeepSpeed/examples/MoE/output/checkp'
     'oint/gpt-0.125B-lr-4.5e-4-minlr-4.5e-06-bs-256-gpus-4-mp-1-pp-1-ep-128-mlc-0.01-cap-1.0-drop-tru'
     'e '),
    '    will not load any checkpoints and will start from random',
    ('[2022-09-19 01:17:36,061] [WARNING] [engine.py:2572:load_checkpoint] Unable to find latest file '
     'at /home/cc/Megatron-DeepSpeed/examples/MoE/output/checkpoint/gpt-0.125B-lr-4.5e-4-minlr-4.5e-06'
     '-bs-256-gpus-4-mp-1-pp-1-ep-128-mlc-0.01-cap-1.0-drop-true/latest, if trying to load latest chec'
     'kpoint please ensure this file exists or pass an explicit checkpoint tag when loading a checkpoi'
     'nt.'),
    ('[2022-09-19 01:17:36,061] [WARNING] [engine.py:2572:load_checkpoint] Unable to find latest file '
     'at /home/cc/Megatron-DeepSpeed/examples/MoE/output/checkpoint/gpt-0.125B-lr-4.5e-4-minlr-4.5e-06'
     '-bs-256-gpus-4-mp-1-pp-1-ep-128-mlc-0.01-cap-1.0-drop-true/latest, if trying to load latest chec'
     'kpoint please ensure this file exists or pass an explicit checkpoint tag when loading a checkpoi'
     'nt.'),
    ('[2022-09-19 01:17:36,061] [WARNING] [engine.py:2572:load_checkpoint] Unable to find latest file '
     'at /home/cc/Megatron-DeepSpeed/examples/MoE/output/checkpoint/gpt-0.125B-lr-4.5e-4-minlr-4.5e-06'
     '-bs-256-gpus-4-mp-1-pp-1-ep-128-mlc-0.01-cap-1.0-drop-true/latest, if trying to load latest chec'
     'kpoint please ensure this file exists or pass an explicit checkpoint tag when loading a checkpoi'
     'nt.'),
    'time (ms) | load-checkpoint: 0.35',
    ('[2022-09-19 01:19:01,751] [INFO] [logging.py:68:log_dist] [Rank 0] step=10, skipped=0, lr=[5.662'
     '3104e-06, 5.6623104e-06, 5.6623104e-06, 5.6623104e-06, 5.6623104e-06, 5.6623104e-06, 5.6623104e-'
     '06, 5.6623104e-06, 5.6623104e-06], mom=[(0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9'
     ', 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95)]'),
    ('[2022-09-19 01:19:01,806] [INFO] [timer.py:207:stop] 0/10, RunningAvgSamplesPerSec=23.8443231758'
     '1489, CurrSamplesPerSec=23.835420225820545, MemAllocated=13.25GB, MaxMemAllocated=17.95GB'),
    (' iteration       10/ 1716613 | consumed samples:         2560 | consumed tokens:      5242880 | '
     'elapsed time per iteration (ms): 8563.5 | learning rate: 5.662E-06 | global batch size:   256 | '
     'lm loss: 1.068553E+01 | moe loss: 9.036366E-02 | loss scale: 2048.0 | number of skipped iteratio'
     'ns:   0 | number of nan iterations:   0 | samples per second: 29.894 | TFLOPs: 18.57 |'),
    ('time (ms) | forward-compute: 2868.44 | backward-compute: 5554.67 | backward-embedding-all-reduce'
     ': 0.01 | optimizer: 139.15 | batch-generator: 13.67'),
    ('[Rank 0] (after 10 iterations) memory (MB) | allocated: 13572.91357421875 | max allocated: 18382'
     '.83544921875 | reserved: 22108.0 | max reserved: 22108.0'),
    ('[2022-09-19 01:20:24,708] [INFO] [logging.py:68:log_dist] [Rank 0] step=20, skipped=0, lr=[1.195'
     '37664e-05, 1.19537664e-05, 1.19537664e-05, 1.19537664e-05, 1.19537664e-05, 1.19537664e-05, 1.195'
     '37664e-05, 1.19537664e-05, 1.19537664e-05], mom=[(0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.'
     '95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95)]'),
    ('[2022-09-19 01:20:24,762] [INFO] [timer.py:207:stop] 0/20, RunningAvgSamplesPerSec=23.8590989285'
     '87876, CurrSamplesPerSec=23.911098094170203, MemAllocated=13.25GB, MaxMemAllocated=17.95GB'),
    (' iteration       20/ 1716613 | consumed samples:         5120 | consumed tokens:     10485760 | '
     'elapsed time per iteration (ms): 8295.6 | learning rate: 1.195E-05 | global batch size:   256 | '
     'lm loss: 1.001060E+01 | moe loss: 9.861340E-02 | loss scale: 2048.0 | number of skipped iteratio'
     'ns:   0 | number of nan iterations:   0 | samples per second: 30.860 | TFLOPs: 19.17 |'),
    ('time (ms) | forward-compute: 2731.97 | backward-compute: 5426.67 | backward-embedding-all-reduce'
     ': 0.01 | optimizer: 134.39 | batch-generator: 13.21'),
    ('[2022-09-19 01:21:47,755] [INFO] [logging.py:68:log_dist] [Rank 0] step=30, skipped=0, lr=[1.824'
     '52224e-05, 1.82452224e-05, 1.82452224e-05, 1.82452224e-05, 1.82452224e-05, 1.82452224e-05, 1.824'
     '52224e-05, 1.82452224e-05, 1.82452224e-05], mom=[(0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.'
     '95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95)]'),
    ('[2022-09-19 01:21:47,808] [INFO] [timer.py:207:stop] 0/30, RunningAvgSamplesPerSec=23.7914131787'
     '6275, CurrSamplesPerSec=22.30100115278621, MemAllocated=13.25GB, MaxMemAllocated=17.95GB'),
    (' iteration       30/ 1716613 | consumed samples:         7680 | consumed tokens:     15728640 | '
     'elapsed time per iteration (ms): 8304.6 | learning rate: 1.825E-05 | global batch size:   256 | '
     'lm loss: 9.661233E+00 | moe loss: 8.456178E-02 | loss scale: 2048.0 | number of skipped iteratio'
     'ns:   0 | number of nan iterations:   0 | samples per second: 30.826 | TFLOPs: 19.15 |'),
    ('time (ms) | forward-compute: 2732.79 | backward-compute: 5434.28 | backward-embedding-all-reduce'
     ': 0.01 | optimizer: 135.23 | batch-generator: 13.52'),
    ('[2022-09-19 01:23:10,725] [INFO] [logging.py:68:log_dist] [Rank 0] step=40, skipped=0, lr=[2.453'
     '6678399999998e-05, 2.4536678399999998e-05, 2.4536678399999998e-05, 2.4536678399999998e-05, 2.453'
     '6678399999998e-05, 2.4536678399999998e-05, 2.4536678399999998e-05, 2.4536678399999998e-05, 2.453'
     '6678399999998e-05], mom=[(0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, '
     '0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95)]'),
    ('[2022-09-19 01:23:10,779] [INFO] [timer.py:207:stop] 0/40, RunningAvgSamplesPerSec=23.8089156019'
     '50968, CurrSamplesPerSec=23.83619063450236, MemAllocated=13.25GB, MaxMemAllocated=17.95GB'),
    (' iteration       40/ 1716613 | consumed samples:        10240 | consumed tokens:     20971520 | '
     'elapsed time per iteration (ms): 8297.1 | learning rate: 2.454E-05 | global batch size:   256 | '
     'lm loss: 9.359844E+00 | moe loss: 7.289560E-02 | loss scale: 2048.0 | number of skipped iteratio'
     'ns:   0 | number of nan iterations:   0 | samples per second: 30.854 | TFLOPs: 19.17 |'),
    ('time (ms) | forward-compute: 2732.48 | backward-compute: 5427.96 | backward-embedding-all-reduce'
     ': 0.01 | optimizer: 134.36 | batch-generator: 13.17'),
    ('[2022-09-19 01:24:33,673] [INFO] [logging.py:68:log_dist] [Rank 0] step=50, skipped=0, lr=[3.082'
     '81344e-05, 3.08281344e-05, 3.08281344e-05, 3.08281344e-05, 3.08281344e-05, 3.08281344e-05, 3.082'
     '81344e-05, 3.08281344e-05, 3.08281344e-05], mom=[(0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.'
     '95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95)]'),
    ('[2022-09-19 01:24:33,727] [INFO] [timer.py:207:stop] 0/50, RunningAvgSamplesPerSec=23.8221786782'
     '38952, CurrSamplesPerSec=23.873330821806455, MemAllocated=13.25GB, MaxMemAllocated=17.95GB'),
    (' iteration       50/ 1716613 | consumed samples:        12800 | consumed tokens:     26214400 | '
     'elapsed time per iteration (ms): 8294.8 | learning rate: 3.083E-05 | global batch size:   256 | '
     'lm loss: 9.063844E+00 | moe loss: 6.687661E-02 | loss scale: 2048.0 | number of skipped iteratio'
     'ns:   0 | number of nan iterations:   0 | samples per second: 30.863 | TFLOPs: 19.17 |'),
    ('time (ms) | forward-compute: 2731.63 | backward-compute: 5426.45 | backward-embedding-all-reduce'
     ': 0.01 | optimizer: 134.31 | batch-generator: 13.11'),
    ('[2022-09-19 01:25:56,675] [INFO] [logging.py:68:log_dist] [Rank 0] step=60, skipped=0, lr=[3.711'
     '95904e-05, 3.71195904e-05, 3.71195904e-05, 3.71195904e-05, 3.71195904e-05, 3.71195904e-05, 3.711'
     '95904e-05, 3.71195904e-05, 3.71195904e-05], mom=[(0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.'
     '95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95)]'),
    ('[2022-09-19 01:25:56,729] [INFO] [timer.py:207:stop] 0/60, RunningAvgSamplesPerSec=23.7985505944'
     '66356, CurrSamplesPerSec=22.413709099131324, MemAllocated=13.25GB, MaxMemAllocated=17.95GB'),
    (' iteration       60/ 1716613 | consumed samples:        15360 | consumed tokens:     31457280 | '
     'elapsed time per iteration (ms): 8300.2 | learning rate: 3.712E-05 | global batch size:   256 | '
     'lm loss: 8.718275E+00 | moe loss: 6.418217E-02 | loss scale: 2048.0 | number of skipped iteratio'
     'ns:   0 | number of nan iterations:   0 | samples per second: 30.843 | TFLOPs: 19.16 |'),
    ('time (ms) | forward-compute: 2731.61 | backward-compute: 5431.40 | backward-embedding-all-reduce'
     ': 0.01 | optimizer: 134.82 | batch-generator: 13.15'),
    ('[2022-09-19 01:27:19,656] [INFO] [logging.py:68:log_dist] [Rank 0] step=70, skipped=0, lr=[4.341'
     '1046399999994e-05, 4.3411046399999994e-05, 4.3411046399999994e-05, 4.3411046399999994e-05, 4.341'
     '1046399999994e-05, 4.3411046399999994e-05, 4.3411046399999994e-05, 4.3411046399999994e-05, 4.341'
     '1046399999994e-05], mom=[(0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95), (0.9, '
     '0.95), (0.9, 0.95), (0.9, 0.95), (0.9, 0.95)]'),
    ('[2022-09-19 01:27:19,711] [INFO] [timer.py:207:stop] 0/70, RunningAvgSamplesPerSec=23.7888552236'
     '2394, CurrSamplesPerSec=23.875080447682237, MemAllocated=13.25GB, MaxMemAllocated=17.95GB'),
    (' iteration       70/ 1716613 | consumed samples:        17920 | consumed tokens:     36700160 | '
     'elapsed time per iteration (ms): 8298.2 | learning rate: 4.341E-05 | global batch size:   256 | '
     'lm loss: 8.367311E+00 | moe loss: 6.322806E-02 | loss scale: 2048.0 | number of skipped iteratio'
     'ns:   0 | number of nan iterations:   0 | samples per second: 30.850 | TFLOPs: 19.16 |'),
]


def test_megatron_deepspeeds_console_is_megatrons_and_its_no_checkpoint_warning_no_load(tmp_path: Path) -> None:
    """Megatron's ` iteration       10/ 1716613 | ... | elapsed time per iteration (ms): 8563.5 |` beside DeepSpeed's engine's
    `[Rank 0] step=10, skipped=0, ...` (and its `step=0` as it sets up, one more): Megatron's reader, each iteration its
    step and time (DeepSpeed's reader took it: no step time, a step 0); DeepSpeed's `Unable to find latest file at
    .../latest, ... pass an explicit checkpoint tag when loading a checkpoint.` is no load (it was one, then a restart)."""
    con = console_connection(tmp_path, MEGATRON_DEEPSPEED_MOE)
    printed = [(int(m[1]), float(m[2]) / 1000) for t in MEGATRON_DEEPSPEED_MOE
               if (m := re.search(r"iteration +(\d+)/ *\d+ \|.*elapsed time per iteration \(ms\): ([\d.]+)", t))]
    got = con.execute("select step, step_time_s, framework from log_steps order by line").fetchall()
    assert [(step, seconds) for step, seconds, _ in got] == printed
    assert {framework for _, _, framework in got} == {"megatron"} and len(printed) == 7
    assert con.execute("select count(*) from log_events where kind like 'checkpoint_load%'").fetchone() == (0,)
    assert con.execute("select count(*) from attempts").fetchone() == (1,)


# mlx-lm's LoRA trainer in a Metaflow step on macOS (a markdown file's console block, index id 55287055546, its lines
# 48-62)
MLX_LM_METAFLOW = [
    '2025-10-30 17:03:55.631 [1761840227122170/train_model/4 (pid 79246)] Iter 1: Val loss 2.699, Val took 2.702s',
    ('2025-10-30 17:04:03.375 [1761840227122170/train_model/4 (pid 79246)] Iter 10: Train loss 2.198, '
     'Learning Rate 1.000e-05, It/sec 1.293, Tokens/sec 267.606, Trained Tokens 2070, Peak mem 2.283 G'
     'B'),
    ('2025-10-30 17:04:10.078 [1761840227122170/train_model/4 (pid 79246)] Iter 20: Train loss 1.299, '
     'Learning Rate 1.000e-05, It/sec 1.493, Tokens/sec 291.196, Trained Tokens 4020, Peak mem 2.283 G'
     'B'),
    ('2025-10-30 17:04:16.788 [1761840227122170/train_model/4 (pid 79246)] Iter 30: Train loss 1.248, '
     'Learning Rate 1.000e-05, It/sec 1.492, Tokens/sec 253.876, Trained Tokens 5722, Peak mem 2.283 G'
     'B'),
    ('2025-10-30 17:04:24.188 [1761840227122170/train_model/4 (pid 79246)] Iter 40: Train loss 1.156, '
     'Learning Rate 1.000e-05, It/sec 1.354, Tokens/sec 257.040, Trained Tokens 7621, Peak mem 2.695 G'
     'B'),
    ('2025-10-30 17:04:31.185 [1761840227122170/train_model/4 (pid 79246)] Iter 50: Train loss 0.814, '
     'Learning Rate 1.000e-05, It/sec 1.430, Tokens/sec 259.764, Trained Tokens 9437, Peak mem 2.695 G'
     'B'),
    ('2025-10-30 17:04:38.423 [1761840227122170/train_model/4 (pid 79246)] Iter 60: Train loss 0.739, '
     'Learning Rate 1.000e-05, It/sec 1.384, Tokens/sec 252.130, Trained Tokens 11259, Peak mem 2.695 '
     'GB'),
    ('2025-10-30 17:04:45.311 [1761840227122170/train_model/4 (pid 79246)] Iter 70: Train loss 0.642, '
     'Learning Rate 1.000e-05, It/sec 1.454, Tokens/sec 271.740, Trained Tokens 13128, Peak mem 2.695 '
     'GB'),
    ('2025-10-30 17:04:52.822 [1761840227122170/train_model/4 (pid 79246)] Iter 80: Train loss 0.641, '
     'Learning Rate 1.000e-05, It/sec 1.334, Tokens/sec 267.059, Trained Tokens 15130, Peak mem 2.695 '
     'GB'),
    ('2025-10-30 17:04:59.875 [1761840227122170/train_model/4 (pid 79246)] Iter 90: Train loss 0.578, '
     'Learning Rate 1.000e-05, It/sec 1.419, Tokens/sec 251.277, Trained Tokens 16901, Peak mem 2.695 '
     'GB'),
    ('2025-10-30 17:05:08.272 [1761840227122170/train_model/4 (pid 79246)] Calculating loss...:   0%| '
     '         | 0/6 [Calculating loss...: 100%|██████████| 6/6 [00:02<00:00,  2.47it/s]'),
    '2025-10-30 17:05:08.274 [1761840227122170/train_model/4 (pid 79246)] Iter 100: Val loss 0.922, Val took 2.440s',
    ('2025-10-30 17:05:08.914 [1761840227122170/train_model/4 (pid 79246)] Iter 100: Train loss 0.503,'
     ' Learning Rate 1.000e-05, It/sec 1.517, Tokens/sec 268.851, Trained Tokens 18673, Peak mem 2.695'
     ' GB'),
    ('2025-10-30 17:05:08.930 [1761840227122170/train_model/4 (pid 79246)] Iter 100: Saved adapter wei'
     'ghts to adapters/adapters.safetensors and adapters/0000100_adapters.safetensors.'),
    ('2025-10-30 17:05:08.937 [1761840227122170/train_model/4 (pid 79246)] Saved final weights to adap'
     'ters/adapters.safetensors.'),
]

# Pytorch-UNet's train.py from a Windows prompt on CPU (a 2022 project's notes, index id 39833114119, its code block's
# lines 1-2 and 103-109, CRLF line ends as kept)
UNET_WINDOWS = [
    ('(torch_1_12) D:\\SDUer\\2022summer_driverless\\1_segmentation\\unet_torch>python train.py -e 2 -b 1 '
     '-l 0.0001 -c 3\r'),
    'INFO: Using device cpu\r',
    'INFO: Creating dataset with 233 examples\r',
    ('Epoch 1/2:   0%|                                                                              | '
     '0/210 [00:00<?, ?img/s]D:\\ANACONDA\\envs\\torch_1_12\\lib\\site-packages\\torch\\amp\\autocast_mode.py:'
     "198: UserWarning: User provided device_type of 'cuda', but CUDA is not available. Disabling\r"),
    "  warnings.warn('User provided device_type of \\'cuda\\', but CUDA is not available. Disabling')\r",
    ('Epoch 1/2: 100%|████████████████████████████████████████████████| 210/210 [04:52<00:00,  1.39s/i'
     'mg, loss (batch)=0.228]\r'),
    'INFO: Checkpoint 1 saved!\r',
    ('Epoch 2/2: 100%|████████████████████████████████████████████████| 210/210 [03:28<00:00,  1.01img'
     '/s, loss (batch)=0.154]\r'),
    'INFO: Checkpoint 2 saved!\r',
]


def test_mlx_lms_validation_line_at_a_step_is_no_step_and_its_final_weights_end_the_run(tmp_path: Path) -> None:
    """Dated `Iter 100: Val loss 0.922, Val took 2.440s` before `Iter 100: Train loss 0.503, ...`: no step (it was step 100
    before the training line's, read as a restart); `Saved final weights to adapters/adapters.safetensors.` ends the run
    and is a save."""
    con = console_connection(tmp_path, MLX_LM_METAFLOW)
    trained = [int(m[1]) for t in MLX_LM_METAFLOW if (m := re.search(r"\] Iter (\d+): Train loss ", t))]
    assert [s for (s,) in con.execute("select step from log_steps order by line").fetchall()] == trained
    assert con.execute("select count(*), max(end_reason) from attempts").fetchone() == (1, "completed")
    # (a step line whose keys, sorted, put a test's before its training's is a step: `Iter 10: test_x 1, Train loss ...`)
    sorted_keys = [t.replace(": Train loss", ": Test took 0.1s, Train loss") for t in MLX_LM_METAFLOW]
    (tmp_path / "sorted").mkdir()
    again = console_connection(tmp_path / "sorted", sorted_keys)
    assert [s for (s,) in again.execute("select step from log_steps order by line").fetchall()] == trained
    final = next(i + 1 for i, t in enumerate(MLX_LM_METAFLOW) if "Saved final weights to " in t)
    assert con.execute("select kind from log_events where line = ? order by kind", [final]).fetchall() == [
        ("attempt_end",), ("checkpoint_save_end",)]


def test_pytorch_unets_finished_epoch_bars_claim_the_console(tmp_path: Path) -> None:
    """Two epochs' bars drawn at their end, `Epoch 1/2: 100%|...| 210/210 [04:52<00:00,  1.39s/img, loss (batch)=0.228]`,
    each followed by `INFO: Checkpoint 1 saved!`, from a Windows prompt (the file was refused): each epoch a step, its time
    the bar's rate times its batches; the two saves."""
    parser, steps, events = _read(tmp_path, UNET_WINDOWS)
    assert parser == "generic_log"
    bars = [(int(m[1]), int(m[2]), float(m[3]) if m[4] == "s/img" else 1 / float(m[3])) for t in UNET_WINDOWS
            if (m := re.match(r"Epoch (\d+)/2: 100%\|.*\| 210/(210) \[[\d:<]+, +([\d.]+)(s/img|img/s)", t))]
    assert [(s["step"], round(s["step_time_s"], 6)) for s in steps] == [(e, round(n * per, 6)) for e, n, per in bars]
    assert [e["line"] for e in events if e["kind"].startswith("checkpoint_save")] == [
        i + 1 for i, t in enumerate(UNET_WINDOWS) if t.startswith("INFO: Checkpoint ")]


# A MindSpore DeiT port on a GPU in graph mode, its data queue timing out (github.com/VitalyyBezuglyj/ms-deit : README.md,
# index id 37047658092, the "Current status" block, whole)
MINDSPORE_CRASH = [
    ('[WARNING] ME(735:139656560391808,MainProcess):2022-12-20-14:46:24.718.205 [mindspore/train/model'
     ".py:1078] For EvaluateCallBack callback, {'epoch_end'} methods may not be supported in later ver"
     "sion, Use methods prefixed with 'on_train' or 'on_eval' instead when using customized callbacks."),
    ('[WARNING] KERNEL(735,7f0453ac3680,python):2022-12-20-14:48:47.921.019 [mindspore/ccsrc/plugin/de'
     'vice/gpu/kernel/gpu_kernel_factory.cc:151] CheckSM] It is recommended to use devices with a comp'
     "uting capacity >= 7, but the current device's computing capacity is 6. In this case, the computa"
     'tion may not be accelerated. Architectures with TensorCores can be used to speed up half precisi'
     'on operations, such as Volta and Ampere.'),
    ('[WARNING] MD(735,7f0232ffd700,python):2022-12-20-14:49:03.888.084 [mindspore/ccsrc/minddata/data'
     'set/engine/datasetops/data_queue_op.cc:796] DetectFirstBatch] Bad performance attention, it wait'
     's more than 25 seconds and unable to fetch first Batch of data from dataset pipeline, which migh'
     't result `GetNext` timeout problem. You may test dataset processing performance (with creating d'
     'ataset iterator) and optimize it. Notes: shuffle operation is turn on for loading Dataset in def'
     'ault, which may effect first batch loading time.'),
    ('[WARNING] MD(735,7f02337fe700,python):2022-12-20-14:49:04.441.705 [mindspore/ccsrc/minddata/data'
     'set/engine/datasetops/data_queue_op.cc:809] DetectPerBatchTime] Bad performance attention, it ta'
     'kes more than 25 seconds to fetch a batch of data from dataset pipeline, which might result `Get'
     'Next` timeout problem. You may test dataset processing performance(with creating dataset iterato'
     'r) and optimize it.'),
    '',
    'Traceback (most recent call last):',
    '  File "train.py", line 88, in <module>',
    '    main()',
    '  File "train.py", line 79, in main',
    '    dataset_sink_mode=True)',
    '  File "/usr/local/python-3.7.5/lib/python3.7/site-packages/mindspore/train/model.py", line 1050, in train',
    '    initial_epoch=initial_epoch)',
    '  File "/usr/local/python-3.7.5/lib/python3.7/site-packages/mindspore/train/model.py", line 98, in wrapper',
    '    func(self, *args, **kwargs)',
    '  File "/usr/local/python-3.7.5/lib/python3.7/site-packages/mindspore/train/model.py", line 624, in _train',
    '    cb_params, sink_size, initial_epoch, valid_infos)',
    ('  File "/usr/local/python-3.7.5/lib/python3.7/site-packages/mindspore/train/model.py", line 702,'
     ' in _train_dataset_sink_process'),
    '    outputs = train_network(*inputs)',
    '  File "/usr/local/python-3.7.5/lib/python3.7/site-packages/mindspore/nn/cell.py", line 596, in __call__',
    '    out = self.compile_and_run(*args)',
    ('  File "/usr/local/python-3.7.5/lib/python3.7/site-packages/mindspore/nn/cell.py", line 988, in '
     'compile_and_run'),
    '    return _cell_graph_executor(self, *new_inputs, phase=self.phase)',
    '  File "/usr/local/python-3.7.5/lib/python3.7/site-packages/mindspore/common/api.py", line 1192, in __call__',
    '    return self.run(obj, *args, phase=phase)',
    '  File "/usr/local/python-3.7.5/lib/python3.7/site-packages/mindspore/common/api.py", line 1229, in run',
    '    return self._exec_pip(obj, *args, phase=phase_real)',
    '  File "/usr/local/python-3.7.5/lib/python3.7/site-packages/mindspore/common/api.py", line 98, in wrapper',
    '    results = fn(*arg, **kwargs)',
    '  File "/usr/local/python-3.7.5/lib/python3.7/site-packages/mindspore/common/api.py", line 1211, in _exec_pip',
    '    return self._graph_executor(args, phase)',
    "RuntimeError: For 'GetNext', get data timeout. Queue name: 4c8d0410-8075-11ed-ac18-0242ac110006",
]


def test_mindsporess_dated_warnings_and_its_traceback_through_model_train_are_a_failed_run(tmp_path: Path) -> None:
    """`[WARNING] ME(735:139656560391808,MainProcess):2022-12-20-14:46:24.718.205 [...]` (a dash between date and time,
    milliseconds then microseconds) dates its line, and a save's folder named so dates nothing (PaddleX's save line
    with such a folder: its logger's date); a traceback from `File "train.py", line 88` through
    `mindspore/train/model.py", ... in _train` ending in `RuntimeError: For 'GetNext', get data timeout.` is the run's
    failure (the file was refused)."""
    parser, steps, events = _read(tmp_path, MINDSPORE_CRASH)
    assert parser == "generic_log" and steps == []
    first = re.search(r"\):(\d{4}-\d\d-\d\d)-(\d\d:\d\d:\d\d)\.(\d{3})\.(\d{3})", MINDSPORE_CRASH[0])
    assert first is not None
    start = next(e for e in events if e["kind"] == "attempt_start")
    assert (start["line"], start["ts_ns"]) == (1, _ns(f"{first[1]} {first[2]},{first[3]}{first[4]}"))
    assert [e["line"] for e in events if e["kind"] == "crash"][:1] == [
        next(i + 1 for i, t in enumerate(MINDSPORE_CRASH) if t.startswith("Traceback"))]
    saved = [t.replace("/root/paddlex/seal_text/PaddleX-3.1.4/output/latest/latest", "./out/2022-12-20-14:46:24/latest")
             for t in PADDLEX_LAST_STEP]
    _, _, events = _read(tmp_path, saved)
    when = [_ns(f"{m[1].replace('/', '-')} {m[2]},000") for t in saved
            if (m := re.match(r"\[(\S+) (\S+)\] ppocr INFO: save model in .*/2022-12-20-14:46:24/", t))]
    assert len(when) == 1
    assert [e["ts_ns"] for e in events if e["kind"].startswith("checkpoint_save") and "2022-12-20-14" in e["raw"]] == when


# Unsloth 2026.6 on Transformers 5.5, its console at the default log level (github.com/sohelakhtar23/LLM-SC-Generation @
# 9821a8d2e879b5d39e0b41d98b8011d92042d0c8 : terminal/FT/FT_qwen_creation.md, lines 50-80)
UNSLOTH_CHECKPOINTS = [
    ('Tokenizing val dataset: 100%|█████████████████████████████████████████████████████████████'
     '██████████████████| 15/15 [00:00<00:00, 789.13 examples/s]'),
    '🦥 Unsloth: Padding-free auto-enabled, enabling faster training.',
    '[TRAIN] Starting training ...',
    '',
    ('The tokenizer has new PAD/BOS/EOS tokens that differ from the model config and generation '
     'config. The model config and generation config were aligned accordingly, being updated wit'
     "h the tokenizer's values. Updated tokens: {'bos_token_id': None, 'pad_token_id': 151645}."),
    '==((====))==  Unsloth - 2x faster free finetuning | Num GPUs used = 1',
    '   \\\\   /|    Num examples = 295 | Num Epochs = 3 | Total steps = 111',
    'O^O/ \\_/ \\    Batch size per device = 2 | Gradient accumulation steps = 4',
    '\\        /    Data Parallel GPUs = 1 | Total batch size (2 x 4 x 1) = 8',
    ' "-____-"     Trainable parameters = 8,798,208 of 502,830,976 (1.75% trained)',
    ('  0%|                                                                                     '
     '                                  | 0/111 [00:00<?, ?it/s]`use_return_dict` is deprecated!'
     ' Use `return_dict` instead!'),
    'Unsloth: Double buffering enabled (parallel H2D + compute) for backward pass.',
    'Unsloth: Will smartly offload gradients to save VRAM!',
    ("{'loss': '0.9446', 'grad_norm': '0.3593', 'learning_rate': '3.6e-05', 'epoch': '0.2703'}  "
     '                                                          '),
    ("{'loss': '0.8321', 'grad_norm': '0.2613', 'learning_rate': '7.6e-05', 'epoch': '0.5405'}  "
     '                                                          '),
    ("{'loss': '0.6894', 'grad_norm': '0.2949', 'learning_rate': '0.000116', 'epoch': '0.8108'} "
     '                                                          '),
    ("{'loss': '0.5065', 'grad_norm': '0.2778', 'learning_rate': '0.000156', 'epoch': '1.081'}  "
     '                                                          '),
    ("{'loss': '0.3446', 'grad_norm': '0.3438', 'learning_rate': '0.000196', 'epoch': '1.351'}  "
     '                                                          '),
    ("{'loss': '0.2759', 'grad_norm': '0.2523', 'learning_rate': '0.0001894', 'epoch': '1.622'} "
     '                                                          '),
    ("{'loss': '0.2308', 'grad_norm': '0.2369', 'learning_rate': '0.0001558', 'epoch': '1.892'} "
     '                                                          '),
    ("{'loss': '0.2015', 'grad_norm': '0.3125', 'learning_rate': '0.0001077', 'epoch': '2.162'} "
     '                                                          '),
    ("{'loss': '0.1584', 'grad_norm': '0.2156', 'learning_rate': '5.761e-05', 'epoch': '2.432'} "
     '                                                          '),
    ("{'loss': '0.1601', 'grad_norm': '0.2679', 'learning_rate': '1.85e-05', 'epoch': '2.703'}  "
     '                                                          '),
    ("{'eval_loss': '0.1795', 'eval_runtime': '4.458', 'eval_samples_per_second': '3.365', 'eval"
     "_steps_per_second': '0.897', 'epoch': '2.703'}            "),
    (' 90%|█████████████████████████████████████████████████████████████████████████████████████'
     '█████████████▏          | 100/111 [05:47<00:36,  3.34s/it]Unsloth: Restored added_tokens_d'
     'ecoder metadata in checkpoints/FT-Qwen2.5-Coder-0.5B/checkpoint-100/tokenizer_config.json.'
     '                           '),
    ("{'loss': '0.1577', 'grad_norm': '0.2265', 'learning_rate': '5.3e-07', 'epoch': '2.973'}   "
     '                                                          '),
    ("{'eval_loss': '0.1781', 'eval_runtime': '3.721', 'eval_samples_per_second': '4.031', 'eval"
     "_steps_per_second': '1.075', 'epoch': '3'}                "),
    ('100%|█████████████████████████████████████████████████████████████████████████████████████'
     '████████████████████████| 111/111 [06:41<00:00,  3.38s/it]Unsloth: Restored added_tokens_d'
     'ecoder metadata in checkpoints/FT-Qwen2.5-Coder-0.5B/checkpoint-111/tokenizer_config.json.'
     '                           '),
    ("{'train_runtime': '403', 'train_samples_per_second': '2.196', 'train_steps_per_second': '0"
     ".275', 'train_loss': '0.4069', 'epoch': '3'}              "),
    ('100%|█████████████████████████████████████████████████████████████████████████████████████'
     '████████████████████████| 111/111 [06:43<00:00,  3.63s/it]'),
    '',
]


def test_unsloths_restored_tokenizer_line_in_a_checkpoint_folder_is_that_steps_save(tmp_path: Path) -> None:
    """`Unsloth: Restored added_tokens_decoder metadata in checkpoints/.../checkpoint-100/tokenizer_config.json.`, glued
    after the bar's drawing (the only word of a save at the default log level): a save at step 100 (it was none)."""
    con = console_connection(tmp_path, UNSLOTH_CHECKPOINTS)
    saved = [(i + 1, int(m[1])) for i, t in enumerate(UNSLOTH_CHECKPOINTS)
             if (m := re.search(r"Unsloth: Restored added_tokens_decoder metadata in \S*/checkpoint-(\d+)/", t))]
    assert con.execute("select line, step from log_events where kind = 'checkpoint_save_start' order by line").fetchall() == saved
    assert [step for _, step in saved] == [100, 111]


# Ray Tune's legacy status table through the Ray client, its last block (github.com/ziyu4huang/study_ml @
# 750adc764a6b60fffff2115e4ac0e281e09b8191 : ray_tune/README.md, lines 30-56)
TUNE_OLD_STATUS = [
    '(run pid=30549) == Status ==',
    '(run pid=30549) Current time: 2022-04-30 13:25:14 (running for 00:03:27.51)',
    '(run pid=30549) Memory usage on this node: 3.4/7.7 GiB',
    '(run pid=30549) Using AsyncHyperBand: num_stopped=0',
    '(run pid=30549) Bracket: Iter 320.000: None | Iter 80.000: None | Iter 20.000: None',
    '(run pid=30549) Resources requested: 0/8 CPUs, 0/0 GPUs, 0.0/3.78 GiB heap, 0.0/1.89 GiB objects',
    ('(run pid=30549) Current best trial: 6e2a3_00005 with mean_accuracy=0.9902333617210388 and '
     "parameters={'threads': 2, 'lr': 0.0923391580993009, 'momentum': 0.7478894946481159, 'hidde"
     "n': 377}"),
    '(run pid=30549) Result logdir: /home/ziyu4huang/ray_results/exp',
    '(run pid=30549) Number of trials: 10/10 (10 TERMINATED)',
    ('(run pid=30549) +-------------------------+------------+---------------------+----------+-'
     '----------+------------+----------+--------+------------------+'),
    ('(run pid=30549) | Trial name              | status     | loc                 |   hidden | '
     '       lr |   momentum |      acc |   iter |   total time (s) |'),
    ('(run pid=30549) |-------------------------+------------+---------------------+----------+-'
     '----------+------------+----------+--------+------------------|'),
    ('(run pid=30549) | train_mnist_6e2a3_00000 | TERMINATED | 172.23.26.224:30674 |      314 | '
     '0.0659666 |   0.58544  | 0.9814   |     12 |          20.1392 |'),
    ('(run pid=30549) | train_mnist_6e2a3_00001 | TERMINATED | 172.23.26.224:31463 |      510 | '
     '0.0782941 |   0.126104 | 0.9764   |     12 |          23.6243 |'),
    ('(run pid=30549) | train_mnist_6e2a3_00002 | TERMINATED | 172.23.26.224:32114 |      470 | '
     '0.0358024 |   0.293729 | 0.96565  |     12 |          21.7094 |'),
    ('(run pid=30549) | train_mnist_6e2a3_00003 | TERMINATED | 172.23.26.224:32738 |      325 | '
     '0.0231097 |   0.198122 | 0.95035  |     12 |          18.6412 |'),
    ('(run pid=30549) | train_mnist_6e2a3_00004 | TERMINATED | 172.23.26.224:861   |       77 | '
     '0.0228321 |   0.650863 | 0.954617 |     12 |          10.7663 |'),
    ('(run pid=30549) | train_mnist_6e2a3_00005 | TERMINATED | 172.23.26.224:1350  |      377 | '
     '0.0923392 |   0.747889 | 0.990233 |     12 |          19.8368 |'),
    ('(run pid=30549) | train_mnist_6e2a3_00006 | TERMINATED | 172.23.26.224:1967  |      241 | '
     '0.0265833 |   0.186454 | 0.953717 |     12 |          16.5154 |'),
    ('(run pid=30549) | train_mnist_6e2a3_00007 | TERMINATED | 172.23.26.224:2554  |      412 | '
     '0.0403198 |   0.451757 | 0.971983 |     12 |          21.3272 |'),
    ('(run pid=30549) | train_mnist_6e2a3_00008 | TERMINATED | 172.23.26.224:3191  |      256 | '
     '0.0780921 |   0.629148 | 0.983383 |     12 |          16.5484 |'),
    ('(run pid=30549) | train_mnist_6e2a3_00009 | TERMINATED | 172.23.26.224:3773  |      136 | '
     '0.0995687 |   0.512248 | 0.977467 |     12 |          13.6323 |'),
    ('(run pid=30549) +-------------------------+------------+---------------------+----------+-'
     '----------+------------+----------+--------+------------------+'),
    '(run pid=30549)',
    '(run pid=30549)',
    ("Best hyperparameters found were:  {'threads': 2, 'lr': 0.0923391580993009, 'momentum': 0.7"
     "478894946481159, 'hidden': 377}"),
    ('(run pid=30549) 2022-04-30 13:25:14,438 INFO tune.py:702 -- Total run time: 207.72 seconds'
     ' (207.50 seconds for the tuning loop).'),
]

# Ray 2.x's new console output of one trial (github.com/sohang3112/iit-madras-web-mtech-ai :
# trimester3/DA5402W_MLOPS/assignments/Assignment2/README.md, index id 60827114837, lines 28-124)
TUNE_NEW_OUTPUT = [
    ('2026-07-18 15:38:24,565 INFO worker.py:2015 -- Started a local Ray instance. View the dash'
     'board at http://127.0.0.1:8266 '),
    '╭──────────────────────────────────────────────────────────────────╮',
    '│ Configuration for experiment     trainable_2026-07-18_15-38-26   │',
    '├──────────────────────────────────────────────────────────────────┤',
    '│ Search algorithm                 BasicVariantGenerator           │',
    '│ Scheduler                        AsyncHyperBandScheduler         │',
    '│ Number of trials                 1                               │',
    '╰──────────────────────────────────────────────────────────────────╯',
    '',
    'View detailed results here: /home/sohang/ray_results/trainable_2026-07-18_15-38-26',
    ('To visualize your results with TensorBoard, run: `tensorboard --logdir /tmp/ray/session_20'
     '26-07-18_15-38-10_617960_531994/artifacts/2026-07-18_15-38-26/trainable_2026-07-18_15-38-2'
     '6/driver_artifacts`'),
    '',
    'Trial status: 1 PENDING',
    'Current time: 2026-07-18 15:38:26. Total running time: 0s',
    'Logical resource usage: 1.0/1 CPUs, 0/1 GPUs (0.0/1.0 accelerator_type:GeForce-MX130)',
    '╭─────────────────────────────────────────────────────╮',
    '│ Trial name              status       C     max_iter │',
    '├─────────────────────────────────────────────────────┤',
    '│ trainable_9e0d4_00000   PENDING      1          100 │',
    '╰─────────────────────────────────────────────────────╯',
    '',
    'Trial trainable_9e0d4_00000 started with configuration:',
    '╭────────────────────────────────────────────╮',
    '│ Trial trainable_9e0d4_00000 config         │',
    '├────────────────────────────────────────────┤',
    '│ C                                        1 │',
    '│ max_iter                               100 │',
    '╰────────────────────────────────────────────╯',
    ('(trainable pid=532900) 2026/07/18 15:38:34 INFO mlflow.store.db.utils: Creating initial ML'
     'flow database tables...'),
    '(trainable pid=532900) 2026/07/18 15:38:34 INFO mlflow.store.db.utils: Updating database tables',
    '(trainable pid=532900) WARNING: Using incubator modules: jdk.incubator.vector',
    "(trainable pid=532900) Using Spark's default log4j profile: org/apache/spark/log4j2-defaults.properties",
    '(trainable pid=532900) Setting default log level to "WARN".',
    ('(trainable pid=532900) To adjust logging level use sc.setLogLevel(newLevel). For SparkR, u'
     'se setLogLevel(newLevel).'),
    ('(trainable pid=532900) 26/07/18 15:38:37 WARN NativeCodeLoader: Unable to load native-hado'
     'op library for your platform... using builtin-java classes where applicable'),
    '[Stage 0:>                                                          (0 + 1) / 1]',
    '                                                                                ',
    '[Stage 1:>                                                          (0 + 1) / 1]',
    '                                                                                ',
    '[Stage 2:>                                                          (0 + 1) / 1]',
    '',
    'Trial status: 1 RUNNING',
    'Current time: 2026-07-18 15:38:56. Total running time: 30s',
    'Logical resource usage: 1.0/1 CPUs, 0/1 GPUs (0.0/1.0 accelerator_type:GeForce-MX130)',
    '╭─────────────────────────────────────────────────────╮',
    '│ Trial name              status       C     max_iter │',
    '├─────────────────────────────────────────────────────┤',
    '│ trainable_9e0d4_00000   RUNNING      1          100 │',
    '╰─────────────────────────────────────────────────────╯',
    '                                                                                ',
    '[Stage 13:>                                                         (0 + 1) / 1]',
    '                                                                                ',
    '[Stage 15:>                                                         (0 + 1) / 1]',
    '                                                                                ',
    '[Stage 17:>                                                         (0 + 1) / 1]',
    '                                                                                ',
    '[Stage 19:>                                                         (0 + 1) / 1]',
    '                                                                                ',
    '[Stage 21:>                                                         (0 + 1) / 1]',
    '                                                                                ',
    '[Stage 30:>                                                         (0 + 1) / 1]',
    '                                                                                ',
    ('(trainable pid=532900) /home/sohang/Projects/iit-madras-web-mtech-ai/trimester3/DA5402W_ML'
     'OPS/assignments/Assignment2/train_DA25M622.py:120: UserWarning: Starting a Matplotlib GUI '
     'outside of the main thread will likely fail.'),
    '(trainable pid=532900)   fig, ax = plt.subplots(figsize=(6, 5))',
    'Trial status: 1 RUNNING',
    'Current time: 2026-07-18 15:39:26. Total running time: 1min 0s',
    'Logical resource usage: 1.0/1 CPUs, 0/1 GPUs (0.0/1.0 accelerator_type:GeForce-MX130)',
    '╭─────────────────────────────────────────────────────╮',
    '│ Trial name              status       C     max_iter │',
    '├─────────────────────────────────────────────────────┤',
    '│ trainable_9e0d4_00000   RUNNING      1          100 │',
    '╰─────────────────────────────────────────────────────╯',
    '',
    'Trial trainable_9e0d4_00000 completed after 1 iterations at 2026-07-18 15:39:44. Total running time: 1min 18s',
    '╭────────────────────────────────────────────────╮',
    '│ Trial trainable_9e0d4_00000 result             │',
    '├────────────────────────────────────────────────┤',
    '│ checkpoint_dir_name                            │',
    '│ time_this_iter_s                       71.4696 │',
    '│ time_total_s                           71.4696 │',
    '│ training_iteration                           1 │',
    '│ accuracy                               0.87978 │',
    '│ f1                                     0.82358 │',
    '╰────────────────────────────────────────────────╯',
    ('2026-07-18 15:39:44,988 INFO tune.py:1007 -- Wrote the latest version of all result files '
     "and experiment state to '/home/sohang/ray_results/trainable_2026-07-18_15-38-26' in 0.0066"
     's.'),
    '',
    'Trial status: 1 TERMINATED',
    'Current time: 2026-07-18 15:39:44. Total running time: 1min 18s',
    'Logical resource usage: 0/1 CPUs, 0/1 GPUs (0.0/1.0 accelerator_type:GeForce-MX130)',
    '╭───────────────────────────────────────────────────────────────────────────────────────────────────────────╮',
    '│ Trial name              status         C     max_iter     iter     total time (s)         f1     accuracy │',
    '├───────────────────────────────────────────────────────────────────────────────────────────────────────────┤',
    '│ trainable_9e0d4_00000   TERMINATED     1          100        1            71.4696   0.823575     0.879783 │',
    '╰───────────────────────────────────────────────────────────────────────────────────────────────────────────╯',
    '',
    "Best config: {'C': 1.0, 'max_iter': 100}",
    'Best F1 score recorded: 0.8235750733889323',
]


def test_ray_tunes_status_consoles_are_one_launch_ended_by_tunes_last_words(tmp_path: Path) -> None:
    """Ray Tune's status (`(run pid=30549) Number of trials: 10/10 (10 TERMINATED)` and `Total run time: 207.72 seconds
    ...`; Ray 2's `Trial status: 1 TERMINATED` and `tune.py:1007 -- Wrote the latest version of all result files and
    experiment state to '...'`), no step line: one launch that ended there (both files were refused)."""
    for name, lines, last_words in (("old", TUNE_OLD_STATUS, "Total run time: "),
                                    ("new", TUNE_NEW_OUTPUT, "Wrote the latest version of all result files")):
        (tmp_path / name).mkdir()
        parser, steps, events = _read(tmp_path / name, lines)
        assert (parser, steps) == ("generic_log", []), name
        assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [
            ("attempt_end", next(i + 1 for i, t in enumerate(lines) if last_words in t))], name
    con = console_connection(tmp_path, TUNE_NEW_OUTPUT, name="tune.log")
    stamps = [m[1] for t in TUNE_NEW_OUTPUT if (m := re.match(r"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}) INFO ", t))]
    length = (_ns(stamps[-1]) - _ns(stamps[0])) / 1e9
    assert con.execute("select count(*), round(max(length_s), 3) from attempts").fetchone() == (1, round(length, 3))


# An NNI trial's stderr as its local training service keeps it (github.com/statsle/DDM @
# 05c8eeb9110ff3244d5d59c4190ded720055741e : ddm-nni/Cora/hr6c5pba/trials/AiQ6I/stderr, whole)
NNI_TRIAL_STDERR = [
    ('/pytorch/aten/src/ATen/native/cuda/ScatterGatherKernel.cu:111: operator(): block: [0,0,0],'
     ' thread: [0,0,0] Assertion `idx_dim >= 0 && idx_dim < index_size && "index out of bounds"`'
     ' failed.'),
    ('/ddm-nni/Cora/hr6c5pba/trials/AiQ6I/run.sh: line 10: 211836 Aborted                 (core '
     'dumped) python main_node.py'),
]


def test_a_trials_stderr_with_the_shells_word_that_its_python_died_is_a_failure_log(tmp_path: Path) -> None:
    """A CUDA assertion, then `.../run.sh: line 10: 211836 Aborted                 (core dumped) python main_node.py`, in a
    file named `stderr`: the run's failure (the file was refused); the same word of a command that is no training's
    (`sleep 100`) claims nothing."""
    parser, steps, events = _read(tmp_path, NNI_TRIAL_STDERR, name="stderr")
    assert (parser, steps) == ("generic_log", [])
    assert [e["line"] for e in events if e["kind"] == "crash"] == [len(NNI_TRIAL_STDERR)]
    other = [t.replace("python main_node.py", "sleep 100") for t in NNI_TRIAL_STDERR]
    path = tmp_path / "other" / "stderr"
    path.parent.mkdir()
    path.write_text("\n".join(other) + "\n")
    assert detect(path, read_head(path), registry())[0] is None


# Megatron-core MoE (expert parallel 2) stopped with ^C, its lines wrapped at 220 columns (github.com/SeunghyunSEO/Megatron-LM :
# moe_exp/README.md, index id 52696439354, the block after "node=1 / ngpu", whole)
MCORE_SIGINT = [
    (' [2024-10-16 06:21:10] iteration        1/  500000 | consumed samples:          128 | elap'
     'sed time per iteration (ms): 14312.0 | learning rate: 2.000000E-07 | global batch size:   '
     '128 | lm loss: 1.177436E+01 | load_bal'),
    ('ancing_loss: 1.010554E+00 | loss scale: 1.0 | grad norm: 0.479 | num zeros: 0.0 | number o'
     'f skipped iterations:   0 | number of nan iterations:   0 |'),
    ('Number of parameters in transformer layers in billions:  0.03'),
    ('Number of parameters in embedding layers in billions: 0.07'),
    ('Total number of parameters in billions: 0.09'),
    ('Number of parameters in most loaded shard in billions: 0.0916'),
    ('Theoretical memory footprints: weight and optimizer=1048.55 MB'),
    ('[Rank 0] (after 1 iterations) memory (MB) | allocated: 999.52783203125 | max allocated: 99'
     '9.5595703125 | reserved: 1126.0 | max reserved: 1126.0'),
    (' [2024-10-16 06:21:12] iteration        2/  500000 | consumed samples:          256 | elap'
     'sed time per iteration (ms): 2034.8 | learning rate: 4.000000E-07 | global batch size:   1'
     '28 | lm loss: 1.177444E+01 | load_bala'),
    ('ncing_loss: 1.009700E+00 | loss scale: 1.0 | grad norm: 0.489 | num zeros: 0.0 | number of'
     ' skipped iterations:   0 | number of nan iterations:   0 |'),
    (' [2024-10-16 06:21:14] iteration        3/  500000 | consumed samples:          384 | elap'
     'sed time per iteration (ms): 2049.3 | learning rate: 6.000000E-07 | global batch size:   1'
     '28 | lm loss: 1.177427E+01 | load_bala'),
    ('ncing_loss: 1.010454E+00 | loss scale: 1.0 | grad norm: 0.476 | num zeros: 0.0 | number of'
     ' skipped iterations:   0 | number of nan iterations:   0 |'),
    (' [2024-10-16 06:21:16] iteration        4/  500000 | consumed samples:          512 | elap'
     'sed time per iteration (ms): 2037.0 | learning rate: 8.000000E-07 | global batch size:   1'
     '28 | lm loss: 1.177555E+01 | load_bala'),
    ('ncing_loss: 1.010483E+00 | loss scale: 1.0 | grad norm: 0.455 | num zeros: 0.0 | number of'
     ' skipped iterations:   0 | number of nan iterations:   0 |'),
    (' [2024-10-16 06:21:18] iteration        5/  500000 | consumed samples:          640 | elap'
     'sed time per iteration (ms): 2041.6 | learning rate: 1.000000E-06 | global batch size:   1'
     '28 | lm loss: 1.177305E+01 | load_bala'),
    ('ncing_loss: 1.009435E+00 | loss scale: 1.0 | grad norm: 0.463 | num zeros: 0.0 | number of'
     ' skipped iterations:   0 | number of nan iterations:   0 |'),
    ('^CW1016 06:21:18.872000 140016382740288 torch/distributed/elastic/agent/server/api.py:688]'
     ' Received Signals.SIGINT death signal, shutting down workers '),
]


def test_torchruns_agent_receiving_signals_sigint_stops_the_run(tmp_path: Path) -> None:
    """`^CW1016 06:21:18.872000 ... api.py:688] Received Signals.SIGINT death signal, shutting down workers` (torch 1.x to 2.3
    print the enum) after iteration 5: the run stopped there, a failure (it read as a run that ended unknown)."""
    _, steps, events = _read(tmp_path, MCORE_SIGINT)
    assert steps and steps[-1]["step"] == 5
    # each iteration's own `elapsed time per iteration (ms)` (log interval 1), on a whole-second clock that cannot
    # tell it from a running mean: kept
    printed = [float(m.group(1)) / 1e3 for m in re.finditer(r"per iteration \(ms\): ([\d.]+)", "".join(MCORE_SIGINT))]
    assert len(printed) == 5 and [s["step_time_s"] for s in steps] == pytest.approx(printed)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [
        ("crash", next(i + 1 for i, t in enumerate(MCORE_SIGINT) if "Received Signals.SIGINT death signal" in t))]


# Ray Tune's legacy status through Ray AIR, interrupted while its trials were pending (a Ray issue thread's output, index id
# 19070079745, its last status block to its last line)
TUNE_INTERRUPTED = [
    '== Status ==',
    'Current time: 2023-07-01 07:35:13 (running for 00:03:20.24)',
    'Using AsyncHyperBand: num_stopped=0',
    'Bracket: Iter 4.000: None | Iter 2.000: None | Iter 1.000: None',
    'Logical resource usage: 0/20 CPUs, 0/1 GPUs (0.0/1.0 accelerator_type:RTX)',
    'Result logdir: /home/garrett/.guild/runs/eb1d91774b7e4ffa998306eb483e028a/ray_results/mwe',
    'Number of trials: 2/2 (2 PENDING)',
    '+------------------------------+----------+-------+------------------------+',
    '| Trial name                   | status   | loc   |   lightning_config/_mo |',
    '|                              |          |       |    dule_init_config/lr |',
    '|------------------------------+----------+-------+------------------------|',
    '| LightningTrainer_42993_00000 | PENDING  |       |             0.0011888  |',
    '| LightningTrainer_42993_00001 | PENDING  |       |             0.00765266 |',
    '+------------------------------+----------+-------+------------------------+',
    '',
    '',
    '2023-07-01 07:35:13,860\tERROR tune.py:941 -- Trials did not complete: [LightningTrainer_42993_00000, '
    'LightningTrainer_42993_00001]',
    '2023-07-01 07:35:13,860\tINFO tune.py:945 -- Total run time: 200.25 seconds (200.24 seconds for the tuning loop).',
    '2023-07-01 07:35:13,860\tWARNING tune.py:954 -- Experiment has been interrupted, but the most recent state was saved.',
    ('Continue running this experiment with: Tuner.restore(path="/home/garrett/.guild/runs/eb1d91774b7e4ffa998306eb483e028a'
     '/ray_results/mwe", trainable=...)'),
]


def test_ray_tunes_run_whose_trials_did_not_complete_has_no_clean_end(tmp_path: Path) -> None:
    """`Trials did not complete: [...]` before Tune's `Total run time: ...` and `Experiment has been interrupted`: no clean
    end (it was one); Ray Train's console, with no Tune status, gets no end from `Wrote the latest version of all result
    files` (printed before its last iteration's block)."""
    parser, _, events = _read(tmp_path, TUNE_INTERRUPTED)
    assert parser == "generic_log"
    assert [e for e in events if e["kind"] == "attempt_end"] == []
    # (an earlier run's clean end in the same file stands: the legacy run's `Total run time`, then this one appended)
    (tmp_path / "two").mkdir()
    _, _, events = _read(tmp_path / "two", [*TUNE_OLD_STATUS, *TUNE_INTERRUPTED])
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [
        next(i + 1 for i, t in enumerate(TUNE_OLD_STATUS) if "Total run time: " in t)]
    untabled = [t for t in TUNE_NEW_OUTPUT if not t.startswith("Trial status: ")]
    (tmp_path / "train").mkdir()
    _, _, events = _read(tmp_path / "train", untabled, parser_name="generic_log")
    assert [e for e in events if e.get("detail") == "Ray Tune: the run returned"] == []


# Unsloth's `accelerate launch` on two GPUs, its banner in place of the Trainer's header, each printed once a rank
# (github.com/Skyruller/Unsloth_Qwen3_2X5060TI : README.md, index id 33127741255, the "Qwen3-14B" block's lines 48-63)
UNSLOTH_BANNER = [
    'Unsloth is running with multi GPUs - the effective batch size is multiplied by 2',
    'Unsloth is running with multi GPUs - the effective batch size is multiplied by 2',
    '==((====))==  Unsloth - 2x faster free finetuning | Num GPUs used = 1',
    '   \\\\   /|    Num examples = 362 | Num Epochs = 15 | Total steps = 2,715',
    'O^O/ \\_/ \\    Batch size per device = 1 | Gradient accumulation steps = 1',
    '\\        /    Data Parallel GPUs = 2 | Total batch size (1 x 1 x 2) = 2',
    ' "-____-"     Trainable parameters = 32,112,640 of 8,194,391,040 (0.39% trained)',
    '==((====))==  Unsloth - 2x faster free finetuning | Num GPUs used = 1',
    '   \\\\   /|    Num examples = 362 | Num Epochs = 15 | Total steps = 2,715',
    'O^O/ \\_/ \\    Batch size per device = 1 | Gradient accumulation steps = 1',
    '\\        /    Data Parallel GPUs = 2 | Total batch size (1 x 1 x 2) = 2',
    ' "-____-"     Trainable parameters = 32,112,640 of 8,194,391,040 (0.39% trained)',
    '  0%|▍                                                                                              '
    '                                                   | 9/2715 [00:08<37:08,  1.21it/s]Unsloth: Will sm'
    'artly offload gradients to save VRAM!',
    '  1%|▉                                                                                              '
    '                                                  | 18/2715 [00:15<36:41,  1.23it/s]Unsloth: Will sm'
    'artly offload gradients to save VRAM!',
    "{'loss': 2.6813, 'grad_norm': 1.4616115093231201, 'learning_rate': 0.00019786372007366484, 'epoch': "
    '0.17}                                                                               ',
    "{'loss': 0.9447, 'grad_norm': 1.287734866142273, 'learning_rate': 0.00019565377532228362, 'epoch': 0"
    '.33}                     ',
]


def test_unsloths_banner_gives_the_steps_an_epoch_that_place_the_dicts(tmp_path: Path) -> None:
    """Unsloth prints `Num Epochs = 15 | Total steps = 2,715` where the Trainer's header would be: 181 steps an epoch,
    so the dicts at epochs 0.17 and 0.33 are steps 31 and 60 (they were put at the bar drawn before them, 18, and
    the next step, 19: the bar's later drawings were never kept)."""
    _, steps, _ = _read(tmp_path, UNSLOTH_BANNER)
    banner = next(re.search(r"Num Epochs = (\d+) \| Total steps = ([\d,]+)", t) for t in UNSLOTH_BANNER if "Total steps" in t)
    assert banner is not None
    per_epoch = int(banner[2].replace(",", "")) / int(banner[1])
    dicts = [(float(m[2]), float(m[1])) for t in UNSLOTH_BANNER
             if (m := re.match(r"\{'loss': ([\d.]+), .*'epoch': ([\d.]+)\}", t))]
    assert [(s["step"], s["loss"]) for s in steps if s["loss"] is not None] == [(round(e * per_epoch), v) for e, v in dicts]
    assert [s["step"] for s in steps if s["loss"] is not None] == [31, 60]


# Unsloth on a laptop's GPU with its notebook's defaults, `max_steps=60` over 5,000 examples, its banner and first dicts (a
# Portuguese tech-challenge README, index id 23212436018, the log after "A seguir, o log de execução deste código:", the
# banner's 5 lines and the 12 dicts after it)
UNSLOTH_MAX_STEPS = [
    '==((====))==  Unsloth - 2x faster free finetuning | Num GPUs = 1',
    '   \\\\   /|    Num examples = 5,000 | Num Epochs = 1',
    'O^O/ \\_/ \\    Batch size per device = 2 | Gradient Accumulation steps = 4',
    '\\        /    Total batch size = 8 | Total steps = 60',
    ' "-____-"     Number of trainable parameters = 83,886,080',
    "{'loss': 3.2363, 'grad_norm': 1.2131766080856323, 'learning_rate': 4e-05, 'epoch': 0.0}",
    "{'loss': 3.2404, 'grad_norm': 0.872961163520813, 'learning_rate': 8e-05, 'epoch': 0.0}",
    "{'loss': 3.27, 'grad_norm': 1.1601091623306274, 'learning_rate': 0.00012, 'epoch': 0.0}   ",
    "{'loss': 3.0758, 'grad_norm': 0.9473162889480591, 'learning_rate': 0.00016, 'epoch': 0.01}",
    "{'loss': 3.1607, 'grad_norm': 0.8515984416007996, 'learning_rate': 0.0002, 'epoch': 0.01}",
    "{'loss': 2.9793, 'grad_norm': 1.187525987625122, 'learning_rate': 0.00019636363636363636, 'epoch': 0.01}",
    "{'loss': 2.7279, 'grad_norm': 0.8072238564491272, 'learning_rate': 0.00019272727272727274, 'epoch': 0.01}",
    "{'loss': 2.8233, 'grad_norm': 0.8448505997657776, 'learning_rate': 0.0001890909090909091, 'epoch': 0.01}",
    "{'loss': 2.4666, 'grad_norm': 0.8008617162704468, 'learning_rate': 0.00018545454545454545, 'epoch': 0.01}",
    "{'loss': 2.4212, 'grad_norm': 1.114966630935669, 'learning_rate': 0.00018181818181818183, 'epoch': 0.02}",
    "{'loss': 1.9802, 'grad_norm': 1.2337411642074585, 'learning_rate': 0.0001781818181818182, 'epoch': 0.02}",
    "{'loss': 2.1742, 'grad_norm': 1.1017382144927979, 'learning_rate': 0.00017454545454545454, 'epoch': 0.02}",
]


def test_unsloths_banner_of_a_run_max_steps_ends_inside_its_epoch_places_no_dict(tmp_path: Path) -> None:
    """`Num examples = 5,000 | Num Epochs = 1` and `Total batch size = 8 | Total steps = 60`: 625 steps an epoch, not 60
    (`Num Epochs` counts the one epoch `max_steps` began): the dicts, one a step (their warm-up's learning rate 4e-05 x
    the step), are steps 1 to 12 (they were put at epoch x 60: 0, 0, 0, 1, ...)."""
    _, steps, _ = _read(tmp_path, UNSLOTH_MAX_STEPS)
    rates = [float(m[1]) for t in UNSLOTH_MAX_STEPS if (m := re.search(r"'learning_rate': ([\d.e-]+),", t))]
    assert [round(r / 4e-05) for r in rates[:5]] == [1, 2, 3, 4, 5]
    assert [s["step"] for s in steps if s["loss"] is not None] == list(range(1, len(rates) + 1))
