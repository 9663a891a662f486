"""Coverage-guided fuzzing of the network boundary with atheris (optional; not run by pytest).

    pip install atheris
    python tests/fuzz/atheris_wire.py -atheris_runs=200000          # or -max_total_time=600

One input drives, in turn: FrameDecoder (the input split into chunks), decode_signed on every frame, and
read_log on the input as a log file.  Anything but a ProtocolError subclass is a crash; an accepted message
must re-encode to the same bytes.
"""

import io
import sys
from pathlib import Path

import atheris

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

with atheris.instrument_imports():
    from snowp2p.protocol import session as _session  # noqa: F401  (registers link and evidence)
    from snowp2p.protocol.errors import ProtocolError
    from snowp2p.protocol.framing import FrameDecoder
    from snowp2p.protocol.log import read_log
    from snowp2p.protocol.messages import decode_signed, encode_envelope, pack_canonical


def one(data: bytes) -> None:
    fdp = atheris.FuzzedDataProvider(data)
    cut = fdp.ConsumeIntInRange(0, len(data))
    blob = fdp.ConsumeBytes(len(data))
    dec = FrameDecoder(fdp.ConsumeIntInRange(1, 70000) if fdp.remaining_bytes() else 65536)
    frames = []
    try:
        frames += dec.feed(blob[:cut])
        frames += dec.feed(blob[cut:])
    except ProtocolError as e:
        frames += getattr(e, "frames", [])
    for payload in frames + [blob]:
        try:
            msg = decode_signed(payload)
        except ProtocolError:
            continue
        assert encode_envelope(msg.envelope) == msg.envelope_bytes
        assert pack_canonical([msg.envelope_bytes, msg.signature]) == payload
    try:
        read_log(io.BytesIO(blob))
    except ProtocolError:
        pass


if __name__ == "__main__":
    atheris.Setup(sys.argv, one)
    atheris.Fuzz()
