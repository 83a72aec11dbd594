"""Consoles that crashed before their first step, 3D and detection research code, reinforcement
learning's logger tables, and older frameworks' lines: step, save and failure lines quoted verbatim from public logs (each block's
source is cited above it), tiny inputs in, exact rows out, each expectation read off the quoted
text."""

from __future__ import annotations

import json
import os
import re
from datetime import datetime
from pathlib import Path

import pytest

from tests.conftest import console_connection
from tests.test_line_rules import _ns, _read
from tests.test_line_rules_libraries import ALLENNLP
from tracelens.parsers import detect, registry
from tracelens.parsers.generic_log import _from_running_mean, _names_training_before_traceback
from tracelens.store import Store

# Anomaly-Transformer's scripts/MSL.sh on a machine with no GPU (a stored copy of its run notes, index id 12424227955, section
# "2.3 MSL", the first run's last 22 lines): the model's build fails before any step
ANOMALY_TRANSFORMER = [
    "test: (73729, 55)",
    "train: (58317, 55)",
    "test: (73729, 55)",
    "train: (58317, 55)",
    "Traceback (most recent call last):",
    "  File \"main.py\", line 52, in <module>",
    "    main(config)",
    "  File \"main.py\", line 18, in main",
    "    solver = Solver(vars(config))",
    "  File \"/media/username/folder/Dev/Anomaly-Transformer/solver.py\", line 85, in __init__",
    "    self.build_model()",
    "  File \"/media/username/folder/Dev/Anomaly-Transformer/solver.py\", line 90, in build_model",
    "    self.model = AnomalyTransformer(win_size=self.win_size, enc_in=self.input_c, c_out=self.output_c, e_layers=3)",
    "  File \"/media/username/folder/Dev/Anomaly-Transformer/model/AnomalyTransformer.py\", line 77, in __init__",
    "    ) for l in range(e_layers)",
    "  File \"/media/username/folder/Dev/Anomaly-Transformer/model/AnomalyTransformer.py\", line 77, in <listcomp>",
    "    ) for l in range(e_layers)",
    "  File \"/media/username/folder/Dev/Anomaly-Transformer/model/attn.py\", line 29, in __init__",
    "    self.distances = torch.zeros((window_size, window_size)).cuda()",
    "  File \"/home/username/anaconda3/envs/Anomaly-Transformer/lib/python3.6/site-packages/torch/cuda/__i"
    "nit__.py\", line 170, in _lazy_init",
    "    torch._C._cuda_init()",
    "RuntimeError: No CUDA GPUs are available",
]

# Inria's 3D Gaussian Splatting, `train.py --iterations 50000` (Korean notes "Room2_640480 처리 과정 전체 명령어", index id
# 1297419659, the block under "train.py 실행 결과" without its shell prompt)
GAUSSIAN_SPLATTING = [
    "Optimizing ",
    "Output folder: ./output/3733a7b1-0 [26/09 01:52:17]",
    "Tensorboard not available: not logging progress [26/09 01:52:17]",
    "------------LLFF HOLD------------- [26/09 01:52:17]",
    "Reading camera 288/288 [26/09 01:52:17]",
    "Converting point3d.bin to .ply, will happen only the first time you open the scene. [26/09 01:52:17]",
    "Loading Training Cameras [26/09 01:52:17]",
    "Loading Test Cameras [26/09 01:52:18]",
    "Number of points at initialisation :  21952 [26/09 01:52:18]",
    "Training progress:  14%|█████▏                               | 7000/50000 [01:43<16:04, 44.60it/s, L"
    "oss=0.0446380, Depth Loss=0.0000000]",
    "[ITER 7000] Evaluating test: L1 0.043095604723526366 PSNR 25.667881382836235 [26/09 01:54:02]",
    "",
    "[ITER 7000] Evaluating train: L1 0.031286730989813806 PSNR 28.01991844177246 [26/09 01:54:02]",
    "",
    "[ITER 7000] Saving Gaussians [26/09 01:54:02]",
    "Training progress:  60%|█████████████████████▌              | 30000/50000 [14:26<10:51, 30.70it/s, L"
    "oss=0.0208078, Depth Loss=0.0000000]",
    "[ITER 30000] Evaluating test: L1 0.03775196390536924 PSNR 26.76144096586439 [26/09 02:06:45]",
    "",
    "[ITER 30000] Evaluating train: L1 0.011909155547618866 PSNR 36.031324768066405 [26/09 02:06:45]",
    "",
    "[ITER 30000] Saving Gaussians [26/09 02:06:45]",
    "Training progress: 100%|████████████████████████████████████| 50000/50000 [25:06<00:00, 33.19it/s, L"
    "oss=0.0196026, Depth Loss=0.0000000]",
    "",
    "[ITER 50000] Saving Gaussians [26/09 02:17:25]",
    "",
    "Training complete. [26/09 02:17:27]",
]

# AlexeyAB's darknet, YOLOv3-tiny, `grep avg nohup.out` (a darknet user's rst work notes, index id 47163725853, chars
# 32584-33671, its iteration lines): the loss turns `-nan` at iteration 8
DARKNET_NAN = [
    "   1: 556.005249, 556.005249 avg loss, 0.000000 rate, 40.257556 seconds, 64 images, -1.000000 hours left",
    "   2: 555.796509, 555.984375 avg loss, 0.000000 rate, 40.023119 seconds, 128 images, 5602.339534 hours left",
    "   3: 556.233582, 556.009277 avg loss, 0.000000 rate, 40.137928 seconds, 192 images, 5601.925925 hours left",
    "   4: 555.829895, 555.991333 avg loss, 0.000000 rate, 40.028085 seconds, 256 images, 5601.675859 hours left",
    "   5: 556.016968, 555.993896 avg loss, 0.000000 rate, 40.083506 seconds, 320 images, 5601.275543 hours left",
    "   6: 556.002319, 555.994751 avg loss, 0.000000 rate, 40.055308 seconds, 384 images, 5600.956159 hours left",
    "   7: 555.905579, 555.985840 avg loss, 0.000000 rate, 40.106618 seconds, 448 images, 5600.600656 hours left",
    "   8: -nan, -nan avg loss, 0.000000 rate, 40.373377 seconds, 512 images, 5600.319865 hours left",
    "   9: -nan, -nan avg loss, 0.000000 rate, 41.320219 seconds, 576 images, 5600.412450 hours left",
]

# The same notes' YOLOv2 run (chars 28995-30272): glibc aborts the process on a corrupted heap
DARKNET_HEAP = [
    "   69: -nan, -nan avg loss, 0.000100 rate, 39.914736 seconds, 4416 images, 421.417908 hours left",
    "   known client: 4, sent = 181230, must be sent outlen = 181230",
    "    MJPEG-stream sent. ",
    "   Loaded: 0.000022 seconds",
    "   Region Avg IOU: 0.000000, Class: nan, Obj: -nan, No Obj: -nan, Avg Recall: 0.000000,  count: 3",
    "   Region Avg IOU: 0.000000, Class: nan, Obj: -nan, No Obj: -nan, Avg Recall: 0.000000,  count: 4",
    "   Region Avg IOU: 0.000000, Class: nan, Obj: -nan, No Obj: -nan, Avg Recall: 0.000000,  count: 3",
    "   Region Avg IOU: 0.000000, Class: nan, Obj: -nan, No Obj: -nan, Avg Recall: 0.000000,  count: 2",
    "   Region Avg IOU: 0.000000, Class: nan, Obj: -nan, No Obj: -nan, Avg Recall: 0.000000,  count: 3",
    "   Region Avg IOU: -nan, Class: -nan, Obj: -nan, No Obj: -nan, Avg Recall: -nan,  count: 0",
    "   Region Avg IOU: 0.000000, Class: nan, Obj: -nan, No Obj: -nan, Avg Recall: 0.000000,  count: 2",
    "   Region Avg IOU: 0.000000, Class: nan, Obj: -nan, No Obj: -nan, Avg Recall: 0.000000,  count: 1",
    "   ",
    "    (next mAP calculation at 100 iterations) ESC]2;70/40200: loss=-nan hours left=421.7^G",
    "    70: -nan, -nan avg loss, 0.000100 rate, 39.945466 seconds, 4480 images, 421.653232 hours left",
    "   known client: 4, sent = 181242, must be sent outlen = 181242",
    "   realloc(): invalid old size",
]

# Detectron (Caffe2), tools/train_net.py's last lines (a Detectron tutorial, index id 18101496854, its
# "训练结束返回数据" block without the author's elision note before it)
DETECTRON = [
    "json_stats: {\"accuracy_cls\": \"0.999023\", \"eta\": \"0:00:00\", \"iter\": 59999, \"loss\": \"0.031790\", \"loss_"
    "bbox\": \"0.014982\", \"loss_cls\": \"0.004914\", \"loss_rpn_bbox_fpn2\": \"0.010343\", \"loss_rpn_bbox_fpn3\": \""
    "0.000111\", \"loss_rpn_bbox_fpn4\": \"0.000000\", \"loss_rpn_bbox_fpn5\": \"0.000000\", \"loss_rpn_bbox_fpn6\":"
    " \"0.000000\", \"loss_rpn_cls_fpn2\": \"0.000233\", \"loss_rpn_cls_fpn3\": \"0.000001\", \"loss_rpn_cls_fpn4\": "
    "\"0.000000\", \"loss_rpn_cls_fpn5\": \"0.000000\", \"loss_rpn_cls_fpn6\": \"0.000000\", \"lr\": \"0.000025\", \"mb_"
    "qsize\": 0, \"mem\": 2744, \"time\": \"0.218661\"}",
    "INFO net.py: 143: Saving parameters and momentum to /tmp/detectron-output/train/gj_2019_train/genera"
    "lized_rcnn/model_iter59999.pkl",
    "INFO net.py: 143: Saving parameters and momentum to /tmp/detectron-output/train/gj_2019_train/genera"
    "lized_rcnn/model_final.pkl",
    "INFO loader.py: 126: Stopping enqueue thread",
    "INFO loader.py: 113: Stopping mini-batch loading thread",
    "INFO loader.py: 113: Stopping mini-batch loading thread",
    "INFO loader.py: 113: Stopping mini-batch loading thread",
    "INFO loader.py: 113: Stopping mini-batch loading thread",
    "Traceback (most recent call last):",
    "  File \"tools/train_net.py\", line 132, in <module>",
    "    main()",
    "  File \"tools/train_net.py\", line 117, in main",
    "    test_model(checkpoints['final'], args.multi_gpu_testing, args.opts)",
    "  File \"tools/train_net.py\", line 127, in test_model",
    "    check_expected_results=True,",
    "  File \"/home/qiang/detectron/detectron/core/test_engine.py\", line 127, in run_inference",
    "    all_results = result_getter()",
    "  File \"/home/qiang/detectron/detectron/core/test_engine.py\", line 107, in result_getter",
    "    multi_gpu=multi_gpu_testing",
    "  File \"/home/qiang/detectron/detectron/core/test_engine.py\", line 148, in test_net_on_dataset",
    "    dataset = JsonDataset(dataset_name)",
    "  File \"/home/qiang/detectron/detectron/datasets/json_dataset.py\", line 60, in __init__",
    "    'Ann fn \\'{}\\' not found'.format(dataset_catalog.get_ann_fn(name))",
    "AssertionError: Ann fn '/home/qiang/detectron/detectron/datasets/data/gj/annotations/gj_instances.json' not found",
]

