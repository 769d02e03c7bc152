from django.contrib import admin
from django.urls import include, path
from django.views.generic import TemplateView

urlpatterns = [
    path("", TemplateView.as_view(template_name="home.html"), name="home"),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: i18n/setlang/
    path("admin/", admin.site.urls),
]
