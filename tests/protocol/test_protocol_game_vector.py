"""The whole-game vector (protocol/vectors/game.log + game.json) replays exactly.

An observer Session (the auditor) must accept every record of seat 0's log,
finish the game with every final opening checked, and reach the recorded
per-turn and final state hashes and places; regenerating the vector with
protocol/vectors/make_game_vector.py must give identical bytes.
"""

import hashlib
import importlib.util
import io
import json
from pathlib import Path

import pytest

from snowp2p.protocol.log import read_log
from snowp2p.protocol.messages import Roster, decode_signed
from snowp2p.games.sled import engine as sled
from kit.sessions import session_for

VECTORS = Path(__file__).resolve().parents[2] / "protocol" / "vectors"
SESSION = "snowp2p.protocol.session"


@pytest.fixture(scope="module")
def S():
    """The session module (importing it registers the ``evidence`` and ``link`` message types)."""
    import snowp2p.protocol.session as session

    return session


@pytest.fixture(scope="module")
def facts():
    return json.loads((VECTORS / "game.json").read_text())


@pytest.fixture(scope="module")
def log_bytes():
    return (VECTORS / "game.log").read_bytes()


def replay(S, data: bytes):
    contents = read_log(io.BytesIO(data))
    assert not contents.torn
    records = contents.records
    roster = decode_signed(records[0])
    assert isinstance(roster.body, Roster)
    roster.verify(roster.body.seats[0].pubkey)
    obs = session_for(roster)
    finals, over = {}, []
    for i, rec in enumerate(records[1:], start=1):
        msg = obs.check(rec)
        assert msg is not None, f"record {i} was taken for a duplicate"
        out = obs.handle(msg)
        assert out.send == []  # an observer never sends
        for ev in out.events:
            if isinstance(ev, S.TurnFinal):
                finals[ev.turn] = ev.state_hash.hex()
            elif isinstance(ev, S.GameOver):
                over.append(ev.places)
    return obs, records, finals, over


def test_log_file_is_the_recorded_one(facts, log_bytes):
    assert hashlib.sha256(log_bytes).hexdigest() == facts["log_sha256"]


def test_observer_accepts_every_frame_and_reaches_the_final_state(S, facts, log_bytes):
    obs, records, finals, over = replay(S, log_bytes)
    assert len(records) == facts["records"]
    assert obs.halted is None
    assert obs.done and obs.over
    assert obs.final_turn == facts["turns"]
    assert [finals[t] for t in sorted(finals)] == facts["turn_state_hashes"]
    assert obs.my_hash[obs.final_turn].hex() == facts["final_state_hash"]
    assert over == [tuple(facts["final_places"])]
    assert sled.final_places(obs.state) == facts["final_places"]
    assert [len(obs.gens[i]) for i in range(obs.n)] == facts["generations"]
    assert obs.game_id.hex() == facts["game_id"]
    assert [k.hex() for _, k in sorted(obs.keys.items())] == facts["public_keys"]
    types = {}
    for r in records:
        t = decode_signed(r).type
        types[t] = types.get(t, 0) + 1
    assert types == facts["message_types"]


def test_every_chained_message_is_signed_by_its_seat(S, log_bytes):
    records = read_log(io.BytesIO(log_bytes)).records
    roster = decode_signed(records[0])
    keys = [s.pubkey for s in roster.body.seats]
    for rec in records:
        msg = decode_signed(rec)
        msg.verify(keys[msg.sender])


def test_a_changed_record_is_caught(S, log_bytes):
    """Flipping a byte inside any later record's signature stops the replay there."""
    contents = read_log(io.BytesIO(log_bytes))
    records = list(contents.records)
    k = len(records) // 2
    rec = bytearray(records[k])
    rec[-1] ^= 1  # last byte of the signature
    records[k] = bytes(rec)
    roster = decode_signed(records[0])
    obs = session_for(roster)
    for rec in records[1:k]:
        obs.receive(rec)
    with pytest.raises(S.Halted):
        obs.receive(records[k])