# CenterNet's `main.py ctdet` under nohup (a fork's nohup.out, index id 3738304851, lines 30-56: the first five
# batches of epoch 1, a fork's debug prints of single digits between them)
CENTERNET = [
    "ctdet/coco_dla| train: [1][0/61]|Tot: 0:00:23 |ETA: 0:00:00 |loss 253.6622 |hm_loss 252.2377 |wh_los"
    "s 12.7560 |off_loss 0.1488 |Data 0.789s(0.789s) |Net 23.530s",
    "0",
    "1",
    "1",
    "1",
    "0",
    "0",
    "0",
    "ctdet/coco_dla| train: [1][1/61]|Tot: 0:00:25 |ETA: 0:00:00 |loss 201.6354 |hm_loss 199.4867 |wh_los"
    "s 19.4979 |off_loss 0.1990 |Data 0.718s(0.753s) |Net 12.795s",
    "1",
    "0",
    "1",
    "0",
    "0",
    "0",
    "ctdet/coco_dla| train: [1][2/61]|Tot: 0:00:26 |ETA: 0:00:00 |loss 182.9316 |hm_loss 180.4127 |wh_los"
    "s 22.8153 |off_loss 0.2374 |Data 0.701s(0.736s) |Net 8.990s",
    "1",
    "1",
    "1",
    "0",
    "2",
    "ctdet/coco_dla| train: [1][3/61]|Tot: 0:00:28 |ETA: 0:00:00 |loss 168.5024 |hm_loss 166.0885 |wh_los"
    "s 21.9044 |off_loss 0.2235 |Data 0.656s(0.716s) |Net 7.072s",
    "0",
    "0",
    "1",
    "2",
    "ctdet/coco_dla| train: [1][4/61]|Tot: 0:00:29 |ETA: 0:00:00 |loss 162.6771 |hm_loss 160.0450 |wh_los"
    "s 24.1291 |off_loss 0.2192 |Data 0.710s(0.715s) |Net 5.932s",
]

# THUMT (TensorFlow 1) with its LoggingTensorHook every iteration (a note on THUMT's trainer, index id 189787747)
THUMT = [
    "INFO:tensorflow:step = 1, loss = 9.42072, source = [128  20], target = [128  20]",
    "INFO:tensorflow:Saving checkpoints for 1 into train/model.ckpt.",
    "INFO:tensorflow:step = 2, loss = 9.0781, source = [128   8], target = [128   8] (5.854 sec)",
    "INFO:tensorflow:step = 3, loss = 9.45908, source = [128  24], target = [128  24] (0.801 sec)",
    "INFO:tensorflow:step = 4, loss = 9.32748, source = [128  14], target = [128  14] (0.568 sec)",
    "INFO:tensorflow:step = 5, loss = 9.53357, source = [128  40], target = [128  40] (1.258 sec)",
    "INFO:tensorflow:step = 6, loss = 9.18831, source = [128  10], target = [128  10] (0.454 sec)",
    "INFO:tensorflow:step = 7, loss = 9.24082, source = [128  12], target = [128  12] (0.503 sec)",
    "INFO:tensorflow:step = 8, loss = 9.34216, source = [128  16], target = [128  16] (0.609 sec)",
    "INFO:tensorflow:step = 9, loss = 9.39888, source = [128  20], target = [128  20] (0.707 sec)",
    "INFO:tensorflow:step = 10, loss = 9.43514, source = [128  28], target = [128  28] (0.934 sec)",
]

# tf.contrib.learn's DNNClassifier on Windows, every 100 steps (a README's run log, index id 26954875950)
TF_CONTRIB = [
    "INFO:tensorflow:Restoring parameters from train2000\\model.ckpt-2",
    "INFO:tensorflow:Saving checkpoints for 3 into train2000\\model.ckpt.",
    "INFO:tensorflow:step = 3, loss = 0.925718",
    "INFO:tensorflow:global_step/sec: 0.825497",
    "INFO:tensorflow:step = 103, loss = 0.880698 (664.161 sec)",
    "INFO:tensorflow:Saving checkpoints for 104 into train2000\\model.ckpt.",
    "INFO:tensorflow:global_step/sec: 0.151344",
    "INFO:tensorflow:step = 203, loss = 0.875539 (117.692 sec)",
    "INFO:tensorflow:global_step/sec: 0.901925",
    "INFO:tensorflow:step = 303, loss = 0.872281 (110.989 sec)",
    "INFO:tensorflow:global_step/sec: 0.886161",
    "INFO:tensorflow:step = 403, loss = 0.869591 (112.737 sec)",
    "INFO:tensorflow:global_step/sec: 0.86491",
    "INFO:tensorflow:step = 503, loss = 0.867261 (115.859 sec)",
    "INFO:tensorflow:global_step/sec: 0.932845",
    "INFO:tensorflow:step = 603, loss = 0.865196 (106.959 sec)",
    "INFO:tensorflow:Saving checkpoints for 639 into train2000\\model.ckpt.",
    "INFO:tensorflow:global_step/sec: 0.902813",
    "INFO:tensorflow:step = 703, loss = 0.863322 (110.774 sec)",
    "INFO:tensorflow:global_step/sec: 0.875572",
    "INFO:tensorflow:step = 803, loss = 0.861571 (114.457 sec)",
    "INFO:tensorflow:global_step/sec: 0.90836",
    "INFO:tensorflow:step = 903, loss = 0.859897 (384.756 sec)",
]

# HRNet-Facial-Landmark-Detection's trainer (a project write-up, index id 325914163, section "8.训练过程", its first 5 lines)
HRNET = [
    "Epoch: [0][0/916]\tTime 18.342s (18.342s)\tSpeed 0.9 samples/s\tData 14.961s (14.961s)\tLoss 0.00214 (0.00214)\t",
    "Epoch: [0][50/916]\tTime 0.542s (0.880s)\tSpeed 29.5 samples/s\tData 0.000s (0.294s)\tLoss 0.00076 (0.00085)\t",
    "Epoch: [0][100/916]\tTime 0.537s (0.708s)\tSpeed 29.8 samples/s\tData 0.000s (0.148s)\tLoss 0.00074 (0.00080)\t",
    "Epoch: [0][150/916]\tTime 0.530s (0.650s)\tSpeed 30.2 samples/s\tData 0.000s (0.099s)\tLoss 0.00075 (0.00079)\t",
    "Epoch: [0][200/916]\tTime 0.531s (0.621s)\tSpeed 30.1 samples/s\tData 0.001s (0.075s)\tLoss 0.00074 (0.00077)\t",
]

# spaCy 2.0.18's `python -m spacy train id model ... --n-iter 10` ("NLP Bahasa Indonesia" README, index id 28989835836;
# its author cut passes 4-7 to `.....`)
SPACY2 = [
    "Itn.  Dep Loss  NER Loss  UAS     NER P.  NER R.  NER F.  Tag %   Token %  CPU WPS  GPU WPS",
    "0     22441.825 0.000     80.374  0.000   0.000   0.000   90.771  100.000  4939.6   0.0 ",
    "1     952.093   0.000     81.562  0.000   0.000   0.000   91.984  100.000  5037.7   0.0",
    "2     329.678   0.000     83.043  0.000   0.000   0.000   92.356  100.000  5042.8   0.0",
    "3     188.739   0.000     83.246  0.000   0.000   0.000   92.547  100.000  5284.3   0.0 ",
    ".....",
    "8     122.875   0.000     83.135  0.000   0.000   0.000   92.904  100.000  3876.8   0.0",
    "9     115.220   0.000     82.605  0.000   0.000   0.000   92.856  100.000  4696.3   0.0",
    "Saving model...",
]


# pytorch-transformers' run_squad.py, its console all tqdm bars (a course README's "Training Logs" block, index id
# 39732837126): `Iteration`, the batches of the epoch under `Epoch`
RUN_SQUAD = [
    "Epoch:   0%|          | 0/1 [00:00<?, ?it/s]",
    "Iteration:   0%|          | 0/4508 [00:00<?, ?it/s]",
    "Iteration:   3%|▎         | 145/4508 [00:00<00:03, 1443.89it/s]",
    "Iteration:   6%|▋         | 290/4508 [00:00<00:02, 1437.29it/s]",
    "Iteration:  10%|▉         | 434/4508 [00:00<00:02, 1409.51it/s]",
    "Iteration:  13%|█▎        | 581/4508 [00:00<00:02, 1429.76it/s]",
    "Iteration:  16%|█▌        | 730/4508 [00:00<00:02, 1448.95it/s]",
    "Iteration:  19%|█▉        | 875/4508 [00:00<00:02, 1446.91it/s]",
    "Iteration:  23%|██▎       | 1045/4508 [00:37<06:51,  8.41it/s]",
    "Iteration: 100%|█████████▉| 4507/4508 [49:59<00:00,  1.17it/s]",
    "Iteration: 100%|██████████| 4508/4508 [50:00<00:00,  1.50it/s]",
    "",
    "Epoch: 100%|██████████| 1/1 [50:00<00:00, 3000.47s/it]",
    "",
]

