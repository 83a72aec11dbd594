"""Research programs' consoles beyond the common trainers (pygcn's loop, pix2pix's loss log, insightface's
arcface_torch, NVIDIA's Modulus Sym and PhysicsNeMo, FourCastNet, nerfstudio, PaddleX, an Optuna study, OGB's and DIG's
graph examples): lines
quoted verbatim from public files (each block's source is cited above it), tiny inputs in, exact rows out, each
expectation read off the quoted text."""

from __future__ import annotations

import re
from pathlib import Path

from tests.conftest import console_connection
from tests.test_line_rules import _read

# Deep Graph Infomax on Cora, pygcn's loop (a README's "Terminal_Results" block, index id 23617515072, its
# last 16 lines)
PYGCN_END = [
    'Epoch: 0003 loss_train: 0.8086 time: 1.8973s',
    'Epoch: 0004 loss_train: 0.8917 time: 2.3387s',
    'Epoch: 0005 loss_train: 0.7135 time: 2.0027s',
    '.',
    '.',
    '.',
    'Epoch: 0095 loss_train: 0.0408 time: 1.8570s',
    'Epoch: 0096 loss_train: 0.0429 time: 1.8267s',
    'Epoch: 0097 loss_train: 0.0425 time: 1.9485s',
    'Epoch: 0098 loss_train: 0.0441 time: 1.7973s',
    'Epoch: 0099 loss_train: 0.0392 time: 2.6459s',
    'Epoch: 0100 loss_train: 0.0402 time: 2.6929s',
    'Optimization Finished!',
    'Total time elapsed: 207.5775s',
    'classification Start',
    'Accuracy: 0.8231801390647888',
]

# PhysicsNeMo's Darcy example through its LaunchLogger (github.com/NVIDIA/physicsnemo @
# cd524a64bc3052d8d4cbc64b96bf2a096fe6411e : docs/tutorials/simple_logging_and_checkpointing.rst, "Console logging"
# block, its last 11 lines, the reST indent removed)
PHYSICSNEMO_END = [
    "Module physicsnemo.datapipes.benchmarks.kernels.initialization load on device 'cuda:0' took 73.06 ms",
    "Module physicsnemo.datapipes.benchmarks.kernels.utils load on device 'cuda:0' took 314.91 ms",
    "Module physicsnemo.datapipes.benchmarks.kernels.finite_difference load on device 'cuda:0' took 149.86 ms",
    '[21:24:02 - train - INFO] Epoch 0 Metrics: Learning Rate =  4.437e-03, Loss =  1.009e+00',
    '[21:24:02 - train - INFO] Epoch Execution Time:  5.664e+00s, Time/Iter:  1.133e+03ms',
    '[21:24:06 - train - INFO] Epoch 1 Metrics: Learning Rate =  1.969e-03, Loss =  6.040e-01',
    '[21:24:06 - train - INFO] Epoch Execution Time:  4.013e+00s, Time/Iter:  8.025e+02ms',
    '...',
    '[21:25:32 - train - INFO] Epoch 19 Metrics: Learning Rate =  8.748e-10, Loss =  1.384e-01',
    '[21:25:32 - train - INFO] Epoch Execution Time:  4.010e+00s, Time/Iter:  8.020e+02ms',
    '[21:25:32 - main - INFO] Finished Training!',
]

# Modulus Sym's trainer (a README of a Modulus Sym heat example, index id 43060757633, its first output block's lines
# 34-38)
MODULUS_SYM = [
    '[04:11:10] - [step:          0] record constraint batch time:  1.203e+00s',
    '[04:11:10] - [step:          0] saved checkpoint to /tests/test_dir',
    '[04:11:10] - [step:          0] loss:  5.780e+00',
    '[04:11:12] - Attempting cuda graph building, this may take a bit...',
    '[04:11:16] - [step:        100] loss:  1.486e-02, time/iteration:  5.445e+01 ms',
]

