"""Swagger UI for the API's docs page: the pinned version and the files it needs.

A contract between two layers that may not import each other: the site build
publishes these files under /swagger-ui/<version>/ (sitebuild/assets.py,
`api_docs_files`), and the API's page at /api/docs names them (functions/apidocs.py).
"""

from __future__ import annotations

# Must be the version package.json pins (tests/test_api_docs.py checks, and the build refuses a
# node_modules with another).
SWAGGER_UI_VERSION = "5.35.0"
SWAGGER_UI_FOLDER = f"swagger-ui/{SWAGGER_UI_VERSION}"
# The files of swagger-ui-dist the page needs (and the licence, published beside them).
SWAGGER_UI_FILES = ("swagger-ui-bundle.js", "swagger-ui.css", "LICENSE", "NOTICE")
