"""protocol/vectors/match.json (SPEC section 16): the rosters of two races of a fixed series, read back by this
implementation: the match maps, the track digests, the chain of races, and the joiner's signature on the
match (its ``commit_chain`` of race 1 names race 1's roster digest)."""

from __future__ import annotations

import json
from pathlib import Path

from snowp2p.games import find_game
from snowp2p.protocol.match import check_next, match_of

ST = find_game("snowtails")
from snowp2p.protocol.messages import decode_signed
from snowp2p.games.sled.track import find_track, track_digest

VECTOR = Path(__file__).resolve().parents[2] / "protocol" / "vectors" / "match.json"


def test_the_match_vector_reads_back():
    v = json.loads(VECTOR.read_text())
    for t in v["tracks"]:
        assert track_digest(find_track(t["name"], "snowtails")).hex() == t["digest"]
    r1 = decode_signed(bytes.fromhex(v["race1"]["roster_payload"]))
    r2 = decode_signed(bytes.fromhex(v["race2"]["roster_payload"]))
    r1.verify(r1.body.seats[0].pubkey)
    r2.verify(r2.body.seats[0].pubkey)
    assert r1.digest.hex() == v["race1"]["roster_digest"]
    m1, m2 = match_of(r1.body, ST), match_of(r2.body, ST)
    assert (m1.race, m2.race) == (0, 1) and m1.id == m2.id and m1.prev is None
    assert m2.prev.turn == 42 and m2.tracks == m1.tracks
    assert [d.hex() for _, d in m1.tracks] == [t["digest"] for t in v["tracks"]]
    check_next(ST, r1.body, m1.next(m2.prev), r2.body, m2.tracks[1][1])
    cc = decode_signed(bytes.fromhex(v["race1"]["joiner_commit_chain"]))
    cc.verify(r1.body.seats[1].pubkey)
    assert cc.body.roster == r1.digest  # the joiner's signature on the whole match (SPEC 16.2)


def test_the_tournament_carry_vector_reads_back():
    """protocol/vectors/match_carry.json (SPEC 16.5): race 2's roster carries each seat's slots and race-1
    commitments; the carried card's opening opens its commitment, and another value does not (MM-T2)."""
    import pytest

    from snowp2p.protocol.errors import CommitmentError
    from snowp2p.protocol.match import check_carried_opening

    v = json.loads((VECTOR.parent / "match_carry.json").read_text())
    r = decode_signed(bytes.fromhex(v["roster_payload"]))
    r.verify(r.body.seats[0].pubkey)
    assert r.digest.hex() == v["roster_digest"]
    m = match_of(r.body, find_game("mush"))
    assert m.kind == "tournament" and m.race == 1 and [len(c) for c in m.carry] == [3, 2]
    o = v["opening"]
    assert m.prev.game.hex() == o["prev_game"]
    salt = bytes.fromhex(o["salt"])
    assert check_carried_opening(m, o["seat"], o["generation"], o["slot"], o["value"], salt) == o["value"]
    with pytest.raises(CommitmentError):
        check_carried_opening(m, o["seat"], o["generation"], o["slot"], o["value"] + 1, salt)
