"""Speech, reinforcement-learning, platform and generative-model logs: step, save, end and failure
lines quoted verbatim from public logs (each block's source is cited above it), tiny inputs in,
exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

import re
import statistics
from itertools import pairwise
from pathlib import Path

import pytest

from tests.conftest import run_cli
from tests.test_line_rules import _read
from tracelens.parsers._events import _SAVE_WEIGHTS

# Coqui TTS's trainer, a VITS fine-tune (github.com/jofrems/TTS_VITS_Finetuned, trainer_0_log.txt,
# lines 131-180)
COQUI_VITS = [
    ' > EPOCH: 0/1000',
    ' --> /content/vits-tts-finetune-November-03-2022_10+46AM-0000000',
    '',
    ' > TRAINING (2022-11-03 10:47:31) ',
    '',
    '   --> STEP: 24/36 -- GLOBAL_STEP: 1000025',
    '     | > loss_disc: 3.01874  (3.46002)',
    '     | > loss_disc_real_0: 0.28525  (0.34002)',
    '     | > loss_disc_real_1: 0.26059  (0.35423)',
    '     | > loss_disc_real_2: 0.23245  (0.36673)',
    '     | > loss_disc_real_3: 0.26769  (0.35974)',
    '     | > loss_disc_real_4: 0.26677  (0.36430)',
    '     | > loss_disc_real_5: 0.27173  (0.36679)',
    '     | > loss_0: 3.01874  (3.46002)',
    '     | > grad_norm_0: 0.53343  (2.77572)',
    '     | > loss_gen: 1.61938  (1.98766)',
    '     | > loss_kl: 3.79211  (7.26459)',
    '     | > loss_feat: 0.67076  (0.69012)',
    '     | > loss_mel: 19.08429  (23.57030)',
    '     | > loss_duration: 1.76319  (2.02938)',
    '     | > amp_scaler: 1024.00000  (2176.00000)',
    '     | > loss_1: 26.92974  (35.54205)',
    '     | > grad_norm_1: 54.03583  (62.89337)',
    '     | > current_lr_0: 0.00020 ',
    '     | > current_lr_1: 0.00020 ',
    '     | > step_time: 1.31510  (1.38766)',
    '     | > loader_time: 19.81310  (5.34136)',
    '',
    '',
    ' > EVALUATION ',
    '',
    '',
    '  --> EVAL PERFORMANCE',
    '     | > avg_loader_time: 10.05089 (+0.00000)',
    '     | > avg_loss_disc: 2.93308 (+0.00000)',
    '     | > avg_loss_disc_real_0: 0.25572 (+0.00000)',
    '     | > avg_loss_disc_real_1: 0.29727 (+0.00000)',
    '     | > avg_loss_disc_real_2: 0.28353 (+0.00000)',
    '     | > avg_loss_disc_real_3: 0.28257 (+0.00000)',
    '     | > avg_loss_disc_real_4: 0.25596 (+0.00000)',
    '     | > avg_loss_disc_real_5: 0.25441 (+0.00000)',
    '     | > avg_loss_0: 2.93308 (+0.00000)',
    '     | > avg_loss_gen: 1.74270 (+0.00000)',
    '     | > avg_loss_kl: 3.09900 (+0.00000)',
    '     | > avg_loss_feat: 0.83689 (+0.00000)',
    '     | > avg_loss_mel: 18.78600 (+0.00000)',
    '     | > avg_loss_duration: 1.90498 (+0.00000)',
    '     | > avg_loss_1: 26.36956 (+0.00000)',
    '',
    ' > BEST MODEL : /content/vits-tts-finetune-November-03-2022_10+46AM-0000000/best_model_1000037.pth',
]

# Coqui TTS's trainer fine-tuning XTTS v2 in Colab, the end of its run (Wubpooz/Malta-TTS,
# FineTuning/NewLanguage/Logs/Logs Training.md, its block's lines 241-265)
XTTS_END = [
    '   --> TIME: 2025-08-19 14:37:50 -- STEP: 3800/3984 -- GLOBAL_STEP: 3800',
    '     | > loss_text_ce: 0.16177041828632355  (0.2010479261275185)',
    '     | > loss_mel_ce: 3.44710636138916  (nan)',
    '     | > loss: 0.07518493384122849  (nan)',
    '     | > current_lr: 5e-06 ',
    '     | > step_time: 0.1044  (0.15321841032881467)',
    '     | > loader_time: 0.0074  (0.010925197852285285)',
    '',
    ' > Filtering invalid eval samples!!',
    ' > Total eval samples after filtering: 996',
    '',
    ' > EVALUATION ',
    '',
    '',
    '  --> EVAL PERFORMANCE',
    '     | > avg_loader_time: 0.039930398260528646 (+0)',
    '     | > avg_loss_text_ce: 0.16418918056703685 (+0)',
    '     | > avg_loss_mel_ce: 4.1349405672082895 (+0)',
    '     | > avg_loss: 4.299129742953043 (+0)',
    '',
    ' > BEST MODEL : /content/drive/MyDrive/XTTS_Maltese_Training/output/training/GPT_XTTS_FT-August-19-2'
    '025_02+22PM-2ae7a3e/best_model_3984.pth',
    'Training finished!',
    'Saving final model...',
    '',
    ' > CHECKPOINT : /content/drive/MyDrive/XTTS_Maltese_Training/output/training/GPT_XTTS_FT-August-19-2'
    '025_02+22PM-2ae7a3e/checkpoint_3984.pth',
]

# Coqui TTS's trainer, a VITS fine-tune on one sample whose epochs print no step line (a pasted
# `cat training_runs/.../train.log`, its first 82 lines from the trainer's ` > Model has` line)
COQUI_NO_STEP = [
    ' > Model has 83068396 parameters',
    '',
    ' > EPOCH: 0/10000',
    ' --> /app/training_runs/my_dataset_20251204145511/my_dataset_20251204145511-December-04-2025_02+55PM-0000000',
    '',
    '',
    '> DataLoader initialization',
    '| > Tokenizer:',
    '        | > add_blank: True',
    '        | > use_eos_bos: False',
    '        | > use_phonemes: True',
    '        | > phonemizer:',
    '                | > phoneme language: en-us',
    '                | > phoneme backend: espeak',
    '| > Number of instances : 1',
    ' | > Preprocessing samples',
    ' | > Max text length: 72',
    ' | > Min text length: 72',
    ' | > Avg text length: 72.0',
    ' |',
    ' | > Max audio length: 101991.0',
    ' | > Min audio length: 101991.0',
    ' | > Avg audio length: 101991.0',
    ' | > Num. instances discarded samples: 0',
    ' | > Batch group size: 0.',
    '',
    ' > TRAINING (2025-12-04 14:55:26)',
    '/usr/local/lib/python3.10/site-packages/torch/functional.py:681: UserWarning: stft with return_compl'
    'ex=False is deprecated. In a future pytorch release, stft will return complex tensors for all inputs'
    ', and return_complex=False will raise an error.',
    'Note: you can still call torch.view_as_real on the complex output to recover the old return format. '
    '(Triggered internally at /pytorch/aten/src/ATen/native/SpectralOps.cpp:875.)',
    '  return _VF.stft(  # type: ignore[attr-defined]',
    '/usr/local/lib/python3.10/site-packages/TTS/tts/models/vits.py:1273: FutureWarning: `torch.cuda.amp.'
    "autocast(args...)` is deprecated. Please use `torch.amp.autocast('cuda', args...)` instead.",
    '  with autocast(enabled=False):  # use float32 for the criterion',
    '/usr/local/lib/python3.10/site-packages/TTS/tts/models/vits.py:1284: FutureWarning: `torch.cuda.amp.'
    "autocast(args...)` is deprecated. Please use `torch.amp.autocast('cuda', args...)` instead.",
    '  with autocast(enabled=False):',
    '/usr/local/lib/python3.10/site-packages/TTS/tts/models/vits.py:1311: FutureWarning: `torch.cuda.amp.'
    "autocast(args...)` is deprecated. Please use `torch.amp.autocast('cuda', args...)` instead.",
    '  with autocast(enabled=False):  # use float32 for the criterion',
    '',
    '',
    '> DataLoader initialization',
    '| > Tokenizer:',
    '        | > add_blank: True',
    '        | > use_eos_bos: False',
    '        | > use_phonemes: True',
    '        | > phonemizer:',
    '                | > phoneme language: en-us',
    '                | > phoneme backend: espeak',
    '| > Number of instances : 1',
    ' | > Preprocessing samples',
    ' | > Max text length: 72',
    ' | > Min text length: 72',
    ' | > Avg text length: 72.0',
    ' |',
    ' | > Max audio length: 101991.0',
    ' | > Min audio length: 101991.0',
    ' | > Avg audio length: 101991.0',
    ' | > Num. instances discarded samples: 0',
    ' | > Batch group size: 0.',
    '',
    ' > EVALUATION',
    '',
    ' | > Synthesizing test sentences.',
    '/usr/local/lib/python3.10/site-packages/TTS/tts/models/vits.py:1455: UserWarning: The use of `x.T` o'
    'n tensors of dimension other than 2 to reverse their shape is deprecated and it will throw an error '
    'in a future release. Consider `x.mT` to transpose batches of matrices or `x.permute(*torch.arange(x.'
    'ndim - 1, -1, -1))` to reverse the dimensions of a tensor. (Triggered internally at /pytorch/aten/sr'
    'c/ATen/native/TensorShape.cpp:4416.)',
    '  test_figures["{}-alignment".format(idx)] = plot_alignment(alignment.T, output_fig=False)',
    '',
    '  --> EVAL PERFORMANCE',
    '     | > avg_loader_time: 0.006119728088378906 (+0)',
    '     | > avg_loss_disc: 4.5814948081970215 (+0)',
    '     | > avg_loss_disc_real_0: 0.62183678150177 (+0)',
    '     | > avg_loss_disc_real_1: 0.7922453880310059 (+0)',
    '     | > avg_loss_disc_real_2: 0.7934720516204834 (+0)',
    '     | > avg_loss_disc_real_3: 0.7719997763633728 (+0)',
    '     | > avg_loss_disc_real_4: 0.7112516164779663 (+0)',
    '     | > avg_loss_disc_real_5: 0.7622858285903931 (+0)',
    '     | > avg_loss_0: 4.5814948081970215 (+0)',
    '     | > avg_loss_gen: 4.453646659851074 (+0)',
    '     | > avg_loss_kl: 21.429943084716797 (+0)',
    '     | > avg_loss_feat: 0.17062613368034363 (+0)',
    '     | > avg_loss_mel: 30.747154235839844 (+0)',
    '     | > avg_loss_duration: 1.8812894821166992 (+0)',
    '     | > avg_loss_1: 58.68266296386719 (+0)',
    '',
    ' > BEST MODEL : /app/training_runs/my_dataset_20251204145511/my_dataset_20251204145511-December-04-2'
    '025_02+55PM-0000000/best_model_1000002.pth',
]

# FunASR on several nodes under DeepSpeed (modelscope/FunASR issue 2006, its log's lines)
FUNASR = [
    '[2024-08-12 23:01:41,940] [INFO] [timer.py:258:stop] epoch=0/micro_step=4800/global_step=4800, Runni'
    'ngAvgSamplesPerSec=14.88238640634599, CurrSamplesPerSec=20.680793285639226, MemAllocated=1.8GB, MaxM'
    'emAllocated=64.96GB',
    '[2024-08-12 23:01:41,941][root][INFO] - train, rank: 1, epoch: 0/500, data_slice: 0/5, step_in_slice'
    ': 32800/81081, step_in_epoch: 32800, total step: 32800, (loss_avg_rank: 0.521), (loss_avg_slice: 0.6'
    "73), (ppl_avg_slice: 1.960e+00), (acc_avg_slice: 0.747), (lr: 5.738e-04), [('loss_att', 0.475), ('ac"
    "c', 0.812), ('loss_pre', 0.046), ('loss', 0.521)], {'data_load': '0.000', 'forward_time': '0.304', '"
    "backward_time': '0.323', 'optim_time': '0.148', 'total_time': '0.777'}, GPU, memory: usage: 1.804 GB"
    ', peak: 65.143 GB, cache: 66.145 GB, cache_peak: 66.145 GB',
    '[2024-08-12 23:01:41,941][root][INFO] - train, rank: 3, epoch: 0/500, data_slice: 0/5, step_in_slice'
    ': 32800/81081, step_in_epoch: 32800, total step: 32800, (loss_avg_rank: 0.619), (loss_avg_slice: 0.6'
    "70), (ppl_avg_slice: 1.954e+00), (acc_avg_slice: 0.748), (lr: 5.738e-04), [('loss_att', 0.566), ('ac"
    "c', 0.78), ('loss_pre', 0.054), ('loss', 0.619)], {'data_load': '0.001', 'forward_time': '0.300', 'b"
    "ackward_time': '0.313', 'optim_time': '0.162', 'total_time': '0.777'}, GPU, memory: usage: 1.802 GB,"
    ' peak: 62.395 GB, cache: 62.867 GB, cache_peak: 62.867 GB',
]

# Kaldi's nnet3 chain recipe's driver (farisalasmary/kaldi-installation-guide, README.md, a failed run)
KALDI = [
    'steps/nnet3/chain/get_egs.sh: Finished preparing training examples',
    '2019-05-01 17:02:25,683 [steps/nnet3/chain/train.py:410 - train - INFO ] Copying the properties from'
    ' exp/chain/tdnn_1a_sp/egs to exp/chain/tdnn_1a_sp',
    '2019-05-01 17:02:25,695 [steps/nnet3/chain/train.py:424 - train - INFO ] Computing the preconditioni'
    'ng matrix for input features',
    '2019-05-01 17:02:57,590 [steps/nnet3/chain/train.py:433 - train - INFO ] Preparing the initial acoustic model.',
    '2019-05-01 17:02:58,897 [steps/nnet3/chain/train.py:467 - train - INFO ] Training will run for 6.0 e'
    'pochs = 441 iterations',
    '2019-05-01 17:02:58,991 [steps/nnet3/chain/train.py:509 - train - INFO ] Iter: 0/440    Epoch: 0.00/'
    '6.0 (0.0% complete)    lr: 0.000750    ',
    'run.pl: job failed, log is in exp/chain/tdnn_1a_sp/log/train.0.1.log',
    '/home/analytics/kaldi/egs/gale_arabic/s5b/utils//retry.pl: job failed; renaming log file to exp/chai'
    'n/tdnn_1a_sp/log/train.0.1.log.bak and rerunning',
    'run.pl: job failed, log is in exp/chain/tdnn_1a_sp/log/train.0.2.log',
    '/home/analytics/kaldi/egs/gale_arabic/s5b/utils//retry.pl: job failed; renaming log file to exp/chai'
    'n/tdnn_1a_sp/log/train.0.2.log.bak and rerunning',
    'run.pl: job failed, log is in exp/chain/tdnn_1a_sp/log/train.0.3.log',
    '/home/analytics/kaldi/egs/gale_arabic/s5b/utils//retry.pl: job failed; renaming log file to exp/chai'
    'n/tdnn_1a_sp/log/train.0.3.log.bak and rerunning',
    'run.pl: job failed, log is in exp/chain/tdnn_1a_sp/log/train.0.2.log',
    '/home/analytics/kaldi/egs/gale_arabic/s5b/utils//retry.pl: job failed 2 times; log is in exp/chain/t'
    'dnn_1a_sp/log/train.0.2.log',
    '2019-05-01 17:03:08,157 [steps/libs/common.py:236 - background_command_waiter - ERROR ] Command exit'
    'ed with status 1: retry.pl run.pl --mem 4G --gpu 1 exp/chain/tdnn_1a_sp/log/train.0.2.log           '
    '          nnet3-chain-train --use-gpu=yes                      --apply-deriv-weights=False          '
    '           --l2-regularize=0.0 --leaky-hmm-coefficient=0.1                       --xent-regularize=0'
    '.1                                          --print-interval=10 --momentum=0.0                     -'
    '-max-param-change=1.414213562373095                     --backstitch-training-scale=0.0             '
    '        --backstitch-training-interval=1                     --l2-regularize-factor=0.33333333333333'
    '33 --optimization.memory-compression-level=2                     --srand=0                     "nnet'
    '3-am-copy --raw=true --learning-rate=0.00075 --scale=1.0 exp/chain/tdnn_1a_sp/0.mdl - |nnet3-copy --'
    'edits=\'set-dropout-proportion name=* proportion=0.0\' - - |" exp/chain/tdnn_1a_sp/den.fst            '
    '         "ark,bg:nnet3-chain-copy-egs                          --frame-shift=2                      '
    '   ark:exp/chain/tdnn_1a_sp/egs/cegs.2.ark ark:- |                         nnet3-chain-shuffle-egs -'
    '-buffer-size=5000                         --srand=0 ark:- ark:- | nnet3-chain-merge-egs             '
    '            --minibatch-size=32,16 ark:- ark:- |"                     exp/chain/tdnn_1a_sp/1.2.raw',
    'run.pl: job failed, log is in exp/chain/tdnn_1a_sp/log/train.0.3.log',
    '/home/analytics/kaldi/egs/gale_arabic/s5b/utils//retry.pl: job failed 2 times; log is in exp/chain/t'
    'dnn_1a_sp/log/train.0.3.log',
    '2019-05-01 17:03:08,183 [steps/libs/common.py:236 - background_command_waiter - ERROR ] Command exit'
    'ed with status 1: retry.pl run.pl --mem 4G --gpu 1 exp/chain/tdnn_1a_sp/log/train.0.3.log           '
    '          nnet3-chain-train --use-gpu=yes                      --apply-deriv-weights=False          '
    '           --l2-regularize=0.0 --leaky-hmm-coefficient=0.1                       --xent-regularize=0'
    '.1                                          --print-interval=10 --momentum=0.0                     -'
    '-max-param-change=1.414213562373095                     --backstitch-training-scale=0.0             '
    '        --backstitch-training-interval=1                     --l2-regularize-factor=0.33333333333333'
    '33 --optimization.memory-compression-level=2                     --srand=0                     "nnet'
    '3-am-copy --raw=true --learning-rate=0.00075 --scale=1.0 exp/chain/tdnn_1a_sp/0.mdl - |nnet3-copy --'
    'edits=\'set-dropout-proportion name=* proportion=0.0\' - - |" exp/chain/tdnn_1a_sp/den.fst            '
    '         "ark,bg:nnet3-chain-copy-egs                          --frame-shift=0                      '
    '   ark:exp/chain/tdnn_1a_sp/egs/cegs.3.ark ark:- |                         nnet3-chain-shuffle-egs -'
    '-buffer-size=5000                         --srand=0 ark:- ark:- | nnet3-chain-merge-egs             '
    '            --minibatch-size=32,16 ark:- ark:- |"                     exp/chain/tdnn_1a_sp/1.3.raw',
    'run.pl: job failed, log is in exp/chain/tdnn_1a_sp/log/train.0.1.log',
    '/home/analytics/kaldi/egs/gale_arabic/s5b/utils//retry.pl: job failed 2 times; log is in exp/chain/t'
    'dnn_1a_sp/log/train.0.1.log',
    '2019-05-01 17:03:08,293 [steps/libs/common.py:236 - background_command_waiter - ERROR ] Command exit'
    'ed with status 1: retry.pl run.pl --mem 4G --gpu 1 exp/chain/tdnn_1a_sp/log/train.0.1.log           '
    '          nnet3-chain-train --use-gpu=yes                      --apply-deriv-weights=False          '
    '           --l2-regularize=0.0 --leaky-hmm-coefficient=0.1                      --write-cache=exp/ch'
    'ain/tdnn_1a_sp/cache.1  --xent-regularize=0.1                                          --print-inter'
    'val=10 --momentum=0.0                     --max-param-change=1.414213562373095                     -'
    '-backstitch-training-scale=0.0                     --backstitch-training-interval=1                 '
    '    --l2-regularize-factor=0.3333333333333333 --optimization.memory-compression-level=2             '
    '        --srand=0                     "nnet3-am-copy --raw=true --learning-rate=0.00075 --scale=1.0 '
    "exp/chain/tdnn_1a_sp/0.mdl - |nnet3-copy --edits='set-dropout-proportion name=* proportion=0.0' - - "
    '|" exp/chain/tdnn_1a_sp/den.fst                     "ark,bg:nnet3-chain-copy-egs                    '
    '      --frame-shift=1                         ark:exp/chain/tdnn_1a_sp/egs/cegs.1.ark ark:- |       '
    '                  nnet3-chain-shuffle-egs --buffer-size=5000                         --srand=0 ark:-'
    ' ark:- | nnet3-chain-merge-egs                         --minibatch-size=32,16 ark:- ark:- |"        '
    '             exp/chain/tdnn_1a_sp/1.1.raw',
]

# RLlib 0.7 under Ray Tune, one printed result (a training script's pasted console, its first 52 lines)
RLLIB = [
    '    (pid=6350) 2019-04-23 19:53:58,948      INFO ppo.py:104 -- Important! Since 0.7.0, observation n'
    "ormalization is no longer enabled by default. To enable running-mean normalization, set 'observation"
    "_filter': 'MeanStdFilter'. You can ignore this message if your environment doesn't require observati"
    'on normalization.',
    '2019-04-23 19:53:59,064 WARNING util.py:62 -- The `experiment_checkpoint` operation took 0.116813182'
    '83081055 seconds to complete, which may be a performance bottleneck.',
    '(pid=6355) success rate :  2 87 0.022988505747126436',
    '(pid=6356) success rate :  1 87 0.011494252873563218',
    'Result for PPO_env_mp500lwa4dpg70_0:',
    '  custom_metrics: {}',
    '  date: 2019-04-23_19-54-00',
    '  done: false',
    '  episode_len_mean: 978.19',
    '  episode_reward_max: 534.5586318670825',
    '  episode_reward_mean: -1021.6559748439066',
    '  episode_reward_min: -1837.2675541654241',
    '  episodes_this_iter: 2',
    '  episodes_total: 954',
    '  experiment_id: 354c8bd4337a494cbbae8483f1782415',
    '  hostname: IAR-IPR-C1081',
    '  info:',
    '    grad_time_ms: 841.653',
    '    learner:',
    '      default_policy:',
    '        cur_kl_coeff: 2.5628905296325684',
    '        cur_lr: 0.0003000000142492354',
    '        entropy: 13.3450345993042',
    '        kl: 0.015339342877268791',
    '        policy_loss: -0.10350044816732407',
    '        total_loss: 2.2976021766662598',
    '        vf_explained_var: 0.9980353116989136',
    '        vf_loss: 2.3617894649505615',
    '    load_time_ms: 0.596',
    '    num_steps_sampled: 935000',
    '    num_steps_trained: 924800',
    '    sample_time_ms: 515.566',
    '    update_time_ms: 2.908',
    '  iterations_since_restore: 425',
    '  node_ip: 141.3.81.81',
    '  num_healthy_workers: 11',
    '  num_metric_batches_dropped: 0',
    '  off_policy_estimator: {}',
    '  pid: 6350',
    '  policy_reward_mean: {}',
    '  sampler_perf:',
    '    mean_env_wait_ms: 1.080450664356542',
    '    mean_inference_ms: 0.8721615178319209',
    '    mean_processing_ms: 0.14680029361900465',
    '  time_since_restore: 519.17840051651',
    '  time_this_iter_s: 1.1778597831726074',
    '  time_total_s: 519.17840051651',
    '  timestamp: 1556042040',
    '  timesteps_since_restore: 935000',
    '  timesteps_this_iter: 2200',
    '  timesteps_total: 935000',
    '  training_iteration: 425',
]

# Ray Tune 1.x with AsyncHyperBand, the end of a run of one trial (an eeg_visual_classification
# log, from its second result to its end)
TUNE_END = [
    'Result for inner_f0f9b_00000:',
    '  accuracy: 0.017641129032258066',
    '  date: 2021-04-22_11-11-13',
    '  done: true',
    '  experiment_id: 9bd8215f42a74aeebbbd935aac4e46a9',
    '  experiment_tag: 0_lr=0.0015305,lstm_layers=4',
    '  hostname: adrian-Genie-VIG880S',
    '  iterations_since_restore: 2',
    '  loss: 3.6940780205111348',
    '  node_ip: 192.168.0.16',
    '  pid: 29201',
    '  should_checkpoint: true',
    '  time_since_restore: 53.09364914894104',
    '  time_this_iter_s: 23.980000972747803',
    '  time_total_s: 53.09364914894104',
    '  timestamp: 1619086273',
    '  timesteps_since_restore: 0',
    '  training_iteration: 2',
    '  trial_id: f0f9b_00000',
    '  ',
    '== Status ==',
    'Memory usage on this node: 9.4/15.6 GiB',
    'Using AsyncHyperBand: num_stopped=1',
    'Bracket: Iter 2.000: None | Iter 1.000: -3.6910482375852522',
    'Resources requested: 12/12 CPUs, 2/2 GPUs, 0.0/7.03 GiB heap, 0.0/2.39 GiB objects (0/1.0 accelerator_type:GTX)',
    "Current best trial: f0f9b_00000 with loss=3.6940780205111348 and parameters={'input_size': 128, 'lst"
    "m_size': 128, 'lstm_layers': 4, 'output_size': 128, 'lr': 0.00153054987009036}",
    'Result logdir: /home/adrian/ray_results/inner_2021-04-22_11-10-19',
    'Number of trials: 1/1 (1 RUNNING)',
    '+-------------------+----------+--------------------+------------+---------------+--------+---------'
    '---------+---------+------------+',
    '| Trial name        | status   | loc                |         lr |   lstm_layers |   iter |   total '
    'time (s) |    loss |   accuracy |',
    '|-------------------+----------+--------------------+------------+---------------+--------+---------'
    '---------+---------+------------|',
    '| inner_f0f9b_00000 | RUNNING  | 192.168.0.16:29201 | 0.00153055 |             4 |      2 |         '
    ' 53.0936 | 3.69408 |  0.0176411 |',
    '+-------------------+----------+--------------------+------------+---------------+--------+---------'
    '---------+---------+------------+',
    '',
    '',
    '== Status ==',
    'Memory usage on this node: 9.4/15.6 GiB',
    'Using AsyncHyperBand: num_stopped=1',
    'Bracket: Iter 2.000: None | Iter 1.000: -3.6910482375852522',
    'Resources requested: 0/12 CPUs, 0/2 GPUs, 0.0/7.03 GiB heap, 0.0/2.39 GiB objects (0/1.0 accelerator_type:GTX)',
    "Current best trial: f0f9b_00000 with loss=3.6940780205111348 and parameters={'input_size': 128, 'lst"
    "m_size': 128, 'lstm_layers': 4, 'output_size': 128, 'lr': 0.00153054987009036}",
    'Result logdir: /home/adrian/ray_results/inner_2021-04-22_11-10-19',
    'Number of trials: 1/1 (1 TERMINATED)',
    '+-------------------+------------+-------+------------+---------------+--------+------------------+-'
    '--------+------------+',
    '| Trial name        | status     | loc   |         lr |   lstm_layers |   iter |   total time (s) | '
    '   loss |   accuracy |',
    '|-------------------+------------+-------+------------+---------------+--------+------------------+-'
    '--------+------------|',
    '| inner_f0f9b_00000 | TERMINATED |       | 0.00153055 |             4 |      2 |          53.0936 | '
    '3.69408 |  0.0176411 |',
    '+-------------------+------------+-------+------------+---------------+--------+------------------+-'
    '--------+------------+',
    '',
    '',
    '2021-04-22 11:11:13,069\tINFO tune.py:439 -- Total run time: 55.28 seconds (54.01 seconds for the tuning loop).',
    "Best trial config: {'input_size': 128, 'lstm_size': 128, 'lstm_layers': 4, 'output_size': 128, 'lr':"
    ' 0.00153054987009036}',
    'Best trial final validation loss: 3.6940780205111348',
    'Best trial final validation accuracy: 0.017641129032258066',
    'Best trial test set accuracy: 0.012096774193548387',
    '',
]

# ManiSkill's PPO baseline on PushT-v1 under nohup (Swahaha/ContextualManiskill, ppo.log, its first 16 lines)
MANISKILL = [
    'nohup: ignoring input',
    'Saving eval videos to runs/PushT-v1__ppo__1__1747254616/videos',
    'Running training',
    '####',
    'args.num_iterations=976 args.num_envs=2048 args.num_eval_envs=8',
    'args.minibatch_size=3200 args.batch_size=102400 args.update_epochs=8',
    '####',
    'Epoch: 1, global_step=0',
    'Evaluating',
    'Evaluated 400 steps resulting in 0 episodes',
    'Total reward during evaluation: 45.29743546247482',
    'model saved to runs/PushT-v1__ppo__1__1747254616/ckpt_1.pt',
    'SPS: 10133',
    'Epoch: 2, global_step=102400',
    'SPS: 14052',
    'Epoch: 3, global_step=204800',
]

# DLRM's dlrm_s_pytorch.py on Criteo Kaggle (Denker233/dlrm_minrui, logs/dlrm_train_1epoch.log, lines 43-52)
DLRM = [
    'Finished training it 9000/19186 of epoch 0, -1.00 ms/it, loss 0.496957',
    'Embedding lookup time: 1.71 ms, MLP time: 1.94 ms, interaction time: 2.71 ms ',
    'Running dlrm: 5.15 ms, backpropagation after dlrm: 13.06 ms, backpass: 8.26 ms',
    'Finished training it 10000/19186 of epoch 0, -1.00 ms/it, loss 0.493766',
    'Embedding lookup time: 1.63 ms, MLP time: 1.91 ms, interaction time: 2.68 ms ',
    'Running dlrm: 5.02 ms, backpropagation after dlrm: 12.91 ms, backpass: 8.13 ms',
    'Testing at - 10000/19186 of epoch 0,',
    ' accuracy 76.409 %, best 76.409 %',
    'Saving model to ./models/dlrm_kaggle_1epoch_new.pt',
    'Finished training it 11000/19186 of epoch 0, -1.00 ms/it, loss 0.492193',
]

# modded-nanogpt's train_gpt2.py on an MI300X (KellerJordan/modded-nanogpt issue 8, its first 4 step lines)
MODDED_NANOGPT = [
    'step    1/6676 | train loss 10.9977 | lr_scale 1.00e+00 | (176327.68 ms | 2973 tok/s)',
    'step    2/6676 | train loss 9.2039 | lr_scale 1.00e+00 | (853.15 ms | 614531 tok/s)',
    'step    3/6676 | train loss 7.8569 | lr_scale 1.00e+00 | (909.38 ms | 576536 tok/s)',
    'step    4/6676 | train loss 7.4966 | lr_scale 1.00e+00 | (791.65 ms | 662272 tok/s)',
]

# Tenstorrent tt-train's NanoGPT, a run whose loss diverged (tenstorrent/tt-metal issue 34511, its block)
TT_TRAIN = [
    'Step: 393, Loss: 2.40625',
    'Full step time 225.598 ms, cache entries: 90',
    'dataloader host only step time 0.057 ms',
    'dataloader step time 0.116 ms',
    'Step: 394, Loss: 2.375',
    'Full step time 223.837 ms, cache entries: 90',
    'dataloader host only step time 0.068 ms',
    'dataloader step time 0.13 ms',
    'Step: 395, Loss: 2.421875',
    'Full step time 224.55 ms, cache entries: 90',
    'dataloader host only step time 0.067 ms',
    'dataloader step time 0.129 ms',
    'Step: 396, Loss: 1.3633944e+15',
    'Full step time 224.98 ms, cache entries: 90',
    'dataloader host only step time 0.071 ms',
    'dataloader step time 0.151 ms',
    'Step: 397, Loss: inf',
    'Full step time 224.969 ms, cache entries: 90',
    'dataloader host only step time 0.069 ms',
    'dataloader step time 0.133 ms',
    'Step: 398, Loss: inf',
    'Full step time 222.108 ms, cache entries: 90',
    'dataloader host only step time 0.055 ms',
    'dataloader step time 0.117 ms',
    'Step: 399, Loss: inf',
    'Full step time 222.164 ms, cache entries: 90',
    'dataloader host only step time 0.058 ms',
    'dataloader step time 0.12 ms',
    '',
]

# nanoGPT on ROCm (pytorch/pytorch issue 97074, the end of its output block)
NANOGPT_ABORT = [
    'found vocab_size = 65 (inside data/shakespeare_char/meta.pkl)',
    'Initializing a new model from scratch',
    'number of parameters: 10.65M',
    'using fused AdamW: True',
    'step 0: train loss 4.2862, val loss 4.2811',
    'Memory access fault by GPU node-1 (Agent handle: 0x55e92f082620) on address (nil). Reason: Page not '
    'present or supervisor privilege.',
    'Aborted (core dumped)',
    '',
]

# a nanoGPT fork's W&B console capture (jackokeefe11/nanoGPT, wandb/latest-run/files/output.log, lines 1-46)
NANOGPT_BPC = [
    '',
    'step 0: train loss 12.6510 BPC, val loss 12.6486 BPC',
    'Traceback (most recent call last):',
    '  File "/root/Jack/nano-gpt/train.py", line 299, in <module>',
    '    logits, loss = model(X, Y)',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/nn/modules/module.py", line '
    '1511, in _wrapped_call_impl',
    '    return self._call_impl(*args, **kwargs)',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/nn/modules/module.py", line '
    '1520, in _call_impl',
    '    return forward_call(*args, **kwargs)',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/_dynamo/eval_frame.py", line 489, in _fn',
    '    return fn(*args, **kwargs)',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/nn/modules/module.py", line '
    '1511, in _wrapped_call_impl',
    '    return self._call_impl(*args, **kwargs)',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/nn/modules/module.py", line '
    '1520, in _call_impl',
    '    return forward_call(*args, **kwargs)',
    '  File "/root/Jack/nano-gpt/model.py", line 207, in forward',
    '    def forward(self, idx, targets=None):',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/_dynamo/eval_frame.py", line 489, in _fn',
    '    return fn(*args, **kwargs)',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/_dynamo/external_utils.py", line 17, in inner',
    '    return fn(*args, **kwargs)',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/_functorch/aot_autograd.py",'
    ' line 901, in forward',
    '    return compiled_fn(full_args)',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/_functorch/_aot_autograd/uti'
    'ls.py", line 81, in g',
    '    return f(*args)',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/_functorch/_aot_autograd/run'
    'time_wrappers.py", line 83, in runtime_wrapper',
    '    all_outs = call_func_at_runtime_with_args(',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/_functorch/_aot_autograd/uti'
    'ls.py", line 105, in call_func_at_runtime_with_args',
    '    out = normalize_as_list(f(args))',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/_functorch/_aot_autograd/uti'
    'ls.py", line 81, in g',
    '    return f(*args)',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/autograd/function.py", line 553, in apply',
    '    return super().apply(*args, **kwargs)  # type: ignore[misc]',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/_functorch/_aot_autograd/jit'
    '_compile_runtime_wrappers.py", line 408, in forward',
    '    fw_outs = call_func_at_runtime_with_args(',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/_functorch/_aot_autograd/uti'
    'ls.py", line 105, in call_func_at_runtime_with_args',
    '    out = normalize_as_list(f(args))',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/_inductor/codecache.py", line 864, in __call__',
    '    return self.get_current_callable()(inputs)',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/_inductor/compile_fx.py", line 611, in run',
    '    return model(new_inputs)',
    '  File "/root/anaconda3/envs/nano-gpt/lib/python3.9/site-packages/torch/_inductor/codecache.py", lin'
    'e 892, in _run_from_cache',
    '    return compiled_graph.compiled_artifact(inputs)',
    '  File "/tmp/torchinductor_root/7m/c7mbvjrj7g66o4tezug3tq3apeygoddhtdi5qynal6l7q3ofpdex.py", line 3957, in call',
    "    buf806 = empty((16384, 1536), device='cuda', dtype=torch.float16)",
    'torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 48.00 MiB. GPU 0 has a total capa'
    'city of 10.75 GiB of which 36.50 MiB is free. Process 1008030 has 252.00 MiB memory in use. Process '
    '1163097 has 10.47 GiB memory in use. Of the allocated memory 9.69 GiB is allocated by PyTorch, and 9'
    '.43 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try sett'
    'ing PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True to avoid fragmentation.  See documentation for '
    'Memory Management  (https://pytorch.org/docs/stable/notes/cuda.html#environment-variables)',
]

# milesial's Pytorch-UNet on Windows (a study note's training log, lines 20-29)
UNET = [
    'Epoch 1/5: 100%|██████████| 4580/4580 [33:50<00:00,  3.27img/s, loss (INFO: Validation Dice score: 0.9473786950111389',
    'Epoch 1/5: 100%|██████████| 4580/4580 [35:31<00:00,  2.15img/s, loss (batch)=0.038]',
    'INFO: Checkpoint 1 saved!',
    'Epoch 2/5:  20%|██        | 916/4580 [05:52<18:41,  3.27img/s, loss (bINFO: Validation Dice score: 0.9624014496803284',
    'Epoch 2/5:  40%|████      | 1832/4580 [12:11<14:00,  3.27img/s, loss (INFO: Validation Dice score: 0.9716830253601074',
    'Epoch 2/5:  60%|██████    | 2748/4580 [18:28<09:10,  3.33img/s, loss (INFO: Validation Dice score: 0.9792711734771729',
    'Epoch 2/5:  80%|████████  | 3664/4580 [24:41<04:35,  3.33img/s, loss (INFO: Validation Dice score: 0.9665918350219727',
    'Epoch 2/5: 100%|██████████| 4580/4580 [4:01:45<00:00,  3.24img/s, lossINFO: Validation Dice score: 0.9786570072174072',
    'Epoch 2/5: 100%|██████████| 4580/4580 [4:03:28<00:00,  3.19s/img, loss (batch)=0.0259]',
    'INFO: Checkpoint 2 saved!',
]

# MindSpore's MindElec, Maxwell's equations in the time domain (mindspore-ai/mindscience, README_CN.md)
MINDELEC = [
    'epoch: 1 step: 8, loss is 11.496931',
    'epoch time: 185.432 s, per step time: 23178.955 ms',
    'epoch: 2 step: 8, loss is 9.000967',
    'epoch time: 0.511 s, per step time: 63.926 ms',
    'epoch: 3 step: 8, loss is 8.101629',
    'epoch time: 0.490 s, per step time: 61.248 ms',
]

# `accelerate launch` to Amazon SageMaker (huggingface/accelerate, docs/source/usage_guides/sagemaker.md)
SAGEMAKER = [
    'Configuring Amazon SageMaker environment',
    'Converting Arguments to Hyperparameters',
    'Creating Estimator',
    '2021-04-08 11:56:50 Starting - Starting the training job...',
    '2021-04-08 11:57:13 Starting - Launching requested ML instancesProfilerReport-1617883008: InProgress',
    '.........',
    '2021-04-08 11:58:54 Starting - Preparing the instances for training.........',
    '2021-04-08 12:00:24 Downloading - Downloading input data',
    '2021-04-08 12:00:24 Training - Downloading the training image..................',
    '2021-04-08 12:03:39 Training - Training image download completed. Training in progress..',
    '........',
    "epoch 0: {'accuracy': 0.7598039215686274, 'f1': 0.8178438661710037}",
    "epoch 1: {'accuracy': 0.8357843137254902, 'f1': 0.882249560632689}",
    "epoch 2: {'accuracy': 0.8406862745098039, 'f1': 0.8869565217391304}",
    '........',
    '2021-04-08 12:05:40 Uploading - Uploading generated training model',
    '2021-04-08 12:05:40 Completed - Training job completed',
    'Training seconds: 331',
    'Billable seconds: 331',
    'You can find your model data at: s3://your-bucket/accelerate-sagemaker-1-2021-04-08-11-56-47-108/output/model.tar.gz',
    '',
]

# the SageMaker SDK's exception for a job that failed (END-3.0-Session-13-Assignment, README.md, "Unsolved Errors")
SAGEMAKER_FAILED = [
    'UnexpectedStatusException: Error for Training job finetune-distilbert-base-cased-2022-02-19-16-56-02: Failed. Reason:'
    ' AlgorithmError: ExecuteUserScriptError:',
    'Command "/opt/conda/bin/python3.6 train.py --epochs 3 --model_name distilbert-base-cased --tokenizer_name'
    ' distilbert-base-cased --train_batch_size 32"',
]

# a vanilla GAN on MNIST in a Korean tutorial notebook (the training cell's output, its first 6 lines)
GAN = [
    '[Epoch 0/200] [D loss: 0.522748] [G loss: 0.829430] [Elapsed time: 14.64s]',
    '[Epoch 1/200] [D loss: 0.372858] [G loss: 1.517679] [Elapsed time: 29.62s]',
    '[Epoch 2/200] [D loss: 0.363016] [G loss: 1.329226] [Elapsed time: 44.35s]',
    '[Epoch 3/200] [D loss: 0.312027] [G loss: 1.289821] [Elapsed time: 58.97s]',
    '[Epoch 4/200] [D loss: 0.711739] [G loss: 0.354931] [Elapsed time: 73.76s]',
    '[Epoch 5/200] [D loss: 0.251453] [G loss: 1.115114] [Elapsed time: 88.81s]',
]

# NVlabs' StyleGAN (TensorFlow 1) in Colab, spaces collapsed by the article that quotes it (its first 17 lines)
STYLEGAN_TF1 = [
    'Training...',
    'tick 1 kimg 140.3 lod 3.00 minibatch 128 time 4m 34s sec/tick 239.7 sec/kimg 1.71 maintenance 34.5 gpumem 3.6',
    'network-snapshot-000140 time 6m 33s fid50k 331.8988',
    'WARNING:tensorflow:From /content/stylegan/dnnlib/tflib/autosummary.py:137: The name tf.summary.scala'
    'r is deprecated. Please use tf.compat.v1.summary.scalar instead.',
    'WARNING:tensorflow:From /content/stylegan/dnnlib/tflib/autosummary.py:182: The name tf.summary.merge'
    '_all is deprecated. Please use tf.compat.v1.summary.merge_all instead.',
    '',
    'tick 2 kimg 280.6 lod 3.00 minibatch 128 time 15m 18s sec/tick 237.1 sec/kimg 1.69 maintenance 407.2 gpumem 3.6',
    'tick 3 kimg 420.9 lod 3.00 minibatch 128 time 19m 16s sec/tick 237.3 sec/kimg 1.69 maintenance 0.7 gpumem 3.6',
    'tick 4 kimg 561.2 lod 3.00 minibatch 128 time 23m 15s sec/tick 238.1 sec/kimg 1.70 maintenance 0.7 gpumem 3.6',
    'tick 5 kimg 681.5 lod 2.87 minibatch 128 time 31m 54s sec/tick 518.6 sec/kimg 4.31 maintenance 0.7 gpumem 4.7',
    'tick 6 kimg 801.8 lod 2.66 minibatch 128 time 42m 53s sec/tick 658.0 sec/kimg 5.47 maintenance 0.8 gpumem 4.7',
    'tick 7 kimg 922.1 lod 2.46 minibatch 128 time 53m 52s sec/tick 657.7 sec/kimg 5.47 maintenance 0.9 gpumem 4.7',
    'tick 8 kimg 1042.4 lod 2.26 minibatch 128 time 1h 04m 49s sec/tick 656.6 sec/kimg 5.46 maintenance 0.8 gpumem 4.7',
    'tick 9 kimg 1162.8 lod 2.06 minibatch 128 time 1h 15m 49s sec/tick 658.5 sec/kimg 5.47 maintenance 0.8 gpumem 4.7',
    'tick 10 kimg 1283.1 lod 2.00 minibatch 128 time 1h 26m 40s sec/tick 650.0 sec/kimg 5.40 maintenance 0.8 gpumem 4.7',
    'network-snapshot-001283 time 6m 10s fid50k 238.2729',
    'tick 11 kimg 1403.4 lod 2.00 minibatch 128 time 1h 43m 39s sec/tick 647.7 sec/kimg 5.38 maintenance 371.7 gpumem 4.7',
]

# StyleGAN2-ADA (PyTorch) on one GPU (a pipeline README's "During training" block, lines 14-17)
STYLEGAN2 = [
    'tick 0     kimg 0.0      time 1m 26s       sec/tick 7.3     sec/kimg 1828.68 maintenance 78.3   cpum'
    'em 5.42   gpumem 11.32  augment 0.000',
    'Evaluating metrics...',
    '{"results": {"fid50k_full": 447.91339439137664}, "metric": "fid50k_full", "total_time": 1087.0433948'
    '040009, "total_time_str": "18m 07s", "num_gpus": 1, "snapshot_pkl": "network-snapshot-000000.pkl", "'
    'timestamp": 1624959292.3564472}',
    'tick 1     kimg 4.0      time 29m 25s      sec/tick 579.4   sec/kimg 144.85  maintenance 1099.8 cpum'
    'em 4.52   gpumem 7.49   augment 0.006',
]


def test_coquis_best_model_and_checkpoint_lines_are_saves_at_the_step_their_file_names(tmp_path: Path) -> None:
    """Coqui's trainer prints ` > BEST MODEL : .../best_model_1000037.pth` and ` > CHECKPOINT :
    .../checkpoint_3984.pth` as it writes them: a save each, at the global step its file names."""
    for lines in (COQUI_VITS, XTTS_END):
        _, _, events = _read(tmp_path, lines)
        named = [int(m.group(1)) for t in lines if (m := re.search(r"> (?:BEST MODEL|CHECKPOINT) : \S*_(\d+)\.pth$", t))]
        assert named
        assert [e["step"] for e in events if e["kind"].startswith("checkpoint_save")] == named


def test_a_coqui_log_with_no_step_line_is_read_for_its_saves(tmp_path: Path) -> None:
    """Epochs too short for `print_step` print no step line: the epoch head (` > EPOCH: 0/10000`)
    and its dated ` > TRAINING (...)` line make it Coqui's log, read for its best-model save."""
    name, steps, events = _read(tmp_path, COQUI_NO_STEP)
    assert name == "generic_log"
    assert steps == []
    assert [(e["kind"], e["step"]) for e in events if e["kind"].startswith("checkpoint")] == [("checkpoint_save_start", 1000002)]


def test_funasrs_train_lines_give_their_rank_step_and_batch_time(tmp_path: Path) -> None:
    """FunASR's `train, rank: 1, ..., total step: 32800, (loss_avg_rank: 0.521), ..., (lr: 5.738e-04),
    ..., {... 'total_time': '0.777'}`: rank 1's step 32800, its loss, learning rate and time; the
    DeepSpeed timer's `global_step=4800` above them counts something else and is no step."""
    _, steps, _ = _read(tmp_path, FUNASR)
    want = []
    for text in FUNASR:
        if (m := re.search(r"rank: (\d+), .*total step: (\d+), \(loss_avg_rank: ([\d.]+)\).*\(lr: ([\d.e-]+)\)"
                           r".*'total_time': '([\d.]+)'", text)):
            want.append((int(m.group(1)), int(m.group(2)), float(m.group(3)), float(m.group(4)), float(m.group(5)), "funasr"))
    assert len(want) == 2
    assert [(s["rank"], s["step"], s["loss"], s["lr"], s["step_time_s"], s["framework"]) for s in steps] == want


def test_kaldis_driver_iteration_is_a_step_and_its_failed_jobs_one_crash(tmp_path: Path) -> None:
    """Kaldi's nnet3 driver: `Iter: 0/440    Epoch: 0.00/6.0 (0.0% complete)    lr: 0.000750` is
    step 0; its waiter's three `Command exited with status 1` lines (one a job) are the one failure
    that took the driver down, not three launches; retry.pl's reruns are no restarts."""
    _, steps, events = _read(tmp_path, KALDI)
    assert [(s["step"], s["lr"], s["framework"]) for s in steps] == [(0, 0.00075, "kaldi")]
    first_failure = next(i for i, t in enumerate(KALDI, 1) if "Command exited with status" in t)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("crash", "attempt_start")] == [
        ("attempt_start", 2), ("crash", first_failure)]


def test_an_indented_tune_result_block_is_its_iteration(tmp_path: Path) -> None:
    """RLlib 0.7's result under `Result for PPO_...:`, its fields indented by two: its
    `training_iteration: 425` is a step of `time_this_iter_s`, its learner's `total_loss` the
    loss (the nested one, four levels in), labelled Ray Tune."""
    _, steps, _ = _read(tmp_path, RLLIB)
    field = {m.group(1): float(m.group(2)) for t in RLLIB if (m := re.fullmatch(r"  (\w+): (-?\d+(?:\.\d+)?)", t))}
    loss = next(float(t.split(": ")[1]) for t in RLLIB if t.strip().startswith("total_loss: "))
    assert [(s["step"], s["step_time_s"], s["loss"], s["framework"]) for s in steps] == [
        (int(field["training_iteration"]), field["time_this_iter_s"], loss, "ray_tune")]


def test_tunes_total_run_time_ends_the_run(tmp_path: Path) -> None:
    """`tune.py:439 -- Total run time: 55.28 seconds (54.01 seconds for the tuning loop).` is
    printed as `tune.run` returns with every trial stopped: the run's clean end."""
    _, steps, events = _read(tmp_path, TUNE_END)
    line = next(i for i, t in enumerate(TUNE_END, 1) if "Total run time:" in t)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [("attempt_end", line)]
    # (the trial's result block is its iteration's row; the status tables' rows, a trial's name and state in their
    # cells, are no step rows of their own)
    said = [t for t in TUNE_END if t.startswith(("  training_iteration: ", "  time_this_iter_s: "))]
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(int(said[1].split(": ")[1]), float(said[0].split(": ")[1]))]


def test_maniskills_ppo_iterations_are_steps_and_its_model_saved_lines_saves(tmp_path: Path) -> None:
    """ManiSkill's PPO: `Epoch: 2, global_step=102400` starts iteration 2 (the environment steps
    so far after it); `model saved to runs/.../ckpt_1.pt` is a save."""
    _, steps, events = _read(tmp_path, MANISKILL)
    printed = [int(m.group(1)) for t in MANISKILL if (m := re.fullmatch(r"Epoch: (\d+), global_step=\d+", t))]
    assert printed == [1, 2, 3]
    assert [(s["step"], s["framework"]) for s in steps] == [(n, "maniskill") for n in printed]
    saved = [i for i, t in enumerate(MANISKILL, 1) if t.startswith("model saved to ")]
    assert [e["line"] for e in events if e["kind"].startswith("checkpoint_save")] == saved


def test_dlrms_saving_model_to_is_a_save(tmp_path: Path) -> None:
    """DLRM's `--save-model` prints `Saving model to ./models/...pt` before its torch.save."""
    _, steps, events = _read(tmp_path, DLRM)
    assert [s["step"] for s in steps] == [int(m.group(1)) for t in DLRM if (m := re.match(r"Finished training it (\d+)/", t))]
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", next(i for i, t in enumerate(DLRM, 1) if t.startswith("Saving model to ")))]


def test_a_bracketed_millisecond_field_is_the_steps_time(tmp_path: Path) -> None:
    """modded-nanogpt: `step    2/6676 | train loss 9.2039 | lr_scale 1.00e+00 | (853.15 ms | 614531
    tok/s)`: the milliseconds in brackets are the step's time."""
    _, steps, _ = _read(tmp_path, MODDED_NANOGPT)
    want = [(int(m.group(1)), float(m.group(2)) / 1000)
            for t in MODDED_NANOGPT if (m := re.match(r"step +(\d+)/\d+ .*\| \(([\d.]+) ms \|", t))]
    assert len(want) == 4
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(n, pytest.approx(v)) for n, v in want]


def test_steps_whose_loss_is_inf_are_still_steps(tmp_path: Path) -> None:
    """tt-train's run diverged: `Step: 397, Loss: inf` is a step taken (its loss infinite, kept as
    the infinity it is), as much as `Step: 396, Loss: 1.3633944e+15`."""
    _, steps, _ = _read(tmp_path, TT_TRAIN)
    printed = [(int(m.group(1)), m.group(2)) for t in TT_TRAIN if (m := re.fullmatch(r"Step: (\d+), Loss: (\S+)", t))]
    assert [s["step"] for s in steps] == [n for n, _ in printed] == list(range(393, 400))
    assert sum(v == "inf" for _, v in printed) == 3
    assert [s["loss"] for s in steps] == [float(v) for _, v in printed]


def test_an_evaluation_line_then_the_shells_abort_is_a_crashed_run(tmp_path: Path) -> None:
    """nanoGPT's `step 0: train loss 4.2862, val loss 4.2811`, then the GPU's memory access fault
    and `Aborted (core dumped)`: a run that died after its step 0, at ROCm's fault (the shell's abort
    after it is that failure's end, no second one)."""
    name, steps, events = _read(tmp_path, NANOGPT_ABORT)
    assert name == "generic_log"
    assert [s["step"] for s in steps] == [0]
    fault = next(i for i, t in enumerate(NANOGPT_ABORT, 1) if t.startswith("Memory access fault by GPU node-1"))
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [("crash", fault)]
    assert fault == 6 and NANOGPT_ABORT[fault] == "Aborted (core dumped)"


def test_an_evaluation_line_with_a_unit_after_each_loss(tmp_path: Path) -> None:
    """A fork's `step 0: train loss 12.6510 BPC, val loss 12.6486 BPC` before its traceback: step 0,
    its training loss."""
    _, steps, events = _read(tmp_path, NANOGPT_BPC)
    assert [(s["step"], s["loss"]) for s in steps] == [(0, 12.651)]
    assert "oom" in {e["kind"] for e in events}  # (then the compiled forward ran out of memory)


def test_pytorch_unets_checkpoint_saved_lines_are_saves(tmp_path: Path) -> None:
    """Pytorch-UNet logs `Checkpoint 1 saved!` after each epoch's torch.save."""
    _, _, events = _read(tmp_path, UNET)
    saved = [i for i, t in enumerate(UNET, 1) if re.fullmatch(r"INFO: Checkpoint \d+ saved!", t)]
    assert len(saved) == 2
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_end", line) for line in saved]


def test_mindspores_time_monitor_with_the_epoch_in_seconds(tmp_path: Path) -> None:
    """MindElec's TimeMonitor: `epoch time: 0.511 s, per step time: 63.926 ms` after `epoch: 2 step:
    8, loss is 9.000967`: each step of that line took 63.926 ms."""
    _, steps, _ = _read(tmp_path, MINDELEC)
    per_step = [float(m.group(1)) / 1000 for t in MINDELEC if (m := re.search(r"per step time: ([\d.]+) ms", t))]
    assert len(per_step) == 3
    assert [s["step_time_s"] for s in steps] == [pytest.approx(v) for v in per_step]


def test_sagemakers_completed_status_ends_the_run(tmp_path: Path) -> None:
    """The SageMaker SDK's `2021-04-08 12:05:40 Completed - Training job completed` is the job's
    clean end."""
    _, _, events = _read(tmp_path, SAGEMAKER)
    line = next(i for i, t in enumerate(SAGEMAKER, 1) if t.endswith("Completed - Training job completed"))
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [("attempt_end", line)]


def test_sagemakers_exception_for_a_failed_job_is_the_failure(tmp_path: Path) -> None:
    """The SDK's `UnexpectedStatusException: Error for Training job ...: Failed. Reason: ...` (a
    DistilBERT fine-tune's README, its "Unsolved Errors" block) is the job's failure."""
    _, _, events = _read(tmp_path, SAGEMAKER_FAILED)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [("crash", 1)]


def test_an_epochs_elapsed_time_since_training_began_is_no_epochs_duration(tmp_path: Path) -> None:
    """`[Epoch 3/200] [D loss: ...] [G loss: ...] [Elapsed time: 58.97s]`: the seconds since training
    began; an epoch took what it adds to the epoch's before (the first's start is not printed)."""
    _, steps, _ = _read(tmp_path, GAN)
    elapsed = [float(m.group(1)) for t in GAN if (m := re.search(r"Elapsed time: ([\d.]+)s", t))]
    assert [s["step"] for s in steps] == list(range(6))
    assert [s["step_time_s"] for s in steps] == [None] + [pytest.approx(b - a) for a, b in pairwise(elapsed)]
    assert statistics.median(s["step_time_s"] for s in steps[1:]) < 16  # (not the 44 s the elapsed times' median is)


def test_stylegans_snapshot_metrics_are_its_saves(tmp_path: Path) -> None:
    """StyleGAN's training loop writes `network-snapshot-000140.pkl`, then prints its metrics on it:
    `network-snapshot-000140 time 6m 33s fid50k 331.8988` (TF1), `{"results": ..., "snapshot_pkl":
    "network-snapshot-000000.pkl", ...}` (StyleGAN2-ADA): a save each snapshot."""
    for lines in (STYLEGAN_TF1, STYLEGAN2):
        _, _, events = _read(tmp_path, lines)
        named = [i for i, t in enumerate(lines, 1) if re.search(r"network-snapshot-\d{6}", t)]
        assert named
        assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
            ("checkpoint_save_end", line) for line in named]


# SpeechBrain's speaker-id tutorial run on a Colab runtime with no GPU (its notebook's cell output,
# lines 14-25): the Brain's constructor asks CUDA for a device
SPEECHBRAIN_NO_DRIVER = [
    'speechbrain.core - Info: ckpt_interval_minutes arg from hparam file is used',
    'speechbrain.core - Exception:',
    'Traceback (most recent call last):',
    '  File "/content/speechbrain/templates/speaker_id/train.py", line 307, in <module>',
    '    spk_id_brain = SpkIdBrain(',
    '  File "/usr/local/lib/python3.10/dist-packages/speechbrain/core.py", line 695, in __init__',
    '    torch.cuda.set_device(int(self.device[-1]))',
    '  File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 404, in set_device',
    '    torch._C._cuda_setDevice(device)',
    '  File "/usr/local/lib/python3.10/dist-packages/torch/cuda/__init__.py", line 298, in _lazy_init',
    '    torch._C._cuda_init()',
    'RuntimeError: Found no NVIDIA driver on your system. Please check that you have an NVIDIA GPU and installed a driver'
    ' from http://www.nvidia.com/Download/index.aspx',
]


def test_a_tracebacks_exception_names_the_crash_and_the_jobs_failure(tmp_path: Path) -> None:
    """The traceback at line 3 ends with `RuntimeError: Found no NVIDIA driver ...` (line 12): the
    crash says so, and the job, whose only attempt crashed, has a high finding naming it."""
    _, _, events = _read(tmp_path, SPEECHBRAIN_NO_DRIVER, parser_name="generic_log")
    crashes = [(e["line"], e["detail"]) for e in events if e["kind"] == "crash"]
    assert crashes == [(3, SPEECHBRAIN_NO_DRIVER[11])] and SPEECHBRAIN_NO_DRIVER[11].startswith("RuntimeError: Found no NVIDIA")
    code, out, _ = run_cli("report", str(tmp_path / "console.log"))
    assert code == 0
    assert "[high] the job's last attempt ended in a failure: RuntimeError: Found no NVIDIA driver on your system." in out


# TRL's GRPO example on a VLM stopped with Ctrl-C (a TRL GRPO training-log write-up, 2025-10-22: the
# bar's last drawings, carriage returns kept, and the traceback glued after the last one, to its end)
TRL_GRPO_CTRL_C = [
    '\r  0%|          | 41/29790 [02:26<26:12:43,  3.17s/it]\r  0%|          | 42/29790 [02:28<24:13:14,  2'
    '.93s/it]\r  0%|          | 43/29790 [02:31<24:28:09,  2.96s/it]\r  0%|          | 44/29790 [02:34<24:3'
    '5:20,  2.98s/it]Traceback (most recent call last):',
    '  File "/home/lujunxi57/trl/examples/scripts/grpo_vlm.py", line 660, in <module>',
    '    trainer.train()',
    '  File "/home/lujunxi57/miniconda3/envs/trl/lib/python3.11/site-packages/transformers/trainer.py", line 2325, in train',
    '    return inner_training_loop(',
    '           ^^^^^^^^^^^^^^^^^^^^',
    '  File "/home/lujunxi57/miniconda3/envs/trl/lib/python3.11/site-packages/transformers/trainer.py", l'
    'ine 2674, in _inner_training_loop',
    '    tr_loss_step = self.training_step(model, inputs, num_items_in_batch)',
    '                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    '  File "/home/lujunxi57/miniconda3/envs/trl/lib/python3.11/site-packages/transformers/trainer.py", l'
    'ine 4014, in training_step',
    '    inputs = self._prepare_inputs(inputs)',
    '             ^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    '  File "/home/lujunxi57/trl/trl/extras/profiling.py", line 98, in wrapper',
    '    return func(self, *args, **kwargs)',
    '           ^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    '  File "/home/lujunxi57/trl/trl/trainer/grpo_trainer.py", line 1185, in _prepare_inputs',
    '    generation_batch = self._generate_and_score_completions(generation_batch)',
    '                       ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    '  File "/home/lujunxi57/trl/trl/trainer/grpo_trainer.py", line 1977, in _generate_and_score_completions',
    '    prompt_ids_list, completion_ids_list, num_items_in_batch, sampling_per_token_logps_list = self._generate(',
    '                                                                                              ^^^^^^^^^^^^^^^',
    '  File "/home/lujunxi57/trl/trl/trainer/grpo_trainer.py", line 1550, in _generate',
    '    self._process_attention_metrics(attention_context, mode)',
    '  File "/home/lujunxi57/trl/trl/trainer/grpo_trainer.py", line 792, in _process_attention_metrics',
    '    sample_results = compute_qwen_attention_metrics_for_batch(',
    '                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    '  File "/home/lujunxi57/trl/trl/trainer/attention_metrics.py", line 341, in compute_qwen_attention_metrics_for_batch',
    '    per_layer_attn = _collect_llm_attention_for_sample(outputs_attentions, batch_idx)',
    '                     ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    '  File "/home/lujunxi57/trl/trl/trainer/attention_metrics.py", line 105, in _collect_llm_attention_for_sample',
    '    result[layer_idx] = torch.stack(padded_rows, dim=0)',
    '                        ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    'KeyboardInterrupt',
]


def test_a_traceback_glued_after_a_bars_drawing_is_named_by_its_exception(tmp_path: Path) -> None:
    """The traceback begins right after the bar's drawing of step 44, on its line, and ends with
    `KeyboardInterrupt`: the crash is named so, and the job's failure is one stopped by hand (medium)."""
    _, _, events = _read(tmp_path, TRL_GRPO_CTRL_C, parser_name="hf_trainer")
    assert TRL_GRPO_CTRL_C[0].endswith("| 44/29790 [02:34<24:35:20,  2.98s/it]Traceback (most recent call last):")
    assert [e["detail"] for e in events if e["kind"] == "crash"] == ["KeyboardInterrupt"] == TRL_GRPO_CTRL_C[-1:]
    code, out, _ = run_cli("report", str(tmp_path / "console.log"))
    assert code == 0 and "[medium] the job's last attempt ended in a failure: KeyboardInterrupt" in out


# PaddleSpeech's DeepSpeech2 on AISHELL (github.com/PaddlePaddle/PaddleSpeech @
# 7aebc5f6328ab4b840262bdd37c955aa57364560 : examples/aishell/0211.log, Apache-2.0, lines 29-53): its first
# epoch and the start of its second
DEEPSPEECH2_EPOCH_END = [
    "epoch: 0, batch: 0, train loss: 480.613922",
    "",
    "epoch: 0, batch: 100, train loss: 64.953033",
    "",
    "epoch: 0, batch: 200, train loss: 71.678635",
    "",
    "epoch: 0, batch: 300, train loss: 46.102283",
    "",
    "epoch: 0, batch: 400, train loss: 24.468616",
    "",
    "epoch: 0, batch: 500, train loss: 29.759787",
    "",
    "epoch: 0, batch: 600, train loss: 25.117950",
    "",
    "epoch: 0, batch: 700, train loss: 18.331684",
    "",
    "epoch: 0, batch: 800, train loss: 25.283037",
    "",
    "epoch: 0, batch: 900, train loss: 21.820284",
    "",
    "",
    "----------Begin test...",
    "--------Time: 1103.803159 sec, epoch: 0, train loss: 80.812927, test loss: 15.729966",
    "save parameters at ./checkpoints/aishell/epoch_0",
    "epoch: 1, batch: 0, train loss: 16.310713",
]


def test_a_script_s_save_of_its_parameters_is_a_save(tmp_path: Path) -> None:
    """`save parameters at <folder>`, written after each epoch's test: a save, on its line."""
    _, _, events = _read(tmp_path, DEEPSPEECH2_EPOCH_END)
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [("checkpoint_save_start", 24)]


# OpenAI baselines' trpo_mpi on a robot task (github.com/auliyafitri/AI-robot-control @
# 27d05674763fe764005666239a546ff5ae6c9028 : evaluations/pick/trpo/PickbotPickContinuousDoorHandle-v0/
# 2019-06-07_15h22min/log.txt, lines 1-39): two iterations, each its header, a save and its dump
TRPO_MPI = [
    ("Logging to /home/robotics/catkin_ws/src/AI-robot-control/evaluations/pick/trpo/"
     "PickbotPickContinuousDoorHandle-v0/2019-06-07_15h22min"),
    "********** Iteration 0 ************",
    "Expected: 0.025 Actual: 0.025",
    "Stepsize OK!",
    "save_state method is deprecated, please use save_variables instead",
    "----------------------------------",
    "| entloss         | 0.0          |",
    "| entropy         | 8.516911     |",
    "| eplenmean       | 3.48         |",
    "| eprewmean       | -6.1938334   |",
    "| eprewsem        | 3.0408432    |",
    "| epsofar         | 283          |",
    "| epthisiter      | 283          |",
    "| ev_tdlam_before | 0.0271       |",
    "| meankl          | 0.0010360085 |",
    "| optimgain       | 0.025160901  |",
    "| surrgain        | 0.025160901  |",
    "| timelapsed      | 460          |",
    "| timestepsofar   | 1024         |",
    "----------------------------------",
    "********** Iteration 1 ************",
    "Expected: 0.025 Actual: 0.025",
    "Stepsize OK!",
    "save_state method is deprecated, please use save_variables instead",
    "----------------------------------",
    "| entloss         | 0.0          |",
    "| entropy         | 8.514701     |",
    "| eplenmean       | 2.98         |",
    "| eprewmean       | -5.656173    |",
    "| eprewsem        | 2.878484     |",
    "| epsofar         | 592          |",
    "| epthisiter      | 309          |",
    "| ev_tdlam_before | 0.0477       |",
    "| meankl          | 0.0010371907 |",
    "| optimgain       | 0.024527298  |",
    "| surrgain        | 0.024527298  |",
    "| timelapsed      | 904          |",
    "| timestepsofar   | 2039         |",
    "----------------------------------",
]


def test_baselines_iteration_headers_number_their_dumps_and_save_state_is_a_save(tmp_path: Path) -> None:
    """trpo_mpi's dumps name no step key; the `********** Iteration N ************` before each does (from 0).
    `timelapsed` is the seconds since learning began: iteration 0 took 460 s, iteration 1 904 - 460 = 444 s.
    tf_util's save_state warns as it saves (`save_state method is deprecated, ...`): a save each."""
    parser, steps, events = _read(tmp_path, TRPO_MPI, name="log.txt")
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(0, 460.0), (1, 444.0)]
    assert [(e["kind"], e["line"]) for e in events] == [("checkpoint_save_start", 5), ("checkpoint_save_start", 24)]


@pytest.mark.parametrize(("text", "saves"), [
    ("save parameters at ./checkpoints/aishell/epoch_0", True),
    ("2025-01-01 00:00:07,000 INFO Saving parameters to model-0010.params", True),
    ("Will save parameters to ./ckpt every 1000 steps", False),  # a plan, no save
    ("Failed to save parameters to ./ckpt: disk full", False),  # a failure, no save
])
def test_a_save_of_parameters_is_the_line_s_own_words(text: str, saves: bool) -> None:
    """The rule takes the save's words at the start of the message, not inside another sentence."""
    assert (_SAVE_WEIGHTS.search(text) is not None) is saves


# A VITS-derived model's train.log whose first step's losses diverged (github.com/linslime/MYTTS @ bb39df5,
# logs/ljs_base/train.log, lines 2-3; its hyper-parameters' line cut)
VITS_NAN_FIRST_STEP = [
    "2024-11-08 17:20:57,135\tljs_base\tINFO\tTrain Epoch: 1 [0%]",
    "2024-11-08 17:20:57,136\tljs_base\tINFO\t[nan, nan, nan, nan, 1.350276231765747, 134.32485961914062, 0, 0.0002]",
]


def test_a_vits_log_of_one_step_whose_losses_are_nan_is_read(tmp_path: Path) -> None:
    """VITS' epoch line, then its list (its losses, `nan` where they diverged, then the step and the learning
    rate): one such pair names the program, and the step is 0 at a learning rate of 0.0002."""
    name, steps, _ = _read(tmp_path, VITS_NAN_FIRST_STEP)
    assert name == "generic_log"
    assert [(s["step"], s["lr"], s["framework"]) for s in steps] == [(0, 0.0002, "vits")]


# OpenNMT-py 2 on four GPUs under SageMaker, its training reports (github.com/horie-t/programming-study @
# 99fc2abca64e339a3c47594262b8f3e24e3e3c83 : aws_sagemaker/sagemaker_jparacrawl/sagemaker_jparacrawl.md, the output block
# of the `estimator.fit` cell, its first two step lines, the block's indentation cut)
OPENNMT_XENT = [
    "[2022-09-27 12:32:51,247 INFO] Step 100/40000; acc:   4.41; ppl: 1654.45; xent: 7.41; lr: 0.00001; 21889/22994 tok/s;"
    "     81 sec;",
    "[2022-09-27 12:34:09,895 INFO] Step 200/40000; acc:   7.15; ppl: 829.36; xent: 6.72; lr: 0.00002; 19791/18806 tok/s;"
    "    160 sec;",
]

# deepspeech.pytorch's train.py in a fork, its first epoch and the save of its better model (github.com/chuyan2/asr_algs
# @ 12d94c88bd1976693b7fa57c2783bbfb10b23e8f : model/train.log, lines 50-55; tabs as printed)
DEEPSPEECH_BETTER_MODEL = [
    "Sat, 03 Nov 2018 16:39:48 train.py[line:227] INFO Epoch: [1][1/1]\tTime 2.885 (2.885)\tData 0.000 (0.000)\t"
    "Loss 2000.9788 (2000.9788)\t",
    "Sat, 03 Nov 2018 16:39:48 train.py[line:236] INFO Training Summary Epoch: [1]\tTime taken (s): 3\tAverage Loss 2000.979\t",
    "Sat, 03 Nov 2018 16:39:50 train.py[line:271] INFO Validation Summary Epoch: [1]\tAverage CER 485.880\t",
    "Sat, 03 Nov 2018 16:39:50 train.py[line:282] INFO Learning rate annealed to: 0.000273",
    "Sat, 03 Nov 2018 16:39:50 train.py[line:285] INFO Found better validated model, saving to model/model.pth",
    "Sat, 03 Nov 2018 16:39:50 train.py[line:291] INFO Shuffling batches...",
]


def test_opennmt_xent_is_its_training_loss(tmp_path: Path) -> None:
    """`xent: 7.41`: OpenNMT-py's cross-entropy a token, the training loss (NULL before; `ppl` is its exponential)."""
    _, steps, _ = _read(tmp_path, OPENNMT_XENT)
    assert [(s["step"], s["loss"]) for s in steps] == [(100, 7.41), (200, 6.72)]


def test_deepspeech_found_better_validated_model_is_a_save(tmp_path: Path) -> None:
    """`Found better validated model, saving to model/model.pth`: the save of the better model (none had been read)."""
    _, _, events = _read(tmp_path, DEEPSPEECH_BETTER_MODEL, parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [("checkpoint_save_start", 5)]


# tensorflow/nmt's training loop, its README's sample log (github.com/tensorflow/nmt @
# 0a6e59eb9138d9df2a9a2c4e5e89e0ce24a04c0d : README.md, the training log block's epoch banner and its first step lines)
NMT_STEP_TIME = [
    "# Start epoch 0, step 0, lr 1, Tue Apr 25 23:17:41 2017",
    "  epoch 0 step 100 lr 1 step-time 0.89s wps 5.78K ppl 1568.62 bleu 0.00",
    "  epoch 0 step 200 lr 1 step-time 0.94s wps 5.91K ppl 524.11 bleu 0.00",
    "  epoch 0 step 300 lr 1 step-time 0.96s wps 5.80K ppl 340.05 bleu 0.00",
]

# NVIDIA DeepLearningExamples' HiFi-GAN, DLLogger's text lines, its README's sample output (github.com/NVIDIA/
# DeepLearningExamples @ ab3a0e424b0f8557c3be8ec0dea8bcd5ec7bb1a4 : PyTorch/SpeechSynthesis/HiFiGAN/README.md)
HIFIGAN_TOOK = [
    "DLL 2021-06-30 10:58:05.828323 - epoch    1 | iter   1/24 | d loss  7.966 | g loss 95.839 | mel loss 87.291 |  3092.31"
    " frames/s | took 13.25 s | g lr 3.00e-04 | d lr 3.00e-04",
    "DLL 2021-06-30 10:58:06.999175 - epoch    1 | iter   2/24 | d loss  7.957 | g loss 96.151 | mel loss 87.627 | 35109.29"
    " frames/s | took 1.17 s | g lr 3.00e-04 | d lr 3.00e-04",
    "DLL 2021-06-30 10:58:07.945764 - epoch    1 | iter   3/24 | d loss  7.956 | g loss 93.872 | mel loss 88.154 | 43443.33"
    " frames/s | took 0.94 s | g lr 3.00e-04 | d lr 3.00e-04",
]


def test_a_steps_time_by_its_words_step_time_and_took(tmp_path: Path) -> None:
    """`step-time 0.89s` (tensorflow/nmt) and `| took 13.25 s |` (HiFi-GAN's DLLogger lines): each step's own time
    (none had been read: the first step's 13.25 s warm-up was lost to the lines' spacing); nmt's `# Start epoch 0,
    step 0, ...` banner is no step (it had been step 0)."""
    _, steps, _ = _read(tmp_path, NMT_STEP_TIME, parser_name="generic_log")
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(100, 0.89), (200, 0.94), (300, 0.96)]
    _, steps, _ = _read(tmp_path, HIFIGAN_TOOK, parser_name="generic_log")
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(1, 13.25), (2, 1.17), (3, 0.94)]
