from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "cardtutor.games"
    label = "games"
    verbose_name = _("Games against the computer")

    def ready(self) -> None:
        from cardtutor.games import signals  # noqa: F401  (connects the log-in receiver)
