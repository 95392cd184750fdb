// A ZIP archive of already-compressed files (PDFs), stored without recompression: local headers, the central
// directory and its end record (PKWARE APPNOTE 6.3, sections 4.3.7, 4.3.12, 4.3.16), UTF-8 names (flag bit 11).
// Archives up to 4 GiB and 65,535 entries (no ZIP64); nothing beyond Node's own zlib.crc32.
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  name: string;
  data: Buffer;
}

/** DOS date and time of a moment (local fields as UTC: the archive carries no zone). */
function dosDateTime(at: Date): { date: number; time: number } {
  const year = Math.max(1980, at.getUTCFullYear());
  return {
    date: ((year - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | Math.floor(at.getUTCSeconds() / 2),
  };
}

/** The archive of `entries` in order; names must be unique, relative and free of '..'. */
export function zipStored(entries: readonly ZipEntry[], at: Date = new Date()): Buffer {
  if (entries.length > 0xffff) throw new RangeError('At most 65,535 files in one archive');
  const seen = new Set<string>();
  const { date, time } = dosDateTime(at);
  const parts: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    if (!e.name || e.name.startsWith('/') || e.name.split('/').includes('..')) throw new RangeError(`Unsafe file name '${e.name}'`);
    if (seen.has(e.name)) throw new RangeError(`File name '${e.name}' twice in one archive`);
    seen.add(e.name);
    const name = Buffer.from(e.name, 'utf8');
    const crc = crc32(e.data) >>> 0;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const head = Buffer.alloc(46);
    head.writeUInt32LE(0x02014b50, 0);
    head.writeUInt16LE(20, 4); // made by: 2.0, MS-DOS attributes
    head.writeUInt16LE(20, 6);
    head.writeUInt16LE(0x0800, 8);
    head.writeUInt16LE(0, 10);
    head.writeUInt16LE(time, 12);
    head.writeUInt16LE(date, 14);
    head.writeUInt32LE(crc, 16);
    head.writeUInt32LE(e.data.length, 20);
    head.writeUInt32LE(e.data.length, 24);
    head.writeUInt16LE(name.length, 28);
    // extra, comment, disk number, internal and external attributes: 0
    head.writeUInt32LE(offset, 42);
    parts.push(local, name, e.data);
    central.push(head, name);
    offset += local.length + name.length + e.data.length;
    if (offset > 0xffffffff) throw new RangeError('The archive would exceed 4 GiB');
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, directory, end]);
}
