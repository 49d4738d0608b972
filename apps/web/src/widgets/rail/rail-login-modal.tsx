import { LockOutlined, SafetyCertificateOutlined, UserOutlined } from '@ant-design/icons';
import { RAIL_PASSWORD_MIN, type RailCodeAnswer } from '@junction/domain';
import { Alert, App, Button, Checkbox, Form, Input, Modal, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../shared/lib/use-countdown';
import { paths } from '../../shared/paths';
import { FormError } from '../../shared/ui/form-error';
import { useRailCode, useRailLogin } from './api/rail';
import styles from './rail.module.css';

type Values = { username: string; password: string; idLastFour: string; code: string; agreed: boolean };

export type RailLoginModalProps = {
  open: boolean;
  onClose: () => void;
  /** The username to start from (logging in again to an expired link). */
  username?: string;
};

/**
 * Logs in to the traveller's China Railway 12306 account (spec §5): username, password (6 or more),
 * the last four ID digits and the SMS code 12306 texts; the authorisation agreement must be opened and
 * ticked before the login. SMS results 0, 6 and 11 are shown where they belong (spec §8).
 */
export function RailLoginModal({ open, onClose, username }: RailLoginModalProps) {
  const { t } = useTranslation('rail');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [agreementOpened, setAgreementOpened] = useState(false);
  const [codeAnswer, setCodeAnswer] = useState<RailCodeAnswer | null>(null);
  const countdown = useCountdown(60);
  const code = useRailCode();
  const login = useRailLogin();

  const sendCode = async () => {
    if (countdown.isRunning) return;
    const values = await form.validateFields(['username', 'idLastFour']).catch(() => null);
    if (!values) return;
    code.mutate(
      { username: values.username, idLastFour: values.idLastFour },
      {
        onSuccess: (answer) => {
          setCodeAnswer(answer);
          if (answer.result === 0) countdown.start();
          if (answer.result === 11) form.setFields([{ name: 'idLastFour', errors: [t('login.codeResult.11')] }]);
        },
      },
    );
  };

  const submit = (values: Values) =>
    login.mutate(
      { ...values, agreed: values.agreed === true },
      {
        onSuccess: () => {
          message.success(t('login.linked'));
          form.resetFields();
          setCodeAnswer(null);
          onClose();
        },
      },
    );

  return (
    <Modal
      open={open}
      onCancel={onClose}
      footer={null}
      width={460}
      destroyOnHidden
      title={
        <span className={styles.modalTitle}>
          <span className={styles.brandMark} aria-hidden="true">
            12306
          </span>
          {t('login.title')}
        </span>
      }
    >
      <p className={styles.modalLead}>{t('login.lead')}</p>
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ username, agreed: false }}
        onFinish={submit}
        data-testid="rail-login-form"
      >
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[{ required: true, whitespace: true, message: t('login.rules.username') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="off" maxLength={40} data-testid="rail-username" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[
            { required: true, message: t('login.rules.password') },
            { min: RAIL_PASSWORD_MIN, message: t('login.rules.password') },
          ]}
        >
          <Input.Password prefix={<LockOutlined />} autoComplete="off" maxLength={64} data-testid="rail-password" />
        </Form.Item>
        <Form.Item
          name="idLastFour"
          label={t('login.idLastFour')}
          rules={[
            { required: true, message: t('login.rules.idLastFour') },
            { pattern: /^\d{3}[\dXx]$/, message: t('login.rules.idLastFour') },
          ]}
        >
          <Input maxLength={4} autoComplete="off" inputMode="text" data-testid="rail-last-four" />
        </Form.Item>
        <Form.Item label={t('login.code')} required>
          <Space.Compact block>
            <Form.Item
              name="code"
              noStyle
              rules={[
                { required: true, message: t('login.rules.code') },
                { pattern: /^\d{6}$/, message: t('login.rules.code') },
              ]}
            >
              <Input maxLength={6} inputMode="numeric" autoComplete="one-time-code" data-testid="rail-code" />
            </Form.Item>
            <Button
              onClick={sendCode}
              loading={code.isPending}
              disabled={countdown.isRunning}
              className={styles.codeButton}
              data-testid="rail-send-code"
            >
              {countdown.isRunning ? t('login.resendIn', { seconds: countdown.left }) : t('login.getCode')}
            </Button>
          </Space.Compact>
        </Form.Item>
        {codeAnswer && codeAnswer.result !== 11 ? (
          <Alert
            className={styles.codeResult}
            type={codeAnswer.result === 0 ? 'success' : 'warning'}
            showIcon
            title={t(`login.codeResult.${codeAnswer.result}`, { phone: codeAnswer.phoneMasked ?? '' })}
            data-testid="rail-code-result"
            data-result={codeAnswer.result}
          />
        ) : null}
        <FormError error={code.error} />
        <Form.Item
          name="agreed"
          valuePropName="checked"
          rules={[
            { validator: (_r, v) => (v ? Promise.resolve() : Promise.reject(new Error(t('login.rules.agreement')))) },
          ]}
          extra={agreementOpened ? undefined : t('login.openFirst')}
        >
          <Checkbox disabled={!agreementOpened} data-testid="rail-agree">
            {t('login.agreePrefix')}{' '}
            <a
              href={paths.agreement('kyfw-auth')}
              target="_blank"
              rel="noopener"
              onClick={() => setAgreementOpened(true)}
              data-testid="rail-agreement-link"
            >
              {t('login.agreement')}
            </a>
          </Checkbox>
        </Form.Item>
        <FormError error={login.error} />
        <Button
          type="primary"
          htmlType="submit"
          block
          size="large"
          loading={login.isPending}
          icon={<SafetyCertificateOutlined />}
          data-testid="rail-login-submit"
        >
          {t('login.submit')}
        </Button>
      </Form>
    </Modal>
  );
}
