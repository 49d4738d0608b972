import {
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
} from '@ant-design/icons';
import type { Passenger } from '@junction/domain';
import { formatPhone } from '@junction/domain/phone';
import { App, Button, Input, Tag } from 'antd';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/lib/format';
import { usePreferences } from '../../../shared/lib/preferences';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { useConfirmRemoval } from '../../../shared/ui/confirm-removal';
import { EmptyState } from '../../../shared/ui/empty-state';
import { PagedList } from '../../../shared/ui/paged-list';
import { useRemovePassenger, useSavedPassengers } from '../../../widgets/passengers/api/passengers';
import { PassengerFormModal } from '../../../widgets/passengers/passenger-form-modal';
import { displayName, secondaryName } from '../../../widgets/passengers/passenger-names';
import { RailStatusBadge } from '../../../widgets/passengers/rail-status-badge';
import { RailAccountCard } from '../../../widgets/rail/rail-account-card';
import styles from './passengers-page.module.css';

const PAGE_SIZE = 10;

type Editing = { passenger?: Passenger } | null;

/** `/account/p-passengers` (spec §2 "Traveler Info"): the saved travellers, added, edited and deleted here. */
export function PassengersPage() {
  const { t } = useTranslation('passengers');
  useDocumentTitle(t('title'));
  const { language } = usePreferences();
  const { message } = App.useApp();
  const confirmRemoval = useConfirmRemoval();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<Editing>(null);
  const search = useDeferredValue(keyword.trim());
  const list = useSavedPassengers({ keyword: search || undefined, page, pageSize: PAGE_SIZE });
  const remove = useRemovePassenger();
  const data = list.data;
  const full = data ? data.saved >= data.limit : false;

  const confirmDelete = (p: Passenger) =>
    confirmRemoval({
      title: t('confirmDelete.title'),
      content: t('confirmDelete.content', { name: displayName(p) }),
      okText: t('confirmDelete.ok'),
      cancelText: t('confirmDelete.cancel'),
      okTestId: 'delete-confirm',
      removed: t('deleted'),
      remove: () => remove.mutateAsync(p.id),
    });

  const add = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      onClick={() => setEditing({})}
      disabled={full}
      title={full ? t('full', { limit: data?.limit }) : undefined}
      data-testid="add-passenger"
    >
      {t('add')}
    </Button>
  );

  return (
    <section className={styles.panel}>
      <header className={styles.head}>
        <div>
          <h1>{t('title')}</h1>
          <p className={styles.lead}>{t('lead')}</p>
        </div>
        {add}
      </header>
      <RailAccountCard />
      <div className={styles.toolbar}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('search')}
          value={keyword}
          onChange={(e) => {
            setKeyword(e.target.value);
            setPage(1);
          }}
          className={styles.search}
          data-testid="passenger-search"
        />
        {data ? (
          <span className={styles.count} data-testid="passenger-count">
            {t('count', { saved: data.saved, limit: data.limit })}
          </span>
        ) : null}
      </div>
      <p className={styles.privacy}>
        <SafetyCertificateOutlined /> {t('privacy')}
      </p>
      {full ? <p className={styles.full}>{t('full', { limit: data?.limit })}</p> : null}

      <PagedList
        items={data?.items}
        total={data?.total}
        pending={list.isPending}
        skeletonRows={6}
        empty={
          search ? (
            <EmptyState kind="no-result" title={t('noMatch', { keyword: search })} />
          ) : (
            <EmptyState kind="empty" title={t('empty.title')} description={t('empty.description')} action={add} />
          )
        }
        keyOf={(p) => p.id}
        renderItem={(p) => (
          <>
            <div className={styles.avatar} aria-hidden="true">
              {displayName(p).slice(0, 1)}
            </div>
            <div className={styles.body}>
              <div className={styles.nameLine}>
                <strong className={styles.name}>{displayName(p)}</strong>
                {secondaryName(p) ? <span className={styles.secondary}>{secondaryName(p)}</span> : null}
              </div>
              <div className={styles.facts}>
                <span>{t(`gender.${p.gender}`)}</span>
                <span>{t('born', { date: formatDate(p.birthDate, language) })}</span>
                {p.phone ? (
                  <span>{t('phoneShort', { phone: formatPhone(p.phoneCountry ?? 'CN', p.phone) })}</span>
                ) : null}
                {p.email ? <span>{p.email}</span> : null}
              </div>
              <div className={styles.documents}>
                {p.documents.map((d) => (
                  <Tag key={d.id} variant="filled" className={styles.document} data-testid="document-tag">
                    <span className={styles.documentType}>{t(`documentTypes.${d.type}`)}</span>
                    <span className={styles.documentNumber}>{d.numberMasked}</span>
                    {d.expiryDate ? (
                      <span className={styles.documentExpiry}>
                        {t('expires', { date: formatDate(d.expiryDate, language) })}
                      </span>
                    ) : null}
                  </Tag>
                ))}
              </div>
              <RailStatusBadge status={p.railStatus} />
            </div>
            <div className={styles.actions}>
              <Button icon={<EditOutlined />} onClick={() => setEditing({ passenger: p })} data-testid="edit-passenger">
                {t('edit')}
              </Button>
              <Button
                danger
                type="text"
                icon={<DeleteOutlined />}
                onClick={() => confirmDelete(p)}
                data-testid="delete-passenger"
              >
                {t('delete')}
              </Button>
            </div>
          </>
        )}
        className={styles.list}
        itemClassName={styles.card}
        itemTestId="passenger-card"
        page={page}
        pageSize={PAGE_SIZE}
        pagerClassName={styles.pagination}
        onPage={setPage}
      />

      <PassengerFormModal
        open={editing !== null}
        passenger={editing?.passenger}
        onClose={() => setEditing(null)}
        onSaved={() => {
          setEditing(null);
          message.success(t('saved'));
        }}
      />
    </section>
  );
}
