"""`python build.py deploy`: the dry run over a temp dist/, and the real sync to
an S3 bucket (moto) with its CloudFront invalidation."""

from __future__ import annotations

import subprocess
import sys
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import boto3
import pytest
from moto import mock_aws

import build
from ops import deploy
from ops.cache import cache_control, content_type

ROOT = Path(__file__).resolve().parent.parent
BUCKET = "puzzlebook-site-test"

SITE = {
    "index.html": "<!doctype html><title>Puzzle Book</title>",
    "about/index.html": "<!doctype html><title>About</title>",
    "404.html": "<!doctype html><title>Not here</title>",
    "sw.js": "self.addEventListener('fetch', () => {});",
    "manifest.webmanifest": '{"name": "Puzzle Book"}',
    "static/0123456789/js/app.js": "export const x = 1;",
    "static/0123456789/css/site.css": "body { margin: 0 }",
    "shards/index.json": '{"version": 1, "files": {"Easy": ["Easy/0.aaaaaaaaaaaa.json"]}}',
    "shards/Easy/0.aaaaaaaaaaaa.json": '[["00008", "fen", "e2e4 e7e5", 1200, "fork"]]',
    "daily/index.json": '{"chess": ["2026-11-29"], "chain": ["2026-11-29"]}',
    "daily/chess/2026-11-29.json": '{"date": "2026-11-29", "bundle": 1, "dailies": []}',
    ".DS_Store": "not for the site",
    ".build/daily": '{"key": "the build keeps what it made for the next build: not for the site"}',
}


