import { PlusOutlined, SafetyCertificateOutlined, WalletOutlined } from '@ant-design/icons';
import { App, Button, type ButtonProps, Input, Modal, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useFormatMoney } from '../../../shared/ui/price';
import { useSavedCards, useWalletSummary } from '../api/wallet';
import { CardFormModal } from '../components/card-form-modal';
import { SavedCardTile } from '../components/saved-card-tile';
import { TopUpModal } from '../components/top-up-modal';
import { TopUpQr } from '../components/top-up-qr';
import { TopUpRefunds } from '../components/topup-refunds';
import { WalletLedger } from '../components/wallet-ledger';
import { cappedBy, cnyMoney, topUpMax } from '../lib/wallet-money';
import { useCardActions, useTopUpReturn } from './use-wallet';
import styles from './wallet-page.module.css';

/** `/account/wallet` (spec §2, §3 wallet card): the balance and its history, saved cards, top-ups. */
export function WalletPage() {
  const { t } = useTranslation('wallet');
  useDocumentTitle(t('title'));
  const { message } = App.useApp();
  const format = useFormatMoney();
  const [adding, setAdding] = useState(false);
  const [toppingUp, setToppingUp] = useState(false);
  const summary = useWalletSummary();
  const cards = useSavedCards();
  const topUp = useTopUpReturn();
  const cardActions = useCardActions();
  const { editing } = cardActions;

  const cardList = cards.data?.items ?? [];
  const full = cards.data ? cardList.length >= cards.data.limit : false;
  const addButton = (
    <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="add-card">
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
      {topUp.isPending ? (
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
              onEdit={() => cardActions.edit(c)}
              onDelete={() => cardActions.confirmDelete(c)}
            />
          ))}
        </ul>
      </section>

      <TopUpRefunds />

      <WalletLedger />

      <p className={styles.privacy}>
        <SafetyCertificateOutlined /> {t('privacy')}
      </p>

      <CardFormModal
        open={adding}
        stripe={summary.data?.stripe}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          message.success(t('card.saved'));
        }}
      />
      {summary.data ? (
        <TopUpModal
          open={toppingUp}
          apps={summary.data.methods.filter((m) => m !== 'card')}
          cards={cardList}
          canSave={!full}
          stripe={summary.data.stripe}
          minMinor={summary.data.topupMinMinor}
          maxMinor={topUpMax(summary.data)}
          capped={cappedBy(summary.data)}
          onClose={() => setToppingUp(false)}
          onDone={(state) => {
            setToppingUp(false);
            topUp.onTopUp(state);
          }}
        />
      ) : null}
      <TopUpQr value={topUp.qr} onClose={topUp.closeQr} />
      <Modal
        open={editing !== null}
        title={t('card.editTitle')}
        onCancel={cardActions.stopEditing}
        onOk={cardActions.saveDescription}
        okText={t('card.save')}
        cancelText={t('card.cancel')}
        confirmLoading={cardActions.isSaving}
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
          onChange={(e) => cardActions.describe(e.target.value)}
          data-testid="card-description-edit"
        />
      </Modal>
    </section>
  );
}
