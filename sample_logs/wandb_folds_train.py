"""Three W&B runs in one process, as a k-fold loop makes them (`wandb.init` and `run.finish` a fold), offline: the
script's own dated logger lines between them, no step line. Recorded by record_wandb_folds_job.sh."""

import logging
import time

import wandb

logging.basicConfig(format="%(asctime)s - %(levelname)s - %(message)s", level=logging.INFO)
log = logging.getLogger("folds")
for fold in range(3):
    log.info("fold %d: fitting", fold)
    run = wandb.init(project="folds", mode="offline", name=f"fold-{fold}")
    for i in range(3):
        time.sleep(1)
        run.log({"metric": i * 0.1})
    log.info("fold %d: done", fold)
    run.finish()
log.info("all folds done")
