import { z } from 'zod';

/** Every error the API returns has this body. */
export const ZApiError = z.object({
  statusCode: z.number(),
  error: z.string(),
  message: z.string(),
  /** For 400: field path (dotted) → messages. */
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
  requestId: z.string().optional(),
});
export type TApiError = z.infer<typeof ZApiError>;
