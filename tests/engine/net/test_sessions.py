"""The session seam across devices: a HostedMatchSession (the host's match with its table)
and a RemoteMatchSession (a guest's match, built only from what the host sent), for every
game. A seeded random game is played through the two sessions; the guest ends with the
host's history as its seat may know it, and no message it received held another seat's
secret (each game's secrets as declared in tests/engine/<game>/helpers.py)."""

from __future__ import annotations

import importlib
import json
import random
from collections import deque

import pytest

from ludoteca.core.match import AI, Match, Seat
from ludoteca.core.protocol import GameError, IllegalMoveError
from ludoteca.core.session import StatePosition
from ludoteca.games import registry
from ludoteca.net import wire
from ludoteca.net.authority import LEGAL_BUDGET, SessionAuthority, legal_texts, position_facts
from ludoteca.net.guest import GuestTable
from ludoteca.net.remote import NO_UNDO, RemoteMatchSession
from ludoteca.ui.session import HostedMatchSession
from ludoteca.ui.session import LocalMatchSession
from tests.engine.conformance.support import fuzzing  # py/tools/fuzzing.py: seeded random games
from ludoteca.games.council.rules import GAME as COUNCIL
from tests.engine.net.test_table import move_ids, tokens, value_at, view_brought

MAX_MOVES = 160  # a game is cut here: enough for reveals, rounds and chance




class Devices:
    """A host and one guest joined by a link that carries texts in order, through a queue
    (no re-entrant calls), recording every text the guest received."""

    def __init__(self, game, settings, seed, seats, remote=(1,), guest_seats=()):
        fuzzing.provide_assets(game, settings)
        self.match = Match(game, settings, seed, seats)
        self.queue: deque = deque()
        self.host = HostedMatchSession(self.match, "m-test", remote, tokens(),
                                       send=lambda link, text: self.queue.append(("down", link, text)))
        self.table = GuestTable("Guest", move_ids("g"))
        self.guest = RemoteMatchSession({game.id: game}, self.table, lambda text: self.queue.append(("up", "g", text)))
        self.received: list[str] = []
        self.on_update = None  # a check run on every update the guest receives, before it takes it
        self.queue.append(("up", "g", self.table.hello(tuple(guest_seats))))
        self.pump()

    def pump(self) -> None:
        while self.queue:
            direction, link, text = self.queue.popleft()
            if direction == "up":
                self.host.receive(link, text)
            else:
                self.received.append(text)
                message = wire.parse(text, sender=wire.HOST)
                if message.kind == "update" and self.on_update is not None:
                    self.on_update(message.body)
                self.guest.receive(text)


def game_seats(game, players):
    """Seat 0 a human at the host, seat 1 the guest, the others computers on the host."""
    return [Seat("Host"), Seat("Guest")] + [Seat(f"C{n}", AI, "easy") for n in range(2, players)]


def play_random(devices, rng, limit=MAX_MOVES):
    """Random legal moves: the guest's seat through the guest's session, others on the host."""
    host, guest = devices.host, devices.guest
    (seat_there,) = devices.table.seats
    for _ in range(limit):
        if host.is_over:
            return
        state = host.full_access().state
        player = fuzzing.choose_player(state, rng)
        move = rng.choice(fuzzing.legal_list(state, player))
        if player == seat_there:
            before = host.move_count
            guest.play(player, move.text)
            devices.pump()
            assert host.move_count > before, "the guest's legal move was applied on the host"
        else:
            host.play(player, move)
            devices.pump()


def declarations(game_id):
    return importlib.import_module(f"tests.engine.{game_id}.helpers")


