import { Alert, Descriptions, Modal, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { usePreferences } from '../../../shared/lib/preferences';
import { paths } from '../../../shared/paths';
import { FormError } from '../../../shared/ui/form-error';
import { Price } from '../../../shared/ui/price';
import { useRefundQuote, useRequestRefund } from '../api/fulfilment';

export type RefundDialogProps = { orderId: string; subOrderId: string | null; onClose: () => void };

/** The refund quote of one ticket (spec §4), then confirmation; confirmed, the refund's page opens. */
export function RefundDialog({ orderId, subOrderId, onClose }: RefundDialogProps) {
  const { t } = useTranslation('orders');
  const { language } = usePreferences();
  const navigate = useNavigate();
  const open = subOrderId !== null;
  const quote = useRefundQuote(orderId, subOrderId ?? '', open);
  const request = useRequestRefund();
  const dateTime = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const q = quote.data;
  return (
    <Modal
      open={open}
      title={t('refund.quoteTitle')}
      okText={t('refund.confirm')}
      cancelText={t('refund.keep')}
      okButtonProps={
        { danger: true, disabled: !q, loading: request.isPending, 'data-testid': 'confirm-refund' } as never
      }
      onCancel={onClose}
      onOk={async () => {
        if (!q) return;
        const refund = await request.mutateAsync({
          orderId,
          subOrderId: q.subOrderId,
          expectedFeeMinor: q.fee.amount,
        });
        onClose();
        navigate(paths.refundDetail(refund.id));
      }}
      destroyOnHidden
    >
      {quote.isPending && open ? <Skeleton active paragraph={{ rows: 3 }} /> : null}
      {quote.error ? <FormError error={quote.error} /> : null}
      {q ? (
        <div data-testid="refund-quote">
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label={t(q.type === 'railway' ? 'refund.train' : 'refund.flight')}>
              {q.trip}
            </Descriptions.Item>
            <Descriptions.Item label={t('refund.paid')}>
              <Price money={{ amountMinor: q.paid.amount, currency: 'CNY' }} />
            </Descriptions.Item>
            <Descriptions.Item label={t('refund.fee')}>
              <span data-testid="quote-fee">
                <Price money={{ amountMinor: q.fee.amount, currency: 'CNY' }} />
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('refund.refunded')}>
              <strong data-testid="quote-refunded">
                <Price money={{ amountMinor: q.refunded.amount, currency: 'CNY' }} />
              </strong>
            </Descriptions.Item>
          </Descriptions>
          <Alert
            type="info"
            showIcon
            style={{ marginTop: 16 }}
            message={t(`refund.rules.${q.rule}` as 'refund.rules.rail-8d')}
            description={t('refund.receivedBefore', { time: dateTime.format(new Date(q.deadline)) })}
          />
        </div>
      ) : null}
      <FormError error={request.error} />
    </Modal>
  );
}
