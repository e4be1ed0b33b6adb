/**
 * The main window's remembered size and position: read from and written to a JSON file in the app's data folder,
 * and placed back so that it is fully visible on one of the displays present now. Pure Node, no `electron` import.
 */
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/** A rectangle in screen coordinates (Electron's `Rectangle`). */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is remembered of the window. */
export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

/** The size of a first window. */
export const DEFAULT_SIZE = { width: 1280, height: 820 } as const;
/** The smallest the window may be made. */
export const MIN_SIZE = { width: 880, height: 600 } as const;
/** The file name, in the app's data folder. */
export const WINDOW_STATE_FILE = 'window-state.json';

const isInt = (value: unknown): value is number => Number.isSafeInteger(value);

/** The state held in a file's text, or null when the text is not a well-formed state. */
export function parseWindowState(text: string): WindowState | null {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof data !== 'object' || data === null) return null;
  const { bounds, maximized } = data as { bounds?: unknown; maximized?: unknown };
  if (typeof bounds !== 'object' || bounds === null || typeof maximized !== 'boolean') return null;
  const { x, y, width, height } = bounds as Record<string, unknown>;
  if (!isInt(x) || !isInt(y) || !isInt(width) || !isInt(height) || width <= 0 || height <= 0) return null;
  return { bounds: { x, y, width, height }, maximized };
}

/** The remembered state, or null when there is none or it cannot be read (the window then opens centred). */
export function loadWindowState(file: string): WindowState | null {
  try {
    return parseWindowState(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Writes the state atomically: a temporary file beside the target, then a rename over it. */
export function saveWindowState(file: string, state: WindowState): void {
  mkdirSync(dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  renameSync(temporary, file);
}

const clamp = (value: number, min: number, max: number): number => Math.min(Math.max(value, min), max);

function overlap(a: Rect, b: Rect): number {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? width * height : 0;
}

/** Fits a size into an area, no smaller than the minimum where the area allows it. */
function fit(width: number, height: number, area: Rect): { width: number; height: number } {
  return {
    width: Math.min(Math.max(width, MIN_SIZE.width), area.width),
    height: Math.min(Math.max(height, MIN_SIZE.height), area.height),
  };
}

/** A window of the default size centred in an area. */
export function centredIn(area: Rect): Rect {
  const { width, height } = fit(DEFAULT_SIZE.width, DEFAULT_SIZE.height, area);
  return {
    x: area.x + Math.round((area.width - width) / 2),
    y: area.y + Math.round((area.height - height) / 2),
    width,
    height,
  };
}

/**
 * Where the window opens: the remembered bounds moved and shrunk into the work area of the display they overlap
 * most, or the default size centred on the primary display when they overlap none (a display was unplugged).
 */
export function placeWindow(
  saved: WindowState | null,
  workAreas: readonly Rect[],
  primary: Rect,
): WindowState {
  if (saved === null) return { bounds: centredIn(primary), maximized: false };
  let best: Rect | null = null;
  let bestOverlap = 0;
  for (const area of workAreas) {
    const shared = overlap(saved.bounds, area);
    if (shared > bestOverlap) [best, bestOverlap] = [area, shared];
  }
  if (best === null) return { bounds: centredIn(primary), maximized: saved.maximized };
  const { width, height } = fit(saved.bounds.width, saved.bounds.height, best);
  return {
    bounds: {
      x: clamp(saved.bounds.x, best.x, best.x + best.width - width),
      y: clamp(saved.bounds.y, best.y, best.y + best.height - height),
      width,
      height,
    },
    maximized: saved.maximized,
  };
}
