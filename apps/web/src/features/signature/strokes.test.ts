import { describe, expect, it } from 'vitest';
import { drawStrokes, isMeaningful, lineWidth, pointOf, type Stroke } from './strokes';

describe('signature strokes', () => {
  it('keep points relative to the pad, pressure only from pens', () => {
    const rect = { left: 10, top: 20, width: 200, height: 100 };
    expect(pointOf({ clientX: 110, clientY: 70, pressure: 0.9, pointerType: 'pen' }, rect)).toEqual({
      x: 0.5,
      y: 0.5,
      pressure: 0.9,
    });
    expect(pointOf({ clientX: 500, clientY: -5, pressure: 0.5, pointerType: 'mouse' }, rect)).toEqual({
      x: 1,
      y: 0,
      pressure: 0.5,
    });
    expect(pointOf({ clientX: 10, clientY: 20, pressure: 0, pointerType: 'pen' }, rect).pressure).toBe(0.5);
  });

  it('draw wider lines for a harder pen', () => {
    expect(lineWidth(1, 600)).toBeGreaterThan(lineWidth(0.1, 600));
    expect(lineWidth(0.5, 10)).toBe(1.5);
  });

  it('count a stray tap as no signature', () => {
    const tap: Stroke = [{ x: 0.5, y: 0.5, pressure: 0.5 }];
    expect(isMeaningful([tap])).toBe(false);
    const line: Stroke = Array.from({ length: 10 }, (_, i) => ({ x: 0.1 + i * 0.05, y: 0.5, pressure: 0.5 }));
    expect(isMeaningful([line])).toBe(true);
  });

  it('draw each segment and a dot for a single point', () => {
    const calls: string[] = [];
    const context = {
      beginPath: () => calls.push('begin'),
      moveTo: () => calls.push('move'),
      lineTo: () => calls.push('line'),
      stroke: () => calls.push('stroke'),
      arc: () => calls.push('arc'),
      fill: () => calls.push('fill'),
      lineWidth: 0,
      lineCap: 'butt' as CanvasLineCap,
      lineJoin: 'miter' as CanvasLineJoin,
      strokeStyle: '',
      fillStyle: '',
    };
    drawStrokes(
      context,
      [
        [
          { x: 0, y: 0, pressure: 0.5 },
          { x: 1, y: 1, pressure: 0.5 },
        ],
        [{ x: 0.5, y: 0.5, pressure: 0.5 }],
      ],
      300,
      100,
    );
    expect(calls).toEqual(['begin', 'move', 'line', 'stroke', 'begin', 'arc', 'fill']);
  });
});
