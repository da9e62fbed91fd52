"""Start cardtutor's production stack on loopback: gunicorn behind nginx, optionally Redis.

Used by ``make serve-prod`` (``python -m deploy.stack serve``), by the tests that need real
servers (tests/test_prod_*.py) and by ``make bench-load``. Each server is Debian's package
(``nginx``, ``redis-server``), installed with apt-get when missing, run as an ordinary
process with its files in a temporary directory, and stopped (SIGTERM, then SIGKILL) by
:meth:`Stack.close` or on Ctrl-C.

Nothing here is needed on a real server: there, nginx reads ``deploy/nginx.conf.template``
filled in for the site, gunicorn runs under the service manager, and PostgreSQL and Redis are
their own services (see the README's deployment section).
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "deploy" / "nginx.conf.template"


def free_port() -> int:
    """A free loopback port below Linux's ephemeral range (32768-60999), where a client's
    socket may take any port between our check and the server's bind."""
    for _attempt in range(200):
        port = secrets.randbelow(20000) + 10000
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port")


def ensure_debian(package: str, binary: str) -> str:
    """The path of ``binary``; installs Debian's ``package`` first when it is missing."""
    for folder in ("/usr/sbin", "/usr/bin", "/sbin"):
        if Path(folder, binary).exists():
            return str(Path(folder, binary))
    found = shutil.which(binary)
    if found:
        return found
    sudo = [] if os.geteuid() == 0 else ["sudo"]
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    print(f"stack: installing Debian's {package}", file=sys.stderr)
    subprocess.run([*sudo, "apt-get", "update", "-qq"], check=True, env=env)
    subprocess.run([*sudo, "apt-get", "install", "-y", "-qq", package], check=True, env=env)
    found = shutil.which(binary) or (f"/usr/sbin/{binary}" if package == "nginx" else None)
    if not found or not Path(found).exists():
        raise RuntimeError(f"{binary} is missing after installing {package}")
    return found


def production_env(static_root: Path, **extra: str) -> dict[str, str]:
    """The production settings on plain-HTTP loopback behind nginx (no TLS redirect, no
    secure-only cookies, no HSTS: those belong to a TLS site), with a fresh secret key
    unless the caller's environment has one."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_DEBUG="false",
        DJANGO_SECRET_KEY=os.environ.get("DJANGO_SECRET_KEY") or secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS=os.environ.get("DJANGO_ALLOWED_HOSTS", "127.0.0.1,localhost"),
        DJANGO_SECURE_SSL_REDIRECT="false",
        DJANGO_SECURE_COOKIES="false",
        DJANGO_HSTS_SECONDS="0",
        DJANGO_BEHIND_PROXY="true",
        DJANGO_STATIC_ROOT=str(static_root),
        DJANGO_LOG_LEVEL=os.environ.get("DJANGO_LOG_LEVEL", "WARNING"),
    )
    for key in ("DJANGO_LOGIN_FAILURE_LIMIT", "DJANGO_LOGIN_COOLOFF_MINUTES"):
        if key in os.environ:
            env[key] = os.environ[key]
    env.update(extra)
    return env


def manage(env: dict[str, str], *args: str) -> None:
    subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env=env,
        check=True,
        stdout=subprocess.DEVNULL,
    )


def prepare(env: dict[str, str], *, static: bool = True) -> None:
    """Migrate, load the example replays, and collect the static files."""
    manage(env, "migrate", "--noinput", "-v0")
    manage(env, "load_fixtures")
    if static:
        manage(env, "collectstatic", "--noinput", "-v0")


def wait_for(url: str, timeout: float = 60.0, proc: subprocess.Popen[bytes] | None = None) -> None:
    deadline = time.monotonic() + timeout
    while True:
        try:
            with urllib.request.urlopen(url, timeout=5) as response:
                if response.status < 500:
                    return
        except urllib.error.HTTPError as err:
            if err.code < 500:
                return
        except OSError:
            pass
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server for {url} exited with {proc.returncode}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{url} did not answer within {timeout} s")
        time.sleep(0.2)


PR_SET_PDEATHSIG = 1
"""Linux's prctl option: the signal a process gets when its parent dies."""


