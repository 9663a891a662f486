"""Canonical encoding and hash of a sled game's public state (protocol/SPEC.md section 11.7).

The public state (:class:`~.sled.Public`, what every peer agrees on) encodes
to msgpack bytes that depend only on the state: every container is a
msgpack array in a fixed field order, sets are sorted, integers are the only
numbers (no floats), strings are UTF-8, and ``None`` is nil.  The state is
cut into *sections* (one per sled, the board, the turn) so that a desync
report can say which part differs; the state hash is SHA-256 over the
section hashes, the track's digest and the rules' digest.

``decode_public(encode_public(p)) == p`` for every public state (tested with
Hypothesis).
"""

from __future__ import annotations

import hashlib
import json

import msgpack

from . import engine as sled
from .config import SledRules
from .track import Track, track_digest

FORMAT = 1

_SLED_FIELDS = ("seat", "name", "at", "left", "right", "brake", "die", "hand", "deck", "discard", "aside",
                "values", "damage", "first_turn", "status", "repair", "start", "gen_starts")
_REFILL_FIELDS = ("seat", "min_discard", "max_discard", "draw", "chapel", "kennels", "wreck")


def _pack(obj) -> bytes:
    return msgpack.packb(obj, use_bin_type=True, strict_types=False)


def _sled_to_list(s: sled.Sled) -> list:
    return [list(v) if isinstance(v, tuple) else v for v in (getattr(s, f) for f in _SLED_FIELDS)]


def _sled_from_list(x: list) -> sled.Sled:
    kw = dict(zip(_SLED_FIELDS, x, strict=True))
    for f in ("left", "right", "hand", "deck", "discard", "aside", "values", "gen_starts"):
        kw[f] = tuple(kw[f])
    return sled.Sled(**kw)


def _turn_section(pub: sled.Public) -> list:
    refill = None if pub.refill is None else [getattr(pub.refill, f) for f in _REFILL_FIELDS]
    return [FORMAT, pub.game, pub.phase, pub.current, pub.round, list(pub.order), list(pub.choosers),
            refill, list(pub.places), list(pub.eliminated), pub.crossed, pub.turn]


def sections(pub: sled.Public) -> dict[str, list]:
    """The public state cut into named sections (each encodable on its own)."""
    out: dict[str, list] = {"turn": _turn_section(pub), "board": [sorted(pub.trees)]}
    for s in pub.sleds:
        out[f"sled{s.seat}"] = _sled_to_list(s)
    return out


def encode_public(pub: sled.Public) -> bytes:
    """Canonical bytes of the public state."""
    sec = sections(pub)
    return _pack([sec["turn"], sec["board"], [sec[f"sled{s.seat}"] for s in pub.sleds]])


def decode_public(data: bytes) -> sled.Public:
    turn, board, sleds = msgpack.unpackb(data, raw=False, strict_map_key=True)
    (fmt, game, phase, current, rnd, order, choosers, refill, places, eliminated, crossed, nturn) = turn
    if fmt != FORMAT:
        raise ValueError(f"state format {fmt} is not {FORMAT}")
    return sled.Public(
        game=game, sleds=tuple(_sled_from_list(x) for x in sleds), trees=frozenset(board[0]), phase=phase,
        current=current, round=rnd, order=tuple(order), choosers=tuple(choosers),
        refill=None if refill is None else sled.RefillNeed(**dict(zip(_REFILL_FIELDS, refill, strict=True))),
        places=tuple(places), eliminated=tuple(eliminated), crossed=crossed, turn=nturn,
    )


_RULES_DIGESTS: dict[SledRules, bytes] = {}


def rules_digest(rules: SledRules) -> bytes:
    d = _RULES_DIGESTS.get(rules)
    if d is None:
        d = _RULES_DIGESTS[rules] = hashlib.sha256(json.dumps(rules.to_dict(), sort_keys=True).encode()).digest()
    return d


def section_hashes(pub: sled.Public) -> dict[str, bytes]:
    """SHA-256 of each section's encoding (the same as hashing each of :func:`sections`)."""
    out = {"turn": hashlib.sha256(_pack(_turn_section(pub))).digest(),
           "board": hashlib.sha256(_pack([sorted(pub.trees)])).digest()}
    for s in pub.sleds:
        out[f"sled{s.seat}"] = _sled_hash(s)
    return out


# A turn changes one or two sleds; the others are the very same (immutable) records as in the state
# before, so their section hashes are kept by identity.  The cache holds each record it names, so an
# id can not be reused while it is in the cache.
_SLED_HASHES: dict[int, tuple[sled.Sled, bytes]] = {}
_SLED_CACHE_SIZE = 4096


def _sled_hash(s: sled.Sled) -> bytes:
    hit = _SLED_HASHES.get(id(s))
    if hit is not None and hit[0] is s:
        return hit[1]
    digest = hashlib.sha256(_pack(_sled_to_list(s))).digest()
    if len(_SLED_HASHES) >= _SLED_CACHE_SIZE:
        _SLED_HASHES.clear()
    _SLED_HASHES[id(s)] = (s, digest)
    return digest


def state_hash(state: sled.GameState, transcript_head: bytes = b"", sections: dict[str, bytes] | None = None) -> bytes:
    """32-byte hash of the public state, the track, the rules and (networked) the transcript head.

    ``sections``: the state's ``section_hashes``, when the caller has them already."""
    h = hashlib.sha256(b"snowp2p/state/v1")
    h.update(_track_digest_cached(state.track))
    h.update(rules_digest(state.rules))
    if sections is None:
        sections = section_hashes(state.public)
    for name, digest in sorted(sections.items()):
        h.update(name.encode() + b"\x00" + digest)
    h.update(len(transcript_head).to_bytes(2, "big") + transcript_head)
    return h.digest()


_DIGESTS: dict[int, tuple[Track, bytes]] = {}


def _track_digest_cached(track: Track) -> bytes:
    hit = _DIGESTS.get(id(track))
    if hit is not None and hit[0] is track:
        return hit[1]
    d = track_digest(track)
    _DIGESTS[id(track)] = (track, d)
    return d
