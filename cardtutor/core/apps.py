from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "cardtutor.core"
    verbose_name = "cardtutor"
