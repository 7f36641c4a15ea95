"""A pure-Python package the first visit does not download, fetched when first needed.

The site serves such packages from its own origin as zips (``static/vendor/*.zip``, made by
tools/site/archives.py from the pinned packages; the service worker keeps them for offline
play): the replay file reader (``sweeping_view``) and Practice's scheduler (``fsrs``). The
first use fetches the zip and puts it on ``sys.path``, where Python imports from it as it is.
"""

from __future__ import annotations

import sys
from typing import Any


async def ensure_package(window: Any, package: str, url: str, path: str) -> None:
    """Make ``package`` importable from the zip at ``url`` (written to ``path``); OSError,
    naming the cause, when it cannot be fetched (offline before it was ever fetched, or a
    failed request)."""
    import importlib.util  # late: the page's face imports this module with every start

    if importlib.util.find_spec(package) is not None:
        return
    try:
        response = await window.fetch(url)
        if not response.ok:
            raise OSError(f"HTTP {response.status}")
        data = (await response.arrayBuffer()).to_bytes()
    except Exception as error:
        raise OSError(str(error)) from None
    with open(path, "wb") as file:
        file.write(data)
    # A new entry of sys.path has no finder cached yet: no invalidate_caches() needed (it
    # would import importlib.metadata, which the site's trimmed standard library leaves out).
    sys.path.append(path)
