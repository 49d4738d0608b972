import { BellOutlined } from '@ant-design/icons';
import type { SearchCriteria } from '@junction/domain';
import { App, Checkbox, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOptionalAuth } from '../../../../shared/auth/auth-context';
import { useErrorText } from '../../../../shared/lib/error-text';
import { paths } from '../../../../shared/paths';
import { useTrackPrices } from '../../api/track-prices-api';
import styles from './summary-bar.module.css';

/**
 * "Track prices": these criteria become a price alert of the signed-in traveller (a visitor signs in
 * first); the alert is told by notice and e-mail, and by SMS when asked, which an account needs a mobile
 * number for.
 */
export function TrackPrices({ criteria }: { criteria: SearchCriteria }) {
  const { t } = useTranslation('results');
  const auth = useOptionalAuth();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [sms, setSms] = useState(false);
  const track = useTrackPrices();
  const done = {
    onSuccess: () => {
      setOpen(false);
      message.success(
        <span data-testid="alert-set">
          {t('track.done')} <Link to={paths.priceAlerts()}>{t('track.see')}</Link>
        </span>,
      );
    },
    onError: (e: unknown) => message.error(errorText(e)),
  };
  if (!auth) return null;
  const signInFirst = () =>
    auth.openLogin({ redirect: `${window.location.pathname}${window.location.search}`, refresh: true });
  return (
    <>
      <button
        type="button"
        className={styles.share}
        data-testid="track-prices"
        onClick={() => (auth.user ? setOpen(true) : signInFirst())}
      >
        <BellOutlined /> {t('track.button')}
      </button>
      <Modal
        open={open}
        title={t('track.title')}
        okText={t('track.confirm')}
        cancelText={t('track.cancel')}
        onOk={() => track.mutate({ criteria, sms: sms && Boolean(auth.user?.info.mobile) }, done)}
        confirmLoading={track.isPending}
        onCancel={() => setOpen(false)}
      >
        <p>{t('track.explain')}</p>
        {auth.user?.info.mobile ? (
          <Checkbox checked={sms} onChange={(e) => setSms(e.target.checked)} data-testid="track-sms">
            {t('track.sms')}
          </Checkbox>
        ) : (
          <p data-testid="track-no-mobile">
            {t('track.noMobile')} <Link to={paths.account()}>{t('track.noMobileLink')}</Link>
          </p>
        )}
      </Modal>
    </>
  );
}
