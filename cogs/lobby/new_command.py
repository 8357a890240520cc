"""`/domino new <game>`: one subcommand per registered game, built from its options.

Each subcommand offers only its game's options, exactly as the engine describes
them (`GameSpec.options`, engine/options.py): a range becomes the option's min and
max, choices become named choices (their words from the catalog), a flag a
boolean, and every description ends with the default. So what Discord offers is
what the engine accepts, and it cannot drift (tests/bot/test_bot_opening.py).
Table games add the table's own settings (seats, pace, a thread of its own, a
scheduled start) and up to `INVITES` people to invite; a solitaire adds its hint level
and whether a lone draw plays itself. The rarer table settings (turn minutes, lobby
time, auto start, forced moves, what a resignation does) are changed once the lobby is
open, with `/domino lobby` (cogs/lobby/lobby_command.py): given in every game's subcommand,
they made `/domino` pass Discord's 8,000 characters a command.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any, Optional

import discord
from discord import app_commands

from catalog import t
from cogs.common.game_words import level_words, value_words
from engine.ai import LEVELS
from engine.options import OptionInfo
from engine.registry import GAMES, GameSpec
from tables.people import PRESETS

INVITES = 3  # user options `invite1`..`invite3`: enough for a full Traditional table
MAX_DESCRIPTION = 100  # Discord's limit for a command's or an option's description


@dataclass(frozen=True, slots=True)
class NewTable:
    """What a `/domino new <game>` asked for: the game, its options (only those given),
    and the table's settings as typed (None: the default)."""

    game: str
    options: dict[str, Any]
    seats: int = 1
    pace: str | None = None
    invites: tuple[discord.abc.User, ...] = ()
    hints: str = "normal"
    thread: bool = False
    auto_draw: bool = False
    start: str | None = None
    repeat: str | None = None
    grace: int = 0
    ai_fill: bool = False


Opener = Callable[[discord.Interaction[Any], NewTable], Awaitable[None]]


def with_default(text: str, default: str) -> str:
    """A description that says its default, cut to Discord's limit."""
    return t("option.default", text=text, value=default)[:MAX_DESCRIPTION]


def option_description(info: OptionInfo) -> str:
    """A game option's description: with its default, unless it has choices (the default
    choice says so itself: `choice_words`), cut to Discord's limit."""
    if info.choices:
        return t(info.key)[:MAX_DESCRIPTION]
    return with_default(t(info.key), value_words(info, info.default))


def choice_words(words: str, default: bool) -> str:
    """A choice's name, the default one marked so (cut to Discord's limit). Said once in
    the choice rather than again in the description: /domino has 8,000 characters."""
    return (t("option.default_choice", value=words) if default else words)[:MAX_DESCRIPTION]


def _annotation(info: OptionInfo) -> Any:
    if info.type is bool:
        inner: Any = bool
    elif info.choices:
        inner = info.type
    elif info.low is not None and info.high is not None:
        inner = app_commands.Range[int, info.low, info.high]
    else:  # an option with no limits is refused by tests/engine/test_options.py
        inner = info.type
    return Optional[inner]  # noqa: UP045 - built at run time for discord.py to read


def keyword_param(name: str, annotation: Any, default: Any = None) -> inspect.Parameter:
    """One slash option of a command built at run time (see `built_command`)."""
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, annotation=annotation,
                             default=default)


def built_command(name: str, description: str, callback: Callable[..., Awaitable[None]], *,
                  params: list[inspect.Parameter], texts: dict[str, str],
                  choices: dict[str, list[app_commands.Choice[Any]]],
                  ) -> app_commands.Command[Any, Any, None]:
    """A slash command whose options are `params` (keyword parameters of `callback` after
    the interaction), described by `texts` and offering `choices`: discord.py reads them
    from the callback's signature and attributes, as if written by hand."""
    interaction_param = inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD,
                                          annotation=discord.Interaction)
    callback.__signature__ = inspect.Signature([interaction_param, *params])  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_description__ = texts  # type: ignore[attr-defined]
    callback.__discord_app_commands_param_choices__ = choices  # type: ignore[attr-defined]
    return app_commands.Command(name=name, callback=callback,  # type: ignore[arg-type]
                                description=description[:MAX_DESCRIPTION])


