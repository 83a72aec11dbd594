"""Logs as they are pasted and failures as native libraries word them (knitr's `#>` output, a Markdown quote, an
estimate's date, XGBoost's and LightGBM's GPU failures): lines quoted verbatim from public files (each block's source
is cited above it), tiny inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

import re
from itertools import pairwise
from pathlib import Path

from tests.test_line_rules import _read

# pytorch-tabnet through reticulate, its output as knitr marks it (an R Markdown post on TabNet, index id 44751761886, its
# training output's first 6 lines)
KNITR_TABNET = [
    '#> epoch 0  | loss: 0.42906 | train_accuracy: 0.85574 | valid_accuracy: 0.85179 |  0:00:33s',
    '#> epoch 1  | loss: 0.34494 | train_accuracy: 0.85845 | valid_accuracy: 0.85315 |  0:01:08s',
    '#> epoch 2  | loss: 0.33713 | train_accuracy: 0.86165 | valid_accuracy: 0.85676 |  0:01:45s',
    '#> epoch 3  | loss: 0.33414 | train_accuracy: 0.86343 | valid_accuracy: 0.85888 |  0:02:20s',
    '#> epoch 4  | loss: 0.33183 | train_accuracy: 0.86333 | valid_accuracy: 0.85939 |  0:02:54s',
    '#> epoch 5  | loss: 0.33078 | train_accuracy: 0.86269 | valid_accuracy: 0.85842 |  0:03:29s',
]

# a closed-form continuous-time network through tf.keras, its output quoted in the docs (github.com/mlech26l/ncps @
# 0e9406c2 : docs/examples/atari_tf.rst, the last `code-block:: text` block, its lines 17-30)
QUOTED_KERAS = [
    '    > Epoch 1/50',
    '    > 2022-10-11 15:45:55.524895: I tensorflow/stream_executor/cuda/cuda_dnn.cc:384] Loaded cuDNN version 8302',
    '    > 2022-10-11 15:45:56.037075: I tensorflow/core/platform/default/subprocess.cc:304] Start '
    'cannot spawn child process: No such file or directory',
    '    > 938/938 [==============================] - ETA: 0s - loss: 0.4964 - sparse_categorical_accuracy: 0.8305',
    '    > Epoch 0 return: 2.50 +- 1.91',
    '    > 938/938 [==============================] - 413s 436ms/step - loss: 0.4964 - '
    'sparse_categorical_accuracy: 0.8305 - val_loss: 0.3931 - val_sparse_categorical_accuracy: 0.8633',
    '    > Epoch 2/50',
    '    > 938/938 [==============================] - ETA: 0s - loss: 0.3521 - sparse_categorical_accuracy: 0.8752',
    '    > Epoch 1 return: 4.00 +- 3.58',
    '    > 938/938 [==============================] - 450s 480ms/step - loss: 0.3521 - '
    'sparse_categorical_accuracy: 0.8752 - val_loss: 0.3168 - val_sparse_categorical_accuracy: 0.8884',
    '    > Epoch 3/50',
    '    > 938/938 [==============================] - ETA: 0s - loss: 0.3009 - sparse_categorical_accuracy: 0.8918',
    '    > Epoch 2 return: 5.30 +- 3.32',
    '    > 938/938 [==============================] - 469s 501ms/step - loss: 0.3009 - '
    'sparse_categorical_accuracy: 0.8918 - val_loss: 0.2732 - val_sparse_categorical_accuracy: 0.9020',
]

# SpikingJelly's DVS Gesture example (github.com/fangwei123456/spikingjelly @ e0998c9e :
# docs/source/_static/tutorials/classify_dvsg/dvsg.txt, its lines 58-75)
SPIKINGJELLY_EPOCHS = [
    "Namespace(T=16, device='cuda:0', b=16, epochs=64, j=8, data_dir='/datasets/DVSGesture/', "
    "out_dir='./logs', resume=None, amp=True, cupy=True, opt='adam', momentum=0.9, lr=0.001, channels=128)",
    './logs/T16_b16_adam_lr0.001_c128_amp_cupy',
    'epoch = 0, train_loss = 0.0666, train_acc = 0.3964, test_loss = 0.0514, test_acc = 0.6042, max_test_acc = 0.6042',
    'train speed = 92.7646 images/s, test speed = 115.2935 images/s',
    'escape time = 2022-05-25 21:31:54',
    '',
    "Namespace(T=16, device='cuda:0', b=16, epochs=64, j=8, data_dir='/datasets/DVSGesture/', "
    "out_dir='./logs', resume=None, amp=True, cupy=True, opt='adam', momentum=0.9, lr=0.001, channels=128)",
    './logs/T16_b16_adam_lr0.001_c128_amp_cupy',
    'epoch = 1, train_loss = 0.0463, train_acc = 0.6036, test_loss = 0.0439, test_acc = 0.6319, max_test_acc = 0.6319',
    'train speed = 101.5938 images/s, test speed = 120.5184 images/s',
    'escape time = 2022-05-25 21:30:48',
    '',
    "Namespace(T=16, device='cuda:0', b=16, epochs=64, j=8, data_dir='/datasets/DVSGesture/', "
    "out_dir='./logs', resume=None, amp=True, cupy=True, opt='adam', momentum=0.9, lr=0.001, channels=128)",
    './logs/T16_b16_adam_lr0.001_c128_amp_cupy',
    'epoch = 2, train_loss = 0.0403, train_acc = 0.6678, test_loss = 0.0379, test_acc = 0.6875, max_test_acc = 0.6875',
    'train speed = 101.6987 images/s, test speed = 121.5391 images/s',
    'escape time = 2022-05-25 21:30:50',
    '',
]

# alpha-zero-general's coach in a Dama port (github.com/erdemphl/solving-pawn-dama-with-alphazero @ 39da0b89 :
# outputs/5x5_log.txt, its first 6 lines)
ALPHAZERO_START = [
    '2024-05-16 21:44:56 a4eae8bf3f6b __main__[9078] INFO Loading Dama...',
    '2024-05-16 21:44:56 a4eae8bf3f6b __main__[9078] INFO Loading NNetWrapper...',
    '2024-05-16 21:44:57 a4eae8bf3f6b __main__[9078] WARNING Not loading a checkpoint!',
    '2024-05-16 21:44:57 a4eae8bf3f6b __main__[9078] INFO Loading the Coach...',
    '2024-05-16 21:44:57 a4eae8bf3f6b __main__[9078] INFO Starting the learning process 🎉',
    '2024-05-16 21:44:57 a4eae8bf3f6b Coach[9078] INFO Starting Iter #1 ...',
]

# XGBoost's command line with its GPU plugin (github.com/tks0123456789/boosting_tree_benchmarks @ 2163b20a :
# xgboost/xgboost_gpu_higgs_speed.log, whole)
XGBOOST_OOM = [
    '[03:56:56] 10500000x28 matrix with 294000000 entries loaded from ../data/higgs.train',
    '[03:56:56] boosting round 0, 0 sec elapsed',
    'CUDA error: plugin/updater_gpu/src/device_helpers.cuh(383): out of memory',
]

# LightGBM's GPU trainer on a CPU's OpenCL platform from R (github.com/microsoft/LightGBM @ 01a8c0a9 :
# docs/GPU-Targets.rst, the third `code:: r` block, its lines 15-28)
LIGHTGBM_OPENCL = [
    '    +                    learning_rate = 1,',
    '    +                    early_stopping_rounds = 10)',
    '    [LightGBM] [Info] This is the GPU trainer!!',
    '    [LightGBM] [Info] Total Bins 232',
    '    [LightGBM] [Info] Number of data: 6513, number of used features: 116',
    '    [LightGBM] [Info] Using requested OpenCL platform 1 device 0',
    '    [LightGBM] [Info] Using GPU Device: Intel(R) Core(TM) i7-4600U CPU @ 2.10GHz, Vendor: Intel(R) Corporation',
    '    [LightGBM] [Info] Compiling OpenCL Kernel with 16 bins...',
    '    terminate called after throwing an instance of '
    "'boost::exception_detail::clone_impl<boost::exception_detail::error_info_injector<boost::compute::op"
    "encl_error> >'",
    '      what():  Invalid Program',
    '',
    '    This application has requested the Runtime to terminate it in an unusual way.',
    "    Please contact the application's support team for more information.",
    '',
]


def test_knitrs_output_marks_are_taken_off_its_lines(tmp_path: Path) -> None:
    """`#> epoch 0  | loss: 0.42906 | ...`: knitr's `#>` before each line of output, taken off as a comment's `# ` is (the
    log was refused)."""
    parser, steps, _ = _read(tmp_path, KNITR_TABNET)
    assert parser == "generic_log"
    assert [(s["step"], s["loss"]) for s in steps] == [
        (int(m[1]), float(m[2])) for t in KNITR_TABNET if (m := re.match(r"#> epoch (\d+) +\| loss: ([\d.]+) \|", t))]
    assert len(steps) == 6


def test_a_log_quoted_in_markdown_is_read_without_its_marks(tmp_path: Path) -> None:
    """Every line opening with `> ` under the block's indent: Keras' epochs, each its 938 steps at its `436ms/step` (the
    file was claimed by Keras' reader with no epoch read)."""
    parser, steps, _ = _read(tmp_path, QUOTED_KERAS)
    assert parser == "keras"
    epochs = [int(m[1]) for t in QUOTED_KERAS if (m := re.match(r" +> Epoch (\d+)/50$", t))]
    per_step = [int(m[1]) / 1000 for t in QUOTED_KERAS if (m := re.search(r"938/938 \[=+\] - \d+s (\d+)ms/step ", t))]
    assert [s["step"] for s in steps] == epochs[:len(per_step)]
    assert [round(s["step_time_s"], 6) for s in steps] == [round(938 * t, 6) for t in per_step]


def test_an_estimates_date_dates_no_line(tmp_path: Path) -> None:
    """SpikingJelly's `escape time = 2022-05-25 21:31:54`, when it estimates its run will end (the next epoch's estimate
    is earlier): no clock of the log's (it dated the run's start, and each epoch's end)."""
    _, steps, events = _read(tmp_path, SPIKINGJELLY_EPOCHS)
    assert [s["step"] for s in steps] == [int(m[1]) for t in SPIKINGJELLY_EPOCHS if (m := re.match(r"epoch = (\d+), ", t))]
    assert {s["end_ns"] for s in steps} == {None}
    assert all(e["ts_ns"] is None for e in events)


def test_not_loading_a_checkpoint_is_no_load(tmp_path: Path) -> None:
    """alpha-zero-general's `WARNING Not loading a checkpoint!`: no load (it was one begun)."""
    _, _, events = _read(tmp_path, ALPHAZERO_START)
    assert [e["kind"] for e in events if e["kind"].startswith("checkpoint")] == []


def test_a_cuda_out_of_memory_with_its_sources_place_is_an_oom(tmp_path: Path) -> None:
    """`CUDA error: plugin/updater_gpu/src/device_helpers.cuh(383): out of memory` after XGBoost's `[03:56:56] boosting
    round 0, 0 sec elapsed`: an out-of-memory failure at its line (the log was refused)."""
    parser, _, events = _read(tmp_path, XGBOOST_OOM)
    assert parser == "generic_log"
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "oom"] == [
        ("oom", next(i for i, t in enumerate(XGBOOST_OOM, 1) if t.endswith(": out of memory")))]