class SecretWatch:
    """Run on every update the guest receives: what it carries is the guest seat's own, and
    stays the same when every other seat's secrets are re-drawn (`determinize`)."""

    def __init__(self, devices, seat, helpers, seed):
        self.devices, self.seat, self.helpers = devices, seat, helpers
        self.rng = fuzzing.SeededRng(seed)
        self.redrawn = 0
        self.updates = 0
        self.view = devices.table.views.get(seat)  # the seat's view as the updates so far make it

    def __call__(self, body):
        host, seat = self.devices.host, self.seat
        full = host.full_access()
        assert body["seat"] == seat and body["position"]["count"] == host.move_count
        self.updates += 1
        state = full.state
        world = state.determinize(seat, fuzzing.SeededRng(self.rng.next_u64() >> 11))
        declared, redrawn = self.helpers.seat_secrets(state), self.helpers.seat_secrets(world)
        assert redrawn[seat] == declared[seat]
        if any(redrawn[p] != declared[p] for p in declared if p != seat):
            self.redrawn += 1
        # The live part: the view, the legal moves and the public facts are the same in the re-drawn world.
        position = StatePosition(world, host.move_count)
        world_view = json.loads(json.dumps(position.view(seat)))
        view = view_brought(self.view, body)
        assert view == world_view
        # A patch carries nothing but values of the seat's view, as the re-drawn world shows them too.
        for change in body["view_patch"] or ():
            if len(change) == 2:
                assert value_at(world_view, change[0]) == change[1]
        self.view = view
        assert body["position"]["to_move"] == list(position.to_move())
        assert body["position"]["mode"] == position.acting_mode()
        assert body["position"]["scores"] == list(position.scores())
        if body["legal"] is not None and not state.is_terminal():
            assert body["legal"] == [move.text for move in position.legal_moves(seat)]
        # Each entry's move line reads the same with the other seats' secrets re-drawn before it
        # (unless the move itself reveals something), and is the engine's line for this seat.
        for offset, entry in enumerate(body["entries"]):
            index = body["turn"] + offset
            assert entry["lines"] == [{"key": key, "params": params} for key, params in
                                      (host.describe_entry(index, seat) if not entry["resignation"] else [])]
            played = full.entries[index]
            if entry["resignation"] or played.player == seat or played.reveals:
                continue
            before = full.state_before(index)
            other_world = before.determinize(seat, fuzzing.SeededRng(self.rng.next_u64() >> 11))
            key, params = other_world.describe_move(played.move, seat, played.player)
            assert entry["lines"][0] == {"key": key, "params": json.loads(json.dumps(params))}


GAME_CASES = [pytest.param(game_id, players, id=f"{game_id}-{players}p")
              for game_id in registry.PLAYABLE for players in (2, 3)]


@pytest.mark.parametrize("game_id, players", GAME_CASES)
def test_a_random_game_across_two_devices_leaves_the_guest_with_its_own_history_and_no_other_secret(
        game_id, players):
    game = registry.all_games()[game_id]
    if not game.min_players <= players <= game.max_players:
        pytest.skip(f"{game_id} is not for {players} players")
    settings = game.default_settings(players)
    seed = 11 + players
    devices = Devices(game, settings, seed, game_seats(game, players))
    watch = SecretWatch(devices, 1, declarations(game_id), seed)
    devices.on_update = watch
    assert devices.guest.ready and devices.table.seats == (1,)
    play_random(devices, fuzzing.SeededRng(seed))
    host, guest = devices.host, devices.guest
    assert watch.updates > 0
    if game.game_type.information == "imperfect":
        assert watch.redrawn > 0, "the secrets of other seats were re-drawn in some updates"
    # The guest's session answers as the host's does, for what its seat may know.
    assert guest.move_count == host.move_count
    assert (guest.is_over, guest.status, guest.resigners) == (host.is_over, host.status, list(host.resigners))
    assert guest.final_places() == (host.final_places() if host.is_over else [])
    assert [seat.name for seat in guest.seats] == [seat.name for seat in host.seats]
    assert [seat.kind for seat in guest.seats] == [seat.kind for seat in host.seats]
    for index in range(host.move_count):
        assert guest.move_facts(index) == host.move_facts(index)
        assert guest.describe_entry(index, 1) == [(k, json.loads(json.dumps(p)))
                                                 for k, p in host.describe_entry(index, 1)]
        assert guest.position(index).to_move() == host.position(index).to_move()
    live = guest.position()
    assert live.view(1) == json.loads(json.dumps(host.position().view(1)))
    assert (live.to_move(), live.acting_mode()) == (host.position().to_move(), host.position().acting_mode())
    assert guest.full_access() is None and guest.players_here == [1] and host.players_here == [0]
    assert not host.table.incidents
    # Nothing of the match but the guest seat's own crossed: no seed, no record.
    assert all('"seed"' not in text for text in devices.received)


