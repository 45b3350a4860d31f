"""Publishing the built site: dist/ to the S3 bucket, then a CloudFront invalidation.

The order keeps every page working while a deploy runs and after it:

1. Upload new and changed files, content-hashed ones first and pages, index
   files and the service worker last, so nothing new points at a file that
   isn't there yet. Each object gets its Cache-Control and Content-Type from
   ops/cache.py. A file whose bytes the bucket already has is skipped
   (compared by MD5, S3's ETag for a single-part upload).
2. Delete stale files (in the bucket, not in dist/) only after the uploads. A
   stale content-hashed file is kept for a grace period first: a player who
   loaded the old index.json or an old page moments ago still finds what it
   points at. It is tagged `stale-since` on the first deploy that drops it and
   deleted by the first deploy after the grace period.
3. Invalidate the changed non-immutable paths at CloudFront (pages, index files,
   the service worker); content-hashed paths never need it.

daily/ belongs to the nightly function in production: a deploy uploads a daily
file only when the bucket lacks it (the first deploy publishes the history),
and never replaces or deletes one (--force replaces them too).

snapshots/ belongs to the snapshot function (the boards' snapshots, service/boards/):
a deploy never uploads, replaces or deletes anything there, --force or not (a local
dist/ may hold `make serve`'s snapshots of a local store).

The build's compressed copies (x.br, x.gz) stay home: S3 can't choose between
them by Accept-Encoding, and CloudFront compresses every text file itself
(`Compress: true` on every behaviour, Brotli and gzip in every cache key; a test
of infra/template.yaml keeps it so).

boto3 is imported by the callers, not here: the clients are passed in.
"""

from __future__ import annotations

import base64
import hashlib
import re
import shutil
import tomllib
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ops.cache import cache_rule, content_type
from sitebuild.compress import is_copy

NIGHTLY_PREFIX = "daily/"
SNAPSHOTS_PREFIX = "snapshots/"
STALE_TAG = "stale-since"
DEFAULT_GRACE_DAYS = 7
# Above this many paths one "/*" is cheaper (CloudFront bills per path past
# 1,000 a month) and just as quick.
MAX_INVALIDATION_PATHS = 50

ROOT = Path(__file__).resolve().parent.parent
# The Lambda package: the folders the functions import at run time, copied as they
# sit in the repo so relative paths (the bundle at <root>/shards) work the same on
# Lambda. When the functions' imports move (issue 13), change these two lists.
LAMBDA_SOURCES = ("puzzlebook", "service", "functions", "shards")
# The gettext domains the functions speak, compiled into the package's locale/ (ops/messages.py).
LAMBDA_CATALOGS = ("api",)
# Inside those, what the functions never import: the bundle maker.
LAMBDA_LEFT_OUT = ("puzzlebook/chess/bundle",)
# Its packages, hashed, resolved for Lambda's Linux arm64 and Python 3.12 (`make lock`).
LAMBDA_LOCK = Path("requirements") / "lambda.lock"
# The pyproject.toml extras the package's packages come from, and those that must stay out.
LAMBDA_EXTRAS = ("aws",)
NOT_LAMBDA_EXTRAS = ("build", "serve")
LAMBDA_MARKER = ".puzzlebook-lambda"
# What the Lambda Python runtime itself provides, imported by the functions only where it exists:
# SnapStart's runtime hooks (functions/handler.py).
LAMBDA_RUNTIME_MODULES = ("snapshot_restore_py",)


class DeployError(Exception):
    """A deploy can't go ahead; the message says why and what to do."""


@dataclass(frozen=True)
class LocalFile:
    """One file of dist/ as it will be stored."""

    key: str  # slash-separated path under dist/, the S3 key
    path: Path
    size: int
    md5: str  # hex digest
    cache_control: str
    content_type: str
    rule: str  # the cache class: immutable, short, no-cache, page

    @property
    def immutable(self) -> bool:
        return self.rule == "immutable"


@dataclass
class SyncPlan:
    """What a sync does, worked out before anything is sent."""

    upload: list[LocalFile] = field(default_factory=list)
    unchanged: list[LocalFile] = field(default_factory=list)
    nightly_kept: list[LocalFile] = field(default_factory=list)  # daily files the bucket already has
    stale: list[str] = field(default_factory=list)  # keys in the bucket that dist/ no longer has


