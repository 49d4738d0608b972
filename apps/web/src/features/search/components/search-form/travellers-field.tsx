import { type ErrorName, MAX_TRAVELLERS, travellerProblem } from '@junction/domain';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '../../../../shared/lib/error-text';
import { Button } from '../../../../shared/ui/light/button';
import {
  DownOutlined,
  ExclamationCircleFilled,
  MinusOutlined,
  PlusOutlined,
  UserOutlined,
} from '../../../../shared/ui/light/icons';
import { Popup } from '../../../../shared/ui/light/popup';
import { FieldShell } from './field-shell';
import styles from './search-form.module.css';

export type Travellers = { adults: number; children: number; infants: number };
const KINDS = ['adults', 'children', 'infants'] as const;
type Kind = (typeof KINDS)[number];

const problemOf = (t: Travellers) => travellerProblem(t.adults, t.children, t.infants);

export type TravellersFieldProps = {
  id: string;
  value: Travellers;
  /** Takes an update of the current value, so quick clicks each count. */
  onChange: (update: (current: Travellers) => Travellers) => void;
  error?: string;
};

/**
 * The travellers popover: steppers for adults, children and infants that never leave the rules of
 * spec §5 and §9 (at least one adult, two children and one infant per adult, nine in all). When a
 * limit stops a stepper, the rule says why.
 */
export function TravellersField({ id, value, onChange, error }: TravellersFieldProps) {
  const { t } = useTranslation('search-form');
  const errorText = useErrorText();
  const [isOpen, setIsOpen] = useState(false);
  const anchor = useRef<HTMLButtonElement>(null);
  const total = value.adults + value.children + value.infants;
  const message = (name: ErrorName) => errorText(name);

  const step = (kind: Kind, by: 1 | -1) => ({ ...value, [kind]: value[kind] + by });
  /** One step on whatever the value is when it applies; a step that would break a rule changes nothing. */
  const stepped = (kind: Kind, by: 1 | -1) => (current: Travellers) => {
    const next = { ...current, [kind]: current[kind] + by };
    return next[kind] < 0 || problemOf(next) ? current : next;
  };
  const blockedAdd = (kind: Kind) => problemOf(step(kind, 1));
  const blockedRemove = (kind: Kind) => (value[kind] === 0 ? 'NO_ADULT' : problemOf(step(kind, -1)));
  const rowNote = (kind: Kind) => {
    const p = blockedAdd(kind);
    return (kind === 'children' && p === 'TOO_MANY_CHILDREN') || (kind === 'infants' && p === 'TOO_MANY_INFANTS')
      ? message(p)
      : null;
  };

  const content = (
    <div className={styles.travellers} data-testid="travellers-panel">
      {KINDS.map((kind) => {
        const note = rowNote(kind);
        return (
          <div key={kind} className={styles.travellerRow}>
            <div className={styles.travellerText}>
              <span className={styles.travellerLabel} id={`${id}-${kind}`}>
                {t(`travellers.${kind}.label`)}
              </span>
              <span className={styles.travellerHint}>{t(`travellers.${kind}.hint`)}</span>
              {note ? (
                <span className={styles.travellerNote} data-testid={`${kind}-note`}>
                  {note}
                </span>
              ) : null}
            </div>
            <fieldset className={styles.stepper} aria-labelledby={`${id}-${kind}`}>
              <Button
                shape="circle"
                icon={<MinusOutlined />}
                aria-label={t(`travellers.${kind}.remove`)}
                disabled={blockedRemove(kind) !== null}
                onClick={() => onChange(stepped(kind, -1))}
                data-testid={`${kind}-remove`}
              />
              <output className={styles.count} aria-live="polite" data-testid={`${kind}-count`}>
                {value[kind]}
              </output>
              <Button
                shape="circle"
                icon={<PlusOutlined />}
                aria-label={t(`travellers.${kind}.add`)}
                disabled={blockedAdd(kind) !== null}
                onClick={() => onChange(stepped(kind, 1))}
                data-testid={`${kind}-add`}
              />
            </fieldset>
          </div>
        );
      })}
      {total >= MAX_TRAVELLERS ? (
        <div className={styles.travellerAlert} role="status" data-testid="travellers-limit">
          <ExclamationCircleFilled className={styles.travellerAlertIcon} aria-hidden="true" />
          {message('TOO_MANY_TRAVELLERS')}
        </div>
      ) : null}
      <p className={styles.travellerRule}>{t('travellers.rule')}</p>
      <div className={styles.travellerFooter}>
        <Button variant="primary" onClick={() => setIsOpen(false)}>
          {t('travellers.done')}
        </Button>
      </div>
    </div>
  );

  return (
    <FieldShell label={t('travellers.label')} htmlFor={id} error={error}>
      <button
        ref={anchor}
        id={id}
        type="button"
        onClick={() => setIsOpen((open) => !open)}
        className={`${styles.travellersButton} ${error ? styles.travellersButtonError : ''}`}
        aria-expanded={isOpen}
        data-testid="travellers-button"
      >
        <UserOutlined className={styles.travellersIcon} aria-hidden="true" />
        <span className={styles.travellersSummary}>{t('travellers.summary', { count: total })}</span>
        <DownOutlined className={styles.travellersChevron} aria-hidden="true" />
      </button>
      {isOpen ? (
        <Popup anchor={anchor} align="right" onClose={() => setIsOpen(false)}>
          {content}
        </Popup>
      ) : null}
    </FieldShell>
  );
}
