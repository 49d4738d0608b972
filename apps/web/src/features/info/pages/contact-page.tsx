import {
  ClockCircleOutlined,
  EnvironmentOutlined,
  MailOutlined,
  MessageOutlined,
  MobileOutlined,
  PhoneOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useChatLauncher } from '../../../shared/chat/chat-launcher';
import { useDocumentTitle } from '../../../shared/lib/use-document-title';
import styles from '../components/info.module.css';
import { PageHero } from '../components/page-hero';
import { useSiteValues } from '../components/site-text';
import contact from './contact.module.css';

const CHANNEL_ICONS: Record<string, ReactNode> = {
  chat: <MessageOutlined />,
  email: <MailOutlined />,
  phone: <PhoneOutlined />,
  app: <MobileOutlined />,
};

export function ContactPage() {
  const { t } = useTranslation(['contact', 'chat']);
  const chat = useChatLauncher();
  const values = useSiteValues();
  useDocumentTitle(t('meta.title'));
  const channels = t('channels', { returnObjects: true, ...values });
  const tips = t('beforeYouWrite.items', { returnObjects: true, ...values });

  return (
    <>
      <PageHero title={t('hero.title', values)} subtitle={t('hero.subtitle', values)} />
      <div className={styles.page}>
        <section className={`${styles.card} ${contact.hours}`} data-testid="service-hours">
          <span className={contact.hoursIcon}>
            <ClockCircleOutlined />
          </span>
          <div>
            <h2 className={contact.hoursTitle}>{t('hours.title')}</h2>
            <p className={contact.hoursValue}>{t('hours.value')}</p>
            <p className={styles.muted}>{t('hours.note')}</p>
          </div>
          <div className={contact.chat}>
            <h2 className={contact.hoursTitle}>{t('chat:contact.title')}</h2>
            <p className={styles.muted}>{t('chat:contact.text')}</p>
            <Button
              type="primary"
              size="large"
              icon={<MessageOutlined />}
              onClick={() => chat.open()}
              data-testid="contact-chat"
            >
              {t('chat:contact.button')}
            </Button>
          </div>
        </section>
        <section className={styles.card}>
          <div className={styles.grid4}>
            {channels.map((c) => (
              <div key={c.id} className={styles.tile}>
                <span className={styles.tileIcon}>{CHANNEL_ICONS[c.id]}</span>
                <h3 className={styles.tileTitle}>{c.title}</h3>
                <p className={styles.tileText}>{c.text}</p>
              </div>
            ))}
          </div>
        </section>
        <div className={styles.grid2} style={{ marginTop: 24 }}>
          <section className={styles.card}>
            <h2 className={styles.sectionTitle}>{t('beforeYouWrite.title')}</h2>
            <ul className={contact.list}>
              {tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </section>
          <div>
            <section className={`${styles.card} ${contact.urgent}`}>
              <h2 className={styles.sectionTitle}>
                <WarningOutlined /> {t('urgent.title')}
              </h2>
              <p className={styles.paragraph}>{t('urgent.text', values)}</p>
            </section>
            <section className={styles.card}>
              <h2 className={styles.sectionTitle}>
                <EnvironmentOutlined /> {t('office.title')}
              </h2>
              <p className={styles.paragraph}>{t('office.text', values)}</p>
            </section>
          </div>
        </div>
      </div>
    </>
  );
}
