"""The GitHub workflows: tests on every pull request; on every push to main the
tests, then the stack, the site and a health check, through an OIDC role with no
keys in the repository."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
WORKFLOWS = ROOT / ".github" / "workflows"


def _load(name: str) -> dict[str, Any]:
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    # YAML 1.1 reads the key `on` as True
    data["on"] = data.pop(True, data.get("on"))
    return data


def _runs(job: dict[str, Any]) -> list[str]:
    return [step.get("run", "") for step in job["steps"]]


def _uses(job: dict[str, Any]) -> list[str]:
    return [step.get("uses", "") for step in job["steps"]]


def _index(lines: list[str], pattern: str) -> int:
    for i, line in enumerate(lines):
        if re.search(pattern, line):
            return i
    raise AssertionError(f"no step runs {pattern!r}")


@pytest.fixture(scope="module")
def deploy() -> dict[str, Any]:
    return _load("deploy.yml")


@pytest.fixture(scope="module")
def test_workflow() -> dict[str, Any]:
    return _load("test.yml")


@pytest.mark.parametrize("name", ["deploy.yml", "test.yml"])
def test_no_keys_or_secrets_in_the_workflows(name: str) -> None:
    text = (WORKFLOWS / name).read_text(encoding="utf-8")
    assert "secrets." not in text
    assert not re.search(r"aws-(access-key-id|secret-access-key|session-token)", text)
    assert not re.search(r"AKIA[0-9A-Z]{16}", text)  # an access key id pasted in


def test_deploy_runs_on_every_push_to_main(deploy: dict[str, Any]) -> None:
    assert deploy["on"]["push"]["branches"] == ["main"]
    assert deploy["concurrency"]["cancel-in-progress"] is False


def test_deploy_assumes_a_role_through_oidc(deploy: dict[str, Any]) -> None:
    assert deploy["permissions"] == {"contents": "read"}  # the default for every job
    job = deploy["jobs"]["deploy"]
    assert job["permissions"]["id-token"] == "write"
    creds = next(s for s in job["steps"]
                 if s.get("uses", "").startswith("aws-actions/configure-aws-credentials@"))
    assert creds["with"]["role-to-assume"] == "${{ vars.AWS_DEPLOY_ROLE_ARN }}"


def test_the_tests_pass_before_anything_is_deployed(deploy: dict[str, Any],
                                                    test_workflow: dict[str, Any]) -> None:
    assert deploy["jobs"]["test"]["uses"] == "./.github/workflows/test.yml"
    assert deploy["jobs"]["deploy"]["needs"] == "test"
    assert "workflow_call" in test_workflow["on"]
    runs = _runs(test_workflow["jobs"]["test"])
    assert _index(runs, r"^make test$") < _index(runs, r"^make build$")
    assert any("chromium" in r for r in runs)


def test_deploy_order_stack_then_site_then_checks(deploy: dict[str, Any]) -> None:
    job = deploy["jobs"]["deploy"]
    runs = _runs(job)
    uses = _uses(job)
    creds = next(i for i, u in enumerate(uses) if u.startswith("aws-actions/configure-aws-credentials@"))
    order = [
        _index(runs, r"build\.py deploy --package-lambda"),
        _index(runs, r"sam build"),
        _index(runs, r"build\.py deploy --compile-lambda infra/\.aws-sam/build"),
        _index(runs, r"sam deploy"),
        _index(runs, r"build\.py build"),
        _index(runs, r"build\.py deploy --dist"),
        _index(runs, r"aws lambda invoke"),
        _index(runs, r"/api/health"),
    ]
    assert order == sorted(order)
    assert creds < order[0]
    # the published version the schedule calls (SnapStart), not $LATEST
    assert "--qualifier live" in runs[order[6]]
    publish = runs[order[5]]
    assert '--bucket "$BucketName"' in publish and '--distribution "$DistributionId"' in publish
    # the production build reads the kept dailies and picks with the real key, masked in the log
    build = runs[order[4]]
    assert "PUZZLEBOOK_STORE=\"dynamodb://$TableName\"" in build and "::add-mask::" in build
    assert any(u.startswith("actions/setup-node@") for u in uses)
    python = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/setup-python@"))
    assert "3.11" in python["with"]["python-version"] and "3.12" in python["with"]["python-version"]


def test_pull_requests_only_test(test_workflow: dict[str, Any]) -> None:
    assert "pull_request" in test_workflow["on"]
    assert test_workflow["permissions"] == {"contents": "read"}
    text = (WORKFLOWS / "test.yml").read_text(encoding="utf-8")
    assert "id-token" not in text
    for word in ("sam deploy", "build.py deploy", "configure-aws-credentials", "aws "):
        assert word not in text
    steps = test_workflow["jobs"]["test"]["steps"]
    node = next(s for s in steps if s.get("uses", "").startswith("actions/setup-node@"))
    assert node["with"]["node-version"] == 20
    job = test_workflow["jobs"]["test"]
    # every Python the project runs on: 3.11 here, 3.12 on Lambda
    assert job["strategy"]["matrix"]["python"] == ["3.11", "3.12"]
    assert job["container"] == "python:${{ matrix.python }}-bookworm"
    assert job["env"]["PUZZLEBOOK_REQUIRE_BROWSER"] == "1"
