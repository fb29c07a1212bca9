"""Opening a report in headless Chromium and reading what the page measured about itself.

A probe script is put at the top of a copy of the page: it records script errors and ``console.error`` calls
and, once the page has loaded, writes into the DOM how many images there are, which of them did not decode
(``naturalWidth == 0``) and the page's ``scrollWidth``. Chromium prints the DOM with ``--dump-dom``.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import tempfile
from pathlib import Path

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


def chromium() -> str:
    """The Chromium executable (``.ci/run`` installs the Debian package when it is missing)."""
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise RuntimeError("headless Chromium is needed for the browser tests: apt-get install chromium")


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
