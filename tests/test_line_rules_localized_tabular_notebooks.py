"""Recommendation, graph, tabular, localized and notebook consoles: step, save, end and failure lines
quoted verbatim from public logs (each block's source is cited above it), tiny inputs in, exact rows
out, each expectation read off the quoted text."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_line_rules import _read
from tracelens.parsers.generic_log import _step_counter

# FuxiCTR 2019 on Criteo (reczoo/BARS, ranking/ctr/DNN/DNN_criteo_x4_002/DNN_criteo_x4_031_90b5a63c.log, lines 48-60)
FUXICTR_2019 = [
    '2019-11-20 04:13:08,597 P11216 INFO **** Start training: 3668 batches/epoch ****',
    '2019-11-20 04:26:26,609 P11216 INFO [Metrics] logloss: 0.442383 - AUC: 0.809219',
    '2019-11-20 04:26:26,712 P11216 INFO Save best model: monitor(max): 0.366836',
    '2019-11-20 04:26:27,875 P11216 INFO ******* 3668/3668 batches finished *******',
    '2019-11-20 04:26:28,070 P11216 INFO [Train] loss: 0.451823',
    '2019-11-20 04:26:28,070 P11216 INFO ************ Epoch=1 end ************',
    '2019-11-20 04:39:44,415 P11216 INFO [Metrics] logloss: 0.441049 - AUC: 0.810782',
    '2019-11-20 04:39:44,499 P11216 INFO Save best model: monitor(max): 0.369734',
    '2019-11-20 04:39:46,274 P11216 INFO ******* 3668/3668 batches finished *******',
    '2019-11-20 04:39:46,483 P11216 INFO [Train] loss: 0.440024',
    '2019-11-20 04:39:46,483 P11216 INFO ************ Epoch=2 end ************',
    '2019-11-20 04:53:05,299 P11216 INFO [Metrics] logloss: 0.447181 - AUC: 0.805238',
    '2019-11-20 04:53:05,368 P11216 INFO Monitor(max) STOP: 0.358057 !!!',
]

# FuxiCTR 2.0.1 (reczoo/BARS, ranking/ctr/DNN/DNN_amazonelectronics_x1/DNN_amazonelectronics_x1_005_0a5f1f4b.log, lines 62-86)
FUXICTR_2 = [
    '2023-05-14 07:36:18,199 P14474 INFO Start training: 2548 batches/epoch',
    '2023-05-14 07:36:18,199 P14474 INFO ************ Epoch=1 start ************',
    '2023-05-14 07:44:23,678 P14474 INFO Train loss: 0.640565',
    '2023-05-14 07:44:23,678 P14474 INFO Evaluation @epoch 1 - batch 2548: ',
    '2023-05-14 07:47:02,662 P14474 INFO [Metrics] AUC: 0.807212 - gAUC: 0.807976',
    '2023-05-14 07:47:02,664 P14474 INFO Save best model: monitor(max)=1.615188',
    '2023-05-14 07:47:02,746 P14474 INFO ************ Epoch=1 end ************',
    '2023-05-14 07:55:22,051 P14474 INFO Train loss: 0.592809',
    '2023-05-14 07:55:22,057 P14474 INFO Evaluation @epoch 2 - batch 2548: ',
    '2023-05-14 07:57:58,912 P14474 INFO [Metrics] AUC: 0.849016 - gAUC: 0.846910',
    '2023-05-14 07:57:58,913 P14474 INFO Save best model: monitor(max)=1.695926',
    '2023-05-14 07:57:59,029 P14474 INFO ************ Epoch=2 end ************',
    '2023-05-14 08:06:12,975 P14474 INFO Train loss: 0.574785',
    '2023-05-14 08:06:12,979 P14474 INFO Evaluation @epoch 3 - batch 2548: ',
    '2023-05-14 08:08:56,681 P14474 INFO [Metrics] AUC: 0.853434 - gAUC: 0.850210',
    '2023-05-14 08:08:56,682 P14474 INFO Save best model: monitor(max)=1.703645',
    '2023-05-14 08:08:56,868 P14474 INFO ************ Epoch=3 end ************',
    '2023-05-14 08:17:15,584 P14474 INFO Train loss: 0.569511',
    '2023-05-14 08:17:15,585 P14474 INFO Evaluation @epoch 4 - batch 2548: ',
    '2023-05-14 08:19:52,923 P14474 INFO [Metrics] AUC: 0.853828 - gAUC: 0.851317',
    '2023-05-14 08:19:52,923 P14474 INFO Save best model: monitor(max)=1.705145',
    '2023-05-14 08:19:53,068 P14474 INFO ************ Epoch=4 end ************',
    '2023-05-14 08:28:09,551 P14474 INFO Train loss: 0.565181',
    '2023-05-14 08:28:09,555 P14474 INFO Evaluation @epoch 5 - batch 2548: ',
    '2023-05-14 08:30:48,615 P14474 INFO [Metrics] AUC: 0.857014 - gAUC: 0.854654',
]

# TabNet's classifier (xxxxyyyy80008/ds, docs/models/tabnet/1_tabnet_simple_binary_classification.md, its last 13 lines)
TABNET = [
    'epoch 39 | loss: 0.03126 | train_auc: 0.99728 | valid_auc: 0.99664 |  0:00:28s',
    'epoch 40 | loss: 0.03763 | train_auc: 0.99903 | valid_auc: 0.99352 |  0:00:29s',
    'epoch 41 | loss: 0.05079 | train_auc: 0.999   | valid_auc: 0.9938  |  0:00:29s',
    'epoch 42 | loss: 0.03019 | train_auc: 0.99848 | valid_auc: 0.99407 |  0:00:30s',
    'epoch 43 | loss: 0.02432 | train_auc: 0.99936 | valid_auc: 0.98669 |  0:00:31s',
    'epoch 44 | loss: 0.04208 | train_auc: 0.99914 | valid_auc: 0.98569 |  0:00:32s',
    'epoch 45 | loss: 0.03639 | train_auc: 0.99944 | valid_auc: 0.98695 |  0:00:32s',
    'epoch 46 | loss: 0.03375 | train_auc: 0.99922 | valid_auc: 0.9797  |  0:00:33s',
    'epoch 47 | loss: 0.03105 | train_auc: 0.99863 | valid_auc: 0.98265 |  0:00:34s',
    'epoch 48 | loss: 0.02795 | train_auc: 0.99946 | valid_auc: 0.98412 |  0:00:34s',
    'epoch 49 | loss: 0.03275 | train_auc: 0.9993  | valid_auc: 0.98    |  0:00:35s',
    'Stop training because you reached max_epochs = 50 with best_epoch = 38 and best_valid_auc = 0.99935',
    'Best weights from best epoch are automatically used!',
]

# DGL's GCN example in a notebook ("Graph Convolutional Network Demo", FCT NOVA 2019, its output's first 14 lines)
DGL = [
    '/home/paperspace/anaconda3/envs/dgl/lib/python3.7/site-packages/dgl/base.py:18: UserWarning: Initial'
    'izer is not set. Use zero initializer instead. To suppress this warning, use `set_initializer` to ex'
    'plicitly specify which initializer to use.',
    '  warnings.warn(msg)',
    '/home/paperspace/anaconda3/envs/dgl/lib/python3.7/site-packages/numpy/core/fromnumeric.py:3118: Runt'
    'imeWarning: Mean of empty slice.',
    '  out=out, **kwargs)',
    '/home/paperspace/anaconda3/envs/dgl/lib/python3.7/site-packages/numpy/core/_methods.py:85: RuntimeWa'
    'rning: invalid value encountered in double_scalars',
    '  ret = ret.dtype.type(ret / rcount)',
    '',
    '',
    'Epoch 00000 | Loss 1.9473 | Time(s) nan',
    'Epoch 00001 | Loss 1.9346 | Time(s) nan',
    'Epoch 00002 | Loss 1.9241 | Time(s) nan',
    'Epoch 00003 | Loss 1.9144 | Time(s) 0.3964',
    'Epoch 00004 | Loss 1.9054 | Time(s) 0.3943',
    'Epoch 00005 | Loss 1.8960 | Time(s) 0.3929',
]

# RecBole (heupelS/GCN-AST, README.md, the example output under "Usage", lines 139-157)
RECBOLE = [
    '17 Jul 14:49    INFO  FLOPs: 0.0',
    'Train     0: 100%|█████████████████████████| 99/99 [00:02<00:00, 33.12it/s, GPU RAM: 0.09 G/15.98 G]',
    '17 Jul 14:49    INFO  epoch 0 training [time: 2.99s, train loss: 74.7694]',
    'Evaluate   : 100%|█████████████████████| 472/472 [00:00<00:00, 1074.11it/s, GPU RAM: 0.09 G/15.98 G]',
    '17 Jul 14:49    INFO  epoch 0 evaluating [time: 0.44s, valid_score: 0.013000]',
    '17 Jul 14:49    INFO  valid result: ',
    'recall@10 : 0.007    recall@20 : 0.013    ndcg@10 : 0.009    ndcg@20 : 0.011    mrr@10 : 0.024    mr'
    'r@20 : 0.028    hit@10 : 0.071    hit@20 : 0.126    precision@10 : 0.007    precision@20 : 0.007',
    '17 Jul 14:49    INFO  Saving current: saved/ANS-Jul-17-2024_14-49-12.pth',
    '...',
    'Train   430: 100%|███████████████████████| 108/108 [00:01<00:00, 59.76it/s, GPU RAM: 0.09 G/15.98 G]',
    '17 Jul 15:06    INFO  epoch 430 training [time: 1.81s, train loss: 33.0123]',
    'Evaluate   : 100%|█████████████████████| 472/472 [00:00<00:00, 1164.12it/s, GPU RAM: 0.09 G/15.98 G]',
    '17 Jul 15:06    INFO  epoch 430 evaluating [time: 0.41s, valid_score: 0.340000]',
    '17 Jul 15:06    INFO  valid result: ',
    'recall@10 : 0.232    recall@20 : 0.34    ndcg@10 : 0.255    ndcg@20 : 0.275    mrr@10 : 0.425    mrr'
    '@20 : 0.433    hit@10 : 0.779    hit@20 : 0.883    precision@10 : 0.174    precision@20 : 0.13',
    '17 Jul 15:06    INFO  Finished training, best eval result in epoch 219',
    '17 Jul 15:06    INFO  Average training time per epoch: 1.92 seconds',
    '17 Jul 15:06    INFO  Epochs to converge: 431',
    '17 Jul 15:06    INFO  Loading model structure and parameters from saved/ANS-Jul-17-2024_14-49-12.pth',
]

# RecBole in a notebook whose logger prints each line twice (an H&M GRU4Rec notebook, its `trainer.fit` output's
# first 30 lines)
RECBOLE_TWICE = [
    '18 Apr 20:41    INFO  GRU4Rec(',
    '  (item_embedding): Embedding(5780, 64, padding_idx=0)',
    '  (emb_dropout): Dropout(p=0.3, inplace=False)',
    '  (gru_layers): GRU(64, 128, bias=False, batch_first=True)',
    '  (dense): Linear(in_features=128, out_features=64, bias=True)',
    '  (loss_fct): CrossEntropyLoss()',
    ')',
    'Trainable parameters: 451904',
    'GRU4Rec(',
    '  (item_embedding): Embedding(5780, 64, padding_idx=0)',
    '  (emb_dropout): Dropout(p=0.3, inplace=False)',
    '  (gru_layers): GRU(64, 128, bias=False, batch_first=True)',
    '  (dense): Linear(in_features=128, out_features=64, bias=True)',
    '  (loss_fct): CrossEntropyLoss()',
    ')',
    'Trainable parameters: 451904',
    '18 Apr 20:47    INFO  epoch 0 training [time: 407.84s, train loss: 1707.0271]',
    'epoch 0 training [time: 407.84s, train loss: 1707.0271]',
    '18 Apr 20:47    INFO  Saving current: saved/GRU4Rec-Apr-18-2022_20-41-08.pth',
    'Saving current: saved/GRU4Rec-Apr-18-2022_20-41-08.pth',
    '18 Apr 20:54    INFO  epoch 1 training [time: 398.48s, train loss: 1607.3541]',
    'epoch 1 training [time: 398.48s, train loss: 1607.3541]',
    '18 Apr 20:54    INFO  Saving current: saved/GRU4Rec-Apr-18-2022_20-41-08.pth',
    'Saving current: saved/GRU4Rec-Apr-18-2022_20-41-08.pth',
    '18 Apr 21:01    INFO  epoch 2 training [time: 390.24s, train loss: 1556.4927]',
    'epoch 2 training [time: 390.24s, train loss: 1556.4927]',
    '18 Apr 21:01    INFO  Saving current: saved/GRU4Rec-Apr-18-2022_20-41-08.pth',
    'Saving current: saved/GRU4Rec-Apr-18-2022_20-41-08.pth',
    '18 Apr 21:07    INFO  epoch 3 training [time: 390.64s, train loss: 1525.6584]',
    'epoch 3 training [time: 390.64s, train loss: 1525.6584]',
]

# an OGB example's repeated runs (a modified ogbl-citation2 Cluster-GCN example's README, its first 14 lines)
OGB_RUNS = [
    'Run: 01, Epoch: 01, Loss: 0.5451',
    'Run: 01, Epoch: 02, Loss: 0.2046',
    'Run: 01, Epoch: 03, Loss: 0.1638',
    'Run: 01, Epoch: 04, Loss: 0.1439',
    'Run: 01, Epoch: 05, Loss: 0.1327',
    'Run: 01, Epoch: 06, Loss: 0.1216',
    'Evaluating full-batch GNN on CPU...',
    'Run: 01, Epoch: 06, Loss: 0.1216, Train: 0.7051, Valid: 0.6286, Test: 0.6278',
    'ClusterGCN',
    'Run 01:',
    'Highest Train: 0.7051',
    'Highest Valid: 0.6286',
    'Final Train: 0.7051',
    'Final Test: 0.6278',
]

# PyTorchTS' DeepAR (zalandoresearch/pytorch-ts, README.md, the output after `estimator.train(...)`)
GLUONTS = [
    '45it [00:01, 37.60it/s, avg_epoch_loss=4.64, epoch=0]',
    '48it [00:01, 39.56it/s, avg_epoch_loss=4.2, epoch=1] ',
    '45it [00:01, 38.11it/s, avg_epoch_loss=4.1, epoch=2] ',
    '43it [00:01, 36.29it/s, avg_epoch_loss=4.05, epoch=3]',
    '44it [00:01, 35.98it/s, avg_epoch_loss=4.03, epoch=4]',
    '48it [00:01, 39.48it/s, avg_epoch_loss=4.01, epoch=5]',
    '48it [00:01, 38.65it/s, avg_epoch_loss=4, epoch=6]   ',
    '46it [00:01, 37.12it/s, avg_epoch_loss=3.99, epoch=7]',
    '48it [00:01, 38.86it/s, avg_epoch_loss=3.98, epoch=8]',
    '48it [00:01, 39.49it/s, avg_epoch_loss=3.97, epoch=9]',
]

# a PaddleRS STANet reproduction's README (STANET_Paddle), its last epoch
PADDLERS = [
    '2022-05-12 09:04:44 [INFO]\t[TRAIN] Epoch=100/100, Step=510/890, loss=0.010915, lr=0.000000, time_eac'
    'h_step=0.22s, eta=0:1:25',
    '2022-05-12 09:04:49 [INFO]\t[TRAIN] Epoch=100/100, Step=530/890, loss=0.006785, lr=0.000000, time_eac'
    'h_step=0.24s, eta=0:1:25',
    '2022-05-12 09:04:53 [INFO]\t[TRAIN] Epoch=100/100, Step=550/890, loss=0.026687, lr=0.000000, time_eac'
    'h_step=0.22s, eta=0:1:14',
    '2022-05-12 09:04:57 [INFO]\t[TRAIN] Epoch=100/100, Step=570/890, loss=0.008460, lr=0.000000, time_eac'
    'h_step=0.22s, eta=0:1:10',
    '2022-05-12 09:05:02 [INFO]\t[TRAIN] Epoch=100/100, Step=590/890, loss=0.011459, lr=0.000000, time_eac'
    'h_step=0.22s, eta=0:1:5',
    '2022-05-12 09:05:06 [INFO]\t[TRAIN] Epoch=100/100, Step=610/890, loss=0.019418, lr=0.000000, time_eac'
    'h_step=0.22s, eta=0:1:1',
    '2022-05-12 09:05:11 [INFO]\t[TRAIN] Epoch=100/100, Step=630/890, loss=0.005029, lr=0.000000, time_eac'
    'h_step=0.22s, eta=0:0:56',
    '2022-05-12 09:05:15 [INFO]\t[TRAIN] Epoch=100/100, Step=650/890, loss=0.005506, lr=0.000000, time_eac'
    'h_step=0.22s, eta=0:0:52',
    '2022-05-12 09:05:19 [INFO]\t[TRAIN] Epoch=100/100, Step=670/890, loss=0.015819, lr=0.000000, time_eac'
    'h_step=0.22s, eta=0:0:48',
    '2022-05-12 09:05:24 [INFO]\t[TRAIN] Epoch=100/100, Step=690/890, loss=0.044369, lr=0.000000, time_eac'
    'h_step=0.22s, eta=0:0:43',
    '2022-05-12 09:05:28 [INFO]\t[TRAIN] Epoch=100/100, Step=710/890, loss=0.015256, lr=0.000000, time_eac'
    'h_step=0.23s, eta=0:0:41',
    '2022-05-12 09:05:33 [INFO]\t[TRAIN] Epoch=100/100, Step=730/890, loss=0.019745, lr=0.000000, time_eac'
    'h_step=0.23s, eta=0:0:37',
    '2022-05-12 09:05:38 [INFO]\t[TRAIN] Epoch=100/100, Step=750/890, loss=0.018086, lr=0.000000, time_eac'
    'h_step=0.23s, eta=0:0:32',
    '2022-05-12 09:05:42 [INFO]\t[TRAIN] Epoch=100/100, Step=770/890, loss=0.016677, lr=0.000000, time_eac'
    'h_step=0.23s, eta=0:0:27',
    '2022-05-12 09:05:47 [INFO]\t[TRAIN] Epoch=100/100, Step=790/890, loss=0.001464, lr=0.000000, time_eac'
    'h_step=0.24s, eta=0:0:23',
    '2022-05-12 09:05:52 [INFO]\t[TRAIN] Epoch=100/100, Step=810/890, loss=0.012966, lr=0.000000, time_eac'
    'h_step=0.23s, eta=0:0:18',
    '2022-05-12 09:05:56 [INFO]\t[TRAIN] Epoch=100/100, Step=830/890, loss=0.023754, lr=0.000000, time_eac'
    'h_step=0.23s, eta=0:0:13',
    '2022-05-12 09:06:01 [INFO]\t[TRAIN] Epoch=100/100, Step=850/890, loss=0.028769, lr=0.000000, time_eac'
    'h_step=0.22s, eta=0:0:8',
    '2022-05-12 09:06:05 [INFO]\t[TRAIN] Epoch=100/100, Step=870/890, loss=0.032295, lr=0.000000, time_eac'
    'h_step=0.23s, eta=0:0:4',
    '2022-05-12 09:06:09 [INFO]\t[TRAIN] Epoch=100/100, Step=890/890, loss=0.007821, lr=0.000000, time_eac'
    'h_step=0.22s, eta=0:0:0',
    '2022-05-12 09:06:09 [INFO]\t[TRAIN] Epoch 100 finished, loss=0.015338902 .',
    '2022-05-12 09:06:09 [WARNING]\tSegmenter only supports batch_size=1 for each gpu/cpu card during eval'
    'uation, so batch_size is forcibly set to 1.',
    '2022-05-12 09:06:09 [INFO]\tStart to evaluate(total_samples=1024, total_steps=1024)...',
    '2022-05-12 09:06:56 [INFO]\t[EVAL] Finished, Epoch=100, miou=0.885875, category_iou=[0.99009678 0.781'
    '65347], oacc=0.990436, category_acc=[0.9919836  0.94908052], kappa=0.872500, category_F1-score=[0.99'
    '502375 0.87744725] .',
    '2022-05-12 09:06:56 [INFO]\tCurrent evaluated best model on eval_dataset is epoch_90, miou=0.8907833212298902',
    '2022-05-12 09:06:56 [INFO]\tModel saved in ./output1/stanet/epoch_100.',
    '',
]

# MindYOLO on a GPU (mindspore-lab/mindyolo issue 441)
MINDYOLO = [
    '2025-04-10 16:49:32,284 [INFO] Epoch 35/300, Step 4/4, imgsize (640, 640), loss: 0.2778, lbox: 0.103'
    '5, lobj: 0.0723, lcls: 0.1021, cur_lr: 0.008844999596476555',
    '2025-04-10 16:49:32,287 [INFO] Epoch 35/300, Step 4/4, step time: 23330.36 ms',
    '2025-04-10 16:49:32,977 [INFO] Saving model to ./runs/2025.04.10-15.40.05/weights/yolov5s-35_4.ckpt',
    '2025-04-10 16:49:32,978 [INFO] Epoch 35/300, epoch time: 1.57 min.',
    '2025-04-10 16:51:08,503 [INFO] Epoch 36/300, Step 4/4, imgsize (640, 640), loss: 0.2732, lbox: 0.100'
    '3, lobj: 0.0710, lcls: 0.1019, cur_lr: 0.008812000043690205',
    '2025-04-10 16:51:08,507 [INFO] Epoch 36/300, Step 4/4, step time: 23882.45 ms',
    '2025-04-10 16:51:09,268 [INFO] Saving model to ./runs/2025.04.10-15.40.05/weights/yolov5s-36_4.ckpt',
    '2025-04-10 16:51:09,268 [INFO] Epoch 36/300, epoch time: 1.60 min.',
    '2025-04-10 16:52:44,639 [INFO] Epoch 37/300, Step 4/4, imgsize (640, 640), loss: 0.2813, lbox: 0.100'
    '1, lobj: 0.0793, lcls: 0.1019, cur_lr: 0.00877899955958128',
    '2025-04-10 16:52:44,643 [INFO] Epoch 37/300, Step 4/4, step time: 23843.84 ms',
    '2025-04-10 16:52:45,312 [INFO] Saving model to ./runs/2025.04.10-15.40.05/weights/yolov5s-37_4.ckpt',
    '2025-04-10 16:52:45,312 [INFO] Epoch 37/300, epoch time: 1.60 min.',
    '2025-04-10 16:54:20,197 [WARNING] overflow, still update, loss scale adjust to 1024.0',
    '',
]

# PaddlePaddle's transformer example on Windows (PaddlePaddle/models issue 2620)
PADDLE_ABORT = [
    '[2019-06-30 15:55:14,971 INFO train.py:571] step_idx: 3000, epoch: 0, batch: 3000, avg loss: 2.77982'
    '3, normalized loss: 1.634409, ppl: 16.116165, speed: 5.81 step/s',
    '[2019-06-30 15:55:32,400 INFO train.py:571] step_idx: 3100, epoch: 0, batch: 3100, avg loss: 3.25777'
    '8, normalized loss: 2.112365, ppl: 25.991724, speed: 5.74 step/s',
    '[2019-06-30 15:55:49,902 INFO train.py:571] step_idx: 3200, epoch: 0, batch: 3200, avg loss: 3.19231'
    '7, normalized loss: 2.046904, ppl: 24.344774, speed: 5.71 step/s',
    '*** Check failure stack trace: ***',
    '',
    'Process finished with exit code -1073740791 (0xC0000409)',
    '',
]

# PaddleNLP's ChatGLM with tensor parallelism (PaddlePaddle/PaddleNLP issue 6131)
PADDLE_LAUNCH = [
    '100%|██████████| 461/461 [01:42<00:00,  9.41it/s][2023-06-08 17:35:08,268] [    INFO] - Saving model'
    ' checkpoint to ./checkpoints/chatglm-6b/checkpoint-10',
    '[2023-06-08 17:35:08,281] [    INFO] - Configuration saved in ./checkpoints/chatglm-6b/checkpoint-10/config.json',
    '[2023-06-08 17:35:21,933] [    INFO] - tokenizer config file saved in ./checkpoints/chatglm-6b/check'
    'point-10/tokenizer_config.json',
    '[2023-06-08 17:35:21,935] [    INFO] - Special tokens file saved in ./checkpoints/chatglm-6b/checkpo'
    'int-10/special_tokens_map.json',
    'LAUNCH INFO 2023-06-08 17:35:48,689 Pod failed',
    'LAUNCH ERROR 2023-06-08 17:35:48,689 Container failed !!!',
    '',
]

# the SSD training loop of a Japanese PyTorch book's code (a 'train log' markdown file, lines 17-24)
SSD_JA = [
    'Epoch 1/1',
    '-------------',
    '（train）',
    'イテレーション 10 || Loss: 7.4292 || 10iter: 16.9440 sec.',
    'イテレーション 20 || Loss: 7.6820 || 10iter: 11.5865 sec.',
    'イテレーション 30 || Loss: 6.3324 || 10iter: 11.8477 sec.',
    'イテレーション 40 || Loss: 6.8519 || 10iter: 11.7546 sec.',
    'イテレーション 50 || Loss: 5.7130 || 10iter: 11.4723 sec.',
]

# a Russian script's epochs, each loss on the line under its head (a tabular ResNet script's docstring output,
# lines 18-33)
RU_EPOCHS = [
    'Эпоха 1/30',
    'Train Loss: 0.5623 | Val Loss: 0.3924',
    'Train Recall: 0.9077 | Val Recall: 0.8769',
    '------------------------------------------------------------',
    'Эпоха 2/30',
    'Train Loss: 0.4721 | Val Loss: 0.4361',
    'Train Recall: 0.8794 | Val Recall: 0.8078',
    '------------------------------------------------------------',
    'Эпоха 3/30',
    'Train Loss: 0.4218 | Val Loss: 0.3733',
    'Train Recall: 0.8734 | Val Recall: 0.8398',
    '------------------------------------------------------------',
    'Эпоха 4/30',
    'Train Loss: 0.3893 | Val Loss: 0.3255',
    'Train Recall: 0.8943 | Val Recall: 0.8777',
    '------------------------------------------------------------',
]

# a GAN in a Spanish course notebook ("Módulo 5 - Modelos generativos", its output's first 6 lines)
GAN_ES = [
    'Época 1/25 | loss_D = 0.8039 | loss_G = 1.9615',
    'Época 2/25 | loss_D = 0.5137 | loss_G = 3.5043',
    'Época 3/25 | loss_D = 0.5851 | loss_G = 2.9235',
    'Época 4/25 | loss_D = 0.4095 | loss_G = 3.1753',
    'Época 5/25 | loss_D = 0.3740 | loss_G = 3.1249',
    'Época 6/25 | loss_D = 0.3851 | loss_G = 2.8207',
]

# the LLMs-from-scratch training loop run in Colab (lukmanulhakeem97/LLM-Pretraining's notebook, its output)
LLMS_FROM_SCRATCH = [
    '',
    'Data Loaded...',
    'Total Characters: 20479',
    'Total Tokens: 5145',
    'Training tokens: 4608',
    'Validation tokens: 512',
    'All tokens: 5120',
    'Training started...',
    'Ep 1 (Step 000000): Train loss 9.683, Val loss 10.049',
    'Ep 1 (Step 000005): Train loss 8.122, Val loss 8.253',
    'Every effort moves you,, the, the,, the, the,, the, the, the, the,,,, the, the, the, the, the, the,,'
    ',, the, the, the, the,,,, the',
    'Ep 2 (Step 000010): Train loss 6.717, Val loss 7.042',
    'Ep 2 (Step 000015): Train loss 6.093, Val loss 6.597',
    'Every effort moves you of the of the of the" of the of the" of the of the the" of the" of the" of th'
    'e"" of the"" the" of the of the of the" of the" of the" of the"',
    'Ep 3 (Step 000020): Train loss 5.697, Val loss 6.509',
    'Ep 3 (Step 000025): Train loss 5.561, Val loss 6.475',
    'Every effort moves you of the--and of theisburn, I had Gisburn, I had I had Gisburn, and, and I had '
    'a I had I had I had the-- to the I had the--, the I had I had the',
    'Ep 4 (Step 000030): Train loss 5.215, Val loss 6.432',
    'Ep 4 (Step 000035): Train loss 4.758, Val loss 6.388',
    'Every effort moves you of the of the a of the--I of the fact of the--I. Gisburn\'s of the " of the--I'
    '--I--I that he had a of the--the-- of the--I of the I had the',
    'Ep 5 (Step 000040): Train loss 4.466, Val loss 6.279',
    'Every effort moves you I felt to have a little to have to have the fact a little. "Oh, and I had a l'
    'ittle.   "--and of the house." "--and he had been to me, and he had been his',
    'Ep 6 (Step 000045): Train loss 3.873, Val loss 6.223',
    'Ep 6 (Step 000050): Train loss 3.472, Val loss 6.176',
    'Every effort moves you of Jack\'s--I must to have to have been--as, and in the house." "Oh, and I had'
    " been to me--as, the picture, and up. Gisburn's modesty, and in the picture, and",
    'Ep 7 (Step 000055): Train loss 3.209, Val loss 6.222',
    'Ep 7 (Step 000060): Train loss 2.755, Val loss 6.196',
    'Every effort moves you know." "--and, I was not the fact with a one of the house." "Oh, and I had ma'
    'de him, and he had the same quality as his pictures--the quality of the fact--because he was, I',
    'Ep 8 (Step 000065): Train loss 2.384, Val loss 6.188',
    'Ep 8 (Step 000070): Train loss 1.879, Val loss 6.184',
    'Every effort moves you know," was not that, and he was the the fact with equanimity. "--had, in the '
    'women had made him, and he had the same quality as his pictures--the quality of the end of the room,'
    ' I had',
    'Ep 9 (Step 000075): Train loss 1.483, Val loss 6.276',
    'Ep 9 (Step 000080): Train loss 1.225, Val loss 6.306',
    'Every effort moves you?" "I." "--I felt nervous and a single one in the house." "Oh, and I felt to s'
    'ee a degree he had the same quality as his pictures--the quality of his ease--because he was, and',
    'Ep 10 (Step 000085): Train loss 0.900, Val loss 6.307',
    'Every effort moves you?"  "--forming, and it were, and uncertain. Stroud so when she began to me!"  '
    '"Oh, a smile behind his close grayish beard--as if he had the donkey. "There were days when I',
    'Training completed in 23.78 minutes.',
    'Figure(500x300)',
    '',
]

# Karpathy's makemore part 3 (karpathy/nn-zero-to-hero, lectures/makemore/makemore_part3_bn.ipynb, a cell's output)
MAKEMORE = [
    '      0/ 200000: 3.3239',
    '  10000/ 200000: 2.0322',
    '  20000/ 200000: 2.5675',
    '  30000/ 200000: 2.0125',
    '  40000/ 200000: 2.2446',
    '  50000/ 200000: 1.8897',
    '  60000/ 200000: 2.0785',
    '  70000/ 200000: 2.3681',
    '  80000/ 200000: 2.2918',
    '  90000/ 200000: 2.0238',
    ' 100000/ 200000: 2.3673',
    ' 110000/ 200000: 2.3132',
    ' 120000/ 200000: 1.6414',
    ' 130000/ 200000: 1.9311',
    ' 140000/ 200000: 2.2231',
    ' 150000/ 200000: 2.0027',
    ' 160000/ 200000: 2.0997',
    ' 170000/ 200000: 2.4949',
    ' 180000/ 200000: 2.0199',
    ' 190000/ 200000: 2.1707',
    '',
]

# the Flax basics guide (google/flax, docs/guides/flax_basics.ipynb, cell ePEl1ndse0Jq's output)
FLAX_GUIDE = [
    'Loss for "true" W,b:  0.023639778',
    'Loss step 0:  38.094772',
    'Loss step 10:  0.44692168',
    'Loss step 20:  0.10053458',
    'Loss step 30:  0.035822745',
    'Loss step 40:  0.018846875',
    'Loss step 50:  0.013864839',
    'Loss step 60:  0.012312559',
    'Loss step 70:  0.011812928',
    'Loss step 80:  0.011649306',
    'Loss step 90:  0.011595251',
    'Loss step 100:  0.0115773035',
    '',
]

# a Kaggle notebook's own tqdm bar an epoch (a papermill run's `__notebook__.ipynb`, its output's first 8 lines)
KAGGLE_BARS = [
    'Caching Stems: 100%|██████████| 4000/4000 [05:50<00:00, 11.42it/s]',
    'Epoch 1: 100%|██████████| 38/38 [06:01<00:00,  9.51s/it]',
    'Epoch 2: 100%|██████████| 38/38 [06:10<00:00,  9.75s/it]',
    'Epoch 3: 100%|██████████| 38/38 [05:55<00:00,  9.36s/it]',
    'Epoch 4: 100%|██████████| 38/38 [06:13<00:00,  9.83s/it]',
    'Epoch 5: 100%|██████████| 38/38 [05:58<00:00,  9.43s/it]',
    'Epoch 6: 100%|██████████| 38/38 [06:16<00:00,  9.91s/it]',
    'Epoch 7: 100%|██████████| 38/38 [06:10<00:00,  9.75s/it]',
]

# fastai 0.7 (Emrys-Hong/fastai_sequence_tagging, coNLL_three_layer.ipynb, its training cell's first 20 lines)
FASTAI07 = [
    'prefix /fs-object-detection/paperspace/fastai/courses/coNLL/data/nlp_seq/ner/; lm_id ; train_file_id'
    ' ; clas_id None; bs 64; cl 1; bidir True; dropmult 1 unfreeze True startat 0; pretrain True; bpe Fal'
    'se; use_clr False; use_regular_schedule False; use_discriminative True; last False; chain_thaw True;'
    ' from_scratch False; freeze_word2vec False; bptt 70; em_sz 400; nh 1150; nl 3; dropouts [0.4  0.5  0'
    '.05 0.3  0.4 ]; dropmult 1; linear_decoder_dp 0.2',
    'Train sentences shape: (14988,)',
    'Train labels shape: (14988,)',
    "Token ids: ['xbos', '-docstart-']",
    "Label ids: ['_bos_', 'O']",
    'Loading encoder from /fs-object-detection/paperspace/fastai/courses/coNLL/data/nlp_seq/ner/models/lm1_enc...',
    'AWDLSTM learning_rate [0.00001 0.00002 0.00004 0.00004]; embedding_lr 0.0005; linear_decoder_lr 0.00'
    '5; rnn_lr 0.0007; lm_lr 0.01; weight_decay 1e-05',
    'Using chain-thaw. Unfreezing all layers one at a time...',
    '# of layers: 8',
    'Fine-tuning layer #7',
    'epoch      trn_loss   val_loss   accuracy                    ',
    '    0      0.159474   0.186139   0.948293  ',
    '',
    'Fine-tuning layer #6.',
    'epoch      trn_loss   val_loss   accuracy                    ',
    '    0      0.122185   0.153179   0.959319  ',
    '',
    'Fine-tuning layer #5.',
    'epoch      trn_loss   val_loss   accuracy                     ',
    '    0      0.098153   0.131593   0.960315  ',
]

# the HF Trainer's notebook table copied twice, as the cell ran and as it ended (a Colab L4 Qwen3.5 QLoRA
# script's output docstring, lines 38-56)
HF_TABLE_TWICE = [
    ' [1787/2844 11:52:49 < 7:02:06, 0.04 it/s, Epoch 1.88/3]',
    'Step\tTraining Loss\tValidation Loss\tCer\tWer',
    '500\t1.110035\t1.069532\t0.283573\t0.568444',
    '1000\t0.768191\t0.853066\t0.245953\t0.493541',
    '1500\t0.682146\t0.746075\t0.230032\t0.456292',
    '/usr/local/lib/python3.12/dist-packages/bitsandbytes/backends/cuda/ops.py:944: UserWarning: inner di'
    'mension (4304) is not aligned for fast kernel with blocksize=64, falling back to slower implementati'
    'on.',
    '  warn(',
    '/usr/local/lib/python3.12/dist-packages/bitsandbytes/backends/cuda/ops.py:944: UserWarning: inner di'
    'mension (4304) is not aligned for fast kernel with blocksize=64, falling back to slower implementati'
    'on.',
    '  warn(',
    '/usr/local/lib/python3.12/dist-packages/bitsandbytes/backends/cuda/ops.py:944: UserWarning: inner di'
    'mension (4304) is not aligned for fast kernel with blocksize=64, falling back to slower implementati'
    'on.',
    '  warn(',
    ' [2844/2844 18:59:53, Epoch 3/3]',
    'Step\tTraining Loss\tValidation Loss\tCer\tWer',
    '500\t1.110035\t1.069532\t0.283573\t0.568444',
    '1000\t0.768191\t0.853066\t0.245953\t0.493541',
    '1500\t0.682146\t0.746075\t0.230032\t0.456292',
    '2000\t0.500185\t0.705239\t0.219548\t0.431993',
    '2500\t0.501025\t0.682410\t0.214211\t0.418849',
    '2844\t0.463303\t0.680545\t0.215580\t0.421917',
]


def _lines_of(lines: list[str], pattern: str) -> list[int]:
    return [i for i, text in enumerate(lines, 1) if re.search(pattern, text)]


def test_fuxictrs_save_best_model_lines_are_saves(tmp_path: Path) -> None:
    """FuxiCTR logs `Save best model: monitor(max): 0.366836` (since 2.0 `monitor(max)=1.615188`)
    before it writes the model."""
    for lines in (FUXICTR_2019, FUXICTR_2):
        _, _, events = _read(tmp_path, lines)
        assert [e["line"] for e in events if e["kind"] == "checkpoint_save_start"] == _lines_of(lines, r"Save best model: ")


def test_tabnets_stop_at_max_epochs_ends_the_run(tmp_path: Path) -> None:
    """TabNet's `Stop training because you reached max_epochs = 50 with best_epoch = 38 and ...`
    ends its fit cleanly."""
    _, steps, events = _read(tmp_path, TABNET)
    assert [s["step"] for s in steps] == [int(m.group(1)) for t in TABNET if (m := re.match(r"epoch (\d+) \|", t))]
    assert [(e["kind"], e["line"], e["detail"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [
        ("attempt_end", _lines_of(TABNET, r"^Stop training because")[0], "its epochs done")]  # (no early stop)


def test_dgls_running_mean_epoch_time_gives_each_epochs_own(tmp_path: Path) -> None:
    """DGL's `Epoch 00004 | Loss 1.9054 | Time(s) 0.3943` prints `np.mean(dur)`, the mean of the
    epochs timed so far (none before the fourth: `nan`): each epoch's own time is the one whose
    mean with the times before it is the printed mean (so the mean of the times read reproduces
    every printed mean), none where it prints `nan`."""
    _, steps, _ = _read(tmp_path, DGL)
    printed = [(int(m.group(1)), m.group(2)) for t in DGL if (m := re.match(r"Epoch (\d+) \| Loss [\d.]+ \| Time\(s\) (\S+)", t))]
    assert len(printed) == 6
    assert [s["step"] for s in steps] == [n for n, _ in printed]
    assert [s["step_time_s"] is None for s in steps] == [v == "nan" for _, v in printed]
    own = [s["step_time_s"] for s in steps if s["step_time_s"] is not None]
    means = [float(v) for _, v in printed if v != "nan"]
    assert len(own) == len(means) == 3
    assert [sum(own[:k]) / k for k in range(1, len(own) + 1)] == [pytest.approx(m) for m in means]
    assert own != pytest.approx(means)  # (not the printed means themselves)


def test_recboles_lines_its_dates_saves_and_end(tmp_path: Path) -> None:
    """RecBole's logger dates a line to the minute with no year (`17 Jul 14:49    INFO  ...`);
    `epoch 0 training [time: 2.99s, ...]` is epoch 0 of 2.99 s (its `evaluating [time: 0.44s, ...]`
    line after it is not the epoch's time); `Saving current: saved/ANS-....pth` is a save;
    `Finished training, best eval result in epoch 219` its end."""
    _, steps, events = _read(tmp_path, RECBOLE)
    trained = [(int(m.group(1)), float(m.group(2))) for t in RECBOLE
               if (m := re.search(r"epoch (\d+) training \[time: ([\d.]+)s", t))]
    assert [(s["step"], s["step_time_s"]) for s in steps] == trained
    minutes = [re.match(r"(\d+) Jul (\d+):(\d+) ", t) for t in RECBOLE]
    first = next(m for m in minutes if m is not None)
    assert steps[0]["end_ns"] % (86_400 * 10**9) == (int(first.group(2)) * 3600 + int(first.group(3)) * 60) * 10**9
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == _lines_of(RECBOLE, r"INFO  Saving current: ")
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == _lines_of(RECBOLE, r"INFO  Finished training")


def test_a_save_a_second_handler_prints_again_is_one_save(tmp_path: Path) -> None:
    """A notebook whose logger has two handlers prints RecBole's `Saving current: ...` twice, dated,
    then not: one save each epoch."""
    _, steps, events = _read(tmp_path, RECBOLE_TWICE)
    dated = _lines_of(RECBOLE_TWICE, r"^\d+ Apr \d+:\d+ +INFO  Saving current: ")
    assert len(dated) == len(_lines_of(RECBOLE_TWICE, r"^Saving current: ")) == 3
    assert [e["line"] for e in events if e["kind"].startswith("checkpoint_save")] == dated
    assert sorted(s["step"] for s in steps) == [0, 1, 2, 3]  # (each epoch once, its undated copy no row)


def test_an_ogb_examples_run_prefix_before_its_epoch_line(tmp_path: Path) -> None:
    """`Run: 01, Epoch: 01, Loss: 0.5451`: epoch 1 of run 1, its loss."""
    _, steps, _ = _read(tmp_path, OGB_RUNS)
    want = [(int(m.group(1)), float(m.group(2))) for t in OGB_RUNS
            if (m := re.fullmatch(r"Run: 01, Epoch: (\d+), Loss: ([\d.]+)", t))]
    assert len(want) == 6
    assert [(s["step"], s["loss"]) for s in steps] == want


def test_gluonts_epoch_bars_are_its_epochs(tmp_path: Path) -> None:
    """PyTorchTS' (GluonTS') trainer bar, one an epoch with no total: `45it [00:01, 37.60it/s,
    avg_epoch_loss=4.64, epoch=0]` is epoch 0, its mean loss, its time its items over its rate."""
    _, steps, _ = _read(tmp_path, GLUONTS)
    want = [(int(m.group(4)), float(m.group(3)), int(m.group(1)) / float(m.group(2)))
            for t in GLUONTS if (m := re.match(r"(\d+)it \[[\d:]+, ([\d.]+)it/s, avg_epoch_loss=([\d.]+), epoch=(\d+)\]", t))]
    assert len(want) == 10
    assert [(s["step"], s["loss"], s["step_time_s"], s["framework"]) for s in steps] == [
        (e, loss, pytest.approx(t), "gluonts") for e, loss, t in want]


def test_paddlex_epoch_and_step_counts_and_its_saves(tmp_path: Path) -> None:
    """PaddleX's `[TRAIN] Epoch=100/100, Step=510/890, ..., time_each_step=0.22s`: batch 510 of
    epoch 100's 890 (epochs from 1: the run's step 99 x 890 + 510), each of its steps 0.22 s;
    `Model saved in ./output1/stanet/epoch_100.` a save. One run, no restart."""
    _, steps, events = _read(tmp_path, PADDLERS)
    want = [((int(m.group(1)) - 1) * int(m.group(3)) + int(m.group(2)), float(m.group(4))) for t in PADDLERS
            if (m := re.search(r"Epoch=(\d+)/\d+, Step=(\d+)/(\d+), .*time_each_step=([\d.]+)s", t))]
    assert len(want) == 20
    assert [(s["step"], s["step_time_s"]) for s in steps] == want
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == _lines_of(PADDLERS, r"Model saved in ")
    assert not [e for e in events if e["kind"] in ("crash", "restart")]


def test_an_epochs_last_batch_ends_it(tmp_path: Path) -> None:
    """`Epoch=100/100, Step=890/890` is the last of epoch 100's 890 batches."""
    counter = _step_counter(PADDLERS[next(i for i, t in enumerate(PADDLERS) if "Step=890/890" in t)])
    assert counter is not None and (counter.epoch, counter.batches, counter.ends_epoch) == (100, 890, True)


