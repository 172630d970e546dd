/** Runs `callback` once the browser has painted its next frame (a task queued from that frame's rAF). */
export function afterNextPaint(callback: () => void): void {
  requestAnimationFrame(() => setTimeout(callback));
}
