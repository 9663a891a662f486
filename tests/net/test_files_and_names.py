"""Files and names (issue 11 part 6): the data directory and key file are private, nicknames can not look
alike, and a hostile track file costs one line.  Real `snowp2p` processes where the user is the point."""

from __future__ import annotations

import os
import stat

import pytest

from kit.peers import snowp2p
from snowp2p.home import Home, HomeError, check_nickname
from snowp2p.protocol.crypto import Identity
from snowp2p.protocol.errors import DecodeError
from snowp2p.protocol.messages import (
    PROTOCOL_VERSION, SIG_CONTEXT, UNSEATED, ZERO_HASH, Hello, decode_signed, pack_canonical, to_wire,
)
from snowp2p.games.sled.track import MAX_SECTIONS, TrackError, load_track_file


def test_the_data_directory_and_key_are_private(tmp_path):
    home = tmp_path / "me"
    res = snowp2p("id", "--home", str(home))
    assert res.returncode == 0, res.stderr
    assert stat.S_IMODE(home.stat().st_mode) == 0o700
    assert stat.S_IMODE((home / "games").stat().st_mode) == 0o700
    assert stat.S_IMODE((home / "identity.key").stat().st_mode) == 0o600
    assert "warning" not in res.stderr


def test_an_open_data_directory_is_tightened(tmp_path):
    home = tmp_path / "me"
    home.mkdir(mode=0o755)
    os.chmod(home, 0o755)
    assert snowp2p("id", "--home", str(home)).returncode == 0
    assert stat.S_IMODE(home.stat().st_mode) == 0o700


def test_a_key_readable_by_others_gives_a_warning(tmp_path):
    home = tmp_path / "me"
    assert snowp2p("id", "--home", str(home)).returncode == 0
    key = home / "identity.key"
    os.chmod(key, 0o644)
    res = snowp2p("id", "--home", str(home))
    assert res.returncode == 0
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1 and "can be read by other users" in lines[0] and "chmod 600" in lines[0], res.stderr


def test_the_key_is_never_written_or_read_through_a_symlink(tmp_path):
    home = tmp_path / "me"
    home.mkdir()
    target = tmp_path / "elsewhere"
    (home / "identity.key").symlink_to(target)  # dangling: creating through it would write `elsewhere`
    res = snowp2p("id", "--home", str(home))
    assert res.returncode == 2 and not target.exists(), res.stderr
    assert len(res.stderr.strip().splitlines()) == 1 and "symbolic link" in res.stderr
    target.write_text(Identity.from_seed(b"\x01" * 32).to_bytes().hex())
    res = snowp2p("id", "--home", str(home))
    assert res.returncode == 2 and "symbolic link" in res.stderr and "Traceback" not in res.stderr


def test_two_processes_making_the_key_at_once_agree(tmp_path):
    """O_EXCL: the first one to create the key wins; the other reads it (no half-written or replaced key)."""
    home = Home.open(str(tmp_path / "me"))
    a = home.identity()
    b = Home.open(str(tmp_path / "me")).identity()
    assert a.public_key == b.public_key


@pytest.mark.parametrize("nick", ["ann\u200b", "q\u0301", "bob\u202e", "x\x07", "\u2028", " ann", "ann\u0308"])
def test_nicknames_with_invisible_or_combining_characters_are_refused(tmp_path, nick):
    with pytest.raises(HomeError):
        check_nickname(nick)
    res = snowp2p("id", "--home", str(tmp_path / "me"), "--name", nick)
    assert res.returncode == 2 and len(res.stderr.strip().splitlines()) == 1 and "Traceback" not in res.stderr


def test_nicknames_are_normalised_nfc():
    assert check_nickname("Jose\u0301") == "Jos\u00e9"
    assert check_nickname("Åsa") == "Åsa"


@pytest.mark.parametrize("nick", ["host\u200b", "ho\u0301st", "e\u0301"])
def test_a_hello_with_such_a_nickname_is_refused_on_the_wire(nick):
    ident = Identity.from_seed(b"\x02" * 32)
    body = to_wire(Hello("placeholder", ident.public_key, b"\x03" * 32, 1))
    body = {k: (nick if v == "placeholder" else v) for k, v in body.items()}
    env = pack_canonical([PROTOCOL_VERSION, ZERO_HASH, UNSEATED, 0, ZERO_HASH, "hello", body])
    payload = pack_canonical([env, ident.sign(SIG_CONTEXT + env)])  # correctly signed: only the name is wrong
    with pytest.raises(DecodeError, match="nick"):
        decode_signed(payload)


def test_a_too_deep_track_file_is_refused_with_one_line(tmp_path):
    deep = tmp_path / "deep.toml"
    deep.write_text("name = " + "[" * 20000 + "]" * 20000 + "\n")  # 40 KB: under the size cap
    with pytest.raises(TrackError, match="nested too deeply"):
        load_track_file(deep)
    res = snowp2p("host", "--game", "snowtails", "--track", str(deep), "--players", "2", "--autoplay",
                  "--home", str(tmp_path / "me"), "--no-announce")
    assert res.returncode != 0 and "Traceback" not in res.stderr, res.stderr
    assert len(res.stderr.strip().splitlines()) == 1 and "nested too deeply" in res.stderr, res.stderr


def test_track_files_are_capped(tmp_path):
    many = tmp_path / "many.toml"
    sections = "".join('[[sections]]\nkind = "straight"\nrows = 5\n' for _ in range(MAX_SECTIONS + 1))
    many.write_text('name = "many"\ngame = "snowtails"\nlanes = 5\n[[sections]]\nkind = "start"\nrows = 3\n'
                    + sections + '[[sections]]\nkind = "finish"\nrows = 3\n')
    with pytest.raises(TrackError, match="at most"):
        load_track_file(many)
    big = tmp_path / "big.toml"
    corners = "".join('[[sections]]\nkind = "corner"\nturn = "left"\nangle = 360\ninner_radius = 50\n'
                      for _ in range(12))
    big.write_text('name = "big"\ngame = "mush"\nlanes = 7\n[[sections]]\nkind = "start"\nrows = 3\n'
                   + corners + '[[sections]]\nkind = "finish"\nrows = 3\n')
    with pytest.raises(TrackError, match="spaces; at most"):
        load_track_file(big)
    huge = tmp_path / "huge.toml"
    huge.write_text("# " + "x" * (300 * 1024) + "\n")
    with pytest.raises(TrackError, match="KiB"):
        load_track_file(huge)