def _stop_with_parent() -> None:
    """In the child, before it runs: SIGTERM when the process that started it dies. Each child
    runs in its own session (Ctrl-C reaches the stack, which stops them in order), so a stack
    killed outright (SIGKILL, the OOM killer) left nginx, gunicorn and Redis serving the port.
    Linux's ``prctl(PR_SET_PDEATHSIG)``; elsewhere nothing (the children outlive it, as before)."""
    if not sys.platform.startswith("linux"):
        return
    import ctypes

    libc = ctypes.CDLL(None, use_errno=True)
    libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    if os.getppid() == 1:  # the parent died before the line above: stop at once
        os.kill(os.getpid(), signal.SIGTERM)


class Stack:
    """Processes started for one run, stopped together by :meth:`close`."""

    def __init__(self, workdir: Path | None = None) -> None:
        self._own_dir = workdir is None
        self.dir = workdir or Path(tempfile.mkdtemp(prefix="cardtutor-stack-"))
        self.dir.mkdir(parents=True, exist_ok=True)
        self.dir.chmod(0o755)  # nginx's workers (www-data under root) read their files here
        self.procs: list[tuple[str, subprocess.Popen[bytes]]] = []

    def start(
        self, name: str, cmd: Sequence[str], env: dict[str, str] | None = None, quiet: bool = True
    ) -> subprocess.Popen[bytes]:
        log = open(self.dir / f"{name}.log", "wb")  # closed with the process
        proc = subprocess.Popen(
            list(cmd),
            cwd=ROOT,
            env=env,
            stdout=log if quiet else None,
            stderr=subprocess.STDOUT if quiet else None,
            start_new_session=True,
            preexec_fn=_stop_with_parent,
        )
        self.procs.append((name, proc))
        return proc

    def log(self, name: str) -> str:
        path = self.dir / f"{name}.log"
        return path.read_text(errors="replace") if path.exists() else ""

    def redis(self, port: int | None = None) -> str:
        """Debian's redis-server on a loopback port, nothing saved to disk; its URL."""
        binary = ensure_debian("redis-server", "redis-server")
        port = port or free_port()
        self.start(
            "redis",
            [
                binary,
                "--port",
                str(port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.dir),
                "--protected-mode",
                "yes",
            ],
        )
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                    s.sendall(b"PING\r\n")
                    if s.recv(16).startswith(b"+PONG"):
                        return f"redis://127.0.0.1:{port}/0"
            except OSError:
                time.sleep(0.1)
        raise RuntimeError("redis-server did not start:\n" + self.log("redis"))

    def gunicorn(
        self, env: dict[str, str], port: int, workers: int = 2, name: str = "gunicorn"
    ) -> subprocess.Popen[bytes]:
        proc = self.start(
            name,
            [
                sys.executable,
                "-m",
                "gunicorn",
                "cardtutor.wsgi",
                "--bind",
                f"127.0.0.1:{port}",
                "--workers",
                str(workers),
                "--timeout",
                "30",
                "--graceful-timeout",
                "10",
                # nginx in front bounds the request line and header fields (16 KB: its own 414
                # page, and a 400 in the learner's language); gunicorn's 4 KB line limit
                # answered URLs between the two with its raw English "Request Line is too large"
                "--limit-request-line",
                "0",
                "--limit-request-field_size",  # (0 would be its default, 8190)
                "16400",
                "--log-level",
                "warning",
            ],
            env=env,
        )
        wait_for(f"http://127.0.0.1:{port}/healthz/", proc=proc)
        return proc

    def nginx(
        self,
        listen: int,
        upstreams: Sequence[int],
        static_root: Path,
        *,
        login_rate: str = "10r/m",
        post_rate: str = "10r/s",
        access_log: bool = False,
        scheme: str = "$scheme",
        real_ip: str = "",
    ) -> subprocess.Popen[bytes]:
        binary = ensure_debian("nginx", "nginx")
        run_dir = self.dir / "nginx"
        run_dir.mkdir(exist_ok=True)
        run_dir.chmod(0o755)
        conf = run_dir / "nginx.conf"
        conf.write_text(
            render_nginx(
                listen=f"127.0.0.1:{listen}",
                upstreams=[f"127.0.0.1:{port}" for port in upstreams],
                static_root=static_root,
                run_dir=run_dir,
                login_rate=login_rate,
                post_rate=post_rate,
                access_log=str(run_dir / "access.log") if access_log else "off",
                scheme=scheme,
                real_ip=real_ip,
            )
        )
        subprocess.run(
            [binary, "-t", "-q", "-e", "stderr", "-p", str(run_dir), "-c", str(conf)],
            check=True,
        )
        proc = self.start(
            "nginx",
            [binary, "-e", "stderr", "-p", str(run_dir), "-c", str(conf), "-g", "daemon off;"],
        )
        wait_for(f"http://127.0.0.1:{listen}/healthz/", proc=proc)
        return proc

    def close(self) -> None:
        for _name, proc in reversed(self.procs):
            if proc.poll() is None:
                try:
                    os.killpg(proc.pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        for _name, proc in reversed(self.procs):
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)
                proc.wait(timeout=5)
        self.procs.clear()
        if self._own_dir:
            shutil.rmtree(self.dir, ignore_errors=True)


