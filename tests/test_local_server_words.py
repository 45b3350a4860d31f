"""What a newcomer's `make serve` says (README.md, "The two commands"): one address, the one passkeys
work at, and the development key's warning once, with how to make a key."""

from __future__ import annotations

import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def test_the_development_keys_warning_is_said_once_with_how_to_make_a_key(monkeypatch, capsys) -> None:
    from service import settings

    monkeypatch.setattr(settings, "_warned", False)
    settings.load({})
    settings.load({})
    said = capsys.readouterr().err
    assert said.count("WARNING") == 1 and said.count("SITE_KEY is not set") == 1
    assert "python3 -c 'import secrets; print(secrets.token_hex(32))'" in said
    assert "SITE_KEY=<that key> make serve" in said
    settings.load({"SITE_KEY": "a key of my own"})
    assert capsys.readouterr().err == ""


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow  # builds the site (over the shared seed) and serves it
def test_serve_says_one_address_where_passkeys_work_and_the_key_warning_once(
    tmp_path_factory, tmp_path
) -> None:
    """It said two before: ours (http://localhost:PORT) and uvicorn's "Uvicorn running on
    http://127.0.0.1:PORT", where passkeys can't work (a browser refuses an IP address as their
    site); and the key's warning said only to set SITE_KEY in production."""
    from tests.site_seed import copy_seed, seed_folder, shared_folder

    # The seed's store too, so the server finds the days ahead filled and fills nothing.
    copy_seed(seed_folder(shared_folder(tmp_path_factory.getbasetemp())), tmp_path / "dist",
              tmp_path / "store.sqlite3")
    port = _free_port()
    env = {k: v for k, v in os.environ.items() if k not in ("SITE_KEY", "SITE_KEY_PARAMETER")}
    env |= {"PUZZLEBOOK_STORE": f"sqlite:///{tmp_path / 'store.sqlite3'}",
            "PUZZLEBOOK_DIST": str(tmp_path / "dist")}
    log = tmp_path / "serve.log"
    with open(log, "wb") as out:
        server = subprocess.Popen([sys.executable, "build.py", "serve", "--port", str(port)],
                                  cwd=ROOT, env=env, stdout=out, stderr=subprocess.STDOUT)
    try:
        deadline = time.monotonic() + 120  # the build over the seed, on two shared cores
        while True:
            assert server.poll() is None, log.read_text()
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/health", timeout=5):
                    break
            except OSError:
                assert time.monotonic() < deadline, log.read_text()
                time.sleep(0.2)
        # Passkeys work at the address it says: their options name localhost as the site.
        site = f"http://localhost:{port}"
        asked = urllib.request.Request(f"{site}/api/signin/passkey/options", method="POST",
                                       headers={"Origin": site})
        with urllib.request.urlopen(asked, timeout=10) as answer:
            assert answer.status == 200 and json.load(answer)["options"]["rpId"] == "localhost"
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
    said = log.read_text()
    assert re.findall(r"https?://[^\s/]+", said) == [site], said
    assert f"serving the site and /api at {site}/" in said
    assert said.count("SITE_KEY is not set") == 1 and "SITE_KEY=<that key> make serve" in said, said
