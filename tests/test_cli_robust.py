"""The command line under hostile or careless use: one line and status 2 for bad
input, quiet ends for closed pipes and Ctrl-C, nothing left running."""

from __future__ import annotations

import json
import os
import pathlib
import re
import signal
import socket
import subprocess
import sys
import threading
import time

import pytest

from tripeaks import solver_cli
from tripeaks.cli import main

ROOT = pathlib.Path(__file__).resolve().parent.parent
needs_processes = pytest.mark.skipif(sys.platform == "emscripten",
                                     reason="Pyodide cannot start a process")


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def one_line_error(code: int, out: str, err: str) -> str:
    assert code == 2 and out == ""
    assert err.startswith("tripeaks: ") and err.endswith("\n") and err.count("\n") == 1
    return err


def test_a_deeply_nested_saved_game_is_one_line_and_status_2(capsys, tmp_path):
    record = tmp_path / "deep.json"
    record.write_text("[" * 100_000 + "]" * 100_000)
    err = one_line_error(*run(capsys, "analyse", "--record", str(record)))
    assert "nested too deeply" in err


@needs_processes
@pytest.mark.parametrize("argv", [["deal", "1"], ["solve", "3", "--json"]])
def test_a_closed_pipe_ends_quietly(argv):
    """``... | head``: the reader is gone before the command writes."""
    proc = subprocess.Popen([sys.executable, "-m", "tripeaks", *argv], cwd=ROOT,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()  # the only read end: every write now fails with EPIPE
    err = proc.stderr.read().decode()
    assert proc.wait(60) == 128 + signal.SIGPIPE
    assert err == ""


@needs_processes
def test_serve_on_a_busy_port_names_it_and_the_option(tmp_path):
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        done = subprocess.run([sys.executable, "build.py", "--out", str(tmp_path), "serve",
                               "--no-build", "--port", str(port)], cwd=ROOT,
                              capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and str(port) in done.stderr
    assert "in use" in done.stderr and "--port" in done.stderr


def test_stats_jobs_are_capped_at_the_cpus(capsys, monkeypatch):
    monkeypatch.setattr(os, "cpu_count", lambda: 1)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: {0}, raising=False)
    code, out, err = run(capsys, "stats", "--deals", "2", "--jobs", "3", "--json")
    assert code == 0 and json.loads(out)["jobs"] == 1
    assert "--jobs 3 is more than the 1 CPUs here; using 1" in err


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "1e999", "-1"])
@pytest.mark.parametrize("command", [["solve", "1"], ["par", "1"], ["hint", "1"]])
def test_non_finite_seconds_are_refused(capsys, command, value):
    err = one_line_error(*run(capsys, *command, f"--max-seconds={value}"))
    assert "--max-seconds" in err


def test_control_characters_from_the_user_are_shown_escaped(capsys):
    err = one_line_error(*run(capsys, "deal", "12\x1b[2J\u202e\nX"))
    assert "\x1b" not in err and "\u202e" not in err
    assert "12\\x1b[2J\\u202e\\nX" in err


@pytest.mark.parametrize("argv", [["deal"], ["stats", "--start"], ["solve"]])
def test_a_5000_digit_deal_number_gets_the_usual_message(capsys, argv):
    err = one_line_error(*run(capsys, *argv, "9" * 5000))
    # the engine's words (from the catalogs), or argparse's own (English) for --start
    assert "deal numbers run from 0 to" in err.lower() and re.search(r"5,?000 digits", err)
    assert len(err) < 200


def _descendants(pid: int) -> set[int]:
    found: set[int] = set()
    todo = [pid]
    while todo:
        parent = todo.pop()
        try:
            for task in os.listdir(f"/proc/{parent}/task"):
                with open(f"/proc/{parent}/task/{task}/children") as handle:
                    kids = [int(k) for k in handle.read().split()]
                found.update(kids)
                todo.extend(kids)
        except OSError:
            pass
    return found


def _running(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as handle:
            return handle.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def _as_from_a_terminal() -> None:
    """In the child: Ctrl-C as a shell's foreground job gets it (the test's own
    process may have SIGINT blocked or ignored, and a child inherits both)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


@needs_processes
@pytest.mark.skipif(not pathlib.Path("/proc/self/task").exists(), reason="needs Linux /proc")
def test_an_interrupted_stats_leaves_no_process_behind():
    """Ctrl-C reaches the whole foreground process group, workers included."""
    proc = subprocess.Popen([sys.executable, "-m", "tripeaks", "stats", "--deals", "100000",
                             "--jobs", "2"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=_as_from_a_terminal)
    seen = bytearray()
    # Read stderr all along, so the progress line never fills the pipe and blocks it.
    reader = threading.Thread(target=lambda: [seen.extend(chunk) for chunk in
                                              iter(lambda: proc.stderr.read1(4096), b"")],
                              daemon=True)
    reader.start()
    try:
        deadline = time.monotonic() + 120
        while b"/100000" not in seen and time.monotonic() < deadline:
            time.sleep(0.1)
        assert b"/100000" in seen, "stats never showed progress"
        workers = _descendants(proc.pid)
        assert workers
        os.killpg(proc.pid, signal.SIGINT)
        assert proc.wait(180) == 130  # a loaded machine may take a while to stop the pool
        reader.join(30)
        assert b"Traceback" not in seen
        deadline = time.monotonic() + 30
        while any(_running(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not [w for w in workers if _running(w)]
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
        proc.stdout.close()


@needs_processes
def test_the_stats_workers_ignore_ctrl_c():
    """A worker killed by Ctrl-C would be replaced by the pool while it stops."""
    old = signal.getsignal(signal.SIGINT)
    try:
        solver_cli._ignore_interrupts()
        assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, old)
