import { type Browser, expect, type Page, test, type WebSocketRoute } from '@playwright/test';
import { PNG as PNGImage } from 'pngjs';
import type { CurrentUser } from '../packages/domain/src/index';
import { startServer } from './second-server';
import { signedInAgent } from './service-agent';
import { registerUser, rememberSignIn, shot } from './setup';
import { LANGUAGES, type Lang, text, useLanguage } from './support';
import { bookTrip } from './trip-api';

/**
 * Online service with two pages at once, a traveller and an agent: real-time messages, unread counts,
 * an order attached, an image, a reconnect with nothing lost or doubled, the out-of-hours form, the
 * failure message, and who may open the console.
 */
/** A small picture (a sky gradient with a white card), as a traveller's photo of a document might be. */
const PNG = (() => {
  const png = new PNGImage({ width: 240, height: 160 });
  for (let y = 0; y < 160; y++)
    for (let x = 0; x < 240; x++) {
      const i = (y * 240 + x) * 4;
      const card = x > 30 && x < 210 && y > 40 && y < 120;
      png.data[i] = card ? 255 : 27 + Math.round((x / 240) * 60);
      png.data[i + 1] = card ? 255 : 95 + Math.round((y / 160) * 80);
      png.data[i + 2] = card ? 255 : 217;
      png.data[i + 3] = 255;
    }
  return PNGImage.sync.write(png);
})();
const t = (lang: Lang, key: string) => text(lang, 'chat', key);
const fill = (s: string, values: Record<string, string>) =>
  s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => values[k] ?? '');

/** Signs a browser context in as a traveller (registered by code), as the sign-in dialog would leave it. */
async function traveller(browser: Browser, baseURL: string, lang: Lang, timezoneId?: string) {
  const context = await browser.newContext({ baseURL, ...(timezoneId ? { timezoneId } : {}) });
  await useLanguage(context, baseURL, lang);
  const page = await context.newPage();
  const { mobile, user } = await registerUser(page);
  await rememberSignIn(context, user as CurrentUser);
  return { context, page, mobile };
}

// The file's tests run in turn in one worker, so that both languages share one second server.
test.describe.configure({ mode: 'default' });

let night: ReturnType<typeof startServer> | undefined;

/**
 * A second server process on the same database whose clock for service hours says 21:30 in Beijing: started
 * by the first test that needs it, stopped after the file.
 */
const nightServer = () => {
  night ??= startServer(
    {
      AUTH_IP_LIMIT_FACTOR: '20',
      CHAT_FIXED_NOW: '2026-11-26T13:30:00Z',
      ...(process.env.E2E_SMS_FILE ? { SMS_OUTBOX_FILE: process.env.E2E_SMS_FILE } : {}),
      ...(process.env.E2E_SMTP_URL ? { SMTP_URL: process.env.E2E_SMTP_URL } : {}),
    },
    'the second server',
  );
  return night;
};

test.afterAll(async () => {
  const started = await night?.catch(() => undefined);
  started?.child.kill('SIGTERM');
  night = undefined;
});

const panel = (page: Page) => page.getByTestId('chat-panel');
const messages = (page: Page, body: string) => page.getByTestId('chat-message').filter({ hasText: body });

async function openFromMenu(page: Page) {
  await page.goto('/account/personal-info');
  // The account page in place first: on a busy machine its parts may still be loading when the menu shows.
  await expect(page.getByTestId('profile-form')).toBeVisible({ timeout: 60_000 });
  await page.getByTestId('online-service-entry').click();
  await expect(panel(page)).toBeVisible({ timeout: 60_000 });
}

async function say(page: Page, body: string) {
  await page.getByTestId('chat-input').fill(body);
  await page.getByTestId('chat-send').click();
  await expect(messages(page, body)).toHaveCount(1);
}

/**
 * The agent opens the console, picks the traveller's conversation from the queue (by its first words and the
 * last digits of the traveller's number, which the queue shows: a test run again, or beside another, leaves
 * other conversations with the same words waiting) and takes it.
 */
async function takeWaiting(agentPage: Page, preview: string, mobile: string) {
  await agentPage.goto('/service');
  const inQueue = (queue: string) =>
    agentPage
      .getByTestId(queue)
      .getByTestId('queue-item')
      .filter({ hasText: preview })
      .filter({ hasText: mobile.slice(-4) });
  const item = inQueue('queue-waiting');
  await expect(item).toBeVisible();
  await expect(item.getByTestId('waiting-time')).toBeVisible();
  await item.click();
  await agentPage.getByTestId('take').click();
  await expect(inQueue('queue-mine')).toBeVisible();
}

