export function nowIso(now: Date = new Date()): string {
  return now.toISOString();
}

export function addSeconds(iso: string, seconds: number): string {
  return new Date(Date.parse(iso) + seconds * 1000).toISOString();
}

/** The wall clock of the instant in the IANA time zone, as zero-padded digits. */
export function zonedClock(date: Date, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(date);
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    year: get('year'),
    month: get('month'),
    day: get('day'),
    hour: get('hour'),
    minute: get('minute'),
    second: get('second'),
  };
}

/** The UTC instant at which the current day began in the given IANA time zone. */
export function startOfDayIso(timeZone: string, now: Date = new Date()): string {
  const clock = zonedClock(now, timeZone);
  const [year, month, day] = [Number(clock.year), Number(clock.month), Number(clock.day)];
  const localAsUtc = Date.UTC(
    year,
    month - 1,
    day,
    Number(clock.hour),
    Number(clock.minute),
    Number(clock.second),
  );
  const offsetMs = localAsUtc - Math.floor(now.getTime() / 1000) * 1000;
  const localMidnightAsUtc = Date.UTC(year, month - 1, day);
  return new Date(localMidnightAsUtc - offsetMs).toISOString();
}
