"""Opening a report in headless Chromium and reading what the page measured about itself.

A probe script is put at the top of a copy of the page: it records script errors and ``console.error`` calls
and, once the page has loaded, writes into the DOM how many images there are, which of them did not decode
(``naturalWidth == 0``) and the page's ``scrollWidth``. Chromium prints the DOM with ``--dump-dom``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from filelock import FileLock

WIDTH = 1280
PROBE = """<script>
window.__errors = [];
window.addEventListener('error', e => window.__errors.push(String(e.message || e.type)), true);
const __ce = console.error;
console.error = (...a) => { window.__errors.push(a.map(String).join(' ')); __ce.apply(console, a); };
window.addEventListener('load', () => {
  const imgs = Array.from(document.images);
  const r = {images: imgs.length,
             broken: imgs.filter(i => !(i.complete && i.naturalWidth > 0)).map(i => i.alt),
             widths: imgs.map(i => i.getBoundingClientRect().width),
             scrollWidth: document.documentElement.scrollWidth, errors: window.__errors,
             wideTables: Array.from(document.querySelectorAll('.scroll')).filter(
               d => d.scrollWidth > d.clientWidth + 1 && !d.closest('details')).length};
  const pre = document.createElement('pre'); pre.id = '__probe'; pre.textContent = JSON.stringify(r);
  document.body.appendChild(pre);
});
</script>"""
FLAGS = ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars")


NAMES = ("chromium", "chromium-browser", "google-chrome")
INSTALL_LOCK = Path(tempfile.gettempdir()) / "brux-chromium-install.lock"  # one apt run for all workers and suites


def install_debian_chromium() -> None:
    """``apt-get install chromium`` (through sudo when not root); output only on failure."""
    sudo = [] if os.geteuid() == 0 else ["sudo", "-n"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "chromium"]):
        done = subprocess.run([*sudo, *cmd], capture_output=True, text=True, env=env, check=False)
        if done.returncode:
            raise RuntimeError(f"could not install Chromium for the browser tests ({' '.join(cmd)}): "
                               f"{done.stderr.strip()[-300:]}")


def find_chromium(names: Sequence[str] = NAMES, install: Callable[[], None] = install_debian_chromium) -> str:
    """The first of ``names`` on the PATH; when none is, ``install`` runs once (under a file lock, so parallel
    workers wait for one installation) and the lookup is repeated."""
    def lookup() -> str | None:
        return next((p for p in map(shutil.which, names) if p), None)

    found = lookup()
    if found:
        return found
    with FileLock(str(INSTALL_LOCK)):
        found = lookup() or (install(), lookup())[1]
    if not found:
        raise RuntimeError(f"headless Chromium is needed for the browser tests: none of {', '.join(names)} "
                           "is on the PATH after installing it")
    return found


def chromium() -> str:
    """The Chromium executable, installed (Debian's package) when it is missing."""
    return find_chromium()


def _run(args: list[str], user_dir: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([chromium(), *FLAGS, f"--user-data-dir={user_dir}", f"--window-size={WIDTH},900", *args],
                          capture_output=True, text=True, timeout=120, check=False)


def probe(page: Path) -> dict:
    """Load ``page`` (a copy with the probe) at 1280 px wide and return the probe's measurements."""
    text = page.read_text(encoding="utf-8")
    assert "<head>" in text
    with tempfile.TemporaryDirectory(prefix="brux-chromium-") as tmp:
        copy = page.with_name(f".probe-{page.name}")  # next to the page, so relative links resolve the same
        copy.write_text(text.replace("<head>", "<head>" + PROBE, 1), encoding="utf-8")
        try:
            done = _run(["--virtual-time-budget=15000", "--dump-dom", copy.resolve().as_uri()], tmp)
        finally:
            copy.unlink()
    m = re.search(r'<pre id="__probe">(.*?)</pre>', done.stdout, re.S)
    assert m, f"the page did not finish loading in Chromium: {done.stderr[-2000:]}"
    return json.loads(m.group(1).replace("&quot;", '"').replace("&amp;", "&").replace("&lt;", "<")
                      .replace("&gt;", ">"))


def screenshot(page: Path, out: Path, height: int = 4000) -> Path:
    """A PNG screenshot of ``page`` at 1280 px wide."""
    with tempfile.TemporaryDirectory(prefix="brux-chromium-") as tmp:
        subprocess.run([chromium(), *FLAGS, f"--user-data-dir={tmp}", f"--window-size={WIDTH},{height}",
                        f"--screenshot={out}", page.resolve().as_uri()], capture_output=True, timeout=120,
                       check=False)
    return out
