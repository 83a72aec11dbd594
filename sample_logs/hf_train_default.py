"""A real HuggingFace Trainer job as users run it: the Trainer's default log level (WARNING, so no
`***** Running training *****` header and no dated INFO lines), its default `report_to` (every
installed integration: TensorBoard here, so rank 0 writes `events.out.tfevents.*` under
`<output_dir>/runs/`), its default tqdm bar. A tiny GPT-2 built from a config (no download) trains
on random tokens with 2 ranks over gloo under torchrun, a checkpoint every --save-steps and, on the
first attempt only, an exception on --crash-rank at --crash-step; rerun by torchrun, the workers
resume from the latest checkpoint. `logging_steps=1` so that every step has a metrics record (the
Trainer's default, 500, would log none in a job this short). With --eval-steps the Trainer also
evaluates every N steps on a small set (--eval-samples), its own bar drawn between the training
bar's readings. With --epochs it trains that many epochs of --train-samples instead of --steps
steps (the Trainer's summary then names whole epochs). --n-positions sets the model's position
table: a large one makes each checkpoint take seconds to write (transformers 5 then draws a
`Writing model shards` bar that shows it). With --tokens-seen the dicts print the running count of
tokens trained on (`num_input_tokens_seen`), and each rank's truth its steps' tokens. With --example-tail the script ends as the
transformers example scripts (run_glue.py, run_clm.py) do: logging at INFO, the model saved, the
train metrics table, then `trainer.evaluate()` (its own bar) and the eval metrics table. With --log-info the
Trainer logs at INFO from the start, as those scripts set it (its `***** Running training *****` header, and a
resumed run's line saying from which step it goes on). With --no-bar the Trainer draws no progress bar
(`disable_tqdm`, as batch jobs set it): its metric dicts alone.

The harness's own clock (time.time() in a TrainerCallback) goes to --truth as `TRUTH {...}` lines,
not to the console, so the console holds only what the framework and launcher printed: attempt
start, each step's begin and end, checkpoint saves, the crash, the end of training.
"""

from __future__ import annotations

import argparse
import json
import os
import time

import torch
import transformers
from transformers import GPT2Config, GPT2LMHeadModel, Trainer, TrainerCallback, TrainingArguments
from transformers.trainer_utils import get_last_checkpoint

T0 = time.time()


class RandomTokens(torch.utils.data.Dataset):
    def __init__(self, n: int, seq: int, vocab: int) -> None:
        g = torch.Generator().manual_seed(0)
        self.x = torch.randint(0, vocab, (n, seq), generator=g)

    def __len__(self) -> int:
        return len(self.x)

    def __getitem__(self, i: int) -> dict[str, torch.Tensor]:
        return {"input_ids": self.x[i], "labels": self.x[i]}


class Truth(TrainerCallback):
    def __init__(self, path: str, rank: int, attempt: int, crash_rank: int, crash_step: int, step_sleep: float) -> None:
        self.path, self.rank, self.attempt = path, rank, attempt
        self.crash_rank, self.crash_step, self.step_sleep = crash_rank, crash_step, step_sleep

    counted: list[int] | None = None  # with --tokens-seen: the tokens of this rank's batches since its last step

    def emit(self, **fields: object) -> None:
        if self.rank == 0 or fields.get("event") in ("crash", "step_tokens"):
            # one short line per write with O_APPEND: the ranks' lines never interleave
            with open(self.path, "a") as fh:
                fh.write("TRUTH " + json.dumps({"rank": self.rank, "attempt": self.attempt, **fields}) + "\n")

    def on_step_begin(self, args, state, control, **kwargs):  # type: ignore[no-untyped-def]
        step = state.global_step + 1  # the step about to run, as the progress bar counts it
        self.emit(event="step_start", step=step, t=time.time())
        if self.rank == self.crash_rank and step == self.crash_step and self.attempt == 0:
            time.sleep(0.05)
            self.emit(event="crash", step=step, t=time.time())
            raise RuntimeError(f"injected failure on rank {self.rank} at step {step}")
        time.sleep(self.step_sleep)  # steps long enough for tqdm's one-second elapsed-time resolution

    def on_step_end(self, args, state, control, **kwargs):  # type: ignore[no-untyped-def]
        self.emit(event="step_end", step=state.global_step, t=time.time())
        if self.counted is not None:  # (each rank its own: the step's tokens are their sum)
            self.emit(event="step_tokens", step=state.global_step, tokens=sum(self.counted))
            self.counted.clear()

    def on_save(self, args, state, control, **kwargs):  # type: ignore[no-untyped-def]
        # torch 2.13 (CPU) cannot load the RNG-state file transformers 4.57 writes ("don't know how
        # to restore data location ... cpu:0"); without it the Trainer resumes and says so.
        folder = os.path.join(args.output_dir, f"checkpoint-{state.global_step}")
        for name in os.listdir(folder) if os.path.isdir(folder) else []:
            if name.startswith("rng_state"):
                os.remove(os.path.join(folder, name))
        self.emit(event="checkpoint_saved", step=state.global_step, t=time.time())

    def on_train_end(self, args, state, control, **kwargs):  # type: ignore[no-untyped-def]
        self.emit(event="attempt_end", t=time.time())


