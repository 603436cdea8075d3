"""Age of Exploration: the exploration decks against the rulebook, and the balance of the
reconstructed cards (components/age-of-exploration/exploration-*.yaml).

Each deck's share of cards (or portions) that can give Progress, cause a loss, show Ⓓ or Ⓡ is
stated in rules.yaml (`deck_shares`) and held here; every card must be resolvable: every path
through it ends, every check names a rating, and nothing asks for more Progress than its
place allows (Movement)."""

from __future__ import annotations

from collections import Counter

import pytest

from portolan.model import instructions as ins
from portolan.model import load_game
from portolan.paths import components_dir

GAME = "age-of-exploration"
PORTIONS = {  # deck share key -> (deck, field)
    "sea": ("exploration-sea", "sea"),
    "coast": ("exploration-sea", "coast"),
    "land": ("exploration-land", "land"),
    "civilization": ("exploration-civilization", "civ"),
}
LOSSES = (ins.Lose, ins.Damage, ins.Storm)  # a storm may damage a ship


@pytest.fixture(scope="module")
def game():
    return load_game(components_dir(), GAME)


def shares(game, key: str) -> dict[str, int]:
    deck, field = PORTIONS[key]
    out = Counter()
    for card in game.deck(deck).cards:
        steps = list(card.get(field, ()))
        out["cards"] += card.count
        used = ins.verbs(steps)
        if ins.max_progress(steps) >= 1:
            out["progress"] += card.count
        if ins.max_progress(steps) >= 2:
            out["progress_2"] += card.count
        if any(
            isinstance(s, LOSSES) or (isinstance(s, ins.Flag) and s.verb == "lost")
            for s in ins.walk(steps)
        ):
            out["losses"] += card.count
        out["discovery"] += card.count * ("discovery" in used)
        out["rumor"] += card.count * ("rumor" in used)
    return {k: out[k] for k in ("cards", "progress", "progress_2", "losses", "discovery", "rumor")}


@pytest.mark.parametrize("key", list(PORTIONS))
def test_deck_shares_are_as_stated(game, key):
    stated = game.rules.tables["deck_shares"].value[key]
    assert shares(game, key) == stated


def test_decks_have_the_rulebooks_sizes_and_numbers(game):
    sizes = {
        d: game.deck(d).size()
        for d in (
            "exploration-sea",
            "exploration-land",
            "exploration-civilization",
            "outfitting-deck",
            "leaders",
            "ship-cards",
        )
    }
    assert sizes == {
        "exploration-sea": 50,
        "exploration-land": 50,
        "exploration-civilization": 40,
        "outfitting-deck": 36,
        "leaders": 18,
        "ship-cards": 6,
    }
    numbers = [c["number"] for d in sizes for c in game.deck(d).cards]
    assert sorted(numbers) == list(range(1, 201))  # every card numbered once, 1-200


def by_number(game, deck):
    return {c["number"]: c for c in game.deck(deck).cards}


def test_the_cards_the_rulebook_cites(game):
    sea = by_number(game, "exploration-sea")
    for n in (105, 107):
        assert any(isinstance(s, ins.Discover) and s.what == "Teredos" for s in sea[n]["coast"])
    teredos = [
        n
        for n, c in sea.items()
        if any(isinstance(s, ins.Discover) for s in ins.walk(list(c["coast"])))
    ]
    assert teredos == [105, 107]
    land = by_number(game, "exploration-land")
    for n in range(161, 169):
        assert land[n]["title"] == "Hostile Natives"
        (split,) = land[n]["land"]
        assert isinstance(split, ins.If) and isinstance(split.otherwise[0], ins.Choice)
    for n in range(179, 183):
        (ambush,) = land[n]["land"]
        assert land[n]["title"] == "Ambush"
        assert [s.verb for s in ambush.success] == ["nothing"]  # as corrected
    assert land[173]["title"] == "Dissension"
    warring = land[195]["land"]
    assert land[195]["title"] == "Warring Tribes"
    gains = [s for s in ins.walk(list(warring)) if isinstance(s, ins.GainItems)]
    assert gains[0].items == {"Provision": 1, "Porters": 1}
    assert warring[-1].rating == "combat"  # Provisions and Porters first, then combat
    civ = by_number(game, "exploration-civilization")
    for n in (68, 69, 85, 86):
        spent = [s for s in ins.walk(list(civ[n]["civ"])) if isinstance(s, ins.Lose)]
        assert any(s.what == ["Trade Goods"] for s in spent), n
    for n in (93, 94):
        assert civ[n]["title"] == "Siege Opportunity"
        (siege,) = civ[n]["civ"]
        assert siege.condition.clauses == [["in Contact", "in Capital"], ["has manned Cannons"]]
        assert siege.otherwise
    outfit = by_number(game, "outfitting-deck")
    assert (
        outfit[51].get("reshuffle") and sum(1 for c in outfit.values() if c.get("reshuffle")) == 1
    )


