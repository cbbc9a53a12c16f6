"""The café hub: every table publishes to one MQTT broker, one page shows the whole room.

    cafe.settings   where the broker is and how to log in (URL, user, password, TLS)
    cafe.topics     topic names and JSON payloads (documented in cafe/TOPICS.md)
    cafe.table      TablePublisher: a table's runtime -> the broker, caught up from SQLite,
                    with heartbeats; claim_name: one name, one running table (race-free)
    cafe.table_outbox  the table's events: built from its log, sent, acknowledged in order
    cafe.table_alerts  the table's alerts and which of them staff have acknowledged
    cafe.hub        CafeView: the subscriber keeping one tile per table (and noticing a
                    table gone silent)
    cafe.app        the Flask page for staff and the TV (`companion cafe`); staff actions
                    in cafe.floor_web (ask a table to check its box)
    cafe.history    the evening's history: a SQLite file the café view writes from the
                    broker's messages; cafe.history_report and cafe.history_web draw it
    cafe.broker     a local Mosquitto process on loopback (demo, tests, benchmark)
    cafe.bench      `companion bench cafe` (its measures in cafe.bench_measures and
                    cafe.bench_floor, its printed report in cafe.bench_report)

The rules core (`companion`) imports none of this; `web` knows only `Runtime.add_observer`
and `Runtime.set_staff_acknowledgements` (what the dashboard shows of the café's staff).
"""
