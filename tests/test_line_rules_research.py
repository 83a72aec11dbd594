"""Line rules of research and fine-tuning scripts' consoles, on quoted real lines (each source
cited): SpeechBrain's epoch logs and relaunch, verl's step lines glued to its bars, a Hydra app's
failure under Ray, mmsr's iteration counter with thousands separators, a restart's rendezvous
count read mid-run, and an rccl-tests table that does not name its collective."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_line_rules import _ns, _read
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.store import Store

# SpeechBrain's FileTrainLogger `train_log.txt`, the whole file (CRLF) (github.com/731875679/speakers_recognition @
# fd9e5ab8a6ed065868fc13b7543361377482ff05 : results/speaker_id/1986/train_log.txt)
SPEECHBRAIN_TRAIN_LOG = [
    'Epoch: 1, lr: 1.00e-03 - train loss: 3.01 - valid loss: 1.31, valid error: 3.56e-01\r',
    'Epoch: 2, lr: 9.74e-04 - train loss: 1.19 - valid loss: 6.16e-01, valid error: 1.78e-01\r',
    'Epoch: 3, lr: 9.47e-04 - train loss: 7.44e-01 - valid loss: 4.13e-01, valid error: 1.20e-01\r',
    'Epoch: 4, lr: 9.21e-04 - train loss: 5.31e-01 - valid loss: 1.78e-01, valid error: 5.39e-02\r',
    'Epoch: 5, lr: 8.94e-04 - train loss: 4.12e-01 - valid loss: 1.80e-01, valid error: 5.35e-02\r',
    'Epoch: 6, lr: 8.68e-04 - train loss: 3.39e-01 - valid loss: 1.75e-01, valid error: 4.83e-02\r',
    'Epoch: 7, lr: 8.41e-04 - train loss: 3.01e-01 - valid loss: 1.04e-01, valid error: 2.85e-02\r',
    'Epoch: 8, lr: 8.15e-04 - train loss: 2.45e-01 - valid loss: 1.00e-01, valid error: 2.89e-02\r',
    'Epoch: 9, lr: 7.88e-04 - train loss: 2.14e-01 - valid loss: 6.63e-02, valid error: 1.99e-02\r',
    'Epoch: 10, lr: 7.62e-04 - train loss: 2.06e-01 - valid loss: 6.98e-02, valid error: 1.77e-02\r',
    'Epoch: 11, lr: 7.35e-04 - train loss: 1.73e-01 - valid loss: 8.87e-02, valid error: 2.46e-02\r',
    'Epoch: 12, lr: 7.09e-04 - train loss: 1.53e-01 - valid loss: 5.91e-02, valid error: 1.73e-02\r',
    'Epoch: 13, lr: 6.82e-04 - train loss: 1.47e-01 - valid loss: 5.50e-02, valid error: 1.73e-02\r',
    'Epoch: 14, lr: 6.56e-04 - train loss: 1.29e-01 - valid loss: 3.43e-02, valid error: 1.12e-02\r',
    'Epoch: 15, lr: 6.29e-04 - train loss: 1.11e-01 - valid loss: 3.96e-02, valid error: 1.21e-02\r',
    'Epoch: 16, lr: 6.03e-04 - train loss: 1.06e-01 - valid loss: 5.95e-02, valid error: 1.55e-02\r',
    'Epoch: 17, lr: 5.76e-04 - train loss: 9.65e-02 - valid loss: 3.53e-02, valid error: 9.50e-03\r',
    'Epoch: 18, lr: 5.50e-04 - train loss: 9.24e-02 - valid loss: 4.44e-02, valid error: 1.12e-02\r',
    'Epoch: 19, lr: 5.24e-04 - train loss: 8.37e-02 - valid loss: 3.10e-02, valid error: 8.63e-03\r',
    'Epoch: 20, lr: 4.97e-04 - train loss: 7.57e-02 - valid loss: 3.77e-02, valid error: 1.17e-02\r',
    'Epoch: 21, lr: 4.71e-04 - train loss: 6.78e-02 - valid loss: 4.04e-02, valid error: 1.25e-02\r',
    'Epoch: 22, lr: 4.44e-04 - train loss: 5.81e-02 - valid loss: 3.64e-02, valid error: 9.93e-03\r',
    'Epoch: 23, lr: 4.18e-04 - train loss: 5.92e-02 - valid loss: 3.42e-02, valid error: 1.21e-02\r',
    'Epoch: 24, lr: 3.91e-04 - train loss: 5.26e-02 - valid loss: 3.36e-02, valid error: 1.08e-02\r',
    'Epoch: 25, lr: 3.65e-04 - train loss: 4.80e-02 - valid loss: 3.22e-02, valid error: 9.06e-03\r',
    'Epoch: 26, lr: 3.38e-04 - train loss: 4.69e-02 - valid loss: 3.76e-02, valid error: 9.93e-03\r',
    'Epoch: 27, lr: 3.12e-04 - train loss: 3.94e-02 - valid loss: 2.73e-02, valid error: 8.20e-03\r',
    'Epoch: 28, lr: 2.85e-04 - train loss: 3.65e-02 - valid loss: 1.91e-02, valid error: 6.91e-03\r',
    'Epoch: 29, lr: 2.59e-04 - train loss: 3.12e-02 - valid loss: 1.98e-02, valid error: 5.18e-03\r',
    'Epoch: 30, lr: 2.32e-04 - train loss: 3.03e-02 - valid loss: 2.04e-02, valid error: 6.04e-03\r',
    'Epoch: 31, lr: 2.06e-04 - train loss: 2.91e-02 - valid loss: 1.80e-02, valid error: 5.61e-03\r',
    'Epoch: 32, lr: 1.79e-04 - train loss: 2.37e-02 - valid loss: 2.34e-02, valid error: 6.91e-03\r',
    'Epoch: 33, lr: 1.53e-04 - train loss: 2.36e-02 - valid loss: 2.17e-02, valid error: 5.18e-03\r',
    'Epoch: 34, lr: 1.26e-04 - train loss: 1.81e-02 - valid loss: 2.06e-02, valid error: 6.91e-03\r',
    'Epoch: 35, lr: 1.00e-04 - train loss: 1.91e-02 - valid loss: 1.85e-02, valid error: 6.04e-03\r',
    'Epoch loaded: 33 - test loss: 2.03e-02, test error: 6.47e-03\r',
]
# its `log.txt`: the first launch's last epochs and test, then a second launch (the same file, lines 360-369)
SPEECHBRAIN_RELAUNCH = [
    ('2022-12-29 04:07:04,436 - speechbrain.utils.train_logger - INFO - Epoch: 34, lr: 1.26e-04 - train lo'
     'ss: 1.81e-02 - valid loss: 2.06e-02, valid error: 6.91e-03\r'),
    ('2022-12-29 04:07:04,494 - speechbrain.utils.checkpoints - INFO - Saved an end-of-epoch checkpoint in'
     ' results\\speaker_id\\1986\\save\\CKPT+2022-12-29+04-07-04+00\r'),
    '2022-12-29 04:07:04,586 - speechbrain.utils.epoch_loop - INFO - Going into epoch 35\r',
    ('2022-12-29 04:15:58,826 - speechbrain.utils.train_logger - INFO - Epoch: 35, lr: 1.00e-04 - train lo'
     'ss: 1.91e-02 - valid loss: 1.85e-02, valid error: 6.04e-03\r'),
    ('2022-12-29 04:15:58,888 - speechbrain.utils.checkpoints - INFO - Saved an end-of-epoch checkpoint in'
     ' results\\speaker_id\\1986\\save\\CKPT+2022-12-29+04-15-58+00\r'),
    ('2022-12-29 04:15:59,022 - speechbrain.utils.checkpoints - INFO - Deleted checkpoint in results\\speak'
     'er_id\\1986\\save\\CKPT+2022-12-29+04-07-04+00\r'),
    ('2022-12-29 04:15:59,024 - speechbrain.utils.checkpoints - INFO - Loading a checkpoint from results\\s'
     'peaker_id\\1986\\save\\CKPT+2022-12-29+03-58-13+00\r'),
    ('2022-12-29 04:15:59,067 - root - DEBUG - SaveableDataLoader was requested to load a checkpoint, but '
     'the DataLoader has already been iterated. The DataLoader file will be ignored. This is normal in eva'
     'luation, when a checkpoint is loaded just to retrieve the best model.\r'),
    ('2022-12-29 04:16:29,156 - speechbrain.utils.train_logger - INFO - Epoch loaded: 33 - test loss: 2.03'
     'e-02, test error: 6.47e-03\r'),
    '2022-12-30 15:08:57,504 - speechbrain.core - INFO - Beginning experiment!\r',
]
# verl's fsdp_sft_trainer console (github.com/johnson7788/RLDecisionAgent @
# 12ff6dbe6c8dbe3aeb9b3351a7a2f993359ce59a : backend/char_count/README.md, the block after "To run the SFT",
# its lines 19-37; the author cut steps 2-99 out with "...")
VERL_SFT = [
    ('Epoch 1/3:   0%|                                                                                    '
     '        | 0/35 [00:00<?, ?it/s]step:1 - train/loss:1.1166926622390747 - train/lr(1e-3):0.00100000000'
     '00000002'),
    'Epoch 1/3:   3%|██▍',
    '...',
    ('Epoch 3/3:  83%|████████████████████████████████████████████████████████████████████▊              |'
     ' 29/35 [06:26<01:19, 13.17s/it]step:100 - train/loss:0.0592457540333271 - train/lr(1e-3):6.819348298'
     '63884e-05'),
    ('Epoch 3/3:  86%|███████████████████████████████████████████████████████████████████████▏           |'
     ' 30/35 [06:39<01:06, 13.23s/it]step:101 - train/loss:0.057852603495121 - train/lr(1e-3):4.3679653365'
     '12403e-05'),
    ('Epoch 3/3:  89%|█████████████████████████████████████████████████████████████████████████▌         |'
     ' 31/35 [06:53<00:52, 13.24s/it]step:102 - train/loss:0.06261121481657028 - train/lr(1e-3):2.45854872'
     '74942922e-05'),
    ('Epoch 3/3:  91%|███████████████████████████████████████████████████████████████████████████▉       |'
     ' 32/35 [07:06<00:39, 13.18s/it]step:103 - train/loss:0.061319638043642044 - train/lr(1e-3):1.0931863'
     '906127327e-05'),
    ('Epoch 3/3:  94%|██████████████████████████████████████████████████████████████████████████████▎    |'
     ' 33/35 [07:19<00:26, 13.15s/it]step:104 - train/loss:0.05746186152100563 - train/lr(1e-3):2.73371329'
     '53697555e-06'),
    ('Epoch 3/3:  97%|████████████████████████████████████████████████████████████████████████████████▋  |'
     ' 34/35 [07:32<00:13, 13.14s/it]step:105 - train/loss:0.06290543079376221 - train/lr(1e-3):0.0'),
    'step:105 - val/loss:0.058481086045503616',
    'Saving checkpoint to: ./models/sft/global_step_105',
    ('[2025-08-04 12:26:42,932][/workspace/verl/verl/verl/utils/checkpoint/fsdp_checkpoint_manager.py][INF'
     'O] - [Rank 0] Saved model to /root/code/verl/recipe/char_count/models/sft/global_step_105/model_worl'
     'd_size_1_rank_0.pt'),
    ('[2025-08-04 12:26:44,374][/workspace/verl/verl/verl/utils/checkpoint/fsdp_checkpoint_manager.py][INF'
     'O] - [Rank 0] Saved optim to /root/code/verl/recipe/char_count/models/sft/global_step_105/optim_worl'
     'd_size_1_rank_0.pt'),
    ('[2025-08-04 12:26:44,376][/workspace/verl/verl/verl/utils/checkpoint/fsdp_checkpoint_manager.py][INF'
     'O] - [Rank 0] Saved extra_state to /root/code/verl/recipe/char_count/models/sft/global_step_105/extr'
     'a_state_world_size_1_rank_0.pt'),
    ('[2025-08-04 12:26:45,202][/workspace/verl/verl/verl/utils/checkpoint/fsdp_checkpoint_manager.py][INF'
     'O] - [Rank 0] Saved model config and tokenizer class to /root/code/verl/recipe/char_count/models/sft'
     '/global_step_105/huggingface'),
    'Saved dataloader state to: ./models/sft/global_step_105/data.pt',
    'Updated checkpoint tracker: ./models/sft/latest_checkpointed_iteration.txt',
    "Final validation metrics: {'val/loss': 0.058481086045503616}",
    ('Epoch 3/3:  97%|████████████████████████████████████████████████████████████████████████████████▋  |'
     ' 34/35 [08:01<00:14, 14.17s/it]'),
]
# Logic-RL's verl GRPO run on Ray that fails starting its workers (github.com/zhiyuanhubj/logic-rl-formula @
# deb45ad808c3cda597bcd254deca79366a2ef4f4 : grpo.log, lines 1, 138-143, 186, 246-247 and 267)
LOGIC_RL_CRASH = [
    '2025-02-25 19:42:16,238\tINFO worker.py:1841 -- Started a local Ray instance.',
    '\x1b[33m(raylet)\x1b[0m Traceback (most recent call last):',
    '  File "python/ray/_raylet.pyx", line 2276, in ray._raylet.task_execution_handler',
    '  File "python/ray/_raylet.pyx", line 2135, in ray._raylet.execute_task_with_cancellation_handler',
    ('  File "/home/tri/miniconda3/envs/logic/lib/python3.9/site-packages/ray/_private/function_manager.py'
     '", line 608, in temporary_actor_method'),
    '    raise RuntimeError(',
    ('RuntimeError: The actor with name WorkerDict failed to import on the worker. This may be because nee'
     'ded library dependencies are not installed in the worker environment:'),
    ('\x1b[33m(raylet)\x1b[0m [2025-02-25 19:42:36,213 E 2097714 2097744] file_system_monitor.cc:116: /tmp/ray/s'
     'ession_2025-02-25_19-42-15_045676_2096893 is over 95% full, available space: 88.4216 GB; capacity: 3'
     '466.18 GB. Object creation will fail if spilling is required.'),
    ("Error executing job with overrides: ['algorithm.adv_estimator=grpo', 'data.train_files=data/kk/instr"
     "uct/3ppl/train.parquet', 'data.val_files=data/kk/instruct/3ppl/test.parquet', 'data.train_batch_size"
     "=8', 'data.val_batch_size=8', 'data.max_prompt_length=400', 'data.max_response_length=2048', 'actor_"
     "rollout_ref.model.path=Qwen/Qwen2.5-7B-Instruct-1M', 'actor_rollout_ref.actor.optim.lr=3e-7', 'actor"
     "_rollout_ref.model.use_remove_padding=True', 'actor_rollout_ref.actor.ppo_mini_batch_size=256', 'act"
     "or_rollout_ref.actor.ppo_micro_batch_size=64', 'actor_rollout_ref.actor.use_kl_loss=True', 'actor_ro"
     "llout_ref.actor.kl_loss_coef=0.001', 'actor_rollout_ref.actor.kl_loss_type=low_var_kl', 'actor_rollo"
     "ut_ref.model.enable_gradient_checkpointing=True', 'actor_rollout_ref.actor.fsdp_config.param_offload"
     "=True', 'actor_rollout_ref.actor.fsdp_config.grad_offload=True', 'actor_rollout_ref.actor.fsdp_confi"
     "g.optimizer_offload=True', 'actor_rollout_ref.rollout.log_prob_micro_batch_size=160', 'actor_rollout"
     "_ref.rollout.tensor_model_parallel_size=1', 'actor_rollout_ref.rollout.name=vllm', 'actor_rollout_re"
     "f.rollout.gpu_memory_utilization=0.6', 'actor_rollout_ref.rollout.n=16', 'actor_rollout_ref.ref.log_"
     "prob_micro_batch_size=160', 'actor_rollout_ref.ref.fsdp_config.param_offload=True', 'algorithm.kl_ct"
     "rl.kl_coef=0.001', 'trainer.critic_warmup=0', 'trainer.n_gpus_per_node=8', 'trainer.nnodes=1', 'trai"
     "ner.default_local_dir=', 'trainer.default_hdfs_dir=null', 'trainer.save_freq=10', 'trainer.test_freq"
     "=10', 'trainer.total_epochs=5']"),
    'Traceback (most recent call last):',
    'AssertionError: failed to get register_center_actor: V9zrH5_register_center in []',
]
# mmsr's MessageLogger (SPSR, github.com/Maclory/SPSR/issues/38, the pasted lines)
MMSR = [
    ('21-05-24 03:02:40.728 - INFO: <epoch: 47, iter:   4,400, lr:1.000e-04> l_g_pix: 1.9327e-03 l_g_fea: '
     '1.6821e+00 l_g_gan: 6.4633e-02 l_g_pix_grad_branch: 2.9793e-02 l_d_real: 8.4029e-05 l_d_fake: 1.5388'
     'e-03 l_d_real_grad: 3.7105e-05 l_d_fake_grad: 2.8300e-06 D_real: -3.1148e+01 D_fake: -4.4074e+01 D_r'
     'eal_grad: -2.0028e+01 D_fake_grad: -3.8328e+01 '),
    ('21-05-24 03:05:52.137 - INFO: <epoch: 48, iter:   4,500, lr:1.000e-04> l_g_pix: 2.1025e-03 l_g_fea: '
     '1.8216e+00 l_g_gan: 5.2623e-02 l_g_pix_grad_branch: 3.2644e-02 l_d_real: 9.1258e-02 l_d_fake: 6.3421'
     'e-04 l_d_real_grad: 1.4305e-08 l_d_fake_grad: 2.8610e-08 D_real: -3.1337e+01 D_fake: -4.1816e+01 D_r'
     'eal_grad: -1.3150e+01 D_fake_grad: -3.2264e+01 '),
    ('21-05-24 03:09:04.571 - INFO: <epoch: 49, iter:   4,600, lr:1.000e-04> l_g_pix: 1.7092e-03 l_g_fea: '
     '1.6174e+00 l_g_gan: 4.5857e-02 l_g_pix_grad_branch: 2.7879e-02 l_d_real: 1.8214e-01 l_d_fake: 2.6645'
     'e-01 l_d_real_grad: 2.6844e-05 l_d_fake_grad: 2.5817e-05 D_real: -2.9393e+01 D_fake: -3.8340e+01 D_r'
     'eal_grad: -2.9426e+01 D_fake_grad: -4.1452e+01 '),
]
# torchelastic's agent through Python logging, pasted from the middle of a run (github.com/ultralytics/yolov5/issues/4400)
ELASTIC_MID_RUN = [
    'ERROR:torch.distributed.elastic.agent.server.local_elastic_agent:[default] Worker group failed',
    ('INFO:torch.distributed.elastic.agent.server.api:[default] Worker group FAILED. 2/3 attempts left; wi'
     'll restart worker group'),
    'INFO:torch.distributed.elastic.agent.server.api:[default] Stopping worker group',
    "INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous'ing worker group",
    'INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous complete for workers. Result:',
    '  restart_count=2',
]
# rccl-tests' all_reduce_perf on 8 MI300X, its command not in the paste (github.com/ROCm/rccl/issues/1562,
# a comment of 2025-02-22; the output block's first 31 lines)
RCCL = [
    ('# nThread 1 nGpus 8 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 agg iter'
     's: 1 validation: 1 graph: 0'),
    '#',
    'rccl-tests: Version :+',
    '# Using devices',
    '#   Rank  0 Pid  56417 on c42f4555f685 device  0 [0002:00:00.0] AMD Instinct MI300X VF',
    '#   Rank  1 Pid  56417 on c42f4555f685 device  1 [0003:00:00.0] AMD Instinct MI300X VF',
    '#   Rank  2 Pid  56417 on c42f4555f685 device  2 [0004:00:00.0] AMD Instinct MI300X VF',
    '#   Rank  3 Pid  56417 on c42f4555f685 device  3 [0005:00:00.0] AMD Instinct MI300X VF',
    '#   Rank  4 Pid  56417 on c42f4555f685 device  4 [0006:00:00.0] AMD Instinct MI300X VF',
    '#   Rank  5 Pid  56417 on c42f4555f685 device  5 [0007:00:00.0] AMD Instinct MI300X VF',
    '#   Rank  6 Pid  56417 on c42f4555f685 device  6 [0008:00:00.0] AMD Instinct MI300X VF',
    '#   Rank  7 Pid  56417 on c42f4555f685 device  7 [0009:00:00.0] AMD Instinct MI300X VF',
    '#',
    ('#                                                              out-of-place                       in'
     '-place          '),
    ('#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algb'
     'w   busbw #wrong'),
    ('#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s'
     ')  (GB/s)       '),
    ('           8             2     float     sum      -1    45.92    0.00    0.00      0    46.12    0.0'
     '0    0.00      0'),
    ('          16             4     float     sum      -1    48.87    0.00    0.00      0    48.60    0.0'
     '0    0.00      0'),
    ('          32             8     float     sum      -1    47.33    0.00    0.00      0    48.16    0.0'
     '0    0.00      0'),
    ('          64            16     float     sum      -1    50.03    0.00    0.00      0    55.74    0.0'
     '0    0.00      0'),
    ('         128            32     float     sum      -1    50.35    0.00    0.00      0    50.42    0.0'
     '0    0.00      0'),
    ('         256            64     float     sum      -1    51.52    0.00    0.01      0    51.64    0.0'
     '0    0.01      0'),
    ('         512           128     float     sum      -1    52.16    0.01    0.02      0    50.40    0.0'
     '1    0.02      0'),
    ('        1024           256     float     sum      -1    52.41    0.02    0.03      0    55.34    0.0'
     '2    0.03      0'),
    ('        2048           512     float     sum      -1    56.85    0.04    0.06      0    61.02    0.0'
     '3    0.06      0'),
    ('        4096          1024     float     sum      -1    54.51    0.08    0.13      0    54.52    0.0'
     '8    0.13      0'),
    ('        8192          2048     float     sum      -1    50.05    0.16    0.29      0    50.22    0.1'
     '6    0.29      0'),
    ('       16384          4096     float     sum      -1    54.82    0.30    0.52      0    52.96    0.3'
     '1    0.54      0'),
    ('       32768          8192     float     sum      -1    53.79    0.61    1.07      0    53.08    0.6'
     '2    1.08      0'),
    ('       65536         16384     float     sum      -1    55.40    1.18    2.07      0    52.54    1.2'
     '5    2.18      0'),
    ('      131072         32768     float     sum      -1    66.85    1.96    3.43      0    69.47    1.8'
     '9    3.30      0'),
]


def test_speechbrain_train_log_epochs_are_its_steps_with_no_clock(tmp_path: Path) -> None:
    parser, steps, _ = _read(tmp_path, SPEECHBRAIN_TRAIN_LOG, name="train_log.txt")
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == list(range(1, 36))  # `Epoch: 1` .. `Epoch: 35`; not `Epoch loaded: 33`
    assert [s["loss"] for s in steps[:3]] == [3.01, 1.19, 0.744]  # each line's train loss, before its valid loss
    assert all(s["end_ns"] is None and s["step_time_s"] is None for s in steps)


def test_speechbrain_beginning_an_experiment_again_after_saves_is_a_relaunch(tmp_path: Path) -> None:
    _, steps, events = _read(tmp_path, SPEECHBRAIN_RELAUNCH, name="log.txt")
    starts = [(e["line"], e["ts_ns"]) for e in events if e["kind"] == "attempt_start"]
    assert starts == [(1, _ns("2022-12-29 04:07:04,436")), (10, _ns("2022-12-30 15:08:57,504"))]
    assert [s["step"] for s in steps] == [34, 35]


def test_verl_step_lines_glued_to_a_bar_are_the_steps_with_the_bars_rate(tmp_path: Path) -> None:
    _, steps, _ = _read(tmp_path, VERL_SFT)
    # the glued `step:N` lines, not the bar's count (2 x 35 + 29 = 99 where `step:100` follows it)
    assert [s["step"] for s in steps] == [1, 100, 101, 102, 103, 104, 105]
    assert [s["loss"] for s in steps][-2:] == [0.05746186152100563, 0.06290543079376221]
    # the rate drawn on each step's line (`13.17s/it]step:100`); the first bar drew none (`?it/s]step:1`)
    assert [s["step_time_s"] for s in steps] == [None, 13.17, 13.23, 13.24, 13.18, 13.15, 13.14]


def test_a_hydra_apps_failure_under_ray_is_read_and_ray_daemon_lines_start_no_process(tmp_path: Path) -> None:
    parser, steps, events = _read(tmp_path, LOGIC_RL_CRASH, name="grpo.log")
    assert parser == "generic_log"  # claimed by Hydra's "Error executing job with overrides"
    assert steps == []
    assert [e["line"] for e in events if e["kind"] == "attempt_start"] == [1]  # not the `(raylet)` line after the failure
    assert {e["line"] for e in events if e["kind"] == "crash"} >= {2, 10}  # the raylet's traceback, the job's


def test_mmsr_iterations_with_thousands_separators(tmp_path: Path) -> None:
    """mmsr's (ESRGAN's, SPSR's) `21-05-24 03:02:40.728 - INFO: <epoch: 47, iter:   4,400, ...>`: iteration 4400, dated
    by its logger's `%y-%m-%d %H:%M:%S` and milliseconds (its lines were undated)."""
    _, steps, _ = _read(tmp_path, MMSR, parser_name="generic_log")
    assert [(s["step"], s["lr"]) for s in steps] == [(4400, 1e-4), (4500, 1e-4), (4600, 1e-4)]
    assert [s["end_ns"] for s in steps] == [_ns(t[:21], "%y-%m-%d %H:%M:%S.%f") for t in MMSR]


