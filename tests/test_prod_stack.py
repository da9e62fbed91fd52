"""The production stack with real servers on loopback (deploy/stack.py): nginx in front of
gunicorn, and two gunicorns sharing one Redis. Debian's nginx and redis-server are installed
by ``make test`` (target ``services``); without them these tests are skipped, except under CI.
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from deploy.stack import Stack, free_port, prepare, production_env

SUPERUSER, PASSWORD = "stackboss", "stack-pw-4711-rubicon"


def _need(binary: str) -> None:
    if not (shutil.which(binary) or Path("/usr/sbin", binary).exists()):
        message = f"{binary} is missing: make test installs it (target services)"
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message, pytrace=False)
        pytest.skip(message)


@pytest.fixture(scope="module")
def site() -> Iterator[dict[str, Any]]:
    """A migrated SQLite file with the example replays, a superuser, and collected static
    files, in production settings: shared by the tests of this module. In a directory that
    nginx's workers (www-data) can read, unlike pytest's own temporary directories."""
    _need("nginx")
    tmp = Path(tempfile.mkdtemp(prefix="cardtutor-site-"))
    tmp.chmod(0o755)
    static = tmp / "static"
    env = production_env(
        static,
        DATABASE_URL=f"sqlite:///{tmp / 'site.sqlite3'}",
        DJANGO_SUPERUSER_PASSWORD=PASSWORD,
        DJANGO_LOG_LEVEL="ERROR",
    )
    prepare(env)
    from deploy.stack import manage

    manage(env, "createsuperuser", "--noinput", "--username", SUPERUSER, "--email", "a@b.example")
    try:
        yield {"env": env, "static": static, "tmp": tmp}
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


@pytest.fixture
def running() -> Iterator[Stack]:
    stack = Stack()
    try:
        yield stack
    finally:
        stack.close()


class Browser:
    """A cookie-keeping HTTP client (urllib) for one server; its forms carry ``Origin``."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def get(self, path: str) -> tuple[int, str, dict[str, str]]:
        return self.request(urllib.request.Request(self.base + path))

    def request(self, req: urllib.request.Request) -> tuple[int, str, dict[str, str]]:
        try:
            with self.opener.open(req, timeout=30) as response:
                return response.status, response.read().decode(), dict(response.headers)
        except urllib.error.HTTPError as err:
            return err.code, err.read().decode(errors="replace"), dict(err.headers)

    def csrf(self) -> str:
        return next(c.value for c in self.jar if c.name == "csrftoken")

    def post(
        self, path: str, fields: dict[str, str], files: dict[str, bytes] | None = None
    ) -> tuple[int, str, dict[str, str]]:
        boundary = uuid.uuid4().hex
        parts = []
        for name, value in {"csrfmiddlewaretoken": self.csrf(), **fields}.items():
            parts.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
            )
        for name, content in (files or {}).items():
            parts.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
                f'filename="{name}.json"\r\nContent-Type: application/json\r\n\r\n'.encode()
                + content
                + b"\r\n"
            )
        body = b"".join(parts) + f"--{boundary}--\r\n".encode()
        req = urllib.request.Request(
            self.base + path,
            data=body,
            # As a browser sends it: Django checks it against the host nginx passes on (nginx
            # passed the host without its port, and every browser form was refused).
            headers={
                "Content-Type": f"multipart/form-data; boundary={boundary}",
                "Origin": self.base,
            },
        )
        return self.request(req)

    def log_in(self) -> None:
        self.get("/accounts/login/")
        status, _, _ = self.post(
            "/accounts/login/", {"username": SUPERUSER, "password": PASSWORD, "next": "/"}
        )
        assert status == 200  # followed the redirect to the home page
        assert any(c.name == "sessionid" for c in self.jar)


