"""The ``lan`` fixture (test_lan.py: network namespaces on a bridge of their own) for every test of this folder."""

from test_lan import lan  # noqa: F401  (the fixture, by its name)
