import type { CardBrand } from '@junction/domain';
import styles from './wallet.module.css';

const LABELS: Record<CardBrand, string> = {
  visa: 'VISA',
  mastercard: 'Mastercard',
  amex: 'AMEX',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** A card brand's name as a small mark in its colours. */
export function BrandMark({ brand, small = false }: { brand: CardBrand; small?: boolean }) {
  return (
    <span className={`${styles.brandMark} ${styles[`brand_${brand}`]} ${small ? styles.brandSmall : ''}`}>
      {LABELS[brand]}
    </span>
  );
}
