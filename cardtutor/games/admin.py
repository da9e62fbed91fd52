from django.contrib import admin

from cardtutor.games.models import Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin[Game]):
    list_display = ["public_id", "kind", "strength", "user", "is_over", "undo_count", "updated"]
    list_filter = ["kind", "strength", "is_over"]
    readonly_fields = ["public_id", "seed", "created", "updated"]