def council_devices(seed=5):
    seats = [Seat("Host"), Seat("Guest"), Seat("Bot", AI, "easy")]
    return Devices(COUNCIL, COUNCIL.default_settings(3), seed, seats)


def test_a_guests_move_is_drawn_on_the_host_as_a_change_made_elsewhere():
    devices = council_devices()
    heard_on_host, heard_on_guest = [], []
    devices.host.subscribe(heard_on_host.append)
    devices.guest.subscribe(heard_on_guest.append)
    devices.guest.play(1, "bid 1")
    devices.pump()
    assert heard_on_host == [False]  # the host's app draws it
    assert heard_on_guest and not any(heard_on_guest)
    devices.host.play(0, "bid 0")  # the host's own move: drawn by the host already
    devices.pump()
    assert heard_on_host == [False, True]


def test_a_guest_refuses_locally_what_it_knows_is_illegal_and_sends_nothing():
    devices = council_devices()
    sent_before = devices.table.endpoint.outbox.last_sent
    with pytest.raises(IllegalMoveError) as refused:
        devices.guest.play(1, "bid 9")
    assert refused.value.code in ("core.illegal_now", "council.bad_bid") or refused.value.code.startswith("council.")
    with pytest.raises(GameError) as not_mine:
        devices.guest.play(0, "bid 1")
    assert not_mine.value.code == "net.not_your_seat"
    assert devices.table.endpoint.outbox.last_sent == sent_before
    assert devices.host.move_count == 0


def test_a_guest_may_not_undo_and_the_hosts_undo_shortens_its_history():
    devices = council_devices()
    devices.guest.play(1, "bid 1")
    devices.pump()
    devices.host.play(0, "bid 0")
    devices.pump()
    assert devices.guest.undo_landings(1) == [] and not devices.guest.can_undo(1)
    with pytest.raises(GameError) as refused:
        devices.guest.undo(1)
    assert refused.value.code == NO_UNDO
    count = devices.host.move_count
    devices.host.undo(0)
    devices.pump()
    assert devices.guest.move_count == devices.host.move_count < count


def test_a_guest_resigns_through_the_host_and_the_game_ends_when_one_player_is_left():
    devices = council_devices()
    devices.guest.resign(1)
    devices.pump()
    assert devices.host.resigners == [1] and not devices.host.is_over
    assert devices.guest.resigners == [1] and devices.guest.move_facts(0).resignation
    devices.host.resign(0)  # the computer is left alone
    devices.pump()
    assert devices.guest.is_over and devices.guest.status == "resigned" == devices.host.status
    assert devices.guest.final_places() == devices.host.final_places()


def test_the_host_leaving_is_kept_and_a_guest_move_is_then_refused_here():
    devices = council_devices()
    devices.host.close()
    devices.pump()
    assert devices.guest.host_left == "net.host_closed"
    with pytest.raises(GameError) as refused:
        devices.guest.play(1, "bid 1")
    assert refused.value.code == "net.host_gone"


def test_a_move_the_host_refuses_reaches_the_guest_as_a_refusal():
    devices = council_devices()
    devices.table.legal[1] = None  # as when the list was too long to send: the host's engine decides
    devices.guest.play(1, "bid 99")
    devices.pump()
    assert devices.guest.refusals and devices.guest.refusals[-1].move == "bid 99"
    assert devices.host.move_count == 0 and devices.host.table.incidents


