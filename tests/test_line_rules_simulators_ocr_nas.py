"""Simulators' trainers, OCR and retrieval trainers, medical-imaging and NAS research code: step,
save and end lines quoted verbatim from public logs (each block's source is cited above it), tiny
inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from tests.test_line_rules import _read

# Unity ML-Agents (release 8 era) PPO on 3DBall, `mlagents-learn` (a project's notes, index id 30285712101, the
# fenced block under "## 10/29", its first five summary lines)
ML_AGENTS = [
    "2020-10-29 21:58:25 INFO [stats.py:118] 3DBall. Step: 12000. Time Elapsed: 26.085 s. Mean Reward: "
    "1.215. Std of Reward: 0.729. Training.",
    "2020-10-29 21:58:34 INFO [stats.py:118] 3DBall. Step: 24000. Time Elapsed: 35.425 s. Mean Reward: "
    "1.345. Std of Reward: 0.832. Training.",
    "2020-10-29 21:58:43 INFO [stats.py:118] 3DBall. Step: 36000. Time Elapsed: 44.107 s. Mean Reward: "
    "1.674. Std of Reward: 1.048. Training.",
    "2020-10-29 21:58:52 INFO [stats.py:118] 3DBall. Step: 48000. Time Elapsed: 52.883 s. Mean Reward: "
    "2.300. Std of Reward: 1.633. Training.",
    "2020-10-29 21:59:01 INFO [stats.py:118] 3DBall. Step: 60000. Time Elapsed: 61.581 s. Mean Reward: "
    "3.981. Std of Reward: 3.050. Training.",
]

# ML-Agents 1.1.0 on Windows, a run resumed with `--resume` (a user's 3DBPP_ML notes, index id 23251681359, the
# "2nd RESUME run" section's lines after its hyperparameters)
ML_AGENTS_RESUMED = [
    "[INFO] Resuming from results\\LargeBoxes_StackingRewards_101\\BoxPacker.",
    "[INFO] Resuming training from step 249988.",
    "[INFO] BoxPacker. Step: 250000. Time Elapsed: 14.630 s. Mean Reward: 12.027. Std of Reward: 0.000. Training.",
    "[INFO] Exported results\\LargeBoxes_StackingRewards_101\\BoxPacker\\BoxPacker-249998.onnx",
    "[INFO] BoxPacker. Step: 260000. Time Elapsed: 216.728 s. Mean Reward: 20.265. Std of Reward: 9.617. Training.",
    "[INFO] BoxPacker. Step: 270000. Time Elapsed: 404.712 s. Mean Reward: 20.543. Std of Reward: 10.088. Training.",
    "[INFO] BoxPacker. Step: 280000. Time Elapsed: 597.360 s. Mean Reward: 20.816. Std of Reward: 9.968. Training.",
]

# ML-Agents 0.7, whose summary printed no time (Unity-Technologies/ml-agents issue 1801, its description)
ML_AGENTS_0_7 = [
    "INFO:mlagents.trainers: firstRun-0: CBoxLearning: Step: 1000. Mean Reward: 1.000. Std of Reward: 1.225. Training.",
    "INFO:mlagents.trainers: firstRun-0: CBoxLearning: Step: 10000. Mean Reward: 0.400. Std of Reward: 0.490. Training.",
    "INFO:mlagents.trainers: firstRun-0: CBoxLearning: Step: 20000. Mean Reward: 0.800. Std of Reward: 0.748. Training.",
    "INFO:mlagents.trainers: firstRun-0: CBoxLearning: Step: 30000. Mean Reward: 1.200. Std of Reward: 0.980. Training.",
]

# habitat-baselines' PPO trainer under SoundSpaces (facebookresearch/sound-spaces issue 7, comment of 2020-10-08)
HABITAT = [
    "2020-09-29 12:14:11,793 agent number of parameters: 4346693",
    "2020-09-29 12:18:38,350 update: 10\tfps: 30.999\t",
    "2020-09-29 12:18:38,351 update: 10\tenv-time: 175.496s\tpth-time: 90.586s\tframes: 8250",
    "2020-09-29 12:18:38,351 Average window size 11 reward: -0.035008",
    "2020-09-29 12:22:01,407 update: 20\tfps: 33.568\t",
    "2020-09-29 12:22:01,408 update: 20\tenv-time: 296.408s\tpth-time: 172.698s\tframes: 15750",
    "2020-09-29 12:22:01,408 Average window size 21 reward: -0.024835",
    "2020-09-29 12:25:14,319 update: 30\tfps: 35.115\t",
    "2020-09-29 12:25:14,319 update: 30\tenv-time: 407.734s\tpth-time: 254.251s\tframes: 23250",
    "2020-09-29 12:25:14,320 Average window size 31 reward: -0.002278",
]

# habitat-baselines' train.log that launches append to (AnandSingh-0619/home-robot @ 22326cb7, train.log,
# lines 24-44)
HABITAT_APPENDED = [
    "2024-03-20 16:07:52,082 agent number of parameters: 9485655",
    "2024-03-20 16:45:12,512 Resizing observation of head_depth: from (640, 480) to (160, 120)",
    "2024-03-20 16:45:12,513 Resizing observation of object_segmentation: from (640, 480) to (160, 120)",
    "2024-03-20 16:45:12,514 Resizing observation of start_recep_segmentation: from (640, 480) to (160, 120)",
    "2024-03-20 16:45:15,640 agent number of parameters: 9485655",
    "2024-03-20 16:51:22,459 update: 10\tfps: 26.673\t",
    "2024-03-20 16:51:22,459 Num updates: 10\tNum frames 5120",
    "2024-03-20 16:51:22,460 Average window size: 10  articulated_agent_force.accum: 0.000  articulated"
    "_agent_force.instant: 0.000  did_pick_object: 0.017  did_violate_hold_constraint: 0.000  ee_to_obj"
    "ect_distance.0: 0.878  ee_to_rest_distance: 0.266  force_terminate: 0.000  num_steps: 3.599  pick_"
    "distance_to_goal: 0.749  pick_distance_to_goal_reward: -0.013  pick_reward: -0.040  pick_success: "
    "0.013  reward: -0.074  robot_collisions.obj_scene_colls: 0.000  robot_collisions.robot_obj_colls: "
    "0.000  robot_collisions.robot_scene_colls: 0.001  robot_collisions.total_collisions: 0.001  robot_"
    "collisions_terminate: 0.000",
    "2024-03-20 16:51:22,460 \tPerf Stats: trainer.rollout_collect: 18.088 trainer.sample_action: 0.007"
    " trainer.obs_insert: 0.000 trainer.step_env: 0.127 trainer.update_stats: 0.005 trainer.update_agen"
    "t: 0.707",
    "2024-03-20 17:04:23,934 Resizing observation of head_depth: from (640, 480) to (160, 120)",
    "2024-03-20 17:04:23,935 Resizing observation of object_segmentation: from (640, 480) to (160, 120)",
    "2024-03-20 17:04:23,936 Resizing observation of start_recep_segmentation: from (640, 480) to (160, 120)",
    "2024-03-20 17:04:27,136 agent number of parameters: 9485655",
    "2024-03-20 17:07:28,315 update: 10\tfps: 30.114\t",
    "2024-03-20 17:07:28,316 Num updates: 10\tNum frames 5120",
    "2024-03-20 17:07:28,317 Average window size: 10  articulated_agent_force.accum: 0.000  articulated"
    "_agent_force.instant: 0.000  did_pick_object: 0.016  did_violate_hold_constraint: 0.000  ee_to_obj"
    "ect_distance.0: 0.879  ee_to_rest_distance: 0.266  force_terminate: 0.000  num_steps: 3.602  pick_"
    "distance_to_goal: 0.751  pick_distance_to_goal_reward: -0.013  pick_reward: -0.039  pick_success: "
    "0.013  reward: -0.073  robot_collisions.obj_scene_colls: 0.000  robot_collisions.robot_obj_colls: "
    "0.000  robot_collisions.robot_scene_colls: 0.001  robot_collisions.total_collisions: 0.001  robot_"
    "collisions_terminate: 0.000",
    "2024-03-20 17:07:28,317 \tPerf Stats: trainer.rollout_collect: 16.324 trainer.sample_action: 0.007"
    " trainer.obs_insert: 0.000 trainer.step_env: 0.113 trainer.update_stats: 0.006 trainer.update_agen"
    "t: 0.252",
    "2024-03-20 22:47:26,993 Resizing observation of head_depth: from (640, 480) to (160, 120)",
    "2024-03-20 22:47:30,214 agent number of parameters: 9482519",
    "2024-03-20 23:03:38,732 Resizing observation of head_depth: from (640, 480) to (160, 120)",
    "2024-03-20 23:03:41,942 agent number of parameters: 9482519",
]

# facebookresearch/DPR's train_dense_encoder on Colab (a capstone README, index id 37884162170, section
# 'train and eval logs': the end of epoch 0, its save, the start of epoch 1)
DPR_EPOCH_0_END = [
    "Train batch 3200",
    "Avg. loss per last 100 batches: 0.605610",
    "Epoch: 0: Step: 3201/3258, loss=0.000000, lr=0.000007",
    "Finished iterating, iteration=3258, shard=0",
    "Validation: Epoch: 0 Step: 3258/3258",
    "NLL validation ...",
    "Reading file /content/dprdevdata]/data/retriever/nq-dev.json",
    "Aggregated data size: 6515",
]

DPR_SAVE = [
    "Eval step: 1499 , used_time=694.008654 sec., loss=0.328067 ",
    "Eval step: 1599 , used_time=740.507991 sec., loss=0.707699 ",
    "NLL Validation: loss = 0.735069. correct prediction ratio  5307/6516 ~  0.814457",
    "Saved checkpoint at /content/dprdevdata]/chkpnt/dpr_biencoder.0.3258",
    "Saved checkpoint to /content/dprdevdata]/chkpnt/dpr_biencoder.0.3258",
    "New Best validation checkpoint /content/dprdevdata]/chkpnt/dpr_biencoder.0.3258",
    "NLL validation ...",
]

DPR_EPOCH_1 = [
    "***** Epoch 1 *****",
    "Epoch: 1: Step: 1/3258, loss=0.040184, lr=0.000007",
    "Train batch 100",
    "Avg. loss per last 100 batches: 0.288920",
    "Epoch: 1: Step: 101/3258, loss=1.093456, lr=0.000007",
    "Train batch 200",
    "Avg. loss per last 100 batches: 0.489996",
    "Epoch: 1: Step: 201/3258, loss=0.095779, lr=0.000007",
]

# MedSAM fine-tuning on PET/CT (bowang-lab/MedSAM issue 273, its description): bars of two lengths, unnamed,
# and a dated line an epoch
MEDSAM = [
    "Number of training samples:  6745",
    "number of images: 508",
    "Number of validation samples:  508",
    "100%|██████████| 6745/6745 [46:27<00:00,  2.42it/s]",
    "Time: 20240624-0426, Epoch: 0, Train Loss: 0.18738590011567602",
    "100%|██████████| 6745/6745 [46:22<00:00,  2.42it/s]",
    "100%|██████████| 508/508 [01:15<00:00,  6.75it/s]",
    "Time: 20240624-0514, Epoch: 1, Train Loss: 0.1441643218093354, Val Loss: 0.19590356945991516",
    "100%|██████████| 6745/6745 [46:40<00:00,  2.41it/s]",
    "Time: 20240624-0600, Epoch: 2, Train Loss: 0.11798224276874086",
    "100%|██████████| 6745/6745 [46:42<00:00,  2.41it/s]",
    "100%|██████████| 508/508 [01:15<00:00,  6.69it/s]",
    "Time: 20240624-0648, Epoch: 3, Train Loss: 0.10075451955387053, Val Loss: 0.18957632780075073",
    "100%|██████████| 6745/6745 [46:51<00:00,  2.40it/s]",
    "Time: 20240624-0736, Epoch: 4, Train Loss: 0.08601130104280151",
    "100%|██████████| 6745/6745 [46:32<00:00,  2.42it/s]",
]

# MONAI research-contributions' Swin UNETR BRATS21 trainer (Project-MONAI/research-contributions issue 306)
SWIN_UNETR = [
    "Epoch 31/300 200/1000 loss: 0.2830 time 1.49s",
    "Epoch 31/300 400/1000 loss: 0.2741 time 1.32s",
    "Epoch 31/300 600/1000 loss: 0.2904 time 1.51s",
    "Epoch 31/300 800/1000 loss: 0.2899 time 1.51s",
    "Final training  31/299 loss: 0.2942 time 1477.11s",
    "0 Tue Sep 19 21:26:20 2023 Epoch: 32",
    "Epoch 32/300 0/1000 loss: 0.2807 time 3.87s",
    "Epoch 32/300 200/1000 loss: 0.2938 time 1.51s",
]

# Tesseract 5 `lstmtraining` through tesstrain (a Shan OCR blog, index id 11001994708, the result block)
LSTMTRAINING = [
    "...",
    "2 Percent improvement time=23727, best error was 4.629 @ 71700",
    "At iteration 95427/192700/192702, mean rms=0.807%, delta=0.538%, BCER train=2.563%, BWER train=22."
    "000%, skip ratio=0.000%, New best BCER = 2.563 wrote checkpoint.",
    "...",
    "At iteration 96640/199700/199702, mean rms=0.839%, delta=0.545%, BCER train=3.105%, BWER train=29."
    "510%, skip ratio=0.000%, wrote checkpoint.",
    "At iteration 96650/199800/199802, mean rms=0.823%, delta=0.545%, BCER train=3.109%, BWER train=28."
    "702%, skip ratio=0.000%, wrote checkpoint.",
    "At iteration 96661/199900/199902, mean rms=0.806%, delta=0.508%, BCER train=3.073%, BWER train=28."
    "593%, skip ratio=0.000%, wrote checkpoint.",
    "At iteration 96679/200000/200002, mean rms=0.809%, delta=0.514%, BCER train=3.109%, BWER train=28."
    "927%, skip ratio=0.000%, wrote checkpoint.",
    "Finished! Selected model with minimal training error rate (BCER) = 2.563",
]

# EasyOCR's trainer (deep-text-recognition-benchmark's loop), Bcayy/Easyocr_finetuning @ 6a40e20f, log_train.txt
DTRB = [
    "[20000/300000] Train loss: 0.30092, Valid loss: 1.49355, Elapsed_time: 1935.90580",
    "Current_accuracy : 60.039, Current_norm_ED  : 0.8185",
    "Best_accuracy    : 60.039, Best_norm_ED     : 0.8185",
    "--------------------------------------------------------------------------------",
    "Ground Truth              | Prediction                | Confidence Score & T/F",
    "--------------------------------------------------------------------------------",
    "TROY                      | TROY                      | 0.4822\tTrue",
    "Master)                   | Möster                    | 0.4122\tFalse",
    "--------------------------------------------------------------------------------",
    "[40000/300000] Train loss: 0.00001, Valid loss: 1.58368, Elapsed_time: 3892.43095",
    "Current_accuracy : 60.328, Current_norm_ED  : 0.8201",
    "Best_accuracy    : 60.328, Best_norm_ED     : 0.8201",
]

# quark0/darts' second-order search (a NAS reproduction report, index id 4864802187, section "2.2 DARTS
# Reproduction")
DARTS = [
    "2023-04-03 08:45:27,087 train 250 1.907752e-02 99.638944 100.000000",
    "2023-04-03 08:47:02,286 train 300 1.911234e-02 99.652201 100.000000",
    "2023-04-03 08:48:37,542 train 350 1.870171e-02 99.675036 100.000000",
    "2023-04-03 08:49:53,315 train_acc 99.676000",
    "2023-04-03 08:49:53,449 valid 000 4.773718e-01 87.500000 100.000000",
    "2023-04-03 08:49:57,625 valid 050 3.327558e-01 90.318627 99.571078",
    "2023-04-03 08:50:01,801 valid 100 3.695028e-01 89.402847 99.504950",
    "2023-04-03 08:50:05,977 valid 150 3.672881e-01 89.372930 99.492964",
]

# ENAS' child training (the same report, its ENAS section)
ENAS = [
    "epoch=629   ch_step=218900 loss=0.002567 lr=0.0001   |g|=0.5652   tr_acc=144/144 mins=1664.85   ",
    "epoch=629   ch_step=218950 loss=0.013373 lr=0.0001   |g|=4.6466   tr_acc=143/144 mins=1665.21   ",
    "epoch=629   ch_step=219000 loss=0.001038 lr=0.0001   |g|=0.1008   tr_acc=144/144 mins=1665.56   ",
    "epoch=629   ch_step=219050 loss=0.001635 lr=0.0001   |g|=0.4037   tr_acc=144/144 mins=1665.92   ",
]

# PaddleOCR's KIE docs (PaddlePaddle/PaddleOCR, doc/doc_ch/kie.md)
PADDLEOCR_KIE = [
    "[2022/08/08 16:28:28] ppocr INFO: epoch: [1/200], global_step: 10, lr: 0.000006, loss: 1.871535, a"
    "vg_reader_cost: 0.28200 s, avg_batch_cost: 0.82318 s, avg_samples: 8.0, ips: 9.71838 samples/s, et"
    "a: 0:51:59",
    "[2022/08/08 16:28:33] ppocr INFO: epoch: [1/200], global_step: 19, lr: 0.000018, loss: 1.461939, a"
    "vg_reader_cost: 0.00042 s, avg_batch_cost: 0.32037 s, avg_samples: 6.9, ips: 21.53773 samples/s, e"
    "ta: 0:37:55",
    "[2022/08/08 16:28:39] ppocr INFO: cur metric, precision: 0.11526348939743859, recall: 0.1977665706"
    "0518732, hmean: 0.14564265817747712, fps: 34.008392345050055",
    "[2022/08/08 16:28:45] ppocr INFO: save best model is to ./output/ser_vi_layoutxlm_xfund_zh/best_accuracy",
    "[2022/08/08 16:28:45] ppocr INFO: best metric, hmean: 0.14564265817747712, precision: 0.1152634893"
    "9743859, recall: 0.19776657060518732, fps: 34.008392345050055, best_epoch: 1",
    "[2022/08/08 16:28:51] ppocr INFO: save model in ./output/ser_vi_layoutxlm_xfund_zh/latest",
]

# A fetal-head U-Net's results (TrinhThaiSonDHQT/Fetal-Head-Segmentation @ 0bb457ea,
# notebooks/accuracy_focus/standard_u_net/standard_u-net_results.tsx)
FETAL_HEAD = [
    "Epoch 1/100",
    "  Train Loss: 0.4920",
    "  Val Loss:   0.4283",
    "  Val Dice:   0.0000",
    "  Val IoU:    0.0000",
    "  Val PA:     0.9908",
    "  LR:         0.000100",
    "  → Saved best model (Dice: 0.0000)",
    "",
    "Epoch 2/100",
]

# A TransUNet-derived 3D trainer (AlexYouXin/Explicit-Shape-Priors issue 9)
TRANSUNET = [
    "epoch : 269, iteration : 2697, val loss : 0.169378, val loss_ce: 0.176290, val loss_dice: 0.162465, val dice : 0.837535",
    "epoch : 269, iteration : 2700, val loss : 0.166780, val loss_ce: 0.107217, val loss_dice: 0.226344, val dice : 0.773656",
    "epoch : 269, mean val loss : 0.156277, mean val ce loss: 0.119991, mean val dice : 0.807438",
    "save best model to ../model/TU_Synapse[128, 160, 96]/TU_pretrain_R50-ViT-B_16_skip3_10k_epo1000_bs"
    "2_[128, 160, 96]/best_model.pth at epoch 270, val dice: 0.8074375987052917",
]

# torch.distributed.run in PyTorch 1.9, a worker that exited 1 with no error file (facebookresearch/MetaICL issue 8,
# the log in its description)
ELASTIC_1_9 = [
    "**********************************************************************",
    "               CHILD PROCESS FAILED WITH NO ERROR_FILE                ",
    "**********************************************************************",
    "CHILD PROCESS FAILED WITH NO ERROR_FILE",
    "Child process 17057 (local_rank 0) FAILED (exitcode 1)",
    "Error msg: Process failed with exitcode 1",
    "Without writing an error file to <N/A>.",
    "While this DOES NOT affect the correctness of your application,",
    "no trace information about the error will be available for inspection.",
    "Consider decorating your top level entrypoint function with",
    "torch.distributed.elastic.multiprocessing.errors.record. Example:",
    "",
    "  from torch.distributed.elastic.multiprocessing.errors import record",
    "",
    "  @record",
    "  def trainer_main(args):",
    "     # do train",
]

# Horovod with tf.keras under mpirun, a run that fails in `fit` (DEKHTIARJonathan/HVD_TF_Worker_Desync_BugReport,
# README.md, stored revision index id 646741004, its results block)
KERAS_FIT_CRASH = [
    "1/1 - 3s - loss: nan",
    "rank 0 completed step...",
    "",
    "",
    "[2021-02-02 21:19:07.345988: W /tmp/pip-install-dxtho7yu/horovod_0bde588442554cf4b80c76441efc4e03/"
    "horovod/common/stall_inspector.cc:105] One or more tensors were submitted to be reduced, gathered "
    "or broadcasted by subset of ranks and are waiting for remainder of ranks for more than 10 seconds."
    " This may indicate that different ranks are trying to submit different tensors or that only subset"
    " of ranks is submitting tensors, which will cause deadlock. ",
    "Missing ranks:",
    "0: [cond_1/then/_10/cond_1/SGD/PartitionedCall/DistributedSGD_Allreduce/cond/then/_79/DistributedS"
    "GD_Allreduce/cond/HorovodAllreduce_grads_0]",
    "",
    "",
    "[2021-02-02 21:19:17.346253: W /tmp/pip-install-dxtho7yu/horovod_0bde588442554cf4b80c76441efc4e03/"
    "horovod/common/stall_inspector.cc:105] One or more tensors were submitted to be reduced, gathered "
    "or broadcasted by subset of ranks and are waiting for remainder of ranks for more than 10 seconds."
    " This may indicate that different ranks are trying to submit different tensors or that only subset"
    " of ranks is submitting tensors, which will cause deadlock. ",
    "Missing ranks:",
    "0: [cond_1/then/_10/cond_1/SGD/PartitionedCall/DistributedSGD_Allreduce/cond/then/_79/DistributedS"
    "GD_Allreduce/cond/HorovodAllreduce_grads_0]",
    "",
    "",
    "Traceback (most recent call last):",
    '  File "main.py", line 45, in <module>',
    "    model.fit(x=x, y=np.ones(1), verbose=2)",
    '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/keras/engine/training.py", line 1'
    "134, in fit",
    "    tmp_logs = self.train_function(iterator)",
    '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/eager/def_function.py", line 818,'
    " in __call__",
    "    result = self._call(*args, **kwds)",
    '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/eager/def_function.py", line 879,'
    " in _call",
    "    return self._stateless_fn(*args, **kwds)",
    '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/eager/function.py", line 2994, in'
    " __call__",
    "    filtered_flat_args, captured_inputs=graph_function.captured_inputs)  # pylint: disable=protect"
    "ed-access",
    '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/eager/function.py", line 1939, in'
    " _call_flat",
    "    ctx, args, cancellation_manager=cancellation_manager))",
    '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/eager/function.py", line 569, in '
    "call",
    "    ctx=ctx)",
    '  File "/usr/local/lib/python3.6/dist-packages/tensorflow/python/eager/execute.py", line 60, in qu'
    "ick_execute",
    "    inputs, attrs, num_outputs)",
    "tensorflow.python.framework.errors_impl.UnknownError:  Horovod has been shut down. This was caused"
    " by an exception on one of the ranks or an attempt to allreduce, allgather or broadcast a tensor a"
    "fter one of the ranks finished execution. If the shutdown was caused by an exception, you should s"
    "ee the exception in the log before the first shutdown message.",
    "\t [[{{node cond_1/then/_10/cond_1/SGD/PartitionedCall/DistributedSGD_Allreduce/cond/then/_79/Dist"
    "ributedSGD_Allreduce/cond/HorovodAllreduce_grads_0}}]] [Op:__inference_train_function_628]",
    "",
    "Function call stack:",
    "train_function",
    "",
    "--------------------------------------------------------------------------",
    "Primary job  terminated normally, but 1 process returned",
    "a non-zero exit code. Per user-direction, the job has been aborted.",
    "--------------------------------------------------------------------------",
    "--------------------------------------------------------------------------",
    "mpirun detected that one or more processes exited with non-zero status, thus causing",
    "the job to be terminated. The first process to do so was:",
    "",
    "  Process name: [[56671,1],1]",
    "  Exit code:    1",
    "--------------------------------------------------------------------------",
    "",
]

# Chris McCormick's BERT fine-tuning loop on CoLA (satyajitghana/TSAI-DeepNLP-END2.0 @ 771787c8,
# 14_BERT_BART/README.md, its training log block's first two epochs)
BERT_TUTORIAL = [
    "======== Epoch 1 / 4 ========",
    "Training...",
    "  Batch    40  of    241.    Elapsed: 0:00:14.",
    "  Batch    80  of    241.    Elapsed: 0:00:28.",
    "  Batch   120  of    241.    Elapsed: 0:00:43.",
    "  Batch   160  of    241.    Elapsed: 0:00:57.",
    "  Batch   200  of    241.    Elapsed: 0:01:12.",
    "  Batch   240  of    241.    Elapsed: 0:01:27.",
    "",
    "  Average training loss: 0.40",
    "  Training epcoh took: 0:01:27",
    "",
    "Running Validation...",
    "  Accuracy: 0.81",
    "  Validation took: 0:00:04",
    "",
    "======== Epoch 2 / 4 ========",
    "Training...",
    "  Batch    40  of    241.    Elapsed: 0:00:15.",
    "  Batch    80  of    241.    Elapsed: 0:00:30.",
    "  Batch   120  of    241.    Elapsed: 0:00:45.",
    "  Batch   160  of    241.    Elapsed: 0:01:00.",
]

# The same loop with a save after each epoch, in an XLNet multi-label notebook's output (nbconvert markdown, index
# id 5836384176, CRLF lines)
XLNET_SAVE = [
    "      Batch 1,560  of  1,796.    Elapsed: 0:13:01.\r",
    "      Batch 1,600  of  1,796.    Elapsed: 0:13:21.\r",
    "      Batch 1,640  of  1,796.    Elapsed: 0:13:42.\r",
    "      Batch 1,680  of  1,796.    Elapsed: 0:14:03.\r",
    "      Batch 1,720  of  1,796.    Elapsed: 0:14:23.\r",
    "      Batch 1,760  of  1,796.    Elapsed: 0:14:44.\r",
    "    \r",
    "      Average training loss: 0.00\r",
    "      Training epcoh took: 0:15:02\r",
    "    \r",
    "    Running Validation...\r",
    "      Validation Loss: 0.00\r",
    "      Validation took: 0:01:22\r",
    "    \r",
    "\r",
    "    Epoch:  20%|██        | 1/5 [16:41<1:06:44, 1001.08s/it]\r",
    "\r",
    "    Saving model at epoch 0 with validation loss of 0.00033740604524109483\r",
    "    \r",
    "    ======== Epoch 1 / 5 ========\r",
    "    Training...\r",
    "      Batch    40  of  1,796.    Elapsed: 0:00:20.\r",
]

# Deeplearning4j 1.0.0-M2's LeNet MNIST example (houbb's blog "DeepLearning4j-06-Hello world", index id 4084651176)
DL4J = [
    "o.d.o.l.ScoreIterationListener - Score at iteration 0 is 2.4743150434186543",
    "o.d.o.l.ScoreIterationListener - Score at iteration 10 is 1.1818027856870121",
    "o.d.o.l.ScoreIterationListener - Score at iteration 20 is 0.5705571103633293",
    "o.d.o.l.ScoreIterationListener - Score at iteration 30 is 0.6281973756740101",
    "o.d.o.l.ScoreIterationListener - Score at iteration 40 is 0.42112611437444736",
    "o.d.o.l.ScoreIterationListener - Score at iteration 50 is 0.4008099047571695",
    "o.d.o.l.ScoreIterationListener - Score at iteration 60 is 0.5216449826506526",
]

# CNTK 2.4's ConvNet MNIST under Azure Batch AI (a Korean quickstart doc, index id 10981537718, its sample output)
CNTK = [
    "Finished Epoch[1 of 40]: [Training] loss = 0.405960 * 60000, metric = 13.01% * 60000 21.741s (2759"
    ".8 samples/s);",
    "Finished Epoch[2 of 40]: [Training] loss = 0.106030 * 60000, metric = 3.09% * 60000 3.638s (16492."
    "6 samples/s);",
    "Finished Epoch[3 of 40]: [Training] loss = 0.078542 * 60000, metric = 2.32% * 60000 3.477s (17256."
    "3 samples/s);",
]

# Leela Zero's tfprocess (leela-zero/leela-zero issue 1061, the second block of its description)
LEELA_ZERO = [
    "Model saved in file: /home/morbo/git/leela-zero/training/tf/leelaz-model-576000",
    "Leela weights saved to /home/morbo/git/leela-zero/training/tf/leelaz-model-576000.txt",
    "step 577000, policy=1.71688 mse=0.192603 reg=0.100024 total=2.58732 (236.009 pos/s)",
    "step 578000, policy=1.7155 mse=0.191874 reg=0.100024 total=2.58302 (300.619 pos/s)",
    "step 579000, policy=1.71673 mse=0.192965 reg=0.100024 total=2.58861 (300.564 pos/s)",
    "step 580000, policy=1.71172 mse=0.193035 reg=0.100022 total=2.58389 (300.537 pos/s)",
    "step 581000, policy=1.71498 mse=0.193549 reg=0.10002 total=2.5892 (300.539 pos/s)",
    "step 582000, policy=1.71038 mse=0.191926 reg=0.10002 total=2.57811 (300.596 pos/s)",
    "step 583000, policy=1.72087 mse=0.194064 reg=0.10002 total=2.59714 (300.669 pos/s)",
    "step 584000, policy=1.71855 mse=0.192677 reg=0.100019 total=2.58928 (300.483 pos/s)",
    "step 584000, policy=1.70126 training accuracy=60.0117%, mse=0.193385",
    "Model saved in file: /home/morbo/git/leela-zero/training/tf/leelaz-model-584000",
    "Leela weights saved to /home/morbo/git/leela-zero/training/tf/leelaz-model-584000.txt",
    "step 585000, policy=1.71406 mse=0.192978 reg=0.100018 total=2.58599 (236.578 pos/s)",
]

# llama.cpp `finetune`, a LoRA on Llama-3-8B on CPU (neoneye's notes "# Finetune v4", index id 28238276095)
GGML_FINETUNE = [
    "train_opt_callback: iter=     0 sample=1/10322099 sched=0.000000 loss=0.000000 |->",
    "train_opt_callback: iter=     1 sample=9/10322099 sched=0.010000 loss=13.108456 dt=00:03:25 eta=14"
    ":34:59 |->",
    "train_opt_callback: iter=     2 sample=17/10322099 sched=0.020000 loss=13.578369 dt=00:03:14 eta=1"
    "3:41:58 |>",
    "train_opt_callback: iter=     3 sample=25/10322099 sched=0.030000 loss=12.660073 dt=00:03:09 eta=1"
    "3:21:05 |----->",
    "train_opt_callback: iter=     4 sample=33/10322099 sched=0.040000 loss=13.175516 dt=00:03:08 eta=1"
    "3:13:25 |>",
    "train_opt_callback: iter=     5 sample=41/10322099 sched=0.050000 loss=12.587597 dt=00:03:08 eta=1"
    "3:07:41 |------>",
    "train_opt_callback: iter=     6 sample=49/10322099 sched=0.060000 loss=13.083473 dt=00:03:08 eta=1"
    "3:04:39 |->",
    "train_opt_callback: iter=     7 sample=57/10322099 sched=0.070000 loss=12.490389 dt=00:03:08 eta=1"
    "3:02:24 |------->",
    "train_opt_callback: iter=     8 sample=65/10322099 sched=0.080000 loss=12.374289 dt=00:03:06 eta=1"
    "2:51:02 |-------->",
    "train_opt_callback: iter=     9 sample=73/10322099 sched=0.090000 loss=10.041038 dt=00:03:04 eta=1"
    "2:40:33 |-------------------------------->",
    "save_checkpoint_lora_file: saving to checkpoint-10.gguf",
    "save_checkpoint_lora_file: saving to checkpoint-LATEST.gguf",
    "save_as_llama_lora: saving to lora.bin",
    "save_as_llama_lora: saving to lora.bin",
]

# NVIDIA/tacotron2 pull request 54 (a distributed fp16 run's lines, turn 1)
TACOTRON_OLD = [
    "Train iter       16 loss 49.316841 Grad Norm 10.800460 3.22s/it",
    "/scratch/github/tacotron2/fp16_optimizer.py:173: UserWarning: torch.nn.utils.clip_grad_norm is now"
    " deprecated in favor of torch.nn.utils.clip_grad_norm_.",
    "  return torch.nn.utils.clip_grad_norm(fp32_params, clip)",
    "OVERFLOW! Skipping step. Attempted loss scale: 65536.0",
    "Train iter       18 loss 40.572620 Grad Norm 24.962288 3.18s/it",
    "Train iter       19 loss 23.865871 Grad Norm 18.794416 3.18s/it",
    "Train iter       20 loss 13.441618 Grad Norm 15.939060 3.23s/it",
    "Train iter       21 loss 7.951932 Grad Norm 8.706021 3.25s/it",
    "Train iter       22 loss 6.590442 Grad Norm 6.689472 3.16s/it",
]

# spaCy v3 `spacy train` (project notes "Expérience NER 25/03/2025", index id 31102137736)
SPACY_V3 = [
    "E    #       LOSS TOK2VEC  LOSS NER  ENTS_F  ENTS_P  ENTS_R  SCORE ",
    "---  ------  ------------  --------  ------  ------  ------  ------",
    "  0       0          0.00     36.70    0.00    0.00    0.00    0.00",
    " 66     200         16.25    933.98   47.06   50.00   44.44    0.47",
    "143     400          0.00      0.00   58.82   62.50   55.56    0.59",
    "243     600          0.00      0.00   58.82   62.50   55.56    0.59",
    "343     800          0.00      0.00   58.82   62.50   55.56    0.59",
    "512    1000          0.00      0.00   58.82   62.50   55.56    0.59",
    "712    1200          0.00      0.00   58.82   62.50   55.56    0.59",
    "912    1400          0.00      0.00   58.82   62.50   55.56    0.59",
    "1112    1600          0.00      0.00   58.82   62.50   55.56    0.59",
    "1312    1800          0.00      0.00   58.82   62.50   55.56    0.59",
    "1512    2000          0.00      0.00   58.82   62.50   55.56    0.59",
    "✔ Saved pipeline to output directory",
]

# tf.keras under horovodrun with --tag-output, a rank's fit failing (horovod/horovod issue 3412, its description)
KERAS_HOROVOD_CRASH = [
    "[1,0]<stdout>:2022-02-20 10:38:29,028 [INFO] {'loss': 1.0014339685440063, 'auc': 0.468968689441680"
    "9, 'batch': 0}",
    "[1,1]<stdout>:2022-02-20 10:38:29,032 [INFO] {'loss': 0.9956496357917786, 'auc': 0.489079058170318"
    "6, 'batch': 0}",
    "[1,2]<stdout>:2022-02-20 10:38:29,033 [INFO] {'loss': 1.0065269470214844, 'auc': 0.507917106151580"
    "8, 'batch': 0}",
    "[1,0]<stdout>:925/925 - 522s - loss: 0.1655 - auc: 0.7404 - val_loss: 0.1336 - val_auc: 0.8013",
    "[1,2]<stderr>:Traceback (most recent call last):",
    '[1,2]<stderr>:  File "/work/code/horovod_test/train_atp_day_cal_ad_horovod.py", line 202, in <modu'
    "le>",
    "[1,2]<stderr>:    model.fit(",
    '[1,2]<stderr>:  File "/usr/local/lib/python3.8/dist-packages/tensorflow/python/keras/engine/traini'
    'ng.py", line 1183, in fit',
    "[1,2]<stderr>:    tmp_logs = self.train_function(iterator)",
    '[1,2]<stderr>:  File "/usr/local/lib/python3.8/dist-packages/tensorflow/python/eager/def_function.'
    'py", line 889, in __call__',
    "[1,2]<stderr>:    result = self._call(*args, **kwds)",
    '[1,2]<stderr>:  File "/usr/local/lib/python3.8/dist-packages/tensorflow/python/eager/def_function.'
    'py", line 917, in _call',
    "[1,2]<stderr>:    return self._stateless_fn(*args, **kwds)  # pylint: disable=not-callable",
    '[1,2]<stderr>:  File "/usr/local/lib/python3.8/dist-packages/tensorflow/python/eager/function.py",'
    " line 3023, in __call__",
]

def _lines_of(lines: list[str], pattern: str) -> list[int]:
    return [number for number, text in enumerate(lines, 1) if re.search(pattern, text)]


def _ns(text: str, form: str) -> int:
    return int(datetime.strptime(text, form).replace(tzinfo=UTC).timestamp() * 1e6) * 1000


def test_ml_agents_summaries_are_environment_steps_timed_by_their_elapsed_seconds(tmp_path: Path) -> None:
    """ML-Agents' `3DBall. Step: 12000. Time Elapsed: 26.085 s.` is environment step 12000; a
    step's time is the seconds since the summary before over the steps between (the first line's
    span is unknown: no time); 0.7's summaries print no time."""
    _, steps, _ = _read(tmp_path, ML_AGENTS)
    printed = [(int(m.group(1)), float(m.group(2))) for t in ML_AGENTS
               if (m := re.search(r"Step: (\d+)\. Time Elapsed: ([\d.]+) s", t))]
    assert len(printed) == 5
    assert [s["step"] for s in steps] == [n for n, _ in printed]
    assert steps[0]["step_time_s"] is None
    for row, (n0, t0), (n1, t1) in zip(steps[1:], printed[:-1], printed[1:], strict=True):
        assert abs(row["step_time_s"] - (t1 - t0) / (n1 - n0)) < 1e-12
    assert {s["framework"] for s in steps} == {"mlagents"}
    _, old, _ = _read(tmp_path, ML_AGENTS_0_7, name="old.log")
    assert [(s["step"], s["step_time_s"]) for s in old] == [(1000, None), (10000, None), (20000, None), (30000, None)]


