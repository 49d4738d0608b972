import { Alert, Form } from 'antd';
import { type RefObject, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadStripeCard, type MountedCard, type StripeSettings } from '../lib/stripe-card';
import styles from './payment.module.css';

/**
 * The new card an order is paid with when Stripe takes the cards: Stripe's own card field (its frame),
 * mounted here once Stripe.js has loaded, in the page's language; its error, if Stripe says one.
 */
export function StripeCardForm({
  settings,
  mounted,
  error,
}: {
  settings: StripeSettings;
  mounted: RefObject<MountedCard | null>;
  error: string | null;
}) {
  const { t, i18n } = useTranslation('payment');
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
        const element = stripe.elements({ locale }).create('card', { hidePostalCode: true });
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
  }, [box, settings, mounted, i18n.language]);
  return (
    <Form layout="vertical" className={styles.cardForm} data-testid="stripe-card-form">
      <Form.Item label={t('stripe.card')} validateStatus={error ? 'error' : ''} help={error ?? undefined}>
        <div ref={setBox} className={styles.stripeCard} data-testid="stripe-card" />
      </Form.Item>
      {failed ? <Alert type="error" showIcon title={t('stripe.unavailable')} data-testid="stripe-unavailable" /> : null}
    </Form>
  );
}
