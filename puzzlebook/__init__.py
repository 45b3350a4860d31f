"""Puzzle Book's rules: pure Python, no web framework, no AWS.

build.py and functions/ import from here; nothing here imports them.
"""