def test_regenerating_gives_identical_bytes(S, facts, log_bytes):
    spec = importlib.util.spec_from_file_location("make_game_vector", VECTORS / "make_game_vector.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    log, text = mod.render(mod.build())
    assert log == log_bytes
    assert text == (VECTORS / "game.json").read_text()


def _h(tag, *parts):
    """SPEC §1 tagged hash, written from the spec with hashlib only."""
    out = len(tag.encode()).to_bytes(4, "big") + tag.encode()
    for p in parts:
        b = p.to_bytes(8, "big") if isinstance(p, int) else p
        out += len(b).to_bytes(4, "big") + b
    return hashlib.sha256(out).digest()


def test_final_state_hash_follows_the_spec(S, facts, log_bytes):
    """Recompute the transcript head and the state hash from SPEC §11.7, independently of session.py."""
    import msgpack

    from snowp2p.games.sled.track import track_digest

    obs, records, _, _ = replay(S, log_bytes)
    msgs = [decode_signed(r) for r in records]
    reveals, moves, reveal_msgs = {}, {}, {}
    for m in msgs:
        if m.type == "reveal":
            reveals.setdefault(m.body.event, {})[m.sender] = m.body.preimage
            reveal_msgs.setdefault(m.body.event, {})[m.sender] = m
        elif m.type == "move":  # SPEC 11.5: the move carries its mover's reveal of the turn's event
            moves[m.body.turn] = m
            reveals.setdefault(m.body.turn, {})[m.sender] = m.body.preimage
            reveal_msgs.setdefault(m.body.turn, {})[m.sender] = m

    def R(e):
        parts = [e]
        for seat in sorted(reveals[e]):
            parts += [seat, reveals[e][seat]]
        return _h("snowp2p/event/v1", *parts)

    assert all(len(reveals[e]) == obs.n for e in reveals)  # every seat reveals every event
    head = _h("snowp2p/transcript/v1", msgs[0].digest)
    head = _h("snowp2p/transcript/v1", head, R(0))
    for t in range(1, facts["turns"] + 1):
        head = _h("snowp2p/transcript/v1", head, moves[t].digest, R(t))

    pub = obs.state.public
    sled_fields = ("seat", "name", "at", "left", "right", "brake", "die", "hand", "deck", "discard", "aside",
                   "values", "damage", "first_turn", "status", "repair", "start", "gen_starts")
    refill_fields = ("seat", "min_discard", "max_discard", "draw", "chapel", "kennels", "wreck")

    def arr(v):
        return list(v) if isinstance(v, tuple) else v

    refill = None if pub.refill is None else [getattr(pub.refill, f) for f in refill_fields]
    sections = {
        "turn": [1, pub.game, pub.phase, pub.current, pub.round, list(pub.order), list(pub.choosers), refill,
                 list(pub.places), list(pub.eliminated), pub.crossed, pub.turn],
        "board": [sorted(pub.trees)],
    }
    for s in pub.sleds:
        sections[f"sled{s.seat}"] = [arr(getattr(s, f)) for f in sled_fields]
    sh = {k: hashlib.sha256(msgpack.packb(v, use_bin_type=True)).digest() for k, v in sections.items()}
    rules_digest = hashlib.sha256(json.dumps(obs.rules.to_dict(), sort_keys=True).encode()).digest()
    blob = b"snowp2p/state/v1" + track_digest(obs.track) + rules_digest
    for name in sorted(sh):
        blob += name.encode() + b"\x00" + sh[name]
    blob += len(head).to_bytes(2, "big") + head
    assert hashlib.sha256(blob).hexdigest() == facts["final_state_hash"]
    # and the last ack of every seat carries it, with the section hashes and the "move" entry
    last = [m for m in msgs if m.type == "ack" and m.body.turn == facts["turns"]]
    assert len(last) == obs.n
    for a in last:
        assert a.body.state.hex() == facts["final_state_hash"]
        # SPEC 11.6: "seat.i" is the digest of seat i's reveal of the turn (its chain up to there)
        seats = {f"seat.{i}": m.digest for i, m in reveal_msgs[facts["turns"]].items()}
        assert dict(a.body.sections) == {**sh, "move": moves[facts["turns"]].digest, **seats}


def _derive(seed, *labels):
    """SPEC §11.2 derive, from the spec with hashlib only."""
    out = b"snowp2p/derive"
    for p in (seed, *labels):
        b = p.to_bytes(8, "big", signed=True) if isinstance(p, int) else (p.encode() if isinstance(p, str) else p)
        out += len(b).to_bytes(4, "big") + b
    return hashlib.sha256(out).digest()


def test_setup_messages_follow_the_spec(S, facts, log_bytes):
    """commit_chain tips and generation-0 slot commitments derive from the game secrets as SPEC §11.2/11.4 say."""
    from snowp2p.protocol.randomness import Rand

    records = read_log(io.BytesIO(log_bytes)).records
    msgs = [decode_signed(r) for r in records]
    game = bytes.fromhex(facts["game_id"])
    rules = facts["rules"]
    deck = list(rules["mm_deck"])
    fixed = [rules["mm_start_dog"]] * 2
    for v in fixed:
        deck.remove(v)
    fixed += [v for v in deck if v == 5]
    rest = list(rules["mm_deck"])
    for v in fixed:
        rest.remove(v)
    for seat, secret_hex in enumerate(facts["secrets"]):
        secret = bytes.fromhex(secret_hex)
        x = _derive(secret, "hash-chain")
        for _ in range(4096):
            x = _h("snowp2p/chain/v1", game, seat, x)
        cc = [m for m in msgs if m.type == "commit_chain" and m.sender == seat]
        assert len(cc) == 1 and cc[0].body.tip == x and cc[0].body.length == 4096
        values = fixed + Rand(_derive(secret, "layout", 0)).shuffled(rest)
        commits = tuple(_h("snowp2p/slot/v1", game, seat, 0, i, v, _derive(secret, "slot-salt", 0, i))
                        for i, v in enumerate(values))
        sc = [m for m in msgs if m.type == "slot_commit" and m.sender == seat and m.body.generation == 0]
        assert len(sc) == 1 and sc[0].body.commitments == commits
