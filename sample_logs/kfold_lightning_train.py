"""One process fitting three folds with Lightning, a new Trainer and TensorBoardLogger each (k-fold
cross-validation as users write it): the bar's logger version goes 0, 1, 2 (`v_num=0`, ...) with no
relaunch. Each fold's end is logged with Python logging's dates. CPU, a tiny MLP, a few steps a fold."""

import argparse
import logging
import time

import lightning as L
import torch
from lightning.pytorch.loggers import TensorBoardLogger
from torch import nn
from torch.utils.data import DataLoader, TensorDataset


class Regressor(L.LightningModule):
    def __init__(self, step_sleep: float) -> None:
        super().__init__()
        self.net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 1))
        self.step_sleep = step_sleep

    def training_step(self, batch: tuple[torch.Tensor, torch.Tensor], batch_idx: int) -> torch.Tensor:
        x, y = batch
        time.sleep(self.step_sleep)
        loss = nn.functional.mse_loss(self.net(x), y)
        self.log("train_loss", loss, prog_bar=True)
        return loss

    def configure_optimizers(self) -> torch.optim.Optimizer:
        return torch.optim.SGD(self.parameters(), lr=0.01)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--out", required=True)
    parser.add_argument("--folds", type=int, default=3)
    parser.add_argument("--step-sleep", type=float, default=0.05)
    args = parser.parse_args()
    logging.basicConfig(level=logging.INFO, format="%(asctime)s - %(levelname)s - %(message)s")
    log = logging.getLogger("kfold")
    torch.manual_seed(0)
    x, y = torch.randn(160, 8), torch.randn(160, 1)
    for fold in range(args.folds):
        log.info("fold %d of %d starts", fold, args.folds)
        train = DataLoader(TensorDataset(x, y), batch_size=16)
        trainer = L.Trainer(accelerator="cpu", max_epochs=2, log_every_n_steps=1, enable_checkpointing=False,
                            logger=TensorBoardLogger(args.out, name="kfold"), enable_model_summary=False)
        trainer.fit(Regressor(args.step_sleep), train)
        log.info("fold %d done", fold)


if __name__ == "__main__":
    main()
