"""Errors that carry their exit code; `tracelens.cli.main` turns them into one line on stderr."""

from __future__ import annotations


class TracelensError(Exception):
    """Base class: a message fit for one line on stderr, and the process exit code."""

    exit_code = 1

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


class ParseError(InputError):
    """A parser could not read a file. `where` names the line or byte offset."""

    def __init__(self, path: str, problem: str, *, where: str | None = None) -> None:
        location = f"{path}:{where}" if where else path
        super().__init__(f"{location}: {problem}")
        self.path = path
        self.problem = problem
        self.where = where