# pix2pix's loss_log.txt, three launches appended (github.com/CHAOS2629/jittor_cyclegan_and_pix2pix @
# 06c7546cc1cb762737788b42607117328682fc92 : checkpoints/facades_pix2pix/loss_log.txt, whole, trailing spaces kept)
PIX2PIX_THREE_LAUNCHES = [
    '================ Training Loss (Thu Sep  1 21:31:13 2022) ================',
    '(epoch: 1, iters: 100, time: 0.038, data: 0.236) G_GAN: 1.339 G_L1: 35.491 D_real: 0.776 D_fake: 0.358 ',
    '(epoch: 1, iters: 200, time: 0.036, data: 0.002) G_GAN: 2.484 G_L1: 39.039 D_real: 0.125 D_fake: 0.229 ',
    '(epoch: 1, iters: 300, time: 0.037, data: 0.002) G_GAN: 3.397 G_L1: 36.045 D_real: 0.056 D_fake: 0.138 ',
    '(epoch: 1, iters: 400, time: 0.296, data: 0.002) G_GAN: 2.352 G_L1: 24.749 D_real: 0.256 D_fake: 0.606 ',
    '(epoch: 2, iters: 100, time: 0.038, data: 0.203) G_GAN: 3.933 G_L1: 43.322 D_real: 0.027 D_fake: 0.325 ',
    '(epoch: 2, iters: 200, time: 0.037, data: 0.002) G_GAN: 3.055 G_L1: 50.457 D_real: 0.022 D_fake: 0.080 ',
    '================ Training Loss (Thu Sep  1 21:43:14 2022) ================',
    '(epoch: 1, iters: 100, time: 0.037, data: 0.188) G_GAN: 2.247 G_L1: 36.666 D_real: 0.121 D_fake: 0.204 ',
    '================ Training Loss (Thu Sep  8 16:25:17 2022) ================',
    '(epoch: 1, iters: 100, time: 10.973, data: 0.222) G_GAN: 1.605 G_L1: 46.282 D_real: 0.286 D_fake: 0.665 ',
    '(epoch: 1, iters: 200, time: 0.041, data: 0.010) G_GAN: 2.212 G_L1: 25.192 D_real: 0.114 D_fake: 0.443 ',
    '(epoch: 1, iters: 300, time: 0.042, data: 0.002) G_GAN: 3.599 G_L1: 36.849 D_real: 0.246 D_fake: 0.030 ',
    '(epoch: 1, iters: 400, time: 0.052, data: 0.002) G_GAN: 1.531 G_L1: 34.683 D_real: 0.280 D_fake: 0.309 ',
    '(epoch: 2, iters: 100, time: 0.045, data: 0.202) G_GAN: 2.439 G_L1: 38.566 D_real: 0.213 D_fake: 0.073 ',
]

# and a launch that died before its first loss line (github.com/juliagong/sketch2face @
# 5ef0f490e2a60bb43404c247a2e16c72b2bd6deb : checkpoints/facades_pix2pix/loss_log.txt, whole)
PIX2PIX_EMPTY_FIRST = [
    '================ Training Loss (Sun May 12 01:07:18 2019) ================',
    '================ Training Loss (Sun May 12 01:09:17 2019) ================',
    '(epoch: 1, iters: 100, time: 2.438, data: 0.202) G_GAN: 2.395 G_L1: 33.302 D_real: 0.829 D_fake: 0.502 ',
    '(epoch: 1, iters: 200, time: 2.647, data: 0.001) G_GAN: 2.310 G_L1: 41.076 D_real: 0.084 D_fake: 0.442 ',
]

# insightface's arcface_torch, Partial FC on 8 V100s (github.com/deepinsight/insightface @
# bdaee1073b72d95421732ea04d1fdf5b97c0d619 : recognition/arcface_torch/docs/speed_benchmark.md, the `trainging.log`
# block, trailing spaces kept)
ARCFACE_TORCH = [
    'Training: Speed 5299.56 samples/sec   Loss 1.0965   LearningRate 0.2000   Epoch: 0   Global Step: 100  ',
    'Training: Speed 5296.37 samples/sec   Loss 0.0000   LearningRate 0.2000   Epoch: 0   Global Step: 150  ',
    'Training: Speed 5304.37 samples/sec   Loss 0.0000   LearningRate 0.2000   Epoch: 0   Global Step: 200  ',
    'Training: Speed 5274.43 samples/sec   Loss 0.0000   LearningRate 0.2000   Epoch: 0   Global Step: 250  ',
    'Training: Speed 5300.10 samples/sec   Loss 0.0000   LearningRate 0.2000   Epoch: 0   Global Step: 300   ',
]

