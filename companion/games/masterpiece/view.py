"""What the table may see: the dashboard's view of a game (values stay hidden until the end)
and each move as everybody may see it."""

from __future__ import annotations

from ...model import Move
from . import log, scoring, turns
from .state import MasterpieceState, draw_pile, min_bid, painting_value
from .words import WORDS, money


def public_move(game, state: MasterpieceState, move: Move) -> Move:
    """Value cards go under paintings face down: nobody sees which one until the end."""
    if move.kind == "draw_value" and not turns.is_over(game, state):
        return Move(move.kind, move.player, {**dict(move.params), "card": "hidden"})
    return move


def describe(game, state: MasterpieceState) -> dict:
    revealed = turns.is_over(game, state)
    return {
        "kind": "masterpiece",
        "phase": state.phase,
        "active": state.active,
        "turn": state.turns,
        "waiting_for": turns.waiting_for(game, state).to_dict(),
        # while the set-up goes on (a value card dealt included): what it waits for, which a
        # turn panel says instead of "Amy to play"
        "setup_waiting": _setup_waiting(game, state),
        "space": _space(game, state),
        "last_roll": state.last_roll,
        "values_hidden": not revealed,
        "players": [_player(game, state, seat, revealed) for seat in range(state.players)],
        "bank": {
            "paintings_left": len(state.bank),
            "paintings": list(state.bank),
            "gone": list(state.gone),
        },
        "value_deck": {"cards_left": len(state.deck), "discarded": len(state.discard)},
        "auction": _auction(game, state),
        "draw": None
        if state.draw is None
        else {"player": state.draw.player, "painting": state.draw.painting},
        "board": _board(game),
        "ledger": [e.to_dict() for e in state.ledger],
        "journal": [n.to_dict() for n in state.journal],
    }


def _setup_waiting(game, state: MasterpieceState) -> dict | None:
    dealing = state.phase == "draw" and state.draw is not None and state.draw.resume == "setup"
    if state.phase != "setup" and not dealing:
        return None
    return WORDS("wait.setup", what=turns.waiting_for(game, state)).to_dict()


def private_view(game, state: MasterpieceState, seat: int) -> dict:
    """What only `seat` may see: its own cash (everybody's is shown once the game is over),
    and while it owes a value card the cards it may have drawn (`draw_cards`)."""
    mine = {"seat": seat, "cash_k": state.cash[seat], "cash": money(state.cash[seat]).to_dict()}
    if state.draw is not None and state.draw.player == seat:
        mine["draw_cards"] = sorted(drawable_as_seen_by(state, seat))
    return mine


def drawable_as_seen_by(state: MasterpieceState, seat: int) -> set[str]:
    """The value cards `seat` cannot tell from the draw pile: the pile, and the cards lying
    face down under the other players' paintings. Listing the pile alone would tell the
    drawer by elimination which values the others' paintings hide (the rules keep them
    secret); the cards under the drawer's own paintings it knows, so they are left out."""
    hidden_elsewhere = {
        card
        for other, holdings in enumerate(state.holdings)
        if other != seat
        for holding in holdings
        for card in holding.values
    }
    return set(draw_pile(state)) | hidden_elsewhere


def _player(game, state: MasterpieceState, seat: int, revealed: bool) -> dict:
    """One seat: pawn and paintings owned; cash and values once the game is over (a seat sees
    its own cash through `private_view`)."""
    return {
        "seat": seat,
        "name": state.names[seat],
        "pawn": state.pawns[seat],
        "region": f"player{seat}",
        "position": state.positions[seat],
        "cash_k": state.cash[seat] if revealed else None,
        "cash": money(state.cash[seat]).to_dict() if revealed else None,
        "lost_turns": state.skips[seat],
        "paintings": [_holding(game, h, revealed) for h in state.holdings[seat]],
        "wealth_k": scoring.wealth(game, state, seat) if revealed else None,
    }


def _holding(game, holding, revealed: bool) -> dict:
    entry = {
        "card": holding.painting,
        "name": game.catalogue.piece(holding.painting).name.to_dict(),
        "value_cards": len(holding.values),
        "hidden": not revealed,
    }
    if revealed:
        entry["values"] = [
            {"card": v, "value_k": game.value_k[v], "forgery": game.forgery[v]}
            for v in holding.values
        ]
        entry["value_k"] = painting_value(game, holding.values)
    return entry


def _space(game, state: MasterpieceState) -> dict | None:
    """The board space the active player's pawn landed on this turn."""
    if state.space is None:
        return None
    return {
        "index": state.space,
        "kind": game.spaces[state.space].kind,
        "text": log.space_text(game, state.space).to_dict(),
    }


def _auction(game, state: MasterpieceState) -> dict | None:
    auction = state.auction
    if auction is None:
        return None
    return {
        "painting": auction.painting,
        "name": game.catalogue.piece(auction.painting).name.to_dict(),
        "kind": "bank" if auction.bank else "private",
        "seller": auction.seller,
        "auctioneer": auction.auctioneer,
        "excluded": list(auction.excluded),
        "standing_k": auction.standing_k,
        "bidder": auction.bidder,
        "min_bid_k": min_bid(game, auction),
        "cancelled_k": list(auction.cancelled_k),
        "bids": [{"seat": s, "amount_k": a} for s, a in auction.bids],
    }


def _board(game) -> dict:
    return {
        "unverified": game.data.board.unverified,
        "spaces": [
            {
                "index": s.index,
                "kind": s.kind,
                "price_k": s.price_k,
                "text": log.space_text(game, s.index).to_dict(),
            }
            for s in game.spaces
        ],
    }