def test_nginx_serves_pages_and_static_files_and_refuses_oversized_bodies(
    site: dict[str, Any], running: Stack
) -> None:
    app, front = free_port(), free_port()
    running.gunicorn(site["env"], app, workers=1)
    running.nginx(front, [app], site["static"], login_rate="6r/m")
    browser = Browser(f"http://127.0.0.1:{front}")

    status, html, headers = browser.get("/replays/piquet-example/step/3/")
    assert status == 200 and headers["Server"] == "nginx"
    assert "Content-Security-Policy" in headers and "Step 3" in html
    css = re.search(r'href="(/static/css/site\.[0-9a-f]{12}\.css)"', html)
    assert css, "hashed stylesheet"
    status, body, headers = browser.get(css.group(1))
    assert status == 200 and "immutable" in headers["Cache-Control"] and body

    # A body over the limit is refused by nginx (413, in words), above the import's 2 MiB.
    browser.log_in()
    browser.get("/replays/import/")
    status, text, _ = browser.post("/replays/import/", {}, {"file": b" " * (3 * 2**20 + 1)})
    assert status == 413 and "too large" in text
    # Just over the import limit still reaches Django, which says so in the form.
    status, text, _ = browser.post("/replays/import/", {}, {"file": b" " * (2 * 2**20 + 10)})
    assert status == 400 and "too large" in text


def test_behind_a_tls_terminator_django_sees_https_and_the_client_s_address(
    site: dict[str, Any], running: Stack
) -> None:
    """nginx filled in for a TLS terminator in front of it (``SCHEME`` "https", ``REAL_IP``
    trusting the terminator's X-Forwarded-For), with the redirect to HTTPS on: no redirect
    loop, forms from the https origin are taken, and the log-in limit counts per client."""
    app, front = free_port(), free_port()
    env = dict(site["env"], DJANGO_SECURE_SSL_REDIRECT="true")
    running.gunicorn(env, app, workers=1)
    running.nginx(
        front,
        [app],
        site["static"],
        login_rate="2r/m",
        scheme="https",
        real_ip="set_real_ip_from 127.0.0.1; real_ip_header X-Forwarded-For;",
    )
    browser = Browser(f"http://127.0.0.1:{front}")
    status, html, _ = browser.get("/")
    assert status == 200 and "cardtutor" in html, "not sent to https again"

    def log_in_from(address: str) -> int:
        browser.get("/accounts/login/")
        # a new user name each time: django-axes' lock-out (per name and address) stays out
        fields = {"username": f"nobody-{uuid.uuid4().hex[:8]}", "password": "x", "next": "/"}
        req = urllib.request.Request(
            f"{browser.base}/accounts/login/",
            data=urllib.parse.urlencode({"csrfmiddlewaretoken": browser.csrf(), **fields}).encode(),
            headers={"Origin": f"https://127.0.0.1:{front}", "X-Forwarded-For": address},
        )
        return browser.request(req)[0]

    # 2 a minute with the template's burst: one client's run of log-ins is cut off, while
    # another client behind the same terminator is not (both reach nginx from 127.0.0.1).
    first = [log_in_from("203.0.113.7") for _ in range(8)]
    assert first[0] == 200 and first[-1] == 429, first
    assert log_in_from("198.51.100.4") == 200


def test_nginx_says_its_own_messages_in_the_learners_language(
    site: dict[str, Any], running: Stack
) -> None:
    """413 and 503 come from nginx, not Django: in German for a German learner (the site's
    language cookie first, else the browser's language), with a charset."""
    app, front = free_port(), free_port()
    gunicorn = running.gunicorn(site["env"], app, workers=1)
    running.nginx(front, [app], site["static"])
    os.killpg(gunicorn.pid, signal.SIGTERM)
    gunicorn.wait(timeout=20)
    browser = Browser(f"http://127.0.0.1:{front}")
    cases = [
        ({}, "en"),
        ({"Accept-Language": "de-DE,de;q=0.9,en;q=0.8"}, "de"),
        ({"Accept-Language": "en-GB,en;q=0.9,de;q=0.8"}, "en"),
        ({"Accept-Language": "de-DE", "Cookie": "django_language=en"}, "en"),
        ({"Accept-Language": "en-GB", "Cookie": "django_language=de"}, "de"),
    ]
    for headers, language in cases:
        status, text, answer = browser.request(
            urllib.request.Request(browser.base + "/practice/", headers=headers)
        )
        assert status == 503 and answer.get("Retry-After"), (headers, status)
        assert answer["Content-Language"] == language, headers
        assert "charset=utf-8" in answer["Content-Type"].lower()
        german = "Bitte versuche es gleich noch einmal" in text
        english = "please try again in a moment" in text
        assert (german, english) == (language == "de", language == "en"), (headers, text)
    # A body over the limit is refused before any server behind nginx is asked.
    big = urllib.request.Request(
        browser.base + "/replays/import/",
        data=b" " * (3 * 2**20 + 1),
        headers={"Accept-Language": "de", "Content-Type": "application/octet-stream"},
    )
    status, text, answer = browser.request(big)
    assert status == 413 and "Die Anfrage ist zu groß (höchstens 3 MB)." in text


