"""HTTP load benchmark on loopback: gunicorn (2 workers, production settings) under wrk.

Measures, in one run, requests per second of a trivial Django view (``/healthz/``), a
replay step as an htmx partial and as a full page, 16 concurrent connections each, and
reports the ratios to the trivial view, the partial's 99th-percentile latency, and the
compressed bytes of a replay page's first load (the page and every static file it pulls)
and of one step swap. Rounds are interleaved and medians reported (timings here swing).

Practice: ``http.drill_item_ratio`` is a NEW item per request (a wrk script picks a random
drill, level and item number each time, so nothing is served from a cache) over the trivial
view; ``http.drill_answer_ratio`` posts right answers to the partie drill with a session cookie
and the CSRF token, over the trivial view. Every post is a new answer (judged and counted in the
session, which holds a full practice record after the first few hundred): each carries its own
form token, signed as the server signs the tokens of the forms it serves, and a round has more
of them than it can post (a repeated form would only be answered "counted once", which costs
less and would flatter the figure; a round that ran short is an error).

Traffic goes only to 127.0.0.1. wrk comes from Debian (installed when missing).
"""

from __future__ import annotations

import gzip
import os
import re
import secrets
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SLUG = "piquet-example"
STEP = 5
DURATION = os.environ.get("BENCH_HTTP_DURATION", "6s")
ROUNDS = int(os.environ.get("BENCH_HTTP_ROUNDS", "3"))
ANSWERS_PER_SECOND = int(os.environ.get("BENCH_HTTP_ANSWERS_PER_SECOND", "2000"))
"""Answer forms prepared per second of a round: more than the server can take."""


def _ensure_wrk() -> str:
    path = shutil.which("wrk")
    if path:
        return path
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    subprocess.run([*sudo, "apt-get", "update", "-qq"], check=True)
    subprocess.run(
        [*sudo, "apt-get", "install", "-y", "-qq", "wrk"],
        check=True,
        env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"},
    )
    return shutil.which("wrk") or "wrk"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _env(tmp: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_SECURE_COOKIES="false",
        DJANGO_HSTS_SECONDS="0",
        DJANGO_STATIC_ROOT=str(tmp / "static"),
        DATABASE_URL=f"sqlite:///{tmp / 'bench.sqlite3'}",
        DJANGO_LOG_LEVEL="ERROR",
    )
    return env


