from django.urls import path

from cardtutor.practice import views

app_name = "practice"
urlpatterns = [
    path("", views.index, name="index"),
    path("progress/", views.progress_page, name="progress"),
    path("<slug:game>/<slug:name>/", views.start, name="start"),
    path("<slug:game>/<slug:name>/<int:level>/<str:seed>/", views.item, name="item"),
]