def test_a_guest_that_reloads_keeps_its_history_and_rejoins():
    devices = council_devices()
    devices.guest.play(1, "bid 1")
    devices.pump()
    saved = json.loads(json.dumps(devices.guest.snapshot()))
    devices.host.link_closed("g")
    devices.host.play(0, "bid 0")
    devices.pump()
    table = GuestTable.restore(saved, move_ids("r"))
    again = RemoteMatchSession({COUNCIL.id: COUNCIL}, table, lambda text: devices.queue.append(("up", "g2", text)))
    assert again.move_count == 1 and not again.ready  # what it saw, at once; drawn once the host welcomes it
    devices.guest = again
    devices.queue.append(("up", "g2", table.rejoin()))
    devices.pump()
    assert again.ready and again.move_count == devices.host.move_count and devices.host.connected(1)


def test_the_legal_moves_are_sent_while_they_fit_and_never_when_not_to_act():
    session = LocalMatchSession(Match(COUNCIL, COUNCIL.default_settings(3), 2, [Seat("A"), Seat("B"), Seat("C")]))
    texts = legal_texts(session, 1)
    assert texts == [move.text for move in session.position().legal_moves(1)]
    assert len(json.dumps(texts)) < LEGAL_BUDGET
    session.play(1, texts[0])
    assert legal_texts(session, 1) is None  # it has bid: nothing to do in this round
    facts = position_facts(session)
    wire.POSITION(facts, "position")
    assert facts["count"] == 1 and facts["status"] == "playing" and facts["places"] == []


def test_every_games_largest_update_fits_in_one_message():
    """The view, the legal moves and a whole chunk of entries of each game, at the longest
    seen in a random game (measured: GeonAxis's legal list is the largest, about 16 KB)."""
    for game_id in registry.PLAYABLE:
        game = registry.all_games()[game_id]
        players = game.max_players
        settings = game.default_settings(players)
        fuzzing.provide_assets(game, settings)
        session = LocalMatchSession(Match(game, settings, 4, [Seat(f"P{n}") for n in range(players)]))
        authority = SessionAuthority(session, "m")
        rng = random.Random(4)
        largest = 0
        for _ in range(60):
            if session.is_over:
                break
            state = session.full_access().state
            player = rng.choice(list(state.to_move()))
            for seat in state.to_move():
                body = {"seat": seat, "turn": 0, "view": authority.view(seat), "view_patch": None,
                        "position": authority.position(), "legal": authority.legal(seat),
                        "entries": authority.entries(seat)[-wire.MAX_ENTRIES:]}
                largest = max(largest, len(wire.encode(wire.Message("update", 1, 0, body)).encode()))
            session.play(player, rng.choice(list(state.legal_moves(player))))
        assert largest < wire.MAX_MESSAGE_BYTES, (game_id, largest)


VALID_CLOCK_FIELDS = {"start", "players", "lefts", "pause_left", "running", "paused_by", "away", "stopped"}


def test_the_round_clock_a_guest_receives_holds_only_times_and_the_seats_on_it():
    """GeonAxis with a round clock, its host telling the guest the clock after every change (as
    the app's ClockControl does): every "clock" message is the wire's fields, its seats are the
    humans to act (public), and the rest is times; the game's secrets checks hold as before."""
    from ludoteca.core.protocol import Settings
    from ludoteca.core.session import same_decision
    from ludoteca.ui.clock import RoundClock
    from ludoteca.ui.clock_control import clock_message

    game = registry.all_games()["geonaxis"]
    settings = Settings(3, {**game.default_settings(3).variants, "timer": 30})
    devices = Devices(game, settings, 21, game_seats(game, 3))
    host = devices.host
    watch = SecretWatch(devices, 1, declarations("geonaxis"), 21)
    devices.on_update = watch
    now, running = [0.0], [None]

    def body():
        now[0] += 0.5
        clock = running[0]
        if clock is None or not same_decision(host, clock.start):
            humans = tuple(p for p in host.clocked_players() if p in (0, 1))
            clock = running[0] = RoundClock(host.move_count, humans, 30.0, now[0], 300.0, [0.0] * 3) if humans else None
        return clock_message(host, clock, now[0])

    host.table.clock_body = body
    host.subscribe(lambda _made_here: host.share_clock())
    host.share_clock()
    devices.pump()
    play_random(devices, fuzzing.SeededRng(21), limit=60)
    clocks = [wire.parse(text).body for text in devices.received if wire.parse(text).kind == "clock"]
    assert len(clocks) > 2 and watch.updates > 0
    fields = VALID_CLOCK_FIELDS
    for message in clocks:
        assert set(message) == fields
        assert set(message["players"]) <= {0, 1} and set(message["running"]) <= set(message["players"])
        assert all(isinstance(value, (int, float)) for value in message["lefts"] + message["pause_left"])
    assert devices.guest.host_clock == clocks[-1]
    assert all('"seed"' not in text for text in devices.received)


