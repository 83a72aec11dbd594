"""A real Stable-Baselines3 job at its defaults but for a short run: PPO on CartPole-v1 with
`verbose=1` (its logger's tables to stdout after each rollout: `time/iterations`, `total_timesteps`,
`train/...`), an `EvalCallback` every --eval-freq timesteps (its own line, `Eval num_timesteps=N,
episode_reward=...`, and a table of `eval/` and `time/total_timesteps` rows) and a `CheckpointCallback`
every --save-freq timesteps (`Saving model checkpoint to ...`).

The harness's own clock goes to --truth as `TRUTH {...}` lines (each rollout's end, with its
iteration, and each evaluation's), not to the console.
"""

from __future__ import annotations

import argparse
import json
import time

import gymnasium as gym
from stable_baselines3 import PPO
from stable_baselines3.common.callbacks import BaseCallback, CheckpointCallback, EvalCallback


class Truth(BaseCallback):
    def __init__(self, path: str) -> None:
        super().__init__()
        self.path, self.iteration = path, 0

    def emit(self, **fields: object) -> None:
        with open(self.path, "a") as fh:
            fh.write("TRUTH " + json.dumps(fields) + "\n")

    def _on_training_start(self) -> None:
        self.emit(event="attempt_start", t=time.time())

    def _on_rollout_end(self) -> None:
        self.iteration += 1  # (PPO logs the iteration's table after its rollout, then trains on it)
        self.emit(event="rollout_end", iteration=self.iteration, timesteps=self.num_timesteps, t=time.time())

    def _on_step(self) -> bool:
        return True

    def _on_training_end(self) -> None:
        self.emit(event="attempt_end", t=time.time())


class EvalTruth(BaseCallback):
    """Called by EvalCallback after each evaluation."""

    def __init__(self, truth: Truth) -> None:
        super().__init__()
        self.truth = truth

    def _on_step(self) -> bool:
        self.truth.emit(event="eval_end", timesteps=self.num_timesteps, t=time.time())
        return True


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--truth", required=True)
    ap.add_argument("--timesteps", type=int, default=8192)
    ap.add_argument("--n-steps", type=int, default=1024)
    ap.add_argument("--eval-freq", type=int, default=2048)
    ap.add_argument("--save-freq", type=int, default=4096)
    a = ap.parse_args()
    env, eval_env = gym.make("CartPole-v1"), gym.make("CartPole-v1")
    truth = Truth(a.truth)
    model = PPO("MlpPolicy", env, n_steps=a.n_steps, verbose=1, seed=0, device="cpu")
    evaluation = EvalCallback(eval_env, eval_freq=a.eval_freq, n_eval_episodes=5, callback_after_eval=EvalTruth(truth),
                              best_model_save_path=a.out)
    saving = CheckpointCallback(save_freq=a.save_freq, save_path=a.out, verbose=2)
    model.learn(total_timesteps=a.timesteps, callback=[truth, evaluation, saving])


if __name__ == "__main__":
    main()
