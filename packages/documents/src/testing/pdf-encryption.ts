// Reads a PDF's encryption dictionary from its bytes (tests): the trailer's /Encrypt reference, then that object's
// /V, /R, /Length, the crypt filter's /CFM and the /P permission flags. No PDF library, no external tool.

export interface PdfEncryption {
  /** The algorithm version (/V): 1 or 2 = RC4, 4 = AES-128 or RC4 by crypt filter, 5 = AES-256. */
  v: number;
  /** The security handler's revision (/R): 2–4 = the RC4/MD5 family, 5 and 6 = AES-256. */
  r: number;
  /** The key length in bits (/Length; 40 when absent). */
  lengthBits: number;
  /** The crypt filter's method (/CFM: 'AESV2', 'AESV3', 'V2'), or null without crypt filters (V < 4). */
  cfm: string | null;
  /** The permission flags (/P) as a signed 32-bit number. */
  p: number;
  /** Whether bit n (1-based, as the PDF specification numbers them) of /P is set. */
  allows(bit: number): boolean;
}

/** The encryption dictionary of `pdf`, or null when the file is not encrypted. */
export function pdfEncryption(pdf: Buffer): PdfEncryption | null {
  const text = pdf.toString('latin1');
  const trailer = text.slice(text.lastIndexOf('trailer'));
  const ref = /\/Encrypt\s+(\d+)\s+(\d+)\s+R/.exec(trailer);
  if (!ref) return null;
  const start = new RegExp(`(^|[\\r\\n\\s])${ref[1]}\\s+${ref[2]}\\s+obj\\b`).exec(text);
  if (!start) throw new Error(`The /Encrypt object ${ref[1]} ${ref[2]} R is not in the file`);
  const body = text.slice(start.index, text.indexOf('endobj', start.index));
  const num = (key: string) => {
    const m = new RegExp(`/${key}\\s+(-?\\d+)`).exec(body);
    return m ? Number(m[1]) : null;
  };
  const v = num('V');
  const r = num('R');
  const p = num('P');
  if (v === null || r === null || p === null) throw new Error('The /Encrypt dictionary lacks /V, /R or /P');
  const p32 = p | 0;
  return {
    v,
    r,
    lengthBits: num('Length') ?? 40,
    cfm: /\/CFM\s*\/(\w+)/.exec(body)?.[1] ?? null,
    p: p32,
    allows: (bit) => (p32 & (1 << (bit - 1))) !== 0,
  };
}
