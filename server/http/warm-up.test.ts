import Fastify from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { operations, routeUrl } from '../../shared/contract/index.ts';
import { hasSerializer } from './serializer.ts';
import { hasValidator, textAjv } from './validation.ts';
import { markdownBlocks } from '../../shared/markdown/blocks.ts';
import {
  addWarmUp,
  MARKDOWN_SAMPLE,
  REQUEST_READ,
  REQUEST_SCREEN_READS,
  REVIEW_FIRST_READS,
  REVIEW_TREE_READ,
  whenQuiet,
} from './warm-up.ts';

describe('whenQuiet', () => {
  let now = 0;
  let lastRequestAt = 0;
  /** Moves both the timers and the clock. */
  const pass = async (ms: number) => {
    now += ms;
    await vi.advanceTimersByTimeAsync(ms);
  };
  beforeEach(() => {
    vi.useFakeTimers();
    now = 0;
    lastRequestAt = 0;
  });
  afterEach(() => vi.useRealTimers());
  /** Waits for 1 s of quiet; `quiet` turns true once it resolves. */
  const watch = () => {
    const state = { quiet: false };
    void whenQuiet(
      () => lastRequestAt,
      1_000,
      () => now,
    ).then(() => void (state.quiet = true));
    return state;
  };

  it('resolves once no request arrived for the quiet time, and waits while they keep coming', async () => {
    const state = watch();
    for (let i = 0; i < 5; i++) {
      await pass(700);
      lastRequestAt = now;
    }
    expect(state.quiet).toBe(false);
    await pass(999);
    expect(state.quiet).toBe(false);
    await pass(1);
    expect(state.quiet).toBe(true);
  });

  it('resolves after the quiet time when nothing is asked at all', async () => {
    const state = watch();
    await pass(1_000);
    expect(state.quiet).toBe(true);
  });
});

describe('MARKDOWN_SAMPLE', () => {
  it('holds a block of every kind a page splits into, so that each kind has its rules compiled', () => {
    const kinds = new Set(markdownBlocks(MARKDOWN_SAMPLE).map((block) => block.type));
    expect([...kinds].sort()).toEqual(
      ['blockquote', 'code', 'def', 'heading', 'hr', 'html', 'list', 'paragraph', 'table'].sort(),
    );
  });
});

describe('addWarmUp', () => {
  it("compiles a request screen's trees and space once the request is answered, and nothing else yet", async () => {
    const app = Fastify();
    // A day of quiet: only the answered reads can start a warm-up here.
    addWarmUp(app, [...REQUEST_SCREEN_READS, ...REVIEW_FIRST_READS], 86_400_000);
    app.get(routeUrl(REQUEST_READ.path), async () => ({}));
    app.get('/other', async () => ({}));
    const screen = REQUEST_SCREEN_READS.map((operation) => operation.response!);
    const blocks = operations.listPageBlocksInRevision;
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      expect((await fetch(`${base}/other`)).status).toBe(200);
      expect(screen.some(hasSerializer)).toBe(false);
      expect((await fetch(`${base}/v1/spaces/s1/change-requests/c1`)).status).toBe(200);
      await vi.waitFor(() => {
        for (const operation of REQUEST_SCREEN_READS) {
          if (operation.query !== undefined) expect(hasValidator(textAjv, operation.query)).toBe(true);
          expect(hasSerializer(operation.response!)).toBe(true);
        }
      });
      // The Changes tab's own first reads wait for the trees' answer (or for quiet).
      expect(hasSerializer(blocks.response!)).toBe(false);
    } finally {
      await app.close();
    }
  });

  it("compiles the review's first reads once a request's page tree is answered, without waiting for quiet", async () => {
    const app = Fastify();
    // A day of quiet: only the tree read can start the warm-up here.
    addWarmUp(app, REVIEW_FIRST_READS, 86_400_000);
    app.get(routeUrl(REVIEW_TREE_READ.path), async () => ({ items: [] }));
    app.get('/other', async () => ({}));
    const comments = operations.listCommentsInChangeRequest;
    try {
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      expect((await fetch(`${base}/other`)).status).toBe(200);
      expect(hasSerializer(comments.response!)).toBe(false);
      expect((await fetch(`${base}/v1/spaces/s1/change-requests/c1/content/pages`)).status).toBe(200);
      await vi.waitFor(() => {
        for (const operation of REVIEW_FIRST_READS) {
          expect(hasValidator(textAjv, operation.query)).toBe(true);
          expect(hasSerializer(operation.response!)).toBe(true);
        }
      });
    } finally {
      await app.close();
    }
  });
});
