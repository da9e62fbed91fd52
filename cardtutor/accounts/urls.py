from django.contrib.auth import views as auth_views
from django.urls import path

from cardtutor.accounts import views
from cardtutor.accounts.forms import LoginForm

urlpatterns = [
    path(
        "login/",
        auth_views.LoginView.as_view(
            template_name="accounts/login.html",
            redirect_authenticated_user=True,
            authentication_form=LoginForm,
            # a form view takes PUT as POST: the log-in form answered a PUT
            http_method_names=["get", "head", "post", "options"],
        ),
        name="login",
    ),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("signup/", views.signup, name="signup"),
]
