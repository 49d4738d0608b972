import { z } from 'zod';

const localizedSchema = z.object({ en: z.string(), 'zh-CN': z.string() });
export type Localized = z.infer<typeof localizedSchema>;

/**
 * The operator's particulars and app links, served by `GET /api/site` from server configuration so that
 * registration numbers and addresses are never written into the code or the texts.
 */
export const siteInfoSchema = z.object({
  company: localizedSchema,
  brand: localizedSchema,
  address: localizedSchema,
  serviceEmail: z.string(),
  servicePhone: z.string(),
  icpLicense: z.string(),
  publicSecurityRecord: z.string(),
  businessLicense: z.string(),
  isSample: z.boolean(),
  appLinks: z.object({ ios: z.url(), android: z.url() }),
  copyrightYears: z.string(),
  /** A public demonstration (simulated card processor and railway): every page says so. */
  demo: z.boolean(),
});
export type SiteInfo = z.infer<typeof siteInfoSchema>;
