"""The rule options of Exploration in the Age of Sail: our reading first, the other as an option.

Each is explained, with the sentence it interprets, in docs/rules/exploration-age-of-sail.md.
"""

from checker.core.options import RuleOption

OPTIONS = (
    RuleOption(
        "bonus_ties",
        "shared",
        {
            "shared": "every player tied for the most gets the 5 points",
            "none": "a tie for the most gives the 5 points to nobody",
        },
        "Final Scoring",
        "Who gets a +5 bonus when several players have the most cards",
    ),
    RuleOption(
        "sail_matches_sails",
        True,
        {
            True: "the Save cards' trait 'Sail' cancels Hazards that test 'Sails'",
            False: "'Sail' and 'Sails' are different traits: those two Save cards cancel nothing",
        },
        "Expedition Deck Card List",
        "Whether the Save cards marked 'Sail' match the trait 'Sails'",
    ),
    RuleOption(
        "save_others",
        False,
        {
            False: "a Save card protects only its owner's expeditions",
            True: "any player may discard a Save card to protect another player's expedition",
        },
        "Exploration Phase",
        "Whether a Save card may protect another player's expedition",
    ),
    RuleOption(
        "expeditions_per_phase",
        "one",
        {
            "one": "at most one expedition is formed in each Expedition phase",
            "any": "any number of expeditions may be formed in one Expedition phase",
        },
        "Expedition Phase",
        "How many expeditions one Expedition phase may form",
    ),
    RuleOption(
        "deck_runs_out",
        "at_next_flip",
        {
            "at_next_flip": "the deck runs out when a card must be turned over and none is left: "
            "the first time its discards are shuffled into a new deck, the second time the game "
            "ends before that flip",
            "at_last_card": "the deck runs out when its last card is turned over: once that flip "
            "is resolved, the first time the discards are shuffled, the second time the game ends",
        },
        "Exploration Phase",
        "When the Exploration deck 'runs out', for the reshuffle and for the end of the game",
    ),
    RuleOption(
        "ocean_loss_without_ocean",
        "nothing",
        {
            "nothing": "a Hazard that takes an Ocean card from an expedition without one does "
            "nothing",
            "fail": "such a Hazard makes the expedition fail",
        },
        "Exploration Phase",
        "What a Hazard that takes an Ocean card does to an expedition without Ocean cards",
    ),
)
