/**
 * Unsaved work: every form with Save/Discard registers here while it holds edits, and whatever would drop them (a
 * tab switch, a navigation, a profile or organization switch, closing the window) asks `confirmLeave` first, which
 * shows the Save / Discard / Stay question (`UnsavedChangesDialog`) and answers whether to go on.
 */
import { useEffect, useId, useRef, useSyncExternalStore } from 'react';

/** A form holding edits. */
export interface UnsavedForm {
  /** What it is, in a few words ("the organization settings"). */
  what: string;
  /** Saves the edits; resolves to whether the server took them (the form shows its own refusal). */
  save: () => Promise<boolean>;
  /** Puts the saved values back. */
  discard: () => void;
}

/** The question on screen: the forms it is about, and how to answer it. */
export interface LeaveQuestion {
  forms: readonly UnsavedForm[];
  answer: (choice: 'save' | 'discard' | 'stay') => void;
}

const forms = new Map<string, UnsavedForm>();
let question: LeaveQuestion | undefined;
const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether any form holds edits now. */
export function hasUnsavedChanges(): boolean {
  return forms.size > 0;
}

/**
 * Asks before edits would be lost: resolves to true at once when no form holds any, else once the user chose Save
 * (and every save went through) or Discard; false for Stay or a refused save. A second ask while one is on screen
 * waits for the same answer.
 */
export function confirmLeave(): Promise<boolean> {
  if (forms.size === 0) return Promise.resolve(true);
  const shown = question;
  if (shown !== undefined)
    return new Promise((resolve) => {
      const previous = shown.answer;
      shown.answer = (choice) => {
        previous(choice);
        resolve(choice !== 'stay');
      };
    });
  const asked = [...forms.entries()];
  // Forms done with leave the registry at once, before they re-render: a window closing right after must not ask.
  const settle = (id: string, form: UnsavedForm) => {
    if (forms.get(id) === form) forms.delete(id);
  };
  return new Promise<boolean>((resolve) => {
    question = {
      forms: asked.map(([, form]) => form),
      answer: (choice) => {
        question = undefined;
        notify();
        if (choice === 'stay') return resolve(false);
        if (choice === 'discard') {
          for (const [id, form] of asked) {
            form.discard();
            settle(id, form);
          }
          return resolve(true);
        }
        void Promise.all(
          asked.map(async ([id, form]) => {
            const saved = await form.save().catch(() => false);
            if (saved) settle(id, form);
            return saved;
          }),
        ).then((saved) => resolve(saved.every(Boolean)));
      },
    };
    notify();
  });
}

/** The question on screen, if any, re-rendering when it changes. */
export function useLeaveQuestion(): LeaveQuestion | undefined {
  return useSyncExternalStore(subscribe, () => question);
}

/** Registers a form while `dirty`; the callbacks may change on every render (the latest ones are used). */
export function useUnsavedChanges(dirty: boolean, form: UnsavedForm): void {
  const id = useId();
  const latest = useRef(form);
  latest.current = form;
  useEffect(() => {
    if (!dirty) return;
    forms.set(id, {
      get what() {
        return latest.current.what;
      },
      save: () => latest.current.save(),
      discard: () => latest.current.discard(),
    });
    return () => {
      forms.delete(id);
    };
  }, [dirty, id]);
}
