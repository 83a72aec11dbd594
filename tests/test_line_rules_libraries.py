"""Consoles of training libraries and programs beyond the common trainers (TF Model Garden's Keras
callbacks, AWS Neuron's samples, Rust trainers, CatBoost, pytorch-tabnet, LeRobot, ML-Agents, AllenNLP,
PyTorch-Ignite and MONAI, Kaggle notebook templates): lines quoted verbatim from public files (each
block's source is cited above it), tiny inputs in, exact rows out, each expectation read off the
quoted text."""

from __future__ import annotations

import itertools
import re
import statistics
from datetime import UTC, datetime
from pathlib import Path

from tests.test_line_rules import _read

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
    evaluation = [t.replace(command, "python evaluate.py") for t in MLAGENTS_RELAUNCH]
    _, _, events = _read(tmp_path, evaluation, parser_name="generic_log")
    assert [e for e in events if e["kind"] == "attempt_start"] == []


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
    """`SCRIPT COMPLETED SUCCESSFULLY` as the script's last word: a clean end."""
    _, _, events = _read(tmp_path, SCRIPT_COMPLETED, parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", 6)]


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
