"""The API's routes, one module per area; functions/app.py includes them under /api."""
