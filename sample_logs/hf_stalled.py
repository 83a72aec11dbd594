"""A real HuggingFace Trainer run that makes no progress, as a misconfigured job does: its
learning rate is 0 and every batch is the same sample, with no dropout, so each step's loss and
gradient norm are the last step's to the digit and the Trainer logs the same metric dict again
(`logging_steps=1`; the epoch, printed to 2 decimals, stays the same for ten steps at a time).
The Trainer's default log level and tqdm bar, one process on the CPU; a tiny GPT-2 built from a
config (no download).
"""

from __future__ import annotations

import argparse

import torch
from transformers import GPT2Config, GPT2LMHeadModel, Trainer, TrainingArguments


class OneSample(torch.utils.data.Dataset):
    def __init__(self, n: int) -> None:
        g = torch.Generator().manual_seed(0)
        self.x = torch.randint(0, 512, (64,), generator=g)
        self.n = n

    def __len__(self) -> int:
        return self.n

    def __getitem__(self, i: int) -> dict[str, torch.Tensor]:
        return {"input_ids": self.x, "labels": self.x}


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--steps", type=int, default=20)
    a = ap.parse_args()
    torch.manual_seed(0)
    torch.set_num_threads(1)
    model = GPT2LMHeadModel(GPT2Config(vocab_size=512, n_positions=64, n_embd=64, n_layer=2, n_head=4,
                                       resid_pdrop=0.0, embd_pdrop=0.0, attn_pdrop=0.0))
    args = TrainingArguments(output_dir=a.out, max_steps=a.steps, per_device_train_batch_size=8, learning_rate=0.0,
                             logging_steps=1, save_strategy="no", use_cpu=True, seed=0, report_to=[])
    Trainer(model=model, args=args, train_dataset=OneSample(8000)).train()


if __name__ == "__main__":
    main()