def test_a_native_exception_of_a_template_type_is_a_crash(tmp_path: Path) -> None:
    """`terminate called after throwing an instance of 'boost::...<boost::compute::opencl_error> >'` (a template's type
    with its space): a crash at its line (the log was refused: no failure read)."""
    _, _, events = _read(tmp_path, LIGHTGBM_OPENCL, parser_name="generic_log")
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [
        ("crash", next(i for i, t in enumerate(LIGHTGBM_OPENCL, 1) if "terminate called after throwing" in t))]


# CatBoost on a GPU with an AUC to watch, its console's tabs turned to spaces (a boostcamp DKT project's README, index id
# 26711157003, its "Run OutPut" block's lines 6-12)
CATBOOST_SPACED = [
    '    --------------- CatBoost Train   ---------------',
    '    Default metric period is 5 because AUC is/are not implemented for GPU',
    '    0:      test: 0.7258499 best: 0.7258499 (0)     total: 46.9ms   remaining: 46.9s',
    '    100:    test: 0.7436019 best: 0.7436305 (98)    total: 6.03s    remaining: 53.7s',
    '    200:    test: 0.7440670 best: 0.7443389 (168)   total: 12.1s    remaining: 48s',
    '    bestTest = 0.7443389297',
    '    bestIteration = 168',
]

