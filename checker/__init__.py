"""The checker: replays a turn log, stops at the first illegal step, scores the game."""
