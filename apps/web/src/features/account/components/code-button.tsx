import { CODE_RESEND_SECONDS, type CodePurpose, type Identity } from '@junction/domain';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../shared/lib/use-countdown';
import { useSendCode } from '../api/sign-in';

export type CodeButtonProps = {
  /** The account the code goes to; the code is asked for only when it is set and no countdown runs. */
  target: () => { type: Identity; target: string; country?: string } | null;
  purpose: CodePurpose;
  /** A refused request, for the form to show under its fields. */
  onError: (error: unknown) => void;
  type?: 'link' | 'default';
};

/** "Get code", then a 60-second countdown before it can be asked for again (spec §4). */
export function CodeButton({ target, purpose, onError, type = 'default' }: CodeButtonProps) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const countdown = useCountdown(CODE_RESEND_SECONDS);
  const sendCode = useSendCode();

  const send = () => {
    const to = target();
    if (!to?.target.trim() || countdown.isRunning) return;
    sendCode.mutate(
      { ...to, purpose },
      {
        onSuccess: () => {
          countdown.start();
          message.success(t(to.type === 'mobile' ? 'code.sentMobile' : 'code.sentEmail'));
        },
        onError,
      },
    );
  };

  return (
    <Button
      type={type}
      onClick={send}
      loading={sendCode.isPending}
      disabled={countdown.isRunning}
      data-testid="send-code"
    >
      {countdown.isRunning ? t('code.resendIn', { seconds: countdown.left }) : t('code.send')}
    </Button>
  );
}