# OpenAI baselines' ppo2 on Atari, one logger dump (a copy of a CSDN post by ariesjzj, index id 33444969114,
# https://blog.csdn.net/jinzhuojun/article/details/80417179, CC 4.0 BY-SA)
PPO2_TABLE = [
    "------------------------------------",
    "| approxkl           | 0.003101161 |",
    "| clipfrac           | 0.17260742  |",
    "| eplenmean          | 941         |",
    "| eprewmean          | 34.9        |",
    "| explained_variance | 0.704       |",
    "| fps                | 981         |",
    "| nupdates           | 1653        |",
    "| policy_entropy     | 0.85041255  |",
    "| policy_loss        | -0.01297911 |",
    "| serial_timesteps   | 211584      |",
    "| time_elapsed       | 1.63e+03    |",
    "| total_timesteps    | 1692672     |",
    "| value_loss         | 0.036234017 |",
    "------------------------------------",
]

# Spinning Up's PPO on CartPole-v0, its first and last epochs' tables ("Setting Up an Experiment in OpenAI's
# Spinning Up", index id 12267235668; the author's `...` between them)
SPINNING_UP = [
    "---------------------------------------",
    "|             Epoch |               0 |",
    "|      AverageEpRet |            22.7 |",
    "|          StdEpRet |            11.5 |",
    "|          MaxEpRet |              68 |",
    "|          MinEpRet |               8 |",
    "|             EpLen |            22.7 |",
    "|      AverageVVals |         -0.0188 |",
    "|          StdVVals |          0.0517 |",
    "|          MaxVVals |            0.12 |",
    "|          MinVVals |          -0.229 |",
    "| TotalEnvInteracts |           4e+03 |",
    "|            LossPi |        1.14e-07 |",
    "|             LossV |             283 |",
    "|       DeltaLossPi |         -0.0268 |",
    "|        DeltaLossV |            -172 |",
    "|           Entropy |            0.68 |",
    "|                KL |          0.0152 |",
    "|          ClipFrac |           0.223 |",
    "|          StopIter |              64 |",
    "|              Time |            1.97 |",
    "---------------------------------------",
    "",
    "...",
    "",
    "---------------------------------------",
    "|             Epoch |              49 |",
    "|      AverageEpRet |             198 |",
    "|          StdEpRet |            3.87 |",
    "|          MaxEpRet |             200 |",
    "|          MinEpRet |             187 |",
    "|             EpLen |             198 |",
    "|      AverageVVals |            55.9 |",
    "|          StdVVals |            16.8 |",
    "|          MaxVVals |            72.5 |",
    "|          MinVVals |           -15.1 |",
    "| TotalEnvInteracts |           2e+05 |",
    "|            LossPi |        1.26e-08 |",
    "|             LossV |             318 |",
    "|       DeltaLossPi |        -0.00653 |",
    "|        DeltaLossV |           -38.7 |",
    "|           Entropy |            0.53 |",
    "|                KL |         0.00412 |",
    "|          ClipFrac |          0.0342 |",
    "|          StopIter |              79 |",
    "|              Time |            84.1 |",
    "---------------------------------------",
]

# DensePose on detectron2, the event writer's lines with their logger's prefix cut off
# (https://github.com/zetyquickly/DensePoseFnL/issues/7, the user's dots between them)
DENSEPOSE = [
    "eta: 2 days, 5:33:07  iter: 19  total_loss: 25.537  loss_cls: 0.648  loss_box_reg: 0.163  loss_dense"
    "pose_U: 8.298  loss_densepose_V: 9.309  loss_densepose_I: 0.973  loss_densepose_S: 5.418  loss_rpn_c"
    "ls: 0.693  loss_rpn_loc: 0.025  time: 0.4841  data_time: 0.0519  lr: 0.000293  max_mem: 10681M",
    ".",
    ".",
    ".",
    "eta: 2 days, 3:59:03  iter: 6599  total_loss: 25.650  loss_cls: 0.651  loss_box_reg: 0.238  loss_den"
    "sepose_U: 8.273  loss_densepose_V: 8.976  loss_densepose_I: 0.973  loss_densepose_S: 5.418  loss_rpn"
    "_cls: 0.693  loss_rpn_loc: 0.022  time: 0.4836  data_time: 0.0247  lr: 0.002500  max_mem: 10684M",
]

# ParlAI's distributed training on two ranks (https://github.com/facebookresearch/ParlAI/pull/2433, its
# integration test's output, first 8 lines)
PARLAI = [
    "[rank:  0] [creating task(s): integration_tests:nocandidate]",
    "[rank:  1] [creating task(s): integration_tests:nocandidate]",
    "[rank:  0] [ training... ]",
    "[rank:  1] [ training... ]",
    "[rank:  0] [ time:2.0s total_exs:1008 epochs:2.02 time_left:18.0s ] {'exs': 1008, 'loss': 1.636, 'pp"
    "l': 5.134, 'token_acc': 0.4163, 'tokens_per_batch': 70.0, 'gnorm': 1.549, 'clip': 1.0, 'updates': 72"
    ", 'lr': 0.007, 'gpu_mem_percent': 0.001516, 'total_train_updates': 72}",
    "[rank:  1] [ time:1.0s total_exs:1008 epochs:2.02 time_left:18.0s ] {'exs': 1008, 'loss': 1.636, 'pp"
    "l': 5.134, 'token_acc': 0.4163, 'tokens_per_batch': 70.0, 'gnorm': 1.549, 'clip': 1.0, 'updates': 72"
    ", 'lr': 0.007, 'gpu_mem_percent': 0.001516, 'total_train_updates': 72}",
    "[rank:  0] [ time:4.0s total_exs:2030 epochs:4.06 time_left:16.0s ] {'exs': 1022, 'loss': 0.643, 'pp"
    "l': 1.902, 'token_acc': 0.7973, 'tokens_per_batch': 70.0, 'gnorm': 2.757, 'clip': 1.0, 'updates': 73"
    ", 'lr': 0.007, 'gpu_mem_percent': 0.001516, 'total_train_updates': 145}",
    "[rank:  1] [ time:3.0s total_exs:2030 epochs:4.06 time_left:16.0s ] {'exs': 1022, 'loss': 0.643, 'pp"
    "l': 1.902, 'token_acc': 0.7973, 'tokens_per_batch': 70.0, 'gnorm': 2.757, 'clip': 1.0, 'updates': 73"
    ", 'lr': 0.007, 'gpu_mem_percent': 0.001516, 'total_train_updates': 145}",
]


# rl_games' PPO on OmniIsaacGymEnvs' Ant (Chinese reproduction notes "# OmniIsaacGymEnvs复现", index id 14580823389,
# the block's first 15 lines; the author's dots between epochs 378 and 499)
RL_GAMES = [
    "saving next best rewards:  [5771.3906]",
    "=> saving checkpoint '/home/midea/hyw/code/OmniIsaacGymEnvs/omniisaacgymenvs/runs/Ant/nn/Ant.pth'",
    "fps step: 261574 fps step and policy inference: 230705 fps total: 181660 epoch: 376/500 frames: 24576000",
    "fps step: 266194 fps step and policy inference: 232788 fps total: 185195 epoch: 377/500 frames: 24641536",
    "fps step: 288666 fps step and policy inference: 253068 fps total: 197888 epoch: 378/500 frames: 24707072",
    ".",
    ".",
    ".",
    "fps step: 238445 fps step and policy inference: 208654 fps total: 163718 epoch: 499/500 frames: 32636928",
    "fps step: 234007 fps step and policy inference: 205768 fps total: 173824 epoch: 500/500 frames: 32702464",
    "=> saving checkpoint '/home/midea/hyw/code/OmniIsaacGymEnvs/omniisaacgymenvs/runs/Ant/nn/last_Ant_ep"
    "_500_rew_5943.272.pth'",
    "saving next best rewards:  [5943.272]",
    "=> saving checkpoint '/home/midea/hyw/code/OmniIsaacGymEnvs/omniisaacgymenvs/runs/Ant/nn/Ant.pth'",
    "=> saving checkpoint '/home/midea/hyw/code/OmniIsaacGymEnvs/omniisaacgymenvs/runs/Ant/nn/last_Ant_ep"
    "_500_rew__5943.272_.pth'",
    "MAX EPOCHS NUM!",
]

# OpenAI baselines' deepq on CartPole (github.com/auliyafitri/AI-robot-control @ 2a1f7f18, its terminal log of
# "11. Baseline DeepQ 100T timesteps Cartpole", lines 394-407)
DEEPQ = [
    "--------------------------------------",
    "| % time spent exploring  | 2        |",
    "| episodes                | 650      |",
    "| mean 100 episode reward | 32.2     |",
    "| steps                   | 9999     |",
    "--------------------------------------",
    "Saving model due to mean reward increase: None -> 32.2",
    "--------------------------------------",
    "| % time spent exploring  | 2        |",
    "| episodes                | 660      |",
    "| mean 100 episode reward | 37       |",
    "| steps                   | 10719    |",
    "--------------------------------------",
    "--------------------------------------",
]

# Flair's ModelTrainer, TARS NER (jaseci's jac_nlp Flair NER README, index id 5913020777, its "Console logs" block,
# indented 8 spaces as the README has it)
FLAIR = [
    "        2022-06-08 12:00:28,931 epoch 1 - iter 9/10 - loss 0.45796768 - samples/sec: 9.29 - lr: 0.020000",
    "        2022-06-08 12:00:29,892 epoch 1 - iter 10/10 - loss 0.43133600 - samples/sec: 8.33 - lr: 0.020000",
    "        2022-06-08 12:00:29,893 --------------------------------------------------------------------"
    "--------------------------------",
    "        2022-06-08 12:00:29,893 EPOCH 1 done: loss 0.4313 - lr 0.0200000",
    "        2022-06-08 12:00:38,203 DEV : loss 0.10980782216621005 - f1-score (micro avg)  0.069",
    "        2022-06-08 12:00:38,203 BAD EPOCHS (no improvement): 0",
    "        2022-06-08 12:00:40,378 saving best model",
    "        2022-06-08 12:00:42,539 --------------------------------------------------------------------"
    "--------------------------------",
    "        2022-06-08 12:00:43,461 epoch 2 - iter 1/10 - loss 0.18578914 - samples/sec: 9.71 - lr: 0.020000",
]


