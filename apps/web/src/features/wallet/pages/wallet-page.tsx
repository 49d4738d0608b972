import { PlusOutlined, SafetyCertificateOutlined, WalletOutlined } from '@ant-design/icons';
import type { Cny, SavedCard, TopUpState, WalletEntry, WalletSummary } from '@junction/domain';
import { App, Button, type ButtonProps, Input, Modal, Pagination, Skeleton, Tag } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { isHandledGlobally } from '../../../shared/api/api-error';
import { useErrorText } from '../../../shared/lib/error-text';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { paths } from '../../../shared/paths';
import { EmptyState } from '../../../shared/ui/empty-state';
import { useFormatMoney } from '../../../shared/ui/price';
import {
  useRemoveCard,
  useSavedCards,
  useTopUpState,
  useUpdateCard,
  useWalletEntries,
  useWalletSummary,
} from '../api/wallet';
import { CardFormModal } from '../components/card-form-modal';
import { SavedCardTile } from '../components/saved-card-tile';
import { TopUpModal } from '../components/top-up-modal';
import styles from './wallet-page.module.css';

const PAGE_SIZE = 10;
/** The wallet keeps CNY (the charge currency); its amounts are shown as they are, not converted. */
const cnyMoney = (m: Cny, sign = 1) => ({ amountMinor: sign * m.amount, currency: 'CNY' as const });
const KIND_COLOURS: Record<WalletEntry['kind'], string> = { topup: 'blue', payment: 'orange', refund: 'green' };

/** The most the next top-up may be: one top-up's cap, what 24 hours still allow, and room under the balance's cap. */
export function topUpMax(s: WalletSummary): number {
  return Math.min(s.topupMaxMinor, s.topupLeftTodayMinor, Math.max(0, s.balanceMaxMinor - s.balance.amount));
}

/** Which cap holds the next top-up below one top-up's own, if any. */
export function cappedBy(s: WalletSummary): 'daily' | 'balance' | null {
  const max = topUpMax(s);
  if (max >= s.topupMaxMinor) return null;
  return max === s.topupLeftTodayMinor ? 'daily' : 'balance';
}

