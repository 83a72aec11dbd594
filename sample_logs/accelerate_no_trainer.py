"""A real HF Accelerate job written as the transformers `*_no_trainer.py` example scripts are
(run_clm_no_trainer.py): Python logging at INFO with the scripts' own dated format, the
`***** Running training *****` header, a tqdm bar over the optimizer steps on the main process
only, `accelerator.accumulate` over --accumulation micro-batches, `accelerator.save_state` every
--checkpointing-steps (accelerate logs `Saving current state to ...`), an evaluation and its
`epoch N: perplexity: ... eval_loss: ...` line after each epoch, no per-step loss line. Launched
by `accelerate launch --cpu --num_processes 2 --max_restarts 1`: on the first attempt rank
--crash-rank raises at optimizer step --crash-step; the relaunch resumes from the latest
`step_N` folder as the scripts' `--resume_from_checkpoint` does (`Resumed from checkpoint: ...`,
the epoch's earlier batches skipped). With --kohya-bar the bar is drawn as kohya's sd-scripts draw
theirs (described `steps`, each step's `update(1)` then `set_postfix(avr_loss=...)`, the mean loss so
far), and the HF-style header is not logged (sd-scripts print their own).

A tiny GPT-2 from a config (no download) on random tokens. The harness's own clock goes to
--truth as `TRUTH {...}` lines (time.time() around each optimizer step, each save, the crash,
each attempt's start and end), not to the console.
"""

from __future__ import annotations

import argparse
import json
import logging
import math
import os
import time

T0 = time.time()

import torch  # noqa: E402
from accelerate import Accelerator  # noqa: E402
from accelerate.logging import get_logger  # noqa: E402
from tqdm.auto import tqdm  # noqa: E402
from transformers import GPT2Config, GPT2LMHeadModel  # noqa: E402

