import type { InvoiceTitleInput } from '@junction/domain';
import { App, Button, Card, Form, Skeleton, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { FormError } from '../../../shared/ui/form-error';
import { useInvoiceTitles, useRemoveInvoiceTitle, useSaveInvoiceTitle } from '../../../widgets/invoices/api/invoices';
import styles from '../../../widgets/invoices/invoices.module.css';
import { TitleFields } from '../../../widgets/invoices/title-fields';

type Values = { kind: 'personal' | 'company'; name: string; creditCode?: string };

/** `/account/invoice-titles`: the invoice titles kept for the order page's invoice form, added and deleted here. */
export function InvoiceTitlesPage() {
  const { t } = useTranslation('invoices');
  useDocumentTitle(t('titles.title'));
  const { message, modal } = App.useApp();
  const titles = useInvoiceTitles();
  const save = useSaveInvoiceTitle();
  const remove = useRemoveInvoiceTitle();
  const [form] = Form.useForm<Values>();
  const add = (v: Values) => {
    const body: InvoiceTitleInput = {
      kind: v.kind,
      name: v.name,
      ...(v.kind === 'company' ? { creditCode: v.creditCode ?? '' } : {}),
    };
    save.mutate(body, {
      onSuccess: () => {
        form.resetFields();
        void message.success(t('titles.added'));
      },
      onError: (e) => {
        if (e instanceof ApiError && e.errorCode === 8001)
          form.setFields([{ name: 'creditCode', errors: [t('form.creditCodeInvalid')] }]);
      },
    });
  };
  const confirmRemove = (id: string) =>
    modal.confirm({
      title: t('titles.confirmRemove'),
      okText: t('titles.remove'),
      okButtonProps: { danger: true },
      onOk: async () => {
        await remove.mutateAsync(id);
        void message.success(t('titles.removed'));
      },
    });
  const items = titles.data?.items ?? [];
  return (
    <Card title={t('titles.title')} data-testid="invoice-titles-page">
      <p className={styles.muted}>{t('titles.intro')}</p>
      {titles.isPending ? (
        <Skeleton active />
      ) : items.length === 0 ? (
        <p className={styles.muted}>{t('titles.empty')}</p>
      ) : (
        <ul className={styles.titles}>
          {items.map((x) => (
            <li key={x.id} className={styles.title} data-testid="invoice-title">
              <span>
                <Tag variant="filled">{t(`form.${x.kind}`)}</Tag> <strong>{x.name}</strong>
                {x.creditCode ? <span className={styles.muted}> · {x.creditCode}</span> : null}
              </span>
              <Button size="small" danger onClick={() => confirmRemove(x.id)} data-testid="invoice-title-remove">
                {t('titles.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ kind: 'company', name: '' }}
        onFinish={add}
        className={styles.form}
        data-testid="invoice-title-form"
      >
        <TitleFields />
        <FormError error={save.error} />
        <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="invoice-title-add">
          {t('titles.add')}
        </Button>
      </Form>
    </Card>
  );
}
