from __future__ import annotations

from django import forms
from django.core.files.uploadedfile import UploadedFile
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

MAX_IMPORT_BYTES = 2 * 1024 * 1024


class ReplayImportForm(forms.Form):
    file = forms.FileField(label=gettext_lazy("Replay file (JSON)"))
    replace = forms.BooleanField(
        label=gettext_lazy("Replace an existing replay with the same slug"), required=False
    )

    def clean_file(self) -> UploadedFile:
        upload: UploadedFile = self.cleaned_data["file"]
        if (upload.size or 0) > MAX_IMPORT_BYTES:
            raise forms.ValidationError(
                _("The file is too large (at most %(size)d MB).")
                % {"size": MAX_IMPORT_BYTES // 2**20}
            )
        return upload