# CatBoost on a GPU in a notebook's first fold (a Russian insurance cross-sell notebook's nbconvert copy, index id
# 25477478413, the output of its "простой CatBoost" section, lines 7-17)
CATBOOST_TEST_ONLY = [
    '    Default metric period is 5 because AUC is/are not implemented for GPU',
    '    ',
    '',
    '    0:\ttest: 0.8616198\tbest: 0.8616198 (0)\ttotal: 54.1ms\tremaining: 2m 42s',
    '    1000:\ttest: 0.8860235\tbest: 0.8860244 (998)\ttotal: 25.3s\tremaining: 50.6s',
    '    2000:\ttest: 0.8865267\tbest: 0.8865294 (1989)\ttotal: 48s\tremaining: 24s',
    '    2999:\ttest: 0.8866575\tbest: 0.8866630 (2977)\ttotal: 1m 10s\tremaining: 0us',
    '    bestTest = 0.8866629601',
    '    bestIteration = 2977',
    '    Shrink model to first 2978 iterations.',
    '      Fold 2/5',
]


def test_catboosts_lines_with_no_learning_metric_are_its_iterations(tmp_path: Path) -> None:
    """On a GPU with an AUC, CatBoost prints no `learn:` (`0:\ttest: 0.8616198\tbest: ... total: 54.1ms\tremaining: ...`);
    a copy turns its tabs to spaces (`100:    test: ...`, read as rank 100's line): each its iteration, timed by its
    `total` since the one before (both logs were refused)."""
    for n, lines in enumerate((CATBOOST_SPACED, CATBOOST_TEST_ONLY)):
        (tmp_path / str(n)).mkdir()
        parser, steps, _ = _read(tmp_path / str(n), lines)
        assert parser == "generic_log"
        want = [int(m[1]) for t in lines if (m := re.match(r" +(\d+):\s+test: ", t))]
        assert len(want) >= 3
        assert [(s["step"], s["rank"], s["loss"]) for s in steps] == [(i, None, None) for i in want]
    totals = [float(m[1]) / (1000 if m[2] == "ms" else 1) for t in CATBOOST_SPACED
              if (m := re.search(r"total: ([\d.]+)(ms|s) ", t))]
    _, steps, _ = _read(tmp_path / "0", CATBOOST_SPACED)
    assert [round(s["step_time_s"], 6) for s in steps[1:]] == [round((b - a) / 100, 6) for a, b in pairwise(totals)]


