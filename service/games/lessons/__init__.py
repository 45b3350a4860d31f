"""Lessons' part of the service layer. Lessons keep no days: nothing runs nightly and nothing is
published a day at a time, so this package defines no hooks (service/games/__init__.py)."""
