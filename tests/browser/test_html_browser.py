"""The HTML living rules in headless Chromium, opened from file:// as a player would:
links land on the right rule, deep links scroll to it, search finds rules, terms
show their meaning, no console errors, no network, no horizontal scroll on a
phone, and rule text that looks like a script stays text.

One browser for the whole module; each test opens its own page.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page, sync_playwright

from compiler.backends import html
from tests.backends.test_html import GAMES, HOSTILE_MEANING, HOSTILE_TEXT, hostile_ruleset
from tests.conftest import living

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
DESKTOP = {"width": 1024, "height": 768}
PHONE = {"width": 375, "height": 740}

# Where an element stands against the viewport and the sticky search bar.
_PLACE = """id => {
  const box = document.getElementById(id).getBoundingClientRect();
  const bar = document.querySelector(".bar").getBoundingClientRect();
  return {top: box.top, bar: bar.bottom, height: innerHeight, hash: location.hash};
}"""


@pytest.fixture(scope="module")
def urls(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    """file:// URLs of the five games' pages and of a hostile test game's page."""
    folder = tmp_path_factory.mktemp("html")
    fronts = {name: living(name) for name in GAMES}
    fronts["hostile"] = hostile_ruleset(folder / "hostile")
    out = {}
    for name, fe in fronts.items():
        (page,) = html.build(fe.game, fe.graphs, "living")
        path = folder / f"{name}.html"
        path.write_bytes(page.data)
        out[name] = path.as_uri()
    return out


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not CHROMIUM.is_file():
        pytest.fail(
            f"{CHROMIUM} not found: the browser tests need Debian's Chromium "
            "(apt-get install chromium)",
            pytrace=False,
        )
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield chromium
        chromium.close()


def test_chromium_is_installed() -> None:
    """Said once as a plain failure: without Chromium every test below errors too."""
    assert CHROMIUM.is_file(), f"{CHROMIUM} not found: apt-get install chromium"


class Watched:
    """A page with every console error, page error, dialog and non-file request noted."""

    def __init__(self, browser: Browser, viewport: dict[str, int], mobile: bool = False) -> None:
        self.context = browser.new_context(viewport=viewport, is_mobile=mobile, has_touch=mobile)
        self.page: Page = self.context.new_page()
        self.page.set_default_timeout(5000)  # a local file: anything slower is a failure
        self.problems: list[str] = []
        self.dialogs: list[str] = []
        self.page.on(
            "console",
            lambda m: self.problems.append(f"console: {m.text}") if m.type == "error" else None,
        )
        self.page.on("pageerror", lambda e: self.problems.append(f"pageerror: {e}"))
        self.page.on("dialog", self._dialog)
        self.page.on("request", self._request)

    def _dialog(self, dialog) -> None:
        self.dialogs.append(dialog.message)
        dialog.dismiss()

    def _request(self, request) -> None:
        if not request.url.startswith(("file:", "data:")):
            self.problems.append(f"request: {request.url}")

    def place(self, ident: str) -> dict:
        return self.page.evaluate(_PLACE, ident)

    def assert_in_view(self, ident: str) -> None:
        """The element's top is on screen, below the sticky bar rather than under it."""
        where = self.place(ident)
        assert where["bar"] - 1 <= where["top"] < where["height"], where


@pytest.fixture
def watched(browser: Browser) -> Iterator[Watched]:
    w = Watched(browser, DESKTOP)
    yield w
    w.context.close()


def test_a_reference_link_lands_on_its_rule(watched: Watched, urls: dict[str, str]) -> None:
    page = watched.page
    page.goto(urls["set-europe-ablaze"])
    page.locator('[id="8.6"] a.ref[href="#8.6.9d"]').first.click()
    page.wait_for_function("location.hash === '#8.6.9d'")
    watched.assert_in_view("8.6.9d")
    assert watched.problems == []


def test_a_deep_link_opens_scrolled_to_the_rule(watched: Watched, urls: dict[str, str]) -> None:
    page = watched.page
    page.goto(urls["set-europe-ablaze"] + "#8.6.5")
    assert page.evaluate("scrollY") > 1000
    watched.assert_in_view("8.6.5")
    assert watched.problems == []


