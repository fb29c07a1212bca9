"""Finding headless Chromium, and installing it when it is missing."""

import os
import stat

import pytest

from tests.browser.chromium import find_chromium

MISSING = "brux-no-such-browser"


def test_a_browser_on_the_path_is_used_without_installing():
    calls = []
    assert find_chromium(("sh",), install=lambda: calls.append(1)).endswith("/sh") and calls == []


def test_a_missing_browser_is_installed_once_and_then_found(tmp_path, monkeypatch):
    monkeypatch.setenv("PATH", f"{tmp_path}{os.pathsep}{os.environ['PATH']}")
    calls = []

    def install():
        calls.append(1)
        exe = tmp_path / MISSING
        exe.write_text("#!/bin/sh\n")
        exe.chmod(exe.stat().st_mode | stat.S_IXUSR)

    assert find_chromium((MISSING,), install=install) == str(tmp_path / MISSING) and calls == [1]


def test_an_installation_that_brings_no_browser_is_a_clear_error():
    calls = []
    with pytest.raises(RuntimeError, match=f"none of {MISSING} is on the PATH after installing it"):
        find_chromium((MISSING,), install=lambda: calls.append(1))
    assert calls == [1]
