"""The tests' kit of helpers, imported as a package (``tests/`` is on sys.path: tests/conftest.py).

``kit.table``: an in-memory table of playing sessions for any registered game (no sockets, no clock);
``kit.sessions``: single sessions and rosters;
``kit.peers``: real ``snowp2p`` processes (host, join, resume) and what they leave behind;
``kit.resilience``, ``kit.pause``: games whose every peer is a process the test started (kill -9, SIGSTOP);
``kit.match``: series over the network;
``kit.screens``: a table run on a virtual terminal (prompt_toolkit's pipe input, read back through pyte);
``kit.terminal``: a real process at a real pseudo-terminal, read through pyte;
``kit.forks``: forked logs for the audit; ``kit.fuzz``: the fuzzers' corpora and budgets.
"""
