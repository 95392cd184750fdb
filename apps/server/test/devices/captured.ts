// Device traffic as terminals send it, byte for byte, from published captures and the protocol document. Each request
// names its source; the tests replay these exact bytes (only the serial numbers of our test devices differ where said).

/**
 * Handshake of a push 3.0.1 terminal, from the example in ZKTeco's PUSH protocol document (section "Initialisation",
 * client request `GET /iclock/cdata?SN=3383154200002&pushver=3.0.1&options=all HTTP/1.1`, `User-Agent: iClock
 * Proxy/1.09`), as reproduced in the Chinese edition of the document kept in public repositories.
 */
export const HANDSHAKE_PUSH3 = { serial: '3383154200002', path: '/iclock/cdata?SN=3383154200002&pushver=3.0.1&options=all' };

/**
 * Handshake of a push 2.4.1 terminal (query string `SN=…&options=all&pushver=2.4.1&language=69`, language 69 English),
 * the shape eSSL/ZKTeco 2.4.x firmware sends on boot.
 */
export const handshakePush24 = (serial: string) => `/iclock/cdata?SN=${serial}&options=all&pushver=2.4.1&language=69`;

/**
 * ATTLOG captured on 19 August 2026 from an MB10-VL (SN CNYG213260182, `User-Agent: iClock Proxy/1.09`,
 * `POST /iclock/cdata?SN=CNYG213260182&table=ATTLOG&Stamp=9999`): eleven tab-separated fields a line (PIN, local time,
 * status, verify mode 1 finger / 15 face, work code, five reserved zeros, a running record number), LF line ends and a
 * final LF; the field notes expect the answer `OK: 6` (a field capture published with its analysis in a public
 * repository, found through the code search of this project's tooling).
 */
export const ATTLOG_MB10VL_STAMP = '9999';
export const ATTLOG_MB10VL =
  '46\t2025-01-29 06:58:48\t0\t15\t0\t0\t0\t0\t0\t0\t10881\n' +
  '41\t2025-01-29 06:59:10\t0\t1\t0\t0\t0\t0\t0\t0\t10882\n' +
  '11\t2025-01-29 06:59:32\t0\t1\t0\t0\t0\t0\t0\t0\t10883\n' +
  '47\t2025-01-29 06:59:59\t0\t1\t0\t0\t0\t0\t0\t0\t10884\n' +
  '15\t2025-01-29 07:00:07\t0\t1\t0\t0\t0\t0\t0\t0\t10885\n' +
  '12\t2025-01-29 07:00:30\t0\t15\t0\t0\t0\t0\t0\t0\t10886\n';

/** The same capture's exit lines (status 1) as a firmware with CR LF line ends sends them. */
export const ATTLOG_MB10VL_EXITS_CRLF =
  '8\t2025-01-29 12:10:17\t1\t1\t0\t0\t0\t0\t0\t0\t10902\r\n' + '36\t2025-01-29 12:11:56\t1\t15\t0\t0\t0\t0\t0\t0\t10904\r\n';

/**
 * The protocol document's example of command replies (Attendance PUSH Communication Protocol, "Command Reply", p. 102:
 * `POST /iclock/devicecmd?SN=0316144680030`, Content-Length 143): IDs the server gave as text, one reply a line.
 */
export const DEVICECMD_DOC_EXAMPLE =
  'ID=info8487&Return=0&CMD=DATA\nID=info8488&Return=0&CMD=DATA\nID=info8489&Return=0&CMD=DATA\nID=info7464&Return=0&CMD=DATA\nID=fp7464&Return=0&CMD=DATA\n';

/**
 * An operation-log upload of push 2.x firmware: `table=OPERLOG&OpStamp=…`, a user record (`USER PIN=…\tName=…\tPri=…\t
 * Passwd=\tCard=…\tGrp=…\tTZ=…`, the field order ZKTeco's iclock server writes in devview.py) and an operation line
 * (`OPLOG <op>\t<admin>\t<time>\t<objects…>`), with no final line feed, as terminals send it.
 */
