"""The rulebook's headings, cited by every rule of Discovery: The Era of Voyage.

The three actions of a turn (Sailing, Income, Invest) are headings too; their constants end in
_ACTION to keep them apart from the phases of the same names in state.py.
"""

CENTRAL_ISLAND = "Central Island"
SYMBOL_DETAILS = "Symbol Details"
GAME_PREPARATION = "Game Preparation"
GAME_PLAY = "Game Play"
SAILING_ACTION = "Sailing"
INCOME_ACTION = "Income"
INVEST_ACTION = "Invest"
END_OF_GAME = "End of Game"
TWO_PLAYER = "2 Player Variant"
ISLAND_CARD_DETAILS = "Island Card Details"
COMPONENTS = "Components"
