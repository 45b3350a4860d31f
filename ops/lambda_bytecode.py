"""The Lambda package's compiled bytecode, made for the runtime's Python (3.12).

Lambda's /var/task is read-only, so a package without bytecode is compiled from source on every
init (Python can't write its __pycache__ there, and tries again each time). `sam build` can't
carry bytecode through: its Python builder drops `*.pyc` and `__pycache__` from the code it copies
(aws-lambda-builders, PythonPipWorkflow.EXCLUDED_FILES) and unpacks the packages' wheels without
compiling them. So the deploy compiles the built functions afterwards, in `.aws-sam/build`
(`python build.py deploy --compile-lambda infra/.aws-sam/build`, between `sam build` and `sam
deploy`; infra/README.md), our code and the packages alike.

The bytecode is **unchecked-hash** (PEP 552): Python loads it without looking at the source. A
timestamp-based .pyc would never match on Lambda: `sam deploy` zips every file with the date
1980-01-01, so each .py's time differs from the one its .pyc recorded, and the .pyc would be
compiled again, in memory, on every init. A deployment's files never change, which is what
unchecked-hash assumes. `python -m bench lambda` measures the import with and without it.
"""

from __future__ import annotations

import glob
import os
import shutil
import subprocess
from pathlib import Path

LAMBDA_PYTHON = (3, 12)  # infra/template.yaml's Runtime: python3.12
TAG = f"cpython-{LAMBDA_PYTHON[0]}{LAMBDA_PYTHON[1]}"


class BytecodeError(RuntimeError):
    """No Python of the runtime's version was found, or compiling failed (its words say which)."""


def _is_lambda_python(python: str) -> bool:
    probe = f"import sys; print(sys.version_info[:2] == {LAMBDA_PYTHON})"
    try:
        done = subprocess.run([python, "-c", probe], capture_output=True, text=True, timeout=30, check=False)
    except OSError:
        return False
    return done.returncode == 0 and done.stdout.strip() == "True"


def lambda_python(environ: dict[str, str] | None = None) -> str:
    """A Python of the Lambda runtime's version: $PYTHON312, else python3.12 on PATH, else pyenv's
    (~/.pyenv/versions/3.12*/bin/python3.12), as .ci/run looks. BytecodeError when there is none."""
    env = os.environ if environ is None else environ
    pyenv = env.get("PYENV_ROOT") or str(Path.home() / ".pyenv")
    candidates = [env.get("PYTHON312", ""), shutil.which("python3.12") or "",
                  *sorted(glob.glob(f"{pyenv}/versions/3.12*/bin/python3.12"), reverse=True)]
    for python in candidates:
        if python and _is_lambda_python(python):
            return python
    raise BytecodeError("no Python 3.12 (the Lambda runtime's) found: set PYTHON312, put python3.12 on "
                        "PATH, or install it with pyenv")


def compile_folder(folder: Path, python: str | None = None) -> int:
    """Compile every .py under `folder` with Python 3.12 (`python`, or `lambda_python()`), as
    unchecked-hash bytecode in __pycache__ beside it; how many .pyc files it holds for 3.12 after.
    BytecodeError naming what failed (a file that isn't Python 3.12, a folder that isn't one)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise BytecodeError(f"{folder} is not a folder: stage or build the functions first")
    python = python or lambda_python()
    done = subprocess.run(
        [python, "-m", "compileall", "-q", "-j", "0", "--invalidation-mode", "unchecked-hash", str(folder)],
        capture_output=True, text=True, check=False,
    )
    if done.returncode != 0:
        raise BytecodeError(f"compiling {folder} failed:\n{(done.stdout + done.stderr).strip()[-2000:]}")
    return sum(1 for _ in folder.rglob(f"*.{TAG}.pyc"))
