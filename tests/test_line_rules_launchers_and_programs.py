"""Line rules for programs and launchers met in real jobs nobody here recorded, on quoted real
lines (each source cited): SkyPilot's task prefixes and a block indented in reStructuredText,
SageMaker's training toolkit around its job, transformers' save_pretrained, the Visualizer of
pix2pix/CycleGAN and its descendants, StyleGAN's ticks, Marian's updates and saves, bash's word on
a killed job, and spaCy's training table."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta, timezone
from pathlib import Path

import pytest

from tests.conftest import console_connection, run_cli
from tests.test_line_rules import _ns, _read
from tests.test_line_rules_classic_and_science import AIOK_DLRM
from tests.test_wild_logs import AUDIOMAE_EPOCH99, LSF_KILLED_THEN_RUNLIMIT
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.store import Store

# a DeepSpeed launch whose first broadcast hung, its ranks' lines unlabelled until their watchdogs' (index id 16716516742:
# a fork of O-LoRA's README, notes on its runs, the second code block's lines 45-100)
DEEPSPEED_FIRST_BROADCAST_HUNG = [
    '[2025-12-18 20:16:31,005] [INFO] [comm.py:683:init_distributed] Initializing TorchBackend in DeepSpeed with backend nccl',
    ('Using the `WANDB_DISABLED` environment variable is deprecated and will be removed in v5. Use the --r'
     'eport_to flag to control the integrations used for logging result (for instance --report_to none).'),
    ('12/18/2025 20:16:31 - WARNING - __main__ - Process rank: 0, device: cuda:0, n_gpu: 1distributed trai'
     'ning: True, 16-bits training: False'),
    'normalizer.cc(51) LOG(INFO) precompiled_charsmap is empty. use identity normalization.',
    ('[WARNING|logging.py:290] 2025-12-18 20:16:31,452 >> Special tokens have been added in the vocabulary'
     ', make sure the associated word embeddings are fine-tuned or trained.'),
    ('Using the `WANDB_DISABLED` environment variable is deprecated and will be removed in v5. Use the --r'
     'eport_to flag to control the integrations used for logging result (for instance --report_to none).'),
    ('12/18/2025 20:16:31 - WARNING - __main__ - Process rank: 1, device: cuda:1, n_gpu: 1distributed trai'
     'ning: True, 16-bits training: False'),
    'normalizer.cc(51) LOG(INFO) precompiled_charsmap is empty. use identity normalization.',
    ('[WARNING|logging.py:290] 2025-12-18 20:16:31,578 >> Special tokens have been added in the vocabulary'
     ', make sure the associated word embeddings are fine-tuned or trained.'),
    '',
    'Loading checkpoint shards:   0%|          | 0/3 [00:00<?, ?it/s]',
    'Loading checkpoint shards:   0%|          | 0/3 [00:00<?, ?it/s]',
    'Loading checkpoint shards:  33%|███▎      | 1/3 [00:00<00:01,  1.23it/s]',
    'Loading checkpoint shards:  33%|███▎      | 1/3 [00:01<00:02,  1.03s/it]',
    'Loading checkpoint shards:  67%|██████▋   | 2/3 [00:01<00:00,  1.43it/s]',
    'Loading checkpoint shards:  67%|██████▋   | 2/3 [00:01<00:00,  1.29it/s]',
    'Loading checkpoint shards: 100%|██████████| 3/3 [00:01<00:00,  1.63it/s]',
    'Loading checkpoint shards: 100%|██████████| 3/3 [00:01<00:00,  1.54it/s]',
    ('/home/dengkn/miniforge3/envs/aslora/lib/python3.9/site-packages/torch/nn/init.py:511: UserWarning: I'
     'nitializing zero-element tensors is a no-op'),
    '  warnings.warn("Initializing zero-element tensors is a no-op")',
    '',
    'Loading checkpoint shards: 100%|██████████| 3/3 [00:02<00:00,  1.65it/s]',
    'Loading checkpoint shards: 100%|██████████| 3/3 [00:02<00:00,  1.48it/s]',
    ('/home/dengkn/miniforge3/envs/aslora/lib/python3.9/site-packages/torch/nn/init.py:511: UserWarning: I'
     'nitializing zero-element tensors is a no-op'),
    '  warnings.warn("Initializing zero-element tensors is a no-op")',
    'trainable params: 0 || all params: 6742609920 || trainable%: 0.0',
    '=======================================',
    'trainable params: 4194304 || all params: 6742609920 || trainable%: 0.06220594176090199',
    '-----Gradient checkpointing: False -----',
    ('/home/dengkn/miniforge3/envs/aslora/lib/python3.9/site-packages/accelerate/accelerator.py:446: Futur'
     'eWarning: Passing the following arguments to `Accelerator` is deprecated and will be removed in vers'
     "ion 1.0 of Accelerate: dict_keys(['dispatch_batches']). Please pass an `accelerate.DataLoaderConfigu"
     'ration` instead: '),
    'dataloader_config = DataLoaderConfiguration(dispatch_batches=None)',
    '  warnings.warn(',
    'trainable params: 0 || all params: 6742609920 || trainable%: 0.0',
    '=======================================',
    'trainable params: 4194304 || all params: 6742609920 || trainable%: 0.06220594176090199',
    '-----Gradient checkpointing: False -----',
    ('/home/dengkn/miniforge3/envs/aslora/lib/python3.9/site-packages/accelerate/accelerator.py:446: Futur'
     'eWarning: Passing the following arguments to `Accelerator` is deprecated and will be removed in vers'
     "ion 1.0 of Accelerate: dict_keys(['dispatch_batches']). Please pass an `accelerate.DataLoaderConfigu"
     'ration` instead: '),
    'dataloader_config = DataLoaderConfiguration(dispatch_batches=None)',
    '  warnings.warn(',
    ('Installed CUDA version 12.6 does not match the version torch was compiled with 12.4 but since the AP'
     'Is are compatible, accepting this combination'),
    'Using /home/dengkn/.cache/torch_extensions/py39_cu124 as PyTorch extensions root...',
    ('Installed CUDA version 12.6 does not match the version torch was compiled with 12.4 but since the AP'
     'Is are compatible, accepting this combination'),
    'Using /home/dengkn/.cache/torch_extensions/py39_cu124 as PyTorch extensions root...',
    'Emitting ninja build file /home/dengkn/.cache/torch_extensions/py39_cu124/cpu_adam/build.ninja...',
    'Building extension module cpu_adam...',
    'Allowing ninja to set a default number of workers... (overridable by setting the environment variable MAX_JOBS=N)',
    ('[1/3] c++ -MMD -MF cpu_adam.o.d -DTORCH_EXTENSION_NAME=cpu_adam -DTORCH_API_INCLUDE_EXTENSION_H -DPY'
     'BIND11_COMPILER_TYPE=\\"_gcc\\" -DPYBIND11_STDLIB=\\"_libstdcpp\\" -DPYBIND11_BUILD_ABI=\\"_cxxabi1011\\" '
     '-I/home/dengkn/miniforge3/envs/aslora/lib/python3.9/site-packages/deepspeed/ops/csrc/includes -isyst'
     'em /home/dengkn/miniforge3/envs/aslora/lib/python3.9/site-packages/torch/include -isystem /home/deng'
     'kn/miniforge3/envs/aslora/lib/python3.9/site-packages/torch/include/torch/csrc/api/include -isystem '
     '/home/dengkn/miniforge3/envs/aslora/lib/python3.9/site-packages/torch/include/TH -isystem /home/deng'
     'kn/miniforge3/envs/aslora/lib/python3.9/site-packages/torch/include/THC -isystem /home/dengkn/minifo'
     'rge3/envs/aslora/include/python3.9 -D_GLIBCXX_USE_CXX11_ABI=0 -fPIC -std=c++17 -O3 -std=c++17 -g -Wn'
     'o-reorder -L/usr/local/cuda/lib64 -lcudart -lcublas -g -march=native -fopenmp -D__AVX512__ -D__ENABL'
     'E_CUDA__ -DBF16_AVAILABLE -c /home/dengkn/miniforge3/envs/aslora/lib/python3.9/site-packages/deepspe'
     'ed/ops/csrc/adam/cpu_adam.cpp -o cpu_adam.o '),
    ('[2/3] c++ -MMD -MF cpu_adam_impl.o.d -DTORCH_EXTENSION_NAME=cpu_adam -DTORCH_API_INCLUDE_EXTENSION_H'
     ' -DPYBIND11_COMPILER_TYPE=\\"_gcc\\" -DPYBIND11_STDLIB=\\"_libstdcpp\\" -DPYBIND11_BUILD_ABI=\\"_cxxabi10'
     '11\\" -I/home/dengkn/miniforge3/envs/aslora/lib/python3.9/site-packages/deepspeed/ops/csrc/includes -'
     'isystem /home/dengkn/miniforge3/envs/aslora/lib/python3.9/site-packages/torch/include -isystem /home'
     '/dengkn/miniforge3/envs/aslora/lib/python3.9/site-packages/torch/include/torch/csrc/api/include -isy'
     'stem /home/dengkn/miniforge3/envs/aslora/lib/python3.9/site-packages/torch/include/TH -isystem /home'
     '/dengkn/miniforge3/envs/aslora/lib/python3.9/site-packages/torch/include/THC -isystem /home/dengkn/m'
     'iniforge3/envs/aslora/include/python3.9 -D_GLIBCXX_USE_CXX11_ABI=0 -fPIC -std=c++17 -O3 -std=c++17 -'
     'g -Wno-reorder -L/usr/local/cuda/lib64 -lcudart -lcublas -g -march=native -fopenmp -D__AVX512__ -D__'
     'ENABLE_CUDA__ -DBF16_AVAILABLE -c /home/dengkn/miniforge3/envs/aslora/lib/python3.9/site-packages/de'
     'epspeed/ops/csrc/adam/cpu_adam_impl.cpp -o cpu_adam_impl.o '),
    ('[3/3] c++ cpu_adam.o cpu_adam_impl.o -shared -lcurand -L/usr/local/cuda/lib64 -L/home/dengkn/minifor'
     'ge3/envs/aslora/lib/python3.9/site-packages/torch/lib -lc10 -ltorch_cpu -ltorch -ltorch_python -o cp'
     'u_adam.so'),
    'Loading extension module cpu_adam...',
    'Time to load cpu_adam op: 22.258127450942993 seconds',
    'Loading extension module cpu_adam...',
    'Time to load cpu_adam op: 22.287405014038086 seconds',
    ('[rank0]:[E1218 20:27:21.426415540 ProcessGroupNCCL.cpp:629] [Rank 0] Watchdog caught collective oper'
     'ation timeout: WorkNCCL(SeqNum=1, OpType=BROADCAST, NumelIn=131072000, NumelOut=131072000, Timeout(m'
     's)=600000) ran for 600081 milliseconds before timing out.'),
    ('[rank1]:[E1218 20:27:21.433063423 ProcessGroupNCCL.cpp:629] [Rank 1] Watchdog caught collective oper'
     'ation timeout: WorkNCCL(SeqNum=1, OpType=BROADCAST, NumelIn=131072000, NumelOut=131072000, Timeout(m'
     's)=600000) ran for 600088 milliseconds before timing out.'),
    ('[rank1]:[E1218 20:27:21.484903450 ProcessGroupNCCL.cpp:2168] [PG ID 1 PG GUID 1 Rank 1]  failure det'
     'ected by watchdog at work sequence id: 1 PG status: last enqueued work: 547, last completed work: -1'),
]


# open_clip's training (MobileCLIP) stopped with Ctrl-C while it hung at its first epoch, then PyTorch's exit reports
# (index id 5588827171: a Q&A note on apple/ml-mobileclip's training, its first code block's lines 156-200)
OPEN_CLIP_INTERRUPTED = [
    '2025-10-19,16:38:10 | INFO | world_size: 1  ',
    '2025-10-19,16:38:10 | INFO | zeroshot_frequency: 2  ',
    ('/root/project/ml-mobileclip/training/open_clip/src/training/main.py:332: FutureWarning: `torch.cuda.'
     "amp.GradScaler(args...)` is deprecated. Please use `torch.amp.GradScaler('cuda', args...)` instead. "
     ' '),
    'scaler = GradScaler() if args.precision == "amp" else None  ',
    '2025-10-19,16:38:10 | INFO | Start epoch 0  ',
    '^CTraceback (most recent call last):  ',
    'File "/root/miniconda3/envs/mobileclip/lib/python3.10/runpy.py", line 196, in _run_module_as_main  ',
    'return _run_code(code, main_globals, None,  ',
    'File "/root/miniconda3/envs/mobileclip/lib/python3.10/runpy.py", line 86, in _run_code  ',
    'exec(code, run_globals)  ',
    'File "/root/project/ml-mobileclip/training/open_clip/src/training/main.py", line 508, in <module>  ',
    'main(sys.argv[1:])  ',
    'File "/root/project/ml-mobileclip/training/open_clip/src/training/main.py", line 436, in main  ',
    'train_one_epoch(model, data, loss, epoch, optimizer, scaler, scheduler, dist_model, args, tb_writer=writer)  ',
    'File "/root/project/ml-mobileclip/training/open_clip/src/training/train.py", line 85, in train_one_epoch  ',
    'for i, batch in enumerate(dataloader):  ',
    'File "/root/miniconda3/envs/mobileclip/lib/python3.10/site-packages/webdataset/pipeline.py", line 64, in iterator  ',
    'for sample in self.iterator1():  ',
    ('File "/root/miniconda3/envs/mobileclip/lib/python3.10/site-packages/torch/utils/data/dataloader.py",'
     ' line 734, in **next**  '),
    'data = self._next_data()  ',
    ('File "/root/miniconda3/envs/mobileclip/lib/python3.10/site-packages/torch/utils/data/dataloader.py",'
     ' line 1492, in _next_data  '),
    'idx, data = self._get_data()  ',
    ('File "/root/miniconda3/envs/mobileclip/lib/python3.10/site-packages/torch/utils/data/dataloader.py",'
     ' line 1454, in _get_data  '),
    'success, data = self._try_get_data()  ',
    ('File "/root/miniconda3/envs/mobileclip/lib/python3.10/site-packages/torch/utils/data/dataloader.py",'
     ' line 1285, in _try_get_data  '),
    'data = self._data_queue.get(timeout=timeout)  ',
    'File "/root/miniconda3/envs/mobileclip/lib/python3.10/multiprocessing/queues.py", line 113, in get  ',
    'if not self._poll(timeout):  ',
    'File "/root/miniconda3/envs/mobileclip/lib/python3.10/multiprocessing/connection.py", line 257, in poll  ',
    'return self._poll(timeout)  ',
    'File "/root/miniconda3/envs/mobileclip/lib/python3.10/multiprocessing/connection.py", line 424, in _poll  ',
    'r = wait([self], timeout)  ',
    'File "/root/miniconda3/envs/mobileclip/lib/python3.10/multiprocessing/connection.py", line 931, in wait  ',
    'ready = selector.select(timeout)  ',
    'File "/root/miniconda3/envs/mobileclip/lib/python3.10/selectors.py", line 416, in select  ',
    'fd_event_list = self._selector.poll(timeout)  ',
    'KeyboardInterrupt  ',
    ('I1019 16:40:46.708000 50277 site-packages/torch/_dynamo/eval_frame.py:520] TorchDynamo attempted to '
     'trace the following frames: [  '),
    'I1019 16:40:46.708000 50277 site-packages/torch/_dynamo/eval_frame.py:520]  ',
    'I1019 16:40:46.708000 50277 site-packages/torch/_dynamo/eval_frame.py:520] ]  ',
    'I1019 16:40:46.711000 50277 site-packages/torch/_dynamo/utils.py:811] TorchDynamo compilation metrics:  ',
    'I1019 16:40:46.711000 50277 site-packages/torch/_dynamo/utils.py:811] Function, Runtimes (s)  ',
    'I1019 16:40:46.758000 50277 site-packages/torch/_subclasses/fake_tensor.py:3171] FakeTensor cache stats:  ',
    'I1019 16:40:46.759000 50277 site-packages/torch/_subclasses/fake_tensor.py:3172] cache_hits: 0  ',
    'I1019 16:40:46.759000 50277 site-packages/torch/_subclasses/fake_tensor.py:3173] cache_misses: 0',
]


# SkyPilot's task prefixes around mpirun's tags, an nccl-tests table on 16 H200s (github.com/skypilot-org/skypilot @
# 088eebc2dd2ef6cdac96f7b72e8f800bc9b1f9f2 : examples/gcp_gpu_direct_tcpx/README.md, its output block, whole)
SKYPILOT_NCCL_TESTS = [
    '$ sky launch -c nccl nccl_rdma_gke_h200.yaml',
    '...',
    '(head, rank=0, pid=3808) All nodes: 10.100.9.12:8,10.100.10.12:8',
    '(worker1, rank=1, pid=2769, ip=10.100.10.12) Worker nodes',
    ('(head, rank=0, pid=3808) [1,0]<stdout>:# nThread 1 nGpus 1 minBytes 1024 maxBytes 8589934592 step: 2'
     '(factor) warmup iters: 5 iters: 100 agg iters: 1 validation: 1 graph: 0'),
    '(head, rank=0, pid=3808) [1,0]<stdout>:#',
    '(head, rank=0, pid=3808) [1,0]<stdout>:# Using devices',
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank  0 Group  0 Pid   7774 on nc-d87e1263-head device  0 '
     '[0000:8f:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank  1 Group  0 Pid   7775 on nc-d87e1263-head device  1 '
     '[0000:90:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank  2 Group  0 Pid   7776 on nc-d87e1263-head device  2 '
     '[0000:96:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank  3 Group  0 Pid   7778 on nc-d87e1263-head device  3 '
     '[0000:97:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank  4 Group  0 Pid   7783 on nc-d87e1263-head device  4 '
     '[0000:c4:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank  5 Group  0 Pid   7786 on nc-d87e1263-head device  5 '
     '[0000:c5:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank  6 Group  0 Pid   7789 on nc-d87e1263-head device  6 '
     '[0000:cb:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank  7 Group  0 Pid   7792 on nc-d87e1263-head device  7 '
     '[0000:cc:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank  8 Group  0 Pid   4926 on nc-d87e1263-worker1 device '
     ' 0 [0000:8f:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank  9 Group  0 Pid   4927 on nc-d87e1263-worker1 device '
     ' 1 [0000:90:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank 10 Group  0 Pid   4928 on nc-d87e1263-worker1 device '
     ' 2 [0000:96:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank 11 Group  0 Pid   4929 on nc-d87e1263-worker1 device '
     ' 3 [0000:97:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank 12 Group  0 Pid   4931 on nc-d87e1263-worker1 device '
     ' 4 [0000:c4:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank 13 Group  0 Pid   4934 on nc-d87e1263-worker1 device '
     ' 5 [0000:c5:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank 14 Group  0 Pid   4937 on nc-d87e1263-worker1 device '
     ' 6 [0000:cb:00] NVIDIA H200'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#  Rank 15 Group  0 Pid   4940 on nc-d87e1263-worker1 device '
     ' 7 [0000:cc:00] NVIDIA H200'),
    '(head, rank=0, pid=3808) [1,0]<stdout>:#',
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#                                                            '
     '  out-of-place                       in-place'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#       size         count      type   redop    root     time'
     '   algbw   busbw #wrong     time   algbw   busbw #wrong'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:#        (B)    (elements)                               (us)'
     '  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:        1024            16     float    none      -1    28.39'
     '    0.04    0.03      0    28.07    0.04    0.03      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:        2048            32     float    none      -1    28.29'
     '    0.07    0.07      0    28.24    0.07    0.07      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:        4096            64     float    none      -1    28.85'
     '    0.14    0.13      0    28.64    0.14    0.13      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:        8192           128     float    none      -1    34.12'
     '    0.24    0.23      0    32.47    0.25    0.24      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:       16384           256     float    none      -1    33.28'
     '    0.49    0.46      0    33.29    0.49    0.46      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:       32768           512     float    none      -1    34.80'
     '    0.94    0.88      0    34.86    0.94    0.88      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:       65536          1024     float    none      -1    40.62'
     '    1.61    1.51      0    41.22    1.59    1.49      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:      131072          2048     float    none      -1    36.17'
     '    3.62    3.40      0    40.87    3.21    3.01      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:      262144          4096     float    none      -1    41.81'
     '    6.27    5.88      0    37.99    6.90    6.47      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:      524288          8192     float    none      -1    43.98'
     '   11.92   11.18      0    45.96   11.41   10.69      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:     1048576         16384     float    none      -1    58.46'
     '   17.94   16.82      0    54.81   19.13   17.93      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:     2097152         32768     float    none      -1    68.40'
     '   30.66   28.74      0    70.87   29.59   27.74      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:     4194304         65536     float    none      -1    76.56'
     '   54.78   51.36      0    76.13   55.09   51.65      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:     8388608        131072     float    none      -1    86.92'
     '   96.51   90.47      0    85.77   97.81   91.70      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:    16777216        262144     float    none      -1    116.2'
     '  144.43  135.41      0    114.9  146.00  136.87      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:    33554432        524288     float    none      -1    174.4'
     '  192.45  180.42      0    172.4  194.66  182.49      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:    67108864       1048576     float    none      -1    278.1'
     '  241.27  226.19      0    270.5  248.10  232.59      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:   134217728       2097152     float    none      -1    499.6'
     '  268.67  251.88      0    483.8  277.44  260.10      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:   268435456       4194304     float    none      -1    885.5'
     '  303.16  284.21      0    870.7  308.30  289.03      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:   536870912       8388608     float    none      -1   1575.6'
     '  340.75  319.45      0   1568.7  342.24  320.85      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:  1073741824      16777216     float    none      -1   3123.9'
     '  343.72  322.23      0   3079.7  348.65  326.86      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:  2147483648      33554432     float    none      -1   6229.6'
     '  344.72  323.18      0   6107.6  351.61  329.63      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:  4294967296      67108864     float    none      -1    12416'
     '  345.92  324.30      0    12133  354.00  331.87      0'),
    ('(head, rank=0, pid=3808) [1,0]<stdout>:  8589934592     134217728     float    none      -1    24724'
     '  347.44  325.72      0    24214  354.75  332.58      0'),
    '(head, rank=0, pid=3808) [1,0]<stdout>:# Out of bounds values : 0 OK',
    '(head, rank=0, pid=3808) [1,0]<stdout>:# Avg bus bandwidth    : 122.073',
    '(head, rank=0, pid=3808) [1,0]<stdout>:#',
]

# a Keras job's epochs under SkyPilot's task prefix, the block indented 3 spaces in reStructuredText (github.com/
# skypilot-org/skypilot @ 01e8777ae1c0f38424fcffa51690a6e62652b341 : docs/source/reference/tpu.rst, TPU Node MNIST block)
SKYPILOT_KERAS = [
    '   $ sky launch examples/tpu/tpu_node_mnist.yaml  -c mycluster',
    '   ...',
    '   (mnist-tpu-node pid=28961) Epoch 9/10',
    ('   (mnist-tpu-node pid=28961) 58/58 [==============================] - 1s 19ms/step - loss: 0.1181 -'
     ' sparse_categorical_accuracy: 0.9646 - val_loss: 0.0921 - val_sparse_categorical_accuracy: 0.9719'),
    '   (mnist-tpu-node pid=28961) Epoch 10/10',
    ('   (mnist-tpu-node pid=28961) 58/58 [==============================] - 1s 20ms/step - loss: 0.1139 -'
     ' sparse_categorical_accuracy: 0.9655 - val_loss: 0.0831 - val_sparse_categorical_accuracy: 0.9742'),
    '   ...',
    ("   (mnist-tpu-node pid=28961) {'accuracy_top_1': 0.9741753339767456, 'eval_loss': 0.0831054300069809"
     ", 'loss': 0.11388632655143738, 'training_accuracy_top_1': 0.9654667377471924}"),
]

# Accelerate on SageMaker under its mpirun's tags, then the training toolkit's own lines (github.com/huggingface/
# notebooks @ 3822d643558f3d12b24d3ed9f14fcc19544144f4 : sagemaker/22_accelerate_sagemaker_examples/README.md, step 9's
# output block, whole)
SAGEMAKER_SEQ2SEQ = [
    ('[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:37:39 - INFO - __main__ - Distributed environment: MULTI_'
     'GPU  Backend: smddp'),
    '[1,mpirank:0,algo-1]<stderr>:Num processes: 8',
    '[1,mpirank:0,algo-1]<stderr>:Process index: 0',
    '[1,mpirank:0,algo-1]<stderr>:Local process index: 0',
    '[1,mpirank:0,algo-1]<stderr>:Device: cuda:0',
    '[1,mpirank:0,algo-1]<stderr>:',
    '',
    '...',
    '',
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:31 - INFO - __main__ - ***** Running training *****',
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:31 - INFO - __main__ -   Num examples = 10000',
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:31 - INFO - __main__ -   Num Epochs = 1',
    ('[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:31 - INFO - __main__ -   Instantaneous batch size per '
     'device = 16'),
    ('[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:31 - INFO - __main__ -   Total train batch size (w. pa'
     'rallel, distributed & accumulation) = 128'),
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:31 - INFO - __main__ -   Gradient Accumulation steps = 1',
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:31 - INFO - __main__ -   Total optimization steps = 79',
    '',
    '...',
    '',
    '[1,mpirank:0,algo-1]<stderr>:#015100%|██████████| 79/79 [00:19<00:00,  4.79it/s]',
    ('[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:50 - INFO - __main__ - Epoch 0 training took 19.501621'
     '72317505 seconds'),
    '[1,mpirank:0,algo-1]<stdout>:starting evaluation',
    ('[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:55 - INFO - __main__ - printing few sample generations'
     ' and corresponding labels from eval set'),
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:55 - INFO - __main__ - prompt | generated | label',
    ('[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:55 - INFO - __main__ - chatbot:your persona: i work as'
     " an electrician. i always sleep 8 hours a day. </s>  <s> Which level are you at?</s> |  I'm at the t"
     'op of the ladder. I work for an electrical company. |  I received on-the-job training when i first s'
     'tarted'),
    ('[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:55 - INFO - __main__ - chatbot:your persona: i work as'
     ' an electrician. i always sleep 8 hours a day. </s>  <s> Which level are you at? </s> <s> I received'
     ' on-the-job training when i first started </s> <s> Thats great! How long have you been doing this wo'
     "rk? </s> |  I've been working as an Electrician for about 5 years now. It's a great job. |  For a go"
     'od number of years now.'),
    '',
    '... ',
    '',
    ("[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:39:02 - INFO - __main__ - chatbot:your persona: i'm a pai"
     "nter and love to create art. i'm a talented singer and have won several competitions. </s>  <s> I lo"
     've the Doors! They have such a unique sound. Do you have a favorite Doors song?</s> |  My favorite s'
     'ong of theirs is "When I Was Your Man". What\'s yours? |  It\'s a tie between People are strange and L'
     "ove me two times. What's your favorite?"),
    ("[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:39:02 - INFO - __main__ - chatbot:your persona: i'm a pai"
     "nter and love to create art. i'm a talented singer and have won several competitions. </s>  <s> I th"
     'ink my favorite is Love Street. It has such a haunting melody. Have you heard that one?</s> |  No, I'
     " haven't. I'll have to check it out. What genre is it? |  Yeah, it's a pretty great song, Jim Morris"
     'on was just an amazing songwriter, I aspire to make songs as good as his one day.'),
    '',
    '...',
    '',
    "[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:39:17 - INFO - __main__ - {'bleu': 1.7067114414104911}",
    '[1,mpirank:0,algo-1]<stdout>:evaluation completed',
    ('[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:39:17 - INFO - __main__ - Epoch 0 evaluation took 24.2945'
     '14417648315 seconds'),
    '[1,mpirank:0,algo-1]<stderr>:Configuration saved in /opt/ml/model/config.json',
    '[1,mpirank:0,algo-1]<stderr>:Model weights saved in /opt/ml/model/pytorch_model.bin',
    '[1,mpirank:0,algo-1]<stderr>:tokenizer config file saved in /opt/ml/model/tokenizer_config.json',
    '[1,mpirank:0,algo-1]<stderr>:Special tokens file saved in /opt/ml/model/special_tokens_map.json',
    '[1,mpirank:0,algo-1]<stderr>:#015100%|██████████| 79/79 [00:47<00:00,  1.65it/s]',
    ('2022-09-21 13:39:27,753 sagemaker-training-toolkit INFO     Waiting for the process to finish and gi'
     've a return code.'),
    ('2022-09-21 13:39:27,753 sagemaker-training-toolkit INFO     Done waiting for a return code. Received'
     ' 0 from exiting process.'),
    '2022-09-21 13:39:27,754 sagemaker-training-toolkit INFO     Reporting training SUCCESS',
]

# pix2pix's console (github.com/junyanz/pytorch-CycleGAN-and-pix2pix/issues/1459, its output block, whole)
PIX2PIX = [
    '(epoch: 4, iters: 14800, time: 0.085, data: 0.001) G_GAN: 0.908 G_L1: 8.419 D_real: 1.730 D_fake: 0.254',
    '(epoch: 4, iters: 14900, time: 0.041, data: 0.001) G_GAN: 1.959 G_L1: 4.833 D_real: 0.900 D_fake: 0.095',
    '(epoch: 4, iters: 15000, time: 0.040, data: 0.001) G_GAN: 1.928 G_L1: 12.184 D_real: 2.155 D_fake: 0.082',
    'saving the latest model (epoch 4, total_iters 75000)',
    '(epoch: 4, iters: 15100, time: 0.041, data: 0.001) G_GAN: 2.237 G_L1: 3.930 D_real: 0.087 D_fake: 0.155',
    '(epoch: 4, iters: 15200, time: 0.094, data: 0.001) G_GAN: 2.362 G_L1: 29.048 D_real: 0.000 D_fake: 0.130',
    '(epoch: 4, iters: 15300, time: 0.040, data: 0.001) G_GAN: 2.675 G_L1: 7.681 D_real: 0.003 D_fake: 0.153',
    '(epoch: 4, iters: 15400, time: 0.040, data: 0.001) G_GAN: 1.852 G_L1: 10.161 D_real: 0.125 D_fake: 0.556',
    '(epoch: 4, iters: 15500, time: 0.041, data: 0.001) G_GAN: 1.870 G_L1: 8.213 D_real: 0.165 D_fake: 0.287',
    '(epoch: 4, iters: 15600, time: 0.088, data: 0.001) G_GAN: 1.777 G_L1: 9.989 D_real: 1.522 D_fake: 0.062',
    '(epoch: 4, iters: 15700, time: 0.041, data: 0.001) G_GAN: 2.321 G_L1: 5.518 D_real: 0.454 D_fake: 0.128',
    '(epoch: 4, iters: 15800, time: 0.042, data: 0.001) G_GAN: 1.434 G_L1: 14.416 D_real: 0.001 D_fake: 0.428',
    '(epoch: 4, iters: 15900, time: 0.042, data: 0.001) G_GAN: 1.423 G_L1: 4.327 D_real: 0.211 D_fake: 0.783',
]

# CycleGAN's console at an epoch's end (github.com/junyanz/pytorch-CycleGAN-and-pix2pix/issues/703, a comment's block)
CYCLEGAN_EPOCH_END = [
    ('(epoch: 70, iters: 838, time: 0.313, data: 0.003) D_A: 0.298 G_A: 0.078 cycle_A: 0.483 idt_A: 0.126 '
     'D_B: 0.312 G_B: 0.256 cycle_B: 0.289 idt_B: 0.150'),
    ('(epoch: 70, iters: 938, time: 0.323, data: 0.007) D_A: 0.307 G_A: 0.221 cycle_A: 0.312 idt_A: 0.174 '
     'D_B: 0.245 G_B: 0.262 cycle_B: 0.374 idt_B: 0.194'),
    ('(epoch: 70, iters: 1038, time: 1.455, data: 0.002) D_A: 0.188 G_A: 0.177 cycle_A: 0.761 idt_A: 0.226'
     ' D_B: 0.061 G_B: 0.534 cycle_B: 0.487 idt_B: 0.241'),
    'saving the model at the end of epoch 70, iters 76860',
    'End of epoch 70 / 200    Time Taken: 355 sec',
    'learning rate = 0.0002000',
]

# CycleGAN's loss_log.txt of 2017, relaunched again and again (github.com/AdalinZhang/cycleGANs @
# 6c25d6e09079e7a17d7f2af4af7dc6e249440c59 : checkpoints/experiment_name/loss_log.txt, its first 12 lines)
CYCLEGAN_2017 = [
    '================ Training Loss (Fri Dec  1 07:13:56 2017) ================',
    '================ Training Loss (Fri Dec  1 07:13:59 2017) ================',
    '================ Training Loss (Fri Dec  1 07:13:59 2017) ================',
    ('(epoch: 1 , iters: 1   , time: 3.252) D_A: 1.537 G_A: 2.341 Cyc_A: 6.165 D_B: 1.288 G_B: 1.555 Cyc_B'
     ': 6.172 idt_A: 3.095 idt_B: 3.067 '),
    '',
    '================ Training Loss (Fri Dec  1 07:14:06 2017) ================',
    '================ Training Loss (Fri Dec  1 07:14:06 2017) ================',
    '================ Training Loss (Fri Dec  1 07:14:36 2017) ================',
    '================ Training Loss (Fri Dec  1 07:14:39 2017) ================',
    '================ Training Loss (Fri Dec  1 07:14:39 2017) ================',
    ('(epoch: 1 , iters: 1   , time: 3.111) D_A: 1.022 G_A: 1.212 Cyc_A: 6.116 D_B: 1.391 G_B: 0.837 Cyc_B'
     ': 8.157 idt_A: 4.061 idt_B: 3.052 '),
    '',
]

# a SimSwap-style loss_log.txt (github.com/Serkidoko/faceswap @ b45d82bf2dcbea27a8ef8ade4f70f8b2498061b3 : loss_log.txt, whole)
SIMSWAP = [
    '================ Training Loss (Sun Nov 30 19:37:09 2025) ================',
    '================ Training Loss (Sun Nov 30 19:39:19 2025) ================',
    '================ Training Loss (Sun Nov 30 19:42:02 2025) ================',
    '================ Training Loss (Sun Nov 30 19:45:28 2025) ================',
    '================ Training Loss (Sun Nov 30 19:46:58 2025) ================',
    ('( step: 4199, ) G_Loss: 2.891 G_ID: 0.130 G_Rec: 9.447 G_feat_match: 2.008 D_fake: 0.036 D_real: 0.0'
     '25 D_loss: 0.060 '),
    '================ Training Loss (Sun Nov 30 19:52:34 2025) ================',
    '================ Training Loss (Sun Nov 30 19:53:48 2025) ================',
    '================ Training Loss (Sun Nov 30 19:54:23 2025) ================',
    ('( step: 4199, ) G_Loss: 3.077 G_ID: 0.157 G_Rec: 7.822 G_feat_match: 2.108 D_fake: 0.059 D_real: 0.0'
     '57 D_loss: 0.116 '),
    ('( step: 4399, ) G_Loss: 3.642 G_ID: 0.114 G_Rec: 5.095 G_feat_match: 2.021 D_fake: 0.007 D_real: 0.0'
     '22 D_loss: 0.029 '),
    ('( step: 4599, ) G_Loss: 3.939 G_ID: 0.104 G_Rec: 5.762 G_feat_match: 2.005 D_fake: 0.000 D_real: 0.0'
     '00 D_loss: 0.000 '),
    ('( step: 4799, ) G_Loss: 4.885 G_ID: 0.147 G_Rec: 5.248 G_feat_match: 2.001 D_fake: 0.001 D_real: 0.0'
     '60 D_loss: 0.060 '),
    ('( step: 4999, ) G_Loss: 5.048 G_ID: 0.152 G_Rec: 7.614 G_feat_match: 2.090 D_fake: 0.004 D_real: 0.0'
     '00 D_loss: 0.004 '),
    ('( step: 5199, ) G_Loss: 4.913 G_ID: 0.085 G_Rec: 6.729 G_feat_match: 1.949 D_fake: 0.007 D_real: 0.0'
     '02 D_loss: 0.008 '),
    ('( step: 5399, ) G_Loss: 3.854 G_ID: 0.221 G_Rec: 6.519 G_feat_match: 2.128 D_fake: 0.017 D_real: 0.0'
     '00 D_loss: 0.017 '),
    ('( step: 5599, ) G_Loss: 3.842 G_ID: 0.060 G_Rec: 6.811 G_feat_match: 1.944 D_fake: 0.001 D_real: 0.0'
     '00 D_loss: 0.001 '),
    ('( step: 5799, ) G_Loss: 5.258 G_ID: 0.041 G_Rec: 4.667 G_feat_match: 1.843 D_fake: 0.003 D_real: 0.0'
     '00 D_loss: 0.003 '),
    ('( step: 5999, ) G_Loss: 5.413 G_ID: 0.103 G_Rec: 6.156 G_feat_match: 1.996 D_fake: 0.000 D_real: 0.0'
     '27 D_loss: 0.027 '),
    ('( step: 6199, ) G_Loss: 6.615 G_ID: 0.072 G_Rec: 6.624 G_feat_match: 1.908 D_fake: 0.019 D_real: 0.0'
     '00 D_loss: 0.020 '),
    ('( step: 6399, ) G_Loss: 5.029 G_ID: 0.155 G_Rec: 3.981 G_feat_match: 2.054 D_fake: 0.031 D_real: 0.0'
     '00 D_loss: 0.031 '),
    ('( step: 6599, ) G_Loss: 4.361 G_ID: 0.047 G_Rec: 6.424 G_feat_match: 1.916 D_fake: 0.030 D_real: 0.0'
     '00 D_loss: 0.030 '),
    ('( step: 6799, ) G_Loss: 5.797 G_ID: 0.081 G_Rec: 6.216 G_feat_match: 1.901 D_fake: 0.000 D_real: 0.0'
     '05 D_loss: 0.005 '),
    ('( step: 6999, ) G_Loss: 5.488 G_ID: 0.028 G_Rec: 5.277 G_feat_match: 1.678 D_fake: 0.000 D_real: 0.0'
     '00 D_loss: 0.000 '),
    ('( step: 7199, ) G_Loss: 5.642 G_ID: 0.069 G_Rec: 3.618 G_feat_match: 1.723 D_fake: 0.000 D_real: 0.0'
     '02 D_loss: 0.002 '),
    ('( step: 7399, ) G_Loss: 5.260 G_ID: 0.028 G_Rec: 3.536 G_feat_match: 1.677 D_fake: 0.011 D_real: 0.0'
     '00 D_loss: 0.011 '),
    ('( step: 7599, ) G_Loss: 5.344 G_ID: 0.032 G_Rec: 5.975 G_feat_match: 1.715 D_fake: 0.018 D_real: 0.0'
     '00 D_loss: 0.018 '),
    ('( step: 7799, ) G_Loss: 6.737 G_ID: 0.071 G_Rec: 5.013 G_feat_match: 1.796 D_fake: 0.002 D_real: 0.3'
     '17 D_loss: 0.319 '),
    ('( step: 7999, ) G_Loss: 4.746 G_ID: 0.038 G_Rec: 4.542 G_feat_match: 1.753 D_fake: 0.019 D_real: 0.0'
     '08 D_loss: 0.027 '),
    ('( step: 8199, ) G_Loss: 4.494 G_ID: 0.042 G_Rec: 4.568 G_feat_match: 1.685 D_fake: 0.008 D_real: 0.0'
     '00 D_loss: 0.008 '),
    ('( step: 8399, ) G_Loss: 5.875 G_ID: 0.045 G_Rec: 4.523 G_feat_match: 1.793 D_fake: 0.000 D_real: 0.0'
     '02 D_loss: 0.002 '),
    ('( step: 8599, ) G_Loss: 5.257 G_ID: 0.029 G_Rec: 4.266 G_feat_match: 1.572 D_fake: 0.007 D_real: 0.0'
     '00 D_loss: 0.007 '),
    ('( step: 8799, ) G_Loss: 4.802 G_ID: 0.075 G_Rec: 2.080 G_feat_match: 1.961 D_fake: 0.000 D_real: 0.0'
     '01 D_loss: 0.001 '),
    ('( step: 8999, ) G_Loss: 5.390 G_ID: 0.026 G_Rec: 4.073 G_feat_match: 1.626 D_fake: 0.006 D_real: 0.0'
     '02 D_loss: 0.008 '),
    ('( step: 9199, ) G_Loss: 6.358 G_ID: 0.070 G_Rec: 4.800 G_feat_match: 1.926 D_fake: 0.005 D_real: 0.0'
     '22 D_loss: 0.027 '),
    ('( step: 9399, ) G_Loss: 5.272 G_ID: 0.043 G_Rec: 4.204 G_feat_match: 1.761 D_fake: 0.000 D_real: 0.0'
     '16 D_loss: 0.016 '),
    ('( step: 9599, ) G_Loss: 5.846 G_ID: 0.076 G_Rec: 4.155 G_feat_match: 1.873 D_fake: 0.034 D_real: 0.0'
     '00 D_loss: 0.034 '),
    ('( step: 9799, ) G_Loss: 4.785 G_ID: 0.111 G_Rec: 3.046 G_feat_match: 1.784 D_fake: 0.000 D_real: 0.0'
     '03 D_loss: 0.003 '),
]

# StyleGAN2-ADA's ticks, then its crash (github.com/NVlabs/stylegan2-ada-pytorch/issues/114, its block)
STYLEGAN2_ADA = [
    ('tick 0     kimg 0.0      time 46s          sec/tick 6.8     sec/kimg 427.84  maintenance 39.2   cpum'
     'em 4.15   gpumem 5.31   augment 0.000'),
    'Evaluating metrics...',
    ('{"results": {"fid50k_full": 321.0490141017717}, "metric": "fid50k_full", "total_time": 396.519462823'
     '8678, "total_time_str": "6m 37s", "num_gpus": 1, "snapshot_pkl": "network-snapshot-000000.pkl", "tim'
     'estamp": 1621447901.47318}'),
    ('tick 1     kimg 4.0      time 33m 57s      sec/tick 1580.2  sec/kimg 395.06  maintenance 410.3  cpum'
     'em 3.68   gpumem 5.04   augment 0.007'),
    ('tick 2     kimg 8.0      time 59m 31s      sec/tick 1534.0  sec/kimg 383.50  maintenance 0.3    cpum'
     'em 2.16   gpumem 5.04   augment 0.013'),
    ('tick 3     kimg 12.0     time 1h 25m 16s   sec/tick 1544.3  sec/kimg 386.08  maintenance 0.5    cpum'
     'em 1.57   gpumem 5.06   augment 0.019'),
    ('tick 4     kimg 16.0     time 1h 50m 37s   sec/tick 1521.3  sec/kimg 380.33  maintenance 0.5    cpum'
     'em 1.57   gpumem 5.08   augment 0.024'),
    ('tick 5     kimg 20.0     time 2h 15m 58s   sec/tick 1519.7  sec/kimg 379.93  maintenance 0.5    cpum'
     'em 1.57   gpumem 5.07   augment 0.029'),
    ('tick 6     kimg 24.0     time 2h 42m 11s   sec/tick 1572.7  sec/kimg 393.18  maintenance 0.5    cpum'
     'em 0.71   gpumem 5.05   augment 0.033'),
    'Traceback (most recent call last):',
    '  File "train.py", line 538, in <module>',
    '    main() # pylint: disable=no-value-for-parameter',
]

# TensorFlow StyleGAN2's ticks with `lod` and `minibatch` (github.com/skyflynil/stylegan2/issues/2, its block)
STYLEGAN2_TF = [
    ('tick 0     kimg 0.1      lod 0.00  minibatch 32   time 58s          sec/tick 57.7    sec/kimg 450.76'
     '  maintenance 0.0    gpumem 5.1'),
    ('tick 1     kimg 6.1      lod 0.00  minibatch 32   time 12m 16s      sec/tick 648.1   sec/kimg 107.73'
     '  maintenance 30.5   gpumem 5.1'),
    ('tick 2     kimg 12.2     lod 0.00  minibatch 32   time 23m 19s      sec/tick 644.3   sec/kimg 107.10'
     '  maintenance 18.0   gpumem 5.1'),
    ('tick 3     kimg 18.2     lod 0.00  minibatch 32   time 34m 16s      sec/tick 652.4   sec/kimg 108.45'
     '  maintenance 5.1    gpumem 5.1'),
    '^C',
]

# Marian 1.7.8's --log file from `Training started` to its end (github.com/cepin19/dp @
# 8f72d55b83f39fa4fdf54e66b767c59c3ad02457 : logs/europarl/src1tgt0_cz/train_dual_doc.nodelay.log, lines 208-263)
MARIAN = [
    '[2019-02-27 21:08:49] Training started',
    '[2019-02-27 21:08:49] [data] Shuffling data',
    '[2019-02-27 21:08:50] [data] Done reading 620637 sentences',
    '[2019-02-27 21:08:52] [data] Done shuffling 620637 sentences to temp files',
    '[2019-02-27 21:09:12] [training] Batches are processed as 1 process(es) x 3 devices/process',
    '[2019-02-27 21:09:12] [memory] Reserving 313 MB, device gpu2',
    '[2019-02-27 21:09:12] [memory] Reserving 313 MB, device gpu1',
    '[2019-02-27 21:09:12] [memory] Reserving 313 MB, device gpu3',
    '[2019-02-27 21:09:12] [memory] Reserving 313 MB, device gpu2',
    '[2019-02-27 21:09:12] [memory] Reserving 313 MB, device gpu1',
    '[2019-02-27 21:09:12] [memory] Reserving 313 MB, device gpu3',
    '[2019-02-27 21:09:12] [memory] Reserving 104 MB, device gpu1',
    '[2019-02-27 21:09:12] [memory] Reserving 104 MB, device gpu2',
    '[2019-02-27 21:09:12] [memory] Reserving 104 MB, device gpu3',
    '[2019-02-27 21:09:13] [memory] Reserving 104 MB, device gpu1',
    '[2019-02-27 21:09:13] [memory] Reserving 104 MB, device gpu2',
    '[2019-02-27 21:09:13] [memory] Reserving 104 MB, device gpu3',
    '[2019-02-27 21:09:13] [memory] Reserving 208 MB, device gpu2',
    '[2019-02-27 21:09:13] [memory] Reserving 208 MB, device gpu1',
    '[2019-02-27 21:09:13] [memory] Reserving 208 MB, device gpu3',
    ('[2019-02-27 21:13:26] Ep. 1 : Up. 500 : Sen. 141,119 : Cost 249.71469116 : Time 288.83s : 12757.46 w'
     'ords/s : L.r. 9.3750e-06'),
    ('[2019-02-27 21:17:44] Ep. 1 : Up. 1000 : Sen. 279,738 : Cost 218.74433899 : Time 257.64s : 14267.09 '
     'words/s : L.r. 1.8750e-05'),
    ('[2019-02-27 21:22:02] Ep. 1 : Up. 1500 : Sen. 414,913 : Cost 219.86585999 : Time 258.02s : 14175.67 '
     'words/s : L.r. 2.8125e-05'),
    '[2019-02-27 21:25:11] Seen 515211 samples',
    '[2019-02-27 21:25:11] Starting epoch 2',
    '[2019-02-27 21:25:11] [data] Shuffling data',
    '[2019-02-27 21:25:11] [data] Done reading 620637 sentences',
    '[2019-02-27 21:25:13] [data] Done shuffling 620637 sentences to temp files',
    ('[2019-02-27 21:26:41] Ep. 2 : Up. 2000 : Sen. 37,562 : Cost 210.07145691 : Time 279.24s : 12883.13 w'
     'ords/s : L.r. 3.7500e-05'),
    ('[2019-02-27 21:30:59] Ep. 2 : Up. 2500 : Sen. 174,955 : Cost 214.57392883 : Time 257.94s : 14221.09 '
     'words/s : L.r. 4.6875e-05'),
    ('[2019-02-27 21:35:16] Ep. 2 : Up. 3000 : Sen. 313,690 : Cost 210.63520813 : Time 256.97s : 14113.33 '
     'words/s : L.r. 5.6250e-05'),
    ('[2019-02-27 21:39:35] Ep. 2 : Up. 3500 : Sen. 448,819 : Cost 219.08778381 : Time 259.21s : 14084.59 '
     'words/s : L.r. 6.5625e-05'),
    '[2019-02-27 21:41:38] Seen 515211 samples',
    '[2019-02-27 21:41:38] Starting epoch 3',
    '[2019-02-27 21:41:38] [data] Shuffling data',
    '[2019-02-27 21:41:39] [data] Done reading 620637 sentences',
    '[2019-02-27 21:41:41] [data] Done shuffling 620637 sentences to temp files',
    ('[2019-02-27 21:44:15] Ep. 3 : Up. 4000 : Sen. 72,505 : Cost 213.04646301 : Time 280.01s : 12924.52 w'
     'ords/s : L.r. 7.5000e-05'),
    ('[2019-02-27 21:48:34] Ep. 3 : Up. 4500 : Sen. 211,430 : Cost 216.01626587 : Time 258.23s : 14043.69 '
     'words/s : L.r. 8.4375e-05'),
    ('[2019-02-27 21:52:52] Ep. 3 : Up. 5000 : Sen. 345,656 : Cost 228.41201782 : Time 258.51s : 14178.41 '
     'words/s : L.r. 9.3750e-05'),
    ('[2019-02-27 21:52:52] Saving model weights and runtime parameters to model/model.src1tgt0.doc.gate3.'
     'npz.orig.npz'),
    ('[2019-02-27 21:52:53] Saving model weights and runtime parameters to model/model.src1tgt0.doc.gate3.'
     'iter5000.npz'),
    '[2019-02-27 21:52:54] Saving model weights and runtime parameters to model/model.src1tgt0.doc.gate3.npz',
    '[2019-02-27 21:52:56] Saving Adam parameters to model/model.src1tgt0.doc.gate3.npz.optimizer.npz',
    '[2019-02-27 21:53:03] [valid] Ep. 3 : Up. 5000 : cross-entropy : 238.503 : new best',
    '[2019-02-27 21:53:09] [valid] Ep. 3 : Up. 5000 : perplexity : 2218.46 : new best',
    'Detokenizer Version $Revision: 4134 $',
    'Language: en',
    '[2019-02-27 21:57:23] [valid] Ep. 3 : Up. 5000 : translation : 0 : new best',
    ('[2019-02-27 22:01:42] Ep. 3 : Up. 5500 : Sen. 484,730 : Cost 222.67492676 : Time 529.59s : 6920.10 w'
     'ords/s : L.r. 1.0313e-04'),
    '[2019-02-27 22:02:38] Seen 515211 samples',
    '[2019-02-27 22:02:38] Starting epoch 4',
    '[2019-02-27 22:02:38] [data] Shuffling data',
    '[2019-02-27 22:02:38] [data] Done reading 620637 sentences',
    '[2019-02-27 22:02:40] [data] Done shuffling 620637 sentences to temp files',
    ('train_dual_doc.single.gpu.sh: line 27: 29781 Terminated              $marian_home/marian --model mod'
     'el/model.src1tgt0.doc.gate3.npz --type transformer-context --train-sets corp/europarl.cs-en.docs.tra'
     'in.en.bpe.src_prev corp/europarl.cs-en.docs.train.en.bpe.src corp/europarl.cs-en.docs.train.cz.bpe -'
     '-max-length 55 --dim-vocabs 30000 30000 --vocabs corp/vocab.encs.europarl.yml corp/vocab.encs.europa'
     'rl.yml corp/vocab.encs.europarl.yml --mini-batch-fit -w 8900 --mini-batch 1000 --maxi-batch 1000 --e'
     'arly-stopping 10 --valid-freq 5000 --save-freq 5000 --disp-freq 500 --valid-metrics cross-entropy pe'
     'rplexity translation --valid-sets corp/europarl.cs-en.docs.dev.en.bpe.src_prev corp/europarl.cs-en.d'
     'ocs.dev.en.bpe.src corp/europarl.cs-en.docs.dev.cz.bpe --valid-script-path ./val.sh --valid-translat'
     'ion-output data/valid.bpe.en.output --quiet-translation --valid-mini-batch 16 --beam-size 6 --normal'
     'ize 0.6 --log model/train_trans.doc.log --valid-log model/valid_trans.doc.log --enc-depth 6 --dec-de'
     'pth 6 --transformer-heads 8 --transformer-postprocess-emb d --transformer-postprocess dan --transfor'
     'mer-dropout 0.1 --label-smoothing 0.1 --learn-rate 0.0003 --lr-warmup 16000 --lr-decay-inv-sqrt 1600'
     '0 --lr-report --optimizer-params 0.9 0.98 1e-09 --clip-norm 5 --tied-embeddings-all --devices 1 2 3 '
     '--sync-sgd --seed 1111 --exponential-smoothing --no-restore-corpus --no-nccl'),
]

# spaCy v3's training table (a Polish project's documentation, the training output it quotes)
SPACY_TABLE = [
    '============================= Training pipeline =============================',
    "ℹ Pipeline: ['tok2vec', 'ner']",
    'ℹ Initial learn rate: 0.001',
    'E    #       LOSS TOK2VEC  LOSS NER  ENTS_F  ENTS_P  ENTS_R  SCORE ',
    '---  ------  ------------  --------  ------  ------  ------  ------',
    '  0       0          0.00     85.26    0.00    0.00    0.00    0.00',
    '  1     200       1119.35   3977.76   34.89   46.10   28.06    0.35',
    '  3     400       3756.25   1841.34   57.26   60.26   54.55    0.57',
    '  5     600       7120.52   1123.15   55.86   60.65   51.78    0.56',
    '  7     800        573.38    845.93   61.47   65.77   57.71    0.61',
    '  9    1000       1486.53    829.37   60.00   64.98   55.73    0.60',
    ' 13    1200      11362.58    702.06   64.46   67.53   61.66    0.64',
]

# spaCy v3's table header, then its failure before a first row (github.com/BCDH/spacy-serbian-pipeline @
# d45d39c4bf1fce2ef33c57032504a9d0b6434961 : training_errors_in_spacy3.md, its block's first 24 lines)
SPACY_CRASH = [
    '(env) ⋊> ~/D/B/spacy-serbian-pipeline on binder-fish ⨯ python3 -m spacy train config.cfg --output models/srp',
    'ℹ Using CPU',
    '',
    '=========================== Initializing pipeline ===========================',
    'Set up nlp object from config',
    "Pipeline: ['lemmatizer', 'tok2vec', 'tagger', 'parser']",
    'Created vocabulary',
    'Finished initializing nlp object',
    "Initialized pipeline components: ['lemmatizer', 'tok2vec', 'tagger', 'parser']",
    '✔ Initialized pipeline',
    '',
    '============================= Training pipeline =============================',
    "ℹ Pipeline: ['lemmatizer', 'tok2vec', 'tagger', 'parser']",
    'ℹ Initial learn rate: 0.001',
    'E    #       LOSS TOK2VEC  LOSS TAGGER  LOSS PARSER  LEMMA_ACC  TAG_ACC  DEP_UAS  DEP_LAS  SENTS_F  SCORE',
    '---  ------  ------------  -----------  -----------  ---------  -------  -------  -------  -------  ------',
    '⚠ Aborting and saving the final best model. Encountered exception:',
    'KeyError("[E900] Could not run the full pipeline for evaluation. If you',
    'specified frozen components, make sure they were already initialized and',
    'trained. Full pipeline: [\'lemmatizer\', \'tok2vec\', \'tagger\', \'parser\']")',
    'Traceback (most recent call last):',
    ('  File "/Users/ttasovac/Development/BCDH/spacy-serbian-pipeline/env/lib/python3.8/site-packages/spac'
     'y/training/loop.py", line 261, in evaluate'),
    '    scores = nlp.evaluate(dev_corpus(nlp))',
    ('  File "/Users/ttasovac/Development/BCDH/spacy-serbian-pipeline/env/lib/python3.8/site-packages/spac'
     'y/language.py", line 1319, in evaluate'),
]

# SimpleTuner's steps bar with its epoch before it (github.com/bghira/SimpleTuner/issues/1250, the issue's output block)
SIMPLETUNER = [
    ('Epoch 38/65, Steps:  57%|████████▋      | 5750/10000 [18:09<12:43,  5.57it/s, grad_norm=0.00485, lr='
     '1.04e-5, step_loss=0.434]'),
    ('Epoch 39/65, Steps:  60%|█████████      | 6000/10000 [18:54<09:16,  7.19it/s, grad_norm=0.00372, lr='
     '9.89e-6, step_loss=0.777]'),
    ('Epoch 41/65, Steps:  62%|██████████      | 6250/10000 [19:45<09:34,  6.53it/s, grad_norm=0.0405, lr='
     '9.42e-6, step_loss=0.421]'),
    ('Epoch 43/65, Steps:  65%|█████████▊     | 6500/10000 [20:31<10:54,  5.35it/s, grad_norm=0.00735, lr='
     '8.93e-6, step_loss=0.488]'),
    ('Epoch 44/65, Steps:  68%|██████████▏    | 6750/10000 [21:23<11:00,  4.92it/s, grad_norm=0.00427, lr='
     '8.44e-6, step_loss=0.429]'),
    ('Epoch 46/65, Steps:  70%|███████████▏    | 7000/10000 [22:07<09:34,  5.22it/s, grad_norm=0.0184, lr='
     '7.94e-6, step_loss=0.465]'),
    ('Epoch 48/65, Steps:  72%|███████████▌    | 7250/10000 [23:00<06:55,  6.61it/s, grad_norm=0.0146, lr='
     '7.44e-6, step_loss=0.437]'),
    ('Epoch 49/65, Steps:  75%|███████████▎   | 7500/10000 [23:42<07:36,  5.48it/s, grad_norm=0.00343, lr='
     '6.92e-6, step_loss=0.603]'),
    ('Epoch 51/65, Steps:  78%|███████████▋   | 7750/10000 [24:36<06:59,  5.36it/s, grad_norm=0.00638, lr='
     '6.39e-6, step_loss=0.369]'),
    ('Epoch 52/65, Steps:  80%|█████████████▌   | 7999/10000 [25:19<17:35,  1.90it/s, grad_norm=0.0114, lr'
     '=5.85e-6, step_loss=0.34]'),
]

# latent-diffusion on Lightning 1.x, its bar counting the validation's batches too (github.com/CompVis/
# latent-diffusion/issues/8, a comment's block)
LATENT_DIFFUSION = [
    '...',
    'Epoch 15, global step 3375: val/loss_simple_ema was not in top 3',
    ('Epoch 16: 100%|█| 220/220 [13:47<00:00,  3.74s/it, loss=0.798, v_num=0, train/loss_simple_step=0.797'
     ', train/loss_vlb_step=0.00455, train/losAverage Epoch time: 827.48 seconds'),
    'Average Peak memory 31916.12MiB',
    'Epoch 16, global step 3586: val/loss_simple_ema was not in top 3',
    ('Epoch 17: 100%|█| 220/220 [13:47<00:00,  3.74s/it, loss=0.797, v_num=0, train/loss_simple_step=0.797'
     ', train/loss_vlb_step=0.00526, train/losAverage Epoch time: 827.51 seconds'),
    'Average Peak memory 31916.25MiB',
    'Epoch 17, global step 3797: val/loss_simple_ema was not in top 3',
]

# nccl-tests of 2019 (NCCL 2.4.2: no root column), -g 4, indented in reStructuredText (github.com/rcgsheffield/
# sheffield_hpc @ 0ccb359fa47d19e63538a7b600c0fbb5503ced5a : bessemer/software/libs/cuda.rst, the CUDA 10.1 results block)
NCCL_TESTS_2019 = [
    '   # nThread 1 nGpus 4 minBytes 8 maxBytes 134217728 step: 2(factor) warmup iters: 5 iters: 20 validation: 1',
    '   #',
    '   # Using devices',
    '   #   Rank  0 Pid  31823 on bessemer-node026 device  0 [0x3d] Tesla V100-PCIE-32GB',
    '   #   Rank  1 Pid  31823 on bessemer-node026 device  1 [0x3e] Tesla V100-PCIE-32GB',
    '   #   Rank  2 Pid  31823 on bessemer-node026 device  2 [0x3f] Tesla V100-PCIE-32GB',
    '   #   Rank  3 Pid  31823 on bessemer-node026 device  3 [0x40] Tesla V100-PCIE-32GB',
    '   #',
    '   #                                                     out-of-place                       in-place',
    ('   #       size         count    type   redop     time   algbw   busbw  error     time   algbw   bus'
     'bw  error'),
    '   #        (B)    (elements)                     (us)  (GB/s)  (GB/s)            (us)  (GB/s)  (GB/s)',
    ('              8             2   float     sum    16.36    0.00    0.00  1e-07    15.99    0.00    0.'
     '00  0e+00'),
    ('             16             4   float     sum    183.5    0.00    0.00  3e-08    16.04    0.00    0.'
     '00  3e-08'),
    ('             32             8   float     sum    15.99    0.00    0.00  3e-08    15.93    0.00    0.'
     '00  3e-08'),
    ('             64            16   float     sum    16.13    0.00    0.01  3e-08    16.12    0.00    0.'
     '01  3e-08'),
    ('            128            32   float     sum    255.5    0.00    0.00  3e-08    16.10    0.01    0.'
     '01  3e-08'),
    ('            256            64   float     sum    16.23    0.02    0.02  3e-08    16.15    0.02    0.'
     '02  3e-08'),
    ('            512           128   float     sum    16.13    0.03    0.05  3e-08    16.08    0.03    0.'
     '05  1e-08'),
    ('           1024           256   float     sum    16.08    0.06    0.10  1e-07    16.28    0.06    0.'
     '09  1e-07'),
    ('           2048           512   float     sum    16.44    0.12    0.19  1e-07    16.15    0.13    0.'
     '19  1e-07'),
    ('           4096          1024   float     sum    16.41    0.25    0.37  2e-07    16.38    0.25    0.'
     '37  2e-07'),
    ('           8192          2048   float     sum    16.56    0.49    0.74  2e-07    16.22    0.51    0.'
     '76  2e-07'),
    ('          16384          4096   float     sum    19.62    0.84    1.25  2e-07    18.78    0.87    1.'
     '31  2e-07'),
    ('          32768          8192   float     sum    29.21    1.12    1.68  2e-07    27.23    1.20    1.'
     '80  2e-07'),
    ('          65536         16384   float     sum    46.77    1.40    2.10  2e-07    43.66    1.50    2.'
     '25  2e-07'),
    ('         131072         32768   float     sum    51.53    2.54    3.82  2e-07    50.77    2.58    3.'
     '87  2e-07'),
    ('         262144         65536   float     sum    67.61    3.88    5.82  2e-07    67.61    3.88    5.'
     '82  2e-07'),
    ('         524288        131072   float     sum    100.3    5.23    7.84  2e-07    100.3    5.23    7.'
     '84  2e-07'),
    ('        1048576        262144   float     sum    165.5    6.33    9.50  2e-07    165.1    6.35    9.'
     '52  2e-07'),
    ('        2097152        524288   float     sum    301.1    6.96   10.45  2e-07    299.6    7.00   10.'
     '50  2e-07'),
    ('        4194304       1048576   float     sum    588.3    7.13   10.69  2e-07    583.7    7.19   10.'
     '78  2e-07'),
    ('        8388608       2097152   float     sum   1141.4    7.35   11.02  2e-07   1133.3    7.40   11.'
     '10  2e-07'),
    ('       16777216       4194304   float     sum   2269.2    7.39   11.09  2e-07   2256.6    7.43   11.'
     '15  2e-07'),
    ('       33554432       8388608   float     sum   4510.3    7.44   11.16  2e-07   4497.0    7.46   11.'
     '19  2e-07'),
    ('       67108864      16777216   float     sum   9013.1    7.45   11.17  2e-07   8998.9    7.46   11.'
     '19  2e-07'),
    ('      134217728      33554432   float     sum    18003    7.46   11.18  2e-07    17974    7.47   11.'
     '20  2e-07'),
    '   # Out of bounds values : 0 OK',
    '   # Avg bus bandwidth    : 4.42606',
    '   #',
]

# rccl-tests on 2 MI355X hosts: no `# nThread` line, rank lines with no device name (github.com/hisohara/
# ai-scripts @ 0780bb3c957ba1dd4254b3147c2027a44304db34 : training/01_rccl-smoketest/README.md, section Result on AAC14 with
# 2-node, whole)
RCCL_TESTS_NO_NAMES = [
    'rccl-tests: Version develop:5272cd1',
    '# Using devices',
    '#  Rank  0 Group  0 Pid 2908511 on mi355-gpu-23 device  0 [0000:75:00]',
    '#  Rank  1 Group  0 Pid 2908512 on mi355-gpu-23 device  1 [0000:05:00]',
    '#  Rank  2 Group  0 Pid 2908513 on mi355-gpu-23 device  2 [0000:65:00]',
    '#  Rank  3 Group  0 Pid 2908514 on mi355-gpu-23 device  3 [0000:15:00]',
    '#  Rank  4 Group  0 Pid 2908515 on mi355-gpu-23 device  4 [0000:f5:00]',
    '#  Rank  5 Group  0 Pid 2908516 on mi355-gpu-23 device  5 [0000:85:00]',
    '#  Rank  6 Group  0 Pid 2908517 on mi355-gpu-23 device  6 [0000:e5:00]',
    '#  Rank  7 Group  0 Pid 2908518 on mi355-gpu-23 device  7 [0000:95:00]',
    '#  Rank  8 Group  0 Pid 1167745 on mi355-gpu-24 device  0 [0000:75:00]',
    '#  Rank  9 Group  0 Pid 1167740 on mi355-gpu-24 device  1 [0000:05:00]',
    '#  Rank 10 Group  0 Pid 1167742 on mi355-gpu-24 device  2 [0000:65:00]',
    '#  Rank 11 Group  0 Pid 1167744 on mi355-gpu-24 device  3 [0000:15:00]',
    '#  Rank 12 Group  0 Pid 1167743 on mi355-gpu-24 device  4 [0000:f5:00]',
    '#  Rank 13 Group  0 Pid 1167741 on mi355-gpu-24 device  5 [0000:85:00]',
    '#  Rank 14 Group  0 Pid 1167746 on mi355-gpu-24 device  6 [0000:e5:00]',
    '#  Rank 15 Group  0 Pid 1167747 on mi355-gpu-24 device  7 [0000:95:00]',
    'RCCL version : 2.26.6-HEAD:6ade506',
    'HIP version  : 7.0.51831-a3e329ad8',
    'ROCm version : 7.0.1.0-42-9428210',
    'Hostname     : mi355-gpu-23',
    ('Librccl path : /shared/amdgpu/home/hisaki_ohara_7kq/Projects/ai-scripts/training/01_rccl-smoketest/R'
     'CCL-ANP.1/rccl-6ade506/build/release/build/lib/librccl.so.1.0'),
    '#',
    '#                                                              out-of-place                       in-place',
    ('#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algb'
     'w   busbw #wrong'),
    ('#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  (GB/s'
     ')  (GB/s)'),
    '# Testing 1 cycle.',
    ('           8             2     float     sum      -1    41.16    0.00    0.00      0    39.80    0.0'
     '0    0.00      0'),
    ('          16             4     float     sum      -1    40.09    0.00    0.00      0    39.52    0.0'
     '0    0.00      0'),
    ('          32             8     float     sum      -1    39.34    0.00    0.00      0    40.04    0.0'
     '0    0.00      0'),
    ('          64            16     float     sum      -1    40.38    0.00    0.00      0    43.36    0.0'
     '0    0.00      0'),
    ('         128            32     float     sum      -1    41.41    0.00    0.01      0    41.59    0.0'
     '0    0.01      0'),
    ('         256            64     float     sum      -1    43.11    0.01    0.01      0    43.29    0.0'
     '1    0.01      0'),
    ('         512           128     float     sum      -1    44.18    0.01    0.02      0    44.31    0.0'
     '1    0.02      0'),
    ('        1024           256     float     sum      -1    47.20    0.02    0.04      0    47.28    0.0'
     '2    0.04      0'),
    ('        2048           512     float     sum      -1    50.81    0.04    0.08      0    50.82    0.0'
     '4    0.08      0'),
    ('        4096          1024     float     sum      -1    55.28    0.07    0.14      0    52.19    0.0'
     '8    0.15      0'),
    ('        8192          2048     float     sum      -1    55.27    0.15    0.28      0    53.00    0.1'
     '5    0.29      0'),
    ('       16384          4096     float     sum      -1    56.25    0.29    0.55      0    54.10    0.3'
     '0    0.57      0'),
    ('       32768          8192     float     sum      -1    56.51    0.58    1.09      0    56.03    0.5'
     '8    1.10      0'),
    ('       65536         16384     float     sum      -1    59.17    1.11    2.08      0    59.74    1.1'
     '0    2.06      0'),
    ('      131072         32768     float     sum      -1    65.97    1.99    3.73      0    66.40    1.9'
     '7    3.70      0'),
    ('      262144         65536     float     sum      -1    67.22    3.90    7.31      0    67.44    3.8'
     '9    7.29      0'),
    ('      524288        131072     float     sum      -1    69.78    7.51   14.09      0    68.90    7.6'
     '1   14.27      0'),
    ('     1048576        262144     float     sum      -1    81.37   12.89   24.16      0    82.36   12.7'
     '3   23.87      0'),
    ('     2097152        524288     float     sum      -1    98.50   21.29   39.92      0    99.08   21.1'
     '7   39.68      0'),
    ('     4194304       1048576     float     sum      -1    118.6   35.36   66.30      0    119.5   35.0'
     '9   65.79      0'),
    ('     8388608       2097152     float     sum      -1    166.5   50.39   94.49      0    164.6   50.9'
     '5   95.54      0'),
    ('    16777216       4194304     float     sum      -1    261.6   64.12  120.23      0    259.3   64.7'
     '0  121.30      0'),
    ('    33554432       8388608     float     sum      -1    391.8   85.65  160.59      0    391.4   85.7'
     '4  160.76      0'),
    ('    67108864      16777216     float     sum      -1    614.3  109.25  204.84      0    612.6  109.5'
     '5  205.40      0'),
    ('   134217728      33554432     float     sum      -1   1041.8  128.84  241.57      0   1043.5  128.6'
     '3  241.17      0'),
    ('   268435456      67108864     float     sum      -1   1652.0  162.49  304.67      0   1604.5  167.3'
     '0  313.68      0'),
    ('   536870912     134217728     float     sum      -1   2880.5  186.38  349.47      0   2865.4  187.3'
     '6  351.31      0'),
    ('  1073741824     268435456     float     sum      -1   5525.0  194.34  364.39      0   5525.8  194.3'
     '1  364.34      0'),
    ('  2147483648     536870912     float     sum      -1    10989  195.41  366.40      0    10990  195.4'
     '1  366.39      0'),
    ('  4294967296    1073741824     float     sum      -1    21870  196.38  368.22      0    21868  196.4'
     '1  368.26      0'),
    ('  8589934592    2147483648     float     sum      -1    43643  196.82  369.04      0    43639  196.8'
     '4  369.08      0'),
]

# the PyTorch MNIST example under Kubeflow's training SDK, its pod's log (github.com/kubeflow/training-operator @
# 0540b9011c9e832c39a5415db8f6108b8f681df5 : examples/pytorch/image-classification/create-pytorchjob.ipynb, the
# output of `training_client.get_job_logs(name=name)`)
KUBEFLOW_MNIST = [
    'The logs of pod pytorch-dist-mnist-gloo-master-0:',
    ' Using distributed PyTorch with gloo backend',
    'Downloading http://yann.lecun.com/exdb/mnist/train-images-idx3-ubyte.gz',
    'Downloading http://yann.lecun.com/exdb/mnist/train-labels-idx1-ubyte.gz',
    'Downloading http://yann.lecun.com/exdb/mnist/t10k-images-idx3-ubyte.gz',
    'Downloading http://yann.lecun.com/exdb/mnist/t10k-labels-idx1-ubyte.gz',
    'Processing...',
    'Done!',
    'Train Epoch: 1 [0/60000 (0%)]\tloss=2.3000',
    'Train Epoch: 1 [640/60000 (1%)]\tloss=2.2135',
    'Train Epoch: 1 [1280/60000 (2%)]\tloss=2.1704',
    'Train Epoch: 1 [1920/60000 (3%)]\tloss=2.0766',
    'Train Epoch: 1 [2560/60000 (4%)]\tloss=1.8679',
    'Train Epoch: 1 [3200/60000 (5%)]\tloss=1.4135',
    'Train Epoch: 1 [3840/60000 (6%)]\tloss=1.0003',
    'Train Epoch: 1 [4480/60000 (7%)]\tloss=0.7762',
    'Train Epoch: 1 [5120/60000 (9%)]\tloss=0.4598',
    'Train Epoch: 1 [5760/60000 (10%)]\tloss=0.4860',
    'Train Epoch: 1 [6400/60000 (11%)]\tloss=0.4389',
    'Train Epoch: 1 [7040/60000 (12%)]\tloss=0.4084',
    'Train Epoch: 1 [7680/60000 (13%)]\tloss=0.4602',
    'Train Epoch: 1 [8320/60000 (14%)]\tloss=0.4289',
    'Train Epoch: 1 [8960/60000 (15%)]\tloss=0.3990',
    'Train Epoch: 1 [9600/60000 (16%)]\tloss=0.3852',
    'Train Epoch: 1 [10240/60000 (17%)]\tloss=0.2984',
    'Train Epoch: 1 [10880/60000 (18%)]\tloss=0.5029',
    'Train Epoch: 1 [11520/60000 (19%)]\tloss=0.5236',
    'Train Epoch: 1 [12160/60000 (20%)]\tloss=0.3378',
    'Train Epoch: 1 [12800/60000 (21%)]\tloss=0.3674',
    'Train Epoch: 1 [13440/60000 (22%)]\tloss=0.4508',
    'Train Epoch: 1 [14080/60000 (23%)]\tloss=0.3034',
    'Train Epoch: 1 [14720/60000 (25%)]\tloss=0.3574',
    'Train Epoch: 1 [15360/60000 (26%)]\tloss=0.3313',
    'Train Epoch: 1 [16000/60000 (27%)]\tloss=0.4405',
    'Train Epoch: 1 [16640/60000 (28%)]\tloss=0.3642',
    'Train Epoch: 1 [17280/60000 (29%)]\tloss=0.3172',
    'Train Epoch: 1 [17920/60000 (30%)]\tloss=0.2016',
    'Train Epoch: 1 [18560/60000 (31%)]\tloss=0.4978',
    'Train Epoch: 1 [19200/60000 (32%)]\tloss=0.3254',
    'Train Epoch: 1 [19840/60000 (33%)]\tloss=0.1191',
    'Train Epoch: 1 [20480/60000 (34%)]\tloss=0.1905',
    'Train Epoch: 1 [21120/60000 (35%)]\tloss=0.1408',
    'Train Epoch: 1 [21760/60000 (36%)]\tloss=0.3147',
    'Train Epoch: 1 [22400/60000 (37%)]\tloss=0.1505',
    'Train Epoch: 1 [23040/60000 (38%)]\tloss=0.2898',
    'Train Epoch: 1 [23680/60000 (39%)]\tloss=0.4685',
    'Train Epoch: 1 [24320/60000 (41%)]\tloss=0.2158',
    'Train Epoch: 1 [24960/60000 (42%)]\tloss=0.1521',
    'Train Epoch: 1 [25600/60000 (43%)]\tloss=0.2248',
    'Train Epoch: 1 [26240/60000 (44%)]\tloss=0.2623',
    'Train Epoch: 1 [26880/60000 (45%)]\tloss=0.2335',
    'Train Epoch: 1 [27520/60000 (46%)]\tloss=0.2623',
    'Train Epoch: 1 [28160/60000 (47%)]\tloss=0.2126',
    'Train Epoch: 1 [28800/60000 (48%)]\tloss=0.1328',
    'Train Epoch: 1 [29440/60000 (49%)]\tloss=0.2779',
    'Train Epoch: 1 [30080/60000 (50%)]\tloss=0.0943',
    'Train Epoch: 1 [30720/60000 (51%)]\tloss=0.1285',
    'Train Epoch: 1 [31360/60000 (52%)]\tloss=0.2455',
    'Train Epoch: 1 [32000/60000 (53%)]\tloss=0.3396',
    'Train Epoch: 1 [32640/60000 (54%)]\tloss=0.1523',
    'Train Epoch: 1 [33280/60000 (55%)]\tloss=0.0916',
    'Train Epoch: 1 [33920/60000 (57%)]\tloss=0.1448',
    'Train Epoch: 1 [34560/60000 (58%)]\tloss=0.1989',
    'Train Epoch: 1 [35200/60000 (59%)]\tloss=0.2183',
    'Train Epoch: 1 [35840/60000 (60%)]\tloss=0.0638',
    'Train Epoch: 1 [36480/60000 (61%)]\tloss=0.1373',
    'Train Epoch: 1 [37120/60000 (62%)]\tloss=0.1147',
    'Train Epoch: 1 [37760/60000 (63%)]\tloss=0.2355',
    'Train Epoch: 1 [38400/60000 (64%)]\tloss=0.0636',
    'Train Epoch: 1 [39040/60000 (65%)]\tloss=0.1065',
    'Train Epoch: 1 [39680/60000 (66%)]\tloss=0.1599',
    'Train Epoch: 1 [40320/60000 (67%)]\tloss=0.1090',
    'Train Epoch: 1 [40960/60000 (68%)]\tloss=0.1774',
    'Train Epoch: 1 [41600/60000 (69%)]\tloss=0.2307',
    'Train Epoch: 1 [42240/60000 (70%)]\tloss=0.0736',
    'Train Epoch: 1 [42880/60000 (71%)]\tloss=0.1553',
    'Train Epoch: 1 [43520/60000 (72%)]\tloss=0.2793',
    'Train Epoch: 1 [44160/60000 (74%)]\tloss=0.1428',
    'Train Epoch: 1 [44800/60000 (75%)]\tloss=0.1179',
    'Train Epoch: 1 [45440/60000 (76%)]\tloss=0.1205',
    'Train Epoch: 1 [46080/60000 (77%)]\tloss=0.0767',
    'Train Epoch: 1 [46720/60000 (78%)]\tloss=0.1946',
    'Train Epoch: 1 [47360/60000 (79%)]\tloss=0.0703',
    'Train Epoch: 1 [48000/60000 (80%)]\tloss=0.2094',
    'Train Epoch: 1 [48640/60000 (81%)]\tloss=0.1378',
    'Train Epoch: 1 [49280/60000 (82%)]\tloss=0.0950',
    'Train Epoch: 1 [49920/60000 (83%)]\tloss=0.1066',
    'Train Epoch: 1 [50560/60000 (84%)]\tloss=0.1182',
    'Train Epoch: 1 [51200/60000 (85%)]\tloss=0.1455',
    'Train Epoch: 1 [51840/60000 (86%)]\tloss=0.0684',
    'Train Epoch: 1 [52480/60000 (87%)]\tloss=0.0241',
    'Train Epoch: 1 [53120/60000 (88%)]\tloss=0.2626',
    'Train Epoch: 1 [53760/60000 (90%)]\tloss=0.0922',
    'Train Epoch: 1 [54400/60000 (91%)]\tloss=0.1301',
    'Train Epoch: 1 [55040/60000 (92%)]\tloss=0.1921',
    'Train Epoch: 1 [55680/60000 (93%)]\tloss=0.0346',
    'Train Epoch: 1 [56320/60000 (94%)]\tloss=0.0358',
    'Train Epoch: 1 [56960/60000 (95%)]\tloss=0.0767',
    'Train Epoch: 1 [57600/60000 (96%)]\tloss=0.1167',
    'Train Epoch: 1 [58240/60000 (97%)]\tloss=0.1932',
    'Train Epoch: 1 [58880/60000 (98%)]\tloss=0.2062',
    'Train Epoch: 1 [59520/60000 (99%)]\tloss=0.0647',
    '',
    'accuracy=0.9669',
    '',
    '',
]

# OpenRLHF's PPO on Ray: its actors' prefixes on lines of their own, vLLM's prompt bars, the trainer's
# episode bar (github.com/OpenRLHF/OpenRLHF/issues/350, the issue's block)
OPENRLHF_EPISODES = [
    '(LLMRayActor pid=676132)',
    'Processed prompts:   6%|▋         | 1/16 [00:12<03:11, 12.76s/it]',
    'Processed prompts: 100%|██████████| 16/16 [00:12<00:00,  1.25it/s]',
    '(LLMRayActor pid=676133)',
    'Processed prompts:   0%|          | 0/16 [00:00<?, ?it/s]',
    '(ActorModelRayActor pid=675352)',
    'Episode [1/1]:  92%|█████████▏| 11/12 [03:32<00:19, 19.50s/it]',
    '(LLMRayActor pid=676133)',
    'Processed prompts:   6%|▋         | 1/16 [00:12<03:14, 12.96s/it]',
    'Processed prompts: 100%|██████████| 16/16 [00:12<00:00,  1.23it/s]',
    '(LLMRayActor pid=676132)',
    'Processed prompts:   0%|          | 0/16 [00:00<?, ?it/s]',
    '(LLMRayActor pid=676132)',
    'Processed prompts:   6%|▋         | 1/16 [00:12<03:08, 12.56s/it]',
    'Processed prompts: 100%|██████████| 16/16 [00:12<00:00,  1.27it/s]',
    '(LLMRayActor pid=676133)',
    'Processed prompts:   0%|          | 0/16 [00:00<?, ?it/s]',
    '(ActorModelRayActor pid=675352)',
    'Episode [1/1]: 100%|██████████| 12/12 [03:51<00:00, 19.18s/it]',
    'Episode [1/1]: 100%|██████████| 12/12 [03:51<00:00, 19.27s/it]',
    '(LLMRayActor pid=676133)',
    'Processed prompts:   6%|▋         | 1/16 [00:12<03:12, 12.82s/it]',
    'Processed prompts: 100%|██████████| 16/16 [00:12<00:00,  1.25it/s]',
    ('(RayWorkerWrapper pid=676716) init_process_group: master_address=0.0.0.0, master_port=50949,  rank=2'
     ', world_size=5, group_name=openrlhf [repeated 3x across cluster]'),
    '',
    '------------------------------------------',
]

# rl_games' PPO on Brax (github.com/Denys88/rl_games/issues/170, the issue's block)
RL_GAMES = [
    'fps step: 1048568.0 fps step and policy inference: 699047.1  fps total: 299589.9 epoch: 3/1000',
    'fps step: 1048576.0 fps step and policy inference: 699047.1  fps total: 299589.9 epoch: 4/1000',
    'fps step: 699050.7 fps step and policy inference: 419429.1  fps total: 262141.5 epoch: 5/1000',
    'fps step: 524284.0 fps step and policy inference: 524284.0  fps total: 253261.5 epoch: 6/1000',
    'fps step: 613857.2 fps step and policy inference: 613857.2  fps total: 282772.3 epoch: 7/1000',
    'fps step: 699043.6 fps step and policy inference: 524280.0  fps total: 259049.0 epoch: 8/1000',
    'fps step: 699040.0 fps step and policy inference: 419433.0  fps total: 233017.7 epoch: 9/1000',
    'fps step: 699054.2 fps step and policy inference: 524286.0  fps total: 262141.5 epoch: 10/1000',
    'fps step: 699054.2 fps step and policy inference: 524282.0  fps total: 262140.5 epoch: 11/1000',
    'fps step: 699047.1 fps step and policy inference: 524284.0  fps total: 262141.5 epoch: 12/1000',
    'fps step: 699043.6 fps step and policy inference: 349519.1  fps total: 209712.6 epoch: 13/1000',
    'fps step: 524282.0 fps step and policy inference: 349520.9  fps total: 209712.3 epoch: 14/1000',
]

# rsl_rl's runner in Isaac Lab: the tail of iteration 0's block, then iteration 1's (github.com/isaac-sim/IsaacLab/
# issues/5084, the issue's block)
RSL_RL = [
    '                        Collection time: 0.768s ',
    '                          Learning time: 0.238s ',
    '                        Mean value loss: 19.7410',
    '                    Mean surrogate loss: -0.0013',
    '                      Mean entropy loss: 1.3929',
    '                        Mean action std: 0.93',
    '--------------------------------------------------------------------------------',
    '                         Iteration time: 1.01s',
    '                           Time elapsed: 00:00:01',
    '                                    ETA: 00:00:09',
    '',
    '################################################################################',
    '                            Learning iteration 1/10                              ',
    '',
    '                            Total steps: 512 ',
    '                       Steps per second: 1581 ',
    '                        Collection time: 0.102s ',
    '                          Learning time: 0.060s ',
    '                        Mean value loss: 19.6685',
    '                    Mean surrogate loss: -0.0076',
    '                      Mean entropy loss: 1.3166',
    '                            Mean reward: -4.08',
    '                    Mean episode length: 22.67',
    '                        Mean action std: 0.88',
    '--------------------------------------------------------------------------------',
    '                         Iteration time: 0.16s',
]

# ParlAI's train_model reports, each with its metrics table (a BlenderBot2 notes README's training output; the
# index names no repository)
PARLAI = [
    '12:17:09 | training...',
    '12:18:15 | time:65s total_exs:7 total_steps:7 epochs:0.00 time_left:834949s',
    ('    clen  clip  ctpb  ctps  ctrunc  ctrunclen  exps  exs  gnorm  llen  loss    lr  ltpb  ltps  ltrun'
     'c  ltrunclen   ppl  token_acc  token_em  total_train_updates   tpb   tps   ups'),
    ('    1331     1   512 55.48       1      818.7 .1084    7  33.74 3.286 2.465 1e-05 3.286 .3560       '
     '0          0 11.76      .5652     .1429                    7 515.3 55.83 .1084'),
    '',
    '12:19:22 | time:132s total_exs:14 total_steps:14 epochs:0.00 time_left:854819s',
    ('    clen  clip  ctpb  ctps  ctrunc  ctrunclen  exps  exs  gnorm  llen  loss    lr  ltpb  ltps  ltrun'
     'c  ltrunclen   ppl  token_acc  token_em  total_train_updates   tpb   tps   ups'),
    ('    1440     1   512 53.99       1      928.4 .1055    7  39.18 4.571 3.288 1e-05 4.571 .4821       '
     '0          0 26.79      .4375         0                   14 516.6 54.48 .1055'),
    '',
    '12:20:28 | time:199s total_exs:21 total_steps:21 epochs:0.00 time_left:857920s',
    ('    clen  clip  ctpb  ctps  ctrunc  ctrunclen  exps  exs  gnorm  llen  loss    lr  ltpb  ltps  ltrun'
     'c  ltrunclen   ppl  token_acc  token_em  total_train_updates   tpb   tps   ups'),
    ('    1324     1   512 53.59       1      811.7 .1047    7  22.26 5.429 1.243 1e-05 5.429 .5682       '
     '0          0 3.466      .6842     .1429                   21 517.4 54.16 .1047'),
    '',
    '12:21:29 | time:260s total_exs:27 total_steps:27 epochs:0.00 time_left:870269s',
    ('    clen  clip  ctpb  ctps  ctrunc  ctrunclen  exps  exs  gnorm  llen  loss    lr  ltpb  ltps  ltrun'
     'c  ltrunclen   ppl  token_acc  token_em  total_train_updates   tpb   tps   ups'),
    ('    1502     1   512 50.69       1      989.8 .0990    6  22.12 4.333 1.882 1e-05 4.333 .4290       '
     '0          0 6.568      .6923     .1667                   27 516.3 51.11 .0990'),
    '',
    '12:22:39 | time:329s total_exs:34 total_steps:34 epochs:0.00 time_left:875759s',
    ('    clen  clip  ctpb  ctps  ctrunc  ctrunclen  exps  exs  gnorm  llen  loss    lr  ltpb  ltps  ltrun'
     'c  ltrunclen   ppl  token_acc  token_em  total_train_updates  tpb   tps   ups'),
    ('    1369     1   512 51.62       1      857.4 .1008    7  27.46     3 1.174 1e-05     3 .3024       '
     '0          0 3.235      .7143     .1429                   34  515 51.92 .1008'),
]

# old ParlAI's reports as dicts (github.com/christiancosgrove/cs767hw3 @ bd1e2fbdd855c59572712dafe4a92c2cb936db03 :
# README.md, its last block, lines 36-56)
PARLAI_OLD = [
    "Computing loss tensor(9.2156, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.2257, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.2419, device='cuda:0', grad_fn=<DivBackward0>)",
    ("[ time:2.0s total_exs:4625 epochs:0.46 ] {'exs': 4625, 'loss': 9.229, 'ppl': 10190.0, 'token_acc': 0"
     ", 'tokens_per_batch': 1372.0, 'gnorm': 2.339, 'clip': 1.0, 'updates': 13, 'lr': 0.0005, 'gpu_mem_per"
     "cent': 0.08476, 'total_train_updates': 13}"),
    "Computing loss tensor(9.2104, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.2234, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.3123, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.2417, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.2715, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.1723, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.2327, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.1948, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.2188, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.2541, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.2441, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.2795, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.2659, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.1956, device='cuda:0', grad_fn=<DivBackward0>)",
    "Computing loss tensor(9.2122, device='cuda:0', grad_fn=<DivBackward0>)",
    ("[ time:4.0s total_exs:10050 epochs:1.0 ] {'exs': 5425, 'loss': 9.236, 'ppl': 10260.0, 'token_acc': 0"
     ", 'tokens_per_batch': 1389.0, 'gnorm': 2.319, 'clip': 1.0, 'updates': 15, 'lr': 0.0005, 'gpu_mem_per"
     "cent': 0.08477, 'total_train_updates': 28}"),
    "Computing loss tensor(9.1954, device='cuda:0', grad_fn=<DivBackward0>)",
]

# RVC's (VITS') train.log (github.com/Gabrysiewicz/S8P_Retrieval_Based_Voice_Conversion : README.md, a version
# of 20,015 characters, its third block from the end)
RVC = [
    'INFO:Kamyk-12M:Train Epoch: 1 [0%]',
    'INFO:Kamyk-12M:[0, 0.0001]',
    'INFO:Kamyk-12M:loss_disc=4.107, loss_gen=4.434, loss_fm=10.796,loss_mel=26.703, loss_kl=9.000',
    ('DEBUG:matplotlib:matplotlib data path: X:\\miniconda3\\envs\\voice-ai-38\\lib\\site-packages\\matplotlib\\m'
     'pl-data'),
    'DEBUG:matplotlib:CONFIGDIR=C:\\Users\\kamil\\.matplotlib',
    'DEBUG:matplotlib:interactive is False',
    'DEBUG:matplotlib:platform is win32',
    'INFO:Kamyk-12M:====> Epoch: 1 [2024-06-13 02:20:09] | (0:12:58.170309)',
    'INFO:Kamyk-12M:Train Epoch: 2 [47%]',
    'INFO:Kamyk-12M:[200, 9.99875e-05]',
    'INFO:Kamyk-12M:loss_disc=3.728, loss_gen=3.328, loss_fm=5.902,loss_mel=23.647, loss_kl=2.332',
    'INFO:Kamyk-12M:====> Epoch: 2 [2024-06-13 02:33:38] | (0:13:28.865716)',
    'INFO:Kamyk-12M:Train Epoch: 3 [94%]',
    'INFO:Kamyk-12M:[400, 9.99750015625e-05]',
    'INFO:Kamyk-12M:loss_disc=3.762, loss_gen=3.529, loss_fm=9.578,loss_mel=22.949, loss_kl=2.516',
    'INFO:Kamyk-12M:====> Epoch: 3 [2024-06-13 02:46:11] | (0:12:32.941089)',
    'INFO:Kamyk-12M:====> Epoch: 4 [2024-06-13 02:58:04] | (0:11:52.737444)',
    'INFO:Kamyk-12M:Train Epoch: 5 [41%]',
    'INFO:Kamyk-12M:[600, 9.995000937421877e-05]',
    'INFO:Kamyk-12M:loss_disc=4.085, loss_gen=3.188, loss_fm=4.325,loss_mel=21.281, loss_kl=2.375',
    'INFO:root:Saving model and optimizer state at epoch 5 to ./logs\\Kamyk-12M\\G_680.pth',
    'INFO:root:Saving model and optimizer state at epoch 5 to ./logs\\Kamyk-12M\\D_680.pth',
    'INFO:Kamyk-12M:====> Epoch: 5 [2024-06-13 03:10:15] | (0:12:11.262043)',
    'INFO:Kamyk-12M:Train Epoch: 6 [88%]',
    'INFO:Kamyk-12M:[800, 9.993751562304699e-05]',
    'INFO:Kamyk-12M:loss_disc=3.936, loss_gen=3.558, loss_fm=9.403,loss_mel=21.352, loss_kl=1.536',
    'INFO:Kamyk-12M:====> Epoch: 6 [2024-06-13 03:22:33] | (0:12:17.753304)',
    'INFO:Kamyk-12M:====> Epoch: 7 [2024-06-13 03:34:33] | (0:12:00.374585)',
    'INFO:Kamyk-12M:Train Epoch: 8 [35%]',
    'INFO:Kamyk-12M:[1000, 9.991253280566489e-05]',
    'INFO:Kamyk-12M:loss_disc=3.439, loss_gen=3.976, loss_fm=10.359,loss_mel=19.853, loss_kl=1.834',
    'INFO:Kamyk-12M:====> Epoch: 8 [2024-06-13 03:46:31] | (0:11:57.633450)',
    'INFO:Kamyk-12M:Train Epoch: 9 [82%]',
    'INFO:Kamyk-12M:[1200, 9.990004373906418e-05]',
    'INFO:Kamyk-12M:loss_disc=3.971, loss_gen=3.518, loss_fm=12.544,loss_mel=22.534, loss_kl=2.195',
    'INFO:Kamyk-12M:====> Epoch: 9 [2024-06-13 03:58:36] | (0:12:04.944736)',
    'INFO:root:Saving model and optimizer state at epoch 10 to ./logs\\Kamyk-12M\\G_1360.pth',
    'INFO:root:Saving model and optimizer state at epoch 10 to ./logs\\Kamyk-12M\\D_1360.pth',
    'INFO:Kamyk-12M:====> Epoch: 10 [2024-06-13 04:10:53] | (0:12:16.573370)',
    'INFO:Kamyk-12M:Train Epoch: 11 [29%]',
    'INFO:Kamyk-12M:[1400, 9.987507028906759e-05]',
    'INFO:Kamyk-12M:loss_disc=4.299, loss_gen=2.925, loss_fm=9.271,loss_mel=21.341, loss_kl=1.809',
    'INFO:Kamyk-12M:====> Epoch: 11 [2024-06-13 04:23:02] | (0:12:09.339499)',
    'INFO:Kamyk-12M:Train Epoch: 12 [76%]',
    'INFO:Kamyk-12M:[1600, 9.986258590528146e-05]',
    'INFO:Kamyk-12M:loss_disc=4.257, loss_gen=3.766, loss_fm=13.422,loss_mel=22.387, loss_kl=2.152',
    'INFO:Kamyk-12M:====> Epoch: 12 [2024-06-13 04:35:20] | (0:12:17.908730)',
    'INFO:Kamyk-12M:====> Epoch: 13 [2024-06-13 04:47:16] | (0:11:56.373045)',
    'INFO:Kamyk-12M:Train Epoch: 14 [24%]',
    'INFO:Kamyk-12M:[1800, 9.983762181915804e-05]',
    'INFO:Kamyk-12M:loss_disc=4.075, loss_gen=2.999, loss_fm=9.753,loss_mel=22.000, loss_kl=1.708',
    'INFO:Kamyk-12M:====> Epoch: 14 [2024-06-13 04:59:00] | (0:11:43.946182)',
    'INFO:Kamyk-12M:Train Epoch: 15 [71%]',
    'INFO:Kamyk-12M:[2000, 9.982514211643064e-05]',
    'INFO:Kamyk-12M:loss_disc=3.967, loss_gen=3.317, loss_fm=9.745,loss_mel=20.010, loss_kl=2.327',
    'INFO:root:Saving model and optimizer state at epoch 15 to ./logs\\Kamyk-12M\\G_2040.pth',
    'INFO:root:Saving model and optimizer state at epoch 15 to ./logs\\Kamyk-12M\\D_2040.pth',
    'INFO:Kamyk-12M:====> Epoch: 15 [2024-06-13 05:10:55] | (0:11:54.278821)',
    'INFO:Kamyk-12M:====> Epoch: 16 [2024-06-13 05:22:55] | (0:12:00.282794)',
    'INFO:Kamyk-12M:Train Epoch: 17 [18%]',
    'INFO:Kamyk-12M:[2200, 9.980018739066937e-05]',
    'INFO:Kamyk-12M:loss_disc=4.610, loss_gen=3.509, loss_fm=13.866,loss_mel=21.093, loss_kl=1.551',
    'INFO:Kamyk-12M:====> Epoch: 17 [2024-06-13 05:34:46] | (0:11:51.657800)',
    'INFO:Kamyk-12M:Train Epoch: 18 [65%]',
    'INFO:Kamyk-12M:[2400, 9.978771236724554e-05]',
    'INFO:Kamyk-12M:loss_disc=4.083, loss_gen=3.007, loss_fm=6.480,loss_mel=21.605, loss_kl=2.012',
    'INFO:Kamyk-12M:====> Epoch: 18 [2024-06-13 05:46:49] | (0:12:02.831979)',
    'INFO:Kamyk-12M:====> Epoch: 19 [2024-06-13 05:58:47] | (0:11:57.786244)',
    'INFO:Kamyk-12M:Train Epoch: 20 [12%]',
    'INFO:Kamyk-12M:[2600, 9.976276699833672e-05]',
    'INFO:Kamyk-12M:loss_disc=4.007, loss_gen=3.607, loss_fm=10.471,loss_mel=23.102, loss_kl=2.028',
    'INFO:root:Saving model and optimizer state at epoch 20 to ./logs\\Kamyk-12M\\G_2720.pth',
    'INFO:root:Saving model and optimizer state at epoch 20 to ./logs\\Kamyk-12M\\D_2720.pth',
    'INFO:Kamyk-12M:====> Epoch: 20 [2024-06-13 06:10:35] | (0:11:48.248414)',
    'INFO:Kamyk-12M:Training is done. The program is closed.',
    'INFO:Kamyk-12M:saving final ckpt:Success.',
]

# Ray Train's console reporter on a run restored from its checkpoint (github.com/ray-project/ray :
# doc/source/cluster/kubernetes/examples/distributed-checkpointing-with-gcsfuse.md, its last output block)
RAY_TRAIN = [
    ('(TorchTrainer pid=611, ip=10.108.2.65) Restored on 10.108.2.65 from checkpoint: Checkpoint(filesyste'
     'm=local, path=/mnt/cluster_storage/finetune-resnet/TorchTrainer_96923_00000_0_2024-04-29_17-21-29/ch'
     'eckpoint_000006)'),
    '(RayTrainWorker pid=671, ip=10.108.2.65) Setting up process group for: env:// [rank=0, world_size=4]',
    '(TorchTrainer pid=611, ip=10.108.2.65) Started distributed worker processes:',
    '(TorchTrainer pid=611, ip=10.108.2.65) - (ip=10.108.2.65, pid=671) world_rank=0, local_rank=0, node_rank=0',
    '(TorchTrainer pid=611, ip=10.108.2.65) - (ip=10.108.1.83, pid=589) world_rank=1, local_rank=0, node_rank=1',
    '(TorchTrainer pid=611, ip=10.108.2.65) - (ip=10.108.0.72, pid=590) world_rank=2, local_rank=0, node_rank=2',
    '(TorchTrainer pid=611, ip=10.108.2.65) - (ip=10.108.3.76, pid=590) world_rank=3, local_rank=0, node_rank=3',
    ('(RayTrainWorker pid=589, ip=10.108.1.83) Downloading: "https://download.pytorch.org/models/resnet50-'
     '0676ba61.pth" to /home/ray/.cache/torch/hub/checkpoints/resnet50-0676ba61.pth'),
    '(RayTrainWorker pid=671, ip=10.108.2.65)',
    '  0%|          | 0.00/97.8M [00:00<?, ?B/s]',
    '(RayTrainWorker pid=671, ip=10.108.2.65)',
    ' 22%|██▏       | 21.8M/97.8M [00:00<00:00, 229MB/s]',
    '(RayTrainWorker pid=671, ip=10.108.2.65)',
    ' 92%|█████████▏| 89.7M/97.8M [00:00<00:00, 327MB/s]',
    '(RayTrainWorker pid=671, ip=10.108.2.65)',
    '100%|██████████| 97.8M/97.8M [00:00<00:00, 316MB/s]',
    '(RayTrainWorker pid=671, ip=10.108.2.65) Moving model to device: cuda:0',
    '(RayTrainWorker pid=671, ip=10.108.2.65) Wrapping provided model in DistributedDataParallel.',
    ('(RayTrainWorker pid=671, ip=10.108.2.65) Downloading: "https://download.pytorch.org/models/resnet50-'
     '0676ba61.pth" to /home/ray/.cache/torch/hub/checkpoints/resnet50-0676ba61.pth [repeated 3x across cl'
     'uster] (Ray deduplicates logs by default. Set RAY_DEDUP_LOGS=0 to disable log deduplication, or see '
     'https://docs.ray.io/en/master/ray-observability/ray-logging.html#log-deduplication for more options.'
     ')'),
    '(RayTrainWorker pid=590, ip=10.108.3.76)',
    '  0%|          | 0.00/97.8M [00:00<?, ?B/s] [repeated 3x across cluster]',
    '(RayTrainWorker pid=590, ip=10.108.0.72)',
    ' 85%|████████▍ | 82.8M/97.8M [00:00<00:00, 256MB/s]',
    '100%|██████████| 97.8M/97.8M [00:00<00:00, 231MB/s] [repeated 11x across cluster]',
    '(RayTrainWorker pid=590, ip=10.108.3.76)',
    '100%|██████████| 97.8M/97.8M [00:00<00:00, 238MB/s]',
    '(RayTrainWorker pid=671, ip=10.108.2.65) Epoch 7-train Loss: 0.0903 Acc: 0.2418',
    '(RayTrainWorker pid=671, ip=10.108.2.65) Epoch 7-val Loss: 0.0881 Acc: 0.2353',
    ('(RayTrainWorker pid=590, ip=10.108.0.72) Checkpoint successfully created at: Checkpoint(filesystem=l'
     'ocal, path=/mnt/cluster_storage/finetune-resnet/TorchTrainer_96923_00000_0_2024-04-29_17-21-29/check'
     'point_000007)'),
    '(RayTrainWorker pid=590, ip=10.108.0.72) Moving model to device: cuda:0 [repeated 3x across cluster]',
    ('(RayTrainWorker pid=590, ip=10.108.0.72) Wrapping provided model in DistributedDataParallel. [repeat'
     'ed 3x across cluster]'),
    '',
    'Training finished iteration 8 at 2024-04-29 17:27:29. Total running time: 54s',
    '╭─────────────────────────────────────────╮',
    '│ Training result                         │',
    '├─────────────────────────────────────────┤',
    '│ checkpoint_dir_name   checkpoint_000007 │',
    '│ time_this_iter_s               40.46113 │',
    '│ time_total_s                   95.00043 │',
    '│ training_iteration                    8 │',
    '│ acc                             0.23529 │',
    '│ loss                            0.08811 │',
    '╰─────────────────────────────────────────╯',
    ('Training saved a checkpoint for iteration 8 at: (local)/mnt/cluster_storage/finetune-resnet/TorchTra'
     'iner_96923_00000_0_2024-04-29_17-21-29/checkpoint_000007'),
    '(RayTrainWorker pid=671, ip=10.108.2.65) Epoch 8-train Loss: 0.0893 Acc: 0.2459',
    '(RayTrainWorker pid=671, ip=10.108.2.65) Epoch 8-val Loss: 0.0859 Acc: 0.2353',
    ('(RayTrainWorker pid=589, ip=10.108.1.83) Checkpoint successfully created at: Checkpoint(filesystem=l'
     'ocal, path=/mnt/cluster_storage/finetune-resnet/TorchTrainer_96923_00000_0_2024-04-29_17-21-29/check'
     'point_000008) [repeated 4x across cluster]'),
    '',
    'Training finished iteration 9 at 2024-04-29 17:27:36. Total running time: 1min 1s',
    '╭─────────────────────────────────────────╮',
    '│ Training result                         │',
    '├─────────────────────────────────────────┤',
    '│ checkpoint_dir_name   checkpoint_000008 │',
    '│ time_this_iter_s                5.99923 │',
    '│ time_total_s                  100.99965 │',
    '│ training_iteration                    9 │',
    '│ acc                             0.23529 │',
    '│ loss                            0.08592 │',
    '╰─────────────────────────────────────────╯',
    ('Training saved a checkpoint for iteration 9 at: (local)/mnt/cluster_storage/finetune-resnet/TorchTra'
     'iner_96923_00000_0_2024-04-29_17-21-29/checkpoint_000008'),
    ('2024-04-29 17:27:37,170 WARNING util.py:202 -- The `process_trial_save` operation took 0.540 s, whic'
     'h may be a performance bottleneck.'),
    '(RayTrainWorker pid=671, ip=10.108.2.65) Epoch 9-train Loss: 0.0866 Acc: 0.2377',
    '(RayTrainWorker pid=671, ip=10.108.2.65) Epoch 9-val Loss: 0.0833 Acc: 0.2353',
    ('(RayTrainWorker pid=589, ip=10.108.1.83) Checkpoint successfully created at: Checkpoint(filesystem=l'
     'ocal, path=/mnt/cluster_storage/finetune-resnet/TorchTrainer_96923_00000_0_2024-04-29_17-21-29/check'
     'point_000009) [repeated 4x across cluster]'),
    '',
    'Training finished iteration 10 at 2024-04-29 17:27:43. Total running time: 1min 8s',
    '╭─────────────────────────────────────────╮',
    '│ Training result                         │',
    '├─────────────────────────────────────────┤',
    '│ checkpoint_dir_name   checkpoint_000009 │',
    '│ time_this_iter_s                6.71457 │',
    '│ time_total_s                  107.71422 │',
    '│ training_iteration                   10 │',
    '│ acc                             0.23529 │',
    '│ loss                            0.08333 │',
    '╰─────────────────────────────────────────╯',
    ('Training saved a checkpoint for iteration 10 at: (local)/mnt/cluster_storage/finetune-resnet/TorchTr'
     'ainer_96923_00000_0_2024-04-29_17-21-29/checkpoint_000009'),
    '',
    'Training completed after 10 iterations at 2024-04-29 17:27:45. Total running time: 1min 9s',
    ('2024-04-29 17:27:46,236 WARNING experiment_state.py:323 -- Experiment checkpoint syncing has been tr'
     'iggered multiple times in the last 30.0 seconds. A sync will be triggered whenever a trial has check'
     'pointed more than `num_to_keep` times since last sync or if 300 seconds have passed since last sync.'
     ' If you have set `num_to_keep` in your `CheckpointConfig`, consider increasing the checkpoint freque'
     'ncy or keeping more checkpoints. You can suppress this warning by changing the `TUNE_WARN_EXCESSIVE_'
     'EXPERIMENT_CHECKPOINT_SYNC_THRESHOLD_S` environment variable.'),
    '',
    'Result(',
    "  metrics={'loss': 0.08333033206416111, 'acc': 0.23529411764705882},",
    "  path='/mnt/cluster_storage/finetune-resnet/TorchTrainer_96923_00000_0_2024-04-29_17-21-29',",
    "  filesystem='local',",
    ('  checkpoint=Checkpoint(filesystem=local, path=/mnt/cluster_storage/finetune-resnet/TorchTrainer_969'
     '23_00000_0_2024-04-29_17-21-29/checkpoint_000009)'),
    ')',
    ('(RayTrainWorker pid=590, ip=10.108.3.76) Checkpoint successfully created at: Checkpoint(filesystem=l'
     'ocal, path=/mnt/cluster_storage/finetune-resnet/TorchTrainer_96923_00000_0_2024-04-29_17-21-29/check'
     'point_000009) [repeated 3x across cluster]'),
]

# nerfstudio's trainer table printed through rich (github.com/maturk/dn-splatter/issues/110, its block)
NERFSTUDIO = [
    ('Step (% Done)       Train Iter (time)    ETA (time)           Train Rays / Sec                      '
     '     latfacto.py:604'),
    ('-----------------------------------------------------------------------------------                 '
     '     latfacto.py:554'),
    ('4090 (81.78%)       43.140 ms            39 s, 300.687 ms     14.86 M                               '
     '     latfacto.py:566'),
    ('Step (% Done)       Train Iter (time)    ETA (time)           Train Rays / Sec                      '
     '     latfacto.py:604'),
    ('-----------------------------------------------------------------------------------                 '
     '     latfacto.py:554'),
    ('4210 (84.18%)       46.225 ms            36 s, 563.607 ms     13.93 M                               '
     '     latfacto.py:566'),
    ('Step (% Done)       Train Iter (time)    ETA (time)           Train Rays / Sec                      '
     '     latfacto.py:604'),
    ('-----------------------------------------------------------------------------------                 '
     '     latfacto.py:554'),
    ('4310 (86.18%)       44.431 ms            30 s, 701.883 ms     14.51 M                               '
     '     latfacto.py:566'),
]

# HF Trainer's final metrics from 4 TPU hosts under SkyPilot's prefixes, indented in reStructuredText
# (github.com/skypilot-org/skypilot @ 01e8777ae1c0f38424fcffa51690a6e62652b341 : docs/source/reference/tpu.rst, the TPU Pod block)
HF_TRAIN_METRICS = [
    '   (head, rank=0, pid=17894) ***** train metrics *****',
    '   (head, rank=0, pid=17894)   epoch                    =         2.5',
    '   (head, rank=0, pid=17894)   total_flos               = 219870840GF',
    '   (head, rank=0, pid=17894)   train_loss               =     10.1527',
    '   (head, rank=0, pid=17894)   train_runtime            =  0:11:13.18',
    '   (head, rank=0, pid=17894)   train_samples            =         282',
    '   (head, rank=0, pid=17894)   train_samples_per_second =       0.951',
    '   (head, rank=0, pid=17894)   train_steps_per_second   =        0.03',
    '',
    '   (worker1, rank=1, pid=15406, ip=10.164.0.57) ***** train metrics *****',
    '   (worker1, rank=1, pid=15406, ip=10.164.0.57)   epoch                    =         2.5',
    '   (worker1, rank=1, pid=15406, ip=10.164.0.57)   total_flos               = 219870840GF',
    '   (worker1, rank=1, pid=15406, ip=10.164.0.57)   train_loss               =     10.1527',
    '   (worker1, rank=1, pid=15406, ip=10.164.0.57)   train_runtime            =  0:11:15.08',
    '   (worker1, rank=1, pid=15406, ip=10.164.0.57)   train_samples            =         282',
    '   (worker1, rank=1, pid=15406, ip=10.164.0.57)   train_samples_per_second =       0.948',
    '   (worker1, rank=1, pid=15406, ip=10.164.0.57)   train_steps_per_second   =        0.03',
    '',
    '   (worker2, rank=2, pid=16552, ip=10.164.0.58) ***** train metrics *****',
    '   (worker2, rank=2, pid=16552, ip=10.164.0.58)   epoch                    =         2.5',
    '   (worker2, rank=2, pid=16552, ip=10.164.0.58)   total_flos               = 219870840GF',
    '   (worker2, rank=2, pid=16552, ip=10.164.0.58)   train_loss               =     10.1527',
    '   (worker2, rank=2, pid=16552, ip=10.164.0.58)   train_runtime            =  0:11:15.61',
    '   (worker2, rank=2, pid=16552, ip=10.164.0.58)   train_samples            =         282',
    '   (worker2, rank=2, pid=16552, ip=10.164.0.58)   train_samples_per_second =       0.947',
    '   (worker2, rank=2, pid=16552, ip=10.164.0.58)   train_steps_per_second   =        0.03',
    '',
    '   (worker3, rank=3, pid=17469, ip=10.164.0.59) ***** train metrics *****',
    '   (worker3, rank=3, pid=17469, ip=10.164.0.59)   epoch                    =         2.5',
    '   (worker3, rank=3, pid=17469, ip=10.164.0.59)   total_flos               = 219870840GF',
    '   (worker3, rank=3, pid=17469, ip=10.164.0.59)   train_loss               =     10.1527',
    '   (worker3, rank=3, pid=17469, ip=10.164.0.59)   train_runtime            =  0:11:15.10',
    '   (worker3, rank=3, pid=17469, ip=10.164.0.59)   train_samples            =         282',
    '   (worker3, rank=3, pid=17469, ip=10.164.0.59)   train_samples_per_second =       0.948',
    '   (worker3, rank=3, pid=17469, ip=10.164.0.59)   train_steps_per_second   =        0.03',
]

# Marian 1.10's saves: no file named for Adam's state, then its training checkpoint's line (a Marian
# training notes README, index id 11068415655 (the index names no repository), its training output)
MARIAN_110 = [
    "[2022-12-14 14:41:34] Ep. 62 : Up. 20000 : Sen. 21,587 : Cost 0.06380463 * 898,943 @ 2,380 after 35,885,885 : "
    "Time 111.22s : 8082.72 words/s : gNorm 0.6358",
    "[2022-12-14 14:41:34] Saving model weights and runtime parameters to model.seq2seq.sent1/model.iter20000.npz",
    "[2022-12-14 14:41:36] Saving model weights and runtime parameters to model.seq2seq.sent1/model.npz",
    "[2022-12-14 14:41:41] Saving Adam parameters",
    "[2022-12-14 14:41:44] [training] Saving training checkpoint to model.seq2seq.sent1/model.npz and "
    "model.seq2seq.sent1/model.npz.optimizer.npz",
    "[2022-12-14 14:42:05] [valid] Ep. 62 : Up. 20000 : cross-entropy : 0.243329 : new best",
    "[2022-12-14 14:42:08] [valid] Ep. 62 : Up. 20000 : perplexity : 1.01706 : new best",
    "[2022-12-14 17:13:42] Ep. 185 : Up. 60000 : Sen. 22,137 : Cost 0.04233031 * 898,372 @ 1,963 after 107,622,133 : "
    "Time 110.95s : 8096.90 words/s : gNorm 0.9273",
    "[2022-12-14 17:13:42] Saving model weights and runtime parameters to model.seq2seq.sent1/model.iter60000.npz",
    "[2022-12-14 17:13:43] Saving model weights and runtime parameters to model.seq2seq.sent1/model.npz",
    "[2022-12-14 17:13:48] Saving Adam parameters",
    "[2022-12-14 17:13:52] [training] Saving training checkpoint to model.seq2seq.sent1/model.npz and "
    "model.seq2seq.sent1/model.npz.optimizer.npz",
]

# Flax's Gemma example on a TPU v6e-16, worker 0's log from its training loop's start (google/flax :
# examples/gemma/README.md, a revision of 34,240 characters (index id 53363327205), its example output, lines 34-48)
FLAX_GEMMA = [
    'I0325 13:59:07.812757 130295542103168 train.py:612] Starting training loop.',
    ('I0325 14:00:22.976243 130295542103168 train.py:652] Finished training step 0. Batch size: 512, Loss:'
     ' 10.96665, LR: 0.00000'),
    ('I0325 14:01:31.933391 130295542103168 train.py:652] Finished training step 1. Batch size: 512, Loss:'
     ' 10.96693, LR: 0.00000'),
    ('I0325 14:01:32.334728 130295542103168 local.py:41] Setting work unit notes: 0.0 steps/s, 0.0% (1/500'
     '000), ETA: 400d22h17m (2m : 4.3% data, 95.2% train_step)'),
    'I0325 14:01:32.335362 130245504009792 logging_writer.py:48] [1] steps_per_sec=0.014434',
    'I0325 14:01:32.335719 130245504009792 logging_writer.py:48] [1] uptime=144.522',
    ('I0325 14:01:32.381767 130295542103168 train.py:652] Finished training step 2. Batch size: 512, Loss:'
     ' 10.91155, LR: 0.00000'),
    ('I0325 14:01:32.476979 130295542103168 train.py:652] Finished training step 3. Batch size: 512, Loss:'
     ' 10.81033, LR: 0.00001'),
    ('I0325 14:01:32.548323 130295542103168 train.py:652] Finished training step 4. Batch size: 512, Loss:'
     ' 10.67908, LR: 0.00001'),
    ('I0325 14:01:32.624506 130295542103168 train.py:652] Finished training step 5. Batch size: 512, Loss:'
     ' 10.53421, LR: 0.00001'),
    ('I0325 14:01:33.070958 130295542103168 train.py:652] Finished training step 6. Batch size: 512, Loss:'
     ' 10.37890, LR: 0.00001'),
    ('I0325 14:01:33.124931 130295542103168 train.py:652] Finished training step 7. Batch size: 512, Loss:'
     ' 10.21490, LR: 0.00001'),
    ('I0325 14:01:33.201636 130295542103168 train.py:652] Finished training step 8. Batch size: 512, Loss:'
     ' 10.05384, LR: 0.00001'),
    ('I0325 14:01:33.595465 130295542103168 train.py:652] Finished training step 9. Batch size: 512, Loss:'
     ' 9.90343, LR: 0.00002'),
    ('I0325 14:01:33.673433 130295542103168 train.py:652] Finished training step 10. Batch size: 512, Loss'
     ': 9.76386, LR: 0.00002'),
]

# Pax's status lines in an XLA FP8 convergence test (kaixih/xla_fp8_perf_test : README.md, a revision of 1,888
# characters (index id 521580619), its Convergence test block)
PAX = [
    'root@d6a0f3181d5a:/home/repo/xla_fp8_perf_test/L3_xla_fp8_convergence# bash test.sh',
    'NETWORK             BACKEND MATH SDPA           XLA_EXTRAS GPUs STEPS/SEC LOSS WALLSECS',
    'Running direct cudnn attention',
    'XLA DUMP TO PATH /xla_dump',
    '/tmp.GTJTLl',
    'GPT5B                   XLA  fp8   FA    cublaslt,cudnn_ln    8     0.974 3.877     1719',
    '[PAX STATUS]: Starting training loop.',
    '[PAX STATUS] step_i: 100, training loss: 6.3584294',
    '[PAX STATUS] step_i: 200, training loss: 5.824545',
    '[PAX STATUS] step_i: 300, training loss: 5.382527',
    '[PAX STATUS] step_i: 400, training loss: 5.3988776',
    '[PAX STATUS] step_i: 500, training loss: 5.3378267',
    '[PAX STATUS] step_i: 600, training loss: 4.955474',
    '[PAX STATUS] step_i: 700, training loss: 5.0833197',
    '[PAX STATUS] step_i: 800, training loss: 4.8449764',
    '[PAX STATUS] step_i: 900, training loss: 4.6752',
    '[PAX STATUS] step_i: 1000, training loss: 4.821402',
    '[PAX STATUS] step_i: 1100, training loss: 4.4439073',
    '[PAX STATUS] step_i: 1200, training loss: 4.197976',
    '[PAX STATUS] step_i: 1300, training loss: 3.9788842',
    '[PAX STATUS] step_i: 1400, training loss: 4.03221',
    '[PAX STATUS] step_i: 1500, training loss: 3.8765123',
]

# T5X's train loop on a Mac (github.com/jezzarax/jezzarax.github.io @ 98a90c89e5727587f2d65644c784599d992c420c :
# _posts/2023-07-09-running-t5x-on-apple-silicon.md, its output block)
T5X = [
    'I0709 15:29:52.025439 8383831552 train.py:613] BEGIN Train loop.',
    ('I0709 15:29:52.025554 12803141632 logging_writer.py:48] [0] collection=train timing/train_iter_warmu'
     'p=1.90735e-06'),
    'I0709 15:29:52.025690 8383831552 train.py:618] Training for 500 steps.',
    'I0709 15:29:52.026439 8383831552 trainer.py:509] Training: step 0',
    'I0709 15:30:02.658104 8383831552 trainer.py:509] Training: step 1',
    'I0709 15:30:22.038341 8383831552 trainer.py:509] Training: step 3',
]

# Trax's training.Loop (github.com/google/trax @ 8e10d6a8be3f8bd4840f4c291691509fa576c458 :
# trax/examples/Fashion_MNIST_with_Trax.ipynb, the output of `training_loop.run(1000)`, its first 14 lines)
TRAX = [
    '',
    'Step      1: Total number of trainable weights: 451658',
    'Step      1: Ran 1 train steps in 1.56 secs',
    'Step      1: train CrossEntropyLoss |  2.06045055',
    'Step      1: eval  CrossEntropyLoss |  177.95621605',
    'Step      1: eval          Accuracy |  0.23125000',
    '',
    'Step    100: Ran 99 train steps in 2.99 secs',
    'Step    100: train CrossEntropyLoss |  30.65670776',
    'Step    100: eval  CrossEntropyLoss |  5.53605672',
    'Step    100: eval          Accuracy |  0.54375000',
    '',
    'Step    200: Ran 100 train steps in 2.82 secs',
    'Step    200: train CrossEntropyLoss |  1.93918920',
]

# Keras' guide to a training loop in JAX (github.com/keras-team/keras-io @ 1d654e8c31bd19e830e8b717fb84ecb53668fd41 :
# guides/md/writing_a_custom_training_loop_in_jax.md, the output block of its section on low-level handling of metrics)
KERAS_LOOP = [
    'Training loss (for 1 batch) at step 0: 70.8851',
    'Training accuracy: 0.09375',
    'Seen so far: 32 samples',
    'Training loss (for 1 batch) at step 100: 2.1930',
    'Training accuracy: 0.6596534848213196',
    'Seen so far: 3232 samples',
    'Training loss (for 1 batch) at step 200: 3.0249',
    'Training accuracy: 0.7352300882339478',
    'Seen so far: 6432 samples',
    'Training loss (for 1 batch) at step 300: 0.6004',
    'Training accuracy: 0.7588247656822205',
    'Seen so far: 9632 samples',
    'Training loss (for 1 batch) at step 400: 1.4633',
    'Training accuracy: 0.7736907601356506',
    'Seen so far: 12832 samples',
    'Training loss (for 1 batch) at step 500: 1.3367',
    'Training accuracy: 0.7826846241950989',
    'Seen so far: 16032 samples',
    'Training loss (for 1 batch) at step 600: 0.8767',
    'Training accuracy: 0.7930532693862915',
    'Seen so far: 19232 samples',
    'Training loss (for 1 batch) at step 700: 0.3479',
    'Training accuracy: 0.8004636168479919',
    'Seen so far: 22432 samples',
    'Training loss (for 1 batch) at step 800: 0.3608',
    'Training accuracy: 0.8066869378089905',
    'Seen so far: 25632 samples',
    'Training loss (for 1 batch) at step 900: 0.7582',
    'Training accuracy: 0.8117369413375854',
    'Seen so far: 28832 samples',
    'Training loss (for 1 batch) at step 1000: 1.3135',
    'Training accuracy: 0.8142170310020447',
    'Seen so far: 32032 samples',
    'Training loss (for 1 batch) at step 1100: 1.0202',
    'Training accuracy: 0.8186308145523071',
    'Seen so far: 35232 samples',
    'Training loss (for 1 batch) at step 1200: 0.6766',
    'Training accuracy: 0.822023332118988',
    'Seen so far: 38432 samples',
    'Training loss (for 1 batch) at step 1300: 0.7606',
    'Training accuracy: 0.8257110118865967',
    'Seen so far: 41632 samples',
    'Training loss (for 1 batch) at step 1400: 0.7657',
    'Training accuracy: 0.8290283679962158',
    'Seen so far: 44832 samples',
    'Training loss (for 1 batch) at step 1500: 0.6563',
    'Training accuracy: 0.831653892993927',
    'Seen so far: 48032 samples',
    'Validation loss (for 1 batch) at step 0: 0.1622',
    'Validation accuracy: 0.8329269289970398',
    'Seen so far: 32 samples',
    'Validation loss (for 1 batch) at step 100: 0.7455',
    'Validation accuracy: 0.8338780999183655',
    'Seen so far: 3232 samples',
    'Validation loss (for 1 batch) at step 200: 0.2738',
    'Validation accuracy: 0.836174488067627',
    'Seen so far: 6432 samples',
    'Validation loss (for 1 batch) at step 300: 0.1255',
    'Validation accuracy: 0.8390461206436157',
    'Seen so far: 9632 samples',
]

# TensorFlow 1's MonitoredTrainingSession with a LoggingTensorHook and its checkpoint saver (github.com/KNakane/
# tensorflow @ df2d16d32f90b6d3af5d71185e4937ad35a3f9d3 : CNN/README.md, its Terminal block)
TF_HOOK = [
    '------Learning Details------',
    'Network : LeNet',
    'data : mnist',
    'epoch : 1000',
    'batch_size : 32',
    'Optimizer : Adam',
    'learning_rate : 0.001',
    '----------------------------',
    'INFO:tensorflow:Graph was finalized.',
    ('2019-01-09 08:38:46.580738: I tensorflow/core/platform/cpu_feature_guard.cc:141] Your CPU supports i'
     'nstructions that this TensorFlow binary was not compiled to use: AVX2 FMA'),
    'INFO:tensorflow:Running local_init_op.',
    'INFO:tensorflow:Done running local_init_op.',
    'INFO:tensorflow:Saving checkpoints for 0 into results/190109_083846_LeNet/model/model.ckpt.',
    ('INFO:tensorflow:global_step = 1, train loss = 2.3049936, train accuracy = 0.15625, test loss = 2.310'
     '2922, test accuracy = 0.104166664'),
    'INFO:tensorflow:Saving checkpoints for 100 into results/190109_083846_LeNet/model/model.ckpt.',
    'INFO:tensorflow:global_step/sec: 25.5454',
    ('INFO:tensorflow:global_step = 101, train loss = 0.14169851, train accuracy = 0.9375, test loss = 0.4'
     '9837124, test accuracy = 0.8541667 (3.915 sec)'),
    'INFO:tensorflow:Saving checkpoints for 200 into results/190109_083846_LeNet/model/model.ckpt.',
    'INFO:tensorflow:global_step/sec: 24.0406',
    ('INFO:tensorflow:global_step = 201, train loss = 0.14052512, train accuracy = 0.90625, test loss = 0.'
     '32796296, test accuracy = 0.8958333 (4.160 sec)'),
    'INFO:tensorflow:Saving checkpoints for 300 into results/190109_083846_LeNet/model/model.ckpt.',
    'INFO:tensorflow:global_step/sec: 20.2842',
    ('INFO:tensorflow:global_step = 301, train loss = 0.045304425, train accuracy = 1.0, test loss = 0.202'
     '35687, test accuracy = 0.9270833 (4.930 sec)'),
    'INFO:tensorflow:Saving checkpoints for 400 into results/190109_083846_LeNet/model/model.ckpt.',
    'INFO:tensorflow:global_step/sec: 18.9074',
    ('INFO:tensorflow:global_step = 401, train loss = 0.12073513, train accuracy = 0.96875, test loss = 0.'
     '18668492, test accuracy = 0.9270833 (5.289 sec)'),
    'INFO:tensorflow:Saving checkpoints for 500 into results/190109_083846_LeNet/model/model.ckpt.',
    'INFO:tensorflow:global_step/sec: 19.7883',
    ('INFO:tensorflow:global_step = 501, train loss = 0.053041346, train accuracy = 1.0, test loss = 0.120'
     '652616, test accuracy = 0.9479167 (5.054 sec)'),
    'INFO:tensorflow:Saving checkpoints for 600 into results/190109_083846_LeNet/model/model.ckpt.',
    'INFO:tensorflow:global_step/sec: 19.1117',
    ('INFO:tensorflow:global_step = 601, train loss = 0.01414567, train accuracy = 1.0, test loss = 0.0293'
     '30222, test accuracy = 0.9895833 (5.232 sec)'),
    'INFO:tensorflow:Saving checkpoints for 700 into results/190109_083846_LeNet/model/model.ckpt.',
    'INFO:tensorflow:global_step/sec: 21.0739',
    ('INFO:tensorflow:global_step = 701, train loss = 0.35343158, train accuracy = 0.9375, test loss = 0.0'
     '68792515, test accuracy = 0.96875 (4.745 sec)'),
    'INFO:tensorflow:Saving checkpoints for 800 into results/190109_083846_LeNet/model/model.ckpt.',
    'INFO:tensorflow:global_step/sec: 20.199',
    ('INFO:tensorflow:global_step = 801, train loss = 0.08725928, train accuracy = 0.96875, test loss = 0.'
     '16032778, test accuracy = 0.9270833 (4.951 sec)'),
    'INFO:tensorflow:Saving checkpoints for 900 into results/190109_083846_LeNet/model/model.ckpt.',
    'INFO:tensorflow:global_step/sec: 19.3936',
    ('INFO:tensorflow:global_step = 901, train loss = 0.14643487, train accuracy = 0.9375, test loss = 0.0'
     '54370016, test accuracy = 0.9791667 (5.156 sec)'),
    'INFO:tensorflow:Saving checkpoints for 1000 into results/190109_083846_LeNet/model/model.ckpt.',
    'INFO:tensorflow:No assets to save.',
    'INFO:tensorflow:No assets to write.',
    'INFO:tensorflow:SavedModel written to: results/190109_083846_LeNet/model/saved_model/saved_model.pb',
]

# MLX LM's LoRA training, pasted in a train.py's docstring (index id 21426845955; the index names no repository)
MLX_LORA = [
    'venvjoeyguedalia@Joeys-MacBook-Pro Final Project % python3 train.py',
    'Loading pretrained model',
    'Loading datasets',
    'Training',
    'Trainable parameters: 0.045% (1.491M/3315.716M)',
    'Starting training..., iters: 250',
    'Iter 1: Val loss 5.852, Val took 3.707s',
    ('Iter 10: Train loss 4.441, Learning Rate 2.000e-05, It/sec 3.158, Tokens/sec 599.660, Trained Tokens'
     ' 1899, Peak mem 8.219 GB'),
    ('Iter 20: Train loss 2.873, Learning Rate 2.000e-05, It/sec 3.412, Tokens/sec 652.410, Trained Tokens'
     ' 3811, Peak mem 8.219 GB'),
    ('Iter 30: Train loss 2.468, Learning Rate 2.000e-05, It/sec 3.676, Tokens/sec 697.742, Trained Tokens'
     ' 5709, Peak mem 8.219 GB'),
    ('Iter 40: Train loss 2.259, Learning Rate 2.000e-05, It/sec 3.415, Tokens/sec 646.063, Trained Tokens'
     ' 7601, Peak mem 8.219 GB'),
    ('Iter 50: Train loss 2.028, Learning Rate 2.000e-05, It/sec 3.179, Tokens/sec 597.882, Trained Tokens'
     ' 9482, Peak mem 8.219 GB'),
    ('Iter 60: Train loss 2.093, Learning Rate 2.000e-05, It/sec 2.799, Tokens/sec 534.066, Trained Tokens'
     ' 11390, Peak mem 8.219 GB'),
    ('Iter 70: Train loss 2.111, Learning Rate 2.000e-05, It/sec 3.176, Tokens/sec 614.509, Trained Tokens'
     ' 13325, Peak mem 8.219 GB'),
    ('Iter 80: Train loss 2.083, Learning Rate 2.000e-05, It/sec 3.176, Tokens/sec 616.689, Trained Tokens'
     ' 15267, Peak mem 8.219 GB'),
    ('Iter 90: Train loss 2.057, Learning Rate 2.000e-05, It/sec 3.173, Tokens/sec 610.207, Trained Tokens'
     ' 17190, Peak mem 8.219 GB'),
    ('Iter 100: Train loss 2.004, Learning Rate 2.000e-05, It/sec 2.970, Tokens/sec 567.859, Trained Token'
     's 19102, Peak mem 8.219 GB'),
    'Iter 100: Saved adapter weights to adapters/adapters.safetensors and adapters/0000100_adapters.safetensors.',
    ('Iter 110: Train loss 2.028, Learning Rate 2.000e-05, It/sec 2.974, Tokens/sec 576.694, Trained Token'
     's 21041, Peak mem 8.225 GB'),
    ('Iter 120: Train loss 1.926, Learning Rate 2.000e-05, It/sec 2.971, Tokens/sec 560.084, Trained Token'
     's 22926, Peak mem 8.225 GB'),
    ('Iter 130: Train loss 1.909, Learning Rate 2.000e-05, It/sec 3.401, Tokens/sec 644.540, Trained Token'
     's 24821, Peak mem 8.225 GB'),
    ('Iter 140: Train loss 1.949, Learning Rate 2.000e-05, It/sec 3.165, Tokens/sec 603.515, Trained Token'
     's 26728, Peak mem 8.225 GB'),
    ('Iter 150: Train loss 1.989, Learning Rate 2.000e-05, It/sec 2.781, Tokens/sec 536.158, Trained Token'
     's 28656, Peak mem 8.225 GB'),
    ('Iter 160: Train loss 1.978, Learning Rate 2.000e-05, It/sec 3.155, Tokens/sec 603.914, Trained Token'
     's 30570, Peak mem 8.225 GB'),
    ('Iter 170: Train loss 1.801, Learning Rate 2.000e-05, It/sec 3.392, Tokens/sec 647.844, Trained Token'
     's 32480, Peak mem 8.225 GB'),
    ('Iter 180: Train loss 1.918, Learning Rate 2.000e-05, It/sec 3.391, Tokens/sec 636.579, Trained Token'
     's 34357, Peak mem 8.225 GB'),
    ('Iter 190: Train loss 1.748, Learning Rate 2.000e-05, It/sec 3.162, Tokens/sec 590.652, Trained Token'
     's 36225, Peak mem 8.225 GB'),
    'Iter 200: Val loss 1.899, Val took 3.842s',
    ('Iter 200: Train loss 1.866, Learning Rate 2.000e-05, It/sec 3.162, Tokens/sec 598.913, Trained Token'
     's 38119, Peak mem 8.225 GB'),
    'Iter 200: Saved adapter weights to adapters/adapters.safetensors and adapters/0000200_adapters.safetensors.',
    ('Iter 210: Train loss 1.805, Learning Rate 2.000e-05, It/sec 3.168, Tokens/sec 598.438, Trained Token'
     's 40008, Peak mem 8.225 GB'),
    ('Iter 220: Train loss 1.904, Learning Rate 2.000e-05, It/sec 3.399, Tokens/sec 640.335, Trained Token'
     's 41892, Peak mem 8.225 GB'),
    ('Iter 230: Train loss 1.853, Learning Rate 2.000e-05, It/sec 3.171, Tokens/sec 589.491, Trained Token'
     's 43751, Peak mem 8.225 GB'),
    ('Iter 240: Train loss 1.756, Learning Rate 2.000e-05, It/sec 3.400, Tokens/sec 641.661, Trained Token'
     's 45638, Peak mem 8.225 GB'),
    'Iter 250: Val loss 1.825, Val took 3.794s',
    ('Iter 250: Train loss 1.862, Learning Rate 2.000e-05, It/sec 2.970, Tokens/sec 574.090, Trained Token'
     's 47571, Peak mem 8.225 GB'),
    'Saved final weights to adapters/adapters.safetensors.',
    'venvjoeyguedalia@Joeys-MacBook-Pro Final Project % python3 evaluate.py',
    'Loading pretrained model',
    'Loading datasets',
    'Testing',
    'Test loss 1.871, Test ppl 6.496.',
]

# OLMo's trainer on LUMI under its srun's `nid005143:0 out: ` labels, its step 50's record, a save begun,
# then Slurm's OOM kill (github.com/allenai/OLMo/issues/788, the issue's block)
OLMO_LUMI = [
    '...',
    ('nid005143:0 out: 2025-01-20 10:29:10.590        nid005143:0     olmo.train:967  INFO    [step=50/653'
     '55,epoch=0]'),
    'nid005143:0 out:     train/masked_instances_local_rank=0',
    'nid005143:0 out:     optim/total_grad_norm=0.3484',
    'nid005143:0 out:     train/CrossEntropyLoss=2.633',
    'nid005143:0 out:     train/Perplexity=13.91',
    'nid005143:0 out:     train/ZLoss=0.0035',
    'nid005143:0 out:     throughput/total_tokens=104,857,600',
    'nid005143:0 out:     throughput/total_training_Gflops=684,340,122',
    'nid005143:0 out:     throughput/total_training_log_Gflops=20.34',
    'nid005143:0 out:     throughput/device/tokens_per_second=174.8',
    'nid005143:0 out:     throughput/device/batches_per_second=0.0427',
    'nid005143:0 out:     System/Peak GPU Memory (MB)=42,394',
    'nid005143:0 out: 2025-01-20 10:29:11.183        nid005143:0     olmo.train:1259 INFO    Saving checkpoint...',
    ('nid005143:0 out: 2025-01-20 10:29:11.786        nid005143:0     olmo.checkpoint:1922    INFO    Savi'
     'ng model and optim state...'),
    ('slurmstepd: error: Detected 1 oom_kill event in StepId=9178265.0. Some of the step tasks have been O'
     'OM Killed.'),
]

# a training bar, then NCCL's socket errors and ProcessGroupNCCL taking rank 6 down
# (github.com/PKU-YuanGroup/UniWorld/issues/46, a comment's block)
NCCL_TAKEN_DOWN = [
    ('Steps:   0%|          | 1/500000 [12:44<14459:40:43, 104.11s/it, loss=0.36, lr=5e-6]n124-137-109:312'
     '247:326969 [0] NCCL INFO misc/socket.cc:829 -> 3'),
    'n124-137-109:312247:319408 [0] NCCL INFO misc/socket.cc:881 -> 3',
    'n124-137-109:312248:319407 [1] NCCL INFO misc/socket.cc:881 -> 3',
    'n124-137-109:312247:326969 [0] NCCL INFO misc/socket.cc:64 -> 3',
    'n124-137-109:312247:326969 [0] NCCL INFO misc/socket.cc:80 -> 3',
    'n124-137-109:312247:326969 [0] NCCL INFO misc/socket.cc:829 -> 3',
    'n124-137-109:312247:326969 [0] NCCL INFO misc/socket.cc:64 -> 3',
    'n124-137-109:312247:326969 [0] NCCL INFO misc/socket.cc:80 -> 3',
    'n124-137-109:312247:326969 [0] NCCL INFO misc/socket.cc:829 -> 3',
    'n124-137-109:312250:319409 [3] NCCL INFO misc/socket.cc:881 -> 3',
    ('n124-137-109:312249:326968 [2] NCCL INFO comm 0x12464df00 rank 6 nranks 8 cudaDev 2 busId b000 - Abo'
     'rt COMPLETE'),
    ('[rank6]:[E624 04:14:29.224103812 ProcessGroupNCCL.cpp:684] [Rank 6] Some NCCL operations have failed'
     ' or timed out. Due to the asynchronous nature of CUDA kernels, subsequent GPU operations might run o'
     'n corrupted/incomplete data.'),
    ('[rank6]:[E624 04:14:29.224139849 ProcessGroupNCCL.cpp:698] [Rank 6] To avoid data inconsistency, we '
     'are taking the entire process down.'),
]

# Megatron-LM's setup timers, then a traceback before its first iteration (github.com/databricks/megablocks/
# issues/161, the issue's block)
MEGATRON_SETUP_CRASH = [
    '> elasped time to build and save sample-idx mapping (seconds): 0.000692',
    ' > building shuffle index with split [0, 51039) and [51039, 52173) ...',
    ' > elasped time to build and save shuffle-idx mapping (seconds): 0.001060',
    ' > loading doc-idx mapping from my-gpt2_text_document_test_indexmap_51200ns_1024sl_1234s_doc_idx.npy',
    ' > loading sample-idx mapping from my-gpt2_text_document_test_indexmap_51200ns_1024sl_1234s_sample_idx.npy',
    ' > loading shuffle-idx mapping from my-gpt2_text_document_test_indexmap_51200ns_1024sl_1234s_shuffle_idx.npy',
    '    loaded indexed file in 0.001 seconds',
    '    total number of samples: 52174',
    '    total number of epochs: 46',
    '> finished creating GPT datasets ...',
    '[after dataloaders are built] datetime: 2024-11-14 00:12:12 ',
    'done with setup ...',
    '(min, max) time across ranks (ms):',
    '    model-and-optimizer-setup ......................: (65.30, 65.30)',
    '    train/valid/test-data-iterators-setup ..........: (5738.83, 5738.83)',
    'training ...',
    '[before the start of training step] datetime: 2024-11-14 00:12:12 ',
    'Traceback (most recent call last):',
    '  File "/mount/Megatron-LM-stanford/pretrain_gpt.py", line 154, in <module>',
    '    pretrain(train_valid_test_datasets_provider, model_provider,',
    '  File "/mount/Megatron-LM-stanford/megatron/training.py", line 147, in pretrain',
    '    iteration = train(forward_step_func,',
]


def _parsed(tmp_path: Path, lines: list[str], name: str = "console.log") -> tuple[str, dict[str, list[dict]]]:
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    parser = detect(path, read_head(path), registry())[0]
    assert parser is not None, "not recognised"
    return parser.name, {table: rows.to_pylist() for table, rows in parser.parse(path, ParseOptions()).tables.items()}


def test_skypilot_task_prefixes_around_mpiruns_tags_leave_the_nccl_tests_table(tmp_path: Path) -> None:
    """`(head, rank=0, pid=3808) [1,0]<stdout>:` before every line: the table's 24 sizes, 16 ranks
    (its `#  Rank` lines) and its footer's average, as printed."""
    parser, tables = _parsed(tmp_path, SKYPILOT_NCCL_TESTS)
    assert parser == "nccl_tests"
    rows = tables["nccl_tests"]
    assert len({r["size_bytes"] for r in rows}) == 24
    assert min(r["size_bytes"] for r in rows) == 1024
    assert {r["n_ranks"] for r in rows} == {16}
    assert {r["avg_busbw_gbps"] for r in rows} == {122.073}


