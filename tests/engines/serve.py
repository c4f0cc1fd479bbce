"""The site for the cross-engine smoke run: served on 127.0.0.1, every path recorded.

Used in process by webkit.py, and as a child process by firefox.mjs:

    python tests/engines/serve.py SITE NEWER

prints ``origin <url>`` once it listens, then ``path <path>`` for each request,
and obeys lines on standard input: ``swap`` (serve NEWER, a later build),
``stop`` (go offline: close the server; prints ``stopped``).
"""

from __future__ import annotations

import socketserver
import sys
import threading
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402
from tests.e2e.server import LiveSite  # noqa: E402


def newer_build(out: Path) -> Path:
    """A second build of the app, differing by one file: a new version to update to."""
    build.build(out, quiet=True, extra={"release.txt": b"a newer build (engines smoke run)\n"})
    return out


def quiet(live: LiveSite) -> LiveSite:
    """Let a browser drop a download midway (a reload, an aborted precache fetch)
    without a traceback in the log; any other server error is still printed."""
    report = live.server.handle_error

    def handle_error(request, address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            report(request, address)

    live.server.handle_error = handle_error
    return live


class TrapProxy:
    """A proxy on 127.0.0.1 that forwards nothing: it records the first line of
    every request a browser sends it (``GET http://host/...``, ``CONNECT
    host:443``), so a request to another origin is seen, not only blocked."""

    def __init__(self) -> None:
        self.requests: list[str] = []
        seen = self.requests

        class Handler(socketserver.StreamRequestHandler):
            def handle(self) -> None:
                line = self.rfile.readline(2048).decode("latin-1").strip()
                if line:
                    seen.append(line)

        self.server = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.port = self.server.server_address[1]
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


def strangers(paths: list[str], roots: list[Path]) -> list[str]:
    """The requested paths that are no file of the site (what the app should never ask for)."""
    odd = []
    for path in paths:
        clean = path.split("?", 1)[0].split("#", 1)[0].lstrip("/")
        if clean and not any((root / clean).is_file() for root in roots):
            odd.append(path)
    return odd


def main() -> None:
    site, newer = Path(sys.argv[1]), Path(sys.argv[2])
    live = quiet(LiveSite(site))
    seen = 0

    def flush() -> None:
        nonlocal seen
        for path in live.requests[seen:]:
            print("path", path, flush=True)
        seen = len(live.requests)

    print("origin", live.url, flush=True)
    for line in sys.stdin:
        flush()
        command = line.strip()
        if command == "swap":
            live.swap(newer)
            print("swapped", flush=True)
        elif command == "stop":
            live.close()
            flush()
            print("stopped", flush=True)
        elif command == "flush":
            print("flushed", flush=True)
    live.close()


if __name__ == "__main__":
    main()