# PaddleDetection's BlazeFace trainer in an AI Studio notebook, stopped by hand after its first step line (index id
# 8299521958, the cell's 7-line output, its notebook indent kept)
PADDLEDET_ONE_STEP = [
    '    /opt/conda/envs/python35-paddle120-env/lib/python3.7/site-packages/paddle/tensor/creation.py:130'
    ': DeprecationWarning: `np.object` is a deprecated alias for the builtin `object`. To silence this '
    'warning, use `object` by itself. Doing this will not modify any behavior and is safe. ',
    '    Deprecated in NumPy 1.20; for more details and guidance: '
    'https://numpy.org/devdocs/release/1.20.0-notes.html#deprecations',
    '      if data.dtype == np.object:',
    '    W0609 12:53:37.366803   670 device_context.cc:447] Please NOTE: device: 0, GPU Compute '
    'Capability: 7.0, Driver API Version: 11.2, Runtime API Version: 10.1',
    '    W0609 12:53:37.371167   670 device_context.cc:465] device: 0, cuDNN Version: 7.6.',
    '    [06/09 12:53:39] ppdet.engine INFO: Epoch: [0] [   0/1610] learning_rate: 0.000333 loss: '
    '51.889172 eta: 2 days, 17:44:45 batch_cost: 0.1470 data_cost: 0.0002 ips: 54.4183 images/s',
    '    ^C',
]

