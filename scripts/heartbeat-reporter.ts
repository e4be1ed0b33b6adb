/**
 * A Vitest reporter that prints one line of progress every 20 s when the output is not a terminal (CI, a log file):
 * the default reporter is silent while a long end-to-end file runs, and a silent minute looks like a hang.
 *   "… 3 min 20 s: 131 of 178 files done, 2,412 tests passed, 0 failed; running: e2e/layout.e2e.test.ts (52 s)"
 */
import { relative } from 'node:path';
import type { Reporter, TestModule, TestSpecification } from 'vitest/node';

const EVERY_MS = 20_000;

function duration(ms: number): string {
  const seconds = Math.round(ms / 1000);
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

export default class HeartbeatReporter implements Reporter {
  private timer: NodeJS.Timeout | undefined;
  private startedAt = 0;
  private total = 0;
  private done = 0;
  private passed = 0;
  private failed = 0;
  private readonly running = new Map<string, number>();

  onTestRunStart(specifications: ReadonlyArray<TestSpecification>): void {
    if (process.stdout.isTTY) return;
    this.startedAt = Date.now();
    this.total = specifications.length;
    this.timer = setInterval(() => this.beat(), EVERY_MS);
    this.timer.unref();
  }

  onTestModuleStart(module: TestModule): void {
    this.running.set(module.moduleId, Date.now());
  }

  onTestModuleEnd(module: TestModule): void {
    this.running.delete(module.moduleId);
    this.done += 1;
    for (const test of module.children.allTests()) {
      const state = test.result().state;
      if (state === 'passed') this.passed += 1;
      else if (state === 'failed') this.failed += 1;
    }
  }

  onTestRunEnd(): void {
    if (this.timer !== undefined) clearInterval(this.timer);
    this.timer = undefined;
  }

  private beat(): void {
    const now = Date.now();
    const running = [...this.running]
      .map(([id, since]) => `${relative(process.cwd(), id)} (${duration(now - since)})`)
      .join(', ');
    console.log(
      `… ${duration(now - this.startedAt)}: ${this.done} of ${this.total} files done, ` +
        `${this.passed.toLocaleString('en-US')} tests passed, ${this.failed} failed` +
        (running === '' ? '' : `; running: ${running}`),
    );
  }
}
