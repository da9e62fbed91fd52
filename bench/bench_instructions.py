"""Instructions per request, counted by callgrind: where a request's time goes, the same on
every run.

The HTTP figures (``bench_http``, ``bench_games``) swing 15 % between rounds on a shared 2-core
machine; an instruction count does not, so a change of a few per cent is visible before and
after it. Each scenario runs in its own Python process under ``valgrind --tool=callgrind``,
through Django's test client (no server: the figures are the view's and Django's work, without
gunicorn's), with production settings on a throwaway SQLite database. Only the measured
requests are counted: they run inside :func:`functools.reduce`, whose C function is callgrind's
``--toggle-collect``; warm-up requests come first, so caches are as a running server's.

Scenarios (``instr.<name>_m``: millions of instructions per request):

- ``trivial``: ``/healthz/``, the HTTP benches' trivial view.
- ``item``: a new practice question (every drill and level in turn, a new seed each time), to a
  visitor without cookies, as ``http.drill_item_ratio`` sends it.
- ``answer``: a new answer to a Piquet partie question (level 2), posted with its CSRF token and
  the session of a learner whose record is full, as ``http.drill_answer_ratio`` posts it.
- ``answer_floor``: the same session and form posted to a view that only reads the practice
  record from the session, changes it and writes it back: what any answer costs before its
  drill, page and checks.
- ``move``: a learner's first card in a Piquet game at beginner strength, the computer's reply
  included, posted as htmx does (``http.game_move_ratio``'s request; every move a new game).
- ``move_floor``: the same form posted to a view that only finds the learner's game (his
  session and account, the game's row) and writes its record back with the move count raised,
  as a move does: what any move costs before the engine and the page.

Needs valgrind (``make bench-instructions`` installs it from Debian when missing). Takes about
five minutes. ``BENCH_INSTRUCTIONS`` picks scenarios (comma-separated).
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import bench_games, bench_http

ROOT = Path(__file__).resolve().parent.parent
SCENARIOS = ("trivial", "item", "answer", "answer_floor", "move", "move_floor")
MEASURED = {
    "trivial": 300,
    "item": 200,
    "answer": 100,
    "answer_floor": 100,
    "move": 50,
    "move_floor": 50,
}
"""Requests counted per scenario."""
WARM_UP = {
    "trivial": 50,
    "item": 200,
    "answer": 300,
    "answer_floor": 300,
    "move": 20,
    "move_floor": 20,
}
"""Requests before counting. The answers' 300 fill the learner's record (250 questions kept)."""


def _env(tmp: Path) -> dict[str, str]:
    """The HTTP benches' production settings, throwaway database and static files folder
    (collected by :func:`run`), for the test client."""
    env = bench_http._env(tmp)
    env.update(
        DJANGO_SETTINGS_MODULE="cardtutor.settings",
        DJANGO_ALLOWED_HOSTS="testserver",
        PYTHONPATH=str(ROOT),
    )
    return env


def run() -> list[tuple[str, float, str]]:
    valgrind = shutil.which("valgrind")
    if valgrind is None:
        raise RuntimeError("valgrind is missing: run `make bench-instructions`")
    wanted = [s for s in os.environ.get("BENCH_INSTRUCTIONS", ",".join(SCENARIOS)).split(",") if s]
    unknown = set(wanted) - set(SCENARIOS)
    if unknown:
        raise RuntimeError(f"unknown scenarios {sorted(unknown)}; choose from {SCENARIOS}")
    results = []
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        env = _env(tmp)
        bench_http._manage(env, "migrate", "--noinput")
        bench_http._manage(env, "collectstatic", "--noinput", "-v0")  # production pages need it
        env["BENCH_GAMES_FILE"] = str(tmp / "games.json")
        if {"move", "move_floor"} & set(wanted):
            subprocess.run(
                [sys.executable, "-m", "bench.bench_instructions", "prepare-games"],
                cwd=ROOT,
                env=env,
                check=True,
            )
        for name in wanted:
            out = tmp / f"callgrind.{name}.out"
            done = subprocess.run(
                [
                    valgrind,
                    "--tool=callgrind",
                    "--collect-atstart=no",
                    "--toggle-collect=functools_reduce",
                    f"--callgrind-out-file={out}",
                    sys.executable,
                    "-m",
                    "bench.bench_instructions",
                    name,
                ],
                cwd=ROOT,
                env=env,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
                text=True,
            )
            if done.returncode != 0:
                tail = "\n".join(done.stderr.splitlines()[-15:])
                raise RuntimeError(f"scenario {name} failed under valgrind:\n{tail}")
            total = _total(out.read_text(errors="replace"))
            results.append((f"instr.{name}_m", total / MEASURED[name] / 1e6, "M instr/request"))
    return results


def _total(callgrind_out: str) -> int:
    found = re.search(r"^(?:summary|totals): (\d+)", callgrind_out, re.MULTILINE)
    if found is None:
        raise RuntimeError("callgrind wrote no total")
    return int(found.group(1))


# ---- the child: one scenario, under callgrind --------------------------------------------


def _scenario(name: str) -> Callable[[int], None]:
    """Set up ``name`` (warm-up included) and return its measured request."""
    from urllib.parse import urlencode

    from django.test import Client

    def post(client: Client, path: str, form: dict[str, str], **headers: str) -> str:
        response = client.post(
            path,
            urlencode(form),
            content_type="application/x-www-form-urlencoded",
            headers=headers,
        )
        if response.status_code != 200:
            raise RuntimeError(f"{name}: {path} answered {response.status_code}")
        return response.content.decode()

    if name == "trivial":
        client = Client()

        def trivial(i: int) -> None:
            if client.get("/healthz/").status_code != 200:
                raise RuntimeError("healthz failed")

        return _warmed(trivial, name)
    if name == "item":
        import random

        from cardtutor.engine.drills import DRILLS

        drills = list(DRILLS.values())
        rng = random.Random(5)
        paths = {
            i: f"/practice/{d.game}/{d.key.split('.', 1)[1]}/{1 + i % 3}/{rng.randrange(10**9)}/"
            for i in range(-WARM_UP[name], MEASURED[name])
            for d in [drills[i % len(drills)]]
        }
        client = Client()

        def item(i: int) -> None:
            client.cookies.clear()  # a new visitor each time, as wrk's requests are
            if client.get(paths[i]).status_code != 200:
                raise RuntimeError(f"item failed: {paths[i]}")

        return _warmed(item, name)
    if name in ("answer", "answer_floor"):
        return _answers(name, post)
    return _moves(name, post)


def _warmed(request: Callable[[int], None], name: str) -> Callable[[int], None]:
    for i in range(WARM_UP[name]):
        request(-1 - i)
    return request


def _answers(name: str, post: Callable[..., str]) -> Callable[[int], None]:
    from django.http import HttpRequest, HttpResponse
    from django.test import Client
    from django.urls import clear_url_caches, path
    from django.views.decorators.http import require_POST

    import cardtutor.urls
    from cardtutor.engine.drills import DRILLS, Level
    from cardtutor.practice import store, tokens

    drill: Any = DRILLS["piquet.partie"]
    client = Client(enforce_csrf_checks=True)
    first = client.get("/practice/piquet/partie/2/1/").content.decode()
    csrf = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', first)
    if csrf is None:
        raise RuntimeError("no CSRF token on the question's page")

    def form(seed: str) -> dict[str, str]:
        right, _reasons = drill.expected(drill.item(seed, Level.MEDIUM))
        return {
            "csrfmiddlewaretoken": csrf.group(1),
            "token": tokens.issue(drill.key, seed, int(Level.MEDIUM)),
            "winner": right.winner,
            "gain": str(right.gain),
            "rubiconed": "yes" if right.rubiconed else "no",
        }

    forms = {i: form(str(10**6 + i)) for i in range(-WARM_UP[name], MEASURED[name])}

    def answer(i: int) -> None:
        page = post(client, f"/practice/piquet/partie/2/{10**6 + i}/", forms[i])
        if "counted once" in page or "not counted" in page:
            raise RuntimeError("an answer was not counted as new")

    for i in range(WARM_UP[name]):  # fills the record
        answer(-1 - i)
    if name == "answer":
        return answer

    @require_POST
    def floor(request: HttpRequest) -> HttpResponse:
        record = request.session[store.SESSION_KEY]
        record["bench"] = record.get("bench", 0) + 1
        request.session[store.SESSION_KEY] = record
        return HttpResponse("ok " + request.POST.get("token", "")[:1])

    cardtutor.urls.urlpatterns.insert(0, path("bench-floor/", floor))
    clear_url_caches()
    body = form("1")

    def floor_answer(i: int) -> None:
        post(client, "/bench-floor/", body)

    return floor_answer


def _moves(name: str, post: Callable[..., str]) -> Callable[[int], None]:
    from django.contrib.auth.models import User
    from django.http import HttpRequest, HttpResponse
    from django.test import Client
    from django.urls import clear_url_caches, path
    from django.views.decorators.http import require_POST

    import cardtutor.urls
    from cardtutor.games import views

    games = json.loads(Path(os.environ["BENCH_GAMES_FILE"]).read_text())
    # Each scenario its own games (both may run on one database): move's first, then the floor's.
    offset = 0 if name == "move" else WARM_UP["move"] + MEASURED["move"]
    client = Client()
    client.force_login(User.objects.get(username=bench_games.USER))
    if name == "move_floor":

        @require_POST
        def floor(request: HttpRequest, public_id: str) -> HttpResponse:
            game = views._get_game(request, public_id)
            views._posted_ply(request)
            views._store(game, game.moves, record=game.record, moves=game.moves + 1)
            return HttpResponse("ok")

        cardtutor.urls.urlpatterns.insert(0, path("bench-floor/<str:public_id>/", floor))
        clear_url_caches()

    def move(i: int) -> None:
        public_id, ply, action = games[offset + WARM_UP[name] + i]
        where = f"bench-floor/{public_id}" if name == "move_floor" else f"play/{public_id}/move"
        form = {"ply": str(ply), "type": "choice", "action": action}
        page = post(client, f"/{where}/", form, HX_Request="true")
        if name == "move" and "was already made" in page:
            raise RuntimeError("a move was not applied")

    for i in range(WARM_UP[name]):
        move(i - WARM_UP[name])
    return move


def _child(name: str) -> None:
    import django

    django.setup()
    if name == "prepare-games":
        count = sum(WARM_UP[s] + MEASURED[s] for s in ("move", "move_floor"))
        # Made in a process of their own, without valgrind: under it they would take minutes.
        Path(os.environ["BENCH_GAMES_FILE"]).write_text(
            json.dumps(bench_games.prepare_games(count))
        )
        return
    request = _scenario(name)
    functools.reduce(lambda _acc, i: request(i), range(MEASURED[name]), None)


if __name__ == "__main__":
    _child(sys.argv[1])
