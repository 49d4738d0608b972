import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { WechatQrCode } from '../../../shared/ui/wechat-qr-code';
import styles from './payment.module.css';

/** WeChat Pay's Native code, to scan with WeChat on a phone; the page moves on once the payment arrives. */
export function WechatQr({ value }: { value: string }) {
  const { t } = useTranslation('payment');
  return (
    <Card className={styles.card} data-testid="wechat-qr">
      <WechatQrCode value={value} title={t('wechatQr.title')} hint={t('wechatQr.hint')} />
    </Card>
  );
}