# PaddleGAN's GFPGAN trainer's one iteration shown in its tutorial, then its evaluation (a stored copy of
# PaddlePaddle/PaddleGAN docs/en_US/tutorials/gfpgan.md, index id 22537466033, the training log block, whole)
PADDLEGAN_ONE_STEP = [
    '[09/15 13:14:57] ppgan.engine.trainer INFO: Iter: 210000/800000 lr: 2.000e-03 l_g_pix: 0.012 l_p_8: '
    '0.000 l_p_16: 0.000 l_p_32: 0.000 l_p_64: 0.000 l_p_128: 0.000 l_p_256: 0.000 l_p_512: 0.000 '
    'l_g_percep: 9.977 l_g_style: 1.725 l_g_gan: 0.301 l_g_gan_left_eye: 0.731 l_g_gan_right_eye: 0.848 '
    'l_g_gan_mouth: 0.898 l_g_comp_style_loss: 1.014 l_identity: 0.502 l_d: 0.517 real_score: 0.574 '
    'fake_score: -2.958 l_d_left_eye: 1.450 l_d_right_eye: 1.382 l_d_mouth: 1.266 l_d_r1: 4.474 '
    'batch_cost: 1.12074 sec reader_cost: 0.00216 sec ips: 2.67681 images/s eta: 7 days, 15:40:36',
    '[09/15 13:14:58] ppgan.engine.trainer INFO: Test iter: [0/252]',
    '[09/15 13:15:00] ppgan.engine.trainer INFO: Test iter: [4/252]',
    '[09/15 13:15:01] ppgan.engine.trainer INFO: Test iter: [8/252]',
    '[09/15 13:15:02] ppgan.engine.trainer INFO: Test iter: [12/252]',
    '',
    '[09/15 13:15:58] ppgan.engine.trainer INFO: Test iter: [248/252]',
    '[09/15 13:15:59] ppgan.engine.trainer INFO: Metric psnr: 65.0461',
    '[09/15 13:16:13] ppgan.engine.trainer INFO: Metric fid: 36.8068',
    '[09/15 13:16:14] ppgan.engine.trainer INFO: Metric LPIPS: 0.3817',
]

# YOLOX's run on VOC in Colab, its end: the last evaluation, its save and its word that training is done (a README's
# "最佳实验结果" block, index id 46356849143, its last 8 lines)
YOLOX_END = [
    'map_5095: 0.5424730153762637',
    'map_50: 0.890143085180931',
    '--------------------------------------------------------------',
    '2023-08-07 19:25:00 | INFO     | yolox.core.trainer:354 - ',
    'Average forward time: 4.84 ms, Average NMS time: 0.86 ms, Average inference time: 5.70 ms',
    '',
    '2023-08-07 19:25:00 | INFO     | yolox.core.trainer:364 - Save weights to ./YOLOX_outputs/yolox_voc_s',
    '2023-08-07 19:25:03 | INFO     | yolox.core.trainer:195 - Training of experiment is done and the best AP is 54.25',
]