# An Optuna study's console (a GNN project's tune script, index id 29033484162, the output in its closing docstring,
# lines 1-8 and 30-33 of its 33)
OPTUNA_STUDY = [
    '[I 2023-03-14 11:54:19,587] A new study created in memory with name: ukbb-graphs-tuning-20230314T1154Z',
    ("[I 2023-03-14 11:55:40,891] Trial 0 finished with value: 3.8084070682525635 and parameters: {'al"
     "pha_dropout': 0.08105967709130209, 'gat_heads': 1, 'gat_out_channels': 5, 'dim_penultimate': 10,"
     " 'optimizer': 'Adagrad', 'lr': 0.004860338271132598, 'wd': 0.00012238850127290908}. Best is tria"
     'l 0 with value: 3.8084070682525635.'),
    ("[I 2023-03-14 11:57:44,204] Trial 1 finished with value: 3.539700746536255 and parameters: {'alp"
     "ha_dropout': 0.011248063481413318, 'gat_heads': 4, 'gat_out_channels': 5, 'dim_penultimate': 10,"
     " 'optimizer': 'Adam', 'lr': 0.00816790214807728, 'wd': 0.00040995633487050454}. Best is trial 1 "
     'with value: 3.539700746536255.'),
    ("[I 2023-03-14 12:07:44,346] Trial 2 finished with value: 3.657808542251587 and parameters: {'alp"
     "ha_dropout': 0.09286390844379899, 'gat_heads': 3, 'gat_out_channels': 4, 'dim_penultimate': 10, "
     "'optimizer': 'Adagrad', 'lr': 0.008516955738167895, 'wd': 0.00039512994888576047}. Best is trial"
     ' 1 with value: 3.539700746536255.'),
    ("[I 2023-03-14 12:09:32,707] Trial 3 finished with value: 3.693530559539795 and parameters: {'alp"
     "ha_dropout': 0.07916029000991343, 'gat_heads': 3, 'gat_out_channels': 4, 'dim_penultimate': 5, '"
     "optimizer': 'Adam', 'lr': 0.004798612090518737, 'wd': 0.0006314490042947818}. Best is trial 1 wi"
     'th value: 3.539700746536255.'),
    ("[I 2023-03-14 12:10:55,824] Trial 4 finished with value: 3.5682523250579834 and parameters: {'al"
     "pha_dropout': 0.02794630488094271, 'gat_heads': 2, 'gat_out_channels': 1, 'dim_penultimate': 20,"
     " 'optimizer': 'Adam', 'lr': 0.007743051502490038, 'wd': 0.00013877923918828244}. Best is trial 1"
     ' with value: 3.539700746536255.'),
    '[I 2023-03-14 12:11:19,950] Trial 5 pruned.',
    ("[I 2023-03-14 12:12:57,635] Trial 6 finished with value: 3.5425984859466553 and parameters: {'al"
     "pha_dropout': 0.014419933111480078, 'gat_heads': 4, 'gat_out_channels': 1, 'dim_penultimate': 15"
     ", 'optimizer': 'Adam', 'lr': 0.009934788270997644, 'wd': 0.00030922777785115065}. Best is trial "
     '1 with value: 3.539700746536255.'),
    ("[I 2023-03-14 12:32:31,030] Trial 28 finished with value: 3.540365695953369 and parameters: {'al"
     "pha_dropout': 0.0014907933174646893, 'gat_heads': 3, 'gat_out_channels': 4, 'dim_penultimate': 1"
     "0, 'optimizer': 'Adam', 'lr': 0.002790039393731718, 'wd': 0.0006586332832035749}. Best is trial "
     '27 with value: 3.483602285385132.'),
    '[I 2023-03-14 12:33:07,566] Trial 29 pruned.',
    ("{'alpha_dropout': 0.003148939363068679, 'gat_heads': 3, 'gat_out_channels': 1, 'dim_penultimate'"
     ": 15, 'optimizer': 'Adam', 'lr': 0.009131823568546747, 'wd': 0.0002085365192668435}"),
    '3.483602285385132',
]

# FourCastNet's trainer adapted to TEC maps, relaunched and resumed into the same out.log (github.com/xuetaowave/
# FourCastNetTEC @ 4f9a99762134b1442641587be31543041ecabc7b : results/tec_256/afno_backbone_tec_256/d6p_test1/out.log,
# lines 293-309, 326 and 381-392)
FOURCASTNET_RELAUNCH = [
    '2024-02-17 18:25:25,872 - root - INFO - Train loss: 0.22372101247310638. Valid loss: 0.4145030975341797',
    '2024-02-17 18:27:46,402 - root - INFO - Time taken for epoch 17 is 140.53029203414917 sec',
    '2024-02-17 18:27:46,403 - root - INFO - Train loss: 0.2227291464805603. Valid loss: 0.4282892346382141',
    '2024-02-17 18:30:04,505 - root - INFO - Time taken for epoch 18 is 138.1018943786621 sec',
    '2024-02-17 18:30:04,505 - root - INFO - Train loss: 0.22263231873512268. Valid loss: 0.4343600869178772',
    '2024-02-17 20:12:21,335 - root - INFO - --------------- Versions ---------------',
    "2024-02-17 20:12:21,340 - root - INFO - git branch: b'* master'",
    "2024-02-17 20:12:21,343 - root - INFO - git hash: b'f2d034e08b25af946b48ae2dabf5ce62c0de596b'",
    '2024-02-17 20:12:21,343 - root - INFO - Torch: 2.1.2+cu118',
    '2024-02-17 20:12:21,343 - root - INFO - ----------------------------------------',
    '2024-02-17 20:12:21,343 - root - INFO - ------------------ Configuration ------------------',
    ('2024-02-17 20:12:21,343 - root - INFO - Configuration file: /home/cxt/work/fourcastnet_TEC/FourC'
     'astNetTEC/config/AFNO.yaml'),
    '2024-02-17 20:12:21,343 - root - INFO - Configuration name: afno_backbone_tec_256',
    '2024-02-17 20:12:21,343 - root - INFO - log_to_wandb False',
    '2024-02-17 20:12:21,343 - root - INFO - lr 0.0005',
    '2024-02-17 20:12:21,343 - root - INFO - batch_size 8',
    '2024-02-17 20:12:21,343 - root - INFO - patch_size 2',
    '2024-02-17 20:12:21,344 - root - INFO - loss l2',
    ('2024-02-17 20:12:21,351 - root - INFO - Including 0 hours of past history in training at a frequ'
     'ency of 6 hours'),
    '2024-02-17 20:12:21,351 - root - INFO - rank 0, data loader initialized',
    ('2024-02-17 20:12:21,733 - root - INFO - Loading checkpoint /home/cxt/work/fourcastnet_TEC/FourCa'
     'stNetTEC/results/tec_256/afno_backbone_tec_256/d6p_test1/training_checkpoints/ckpt.tar'),
    '2024-02-17 20:12:21,903 - root - INFO - Number of trainable model parameters: 36514560',
    '2024-02-17 20:12:21,903 - root - INFO - Starting Training Loop...',
    '2024-02-17 20:14:43,247 - root - INFO - Time taken for epoch 63 is 141.34334993362427 sec',
    '2024-02-17 20:14:43,247 - root - INFO - Train loss: 0.18461653590202332. Valid loss: 0.2740938067436218',
    ('2024-02-17 20:14:43,313 - root - INFO - Memory Used: 7128.0 MB, GPU.UUID: GPU-dead2cd9-3e2a-4455'
     '-2129-2efe429a641d'),
    '2024-02-17 20:16:58,876 - root - INFO - Time taken for epoch 64 is 135.56297254562378 sec',
    '2024-02-17 20:16:58,877 - root - INFO - Train loss: 0.17719271779060364. Valid loss: 0.23956795036792755',
    ('2024-02-17 20:16:58,914 - root - INFO - Memory Used: 16844.0 MB, GPU.UUID: GPU-dead2cd9-3e2a-445'
     '5-2129-2efe429a641d'),
    '2024-02-17 20:19:14,253 - root - INFO - Time taken for epoch 65 is 135.33872866630554 sec',
]

