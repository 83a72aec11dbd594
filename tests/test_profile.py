"""User profiles (TOML regexes) for log formats tracelens does not know, on a real log: the
ALCF Aurora failover wrapper around torchtitan (corpus), whose `[failover]` lines no built-in
parser reads."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.conftest import corpus_or_skip, run_cli
from tracelens.errors import ParseError, UsageError
from tracelens.parsers import ParseOptions
from tracelens.parsers.profile import ProfileParser, load_profile
from tracelens.store import Store

PROFILE = r"""
name = "failover"
detect = '^\[failover\] '

[steps]
pattern = 'step:\s*(?P<step>\d+)\s+loss:\s*(?P<loss>[\d.]+)\s+grad_norm:\s*(?P<grad_norm>[\d.]+)'

[events]
restart = '^\[failover\] attempt \d+/\d+'
crash = '^\[failover\] attempt \d+ exited \d+'
"""


def _profile(tmp_path: Path, text: str = PROFILE) -> Path:
    path = tmp_path / "failover.toml"
    path.write_text(text)
    return path


def test_profile_reads_an_unknown_wrapper(tmp_path: Path) -> None:
    log = corpus_or_skip("logs", "torchtitan", "aurora_ezpz_silent_hang_failover_restart.log")
    text = "\n".join(line for line in log.read_text().splitlines() if not line.startswith("#"))
    store = Store.open(tmp_path / "s.tlstore")
    outcome = store.ingest([log], profiles=[_profile(tmp_path)])
    (rec,) = outcome.parsed
    assert rec.parser == "profile:failover" and rec.status == "ok"
    con = store.connect()
    kinds = [k for (k,) in con.execute("select kind from log_events order by line").fetchall()]
    assert kinds.count("restart") == len(re.findall(r"^\[failover\] attempt \d+/\d+", text, re.M))
    assert kinds.count("crash") == len(re.findall(r"^\[failover\] attempt \d+ exited \d+", text, re.M)) + 1  # + PBS kill
    assert "hang" in kinds  # the shared scanner still reads the no-output watchdog
    steps = con.execute("select step, loss, grad_norm from log_steps order by line").fetchall()
    expected = [(int(s), float(loss), float(g)) for s, loss, g in
                re.findall(r"step:\s*(\d+)\s+loss:\s*([\d.]+)\s+grad_norm:\s*([\d.]+)", text)]
    assert steps == expected
    # the wrapper's crash line dates nothing (it has no time); the goodput story is unchanged
    assert con.execute("select lost_steps from goodput").fetchone()[0] == [35, 36, 37]


def test_profile_through_the_cli(tmp_path: Path) -> None:
    log = corpus_or_skip("logs", "torchtitan", "aurora_ezpz_silent_hang_failover_restart.log")
    code, out, err = run_cli("sql", str(log), "select count(*) as n from log_events where kind = 'restart'",
                             "--profile", str(_profile(tmp_path)), "--format", "csv")
    assert code == 0, err
    assert out.strip().splitlines()[-1] == "1"


@pytest.mark.parametrize(("text", "message"), [
    ("name = 'x'\ndetect = '['", "bad regex"),
    ("detect = 'x'\n[events]\nexplosion = 'boom'", "not an event kind"),
    ("name = [", "not valid TOML"),
    ("name = 'x'", "needs `detect`"),
    ("detect = 'x'\n[steps]\npattern = 'loss (?P<loss>\\d+)'", "named group `step`"),
])
def test_bad_profiles_are_usage_errors(tmp_path: Path, text: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        load_profile(_profile(tmp_path, text))
    code, _, err = run_cli("ingest", str(tmp_path), "-o", str(tmp_path / "s.tlstore"),
                           "--profile", str(tmp_path / "failover.toml"))
    assert code == 2 and len(err.strip().splitlines()) == 1 and message.split()[0] in err


def test_profile_parser_on_bad_input(tmp_path: Path) -> None:
    parser = ProfileParser(load_profile(_profile(tmp_path)))
    for name, data in {"empty": b"", "garbage": bytes(range(256)) * 8, "other": b"hello\nworld\n"}.items():
        path = tmp_path / name
        path.write_bytes(data)
        with pytest.raises(ParseError):
            parser.parse(path, ParseOptions())