def test_one_paddle_suite_step_line_with_its_batch_cost_claims_the_log(tmp_path: Path) -> None:
    """PaddleDetection's `ppdet.engine INFO: Epoch: [0] [   0/1610] ... batch_cost: 0.1470 ...`, then `^C`; PaddleGAN's
    `ppgan.engine.trainer INFO: Iter: 210000/800000 ... batch_cost: 1.12074 sec ...`, then its evaluation: each one step
    line, printed every `log_iter` iterations (both logs were refused: two step lines were needed)."""
    parser, steps, events = _read(tmp_path, PADDLEDET_ONE_STEP)
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(0, 0.147)]
    assert [(e["kind"], e["line"]) for e in events if e["kind"] == "crash"] == [("crash", len(PADDLEDET_ONE_STEP))]
    (tmp_path / "gan").mkdir()
    parser, steps, _ = _read(tmp_path / "gan", PADDLEGAN_ONE_STEP)
    assert parser == "generic_log"
    assert [(s["step"], s["step_time_s"]) for s in steps] == [
        (int(m[1]), float(m[2])) for t in PADDLEGAN_ONE_STEP
        if (m := re.search(r"INFO: Iter: (\d+)/800000 .* batch_cost: ([\d.]+) sec", t))]


def test_a_dated_consoles_word_that_training_is_done_claims_it(tmp_path: Path) -> None:
    """YOLOX's tail, `Save weights to ./YOLOX_outputs/yolox_voc_s` then `Training of experiment is done and the best AP is
    54.25`, no iteration line: a save and the run's clean end (the log was refused)."""
    parser, steps, events = _read(tmp_path, YOLOX_END)
    assert parser == "generic_log" and steps == []
    assert [(e["kind"], e["line"]) for e in events if e["kind"] != "attempt_start"] == [
        ("checkpoint_save_start", next(i for i, t in enumerate(YOLOX_END, 1) if " - Save weights to " in t)),
        ("attempt_end", next(i for i, t in enumerate(YOLOX_END, 1) if "Training of experiment is done" in t))]


# a closed-form continuous-time network through PyTorch, its output quoted in the docs (github.com/mlech26l/ncps @
# 0e9406c2 : docs/examples/atari_torch.rst, the last `code-block:: text` block, its first 9 lines)
QUOTED_TORCH_BARS = [
    '    > loss=0.4349: 100%|██████████| 938/938 [01:35<00:00,  9.83it/s]',
    '    > Epoch 1, val_loss=1.67, val_acc=31.94%',
    '    > Mean return 0.2 (n=10)',
    '    > loss=0.2806: 100%|██████████| 938/938 [01:30<00:00, 10.33it/s]',
    '    > Epoch 2, val_loss=0.43, val_acc=83.51%',
    '    > Mean return 3.7 (n=10)',
    '    > loss=0.223: 100%|██████████| 938/938 [01:31<00:00, 10.30it/s]',
    '    > Epoch 3, val_loss=0.2349, val_acc=91.43%',
    '    > Mean return 4.9 (n=10)',
]


def test_loss_bars_before_each_epochs_line_are_those_epochs(tmp_path: Path) -> None:
    """`loss=0.4349: 100%|...| 938/938 [01:35<00:00,  9.83it/s]`, then `Epoch 1, val_loss=1.67, ...`: each bar the epoch
    whose line follows it, its 938 batches at its rate (the bars were refused, `loss=...:` no loss's description; read,
    the first was lost and each counted an epoch short)."""
    _, steps, _ = _read(tmp_path, QUOTED_TORCH_BARS)
    bars = [(float(m[1]), int(m[2]), float(m[3])) for t in QUOTED_TORCH_BARS
            if (m := re.search(r"> loss=([\d.]+): 100%\|\S+\| (\d+)/\d+ \[[\d:<]+, +([\d.]+)it/s\]", t))]
    assert len(bars) == 3
    assert [(s["step"], s["loss"], round(s["step_time_s"], 9)) for s in steps] == [
        (k * n, loss, round(1 / rate, 9)) for k, (loss, n, rate) in enumerate(bars, 1)]


