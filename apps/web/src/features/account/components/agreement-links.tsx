import { Trans, useTranslation } from 'react-i18next';

export type AgreementLinksProps = { i18nKey: 'login.agreement' | 'register.agree' };

/** A sentence naming the service agreement and the privacy policy, each a link opening in a new tab. */
export function AgreementLinks({ i18nKey }: AgreementLinksProps) {
  const { t } = useTranslation('account');
  return (
    <Trans
      t={t}
      i18nKey={i18nKey}
      components={{
        // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside
        service: <a href="/agreement/service" target="_blank" rel="noopener" />,
        // biome-ignore lint/a11y/useAnchorContent: Trans puts the translated link text inside
        privacy: <a href="/agreement/privacy" target="_blank" rel="noopener" />,
      }}
    />
  );
}
