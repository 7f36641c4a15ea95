"""The session is the front ends' one door: its public surface is the list its docstring
gives, no more and no less, and every setting passes through one call."""

from __future__ import annotations

import re

import play.session
from engine import EXPERT
from play.game import Settings
from play.session import Session


def listed() -> set[str]:
    """The names the module's docstring lists as the public surface."""
    doc = play.session.__doc__ or ""
    surface = doc[doc.index("Its public surface") : doc.index(">>>")]
    return set(re.findall(r"``(\w+)``", surface))


def test_the_docstring_lists_the_whole_public_surface() -> None:
    session = Session(seed=1)
    public = {name for name in dir(session) if not name.startswith("_")}
    assert listed() == public


def test_every_setting_changes_through_the_one_call() -> None:
    session, other = Session(seed=1), Settings(theme="dark", cell_size="l", flag_mode=True)
    changes = {name: getattr(other, name) for name in ("theme", "cell_size", "flag_mode")}
    session.change(**changes)
    assert [getattr(session.settings, name) for name in changes] == list(changes.values())
    assert not [n for n in dir(Session) if n.startswith("set_") or n == "change_level"]


def test_a_change_that_is_no_setting_is_refused_in_words() -> None:
    session = Session(seed=1)
    session.change(colour="red", auto_delay_ms="fast")
    assert session.settings == Settings()
    assert session.notice is not None and "'auto_delay_ms'" in session.notice.text
    assert "'colour'" in session.notice.text


def test_a_change_of_several_settings_is_reported_once() -> None:
    session, seen = Session(seed=1), []
    session.subscribe(seen.append)
    session.change(level=EXPERT, theme="dark", no_guess=True)
    assert len(seen) == 2 and seen[-1].fresh and seen[-1].game.level == EXPERT
    assert session.settings.theme == "dark" and session.game.no_guess