@dataclass
class SyncReport:
    """What a sync did."""

    uploaded: list[str] = field(default_factory=list)
    unchanged: int = 0
    nightly_kept: int = 0
    deleted: list[str] = field(default_factory=list)
    retired: list[str] = field(default_factory=list)  # stale, tagged, kept for the grace period
    waiting: list[str] = field(default_factory=list)  # stale, tagged earlier, still in the grace period
    invalidation_id: str | None = None
    invalidated: list[str] = field(default_factory=list)


def _upload_order(f: LocalFile) -> tuple[int, str]:
    name = f.key.rsplit("/", 1)[-1]
    if f.immutable:
        rank = 0
    elif f.rule == "no-cache" or name == "index.json" or name.endswith((".html", ".webmanifest")):
        rank = 2  # entry points: they name the other files, so they go last
    else:
        rank = 1
    return rank, f.key


def scan(dist: Path) -> list[LocalFile]:
    """Every file of `dist` with its key, checksum and headers, in upload order.

    Hidden files (any path part starting with "."), the build's compressed
    copies (x.br, x.gz: CloudFront compresses on its own) and the boards'
    snapshots (snapshots/: the snapshot function's) are left out. Raises
    DeployError when `dist` is missing or holds no files.
    """
    dist = Path(dist)
    if not dist.is_dir():
        raise DeployError(f"{dist} does not exist: build the site first (python build.py build --out {dist})")
    files = []
    for path in sorted(dist.rglob("*")):
        if not path.is_file():
            continue
        rel = path.relative_to(dist)
        if any(part.startswith(".") for part in rel.parts) or is_copy(rel.as_posix()):
            continue
        if rel.as_posix().startswith(SNAPSHOTS_PREFIX):
            continue
        key = rel.as_posix()
        data = path.read_bytes()
        rule = cache_rule(key)
        files.append(
            LocalFile(
                key=key, path=path, size=len(data), md5=hashlib.md5(data).hexdigest(),
                cache_control=rule.cache_control, content_type=content_type(key), rule=rule.name,
            )
        )
    if not files:
        raise DeployError(f"{dist} has no files: build the site first (python build.py build --out {dist})")
    return sorted(files, key=_upload_order)


def plan_sync(files: list[LocalFile], remote: dict[str, str], *, force: bool = False) -> SyncPlan:
    """Compare the local files with the bucket's objects (key -> ETag) and say what to do.

    A file is uploaded when the bucket lacks it or holds other bytes (or always,
    with `force`); a daily file the bucket already has is the nightly's and is
    left alone unless `force`. Stale keys are the bucket's keys outside daily/
    that dist/ lacks. Nothing under snapshots/ is ever uploaded or stale.
    """
    plan = SyncPlan()
    for f in files:
        if f.key.startswith(SNAPSHOTS_PREFIX):
            continue
        etag = remote.get(f.key)
        if force or etag is None:
            plan.upload.append(f)
        elif f.key.startswith(NIGHTLY_PREFIX):
            plan.nightly_kept.append(f)
        elif etag.strip('"') == f.md5:
            plan.unchanged.append(f)
        else:
            plan.upload.append(f)
    local = {f.key for f in files}
    kept = (NIGHTLY_PREFIX, SNAPSHOTS_PREFIX)
    plan.stale = sorted(k for k in remote if k not in local and not k.startswith(kept))
    return plan


def invalidation_paths(keys: Iterable[str]) -> list[str]:
    """The CloudFront paths to invalidate for these changed keys (immutable ones need none).

    A folder's index.html is also invalidated as the folder URL ("/about/" for
    about/index.html). Past MAX_INVALIDATION_PATHS paths, everything ("/*").
    """
    paths: set[str] = set()
    for key in keys:
        if cache_rule(key).name == "immutable":
            continue
        paths.add("/" + key)
        if key == "index.html" or key.endswith("/index.html"):
            paths.add("/" + key[: -len("index.html")])
    if len(paths) > MAX_INVALIDATION_PATHS:
        return ["/*"]
    return sorted(quote(p, safe="/~-._*") for p in paths)


def list_remote(s3: Any, bucket: str) -> dict[str, str]:
    """Every object in `bucket`: key -> ETag."""
    remote: dict[str, str] = {}
    for page in s3.get_paginator("list_objects_v2").paginate(Bucket=bucket):
        for obj in page.get("Contents", []):
            remote[obj["Key"]] = obj["ETag"]
    return remote


