"""What a cold start of the API does, and what it leaves for the first request that needs it
(docs/operations.md, "Speed"): the DynamoDB client and the passkey library wait, and the
SnapStart hook makes them before the snapshot; so do the routers of classes, passkeys and lessons and the
request bodies' models and schemas; python-chess waits for a post that replays moves."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from service.settings import ROOT

PROBE = """
import json, sys
import functions.handler as handler
from functions.caching import api_routes
from functions.routes.chess.models import ChessSolve
from service.speech import Speech
store = handler.app.state.ctx.store
seen = {"request_model_at_import": ChessSolve.__pydantic_complete__,
        "documented_at_import": any(r.openapi_extra for p, r in api_routes(handler.app)
                                    if p == "/api/chess/solves"),
        "client_at_import": store._client is not None, "webauthn_at_import": "webauthn" in sys.modules,
        "python_chess_at_import": "chess" in sys.modules,
        "classes_at_import": "functions.routes.classes" in sys.modules,
        "accounts_at_import": "functions.routes.accounts" in sys.modules,
        "lessons_at_import": "functions.routes.lessons" in sys.modules,
        "pydantic_v1_at_import": "pydantic.v1" in sys.modules,
        "gettext_at_import": "gettext" in sys.modules, "babel_at_import": "babel" in sys.modules}
handler.before_snapshot()
seen["client_before_snapshot"] = store._client is not None
seen["webauthn_before_snapshot"] = "webauthn" in sys.modules
seen["routers_before_snapshot"] = not handler.app.state.routers_waiting
seen["request_model_before_snapshot"] = ChessSolve.__pydantic_complete__
seen["catalogs_before_snapshot"] = len(handler.app.state.ctx.part(Speech)._read)
print(json.dumps(seen))
"""


def test_a_cold_start_leaves_the_client_passkeys_and_rare_routers_for_the_snapshot(tmp_path) -> None:
    env = {
        **os.environ,
        "PUZZLEBOOK_STORE": "dynamodb://puzzlebook-cold",
        "SITE_KEY": "cold-key",
        "AWS_DEFAULT_REGION": "us-east-1",
        "AWS_ACCESS_KEY_ID": "testing",
        "AWS_SECRET_ACCESS_KEY": "testing",
    }
    env.pop("SITE_KEY_PARAMETER", None)
    done = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120
    )
    assert done.returncode == 0, done.stderr
    seen = json.loads(done.stdout.strip().splitlines()[-1])
    assert seen == {
        "request_model_at_import": False,  # a body's model is built at its first request
        "documented_at_import": False,  # and its schema when the document is made
        "client_at_import": False,
        "webauthn_at_import": False,
        "python_chess_at_import": False,  # only a post that replays moves needs it
        "classes_at_import": False,  # built at the first request for a class (or the document)
        "accounts_at_import": False,  # and for a passkey or a recovery code
        "lessons_at_import": False,  # and for a lesson
        "pydantic_v1_at_import": False,  # FastAPI's v1 check asks without it (functions/v1_check.py)
        "gettext_at_import": False,  # the first error in another language reads its catalog
        "babel_at_import": False,  # never on Lambda: the catalogs come compiled (docs/languages.md)
        "client_before_snapshot": True,
        "webauthn_before_snapshot": True,
        "routers_before_snapshot": True,
        "request_model_before_snapshot": True,
        "catalogs_before_snapshot": 7,  # every language's (English's is no file)
    }
