import pytest
from hypothesis import given
from hypothesis import strategies as st
from protocol_helpers import IDS, fixed, roster_msg, signed

from snowp2p.protocol.chain import SenderChain, Verdict
from snowp2p.protocol.crypto import verify
from snowp2p.protocol.errors import ChainError, EquivocationError, SignatureError
from snowp2p.protocol.messages import SIG_CONTEXT, UNSEATED, ZERO_HASH, Join, Reveal, decode_signed


def reveals_from(seat, count, start_prev=ZERO_HASH):
    msgs, prev = [], start_prev
    for seq in range(count):
        m = signed(seat, seq, prev, Reveal(seq, fixed(f"r{seat}.{seq}")))
        msgs.append(m)
        prev = m.digest
    return msgs


def test_from_roster_accepts_the_roster_as_host_seq_0():
    chain = SenderChain.from_roster(roster_msg())
    assert chain.next_seq(0) == 1
    assert chain.head(0) == roster_msg().digest
    assert chain.next_seq(1) == 0 and chain.head(1) == ZERO_HASH


def test_roster_signed_by_someone_else_is_refused():
    forged = signed(0, 0, ZERO_HASH, roster_msg().body, ident=IDS[3])
    with pytest.raises(SignatureError):
        SenderChain.from_roster(forged)


def test_messages_in_order_are_accepted():
    chain = SenderChain.from_roster(roster_msg())
    msgs = reveals_from(1, 4)
    assert [chain.accept(m) for m in msgs] == [Verdict.NEW] * 4
    assert chain.history(1) == tuple(msgs)
    assert chain.head(1) == msgs[-1].digest


def test_identical_resend_is_a_duplicate_not_an_error():
    chain = SenderChain.from_roster(roster_msg())
    msgs = reveals_from(1, 3)
    for m in msgs:
        chain.accept(m)
    assert chain.accept(decode_signed(msgs[1].payload)) is Verdict.DUPLICATE
    assert chain.next_seq(1) == 3


def test_equivocation_is_detected_with_verifiable_evidence():
    chain = SenderChain.from_roster(roster_msg())
    msgs = reveals_from(1, 2)
    for m in msgs:
        chain.accept(m)
    other = signed(1, 1, msgs[0].digest, Reveal(1, fixed("a different story")))
    with pytest.raises(EquivocationError) as info:
        chain.accept(other)
    err = info.value
    assert (err.sender, err.seq) == (1, 1)
    assert err.evidence == (msgs[1].payload, other.payload)
    # Anyone can check the evidence: two valid signatures, same sender and seq, different bytes.
    a, b = (decode_signed(p) for p in err.evidence)
    for m in (a, b):
        verify(IDS[1].public_key, SIG_CONTEXT + m.envelope_bytes, m.signature)
    assert (a.sender, a.seq) == (b.sender, b.seq) and a.envelope_bytes != b.envelope_bytes
    assert chain.next_seq(1) == 2  # state unchanged


def test_forged_equivocation_is_a_signature_error_not_evidence():
    chain = SenderChain.from_roster(roster_msg())
    chain.accept(reveals_from(1, 1)[0])
    forged = signed(1, 0, ZERO_HASH, Reveal(0, fixed("x")), ident=IDS[2])
    with pytest.raises(SignatureError):
        chain.accept(forged)


def test_gap_and_bad_link_are_chain_errors():
    chain = SenderChain.from_roster(roster_msg())
    msgs = reveals_from(1, 3)
    chain.accept(msgs[0])
    with pytest.raises(ChainError, match="expected seq 1, got 2"):
        chain.accept(msgs[2])
    wrong_prev = signed(1, 1, fixed("not the previous"), Reveal(1, fixed("r")))
    with pytest.raises(ChainError, match="prev does not match"):
        chain.accept(wrong_prev)
    assert chain.accept(msgs[1]) is Verdict.NEW


def test_wrong_game_unknown_seat_and_lobby_messages_are_refused():
    chain = SenderChain.from_roster(roster_msg(3))
    with pytest.raises(ChainError, match="another game"):
        chain.accept(signed(1, 0, ZERO_HASH, Reveal(0, fixed("r")), game=fixed("other game")))
    with pytest.raises(ChainError, match="not in the roster"):
        chain.accept(signed(3, 0, ZERO_HASH, Reveal(0, fixed("r"))))
    join = signed(UNSEATED, 0, ZERO_HASH, Join(b"A" + fixed("a"), fixed("t")), ident=IDS[1])
    with pytest.raises(ChainError, match="lobby"):
        chain.accept(join)


@given(st.permutations(range(6)))
def test_any_delivery_order_converges_when_gaps_are_retried(order):
    chain = SenderChain.from_roster(roster_msg())
    msgs = reveals_from(2, 6)
    pending = [msgs[i] for i in order]
    while pending:
        progressed = False
        for m in list(pending):
            try:
                chain.accept(m)
            except ChainError:
                continue
            pending.remove(m)
            progressed = True
        assert progressed
    assert chain.history(2) == tuple(msgs)


# ---- verify once (issue 14): a message's signature is checked once per key, never trusted unchecked
class _CountingVerify:
    def __init__(self, monkeypatch):
        import snowp2p.protocol.messages as messages

        self.calls = 0
        real = messages._verify_sig

        def counting(*args):
            self.calls += 1
            return real(*args)

        monkeypatch.setattr(messages, "_verify_sig", counting)


def test_a_message_verified_once_is_not_verified_again_under_the_same_key(monkeypatch):
    count = _CountingVerify(monkeypatch)
    m = decode_signed(reveals_from(1, 1)[0].payload)
    m.verify(IDS[1].public_key)
    m.verify(IDS[1].public_key)
    assert count.calls == 1
    with pytest.raises(SignatureError):  # another key is a new question, and a wrong one
        m.verify(IDS[2].public_key)
    with pytest.raises(SignatureError):  # a failure is not remembered as a success
        m.verify(IDS[2].public_key)
    assert count.calls == 3


def test_a_forged_signature_fails_every_time():
    m = reveals_from(1, 1)[0]
    bad = decode_signed(m.payload[:-1] + bytes([m.payload[-1] ^ 1]))
    for _ in range(2):
        with pytest.raises(SignatureError):
            bad.verify(IDS[1].public_key)


def test_a_byte_identical_duplicate_costs_no_second_verification(monkeypatch):
    chain = SenderChain.from_roster(roster_msg())
    msgs = reveals_from(1, 2)
    for m in msgs:
        chain.accept(decode_signed(m.payload))
    count = _CountingVerify(monkeypatch)
    assert chain.accept(decode_signed(msgs[0].payload)) is Verdict.DUPLICATE
    assert count.calls == 0
    # the same envelope with a different signature is not the same bytes: checked (and refused) as before
    bad = decode_signed(msgs[0].payload[:-1] + bytes([msgs[0].payload[-1] ^ 1]))
    with pytest.raises(SignatureError):
        chain.accept(bad)
    assert count.calls == 1
