import {
  AndroidFilled,
  AppleFilled,
  BellOutlined,
  CreditCardOutlined,
  CustomerServiceOutlined,
  QrcodeOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '../../../shared/api/site';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import { QrImage } from '../../../shared/ui/qr-image';
import styles from '../components/info.module.css';
import { PageHero } from '../components/page-hero';
import { useSiteValues } from '../components/site-text';
import download from './download.module.css';

const FEATURE_ICONS = [
  <BellOutlined key="0" />,
  <QrcodeOutlined key="1" />,
  <CreditCardOutlined key="2" />,
  <CustomerServiceOutlined key="3" />,
];

/** A QR code drawn from the link itself, so it always points where the configuration says. */
function QrCode({ value, label }: { value: string; label: string }) {
  return <QrImage value={value} alt={label} size={160} dark="#0f1d36" className={download.qr} />;
}

function StoreCard({
  icon,
  title,
  href,
  scan,
  orOpen,
}: {
  icon: ReactNode;
  title: string;
  href: string;
  scan: string;
  orOpen: string;
}) {
  return (
    <div className={download.store} data-testid="app-store-card">
      <div className={download.storeTitle}>
        {icon}
        <span>{title}</span>
      </div>
      <QrCode value={href} label={`${title}: ${scan}`} />
      <p className={styles.muted}>{scan}</p>
      <a href={href} target="_blank" rel="noopener" className={download.link}>
        {orOpen}
      </a>
    </div>
  );
}

export function DownloadPage() {
  const { t } = useTranslation('download');
  const values = useSiteValues();
  const { appLinks } = useSiteInfo();
  useDocumentTitle(t('meta.title'));
  const features = t('features', { returnObjects: true, ...values });

  return (
    <>
      <PageHero title={t('hero.title', values)} subtitle={t('hero.subtitle', values)} />
      <div className={styles.page}>
        <section className={`${styles.card} ${download.stores}`}>
          <StoreCard
            icon={<AppleFilled />}
            title={t('stores.ios')}
            href={appLinks.ios}
            scan={t('stores.scan')}
            orOpen={t('stores.orOpen')}
          />
          <StoreCard
            icon={<AndroidFilled />}
            title={t('stores.android')}
            href={appLinks.android}
            scan={t('stores.scan')}
            orOpen={t('stores.orOpen')}
          />
          <div className={download.phone} aria-hidden="true">
            <div className={download.phoneScreen}>
              <div className={download.phoneBar} />
              <div className={download.phoneCard} />
              <div className={download.phoneCard} />
              <div className={download.phoneCardShort} />
            </div>
          </div>
        </section>
        <section className={styles.card}>
          <div className={styles.grid4}>
            {features.map((f, i) => (
              <div key={f.title} className={styles.tile}>
                <span className={styles.tileIcon}>{FEATURE_ICONS[i % FEATURE_ICONS.length]}</span>
                <h3 className={styles.tileTitle}>{f.title}</h3>
                <p className={styles.tileText}>{f.text}</p>
              </div>
            ))}
          </div>
          <p className={styles.muted} style={{ margin: '20px 0 0' }}>
            {t('note', values)}
          </p>
        </section>
      </div>
    </>
  );
}
