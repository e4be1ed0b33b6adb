import { EventEmitter } from 'node:events';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SERVER_ENV, SERVER_NODE_FLAGS } from '../../server/runtime.ts';
import { KILL_GRACE_MS } from './core/server-process.ts';
import { SERVER_SERVICE_NAME, adaptUtilityProcess, utilitySpawner } from './utility-spawn.ts';

function fakeChild() {
  return Object.assign(new EventEmitter(), {
    pid: 4242 as number | undefined,
    stdout: new PassThrough(),
    stderr: new PassThrough(),
    kill: vi.fn(() => true),
  });
}

const electron = vi.hoisted(() => ({ fork: vi.fn() }));
vi.mock('electron', () => ({ utilityProcess: { fork: electron.fork } }));

beforeEach(() => {
  electron.fork.mockReset();
  electron.fork.mockImplementation(() => fakeChild());
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

/** `process.kill` spied on, so that the fake child's pid is never signalled for real. */
const spyKill = () => vi.spyOn(process, 'kill').mockImplementation(() => true);

describe('utilitySpawner', () => {
  it('forks the server bundle with piped stdio, the server Node flags and environment, and the service name', () => {
    const spawn = utilitySpawner('/app/out/server/cli.js');
    const server = spawn(['serve', '--port', '0']);
    expect(electron.fork).toHaveBeenCalledExactlyOnceWith(
      '/app/out/server/cli.js',
      ['serve', '--port', '0'],
      {
        stdio: 'pipe',
        serviceName: SERVER_SERVICE_NAME,
        execArgv: [...SERVER_NODE_FLAGS],
        env: { ...process.env, ...SERVER_ENV },
      },
    );
    expect(SERVER_ENV).toEqual({ MALLOC_ARENA_MAX: '2' });
    expect(server.pid).toBe(4242);
  });
});

describe('adaptUtilityProcess', () => {
  it('splits stdout into lines, across chunks and line endings', async () => {
    const child = fakeChild();
    const server = adaptUtilityProcess(child);
    const lines: string[] = [];
    server.onLine((line) => lines.push(line));
    child.stdout.write('Docs Admin API listen');
    child.stdout.write('ing on http://127.0.0.1:4100\r\nsecond\n');
    child.stdout.end('last');
    await vi.waitFor(() =>
      expect(lines).toEqual(['Docs Admin API listening on http://127.0.0.1:4100', 'second', 'last']),
    );
  });

  it('passes stderr lines to onLine too (the supervisor reports them)', async () => {
    const child = fakeChild();
    const server = adaptUtilityProcess(child);
    const lines: string[] = [];
    server.onLine((line) => lines.push(line));
    child.stderr.write('warning: something\n');
    await vi.waitFor(() => expect(lines).toEqual(['warning: something']));
  });

  it('reports the exit code, also to listeners added after the exit, and kills only a live process', async () => {
    const child = fakeChild();
    const server = adaptUtilityProcess(child);
    const before = vi.fn();
    server.onExit(before);
    server.kill();
    expect(child.kill).toHaveBeenCalledTimes(1);
    child.emit('exit', 3);
    expect(before).toHaveBeenCalledExactlyOnceWith(3);
    const after = vi.fn();
    server.onExit(after);
    await vi.waitFor(() => expect(after).toHaveBeenCalledExactlyOnceWith(3));
    server.kill();
    expect(child.kill).toHaveBeenCalledTimes(1);
  });

  it('reads the pid when asked (it is known only once the process has spawned)', () => {
    const child = fakeChild();
    child.pid = undefined;
    const server = adaptUtilityProcess(child);
    expect(server.pid).toBeUndefined();
    child.pid = 77;
    expect(server.pid).toBe(77);
  });

  it('passes the messages the child posts on its parentPort (the sandbox handover) to onMessage', () => {
    const child = fakeChild();
    const server = adaptUtilityProcess(child);
    const messages: unknown[] = [];
    server.onMessage((message) => messages.push(message));
    child.emit('message', { kind: 'something' });
    expect(messages).toEqual([{ kind: 'something' }]);
  });

  it('kills with SIGKILL by pid when asked, and after a grace period when SIGTERM is not enough', () => {
    vi.useFakeTimers();
    const kill = spyKill();
    const child = fakeChild();
    const server = adaptUtilityProcess(child);
    server.kill('SIGKILL');
    expect(kill).toHaveBeenCalledExactlyOnceWith(4242, 'SIGKILL');
    expect(child.kill).not.toHaveBeenCalled();
    kill.mockClear();
    server.kill();
    expect(child.kill).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(KILL_GRACE_MS - 1);
    expect(kill).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(kill).toHaveBeenCalledExactlyOnceWith(4242, 'SIGKILL');
  });

  it('does not force a kill once the process has exited within the grace period', () => {
    vi.useFakeTimers();
    const kill = spyKill();
    const child = fakeChild();
    const server = adaptUtilityProcess(child);
    server.kill();
    child.emit('exit', 0);
    vi.advanceTimersByTime(KILL_GRACE_MS * 2);
    expect(kill).not.toHaveBeenCalled();
  });
});
