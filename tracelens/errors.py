"""Errors that carry their exit code; `tracelens.cli.main` turns them into one line on stderr."""

from __future__ import annotations


class TracelensError(Exception):
    """Base class: a message fit for one line on stderr, and the process exit code.

    `reported`: the command has already said what went wrong (a line per failed file, per
    violated rule) and finished its work; `main` prints nothing more and exits with the code."""

    exit_code = 1
    reported = False

    def __init__(self, message: str, *, exit_code: int | None = None) -> None:
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code


class InputError(TracelensError):
    """An input file is unreadable or malformed (exit code 1)."""

    exit_code = 1


class UsageError(TracelensError):
    """The command line asks for something impossible (exit code 2)."""

    exit_code = 2


class StoreLockedError(TracelensError):
    """Another process is writing the store (exit code 1)."""

    exit_code = 1


class DiskFullError(TracelensError):
    """A write failed for want of space (ENOSPC, EDQUOT): the whole ingest stops, the store
    keeps its last commit (exit code 1)."""

    exit_code = 1


class InputsFailed(InputError):
    """The command did its work, but some input files could not be read; each was reported on
    its own line (exit code 1)."""

    reported = True

    def __init__(self, count: int) -> None:
        super().__init__(f"{count} input file{'s' if count != 1 else ''} could not be read")
        self.count = count


class RulesViolated(TracelensError):
    """`diff --fail-on`: a rule was violated; each was reported with its evidence (exit code 3)."""

    exit_code = 3
    reported = True

    def __init__(self, rules: list[str]) -> None:
        super().__init__(f"violated: {', '.join(rules)}")
        self.rules = rules


class ParseError(InputError):
    """A parser could not read a file. `where` names the line or byte offset."""

    def __init__(self, path: str, problem: str, *, where: str | None = None) -> None:
        location = f"{path}:{where}" if where else path
        # (one line: a library's message may quote the input's bytes, line breaks and all)
        problem = " ".join(problem.splitlines()) if "\n" in problem or "\r" in problem else problem
        super().__init__(f"{location}: {problem}")
        self.path = path
        self.problem = problem
        self.where = where
