import { SearchOutlined } from '@ant-design/icons';
import { Collapse, Input } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { paths } from '../../../shared/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import styles from '../components/info.module.css';
import { PageHero } from '../components/page-hero';
import { useSiteValues } from '../components/site-text';
import faq from './faq.module.css';

/** Case- and width-insensitive match of every word of the query against question and answer. */
export function matchesQuery(text: string, query: string): boolean {
  const haystack = text.toLocaleLowerCase();
  return query
    .toLocaleLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export function FaqPage() {
  const { t } = useTranslation('faq');
  const values = useSiteValues();
  useDocumentTitle(t('meta.title'));
  const [query, setQuery] = useState('');
  const categories = t('categories', { returnObjects: true, ...values });

  const filtered = useMemo(
    () =>
      categories
        .map((c) => ({
          ...c,
          questions: c.questions.filter((q) => matchesQuery(`${q.q} ${q.a.join(' ')}`, query)),
        }))
        .filter((c) => c.questions.length > 0),
    [categories, query],
  );

  return (
    <>
      <PageHero title={t('hero.title', values)} subtitle={t('hero.subtitle', values)}>
        <Input
          className={faq.search}
          size="large"
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('hero.searchPlaceholder')}
          aria-label={t('hero.searchPlaceholder')}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
      </PageHero>
      <div className={styles.page}>
        <div className={faq.layout}>
          <nav className={faq.toc} aria-label={t('meta.title')}>
            <ul>
              {categories.map((c) => (
                <li key={c.id}>
                  <a href={`#faq-${c.id}`}>{c.title}</a>
                </li>
              ))}
            </ul>
          </nav>
          <div>
            {filtered.length === 0 ? (
              <section className={styles.card}>
                <EmptyState kind="no-result" title={t('noMatch')} />
              </section>
            ) : (
              filtered.map((c) => (
                <section key={c.id} id={`faq-${c.id}`} className={styles.card} data-testid="faq-category">
                  <h2 className={styles.sectionTitle}>{c.title}</h2>
                  <Collapse
                    bordered={false}
                    defaultActiveKey={query ? c.questions.map((q) => q.q) : []}
                    key={query ? 'search' : 'all'}
                    items={c.questions.map((q) => ({
                      key: q.q,
                      label: <span className={faq.question}>{q.q}</span>,
                      children: q.a.map((p) => (
                        <p key={p} className={styles.paragraph}>
                          {p}
                        </p>
                      )),
                    }))}
                  />
                </section>
              ))
            )}
            <section className={`${styles.card} ${faq.help}`}>
              <div>
                <h2 className={styles.sectionTitle}>{t('stillNeedHelp.title')}</h2>
                <p className={styles.tileText}>{t('stillNeedHelp.text', values)}</p>
              </div>
              <a className={faq.helpButton} href={paths.contact()}>
                {t('stillNeedHelp.action')}
              </a>
            </section>
          </div>
        </div>
      </div>
    </>
  );
}
