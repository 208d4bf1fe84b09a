"""The WebSocket message protocol: every incoming frame is size-checked and validated here.

Client messages are JSON objects with a ``type``; anything else is a
:class:`ProtocolError` whose message says what is valid. Nothing from the wire
reaches the table before it has passed :func:`parse_client_message`.

>>> parse_client_message('{"type": "act", "token": "abcdefgh", "action": "call"}').action
'call'
>>> parse_client_message('{"type": "act", "action": "steal"}')  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
straights.web.protocol.ProtocolError: bad 'act' message: token: Field required; action: ...
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Annotated, Any, Final, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator
from pydantic_core import PydanticCustomError

from straights.cards import make_deck
from straights.errors import ConfigurationError, StraightsError
from straights.poker.catalogue import VARIANTS, find_variant, game_name, get_variant
from straights.poker.variant import Variant
from straights.web.house_rules import check_house, rules_for
from straights.web.names import BadName, clean_name

#: The largest text frame the table reads; bigger ones get an error reply.
MAX_MESSAGE_BYTES = 4096
#: uvicorn closes the connection (code 1009) on frames above this, before parsing.
MAX_FRAME_BYTES = 65536
#: Longest player and table names, in characters as seen (grapheme clusters).
MAX_NAME = 24
MAX_TABLE_NAME = 40
#: Longest chat message, in characters as seen.
MAX_CHAT = 200
#: A new table's starting stack must hold at least this many antes.
MIN_STACK_ANTES = 10
TOKEN_PATTERN = r"^[A-Za-z0-9_-]{8,64}$"
TABLE_PATTERN = r"^[A-Za-z0-9_-]{4,32}$"

ActionName = Literal[
    "fold",
    "check",
    "call",
    "bet",
    "raise",
    "bring-in",
    "complete",
    "discard",
    "expose",
    "runs",
    "show",
    "muck",
]
#: A card in ASCII (``As``, ``Th``, ``S``, ``Jk``), as a variant table's moves name them.
CardCode = Annotated[str, Field(pattern=r"^([2-9TJQKA][cdhs]|[STR]|Jk)$")]
#: A game of the catalogue by name or PHH code (``omaha-hi-lo``, ``F7S``).
GameName = Annotated[str, Field(min_length=1, max_length=40)]
#: Every bot of :data:`straights.bots.BOT_KINDS` (they all play Straights; ``cfr`` plays
#: the solved Mini Straights frequencies carried over to the full game).
BotKind = Literal[
    "strength",
    "calling",
    "random",
    "equity",
    "equity:tight",
    "equity:loose",
    "equity:aggressive",
    "cfr",
]
#: Seconds a bot waits before it acts, so it plays at a human pace (0: at once).
BotSeconds = Annotated[float, Field(ge=0, le=10)]
Token = Annotated[str, Field(pattern=TOKEN_PATTERN)]
Chips = Annotated[int, Field(ge=0, le=10**9)]
#: Minutes a player sat out keeps his seat before it is freed.
AwayMinutes = Annotated[int, Field(ge=1, le=240)]
SeatNo = Annotated[int, Field(ge=0, le=15)]
#: The table version (``state.version``) a message answers: a message that changes the
#: table names the state its sender saw, so a duplicate or stale one is refused once.
Version = Annotated[int, Field(ge=0)] | None


#: A card as the page writes it for Pai Gow: rank and suit, or the joker.
CardText = Annotated[str, Field(pattern=r"^([2-9TJQKA][cdhs]|Jk)$")]


class ProtocolError(StraightsError):
    """A message that is too large, not JSON, or not one of the protocol's messages."""


