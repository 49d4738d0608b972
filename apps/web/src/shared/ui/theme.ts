import type { ThemeConfig } from 'antd';

/**
 * The site's theme. Ant Design's styles come built ahead (`antd-styles.ts`): components write no styles while
 * drawing, and the theme's tokens reach them as CSS variables, under a class of the theme's own (the built
 * stylesheet carries classes of the names Ant Design would give otherwise).
 */
export const theme: ThemeConfig = {
  zeroRuntime: true,
  cssVar: { key: 'css-var-junction' },
  token: {
    colorPrimary: '#1b5fd9',
    colorLink: '#1b5fd9',
    colorWarning: '#f59e0b',
    borderRadius: 8,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'PingFang SC', 'Hiragino Sans GB', 'Microsoft YaHei', 'WenQuanYi Micro Hei', sans-serif",
    colorText: '#1a2740',
    colorTextSecondary: '#5b6b86',
    colorTextDescription: '#5b6b86',
  },
  components: {
    Collapse: { headerBg: '#fff' },
    Table: { headerBg: '#f3f6fc' },
  },
};

/** The theme with Ant Design's motion off, for a traveller whose system asks for reduced motion. */
export const stillTheme: ThemeConfig = {
  ...theme,
  cssVar: { key: 'css-var-junction-still' },
  token: { ...theme.token, motion: false },
};
