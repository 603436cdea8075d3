"""The moves of Age of Discovery, one check and one apply each, by rulebook section: a turn and
taking coins (turn.py), trade contracts (contracts.py), purchases (purchase.py), sending ships
(sending.py, with loading.py for where ships can go), Reservation cards (reservation.py)."""
