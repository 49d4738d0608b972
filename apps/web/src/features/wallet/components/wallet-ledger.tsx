import type { WalletEntry } from '@junction/domain';
import { dateTimeFormat } from '@junction/domain';
import { Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePreferences } from '../../../shared/lib/preferences';
import { paths } from '../../../shared/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ListPager } from '../../../shared/ui/list-pager';
import { useFormatMoney } from '../../../shared/ui/price';
import { useWalletEntries } from '../api/wallet';
import { cnyMoney } from '../lib/wallet-money';
import styles from '../pages/wallet-page.module.css';

const PAGE_SIZE = 10;
const KIND_COLOURS: Record<WalletEntry['kind'], string> = { topup: 'blue', payment: 'orange', refund: 'green' };

/** The wallet's history, a page at a time: each entry's time, kind, order or reference, amount and balance after. */
export function WalletLedger() {
  const { t } = useTranslation('wallet');
  const { language } = usePreferences();
  const format = useFormatMoney();
  const [page, setPage] = useState(1);
  const entries = useWalletEntries({ page, pageSize: PAGE_SIZE });
  const dateTime = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  return (
    <section className={styles.section}>
      <div className={styles.sectionHead}>
        <h2>{t('history.title')}</h2>
        {entries.data && entries.data.total > 0 ? (
          <span className={styles.count}>{t('history.count', { count: entries.data.total })}</span>
        ) : null}
      </div>
      {entries.isPending ? <Skeleton active paragraph={{ rows: 4 }} /> : null}
      {entries.data && entries.data.total === 0 ? (
        <EmptyState kind="empty" title={t('history.empty.title')} description={t('history.empty.description')} />
      ) : null}
      {entries.data && entries.data.items.length > 0 ? (
        <table className={styles.ledger} data-testid="wallet-ledger">
          <thead>
            <tr>
              <th>{t('history.when')}</th>
              <th>{t('history.what')}</th>
              <th className={styles.amountCol}>{t('history.amount')}</th>
              <th className={styles.amountCol}>{t('history.after')}</th>
            </tr>
          </thead>
          <tbody>
            {entries.data.items.map((e) => (
              <tr key={e.id} data-testid="wallet-entry" data-kind={e.kind}>
                <td className={styles.when}>{dateTime.format(new Date(e.createdAt))}</td>
                <td>
                  <Tag variant="filled" color={KIND_COLOURS[e.kind]}>
                    {t(`kinds.${e.kind}`)}
                  </Tag>
                  {e.orderId ? (
                    <Link to={paths.order(e.orderId)} className={styles.reference} data-testid="entry-order">
                      {e.orderNumber ? t('history.orderNumber', { number: e.orderNumber }) : t('history.order')}
                    </Link>
                  ) : e.reference ? (
                    <span className={styles.reference}>
                      {e.reference === 'alipay' || e.reference === 'wechat'
                        ? t(`topUp.apps.${e.reference}`)
                        : e.reference}
                    </span>
                  ) : null}
                </td>
                <td className={`${styles.amountCol} ${e.amount.amount < 0 ? styles.out : styles.in}`}>
                  {e.amount.amount > 0 ? '+' : '−'}
                  {format(cnyMoney(e.amount, Math.sign(e.amount.amount)))}
                </td>
                <td className={styles.amountCol}>{format(cnyMoney(e.balanceAfter))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <ListPager
        className={styles.pager}
        page={page}
        pageSize={PAGE_SIZE}
        total={entries.data?.total}
        onChange={setPage}
      />
    </section>
  );
}
