import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TIdCard, TIdCardBatch } from '@hr/contract';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { buildIdCardDoc, CARD_HEIGHT, CARD_WIDTH, idCardFileName, qrCanvas } from './id-card';
import { renderPdf } from './node';
import { itWithPoppler } from './testing/poppler';

const card = (i: number, extra: Partial<TIdCard> = {}): TIdCard => ({
  employeeId: i,
  name: i === 1 ? 'Priya Sharma' : `Employee ${i}`,
  employeeCode: `BLR${String(i).padStart(4, '0')}`,
  designation: 'Accounts Executive',
  department: 'Finance & Accounts',
  unit: 'Head Office Bengaluru',
  bloodGroup: 'O+',
  photo: null,
  address: '12, 4th Cross, Jayanagar, Bengaluru, 560011',
  emergencyContact: 'Suresh Sharma (Father), 9845098450',
  mobile: '9845012345',
  validUntil: '31-03-2027',
  ...extra,
});
const batch = (cards: TIdCard[]): TIdCardBatch => ({
  organisationName: 'Sunrise Educational & Healthcare Services Pvt. Ltd.',
  organisationAddress: 'No. 42, 3rd Floor, Sunrise Towers, Residency Road, Bengaluru, Karnataka 560025',
  logo: null,
  cards,
});

function pdfInfo(bytes: Buffer): { pages: number; size: string; text: string } {
  const dir = mkdtempSync(join(tmpdir(), 'idcard-'));
  const file = join(dir, 'c.pdf');
  writeFileSync(file, bytes);
  const info = execFileSync('pdfinfo', [file]).toString();
  const text = execFileSync('pdftotext', ['-layout', file, '-']).toString();
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), size: /Page size:\s+([^\n]+)/.exec(info)?.[1] ?? '', text };
}

describe('ID card', () => {
  it('is CR80 sized', () => {
    expect(CARD_WIDTH).toBeCloseTo(153.01, 1);
    expect(CARD_HEIGHT).toBeCloseTo(242.65, 1);
  });

  it('draws the QR code of the employee code module for module', () => {
    const qr = QRCode.create('BLR0002', { errorCorrectionLevel: 'M' });
    let dark = 0;
    for (let r = 0; r < qr.modules.size; r++) for (let c = 0; c < qr.modules.size; c++) dark += qr.modules.get(r, c) ? 1 : 0;
    const rects = qrCanvas('BLR0002', 46).slice(1) as { w: number }[];
    const cell = 46 / (qr.modules.size + 2);
    const covered = rects.reduce((s, r) => s + Math.round((r.w - 0.05) / cell), 0);
    expect(covered).toBe(dark);
  });

  itWithPoppler('one employee: a card-size PDF with the front and the back, long texts kept inside the card', async () => {
    const pdf = await renderPdf(
      buildIdCardDoc(
        batch([
          card(1, {
            address: 'Flat 12B, Prestige Shantiniketan, Whitefield Main Road, ITPL, Hoodi, Bengaluru, Karnataka, 560048',
            emergencyContact: '—',
          }),
        ]),
        'card',
      ),
    );
    const { pages, size, text } = pdfInfo(pdf);
    expect(pages).toBe(2);
    expect(size).toMatch(/^153\.0\d* x 242\.6\d* pts/);
    for (const s of [
      'Priya Sharma',
      'BLR0001',
      'Accounts Executive',
      'Head Office Bengaluru',
      'O+',
      'Whitefield',
      '31-03-2027',
      'Authorised Signatory',
    ])
      expect(text).toContain(s);
    expect(idCardFileName(batch([card(1)]))).toBe('ID_Card_BLR0001.pdf');
  });

  itWithPoppler('a unit batch: nine cards a sheet on A4, fronts then mirrored backs', async () => {
    const cards = Array.from({ length: 11 }, (_, i) => card(i + 1));
    const pdf = await renderPdf(buildIdCardDoc(batch(cards), 'a4'));
    const { pages, size, text } = pdfInfo(pdf);
    expect(pages).toBe(4);
    expect(size).toMatch(/^595\.\d+ x 841\.\d+ pts \(A4\)/);
    expect(text.split('\f')[0]).toContain('BLR0009');
    expect(text.split('\f')[0]).not.toContain('BLR0010');
    expect(text.split('\f')[2]).toContain('BLR0011');
    expect(idCardFileName(batch(cards))).toBe('ID_Cards_HeadOfficeBengaluru.pdf');
  });

  itWithPoppler('uses the photo when it is a PNG or JPEG, initials otherwise', async () => {
    const png = await QRCode.toDataURL('a photo stand-in');
    const withPhoto = JSON.stringify(buildIdCardDoc(batch([card(1, { photo: png })])));
    expect(withPhoto.includes(png)).toBe(true);
    const without = pdfInfo(
      await renderPdf(buildIdCardDoc(batch([card(1, { photo: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' })]))),
    ).text;
    expect(without).toContain('PS');
  });
});
