from django.contrib import admin
from django.urls import include, path

from api.health import healthz
from web import views as web_views

urlpatterns = [
    path("", web_views.home, name="home"),  # the event list
    path("", include("web.urls")),
    path("", include("rulings.urls")),  # 判罚: e/<code>/rulings/…, t/<code>/rulings/
    path("", include("printing.urls")),  # 打印与导出: e/<code>/printing/…
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: i18n/setlang/
    path("admin/", admin.site.urls),
    path("api/", include("api.urls")),
    path("healthz", healthz, name="healthz"),
]
