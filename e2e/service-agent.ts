import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { type Browser, expect } from '@playwright/test';
import type { CurrentUser } from '../packages/domain/src/index';
import { PG_URL, ROOT } from './second-server';
import { rememberSignIn } from './setup';
import { type Lang, useLanguage } from './support';

let agents = 0;

/** A customer-service agent account made with the command, signed in in a browser context of its own. */
export async function signedInAgent(browser: Browser, baseURL: string, lang: Lang, name: string) {
  const email = `agent-${Date.now().toString(36)}-${process.pid}-${agents++}@junction.example`;
  await promisify(execFile)('npx', ['tsx', 'apps/server/src/db/agent-cli.ts', '--email', email, '--name', name], {
    cwd: ROOT,
    env: { ...process.env, DATABASE_URL: PG_URL, AGENT_PASSWORD: 'service2026' },
  });
  const context = await browser.newContext({ baseURL });
  await useLanguage(context, baseURL, lang);
  const page = await context.newPage();
  const res = await page.request.post('/login', {
    data: { username: email, password: 'service2026', identity: 'email' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  await rememberSignIn(context, (await res.json()) as CurrentUser);
  return { context, page };
}