def _put(s3: Any, bucket: str, f: LocalFile) -> None:
    data = f.path.read_bytes()
    if hashlib.md5(data).hexdigest() != f.md5:
        raise DeployError(f"{f.path} changed while deploying; run the deploy again")
    s3.put_object(
        Bucket=bucket, Key=f.key, Body=data, CacheControl=f.cache_control, ContentType=f.content_type,
        ContentMD5=base64.b64encode(bytes.fromhex(f.md5)).decode("ascii"),
    )


def _stale_since(s3: Any, bucket: str, key: str) -> date | None:
    tags = s3.get_object_tagging(Bucket=bucket, Key=key).get("TagSet", [])
    for tag in tags:
        if tag.get("Key") == STALE_TAG:
            try:
                return date.fromisoformat(tag.get("Value", ""))
            except ValueError:
                return None
    return None


def sync(
    s3: Any,
    bucket: str,
    dist: Path,
    *,
    cloudfront: Any = None,
    distribution: str | None = None,
    force: bool = False,
    grace_days: int = DEFAULT_GRACE_DAYS,
    today: date | None = None,
    log: Callable[[str], None] = print,
) -> SyncReport:
    """Make `bucket` hold `dist` (module docstring: order, daily/, grace period).

    `s3` and `cloudfront` are boto3 clients; without `cloudfront` and
    `distribution` nothing is invalidated. Raises DeployError for a missing or
    empty dist/ before anything is sent.
    """
    if grace_days < 0:
        raise DeployError(f"--grace-days must be 0 or more, not {grace_days}")
    files = scan(dist)
    today = today or datetime.now(UTC).date()
    plan = plan_sync(files, list_remote(s3, bucket), force=force)
    report = SyncReport(unchanged=len(plan.unchanged), nightly_kept=len(plan.nightly_kept))

    for f in plan.upload:
        _put(s3, bucket, f)
        report.uploaded.append(f.key)
        log(f"uploaded  {f.key}")

    for key in plan.stale:
        if cache_rule(key).name != "immutable":
            s3.delete_object(Bucket=bucket, Key=key)
            report.deleted.append(key)
            log(f"deleted   {key}")
            continue
        since = _stale_since(s3, bucket, key)
        if since is None:
            s3.put_object_tagging(
                Bucket=bucket, Key=key, Tagging={"TagSet": [{"Key": STALE_TAG, "Value": today.isoformat()}]}
            )
            report.retired.append(key)
            log(f"retired   {key} (deleted after {grace_days} days)")
        elif today - since >= timedelta(days=grace_days):
            s3.delete_object(Bucket=bucket, Key=key)
            report.deleted.append(key)
            log(f"deleted   {key} (stale since {since})")
        else:
            report.waiting.append(key)

    changed = [k for k in report.uploaded + report.deleted if cache_rule(k).name != "immutable"]
    paths = invalidation_paths(changed)
    if paths and cloudfront is not None and distribution:
        digest = hashlib.sha256(" ".join(paths).encode()).hexdigest()[:8]
        reference = f"puzzlebook-{datetime.now(UTC):%Y%m%dT%H%M%S%f}-{digest}"
        batch = {"Paths": {"Quantity": len(paths), "Items": paths}, "CallerReference": reference}
        answer = cloudfront.create_invalidation(DistributionId=distribution, InvalidationBatch=batch)
        report.invalidation_id = answer["Invalidation"]["Id"]
        report.invalidated = paths
        log(f"invalidation {report.invalidation_id}: {', '.join(paths)}")
    return report


def describe(files: list[LocalFile]) -> list[str]:
    """One line per file: key, Content-Type, Cache-Control, aligned for reading."""
    width = max((len(f.key) for f in files), default=0)
    type_width = max((len(f.content_type) for f in files), default=0)
    return [f"{f.key:<{width}}  {f.content_type:<{type_width}}  {f.cache_control}" for f in files]


# ------------------------------------------------------------ the Lambda code


def _name(requirement: str) -> str:
    """A requirement's distribution name, normalised (PEP 503): `PyYAML==6.0` -> `pyyaml`."""
    name = re.split(r"[\s\[;=<>!~@]", requirement.strip(), maxsplit=1)[0]
    return re.sub(r"[-_.]+", "-", name).lower()