# nerfstudio's nerfacto under Slurm, its writer's table to the end (github.com/NUPapers-Spring23/nerfstudio-singularity @
# 2b8efbf483c745c117b27b7e1fcd999de4292089 : compute-canada-runs/NERF_TRAINING.md, the first "Nerfstudio logs (partial)"
# block, lines 10-25, the list's indent kept)
NERFSTUDIO_FINISHED = [
    '    Step (% Done)',
    '    --------------------',
    '    29910 (99.70%)      39.088 ms            3 s, 517.889 ms      107.70 K',
    '    29920 (99.73%)      39.189 ms            3 s, 135.145 ms      107.42 K',
    '    29930 (99.77%)      40.421 ms            2 s, 829.494 ms      104.84 K',
    '    29940 (99.80%)      39.273 ms            2 s, 356.391 ms      107.32 K',
    '    29950 (99.83%)      39.266 ms            1 s, 963.301 ms      107.18 K',
    '    29960 (99.87%)      40.436 ms            1 s, 617.442 ms      104.66 K',
    '    29970 (99.90%)      39.231 ms            1 s, 176.925 ms      107.29 K',
    '    29980 (99.93%)      39.146 ms            782.924 ms           107.43 K',
    '    29990 (99.97%)      40.211 ms            402.112 ms           105.24 K',
    '    29999 (100.00%)',
    '    ----------------------------------------------------------------------------------------------------',
    '    Viewer at: https://viewer.nerf.studio/versions/23-01-25-0/?websocket_url=ws://localhost:7007',
    ('    ────────────────────────────────────────────────────────────────────────────────────────────'
     '────────────────────────────'),
    '                                            🎉 🎉 🎉 Training Finished 🎉 🎉 🎉',
]

# PaddleX 3.1's text detection trainer at its run's end (github.com/Light-Towers/noctilucent-lamp, index id 40134933931 :
# Note/10.AGI/Paddle/paddleX/PaddleX印章文字检测模块实战优化手册.md, section "10. 训练日志解读", whole block)
PADDLEX_LAST_STEP = [
    ('[2025/08/30 18:00:18] ppocr INFO: epoch: [100/100], global_step: 100000, lr: 0.000001, loss: 0.0'
     '91679, loss_shrink_maps: 0.035711, loss_threshold_maps: 0.041902, loss_binary_maps: 0.007171, lo'
     'ss_cbn: 0.007171, avg_reader_cost: 0.00148 s, avg_batch_cost: 0.71354 s, avg_samples: 8.0, ips: '
     '11.21165 samples/s, eta: 0:00:00, max_mem_reserved: 14606 MB, max_mem_allocated: 12963 MB'),
    'eval model:: 100%|██████████| 2000/2000 [01:54<00:00, 17.45it/s]',
    ('[2025/08/30 18:02:13] ppocr INFO: cur metric, precision: 0.9986105597459309, recall: 0.996829799'
     '8811175, hmean: 0.9977193852255826, fps: 19.991583695711522'),
    ('[2025/08/30 18:02:13] ppocr INFO: best metric, hmean: 0.9998018624925699, is_float16: False, pre'
     'cision: 0.9998018624925699, recall: 0.9998018624925699, fps: 20.009952393051556, best_epoch: 7'),
    ('[2025/08/30 18:02:15] ppocr INFO: Export inference config file to /root/paddlex/seal_text/Paddle'
     'X-3.1.4/output/latest/inference/inference.yml'),
    'Skipping import of the encryption module',
    ('[2025/08/30 18:02:16] ppocr INFO: inference model is saved to /root/paddlex/seal_text/PaddleX-3.'
     '1.4/output/latest/inference/inference'),
    ('[2025/08/30 18:02:20] ppocr INFO: Already save model info in /root/paddlex/seal_text/PaddleX-3.1'
     '.4/output/latest'),
    '[2025/08/30 18:02:20] ppocr INFO: save model in /root/paddlex/seal_text/PaddleX-3.1.4/output/latest/latest',
    ('[2025/08/30 18:02:20] ppocr INFO: Export inference config file to /root/paddlex/seal_text/Paddle'
     'X-3.1.4/output/iter_epoch_100/inference/inference.yml'),
    'Skipping import of the encryption module',
    ('[2025/08/30 18:02:21] ppocr INFO: inference model is saved to /root/paddlex/seal_text/PaddleX-3.'
     '1.4/output/iter_epoch_100/inference/inference'),
    ('[2025/08/30 18:02:23] ppocr INFO: Already save model info in /root/paddlex/seal_text/PaddleX-3.1'
     '.4/output/iter_epoch_100'),
    ('[2025/08/30 18:02:23] ppocr INFO: save model in /root/paddlex/seal_text/PaddleX-3.1.4/output/ite'
     'r_epoch_100/iter_epoch_100'),
    ('[2025/08/30 18:02:23] ppocr INFO: best metric, hmean: 0.9998018624925699, is_float16: False, pre'
     'cision: 0.9998018624925699, recall: 0.9998018624925699, fps: 20.009952393051556, best_epoch: 7'),
]