def test_ml_agents_export_is_a_save_of_its_step(tmp_path: Path) -> None:
    """`Exported results\\...\\BoxPacker-249998.onnx` is the checkpoint of step 249998, written;
    a resumed run's clock starts again (its first summary's 14.6 s is no step's time)."""
    _, steps, events = _read(tmp_path, ML_AGENTS_RESUMED)
    assert [(e["kind"], e["line"], e["step"]) for e in events if e["kind"].startswith("checkpoint_save")] == [
        ("checkpoint_save_end", _lines_of(ML_AGENTS_RESUMED, r"Exported ")[0], 249998)]
    assert [s["step"] for s in steps] == [250000, 260000, 270000, 280000]
    assert steps[0]["step_time_s"] is None
    assert abs(steps[1]["step_time_s"] - (216.728 - 14.630) / 10000) < 1e-12


def test_habitat_updates_are_steps_dated_by_their_lines(tmp_path: Path) -> None:
    """habitat-baselines' `update: 10\\tfps: 30.999\\t` is update 10, ended when its line was
    logged; its `update: 10\\tenv-time: ...` line is no second step."""
    _, steps, _ = _read(tmp_path, HABITAT)
    dated = [(int(m.group(2)), _ns(m.group(1), "%Y-%m-%d %H:%M:%S,%f")) for t in HABITAT
             if (m := re.match(r"(\S+ \S+) update: (\d+)\tfps: ", t))]
    assert [(s["step"], s["end_ns"]) for s in steps] == dated
    assert {s["framework"] for s in steps} == {"habitat_baselines"}


