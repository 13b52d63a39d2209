"""The sequence of play (3.0): impulses in order, bad weather, supply, victory, next turn."""

from tests.engine.games.caucasus.position import new_match, referee


def phases_until(m, stop_turn):
    seen = []
    for _ in range(200):
        ph = m.state["phase"]
        key = (m.state["turn"], ph["side"], ph["impulse"], ph["step"])
        if not seen or seen[-1] != key:
            seen.append(key)
        if m.state["turn"] >= stop_turn or m.result() is not None:
            break
        role = sorted(m.active())[0]
        acts = m.prompt(role).actions
        done = next((a for a in acts if a.verb in ("done", "ready")), None)
        m.play(role, done or acts[0])
    return seen


def test_turn_one_runs_every_impulse_in_order():
    m = new_match("seq")
    m.state["standing"] = {"axis": {"loss": "auto", "retreat": "auto", "dd": "never", "advance": "never"},
                           "soviet": {"loss": "auto", "retreat": "auto", "dd": "never", "advance": "never"}}
    seen = [k[1:] for k in phases_until(m, 2) if k[0] == 1]
    wanted = [
        ("axis", "primary", "movement"),
        ("axis", "primary", "combat"),
        ("soviet", "secondary", "movement"),
        ("soviet", "secondary", "combat"),
        ("axis", "secondary", "movement"),
        ("axis", "secondary", "combat"),
        ("soviet", "primary", "movement"),
        ("soviet", "primary", "combat"),
    ]
    assert [k for k in seen if k[2]] == wanted


def test_bad_weather_cancels_secondary_impulses():
    m = new_match("weather")
    referee(m, "weather bad")
    seen = [k[1:] for k in phases_until(m, 2) if k[0] == 1]
    assert not any(k[1] == "secondary" for k in seen)


def test_victory_check_names_a_winner_at_the_end():
    m = new_match("end")
    referee(m, "turn 7")
    m.state["last_turn"] = 7  # the tournament length
    phases_until(m, 99)
    assert m.result() is not None


def test_axis_sudden_victory_at_threshold_plus_seven():
    """From turn 6 the Axis wins at the turn's threshold + 7 VP (19.3)."""
    m = new_match("sudden")
    rules = m.game.rules
    for label, place in rules.board.places.items():
        if place.get("vp"):
            referee(m, f"control {label} axis")
    referee(m, "turn 6")
    phases_until(m, 99)
    out = m.result()
    assert out is not None and out.winner == "axis" and "(19.3)" in str(out.reason)


def test_soviet_wins_if_rostov_is_recaptured():
    m = new_match("rostov")
    rules = m.game.rules
    total = 0
    for label, place in sorted(rules.board.places.items()):
        if place.get("vp") and total < 12:
            referee(m, f"control {label} axis")
            total += int(place.get("vp"))
    assert 10 <= total < 17  # at or above the turn-6 threshold, short of threshold + 7
    referee(m, "control Rostov soviet")
    referee(m, "turn 6")
    phases_until(m, 99)
    out = m.result()
    assert out is not None and out.winner == "soviet" and "Rostov" in str(out.reason)
