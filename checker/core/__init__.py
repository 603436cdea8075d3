"""What every game's checker shares: log loading, replay, violations, score sheets, play."""
