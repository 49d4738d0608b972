import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { SavedCard } from '@junction/domain';
import { dateTimeFormat, nameIn } from '@junction/domain';
import { Button, Tag, Tooltip } from 'antd';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '../../../shared/api/reference';
import { usePreferences } from '../../../shared/lib/preferences';
import { BrandMark } from '../../../shared/ui/card/brand-mark';
import styles from './wallet.module.css';

export type SavedCardTileProps = { card: SavedCard; onEdit: () => void; onDelete: () => void };

/**
 * A billing address's parts in the order shown: the country by its name in the reader's language (its code until
 * the names have loaded), and a region the same as the city (Beijing, Beijing) once.
 */
export function billingParts(
  b: SavedCard['billing'],
  countryName: (code: string) => string | undefined,
): { field: string; text: string }[] {
  const region = b.region && b.region.trim().toLowerCase() !== b.city.trim().toLowerCase() ? b.region : '';
  const country = b.country ? (countryName(b.country) ?? b.country) : '';
  const parts = { line1: b.line1, line2: b.line2, city: b.city, region, zip: b.zip, country };
  return Object.entries(parts)
    .filter(([, text]) => Boolean(text))
    .map(([field, text]) => ({ field, text }));
}

/** A saved card as a card face (masked number, holder, expiry) with its description and billing address. */
export function SavedCardTile({ card, onEdit, onDelete }: SavedCardTileProps) {
  const { t } = useTranslation('wallet');
  const { language } = usePreferences();
  const dateTime = dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' });
  const b = card.billing;
  const countries = useCountries().data;
  const countryName = (code: string) => {
    const c = countries?.find((x) => x.code === code);
    return c ? nameIn(c, language) : undefined;
  };
  return (
    <li className={styles.cardItem} data-testid="saved-card">
      <div className={`${styles.cardFace} ${styles[`face_${card.brand}`]}`}>
        <div className={styles.faceTop}>
          <span className={styles.chip} aria-hidden="true" />
          <BrandMark brand={card.brand} />
        </div>
        <div className={styles.faceNumber} data-testid="card-masked">
          {card.numberMasked}
        </div>
        <div className={styles.faceBottom}>
          <span className={styles.faceName}>{card.name}</span>
          <span>
            <small>{t('card.validThru')}</small> {String(card.expMonth).padStart(2, '0')}/
            {String(card.expYear).slice(-2)}
          </span>
        </div>
      </div>
      <div className={styles.cardInfo}>
        <div className={styles.cardTitle}>
          <strong data-testid="card-description-text">{card.description || t('card.noDescription')}</strong>
          {card.expired ? <Tag color="red">{t('card.expiredTag')}</Tag> : null}
          {card.lockedUntil ? (
            <Tag color="orange" data-testid="card-locked">
              {t('card.lockedTag', { time: dateTime.format(new Date(card.lockedUntil)) })}
            </Tag>
          ) : null}
        </div>
        <p className={styles.cardAddress} data-testid="card-address">
          {/* The street lines wrap as text; each shorter part is kept whole (中国 is not split between lines). */}
          {billingParts(b, countryName).map((part, i, all) => (
            <Fragment key={part.field}>
              <span className={part.field.startsWith('line') ? undefined : styles.addressPart}>
                {part.text}
                {i + 1 < all.length ? ',' : ''}
              </span>{' '}
            </Fragment>
          ))}
        </p>
        <p className={styles.cardAddress} data-testid="card-phone">
          {b.phoneMasked}
        </p>
        <div className={styles.cardActions}>
          <Tooltip title={t('card.edit')}>
            <Button
              type="text"
              icon={<EditOutlined />}
              onClick={onEdit}
              data-testid="card-edit"
              aria-label={t('card.edit')}
            />
          </Tooltip>
          <Tooltip title={t('card.delete')}>
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              onClick={onDelete}
              data-testid="card-delete"
              aria-label={t('card.delete')}
            />
          </Tooltip>
        </div>
      </div>
    </li>
  );
}
