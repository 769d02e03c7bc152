"""The project's URLconf plus views that fail (tests/test_operations.py)."""

from django.urls import path
from rest_framework.response import Response
from rest_framework.views import APIView

from duidiao.urls import handler500
from duidiao.urls import urlpatterns as project


class Boom(Exception):
    pass


class BoomAPI(APIView):
    authentication_classes: list = []
    permission_classes: list = []

    def get(self, request):
        raise Boom("a DRF view failed")

    def post(self, request):  # pragma: no cover - the shape only
        return Response({})


def boom(request):
    raise Boom("a plain view failed")


urlpatterns = [
    path("api/boom-drf/", BoomAPI.as_view()),
    path("api/boom/", boom),
    path("boom/", boom),
    *project,
]

__all__ = ["handler500", "urlpatterns"]
