"""The names of Combat Commander's orders, actions and events as readers read them (digest 2.2:
the English working names; the catalogue gives the Italian rulebook's own, "Imboscato",
"Fuoco d'assalto", "Nebbia di guerra"...). A card's keys are those of the deck files."""

from __future__ import annotations

from engine.text import Text, t

NAMES: dict[str, Text] = {
    # Orders (O15-O23)
    "advance": t("Advance"),
    "artillery_denied": t("Artillery Denied"),
    "artillery_request": t("Artillery Request"),
    "command_confusion": t("Command Confusion"),
    "fire": t("Fire"),
    "move": t("Move"),
    "recover": t("Recover"),
    "rout": t("Rout"),
    # Actions (A25-A41)
    "ambush": t("Ambush"),
    "assault_fire": t("Assault Fire"),
    "bore_sighting": t("Bore Sighting"),
    "concealment": t("Concealment"),
    "crossfire": t("Crossfire"),
    "demolition": t("Demolition"),
    "dig_in": t("Dig In"),
    "hand_grenades": t("Hand Grenades"),
    "hidden_entrenchments": t("Hidden Entrenchments"),
    "hidden_mines": t("Hidden Mines"),
    "hidden_pillbox": t("Hidden Pillbox"),
    "hidden_units": t("Hidden Units"),
    "hidden_wire": t("Hidden Wire"),
    "light_wounds": t("Light Wounds"),
    "marksmanship": t("Marksmanship"),
    "no_quarter": t("No Quarter"),
    "smoke_grenades": t("Smoke Grenades"),
    "spray_fire": t("Spray Fire"),
    "sustained_fire": t("Sustained Fire"),
    # Events (E43-E77)
    "air_support": t("Air Support"),
    "battle_harden": t("Battle Harden"),
    "battlefield_integrity": t("Battlefield Integrity"),
    "blaze": t("Blaze"),
    "booby_trap": t("Booby Trap"),
    "breeze": t("Breeze"),
    "command_and_control": t("Command & Control"),
    "commissar": t("Commissar"),
    "cower": t("Cower"),
    "deploy": t("Deploy"),
    "dust": t("Dust"),
    "elan": t("Elan"),
    "entrench": t("Entrench"),
    "field_promotion": t("Field Promotion"),
    "fog_of_war": t("Fog of War"),
    "hero": t("Hero"),
    "infiltration": t("Infiltration"),
    "interdiction": t("Interdiction"),
    "interrogation": t("Interrogation"),
    "kia": t("KIA"),
    "malfunction": t("Malfunction"),
    "medic": t("Medic"),
    "mission_objective": t("Mission Objective"),
    "prisoners_of_war": t("Prisoners of War"),
    "reconnaissance": t("Reconnaissance"),
    "reinforcements": t("Reinforcements"),
    "rubble": t("Rubble"),
    "sappers": t("Sappers"),
    "scrounge": t("Scrounge"),
    "shell_holes": t("Shell Holes"),
    "shell_shock": t("Shell Shock"),
    "strategic_objective": t("Strategic Objective"),
    "suppressing_fire": t("Suppressing Fire"),
    "walking_wounded": t("Walking Wounded"),
    "white_phosphorus": t("White Phosphorus"),
}

TRIGGERS: dict[str, Text] = {"event": t("Event!"), "jam": t("Jam!"), "sniper": t("Sniper!"), "time": t("Time!")}


def card_name(key: str) -> Text | str:
    """An order's, action's or event's name in the reader's language (an unknown key as written)."""
    return NAMES.get(key, key)


def trigger_name(key: str) -> Text | str:
    """A trigger's name ("Time!") in the reader's language."""
    return TRIGGERS.get(key, key.title() + "!")
