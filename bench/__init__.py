"""Benchmarks: each bench_*.py module has main(), which prints its figures."""
