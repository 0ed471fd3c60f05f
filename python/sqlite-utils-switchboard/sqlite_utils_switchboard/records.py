"""Records read from JSON a piece at a time, so that memory stays flat in the input's size: the elements of
a JSON array, a lone object, objects one after another, or newline-delimited JSON (`--nl`).

    >>> list(records(io.BytesIO(b'[{"a": 1}, {"a": 2}]'), nl=False))
    [('record 1', {'a': 1}), ('record 2', {'a': 2})]
    >>> list(records(io.BytesIO(b'{"a": 1}\\n\\n{"a": 2}\\n'), nl=True))
    [('line 1', {'a': 1}), ('line 3', {'a': 2})]
"""
import io
import json

CHUNK = 1 << 16
WHITESPACE = " \t\n\r"
_decoder = json.JSONDecoder()


class InvalidJSON(ValueError):
    """Input that is not JSON, at a location (`record 3`, `line 7`)."""


def records(stream, nl):
    """(location, value) for each record of the binary `stream`, as it is read."""
    text = io.TextIOWrapper(stream, encoding="utf-8-sig")
    return _lines(text) if nl else _values(_Buffer(text))


def _lines(text):
    for number, line in enumerate(text, 1):
        if line.strip():
            try:
                yield f"line {number}", json.loads(line)
            except ValueError as error:
                raise InvalidJSON(f"line {number}: not JSON ({getattr(error, 'msg', error)})") from None


def _values(buffer):
    if buffer.skip() != "[":  # a lone object, or objects one after another
        number = 0
        while buffer.skip():
            number += 1
            yield f"record {number}", buffer.value(f"record {number}")
        return
    buffer.position += 1
    number = 0
    if buffer.skip() == "]":
        buffer.position += 1
    else:
        while True:
            number += 1
            buffer.skip()
            yield f"record {number}", buffer.value(f"record {number}")
            following = buffer.skip()
            buffer.position += 1
            if following == "]":
                break
            if following != ",":
                raise InvalidJSON(f"record {number}: not JSON (',' or ']' expected after it)")
    if buffer.skip():
        raise InvalidJSON(f"after record {number}: not JSON (text after the array)")


class _Buffer:
    """The text not parsed yet: what is left of the chunks read so far."""

    def __init__(self, text):
        self.text, self.data, self.position, self.ended = text, "", 0, False

    def more(self):
        """Reads the next chunk; False at the end of the input."""
        chunk = self.text.read(CHUNK)
        self.data, self.position, self.ended = self.data[self.position:] + chunk, 0, not chunk
        return bool(chunk)

    def skip(self):
        """Skips whitespace; the next character, or "" at the end of the input."""
        while True:
            while self.position < len(self.data) and self.data[self.position] in WHITESPACE:
                self.position += 1
            if self.position < len(self.data):
                return self.data[self.position]
            if not self.more():
                return ""

    def value(self, location):
        """The JSON value at the position. A value that reaches the end of the data read so far may go on
        in the next chunk (a number, or an incomplete object), so more is read before it is taken."""
        while True:
            try:
                value, end = _decoder.raw_decode(self.data, self.position)
            except ValueError as error:
                if self.ended:
                    raise InvalidJSON(f"{location}: not JSON ({getattr(error, 'msg', error)})") from None
                self.more()
                continue
            if end < len(self.data) or self.ended:
                self.position = end
                return value
            self.more()
