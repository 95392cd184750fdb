// Zone offsets remembered per zone and UTC hour (zone-cache.ts): the answers must be zoneOffsetMinutes' and
// isoDateIn's own, above all across daylight-saving changes (30- and 45-minute zones, changes off a UTC hour).
import { describe, expect, it } from 'vitest';
import { isoDateIn } from './zone';
import { cachedDateIn, cachedZoneOffset } from './zone-cache';

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

describe('zone offsets remembered per zone and hour', () => {
  it('remembers an hour only when its offset does not change within it', () => {
    // 2026-03-08 07:00Z is 02:00 EST → 03:00 EDT: the hour 06:00–07:00Z is all -300, 07:00–08:00Z all -240.
    expect(cachedZoneOffset('America/New_York', Date.parse('2026-03-08T06:59:59Z'))).toBe(-300);
    expect(cachedZoneOffset('America/New_York', Date.parse('2026-03-08T07:00:00Z'))).toBe(-240);
    // Lord Howe changes at 02:00 local (+10:30 → +11) = 15:30Z: the hour 15:00–16:00Z holds both offsets.
    expect(cachedZoneOffset('Australia/Lord_Howe', Date.parse('2026-10-03T15:29:59Z'))).toBe(630);
    expect(cachedZoneOffset('Australia/Lord_Howe', Date.parse('2026-10-03T15:30:00Z'))).toBe(660);
    expect(cachedZoneOffset('Australia/Lord_Howe', Date.parse('2026-10-03T15:10:00Z'))).toBe(630);
  });

  it('cachedDateIn answers isoDateIn every 7 minutes and 13 seconds around the changes', () => {
    for (const [zone, days] of cases) {
      for (const day of days) {
        const start = Date.parse(`${day}T00:00:00Z`) - 86_400_000;
        for (let ms = start; ms < start + 3 * 86_400_000; ms += 433_000) {
          const at = new Date(ms + (ms % 997));
          const want = isoDateIn(zone, at);
          if (cachedDateIn(zone, at) !== want)
            expect({ zone, at: at.toISOString(), date: cachedDateIn(zone, at) }).toEqual({ zone, at: at.toISOString(), date: want });
        }
      }
    }
    // Before 1972 (offsets in seconds), Intl itself.
    expect(cachedDateIn('Asia/Kolkata', new Date('1900-01-01T18:30:00Z'))).toBe(
      isoDateIn('Asia/Kolkata', new Date('1900-01-01T18:30:00Z')),
    );
  });
});
