from django.apps import AppConfig


class PracticeConfig(AppConfig):
    name = "cardtutor.practice"
    verbose_name = "Practice"

    def ready(self) -> None:
        from cardtutor.practice import signals  # noqa: F401  (log-in merges the session's record)
