/**
 * The wallet apps' marks on the payment choices, drawn here as plain shapes in their colours: Alipay's
 * blue square with 支.
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
