import { addDays, buildShortLink } from '@junction/domain';
import { type ReactNode, Suspense, use } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDate } from '../../../shared/lib/format';
import { loadChunk } from '../../../shared/lib/load-chunk';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { paths } from '../../../shared/paths';
import {
  ArrowRightOutlined,
  CheckCircleFilled,
  CustomerServiceOutlined,
  MobileOutlined,
  SafetyCertificateOutlined,
  TagsOutlined,
  TranslationOutlined,
} from '../../../shared/ui/light/icons';
import { type Mode, ModeIcon } from '../components/mode-icon';
import { type SearchDraft, todayIso } from '../components/search-form/search-draft';
import { SearchForm } from '../components/search-form/search-form';
import styles from './home-page.module.css';

const WHY_ICONS: ReactNode[] = [
  <TagsOutlined key="0" />,
  <CustomerServiceOutlined key="1" />,
  <SafetyCertificateOutlined key="2" />,
  <TranslationOutlined key="3" />,
];

type City = 'BJS' | 'SHA' | 'CAN' | 'CTU' | 'SZX' | 'HKG';
type PopularRoute = { from: City; to: City; modes: Mode[] };

/** Routes travellers search most, by city code; each opens its short-link landing page. */
const POPULAR_ROUTES: PopularRoute[] = [
  { from: 'BJS', to: 'SHA', modes: ['air', 'train'] },
  { from: 'SHA', to: 'CAN', modes: ['air', 'train'] },
  { from: 'BJS', to: 'CTU', modes: ['air', 'train'] },
  { from: 'SZX', to: 'HKG', modes: ['train'] },
  { from: 'SHA', to: 'CTU', modes: ['air', 'train'] },
  { from: 'CAN', to: 'BJS', modes: ['air', 'train'] },
];

/** How many days ahead the popular routes are priced. */
const POPULAR_DAYS_AHEAD = 7;

