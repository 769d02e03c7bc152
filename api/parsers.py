"""JSON bodies: anything that is not a JSON document the size of a request is a 400.

REST framework's parser turns malformed JSON into a 400 but lets Python's
``RecursionError`` through (``[[[[…`` a hundred thousand deep), which became a 500.
It also keeps the last of two values given for one key (``{"plays": …, "plays": …}``)
without a word; a result entry is a board record, and a record that says two things is
refused (docs/rules.md, ``bad_record``), so a body that repeats a key is a 400 too."""

from __future__ import annotations

import codecs
from typing import Any

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser, get_encoding
from rest_framework.utils import json

from core.engine import RepeatedKeysError, refuse_repeated_keys


class SafeJSONParser(JSONParser):
    def parse(self, stream: Any, media_type: Any = None, parser_context: Any = None) -> Any:
        """REST framework's `JSONParser.parse`, with the two refusals above."""
        encoding = get_encoding(parser_context or {})
        try:
            return json.load(
                codecs.getreader(encoding)(stream),
                parse_constant=json.strict_constant if self.strict else None,
                object_pairs_hook=refuse_repeated_keys,
            )
        except RecursionError as error:
            raise ParseError("JSON 嵌套过深 / the JSON nests too deep") from error
        except RepeatedKeysError as error:
            raise ParseError(f"bad_record: {error}") from error
        except ValueError as error:
            raise ParseError(f"JSON parse error - {error}") from error