def test_a_restart_count_right_after_its_restart_line_is_that_restart(tmp_path: Path) -> None:
    """A paste from the middle of a run: `restart_count=2` numbers the restart the agent just
    announced (the first one is before the paste), not another."""
    _, _, events = _read(tmp_path, ELASTIC_MID_RUN, parser_name="generic_log")
    assert [e["line"] for e in events if e["kind"] == "restart"] == [2]


def test_an_unnamed_nccl_tests_table_is_named_by_its_reduction_and_bandwidth_ratio(tmp_path: Path) -> None:
    path = tmp_path / "rccl.log"
    path.write_text("\n".join(RCCL) + "\n", encoding="utf-8")
    parser, _ = detect(path, read_head(path), registry())
    assert parser is not None and parser.name == "nccl_tests"
    result = parser.parse(path, ParseOptions())
    rows = result.tables["nccl_tests"].to_pylist()
    # redop sum, root -1, and 2.07 / 1.18 = 1.75 = 2(n-1)/n over the header's 8 ranks: all_reduce
    assert {r["op"] for r in rows} == {"all_reduce"} and {r["n_ranks"] for r in rows} == {8}
    assert any("all_reduce, from its reduction" in w for w in result.warnings)


# BasicSR 1.4.2's log of an SMFANet debug run (github.com/Zheng-MJ/SMFANet @ b3ac071264c64daebb06e304e161a9b3d32d2e5f :
# experiments/debug_SAFMNet_train_DIV2K_100w_x4SR/train_debug_SAFMNet_train_DIV2K_100w_x4SR_20231204_151208.log,
# lines 350-365)
BASICSR = [
    '2023-12-04 15:12:15,709 INFO: Start training from epoch: 0, iter: 0',
    ('2023-12-04 15:12:17,417 INFO: [debug..][epoch:  0, iter:       1, lr:(1.000e-03,)] [eta: 0:01:04, ti'
     'me (data): 1.706 (0.787)] l_pix: 4.7016e-01 f_pix: 6.8678e-01 '),
    ('2023-12-04 15:12:17,537 INFO: [debug..][epoch:  0, iter:       2, lr:(1.000e-03,)] [eta: 11:07:08, t'
     'ime (data): 0.913 (0.399)] l_pix: 3.5117e-01 f_pix: 6.6488e-01 '),
    ('2023-12-04 15:12:17,638 INFO: [debug..][epoch:  0, iter:       3, lr:(1.000e-03,)] [eta: 15:20:43, t'
     'ime (data): 0.642 (0.270)] l_pix: 2.4459e-01 f_pix: 6.0161e-01 '),
    ('2023-12-04 15:12:17,737 INFO: [debug..][epoch:  0, iter:       4, lr:(1.000e-03,)] [eta: 17:48:53, t'
     'ime (data): 0.506 (0.205)] l_pix: 1.7472e-01 f_pix: 5.8309e-01 '),
    ('2023-12-04 15:12:17,848 INFO: [debug..][epoch:  0, iter:       5, lr:(1.000e-03,)] [eta: 19:58:37, t'
     'ime (data): 0.427 (0.166)] l_pix: 1.4727e-01 f_pix: 5.1184e-01 '),
    ('2023-12-04 15:12:17,946 INFO: [debug..][epoch:  0, iter:       6, lr:(1.000e-03,)] [eta: 21:00:22, t'
     'ime (data): 0.372 (0.140)] l_pix: 1.2908e-01 f_pix: 5.6858e-01 '),
    ('2023-12-04 15:12:18,041 INFO: [debug..][epoch:  0, iter:       7, lr:(1.000e-03,)] [eta: 21:39:57, t'
     'ime (data): 0.332 (0.121)] l_pix: 1.1508e-01 f_pix: 5.0854e-01 '),
    ('2023-12-04 15:12:18,137 INFO: [debug..][epoch:  0, iter:       8, lr:(1.000e-03,)] [eta: 22:15:02, t'
     'ime (data): 0.303 (0.107)] l_pix: 1.0401e-01 f_pix: 4.2829e-01 '),
    '2023-12-04 15:12:18,138 INFO: Saving models and training states.',
    '2023-12-04 15:12:19,110 INFO: Validation Set5',
    '\t # psnr: 9.1575\tBest: 9.1575 @ 8 iter',
    '\t # ssim: 0.0602\tBest: 0.0602 @ 8 iter',
    '',
    ('2023-12-04 15:12:19,231 INFO: [debug..][epoch:  0, iter:       9, lr:(1.000e-03,)] [eta: 2 days, 2:2'
     '4:39, time (data): 0.283 (0.097)] l_pix: 1.0955e-01 f_pix: 4.6949e-01 '),
    ('2023-12-04 15:12:19,327 INFO: [debug..][epoch:  0, iter:      10, lr:(1.000e-03,)] [eta: 2 days, 0:1'
     '4:58, time (data): 0.264 (0.088)] l_pix: 1.0505e-01 f_pix: 4.5782e-01 '),
]
# Real-ESRGAN's fine-tune resumed at iteration 320000 (github.com/ChhaviPan23/Super_Res @
# d8af3648b4f9add799b3ad01003f2ce2dac5ab2a : experiments/finetune_RealESRGANx4plus_400k/
# train_finetune_RealESRGANx4plus_400k_20241022_203431.log, lines 825-826)
REAL_ESRGAN = [
    ('2024-10-22 20:35:57,839 INFO: [finet..][epoch:5159, iter: 320,100, lr:(1.000e-04,)] [eta: 18:11:04, '
     'time (data): 0.764 (0.159)] l_g_pix: 3.6268e-02 l_g_percep: 6.5543e+00 l_g_gan: 5.8256e-01 l_d_real:'
     ' 1.8541e-02 out_d_real: 1.1114e+01 l_d_fake: 1.8058e-02 out_d_fake: -5.8069e+00 '),
    ('2024-10-22 20:37:08,435 INFO: [finet..][epoch:5161, iter: 320,200, lr:(1.000e-04,)] [eta: 16:54:30, '
     'time (data): 0.735 (0.151)] l_g_pix: 2.6291e-02 l_g_percep: 5.8645e+00 l_g_gan: 5.4575e-01 l_d_real:'
     ' 2.4699e-01 out_d_real: 9.1572e+00 l_d_fake: 3.0941e-02 out_d_fake: -5.4261e+00 '),
]