def resolvable(steps, where: str, most: int) -> list[str]:
    """Why a tree cannot be resolved: empty choices, Progress beyond what the place allows."""
    problems = []
    for s in ins.walk(steps):
        if isinstance(s, ins.Progress) and s.most() > most:
            problems.append(f"{where}: Progress {s.most()} where at most {most} is allowed")
        if isinstance(s, ins.Choice) and any(not o for o in s.options):
            problems.append(f"{where}: an empty option")
        if isinstance(s, ins.Check) and not (s.success or s.failure):
            problems.append(f"{where}: a check with no outcome")
        if isinstance(s, ins.If) and not (s.then or s.otherwise):
            problems.append(f"{where}: a condition with no outcome")
    return problems


def test_every_card_can_be_resolved(game):
    limits = {"sea": 2, "coast": 1, "nwp": 1, "river": 1, "land": 1, "civ": 1}
    problems = []
    for deck in ("exploration-sea", "exploration-land", "exploration-civilization"):
        for card in game.deck(deck).cards:
            for field, most in limits.items():
                steps = list(card.get(field, ()))
                problems += resolvable(steps, f"{card.name} {field}", most)
    assert not problems


def test_rumors_only_on_land_cards(game):
    for deck, fields in (
        ("exploration-sea", ("sea", "coast", "nwp", "river")),
        ("exploration-civilization", ("civ",)),
    ):
        for card in game.deck(deck).cards:
            for f in fields:
                assert "rumor" not in ins.verbs(list(card.get(f, ()))), card.name


def test_a_card_with_a_broken_instruction_is_reported_at_its_line(tmp_path):
    import shutil

    from portolan.errors import InputError

    folder = tmp_path / GAME
    shutil.copytree(components_dir() / GAME, folder)
    path = folder / "exploration-land.yaml"
    lines = path.read_text("utf-8").splitlines()
    k = next(i for i, ln in enumerate(lines) if "check: combat -1" in ln)
    lines[k] = lines[k].replace("check: combat -1", "check: combats -1", 1)
    path.write_text("\n".join(lines) + "\n", "utf-8")
    with pytest.raises(InputError) as exc:
        load_game(tmp_path, GAME)
    problem = exc.value.problems[0]
    assert "'combats' is not a rating" in problem.message
    assert "did you mean 'combat'" in (problem.hint or "")
    assert problem.line == k + 1
    assert problem.column == lines[k].index("combats") + 1


def test_the_readme_states_the_same_shares(game):
    from portolan.paths import components_dir as root

    readme = (root().parent / "README.md").read_text("utf-8")
    names = {
        "sea": "Sea portions",
        "coast": "Coast portions",
        "land": "Land",
        "civilization": "Civilization",
    }
    for key, name in names.items():
        s = game.rules.tables["deck_shares"].value[key]
        row = (
            f"| {name} | {s['cards']} | {s['progress']} | {s['progress_2']} | {s['losses']} "
            f"| {s['discovery']} | {s['rumor']} |"
        )
        assert row in readme, row
