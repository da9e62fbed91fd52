from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "cardtutor.accounts"
    verbose_name = "accounts"

    def ready(self) -> None:
        from cardtutor.accounts import signals  # noqa: F401  (a word on log-out)
