from django.urls import path

from cardtutor.replays import goto, import_views, verdict_views, views

app_name = "replays"
urlpatterns = [
    path("", views.replay_list, name="list"),
    # Fixed addresses under /replays/ are reserved slugs (schemas.RESERVED_SLUGS; tested).
    path("import/", import_views.replay_import, name="import"),
    path("<slug:slug>/", views.replay_start, name="start"),
    path("<slug:slug>/step/<int:number>/", views.replay_step, name="step"),
    path("<slug:slug>/step/<str:raw>/", views.replay_odd_step, name="odd_step"),
    path("<slug:slug>/goto/", goto.goto_step, name="goto"),
    path("<slug:slug>/export.json", views.replay_export, name="export"),
    path("<slug:slug>/advice/", verdict_views.replay_advice, name="advice"),
]
