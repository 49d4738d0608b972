import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../shared/api/api-error';
import { useErrorText } from '../../../shared/lib/error-text';
import { FormError } from '../../../shared/ui/form-error';
import { BOOKING_STEPS, stepToFix } from '../lib/booking-steps';
import { studentRefusalOf } from '../lib/student-fare';
import styles from './orders.module.css';

export type Fix = NonNullable<ReturnType<typeof stepToFix>>;

/** A flight's cabin short of seats, as the server names it with its refusal (2007): the cabin and the seats left. */
const cabinSeatsOf = (params: Record<string, unknown> | undefined) =>
  typeof params?.cabin === 'string' && typeof params.remaining === 'number' && params.remaining > 0
    ? { cabin: params.cabin, remaining: params.remaining }
    : undefined;

/**
 * Why "Create order" was refused, on the last step. A refusal about something an earlier step shows (the
 * contact's mobile, a traveller's document, the seat class) names that step and takes the traveller there;
 * a refused student ticket says the railway's reason.
 */
export function OrderRefusal({ error, onFix }: { error: unknown; onFix: (fix: Fix) => void }) {
  const { t } = useTranslation('orders');
  const errorText = useErrorText();
  const fix = error instanceof ApiError ? stepToFix(error.errorCode, error.body.params) : null;
  if (!fix) return <FormError error={error} className={styles.issue} />;
  const step = { n: fix.step + 1, title: t(`booking.steps.${BOOKING_STEPS[fix.step]}`) };
  const student = studentRefusalOf(error);
  const seats = error instanceof ApiError ? cabinSeatsOf(error.body.params) : undefined;
  return (
    <Alert
      type="error"
      showIcon
      className={styles.issue}
      data-testid="order-refusal"
      data-step={fix.step}
      title={student ? t(`booking.travellers.studentRefusal.${student}`) : errorText(error)}
      description={
        <div className={styles.refusal}>
          {seats && (
            <span data-testid="cabin-seats-left">
              {t('booking.cabinSeatsLeft', {
                remaining: seats.remaining,
                cabin: t(`cabins.${seats.cabin}` as 'cabins.Y'),
              })}
            </span>
          )}
          <span>{t('booking.fixOn', step)}</span>
          <Button size="small" onClick={() => onFix(fix)} data-testid="go-to-step">
            {t('booking.goToStep', step)}
          </Button>
        </div>
      }
    />
  );
}
