"""The HF Trainer's console as users paste it: lines quoted verbatim from public logs (each block's
source is cited above it), tiny inputs in, exact rows out, each expectation read off the quoted
text."""

from __future__ import annotations

import math
import os
import re
import warnings
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import SAMPLE_LOGS, run_cli
from tests.test_line_rules import _ns, _read
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._io import read_head
from tracelens.parsers._lines import bar_readings
from tracelens.parsers.hf_trainer import _literal
from tracelens.store import Store

# BERT continued pretraining with the Trainer on Windows, default log level (Chinese notes on fine-tuning
# representation models, index id 60196846800, the output block of its masked-language-modelling section,
# lines 2-5): a rerun into the same output folder
SAVE_OVER = [
    "  9%|▉         | 500/5340 [01:17<13:10,  6.12it/s]{'loss': 2.515, 'grad_norm': 15.747591972351074, "
    "'learning_rate': 1.812734082397004e-05, 'epoch': 0.94}",
    " 10%|▉         | 533/5340 [01:22<11:58,  6.69it/s]Checkpoint destination directory model\\checkpoint-534 already "
    "exists and is non-empty. Saving will proceed but saved results may be invalid.",
    " 19%|█▊        | 1000/5340 [02:37<12:07,  5.96it/s]{'loss': 2.3949, 'grad_norm': 14.226686477661133, "
    "'learning_rate': 1.6254681647940076e-05, 'epoch': 1.87}",
    " 20%|█▉        | 1067/5340 [02:47<10:54,  6.53it/s]Checkpoint destination directory model\\checkpoint-1068 already "
    "exists and is non-empty. Saving will proceed but saved results may be invalid.",
]

# A Whisper LoRA fine-tune with the Seq2SeqTrainer (a committed log, index id 6512809343, its first 21
# lines): the tail of a 5000-step run, its last metric dicts, then the bar's last drawing
WHISPER_TAIL = [
    "{'loss': 0.0429, 'grad_norm': 0.5281497240066528, 'learning_rate': 9.616161616161617e-07, 'epoch': 0.46}",
    "{'loss': 0.0489, 'grad_norm': 0.42886221408843994, 'learning_rate': 9.111111111111113e-07, 'epoch': 0.46}",
    "{'loss': 0.0439, 'grad_norm': 0.545582115650177, 'learning_rate': 8.606060606060607e-07, 'epoch': 0.46}",
    "{'loss': 0.0448, 'grad_norm': 0.47950154542922974, 'learning_rate': 8.101010101010101e-07, 'epoch': 0.46}",
    "{'loss': 0.0444, 'grad_norm': 0.3660105764865875, 'learning_rate': 7.595959595959597e-07, 'epoch': 0.47}",
    "{'loss': 0.0455, 'grad_norm': 0.3397897481918335, 'learning_rate': 7.090909090909092e-07, 'epoch': 0.47}",
    "{'loss': 0.0458, 'grad_norm': 0.48569753766059875, 'learning_rate': 6.585858585858586e-07, 'epoch': 0.47}",
    "{'loss': 0.0457, 'grad_norm': 0.5213415026664734, 'learning_rate': 6.080808080808082e-07, 'epoch': 0.47}",
    "{'loss': 0.0475, 'grad_norm': 0.5959871411323547, 'learning_rate': 5.575757575757576e-07, 'epoch': 0.48}",
    "{'loss': 0.0455, 'grad_norm': 0.48778581619262695, 'learning_rate': 5.070707070707072e-07, 'epoch': 0.48}",
    "{'loss': 0.0453, 'grad_norm': 0.4039919078350067, 'learning_rate': 4.5656565656565663e-07, 'epoch': 0.48}",
    "{'loss': 0.0446, 'grad_norm': 0.4465676248073578, 'learning_rate': 4.0606060606060605e-07, 'epoch': 0.48}",
    "{'loss': 0.0435, 'grad_norm': 0.610541582107544, 'learning_rate': 3.555555555555556e-07, 'epoch': 0.49}",
    "{'loss': 0.0452, 'grad_norm': 0.441824734210968, 'learning_rate': 3.0505050505050505e-07, 'epoch': 0.49}",
    "{'loss': 0.0469, 'grad_norm': 0.4383220672607422, 'learning_rate': 2.545454545454546e-07, 'epoch': 0.49}",
    "{'loss': 0.0449, 'grad_norm': 0.42150408029556274, 'learning_rate': 2.0404040404040406e-07, 'epoch': 0.5}",
    "{'loss': 0.0429, 'grad_norm': 0.4690219461917877, 'learning_rate': 1.5353535353535356e-07, 'epoch': 0.5}",
    "{'loss': 0.0424, 'grad_norm': 0.3969504237174988, 'learning_rate': 1.0303030303030304e-07, 'epoch': 0.5}",
    "{'loss': 0.0453, 'grad_norm': 0.5267592072486877, 'learning_rate': 5.252525252525253e-08, 'epoch': 0.5}",
    "{'loss': 0.0495, 'grad_norm': 0.5208714604377747, 'learning_rate': 2.0202020202020203e-09, 'epoch': 0.51}",
    '100%|██████████| 5000/5000 [67:12:24<00:00, 48.39s/it]',
]

# `ezpz launch` of the Trainer's run_clm on ALCF Aurora, 10 steps of `max_steps` over a streamed dataset
# (github.com/saforem2/ezpz, README.md, a May-2025 version, index id 3036918142, the HF Trainer example's
# block; its lines 1-8, 36-42 and 55-80): stderr's lines first, the dicts held in stdout's buffer printed
# after `Training completed.`, then again by a second process (no prefix tells the two apart)
EZPZ_HEADER = [
    '  [INFO|trainer.py:2414] 2025-05-06 22:26:52,889 >> ***** Running training *****',
    '  [INFO|trainer.py:2415] 2025-05-06 22:26:52,889 >>   Num examples = 1,920',
    '  [INFO|trainer.py:2416] 2025-05-06 22:26:52,889 >>   Num Epochs = 9,223,372,036,854,775,807',
    '  [INFO|trainer.py:2417] 2025-05-06 22:26:52,889 >>   Instantaneous batch size per device = 8',
    '  [INFO|trainer.py:2420] 2025-05-06 22:26:52,889 >>   Total train batch size (w. parallel, distributed & '
    'accumulation) = 192',
    '  [INFO|trainer.py:2421] 2025-05-06 22:26:52,889 >>   Gradient Accumulation steps = 1',
    '  [INFO|trainer.py:2422] 2025-05-06 22:26:52,890 >>   Total optimization steps = 10',
    '  [INFO|trainer.py:2423] 2025-05-06 22:26:52,890 >>   Number of trainable parameters = 1,235,814,400',
]
EZPZ_COMPLETED = [
    '  [INFO|configuration_utils.py:911] 2025-05-06 22:27:05,150 >> Configuration saved in trainer_output/chec'
    'kpoint-10/generation_config.json',
    '  [INFO|modeling_utils.py:3572] 2025-05-06 22:27:10,292 >> Model weights saved in trainer_output/checkpoi'
    'nt-10/model.safetensors',
    '  [INFO|tokenization_utils_base.py:2510] 2025-05-06 22:27:10,304 >> tokenizer config file saved in traine'
    'r_output/checkpoint-10/tokenizer_config.json',
    '  [INFO|tokenization_utils_base.py:2519] 2025-05-06 22:27:10,312 >> Special tokens file saved in trainer_'
    'output/checkpoint-10/special_tokens_map.json',
    '  [INFO|trainer.py:2681] 2025-05-06 22:27:20,107 >>',
    '',
    '  Training completed. Do not forget to share your model on huggingface.co/models =)',
]
# (its first process prints the ten dicts, the second prints them again to the last digit)
_EZPZ_LOSSES = [
    "  {'loss': 2.847, 'grad_norm': 3.8245272636413574, 'learning_rate': 5e-05, 'epoch': 0.1, 'num_input_token"
    "s_seen': 24576}",
    "  {'loss': 2.9574, 'grad_norm': 7.945530414581299, 'learning_rate': 4.5e-05, 'epoch': 0.2, 'num_input_tok"
    "ens_seen': 49152}",
    "  {'loss': 3.1086, 'grad_norm': 7.155135631561279, 'learning_rate': 4e-05, 'epoch': 0.3, 'num_input_token"
    "s_seen': 73728}",
    "  {'loss': 2.9751, 'grad_norm': 4.435009956359863, 'learning_rate': 3.5e-05, 'epoch': 0.4, 'num_input_tok"
    "ens_seen': 98304}",
    "  {'loss': 3.0095, 'grad_norm': 4.177059173583984, 'learning_rate': 3e-05, 'epoch': 0.5, 'num_input_token"
    "s_seen': 122880}",
    "  {'loss': 2.9153, 'grad_norm': 4.262296676635742, 'learning_rate': 2.5e-05, 'epoch': 0.6, 'num_input_tok"
    "ens_seen': 147456}",
    "  {'loss': 2.8742, 'grad_norm': 6.913131237030029, 'learning_rate': 2e-05, 'epoch': 0.7, 'num_input_token"
    "s_seen': 172032}",
    "  {'loss': 3.2855, 'grad_norm': 5.904435157775879, 'learning_rate': 1.5e-05, 'epoch': 0.8, 'num_input_tok"
    "ens_seen': 196608}",
    "  {'loss': 2.9934, 'grad_norm': 4.500864028930664, 'learning_rate': 1e-05, 'epoch': 0.9, 'num_input_token"
    "s_seen': 221184}",
    "  {'loss': 2.8064, 'grad_norm': 6.904043197631836, 'learning_rate': 5e-06, 'epoch': 1.0, 'num_input_token"
    "s_seen': 245760}",
]
EZPZ_DICTS = [
    *_EZPZ_LOSSES,
    "  {'train_runtime': 12.4474, 'train_samples_per_second': 154.249, 'train_steps_per_second': 0.803, 'train"
    "_tokens_per_second': 822.661, 'train_loss': 2.977239990234375, 'epoch': 1.0, 'num_input_tokens_seen': 245"
    '760}',
    "  {'eval_loss': 1.6778849363327026, 'eval_accuracy': 0.6173228346456693, 'eval_runtime': 13.2043, 'eval_s"
    "amples_per_second': 0.227, 'eval_steps_per_second': 0.076, 'epoch': 1.0, 'num_input_tokens_seen': 245760}",
    '  wandb:',
    '  wandb: 🚀 View run cosmic-meadow-38 at: https://wandb.ai/aurora_gpt/ezpz-hf_trainer-meta-llama-Llama-3.2'
    '-1B/runs/6yl6uks0',
    '  wandb: Find logs at: ../../../../../../lus/flare/projects/datascience/foremans/projects/saforem2/ezpz/w'
    'andb/run-20250506_222620-6yl6uks0/logs',
    *_EZPZ_LOSSES,
    "  {'train_runtime': 27.2171, 'train_samples_per_second': 70.544, 'train_steps_per_second': 0.367, 'train_"
    "tokens_per_second': 376.234, 'train_loss': 2.977239990234375, 'epoch': 1.0, 'num_input_tokens_seen': 2457"
    '60}',
]


# Seq2SeqTrainer (opus-mt zh-en) on Windows at INFO level (a course report's README, index id 37985495898, the
# block under its training log heading, its last ten lines): the summary dict cut short where it was pasted
CUT_SUMMARY = [
    " 89%|████████▉ | 1500/1689 [04:31<00:33,  5.66it/s]{'loss': 1.4469, 'learning_rate': 1.119005328596803e-06, "
    "'epoch': 2.66}",
    "Saving model checkpoint to translations\\checkpoint-1500",
    "Configuration saved in translations\\checkpoint-1500\\config.json",
    "Model weights saved in translations\\checkpoint-1500\\pytorch_model.bin",
    "tokenizer config file saved in translations\\checkpoint-1500\\tokenizer_config.json",
    "Special tokens file saved in translations\\checkpoint-1500\\special_tokens_map.json",
    "100%|██████████| 1689/1689 [05:06<00:00,  5.99it/s]",
    "{'train_runtime': 306.9394, 'train_samples_per_second': 43.983, 'train_steps_per_second': 5.503, 'train_loss': ",
    "100%|██████████| 1689/1689 [05:06<00:00,  5.99it/s]",
    "100%|██████████| 1689/1689 [05:06<00:00,  5.50it/s]",
]


# A sentence-pair RoBERTa classifier's HF Trainer log, its tail as its README pastes it
# (github.com/pyzone-dev/sentence-pair-classification @ 54f432a4, README.md, the output block, lines 1-33):
# a console that keeps one drawing of the bar per line another print pushed out, the same count drawn
# again after each evaluation
EVAL_REDRAWN = [
    "Model weights saved in ./results/checkpoint-7900/pytorch_model.bin",
    "Deleting older checkpoint [results/checkpoint-7700] due to args.save_total_limit",
    "{'loss': 0.0066, 'learning_rate': 6.451612903225807e-07, 'epoch': 2.91}",
    (' 97%|████████████████████████████████████████████████████████████████████████████████████▎  | 8000/8250 [5:20:04<03:04'
     ",  1.36it/s]The following columns in the evaluation set don't have a corresponding argument in `RobertaForSequenceClas"
     'sification.forward` and have been ignored: question, context. If question, context are not expected by `RobertaForSequ'
     'enceClassification.forward`,  you can safely ignore this message.'),
    "***** Running Evaluation *****",
    "  Num examples = 22000",
    "  Batch size = 64",
    ("{'eval_loss': 0.018584178760647774, 'eval_f1': 0.9785344189489267, 'eval_runtime': 164.1653, 'eval_samples_per_second'"
     ": 134.011, 'eval_steps_per_second': 2.095, 'epoch': 2.91}"),
    (' 97%|████████████████████████████████████████████████████████████████████████████████████▎  | 8000/8250 [5:22:48<03:04'
     ',  1.36it/s]Saving model checkpoint to ./results/checkpoint-8000'),
    "Configuration saved in ./results/checkpoint-8000/config.json",
    "Model weights saved in ./results/checkpoint-8000/pytorch_model.bin",
    "Deleting older checkpoint [results/checkpoint-7800] due to args.save_total_limit",
    "{'loss': 0.0042, 'learning_rate': 3.870967741935484e-07, 'epoch': 2.95}",
    (' 98%|█████████████████████████████████████████████████████████████████████████████████████▍ | 8100/8250 [5:24:06<01:50'
     ",  1.35it/s]The following columns in the evaluation set don't have a corresponding argument in `RobertaForSequenceClas"
     'sification.forward` and have been ignored: question, context. If question, context are not expected by `RobertaForSequ'
     'enceClassification.forward`,  you can safely ignore this message.'),
    "***** Running Evaluation *****",
    "  Num examples = 22000",
    "  Batch size = 64",
    ("{'eval_loss': 0.01884392462670803, 'eval_f1': 0.9783144406111385, 'eval_runtime': 165.3622, 'eval_samples_per_second':"
     " 133.041, 'eval_steps_per_second': 2.08, 'epoch': 2.95}"),
    (' 98%|█████████████████████████████████████████████████████████████████████████████████████▍ | 8100/8250 [5:26:51<01:50'
     ',  1.35it/s]Saving model checkpoint to ./results/checkpoint-8100'),
    "Configuration saved in ./results/checkpoint-8100/config.json",
    "Model weights saved in ./results/checkpoint-8100/pytorch_model.bin",
    "Deleting older checkpoint [results/checkpoint-7900] due to args.save_total_limit",
    "{'loss': 0.0082, 'learning_rate': 1.2903225806451614e-07, 'epoch': 2.98}",
    (' 99%|██████████████████████████████████████████████████████████████████████████████████████▍| 8200/8250 [5:28:09<00:36'
     ",  1.35it/s]The following columns in the evaluation set don't have a corresponding argument in `RobertaForSequenceClas"
     'sification.forward` and have been ignored: question, context. If question, context are not expected by `RobertaForSequ'
     'enceClassification.forward`,  you can safely ignore this message.'),
    "***** Running Evaluation *****",
    "  Num examples = 22000",
    "  Batch size = 64",
    ("{'eval_loss': 0.01884007453918457, 'eval_f1': 0.9787759131293189, 'eval_runtime': 164.9596, 'eval_samples_per_second':"
     " 133.366, 'eval_steps_per_second': 2.085, 'epoch': 2.98}"),
    (' 99%|██████████████████████████████████████████████████████████████████████████████████████▍| 8200/8250 [5:30:54<00:36'
     ',  1.35it/s]Saving model checkpoint to ./results/checkpoint-8200'),
    "Configuration saved in ./results/checkpoint-8200/config.json",
    "Model weights saved in ./results/checkpoint-8200/pytorch_model.bin",
    "Deleting older checkpoint [results/checkpoint-8000] due to args.save_total_limit",
    ('100%|███████████████████████████████████████████████████████████████████████████████████████| 8250/8250 [5:31:35<00:00'
     ',  1.36it/s]'),
]