class _Msg(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def _clean_name(value: str) -> str:
    try:
        return clean_name(value, limit=MAX_NAME)
    except BadName as exc:
        raise PydanticCustomError("name", str(exc)) from None


class Hello(_Msg):
    """Watch a table; with a player token, also take that seat back (reconnect);
    with the host token (``host``), run the table."""

    type: Literal["hello"]
    table: Annotated[str, Field(pattern=TABLE_PATTERN)]
    token: Token | None = None
    host: Token | None = None


class Sit(_Msg):
    """Take an empty seat under a name; the reply carries the seat's secret token."""

    type: Literal["sit"]
    version: Version = None
    seat: SeatNo
    name: str
    #: The player token of someone who sat here before: he comes back with his chips.
    token: Token | None = None

    _name = field_validator("name")(_clean_name)


class Leave(_Msg):
    """Give up one's seat (at once between hands, after folding in a hand)."""

    type: Literal["leave"]
    version: Version = None
    token: Token


class Act(_Msg):
    """A betting action. Amounts are never a choice in Straights (the doubling
    ladder fixes them), so ``to`` is optional: when given it must equal the
    player's round total after the action, which guards against a stale click.
    ``hand`` likewise, when given, must be the deal in progress."""

    type: Literal["act"]
    version: Version = None
    token: Token
    action: ActionName
    to: Chips | None = None
    hand: Annotated[int, Field(ge=1)] | None = None
    #: The cards of a draw's discard or of Mexican stud's choice to turn up.
    cards: Annotated[list[CardCode], Field(max_length=7)] = []


class Choose(_Msg):
    """Dealer's choice: the player on the next deal's button names its game."""

    type: Literal["choose"]
    version: Version = None
    token: Token
    game: GameName


class AddBot(_Msg):
    """Put a bot in an empty seat (needs a seat or host token of this table)."""

    type: Literal["add_bot"]
    version: Version = None
    token: Token
    seat: SeatNo
    kind: BotKind = "strength"


class RemoveBot(_Msg):
    """Take a bot out of a seat (it leaves after the current hand)."""

    type: Literal["remove_bot"]
    version: Version = None
    token: Token
    seat: SeatNo


class SitOut(_Msg):
    """Sit out: not dealt in until "back" (a deal on is checked or folded for him);
    the seat is kept for the table's ``away_minutes``."""

    type: Literal["sit_out"]
    version: Version = None
    token: Token


class Back(_Msg):
    """Come back after being sat out."""

    type: Literal["back"]
    version: Version = None
    token: Token


class MuckLosers(_Msg):
    """A poker player's standing choice at the showdown: muck a hand that a hand
    shown before his beats (``on``), or show every hand (the default); with ``ask``,
    whether he is asked to show or muck instead (and whether to show a hand won
    uncontested), from his next deal."""

    type: Literal["muck"]
    version: Version = None
    token: Token
    on: bool
    ask: bool = False


class Rebuy(_Msg):
    """Buy chips again after going broke (automatic up to the host's limit)."""

    type: Literal["rebuy"]
    version: Version = None
    token: Token


class Answer(_Msg):
    """The host accepts or refuses a player's buy-in waiting for approval."""

    type: Literal["answer"]
    version: Version = None
    token: Token
    player: Annotated[int, Field(ge=1)]
    accept: bool


class Pause(_Msg):
    """The host pauses (no new deal starts) or resumes the game."""

    type: Literal["pause"]
    version: Version = None
    token: Token
    on: bool


class ShowHud(_Msg):
    """The host shows (``on``) or hides every player's statistics beside the seats."""

    type: Literal["hud"]
    version: Version = None
    token: Token
    on: bool


class Change(_Msg):
    """The host changes the ante, the structure, the timer, the buy-in limit or the
    bots' delay (between deals; fields left out stay as they are)."""

    type: Literal["change"]
    version: Version = None
    token: Token
    ante: Annotated[int, Field(ge=1, le=1000)] | None = None
    betting: Literal["limit", "no-limit"] | None = None
    turn_seconds: Annotated[int, Field(ge=0, le=600)] | None = None
    auto_limit: Chips | None = None
    bot_seconds: BotSeconds | None = None
    away_minutes: AwayMinutes | None = None
    seat_approval: bool | None = None
    #: The table's betting (see :class:`TableSettings`); ``straddle`` "none" drops it.
    straddle: Literal["utg", "button", "none"] | None = None
    runs: Annotated[int, Field(ge=1, le=3)] | None = None
    bomb_pot_every: Annotated[int, Field(ge=0, le=100)] | None = None
    bomb_pot_ante: Annotated[int, Field(ge=0, le=10**6)] | None = None
    double_board: bool | None = None
    time_bank: Annotated[int, Field(ge=0, le=600)] | None = None
    #: The rule books' house rules (see :class:`TableSettings`): the whole set, in place
    #: of the table's (``{}``: the rule book's every reading).
    house: Annotated[dict[str, bool | int | None], Field(max_length=12)] | None = None
    #: Pai Gow: the house way the bank sets (see :class:`TableSettings`).
    house_way: Literal["foxwoods", "simple"] | None = None
    #: The games, by name or PHH code (see :func:`changed_games`): one game, or
    #: dealer's choice of two or more.
    games: Annotated[list[GameName], Field(min_length=1, max_length=40)] | None = None


class Remove(_Msg):
    """The host removes a player: he forfeits the deal on and is cashed out."""

    type: Literal["remove"]
    version: Version = None
    token: Token
    seat: SeatNo


class Admit(_Msg):
    """The host answers a request for a seat (a table whose seats need his approval)."""

    type: Literal["admit"]
    version: Version = None
    token: Token
    seat: SeatNo
    accept: bool


class Adjust(_Msg):
    """The host sets the stack of the player in ``seat`` to ``chips`` between deals
    (the difference is a buy-in or a cash-out of the ledger, noted "host adjusts")."""

    type: Literal["adjust"]
    version: Version = None
    token: Token
    seat: SeatNo
    chips: Chips


class LetBack(_Msg):
    """The host lets a player he removed (``player``, her ledger number) sit again."""

    type: Literal["let_back"]
    version: Version = None
    token: Token
    player: Annotated[int, Field(ge=1)]


class MakeHost(_Msg):
    """The host hands the host role to the player in ``seat``."""

    type: Literal["make_host"]
    version: Version = None
    token: Token
    seat: SeatNo


class Close(_Msg):
    """The host closes the table between deals: everyone is cashed out."""

    type: Literal["close"]
    version: Version = None
    token: Token


class History(_Msg):
    """Ask for a past hand, as this connection was allowed to see it."""

    type: Literal["history"]
    hand: Annotated[int, Field(ge=1)]


class Ping(_Msg):
    type: Literal["ping"]


def _clean_chat(value: str) -> str:
    try:
        return clean_name(value, limit=MAX_CHAT, what="a chat message")
    except BadName as exc:
        raise PydanticCustomError("chat", str(exc)) from None


class Chat(_Msg):
    """Say something at the table (a seated player, or the host)."""

    type: Literal["chat"]
    version: Version = None
    token: Token
    text: str

    _text = field_validator("text")(_clean_chat)


class Mute(_Msg):
    """The host mutes (or unmutes) the chat of the player in ``seat``."""

    type: Literal["mute"]
    version: Version = None
    token: Token
    seat: SeatNo
    muted: bool = True


class Wager(_Msg):
    """Pai Gow: the bet a player makes from the next deal on, in chips."""

    type: Literal["wager"]
    version: Version = None
    token: Token
    chips: Chips


class SetHands(_Msg):
    """Pai Gow: set the two-card hand ``front`` (the other five play behind), or have
    the hands set the house way; ``hand``, when given, must be the deal on."""

    type: Literal["set_hands"]
    version: Version = None
    token: Token
    front: Annotated[list[CardText], Field(min_length=2, max_length=2)] | None = None
    house_way: bool = False
    hand: Annotated[int, Field(ge=1)] | None = None


ClientMessage = (
    Hello
    | Sit
    | Leave
    | Act
    | AddBot
    | RemoveBot
    | SitOut
    | Back
    | History
    | Ping
    | Rebuy
    | Answer
    | Pause
    | ShowHud
    | Change
    | Remove
    | Adjust
    | Admit
    | MakeHost
    | LetBack
    | Close
    | Chat
    | Mute
    | Wager
    | SetHands
    | Choose
    | MuckLosers
)
_MODELS: dict[str, type[_Msg]] = {
    "hello": Hello,
    "sit": Sit,
    "leave": Leave,
    "act": Act,
    "add_bot": AddBot,
    "remove_bot": RemoveBot,
    "sit_out": SitOut,
    "back": Back,
    "history": History,
    "ping": Ping,
    "rebuy": Rebuy,
    "answer": Answer,
    "pause": Pause,
    "hud": ShowHud,
    "change": Change,
    "remove": Remove,
    "adjust": Adjust,
    "admit": Admit,
    "make_host": MakeHost,
    "let_back": LetBack,
    "close": Close,
    "chat": Chat,
    "mute": Mute,
    "wager": Wager,
    "set_hands": SetHands,
    "choose": Choose,
    "muck": MuckLosers,
}


def _describe(exc: ValidationError) -> str:
    parts = []
    for err in exc.errors(include_url=False, include_input=False)[:4]:
        where = ".".join(str(p) for p in err["loc"]) or "message"
        parts.append(f"{where}: {err['msg']}")
    return "; ".join(parts)


def parse_client_message(raw: str | bytes) -> ClientMessage:
    """Check size, JSON and shape of one frame; raise :class:`ProtocolError` if bad."""
    if isinstance(raw, bytes):
        if len(raw) > MAX_MESSAGE_BYTES:
            raise ProtocolError(f"message of {len(raw)} bytes: the limit is {MAX_MESSAGE_BYTES}")
        try:
            raw = raw.decode("utf-8")
        except UnicodeDecodeError:
            raise ProtocolError("binary frame is not UTF-8 JSON: send JSON text") from None
    size = len(raw.encode("utf-8", "surrogatepass"))
    if size > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"message of {size} bytes: the limit is {MAX_MESSAGE_BYTES}")
    try:
        data: Any = json.loads(raw)
    except (ValueError, RecursionError):
        raise ProtocolError("message is not JSON: send one JSON object") from None
    if not isinstance(data, dict):
        raise ProtocolError(f"message is a JSON {type(data).__name__}: send one JSON object")
    kind = data.get("type")
    model = _MODELS.get(kind) if isinstance(kind, str) else None
    if model is None:
        shown = repr(kind)[:40]
        raise ProtocolError(f"unknown message type {shown}: valid types are {', '.join(_MODELS)}")
    try:
        return model.model_validate(data)  # type: ignore[return-value]
    except ValidationError as exc:
        raise ProtocolError(f"bad {kind!r} message: {_describe(exc)}") from None


