"""A build's finished shards, one file each in a folder beside the output, so that a stopped build resumes.

The folder is ``OUTPUT.shards``. Its ``build.json`` names what is being
built (the game, the number of shards, the format); a rerun of the same build
skips every shard whose file is there, and a different build refuses the
folder rather than mix two builds' pieces. A shard's file appears whole or
not at all (written beside its name, then renamed), so a build killed at any
moment leaves only finished shards. When the one result file is written, the
folder is removed.
"""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

from perfectplay import PerfectplayError, files

SHARD_COUNT = 64
"""Shards a build is cut into by default: several per worker (the slow ones even out), few enough to list."""


def shard_of(key: int, shards: int) -> int:
    """The shard a position's key belongs to: SplitMix64's mix of the key, the same on every run and machine.

    Every bit of the key moves every bit of the mix, so shards are even in
    size however regular the keys (a plain multiple of the key is not: its
    low bits follow the key's low bits alone).
    """
    mask = 0xFFFF_FFFF_FFFF_FFFF
    mixed = (key + 0x9E3779B97F4A7C15) & mask
    mixed = ((mixed ^ mixed >> 30) * 0xBF58476D1CE4E5B9) & mask
    mixed = ((mixed ^ mixed >> 27) * 0x94D049BB133111EB) & mask
    return (mixed ^ mixed >> 31) % shards


def write_atomically(path: Path, data: bytes) -> None:
    """Write ``data`` to ``path`` so that it is there whole or not at all, a regular file only (``perfectplay.files``).

    A shard of an earlier run of this same build may be replaced (the build resumes); a link is not followed.
    """
    files.write(path, data)


class ShardFolder:
    """The folder of one build's finished shards (``OUTPUT.shards``)."""

    def __init__(self, output: str | os.PathLike[str], build: dict[str, Any]) -> None:
        target = Path(output)
        self.path = target.with_name(target.name + ".shards")
        self.build = build

    def open(self) -> ShardFolder:
        """Make the folder, or check that the one there is of this same build."""
        manifest = self.path / "build.json"
        try:
            if manifest.exists():
                found = json.loads(manifest.read_text(encoding="utf-8"))
                if found != self.build:
                    raise PerfectplayError(
                        f"{self.path} holds the shards of another build ({found}): remove it or choose another output"
                    )
                return self
            self.path.mkdir(parents=True, exist_ok=True)
            write_atomically(manifest, json.dumps(self.build, sort_keys=True).encode("utf-8"))
        except (OSError, ValueError) as error:
            raise PerfectplayError(f"cannot use the shard folder {self.path}: {error}") from None
        return self

    def shard_path(self, name: str) -> Path:
        return self.path / f"shard-{name}"

    def finished(self) -> list[str]:
        """The names of the shards whose files are there, sorted."""
        try:
            found = [item.name for item in self.path.iterdir() if item.name.startswith("shard-") and item.is_file()]
        except OSError as error:
            raise PerfectplayError(f"cannot read the shard folder {self.path}: {error}") from None
        return sorted(name.removeprefix("shard-") for name in found)

    def save(self, name: str, data: bytes) -> None:
        try:
            write_atomically(self.shard_path(name), data)
        except OSError as error:
            raise PerfectplayError(f"cannot write shard {name} in {self.path}: {error}") from None

    def load(self, name: str) -> bytes:
        try:
            return self.shard_path(name).read_bytes()
        except OSError as error:
            raise PerfectplayError(f"cannot read shard {name} in {self.path}: {error}") from None

    def remove(self) -> None:
        """Delete the folder: the result file holds everything now."""
        shutil.rmtree(self.path, ignore_errors=True)
