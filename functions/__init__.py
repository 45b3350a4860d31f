"""HTTP only: the FastAPI app, the Lambda handlers and the routes (docs/architecture.md)."""

from functions import v1_check

# Before any route is made (each router's module makes its routes at import): functions/v1_check.py.
v1_check.install()
