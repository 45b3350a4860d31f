"""The store behind the API: `open_store(url)` picks the backend from PUZZLEBOOK_STORE.

sqlite:///var/puzzlebook.sqlite3 (relative to the working directory; four
slashes for an absolute path) or dynamodb://TABLE. Each backend is imported
only when asked for, so the local server never loads boto3.
"""

from __future__ import annotations

from typing import Any

from service.store.base import Conflict, Store, StoreGone, StoreUnavailable

__all__ = ["Conflict", "Store", "StoreGone", "StoreUnavailable", "open_store"]


def open_store(url: str, *, client: Any = None) -> Store:
    """The Store named by `url`; ValueError saying what's wrong with an unusable one."""
    if url.startswith("sqlite:///"):
        from service.store.sqlite import SqliteStore

        path = url[len("sqlite:///") :]
        if not path:
            raise ValueError(
                f"PUZZLEBOOK_STORE={url!r} names no file (e.g. sqlite:///var/puzzlebook.sqlite3)"
            )
        return SqliteStore(path)
    if url.startswith("dynamodb://"):
        from service.store.dynamo import DynamoStore

        table = url[len("dynamodb://") :].strip("/")
        if not table:
            raise ValueError(f"PUZZLEBOOK_STORE={url!r} names no table (e.g. dynamodb://puzzlebook)")
        return DynamoStore(table, client=client)
    raise ValueError(f"PUZZLEBOOK_STORE={url!r} must start with sqlite:/// or dynamodb://")