def _line(lines: list[str], needle: str) -> int:
    return next(i + 1 for i, text in enumerate(lines) if needle in text)


def _ends(events: list[dict]) -> list[tuple[str, int]]:
    return [(e["kind"], e["line"]) for e in events if e["kind"] in ("attempt_end", "crash", "restart")]


def test_pygcns_optimization_finished_ends_the_run(tmp_path: Path) -> None:
    """`Optimization Finished!` after the epochs (Kipf's pygcn and its forks): the run's end (it ended unknown)."""
    _, steps, events = _read(tmp_path, PYGCN_END)
    assert [s["step"] for s in steps] == [int(m[1]) for t in PYGCN_END if (m := re.match(r"Epoch: (\d+) ", t))]
    assert _ends(events) == [("attempt_end", _line(PYGCN_END, "Optimization Finished!"))]


def test_physicsnemos_finished_training_ends_the_run(tmp_path: Path) -> None:
    """`[21:25:32 - main - INFO] Finished Training!`: the run's end (it ended unknown)."""
    _, steps, events = _read(tmp_path, PHYSICSNEMO_END)
    assert [s["step"] for s in steps] == [int(m[1]) for t in PHYSICSNEMO_END if (m := re.search(r"INFO\] Epoch (\d+) ", t))]
    assert _ends(events) == [("attempt_end", _line(PHYSICSNEMO_END, "Finished Training!"))]


def test_modulus_syms_time_per_iteration_is_the_step_time(tmp_path: Path) -> None:
    """`[step:        100] loss:  1.486e-02, time/iteration:  5.445e+01 ms`: step 100's time 54.45 ms (it had none)."""
    _, steps, _ = _read(tmp_path, MODULUS_SYM)
    timed = [(int(m[1]), float(m[2]) / 1000) for t in MODULUS_SYM
             if (m := re.search(r"\[step: +(\d+)\] loss: .*time/iteration: +(\S+) ms$", t))]
    assert [(s["step"], s["step_time_s"]) for s in steps if s["step_time_s"] is not None] == timed
    assert [step for step, _ in timed] == [100]


def _attempts(tmp_path: Path, lines: list[str]) -> list[tuple[int, int | None, int | None, int | None]]:
    con = console_connection(tmp_path, lines)
    return con.execute("select attempt, first_step, last_step, start_ns // 1000000 from attempts "
                       "order by attempt").fetchall()


def _ctime_ms(text: str) -> int:
    from datetime import UTC, datetime
    return int(datetime.strptime(text, "%a %b %d %H:%M:%S %Y").replace(tzinfo=UTC).timestamp() * 1000)


def test_pix2pixs_loss_log_header_is_a_launch_dated_by_its_time(tmp_path: Path) -> None:
    """`================ Training Loss (Thu Sep  1 21:43:14 2022) ================` opens each launch's lines: three
    launches, each from its header's time (its second launch, one step line at the step the first began at, was merged
    into the first: 2 attempts), and a launch that died before its first loss line is one all the same (there was 1)."""
    for lines in (PIX2PIX_THREE_LAUNCHES, PIX2PIX_EMPTY_FIRST):
        headers = [i for i, t in enumerate(lines) if t.startswith("================ Training Loss (")]
        expected = []
        for n, (at, until) in enumerate(zip(headers, [*headers[1:], len(lines)], strict=True), 1):
            counted = [int(m[1]) * 1000 + int(m[2]) for t in lines[at + 1:until]
                       if (m := re.match(r"\(epoch: (\d+), iters: (\d+),", t))]
            stamp = re.search(r"\((\w{3} \w{3} +\d+ [\d:]+ \d{4})\)", lines[at])
            assert stamp is not None
            when = _ctime_ms(stamp[1])
            expected.append((n, counted, when))
        (tmp_path / str(len(lines))).mkdir()
        got = _attempts(tmp_path / str(len(lines)), lines)
        assert [(n, when) for n, _, _, when in got] == [(n, when) for n, _, when in expected]
        # (each attempt's steps as the log counts them: the first and last of its own lines, read within epochs)
        assert [first is not None for _, first, _, _ in got] == [bool(counted) for _, counted, _ in expected]
    assert len(headers) == 2 and len(expected) == 2 and len(got) == 2  # (the last file's: 2 launches)


