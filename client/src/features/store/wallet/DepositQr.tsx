import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { logger } from '../../../lib/logger.ts';

/** The deposit address as a QR code a wallet app can scan, drawn as SVG in the page. */
export function DepositQr({ address, label }: { address: string; label: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    let live = true;
    QRCode.toString(address, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
      .then((drawn) => {
        if (live) setSvg(drawn);
      })
      .catch((err: unknown) => logger.error('recharge: QR code not drawn', err));
    return () => {
      live = false;
    };
  }, [address]);
  return svg ? (
    <img
      className="deposit-qr"
      src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`}
      alt={label}
      width={168}
      height={168}
      data-testid="deposit-qr"
    />
  ) : (
    <span className="deposit-qr deposit-qr--pending" aria-hidden="true" />
  );
}