def _write(dist: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        path = dist / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")


@pytest.fixture
def dist(tmp_path: Path) -> Path:
    out = tmp_path / "dist"
    _write(out, SITE)
    return out


@pytest.fixture
def aws(monkeypatch: pytest.MonkeyPatch) -> Any:
    """moto's S3 and CloudFront, with a bucket and a distribution; never the real AWS."""
    for name, value in {"AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
                        "AWS_SESSION_TOKEN": "testing", "AWS_DEFAULT_REGION": "us-east-1"}.items():
        monkeypatch.setenv(name, value)
    monkeypatch.delenv("AWS_PROFILE", raising=False)
    with mock_aws():
        s3 = boto3.client("s3")
        s3.create_bucket(Bucket=BUCKET)
        cloudfront = boto3.client("cloudfront")
        answer = cloudfront.create_distribution(DistributionConfig={
            "CallerReference": "test", "Comment": "test", "Enabled": True,
            "Origins": {"Quantity": 1, "Items": [{"Id": "site", "DomainName": f"{BUCKET}.s3.amazonaws.com",
                                                  "S3OriginConfig": {"OriginAccessIdentity": ""}}]},
            "DefaultCacheBehavior": {"TargetOriginId": "site", "ViewerProtocolPolicy": "redirect-to-https",
                                     "CachePolicyId": "658327ea-f89d-4fab-a63d-7e88639e58f6"},
        })
        yield s3, cloudfront, answer["Distribution"]["Id"]


def _objects(s3: Any) -> dict[str, dict[str, Any]]:
    keys = [o["Key"] for o in s3.list_objects_v2(Bucket=BUCKET).get("Contents", [])]
    return {k: s3.head_object(Bucket=BUCKET, Key=k) for k in keys}


def _sync(s3: Any, dist: Path, cloudfront: Any = None, distribution: str | None = None,
          **kwargs: Any) -> deploy.SyncReport:
    return deploy.sync(s3, BUCKET, dist, cloudfront=cloudfront, distribution=distribution,
                       log=lambda line: None, **kwargs)


# ------------------------------------------------------------------ dry run


def test_dry_run_prints_every_file_with_its_headers(dist: Path) -> None:
    done = subprocess.run([sys.executable, "build.py", "deploy", "--dry-run", "--dist", str(dist)],
                          cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    listed = {line.split()[1]: line for line in lines if line.startswith("upload ")}
    site_files = {k for k in SITE if not k.startswith(".")}
    assert set(listed) == site_files  # hidden files stay home
    for key, line in listed.items():
        assert line.rstrip().endswith(cache_control(key)), line
        assert f"  {content_type(key)}" in line, line
    size = sum(len(SITE[k].encode()) for k in site_files) / 1000
    assert lines[-1] == (f"dry run: {len(site_files)} files ({size:.1f} KB) from {dist} would be uploaded; "
                         "nothing was sent.")
    # hashed files are listed first, pages and index files last
    order = [line.split()[1] for line in lines if line.startswith("upload ")]
    assert order.index("static/0123456789/js/app.js") < order.index("index.html")
    assert order.index("shards/Easy/0.aaaaaaaaaaaa.json") < order.index("shards/index.json")


def test_dry_run_without_a_built_site_says_so(tmp_path: Path) -> None:
    command = [sys.executable, "build.py", "deploy", "--dry-run", "--dist", str(tmp_path / "nope")]
    done = subprocess.run(command, cwd=ROOT, capture_output=True, text=True, check=False)
    assert done.returncode == 2
    assert "does not exist: build the site first" in done.stderr


def test_a_real_deploy_needs_a_bucket(dist: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert build.main(["deploy", "--dist", str(dist)]) == 2
    assert "give --bucket" in capsys.readouterr().err


def test_dry_run_against_a_bucket_sends_nothing(dist: Path, aws: Any,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    s3, _, _ = aws
    s3.put_object(Bucket=BUCKET, Key="old/index.html", Body=b"gone")
    assert build.main(["deploy", "--dry-run", "--dist", str(dist), "--bucket", BUCKET]) == 0
    out = capsys.readouterr().out
    assert "stale   old/index.html" in out
    assert "11 to upload" in out
    assert set(_objects(s3)) == {"old/index.html"}


# --------------------------------------------------------------- real sync


def test_first_deploy_uploads_everything_with_its_headers(dist: Path, aws: Any) -> None:
    s3, _, _ = aws
    sent: list[str] = []
    s3.meta.events.register("before-parameter-build.s3.PutObject",
                            lambda params, **_: sent.append(params["Key"]))
    report = _sync(s3, dist)
    objects = _objects(s3)
    assert set(objects) == {k for k in SITE if not k.startswith(".")}
    for key, head in objects.items():
        assert head["CacheControl"] == cache_control(key)
        assert head["ContentType"] == content_type(key)
        assert s3.get_object(Bucket=BUCKET, Key=key)["Body"].read() == SITE[key].encode()
    assert sorted(report.uploaded) == sorted(objects)
    # nothing new points at a file that isn't there yet
    assert sent.index("static/0123456789/js/app.js") < sent.index("index.html")
    assert sent.index("shards/Easy/0.aaaaaaaaaaaa.json") < sent.index("shards/index.json")
    assert sent[-1] in {"index.html", "about/index.html", "404.html", "sw.js", "manifest.webmanifest",
                        "shards/index.json", "daily/index.json"}


def test_a_second_deploy_with_nothing_changed_sends_nothing(dist: Path, aws: Any) -> None:
    s3, cloudfront, distribution = aws
    _sync(s3, dist)
    report = _sync(s3, dist, cloudfront, distribution)
    assert report.uploaded == [] and report.deleted == []
    assert report.unchanged == 9 and report.nightly_kept == 2
    assert report.invalidation_id is None


def test_a_changed_page_is_uploaded_and_invalidated(dist: Path, aws: Any) -> None:
    s3, cloudfront, distribution = aws
    _sync(s3, dist)
    (dist / "about" / "index.html").write_text("<!doctype html><title>About us</title>", encoding="utf-8")
    (dist / "static" / "0123456789").rename(dist / "static" / "abcdef0123")  # a new asset folder
    report = _sync(s3, dist, cloudfront, distribution)
    assert sorted(report.uploaded) == ["about/index.html", "static/abcdef0123/css/site.css",
                                       "static/abcdef0123/js/app.js"]
    assert report.invalidated == ["/about/", "/about/index.html"]  # hashed files need no invalidation
    batch = cloudfront.get_invalidation(DistributionId=distribution, Id=report.invalidation_id)
    assert sorted(batch["Invalidation"]["InvalidationBatch"]["Paths"]["Items"]) == report.invalidated
    page = s3.get_object(Bucket=BUCKET, Key="about/index.html")["Body"].read()
    assert page == b"<!doctype html><title>About us</title>"


def test_stale_pages_go_after_the_uploads_and_are_invalidated(dist: Path, aws: Any) -> None:
    s3, cloudfront, distribution = aws
    _sync(s3, dist)
    calls: list[str] = []
    s3.meta.events.register("before-call.s3.*", lambda model, **_: calls.append(model.name))
    (dist / "about" / "index.html").unlink()
    (dist / "index.html").write_text("<!doctype html><title>Puzzle Book!</title>", encoding="utf-8")
    report = _sync(s3, dist, cloudfront, distribution)
    assert report.deleted == ["about/index.html"]
    assert "about/index.html" not in _objects(s3)
    assert calls.index("PutObject") < calls.index("DeleteObject")
    assert set(report.invalidated) == {"/", "/index.html", "/about/", "/about/index.html"}


def test_a_stale_hashed_file_is_kept_for_the_grace_period(dist: Path, aws: Any) -> None:
    """A player who loaded the old shards/index.json a moment ago still finds the old shard."""
    s3, _, _ = aws
    day = date(2026, 11, 30)
    _sync(s3, dist, today=day)
    old = "shards/Easy/0.aaaaaaaaaaaa.json"
    (dist / old).rename(dist / "shards/Easy/0.bbbbbbbbbbbb.json")
    report = _sync(s3, dist, today=day, grace_days=7)
    assert report.retired == [old] and report.deleted == []
    tags = s3.get_object_tagging(Bucket=BUCKET, Key=old)["TagSet"]
    assert tags == [{"Key": "stale-since", "Value": "2026-11-30"}]
    assert _sync(s3, dist, today=day + timedelta(days=6), grace_days=7).waiting == [old]
    assert old in _objects(s3)
    assert _sync(s3, dist, today=day + timedelta(days=7), grace_days=7).deleted == [old]
    assert old not in _objects(s3)


def test_a_file_that_comes_back_loses_its_stale_mark(dist: Path, aws: Any) -> None:
    s3, _, _ = aws
    key = "static/0123456789/js/app.js"
    _sync(s3, dist, today=date(2026, 11, 1))
    moved = (dist / key).read_bytes()
    (dist / key).unlink()
    _sync(s3, dist, today=date(2026, 11, 1))  # retired
    (dist / key).write_bytes(moved)
    report = _sync(s3, dist, today=date(2026, 11, 20))
    assert report.deleted == [] and key in _objects(s3)


def test_daily_files_belong_to_the_nightly(dist: Path, aws: Any) -> None:
    s3, _, _ = aws
    nightly = b'{"date": "2026-11-29", "bundle": 1, "dailies": [{"band": "Easy"}]}'
    s3.put_object(Bucket=BUCKET, Key="daily/chess/2026-11-29.json", Body=nightly)
    s3.put_object(Bucket=BUCKET, Key="daily/chess/2026-11-30.json", Body=b"{}")  # tomorrow, not in dist/
    report = _sync(s3, dist)
    assert s3.get_object(Bucket=BUCKET, Key="daily/chess/2026-11-29.json")["Body"].read() == nightly
    assert "daily/chess/2026-11-30.json" in _objects(s3)  # never deleted by a deploy
    assert "daily/index.json" in report.uploaded  # missing, so the deploy publishes it
    assert report.nightly_kept == 1
    forced = _sync(s3, dist, force=True)
    assert "daily/chess/2026-11-29.json" in forced.uploaded
    assert s3.get_object(Bucket=BUCKET, Key="daily/chess/2026-11-29.json")["Body"].read() == SITE[
        "daily/chess/2026-11-29.json"].encode()


def test_snapshots_belong_to_the_snapshot_function(dist: Path, aws: Any) -> None:
    """A deploy never uploads, replaces or deletes a board's snapshot, --force or not: the bucket's are
    the snapshot function's (service/boards/), and a local dist/ may hold `make serve`'s."""
    s3, cloudfront, distribution = aws
    live = b'{"board": "storm/best", "rows": [{"place": 1, "name": "Ada"}]}'
    s3.put_object(Bucket=BUCKET, Key="snapshots/storm/best.json", Body=live)
    s3.put_object(Bucket=BUCKET, Key="snapshots/ratings/chess.json", Body=b"{}")  # not in dist/
    _write(dist, {"snapshots/storm/best.json": '{"board": "storm/best", "rows": []}',
                  "snapshots/chess/alltime.json": '{"rows": []}'})
    for force in (False, True):
        report = _sync(s3, dist, cloudfront, distribution, force=force)
        touched = report.uploaded + report.deleted + report.retired
        assert not [k for k in touched if k.startswith("snapshots/")]
        assert s3.get_object(Bucket=BUCKET, Key="snapshots/storm/best.json")["Body"].read() == live
        assert "snapshots/ratings/chess.json" in _objects(s3)
        assert "snapshots/chess/alltime.json" not in _objects(s3)
        assert not [p for p in report.invalidated if p.startswith("/snapshots/")]
    assert not [f for f in deploy.scan(dist) if f.key.startswith("snapshots/")]


def test_the_command_line_deploys_and_invalidates(dist: Path, aws: Any,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    _, cloudfront, distribution = aws
    command = ["deploy", "--dist", str(dist), "--bucket", BUCKET, "--distribution", distribution]
    assert build.main(command) == 0
    out = capsys.readouterr().out
    assert f"deployed {dist} to {BUCKET}: 11 uploaded, 0 unchanged" in out
    assert "invalidation" in out
    assert len(cloudfront.list_invalidations(DistributionId=distribution)["InvalidationList"]["Items"]) == 1


def test_aws_refusing_is_a_clear_error(dist: Path, aws: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert build.main(["deploy", "--dist", str(dist), "--bucket", "no-such-bucket-here"]) == 1
    err = capsys.readouterr().err
    assert "AWS refused" in err and "NoSuchBucket" in err


def test_many_changed_pages_invalidate_everything_at_once() -> None:
    keys = [f"p{i}/index.html" for i in range(40)]
    assert deploy.invalidation_paths(keys) == ["/*"]
    assert deploy.invalidation_paths(["static/0123456789/js/app.js"]) == []
    paths = deploy.invalidation_paths(["daily/index.json", "index.html"])
    assert paths == ["/", "/daily/index.json", "/index.html"]


def test_the_builds_compressed_copies_stay_home(tmp_path: Path, aws: Any) -> None:
    """S3 can't pick x.br or x.gz by Accept-Encoding; CloudFront compresses on its own (Compress: true)."""
    from sitebuild.output import Output

    dist = tmp_path / "dist"
    out = Output(dist)
    for rel, text in SITE.items():
        if not rel.startswith("."):
            out.write(rel, text)
    out.write("static/0123456789/js/game.js.br.txt", "a text file whose name only looks like a copy")
    assert (dist / "index.html.br").is_file() and (dist / "static/0123456789/js/app.js.gz").is_file()
    s3, _, _ = aws
    report = _sync(s3, dist)
    uploaded = set(_objects(s3))
    assert uploaded == {k for k in SITE if not k.startswith(".")} | {"static/0123456789/js/game.js.br.txt"}
    assert sorted(report.uploaded) == sorted(uploaded)
