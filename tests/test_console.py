"""A console read by every reader whose lines it holds (parsers/console.py): each row credited
to the reader whose rule yielded it. Expectations come from the files' own text, found here
with plain substring searches."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import CORPUS, SAMPLE_LOGS, corpus_or_skip
from tracelens.parsers import ParseOptions, detect, registry
from tracelens.parsers._events import _ANY_EVENT_PATTERN, LINE_CACHE, SHARED_LINES
from tracelens.parsers._io import read_head
from tracelens.parsers._lines import read_lines
from tracelens.parsers.console import _EVENT_LINES, ConsoleReader, secondary_readers

WILD = CORPUS / "wild"


def _read(path: Path) -> tuple[ConsoleReader, dict[str, list[dict[str, object]]]]:
    parser, _ = detect(path, read_head(path), registry())
    assert isinstance(parser, ConsoleReader), f"{path.name} is not read as a console"
    result = parser.parse(path, ParseOptions())
    return parser, {name: result.tables[name].to_pylist() for name in ("log_steps", "log_events")}


def _line_numbers(path: Path, needle: str) -> list[int]:
    return [n for n, text in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), start=1)
            if needle in text]


def test_a_nemo2_console_has_megatron_steps_and_lightnings_end_of_fit() -> None:
    """NeMo 2 prints Megatron-style step lines and Lightning's "`Trainer.fit` stopped": the
    steps read as Megatron's lines are those of NeMo's Lightning trainer's progress printer
    (`nemo.lightning`), the end of the run Lightning's, each from its own line."""
    path = corpus_or_skip("logs", "nemo", "evo2_nemo2_async_ckpt_finalize_344s.log")
    parser, rows = _read(path)
    assert parser.name == "megatron"
    stopped = _line_numbers(path, "`Trainer.fit` stopped")
    assert stopped, "the file's own end-of-fit line"
    lightning = [(e["line"], e["kind"]) for e in rows["log_events"] if e["framework"] == "lightning"]
    assert lightning == [(n, "attempt_end") for n in stopped]
    step_lines = set(_line_numbers(path, "global_step:"))
    assert rows["log_steps"], "its step lines"
    assert {s["framework"] for s in rows["log_steps"]} == {"lightning"}
    assert {s["line"] for s in rows["log_steps"]} <= step_lines


def test_deepspeed_chat_prints_hf_trainers_training_header() -> None:
    """DeepSpeed-Chat prints HF's `***** Running training *****` before DeepSpeed's engine lines:
    the header is an attempt start of HF's rule, the steps DeepSpeed's `step=N` lines."""
    path = corpus_or_skip("wild", "deepspeed", "dschat_step1_opt1.3b_sft_16_epochs_fp16_overflow_skips.log")
    parser, rows = _read(path)
    assert parser.name == "deepspeed"
    header = _line_numbers(path, "***** Running training *****")
    hf = [(e["line"], e["kind"]) for e in rows["log_events"] if e["framework"] == "hf_trainer"]
    assert hf == [(n, "attempt_start") for n in header]
    assert {s["framework"] for s in rows["log_steps"]} == {"deepspeed"}
    assert len(rows["log_steps"]) == len(_line_numbers(path, "] step="))


def _own_events(parser: ConsoleReader, name: str, path: Path, given_lines: bool) -> list[tuple[object, ...]]:
    """The events `name`'s own rules make from the file, given every line or only its event lines."""
    cache: dict[str, object] = {}
    token, shared = LINE_CACHE.set(cache), SHARED_LINES.set(False)
    try:
        if given_lines:
            lines, warning = read_lines(path, _ANY_EVENT_PATTERN)
            pattern = re.compile(_EVENT_LINES[name])
            cache[str(path)] = [line for line in lines if pattern.search(line.text)], warning
        try:
            result = parser.readers[name].parse(path, ParseOptions())
        except Exception:
            return []
    finally:
        SHARED_LINES.reset(shared)
        LINE_CACHE.reset(token)
    events = result.tables["log_events"]
    return sorted(zip(*(events.column(c).to_pylist() for c in ("line", "kind", "step")), strict=True), key=repr)


def _consoles() -> list[Path]:
    found = [p for p in sorted(WILD.glob("*/*")) + sorted((CORPUS / "logs").glob("*/*")) + sorted(SAMPLE_LOGS.glob("*/*.log"))
             if p.is_file() and p.suffix in (".log", ".out", ".txt")]
    return found


