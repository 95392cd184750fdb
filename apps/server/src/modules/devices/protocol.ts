// The ZKTeco / eSSL ADMS "push" protocol's own formats, as pure functions: the handshake's TimeZone option, the
// attendance-photo upload (ATTPHOTO) and the stamps a device sends with an upload.

/** The zone's offset from UTC in minutes at `at` (Asia/Kolkata: 330, America/St_Johns in winter: -210). */
export function zoneOffsetMinutes(timeZone: string, at: Date): number {
  const p = new Intl.DateTimeFormat('en-GB', { timeZone, timeZoneName: 'longOffset' }).formatToParts(at);
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(p.find((x) => x.type === 'timeZoneName')?.value ?? '');
  if (!m) return 0; // 'GMT' alone: UTC
  const minutes = Number(m[2]) * 60 + Number(m[3]);
  return m[1] === '-' ? -minutes : minutes;
}

/**
 * The handshake's `TimeZone=` value: an integer, hours for a whole-hour zone and minutes for a half- or quarter-hour
 * one (India 330, Nepal 345, Dubai 4, UTC 0, Newfoundland −210). This is the push protocol's definition (Attendance
 * PUSH Communication Protocol, push 2.4.x, section 6, the TimeZone option) and what ZKTeco's own iclock server sends:
 * its TIMEZONE_CHOICES run 1, 90, 2 … 5, 330, 6 … (github.com/leancode/iclock-python2, iclock/models.py, commit
 * f270757f918e0f956f2b1b3341435d42bedffcc4). A terminal reads a fraction such as 5.5 as 5 and runs half an hour slow.
 * Zones with summer time give the offset in force at `at` (the device is told again at its next handshake).
 */
export function protocolTimeZone(timeZone: string, at: Date = new Date()): string {
  const minutes = zoneOffsetMinutes(timeZone, at);
  return String(minutes % 60 === 0 ? minutes / 60 : minutes);
}

/** A stamp the device sends (a counter or a time in seconds); anything else is not kept. */
const STAMP = /^[0-9]{1,20}$/;
export const validStamp = (v: unknown): string | null => (typeof v === 'string' && STAMP.test(v) ? v : null);

/**
 * The stamp an upload carries for its table: `Stamp=` on ATTLOG and ATTPHOTO; on OPERLOG older firmware sends
 * `OpStamp=` (the stamp the handshake calls OPERLOGStamp), newer `Stamp=`.
 */
export function uploadStamp(table: string, query: Record<string, unknown>): string | null {
  if (table === 'OPERLOG') return validStamp(query.OpStamp) ?? validStamp(query.Stamp);
  return validStamp(query.Stamp);
}

export interface PhotoUpload {
  /** As the device names it: `20261128093015-1001.jpg` (its local time, then the PIN; no PIN for a stranger). */
  fileName: string;
  /** The device's local time 'YYYY-MM-DD HH:MM:SS'. */
  localTime: string;
  pin: string | null;
  jpeg: Buffer;
}

const PHOTO_NAME = /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(?:-([A-Za-z0-9]{1,20}))?\.jpe?g$/i;
const MARKERS = ['CMD=uploadphoto', 'CMD=realupload'].map((m) => Buffer.from(m, 'latin1'));
const SOI = Buffer.from([0xff, 0xd8, 0xff]);

/**
 * Reads an attendance-photo upload (`POST /iclock/cdata?table=ATTPHOTO` or `/iclock/fdata`): a head of `key=value`
 * lines (`PIN=20261128093015-1001.jpg`, `SN=…`, `size=…`) up to `CMD=uploadphoto` (or `CMD=realupload`), then one
 * separator byte (a NUL; some firmware a line feed) and the JPEG itself. ZKTeco's server cuts the body the same way
 * (iclock-python2, iclock/devview.py, postPhoto: `d.split('CMD=uploadphoto')[1][1:]`) and takes the PIN from the
 * query string when the head has none. Null when the body is not such an upload or holds no JPEG.
 */
export function parsePhotoUpload(body: Buffer, queryPin?: unknown): PhotoUpload | null {
  let at = -1;
  let marker = MARKERS[0];
  for (const m of MARKERS) {
    at = body.indexOf(m);
    if (at >= 0) {
      marker = m;
      break;
    }
  }
  if (at < 0) return null;
  const head = new Map<string, string>();
  for (const part of body
    .subarray(0, at)
    .toString('latin1')
    .split(/[\r\n\t]+/)) {
    const eq = part.indexOf('=');
    if (eq > 0) head.set(part.slice(0, eq).trim().toUpperCase(), part.slice(eq + 1).trim());
  }
  // The image starts right after the separator (within a few bytes: NUL, LF or CR LF).
  const start = body.indexOf(SOI, at + marker.length);
  if (start < 0 || start > at + marker.length + 4) return null;
  let jpeg = body.subarray(start);
  const size = Number(head.get('SIZE'));
  if (Number.isInteger(size) && size > 0 && size < jpeg.length) jpeg = jpeg.subarray(0, size);
  const fileName = head.get('PIN') || (typeof queryPin === 'string' ? queryPin : '');
  const m = PHOTO_NAME.exec(fileName);
  if (!m) return null;
  const [y, mo, d, h, mi, s, pin] = m.slice(1);
  return { fileName, localTime: `${y}-${mo}-${d} ${h}:${mi}:${s}`, pin: pin ?? null, jpeg };
}