def read_lock(text: str) -> dict[str, tuple[str, list[str]]]:
    """A hashed requirements file (uv pip compile / pip-compile --generate-hashes):
    name -> (version, hashes). Raises DeployError for a requirement that is not
    pinned with == or has no hash."""
    locked: dict[str, tuple[str, list[str]]] = {}
    logical = re.sub(r"\\\n", " ", text)  # join the backslash-continued lines
    for line in logical.splitlines():
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        words = line.split()
        requirement = words[0].split(";", 1)[0]
        hashes = [w.removeprefix("--hash=") for w in words[1:] if w.startswith("--hash=")]
        if "==" not in requirement:
            raise DeployError(f"the lock pins {requirement!r} without ==: run `make lock`")
        if not hashes:
            raise DeployError(f"the lock has no hash for {requirement}: run `make lock`")
        locked[_name(requirement)] = (requirement.split("==", 1)[1], hashes)
    return locked


def lambda_requirements(root: Path = ROOT) -> str:
    """The functions' requirements.txt: the Lambda lock as it is, after checking it
    against pyproject.toml. Raises DeployError when the lock is missing, not hashed,
    older than a pin in pyproject.toml (the core and LAMBDA_EXTRAS), or holds a
    package of NOT_LAMBDA_EXTRAS."""
    lock = Path(root) / LAMBDA_LOCK
    if not lock.is_file():
        raise DeployError(f"{lock} is missing: run `make lock`")
    text = lock.read_text(encoding="utf-8")
    locked = read_lock(text)
    project = tomllib.loads((Path(root) / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    extras = project.get("optional-dependencies", {})
    itself = _name(project["name"])
    wanted = list(project.get("dependencies", []))
    for extra in LAMBDA_EXTRAS:
        wanted += extras.get(extra, [])
    for requirement in wanted:
        name = _name(requirement)
        if name == itself:
            continue
        pin = requirement.split(";", 1)[0].split("==", 1)[1].strip() if "==" in requirement else None
        if pin is None:
            raise DeployError(f"pyproject.toml: pin every run-time dependency with ==, not {requirement}")
        if name not in locked or locked[name][0] != pin:
            have = f"has {locked[name][0]}" if name in locked else "lacks it"
            raise DeployError(f"{LAMBDA_LOCK.as_posix()} is out of date: pyproject.toml pins "
                              f"{requirement}, the lock {have}; run `make lock`")
    for extra in NOT_LAMBDA_EXTRAS:
        for requirement in extras.get(extra, []):
            if _name(requirement) in locked:
                raise DeployError(f"{LAMBDA_LOCK.as_posix()} holds {_name(requirement)}, which only the "
                                  f"{extra!r} extra needs: the functions must not ship it; run `make lock`")
    return text


def package_lambda(out: Path, root: Path = ROOT) -> list[str]:
    """Stage the functions' code in `out` for `sam build` (CodeUri in infra/template.yaml).

    Copies LAMBDA_SOURCES without LAMBDA_LEFT_OUT (and no __pycache__) and writes
    requirements.txt from the Lambda lock (lambda_requirements); returns the
    relative paths written. `out` is emptied first, but only when it is empty or
    was staged here before (it holds the marker file), so a wrong path never
    wipes someone's folder.
    """
    out = Path(out)
    requirements = lambda_requirements(root)  # before anything is touched
    if out.exists():
        if not out.is_dir():
            raise DeployError(f"{out} is a file; give a folder for the Lambda package")
        if any(out.iterdir()) and not (out / LAMBDA_MARKER).is_file():
            raise DeployError(
                f"{out} is not empty and was not staged by this command; give an empty or new folder"
            )
        shutil.rmtree(out)
    out.mkdir(parents=True)
    marker = "staged by `python build.py deploy --package-lambda`\n"
    (out / LAMBDA_MARKER).write_text(marker, encoding="utf-8")
    left_out = {root / path for path in LAMBDA_LEFT_OUT}

    def ignore(folder: str, names: list[str]) -> set[str]:
        skipped = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")(folder, names)
        return skipped | {name for name in names if Path(folder) / name in left_out}

    written = []
    for name in LAMBDA_SOURCES:
        source = root / name
        if not source.is_dir():
            raise DeployError(f"{source} is missing: the functions need it")
        shutil.copytree(source, out / name, ignore=ignore)
        written += sorted(p.relative_to(out).as_posix() for p in (out / name).rglob("*") if p.is_file())
    # The API's words in every language, compiled (service/speech.py reads them; Babel stays home).
    from ops.messages import compile_all

    for mo in compile_all(root / "locale", domains=LAMBDA_CATALOGS, out=out / "locale"):
        written.append(mo.relative_to(out).as_posix())
    (out / "requirements.txt").write_text(requirements, encoding="utf-8")
    written.append("requirements.txt")
    return written