def test_skypilot_task_prefix_in_a_block_indented_three_spaces(tmp_path: Path) -> None:
    """The Keras epochs under `(mnist-tpu-node pid=28961) `, every line indented 3 spaces: both
    epochs' summaries, with their losses, each an epoch's row (its time 58 batches at the time
    per step)."""
    parser, steps, _ = _read(tmp_path, SKYPILOT_KERAS)
    assert parser == "keras"
    assert [(s["loss"], s["step_time_s"]) for s in steps] == [(0.1181, pytest.approx(58 * 0.019)),
                                                              (0.1139, pytest.approx(58 * 0.020))]
    assert [s["step"] for s in steps] == [9, 10]  # (the epochs, as printed)


def test_sagemakers_toolkit_starts_no_process_and_save_pretrained_is_a_save(tmp_path: Path) -> None:
    """The toolkit's own dated lines after its mpirun ended start no second process (one launch,
    ended by its `Reporting training SUCCESS`); transformers' `Model weights saved in` after no
    save began is a save that ended."""
    _, _, events = _read(tmp_path, SAGEMAKER_SEQ2SEQ)
    starts = [e["line"] for e in events if e["kind"] == "attempt_start"]
    first_dated = next(n for n, text in enumerate(SAGEMAKER_SEQ2SEQ, 1) if "09/21/2022 " in text)
    header = next(n for n, text in enumerate(SAGEMAKER_SEQ2SEQ, 1) if "***** Running training *****" in text)
    assert starts == [first_dated, header]
    saved = [n for n, text in enumerate(SAGEMAKER_SEQ2SEQ, 1) if "Model weights saved in" in text]
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == saved
    assert [e["kind"] for e in events if e["line"] == len(SAGEMAKER_SEQ2SEQ)] == ["attempt_end"]


