import { CheckCircleFilled, CloudServerOutlined, CustomerServiceOutlined } from '@ant-design/icons';
import {
  type Currency,
  convertMoney,
  type RailLinkStatus,
  type RailTicketingWay,
  railServiceFee,
} from '@junction/domain';
import { Radio, Tag } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrencyTable } from '../../shared/api/reference';
import { usePreferences } from '../../shared/lib/preferences';
import { useFormatMoney } from '../../shared/ui/price';
import { useRailAccount, useRailTicketingInfo } from './api/rail';
import styles from './rail.module.css';

/** A CNY amount in the display currency, as a text to put in a sentence. */
export function useMoneyText(): (amountMinor: number) => string {
  const { currency } = usePreferences();
  const table = useCurrencyTable().data;
  const format = useFormatMoney();
  return useCallback(
    (amountMinor: number) => {
      const money = { amountMinor, currency: 'CNY' as const };
      return format((table ? convertMoney(money, currency as Currency, table.rates.rates) : undefined) ?? money);
    },
    [currency, table, format],
  );
}

/** The traveller's 12306 link as ticketing sees it, live: none, active or expired. */
export function useRailLink(enabled = true): { link: RailLinkStatus; username: string | null; loading: boolean } {
  const status = useRailAccount(enabled);
  const account = status.data?.account ?? null;
  return { link: account ? account.state : 'none', username: account?.username ?? null, loading: status.isPending };
}

export type RailLegFees = { leg: number; train: string; onlineFeeMinor: number; offlineFeeMinor: number };

export type RailTicketingChoiceProps = {
  legs: RailLegFees[];
  link: RailLinkStatus;
  username: string | null;
  value: RailTicketingWay;
  onChange: (way: RailTicketingWay) => void;
};

/**
 * The two ways a train ticket is issued (spec §1, §6), each with what it costs per ticket, before the
 * traveller pays: online through the linked 12306 account (no fee; needs a live login) or offline by
 * our agents (a fee per ticket by train type).
 */
export function RailTicketingChoice({ legs, link, username, value, onChange }: RailTicketingChoiceProps) {
  const { t } = useTranslation('rail');
  const money = useMoneyText();
  const fees = [...new Set(legs.map((l) => l.offlineFeeMinor))];
  const offlineFee = fees.length === 1 ? money(fees[0] ?? 0) : null;
  return (
    <section className={styles.ticketing} data-testid="rail-ticketing" data-way={value}>
      <h3>{t('ticketing.title')}</h3>
      <p className={styles.lead}>{t('ticketing.lead')}</p>
      <Radio.Group value={value} onChange={(e) => onChange(e.target.value)} className={styles.ways2}>
        <Radio value="online" disabled={link !== 'active'} className={styles.wayCard} data-testid="ticketing-online">
          <span className={styles.wayTitle}>
            <CloudServerOutlined /> {t('ticketing.online')}
            <Tag color="success" className={styles.wayFee}>
              {t('ticketing.onlineFee')}
            </Tag>
          </span>
          <span className={styles.wayText}>
            {link === 'active'
              ? t('ticketing.onlineVia', { username: username ?? '' })
              : link === 'expired'
                ? t('ticketing.onlineExpired')
                : t('ticketing.onlineNeedsLogin')}
          </span>
        </Radio>
        <Radio value="offline" className={styles.wayCard} data-testid="ticketing-offline">
          <span className={styles.wayTitle}>
            <CustomerServiceOutlined /> {t('ticketing.offline')}
            {offlineFee ? (
              <Tag color="orange" className={styles.wayFee} data-testid="offline-fee">
                {t('ticketing.offlineFee', { fee: offlineFee })}
              </Tag>
            ) : null}
          </span>
          <span className={styles.wayText}>{t('ticketing.offlineText')}</span>
          {legs.length > 1 || !offlineFee ? (
            <span className={styles.wayText}>
              {legs.map((l) => t('ticketing.perTrain', { train: l.train, fee: money(l.offlineFeeMinor) })).join(' · ')}
            </span>
          ) : null}
        </Radio>
      </Radio.Group>
    </section>
  );
}

/**
 * The service fee per seated ticket a train would carry for this traveller now: offline by our agents
 * (by train type), none online through a live 12306 link; none until the traveller's way is known.
 */
export function useRailFeeOf(): (trainNumber: string) => number {
  const info = useRailTicketingInfo().data;
  return useCallback((trainNumber: string) => (info ? railServiceFee(info.fees, info.way, trainNumber) : 0), [info]);
}

/** On a result: how its trains would be ticketed for this traveller now, and the fee per ticket in its price. */
export function RailTicketingChip({ trains }: { trains: string[] }) {
  const { t } = useTranslation('rail');
  const info = useRailTicketingInfo();
  const money = useMoneyText();
  if (!info.data || trains.length === 0) return null;
  const { way, fees } = info.data;
  const fee = trains.reduce((max, train) => Math.max(max, railServiceFee(fees, 'offline', train)), 0);
  return (
    <span
      className={`${styles.chip} ${way === 'online' ? styles.chipOnline : styles.chipOffline}`}
      data-testid="rail-ticketing-chip"
      data-way={way}
    >
      {way === 'online' ? <CheckCircleFilled /> : <CustomerServiceOutlined />}{' '}
      {way === 'online' ? t('ticketing.chip.online') : t('ticketing.chip.offline', { fee: money(fee) })}
    </span>
  );
}

/** On an order: the way a rail ticket goes and the service fee it carries. */
export function RailTicketingTag({ way, feeMinor }: { way: RailTicketingWay; feeMinor: number | null }) {
  const { t } = useTranslation('rail');
  const money = useMoneyText();
  return (
    <span className={styles.tagLine} data-testid="sub-order-ticketing" data-way={way}>
      <Tag color={way === 'online' ? 'blue' : 'orange'}>{t(`ticketing.tag.${way}`)}</Tag>
      <span className={styles.tagFee}>
        {feeMinor ? t('ticketing.tag.fee', { fee: money(feeMinor) }) : t('ticketing.tag.noFee')}
      </span>
    </span>
  );
}

/** One line for the payment step: the way chosen and the fees it adds. */
export function RailTicketingSummary({ way, feesMinor }: { way: RailTicketingWay; feesMinor: number }) {
  const { t } = useTranslation('rail');
  const money = useMoneyText();
  return (
    <p className={styles.summary} data-testid="ticketing-summary" data-way={way}>
      {way === 'online' ? t('ticketing.summary.online') : t('ticketing.summary.offline', { fee: money(feesMinor) })}
    </p>
  );
}