class TableSettings(BaseModel):
    """What the page's "new table" form sends (``POST /api/tables``)."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    pack: Literal[55, 52] = 55
    betting: Literal["limit", "no-limit"] = "limit"
    ante: Annotated[int, Field(ge=1, le=1000)] = 1
    stack: Annotated[int, Field(ge=1, le=1_000_000)] = 100
    seats: Annotated[int, Field(ge=2, le=10)] = 6
    bots: Annotated[int, Field(ge=0, le=9)] = 0
    bot_kind: BotKind = "strength"
    turn_seconds: Annotated[int, Field(ge=0, le=600)] = 30
    #: How long a bot waits before acting (None: the server's ``--bot-delay``).
    bot_seconds: BotSeconds | None = None
    name: Annotated[str, Field(max_length=16 * MAX_TABLE_NAME)] = ""
    #: Chips a player may buy in all without the host's approval (None: 3 stacks).
    auto_limit: Annotated[int, Field(ge=0, le=10**9)] | None = None
    #: Minutes a player sat out keeps his seat (the host's to change).
    away_minutes: AwayMinutes = 10
    #: Whether a newcomer's seat waits for the host's approval (else the table is open).
    seat_approval: bool = False
    #: Set by the server: 2 for tables with a ledger (a broke player keeps his seat),
    #: 3 when the host's own buy-ins need no approval, 4 when a draw's replacements
    #: reach each player as he draws, 5 when Straights deals at the one table
    #: (:func:`straights_games`) on its own stakes with the dealer draw.
    edition: Literal[1, 2, 3, 4, 5] = 1
    #: The game dealt: Straights, or Pai Gow poker against the bank (seats 1 to 6).
    game: Literal["straights", "pai-gow"] = "straights"
    #: Pai Gow: the table's limits and the bet a player makes until he chooses another
    #: (multiples of 20, so that the 5 % commission is whole chips).
    min_bet: Annotated[int, Field(ge=2, le=10_000)] = 20
    max_bet: Annotated[int, Field(ge=2, le=10_000)] = 100
    bet: Annotated[int, Field(ge=2, le=10_000)] = 20
    #: Pai Gow: set by the server, ``exact`` for new tables; tables stored before it
    #: keep the commission rounded up to a chip (``PaiGowRules.commission``).
    commission: Literal["exact", "rounded-up"] = "rounded-up"
    #: The games of a table that deals through the generic engine, by PHH code (the
    #: server turns names into codes); empty: a Straights table of ``pack`` and ``betting``.
    games: Annotated[tuple[str, ...], Field(max_length=40)] = ()
    #: Dealer's choice: the player on the button picks each deal's game from ``games``.
    dealers_choice: bool = False
    #: The table's betting beyond the rule book (:class:`~straights.poker.house.HouseRules`,
    #: dealt where a game has blinds and a board): a straddle every deal, the most
    #: runs of the board the all-in players may agree to, a bomb pot every N deals
    #: (its ante, None: twice the big blind; on two boards).
    straddle: Literal["utg", "button"] | None = None
    runs: Annotated[int, Field(ge=1, le=3)] = 1
    bomb_pot_every: Annotated[int, Field(ge=0, le=100)] = 0
    bomb_pot_ante: Annotated[int, Field(ge=1, le=10**6)] | None = None
    double_board: bool = False
    #: Where the rule books disagree, what this table plays
    #: (:meth:`HouseRules.changes() <straights.poker.house.HouseRules.changes>`: the raise
    #: cap, heads-up raising, …; see :mod:`straights.web.house_rules`); ``{}``: the rule
    #: book's reading of every one.
    house: Annotated[dict[str, bool | int | None], Field(max_length=12)] = Field(
        default_factory=dict
    )
    #: Pai Gow: how the bank and the house-way bots set hands (``docs/games.md``).
    house_way: Literal["foxwoods", "simple"] = "foxwoods"
    #: Seconds of each player's time bank, drawn on once his turn timer runs out (0: none).
    time_bank: Annotated[int, Field(ge=0, le=600)] = 0

    @property
    def dealt_by_engine(self) -> bool:
        """True for a variant or dealer's-choice table (generic engine, any game)."""
        return bool(self.games)