def test_model_weights_saved_inside_a_trainers_checkpoint_ends_no_save(tmp_path: Path) -> None:
    """The Trainer's `Saving model checkpoint to` is a save that goes on past the model's weights
    (the optimizer's state follows): its `Model weights saved in` is no save's end."""
    lines = (Path(__file__).parent.parent / "sample_logs/hf_trainer_state/console.log").read_text().splitlines()
    began = next(n for n, text in enumerate(lines) if "Saving model checkpoint to" in text)
    weights = next(n for n, text in enumerate(lines) if "Model weights saved in" in text)
    assert began < weights
    _, _, events = _read(tmp_path, lines)
    assert weights + 1 not in {e["line"] for e in events if e["kind"] == "checkpoint_save_end"}
    assert began + 1 in {e["line"] for e in events if e["kind"] == "checkpoint_save_start"}


def test_pix2pix_visualizer_lines_are_steps_with_their_times_and_its_saves(tmp_path: Path) -> None:
    """`(epoch: 4, iters: 14800, time: 0.085, data: 0.001) G_GAN: ...`: the iteration its step,
    its compute and data seconds as printed; `saving the latest model (...)` a save."""
    parser, steps, events = _read(tmp_path, PIX2PIX)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == list(range(14800, 16000, 100))
    assert [s["step_time_s"] for s in steps][:4] == [0.085, 0.041, 0.040, 0.041]
    assert {s["data_time_s"] for s in steps} == {0.001}
    assert {s["framework"] for s in steps} == {"pix2pix"}
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_start"] == [4]