def test_basicsr_iterations_their_seconds_and_data_loading_and_its_saves(tmp_path: Path) -> None:
    parser, steps, events = _read(tmp_path, BASICSR + REAL_ESRGAN, name="train_debug.log")
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == [*range(1, 11), 320100, 320200]  # `iter:   320,100` read whole
    # BasicSR's `time` is its AvgTimer's mean since its window began: the n-th times n less the one before times n - 1
    # is the lines' gap (2 x 0.913 - 1.706 = 0.120 s, 15:12:17,417 to 15:12:17,537), no step's own time
    assert pytest.approx((_ns("2023-12-04 15:12:17,537") - _ns("2023-12-04 15:12:17,417")) / 1e9) == 2 * 0.913 - 1.706
    assert [(s["step_time_s"], s["data_time_s"], s["lr"]) for s in steps[:2]] == [(None, 0.787, 1e-3), (None, 0.399, 1e-3)]
    assert [(s["step_time_s"], s["data_time_s"], s["lr"]) for s in steps[-2:]] == [(None, 0.159, 1e-4), (None, 0.151, 1e-4)]
    (tmp_path / "alone").mkdir()
    _, alone, _ = _read(tmp_path / "alone", REAL_ESRGAN, name="train_debug.log")  # (two lines: nothing says a mean)
    assert [(s["step_time_s"], s["data_time_s"]) for s in alone] == [(0.764, 0.159), (0.735, 0.151)]
    assert all(s["loss"] is None for s in steps)  # `l_pix`, `f_pix`: terms of the objective, no total
    assert steps[0]["end_ns"] == _ns("2023-12-04 15:12:17,417")
    saves = [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")]
    assert saves == [("checkpoint_save_start", 10)]  # `Saving models and training states.`


# a BraTS 3D U-Net trainer resumed at epoch 26 (github.com/acchandaz0/FP-PengolahanCitra @
# 826e2ae34b557c5863dc0b4f266621d27703ddcb : train_resume.log, lines 29-45)
EPOCH_OPENED = [
    '2026-06-19 13:55:24 | INFO     | Resumed from best_model.pth | epoch=26 | best_dsc=0.7643',
    '2026-06-19 13:55:24 | INFO     | Epoch 27/300',
    ('Load failed [614] /home/mci/arsyadl/braTS/preprocessed/BraTS-GLI-02336-100.npz: Bad CRC-32 for file '
     "'images.npy'"),
    ('/home/mci/arsyadl/pytan/venv/lib/python3.10/site-packages/torch/utils/data/_utils/fetch.py:52: Runti'
     "meWarning: Bad CRC-32 for file 'images.npy'"),
    '  data = [self.dataset[idx] for idx in possibly_batched_index]',
    ('Load failed [152] /home/mci/arsyadl/braTS/preprocessed/BraTS-GLI-02085-100.npz: Bad CRC-32 for file '
     "'images.npy'"),
    ('/home/mci/arsyadl/pytan/venv/lib/python3.10/site-packages/torch/utils/data/_utils/fetch.py:52: Runti'
     "meWarning: Bad CRC-32 for file 'images.npy'"),
    '  data = [self.dataset[idx] for idx in possibly_batched_index]',
    '2026-06-19 14:06:04 | INFO     | Inference time: 387.1 ms/volume (avg over 10 passes)',
    '2026-06-19 14:06:04 | INFO     |   Train Loss: 0.3094 | Val Loss: 0.3554 | Mean DSC: 0.7422',
    '2026-06-19 14:06:04 | INFO     |   DSC   NCR/ED/NET/ET : 0.5409 / 0.8545 / 0.8427 / 0.7306',
    '2026-06-19 14:06:04 | INFO     |   HD95  NCR/ED/NET/ET : 9.64 / 10.27 / 7.34 / 14.88  mm',
    '2026-06-19 14:06:04 | INFO     |   Sens  NCR/ED/NET/ET : 0.4007 / 0.8719 / 0.8781 / 0.8078',
    '2026-06-19 14:06:04 | INFO     |   Prec  NCR/ED/NET/ET : 0.8319 / 0.8378 / 0.8101 / 0.6669',
    '2026-06-19 14:06:04 | INFO     |   Time: 640.1s | Elapsed: 0.18h | ETA: 48h 33m | LR: 9.80e-05',
    '2026-06-19 14:06:04 | INFO     | ------------------------------------------------------------',
    '2026-06-19 14:06:04 | INFO     | Epoch 28/300',
]
# FixMatch-pytorch (TorchSSL) through Python logging: the end of a run, then the same job launched
# again on 4 GPUs (github.com/LeeDoYup/FixMatch-pytorch/issues/12, the pasted lines)
FIXMATCH_RELAUNCH = [
    ("[2021-01-31 00:38:16,427 INFO] 900 iteration, USE_EMA: True, {'train/sup_loss': tensor(1.0505, devic"
     "e='cuda:0'), 'train/unsup_loss': tensor(0.1879, device='cuda:0'), 'train/total_loss': tensor(1.2384,"
     " device='cuda:0'), 'train/mask_ratio': tensor(0.7768, device='cuda:0'), 'lr': 0.009789938546188749, "
     "'train/prefecth_time': 0.00027267199754714964, 'train/run_time': 0.08013571166992188, 'eval/loss': t"
     "ensor(1.9005, device='cuda:0'), 'eval/top-1-acc': tensor(0.3375, device='cuda:0')}, BEST_EVAL_ACC: 0"
     '.3375000059604645, at 900 iters'),
    '[2021-01-31 00:38:16,493 INFO] model saved: ./saved_models/cifar_10_400/model_best.pth',
    '[2021-01-31 00:38:28,637 INFO] model saved: ./saved_models/cifar_10_400/latest_model.pth',
    '[2021-01-31 00:40:23,660 WARNING] USE GPU: 2 for training',
    '[2021-01-31 00:40:23,660 WARNING] USE GPU: 3 for training',
    '[2021-01-31 00:40:23,660 WARNING] USE GPU: 1 for training',
    '[2021-01-31 00:40:23,681 WARNING] USE GPU: 0 for training',
    '[2021-01-31 00:40:23,778 INFO] Number of Trainable Params: 1467610',
    '[2021-01-31 00:40:23,808 INFO] model_arch: <models.fixmatch.fixmatch.FixMatch object at 0x2aaae80d7b90>',
]


def test_an_epochs_time_runs_from_the_line_that_opened_it_to_its_summary(tmp_path: Path) -> None:
    _, steps, _ = _read(tmp_path, EPOCH_OPENED, name="train_resume.log")
    # `Epoch 27/300` at 13:55:24, its `Train Loss: 0.3094 | ...` at 14:06:04 (it prints `Time: 640.1s`);
    # epoch 28 opened and reported nothing: no row
    assert [(s["step"], s["step_time_s"], s["loss"]) for s in steps] == [
        (27, (_ns("2026-06-19 14:06:04,0") - _ns("2026-06-19 13:55:24,0")) / 1e9, 0.3094)]


def test_a_workers_use_gpu_line_after_saves_is_a_relaunch_once(tmp_path: Path) -> None:
    _, _, events = _read(tmp_path, FIXMATCH_RELAUNCH, name="log.txt")
    starts = [(e["line"], e["ts_ns"]) for e in events if e["kind"] == "attempt_start"]
    # the first line starts the run; the second launch's four workers each print `USE GPU: N for
    # training`: one start, at the first of them
    assert starts == [(1, _ns("2021-01-31 00:38:16,427")), (4, _ns("2021-01-31 00:40:23,660"))]


def test_a_table_that_reduces_nothing_is_named_no_collective_by_its_ratio(tmp_path: Path) -> None:
    """An all_gather table (NVIDIA/nccl issue 1435, in the corpus) prints `none` as its redop:
    its busbw / algbw of (n-1)/n over 2 ranks is all_gather's as well as reduce_scatter's, and
    the guess is refused; over 2 ranks all_reduce's ratio (1) is sendrecv's too."""
    from tests.conftest import corpus_or_skip
    from tracelens.parsers.nccl_tests import _op_from_ratio

    source = corpus_or_skip("nccl", "nccl-tests", "nccl_issue1435_all_gather_bf16_none_large_sizes.log")
    rows = registry()["nccl_tests"].parse(source, ParseOptions()).tables["nccl_tests"].to_pylist()
    assert {r["redop"] for r in rows} == {"none"} and {r["root"] for r in rows} == {-1}
    assert _op_from_ratio(rows, 2) is None
    path = tmp_path / "rccl.log"
    path.write_text("\n".join(RCCL) + "\n", encoding="utf-8")
    reduced = registry()["nccl_tests"].parse(path, ParseOptions()).tables["nccl_tests"].to_pylist()
    assert _op_from_ratio(reduced, 8) == "all_reduce" and _op_from_ratio(reduced, 2) is None


# OLMo-core's console logger (github.com/allenai/OLMo-core/issues/173, the pasted lines 8-18):
# metric names with spaces and units
OLMO_CORE = [
    '[2025-02-20 15:18:04] INFO     [olmo_core.train.callbacks.console_logger:62, rank=0] [step=1/7,epoch=1]',
    '    optim/LR (group 0)=1.00E-05',
    '    optim/LR (group 1)=1.00E-05',
    '    optim/total grad norm=14.34',
    '    system/GPU active mem (%)=25.10',
    '    system/GPU active mem (GiB)=19.91',
    '    system/GPU reserved mem (%)=31.52',
    '    system/GPU reserved mem (GiB)=25.00',
    '    throughput/device/data loading (s)=2.108',
    '    train/CE loss=11.03',
    '[2025-02-20 15:18:04] INFO     [olmo_core.train.callbacks.console_logger:55, rank=0] [step=2/7,epoch=1]',
]
# Slurm's cgroup out-of-memory killer ending an OLMo run on LUMI (github.com/allenai/OLMo/issues/788, the
# pasted line 16)
SLURM_OOM_KILL = [
    'slurmstepd: error: Detected 1 oom_kill event in StepId=9178265.0. Some of the step tasks have been OOM Killed.',
]
# picotron's step lines under a rank label of its own (github.com/aws-samples/awsome-distributed-training :
# 3.test_cases/pytorch/picotron/SmolLM-1.7B/ec2/README.md, the text block's step lines)
PICOTRON = [
    ('    [rank 2] Step: 1     | Loss: 10.9062 | Global batch size:   2.05K | Tokens/s:  199.02 | Tokens/s'
     '/GPU:   24.88 | Tokens:   2.05K | MFU:  0.01% | Memory usage:   1.75GB'),
    ('    [rank 2] Step: 2     | Loss: 8.5469 | Global batch size:   2.05K | Tokens/s:   1.68K | Tokens/s/'
     'GPU:  209.63 | Tokens:   4.10K | MFU:  0.07% | Memory usage:   1.75GB'),
    ('    [rank 2] Step: 3     | Loss: 8.9219 | Global batch size:   2.05K | Tokens/s:  10.61K | Tokens/s/'
     'GPU:   1.33K | Tokens:   6.14K | MFU:  0.43% | Memory usage:   1.75GB'),
]
# MindSpore's LossMonitor and TimeMonitor (github.com/mindspore-ai/models @ 05251b044b6a94e60ed5f12c934d09a1866674f5 :
# research/cv/SPPNet/README_CN.md, the zfnet training block's first 11 lines)
MINDSPORE = [
    '  ============== Starting Training ==============',
    '  epoch: 1 step: 5004, loss is 6.906126',
    '  epoch time: 571750.162 ms, per step time: 114.259 ms',
    ("  epoch: 1, {'top_5_accuracy', 'top_1_accuracy'}: {'top_5_accuracy': 0.005809294871794872, 'top_1_ac"
     "curacy': 0.0010216346153846154}, eval_cost:19.47"),
    '  epoch: 2 step: 5004, loss is 5.69701',
    '  epoch time: 531087.048 ms, per step time: 106.133 ms',
    ("  epoch: 2, {'top_5_accuracy', 'top_1_accuracy'}: {'top_5_accuracy': 0.1386017628205128, 'top_1_accu"
     "racy': 0.04453125}, eval_cost:14.53"),
    '  epoch: 3 step: 5004, loss is 4.6244116',
    '  epoch time: 530828.240 ms, per step time: 106.081 ms',
    ("  epoch: 3, {'top_5_accuracy', 'top_1_accuracy'}: {'top_5_accuracy': 0.36738782051282054, 'top_1_acc"
     "uracy': 0.1619591346153846}, eval_cost:13.73"),
    '',
]


def test_olmo_core_record_names_with_spaces_and_units(tmp_path: Path) -> None:
    _, steps, _ = _read(tmp_path, OLMO_CORE, parser_name="generic_log")
    # step 1's block; step 2's head ends the paste with no metric under it (no row)
    assert [(s["step"], s["rank"], s["loss"], s["lr"], s["grad_norm"], s["data_time_s"]) for s in steps] == [
        (1, 0, 11.03, 1.00e-05, 14.34, 2.108)]  # `train/CE loss`, `optim/LR (group 0)`, `optim/total grad norm`,
    # `throughput/device/data loading (s)`


def test_slurms_oom_kill_of_a_step_is_a_crash(tmp_path: Path) -> None:
    _, _, events = _read(tmp_path, SLURM_OOM_KILL, parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events] == [("crash", 1)]
    assert "Detected 1 oom_kill event in StepId=9178265.0" in events[0]["detail"]


def test_a_scripts_own_rank_label_is_the_steps_rank(tmp_path: Path) -> None:
    _, steps, _ = _read(tmp_path, PICOTRON, parser_name="generic_log")
    assert [(s["step"], s["rank"], s["loss"]) for s in steps] == [(1, 2, 10.9062), (2, 2, 8.5469), (3, 2, 8.9219)]
    # (`Tokens/s:  199.02`, `Tokens/s:   1.68K`, `Tokens/s:  10.61K`: the job's rate, thousands by their `K`; not the
    # `Tokens/s/GPU:` beside it)
    assert [s["tokens_per_s"] for s in steps] == [199.02, 1680.0, 10610.0]


def test_mindspore_time_monitor_gives_the_epochs_mean_step_time(tmp_path: Path) -> None:
    _, steps, _ = _read(tmp_path, MINDSPORE, parser_name="generic_log")
    # `epoch: 1 step: 5004, loss is 6.906126`, then `epoch time: 571750.162 ms, per step time: 114.259 ms`
    assert [(s["step"], s["loss"]) for s in steps] == [(5004, 6.906126), (10008, 5.69701), (15012, 4.6244116)]
    assert [s["step_time_s"] for s in steps] == pytest.approx([0.114259, 0.106133, 0.106081], rel=1e-12)


# Sockeye 1.x's training log through Python logging, `%Y-%m-%d:%H:%M:%S` dates (github.com/awslabs/sockeye/issues/664,
# the pasted lines 1-3)
SOCKEYE = [
    ('[2019-03-17:14:36:36:INFO:sockeye.training:__call__] Epoch[0] Batch [3150]\tSpeed: 71.18 samples/sec '
     '1971.60 tokens/sec 1.27 updates/sec\tperplexity=29.694005'),
    ('[2019-03-17:14:37:15:INFO:sockeye.training:__call__] Epoch[0] Batch [3200]\tSpeed: 57.12 samples/sec '
     '1958.61 tokens/sec 1.28 updates/sec\tperplexity=29.297562'),
    ('[2019-03-17:14:37:55:INFO:sockeye.training:__call__] Epoch[0] Batch [3250]\tSpeed: 71.32 samples/sec '
     '1971.09 tokens/sec 1.26 updates/sec\tperplexity=28.876348'),
]


def test_a_date_with_a_colon_before_its_time_and_a_speedometer_batch(tmp_path: Path) -> None:
    parser, steps, _ = _read(tmp_path, SOCKEYE, name="log")
    assert parser == "generic_log"  # MXNet's Speedometer lines, dated: they claim the log
    assert [(s["step"], s["end_ns"]) for s in steps] == [
        (3150, _ns("2019-03-17 14:36:36", "%Y-%m-%d %H:%M:%S")), (3200, _ns("2019-03-17 14:37:15", "%Y-%m-%d %H:%M:%S")),
        (3250, _ns("2019-03-17 14:37:55", "%Y-%m-%d %H:%M:%S"))]


def test_dcgan_epoch_and_batch_pairs_are_steps_across_epochs(tmp_path: Path) -> None:
    """pytorch/examples' DCGAN loop in a notebook exported as a book chapter (index id 30628506150):
    `[24/25][769/782] Loss_D: ...` is epoch 24 of 25 (counted from 0), batch 769 of 782 (from 0): step
    24 x 782 + 769; the GAN's two losses name no one training loss."""
    lines = [
        '    [0/25][0/782] Loss_D: 1.3081 Loss_G: 5.4827 D(x): 0.5424 D(G(z)): 0.4085 / 0.0050',
        '    [0/25][1/782] Loss_D: 1.0166 Loss_G: 6.2396 D(x): 0.8049 D(G(z)): 0.4682 / 0.0028',
        '    ......',
        ' ',
        '    [24/25][769/782] Loss_D: 0.2830 Loss_G: 3.4405 D(x): 0.9081 D(G(z)): 0.1581 / 0.0452',
        '    [24/25][770/782] Loss_D: 0.4860 Loss_G: 1.7289 D(x): 0.6942 D(G(z)): 0.0578 / 0.2467',
        '    [24/25][771/782] Loss_D: 0.5691 Loss_G: 4.1471 D(x): 0.9662 D(G(z)): 0.3614 / 0.0240',
        '    [24/25][772/782] Loss_D: 0.4110 Loss_G: 2.4502 D(x): 0.7505 D(G(z)): 0.0824 / 0.1196',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    assert [(s["line"], s["step"], s["loss"]) for s in steps] == [
        (1, 0, None), (2, 1, None), (5, 24 * 782 + 769, None), (6, 24 * 782 + 770, None),
        (7, 24 * 782 + 771, None), (8, 24 * 782 + 772, None)]


def test_paddle_v2_pass_and_batch_lines_are_steps_and_their_cost_the_loss(tmp_path: Path) -> None:
    """PaddlePaddle v2's MNIST example in yeyupiaoling's LearnPaddle notes (index id 11902302281, the
    block after `在训练过程中会输出这样的日志:`): its event handler's `Pass 0, Batch 400, Cost 0.131645,
    {...}` is batch 400 of pass 0, its cost the loss; the dots between (one a batch) and the test's
    `Test with Pass 0, ...` are none."""
    lines = [
        "Pass 0, Batch 0, Cost 2.991905, {'classification_error_evaluator': 0.859375}",
        '...................................................................................................',
        "Pass 0, Batch 100, Cost 0.891881, {'classification_error_evaluator': 0.3046875}",
        '...................................................................................................',
        "Pass 0, Batch 200, Cost 0.309183, {'classification_error_evaluator': 0.0859375}",
        '...................................................................................................',
        "Pass 0, Batch 300, Cost 0.289464, {'classification_error_evaluator': 0.078125}",
        '...................................................................................................',
        "Pass 0, Batch 400, Cost 0.131645, {'classification_error_evaluator': 0.03125}",
        '....................................................................',
        "Test with Pass 0, Cost 0.117626, {'classification_error_evaluator': 0.03790000081062317}",
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    printed = [(int(m.group(1)), float(m.group(2))) for t in lines if (m := re.match(r"Pass 0, Batch (\d+), Cost ([\d.]+)", t))]
    assert [(s["step"], s["loss"], s["framework"]) for s in steps] == [(b, c, "paddle") for b, c in printed]


def test_modded_nanogpts_steps_are_timed_by_its_training_clock(tmp_path: Path) -> None:
    """modded-nanogpt's MaxAutotune record on 8 H100s (KellerJordan/modded-nanogpt @ 200a8c89,
    records/021225_MaxAutotune/11e9d28c-fde3-40f6-adaf-398a49a14b93.txt, lines 52-63 of its console):
    `step:2/1770 train_time:165ms step_avg:82.46ms`, train_time the milliseconds trained so far: a
    step's time is the clock's difference over the steps between; `step:0/1770 val_loss:...` is an
    evaluation, no step (the file was not recognised)."""
    lines = [
        'step:0/1770 val_loss:10.8258 train_time:0ms step_avg:0.02ms',
        'step:1/1770 train_time:96ms step_avg:95.77ms',
        'step:2/1770 train_time:165ms step_avg:82.46ms',
        'step:3/1770 train_time:248ms step_avg:82.67ms',
        'step:4/1770 train_time:341ms step_avg:85.28ms',
        'step:5/1770 train_time:435ms step_avg:87.09ms',
        'step:6/1770 train_time:530ms step_avg:88.26ms',
        'step:7/1770 train_time:623ms step_avg:89.01ms',
        'step:8/1770 train_time:717ms step_avg:89.69ms',
        'step:9/1770 train_time:812ms step_avg:90.18ms',
        'step:10/1770 train_time:905ms step_avg:90.50ms',
        'step:11/1770 train_time:999ms step_avg:90.81ms',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    clock = [(int(m.group(1)), int(m.group(2))) for t in lines if (m := re.match(r"step:(\d+)/1770 train_time:(\d+)ms", t))]
    want = [(clock[0][0], None)] + [(b, (tb - ta) / 1000) for (a, ta), (b, tb) in zip(clock, clock[1:], strict=False)]
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(n, pytest.approx(t) if t else None) for n, t in want]
    assert {s["framework"] for s in steps} == {"modded_nanogpt"}


def test_a_step_ms_key_is_the_steps_milliseconds(tmp_path: Path) -> None:
    """FoundationTS's MoE trainer under torch.compile (sms1097/FoundationTS @ 0ccdb6a6,
    docs/proflie_training.md, its "Another Torch.Compile" block's lines 10-20): after dynamo's warnings
    its `step=20 loss=253.0651 ... step_ms=317.57 ...` gives the step's time in milliseconds."""
    lines = [
        ('W0112 02:58:28.700000 60377 torch/_dynamo/variables/tensor.py:1048] [6/0]     max_seqlen_in_batch = seqlens_in_bat'
         'ch.max().item()'),
        'W0112 02:58:28.700000 60377 torch/_dynamo/variables/tensor.py:1048] [6/0] ',
        'W0112 02:58:28.700000 60377 torch/_dynamo/variables/tensor.py:1048] [6/0] ',
        ('step=10 loss=264.4143 pred=261.4405 aux=148.6890 lr=1.00e-06 toks/s=32,890 tflops=78.30 mfu=3.96% step_ms=1856.21 '
         'sm_util=98.0% hbm_util=62.0% mem_ctrl_util=62.0%'),
        ('step=20 loss=253.0651 pred=250.0910 aux=148.7041 lr=2.00e-06 toks/s=204,843 tflops=487.67 mfu=24.64% step_ms=317.5'
         '7 sm_util=77.0% hbm_util=47.0% mem_ctrl_util=47.0%'),
        ('step=30 loss=261.7725 pred=258.8101 aux=148.1219 lr=3.00e-06 toks/s=205,881 tflops=490.14 mfu=24.77% step_ms=316.0'
         '2 sm_util=82.0% hbm_util=51.0% mem_ctrl_util=51.0%'),
        ('step=40 loss=242.5769 pred=239.6313 aux=147.2762 lr=4.00e-06 toks/s=205,334 tflops=488.84 mfu=24.70% step_ms=316.8'
         '0 sm_util=85.0% hbm_util=52.0% mem_ctrl_util=52.0%'),
        ('step=50 loss=215.3560 pred=212.3647 aux=149.5612 lr=5.00e-06 toks/s=207,706 tflops=494.49 mfu=24.99% step_ms=313.0'
         '5 sm_util=90.0% hbm_util=57.0% mem_ctrl_util=57.0%'),
        ('step=60 loss=183.9454 pred=180.8614 aux=154.2012 lr=6.00e-06 toks/s=206,202 tflops=490.91 mfu=24.81% step_ms=315.4'
         '9 sm_util=97.0% hbm_util=69.0% mem_ctrl_util=69.0%'),
        ('step=70 loss=206.5421 pred=203.6012 aux=147.0445 lr=7.00e-06 toks/s=208,748 tflops=496.97 mfu=25.11% step_ms=311.6'
         '7 sm_util=85.0% hbm_util=58.0% mem_ctrl_util=58.0%'),
        ('step=80 loss=192.7895 pred=189.8213 aux=148.4076 lr=8.00e-06 toks/s=206,775 tflops=492.27 mfu=24.87% step_ms=314.6'
         '5 sm_util=83.0% hbm_util=52.0% mem_ctrl_util=52.0%'),
    ]
    _, steps, _ = _read(tmp_path, lines)
    printed = [(int(m.group(1)), float(m.group(2)) / 1000) for t in lines
               if (m := re.search(r"^step=(\d+) .* step_ms=([\d.]+)", t))]
    assert [(s["step"], s["step_time_s"]) for s in steps] == printed and len(printed) == 8
    # (its `toks/s=32,890`, the thousands grouped by commas: 32,890 tokens a second; not `e-06 toks` read as 6)
    rates = [float(m.group(1).replace(",", "")) for t in lines if (m := re.search(r"toks/s=([\d,]+) ", t))]
    assert [s["tokens_per_s"] for s in steps] == rates and rates[0] == 32890


def test_a_run_long_bar_with_each_epochs_print_glued_in_counts_the_runs_steps(tmp_path: Path) -> None:
    """A masked-LM fine-tuning's console in DeepDataMiningLearning's README (lkk688/DeepDataMiningLearning
    @ e85103d1, README.md, its huggingfaceLM2 run's lines 7-13): one bar over the whole run (26360 steps), each
    epoch's perplexity printed into its drawing (`>>> Epoch 2: Perplexity: ... | 9885/26360 [...]`): the
    count goes on as the epoch goes up, so it is the run's step (it was epoch x 26360 + the count)."""
    lines = [
        'Epoch 1: Perplexity: 12.102828644322578                              | 6590/26360 [16:06:09<34:50:06,  6.34s/it]',
        (' 38%|███████████████████████>>> Epoch 2: Perplexity: 15.187707787848385                              | 9885/26360 '
         '[24:00:07<28:57:25,  6.33s/it]'),
        (' 50%|███████████████████████>>> Epoch 3: Perplexity: 15.063201196763071                             | 13180/26360 '
         '[31:52:08<23:12:51,  6.34s/it]'),
        (' 62%|███████████████████████>>> Epoch 4: Perplexity: 16.583895970053355                             | 16475/26360 '
         '[39:44:32<17:23:28,  6.33s/it]'),
        (' 75%|███████████████████████>>> Epoch 5: Perplexity: 16.27479412837067██████▎                       | 19770/26360 '
         '[47:36:46<11:34:43,  6.33s/it]'),
        (' 88%|███████████████████████>>> Epoch 6: Perplexity: 16.424729093343636██████████████████            | 23065/26360'
         ' [55:28:38<5:47:18,  6.32s/it]'),
        '100%|███████████████████████>>> Epoch 7: Perplexity: 17.22636450834783',
    ]
    _, steps, _ = _read(tmp_path, lines)
    counts = [int(m.group(1)) for t in lines if (m := re.search(r"\| (\d+)/26360 \[", t))]
    assert [s["step"] for s in steps] == counts and len(counts) == 6


# openpi's fine-tuning of pi0.5 on DROID saving through Orbax's async checkpointer (a public notes file, index id 52800148969,
# its console block's lines 23-25, 35, 62-63)
ORBAX_ASYNC_SAVE = [
    ('15:51:37.774 [I] [process=0] Saving checkpoint at step 99999                                      (10726:checkpoint_ma'
     'nager.py:1408)'),
    ('15:51:37.775 [I] [process=0] Started async saving checkpoint to /home/jovyan/workspace/openpi/checkpoints/pi05_full_dr'
     'oid_finetune/pvc_train/99999. (10726:async_checkpointer.py:439)'),
    ('15:51:37.780 [I] Creating tmp directory /home/jovyan/workspace/openpi/checkpoints/pi05_full_droid_finetune/pvc_train/9'
     '9999.orbax-checkpoint-tmp-76 (10726:atomicity.py:144)'),
    ('15:52:07.710 [I] Finished blocking save in 29.94 seconds. Continuing to save asynchronously to /home/jovyan/workspace/'
     'openpi/checkpoints/pi05_full_droid_finetune/pvc_train/99999. (10726:async_checkpointer.py:548)'),
    ('15:54:50.698 [I] [process=0][thread=async_save] Finished saving checkpoint (finalized tmp dir) to `/home/jovyan/worksp'
     'ace/openpi/checkpoints/pi05_full_droid_finetune/pvc_train/99999`. (10726:atomicity.py:573)'),
    ('15:54:50.698 [I] Finished asynchronous save (blocking + background) in 192.92 seconds to /home/jovyan/workspace/openpi'
     '/checkpoints/pi05_full_droid_finetune/pvc_train/99999 (10726:async_checkpointer.py:412)'),
]


def test_orbaxs_async_save_is_one_save_from_its_start_to_finished_saving(tmp_path: Path) -> None:
    """`Saving checkpoint at step 99999`, `Started async saving checkpoint to ...` (the same save), then
    `Finished saving checkpoint (finalized tmp dir) to ...`: one save, started at the first line and
    ended at the last (the three were three save starts and no end)."""
    _, _, events = _read(tmp_path, ORBAX_ASYNC_SAVE, parser_name="generic_log")
    started = next(n for n, t in enumerate(ORBAX_ASYNC_SAVE, 1) if "Saving checkpoint at step" in t)
    finished = next(n for n, t in enumerate(ORBAX_ASYNC_SAVE, 1) if "Finished saving checkpoint" in t)
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", started), ("checkpoint_save_end", finished)]


# the same block's line 36: Orbax keeping an older checkpoint, its creation time in the message
ORBAX_PRESERVING = (
    "15:52:07.711 [I] Preserving Checkpoint[step=10000 | time=2025-11-14 09:24:02.57"
    "7946+00:00]: (Reason: on keep_period=10000). (10726:checkpoint_manager.py:1949)"
)


def test_a_date_in_the_message_of_a_line_that_opens_with_a_time_of_day_is_not_its_time() -> None:
    """`15:52:07.711 [I] Preserving Checkpoint[step=10000 | time=2025-11-14 09:24:02.577946+00:00]: ...`:
    the line's clock is its opening time of day (no date); the date is an older checkpoint's (the
    run was dated two days early, from these lines, and lasted no time)."""
    from tracelens.parsers._lines import parse_timestamp, split_lines

    assert ORBAX_PRESERVING.startswith("15:52:07.711 [I] ") and "time=2025-11-14 09:24:02" in ORBAX_PRESERVING
    assert parse_timestamp(ORBAX_PRESERVING) is None
    # (both engines: polars' column-wise reading of a file's lines, and Python's of a line)
    lines = split_lines("\n".join([ORBAX_PRESERVING, *ORBAX_ASYNC_SAVE]) + "\n")
    assert [line.ts_ns for line in lines] == [None] * (1 + len(ORBAX_ASYNC_SAVE))


# JDiffusion's DreamBooth-LoRA training script (diffusers' `train_dreambooth_lora.py` on Jittor; public notes,
# index id 41892302177, its console block's 3 lines): diffusers' `Steps:` bar, drawn twice at its end
DIFFUSERS_STEPS_BAR = [
    ('Steps: 100%|██████████████████████████████████████████████████████████████████████████████████████████████████████████'
     '████████████████████████████████████████████████████| 800/800 [03:55<00:00,  3.43it/s, loss=0.552]Saving LoRA weights '
     'to /workspace/outputs/style_ckpt/style_00'),
    "Model weights saved in /workspace/outputs/style_ckpt/style_00/pytorch_lora_weights.bin",
    ('Steps: 100%|██████████████████████████████████████████████████████████████████████████████████████████████████████████'
     '████████████████████████████████████████████████████| 800/800 [03:55<00:00,  3.39it/s, loss=0.552'),
]

# kohya's sd-scripts as training ends (a public note, index id 53778046689, its console block's lines 32-33)
SD_SCRIPTS_END = [
    "saving checkpoint: output/anima_lora.safetensors",
    "2026-03-30 23:32:36 INFO     model saved.                                                train.py:2579",
]


def test_a_lone_diffusers_steps_bar_is_a_training_console(tmp_path: Path) -> None:
    """`Steps: 100%|...| 800/800 [03:55<00:00,  3.43it/s, loss=0.552]Saving LoRA weights to ...`: diffusers'
    training bar, one drawing enough to read the file (it was refused: three were needed), its step 800."""
    parser, steps, _ = _read(tmp_path, DIFFUSERS_STEPS_BAR)
    assert parser == "generic_log"
    assert [row["step"] for row in steps] == [800]


def test_sd_scripts_model_saved_ends_its_save_and_the_run(tmp_path: Path) -> None:
    """`saving checkpoint: output/anima_lora.safetensors`, then `INFO     model saved.   train.py:2579`: the
    save's end and the run's (sd-scripts says it once, when training is over)."""
    _, _, events = _read(tmp_path, SD_SCRIPTS_END, parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events if e["kind"] != "attempt_start"] == [
        ("checkpoint_save_start", 1), ("checkpoint_save_end", 2), ("attempt_end", 2)]


def test_a_time_of_day_prefix_before_the_lines_own_date_keeps_the_date() -> None:
    """A console piped through `ts '[%H:%M:%S]'` opens each line with the time of day, then the
    logger's own date (DiT's line above, so prefixed): the date is the line's; the openpi line's
    date, deep in its message, is not."""
    from tests.test_line_rules_research_loops import DIT_STEPS_PER_SEC
    from tracelens.parsers._lines import parse_timestamp, split_lines

    line = next(t for t in DIT_STEPS_PER_SEC if "(step=0000100)" in t)
    prefixed = f"[{line[12:20]}] {line}"
    assert prefixed.startswith("[13:35:56] [2025-02-13 13:35:56] ")
    assert parse_timestamp(prefixed) == parse_timestamp(line) is not None
    assert [x.ts_ns for x in split_lines(prefixed + "\n")] == [parse_timestamp(line)]
    assert parse_timestamp(ORBAX_PRESERVING) is None
    assert parse_timestamp(ORBAX_PRESERVING) is None


def test_sd_scripts_model_saved_without_its_save_line_ends_nothing(tmp_path: Path) -> None:
    """`model saved.` alone (any script's word, mid-run) is no end: sd-scripts says it right after its
    `saving checkpoint: ...` only."""
    _, _, events = _read(tmp_path, SD_SCRIPTS_END[1:], parser_name="generic_log")
    assert [e["kind"] for e in events if e["kind"] != "attempt_start"] == []


# BAGEL's trainer (FSDP, 8 ranks under torchrun): its step lines, its rate printed to two decimals, its save of step
# 50 and the step after it (github.com/yyyybq/Bagel-Zebra-CoT-smm-origin @ e98d78d, run.err, lines 28-32, 78-79
# and 96-98; the save's FSDP warnings cut)
BAGEL_STEPS = [
    '[2025-10-25 21:20:20] (step=0000000) Train Loss mse: 0.0185, Train Loss ce: 1.8625, Train Steps/Sec: 0.01, ',
    '[2025-10-25 21:20:57] (step=0000001) Train Loss mse: 0.0168, Train Loss ce: 1.8560, Train Steps/Sec: 0.03, ',
    '[2025-10-25 21:21:32] (step=0000002) Train Loss mse: 0.0208, Train Loss ce: 1.8139, Train Steps/Sec: 0.03, ',
    '[2025-10-25 21:22:13] (step=0000003) Train Loss mse: 0.0200, Train Loss ce: 1.6772, Train Steps/Sec: 0.02, ',
    '[2025-10-25 21:22:49] (step=0000004) Train Loss mse: 0.0164, Train Loss ce: 1.7684, Train Steps/Sec: 0.03, ',
    '[2025-10-25 21:50:00] (step=0000050) Train Loss mse: 0.0150, Train Loss ce: 0.0540, Train Steps/Sec: 0.03, ',
    '[2025-10-25 21:50:01] Saving checkpoint to results/checkpoints_smm_semantic_part1_v1_origin/0000050.',
    "[2025-10-25 21:55:05] Sorted checkpoint directories: ['0000050']",
    '[2025-10-25 21:55:40] (step=0000051) Train Loss mse: 0.0139, Train Loss ce: 0.0539, Train Steps/Sec: 0.00, ',
    '[2025-10-25 21:56:13] (step=0000052) Train Loss mse: 0.0176, Train Loss ce: 0.0495, Train Steps/Sec: 0.03, ',
]


def test_a_rate_to_two_decimals_is_no_step_time_and_a_step_of_loss_terms_is_a_step(tmp_path: Path) -> None:
    """`Train Steps/Sec: 0.03` is 0.025 to 0.035 steps a second: 29 to 40 s, no step's time (the lines'
    times give 37, 35, 41 and 36 s); `0.00` none at all. Step 51's line, its losses `mse` and `ce`
    terms of one and its rate 0.00, is a step all the same. The save of step 50 runs from its
    `Saving checkpoint to` (21:50:01) to BAGEL's list of the checkpoints it keeps (21:55:05): 304 s."""
    path = tmp_path / "run.err"
    path.write_text("\n".join(BAGEL_STEPS) + "\n")
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    assert con.execute("select step, step_time_s from log_steps order by step").fetchall() == [
        (step, None) for step in (0, 1, 2, 3, 4, 50, 51, 52)]
    assert con.execute("select seconds from goodput_buckets where bucket = 'checkpoint_save'").fetchone() == (304,)
