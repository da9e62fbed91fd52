from django.urls import path

from cardtutor.games import views

app_name = "games"

urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.new, name="new"),
    path("example/<slug:slug>/", views.take_seat, name="take_seat"),
    path("<str:public_id>/", views.game_page, name="game"),
    path("<str:public_id>/move/", views.move, name="move"),
    path("<str:public_id>/undo/", views.undo, name="undo"),
    path("<str:public_id>/hint/", views.hint, name="hint"),
    path("<str:public_id>/export.json", views.export, name="export"),
    path("<str:public_id>/keep/", views.keep, name="keep"),
    path("<str:public_id>/says/", views.says, name="says"),
]
