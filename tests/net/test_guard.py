"""guard.GuessLimiter is pure (the caller passes the clock): one bucket for all addresses, the rank that
serves newcomers first, bounded memory, one status line (issue 24)."""

import trio
import trio.testing

from snowp2p.net.guard import Gate, GuessLimiter, Turnstile, expected_days, prefix_of


def test_the_bucket_bounds_attempts_whatever_the_number_of_addresses():
    g = GuessLimiter(rate=1.0, burst=8.0)
    now, given = 0.0, 0
    for _ in range(10000):  # 10,000 hellos from 10,000 addresses over 100 s
        if g.take(now) == 0.0:
            given += 1
        now += 0.01
    assert given <= 8 + 1.0 * now + 1
    assert given >= 100  # and the tokens do come back


def test_take_says_how_long_to_wait():
    g = GuessLimiter(rate=2.0, burst=1.0)
    assert g.take(0.0) == 0.0
    assert g.take(0.0) == 0.5
    assert g.take(0.5) == 0.0


def test_a_newcomer_ranks_before_a_guesser_of_its_own_prefix():
    g = GuessLimiter()
    for _ in range(5):
        g.missed("192.168.1.7")
    g.missed("192.168.1.8")
    assert g.rank("192.168.1.8") < g.rank("192.168.1.7")
    assert g.rank("10.0.0.1") < g.rank("192.168.1.9")  # (another prefix: fewer misses from its network)


def test_prefixes():
    assert prefix_of("192.168.1.7") == "192.168.1.0/24"
    assert prefix_of("::ffff:192.168.1.7") == "192.168.1.0/24"
    assert prefix_of("2001:db8:1:2:3:4:5:6") == "2001:db8:1:2::/64"
    assert prefix_of("nonsense") == "nonsense"


def test_memory_is_bounded_by_prefix_whatever_the_number_of_addresses():
    g = GuessLimiter(prefixes=100, per_prefix=16)
    for i in range(100000):  # an IPv6 attacker: a new address each time, in one /64
        g.missed(f"2001:db8::{i >> 16:x}:{i & 0xffff:x}")
    assert len(g.misses) == 1 and len(g.misses["2001:db8::/64"]) == 17
    assert g.rank("2001:db8::ffff:1")[0] > 1000  # the addresses past the bound share one count
    for i in range(1000):  # many prefixes
        g.missed(f"10.{i // 256}.{i % 256}.1")
    assert len(g.misses) <= 100 and "2001:db8::/64" in g.misses  # the quietest prefixes go first


def test_one_status_line_at_most_every_few_seconds_and_it_says_someone_is_guessing():
    g = GuessLimiter(every=5.0)
    lines = []
    for t in range(20):  # a wrong code every second for 20 s
        g.failed("a")
        line = g.summary(float(t))
        if line:
            lines.append(line)
    assert len(lines) == 4 and lines[0] == "lobby: 1 wrong join code(s) from 1 address(es) so far"
    assert "someone is guessing the code" in lines[-1]
    assert g.summary(21.0).startswith("lobby: 20 wrong")
    assert g.summary(30.0) is None  # nothing new


def test_the_expected_time_to_hit_a_code_is_months():
    assert expected_days(1.0) > 365  # docs/design-p2p.md states it


def test_the_turnstile_serves_the_best_ranked_hello_first():
    async def main():
        g = GuessLimiter(rate=1.0, burst=1.0)
        t = Turnstile(g)
        order = []
        for _ in range(5):
            g.missed("10.0.0.9")  # a guesser's earlier tries

        async def one(addr):
            await t.admit(addr)
            order.append(addr)

        async with trio.open_nursery() as n:
            await t.admit("10.0.0.1")  # takes the one token
            n.start_soon(one, "10.0.0.9")
            await trio.testing.wait_all_tasks_blocked()
            n.start_soon(one, "10.0.0.2")  # comes later, ranks better
        assert order == ["10.0.0.2", "10.0.0.9"]
        assert t.waiting == 0

    trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))


def test_the_gate_evicts_the_worst_ranked_of_equals():
    async def main():
        g = GuessLimiter()
        for _ in range(9):
            g.missed("10.0.0.9")
        gate = Gate(total=2, per_addr=8, rank=g.rank)
        scopes = [trio.CancelScope() for _ in range(3)]
        gate._admit("10.0.0.1", scopes[0])
        gate._admit("10.0.0.9", scopes[1])
        gate._admit("10.0.0.3", scopes[2])
        assert [s.cancel_called for s in scopes] == [False, True, False]

    trio.run(main)
