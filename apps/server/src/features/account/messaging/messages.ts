import type { CodePurpose, Language } from '@junction/domain';
import { escapeHtml, fill } from '../../../lib/text';
import en from '../../../locales/en/messages.json' with { type: 'json' };
import zh from '../../../locales/zh-CN/messages.json' with { type: 'json' };

const MESSAGES: Record<Language, typeof en> = { en, 'zh-CN': zh };

function toHtml(text: string): string {
  return text
    .split('\n\n')
    .map(
      (p) =>
        `<p>${escapeHtml(p)
          .replace(/\n/g, '<br>')
          .replace(/(https?:\/\/\S+)/g, '<a href="$1">$1</a>')}</p>`,
    )
    .join('\n');
}

export function codeSms(language: Language, code: string, purpose: CodePurpose): string {
  const m = MESSAGES[language];
  return fill(m.codeSms, { code, purpose: m.purpose[purpose] });
}

export function codeMail(language: Language, code: string, purpose: CodePurpose) {
  const m = MESSAGES[language];
  const text = fill(m.codeMail.text, { code, purpose: m.purpose[purpose] });
  return { subject: fill(m.codeMail.subject, { code }), text, html: toHtml(text) };
}

export function activationMail(language: Language, link: string) {
  const m = MESSAGES[language];
  const text = fill(m.activationMail.text, { link });
  return { subject: m.activationMail.subject, text, html: toHtml(text) };
}
