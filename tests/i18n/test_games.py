"""The game engines speak Italian and Spanish - the event texts of a Sette e
mezzo round (who is dealt, busts, stands, pays), the table's errors (IllegalMove), and
Trentuno's events, rules, scores, knocking and odds texts.

These tests read the kit's catalogues (sette_kit/locale/*/LC_MESSAGES/sette_kit.po) with
the translations of the "games" fragment merged in.  Event kinds and the action names a
program passes to ``act()`` stay English identifiers; only what a learner reads is
translated.
"""

import re

import pytest

pytest.importorskip("babel")

from sette_kit.cards import card_in_text, parse_cards
from sette_kit.errors import IllegalMove, SetteKitError
from sette_kit.game import Table
from sette_kit.i18n import get_language, language
from sette_kit.rules import as_rules
from sette_kit.scoring import outcome, score
from sette_kit.trentuno import (
    ThresholdKnocker,
    TrentunoGame,
    TrentunoRules,
    draw_odds,
    explain,
    greedy,
)

ENGLISH = {"the", "and", "you", "your", "card", "cards", "bank", "player", "stand",
           "bust", "round", "wins", "with", "hand", "points"}
LANGS = ("it", "es")


def english_words(text: str) -> set:
    """The words of ENGLISH in ``text``, whole words only (``new_round()`` is one word)."""
    return {w for w in re.findall(r"\w+", text) if w.lower() in ENGLISH}


def assert_no_english(texts, where: str) -> None:
    bad = [(t, sorted(english_words(t))) for t in texts if english_words(t)]
    assert not bad, f"English words in {where}: {bad[:5]}"


@pytest.fixture(autouse=True)
def english_after():
    yield
    assert get_language() == "en", "a test left the kit in another language"


# ---------------------------------------------------------------------------------------
# Sette e mezzo: a scripted round and seeded bot rounds
# ---------------------------------------------------------------------------------------

SCRIPTED = {  # the module docstring's round of Table: Bruno stakes 4, hits, stands; the bank stands on 3½
    "it": ["Il primo banco tocca a Anna (per scelta, S7).",
           "Anna mescola un mazzo nuovo di 40 carte (S18).",
           "Mano 1: Anna tiene il banco; gioca Bruno.",
           "Bruno riceve una carta coperta.",
           "Bruno punta 4.",
           "Bruno sta, mostrando {c2s}.",
           "Il banco (Anna) sta con 3½.",
           "Anna tiene il banco; il mazzo continua con 36 carte rimaste (S18)."],
    "es": ["La primera banca le toca a Anna (por elección, S7).",
           "Anna mezcla una baraja nueva de 40 cartas (S18).",
           "Ronda 1: Anna lleva la banca; juega Bruno.",
           "Bruno recibe una carta boca abajo.",
           "Bruno apuesta 4.",
           "Bruno se planta enseñando {c2s}.",
           "La banca (Anna) se planta con 3½.",
           "Anna conserva la banca; la baraja sigue con 36 cartas restantes (S18)."],
}


def scripted_round(lang):
    deck = parse_cards("5c 3d 2s Fc")  # read in English, before the language changes
    with language(lang):
        t = Table("plain", players=["Anna", "Bruno"], banker=0, seed=1, deck=deck)
        t.new_round()
        t.stake(4)
        t.hit()
        t.stand()
        t.hit()
        t.stand()
        c2s = card_in_text(deck[2], t.rules.face)  # the card as a sentence says it: 'il 2 di spade'
    return t, c2s


@pytest.mark.parametrize("lang", LANGS)
def test_scripted_round_reads_in_the_language(lang):
    t, c2s = scripted_round(lang)
    texts = [e.text for e in t.events]
    for line in SCRIPTED[lang]:
        assert line.format(c2s=c2s) in texts, (line, texts)
    assert [e.kind for e in t.events][:3] == ["banker_drawn", "new_deck", "round_started"]  # kinds stay English
    paid = [e for e in t.events if e.kind == "paid"]
    assert len(paid) == 1 and paid[0].data["amount"] == 4
    assert paid[0].text.endswith({"it": "Bruno vince 4.", "es": "Bruno gana 4."}[lang])
    assert t.bankrolls == (96, 104)


def test_english_round_is_unchanged():
    deck = parse_cards("5c 3d 2s Fc")
    t = Table("plain", players=["Anna", "Bruno"], banker=0, seed=1, deck=deck)
    t.new_round(); t.stake(4); t.hit(); t.stand(); t.hit(); t.stand()
    texts = [e.text for e in t.events]
    assert "Round 1: Anna holds the bank; Bruno plays." in texts
    assert "Bruno's 7 beats the bank's 3½. Bruno wins 4." in texts
    assert "Anna is the first banker (chosen, S7)." in texts