def test_habitats_agent_built_again_after_updates_is_a_new_launch(tmp_path: Path) -> None:
    """A train.log that launches append to: `agent number of parameters: N` with an update logged
    since the agent built before starts another launch (each launch builds its agent first); one
    with none since (a launch that failed before its first update) starts none of its own."""
    _, steps, events = _read(tmp_path, HABITAT_APPENDED)
    updates = _lines_of(HABITAT_APPENDED, r"update: 10\tfps")
    assert [s["line"] for s in steps] == updates
    built = _lines_of(HABITAT_APPENDED, r"agent number of parameters")
    relaunched = [n for before, n in zip(built, built[1:], strict=False) if any(before < u < n for u in updates)]
    assert relaunched == [13, 19]
    assert [e["line"] for e in events if e["kind"] == "attempt_start" and e["line"] > 1] == relaunched


def test_a_count_within_the_epoch_with_its_total_goes_on_across_epochs(tmp_path: Path) -> None:
    """DPR's `Epoch: 1: Step: 101/3258` counts epoch 1's batches (its count starts over as the
    epoch goes up): epoch 0's 3258 steps come before, so it is step 3258 + 101, not a restart;
    `Saved checkpoint at PATH` and the caller's `Saved checkpoint to PATH` right after it are one save."""
    lines = DPR_EPOCH_0_END + DPR_SAVE + DPR_EPOCH_1
    _, steps, events = _read(tmp_path, lines)
    printed = [(int(m.group(1)), int(m.group(2)), int(m.group(3))) for t in lines
               if (m := re.match(r"Epoch: (\d+): Step: (\d+)/(\d+),", t))]
    assert [s["step"] for s in steps] == [e * n + i for e, i, n in printed]
    assert [e["line"] for e in events if e["kind"].startswith("checkpoint_save")] == _lines_of(lines, r"^Saved checkpoint at ")


