"""A real TRL job as users run it: `SFTTrainer` at its default settings (its console: the Trainer's
bar and metric dicts, which TRL extends with `entropy`, `num_tokens` (the tokens trained on since the
trainer began, all ranks) and `mean_token_accuracy`). A tiny GPT-2 built from a config trains on
sentences of random words of varying length, tokenized by a word-level tokenizer built here (no
download), padded per batch, so each step trains on its own number of tokens.

The harness's own clock and count go to --truth as `TRUTH {...}` lines, not to the console: each step's
end and the tokens of its batch (the attention mask's sum, counted before TRL sees the batch).
"""

from __future__ import annotations

import argparse
import json
import random
import time

import torch
from datasets import Dataset
from tokenizers import Tokenizer, models, pre_tokenizers
from transformers import GPT2Config, GPT2LMHeadModel, PreTrainedTokenizerFast, TrainerCallback
from trl import SFTConfig, SFTTrainer


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--truth", required=True)
    ap.add_argument("--steps", type=int, default=24)
    ap.add_argument("--logging-steps", type=int, default=4)
    ap.add_argument("--save-steps", type=int, default=12)
    ap.add_argument("--step-sleep", type=float, default=0.1, help="seconds each step waits (a bar's clock to read)")
    a = ap.parse_args()
    def emit(**fields: object) -> None:
        with open(a.truth, "a") as truth:
            truth.write("TRUTH " + json.dumps(fields) + "\n")

    emit(event="attempt_start", t=time.time())
    words = [f"w{i}" for i in range(500)]
    vocab = {"[PAD]": 0, "[UNK]": 1, "[EOS]": 2, **{w: i + 3 for i, w in enumerate(words)}}
    core = Tokenizer(models.WordLevel(vocab, unk_token="[UNK]"))
    core.pre_tokenizer = pre_tokenizers.WhitespaceSplit()
    tokenizer = PreTrainedTokenizerFast(tokenizer_object=core, pad_token="[PAD]", eos_token="[EOS]", unk_token="[UNK]")
    rng = random.Random(0)
    texts = [" ".join(rng.choice(words) for _ in range(rng.randint(8, 60))) for _ in range(512)]
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = GPT2LMHeadModel(GPT2Config(vocab_size=len(vocab), n_positions=128, n_embd=64, n_layer=2, n_head=4,
                                       bos_token_id=2, eos_token_id=2, pad_token_id=0))
    counted: list[int] = []

    class Clock(TrainerCallback):
        def on_step_begin(self, args, state, control, **kwargs):  # type: ignore[no-untyped-def]
            time.sleep(a.step_sleep)

        def on_step_end(self, args, state, control, **kwargs):  # type: ignore[no-untyped-def]
            emit(event="step_end", step=state.global_step, tokens=sum(counted), t=time.time())
            counted.clear()

        def on_save(self, args, state, control, **kwargs):  # type: ignore[no-untyped-def]
            emit(event="checkpoint_saved", step=state.global_step, t=time.time())

        def on_train_end(self, args, state, control, **kwargs):  # type: ignore[no-untyped-def]
            emit(event="attempt_end", t=time.time())

    class Counting(SFTTrainer):
        def training_step(self, model, inputs, num_items_in_batch=None):  # type: ignore[no-untyped-def]
            counted.append(int(inputs["attention_mask"].sum()))
            return super().training_step(model, inputs, num_items_in_batch)

    config = SFTConfig(output_dir=a.out, max_steps=a.steps, per_device_train_batch_size=4, logging_steps=a.logging_steps,
                       save_steps=a.save_steps, report_to="none", max_length=64, use_cpu=True, seed=0)
    trainer = Counting(model=model, args=config, train_dataset=Dataset.from_dict({"text": texts}),
                       processing_class=tokenizer, callbacks=[Clock()])
    trainer.train()


if __name__ == "__main__":
    main()