def bot_rounds(lang, preset, seed, rounds=40):
    with language(lang):
        t = Table(preset, players=["Anna", "Bruno", "Carla", "Dario"], seed=seed, bots="all")
        for __ in range(rounds):
            try:
                t.play_round()
            except IllegalMove:  # nobody can cover the minimum stake: the game is over
                break
    return t


def _own_text(e) -> str:
    """The event's text without scoring's sentence (the ``paid`` reason comes from
    sette_kit.scoring.outcome, translated with the scoring module)."""
    return e.text.replace(e.data["reason"], "") if e.kind == "paid" else e.text


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("preset,seed", [("plain", 11), ("italian", 5), ("spanish", 3)])
def test_bot_rounds_have_no_english(lang, preset, seed):
    t = bot_rounds(lang, preset, seed)
    kinds = {e.kind for e in t.events}
    assert {"round_started", "dealt", "staked", "stood", "paid"} <= kinds
    assert_no_english([_own_text(e) for e in t.events], f"{preset} events ({lang})")


def _scoring_translated(lang) -> bool:
    italian = as_rules("italian")
    english = outcome(score("6c", italian), score("5s 3d", italian), italian, who="Bruno").reason
    with language(lang):
        return outcome(score("6c", italian), score("5s 3d", italian), italian, who="Bruno").reason != english


@pytest.mark.parametrize("lang", LANGS)
def test_whole_round_texts_have_no_english(lang):
    """With sette_kit.scoring translated too (its own fragment), a whole round, payments
    included, has no English word."""
    assert _scoring_translated(lang), "sette_kit.scoring's outcome reasons are not translated"
    t = bot_rounds(lang, "italian", 5)
    assert_no_english([e.text for e in t.events], f"events ({lang})")


@pytest.mark.parametrize("lang", LANGS)
def test_many_seeds_cover_the_rarer_events(lang):
    """Busts, 7½, bank passing, reshuffles: the rarer event texts, over many seeded rounds."""
    kinds = set()
    for seed in range(6):
        t = bot_rounds(lang, "italian", seed, rounds=25)
        kinds |= {e.kind for e in t.events}
        assert_no_english([_own_text(e) for e in t.events], f"italian events ({lang}, seed {seed})")
    assert {"bust", "sette_e_mezzo", "bank_passed", "revealed"} <= kinds


# ---------------------------------------------------------------------------------------
# Errors for illegal moves and bad arguments
# ---------------------------------------------------------------------------------------

ILLEGAL = {
    "it": ["nessuna mano è in corso: chiama new_round() per distribuire la prossima",
           "stake amount=11 è fuori dai limiti: ammessi 1-10",
           "tocca a Bruno, non a Anna",
           "la mano 1 è ancora in corso (fase stake, tocca a Bruno)"],
    "es": ["no hay ninguna ronda en juego: llama a new_round() para repartir la siguiente",
           "stake amount=11 está fuera de los límites: se aceptan 1-10",
           "le toca a Bruno, no a Anna",
           "la ronda 1 todavía se está jugando (fase stake, le toca a Bruno)"],
}


@pytest.mark.parametrize("lang", LANGS)
def test_illegal_moves_are_explained_in_the_language(lang):
    t = Table("plain", ["Anna", "Bruno"], banker=0, seed=3)
    before = t.to_json()
    messages = []
    with language(lang):
        with pytest.raises(IllegalMove) as exc:
            t.act("hit")
        messages.append(str(exc.value))
        assert t.to_json() == before  # an illegal move changes nothing
        t.new_round()
        with pytest.raises(IllegalMove) as exc:
            t.act("stake", amount=11)
        messages.append(str(exc.value))
        with pytest.raises(IllegalMove) as exc:
            t.act("stake", seat="Anna")
        messages.append(str(exc.value))
        with pytest.raises(IllegalMove) as exc:
            t.new_round()
        messages.append(str(exc.value))
    assert messages == ILLEGAL[lang]
    assert_no_english(messages, f"illegal-move errors ({lang})")


@pytest.mark.parametrize("lang", LANGS)
def test_bad_arguments_are_explained_in_the_language(lang):
    calls = [lambda: Table("plain", 1), lambda: Table("plain", ["A", "B"], bankrolls=[1]),
             lambda: Table("plain", ["A", "B"], min_stake=5, max_stake=2), lambda: Table("plain", ["A", "B"]).view("Zed"),
             lambda: TrentunoRules(lives=0), lambda: TrentunoRules().replace(colour=1),
             lambda: TrentunoGame(["A"]), lambda: draw_odds(two, None)]
    two = parse_cards("Asso di coppe, 5 di coppe")
    messages = []
    with language(lang):
        for call in calls:
            with pytest.raises(SetteKitError) as exc:
                call()
            messages.append(str(exc.value))
    assert_no_english(messages, f"argument errors ({lang})")
    assert messages[0] == {"it": "a un tavolo siedono da 2 a 12 giocatori, banco compreso (S7); ricevuti 1",
                           "es": "en una mesa se sientan de 2 a 12 jugadores, banca incluida (S7); recibidos 1"}[lang]


