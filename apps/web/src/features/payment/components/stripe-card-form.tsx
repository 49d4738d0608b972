import { Form } from 'antd';
import type { RefObject } from 'react';
import type { MountedCard, StripeSettings } from '../../../shared/ui/card/stripe-card';
import { StripeCardField } from '../../../shared/ui/card/stripe-field';
import styles from './payment.module.css';

/** The new card an order is paid with when Stripe takes the cards: Stripe's own card field. */
export function StripeCardForm({
  settings,
  mounted,
  error,
}: {
  settings: StripeSettings;
  mounted: RefObject<MountedCard | null>;
  error: string | null;
}) {
  return (
    <Form layout="vertical" className={styles.cardForm} data-testid="stripe-card-form">
      <StripeCardField settings={settings} card={{ mounted, error }} />
    </Form>
  );
}
