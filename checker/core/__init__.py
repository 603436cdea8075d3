"""What every game's checker shares: the contract (game.py) and the in-turn engine (turn.py),
log loading, replay, violations, score sheets, play, simulate and the bots."""