class CpuDdpTrainer(Trainer):
    """Compatibility shim: under CPU DDP transformers 4.57 loads the optimizer state with
    map_location=args.device, i.e. "cpu:0", a location torch 2.13 refuses. Map it to "cpu"."""

    counted: list[int] | None = None

    def training_step(self, model, inputs, num_items_in_batch=None):  # type: ignore[no-untyped-def]
        if self.counted is not None:
            self.counted.append(int(inputs["input_ids"].numel()))  # (counted before the Trainer sees the batch)
        return super().training_step(model, inputs, num_items_in_batch)

    def _load_optimizer_and_scheduler(self, checkpoint):  # type: ignore[no-untyped-def]
        original = torch.load

        def load(*args, **kwargs):  # type: ignore[no-untyped-def]
            kwargs["map_location"] = "cpu"
            return original(*args, **kwargs)

        torch.load = load
        try:
            return super()._load_optimizer_and_scheduler(checkpoint)
        finally:
            torch.load = original


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--truth", required=True, help="file the TRUTH lines are appended to")
    ap.add_argument("--steps", type=int, default=24)
    ap.add_argument("--save-steps", type=int, default=8)
    ap.add_argument("--crash-rank", type=int, default=-1)
    ap.add_argument("--crash-step", type=int, default=-1)
    ap.add_argument("--step-sleep", type=float, default=0.0)
    ap.add_argument("--logging-steps", type=int, default=1)
    ap.add_argument("--epochs", type=float, default=0, help="train this many epochs instead of --steps (0: --steps)")
    ap.add_argument("--train-samples", type=int, default=4096)
    ap.add_argument("--eval-steps", type=int, default=0, help="evaluate every N steps (0: never)")
    ap.add_argument("--eval-samples", type=int, default=24)
    ap.add_argument("--example-tail", action="store_true",
                    help="log at INFO and end as the example scripts do: save, train metrics, evaluate, eval metrics")
    ap.add_argument("--n-positions", type=int, default=64,
                    help="the model's position table (a larger one makes each checkpoint take longer to write)")
    ap.add_argument("--report-to", default=None, help="TrainingArguments.report_to (default: the Trainer's own)")
    ap.add_argument("--no-bar", action="store_true", help="TrainingArguments.disable_tqdm: no progress bar, as a batch job's")
    ap.add_argument("--log-info", action="store_true",
                    help="log at INFO from the start, as the transformers example scripts set it (the header, a resume's line)")
    ap.add_argument("--tokens-seen", action="store_true",
                    help="include_num_input_tokens_seen: the dicts print the running count of tokens trained on")
    ap.add_argument("--cuda", action="store_true", help="train on the GPU (NCCL between ranks) instead of the CPU (gloo)")
    a = ap.parse_args()
    rank = int(os.environ.get("RANK", "0"))
    attempt = int(os.environ.get("TORCHELASTIC_RESTART_COUNT", "0"))
    truth = Truth(a.truth, rank, attempt, a.crash_rank, a.crash_step, a.step_sleep)
    truth.emit(event="attempt_start", t=T0)
    torch.manual_seed(0)
    torch.set_num_threads(1)
    config = GPT2Config(vocab_size=512, n_positions=a.n_positions, n_embd=64, n_layer=2, n_head=4, bos_token_id=0,
                        eos_token_id=0)
    model = GPT2LMHeadModel(config)
    args = TrainingArguments(
        output_dir=a.out, max_steps=-1 if a.epochs else a.steps, num_train_epochs=a.epochs or 3.0,
        per_device_train_batch_size=8, logging_steps=a.logging_steps,
        save_steps=a.save_steps, use_cpu=not a.cuda, ddp_backend="nccl" if a.cuda else "gloo", seed=0,
        eval_strategy="steps" if a.eval_steps else "no", eval_steps=a.eval_steps or None, per_device_eval_batch_size=8,
        include_num_input_tokens_seen=a.tokens_seen, **({"report_to": a.report_to} if a.report_to else {}),
        **({"disable_tqdm": True} if a.no_bar else {}),
    )
    if a.example_tail or a.log_info:
        transformers.utils.logging.set_verbosity_info()
    evaluation = RandomTokens(a.eval_samples, 64, 512) if a.eval_steps or a.example_tail else None
    trainer = CpuDdpTrainer(model=model, args=args, train_dataset=RandomTokens(a.train_samples, 64, 512), eval_dataset=evaluation,
                            callbacks=[truth])
    if a.tokens_seen:
        truth.counted = trainer.counted = []
    last = get_last_checkpoint(a.out) if os.path.isdir(a.out) else None
    result = trainer.train(resume_from_checkpoint=last)
    if a.example_tail:
        trainer.save_model()
        trainer.log_metrics("train", result.metrics)
        trainer.save_metrics("train", result.metrics)
        trainer.save_state()
        metrics = trainer.evaluate()
        trainer.log_metrics("eval", metrics)
        trainer.save_metrics("eval", metrics)


if __name__ == "__main__":
    main()
