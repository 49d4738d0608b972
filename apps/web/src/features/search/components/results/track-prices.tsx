import { BellOutlined } from '@ant-design/icons';
import {
  daysBetween,
  formatMonth,
  formatTravelDate,
  fromRequestDate,
  monthOfDate,
  type SearchCriteria,
} from '@junction/domain';
import { App, Checkbox, Modal, Radio } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOptionalAuth } from '../../../../shared/auth/auth-context';
import { useErrorText } from '../../../../shared/lib/error-text';
import { usePreferences } from '../../../../shared/lib/preferences';
import { paths } from '../../../../shared/paths';
import { useTrackPrices } from '../../api/track-prices-api';
import styles from './summary-bar.module.css';

/**
 * The choice of days to watch: the search's own date, or any day of its month (a round trip leaving any
 * day of the outbound's month, its length kept).
 */
function WhichDays({
  criteria,
  value,
  onChange,
}: {
  criteria: SearchCriteria;
  value: boolean;
  onChange: (month: boolean) => void;
}) {
  const { t } = useTranslation('results');
  const { language } = usePreferences();
  const leg = criteria.legs[0];
  const leaves = fromRequestDate(leg?.departure_date ?? '');
  if (!leg || !leaves) return null;
  const back = fromRequestDate(leg.return_date ?? '');
  const month = formatMonth(monthOfDate(leg.departure_date), language);
  const dates = back
    ? `${formatTravelDate(leaves, language)} – ${formatTravelDate(back, language)}`
    : formatTravelDate(leaves, language);
  return (
    <Radio.Group
      className={styles.trackDays}
      aria-label={t('track.when')}
      value={value ? 'month' : 'date'}
      onChange={(e) => onChange(e.target.value === 'month')}
      data-testid="track-when"
      options={[
        { value: 'date', label: t('track.thisDate', { date: dates }) },
        {
          value: 'month',
          label: back
            ? t('track.anyDayRound', { month, count: daysBetween(leaves, back) })
            : t('track.anyDay', { month }),
        },
      ]}
    />
  );
}

/**
 * "Track prices": these criteria become a price alert of the signed-in traveller (a visitor signs in
 * first), on their date or over any day of its month; the alert is told by notice and e-mail, and by SMS
 * when asked, which an account needs a mobile number for.
 */
export function TrackPrices({ criteria }: { criteria: SearchCriteria }) {
  const { t } = useTranslation('results');
  const auth = useOptionalAuth();
  const { message } = App.useApp();
  const errorText = useErrorText();
  const [open, setOpen] = useState(false);
  const [sms, setSms] = useState(false);
  const [overMonth, setOverMonth] = useState(false);
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
        onOk={() => track.mutate({ criteria, sms: sms && Boolean(auth.user?.info.mobile), overMonth }, done)}
        confirmLoading={track.isPending}
        onCancel={() => setOpen(false)}
      >
        <p>{t('track.explain')}</p>
        <WhichDays criteria={criteria} value={overMonth} onChange={setOverMonth} />
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