def test_a_second_reader_given_only_its_event_lines_makes_the_events_it_makes_from_the_whole_file() -> None:
    """Where the primary has steps, a second reader is given only the lines its own event rules
    read (`_EVENT_LINES`): those lists must hold every line its rules make an event from, on
    every real console of the corpus and the samples where a second reader runs."""
    compared = 0
    for path in _consoles():
        parser, _ = detect(path, read_head(path), registry())
        if not isinstance(parser, ConsoleReader):
            continue
        for name in secondary_readers(path, parser.name):
            if name not in _EVENT_LINES:
                continue
            whole = _own_events(parser, name, path, given_lines=False)
            given = _own_events(parser, name, path, given_lines=True)
            assert given == whole, f"{path.name}: {name} given its event lines"
            compared += bool(whole)
    if not compared:
        pytest.skip("no console of ../shared/corpus with a second reader's events")


def test_the_lines_a_second_generic_reader_is_given_hold_every_step_line_it_reads(tmp_path: Path) -> None:
    """A console whose primary is another reader hands the generic reader only the lines its hint
    picks (`GENERIC_STEP_HINT`, polars' engine): each step line the generic reader reads must be
    among them. Step lines quoted verbatim from public logs (ESPnet2 issue 2674, FunASR's
    ModelScope guide, llama2.c issue 461, icefall's docs, DeepSpeed-Chat issue 444, darkflow issue
    470, allennlp issue 379, flax issue 3364, horovod issue 1421, a MindSpore README), each read
    alone by the generic reader first to show it is a step line."""
    import polars as pl

    from tracelens.parsers.console import GENERIC_STEP_HINT

    quoted = [
        "[PC] 2020-11-11 16:30:04,578 (trainer:486) INFO: 1epoch:train:6376-6750batch: iter_time=0.001, "
        "forward_time=0.005, loss=2.386, backward_time=0.005, optim_step_time=1.949e-04, lr_0=0.100, train_time=0.013",
        "[bach-gpu011024008134] 2023-04-23 18:59:48,924 (trainer:777) INFO: 2epoch:train:1-50batch:50num_updates: "
        "iter_time=0.008, forward_time=0.302, loss_att=0.186, acc=0.942, loss_pre=0.005, loss=0.192, backward_time=0.231, "
        "optim_step_time=0.117, optim0_lr0=7.484e-06, train_time=0.753",
        "490 | loss 5.7543 | lr 4.900000e-05 | 8060.78ms | mfu 0.21%",
        "2023-07-27 12:50:53,681 INFO [train.py:422] Epoch 0, batch 10, loss[loss=0.4561, over 2828.00 frames. ], "
        "tot_loss[loss=0.7076, over 22192.90 frames.], batch size: 4",
        "step 106 - loss 105.83324432373047 - moving ave loss 106.07497749111539",
        "2017-10-14 16:48:58,960 - INFO - allennlp.training.trainer - Batch 567/17168: accuracy: 0.42, loss: 1.32 ||",
        "I1002 21:38:13.425730 139917864867392 logging_writer.py:35] [400] steps_per_second=1.583725, "
        "train_accuracy=0.3724340796470642, train_learning_rate=0.35846155881881714, train_loss=3.219879150390625",
        "[1,0]<stdout>:Epoch 0/100, Batch 17/29316",
        "epoch: 2 step: 458, loss is 2.8847265",
    ]
    generic = registry()["generic_log"]
    for i, text in enumerate(quoted):
        path = tmp_path / f"q{i}.log"
        path.write_text(text + "\n", encoding="utf-8")
        assert generic.parse(path, ParseOptions()).tables["log_steps"].num_rows == 1, text
    picked = pl.Series(quoted, dtype=pl.String).str.contains(GENERIC_STEP_HINT).to_list()
    assert [t for t, ok in zip(quoted, picked, strict=True) if not ok] == []
    # the line after a step that gives its time (MindSpore's TimeMonitor)
    assert pl.Series(["epoch time: 38912.93382644653, per step time: 84.96273761232868"]).str.contains(
        GENERIC_STEP_HINT).to_list() == [True]


def test_an_undated_events_lower_bound_reads_the_time_its_reader_gave_a_line() -> None:
    """Line 2's shared time (its year the mtime's) was re-dated by its reader (mmengine's run stamp):
    the undated failure on line 3 comes no earlier than the reader's time, the clock of its rows,
    not the shared one three years later."""
    from tracelens.enums import LogEventKind
    from tracelens.parsers._logtables import LogRows

    rows = LogRows("openmmlab")
    shared_2026, reader_2023 = 1_781_598_265_000_000_000, 1_686_903_865_000_000_000
    rows.clock = ([1, 2, 3], [1_686_903_800_000_000_000, shared_2026, None])
    rows.retimed = {2: reader_2023}
    rows.event(LogEventKind.CRASH, line=3, rank=None, ts_ns=None, raw="Traceback (most recent call last):")
    rows.date_undated_events()
    assert rows.events[0]["after_ns"] == reader_2023