def _manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def _wrk(wrk: str, url: str, headers: dict[str, str]) -> tuple[float, float]:
    cmd = [wrk, "-t2", "-c16", f"-d{DURATION}", "--latency", url]
    for k, v in headers.items():
        cmd += ["-H", f"{k}: {v}"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    m = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", out)
    p99 = 0.0
    if m:
        p99 = float(m.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[m.group(2)]
    if "Non-2xx" in out:
        raise RuntimeError(f"wrk saw errors for {url}:\n{out}")
    return rps, p99


def _fetch(url: str, headers: dict[str, str] | None = None) -> tuple[bytes, int]:
    """The body as sent (compressed when the server compressed it) and its size."""
    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip", **(headers or {})})
    with urllib.request.urlopen(req, timeout=10) as resp:
        raw = resp.read()
        return (
            gzip.decompress(raw) if resp.headers.get("Content-Encoding") == "gzip" else raw,
            len(raw),
        )


def _drill_item_script(tmp: Path) -> Path:
    """A wrk script: every request a new item of a random drill, level and number."""
    from cardtutor.engine.drills import DRILLS

    paths = ", ".join(f'"/practice/{d.game}/{d.key.split(".", 1)[1]}/"' for d in DRILLS.values())
    script = tmp / "drill_items.lua"
    script.write_text(
        f"local drills = {{{paths}}}\n"
        "math.randomseed(os.time())\n"
        "request = function()\n"
        "  local path = drills[math.random(#drills)] .. math.random(3) .. '/' .."
        " math.random(1, 1000000000) .. '/'\n"
        "  return wrk.format('GET', path)\n"
        "end\n"
    )
    return script


def _seconds(duration: str) -> int:
    """wrk's duration (``15s``, ``1m``) in seconds."""
    number, unit = re.fullmatch(r"(\d+)([smh]?)", duration).groups()  # type: ignore[union-attr]
    return int(number) * {"": 1, "s": 1, "m": 60, "h": 3600}[unit]


def _answer_script(base: str, tmp: Path, secret_key: str) -> tuple[Path, int]:
    """A wrk script posting right answers to new partie items, each once; and their number.

    One session: the first answer sets its cookie; the CSRF cookie comes with the first page.
    The form tokens are signed here with the server's key, as the server signs those of the
    forms it serves (fetching thousands of pages per round would take minutes); the first
    answer goes through a form the server really served.
    """
    import http.cookiejar
    import urllib.parse

    from django.core import signing

    from cardtutor.engine.drills import DRILLS, Level
    from cardtutor.practice import tokens

    drill: Any = DRILLS["piquet.partie"]
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    first = f"/practice/piquet/partie/2/{secrets.randbelow(10**9)}/"
    html = opener.open(base + first, timeout=10).read().decode()
    token = re.search(r'name="token" value="([^"]+)"', html).group(1)  # type: ignore[union-attr]
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)  # type: ignore[union-attr]
    signer = signing.TimestampSigner(key=secret_key, salt=tokens.SALT, fallback_keys=[])

    def form(seed: str, token: str) -> dict[str, str]:
        right, _reasons = drill.expected(drill.item(seed, Level.MEDIUM))
        return {
            "csrfmiddlewaretoken": csrf,
            "token": token,
            "winner": right.winner,
            "gain": str(right.gain),
            "rubiconed": "yes" if right.rubiconed else "no",
        }

    answered = (
        opener.open(
            base + first,
            urllib.parse.urlencode(form(first.split("/")[-2], token)).encode(),
            timeout=10,
        )
        .read()
        .decode()
    )
    if "counted once" in answered or "not counted" in answered:
        raise RuntimeError("the bench's first answer was refused")
    bodies, paths = [], []
    for _ in range(ANSWERS_PER_SECOND * _seconds(DURATION)):
        seed = str(secrets.randbelow(10**9))
        payload = {"d": drill.key, "s": seed, "l": int(Level.MEDIUM), "n": secrets.token_urlsafe(5)}
        bodies.append(urllib.parse.urlencode(form(seed, signer.sign_object(payload))))
        paths.append(f"/practice/piquet/partie/2/{seed}/")
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
    script = tmp / f"drill_answers-{time.monotonic_ns()}.lua"
    headers = {"Cookie": cookie, "Referer": f"{base}/practice/"}
    script.write_text(posting_script(bodies, paths, headers))
    return script, len(bodies)


def posting_script(bodies: list[str], paths: list[str], headers: dict[str, str]) -> str:
    """A wrk script posting ``bodies[n]`` (form-encoded) to ``paths[n]`` with ``headers``.

    wrk runs the script once per thread (-t2): each thread takes every other form, so no form
    is posted twice (a repeat is answered "counted once" / "already made", which is cheaper
    and would flatter the figure).
    """
    fields = {"Content-Type": "application/x-www-form-urlencoded", **headers}
    lua_headers = ", ".join(f"['{k}'] = '{v}'" for k, v in fields.items())
    return (
        f"local bodies = {{{_lua_list(bodies)}}}\n"
        f"local paths = {{{_lua_list(paths)}}}\n"
        "local counter = 0\n"
        "function setup(thread)\n"
        "  thread:set('id', counter)\n"
        "  counter = counter + 1\n"
        "end\n"
        "function init(args)\n"
        "  i = id - 1\n"
        "end\n"
        "request = function()\n"
        "  i = i + 2\n"
        "  if i > #bodies then i = i - #bodies end\n"
        f"  return wrk.format('POST', paths[i], {{{lua_headers}}}, bodies[i])\n"
        "end\n"
    )


def _lua_list(values: list[str]) -> str:
    return ", ".join(f'"{v}"' for v in values)


def _wrk_script(wrk: str, base: str, script: Path, at_most: int | None = None) -> float:
    """Requests per second of ``script``; ``at_most``: the requests it may send (each of its
    forms once), else the round is an error."""
    cmd = [wrk, "-t2", "-c16", f"-d{DURATION}", "-s", str(script), base]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    if "Non-2xx" in out:
        raise RuntimeError(f"wrk saw errors for {script.name}:\n{out}")
    sent = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    if at_most is not None and sent > at_most:
        raise RuntimeError(
            f"{script.name}: {sent} requests for {at_most} forms; raise "
            "BENCH_HTTP_ANSWERS_PER_SECOND"
        )
    return float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]


def _first_load_bytes(base: str, path: str) -> int:
    html, total = _fetch(base + path)
    text = html.decode()
    assets = set(re.findall(r'(?:src|href)="(/static/[^"#]+)', text))
    for asset in sorted(assets):
        total += _fetch(base + asset)[1]
    return total


