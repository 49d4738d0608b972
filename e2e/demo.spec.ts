import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { expect, type Page, test } from '@playwright/test';
import { newMobile, smsCode } from './outbox';
import { startServer } from './second-server';
import { PASSWORD } from './setup';
import { LANGUAGES, text, useLanguage, watchErrors } from './support';

/**
 * A production start as a public demonstration (NODE_ENV=production, DEMO_MODE=true): the simulated card
 * processor and railway run, and every page says that no ticket or money is real, in both languages, on a
 * desktop and a phone, above the header and the card issuer's page alike. A second server process on the
 * tests' database is started so; the rest of the suite runs without the banner.
 */
// One server for both languages: the tests run one after the other in one worker.
test.describe.configure({ mode: 'serial' });

let app: ChildProcess;
let base = '';

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ({ base, child: app } = await startServer(
    {
      NODE_ENV: 'production',
      DEMO_MODE: 'true',
      SECRET_KEY: randomBytes(32).toString('base64'),
      DATA_KEYS: `demo:${randomBytes(32).toString('base64')}`,
      MESSAGING_STAND_INS: 'true',
      SMS_OUTBOX_FILE: process.env.E2E_SMS_FILE ?? '',
    },
    'the demonstration server',
  ));
});

test.afterAll(() => {
  app?.kill('SIGTERM');
});

const shot = (page: Page, name: string) => page.screenshot({ path: test.info().outputPath(`${name}.png`) });

/** The banner is on screen above the header, which it does not cover nor is covered by. */
async function expectBanner(page: Page, words: string) {
  const banner = page.getByTestId('demo-banner');
  await expect(banner).toHaveText(words);
  const bannerBox = await banner.boundingBox();
  const headerBox = await page.getByTestId('site-header').boundingBox();
  if (!bannerBox || !headerBox) throw new Error('the banner or the header has no box');
  expect(bannerBox.y).toBe(0);
  expect(bannerBox.height).toBeGreaterThanOrEqual(20);
  expect(headerBox.y).toBeGreaterThanOrEqual(bannerBox.y + bannerBox.height - 1);
  // One line that fits: nothing of the sentence is cut off.
  expect(await banner.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
}

for (const lang of LANGUAGES) {
  test(`a production demonstration says so on every page, on a desktop and a phone, in ${lang}`, async ({
    page,
    context,
  }) => {
    await useLanguage(context, base, lang);
    const errors = watchErrors(page);
    const words = text(lang, 'common', 'demo.banner');
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
      for (const at of ['/', '/about', '/login', '/account/wallet']) {
        await page.goto(`${base}${at}`);
        await expectBanner(page, words);
        if (at === '/' || at === '/login') await shot(page, `demo-${at.slice(1) || 'home'}-${width}-${lang}`);
      }
    }
    // The card issuer's page of the simulated processor says it too (it needs a session, as the API does).
    const mobile = newMobile();
    await page.request.post(`${base}/code`, {
      data: { type: 'mobile', target: mobile, country: 'CN', purpose: 'register' },
    });
    const registered = await page.request.post(`${base}/register`, {
      data: { type: 'mobile', target: mobile, country: 'CN', password: PASSWORD, code: await smsCode(`+86${mobile}`) },
    });
    expect(registered.ok(), await registered.text()).toBe(true);
    await page.goto(`${base}/gateway-sim/3ds/pi_none`);
    await expect(page.getByTestId('demo-banner')).toHaveText(words);
    await shot(page, `demo-issuer-page-390-${lang}`);
    expect(errors).toEqual([]);
  });
}
