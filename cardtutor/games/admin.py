from django.contrib import admin

from cardtutor.games.models import Game


@admin.register(Game)
class GameAdmin(admin.ModelAdmin[Game]):
    list_display = ["public_id", "kind", "strength", "user", "is_over", "undo_count", "updated"]
    list_filter = ["kind", "strength", "is_over"]
    # The kind and the learner's seats are fixed when a game starts; the record stays editable
    # (a record the engine cannot replay gets the "damaged game" page, never a 500).
    readonly_fields = ["public_id", "kind", "learner_seats", "seed", "created", "updated"]
