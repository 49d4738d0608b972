import type { SavedCard, TopUpState } from '@junction/domain';
import { App } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { isHandledGlobally } from '../../../shared/api/api-error';
import { useErrorText } from '../../../shared/lib/error-text';
import { useConfirmRemoval } from '../../../shared/ui/confirm-removal';
import { useFormatMoney } from '../../../shared/ui/price';
import { useRemoveCard, useTopUpState, useUpdateCard } from '../api/wallet';
import { cnyMoney } from '../lib/wallet-money';

/**
 * A top-up's end said once: at once when the card needs no more, or after the card issuer's 3-D Secure
 * page or the app's page, when the wallet page comes back with `?topup=` and the top-up has settled (an
 * app's top-up once the app has told the server). WeChat Pay on a desktop shows its QR code meanwhile.
 */
export function useTopUpReturn() {
  const { t } = useTranslation('wallet');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const format = useFormatMoney();
  const [params, setParams] = useSearchParams();
  const returning = params.get('topup');
  const returned = useTopUpState(returning);
  const [qr, setQr] = useState<string | null>(null);

  const report = useCallback(
    (state: TopUpState) => {
      if (state.outcome === 'succeeded') {
        message.success(t('topUp.done', { amount: format(cnyMoney(state.amount)) }));
        // A new card beyond the wallet's ten is not saved (2153); the top-up went on without it. Said here
        // so it is said after the 3-D Secure page too, where the top-up's own answer says it again.
        if (state.saveErrorCode) message.warning(errorText(state.saveErrorCode));
      } else if (state.outcome === 'failed') message.error(errorText(state.errorCode ?? 2113));
      else message.info(t('topUp.processing'));
    },
    [message, t, format, errorText],
  );

  const settled = returned.data && (returned.data.outcome === 'succeeded' || returned.data.outcome === 'failed');
  const reported = useRef<string | null>(null);
  useEffect(() => {
    const state = returned.data;
    if (!state || (state.outcome !== 'succeeded' && state.outcome !== 'failed') || reported.current === state.id)
      return;
    reported.current = state.id;
    setQr(null);
    report(state);
    setParams({}, { replace: true });
  }, [returned.data, report, setParams]);

  /** The top-up form's answer: off to 3-D Secure or the app's page, its QR code shown, waited for here, or said now. */
  const onTopUp = (state: TopUpState) => {
    if (state.outcome === 'action' && state.actionUrl?.startsWith('weixin://')) {
      setQr(state.actionUrl);
      setParams({ topup: state.id }, { replace: true });
      return;
    }
    if (state.outcome === 'action' && state.actionUrl) {
      window.location.assign(state.actionUrl);
      return;
    }
    if (state.outcome === 'processing') setParams({ topup: state.id }, { replace: true });
    else report(state);
  };

  return { isPending: Boolean(returning && !settled), onTopUp, qr, closeQr: () => setQr(null) };
}

/** A saved card's description edited in a dialog, and a card deleted after a confirmation. */
export function useCardActions() {
  const { t } = useTranslation('wallet');
  const { message } = App.useApp();
  const errorText = useErrorText();
  const confirmRemoval = useConfirmRemoval();
  const update = useUpdateCard();
  const remove = useRemoveCard();
  const [editing, setEditing] = useState<{ card: SavedCard; description: string } | null>(null);

  const confirmDelete = (card: SavedCard) =>
    confirmRemoval({
      title: t('card.confirmDelete.title'),
      content: t('card.confirmDelete.content', { card: `${card.brand.toUpperCase()} •••• ${card.last4}` }),
      okText: t('card.confirmDelete.ok'),
      cancelText: t('card.cancel'),
      okTestId: 'card-delete-confirm',
      removed: t('card.deleted'),
      remove: () => remove.mutateAsync(card.id),
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

  const edit = (card: SavedCard) => setEditing({ card, description: card.description });
  const describe = (description: string) => setEditing((x) => (x ? { ...x, description } : x));
  return {
    editing,
    isSaving: update.isPending,
    edit,
    describe,
    stopEditing: () => setEditing(null),
    saveDescription,
    confirmDelete,
  };
}