def test_cyclegan_epoch_end_save_and_its_2017_form(tmp_path: Path) -> None:
    _, steps, events = _read(tmp_path, CYCLEGAN_EPOCH_END)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(838, 0.313), (938, 0.323), (1038, 1.455)]
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_start"] == [4]
    parser, steps, _ = _read(tmp_path, CYCLEGAN_2017, name="loss_log.txt")
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(1, 3.252), (1, 3.111)]


def test_simswap_loss_log_steps(tmp_path: Path) -> None:
    """`( step: 4199, ) G_Loss: ...`: 30 step lines, step 4199 twice (a relaunch went back to it)."""
    parser, steps, _ = _read(tmp_path, SIMSWAP, name="loss_log.txt")
    assert parser == "generic_log"
    printed = [int(text.split(",")[0].split()[-1]) for text in SIMSWAP if text.startswith("( step: ")]
    assert len(printed) == 30
    assert [s["step"] for s in steps] == printed


def test_stylegan_ticks_are_steps_timed_by_their_seconds(tmp_path: Path) -> None:
    """StyleGAN2-ADA's `tick 1 kimg 4.0 time 33m 57s sec/tick 1580.2 ...` and TensorFlow StyleGAN2's
    with `lod` and `minibatch`: the tick the step, `sec/tick` its time; the traceback a crash."""
    parser, steps, events = _read(tmp_path, STYLEGAN2_ADA)
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [
        (0, 6.8), (1, 1580.2), (2, 1534.0), (3, 1544.3), (4, 1521.3), (5, 1519.7), (6, 1572.7)]
    assert any(e["kind"] == "crash" for e in events)
    _, steps, _ = _read(tmp_path, STYLEGAN2_TF)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(0, 57.7), (1, 648.1), (2, 644.3), (3, 652.4)]