def test_mindyolos_step_time_line_is_its_steps_and_its_saves(tmp_path: Path) -> None:
    """MindYOLO prints a step's metrics (`Epoch 35/300, Step 4/4, imgsize (640, 640), loss: 0.2778,
    ...`), then its time on a line of its own (`Epoch 35/300, Step 4/4, step time: 23330.36 ms`):
    one step. Each line is an epoch's last batch (4 of 4): the log shows its epochs, each step's
    time the epoch's (4 batches); `[INFO] Saving model to ./runs/...ckpt` is a save begun."""
    _, steps, events = _read(tmp_path, MINDYOLO)
    timed = {int(m.group(1)): float(m.group(2)) / 1000 for t in MINDYOLO
             if (m := re.search(r"Epoch (\d+)/300, Step 4/4, step time: ([\d.]+) ms", t))}
    losses = {int(m.group(1)): float(m.group(2)) for t in MINDYOLO
              if (m := re.search(r"Epoch (\d+)/300, Step 4/4, .*loss: ([\d.]+),", t))}
    assert sorted(timed) == sorted(losses) == [35, 36, 37]
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [
        (e, losses[e], pytest.approx(4 * timed[e])) for e in sorted(timed)]
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_start"] == _lines_of(MINDYOLO, r"\] Saving model to ")


