"""The built site served on 127.0.0.1 for the end-to-end tests, the benches and the
cross-engine run: every path asked for recorded, and another build deployable in
its place (``LiveSite.swap``)."""

from __future__ import annotations

import http.server
import sys
import threading
from pathlib import Path

import build


class RecordingHandler(build.SiteHandler):
    """build.py's handler, recording each path asked for and each one sent in
    full (200, not 304); its root can change."""

    requests: list[str]
    downloads: list[str]

    def do_GET(self) -> None:
        type(self).requests.append(self.path)
        super().do_GET()

    def translate_path(self, path: str) -> str:
        # The root as it is now, not as it was when this connection opened: a browser keeps
        # spare connections open, and one opened before swap() must get the new build too
        # (else an update check can be sent the old service worker and find no update).
        self.directory = self.root
        return super().translate_path(path)

    def log_request(self, code="-", size="-") -> None:
        if str(getattr(code, "value", code)) == "200":
            type(self).downloads.append(self.path)


class QuietServer(http.server.ThreadingHTTPServer):
    """A browser that drops a download half way (its test's page closed) is no error to print."""

    def handle_error(self, request, client_address) -> None:
        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)


class LiveSite:
    """The site served on 127.0.0.1 at ``prefix``; ``swap(root)`` deploys another build."""

    def __init__(self, root: Path, prefix: str = "/", port: int = 0) -> None:
        prefix = "/" + prefix.strip("/") + "/" if prefix.strip("/") else "/"
        self.handler = type("Handler", (RecordingHandler,), {
            "prefix": prefix, "root": str(root), "requests": [], "downloads": [],
        })
        self.root = Path(root)
        self.closed = True
        self._serve(port)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.url = self.origin + prefix

    def _serve(self, port: int) -> None:
        self.server = QuietServer(("127.0.0.1", port), self.handler)
        self.server.daemon_threads = True
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        self.closed = False

    def reset(self) -> None:
        """For the next test: serving again on the same port, the first root,
        nothing requested yet."""
        if self.closed:
            self._serve(self.server.server_address[1])
        self.handler.root = str(self.root)
        self.handler.requests.clear()
        self.handler.downloads.clear()

    @property
    def requests(self) -> list[str]:
        return self.handler.requests

    @property
    def downloads(self) -> list[str]:
        return self.handler.downloads

    def swap(self, root: Path) -> None:
        self.handler.root = str(root)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.server.shutdown()
            self.server.server_close()
