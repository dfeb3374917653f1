// A pad to sign on with a mouse, a finger or a pen (pointer events; pen pressure makes the line wider).
// The drawing is kept as strokes, so it survives a resize; the canvas is an image for screen readers,
// whose text says whether something is drawn. Keyboard users sign by the typed-name alternative.
import Box from '@mui/material/Box';
import { useCallback, useEffect, useRef, type PointerEvent } from 'react';
import { drawStrokes, pointOf, type Stroke } from './strokes';

/** The pad's shape: wide, like the signature box of a paper form. */
export const PAD_RATIO = 3;

export function SignaturePad({
  strokes,
  onChange,
  label,
}: {
  strokes: Stroke[];
  onChange: (strokes: Stroke[]) => void;
  label: string;
}) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef<Stroke | null>(null);
  const latest = useRef(strokes);
  latest.current = strokes;

  const paint = useCallback((list: Stroke[]) => {
    const element = canvas.current;
    if (!element) return;
    const rect = element.getBoundingClientRect();
    const scale = window.devicePixelRatio || 1;
    const width = Math.round(rect.width * scale);
    const height = Math.round(rect.height * scale);
    if (element.width !== width || element.height !== height) {
      element.width = width;
      element.height = height;
    }
    const context = element.getContext('2d');
    if (!context) return;
    context.setTransform(scale, 0, 0, scale, 0, 0);
    context.clearRect(0, 0, rect.width, rect.height);
    drawStrokes(context, list, rect.width, rect.height);
  }, []);

  useEffect(() => paint(strokes), [paint, strokes]);
  useEffect(() => {
    const element = canvas.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => paint(latest.current));
    observer.observe(element);
    return () => observer.disconnect();
  }, [paint]);

  const rect = () => canvas.current!.getBoundingClientRect();

  const onDown = (event: PointerEvent<HTMLCanvasElement>) => {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    event.preventDefault();
    event.currentTarget.setPointerCapture(event.pointerId);
    drawing.current = [pointOf(event, rect())];
    paint([...latest.current, drawing.current]);
  };
  const onMove = (event: PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    event.preventDefault();
    // Coalesced events give the pen's full path on fast strokes.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [event.nativeEvent];
    const r = rect();
    for (const e of events.length > 0 ? events : [event.nativeEvent]) drawing.current.push(pointOf(e, r));
    paint([...latest.current, drawing.current]);
  };
  const onUp = () => {
    if (!drawing.current) return;
    const stroke = drawing.current;
    drawing.current = null;
    onChange([...latest.current, stroke]);
  };

  return (
    <Box
      sx={{
        position: 'relative',
        width: '100%',
        maxWidth: 720,
        aspectRatio: `${PAD_RATIO} / 1`,
        border: 2,
        borderColor: 'text.primary',
        borderRadius: 1,
        bgcolor: '#fff',
        // The baseline a paper form prints under the signature.
        '&::after': {
          content: '""',
          position: 'absolute',
          left: '6%',
          right: '6%',
          bottom: '22%',
          borderBottom: '1px dashed #767676',
          pointerEvents: 'none',
        },
      }}
    >
      <canvas
        ref={canvas}
        role="img"
        aria-label={label}
        data-testid="signature-pad"
        onPointerDown={onDown}
        onPointerMove={onMove}
        onPointerUp={onUp}
        onPointerCancel={onUp}
        style={{ width: '100%', height: '100%', display: 'block', touchAction: 'none', cursor: 'crosshair' }}
      />
    </Box>
  );
}

/** The strokes as a PNG of `width` pixels (black on white), for the SG attachment. */
export async function strokesToPng(strokes: Stroke[], width = 900): Promise<Blob> {
  const height = Math.round(width / PAD_RATIO);
  const element = document.createElement('canvas');
  element.width = width;
  element.height = height;
  const context = element.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  drawStrokes(context, strokes, width, height);
  return canvasBlob(element);
}

/** A typed name drawn as a signature image (the alternative for keyboard and screen-reader users). */
export async function typedNameToPng(name: string, width = 900): Promise<Blob> {
  const height = Math.round(width / PAD_RATIO);
  const element = document.createElement('canvas');
  element.width = width;
  element.height = height;
  const context = element.getContext('2d')!;
  context.fillStyle = '#fff';
  context.fillRect(0, 0, width, height);
  context.fillStyle = '#1a1a1a';
  let size = Math.round(height * 0.45);
  const font = (px: number) => `${px}px "Yu Mincho", "Hiragino Mincho ProN", "Noto Serif JP", serif`;
  context.font = font(size);
  while (context.measureText(name).width > width * 0.88 && size > 12) {
    size -= 2;
    context.font = font(size);
  }
  context.textBaseline = 'alphabetic';
  context.textAlign = 'center';
  context.fillText(name, width / 2, height * 0.72);
  return canvasBlob(element);
}

function canvasBlob(element: HTMLCanvasElement): Promise<Blob> {
  return new Promise((resolve, reject) =>
    element.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('the image could not be made'))),
      'image/png',
    ),
  );
}
