import type { CodePurpose, Language } from '@junction/domain';
import { fill, mailHtml } from '../../../lib/text';
import en from '../../../locales/en/messages.json' with { type: 'json' };
import zh from '../../../locales/zh-CN/messages.json' with { type: 'json' };

const MESSAGES: Record<Language, typeof en> = { en, 'zh-CN': zh };

export function codeSms(language: Language, code: string, purpose: CodePurpose): string {
  const m = MESSAGES[language];
  return fill(m.codeSms, { code, purpose: m.purpose[purpose] });
}

export function codeMail(language: Language, code: string, purpose: CodePurpose) {
  const m = MESSAGES[language];
  const text = fill(m.codeMail.text, { code, purpose: m.purpose[purpose] });
  return { subject: fill(m.codeMail.subject, { code }), text, html: mailHtml(text) };
}

export function activationMail(language: Language, link: string) {
  const m = MESSAGES[language];
  const text = fill(m.activationMail.text, { link });
  return { subject: m.activationMail.subject, text, html: mailHtml(text) };
}
