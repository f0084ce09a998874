"""The sandbox hides every distribution's folders of installed packages, Fedora's lib64 ones too (issue 39)."""

from __future__ import annotations

from pathlib import Path

import pytest

from perfectplay.check.run import sandbox
from perfectplay.check.run.hidden_packages import package_folders

LAYOUTS = [
    "/usr/lib/python3/dist-packages",  # Debian and Ubuntu: the system's packages
    "/usr/lib/python3.12/site-packages",  # Fedora: pure-Python packages
    "/usr/lib64/python3.12/site-packages",  # Fedora, RHEL: compiled packages
    "/usr/local/lib/python3.11/dist-packages",  # Debian: pip as root
    "/usr/local/lib64/python3.12/site-packages",  # Fedora: pip as root, compiled packages
    "/usr/local/lib/python3.13/site-packages",  # a Python built from source
    "/usr/local/lib64/python3.9/dist-packages",
]
NOT_PACKAGES = [
    "/usr/lib64/python3.12/lib-dynload",  # the standard library's: the candidate needs it
    "/usr/lib/python3.12/json",
    "/usr/lib64/perl5/site-packages",  # not Python's
    "/usr/share/python3/site-packages",
]


def test_every_layout_of_installed_packages_is_found_and_nothing_else(tmp_path: Path) -> None:
    root = str(tmp_path)
    for folder in LAYOUTS + NOT_PACKAGES:
        Path(root + folder).mkdir(parents=True)
    Path(root + "/usr/lib64/python3.13").mkdir(parents=True)
    Path(root + "/usr/lib64/python3.13/site-packages").write_text("a file, not a folder of packages\n")
    assert package_folders(root) == sorted(LAYOUTS)


def test_a_machine_without_python_packages_hides_nothing(tmp_path: Path) -> None:
    (tmp_path / "usr" / "lib64").mkdir(parents=True)
    assert package_folders(str(tmp_path)) == []


def test_the_sandbox_mounts_an_empty_read_only_folder_over_each_after_binding_usr(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    fedora = ["/usr/lib64/python3.12/site-packages", "/usr/local/lib64/python3.12/site-packages"]
    monkeypatch.setattr(sandbox, "package_folders", lambda: fedora)
    argv = sandbox._bwrap("bwrap", None, None)
    usr = argv.index("/usr")
    for folder in fedora:
        at = argv.index(folder)
        assert argv[at - 3 : at + 3] == ["--perms", "0555", "--tmpfs", folder, "--remount-ro", folder]
        assert at > usr  # mounted over /usr's view, not hidden beneath it