# the hook's line as printed: its step, and its seconds where it has them
_HOOK_LINE = re.compile(r"INFO:tensorflow:step = (\d+), .*?(?:\(([\d.]+) sec\))?$")


# A SkyPilot `sky exec` of torchrun and Lightning on 4 nodes: its NCCL_DEBUG lines, then the traceback that
# ended it (a bug report's README, "MosaicML Streaming vs Torchrun", index id 6995824555, its second block:
# lines 5-16 and 46-53)
SKYPILOT_NCCL_CRASH = [
    '(worker1, rank=1, pid=27522, ip=10.105.0.4) vae-bc5a469e-2296-2:27720:27757 [1] NCCL INFO socketPoll'
    'Connect: connect returned Connection refused, retrying (33/34) after sleep for 3300 msec',
    '(worker3, rank=3, pid=29549, ip=10.105.0.7) vae-bc5a469e-2296-3:29744:29780 [0] NCCL INFO socketPoll'
    'Connect: connect returned Connection refused, retrying (34/34) after sleep for 3400 msec',
    '(worker1, rank=1, pid=27522, ip=10.105.0.4) vae-bc5a469e-2296-2:27719:27754 [0] NCCL INFO socketPoll'
    'Connect: connect returned Connection refused, retrying (34/34) after sleep for 3400 msec',
    '(worker1, rank=1, pid=27522, ip=10.105.0.4) vae-bc5a469e-2296-2:27720:27757 [1] NCCL INFO socketPoll'
    'Connect: connect returned Connection refused, retrying (34/34) after sleep for 3400 msec',
    '',
    '...',
    '',
    '(worker1, rank=1, pid=27522, ip=10.105.0.4) [rank4]: [rank4]: Traceback (most recent call last):',
    '(worker1, rank=1, pid=27522, ip=10.105.0.4) [rank4]: [rank4]:   File "/home/azureuser/sky_workdir/./'
    'train_mnist_streaming.py", line 79, in <module>',
    '(worker1, rank=1, pid=27522, ip=10.105.0.4) [rank4]: [rank4]:     main()',
    '(worker1, rank=1, pid=27522, ip=10.105.0.4) [rank4]: [rank4]:   File "/home/azureuser/sky_workdir/./'
    'train_mnist_streaming.py", line 75, in main',
    '(worker1, rank=1, pid=27522, ip=10.105.0.4) [rank4]: [rank4]:     trainer.fit(model=model, train_dat'
    'aloaders=dataloader)',
    '(worker1, rank=1, pid=27522, ip=10.105.0.4) [rank4]: [rank4]:     work = group.broadcast([tensor], o'
    'pts)',
    '(worker1, rank=1, pid=27522, ip=10.105.0.4) [rank4]: [rank4]:            ^^^^^^^^^^^^^^^^^^^^^^^^^^^'
    '^^^^',
    '(worker1, rank=1, pid=27522, ip=10.105.0.4) [rank4]: [rank4]: torch.distributed.DistBackendError: NC'
    'CL error in: /pytorch/torch/csrc/distributed/c10d/NCCLUtils.cpp:77, remote process exited or there w'
    'as a network error, NCCL version 2.26.2',
    '(worker1, rank=1, pid=27522, ip=10.105.0.4) [rank4]: [rank4]: ncclRemoteError: A call failed possibl'
    'y due to a network error or a remote process exiting prematurely.',
    '(worker1, rank=1, pid=27522, ip=10.105.0.4) [rank4]: [rank4]: Last error:',
    '(worker1, rank=1, pid=27522, ip=10.105.0.4) [rank4]: [rank4]: socketPollConnect: connect returned Co'
    'nnection refused, exceeded error retry count (35)',
    '',
    '...',
]


def _lines_of(lines: list[str], pattern: str) -> list[int]:
    return [number for number, text in enumerate(lines, 1) if re.search(pattern, text)]


def test_a_traceback_through_the_framework_before_any_step_is_a_crashed_run(tmp_path: Path) -> None:
    """A console whose run failed while it built its model (a frame in `site-packages/torch`,
    `RuntimeError: No CUDA GPUs are available`) is a training job's log with no step and a crash,
    not an input of no known format."""
    name, steps, events = _read(tmp_path, ANOMALY_TRANSFORMER)
    assert name == "generic_log"
    assert steps == []
    assert [e["line"] for e in events if e["kind"] == "crash"] == _lines_of(ANOMALY_TRANSFORMER, r"^Traceback \(most recent")


def test_a_traceback_after_nccl_debug_lines_is_the_consoles_crash(tmp_path: Path) -> None:
    """NCCL_DEBUG lines fill a job's console that Lightning's `trainer.fit(` then failed in: the
    console reader takes the file (the NCCL reader would read its NCCL lines alone, no failure),
    the traceback a crash of the rank its prefix names."""
    name, steps, events = _read(tmp_path, SKYPILOT_NCCL_CRASH)
    assert name == "generic_log"
    assert steps == []
    traceback = _lines_of(SKYPILOT_NCCL_CRASH, r"]: Traceback \(most recent")
    assert [(e["line"], e["rank"]) for e in events if e["kind"] == "crash"][:1] == [(traceback[0], 4)]


def test_a_traceback_in_a_document_claims_no_console(tmp_path: Path) -> None:
    """The same lines in a README (`.md`, no job's output as it is kept) are no console."""
    path = tmp_path / "README.md"
    path.write_text("\n".join(ANOMALY_TRANSFORMER) + "\n")
    parser, _ = detect(path, path.read_bytes(), registry())
    assert parser is None or parser.name != "generic_log"


def test_a_traceback_quoted_in_a_json_string_claims_no_console(tmp_path: Path) -> None:
    """A JSON document whose string holds a traceback (`\\n` between its lines) is no console
    (a tiny malformed input: the same traceback's lines, as a JSON string)."""
    path = tmp_path / "issue.json"
    path.write_text(json.dumps({"body": "\n".join(ANOMALY_TRANSFORMER[4:])}) + "\n")
    parser, _ = detect(path, path.read_bytes(), registry())
    assert parser is None or parser.name != "generic_log"


def test_gaussian_splattings_progress_bar_saves_and_end(tmp_path: Path) -> None:
    """3D Gaussian Splatting's `Training progress:` bar counts the run's iterations; `[ITER 7000]
    Saving Gaussians` starts a save of that iteration; `Training complete.` ends the run."""
    _, steps, events = _read(tmp_path, GAUSSIAN_SPLATTING)
    assert [s["step"] for s in steps] == [int(m.group(1)) for t in GAUSSIAN_SPLATTING
                                          if (m := re.search(r"\| (\d+)/50000 \[", t))]
    assert [(e["line"], e["step"]) for e in events if e["kind"] == "checkpoint_save_start"] == [
        (n, int(m.group(1))) for n, t in enumerate(GAUSSIAN_SPLATTING, 1)
        if (m := re.match(r"\[ITER (\d+)\] Saving Gaussians", t))]
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == _lines_of(GAUSSIAN_SPLATTING, r"^Training complete\.")


def test_darknets_iterations_with_a_nan_loss_are_steps(tmp_path: Path) -> None:
    """darknet's `8: -nan, -nan avg loss, ...` is iteration 8 (its loss no number), not a line
    of rank 8 (`srun --label`'s prefix), with its own seconds."""
    _, steps, _ = _read(tmp_path, DARKNET_NAN)
    printed = [(int(m.group(1)), float(m.group(2))) for t in DARKNET_NAN
               if (m := re.match(r"\s*(\d+): .* rate, ([\d.]+) seconds,", t))]
    assert len(printed) == 9
    assert [(s["step"], s["rank"], s["step_time_s"]) for s in steps] == [(n, None, t) for n, t in printed]
    assert [s["loss"] for s in steps if "-nan" in DARKNET_NAN[s["line"] - 1]] == [None, None]


def test_glibcs_heap_corruption_abort_is_a_crash(tmp_path: Path) -> None:
    """glibc's `realloc(): invalid old size` is the process aborting: a crash at that line."""
    _, steps, events = _read(tmp_path, DARKNET_HEAP)
    assert [s["step"] for s in steps] == [69, 70]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("crash", "attempt_end")] == [
        ("crash", _lines_of(DARKNET_HEAP, r"realloc\(\): invalid old size")[0])]


def test_detectrons_json_stats_is_a_step_and_its_blob_saves_are_saves(tmp_path: Path) -> None:
    """Detectron's `json_stats: {...}` record is the iteration `iter`, its `time` the step's time
    and `loss` its loss; `Saving parameters and momentum to ...` starts a save."""
    _, steps, events = _read(tmp_path, DETECTRON)
    record = json.loads(DETECTRON[0][len("json_stats: "):])
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (record["iter"], float(record["time"]), float(record["loss"]))]
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_start"] == _lines_of(
        DETECTRON, r"Saving parameters and momentum to ")
    assert [e["line"] for e in events if e["kind"] == "crash"] == _lines_of(DETECTRON, r"^Traceback")


def test_centernets_bar_lines_are_steps_with_their_own_time(tmp_path: Path) -> None:
    """CenterNet's `train: [1][i/61]` line is batch i of epoch 1 (epochs from 1, batches from 0);
    its `Net` figure is the mean batch time of the epoch so far: the times read reproduce every
    printed mean, and each agrees with what the whole-second `Tot` clock advanced; its `loss` is
    the epoch's running mean too, no batch's loss."""
    _, steps, _ = _read(tmp_path, CENTERNET)
    rows = [(int(m.group(1)), float(m.group(4)), int(m.group(2)) * 60 + int(m.group(3))) for t in CENTERNET
            if (m := re.search(r"\[1\]\[(\d+)/61\]\|Tot: 0:(\d\d):(\d\d) .*\|Net ([\d.]+)s", t))]
    assert len(rows) == 5
    assert [s["step"] for s in steps] == [i for i, _, _ in rows]
    times = [s["step_time_s"] for s in steps]
    for k, (_, mean, _) in enumerate(rows):
        assert abs(sum(times[:k + 1]) / (k + 1) - mean) < 1e-6
    for k in range(1, len(rows)):
        assert abs(times[k] - (rows[k][2] - rows[k - 1][2])) <= 1.0
    assert [s["loss"] for s in steps] == [None] * 5


