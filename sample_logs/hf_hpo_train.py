"""A real HuggingFace Trainer hyperparameter search: `trainer.hyperparameter_search` with its Optuna
backend at the Trainer's default log level (WARNING: no `***** Running training *****` header), a tiny
GPT-2 built from a config (`model_init`, no download) on random tokens, one process on the CPU: --trials
trials of --epochs epochs each, metrics and an evaluation once an epoch (`logging_strategy="epoch"`:
the metric dicts name only their epoch, no step), Optuna's own `[I ...] Trial N finished with value:
...` lines between the trials. With --prune, Optuna's MedianPruner stops a trial after an epoch whose
evaluation is worse than the median (`[I ...] Trial N pruned.`: no summary dict of its own).

The harness's own clock (time.time() in a TrainerCallback) goes to --truth as `TRUTH {...}` lines
(each trial's start and end, each step's end, each logged metric's step), not to the console.
"""

from __future__ import annotations

import argparse
import json
import time

import optuna
import torch
from hf_train_default import RandomTokens  # (this folder's: the tokens the other HF recordings train on)
from transformers import GPT2Config, GPT2LMHeadModel, Trainer, TrainerCallback, TrainingArguments


class Truth(TrainerCallback):
    def __init__(self, path: str, step_sleep: float) -> None:
        self.path, self.step_sleep, self.trial = path, step_sleep, -1

    def emit(self, **fields: object) -> None:
        with open(self.path, "a") as fh:
            fh.write("TRUTH " + json.dumps({"trial": self.trial, **fields}) + "\n")

    def on_train_begin(self, args, state, control, **kwargs):  # type: ignore[no-untyped-def]
        self.trial += 1
        self.emit(event="trial_start", t=time.time())

    def on_step_begin(self, args, state, control, **kwargs):  # type: ignore[no-untyped-def]
        time.sleep(self.step_sleep)  # steps long enough for tqdm's one-second elapsed-time resolution

    def on_step_end(self, args, state, control, **kwargs):  # type: ignore[no-untyped-def]
        self.emit(event="step_end", step=state.global_step, t=time.time())

    def on_log(self, args, state, control, logs=None, **kwargs):  # type: ignore[no-untyped-def]
        if logs and "loss" in logs:
            self.emit(event="logged", step=state.global_step, loss=logs["loss"], t=time.time())

    def on_train_end(self, args, state, control, **kwargs):  # type: ignore[no-untyped-def]
        self.emit(event="trial_end", t=time.time())


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--truth", required=True)
    ap.add_argument("--trials", type=int, default=3)
    ap.add_argument("--epochs", type=int, default=3)
    ap.add_argument("--train-samples", type=int, default=64)
    ap.add_argument("--step-sleep", type=float, default=0.15)
    ap.add_argument("--prune", action="store_true", help="Optuna's MedianPruner on each epoch's evaluation")
    a = ap.parse_args()
    torch.set_num_threads(1)
    config = GPT2Config(vocab_size=512, n_positions=64, n_embd=64, n_layer=2, n_head=4, bos_token_id=0, eos_token_id=0)

    def model_init(trial: object = None) -> GPT2LMHeadModel:
        torch.manual_seed(0)
        return GPT2LMHeadModel(config)

    args = TrainingArguments(output_dir=a.out, num_train_epochs=a.epochs, per_device_train_batch_size=8,
                             logging_strategy="epoch", eval_strategy="epoch", save_strategy="no", use_cpu=True,
                             seed=0, report_to=[])
    trainer = Trainer(model_init=model_init, args=args, train_dataset=RandomTokens(a.train_samples, 64, 512),
                      eval_dataset=RandomTokens(16, 64, 512), callbacks=[Truth(a.truth, a.step_sleep)])

    def space(trial: optuna.Trial) -> dict[str, float]:
        return {"learning_rate": trial.suggest_float("learning_rate", 1e-5, 1e-3, log=True)}

    pruning = {"pruner": optuna.pruners.MedianPruner(n_startup_trials=1, n_warmup_steps=0)} if a.prune else {}
    trainer.hyperparameter_search(direction="minimize", backend="optuna", hp_space=space, n_trials=a.trials,
                                  sampler=optuna.samplers.TPESampler(seed=0), **pruning)


if __name__ == "__main__":
    main()