def _table_params(spec: GameSpec) -> tuple[list[inspect.Parameter], dict[str, str]]:
    """The table's own settings: seats (unless the game takes one number of players),
    pace, a thread, a scheduled start, invites."""
    low, high = spec.seats
    # A game of one seat count asks nothing: /domino has 8,000 characters in all.
    seats = [] if low == high else [keyword_param("seats", app_commands.Range[int, low, high], low)]
    params = [
        *seats,
        keyword_param("pace", Optional[str]),  # noqa: UP045
        keyword_param("thread", bool, False),
        keyword_param("start", Optional[str]),  # noqa: UP045
        keyword_param("repeat", Optional[str]),  # noqa: UP045
        keyword_param("grace", app_commands.Range[int, 0, 1440], 0),
        keyword_param("ai_fill", bool, False),
        *[keyword_param(f"invite{i}", Optional[discord.User]) for i in range(1, INVITES + 1)],  # noqa: UP045
    ]
    texts = {
        **({"seats": with_default(t("new.seats", low=low, high=high), str(low))} if seats else {}),
        "pace": t("new.pace"),
        "thread": with_default(t("new.thread"), t("option.off")),
        "start": t("new.start"), "repeat": t("new.repeat"),
        "grace": t("new.grace"), "ai_fill": t("new.ai_fill"),
        **{f"invite{i}": t("new.invite") for i in range(1, INVITES + 1)},
    }
    return params, texts


def _pace_choices() -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=t(f"pace.{p}"), value=p) for p in PRESETS]


def _solitaire_params() -> tuple[list[inspect.Parameter], dict[str, str]]:
    """A solitaire's own settings: how good its Hint button is (an AI level), and whether
    a draw that is the only move plays itself."""
    texts = {"hints": t("new.hints"),
             "auto_draw": with_default(t("new.auto_draw"), t("option.off"))}
    return [keyword_param("hints", str, "normal"), keyword_param("auto_draw", bool, False)], texts


def game_command(spec: GameSpec, opener: Opener) -> app_commands.Command[Any, Any, None]:
    """The `/domino new <game>` subcommand of one game, calling `opener` with what was asked.

    Raises ValueError if one of the game's options has the name of a table setting.
    """
    infos = spec.options
    params, texts = _solitaire_params() if spec.solitaire else _table_params(spec)
    clash = {p.name for p in params} & {i.name for i in infos}
    if clash:
        raise ValueError(f"{spec.name}: options named like table settings: {sorted(clash)}")
    params += [keyword_param(i.name, _annotation(i)) for i in infos]
    texts.update({i.name: option_description(i) for i in infos})
    choices: dict[str, list[app_commands.Choice[Any]]] = {
        i.name: [app_commands.Choice(name=choice_words(value_words(i, c), c == i.default),
                                     value=c)
                 for c in i.choices] for i in infos if i.choices}
    if spec.solitaire:
        choices["hints"] = [app_commands.Choice(name=choice_words(level_words(level),
                                                                  level == "normal"),
                                                value=level)
                            for level in LEVELS]
    else:
        choices["pace"] = _pace_choices()
        choices["repeat"] = [app_commands.Choice(name=t("repeat.weekly"), value="weekly")]
    names = {i.name for i in infos}
    defaults = {i.name: i.default for i in infos}
    settings = {p.name for p in params} & {f.name for f in fields(NewTable)} - names

    async def callback(interaction: discord.Interaction[Any], **given: Any) -> None:
        # discord.py passes every parameter, an option not given as its default.
        # A value equal to the default is left out, as a record says it (RULES.md "Game
        # records"): Mexican Train's "whole game" choice is its default, never `rounds: 0`.
        options = {k: v for k, v in given.items()
                   if k in names and v is not None and v != defaults[k]}
        invites = tuple(u for k, u in sorted(given.items()) if k.startswith("invite") and u)
        asked = {k: v for k, v in given.items() if k in settings}
        if not spec.solitaire:
            asked.setdefault("seats", spec.seats[0])  # a game of one seat count asks none
        request = NewTable(spec.name, options, invites=invites, **asked)
        await opener(interaction, request)

    game = t(f"game.{spec.name}")
    key = "new.description_solitaire" if spec.solitaire else "new.description"
    return built_command(spec.name, t(key, game=game), callback, params=params, texts=texts,
                         choices=choices)


def new_group(opener: Opener, specs: Sequence[GameSpec] | None = None) -> app_commands.Group:
    """`/domino new`: a subcommand for every registered game (registry order)."""
    group = app_commands.Group(name="new", description=t("new.group"))
    for spec in specs if specs is not None else GAMES.values():
        group.add_command(game_command(spec, opener))
    return group
