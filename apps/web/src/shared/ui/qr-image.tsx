import { Skeleton } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';

/** A QR code drawn in the browser from its value, `size` pixels square, with a placeholder while it is drawn. */
export function QrImage({
  value,
  alt,
  size,
  dark,
  className,
}: {
  value: string;
  alt: string;
  size: number;
  /** The modules' colour; black unless given. */
  dark?: string;
  className?: string;
}) {
  const [dataUrl, setDataUrl] = useState<string>();
  useEffect(() => {
    let isCurrent = true;
    const options = { width: 320, margin: 1, errorCorrectionLevel: 'M' as const, ...(dark ? { color: { dark } } : {}) };
    void QRCode.toDataURL(value, options).then((url) => isCurrent && setDataUrl(url));
    return () => {
      isCurrent = false;
    };
  }, [value, dark]);
  return dataUrl ? (
    <img src={dataUrl} width={size} height={size} alt={alt} className={className} data-qr-value={value} />
  ) : (
    <Skeleton.Image active style={{ width: size, height: size }} />
  );
}
