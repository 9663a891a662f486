"""What every registered game must pass (issue 20; ../shared/design/one-folder-per-game.md, property 5).

One test per part of :class:`snowp2p.games.api.Game`, parametrised over the registry (OpenSpiel's
api_test): the table and the rules round-trip through the roster's form, the engine plays a game of
computer moves to the end (each one legal, G1), every action round-trips through the wire form (SPEC 7),
the state hash is a pure function of the state (SPEC 10), and the screens render the positions reached.
"""

from __future__ import annotations

import pytest

from snowp2p.games import GAMES, Game, HiddenDeck, UnknownGame, find_game, roster_game
from snowp2p.protocol.roster import roster_body, roster_summary, rules_from_roster, summary_lines, table_from_roster
from snowp2p.protocol.messages import Seat
from snowp2p.core.drbg import Rand, derive
from snowp2p.games.sled.board import to_text
from kit.sessions import session_for

KINDS = sorted(GAMES)
SEED = b"contract" * 4
MAX_ACTIONS = 2000  # every game here ends well before (a safety net, not a timing)


def _seats(n: int):
    from snowp2p.protocol.crypto import Identity

    return [Seat(f"p{i}", Identity.from_seed(derive(SEED, "id", i)).public_key, "127.0.0.1", 7000 + i)
            for i in range(n)]


def _setup(kind: str, n: int = 3):
    game = find_game(kind)
    table = game.load_table(None)
    rules = game.default_rules()
    body = roster_body(find_game(kind), table, rules, _seats(n))
    bound = game.bind(body.settings, table_from_roster(body, roster_game(body.kind)), rules_from_roster(find_game(kind), body.settings))
    names = [f"p{i}" for i in range(n)]
    secrets = [derive(SEED, "secret", i) for i in range(n)]
    state = bound.new_game(names, Rand(derive(SEED, "setup")), secrets)
    return game, bound, state


def _play(kind: str, n: int = 3):
    """Every state of a game of computer moves, and the actions between them."""
    game, bound, state = _setup(kind, n)
    states, actions = [state], []
    for k in range(MAX_ACTIONS):
        if state.is_over:
            break
        seat = game.to_act(state)
        assert seat is not None, f"{kind}: no seat to act, and the game is not over"
        action = game.computer_move(state, Rand(derive(SEED, "bot", k)))
        state = bound.apply(state, action, Rand(derive(SEED, "turn", k)))  # IllegalMove: not a legal move
        states.append(state)
        actions.append((seat, action))
    assert state.is_over, f"{kind}: not over after {MAX_ACTIONS} computer moves"
    return game, bound, states, actions


_GAMES_PLAYED: dict[str, tuple] = {}


def played(kind: str):
    if kind not in _GAMES_PLAYED:
        _GAMES_PLAYED[kind] = _play(kind)
    return _GAMES_PLAYED[kind]


def test_the_registry_has_the_three_games():
    assert KINDS == ["mush", "snake", "snowtails"]
    with pytest.raises(UnknownGame, match="unknown game 'chess'"):
        find_game("chess")


@pytest.mark.parametrize("kind", KINDS)
def test_the_game_object_has_every_part(kind):
    game = find_game(kind)
    assert isinstance(game, Game)
    assert game.kind == kind and game.title and game.word in ("race", "game")
    lo, hi = game.players
    assert 2 <= lo <= hi <= 8
    assert game.hidden is None or isinstance(game.hidden, HiddenDeck)


@pytest.mark.parametrize("kind", KINDS)
def test_table_and_rules_round_trip_through_the_roster(kind):
    game = find_game(kind)
    table = game.load_table(None)
    rules = game.default_rules()
    body = roster_body(find_game(kind), table, rules, _seats(3))
    again = table_from_roster(body, roster_game(body.kind))
    assert game.table_to_wire(again) == game.table_to_wire(table)
    assert game.table_name(again) == game.table_name(table) == game.default_table
    assert game.rules_from_wire(rules.to_dict(), networked=True) == rules
    assert rules_from_roster(find_game(kind), body.settings) == rules
    lines = summary_lines(roster_summary(body, game))
    assert lines[0].startswith(f"{game.title} on ") and "3 players: p0, p1, p2" in lines[0]


