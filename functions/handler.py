"""The Lambda entry points: `handler` (the API behind /api/*) and `nightly` (the scheduled fill).

Everything expensive happens once per container, at import: the settings,
the boto3 clients (through the store) and the app. Environment:

  PUZZLEBOOK_STORE     dynamodb://<table>
  SITE_KEY             the site key, or SITE_KEY_PARAMETER: the name of an SSM
                       SecureString holding it (read once, at cold start)
  SITE_TZ              the site's zone (default UTC)
  PUZZLEBOOK_BUCKET    the site's S3 bucket, where `nightly` writes the daily files
  PUZZLEBOOK_SHARDS    the chess bundle's directory (default: shards/ beside functions/)
"""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from mangum import Mangum

from functions.app import create_app
from service.settings import load


def _ssm_parameter(name: str) -> str:
    """The decrypted value of the SSM SecureString `name` (the site key, once per cold start)."""
    import boto3

    got = boto3.client("ssm").get_parameter(Name=name, WithDecryption=True)
    return str(got["Parameter"]["Value"])


settings = load(fetch_parameter=_ssm_parameter)
app = create_app(settings)
handler = Mangum(app, lifespan="off")
_s3: Any = None


def nightly(event: dict[str, Any] | None = None, context: Any = None) -> dict[str, Any]:
    """The scheduled job (service/nightly.py): fill ahead, keep dailies, write the daily files to S3."""
    global _s3
    from service.nightly import fill
    from service.publish import S3Writer

    ctx = app.state.ctx
    writer = None
    if settings.bucket:
        if _s3 is None:
            import boto3

            _s3 = boto3.client("s3")
        writer = S3Writer(settings.bucket, client=_s3)
    report = fill(ctx.store, ctx.settings, ctx.bundle, writer=writer)
    print(report.summary())
    return asdict(report)