def test_nginx_rate_limits_log_in_posts_and_buffers_slow_clients(
    site: dict[str, Any], running: Stack
) -> None:
    app, front = free_port(), free_port()
    running.gunicorn(site["env"], app, workers=1)
    running.nginx(front, [app], site["static"], login_rate="6r/m")
    base = f"http://127.0.0.1:{front}"

    # A slow client holds nginx, not the single gunicorn worker: a request whose body never
    # finishes arriving does not delay another visitor.
    slow = socket.create_connection(("127.0.0.1", front))
    slow.sendall(
        b"POST /accounts/login/ HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 1000\r\n"
        b"Content-Type: application/x-www-form-urlencoded\r\n\r\nusername=a"
    )
    started = time.monotonic()
    status, _, _ = Browser(base).get("/healthz/")
    assert status == 200 and time.monotonic() - started < 2
    slow.close()

    browser = Browser(base)
    browser.get("/accounts/login/")
    statuses = [
        browser.post("/accounts/login/", {"username": "anna", "password": f"wrong{i}"})[0]
        for i in range(12)
    ]
    assert 429 in statuses, statuses
    status, text, headers = browser.post("/accounts/login/", {"username": "x", "password": "y"})
    assert status == 429 and "Too many requests" in text and headers.get("Retry-After")
    # GETs are not limited
    assert all(browser.get("/accounts/login/")[0] == 200 for _ in range(5))


def test_two_gunicorns_sharing_redis_serve_an_edit_through_one_from_the_other_at_once(
    site: dict[str, Any], running: Stack
) -> None:
    _need("redis-server")
    redis_url = running.redis()
    # A per-process cache would keep the old content version for 300 s: only a shared cache
    # can make the other process see the edit at once.
    env = dict(site["env"], REDIS_URL=redis_url, DJANGO_REPLAY_VERSION_TTL="300")
    port_a, port_b = free_port(), free_port()
    running.gunicorn(env, port_a, workers=1, name="gunicorn-a")
    running.gunicorn(env, port_b, workers=1, name="gunicorn-b")
    a = Browser(f"http://127.0.0.1:{port_a}")
    b = Browser(f"http://127.0.0.1:{port_b}")

    status, before, _ = b.get("/replays/besik-example/step/1/")
    assert status == 200
    assert b.get("/replays/besik-example/step/1/")[0] == 200  # served from the cache
    a.log_in()
    a.get("/replays/import/")
    status, text, _ = a.get("/replays/besik-example/export.json")
    document = json.loads(text)
    marker = f"Edited through A {uuid.uuid4().hex[:8]}"
    steps = {item["step"]: item for item in document["annotations"]}
    item = steps.setdefault(1, {"step": 1})
    item["commentary"] = {"en": marker, "de": marker}
    document["annotations"] = sorted(steps.values(), key=lambda i: i["step"])
    status, text, _ = a.post(
        "/replays/import/", {"replace": "on"}, {"file": json.dumps(document).encode()}
    )
    assert status == 200 and "Refused" not in text, text[-1500:]

    assert marker not in before
    status, after, _ = b.get("/replays/besik-example/step/1/")
    assert status == 200 and marker in after

    import redis

    keys = [k.decode() for k in redis.Redis.from_url(redis_url).keys("*")]
    assert any("replay-step" in k for k in keys), keys
    assert not any("session" in k for k in keys), keys  # sessions stay in the database

    # Redis stops: the site goes on without its cache (drawing pages afresh), the learner
    # stays logged in (his session is in the database), and only the first request after
    # the failure may wait for Redis's timeout.
    server = next(proc for name, proc in running.procs if name == "redis")
    os.killpg(server.pid, signal.SIGKILL)
    server.wait(timeout=10)
    for browser in (a, b):
        for path in ("/replays/besik-example/step/2/", "/practice/piquet/partie/2/77/"):
            started = time.monotonic()
            status, html, _ = browser.get(path)
            assert status == 200, (path, html[-800:])
            assert time.monotonic() - started < 3
    started = time.monotonic()
    assert all(b.get("/replays/besik-example/step/3/")[0] == 200 for _ in range(10))
    assert time.monotonic() - started < 3  # Redis is not asked again on every request
    status, html, _ = a.get("/replays/import/")
    assert status == 200 and SUPERUSER in html  # still logged in