# ChatGLM3-6B LoRA fine-tuning with the Trainer (a public README's `LORA微调结果` block, index id 68794183249,
# its lines 1-60): `max_steps` over a large dataset, a dict every 10 steps, the bar drawn once at the first
# evaluation
MAX_STEPS_DICTS = [
    "max_steps is given, it will override any value given in num_train_epochs",
    "***** Running training *****",
    "  Num examples = 114,599",
    "  Num Epochs = 1",
    "  Instantaneous batch size per device = 4",
    "  Total train batch size (w. parallel, distributed & accumulation) = 4",
    "  Gradient Accumulation steps = 1",
    "  Total optimization steps = 3,000",
    "  Number of trainable parameters = 1,949,696",
    "{'loss': 4.8305, 'grad_norm': 2.254749059677124, 'learning_rate': 4.9833333333333336e-05, 'epoch': 0.0}",
    "{'loss': 4.602, 'grad_norm': 3.1739087104797363, 'learning_rate': 4.966666666666667e-05, 'epoch': 0.0}",
    "{'loss': 4.4906, 'grad_norm': 3.0274832248687744, 'learning_rate': 4.9500000000000004e-05, 'epoch': 0.0}",
    "{'loss': 4.1268, 'grad_norm': 3.457089424133301, 'learning_rate': 4.933333333333334e-05, 'epoch': 0.0}",
    "{'loss': 4.1188, 'grad_norm': 2.737689971923828, 'learning_rate': 4.9166666666666665e-05, 'epoch': 0.0}",
    "{'loss': 3.8662, 'grad_norm': 2.972133159637451, 'learning_rate': 4.9e-05, 'epoch': 0.0}",
    "{'loss': 3.8432, 'grad_norm': 2.9303576946258545, 'learning_rate': 4.883333333333334e-05, 'epoch': 0.0}",
    "{'loss': 3.7467, 'grad_norm': 2.9594051837921143, 'learning_rate': 4.866666666666667e-05, 'epoch': 0.0}",
    "{'loss': 3.6348, 'grad_norm': 3.22481369972229, 'learning_rate': 4.85e-05, 'epoch': 0.0}",
    "{'loss': 3.7195, 'grad_norm': 3.4170687198638916, 'learning_rate': 4.8333333333333334e-05, 'epoch': 0.0}",
    "{'loss': 3.6695, 'grad_norm': 3.651639699935913, 'learning_rate': 4.8166666666666674e-05, 'epoch': 0.0}",
    "{'loss': 3.8449, 'grad_norm': 3.875155448913574, 'learning_rate': 4.8e-05, 'epoch': 0.0}",
    "{'loss': 3.6137, 'grad_norm': 3.5069241523742676, 'learning_rate': 4.7833333333333335e-05, 'epoch': 0.0}",
    "{'loss': 3.7303, 'grad_norm': 4.484037399291992, 'learning_rate': 4.766666666666667e-05, 'epoch': 0.0}",
    "{'loss': 3.6832, 'grad_norm': 3.668231248855591, 'learning_rate': 4.75e-05, 'epoch': 0.01}",
    "{'loss': 3.7436, 'grad_norm': 3.9909703731536865, 'learning_rate': 4.7333333333333336e-05, 'epoch': 0.01}",
    "{'loss': 3.5768, 'grad_norm': 4.1281561851501465, 'learning_rate': 4.716666666666667e-05, 'epoch': 0.01}",
    "{'loss': 3.5754, 'grad_norm': 4.387509346008301, 'learning_rate': 4.7e-05, 'epoch': 0.01}",
    "{'loss': 3.5479, 'grad_norm': 4.897694110870361, 'learning_rate': 4.683333333333334e-05, 'epoch': 0.01}",
    "{'loss': 3.5771, 'grad_norm': 4.581422805786133, 'learning_rate': 4.666666666666667e-05, 'epoch': 0.01}",
    "{'loss': 3.5525, 'grad_norm': 4.998153209686279, 'learning_rate': 4.6500000000000005e-05, 'epoch': 0.01}",
    "{'loss': 3.6449, 'grad_norm': 4.127691745758057, 'learning_rate': 4.633333333333333e-05, 'epoch': 0.01}",
    "{'loss': 3.6113, 'grad_norm': 4.865299224853516, 'learning_rate': 4.6166666666666666e-05, 'epoch': 0.01}",
    "{'loss': 3.5088, 'grad_norm': 4.615352630615234, 'learning_rate': 4.600000000000001e-05, 'epoch': 0.01}",
    "{'loss': 3.4781, 'grad_norm': 5.499984264373779, 'learning_rate': 4.5833333333333334e-05, 'epoch': 0.01}",
    "{'loss': 3.6039, 'grad_norm': 5.3849196434021, 'learning_rate': 4.566666666666667e-05, 'epoch': 0.01}",
    "{'loss': 3.5465, 'grad_norm': 5.430337905883789, 'learning_rate': 4.55e-05, 'epoch': 0.01}",
    "{'loss': 3.6135, 'grad_norm': 4.570376396179199, 'learning_rate': 4.5333333333333335e-05, 'epoch': 0.01}",
    "{'loss': 3.6303, 'grad_norm': 4.818716526031494, 'learning_rate': 4.516666666666667e-05, 'epoch': 0.01}",
    "{'loss': 3.5395, 'grad_norm': 5.891198635101318, 'learning_rate': 4.5e-05, 'epoch': 0.01}",
    "{'loss': 3.467, 'grad_norm': 5.406421184539795, 'learning_rate': 4.483333333333333e-05, 'epoch': 0.01}",
    "{'loss': 3.6063, 'grad_norm': 5.834434986114502, 'learning_rate': 4.466666666666667e-05, 'epoch': 0.01}",
    "{'loss': 3.4168, 'grad_norm': 5.314158916473389, 'learning_rate': 4.4500000000000004e-05, 'epoch': 0.01}",
    "{'loss': 3.4918, 'grad_norm': 5.4781060218811035, 'learning_rate': 4.433333333333334e-05, 'epoch': 0.01}",
    "{'loss': 3.5207, 'grad_norm': 5.569215774536133, 'learning_rate': 4.4166666666666665e-05, 'epoch': 0.01}",
    "{'loss': 3.5727, 'grad_norm': 5.286966323852539, 'learning_rate': 4.4000000000000006e-05, 'epoch': 0.01}",
    "{'loss': 3.3598, 'grad_norm': 4.928376197814941, 'learning_rate': 4.383333333333334e-05, 'epoch': 0.01}",
    "{'loss': 3.5291, 'grad_norm': 5.200712203979492, 'learning_rate': 4.3666666666666666e-05, 'epoch': 0.01}",
    "{'loss': 3.5227, 'grad_norm': 5.271636486053467, 'learning_rate': 4.35e-05, 'epoch': 0.01}",
    "{'loss': 3.4742, 'grad_norm': 5.641286849975586, 'learning_rate': 4.3333333333333334e-05, 'epoch': 0.01}",
    "{'loss': 3.6896, 'grad_norm': 5.5333967208862305, 'learning_rate': 4.316666666666667e-05, 'epoch': 0.01}",
    "{'loss': 3.4973, 'grad_norm': 5.026886463165283, 'learning_rate': 4.3e-05, 'epoch': 0.01}",
    "{'loss': 3.6248, 'grad_norm': 5.667610168457031, 'learning_rate': 4.2833333333333335e-05, 'epoch': 0.02}",
    "{'loss': 3.416, 'grad_norm': 6.70228385925293, 'learning_rate': 4.266666666666667e-05, 'epoch': 0.02}",
    "{'loss': 3.4146, 'grad_norm': 6.136542797088623, 'learning_rate': 4.25e-05, 'epoch': 0.02}",
    "{'loss': 3.4238, 'grad_norm': 5.609162330627441, 'learning_rate': 4.233333333333334e-05, 'epoch': 0.02}",
    "{'loss': 3.535, 'grad_norm': 5.661261558532715, 'learning_rate': 4.216666666666667e-05, 'epoch': 0.02}",
    "{'loss': 3.4469, 'grad_norm': 7.169975757598877, 'learning_rate': 4.2e-05, 'epoch': 0.02}",
    "{'loss': 3.4578, 'grad_norm': 5.85629940032959, 'learning_rate': 4.183333333333334e-05, 'epoch': 0.02}",
    "{'loss': 3.5611, 'grad_norm': 6.0166802406311035, 'learning_rate': 4.166666666666667e-05, 'epoch': 0.02}",
    " 16%|██████▌                                | 500/3000 [04:48<26:58,  1.54it/s]***** Running Evaluation *****",
]

# A RoBERTa 5-fold run in Colab with the notebook progress callback, copied as text (a public script with
# its output appended, index id 31011996796, fold 1's first 20 lines): a table a row an epoch
EPOCH_TABLE = [
    "***** Running training *****",
    "  Num examples = 220",
    "  Num Epochs = 15",
    "  Instantaneous batch size per device = 8",
    "  Total train batch size (w. parallel, distributed & accumulation) = 32",
    "  Gradient Accumulation steps = 4",
    "  Total optimization steps = 105",
    "  Number of trainable parameters = 124,647,939",
    "Starting training for Fold 1...",
    " [ 63/105 04:36 < 03:10, 0.22 it/s, Epoch 9/15]",
    "Epoch\tTraining Loss\tValidation Loss\tAccuracy\tF1\tPrecision\tRecall",
    "1\t1.120400\t1.096191\t0.303571\t0.141389\t0.092156\t0.303571",
    "2\t1.032900\t1.015621\t0.517857\t0.353361\t0.268176\t0.517857",
    "3\t0.968600\t0.935922\t0.517857\t0.353361\t0.268176\t0.517857",
    "4\t0.889800\t0.888541\t0.517857\t0.353361\t0.268176\t0.517857",
    "5\t0.816400\t0.839994\t0.553571\t0.561238\t0.573214\t0.553571",
    "6\t0.716300\t0.845827\t0.642857\t0.637511\t0.634037\t0.642857",
    "7\t0.621900\t0.816930\t0.571429\t0.577555\t0.589932\t0.571429",
    "8\t0.530400\t0.837613\t0.571429\t0.579972\t0.622115\t0.571429",
    "9\t0.423900\t0.950415\t0.553571\t0.562075\t0.601656\t0.553571",
]

def test_saving_into_an_existing_checkpoint_folder_is_a_save_of_its_step(tmp_path: Path) -> None:
    """`Checkpoint destination directory model\\checkpoint-534 already exists and is non-empty.
    Saving will proceed ...`: the Trainer saves step 534 (its warning, at the default log level,
    is the only word of the save)."""
    parser, _, events = _read(tmp_path, SAVE_OVER)
    assert parser == "hf_trainer"
    named = [int(n) for t in SAVE_OVER for n in re.findall(r"checkpoint-(\d+) already exists", t)]
    saves = [(e["step"], e["line"]) for e in events if e["kind"] == "checkpoint_save_start"]
    assert saves == list(zip(named, [2, 4], strict=True)) == [(534, 2), (1068, 4)]


def test_a_summary_dict_cut_short_still_ends_the_run(tmp_path: Path) -> None:
    """`{'train_runtime': 306.9394, ..., 'train_loss': ` (the paste stops mid-dict): the run's
    summary all the same, a clean end, its runtime 306.9394 s."""
    _, _, events = _read(tmp_path, CUT_SUMMARY, parser_name="hf_trainer")
    ends = [(e["kind"], e["line"], e["duration_s"]) for e in events if e["kind"] == "attempt_end"]
    assert ends == [("attempt_end", 8, 306.9394)]


# A Qwen1.5 LoRA run with the Trainer at its default log level (github.com/Nuist-XZX/QWen @
# 70318b703b1af35dfca0fe802def3a473dfa4dd2 : loss.txt, lines 12-17, each line indented with two
# ideographic spaces): the dataset's tokenizing bars, then the first metric dicts
DATASET_BARS = [
    "\u3000\u3000Tokenizing and chunking... (num_proc=4): 100%|" + "\u2588" * 51
    + "| 1500/1500 [00:11<00:00, 126.32 examples/s]  ",
    "\u3000\u3000Tokenizing and chunking... (num_proc=4): 100%|" + "\u2588" * 54
    + "| 100/100 [00:11<00:00,  8.78 examples/s]  ",
    "\u3000\u30002025-08-18 17:03:21,101 [INFO] \u2728 \u5f00\u59cb\u5fae\u8c03\u8bad\u7ec3...  ",
    "\u3000\u3000{'loss': 4.1437, 'grad_norm': 17.879865646362305, 'learning_rate': 2.1176470588235296e-06, 'epoch': 0.11}  ",
    "\u3000\u3000{'loss': 3.9367, 'grad_norm': 14.34531307220459, 'learning_rate': 4.235294117647059e-06, 'epoch': 0.21}  ",
    "\u3000\u3000{'loss': 3.651, 'grad_norm': 11.869979858398438, 'learning_rate': 6.588235294117647e-06, 'epoch': 0.32}  ",
]


def test_a_datasets_bar_before_training_is_not_the_training_bar(tmp_path: Path) -> None:
    """The tokenizing bars (`1500/1500 [00:11<00:00, 126.32 examples/s]`) count examples, and
    finished before training began: the metric dicts after them are not their examples 1500,
    1501, 1502 (nor 100, 101, 102). Nothing here names their steps (no header, no bar, no
    summary): they are the run's first three logs, in order, below either bar's count."""
    _, steps, _ = _read(tmp_path, DATASET_BARS)
    assert [s["loss"] for s in steps] == [4.1437, 3.9367, 3.651]
    numbers = [s["step"] for s in steps]
    assert numbers == sorted(set(numbers)) and max(numbers) < 100