logger = get_logger(__name__)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--truth", required=True)
    ap.add_argument("--epochs", type=int, default=2)
    ap.add_argument("--train-samples", type=int, default=192)
    ap.add_argument("--batch", type=int, default=4)
    ap.add_argument("--accumulation", type=int, default=2)
    ap.add_argument("--checkpointing-steps", type=int, default=5)
    ap.add_argument("--crash-rank", type=int, default=-1)
    ap.add_argument("--crash-step", type=int, default=-1)
    ap.add_argument("--step-sleep", type=float, default=0.1)
    ap.add_argument("--kohya-bar", action="store_true",
                    help="draw the bar as kohya's sd-scripts do (`steps`, update(1) then set_postfix(avr_loss=...)), no header")
    a = ap.parse_args()
    logging.basicConfig(format="%(asctime)s - %(levelname)s - %(name)s - %(message)s",
                        datefmt="%m/%d/%Y %H:%M:%S", level=logging.INFO)
    accelerator = Accelerator(gradient_accumulation_steps=a.accumulation, cpu=True)
    logger.info(accelerator.state, main_process_only=False)
    attempt = int(os.environ.get("TORCHELASTIC_RESTART_COUNT", "0"))

    def truth(**fields: object) -> None:
        if accelerator.is_main_process or fields.get("event") == "crash":
            with open(a.truth, "a") as fh:
                fh.write("TRUTH " + json.dumps({"rank": accelerator.process_index, "attempt": attempt, **fields}) + "\n")

    truth(event="attempt_start", t=T0)
    torch.manual_seed(0)
    torch.set_num_threads(1)
    config = GPT2Config(vocab_size=512, n_positions=64, n_embd=64, n_layer=2, n_head=4, bos_token_id=0, eos_token_id=0)
    model = GPT2LMHeadModel(config)
    g = torch.Generator().manual_seed(0)
    train = torch.randint(0, 512, (a.train_samples, 64), generator=g)
    evaluation = torch.randint(0, 512, (32, 64), generator=g)
    train_loader = torch.utils.data.DataLoader(train, batch_size=a.batch, shuffle=False)
    eval_loader = torch.utils.data.DataLoader(evaluation, batch_size=a.batch)
    optimizer = torch.optim.AdamW(model.parameters(), lr=5e-4)
    model, optimizer, train_loader, eval_loader = accelerator.prepare(model, optimizer, train_loader, eval_loader)
    steps_per_epoch = math.ceil(len(train_loader) / a.accumulation)
    max_train_steps = a.epochs * steps_per_epoch
    total_batch_size = a.batch * accelerator.num_processes * a.accumulation
    if not a.kohya_bar:
        logger.info("***** Running training *****")
        logger.info(f"  Num examples = {a.train_samples}")
        logger.info(f"  Num Epochs = {a.epochs}")
        logger.info(f"  Instantaneous batch size per device = {a.batch}")
        logger.info(f"  Total train batch size (w. parallel, distributed & accumulation) = {total_batch_size}")
        logger.info(f"  Gradient Accumulation steps = {a.accumulation}")
        logger.info(f"  Total optimization steps = {max_train_steps}")
    progress_bar = tqdm(range(max_train_steps), disable=not accelerator.is_local_main_process,
                        **({"desc": "steps"} if a.kohya_bar else {}))
    train_losses: list[float] = []  # (the steps' losses so far: kohya's running mean)
    completed_steps, starting_epoch, resume_step = 0, 0, None
    saved = sorted((d for d in os.listdir(a.out) if d.startswith("step_")), key=lambda d: int(d[5:])) \
        if os.path.isdir(a.out) else []
    if saved:  # the scripts' --resume_from_checkpoint: the latest folder
        path = os.path.join(a.out, saved[-1])
        accelerator.print(f"Resumed from checkpoint: {path}")
        accelerator.load_state(path)
        resume_step = int(saved[-1][5:]) * a.accumulation
        starting_epoch = resume_step // len(train_loader)
        completed_steps = resume_step // a.accumulation
        resume_step -= starting_epoch * len(train_loader)
    progress_bar.update(completed_steps)
    for epoch in range(starting_epoch, a.epochs):
        model.train()
        loader = train_loader
        if epoch == starting_epoch and resume_step is not None:
            loader = accelerator.skip_first_batches(train_loader, resume_step)
        began = time.time()
        for batch in loader:
            with accelerator.accumulate(model):
                loss = model(input_ids=batch, labels=batch).loss
                accelerator.backward(loss)
                optimizer.step()
                optimizer.zero_grad()
            if accelerator.sync_gradients:
                step = completed_steps + 1
                if accelerator.process_index == a.crash_rank and step == a.crash_step and attempt == 0:
                    truth(event="crash", step=step, t=time.time())
                    raise RuntimeError(f"injected failure on rank {accelerator.process_index} at step {step}")
                time.sleep(a.step_sleep)  # steps long enough for tqdm's one-second elapsed-time resolution
                progress_bar.update(1)
                completed_steps = step
                train_losses.append(loss.detach().item())
                if a.kohya_bar:
                    progress_bar.set_postfix(avr_loss=sum(train_losses) / len(train_losses))
                truth(event="step_end", step=step, start=began, t=time.time(), loss=loss.detach().item())
                if completed_steps % a.checkpointing_steps == 0:
                    started = time.time()
                    accelerator.save_state(os.path.join(a.out, f"step_{completed_steps}"))
                    truth(event="checkpoint_save", step=completed_steps, start=started, end=time.time())
                began = time.time()
        model.eval()
        losses = []
        for batch in eval_loader:
            with torch.no_grad():
                losses.append(accelerator.gather_for_metrics(model(input_ids=batch, labels=batch).loss.repeat(a.batch)))
        eval_loss = torch.mean(torch.cat(losses))
        logger.info(f"epoch {epoch}: perplexity: {math.exp(eval_loss)} eval_loss: {eval_loss}")
    accelerator.wait_for_everyone()
    truth(event="attempt_end", t=time.time())


if __name__ == "__main__":
    main()