def test_a_batch_time_the_running_means_rounding_cannot_give_is_none() -> None:
    """Means printed to the millisecond after a thousand batches (0.500 s, then 0.501 s) put the
    next batch anywhere from 0.5 s to 1.5 s (1001 x 0.5005 - 1000 x 0.4995 = 1.5005; 1001 x 0.5005
    - 1000 x 0.5005 = 0.5005): no batch's time; a line 99 batches later, their mean."""
    means: dict[tuple[int | None, int], list[tuple[int, float, float]]] = {}
    assert _from_running_mean(means, (None, 1), 999, "0.500") is None  # (the epoch seen from its middle)
    assert _from_running_mean(means, (None, 1), 1000, "0.501") is None
    # 1100 x 0.510 - 1001 x 0.501 over the 99 batches between (59.5 s); the roundings, (1100 + 1001)
    # x 0.0005 = 1.05 s, under a tenth of it
    assert _from_running_mean(means, (None, 1), 1099, "0.510") == pytest.approx((1100 * 0.510 - 1001 * 0.501) / 99)


def test_tensorflows_older_hook_order_is_read_by_the_tensorflow_reader(tmp_path: Path) -> None:
    """The LoggingTensorHook's older `step = N, loss = X (T sec)` (THUMT's, tf.contrib.learn's):
    the TensorFlow reader's, each step's time the seconds over the steps since the line before."""
    name, steps, events = _read(tmp_path, THUMT)
    assert name == "tensorflow"
    printed = [(int(m.group(1)), m.group(2)) for t in THUMT if (m := _HOOK_LINE.match(t))]
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(n, float(t) if t else None) for n, t in printed]
    assert [e["step"] for e in events if e["kind"] == "checkpoint_save_start"] == [1]
    name, steps, _ = _read(tmp_path, TF_CONTRIB)
    assert name == "tensorflow"
    printed = [(int(m.group(1)), m.group(2)) for t in TF_CONTRIB if (m := _HOOK_LINE.match(t))]
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(n, float(t) / 100 if t else None) for n, t in printed]


def test_an_average_meters_time_in_seconds_is_the_steps_time(tmp_path: Path) -> None:
    """HRNet's `Time 0.542s (0.880s)`: the batch's own time, then the mean in brackets."""
    _, steps, _ = _read(tmp_path, HRNET)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [
        (int(m.group(1)), float(m.group(2))) for t in HRNET if (m := re.match(r"Epoch: \[0\]\[(\d+)/916\]\tTime ([\d.]+)s", t))]


def test_spacy_v2s_training_table_rows_are_steps(tmp_path: Path) -> None:
    """spaCy v2's `Itn.  Dep Loss  NER Loss ...` table: a row a pass over the data (`Itn`)."""
    _, steps, _ = _read(tmp_path, SPACY2)
    assert [(s["step"], s["framework"]) for s in steps] == [(int(t.split()[0]), "spacy") for t in SPACY2 if t[:1].isdigit()]


def test_the_hf_examples_iteration_bar_counts_the_steps(tmp_path: Path) -> None:
    """pytorch-transformers' `Iteration:` bar (the batches of an epoch, under its `Epoch:` bar of
    epochs) counts the steps, its rate their time; the bar at 0 and the `Epoch` bar count none."""
    _, steps, _ = _read(tmp_path, RUN_SQUAD)
    printed = [(int(m.group(1)), float(m.group(2))) for t in RUN_SQUAD
               if (m := re.match(r"Iteration: .*\| (\d+)/4508 \[[^,]*, +([\d.]+)it/s\]", t)) and m.group(1) != "0"]
    assert len(printed) == 9
    assert [s["step"] for s in steps] == [n for n, _ in printed]
    assert [s["step_time_s"] for s in steps] == pytest.approx([1 / rate for _, rate in printed])


def test_openai_baselines_kind_of_logger_tables_are_steps(tmp_path: Path) -> None:
    """baselines' ppo2 dump (`| nupdates | 1653 |`) and Spinning Up's right-aligned one (`|
    Epoch |  0 |`, `Time` the seconds since it began): a step a table, its time the seconds
    between two tables over the steps between."""
    _, steps, _ = _read(tmp_path, PPO2_TABLE)
    assert [(s["step"], s["line"]) for s in steps] == [(1653, _lines_of(PPO2_TABLE, r"^\| nupdates ")[0])]
    _, steps, _ = _read(tmp_path, SPINNING_UP)
    epochs = [int(m.group(1)) for t in SPINNING_UP if (m := re.match(r"\| +Epoch \| +(\d+) \|", t))]
    times = [float(m.group(1)) for t in SPINNING_UP if (m := re.match(r"\| +Time \| +([\d.]+) \|", t))]
    assert epochs == [0, 49] and len(times) == 2
    assert [s["step"] for s in steps] == epochs
    assert [s["step_time_s"] for s in steps] == [None, pytest.approx((times[1] - times[0]) / (epochs[1] - epochs[0]))]


def test_detectron2s_line_without_its_logger_prefix(tmp_path: Path) -> None:
    """detectron2's `eta: ...  iter: 19  total_loss: ...  time: 0.4841` pasted without its logger's
    prefix: one claims the log, its iteration the step, `time` its time, detectron2's."""
    _, steps, _ = _read(tmp_path, DENSEPOSE)
    assert [(s["step"], s["step_time_s"], s["framework"]) for s in steps] == [
        (int(m.group(1)), float(m.group(2)), "detectron2") for t in DENSEPOSE
        if (m := re.search(r"  iter: (\d+) .*  time: ([\d.]+)", t))]


def test_parlais_padded_rank_prefix_names_the_rank(tmp_path: Path) -> None:
    """ParlAI's `[rank:  0] ` (padded) is rank 0's line, as Lightning's `[rank: 1] ` is rank 1's."""
    _, steps, _ = _read(tmp_path, PARLAI)
    assert sorted({s["rank"] for s in steps}) == sorted({int(m.group(1)) for t in PARLAI
                                                          if (m := re.match(r"\[rank: +(\d+)\] \[ time:", t))}) == [0, 1]


def test_rl_games_max_epochs_ends_the_run(tmp_path: Path) -> None:
    """rl_games' `MAX EPOCHS NUM!` is its agent's end once its epochs are done: a clean end."""
    _, _, events = _read(tmp_path, RL_GAMES)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [
        ("attempt_end", _lines_of(RL_GAMES, r"^MAX EPOCHS NUM!")[0])]


def test_rl_games_epochs_take_their_frames_over_their_rate(tmp_path: Path) -> None:
    """rl_games' `fps total` is an epoch's frames over its whole time: epoch 377 ran 24641536 - 24576000 =
    65536 frames at 185195 a second, 0.354 s. An epoch after the author's dots (499) has no epoch before it
    to count its frames from: no time."""
    _, steps, _ = _read(tmp_path, RL_GAMES)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [
        (376, None), (377, pytest.approx((24641536 - 24576000) / 185195)), (378, pytest.approx((24707072 - 24641536) / 197888)),
        (499, None), (500, pytest.approx((32702464 - 32636928) / 173824))]


def test_deepq_and_flair_best_model_saves(tmp_path: Path) -> None:
    """baselines' deepq `Saving model due to mean reward increase: None -> 32.2` and Flair's
    `saving best model` each start a save."""
    for lines in (DEEPQ, FLAIR):
        _, _, events = _read(tmp_path, lines)
        assert [e["line"] for e in events if e["kind"] == "checkpoint_save_start"] == _lines_of(
            lines, r"Saving model due to mean reward increase|saving best model$")


def test_a_line_that_names_training_before_the_traceback() -> None:
    """The word training, with its punctuation (text-generation-webui's `Starting training...`,
    Anomaly-Transformer's `mode: train`), names a run's training; a transformers warning of an
    inference (`You should probably TRAIN this model ...`, as every model loaded with a new head
    prints it: a classifier's notebook output, index id 5676339548) and a path's `train.py` do not,
    nor does a word after the traceback began."""
    starting = "18:22:37-385220 INFO     Starting training...                                   "  # (text-generation-webui's)
    warning = ("You should probably TRAIN this model on a down-stream task to be able to use it for predictions and "
               "inference.")
    frame = '  File "/home/user/project/train.py", line 52, in <module>'
    traceback = "Traceback (most recent call last):"
    assert _names_training_before_traceback([starting, traceback])
    assert _names_training_before_traceback(["mode: train", traceback])
    assert not _names_training_before_traceback([warning, traceback, frame])
    assert not _names_training_before_traceback([traceback, starting])


PADDLEDET_YOLOV3 = [  # NQ-lovecpp/paddle_detection_mouse @ 0661ceec, Docs/实习doc/todo.md, first txt block
    '[07/28 23:23:32] ppdet.engine INFO: Epoch: [149] [720/791] learning_rate: 0.000010'
    ' loss_xy: 2.164783 loss_wh: 0.267878 loss_obj: 1.669140 loss_cls: 0.269505 loss: 4.380198'
    ' eta: 0:02:28 batch_cost: 2.3154 data_cost: 2.0399 ips: 3.4552 images/s',
    '[07/28 23:24:21] ppdet.engine INFO: Epoch: [149] [740/791] learning_rate: 0.000010'
    ' loss_xy: 2.231627 loss_wh: 0.316908 loss_obj: 2.010601 loss_cls: 0.253123 loss: 4.861656'
    ' eta: 0:01:46 batch_cost: 2.4203 data_cost: 2.0962 ips: 3.3054 images/s',
    '[07/28 23:25:06] ppdet.engine INFO: Epoch: [149] [760/791] learning_rate: 0.000010'
    ' loss_xy: 2.222494 loss_wh: 0.254975 loss_obj: 2.171560 loss_cls: 0.263075 loss: 4.840080'
    ' eta: 0:01:04 batch_cost: 2.2812 data_cost: 1.9532 ips: 3.5069 images/s',
    '[07/28 23:25:43] ppdet.engine INFO: Epoch: [149] [780/791] learning_rate: 0.000010'
    ' loss_xy: 2.088146 loss_wh: 0.242481 loss_obj: 2.079294 loss_cls: 0.266702 loss: 4.813898'
    ' eta: 0:00:22 batch_cost: 1.8439 data_cost: 1.6041 ips: 4.3387 images/s',
    '[07/28 23:26:05] ppdet.utils.checkpoint INFO: Save checkpoint: output/mouse_other_1\\main',
    '[07/28 23:26:05] ppdet.engine INFO: Eval iter: 0',
]
LIGHTNING_TP_EXAMPLE = [  # Lightning-AI/pytorch-lightning @ 11d9dbec, examples/pytorch/tensor_parallel/README.md
    "Epoch 0: 100%|█████████████████████████████████████████████| 10/10 [01:49<00:00, 0.09it/s, v_num=2]",
    "`Trainer.fit` stopped: `max_epochs=1` reached.                                      ",
    "Saving a (distributed) checkpoint ...",
    "Training successfully completed!",
]


