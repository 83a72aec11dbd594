"""A small DeepXDE function fit (the recorded sample_logs/deepxde_relaunch): Adam, then L-BFGS in the same process, as
DeepXDE's examples train; `--kill-after N` stops the process with SIGKILL after N Adam iterations (a node's OOM killer
or a preemption: no traceback, nothing said)."""

import argparse
import os
import signal

import deepxde as dde
import numpy as np

parser = argparse.ArgumentParser()
parser.add_argument("--kill-after", type=int, default=0)
args = parser.parse_args()

dde.config.set_random_seed(7)
geom = dde.geometry.Interval(-1, 1)
data = dde.data.Function(geom, lambda x: x * np.sin(5 * x), 64, 100)
net = dde.nn.FNN([1] + [32] * 3 + [1], "tanh", "Glorot uniform")
model = dde.Model(data, net)


class KillAfter(dde.callbacks.Callback):
    def on_epoch_end(self):
        if args.kill_after and self.model.train_state.step >= args.kill_after:
            os.kill(os.getpid(), signal.SIGKILL)


model.compile("adam", lr=0.001, metrics=["l2 relative error"])
model.train(iterations=3000, display_every=500, callbacks=[KillAfter()])
dde.optimizers.set_LBFGS_options(maxiter=1000)
model.compile("L-BFGS", metrics=["l2 relative error"])
model.train(display_every=500)
