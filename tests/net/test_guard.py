"""guard.GuessLimiter is pure (the caller passes the clock): back-off, retirement, one status line."""

from snowp2p.net.guard import GuessLimiter


def test_back_off_per_address_after_three_wrong_codes():
    g = GuessLimiter()
    assert [g.delay("a")] == [0.0]
    delays = []
    for _ in range(8):
        g.failed("a")
        delays.append(g.delay("a"))
    assert delays == [0.0, 0.0, 1.0, 2.0, 4.0, 8.0, 10.0, 10.0]
    assert g.delay("b") == 0.0  # another address is not slowed by a's failures


def test_the_code_is_retired_after_the_total_and_the_count_restarts():
    g = GuessLimiter(retire_after=5)
    results = [g.failed(f"10.0.0.{i}") for i in range(5)]
    assert results == [False, False, False, False, True]
    g.new_code()
    assert g.since_code == 0 and g.retired == 1 and g.total == 5
    assert not g.failed("10.0.0.9")


def test_one_status_line_at_most_every_few_seconds():
    g = GuessLimiter(every=5.0)
    lines = []
    for t in range(20):  # a wrong code every second for 20 s
        g.failed("a")
        line = g.summary(float(t))
        if line:
            lines.append(line)
    assert len(lines) == 4 and lines[0].startswith("lobby: 1 wrong join code(s) from 1 address(es)")
    assert g.summary(21.0).startswith("lobby: 20 wrong")  # the last ones, once the 5 s have passed
    assert g.summary(30.0) is None  # nothing new
    assert "answered slowly" in lines[-1]


def test_memory_is_bounded_whatever_the_number_of_addresses():
    g = GuessLimiter(retire_after=10**9)
    for i in range(10000):
        g.failed(f"a{i}")
    assert len(g.failures) <= 4096
