import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DEFAULT_SIZE,
  MIN_SIZE,
  loadWindowState,
  parseWindowState,
  placeWindow,
  saveWindowState,
  type Rect,
} from './window-state.ts';

const primary: Rect = { x: 0, y: 0, width: 1920, height: 1050 };
const right: Rect = { x: 1920, y: 0, width: 1280, height: 1000 };

describe('parseWindowState', () => {
  it('reads a well-formed state', () => {
    const state = { bounds: { x: 10, y: 20, width: 1000, height: 700 }, maximized: true };
    expect(parseWindowState(JSON.stringify(state))).toEqual(state);
  });

  it('refuses anything else', () => {
    for (const text of [
      '',
      'nope',
      'null',
      '[]',
      '{"bounds":{"x":0,"y":0,"width":100,"height":100}}',
      '{"bounds":{"x":"0","y":0,"width":100,"height":100},"maximized":false}',
      '{"bounds":{"x":0,"y":0,"width":0,"height":100},"maximized":false}',
      '{"bounds":{"x":0.5,"y":0,"width":100,"height":100},"maximized":false}',
      '{"bounds":{"x":1e400,"y":0,"width":100,"height":100},"maximized":false}',
    ])
      expect(parseWindowState(text), text).toBeNull();
  });
});

describe('loadWindowState / saveWindowState', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'docs-admin-window-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('round-trips through the file, written atomically (no temporary file left)', () => {
    const dir = tempDir();
    const file = join(dir, 'nested', 'window-state.json');
    const state = { bounds: { x: -1200, y: 40, width: 1100, height: 760 }, maximized: false };
    saveWindowState(file, state);
    expect(loadWindowState(file)).toEqual(state);
    expect(readdirSync(join(dir, 'nested'))).toEqual(['window-state.json']);
    saveWindowState(file, { ...state, maximized: true });
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ ...state, maximized: true });
  });

  it('answers null for a missing or corrupt file', () => {
    const dir = tempDir();
    expect(loadWindowState(join(dir, 'absent.json'))).toBeNull();
    writeFileSync(join(dir, 'corrupt.json'), '{"bounds":');
    expect(loadWindowState(join(dir, 'corrupt.json'))).toBeNull();
  });
});

describe('placeWindow', () => {
  it('centres a first window at the default size on the primary display', () => {
    expect(placeWindow(null, [primary], primary)).toEqual({
      bounds: {
        x: (1920 - DEFAULT_SIZE.width) / 2,
        y: (1050 - DEFAULT_SIZE.height) / 2,
        width: DEFAULT_SIZE.width,
        height: DEFAULT_SIZE.height,
      },
      maximized: false,
    });
  });

  it('keeps a window that is fully visible where it was', () => {
    const saved = { bounds: { x: 2000, y: 100, width: 1000, height: 700 }, maximized: true };
    expect(placeWindow(saved, [primary, right], primary)).toEqual(saved);
  });

  it('moves a half-off-screen window back inside the display it overlaps most', () => {
    const saved = { bounds: { x: 1700, y: -50, width: 1000, height: 700 }, maximized: false };
    expect(placeWindow(saved, [primary, right], primary).bounds).toEqual({
      x: 1920,
      y: 0,
      width: 1000,
      height: 700,
    });
  });

  it('recentres a window left on a display that is gone, keeping maximized', () => {
    const saved = { bounds: { x: 5000, y: 100, width: 1000, height: 700 }, maximized: true };
    const placed = placeWindow(saved, [primary], primary);
    expect(placed.maximized).toBe(true);
    expect(placed.bounds.x).toBeGreaterThanOrEqual(0);
    expect(placed.bounds.x + placed.bounds.width).toBeLessThanOrEqual(1920);
  });

  it('shrinks a window larger than its display and grows one below the minimum', () => {
    const small: Rect = { x: 0, y: 0, width: 1024, height: 700 };
    const huge = { bounds: { x: 0, y: 0, width: 3000, height: 2000 }, maximized: false };
    expect(placeWindow(huge, [small], small).bounds).toEqual(small);
    const tiny = { bounds: { x: 10, y: 10, width: 200, height: 100 }, maximized: false };
    expect(placeWindow(tiny, [primary], primary).bounds).toMatchObject({
      width: MIN_SIZE.width,
      height: MIN_SIZE.height,
    });
  });
});
