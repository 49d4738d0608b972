import { SearchOutlined } from '@ant-design/icons';
import { inLanguage } from '@junction/domain';
import { Input, Table, type TableColumnsType, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { EmptyState } from '../../../shared/ui/empty-state';
import { Price } from '../../../shared/ui/price';
import { AIRLINE_FEES, type AirlineFee, type Fee } from '../airline-fees';
import styles from '../components/info.module.css';
import { PageHero } from '../components/page-hero';
import { useSiteValues } from '../components/site-text';
import fees from './airline-fees.module.css';

export function AirlineFeesPage() {
  const { t } = useTranslation('fees');
  const { t: tc } = useTranslation('common');
  const { language } = usePreferences();
  const values = useSiteValues();
  useDocumentTitle(t('meta.title'));
  const [query, setQuery] = useState('');
  const nameOf = (a: AirlineFee) => inLanguage({ en: a.name.en, 'zh-CN': a.name.zh }, language);

  const feeText = (fee: Fee) => {
    switch (fee.kind) {
      case 'percent':
        return t('table.percent', { value: fee.value });
      case 'amount':
        return <Price money={{ amountMinor: fee.minor, currency: AIRLINE_FEES.currency }} />;
      case 'free':
        return <Tag className={fees.free}>{t('table.free')}</Tag>;
      case 'notAllowed':
        return <Tag>{t('table.notAllowed')}</Tag>;
    }
  };
  const allowance = (a: { pieces: number; weightKg: number }) =>
    a.pieces === 0 ? (
      <span className={styles.muted}>{t('table.none')}</span>
    ) : (
      t('table.pieces', { count: a.pieces, weight: a.weightKg })
    );

  const rows = useMemo(() => {
    const q = query.trim().toLocaleLowerCase();
    return AIRLINE_FEES.airlines.filter(
      (a) => !q || [a.code, a.name.en, a.name.zh].some((s) => s.toLocaleLowerCase().includes(q)),
    );
  }, [query]);

  const columns: TableColumnsType<AirlineFee> = [
    {
      title: t('table.airline'),
      key: 'airline',
      fixed: 'left',
      // Chinese names are shorter: the room goes to the fee columns, whose heads then stay on one line.
      width: language === 'zh-CN' ? 150 : 200,
      render: (_, a) => (
        <span className={fees.airline}>
          <span className={fees.code}>{a.code}</span>
          <span>{nameOf(a)}</span>
        </span>
      ),
    },
    { title: t('table.carryOn'), key: 'carryOn', width: 110, render: (_, a) => allowance(a.carryOn) },
    { title: t('table.checked'), key: 'checked', width: 130, render: (_, a) => allowance(a.checked) },
    {
      title: t('table.extraBag'),
      key: 'extraBag',
      width: 130,
      render: (_, a) => <Price money={{ amountMinor: a.extraBagMinor, currency: AIRLINE_FEES.currency }} />,
    },
    {
      title: t('table.change'),
      children: [
        { title: t('table.before2h'), key: 'changeBefore', render: (_, a) => feeText(a.change.before2h) },
        { title: t('table.within2h'), key: 'changeWithin', render: (_, a) => feeText(a.change.within2h) },
      ],
    },
    {
      title: t('table.cancel'),
      children: [
        { title: t('table.before2h'), key: 'cancelBefore', render: (_, a) => feeText(a.cancel.before2h) },
        { title: t('table.within2h'), key: 'cancelWithin', render: (_, a) => feeText(a.cancel.within2h) },
      ],
    },
  ];

  const notes = t('notes.items', { returnObjects: true, ...values });
  return (
    <>
      <PageHero title={t('hero.title', values)} subtitle={t('hero.subtitle', values)} />
      <div className={styles.page}>
        <section className={styles.card}>
          <div className={fees.toolbar}>
            <Input
              allowClear
              prefix={<SearchOutlined />}
              placeholder={t('table.searchPlaceholder')}
              aria-label={t('table.searchPlaceholder')}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              style={{ maxWidth: 320 }}
            />
            <span className={`${styles.muted} ${fees.effective}`}>
              {t('effective', { date: formatDate(AIRLINE_FEES.effective, language) })}
            </span>
          </div>
          {/* Wider than a phone: it scrolls sideways within its region, which the keyboard can reach and scroll. */}
          {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region is reached by the keyboard to scroll it */}
          <section className={fees.tableScroll} aria-label={t('meta.title')} tabIndex={0}>
            <Table<AirlineFee>
              rowKey="code"
              size="middle"
              bordered
              columns={columns}
              dataSource={rows}
              pagination={false}
              tableLayout="fixed"
              locale={{ emptyText: <EmptyState kind="no-result" title={tc('empty.noResult')} /> }}
              data-testid="airline-fees-table"
            />
          </section>
        </section>
        <section className={styles.card}>
          <h2 className={styles.sectionTitle}>{t('notes.title')}</h2>
          <ul className={fees.notes}>
            {notes.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}