@pytest.mark.parametrize("kind", KINDS)
def test_hidden_deck_matches_the_dealt_decks(kind):
    game, bound, state = _setup(kind)
    if game.hidden is None:
        assert bound.hidden is False
        return
    assert bound.hidden is True
    rules = game.default_rules()
    assert len(game.hidden.composition(rules)) == game.hidden.size(rules) > 0


@pytest.mark.parametrize("kind", KINDS)
def test_computer_moves_are_legal_to_the_end(kind):
    game, bound, states, actions = played(kind)
    assert len(actions) > 10
    places = bound.final_places(states[-1])
    assert sorted(places) == [0, 1, 2]
    points = game.points(states[-1], bound.rules, places)
    assert all(isinstance(v, int) for v in points.values())


@pytest.mark.parametrize("kind", KINDS)
def test_every_action_round_trips_through_the_wire(kind):
    game, bound, states, actions = played(kind)
    for seat, action in actions:
        wire = bound.action_to_wire(action)
        assert bound.action_from_wire(wire, seat) == action, (kind, wire)


@pytest.mark.parametrize("kind", KINDS)
def test_the_state_hash_is_a_function_of_the_state(kind):
    game, bound, states, actions = played(kind)
    head = bytes(32)
    hashes = [bound.state_hash(s, head) for s in states[:40]]
    assert all(isinstance(h, bytes) and len(h) == 32 for h in hashes)
    assert hashes == [bound.state_hash(s, head) for s in states[:40]]
    assert len(set(hashes)) > 1
    assert bound.state_hash(states[0], bytes(32)) != bound.state_hash(states[0], b"\1" * 32)
    assert isinstance(bound.encode_public(states[-1]), bytes)


