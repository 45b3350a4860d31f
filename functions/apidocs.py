"""/api/docs: the OpenAPI document in Swagger UI, every script and style from the site's own origin.

The site's content security policy (infra/template.yaml, the same at CloudFront and locally) allows
scripts and styles from 'self' only, and no inline script: so Swagger UI's files (the npm package
swagger-ui-dist, pinned in package.json) are published by the site build under
/swagger-ui/<version>/ (sitebuild/assets.py, `api_docs_files`; the pin is service/swagger_ui.py),
and the few lines that start it are a file this app serves, /api/docs/start.js. docs/api.md says why.
"""

from __future__ import annotations

from service.swagger_ui import SWAGGER_UI_FOLDER

DOCS_URL = "/api/docs"
START_URL = "/api/docs/start.js"

START_JS = """// Starts Swagger UI on /api/docs: a file, as the site's CSP allows no inline script.
window.addEventListener('DOMContentLoaded', () => {
  window.ui = window.SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#swagger-ui',
    deepLinking: true,
    validatorUrl: null,
    presets: [window.SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout',
  })
})
"""


def page_html() -> str:
    """The page at /api/docs."""
    base = f"/{SWAGGER_UI_FOLDER}/"
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Puzzle Book API</title>
<link rel="icon" href="data:,">
<link rel="stylesheet" href="{base}swagger-ui.css">
<script src="{base}swagger-ui-bundle.js" defer></script>
<script src="{START_URL}" defer></script>
</head>
<body>
<main id="swagger-ui"></main>
</body>
</html>
"""