for (const lang of LANGUAGES) {
  test.describe(`online service (${lang})`, () => {
    test('a traveller and an agent talk in real time: marks, typing, unread counts, an image and a reconnect', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const base = baseURL ?? '';
      const tr = await traveller(browser, base, lang);
      const ag = await signedInAgent(browser, base, lang, lang === 'en' ? 'Lin' : '林芳');
      // The traveller's socket goes through a route the test can cut.
      let cut = false;
      const live: WebSocketRoute[] = [];
      await tr.page.routeWebSocket(/\/api\/chat\/socket/, (ws) => {
        if (cut) return ws.close();
        ws.connectToServer();
        live.push(ws);
      });

      await openFromMenu(tr.page);
      await expect(tr.page.getByTestId('chat-welcome')).toBeVisible();
      const hello = lang === 'en' ? 'Hello, can I change my seat?' : '你好，我可以换座位吗？';
      await say(tr.page, hello);
      await expect(panel(tr.page).getByTestId('chat-state')).toHaveText(t(lang, 'state.waiting'));

      await takeWaiting(ag.page, hello, tr.mobile);
      await expect(tr.page.getByTestId('chat-event').filter({ hasText: lang === 'en' ? 'Lin' : '林芳' })).toBeVisible();
      // The agent has read it: the traveller's message shows the read mark.
      await expect(messages(tr.page, hello).getByTestId('mark')).toHaveAttribute('data-mark', 'read');

      // Typing shows on the other side.
      await ag.page.getByTestId('chat-input').pressSequentially('Su', { delay: 50 });
      await expect(tr.page.getByTestId('chat-typing')).toHaveText(t(lang, 'typing.agent'));
      const answer = lang === 'en' ? 'Sure, which seat would you like?' : '当然可以，您想换到哪个座位？';
      await ag.page.getByTestId('chat-input').fill(answer);
      await ag.page.getByTestId('chat-send').click();
      await expect(messages(tr.page, answer)).toHaveCount(1);
      await expect(messages(ag.page, answer).getByTestId('mark')).toHaveAttribute('data-mark', 'read');

      // Panel closed: the unread count on the menu entry rises, and clears when the traveller reads.
      await tr.page.getByTestId('chat-close').click();
      const more = lang === 'en' ? 'Window seat 32A is free.' : '32A 靠窗座位可选。';
      await ag.page.getByTestId('chat-input').fill(more);
      await ag.page.getByTestId('chat-send').click();
      await expect(tr.page.getByTestId('online-service-unread')).toHaveText('1');
      await tr.page.getByTestId('online-service-entry').click();
      await expect(messages(tr.page, more)).toHaveCount(1);
      await expect(tr.page.getByTestId('online-service-unread')).not.toHaveText(/\d/);

      // An image.
      await tr.page
        .getByTestId('chat-image-input')
        .setInputFiles({ name: 'seat.png', mimeType: 'image/png', buffer: PNG });
      await expect(panel(tr.page).locator('img[src*="/api/chat/image"]')).toHaveCount(1);
      await expect(ag.page.locator('img[src*="/api/chat/image"]')).toHaveCount(1);

      // The connection is cut; what the agent writes meanwhile arrives once the socket is back, once each.
      cut = true;
      for (const ws of live.splice(0)) await ws.close();
      await expect(panel(tr.page).getByTestId('chat-state')).toHaveText(
        new RegExp(`${t(lang, 'status.pending')}|${t(lang, 'status.failed')}`),
      );
      const away = [
        lang === 'en' ? 'Seat changed to 32A.' : '已为您换到 32A。',
        lang === 'en' ? 'Anything else?' : '还有其他问题吗？',
      ];
      for (const body of away) {
        await ag.page.getByTestId('chat-input').fill(body);
        await ag.page.getByTestId('chat-send').click();
        await expect(messages(ag.page, body)).toHaveCount(1);
      }
      await expect(messages(tr.page, away[0] ?? '')).toHaveCount(0);
      cut = false;
      for (const body of away) await expect(messages(tr.page, body)).toHaveCount(1);
      for (const body of [hello, answer, more]) await expect(messages(tr.page, body)).toHaveCount(1);
      const seqs = await tr.page
        .getByTestId('chat-message')
        .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
      expect(new Set(seqs).size).toBe(seqs.length);
      expect([...seqs].sort((a, b) => a - b)).toEqual(seqs);

      await shot(tr.page, `chat-panel-${lang}`);
      await shot(ag.page, `service-console-${lang}`);

      // Text is text: markup from a message is shown, never run.
      const markup = '<img src=x onerror="document.title=\'pwned\'"><b>bold</b>';
      await say(tr.page, markup);
      await expect(messages(ag.page, markup)).toHaveCount(1);
      expect(await ag.page.title()).not.toBe('pwned');

      // The agent closes; the traveller sees it.
      await ag.page.getByTestId('close-conversation').click();
      await ag.page.locator('.ant-popconfirm .ant-btn-primary').click();
      await expect(
        tr.page.getByTestId('chat-event').filter({ hasText: fill(t(lang, 'event.closed'), {}) }),
      ).toBeVisible();
      await tr.context.close();
      await ag.context.close();
    });

    test('an order page opens the chat with the order attached; the agent sees it beside the conversation', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(120_000);
      const base = baseURL ?? '';
      const tr = await traveller(browser, base, lang);
      const order = await bookTrip(tr.page);
      await tr.page.goto(`/order?id=${order.id}`);
      await tr.page.getByTestId('order-chat').click();
      const card = panel(tr.page).getByTestId('chat-order-card');
      await expect(card).toContainText(order.orderNumber);
      const ag = await signedInAgent(browser, base, lang, lang === 'en' ? 'Wang' : '王磊');
      await ag.page.goto('/service');
      await ag.page.getByTestId('queue-waiting').getByTestId('queue-item').first().waitFor();
      const item = ag.page.getByTestId('queue-item').filter({ hasText: tr.mobile.slice(-4) });
      await item.click();
      await expect(ag.page.getByTestId('chat-messages').getByTestId('chat-order-card')).toContainText(
        order.orderNumber,
      );
      await expect(ag.page.getByTestId('traveller-orders').getByTestId('chat-order-card')).toContainText(
        order.orderNumber,
      );
      await tr.context.close();
      await ag.context.close();
    });

    test('outside service hours the panel says when agents are back and takes a message answered later in the chat', async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(150_000);
      const late = await nightServer();
      // A traveller in New York: 9:00 in Beijing is 20:00 the evening before there.
      const tr = await traveller(browser, late.base, lang, 'America/New_York');
      await openFromMenu(tr.page);
      const hours = tr.page.getByTestId('chat-hours');
      await expect(hours).toContainText(t(lang, 'hours.closedTitle'));
      await expect(hours).toContainText('20:00');
      const question = lang === 'en' ? 'Can I get an invoice for my trip?' : '可以开具行程发票吗？';
      await expect(tr.page.getByTestId('chat-input')).toHaveAttribute('placeholder', t(lang, 'placeholder.offline'));
      await say(tr.page, question);
      await expect(tr.page.getByTestId('chat-event').filter({ hasText: t(lang, 'event.outOfHours') })).toBeVisible();
      await shot(tr.page, `chat-out-of-hours-${lang}`);

      // Next morning an agent (on the other server) answers; the traveller sees it in the chat.
      const ag = await signedInAgent(browser, baseURL ?? '', lang, lang === 'en' ? 'Chen' : '陈静');
      await takeWaiting(ag.page, question, tr.mobile);
      const reply = lang === 'en' ? 'Yes, we have e-mailed your invoice.' : '可以，发票已发送到您的邮箱。';
      await ag.page.getByTestId('chat-input').fill(reply);
      await ag.page.getByTestId('chat-send').click();
      await expect(messages(tr.page, reply)).toHaveCount(1);
      // And by a notification.
      await tr.page.goto('/account/notices');
      await expect(tr.page.getByText(text(lang, 'notices', 'kinds.service-reply.title'))).toBeVisible();
      await tr.context.close();
      await ag.context.close();
    });

    test('when the chat cannot load, the entry says failed and the panel points to the app', async ({
      browser,
      baseURL,
    }) => {
      const tr = await traveller(browser, baseURL ?? '', lang);
      await tr.page.routeWebSocket(/\/api\/chat\/socket/, (ws) => ws.close());
      await tr.page.route(/\/api\/chat(\?|$)/, (route) =>
        route.fulfill({ status: 503, json: { errorCode: 5030, errorContent: 'down' } }),
      );
      await tr.page.goto('/account/personal-info');
      await expect(tr.page.getByTestId('online-service-entry')).toHaveAttribute('data-status', 'failed');
      await expect(tr.page.getByTestId('online-service-entry')).toContainText(t(lang, 'status.failed'));
      await tr.page.getByTestId('online-service-entry').click();
      await expect(tr.page.getByTestId('chat-failed')).toContainText(text(lang, 'errors', '7012'));
      await tr.context.close();
    });

    test('the console: visitors get the login page, travellers a refusal', async ({ browser, baseURL }) => {
      const visitor = await browser.newContext({ baseURL });
      const page = await visitor.newPage();
      await page.goto('/service');
      await expect(page).toHaveURL(/\/login\?redirect=%2Fservice/);
      await visitor.close();
      const tr = await traveller(browser, baseURL ?? '', lang);
      await tr.page.goto('/service');
      await expect(tr.page.getByTestId('service-refused')).toContainText(t(lang, 'service.refused'));
      await tr.context.close();
    });

    test('the contact page opens the chat', async ({ browser, baseURL }) => {
      const tr = await traveller(browser, baseURL ?? '', lang);
      await tr.page.goto('/contact-us');
      await tr.page.getByTestId('contact-chat').click();
      await expect(panel(tr.page)).toBeVisible();
      await expect(panel(tr.page)).toContainText(t(lang, 'title'));
      await tr.context.close();
    });
  });
}
