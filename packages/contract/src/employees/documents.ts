import { z } from 'zod';

// An employee's documents: the files uploaded, the types the unit makes mandatory and what is missing.

export const ZEmployeeDocument = z.object({
  id: z.number(),
  employeeId: z.number(),
  docTypeId: z.number(),
  docTypeName: z.string(),
  fileName: z.string(),
  mimeType: z.string(),
  sizeBytes: z.number(),
  uploadedAt: z.string(),
  uploadedByName: z.string().nullable(),
});
export type TEmployeeDocument = z.infer<typeof ZEmployeeDocument>;

export const ZEmployeeDocumentStatus = z.object({
  documents: z.array(ZEmployeeDocument),
  /** Document types the unit-wise map makes mandatory for this employee's unit, with whether one is uploaded. */
  required: z.array(z.object({ docTypeId: z.number(), docTypeName: z.string(), isMandatory: z.boolean(), uploaded: z.boolean() })),
  missingMandatory: z.array(z.object({ docTypeId: z.number(), docTypeName: z.string() })),
  /** Every document type that may be uploaded, with its allowed kinds and size limit. */
  docTypes: z.array(z.lazy(() => ZEmployeeDocType)),
});
export type TEmployeeDocumentStatus = z.infer<typeof ZEmployeeDocumentStatus>;

export const ZEmployeeDocType = z.object({
  id: z.number(),
  name: z.string(),
  /** 'pdf' | 'jpg' | 'png' */
  allowed: z.array(z.string()),
  maxBytes: z.number(),
});
export type TEmployeeDocType = z.infer<typeof ZEmployeeDocType>;
