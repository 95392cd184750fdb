/** The backup's tar writer and reader agree with each other and with GNU tar (long names, empty and multi-block entries). */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTarGz, type TarEntry, writeTarGz } from '../../src/backup/tar';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'hr-tar-test-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const files: Record<string, Buffer> = {
  'manifest.json': Buffer.from('{"a":1}\n'),
  'files/empty.txt': Buffer.alloc(0),
  'files/block.bin': randomBytes(512),
  'files/big.bin': randomBytes(300_000),
  // Fits ustar only through the prefix field.
  [`files/${'d'.repeat(120)}/${'n'.repeat(90)}.pdf`]: Buffer.from('prefix'),
  // Fits no ustar split: a PAX header carries the name.
  [`files/${'x'.repeat(180)}.pdf`]: Buffer.from('pax'),
};

function entries(): TarEntry[] {
  return Object.entries(files).map(([name, data]) => ({
    name,
    size: data.length,
    data: async function* () {
      // In uneven chunks, as a file stream gives them.
      for (let i = 0; i < data.length; i += 7001) yield data.subarray(i, i + 7001);
    },
  }));
}

describe('tar.gz', () => {
  it('reads back what it wrote, in order', async () => {
    const file = path.join(dir, 'a.tar.gz');
    await writeTarGz(file, entries());
    const read: Record<string, Buffer> = {};
    await readTarGz(file, async (e) => {
      const parts: Buffer[] = [];
      return {
        write: async (c) => void parts.push(Buffer.from(c)),
        end: async () => {
          read[e.name] = Buffer.concat(parts);
          expect(read[e.name].length).toBe(e.size);
        },
      };
    });
    expect(Object.keys(read)).toEqual(Object.keys(files));
    for (const [name, data] of Object.entries(files)) expect(read[name].equals(data), name).toBe(true);
  });

  it('GNU tar lists and extracts it the same', async () => {
    const file = path.join(dir, 'b.tar.gz');
    await writeTarGz(file, entries());
    const listed = execFileSync('tar', ['-tzf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(Object.keys(files));
    const out = path.join(dir, 'out');
    execFileSync('mkdir', ['-p', out]);
    execFileSync('tar', ['-xzf', file, '-C', out]);
    for (const [name, data] of Object.entries(files)) expect((await readFile(path.join(out, name))).equals(data), name).toBe(true);
  });

  it('refuses an entry whose bytes differ from its declared size, and a cut-off archive', async () => {
    const file = path.join(dir, 'c.tar.gz');
    await expect(
      writeTarGz(file, [
        {
          name: 'x',
          size: 10,
          data: async function* () {
            yield Buffer.from('short');
          },
        },
      ]),
    ).rejects.toThrow(/changed while it was archived/);
    const good = path.join(dir, 'd.tar.gz');
    await writeTarGz(good, entries());
    const cut = path.join(dir, 'e.tar.gz');
    const { gunzipSync, gzipSync } = await import('node:zlib');
    const raw = gunzipSync(await readFile(good));
    await (await import('node:fs/promises')).writeFile(cut, gzipSync(raw.subarray(0, 2048)));
    await expect(readTarGz(cut, async () => ({ write: async () => {}, end: async () => {} }))).rejects.toThrow(/cut short/);
  });
});
