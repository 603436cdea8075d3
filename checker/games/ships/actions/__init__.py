"""The moves of Ships by rulebook section: common.py (payments, gains), ships.py (Place,
Upgrade and Remove ship, the ages and eras), areas.py (trade boxes, cities, the next area, the
warehouse), cards.py (Take one card, the display), income.py (gold, navigation, selling,
retrieving), turn.py (the phases of a turn, free exchanges, the end of the game)."""
