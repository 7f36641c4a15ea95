"""A race link's bytes (:mod:`play.game.link_bytes`): numbers against the variable-length
integers' published examples, the check against CRC-32's published check value, and every
refusal in the words a race link's reader says (:meth:`play.game.race.Ghost.from_link`)."""

from __future__ import annotations

import base64

import pytest
from hypothesis import given
from hypothesis import strategies as st

from engine import BEGINNER
from play.game.link_bytes import DAMAGED, Reader, UnreadableLink, numbers, opened, sealed
from play.game.race import LONGEST_LINK, BadRaceLink, Ghost

EMPTY = "This race link is empty."
TOO_LONG = "This race link is too long to be one of ours."
NOT_OURS = "This is not a race link: it holds characters ours never do."
OTHER_VERSION = "This race link was made by another version of the game."


def as_text(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


def test_numbers_are_7_bits_a_byte_low_bits_first() -> None:
    """LEB128 as protocol buffers document it (300 is their example: ac 02)."""
    assert numbers(0) == bytes([0x00])
    assert numbers(127) == bytes([0x7F])
    assert numbers(128) == bytes([0x80, 0x01])
    assert numbers(300) == bytes([0xAC, 0x02])
    assert numbers(2**63) == bytes([0x80] * 9 + [0x01])
    assert numbers(2**64 - 1) == bytes([0xFF] * 9 + [0x01])


@given(st.lists(st.integers(0, 2**64 - 1) | st.binary(max_size=20), max_size=30))
def test_numbers_and_bytes_read_back_as_written(parts: list[int | bytes]) -> None:
    data = b"".join(numbers(part) if isinstance(part, int) else part for part in parts)
    version, reader = opened(sealed(7, data), versions=(7,), longest=10_000)
    assert version == 7
    for part in parts:
        if isinstance(part, int):
            assert reader.number() == part
        else:
            assert reader.bytes(len(part), most=20) == part
    reader.end()


def test_a_link_is_base64_of_its_version_its_data_and_their_crc_32() -> None:
    """CRC-32's check value: the CRC of the ASCII digits 1 to 9 is CBF43926."""
    text = sealed(ord("1"), b"23456789")
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    assert data == b"123456789" + bytes.fromhex("cbf43926")
    assert "=" not in text


def refusal(text: object) -> str:
    """The words :func:`opened` refuses ``text`` with, and the same words from the race."""
    with pytest.raises(UnreadableLink) as wire:
        reader = opened(text, versions=(1, 2), longest=LONGEST_LINK)[1]
        while True:
            reader.number()
    with pytest.raises(BadRaceLink) as race:
        Ghost.from_link(text)
    assert str(race.value) == str(wire.value)
    return str(wire.value)


def test_every_refusal_has_its_words_and_the_race_says_them() -> None:
    good = sealed(2, numbers(9, 9, 10))
    assert refusal(None) == refusal("") == refusal(7) == EMPTY
    assert refusal("A" * (LONGEST_LINK + 1)) == TOO_LONG
    assert refusal(good + "=") == refusal(good[:3] + "+" + good[4:]) == NOT_OURS
    assert refusal("AAAAA") == DAMAGED  # no base64 is 5 characters long
    assert refusal(as_text(bytes(4))) == DAMAGED  # no version before a CRC (of nothing: 0)
    assert refusal(good[:-2] + ("A" if good[-2] != "A" else "B") + good[-1]) == DAMAGED
    assert refusal(sealed(4, numbers(9))) == refusal(sealed(0, b"")) == OTHER_VERSION
    assert refusal(sealed(2, bytes([0x80] * 9 + [0x02]))) == DAMAGED  # 2**64: too large
    assert refusal(sealed(2, bytes([0x80] * 10 + [0x00]))) == DAMAGED  # 11 bytes for a 0
    assert refusal(sealed(2, b"\x80")) == DAMAGED  # cut short in a number


def test_a_number_of_2_to_the_64_or_of_more_than_10_bytes_is_refused() -> None:
    assert Reader(numbers(2**64 - 1)).number() == 2**64 - 1
    assert len(numbers(2**63)) == 10 and Reader(numbers(2**63)).number() == 2**63
    with pytest.raises(UnreadableLink, match=DAMAGED):
        Reader(numbers(2**64)).number()
    with pytest.raises(UnreadableLink, match=DAMAGED):
        Reader(bytes([0x80] * 10 + [0x00])).number()  # 11 bytes, though 0


@pytest.mark.parametrize("written_long", [[0x80, 0x00], [0x81, 0x00], [0xFF, 0x80, 0x00]])
def test_a_number_written_longer_than_numbers_writes_it_is_refused(written_long: list[int]) -> None:
    """0, 1 and 127 with needless last bytes: the same numbers, in bytes no link of ours holds."""
    with pytest.raises(UnreadableLink, match=DAMAGED):
        Reader(bytes(written_long)).number()


def test_a_crc_that_does_not_match_is_refused() -> None:
    data = bytearray(base64.urlsafe_b64decode(sealed(2, numbers(1, 2, 3)) + "=="))
    data[-1] ^= 1
    with pytest.raises(UnreadableLink, match=DAMAGED):
        opened(as_text(bytes(data)), versions=(2,), longest=100)


def test_bytes_past_the_end_or_over_the_most_or_left_over_are_refused() -> None:
    reader = Reader(b"abc")
    with pytest.raises(UnreadableLink, match=DAMAGED):
        reader.bytes(3, most=2)
    with pytest.raises(UnreadableLink, match=DAMAGED):
        reader.bytes(4, most=10)
    assert reader.bytes(2, most=2) == b"ab"
    with pytest.raises(UnreadableLink, match=DAMAGED):
        reader.end()  # "c" left over
    assert reader.bytes(1, most=1) == b"c"
    reader.end()
    with pytest.raises(UnreadableLink, match=DAMAGED):
        reader.number()


def test_a_ghost_with_bytes_left_over_is_refused() -> None:
    text = Ghost(BEGINNER, 7, 3, ((0, 1), (900, 3))).link_text()
    data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))[:-4]
    assert Ghost.from_link(sealed(data[0], data[1:])) == Ghost.from_link(text)
    with pytest.raises(BadRaceLink, match=DAMAGED):
        Ghost.from_link(sealed(data[0], data[1:] + b"\x00"))
