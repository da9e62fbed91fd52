# cardtutor: the front door. `make run` serves the site, `make test` runs every check.
# Needs only Python 3.11+ and make; installs gettext and Chromium from Debian when missing.

PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PY     := $(BIN)/python
MANAGE := $(PY) manage.py
HOST   ?= 127.0.0.1
PORT   ?= 8000
# apt-get needs root; use sudo when we are not root.
SUDO   := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT    := $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get
# The settings default to production (debug off, a secret key required); the development
# targets run with debug on unless the caller says otherwise. serve-prod sets it off.
export DJANGO_DEBUG ?= true

.PHONY: help install install-dev run test test-postgres lint format typecheck messages migrate \
        fixtures browser bench serve-prod collectstatic clean makemessages postgres \
        services bench-load bench-instructions

help:
	@echo "make run         set up (virtualenv, install, migrate, load fixtures) and serve on http://$(HOST):$(PORT)/"
	@echo "make install     the set-up alone"
	@echo "make test        set up, install Chromium if missing, run ruff (lint and format), mypy and the whole test suite"
	@echo "make bench       engine and HTTP benchmarks (prints 'name value unit' lines)"
	@echo "make test-postgres  the whole suite on a throwaway PostgreSQL (or the one in DATABASE_URL)"
	@echo "make serve-prod  nginx in front of gunicorn with production settings (Ctrl-C stops both)"
	@echo "make bench-load  wrk through nginx, 64 connections, then with a gunicorn worker killed"
	@echo "make bench-instructions  instructions per request (callgrind): where a request's time goes"
	@echo "make services    Debian's nginx and redis-server, installed when missing"
	@echo "make lint, make format, make typecheck   ruff check, ruff format, mypy --strict"
	@echo "make makemessages  refresh the German catalogue after changing UI strings"
	@echo "make fixtures, make collectstatic, make clean"

$(VENV)/.created:
	$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' || { echo "Python 3.11 or newer is needed"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	touch $@

$(VENV)/.installed: $(VENV)/.created pyproject.toml
	$(BIN)/pip install --quiet -e .
	touch $@

$(VENV)/.installed-dev: $(VENV)/.installed
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

messages: $(VENV)/.installed
	@command -v msgfmt >/dev/null || { $(APT) update -qq && $(APT) install -y -qq gettext; }
	$(MANAGE) compilemessages --ignore=.venv -v0

makemessages: $(VENV)/.installed
	$(MANAGE) makemessages -l de --ignore=.venv --ignore=staticfiles --ignore=tests --ignore=.hypothesis --ignore=cardtutor.egg-info --no-obsolete --add-location=file

migrate: $(VENV)/.installed
	$(MANAGE) migrate --noinput -v0

# Loads a fixture file only when this database never had it or the file changed since (its
# SHA-256 is stored); otherwise only missing objects are put back, so edits of the example
# replays survive `make run` and `make test`. FORCE=1 loads every file again.
fixtures: migrate
	$(MANAGE) load_fixtures $(if $(FORCE),--force)

install: $(VENV)/.installed messages migrate fixtures

install-dev: $(VENV)/.installed-dev install

run: install
	$(MANAGE) runserver $(HOST):$(PORT)

# Debian's Chromium for the browser tests (Playwright cannot download its own browser here).
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  echo "Installing Debian's chromium for the browser tests"; \
	  { $(APT) update -qq && $(APT) install -y -qq chromium; } \
	    || { echo "Could not install chromium"; [ "$$CI" != "true" ] || exit 1; }; \
	fi

lint: $(VENV)/.installed-dev
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(VENV)/.installed-dev
	$(BIN)/ruff format .

typecheck: $(VENV)/.installed-dev
	$(BIN)/mypy

# PYTEST_ARGS="tests/test_x.py -k y" narrows the run (test and test-postgres).
test: install-dev browser services lint typecheck
	$(BIN)/pytest $(PYTEST_ARGS)

# Debian's PostgreSQL server binaries (initdb, pg_ctl), installed when missing.
postgres:
	@ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || { \
	  echo "Installing Debian's postgresql"; \
	  $(APT) update -qq && $(APT) install -y -qq postgresql; }

$(VENV)/.installed-postgres: $(VENV)/.installed-dev
	$(BIN)/pip install --quiet -e '.[dev,postgres]'
	touch $@

# The whole suite on PostgreSQL. Without DATABASE_URL: a throwaway cluster on a loopback port
# (deploy/with-postgres: initdb in a temporary directory, dropped and stopped afterwards).
# With DATABASE_URL=postgres://user:pw@host/db: that server (the user may create databases).
test-postgres: install-dev browser services postgres $(VENV)/.installed-postgres
	@if [ -n "$$DATABASE_URL" ]; then $(BIN)/pytest $(PYTEST_ARGS); \
	 else deploy/with-postgres $(BIN)/pytest $(PYTEST_ARGS); fi

bench: install-dev
	$(PY) -m bench

collectstatic: $(VENV)/.installed
	DJANGO_DEBUG=false DJANGO_SECRET_KEY=collectstatic-only-not-a-secret-$$RANDOM$$RANDOM$$RANDOM$$RANDOM \
	  $(MANAGE) collectstatic --noinput -v0

# The production stack on loopback: nginx on $(HOST):$(PORT) (deploy/nginx.conf.template:
# buffering, body limit, log-in and POST rate limits, static files, timeouts) in front of
# gunicorn with production settings (DJANGO_DEBUG=false) on a free loopback port; Ctrl-C stops
# both. TLS redirect and secure cookies are off only because this serves plain HTTP on
# loopback; behind TLS leave them on. REDIS_URL=redis://... shares a Redis; SERVE_REDIS=1
# starts Debian's redis-server for the run.
serve-prod: install collectstatic services
	DJANGO_DEBUG=false $(PY) -m deploy.stack serve --host $(HOST) --port $(PORT) --workers $(or $(WORKERS),2)

# Debian's nginx and redis-server (for serve-prod, the tests of the production stack and
# bench-load), installed when missing. The project starts its own instances per run on free
# loopback ports; on a machine with an init system, Debian also starts their system services
# when it installs them (systemctl disable --now nginx redis-server, if unwanted).
services:
	@missing=""; [ -x /usr/sbin/nginx ] || missing="nginx"; \
	 command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	 if [ -n "$$missing" ]; then echo "Installing Debian's$$missing"; \
	   { $(APT) update -qq && $(APT) install -y -qq $$missing; } \
	     || { echo "Could not install$$missing"; [ "$$CI" != "true" ] || exit 1; }; fi

# wrk, 64 connections for 30 s per target through nginx, then with a gunicorn worker killed.
bench-load: install-dev services
	@command -v wrk >/dev/null || { $(APT) update -qq && $(APT) install -y -qq wrk; }
	$(PY) -m bench load

# Instructions per request of the HTTP benches' requests and of their floors, counted by
# callgrind (valgrind from Debian, installed when missing): the same on every run.
bench-instructions: install-dev
	@command -v valgrind >/dev/null || { $(APT) update -qq && $(APT) install -y -qq valgrind; }
	$(PY) -m bench instructions

clean:
	rm -rf $(VENV) staticfiles .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find . -name '*.mo' -not -path './.venv/*' -delete
