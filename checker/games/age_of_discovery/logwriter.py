"""Writing an Age of Discovery log: the setup, turns and end of a list of steps, the inverse of
``logformat.parse_log`` (the log's shape is described there)."""

from __future__ import annotations

from typing import Any

from checker.core.game import Step
from checker.games.age_of_discovery.moves import (
    HIDDEN,
    Assign,
    Buy,
    Contract,
    ContractDrawn,
    DealContract,
    DealFlagship,
    DealMission,
    DrawContract,
    EndTurn,
    KeepSecret,
    PlayContract,
    Reserve,
    RowContract,
    Sail,
    SendShip,
    SetupShip,
    StartTurn,
    TakeCoins,
    TakeContract,
    TurnOver,
)
from checker.games.age_of_discovery.state import CONTRACTS, UNNAMED


def write_log(steps: list[Step]) -> dict:
    """The log's setup, turns and end for a list of steps (the inverse of ``parse_log``)."""
    setup: dict[str, Any] = {}
    players: dict[str, dict] = {}
    turns: list[dict] = []
    end: dict[str, str] = {}
    turn: dict | None = None
    last: dict | None = None  # the entry the next revealed card belongs to
    voyage: dict | None = None
    ship: str | None = None
    current: str | None = None  # the log key of the moves being written

    def at(key: str) -> dict:
        """Where a move under ``key`` is written: the turn, or its ``then:`` once a key comes
        back after another (a second Reservation after a purchase)."""
        nonlocal current
        where = turn["then"][-1] if turn.get("then") else turn
        if key in where and current != key:
            where = {}
            turn.setdefault("then", []).append(where)
        current = key
        return where

    for st in steps:
        m = st.move
        if isinstance(m, StartTurn):
            turn = {"player": m.player}
            turns.append(turn)
            current = None
            continue
        if turn is None:  # setup
            if isinstance(m, RowContract):
                setup.setdefault("contracts", []).append(m.card)
            elif isinstance(m, SetupShip):
                setup.setdefault(f"{m.row} row", []).append(m.card)
            elif isinstance(m, DealContract):
                players.setdefault(m.player, {}).setdefault("contracts", []).append(m.card)
            elif isinstance(m, KeepSecret) and m.what == "contract":
                players.setdefault(m.player, {}).setdefault("contracts", []).append(HIDDEN)
            elif isinstance(m, KeepSecret):
                players.setdefault(m.player, {})[m.what] = HIDDEN
            elif isinstance(m, DealMission):
                players.setdefault(m.player, {})["mission"] = m.card
            elif isinstance(m, DealFlagship):
                players.setdefault(m.player, {})["flagship"] = m.card
            continue
        if isinstance(m, TakeCoins):
            at("coins")["coins"] = "take"
        elif isinstance(m, TakeContract):
            last = {"take": m.card}
            _add(at("contract"), "contract", last)
        elif isinstance(m, Contract):
            _add(at("contract"), "contract", m.card)
        elif isinstance(m, DrawContract):
            last = {"draw": None}
            _add(at("contract"), "contract", last)
        elif isinstance(m, ContractDrawn):
            last["draw"] = m.card
        elif isinstance(m, KeepSecret):  # a contract drawn blind, kept secret
            last["draw"] = HIDDEN
        elif isinstance(m, RowContract):
            if m.card != UNNAMED:
                last["new"] = m.card
        elif isinstance(m, Buy):
            last = {"ship": m.card, "space": m.space, "new": []}
            at("buy").setdefault("buy", []).append(last)
        elif isinstance(m, TurnOver):
            last["new"].append(m.card + (f" (pile {m.pile})" if m.pile else ""))
        elif isinstance(m, SendShip):
            ship = m.card
        elif isinstance(m, Sail):
            entry: dict[str, Any] = {ship: m.expedition}
            if m.transport is not None:
                entry["transport"] = m.transport
            if m.colour is not None:
                entry["colour"] = m.colour
            if m.wild:
                entry["wild"] = True
            at("send").setdefault("send", []).append(entry)
        elif isinstance(m, PlayContract):
            voyage = {"contract": m.card, "ships": [], "duration": m.duration}
            at("send").setdefault("send", []).append(voyage)
        elif isinstance(m, Assign):
            voyage["ships"].append(m.card)
            if m.transport is not None:
                voyage["transport"] = m.transport
            if m.colour is not None:
                voyage["colour"] = m.colour
            if m.wild:
                voyage.setdefault("wild", []).append(m.card)
        elif isinstance(m, Reserve):
            if m.row is None and m.space is None:
                _add(at("reserve"), "reserve", m.card)
            else:
                kind = "contract" if m.row == CONTRACTS else "ship"
                spec = {kind: m.card}
                if m.row and m.row != CONTRACTS:
                    spec["row"] = m.row
                if m.space:
                    spec["space"] = m.space
                _add(at("reserve"), "reserve", spec)
        elif isinstance(m, DealMission):
            end[m.player] = m.card
        elif isinstance(m, EndTurn):
            continue
    for t in [t for turn in turns for t in (turn, *turn.get("then", []))]:
        if "buy" in t:
            t["buy"] = [_purchase(b) for b in t["buy"]]
        # a ship chosen but not yet sent (a game saved mid-step) is asked again on resuming
        if "send" in t:
            t["send"] = [s for s in t["send"] if "contract" not in s or s["ships"]]
            if not t["send"]:
                del t["send"]
        if (
            "contract" in t
            and isinstance(t["contract"], dict)
            and t["contract"].get("draw") is None
        ) and "draw" in t["contract"]:
            del t["contract"]
    out: dict[str, Any] = {}
    if setup or players:
        if players:
            setup["players"] = players
        out["setup"] = setup
    out["turns"] = turns
    if end:
        out["end"] = {"missions": end}
    return out


def _add(turn: dict, key: str, value: Any) -> None:
    if key in turn:
        old = turn[key]
        turn[key] = [*old, value] if isinstance(old, list) else [old, value]
    else:
        turn[key] = value


def _purchase(b: dict) -> Any:
    new = b["new"]
    value = new[0] if len(new) == 1 else (new or None)
    if b["space"] is not None:
        out = {"ship": b["ship"], "space": b["space"]}
        if value is not None:
            out["new"] = value
        return out
    return {b["ship"]: value} if value is not None else b["ship"]