def test_an_epoch_line_after_its_clock_is_the_epochs_step(tmp_path: Path) -> None:
    """MedSAM's `Time: 20240624-0426, Epoch: 0, Train Loss: 0.187...` is epoch 0's line with its
    loss (its bars, of two unnamed lengths, say nothing of which one trains)."""
    _, steps, _ = _read(tmp_path, MEDSAM)
    printed = [(int(m.group(1)), float(m.group(2))) for t in MEDSAM
               if (m := re.match(r"Time: \S+ Epoch: (\d+), Train Loss: ([\d.]+)", t))]
    assert len(printed) == 5
    assert [(s["step"], s["loss"]) for s in steps] == printed


def test_swin_unetrs_batch_lines_are_steps_with_their_own_time(tmp_path: Path) -> None:
    """Swin UNETR's `Epoch 31/300 200/1000 loss: 0.2830 time 1.49s` is batch 200 of epoch 31 (of
    1000), that batch's time 1.49 s; its loss the epoch's running mean (no batch's); not
    Lightning's bar (it draws no bar)."""
    parser, steps, _ = _read(tmp_path, SWIN_UNETR)
    assert parser == "generic_log"
    printed = [(int(m.group(1)) * 1000 + int(m.group(2)), float(m.group(3))) for t in SWIN_UNETR
               if (m := re.match(r"Epoch (\d+)/300 (\d+)/1000 loss: [\d.]+ time ([\d.]+)s$", t))]
    assert [(s["step"], s["step_time_s"]) for s in steps] == printed
    assert [s["loss"] for s in steps] == [None] * len(printed)


