// The strokes of a handwritten signature, kept as points relative to the pad (0..1), so the drawing is
// redrawn at any size (the pad resizes with the screen) and exported at a fixed one.

export interface Point {
  x: number;
  y: number;
  /** Pen pressure 0..1 (0.5 for a mouse or a finger that does not report it). */
  pressure: number;
}
export type Stroke = Point[];

/** Line width in CSS pixels for a pressure, on a pad `width` wide. */
export const lineWidth = (pressure: number, width: number) =>
  Math.max(1.5, (width / 300) * (1 + 2.5 * Math.min(Math.max(pressure || 0.5, 0), 1)));

/** A point of a pointer event relative to the pad. */
export function pointOf(
  event: { clientX: number; clientY: number; pressure: number; pointerType: string },
  rect: { left: number; top: number; width: number; height: number },
): Point {
  return {
    x: Math.min(Math.max((event.clientX - rect.left) / rect.width, 0), 1),
    y: Math.min(Math.max((event.clientY - rect.top) / rect.height, 0), 1),
    // Mice report 0 between buttons and 0.5 while pressed; only pens say something useful.
    pressure: event.pointerType === 'pen' && event.pressure > 0 ? event.pressure : 0.5,
  };
}

/** True when the strokes are a drawing, not a stray tap: enough ink over enough of the pad. */
export function isMeaningful(strokes: readonly Stroke[]): boolean {
  const points = strokes.flat();
  if (points.length < 8) return false;
  const xs = points.map((p) => p.x);
  const ys = points.map((p) => p.y);
  const spanX = Math.max(...xs) - Math.min(...xs);
  const spanY = Math.max(...ys) - Math.min(...ys);
  return spanX > 0.1 || spanY > 0.2;
}

/** Draws the strokes onto a 2D context of `width` x `height` CSS pixels. */
export function drawStrokes(
  context: Pick<
    CanvasRenderingContext2D,
    | 'beginPath'
    | 'moveTo'
    | 'lineTo'
    | 'stroke'
    | 'arc'
    | 'fill'
    | 'lineWidth'
    | 'lineCap'
    | 'lineJoin'
    | 'strokeStyle'
    | 'fillStyle'
  >,
  strokes: readonly Stroke[],
  width: number,
  height: number,
) {
  context.lineCap = 'round';
  context.lineJoin = 'round';
  context.strokeStyle = '#1a1a1a';
  context.fillStyle = '#1a1a1a';
  for (const stroke of strokes) {
    const [first] = stroke;
    if (!first) continue;
    if (stroke.length === 1) {
      context.beginPath();
      context.arc(first.x * width, first.y * height, lineWidth(first.pressure, width) / 2, 0, Math.PI * 2);
      context.fill();
      continue;
    }
    for (let i = 1; i < stroke.length; i++) {
      const a = stroke[i - 1]!;
      const b = stroke[i]!;
      context.beginPath();
      context.lineWidth = lineWidth((a.pressure + b.pressure) / 2, width);
      context.moveTo(a.x * width, a.y * height);
      context.lineTo(b.x * width, b.y * height);
      context.stroke();
    }
  }
}
