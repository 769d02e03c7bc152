from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RulingsConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "rulings"
    verbose_name = _("判罚")