def test_search_finds_a_rule_and_takes_you_there(watched: Watched, urls: dict[str, str]) -> None:
    page = watched.page
    page.goto(urls["set-europe-ablaze"])
    page.fill("#cb-q", "Check Number")
    hit = page.locator('#cb-results a[href="#8.6.5"]')
    hit.wait_for()
    assert "Meeting the Check Number" in hit.inner_text()
    hit.click()
    page.wait_for_function("location.hash === '#8.6.5'")
    watched.assert_in_view("8.6.5")
    assert page.locator("#cb-results").is_hidden()
    page.fill("#cb-q", "Case 8.6.9 d")  # a number as a player types it; Enter jumps
    page.press("#cb-q", "Enter")
    page.wait_for_function("location.hash === '#8.6.9d'")
    watched.assert_in_view("8.6.9d")
    assert watched.problems == []


def test_search_finds_a_card_by_its_wording(watched: Watched, urls: dict[str, str]) -> None:
    """The medal cards' conditions are in no rule: the search found nothing."""
    page = watched.page
    page.goto(urls["liberation"])
    page.fill("#cb-q", "missioni ordine corretto")
    hit = page.locator('#cb-results a[href="#card-medaglia-1-01"]')
    hit.wait_for()
    assert "Fuga verso la zona sud" in hit.inner_text()
    assert "Le missioni devono essere completate" in hit.inner_text()
    hit.click()
    page.wait_for_function("location.hash === '#card-medaglia-1-01'")
    watched.assert_in_view("card-medaglia-1-01")
    assert watched.problems == []


def test_search_ignores_case_and_accents(watched: Watched, urls: dict[str, str]) -> None:
    page = watched.page
    page.goto(urls["liberation"])
    page.fill("#cb-q", "modalita CAMPAGNA")
    page.locator('#cb-results a[href="#gioco-in-modalita-campagna"]').wait_for()
    page.fill("#cb-q", "nessunaparolacosì")
    assert page.locator("#cb-results").inner_text() == "Nessuna regola o carta trovata"
    assert watched.problems == []


def test_hovering_a_glossary_term_shows_its_meaning(watched: Watched, urls: dict[str, str]) -> None:
    page = watched.page
    page.goto(urls["set-europe-ablaze"])
    term = page.locator('[id="8.6.1"] abbr.term').first
    assert term.get_attribute("title") == "Action Point"
    term.hover()
    tip = page.locator("#cb-tip")
    tip.wait_for(state="visible")
    assert tip.inner_text() == "Action Point"
    page.mouse.move(5, 600)
    tip.wait_for(state="hidden")
    assert term.get_attribute("title") == "Action Point"  # the plain title is back
    assert watched.problems == []


@pytest.mark.parametrize("name", GAMES)
def test_no_console_errors_and_no_network(
    watched: Watched, urls: dict[str, str], name: str
) -> None:
    page = watched.page
    page.goto(urls[name])
    page.fill("#cb-q", "the")
    page.locator("#cb-results li").first.wait_for()
    page.press("#cb-q", "Enter")
    terms = page.locator(".term")
    if terms.count():
        terms.first.hover()
    page.goto(urls[name] + "#cb-contents")
    assert watched.problems == []


def test_no_horizontal_scroll_on_a_phone(browser: Browser, urls: dict[str, str]) -> None:
    phone = Watched(browser, PHONE, mobile=True)
    try:
        for name in GAMES:
            phone.page.goto(urls[name])
            phone.page.fill("#cb-q", "a")  # the results list open, too
            width = phone.page.evaluate("document.documentElement.scrollWidth")
            assert width <= PHONE["width"] + 1, (name, width)
        assert phone.problems == []
    finally:
        phone.context.close()


def test_rule_text_that_looks_like_a_script_stays_text(
    watched: Watched, urls: dict[str, str]
) -> None:
    page = watched.page
    page.goto(urls["hostile"])
    assert HOSTILE_TEXT in page.locator('[id="1.0"] > p').first.text_content()
    assert "{{ 7*7 }}" in page.locator('[id="1.0"] h2').text_content()
    assert page.locator("img").count() == 0 and page.locator("script").count() == 2
    page.fill("#cb-q", "1.0")
    page.locator('#cb-results a[href="#1.0"]').wait_for()
    assert "{{ 7*7 }}" in page.locator("#cb-results").inner_text()
    page.locator('[id="1.0"] abbr.term').hover()
    page.locator("#cb-tip").wait_for(state="visible")
    assert page.locator("#cb-tip").inner_text() == HOSTILE_MEANING
    assert watched.dialogs == [] and watched.problems == []
