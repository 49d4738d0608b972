import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';

/** A Chinese mobile number no other test uses. */
export const newMobile = (): string => `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
export const newEmail = (name: string): string =>
  `${name}.${Date.now()}.${Math.floor(Math.random() * 1e6)}@example.com`;

/** The latest code texted to a number, from the development SMS provider's outbox. */
export async function smsCode(e164: string): Promise<string> {
  const file = process.env.E2E_SMS_FILE ?? '';
  let code = '';
  await expect
    .poll(() => {
      const lines = fs.existsSync(file) ? fs.readFileSync(file, 'utf8').trim().split('\n') : [];
      const sms = lines
        .map((l) => JSON.parse(l) as { to: string; text: string })
        .filter((m) => m.to === e164)
        .pop();
      code = /(\d{6})/.exec(sms?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  return code;
}

const decode = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/(?:=[0-9A-F]{2})+/g, (m) => Buffer.from(m.replace(/=/g, ''), 'hex').toString('utf8'));

/**
 * The newest message the site mailed to an address, as received by the test SMTP server; with a pattern,
 * the newest whose text matches it, waiting for it to arrive.
 */
export async function latestMail(to: string, pattern?: RegExp): Promise<string> {
  const dir = process.env.E2E_MAIL_DIR ?? '';
  let text = '';
  await expect
    .poll(() => {
      const files = fs.readdirSync(dir).sort().reverse();
      for (const file of files) {
        const raw = fs.readFileSync(path.join(dir, file), 'utf8');
        if (!raw.startsWith(`X-Envelope-To: ${to}`)) continue;
        const decoded = decode(raw);
        if (pattern && !pattern.test(decoded)) continue;
        text = decoded;
        return true;
      }
      return false;
    })
    .toBe(true);
  return text;
}
