"""HTTP benchmark of a move in a game against the computer (issue 11), beside the trivial view.

``http.game_move_ratio``: requests per second posting a learner's card in a Piquet game at
beginner strength (the server replays the game, checks the move, lets the computer answer and
renders the table as an htmx partial) over ``http.trivial_rps`` of ``/healthz/`` measured just
before it, in the same gunicorn (2 workers, production settings), median of the rounds.

Every request is a real move: each posts the first card of a different game, prepared up to the
learner's first card of the play phase (a signed-in learner owns them all), so no request is
answered from a cache or as "already made". The number of games prepared exceeds what a round
can post (``BENCH_GAMES_PER_SECOND`` per second of a round); a round that ran out is an
error.

Traffic goes only to 127.0.0.1.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar
from pathlib import Path

from bench.bench_http import (
    ROOT,
    _ensure_wrk,
    _env,
    _manage,
    _seconds,
    _wrk,
    gunicorn,
    posting_script,
)

ROUNDS = int(os.environ.get("BENCH_HTTP_ROUNDS", "3"))
DURATION = os.environ.get("BENCH_HTTP_DURATION", "6s")
GAMES_PER_SECOND = int(os.environ.get("BENCH_GAMES_PER_SECOND", "600"))
"""Games prepared per second of a round: more moves than the server can take."""
USER, PASSWORD = "bench-learner", "bench-learner-password-1"

PREPARE = """
import json, os
import django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardtutor.settings")
django.setup()
from bench.bench_games import prepare_games
print(json.dumps(prepare_games(%(count)d)))
"""


def prepare_games(count: int) -> list[list[object]]:
    """``count`` Piquet games at beginner strength for the bench's learner (made if missing),
    each at the learner's first card of the play phase: ``[public id, ply, card as JSON]``
    per game. Run in a Django process of its own (the benches' settings)."""
    from django.contrib.auth.models import User

    from cardtutor.games import service
    from cardtutor.games.models import Game

    user, _created = User.objects.get_or_create(username=USER)
    user.set_password(PASSWORD)
    user.save()
    kind = service.KINDS["piquet"]
    out: list[list[object]] = []
    games = []
    for _n in range(count):
        game = Game(kind="piquet", strength="beginner", learner_seats=["A"], user=user)
        game.record = service.new_record(kind, game.seed, "computer")
        position = service.replay(kind, game.record)
        service.advance(position, ("A",), "beginner", game.seed)
        while position.state.phase.value != "play" or position.state.seat_to_act != "A":
            service.apply(position, service.choose(position, "A", "beginner", game.seed))
            service.advance(position, ("A",), "beginner", game.seed)
        card = next(iter(position.state.legal_actions))
        game.record = service.record_with(game.record, position.actions)
        game.moves = position.ply  # bulk_create does not call save()
        games.append(game)
        out.append([game.public_id, position.ply, json.dumps(card.to_json())])
    Game.objects.bulk_create(games)
    return out


def _prepare(env: dict[str, str], count: int) -> list[list[object]]:
    code = PREPARE % {"count": count}
    result = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    prepared: list[list[object]] = json.loads(result.stdout.strip().splitlines()[-1])
    return prepared


COUNT = """
import json, os, sys
import django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "cardtutor.settings")
django.setup()
from cardtutor.games.models import Game
plies = json.loads(sys.stdin.read())
moved = sum(
    1 for public_id, moves in Game.objects.filter(public_id__in=list(plies)).values_list(
        "public_id", "moves"
    ) if moves > plies[public_id]
)
print(moved)
"""


def _moved(env: dict[str, str], games: list[list[object]]) -> int:
    """How many of the round's games really took a move (a stale answer would not)."""
    plies = json.dumps({str(g[0]): g[1] for g in games})
    result = subprocess.run(
        [sys.executable, "-c", COUNT],
        input=plies,  # on stdin: thousands of games are too long for a command line
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    return int(result.stdout.strip().splitlines()[-1])


def _login(base: str) -> tuple[str, str]:
    """Log the bench learner in; returns the Cookie header and the CSRF token."""
    jar = CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar))
    opener.open(base + "/accounts/login/", timeout=10).read()
    csrf = next(c.value or "" for c in jar if c.name == "csrftoken")
    form = {"username": USER, "password": PASSWORD, "csrfmiddlewaretoken": csrf}
    request = urllib.request.Request(
        base + "/accounts/login/",
        urllib.parse.urlencode(form).encode(),
        headers={"Referer": base + "/accounts/login/"},
    )
    opener.open(request, timeout=10).read()
    csrf = next(c.value or "" for c in jar if c.name == "csrftoken")
    cookie = "; ".join(f"{c.name}={c.value}" for c in jar)
    if "sessionid" not in cookie:
        raise RuntimeError("the bench learner could not log in")
    return cookie, csrf


