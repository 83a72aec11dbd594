"""The docs cannot go stale: the generated pages (CLI reference, stored tables, views) are
regenerated in memory and compared with the files; the README's commands and flags exist; every
relative link of the README and docs/ points at a file that exists."""

from __future__ import annotations

import importlib.util
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import click
import pytest

from tests.conftest import ROOT, run_cli
from tracelens.cli import cli

DOCS = ROOT / "docs"
GENERATORS = ("gen_cli", "gen_tables", "gen_views")


def _generator(name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"docs_{name}", DOCS / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.mark.parametrize("name", GENERATORS)
def test_generated_page_is_current(name: str) -> None:
    generator = _generator(name)
    page: Path = generator.PAGE
    assert page.read_text(encoding="utf-8") == generator.render(), (
        f"{page.relative_to(ROOT)} is stale: run `python docs/{name}.py` and commit the result"
    )


def test_cli_reference_is_what_the_installed_script_prints() -> None:
    """The generator calls the click commands in-process at 80 columns; the `tracelens` script
    in a terminal of 82 columns (click keeps a 2-column margin) prints the same text."""
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    script = Path(sys.executable).parent / "tracelens"
    argv = [str(script)] if script.exists() else [sys.executable, "-m", "tracelens"]
    printed = subprocess.run([*argv, "report", "--help"], capture_output=True, text=True, check=True,
                             env={**os.environ, "COLUMNS": "82"}).stdout
    assert f"```text\n{printed}```" in page


def test_every_command_and_option_is_in_the_cli_reference() -> None:
    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    assert isinstance(cli, click.Group)
    for name, command in cli.commands.items():
        assert f"## `tracelens {name}`" in page
        for param in command.params:
            for opt in getattr(param, "opts", []):
                if opt.startswith("-"):
                    assert re.search(rf"(?<![\w-]){re.escape(opt)}(?![\w-])", page), f"{name} {opt} missing from docs/cli.md"


def _readme_commands(setup: bool = True) -> list[list[str]]:
    """Every `tracelens ...` command line in the README's code blocks, as argv after `tracelens`
    (without the set-up lines, those that install, when `setup` is false)."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = []
    for block in re.findall(r"```[a-z]*\n(.*?)```", readme, flags=re.S):
        for line in block.splitlines():
            if not setup and "pip install" in line:
                continue
            for part in re.split(r"&&|\|", line):
                words = shlex.split(part.strip()) if part.strip() else []
                if words and words[0].endswith("tracelens") and not words[0].endswith("/pip"):
                    commands.append(words[1:])
    return commands


def test_readme_is_a_short_user_guide() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 150
    # the two set-up commands, exactly as .ci/run runs the suite
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    suite = ("python3 -m venv .venv && .venv/bin/pip install -e '.[test]' && .venv/bin/ruff check && .venv/bin/mypy"
             " && .venv/bin/python -m pytest")
    assert suite in ci and suite in readme
    assert re.search(r"python3 -m venv \.venv && \.venv/bin/pip install -e \. && \.venv/bin/tracelens report sample_logs/\S+",
                     readme)
    for name in cli.commands:
        assert any(argv and argv[0] == name for argv in _readme_commands()), f"no example of `tracelens {name}` in README.md"


def test_readme_commands_and_flags_exist() -> None:
    """Every flag a README example passes is an option of that command."""
    commands = _readme_commands()
    assert commands
    for argv in commands:
        assert argv and argv[0] in cli.commands, f"README runs an unknown command: tracelens {' '.join(argv)}"
        command = cli.commands[argv[0]]
        known = {opt for param in command.params for opt in getattr(param, "opts", []) + getattr(param, "secondary_opts", [])}
        for word in argv[1:]:
            if word.startswith("-"):
                flag = word.split("=", 1)[0]
                assert flag in known, f"README: `tracelens {argv[0]}` has no option {flag}"


def _anchors(page: Path) -> set[str]:
    """The anchors GitHub gives a page's headings (outside code blocks)."""
    text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
    out: set[str] = set()
    for heading in re.findall(r"^#+ (.+)$", text, flags=re.M):
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")
        anchor, n = slug, 0
        while anchor in out:
            n += 1
            anchor = f"{slug}-{n}"
        out.add(anchor)
    return out


def test_every_relative_link_resolves() -> None:
    """Every relative link of the README and docs/ names a file that exists, and a heading of it."""
    pages = [ROOT / "README.md", *sorted(DOCS.glob("*.md"))]
    for page in pages:
        text = re.sub(r"```.*?```", "", page.read_text(encoding="utf-8"), flags=re.S)
        text = re.sub(r"`[^`\n]*`", "", text)  # code spans: what they quote is no link
        for target in re.findall(r"\]\(([^)\s]+)\)", text):
            if re.match(r"[a-z]+:", target):
                continue
            file, _, anchor = target.partition("#")
            path = (page.parent / file).resolve() if file else page
            assert path.exists(), f"{page.relative_to(ROOT)} links to missing {target}"
            if anchor and path.suffix == ".md":
                assert anchor in _anchors(path), f"{page.relative_to(ROOT)} links to {target}: no such heading"


def test_every_docs_page_is_linked_from_the_readme() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    for page in sorted(DOCS.glob("*.md")):
        assert f"docs/{page.name}" in readme, f"README.md does not link docs/{page.name}"


def test_every_dependency_and_extra_is_explained() -> None:
    """docs/install.md says why each package of pyproject.toml is there."""
    import tomllib

    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    install = (DOCS / "install.md").read_text(encoding="utf-8")
    names = [re.split(r"[<>=!~\[; ]", spec, maxsplit=1)[0] for spec in project["dependencies"]]
    for extra, specs in project.get("optional-dependencies", {}).items():
        assert f"`{extra}`" in install, f"docs/install.md does not explain the extra {extra}"
        names += [re.split(r"[<>=!~\[; ]", spec, maxsplit=1)[0] for spec in specs]
    for name in names:
        assert re.search(rf"(?<![\w-]){re.escape(name)}(?![\w-])", install), (
            f"docs/install.md does not say why {name} is a dependency")


def test_readme_examples_run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The README's example of each command, run in order as shown (sample paths made absolute,
    outputs in a scratch folder), exits 0. (The set-up line's report of a raw sample folder is
    what the golden report tests run; its options are checked above.)"""
    examples = _readme_commands(setup=False)
    assert sorted(argv[0] for argv in examples) == sorted(cli.commands)
    monkeypatch.chdir(tmp_path)
    for argv in examples:
        argv = [str(ROOT / word) if word.startswith("sample_logs/") else word for word in argv]
        code, _, err = run_cli(*argv)
        assert code == 0, f"README example `tracelens {' '.join(argv)}` failed: {err}"