# The `datasets` library's bars in a training script's output (a script's commented run log, index id
# 57584623547, two of its `# Map: ...` lines, the comment's `# ` kept off), and its first drawing before
# any rate (a run log's README, index id 54737705047: `? examples/s`, as the Trainer's own first is `?it/s`)
DATASET_READINGS = [
    "Map: 100%|██████████| 67/67 [01:52<00:00,  1.67s/ examples]",
    "Map: 100%|██████████| 67/67 [00:00<00:00, 77.53 examples/s]",
    "Map:   0%|          | 0/10000 [00:00<?, ? examples/s]",
]


def test_a_datasets_bars_readings_count_its_examples_not_steps() -> None:
    """Each form of the `datasets` bar's rate, a space before its unit (`1.67s/ examples`,
    `77.53 examples/s`, `? examples/s`), names examples, no step: no step's rate."""
    readings = [r for text in DATASET_READINGS for r in bar_readings(text)]
    assert [(r.n, r.total, r.unit, r.seconds_per_item) for r in readings] == [
        (67, 67, "examples", None), (67, 67, "examples", None), (0, 10000, "examples", None)]


def test_a_backslash_in_a_metric_dict_warns_nothing() -> None:
    """A dict whose string holds `\\_` (no Python escape: the compiler warns of it, a
    SyntaxWarning on the user's terminal from Python 3.12) is read without a warning (a mutated
    line of the fuzz tests found it)."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert _literal("{'loss': 1.0, 'name': 'a\\_b', 'epoch': 0.5}") == {"loss": 1.0, "name": "a\\_b", "epoch": 0.5}


LLAMA_FACTORY_05 = [  # NearMugi/llm @ c2b5b2a9, llm-factory/memo.md (a bash block: LLaMA-Factory 0.5 on Colab)
    "02/09/2024 15:48:56 - INFO - llmtuner.extras.callbacks - {'loss': 0.7704, 'learning_rate': 8.8100e-06, 'epoch': 2.59}",
    "{'loss': 0.7704, 'learning_rate': 8.810015400790994e-06, 'epoch': 2.59}",
    "02/09/2024 15:49:48 - INFO - llmtuner.extras.callbacks - {'loss': 0.7807, 'learning_rate': 7.4841e-06, 'epoch': 2.62}",
    "{'loss': 0.7807, 'learning_rate': 7.4841234255076495e-06, 'epoch': 2.62}",
    "02/09/2024 15:59:21 - INFO - llmtuner.extras.callbacks - {'loss': 0.8264, 'learning_rate': 2.0277e-08, 'epoch': 2.98}",
    "{'loss': 0.8264, 'learning_rate': 2.0277101514987184e-08, 'epoch': 2.98}",
    '[INFO|trainer.py:1962] 2024-02-09 15:59:52,454 >> ',
    '',
    'Training completed. Do not forget to share your model on huggingface.co/models =)',
    '',
    '',
    "02/09/2024 15:59:52 - INFO - llmtuner.extras.callbacks - {'loss': 0.0000, 'learning_rate': 0.0000e+00, 'epoch': 3.00}",
]


def test_a_dict_logged_twice_is_one_step_and_the_zero_loss_after_training_completed_none(tmp_path: Path) -> None:
    """LLaMA-Factory 0.5's callback logs each record through its logger (`... - llmtuner.extras.callbacks
    - {...}`, the learning rate to 5 digits), then the Trainer prints the same dict bare: one step a
    pair, its loss the pair's. After `Training completed.` the callback logs a zero loss as training
    ends: no step. (The excerpt is the run's tail, its first dict at epoch 2.59 of 3: their count is no
    step of the run, and a warning says so.)"""
    path = tmp_path / "console.log"
    path.write_text("\n".join(LLAMA_FACTORY_05) + "\n", encoding="utf-8")
    result = registry()["hf_trainer"].parse(path, ParseOptions())
    bare = [float(m.group(1)) for t in LLAMA_FACTORY_05 if (m := re.match(r"\{'loss': ([\d.]+)", t))]
    assert [s["loss"] for s in result.tables["log_steps"].to_pylist()] == bare
    assert any(w.startswith(f"{len(bare)} metric lines name no step") and w.endswith("not the run's steps")
               for w in result.warnings)


# iiicellled/Clean-Code-Qwen @ e1b4f8ea, sft.log (a `nohup` run), its last lines but one: the
# bar's readings 101..181 (one line: the copy keeps no carriage return), then the dicts
NOHUP_QWEN_LORA = [
    (' 56%|█████▌    | 101/181 [17:10<31:12, 23.41s/it] 56%|█████▋    | 102/181 [17:20<25:24, 19.30s/it] 5'
     '7%|█████▋    | 103/181 [17:30<21:23, 16.46s/it] 57%|█████▋    | 104/181 [17:40<18:37, 14.51s/it] 58%'
     '|█████▊    | 105/181 [17:49<16:21, 12.91s/it] 59%|█████▊    | 106/181 [17:59<14:56, 11.95s/it] 59%|█'
     '████▉    | 107/181 [18:08<13:47, 11.19s/it] 60%|█████▉    | 108/181 [18:18<13:10, 10.82s/it] 60%|███'
     '███    | 109/181 [18:27<12:25, 10.35s/it] 61%|██████    | 110/181 [18:37<12:13, 10.33s/it]          '
     '                                        61%|██████    | 110/181 [18:37<12:13, 10.33s/it] 61%|██████▏'
     '   | 111/181 [18:47<11:41, 10.02s/it] 62%|██████▏   | 112/181 [18:56<11:12,  9.75s/it] 62%|██████▏  '
     ' | 113/181 [19:06<11:11,  9.87s/it] 63%|██████▎   | 114/181 [19:16<11:07,  9.97s/it] 64%|██████▎   |'
     ' 115/181 [19:26<10:53,  9.91s/it] 64%|██████▍   | 116/181 [19:36<10:40,  9.85s/it] 65%|██████▍   | 1'
     '17/181 [19:46<10:33,  9.90s/it] 65%|██████▌   | 118/181 [19:55<10:19,  9.83s/it] 66%|██████▌   | 119'
     '/181 [20:05<10:03,  9.74s/it] 66%|██████▋   | 120/181 [20:15<09:57,  9.79s/it]                      '
     '                            66%|██████▋   | 120/181 [20:15<09:57,  9.79s/it] 67%|██████▋   | 121/181'
     ' [20:24<09:41,  9.69s/it] 67%|██████▋   | 122/181 [20:33<09:22,  9.54s/it] 68%|██████▊   | 123/181 ['
     '20:44<09:25,  9.75s/it] 69%|██████▊   | 124/181 [20:53<09:11,  9.68s/it] 69%|██████▉   | 125/181 [21'
     ':03<09:05,  9.75s/it] 70%|██████▉   | 126/181 [21:13<09:05,  9.93s/it] 70%|███████   | 127/181 [21:2'
     '3<08:44,  9.72s/it] 71%|███████   | 128/181 [21:33<08:52, 10.04s/it] 71%|███████▏  | 129/181 [21:43<'
     '08:37,  9.94s/it] 72%|███████▏  | 130/181 [21:54<08:38, 10.16s/it]                                  '
     '                72%|███████▏  | 130/181 [21:54<08:38, 10.16s/it] 72%|███████▏  | 131/181 [22:04<08:2'
     '8, 10.16s/it] 73%|███████▎  | 132/181 [22:13<08:05,  9.91s/it] 73%|███████▎  | 133/181 [22:23<07:50,'
     '  9.79s/it] 74%|███████▍  | 134/181 [22:33<07:43,  9.86s/it] 75%|███████▍  | 135/181 [22:43<07:31,  '
     '9.82s/it] 75%|███████▌  | 136/181 [22:53<07:28,  9.97s/it] 76%|███████▌  | 137/181 [23:02<07:10,  9.'
     '79s/it] 76%|███████▌  | 138/181 [23:13<07:11, 10.04s/it] 77%|███████▋  | 139/181 [23:22<06:51,  9.79'
     's/it] 77%|███████▋  | 140/181 [23:32<06:37,  9.69s/it]                                              '
     '    77%|███████▋  | 140/181 [23:32<06:37,  9.69s/it] 78%|███████▊  | 141/181 [23:41<06:26,  9.67s/it'
     '] 78%|███████▊  | 142/181 [23:51<06:17,  9.68s/it] 79%|███████▉  | 143/181 [24:00<06:06,  9.63s/it] '
     '80%|███████▉  | 144/181 [24:10<05:57,  9.66s/it] 80%|████████  | 145/181 [24:20<05:48,  9.69s/it] 81'
     '%|████████  | 146/181 [24:29<05:32,  9.49s/it] 81%|████████  | 147/181 [24:38<05:20,  9.42s/it] 82%|'
     '████████▏ | 148/181 [24:48<05:10,  9.41s/it] 82%|████████▏ | 149/181 [24:57<05:01,  9.42s/it] 83%|██'
     '██████▎ | 150/181 [25:08<05:02,  9.77s/it]                                                  83%|████'
     '████▎ | 150/181 [25:08<05:02,  9.77s/it] 83%|████████▎ | 151/181 [25:18<04:54,  9.81s/it] 84%|██████'
     '██▍ | 152/181 [25:27<04:40,  9.68s/it] 85%|████████▍ | 153/181 [25:37<04:33,  9.78s/it] 85%|████████'
     '▌ | 154/181 [25:47<04:25,  9.83s/it] 86%|████████▌ | 155/181 [25:57<04:15,  9.83s/it] 86%|████████▌ '
     '| 156/181 [26:06<04:00,  9.62s/it] 87%|████████▋ | 157/181 [26:15<03:48,  9.53s/it] 87%|████████▋ | '
     '158/181 [26:26<03:49,  9.96s/it] 88%|████████▊ | 159/181 [26:36<03:41, 10.08s/it] 88%|████████▊ | 16'
     '0/181 [26:46<03:28,  9.92s/it]                                                  88%|████████▊ | 160/'
     '181 [26:46<03:28,  9.92s/it] 89%|████████▉ | 161/181 [26:56<03:16,  9.82s/it] 90%|████████▉ | 162/18'
     '1 [27:05<03:06,  9.81s/it] 90%|█████████ | 163/181 [27:15<02:54,  9.71s/it] 91%|█████████ | 164/181 '
     '[27:25<02:44,  9.71s/it] 91%|█████████ | 165/181 [27:34<02:35,  9.72s/it] 92%|█████████▏| 166/181 [2'
     '7:45<02:27,  9.85s/it] 92%|█████████▏| 167/181 [27:54<02:17,  9.85s/it] 93%|█████████▎| 168/181 [28:'
     '04<02:07,  9.79s/it] 93%|█████████▎| 169/181 [28:14<01:56,  9.75s/it] 94%|█████████▍| 170/181 [28:24'
     '<01:50, 10.00s/it]                                                  94%|█████████▍| 170/181 [28:24<0'
     '1:50, 10.00s/it] 94%|█████████▍| 171/181 [28:34<01:38,  9.89s/it] 95%|█████████▌| 172/181 [28:43<01:'
     '27,  9.72s/it] 96%|█████████▌| 173/181 [28:53<01:17,  9.68s/it] 96%|█████████▌| 174/181 [29:02<01:07'
     ',  9.60s/it] 97%|█████████▋| 175/181 [29:12<00:57,  9.61s/it] 97%|█████████▋| 176/181 [29:21<00:47, '
     ' 9.58s/it] 98%|█████████▊| 177/181 [29:30<00:37,  9.42s/it] 98%|█████████▊| 178/181 [29:40<00:28,  9'
     '.58s/it] 99%|█████████▉| 179/181 [29:50<00:19,  9.64s/it] 99%|█████████▉| 180/181 [30:00<00:09,  9.6'
     '4s/it]                                                  99%|█████████▉| 180/181 [30:00<00:09,  9.64s'
     '/it]100%|██████████| 181/181 [30:09<00:00,  9.65s/it]                                               '
     '  100%|██████████| 181/181 [30:10<00:00,  9.65s/it]100%|██████████| 181/181 [30:10<00:00, 10.00s/it]'),
    ("{'eval_loss': 0.4172849953174591, 'eval_runtime': 44.4951, 'eval_samples_per_second': 2.247, 'eval_s"
     "teps_per_second': 2.247, 'epoch': 0.55}"),
    "{'loss': 0.401, 'grad_norm': 0.21096178889274597, 'learning_rate': 6.3729468701907006e-06, 'epoch': 0.61}",
    "{'loss': 0.4138, 'grad_norm': 0.16260948777198792, 'learning_rate': 4.8781373210723935e-06, 'epoch': 0.66}",
    "{'loss': 0.334, 'grad_norm': 0.20985379815101624, 'learning_rate': 3.5158078299347277e-06, 'epoch': 0.72}",
    "{'loss': 0.4645, 'grad_norm': 0.20006230473518372, 'learning_rate': 2.329744787551308e-06, 'epoch': 0.77}",
    "{'loss': 0.5394, 'grad_norm': 0.14512096345424652, 'learning_rate': 1.3580692360002587e-06, 'epoch': 0.83}",
    "{'loss': 0.4715, 'grad_norm': 0.26052767038345337, 'learning_rate': 6.320116270057379e-07, 'epoch': 0.88}",
    "{'loss': 0.4587, 'grad_norm': 0.12992078065872192, 'learning_rate': 1.7490804952301986e-07, 'epoch': 0.94}",
    "{'loss': 0.4038, 'grad_norm': 0.2180682122707367, 'learning_rate': 1.4501886384763462e-09, 'epoch': 0.99}",
    ("{'train_runtime': 1810.426, 'train_samples_per_second': 0.8, 'train_steps_per_second': 0.1, 'train_l"
     "oss': 0.48589169682718775, 'epoch': 1.0}"),
]


def test_dicts_printed_after_the_bar_ended_are_placed_by_their_epoch(tmp_path: Path) -> None:
    """Under `nohup python train.py > log`, stdout (the Trainer's dicts) is kept in a buffer while
    tqdm draws the bar on stderr at once: eight loss dicts of epochs 0.61..0.99 come after the bar's
    last reading, 181/181, and the summary says the run was one epoch of 181 steps. Each is placed
    by its epoch (to its printed two decimals: within half a hundredth of 181 steps, and a
    half step), none past the run's last step; its time is the rate the bar drew at that step (it
    drew every step, on stderr, as it ran), not the rate of the reading printed beside the dicts."""
    _, steps, _ = _read(tmp_path, NOHUP_QWEN_LORA, parser_name="hf_trainer")
    epochs = [float(m.group(1)) for t in NOHUP_QWEN_LORA if (m := re.search(r"^\{'loss'.*'epoch': ([\d.]+)\}", t))]
    dicts = [s for s in steps if s["loss"] is not None]
    assert len(dicts) == len(epochs) == 8
    drawn = "".join(NOHUP_QWEN_LORA)
    for row, epoch in zip(dicts, epochs, strict=True):
        assert abs(row["step"] - epoch * 181) <= 0.005 * 181 + 0.5, (row["step"], epoch)
        own = re.search(rf" {row['step']}/181 \[[\d:<]+, +([\d.]+)s/it\]", drawn)
        assert own is not None and row["step_time_s"] == float(own.group(1))
    assert len({row["step"] for row in dicts}) == len(dicts) and min(row["step"] for row in dicts) > 100
    assert max(s["step"] for s in steps) == 181



# egilron/seq-label, README.md (stored-index file 1145372546), its interactive run's block, lines 11-20:
# an HF Trainer token-classification run of 2 epochs, 536 steps, the console keeping no carriage return
SEQ_LABEL_TWO_EPOCHS = [
    ("{'loss': 0.08, 'grad_norm': 0.43012261390686035, 'learning_rate': 2.5e-05, 'epoch': 1.0}            "
     '                                                             '),
    (' 50%|█████████████████████████████████████████████████████████████                                  '
     '                           | 268/536 [01:10<01:00,  4.45it/s/cluster/work/users/egilron/venvs/transf'
     'ormers/lib/python3.10/site-packages/seqeval/metrics/v1.py:57: UndefinedMetricWarning: Precision and '
     'F-score are ill-defined and being set to 0.0 in labels with no predicted samples. Use `zero_division'
     '` parameter to control this behavior.'),
    '  _warn_prf(average, modifier, msg_start, len(result))',
    ("{'eval_loss': 0.04710279777646065, 'eval_precision': 0.6592356687898089, 'eval_recall': 0.6666666666"
     "666666, 'eval_f1': 0.6629303442754203, 'eval_accuracy': 0.9862039316840583, 'eval_runtime': 5.4015, "
     "'eval_samples_per_second': 280.105, 'eval_steps_per_second': 35.175, 'epoch': 1.0}                  "
     '                      '),
    (' 81%|███████████████████████████████████████████████████████████████████████████████████████████████'
     '████▏                      | 436/536 [02:03<00:26,  3.83it/s]'),
    (' 82%|███████████████████████████████████████████████████████████████████████████████████████████████'
     '████▍                      | 43 82%|████████████████████████████████████████████████████████████████'
     "███████████▏                | 438/536 [02:03<00:24,  3.97it/s]{'loss': 0.0351, 'grad_norm': 0.314823"
     "35925102234, 'learning_rate': 0.0, 'epoch': 2.0}                                             "),
    ('100%|████████████████████████████████████████████████████████████████████████████████████████████| 5'
     '36/536 [02:28<00:00,  4.55it/s/cluster/work/users/egilron/venvs/transformers/lib/python3.10/site-pac'
     'kages/seqeval/metrics/v1.py:57: UndefinedMetricWarning: Precision and F-score are ill-defined and be'
     'ing set to 0.0 in labels with no predicted samples. Use `zero_division` parameter to control this be'
     'havior.'),
    '  _warn_prf(average, modifier, msg_start, len(result))',
    ("{'eval_loss': 0.047243136912584305, 'eval_precision': 0.651702786377709, 'eval_recall': 0.6779388083"
     "73591, 'eval_f1': 0.664561957379637, 'eval_accuracy': 0.9863211787235706, 'eval_runtime': 5.3206, 'e"
     "val_samples_per_second': 284.366, 'eval_steps_per_second': 35.71, 'epoch': 2.0}"),
    ("{'train_runtime': 158.4339, 'train_samples_per_second': 108.184, 'train_steps_per_second': 3.383, 't"
     "rain_loss': 0.05750848997884722, 'epoch': 2.0}                                                      "
     '                                                              '),
]