def test_tesseracts_lstmtraining_iterations_saves_and_end(tmp_path: Path) -> None:
    """lstmtraining's `At iteration 96640/199700/199702, ...` is learning iteration 96640; `wrote
    checkpoint.` ending it a save; `Finished! Selected model ...` the run's clean end."""
    _, steps, events = _read(tmp_path, LSTMTRAINING)
    assert [s["step"] for s in steps] == [int(m.group(1)) for t in LSTMTRAINING if (m := re.match(r"At iteration (\d+)/", t))]
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == _lines_of(LSTMTRAINING, r"wrote checkpoint\.$")
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == _lines_of(LSTMTRAINING, r"^Finished! ")


def test_the_elapsed_time_since_training_began_times_the_steps_between(tmp_path: Path) -> None:
    """deep-text-recognition-benchmark's `[40000/300000] ... Elapsed_time: 3892.43095` (seconds
    since training began): the 20000 iterations since the line before took the difference."""
    _, steps, _ = _read(tmp_path, DTRB)
    printed = [(int(m.group(1)), float(m.group(2))) for t in DTRB
               if (m := re.match(r"\[(\d+)/300000\] .*Elapsed_time: ([\d.]+)$", t))]
    assert [s["step"] for s in steps] == [n for n, _ in printed]
    assert steps[0]["step_time_s"] is None
    assert abs(steps[1]["step_time_s"] - (printed[1][1] - printed[0][1]) / (printed[1][0] - printed[0][0])) < 1e-12


