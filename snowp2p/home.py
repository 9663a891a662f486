"""The user's data directory: identity key, nickname, saved games.

Layout (``--home DIR``, else ``$SNOWP2P_HOME``, else
``$XDG_DATA_HOME/snowp2p`` or ``~/.local/share/snowp2p``)::

    identity.key        the Ed25519 private key seed (32 bytes, mode 0600)
    nickname            the nickname (one line)
    games/<id>/         one directory per networked game:
        game.log        the append-only signed message log
        secret          this peer's deck-layout and hash-chain secret (0600)
        joincode        the game's join code, on the host's side (0600): spectators after `resume`
        match.json      a race of a match: what `resume` needs to go on with the match (0600)
        meta.json       game kind, track, players, status (for `snowp2p games`)
        desync.json     written if the peers' states ever disagree
"""

from __future__ import annotations

import getpass
import json
import os
import re
import stat
import sys
import time
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from .protocol.crypto import Identity
from .protocol.messages import nickname_problem


class HomeError(Exception):
    """A problem with the data directory (one line)."""


def home_dir(explicit: str | None = None) -> Path:
    if explicit:
        return Path(explicit).expanduser()
    env = os.environ.get("SNOWP2P_HOME")
    if env:
        return Path(env).expanduser()
    xdg = os.environ.get("XDG_DATA_HOME")
    base = Path(xdg).expanduser() if xdg else Path.home() / ".local" / "share"
    return base / "snowp2p"


def _write_private(path: Path, data: bytes, exclusive: bool = False) -> None:
    """Create ``path`` with mode 0600 (never readable by others, even for a moment), never through a
    symbolic link; ``exclusive``: fail with FileExistsError if it exists (O_EXCL)."""
    flags = os.O_WRONLY | os.O_CREAT | os.O_NOFOLLOW | (os.O_EXCL if exclusive else os.O_TRUNC)
    fd = os.open(path, flags, 0o600)
    try:
        os.fchmod(fd, 0o600)
        os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)


def _private_dir(path: Path) -> None:
    """Make ``path`` (mode 0700) or tighten it to 0700 if it is ours and open to others."""
    path.mkdir(mode=0o700, parents=True, exist_ok=True)
    st = path.stat()
    if st.st_uid == os.getuid() and stat.S_IMODE(st.st_mode) & 0o077:
        os.chmod(path, stat.S_IMODE(st.st_mode) & 0o700)


MAX_NICK_CHARS = 24


def check_nickname(nick: str) -> str:
    """The nickname in normal form (NFC), or HomeError: 1-24 letters, digits, '_', '.' or '-'; never a
    control, format or combining character (so no two seats can look alike: messages.nickname_problem)."""
    nick = unicodedata.normalize("NFC", nick)
    why = nickname_problem(nick)
    if why is None and len(nick) > MAX_NICK_CHARS:
        why = f"longer than {MAX_NICK_CHARS} characters"
    if why is None and not all(c.isalnum() or c in "_.-" for c in nick):
        why = "only letters, digits, '_', '.' and '-' are allowed"
    if why is not None:
        raise HomeError(f"--name: {nick!r} can not be a nickname: {why}")
    return nick


def _valid_nick(nick: str) -> bool:
    try:
        return check_nickname(nick) == nick
    except HomeError:
        return False