def test_arcface_torchs_speed_line_is_its_global_step(tmp_path: Path) -> None:
    """`Training: Speed 5299.56 samples/sec   Loss 1.0965   LearningRate 0.2000   Epoch: 0   Global Step: 100`: step 100,
    its loss and learning rate (the file was refused: the line's metrics come before its counter)."""
    parser, steps, _ = _read(tmp_path, ARCFACE_TORCH)
    assert parser == "generic_log"
    assert [(s["step"], s["loss"], s["lr"], s["framework"]) for s in steps] == [
        (int(m[4]), float(m[2]), float(m[3]), "arcface_torch") for t in ARCFACE_TORCH
        if (m := re.search(r"Speed ([\d.]+) samples/sec +Loss ([\d.]+) +LearningRate ([\d.]+) +Epoch: \d+ +Global Step: (\d+)",
                           t))]
    assert len(steps) == 5


def test_an_optuna_studys_log_is_one_launch_from_its_first_line_to_its_last(tmp_path: Path) -> None:
    """`A new study created in memory with name: ...`, then `Trial 0 finished with value: ...` .. `Trial 29 pruned.`: one
    launch, no step, from the study's first line to its last trial's (the file was refused)."""
    parser, steps, events = _read(tmp_path, OPTUNA_STUDY)
    assert parser == "generic_log"
    assert steps == []
    con = console_connection(tmp_path, OPTUNA_STUDY, name="study.log")
    stamps = [m[1] for t in OPTUNA_STUDY if (m := re.match(r"\[I (\S+ \S+)\]", t))]
    count, length = con.execute("select count(*), max(length_s) from attempts").fetchone()
    assert (count, round(length, 3)) == (1, round(_seconds(stamps[-1]) - _seconds(stamps[0]), 3))


def _seconds(stamp: str) -> float:
    from datetime import UTC, datetime
    return datetime.strptime(stamp, "%Y-%m-%d %H:%M:%S,%f").replace(tzinfo=UTC).timestamp()


def test_a_relaunchs_configuration_dump_is_no_line_of_the_last_epoch_before_it(tmp_path: Path) -> None:
    """After epoch 18's `Time taken for epoch 18 is 138.1 sec` and its losses, a relaunch prints its configuration
    (`lr 0.0005`, `loss l2`) 1 h 42 min later: epoch 18 ends at its own lines, not in the next process (where it was
    carried, its resumed checkpoint's load then read as a third attempt); the last epoch's time, its last line,
    ends it (it was no step)."""
    con = console_connection(tmp_path, FOURCASTNET_RELAUNCH)
    epochs = {int(m[2]): _seconds(m[1]) for t in FOURCASTNET_RELAUNCH
              if (m := re.match(r"(\S+ \S+) - root - INFO - Time taken for epoch (\d+) is", t))}
    got = dict(con.execute("select step, end_ns / 1e9 from log_steps").fetchall())
    assert got.keys() == epochs.keys()
    assert all(abs(got[epoch] - at) < 0.01 for epoch, at in epochs.items())  # (its losses' line, the same moment)
    relaunch = next(_seconds(m[1]) for t in FOURCASTNET_RELAUNCH if (m := re.match(r"(\S+ \S+) - root - INFO - -+ Versions", t)))
    attempts = con.execute("select first_step, last_step, start_ns / 1e9 from attempts order by attempt").fetchall()
    assert [(first, last) for first, last, _ in attempts] == [(17, 18), (63, 65)]
    # (the relaunch's lines before its loop: its first, or its checkpoint's load)
    looping = next(_seconds(m[1]) for t in FOURCASTNET_RELAUNCH
                   if (m := re.match(r"(\S+ \S+) - root - INFO - Starting Training", t)))
    assert relaunch - 1e-3 <= attempts[1][2] <= looping + 1e-3


def test_nerfstudios_last_row_with_its_step_alone_is_the_last_step(tmp_path: Path) -> None:
    """`29999 (100.00%)` after `29990 (99.97%)      40.211 ms ...`: the run's last step (it stopped at 29990)."""
    _, steps, events = _read(tmp_path, NERFSTUDIO_FINISHED)
    assert [s["step"] for s in steps] == [int(m[1]) for t in NERFSTUDIO_FINISHED if (m := re.match(r"\s+(\d+) \(", t))]
    assert steps[-1]["step"] == 29999
    assert {s["framework"] for s in steps} == {"nerfstudio"}
    assert _ends(events) == [("attempt_end", _line(NERFSTUDIO_FINISHED, "Training Finished"))]


def test_paddleocrs_one_step_line_with_its_batch_cost_claims_the_log(tmp_path: Path) -> None:
    """A run's tail with one step line, `ppocr INFO: epoch: [100/100], global_step: 100000, ... avg_batch_cost: 0.71354 s
    ...`, then its evaluation and saves (the file was refused: two step lines were needed): step 100000, its saves."""
    parser, steps, events = _read(tmp_path, PADDLEX_LAST_STEP)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == [int(m[1]) for t in PADDLEX_LAST_STEP if (m := re.search(r"global_step: (\d+),", t))]
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == [
        i + 1 for i, t in enumerate(PADDLEX_LAST_STEP) if " INFO: save model in " in t]


def _losses_as(form: str, text: str) -> str:
    """FourCastNet's losses' line with its two losses printed in `form` instead."""
    said = re.search(r"Train loss: (\S+)\. Valid loss: (\S+)$", text)
    return text if said is None else text[:said.start()] + form.format(v=said[1], w=said[2])