def test_darts_train_lines_are_steps_and_its_valid_lines_are_not(tmp_path: Path) -> None:
    """DARTS' `train 250 1.907752e-02 99.638944 100.000000` is batch 250 of the epoch, dated by its
    line (its loss the running mean: none stored); `valid 000 ...` is the evaluation's."""
    _, steps, _ = _read(tmp_path, DARTS)
    dated = [(int(m.group(2)), _ns(m.group(1), "%Y-%m-%d %H:%M:%S,%f")) for t in DARTS
             if (m := re.match(r"(\S+ \S+) train (\d+) ", t))]
    assert [(s["step"], s["end_ns"], s["loss"]) for s in steps] == [(n, t, None) for n, t in dated]


def test_enas_child_steps_timed_by_the_minutes_since_training_began(tmp_path: Path) -> None:
    """ENAS' `epoch=629   ch_step=218950 loss=0.013373 ... mins=1665.21` is child step 218950 with
    its loss; the minutes it printed (to 0.01: 0.3 s either way) time the 50 steps since the line
    before only where that rounding moves them by at most a tenth: 21.6 s over 50 steps is 0.432 s a step."""
    _, steps, _ = _read(tmp_path, ENAS)
    printed = [(int(m.group(1)), float(m.group(2)), float(m.group(3))) for t in ENAS
               if (m := re.search(r"ch_step=(\d+) loss=([\d.]+) .*mins=([\d.]+)", t))]
    assert [(s["step"], s["loss"]) for s in steps] == [(n, loss) for n, loss, _ in printed]
    assert steps[0]["step_time_s"] is None
    for row, (n0, _, m0), (n1, _, m1) in zip(steps[1:], printed[:-1], printed[1:], strict=True):
        assert abs(row["step_time_s"] - 60 * (m1 - m0) / (n1 - n0)) < 1e-9


def test_paddleocrs_step_lines_and_its_best_model_save(tmp_path: Path) -> None:
    """PaddleOCR's `avg_batch_cost: 0.82318 s` names PaddlePaddle's suites; `save best model is to
    ...` and `save model in ...` are saves."""
    _, steps, events = _read(tmp_path, PADDLEOCR_KIE)
    assert [(s["step"], s["step_time_s"], s["framework"]) for s in steps] == [(10, 0.82318, "paddle"), (19, 0.32037, "paddle")]
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint_save")] == [
        ("checkpoint_save_end", n) for n in _lines_of(PADDLEOCR_KIE, r"save (best )?model (is to|in) ")]


def test_a_scripts_saved_best_model_is_a_save(tmp_path: Path) -> None:
    """`  → Saved best model (Dice: 0.0000)` and `save best model to .../best_model.pth at epoch
    270, ...` are saves."""
    for name, lines, pattern in (("fetal.log", FETAL_HEAD, r"Saved best model"),
                                 ("transunet.log", TRANSUNET, r"^save best model to ")):
        _, _, events = _read(tmp_path, lines, name=name, parser_name="generic_log")
        # (said once the file is written: each a save's end)
        assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint_save")] == [
            ("checkpoint_save_end", n) for n in _lines_of(lines, pattern)]


def test_torchelastic_1_9s_box_for_a_worker_with_no_error_file_is_a_crash(tmp_path: Path) -> None:
    """PyTorch 1.9's `Child process 17057 (local_rank 0) FAILED (exitcode 1)` (under its `CHILD
    PROCESS FAILED WITH NO ERROR_FILE` box) is the job failing: a crash, and the file a job's log."""
    _, steps, events = _read(tmp_path, ELASTIC_1_9)
    assert steps == []
    assert [e["line"] for e in events if e["kind"] == "crash"] == _lines_of(
        ELASTIC_1_9, r"^Child process \d+ \(local_rank 0\) FAILED")


def test_a_traceback_through_keras_fit_is_a_crashed_training_run(tmp_path: Path) -> None:
    """A traceback through Keras' `engine/training.py ... in fit` is a training run failing (no
    line before it need name training): a crash at the traceback, no step."""
    parser, steps, events = _read(tmp_path, KERAS_FIT_CRASH)
    assert parser == "generic_log" and steps == []
    assert [e["line"] for e in events if e["kind"] == "crash"][:1] == _lines_of(KERAS_FIT_CRASH, r"^Traceback")
    # a dated Keras console whose fit failed is still the Keras reader's, with its epoch line's step
    parser, steps, _ = _read(tmp_path, KERAS_HOROVOD_CRASH, name="horovod.log")
    assert parser == "keras"
    assert [(s["step"], s["rank"]) for s in steps] == [(925, 0)]


def test_the_bert_tutorials_batches_go_on_across_epochs_timed_by_their_elapsed_clock(tmp_path: Path) -> None:
    """McCormick's `  Batch    80  of    241.    Elapsed: 0:00:28.` is batch 80 of its epoch's 241
    (epoch 2's batch 40 is step 241 + 40); a batch's time is the whole seconds `Elapsed` went on
    over the batches since a line far enough back that a second's rounding at each end moves it
    by at most a tenth (40 batches in 14 s are not: none)."""
    _, steps, _ = _read(tmp_path, BERT_TUTORIAL)
    epochs = [int(m.group(1)) for t in BERT_TUTORIAL if (m := re.match(r"=+ Epoch (\d+) / 4 =+", t))]
    assert epochs == [1, 2]
    rows, epoch = [], 0
    for text in BERT_TUTORIAL:
        if (head := re.match(r"=+ Epoch (\d+) / 4", text)) is not None:
            epoch = int(head.group(1))
        elif (m := re.match(r"\s+Batch\s+(\d+)\s+of\s+241\.\s+Elapsed: 0:(\d\d):(\d\d)\.", text)) is not None:
            rows.append(((epoch - 1) * 241 + int(m.group(1)), int(m.group(1)), int(m.group(2)) * 60 + int(m.group(3))))
    assert [s["step"] for s in steps] == [step for step, _, _ in rows]
    # epoch 1 printed 14, 28, 43, 57, 72, 87 s, epoch 2 15, 30, 45, 60 s: 40 batches' 14-15 s
    # are too short a span for the 2 s the two roundings may take, 80 batches' 29-30 s are not
    assert [s["step_time_s"] for s in steps] == [None, None, 29 / 80, 29 / 80, 29 / 80, 30 / 80,
                                                 None, None, 30 / 80, 30 / 80]


def test_a_notebooks_saving_model_at_epoch_is_a_save(tmp_path: Path) -> None:
    """`Saving model at epoch 0 with validation loss of 0.00033...` (the loop's save after an
    epoch, in a CRLF notebook export) is a save."""
    _, steps, events = _read(tmp_path, XLNET_SAVE)
    assert steps
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint_save")] == [
        ("checkpoint_save_start", _lines_of(XLNET_SAVE, r"Saving model at epoch 0")[0])]


def test_dl4js_score_lines_are_iterations_with_their_loss(tmp_path: Path) -> None:
    """Deeplearning4j's `ScoreIterationListener - Score at iteration 10 is 1.18...` is iteration 10,
    its score the loss."""
    _, steps, _ = _read(tmp_path, DL4J)
    printed = [(int(m.group(1)), float(m.group(2))) for t in DL4J
               if (m := re.search(r"Score at iteration (\d+) is ([\d.]+)$", t))]
    assert len(printed) == 7
    assert [(s["step"], s["loss"], s["framework"]) for s in steps] == [(n, v, "dl4j") for n, v in printed]


