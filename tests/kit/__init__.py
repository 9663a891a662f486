"""The tests' kit of helpers, imported as a package (``tests/`` is on sys.path: tests/conftest.py).

``kit.table``: an in-memory table of playing sessions for any registered game (no sockets, no clock).
"""
