"""Every game's score pad at a phone's width (390×844), filled by tapping, picking and typing
numbers like a person (no YAML, no names typed): the same totals and winner as ``portolan
score`` of the same position, the running totals while typing, the play saved and listed after
a restart; no page wider than the screen (at 1280 px too), no input under 16 px, no tap target
under 44 px, no serious or critical axe violation; the cells shown as the pad is filled (Age of
Discovery's next ship, Ships' present area)."""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import expect
from starlette.testclient import TestClient

from portolan.checker.core.registry import GAMES, rules_for
from portolan.paths import components_dir
from portolan.web.app import create_app
from portolan.yamlsrc import Source, parse_yaml
from tests.web.browser import LAPTOP, PHONE
from tests.web.padfill import Step, cli_score, example, options_of, steps_for
from tests.web.test_browser_layout import measure

pytestmark = pytest.mark.browser

AXE = Path(pytest.importorskip("axe_playwright_python").__file__).parent / "axe.min.js"
FITS = """() => ({
  sideways: document.documentElement.scrollWidth - window.innerWidth,
  small: [...document.querySelectorAll("input:not([type=hidden]), select, textarea")]
    .filter((el) => el.getBoundingClientRect().width > 0)
    .filter((el) => parseFloat(getComputedStyle(el).fontSize) < 16)
    .map((el) => el.name || el.id),
})"""


def axe_problems(page) -> list[str]:
    """The serious and critical violations axe-core finds on the page."""
    page.evaluate(AXE.read_text(encoding="utf-8"))
    found = page.evaluate("async () => (await axe.run()).violations")
    return [
        f"{v['id']}: {v['nodes'][0]['html'][:80]}"
        for v in found
        if v["impact"] in ("serious", "critical")
    ]


def fits(page) -> dict:
    found = page.evaluate(FITS)
    return {k: v for k, v in found.items() if v}


def do(page, step: Step) -> None:
    cell = page.get_by_label(step.label, exact=True)
    if step.action == "check":
        cell.tap()
    elif step.action == "fill":
        cell.tap()
        expect(cell).to_be_focused()  # the keyboard is up before the first key
        cell.press_sequentially(step.value, delay=15)
        expect(cell).to_have_value(step.value)
    elif step.action == "pick":
        cell.select_option(label=step.value)
    else:
        cell.select_option(value=step.value)


@pytest.fixture
def touch_phone(browser):
    # bypass_csp: the page's policy allows its own scripts only; axe is the test's
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, bypass_csp=True)
    yield context.new_page()
    context.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_every_pad_filled_by_hand_scores_as_the_command_line(live_server, touch_phone, game):
    url, web = live_server
    page = touch_phone
    expected = cli_score(game)
    players = ", ".join(example(game)["players"])
    page.goto(url + "/score")
    page.get_by_label(web.site.game(game).title).check()
    page.get_by_label("Players, in seat order").fill(players)
    with page.expect_navigation():
        page.get_by_role("button", name="Open the score pad").click()
    assert fits(page) == {}
    assert axe_problems(page) == []
    for step in steps_for(game):
        do(page, step)
    defaults = {o.name: o.default for o in rules_for(game).options(web.site.game(game))}
    chosen = {k: v for k, v in options_of(game).items() if v != str(defaults[k])}
    if chosen:
        page.get_by_text("Rule options").click()
        for name, value in chosen.items():
            page.locator(f"#o-{name}").select_option(value=value)
    totals = " · ".join(f"{s['player']} {s['total']}" for s in expected["scores"])
    running = page.get_by_test_id("running")
    try:
        running.filter(has_text=f"Totals so far: {totals}").wait_for(timeout=10_000)
    except Exception:
        raise AssertionError(running.inner_text()) from None
    with page.expect_navigation():
        page.get_by_role("button", name="Score", exact=True).click()
    winner = page.get_by_test_id("winner").inner_text()
    assert winner.split(":", 1)[1].strip() == ", ".join(expected["winners"])
    row = page.locator("tr.total td").all_inner_texts()
    assert row == [str(s["total"]) for s in expected["scores"]]
    assert fits(page) == {} and axe_problems(page) == []
    page.get_by_role("button", name="Save in the history").click()
    page.get_by_text("Saved in the history.").wait_for()
    with TestClient(create_app(web.site.data, components_dir(), hosts=["testserver"])) as restarted:
        listing = restarted.get(f"/history?game={game}").text
    first = expected["scores"][0]
    assert f"{first['player']} {first['total']}" in listing