@pytest.mark.parametrize("lines", [PADDLEDET_YOLOV3, LIGHTNING_TP_EXAMPLE], ids=["paddledet", "lightning_tp"])
def test_a_save_named_with_a_colon_or_an_article_is_a_checkpoint_save(tmp_path: Path, lines: list[str]) -> None:
    """PaddleDetection's `Save checkpoint: <dir>` and the tensor-parallel example's `Saving a
    (distributed) checkpoint ...` begin a save, on the line that says so."""
    _, steps, events = _read(tmp_path, lines)
    assert steps
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_start"] == _lines_of(
        lines, r"Save checkpoint: \S|Saving a \(distributed\) checkpoint")


def test_a_cancel_glued_after_a_bar_keeps_the_moment_it_names(tmp_path: Path) -> None:
    """A Slurm job's stderr (github.com/owencqueen/PolymerGNN, a `fold=N.e` file, index id 11631655517,
    its last line): scancel's word glued after the bar's last drawing, `CANCELLED AT
    2022-04-14T14:08:25`. The crash is at that moment (it had none: the line starts with the bar)."""
    line = ("\r  0%|          | 0/50 [00:00<?, ?it/s]\r  2%|\u258f         | 1/50 [09:43<7:56:45, 583.78s/it]\r  4%|\u258d"
            "         | 2/50 [19:06<7:42:04, 577.60s/it]\r  6%|\u258c         | 3/50 [28:29<7:28:52, 573.03s/it]\r  8%|"
            "\u258a         | 4/50 [37:53<7:17:20, 570.43s/it]\r 10%|\u2588         | 5/50 [47:33<7:09:50, 573.12s/it]"
            "slurmstepd: error: *** JOB 41995 ON clr1247 CANCELLED AT 2022-04-14T14:08:25 ***")
    _, _, events = _read(tmp_path, [line])
    found = re.search(r"CANCELLED AT (\S+)", line)
    assert found is not None
    moment = found.group(1)
    assert [(e["kind"], e["ts_ns"]) for e in events if e["kind"] == "crash"] == [
        ("crash", _ns(moment, "%Y-%m-%dT%H:%M:%S"))]


# PEBAL's training (TorchSeg's engine) in a Chinese notes file's training log (index id 13983980312, its block's
# lines 23-30)
PEBAL_SAVES = [
    '[pebal][INFO] Load checkpoint from file /home/huan/zyx/pebal/ckpts/pretrained_ckpts/cityscapes_best.pth, '
    'Time usage:',
    '        IO: 6.251967668533325, restore snapshot: 0.06990909576416016 ',
    '[pebal][INFO] training begin... ',
    'epoch (0) | gambler_loss: 0.465 energy_loss: 0.371  : 100%|████████████████████████████████████████████| '
    '409/409 [22:01<00:00,  3.23s/it]   ',
    '[pebal][INFO] Saving checkpoint to file /home/huan/zyx/pebal/ckpts/try_pebal_exp/epoch_0.pth.pth ',
    '[pebal][INFO] Save checkpoint to file /home/huan/zyx/pebal/ckpts/try_pebal_exp/epoch_0.pth.pth, Time usag'
    'e:',
    '        prepare snapshot: 0.0013539791107177734, IO: 0.8835365772247314 ',
    '[pebal][INFO] validating Fishyscapes_ls dataset ... ',
]


def test_torchsegs_engine_says_a_save_ended_with_its_time_usage(tmp_path: Path) -> None:
    """`Saving checkpoint to file ...` begins a save, `Save checkpoint to file ..., Time usage:` (its
    timings below it) ends it; `Load checkpoint from file ..., Time usage:` is a load that ended."""
    _, _, events = _read(tmp_path, PEBAL_SAVES)
    assert [(e["line"], e["kind"]) for e in events if e["kind"].startswith("checkpoint")] == [
        (_lines_of(PEBAL_SAVES, r"\] Load checkpoint from file ")[0], "checkpoint_load_end"),
        (_lines_of(PEBAL_SAVES, r"\] Saving checkpoint to file ")[0], "checkpoint_save_start"),
        (_lines_of(PEBAL_SAVES, r"\] Save checkpoint to file ")[0], "checkpoint_save_end")]


# A two-node torchrun launch under Slurm on CSCS' Ault whose rendezvous port was taken (a `.err` file, index id
# 20602358018, lines 83-92): srun's and slurmstepd's words, then the container runtime's logfmt lines as the step ends
SLURM_CONTAINER_CLEANUP = [
    ('srun: error: ault44: task 3: Exited with exit code 1'),
    ('srun: error: ault43: task 0: Exited with exit code 1'),
    ('srun: Job step aborted: Waiting up to 32 seconds for job step to finish.'),
    ('slurmstepd: error: *** JOB 524549 ON ault43 CANCELLED AT 2024-10-09T23:25:32 ***'),
    ('srun: got SIGCONT'),
    ('srun: forcing job termination'),
    ('slurmstepd: error: *** STEP 524549.1 ON ault43 CANCELLED AT 2024-10-09T23:25:32 ***'),
    ('time="2024-10-09T23:25:32+02:00" level=warning msg="Failed to remove cgroup (will retry)" error="rmd'
     'ir /sys/fs/cgroup/memory/slurm/uid_29811/job_524549/step_1/container-gsnmgsqigkzhjttd: device or res'
     'ource busy"'),
    ('time="2024-10-09T23:25:32+02:00" level=warning msg="Failed to remove cgroup (will retry)" error="rmd'
     'ir /sys/fs/cgroup/cpu,cpuacct/system.slice/slurmd.service/container-gsnmgsqigkzhjttd: device or reso'
     'urce busy"'),
    ('time="2024-10-09T23:25:32+02:00" level=warning msg="Failed to remove cgroup (will retry)" error="rmd'
     'ir /sys/fs/cgroup/freezer/container-gsnmgsqigkzhjttd: device or resource busy"'),
]


def test_a_container_runtimes_lines_after_the_cancel_start_no_process(tmp_path: Path) -> None:
    """`time="2024-10-09T23:25:32+02:00" level=warning msg="Failed to remove cgroup (will retry)" ...`
    is the container runtime cleaning up the cancelled step: no process of the job starts with it
    (it was the run's start, at its end); the cancels are crashes at the moment they name, on the
    clock of the zone the runtime's lines state (`+02:00`)."""
    _, _, events = _read(tmp_path, SLURM_CONTAINER_CLEANUP)
    assert [e for e in events if e["kind"] == "attempt_start"] == []
    stated = re.search(r'time="([^"]+)"', SLURM_CONTAINER_CLEANUP[-1])
    assert stated is not None
    zone = datetime.fromisoformat(stated.group(1)).utcoffset()
    assert zone is not None
    cancels = [(n, m.group(1)) for n, t in enumerate(SLURM_CONTAINER_CLEANUP, 1) if (m := re.search(r"CANCELLED AT (\S+)", t))]
    assert [(e["line"], e["ts_ns"]) for e in events if e["kind"] == "crash" and e["ts_ns"] is not None] == [
        (n, _ns(at, "%Y-%m-%dT%H:%M:%S") - int(zone.total_seconds() * 1e9)) for n, at in cancels]


# diffusers' textual_inversion.py under accelerate on 2 GPUs (github.com/searobbersduck/AIGC_Note @ 23e6ab8,
# Diffusion/HuggingFace/Train/TextualInversion.md, its training log block, lines 47-53)
ACCELERATE_SAVE_STATE = [
    ('03/13/2023 10:58:39 - INFO - __main__ - Saving embeddings'),
    ('03/13/2023 10:58:39 - INFO - accelerate.accelerator - Saving current state to textual_inversion_cat/check'
     'point-500'),
    ('03/13/2023 10:58:39 - INFO - accelerate.checkpointing - Model weights saved in textual_inversion_cat/chec'
     'kpoint-500/pytorch_model.bin'),
    ('03/13/2023 10:58:39 - INFO - accelerate.checkpointing - Optimizer state saved in textual_inversion_cat/ch'
     'eckpoint-500/optimizer.bin'),
    ('03/13/2023 10:58:39 - INFO - accelerate.checkpointing - Scheduler state saved in textual_inversion_cat/ch'
     'eckpoint-500/scheduler.bin'),
    ('03/13/2023 10:58:39 - INFO - accelerate.checkpointing - Random states saved in textual_inversion_cat/chec'
     'kpoint-500/random_states_0.pkl'),
    ('03/13/2023 10:58:39 - INFO - __main__ - Saved state to textual_inversion_cat/checkpoint-500'),
]


def test_accelerates_save_state_begins_and_the_scripts_saved_state_ends_a_save(tmp_path: Path) -> None:
    """`Saving embeddings` (the script's own save of what it trains) begins the save, `Saving current state to
    .../checkpoint-500` (Accelerate) in the same second the same save's; the script's `Saved state to
    .../checkpoint-500`, once Accelerate wrote its files, ends it."""
    _, _, events = _read(tmp_path, ACCELERATE_SAVE_STATE)
    assert [(e["line"], e["kind"]) for e in events if e["kind"].startswith("checkpoint_save")] == [
        (_lines_of(ACCELERATE_SAVE_STATE, r"Saving embeddings")[0], "checkpoint_save_start"),
        (_lines_of(ACCELERATE_SAVE_STATE, r"Saved state to ")[0], "checkpoint_save_end")]


