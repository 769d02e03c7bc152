"""JSON bodies: anything that is not a JSON document the size of a request is a 400.

REST framework's parser turns malformed JSON into a 400 but lets Python's
``RecursionError`` through (``[[[[…`` a hundred thousand deep), which became a 500."""

from __future__ import annotations

from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser


class SafeJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError as error:
            raise ParseError("JSON 嵌套过深 / the JSON nests too deep") from error