# ---------------------------------------------------------------------------------------
# Trentuno: a seeded game, its rules, knocking, scores and odds
# ---------------------------------------------------------------------------------------

def trentuno_game(lang, seed=2):
    with language(lang):
        g = TrentunoGame(["Ada", "Bruno", "Carla"], seed=seed,
                         bots={0: greedy, 1: ThresholdKnocker(), 2: ThresholdKnocker(28)})
        g.play_game()
    return g


KNOCK_WORD = {"it": "bussa", "es": "toca"}
LIVES_WORD = {"it": "vite", "es": "vidas"}


@pytest.mark.parametrize("lang", LANGS)
def test_trentuno_game_reads_in_the_language(lang):
    g = trentuno_game(lang)
    kinds = {e.kind for e in g.events}
    assert {"cut_for_dealer", "deal", "draw_stock", "discard", "knock", "showdown", "lowest", "lose_life",
            "game_over"} <= kinds
    assert_no_english([e.text for e in g.events], f"Trentuno events ({lang})")
    knocks = [e.text for e in g.events if e.kind == "knock"]
    assert knocks and all(f" {KNOCK_WORD[lang]} con " in t for t in knocks)
    assert LIVES_WORD[lang] in next(e.text for e in g.events if e.kind == "game_over")
    first = next(e.text for e in g.events if e.kind == "hand_over")
    assert first == {"it": "La mano 1 è finita.", "es": "La mano 1 ha terminado."}[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_trentuno_arranged_31_and_lives(lang):
    hands = [parse_cards("Asso di coppe, Re di coppe, 2 di spade"), parse_cards("7 di denari, 6 di denari, 5 di denari")]
    top, throw = parse_cards("Fante di coppe, 2 di spade")  # cards read in English, before the language changes
    with language(lang):
        g = TrentunoGame.arranged(["Ada", "Bruno"], hands, discard=[top], turns_played=2)
        g.act("take_discard")
        g.act("discard", card=throw)
    texts = [e.text for e in g.events[-4:]]
    assert texts == {
        "it": ["Ada fa 31 e lo mostra subito: la mano finisce (T7).", "Mani scoperte: Ada 31; Bruno 18.",
               "Bruno perde 1 vita, che va nel piatto (ne restano 2, piatto 1).", "La mano 1 è finita."],
        "es": ["Ada hace 31 y lo enseña enseguida: la mano termina (T7).", "Manos descubiertas: Ada 31; Bruno 18.",
               "Bruno pierde 1 vida, que va al bote (le quedan 2, bote 1).", "La mano 1 ha terminado."],
    }[lang]


@pytest.mark.parametrize("lang", LANGS)
def test_trentuno_knock_errors_and_rules(lang):
    g = TrentunoGame(["Ada", "Bruno", "Carla"], seed=7)
    with language(lang):
        with pytest.raises(IllegalMove) as exc:
            g.act("knock")
        rules = TrentunoRules().describe().splitlines()
        everyone = TrentunoRules(knock_last_round="everyone").describe().splitlines()[3]
    assert str(exc.value) == {
        "it": "Ora Carla non può bussare: nessuno può bussare nel primo giro (T6); ammesso ora: draw_stock, "
              "take_discard",
        "es": "Ahora Carla no puede tocar: nadie puede tocar en la primera vuelta (T6); se acepta ahora: draw_stock, "
              "take_discard"}[lang]
    assert rules[0] == {"it": "Ogni giocatore parte con 3 vite (T3).", "es": "Cada jugador empieza con 3 vidas (T3)."}[lang]
    assert everyone.startswith({"it": "Puoi bussare con 26 o più", "es": "Puedes tocar con 26 o más"}[lang])
    assert_no_english(rules + [everyone, str(exc.value)], f"Trentuno rules ({lang})")


@pytest.mark.parametrize("lang", LANGS)
def test_trentuno_scores_and_odds_explained(lang):
    hand = parse_cards("Asso di coppe, 5 di coppe, Re di spade")
    top = parse_cards("Re di coppe")[0]
    with language(lang):
        text = draw_odds(hand, top).explain()
        scored = explain(hand)
    lines = text.splitlines()
    assert lines[0].startswith({"it": "La tua mano ora vale 16 (", "es": "Tu mano vale ahora 16 ("}[lang])
    assert lines[-1] == {"it": "Meglio: prendi lo scarto (26 > 17,56).", "es": "Mejor: coge el descarte (26 > 17,56)."}[lang]
    assert scored.splitlines()[-1] == {"it": "Si sommano solo le carte dello stesso seme: la mano vale 16.",
                                       "es": "Solo se suman las cartas del mismo palo: la mano vale 16."}[lang]
    assert_no_english(lines + scored.splitlines(), f"Trentuno explanations ({lang})")
