import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  dateTimeFormat,
  fromRequestDate,
  isDoorToken,
  LANGUAGE_COOKIE_DAYS,
  type Language,
  PREFERENCE_COOKIES,
  type SearchCriteria,
  TRIP_TYPES,
} from '@junction/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml, fill } from '../../lib/text';
import en from '../../locales/en/landing.json' with { type: 'json' };
import zh from '../../locales/zh-CN/landing.json' with { type: 'json' };
import type { SearchService } from './search.service';

const TEXTS: Record<Language, typeof en> = { en, 'zh-CN': zh };

function longDate(requestDate: string | undefined, language: Language): string {
  const iso = requestDate ? fromRequestDate(requestDate) : null;
  if (!iso) return '';
  return dateTimeFormat(TEXTS[language].dateFormat, {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${iso}T00:00:00Z`));
}

/** Title and description of a route's landing page in one language. */
export function landingMeta(c: SearchCriteria, language: Language): { title: string; description: string } {
  const t = TEXTS[language];
  const first = c.legs[0];
  const values = {
    from: first?.departureName ?? '',
    to: first?.destinationName ?? '',
    date: longDate(first?.departure_date, language),
    returnDate: longDate(first?.return_date, language),
    route: [first?.departureName, ...c.legs.map((l) => l.destinationName)].join(' – '),
  };
  const title =
    c.type === TRIP_TYPES.ROUND_TRIP ? t.titleRound : c.type === TRIP_TYPES.MULTI_CITY ? t.titleMulti : t.title;
  return { title: fill(title, values), description: fill(t.description, values) };
}

/** The criteria of a short link, or null when it is invalid. */
function criteriaOf(search: SearchService, routes: string, language: Language): SearchCriteria | null {
  try {
    return search.criteriaFromLink(routes, language);
  } catch {
    return null;
  }
}

/**
 * `/search/{routes}/{plan?}` (spec §2) is a landing page a search engine can read: the server answers
 * with the app's page carrying the route's title, description, canonical address and language
 * alternates; the app then runs the search. `?lang=` picks the language and remembers it. A link from or
 * to a door (an address, a landmark, a pin) is someone's own trip, not a route: it gets the plain page,
 * kept out of search engines.
 */
export function registerLandingPages(app: FastifyInstance, webDist: string, search: SearchService, origin: string) {
  const template = readFileSync(path.join(webDist, 'index.html'), 'utf8');
  type Req = FastifyRequest<{ Params: { routes: string; plan?: string }; Querystring: { lang?: string } }>;
  const handler = async (req: Req, reply: FastifyReply) => {
    const language = req.language;
    // A language asked for in the address is remembered like the switch in the header (spec §2, §9).
    if (req.query.lang === language) {
      reply.setCookie(PREFERENCE_COOKIES.language, language, {
        path: '/',
        maxAge: LANGUAGE_COOKIE_DAYS * 86_400,
        sameSite: 'lax',
      });
    }
    let html = template;
    const criteria = criteriaOf(search, req.params.routes, language);
    if (criteria && !criteria.legs.some((l) => isDoorToken(l.departure) || isDoorToken(l.destination))) {
      const meta = landingMeta(criteria, language);
      const page = `${origin}/search/${encodeURIComponent(req.params.routes)}`;
      const head = [
        `<title>${escapeHtml(meta.title)}</title>`,
        `<meta name="description" content="${escapeHtml(meta.description)}" />`,
        `<link rel="canonical" href="${escapeHtml(`${page}?lang=${language}`)}" />`,
        `<link rel="alternate" hreflang="en" href="${escapeHtml(`${page}?lang=en`)}" />`,
        `<link rel="alternate" hreflang="zh-CN" href="${escapeHtml(`${page}?lang=zh-CN`)}" />`,
        `<link rel="alternate" hreflang="x-default" href="${escapeHtml(page)}" />`,
      ].join('\n    ');
      html = html
        .replace(/<title>[^<]*<\/title>/, head)
        .replace(/<meta name="description"[^>]*>\s*/, '')
        .replace(/<html lang="[^"]*">/, `<html lang="${language}">`);
    } else {
      // An invalid link gets the plain page, where the app shows that nothing matches (spec §8); it and
      // a door's link are no pages for search engines.
      html = html.replace('</head>', '  <meta name="robots" content="noindex" />\n  </head>');
    }
    reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').send(html);
  };
  const schema = { hide: true };
  app.get('/search/:routes', { schema }, (req, reply) => handler(req as Req, reply));
  app.get('/search/:routes/:plan', { schema }, (req, reply) => handler(req as Req, reply));
}
