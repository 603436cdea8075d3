"""The rule options of Discovery: The Era of Voyage: our reading first, the others as options.

Each is explained, with the sentence it interprets, in docs/rules/discovery-era-of-voyage.md.
Where rules.yaml already records a reading (marker_limit, tariff_on_central, the redraw rule),
the default here is that reading; a test keeps the two in step.
"""

from checker.core.options import RuleOption

OPTIONS = (
    RuleOption(
        "marker_limit",
        "anyone",
        {
            "anyone": "nobody may invest on an island where any player already has 3 markers",
            "own": "only a player who already has 3 markers on an island may not invest there",
        },
        "Invest",
        "Whose 3 markers close an island to investment",
    ),
    RuleOption(
        "extra_steps",
        "total",
        {
            "total": "the sailing cost table counts all steps: 1-2 free, 3 cost 1, 4 cost 3, "
            "5 cost 6",
            "beyond_free": "it counts the steps beyond the 2 free ones: 3-4 steps free, 5 cost "
            "1, 6 cost 3",
        },
        "Sailing",
        "What the 'extra steps' of the sailing cost table count",
    ),
    RuleOption(
        "tariff_on_central",
        False,
        {
            False: "returning to the Central Island never costs a tariff",
            True: "returning to the Central Island costs the tariff to every ship there, except a "
            "forced return",
        },
        "Sailing",
        "Whether the tariff is due on the Central Island",
    ),
    RuleOption(
        "redraw",
        "any_income",
        {
            "any_income": "redraw until the 4 Production islands' incomes (any box) name Fruit, "
            "Pepper and Gold",
            "basic_income": "redraw until their basic incomes name Fruit, Pepper and Gold",
            "none": "no redraw: any 4 Production islands",
        },
        "Game Preparation",
        "What 'provide all 3 resources' counts, and whether the redraw is played",
    ),
    RuleOption(
        "seat_coins",
        "instead",
        {
            "instead": "with the 0/0/1/1 variant players start with 0/0/1/1 coins instead of 3",
            "extra": "with the 0/0/1/1 variant players start with 3 coins plus 0/0/1/1",
        },
        "Game Preparation",
        "Whether the 0/0/1/1 starting coins replace the 3 coins or come on top",
    ),
    RuleOption(
        "short_supply",
        "finite",
        {
            "finite": "coins and VP tokens are limited to the box's; only resources have "
            "substitutes",
            "substitute": "coins and VP tokens never run out either: use a substitute",
        },
        "Income",
        "What happens when the supply runs out of coins or VP tokens",
    ),
    RuleOption(
        "pirates",
        False,
        {
            False: "no pirates",
            True: "the 2 Player Variant: the two unused colours sail as pirates",
        },
        "2 Player Variant",
        "Play the 2 Player Variant with pirates (2 players only)",
    ),
    RuleOption(
        "pirate_skip",
        "vacant_steps",
        {
            "vacant_steps": "a moving pirate counts only vacant islands as steps",
            "all_steps": "a moving pirate counts every island as a step but goes on past an "
            "occupied island to the next vacant one",
        },
        "2 Player Variant",
        "How a moving pirate counts the occupied islands it skips",
    ),
    RuleOption(
        "turn_pirates",
        "one",
        {
            "one": "each coin or resource paid turns one pirate",
            "both": "one coin or resource turns both pirates",
        },
        "2 Player Variant",
        "How many pirates one payment turns",
    ),
)
