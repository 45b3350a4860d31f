"""The Lambda package's cold start with and without compiled bytecode (ops/lambda_bytecode.py).

    python -m bench lambda             five runs of each, in turn
    python -m bench lambda --runs 11   more

What is timed is a Lambda init's own work: importing functions/handler.py (the settings, the
FastAPI app; the DynamoDB client and the passkey library wait for the SnapStart hook) in a fresh
Python 3.12 process, from the package as Lambda holds it. The package is made as a deploy makes
it: `package_lambda` stages our code and the Lambda lock's requirements.txt; pip installs the
packages into it without compiling them (as `sam build` unpacks their wheels); it is zipped with
every file dated 1980 (as `sam deploy` zips it) and unzipped into a folder of its own. Twice, from
the one staging: once as it is (what `sam build` ships), once compiled (`compile_folder`, what the
deploy ships now). Each import runs with `-I -B`: nothing of this machine's site or environment,
and no bytecode written, since /var/task is read-only. The two packages are taken in turn, each
run a pair (which goes first alternates), and the medians are the figures: the wall time of the
import and its CPU time, beside each other, the pairs' ratios printed too (on a shared machine the
wall time measures the other work as well; the CPU time moves far less).

On Lambda with SnapStart this import is a version's init, run once per deploy before its snapshot
(and by any instance started without one): infra/README.md, "Cold starts".
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import tempfile
import zipfile
from pathlib import Path

from bench.figures import load, verdict

PROBE = """
import os, sys, time
sys.path.insert(0, os.getcwd())
wall, cpu = time.perf_counter(), time.process_time()
import functions.handler
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
import importlib.util
compiled = os.path.exists(importlib.util.cache_from_source(functions.handler.__file__))
print(wall, cpu, compiled)
"""
# What functions/handler.py reads as it is imported (no call reaches AWS: the clients wait).
ENV = {"SITE_KEY": "bench-key", "PUZZLEBOOK_STORE": "dynamodb://puzzlebook-bench",
       "AWS_DEFAULT_REGION": "us-east-1", "AWS_ACCESS_KEY_ID": "bench", "AWS_SECRET_ACCESS_KEY": "bench",
       "PATH": os.environ.get("PATH", "")}


def staged(folder: Path, python: str) -> Path:
    """The functions' package as `sam build` leaves it: our code and its packages, no bytecode."""
    from ops.deploy import package_lambda

    out = folder / "staged"
    package_lambda(out)
    pip = [python, "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "--no-compile"]
    locked = ["--require-hashes", "-r", str(out / "requirements.txt"), "--target", str(out)]
    done = subprocess.run([*pip, *locked], capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"pip couldn't install the Lambda lock:\n{(done.stdout + done.stderr)[-3000:]}")
    for junk in out.rglob("__pycache__"):  # a build step pip ran may leave some: sam build drops them
        shutil.rmtree(junk, ignore_errors=True)
    return out


def shipped(source: Path, to: Path) -> Path:
    """`source` zipped as `sam deploy` zips a function (every file dated 1980-01-01) and unzipped
    into `to`, as Lambda unpacks it into /var/task."""
    archive = to.with_suffix(".zip")
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_DEFLATED) as zf:
        for path in sorted(source.rglob("*")):
            if path.is_file():
                zf.writestr(zipfile.ZipInfo(path.relative_to(source).as_posix()), path.read_bytes())
    with zipfile.ZipFile(archive) as zf:
        zf.extractall(to)
    archive.unlink()
    return to


def one_import(python: str, package: Path) -> tuple[float, float, bool]:
    """(wall s, CPU s, whether the handler's bytecode was there) of one fresh import."""
    done = subprocess.run([python, "-I", "-B", "-c", PROBE], cwd=package, env=ENV, capture_output=True,
                          text=True, check=False, timeout=120)
    if done.returncode != 0:
        raise RuntimeError(f"the handler didn't import from {package}:\n{done.stderr[-2000:]}")
    wall, cpu, compiled = done.stdout.split()
    return float(wall), float(cpu), compiled == "True"


def _size(folder: Path) -> str:
    return f"{sum(p.stat().st_size for p in folder.rglob('*') if p.is_file()) / 1e6:.1f} MB"


def main(argv: list[str] | None = None) -> None:
    from ops.lambda_bytecode import TAG, compile_folder, lambda_python

    parser = argparse.ArgumentParser(prog="python -m bench lambda")
    parser.add_argument("--runs", type=int, default=5, help="imports of each package, in turn (default 5)")
    options = parser.parse_args(argv or [])
    if options.runs < 1:
        parser.error("--runs must be at least 1")
    python = lambda_python()
    with tempfile.TemporaryDirectory(prefix="puzzlebook-bench-lambda-") as tmp:
        folder = Path(tmp)
        source = staged(folder, python)
        bare = shipped(source, folder / "without")
        compiled_source = folder / "compiled"
        shutil.copytree(source, compiled_source)
        made = compile_folder(compiled_source, python)
        compiled = shipped(compiled_source, folder / "with")
        print(f"the package ({python}): {_size(bare)} without bytecode, {_size(compiled)} with "
              f"({made:,} .{TAG}.pyc files, unchecked-hash)")
        packages = {"without": bare, "with": compiled}
        for package in packages.values():  # once each, unmeasured: the disk cache warm for both
            one_import(python, package)
        times: dict[str, list[tuple[float, float]]] = {"without": [], "with": []}
        for run in range(options.runs):
            for name in ("without", "with") if run % 2 == 0 else ("with", "without"):
                wall, cpu, had_bytecode = one_import(python, packages[name])
                if had_bytecode != (name == "with"):
                    raise RuntimeError(f"the package {name} bytecode wasn't as it should be")
                times[name].append((wall, cpu))
    for kind, k in (("wall", 0), ("CPU", 1)):
        without = statistics.median(t[k] for t in times["without"])
        with_ = statistics.median(t[k] for t in times["with"])
        ratios = ", ".join(f"{w[k] / b[k]:.2f}" for w, b in zip(times["with"], times["without"], strict=True))
        print(f"the handler's import, {kind} time (median of {options.runs}): without bytecode "
              f"{without * 1000:.0f} ms, with {with_ * 1000:.0f} ms: {with_ / without:.2f} of it "
              f"(each pair: {ratios}); goal: less with than without: {verdict(with_ < without)}")
    print(f"({load()})")
