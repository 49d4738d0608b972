import { ConfigProvider, message } from 'antd';
import './antd-styles';
import { theme } from './theme';

// Notices shown outside any page's Ant Design scope still take the site's theme.
ConfigProvider.config({ holderRender: (children) => <ConfigProvider theme={theme}>{children}</ConfigProvider> });

export function errorToast(content: string, seconds: number): void {
  void message.error({ content, duration: seconds });
}

export function successToast(content: string, seconds: number): void {
  void message.success({ content, duration: seconds });
}