def parse_settings(raw: bytes) -> TableSettings:
    """Validate a new-table request body; raise :class:`ProtocolError` if bad."""
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError(f"request of {len(raw)} bytes: the limit is {MAX_MESSAGE_BYTES}")
    try:
        settings = TableSettings.model_validate_json(raw or b"{}")
    except ValidationError as exc:
        raise ProtocolError(_describe_settings(exc)) from None
    if settings.name.strip():
        # Checked here, not in the model: tables stored before the check still load.
        try:
            name = clean_name(settings.name, limit=MAX_TABLE_NAME, what="a table name")
        except BadName as exc:
            raise ProtocolError(f"bad table settings: name: {exc}") from None
        settings = settings.model_copy(update={"name": name})
    elif settings.name:
        settings = settings.model_copy(update={"name": ""})
    # New tables keep a ledger (2), the host buys in without asking himself (3) and
    # draws are served as each player draws (4) and Straights deals at the one table (5).
    settings = settings.model_copy(update={"edition": 5})
    if settings.game == "pai-gow" and (settings.games or settings.dealers_choice):
        raise ProtocolError(
            "a Pai Gow table plays Pai Gow against the bank only: "
            "drop games and dealer's choice, or choose a poker game"
        )
    settings = _check_games(settings)
    if settings.house_way != "foxwoods" and settings.game != "pai-gow":
        raise ProtocolError("the house way sets Pai Gow hands: this table deals poker")
    try:
        house = check_house(settings.house, settings.games)
    except ConfigurationError as exc:
        raise ProtocolError(f"bad table settings: {exc}") from None
    settings = settings.model_copy(update={"house": house})
    betting = settings.straddle is not None or settings.runs > 1 or settings.bomb_pot_every > 0
    if betting and not settings.dealt_by_engine:
        raise ProtocolError(
            "straddles, running it twice and bomb pots are dealt at poker tables of the "
            "catalogue (games with blinds and a board): choose such a game"
        )
    settings = straights_games(settings)
    if settings.bots >= settings.seats:
        raise ProtocolError(
            f"{settings.bots} bots would fill all {settings.seats} seats: "
            "leave at least one seat for people"
        )
    if settings.game == "pai-gow":
        settings = settings.model_copy(update={"commission": "exact"})  # new tables: exact
        _check_pai_gow(settings)
    elif settings.stack < MIN_STACK_ANTES * settings.ante:
        raise ProtocolError(
            f"a starting stack of {settings.stack} holds fewer than {MIN_STACK_ANTES} antes of "
            f"{settings.ante}: make the stack at least {MIN_STACK_ANTES * settings.ante} "
            "or the ante smaller"
        )
    return settings


