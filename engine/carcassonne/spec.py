from engine.registry import GameSpec, Option

SPEC = GameSpec(
    id="carcassonne",
    names={"nl": "Carcassonne – Het Rad van Fortuin", "en": "Carcassonne – Wheel of Fortune",
           "de": "Carcassonne – Das Schicksalsrad"},
    min_seats=2,
    max_seats=5,
    options=(
        Option(
            "start", default="wheel", values=("wheel", "classic"),
            names={"nl": "Start", "en": "Start", "de": "Start"},
            value_names={
                "wheel": {"nl": "Rad van fortuin (71 tegels)", "en": "Wheel of Fortune (71 tiles)",
                          "de": "Schicksalsrad (71 Karten)"},
                "classic": {"nl": "Klassiek (72 tegels, starttegel, geen rad)",
                            "en": "Classic (72 tiles, start tile, no wheel)",
                            "de": "Klassisch (72 Karten, Startkarte, kein Rad)"},
            },
        ),
        Option(
            "wheel_tiles", default="cell", values=("cell", "board"),
            names={"nl": "Land op het rad telt", "en": "Land on the wheel counts",
                   "de": "Land auf dem Rad zählt"},
            value_names={
                "cell": {"nl": "per tegelvak (16 vakken)", "en": "per tile square (16 squares)",
                         "de": "je Kartenfeld (16 Felder)"},
                "board": {"nl": "het hele rad als één tegel", "en": "the whole wheel as one tile",
                          "de": "das ganze Rad als eine Karte"},
            },
            help={"nl": "Hoeveel tegels een stad, weg of klooster-buur op het rad telt.",
                  "en": "How many tiles a city, road or monastery neighbour on the wheel counts.",
                  "de": "Wie viele Karten eine Stadt, Straße oder Klosternachbar auf dem Rad zählt."},
        ),
        Option(
            "pig_on_discard", default=False, kind="bool",
            names={"nl": "Varken loopt ook bij een onpasbare tegel",
                   "en": "Pig moves for an unplaceable tile too",
                   "de": "Schwein läuft auch bei unpassbarer Karte"},
        ),
    ),
    notes={"nl": "Rad-acties: Fortuna, Belasting, Hongersnood, Onweer, Inquisitie, Pest.",
           "en": "Wheel actions: Fortune, Tax, Famine, Storm, Inquisition, Plague.",
           "de": "Radaktionen: Fortuna, Steuern, Hungersnot, Unwetter, Inquisition, Pest."},
)