def test_a_relaunchs_configuration_pair_is_no_epoch_line_but_an_epochs_loss_in_any_form_is(tmp_path: Path) -> None:
    """The epoch's own line may print its loss as a tensor or a TensorBoard tag (`loss: tensor(0.2227, ...)`, `Loss/train=
    0.2227`), alone (`loss 0.2227`) or with a learning rate at its end (`... - lr 0.0005`): still its line (such lines
    were dropped with the configuration's, a whole run read as no step); the configuration's `lr 0.0005` and `loss l2`
    alone as the logger's message are not."""
    for n, form in enumerate(("Train loss: {v}. Valid loss: {w}", "Train loss: tensor({v}, device='cuda:0'). Valid loss: {w}",
                 "Loss/train={v} Loss/val={w}", "loss {v}", "Train loss: {v} - lr 0.0005")):
        lines = [_losses_as(form, t) for t in FOURCASTNET_RELAUNCH]
        (tmp_path / str(n)).mkdir()
        con = console_connection(tmp_path / str(n), lines)
        ends = dict(con.execute("select step, end_ns / 1e9 from log_steps").fetchall())
        # (each epoch's losses' line, right after its `Time taken for epoch N` line)
        losses = {int(m[1]): _seconds(lines[i + 1][:23]) for i, t in enumerate(lines[:-1])
                  if (m := re.search(r"Time taken for epoch (\d+) is", t))}
        assert {e: round(t, 3) for e, t in ends.items() if e in losses} == {e: round(t, 3) for e, t in losses.items()}, form
        assert sorted(losses) == [17, 18, 63, 64]


# DIG's SphereNet on QM9 (github.com/divelab/DIG : docs/source/tutorials/threedgraph.rst, index id 12951510433, its
# `parsed-literal` output block: its first 3 and last 6 lines, the block's indent kept)
DIG_EPOCHS = [
    "    =====Epoch 1 {'Train': 0.7765793317604924, 'Validation': 0.829788088798523, 'Test': 0.8256096243858337}",
    "    =====Epoch 2 {'Train': 0.3513736664000606, 'Validation': 0.4852057099342346, 'Test': 0.4807925820350647}",
    "    =====Epoch 3 {'Train': 0.2866970902528785, 'Validation': 0.3925183415412903, 'Test': 0.3926387131214142}",
    "    =====Epoch 18 {'Train': 0.05782321078129603, "
    "'Validation': 0.04337486997246742, 'Test': 0.041813842952251434}",
    "    =====Epoch 19 {'Train': 0.05424516140513118, "
    "'Validation': 0.040363702923059464, 'Test': 0.03920820727944374}",
    "    =====Epoch 20 {'Train': 0.0552880891001176, "
    "'Validation': 0.040168143808841705, 'Test': 0.039053723216056824}",
    '',
    '    Best validation MAE so far: 0.040168143808841705',
    '    Test MAE when got best validation result: 0.039053723216056824',
]

# OGB's graph property example (ogbg-molhiv, `main_pyg.py`) run in a notebook (a Chinese GNN course's notes, index id
# 42810598547, the cell's output for epochs 1-3 and its end, the notebook's indent kept)
OGB_EPOCHS = [
    '    Iteration:   0%|          | 4/1029 [00:00<00:29, 34.25it/s]',
    '',
    '    =====Epoch 1',
    '    Training...',
    '',
    '',
    '    Iteration: 100%|██████████| 1029/1029 [00:25<00:00, 40.35it/s]',
    '    Iteration:   2%|▏         | 17/1029 [00:00<00:06, 160.89it/s]',
    '',
    '    Evaluating...',
    '',
    '',
    '    Iteration: 100%|██████████| 1029/1029 [00:06<00:00, 164.41it/s]',
    '    Iteration: 100%|██████████| 129/129 [00:00<00:00, 131.22it/s]',
    '    Iteration: 100%|██████████| 129/129 [00:01<00:00, 95.27it/s]',
    '    Iteration:   0%|          | 4/1029 [00:00<00:27, 37.52it/s]',
    '',
    "    {'Train': {'rocauc': 0.6604943642908611}, "
    "'Validation': {'rocauc': 0.682172251616696}, 'Test': {'rocauc': 0.6643677938932772}}",
    '    =====Epoch 2',
    '    Training...',
    '',
    '',
    '    Iteration: 100%|██████████| 1029/1029 [00:23<00:00, 43.43it/s]',
    '    Iteration:   1%|▏         | 14/1029 [00:00<00:07, 136.74it/s]',
    '',
    '    Evaluating...',
    '',
    '',
    '    Iteration: 100%|██████████| 1029/1029 [00:06<00:00, 163.67it/s]',
    '    Iteration: 100%|██████████| 129/129 [00:00<00:00, 165.12it/s]',
    '    Iteration: 100%|██████████| 129/129 [00:00<00:00, 165.38it/s]',
    '    Iteration:   0%|          | 4/1029 [00:00<00:30, 34.14it/s]',
    '',
    "    {'Train': {'rocauc': 0.4996526571726294}, "
    "'Validation': {'rocauc': 0.498015873015873}, 'Test': {'rocauc': 0.496861662063771}}",
    '    =====Epoch 3',
    '    Training...',
    '',
    '',
    '    Iteration: 100%|██████████| 1029/1029 [00:25<00:00, 40.39it/s]',
    '    Iteration:   2%|▏         | 16/1029 [00:00<00:06, 159.16it/s]',
    '',
    '    Evaluating...',
    '',
    '',
    '    Iteration: 100%|██████████| 1029/1029 [00:06<00:00, 163.72it/s]',
    '    Iteration: 100%|██████████| 129/129 [00:00<00:00, 165.47it/s]',
    '    Iteration: 100%|██████████| 129/129 [00:00<00:00, 166.95it/s]',
    '    Iteration:   0%|          | 4/1029 [00:00<00:26, 39.08it/s]',
    '',
    "    {'Train': {'rocauc': 0.5092237564450139}, "
    "'Validation': {'rocauc': 0.5308641975308642}, 'Test': {'rocauc': 0.5}}",
    '    Finished training!',
    '    Best validation score: 0.682172251616696',
    '    Test score: 0.6643677938932772',
]

