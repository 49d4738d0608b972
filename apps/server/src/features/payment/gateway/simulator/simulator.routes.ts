import { gatewayBrowserEndpoints, inLanguage, type Language } from '@junction/domain';
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { serve } from '../../../../lib/serve';
import type { GatewaySimulator } from './simulator.service';

const TEXT = {
  title: { en: 'Verify your payment', 'zh-CN': '验证您的支付' },
  issuer: { en: 'Junction Test Bank · 3-D Secure', 'zh-CN': '联程测试银行 · 3-D Secure 验证' },
  intro: {
    en: 'Your bank asks you to confirm this card payment.',
    'zh-CN': '您的发卡银行需要您确认这笔银行卡支付。',
  },
  amount: { en: 'Amount', 'zh-CN': '金额' },
  card: { en: 'Card', 'zh-CN': '银行卡' },
  pass: { en: 'Complete verification', 'zh-CN': '完成验证' },
  fail: { en: 'Fail verification', 'zh-CN': '验证失败' },
  gone: { en: 'This verification is no longer open.', 'zh-CN': '此验证已结束。' },
  back: { en: 'Back to the merchant', 'zh-CN': '返回商户' },
  demo: {
    en: 'Demonstration — no real tickets or money',
    'zh-CN': '演示网站：不出真实票，不收真实款项',
  },
} as const;

const html = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function page(language: Language, body: string, demo: boolean): string {
  const t = (k: keyof typeof TEXT) => html(inLanguage(TEXT[k], language));
  const banner = demo ? `<div class="demo" role="status" data-testid="demo-banner">${t('demo')}</div>` : '';
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${t('title')}</title><style>
body{margin:0;font:15px/1.5 system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#eef1f5;color:#1f2a37}
main{max-width:420px;margin:64px auto;background:#fff;border-radius:12px;box-shadow:0 8px 30px rgba(15,23,42,.12);padding:32px}
@media (max-width:460px){main{margin:32px 12px;padding:24px}}
.issuer{font-size:13px;color:#64748b;letter-spacing:.02em}h1{font-size:22px;margin:6px 0 12px}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 16px;margin:20px 0;padding:16px;background:#f8fafc;border-radius:8px}
dt{color:#64748b}dd{margin:0;font-weight:600}form{display:flex;gap:12px;margin-top:24px}
button{flex:1;padding:11px 0;border-radius:8px;border:1px solid #cbd5e1;background:#fff;font-size:15px;cursor:pointer}
button.pass{background:#1565c0;border-color:#1565c0;color:#fff}
.demo{background:#fff4d6;color:#7a4b00;border-bottom:1px solid #f0d38a;text-align:center;font-size:13px;padding:5px 12px}
</style></head><body>${banner}<main><div class="issuer">${t('issuer')}</div><h1>${t('title')}</h1>${body}</main></body></html>`;
}

/**
 * The simulator's own HTTP surface under its prefix: the tokenisation endpoint the browser posts card
 * details to, and the issuer's 3-D Secure challenge page (carrying the demonstration banner in a
 * demonstration). Nothing here touches our tables. `app.ts` serves it behind a session and a rate limit.
 */
export const simulatorRoutes = (sim: GatewaySimulator, options: { demo: boolean }): FastifyPluginAsync =>
  async function gatewaySimulator(app) {
    serve(app, gatewayBrowserEndpoints.tokenize, { tags: ['gateway-sim'] }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return sim.tokenize(req.body);
    });

    serve(app, gatewayBrowserEndpoints.recollect, { tags: ['gateway-sim'] }, async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return sim.tokenizeCvc(req.body);
    });

    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(body as string))),
    );
    const params = z.object({ intentId: z.string().min(1).max(100) });

    app.get('/gateway-sim/3ds/:intentId', { schema: { params, hide: true } }, async (req, reply) => {
      const { intentId } = req.params as z.infer<typeof params>;
      const language = req.language;
      const t = (k: keyof typeof TEXT) => html(inLanguage(TEXT[k], language));
      const found = await sim.challenge(intentId);
      // Its form posts back to this origin: with the site's no-referrer policy the browser would send
      // `Origin: null`, which the cross-site check refuses.
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'same-origin');
      if (found?.intent.status !== 'requires_action') {
        const back = found?.returnUrl ? `<p><a href="${html(found.returnUrl)}">${t('back')}</a></p>` : '';
        return page(language, `<p>${t('gone')}</p>${back}`, options.demo);
      }
      const { intent } = found;
      const amount = `${(intent.amount / 100).toFixed(2)} ${html(intent.currency)}`;
      const card = intent.card ? `${html(intent.card.brand.toUpperCase())} •••• ${html(intent.card.last4)}` : '';
      return page(
        language,
        `<p>${t('intro')}</p><dl><dt>${t('amount')}</dt><dd data-testid="challenge-amount">${amount}</dd><dt>${t('card')}</dt><dd>${card}</dd></dl>
<form method="post" action="/gateway-sim/3ds/${html(intent.id)}"><button type="submit" name="result" value="fail">${t('fail')}</button>
<button class="pass" type="submit" name="result" value="pass">${t('pass')}</button></form>`,
        options.demo,
      );
    });

    app.post(
      '/gateway-sim/3ds/:intentId',
      { schema: { params, body: z.object({ result: z.enum(['pass', 'fail']) }), hide: true } },
      async (req, reply) => {
        const { intentId } = req.params as z.infer<typeof params>;
        const { result } = req.body as { result: 'pass' | 'fail' };
        const back = await sim.completeChallenge(intentId, result === 'pass');
        return reply.redirect(back ?? '/', 303);
      },
    );
  };
