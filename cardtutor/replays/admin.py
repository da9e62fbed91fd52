from django.contrib import admin

from cardtutor.replays.models import Annotation, Replay


class AnnotationInline(admin.StackedInline[Annotation, Replay]):
    model = Annotation
    extra = 0


@admin.register(Replay)
class ReplayAdmin(admin.ModelAdmin[Replay]):
    list_display = ("slug", "game", "ruleset", "title_en", "updated")
    list_filter = ("game",)
    search_fields = ("slug", "title_en", "title_de")
    inlines = [AnnotationInline]
