"""A browser with no test tool attached, as a player's: Chromium launched on a profile
on disk with the app's page, and driven by one DevTools pipe that only reloads that
page and then reads its own marks.

Playwright, attached to every page and worker, reports each request and pauses each
new worker until it has attached to it, and its scripts run in the page: on this
machine's two cores that work competes with the start it measures (docs/benchmarks.md,
"Warm start"). Here nothing but the pipe's few commands reaches the browser:
Page.reload, then one Runtime.evaluate that waits for the ready page.

    browser = BareBrowser("/usr/bin/chromium", profile, url, args, headless=True,
                          timeout_s=600)
    run = browser.reload_start(MARKS, WORKER)  # {mark: ms, ..., "worker": {stage: ms}}
    browser.close()
"""

from __future__ import annotations

import fcntl
import json
import os
import subprocess
import time

# The page's engine ready, awaited by the page itself (no polling).
# False where the document is not the app's yet (the tab's first, empty one).
READY_PROMISE = """new Promise((resolve) => {
  const html = document.documentElement;
  if (!html || !html.hasAttribute("data-engine")) return resolve(false);
  const ready = () => html.dataset.engine === "ready";
  if (ready()) return resolve(true);
  new MutationObserver((_, observer) => {
    if (ready()) { observer.disconnect(); resolve(true); }
  }).observe(html, { attributes: true, attributeFilter: ["data-engine"] });
})"""


class DevToolsError(RuntimeError):
    pass


class BareBrowser:
    """Chromium at ``executable`` on the profile at ``profile``, its one tab the app at
    ``url`` (booted when the constructor returns: the player's return, not measured)."""

    def __init__(self, executable: str, profile: str, url: str, args: list[str],
                 headless: bool, timeout_s: float) -> None:
        self.timeout_s = timeout_s
        to_browser_r, self._to_browser = os.pipe()
        self._from_browser, from_browser_w = os.pipe()

        def pipe_fds() -> None:  # Chromium reads fd 3 and writes fd 4
            reads, writes = (fcntl.fcntl(fd, fcntl.F_DUPFD, 10)  # above 3 and 4 first
                             for fd in (to_browser_r, from_browser_w))
            os.dup2(reads, 3)
            os.dup2(writes, 4)

        command = [executable, *(["--headless"] if headless else []), "--no-sandbox",
                   "--remote-debugging-pipe", f"--user-data-dir={profile}",
                   "--window-size=1280,720", *args, url]
        self._process = subprocess.Popen(command, preexec_fn=pipe_fds, close_fds=False,
                                         stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self._trace: list[dict] | None = None  # the trace's events while tracing
        self.version = self._send("Browser.getVersion")["product"].split("/")[-1]
        self._session = self._attach(url)
        self._until_ready()

    def _attach(self, url: str) -> str:
        end = time.monotonic() + self.timeout_s
        while time.monotonic() < end:
            pages = [t for t in self._send("Target.getTargets")["targetInfos"]
                     if t["type"] == "page" and t["url"].startswith(url)]
            if pages:
                return self._send("Target.attachToTarget",
                                  {"targetId": pages[0]["targetId"], "flatten": True})["sessionId"]
            time.sleep(0.05)
        raise DevToolsError(f"no tab with {url} in {self.timeout_s:g} s")

    def _message(self) -> dict:
        while b"\0" not in self._buffer:
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise DevToolsError("the browser closed its pipe")
            self._buffer += chunk
        raw, self._buffer = self._buffer.split(b"\0", 1)
        message = json.loads(raw)
        if self._trace is not None and message.get("method") == "Tracing.dataCollected":
            self._trace.extend(message["params"]["value"])
        return message

    def _send(self, method: str, params: dict | None = None, session: str | None = None,
              until_event: str | None = None) -> dict:
        """Send one command; return its result (or, with ``until_event``, that event's
        parameters, once the command has answered and the event has come)."""
        self._next_id += 1
        sent = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            sent["sessionId"] = session
        os.write(self._to_browser, json.dumps(sent).encode() + b"\0")
        answered, event = None, None
        while answered is None or (until_event and event is None):
            message = self._message()
            if message.get("id") == self._next_id:
                if "error" in message:
                    raise DevToolsError(f"{method}: {message['error'].get('message')}")
                answered = message.get("result", {})
            elif until_event and message.get("method") == until_event:
                event = message.get("params", {})
        return event if until_event else answered

    def evaluate(self, expression: str):
        """The value of ``expression`` (awaited) in the page's current document; a document
        replaced meanwhile (a navigation committing) is asked again."""
        end = time.monotonic() + self.timeout_s
        while True:
            try:
                result = self._send("Runtime.evaluate", {
                    "expression": expression, "awaitPromise": True, "returnByValue": True,
                }, self._session)
            except DevToolsError as error:
                if "context" not in str(error) or time.monotonic() > end:
                    raise
                time.sleep(0.01)  # the new document's context is being made
                continue
            if "exceptionDetails" in result:
                raise DevToolsError(f"in the page: {result['exceptionDetails'].get('text')}")
            return result["result"].get("value")

    def _until_ready(self) -> None:
        end = time.monotonic() + self.timeout_s
        while not self.evaluate(READY_PROMISE):
            if time.monotonic() > end:
                raise DevToolsError(f"the app not ready in {self.timeout_s:g} s")
            time.sleep(0.01)  # the app's document is not in yet

    def reload_start(self, marks: str, worker: str) -> dict:
        """The app's tab reloaded, as a player reloads: the page's own marks (``marks``,
        a function's source) and the worker's timings (``worker``) once it is ready."""
        self._send("Page.enable", session=self._session)
        self._send("Page.reload", session=self._session, until_event="Page.frameNavigated")
        self._send("Page.disable", session=self._session)
        self._until_ready()
        return {**self.evaluate(f"({marks})()"), "worker": self.evaluate(f"({worker})()")}

    def traced_reload_start(self, marks: str, worker: str,
                            categories: list[str]) -> tuple[dict, list[dict]]:
        """reload_start with a performance trace of the whole browser (the browser's own
        tracing: nothing attached to the page or its workers): the run and its events."""
        self._trace = []
        self._send("Tracing.start", {"transferMode": "ReportEvents", "traceConfig": {
            "includedCategories": categories, "recordMode": "recordAsMuchAsPossible"}})
        run = self.reload_start(marks, worker)
        self._send("Tracing.end", until_event="Tracing.tracingComplete")
        events, self._trace = self._trace, None
        return run, events

    def close(self) -> None:
        try:
            self._send("Browser.close")
        except (DevToolsError, OSError):
            pass
        try:
            self._process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self._process.kill()
        for fd in (self._to_browser, self._from_browser):
            os.close(fd)
