"""The café hub: every table publishes to one MQTT broker, one page shows the whole room.

    cafe.settings   where the broker is and how to log in (URL, user, password, TLS)
    cafe.topics     topic names and JSON payloads (documented in cafe/TOPICS.md)
    cafe.table      TablePublisher: a table's runtime -> the broker, caught up from SQLite,
                    with heartbeats; claim_name: one name, one running table (race-free)
    cafe.hub        CafeView: the subscriber keeping one tile per table (and noticing a
                    table gone silent)
    cafe.app        the Flask page for staff and the TV (`companion cafe`)
    cafe.broker     a local Mosquitto process on loopback (demo, tests, benchmark)
    cafe.bench      `companion bench cafe`

The rules core (`companion`) imports none of this; `web` knows only `Runtime.add_observer`
and `Runtime.set_staff_acknowledgements` (what the dashboard shows of the café's staff).
"""