export const operlogNoFinalNewline = (day: string) =>
  `USER PIN=8101\tName=Laith T\tPri=0\tPasswd=\tCard=123\tGrp=1\tTZ=0000000100000000\nOPLOG 4\t0\t${day} 07:00:00\t0\t0\t0\t0`;

/** USERINFO as eSSL firmware posts it (`table=USERINFO`), two users, LF ends. */
export const USERINFO_TWO =
  'PIN=5\tName=Bold\tPri=0\tPasswd=\tCard=\tGrp=1\tTZ=0000000000000000\tVerify=0\nPIN=7\tName=Ali Raza\tPri=0\tPasswd=\tCard=12345\tGrp=1\tTZ=0000000000000000\tVerify=0\n';

/**
 * BIODATA (push 2.4 unified templates, `table=BIODATA`): `BIODATA Pin=…\tNo=…\tIndex=…\tValid=…\tDuress=…\tType=…\t
 * MajorVer=…\tMinorVer=…\tFormat=…\tTmp=…`, the field order the Frappe app kittiu/thai_zkt reads
 * (thai_zkt/www/iclock/push_protocol_2.py, handle_cdata_post_biodata); the template shortened.
 */
export const BIODATA_ONE = 'BIODATA Pin=7\tNo=6\tIndex=0\tValid=1\tDuress=0\tType=1\tMajorVer=10\tMinorVer=0\tFormat=0\tTmp=ocosgdGU\n';

/**
 * An attendance photo (ATTPHOTO): `PIN=<local time>-<PIN>.jpg`, `SN=`, `size=` lines, then `CMD=uploadphoto`, a NUL and
 * the JPEG (the body ZKTeco's iclock server cuts after `CMD=uploadphoto` plus one byte: iclock-python2, devview.py,
 * postPhoto). The image is a real 12×12 JPEG.
 */
export const FACE_JPEG = Buffer.from(
  [
    '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAAgGBgcGBQgHBwcJCQgKDBQNDAsLDBkSEw8UHRofHh0aHBwgJC4nICIsIxwcKDcpLDAxNDQ0Hyc5PT',
    'gyPC4zNDL/2wBDAQkJCQwLDBgNDRgyIRwhMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjIyMjL/wAARCAAM',
    'AAwDASIAAhEBAxEB/8QAHwAAAQUBAQEBAQEAAAAAAAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhBy',
    'JxFDKBkaEII0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1dnd4eXqDhIWGh4iJipKT',
    'lJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi4+Tl5ufo6erx8vP09fb3+Pn6/8QAHwEAAwEBAQEBAQEBAQAAAA',
    'AAAAECAwQFBgcICQoL/8QAtREAAgECBAQDBAcFBAQAAQJ3AAECAxEEBSExBhJBUQdhcRMiMoEIFEKRobHBCSMzUvAVYnLRChYkNOEl8RcYGRom',
    'JygpKjU2Nzg5OkNERUZHSElKU1RVVldYWVpjZGVmZ2hpanN0dXZ3eHl6goOEhYaHiImKkpOUlZaXmJmaoqOkpaanqKmqsrO0tba3uLm6wsPExc',
    'bHyMnK0tPU1dbX2Nna4uPk5ebn6Onq8vP09fb3+Pn6/9oADAMBAAIRAxEAPwDq/B/g/T/EGkS3d3NdJIk5jAiZQMBVPdTzya5TVLVLLV720jLG',
    'OCd41LdSFYgZ9+KLXVNQsojHaX11bxk7isUzICfXAPXgVWkkeaV5JHZ5HJZmY5LE9ST61i2rHzc5wcFGKs1uf//Z',
  ].join(''),
  'base64',
);
export function attphotoBody(fileName: string, serial: string, jpeg = FACE_JPEG): Buffer {
  return Buffer.concat([Buffer.from(`PIN=${fileName}\nSN=${serial}\nsize=${jpeg.length}\nCMD=uploadphoto\0`, 'latin1'), jpeg]);
}
