"""Load and fault benchmark through nginx (``make bench-load``; loopback only, bounded).

The production stack of ``make serve-prod`` (deploy/stack.py: nginx in front of gunicorn with
production settings, on a fresh SQLite file or the PostgreSQL in ``DATABASE_URL``) is driven by
wrk with 64 connections for 30 s (``BENCH_LOAD_DURATION``, ``BENCH_LOAD_CONNECTIONS``) per
target, then once more against all three targets in turn while one gunicorn worker is killed
with SIGKILL a third of the way in. Targets:

- ``step``: a replay step page (GET);
- ``drill``: a drill answer (POST with a one-time token: after the first, "counted once");
- ``move``: a game move (POST; after the first, the position has moved on: "stale form").

nginx's POST rate limit is raised for the run (one client address sends everything here);
the limits themselves are tested in tests/test_prod_stack.py.

Prints ``name value unit`` lines: ``load.<target>.requests``, ``load.<target>.errors``
(responses other than 2xx/3xx plus socket errors; target 0), ``load.<target>.p99_ms``,
``load.kill.requests``, ``load.kill.errors`` (target at most 1: the request the killed worker
was serving), ``load.kill.p99_ms``, and ``load.rows_lost`` (rows of any table present before
the runs and missing after; target 0).
"""

from __future__ import annotations

import http.cookiejar
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import urllib.parse
import urllib.request
from collections.abc import Iterator
from html.parser import HTMLParser
from pathlib import Path
from typing import Any

from deploy.stack import ROOT, Stack, ensure_debian, free_port, prepare, production_env

DURATION = os.environ.get("BENCH_LOAD_DURATION", "30s")
CONNECTIONS = int(os.environ.get("BENCH_LOAD_CONNECTIONS", "64"))
WORKERS = int(os.environ.get("BENCH_LOAD_WORKERS", "3"))

COUNT_ROWS = (
    "import json, django; django.setup(); from django.apps import apps; "
    "print(json.dumps({m._meta.db_table: m._default_manager.count() "
    "for m in apps.get_models() if not m._meta.proxy}))"
)


class _PostForms(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self._form: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "").lower() == "post":
            self._form = {"action": a.get("action", ""), "fields": []}
            self.forms.append(self._form)
        elif self._form is not None and tag in ("input", "button") and a.get("name"):
            kind = a.get("type", "text")
            if kind in ("checkbox", "radio") and any(
                n == a["name"] for n, _ in self._form["fields"]
            ):
                return  # the first offered choice is enough
            self._form["fields"].append((a["name"], a.get("value", "") or "1"))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None


class Visitor:
    """One browser session: cookies, CSRF token, and the forms of the pages it opens."""

    def __init__(self, base: str) -> None:
        self.base = base
        self.jar = http.cookiejar.CookieJar()
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(self.jar))

    def open(self, path: str, data: bytes | None = None) -> tuple[str, str]:
        headers = {"X-CSRFToken": self.cookie("csrftoken")} if data is not None else {}
        req = urllib.request.Request(self.base + path, data=data, headers=headers)
        with self.opener.open(req, timeout=60) as response:
            return response.geturl(), response.read().decode()

    def cookie(self, name: str) -> str:
        return next((c.value for c in self.jar if c.name == name), "")

    def cookies(self) -> str:
        return "; ".join(f"{c.name}={c.value}" for c in self.jar)

    def form(self, html: str, action_pattern: str) -> tuple[str, str]:
        parser = _PostForms()
        parser.feed(html)
        for form in parser.forms:
            if re.search(action_pattern, form["action"]):
                fields = [(k, v) for k, v in form["fields"] if k != "csrfmiddlewaretoken"]
                fields.append(("csrfmiddlewaretoken", self.cookie("csrftoken")))
                return form["action"], urllib.parse.urlencode(fields)
        raise RuntimeError(f"no form for {action_pattern}")


def _lua(requests: list[dict[str, Any]], path: Path) -> Path:
    """A wrk script sending the given requests in turn."""
    items = []
    for r in requests:
        headers = ", ".join(f"[{json.dumps(k)}] = {json.dumps(v)}" for k, v in r["headers"].items())
        body = json.dumps(r["body"]) if r["body"] is not None else "nil"
        items.append(
            f"wrk.format({json.dumps(r['method'])}, {json.dumps(r['path'])}, {{{headers}}}, {body})"
        )
    path.write_text(
        "local reqs = {}\n"
        "local n = 0\n"
        "init = function(args)\n"
        + "".join(f"  reqs[{i + 1}] = {item}\n" for i, item in enumerate(items))
        + "end\n"
        "request = function()\n"
        "  n = n + 1\n"
        "  return reqs[(n % #reqs) + 1]\n"
        "end\n"
    )
    return path


def _wrk(wrk: str, base: str, script: Path) -> dict[str, float]:
    cmd = [wrk, "-t2", f"-c{CONNECTIONS}", f"-d{DURATION}", "--timeout", "10s", "--latency"]
    out = subprocess.run(
        [*cmd, "-s", str(script), base + "/"], capture_output=True, text=True, check=True
    ).stdout
    requests = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    sockets = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out
    )
    errors = int(bad.group(1)) if bad else 0
    if sockets:
        errors += sum(int(x) for x in sockets.groups())
        print(f"# wrk: {sockets.group(0)}", file=sys.stderr)
    m = re.search(r"99%\s+([\d.]+)(us|ms|s)\b", out)
    p99 = float(m.group(1)) * {"us": 0.001, "ms": 1.0, "s": 1000.0}[m.group(2)] if m else 0.0
    return {"requests": requests, "errors": errors, "p99_ms": p99}


