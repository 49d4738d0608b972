import { Alert, Form } from 'antd';
import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './card.module.css';
import { loadStripeCard, type MountedCard, type StripeSettings } from './stripe-card';

/**
 * Stripe's own field (its frame) inside the caller's form, mounted once Stripe.js has loaded, in the
 * page's language: the whole card (`card`) or a saved card's security code (`cardCvc`); its error, if
 * Stripe says one.
 */
export function StripeField({
  settings,
  mounted,
  error,
  kind,
  label,
  testId,
}: {
  settings: StripeSettings;
  mounted: RefObject<MountedCard | null>;
  error: string | null;
  kind: 'card' | 'cardCvc';
  label: string;
  testId: string;
}) {
  const { t, i18n } = useTranslation('card');
  const [box, setBox] = useState<HTMLDivElement | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!box) return;
    let live = true;
    let card: MountedCard | null = null;
    loadStripeCard(settings)
      .then((stripe) => {
        if (!live || !stripe) return;
        const locale = i18n.language.startsWith('zh') ? 'zh' : 'en';
        const elements = stripe.elements({ locale });
        const element =
          kind === 'card' ? elements.create('card', { hidePostalCode: true }) : elements.create('cardCvc');
        element.mount(box);
        card = { stripe, element };
        mounted.current = card;
      })
      .catch(() => setFailed(true));
    return () => {
      live = false;
      card?.element.destroy();
      if (mounted.current === card) mounted.current = null;
    };
  }, [box, settings, mounted, kind, i18n.language]);
  return (
    <>
      <Form.Item label={label} validateStatus={error ? 'error' : ''} help={error ?? undefined}>
        <div ref={setBox} className={kind === 'card' ? styles.stripeCard : styles.stripeCvc} data-testid={testId} />
      </Form.Item>
      {failed ? <Alert type="error" showIcon title={t('stripe.unavailable')} data-testid="stripe-unavailable" /> : null}
    </>
  );
}

/** Stripe's whole card field (number, expiry and code) for a new card, or one to save. */
export function StripeCardField({
  settings,
  card,
}: {
  settings: StripeSettings;
  card: { mounted: RefObject<MountedCard | null>; error: string | null };
}) {
  const { t } = useTranslation('card');
  return (
    <StripeField
      settings={settings}
      mounted={card.mounted}
      error={card.error}
      kind="card"
      label={t('stripe.card')}
      testId="stripe-card"
    />
  );
}
