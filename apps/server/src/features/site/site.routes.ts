import { referenceEndpoints, type SiteInfo } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import { serve } from '../../lib/serve';

/** The operator's particulars for the footer and the information pages, from configuration. */
export function siteInfoFromConfig(config: Config): SiteInfo {
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
    copyrightYears: '2020-2025',
  };
}

export const siteRoutes = (config: Config): FastifyPluginAsync =>
  async function site(app) {
    const info = siteInfoFromConfig(config);
    serve(app, referenceEndpoints.site, { tags: ['site'] }, async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return info;
    });
  };
