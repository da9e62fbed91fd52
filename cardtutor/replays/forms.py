from django import forms
from django.utils.translation import gettext_lazy as _


class ReplayImportForm(forms.Form):
    file = forms.FileField(label=_("Replay file (JSON)"))
    replace = forms.BooleanField(
        label=_("Replace an existing replay with the same slug"), required=False
    )
