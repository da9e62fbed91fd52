from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html
from django.utils.text import Truncator

from cardtutor.replays.models import Annotation, Replay


@admin.register(Replay)
class ReplayAdmin(admin.ModelAdmin[Replay]):
    """A replay's own fields; its annotations are edited one by one (:class:`AnnotationAdmin`).

    Not an inline: the Besik example's ~140 annotations made a form of 1,121 fields, past
    Django's ``DATA_UPLOAD_MAX_NUMBER_FIELDS`` (1,000), so every save of it was refused as a
    bad request and the edits lost. The limit guards every form of the site; it stays."""

    list_display = ("slug", "game", "ruleset", "title_en", "updated")
    list_filter = ("game",)
    search_fields = ("slug", "title_en", "title_de")
    readonly_fields = ("annotations_link",)

    @admin.display(description="Annotations")
    def annotations_link(self, replay: Replay) -> str:
        if replay.pk is None:
            return "-"
        url = reverse("admin:replays_annotation_changelist") + f"?replay__id__exact={replay.pk}"
        count = replay.annotations.count()
        return format_html('<a href="{}">{} annotations, by step</a>', url, count)


@admin.register(Annotation)
class AnnotationAdmin(admin.ModelAdmin[Annotation]):
    list_display = ("replay", "step", "commentary")
    list_display_links = ("step",)
    list_filter = ("replay",)
    list_select_related = ("replay",)
    ordering = ("replay", "step")
    search_fields = ("commentary_en", "commentary_de")

    @admin.display(description="Commentary (English)")
    def commentary(self, annotation: Annotation) -> str:
        return Truncator(annotation.commentary_en).chars(80)
