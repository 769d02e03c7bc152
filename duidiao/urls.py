from django.contrib import admin
from django.urls import include, path

from duidiao.health import healthz, readyz
from web import views as web_views

urlpatterns = [
    path("", web_views.home, name="home"),  # the event list
    path("", include("web.urls")),
    path("", include("rulings.urls")),  # 判罚: e/<code>/rulings/…, t/<code>/rulings/
    path("", include("printing.urls")),  # 打印与导出: e/<code>/printing/…
    path("i18n/", include("django.conf.urls.i18n")),  # set_language: i18n/setlang/
    path("admin/", admin.site.urls),
    path("api/", include("api.urls")),
    path("healthz", healthz, name="healthz"),  # liveness
    path("readyz", readyz, name="readyz"),  # database, cache, broker, stuck jobs
]

handler500 = "duidiao.observability.handler500"  # JSON under /api/ (issue 25)