def test_marian_updates_saves_and_a_job_bash_terminated(tmp_path: Path) -> None:
    """`Ep. 1 : Up. 500 : Sen. 141,119 : Cost 249.71469116 : Time 288.83s : ...`: the update its
    step, the cost its loss, `Time` over the updates since the line before its time; the save
    from its first file to its optimizer's state; bash's `... Terminated` on the job a crash."""
    parser, steps, events = _read(tmp_path, MARIAN)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == list(range(500, 6000, 500))
    assert steps[0]["loss"] == 249.71469116 and steps[0]["lr"] == 9.3750e-06
    # (the first line's Time runs from training's start: its 500 updates are as many as the next line's)
    assert steps[0]["step_time_s"] == 288.83 / 500
    assert steps[1]["step_time_s"] == 257.64 / 500
    saves = [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")]
    first = next(n for n, text in enumerate(MARIAN, 1) if "Saving model weights" in text)
    adam = next(n for n, text in enumerate(MARIAN, 1) if "Saving Adam parameters" in text)
    assert saves == [("checkpoint_save_start", first), ("checkpoint_save_end", adam)]
    crashes = [e for e in events if e["kind"] == "crash"]
    assert [e["line"] for e in crashes] == [len(MARIAN)] and crashes[0]["detail"] == "the shell: Terminated"


def test_spacy_training_table_and_its_failure_before_a_row(tmp_path: Path) -> None:
    """spaCy's `E    #       LOSS TOK2VEC  LOSS NER ...`: a row an evaluation, `#` its step; a
    table whose first evaluation failed is still its log (the failure read)."""
    parser, steps, _ = _read(tmp_path, SPACY_TABLE)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == [0, 200, 400, 600, 800, 1000, 1200]
    assert {s["framework"] for s in steps} == {"spacy"}
    parser, steps, events = _read(tmp_path, SPACY_CRASH)
    assert parser == "generic_log" and not steps
    assert [e["kind"] for e in events][:1] == ["crash"]


def test_simpletuners_steps_bar_after_its_epoch_counts_the_runs_steps(tmp_path: Path) -> None:
    """`Epoch 38/65, Steps:  57%|...| 5750/10000 [...]`: the count is the run's step (not the
    epoch's batches after 38 epochs of 10000)."""
    _, steps, _ = _read(tmp_path, SIMPLETUNER)
    assert [s["step"] for s in steps] == [*range(5750, 7751, 250), 7999]


def test_a_lightning_bar_that_counts_the_validations_batches_too(tmp_path: Path) -> None:
    """latent-diffusion's bar reaches 220/220 each epoch while ModelCheckpoint's global steps go
    up by 211 an epoch (3586 after epoch 16, 3797 after epoch 17): an epoch's end is 211 steps
    after the one before, not 220."""
    parser, steps, _ = _read(tmp_path, LATENT_DIFFUSION)
    assert parser == "lightning"
    per_epoch = 3797 - 3586
    assert [s["step"] for s in steps] == [17 * per_epoch, 18 * per_epoch]


def test_an_nccl_tests_table_of_2019_with_no_root_column_is_named_by_its_ratio(tmp_path: Path) -> None:
    """NCCL 2.4.2's tests print no `root` column: `sum` rows over 4 ranks (its `#   Rank` lines)
    whose busbw is 1.5 x algbw (2(n-1)/n) are an all_reduce's."""
    parser, tables = _parsed(tmp_path, NCCL_TESTS_2019)
    assert parser == "nccl_tests"
    rows = tables["nccl_tests"]
    assert {r["op"] for r in rows} == {"all_reduce"} and {r["n_ranks"] for r in rows} == {4}
    assert len(rows) == 2 * sum(1 for text in NCCL_TESTS_2019 if " float " in text)


def test_rccl_tests_rank_lines_with_no_device_name_count_the_ranks(tmp_path: Path) -> None:
    """`#  Rank  8 Group  0 Pid 1167745 on mi355-gpu-24 device  0 [0000:75:00]` (no name after the
    bus id): 16 ranks on 2 hosts, and the table named all_reduce by its ratio over them."""
    _, tables = _parsed(tmp_path, RCCL_TESTS_NO_NAMES)
    rows = tables["nccl_tests"]
    assert {r["n_ranks"] for r in rows} == {16}
    assert {r["hosts"] for r in rows} == {"mi355-gpu-23,mi355-gpu-24"}
    assert {r["op"] for r in rows} == {"all_reduce"}


def test_the_mnist_examples_lines_are_steps_counted_in_its_records(tmp_path: Path) -> None:
    """`Train Epoch: 1 [640/60000 (1%)]<TAB>loss=2.2135`, undated, every 640 samples: each line a
    step (94 of them, 0 to 59520 samples), numbered in records of 640 samples from the first
    epoch's first (the example counts epochs from 1), with a warning that they are no batches."""
    path = tmp_path / "mnist.log"
    path.write_text("\n".join(KUBEFLOW_MNIST) + "\n", encoding="utf-8")
    parser = detect(path, read_head(path), registry())[0]
    assert parser is not None and parser.name == "generic_log"
    result = parser.parse(path, ParseOptions())
    steps = result.tables["log_steps"].to_pylist()
    done = [int(text.split("[")[1].split("/")[0]) for text in KUBEFLOW_MNIST if text.startswith("Train Epoch: 1 [")]
    assert len(done) == 94 and done[:3] == [0, 640, 1280]
    assert [s["step"] for s in steps] == list(range(94))  # the first epoch's lines, one record each, in order
    assert steps[1]["loss"] == 2.2135
    assert any("a record is 640 of its lines' `[done/total]` count" in w for w in result.warnings)


def test_an_excerpt_of_the_mnist_examples_lines_counts_its_records_from_the_count_between_lines(tmp_path: Path) -> None:
    """The same lines from `[1920/60000 (3%)]` on (an excerpt whose first line is no epoch's first
    record): a record is still the 640 samples between two lines, not the 1920 of the first
    line, and each line is the step of its own record (1920 / 640 = 3, ...)."""
    first = next(i for i, text in enumerate(KUBEFLOW_MNIST) if text.startswith("Train Epoch: 1 [1920/"))
    path = tmp_path / "mnist.log"
    path.write_text("\n".join(KUBEFLOW_MNIST[first:]) + "\n", encoding="utf-8")
    parser = detect(path, read_head(path), registry())[0]
    assert parser is not None and parser.name == "generic_log"
    result = parser.parse(path, ParseOptions())
    done = [int(text.split("[")[1].split("/")[0]) for text in KUBEFLOW_MNIST[first:] if text.startswith("Train Epoch: 1 [")]
    gaps = {b - a for a, b in zip(done, done[1:], strict=False)}
    assert gaps == {640} and done[0] == 1920
    assert [s["step"] for s in result.tables["log_steps"].to_pylist()] == [d // 640 for d in done]
    assert any("a record is 640 of its lines' `[done/total]` count" in w for w in result.warnings)

def test_openrlhfs_episode_bar_among_its_actors_lines_and_vllms_bars(tmp_path: Path) -> None:
    """`Episode [1/1]:  92%|...| 11/12 [03:32<00:19, 19.50s/it]`: the episode's update steps, its
    rate their time; vLLM's `Processed prompts` bars are no steps."""
    parser, steps, _ = _read(tmp_path, OPENRLHF_EPISODES)
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(11, 19.50), (12, 19.18)]


def test_rl_games_epoch_lines_are_its_steps(tmp_path: Path) -> None:
    parser, steps, _ = _read(tmp_path, RL_GAMES)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == list(range(3, 15))
    assert {s["framework"] for s in steps} == {"rl_games"}


def test_rsl_rl_iteration_blocks_are_steps_timed_by_their_iteration_time(tmp_path: Path) -> None:
    """`Learning iteration 1/10` opens iteration 1's block, its `Iteration time: 0.16s` below; the
    tail of iteration 0's block, its header cut off, is no step."""
    parser, steps, _ = _read(tmp_path, RSL_RL)
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(1, 0.16)]


def test_parlai_reports_are_steps_timed_by_their_seconds_since_training_began(tmp_path: Path) -> None:
    """`12:19:22 | time:132s total_exs:14 total_steps:14 ...`: the steps so far the step, the seconds
    since the report before over the steps between its time; old ParlAI's `[ time:4.0s total_exs:10050
    epochs:1.0 ] {..., 'loss': 9.236, ..., 'total_train_updates': 28}` the same, its loss the dict's."""
    parser, steps, _ = _read(tmp_path, PARLAI)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == [7, 14, 21, 27, 34]
    assert [s["step_time_s"] for s in steps] == [None, (132 - 65) / 7, (199 - 132) / 7, (260 - 199) / 6, (329 - 260) / 7]
    _, steps, _ = _read(tmp_path, PARLAI_OLD)
    # (its seconds floored: 2 s between reports may be 1 to 3 s, no time to trust)
    assert [(s["step"], s["loss"], s["step_time_s"]) for s in steps] == [(13, 9.229, None), (28, 9.236, None)]


def test_vits_steps_from_the_list_after_its_epoch_line_and_its_saves_in_pairs(tmp_path: Path) -> None:
    """RVC's `Train Epoch: 2 [47%]` then `[200, 9.99875e-05]` ([global_step, lr]): 14 steps, 0 to
    2600; its saves, `G_680.pth` then `D_680.pth` on the next line, four saves (each ended at its
    last file; no start is printed); `Training is done` its end."""
    parser, steps, events = _read(tmp_path, RVC)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == list(range(0, 2601, 200))
    assert steps[1]["lr"] == 9.99875e-05
    # each step line, 200 steps on from the one before, is followed by its epoch's dated end (`====> Epoch: 2
    # [2024-06-13 02:33:38]`) at up to 199 steps later: no step's end (the steps are undated)
    assert sum("====> Epoch: " in t for t in RVC) > 2 and all(s["end_ns"] is None for s in steps)
    saves = [n for n, text in enumerate(RVC, 1) if "Saving model and optimizer state" in text]
    assert len(saves) == 8 and all(RVC[n - 1].endswith(".pth") for n in saves)
    assert [RVC[n - 1].rsplit("\\", 1)[-1][:2] for n in saves] == ["G_", "D_"] * 4
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == saves[1::2]  # each pair's last file
    assert not [e for e in events if e["kind"] == "checkpoint_save_start"]
    assert any(e["kind"] == "attempt_end" for e in events)


# so-vits-svc 3.0 (32k) trained on Windows, its train.log dated by its logger (github.com/SUC-DriverOld/
# so-vits-svc-Deployment-Documents @ fb276ec, SO-VITS-SVC详细安装、训练、推理使用步骤.md, section 3's block, lines 2-19)
SO_VITS_DATED = [
    '2023-02-08 18:07:42,440 32k WARNING E:\\vs\\so-vits-svc-32k is not a git repository, therefore hash value c'
    'omparison will be ignored.',
    "2023-02-08 18:07:45,451 32k INFO Loaded checkpoint './logs\\32k\\G_0.pth' (iteration 1)",
    "2023-02-08 18:07:45,998 32k INFO Loaded checkpoint './logs\\32k\\D_0.pth' (iteration 1)",
    '2023-02-08 18:07:55,722 32k INFO Train Epoch: 1 [0%]',
    '2023-02-08 18:07:55,723 32k INFO [1.376741886138916, 3.908522129058838, 12.127800941467285, 35.5398941040'
    '03906, 4.270486354827881, 0, 0.0001]',
    '2023-02-08 18:08:01,381 32k INFO Saving model and optimizer state at iteration 1 to ./logs\\32k\\G_0.pth',
    '2023-02-08 18:08:02,344 32k INFO Saving model and optimizer state at iteration 1 to ./logs\\32k\\D_0.pth',
    '2023-02-08 18:08:19,482 32k INFO ====> Epoch: 1',
    '2023-02-08 18:08:40,093 32k INFO ====> Epoch: 2',
    '2023-02-08 18:09:01,010 32k INFO ====> Epoch: 3',
    '2023-02-08 18:09:21,715 32k INFO ====> Epoch: 4',
    '2023-02-08 18:09:42,242 32k INFO ====> Epoch: 5',
    '2023-02-08 18:10:02,528 32k INFO ====> Epoch: 6',
    '2023-02-08 18:10:22,965 32k INFO ====> Epoch: 7',
    '2023-02-08 18:10:29,149 32k INFO Train Epoch: 8 [14%]',
    '2023-02-08 18:10:29,150 32k INFO [2.378505229949951, 2.3670239448547363, 10.534687042236328, 19.235595703'
    '125, 1.8958038091659546, 200, 9.991253280566489e-05]',
    '2023-02-08 18:10:43,388 32k INFO ====> Epoch: 8',
    '2023-02-08 18:11:03,722 32k INFO ====> Epoch: 9',
]


def test_vits_lines_under_their_loggers_dated_prefix(tmp_path: Path) -> None:
    """so-vits-svc's `2023-02-08 18:10:29,149 32k INFO Train Epoch: 8 [14%]`, then its list ending in
    `200, 9.991253280566489e-05]` ([..., global_step, lr]): steps 0 and 200, each at its list's time."""
    parser, steps, _ = _read(tmp_path, SO_VITS_DATED)
    assert parser == "generic_log"
    lists = [t for t in SO_VITS_DATED if t.endswith("]") and " INFO [" in t]
    assert [(s["step"], s["lr"], s["end_ns"]) for s in steps] == [
        (int(t.rsplit(", ", 2)[1]), float(t.rsplit(", ", 1)[1][:-1]), _ns(t[:23])) for t in lists]


def test_ray_trains_reported_iterations_their_times_and_saves(tmp_path: Path) -> None:
    """`Training finished iteration 9 at 2024-04-29 17:27:36. Total running time: 1min 1s`, its table's
    `time_this_iter_s`, `Training saved a checkpoint for iteration 9 at: ...`; `Training completed
    after 10 iterations` the run's end, not each iteration's. The `Result(metrics={'loss': ...})` it
    prints last is no HF Trainer's dict: the generic reader keeps the log."""
    parser, steps, events = _read(tmp_path, RAY_TRAIN)
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(8, 40.46113), (9, 5.99923), (10, 6.71457)]
    assert [s["end_ns"] for s in steps] == [_ns(t, "%Y-%m-%d %H:%M:%S") for t in
                                            ("2024-04-29 17:27:29", "2024-04-29 17:27:36", "2024-04-29 17:27:43")]
    assert [e["step"] for e in events if e["kind"] == "checkpoint_save_end"] == [8, 9, 10]
    ends = [e["line"] for e in events if e["kind"] == "attempt_end"]
    assert ends == [next(n for n, text in enumerate(RAY_TRAIN, 1) if text.startswith("Training completed after"))]


def test_nerfstudio_table_rows_are_steps_timed_by_their_iteration(tmp_path: Path) -> None:
    parser, steps, _ = _read(tmp_path, NERFSTUDIO)
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(4090, 0.043140), (4210, 0.046225), (4310, 0.044431)]


def test_hf_trainers_final_metrics_block_alone_claims_the_log(tmp_path: Path) -> None:
    """`***** train metrics *****` (the HF examples' `trainer.log_metrics("train", ...)`) with no step
    line: the Trainer's log, its run ended."""
    parser, steps, events = _read(tmp_path, HF_TRAIN_METRICS)
    assert parser == "hf_trainer" and not steps
    assert [e["kind"] for e in events] == ["attempt_end"]


def test_marian_110_saves_end_at_its_training_checkpoints_line(tmp_path: Path) -> None:
    """Since Marian 1.10 `Saving Adam parameters` names no file and `[training] Saving training
    checkpoint to ...` is the save's last line: two saves, each from its `model.iterN.npz` (its
    update) to that line, 10 s and 10 s."""
    parser, steps, events = _read(tmp_path, MARIAN_110)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == [20000, 60000]
    saves = [(e["kind"], e["line"], e["step"]) for e in events if e["kind"].startswith("checkpoint")]
    assert saves == [("checkpoint_save_start", 2, 20000), ("checkpoint_save_end", 5, None),
                     ("checkpoint_save_start", 9, 60000), ("checkpoint_save_end", 12, None)]


def test_a_metric_writers_line_of_a_step_just_logged_is_that_step(tmp_path: Path) -> None:
    """Flax's `Finished training step 1. ...` then, a line on, its CLU writer's `[1]
    steps_per_sec=0.014434`: one step 1, not a step logged again (which reads as a relaunch)."""
    _, steps, _ = _read(tmp_path, FLAX_GEMMA)
    printed = [int(text.split("Finished training step ")[1].split(".")[0])
               for text in FLAX_GEMMA if "Finished training step " in text]
    assert [s["step"] for s in steps] == printed
    assert steps[0]["loss"] == 10.96665


def _printed_steps(lines: list[str], marker: str) -> list[int]:
    """The number right after `marker` on each line that has it (the raw text's own count)."""
    found = []
    for text in lines:
        if marker in text:
            digits = text.split(marker, 1)[1].lstrip()
            found.append(int(digits[:len(digits) - len(digits.lstrip("0123456789"))]))
    return found


def test_jax_programs_own_step_lines(tmp_path: Path) -> None:
    """Pax's `[PAX STATUS] step_i: 100, training loss: 6.3584294`; T5X's `Training: step 1` under
    absl; Trax's `Step    100: Ran 99 train steps in 2.99 secs` (those steps' seconds)."""
    parser, steps, _ = _read(tmp_path, PAX)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == _printed_steps(PAX, "step_i: ") and steps[0]["loss"] == 6.3584294
    _, steps, _ = _read(tmp_path, T5X)
    assert [s["step"] for s in steps] == [0, 1, 3]
    _, steps, _ = _read(tmp_path, TRAX)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(1, 1.56 / 1), (100, 2.99 / 99), (200, 2.82 / 100)]


def test_keras_guides_training_loop_lines_are_steps_not_its_validation(tmp_path: Path) -> None:
    """`Training loss (for 1 batch) at step 200: 3.0249` a step with its loss; the validation loop's
    `Validation loss (for 1 batch) at step 0: ...` none."""
    parser, steps, _ = _read(tmp_path, KERAS_LOOP)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == _printed_steps([t for t in KERAS_LOOP if t.startswith("Training loss")], "at step ")
    assert steps[2]["loss"] == 3.0249


def test_tensorflows_logging_hook_on_the_global_step_and_its_saves(tmp_path: Path) -> None:
    """`INFO:tensorflow:global_step = 101, train loss = 0.14169851, ... (3.915 sec)`: the step, its
    first loss, the seconds since the line before over the 100 steps between; `Saving checkpoints
    for 100 into ...` a save at step 100."""
    parser, steps, events = _read(tmp_path, TF_HOOK)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == _printed_steps(TF_HOOK, "global_step = ")
    assert steps[1]["loss"] == 0.14169851 and steps[1]["step_time_s"] == 3.915 / 100
    assert [e["step"] for e in events if e["kind"] == "checkpoint_save_start"] == _printed_steps(TF_HOOK, "checkpoints for ")


def test_mlx_lm_saves_its_adapter_weights(tmp_path: Path) -> None:
    _, _, events = _read(tmp_path, MLX_LORA)
    saved = [n for n, text in enumerate(MLX_LORA, 1) if "Saved adapter weights" in text or "Saved final weights" in text]
    assert len(saved) == 3
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == saved


def test_lumis_srun_labels_and_an_olmo_step_record_under_them(tmp_path: Path) -> None:
    """`nid005143:0 out: ` before every line: OLMo's `[step=50/65355,epoch=0]` record (its metrics on
    the lines below), its save begun, Slurm's OOM kill a crash."""
    _, steps, events = _read(tmp_path, OLMO_LUMI)
    assert [(s["step"], s["loss"]) for s in steps] == [(50, 2.633)]
    kinds = [e["kind"] for e in events]
    assert "checkpoint_save_start" in kinds and kinds[-1] == "crash"


def test_process_group_nccl_taking_its_process_down_is_a_crash(tmp_path: Path) -> None:
    parser, _, events = _read(tmp_path, NCCL_TAKEN_DOWN)
    assert parser == "generic_log"
    down = next(n for n, text in enumerate(NCCL_TAKEN_DOWN, 1) if "Some NCCL operations have failed" in text)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [("crash", down)]


def test_megatrons_setup_then_a_traceback_is_its_log_with_no_iteration(tmp_path: Path) -> None:
    parser, steps, events = _read(tmp_path, MEGATRON_SETUP_CRASH)
    assert parser == "megatron" and not steps
    assert [e["kind"] for e in events if e["kind"] == "crash"] == ["crash"]


# awsome-distributed-training's FSDP example under `srun -l` (a Llama-2 7B job's slurm output, in
# github.com/aws-samples/awsome-distributed-training @ 03d6269c, 3.test_cases/10.FSDP/README.md: lines 17-22)
AWS_FSDP = [
    '0: 2023-11-29 04:19:48 I [train.py:122] Batch 0 Loss: 11.6533041, Speed: 3.98 samples/sec, lr: 0.000006',
    '0: 2023-11-29 04:19:54 I [train.py:122] Batch 1 Loss: 11.620493, Speed: 10.72 samples/sec, lr: 0.000013',
    '0: 2023-11-29 04:20:00 I [train.py:122] Batch 2 Loss: 11.3152923, Speed: 10.71 samples/sec, lr: 0.000019',
    '0: 2023-11-29 04:20:06 I [train.py:122] Batch 3 Loss: 10.461415, Speed: 10.11 samples/sec, lr: 0.000025',
    '0: 2023-11-29 04:20:12 I [train.py:122] Batch 4 Loss: 11.8934202, Speed: 10.71 samples/sec, lr: 0.000031',
    '0: 2023-11-29 04:20:18 I [train.py:122] Batch 5 Loss: 13.9545879, Speed: 10.70 samples/sec, lr: 0.000038',
]


def test_awsome_distributed_trainings_batch_lines_are_the_run_s_steps(tmp_path: Path) -> None:
    """`0: 2023-11-29 04:19:48 I [train.py:122] Batch 0 Loss: 11.6533041, Speed: 3.98 samples/sec, lr:
    0.000006`: batch N the step, its loss and learning rate the line's, dated by the line."""
    _, steps, _ = _read(tmp_path, AWS_FSDP)
    read = [re.search(r"Batch (\d+) Loss: ([\d.]+), Speed: [\d.]+ samples/sec, lr: ([\d.]+)$", t) for t in AWS_FSDP]
    assert all(read)
    assert [(s["step"], s["loss"], s["lr"]) for s in steps] == [
        (int(m.group(1)), float(m.group(2)), float(m.group(3))) for m in read if m]
    assert all(s["end_ns"] is not None for s in steps)


T5X_SEGFAULT = [
    "I0317 18:14:56.604028 140415323761728 checkpoints.py:600] Saving checkpoint for step 1104000 to "
    "gs://nicl/checkpoint_models/sst/full_dataset/prompt-tuning/t5-11b/checkpoint_1104000.tmp-1647540896",
    "I0317 18:14:56.614308 140622481194048 checkpoints.py:600] Saving checkpoint for step 1104000 to "
    "gs://nicl/checkpoint_models/sst/full_dataset/prompt-tuning/t5-11b/checkpoint_1104000.tmp-1647540896",
    "Fatal Python error: Segmentation fault",
    "",
]


def test_faulthandlers_fatal_signal_is_a_crash_its_shutdown_messages_are_not(tmp_path: Path) -> None:
    """google-research/t5x issue 366: four hosts save step 1104000, then faulthandler reports the
    segmentation fault that killed the process: a crash at that line. CPython's fatal error at
    the interpreter's shutdown with daemon threads writing (`_enter_buffered_busy`) after the
    run is no failure of training."""
    _, _, events = _read(tmp_path, T5X_SEGFAULT)
    crashes = [(e["line"], e["detail"]) for e in events if e["kind"] == "crash"]
    assert crashes == [(3, "faulthandler: Segmentation fault")]
    _, _, events = _read(tmp_path, T5X_SEGFAULT[:2] + [
        "Fatal Python error: _enter_buffered_busy: could not acquire lock for <_io.BufferedWriter name='<stderr>'> "
        "at interpreter shutdown, possibly due to daemon threads"])
    assert not [e for e in events if e["kind"] == "crash"]


AUTOTRAIN_COLAB = [
    'Steps: 100% 500/500 [28:39<00:00,  3.65s/it, loss=0.138, lr=0.0001]Traceback (most recent call '
    'last):',
    '  File "/usr/local/bin/autotrain", line 8, in <module>',
    '    sys.exit(main())',
    '  File "/usr/local/lib/python3.10/dist-packages/autotrain/cli/autotrain.py", line 36, in main',
    '    command.run()',
    '  File "/usr/local/lib/python3.10/dist-packages/autotrain/cli/run_dreambooth.py", line 469, in '
    'run',
    '    train_dreambooth(params)',
    '  File "/usr/local/lib/python3.10/dist-packages/autotrain/trainers/dreambooth/main.py", line 24'
    '8, in train',
    '    trainer.train()',
    '  File "/usr/local/lib/python3.10/dist-packages/autotrain/trainers/dreambooth/trainer.py", line'
    ' 395, in train',
    '    self._save_checkpoint()',
]

