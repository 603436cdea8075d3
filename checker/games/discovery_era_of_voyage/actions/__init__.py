"""The actions of a turn, one module per section of the rulebook: turn (Game Play: turns and
rounds), pirates (2 Player Variant), sailing, income, invest; supply holds what they share (coins,
VP and resources moving between the supply and the players). Each move has one check (or none:
any move accepted is legal) and one apply, wired in the package's move table."""
