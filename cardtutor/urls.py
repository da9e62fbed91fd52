from django.contrib import admin
from django.urls import include, path

from cardtutor.accounts.forms import AdminLoginForm
from cardtutor.core import glossary_views
from cardtutor.core import views as core_views
from cardtutor.rules import views as rules_views

# the admin's log-in refuses a user name longer than any user's before django-axes counts it
admin.site.login_form = AdminLoginForm

urlpatterns = [
    path("", core_views.home, name="home"),
    path("healthz/", core_views.healthz, name="healthz"),
    path("practice/", include("cardtutor.practice.urls")),
    path("play/", include("cardtutor.games.urls")),
    path("rules/", rules_views.rules, name="rules"),
    path("rules/<slug:game>/", rules_views.rules_game, name="rules_game"),
    path("glossary/", glossary_views.glossary, name="glossary"),
    path("search/", glossary_views.search_view, name="search"),
    path("cards/", core_views.deck, name="deck"),
    path("preferences/deck/", core_views.set_deck, name="set_deck"),
    # the site's own check of the language first (core.views.set_language), same address
    path("i18n/setlang/", core_views.set_language, name="set_language"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("replays/", include("cardtutor.replays.urls")),
    path("accounts/", include("cardtutor.accounts.urls")),
    path("admin/", admin.site.urls),
]

handler400 = "cardtutor.core.views.bad_request"
handler403 = "cardtutor.core.views.permission_denied"
handler404 = "cardtutor.core.views.page_not_found"
handler500 = "cardtutor.core.views.server_error"
