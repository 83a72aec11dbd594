"""What a terminal shows of a program's output, as a user copies it from the screen: the bytes
`script(1)` recorded of a program run on a pseudo-terminal, played through pyte (a terminal
emulator: carriage returns draw over a line, `tqdm.write` clears the bar and prints above it, a
closed bar leaves its last frame). `script`'s own first and last lines are left out.

Usage: python terminal_screen.py TYPESCRIPT COLUMNS > console.log (COLUMNS: the pseudo-terminal's
width the program ran at). Needs pyte (`pip install pyte`); tracelens does not depend on it.
"""

from __future__ import annotations

import sys

import pyte


def main() -> None:
    path, columns = sys.argv[1], int(sys.argv[2])
    with open(path, encoding="utf-8", errors="replace", newline="") as f:  # (newline="": a carriage return is no line end)
        text = f.read()
    if text.startswith("Script started"):
        text = text.split("\n", 1)[1]
    if "\nScript done" in text:
        text = text[: text.rindex("\nScript done")]
    # one column more than the program's: a frame as wide as the terminal does not wrap early
    screen = pyte.Screen(columns + 1, text.count("\n") + 2)
    screen.set_mode(pyte.modes.LNM)  # a line feed returns the carriage too, as the terminal's onlcr does
    pyte.Stream(screen).feed(text)
    shown = [row.rstrip() for row in screen.display]
    while shown and not shown[-1]:
        shown.pop()
    sys.stdout.write("\n".join(shown) + "\n")


if __name__ == "__main__":
    main()
