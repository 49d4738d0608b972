import type { Language } from '@junction/domain';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { ComponentType, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useMediaQuery } from '../lib/use-media-query';
import './antd-styles';
import { stillTheme, theme } from './theme';

const ANT_LOCALES: Record<Language, typeof enUS> = { en: enUS, 'zh-CN': zhCN };
const DAYJS_LOCALES: Record<Language, string> = { en: 'en', 'zh-CN': 'zh-cn' };

/**
 * Ant Design's theme, texts and message holders around the parts of the site built with it: every page but
 * the home page, and the dialogs, panels and pickers that load when first opened. It comes with them, so the
 * home page loads none of Ant Design. Its stylesheet and the date library's Chinese texts come with it too.
 */
export function AntdScope({ children }: { children: ReactNode }) {
  // The UI language as i18next has it (the app keeps it in step with the preference cookie).
  const language: Language = useTranslation().i18n.language === 'en' ? 'en' : 'zh-CN';
  dayjs.locale(DAYJS_LOCALES[language]);
  // Dialogs, drawers and menus open without their zoom and slide, and buttons without their ripple, when the
  // system asks for reduced motion.
  const still = useMediaQuery('(prefers-reduced-motion: reduce)');
  return (
    <ConfigProvider
      locale={ANT_LOCALES[language]}
      theme={still ? stillTheme : theme}
      button={{ autoInsertSpace: false }}
      wave={{ disabled: still }}
    >
      <AntApp component={false}>{children}</AntApp>
    </ConfigProvider>
  );
}

/** A component inside its own scope, for a page or panel loaded on demand. */
export function withAntd<P extends object>(Component: ComponentType<P>): ComponentType<P> {
  const Scoped = (props: P) => (
    <AntdScope>
      <Component {...props} />
    </AntdScope>
  );
  Scoped.displayName = `Antd(${Component.displayName ?? Component.name})`;
  return Scoped;
}
