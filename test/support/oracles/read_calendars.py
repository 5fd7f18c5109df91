"""Independent readers of series for the interop tests (issue #30), run with Debian's /usr/bin/python3.

  rules:  stdin JSON [{key, zone, start, end, rrule, exdate, rdate, allDay}] -> {key: [[startUtc, endUtc], ...]}
          python-dateutil's rrulestr in the event's zone (timed: UTC instants; all-day: dates, end exclusive).
  feeds:  stdin JSON {key: ics text} -> {key: {uid: [[start, end, summary], ...]}}
          python-icalendar + recurring-ical-events expanding each feed up to 2100.
A start a DST change skips is moved forward whole (02:30-03:00 -> 03:30-04:00), as dateutil's
resolve_imaginary and the calendar clients read it.
"""
import datetime as dt
import json
import sys

UTC = dt.timezone.utc
FAR = dt.datetime(2100, 1, 1)


def utc_text(value):
    return value.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def wall(text):
    return dt.datetime.strptime(text, "%Y-%m-%d %H:%M:%S")


def expand_rule(case):
    from dateutil import rrule, tz

    zone = tz.gettz(case["zone"])
    start, end = wall(case["start"]), wall(case["end"])
    if case["allDay"]:
        length = end.date() - start.date() + dt.timedelta(days=1)
        parts = []
        for part in case["rrule"].split(";"):
            name, _, value = part.partition("=")
            if name == "UNTIL" and value.endswith("Z"):
                # A UTC UNTIL bounds the days whose midnight in the event's zone it reaches.
                instant = dt.datetime.strptime(value, "%Y%m%dT%H%M%SZ").replace(tzinfo=UTC)
                value = instant.astimezone(zone).strftime("%Y%m%dT235959")
            parts.append("%s=%s" % (name, value))
        text = "DTSTART:%s\nRRULE:%s" % (start.strftime("%Y%m%dT000000"), ";".join(parts))
        rules = rrule.rrulestr(text, forceset=True)
        for r in case.get("rdate", []):
            rules.rdate(wall(r[:10] + " 00:00:00"))
        days = sorted({d.date() for d in rules} - {dt.date.fromisoformat(x[:10]) for x in case.get("exdate", [])})
        return [[d.isoformat(), (d + length).isoformat()] for d in days]
    local = start.replace(tzinfo=zone)
    if not tz.datetime_exists(local):
        shift = tz.resolve_imaginary(local).replace(tzinfo=None) - start
        start, end = start + shift, end + shift
    first = start.replace(tzinfo=zone)
    duration = end.replace(tzinfo=zone).astimezone(UTC) - first.astimezone(UTC)
    parts = []
    for part in case["rrule"].split(";"):
        name, _, value = part.partition("=")
        if name == "UNTIL" and not value.endswith("Z"):
            # A DATE UNTIL of a timed series is that whole day in the event's zone.
            day = dt.datetime.strptime(value[:8], "%Y%m%d").replace(hour=23, minute=59, second=59, tzinfo=zone)
            value = day.astimezone(UTC).strftime("%Y%m%dT%H%M%SZ")
        parts.append("%s=%s" % (name, value))
    ruleset = rrule.rruleset()
    ruleset.rrule(rrule.rrulestr("RRULE:" + ";".join(parts), dtstart=wall(case["start"]).replace(tzinfo=zone)))
    for r in case.get("rdate", []):
        ruleset.rdate(wall(r).replace(tzinfo=zone))
    horizon = dt.datetime.fromisoformat(case["until"]).replace(tzinfo=UTC) if case.get("until") else None
    out = []
    for occurrence in ruleset:
        real = tz.resolve_imaginary(occurrence)
        instant = real.astimezone(UTC)
        if horizon and instant > horizon:
            break
        naive = occurrence.replace(tzinfo=None)
        if any(naive.strftime("%Y-%m-%d %H:%M:%S") == x or naive.strftime("%Y-%m-%d") == x for x in case.get("exdate", [])):
            continue
        out.append([utc_text(instant), utc_text(instant + duration)])
    return sorted(out)


def expand_feed(text):
    import icalendar
    import recurring_ical_events

    calendar = icalendar.Calendar.from_ical(text)
    found = {}
    for event in recurring_ical_events.of(calendar).between(dt.date(1990, 1, 1), FAR.date()):
        start, end = event["DTSTART"].dt, event["DTEND"].dt
        if isinstance(start, dt.datetime):
            pair = [utc_text(start), utc_text(end)]
        else:
            pair = [start.isoformat(), end.isoformat()]
        found.setdefault(str(event["UID"]), []).append(pair + [str(event.get("SUMMARY", ""))])
    return {uid: sorted(items) for uid, items in found.items()}


def main():
    mode = sys.argv[1]
    data = json.load(sys.stdin)
    if mode == "rules":
        result = {case["key"]: expand_rule(case) for case in data}
    elif mode == "feeds":
        result = {key: expand_feed(text) for key, text in data.items()}
    else:
        raise SystemExit("unknown mode " + mode)
    json.dump(result, sys.stdout)


main()