def test_long_addresses_and_headers_get_the_site_s_answers_not_gunicorn_s(
    site: dict[str, Any], running: Stack
) -> None:
    """An operator tester: a URL of 4-16 KB passed nginx and got gunicorn's raw English
    "Request Line is too large (6024 > 4094)". nginx bounds the line and the headers (16 KB),
    gunicorn takes what nginx passes; a header past nginx's bound gets nginx's message in the
    learner's language (a line past it, nginx's own 414 page: it cannot redirect those)."""
    app, front = free_port(), free_port()
    running.gunicorn(site["env"], app, workers=1)
    running.nginx(front, [app], site["static"])
    browser = Browser(f"http://127.0.0.1:{front}")
    status, text, _answer = browser.request(
        urllib.request.Request(browser.base + "/search/?q=" + "a" * 6000)
    )
    assert status in (200, 400) and "Request Line" not in text, (status, text[:300])
    status, text, _answer = browser.request(
        urllib.request.Request(browser.base + "/search/?q=" + "a" * 20000)
    )
    assert status == 414 and "Request Line" not in text, (status, text[:300])  # nginx's own
    status, text, _answer = browser.request(
        urllib.request.Request(browser.base + "/practice/", headers={"X-Big": "b" * 12000})
    )
    assert status == 200, (status, text[:300])
    status, text, answer = browser.request(
        urllib.request.Request(
            # (the language as far as nginx read the headers: it stops at the one too large)
            browser.base + "/practice/",
            headers={"Accept-Language": "de", "X-Big": "b" * 20000},
        )
    )
    assert status == 400 and "Die Kopfzeilen der Anfrage (etwa Cookies) sind zu groß." in text
    assert answer["Content-Language"] == "de"


def test_the_stack_s_servers_stop_when_it_is_killed(tmp_path: Path) -> None:
    """An operator tester killed `make serve-prod`'s stack with SIGKILL: nginx, gunicorn and
    Redis (each in its own session) kept serving the port. They now stop with it."""
    script = tmp_path / "run.py"
    script.write_text(
        "import sys, time\n"
        f"sys.path.insert(0, {str(Path(__file__).resolve().parent.parent)!r})\n"
        "from deploy.stack import Stack\n"
        "stack = Stack()\n"
        "child = stack.start('sleeper', ['sleep', '120'])\n"
        "print(child.pid, flush=True)\n"
        "time.sleep(120)\n"
    )
    runner = subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE, text=True)
    assert runner.stdout is not None
    child = int(runner.stdout.readline())
    os.kill(child, 0)  # running
    runner.kill()
    runner.wait(timeout=10)
    for _ in range(50):
        try:
            os.kill(child, 0)
        except ProcessLookupError:
            break
        # (a zombie until init reaps it: its state says so)
        state = (
            Path(f"/proc/{child}/stat").read_text().split()[2]
            if Path(f"/proc/{child}/stat").exists()
            else "X"
        )
        if state in ("Z", "X"):
            break
        time.sleep(0.1)
    else:
        os.kill(child, signal.SIGKILL)
        raise AssertionError("the child outlived the stack")
