import { z } from 'zod';

// ID cards: one employee's card and a batch of them with the organisation's name and logo.

export const ZIdCard = z.object({
  employeeId: z.number(),
  name: z.string(),
  employeeCode: z.string(),
  designation: z.string(),
  department: z.string(),
  unit: z.string(),
  bloodGroup: z.string().nullable(),
  /** data: URL of the photo, or null. */
  photo: z.string().nullable(),
  address: z.string(),
  emergencyContact: z.string(),
  mobile: z.string(),
  validUntil: z.string(),
});
export type TIdCard = z.infer<typeof ZIdCard>;

export const ZIdCardBatch = z.object({
  organisationName: z.string(),
  organisationAddress: z.string(),
  /** data: URL of the organisation logo, or null for the default one. */
  logo: z.string().nullable(),
  cards: z.array(ZIdCard),
});
export type TIdCardBatch = z.infer<typeof ZIdCardBatch>;
