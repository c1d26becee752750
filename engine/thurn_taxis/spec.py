"""Thurn und Taxis: the lobby's view of the game (names, seats, options)."""

from engine.registry import GameSpec, Option

_RECON = {
    "nl": "De noordelijke kaart is een reconstructie: van het origineel (Glanz und Gloria) zijn "
          "alleen enkele steden, de rijkssteden en het tweedelige Pruisen bekend; de overige "
          "steden, landen, wegen, bonuswaarden en hoefijzers zijn door ons aangevuld naar de "
          "historische geografie rond 1800.",
    "en": "The northern map is a reconstruction: of the original (Power and Glory) only some "
          "cities, the free imperial cities and the two-part Prussia are known; the other "
          "cities, countries, roads, bonus values and horseshoes were filled in by us from the "
          "historical geography around 1800.",
    "de": "Die Nordkarte ist eine Rekonstruktion: vom Original (Glanz und Gloria) sind nur "
          "einige Städte, die Reichsstädte und das zweigeteilte Preußen bekannt; die übrigen "
          "Städte, Länder, Straßen, Bonuswerte und Hufeisen haben wir nach der historischen "
          "Geografie um 1800 ergänzt.",
}

SPEC = GameSpec(
    id="thurn_taxis",
    names={"nl": "Thurn und Taxis", "en": "Thurn and Taxis", "de": "Thurn und Taxis"},
    min_seats=2,
    max_seats=4,
    options=(
        Option(
            "map", default="south", values=("south", "north"),
            names={"nl": "Kaart", "en": "Map", "de": "Karte"},
            value_names={
                "south": {"nl": "Zuid-Duitsland (origineel)", "en": "Southern Germany (original)",
                          "de": "Süddeutschland (Original)"},
                "north": {"nl": "Noord-Duitsland (reconstructie)", "en": "Northern Germany (reconstruction)",
                          "de": "Norddeutschland (Rekonstruktion)"},
            },
            value_help={"north": _RECON},  # said once, and only with the northern map
        ),
        Option(
            "horses", default=False, kind="bool",
            names={"nl": "Paarden (alleen noordelijke kaart)", "en": "Horses (northern map only)",
                   "de": "Pferde (nur Nordkarte)"},
            help={
                "nl": "Kaarten mogen ook als paarden aan de postkoets; een route scoort alleen met "
                      "genoeg paarden. Geen wagenmaker en geen koetsen. Alleen met de noordelijke kaart.",
                "en": "Cards may also go to the carriage as horses; a route scores only with enough "
                      "horses. No Wagner and no carriage cards. Northern map only.",
                "de": "Karten dürfen auch als Pferde an die Kutsche; eine Strecke wertet nur mit "
                      "genug Pferden. Kein Wagner, keine Kutschen. Nur mit der Nordkarte.",
            },
            requires={"map": ("north",)},
        ),
        Option(
            "all_countries", default="every", values=("every", "except_big"),
            names={"nl": "Bonus 'alle landen'", "en": "'All countries' bonus",
                   "de": "Bonus 'Alle Länder'"},
            value_names={
                "every": {"nl": "een post in elk land", "en": "a house in every country",
                          "de": "ein Haus in jedem Land"},
                "except_big": {"nl": "elk land behalve Baiern/Preußen (uitgever)",
                               "en": "every country except Baiern/Preußen (publisher)",
                               "de": "jedes Land außer Baiern/Preußen (Verlag)"},
            },
        ),
        Option(
            "abandon", default="any", values=("any", "forced"),
            names={"nl": "Route afbreken", "en": "Abandoning a route", "de": "Strecke abbrechen"},
            value_names={
                "any": {"nl": "altijd mag (ook vrijwillig)", "en": "always allowed (also by choice)",
                        "de": "immer erlaubt (auch freiwillig)"},
                "forced": {"nl": "alleen als geen kaart past", "en": "only when no card fits",
                           "de": "nur wenn keine Karte passt"},
            },
        ),
        Option(
            "fewer_houses", default=False, kind="bool",
            names={"nl": "Minder posten plaatsen mag", "en": "Placing fewer houses allowed",
                   "de": "Weniger Häuser bauen erlaubt"},
            help={"nl": "Bij het scoren mag je steden overslaan (zoals online: steden wegklikken).",
                  "en": "When scoring you may leave cities out (as online: click cities away).",
                  "de": "Beim Werten darfst du Städte auslassen (wie online: Städte wegklicken)."},
        ),
        Option(
            "free_city_with_country", default=False, kind="bool",
            names={"nl": "Rijksstad ook bij 'alle steden van één land' (noord)",
                   "en": "Free city also with 'every city of one country' (north)",
                   "de": "Reichsstadt auch bei 'alle Städte eines Landes' (Nord)"},
            requires={"map": ("north",)},
        ),
        Option(
            "horses_stay", default=True, kind="bool",
            names={"nl": "Paarden blijven bij afbreken van een route",
                   "en": "Horses stay when a route is abandoned",
                   "de": "Pferde bleiben beim Abbrechen einer Strecke"},
            requires={"horses": (True,)},
        ),
    ),
)
