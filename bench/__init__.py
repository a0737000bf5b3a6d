"""Benchmarks: each module prints its figures and never fails on time (``python -m bench``)."""