# AutoGluon 0.2's TabularPredictor.fit, its last models (a Chinese note on AutoGluon, index id 10828204535, lines 65-97 of
# its fit's output block)
AUTOGLUON_FIT = [
    'Fitting model: CatBoost ...',
    '\t0.84\t = Validation accuracy score',
    '\t0.87s\t = Training runtime',
    '\t0.03s\t = Validation runtime',
    'Fitting model: ExtraTreesGini ...',
    '\t0.82\t = Validation accuracy score',
    '\t1.35s\t = Training runtime',
    '\t0.14s\t = Validation runtime',
    'Fitting model: ExtraTreesEntr ...',
    '\t0.82\t = Validation accuracy score',
    '\t1.49s\t = Training runtime',
    '\t0.23s\t = Validation runtime',
    'Fitting model: NeuralNetFastAI ...',
    '\tWarning: Exception caused NeuralNetFastAI to fail during training... Skipping this model.',
    '\t\tCUDA error: out of memory',
    'Fitting model: XGBoost ...',
    '\t0.85\t = Validation accuracy score',
    '\t152.17s\t = Training runtime',
    '\t0.02s\t = Validation runtime',
    'Fitting model: NeuralNetMXNet ...',
    '\t0.84\t = Validation accuracy score',
    '\t9.57s\t = Training runtime',
    '\t0.59s\t = Validation runtime',
    'Fitting model: LightGBMLarge ...',
    '\t0.83\t = Validation accuracy score',
    '\t745.44s\t = Training runtime',
    '\t0.01s\t = Validation runtime',
    'Fitting model: WeightedEnsemble_L2 ...',
    '\t0.85\t = Validation accuracy score',
    '\t0.27s\t = Training runtime',
    '\t0.0s\t = Validation runtime',
    'AutoGluon training complete, total runtime = 1460.95s ...',
    'TabularPredictor saved. To load, use: predictor = TabularPredictor.load("agModels-predictClass/")',
]

