// A device's wall-clock reading to an instant: deviceInstant remembers each zone's offset per UTC hour instead of
// asking Intl twice per line; its answers must be zonedInstant's, above all across daylight-saving changes (gaps,
// repeated hours, 30- and 45-minute zones, a zone whose change is not on a UTC hour).
import { zonedInstant } from '@hr/calendar';
import { describe, expect, it } from 'vitest';
import { deviceInstant } from '../../src/modules/attendance/punches';

const pad = (n: number) => String(n).padStart(2, '0');

/** Every `step` seconds of a day (and the day after) in a zone: deviceInstant against zonedInstant. */
function sweep(zone: string, day: string, step: number): number {
  let checked = 0;
  for (const date of [day, new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)]) {
    for (let t = 0; t < 86_400; t += step) {
      const h = Math.floor(t / 3600);
      const mi = Math.floor((t % 3600) / 60);
      const s = t % 60;
      const local = `${date} ${pad(h)}:${pad(mi)}:${pad(s)}`;
      const want = zonedInstant(date, h * 60 + mi + s / 60, zone).getTime();
      const got = deviceInstant(local, zone)?.getTime();
      if (got !== want) expect({ zone, local, got }).toEqual({ zone, local, got: want });
      checked++;
    }
  }
  return checked;
}

describe('deviceInstant (offsets remembered per zone and hour)', () => {
  const cases: [string, string[]][] = [
    ['Asia/Kolkata', ['2026-01-15', '2026-11-02']],
    ['America/New_York', ['2026-03-08', '2026-11-01', '2007-03-11']],
    ['Europe/London', ['2026-03-29', '2026-10-25']],
    ['Australia/Lord_Howe', ['2026-04-05', '2026-10-04']], // a 30-minute change
    ['Pacific/Chatham', ['2026-04-05', '2026-09-27']], // +12:45 / +13:45
    ['America/Santiago', ['2026-04-04', '2026-09-05']], // changes at 24:00 local
    ['Asia/Tehran', ['2021-03-21', '2021-09-21']], // +3:30, changed at a half hour of UTC
    ['Africa/Casablanca', ['2026-02-15', '2026-03-22']], // Ramadan changes
    ['Asia/Kathmandu', ['2026-06-01']],
  ];
  for (const [zone, days] of cases) {
    it(`equals zonedInstant every 11 seconds around the changes in ${zone}`, () => {
      let n = 0;
      for (const day of days) n += sweep(zone, day, 11);
      expect(n).toBeGreaterThan(0);
    });
  }

  it('refuses what is not a real time, as before', () => {
    expect(deviceInstant('2026-04-31 09:00:00', 'Asia/Kolkata')).toBeNull();
    expect(deviceInstant('2026-01-01 24:00:00', 'Asia/Kolkata')).toBeNull();
    expect(deviceInstant('1999-12-31 09:00:00', 'Asia/Kolkata')).toBeNull();
    expect(deviceInstant('2026-01-01T09:00:00', 'Asia/Kolkata')).toBeNull();
    expect(deviceInstant('2026-01-01 09:00:00', 'Asia/Kolkata')?.toISOString()).toBe('2026-01-01T03:30:00.000Z');
  });
});
