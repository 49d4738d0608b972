import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { WechatQrCode } from '../../../shared/ui/wechat-qr-code';
import styles from './wallet.module.css';

/** WeChat Pay's Native code of a top-up, to scan with WeChat on a phone; it closes once the payment arrives. */
export function TopUpQr({ value, onClose }: { value: string | null; onClose: () => void }) {
  const { t } = useTranslation('wallet');
  return (
    <Modal open={value !== null} footer={null} onCancel={onClose} width={360} destroyOnHidden>
      <div className={styles.qrBox} data-testid="top-up-qr">
        {value && <WechatQrCode value={value} title={t('topUp.qrTitle')} hint={t('topUp.qrHint')} />}
      </div>
    </Modal>
  );
}
