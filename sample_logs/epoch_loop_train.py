"""A hand-written PyTorch training loop of the kind tutorials teach: for each epoch, for each
batch, a forward, backward and optimizer step, and every few batches a line in the PyTorch
tutorial's form, `Epoch [1/3], Step [5/20], Loss: 0.6931` (the epoch and the batch counted from 1
within their totals), logged through Python's logging with its default `asctime` date. At the
end of each epoch it logs the training time so far (`training time: 3.2s`), and at the end the
run's (`Training time: 9.6s`). With --backbone N the model starts with N more hidden blocks,
and the script prints it before training (`print(model)`, as research scripts print their
network: N x 4 + 7 lines).

The harness's own clock (time.time()) goes to --truth as `TRUTH {...}` lines, never to the
console: each logged batch's end (its epoch and batch as printed, and the global step, counted
from 1 over the epochs), the end of training.
"""

from __future__ import annotations

import argparse
import json
import logging
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--truth", type=Path, required=True)
    parser.add_argument("--epochs", type=int, default=3)
    parser.add_argument("--batches", type=int, default=20)
    parser.add_argument("--log-every", type=int, default=5)
    parser.add_argument("--backbone", type=int, default=0, help="hidden blocks before the head; printed with the model")
    args = parser.parse_args()

    import torch

    logging.basicConfig(level=logging.INFO, format="%(asctime)s - %(name)s - %(levelname)s - %(message)s")
    log = logging.getLogger("train")
    truth = args.truth.open("w")

    def mark(event: str, **fields: object) -> None:
        truth.write("TRUTH " + json.dumps({"event": event, **fields, "t": time.time()}) + "\n")
        truth.flush()

    torch.manual_seed(0)
    model = torch.nn.Sequential(torch.nn.Linear(64, 256), torch.nn.ReLU(), torch.nn.Linear(256, 2))
    if args.backbone:
        blocks = [torch.nn.Sequential(torch.nn.Linear(64, 64), torch.nn.ReLU()) for _ in range(args.backbone)]
        model = torch.nn.Sequential(torch.nn.Sequential(*blocks), model)
        print(model, flush=True)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.05)
    loss_fn = torch.nn.CrossEntropyLoss()
    x = torch.randn(args.batches * 32, 64)
    y = (x[:, 0] > 0).long()
    start = time.time()
    step = 0
    for epoch in range(args.epochs):
        for i in range(args.batches):
            xb, yb = x[i * 32:(i + 1) * 32], y[i * 32:(i + 1) * 32]
            loss = loss_fn(model(xb), yb)
            optimizer.zero_grad()
            loss.backward()
            optimizer.step()
            time.sleep(0.05)  # a step long enough for the log's millisecond dates
            step += 1
            if (i + 1) % args.log_every == 0:
                log.info("Epoch [%d/%d], Step [%d/%d], Loss: %.4f", epoch + 1, args.epochs, i + 1, args.batches, loss.item())
                mark("step_logged", epoch=epoch + 1, batch=i + 1, step=step, loss=round(loss.item(), 4))
        log.info("training time: %.1fs", time.time() - start)
    mark("train_end")
    log.info("Training time: %.1fs", time.time() - start)


if __name__ == "__main__":
    main()
