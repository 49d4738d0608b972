import type { CardBrand } from '@junction/domain';
import styles from './card.module.css';

const MARKS: Record<CardBrand, string> = {
  visa: 'VISA',
  mastercard: 'Mastercard',
  amex: 'AMEX',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

const NAMES: Record<CardBrand, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  discover: 'Discover',
  jcb: 'JCB',
  unionpay: 'UnionPay',
};

/** A card brand's name as it is written in running text. */
export const brandName = (brand: CardBrand) => NAMES[brand];

/** A card brand's name as a small mark in its colours. */
export function BrandMark({ brand, small = false }: { brand: CardBrand; small?: boolean }) {
  return (
    <span className={`${styles.brandMark} ${styles[`brand_${brand}`]} ${small ? styles.brandSmall : ''}`}>
      {MARKS[brand]}
    </span>
  );
}