@pytest.mark.parametrize("kind", KINDS)
def test_the_screens_render_the_positions(kind):
    game, bound, states, actions = played(kind)
    view = game.view()
    for state in (states[0], states[len(states) // 2], states[-1]):
        text = to_text(view.board(state, 100, 40))
        assert text.strip(), kind
        assert view.names(state) == ["p0", "p1", "p2"]
        assert game.board_text(state, 100).strip()
    assert view.acting(states[-1]) is None
    assert "<svg" in game.svg(states, f"{game.title} contract")


@pytest.mark.parametrize("kind", KINDS)
def test_the_screen_part_is_what_the_ui_asks(kind):
    """The game object is the ``ui/views.py`` ScreenGame the table, the plain lines and the drivers are handed;
    its view and its turns have every member they ask; a turn's own menu parses back to a legal action."""
    from snowp2p.ui.views import Command, InputError, ScreenGame, Turn, View

    game, bound, states, actions = played(kind)
    assert isinstance(game, ScreenGame) and callable(game.local_play)
    view = game.view()
    assert isinstance(view, View) and view.title == game.title
    assert view.rules_lines() and all(isinstance(ln, str) for ln in view.rules_lines())
    assert all(isinstance(ln, str) for ln in view.settings_lines(bound.track if hasattr(bound, "track")
                                                                 else bound.tiles, bound.rules))
    checked = 0
    for state in states[:-1]:
        seat = view.acting(state)
        turn = view.turn(state, seat)
        assert isinstance(turn, Turn) and turn.help_text and turn.hint()
        for text in [sg.text for sg in turn.suggest("")][:20]:
            try:
                action = turn.parse(text)  # (a menu line may be a first step: cards before the path)
            except InputError:
                continue
            if isinstance(action, Command):
                continue
            bound.apply(state, action, _check_rand())  # legal: raises otherwise
            assert turn.describe(action)
            checked += 1
            break
        if checked >= 5:
            break
    assert checked, kind
    assert isinstance(view.turn(states[0], view.acting(states[0])).parse("auto"), Command)


def _check_rand():
    from snowp2p.core.drbg import Rand

    return Rand(b"contract/screen")


@pytest.mark.parametrize("kind", KINDS)
def test_a_bound_game_and_a_session_of_it_can_be_copied(kind):
    """A session (and so its bound game) deep-copies as the sled games' always did: the fuzz tests copy an
    auditor's session (tests/fuzz/test_fuzz_wire.py); Snake Carnival's bound game held its modules and could
    not be copied (found when that fuzz test first ran for Snake Carnival)."""
    import copy

    from snowp2p.protocol.messages import decode_signed
    from snowp2p.protocol.messages import ZERO_HASH, Envelope, encode_signed
    from snowp2p.protocol.crypto import Identity

    game = find_game(kind)
    body = roster_body(find_game(kind), game.load_table(None), game.default_rules(), _seats(3))
    host = Identity.from_seed(derive(SEED, "id", 0))
    session = session_for(decode_signed(encode_signed(host, Envelope(derive(SEED, "game"), 0, 0, ZERO_HASH, body))))
    twin = copy.deepcopy(session)
    assert twin.g.kind == kind and twin.g.rules == session.g.rules


@pytest.mark.parametrize("kind", KINDS)
def test_the_hidden_deck_follows_a_played_game(kind):
    """What the session's generic hidden-deck machinery (protocol/hidden.py) asks of ``game.hidden``, checked on
    a game of computer moves: the first deck a seat commits is the game's deck and the one it is dealt; every
    card an action opens is in the mover's hand with the value the mover knows; each new generation lies within
    the seat's cards; a card's public value is its private one once opened; the hand is among the cards held."""
    from collections import Counter

    game, bound, states, actions = played(kind)
    deck = game.hidden
    if deck is None:
        return
    rules = bound.rules
    for i in range(3):
        first = deck.first_deck(rules, i, derive(SEED, "secret", i))
        assert Counter(first) == Counter(deck.composition(rules)) and len(first) == deck.size(rules)
        assert tuple(deck.values(states[0], i))[:len(first)] == tuple(first)
        assert deck.generation(states[0], i) == 0 and deck.bounds(states[0], i, 0) == (0, len(first))
    opened = 0
    for before, (seat, action), after in zip(states[:-1], actions, states[1:], strict=True):
        for card, value in deck.opened(action):
            assert card in deck.hand(before, seat) and deck.values(before, seat)[card] == value, (kind, action)
            opened += 1
        g0, g1 = deck.generation(before, seat), deck.generation(after, seat)
        assert g1 >= g0
        for g in range(g0 + 1, g1 + 1):
            first, end = deck.bounds(after, seat, g)
            assert 0 < first < end <= len(deck.values(after, seat))
        values = deck.values(after, seat)
        assert all(v == -1 or v == values[c] for c, v in enumerate(deck.cards(after, seat)))
        assert set(deck.hand(after, seat)) <= deck.holds(after, seat)
    assert opened > 0, kind


@pytest.mark.parametrize("kind", KINDS)
def test_the_session_parts_of_the_game_object(kind):
    """The rest of what the protocol asks: a table's digest survives the roster's form, ``standings`` ranks
    every seat (a game ended before its end), and the tests' cheats are None or the forgeries net/cheats.py asks."""
    game, bound, states, actions = played(kind)
    table = game.load_table(None)
    again = game.table_from_wire(game.table_to_wire(table))
    assert game.table_digest(again) == game.table_digest(table) and len(game.table_digest(table)) == 32
    for state in [*states[1:-1:max(1, len(states) // 10)], states[-1]]:  # (and at the end: each seat once)
        assert sorted(bound.standings(state)) == [0, 1, 2], kind
    assert list(bound.standings(states[-1])) == list(bound.final_places(states[-1])), kind
    forge = game.cheats
    assert forge is None or all(callable(getattr(forge, f)) for f in ("forges", "unheld", "bad_opening", "twins"))