@pytest.mark.parametrize("game_id, players", [("alphabeticell", 2), ("geonaxis", 3)])
def test_after_a_deal_or_a_round_a_guest_is_sent_what_changed_in_its_view_not_the_whole_view(game_id, players):
    """A new deal, a stone, a card: the update carries the changes to the seat's view, so a
    guest receives per move about what changed, not its whole view (and never the history again)."""
    game = registry.all_games()[game_id]
    devices = Devices(game, game.default_settings(players), 5, game_seats(game, players))
    sent, whole = [], []

    def measure(body):
        view = json.dumps(devices.host.authority.view(1), separators=(",", ":"), ensure_ascii=False)
        carried = body["view"] if body["view_patch"] is None else body["view_patch"]
        sent.append(len(json.dumps(carried, separators=(",", ":"), ensure_ascii=False)))
        whole.append(len(view))
        assert body["turn"] >= devices.guest.move_count - 1 or body["view_patch"] is None, "no history resent"

    devices.on_update = measure
    play_random(devices, fuzzing.SeededRng(7), limit=80)
    assert len(sent) > 20 and all(carried <= view for carried, view in zip(sent, whole))
    assert sum(sent) < sum(whole) / 3


def test_a_guest_acknowledges_what_the_host_sent_only_once_it_has_kept_it():
    """The device keeps (writes) what came before the acknowledgement goes; a write that failed
    acknowledges no more than the last one that worked, so the host keeps the rest to send again."""
    devices = Devices(COUNCIL, COUNCIL.default_settings(3), 7, [Seat("Host"), Seat("Guest"), Seat("C", AI, "easy")])
    guest, table = devices.guest, devices.table
    sent_before_keeping = []
    writes_work = [True]

    def keep():
        sent_before_keeping.append(len([item for item in devices.queue if item[0] == "up"]))
        if writes_work[0]:
            table.kept(table.snapshot())

    guest.keep = keep
    table.endpoint.kept = table.endpoint.inbox.delivered
    play_random(devices, fuzzing.SeededRng(1), limit=4)
    assert sent_before_keeping and set(sent_before_keeping) == {0}, "nothing went back before it was kept"
    (host_side,) = devices.host.table.guests.values()
    assert host_side.endpoint.outbox.unacknowledged() == []
    writes_work[0] = False
    kept = table.endpoint.inbox.delivered
    play_random(devices, fuzzing.SeededRng(2), limit=4)
    assert table.endpoint.inbox.delivered > kept
    assert [seq for seq, _kind, _body in host_side.endpoint.outbox.unacknowledged()] == list(
        range(kept + 1, table.endpoint.inbox.delivered + 1))


def test_a_guests_seats_are_made_once_per_table_message_and_follow_the_next():
    """A redraw reads the seats about ten times: they are made once for each table message."""
    guest = council_devices().guest
    first = guest.seats
    assert [seat.name for seat in first] == ["Host", "Guest", "Bot"]
    assert all(again is seat for again, seat in zip(guest.seats, first))
    guest.seats.clear()  # a caller's list is its own
    guest.table.players = [dict(player, name=player["name"] + "2") for player in guest.table.players]
    assert [seat.name for seat in guest.seats] == ["Host2", "Guest2", "Bot2"]
