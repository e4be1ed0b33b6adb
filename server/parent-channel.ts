/**
 * The private channel to the process that started the server, when it has one: Electron's `process.parentPort` in
 * a utility process, Node's IPC channel (`process.send`) in a child spawned with an `'ipc'` stdio. Neither is
 * visible to other users or in argv, which is why the sandbox's token travels over it.
 */

/** A channel to the parent process. */
export interface ParentChannel {
  send(message: unknown): void;
  /** Calls back when the parent is gone (Node's IPC channel closes; Electron ends its utility processes itself). */
  onGone(callback: () => void): void;
}

/** The parent's channel, or `undefined` when the server was started without one (e.g. `npm run serve`). */
export function parentChannel(): ParentChannel | undefined {
  // Read without Electron's typings: in plain Node there is no parentPort.
  const port: unknown = Reflect.get(process, 'parentPort');
  if (typeof port === 'object' && port !== null && 'postMessage' in port) {
    const post = port.postMessage;
    if (typeof post === 'function')
      return { send: (message) => void post.call(port, message), onGone: () => undefined };
  }
  if (process.send === undefined) return undefined;
  return {
    send: (message) => void process.send?.(message),
    onGone: (callback) => void process.once('disconnect', callback),
  };
}