TORCHTITAN_CTRL_C = [
    '  [2025-09-11 14:10:50,591512][I][components/metrics:437:log] step: 104  loss:  5.3994  grad_no'
    'rm:  1.9303  memory:  8.44GiB(13.20%)  tps: 6,635  tflops: 61.57  mfu: 20.65%',
    '  [2025-09-11 14:10:51,208789][I][components/metrics:437:log] step: 105  loss:  5.3256  grad_no'
    'rm:  1.5555  memory:  8.44GiB(13.20%)  tps: 6,647  tflops: 61.68  mfu: 20.69%',
    '  ^C',
    '  [1]    169285 exit 1     ezpz-launch -m torchtitan.experiments.blendcorpus.train --job.config'
    '_file  | ',
    '         169290 interrupt  tee tt-bc-$(tstamp).log',
    '  took: 0h:02m:06s',
]


def test_a_colab_steps_bar_with_the_traceback_glued_to_it(tmp_path: Path) -> None:
    """huggingface/autotrain-advanced issue 172, copied out of Colab (no `|` around the bar):
    `Steps: 100% 500/500 [28:39<00:00,  3.65s/it, ...]Traceback (most recent call last):` through
    `trainer.train()`: the log is a training log, step 500 at the bar's 3.65 s, and a crash."""
    parser, steps, events = _read(tmp_path, AUTOTRAIN_COLAB)
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(500, 3.65)]
    assert [(e["kind"], e["line"]) for e in events] == [("crash", 1)]


def test_a_ctrl_c_alone_on_its_line_interrupts_the_run(tmp_path: Path) -> None:
    """A torchtitan fork's README run on Aurora (ezpz), stopped at step 105 of 1000: the
    terminal's `^C` alone on its line is the run's interruption; after a clean end it is none."""
    _, steps, events = _read(tmp_path, TORCHTITAN_CTRL_C)
    at = next(n for n, text in enumerate(TORCHTITAN_CTRL_C, 1) if text.strip() == "^C")
    assert [s["step"] for s in steps] == [104, 105]
    assert [(e["kind"], e["line"], e["detail"]) for e in events if e["kind"] == "crash"] == [
        ("crash", at, "interrupted: ^C")]
    _, _, events = _read(tmp_path, [*TORCHTITAN_CTRL_C[:at - 1], "Training completed", "^C"])
    assert not [e for e in events if e["kind"] == "crash"]


AWSOME_DDP_SRUN = [
    '0: [RANK 3] Epoch 0 | Batchsize: 32 | Steps: 235 | Loss: 0.24456023513240382',
    '1: [RANK 5] Epoch 0 | Batchsize: 32 | Steps: 235 | Loss: 0.261846293271222',
    '1: [RANK 4] Epoch 0 | Batchsize: 32 | Steps: 235 | Loss: 0.2621041301479365',
    '1: [RANK 6] Epoch 0 | Batchsize: 32 | Steps: 235 | Loss: 0.26154112798419404',
    '1: [RANK 7] Epoch 0 | Batchsize: 32 | Steps: 235 | Loss: 0.25475989499307694',
    '0: Epoch 0 | Training snapshot saved at ./snapshot.pt',
]


def test_the_ddp_tutorials_epoch_line_with_its_loss_is_the_epochs_step(tmp_path: Path) -> None:
    """aws-samples/awsome-distributed-training PR 1039 (`srun -l`, 2 nodes): the DDP tutorial's
    `[RANK 3] Epoch 0 | Batchsize: 32 | Steps: 235 | Loss: 0.2445...` printed after the epoch's
    batches and no batch within it: a step an epoch, each node's line a row at epoch 0 as
    printed with its loss; the snapshot saves are read."""
    _, steps, events = _read(tmp_path, AWSOME_DDP_SRUN)
    assert [(s["rank"], s["step"], s["loss"]) for s in steps] == [
        (0, 0, 0.24456023513240382), (1, 0, 0.261846293271222), (1, 0, 0.2621041301479365),
        (1, 0, 0.26154112798419404), (1, 0, 0.25475989499307694)]
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == [6]


TORCH19_WATCHDOG = [
    'RuntimeError: NCCL communicator was aborted on rank 3.',
    '[E ProcessGroupNCCL.cpp:325] Some NCCL operations have failed or timed out. Due to the asynchro'
    'nous nature of CUDA kernels, subsequent GPU operations might run on corrupted/incomplete data. '
    'To avoid this inconsistency, we are taking the entire process down.',
    "terminate called after throwing an instance of 'std::runtime_error'",
    '  what():  [Rank 5] Watchdog caught collective operation timeout: WorkNCCL(OpType=BROADCAST, Ti'
    'meout(ms)=1800000) ran for 1801256 milliseconds before timing out.',
]


def test_a_watchdog_timeout_of_pytorch_before_sequence_numbers(tmp_path: Path) -> None:
    """huggingface/accelerate issue 157 (PyTorch 1.9): `what():  [Rank 5] Watchdog caught collective
    operation timeout: WorkNCCL(OpType=BROADCAST, Timeout(ms)=1800000) ran for 1801256 milliseconds`,
    no SeqNum: rank 5's timeout of the broadcast, its limit and how long it ran."""
    _, _, events = _read(tmp_path, TORCH19_WATCHDOG)
    timeouts = [(e["rank"], e["line"], e["detail"], e["duration_s"]) for e in events if e["kind"] == "collective_timeout"]
    assert timeouts == [(5, 4, "BROADCAST Timeout(ms)=1800000", 1801.256)]


MAXTEXT_RAY = [
    '(run_maxtext_train pid=78967, ip=10.130.0.11) Started an asynchronous checkpoint save for step '
    '0',
    '(run_maxtext_train pid=78967, ip=10.130.0.11)',
    '(run_maxtext_train pid=78967, ip=10.130.0.11) Memstats: After params initialized:',
    '(run_maxtext_train pid=78967, ip=10.130.0.11)   Using (GB) 1.59 / 30.75 (5.170732%) on TPU_4(pr'
    'ocess=1,(0,0,1,0))',
    '(run_maxtext_train pid=78967, ip=10.130.0.11)   Using (GB) 1.59 / 30.75 (5.170732%) on TPU_5(pr'
    'ocess=1,(1,0,1,0))',
    '(run_maxtext_train pid=78967, ip=10.130.0.11)   Using (GB) 1.59 / 30.75 (5.170732%) on TPU_6(pr'
    'ocess=1,(0,1,1,0))',
    '(run_maxtext_train pid=78967, ip=10.130.0.11)   Using (GB) 1.59 / 30.75 (5.170732%) on TPU_7(pr'
    'ocess=1,(1,1,1,0))',
    '(run_maxtext_train pid=78967, ip=10.130.0.11) completed step: 0, seconds: 11.775, TFLOP/s/devic'
    'e: 13.153, Tokens/s/device: 1391.395, total_weights: 131072, loss: 12.066',
    '(run_maxtext_train pid=80538, ip=10.130.0.12)',
    "(run_maxtext_train pid=80538, ip=10.130.0.12) To see full metrics 'tensorboard --logdir=/tmp/ma"
    "xtext/test/tensorboard/'",
    '(run_maxtext_train pid=80538, ip=10.130.0.12) Waiting for step 0 to finish before checkpoint...',
    '(run_maxtext_train pid=80538, ip=10.130.0.12) Waited 0.7087039947509766 seconds for step 0 to f'
    'inish before starting checkpointing.',
    '(run_maxtext_train pid=80538, ip=10.130.0.12) Started an asynchronous checkpoint save for step '
    '0',
    '(run_maxtext_train pid=80538, ip=10.130.0.12) Memstats: After params initialized:',
    '(run_maxtext_train pid=80538, ip=10.130.0.12)   Using (GB) 1.59 / 30.75 (5.170732%) on TPU_3(pr'
    'ocess=0,(1,1,0,0)) [repeated 4x across cluster]',
    '(run_maxtext_train pid=78967, ip=10.130.0.11) completed step: 4, seconds: 1.116, TFLOP/s/device'
    ': 138.799, Tokens/s/device: 14683.240, total_weights: 131072, loss: 0.000 [repeated 9x across c'
    'luster]',
    '(run_maxtext_train pid=80538, ip=10.130.0.12) completed step: 9, seconds: 1.068, TFLOP/s/device'
    ': 145.065, Tokens/s/device: 15346.083, total_weights: 131072, loss: 0.000 [repeated 9x across c'
    'luster]',
    '(run_maxtext_train pid=78967, ip=10.130.0.11) completed step: 14, seconds: 1.116, TFLOP/s/devic'
    'e: 138.754, Tokens/s/device: 14678.439, total_weights: 131072, loss: 0.000 [repeated 10x across'
    ' cluster]',
]


def test_maxtexts_asynchronous_checkpoint_save_under_ray(tmp_path: Path) -> None:
    """MaxText under Ray on a TPU v4-16 (its Ray tutorial's output): `(run_maxtext_train pid=78967,
    ip=10.130.0.11) Started an asynchronous checkpoint save for step 0` is the save of step 0
    begun; `completed step: 0, seconds: 11.775, ...` its step line."""
    _, steps, events = _read(tmp_path, MAXTEXT_RAY)
    saves = [n for n, text in enumerate(MAXTEXT_RAY, 1) if "Started an asynchronous checkpoint save for step 0" in text]
    assert [(e["kind"], e["step"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", 0, n) for n in saves]
    assert (steps[0]["step"], steps[0]["step_time_s"], steps[0]["loss"]) == (0, 11.775, 12.066)


NCCL_TESTS_HEADERLESS_2021 = [
    '#                                                       out-of-place                       in-p'
    'lace          ',
    '#       size         count      type   redop     time   algbw   busbw  error     time   algbw  '
    ' busbw  error',
    '#        (B)    (elements)                       (us)  (GB/s)  (GB/s)            (us)  (GB/s)  '
    '(GB/s)       ',
    '47c46425da29465eb4f752ffa03dd537000001:4122:4122 [0] NCCL INFO Launch mode Parallel',
    '    33554432       8388608     float     sum    593.7   56.52  105.97  5e-07    590.2   56.86  '
    '106.60  5e-07',
    '    67108864      16777216     float     sum    904.7   74.18  139.09  5e-07    918.0   73.11  '
    '137.07  5e-07',
    '   134217728      33554432     float     sum   1629.6   82.36  154.43  5e-07   1654.3   81.13  '
    '152.12  5e-07',
    '   268435456      67108864     float     sum   2996.0   89.60  167.99  5e-07   3056.7   87.82  '
    '164.66  5e-07',
    '   536870912     134217728     float     sum   5631.9   95.33  178.74  5e-07   5639.2   95.20  '
    '178.51  5e-07',
    '  1073741824     268435456     float     sum    11040   97.26  182.36  5e-07    10985   97.74  '
    '183.27  5e-07',
]


def test_a_headerless_nccl_tests_table_whose_busbw_is_above_its_algbw_is_an_all_reduce(tmp_path: Path) -> None:
    """An Azure ML issue's paste of nccl-tests' table without its header (no binary named, no
    `#  Rank` lines): `sum` rows whose busbw is 1.875 x algbw (105.97 / 56.52) are an
    all_reduce's, the only collective whose factor is above 1, over 2 / (2 - 1.875) = 16 ranks."""
    parser, tables = _parsed(tmp_path, NCCL_TESTS_HEADERLESS_2021)
    assert parser == "nccl_tests"
    rows = tables["nccl_tests"]
    assert {r["op"] for r in rows} == {"all_reduce"} and {r["n_ranks"] for r in rows} == {16}
    assert len(rows) == 2 * sum(1 for text in NCCL_TESTS_HEADERLESS_2021 if " float " in text)


NCCL_TESTS_1024_RANKS_ROWS = [
    '#        (B)    (elements)                               (us)  (GB/s)  (GB/s)            (us)  '
    '(GB/s)  (GB/s)',
    '  1073741824     268435456     float     sum      -1    19355   55.48  110.84      0    19189  '
    ' 55.96  111.80      0',
    '  2147483648     536870912     float     sum      -1    20218  106.22  212.23      0    19883  '
    '108.01  215.80      0',
    '  4294967296    1073741824     float     sum      -1    25377  169.24  338.16      0    25456  '
    '168.72  337.11      0',
    '  8589934592    2147483648     float     sum      -1    47078  182.46  364.57      0    46939  '
    '183.00  365.65      0',
    ' 17179869184    4294967296     float     sum      -1    93457  183.83  367.29      0    93420  '
    '183.90  367.44      0',
]


def test_over_many_ranks_the_busbw_ratio_leaves_the_rank_count_open(tmp_path: Path) -> None:
    """NVIDIA/nccl-tests issue 322: the last rows of a 1024-rank all_reduce_perf, no header. Each
    row's busbw / algbw, with its figures' rounding (to 2 decimals), allows a range of n around
    1000 (110.84 / 55.48: 2 / (2 - ratio) from about 560 to about 2400): no rank count is a guess,
    so none is given; the op is still the all_reduce's (its ratio above 1)."""
    parser, tables = _parsed(tmp_path, NCCL_TESTS_1024_RANKS_ROWS)
    assert parser == "nccl_tests"
    rows = tables["nccl_tests"]
    assert {(r["op"], r["n_ranks"], r["n_ranks_source"]) for r in rows} == {("all_reduce", None, None)}
    low, high = (110.84 - 0.005) / (55.48 + 0.005), (110.84 + 0.005) / (55.48 - 0.005)
    assert 2 / (2 - low) < 1000 < 2 / (2 - high)  # (the range the figures allow holds many n)


MEGATRON_DS_INIT_OOM = [
    '> initializing tensor model parallel with size 2',
    '> initializing pipeline model parallel with size 4',
    '> setting random seeds to 42 ...',
    '[2021-08-12 08:19:28,225] [INFO] [checkpointing.py:226:model_parallel_cuda_manual_seed] > initi'
    'alizing model parallel cuda seeds on global rank 0, model parallel rank 0, and data parallel ra'
    'nk 0 with model parallel seed: 2760 and data parallel seed: 42',
    '> compiling dataset index builder ...',
    "make: Entering directory '/gpfsssd/worksf/projects/rech/six/commun/code/tr1-13B/Megatron-DeepSp"
    "eed-tr1-13B/megatron/data'",
    "make: Nothing to be done for 'default'.",
    "make: Leaving directory '/gpfsssd/worksf/projects/rech/six/commun/code/tr1-13B/Megatron-DeepSpe"
    "ed-tr1-13B/megatron/data'",
    '>>> done with dataset index builder. Compilation time: 0.338 seconds',
    '> compiling and loading fused kernels ...',
    'Traceback (most recent call last):',
    '  File "/gpfswork/rech/six/commun/code/tr1-13B/Megatron-DeepSpeed-tr1-13B/pretrain_gpt.py", lin'
    'e 222, in <module>',
    '    pretrain(train_valid_test_datasets_provider, model_provider, forward_step,',
    '  File "/gpfsssd/worksf/projects/rech/six/commun/code/tr1-13B/Megatron-DeepSpeed-tr1-13B/megatr'
    'on/training.py", line 95, in pretrain',
    '    initialize_megatron(extra_args_provider=extra_args_provider,',
    '  File "/gpfsssd/worksf/projects/rech/six/commun/code/tr1-13B/Megatron-DeepSpeed-tr1-13B/megatr'
    'on/initialize.py", line 89, in initialize_megatron',
    '    _compile_dependencies()',
    '  File "/gpfsssd/worksf/projects/rech/six/commun/code/tr1-13B/Megatron-DeepSpeed-tr1-13B/megatr'
    'on/initialize.py", line 140, in _compile_dependencies',
    '    torch.distributed.barrier()',
    '  File "/gpfswork/rech/six/commun/conda/tr1-13B/lib/python3.8/site-packages/torch/distributed/d'
    'istributed_c10d.py", line 2420, in barrier',
    '    work = default_pg.barrier(opts=opts)',
    'RuntimeError: CUDA error: out of memory',
]


def test_megatrons_setup_then_a_cuda_error_out_of_memory_at_its_first_barrier(tmp_path: Path) -> None:
    """BigScience tr1-13B's chronicles (the next Slurm job, put on the faulty node again): Megatron-
    DeepSpeed's setup lines, then a traceback through `megatron/training.py`'s `pretrain` to
    `RuntimeError: CUDA error: out of memory` at a barrier: the log is read (no iteration yet), its
    traceback a crash and that line an out-of-memory failure."""
    parser, steps, events = _read(tmp_path, MEGATRON_DS_INIT_OOM)
    assert parser == "generic_log" and steps == []
    traceback = next(n for n, text in enumerate(MEGATRON_DS_INIT_OOM, 1) if text.startswith("Traceback"))
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("crash", "oom")] == [
        ("crash", traceback), ("oom", len(MEGATRON_DS_INIT_OOM))]


INTERNLM_MIXED_ZONES = [
    '    2023-09-05 11:47:44,649 INFO parallel_context.py:508 in set_device -- process rank 4 is bou'
    'nd to host:SH-IDC1-10-140-1-110 device: 4',
    '    2023-09-05T11:49:58.225+08:00 INFO [training_internlm.py, line 413, in record_current_batch'
    '_training_metrics] - pid=6794 : tflops=63.283263603947816 step=0 loss=11.641494750976562 tgs (t'
    "okens/gpu/second)=1424.93 lr=4.0000000000000003e-07 loss_scale=65536.0 grad_norm={'0_default': "
    '66.51907327507652} micro_num=4 num_consumed_tokens=131072 inf_nan_skip_batches=0 num_samples_in'
    '_batch=19 largest_length=2048 largest_batch=6 smallest_batch=3 adam_beta2=0.95 fwd_bwd_time=6.8'
    '7 acc=0.0 perplexity=112181.7188 acc/en=0.0 acc/cn=0.0 acc/code=0.0 tokens/en=120836 tokens/cn='
    '0 tokens/code=0 loss_from_metric=11.6279 loss/en=11.6279 loss/cn=nan loss/code=nan ',
    '    2023-09-05T11:50:02.553+08:00 INFO [training_internlm.py, line 413, in record_current_batch'
    '_training_metrics] - pid=6794 : tflops=171.92140761933035 step=1 loss=11.546792984008789 tgs (t'
    "okens/gpu/second)=3871.11 lr=6.000000000000001e-07 loss_scale=65536.0 grad_norm={'0_default': 6"
    '4.47430144542088} micro_num=4 num_consumed_tokens=262144 inf_nan_skip_batches=0 num_samples_in_'
    'batch=16 largest_length=2048 largest_batch=5 smallest_batch=3 adam_beta2=0.95 fwd_bwd_time=4.14'
    ' acc=0.0 perplexity=103779.1406 acc/en=0.0 acc/cn=0.0 acc/code=0.0 tokens/en=120572 tokens/cn=0'
    ' tokens/code=0 loss_from_metric=11.55 loss/en=11.55 loss/cn=nan loss/code=nan ',
    '    2023-09-05T11:50:06.504+08:00 INFO [training_internlm.py, line 413, in record_current_batch'
    '_training_metrics] - pid=6794 : tflops=186.0565203348341 step=2 loss=11.106071472167969 tgs (to'
    "kens/gpu/second)=4189.39 lr=8.000000000000001e-07 loss_scale=65536.0 grad_norm={'0_default': 62"
    '.520055376005146} micro_num=4 num_consumed_tokens=393216 inf_nan_skip_batches=0 num_samples_in_'
    'batch=16 largest_length=2048 largest_batch=6 smallest_batch=3 adam_beta2=0.95 fwd_bwd_time=3.82'
    ' acc=0.0001 perplexity=71139.6797 acc/en=0.0001 acc/cn=0.0 acc/code=0.0 tokens/en=122032 tokens'
    '/cn=0 tokens/code=0 loss_from_metric=11.1724 loss/en=11.1724 loss/cn=nan loss/code=nan ',
]


def test_lines_with_no_zone_beside_lines_of_one_offset_are_that_offsets_local_time(tmp_path: Path) -> None:
    """InternLM's 7B demo on 8 GPUs: the parallel context's `2023-09-05 11:47:44,650 INFO ...` (no
    zone) and the metrics' `2023-09-05T11:49:58.225+08:00 INFO ...` are one machine's clock: the
    first line is 11:47:44 at +08:00, two minutes before the first step, not 8 hours after it."""
    _, steps, events = _read(tmp_path, INTERNLM_MIXED_ZONES)
    start = next(e["ts_ns"] for e in events if e["kind"] == "attempt_start")
    zone = timezone(timedelta(hours=8))
    assert start == int(datetime(2023, 9, 5, 11, 47, 44, tzinfo=zone).timestamp()) * 10**9 + 649_000_000
    assert steps[0]["end_ns"] == int(datetime(2023, 9, 5, 11, 49, 58, tzinfo=zone).timestamp()) * 10**9 + 225_000_000
    assert [s["step"] for s in steps] == [0, 1, 2]


def test_a_keras_predict_traceback_claims_no_training_log(tmp_path: Path) -> None:
    """A traceback through Keras' `keras/engine/training.py` (every `predict` and `evaluate` goes
    through it) under TensorFlow's dated start-up lines is an inference script's failure: no
    training log (only Megatron's `megatron/training.py` is a training loop's)."""
    path = tmp_path / "predict.log"
    path.write_text("\n".join([
        "2023-05-01 10:00:00.123456: I tensorflow/core/platform/cpu_feature_guard.cc:193] This TensorFlow binary is "
        "optimized with oneAPI Deep Neural Network Library (oneDNN)",
        "Traceback (most recent call last):",
        '  File "predict.py", line 12, in <module>',
        "    model.predict(x)",
        '  File "/usr/lib/python3/dist-packages/keras/engine/training.py", line 2033, in predict',
        "    raise ValueError('Unexpected result of `predict_function`')",
        "ValueError: Unexpected result of `predict_function`"]) + "\n")
    parser, _ = detect(path, read_head(path), registry())
    assert parser is None


def test_loading_or_not_saving_a_best_model_is_no_save(tmp_path: Path) -> None:
    """`Loading the best model saved at ./ckpt/best.pth` and `No best model saved: ...` save
    nothing; `[New Best Model Saved]` and `Best model saved to ./ckpt/best.pth` do."""
    lines = [f"2024-01-01 10:00:0{n},000 - INFO - step {n}: loss 0.{n}" for n in range(1, 4)] + [
        "2024-01-01 10:00:05,000 - INFO - No best model saved: val_loss did not improve",
        "2024-01-01 10:00:06,000 - INFO - Loading the best model saved at ./ckpt/best.pth for testing",
        "2024-01-01 10:00:07,000 - INFO - Best model saved to ./ckpt/best.pth",
        "Epoch: 006, Loss: 1.2828, Test MAE: 0.9420 [New Best Model Saved]"]
    _, _, events = _read(tmp_path, lines)
    assert [e["line"] for e in events if e["kind"].startswith("checkpoint")] == [6, 7]


def test_a_segfault_at_teardown_after_the_runs_clean_end_is_no_crash(tmp_path: Path) -> None:
    """`Training completed` then faulthandler's `Fatal Python error: Segmentation fault` (a
    teardown's, after the run ended cleanly) is no failure of the run."""
    _, _, events = _read(tmp_path, [*T5X_SEGFAULT[:2], "Training completed", "Fatal Python error: Segmentation fault"])
    assert not [e for e in events if e["kind"] == "crash"]


def test_pre_seqnum_watchdog_timeouts_of_one_rank_in_two_launches_are_two(tmp_path: Path) -> None:
    """Before PyTorch 1.10 a timeout names no sequence number: rank 5's BROADCAST timeout, the
    elastic agent restarting the workers, then rank 5's ALLREDUCE timeout are two timeouts."""
    _, _, events = _read(tmp_path, [
        *TORCH19_WATCHDOG,
        "[INFO] [2021-06-01 10:00:00,000] [torch.distributed.elastic.agent.server.api] [default] Worker group FAILED. "
        "3/3 attempts left; will restart worker group",
        "terminate called after throwing an instance of 'std::runtime_error'",
        "  what():  [Rank 5] Watchdog caught collective operation timeout: WorkNCCL(OpType=ALLREDUCE, "
        "Timeout(ms)=1800000) ran for 1800523 milliseconds before timing out."])
    timeouts = [(e["rank"], e["detail"]) for e in events if e["kind"] == "collective_timeout"]
    assert timeouts == [(5, "BROADCAST Timeout(ms)=1800000"), (5, "ALLREDUCE Timeout(ms)=1800000")]


def test_one_stray_zoned_stamp_moves_no_other_line(tmp_path: Path) -> None:
    """A line's own field `created_at=2023-12-31T09:00:00-05:00` (one zoned stamp, not a logger's
    clock) leaves the file's lines with no zone in UTC."""
    _, steps, _ = _read(tmp_path, [
        "2023-12-31T09:00:00-05:00 checkpoint metadata written",
        *[f"2024-01-01 10:00:0{n},000 - INFO - step {n}: loss 0.{n}" for n in range(1, 4)]])
    assert steps[0]["end_ns"] == int(datetime(2024, 1, 1, 10, 0, 1, tzinfo=UTC).timestamp()) * 10**9


# github.com/Intellindust-AI-Lab/DEIM issue 105 (the description, 2025-07-11), verbatim
DEIM_HEARTBEAT = [
    '[rank1]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 1] Heartbeat monitor timed out! Process will be'
    ' terminated after dumping debug info. workMetaList_.size()=103',
    '[rank1]:[E ProcessGroupNCCL.cpp:1153] [PG 0 Rank 1] ProcessGroupNCCL preparing to dump debug info.',
    "[rank1]:[F ProcessGroupNCCL.cpp:1169] [PG 0 Rank 1] [PG 0 Rank 1] ProcessGroupNCCL's watchdog got"
    ' stuck for 600 seconds without making progress in monitoring enqueued collectives. This typically'
    ' indicates a NCCL/CUDA API hang blocking the watchdog, and could be triggered by another thread'
    ' holding the GIL inside a CUDA api, or other deadlock-prone behaviors.If you suspect the watchdog'
    ' is not actually stuck and a longer timeout would help, you can either increase the timeout'
    ' (TORCH_NCCL_HEARTBEAT_TIMEOUT_SEC) to a larger value or disable the heartbeat monitor'
    ' (TORCH_NCCL_ENABLE_MONITORING=0).If either of aforementioned helps, feel free to file an issue to'
    ' PyTorch about the short timeout or false positive abort; otherwise, please attempt to debug the'
    ' hang. workMetaList_.size() = 103',
    '[rank0]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 0] Heartbeat monitor timed out! Process will be'
    ' terminated after dumping debug info. workMetaList_.size()=84',
    '[rank2]:[E ProcessGroupNCCL.cpp:1316] [PG 0 Rank 2] Heartbeat monitor timed out! Process will be'
    ' terminated after dumping debug info. workMetaList_.size()=103',
]


def test_a_heartbeat_monitor_timeout_is_each_ranks_hang(tmp_path: Path) -> None:
    """ProcessGroupNCCL's heartbeat monitor (`[PG 0 Rank 1] Heartbeat monitor timed out! Process will
    be terminated ...`): the watchdog itself hung; a hang on each rank that says it (1, 0, 2), the
    file read as a failure log with no step line."""
    name, steps, events = _read(tmp_path, DEIM_HEARTBEAT)
    said = [int(m.group(1)) for t in DEIM_HEARTBEAT if (m := re.search(r"\[PG 0 Rank (\d+)\] Heartbeat monitor timed out!", t))]
    assert name == "generic_log" and not steps and said == [1, 0, 2]
    assert [(e["kind"], e["rank"]) for e in events if e["kind"] == "hang"] == [("hang", r) for r in said]


# github.com/aws-ia/ecs-blueprints, terraform/ec2-examples/distributed-ml-training/README.md, "Example output" (lines 5-8):
# the DDP tutorial's epoch line in brackets with its rank and the epoch's time, under Ray's worker prefix
RAY_ECS_DDP = [
    '(RayTrainWorker pid=227, ip=10.0.2.255) [Epoch 0 | GPU0: Process rank 0 | Batchsize: 128 | Steps:'
    ' 235 | Total epoch time: 17.660568237304688]',
    '(RayTrainWorker pid=234, ip=10.0.15.42) [Epoch 0 | GPU0: Process rank 1 | Batchsize: 128 | Steps:'
    ' 235 | Total epoch time: 17.65453052520752]',
    '(RayTrainWorker pid=227, ip=10.0.2.255) [Epoch 1 | GPU0: Process rank 0 | Batchsize: 128 | Steps:'
    ' 235 | Total epoch time: 17.172431230545044]',
    '(RayTrainWorker pid=234, ip=10.0.15.42) [Epoch 1 | GPU0: Process rank 1 | Batchsize: 128 | Steps:'
    ' 235 | Total epoch time: 17.17476797103882]',
]


def test_the_ddp_tutorials_bracketed_epoch_line_with_its_rank_and_time(tmp_path: Path) -> None:
    """`(RayTrainWorker pid=227, ip=...) [Epoch 0 | GPU0: Process rank 0 | Batchsize: 128 | Steps: 235 |
    Total epoch time: 17.66...]`: a step an epoch as printed, of the rank the line names, its
    time the epoch's."""
    _, steps, _ = _read(tmp_path, RAY_ECS_DDP)
    printed = [(int(m.group(2)), int(m.group(1)), float(m.group(3))) for t in RAY_ECS_DDP
               if (m := re.search(r"\[Epoch (\d+) \| GPU0: Process rank (\d+) \| .* time: ([\d.]+)\]$", t))]
    assert len(printed) == 4
    assert [(r["rank"], r["step"], r["step_time_s"]) for r in steps] == printed


# a KubeRay-on-GKE tutorial's RayJob logs (index id 52335106796, its README's log block, lines 18-28): a script's own
# `Train Epoch` and `Test Epoch` bars under Ray's worker prefix, then Ray's job CLI's last word
KUBERAY_JOB = [
    '(RayTrainWorker pid=2325, ip=10.0.1.15) [Gloo] Rank 1 is connected to 1 peer ranks. Expected number'
    ' of connected peer ranks is : 1',
    '(RayTrainWorker pid=2312, ip=10.0.0.136)',
    'Train Epoch 9: 100%|██████████| 1875/1875 [00:36<00:00, 51.24it/s] [repeated 47x across cluster]',
    '(RayTrainWorker pid=2312, ip=10.0.0.136)',
    'Test Epoch 9:   0%|          | 0/313 [00:00<?, ?it/s]',
    '(RayTrainWorker pid=2325, ip=10.0.1.15)',
    'Test Epoch 9:  91%|█████████ | 285/313 [00:01<00:00, 193.75it/s] [repeated 26x across cluster]',
    '(RayTrainWorker pid=2325, ip=10.0.1.15) Checkpoint successfully created at:'
    ' Checkpoint(filesystem=gcs,'
    ' path=mybucket/fashion_mnist_ray_experiment/checkpoint_2026-02-27_19-21-51.406550)',
    '(RayTrainWorker pid=2325, ip=10.0.1.15) Reporting training result 10:'
    ' TrainingReport(checkpoint=Checkpoint(filesystem=gcs,'
    ' path=mybucket/fashion_mnist_ray_experiment/checkpoint_2026-02-27_19-21-51.406550),'
    " metrics={'loss': 0.36814677305876636, 'accuracy': 0.8656}, validation_spec=None)",
    '2026-02-27 19:22:01,567 SUCC cli.py:65 -- ----------------------------------------------',
    "2026-02-27 19:22:01,567 SUCC cli.py:66 -- Job 'rayjob-pytorch-mnist-wif-f4skt' succeeded",
]


def test_ray_jobs_end_and_a_scripts_train_and_test_epoch_bars(tmp_path: Path) -> None:
    """`SUCC cli.py:66 -- Job 'rayjob-...' succeeded`: the run's clean end; Ray Train's `Checkpoint
    successfully created at: Checkpoint(...)` a save done. `Train Epoch 9: 100%|...|
    1875/1875` is a script's own bar, no Lightning's, and `Test Epoch 9: 91%|...| 285/313` a test
    loop's, no step: one row, the training bar's."""
    name, steps, events = _read(tmp_path, KUBERAY_JOB)
    ended = [n for n, t in enumerate(KUBERAY_JOB, 1) if t.endswith("' succeeded")]
    trained = [n for n, t in enumerate(KUBERAY_JOB, 1) if t.startswith("Train Epoch 9: 100%")]
    assert name == "generic_log" and len(ended) == 1 and len(trained) == 1
    assert [r["line"] for r in steps] == trained
    saved = [n for n, t in enumerate(KUBERAY_JOB, 1) if " Checkpoint successfully created at: " in t]
    assert len(saved) == 1
    assert [(e["kind"], e["line"]) for e in events if e["kind"] != "attempt_start"] == [
        ("checkpoint_save_end", saved[0]), ("attempt_end", ended[0])]


# an Azure VM note's Ray TorchTrainer run of the HF Trainer (index id 13010899137, lines 163-176): the training bar
# unprefixed, the workers' lines under Ray's prefix, no metric line (its 125 steps are fewer than `logging_steps`)
RAY_HF_TAIL = [
    ' 91%|█████████ | 114/125 [02:23<00:13,  1.25s/it]',
    ' 92%|█████████▏| 115/125 [02:24<00:12,  1.25s/it]',
    ' 93%|█████████▎| 116/125 [02:26<00:11,  1.25s/it]',
    ' 94%|█████████▎| 117/125 [02:27<00:10,  1.25s/it]',
    ' 94%|█████████▍| 118/125 [02:28<00:08,  1.26s/it]',
    ' 95%|█████████▌| 119/125 [02:29<00:07,  1.27s/it]',
    ' 96%|█████████▌| 120/125 [02:31<00:06,  1.26s/it]',
    ' 97%|█████████▋| 121/125 [02:32<00:05,  1.26s/it]',
    ' 98%|█████████▊| 122/125 [02:33<00:03,  1.26s/it]',
    ' 98%|█████████▊| 123/125 [02:34<00:02,  1.26s/it]',
    ' 99%|█████████▉| 124/125 [02:36<00:01,  1.26s/it]',
    '100%|██████████| 125/125 [02:37<00:00,  1.26s/it]',
    '100%|██████████| 125/125 [02:38<00:00,  1.27s/it]',
    "(RayTrainWorker pid=23062, ip=10.2.0.5) {'train_runtime': 158.136, 'train_samples_per_second':"
    " 6.324, 'train_steps_per_second': 0.79, 'train_loss': 1.606440673828125, 'epoch': 1.0}",
]


def test_a_bar_the_trainers_summary_counts_is_the_trainings_whole(tmp_path: Path) -> None:
    """No metric line, but the summary's `train_runtime` x `train_steps_per_second` (158.136 x
    0.79 = 124.9) is the bar's total, 125: the bar is the training's, every count it drew a
    step, not only the one drawn beside the summary."""
    name, steps, _ = _read(tmp_path, RAY_HF_TAIL)
    drawn = sorted({int(m.group(1)) for t in RAY_HF_TAIL if (m := re.search(r"\| (\d+)/125 \[", t))})
    assert name == "hf_trainer" and drawn == list(range(114, 126))
    assert [r["step"] for r in steps] == drawn


# github.com/aws-samples/awsome-distributed-training @ 5963d9ec, the DDP CPU test case's Slurm output (lines 20-32):
# two torchelastic agents' workers finish
ELASTIC_SUCCEEDED = [
    '[2024-03-12 08:22:45,549] torch.distributed.launcher.api: [INFO] ',
    '[2024-03-12 08:22:45,552] torch.distributed.elastic.agent.server.local_elastic_agent: [INFO] log'
    ' directory set to: /tmp/torchelastic_9g50nxjq/5982_tflt1tcd',
    '[2024-03-12 08:22:45,552] torch.distributed.elastic.agent.server.api: [INFO] [default] starting'
    ' workers for entrypoint: python',
    '...',
    '[RANK 3] Epoch 49 | Batchsize: 32 | Steps: 8',
    '[RANK 5] Epoch 49 | Batchsize: 32 | Steps: 8',
    '[RANK 4] Epoch 49 | Batchsize: 32 | Steps: 8',
    '[2024-03-12 08:22:56,574] torch.distributed.elastic.agent.server.api: [INFO] [default] worker group'
    ' successfully finished. Waiting 300 seconds for other agents to finish.',
    '[2024-03-12 08:22:56,574] torch.distributed.elastic.agent.server.api: [INFO] Local worker group'
    ' finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish',
    '[2024-03-12 08:22:56,575] torch.distributed.elastic.agent.server.api: [INFO] [default] worker group'
    ' successfully finished. Waiting 300 seconds for other agents to finish.',
    '[2024-03-12 08:22:56,575] torch.distributed.elastic.agent.server.api: [INFO] Local worker group'
    ' finished (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish',
    '[2024-03-12 08:22:56,575] torch.distributed.elastic.agent.server.api: [INFO] Done waiting for other'
    ' agents. Elapsed: 0.0010929107666015625 seconds',
    '[2024-03-12 08:22:56,575] torch.distributed.elastic.agent.server.api: [INFO] Done waiting for other'
    ' agents. Elapsed: 0.0005395412445068359 seconds',
]


def test_torchelastic_agents_workers_succeeded_end_the_run(tmp_path: Path) -> None:
    """`Local worker group finished (WorkerState.SUCCEEDED)`: the agent's workers all returned 0; the
    run ends cleanly at the last agent's line."""
    _, steps, events = _read(tmp_path, ELASTIC_SUCCEEDED)
    succeeded = [n for n, t in enumerate(ELASTIC_SUCCEEDED, 1) if "(WorkerState.SUCCEEDED)" in t]
    assert len(succeeded) == 2 and [r["step"] for r in steps] == [49, 49, 49]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] not in ("attempt_start", "elision")] == [
        ("attempt_end", succeeded[-1])]