def test_a_wrong_cell_is_marked_with_its_message_in_words(live_server, touch_phone):
    url, _ = live_server
    page = touch_phone
    page.goto(url + "/score/discovery-era-of-voyage?players=Ana,+Ben")
    cell = page.get_by_label("Victory point tokens: Ana", exact=True)
    cell.tap()
    cell.press_sequentially("7x")
    page.get_by_test_id("running").filter(has_text="is not a number").wait_for(timeout=10_000)
    assert cell.get_attribute("aria-invalid") == "true"
    with page.expect_navigation():  # the server's check, without the script's help
        page.get_by_role("button", name="Score", exact=True).click()
    assert (
        page.get_by_label("Victory point tokens: Ana", exact=True).get_attribute("aria-invalid")
        == "true"
    )
    assert (
        "Ana · Victory point tokens: '7x' is not a number" in page.locator(".problems").inner_text()
    )
    assert axe_problems(page) == []


@pytest.mark.parametrize(
    "path", ["/", "/history", "/play", "/score", "/check", "/games/age-of-exploration", "referee"]
)
def test_the_other_table_pages_pass_axe_and_fit(live_server, touch_phone, path):
    url, web = live_server
    if path == "referee":
        path = "/play/" + web.site.store.create("ships", ["Ana", "Ben", "Cai"], {})
    touch_phone.goto(url + path)
    assert fits(touch_phone) == {} and axe_problems(touch_phone) == []


@pytest.mark.parametrize("game", list(GAMES))
def test_every_pad_fits_a_laptop_with_big_enough_cells(live_server, browser, game):
    url, _ = live_server
    context = browser.new_context(viewport=LAPTOP, bypass_csp=True)
    page = context.new_page()
    page.goto(f"{url}/score/{game}?players=Ana,+Ben,+Cai")
    found = measure(page)
    assert (found["sideways"], found["small"], found["zooms"]) == (0, [], [])
    assert axe_problems(page) == []
    context.close()


def test_age_of_discovery_shows_the_next_ship_line_and_marks_a_ship_without_its_player(
    live_server, touch_phone
):
    url, web = live_server
    page = touch_phone
    page.goto(url + "/score/age-of-discovery?players=Ana,+Ben")
    second = page.get_by_label("Christopher Columbus, ship 2: whose", exact=True)
    expect(second).to_be_hidden()  # one empty line an expedition until it is filled
    ship = page.get_by_label("Christopher Columbus, ship 1: ship", exact=True)
    ship.select_option(value="Santa María (red)")
    expect(second).to_be_visible()
    running = page.get_by_test_id("running")
    running.filter(has_text="choose whose ship Santa María (red) is").wait_for(timeout=10_000)
    whose = page.get_by_label("Christopher Columbus, ship 1: whose", exact=True)
    assert whose.get_attribute("aria-invalid") == "true"
    whose.select_option(label="Ben")
    position = (
        "players: {Ana: {}, Ben: {}}\n"
        "expeditions: {Christopher Columbus: {Ben: [Santa María (red)]}}"
    )
    sheet = rules_for("age-of-discovery").score_position(
        web.site.game("age-of-discovery"), parse_yaml(position, "p.yaml"), Source("p.yaml"), None
    )
    totals = " · ".join(f"{line.player} {line.total}" for line in sheet.lines)
    running.filter(has_text=f"Totals so far: {totals}").wait_for(timeout=10_000)
    assert whose.get_attribute("aria-invalid") is None


def test_ships_lists_only_the_present_areas_trade_boxes_and_cities(live_server, touch_phone):
    url, _ = live_server
    page = touch_phone
    page.goto(url + "/score/ships?players=Ana,+Ben")
    tyre = page.get_by_label("Tyre: 2 Food: held by", exact=True)
    caribbean = page.get_by_label("Caribbean: 4 VP: held by", exact=True)
    expect(page.get_by_text("Choose the present area above: its trade boxes")).to_be_visible()
    expect(tyre).to_be_hidden()
    page.get_by_label("Present area (scored once more at the end)").select_option(value="5")
    expect(caribbean).to_be_visible()
    expect(tyre).to_be_hidden()
    expect(page.get_by_label("Merchant cubes in the Merchant box: Ana", exact=True)).to_be_hidden()
    page.get_by_label("Present area (scored once more at the end)").select_option(value="7")
    expect(page.get_by_label("Merchant cubes in the Merchant box: Ana", exact=True)).to_be_visible()
    expect(caribbean).to_be_hidden()
