import { localDate, referenceEndpoints, type SiteInfo } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { serve } from '../../lib/serve';

/** The year the operator was founded (spec §1: 2019; its site's first year 2020). */
const FIRST_YEAR = 2020;

/** The operator's particulars for the footer and the information pages, from configuration. */
export function siteInfoFromConfig(config: Config, now: Date = new Date()): SiteInfo {
  return {
    company: { en: config.COMPANY_NAME_EN, 'zh-CN': config.COMPANY_NAME_ZH },
    brand: { en: 'Junction', 'zh-CN': '联程旅行' },
    address: { en: config.COMPANY_ADDRESS_EN, 'zh-CN': config.COMPANY_ADDRESS_ZH },
    serviceEmail: config.SERVICE_EMAIL,
    servicePhone: config.SERVICE_PHONE,
    icpLicense: config.ICP_LICENSE,
    publicSecurityRecord: config.PUBLIC_SECURITY_RECORD,
    businessLicense: config.BUSINESS_LICENSE,
    isSample: config.COMPANY_PARTICULARS_ARE_SAMPLES,
    appLinks: { ios: config.APP_IOS_URL, android: config.APP_ANDROID_URL },
    // The copyright runs to the current year where the operator is (Beijing).
    copyrightYears: `${FIRST_YEAR}-${localDate(now.getTime(), 'Asia/Shanghai').slice(0, 4)}`,
    demo: config.DEMO_MODE,
  };
}

export const siteRoutes = (config: Config, now: () => Date): FastifyPluginAsync =>
  async function site(app) {
    serve(app, referenceEndpoints.site, { tags: ['site'] }, async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return siteInfoFromConfig(config, now());
    });
  };