@dataclass
class Home:
    path: Path

    @classmethod
    def open(cls, explicit: str | None = None) -> "Home":
        path = home_dir(explicit)
        try:
            _private_dir(path)
            _private_dir(path / "games")
        except OSError as e:
            raise HomeError(f"data directory {path}: {e.strerror}") from None
        return cls(path)

    # ---- identity ----
    def identity(self) -> Identity:
        """This user's key, made on first use (file mode 0600)."""
        key = self.path / "identity.key"
        if not os.path.lexists(key):
            ident = Identity.from_seed(os.urandom(32))
            try:
                _write_private(key, ident.to_bytes().hex().encode() + b"\n", exclusive=True)
                return ident
            except FileExistsError:
                pass  # made meanwhile by another process: read that one
            except OSError as e:
                raise HomeError(f"{key}: can not create the identity key: {e.strerror}") from None
        try:
            fd = os.open(key, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError as e:
            if os.path.islink(key):
                raise HomeError(f"{key}: is a symbolic link; the identity key must be a plain file") from None
            raise HomeError(f"{key}: can not read: {e.strerror}") from None
        with os.fdopen(fd, "rb") as f:
            st = os.fstat(f.fileno())
            if not stat.S_ISREG(st.st_mode):
                raise HomeError(f"{key}: not a plain file")
            data = f.read(4096)
        try:
            ident = Identity.from_bytes(bytes.fromhex(data.decode().strip()))
        except (ValueError, UnicodeDecodeError):
            raise HomeError(f"{key}: not a snowp2p identity key (64 hex digits)") from None
        if stat.S_IMODE(st.st_mode) & 0o077:
            print(f"warning: {key} can be read by other users (mode {stat.S_IMODE(st.st_mode):04o}): "
                  f"anyone who reads it can play as you; fix it with: chmod 600 {key}", file=sys.stderr)
        return ident

    def nickname(self, override: str | None = None) -> str:
        f = self.path / "nickname"
        if override:
            nick = check_nickname(override)
            f.write_text(nick + "\n")
            return nick
        if f.exists():
            nick = f.read_text(errors="replace").strip()
            if _valid_nick(nick):
                return nick
        try:
            user = getpass.getuser()
        except Exception:
            user = "player"
        nick = re.sub(r"[^A-Za-z0-9_.\-]", "", user)[:24] or "player"
        f.write_text(nick + "\n")
        return nick

    # ---- games ----
    def game_dir(self, game_id: bytes) -> Path:
        d = self.path / "games" / game_id.hex()[:16]
        _private_dir(d)
        return d

    def save_secret(self, game_id: bytes, secret: bytes) -> None:
        _write_private(self.game_dir(game_id) / "secret", secret)

    def load_secret(self, game_id: bytes) -> bytes | None:
        f = self.game_dir(game_id) / "secret"
        return f.read_bytes() if f.exists() else None

    def write_private(self, game_id: bytes, name: str, data: bytes) -> None:
        """A file of the game's directory that is a secret like the game's (mode 0600, never through a link),
        replaced whole: written beside it, then renamed over it."""
        d = self.game_dir(game_id)
        tmp = d / (name + ".tmp")
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        _write_private(tmp, data, exclusive=True)
        tmp.replace(d / name)

    def save_code(self, game_id: bytes, code: str) -> None:
        """The join code of a game this peer hosts: a secret (whoever holds it may watch the game, SPEC 17)."""
        self.write_private(game_id, "joincode", code.encode() + b"\n")

    def load_code(self, game_id: bytes) -> str | None:
        f = self.game_dir(game_id) / "joincode"
        try:
            fd = os.open(f, os.O_RDONLY | os.O_NOFOLLOW)
        except OSError:
            return None
        with os.fdopen(fd, "rb") as fh:
            code = fh.read(256).decode(errors="replace").strip()
        return code or None

    def write_meta(self, game_id: bytes, meta: dict) -> None:
        d = self.game_dir(game_id)
        tmp = d / "meta.json.tmp"
        tmp.write_text(json.dumps(meta, indent=1, sort_keys=True))
        tmp.replace(d / "meta.json")

    def games(self) -> list[tuple[Path, dict]]:
        """Saved games, newest first: (directory, meta)."""
        out = []
        for d in (self.path / "games").iterdir():
            m = d / "meta.json"
            if not m.exists() and (d / "game.log").is_file() and (d / "game.log").stat().st_size > 8:
                # a game whose peer stopped between logging the roster and writing its first meta.json (a
                # kill -9 at that moment): unfinished, so a plain `resume` finds it (issue 18, case 12)
                started = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime((d / "game.log").stat().st_mtime))
                out.append((d, {"status": "playing", "started": started, "log": str(d / "game.log")}))
                continue
            if m.exists():
                try:
                    out.append((d, json.loads(m.read_text())))
                except (OSError, ValueError):
                    out.append((d, {"status": "unreadable meta.json"}))
        out.sort(key=lambda x: x[1].get("started", ""), reverse=True)
        return out
