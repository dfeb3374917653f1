// A QR code drawn in the browser (the `qrcode` library, loaded with the screen that shows one).
import Box from '@mui/material/Box';
import { useEffect, useState } from 'react';

export function QrImage({ text, alt }: { text: string; alt: string }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void import('qrcode')
      .then((qr) => qr.toDataURL(text, { errorCorrectionLevel: 'M', margin: 4, scale: 8 }))
      .then((url) => {
        if (live) setSrc(url);
      });
    return () => {
      live = false;
    };
  }, [text]);
  return (
    <Box sx={{ width: 264, height: 264, bgcolor: '#fff', border: 1, borderColor: 'divider' }}>
      {src ? (
        <img
          src={src}
          alt={alt}
          width={264}
          height={264}
          data-testid="handoff-qr"
          style={{ display: 'block' }}
        />
      ) : null}
    </Box>
  );
}