function PopularRoutes() {
  const { t } = useTranslation('home');
  const { language } = usePreferences();
  const date = addDays(todayIso(), POPULAR_DAYS_AHEAD);
  return (
    <section className={styles.section} aria-labelledby="popular-routes-title">
      <div className={styles.sectionHead}>
        <h2 className={styles.sectionTitle} id="popular-routes-title">
          {t('popular.title')}
        </h2>
        <p className={styles.sectionSubtitle}>{t('popular.subtitle')}</p>
      </div>
      <ul className={styles.routes} data-testid="popular-routes">
        {POPULAR_ROUTES.map(({ from, to, modes }) => (
          <li key={`${from}-${to}`}>
            <Link
              className={styles.route}
              to={paths.searchRoute(buildShortLink({ legs: [{ from, to, date }] }))}
              data-testid={`popular-${from}-${to}`}
            >
              <span className={styles.routeModes} aria-hidden="true">
                {modes.map((m) => (
                  <ModeIcon key={m} mode={m} />
                ))}
              </span>
              <span className={styles.routeTitle}>
                {t('popular.route', { from: t(`popular.cities.${from}`), to: t(`popular.cities.${to}`) })}
              </span>
              <span className={styles.routeNote}>{t(`popular.notes.${from}-${to}` as 'popular.notes.BJS-SHA')}</span>
              <span className={styles.routeFoot}>
                <span>{t('popular.departs', { date: formatDate(date, language) })}</span>
                <span className={styles.routeAction}>
                  {t('popular.action')} <ArrowRightOutlined aria-hidden="true" />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const linkDrafts = new Map<string, Promise<SearchDraft | undefined>>();

/** The draft a search link fills the form with, read by a module loaded only for a link. */
function linkDraft(link: string): Promise<SearchDraft | undefined> {
  let draft = linkDrafts.get(link);
  if (!draft) {
    draft = loadChunk(() => import('../components/search-form/link-draft')).then(({ draftOfLink }) =>
      draftOfLink(link),
    );
    linkDrafts.set(link, draft);
  }
  return draft;
}

function LinkedSearchForm({ link }: { link: string }) {
  return <SearchForm initial={use(linkDraft(link))} />;
}

export function HomePage() {
  const { t } = useTranslation('home');
  useDocumentTitle(t('meta.title'));
  const points = t('hero.points', { returnObjects: true });
  const legs = t('example.legs', { returnObjects: true });
  const steps = t('how.steps', { returnObjects: true });
  const why = t('why.items', { returnObjects: true });
  const railOptions = t('rail.options', { returnObjects: true });
  // A search link on the home URL (`/?s=…`) fills the form, e.g. "change search" from the results.
  const link = useSearchParams()[0].get('s');

  return (
    <div className={styles.home}>
      <section className={styles.hero}>
        <div className={styles.heroInner}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
            <h1 className={styles.title}>{t('hero.title')}</h1>
            <p className={styles.subtitle}>{t('hero.subtitle')}</p>
          </div>
          {link ? (
            <Suspense>
              <LinkedSearchForm key={link} link={link} />
            </Suspense>
          ) : (
            <SearchForm />
          )}
          <ul className={styles.points}>
            {points.map((p) => (
              <li key={p}>
                <CheckCircleFilled /> {p}
              </li>
            ))}
          </ul>
        </div>
      </section>

      <PopularRoutes />

      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('how.title')}</h2>
        <div className={styles.how}>
          <aside className={styles.example} aria-label={t('example.label')}>
            <p className={styles.exampleLabel}>{t('example.label')}</p>
            <h3 className={styles.exampleTitle}>{t('example.title')}</h3>
            <ol className={styles.legs}>
              {legs.map((leg) => (
                <li key={leg.detail} className={styles.leg}>
                  <span className={styles.legIcon}>
                    <ModeIcon mode={leg.mode} />
                  </span>
                  <span>
                    <strong>{leg.title}</strong>
                    <span className={styles.legDetail}>{leg.detail}</span>
                  </span>
                </li>
              ))}
            </ol>
            <p className={styles.exampleTotal}>{t('example.total')}</p>
            <p className={styles.exampleNote}>{t('example.note')}</p>
          </aside>
          <ol className={styles.steps}>
            {steps.map((s, i) => (
              <li key={s.title} className={styles.step}>
                <span className={styles.stepNumber}>{i + 1}</span>
                <h3>{s.title}</h3>
                <p>{s.text}</p>
              </li>
            ))}
          </ol>
        </div>
      </section>

      <section className={styles.section}>
        <h2 className={styles.sectionTitle}>{t('why.title')}</h2>
        <div className={styles.why}>
          {why.map((item, i) => (
            <div key={item.title} className={styles.whyItem}>
              <span className={styles.whyIcon}>{WHY_ICONS[i % WHY_ICONS.length]}</span>
              <h3>{item.title}</h3>
              <p>{item.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className={styles.section}>
        <div className={styles.rail}>
          <div className={styles.railIntro}>
            <h2 className={styles.sectionTitle}>{t('rail.title')}</h2>
            <p>{t('rail.subtitle')}</p>
            <a href={paths.agreement('kyfw-auth')} target="_blank" rel="noopener">
              {t('rail.more')}
            </a>
          </div>
          {railOptions.map((o) => (
            <div key={o.title} className={styles.railOption}>
              <span className={styles.railTag}>{o.tag}</span>
              <h3>{o.title}</h3>
              <p>{o.text}</p>
            </div>
          ))}
        </div>
      </section>

      <section className={styles.section}>
        <div className={styles.app}>
          <div>
            <h2>{t('app.title')}</h2>
            <p>{t('app.text')}</p>
          </div>
          <Link to={paths.download()} className={styles.appButton}>
            <MobileOutlined /> {t('app.action')}
          </Link>
        </div>
      </section>
    </div>
  );
}
