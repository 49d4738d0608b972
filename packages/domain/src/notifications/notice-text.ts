import { formatTravelDate, formatTravelTime } from '../dates';
import { formatMoney } from '../money/money';
import type { Language } from '../preferences';
import type { NoticeParams } from './notification.schema';

/**
 * The values a notice's text is filled with, in one language. Params follow three conventions so one
 * stored notice reads well in both languages:
 * - `fromEn` / `fromZh`: a name in two languages, read as `from` in the reader's;
 * - `amountMinor`: CNY in hundredths, read as `amount` (`¥1,280`);
 * - `departureAt`: a local time with its offset (`2026-07-15T08:00:00+08:00`), read as `departure`
 *   (`Wed, Jul 15, 2026 08:00` / `2026年7月15日周三 08:00`), the clock time where it happens;
 * - a calendar date (`before`: `2026-12-05`) is written the reader's way (`Sat, Dec 5, 2026`).
 */
export function noticeValues(params: NoticeParams, language: Language): Record<string, string> {
  const values: Record<string, string> = {};
  const locale = language === 'zh-CN' ? 'zh-CN' : 'en-GB';
  for (const [key, value] of Object.entries(params)) {
    const text = String(value);
    if (key.endsWith('Minor') && typeof value === 'number') {
      values[key.slice(0, -5)] = formatMoney({ amountMinor: value, currency: 'CNY' }, locale, {
        symbol: '¥',
        position: 'left',
      });
    } else if (key.endsWith('At') && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text)) {
      values[key.slice(0, -2)] = formatTravelTime(text, language);
    } else if (/^\d{4}-\d{2}-\d{2}$/.test(text)) {
      values[key] = formatTravelDate(text, language);
      continue;
    } else if (/[a-z](En|Zh)$/.test(key)) {
      const base = key.slice(0, -2);
      const [mine, other] = language === 'zh-CN' ? ['Zh', 'En'] : ['En', 'Zh'];
      values[base] = String(params[`${base}${mine}`] ?? params[`${base}${other}`] ?? '');
    }
    values[key] = text;
  }
  return values;
}