def straights_games(settings: TableSettings) -> TableSettings:
    """A new Straights table (no games named) as the catalogue's Straights of its
    ``pack`` and ``betting``, which the one table deals like every game.

    >>> straights_games(TableSettings()).games
    ('_STR55L',)
    >>> straights_games(TableSettings(pack=52, betting="no-limit")).games
    ('_STR52N',)
    >>> straights_games(TableSettings(games=("FR",))).games
    ('FR',)
    """
    if settings.game != "straights" or settings.games or settings.dealers_choice:
        return settings
    name = "straights" + ("-52" if settings.pack == 52 else "")
    name += "-no-limit" if settings.betting == "no-limit" else ""
    return settings.model_copy(update={"games": (find_variant(name).code,)})


def _check_pai_gow(settings: TableSettings) -> None:
    """A Pai Gow table's seats and limits, in plain words."""
    if settings.seats > 6:
        raise ProtocolError("Pai Gow seats at most 6 players against the bank: choose fewer seats")
    if not settings.min_bet <= settings.bet <= settings.max_bet:
        raise ProtocolError(
            f"the bet of {settings.bet} must lie within the limits, "
            f"{settings.min_bet} to {settings.max_bet}"
        )
    from straights.errors import ConfigurationError
    from straights.paigow.rules import PaiGowRules

    try:
        PaiGowRules(min_bet=settings.min_bet, max_bet=settings.max_bet).check_bet(settings.bet)
    except ConfigurationError as exc:
        raise ProtocolError(str(exc)) from None
    if settings.stack < settings.bet:
        raise ProtocolError(
            f"a starting stack of {settings.stack} does not cover the bet of {settings.bet}"
        )


