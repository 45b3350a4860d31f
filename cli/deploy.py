"""Publish the built site to its S3 bucket and CloudFront distribution.

    python build.py deploy --dry-run [--dist DIR]        every file, its Content-Type and Cache-Control
    python build.py deploy --dry-run --bucket B          what a sync to B would change (reads only)
    python build.py deploy --bucket B [--distribution ID]  sync dist/ to B, invalidate what changed
    python build.py deploy --package-lambda DIR          stage the functions' code for `sam build`
    python build.py deploy --compile-lambda DIR          compile the built functions (after `sam build`)
                                                         for Python 3.12 (ops/lambda_bytecode.py)

The bucket and distribution are the stack's outputs BucketName and
DistributionId (infra/README.md). AWS credentials and region come from the
usual places (environment, profile, OIDC role in CI).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ops import deploy

describe = "publish dist/ to the bucket (or --dry-run: show what and how)"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dry-run", action="store_true", help="send nothing; print what would be uploaded")
    parser.add_argument("--dist", type=Path, default=None,
                        help="the built site (default: PUZZLEBOOK_DIST or dist/)")
    parser.add_argument("--bucket", help="the site bucket (stack output BucketName)")
    parser.add_argument("--distribution", help="the CloudFront distribution id (stack output DistributionId)")
    parser.add_argument("--region", help="AWS region (default: from the environment or profile)")
    parser.add_argument("--force", action="store_true",
                        help="upload every file, even unchanged ones and daily files the bucket has")
    parser.add_argument("--grace-days", type=int, default=deploy.DEFAULT_GRACE_DAYS, metavar="N",
                        help="keep stale content-hashed files this many days before deleting them "
                             f"(default {deploy.DEFAULT_GRACE_DAYS})")
    parser.add_argument("--package-lambda", type=Path, metavar="DIR",
                        help="only stage the functions' code and requirements.txt (the Lambda lock) in DIR "
                             "for sam build")
    parser.add_argument("--compile-lambda", type=Path, metavar="DIR",
                        help="only compile every .py under DIR (sam build's output, infra/.aws-sam/build) "
                             "for Python 3.12, as unchecked-hash bytecode: /var/task is read-only")


def _dist(args: argparse.Namespace) -> Path:
    if args.dist is not None:
        return args.dist
    from service.settings import load

    return load(warn=False).dist


def _size(n: int) -> str:
    return f"{n / 1_000_000:.1f} MB" if n >= 1_000_000 else f"{n / 1000:.1f} KB"


def _dry_run(args: argparse.Namespace, dist: Path) -> int:
    files = deploy.scan(dist)
    if not args.bucket:
        for line in deploy.describe(files):
            print(f"upload  {line}")
        total = sum(f.size for f in files)
        print(f"dry run: {len(files)} files ({_size(total)}) from {dist} would be uploaded; "
              "nothing was sent.")
        return 0
    s3 = _client("s3", args.region)
    plan = deploy.plan_sync(files, deploy.list_remote(s3, args.bucket), force=args.force)
    for line in deploy.describe(plan.upload):
        print(f"upload  {line}")
    for f in plan.nightly_kept:
        print(f"keep    {f.key}  (the nightly's; in the bucket already)")
    for key in plan.stale:
        print(f"stale   {key}")
    paths = deploy.invalidation_paths([f.key for f in plan.upload] + plan.stale)
    upload_size = _size(sum(f.size for f in plan.upload))
    print(
        f"dry run against {args.bucket}: {len(plan.upload)} to upload ({upload_size}), "
        f"{len(plan.unchanged)} unchanged, {len(plan.nightly_kept)} daily files kept, "
        f"{len(plan.stale)} stale; would invalidate {len(paths)} path(s). Nothing was sent."
    )
    return 0


def _compile_lambda(folder: Path) -> int:
    from ops.lambda_bytecode import BytecodeError, compile_folder, lambda_python

    try:
        python = lambda_python()
        made = compile_folder(folder, python)
    except BytecodeError as exc:
        print(f"build.py deploy: {exc}", file=sys.stderr)
        return 2
    print(f"compiled {folder} for the Lambda runtime with {python}: {made} .pyc files (unchecked-hash)")
    return 0


def _client(service: str, region: str | None):  # type: ignore[no-untyped-def]
    import boto3  # only a real deploy needs it

    return boto3.client(service, region_name=region) if region else boto3.client(service)


def run(args: argparse.Namespace) -> int:
    try:
        if args.package_lambda is not None:
            written = deploy.package_lambda(args.package_lambda)
            print(f"staged {len(written)} files for the Lambda functions in {args.package_lambda}")
            return 0
        if args.compile_lambda is not None:
            return _compile_lambda(args.compile_lambda)
        dist = _dist(args)
        if args.dry_run:
            return _dry_run(args, dist)
        if not args.bucket:
            print("build.py deploy: give --bucket (the stack's BucketName output), or --dry-run",
                  file=sys.stderr)
            return 2
        cloudfront = _client("cloudfront", args.region) if args.distribution else None
        report = deploy.sync(
            _client("s3", args.region), args.bucket, dist,
            cloudfront=cloudfront, distribution=args.distribution,
            force=args.force, grace_days=args.grace_days,
        )
    except deploy.DeployError as exc:
        print(f"build.py deploy: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:
        # boto3's errors (no credentials, access denied, no such bucket): say
        # what AWS said, without a traceback. Anything else is a bug: raise.
        if not type(exc).__module__.startswith(("botocore", "boto3")):
            raise
        print(f"build.py deploy: AWS refused: {exc}", file=sys.stderr)
        return 1
    print(
        f"deployed {dist} to {args.bucket}: {len(report.uploaded)} uploaded, {report.unchanged} unchanged, "
        f"{report.nightly_kept} daily files kept, {len(report.deleted)} deleted, "
        f"{len(report.retired) + len(report.waiting)} stale kept for the grace period"
        + (f"; invalidation {report.invalidation_id}" if report.invalidation_id else "")
    )
    if not args.distribution:
        print("no --distribution given: nothing was invalidated "
              "(CloudFront may serve old pages for 5 minutes)")
    return 0
