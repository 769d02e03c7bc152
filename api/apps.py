from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "api"
    verbose_name = _("接口")

    def ready(self) -> None:
        # Cached standings follow the results: a changed result, and the rescore it
        # queues finishing (in whichever process runs it), each start a new version.
        from .cache import connect_invalidation

        connect_invalidation()