def test_glogs_check_failure_is_a_crash(tmp_path: Path) -> None:
    """`*** Check failure stack trace: ***` (a failed CHECK, after which the process aborts)
    after PaddlePaddle's step lines is the run's crash; PyCharm's `Process finished with exit code
    -1073740791 (0xC0000409)` after it is the same end."""
    _, steps, events = _read(tmp_path, PADDLE_ABORT)
    assert [s["step"] for s in steps] == [3000, 3100, 3200]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("crash", "attempt_end")] == [
        ("crash", _lines_of(PADDLE_ABORT, r"Check failure stack trace")[0])]


def test_paddles_launcher_pod_failed_is_a_crash(tmp_path: Path) -> None:
    """PaddlePaddle's launcher: `LAUNCH INFO ... Pod failed`, then `LAUNCH ERROR ... Container failed
    !!!`: one failure; its lines start no process."""
    _, _, events = _read(tmp_path, PADDLE_LAUNCH)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("crash", "attempt_start")] == [
        ("attempt_start", 2), ("crash", _lines_of(PADDLE_LAUNCH, r"Pod failed")[0])]


def test_japanese_iteration_lines_and_their_time_of_ten(tmp_path: Path) -> None:
    """`イテレーション 10 || Loss: 7.4292 || 10iter: 16.9440 sec.`: iteration 10, each of the last
    ten iterations 1.6944 s."""
    _, steps, _ = _read(tmp_path, SSD_JA)
    want = [(int(m.group(1)), float(m.group(2)), float(m.group(4)) / int(m.group(3))) for t in SSD_JA
            if (m := re.match(r"イテレーション (\d+) \|\| Loss: ([\d.]+) \|\| (\d+)iter: ([\d.]+) sec\.", t))]
    assert len(want) >= 3
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [(n, loss, pytest.approx(t)) for n, loss, t in want]