def _move_script(tmp: Path, base: str, games: list[list[object]], cookie: str, csrf: str) -> Path:
    paths, bodies = [], []
    for public_id, ply, action in games:
        paths.append(f"/play/{public_id}/move/")
        body = urllib.parse.urlencode({"ply": ply, "type": "choice", "action": action})
        bodies.append(body.replace('"', "%22"))
    script = tmp / f"moves-{time.monotonic_ns()}.lua"
    headers = {
        "Cookie": cookie,
        "X-CSRFToken": csrf,
        "HX-Request": "true",
        "Referer": f"{base}/play/",
    }
    script.write_text(posting_script(bodies, paths, headers))
    return script


def _wrk_moves(wrk: str, base: str, script: Path) -> tuple[float, int]:
    cmd = [wrk, "-t2", "-c16", f"-d{DURATION}", "-s", str(script), base]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
    if "Non-2xx" in out:
        raise RuntimeError(f"wrk saw errors posting moves:\n{out}")
    import re

    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    total = int(re.search(r"(\d+) requests in", out).group(1))  # type: ignore[union-attr]
    return rps, total


def run() -> list[tuple[str, float, str]]:
    wrk = _ensure_wrk()
    with tempfile.TemporaryDirectory() as tmpdir:
        tmp = Path(tmpdir)
        env = _env(tmp)
        _manage(env, "migrate", "--noinput", "-v0")
        _manage(env, "collectstatic", "--noinput", "-v0")
        per_round = GAMES_PER_SECOND * _seconds(DURATION)
        rounds = [_prepare(env, per_round) for _ in range(ROUNDS)]
        trivial, moves = [], []
        with gunicorn(env) as base:
            cookie, csrf = _login(base)
            for games in rounds:
                script = _move_script(tmp, base, games, cookie, csrf)
                trivial.append(_wrk(wrk, base + "/healthz/", {})[0])
                rps, total = _wrk_moves(wrk, base, script)
                if total > len(games):  # the rest were repeats ("already made"): cheaper
                    raise RuntimeError(
                        f"{total} moves posted but {len(games)} games prepared: "
                        "raise BENCH_GAMES_PER_SECOND"
                    )
                moved = _moved(env, games)
                if moved < min(total, len(games)) * 0.99:
                    raise RuntimeError(
                        f"only {moved} of {min(total, len(games))} posted moves were applied: "
                        "the benchmark would measure refusals"
                    )
                moves.append(rps)
    ratios = [m / t for m, t in zip(moves, trivial, strict=True)]
    print(
        "# bench_games: trivial "
        + ", ".join(f"{t:.0f}" for t in trivial)
        + "; moves "
        + ", ".join(f"{m:.0f}" for m in moves)
        + "; ratios "
        + ", ".join(f"{r:.2f}" for r in ratios),
        file=sys.stderr,
    )
    return [
        ("http.game_trivial_rps", statistics.median(trivial), "req/s"),
        ("http.game_move_rps", statistics.median(moves), "req/s"),
        ("http.game_move_ratio", statistics.median(ratios), "ratio"),
    ]