#: Dealer's choice when the host names no games: five families (community cards,
#: stud, draw, Straights, a split game), each dealing to 6 players.
DEFAULT_MIX: Final = ("FT", "F7S", "_F5CD", "FO/8", "_STR55L", "FR")


def _check_games(settings: TableSettings) -> TableSettings:
    """Names to codes; one game unless dealer's choice; every game fits the seats."""
    if not settings.games and not settings.dealers_choice:
        return settings
    codes: list[str] = []
    for name in settings.games:
        try:
            code = find_variant(name).code
        except ConfigurationError as exc:
            raise ProtocolError(str(exc)) from None
        if code not in codes:
            codes.append(code)
    if not codes:
        codes = [c for c in DEFAULT_MIX if _fits(get_variant(c), settings.seats)]
    if settings.dealers_choice and len(codes) < 2:
        raise ProtocolError("dealer's choice needs at least two games: name more, or one game")
    if not settings.dealers_choice and len(codes) > 1:
        raise ProtocolError(
            f"{len(codes)} games for a table of one game: choose one, or dealer's choice"
        )
    for code in codes:
        variant = get_variant(code)
        if not _fits(variant, settings.seats):
            most = variant.max_players(len(make_deck(variant.deck, jokers=variant.jokers)))
            raise ProtocolError(
                f"{game_name(code)} deals to at most {most} players: "
                f"make the table {most} seats or fewer, or leave that game out"
            )
    if settings.bot_kind == "cfr" and not all(is_straights(get_variant(c)) for c in codes):
        raise ProtocolError("the cfr bot plays only Straights: choose another style")
    return settings.model_copy(update={"games": tuple(codes)})


def changed_games(settings: TableSettings, games: Sequence[str]) -> dict[str, Any]:
    """The settings a table of ``settings`` takes to deal ``games`` (names or PHH
    codes): one game, or dealer's choice of two or more, checked as a new table's
    games are (:func:`_check_games`); a Straights game alone brings its pack and betting.
    A Pai Gow table plays Pai Gow only (:class:`ProtocolError`).

    >>> changed_games(TableSettings(games=("FT",)), ["razz", "F7S", "razz"])
    {'games': ('FR', 'F7S'), 'dealers_choice': True}
    >>> changed_games(TableSettings(games=("FT",)), ["straights-52-no-limit"])
    {'games': ('_STR52N',), 'dealers_choice': False, 'pack': 52, 'betting': 'no-limit'}
    >>> changed_games(TableSettings(game="pai-gow"), ["holdem"])
    Traceback (most recent call last):
    ...
    straights.web.protocol.ProtocolError: a Pai Gow table plays Pai Gow against the bank only
    """
    if settings.game == "pai-gow":
        raise ProtocolError("a Pai Gow table plays Pai Gow against the bank only")
    codes: list[str] = []
    for name in games:
        try:
            code = find_variant(name).code
        except ConfigurationError as exc:
            raise ProtocolError(str(exc)) from None
        codes += [] if code in codes else [code]
    if not codes:
        raise ProtocolError("name at least one game")
    choice = len(codes) > 1
    checked = _check_games(
        settings.model_copy(update={"games": tuple(codes), "dealers_choice": choice})
    )
    update: dict[str, Any] = {"games": checked.games, "dealers_choice": choice}
    for pack, betting in ((p, b) for p in (55, 52) for b in ("limit", "no-limit")):
        straights = TableSettings(pack=pack, betting=betting)  # type: ignore[arg-type]
        if not choice and straights_games(straights).games == checked.games:
            update |= {"pack": pack, "betting": betting}
    return update