# a W&B sweep agent's stderr under Slurm, its first run failing as JAX finds no GPU (github.com/Arnie-He/BLPO @ ac12e2a1 :
# RBC_job_7785646.e, its first 54 lines)
WANDB_SWEEP = [
    'wandb: Using wandb-core as the SDK backend.  Please refer to https://wandb.me/wandb-core for more information.',
    'wandb: Sweep Agent: Waiting for job.',
    'wandb: Job received.',
    'wandb: Agent Starting Run: eunst3cc with config:',
    'wandb: \tACTIVATION: tanh',
    'wandb: \tANNEAL_LR: False',
    'wandb: \tCLIP_EPS: 0.2',
    'wandb: \tCLIP_F: 1.2',
    'wandb: \tDEBUG: True',
    'wandb: \tENT_COEF: 0',
    'wandb: \tENV_NAME: humanoid',
    'wandb: \tGAE_LAMBDA: 0.95',
    'wandb: \tGAMMA: 0.99',
    'wandb: \tGroup: sweep0',
    'wandb: \tIHVP_BOUND: 1.4',
    'wandb: \tNORMALIZE_ENV: True',
    'wandb: \tNUM_ENVS: 32',
    'wandb: \tNUM_MINIBATCHES: 32',
    'wandb: \tNUM_STEPS: 640',
    'wandb: \tSEED: 0',
    'wandb: \tTOTAL_TIMESTEPS: 20000000',
    'wandb: \tUPDATE_EPOCHS: 4',
    'wandb: \tVF_COEF: 0.5',
    'wandb: \tactor-LR: 0.0003',
    'wandb: \tcritic-LR: 0.0012',
    'wandb: \tnested_updates: 5',
    'wandb: \tnystrom_rank: 5',
    'wandb: \tnystrom_rho: 50',
    'wandb: \tvanilla: False',
    'wandb: Currently logged in as: arniehe2004 (rl-power). Use `wandb login --relogin` to force relogin',
    'wandb: Tracking run with wandb version 0.19.1',
    'wandb: Run data is saved locally in /oscar/home/nhe6/Documents/HyperGradient-RL/wandb/run-20250126_144302-eunst3cc',
    'wandb: Run `wandb offline` to turn off syncing.',
    'wandb: Syncing run dulcet-sweep-1',
    'wandb: ⭐️ View project at https://wandb.ai/rl-power/hopper-sweep',
    'wandb: 🧹 View sweep at https://wandb.ai/rl-power/hopper-sweep/sweeps/sp1jvwdo',
    'wandb: 🚀 View run at https://wandb.ai/rl-power/hopper-sweep/runs/eunst3cc',
    '2025-01-26 14:43:03.477808: E external/xla/xla/stream_executor/cuda/'
    'cuda_driver.cc:266] failed call to cuInit: CUDA_ERROR_NO_DEVICE: no CUDA-capable device is detected',
    'wandb:                                                                                ',
    'wandb: 🚀 View run dulcet-sweep-1 at: https://wandb.ai/rl-power/hopper-sweep/runs/eunst3cc',
    'wandb: ⭐️ View project at: https://wandb.ai/rl-power/hopper-sweep',
    'wandb: Synced 5 W&B file(s), 0 media file(s), 0 artifact file(s) and 0 other file(s)',
    'wandb: Find logs at: ./wandb/run-20250126_144302-eunst3cc/logs',
    'Run eunst3cc errored:',
    'Traceback (most recent call last):',
    '  File "/oscar/home/nhe6/Documents/HyperGradient-RL/jax.venv/lib64/python3.9/site-packages/jax/_src/'
    'xla_bridge.py", line 879, in backends',
    '    backend = _init_backend(platform)',
    '  File "/oscar/home/nhe6/Documents/HyperGradient-RL/jax.venv/lib64/python3.9/site-packages/jax/_src/'
    'xla_bridge.py", line 970, in _init_backend',
    '    backend = registration.factory()',
    '  File "/oscar/home/nhe6/Documents/HyperGradient-RL/jax.venv/lib64/python3.9/site-packages/jax/_src/'
    'xla_bridge.py", line 668, in factory',
    '    return xla_client.make_c_api_client(plugin_name, updated_options, None)',
    '  File "/oscar/home/nhe6/Documents/HyperGradient-RL/jax.venv/lib64/python3.9/site-packages/jaxlib/'
    'xla_client.py", line 200, in make_c_api_client',
    '    return _xla.get_c_api_client(plugin_name, options, distributed_client)',
    'jaxlib.xla_extension.XlaRuntimeError: FAILED_PRECONDITION: No visible GPU devices.',
]


def test_a_models_failure_autogluon_caught_and_skipped_is_no_runs(tmp_path: Path) -> None:
    """`Warning: Exception caused NeuralNetFastAI to fail during training... Skipping this model.`, then `CUDA error: out
    of memory`, then `Fitting model: XGBoost ...` and on to `AutoGluon training complete, ...`: no failure, a clean end
    (the OOM was a crash, the run's end taken back); its models' fitting claims the log (it was refused)."""
    parser, _, events = _read(tmp_path, AUTOGLUON_FIT)
    assert parser == "generic_log"
    assert [(e["kind"], e["line"]) for e in events] == [
        ("attempt_end", next(i for i, t in enumerate(AUTOGLUON_FIT, 1) if t.startswith("AutoGluon training complete")))]


def test_a_wandb_sweep_agents_console_whose_run_errored_is_read(tmp_path: Path) -> None:
    """`wandb: Agent Starting Run: eunst3cc with config:`, then `Run eunst3cc errored:` and its traceback: a failed run's
    console (it was refused: no step line)."""
    parser, _, events = _read(tmp_path, WANDB_SWEEP)
    assert parser == "generic_log"
    assert [e["line"] for e in events if e["kind"] == "crash"][:1] == [
        next(i for i, t in enumerate(WANDB_SWEEP, 1) if t == "Traceback (most recent call last):")]
