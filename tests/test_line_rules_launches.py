"""Launches appended to one console in the wild: lines quoted verbatim from public files (each block's source is
cited above it), tiny inputs in, exact rows out, each expectation read off the quoted text."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from pathlib import Path

from tests.conftest import console_connection
from tests.test_line_rules import _ns, _read

# UniMatch's optical-flow training run through `python -m torch.distributed.launch ... | tee -a train.log`, seven
# launches in one file (castacks/robovision-pretrained-transformer@03daf441aae1018f53cc3f278683c88d27e136c4,
# checkpoints_flow/chairs-gmflow-scale1/train.log): a launch's banner, its launch configuration, its agent starting
# the workers, the script's last words (`Start training`, with no training image: the run ends in silence) (lines
# 277-317); the next launch's banner and configuration header (lines 531-538); a launch from a Python 3.11
# environment, its banner in torch 2.x's words (lines 784-794)
UNIMATCH_RUN = [
    'Number of params: 4680288',
    'Number of training images: 0',
    'Start training',
    ('/home/mihirsharma/miniconda3/envs/unimatch/lib/python3.8/site-packages/torch/distributed/l'
     "aunch.py:163: DeprecationWarning: The 'warn' method is deprecated, use 'warning' instead"),
    '  logger.warn(',
    ('The module torch.distributed.launch is deprecated and going to be removed in future.Migrat'
     'e to torch.distributed.run'),
    'WARNING:torch.distributed.run:--use_env is deprecated and will be removed in future releases.',
    " Please read local_rank from `os.environ('LOCAL_RANK')` instead.",
    'INFO:torch.distributed.launcher.api:Starting elastic_operator with launch configs:',
    '  entrypoint       : main_flow.py',
    '  min_nodes        : 1',
    '  max_nodes        : 1',
    '  nproc_per_node   : 1',
    '  run_id           : none',
    '  rdzv_backend     : static',
    '  rdzv_endpoint    : 127.0.0.1:9989',
    "  rdzv_configs     : {'rank': 0, 'timeout': 900}",
    '  max_restarts     : 3',
    '  monitor_interval : 5',
    '  log_dir          : None',
    '  metrics_cfg      : {}',
    '',
    ('INFO:torch.distributed.elastic.agent.server.local_elastic_agent:log directory set to: /tmp'
     '/torchelastic_ep0epykm/none_7_7ih87t'),
    'INFO:torch.distributed.elastic.agent.server.api:[default] starting workers for entrypoint: python',
    "INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous'ing worker group",
    ('/home/mihirsharma/miniconda3/envs/unimatch/lib/python3.8/site-packages/torch/distributed/e'
     'lastic/utils/store.py:52: FutureWarning: This is an experimental API and will be changed i'
     'n future.'),
    '  warnings.warn(',
    'INFO:torch.distributed.elastic.agent.server.api:[default] Rendezvous complete for workers. Result:',
    '  restart_count=0',
    '  master_addr=127.0.0.1',
    '  master_port=9989',
    '  group_rank=0',
    '  group_world_size=1',
    '  local_ranks=[0]',
    '  role_ranks=[0]',
    '  global_ranks=[0]',
    '  role_world_sizes=[1]',
    '  global_world_sizes=[1]',
    '',
    'INFO:torch.distributed.elastic.agent.server.api:[default] Starting worker group',
    ('INFO:torch.distributed.elastic.multiprocessing:Setting worker0 reply file to: /tmp/torchel'
     'astic_ep0epykm/none_7_7ih87t/attempt_0/0/error.json'),
]
UNIMATCH_NEXT_LAUNCH = UNIMATCH_RUN[1:9]  # (lines 531-538 say what lines 278-285 said, word for word)
UNIMATCH_PY311_LAUNCH = [
    'Number of training images: 0',
    'Start training',
    ('/home/mihirsharma/miniconda3/lib/python3.11/site-packages/torch/distributed/launch.py:181:'
     ' FutureWarning: The module torch.distributed.launch is deprecated'),
    'and will be removed in future. Use torchrun.',
    'Note that --use-env is set by default in torchrun.',
    'If your script expects `--local-rank` argument to be set, please',
    "change it to read from `os.environ['LOCAL_RANK']` instead. See ",
    'https://pytorch.org/docs/stable/distributed.html#launch-utility for ',
    'further instructions',
    '',
    '  warnings.warn(',
]


def _starts(events: list[dict]) -> list[tuple[int, str]]:
    return [(e["line"], e["detail"]) for e in events if e["kind"] == "attempt_start"]


APPENDED = "torch.distributed's launcher started again: a launch appended to the log"


def test_the_launchers_banner_after_its_workers_started_is_a_launch_though_the_run_before_ended_in_silence(
        tmp_path: Path) -> None:
    """torch.distributed.launch's banner (`.../torch/distributed/launch.py:163: DeprecationWarning: ...`) after the
    agent's `Starting worker group` of a launch before it: the launcher started again, an attempt of its own, though
    the run before printed no failure (its last line `Start training`); the configuration's header right after the
    banner is the same launch. The first banner, no workers started before it, is none (nothing printed before it)."""
    lines = UNIMATCH_RUN + UNIMATCH_NEXT_LAUNCH
    _, _, events = _read(tmp_path, lines, name="train.log")
    banner = len(UNIMATCH_RUN) + 3  # (the next launch's banner: `Number of training images: 0`, `Start training`)
    assert "launch.py:163: DeprecationWarning" in lines[banner - 1]
    assert _starts(events) == [(banner, APPENDED)]


def test_the_launchers_banner_in_torch_2_words_is_a_launch_too(tmp_path: Path) -> None:
    """torch 2.x's banner (`.../torch/distributed/launch.py:181: FutureWarning: The module torch.distributed.launch is
    deprecated`) after a launch's workers started is a launch as well."""
    lines = UNIMATCH_RUN + UNIMATCH_PY311_LAUNCH
    _, _, events = _read(tmp_path, lines, name="train.log")
    banner = len(UNIMATCH_RUN) + 3
    assert "launch.py:181: FutureWarning" in lines[banner - 1]
    assert _starts(events) == [(banner, APPENDED)]



# GPT-NeoX's stdout of a MoE run on one GPU (NCSA Delta), launches appended to one file by its `deepy.py` (DeepSpeed's
# runner), no line dated (zainsarwar865/gpt-neox@bd269fac1fd4bb267b1ff0b72db42a1a7a34b678,
# exps/GPT_experts-8-topk-1-layers12-heads-12/gpub019.delta.ncsa.illinois.edu-7e932c424578a91e3626846b2e72db59/logs/
# gpub019.delta.ncsa.illinois.edu_gpub019.delta.ncsa.illinois.edu_stdout.txt): the first launch's start found no
# checkpoint, its last steps and the runner's line after them (lines 306-308, 370-378); the next launch's
# start, its first step and the runner's line again (lines 684-686, 734-738)
NEOX_FIRST = [
    ' > total params: 678,446,592',
    'Unable to load checkpoint.',
    'Loading checkpoint and starting from iteration 0',
    ('after 10 iterations memory (MB) | allocated: 9074.82470703125 | max allocated: 38796.74414'
     '0625 | reserved: 43844.0 | max reserved: 43844.0'),
    ('time (ms) | forward: 727.53 | backward: 731.72 | backward-backward: 731.69 | backward-allr'
     'educe: 0.00 | optimizer: 94.78 | batch generator: 9.73'),
    (' samples/sec: 13.930 | iteration       20/   11000 | elapsed time per iteration (ms): 1292'
     '.2 | learning rate: 3.000E-04 | approx flops per GPU: 44.9TFLOPS | lm_loss: 8.854041E+00 |'
     ' number of skipped iterations:   0 | number of nan iterations:   0 |'),
    ('time (ms) | forward: 534.37 | backward: 665.30 | backward-backward: 665.28 | backward-allr'
     'educe: 0.00 | optimizer: 91.74 | batch generator: 5.83'),
    (' samples/sec: 13.881 | iteration       30/   11000 | elapsed time per iteration (ms): 1296'
     '.7 | learning rate: 3.000E-04 | approx flops per GPU: 44.7TFLOPS | lm_loss: 7.819771E+00 |'
     ' number of skipped iterations:   0 | number of nan iterations:   0 |'),
    ('time (ms) | forward: 536.90 | backward: 667.41 | backward-backward: 667.39 | backward-allr'
     'educe: 0.00 | optimizer: 91.77 | batch generator: 7.70'),
    (' samples/sec: 13.925 | iteration       40/   11000 | elapsed time per iteration (ms): 1292'
     '.7 | learning rate: 3.000E-04 | approx flops per GPU: 44.8TFLOPS | lm_loss: 7.652811E+00 |'
     ' number of skipped iterations:   0 | number of nan iterations:   0 |'),
    ('time (ms) | forward: 531.60 | backward: 668.83 | backward-backward: 668.81 | backward-allr'
     'educe: 0.00 | optimizer: 91.65 | batch generator: 1.41'),
    'Detected VISIBLE_DEVICES=0: setting --include=localhost:0',
]
NEOX_SECOND = [
    ' > total params: 678,446,592',
    'Unable to load checkpoint.',
    'Loading checkpoint and starting from iteration 0',
    'training ...',
    (' samples/sec: 11.637 | iteration       10/   11000 | elapsed time per iteration (ms): 1546'
     '.8 | learning rate: 2.727E-04 | approx flops per GPU: 37.5TFLOPS | lm_loss: 1.080844E+01 |'
     ' number of skipped iterations:   0 | number of nan iterations:   0 |'),
    ('after 10 iterations memory (MB) | allocated: 9074.82470703125 | max allocated: 38796.74414'
     '0625 | reserved: 43844.0 | max reserved: 43844.0'),
    ('time (ms) | forward: 721.67 | backward: 729.85 | backward-backward: 729.83 | backward-allr'
     'educe: 0.00 | optimizer: 94.64 | batch generator: 6.96'),
    'Detected VISIBLE_DEVICES=0: setting --include=localhost:0',
]


def test_deepspeeds_runner_line_is_no_launch_and_a_start_that_found_no_checkpoint_loads_none(tmp_path: Path) -> None:
    """DeepSpeed's runner's line (`Detected VISIBLE_DEVICES=0: setting --include=localhost:0`) comes after each
    launch's output, never before the file's first: the runner's own `print`, buffered while its output goes to a
    file, written as it exits; no launch of its own. The second launch is its steps' count going back (40, then 10):
    two attempts. `Loading checkpoint and starting from iteration 0` after `Unable to load checkpoint.` loads none (it
    was a checkpoint load at step 0, each launch)."""
    lines = NEOX_FIRST + NEOX_SECOND
    _, steps, events = _read(tmp_path, lines, name="stdout.txt")
    assert _starts(events) == []
    assert [e for e in events if e["kind"].startswith("checkpoint_load")] == []
    assert [s["step"] for s in steps] == [20, 30, 40, 10]
    (tmp_path / "c").mkdir()
    con = console_connection(tmp_path / "c", lines, name="stdout.txt")
    assert con.execute("select first_step, last_step from attempts order by attempt").fetchall() == [(20, 40), (10, 10)]


# An EfficientNet training job's PBS output file (Imperial's CX3) that five submissions appended to: its job script's
# `Job started at $(date) on $(hostname)` and `Job ended at $(date)` in en_GB's order (the day before the month, the
# zone's abbreviation), its loop's `Epoch N started at <time.ctime()>` and undated epoch lines
# (dianeandre2901/renal_cancer_outcomes@e923d3b102f113c1ea68e8a3e7e749e4f9478d30, archive/efficientnet_train_$PBS_JOBID.log,
# whole)
PBS_APPENDED = [
    'Job started at Mon 30 Jun 18:17:55 BST 2025 on cx3-11-5.cx3.hpc.ic.ac.uk',
    'Job ended at Mon 30 Jun 18:17:55 BST 2025',
    'Job started at Mon 30 Jun 20:49:25 BST 2025 on cx3-11-7.cx3.hpc.ic.ac.uk',
    'Epoch 1/5 | Train loss: 0.6304, acc: 0.661 | Val loss: 0.6118, acc: 0.672',
    'Epoch 2/5 | Train loss: 0.6059, acc: 0.681 | Val loss: 0.6135, acc: 0.666',
    'Epoch 3/5 | Train loss: 0.6006, acc: 0.687 | Val loss: 0.6034, acc: 0.674',
    'Epoch 4/5 | Train loss: 0.5963, acc: 0.687 | Val loss: 0.6045, acc: 0.670',
    'Job started at Tue  1 Jul 11:00:04 BST 2025 on cx3-11-4.cx3.hpc.ic.ac.uk',
    'Epoch 1 started at Tue Jul  1 11:00:53 2025',
    'Epoch 1/10 | Train loss: 0.6396, acc: 0.654 | Val loss: 0.6154, acc: 0.677',
    'Epoch 2 started at Tue Jul  1 12:23:32 2025',
    'Epoch 2/10 | Train loss: 0.6144, acc: 0.678 | Val loss: 0.6161, acc: 0.672',
    'Epoch 3 started at Tue Jul  1 13:46:19 2025',
    'Epoch 3/10 | Train loss: 0.6093, acc: 0.678 | Val loss: 0.6159, acc: 0.673',
    'Epoch 4 started at Tue Jul  1 15:06:50 2025',
    'Epoch 4/10 | Train loss: 0.6056, acc: 0.681 | Val loss: 0.6067, acc: 0.675',
    'Epoch 5 started at Tue Jul  1 16:27:22 2025',
    'Job started at Tue  1 Jul 18:30:29 BST 2025 on cx3-11-4.cx3.hpc.ic.ac.uk',
    'Epoch 1 started at Tue Jul  1 18:31:16 2025',
    'Job ended at Tue  1 Jul 18:31:45 BST 2025',
    'Job started at Tue  1 Jul 19:01:52 BST 2025 on cx3-11-4.cx3.hpc.ic.ac.uk',
    'Epoch 1 started at Tue Jul  1 19:02:31 2025',
    'Epoch 1/10 | Train loss: 0.6319 | Val loss: 0.6468 | Train slide acc: 0.666 | Val slide acc: 0.697',
    'Epoch 2 started at Tue Jul  1 21:27:27 2025',
    'Epoch 2/10 | Train loss: 0.6168 | Val loss: 0.6464 | Train slide acc: 0.666 | Val slide acc: 0.697',
    'Epoch 3 started at Tue Jul  1 23:57:25 2025',
    'Epoch 3/10 | Train loss: 0.6094 | Val loss: 0.6404 | Train slide acc: 0.666 | Val slide acc: 0.697',
    'Epoch 4 started at Wed Jul  2 02:14:40 2025',
    'Epoch 4/10 | Train loss: 0.6059 | Val loss: 0.6434 | Train slide acc: 0.666 | Val slide acc: 0.697',
    'Epoch 5 started at Wed Jul  2 04:05:57 2025',
    'Epoch 5/10 | Train loss: 0.6054 | Val loss: 0.6506 | Train slide acc: 0.666 | Val slide acc: 0.697',
    'Epoch 6 started at Wed Jul  2 05:10:10 2025',
    'Epoch 6/10 | Train loss: 0.6006 | Val loss: 0.6458 | Train slide acc: 0.666 | Val slide acc: 0.697',
    'Epoch 7 started at Wed Jul  2 06:15:49 2025',
    'Epoch 7/10 | Train loss: 0.6033 | Val loss: 0.6500 | Train slide acc: 0.666 | Val slide acc: 0.697',
    'Epoch 8 started at Wed Jul  2 08:17:32 2025',
    'Epoch 8/10 | Train loss: 0.5982 | Val loss: 0.6450 | Train slide acc: 0.666 | Val slide acc: 0.697',
    'Epoch 9 started at Wed Jul  2 09:57:27 2025',
    'Epoch 9/10 | Train loss: 0.6007 | Val loss: 0.6466 | Train slide acc: 0.666 | Val slide acc: 0.697',
    'Epoch 10 started at Wed Jul  2 11:09:28 2025',
    'Epoch 10/10 | Train loss: 0.6002 | Val loss: 0.6456 | Train slide acc: 0.666 | Val slide acc: 0.697',
    'Job ended at Wed  2 Jul 12:30:46 BST 2025',
]


def _en_gb_date(text: str) -> int:
    """`... Mon 30 Jun 18:17:55 BST 2025 ...` (the zone's abbreviation set aside: tracelens reads none) as ns."""
    m = re.search(r"(\d{1,2}) (\w{3}) (\d\d:\d\d:\d\d) [A-Z]{3} (\d{4})", text)
    assert m is not None
    return int(datetime.strptime(" ".join(m.groups()), "%d %b %H:%M:%S %Y").replace(tzinfo=UTC).timestamp()) * 10**9


def test_a_job_scripts_start_and_end_words_in_en_gb_dates_bound_each_submission_appended_to_one_file(
        tmp_path: Path) -> None:
    """`Job started at Mon 30 Jun 18:17:55 BST 2025 on ...` (`date` with the day before the month: no date was read)
    said again after lines of the job before it is a submission of its own (five attempts; there were two), and
    `Job ended at ...` the job's last moment: each attempt ends there (the last one completed, its ten epochs counted,
    at its job's end line, 1 h 21 min after its last epoch began; it ended at that epoch's start)."""
    _, _, events = _read(tmp_path, PBS_APPENDED, name="efficientnet_train_7350.log")
    started = [n for n, t in enumerate(PBS_APPENDED, start=1) if t.startswith("Job started at ")]
    ended = [n for n, t in enumerate(PBS_APPENDED, start=1) if t.startswith("Job ended at ")]
    assert [(e["line"], e["ts_ns"]) for e in events if e["kind"] == "attempt_start"] == [
        (n, _en_gb_date(PBS_APPENDED[n - 1])) for n in started]
    assert [(e["line"], e["ts_ns"]) for e in events if e["kind"] == "last_line" and e["line"] in ended] == [
        (n, _en_gb_date(PBS_APPENDED[n - 1])) for n in ended]
    (tmp_path / "c").mkdir()
    con = console_connection(tmp_path / "c", PBS_APPENDED, name="efficientnet_train_7350.log")
    attempts = con.execute("select start_ns, end_ns, end_reason from attempts order by attempt").fetchall()
    assert [start for start, _, _ in attempts] == [_en_gb_date(PBS_APPENDED[n - 1]) for n in started]
    assert attempts[-1][1:] == (_en_gb_date(PBS_APPENDED[ended[-1] - 1]), "completed")


# A MACE log that three launches of `mace_run_train` appended to, months apart (github.com/FreSchNDE/MLIP @
# 07d9da1ce95702775624a1977da02f531d97408b : MACE_models/mace01_run-123.log, lines 1-2, 183-186, 215-220 and 376-377): each
# launch's `MACE version: 0.3.6`, then its configuration with its own values
MACE_RELAUNCHED = [
    '2024-07-21 14:16:39.186 INFO: MACE version: 0.3.6',
    "2024-07-21 14:16:39.187 INFO: Configuration: Namespace(config=None, name='mace01', seed=12"
    "3, log_dir='MACE_models', model_dir='MACE_models', checkpoints_dir='MACE_models', results_"
    "dir='MACE_models', downloads_dir='downloads', device='cuda', default_dtype='float64', dist"
    "ributed=False, log_level='INFO', error_table='PerAtomRMSE', model='MACE', r_max=4.0, radia"
    "l_type='bessel', num_radial_basis=8, num_cutoff_basis=5, pair_repulsion=False, distance_tr"
    "ansform='None', interaction='RealAgnosticResidualInteractionBlock', interaction_first='Rea"
    "lAgnosticResidualInteractionBlock', max_ell=2, correlation=2, num_interactions=2, MLP_irre"
    "ps='16x0e', radial_MLP='[64, 64, 64]', hidden_irreps='128x0e + 128x1o', num_channels=32, m"
    "ax_L=0, gate='silu', scaling='rms_forces_scaling', avg_num_neighbors=1, compute_avg_num_ne"
    "ighbors=True, compute_stress=False, compute_forces=True, train_file='data/solvent_xtb_trai"
    "n_200.xyz', valid_file=None, valid_fraction=0.1, test_file='data/solvent_xtb_test.xyz', te"
    'st_dir=None, multi_processed_test=False, num_workers=0, pin_memory=True, atomic_numbers=No'
    "ne, mean=None, std=None, statistics_file=None, E0s='average', keep_isolated_atoms=False, e"
    "nergy_key='energy_xtb', forces_key='forces_xtb', virials_key='virials', stress_key='stress"
    "', dipole_key='dipole', charges_key='charges', loss='weighted', forces_weight=100.0, swa_f"
    'orces_weight=100.0, energy_weight=1.0, swa_energy_weight=1000.0, virials_weight=1.0, swa_v'
    'irials_weight=10.0, stress_weight=1.0, swa_stress_weight=10.0, dipole_weight=1.0, swa_dipo'
    'le_weight=1.0, config_type_weights=\'{"Default":1.0}\', huber_delta=0.01, optimizer=\'adam\', '
    'beta=0.9, batch_size=10, valid_batch_size=10, lr=0.01, swa_lr=0.001, weight_decay=5e-07, a'
    "msgrad=True, scheduler='ReduceLROnPlateau', lr_factor=0.8, scheduler_patience=50, lr_sched"
    'uler_gamma=0.9993, swa=True, start_swa=None, ema=False, ema_decay=0.99, max_num_epochs=50,'
    ' patience=2048, foundation_model=None, foundation_model_readout=True, eval_interval=2, kee'
    'p_checkpoints=False, save_all_checkpoints=False, restart_latest=False, save_cpu=False, cli'
    "p_grad=10.0, wandb=False, wandb_dir=None, wandb_project='', wandb_entity='', wandb_name=''"
    ", wandb_log_hypers=['num_channels', 'max_L', 'correlation', 'lr', 'swa_lr', 'weight_decay'"
    ", 'batch_size', 'max_num_epochs', 'start_swa', 'energy_weight', 'forces_weight'])",
    '2024-07-21 14:17:34.125 INFO: Epoch 46: loss=0.4632, RMSE_E_per_atom=19.0 meV, RMSE_F=206.9 meV / A',
    '2024-07-21 14:17:36.028 INFO: Epoch 48: loss=0.4545, RMSE_E_per_atom=16.7 meV, RMSE_F=206.8 meV / A',
    '2024-07-21 14:17:36.951 INFO: Training complete',
    '2024-07-21 14:17:36.952 INFO: Computing metrics for training, validation, and test sets',
    '2024-07-21 14:17:45.541 INFO: Saving model to MACE_models/mace01_run-123_swa.model',
    '2024-07-21 14:17:45.610 INFO: Compiling model, saving metadata MACE_models/mace01_swa_compiled.model',
    '2024-07-21 14:17:46.275 INFO: Done',
    '2025-05-19 12:09:23.138 INFO: MACE version: 0.3.6',
    "2025-05-19 12:09:23.138 INFO: Configuration: Namespace(config='config/config-02.yml', name"
    "='mace01', seed=123, log_dir='MACE_models', model_dir='MACE_models', checkpoints_dir='MACE"
    "_models', results_dir='MACE_models', downloads_dir='downloads', device='cuda', default_dty"
    "pe='float64', distributed=False, log_level='INFO', error_table='PerAtomRMSE', model='MACE'"
    ", r_max=4.0, radial_type='bessel', num_radial_basis=8, num_cutoff_basis=5, pair_repulsion="
    "False, distance_transform='None', interaction='RealAgnosticResidualInteractionBlock', inte"
    "raction_first='RealAgnosticResidualInteractionBlock', max_ell=2, correlation=2, num_intera"
    "ctions=2, MLP_irreps='16x0e', radial_MLP='[64, 64, 64]', hidden_irreps='128x0e + 128x1o', "
    "num_channels=32, max_L=0, gate='silu', scaling='rms_forces_scaling', avg_num_neighbors=1, "
    "compute_avg_num_neighbors=True, compute_stress=False, compute_forces=True, train_file='dat"
    "a/solvent_xtb_train_200.xyz', valid_file=None, valid_fraction=0.1, test_file='data/solvent"
    "_xtb_test.xyz', test_dir=None, multi_processed_test=False, num_workers=0, pin_memory=True,"
    " atomic_numbers=None, mean=None, std=None, statistics_file=None, E0s='average', keep_isola"
    "ted_atoms=False, energy_key='energy_xtb', forces_key='forces_xtb', virials_key='virials', "
    "stress_key='stress', dipole_key='dipole', charges_key='charges', loss='weighted', forces_w"
    'eight=100.0, swa_forces_weight=100.0, energy_weight=1.0, swa_energy_weight=1000.0, virials'
    '_weight=1.0, swa_virials_weight=10.0, stress_weight=1.0, swa_stress_weight=10.0, dipole_we'
    'ight=1.0, swa_dipole_weight=1.0, config_type_weights=\'{"Default":1.0}\', huber_delta=0.01, '
    "optimizer='adam', beta=0.9, batch_size=10, valid_batch_size=10, lr=0.01, swa_lr=0.001, wei"
    "ght_decay=5e-07, amsgrad=True, scheduler='ReduceLROnPlateau', lr_factor=0.8, scheduler_pat"
    'ience=50, lr_scheduler_gamma=0.9993, swa=True, start_swa=None, ema=False, ema_decay=0.99, '
    'max_num_epochs=50, patience=2048, foundation_model=None, foundation_model_readout=True, ev'
    'al_interval=2, keep_checkpoints=False, save_all_checkpoints=False, restart_latest=False, s'
    "ave_cpu=False, clip_grad=10.0, wandb=False, wandb_dir=None, wandb_project='', wandb_entity"
    "='', wandb_name='', wandb_log_hypers=['num_channels', 'max_L', 'correlation', 'lr', 'swa_l"
    "r', 'weight_decay', 'batch_size', 'max_num_epochs', 'start_swa', 'energy_weight', 'forces_"
    "weight'])",
    '2025-05-19 12:09:23.453 INFO: CUDA version: 12.1, CUDA device: 0',
    '2025-05-19 12:09:32.765 INFO: Epoch 0: loss=30.7212, RMSE_E_per_atom=5323.5 meV, RMSE_F=1678.3 meV / A',
    '2025-05-19 12:09:36.065 INFO: Epoch 2: loss=8.4117, RMSE_E_per_atom=4865.6 meV, RMSE_F=779.0 meV / A',
]


def test_a_first_line_printed_again_after_the_run_before_said_it_ended_is_a_relaunch_though_its_next_differs(
        tmp_path: Path) -> None:
    """After `Training complete` and `Done`, ten months later, `MACE version: 0.3.6` again, its configuration line
    naming another config file, then its epochs: a launch from that line (the second started at its first epoch's line,
    its start-up read as no one's)."""
    _, _, events = _read(tmp_path, MACE_RELAUNCHED, name="mace01_run-123.log")
    versions = [n for n, t in enumerate(MACE_RELAUNCHED, 1) if t.endswith(" INFO: MACE version: 0.3.6")]
    assert len(versions) == 2
    starts = [(e["line"], e["ts_ns"]) for e in events if e["kind"] == "attempt_start"]
    assert starts == [(versions[0], _ns("2024-07-21 14:16:39.186", "%Y-%m-%d %H:%M:%S.%f")),
                      (versions[1], _ns("2025-05-19 12:09:23.138", "%Y-%m-%d %H:%M:%S.%f"))]