/** `/account/wallet` (spec §2, §3 wallet card): the balance and its history, saved cards, top-ups. */
export function WalletPage() {
  const { t } = useTranslation('wallet');
  useDocumentTitle(t('title'));
  const { language } = usePreferences();
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const format = useFormatMoney();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = useState(1);
  const [adding, setAdding] = useState(false);
  const [toppingUp, setToppingUp] = useState(false);
  const [editing, setEditing] = useState<{ card: SavedCard; description: string } | null>(null);
  const summary = useWalletSummary();
  const entries = useWalletEntries({ page, pageSize: PAGE_SIZE });
  const cards = useSavedCards();
  const update = useUpdateCard();
  const remove = useRemoveCard();
  const returning = params.get('topup');
  const returned = useTopUpState(returning);
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });

  const report = useCallback(
    (state: TopUpState) => {
      if (state.outcome === 'succeeded') message.success(t('topUp.done', { amount: format(cnyMoney(state.amount)) }));
      else if (state.outcome === 'failed') message.error(errorText(state.errorCode ?? 2113));
      else message.info(t('topUp.processing'));
    },
    [message, t, format, errorText],
  );

  // Back from the card issuer's 3-D Secure page: say how the top-up ended, once it has.
  const settled = returned.data && (returned.data.outcome === 'succeeded' || returned.data.outcome === 'failed');
  const reported = useRef<string | null>(null);
  useEffect(() => {
    const state = returned.data;
    if (!state || (state.outcome !== 'succeeded' && state.outcome !== 'failed') || reported.current === state.id)
      return;
    reported.current = state.id;
    report(state);
    setParams({}, { replace: true });
  }, [returned.data, report, setParams]);

  const onTopUp = (state: TopUpState) => {
    setToppingUp(false);
    if (state.outcome === 'action' && state.actionUrl) {
      window.location.assign(state.actionUrl);
      return;
    }
    if (state.outcome === 'processing') setParams({ topup: state.id }, { replace: true });
    else report(state);
  };

  const confirmDelete = (card: SavedCard) =>
    modal.confirm({
      title: t('card.confirmDelete.title'),
      content: t('card.confirmDelete.content', { card: `${card.brand.toUpperCase()} •••• ${card.last4}` }),
      okText: t('card.confirmDelete.ok'),
      cancelText: t('card.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'card-delete-confirm' } as ButtonProps,
      onOk: () =>
        remove.mutateAsync(card.id).then(
          () => message.success(t('card.deleted')),
          (err: unknown) => {
            if (!isHandledGlobally(err)) message.error(errorText(err));
          },
        ),
    });

  const saveDescription = async () => {
    if (!editing) return;
    try {
      await update.mutateAsync({ id: editing.card.id, description: editing.description });
      setEditing(null);
      message.success(t('card.updated'));
    } catch (err) {
      if (!isHandledGlobally(err)) message.error(errorText(err));
    }
  };

  const cardList = cards.data?.items ?? [];
  const full = cards.data ? cardList.length >= cards.data.limit : false;
  const addButton = (
    <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} disabled={full} data-testid="add-card">
      {t('card.add')}
    </Button>
  );

  return (
    <section className={styles.page} data-testid="wallet-page">
      <header className={styles.head}>
        <h1>{t('title')}</h1>
        <p className={styles.lead}>{t('lead')}</p>
      </header>

      <div className={styles.balanceCard}>
        <div className={styles.balanceIcon} aria-hidden="true">
          <WalletOutlined />
        </div>
        <div className={styles.balanceText}>
          <span className={styles.balanceLabel}>{t('balance')}</span>
          <strong className={styles.balance} data-testid="wallet-balance">
            {summary.data ? format(cnyMoney(summary.data.balance)) : <Skeleton.Input active size="small" />}
          </strong>
          <span className={styles.balanceHint}>{t('balanceHint')}</span>
        </div>
        <Button
          size="large"
          className={styles.topUpButton}
          onClick={() => setToppingUp(true)}
          disabled={!summary.data || !cards.data || topUpMax(summary.data) < summary.data.topupMinMinor}
          data-testid="top-up"
        >
          {t('topUp.open')}
        </Button>
      </div>
      {summary.data && topUpMax(summary.data) < summary.data.topupMinMinor ? (
        <p className={styles.pending} data-testid="top-up-capped">
          {t(cappedBy(summary.data) === 'balance' ? 'topUp.fullBalance' : 'topUp.fullToday')}
        </p>
      ) : null}
      {returning && !settled ? (
        <p className={styles.pending} data-testid="top-up-pending">
          {t('topUp.processing')}
        </p>
      ) : null}

      <section className={styles.section}>
        <div className={styles.sectionHead}>
          <h2>{t('card.title')}</h2>
          {cardList.length > 0 ? addButton : null}
        </div>
        {cards.isPending ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
        {cards.data && cardList.length === 0 ? (
          <div className={styles.noCards}>
            <div>
              <strong>{t('card.empty.title')}</strong>
              <p>{t('card.empty.description')}</p>
            </div>
            {addButton}
          </div>
        ) : null}
        {full ? <p className={styles.full}>{t('card.full', { limit: cards.data?.limit })}</p> : null}
        <ul className={styles.cards}>
          {cardList.map((c) => (
            <SavedCardTile
              key={c.id}
              card={c}
              onEdit={() => setEditing({ card: c, description: c.description })}
              onDelete={() => confirmDelete(c)}
            />
          ))}
        </ul>
      </section>

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
                    <Tag bordered={false} color={KIND_COLOURS[e.kind]}>
                      {t(`kinds.${e.kind}`)}
                    </Tag>
                    {e.orderId ? (
                      <Link to={paths.order(e.orderId)} className={styles.reference} data-testid="entry-order">
                        {e.orderNumber ? t('history.orderNumber', { number: e.orderNumber }) : t('history.order')}
                      </Link>
                    ) : e.reference ? (
                      <span className={styles.reference}>{e.reference}</span>
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
        {entries.data && entries.data.total > PAGE_SIZE ? (
          <Pagination
            className={styles.pager}
            current={page}
            pageSize={PAGE_SIZE}
            total={entries.data.total}
            onChange={setPage}
            showSizeChanger={false}
          />
        ) : null}
      </section>

      <p className={styles.privacy}>
        <SafetyCertificateOutlined /> {t('privacy')}
      </p>

      <CardFormModal
        open={adding}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          message.success(t('card.saved'));
        }}
      />
      {summary.data ? (
        <TopUpModal
          open={toppingUp}
          cards={cardList}
          canSave={!full}
          minMinor={summary.data.topupMinMinor}
          maxMinor={topUpMax(summary.data)}
          capped={cappedBy(summary.data)}
          onClose={() => setToppingUp(false)}
          onDone={onTopUp}
        />
      ) : null}
      <Modal
        open={editing !== null}
        title={t('card.editTitle')}
        onCancel={() => setEditing(null)}
        onOk={saveDescription}
        okText={t('card.save')}
        cancelText={t('card.cancel')}
        confirmLoading={update.isPending}
        okButtonProps={{ 'data-testid': 'card-description-save' } as ButtonProps}
        destroyOnHidden
      >
        <label className={styles.editLabel} htmlFor="card-description-edit">
          {t('card.description')}
        </label>
        <Input
          id="card-description-edit"
          value={editing?.description ?? ''}
          maxLength={60}
          showCount
          onChange={(e) => setEditing((x) => (x ? { ...x, description: e.target.value } : x))}
          data-testid="card-description-edit"
        />
      </Modal>
    </section>
  );
}
