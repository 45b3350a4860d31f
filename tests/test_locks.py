"""The locks (requirements/*.lock, made by `make lock`) hold what pyproject.toml pins:
`make setup` installs exactly them, and the Lambda package ships the second."""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import pytest

from ops import deploy

ROOT = Path(__file__).resolve().parent.parent
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
EXTRAS = PROJECT["optional-dependencies"]


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(requirements: list[str]) -> dict[str, str]:
    """name -> pinned version, leaving out the project's references to its own extras."""
    pins = {}
    for requirement in requirements:
        name, _, version = requirement.split(";")[0].partition("==")
        name = _normal(name.split("[")[0])
        if name != _normal(PROJECT["name"]):
            pins[name] = version.strip()
    return pins


def _locked(name: str) -> dict[str, set[str]]:
    """name -> the versions a lock installs (a universal lock may hold one per Python)."""
    text = (ROOT / "requirements" / name).read_text(encoding="utf-8")
    deploy.read_lock(text)  # every requirement pinned with == and hashed
    versions: dict[str, set[str]] = {}
    for name_, version in re.findall(r"^([A-Za-z0-9][A-Za-z0-9._-]*)==([^\s;\\]+)", text, re.M):
        versions.setdefault(_normal(name_), set()).add(version)
    return versions


@pytest.mark.parametrize("extra", [None, *EXTRAS])
def test_the_dev_lock_installs_every_pin_of_pyproject(extra: str | None) -> None:
    wanted = _pins(PROJECT["dependencies"] if extra is None else EXTRAS[extra])
    locked = _locked("dev.lock")
    assert {name: locked.get(name) for name in wanted} == {name: {v} for name, v in wanted.items()}


def test_the_lambda_lock_is_the_dev_locks_resolution_cut_to_the_functions() -> None:
    dev, lam = _locked("dev.lock"), _locked("lambda.lock")
    assert {name: versions <= dev.get(name, set()) for name, versions in lam.items()} == {
        name: True for name in lam}
    runtime = _pins(PROJECT["dependencies"] + [r for e in deploy.LAMBDA_EXTRAS for r in EXTRAS[e]])
    assert {name: lam.get(name) for name in runtime} == {name: {v} for name, v in runtime.items()}
    others = _pins([r for e in EXTRAS if e not in deploy.LAMBDA_EXTRAS for r in EXTRAS[e]])
    assert not set(others) & set(lam), "a build, serve or dev package in the Lambda lock"
