/**
 * The few parts of the tar format a backup archive needs (POSIX ustar, regular files only), streamed
 * through gzip so neither writing nor reading holds a whole archive in memory. Names longer than ustar
 * allows go in a PAX header; sizes past ustar's 8 GiB use GNU's base-256 field. GNU tar, bsdtar and
 * 7-Zip read the result (`tar -tzf backup.tar.gz` lists it).
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';

const BLOCK = 512;
const USTAR_MAX_SIZE = 8 ** 11 - 1;

export interface TarEntry {
  /** Path inside the archive, '/'-separated. */
  name: string;
  size: number;
  /** The entry's bytes; exactly `size` of them, else writing fails (a file changed while being archived). */
  data(): AsyncIterable<Buffer>;
}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, type: '0' | 'x', mtime: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  let prefix = '';
  let short = name;
  if (Buffer.byteLength(name) > 100) {
    // ustar: prefix (155) + '/' + name (100); callers fall back to PAX when no split fits.
    const cut = name.lastIndexOf('/', 155);
    prefix = name.slice(0, cut);
    short = name.slice(cut + 1);
  }
  h.write(short, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  if (size <= USTAR_MAX_SIZE) h.write(octal(size, 12), 124, 'ascii');
  else {
    // GNU base-256: high bit set, big-endian binary in the remaining bytes.
    h[124] = 0x80;
    h.writeBigUInt64BE(BigInt(size), 128);
  }
  h.write(octal(mtime, 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write(type, 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

function fitsUstar(name: string): boolean {
  if (Buffer.byteLength(name) <= 100) return true;
  const cut = name.lastIndexOf('/', 155);
  return cut > 0 && Buffer.byteLength(name.slice(0, cut)) <= 155 && Buffer.byteLength(name.slice(cut + 1)) <= 100;
}

function paxRecord(key: string, value: string): string {
  const body = ` ${key}=${value}\n`;
  let len = Buffer.byteLength(body) + 1;
  while (String(len).length + Buffer.byteLength(body) !== len) len = String(len).length + Buffer.byteLength(body);
  return `${len}${body}`;
}

function padding(size: number): Buffer {
  const rest = size % BLOCK;
  return Buffer.alloc(rest === 0 ? 0 : BLOCK - rest);
}

async function* tarStream(entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): AsyncGenerator<Buffer> {
  const mtime = Math.floor(Date.now() / 1000);
  for await (const entry of entries) {
    if (!fitsUstar(entry.name)) {
      const pax = Buffer.from(paxRecord('path', entry.name));
      yield header('PaxHeader', pax.length, 'x', mtime);
      yield pax;
      yield padding(pax.length);
    }
    yield header(fitsUstar(entry.name) ? entry.name : entry.name.slice(-100), entry.size, '0', mtime);
    let written = 0;
    for await (const chunk of entry.data()) {
      written += chunk.length;
      if (written > entry.size) break;
      yield chunk;
    }
    if (written !== entry.size) throw new Error(`'${entry.name}' changed while it was archived (${written} bytes, expected ${entry.size})`);
    yield padding(entry.size);
  }
  yield Buffer.alloc(BLOCK * 2);
}

/** Writes the entries, in order, to a .tar.gz file. */
export async function writeTarGz(file: string, entries: AsyncIterable<TarEntry> | Iterable<TarEntry>): Promise<void> {
  await pipeline(tarStream(entries), createGzip({ level: 6 }), createWriteStream(file, { flags: 'wx' }));
}

export interface TarReadEntry {
  name: string;
  size: number;
}

/**
 * Sink for one entry's bytes: `write` is awaited for every chunk (so a slow disk holds the reader back),
 * `end` once the entry is complete.
 */
export interface EntrySink {
  write(chunk: Buffer): Promise<void>;
  end(): Promise<void>;
}

function readOctal(buf: Buffer, offset: number, width: number): number {
  if (buf[offset] & 0x80) {
    let v = 0n;
    for (let i = offset + 1; i < offset + width; i++) v = (v << 8n) | BigInt(buf[i]);
    return Number(v);
  }
  const text = buf
    .toString('ascii', offset, offset + width)
    .replace(/[\0 ]+$/g, '')
    .trim();
  if (text !== '' && !/^[0-7]+$/.test(text)) throw new Error('Not a tar archive (bad number field)');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

function readString(buf: Buffer, offset: number, width: number): string {
  const end = buf.indexOf(0, offset);
  return buf.toString('utf8', offset, end === -1 || end > offset + width ? offset + width : end);
}

function checkHeader(h: Buffer): void {
  const stored = readOctal(h, 148, 8);
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i];
  if (sum !== stored) throw new Error('Not a tar archive (header checksum does not match)');
}

/**
 * Reads a .tar.gz file entry by entry: `onEntry` returns where the entry's bytes go. Only regular files
 * (and PAX path headers) are accepted; directories are skipped; anything else is refused.
 */
export async function readTarGz(file: string, onEntry: (entry: TarReadEntry) => Promise<EntrySink>): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let current: { sink: EntrySink; left: number; pad: number } | undefined;
  let skip = 0;
  let paxPath: string | undefined;
  let pax: { left: number; parts: Buffer[]; pad: number } | undefined;
  let ended = false;

  async function consume(source: AsyncIterable<Buffer>) {
    for await (const chunk of source) {
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      while (!ended) {
        if (skip > 0) {
          const n = Math.min(skip, pending.length);
          pending = pending.subarray(n);
          skip -= n;
          if (skip > 0) break;
          continue;
        }
        if (current) {
          if (current.left > 0) {
            if (pending.length === 0) break;
            const n = Math.min(current.left, pending.length);
            await current.sink.write(pending.subarray(0, n));
            pending = pending.subarray(n);
            current.left -= n;
            if (current.left > 0) break;
          }
          await current.sink.end();
          skip = current.pad;
          current = undefined;
          continue;
        }
        if (pax) {
          const n = Math.min(pax.left, pending.length);
          pax.parts.push(Buffer.from(pending.subarray(0, n)));
          pending = pending.subarray(n);
          pax.left -= n;
          if (pax.left > 0) break;
          const m = /(?:^|\n)\d+ path=([^\n]*)\n/.exec(Buffer.concat(pax.parts).toString('utf8'));
          paxPath = m?.[1];
          skip = pax.pad;
          pax = undefined;
          continue;
        }
        if (pending.length < BLOCK) break;
        const h = pending.subarray(0, BLOCK);
        pending = pending.subarray(BLOCK);
        if (h.every((b) => b === 0)) {
          ended = true;
          break;
        }
        checkHeader(h);
        const size = readOctal(h, 124, 12);
        const type = String.fromCharCode(h[156] || 48);
        const pad = padding(size).length;
        if (type === 'x') {
          pax = { left: size, parts: [], pad };
          continue;
        }
        if (type === 'g' || type === '5') {
          skip = size + pad;
          continue;
        }
        if (type !== '0' && type !== '7') throw new Error(`Unexpected tar entry type '${type}'`);
        const prefix = readString(h, 345, 155);
        const name = paxPath ?? (prefix ? `${prefix}/${readString(h, 0, 100)}` : readString(h, 0, 100));
        paxPath = undefined;
        current = { sink: await onEntry({ name, size }), left: size, pad };
      }
    }
    if (!ended) throw new Error('The archive is cut short (no end-of-archive marker)');
  }

  await pipeline(createReadStream(file), createGunzip(), consume);
}
