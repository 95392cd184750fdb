// The organisation's time zone (ORG_TIME_ZONE in the config): its days begin at this zone's midnight, for
// attendance, leave, the date of payment and every "today" of the server. Set once when the app is built
// (buildApp); nothing else reads the environment for it.
import { type IsoDate, todayIn } from '@hr/calendar';

let zone = 'Asia/Kolkata';

/** The organisation's IANA time zone. */
export const orgZone = (): string => zone;

/** Today's date in the organisation's time zone (at `now`, the clock by default: a test passes its moment). */
export const orgToday = (now: Date = new Date()): IsoDate => todayIn(zone, now);

/** Called by buildApp with the config's zone (and by benches that use the services without an app). */
export function setOrgZone(timeZone: string): void {
  zone = timeZone;
}
