"""One package per game: its rules, in the rulebook's own words, each citing its section."""
