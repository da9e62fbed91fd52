from django.contrib import admin

from cardtutor.practice.models import ProgressRecord


@admin.register(ProgressRecord)
class ProgressRecordAdmin(admin.ModelAdmin):  # type: ignore[type-arg]
    list_display = ("user", "updated")
    readonly_fields = ("user", "data", "updated")
    search_fields = ("user__username",)
