/**
 * The wallet apps' marks on the payment choices, drawn here as plain shapes in their colours: Alipay's
 * blue square with 支, WeChat Pay's green one with two speech bubbles.
 */
export function AlipayMark({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" role="img" aria-hidden="true" focusable="false">
      <rect width="24" height="24" rx="5" fill="#1677ff" />
      <text
        x="12"
        y="17.2"
        textAnchor="middle"
        fontSize="15"
        fontWeight="700"
        fill="#fff"
        fontFamily="'PingFang SC','Microsoft YaHei','WenQuanYi Micro Hei',sans-serif"
      >
        支
      </text>
    </svg>
  );
}

/** WeChat Pay's green square with two speech bubbles. */
export function WechatPayMark({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" role="img" aria-hidden="true" focusable="false">
      <rect width="24" height="24" rx="5" fill="#07c160" />
      <ellipse cx="10" cy="10.5" rx="6" ry="5" fill="#fff" />
      <ellipse cx="15" cy="14" rx="4.8" ry="4" fill="#fff" stroke="#07c160" strokeWidth="1" />
      <circle cx="8" cy="9.5" r="0.9" fill="#07c160" />
      <circle cx="12" cy="9.5" r="0.9" fill="#07c160" />
    </svg>
  );
}

/** Each wallet app's mark by the app's name, in the order Chinese travellers expect them: Alipay, then WeChat Pay. */
export const PAY_APP_MARKS = { alipay: AlipayMark, wechat: WechatPayMark } as const;