# diffusers' train_text_to_image.py run without a launcher as `train-original-script.py` (github.com/kopyl/
# debug-unet-sampling-diffusers @ 7ccf860, detailed-logs/running-without-accelerate.log, whole): its steps bar at
# step 2, then its validation failing in TensorBoard's writer
DIFFUSERS_VALIDATION_CRASH = [
    ('Steps:   0%|                                                                                       | 2/10'
     '000000 [00:14<19511:47:54,  7.02s/it, lr=1e-5, step_loss=1]12/26/2024 03:37:21 - INFO - __main__ - Runnin'
     'g validation...'),
    ('[2024-12-26 03:37:21,897] [INFO] [real_accelerator.py:203:get_accelerator] Setting ds_accelerator to cuda'
     ' (auto detect)'),
    (' [WARNING]  On Ampere and higher architectures please use CUDA 11+'),
    (' [WARNING]  On Ampere and higher architectures please use CUDA 11+'),
    (' [WARNING]  On Ampere and higher architectures please use CUDA 11+'),
    (' [WARNING]  On Ampere and higher architectures please use CUDA 11+'),
    (' [WARNING]  On Ampere and higher architectures please use CUDA 11+'),
    (' [WARNING]  On Ampere and higher architectures please use CUDA 11+'),
    ("{'image_encoder', 'requires_safety_checker'} was not found in config. Values will be initialized to defau"
     'lt values.'),
    ('                                                                                                         '
     "                                                          {'prediction_type', 'timestep_spacing'} was not"
     ' found in config. Values will be initialized to default values.                                 | 0/6 [00'
     ':00<?, ?it/s]'),
    ('Loaded scheduler as PNDMScheduler from `scheduler` subfolder of stable-diffusion-v1-5/stable-diffusion-v1'
     '-5.'),
    ('Loaded feature_extractor as CLIPImageProcessor from `feature_extractor` subfolder of stable-diffusion-v1-'
     '5/stable-diffusion-v1-5.'),
    ('Loading pipeline components...: 100%|████████████████████████████████████████████████████████████████████'
     '████████████████████████████| 6/6 [00:00<00:00, 743.06it/s]'),
    ("You have disabled the safety checker for <class 'diffusers.pipelines.stable_diffusion.pipeline_stable_dif"
     "fusion.StableDiffusionPipeline'> by passing `safety_checker=None`. Ensure that you abide to the condition"
     's of the Stable Diffusion license and do not expose unfiltered results in services or applications open t'
     'o the public. Both the diffusers team and Hugging Face strongly recommend to keep the safety filter enabl'
     'ed in all public facing circumstances, disabling it only for use-cases that involve analyzing network beh'
     'avior or auditing its results. For more information, please have a look at https://github.com/huggingface'
     '/diffusers/pull/254 .'),
    ('Traceback (most recent call last):'),
    ('  File "train-original-script.py", line 1176, in <module>'),
    ('    main()'),
    ('  File "train-original-script.py", line 1088, in main'),
    ('    log_validation('),
    ('  File "train-original-script.py", line 181, in log_validation'),
    ('    tracker.writer.add_images("validation", np_images, epoch, dataformats="NHWC")'),
    ('  File "/usr/local/lib/python3.8/dist-packages/torch/utils/tensorboard/writer.py", line 669, in add_image'
     's'),
    ('    image(tag, img_tensor, dataformats=dataformats), global_step, walltime'),
    ('  File "/usr/local/lib/python3.8/dist-packages/torch/utils/tensorboard/summary.py", line 572, in image'),
    ('    tensor = convert_to_HWC(tensor, dataformats)'),
    ('  File "/usr/local/lib/python3.8/dist-packages/torch/utils/tensorboard/_utils.py", line 103, in convert_t'
     'o_HWC'),
    ('    assert len(tensor.shape) == len('),
    ('AssertionError: size of input tensor and input format are different.         tensor shape: (1, 512, 512),'
     ' input_format: NHWC'),
    ('Steps:   0%|                                                                                       | 2/10'
     '000000 [00:18<25652:52:33,  9.24s/it, lr=1e-5, step_loss=1]'),
]


def test_a_training_bar_then_a_traceback_through_the_framework_is_a_crashed_run(tmp_path: Path) -> None:
    """The run's `Steps:` bar at 2/10000000, then a traceback through torch's package (no frame named
    like a training loop: the script is `train-original-script.py`): a console that crashed after
    step 2, not an input of no known format."""
    name, steps, events = _read(tmp_path, DIFFUSERS_VALIDATION_CRASH)
    assert name == "generic_log"
    assert [s["step"] for s in steps] == [2]
    assert [e["line"] for e in events if e["kind"] == "crash"] == _lines_of(DIFFUSERS_VALIDATION_CRASH, r"^Traceback")


