"""The Lambda package `sam build` takes (`build.py deploy --package-lambda`): the
functions' code, the bundle and the hashed Lambda lock, nothing the functions do not
import (no build or serve packages, no bundle maker, no test fixtures), and it runs
as Lambda would run it."""

from __future__ import annotations

import ast
import importlib.metadata
import json
import os
import re
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import build
from ops import deploy
from puzzlebook.languages import LANGUAGES

ROOT = Path(__file__).resolve().parent.parent
LAMBDA_LOCK = ROOT / "requirements" / "lambda.lock"
# What only the site build, the bundle maker and the local server need.
BUILD_AND_SERVE = {"jinja2", "pyyaml", "zstandard", "uvicorn", "httptools"}


def _normal(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def _pins(requirements: list[str]) -> dict[str, str]:
    pins = {}
    for r in requirements:
        name, _, version = r.split(";")[0].partition("==")
        pins[_normal(name.split("[")[0])] = version.strip()
    return pins


def test_the_lambda_package_holds_the_functions_code_the_bundle_and_the_lambda_lock(tmp_path: Path) -> None:
    out = tmp_path / "lambda"
    assert build.main(["deploy", "--package-lambda", str(out)]) == 0
    assert sorted(p.name for p in out.iterdir()) == [
        ".puzzlebook-lambda", "functions", "locale", "puzzlebook", "requirements.txt", "service", "shards"]
    # The API's catalogs compiled, one a language but English (the source): no .po, no Babel.
    catalogs = sorted(p.relative_to(out).as_posix() for p in (out / "locale").rglob("*") if p.is_file())
    compiled = [f"locale/{lang.catalog}/LC_MESSAGES/api.mo" for lang in LANGUAGES if lang.code != "en"]
    assert catalogs == sorted(compiled)
    assert (out / "puzzlebook" / "__init__.py").is_file()
    assert (out / "puzzlebook" / "chess" / "referee.py").is_file()
    assert (out / "functions" / "handler.py").is_file()
    assert (out / "service" / "store" / "dynamo.py").is_file()
    assert (out / "shards" / "index.json").is_file()
    # build and test tools stay home
    assert not (out / "puzzlebook" / "chess" / "bundle").exists()
    assert not any(p.name in ("ops", "sitebuild", "cli", "tests") for p in out.iterdir())
    assert not list(out.rglob("__pycache__"))

    text = (out / "requirements.txt").read_text(encoding="utf-8")
    assert text == LAMBDA_LOCK.read_text(encoding="utf-8")
    locked = deploy.read_lock(text)  # every requirement pinned with == and hashed
    assert all(hashes for _, hashes in locked.values())
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = _pins(project["dependencies"] + project["optional-dependencies"]["aws"])
    assert {"chess", "fastapi", "starlette", "pydantic", "mangum", "boto3"} <= set(wanted)
    assert {name: locked[name][0] for name in wanted} == wanted
    assert not BUILD_AND_SERVE & set(locked)
    assert build.main(["deploy", "--package-lambda", str(out)]) == 0  # staging again replaces it


def test_everything_the_staged_code_imports_is_staged_locked_or_standard(tmp_path: Path) -> None:
    """Read, not run: each import in the staged .py files names the standard library,
    a staged module, a package the Lambda lock installs, or one the Lambda runtime provides
    (SnapStart's hooks; the handler imports them only where they exist)."""
    out = tmp_path / "lambda"
    deploy.package_lambda(out)
    locked = set(deploy.read_lock((out / "requirements.txt").read_text(encoding="utf-8")))
    staged = {p.name for p in out.iterdir() if p.is_dir()}
    providers = importlib.metadata.packages_distributions()

    def is_staged(module: str) -> bool:
        path = out.joinpath(*module.split("."))
        return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()

    unmet = []
    for path in sorted(out.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                modules = [node.module]
            else:
                continue
            for module in modules:
                top = module.split(".")[0]
                if top in sys.stdlib_module_names or top == "__future__":
                    continue
                if top in deploy.LAMBDA_RUNTIME_MODULES:
                    ok = module == top
                elif top in staged:
                    ok = is_staged(module)
                elif top in providers:
                    ok = any(_normal(d) in locked for d in providers[top])
                else:
                    ok = False
                if not ok:
                    unmet.append(f"{path.relative_to(out)}:{node.lineno} imports {module}")
    assert unmet == []


def test_the_lambda_package_never_wipes_a_folder_it_did_not_make(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "notes.txt").write_text("keep me", encoding="utf-8")
    assert build.main(["deploy", "--package-lambda", str(precious)]) == 2
    assert "not staged by this command" in capsys.readouterr().err
    assert (precious / "notes.txt").read_text(encoding="utf-8") == "keep me"


PYPROJECT = """[project]
name = "puzzlebook"
dependencies = [{core}]
[project.optional-dependencies]
aws = ["mangum==0.22.0"]
build = ["Jinja2==3.1.6"]
serve = ["uvicorn==0.54.0"]
dev = ["puzzlebook[aws,build,serve]", "pytest==9.2.0"]
"""
HASH = "    --hash=sha256:" + "ab" * 32


def _project(root: Path, *, core: str = '"chess==1.11.2"', lock: str) -> Path:
    (root / "requirements").mkdir(parents=True)
    (root / "pyproject.toml").write_text(PYPROJECT.format(core=core), encoding="utf-8")
    (root / "requirements" / "lambda.lock").write_text(lock, encoding="utf-8")
    for name in deploy.LAMBDA_SOURCES:
        (root / name).mkdir()
        (root / name / "__init__.py").write_text("", encoding="utf-8")
    return root


GOOD_LOCK = (f"# made by make lock\nchess==1.11.2 \\\n{HASH}\n    # via puzzlebook\n"
             f"mangum==0.22.0 \\\n{HASH}\n")


def test_a_lock_that_matches_pyproject_is_shipped_as_it_is(tmp_path: Path) -> None:
    root = _project(tmp_path / "repo", lock=GOOD_LOCK)
    deploy.package_lambda(tmp_path / "out", root)
    assert (tmp_path / "out" / "requirements.txt").read_text(encoding="utf-8") == GOOD_LOCK


@pytest.mark.parametrize(("core", "lock", "message"), [
    ('"chess==1.11.3"', GOOD_LOCK,
     r"requirements/lambda\.lock is out of date: pyproject\.toml pins chess==1\.11\.3, "
     r"the lock has 1\.11\.2"),
    ('"chess==1.11.2", "fastapi==0.165.0"', GOOD_LOCK, r"pins fastapi==0\.165\.0, the lock lacks it"),
    ('"chess>=1.0"', GOOD_LOCK, r"pin every run-time dependency with ==, not chess>=1\.0"),
    ('"chess==1.11.2"', GOOD_LOCK + f"jinja2==3.1.6 \\\n{HASH}\n",
     r"holds jinja2, which only the 'build' extra needs"),
    ('"chess==1.11.2"', GOOD_LOCK + f"uvicorn==0.54.0 \\\n{HASH}\n",
     r"holds uvicorn, which only the 'serve'"),
    ('"chess==1.11.2"', GOOD_LOCK + "six==1.17.0\n", r"no hash for six==1\.17\.0"),
    ('"chess==1.11.2"', GOOD_LOCK + f"six>=1.17 \\\n{HASH}\n", r"pins 'six>=1\.17' without =="),
])
def test_a_stale_unhashed_or_too_big_lock_is_refused_before_anything_is_staged(
        tmp_path: Path, core: str, lock: str, message: str) -> None:
    root = _project(tmp_path / "repo", core=core, lock=lock)
    out = tmp_path / "out"
    with pytest.raises(deploy.DeployError, match=message):
        deploy.package_lambda(out, root)
    assert not out.exists()


def test_a_missing_lock_is_refused(tmp_path: Path) -> None:
    root = _project(tmp_path / "repo", lock="")
    (root / "requirements" / "lambda.lock").unlink()
    with pytest.raises(deploy.DeployError, match=r"lambda\.lock is missing: run `make lock`"):
        deploy.package_lambda(tmp_path / "out", root)


# An API Gateway HTTP API (payload 2.0) request, as CloudFront forwards it.
HEALTH_EVENT = {
    "version": "2.0", "routeKey": "ANY /api/{proxy+}", "rawPath": "/api/health", "rawQueryString": "",
    "headers": {"host": "example.execute-api.us-east-1.amazonaws.com", "accept": "application/json"},
    "requestContext": {
        "accountId": "123456789012", "apiId": "example",
        "domainName": "example.execute-api.us-east-1.amazonaws.com",
        "requestId": "test", "routeKey": "ANY /api/{proxy+}", "stage": "$default", "time": "", "timeEpoch": 0,
        "http": {"method": "GET", "path": "/api/health", "protocol": "HTTP/1.1", "sourceIp": "192.0.2.1",
                 "userAgent": "test"},
    },
    "isBase64Encoded": False,
}

RUN_LIKE_LAMBDA = """
import importlib.abc, importlib.machinery, importlib.metadata, json, os, pathlib, re, sys

# Lambda has only the staged folders and what requirements.txt installs: refuse any
# other import (the repo's own folders and the dev packages are on this path too).
root = pathlib.Path(sys.argv[1])
normal = lambda name: re.sub(r"[-_.]+", "-", name).lower()
locked = {normal(line.split("==")[0]) for line in (root / "requirements.txt").read_text().splitlines()
          if "==" in line and not line.startswith((" ", "#"))}
providers = importlib.metadata.packages_distributions()
staged = {p.name for p in root.iterdir() if p.is_dir()}
stdlib = os.path.dirname(os.__file__) + os.sep

def allowed(name, path):
    top = name.split(".")[0]
    if top in sys.stdlib_module_names or top in staged:
        return True
    if any(normal(d) in locked for d in providers.get(top, ())):
        return True
    spec = importlib.machinery.PathFinder.find_spec(name, path)  # the stdlib's private modules
    return bool(spec and spec.origin and spec.origin.startswith(stdlib))

class NotOnLambda(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if not allowed(name, path):
            raise ModuleNotFoundError(f"{name} is not in the Lambda package", name=name)
        return None

sys.meta_path.insert(0, NotOnLambda())
assert not {m.split(".")[0] for m in sys.modules} & {"jinja2", "yaml", "zstandard", "uvicorn", "sitebuild"}

import functions, functions.handler as lam
assert functions.__file__.startswith(sys.argv[1]), functions.__file__  # the staged copy, not the repo
event = json.loads(sys.argv[2])
before = lam.handler(event, None)
lam.nightly({}, None)
after = lam.handler(event, None)
# An error in Spanish, read from the package's compiled catalog.
nowhere = {**event, "rawPath": "/api/nowhere", "headers": {**event["headers"], "accept-language": "es"},
           "requestContext": {**event["requestContext"],
                              "http": {**event["requestContext"]["http"], "path": "/api/nowhere"}}}
spanish = json.loads(lam.handler(nowhere, None)["body"])
result = {"before": before["statusCode"], "after": after["statusCode"], "body": json.loads(after["body"]),
          "spanish": spanish}
print(json.dumps(result))
"""


@pytest.mark.slow
def test_the_staged_package_serves_the_api_and_runs_the_nightly(tmp_path: Path) -> None:
    """Only the staged folder and the packages of its requirements.txt importable: the
    entry points named in the template answer an HTTP API event, and the nightly fill
    turns the health check green."""
    out = tmp_path / "lambda"
    deploy.package_lambda(out)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AWS_", "SITE_", "PUZZLEBOOK_"))}
    env.update(PYTHONPATH=str(out), SITE_KEY="puzzlebook-test-key", SITE_TZ="UTC",
               PUZZLEBOOK_STORE=f"sqlite:///{tmp_path / 'store.sqlite3'}")
    done = subprocess.run([sys.executable, "-c", RUN_LIKE_LAMBDA, str(out), json.dumps(HEALTH_EVENT)],
                          cwd=out, env=env, capture_output=True, text=True, check=False, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["before"] == 503  # nothing stored yet: tomorrow's Chain is missing
    assert result["after"] == 200
    assert result["body"]["ok"] is True
    assert result["spanish"] == {"error": "No hay nada en /api/nowhere.", "code": "no_such_path"}


def test_the_built_functions_carry_bytecode_python_3_12_uses_without_the_source(tmp_path: Path) -> None:
    """/var/task is read-only: without bytecode in the package, every init compiled every module.
    `--compile-lambda` compiles what `sam build` made (our code and the packages) for Python 3.12 as
    unchecked-hash bytecode, which a 1980-dated zip can't invalidate (ops/lambda_bytecode.py)."""
    from ops.lambda_bytecode import TAG, lambda_python

    out = tmp_path / "built"
    deploy.package_lambda(out)
    assert not list(out.rglob("*.pyc"))  # staged as sources: sam build would drop any bytecode
    assert build.main(["deploy", "--compile-lambda", str(out)]) == 0
    sources = [p for p in out.rglob("*.py") if "__pycache__" not in p.parts]
    assert sources
    for source in sources:
        cached = source.parent / "__pycache__" / f"{source.stem}.{TAG}.pyc"
        header = cached.read_bytes()[:16]
        assert int.from_bytes(header[4:8], "little") == 0b01, source  # hash-based, the source unchecked
    # Python 3.12 loads the bytecode without reading the source: a source replaced is never seen.
    (out / "puzzlebook" / "names.py").write_text("this is not Python\n", encoding="utf-8")
    probe = ("import os, sys; sys.path.insert(0, os.getcwd()); import puzzlebook.names as n; "
             "print(n.check_name(' Ada '))")
    ran = subprocess.run([lambda_python(), "-I", "-B", "-c", probe], cwd=out, capture_output=True, text=True,
                         check=False, timeout=60)
    assert ran.returncode == 0 and ran.stdout.strip() == "Ada", ran.stderr


def test_compiling_a_folder_that_isnt_there_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                    ) -> None:
    assert build.main(["deploy", "--compile-lambda", str(tmp_path / "nowhere")]) == 2
    assert "is not a folder: stage or build the functions first" in capsys.readouterr().err