def game_list() -> dict[str, Any]:
    """Every game of the catalogue a table may deal (name, code, title, one line about
    it, the most players, the keys of the house rules it uses), the default
    dealer's-choice mix, and every house rule as the form shows it
    (:func:`~straights.web.house_rules.rules_for`).

    >>> data = game_list()
    >>> data["default"][:2], data["games"][0]["name"]
    (['FT', 'F7S'], 'holdem')
    """
    games = []
    for code in VARIANTS:
        variant = get_variant(code)
        deck = make_deck(variant.deck, jokers=variant.jokers)
        games.append(
            {
                "code": code,
                "name": game_name(code),
                "title": variant.name,
                "about": variant.description,
                "most": variant.max_players(len(deck)),
                "house": [rule["key"] for rule in rules_for((code,))],
            }
        )
    return {"games": games, "default": list(DEFAULT_MIX), "house_rules": rules_for(tuple(VARIANTS))}


def is_straights(variant: Variant) -> bool:
    """Whether ``variant`` is one of Straights' (rule 10 settles its pots).

    >>> is_straights(get_variant("_STR52N")), is_straights(get_variant("FR"))
    (True, False)
    """
    return variant.pot_rule is not None and "rule-10" in variant.pot_rule.name


def _fits(variant: Variant, seats: int) -> bool:
    deck = make_deck(variant.deck, jokers=variant.jokers)
    return bool(variant.max_players(len(deck)) >= seats)


#: The new-table form's fields as its labels say them.
_SETTING_WORDS = {
    "pack": "the pack",
    "betting": "the betting",
    "ante": "the ante",
    "stack": "the starting stack",
    "seats": "the number of seats",
    "bots": "the number of bots",
    "bot_kind": "the bot style",
    "turn_seconds": "the turn timer",
    "bot_seconds": "the bot delay",
    "name": "the table name",
    "game": "the game",
    "min_bet": "the minimum bet",
    "max_bet": "the maximum bet",
    "bet": "the bet",
    "games": "the games",
    "dealers_choice": "dealer's choice",
    "house": "the house rules",
    "house_way": "the house way",
}


def _describe_settings(exc: ValidationError) -> str:
    """A bad new-table form in plain words, one problem per field.

    >>> parse_settings(b'{"ante": 0, "seats": 11}')
    Traceback (most recent call last):
    ...
    straights.web.protocol.ProtocolError: the ante must be at least 1; the number of seats ...
    >>> parse_settings(b'{"stack": "lots"}')
    Traceback (most recent call last):
    ...
    straights.web.protocol.ProtocolError: the starting stack must be a whole number
    """
    parts = []
    for err in exc.errors(include_url=False, include_input=False)[:4]:
        field = str(err["loc"][0]) if err["loc"] else ""
        what = _SETTING_WORDS.get(field)
        ctx = err.get("ctx") or {}
        kind = err["type"]
        if kind == "json_invalid":
            parts.append("the settings are not valid JSON: send one JSON object")
        elif what is None:
            parts.append(
                f"unknown setting {field!r}" if field else "send the settings as a JSON object"
            )
        elif kind in ("greater_than_equal", "greater_than"):
            parts.append(f"{what} must be at least {ctx.get('ge', ctx.get('gt'))}")
        elif kind in ("less_than_equal", "less_than"):
            parts.append(f"{what} must be at most {ctx.get('le', ctx.get('lt'))}")
        elif kind.startswith("int"):
            parts.append(f"{what} must be a whole number")
        elif kind == "literal_error":
            parts.append(f"{what} must be {ctx.get('expected', 'one of the choices')}")
        elif kind == "too_long" or kind == "string_too_long":
            parts.append(f"{what} is too long")
        else:
            parts.append(f"{what}: {err['msg']}")
    return "; ".join(parts)


def error_reply(message: str, code: str = "bad_request") -> dict[str, Any]:
    """The one shape of every error the server sends."""
    return {"type": "error", "code": code, "message": message}
