"""The import page, ``/replays/import/``: upload a replay exported as JSON.

Only staff users with the permission ``replays.add_replay`` may import (others get 403, and
visitors who are not logged in are sent to the admin's log-in); replacing an existing replay
needs ``replays.change_replay`` too (:class:`~cardtutor.replays.forms.ReplayImportForm`).
A refused file comes back in the form, saying why, and nothing is stored: status 400, or 200
for htmx (which swaps only a 2xx answer in).
"""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods
from django.views.decorators.vary import vary_on_headers

from cardtutor.core.http import HtmxHttpRequest
from cardtutor.replays.forms import ReplayImportForm
from cardtutor.replays.transfer import ReplayImportError, import_replay, load_document

IMPORT_PERMISSION = "replays.add_replay"


@require_http_methods(["GET", "HEAD", "POST"])
@vary_on_headers("HX-Request")
def replay_import(request: HtmxHttpRequest) -> HttpResponse:
    user = request.user
    if not user.is_authenticated:
        return redirect_to_login(request.get_full_path(), reverse("admin:login"))
    if not (user.is_active and user.is_staff and user.has_perm(IMPORT_PERMISSION)):
        # the page itself, not PermissionDenied: that is logged with a traceback, and this
        # refusal is expected, not an error
        message = _("Importing replays needs the permission to add replays.")
        return render(request, "403.html", {"message": message}, status=403)
    error = ""
    form = ReplayImportForm(request.POST or None, request.FILES or None, user=user)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        try:
            data = load_document(upload.read())
            if form.cleaned_data["slug"] and isinstance(data, dict):
                # checked with the rest of the document (the schema's pattern, reserved slugs)
                data["slug"] = form.cleaned_data["slug"]
            replay = import_replay(data, replace=form.cleaned_data["replace"])
        except ReplayImportError as err:
            error = _("Refused, nothing was stored: %(reason)s") % {"reason": err}
        else:
            url = reverse("replays:step", args=[replay.slug, 0])
            if request.htmx:
                response = HttpResponse(status=204)
                response["HX-Redirect"] = url
                return response
            return redirect(url)
    refused = request.method == "POST" and not request.htmx
    template = "replays/import.html#form" if request.htmx else "replays/import.html"
    return render(request, template, {"form": form, "error": error}, status=400 if refused else 200)
