"""A race link's bytes: the text of ``?race=`` as a version and the numbers and bytes after it.

The text is URL-safe base64, without padding, of a version byte, the data, and a CRC-32 of
both (4 bytes, big-endian). The data are whole numbers as variable-length integers (7 bits a
byte, low bits first, each below 2**64) and runs of bytes, in the order the version says:
what they mean is :mod:`play.game.race`'s. :func:`opened` refuses any other text with
:class:`UnreadableLink`, a short message for the player.

>>> text = sealed(2, numbers(300, 0) + b"Ada")
>>> version, reader = opened(text, versions=(1, 2), longest=100)
>>> version, reader.number(), reader.number(), reader.bytes(3, most=3)
(2, 300, 0, b'Ada')
>>> reader.end()
>>> opened(text[:-1], versions=(1, 2), longest=100)
Traceback (most recent call last):
...
play.game.link_bytes.UnreadableLink: This race link is damaged or cut short: ask for it again.
"""

from __future__ import annotations

import base64
import binascii
import zlib
from collections.abc import Container

DAMAGED = "This race link is damaged or cut short: ask for it again."
"""The words for a link whose bytes are not ones we wrote (its check fails, it ends early,
a number does not fit, or what its numbers say cannot be)."""

_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
_LARGEST = 1 << 64
"""The largest number a link holds (a seed is below it): a longer one is refused unread."""


class UnreadableLink(ValueError):
    """A link's text that holds no bytes we wrote; its message is for the player."""


def numbers(*values: int) -> bytes:
    """Each of ``values`` (none negative) as a variable-length integer, 7 bits a byte, low
    bits first, the high bit set on every byte but a number's last.

    >>> numbers(0, 127, 128, 300).hex(" ")
    '00 7f 80 01 ac 02'
    """
    out = bytearray()
    for number in values:
        while number >= 0x80:
            out.append(number & 0x7F | 0x80)
            number >>= 7
        out.append(number)
    return bytes(out)


def sealed(version: int, data: bytes) -> str:
    """A link's text: ``version``, then ``data``, then their CRC-32, as URL-safe base64 with
    no padding (letters, digits, ``-`` and ``_``)."""
    out = bytes([version]) + data
    out += zlib.crc32(out).to_bytes(4, "big")
    return base64.urlsafe_b64encode(out).decode("ascii").rstrip("=")


def opened(text: object, versions: Container[int], longest: int) -> tuple[int, Reader]:
    """The version of a link's text :func:`sealed` wrote, and a reader of its data;
    :class:`UnreadableLink` for anything else: no text, more than ``longest`` characters, a
    character base64 of ours never holds, a failed check, or a version not in ``versions``."""
    if not isinstance(text, str) or not text:
        raise UnreadableLink("This race link is empty.")
    if len(text) > longest:
        raise UnreadableLink("This race link is too long to be one of ours.")
    if text.strip(_ALPHABET):
        raise UnreadableLink("This is not a race link: it holds characters ours never do.")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise UnreadableLink(DAMAGED) from None
    if len(data) < 5 or zlib.crc32(data[:-4]) != int.from_bytes(data[-4:], "big"):
        raise UnreadableLink(DAMAGED)
    if data[0] not in versions:
        raise UnreadableLink("This race link was made by another version of the game.")
    return data[0], Reader(data[1:-4])


class Reader:
    """Numbers and runs of bytes read in turn from a link's data (what :func:`numbers`
    wrote); :class:`UnreadableLink` past its end, for a number of 2**64 or more, or for one
    written long (a last byte of 0 after others: the same number, in bytes we never write,
    so that every link read is byte for byte one that the game writes).

    >>> reader = Reader(numbers(2**63) + b"\\x80")
    >>> reader.number() == 2**63
    True
    >>> reader.number()
    Traceback (most recent call last):
    ...
    play.game.link_bytes.UnreadableLink: This race link is damaged or cut short: ask for it again.
    >>> Reader(b"\\x81\\x00").number()
    Traceback (most recent call last):
    ...
    play.game.link_bytes.UnreadableLink: This race link is damaged or cut short: ask for it again.
    """

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._at = 0

    def number(self) -> int:
        """The next variable-length integer."""
        number = shift = 0
        while True:
            if self._at >= len(self._data):
                raise UnreadableLink(DAMAGED)
            byte = self._data[self._at]
            self._at += 1
            number |= (byte & 0x7F) << shift
            shift += 7
            if number >= _LARGEST or shift > 70:
                raise UnreadableLink(DAMAGED)
            if byte < 0x80:
                if byte == 0 and shift > 7:
                    raise UnreadableLink(DAMAGED)  # written long: not bytes of ours
                return number

    def bytes(self, count: int, most: int) -> bytes:
        """The next ``count`` bytes: refused when they are more than ``most``."""
        if count > most or self._at + count > len(self._data):
            raise UnreadableLink(DAMAGED)
        part = self._data[self._at : self._at + count]
        self._at += count
        return part

    def end(self) -> None:
        """Refuse a link with bytes left over after all its version reads."""
        if self._at != len(self._data):
            raise UnreadableLink(DAMAGED)
