import { WechatPayMark } from './pay-marks';
import { QrImage } from './qr-image';
import styles from './wechat-qr-code.module.css';

/** WeChat Pay's Native code as a QR image under its mark and title, with a hint below. */
export function WechatQrCode({ value, title, hint }: { value: string; title: string; hint: string }) {
  return (
    <div className={styles.box}>
      <p className={styles.title}>
        <WechatPayMark size={22} /> {title}
      </p>
      <QrImage value={value} alt={title} size={200} />
      <p className={styles.hint}>{hint}</p>
    </div>
  );
}