def test_a_spanish_epoch_line(tmp_path: Path) -> None:
    """`Época 1/25 | loss_D = 0.8039 | loss_G = 1.9615`: epoch 1."""
    _, steps, _ = _read(tmp_path, GAN_ES)
    printed = [int(m.group(1)) for t in GAN_ES if (m := re.match(r"Época (\d+)/25", t))]
    assert [s["step"] for s in steps] == printed == [1, 2, 3, 4, 5, 6]


def test_llms_from_scratch_evaluation_lines_and_its_end(tmp_path: Path) -> None:
    """`Ep 2 (Step 000010): Train loss 6.717, Val loss 7.042`: step 10, its training loss; `Training
    completed in 23.78 minutes.` the end."""
    _, steps, events = _read(tmp_path, LLMS_FROM_SCRATCH)
    want = [(int(m.group(1)), float(m.group(2))) for t in LLMS_FROM_SCRATCH
            if (m := re.match(r"Ep \d+ \(Step (\d+)\): Train loss ([\d.]+), Val loss", t))]
    assert len(want) == 18
    assert [(s["step"], s["loss"]) for s in steps] == want
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == _lines_of(LLMS_FROM_SCRATCH, r"^Training completed in ")


def test_makemores_bare_counter_and_loss(tmp_path: Path) -> None:
    """makemore's `  10000/ 200000: 2.0322`: step 10000, its loss."""
    _, steps, _ = _read(tmp_path, MAKEMORE)
    want = [(int(m.group(1)), float(m.group(2))) for t in MAKEMORE if (m := re.fullmatch(r"\s*(\d+)/ 200000: ([\d.]+)", t))]
    assert len(want) == 20
    assert [(s["step"], s["loss"]) for s in steps] == want


