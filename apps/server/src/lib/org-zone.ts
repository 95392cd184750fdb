// The organisation's time zone (ORG_TIME_ZONE in the config): its days begin at this zone's midnight, for
// attendance, leave, the date of payment and every "today" of the server. Read from the application context
// (lib/app-context.ts: the app's config, entered per request, job run and command); nothing else reads the
// environment for it.
import { type IsoDate, todayIn } from '@hr/calendar';
import { appContext } from '../app-context';

/** The organisation's IANA time zone. */
export const orgZone = (): string => appContext().zone;

/** Today's date in the organisation's time zone (at `now`, the clock by default: a test passes its moment). */
export const orgToday = (now: Date = new Date()): IsoDate => todayIn(orgZone(), now);