# github.com/MrCogito/Deep_learning_2023 @ 7af1c075, outputs/LossFix/Markdown/LossFix_0 (its first 45 lines): a job's
# traceback, then LSF's job report
LSF_EXITED = [
    'Traceback (most recent call last):',
    '  File "/zhome/59/9/198225/Desktop/Deep_learning_2023/Deep_learning_2023/main.py", line 92, in'
    ' <module>',
    '    Defaults.start()',
    '  File'
    ' "/zhome/59/9/198225/Desktop/Deep_learning_2023/project-env/lib/python3.10/site-packages/dtu/__init_'
    '_.py", line 235, in start',
    '    cls.run(*args)',
    '  File "/zhome/59/9/198225/Desktop/Deep_learning_2023/Deep_learning_2023/main.py", line 52, in run',
    '    model = PaiNN(num_atoms=num_atoms, num_embeddings=num_embeddings, cutoff_dist=cutoff_dist,'
    ' hidden_out_dim=hidden_out_dim).to(device)',
    "TypeError: PaiNN.__init__() missing 1 required positional argument: 'device'",
    '',
    '------------------------------------------------------------',
    'Sender: LSF System <lsfadmin@hpc.dtu.dk>',
    'Subject: Job 19572934: <LossFix_0> in cluster <dcc> Exited',
    '',
    'Job <LossFix_0> was submitted from host <gbarlogin2> by user <s230208> in cluster <dcc> at Mon Nov'
    ' 27 15:10:05 2023',
    'Job was executed on host(s) <4*n-62-18-13>, in queue <gpua100>, as user <s230208> in cluster <dcc>'
    ' at Mon Nov 27 16:56:32 2023',
    '</zhome/59/9/198225> was used as the home directory.',
    '</zhome/59/9/198225/Desktop/Deep_learning_2023/Deep_learning_2023> was used as the working'
    ' directory.',
    'Started at Mon Nov 27 16:56:32 2023',
    'Terminated at Mon Nov 27 16:58:45 2023',
    'Results reported at Mon Nov 27 16:58:45 2023',
    '',
    'Your job looked like:',
    '',
    '------------------------------------------------------------',
    '# LSBATCH: User input',
    '#!/bin/sh',
    '#BSUB -q gpua100',
    '#BSUB -gpu "num=1:mode=exclusive_process"',
    '#BSUB -n 4',
    '#BSUB -R "rusage[mem=16G]"',
    '#BSUB -R "select[gpu80gb]"',
    '#BSUB -R "span[hosts=1]"',
    '#BSUB -W 1440',
    '# end of BSUB options',
    'module -s load python3',
    'source ../project-env/bin/activate',
    '',
    'python main.py $MYARGS',
    '------------------------------------------------------------',
    '',
    'Exited with exit code 1.',
    '',
    'Resource usage summary:',
    '',
    '    CPU time :                                   9.99 sec.',
]


def test_lsfs_job_report_gives_the_jobs_end(tmp_path: Path) -> None:
    """LSF's report after `Sender: LSF System <...>`: `Exited with exit code 1.` is the job's failure
    (a crash at that line, besides the traceback's)."""
    name, _, events = _read(tmp_path, LSF_EXITED)
    exited = [n for n, t in enumerate(LSF_EXITED, 1) if t == "Exited with exit code 1."]
    assert name == "generic_log" and len(exited) == 1
    assert [e["line"] for e in events if e["kind"] == "crash"] == [1, exited[0]]


# github.com/pacman100/accelerate-aws-sagemaker README.md (index id 32742928115), the seq2seq step's "Output logs",
# lines 59-87: SageMaker's mpirun labels, CloudWatch's escaped carriage returns, rank 0's training bar among the others' lines
SAGEMAKER_BAR = [
    '[1,mpirank:0,algo-1]<stderr>:#015  0%|          | 0/79 [00:00<?, ?it/s]',
    '[1,mpirank:2,algo-1]<stderr>:#015Downloading builder script:   0%|          | 0.00/2.85k [00:00<?,'
    ' ?B/s]',
    '[1,mpirank:2,algo-1]<stderr>:#015Downloading builder script: 7.65kB [00:00, 3.92MB/s]',
    '[1,mpirank:6,algo-1]<stderr>:#015Downloading builder script:   0%|          | 0.00/2.85k [00:00<?,'
    ' ?B/s]',
    '[1,mpirank:6,algo-1]<stderr>:#015Downloading builder script: 7.65kB [00:00, 3.35MB/s]',
    '[1,mpirank:1,algo-1]<stderr>:#015Downloading builder script:   0%|          | 0.00/2.85k [00:00<?,'
    ' ?B/s]',
    '[1,mpirank:1,algo-1]<stderr>:#015Downloading builder script: 7.65kB [00:00, 4.45MB/s]',
    '[1,mpirank:3,algo-1]<stdout>:[2022-09-21 13:38:31.653: W'
    ' smdistributed/modelparallel/torch/nn/predefined_hooks.py:48] Found unsupported HuggingFace version'
    ' 4.22.1 for automated tensor parallelism. HuggingFace modules will not be automatically'
    ' distributed. You can use smp.tp_register_with_module API to register desired modules for tensor'
    ' parallelism, or directly instantiate an smp.nn.DistributedModule. Supported HuggingFace'
    " transformers versions for automated tensor parallelism: ['4.17.0']",
    '[1,mpirank:0,algo-1]<stdout>:[2022-09-21 13:38:31.700: W'
    ' smdistributed/modelparallel/torch/nn/predefined_hooks.py:48] Found unsupported HuggingFace version'
    ' 4.22.1 for automated tensor parallelism. HuggingFace modules will not be automatically'
    ' distributed. You can use smp.tp_register_with_module API to register desired modules for tensor'
    ' parallelism, or directly instantiate an smp.nn.DistributedModule. Supported HuggingFace'
    " transformers versions for automated tensor parallelism: ['4.17.0']",
    '[1,mpirank:2,algo-1]<stdout>:[2022-09-21 13:38:31.724: W'
    ' smdistributed/modelparallel/torch/nn/predefined_hooks.py:48] Found unsupported HuggingFace version'
    ' 4.22.1 for automated tensor parallelism. HuggingFace modules will not be automatically'
    ' distributed. You can use smp.tp_register_with_module API to register desired modules for tensor'
    ' parallelism, or directly instantiate an smp.nn.DistributedModule. Supported HuggingFace'
    " transformers versions for automated tensor parallelism: ['4.17.0']",
    "[1,mpirank:0,algo-1]<stderr>:You're using a BlenderbotTokenizerFast tokenizer. Please note that"
    ' with a fast tokenizer, using the `__call__` method is faster than using a method to encode the'
    ' text followed by a call to the `pad` method to get a padded encoding.',
    '[1,mpirank:4,algo-1]<stdout>:[2022-09-21 13:38:31.839: W'
    ' smdistributed/modelparallel/torch/nn/predefined_hooks.py:48] Found unsupported HuggingFace version'
    ' 4.22.1 for automated tensor parallelism. HuggingFace modules will not be automatically'
    ' distributed. You can use smp.tp_register_with_module API to register desired modules for tensor'
    ' parallelism, or directly instantiate an smp.nn.DistributedModule. Supported HuggingFace'
    " transformers versions for automated tensor parallelism: ['4.17.0']",
    '[1,mpirank:5,algo-1]<stdout>:[2022-09-21 13:38:31.840: W'
    ' smdistributed/modelparallel/torch/nn/predefined_hooks.py:48] Found unsupported HuggingFace version'
    ' 4.22.1 for automated tensor parallelism. HuggingFace modules will not be automatically'
    ' distributed. You can use smp.tp_register_with_module API to register desired modules for tensor'
    ' parallelism, or directly instantiate an smp.nn.DistributedModule. Supported HuggingFace'
    " transformers versions for automated tensor parallelism: ['4.17.0']",
    '[1,mpirank:7,algo-1]<stdout>:[2022-09-21 13:38:31.841: W'
    ' smdistributed/modelparallel/torch/nn/predefined_hooks.py:48] Found unsupported HuggingFace version'
    ' 4.22.1 for automated tensor parallelism. HuggingFace modules will not be automatically'
    ' distributed. You can use smp.tp_register_with_module API to register desired modules for tensor'
    ' parallelism, or directly instantiate an smp.nn.DistributedModule. Supported HuggingFace'
    " transformers versions for automated tensor parallelism: ['4.17.0']",
    '[1,mpirank:6,algo-1]<stdout>:[2022-09-21 13:38:31.842: W'
    ' smdistributed/modelparallel/torch/nn/predefined_hooks.py:48] Found unsupported HuggingFace version'
    ' 4.22.1 for automated tensor parallelism. HuggingFace modules will not be automatically'
    ' distributed. You can use smp.tp_register_with_module API to register desired modules for tensor'
    ' parallelism, or directly instantiate an smp.nn.DistributedModule. Supported HuggingFace'
    " transformers versions for automated tensor parallelism: ['4.17.0']",
    '[1,mpirank:1,algo-1]<stdout>:[2022-09-21 13:38:31.850: W'
    ' smdistributed/modelparallel/torch/nn/predefined_hooks.py:48] Found unsupported HuggingFace version'
    ' 4.22.1 for automated tensor parallelism. HuggingFace modules will not be automatically'
    ' distributed. You can use smp.tp_register_with_module API to register desired modules for tensor'
    ' parallelism, or directly instantiate an smp.nn.DistributedModule. Supported HuggingFace'
    " transformers versions for automated tensor parallelism: ['4.17.0']",
    '[1,mpirank:0,algo-1]<stderr>:#015  1%|▏         | 1/79 [00:01<02:13,  1.71s/it]',
    '[1,mpirank:7,algo-1]<stderr>:09/21/2022 13:38:33 - INFO - root - Reducer buckets have been rebuilt'
    ' in this iteration.',
    '[1,mpirank:4,algo-1]<stderr>:09/21/2022 13:38:33 - INFO - root - Reducer buckets have been rebuilt'
    ' in this iteration.',
    '[1,mpirank:5,algo-1]<stderr>:09/21/2022 13:38:33 - INFO - root - Reducer buckets have been rebuilt'
    ' in this iteration.',
    '[1,mpirank:2,algo-1]<stderr>:09/21/2022 13:38:33 - INFO - root - Reducer buckets have been rebuilt'
    ' in this iteration.',
    '[1,mpirank:3,algo-1]<stderr>:09/21/2022 13:38:33 - INFO - root - Reducer buckets have been rebuilt'
    ' in this iteration.',
    '[1,mpirank:0,algo-1]<stderr>:09/21/2022 13:38:33 - INFO - root - Reducer buckets have been rebuilt'
    ' in this iteration.',
    '[1,mpirank:1,algo-1]<stderr>:09/21/2022 13:38:33 - INFO - root - Reducer buckets have been rebuilt'
    ' in this iteration.',
    '[1,mpirank:6,algo-1]<stderr>:09/21/2022 13:38:33 - INFO - root - Reducer buckets have been rebuilt'
    ' in this iteration.',
    '[1,mpirank:0,algo-1]<stderr>:#015  3%|▎         | 2/79 [00:02<01:11,  1.07it/s]',
    '...',
    '',
    '[1,mpirank:0,algo-1]<stderr>:#015100%|██████████| 79/79 [00:19<00:00,  4.79it/s]',
]


def test_a_collectors_carriage_return_right_after_a_launchers_prefix_keeps_the_rank(tmp_path: Path) -> None:
    """`[1,mpirank:0,algo-1]<stderr>:#015  1%|...| 1/79 [...]`: the escaped carriage return opens the
    bar mpirun labelled; its readings are rank 0's steps, each at its own line (not an unlabelled
    line after it)."""
    _, steps, _ = _read(tmp_path, SAGEMAKER_BAR, parser_name="generic_log")
    drawn = [(int(m.group(1)), n) for n, t in enumerate(SAGEMAKER_BAR, 1)
             if (m := re.match(r"\[1,mpirank:0,algo-1\]<stderr>:#015 {0,2}\d+%\|[^|]*\| (\d+)/79 ", t)) and m.group(1) != "0"]
    # (read by the generic reader alone: the excerpt holds no line of the Trainer's own; its readings within the bar)
    assert len(drawn) == 3
    assert [(r["step"], r["rank"], r["line"]) for r in steps][:2] == [(s, 0, n) for s, n in drawn[:2]]


# A TensorFlow/Keras `Experiments.py` run under Slurm that the node's OOM killer ended after five hours
# (its Slurm output, index id 13020210030, lines 1, 7, 9 and 17-19): TensorFlow's own lines, no step line
# at all, then the shell's and the scheduler's word
OOM_KILLED_WITHOUT_STEPS = [
    '==> Error: py-keras matches multiple packages.',
    '2024-07-13 13:45:53.154155: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1639] Created device '
    '/job:localhost/replica:0/task:0/device:GPU:0 with 38367 MB memory:  -> device: 0, name: NVIDIA A100-'
    'PCIE-40GB, pci bus id: 0000:86:00.0, compute capability: 8.0',
    '2024-07-13 13:46:01.990995: I tensorflow/compiler/xla/stream_executor/cuda/cuda_dnn.cc:432] Loaded c'
    'uDNN version 8700',
    '2024-07-13 18:31:45.484582: E tensorflow/core/grappler/optimizers/meta_optimizer.cc:954] layout fail'
    'ed: INVALID_ARGUMENT: Size of values 0 does not match size of permutation 4 @ fanin shape inmodel_4/'
    'dropout_8/dropout/SelectV2-2-TransposeNHWCToNCHW-LayoutOptimizer',
    '/var/spool/slurmd/job18835145/slurm_script: line 46: 2113061 Killed                  python3 Experim'
    'ents.py',
    'slurmstepd: error: Detected 1 oom_kill event in StepId=18835145.batch. Some of the step tasks have b'
    'een OOM Killed.',
]


def test_a_jobs_output_the_scheduler_killed_is_read_with_no_step_line(tmp_path: Path) -> None:
    """`slurmstepd: error: Detected 1 oom_kill event in StepId=18835145.batch`: the file is a job's
    output (no longer "not a recognised input format"); the run started at its first dated line
    and crashed."""
    parser, steps, events = _read(tmp_path, OOM_KILLED_WITHOUT_STEPS, name="slurm-18835145.out")
    assert parser == "generic_log" and steps == []
    starts = [e["ts_ns"] for e in events if e["kind"] == "attempt_start"]
    assert starts == [_ns("2024-07-13 13:45:53.154155", "%Y-%m-%d %H:%M:%S.%f")]
    crashes = [e["detail"] for e in events if e["kind"] in ("crash", "oom")]
    assert any("oom_kill" in (d or "") for d in crashes) and any("Killed" in (d or "") for d in crashes)


# Two submissions of one LSF job appended to its `-o` file (github.com/FredslundMagnus/DeepLearningProject :
# outputs/Discount_0.70/Markdown/Discount_0.70_0.md, index id 23904928688, lines 1-13, 37-38, 57-67 and
# 91-92, of the whole file test_wild_logs.LSF_KILLED_THEN_RUNLIMIT holds): each job's output, then LSF's summary
# of it; the first killed at its memory limit, the second at its run-time limit
LSF_TWO_SUBMISSIONS = [*LSF_KILLED_THEN_RUNLIMIT[0:13], *LSF_KILLED_THEN_RUNLIMIT[36:38], *LSF_KILLED_THEN_RUNLIMIT[56:67],
                       *LSF_KILLED_THEN_RUNLIMIT[90:92]]


def test_each_lsf_submission_in_an_appended_output_file_is_an_attempt(tmp_path: Path) -> None:
    """`Started at Mon Nov  2 17:41:19 2020` ... `Terminated at Mon Nov  2 17:41:43 2020` then
    `Exited with exit code 137.`, and a second report from 17:46:24 to 17:56:40 (code 140): two
    attempts, each started and crashed at its report's times."""
    _, _, events = _read(tmp_path, LSF_TWO_SUBMISSIONS, name="Discount_0.70_0.out")
    form = "%a %b %d %H:%M:%S %Y"
    said = [(m.group(1), _ns(" ".join(m.group(2).split()), form))
            for t in LSF_TWO_SUBMISSIONS if (m := re.match(r"(Started|Terminated) at (.+)$", t))]
    starts = [e["ts_ns"] for e in events if e["kind"] == "attempt_start"]
    crashes = [(e["ts_ns"], e["detail"]) for e in events if e["kind"] == "crash" and "LSF" in (e["detail"] or "")]
    assert starts == [ts for what, ts in said if what == "Started"]
    assert [ts for ts, _ in crashes] == [ts for what, ts in said if what == "Terminated"]
    assert [m.group(1) for _, d in crashes if (m := re.search(r"with code (\d+)", d))] == ["137", "140"]
    assert (starts[1] - starts[0]) // 10**9 == (17 * 3600 + 46 * 60 + 24) - (17 * 3600 + 41 * 60 + 19)


def test_an_lsf_report_with_no_such_date_says_no_time_and_breaks_nothing(tmp_path: Path) -> None:
    """A malformed report (February 30th, 25:61:61) is no clock: no start is dated by it, and its
    verdict is still read."""
    lines = ["Sender: LSF System <lsfadmin@n-62-11-15>", "Started at Mon Feb 30 25:61:61 2020", "Exited with exit code 1."]
    _, _, events = _read(tmp_path, lines, name="job.out")
    assert [e["kind"] for e in events if e["kind"] in ("attempt_start", "crash")] == ["crash"]


# LSF's `bsub -o` report of a job its memory limit ended (github.com/zeljkoAntunovic01/BayesWithoutUnderfitting @
# d3dca97, hpc_logs/OUTPUT_FILE_MNIST_ALPHA_10.out, lines 3-37)
LSF_MEMLIMIT = [
    ('Sender: LSF System <lsfadmin@hpc.dtu.dk>'),
    ('Subject: Job 25036204: <MNIST_ALPHA_10> in cluster <dcc> Exited'),
    (''),
    ('Job <MNIST_ALPHA_10> was submitted from host <gbarlogin1> by user <s233025> in cluster <dcc> at Thu May 2'
     '2 03:38:43 2025'),
    ('Job was executed on host(s) <4*n-62-12-21>, in queue <gpua100>, as user <s233025> in cluster <dcc> at Thu'
     ' May 22 07:26:10 2025'),
    ('</zhome/4c/1/203176> was used as the home directory.'),
    ('</zhome/4c/1/203176/BayesWithoutUnderfitting> was used as the working directory.'),
    ('Started at Thu May 22 07:26:10 2025'),
    ('Terminated at Thu May 22 07:36:30 2025'),
    ('Results reported at Thu May 22 07:36:30 2025'),
    (''),
    ('Your job looked like:'),
    (''),
    ('------------------------------------------------------------'),
    ('# LSBATCH: User input'),
    ('#!/bin/bash'),
    ('#BSUB -J MNIST_ALPHA_10'),
    ('#BSUB -q gpua100'),
    ('#BSUB -W 12:00'),
    ('#BSUB -n 4'),
    ('#BSUB -R "span[hosts=1]"'),
    ('#BSUB -R "rusage[mem=10GB]"'),
    ('#BSUB -gpu "num=1:mode=exclusive_process"'),
    (''),
    ('#BSUB -o /zhome/4c/1/203176/BayesWithoutUnderfitting/hpc_logs/OUTPUT_FILE_MNIST_ALPHA_10.out'),
    ('#BSUB -e /zhome/4c/1/203176/BayesWithoutUnderfitting/hpc_logs/OUTPUT_FILE_MNIST_ALPHA_10.err'),
    (''),
    ('module load python3/3.11.9'),
    (''),
    ('source /zhome/4c/1/203176/BayesWithoutUnderfitting/venv/bin/activate'),
    ('python /zhome/4c/1/203176/BayesWithoutUnderfitting/main.py --experiment mnist > /zhome/4c/1/203176/BayesW'
     'ithoutUnderfitting/hpc_logs/OUTPUT_FILE_MNIST_ALPHA_10.log 2>&1'),
    ('------------------------------------------------------------'),
    (''),
    ('TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.'),
    ('Exited with exit code 137.'),
]


def test_lsfs_reason_for_ending_the_job_is_in_its_failure(tmp_path: Path) -> None:
    """`TERM_MEMLIMIT: job killed after reaching LSF memory usage limit.` before `Exited with exit code
    137.`: the job's failure says why LSF ended it (host memory, not the program's own error)."""
    _, _, events = _read(tmp_path, LSF_MEMLIMIT)
    (crash,) = [e for e in events if e["kind"] == "crash"]
    reason = next(t for t in LSF_MEMLIMIT if t.startswith("TERM_"))
    assert crash["line"] == len(LSF_MEMLIMIT) and reason in crash["detail"]


def test_a_compose_services_exit_ends_the_run_and_its_best_model_save_is_a_save(tmp_path: Path) -> None:
    """Intel's DLRM workflow trained in Docker Compose (tests/test_line_rules_classic_and_science.py's
    AIOK_DLRM: intel/ai-workflows @ d96507f2, big-data/aiok-ray/training/README.md): each rank's
    `Saving best model to /output/result/` starts a save; Compose's `ray-training exited with code 0`,
    the container's exit, ends the run cleanly."""
    lines = AIOK_DLRM
    _, _, events = _read(tmp_path, lines)
    saving = [i + 1 for i, text in enumerate(lines) if "Saving best model to " in text]
    exited = [i + 1 for i, text in enumerate(lines) if re.match(r"ray-training exited with code 0$", text)]
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_start", n) for n in saving]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash")] == [("attempt_end", exited[0])]


# Habana's MNIST example on eight Gaudi2 cards (a "MNIST on Habana Gaudi 2" note, index id 46311465507, its
# second sample output's lines 32-43): each rank's share of the dataset printed as a float
HABANA_MNIST = [
    'Train Epoch: 1 [0/7500.0 (0%)]  Loss: 2.288816',
    'Train Epoch: 1 [640/7500.0 (9%)]        Loss: 1.409842',
    'Train Epoch: 1 [1280/7500.0 (17%)]      Loss: 0.737733',
    'Train Epoch: 1 [1920/7500.0 (26%)]      Loss: 0.274765',
    'Train Epoch: 1 [2560/7500.0 (34%)]      Loss: 0.224107',
    'Train Epoch: 1 [3200/7500.0 (43%)]      Loss: 0.159581',
    'Train Epoch: 1 [3840/7500.0 (51%)]      Loss: 0.069117',
    'Train Epoch: 1 [4480/7500.0 (60%)]      Loss: 0.174014',
    'Train Epoch: 1 [5120/7500.0 (68%)]      Loss: 0.193862',
    'Train Epoch: 1 [5760/7500.0 (77%)]      Loss: 0.152418',
    'Train Epoch: 1 [6400/7500.0 (85%)]      Loss: 0.080926',
    'Train Epoch: 1 [7040/7500.0 (94%)]      Loss: 0.080332',
]


def test_the_mnist_examples_lines_with_a_float_dataset_size_are_steps(tmp_path: Path) -> None:
    """`Train Epoch: 1 [640/7500.0 (9%)]  Loss: 1.409842`: the example's line with its dataset as a
    float (60000 / 8 ranks): each line a step, records of 640 samples, its loss the line's."""
    _, steps, _ = _read(tmp_path, HABANA_MNIST)
    losses = [float(t.rsplit(None, 1)[-1]) for t in HABANA_MNIST]
    assert [(s["step"], s["loss"]) for s in steps] == list(enumerate(losses))


