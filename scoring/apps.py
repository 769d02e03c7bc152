from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    default_auto_field = "django.db.models.BigAutoField"
    name = "scoring"
    verbose_name = _("计分")

    def ready(self) -> None:
        # Results are written by the boards services, which do not import scoring; their
        # signal tells scoring to rescore what the result touches once it commits.
        from boards.signals import result_changed

        from .services import result_changed as rescore_on_commit

        def follow(sender: object, result: object, **kwargs: object) -> None:
            rescore_on_commit(result)  # type: ignore[arg-type]

        # weak=False: ``follow`` is local to this method; held weakly, it would be
        # collected as soon as ready() returns and results would stop being scored.
        result_changed.connect(follow, weak=False, dispatch_uid="scoring.rescore_on_result_changed")
