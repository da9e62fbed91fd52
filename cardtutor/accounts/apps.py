from django.apps import AppConfig


class AccountsConfig(AppConfig):
    name = "cardtutor.accounts"
    verbose_name = "accounts"