def test_a_dict_glued_after_an_earlier_reading_is_placed_by_its_whole_epoch(tmp_path: Path) -> None:
    """The last epoch's dict (`'epoch': 2.0`) is printed glued after the bar's 438/536 drawing (stdout
    flushed late); the summary says the run was 2 epochs of 536 steps (158.4339 s at 3.383 steps a
    second): the dict is the run's last step, 536, not 438. The Trainer prints the epoch to 2
    decimals at most (`2.0` is 2.00), which names the step to within 268 x 0.005 steps."""
    _, steps, _ = _read(tmp_path, SEQ_LABEL_TWO_EPOCHS, parser_name="hf_trainer")
    assert round(158.4339 * 3.383) == 536 and any("/536 [" in t for t in SEQ_LABEL_TWO_EPOCHS)
    assert [(s["step"], s["loss"]) for s in steps if s["loss"] is not None] == [(268, 0.08), (536, 0.0351)]


def test_counted_dicts_that_their_epochs_place_mid_run_are_left_out(tmp_path: Path) -> None:
    """Dicts that name no step are the logged steps counted from the run's start only where their
    epochs agree: this tail's first is at epoch 0.46 of a run whose 20th dict, the bar's step 5000,
    is at epoch 0.51. The 19 before the bar are left out with a warning (they were steps 1-19: the
    run's steps 1 to 5000, by the rows); the last is the bar's step."""
    path = tmp_path / "console.log"
    path.write_text("\n".join(WHISPER_TAIL) + "\n", encoding="utf-8")
    parser = detect(path, read_head(path), registry())[0]
    assert parser is not None and parser.name == "hf_trainer"
    result = parser.parse(path, ParseOptions())
    dicts = [line for line in WHISPER_TAIL if line.startswith("{'loss'")]
    bar, last = re.search(r"\| (\d+)/\1 \[", WHISPER_TAIL[-1]), re.search(r"'loss': ([\d.]+)", dicts[-1])
    assert bar is not None and last is not None
    assert [(s["step"], s["loss"]) for s in result.tables["log_steps"].to_pylist()] == [
        (int(bar.group(1)), float(last.group(1)))]
    assert any(w.startswith(f"{len(dicts) - 1} metric lines name no step") and "left out" in w for w in result.warnings)


def test_dicts_flushed_after_training_completed_and_printed_twice(tmp_path: Path) -> None:
    """The ten dicts (epochs 0.1 to 1.0 of a 10-step run) come after `Training completed.`: each is a
    step, 1 to 10 (the header's total over the ten dicts, the last at the summary's epoch); the second
    process's copy of each, to the last digit, is none."""
    _, steps, _ = _read(tmp_path, EZPZ_HEADER + EZPZ_COMPLETED + EZPZ_DICTS)
    losses = [float(m.group(1)) for t in EZPZ_DICTS if (m := re.match(r"\s*\{'loss': ([\d.]+)", t))]
    assert len(losses) == 20
    said = re.search(r"Total optimization steps = (\d+)", " ".join(EZPZ_HEADER))
    assert said is not None
    total = int(said.group(1))
    assert [(s["step"], s["loss"]) for s in steps] == list(zip(range(1, total + 1), losses[:10], strict=True))


def test_a_header_of_sys_maxsize_epochs_counts_no_epoch(tmp_path: Path) -> None:
    """`Num Epochs = 9,223,372,036,854,775,807` (`max_steps` over a streamed dataset) is no epoch
    count: the ten dicts of the 10-step run, with no summary after them, are its steps 1 to 10 (they
    were all step 0: epoch x 10 / 9.2e18)."""
    _, steps, _ = _read(tmp_path, EZPZ_HEADER + EZPZ_DICTS[:10])
    assert [s["step"] for s in steps] == list(range(1, 11))


# ms-swift 3's `swift sft` console (a Chinese notes file on a Qwen2.5-7B LoRA, index id 33298529825, lines 16-19): its
# logger's lines, then the Trainer's dicts that name their step (`'global_step/max_steps': '1/94'`)
SWIFT_CONSOLE = [
    ('[INFO:swift] use_logits_to_keep: True'),
    ("{'loss': 1.4749825, 'grad_norm': 1.59615517, 'learning_rate': 2e-05, 'token_acc': 0.66827957, 'epoch"
     "': 0.01, 'global_step/max_steps': '1/94', 'percentage': '1.06%', 'elapsed_time': '7s', 'remaining_ti"
     "me': '12m 6s', 'memory(GiB)': 16.75, 'train_speed(iter/s)': 0.128088}"),
    ("{'loss': 1.72185874, 'grad_norm': 1.92592478, 'learning_rate': 0.0001, 'token_acc': 0.64476276, 'epo"
     "ch': 0.05, 'global_step/max_steps': '5/94', 'percentage': '5.32%', 'elapsed_time': '32s', 'remaining"
     "_time': '9m 36s', 'memory(GiB)': 17.47, 'train_speed(iter/s)': 0.154297}"),
    ("{'loss': 1.35411816, 'grad_norm': 0.95349097, 'learning_rate': 9.922e-05, 'token_acc': 0.6687643, 'e"
     "poch': 0.11, 'global_step/max_steps': '10/94', 'percentage': '10.64%', 'elapsed_time': '1m 3s', 'rem"
     "aining_time': '8m 50s', 'memory(GiB)': 17.47, 'train_speed(iter/s)': 0.158366}"),
]


def test_ms_swifts_console_is_labelled_ms_swift(tmp_path: Path) -> None:
    """`[INFO:swift] ...` lines say ms-swift's trainer (the Trainer's subclass) printed the dicts:
    their steps are ms-swift's, 1, 5, 10 as each dict names it."""
    name, steps, _ = _read(tmp_path, SWIFT_CONSOLE)
    assert name == "hf_trainer"
    named = [int(m.group(1)) for t in SWIFT_CONSOLE if (m := re.search(r"'global_step/max_steps': '(\d+)/", t))]
    assert [(s["step"], s["framework"]) for s in steps] == [(n, "ms_swift") for n in named]


def test_one_processs_repeated_dicts_are_its_steps() -> None:
    """sample_logs/hf_trainer_stalled (record_hf_stalled_job.sh): a run that makes no progress prints
    the same dict 20 times to the last digit, its epoch the same for steps at a time. Each is a step
    of the bar's 20 with its loss: no dict is another process's copy (the series never goes back)."""
    path = SAMPLE_LOGS / "hf_trainer_stalled" / "console.log"
    text = path.read_text(encoding="utf-8")
    losses = [float(v) for v in re.findall(r"\{'loss': ([\d.]+),", text)]
    total = {int(t) for t in re.findall(r"\| \d+/(\d+) \[", text)}
    assert len(losses) == 20 and len(set(losses)) == 1 and total == {20}
    parser = detect(path, read_head(path), registry())[0]
    assert parser is not None and parser.name == "hf_trainer"
    steps = parser.parse(path, ParseOptions()).tables["log_steps"].to_pylist()
    assert [(s["step"], s["loss"]) for s in steps] == [(n, losses[0]) for n in range(1, 21)]


