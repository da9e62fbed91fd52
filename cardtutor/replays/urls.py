from django.urls import path

from cardtutor.replays import views

app_name = "replays"
urlpatterns = [
    path("", views.replay_list, name="list"),
]
