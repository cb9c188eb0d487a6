import { Image, Stack, Text } from '@mantine/core';
import { formatINR, upiPayLink, type Paise } from '@parish/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useUpiSettings } from './api.ts';

/**
 * The counter's UPI QR code (`docs/domain.md`, "UPI at the counter"): when the parish UPI ID is set,
 * a QR of `upi://pay?pa=…&pn=…&am=…&cu=INR&tn=…` for exactly the amount to receive, the note naming
 * the member's parish number and the heads. When the UPI ID is not set, the dialog says why no QR
 * code shows (issue 27, item 5); nothing while it loads or while the amount is zero. The image is
 * drawn by `qrcode` (loaded only when shown).
 */
export function UpiQr({ amountPaise, note }: { amountPaise: Paise; note: string }) {
  const { t } = useTranslation();
  const upi = useUpiSettings();
  const [image, setImage] = useState<string | null>(null);
  const vpa = upi.data?.vpa ?? '';
  const link =
    vpa && amountPaise > 0 ? upiPayLink({ vpa, payeeName: upi.data?.payeeName ?? '', amountPaise, note }) : null;
  useEffect(() => {
    let current = true;
    if (!link) {
      setImage(null);
      return;
    }
    void import('qrcode').then(({ toDataURL }) =>
      toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 220 }).then((url) => {
        if (current) setImage(url);
      }),
    );
    return () => {
      current = false;
    };
  }, [link]);
  if (upi.data && !vpa) {
    return (
      <Text size="sm" c="gray.7" data-testid="upi-no-qr">
        {t('collections.collect.noQr')}
      </Text>
    );
  }
  if (!link) return null;
  return (
    <Stack gap={4} align="center">
      {image ? (
        <Image
          src={image}
          w={220}
          h={220}
          alt={t('collections.collect.qrAlt', { amount: formatINR(amountPaise), vpa })}
        />
      ) : null}
      <Text size="sm" ta="center">
        {t('collections.collect.qrText', { amount: formatINR(amountPaise), vpa })}
      </Text>
    </Stack>
  );
}
