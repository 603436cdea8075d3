"""Age of Discovery: the example games replay legally to the end and score as computed by hand."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from checker.core.registry import rules_for
from portolan.cli import app
from tests.checker.helpers import AOD_EXAMPLES, run_log

# Worked out by hand from each log's expeditions (the `sends` lines of --trace), per ship the
# expedition card's number for the scoring: "Abreu 1x4" is one ship on Antonio de Abreu's
# expedition scoring 4 (the coloured, matching number at the first scoring); missions read the
# points under the player's completed contracts on the mission card; 1 point per ship not sent.
# two-players:
#   first scoring:
#     Ana: Abreu 1x4, Columbus 2x2, Dias 1x4, Magellan 2x2, Cartier 1x4, Cabot 1x3, Verrazzano
#         1x3 = 26
#     Ben: Abreu 1x4, Dias 1x4, Magellan 1x2, Barentsz 2x4, Cabot 2x3, Verrazzano 2x3 = 30
#   final scoring:
#     Ana: Abreu 1x8, Columbus 2x5, Dias 1x8, Magellan 2x5, Gama 1x5, Cartier 2x7, Vespucci
#         2x6, Cabot 1x7, Drake 1x6, Verrazzano 1x7, Cabral 1x6 = 93
#     Ben: Abreu 1x8, Columbus 2x5, Dias 1x8, Magellan 2x5, Barentsz 2x7, Vespucci 2x6, Cabot
#         2x7, Drake 1x6, Verrazzano 2x7 = 96
#   missions:
#     Ana: Half of All Ships, 1 contracts -> 1 per expedition, met on 9 (Abreu, Columbus, Dias,
#         Magellan, Gama, Cartier, Vespucci, Drake, Cabral) = 9
#     Ben: One Ship, 1 contracts -> 1 per expedition, met on 9 (Abreu, Columbus, Dias,
#         Magellan, Barentsz, Vespucci, Cabot, Drake, Verrazzano) = 9
#   ships not on expeditions: Ana 0, Ben 0
# three-players:
#   first scoring:
#     Ana: Abreu 1x4, Columbus 1x2, Dias 1x4, Gama 2x2, Vespucci 1x2, Verrazzano 1x3 = 19
#     Ben: Columbus 1x2, Barentsz 2x4, Cartier 1x4, Cabot 1x3, Verrazzano 1x3 = 20
#     Cai: Magellan 1x2, Barentsz 1x4, Vespucci 2x2, Cabot 1x3, Drake 1x3 = 16
#   final scoring:
#     Ana: Abreu 1x8, Columbus 1x5, Dias 1x8, Magellan 2x5, Gama 2x6, Cartier 1x7, Vespucci
#         1x6, Verrazzano 1x7 = 63
#     Ben: Columbus 1x5, Barentsz 2x7, Cartier 1x7, Cabot 2x7, Verrazzano 2x7, Cabral 1x6+1x5 = 65
#     Cai: Magellan 2x5, Barentsz 1x7, Vespucci 2x6, Cabot 1x7, Drake 2x6, Cabral 1x6 = 54
#   missions:
#     Ana: All Ships, 3 contracts -> 4 per expedition, met on 3 (Abreu, Dias, Gama) = 12
#     Ben: Majority of Ships, 0 contracts -> 0 per expedition, met on 4 (Barentsz, Cabot,
#         Verrazzano, Cabral) = 0
#     Cai: Half of All Ships, 0 contracts -> 0 per expedition, met on 3 (Magellan, Vespucci,
#         Drake) = 0
#   ships not on expeditions: Ana 1, Ben 0, Cai 0
# four-players:
#   first scoring:
#     Ana: Abreu 1x4, Columbus 1x2, Dias 1x4, Cabot 1x3, Verrazzano 1x3, Cabral 1x3 = 19
#     Ben: Magellan 1x2, Barentsz 1x4, Gama 1x1, Drake 1x3, Verrazzano 1x3, Cabral 1x3 = 16
#     Cai: Cartier 1x4, Vespucci 1x1, Cabot 1x3, Drake 1x3, Verrazzano 1x3 = 14
#     Dora: Columbus 1x2, Dias 1x4, Barentsz 1x4, Cabot 1x3, Cabral 1x3 = 16
#   final scoring:
#     Ana: Abreu 1x8, Columbus 1x5, Dias 1x8, Cartier 1x6, Vespucci 1x6, Cabot 1x7, Verrazzano
#         1x7, Cabral 1x6 = 53
#     Ben: Magellan 2x5+1x4, Barentsz 1x7, Gama 1x5, Drake 1x6, Verrazzano 1x7, Cabral 1x6 = 45
#     Cai: Columbus 1x5, Cartier 1x7, Vespucci 1x5, Cabot 1x7, Drake 1x6, Verrazzano 1x7,
#         Cabral 1x5 = 42
#     Dora: Columbus 1x5, Dias 1x8, Barentsz 1x7, Gama 1x6+1x5, Cabot 1x7, Cabral 1x6 = 44
#   missions:
#     Ana: All Ships, 0 contracts -> 0 per expedition, met on 1 (Abreu) = 0
#     Ben: One Ship, 2 contracts -> 2 per expedition, met on 6 (Magellan, Barentsz, Gama,
#         Drake, Verrazzano, Cabral) = 12
#     Cai: Majority of Ships, 0 contracts -> 0 per expedition, met on 0 () = 0
#     Dora: Half of All Ships, 1 contracts -> 1 per expedition, met on 3 (Dias, Barentsz, Gama) = 3
#   ships not on expeditions: Ana 1, Ben 0, Cai 0, Dora 1
#
# Totals: two-players Ana 26 + 93 + 9 + 0 = 128, Ben 30 + 96 + 9 + 0 = 135 (Ben wins);
# three-players Ana 19 + 63 + 12 + 1 = 95, Ben 20 + 65 + 0 + 0 = 85, Cai 16 + 54 + 0 + 0 = 70;
# four-players Ana 19 + 53 + 0 + 1 = 73, Ben 16 + 45 + 12 + 0 = 73, Cai 14 + 42 = 56,
# Dora 16 + 44 + 3 + 1 = 64: Ana and Ben tie on 73, Ana has 1 ship not sent to Ben's 0 and wins.
KEYS = ("first_expeditions", "final_expeditions", "special_mission", "unassigned_ships")
EXPECTED = {
    "two-players": {"Ana": (26, 93, 9, 0), "Ben": (30, 96, 9, 0)},
    "three-players": {"Ana": (19, 63, 12, 1), "Ben": (20, 65, 0, 0), "Cai": (16, 54, 0, 0)},
    "four-players": {
        "Ana": (19, 53, 0, 1),
        "Ben": (16, 45, 12, 0),
        "Cai": (14, 42, 0, 0),
        "Dora": (16, 44, 3, 1),
    },
}
TOTALS = {
    "two-players": {"Ana": 128, "Ben": 135},
    "three-players": {"Ana": 95, "Ben": 85, "Cai": 70},
    "four-players": {"Ana": 73, "Ben": 73, "Cai": 56, "Dora": 64},
}
WINNERS = {"two-players": ["Ben"], "three-players": ["Ana"], "four-players": ["Ana"]}
RANKS = {"four-players": {"Ana": 1, "Ben": 2, "Cai": 4, "Dora": 3}}


def breakdown(name: str) -> dict[str, dict[str, int]]:
    return {p: dict(zip(KEYS, v, strict=True)) for p, v in EXPECTED[name].items()}


@pytest.mark.parametrize("name", list(EXPECTED))
def test_example_replays_to_the_end_and_scores_as_computed_by_hand(name):
    result = run_log((AOD_EXAMPLES / f"{name}.yaml").read_text(encoding="utf-8"))
    assert result.ok, result.violation
    assert result.state.over
    sheet = rules_for("age-of-discovery").score(result.state)
    assert {ln.player: ln.breakdown for ln in sheet.lines} == breakdown(name)
    assert {ln.player: ln.total for ln in sheet.lines} == TOTALS[name]
    assert sheet.winners == WINNERS[name]
    if name in RANKS:
        assert {ln.player: ln.rank for ln in sheet.lines} == RANKS[name]


@pytest.mark.parametrize("name", list(EXPECTED))
def test_check_json_output(name):
    out = CliRunner().invoke(app, ["check", str(AOD_EXAMPLES / f"{name}.yaml"), "--json"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["ok"] is True and data["violation"] is None and data["finished"] is True
    assert data["game"] == "age-of-discovery"
    assert {s["player"]: s["total"] for s in data["scores"]} == TOTALS[name]
    assert {s["player"]: s["breakdown"] for s in data["scores"]} == breakdown(name)
    assert data["winners"] == WINNERS[name]


@pytest.mark.parametrize("name", list(EXPECTED))
@pytest.mark.parametrize("kind", ["score", "trace"])
def test_golden_score_sheet_and_trace(name, kind, request):
    args = ["check", str(AOD_EXAMPLES / f"{name}.yaml")] + (["--trace"] if kind == "trace" else [])
    out = CliRunner().invoke(app, args)
    assert out.exit_code == 0, out.output
    text = out.output.replace(str(AOD_EXAMPLES), "examples/age-of-discovery")
    golden = AOD_EXAMPLES / f"{name}.{kind}.txt"
    if request.config.getoption("--update-golden"):
        golden.write_text(text, encoding="utf-8")
    assert text == golden.read_text(encoding="utf-8")