def test_the_flax_guides_loss_step_lines(tmp_path: Path) -> None:
    """The Flax basics guide's `Loss step 10:  0.44692168`: step 10, its loss (the `Loss for "true"
    W,b` line before them is no step)."""
    _, steps, _ = _read(tmp_path, FLAX_GUIDE)
    want = [(int(m.group(1)), float(m.group(2))) for t in FLAX_GUIDE if (m := re.fullmatch(r"Loss step (\d+):\s+([\d.]+)", t))]
    assert len(want) == 11
    assert [(s["step"], s["loss"], s["framework"]) for s in steps] == [(n, loss, "flax") for n, loss in want]


def test_a_scripts_own_epoch_bars_are_no_lightnings(tmp_path: Path) -> None:
    """`Epoch 1: 100%|...| 38/38 [06:01<00:00,  9.51s/it]`, no metric nor `v_num` after the rate,
    from epoch 1: a script's tqdm bar an epoch (Lightning's count epochs from 0 and show its
    logger's version). The log shows its epochs: each a step, its time its batches over the rate."""
    name, steps, _ = _read(tmp_path, KAGGLE_BARS)
    assert name == "generic_log"
    want = [(int(m.group(1)), int(m.group(2)) * float(m.group(3))) for t in KAGGLE_BARS
            if (m := re.match(r"Epoch (\d+): 100%\|\S+\| (\d+)/\d+ \[[\d:<]+,\s+([\d.]+)s/it\]", t))]
    assert len(want) == 7
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(e, pytest.approx(t)) for e, t in want]


