"""Sign up, log in and log out, with ``django.contrib.auth``.

Log-in and log-out are Django's own views (``urls.py``); log-in attempts are throttled by
django-axes (see ``AXES_*`` in settings): after too many failures for one user name from one
address, further attempts get the page ``accounts/locked_out.html`` with status 429.
Sign-up is the one view of our own: it creates the account and logs the learner in at once.
"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods

from cardtutor.accounts.forms import SignUpForm

# The backend that checks passwords (django-axes' backend only counts failures).
PASSWORD_BACKEND = "django.contrib.auth.backends.ModelBackend"


def safe_next(request: HttpRequest, default: str = "/") -> str:
    """The ``next`` address of the form or query when it stays on this site, else ``default``."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    if target and url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return target
    return default


@require_http_methods(["GET", "HEAD", "POST"])
def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect(safe_next(request))
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user, backend=PASSWORD_BACKEND)
        return redirect(safe_next(request))
    return render(request, "accounts/signup.html", {"form": form, "next": safe_next(request, "")})


def client_ip(request: HttpRequest) -> str:
    """The address django-axes counts failures for (``AXES_CLIENT_IP_CALLABLE``).

    Behind nginx (``DJANGO_BEHIND_PROXY``) every request comes from the proxy's address, so
    one learner's failures would lock the name for all; nginx puts the client's own address in
    ``X-Real-IP`` (``deploy/nginx.conf.template``; it overwrites whatever the client sent).
    Without a proxy that header is the client's to forge, so it is ignored.
    """
    if settings.BEHIND_PROXY:
        forwarded = request.META.get("HTTP_X_REAL_IP", "").strip()
        if forwarded:
            return str(forwarded[:64])
    return str(request.META.get("REMOTE_ADDR") or "")


def locked_out(request: HttpRequest, credentials: object = None, *args: object) -> HttpResponse:
    """django-axes' lockout response (``AXES_LOCKOUT_CALLABLE``): a page that says why, 429."""
    cooloff = settings.AXES_COOLOFF_TIME
    minutes = round(cooloff.total_seconds() / 60) if isinstance(cooloff, timedelta) else 0
    return render(
        request, "accounts/locked_out.html", {"cooloff_minutes": max(1, minutes)}, status=429
    )