@contextmanager
def gunicorn(env: dict[str, str]) -> Iterator[str]:
    """gunicorn (2 workers, ``env``'s settings) on a free loopback port, ready: its base URL."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "gunicorn", "cardtutor.wsgi", "--bind", f"127.0.0.1:{port}"]
    server = subprocess.Popen(
        [*command, "--workers", "2", "--log-level", "warning"], cwd=ROOT, env=env
    )
    try:
        for _ in range(100):
            try:
                _fetch(base + "/healthz/")
                break
            except OSError:
                time.sleep(0.1)
        yield base
    finally:
        server.terminate()
        server.wait(timeout=10)


def run() -> list[tuple[str, float, str]]:
    wrk = _ensure_wrk()
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        env = _env(tmp)
        _manage(env, "migrate", "--noinput", "-v0")
        fixtures = sorted(str(p) for p in (ROOT / "fixtures").glob("*.json"))
        if fixtures:
            _manage(env, "loaddata", *fixtures)
        _manage(env, "collectstatic", "--noinput", "-v0")
        with gunicorn(env) as base:
            step = f"{base}/replays/{SLUG}/step/{STEP}/"
            # warm both workers (timeline cache, template cache)
            for _ in range(20):
                _fetch(step)
                _fetch(step, {"HX-Request": "true"})
            trivial, partial, page, p99s = [], [], [], []
            items, answers, trivial_practice = [], [], []
            item_script = _drill_item_script(tmp)
            for _ in range(ROUNDS):
                trivial.append(_wrk(wrk, base + "/healthz/", {})[0])
                rps, p99 = _wrk(wrk, step, {"HX-Request": "true"})
                partial.append(rps)
                p99s.append(p99)
                page.append(_wrk(wrk, step, {})[0])
            for _ in range(ROUNDS):
                answer_script, forms = _answer_script(base, tmp, env["DJANGO_SECRET_KEY"])
                trivial_practice.append(_wrk(wrk, base + "/healthz/", {})[0])
                items.append(_wrk_script(wrk, base, item_script))
                answers.append(_wrk_script(wrk, base, answer_script, at_most=forms))
            first_load = _first_load_bytes(base, f"/replays/{SLUG}/step/{STEP}/")
            swap = _fetch(f"{base}/replays/{SLUG}/step/{STEP + 1}/", {"HX-Request": "true"})[1]
    t, pa, pg = statistics.median(trivial), statistics.median(partial), statistics.median(page)
    it, an = statistics.median(items), statistics.median(answers)
    # Each ratio is taken within its round (against the trivial view measured just before it)
    # and the median of the rounds reported: other work on the machine comes and goes, and a
    # ratio of two medians from different minutes would carry it.
    ratios = {
        "http.step_partial_ratio": _ratios(partial, trivial),
        "http.step_page_ratio": _ratios(page, trivial),
        "http.drill_item_ratio": _ratios(items, trivial_practice),
        "http.drill_answer_ratio": _ratios(answers, trivial_practice),
    }
    _spread(
        {
            "http.trivial_rps": trivial,
            "http.trivial_practice_rps": trivial_practice,
            "http.step_partial_rps": partial,
            "http.step_page_rps": page,
            "http.drill_item_rps": items,
            "http.drill_answer_rps": answers,
            **ratios,
        }
    )
    return [
        ("http.trivial_rps", t, "req/s"),
        ("http.step_partial_rps", pa, "req/s"),
        ("http.step_page_rps", pg, "req/s"),
        ("http.step_partial_ratio", statistics.median(ratios["http.step_partial_ratio"]), "ratio"),
        ("http.step_page_ratio", statistics.median(ratios["http.step_page_ratio"]), "ratio"),
        ("http.step_partial_p99_ms", statistics.median(p99s), "ms"),
        ("http.replay_first_load_kb", first_load / 1000, "kB"),
        ("http.step_swap_kb", swap / 1000, "kB"),
        ("http.drill_item_rps", it, "req/s"),
        ("http.drill_answer_rps", an, "req/s"),
        ("http.drill_item_ratio", statistics.median(ratios["http.drill_item_ratio"]), "ratio"),
        ("http.drill_answer_ratio", statistics.median(ratios["http.drill_answer_ratio"]), "ratio"),
    ]


def _ratios(values: list[float], trivial: list[float]) -> list[float]:
    return [v / t for v, t in zip(values, trivial, strict=True)]


def _spread(figures: dict[str, list[float]]) -> None:
    """Every round's figure, on stderr (stdout keeps one line per figure): the spread."""
    for name, values in figures.items():
        rounds = " ".join(f"{v:.4g}" for v in values)
        print(
            f"# {name} rounds: {rounds} (median {statistics.median(values):.4g}, "
            f"min {min(values):.4g}, max {max(values):.4g})",
            file=sys.stderr,
        )


if __name__ == "__main__":
    for name, value, unit in run():
        print(f"{name} {value:.4g} {unit}")
