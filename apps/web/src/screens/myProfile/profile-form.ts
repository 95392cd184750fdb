// My profile's two forms (ProfileScreen): the contact details, checked as POST /api/me/employee/contact checks them
// (ZEmployeeContact), and the bank / statutory change request, as POST /api/me/employee/change-requests does
// (ZProfileChangeRequestInput). Their fields get their props from the form through fieldPropsOf (components/employee).
import {
  BANK_STATUTORY_FIELDS,
  CONTACT_FIELDS,
  type TEmployee,
  type TEmployeeContact,
  type TProfileChangeRequestInput,
  ZEmployeeContact,
  ZProfileChangeRequestInput,
} from '@hr/contract';
import { z } from 'zod';
import type { Values } from '@/components/employee/fields';
import { contractResolver } from '@/lib/form';

/** The employee's contact fields as the form holds them. */
export function contactValuesOf(e: TEmployee): Values {
  return Object.fromEntries(CONTACT_FIELDS.map((k) => [k, (e as unknown as Values)[k] ?? null]));
}

/** What the inputs hold ('' for an emptied box) as the contract's contact body (an empty field is null). */
export const CONTACT_RESOLVER = contractResolver<Values, TEmployeeContact>(
  z.preprocess(
    (v) => Object.fromEntries(CONTACT_FIELDS.map((k) => [k, (v as Values)[k] === '' ? null : (v as Values)[k]])),
    ZEmployeeContact,
  ),
);

/** The request the change form sends: only the fields given a new value, and the reason if any. */
export function changeRequestOf(v: Values): TProfileChangeRequestInput {
  const changes = Object.fromEntries(
    BANK_STATUTORY_FIELDS.filter((k) => v[k] !== '' && v[k] !== null && v[k] !== undefined).map((k) => [k, v[k]]),
  ) as TProfileChangeRequestInput['changes'];
  const reason = typeof v.reason === 'string' && v.reason ? v.reason : undefined;
  return { changes, ...(reason === undefined ? {} : { reason }) };
}

export const NO_CHANGE_MESSAGE = 'Enter at least one new value';

/** The contract's request, and what it leaves to the form: at least one new value (its error under `changes`). */
export const CHANGE_REQUEST_RESOLVER = contractResolver<Values, TProfileChangeRequestInput>(
  z.preprocess(
    (v) => changeRequestOf(v as Values),
    ZProfileChangeRequestInput.superRefine((b, ctx) => {
      if (Object.keys(b.changes).length === 0) ctx.addIssue({ code: 'custom', path: ['changes'], message: NO_CHANGE_MESSAGE });
    }),
  ),
);

/** The server names a changed field `changes.pan`; the form's field is `pan`. */
export const CHANGE_REQUEST_RENAME: Record<string, string> = Object.fromEntries(BANK_STATUTORY_FIELDS.map((k) => [`changes.${k}`, k]));
