"""The Lambda package `sam build` takes (`build.py deploy --package-lambda`): the
code, the bundle and pinned requirements, and it runs as Lambda would run it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

import build
from ops import deploy

ROOT = Path(__file__).resolve().parent.parent

def test_the_lambda_package_holds_the_code_the_bundle_and_pinned_requirements(tmp_path: Path) -> None:
    out = tmp_path / "lambda"
    assert build.main(["deploy", "--package-lambda", str(out)]) == 0
    assert (out / "puzzlebook" / "__init__.py").is_file()
    assert (out / "functions" / "__init__.py").is_file()
    assert (out / "shards" / "index.json").is_file()
    assert not list(out.rglob("__pycache__"))
    assert not (out / "tests").exists() and not (out / "sitebuild").exists()
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    wanted = project["dependencies"] + project["optional-dependencies"]["aws"]
    requirements = (out / "requirements.txt").read_text(encoding="utf-8").split()
    assert requirements == wanted
    assert any(r.startswith("mangum==") for r in requirements)
    assert build.main(["deploy", "--package-lambda", str(out)]) == 0  # staging again replaces it


def test_the_lambda_package_never_wipes_a_folder_it_did_not_make(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    precious = tmp_path / "precious"
    precious.mkdir()
    (precious / "notes.txt").write_text("keep me", encoding="utf-8")
    assert build.main(["deploy", "--package-lambda", str(precious)]) == 2
    assert "not staged by this command" in capsys.readouterr().err
    assert (precious / "notes.txt").read_text(encoding="utf-8") == "keep me"


def test_unpinned_runtime_dependencies_are_refused(tmp_path: Path) -> None:
    pyproject = tmp_path / "pyproject.toml"
    pyproject.write_text('[project]\nname = "puzzlebook"\ndependencies = ["chess>=1.0", "Jinja2==3.1.6"]\n'
                         '[project.optional-dependencies]\naws = ["mangum==0.22.0"]\n', encoding="utf-8")
    with pytest.raises(deploy.DeployError, match=r"pin every run-time dependency with ==, not chess>=1\.0"):
        deploy.lambda_requirements(pyproject)


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
import json, sys
import functions, functions.handler as lam
assert functions.__file__.startswith(sys.argv[1]), functions.__file__  # the staged copy, not the repo
event = json.loads(sys.argv[2])
before = lam.handler(event, None)
lam.nightly({}, None)
after = lam.handler(event, None)
result = {"before": before["statusCode"], "after": after["statusCode"], "body": json.loads(after["body"])}
print(json.dumps(result))
"""


def test_the_staged_package_serves_the_api_and_runs_the_nightly(tmp_path: Path) -> None:
    """Only the staged folder on the path (plus the installed packages): the entry
    points named in the template answer an HTTP API event, and the nightly fill
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
