// The camera part of the counter screen: started by the clerk, it reads one QR code and stops. The
// decoder (features/counter/scanner) loads only when the camera starts.
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

export function CounterCamera({ onRead }: { onRead: (text: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const [running, setRunning] = useState(false);
  const [unavailable, setUnavailable] = useState(false);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => () => stop.current?.(), []);

  const startCamera = async () => {
    setUnavailable(false);
    const abort = new AbortController();
    let stream: MediaStream | null = null;
    stop.current = () => {
      abort.abort();
      stream?.getTracks().forEach((track) => track.stop());
      setRunning(false);
    };
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: 'environment' },
        audio: false,
      });
      setRunning(true);
      const element = video.current!;
      element.srcObject = stream;
      await element.play();
      const { scanVideo } = await import('../../features/counter/scanner');
      const text = await scanVideo(element, abort.signal);
      stop.current();
      onRead(text);
    } catch (error) {
      stop.current();
      if (!(error instanceof DOMException && error.name === 'AbortError')) setUnavailable(true);
    }
  };

  return (
    <>
      <Typography sx={{ mb: 2 }}>{t('counterDesk.cameraHint')}</Typography>
      <Box
        component="video"
        ref={video}
        muted
        playsInline
        aria-label={t('counterDesk.cameraVideo')}
        sx={{ display: running ? 'block' : 'none', width: '100%', maxWidth: 360, bgcolor: '#000', mb: 2 }}
      />
      {unavailable ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {t('counterDesk.cameraUnavailable')}
        </Alert>
      ) : null}
      {running ? (
        <Button variant="outlined" onClick={() => stop.current?.()}>
          {t('counterDesk.stopCamera')}
        </Button>
      ) : (
        <Button variant="outlined" onClick={() => void startCamera()}>
          {t('counterDesk.startCamera')}
        </Button>
      )}
    </>
  );
}
