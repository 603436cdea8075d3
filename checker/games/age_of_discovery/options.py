"""The rule options of Age of Discovery: our reading first, the other plausible one as an option.

Each is explained, with the sentence it interprets, in docs/rules/age-of-discovery.md.
"""

from checker.core.options import RuleOption

OPTIONS = (
    RuleOption(
        "flagship_colours",
        "either",
        {
            "either": "a flagship sails under one of its two colours: it may join an expedition "
            "or a contract of either colour (and, first on an expedition, sets one of them)",
            "any": "a flagship joins an expedition of any colour without a Wild Ship card (first "
            "on an expedition it still sets one of its own two colours); contracts likewise",
        },
        "§4.4.1",
        "Which expeditions and contracts a two-colour flagship may join",
    ),
    RuleOption(
        "expedition_colour",
        "shared",
        {
            "shared": "the first ship on an expedition, whoever sends it, sets the colour for "
            "every player",
            "per_player": "each player's first ship on an expedition sets the colour of that "
            "player's later ships there",
        },
        "§4.4.1",
        "Whether the first ship of any player sets an expedition's colour",
    ),
    RuleOption(
        "flagship_scores",
        "sailing_colour",
        {
            "sailing_colour": "a flagship scores the coloured number when the colour it sails "
            "under is the expedition card's",
            "either_colour": "a flagship scores the coloured number when either of its colours is "
            "the expedition card's",
        },
        "§5.1",
        "When a flagship on an expedition scores as matching",
    ),
    RuleOption(
        "wild_ship_scores",
        "own_colour",
        {
            "own_colour": "a ship sent with a Wild Ship card scores by its own colour, like any "
            "other ship",
            "other": "a ship sent with a Wild Ship card always scores the black (non-matching) "
            "number",
        },
        "§6.2",
        "How a ship placed with a Wild Ship card scores",
    ),
    RuleOption(
        "reserved_filling_ship",
        "slides",
        {
            "slides": "a reserved ship of the filling row moves down with its token when the ship "
            "below is bought, and stays reserved",
            "stays": "a reserved ship stays in the filling row until its token comes off; the "
            "empty purchase-row space below is filled from the draw piles",
        },
        "§6.2",
        "What happens to a reserved filling-row ship when the ship below it is bought",
    ),
    RuleOption(
        "piles_run_out",
        "leave_spaces",
        {
            "leave_spaces": "when every draw pile is empty, spaces in the rows stay empty and the "
            "game goes on to the final scoring as usual",
            "score_at_turn_end": "when every draw pile is empty, the final scoring comes at the "
            "end of that turn, without the remaining extra turns",
        },
        "§4.3",
        "What happens when all the draw piles have run out",
    ),
    RuleOption(
        "bank",
        "limited",
        {
            "limited": "the bank holds the coins of the box and pays no more than it has",
            "unlimited": "the bank never runs out (it may owe coins)",
        },
        "§4.1",
        "Whether the bank can run out of coins",
    ),
    RuleOption(
        "idle_flagship",
        "counts",
        {
            "counts": "a flagship not on an expedition at the end scores 1 like every other ship",
            "not_counted": "a flagship never scores as a ship not sent on an expedition",
        },
        "§5.3",
        "Whether a flagship not on an expedition scores the point of an unassigned ship",
    ),
)