def test_fastai_07s_table_is_fastais(tmp_path: Path) -> None:
    """fastai 0.7's `epoch      trn_loss   val_loss   accuracy` table: fastai's rows."""
    _, steps, _ = _read(tmp_path, FASTAI07)
    assert steps and {s["framework"] for s in steps} == {"fastai"}
    assert [s["loss"] for s in steps] == [float(m.group(1)) for t in FASTAI07 if (m := re.match(r"\s+0\s+([\d.]+)\s+[\d.]+", t))]


def test_the_hf_notebook_table_copied_twice_is_one_run(tmp_path: Path) -> None:
    """The Trainer's notebook table as the cell ran (` [1787/2844 ...]`, rows to 1500) and as it ended
    (` [2844/2844 ...]`, rows to 2500): the rows shown twice are the same steps, not a run that
    redid them; the first caption's step 1787 comes after its table's rows."""
    _, steps, events = _read(tmp_path, HF_TABLE_TWICE)
    rows = [int(m.group(1)) for t in HF_TABLE_TWICE if (m := re.match(r"(\d+)\t[\d.]+\t", t))]
    captions = [int(m.group(1)) for t in HF_TABLE_TWICE if (m := re.match(r"\s*\[(\d+)/2844 ", t))]
    assert captions == [1787, 2844] and rows.count(500) == 2
    got = [s["step"] for s in sorted(steps, key=lambda s: s["line"])]
    assert got == sorted(set(rows) | {1787, 2844})
    assert not [e for e in events if e["kind"] in ("restart", "crash")]


