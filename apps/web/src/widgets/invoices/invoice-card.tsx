import { DownloadOutlined } from '@ant-design/icons';
import type { Invoice, OrderInvoices, RequestInvoices } from '@junction/domain';
import { dateTimeFormat } from '@junction/domain';
import { Button, Card, Checkbox, Form, Input, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/api-error';
import { usePreferences } from '../../shared/lib/preferences';
import { FormError } from '../../shared/ui/form-error';
import { useFormatMoney } from '../../shared/ui/price';
import { invoiceFileUrl, useInvoiceTitles, useOrderInvoices, useRequestInvoices } from './api/invoices';
import styles from './invoices.module.css';
import { TitleFields } from './title-fields';

export type InvoiceCardProps = {
  orderId: string;
  /** The order's contact: the e-mail the invoices go to and the name of a personal title, both changeable. */
  contact: { name: string; email: string };
  /** The order's tickets stand (ticketed or completed). */
  ticketed: boolean;
  /** The order was refunded: its invoices, reversed, are still shown; none may be requested. */
  refunded?: boolean;
};

type Values = { kind: 'personal' | 'company'; name: string; creditCode?: string; email: string; saveTitle: boolean };

const STATUS_COLOUR = { issuing: 'processing', issued: 'success', reversing: 'warning', reversed: 'default' } as const;

/**
 * The order page's invoices (发票): what a request would issue and the form for its title and e-mail, or
 * each document requested with its status, e-invoice number, amounts and PDF, and the red-letter invoice
 * of one reversed.
 */
export function InvoiceCard({ orderId, contact, ticketed, refunded = false }: InvoiceCardProps) {
  const { t } = useTranslation('invoices');
  const invoices = useOrderInvoices(orderId, ticketed || refunded);
  const [asking, setAsking] = useState(false);
  const data = invoices.data;
  if (refunded && !data?.items.length) return null;
  return (
    <Card title={t('card.title')} className={styles.card} data-testid="invoice-card">
      {!data || (!ticketed && data.items.length === 0) ? (
        <p className={styles.muted}>{t('card.notYet')}</p>
      ) : data.items.length > 0 ? (
        <ul className={styles.items}>
          {data.items.map((item) => (
            <InvoiceItem key={item.id} item={item} />
          ))}
        </ul>
      ) : !data.canRequest ? (
        <p className={styles.muted}>{t('card.nothing')}</p>
      ) : asking ? (
        <RequestForm orderId={orderId} contact={contact} onCancel={() => setAsking(false)} />
      ) : (
        <Available data={data} onAsk={() => setAsking(true)} />
      )}
    </Card>
  );
}

function Available({ data, onAsk }: { data: OrderInvoices; onAsk: () => void }) {
  const { t } = useTranslation('invoices');
  const money = useFormatMoney();
  return (
    <>
      <p className={styles.muted}>{t('card.intro')}</p>
      <p>{t('card.available')}</p>
      <ul className={styles.available}>
        {data.available.map((a) => (
          <li key={a.kind}>
            {t('kindCount', { kind: t(`kinds.${a.kind}`), count: a.count })} ·{' '}
            {money({ amountMinor: a.amount.amount, currency: 'CNY' })}
          </li>
        ))}
      </ul>
      <Button type="primary" onClick={onAsk} data-testid="invoice-request">
        {t('card.request')}
      </Button>
    </>
  );
}

function RequestForm({
  orderId,
  contact,
  onCancel,
}: {
  orderId: string;
  contact: InvoiceCardProps['contact'];
  onCancel: () => void;
}) {
  const { t } = useTranslation('invoices');
  const [form] = Form.useForm<Values>();
  const request = useRequestInvoices(orderId);
  const titles = useInvoiceTitles().data?.items ?? [];
  const submit = (v: Values) => {
    const body: RequestInvoices = {
      orderId,
      title: { kind: v.kind, name: v.name, ...(v.kind === 'company' ? { creditCode: v.creditCode ?? '' } : {}) },
      email: v.email.trim(),
      saveTitle: v.saveTitle,
    };
    request.mutate(body, {
      onError: (e) => {
        if (e instanceof ApiError && e.errorCode === 8001)
          form.setFields([{ name: 'creditCode', errors: [t('form.creditCodeInvalid')] }]);
      },
    });
  };
  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={{ kind: 'personal', name: contact.name, email: contact.email, saveTitle: false }}
      onFinish={submit}
      className={styles.form}
      data-testid="invoice-form"
    >
      {titles.length > 0 ? (
        <Form.Item label={t('form.saved')}>
          <Select
            placeholder={t('form.savedPlaceholder')}
            options={titles.map((x) => ({ value: x.id, label: x.creditCode ? `${x.name} · ${x.creditCode}` : x.name }))}
            onChange={(id: string) => {
              const x = titles.find((s) => s.id === id);
              if (x) form.setFieldsValue({ kind: x.kind, name: x.name, creditCode: x.creditCode ?? undefined });
            }}
            data-testid="saved-titles"
          />
        </Form.Item>
      ) : null}
      <TitleFields />
      <Form.Item
        name="email"
        label={t('form.email')}
        rules={[{ required: true, type: 'email', message: t('form.emailInvalid') }]}
      >
        <Input type="email" maxLength={254} data-testid="invoice-email" />
      </Form.Item>
      <Form.Item name="saveTitle" valuePropName="checked">
        <Checkbox data-testid="invoice-save-title">{t('form.save')}</Checkbox>
      </Form.Item>
      <FormError error={request.error} />
      <div className={styles.actions}>
        <Button onClick={onCancel}>{t('card.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={request.isPending} data-testid="invoice-submit">
          {t('card.submit')}
        </Button>
      </div>
    </Form>
  );
}

function InvoiceItem({ item }: { item: Invoice }) {
  const { t } = useTranslation('invoices');
  const { language } = usePreferences();
  const money = useFormatMoney();
  const date = (iso: string) => dateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
  const cny = (amount: number) => money({ amountMinor: amount, currency: 'CNY' });
  return (
    <li className={styles.item} data-testid="invoice-item">
      <div className={styles.itemHead}>
        <strong>{t(`kinds.${item.kind}`)}</strong>
        {item.service ? <span>{item.service}</span> : null}
        {item.travellerName ? <span>{item.travellerName}</span> : null}
        <Tag color={STATUS_COLOUR[item.status]} data-testid="invoice-status">
          {t(`status.${item.status}`)}
        </Tag>
      </div>
      <div className={styles.muted}>
        {t('card.requestedFor', { name: item.title.name })}
        {item.title.creditCode ? ` · ${item.title.creditCode}` : ''} · {item.email}
      </div>
      <div className={styles.muted}>
        {t('item.amount', { amount: cny(item.amount.amount), tax: cny(item.tax.amount) })}
      </div>
      {item.number && item.issuedAt ? (
        <div className={styles.itemFile}>
          <span data-testid="invoice-number">{t('item.number', { number: item.number })}</span>
          <span className={styles.muted}>{t('item.issuedAt', { date: date(item.issuedAt) })}</span>
          <a href={invoiceFileUrl(item.id)} data-testid="invoice-download">
            <DownloadOutlined /> {t('item.download')}
          </a>
        </div>
      ) : (
        <div className={styles.muted}>{t('card.issuing')}</div>
      )}
      {item.reversal ? (
        <div className={styles.itemFile}>
          <span className={styles.muted}>{t('item.reversedNote')}</span>
          <span data-testid="invoice-red-number">{t('item.red', { number: item.reversal.number })}</span>
          <a href={invoiceFileUrl(item.id, 'red')} data-testid="invoice-download-red">
            <DownloadOutlined /> {t('item.downloadRed')}
          </a>
        </div>
      ) : null}
    </li>
  );
}
