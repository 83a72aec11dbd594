"""A real collective hang, recorded by PyTorch's flight recorder (gloo, CPU).

Every rank runs a few training-like steps: an all_reduce on the default group and one on
its pair group ([0, 1] or [2, 3]). At step --fault-step the fault is injected:

  --scenario skip      rank --fault-rank does not issue the step's default-group all_reduce
                       (it sleeps past the others' timeout instead), so it is the missing rank;
  --scenario mismatch  rank --fault-rank issues a broadcast where the others issue the
                       all_reduce: the same sequence number, a different op.

The collective times out on the other ranks (gloo, --timeout-s); every rank then dumps its
flight-recorder buffer, as a pickle (the format torch writes on a watchdog timeout) and as
JSON, to OUT/fr_trace_rank_<rank>[.json]. What the harness did is printed on `TRUTH {...}`
lines: which rank, which op, and the sequence number it counted itself.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from datetime import timedelta

import torch
import torch.distributed as dist


def truth(**fields: object) -> None:
    print("TRUTH " + json.dumps(fields), flush=True)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--scenario", choices=("skip", "mismatch"), required=True)
    ap.add_argument("--fault-rank", type=int, default=2)
    ap.add_argument("--fault-step", type=int, default=3)
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--timeout-s", type=float, default=3.0)
    args = ap.parse_args()

    dist.init_process_group("gloo", timeout=timedelta(seconds=args.timeout_s))
    rank, world = dist.get_rank(), dist.get_world_size()
    pairs = [dist.new_group([r, r + 1]) for r in range(0, world, 2)]
    pair = pairs[rank // 2]
    grad = torch.ones(64, 256)
    bucket = torch.ones(1024)
    default_seq = 0  # collectives this rank issued on the default group
    for step in range(1, args.steps + 1):
        try:
            if step == args.fault_step and rank == args.fault_rank:
                if args.scenario == "skip":
                    truth(scenario="skip", rank=rank, step=step, pg="default_pg", seq=default_seq + 1,
                          op="all_reduce", t=time.time())
                    time.sleep(args.timeout_s * 2)  # the others time out waiting for this rank
                    break
                default_seq += 1
                truth(scenario="mismatch", rank=rank, step=step, pg="default_pg", seq=default_seq,
                      op="broadcast", others_op="all_reduce", t=time.time())
                dist.broadcast(grad, src=0)
            else:
                default_seq += 1
                dist.all_reduce(grad)
            dist.all_reduce(bucket, group=pair)
            print(f"rank {rank} step {step} done", flush=True)
        except RuntimeError as exc:
            print(f"rank {rank} step {step}: collective failed: {str(exc).splitlines()[0]}", flush=True)
            break
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, f"fr_trace_rank_{rank}"), "wb") as f:
        f.write(torch._C._distributed_c10d._dump_fr_trace())
    with open(os.path.join(args.out, f"fr_trace_rank_{rank}.json"), "wb") as f:
        f.write(torch._C._distributed_c10d._dump_fr_trace_json())
    print(f"rank {rank}: flight recorder dumped", flush=True)
    os._exit(0)  # the process group is wedged by design: do not wait for its teardown


if __name__ == "__main__":
    main()
