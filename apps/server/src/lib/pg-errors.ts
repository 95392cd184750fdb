import { type AppError, BadRequest, Conflict } from './errors';

interface PgErrorLike {
  code: string;
  detail?: string;
  constraint?: string;
  column?: string;
  table?: string;
  message: string;
}

/** The Postgres error inside a (possibly Drizzle-wrapped) error, if any. */
export function findPgError(err: unknown): PgErrorLike | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const c = e as Partial<PgErrorLike> & { cause?: unknown };
    if (typeof c.code === 'string' && /^[0-9A-Z]{5}$/.test(c.code) && typeof c.message === 'string') {
      return c as PgErrorLike;
    }
    e = c.cause;
  }
  return undefined;
}

const camel = (s: string) => s.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());
const human = (s: string) => s.replace(/_/g, ' ');
const snake = (s: string) => s.replace(/[A-Z]/g, (ch) => `_${ch.toLowerCase()}`);

/** Columns named in a detail like `Key (user_id, unit_id)=(1, 2) already exists.` */
function keyColumns(detail: string | undefined): string[] {
  // Expression indexes wrap the column: `Key (lower(user_name::text))=(admin)`.
  const m = detail?.match(/Key \((.*?)\)=\(/);
  if (!m) return [];
  return m[1]
    .split(',')
    .map((c) =>
      c
        .trim()
        .replace(/^(lower|upper|trim)\((.*)\)$/, '$2')
        .replace(/::[a-z ]+$/, '')
        .replace(/"/g, ''),
    )
    .filter(Boolean);
}

/** Field name guessed from a constraint named `<table>_<column>[_lower]_uq` / `_fkey`, as drizzle names them. */
function fieldFromConstraint(constraint: string | undefined, table: string | undefined): string | undefined {
  if (!constraint) return undefined;
  let c = constraint.replace(/_(uq|unique|key|fkey|idx|pkey)$/, '').replace(/_(lower|ci)$/, '');
  if (table && c.startsWith(`${table}_`)) c = c.slice(table.length + 1);
  return c ? camel(c) : undefined;
}

/** Maps a database error caused by client input to a 4xx AppError; undefined for anything else. */
export function mapPgError(err: unknown): AppError | undefined {
  const pgErr = findPgError(err);
  if (!pgErr) return undefined;
  switch (pgErr.code) {
    case '23505': {
      const cols = keyColumns(pgErr.detail);
      const field = cols.length ? camel(cols[cols.length - 1]) : fieldFromConstraint(pgErr.constraint, pgErr.table);
      const what = cols.length ? cols.map(human).join(' + ') : field ? human(snake(field)) : 'value';
      return new Conflict(`A record with this ${what} already exists`, field);
    }
    case '23503': {
      const cols = keyColumns(pgErr.detail);
      const referencedBy = pgErr.detail?.match(/referenced from table "([^"]+)"/)?.[1];
      if (referencedBy) {
        return new Conflict(`This record is referenced by ${human(referencedBy)} and cannot be removed`);
      }
      const field = cols.length ? camel(cols[0]) : fieldFromConstraint(pgErr.constraint, pgErr.table);
      const message = 'The selected record does not exist';
      return new BadRequest(message, field ? { [field]: [message] } : undefined);
    }
    case '23502': {
      const field = pgErr.column ? camel(pgErr.column) : undefined;
      return new BadRequest('A required value is missing', field ? { [field]: ['Required'] } : undefined);
    }
    case '23514':
      return new BadRequest('A value is not allowed', undefined);
    case '22P02':
      return new BadRequest('A value has the wrong format');
    case '22003':
      return new BadRequest('A number is out of range');
    case '22001': {
      const field = pgErr.column ? camel(pgErr.column) : undefined;
      return new BadRequest('A value is too long', field ? { [field]: ['Too long'] } : undefined);
    }
    case '22007':
    case '22008':
      return new BadRequest('A date or time is not valid');
    case '22012':
      return new BadRequest('Division by zero');
    case '22023':
    case '22026':
    case '22021':
      return new BadRequest('A value is not valid');
    case '40001':
    case '40P01':
      return new Conflict('The record was changed at the same time by someone else; please try again');
    default:
      return undefined;
  }
}
