import pytest
from protocol_helpers import GAME, fixed

from snowp2p.protocol.errors import CommitmentError
from snowp2p.protocol.slots import (
    SlotBook,
    check_opening,
    commit_slot,
    layout_commitments,
    layout_deck,
)

SALT = fixed("salt")
SECRET = fixed("secret")
DECK = [1, 1, 1, 2, 2, 3, 3, 4, 5, 5]


def test_commit_and_open():
    c = commit_slot(GAME, 1, 0, 3, 4, SALT)
    assert len(c) == 32
    check_opening(c, GAME, 1, 0, 3, 4, SALT)


@pytest.mark.parametrize(
    "args",
    [
        (GAME, 1, 0, 3, 5, SALT),  # other value
        (GAME, 1, 0, 3, 4, fixed("other salt")),
        (GAME, 1, 0, 2, 4, SALT),  # other slot
        (GAME, 1, 1, 3, 4, SALT),  # other generation
        (GAME, 2, 0, 3, 4, SALT),  # other player
        (fixed("other game"), 1, 0, 3, 4, SALT),
        (GAME, 1, 0, 3, 4, SALT[:31]),
        (GAME, 1, 0, 3, -1, SALT),
    ],
)
def test_wrong_openings_are_refused(args):
    c = commit_slot(GAME, 1, 0, 3, 4, SALT)
    with pytest.raises(CommitmentError, match="does not match"):
        check_opening(c, *args)


def test_layout_is_a_private_deterministic_permutation():
    layout = layout_deck(DECK, SECRET)
    assert [s.slot for s in layout] == list(range(len(DECK)))
    assert sorted(s.value for s in layout) == DECK
    assert [s.value for s in layout] != DECK  # not the sorted order
    assert layout == layout_deck(DECK, SECRET)
    assert layout != layout_deck(DECK, fixed("other secret"))
    assert len({s.salt for s in layout}) == len(DECK)


def test_layout_commitments_open():
    layout = layout_deck(DECK, SECRET)
    commitments = layout_commitments(GAME, 2, 1, layout)
    for s, c in zip(layout, commitments, strict=True):
        check_opening(c, GAME, 2, 1, s.slot, s.value, s.salt)
    # Equal cards still get different commitments (salts differ).
    assert len(set(commitments)) == len(DECK)


def test_slot_book_tracks_openings():
    layout = layout_deck(DECK, SECRET)
    book = SlotBook(GAME)
    book.add_generation(1, 0, layout_commitments(GAME, 1, 0, layout))
    assert book.size(1, 0) == len(DECK)
    s = layout[4]
    assert book.open(1, 0, s.slot, s.value, s.salt) == s.value
    assert book.opened(1, 0) == {4: s.value}
    assert 4 not in book.closed_slots(1, 0)
    with pytest.raises(CommitmentError):
        book.open(1, 0, 5, s.value + 1, layout[5].salt)
    with pytest.raises(CommitmentError, match="no slot"):
        book.open(1, 0, 99, 1, SALT)
    with pytest.raises(CommitmentError, match="not committed"):
        book.open(1, 1, 0, 1, SALT)
    with pytest.raises(CommitmentError, match="already committed"):
        book.add_generation(1, 0, [])
    for slot in layout:
        book.open(1, 0, slot.slot, slot.value, slot.salt)
    assert book.closed_slots(1, 0) == []
    assert book.generations() == [(1, 0)]