def test_neurons_logger_lines_are_steps_dated_by_their_asctime(tmp_path: Path) -> None:
    """AWS Neuron's BERT pretraining sample on Trainium under EKS (aws-neuron/aws-neuron-eks-samples,
    dp_bert_hf_pretrain/README.md, its `kubectl logs` tail): `LOG Wed Dec 21 00:12:27 2022 - (0, 14)
    step_loss : 11.2500 learning_rate : 2.80e-06 ...` is step 14, ended at the asctime it prints."""
    lines = [
        '[0]:LOG Wed Dec 21 00:12:27 2022 - (0, 14) step_loss : 11.2500 learning_rate : 2.80e-06 throughput : 6497.86',
        '[0]:LOG Wed Dec 21 00:12:32 2022 - (0, 15) step_loss : 9.7500 learning_rate : 3.00e-06 throughput : 6487.78',
        '[0]:LOG Wed Dec 21 00:12:37 2022 - (0, 16) step_loss : 11.5000 learning_rate : 3.20e-06 throughput : 6484.92',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "generic_log"
    printed = [re.search(r"LOG (.+?) - \(0, (\d+)\) step_loss : ([\d.]+) learning_rate : (\S+)", t).groups()  # type: ignore[union-attr]
               for t in lines]
    assert [(s["step"], s["end_ns"], s["loss"], s["lr"], s["framework"]) for s in steps] == [
        (int(n), int(datetime.strptime(when, "%a %b %d %H:%M:%S %Y").replace(tzinfo=UTC).timestamp()) * 10**9,
         float(loss), float(lr), "neuron") for when, n, loss, lr in printed]


def test_a_scripts_own_words_for_a_checkpoint_file_it_wrote_are_a_save(tmp_path: Path) -> None:
    """A Lightning run's own failsafe backups (a train_semantic_planner project's committed log, index id
    66457132331, its excerpt's lines 1-6): `Failsafe backup for epoch 50 saved successfully to
    .../awr_backup_epoch_050.ckpt.` names what it saved and a checkpoint's file: a save each (none was read)."""
    lines = [
        ('Epoch 50: 100% 1248/1248 [30:03<00:00,  1.45s/it, v_num=fz5r, train/loss_step=0.0708, train/loss_pose_step=0.0687,'
         ' train/loss_grip_step=0.00172, train/loss_phase_step=0.00077, train/loss_epoch=0.0571, train/loss_pose_epoch=0.048'
         '5, train/loss_grip_epoch=0.00802, train/loss_phase_epoch=0.000971, train/phase_acc=1.000, val/loss=0.251, val/pos_'
         'error_m=0.0124][2025-12-03 17:54:53,381][train_semantic_planner][INFO] - End of epoch 50: Triggering atomic failsa'
         'fe backup...'),
        '`weights_only` was not set, defaulting to `False`.',
        ('[2025-12-03 17:55:51,191][train_semantic_planner][INFO] - Failsafe backup for epoch 50 saved successfully to /cont'
         'ent/drive/MyDrive/pda/models/backups/awr/awr_backup_epoch_050.ckpt.'),
        ('Epoch 51: 100% 1248/1248 [30:08<00:00,  1.45s/it, v_num=fz5r, train/loss_step=0.148, train/loss_pose_step=0.116, t'
         'rain/loss_grip_step=0.0317, train/loss_phase_step=0.000439, train/loss_epoch=0.0557, train/loss_pose_epoch=0.0466,'
         ' train/loss_grip_epoch=0.00865, train/loss_phase_epoch=0.000881, train/phase_acc=1.000, val/loss=0.251, val/pos_er'
         'ror_m=0.0124]   [2025-12-03 18:25:59,787][train_semantic_planner][INFO] - End of epoch 51: Triggering atomic fails'
         'afe backup...'),
        '`weights_only` was not set, defaulting to `False`.',
        ('[2025-12-03 18:27:36,796][train_semantic_planner][INFO] - Failsafe backup for epoch 51 saved successfully to /cont'
         'ent/drive/MyDrive/pda/models/backups/awr/awr_backup_epoch_051.ckpt.'),
    ]
    _, _, events = _read(tmp_path, lines)
    written = [n for n, t in enumerate(lines, 1) if re.search(r"saved successfully to \S+\.ckpt\.$", t)]
    assert len(written) == 2
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_end", n) for n in written]


def test_impossible_or_empty_figures_on_a_programs_own_lines_are_no_crash(tmp_path: Path) -> None:
    """Malformed inputs (hand-made, for the error path): an AWS Neuron logger line dated a day that does
    not exist is no step (the others are read); a llama-recipes bar over a loader of no batches is read
    (its epoch not divided by 0)."""
    neuron = [
        "LOG Mon Feb 27 10:31:09 2023 - (0, 1) step_loss : 11.2500 learning_rate : 2.80e-06 throughput : 6497.86",
        "LOG Tue Feb 28 10:31:14 2023 - (0, 2) step_loss : 9.7500 learning_rate : 3.00e-06 throughput : 6487.78",
        "LOG Mon Feb 30 10:31:19 2023 - (0, 3) step_loss : 9.5000 learning_rate : 3.20e-06 throughput : 6484.92",
    ]
    _, steps, _ = _read(tmp_path, neuron, name="neuron.log")
    assert [s["step"] for s in steps] == [1, 2]
    empty = ["Training Epoch: 1/1, step 0/0 completed (loss: 1.5): 0%| | 0/0 [00:00<?, ?it/s]"]
    _, steps, _ = _read(tmp_path, empty, name="llama.log", parser_name="llama_recipes")
    assert [(s["step"], s["loss"]) for s in steps] == [(0, 1.5)]


# A fault-tolerance course project's SLURM output (danilodjor/fault-tolerant-llm-training @ logs/output_444691.out,
# lines 57-63): scancel stops the job at step 245, and the training script's own exit handler says so
# 0.4 s after the cancel's whole-second stamp
SCANCEL_EXIT_HANDLER = [
    "2025-05-16 15:52:20,760 - root - INFO - Training step: 240 | Loss: 7.03",
    "2025-05-16 15:52:22,397 - root - INFO - Training step: 245 | Loss: 7.38",
    "srun: Job step aborted: Waiting up to 32 seconds for job step to finish.",
    "srun: got SIGCONT",
    "slurmstepd: error: *** STEP 444691.0 ON nid006737 CANCELLED AT 2025-05-16T15:52:22 ***",
    "slurmstepd: error: *** JOB 444691 ON nid006737 CANCELLED AT 2025-05-16T15:52:22 ***",
    "2025-05-16 15:52:22,416 - root - INFO - [EXIT HANDLER] Job cancelled, terminating.",
    "srun: forcing job termination",
]


def test_a_dated_line_right_after_a_schedulers_kill_is_the_killed_processes_not_a_relaunch(tmp_path: Path) -> None:
    """The exit handler's line at 15:52:22.416, within a second of the cancel at 15:52:22: the
    cancelled process's last words, not a new process's first line (no second attempt)."""
    _, _, events = _read(tmp_path, SCANCEL_EXIT_HANDLER, parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events] == [("attempt_start", 1), ("crash", 5), ("crash", 6)]


# The same project's requeued job (logs/output_444671.out, lines 6-16): it loads the checkpoint the
# time limit left and says the step it resumes at
REQUEUED_RESUME = [
    '2025-05-16 15:40:02,473 - root - INFO - Loading checkpoint from /users/vbozic/scratch/LSAI_project/checkpoints',
    '2025-05-16 15:40:17,027 - root - INFO - Setting up DataLoaders...',
    '2025-05-16 15:40:25,959 - root - INFO - Setting up Model...',
    '2025-05-16 15:41:01,548 - root - INFO - Model loaded from checkpoint',
    '2025-05-16 15:41:03,095 - root - INFO - Optimizer loaded from checkpoint',
    '2025-05-16 15:41:03,095 - root - INFO - LR Scheduler loaded from checkpoint',
    '2025-05-16 15:41:03,096 - root - INFO - Resuming training from training_step 427',
    '2025-05-16 15:41:05,472 - root - INFO - Training step: 430 | Loss: 7.79',
    '2025-05-16 15:41:07,090 - root - INFO - Training step: 435 | Loss: 7.09',
    '2025-05-16 15:41:08,683 - root - INFO - Training step: 440 | Loss: 7.16',
    '2025-05-16 15:41:10,290 - root - INFO - Training step: 445 | Loss: 6.77',
]


def test_resuming_training_from_a_step_ends_the_load_and_names_the_resume(tmp_path: Path) -> None:
    """`Resuming training from training_step 427` ends the load begun at 15:40:02.473 (`Loading
    checkpoint from ...`): the attempt resumed from step 427, and its 60.62 s until 15:41:03.096 are
    the checkpoint's load, not start-up."""
    path = tmp_path / "resume.log"
    path.write_text("\n".join(REQUEUED_RESUME) + "\n")
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    assert con.execute("select resumed_from_step from attempts").fetchall() == [(427,)]
    load = con.execute("select seconds from goodput_buckets where bucket = 'checkpoint_load'").fetchone()[0]
    assert load == pytest.approx((_ns("2025-05-16 15:41:03,096") - _ns("2025-05-16 15:40:02,473")) / 1e9)


@pytest.mark.parametrize("text", [
    "Not resuming from step 100",
    "resuming from step 5000 was skipped: no checkpoint found",
    "Training will be resumed from step 500 if preempted",
    "Resuming training from step 0 with warmup",
    "Resuming at step 3 of epoch 2",
])
def test_words_about_resuming_that_resumed_nothing_are_no_load(text: str) -> None:
    """A negation, a condition, a skip, a fresh start's step 0, a step within an epoch: no
    checkpoint load (each would make the attempt "resumed from" that step)."""
    from tracelens.parsers._events import EventScanner
    from tracelens.parsers._lines import Line
    from tracelens.parsers._logtables import LogRows

    rows = LogRows("generic")
    scanner = EventScanner(rows)
    scanner.started.add(None)  # (a process already started: the line is no first dated line)
    scanner.scan(Line(1, None, f"2025-05-16 15:41:03,096 - root - INFO - {text}", 1))
    assert [e for e in rows.events if e["kind"].startswith("checkpoint_load")] == []


@pytest.mark.parametrize("text, step", [
    # GlueFormer's train.py on each rank as it resumes (VirenLoka/GlueFormer logs/rank1.log, lines 4 and 5,
    # commit 98bf9e33): the file it loads, then the epoch and step it goes on from
    ("Resuming from checkpoints/best.pt", None),
    ("Resumed at epoch 38, step 5402", None),
])
def test_words_that_it_resumed_from_a_file_or_at_an_epochs_step_are_a_load(text: str, step: int | None) -> None:
    """A script's word that it resumed from a checkpoint's file (no step named) or at an epoch: a checkpoint
    loaded (the attempt resumed; the logs do not open mid-run), at no step it names for sure (the step after
    an epoch may be the epoch's own: `Resuming from epoch 3, step 37`)."""
    from tracelens.parsers._events import EventScanner
    from tracelens.parsers._lines import Line
    from tracelens.parsers._logtables import LogRows

    rows = LogRows("generic")
    scanner = EventScanner(rows)
    scanner.started.add(None)
    scanner.scan(Line(1, None, f"08:13:10 [rank1][INFO] {text}", 1))
    assert [(e["kind"], e["step"]) for e in rows.events] == [("checkpoint_load_end", step)]


# Medusa's training on Colab killed while it loads the model (FasterDecoding/Medusa issue 118, its first
# block, lines 6 and 9, CRLF as posted): torchrun's word on the worker glued after the shards' bar
MEDUSA_SIGKILL = [
    "2024-08-25 17:30:21.530445: W tensorflow/compiler/tf2tensorrt/utils/py_utils.cc:38] TF-TRT Warning: Could not find TensorRT",
    "Loading checkpoint shards:  50% 1/2 [00:49<00:49, 49.97s/it]E0825 17:31:27.240000 139795859210880 torch/distributed/elastic/"
    "multiprocessing/api.py:826] failed (exitcode: -9) local_rank: 0 (pid: 8158) of binary: /usr/bin/python3",
]


def test_torchruns_exit_code_glued_after_a_bar_is_the_failure_in_its_own_words(tmp_path: Path) -> None:
    """The worker died with exit code -9 (SIGKILL) while loading its shards: the crash says
    `failed (exitcode: -9) ...` (not the bar's drawing and the logger's head before it), and the job's
    failure is that, with the advice for a SIGKILL."""
    _, _, events = _read(tmp_path, MEDUSA_SIGKILL, parser_name="generic_log", newline="\r\n")
    said = MEDUSA_SIGKILL[1][MEDUSA_SIGKILL[1].index("failed (exitcode: -9)"):]
    assert [(e["line"], e["detail"]) for e in events if e["kind"] == "crash"] == [(2, said)]
    code, out, _ = run_cli("report", str(tmp_path / "console.log"))
    assert code == 0 and f"ended in a failure: {said}" in out and "killed by SIGKILL" in out


# A DDP job on two ranks (torchrun) over a Lance dataset with no length: each epoch's bar counts its iterations
# to no total, the script's own line after it; epoch 10 hangs in an all-reduce until rank 0's watchdog fires,
# glued after the bar (a README's notes of 2025-07-09 on distributed training with Lance, its block "Example:
# DDP error due to imbalanced fragment sampler", lines 1-22 and 28 as shown, the epoch 9 lines twice; stored
# file id 41877569109)
LANCE_OPEN_BARS = [
    'Epoch 1/10: 300it [07:12,  1.44s/it, loss=1.07]  ',
    '[Epoch 0] Loss: 980.4352, Epoch Time: 432.61s',
    'Epoch 2/10: 133it [03:17,  1.48s/it, loss=5.98]',
    'Epoch 2/10: 300it [07:24,  1.48s/it, loss=2.49]',
    '[Epoch 1] Loss: 1200.9648, Epoch Time: 444.51s',
    'Epoch 3/10: 300it [07:22,  1.48s/it, loss=3.24]',
    '[Epoch 2] Loss: 1324.9992, Epoch Time: 442.84s',
    'Epoch 4/10: 300it [07:23,  1.48s/it, loss=3.69]',
    '[Epoch 3] Loss: 1371.6891, Epoch Time: 443.10s',
    'Epoch 5/10: 300it [07:23,  1.48s/it, loss=3.91]',
    '[Epoch 4] Loss: 1384.9732, Epoch Time: 443.12s, Val Acc: 0.0196',
    'Epoch 6/10: 300it [07:24,  1.48s/it, loss=3.94]',
    '[Epoch 5] Loss: 1388.0216, Epoch Time: 444.14s',
    'Epoch 7/10: 300it [07:24,  1.48s/it, loss=4]   ',
    '[Epoch 6] Loss: 1388.9526, Epoch Time: 444.02s',
    'Epoch 8/10: 300it [07:24,  1.48s/it, loss=3.99]',
    '[Epoch 7] Loss: 1388.8115, Epoch Time: 444.43s',
    'Epoch 9/10: 300it [07:24,  1.48s/it, loss=2.29]',
    '[Epoch 8] Loss: 1314.3089, Epoch Time: 444.65s',
    'Epoch 9/10: 300it [07:24,  1.48s/it, loss=2.29]]',
    '[Epoch 8] Loss: 1314.3089, Epoch Time: 444.65s',
    ('Epoch 10/10: 240it [05:55,  1.47s/it, loss=5.46][rank0]:[E709 17:05:38.162555850 ProcessGroupNCCL.cpp:632'
     '] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=20585, OpType=ALLREDUCE, NumelIn'
     '=1259621, NumelOut=1259621, Timeout(ms)=600000) ran for 600000 milliseconds before timing out.'),
    ('Epoch 10/10: 241it [15:55, 181.19s/it, loss=5.09][rank0]:[E709 17:05:39.081662161 ProcessGroupNCCL.cpp:68'
     '4] [Rank 0] Some NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels'
     ', subsequent GPU operations might run on corrupted/incomplete data.'),
]


def test_epoch_bars_with_no_total_count_the_runs_iterations(tmp_path: Path) -> None:
    """Each epoch's bar counts 300 iterations (its last count before the next epoch's), so epoch 2's
    133rd is step 433 and epoch 10's 240th and 241st (their drawings glued before rank 0's watchdog
    lines) steps 2940 and 2941; the bar's rate is the step's time; the script's `[Epoch N]` lines
    and the twice-shown epoch 9 make no steps of their own."""
    _, steps, events = _read(tmp_path, LANCE_OPEN_BARS)
    assert [(s["step"], s["step_time_s"]) for s in steps] == [
        (300, 1.44), (433, 1.48), (600, 1.48), (900, 1.48), (1200, 1.48), (1500, 1.48), (1800, 1.48), (2100, 1.48),
        (2400, 1.48), (2700, 1.48), (2940, 1.47), (2941, 181.19)]
    assert [(e["line"], e["kind"]) for e in events if e["kind"] == "collective_timeout"] == [(22, "collective_timeout")]


def test_a_hang_in_an_undated_console_is_its_attempts(tmp_path: Path) -> None:
    """The watchdog's line names rank 0; the bar's steps name no rank: the attempt (undated, read in
    line order) still hung, for the 600 s the watchdog's timeout says."""
    path = tmp_path / "lance.log"
    path.write_text("\n".join(LANCE_OPEN_BARS) + "\n")
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    assert con.execute("select attempt, first_step, last_step, hang_s from attempts").fetchall() == [(1, 300, 2941, 600.0)]


def test_epoch_bars_with_no_total_that_start_over_are_a_relaunch(tmp_path: Path) -> None:
    """The block's epochs 1-3, then its epochs 1-2 again (the console a second launch appends to):
    the second epoch 1 is back at step 300, not past 900: two attempts, the first restarted."""
    lines = [*LANCE_OPEN_BARS[:7], *LANCE_OPEN_BARS[:5]]
    _, steps, _ = _read(tmp_path, lines)
    assert [s["step"] for s in steps] == [300, 433, 600, 900, 300, 433, 600]
    path = tmp_path / "twice.log"
    path.write_text("\n".join(lines) + "\n")
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    assert store.connect().execute("select first_step, last_step, end_reason from attempts order by attempt").fetchall() == [
        (300, 900, "restarted"), (300, 600, "unknown")]


# Marian 1.11's console, two GPUs, a tail its author pasted into notes (stored file id 11068474375): out of
# GPU memory while allocating the optimizer's shards, before any update
MARIAN_OOM_BEFORE_AN_UPDATE = [
    '[2022-05-30 17:56:50] [data] Done reading 5,452 sentences',
    '[2022-05-30 17:56:50] [data] Done shuffling 5,452 sentences to temp files',
    '[2022-05-30 17:56:50] [training] Batches are processed as 1 process(es) x 2 devices/process',
    '[2022-05-30 17:56:50] [memory] Reserving 729 MB, device gpu0',
    '[2022-05-30 17:56:50] [memory] Reserving 729 MB, device gpu1',
    '[2022-05-30 17:56:50] [memory] Reserving 729 MB, device gpu0',
    '[2022-05-30 17:56:51] [memory] Reserving 729 MB, device gpu1',
    '[2022-05-30 17:56:52] Parameter type float32, optimization type float32, casting types false',
    '[2022-05-30 17:56:52] Allocating memory for general optimizer shards',
    '[2022-05-30 17:56:52] [memory] Reserving 364 MB, device gpu0',
    '[2022-05-30 17:56:52] [memory] Reserving 364 MB, device gpu1',
    ("[2022-05-30 17:56:52] Error: CUDA error 2 'out of memory' - /home/ye/tool/marian/src/tensors/gpu/dev"
     'ice.cu:38: cudaMalloc(&data_, size)'),
    ('[2022-05-30 17:56:52] Error: Aborted from virtual void marian::gpu::Device::reserve(size_t) in /home'
     '/ye/tool/marian/src/tensors/gpu/device.cu:38'),
]
# Marian 1.10's relaunched run, its tail (stored file id 10930497270, the `## Retraining` block): one update
# line, its saves, the validation and `Training finished`
MARIAN_ONE_UPDATE_TAIL = [
    '[2022-02-19 12:42:24] Starting data epoch 1363 in logical epoch 1363',
    '[2022-02-19 12:42:24] [data] Shuffling data',
    '[2022-02-19 12:42:24] [data] Done reading 16,415 sentences',
    '[2022-02-19 12:42:24] [data] Done shuffling 16,415 sentences to temp files',
    ('[2022-02-19 12:42:25] Ep. 1363 : Up. 100000 : Sen. 536 : Cost 1.32002175 * 1,615,204 @ 3,858 after 3'
     '22,221,966 : Time 203.72s : 7928.66 words/s : L.r. 1.2000e-04'),
    ('[2022-02-19 12:42:25] Saving model weights and runtime parameters to /media/ye/project2/exp/braille-'
     'nmt/model.transformer/model0-mybr.npz.orig.npz'),
    ('[2022-02-19 12:42:26] Saving model weights and runtime parameters to /media/ye/project2/exp/braille-'
     'nmt/model.transformer/model0-mybr.iter100000.npz'),
    ('[2022-02-19 12:42:26] Saving model weights and runtime parameters to /media/ye/project2/exp/braille-'
     'nmt/model.transformer/model0-mybr.npz'),
    ('[2022-02-19 12:42:27] Saving Adam parameters to /media/ye/project2/exp/braille-nmt/model.transformer'
     '/model0-mybr.npz.optimizer.npz'),
    ('[2022-02-19 12:42:30] [valid] Ep. 1363 : Up. 100000 : cross-entropy : 7.78329 : stalled 10 times (la'
     'st best: 7.65078)'),
    ('[2022-02-19 12:42:32] [valid] Ep. 1363 : Up. 100000 : perplexity : 1.70973 : stalled 10 times (last '
     'best: 1.69419)'),
    '[2022-02-19 12:42:46] [valid] Ep. 1363 : Up. 100000 : bleu : 87.2733 : stalled 8 times (last best: 87.288)',
    '[2022-02-19 12:42:46] Training finished',
]


def test_marian_out_of_memory_before_an_update_and_a_tail_of_one_update(tmp_path: Path) -> None:
    """Marian's `Error: CUDA error 2 'out of memory' - ...cudaMalloc(&data_, size)` is an out-of-memory
    failure, and a dated console with it and no update line is still a (failed) run's; a tail of one
    update line (`Ep. 1363 : Up. 100000 : ...`) among Marian's own lines (`[valid] Ep. 1363 : Up. 100000`,
    `Training finished`) is Marian's console: that update, then the end (both were "not a recognised
    input format")."""
    parser, steps, events = _read(tmp_path, MARIAN_OOM_BEFORE_AN_UPDATE)
    assert parser == "generic_log" and steps == []
    oom = next(n for n, text in enumerate(MARIAN_OOM_BEFORE_AN_UPDATE, 1) if "CUDA error 2 'out of memory'" in text)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] in ("oom", "crash")] == [("oom", oom)]
    parser, steps, events = _read(tmp_path, MARIAN_ONE_UPDATE_TAIL, name="tail.log")
    assert parser == "generic_log" and [s["step"] for s in steps] == [100000]
    finished = next(n for n, text in enumerate(MARIAN_ONE_UPDATE_TAIL, 1) if text.endswith("Training finished"))
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [finished]


# Marian 1.10's console on two GPUs, out of memory at a validation (error-overflow's braille NMT notes, stored
# file id 10930497270, lines 147-189 of its first training block)
MARIAN_OOM_AT_VALIDATION = [
    ('[2022-02-19 01:42:00] Ep. 62 : Up. 4500 : Sen. 2,904 : Cost 1.42916024 * 1,602,719 @ 3,492 after 14,'
     '479,361 : Time 206.35s : 7766.98 words/s : L.r. 3.0000e-04'),
    '[2022-02-19 01:42:24] Seen 16415 samples',
    '[2022-02-19 01:42:24] Starting data epoch 63 in logical epoch 63',
    '[2022-02-19 01:42:24] [data] Shuffling data',
    '[2022-02-19 01:42:24] [data] Done reading 16,415 sentences',
    '[2022-02-19 01:42:24] [data] Done shuffling 16,415 sentences to temp files',
    '[2022-02-19 01:42:54] Seen 16415 samples',
    '[2022-02-19 01:42:54] Starting data epoch 64 in logical epoch 64',
    '[2022-02-19 01:42:54] [data] Shuffling data',
    '[2022-02-19 01:42:54] [data] Done reading 16,415 sentences',
    '[2022-02-19 01:42:54] [data] Done shuffling 16,415 sentences to temp files',
    '[2022-02-19 01:43:24] Seen 16415 samples',
    '[2022-02-19 01:43:24] Starting data epoch 65 in logical epoch 65',
    '[2022-02-19 01:43:24] [data] Shuffling data',
    '[2022-02-19 01:43:24] [data] Done reading 16,415 sentences',
    '[2022-02-19 01:43:24] [data] Done shuffling 16,415 sentences to temp files',
    '[2022-02-19 01:43:54] Seen 16415 samples',
    '[2022-02-19 01:43:54] Starting data epoch 66 in logical epoch 66',
    '[2022-02-19 01:43:54] [data] Shuffling data',
    '[2022-02-19 01:43:54] [data] Done reading 16,415 sentences',
    '[2022-02-19 01:43:54] [data] Done shuffling 16,415 sentences to temp files',
    '[2022-02-19 01:44:24] Seen 16415 samples',
    '[2022-02-19 01:44:24] Starting data epoch 67 in logical epoch 67',
    '[2022-02-19 01:44:24] [data] Shuffling data',
    '[2022-02-19 01:44:24] [data] Done reading 16,415 sentences',
    '[2022-02-19 01:44:24] [data] Done shuffling 16,415 sentences to temp files',
    '[2022-02-19 01:44:54] Seen 16415 samples',
    '[2022-02-19 01:44:54] Starting data epoch 68 in logical epoch 68',
    '[2022-02-19 01:44:54] [data] Shuffling data',
    '[2022-02-19 01:44:54] [data] Done reading 16,415 sentences',
    '[2022-02-19 01:44:54] [data] Done shuffling 16,415 sentences to temp files',
    ('[2022-02-19 01:45:23] Ep. 68 : Up. 5000 : Sen. 16,183 : Cost 1.41602731 * 1,605,007 @ 3,108 after 16'
     ',084,368 : Time 202.97s : 7907.63 words/s : L.r. 3.0000e-04'),
    ('[2022-02-19 01:45:23] Saving model weights and runtime parameters to /media/ye/project2/exp/braille-'
     'nmt/model.transformer/model0-mybr.npz.orig.npz'),
    ('[2022-02-19 01:45:24] Saving model weights and runtime parameters to /media/ye/project2/exp/braille-'
     'nmt/model.transformer/model0-mybr.iter5000.npz'),
    ('[2022-02-19 01:45:24] Saving model weights and runtime parameters to /media/ye/project2/exp/braille-'
     'nmt/model.transformer/model0-mybr.npz'),
    ('[2022-02-19 01:45:25] Saving Adam parameters to /media/ye/project2/exp/braille-nmt/model.transformer'
     '/model0-mybr.npz.optimizer.npz'),
    'tcmalloc: large alloc 1073741824 bytes == 0x559ebaf94000 @ ',
    'tcmalloc: large alloc 1207959552 bytes == 0x559ebaf94000 @ ',
    'tcmalloc: large alloc 1476395008 bytes == 0x559ebaf94000 @ ',
    'tcmalloc: large alloc 1610612736 bytes == 0x559ebaf94000 @ ',
    '[2022-02-19 01:45:33] [valid] Ep. 68 : Up. 5000 : cross-entropy : 8.1241 : new best',
    ("[2022-02-19 01:45:37] Error: CUDA error 2 'out of memory' - /home/ye/tool/marian/src/tensors/gpu/dev"
     'ice.cu:32: cudaMalloc(&data_, size)'),
    ('[2022-02-19 01:45:37] Error: Aborted from virtual void marian::gpu::Device::reserve(size_t) in /home'
     '/ye/tool/marian/src/tensors/gpu/device.cu:32'),
]


def test_a_console_with_its_step_lines_and_an_out_of_memory_error_is_claimed_for_its_lines(tmp_path: Path) -> None:
    """The generic reader knows Marian's update lines: a console with them and an out-of-memory error
    is its by content, not by the weaker claim it makes for a failed run with no step line it knows
    (which a reader that knows some other lines in it, NCCL's, would win). Then the updates are read
    and the error is the run's failure."""
    from tracelens.parsers.contract import Claim

    path = tmp_path / "train.log"
    path.write_text("\n".join(MARIAN_OOM_AT_VALIDATION) + "\n", encoding="utf-8")
    assert registry()["generic_log"].detect(path, read_head(path)) is Claim.CONTENT
    parser, steps, events = _read(tmp_path, MARIAN_OOM_AT_VALIDATION, name="console.log")
    updates = [int(m.group(1)) for t in MARIAN_OOM_AT_VALIDATION if (m := re.search(r"\] Ep\. \d+ : Up\. (\d+) : Sen\.", t))]
    assert parser == "generic_log" and [s["step"] for s in steps] == updates == [4500, 5000]
    assert [e["kind"] for e in events if e["kind"] in ("oom", "crash")] == ["oom"]


# kohya-ss' LoRA training of SD 1.5 on Kaggle, a checkpoint every 100 steps (github.com/dhruv8361343/SlideRevamp,
# README.md, the block after "loss after every 100 steps", its first 8 lines; index file id 47240137865)
KOHYA_LORA = [
    'steps:   5%|▊               | 100/2000 [00:57<18:14,  1.74it/s, avr_loss=0.0725]',
    'saving checkpoint: /kaggle/working/kohya_ss/kohya_ss/outputs/background_generator-step00000100.safetensors',
    'steps:  10%|█▌              | 200/2000 [01:54<17:08,  1.75it/s, avr_loss=0.0715]',
    'saving checkpoint: /kaggle/working/kohya_ss/kohya_ss/outputs/background_generator-step00000200.safetensors',
    'steps:  15%|██▍             | 300/2000 [02:51<16:12,  1.75it/s, avr_loss=0.0766]',
    'saving checkpoint: /kaggle/working/kohya_ss/kohya_ss/outputs/background_generator-step00000300.safetensors',
    'steps:  20%|███▏            | 400/2000 [03:48<15:14,  1.75it/s, avr_loss=0.0747]',
    'saving checkpoint: /kaggle/working/kohya_ss/kohya_ss/outputs/background_generator-step00000400.safetensors',
]


def test_kohya_s_steps_bar_gives_its_running_loss_and_its_saves_their_steps(tmp_path: Path) -> None:
    """sd-scripts' `steps:` bar shows its running mean loss (`avr_loss=0.0725`), and each save names
    its file by the step (`-step00000100.safetensors`)."""
    _, steps, events = _read(tmp_path, KOHYA_LORA)
    bars = [re.search(r"\| (\d+)/2000 .*avr_loss=([\d.]+)\]", t) for t in KOHYA_LORA if t.startswith("steps:")]
    assert [(s["step"], s["loss"]) for s in steps] == [(int(m.group(1)), float(m.group(2))) for m in bars if m]
    named = [int(m.group(1)) for t in KOHYA_LORA if (m := re.search(r"-step(\d+)\.safetensors$", t))]
    assert [e["step"] for e in events if e["kind"].startswith("checkpoint_save")] == named


def test_submitit_s_word_that_the_job_completed_ends_the_run(tmp_path: Path) -> None:
    """submitit's job environment, once the function it ran returned: `Job completed successfully`
    (AudioMAE's fine-tuning on Slurm, test_wild_logs.AUDIOMAE_EPOCH99)."""
    _, _, events = _read(tmp_path, AUDIOMAE_EPOCH99)
    last = len(AUDIOMAE_EPOCH99)
    assert AUDIOMAE_EPOCH99[last - 1].endswith("Job completed successfully")
    assert [(e["ts_ns"], e["line"]) for e in events if e["kind"] == "attempt_end" and e["line"] == last] == [
        (_ns("2022-04-22 07:13:43,404"), last)]


# SALMONN's reproduction under torchrun on 4 GPUs: a data loader's failure on rank 1, then torchelastic's teardown and
# report (github.com/jaeeewon/project-multimodal @ 305daa2, configs/3rd/results.md, its "abortion log" block, lines
# 1-2, 20-26 and 37-54: the frames of both tracebacks cut but their last)
SALMONN_FAILURE = [
    ('Train: data epoch: [5]  [2375/3000]  eta: 0:03:45  lr: 0.000042  loss: 2.8917  time: 0.3609  data: 0.0000  max'
     ' mem: 26051'),
    '[rank1]: Traceback (most recent call last):',
    '[rank1]:     raise exception',
    '[rank1]: soundfile.LibsndfileError: <exception str() failed>',
    ('W0921 05:29:27.905673 593970 site-packages/torch/distributed/elastic/multiprocessing/api.py:900] Sending proce'
     'ss 594027 closing signal SIGTERM'),
    ('W0921 05:29:27.906340 593970 site-packages/torch/distributed/elastic/multiprocessing/api.py:900] Sending proce'
     'ss 594029 closing signal SIGTERM'),
    ('W0921 05:29:27.907168 593970 site-packages/torch/distributed/elastic/multiprocessing/api.py:900] Sending proce'
     'ss 594030 closing signal SIGTERM'),
    ('E0921 05:29:27.909596 593970 site-packages/torch/distributed/elastic/multiprocessing/api.py:874] failed (exitc'
     'ode: 1) local_rank: 1 (pid: 594028) of binary: /home/jpong/miniconda3/envs/salmonn/bin/python3.9'),
    'Traceback (most recent call last):',
    ('  File "/home/jpong/miniconda3/envs/salmonn/lib/python3.9/site-packages/torch/distributed/launcher/api.py", li'
     'ne 277, in launch_agent'),
    '    raise ChildFailedError(',
    'torch.distributed.elastic.multiprocessing.errors.ChildFailedError:',
    '============================================================',
    'train.py FAILED',
    '------------------------------------------------------------',
    'Failures:',
    '  <NO_OTHER_FAILURES>',
    '------------------------------------------------------------',
    'Root Cause (first observed failure):',
    '[0]:',
    '  time      : 2025-09-21_05:29:27',
    '  host      : hufs_5090_4ea',
    '  rank      : 1 (local_rank: 1)',
    '  exitcode  : 1 (pid: 594028)',
    '  error_file: <N/A>',
    '  traceback : To enable traceback see: https://pytorch.org/docs/stable/elastic/errors.html',
    '============================================================',
]


def test_torchelastics_teardown_after_a_workers_failure_is_that_failure(tmp_path: Path) -> None:
    """Rank 1's traceback is the failure. The launcher's SIGTERMs to the three other workers (lines 5-7)
    and the `raise ChildFailedError(` frame and its exception line (11-12) in the launcher's own traceback
    are what it did about that failure, not failures of their own; its exit report (line 8) names the
    worker that failed."""
    _, _, events = _read(tmp_path, SALMONN_FAILURE)
    crashes = [(e["line"], e["rank"], e["detail"]) for e in events if e["kind"] == "crash"]
    assert crashes[0] == (2, 1, "soundfile.LibsndfileError: <exception str() failed>")
    assert {line for line, _, _ in crashes}.isdisjoint({5, 6, 7, 11, 12})
    assert any(line == 8 and detail.startswith("failed (exitcode: 1) local_rank: 1") for line, _, detail in crashes)
    # the worker's traceback, undated, is dated by the report's `time : 2025-09-21_05:29:27` (the failure's own
    # second, before the launcher's first word on it, its SIGTERM at 05:29:27.905673)
    assert next(e["ts_ns"] for e in events if e["line"] == 2) == _ns("2025-09-21 05:29:27,0")


# open_clip (a Mixtera fork) under `srun -l`: the data loader's failure as epoch 1 begins, then PyTorch's exit
# handlers' statistics 3 s after the last dated line, then srun's word (github.com/kerimoglutolga/open_clip-mixtera
# @ 55c0aa4, output.err, lines 240-244, 302-304 and 326-337: the traceback's frames cut but its last)
OPEN_CLIP_EXIT = [
    ('0: 2025-01-24,14:49:13 | INFO | Train Epoch: 0 [ 51456/100352 (51%)] Data (t): 0.244 Batch (t): 0.328, 2867.83'
     '/s, 2867.83/s/gpu LR: 0.000010 Logit Scale: 14.283 Contrastive_loss: 5.4276 (5.5136) Loss: 5.4276 (5.5136)'),
    ('0: 2025-01-24,14:49:46 | INFO | Train Epoch: 0 [ 77056/100352 (77%)] Data (t): 0.247 Batch (t): 0.331, 2951.60'
     '/s, 2951.60/s/gpu LR: 0.000015 Logit Scale: 14.280 Contrastive_loss: 5.3335 (5.4686) Loss: 5.3335 (5.4686)'),
    ('0: 2025-01-24,14:50:15 | INFO | Train Epoch: 0 [100352/100352 (100%)] Data (t): 0.226 Batch (t): 0.310, 2963.8'
     '4/s, 2963.84/s/gpu LR: 0.000020 Logit Scale: 14.279 Contrastive_loss: 5.2947 (5.4338) Loss: 5.2947 (5.4338)'),
    '0: 2025-01-24,14:50:17 | INFO | Start epoch 1',
    '0: Traceback (most recent call last):',
    '0:   File "/usr/local/lib/python3.10/dist-packages/torch/_utils.py", line 719, in reraise',
    '0:     raise exception',
    '0: AssertionError: Caught AssertionError in DataLoader worker process 0.',
    '0:     assert self._comp_shm is not None and self._status_shm is not None, "SharedMemory objects are None."',
    '0: AssertionError',
    '0: : SharedMemory objects are None.',
    '0: ',
    '0: I0124 14:50:20.055000 76778 torch/_dynamo/utils.py:399] TorchDynamo compilation metrics:',
    '0: I0124 14:50:20.055000 76778 torch/_dynamo/utils.py:399] Function    Runtimes (s)',
    '0: I0124 14:50:20.055000 76778 torch/_dynamo/utils.py:399] ----------  --------------',
    '0: I0124 14:50:20.057000 76778 torch/_subclasses/fake_tensor.py:2435] FakeTensor cache stats:',
    '0: I0124 14:50:20.057000 76778 torch/_subclasses/fake_tensor.py:2436]   cache_hits: 0',
    '0: I0124 14:50:20.058000 76778 torch/_subclasses/fake_tensor.py:2437]   cache_misses: 0',
    'srun: error: nid005059: task 0: Exited with exit code 1',
    'srun: Terminating StepId=109472.0',
]


def test_exit_handlers_lines_after_a_failure_start_no_process(tmp_path: Path) -> None:
    """After the undated traceback, `TorchDynamo compilation metrics:` and `FakeTensor cache stats:` (PyTorch's
    exit handlers, 3 s after the last dated line) are the failed process's last words: one attempt, which
    crashed, not a relaunch whose one line srun's exit report ends."""
    path = tmp_path / "output.err"
    path.write_text("\n".join(OPEN_CLIP_EXIT) + "\n")
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    assert store.connect().execute("select end_reason from attempts").fetchall() == [("crash",)]


# LSF's short report on Summit, its verdict in its subject alone (github.com/sajal-vt/Megatron-DeepSpeed-Summit @ ae9e127,
# logs/gpt3-megatron.3314739.o, the whole file)
LSF_SUBJECT_ONLY = [
    '',
    '------------------------------------------------------------',
    'Sender: LSF System <lsfadmin@batch5>',
    'Subject: Job 3314739: <gpt3-megatron> in cluster <summit> Exited',
    '',
    ('Job <gpt3-megatron> was submitted from host <login5> by user <sajaldash> in cluster <summit> at Mon '
     'Feb 26 12:17:42 2024'),
    ('Job was executed on host(s) <1*batch5>, in queue <debug>, as user <sajaldash> in cluster <summit> at'
     ' Mon Feb 26 12:17:53 2024'),
    '                            <42*h35n16>',
    '                            <42*h36n02>',
    '                            <42*h36n04>',
    '                            <42*h36n05>',
    '                            <42*h36n06>',
    '                            <42*h36n10>',
    '                            <42*h36n11>',
    '                            <42*h36n12>',
    '</ccs/home/sajaldash> was used as the home directory.',
    '</gpfs/alpine2/stf218/world-shared/sajal/Megatron-DeepSpeed> was used as the working directory.',
    'Started at Mon Feb 26 12:17:53 2024',
    'Terminated at Mon Feb 26 12:18:31 2024',
    'Results reported at Mon Feb 26 12:18:31 2024',
    '',
    'The output (if any) is above this job summary.',
    '',
    '',
    '',
    'PS:',
    '',
    'Read file <logs/gpt3-megatron.3314739.e> for stderr output of this job.',
    '',
]


def test_lsfs_short_report_gives_its_verdict_in_its_subject(tmp_path: Path) -> None:
    """LSF's short report (Summit) says no `Exited with exit code N.`: its subject's last word, `Exited`, is
    the verdict, at the submission's end (`Terminated at Mon Feb 26 12:18:31 2024`): a failure 38 s
    after its start."""
    _, _, events = _read(tmp_path, LSF_SUBJECT_ONLY)
    assert [(e["kind"], e["ts_ns"]) for e in events if e["kind"] in ("crash", "attempt_end")] == [
        ("crash", _ns("2024-02-26 12:18:31,0"))]


def test_a_watchdogs_timeout_is_no_process_start_of_a_rank_that_named_none_before(tmp_path: Path) -> None:
    """`[rank0]:[E1218 20:27:21.426415540 ProcessGroupNCCL.cpp:629] [Rank 0] Watchdog caught collective operation
    timeout: ... BROADCAST ...`, the first line to name rank 0: its running process's failure, no start of one
    (read, a start: an attempt of its own, 0.06 s long, that crashed, besides the launch's that hung)."""
    con = console_connection(tmp_path, DEEPSPEED_FIRST_BROADCAST_HUNG)
    timeouts = [i for i, t in enumerate(DEEPSPEED_FIRST_BROADCAST_HUNG, 1) if "Watchdog caught collective operation timeout" in t]
    assert [line for (line,) in con.execute("select line from log_events where kind = 'collective_timeout' order by line")
            .fetchall()] == timeouts and len(timeouts) == 2
    assert con.execute("select line from log_events where kind = 'attempt_start'").fetchall() == [(1,)]
    assert con.execute("select attempt, end_reason from attempts").fetchall() == [(1, "crash")]


def test_torch_dynamos_exit_report_after_a_failure_is_the_failed_process(tmp_path: Path) -> None:
    """`KeyboardInterrupt`, then `I1019 16:40:46.708000 ... torch/_dynamo/eval_frame.py:520] TorchDynamo attempted to
    trace the following frames: [`: the interrupted process's report at its exit, no new process's first line (read,
    a second attempt)."""
    _, _, events = _read(tmp_path, OPEN_CLIP_INTERRUPTED)
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "attempt_start"] == [("attempt_start", 1)]
    assert any(e["kind"] == "crash" for e in events)
