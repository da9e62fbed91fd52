from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ReplaysConfig(AppConfig):
    name = "cardtutor.replays"
    verbose_name = _("Replays")