def test_cntks_finished_epoch_lines_are_epochs_with_their_loss_and_seconds(tmp_path: Path) -> None:
    """CNTK's `Finished Epoch[2 of 40]: [Training] loss = 0.106030 * 60000, ... 3.638s (...)` is epoch
    2, its loss, its 3.638 s."""
    _, steps, _ = _read(tmp_path, CNTK)
    printed = [(int(m.group(1)), float(m.group(2)), float(m.group(3))) for t in CNTK
               if (m := re.match(r"Finished Epoch\[(\d+) of 40\]: \[Training\] loss = ([\d.]+) .* ([\d.]+)s \(", t))]
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == printed == [
        (1, 0.405960, 21.741), (2, 0.106030, 3.638), (3, 0.078542, 3.477)]


def test_leelas_step_lines_and_tensorflows_model_saved(tmp_path: Path) -> None:
    """Leela Zero's `step 577000, policy=... total=2.58732 (236.009 pos/s)` is step 577000 with its
    total loss (not the accuracy line of the same step); TensorFlow's `Model saved in file: ...`
    is a save."""
    _, steps, events = _read(tmp_path, LEELA_ZERO)
    printed = [(int(m.group(1)), float(m.group(2))) for t in LEELA_ZERO
               if (m := re.match(r"step (\d+), policy=.* total=([\d.]+) \(", t))]
    assert [(s["step"], s["loss"]) for s in steps] == printed
    assert [e["line"] for e in events if e["kind"].startswith("checkpoint_save")] == _lines_of(
        LEELA_ZERO, r"^Model saved in file: ")


def test_llama_cpps_training_iterations_and_checkpoints(tmp_path: Path) -> None:
    """llama.cpp's `train_opt_callback: iter=     1 ... loss=13.108456 dt=00:03:25 ...` is iteration 1,
    its loss, its 205 s; `save_checkpoint_lora_file: saving to checkpoint-10.gguf` a save of
    iteration 10 (its `checkpoint-LATEST.gguf` and the LoRA files the same save's). Its callback
    before the first iteration (`iter=     0 ... loss=0.000000 |->`, no `dt`) is no step: each
    `iter=N` line is printed once N iterations are done (checkpoint-10 is written before `iter=    10`
    in the same user's v3 notes, simon-arc-lab-legacy @ d5e26e2, readme_finetune_v3.md)."""
    _, steps, events = _read(tmp_path, GGML_FINETUNE)
    printed = [(int(m.group(1)), float(m.group(2)), m.group(3)) for t in GGML_FINETUNE
               if (m := re.match(r"train_opt_callback: iter=\s*(\d+) .* loss=([\d.]+)(?: dt=(\d\d:\d\d:\d\d))?", t))
               and m.group(1) != "0"]
    assert [(s["step"], s["loss"]) for s in steps] == [(n, v) for n, v, _ in printed]
    assert [s["step_time_s"] for s in steps] == [
        None if dt is None else int(dt[:2]) * 3600 + int(dt[3:5]) * 60 + int(dt[6:]) for _, _, dt in printed]
    assert [(e["line"], e["step"]) for e in events if e["kind"].startswith("checkpoint_save")] == [
        (_lines_of(GGML_FINETUNE, r"saving to checkpoint-10\.gguf")[0], 10)]


def test_tacotron_2s_older_train_iter_lines(tmp_path: Path) -> None:
    """Tacotron 2's older `Train iter       16 loss 49.316841 Grad Norm 10.800460 3.22s/it` is
    iteration 16, its loss and its 3.22 s."""
    _, steps, _ = _read(tmp_path, TACOTRON_OLD)
    printed = [(int(m.group(1)), float(m.group(2)), float(m.group(3))) for t in TACOTRON_OLD
               if (m := re.match(r"Train iter\s+(\d+) loss ([\d.]+) Grad Norm [\d.]+ ([\d.]+)s/it$", t))]
    assert len(printed) == 6
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == printed


def test_spacy_v3s_saved_pipeline_is_a_save_and_the_runs_end(tmp_path: Path) -> None:
    """spaCy v3's `✔ Saved pipeline to output directory`, printed once training is over, is the
    last save and the run's clean end."""
    _, steps, events = _read(tmp_path, SPACY_V3)
    assert [s["step"] for s in steps] == [int(t.split()[1]) for t in SPACY_V3 if re.match(r"\s*\d+\s+\d+\s", t)]
    saved = _lines_of(SPACY_V3, r"Saved pipeline to output directory")
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("checkpoint_save_end", "attempt_end")] == [
        ("checkpoint_save_end", saved[0]), ("attempt_end", saved[0])]


# ML-Agents self-play, two behaviours trained at once, each counting its own steps (a Unity project's
# source quoting its console in a comment, index id 30302824)
ML_AGENTS_BEHAVIOURS = [
    "[INFO] Infantry_A. Step: 730000. Time Elapsed: 11269.088 s. No episode was completed since last summary. Training.",
    "[INFO] Shooter_A. Step: 910000. Time Elapsed: 11392.454 s. No episode was completed since last summary. Training.",
    "[INFO] Infantry_A. Step: 740000. Time Elapsed: 11502.568 s. Mean Reward: 588.185. Mean Group Reward: 0.000. Traini"
    "ng. ELO: 1201.937.",
    "[INFO] Shooter_A. Step: 920000. Time Elapsed: 11614.980 s. Mean Reward: 231.904. Mean Group Reward: 0.000. Trainin"
    "g. ELO: 1200.050.",
]


def test_ml_agents_behaviours_each_count_their_own_steps(tmp_path: Path) -> None:
    """Two behaviours' summaries interleaved: the first behaviour's are the steps (the other's counter
    is its own, and its clock no span of the first's): Infantry_A's 10000 steps took 11502.568 -
    11269.088 s."""
    _, steps, _ = _read(tmp_path, ML_AGENTS_BEHAVIOURS)
    assert [(s["step"], s["line"]) for s in steps] == [(730000, 1), (740000, 3)]
    assert steps[1]["step_time_s"] == (11502.568 - 11269.088) / 10000


def test_a_rich_bar_drawn_without_colours_is_lightnings_bar(tmp_path: Path) -> None:
    """Rich draws an empty bar as spaces where it has no colours (a file, a pipe): `Epoch 2/9` then the
    padding then `1/100` is still the bar of epoch 2's first batch, step 2 x 100 + 1."""
    import io

    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    lines = []
    for epoch, done in ((0, 100), (1, 100), (2, 1)):
        out = io.StringIO()
        with Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(), TextColumn("train_loss: 1.20"),
                      console=Console(file=out, color_system=None, width=120)) as progress:
            progress.update(progress.add_task(f"Epoch {epoch}/9", total=100), completed=done)
        lines += out.getvalue().splitlines()
    assert re.match(r"Epoch 2/9 {2,}1/100 train_loss", lines[-1])
    parser, steps, _ = _read(tmp_path, lines)
    assert parser == "lightning"
    assert [s["step"] for s in steps][-1] == 2 * 100 + 1


# Lightning 1.7's RichProgressBar in a lightning-hydra-template run on two nodes (the EMLO course's
# multinode README, index id 17120545273, its log block's lines 5-13): before Lightning 2.0 the bar
# names the epoch alone, `Epoch 29`, with no `/max_epochs`
RICH_EPOCH_ALONE = [
    "/opt/conda/envs/pytorch/lib/python3.9/site-packages/pytorch_lightning/trainer/trainer.py:1894: ",
    "PossibleUserWarning: The number of training batches (44) is smaller than the logging interval ",
    "Trainer(log_every_n_steps=50). Set a lower value for log_every_n_steps if you want to see logs for the ",
    "training epoch.",
    "  rank_zero_warn(",
    "Epoch 29  ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 49/49 0:00:51 • 0:00:00 1.02it/s loss: 0.00255 v_num: 0        ",
    "                                                                          val/acc: 0.971 val/acc_best:  ",
    "Epoch 29  ━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━ 49/49 0:00:51 • 0:00:00 1.02it/s loss: 0.00255 v_num: 0        ",
    "                                                                          val/acc: 0.976 val/acc_best:  ",
]


def test_a_rich_bar_naming_its_epoch_alone_is_lightnings_bar(tmp_path: Path) -> None:
    """`Epoch 29  ━━━ 49/49 0:00:51 • 0:00:00 1.02it/s loss: 0.00255`: Lightning's Rich bar at the
    end of epoch 29 (its 30th), 49 batches an epoch, 1/1.02 s a step."""
    parser, steps, _ = _read(tmp_path, RICH_EPOCH_ALONE)
    assert parser == "lightning"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [((29 + 1) * 49, 1 / 1.02)]


# mlx-lm's LoRA trainer for ten iterations, one report (ml-explore/mlx-lm PR 773, a comment's whole text
# block, from its `Training` line on)
MLX_LM_ONE_REPORT = [
    'Training',
    'Trainable parameters: 0.012% (4.194M/36239.579M)',
    'Starting training..., iters: 10',
    'Iter 1: Val loss 3.493, Val took 25.304s',
    'Iter 10: Val loss 2.755, Val took 18.829s',
    'Iter 10: Train loss 3.069, Learning Rate 1.000e-05, It/sec 1.942, Tokens/sec 30.106, Trained Tokens 310, Peak mem 20.662 GB',
    'Saved final weights to /Users/gokdenizgulmez/Desktop/test/adapters.safetensors.',
]


