"""A small real DDP training job, for recording tracelens sample inputs.

Run under torchrun (see record_gloo_job.sh): 2 ranks over gloo on one CPU box, a real
DataLoader, the PyTorch profiler writing one Kineto trace per rank, and a console log.

Faults can be injected so that tests know the truth:
  --stall-rank R --stall-steps 4,6 --stall-ms 150   the DataLoader of rank R sleeps 150 ms
                                                     inside __next__ on those steps
  --slow-rank R --slow-ms 40                         rank R sleeps 40 ms in every forward
Every injected sleep is logged with its measured length (time.perf_counter) in a JSON line
`INJECTED {...}`, and the profiler step it belongs to, so tests compare against measurements.

Restarts (run under torchrun --max-restarts 1, see record_restart_job.sh):
  --ckpt-dir D --ckpt-every N     save model+optimizer every N steps (and load the latest at start)
  --crash-rank R --crash-step S   rank R raises at step S in the first attempt only
  --metrics-jsonl PATH            rank 0 appends one JSON line per step (time, step, loss, ...)
  --log-data-time                 step lines also report `data_time_s` (the time next(dataloader)
                                  took); with --stall-rank/--stall-steps/--stall-ms stalls are
                                  injected in this mode too
  --hang-rank R --hang-step S     rank R stops issuing collectives at step S of the first
                                  attempt (it sleeps); the others time out in the step's
                                  all_reduce after --hang-timeout-s (gloo), every rank dumps
                                  its flight recorder to --fr-dir and the attempt fails
  --no-profile                    no profiler
  --log-every N                   a step line for every Nth step only (steps 0, N, 2N, ...), as
                                  DeepSpeed's steps_per_print and Megatron's log_interval do
  --unlabeled-log                 log lines name no rank (as a script that logs on every rank
                                  without saying which does); run without torchrun's --tee,
                                  the console holds every rank's lines with nothing to tell them apart
  --whole-seconds                 log times in whole seconds (`datefmt="%m/%d/%Y %H:%M:%S"`, as
                                  Hugging Face's example scripts configure logging)
GPU recordings (see record_gpu_jobs.sh): --device cuda puts the model and batches on the GPU
and adds CUDA to the profiler's activities; --backend nccl uses NCCL (one rank per GPU);
--d-model sets the model width; with --fr-dir and the profiler on, every rank dumps its flight
recorder (pickle and, where the build has it, JSON) after the last step. --compile MODE wraps
the model in torch.compile (MODE "reduce-overhead" replays CUDA graphs); --bf16 runs forward
and loss under bf16 autocast.
The harness's own clock (time.time()) is logged as `TRUTH {...}` lines: attempt start, each
step's start and end, checkpoint save/load start and end, the crash. Tests take these as the
expected values for attempts, lost steps and goodput buckets.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import time
from datetime import timedelta

import torch
import torch.distributed as dist
import torch.nn as nn
from torch.profiler import ProfilerActivity, profile, record_function, schedule, tensorboard_trace_handler
from torch.utils.data import DataLoader, Dataset, DistributedSampler

log = logging.getLogger("gloo_train")


class TokenDataset(Dataset):
    """Random token sequences; `stall_s` makes the next __getitem__ sleep (set per step)."""

    def __init__(self, n: int, seq: int, vocab: int) -> None:
        g = torch.Generator().manual_seed(0)
        self.x = torch.randint(0, vocab, (n, seq), generator=g)
        self.stall_s = 0.0
        self.stalled_s = 0.0

    def __len__(self) -> int:
        return len(self.x)

    def __getitem__(self, i: int) -> tuple[torch.Tensor, torch.Tensor]:
        if self.stall_s:
            t0 = time.perf_counter()
            time.sleep(self.stall_s)
            self.stalled_s += time.perf_counter() - t0
            self.stall_s = 0.0
        row = self.x[i]
        return row[:-1], row[1:]


class TinyLM(nn.Module):
    def __init__(self, vocab: int, d: int, slow_s: float) -> None:
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.block = nn.TransformerEncoderLayer(d, 4, dim_feedforward=4 * d, batch_first=True)
        self.head = nn.Linear(d, vocab)
        self.slow_s = slow_s
        self.slept_s = 0.0

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if self.slow_s:
            t0 = time.perf_counter()
            time.sleep(self.slow_s)
            self.slept_s += time.perf_counter() - t0
        return self.head(self.block(self.emb(x)))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True, help="trace directory")
    ap.add_argument("--steps", type=int, default=8)
    ap.add_argument("--batch", type=int, default=8)
    ap.add_argument("--seq", type=int, default=65)
    ap.add_argument("--stall-rank", type=int, default=-1)
    ap.add_argument("--stall-steps", default="")
    ap.add_argument("--stall-ms", type=float, default=0.0)
    ap.add_argument("--slow-rank", type=int, default=-1)
    ap.add_argument("--slow-ms", type=float, default=0.0)
    ap.add_argument("--ckpt-dir", default="")
    ap.add_argument("--ckpt-every", type=int, default=0)
    ap.add_argument("--crash-rank", type=int, default=-1)
    ap.add_argument("--crash-step", type=int, default=-1)
    ap.add_argument("--hang-rank", type=int, default=-1)
    ap.add_argument("--hang-step", type=int, default=-1)
    ap.add_argument("--hang-timeout-s", type=float, default=5.0)
    ap.add_argument("--fr-dir", default="")
    ap.add_argument("--metrics-jsonl", default="", help="rank 0 also writes one JSON line per step here")
    ap.add_argument("--log-data-time", action="store_true", help="step lines also say how long the batch took")
    ap.add_argument("--no-profile", action="store_true")
    ap.add_argument("--unlabeled-log", action="store_true", help="log lines name no rank")
    ap.add_argument("--log-every", type=int, default=1, help="a step line for every Nth step only")
    ap.add_argument("--whole-seconds", action="store_true",
                    help="log times in whole seconds (datefmt %%m/%%d/%%Y %%H:%%M:%%S, as HF's example scripts)")
    ap.add_argument("--device", default="cpu", choices=["cpu", "cuda"])
    ap.add_argument("--backend", default="gloo", choices=["gloo", "nccl"])
    ap.add_argument("--d-model", type=int, default=64)
    ap.add_argument("--compile", default="", metavar="MODE", help="torch.compile the model with this mode")
    ap.add_argument("--bf16", action="store_true", help="bf16 autocast for forward and loss")
    a = ap.parse_args()
    attempt = int(os.environ.get("TORCHELASTIC_RESTART_COUNT", "0"))
    truth_t0 = time.time()
    label = "" if a.unlabeled_log else f"[rank{os.environ.get('RANK', '0')}] "
    logging.basicConfig(level=logging.INFO, format=f"%(asctime)s %(levelname)s {label}%(name)s: %(message)s",
                        datefmt="%m/%d/%Y %H:%M:%S" if a.whole_seconds else None)
    log.info("starting (restart count %d)", attempt)

    hang_mode = a.hang_rank >= 0 and attempt == 0
    if hang_mode:
        dist.init_process_group(a.backend, timeout=timedelta(seconds=a.hang_timeout_s))
    else:
        dist.init_process_group(a.backend)
    rank, world = dist.get_rank(), dist.get_world_size()
    torch.manual_seed(0)
    torch.set_num_threads(1)
    vocab, d = 512, a.d_model
    device = torch.device("cuda", int(os.environ.get("LOCAL_RANK", "0")) % max(1, torch.cuda.device_count())) \
        if a.device == "cuda" else torch.device("cpu")
    if a.device == "cuda":
        torch.cuda.set_device(device)
    ds = TokenDataset(2048, a.seq, vocab)
    sampler = DistributedSampler(ds, num_replicas=world, rank=rank, shuffle=True, seed=0)
    dl = DataLoader(ds, batch_size=a.batch, sampler=sampler, num_workers=0)
    net: nn.Module = TinyLM(vocab, d, a.slow_ms / 1000 if rank == a.slow_rank else 0.0).to(device)
    if a.compile:
        net = torch.compile(net, mode=a.compile)  # type: ignore[assignment]
    model = nn.parallel.DistributedDataParallel(net)

    def amp() -> torch.autocast:
        return torch.autocast(device_type=device.type, dtype=torch.bfloat16, enabled=a.bf16)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
    lossf = nn.CrossEntropyLoss()
    stall_steps = {int(s) for s in a.stall_steps.split(",") if s}
    tokens_per_step = a.batch * (a.seq - 1) * world
    log.info("world_size=%d params=%d tokens_per_step=%d", world, sum(p.numel() for p in model.parameters()), tokens_per_step)

    def dump_flight_recorder() -> None:
        if a.fr_dir:
            os.makedirs(a.fr_dir, exist_ok=True)
            c10d = torch._C._distributed_c10d
            dump = getattr(c10d, "_dump_nccl_trace", None) if a.backend == "nccl" else None
            with open(os.path.join(a.fr_dir, f"fr_trace_rank_{rank}"), "wb") as fh:
                fh.write(dump() if dump else c10d._dump_fr_trace())
            dump_json = getattr(c10d, "_dump_nccl_trace_json" if a.backend == "nccl" else "_dump_fr_trace_json", None)
            if dump_json is not None:
                text = dump_json()
                with open(os.path.join(a.fr_dir, f"fr_trace_rank_{rank}.json"), "wb") as fh:
                    fh.write(text if isinstance(text, bytes) else text.encode())

    def truth(**fields: object) -> None:
        if rank == 0 or fields.get("event") in ("crash", "hang_start"):
            print("TRUTH " + json.dumps({"rank": rank, "attempt": attempt, **fields}), flush=True)

    truth(event="attempt_start", t=truth_t0)
    start_step = 0
    ckpt_path = os.path.join(a.ckpt_dir, "latest.pt") if a.ckpt_dir else ""
    if ckpt_path and os.path.exists(ckpt_path):
        t0 = time.time()
        log.info("loading checkpoint from %s", ckpt_path)
        state = torch.load(ckpt_path, weights_only=False)
        model.module.load_state_dict(state["model"])
        opt.load_state_dict(state["opt"])
        start_step = state["step"] + 1
        dist.barrier()
        log.info("loaded checkpoint at step %d in %.3f s", state["step"], time.time() - t0)
        truth(event="checkpoint_load", start=t0, end=time.time(), step=state["step"])
    log.info("Training starts at step %d", start_step)

    it = iter(dl)
    t_start = time.time()
    if a.no_profile:
        for step in range(start_step, a.steps):
            t0 = time.time()
            truth(event="step_start", step=step, t=t0)
            if rank == a.crash_rank and step == a.crash_step and attempt == 0:
                time.sleep(0.05)
                truth(event="crash", step=step, t=time.time())
                raise RuntimeError(f"injected failure on rank {rank} at step {step}")
            if hang_mode and rank == a.hang_rank and step == a.hang_step:
                truth(event="hang_start", step=step, t=time.time())
                log.info("injected hang: rank %d stops issuing collectives at step %d", rank, step)
                # Its flight recorder as it stands: torchrun will kill this process when the others
                # fail, so it cannot wait for their timeout to dump it.
                dump_flight_recorder()
                time.sleep(a.hang_timeout_s * 2)  # the others time out waiting in this step's all_reduce
                raise RuntimeError(f"injected hang on rank {rank} at step {step}")
            if rank == a.stall_rank and step in stall_steps:
                ds.stall_s = a.stall_ms / 1000
            t_data = time.time()
            x, y = next(it)
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            data_s = time.time() - t_data
            if a.log_data_time and rank == 0:
                truth(event="data", step=step, data_s=data_s, t=time.time())
            opt.zero_grad(set_to_none=True)
            try:
                with amp():
                    loss = lossf(model(x).reshape(-1, vocab), y.reshape(-1))
                loss.backward()
                opt.step()
            except RuntimeError:
                if hang_mode:
                    truth(event="collective_failed", step=step, t=time.time())
                    dump_flight_recorder()
                raise
            if step % a.log_every:
                pass
            elif a.log_data_time:
                log.info("step %d loss %.4f step_time_s %.4f data_time_s %.4f tokens %d", step, loss.item(), time.time() - t0,
                         data_s, tokens_per_step)
            else:
                log.info("step %d loss %.4f step_time_s %.4f tokens %d", step, loss.item(), time.time() - t0, tokens_per_step)
            t_end = time.time()
            if a.metrics_jsonl and rank == 0:
                with open(a.metrics_jsonl, "a") as fh:
                    fh.write(json.dumps({"step": step, "time": t_end, "loss": round(loss.item(), 6),
                                         "step_time_s": round(t_end - t0, 6), "tokens": tokens_per_step}) + "\n")
            truth(event="step_end", step=step, t=t_end)
            if ckpt_path and a.ckpt_every and (step + 1) % a.ckpt_every == 0:
                t1 = time.time()
                log.info("saving checkpoint at step %d to %s", step, ckpt_path)
                if rank == 0:
                    torch.save({"model": model.module.state_dict(), "opt": opt.state_dict(), "step": step}, ckpt_path + ".tmp")
                    os.replace(ckpt_path + ".tmp", ckpt_path)
                dist.barrier()
                log.info("saved checkpoint at step %d in %.3f s", step, time.time() - t1)
                truth(event="checkpoint_save", start=t1, end=time.time(), step=step)
        log.info("training done: %d steps in %.3f s", a.steps - start_step, time.time() - t_start)
        truth(event="attempt_end", t=time.time())
        dist.destroy_process_group()
        return
    with profile(
        activities=[ProfilerActivity.CPU] + ([ProfilerActivity.CUDA] if a.device == "cuda" else []),
        schedule=schedule(wait=1, warmup=1, active=a.steps - 2, repeat=1),
        on_trace_ready=tensorboard_trace_handler(a.out, worker_name=f"rank{rank}", use_gzip=True),
        record_shapes=True,
    ) as prof:
        for step in range(a.steps):
            t0 = time.time()
            if rank == a.stall_rank and step in stall_steps:
                ds.stall_s = a.stall_ms / 1000
            stalled_before, slept_before = ds.stalled_s, model.module.slept_s
            x, y = next(it)
            x, y = x.to(device, non_blocking=True), y.to(device, non_blocking=True)
            opt.zero_grad(set_to_none=True)
            with amp():
                out = model(x)
                with record_function("loss"):
                    loss = lossf(out.reshape(-1, vocab), y.reshape(-1))
            loss.backward()
            opt.step()
            prof.step()
            stalled = ds.stalled_s - stalled_before
            slept = model.module.slept_s - slept_before
            if stalled or slept:
                # ProfilerStep#N numbering: the profiler names the step it is in by its own counter,
                # which equals the loop index here (prof.step() is called once per iteration).
                injected = {"rank": rank, "step": step, "data_stall_s": stalled, "forward_sleep_s": slept}
                print("INJECTED " + json.dumps(injected), flush=True)
            log.info("step %d loss %.4f step_time_s %.4f tokens %d", step, loss.item(), time.time() - t0, tokens_per_step)
    log.info("training done: %d steps in %.3f s", a.steps, time.time() - t_start)
    dump_flight_recorder()
    dist.destroy_process_group()


if __name__ == "__main__":
    main()
