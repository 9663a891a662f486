"""discovery.parse_ad is pure: what a LAN announcement may hold, checked before anything is shown."""

import pytest

from snowp2p.net.discovery import ad_properties, parse_ad
from snowp2p.protocol.messages import PROTOCOL_VERSION


def props(**over):
    p = {k.encode(): v.encode() for k, v in ad_properties("mush", "mush-first-race", 2, 4, "ann",
                                                           "28fc-7035-dac1-e0cf").items()}
    for k, v in over.items():
        if v is None:
            p.pop(k.encode(), None)
        else:
            p[k.encode()] = v
    return p


def test_a_good_announcement():
    ad = parse_ad("ann 28fc", props(), ["192.168.1.20"], 47470)
    assert (ad.kind, ad.track, ad.taken, ad.seats, ad.free, ad.host_nick, ad.addr, ad.port) == \
        ("mush", "mush-first-race", 2, 4, 2, "ann", "192.168.1.20", 47470)
    assert "code" not in b" ".join(props()).decode()  # an announcement never has a field for the code


@pytest.mark.parametrize("over", [
    {"v": str(PROTOCOL_VERSION + 1).encode()}, {"taken": b"5"}, {"seats": b"9"}, {"taken": b"-1"},
    {"taken": b"x"}, {"nick": b"ann\xe2\x80\x8b"}, {"nick": b"\xff"}, {"track": b"a" * 65}, {"track": b"a\nb"},
    {"kind": None}, {"fp": b""},
])
def test_a_malformed_announcement_is_ignored(over):
    assert parse_ad("x", props(**over), ["192.168.1.20"], 47470) is None


@pytest.mark.parametrize("addrs,port", [([], 47470), (["fe80::1"], 47470), (["224.0.0.251"], 47470),
                                        (["0.0.0.0"], 47470), (["192.168.1.20"], 0), (["nonsense"], 1)])
def test_an_announcement_without_a_usable_address_is_ignored(addrs, port):
    assert parse_ad("x", props(), addrs, port) is None


def ad(addr, port, fp, nick="n"):
    from snowp2p.net.discovery import GameAd

    return GameAd(f"{nick} {fp}", "snowtails", "first-race", 1, 3, nick, fp, addr, port)


def test_arrange_puts_a_flood_from_one_address_after_every_other_address_and_counts_duplicates():
    from snowp2p.net.discovery import arrange

    flood = [ad("10.0.0.9", 1000 + i, "ffff-ffff-ffff-ffff", f"f{i:03d}") for i in range(100)]
    real = ad("10.0.0.1", 47470, "aaaa-bbbb-cccc-dddd", "host")
    copy = ad("10.0.0.9", 999, "aaaa-bbbb-cccc-dddd", "host")
    out = arrange(flood + [copy, copy, real])  # (the copy heard twice: once)
    assert len(out) == 102
    assert out[0].addr == "10.0.0.1" and out[0].dup == 1  # the address with the fewest games goes first
    assert [a.dup for a in out if a.host_nick == "host"] == [1, 1]
    assert all(a.dup == 99 for a in out if a.host_nick.startswith("f"))


async def test_a_cancelled_browse_does_not_wait_for_the_lan(monkeypatch):
    """Ctrl-C (a cancellation) while `join` listens for announced games returns at once, and tells the
    browsing thread to stop (issue 23): the thread here is held until after the browse has returned, so a
    browse that waited for it could not pass."""
    import threading

    import trio

    from snowp2p.net import discovery

    release, seen = threading.Event(), {}

    def held(seconds, stop):  # a browse of the LAN (no network): held until the test releases it
        seen["stop"] = stop
        release.wait(300)
        seen["thread_done"] = True
        return []

    monkeypatch.setattr(discovery, "_browse_blocking", held)
    with trio.move_on_after(0.5) as scope:  # the cancellation (Ctrl-C), not a measure
        await discovery.browse(600)
    returned_while_held = "thread_done" not in seen
    release.set()
    assert scope.cancelled_caught and returned_while_held
    assert seen["stop"].is_set()  # the real thread ends its wait at once and closes