def test_a_bar_loading_checkpoint_shards_is_not_the_trainers(tmp_path: Path) -> None:
    """Stanford Alpaca's fine-tuning on eight GPUs (km1994/LLMsNineStoryDemonTower,
    Stanford_Alpaca_7B/readme.md, index id 36527476880, its run's lines 5-9 and 69-77): every process
    draws transformers' `Loading checkpoint shards: 100%|...| 33/33 [00:41<00:00,  1.26s/it]`; the
    Trainer's bar is the one that ends the run, `101/101 [1:16:45<00:00, 45.60s/it]`. The run's last
    step is 101, at 45.60 s a step (it was 33 at 1.26 s: the dicts numbered after the shards' bar)."""
    lines = [
        ('[2023-03-28 11:13:02,320] [INFO] [comm.py:657:init_distributed] Initializing TorchBackend in DeepSpeed with backen'
         'd nccl'),
        ('[2023-03-28 11:13:20,236] [INFO] [partition_parameters.py:413:__exit__] finished initializing model with 6.74B par'
         'ameters'),
        ('Loading checkpoint shards: 100%|██████████████████████████████████████████████████████████████████████████████████'
         '██████████████████████████████████████████████████| 33/33 [00:41<00:00,  1.26s/it]'),
        '...',
        ('Loading checkpoint shards: 100%|██████████████████████████████████████████████████████████████████████████████████'
         '██████████████████████████████████████████████████| 33/33 [00:41<00:00,  1.26s/it]'),
        "{'loss': 1.5163, 'learning_rate': 0.0, 'epoch': 0.01}",
        "{'loss': 1.5216, 'learning_rate': 0.0, 'epoch': 0.02}",
        '...',
        "{'loss': 1.0547, 'learning_rate': 2.025571894372794e-06, 'epoch': 0.98}",
        "{'loss': 1.0329, 'learning_rate': 1.8343633694278895e-06, 'epoch': 0.99}",
        "{'loss': 1.0613, 'learning_rate': 1.6517194697072903e-06, 'epoch': 1.0}",
        ("{'train_runtime': 4605.8781, 'train_samples_per_second': 11.277, 'train_steps_per_second': 0.022, 'train_loss': 1."
         "175760779050317, 'epoch': 1.0}"),
        ('100%|█████████████████████████████████████████████████████████████████████████████████████████████████████████████'
         '██████████████████████████████████████████████| 101/101 [1:16:45<00:00, 45.60s/it]'),
        '...',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "hf_trainer"
    final = next(m for t in lines if (m := re.match(r"100%\|█+\| (\d+)/\1 \[[\d:<]+, ([\d.]+)s/it\]", t)))
    last = max(steps, key=lambda s: s["step"])
    assert (last["step"], last["step_time_s"]) == (int(final.group(1)), float(final.group(2)))


def test_the_same_weights_file_written_after_each_epoch_is_a_save_each_time(tmp_path: Path) -> None:
    """ChineseBERT's TNEWS fine-tuning (JunnYu/ChineseBert_pytorch @ e139d57d, examples/tnews/README.md,
    its log's last 22 lines): after each epoch's evaluation the script's `save_pretrained` writes
    `Model weights saved in tnews_outputs/pytorch_model.bin` again: three saves (they were one, read
    as the components of one save, no step logged between)."""
    lines = [
        '04/01/2022 14:30:36 - INFO - __main__ - ***** Running training *****',
        '04/01/2022 14:30:36 - INFO - __main__ -   Num examples = 53360',
        '04/01/2022 14:30:36 - INFO - __main__ -   Num Epochs = 3',
        '04/01/2022 14:30:36 - INFO - __main__ -   Instantaneous batch size per device = 32',
        '04/01/2022 14:30:36 - INFO - __main__ -   Total train batch size (w. parallel, distributed & accumulation) = 32',
        '04/01/2022 14:30:36 - INFO - __main__ -   Gradient Accumulation steps = 1',
        '04/01/2022 14:30:36 - INFO - __main__ -   Total optimization steps = 5004',
        "04/01/2022 14:32:37 - INFO - __main__ - epoch 0: {'accuracy': 0.5687}",
        'Configuration saved in tnews_outputs/config.json',
        'Model weights saved in tnews_outputs/pytorch_model.bin',
        'tokenizer config file saved in tnews_outputs/tokenizer_config.json',
        'Special tokens file saved in tnews_outputs/special_tokens_map.json',
        "04/01/2022 14:34:40 - INFO - __main__ - epoch 1: {'accuracy': 0.5744}",
        'Configuration saved in tnews_outputs/config.json',
        'Model weights saved in tnews_outputs/pytorch_model.bin',
        'tokenizer config file saved in tnews_outputs/tokenizer_config.json',
        'Special tokens file saved in tnews_outputs/special_tokens_map.json',
        "04/01/2022 14:36:43 - INFO - __main__ - epoch 2: {'accuracy': 0.5742}",
        'Configuration saved in tnews_outputs/config.json',
        'Model weights saved in tnews_outputs/pytorch_model.bin',
        'tokenizer config file saved in tnews_outputs/tokenizer_config.json',
        'Special tokens file saved in tnews_outputs/special_tokens_map.json',
    ]
    _, _, events = _read(tmp_path, lines)
    written = [n for n, t in enumerate(lines, 1) if t.startswith("Model weights saved in ")]
    assert len(written) == 3
    assert [(e["kind"], e["line"]) for e in events if e["kind"].startswith("checkpoint")] == [
        ("checkpoint_save_end", n) for n in written]


def test_dicts_logged_at_each_epochs_end_are_placed_by_their_whole_epochs(tmp_path: Path) -> None:
    """TRL's SFTTrainer under transformers 5, logging once an epoch (a SmolLM2 emoji fine-tuning
    tutorial, index id 52059607545, its training log's lines 4-5 and 8-11): its strings print the epoch
    to 4 significant digits (`'epoch': '1'`); the summary says 3 epochs of 2279 s at 1.498 steps a
    second, 3414 steps, as the bar's total: the dicts of epochs 1 and 3 are steps 1138 and 3414 (they
    were step 1, no bar before it, and one past the bar's last reading)."""
    lines = [
        ("{'loss': '1.363', 'grad_norm': '1.094', 'learning_rate': '5e-05', 'entropy': '1.338', 'num_tokens': '9.289e+04', '"
         "mean_token_accuracy': '0.705', 'epoch': '1'}                                              "),
        ("{'eval_loss': '1.17', 'eval_runtime': '8.043', 'eval_samples_per_second': '31.45', 'eval_steps_per_second': '3.978"
         "', 'eval_entropy': '1.22', 'eval_num_tokens': '9.289e+04', 'eval_mean_token_accuracy': '0.7387', 'epoch': '1'}    "
         '                                                                                                                  '
         '                                                                  '),
        ("{'loss': '1.145', 'grad_norm': '1.289', 'learning_rate': '5e-05', 'entropy': '1.15', 'num_tokens': '2.787e+05', 'm"
         "ean_token_accuracy': '0.7406', 'epoch': '3'}                                              "),
        ("{'eval_loss': '1.117', 'eval_runtime': '8.109', 'eval_samples_per_second': '31.2', 'eval_steps_per_second': '3.946"
         "', 'eval_entropy': '1.144', 'eval_num_tokens': '2.787e+05', 'eval_mean_token_accuracy': '0.745', 'epoch': '3'}    "
         '                                                                                                                  '
         '                                                                  '),
        ("{'train_runtime': '2279', 'train_samples_per_second': '2.996', 'train_steps_per_second': '1.498', 'train_loss': '1"
         ".229', 'epoch': '3'}                                                                      "),
        ('100%|█████████████████████████████████████████████████████████████████████████████████████████████████████████████'
         '██████████████████████████████████████████████████████| 3414/3414 [37:59<00:00,  1.50it/s]'),
    ]
    _, steps, _ = _read(tmp_path, lines, parser_name="hf_trainer")
    summary = next(t for t in lines if t.startswith("{'train_runtime'"))
    total = round(float(re.search(r"'train_runtime': '([\d.]+)'", summary).group(1))  # type: ignore[union-attr]
                  * float(re.search(r"'train_steps_per_second': '([\d.]+)'", summary).group(1)))  # type: ignore[union-attr]
    epochs = int(re.search(r"'epoch': '(\d+)'", summary).group(1))  # type: ignore[union-attr]
    logged = [int(m.group(1)) for t in lines if (m := re.match(r"\{'loss': .*'epoch': '(\d+)'", t))]
    assert total == 3414 and epochs == 3
    assert [s["step"] for s in steps if s["loss"] is not None] == [e * total // epochs for e in logged]


def test_dicts_a_copy_left_without_their_bar_are_placed_by_their_epoch(tmp_path: Path) -> None:
    """A Thai RoBERTa fine-tuning under transformers 3's Trainer (markdown notes, index id 10853773669,
    its run's lines 5-17): a copy that lost the bar's drawings of steps 70 to 110 and 130 keeps their
    dicts alone, indented; their epochs, printed in full, place them: the steps an epoch are the bar's
    step over its dict's epoch (20 / 0.0148 = 1352), each dict at its epoch's step (they were 61 to 64,
    one past the last drawing, and 120 and 140 twice)."""
    lines = [
        ("    1%|▏         | 20/1352 [02:11<51:39,  2.33s/it]{'loss': 1.3437000274658204, 'learning_rate': 4.411764705882353"
         "e-06, 'epoch': 0.014792899408284023}"),
        ("    2%|▏         | 30/1352 [02:27<20:12,  1.09it/s]{'loss': 1.2052518844604492, 'learning_rate': 6.61764705882353e"
         "-06, 'epoch': 0.022189349112426034}"),
        ("    3%|▎         | 40/1352 [02:29<03:05,  7.08it/s]{'loss': 1.1024581909179687, 'learning_rate': 8.823529411764707"
         "e-06, 'epoch': 0.029585798816568046}"),
        "    4%|▎         | 50/1352 [02:44<08:19,  2.60it/s]029411764705883e-05, 'epoch': 0.03698224852071006}",
        ("    4%|▍         | 60/1352 [02:45<02:58,  7.25it/s]{'loss': 1.047784423828125, 'learning_rate': 1.323529411764706e"
         "-05, 'epoch': 0.04437869822485207}"),
        ("                                                    {'loss': 1.0573417663574218, 'learning_rate': 1.54411764705882"
         "34e-05, 'epoch': 0.051775147928994084}"),
        ("                                                    {'loss': 1.0460289001464844, 'learning_rate': 1.76470588235294"
         "14e-05, 'epoch': 0.05917159763313609}"),
        ("                                                    {'loss': 1.0624427795410156, 'learning_rate': 1.98529411764705"
         "86e-05, 'epoch': 0.06656804733727811}"),
        ("                                                    {'loss': 0.9531181335449219, 'learning_rate': 2.20588235294117"
         "66e-05, 'epoch': 0.07396449704142012}"),
        ("                                                    {'loss': 1.06204833984375, 'learning_rate': 2.4264705882352942"
         "e-05, 'epoch': 0.08136094674556213}"),
        ("    9%|▉         | 120/1352 [03:02<02:52,  7.16it/s]{'loss': 0.92392578125, 'learning_rate': 2.647058823529412e-05"
         ", 'epoch': 0.08875739644970414}"),
        ("                                                    {'loss': 0.9776107788085937, 'learning_rate': 2.86764705882352"
         "95e-05, 'epoch': 0.09615384615384616}"),
        ("    10%|█         | 140/1352 [03:04<02:31,  7.99it/s]{'loss': 1.0748321533203125, 'learning_rate': 2.9901315789473"
         "686e-05, 'epoch': 0.10355029585798817}"),
    ]
    _, steps, _ = _read(tmp_path, lines, parser_name="hf_trainer")
    first = next(m for t in lines if (m := re.search(r"\| (\d+)/1352 \[.*'epoch': ([\d.]+)\}", t)))
    per_epoch = int(first.group(1)) / float(first.group(2))
    epochs = [float(m.group(1)) for t in lines if (m := re.search(r"\{'loss': [\d.]+, .*'epoch': ([\d.]+)\}", t))]
    assert [s["step"] for s in steps if s["loss"] is not None] == [round(e * per_epoch) for e in epochs]


def test_a_no_trainer_scripts_header_with_no_trainer_dict_is_accelerates(tmp_path: Path) -> None:
    """Accelerate's Megatron-LM guide (huggingface/accelerate @ 7b4d1262, docs/source/usage_guides/
    megatron_lm.md, its output excerpts' lines 16-31): `run_clm_no_trainer.py` logs the Trainer's
    header under its own logger (`- INFO - __main__ - ***** Running training *****`), its bar and its
    evaluations' perplexity, no Trainer's loss dict: the steps are Accelerate's loop's."""
    lines = [
        '10/10/2022 22:57:22 - INFO - __main__ - ***** Running training *****',
        '10/10/2022 22:57:22 - INFO - __main__ -   Num examples = 2318',
        '10/10/2022 22:57:22 - INFO - __main__ -   Num Epochs = 5',
        '10/10/2022 22:57:22 - INFO - __main__ -   Instantaneous batch size per device = 24',
        '10/10/2022 22:57:22 - INFO - __main__ -   Total train batch size (w. parallel, distributed & accumulation) = 48',
        '10/10/2022 22:57:22 - INFO - __main__ -   Gradient Accumulation steps = 1',
        '10/10/2022 22:57:22 - INFO - __main__ -   Total optimization steps = 245',
        ' 20%|████████████▍                                                 | 49/245 [01:04<04:09,  1.27s/it]',
        ' 10/10/2022 22:58:29 - INFO - __main__ - epoch 0: perplexity: 1222.1594275215962 eval_loss: 7.10837459564209',
        ' 40%|████████████████████████▊                                     | 98/245 [02:10<03:07,  1.28s/it]',
        ' 10/10/2022 22:59:35 - INFO - __main__ - epoch 1: perplexity: 894.5236583794557 eval_loss: 6.796291351318359',
        ' 60%|████████████████████████████████████▌                        | 147/245 [03:16<02:05,  1.28s/it]',
        ' 10/10/2022 23:00:40 - INFO - __main__ - epoch 2: perplexity: 702.8458788508042 eval_loss: 6.555137634277344',
        ' 80%|████████████████████████████████████████████████▊            | 196/245 [04:22<01:02,  1.28s/it]',
        ' 10/10/2022 23:01:46 - INFO - __main__ - epoch 3: perplexity: 600.3220028695281 eval_loss: 6.39746618270874',
        '100%|█████████████████████████████████████████████████████████████| 245/245 [05:27<00:00,  1.28s/it]',
    ]
    name, steps, _ = _read(tmp_path, lines)
    assert name == "hf_trainer"
    bars = [int(m.group(1)) for t in lines if (m := re.search(r"\| (\d+)/245 \[", t))]
    assert [(s["step"], s["framework"]) for s in steps] == [(n, "accelerate") for n in bars]


def test_a_bar_drawn_again_after_an_evaluation_times_the_steps_after_it(tmp_path: Path) -> None:
    """`8000/8250 [5:20:04<...` before the evaluation, `8000/8250 [5:22:48<...` after it, then `8100/8250
    [5:24:06<01:50,  1.35it/s]`: the rate is checked against the clock from the redrawing (78 s a 100
    steps), not across the 164 s evaluation, so steps 8100 and 8200 take the rate the bar shows (they had
    none); 8000, the tail's first drawing, has no earlier one to check it with. The tail's first line,
    `Model weights saved in ./results/checkpoint-7900/...`, ends the save of step 7900 whose start the
    tail lost; the three saves after it start with `Saving model checkpoint to` and end as the Trainer deletes its oldest
    checkpoint (`Deleting older checkpoint [...] due to args.save_total_limit`, `_rotate_checkpoints` after the save is
    written); the deletion on line 2 follows no save the tail shows begun: no end again."""
    _, steps, events = _read(tmp_path, EVAL_REDRAWN)
    rates = {int(n): float(r) for n, r in re.findall(r"(\d+)/8250 \[[\d:]+<[\d:]+, +([\d.]+)it/s\]", "\n".join(EVAL_REDRAWN))}
    assert rates == {8000: 1.36, 8100: 1.35, 8200: 1.35, 8250: 1.36}
    times = {row["step"]: row["step_time_s"] for row in steps}
    assert times[8000] is None
    for step in (8100, 8200, 8250):
        assert times[step] == pytest.approx(1 / rates[step])
    named = [int(n) for t in EVAL_REDRAWN if "Saving model checkpoint" in t for n in re.findall(r"checkpoint-(\d+)$", t)]
    assert named == [8000, 8100, 8200]
    rotated = [number for number, t in enumerate(EVAL_REDRAWN, 1) if "due to args.save_total_limit" in t]
    assert rotated == [2, 12, 22, 32]
    saves = [(e["kind"], e["step"], e["line"]) for e in events if e["kind"].startswith("checkpoint")]
    assert saves == [("checkpoint_save_end", None, 1)] + [
        save for n, line, end in zip(named, [9, 19, 29], rotated[1:], strict=True)
        for save in (("checkpoint_save_start", n, line), ("checkpoint_save_end", None, end))]


def test_dicts_between_the_runs_start_and_a_bar_drawing_are_spaced_evenly(tmp_path: Path) -> None:
    """Fifty dicts, then the bar's first drawing, `500/3000`, glued before the evaluation's header: the
    dicts are `logging_steps` = 500 / 50 = 10 apart from the run's start (they were numbered by their
    epochs over the header's `Num Epochs = 1`, which `max_steps is given` makes the epochs begun, not
    their count: 14 dicts at step 0)."""
    _, steps, _ = _read(tmp_path, MAX_STEPS_DICTS)
    dicts = [t for t in MAX_STEPS_DICTS if t.startswith("{'loss'")]
    drawn = int(re.search(r"\| (\d+)/3000 \[", MAX_STEPS_DICTS[-1]).group(1))  # type: ignore[union-attr]
    assert (len(dicts), drawn) == (50, 500)
    every = drawn // len(dicts)
    logged = [(row["step"], row["loss"]) for row in steps if row["loss"] is not None]
    assert logged == [(every * k, float(re.search(r"'loss': ([\d.]+)", t).group(1)))  # type: ignore[union-attr]
                      for k, t in enumerate(dicts, 1)]


def test_a_notebook_table_of_epochs_gives_each_epochs_last_step(tmp_path: Path) -> None:
    """The notebook callback's table with `Epoch` for its first column (a run that evaluates each
    epoch), under ` [ 63/105 04:36 < 03:10, 0.22 it/s, Epoch 9/15]`: each row is its epoch's last
    step, 105 / 15 = 7 steps an epoch (only the caption's count was read: one step)."""
    parser, steps, _ = _read(tmp_path, EPOCH_TABLE)
    assert parser == "hf_trainer"
    caption = re.search(r"\[ (\d+)/(\d+) (\d+):(\d+) <.*Epoch \d+/(\d+)\]", "\n".join(EPOCH_TABLE))
    assert caption is not None
    n, total, minutes, seconds, epochs = (int(g) for g in caption.groups())
    rows = [t.split("\t") for t in EPOCH_TABLE if re.match(r"\d+\t", t)]
    assert len(rows) == 9
    assert [(row["step"], row["loss"]) for row in steps] == [(int(r[0]) * total // epochs, float(r[1])) for r in rows]
    assert [row["step_time_s"] for row in steps] == [pytest.approx((minutes * 60 + seconds) / n)] * len(rows)


# SkyPilot's gpt-oss fine-tuning example with TRL's SFTTrainer (github.com/skypilot-org/skypilot, the example's
# README, index id 2569021389, the block's lines 1-18): each dict printed after its own step's drawing, the
# next drawing a later step's (the copy kept one drawing a logged step)
DICT_AFTER_ITS_DRAWING = [
    "Training Progress for gpt-oss-120b:",
    "  6%|▋         | 1/16 [01:18<19:31, 78.12s/it]",
    ("{'loss': 2.2344, 'grad_norm': 17.139, 'learning_rate': 0.0, 'num_tokens': 51486.0, 'mean_token_accuracy': 0.5436, 'epo"
     "ch': 0.06}"),
    "",
    " 12%|█▎        | 2/16 [01:23<08:10, 35.06s/it]",
    ("{'loss': 2.1689, 'grad_norm': 16.724, 'learning_rate': 0.0002, 'num_tokens': 105023.0, 'mean_token_accuracy': 0.5596, "
     "'epoch': 0.12}"),
    "",
    " 25%|██▌       | 4/16 [01:34<03:03, 15.26s/it]",
    ("{'loss': 2.1548, 'grad_norm': 3.983, 'learning_rate': 0.000192, 'num_tokens': 214557.0, 'mean_token_accuracy': 0.5182,"
     " 'epoch': 0.25}"),
    "",
    " 50%|█████     | 8/16 [01:56<00:59,  7.43s/it]",
    ("{'loss': 2.1323, 'grad_norm': 3.460, 'learning_rate': 0.000138, 'num_tokens': 428975.0, 'mean_token_accuracy': 0.5432,"
     " 'epoch': 0.5}"),
    "",
    " 75%|███████▌  | 12/16 [02:15<00:21,  5.50s/it]",
    ("{'loss': 1.4624, 'grad_norm': 0.888, 'learning_rate': 6.5e-05, 'num_tokens': 641021.0, 'mean_token_accuracy': 0.6522, "
     "'epoch': 0.75}"),
    "",
    "100%|██████████| 16/16 [02:34<00:00,  4.88s/it]",
    ("{'loss': 1.1294, 'grad_norm': 0.713, 'learning_rate': 2.2e-05, 'num_tokens': 852192.0, 'mean_token_accuracy': 0.7088, "
     "'epoch': 1.0}"),
]


def test_dicts_after_their_own_drawings_take_those_steps_where_the_epochs_say_so(tmp_path: Path) -> None:
    """`1/16` then `{'loss': 2.2344, ..., 'epoch': 0.06}`, `2/16` then `'epoch': 0.12`, ... `16/16` then `'epoch':
    1.0`: each dict is the step drawn before it (16 an epoch), not the next drawing's (which put them at
    2, 4, 8, 12 and, by those, the last two at 24 and 32 of a 16-step run)."""
    _, steps, _ = _read(tmp_path, DICT_AFTER_ITS_DRAWING)
    drawn = [int(m.group(1)) for t in DICT_AFTER_ITS_DRAWING if (m := re.search(r"\| (\d+)/16 \[", t))]
    losses = [float(m.group(1)) for t in DICT_AFTER_ITS_DRAWING if (m := re.match(r"\{'loss': ([\d.]+),", t))]
    assert len(drawn) == len(losses) == 6
    assert [(row["step"], row["loss"]) for row in steps if row["loss"] is not None] == list(zip(drawn, losses, strict=True))


def test_a_notebook_epoch_table_under_a_caption_of_a_fractional_epoch(tmp_path: Path) -> None:
    """The steps an epoch are the caption's count over its epoch as printed, where one whole number
    of steps fits the epoch's two decimals: ` [30/45 01:00 < 00:30, 0.50 it/s, Epoch 1.50/3]` (the
    caption's form above with other numbers) has 30 / 1.50 = 20 (19.93 to 20.07); a run `max_steps`
    ended inside its third epoch, ` [1200/1200 10:00, Epoch 2.40/3]`, 499 to 501, places no row (it
    was 1200 / 3 = 400 an epoch: the epochs begun)."""
    rows = ["Epoch\tTraining Loss\tValidation Loss", "1\t0.900000\t0.800000", "2\t0.700000\t0.650000"]
    _, steps, _ = _read(tmp_path, [" [30/45 01:00 < 00:30, 0.50 it/s, Epoch 1.50/3]", *rows[:2]], parser_name="hf_trainer")
    assert [(row["step"], row["loss"]) for row in steps if row["loss"] is not None] == [(20, 0.9)]
    _, steps, _ = _read(tmp_path, [" [1200/1200 10:00, Epoch 2.40/3]", *rows], parser_name="hf_trainer")
    assert [row["loss"] for row in steps if row["loss"] is not None] == []


# FATE-LLM's GPT-2 fine-tuning with the Trainer under DeepSpeed ZeRO-2 (FATE-LLM's documentation, the partial
# output of its guest process, index id 7828743685, its lines 33-47): the console kept stdout, the Trainer's
# dicts (no step, no bar) and DeepSpeed's engine's reports every 10 steps, dated
HF_DEEPSPEED_STDOUT = [
    "{'loss': 2.075, 'learning_rate': 0.0002329900014453396, 'epoch': 0.04}",
    ('[2023-12-29 13:02:49,647] [INFO] [logging.py:96:log_dist] [Rank 0] step=10, skipped=0, lr=[0.0003333333333333334], mom'
     '=[(0.9, 0.999)]'),
    ('[2023-12-29 13:02:49,654] [INFO] [timer.py:260:stop] epoch=0/micro_step=10/global_step=10, RunningAvgSamplesPerSec=110'
     '.86936118523683, CurrSamplesPerSec=111.33670009091573, MemA          llocated=1.87GB, MaxMemAllocated=6.12GB'),
    "{'loss': 0.8091, 'learning_rate': 0.0003333333333333334, 'epoch': 0.08}",
    "{'loss': 0.5003, 'learning_rate': 0.00039203041968522714, 'epoch': 0.12}",
    ('[2023-12-29 13:02:51,108] [INFO] [logging.py:96:log_dist] [Rank 0] step=20, skipped=0, lr=[0.0004336766652213271], mom'
     '=[(0.9, 0.999)]'),
    ('[2023-12-29 13:02:51,116] [INFO] [timer.py:260:stop] epoch=0/micro_step=20/global_step=20, RunningAvgSamplesPerSec=111'
     '.0120624893855, CurrSamplesPerSec=111.13499047776766, MemAl          located=1.87GB, MaxMemAllocated=6.12GB'),
    "{'loss': 0.466, 'learning_rate': 0.0004336766652213271, 'epoch': 0.16}",
    "{'loss': 0.4338, 'learning_rate': 0.0004659800028906792, 'epoch': 0.2}",
    ('[2023-12-29 13:02:52,576] [INFO] [logging.py:96:log_dist] [Rank 0] step=30, skipped=0, lr=[0.0004923737515732208], mom'
     '=[(0.9, 0.999)]'),
    ('[2023-12-29 13:02:52,584] [INFO] [timer.py:260:stop] epoch=0/micro_step=30/global_step=30, RunningAvgSamplesPerSec=110'
     '.88921855143799, CurrSamplesPerSec=110.59852763526753, MemA          llocated=1.87GB, MaxMemAllocated=6.12GB'),
    "{'loss': 0.319, 'learning_rate': 0.0004923737515732208, 'epoch': 0.24}",
    "{'loss': 0.3094, 'learning_rate': 0.0005146893481167587, 'epoch': 0.28}",
    ('[2023-12-29 13:02:54,048] [INFO] [logging.py:96:log_dist] [Rank 0] step=40, skipped=0, lr=[0.0005340199971093208], mom'
     '=[(0.9, 0.999)]'),
    ('[2023-12-29 13:02:54,055] [INFO] [timer.py:260:stop] epoch=0/micro_step=40/global_step=40, RunningAvgSamplesPerSec=110'
     '.76942622083511, CurrSamplesPerSec=109.53330286609649, MemA          llocated=1.87GB, MaxMemAllocated=6.12GB'),
]


def test_dicts_are_placed_by_deepspeeds_step_at_their_learning_rate(tmp_path: Path) -> None:
    """`{'loss': 0.8091, 'learning_rate': 0.0003333333333333334, ...}` beside `[Rank 0] step=10, skipped=0,
    lr=[0.0003333333333333334]`: the dict is step 10, dated by that line; the dicts between two such are
    evenly spaced (15, 25), the last goes on at that spacing (35); DeepSpeed's step 40, which no dict
    has, is a step at its line's time (the dicts were numbered 1 to 7, the run's last step 40 lost)."""
    _, steps, _ = _read(tmp_path, HF_DEEPSPEED_STDOUT, parser_name="hf_trainer")
    reports = {float(m.group(2)): (int(m.group(1)), _ns(m.group(0)[1:24]))
               for t in HF_DEEPSPEED_STDOUT if (m := re.search(r"\[[\d\- :,]+\].*step=(\d+), skipped=0, lr=\[([\d.e-]+)\]", t))}
    assert [s for s, _ in reports.values()] == [10, 20, 30, 40]
    by_line = {row["line"]: row for row in steps}
    for n, t in enumerate(HF_DEEPSPEED_STDOUT, 1):
        lr = re.search(r"'learning_rate': ([\d.e-]+)", t)
        if lr is not None and float(lr.group(1)) in reports:
            assert (by_line[n]["step"], by_line[n]["end_ns"]) == reports[float(lr.group(1))]
    # the first dict, before DeepSpeed's first report, goes on backwards at that spacing: its epoch
    # (0.04) is half the step-10 dict's (0.08), so it is step 5 (it was numbered 1)
    epochs = [float(m.group(1)) for t in HF_DEEPSPEED_STDOUT if (m := re.search(r"'epoch': ([\d.]+)", t))]
    assert round(10 * epochs[0] / epochs[1]) == 5
    assert [row["step"] for row in steps if row["loss"] is not None] == [5, 10, 15, 20, 25, 30, 35]
    assert [(row["step"], row["loss"]) for row in steps][-1] == (40, None)


def test_a_running_notebook_caption_counts_the_step_in_progress(tmp_path: Path) -> None:
    """While training runs the callback draws `global_step + 1` (` [ 67/105 04:50 < 02:40, 0.22 it/s,
    Epoch 9.43/15]`, the caption above as drawn mid-epoch): 66 / 9.43 is 7 steps an epoch, so the
    table's rows keep their steps (67 / 9.43 fits no whole number, and the rows were lost)."""
    running = [" [ 67/105 04:50 < 02:40, 0.22 it/s, Epoch 9.43/15]" if t.startswith(" [ 63/105") else t for t in EPOCH_TABLE]
    assert running != EPOCH_TABLE
    _, steps, _ = _read(tmp_path, running)
    rows = [int(t.split("\t")[0]) for t in EPOCH_TABLE if re.match(r"\d+\t", t)]
    assert [row["step"] for row in steps if row["loss"] is not None] == [r * 7 for r in rows]


def test_dicts_at_a_learning_rate_that_repeats_are_not_placed_by_deepspeeds_report(tmp_path: Path) -> None:
    """The dicts above, every one at the learning rate of DeepSpeed's step-10 report (a constant rate):
    the rate names no step, so no dict is put at step 10 (all six were)."""
    rate = "0.0003333333333333334"
    same = [re.sub(r"'learning_rate': [\d.e-]+", f"'learning_rate': {rate}", t) for t in HF_DEEPSPEED_STDOUT]
    _, steps, _ = _read(tmp_path, same, parser_name="hf_trainer")
    assert sum(1 for row in steps if row["loss"] is not None and row["step"] == 10) == 0


# An axolotl QLoRA run's last lines (a blog post's code block, read_file id 47237185595): the bar's
# last reading glued to the logger's dated line, no header logged before it.
AXOLOTL_END = [
    "100%|██████████| 1124/1124 [2:48:45<00:00, 16.34s/it][2025-11-06 11:25:06,763] [INFO] [axolotl.core.trainers."
    "base._save:613] [PID:859953] [RANK:0] Saving model checkpoint to models/base/checkpoint-1124",
    "[2025-11-06 11:25:10,069] [INFO] [axolotl.train.save_trained_model:228] [PID:859953] [RANK:0] Training completed! "
    "Saving trained model to models/base.",
    "[2025-11-06 11:25:11,945] [INFO] [axolotl.train.save_trained_model:350] [PID:859953] [RANK:0] Model successfully "
    "saved to models/base",
]


def test_a_bar_begun_before_the_first_dated_line_starts_the_process_then(tmp_path: Path) -> None:
    """The bar had run 2:48:45 (tqdm's elapsed, whole seconds) when the dated line glued to it was
    written: the process ran since then, not from its first dated line (the attempt was 3.3 s)."""
    _, _, events = _read(tmp_path, AXOLOTL_END, parser_name="hf_trainer")
    m = re.search(r"\[(\d+):(\d\d):(\d\d)<.*?\]\[([\d\- :,]+)\]", AXOLOTL_END[0])
    assert m is not None
    elapsed = int(m.group(1)) * 3600 + int(m.group(2)) * 60 + int(m.group(3))
    dated = _ns(m.group(4))
    (start,) = [e for e in events if e["kind"] == "attempt_start"]
    assert dated - (elapsed + 1) * 10**9 <= start["ts_ns"] <= dated - elapsed * 10**9


# safe-rlhf's trainer after its training header (a setup note's log, read_file id 5140062711): its own
# bar, described as training, with no `Total optimization steps` line to name its total
SAFE_RLHF_TRAINING = [
    "wandb: Run `wandb online` or set WANDB_MODE=online to enable cloud syncing.",
    "***** Running training *****",
    "Training 1/3 epoch:   0%|          | 0/39003 [00:00<?, ?it/s]`use_cache=True` is incompatible with gradient "
    "checkpointing. Setting `use_cache=False`.",
    "Training 1/3 epoch (loss 1.1828):   0%|          | 115/39003 [09:28<53:15:37,  4.93s/it]",
]


def test_a_bar_described_as_training_after_the_header_counts_its_steps(tmp_path: Path) -> None:
    """The bar's last reading, 115 of 39003 at 4.93 s/it, is step 115 done (none was read: no
    header total, no metric line named the bar as the training one)."""
    _, steps, _ = _read(tmp_path, SAFE_RLHF_TRAINING, parser_name="hf_trainer")
    m = re.search(r"\| (\d+)/\d+ \[[\d:]+<[\d:]+, +([\d.]+)s/it\]$", SAFE_RLHF_TRAINING[-1])
    assert m is not None
    assert [(s["step"], s["step_time_s"]) for s in steps] == [(int(m.group(1)), pytest.approx(float(m.group(2)), abs=0.006))]


# PaddleNLP's Trainer on FewCLUE (its run log, read_file id 31837775922): an evaluation's header, then its
# metrics as `key: value` pairs with its runtime, colored by its logger
PADDLENLP_EVAL = [
    "\x1b[32m[2022-08-31 16:15:21,446] [    INFO]\x1b[0m - loss: 5.81e-06, learning_rate: 1.2e-05, global_step: 600, "
    "interval_runtime: 1.955, interval_samples_per_second: 4.092, interval_steps_per_second: 5.115, epoch: 30.0\x1b[0m",
    "\x1b[32m[2022-08-31 16:15:21,447] [    INFO]\x1b[0m - ***** Running Evaluation *****\x1b[0m",
    "\x1b[32m[2022-08-31 16:15:21,447] [    INFO]\x1b[0m -   Num examples = 160\x1b[0m",
    "\x1b[32m[2022-08-31 16:15:21,448] [    INFO]\x1b[0m -   Total prediction steps = 5\x1b[0m",
    "\x1b[32m[2022-08-31 16:15:23,280] [    INFO]\x1b[0m - eval_loss: 5.451386451721191, eval_accuracy: 0.5625, "
    "eval_runtime: 1.8318, eval_samples_per_second: 87.344, eval_steps_per_second: 2.729, epoch: 30.0\x1b[0m",
    "\x1b[32m[2022-08-31 16:15:23,280] [    INFO]\x1b[0m - Saving model checkpoint to ./checkpoints/checkpoint-600\x1b[0m",
]


def test_an_evaluations_metrics_as_pairs_end_it_with_its_runtime(tmp_path: Path) -> None:
    """The metrics line ends the evaluation the header began, at its time, with its runtime (no
    end was read: the evaluation's time was left to `nothing logged`)."""
    _, _, events = _read(tmp_path, PADDLENLP_EVAL, parser_name="hf_trainer")
    m = re.search(r"\[([\d\- :,]+)\].*eval_runtime: ([\d.]+)", PADDLENLP_EVAL[4])
    assert m is not None
    assert [(e["line"], e["ts_ns"], e["duration_s"]) for e in events if e["kind"] == "eval_end"] == [
        (5, _ns(m.group(1)), float(m.group(2)))]


# Ray Train's Intel Gaudi textual-inversion example as its docs page prints the run (Ray docs,
# train/examples/intel_gaudi/sd, "output of the example command"; lines 42-48, 52-58, 121-122): the
# loss goes to `nan` at step 4 and stays there to step 3000
GAUDI_NAN = [
    '(RayTrainWorker pid=107684) 03/03/2025 04:59:31 - INFO - __main__ - ***** Running training *****',
    '(RayTrainWorker pid=107684) 03/03/2025 04:59:31 - INFO - __main__ -   Num examples = 600',
    '(RayTrainWorker pid=107684) 03/03/2025 04:59:31 - INFO - __main__ -   Num Epochs = 20',
    '(RayTrainWorker pid=107684) 03/03/2025 04:59:31 - INFO - __main__ -   Instantaneous batch size per device = 4',
    '(RayTrainWorker pid=107684) 03/03/2025 04:59:31 - INFO - __main__ -   Total train batch size (w. parallel, distri'
    'buted & accumulation) = 4',
    '(RayTrainWorker pid=107684) 03/03/2025 04:59:31 - INFO - __main__ -   Gradient Accumulation steps = 1',
    '(RayTrainWorker pid=107684) 03/03/2025 04:59:31 - INFO - __main__ -   Total optimization steps = 3000',
    'Steps:   0%|          | 0/3000 [00:00<?, ?it/s]',
    'Steps:   0%|          | 1/3000 [00:41<34:47:32, 41.76s/it, loss=0.146, lr=0.002]',
    'Steps:   0%|          | 2/3000 [01:10<28:13:25, 33.89s/it, loss=0.146, lr=0.002]',
    'Steps:   0%|          | 3/3000 [01:30<22:57:31, 27.58s/it, loss=0.0955, lr=0.002]',
    'Steps:   0%|          | 4/3000 [01:30<14:00:18, 16.83s/it, loss=nan, lr=0.002]   ',
    'Steps:   0%|          | 5/3000 [01:30<9:03:04, 10.88s/it, loss=nan, lr=0.002]',
    'Steps:   0%|          | 6/3000 [01:31<6:04:12,  7.30s/it, loss=nan, lr=0.002]',
    '(RayTrainWorker pid=107684) 03/03/2025 05:18:56 - INFO - __main__ - Saving embeddings',
    'Steps: 100%|██████████| 3000/3000 [19:24<00:00,  2.58it/s, loss=nan, lr=0.002]',
]


def test_a_loss_gone_nan_is_kept_and_a_diverged_run_is_a_finding(tmp_path: Path) -> None:
    """The bar's postfix gives the losses 0.146, 0.146, 0.0955, then `nan` from step 4 to 3000:
    they are the steps' losses, NaN kept as NaN, and the run's divergence at step 4 is a high
    finding (not "completed, 92 % goodput" and nothing else)."""
    path = tmp_path / "gaudi.log"
    path.write_text("\n".join(GAUDI_NAN) + "\n", encoding="utf-8")
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    con = store.connect()
    losses = dict(con.execute("select step, loss from log_steps").fetchall())
    said = {int(m.group(1)): float(m.group(2)) for t in GAUDI_NAN if (m := re.search(r"\| (\d+)/3000 .*loss=([\d.]+|nan),", t))}
    assert {s: losses[s] for s in (1, 2, 3)} == {1: 0.146, 2: 0.146, 3: 0.0955} == {s: said[s] for s in (1, 2, 3)}
    assert all(math.isnan(losses[s]) for s in said if s >= 4) and {4, 5, 6, 3000} <= said.keys()
    finding = con.execute("select severity, title, evidence from findings where finding = 'loss_nonfinite'").fetchall()
    assert len(finding) == 1 and finding[0][0] == "high"
    assert "from step 4 to the last logged step, 3000" in finding[0][1] and "(line 12)" in finding[0][2]
    assert GAUDI_NAN[11].startswith("Steps:   0%|          | 4/3000")  # (line 12)


# The end of a wav2vec 2.0 fine-tuning's console as its README pastes it ("Fine-Tuning Wav2Vec 2.0 Model",
# section 4, the code block whole): no line has a time; the bar's last drawing ends the run
WAV2VEC2_TAIL = [
    " 'eval_steps_per_second': 3.887, 'epoch': 211.0}",
    "{'loss': 0.0136, 'grad_norm': 0.2718251645565033, 'learning_rate': 5.066666666666667e-06, 'epoch': 213.0}" + " " * 21,
    "{'loss': 0.0142, 'grad_norm': 0.5199770331382751, 'learning_rate': 3.4000000000000005e-06, 'epoch': 216.0}" + " " * 20,
    "{'loss': 0.0128, 'grad_norm': 0.5341504216194153, 'learning_rate': 1.7333333333333334e-06, 'epoch': 219.0}" + " " * 20,
    "{'loss': 0.013, 'grad_norm': 0.33202001452445984, 'learning_rate': 6.666666666666667e-08, 'epoch': 222.0}" + " " * 21,
    "{'eval_loss': 0.5652906894683838, 'eval_wer': 0.22662431527693244, 'eval_runtime': 28.2358, 'eval_samples_per_second'"
    ": 92.79, 'eval_steps_per_second': 3.896, 'epoch': 222.0}",
    "{'train_runtime': 1881.837, 'train_samples_per_second': 34.009, 'train_steps_per_second': 1.063, 'train_loss': 1.14279"
    "45377230644, 'epoch': 222.0}",
    "100%|" + "█" * 85 + "| 2000/2000 [31:21<00:00,  1.06it/s]",
]


def _store_at_mtime(tmp_path: Path, lines: list[str], mtime_ns: int) -> tuple[Path, Any]:
    """The lines as a console whose mtime is `mtime_ns` (a copy's), ingested: its path and a connection."""
    path = tmp_path / "console.log"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    os.utime(path, ns=(mtime_ns, mtime_ns))
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    return path, store.connect()


def test_a_run_dated_only_by_the_files_mtime_is_marked_an_estimate(tmp_path: Path) -> None:
    """No line has a time: the run's end is the file's mtime (set here) and its start 1881.837 s
    (`train_runtime`) before; those dates are the mtime's, an estimate, and the attempt says so
    (clock `mtime`: its last step, the bar's 2000, on the bar hung on the mtime; shown with `~`),
    not the log's own clock."""
    mtime_ns = 1_700_000_000 * 10**9
    path, con = _store_at_mtime(tmp_path, WAV2VEC2_TAIL, mtime_ns)
    rows = con.execute("select start_ns, end_ns, clock from attempts").fetchall()
    assert rows == [(mtime_ns - 1_881_837_000_000, mtime_ns, "mtime")]
    code, out, _ = run_cli("report", str(path))
    assert code == 0 and "  1  ~2023-11-14 21:41:58 UTC" in out


# diffusers' text-to-image on 4 nodes as a README pastes it (a Chinese Stable Diffusion training README,
# section "4机32卡"; lines 84-90, then the first 50 drawings of line 109, where the terminal's carriage
# returns were copied as the two characters `^M`): a bar drawn at every step from 2 to 50
DIFFUSERS_CARET_M = [
    '03/20/2024 20:37:17 - INFO - __main__ - ***** Running training *****',
    '03/20/2024 20:37:17 - INFO - __main__ -   Num examples = 833',
    '03/20/2024 20:37:17 - INFO - __main__ -   Num Epochs = 25',
    '03/20/2024 20:37:17 - INFO - __main__ -   Instantaneous batch size per device = 8',
    '03/20/2024 20:37:17 - INFO - __main__ -   Total train batch size (w. parallel, distributed & accumulation) = 256',
    '03/20/2024 20:37:17 - INFO - __main__ -   Gradient Accumulation steps = 4',
    '03/20/2024 20:37:17 - INFO - __main__ -   Total optimization steps = 100',
    ('^MSteps:   2%|▏         | 2/100 [00:26<21:13, 12.99s/it]^MSteps:   3%|▎         | 3/100 [00:38<20:01, 12.39s/i'
     't]^MSteps:   4%|▍         | 4/100 [00:44<15:53,  9.94s/it]^MSteps:   5%|▌         | 5/100 [00:57<17:35, 11.12s'
     '/it]^MSteps:   6%|▌         | 6/100 [01:09<17:41, 11.29s/it]^MSteps:   7%|▋         | 7/100 [01:20<17:40, 11.4'
     '1s/it]^MSteps:   8%|▊         | 8/100 [01:26<14:55,  9.73s/it]^MSteps:   9%|▉         | 9/100 [01:40<16:28, 10'
     '.86s/it]^MSteps:  10%|█         | 10/100 [01:51<16:39, 11.10s/it]^MSteps:  11%|█         | 11/100 [02:03<16:43'
     ', 11.27s/it]^MSteps:  12%|█▏        | 12/100 [02:09<14:15,  9.72s/it]^MSteps:  13%|█▎        | 13/100 [02:23<1'
     '5:42, 10.83s/it]^MSteps:  14%|█▍        | 14/100 [02:34<15:48, 11.03s/it]^MSteps:  15%|█▌        | 15/100 [02:'
     '46<15:55, 11.25s/it]^MSteps:  16%|█▌        | 16/100 [02:52<13:36,  9.72s/it]^MSteps:  17%|█▋        | 17/100 '
     '[03:05<14:56, 10.80s/it]^MSteps:  18%|█▊        | 18/100 [03:17<15:06, 11.05s/it]^MSteps:  19%|█▉        | 19/'
     '100 [03:30<15:15, 11.30s/it]^MSteps:  20%|██        | 20/100 [03:35<12:57,  9.72s/it]^MSteps:  21%|██        |'
     ' 21/100 [03:48<14:12, 10.79s/it]^MSteps:  22%|██▏       | 22/100 [03:59<14:19, 11.02s/it]^MSteps:  23%|██▎    '
     '   | 23/100 [04:15<14:29, 11.30s/it]^MSteps:  24%|██▍       | 24/100 [04:18<12:18,  9.71s/it]^MSteps:  25%|██▌'
     '       | 25/100 [04:35<13:38, 10.91s/it]^MSteps:  26%|██▌       | 26/100 [04:43<13:38, 11.06s/it]^MSteps:  27%'
     '|██▋       | 27/100 [04:58<13:44, 11.30s/it]^MSteps:  28%|██▊       | 28/100 [05:04<11:46,  9.82s/it]^MSteps: '
     ' 29%|██▉       | 29/100 [05:14<12:46, 10.79s/it]^MSteps:  30%|███       | 30/100 [05:30<13:00, 11.15s/it]^MSte'
     'ps:  31%|███       | 31/100 [05:37<12:55, 11.24s/it]^MSteps:  32%|███▏      | 32/100 [05:43<11:01,  9.72s/it]^'
     'MSteps:  33%|███▎      | 33/100 [06:01<12:13, 10.95s/it]^MSteps:  34%|███▍      | 34/100 [06:08<12:10, 11.06s/'
     'it]^MSteps:  35%|███▌      | 35/100 [06:25<12:16, 11.34s/it]^MSteps:  36%|███▌      | 36/100 [06:31<10:31,  9.'
     '86s/it]^MSteps:  37%|███▋      | 37/100 [06:45<11:30, 10.96s/it]^MSteps:  38%|███▊      | 38/100 [06:50<11:22,'
     ' 11.01s/it]^MSteps:  39%|███▉      | 39/100 [07:03<11:27, 11.28s/it]^MSteps:  40%|████      | 40/100 [07:14<09'
     ':50,  9.84s/it]^MSteps:  41%|████      | 41/100 [07:23<10:39, 10.84s/it]^MSteps:  42%|████▏     | 42/100 [07:3'
     '9<10:46, 11.15s/it]^MSteps:  43%|████▎     | 43/100 [07:46<10:42, 11.27s/it]^MSteps:  44%|████▍     | 44/100 ['
     '07:52<09:06,  9.75s/it]^MSteps:  45%|████▌     | 45/100 [08:11<09:59, 10.89s/it]^MSteps:  46%|████▌     | 46/1'
     '00 [08:17<10:00, 11.11s/it]^MSteps:  47%|████▋     | 47/100 [08:34<09:57, 11.28s/it]^MSteps:  48%|████▊     | '
     '48/100 [08:40<08:29,  9.80s/it]^MSteps:  49%|████▉     | 49/100 [08:49<09:13, 10.86s/it]^MSteps:  50%|█████   '
     '  | 50/100 [09:06<09:17, 11.14s/it]'),
]


def test_a_bars_lagging_rate_leaves_no_minute_of_its_run_to_nothing_logged(tmp_path: Path) -> None:
    """The bar ran without a break from step 2 at [00:26] to step 50 at [09:06]: every second of those
    520 s went to steps 3..50. Its rate is tqdm's moving average (step 45 took 18 s, [07:27] to [07:45],
    the rate then 10.89 s/it): at most 1 % of the span may fall to `other`, not 13 s."""
    path = tmp_path / "diffusers.log"
    path.write_text("\n".join(DIFFUSERS_CARET_M) + "\n", encoding="utf-8")
    clocks = [int(m) * 60 + int(s) for m, s in re.findall(r"\| \d+/100 \[(\d\d):(\d\d)<", DIFFUSERS_CARET_M[-1])]
    span = clocks[-1] - clocks[0]
    assert (clocks[0], clocks[-1], span) == (26, 546, 520)
    store = Store.open(tmp_path / "s.tlstore")
    store.ingest([path])
    buckets = dict(store.connect().execute("select bucket, seconds from goodput_buckets").fetchall())
    assert buckets["other"] <= 0.01 * span


# TRL's SFT of SmolLM2 as a tutorial README pastes the end of its run (its training log's lines 229-236):
# the metric dicts, their bar's drawings cut by the copy, its train_runtime; no line has a time
TRL_SFT_END = [
    "{'loss': '1.363', 'grad_norm': '1.094', 'learning_rate': '5e-05', 'entropy': '1.338', 'num"
    "_tokens': '9.289e+04', 'mean_token_accuracy': '0.705', 'epoch': '1'}                      "
    '                        ',
    "{'eval_loss': '1.17', 'eval_runtime': '8.043', 'eval_samples_per_second': '31.45', 'eval_s"
    "teps_per_second': '3.978', 'eval_entropy': '1.22', 'eval_num_tokens': '9.289e+04', 'eval_m"
    "ean_token_accuracy': '0.7387', 'epoch': '1'}                                              "
    '                                                                                          '
    '                                                ',
    ' 37%|██████████████████████████████████████████████████████████████▌                      '
    '                                                                                   | 1271/'
    '3414 [12:38<22:43,  1.57 37%|████████████████████████████████████████████████████████████▋'
    '                                                                                          '
    "            | 1272/3414 [12:39<23:44,  1.50it/s]{'loss': '1.178', 'grad_norm': '1.109', 'l"
    "earning_rate': '5e-05', 'entropy': '1.18', 'num_tokens': '1.858e+05', 'mean_token_accuracy"
    "': '0.7347', 'epoch': '2'}                                              ",
    "{'eval_loss': '1.137', 'eval_runtime': '8.652', 'eval_samples_per_second': '29.24', 'eval_"
    "steps_per_second': '3.699', 'eval_entropy': '1.177', 'eval_num_tokens': '1.858e+05', 'eval"
    "_mean_token_accuracy': '0.7406', 'epoch': '2'}                                            "
    '                                                                                          '
    '                                                ',
    "{'loss': '1.145', 'grad_norm': '1.289', 'learning_rate': '5e-05', 'entropy': '1.15', 'num_"
    "tokens': '2.787e+05', 'mean_token_accuracy': '0.7406', 'epoch': '3'}                      "
    '                        ',
    "{'eval_loss': '1.117', 'eval_runtime': '8.109', 'eval_samples_per_second': '31.2', 'eval_s"
    "teps_per_second': '3.946', 'eval_entropy': '1.144', 'eval_num_tokens': '2.787e+05', 'eval_"
    "mean_token_accuracy': '0.745', 'epoch': '3'}                                              "
    '                                                                                          '
    '                                                ',
    "{'train_runtime': '2279', 'train_samples_per_second': '2.996', 'train_steps_per_second': '"
    "1.498', 'train_loss': '1.229', 'epoch': '3'}                                              "
    '                        ',
    '100%|█████████████████████████████████████████████████████████████████████████████████████'
    '██████████████████████████████████████████████████████████████████████████████| 3414/3414 '
    '[37:59<00:00,  1.50it/s]',
]


def test_a_bar_hung_on_the_mtime_dates_its_attempt_by_the_mtime_not_a_yearless_line(tmp_path: Path) -> None:
    """No line has a time: the bar's steps hang on the file's mtime, and so do the summaries the bar
    dates (`train_runtime`, the evaluations): the attempt's clock is the mtime's (`mtime`: its length
    does not depend on it), not that of lines that print no year."""
    _, con = _store_at_mtime(tmp_path, TRL_SFT_END, 1_700_000_000 * 10**9)
    assert con.execute("select distinct time_source from log_steps where end_ns is not null").fetchall() == [("tqdm_mtime",)]
    assert con.execute("select clock from attempts").fetchall() == [("mtime",)]


# A PEFT script's resumed Trainer run on Windows: transformers' bar as it loads the base model's weight files, the
# script's word of the checkpoint it resumes from, the Trainer's bar and its first dicts (monowarzamilabir/Distangle-
# project@bc9738e7b80168b6ceb1f9f2bbee334e05d121af, logs/train_resume.log, lines 15-21; CRLF, its bars' CRs as tqdm
# draws them)
PEFT_RESUMED = [
    'Training examples: 873 | truncated at 4096: 0',
    '\rLoading checkpoint shards:   0%|          | 0/2 [00:00<?, ?it/s]\rLoading checkpoint shards: 100%|██████████| 2/2 '
        '[00:00<00:00, 28.98it/s]',
    'Loaded in 3.9s | qwen3 | 1.721B params',
    'trainable params: 17,432,576 || all params: 1,738,007,552 || trainable%: 1.0030',
    'Resuming from adapters\\qwen3-1.7b\\_checkpoints\\checkpoint-50',
    '\r  0%|          | 0/165 [00:00<?, ?it/s]\r 31%|███       | 51/165 [00:14<00:32,  3.48it/s]\r 32%|███▏      | 52/165'
        ' [00:34<01:33,  1.21it/s]\r 32%|███▏      | 53/165 [00:48<02:26,  1.30s/it]\r 33%|███▎      | 54/165 [01:02<03:38,  '
        "1.97s/it]\r 33%|███▎      | 55/165 [01:13<04:42,  2.57s/it]\r                                                \r{'los"
        "s': 0.3578, 'grad_norm': 0.19853787124156952, 'learning_rate': 0.00015717879602276122, 'epoch': 1.0}",
    '\r 33%|███▎      | 55/165 [01:13<04:42,  2.57s/it]\r 34%|███▍      | 56/165 [01:36<07:58,  4.39s/it]\r 35%|███▍     '
        ' | 57/165 [02:03<12:20,  6.85s/it]\r 35%|███▌      | 58/165 [02:21<15:05,  8.46s/it]\r 36%|███▌      | 59/165 [02:41'
        '<18:10, 10.29s/it]\r 36%|███▋      | 60/165 [02:55<19:28, 11.12s/it]\r                                              '
        "  \r{'loss': 0.3665, 'grad_norm': 0.182438924908638, 'learning_rate': 0.00014886212414969553, 'epoch': 1.09}",
]


def test_a_models_weight_shards_loading_is_no_checkpoint_load_and_a_resumed_folder_names_its_step(tmp_path: Path) -> None:
    """transformers' `Loading checkpoint shards` bar is `from_pretrained` reading the model the run starts from (a new
    run draws it as well): no checkpoint load. `Resuming from ...\\checkpoint-50` (no `checkpoint` word before the
    folder) is the load of the Trainer's checkpoint of step 50: the bar goes on from 51."""
    name, steps, events = _read(tmp_path, PEFT_RESUMED, newline="\r\n")
    resumed_line = next(n for n, t in enumerate(PEFT_RESUMED, start=1) if t.startswith("Resuming from "))
    loads = [(e["kind"], e["step"], e["file_line"]) for e in events if e["kind"].startswith("checkpoint_load")]
    assert name == "hf_trainer" and loads == [("checkpoint_load_start", 50, resumed_line)]
    assert min(s["step"] for s in steps) == 51


# A TRL SFT run under accelerate and DeepSpeed, pasted from its terminal: its last two dicts, the Trainer's bar's
# last drawing with rank 1's watchdog glued to it, rank 0's watchdog, then the launcher's dated lines as it tears the
# job down (Jotschi/lavis-experiments@375a8924327d81072f2d87f87d2a8fbed7e78acd, mistral-deepspeed/notes.md, lines
# 1-4 and 35-36)
HUNG_SFT = [
    "{'loss': 1.6669, 'learning_rate': 1.6941080838585537e-05, 'epoch': 0.99}                                                ",
    "{'loss': 1.652, 'learning_rate': 1.6867867656192946e-05, 'epoch': 1.0}                                                  ",
    ' 33%|█████████████████████████▎                                                  | 575/1725 [3:03:39<6:06:20, 19.11s'
        '/it[rank1]:[E ProcessGroupNCCL.cpp:523] [Rank 1] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=15056'
        '45, OpType=_ALLGATHER_BASE, NumelIn=14680064, NumelOut=29360128, Timeout(ms)=1800000) ran for 1800410 milliseconds b'
        'efore timing out.',
    '[rank0]:[E ProcessGroupNCCL.cpp:523] [Rank 0] Watchdog caught collective operation timeout: WorkNCCL(SeqNum=1505766,'
        ' OpType=ALLGATHER, NumelIn=8, NumelOut=16, Timeout(ms)=1800000) ran for 1800238 milliseconds before timing out.',
    '[2024-03-12 02:29:19,487] torch.distributed.elastic.multiprocessing.api: [WARNING] Sending process 48241 closing sig'
        'nal SIGTERM',
    '[2024-03-12 02:29:19,601] torch.distributed.elastic.multiprocessing.api: [ERROR] failed (exitcode: -6) local_rank: 0'
        ' (pid: 48240) of binary: /home/jotschi/workspaces/ml/lavis-experiments/mistral-deepspeed/venv/bin/python3.11',
]


def test_a_bar_hung_on_a_line_after_a_watchdogs_timeout_ends_as_long_before_it_as_the_collective_ran(tmp_path: Path) -> None:
    """A bar with no dated line before it is placed by the first after it: the launcher's, here after two watchdogs
    said a collective ran 1800410 and 1800238 ms before timing out. The bar's last step was drawn before its process's
    collective began: at the latest the line's time less the shortest of them (the drawing process's is one of them;
    the other rank's may have hung on an earlier collective), not the line's time (a hung half hour counted as the
    step's)."""
    name, steps, _ = _read(tmp_path, HUNG_SFT)
    torn_down = _ns(HUNG_SFT[4][1:24])
    hung_ms = min(int(ms) for ms in re.findall(r"ran for (\d+) milliseconds", "\n".join(HUNG_SFT)))
    last = max(steps, key=lambda s: s["step"])
    assert name == "hf_trainer" and hung_ms == 1800238 and last["step"] == 575
    assert last["end_ns"] == torn_down - hung_ms * 1_000_000


def test_a_terminals_last_dicts_are_not_counted_from_the_runs_start(tmp_path: Path) -> None:
    """The same paste's two dicts, at `'epoch': 0.99` and `'epoch': 1.0`: a hundredth of an epoch apart, the first
    99 hundredths from the start: the run's last screen, not its first two logged steps (no step 1). The second is the
    bar's step 575, drawn beside it."""
    _, steps, _ = _read(tmp_path, HUNG_SFT)
    epochs = [float(m.group(1)) for t in HUNG_SFT if (m := re.match(r"\{'loss': [\d.]+, .*'epoch': ([\d.]+)\}", t))]
    assert epochs == [0.99, 1.0] and [(s["step"], s["loss"]) for s in steps] == [(575, 1.652)]


# The Trainer under DeepSpeed's launcher at its default log level: its loss dicts (no step in them, no bar kept), its
# evaluation's dict, then DeepSpeed's engine writing `checkpoint-50`, five dicts more and `checkpoint-100`
# (CqGao112/CN-Mini-Phi3@4074a0161045ab30257f5fd976d9e8d83db948b7, sft.log, lines 468-495)
DS_SAVES_AMONG_DICTS = [
    "{'loss': 4.8797, 'grad_norm': 0.1686164289712906, 'learning_rate': 6.666666666666667e-07, 'epoch': 0.0}",
    "{'loss': 4.877, 'grad_norm': 0.16130860149860382, 'learning_rate': 6.666666666666667e-06, 'epoch': 0.04}",
    "{'loss': 4.8751, 'grad_norm': 0.13442879915237427, 'learning_rate': 9.99717183296762e-06, 'epoch': 0.08}",
    "{'loss': 4.8615, 'grad_norm': 0.11807702481746674, 'learning_rate': 9.974565689558228e-06, 'epoch': 0.12}",
    "{'loss': 4.8414, 'grad_norm': 0.11052927374839783, 'learning_rate': 9.929455668128129e-06, 'epoch': 0.17}",
    "{'loss': 4.8236, 'grad_norm': 0.10387755185365677, 'learning_rate': 9.862045836827821e-06, 'epoch': 0.21}",
    "{'eval_loss': 4.831025123596191, 'eval_runtime': 103.6796, 'eval_samples_per_second': 1241.073, 'eval_steps_per_seco"
        "nd': 5.179, 'epoch': 0.21}",
    '[2025-02-16 16:31:01,096] [INFO] [logging.py:96:log_dist] [Rank 0] [Torch] Checkpoint global_step50 is about to be saved!',
    '[2025-02-16 16:31:01,104] [INFO] [logging.py:96:log_dist] [Rank 0] Saving model checkpoint: /data1/gcq/runtime//fine'
        '_tuned/sft/peft/checkpoint-50/global_step50/mp_rank_00_model_states.pt',
    '[2025-02-16 16:31:01,104] [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving /data1/gcq/runtime//fine_tuned/'
        'sft/peft/checkpoint-50/global_step50/mp_rank_00_model_states.pt...',
    '[2025-02-16 16:31:01,134] [INFO] [torch_checkpoint_engine.py:23:save] [Torch] Saved /data1/gcq/runtime//fine_tuned/s'
        'ft/peft/checkpoint-50/global_step50/mp_rank_00_model_states.pt.',
    '[2025-02-16 16:31:01,137] [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving /data1/gcq/runtime//fine_tuned/'
        'sft/peft/checkpoint-50/global_step50/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt...',
    '[2025-02-16 16:31:01,174] [INFO] [torch_checkpoint_engine.py:23:save] [Torch] Saved /data1/gcq/runtime//fine_tuned/s'
        'ft/peft/checkpoint-50/global_step50/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt.',
    '[2025-02-16 16:31:01,174] [INFO] [engine.py:3483:_save_zero_checkpoint] zero checkpoint saved /data1/gcq/runtime//fi'
        'ne_tuned/sft/peft/checkpoint-50/global_step50/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt',
    '[2025-02-16 16:31:01,174] [INFO] [torch_checkpoint_engine.py:33:commit] [Torch] Checkpoint global_step50 is ready now!',
    "{'loss': 4.8047, 'grad_norm': 0.10223780572414398, 'learning_rate': 9.772641143408652e-06, 'epoch': 0.25}",
    "{'loss': 4.7865, 'grad_norm': 0.10079281777143478, 'learning_rate': 9.661646035704009e-06, 'epoch': 0.29}",
    "{'loss': 4.7658, 'grad_norm': 0.10126020014286041, 'learning_rate': 9.52956263199327e-06, 'epoch': 0.33}",
    "{'loss': 4.7455, 'grad_norm': 0.10085010528564453, 'learning_rate': 9.376988449525405e-06, 'epoch': 0.37}",
    "{'loss': 4.7346, 'grad_norm': 0.1019207313656807, 'learning_rate': 9.204613701477935e-06, 'epoch': 0.41}",
    "{'eval_loss': 4.739313125610352, 'eval_runtime': 103.4445, 'eval_samples_per_second': 1243.894, 'eval_steps_per_seco"
        "nd': 5.191, 'epoch': 0.41}",
    '[2025-02-16 16:41:53,339] [INFO] [logging.py:96:log_dist] [Rank 0] [Torch] Checkpoint global_step100 is about to be saved!',
    '[2025-02-16 16:41:53,347] [INFO] [logging.py:96:log_dist] [Rank 0] Saving model checkpoint: /data1/gcq/runtime//fine'
        '_tuned/sft/peft/checkpoint-100/global_step100/mp_rank_00_model_states.pt',
    '[2025-02-16 16:41:53,347] [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving /data1/gcq/runtime//fine_tuned/'
        'sft/peft/checkpoint-100/global_step100/mp_rank_00_model_states.pt...',
    '[2025-02-16 16:41:53,374] [INFO] [torch_checkpoint_engine.py:23:save] [Torch] Saved /data1/gcq/runtime//fine_tuned/s'
        'ft/peft/checkpoint-100/global_step100/mp_rank_00_model_states.pt.',
    '[2025-02-16 16:41:53,376] [INFO] [torch_checkpoint_engine.py:21:save] [Torch] Saving /data1/gcq/runtime//fine_tuned/'
        'sft/peft/checkpoint-100/global_step100/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt...',
    '[2025-02-16 16:41:53,408] [INFO] [torch_checkpoint_engine.py:23:save] [Torch] Saved /data1/gcq/runtime//fine_tuned/s'
        'ft/peft/checkpoint-100/global_step100/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt.',
    '[2025-02-16 16:41:53,409] [INFO] [engine.py:3483:_save_zero_checkpoint] zero checkpoint saved /data1/gcq/runtime//fi'
        'ne_tuned/sft/peft/checkpoint-100/global_step100/bf16_zero_pp_rank_0_mp_rank_00_optim_states.pt',
]


def test_the_saves_among_dicts_with_no_step_show_their_logging_grid(tmp_path: Path) -> None:
    """Six loss dicts, then `checkpoint-50`; five more, then `checkpoint-100`: the Trainer logs at step 1
    (`'epoch': 0.0`), then every 10 steps, and saves after the dict of the step it saves (steps 1, 10, ..., 100), not
    steps 1 to 11 in the order printed."""
    name, steps, _ = _read(tmp_path, DS_SAVES_AMONG_DICTS)
    losses = [float(t.split("'loss': ")[1].split(",")[0]) for t in DS_SAVES_AMONG_DICTS if t.startswith("{'loss'")]
    saves = [int(t.split("checkpoint-")[1].split("/")[0]) for t in DS_SAVES_AMONG_DICTS if "Saving model checkpoint:" in t]
    assert name == "hf_trainer" and saves == [50, 100] and len(losses) == 11
    assert [(s["step"], s["loss"]) for s in steps] == list(zip([1, *range(10, 101, 10)], losses, strict=True))
