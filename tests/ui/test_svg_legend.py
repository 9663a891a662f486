"""Issue 23, item 8: the picture of a race says what it shows — START and FINISH on the track, and a key
(sleds, trails, trees, blocked spaces, the finish line, red lines, buildings)."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest
from ui_helpers import new_game, play_bots

from snowp2p.games.sled.svg import sled_svg

NS = {"s": "http://www.w3.org/2000/svg"}


def texts(root) -> list[str]:
    return ["".join(t.itertext()) for t in root.iter("{http://www.w3.org/2000/svg}text")]


@pytest.mark.parametrize("game", ["snowtails", "mush"])
def test_sled_picture_has_start_finish_and_a_key(game):
    st = play_bots(new_game(game), 400)
    at = st.sled(0).at  # (None once the sled finished and left the track, ST-E2)
    root = ET.fromstring(sled_svg(st, {0: [0 if at is None else at, at]}, "a race"))
    words = texts(root)
    assert "START" in words and "FINISH" in words
    key = root.find(".//s:g[@class='legend']", NS)
    assert key is not None
    said = " ".join("".join(t.itertext()) for t in key.iter("{http://www.w3.org/2000/svg}text"))
    for w in ("sled", "trail", "tree", "finish line"):
        assert w in said, said
    if game == "snowtails":
        assert "red line: speed limit" in said
    # the key lies inside the picture
    height = float(root.get("height"))
    assert all(float(t.get("y")) < height for t in key.iter("{http://www.w3.org/2000/svg}text"))
