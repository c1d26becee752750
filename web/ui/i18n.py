"""Words of the table in Dutch, English and German.

Frame words live here; each game's words (log entries, prompts, card names)
live in `words.json` in its screen package (ui/screens/<game>/), in the
format described in docs/engine-conventions.md.  Engine log entries are data; this module turns
them into sentences.
"""

from __future__ import annotations

import json
import re

LANGS = ("nl", "en", "de")
LANG_NAMES = {"nl": "Nederlands", "en": "English", "de": "Deutsch"}

FRAME = {
    "nl": {
        "app.title": "Speeltafel",
        "app.tagline": "Bordspellen aan één tafel, ook zonder internet.",
        "lobby.heading": "Nieuw spel",
        "lobby.game": "Spel",
        "lobby.seats": "Aantal spelers",
        "lobby.players": "Spelers",
        "lobby.seat": "Plaats {n}",
        "lobby.name": "Naam",
        "lobby.kind": "Speler",
        "lobby.human": "Mens",
        "lobby.bot": "Computer ({level})",
        "lobby.options": "Opties",
        "lobby.no_options": "Dit spel heeft geen opties.",
        "lobby.start": "Spel starten",
        "lobby.language": "Taal",
        "lobby.players_range": "{min}–{max} spelers",
        "lobby.default_name": "Speler {n}",
        "lobby.bot_name": "Bot {n}",
        "lobby.ready": "De speeltafel is klaar.",
        "lobby.name_missing": "Geef elke speler een naam.",
        "lobby.subset_min": "Kies er minstens {n}.",
        "level.random": "makkelijk",
        "level.greedy": "gemiddeld",
        "level.basic": "gemiddeld",
        "level.strong": "moeilijk",
        "level.expert": "expert",
        "levelhelp.random": "Makkelijk: speelt zomaar een toegestane zet.",
        "levelhelp.greedy": "Gemiddeld: neemt wat nu het meeste oplevert, zonder plan.",
        "levelhelp.basic": "Gemiddeld: gaat alleen op zekerheden af en claimt pas als het zeker is.",
        "levelhelp.strong": "Moeilijk: plant vooruit met goede vuistregels en zet meteen.",
        "levelhelp.expert": "Expert: probeert bij elke zet veel mogelijke vervolgen uit (denkt tot een seconde).",
        "saves.heading": "Opgeslagen spellen",
        "saves.none": "Nog geen opgeslagen spellen.",
        "saves.resume": "Verder spelen",
        "saves.view": "Bekijken",
        "saves.delete": "Verwijderen",
        "saves.export": "Exporteren",
        "saves.import": "Spel importeren (.json)",
        "saves.moves": "{n} zetten",
        "saves.over": "afgelopen",
        "saves.last": "laatst gespeeld {when}",
        "saves.damaged": "Beschadigd of onbekend opgeslagen spel",
        "saves.damaged_hint": "Het blijft bewaard zoals het is; je kunt het exporteren of verwijderen.",
        "saves.confirm_delete": "Dit opgeslagen spel verwijderen?",
        "saves.imported": "Spel geïmporteerd.",
        "saves.import_failed": "Dit bestand is geen geldig opgeslagen spel: {why}",
        "saves.quota": "Het geheugen van de browser is vol: de laatste zet is niet opgeslagen. "
                       "De vorige opslag is bewaard. Verwijder oude spellen om ruimte te maken.",
        "saves.failed": "Opslaan lukte niet. De vorige opslag is bewaard.",
        "saves.missing": "Dit opgeslagen spel bestaat niet meer (misschien in een ander tabblad verwijderd).",
        "saves.import_quota": "Het geheugen van de browser is vol: het spel is niet geïmporteerd. Verwijder oude spellen om ruimte te maken.",
        "lobby.bad_options": "Deze opties passen niet bij elkaar; kies ze opnieuw.",
        "saves.damaged_why": "Wat er mis is: {why}.",
        "saves.set_aside": "Apart gezet: dit spel kon niet verder",
        "saves.resume_failed": "Dit spel kan niet verder gespeeld worden: {why}. Het blijft bewaard; je kunt het exporteren of verwijderen.",
        "saves.import_unreadable": "Het bestand kon niet gelezen worden.",
        "saves.copied": "Jouw versie is als apart spel bewaard.",
        "boot.set_aside": "Het spel dat bezig was kon niet verder: {why}. Het is apart gezet en blijft bewaard in de lijst hieronder.",
        "boot.current_missing": "Het spel dat bezig was staat niet meer in de opslag van deze browser.",
        "boot.damaged": "Beschadigde opgeslagen spellen: {n}. Ze blijven bewaard zoals ze zijn en staan in de lijst hieronder.",
        "boot.prefs_reset": "Sommige instellingen waren onleesbaar en staan weer op de standaardwaarde.",
        "boot.no_storage": "Deze browser laat de speeltafel niets bewaren: spellen gaan verloren als je de pagina sluit.",
        "boot.failed_partly": "Er ging iets mis bij het openen; de opgeslagen spellen zijn niet aangeraakt.",
        "tabs.conflict": "Dit spel is in een ander tabblad verder gespeeld. Dit tabblad slaat niets meer op, zodat geen zet verloren gaat.",
        "tabs.reload": "Stand van het andere tabblad laden",
        "tabs.copy": "Mijn versie als kopie bewaren",
        "saveerr.not_text": "het is geen tekst",
        "saveerr.too_big": "het is te groot voor een opgeslagen spel",
        "saveerr.too_deep": "de gegevens zijn veel te diep genest",
        "saveerr.not_json": "het is geen leesbaar JSON-bestand",
        "saveerr.not_finite": "er staat een ongeldig getal in (NaN of oneindig)",
        "saveerr.not_a_save": "het is geen opgeslagen spel van de speeltafel",
        "saveerr.version": "het komt van een andere versie van de speeltafel",
        "saveerr.unknown_game": "deze speeltafel kent dat spel niet",
        "saveerr.bad_seats": "het aantal spelers klopt niet",
        "saveerr.bad_options": "de spelopties kloppen niet",
        "saveerr.bad_seed": "het startgetal voor het schudden klopt niet",
        "saveerr.bad_actions": "de lijst met zetten klopt niet",
        "saveerr.bad_action": "zet {move} is onleesbaar",
        "saveerr.replay_failed": "zet {move} kan volgens de regels niet",
        "saveerr.bad_meta": "de gegevens van de tafel (spelers, notities, tijden) kloppen niet",
        "saveerr.bad_players": "de gegevens van speler {seat} kloppen niet",
        "saveerr.damaged": "het is beschadigd",
        "table.turn": "{name} is aan zet",
        "table.turns": "Aan zet: {names}",
        "table.you": "jij",
        "table.waiting": "{name} denkt na…",
        "table.log": "Verloop",
        "table.nobody": "niemand",
        "table.undo": "Zet terugnemen",
        "table.menu": "Naar de lobby",
        "table.export": "Exporteren",
        "table.players": "Spelers",
        "table.turn_no": "beurt {n}",
        "table.over": "Het spel is afgelopen",
        "table.winner": "{names} wint!",
        "table.winners": "{names} winnen!",
        "table.score": "Score",
        "table.total": "Totaal",
        "table.back": "Terug naar de lobby",
        "table.show_board": "Bord bekijken",
        "table.show_result": "Uitslag",
        "table.illegal": "Dat mag niet: {why}",
        "table.no_screen": "Dit spel kan nog niet getoond worden.",
        "table.bot_error": "De computerspeler liep vast: {why}",
        "lobby.table": "Aan tafel",
        "lobby.hints": "Tips: “Wat zou de sterke computer doen?”",
        "lobby.hints_help": "Uit: niemand aan tafel kan in dit spel om een tip vragen.",
        "hint.ask": "Tip",
        "hint.ask_long": "Wat zou de sterke computer doen?",
        "hint.thinking": "De sterke computer denkt na…",
        "hint.says": "De sterke computer zou kiezen: {what}.",
        "hint.close": "Tip sluiten",
        "rules.about": "Spelregels: {name}",
        "rules.open": "Spelregels",
        "rules.title": "Spelregels: {game}",
        "rules.close": "Sluiten",
        "rules.contents": "Inhoud van de spelregels",
        "rules.how": "Zo speel je",
        "rules.failed": "De spelregels konden niet geladen worden.",
        "rules.loading": "De spelregels worden geladen…",
        "handoff.title": "Geef het apparaat aan {name}",
        "handoff.body": "Wat nu volgt is alleen voor {name}. Anderen kijken even weg.",
        "handoff.ready": "Ik ben {name}",
        "handoff.back": "Toch niet: terug naar de tafel",
        "window.heading": "Wil iemand iets spelen?",
        "window.generic": "Iedereen die nu gevraagd wordt, mag iets doen.",
        "window.intro_public": "Iedereen ziet dit scherm. Antwoord hier hardop, of neem eerst het apparaat om je kaarten te bekijken.",
        "window.intro": "Iedereen ziet dit scherm. Wie iets wil spelen, tikt op zijn naam en krijgt het apparaat; "
                        "wie niets speelt, hoeft niets te doen.",
        "window.forward": "{name}: ik speel iets",
        "window.nobody": "Niemand",
        "window.nobody_hint": "Past voor {names}.",
        "window.forward_note": "{name}, je bent naar voren gestapt. Speel iets, of ga terug zonder iets te doen.",
        "window.back": "Terug: nu niets spelen",
        "loading.game": "Spel wordt geladen…",
        "loading.resuming": "Het spel wordt hervat…",
        "loading.start_queued": "Het spel begint zodra de speeltafel klaar is…",
        "loading.saves": "Worden geladen…",
        "time.just_now": "zojuist",
        "time.minutes": "{n} min geleden",
        "time.hours": "{n} uur geleden",
        "time.days": "{n} dagen geleden",
        "illegal.over": "het spel is afgelopen.",
        "illegal.no_seat": "die plaats bestaat niet.",
        "illegal.not_your_turn": "je bent nu niet aan de beurt.",
        "illegal.unknown_move": "dit spel kent die zet niet.",
        "illegal.not_allowed": "die zet mag nu niet.",
        "illegal.nobody": "er zit niemand aan tafel om deze zet te doen.",
    },
    "en": {
        "app.title": "Speeltafel",
        "app.tagline": "Board games around one table, even offline.",
        "lobby.heading": "New game",
        "lobby.game": "Game",
        "lobby.seats": "Number of players",
        "lobby.players": "Players",
        "lobby.seat": "Seat {n}",
        "lobby.name": "Name",
        "lobby.kind": "Player",
        "lobby.human": "Human",
        "lobby.bot": "Computer ({level})",
        "lobby.options": "Options",
        "lobby.no_options": "This game has no options.",
        "lobby.start": "Start game",
        "lobby.language": "Language",
        "lobby.players_range": "{min}–{max} players",
        "lobby.default_name": "Player {n}",
        "lobby.bot_name": "Bot {n}",
        "lobby.ready": "The table is ready.",
        "lobby.name_missing": "Give every player a name.",
        "lobby.subset_min": "Choose at least {n}.",
        "level.random": "easy",
        "level.greedy": "medium",
        "level.basic": "medium",
        "level.strong": "hard",
        "level.expert": "expert",
        "levelhelp.random": "Easy: plays any allowed move, at random.",
        "levelhelp.greedy": "Medium: takes what pays most right now, without a plan.",
        "levelhelp.basic": "Medium: goes by hard facts only and claims only when sure.",
        "levelhelp.strong": "Hard: plans ahead with good rules of thumb and moves at once.",
        "levelhelp.expert": "Expert: tries out many possible futures for every move (thinks up to a second).",
        "saves.heading": "Saved games",
        "saves.none": "No saved games yet.",
        "saves.resume": "Resume",
        "saves.view": "View",
        "saves.delete": "Delete",
        "saves.export": "Export",
        "saves.import": "Import a game (.json)",
        "saves.moves": "{n} moves",
        "saves.over": "finished",
        "saves.last": "last played {when}",
        "saves.damaged": "Damaged or unknown saved game",
        "saves.damaged_hint": "It is kept as it is; you can export or delete it.",
        "saves.confirm_delete": "Delete this saved game?",
        "saves.imported": "Game imported.",
        "saves.import_failed": "This file is not a valid saved game: {why}",
        "saves.quota": "The browser's storage is full: the last move was not saved. "
                       "The previous save is kept. Delete old games to make room.",
        "saves.failed": "Saving failed. The previous save is kept.",
        "saves.missing": "This saved game no longer exists (perhaps deleted in another tab).",
        "saves.import_quota": "The browser's storage is full: the game was not imported. Delete old games to make room.",
        "lobby.bad_options": "These options do not go together; choose them again.",
        "saves.damaged_why": "What is wrong: {why}.",
        "saves.set_aside": "Set aside: this game could not go on",
        "saves.resume_failed": "This game cannot go on: {why}. It is kept; you can export or delete it.",
        "saves.import_unreadable": "The file could not be read.",
        "saves.copied": "Your version is saved as a separate game.",
        "boot.set_aside": "The game in progress could not go on: {why}. It is set aside and kept in the list below.",
        "boot.current_missing": "The game in progress is no longer in this browser's storage.",
        "boot.damaged": "Damaged saved games: {n}. They are kept as they are and listed below.",
        "boot.prefs_reset": "Some settings could not be read and are back to their defaults.",
        "boot.no_storage": "This browser does not let the table keep anything: games are lost when the page is closed.",
        "boot.failed_partly": "Something went wrong while opening; the saved games were not touched.",
        "tabs.conflict": "This game was played on in another tab. This tab saves nothing more, so no move is lost.",
        "tabs.reload": "Load the other tab's position",
        "tabs.copy": "Keep my version as a copy",
        "saveerr.not_text": "it is not text",
        "saveerr.too_big": "it is too big for a saved game",
        "saveerr.too_deep": "its data is nested far too deep",
        "saveerr.not_json": "it is not a readable JSON file",
        "saveerr.not_finite": "it holds an invalid number (NaN or infinity)",
        "saveerr.not_a_save": "it is not a saved game of this table",
        "saveerr.version": "it comes from another version of the table",
        "saveerr.unknown_game": "this table does not know its game",
        "saveerr.bad_seats": "the number of players is wrong",
        "saveerr.bad_options": "the game options are wrong",
        "saveerr.bad_seed": "the number the shuffle starts from is wrong",
        "saveerr.bad_actions": "the list of moves is wrong",
        "saveerr.bad_action": "move {move} cannot be read",
        "saveerr.replay_failed": "move {move} is not allowed by the rules",
        "saveerr.bad_meta": "the table's data (players, notes, times) is wrong",
        "saveerr.bad_players": "the data of player {seat} is wrong",
        "saveerr.damaged": "it is damaged",
        "table.turn": "{name} to play",
        "table.turns": "To decide: {names}",
        "table.you": "you",
        "table.waiting": "{name} is thinking…",
        "table.log": "Log",
        "table.nobody": "nobody",
        "table.undo": "Undo move",
        "table.menu": "Back to lobby",
        "table.export": "Export",
        "table.players": "Players",
        "table.turn_no": "turn {n}",
        "table.over": "The game is over",
        "table.winner": "{names} wins!",
        "table.winners": "{names} win!",
        "table.score": "Score",
        "table.total": "Total",
        "table.back": "Back to the lobby",
        "table.show_board": "Show the board",
        "table.show_result": "Result",
        "table.illegal": "Not allowed: {why}",
        "table.no_screen": "This game cannot be shown yet.",
        "table.bot_error": "The computer player got stuck: {why}",
        "lobby.table": "At the table",
        "lobby.hints": "Hints: “What would the strong bot do?”",
        "lobby.hints_help": "Off: nobody at the table can ask for a hint in this game.",
        "hint.ask": "Hint",
        "hint.ask_long": "What would the strong bot do?",
        "hint.thinking": "The strong bot is thinking…",
        "hint.says": "The strong bot would choose: {what}.",
        "hint.close": "Close the hint",
        "rules.about": "Rules: {name}",
        "rules.open": "Rules",
        "rules.title": "Rules: {game}",
        "rules.close": "Close",
        "rules.contents": "Contents of the rules",
        "rules.how": "How to play",
        "rules.failed": "The rules could not be loaded.",
        "rules.loading": "Loading the rules…",
        "handoff.title": "Hand the device to {name}",
        "handoff.body": "What follows is for {name} only. Everyone else, look away.",
        "handoff.ready": "I am {name}",
        "handoff.back": "Not now: back to the table",
        "window.heading": "Anyone playing something?",
        "window.generic": "Everyone asked now may do something.",
        "window.intro_public": "Everyone sees this screen. Answer out loud here, or take the device to look at your cards first.",
        "window.intro": "Everyone sees this screen. Whoever wants to play something taps their name and gets "
                        "the device; whoever plays nothing need do nothing.",
        "window.forward": "{name}: I'll play something",
        "window.nobody": "Nobody",
        "window.nobody_hint": "Passes for {names}.",
        "window.forward_note": "{name}, you stepped forward. Play something, or go back without doing anything.",
        "window.back": "Back: play nothing now",
        "loading.game": "Loading the game…",
        "loading.resuming": "Resuming the game…",
        "loading.start_queued": "The game starts as soon as the table is ready…",
        "loading.saves": "Loading…",
        "time.just_now": "just now",
        "time.minutes": "{n} min ago",
        "time.hours": "{n} h ago",
        "time.days": "{n} days ago",
        "illegal.over": "the game is over.",
        "illegal.no_seat": "there is no such seat.",
        "illegal.not_your_turn": "it is not your turn to decide now.",
        "illegal.unknown_move": "this game does not know that move.",
        "illegal.not_allowed": "that move is not allowed now.",
        "illegal.nobody": "nobody is at the table to make this move.",
    },
    "de": {
        "app.title": "Speeltafel",
        "app.tagline": "Brettspiele an einem Tisch, auch ohne Internet.",
        "lobby.heading": "Neues Spiel",
        "lobby.game": "Spiel",
        "lobby.seats": "Anzahl Spieler",
        "lobby.players": "Spieler",
        "lobby.seat": "Platz {n}",
        "lobby.name": "Name",
        "lobby.kind": "Spieler",
        "lobby.human": "Mensch",
        "lobby.bot": "Computer ({level})",
        "lobby.options": "Optionen",
        "lobby.no_options": "Dieses Spiel hat keine Optionen.",
        "lobby.start": "Spiel starten",
        "lobby.language": "Sprache",
        "lobby.players_range": "{min}–{max} Spieler",
        "lobby.default_name": "Spieler {n}",
        "lobby.bot_name": "Bot {n}",
        "lobby.ready": "Der Spieltisch ist bereit.",
        "lobby.name_missing": "Gib jedem Spieler einen Namen.",
        "lobby.subset_min": "Wähle mindestens {n}.",
        "level.random": "leicht",
        "level.greedy": "mittel",
        "level.basic": "mittel",
        "level.strong": "schwer",
        "level.expert": "Experte",
        "levelhelp.random": "Leicht: spielt irgendeinen erlaubten Zug.",
        "levelhelp.greedy": "Mittel: nimmt, was gerade am meisten bringt, ohne Plan.",
        "levelhelp.basic": "Mittel: geht nur nach Sicherem und meldet den Sieg erst, wenn er sicher ist.",
        "levelhelp.strong": "Schwer: plant voraus mit guten Faustregeln und zieht sofort.",
        "levelhelp.expert": "Experte: probiert bei jedem Zug viele mögliche Fortsetzungen aus (denkt bis zu einer Sekunde).",
        "saves.heading": "Gespeicherte Spiele",
        "saves.none": "Noch keine gespeicherten Spiele.",
        "saves.resume": "Weiterspielen",
        "saves.view": "Ansehen",
        "saves.delete": "Löschen",
        "saves.export": "Exportieren",
        "saves.import": "Spiel importieren (.json)",
        "saves.moves": "{n} Züge",
        "saves.over": "beendet",
        "saves.last": "zuletzt gespielt {when}",
        "saves.damaged": "Beschädigtes oder unbekanntes Spiel",
        "saves.damaged_hint": "Es bleibt unverändert erhalten; du kannst es exportieren oder löschen.",
        "saves.confirm_delete": "Dieses gespeicherte Spiel löschen?",
        "saves.imported": "Spiel importiert.",
        "saves.import_failed": "Diese Datei ist kein gültiges gespeichertes Spiel: {why}",
        "saves.quota": "Der Speicher des Browsers ist voll: der letzte Zug wurde nicht gespeichert. "
                       "Der vorherige Spielstand bleibt erhalten. Lösche alte Spiele, um Platz zu schaffen.",
        "saves.failed": "Speichern fehlgeschlagen. Der vorherige Spielstand bleibt erhalten.",
        "saves.missing": "Dieses gespeicherte Spiel gibt es nicht mehr (vielleicht in einem anderen Tab gelöscht).",
        "saves.import_quota": "Der Speicher des Browsers ist voll: das Spiel wurde nicht importiert. Lösche alte Spiele, um Platz zu schaffen.",
        "lobby.bad_options": "Diese Optionen passen nicht zusammen; wähle sie neu.",
        "saves.damaged_why": "Was nicht stimmt: {why}.",
        "saves.set_aside": "Beiseitegelegt: dieses Spiel konnte nicht weitergehen",
        "saves.resume_failed": "Dieses Spiel kann nicht weitergehen: {why}. Es bleibt erhalten; du kannst es exportieren oder löschen.",
        "saves.import_unreadable": "Die Datei konnte nicht gelesen werden.",
        "saves.copied": "Deine Version ist als eigenes Spiel gespeichert.",
        "boot.set_aside": "Das laufende Spiel konnte nicht weitergehen: {why}. Es ist beiseitegelegt und bleibt in der Liste unten erhalten.",
        "boot.current_missing": "Das laufende Spiel ist nicht mehr im Speicher dieses Browsers.",
        "boot.damaged": "Beschädigte gespeicherte Spiele: {n}. Sie bleiben unverändert erhalten und stehen in der Liste unten.",
        "boot.prefs_reset": "Einige Einstellungen waren nicht lesbar und stehen wieder auf dem Standard.",
        "boot.no_storage": "Dieser Browser lässt den Spieltisch nichts speichern: Spiele gehen verloren, wenn die Seite geschlossen wird.",
        "boot.failed_partly": "Beim Öffnen ging etwas schief; die gespeicherten Spiele wurden nicht angerührt.",
        "tabs.conflict": "Dieses Spiel wurde in einem anderen Tab weitergespielt. Dieser Tab speichert nichts mehr, damit kein Zug verloren geht.",
        "tabs.reload": "Stand des anderen Tabs laden",
        "tabs.copy": "Meine Version als Kopie behalten",
        "saveerr.not_text": "es ist kein Text",
        "saveerr.too_big": "es ist zu groß für ein gespeichertes Spiel",
        "saveerr.too_deep": "die Daten sind viel zu tief verschachtelt",
        "saveerr.not_json": "es ist keine lesbare JSON-Datei",
        "saveerr.not_finite": "es enthält eine ungültige Zahl (NaN oder unendlich)",
        "saveerr.not_a_save": "es ist kein gespeichertes Spiel dieses Spieltischs",
        "saveerr.version": "es stammt von einer anderen Version des Spieltischs",
        "saveerr.unknown_game": "dieser Spieltisch kennt das Spiel nicht",
        "saveerr.bad_seats": "die Spielerzahl stimmt nicht",
        "saveerr.bad_options": "die Spieloptionen stimmen nicht",
        "saveerr.bad_seed": "die Startzahl für das Mischen stimmt nicht",
        "saveerr.bad_actions": "die Liste der Züge stimmt nicht",
        "saveerr.bad_action": "Zug {move} ist nicht lesbar",
        "saveerr.replay_failed": "Zug {move} ist nach den Regeln nicht möglich",
        "saveerr.bad_meta": "die Daten des Tischs (Spieler, Notizen, Zeiten) stimmen nicht",
        "saveerr.bad_players": "die Daten von Spieler {seat} stimmen nicht",
        "saveerr.damaged": "es ist beschädigt",
        "table.turn": "{name} ist am Zug",
        "table.turns": "Am Zug: {names}",
        "table.you": "du",
        "table.waiting": "{name} denkt nach…",
        "table.log": "Verlauf",
        "table.nobody": "niemand",
        "table.undo": "Zug zurücknehmen",
        "table.menu": "Zur Lobby",
        "table.export": "Exportieren",
        "table.players": "Spieler",
        "table.turn_no": "Runde {n}",
        "table.over": "Das Spiel ist vorbei",
        "table.winner": "{names} gewinnt!",
        "table.winners": "{names} gewinnen!",
        "table.score": "Punkte",
        "table.total": "Summe",
        "table.back": "Zurück zur Lobby",
        "table.show_board": "Spielplan ansehen",
        "table.show_result": "Ergebnis",
        "table.illegal": "Nicht erlaubt: {why}",
        "table.no_screen": "Dieses Spiel kann noch nicht angezeigt werden.",
        "table.bot_error": "Der Computerspieler kam nicht weiter: {why}",
        "lobby.table": "Am Tisch",
        "lobby.hints": "Tipps: „Was würde der starke Computer tun?“",
        "lobby.hints_help": "Aus: niemand am Tisch kann in diesem Spiel um einen Tipp bitten.",
        "hint.ask": "Tipp",
        "hint.ask_long": "Was würde der starke Computer tun?",
        "hint.thinking": "Der starke Computer denkt nach…",
        "hint.says": "Der starke Computer würde wählen: {what}.",
        "hint.close": "Tipp schließen",
        "rules.about": "Regeln: {name}",
        "rules.open": "Regeln",
        "rules.title": "Regeln: {game}",
        "rules.close": "Schließen",
        "rules.contents": "Inhalt der Regeln",
        "rules.how": "So wird gespielt",
        "rules.failed": "Die Regeln konnten nicht geladen werden.",
        "rules.loading": "Die Regeln werden geladen…",
        "handoff.title": "Gib das Gerät an {name}",
        "handoff.body": "Was jetzt kommt, ist nur für {name}. Alle anderen schauen kurz weg.",
        "handoff.ready": "Ich bin {name}",
        "handoff.back": "Doch nicht: zurück zum Tisch",
        "window.heading": "Will jemand etwas spielen?",
        "window.generic": "Alle, die jetzt gefragt sind, dürfen etwas tun.",
        "window.intro_public": "Alle sehen diesen Bildschirm. Antworte hier laut oder nimm zuerst das Gerät, um in deine Karten zu schauen.",
        "window.intro": "Alle sehen diesen Bildschirm. Wer etwas spielen will, tippt auf seinen Namen und "
                        "bekommt das Gerät; wer nichts spielt, muss nichts tun.",
        "window.forward": "{name}: Ich spiele etwas",
        "window.nobody": "Niemand",
        "window.nobody_hint": "Passt für {names}.",
        "window.forward_note": "{name}, du bist vorgetreten. Spiel etwas oder geh zurück, ohne etwas zu tun.",
        "window.back": "Zurück: jetzt nichts spielen",
        "loading.game": "Spiel wird geladen…",
        "loading.resuming": "Das Spiel wird fortgesetzt…",
        "loading.start_queued": "Das Spiel beginnt, sobald der Spieltisch bereit ist…",
        "loading.saves": "Werden geladen…",
        "time.just_now": "gerade eben",
        "time.minutes": "vor {n} Min.",
        "time.hours": "vor {n} Std.",
        "time.days": "vor {n} Tagen",
        "illegal.over": "das Spiel ist vorbei.",
        "illegal.no_seat": "diesen Platz gibt es nicht.",
        "illegal.not_your_turn": "du bist jetzt nicht am Zug.",
        "illegal.unknown_move": "dieses Spiel kennt den Zug nicht.",
        "illegal.not_allowed": "dieser Zug ist jetzt nicht erlaubt.",
        "illegal.nobody": "niemand sitzt am Tisch, um diesen Zug zu machen.",
    },
}

