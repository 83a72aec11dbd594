#!/usr/bin/env bash
# Record sample_logs/sb3_ppo_eval: `sb3_train.py`, Stable-Baselines3's PPO on CartPole-v1 at
# `verbose=1`, 8192 timesteps in rollouts of 1024 (8 iterations, each logged as a table), an
# EvalCallback every 2048 timesteps (its `Eval num_timesteps=...` line and an `eval/` table of
# its own between the rollouts' tables) and a CheckpointCallback every 4096 (`Saving model
# checkpoint to .../rl_model_4096_steps.zip`). Kept: console.log (stdout and stderr), truth.txt
# (the harness's clock, `TRUTH {...}`), RECORDED.txt.
# And sample_logs/sb3_sac_eval: SAC on Pendulum-v1, 3200 timesteps (16 episodes of 200), a table every 4
# episodes counting `total_timesteps` (an off-policy run has no `iterations`), an EvalCallback every
# 1000 timesteps, its tables counting `total_timesteps` too.
# And sample_logs/sb3_ppo_slow_eval: PPO in rollouts of 256 timesteps (40 iterations), one EvalCallback of 300
# episodes at 5120 timesteps: the iteration that runs it takes seconds where the others take a fraction of one,
# and `time_elapsed` counts whole seconds. `record_sb3_job.sh FOLDER` records one alone.
# Needs: stable-baselines3 and gymnasium (on torch==2.13.0, CPU) (PYTHON=a Python that has them).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
py=${PYTHON:-python}
only=${1:-}

record() {  # record FOLDER SB3_TRAIN_OPTIONS...
  [ -z "$only" ] || [ "$only" = "$1" ] || return 0
  local out="$here/$1" work
  shift
  rm -rf "$out" && mkdir -p "$out"
  work=$(mktemp -d)
  OMP_NUM_THREADS=1 "$py" "$here/sb3_train.py" --out "$work/run" --truth "$out/truth.txt" "$@" > "$out/console.log" 2>&1
  rm -rf "$work"
  {
    echo "recorded: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "torch: $("$py" -c 'import torch; print(torch.__version__)')"
    echo "stable-baselines3: $("$py" -c 'import stable_baselines3; print(stable_baselines3.__version__)')"
    echo "gymnasium: $("$py" -c 'import gymnasium; print(gymnasium.__version__)')"
    echo "command: python sb3_train.py $*"
  } > "$out/RECORDED.txt"
  grep -c TRUTH "$out/truth.txt"
}

record sb3_ppo_eval
record sb3_sac_eval --algo sac --timesteps 3200 --eval-freq 1000 --save-freq 100000
record sb3_ppo_slow_eval --timesteps 10240 --n-steps 256 --eval-freq 5120 --eval-episodes 300 --save-freq 100000
