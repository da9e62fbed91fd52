"""The import form: a replay file, the slug to store it under (the file's own if empty), and
whether it may replace one with the same slug.

Who may import is the view's check (``replays.add_replay``); replacing needs
``replays.change_replay`` as well, checked here so the refusal is said in the form."""

from __future__ import annotations

from typing import Any, Protocol

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.core.validators import RegexValidator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

# nginx's client_max_body_size (deploy/nginx.conf.template) is set above this.
MAX_IMPORT_BYTES = 2 * 1024 * 1024


class _User(Protocol):
    def has_perm(self, perm: str, obj: Any = ...) -> bool: ...


class ReplayImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Replay file (JSON)"))
    slug = forms.CharField(
        label=gettext_lazy("Store it under this slug (optional)"),
        help_text=gettext_lazy(
            "Lower-case letters, digits and hyphens; empty: the slug written in the file. A "
            "learner's game downloaded from the site needs one: its own is kept for the games."
        ),
        required=False,
        max_length=50,
        # in words, under the box (the document's check quoted its regular expression, as
        # an error of the file)
        validators=[
            RegexValidator(
                r"^[a-z0-9]+(?:-[a-z0-9]+)*\Z",
                message=gettext_lazy(
                    "A slug is lower-case letters (a–z, no umlauts) and digits, joined by single "
                    "hyphens, with no hyphen at either end: e.g. “my-piquet-deal-2”."
                ),
            )
        ],
        error_messages={
            "max_length": gettext_lazy(
                "At most %(limit_value)d characters, please (this has %(show_value)d)."
            )
        },
    )
    replace = forms.BooleanField(
        label=gettext_lazy("Replace an existing replay with the same slug"), required=False
    )

    def __init__(self, *args: Any, user: _User | None = None, **kwargs: Any) -> None:
        kwargs.setdefault("label_suffix", "")  # labels as the site's other forms write them
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_file(self) -> UploadedFile:
        upload: UploadedFile = self.cleaned_data["file"]
        if (upload.size or 0) > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                _("The file is too large (at most %(size)d MB).")
                % {"size": MAX_IMPORT_BYTES // 2**20}
            )
        return upload

    def clean_replace(self) -> bool:
        replace = bool(self.cleaned_data.get("replace"))
        if replace and (self.user is None or not self.user.has_perm("replays.change_replay")):
            raise forms.ValidationError(
                _(
                    "You may add replays but not replace them (that needs the permission to change replays)."
                )
            )
        return replace