def test_the_notebook_captions_total_with_no_time_left_ends_the_run(tmp_path: Path) -> None:
    """` [1787/2844 11:52:49 < 7:02:06, 0.04 it/s, Epoch 1.88/3]` is drawn while the run goes on (time
    left); ` [2844/2844 18:59:53, Epoch 3/3]`, its count at its total and no time left, as it ended:
    the run's end, at that caption."""
    _, _, events = _read(tmp_path, HF_TABLE_TWICE)
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [
        HF_TABLE_TWICE.index(" [2844/2844 18:59:53, Epoch 3/3]") + 1]


def test_an_epochs_head_alone_then_its_training_loss_line(tmp_path: Path) -> None:
    """`Эпоха 2/30` (epoch 2 of 30), then `Train Loss: 0.4721 | Val Loss: 0.4361` on the next line:
    epoch 2, its training loss."""
    _, steps, _ = _read(tmp_path, RU_EPOCHS)
    heads = [int(m.group(1)) for t in RU_EPOCHS if (m := re.fullmatch(r"Эпоха (\d+)/30", t))]
    losses = [float(m.group(1)) for t in RU_EPOCHS if (m := re.match(r"Train Loss: ([\d.]+) \|", t))]
    assert heads == [1, 2, 3, 4] and len(losses) == 4
    assert [(s["step"], s["loss"]) for s in steps] == list(zip(heads, losses, strict=True))
