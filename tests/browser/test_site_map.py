"""Lesson 00's map on the served pages: the numbers 10-14 are whole.

Voila draws the map in an output area that scrolls sideways (``overflow-x: auto``), so a
list number wider than the list's left padding was cut: items 10-13 read ".0."-".3." in
projector mode.  The list's padding is the theme's (``sette_kit/theme/sette-kit.css``,
``.sk-map-list``), in em, so it grows with the text.  The static site's landing page is
checked in test_site_browser.py.
"""

from __future__ import annotations

import pytest
from sk_browser import open_page, screenshot
from sk_site import MAP_NUMBERS_CUT_JS

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("query, width", [("", 1200), ("?projector=1", 1200), ("?projector=1", 390)])
def test_the_served_maps_numbers_are_whole(lessons_server, browser, query, width, screenshots):
    context = browser.new_context(viewport={"width": width, "height": 900})
    try:
        page = context.new_page()
        open_page(page, lessons_server.url("00-start-here.ipynb") + query)  # url() quotes a "?"
        page.locator(".sk-lesson-map li[value='10']").wait_for(state="visible")
        assert page.evaluate(MAP_NUMBERS_CUT_JS) == []
        page.locator(".sk-lesson-map li[value='10']").scroll_into_view_if_needed()
        screenshot(page, screenshots / f"served-00-map{'-projector' if query else ''}-{width}.png")
    finally:
        context.close()
