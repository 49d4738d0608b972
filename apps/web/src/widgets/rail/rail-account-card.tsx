import { CheckCircleFilled, ClockCircleFilled, ImportOutlined, LoginOutlined, LogoutOutlined } from '@ant-design/icons';
import { dateTimeFormat, ERRORS } from '@junction/domain';
import { App, Button, type ButtonProps, Skeleton, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isHandledGlobally } from '../../shared/api/api-error';
import { useErrorText } from '../../shared/lib/error-text';
import { usePreferences } from '../../shared/lib/preferences';
import { useRailAccount, useRailLogout } from './api/rail';
import styles from './rail.module.css';
import { RailImportModal } from './rail-import-modal';
import { RailLoginModal } from './rail-login-modal';

export type RailAccountCardProps = {
  /** Compact on the booking page: no import, a shorter text. */
  compact?: boolean;
};

const timeOf = (iso: string, language: string) =>
  dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/**
 * The traveller's China Railway 12306 account (spec §1, §5, §6): not linked, logged in, or with an
 * expired login, and what that means for ticketing (online without fee, offline with a fee); log in,
 * log in again, import the account's passengers, and log out with a confirmation (refused while
 * tickets are being issued through it, spec §8).
 */
export function RailAccountCard({ compact = false }: RailAccountCardProps) {
  const { t } = useTranslation('rail');
  const { language } = usePreferences();
  const { message, modal } = App.useApp();
  const errorText = useErrorText();
  const status = useRailAccount();
  const logout = useRailLogout();
  const [loginOpen, setLoginOpen] = useState(false);
  const [importOpen, setImportOpen] = useState(false);
  const account = status.data?.account ?? null;

  const confirmLogout = () =>
    modal.confirm({
      title: t('card.confirmLogout.title'),
      content: t('card.confirmLogout.content'),
      okText: t('card.confirmLogout.ok'),
      cancelText: t('card.confirmLogout.cancel'),
      okButtonProps: { danger: true, 'data-testid': 'rail-logout-confirm' } as ButtonProps,
      onOk: () =>
        logout.mutateAsync().then(
          () => message.success(t('card.loggedOut')),
          (err: unknown) => {
            if (err instanceof ApiError && err.errorCode === ERRORS.RAIL_LOGOUT_BLOCKED.errorCode) {
              modal.warning({
                title: t('card.blocked.title'),
                content: <span data-testid="rail-logout-blocked">{errorText(err)}</span>,
                okText: t('card.blocked.ok'),
              });
            } else if (!isHandledGlobally(err)) message.error(errorText(err));
          },
        ),
    });

  if (status.isPending) {
    return (
      <section className={styles.card}>
        <Skeleton active paragraph={{ rows: 2 }} />
      </section>
    );
  }

  const active = account?.state === 'active';
  return (
    <section
      className={`${styles.card} ${compact ? styles.compact : ''}`}
      data-testid="rail-account"
      data-state={account ? account.state : 'none'}
    >
      <div className={styles.cardHead}>
        <span className={styles.brandMark} aria-hidden="true">
          12306
        </span>
        <div className={styles.cardTitle}>
          <h2>{t('card.title')}</h2>
          {account ? (
            <Tag
              color={active ? 'success' : 'warning'}
              icon={active ? <CheckCircleFilled /> : <ClockCircleFilled />}
              data-testid="rail-state"
            >
              {t(`card.state.${account.state}`)}
            </Tag>
          ) : (
            <Tag data-testid="rail-state">{t('card.notLinked')}</Tag>
          )}
        </div>
        <div className={styles.cardActions}>
          {account && active && !compact ? (
            <Button icon={<ImportOutlined />} onClick={() => setImportOpen(true)} data-testid="rail-import">
              {t('card.import')}
            </Button>
          ) : null}
          {!account || !active ? (
            <Button type="primary" icon={<LoginOutlined />} onClick={() => setLoginOpen(true)} data-testid="rail-link">
              {account ? t('card.relink') : t('card.link')}
            </Button>
          ) : null}
          {account ? (
            <Button icon={<LogoutOutlined />} onClick={confirmLogout} data-testid="rail-logout">
              {t('card.logout')}
            </Button>
          ) : null}
        </div>
      </div>
      {account ? (
        <dl className={styles.facts}>
          <div>
            <dt>{t('card.username')}</dt>
            <dd data-testid="rail-username-shown">{account.username}</dd>
          </div>
          <div>
            <dt>{t('card.holder')}</dt>
            <dd>{account.name}</dd>
          </div>
          <div>
            <dt>{t('card.phone')}</dt>
            <dd>{account.phoneMasked}</dd>
          </div>
          <div>
            <dt>{active ? t('card.sessionLabel') : t('card.linkedLabel')}</dt>
            <dd>{timeOf(active ? account.sessionExpiresAt : account.linkedAt, language)}</dd>
          </div>
        </dl>
      ) : null}
      {account && !active ? <p className={styles.warning}>{t('card.expiredHint')}</p> : null}
      {account && account.ticketing > 0 ? (
        <p className={styles.note} data-testid="rail-ticketing">
          {t('card.ticketing', { count: account.ticketing })}
        </p>
      ) : null}
      {!account || !compact ? (
        <div className={styles.ways}>
          <span className={active ? styles.wayOn : styles.way}>
            <CheckCircleFilled /> {t('card.online')}
          </span>
          <span className={!active ? styles.wayOn : styles.way}>
            <ClockCircleFilled /> {t('card.offline')}
          </span>
          {!compact ? <p className={styles.lead}>{t('card.lead')}</p> : null}
        </div>
      ) : null}
      <RailLoginModal open={loginOpen} onClose={() => setLoginOpen(false)} username={account?.username} />
      {importOpen ? <RailImportModal open onClose={() => setImportOpen(false)} /> : null}
    </section>
  );
}
