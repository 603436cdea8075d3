"""Phone first, in a real browser at 390×844: every page fits the width (no sideways scrolling,
no zooming), has one h1, names every form control for a screen reader, keeps touch targets at
least 44 px tall and body text and every field at least 16 px, shows every placeholder whole
and marks every summary as something that opens; in dark mode the page is dark."""

from __future__ import annotations

import pytest

from tests.web.browser import PHONE, start_game
from tests.web.conftest import EXAMPLES

pytestmark = pytest.mark.browser

TOUCH_PX = 44  # the smallest tap target we allow (WCAG 2.5.5's size)

# What a person taps: buttons, button-like links, the menu, the table of contents, the choice
# rows (their radio button is inside the row), the fields. Links inside a sentence are not.
TARGETS = (
    "button, a.button, nav a, summary, label.choice, "
    "input:not([type=hidden]):not([type=radio]), select, textarea"
)

MEASURE = """(targets) => {
  const shown = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== "hidden";
  };
  const named = (el) => (el.labels && el.labels.length > 0)
    || el.getAttribute("aria-label") || el.getAttribute("aria-labelledby");
  const fields = [...document.querySelectorAll("input:not([type=hidden]), select, textarea")];
  return {
    sideways: document.documentElement.scrollWidth - window.innerWidth,
    h1: document.querySelectorAll("h1").length,
    unnamed: fields.filter(shown).filter((el) => !named(el)).map((el) => el.name || el.id),
    small: [...document.querySelectorAll(targets)].filter(shown)
      .map((el) => [Math.round(el.getBoundingClientRect().height), el.outerHTML.slice(0, 60)]),
    text_px: parseFloat(getComputedStyle(document.body).fontSize),
    // a placeholder wider than its field shows a cut-off example
    cut: fields.filter(shown).filter((el) => el.tagName === "INPUT" && el.placeholder)
      .filter((el) => {
        const style = getComputedStyle(el, "::placeholder");
        const pen = document.createElement("canvas").getContext("2d");
        pen.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const box = getComputedStyle(el);
        const room = el.clientWidth - parseFloat(box.paddingLeft) - parseFloat(box.paddingRight);
        return pen.measureText(el.placeholder).width > room + 1;
      }).map((el) => el.placeholder),
    // iOS zooms into a field whose text is under 16 px
    zooms: fields.filter(shown).filter((el) => parseFloat(getComputedStyle(el).fontSize) < 16)
      .map((el) => el.name || el.id),
    // a summary that does not look like something that opens
    unmarked: [...document.querySelectorAll("summary")].filter(shown)
      .filter((el) => getComputedStyle(el).display !== "list-item"
        && ["none", "normal"].includes(getComputedStyle(el, "::before").content))
      .map((el) => el.textContent.trim()),
    background: getComputedStyle(document.body).backgroundColor,
    color: getComputedStyle(document.body).color,
  };
}"""


def measure(page) -> dict:
    page.wait_for_load_state("load")  # a click that posts a form: measure the page it led to
    found = page.evaluate(MEASURE, TARGETS)
    found["small"] = [(h, html) for h, html in found["small"] if h < TOUCH_PX]
    return found


def pages(page, url: str):
    """Every kind of page, each as a person reaches it; yields its name once it is shown."""
    for path in (
        "/",
        "/score",
        "/score/ships?players=Ana,+Ben,+Cai",
        "/check",
        "/play",
        "/play?game=age-of-discovery",
        "/history",
        "/score/age-of-exploration?players=Ana,+Ben,+Cai,+Dee",
        "/score/exploration-age-of-sail?players=Ana,+Ben,+Cai,+Dee",
        "/score/age-of-discovery?players=Ana,+Ben,+Cai,+Dee",
        "/score/discovery-era-of-voyage?players=Ana,+Ben,+Cai,+Dee",
        "/games",
        "/games/ships",
        "/nowhere",
    ):
        page.goto(url + path)
        yield path
    page.goto(url + "/score/ships?players=Ana,+Ben")
    page.get_by_text("Or paste a position file").click()
    page.get_by_label("Position (YAML, as for portolan score)").fill(
        (EXAMPLES / "positions" / "ships.yaml").read_text(encoding="utf-8")
    )
    page.get_by_role("button", name="Score this file").click()
    yield "score sheet"
    page.goto(url + "/check")
    log = (EXAMPLES / "exploration-age-of-sail" / "two-players.yaml").read_text(encoding="utf-8")
    page.get_by_label("Paste the log (YAML)").fill(log + "  - {player: Ana, draw: Galleons}\n")
    page.get_by_role("button", name="Check", exact=True).click()
    yield "check: illegal step"
    page.goto(url + "/check")
    page.get_by_label("Paste the log (YAML)").fill("game: ships\nplayers: [Ana]\n")
    page.get_by_role("button", name="Check", exact=True).click()
    yield "check: malformed log"
    start_game(page, url, "discovery-era-of-voyage", 8)
    yield "referee"


def test_every_page_fits_a_phone_and_reads_aloud(live_server, browser):
    url, _ = live_server
    context = browser.new_context(viewport=PHONE)
    page = context.new_page()
    problems = {}
    for name in pages(page, url):
        m = measure(page)
        wrong = {
            "scrolls sideways by px": m["sideways"] if m["sideways"] > 0 else None,
            "h1 count": m["h1"] if m["h1"] != 1 else None,
            "fields without a label": m["unnamed"] or None,
            "touch targets under 44 px": m["small"] or None,
            "body text px": m["text_px"] if m["text_px"] < 16 else None,
            "placeholders cut off": m["cut"] or None,
            "fields under 16 px": m["zooms"] or None,
            "summaries with no open marker": m["unmarked"] or None,
        }
        wrong = {k: v for k, v in wrong.items() if v is not None}
        if wrong:
            problems[name] = wrong
    context.close()
    assert problems == {}


def luminance(css: str) -> float:
    r, g, b = (int(x) for x in css[css.index("(") + 1 : css.index(")")].split(",")[:3])
    return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_pages_follow_the_systems_dark_mode(live_server, browser, scheme):
    url, _ = live_server
    context = browser.new_context(viewport=PHONE, color_scheme=scheme)
    page = context.new_page()
    for path in ("/", "/check", "/play?game=ships"):
        page.goto(url + path)
        m = measure(page)
        background, text = luminance(m["background"]), luminance(m["color"])
        if scheme == "dark":
            assert background < 0.2 and text > 0.8, (path, m)
        else:
            assert background > 0.8 and text < 0.2, (path, m)
    context.close()