# WPGNN's runs over Cora's splits in one process with OGB's `Logger` (github.com/ChenaniahMe/codes : wpgnn/readme.md,
# index id 42483625760, the block after "The experimental results:", its first 22 lines)
SPLIT_RUNS = [
    'Split: 01, Run: 01, Epoch: 200, Loss: 0.3514, Train: 99.29%, Valid: 80.80% Test: 83.50%',
    'Split: 01, Run: 01, Epoch: 400, Loss: 0.3106, Train: 98.57%, Valid: 79.20% Test: 81.90%',
    'have saved',
    'Split: 01, Run: 01',
    'None time:  89.00441912095994',
    'None Run 01:',
    'Highest Train: 100.00',
    'Highest Valid: 82.20',
    '  Final Train: 99.29',
    '   Final Test: 84.20',
    'Split: 01, Run: 02, Epoch: 200, Loss: 0.2972, Train: 99.29%, Valid: 80.80% Test: 82.40%',
    'Split: 01, Run: 02, Epoch: 400, Loss: 0.2712, Train: 98.57%, Valid: 80.40% Test: 83.30%',
    'have saved',
    'Split: 01, Run: 02',
    'None time:  89.77616736409254',
    'None Run 02:',
    'Highest Train: 100.00',
    'Highest Valid: 82.20',
    '  Final Train: 99.29',
    '   Final Test: 84.10',
    'Split: 01, Run: 03, Epoch: 200, Loss: 0.2957, Train: 99.29%, Valid: 80.20% Test: 83.80%',
    'Split: 01, Run: 03, Epoch: 400, Loss: 0.2886, Train: 98.57%, Valid: 80.00% Test: 82.70%',
]


def test_an_epochs_results_per_split_after_its_head_are_its_line(tmp_path: Path) -> None:
    """OGB's and DIG's examples print `=====Epoch N`, then the epoch's results per split, training's first
    (`{'Train': 0.7766, 'Validation': ..., 'Test': ...}`), on the head's line or one of their own under the
    loops' bars: one step an epoch (both were refused: no step line found)."""
    parser, steps, _ = _read(tmp_path, DIG_EPOCHS)
    assert parser == "generic_log"
    assert [s["step"] for s in steps] == [int(m[1]) for t in DIG_EPOCHS if (m := re.match(r"\s+=====Epoch (\d+) \{'Train'", t))]
    assert [s["step"] for s in steps][-1] == 20
    (tmp_path / "ogb").mkdir()
    parser, steps, _ = _read(tmp_path / "ogb", OGB_EPOCHS)
    assert parser == "generic_log"
    assert [(s["step"], s["line"]) for s in steps] == [
        (int(m[1]), next(j + 1 for j in range(i, len(OGB_EPOCHS)) if OGB_EPOCHS[j].lstrip().startswith("{'Train'")))
        for i, t in enumerate(OGB_EPOCHS) if (m := re.fullmatch(r"\s+=====Epoch (\d+)", t))]
    assert len(steps) == 3


def test_a_runs_epoch_lines_after_its_split_are_its_steps(tmp_path: Path) -> None:
    """`Split: 01, Run: 01, Epoch: 200, Loss: 0.3514, ...`: epoch 200 of run 1 and its loss (the file was refused)."""
    parser, steps, _ = _read(tmp_path, SPLIT_RUNS)
    assert parser == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [
        (int(m[1]), float(m[2])) for t in SPLIT_RUNS if (m := re.match(r"Split: 01, Run: 0\d, Epoch: (\d+), Loss: ([\d.]+),", t))]
    assert len(steps) == 6  # (runs 1 and 2, and run 3's first two)


def test_a_runs_epoch_lines_then_the_next_runs_end_the_run_before(tmp_path: Path) -> None:
    """`Split: 01, Run: 02, Epoch: 200, ...` after run 1's lines: the process went on to its next run, so run 1 ended
    at its last epoch line (line 2), run 2 at line 12 (they ended with the next run's count going back: restarts)."""
    _, _, events = _read(tmp_path, SPLIT_RUNS)
    last_of_run = {int(m[1]): n + 1 for n, t in enumerate(SPLIT_RUNS) if (m := re.match(r"Split: 01, Run: (\d+), Epoch: ", t))}
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [last_of_run[1], last_of_run[2]] == [2, 12]