def _rows(env: dict[str, str]) -> dict[str, int]:
    out = subprocess.run(
        [sys.executable, "-c", COUNT_ROWS],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "cardtutor.settings"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return dict(json.loads(out.strip().splitlines()[-1]))


def _workers(master_pid: int) -> list[int]:
    out = subprocess.run(
        ["ps", "-o", "pid=", "--ppid", str(master_pid)], capture_output=True, text=True
    ).stdout
    return [int(p) for p in out.split()]


def _report_statuses(name: str, access_log: Path, mark: int, stack: Stack) -> None:
    """Statuses other than 2xx/3xx that nginx logged during one run, on stderr, with the
    application's last log lines: what an error count is made of."""
    with access_log.open("rb") as handle:
        handle.seek(mark)
        lines = handle.read().decode(errors="replace").splitlines()
    bad: dict[str, int] = {}
    for line in lines:
        m = re.search(r'" (\d{3}) ', line)
        # 499: wrk closed the connection (in flight when its time was up): not an answer
        if m and not m.group(1).startswith(("2", "3")) and m.group(1) != "499":
            bad[m.group(1)] = bad.get(m.group(1), 0) + 1
    if bad:
        print(f"# {name}: statuses other than 2xx/3xx: {bad}", file=sys.stderr)
        print("# " + stack.log("gunicorn")[-1500:].replace("\n", "\n# "), file=sys.stderr)


def run() -> Iterator[tuple[str, float, str]]:
    wrk = ensure_debian("wrk", "wrk")
    tmp = Path(tempfile.mkdtemp(prefix="cardtutor-load-"))
    tmp.chmod(0o755)
    static = tmp / "static"
    extra = {"DJANGO_LOG_LEVEL": "ERROR"}
    if not os.environ.get("DATABASE_URL"):
        extra["DATABASE_URL"] = f"sqlite:///{tmp / 'load.sqlite3'}"
    env = production_env(static, **extra)
    stack: Stack | None = None
    try:
        stack = Stack(tmp / "stack")
        prepare(env)
        app, front = free_port(), free_port()
        master = stack.gunicorn(env, app, workers=WORKERS)
        stack.nginx(
            front, [app], static, post_rate="100000r/s", login_rate="100000r/s", access_log=True
        )
        access_log = stack.dir / "nginx" / "access.log"
        base = f"http://127.0.0.1:{front}"

        visitor = Visitor(base)
        step_path = "/replays/besik-example/step/40/"
        visitor.open(step_path)
        _, html = visitor.open("/practice/piquet/partie/2/4711/")
        drill_action, drill_body = visitor.form(html, r"/practice/piquet/partie/")
        visitor.open(drill_action, drill_body.encode())  # counted; from now on "counted once"
        _, html = visitor.open("/play/")
        new_action, new_body = visitor.form(html, r"/play/new/$")
        game_url, html = visitor.open(new_action, new_body.encode())
        move_action, move_body = visitor.form(html, r"/move/$")
        game_path = urllib.parse.urlsplit(game_url).path

        common = {"Cookie": visitor.cookies()}
        post = {
            **common,
            "X-CSRFToken": visitor.cookie("csrftoken"),
            "Content-Type": "application/x-www-form-urlencoded",
        }
        targets = {
            "step": {"method": "GET", "path": step_path, "headers": common, "body": None},
            "drill": {"method": "POST", "path": drill_action, "headers": post, "body": drill_body},
            "move": {"method": "POST", "path": move_action, "headers": post, "body": move_body},
        }
        print(
            f"# targets: {step_path}, {drill_action}, {move_action} ({game_path})", file=sys.stderr
        )
        before = _rows(env)
        for name, request in targets.items():
            mark = access_log.stat().st_size
            result = _wrk(wrk, base, _lua([request], tmp / f"{name}.lua"))
            _report_statuses(name, access_log, mark, stack)
            for key, unit in (("requests", "count"), ("errors", "count"), ("p99_ms", "ms")):
                yield f"load.{name}.{key}", result[key], unit

        # Again, all three in turn, while one gunicorn worker is killed a third of the way in.
        victims: list[int] = []

        def kill_one() -> None:
            workers = _workers(master.pid)
            if workers:
                os.kill(workers[0], signal.SIGKILL)
                victims.append(workers[0])

        seconds = float(re.sub(r"[^\d.]", "", DURATION) or 30) * (
            60 if DURATION.endswith("m") else 1
        )
        timer = threading.Timer(seconds / 3, kill_one)
        timer.start()
        mark = access_log.stat().st_size
        result = _wrk(wrk, base, _lua(list(targets.values()), tmp / "kill.lua"))
        timer.cancel()
        _report_statuses("kill", access_log, mark, stack)
        if not victims:
            raise RuntimeError("no gunicorn worker was killed")
        for key, unit in (("requests", "count"), ("errors", "count"), ("p99_ms", "ms")):
            yield f"load.kill.{key}", result[key], unit
        after = _rows(env)
        lost = sum(max(0, count - after.get(table, 0)) for table, count in before.items())
        yield "load.rows_lost", lost, "rows"
    finally:
        if stack is not None:
            stack.close()
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    for metric, value, unit in run():
        print(f"{metric} {value:.4g} {unit}", flush=True)
