"""The Lambda entry points: `handler` (the API behind /api/*) and `nightly` (the scheduled fill).

What every request needs happens once per container, at import: the settings and the app. What
only some requests need waits for the first of them: the DynamoDB client (the store makes it at
first use), the passkey library (service/passkeys.py), the routers of classes, passkeys and lessons
(functions/routers_on_demand.py) and each request body's model (functions/models.py). Environment:

  PUZZLEBOOK_STORE     dynamodb://<table>
  SITE_KEY             the site key, or SITE_KEY_PARAMETER: the name of an SSM
                       SecureString holding it (read once, at cold start)
  SITE_TZ              the site's zone (default UTC)
  PUZZLEBOOK_BUCKET    the site's S3 bucket, where `nightly` writes the daily files
  PUZZLEBOOK_SHARDS    the chess bundle's directory (default: shards/ beside functions/)

With Lambda SnapStart (infra/template.yaml) this module's import runs once per published
version and is snapshotted; every new instance resumes from that memory. Before the snapshot,
`before_snapshot` does what the first requests would (the client, the passkey library, the
routers, the request models and the document), so a restored instance has it all; what must differ
per instance is redone after each restore (`after_restore`).
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict
from typing import Any

from mangum import Mangum

from functions.app import create_app
from functions.metrics import staged_metric
from functions.models import build_request_models
from functions.routers_on_demand import include_all
from service.settings import load
from service.speech import Speech


def _ssm_parameter(name: str) -> str:
    """The decrypted value of the SSM SecureString `name` (the site key, once per cold start)."""
    import boto3

    got = boto3.client("ssm").get_parameter(Name=name, WithDecryption=True)
    return str(got["Parameter"]["Value"])


def before_snapshot() -> None:
    """Run by Lambda once, before it takes the SnapStart snapshot: make what is otherwise made at
    first use, so no restored instance pays for it."""
    from service import passkeys

    app.state.ctx.store.warm()
    passkeys.warm()
    include_all(app)  # the routers otherwise built at their first request (functions/app.py)
    # The request bodies' models and the OpenAPI document, which a cold start leaves for the first
    # request that needs them (functions/models.py, functions/bodies.py).
    build_request_models()
    app.openapi()
    app.state.ctx.part(Speech).warm()  # every language's catalog of errors (docs/languages.md)


def after_restore() -> None:
    """Run by Lambda after each SnapStart restore. Every instance resumes from the same snapshot,
    so the `random` module would draw the same numbers in all of them (the store's retry jitter,
    service/store/items.py, would then retry in step): seed it again from the OS. `secrets` (ids,
    tokens) reads os.urandom on every call and needs nothing."""
    random.seed()


def _register_snapstart_hooks() -> bool:
    """Register before_snapshot and after_restore with the Lambda runtime's hooks (the module
    `snapshot_restore_py`, in the Python 3.12+ runtime); False where there is no such runtime
    (locally, in the tests)."""
    try:
        from snapshot_restore_py import register_after_restore, register_before_snapshot
    except ImportError:
        return False
    register_before_snapshot(before_snapshot)
    register_after_restore(after_restore)
    return True


settings = load(fetch_parameter=_ssm_parameter)
app = create_app(settings)
handler = Mangum(app, lifespan="off")
SNAPSTART_HOOKS = _register_snapstart_hooks()
_s3: Any = None


def nightly(event: dict[str, Any] | None = None, context: Any = None) -> dict[str, Any]:
    """The scheduled job (service/nightly.py): fill ahead, keep dailies, write the daily files to S3."""
    global _s3
    from service.games.chess.puzzles import puzzles_of
    from service.nightly import fill
    from service.publish import S3Writer

    ctx = app.state.ctx
    writer = None
    if settings.bucket:
        if _s3 is None:
            import boto3

            _s3 = boto3.client("s3")
        writer = S3Writer(settings.bucket, client=_s3)
    report = fill(ctx.store, ctx.settings, puzzles_of(ctx).bundle, writer=writer)
    print(report.summary())
    if writer is not None:
        print(json.dumps(staged_metric(not report.unstaged)))
    return asdict(report)

