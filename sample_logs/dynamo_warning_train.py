"""A small training loop under torch.compile whose backend fails: TorchDynamo, told to suppress
compile errors, logs a warning with the traceback (every line under PyTorch's glog-style head,
`W1205 10:02:22.765000 21501 torch/_dynamo/convert_frame.py:2415] Traceback ...`) and runs the
step eagerly; the run goes on and finishes. Each step is logged with Python logging's dates."""

import argparse
import logging
import time

import torch
import torch._dynamo


def failing_backend(gm: torch.fx.GraphModule, example_inputs: list[torch.Tensor]) -> None:
    raise RuntimeError("this backend fails on purpose")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=6)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s - %(levelname)s - %(message)s")
    log = logging.getLogger("train")
    torch._dynamo.config.suppress_errors = True
    torch.manual_seed(0)
    model = torch.nn.Linear(16, 1)
    optimizer = torch.optim.SGD(model.parameters(), lr=0.01)

    @torch.compile(backend=failing_backend)
    def loss_of(x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
        return torch.nn.functional.mse_loss(model(x), y)

    log.info("Starting training for %d steps", args.steps)
    for step in range(1, args.steps + 1):
        x, y = torch.randn(32, 16), torch.randn(32, 1)
        loss = loss_of(x, y)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        time.sleep(0.2)
        log.info("step %d | loss %.4f", step, loss.item())
    log.info("Training finished")


if __name__ == "__main__":
    main()
