"""Just enough of the Chrome DevTools Protocol to load a page in headless Chromium and watch it:
console errors, uncaught exceptions, every network request, DOM queries and a screenshot.

It talks to Chromium over `--remote-debugging-pipe` (NUL-separated JSON on file descriptors 3
and 4), so it needs no driver and no Python dependency.
"""

from __future__ import annotations

import base64
import contextlib
import json
import os
import shutil
import subprocess
import time
from pathlib import Path
from typing import Any

FLAGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-pipe",
    # nothing in the background may touch the network: only the page's own requests are seen
    "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-default-apps",
    "--disable-extensions", "--no-first-run", "--no-default-browser-check", "--metrics-recording-only",
    "--disable-domain-reliability", "--disable-client-side-phishing-detection", "--disable-breakpad",
    "--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,InterestFeedContentSuggestions",
    "--hide-scrollbars", "--mute-audio", "--window-size=1280,900",
]


def find_chromium() -> str | None:
    for name in ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable"):
        path = shutil.which(name)
        if path:
            return path
    return None


def _onto_3_and_4(read_fd: int, write_fd: int) -> None:
    """In the child: the command pipe on fd 3, the reply pipe on fd 4 (via copies, in case the
    originals are 3 or 4 themselves)."""
    read_copy, write_copy = os.dup(read_fd), os.dup(write_fd)
    os.dup2(read_copy, 3)
    os.dup2(write_copy, 4)


class Browser:
    def __init__(self, executable: str, profile: Path) -> None:
        to_child_r, self._to_child_w = os.pipe()
        self._from_child_r, from_child_w = os.pipe()
        # the child reads commands on fd 3 and writes replies and events on fd 4
        self.proc = subprocess.Popen(
            [executable, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
            pass_fds=(3, 4), stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            preexec_fn=lambda: _onto_3_and_4(to_child_r, from_child_w),
        )
        os.close(to_child_r)
        os.close(from_child_w)
        self._buffer = b""
        self._next_id = 0
        self.events: list[dict[str, Any]] = []
        self.session: str | None = None

    def close(self) -> None:
        with contextlib.suppress(Exception):  # it may already be gone
            self.send("Browser.close", session=False)
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
        os.close(self._to_child_w)
        os.close(self._from_child_r)

    def _read_message(self, deadline: float) -> dict[str, Any]:
        import select

        while b"\0" not in self._buffer:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TimeoutError("no answer from Chromium")
            ready, _, _ = select.select([self._from_child_r], [], [], remaining)
            if ready:
                chunk = os.read(self._from_child_r, 1 << 20)
                if not chunk:
                    raise RuntimeError("Chromium closed the pipe")
                self._buffer += chunk
        raw, _, self._buffer = self._buffer.partition(b"\0")
        return json.loads(raw)

    def send(self, method: str, params: dict[str, Any] | None = None, *, session: bool = True, timeout: float = 30) -> Any:
        self._next_id += 1
        message: dict[str, Any] = {"id": self._next_id, "method": method, "params": params or {}}
        if session and self.session:
            message["sessionId"] = self.session
        os.write(self._to_child_w, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(deadline)
            if reply.get("id") == self._next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            if "method" in reply:
                self.events.append(reply)

    def wait_for(self, method: str, timeout: float = 30) -> dict[str, Any]:
        for event in self.events:
            if event.get("method") == method:
                return event
        deadline = time.monotonic() + timeout
        while True:
            reply = self._read_message(deadline)
            if "method" in reply:
                self.events.append(reply)
                if reply["method"] == method:
                    return reply

    def open(self, url: str) -> None:
        target = self.send("Target.createTarget", {"url": "about:blank"}, session=False)
        attached = self.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True}, session=False)
        self.session = attached["sessionId"]
        for domain in ("Runtime", "Log", "Network", "Page"):
            self.send(f"{domain}.enable")
        self.send("Page.navigate", {"url": url})
        self.wait_for("Page.loadEventFired", timeout=60)

    def evaluate(self, expression: str) -> Any:
        result = self.send("Runtime.evaluate", {"expression": expression, "returnByValue": True, "awaitPromise": True})
        if "exceptionDetails" in result:
            raise RuntimeError(result["exceptionDetails"])
        return result["result"].get("value")

    def wait_for_charts(self, tries: int = 100) -> None:
        """Until every chart container holds an SVG (vega-embed renders asynchronously), 10 s at most."""
        for _ in range(tries):
            if self.evaluate("[...document.querySelectorAll('div[data-chart]')].every(d => d.querySelector('svg'))"):
                return
            self.evaluate("new Promise(r => setTimeout(r, 100))")

    def screenshot(self, target: Path) -> None:
        height = int(self.evaluate("document.documentElement.scrollHeight"))
        self.send("Emulation.setDeviceMetricsOverride",
                  {"width": 1280, "height": min(height, 16000), "deviceScaleFactor": 1, "mobile": False})
        shot = self.send("Page.captureScreenshot", {"format": "png", "captureBeyondViewport": True})
        target.write_bytes(base64.b64decode(shot["data"]))

    # what the page did
    def console_errors(self) -> list[str]:
        errors = []
        for event in self.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                errors.append(" ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", [])))
            elif method == "Runtime.exceptionThrown":
                errors.append(str(params.get("exceptionDetails", {}).get("exception", {}).get("description", params)))
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                errors.append(params["entry"].get("text", ""))
        return errors

    def requests(self) -> list[str]:
        return [e["params"]["request"]["url"] for e in self.events if e.get("method") == "Network.requestWillBeSent"]
