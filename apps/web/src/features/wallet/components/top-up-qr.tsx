import { Modal, Skeleton } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { WechatPayMark } from '../../../shared/ui/pay-marks';
import styles from './wallet.module.css';

/** WeChat Pay's Native code of a top-up, to scan with WeChat on a phone; it closes once the payment arrives. */
export function TopUpQr({ value, onClose }: { value: string | null; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  const [dataUrl, setDataUrl] = useState<string>();
  useEffect(() => {
    if (!value) return;
    let isCurrent = true;
    void QRCode.toDataURL(value, { width: 320, margin: 1, errorCorrectionLevel: 'M' }).then(
      (url) => isCurrent && setDataUrl(url),
    );
    return () => {
      isCurrent = false;
    };
  }, [value]);
  return (
    <Modal open={value !== null} footer={null} onCancel={onClose} width={360} destroyOnHidden>
      <div className={styles.qrBox} data-testid="top-up-qr">
        <p className={styles.qrTitle}>
          <WechatPayMark size={22} /> {t('topUp.qrTitle')}
        </p>
        {dataUrl ? (
          <img src={dataUrl} width={200} height={200} alt={t('topUp.qrTitle')} data-qr-value={value ?? ''} />
        ) : (
          <Skeleton.Image active style={{ width: 200, height: 200 }} />
        )}
        <p className={styles.qrHint}>{t('topUp.qrHint')}</p>
      </div>
    </Modal>
  );
}