@contextmanager
def stack(workdir: Path | None = None) -> Iterator[Stack]:
    running = Stack(workdir)
    try:
        yield running
    finally:
        running.close()


def render_nginx(
    *,
    listen: str,
    upstreams: Sequence[str],
    static_root: Path,
    run_dir: Path,
    login_rate: str = "10r/m",
    post_rate: str = "10r/s",
    access_log: str = "off",
    scheme: str = "$scheme",
    real_ip: str = "",
) -> str:
    """deploy/nginx.conf.template with its ``${NAME}`` fields filled in (nginx's own
    ``$variables`` are left alone). ``scheme`` and ``real_ip`` are for nginx behind a TLS
    terminator (see the template's head); the loopback stack is reached directly."""
    values = dict(
        USER_LINE="user www-data;" if os.geteuid() == 0 else "",
        RUN_DIR=str(run_dir),
        MIME_TYPES="/etc/nginx/mime.types",
        ACCESS_LOG=access_log,
        LISTEN=listen,
        UPSTREAM_SERVERS="\n        ".join(f"server {u};" for u in upstreams),
        STATIC_ROOT=str(static_root),
        LOGIN_RATE=login_rate,
        POST_RATE=post_rate,
        SCHEME=scheme,
        REAL_IP=real_ip,
    )
    return re.sub(r"\$\{([A-Z_]+)\}", lambda m: values[m.group(1)], TEMPLATE.read_text())


def serve(host: str, port: int, workers: int) -> None:
    """``make serve-prod``: nginx on ``host:port`` in front of gunicorn, until Ctrl-C."""
    if host not in ("127.0.0.1", "localhost"):
        raise SystemExit("serve-prod is for loopback only; see the README for a real server")
    static_root = Path(os.environ.get("DJANGO_STATIC_ROOT") or ROOT / "staticfiles")
    env = production_env(static_root)
    # A directory of its own, kept after the stop: its logs are what is left to read when
    # something went wrong (the tests' stacks remove theirs).
    logs = Path(tempfile.mkdtemp(prefix="cardtutor-serve-"))
    with stack(logs) as running:
        if os.environ.get("SERVE_REDIS") == "1" and not os.environ.get("REDIS_URL"):
            env["REDIS_URL"] = running.redis()
            print(f"stack: redis-server at {env['REDIS_URL']}", flush=True)
        app_port = free_port()
        running.gunicorn(env, app_port, workers=workers)
        running.nginx(port, [app_port], static_root, access_log=True)
        print(
            f"stack: nginx at http://{host}:{port}/ -> gunicorn 127.0.0.1:{app_port} "
            f"({workers} workers); logs in {running.dir}; Ctrl-C stops both",
            flush=True,
        )
        stop = False

        def _stop(signum: int, frame: object) -> None:
            nonlocal stop
            stop = True

        signal.signal(signal.SIGTERM, _stop)
        signal.signal(signal.SIGHUP, _stop)
        try:
            while not stop:
                for name, proc in running.procs:
                    if proc.poll() is not None:
                        print(f"stack: {name} exited; stopping\n{running.log(name)[-2000:]}")
                        stop = True
                time.sleep(0.5)
        except KeyboardInterrupt:
            pass
        print("stack: stopping nginx and gunicorn", flush=True)
    print(f"stack: stopped; the logs stay in {logs}", flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m deploy.stack")
    sub = parser.add_subparsers(dest="command", required=True)
    serve_cmd = sub.add_parser("serve", help="nginx in front of gunicorn on loopback")
    serve_cmd.add_argument("--host", default="127.0.0.1")
    serve_cmd.add_argument("--port", type=int, default=8000)
    serve_cmd.add_argument("--workers", type=int, default=2)
    args = parser.parse_args(argv)
    if args.command == "serve":
        serve(args.host, args.port, args.workers)


if __name__ == "__main__":
    main()
