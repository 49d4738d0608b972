import { CODE_RESEND_SECONDS, type CodePurpose, type Identity } from '@junction/domain';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { authApi } from '../../../shared/auth/auth-api';
import { useCountdown } from '../../../shared/lib/use-countdown';
import { useErrorMessage } from '../lib/errors';

export type CodeButtonProps = {
  /** The account the code goes to; the code is asked for only when it is set and no countdown runs. */
  target: () => { type: Identity; target: string; country?: string } | null;
  purpose: CodePurpose;
  onError: (message: string) => void;
  type?: 'link' | 'default';
};

/** "Get code", then a 60-second countdown before it can be asked for again (spec §4). */
export function CodeButton({ target, purpose, onError, type = 'default' }: CodeButtonProps) {
  const { t } = useTranslation('account');
  const { message } = App.useApp();
  const errorMessage = useErrorMessage();
  const countdown = useCountdown(CODE_RESEND_SECONDS);
  const [isSending, setIsSending] = useState(false);

  const send = async () => {
    const to = target();
    if (!to || !to.target.trim() || countdown.isRunning) return;
    setIsSending(true);
    try {
      await authApi.sendCode({ ...to, purpose });
      countdown.start();
      message.success(t(to.type === 'mobile' ? 'code.sentMobile' : 'code.sentEmail'));
    } catch (err) {
      onError(errorMessage(err));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <Button type={type} onClick={send} loading={isSending} disabled={countdown.isRunning} data-testid="send-code">
      {countdown.isRunning ? t('code.resendIn', { seconds: countdown.left }) : t('code.send')}
    </Button>
  );
}
