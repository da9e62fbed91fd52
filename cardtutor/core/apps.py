from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "cardtutor.core"
    verbose_name = "cardtutor"

    def ready(self) -> None:
        from cardtutor.core import checks  # noqa: F401  (registers the deployment checks)
