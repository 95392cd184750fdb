import { z } from 'zod';
import { IDENTIFIER_SHAPES, type TIdentifierKind, zOptionalCoordinate, zOptionalIdentifier } from '../identifiers';
import { zLine } from '../text';
import type { TField } from './field';

// The master fields that hold an identifier of a shape (identifiers.ts): a master's code, a TAN / PAN / EPFO / ESIC
// code, a coordinate. Part of `f` (fields.ts).

type Opt = { required?: boolean; help?: string };
const trimmed = (max: number) => zLine().max(max, `At most ${max} characters`);

export const identifierFields = {
  /**
   * A master's code: one line of text of the shape `IDENTIFIER_SHAPES.code` (letters and digits with - _ . / between
   * them, no spaces), or `headCode` for the heads formulas name.
   */
  code(label: string, o: Opt & { max?: number; sample?: (n: string) => string; shape?: 'code' | 'headCode' } = {}) {
    const max = o.max ?? 30;
    const required = o.required ?? true;
    const shape = IDENTIFIER_SHAPES[o.shape ?? 'code'];
    const zod = trimmed(max).regex(shape.re, `${label} must be ${shape.shape}`);
    return {
      kind: 'text',
      label,
      required,
      help: o.help ?? `Letters and digits${o.shape === 'headCode' ? ' and _' : ', with - _ . / between them'}; no spaces`,
      zod: required
        ? trimmed(max).min(1, `${label} is required`).pipe(zod)
        : z
            .union([z.literal(''), zod, z.null()])
            .optional()
            .transform((v) => (v === '' || v === undefined ? null : v)),
      sample: o.sample ?? ((n: string) => `C${n.replace(/[^A-Za-z0-9]/g, '').slice(-8)}`.slice(0, max)),
    } satisfies TField;
  },
  /** An optional identifier of a shape (TAN, PAN, EPFO or ESIC code, PIN code …): upper-cased, '' and absent null. */
  identifier(label: string, kind: TIdentifierKind, o: { help?: string; sample: string }) {
    return {
      kind: 'text',
      label,
      required: false,
      help: o.help ?? `${IDENTIFIER_SHAPES[kind].shape.charAt(0).toUpperCase()}${IDENTIFIER_SHAPES[kind].shape.slice(1)}`,
      zod: zOptionalIdentifier(kind, label),
      sample: () => o.sample,
    } satisfies TField;
  },
  /** An optional latitude or longitude in degrees (six decimals, kept as text), within its range. */
  coordinate(label: string, axis: 'latitude' | 'longitude', o: { help?: string } = {}) {
    return {
      kind: 'number',
      decimal: true,
      label,
      required: false,
      help: o.help,
      zod: zOptionalCoordinate(axis, label),
      sample: () => (axis === 'latitude' ? '12.971599' : '77.594566'),
    } satisfies TField;
  },
};