_PLACEHOLDER = re.compile(r"\{(\w+)(?::(\w+))?\}")
# "{n|kaart|kaarten}" -> "1 kaart" / "3 kaarten": a count with its noun
_COUNT = re.compile(r"\{(\w+)\|([^|{}]*)\|([^|{}]*)\}")


def pick_lang(preferred: str | None, browser: str | None) -> str:
    for candidate in (preferred, (browser or "")[:2].lower()):
        if candidate in LANGS:
            return candidate
    return "en"


def game_strings(game_id: str) -> dict:
    """The game's strings file, or empty tables when it has none yet."""
    from .screens import words_path

    path = words_path(game_id)
    if path is None:
        return {}
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


class Words:
    """Translate frame keys and game entries into one language."""

    def __init__(self, lang: str, game_id: str | None = None, player_name=None):
        self.lang = lang if lang in LANGS else "en"
        self.game_id = game_id
        self.game = game_strings(game_id).get(self.lang, {}) if game_id else {}
        self.player_name = player_name or (lambda seat: f"#{seat + 1}")
        self.missing: set = set()  # (section, key) asked for but not worded: tests check it stays empty

    def _lookup(self, section: str, key: str, table: dict, fallback):
        if key in table:
            return table[key]
        self.missing.add((section, key))
        return fallback

    def t(self, key: str, _escape=None, **params) -> str:
        template = FRAME[self.lang].get(key) or self._lookup("frame", key, FRAME["en"], key)
        return self.fill(template, params, _escape)

    def name(self, ident) -> str:
        """A game id (card, country, ...) in this language."""
        return self._lookup("names", str(ident), self.game.get("names", {}), str(ident))

    def why(self, err) -> str:
        """Why a save could not be read (an engine SaveError, worded here)."""
        key = f"saveerr.{getattr(err, 'key', 'damaged')}"
        if key not in FRAME["en"]:
            key = "saveerr.damaged"
        return self.t(key, **getattr(err, "params", {}))

    def ui(self, key: str, _escape=None, **params) -> str:
        """A game-specific interface word (`ui` section of the strings file)."""
        return self.fill(self._lookup("ui", key, self.game.get("ui", {}), key), params, _escape)

    def illegal(self, reason: dict | None) -> str:
        """Why a move was refused: the engine's reason key, worded by the
        game's strings ("illegal" section) or the frame's."""
        reason = dict(reason or {"k": "not_allowed"})
        key = str(reason.get("k"))
        template = self.game.get("illegal", {}).get(key)
        if template is None:
            template = FRAME[self.lang].get("illegal." + key) or FRAME[self.lang]["illegal.not_allowed"]
        return self.fill(template, reason)

    def level(self, level: str) -> str:
        key = f"level.{level}"
        if key in FRAME[self.lang]:
            return FRAME[self.lang][key]
        return self.game.get("ui", {}).get(key, level)

    def fill(self, template: str, params: dict, escape=None, link=None) -> str:
        """The template with its parameters put in.  With `escape` (the UI
        kit's), the template and every value put in are escaped once each
        (values that are HTML already stay as they are); with `link` too,
        a `{x:name}` goes through `link(ident, escaped name)`, which may make
        it a tappable name (the UI kit's `Say.entry`)."""
        esc = escape or str
        if escape:
            template = escape(template)

        def one(match):
            key, kind = match.group(1), match.group(2)
            if key not in params:
                self.missing.add(("param", key))
                return match.group(0)
            value = params[key]
            if kind == "player":
                seats = [v for v in _as_list(value) if v is not None]
                if not seats:
                    return esc(self.t("table.nobody"))
                return self._join([esc(self.player_name(v)) for v in seats])
            if kind == "name":
                names = [esc(self.name(v)) for v in _as_list(value)]
                if link and escape:
                    names = [link(v, n) for v, n in zip(_as_list(value), names)]
                return self._join(names)
            if isinstance(value, list):
                return self._join([esc(v) for v in value])
            return esc(value)

        def count(match):
            key, one_form, many_form = match.groups()
            if key not in params:
                self.missing.add(("param", key))
                return match.group(0)
            value = params[key]
            return f"{esc(value)} {one_form if value in (1, -1) else many_form}"

        return _PLACEHOLDER.sub(one, _COUNT.sub(count, template))

    def entry(self, entry: dict, escape=None, link=None) -> str:
        """One engine log entry as a sentence (`escape`, `link`: see fill)."""
        template = self.game.get("log", {}).get(entry.get("k", ""))
        if template is None:
            self.missing.add(("log", entry.get("k", "")))
            params = ", ".join(f"{k}={v}" for k, v in entry.items() if k not in ("k", "turn"))
            text = f"{entry.get('k', '?')}: {params}"
            return escape(text) if escape else text
        return self.fill(template, entry, escape, link)

    def prompt(self, prompt: dict | None, phase: str | None = None) -> str:
        if not prompt and not phase:
            return ""
        prompt = prompt or {"k": phase}
        key = prompt.get("k") or phase or ""
        template = self.game.get("phase", {}).get(key)
        if template is None:
            self.missing.add(("phase", key))
            return ""
        return self.fill(template, prompt)

    def _join(self, items: list[str]) -> str:
        if len(items) <= 1:
            return "".join(items)
        last = {"nl": " en ", "en": " and ", "de": " und "}[self.lang]
        return ", ".join(items[:-1]) + last + items[-1]


def _as_list(value):
    return value if isinstance(value, list) else [value]
