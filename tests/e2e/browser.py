"""Debian's Chromium for the end-to-end tests and the benches: where it is, the
arguments that keep every request on 127.0.0.1, and how long a boot may take.

Chromium is CHROMIUM_PATH, or else Debian's headless shell
(/usr/bin/chromium-headless-shell), or else /usr/bin/chromium; it is never
downloaded."""

from __future__ import annotations

import os
from pathlib import Path

# Service-worker requests reach context.on("request") only with this set.
os.environ.setdefault("PW_EXPERIMENTAL_SERVICE_WORKER_NETWORK_EVENTS", "1")

HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = os.environ.get("CHROMIUM_PATH") or (
    HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() else "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-default-apps",
    "--disable-sync",
    "--disable-domain-reliability",
    "--disable-client-side-phishing-detection",
    "--no-default-browser-check",
    "--no-first-run",
    "--metrics-recording-only",
    "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",
]
# The tests' own browsers only (the benches keep Chromium's usual settings):
# - software compositing in the browser process instead of a GPU process that has no GPU
#   here either (SwiftShader): the same pixels for 5-7% less CPU a test;
# - WebAssembly kept on V8's baseline compiler (Liftoff), without the optimizing
#   recompiles of hot functions: every warm boot recompiled about 0.3 s of CPU of them
#   (the tests' profiles keep no compiled code: their first visit compiled the wasm from
#   the download's stream, which Chromium keeps nothing for), which a short test never
#   earns back: 2-5% less CPU a test, the same behaviour (docs/benchmarks.md).
TEST_ARGS = [*CHROMIUM_ARGS, "--disable-gpu", "--js-flags=--no-wasm-tier-up"]
BOOT_TIMEOUT = 180_000  # ms: a cold boot on a loaded 2-core CI machine
