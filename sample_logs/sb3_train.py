"""A real Stable-Baselines3 job at its defaults but for a short run: PPO on CartPole-v1 with
`verbose=1` (its logger's tables to stdout after each rollout: `time/iterations`, `total_timesteps`,
`train/...`), an `EvalCallback` every --eval-freq timesteps (its own line, `Eval num_timesteps=N,
episode_reward=...`, and a table of `eval/` and `time/total_timesteps` rows) and a `CheckpointCallback`
every --save-freq timesteps (`Saving model checkpoint to ...`).

With --algo sac, SAC on Pendulum-v1 (an off-policy run: its tables every 4 episodes count
`total_timesteps`, with no `iterations`, and so do the evaluations' tables).

The harness's own clock goes to --truth as `TRUTH {...}` lines (each rollout's end, with its
iteration, each episode's end and each evaluation's), not to the console.
"""

from __future__ import annotations

import argparse
import json
import time

import gymnasium as gym
from stable_baselines3 import PPO, SAC
from stable_baselines3.common.callbacks import BaseCallback, CheckpointCallback, EvalCallback


class Truth(BaseCallback):
    def __init__(self, path: str, rollouts: bool) -> None:
        super().__init__()
        self.path, self.iteration, self.rollouts = path, 0, rollouts  # (SAC's rollouts are its env steps: not emitted)

    def emit(self, **fields: object) -> None:
        with open(self.path, "a") as fh:
            fh.write("TRUTH " + json.dumps(fields) + "\n")

    def _on_training_start(self) -> None:
        self.emit(event="attempt_start", t=time.time())

    def _on_rollout_end(self) -> None:
        self.iteration += 1  # (PPO logs the iteration's table after its rollout, then trains on it)
        if self.rollouts:
            self.emit(event="rollout_end", iteration=self.iteration, timesteps=self.num_timesteps, t=time.time())

    def _on_step(self) -> bool:
        if self.locals.get("dones") is not None and any(self.locals["dones"]):
            self.emit(event="episode_end", timesteps=self.num_timesteps, t=time.time())
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
    ap.add_argument("--eval-episodes", type=int, default=5, help="EvalCallback's n_eval_episodes")
    ap.add_argument("--algo", choices=("ppo", "sac"), default="ppo",
                    help="sac: SAC on Pendulum-v1, its tables every 4 episodes (800 timesteps), counting total_timesteps")
    a = ap.parse_args()
    name = "Pendulum-v1" if a.algo == "sac" else "CartPole-v1"
    env, eval_env = gym.make(name), gym.make(name)
    truth = Truth(a.truth, rollouts=a.algo == "ppo")
    model = (SAC("MlpPolicy", env, learning_starts=200, verbose=1, seed=0, device="cpu") if a.algo == "sac"
             else PPO("MlpPolicy", env, n_steps=a.n_steps, verbose=1, seed=0, device="cpu"))
    evaluation = EvalCallback(eval_env, eval_freq=a.eval_freq, n_eval_episodes=a.eval_episodes,
                              callback_after_eval=EvalTruth(truth), best_model_save_path=a.out)
    saving = CheckpointCallback(save_freq=a.save_freq, save_path=a.out, verbose=2)
    model.learn(total_timesteps=a.timesteps, callback=[truth, evaluation, saving])


if __name__ == "__main__":
    main()
