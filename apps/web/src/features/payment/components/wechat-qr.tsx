import { Card, Skeleton } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WechatPayMark } from '../../../shared/ui/pay-marks';
import styles from './payment.module.css';

/** WeChat Pay's Native code, to scan with WeChat on a phone; the page moves on once the payment arrives. */
export function WechatQr({ value }: { value: string }) {
  const { t } = useTranslation('payment');
  const [dataUrl, setDataUrl] = useState<string>();
  useEffect(() => {
    let isCurrent = true;
    void QRCode.toDataURL(value, { width: 320, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => isCurrent && setDataUrl(url),
    );
    return () => {
      isCurrent = false;
    };
  }, [value]);
  return (
    <Card className={styles.card} data-testid="wechat-qr">
      <div className={styles.qrBox}>
        <p className={styles.qrTitle}>
          <WechatPayMark size={22} /> {t('wechatQr.title')}
        </p>
        {dataUrl ? (
          <img src={dataUrl} width={200} height={200} alt={t('wechatQr.title')} data-qr-value={value} />
        ) : (
          <Skeleton.Image active style={{ width: 200, height: 200 }} />
        )}
        <p className={styles.qrHint}>{t('wechatQr.hint')}</p>
      </div>
    </Card>
  );
}
