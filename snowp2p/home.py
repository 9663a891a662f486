"""The user's data directory: identity key, nickname, saved games.

Layout (``--home DIR``, else ``$SNOWP2P_HOME``, else
``$XDG_DATA_HOME/snowp2p`` or ``~/.local/share/snowp2p``)::

    identity.key        the Ed25519 private key seed (32 bytes, mode 0600)
    nickname            the nickname (one line)
    games/<id>/         one directory per networked game:
        game.log        the append-only signed message log
        secret          this peer's deck-layout and hash-chain secret (0600)
        meta.json       game kind, track, players, status (for `snowp2p games`)
        desync.json     written if the peers' states ever disagree
"""

from __future__ import annotations

import getpass
import json
import os
import re
from dataclasses import dataclass
from pathlib import Path

from .protocol.crypto import Identity


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


def _write_private(path: Path, data: bytes) -> None:
    """Create ``path`` with mode 0600 (never readable by others, even for a moment)."""
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    try:
        os.write(fd, data)
    finally:
        os.close(fd)
    os.chmod(path, 0o600)


_NICK = re.compile(r"[A-Za-z0-9_.\-]{1,24}")


def check_nickname(nick: str) -> str:
    if not _NICK.fullmatch(nick):
        raise HomeError(f"--name: a nickname is 1-24 letters, digits, '_', '.' or '-', not {nick!r}")
    return nick


@dataclass
class Home:
    path: Path

    @classmethod
    def open(cls, explicit: str | None = None) -> "Home":
        path = home_dir(explicit)
        try:
            path.mkdir(parents=True, exist_ok=True)
            (path / "games").mkdir(exist_ok=True)
        except OSError as e:
            raise HomeError(f"data directory {path}: {e.strerror}") from None
        return cls(path)

    # ---- identity ----
    def identity(self) -> Identity:
        """This user's key, made on first use (file mode 0600)."""
        key = self.path / "identity.key"
        if key.exists():
            data = key.read_bytes()
            try:
                return Identity.from_bytes(bytes.fromhex(data.decode().strip()))
            except (ValueError, UnicodeDecodeError):
                raise HomeError(f"{key}: not a snowp2p identity key (64 hex digits)") from None
        ident = Identity.from_seed(os.urandom(32))
        _write_private(key, ident.to_bytes().hex().encode() + b"\n")
        return ident

    def nickname(self, override: str | None = None) -> str:
        f = self.path / "nickname"
        if override:
            nick = check_nickname(override)
            f.write_text(nick + "\n")
            return nick
        if f.exists():
            nick = f.read_text().strip()
            if _NICK.fullmatch(nick):
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
        d.mkdir(parents=True, exist_ok=True)
        return d

    def save_secret(self, game_id: bytes, secret: bytes) -> None:
        _write_private(self.game_dir(game_id) / "secret", secret)

    def load_secret(self, game_id: bytes) -> bytes | None:
        f = self.game_dir(game_id) / "secret"
        return f.read_bytes() if f.exists() else None

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
            if m.exists():
                try:
                    out.append((d, json.loads(m.read_text())))
                except (OSError, ValueError):
                    out.append((d, {"status": "unreadable meta.json"}))
        out.sort(key=lambda x: x[1].get("started", ""), reverse=True)
        return out