def test_a_scripts_logged_uncaught_exception_is_no_new_process(tmp_path: Path) -> None:
    """A wav2vec2 fine-tuning with Lightning whose reload of its best checkpoint ran out of memory
    (a committed console capture, index id 54123234585, its lines 117-119 and 167-169): after
    the traceback the script's excepthook logs `2026-04-06 20:58:03,234 | CRITICAL | Uncaught
    exception` and the traceback again: the same process's report, no new process's first dated line
    (it was a second attempt, starting and ending at that line)."""
    lines = [
        ('2026-04-06 20:58:00,932 | INFO | Saving final model to /home/ultraspeech-dev/Documents/ultraspeech-dev/wav2vec2-st'
         'andalone-testing/wav2vec2_cpp/scripts/wav2vec2-combined-finetuned...'),
        ('2026-04-06 20:58:00,933 | INFO | Loading best checkpoint: /home/ultraspeech-dev/Documents/ultraspeech-dev/wav2vec2'
         '-standalone-testing/wav2vec2_cpp/scripts/wav2vec2-combined-finetuned/combined-epoch=27-val_per=0.0000.ckpt (val/pe'
         'r=0.0771)'),
        'Traceback (most recent call last):',
        ('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB. GPU 0 has a total capacity of 7.51 GiB of'
         ' which 40.75 MiB is free. Process 9500 has 148.91 MiB memory in use. Including non-PyTorch memory, this process ha'
         's 7.01 GiB memory in use. Of the allocated memory 6.81 GiB is allocated by PyTorch, and 17.19 MiB is reserved by P'
         'yTorch but unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable'
         '_segments:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/'
         'notes/cuda.html#environment-variables)'),
        '2026-04-06 20:58:03,234 | CRITICAL | Uncaught exception',
        'Traceback (most recent call last):',
    ]
    _, _, events = _read(tmp_path, lines)
    first_dated = next(n for n, t in enumerate(lines, 1) if re.match(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} \|", t))
    assert [e["line"] for e in events if e["kind"] == "attempt_start"] == [first_dated]


# OpenNMT-py's trainer on a tutorial's 400 steps (the "Library" tutorial of OpenNMT-py's docs, stored file id
# 109949684, its training output block, whole): it validates every 200 steps, loading its validation set
# first, and after the last step; no line says where an evaluation starts or ends
OPENNMT_VALIDATIONS = [
    '[2019-02-15 16:34:17,475 INFO] Start training loop and validate every 200 steps...',
    '[2019-02-15 16:34:17,601 INFO] Loading dataset from data/data.train.0.pt, number of examples: 10000',
    ('[2019-02-15 16:35:43,873 INFO] Step 50/  400; acc:  11.54; ppl: 1714.07; xent: 7.45; lr: 1.00000; 662/656 to'
     'k/s;     86 sec'),
    ('[2019-02-15 16:37:05,965 INFO] Step 100/  400; acc:  13.75; ppl: 534.80; xent: 6.28; lr: 1.00000; 675/671 to'
     'k/s;    168 sec'),
    ('[2019-02-15 16:38:31,289 INFO] Step 150/  400; acc:  15.02; ppl: 439.96; xent: 6.09; lr: 1.00000; 675/668 to'
     'k/s;    254 sec'),
    ('[2019-02-15 16:39:56,715 INFO] Step 200/  400; acc:  16.08; ppl: 357.62; xent: 5.88; lr: 1.00000; 642/647 to'
     'k/s;    339 sec'),
    '[2019-02-15 16:39:56,811 INFO] Loading dataset from data/data.valid.0.pt, number of examples: 3000',
    '[2019-02-15 16:41:13,415 INFO] Validation perplexity: 208.73',
    '[2019-02-15 16:41:13,415 INFO] Validation accuracy: 23.3507',
    '[2019-02-15 16:41:13,567 INFO] Loading dataset from data/data.train.0.pt, number of examples: 10000',
    ('[2019-02-15 16:42:41,562 INFO] Step 250/  400; acc:  17.07; ppl: 310.41; xent: 5.74; lr: 1.00000; 347/344 to'
     'k/s;    504 sec'),
    ('[2019-02-15 16:44:04,899 INFO] Step 300/  400; acc:  19.17; ppl: 262.81; xent: 5.57; lr: 1.00000; 665/661 to'
     'k/s;    587 sec'),
    ('[2019-02-15 16:45:33,653 INFO] Step 350/  400; acc:  19.38; ppl: 244.81; xent: 5.50; lr: 1.00000; 649/642 to'
     'k/s;    676 sec'),
    ('[2019-02-15 16:47:06,141 INFO] Step 400/  400; acc:  20.44; ppl: 214.75; xent: 5.37; lr: 1.00000; 593/598 to'
     'k/s;    769 sec'),
    '[2019-02-15 16:47:06,265 INFO] Loading dataset from data/data.valid.0.pt, number of examples: 3000',
    '[2019-02-15 16:48:27,328 INFO] Validation perplexity: 150.277',
    '[2019-02-15 16:48:27,328 INFO] Validation accuracy: 24.2132',
]


def test_validation_lines_between_steps_are_evaluation_time(tmp_path: Path) -> None:
    """Each validation ran from its set's loading (16:39:56.811, 16:47:06.265) to its accuracy line
    (16:41:13.415, 16:48:27.328): 157.667 s of evaluation, not training; the last one after step 400
    is the run's too (its wall time to 16:48:27.328, 849.853 s, not to the last step's 768.666 s)."""
    con = console_connection(tmp_path, OPENNMT_VALIDATIONS)
    evaluated = (_ns("2019-02-15 16:41:13,415") - _ns("2019-02-15 16:39:56,811")
                 + _ns("2019-02-15 16:48:27,328") - _ns("2019-02-15 16:47:06,265")) / 1e9
    assert con.execute("select seconds from goodput_buckets where bucket = 'eval'").fetchone()[0] == pytest.approx(evaluated)
    assert con.execute("select end_ns - start_ns from attempts").fetchone()[0] == (
        _ns("2019-02-15 16:48:27,328") - _ns("2019-02-15 16:34:17,475"))
    # (`662/656 tok/s` is the source's and the target's rates, a pair: neither is the step's tokens a second)
    assert con.execute("select count(tokens_per_s) from log_steps").fetchone()[0] == 0


def test_an_evaluation_starts_at_its_own_line_after_an_undated_training_bar(tmp_path: Path) -> None:
    """AllenNLP's simple tagger (tests/test_line_rules_libraries.py's lines): `Validating` at
    12:46:42.335 follows the epoch's training bar, which has no time: the
    validation began there, not at the epoch's `Training` line 38.7 s before; it ended with its
    table (`Training |  Validation`, 12:46:43.818): 1.483 s; and likewise the first epoch's, before
    the first step row (its table's loss line): 2.143 s."""
    con = console_connection(tmp_path, ALLENNLP)
    evaluated = (_ns("2019-10-15 12:46:03,515") - _ns("2019-10-15 12:46:01,372")
                 + _ns("2019-10-15 12:46:43,818") - _ns("2019-10-15 12:46:42,335")) / 1e9
    assert con.execute("select seconds from goodput_buckets where bucket = 'eval'").fetchone()[0] == pytest.approx(evaluated)



# OpenNMT-py's toy English-German tutorial typed at a shell's prompt (a public notes file, stored file id
# 10888991448, its "Training" block's lines 1-15 and 103-114): `time onmt_build_vocab`, its lines and `real 0m0.708s`, then,
# 9.6 minutes later, `time onmt_train` and its run
OPENNMT_TWO_COMMANDS = [
    ('(py3.6env) ye@administrator-HP-Z2-Tower-G4-Workstation:~/exp/nmt/openNMT/tutorial$ time onmt_build_vocab -co'
     'nfig toy_en_de.yaml -n_sample 10000'),
    "Corpus corpus_1's weight should be given. We default it to 1 for you.",
    '[2021-03-21 00:19:12,363 INFO] Counter vocab from 10000 samples.',
    '[2021-03-21 00:19:12,363 INFO] Build vocab on 10000 transformed examples/corpus.',
    "[2021-03-21 00:19:12,368 INFO] corpus_1's transforms: TransformPipe()",
    ('[2021-03-21 00:19:12,368 INFO] Loading ParallelCorpus(toy-ende/src-train.txt, toy-ende/tgt-train.txt, align='
     'None)...'),
    '[2021-03-21 00:19:12,570 INFO] Counters src:24995',
    '[2021-03-21 00:19:12,570 INFO] Counters tgt:35816',
    '',
    'real\t0m0.708s',
    'user\t0m0.602s',
    'sys\t0m0.060s',
    ('(py3.6env) ye@administrator-HP-Z2-Tower-G4-Workstation:~/exp/nmt/openNMT/tutorial$ time onmt_train -config t'
     'oy_en_de.yaml'),
    '[2021-03-21 00:28:48,357 INFO] Missing transforms field for corpus_1 data, set to default: [].',
    "[2021-03-21 00:28:48,357 WARNING] Corpus corpus_1's weight should be given. We default it to 1 for you.",
    ('[2021-03-21 00:37:18,324 INFO] Loading ParallelCorpus(toy-ende/src-train.txt, toy-ende/tgt-train.txt, align='
     'None)...'),
    ('[2021-03-21 00:37:30,486 INFO] Step 950/ 1000; acc:  15.79; ppl: 525.61; xent: 6.26; lr: 1.00000; 2663/2662 '
     'tok/s;    519 sec'),
    ('[2021-03-21 00:37:56,977 INFO] Step 1000/ 1000; acc:  15.78; ppl: 502.18; xent: 6.22; lr: 1.00000; 2749/2705'
     ' tok/s;    546 sec'),
    ('[2021-03-21 00:37:56,977 INFO] Loading ParallelCorpus(toy-ende/src-val.txt, toy-ende/tgt-val.txt, align=None'
     ')...'),
    '[2021-03-21 00:38:11,280 INFO] Validation perplexity: 1008.72',
    '[2021-03-21 00:38:11,280 INFO] Validation accuracy: 14.1818',
    '[2021-03-21 00:38:11,455 INFO] Saving checkpoint toy-ende/run/model_step_1000.pt',
    '',
    'real\t9m24.291s',
    'user\t8m38.686s',
    'sys\t0m44.289s',
    '(py3.6env) ye@administrator-HP-Z2-Tower-G4-Workstation:~/exp/nmt/openNMT/tutorial$',
]


def test_a_command_typed_after_one_that_logged_no_step_starts_the_run(tmp_path: Path) -> None:
    """The vocabulary's build logged no step and ended (`real 0m0.708s`); `onmt_train` was typed
    at the prompt after it: the run starts at its first line, 00:28:48.357, not at the build's
    00:19:12.363; the 9.6 minutes at the prompt are no start-up of it."""
    con = console_connection(tmp_path, OPENNMT_TWO_COMMANDS)
    assert con.execute("select start_ns from attempts").fetchall() == [(_ns("2021-03-21 00:28:48,357"),)]


# oumi's trainer under DataParallel out of memory on its first step: the main process's traceback, its exception
# carrying the replica's own traceback (github.com/gtseligas/lcn-llama @ 9fcec36, train.err, lines 13-15, 80-86
# and 130-133; the frames between cut)
DATAPARALLEL_OOM = [
    'Traceback (most recent call last):',
    '  File "/leonardo_work/EUHPC_A04_051/oumi-dev-env/bin/oumi", line 8, in <module>',
    '    sys.exit(run())',
    '    output.reraise()',
    '  File "/leonardo_work/EUHPC_A04_051/oumi-dev-env/lib/python3.11/site-packages/torch/_utils.py", line 715, in reraise',
    '    raise exception',
    'torch.OutOfMemoryError: Caught OutOfMemoryError in replica 0 on device 0.',
    'Original Traceback (most recent call last):',
    ('  File "/leonardo_work/EUHPC_A04_051/oumi-dev-env/lib/python3.11/site-packages/torch/nn/parallel/parallel_appl'
     'y.py", line 96, in _worker'),
    '    output = module(*input, **kwargs)',
    ('  File "/leonardo_work/EUHPC_A04_051/oumi-dev-env/lib/python3.11/site-packages/torch/nn/modules/linear.py", li'
     'ne 125, in forward'),
    '    return F.linear(input, self.weight, self.bias)',
    '           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    ('torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 512.00 MiB. GPU 0 has a total capacity of 63.42 '
     'GiB of which 1.20 GiB is free. Including non-PyTorch memory, this process has 62.22 GiB memory in use. 60.25 G'
     'iB allowed; Of the allocated memory 59.76 GiB is allocated by PyTorch, and 78.23 MiB is reserved by PyTorch bu'
     't unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF=expandable_segm'
     'ents:True to avoid fragmentation.  See documentation for Memory Management  (https://pytorch.org/docs/stable/n'
     'otes/cuda.html#environment-variables)'),
]


def test_a_replicas_traceback_inside_the_exception_is_one_failure(tmp_path: Path) -> None:
    """`Caught OutOfMemoryError in replica 0 on device 0.`, then `Original Traceback` and the replica's
    `CUDA out of memory.`: one exception, its message the replica's traceback. One failure, out of
    memory: one crash (the traceback) and one OOM, not two of each."""
    _, _, events = _read(tmp_path, DATAPARALLEL_OOM, name="train.err", parser_name="generic_log")
    assert sorted(e["kind"] for e in events if e["kind"] in ("crash", "oom")) == ["crash", "oom"]


# 3D Gaussian Splatting's train.py on the Tanks and Temples "train" scene, each line it prints ending with its time,
# day first; its bar's drawing at each evaluation (a Korean setup note's log block, index id 1465528570, the block
# after `python train.py -s data/tandt/train -m output/train`)
GAUSSIAN_SPLATTING_TRAIN = [
    "Optimizing output/train",
    "Output folder: output/train [10/09 09:28:00]",
    "Tensorboard not available: not logging progress [10/09 09:28:00]",
    "Reading camera 301/301 [10/09 09:28:00]",
    "Converting point3d.bin to .ply, will happen only the first time you open the scene. [10/09 09:28:00]",
    "Loading Training Cameras [10/09 09:28:01]",
    "Loading Test Cameras [10/09 09:28:02]",
    "Number of points at initialisation :  182686 [10/09 09:28:02]",
    "Training progress:  23%|████████▋                            | 7000/30000 [05:03<21:42, 17.65it/s, Loss=0.0864041,"
    " Depth Loss=0.0000000]",
    "[ITER 7000] Evaluating train: L1 0.061922325193881994 PSNR 20.546619033813478 [10/09 09:33:06]",
    "",
    "[ITER 7000] Saving Gaussians [10/09 09:33:06]",
    "Training progress: 100%|████████████████████████████████████| 30000/30000 [30:26<00:00, 16.42it/s, Loss=0.0591384,"
    " Depth Loss=0.0000000]",
    "",
    "[ITER 30000] Evaluating train: L1 0.033260392397642134 PSNR 25.225400924682617 [10/09 09:58:29]",
    "",
    "[ITER 30000] Saving Gaussians [10/09 09:58:29]",
    "",
    "Training complete. [10/09 09:58:33]",
]


def test_gaussian_splattings_lines_are_dated_by_the_time_they_end_with(tmp_path: Path) -> None:
    """Each line 3DGS prints ends with `[DD/MM HH:MM:SS]`: the run spans 09:28:00 (its output folder's line) to
    09:58:33 (`Training complete.`), 1833 s. Two bar drawings are enough to read it. Its bar's first drawing,
    `7000/30000 [05:03<...]`, began 5:03 before 09:33:06, within the logs: they show its loop begin, and
    open at no step mid-run."""
    path = tmp_path / "train.log"
    path.write_text("\n".join(GAUSSIAN_SPLATTING_TRAIN) + "\n")
    os.utime(path, (datetime(2024, 9, 10, 10).timestamp(),) * 2)
    store = Store.open(tmp_path / "s.tlstore")
    assert not store.ingest([path]).failed
    con = store.connect()
    assert con.execute("select wall_s, opens_at_step from goodput").fetchone() == ((58 - 28) * 60 + 33, None)
    assert con.execute("select end_reason from attempts").fetchall() == [("completed",)]
