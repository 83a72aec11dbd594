"""Line rules found on consoles of legacy and non-Python trainers (Caffe, darknet, LibTorch, DL4J through sbt),
TensorFlow's Estimator, hyperparameter searches (Optuna, Ray Tune), re-identification, knowledge-graph embeddings,
image restoration and chemistry: the sets of public logs gathered for them. Each block quotes its source and the
lines; each test's figures are read by hand from them."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import console_connection
from tests.test_line_rules import _absl_s, _ns, _read
from tests.test_line_rules_cloud_jobs import TF_CNN_BENCHMARKS_HOROVOD
from tests.test_line_rules_unusual_families import DGLKE_END
from tracelens.errors import ParseError
from tracelens.parsers import ParseOptions, registry

# deep-person-reid's (torchreid) engine, a whole run's console as a blog post quotes it (iShoto/testpy @
# 803eafee361f5332576330d1b2dd767fac630340, codes/20200215_torchreid/docs/article - hatena.md, the stdout block from
# `=> Start training` to its end; its author's `...` between the first epoch's lines and the last's)
TORCHREID_TAIL = [
    '=> Start training',
    ('Epoch: [1/1][10/404]    Time 0.188 (0.833)      Data 0.000 (0.505)      Loss 6.7096 (6.7458)   '
     ' Acc 0.00 (0.62) Lr 0.000300     eta 0:05:28'),
    ('Epoch: [1/1][20/404]    Time 0.190 (0.511)      Data 0.001 (0.253)      Loss 6.7111 (6.8223)   '
     ' Acc 0.00 (0.94) Lr 0.000300     eta 0:03:16'),
    ('Epoch: [1/1][30/404]    Time 0.187 (0.404)      Data 0.001 (0.169)      Loss 6.6187 (6.7905)   '
     ' Acc 0.00 (1.15) Lr 0.000300     eta 0:02:31'),
    '...',
    ('Epoch: [60/60][380/404] Time 0.188 (0.202)      Data 0.000 (0.013)      Loss 1.0709 (1.0722)   '
     ' Acc 100.00 (99.99)      Lr 0.000003     eta 0:00:04'),
    ('Epoch: [60/60][390/404] Time 0.196 (0.202)      Data 0.001 (0.013)      Loss 1.0650 (1.0722)   '
     ' Acc 100.00 (99.98)      Lr 0.000003     eta 0:00:02'),
    ('Epoch: [60/60][400/404] Time 0.194 (0.202)      Data 0.000 (0.012)      Loss 1.0691 (1.0722)   '
     ' Acc 100.00 (99.98)      Lr 0.000003     eta 0:00:00'),
    '=> Final test',
    '##### Evaluating market1501 (source) #####',
    'Extracting features from query set ...',
    'Done, obtained 3368-by-2048 matrix',
    'Extracting features from gallery set ...',
    'Done, obtained 15913-by-2048 matrix',
    'Speed: 0.0236 sec/batch',
    'Computing distance matrix with metric=euclidean ...',
    'Computing CMC and mAP ...',
    '** Results **',
    'mAP: 68.4%',
    'CMC curve',
    'Rank-1  : 85.2%',
    'Rank-5  : 93.6%',
    'Rank-10 : 95.9%',
    'Rank-20 : 97.3%',
    'Checkpoint saved to "../experiments/models/checkpoints/model.pth.tar-60"',
    '',
    'Elapsed 1:45:48',
]


def test_torchreids_elapsed_clock_ends_its_run_and_says_how_long(tmp_path: Path) -> None:
    """`Elapsed 1:45:48`, the engine's last word as `run` returns (after its final test and save): the run's end,
    1 h 45 min 48 s of it (the file was read with no end)."""
    _, steps, events = _read(tmp_path, TORCHREID_TAIL)
    assert len(steps) == sum(1 for t in TORCHREID_TAIL if t.startswith("Epoch: ["))
    elapsed = TORCHREID_TAIL.index("Elapsed 1:45:48") + 1
    assert [(e["line"], e["duration_s"]) for e in events if e["kind"] == "attempt_end"] == [
        (elapsed, 1 * 3600 + 45 * 60 + 48)]


# DGL-KE's `dglke_train` at its run's end (DGLKE_END, quoted in test_line_rules_unusual_families.py: the search index's
# file id 30649309063, a README titled "KGR"): each worker's time, then the training's, then the save


def test_dglkes_training_takes_line_ends_the_run(tmp_path: Path) -> None:
    """`training takes 874.0371513366699 seconds`, printed once the workers have joined: the run's end, its training
    874.04 s long (the run's end was `unknown`); `proc 0 takes 869.088 seconds`, one worker's, is none."""
    _, _, events = _read(tmp_path, DGLKE_END)
    ends = [(e["line"], e["duration_s"]) for e in events if e["kind"] == "attempt_end"]
    assert ends == [(DGLKE_END.index("training takes 874.0371513366699 seconds") + 1, 874.0371513366699)]


# pytorch/examples' C++ DCGAN (LibTorch), its README's run (pytorch/examples @ 537ccd918e64f186866af4f497796860ca82c56f,
# cpp/dcgan/README.md, the `$ ./dcgan` block): `[epoch/epochs][batch/batches]`, both counted from 1, and a checkpoint
# written every 200 batches
CPP_DCGAN = [
    '$ ./dcgan',
    '[ 1/30][200/938] D_loss: 0.4953 | G_loss: 4.0195',
    '-> checkpoint 1',
    '[ 1/30][400/938] D_loss: 0.3610 | G_loss: 4.8148',
    '-> checkpoint 2',
    '[ 1/30][600/938] D_loss: 0.4072 | G_loss: 4.36760',
    '-> checkpoint 3',
    '[ 1/30][800/938] D_loss: 0.4444 | G_loss: 4.0250',
    '-> checkpoint 4',
    '[ 2/30][200/938] D_loss: 0.3761 | G_loss: 3.8790',
    '-> checkpoint 5',
    '[ 2/30][400/938] D_loss: 0.3977 | G_loss: 3.3315',
    '-> checkpoint 6',
    '[ 2/30][600/938] D_loss: 0.3815 | G_loss: 3.5696',
    '-> checkpoint 7',
    '[ 2/30][800/938] D_loss: 0.4039 | G_loss: 3.2759',
    '-> checkpoint 8',
    '[ 3/30][200/938] D_loss: 0.4236 | G_loss: 4.5132',
    '-> checkpoint 9',
    '[ 3/30][400/938] D_loss: 0.3645 | G_loss: 3.9759',
    '-> checkpoint 10',
    '...',
]


def test_libtorchs_dcgan_counts_its_batches_from_one_and_says_each_checkpoint_written(tmp_path: Path) -> None:
    """`[ 2/30][200/938] D_loss: ...`: epoch 2's batch 200 of 938, the run's batch 938 + 200 = 1138 (the file was
    refused: the padded counts and `D_loss:` not read); `-> checkpoint 5`, printed once the models are written: a
    save's end."""
    _, steps, events = _read(tmp_path, CPP_DCGAN)
    printed = [(int(m[1]), int(m[2]), int(m[3])) for t in CPP_DCGAN
               if (m := re.match(r"\[ ?(\d+)/30\]\[(\d+)/(\d+)\]", t))]
    assert [s["step"] for s in steps] == [(epoch - 1) * per_epoch + batch for epoch, batch, per_epoch in printed] == [
        200, 400, 600, 800, 1138, 1338, 1538, 1738, 2076, 2276]
    saves = [i for i, t in enumerate(CPP_DCGAN, 1) if t.startswith("-> checkpoint ")]
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == saves and len(saves) == 10


# A DL4J trainer run through sbt, its README's sample output (eltherion/dl4j-captcha-breaker-example, README.md, the
# sample-output block; the search index's file id 51632406259): the run's last epochs, the author's `[...]`, and
# sbt's verdict on the `run` it ran
DL4J_SBT = [
    ('00:44:59.004 [run-main-0] INFO com.datart.captcha_breaker.examples.dl4j.trainer.ModelTrainerImp'
     'l - Starting learning model...'),
    ('00:44:59.009 [run-main-0] INFO com.datart.captcha_breaker.examples.dl4j.trainer.ModelTrainerImp'
     'l - Epoch number: 0/400.'),
    '00:44:59.163 [ADSI prefetch thread] DEBUG org.nd4j.linalg.memory.abstracts.Nd4jWorkspace - Steps: 5',
    ('00:44:59.291 [run-main-0] INFO org.deeplearning4j.optimize.listeners.ScoreIterationListener - S'
     'core at iteration 0 is 3.5982189178466797'),
    ('00:45:09.677 [run-main-0] DEBUG org.deeplearning4j.datasets.iterator.AsyncDataSetIterator - Man'
     'ually destroying ADSI workspace'),
    ('00:45:09.678 [run-main-0] INFO com.datart.captcha_breaker.examples.dl4j.trainer.ModelTrainerImp'
     'l - Epoch number: 1/400.'),
    '[...]',
    ('01:22:55.103 [run-main-0] INFO com.datart.captcha_breaker.examples.dl4j.trainer.ModelTrainerImp'
     'l - Epoch number: 399/400.'),
    '01:22:55.104 [ADSI prefetch thread] DEBUG org.nd4j.linalg.memory.abstracts.Nd4jWorkspace - Steps: 5',
    ('01:22:56.977 [run-main-0] INFO org.deeplearning4j.optimize.listeners.ScoreIterationListener - S'
     'core at iteration 129000 is 0.016332276165485382'),
    ('01:22:59.836 [run-main-0] DEBUG org.deeplearning4j.datasets.iterator.AsyncDataSetIterator - Man'
     'ually destroying ADSI workspace'),
    ('01:22:59.836 [run-main-0] INFO com.datart.captcha_breaker.examples.dl4j.trainer.ModelTrainerImp'
     'l - Learning model finished.'),
    ('01:23:00.467 [run-main-0] INFO com.datart.captcha_breaker.examples.dl4j.Main$ - Trained model a'
     'ccuracy on testing set is: 0.9461873638344227.'),
    ('01:23:16.964 [run-main-0] INFO com.datart.captcha_breaker.examples.dl4j.Main$ - Trained model a'
     'ccuracy on testing set of captcha images (5 alphanums) is: 0.23 (230/1000 correctly predicted).'),
    '[success] Total time: 2454 s, completed Apr 15, 2019, 1:23:17 AM',
]


def test_sbts_success_verdict_ends_the_jvm_run_it_ran(tmp_path: Path) -> None:
    """`[success] Total time: 2454 s, completed Apr 15, 2019, 1:23:17 AM`: the command sbt ran returned clean, the
    run's end (it was `unknown`, stopped without a word)."""
    con = console_connection(tmp_path, DL4J_SBT)
    verdict = next(i for i, t in enumerate(DL4J_SBT, 1) if t.startswith("[success] Total time: "))
    assert con.execute("select line from log_events where kind = 'attempt_end'").fetchall() == [(verdict,)]
    assert con.execute("select end_reason from attempts").fetchall() == [("completed",)]


def test_sbts_error_verdict_is_a_failure(tmp_path: Path) -> None:
    """sbt's `[error]` verdict (the same line, the command failed: a tiny malformed twin of the quoted one) is a
    crash, not an end."""
    lines = [t.replace("[success]", "[error]") for t in DL4J_SBT]
    _, _, events = _read(tmp_path, lines)
    assert [e["kind"] for e in events if e["kind"] in ("crash", "attempt_end")] == ["crash"]


# hipCaffe's CIFAR10_quick on an AMD GPU (aieater/rocm_caffe_informations @ 53a8e1f2c8927d0a0fc3f0b6f826c17ae3dc2155,
# README.md, the "CIFAR10" block, its lines 804-818): the solver's step line, its net's output, then the SGD
# solver's learning rate for the same iteration
CAFFE_SGD = [
    'I0331 11:06:34.719099 24302 caffe.cpp:251] Starting Optimization',
    'I0331 11:06:34.719105 24302 solver.cpp:279] Solving CIFAR10_quick',
    'I0331 11:06:34.719110 24302 solver.cpp:280] Learning Rate Policy: fixed',
    'I0331 11:06:34.719523 24302 solver.cpp:337] Iteration 0, Testing net (#0)',
    'I0331 11:06:34.916335 24302 solver.cpp:404]     Test net output #0: accuracy = 0.0963',
    ('I0331 11:06:34.916357 24302 solver.cpp:404]     Test net output #1: loss = 2.3027 (* 1 = 2.3027'
     ' loss)'),
    'I0331 11:06:34.923990 24302 solver.cpp:228] Iteration 0, loss = 230.337',
    ('I0331 11:06:34.924002 24302 solver.cpp:244]     Train net output #0: loss = 2.30337 (* 1 = 2.30'
     '337 loss)'),
    'I0331 11:06:34.924007 24302 sgd_solver.cpp:106] Iteration 0, lr = 0.001',
    'I0331 11:06:35.254720 24302 solver.cpp:228] Iteration 100, loss = 1.69312',
    ('I0331 11:06:35.254740 24302 solver.cpp:244]     Train net output #0: loss = 1.69312 (* 1 = 1.69'
     '312 loss)'),
    'I0331 11:06:35.254745 24302 sgd_solver.cpp:106] Iteration 100, lr = 0.001',
    'I0331 11:06:35.590265 24302 solver.cpp:228] Iteration 200, loss = 1.70744',
    ('I0331 11:06:35.590287 24302 solver.cpp:244]     Train net output #0: loss = 1.70743 (* 1 = 1.70'
     '743 loss)'),
    'I0331 11:06:35.590291 24302 sgd_solver.cpp:106] Iteration 200, lr = 0.001',
]


def test_caffes_learning_rate_line_is_its_iterations_not_another_step(tmp_path: Path) -> None:
    """`sgd_solver.cpp:106] Iteration 100, lr = 0.001` after `solver.cpp:228] Iteration 100, loss = 1.69312`: one
    step, 100, its loss and its learning rate (each iteration was two rows, one with the loss, one with the lr)."""
    _, steps, _ = _read(tmp_path, CAFFE_SGD)
    losses = [(int(m[1]), float(m[2])) for t in CAFFE_SGD
              if (m := re.search(r"solver\.cpp:228\] Iteration (\d+), loss = (\S+)", t))]
    rates = {int(m[1]): float(m[2]) for t in CAFFE_SGD
             if (m := re.search(r"sgd_solver\.cpp:106\] Iteration (\d+), lr = (\S+)", t))}
    assert [(s["step"], s["loss"], s["lr"]) for s in steps] == [(step, loss, rates[step]) for step, loss in losses]
    assert len(steps) == 3 and {s["framework"] for s in steps} == {"caffe"}


# tensor2tensor's trainer (TensorFlow 1.15's Estimator) appended to one file across four launches, each message
# printed by python logging and again by absl (EnigmaZhang/NLP @ 1d2e6d17012fe51fdf57ec8c6ad91365e733727b,
# MyNLP/output/train_default.log, lines 827-842: the last launch's end; lines 71-93: the first launch's end and the
# second's start)
T2T_END = [
    'INFO:tensorflow:loss = 4.23082, step = 9800 (2.523 sec)',
    ('I0608 08:33:16.735079 140662724548416 basic_session_run_hooks.py:260] loss = 4.23082, step = 98'
     '00 (2.523 sec)'),
    'INFO:tensorflow:global_step/sec: 40.6737',
    'I0608 08:33:19.192143 140662724548416 basic_session_run_hooks.py:692] global_step/sec: 40.6737',
    'INFO:tensorflow:loss = 4.8111672, step = 9900 (2.458 sec)',
    ('I0608 08:33:19.193276 140662724548416 basic_session_run_hooks.py:260] loss = 4.8111672, step = '
     '9900 (2.458 sec)'),
    'INFO:tensorflow:Saving checkpoints for 10000 into ./output/model.ckpt.',
    ('I0608 08:33:21.636284 140662724548416 basic_session_run_hooks.py:606] Saving checkpoints for 10'
     '000 into ./output/model.ckpt.'),
    ('WARNING:tensorflow:From /home/zhangxiaotiannew/anaconda3/envs/NLP/lib/python3.7/site-packages/t'
     'ensorflow_core/python/training/saver.py:963: remove_checkpoint (from tensorflow.python.training'
     '.checkpoint_management) is deprecated and will be removed in a future version.'),
    'Instructions for updating:',
    'Use standard file APIs to delete files with this prefix.',
    ('W0608 08:33:21.728592 140662724548416 deprecation.py:323] From /home/zhangxiaotiannew/anaconda3'
     '/envs/NLP/lib/python3.7/site-packages/tensorflow_core/python/training/saver.py:963: remove_chec'
     'kpoint (from tensorflow.python.training.checkpoint_management) is deprecated and will be remove'
     'd in a future version.'),
    'Instructions for updating:',
    'Use standard file APIs to delete files with this prefix.',
    'INFO:tensorflow:Loss for final step: 4.721457.',
    'I0608 08:33:22.351781 140662724548416 estimator.py:371] Loss for final step: 4.721457.',
]
T2T_SKIPPED = [
    ("WARNING:tensorflow:Estimator's model_fn (<function T2TModel.make_estimator_model_fn.<locals>.wr"
     'apping_model_fn at 0x7f8bdd9aca70>) includes params argument, but params are not passed to Esti'
     'mator.'),
    ("W0608 08:20:58.482959 140240451675968 model_fn.py:630] Estimator's model_fn (<function T2TModel"
     '.make_estimator_model_fn.<locals>.wrapping_model_fn at 0x7f8bdd9aca70>) includes params argumen'
     't, but params are not passed to Estimator.'),
    'INFO:tensorflow:Skipping training since max_steps has already saved.',
    ('I0608 08:20:58.488113 140240451675968 estimator.py:363] Skipping training since max_steps has a'
     'lready saved.'),
    ('WARNING:tensorflow:From /home/zhangxiaotiannew/anaconda3/lib/python3.7/site-packages/tensorflow'
     '_gan/python/estimator/tpu_gan_estimator.py:42: The name tf.estimator.tpu.TPUEstimator is deprec'
     'ated. Please use tf.compat.v1.estimator.tpu.TPUEstimator instead.'),
    '',
    ('WARNING:tensorflow:From /home/zhangxiaotiannew/anaconda3/lib/python3.7/site-packages/tensorflow'
     '_gan/python/estimator/tpu_gan_estimator.py:42: The name tf.estimator.tpu.TPUEstimator is deprec'
     'ated. Please use tf.compat.v1.estimator.tpu.TPUEstimator instead.'),
    '',
    ('WARNING:tensorflow:From /home/zhangxiaotiannew/anaconda3/bin/t2t-trainer:32: The name tf.loggin'
     'g.set_verbosity is deprecated. Please use tf.compat.v1.logging.set_verbosity instead.'),
    '',
    ('WARNING:tensorflow:From /home/zhangxiaotiannew/anaconda3/bin/t2t-trainer:32: The name tf.loggin'
     'g.set_verbosity is deprecated. Please use tf.compat.v1.logging.set_verbosity instead.'),
    '',
    ('WARNING:tensorflow:From /home/zhangxiaotiannew/anaconda3/bin/t2t-trainer:32: The name tf.loggin'
     'g.INFO is deprecated. Please use tf.compat.v1.logging.INFO instead.'),
    '',
    ('WARNING:tensorflow:From /home/zhangxiaotiannew/anaconda3/bin/t2t-trainer:32: The name tf.loggin'
     'g.INFO is deprecated. Please use tf.compat.v1.logging.INFO instead.'),
    '',
    ('WARNING:tensorflow:From /home/zhangxiaotiannew/anaconda3/bin/t2t-trainer:33: The name tf.app.ru'
     'n is deprecated. Please use tf.compat.v1.app.run instead.'),
    '',
    ('WARNING:tensorflow:From /home/zhangxiaotiannew/anaconda3/bin/t2t-trainer:33: The name tf.app.ru'
     'n is deprecated. Please use tf.compat.v1.app.run instead.'),
    '',
    'INFO:tensorflow:Importing user module usr_dir from path /home/zhangxiaotiannew/NLP/MyNLP',
    ('I0608 08:24:55.797800 140038971324224 usr_dir.py:43] Importing user module usr_dir from path /h'
     'ome/zhangxiaotiannew/NLP/MyNLP'),
    'INFO:tensorflow:Loading hparams from existing json ./output/hparams.json',
]


def test_tensorflows_messages_said_twice_are_one_event_dated_by_absl(tmp_path: Path) -> None:
    """`INFO:tensorflow:Saving checkpoints for 10000 into ...`, then absl's `I0608 08:33:21.636284 ...
    basic_session_run_hooks.py:606] Saving checkpoints for 10000 into ...`: one save (it was two, the first
    undated), at absl's time; `Loss for final step` likewise one end."""
    _, steps, events = _read(tmp_path, T2T_END)
    assert [s["step"] for s in steps] == [9800, 9900]
    save = next(i for i, t in enumerate(T2T_END) if t.startswith("I0608") and "Saving checkpoints for 10000" in t)
    end = next(i for i, t in enumerate(T2T_END) if t.startswith("I0608") and "Loss for final step" in t)
    step = next(i for i, t in enumerate(T2T_END) if t.startswith("I0608") and "step = 9900" in t)
    said = [e for e in events if e["kind"] != "attempt_start"]  # (the first dated line's start aside)
    got = [(e["kind"], e["line"], e["step"]) for e in said]
    assert got == [("checkpoint_save_start", save, 10000), ("attempt_end", end, None)]  # (the first copies' lines)
    last = steps[-1]["end_ns"]
    assert [round((e["ts_ns"] - last) / 1e9, 6) for e in said] == [
        round(_absl_s(T2T_END[save]) - _absl_s(T2T_END[step]), 6), round(_absl_s(T2T_END[end]) - _absl_s(T2T_END[step]), 6)]


def test_estimators_skipped_training_is_its_launchs_clean_end(tmp_path: Path) -> None:
    """`Skipping training since max_steps has already saved.` (said twice, python logging's and absl's): the launch
    returned with nothing to train, a clean end (it was read as a silent stop, the next launch a restart after a
    failure)."""
    _, _, events = _read(tmp_path, T2T_SKIPPED, parser_name="tensorflow")  # (no step in it: claimed by a whole file's)
    skipped = T2T_SKIPPED.index("INFO:tensorflow:Skipping training since max_steps has already saved.")
    assert [(e["line"], e["kind"]) for e in events if e["kind"] == "attempt_end"] == [(skipped + 1, "attempt_end")]
    absl = T2T_SKIPPED[skipped + 1]
    assert absl.endswith("Skipping training since max_steps has already saved.")
    first = next(i for i, t in enumerate(T2T_SKIPPED) if re.match(r"[IWEF]\d{4} ", t))  # (the excerpt's first dated line)
    end = next(e for e in events if e["kind"] == "attempt_end")
    start = next(e for e in events if e["kind"] == "attempt_start" and e["line"] == first + 1)
    assert round((end["ts_ns"] - start["ts_ns"]) / 1e9, 6) == round(_absl_s(absl) - _absl_s(T2T_SKIPPED[first]), 6)


# Optuna's example's summary once the study returned (the search index's file id 28228019806, a README of a text
# classifier's tuning, the same layout as jasoncao11/nlp-notebook's 2-5.DPCNN/README.md): the last trials, then it
OPTUNA_STATISTICS = [
    '[I 2021-04-13 17:40:27,771] Trial 5 pruned. ',
    ("[I 2021-04-13 17:42:18,497] Trial 6 finished with value: 0.9321428571428572 and parameters: {'n"
     "_embedding': 250, 'hidden_size': 124, 'optimizer': 'Adam', 'lr': 0.021200314994974392}. Best is"
     ' trial 1 with value: 0.9542857142857143.'),
    '[I 2021-04-13 17:42:29,568] Trial 7 pruned. ',
    'Study statistics: ',
    '  Number of finished trials:  8',
    '  Number of pruned trials:  2',
    '  Number of complete trials:  6',
    'Best trial:',
]


def test_optunas_study_statistics_end_the_study(tmp_path: Path) -> None:
    """`Study statistics: `, printed once `study.optimize` returned: the run's end (it was `unknown`)."""
    con = console_connection(tmp_path, OPTUNA_STATISTICS)
    said = OPTUNA_STATISTICS.index("Study statistics: ") + 1
    assert con.execute("select line from log_events where kind = 'attempt_end'").fetchall() == [(said,)]
    assert con.execute("select end_reason from attempts").fetchall() == [("completed",)]


# Ray Tune's legacy reporter's last status, its table cut after a few rows (S-Lab-System-Group/Hydro @
# 031b0922b44cb2eb4252f74b32f063bc33bd526d, README.md, the output block of `3_example_ray.py`)
TUNE_LEGACY_DONE = [
    '== Status ==',
    'Current time: 2023-04-25 09:46:21 (running for 01:06:05.40)',
    'Memory usage on this node: 96.5/251.5 GiB ',
    'Using FIFO scheduling algorithm.',
    ('Resources requested: 0/64 CPUs, 0/4 GPUs, 0.0/159.49 GiB heap, 0.0/72.34 GiB objects (0.0/1.0 a'
     'ccelerator_type:G)'),
    ("Current best trial: befae_00002 with val_acc=0.9161 and parameters={'train_loop_config': {'lr':"
     " 0.1102, 'momentum': 0.584, 'batch_size': 128, 'gamma': 0.14, 'dataset': 'cifar10', 'seed': 10}"
     '}'),
    'Result logdir: /home/qhhu/ray_results/TorchTrainer_2023-04-25_08-40-15',
    'Number of trials: 50/50 (50 TERMINATED)',
    ('+--------------------------+------------+----------------------+------------------------+------'
     '------------------+------------------------+------------------------+--------+-----------------'
     '-+----------+-----------+--------------+'),
    ('| Trial name               | status     | loc                  |   train_loop_config/ba |   tra'
     'in_loop_config/ga |   train_loop_config/lr |   train_loop_config/mo |   iter |   total time (s)'
     ' |     loss |   val_acc |   _timestamp |'),
    ('|                          |            |                      |               tch_size |      '
     '              mma |                        |                 mentum |        |                 '
     ' |          |           |              |'),
    ('|--------------------------+------------+----------------------+------------------------+------'
     '------------------+------------------------+------------------------+--------+-----------------'
     '-+----------+-----------+--------------|'),
]
# Ray 2.5's status once its trials are done, then the example's own words (jimthompson5802/devcontainer_testbed @
# a1797e5ab29300b063d89204b8bd7ac4b37da957, tune-lightning/README.md, the first text block, its lines from the status)
TUNE_NEW_DONE = [
    'Trial status: 15 TERMINATED',
    'Current time: 2023-08-23 11:26:19. Total running time: 38s',
    'Logical resource usage: 1.0/12 CPUs, 0/0 GPUs',
    ("Current best trial: cadb3_00001 with loss=2.8482649326324463 and params={'layer_1_size': 32, 'l"
     "ayer_2_size': 64, 'lr': 0.0030709044950215166, 'batch_size': 128}"),
    ('╭──────────────────────────────────────────────────────────────────────────────────────────────'
     '─────────────────────────────────────────────────────────╮'),
    ('│ Trial name                          status         layer_1_size     layer_2_size            l'
     'r     batch_size     iter     total time (s)        loss │'),
    ('├──────────────────────────────────────────────────────────────────────────────────────────────'
     '─────────────────────────────────────────────────────────┤'),
    ('│ train_regression_tune_cadb3_00000   TERMINATED               64              256   0.0966731 '
     '             128        1            8.28052    15.0024  │'),
    ('│ train_regression_tune_cadb3_00001   TERMINATED               32               64   0.0030709 '
     '             128       10           31.3613      2.84826 │'),
    ('│ train_regression_tune_cadb3_00002   TERMINATED               32              128   0.00071243'
     '2            128        1            7.75519    10.473   │'),
    ('│ train_regression_tune_cadb3_00003   TERMINATED               32              256   0.00897816'
     '              32        2           12.4848      6.79994 │'),
    ('│ train_regression_tune_cadb3_00004   TERMINATED              128               64   0.0763211 '
     '              64        1            8.21568    14.3156  │'),
    ('│ train_regression_tune_cadb3_00005   TERMINATED               64               64   0.00043119'
     '6             64        1            7.63368    10.8616  │'),
    ('│ train_regression_tune_cadb3_00006   TERMINATED               64              256   0.00653935'
     '             128        1            7.97538     8.02104 │'),
    ('│ train_regression_tune_cadb3_00007   TERMINATED              128               64   0.00100462'
     '              32        4           18.1214      4.1151  │'),
    ('│ train_regression_tune_cadb3_00008   TERMINATED               64               64   0.0120265 '
     '             128        2           12.6317      6.2848  │'),
    ('│ train_regression_tune_cadb3_00009   TERMINATED               64              256   0.00117377'
     '             128        2           12.6097      5.30926 │'),
    ('│ train_regression_tune_cadb3_00010   TERMINATED               64              256   0.00020528'
     '1             32        1            7.91921    10.8161  │'),
    ('│ train_regression_tune_cadb3_00011   TERMINATED               32               64   0.00010019'
     '7             32        1            7.65976   147.559   │'),
    ('│ train_regression_tune_cadb3_00012   TERMINATED              128               64   0.00034590'
     '8             64        1            4.94285     9.27375 │'),
    ('│ train_regression_tune_cadb3_00013   TERMINATED               32              128   0.00023134'
     '3             32        1            4.75394    14.5319  │'),
    ('│ train_regression_tune_cadb3_00014   TERMINATED               64               64   0.0098322 '
     '              64        2            7.43764     5.99576 │'),
    ('╰──────────────────────────────────────────────────────────────────────────────────────────────'
     '─────────────────────────────────────────────────────────╯'),
    '',
    'Best hyperparameters found were:',
    '  loss metric: 2.8482649326324463',
    "  config: {'layer_1_size': 32, 'layer_2_size': 64, 'lr': 0.0030709044950215166, 'batch_size': 128}",
    'Done!',
]


def test_ray_tunes_status_with_every_trial_terminated_is_its_end(tmp_path: Path) -> None:
    """`Number of trials: 50/50 (50 TERMINATED)` and `Trial status: 15 TERMINATED`: every trial stopped, none to
    come, the run's end (both files were refused or `unknown`: Tune's last words, `Total run time: ...`, are not in
    them)."""
    for name, lines, status in (("legacy", TUNE_LEGACY_DONE, "Number of trials: 50/50 (50 TERMINATED)"),
                                ("new", TUNE_NEW_DONE, "Trial status: 15 TERMINATED")):
        (tmp_path / name).mkdir()
        con = console_connection(tmp_path / name, lines)
        assert con.execute("select line from log_events where kind = 'attempt_end'").fetchall() == [
            (lines.index(status) + 1,)], name
        assert con.execute("select end_reason from attempts").fetchall() == [("completed",)], name


def test_ray_tunes_status_with_a_trial_running_is_no_end(tmp_path: Path) -> None:
    """The same status with a trial still running (`(49 TERMINATED, 1 RUNNING)`; a tiny altered twin of the quoted
    block): no end."""
    lines = [t.replace("(50 TERMINATED)", "(49 TERMINATED, 1 RUNNING)") for t in TUNE_LEGACY_DONE]
    lines += [t.replace("Trial status: 15 TERMINATED", "Trial status: 14 TERMINATED | 1 RUNNING") for t in TUNE_NEW_DONE
              if t != "Done!"]
    _, _, events = _read(tmp_path, lines)
    assert [e for e in events if e["kind"] == "attempt_end"] == []


# llm.sycl's README's run (gajanan-choudhary/llm.sycl @ 3aef7fb5560a2b2732e588e62c23c220f1413c46, README.md, the
# "output like" block): its author's marker where lines were cut
SYCL_TRUNCATED = [
    'All available SYCL devices:',
    '[cuda:gpu][cuda:0] NVIDIA CUDA BACKEND, NVIDIA H100 PCIe 9.0 [CUDA 12.6]',
    '<------------- Truncated ------------->',
    ('clang++ -O3 -fsycl -fno-sycl-id-queries-fit-in-int -std=c++17 -DLLMSYCL -march=native -ffp-mode'
     'l=precise -DTIMEPROFILE=1 -DSYCL_CUDA -fsycl-targets=nvptx64-nvidia-cuda -Xsycl-target-backend='
     'nvptx64-nvidia-cuda --cuda-gpu-arch=sm_90   train_gpt2.sycl.cpp -lsycl -lOpenCL -o train_gpt2sy'
     'cl'),
    ('clang++ -O3 -fsycl -fno-sycl-id-queries-fit-in-int -std=c++17 -DLLMSYCL -march=native -ffp-mode'
     'l=precise -DTIMEPROFILE=1 -DSYCL_CUDA -fsycl-targets=nvptx64-nvidia-cuda -Xsycl-target-backend='
     'nvptx64-nvidia-cuda --cuda-gpu-arch=sm_90   test_gpt2.sycl.cpp -lsycl -lOpenCL -o test_gpt2sycl'),
    'Submit training run: train_gp2sycl',
]


def test_a_truncated_marker_is_an_elision(tmp_path: Path) -> None:
    """`<------------- Truncated ------------->`: lines were cut out there (no gap in the run)."""
    _, _, events = _read(tmp_path, SYCL_TRUNCATED, parser_name="generic_log")  # (its steps cut: claimed by a whole file's)
    marker = SYCL_TRUNCATED.index("<------------- Truncated ------------->") + 1
    assert [(e["line"], e["kind"]) for e in events] == [(marker, "elision")]


# A diffusion pretraining's Chinese-language logger (2021010740135/EDT_CODE @ c39babd453f0f27e67cac18c2dad04526d2663e7,
# train.log, lines 7-12): each better model saved, `已保存为: <file>` ("saved as")
EDT_SAVES = [
    '2026-05-12 12:09:33,770 - INFO - [Train] Epoch 001: loss = 0.019304',
    '2026-05-12 12:09:42,781 - INFO - [Diff-Val(Test-Normal)] Epoch 001 (Deterministic): loss = 0.007187',
    ('2026-05-12 12:09:42,852 - INFO - 🌟 发现当前最优扩散模型 (Epoch 1) | 验证集损失: 0.007187 | 已保存为: best_diffusio'
     'n_epoch_001_raw.pth'),
    '2026-05-12 12:12:33,486 - INFO - [Train] Epoch 002: loss = 0.007488',
    '2026-05-12 12:12:41,640 - INFO - [Diff-Val(Test-Normal)] Epoch 002 (Deterministic): loss = 0.006093',
    ('2026-05-12 12:12:41,717 - INFO - 🌟 发现当前最优扩散模型 (Epoch 2) | 验证集损失: 0.006093 | 已保存为: best_diffusio'
     'n_epoch_002_raw.pth'),
]


def test_a_model_saved_as_a_file_in_chinese_is_a_save(tmp_path: Path) -> None:
    """`... | 已保存为: best_diffusion_epoch_001_raw.pth`: the model written (no save was read)."""
    _, _, events = _read(tmp_path, EDT_SAVES)
    saved = [i for i, t in enumerate(EDT_SAVES, 1) if "已保存为: " in t and t.endswith(".pth")]
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == saved and len(saved) == 2


def test_an_image_saved_as_a_file_in_chinese_is_no_save(tmp_path: Path) -> None:
    """The same line naming an image (`已保存为: sample_001.png`; a tiny altered twin): no save."""
    lines = [t.replace("best_diffusion_epoch_001_raw.pth", "sample_001.png") for t in EDT_SAVES]
    _, _, events = _read(tmp_path, lines)
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == [
        i for i, t in enumerate(lines, 1) if "已保存为: " in t and t.endswith(".pth")] == [6]


# chemprop v1's verbose.log (MolecularAI/QSARtuna @ 67caaabf45bb6fba465327e58c0f63b0615689ae,
# tests/data/DRD2/subset-100/save/verbose.log, lines 176-182)
CHEMPROP_EPOCHS = [
    'Epoch 5',
    'Validation rmse = 65.576034',
    'Epoch 6',
    'Loss = 9.0163e-01, PNorm = 34.0291, GNorm = 1.4338, lr_0 = 3.7276e-04',
    'Validation rmse = 63.141810',
    'Epoch 7',
    'Validation rmse = 62.903228',
]
# BasicSR's MessageLogger in BioIR's training (jaxhur/BioIR, README.md, the block under "报错："; the search index's
# file id 55110972188)
BIOIR_STEPS = [
    ('2026-07-01 13:44:24,487 INFO: [BioIR..][epoch:  9, iter:     600, lr:(1.000e-03,)] [eta: 2 days'
     ', 1:17:14, time (data): 0.400 (0.001)] l_pix: 2.5254e-01 l_fft: 2.0704e-01 '),
    ('2026-07-01 13:45:22,187 INFO: [BioIR..][epoch: 11, iter:     700, lr:(1.000e-03,)] [eta: 2 days'
     ', 1:05:07, time (data): 0.500 (0.002)] l_pix: 1.4189e-01 l_fft: 2.2359e-01 '),
    ('2026-07-01 13:46:18,987 INFO: [BioIR..][epoch: 13, iter:     800, lr:(1.000e-03,)] [eta: 2 days'
     ', 0:50:11, time (data): 0.500 (0.002)] l_pix: 1.1954e-01 l_fft: 1.4908e-01 '),
    ('2026-07-01 13:47:16,387 INFO: [BioIR..][epoch: 14, iter:     900, lr:(1.000e-03,)] [eta: 2 days'
     ', 0:41:41, time (data): 0.400 (0.002)] l_pix: 1.0878e-01 l_fft: 2.0784e-01 '),
    ('2026-07-01 13:48:17,587 INFO: [BioIR..][epoch: 16, iter:   1,000, lr:(1.000e-03,)] [eta: 2 days'
     ', 0:53:36, time (data): 0.500 (0.002)] l_pix: 1.1841e-01 l_fft: 1.5606e-01 '),
    '2026-07-01 13:48:17,587 INFO: Saving models and training states.',
]
# darknet (AlexeyAB's YOLOv4) at the end of a run, a project's README's block (the search index's file id
# 37845591851; its links name PedroFilhoEng/smart-city-canaa)
DARKNET_STEPS = [
    (' 3996: 1.369911, 1.617500 avg loss, 0.000010 rate, 8.128796 seconds, 191808 images, 0.161254 ho'
     'urs left'),
    'Loaded: 0.000036 seconds',
    '',
    ' (next mAP calculation at 4000 iterations) ',
    ' Last accuracy mAP@0.5 = 90.01 %, best = 90.37 % ',
    (' 3997: 1.503854, 1.606135 avg loss, 0.000010 rate, 8.090233 seconds, 191856 images, 0.159732 ho'
     'urs left'),
    'Loaded: 0.000039 seconds',
    '',
    ' (next mAP calculation at 4000 iterations) ',
    ' Last accuracy mAP@0.5 = 90.01 %, best = 90.37 % ',
    (' 3998: 1.252686, 1.570790 avg loss, 0.000010 rate, 8.194810 seconds, 191904 images, 0.158202 ho'
     'urs left'),
]


def test_frameworks_named_by_their_own_step_lines(tmp_path: Path) -> None:
    """chemprop's `Loss = ..., PNorm = ..., GNorm = ...`, BasicSR's `[BioIR..][epoch:  9, iter:     600, lr:(...)]`,
    darknet's ` 3996: 1.369911, 1.617500 avg loss, ...`: each its framework's (all three were `generic`)."""
    for name, lines, framework, count in (
            ("chemprop", CHEMPROP_EPOCHS, "chemprop", 1),
            ("basicsr", BIOIR_STEPS, "basicsr", sum(1 for t in BIOIR_STEPS if ", iter: " in t)),
            ("darknet", DARKNET_STEPS, "darknet", sum(1 for t in DARKNET_STEPS if " avg loss, " in t))):
        (tmp_path / name).mkdir()
        _, steps, _ = _read(tmp_path / name, lines, parser_name="generic_log")  # (excerpts: claimed by a whole file's)
        assert [s["framework"] for s in steps] == [framework] * count, name


# AutoGluon 1.2's System Info as a run begins (its output kept in a script's docstring; the search index's file id
# 20211025144), the kernel's build date in it
AUTOGLUON_SYSTEM = [
    '=================== System Info ===================',
    'AutoGluon Version:  1.2',
    'Python Version:     3.10.14',
    'Operating System:   Linux',
    'Platform Machine:   x86_64',
    'Platform Version:   #1 SMP Wed Sep 15 17:27:09 CST 2021',
    'CPU Count:          8',
    'Memory Avail:       2.40 GB / 6.00 GB (39.9%)',
    'Disk Space Avail:   362.17 GB / 491.04 GB (73.8%)',
    '===================================================',
]


def test_a_kernels_build_date_is_no_moment_of_the_run(tmp_path: Path) -> None:
    """`Platform Version:   #1 SMP Wed Sep 15 17:27:09 CST 2021` (`platform.version()`): the kernel's build, not a
    line's date (the run, of December 2024, began on 15 September 2021)."""
    lines = [*AUTOGLUON_SYSTEM, "AutoGluon training complete, total runtime = 126.19s ... Best model: WeightedEnsemble_L2"]
    # (its end, the same capture's line 137; read as the whole file is: the excerpt alone claims no reader)
    _, _, events = _read(tmp_path, lines, parser_name="generic_log")
    assert [(e["line"], e["kind"], e["ts_ns"]) for e in events] == [(len(lines), "attempt_end", None)]


# A Keras 3 LSTM's training as a README quotes it (the search index's file id 9910784289, "LSTM for anomaly detetion",
# the block after "It should print something like this:"): its last epochs, then its script's words
KERAS3_SAVE_AS = [
    'Epoch 9/20',
    ('88/88 ━━━━━━━━━━━━━━━━━━━━ 10s 119ms/step - accuracy: 0.7119 - loss: 0.5423 - val_accuracy: 0.8'
     '667 - val_loss: 0.3424'),
    'Epoch 10/20',
    ('88/88 ━━━━━━━━━━━━━━━━━━━━ 12s 133ms/step - accuracy: 0.8535 - loss: 0.3844 - val_accuracy: 0.8'
     '667 - val_loss: 0.3464'),
    'Epoch 11/20',
    ('88/88 ━━━━━━━━━━━━━━━━━━━━ 12s 132ms/step - accuracy: 0.8579 - loss: 0.3782 - val_accuracy: 0.9'
     '067 - val_loss: 0.2872'),
    'Training complete. Saving the model as  lstm_model_fp32.keras',
]
# A PyTorch script's console on Windows, a Korean README's "Result" block (the search index's file id 60488693791,
# "Explainable DeepFake Detector"): its first epoch and its save
ARROW_SAVED = [
    'Epoch 1/30',
    ('Training:   0%|                                                   | 0/108 [00:00<?, ?it/s]C:\\De'
     "epFakeDetector\\.venv\\lib\\site-packages\\torch\\utils\\data\\dataloader.py:1102: UserWarning: 'pin_m"
     "emory' argument is set as true but no accelerator is found, then device pinned memory won't be "
     'used.'),
    '  super().__init__(loader)',
    'Train Loss : 0.5839                                                                       ',
    'Train Acc  : 0.6854',
    'Valid Loss : 0.5037',
    'Valid Acc  : 0.7704',
    'Model saved -> C:\\DeepFakeDetector\\weights\\best_model.pth',
    'Epoch 2/30',
    'Train Loss : 0.5278                                                                       ',
]


def test_saves_said_as_a_sentence_or_with_an_arrow(tmp_path: Path) -> None:
    """`Training complete. Saving the model as  lstm_model_fp32.keras`: the run's end and a save begun on one line (only
    the end was read); `Model saved -> C:\\DeepFakeDetector\\weights\\best_model.pth`: a save written (none was read)."""
    (tmp_path / "keras").mkdir()
    _, _, events = _read(tmp_path / "keras", KERAS3_SAVE_AS, parser_name="keras")  # (an excerpt: its file's reader)
    said = KERAS3_SAVE_AS.index("Training complete. Saving the model as  lstm_model_fp32.keras") + 1
    assert sorted((e["line"], e["kind"]) for e in events if e["kind"] != "attempt_start") == [
        (said, "attempt_end"), (said, "checkpoint_save_start")]
    (tmp_path / "arrow").mkdir()
    _, _, events = _read(tmp_path / "arrow", ARROW_SAVED, parser_name="generic_log")
    saved = [i for i, t in enumerate(ARROW_SAVED, 1) if t.startswith("Model saved -> ")]
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == saved and len(saved) == 1


# A PBS job's epochs, as a project's results page quotes them (cs-deep-quickdraw/notebooks, results/imgen.md; the
# search index's file id 23667598189), each epoch's seconds after `took:`
EPOCH_TOOK_COLON = [
    ('Epoch: 1/10, loss: 0.5553819374581199, validation accuracy: 87.71558823529412% took: 12868.1601'
     '60541534 seconds'),
    ('Epoch: 2/10, loss: 0.4477839009686326, validation accuracy: 88.96764705882353% took: 12878.0315'
     '04154205 seconds'),
    ('Epoch: 3/10, loss: 0.4164512191808278, validation accuracy: 89.24573529411765% took: 12815.6213'
     '80090714 seconds'),
]


def test_an_epochs_took_with_a_colon_is_its_time(tmp_path: Path) -> None:
    """`Epoch: 1/10, loss: 0.555..., validation accuracy: 87.7...% took: 12868.160160541534 seconds`: epoch 1's time
    (it was none)."""
    _, steps, _ = _read(tmp_path, EPOCH_TOOK_COLON)
    took = [float(t.rsplit("took: ", 1)[1].split()[0]) for t in EPOCH_TOOK_COLON]
    assert [(s["step"], s["step_time_s"]) for s in steps] == list(zip([1, 2, 3], took, strict=True))


# tf_cnn_benchmarks under a Kubeflow MPIJob (TF_CNN_BENCHMARKS_HOROVOD, quoted in test_line_rules_cloud_jobs.py:
# kubeflow/mpi-operator's README): its last batches, each of the two processes' line, then its total


def test_tf_cnn_benchmarks_total_is_its_end(tmp_path: Path) -> None:
    """`total images/sec: 308.27`, printed once its `Num batches: 100` are done: the run's clean end (it was
    `unknown`)."""
    con = console_connection(tmp_path, TF_CNN_BENCHMARKS_HOROVOD)
    total = TF_CNN_BENCHMARKS_HOROVOD.index("total images/sec: 308.27") + 1
    assert con.execute("select line from log_events where kind = 'attempt_end'").fetchall() == [(total,)]
    assert con.execute("select end_reason, last_step from attempts").fetchall() == [("completed", 100)]


# PyTorch-Ignite 0.2's engines in a one-epoch fine-tuning of GPT-2 for question answering (the search index's file id
# 46325573262, a project's notes; they name arnebinder/convqa @ 2f7b4f4ad30ba83f125aa2113b55098d4e24225e): the trainer's
# start, its epoch's end glued after its bar's last drawing, its evaluator's run inside it, their ends
IGNITE_ONE_EPOCH = [
    'INFO:./convqa/train.py:save checkpoints to: runs/Jan08_13-19-54_serv-9208',
    'INFO:ignite.engine.engine.Engine:Engine run starting with max_epochs=1.',
    ('Epoch: [595156/595156] 100%|██████████, loss=0.9 [42:11:24<00:00]INFO:ignite.engine.engine.Engi'
     'ne:Epoch[1] Complete. Time taken: 42:11:24'),
    'INFO:ignite.engine.engine.Engine:Engine run starting with max_epochs=1.',
    'INFO:ignite.engine.engine.Engine:Epoch[1] Complete. Time taken: 02:57:28',
    ('Epoch: [595156/595156] 100%|██████████, loss=0.9 [45:08:53<00:00]INFO:ignite.engine.engine.Engi'
     'ne:Engine run complete. Time taken 02:57:28'),
    'Epoch: [595156/595156] 100%|██████████, loss=0.9 [45:08:53<00:00]',
    'INFO:ignite.engine.engine.Engine:Engine run complete. Time taken 45:08:54',
]


def test_ignites_one_epoch_trainer_with_its_evaluator_inside_is_a_run(tmp_path: Path) -> None:
    """`Engine run starting with max_epochs=1.`, its `Epoch[1] Complete. Time taken: 42:11:24`, then another engine's
    start (its evaluator, run as the epoch completed) and both engines' ends: the outer engine trained, its epoch 1
    took 42 h 11 min 24 s, and `Engine run complete. Time taken 45:08:54` (ignite 0.2's, no colon) is its end (the
    file was refused: a one-epoch engine was taken for an evaluator)."""
    _, steps, events = _read(tmp_path, IGNITE_ONE_EPOCH, parser_name="generic_log")
    assert [(s["line"], s["step"], s["step_time_s"], s["framework"]) for s in steps] == [
        (3, 1, 42 * 3600 + 11 * 60 + 24, "ignite")]
    assert [(e["line"], e["kind"]) for e in events] == [
        (IGNITE_ONE_EPOCH.index("INFO:ignite.engine.engine.Engine:Engine run complete. Time taken 45:08:54") + 1,
         "attempt_end")]


def test_ignites_lone_one_epoch_engine_is_still_no_run(tmp_path: Path) -> None:
    """The same engine with no engine run inside it (its lines alone, the evaluator's cut: an evaluator's run looks
    just so): no step."""
    lines = [*IGNITE_ONE_EPOCH[:3], IGNITE_ONE_EPOCH[-1]]
    parser = registry()["generic_log"]
    path = tmp_path / "console.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    with pytest.raises(ParseError):
        parser.parse(path, ParseOptions())


# fastai 1.0.61's Recorder in a tutorial's `python train.py` (the search index's file id 18203508760, a Replicate
# tutorial, the first block under "## Start training"): epochs of under a second
FASTAI_UNDER_A_SECOND = [
    '$ python train.py',
    'epoch     train_loss  valid_loss  accuracy  time',
    '0         1.102223    0.367693    0.916667  00:00',
    '1         0.688286    0.281458    0.916667  00:00',
    '2         0.508243    0.329499    0.916667  00:00',
    '3         0.420214    0.410820    0.875000  00:00',
]


def test_fastais_zero_clock_is_no_time(tmp_path: Path) -> None:
    """`00:00` in the Recorder's `time` column, whole seconds: the epoch took under one, how long is unknown (it
    was 0.0 s)."""
    _, steps, _ = _read(tmp_path, FASTAI_UNDER_A_SECOND)
    assert [(s["step"], s["step_time_s"], s["framework"]) for s in steps] == [
        (int(t.split()[0]), None, "fastai") for t in FASTAI_UNDER_A_SECOND[2:]]


# The ECAPA-TDNN trainer's score.txt (an810/ECAPA @ 4981fdfe4c14967e1ad296eb062cedd87c80ad56, exps/exp1/score.txt,
# lines 1-4): an epoch's number first, its learning rate and training loss in capitals
ECAPA_SCORE = [
    '1 epoch, LR 0.001000, LOSS 3.677785, ACC 47.27%, EER 4.40%, bestEER 4.40%',
    '2 epoch, LR 0.000970, LOSS 3.226198, ACC 50.76%, EER 5.00%, bestEER 4.40%',
    '3 epoch, LR 0.000941, LOSS 3.040311, ACC 52.82%, EER 4.60%, bestEER 4.40%',
    '4 epoch, LR 0.000913, LOSS 2.909879, ACC 54.34%, EER 4.60%, bestEER 4.40%',
]


def test_ecapas_score_lines_are_its_epochs(tmp_path: Path) -> None:
    """`1 epoch, LR 0.001000, LOSS 3.677785, ACC 47.27%, ...`: epoch 1, its loss and learning rate (the file was
    refused: the number before the word, and `LOSS` in capitals)."""
    _, steps, _ = _read(tmp_path, ECAPA_SCORE)
    printed = [re.match(r"(\d+) epoch, LR ([\d.]+), LOSS ([\d.]+),", t) for t in ECAPA_SCORE]
    assert [(s["step"], s["lr"], s["loss"]) for s in steps] == [
        (int(m[1]), float(m[2]), float(m[3])) for m in printed if m is not None]
    assert len(steps) == 4


def test_a_gan_line_counted_from_zero_is_no_libtorch_line(tmp_path: Path) -> None:
    """A Python GAN script's `[0/30][0/938] D_loss: ... | G_loss: ...` (a bar between its losses too, counted from 0;
    the quoted C++ lines so altered, a tiny twin): epoch x 938 + batch, from 0 (it was read as LibTorch's count from
    1: step -938)."""
    lines = [re.sub(r"\[ ?(\d+)/30\]\[(\d+)/938\]", lambda m: f"[{int(m[1]) - 1}/30][{int(m[2]) - 200}/938]", t)
             for t in CPP_DCGAN if t.startswith("[")]
    assert lines[0] == "[0/30][0/938] D_loss: 0.4953 | G_loss: 4.0195"
    _, steps, _ = _read(tmp_path, lines, parser_name="generic_log")
    counts = [(int(m[1]), int(m[2])) for t in lines if (m := re.match(r"\[(\d+)/30\]\[(\d+)/938\]", t))]
    assert [s["step"] for s in steps] == [epoch * 938 + batch for epoch, batch in counts]
    assert steps[0]["step"] == 0


def test_an_sbt_verdict_before_the_steps_ends_nothing(tmp_path: Path) -> None:
    """sbt's `[success]` after each command it runs: one before the first step (its `compile` before its `run`; the
    quoted run with such a line put before its first step, a tiny twin) ends nothing; the run's start stays."""
    first = next(i for i, t in enumerate(DL4J_SBT) if "Score at iteration 0 " in t)
    lines = [*DL4J_SBT[:first], "[success] Total time: 14 s, completed Apr 15, 2019, 12:42:20 AM", *DL4J_SBT[first:]]
    con = console_connection(tmp_path, lines)
    last = len(lines)
    assert con.execute("select line from log_events where kind = 'attempt_end'").fetchall() == [(last,)]
    assert con.execute("select count(*) from log_events where kind = 'attempt_start' and line < ?", [first + 1]
                       ).fetchone() == (1,)


def test_optunas_statistics_before_training_with_the_best_parameters_end_nothing(tmp_path: Path) -> None:
    """The study's statistics, then the script training with its best parameters (dated epochs after it; a tiny
    twin of the quoted log): the study's end is no run's end."""
    lines = [*OPTUNA_STATISTICS] + [f"[2021-04-13 17:{44 + 2 * epoch}:00,000] Epoch {epoch} - train_loss: 0.5"
                                    for epoch in range(1, 4)]
    _, steps, events = _read(tmp_path, lines, parser_name="generic_log")
    assert [s["step"] for s in steps] == [1, 2, 3]
    assert [e for e in events if e["kind"] == "attempt_end"] == []


def test_ray_tunes_all_terminated_status_then_a_trial_running_is_no_end(tmp_path: Path) -> None:
    """`Trial status: 14 TERMINATED` while the searcher had not made its next trial yet, then `Trial status: 14
    TERMINATED | 1 RUNNING` (the quoted status so altered, a tiny twin): no end there; the last status's, every trial
    terminated, is."""
    status = TUNE_NEW_DONE.index("Trial status: 15 TERMINATED")
    lines = ["Trial status: 14 TERMINATED", "Trial status: 14 TERMINATED | 1 RUNNING", *TUNE_NEW_DONE]
    _, _, events = _read(tmp_path, lines, parser_name="generic_log")
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [status + 3]


def test_a_data_file_saved_in_chinese_is_no_checkpoint(tmp_path: Path) -> None:
    """`训练集特征已保存至: ./cache/train_features.pkl` (features saved to a data file; the quoted logger's line so
    altered, a tiny twin): no save."""
    lines = [EDT_SAVES[0].replace("[Train] Epoch 001: loss = 0.019304", "训练集特征已保存至: ./cache/train_features.pkl"),
             *EDT_SAVES[1:]]
    _, _, events = _read(tmp_path, lines)
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == [3, 6]


def test_an_evaluations_start_said_twice_is_one(tmp_path: Path) -> None:
    """`INFO:tensorflow:Starting to evaluate.` and absl's copy (the quoted save's pair so altered, a tiny twin): one
    evaluation's start."""
    lines = [t.replace("Saving checkpoints for 10000 into ./output/model.ckpt.", "Starting to evaluate.") for t in T2T_END]
    _, _, events = _read(tmp_path, lines)
    assert len([e for e in events if e["kind"] == "eval_start"]) == 1


def test_a_model_saved_as_a_pt_file_in_chinese_is_a_save(tmp_path: Path) -> None:
    """`已保存为: best_diffusion_epoch_001_raw.pt` (PyTorch's other extension; the quoted line so altered, a tiny twin):
    a save, as the `.pth` one is."""
    lines = [t.replace("_raw.pth", "_raw.pt") for t in EDT_SAVES]
    _, _, events = _read(tmp_path, lines)
    assert [e["line"] for e in events if e["kind"] == "checkpoint_save_end"] == [3, 6]


# `uname -a` as a lab report quotes it (the search index's file id 54867412215, its `Команда: uname -a` block)
UNAME = ("Linux ubuntu-lab 6.8.0-110-generic #110-Ubuntu SMP PREEMPT_DYNAMIC Thu Mar 19 15:09:20 UTC 2026 x86_64 x86_64"
         " x86_64 GNU/Linux")


def test_unames_kernel_build_date_is_no_moment_of_the_run(tmp_path: Path) -> None:
    """A job script's `uname -a` first (the line above), then the quoted EDT run: the kernel's build date (19 March
    2026) starts nothing; the run starts at its first dated line (12 May 2026)."""
    con = console_connection(tmp_path, [UNAME, *EDT_SAVES])
    first = re.match(r"(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3})", EDT_SAVES[0])
    assert first is not None
    assert con.execute("select min(start_ns) from attempts").fetchone() == (_ns(first[1]),)


def test_ray_tunes_next_run_keeps_the_end_before_it(tmp_path: Path) -> None:
    """The quoted legacy status, every trial terminated, then another run's status with fewer terminated and one
    running (`Number of trials: 4/4 (1 PENDING, 1 RUNNING, 2 TERMINATED)`; a tiny twin): the first run's end stands."""
    lines = [*TUNE_LEGACY_DONE, "== Status ==", "Number of trials: 4/4 (1 PENDING, 1 RUNNING, 2 TERMINATED)"]
    _, _, events = _read(tmp_path, lines, parser_name="generic_log")
    assert [e["line"] for e in events if e["kind"] == "attempt_end"] == [
        TUNE_LEGACY_DONE.index("Number of trials: 50/50 (50 TERMINATED)") + 1]


def test_two_absl_lines_of_one_message_at_two_times_are_two(tmp_path: Path) -> None:
    """absl's `Saving checkpoints for 10000 ...` said again ten minutes later (the quoted line so altered, a tiny twin):
    two saves, not one line said twice."""
    save = next(i for i, t in enumerate(T2T_END) if t.startswith("I0608") and "Saving checkpoints for 10000" in t)
    lines = [*T2T_END[:save + 1], T2T_END[save].replace("I0608 08:33:21", "I0608 08:43:21"), *T2T_END[save + 1:]]
    _, _, events = _read(tmp_path, lines)
    assert len([e for e in events if e["kind"] == "checkpoint_save_start"]) == 2
