"""Files the user did not mean to lose stay (issue 24 item 4): `replay --svg` writes a new file, refuses an
existing one (a file, a link, a dangling link) unless --force, and never writes through a symbolic link;
the end screens' `s` key picks a free name (snowp2p/files.py)."""

from __future__ import annotations

import os

import pytest

from kit.peers import snowp2p as run_cli
from snowp2p.files import write_fresh, write_new
from snowp2p.protocol.log import LogWriter
from test_audit_threads import play


def test_write_new_refuses_what_exists_and_never_follows_a_link(tmp_path):
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    link = tmp_path / "link.svg"
    link.symlink_to(victim)
    dangling = tmp_path / "dangling.svg"
    dangling.symlink_to(tmp_path / "nowhere.txt")
    for p in (victim, link, dangling):
        with pytest.raises(FileExistsError):
            write_new(p, b"new")
    assert victim.read_text() == "keep me" and not (tmp_path / "nowhere.txt").exists()
    assert write_new(tmp_path / "fresh.svg", b"new") == str(tmp_path / "fresh.svg")
    # --force: the link itself is replaced by the file; its target is untouched
    write_new(link, b"forced", force=True)
    assert not link.is_symlink() and link.read_bytes() == b"forced" and victim.read_text() == "keep me"
    write_new(dangling, b"forced", force=True)
    assert not dangling.is_symlink() and not (tmp_path / "nowhere.txt").exists()
    write_new(victim, b"forced", force=True)
    assert victim.read_bytes() == b"forced"
    with pytest.raises(IsADirectoryError):
        write_new(tmp_path, b"x", force=True)
    assert not [p for p in os.listdir(tmp_path) if p.endswith(".tmp")]  # no temporary file left


def test_write_fresh_takes_the_next_free_name(tmp_path):
    (tmp_path / "game.svg").write_text("old")
    (tmp_path / "game-2.svg").symlink_to(tmp_path / "elsewhere")
    assert write_fresh(tmp_path / "game.svg", b"new") == str(tmp_path / "game-3.svg")
    assert (tmp_path / "game.svg").read_text() == "old" and not (tmp_path / "elsewhere").exists()


@pytest.fixture(scope="module")
def game_log(tmp_path_factory):
    records, _ = play(2, 5)
    path = tmp_path_factory.mktemp("svg") / "game.log"
    with open(path, "wb") as f:
        w = LogWriter(f)
        for r in records:
            w.append(r)
    return path


def test_replay_svg_refuses_an_existing_file_and_a_link_unless_forced(tmp_path, game_log):
    victim = tmp_path / "notes.txt"
    victim.write_text("my notes")
    link = tmp_path / "pic.svg"
    link.symlink_to(victim)
    for target in (victim, link):
        res = run_cli("replay", str(game_log), "--svg", str(target))
        assert res.returncode == 2, res.stdout + res.stderr
        lines = res.stderr.strip().splitlines()
        assert len(lines) == 1 and "the file exists" in lines[0] and "--force" in lines[0], res.stderr
    assert victim.read_text() == "my notes"

    res = run_cli("replay", str(game_log), "--svg", str(link), "--force")
    assert res.returncode == 0, res.stderr
    assert not link.is_symlink() and link.read_text().lstrip().startswith("<") and victim.read_text() == "my notes"

    new = tmp_path / "new.svg"
    res = run_cli("replay", str(game_log), "--svg", str(new))
    assert res.returncode == 0 and f"wrote {new}" in res.stdout, res.stderr