def test_a_single_mlx_lm_report_is_a_step_timed_by_its_rate(tmp_path: Path) -> None:
    """`Iter 10: Train loss 3.069, ..., It/sec 1.942, ...` alone claims the log: step 10, 1/1.942 s
    a step (its iterations a second over the report interval); the `Val loss` lines are no steps;
    `Saved final weights to ...` is a save."""
    _, steps, events = _read(tmp_path, MLX_LM_ONE_REPORT)
    rate = next(float(m.group(1)) for t in MLX_LM_ONE_REPORT if (m := re.search(r"It/sec ([\d.]+)", t)))
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(10, 1 / rate)]
    assert [e["kind"] for e in events if e["kind"].startswith("checkpoint_save")] == ["checkpoint_save_end"]


# LibFewShot's trainer, each epoch's training, validation and test loops in the same form under their banners
# (github.com/RL-VIG/LibFewShot @ 82416360 : reproduce/CPEA/CPEANet-VisionTransformer-train-Jun-11-2024-10-47-32.log,
# its lines 21-45)
LIBFEWSHOT_EPOCHS = [
    '2024-06-11 10:47:35,032 [INFO] core.trainer: ============ Train on the train set ============',
    '2024-06-11 10:47:35,033 [INFO] core.trainer: learning rate: [1e-05]',
    '2024-06-11 10:48:06,463 [INFO] core.trainer: Epoch-(0): [100/100]\tTime 0.289 (0.314)'
    '\tCalc 0.286 (0.310)\tData 0.001 (0.001)\tLoss 0.884 (0.933)\tAcc@1 82.667 (79.480)',
    '2024-06-11 10:48:06,469 [INFO] core.trainer:  * Acc@1 79.480 ',
    '2024-06-11 10:48:06,470 [INFO] core.trainer: ============ Validation on the val set ============',
    '2024-06-11 10:48:15,536 [INFO] core.trainer: Epoch-(0): [100/100]\tTime 0.090 (0.090)'
    '\tCalc 0.088 (0.089)\tData 0.000 (0.001)\tAcc@1 88.000 (87.147)',
    '2024-06-11 10:48:15,538 [INFO] core.trainer:  * Acc@1 87.147 Best acc -inf',
    '2024-06-11 10:48:15,539 [INFO] core.trainer: ============ Testing on the test set ============',
    '2024-06-11 10:48:24,623 [INFO] core.trainer: Epoch-(0): [100/100]\tTime 0.091 (0.091)'
    '\tCalc 0.089 (0.089)\tData 0.001 (0.001)\tAcc@1 92.000 (86.267)',
    '2024-06-11 10:48:24,625 [INFO] core.trainer:  * Acc@1 86.267 Best acc -inf',
    '2024-06-11 10:48:24,626 [INFO] core.trainer:  * Time: 0:00:49/0:40:50',
    '2024-06-11 10:48:25,304 [INFO] core.trainer: ============ Train on the train set ============',
    '2024-06-11 10:48:25,306 [INFO] core.trainer: learning rate: [1e-05]',
    '2024-06-11 10:48:54,389 [INFO] core.trainer: Epoch-(1): [100/100]\tTime 0.292 (0.291)'
    '\tCalc 0.289 (0.287)\tData 0.000 (0.001)\tLoss 0.828 (0.835)\tAcc@1 82.667 (81.707)',
    '2024-06-11 10:48:54,392 [INFO] core.trainer:  * Acc@1 81.707 ',
    '2024-06-11 10:48:54,394 [INFO] core.trainer: ============ Validation on the val set ============',
    '2024-06-11 10:49:03,520 [INFO] core.trainer: Epoch-(1): [100/100]\tTime 0.091 (0.091)'
    '\tCalc 0.089 (0.089)\tData 0.001 (0.001)\tAcc@1 88.000 (86.520)',
    '2024-06-11 10:49:03,522 [INFO] core.trainer:  * Acc@1 86.520 Best acc 87.147',
    '2024-06-11 10:49:03,523 [INFO] core.trainer: ============ Testing on the test set ============',
    '2024-06-11 10:49:12,654 [INFO] core.trainer: Epoch-(1): [100/100]\tTime 0.091 (0.091)'
    '\tCalc 0.089 (0.089)\tData 0.001 (0.001)\tAcc@1 72.000 (87.200)',
    '2024-06-11 10:49:12,657 [INFO] core.trainer:  * Acc@1 87.200 Best acc 86.267',
    '2024-06-11 10:49:12,658 [INFO] core.trainer:  * Time: 0:01:37/0:40:25',
    '2024-06-11 10:49:15,284 [INFO] core.trainer: ============ Train on the train set ============',
    '2024-06-11 10:49:15,285 [INFO] core.trainer: learning rate: [1e-05]',
    '2024-06-11 10:49:44,384 [INFO] core.trainer: Epoch-(2): [100/100]\tTime 0.292 (0.291)'
    '\tCalc 0.288 (0.287)\tData 0.001 (0.001)\tLoss 0.661 (0.812)\tAcc@1 93.333 (82.360)',
]


def test_an_evaluations_loop_under_its_banner_counting_again_is_no_step(tmp_path: Path) -> None:
    """`Epoch-(0): [100/100]\tTime 0.289 (0.314)\t...\tLoss 0.884 (0.933)` under `==== Train on the train set ====` is
    epoch 0 (its 100 episodes at the meter's 0.289 s); the same epoch's line under `==== Validation on the val set ====`
    and `==== Testing on the test set ====` is its evaluations' (the log was refused: `Epoch-(0):` no counter)."""
    parser, steps, _ = _read(tmp_path, LIBFEWSHOT_EPOCHS)
    assert parser == "generic_log"
    want, section = [], ""
    for t in LIBFEWSHOT_EPOCHS:
        if (banner := re.search(r"=+ (\w+) on the", t)) is not None:
            section = banner[1]
        elif section == "Train" and (m := re.search(r"Epoch-\((\d+)\): \[100/100\]\tTime ([\d.]+) .*\tLoss ([\d.]+) ", t)):
            want.append((int(m[1]), round(100 * float(m[2]), 6), float(m[3])))
    assert len(want) == 3
    assert [(s["step"], round(s["step_time_s"], 6), s["loss"]) for s in steps] == want


# the same log's last 11 lines (its lines 562-572)
LIBFEWSHOT_END = [
    '2024-06-11 11:29:12,238 [INFO] core.trainer: Epoch-(49): [100/100]\tTime 0.293 (0.292)'
    '\tCalc 0.289 (0.289)\tData 0.000 (0.001)\tLoss 0.749 (0.739)\tAcc@1 85.333 (86.240)',
    '2024-06-11 11:29:12,242 [INFO] core.trainer:  * Acc@1 86.240 ',
    '2024-06-11 11:29:12,243 [INFO] core.trainer: ============ Validation on the val set ============',
    '2024-06-11 11:29:21,396 [INFO] core.trainer: Epoch-(49): [100/100]\tTime 0.091 (0.091)'
    '\tCalc 0.090 (0.090)\tData 0.001 (0.001)\tAcc@1 96.000 (88.493)',
    '2024-06-11 11:29:21,398 [INFO] core.trainer:  * Acc@1 88.493 Best acc 89.880',
    '2024-06-11 11:29:21,399 [INFO] core.trainer: ============ Testing on the test set ============',
    '2024-06-11 11:29:30,555 [INFO] core.trainer: Epoch-(49): [100/100]\tTime 0.091 (0.091)'
    '\tCalc 0.090 (0.090)\tData 0.001 (0.001)\tAcc@1 78.667 (88.227)',
    '2024-06-11 11:29:30,558 [INFO] core.trainer:  * Acc@1 88.227 Best acc 87.173',
    '2024-06-11 11:29:30,559 [INFO] core.trainer:  * Time: 0:41:55/0:41:55',
    '2024-06-11 11:29:33,112 [INFO] core.trainer: End of experiment, took 0:41:58',
    '2024-06-11 11:29:33,113 [INFO] core.trainer: Result DIR: ./results/CPEANet-miniImageNet'
    '--ravi-VisionTransformer-5-5-Jun-11-2024-10-47-32',
]


def test_libfewshots_end_of_experiment_ends_its_run(tmp_path: Path) -> None:
    """`core.trainer: End of experiment, took 0:41:58` after its last epoch's test loop: the run's clean end (it ended
    unknown)."""
    _, _, events = _read(tmp_path, LIBFEWSHOT_EPOCHS + LIBFEWSHOT_END)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [
        ("attempt_end", len(LIBFEWSHOT_EPOCHS) + next(i for i, t in enumerate(LIBFEWSHOT_END, 1) if "End of experiment" in t))]
