import type { ThemeConfig } from 'antd';

export const theme: ThemeConfig = {
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
export const stillTheme: ThemeConfig = { ...theme, token: { ...theme.token, motion: false } };
