"""Age of Discovery: the rules engine the checker, play and simulate use."""

from __future__ import annotations

from typing import Any

from checker.core.game import Decision, Illegal, RulesBase, Step
from checker.core.scoresheet import ScoreSheet
from checker.games.age_of_discovery import logformat
from checker.games.age_of_discovery import rules as r
from checker.games.age_of_discovery.cards import CardBook
from checker.games.age_of_discovery.moves import (
    Assign,
    Back,
    Buy,
    Contract,
    ContractDrawn,
    DealContract,
    DealFlagship,
    DealMission,
    DrawContract,
    EndTurn,
    KeepSecret,
    Menu,
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
from checker.games.age_of_discovery.play import legal_moves, outcomes, sample_outcome, submoves
from checker.games.age_of_discovery.position import score_position
from checker.games.age_of_discovery.rules import END_TURN
from checker.games.age_of_discovery.scoring import Tally, score_sheet
from checker.games.age_of_discovery.state import (
    ACTIONS,
    MISSIONS,
    OVER,
    PURCHASE,
    SETUP,
    START,
    State,
)
from portolan.model.loader import Game
from portolan.yamlsrc import Source

MAIN_MOVES = (
    TakeCoins,
    Contract,
    TakeContract,
    DrawContract,
    Buy,
    SendShip,
    PlayContract,
    Reserve,
    EndTurn,
    Menu,
)
MENU_MOVES = {
    "contract": (TakeContract, DrawContract, Contract, Back),
    "buy": (Buy, Back),
    "send": (SendShip, PlayContract, Back),
    "reserve": (Reserve, Back),
}


class AgeOfDiscoveryRules(RulesBase):
    id = "age-of-discovery"
    turn_section = r.COURSE_OF_PLAY
    end_section = r.FINAL_SCORING
    log_keys = logformat.TOP_KEYS

    book_class = CardBook

    # -- replay ---------------------------------------------------------------------------
    def setup(self, model: Game, players: list[str], options: dict[str, Any]) -> State:
        state = r.setup(self.book(model), options, players)
        state.categories = model.rules.scoring
        return state

    def decision(self, state: State) -> Decision | None:
        memo = state.memo
        if memo is None:
            memo = state.memo = (decide(state),)
        return memo[0]

    def check(self, state: State, move: Any, player: str) -> Illegal | None:
        return CHECK[type(move)](state, move)

    def misplaced(self, state: State, move: Any) -> Illegal | None:
        return misplaced(state, move)

    def apply(self, state: State, move: Any) -> list[str]:
        state.memo = None
        if type(move) is Menu:
            state.menu = move.kind
            return []
        if type(move) is Back:
            state.menu = None
            return []
        state.menu = None
        block = BLOCKS.get(type(move))
        if block is not None and (not state.blocks or state.blocks[-1] != block):
            state.blocks.append(block)
        return APPLY[type(move)](state, move)

    # -- play and simulate ----------------------------------------------------------------
    def legal_moves(self, state: State) -> list[Any]:
        return legal_moves(state, self.decision(state))

    def sample_move(self, state: State, rng) -> Any:
        """A random legal choice for simulate, played like a table plays: a player with an
        action left ends the turn only now and then (uniform choices would end most turns
        early, and random games would drag on), and a menu entry is opened only if it holds
        a move (so no steps are spent going into an empty menu and back)."""
        moves = legal_moves(state, self.decision(state))
        candidates = list(moves)
        if len(moves) > 1 and moves[0] is END_TURN and rng.random() < 0.85:
            candidates = moves[1:]
        while candidates:
            move = candidates.pop(rng.randrange(len(candidates)))
            if isinstance(move, Menu) and next(submoves(state, move.kind), None) is None:
                continue
            return move
        return moves[0]

    def outcomes(self, state: State) -> list[tuple[Any, int]]:
        return outcomes(state, self.decision(state))

    def sample_outcome(self, state: State, rng) -> Any:
        return sample_outcome(state, self.decision(state), rng)

    def describe(self, move: Any) -> str:
        return describe(move)

    def outcome_name(self, move: Any) -> str:
        return move.card if isinstance(move, CARD_REVEALS) else describe(move)

    def score(self, state: State) -> ScoreSheet:
        tallies = {}
        finished = state.final_points is not None
        for p in state.players:
            tallies[p] = Tally(
                first=state.first_points[p] if state.first_points else None,
                final=state.final_points["expeditions"][p] if finished else None,
                mission=state.missions[p],
                mission_expeditions=r.mission_expeditions(state, p),
                completed=state.completed[p],
                unassigned=unassigned(state, p),
            )
        return score_sheet(state.book, state.categories, tallies, state.options)

    # -- files ----------------------------------------------------------------------------
    def parse_log(self, model: Game, raw: Any, source: Source, players: list[str]) -> list[Step]:
        return logformat.parse_log(self.book(model), raw, source, players)

    def parse_turns(
        self, model: Game, turns: Any, source: Source, players: list[str]
    ) -> list[Step]:
        return logformat.parse_log(self.book(model), {"turns": turns}, source, players)

    def write_log(self, steps: list[Step]) -> dict:
        return logformat.write_log(steps)

    def write_turns(self, steps: list[Step]) -> list[dict]:
        return logformat.write_log(steps).get("turns", [])

    def score_position(
        self, model: Game, raw: Any, source: Source, options: dict[str, Any] | None
    ) -> ScoreSheet:
        return score_position(self.book(model), model, raw, source, options)


def unassigned(state: State, player: str) -> int:
    """Ships in front of the player and on trade voyages (they come back at the end)."""
    n = sum(state.fleet[player].values())
    flagship_home = state.flagship_idle[player]
    for v in state.voyages:
        if v.player == player:
            for s, _ in v.ships:
                if state.book.is_flagship(s):
                    flagship_home = True
                else:
                    n += 1
    if flagship_home and state.options["idle_flagship"] == "counts":
        n += 1
    return n


# -- Decisions --------------------------------------------------------------------------------
def decide(state: State) -> Decision | None:
    phase = state.phase
    if phase == ACTIONS and state.pending is None:  # the most frequent case first
        d = state.decisions.get((ACTIONS, state.players[state.current], state.menu))
        if d is not None:
            return d
    if phase == OVER:
        return None
    if phase == SETUP:
        return setup_decision(state)
    p = state.player
    cache = state.decisions
    if phase == START:
        key = (START, p)
        if key not in cache:
            cache[key] = Decision(
                p, "Turn", "choice", (StartTurn,), f"{p}'s turn to begin", starts_turn=True
            )
        return cache[key]
    if phase == MISSIONS:
        q = next(q for q in state.players if state.missions[q] is None)
        return Decision(
            q,
            "End",
            "chance",
            (DealMission,),
            f"which special mission does {q} reveal",
            missing=lambda: Illegal(
                r.SPECIAL_MISSIONS,
                f"the final scoring needs {q}'s special mission (write it under end: missions:)",
            ),
        )
    pend = state.pending
    if pend is None:
        menu = state.menu
        key = (ACTIONS, p, menu)
        d = cache.get(key)
        if d is None:
            if menu is None:
                d = Decision(
                    p,
                    "Actions",
                    "choice",
                    MAIN_MOVES,
                    "an action (or the end of the turn)",
                    default=r.END_TURN,
                )
            else:
                d = Decision(
                    p,
                    "Actions",
                    "choice",
                    MENU_MOVES[menu],
                    MENU_PROMPTS[menu],
                    missing=Illegal(r.COURSE_OF_PLAY, f"choose {MENU_PROMPTS[menu]}"),
                )
            cache[key] = d
        return d
    kind = pend[0]
    if kind == "turnover":
        return Decision(
            p,
            "Purchase",
            "chance",
            (TurnOver,),
            f"which card was turned over from the draw piles for the {r.ROW_WORDS[pend[1]]}",
            missing=lambda: Illegal(
                r.PURCHASE_SHIPS,
                f"name the card turned over from pile {r.first_pile(state) + 1} for space "
                f"{pend[2] + 1} of the {r.ROW_WORDS[pend[1]]} (Ship: New card)",
            ),
        )
    if kind == "row contract":
        return Decision(
            p,
            "Contract",
            "chance",
            (RowContract,),
            "which contract was turned face up in its place",
            missing=lambda: Illegal(
                r.ACCEPT_CONTRACT,
                "a face-up contract taken is replaced: name the contract turned over in its "
                "place (new:)",
            ),
        )
    if kind == "blind":
        return Decision(
            p,
            "Contract",
            "chance",
            (ContractDrawn,),
            "which contract was drawn from the draw deck",
            missing=lambda: Illegal(r.ACCEPT_CONTRACT, "name the contract drawn from the deck"),
        )
    if kind == "sail":
        return Decision(
            p,
            "Send",
            "choice",
            (Sail,),
            f"the expedition {pend[1]} sails to",
            missing=lambda: Illegal(r.EXPEDITIONS, f"say which expedition {pend[1]} joins"),
        )
    v = pend[1]
    return Decision(
        p,
        "Send",
        "choice",
        (Assign,),
        f"a ship for {v.contract}",
        missing=lambda: Illegal(
            r.TRADE_CONTRACTS,
            f"{v.contract} needs exactly {state.book.contracts[v.contract].transport} transport: "
            f"the ships assigned carry {v.loaded}",
        ),
    )


def setup_decision(state: State) -> Decision:
    step = r.setup_step(state)
    first = state.players[0]
    what = step[0]
    k = state.k
    if what == "row contract":
        n = sum(1 for c in state.contract_row if c)
        return Decision(
            first,
            "Setup",
            "chance",
            (RowContract,),
            "which contract was turned face up in the contract row",
            missing=lambda: Illegal(
                r.STARTING_PLAY,
                f"the setup turns {k['face_up_contracts']} trade contracts face up (contracts:): "
                f"{n} named",
            ),
        )
    if what == "ship":
        row = step[1]
        size = len(state.purchase if row == PURCHASE else state.filling)
        n = sum(1 for c in (state.purchase if row == PURCHASE else state.filling) if c)
        return Decision(
            first,
            "Setup",
            "chance",
            (SetupShip,),
            f"which ship was turned over for the {r.ROW_WORDS[row]}",
            missing=lambda: Illegal(
                r.STARTING_PLAY,
                f"the {r.ROW_WORDS[row]} holds {size} ships ({r.ROW_WORDS[row]}:): {n} named",
            ),
        )
    p = step[1]
    if what == "deal":
        n = len(state.hands[p])
        return Decision(
            p,
            "Setup",
            "chance",
            (DealContract,),
            f"which trade contract was dealt to {p}",
            missing=lambda: Illegal(
                r.STARTING_PLAY,
                f"each player is dealt {k['contracts_dealt']} trade contracts: {n} named for {p}",
            ),
        )
    if what == "mission":
        return Decision(
            p,
            "Setup",
            "chance",
            (DealMission, KeepSecret),
            f"which special mission was dealt to {p}",
            default=r.KEEP_SECRET,
        )
    return Decision(
        p,
        "Setup",
        "chance",
        (DealFlagship, KeepSecret),
        f"which flagship was dealt to {p}",
        default=r.KEEP_SECRET,
    )


# -- Checks and effects -----------------------------------------------------------------------
def _check_row_contract(state: State, move: RowContract) -> Illegal | None:
    what = "turned face up"
    section = r.STARTING_PLAY if state.phase == SETUP else r.ACCEPT_CONTRACT
    return r.check_contract_reveal(state, move.card, section, what)


def _check_deal_contract(state: State, move: DealContract) -> Illegal | None:
    return r.check_contract_reveal(state, move.card, r.STARTING_PLAY, "dealt")


def _check_deal_flagship(state: State, move: DealFlagship) -> Illegal | None:
    return r.flagship_problem(state, move.player, move.card)


CHECK = {
    SetupShip: r.check_setup_ship,
    RowContract: _check_row_contract,
    DealContract: _check_deal_contract,
    DealMission: r.check_deal_mission,
    DealFlagship: _check_deal_flagship,
    KeepSecret: lambda state, move: None,
    StartTurn: lambda state, move: None,
    TakeCoins: lambda state, move: r.check_take_coins(state),
    TakeContract: lambda state, move: r.check_take_contract(state, move.card),
    Contract: r.check_contract,
    DrawContract: lambda state, move: r.check_draw_contract(state),
    ContractDrawn: lambda state, move: r.check_contract_reveal(
        state, move.card, r.ACCEPT_CONTRACT, "drawn from the draw deck"
    ),
    Buy: r.check_buy,
    TurnOver: r.check_turn_over,
    SendShip: r.check_send_ship,
    Sail: r.check_sail,
    PlayContract: r.check_play_contract,
    Assign: r.check_assign,
    Reserve: r.check_reserve,
    EndTurn: lambda state, move: None,
    Menu: lambda state, move: None,
    Back: lambda state, move: None,
}

APPLY = {
    SetupShip: r.apply_setup_ship,
    RowContract: r.apply_row_contract,
    DealContract: r.apply_deal_contract,
    DealMission: r.apply_deal_mission,
    DealFlagship: r.apply_deal_flagship,
    KeepSecret: r.apply_keep_secret,
    StartTurn: lambda state, move: r.begin_turn(state),
    TakeCoins: lambda state, move: r.take_coins(state),
    TakeContract: lambda state, move: r.take_contract(state, move.card),
    Contract: r.apply_contract,
    DrawContract: lambda state, move: r.draw_contract(state),
    ContractDrawn: lambda state, move: r.contract_drawn(state, move.card),
    Buy: r.buy,
    TurnOver: r.turn_over,
    SendShip: r.send_ship,
    Sail: r.sail,
    PlayContract: r.play_contract,
    Assign: r.assign,
    Reserve: r.reserve,
    EndTurn: lambda state, move: r.end_turn(state),
}


# What the table reveals, named at the prompt by the card's name.
CARD_REVEALS = (
    SetupShip,
    RowContract,
    DealContract,
    DealMission,
    DealFlagship,
    TurnOver,
    ContractDrawn,
)

MENU_PROMPTS = {
    "contract": "the contract to accept",
    "buy": "the ship to buy",
    "send": "the ship to send or the contract to play",
    "reserve": "the card to reserve",
}

# How a log groups a turn's moves: one key per action, one for the reservations.
BLOCKS = {
    TakeCoins: "coins",
    Contract: "contract",
    TakeContract: "contract",
    DrawContract: "contract",
    Buy: "buy",
    SendShip: "send",
    PlayContract: "send",
    Reserve: "reserve",
}


def misplaced(state: State, move: Any) -> Illegal | None:
    """A move nothing is waiting for, or that the game has gone past."""
    pend = state.pending[0] if state.pending else None
    if state.phase != SETUP and isinstance(move, (SetupShip, DealContract, DealFlagship)):
        return Illegal(r.STARTING_PLAY, "the setup is over: this card was dealt at the start")
    if state.phase == SETUP:
        if isinstance(move, RowContract):
            return Illegal(
                r.STARTING_PLAY,
                f"the contract row holds {state.k['face_up_contracts']} contracts at the start",
            )
        return None
    if isinstance(move, TurnOver) and pend != "turnover":
        why = f" ({state.last_turnover})" if state.last_turnover else ""
        return Illegal(
            r.PURCHASE_SHIPS,
            f"no card is waiting to be turned over: one card replaces each ship bought{why}",
        )
    if isinstance(move, RowContract) and pend != "row contract":
        return Illegal(
            r.ACCEPT_CONTRACT,
            "no contract is turned over now: only a face-up contract taken is replaced",
        )
    if isinstance(move, ContractDrawn) and pend != "blind":
        return Illegal(r.ACCEPT_CONTRACT, "no contract is being drawn from the deck now")
    if isinstance(move, Sail) and pend != "sail":
        return Illegal(r.EXPEDITIONS, "no ship is on its way to an expedition now")
    if isinstance(move, Assign) and pend != "voyage":
        v = state.voyages[-1] if state.voyages else None
        if v is not None and v.player == state.player and v.left == v.duration:
            need = state.book.contracts[v.contract].transport
            return Illegal(
                r.TRADE_CONTRACTS,
                f"{v.contract} has its {need} transport already: {move.card} is one ship too many",
            )
        return Illegal(r.TRADE_CONTRACTS, "no trade contract is being played now")
    if isinstance(move, DealMission) and state.final_at != state.turn:
        return Illegal(r.SPECIAL_MISSIONS, "special missions stay secret until the end of the game")
    return None


def describe(move: Any) -> str:
    match move:
        case SetupShip(card, row):
            return f"{card} into the {row} row"
        case DealContract(p, card) | DealMission(p, card) | DealFlagship(p, card):
            return f"{p}: {card}"
        case KeepSecret():
            return "kept secret for now"
        case RowContract(card):
            return f"{card} turned face up"
        case TurnOver(card, pile):
            return f"{card} turned over" + (f" (pile {pile})" if pile else "")
        case ContractDrawn(card):
            return f"{card} drawn"
        case StartTurn(p):
            return f"{p} begins the turn"
        case TakeCoins():
            return "take coins"
        case TakeContract(card):
            return f"accept the face-up contract {card}"
        case DrawContract():
            return "accept a contract: draw the top card of the deck"
        case Contract(card):
            return f"accept the contract {card}"
        case Buy(card, space):
            return f"buy {card}" + (f" (space {space})" if space else "")
        case SendShip(card):
            return f"send {card}"
        case Sail(exp, t, colour, wild):
            extra = [f"transport {t}"] if t else []
            extra += [colour] if colour else []
            extra += ["Wild Ship"] if wild else []
            return f"to {exp}'s expedition" + (f" ({', '.join(extra)})" if extra else "")
        case PlayContract(card, d):
            return f"play {card} for {d} turn(s)"
        case Assign(card, t, colour, wild):
            extra = [f"transport {t}"] if t else []
            extra += [colour] if colour else []
            extra += ["Wild Ship"] if wild else []
            return f"assign {card}" + (f" ({', '.join(extra)})" if extra else "")
        case Reserve(card, row, space):
            where = f" ({row} row" + (f", space {space}" if space else "") + ")" if row else ""
            return f"play Reservation on {card}{where}"
        case EndTurn():
            return "end the turn"
        case Menu(kind):
            return MENU_LABELS[kind]
        case Back():
            return "back (another action, or the end of the turn)"
    return str(move)


MENU_LABELS = {
    "contract": "accept a trade contract…",
    "buy": "purchase ships…",
    "send": "send ships (expeditions, trade contracts)…",
    "reserve": "play a Reservation card…",
}

RULES = AgeOfDiscoveryRules()
