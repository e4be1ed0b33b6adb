/**
 * The tasks worker threads run: their names, inputs and outputs (what crosses the thread boundary, so plain data),
 * each task's default budget, and where its code lives. The code is loaded in the worker only, on first use, so a
 * worker that indexes pages never loads the OpenAPI validator.
 *
 * A task does not write to the database (a worker thread cannot share the main thread's connection): the main
 * thread reads what the task needs, passes it in, and writes what comes out. Two exceptions, on connections of their
 * own: a checkpoint of the log, and reading an OpenAPI source text (megabytes the main thread would only copy). A failure the input explains (a document that
 * is not OpenAPI, a zip that lies) is part of the output, not an exception.
 */
import type { OpenAPIProcessingErrorCode } from '../../shared/contract/resources/openapi.ts';
import type { MergeResult } from '../domain/change-requests/records.ts';
import type { Converted, SupportedImportSource } from '../domain/content/import.ts';
import type { RevisionTree } from '../domain/content/revisions.ts';
import type { FetchLimits } from '../net/fetch-url.ts';

/** A coded failure of an OpenAPI processing run (GitBook's `lastProcessErrorCode` and message). */
export interface SpecFailure {
  code: OpenAPIProcessingErrorCode;
  message: string;
}

/** A page to index: its text as written. */
export interface IndexInput {
  id: string;
  title: string;
  path: string;
  markdown: string;
}

/** A page as the index stores it: plain text for full-text search, and its sections for excerpts. */
export interface IndexedPage {
  id: string;
  title: string;
  path: string;
  /** Plain text of the whole page. */
  body: string;
  /** The page's sections as JSON (`PageSection[]`). */
  sections: string;
}

/** Every task: name → input and output. */
export interface TaskMap {
  /** Fetches (a URL) or reads (a text) an OpenAPI source, parses it, bounds its references and validates it. */
  'openapi.process': {
    input: {
      /**
       * A URL to fetch; or the text: as UTF-8 bytes (moved to the worker rather than copied), or where it is stored
       * (the spec's row of `openapi_spec_sources` in this database file, read by the worker on a read-only
       * connection of its own, so that the main thread never reads megabytes of text).
       */
      source: { url: string } | { bytes: Uint8Array } | { stored: { file: string; specId: string } };
      network: { allowPrivateAddresses: boolean; limits: Partial<FetchLimits> };
      /** Hash of the newest stored version: equal content is not validated again. */
      knownHash: string | undefined;
    };
    /** `json`: the canonical document as UTF-8 bytes (moved back, and stored as they are). */
    output: { json: Uint8Array; hash: string; format: 'json' | 'yaml' } | { failure: SpecFailure };
  };
  /** Turns fetched content into pages (zip inflation bounded by the bytes actually produced). */
  'import.convert': {
    input: { source: SupportedImportSource; data: Uint8Array; url: string };
    output: Converted | { failure: string };
  };
  /** Turns pages into index rows. */
  'search.index': {
    input: { pages: IndexInput[] };
    output: { pages: IndexedPage[] };
  };
  /**
   * The three-way merge of revision trees (merge.ts). The merge reads the bodies it needs in one batch: when they
   * are not all in `documents`, the task answers `need` (their ids), and the caller runs it again with them.
   */
  'merge.trees': {
    input: {
      base: RevisionTree;
      main: RevisionTree;
      changeRequest: RevisionTree;
      /** Markdown of documents, by id. */
      documents: Record<string, string>;
    };
    output: MergeResult | { need: string[] };
  };
  /**
   * Parses a large JSON request body (json-body.ts): the bytes are moved in, and its long strings come back as
   * bytes (moved too) with where they go, so that the main thread neither parses the text nor copies it.
   */
  'json.parse': {
    input: { bytes: Uint8Array };
    output:
      | { empty: true }
      | { error: string }
      | { value: unknown; texts: { path: (string | number)[]; bytes: Uint8Array }[] };
  };
  /**
   * Copies the pages of a database's write-ahead log into the database file (a passive checkpoint, on a connection
   * of its own): writers go on meanwhile, and the copying and syncing never hold the thread that answers requests.
   */
  'db.checkpoint': {
    input: { file: string };
    output: { busy: boolean; logFrames: number; checkpointedFrames: number };
  };
}

export type TaskName = keyof TaskMap;
export type TaskInput<N extends TaskName> = TaskMap[N]['input'];
export type TaskOutput<N extends TaskName> = TaskMap[N]['output'];

/** How long a task may run (wall clock, from its dispatch to a worker) and how much heap its worker may use. */
export interface Budget {
  timeMs: number;
  /** The worker's old-generation heap, MB (`resourceLimits.maxOldGenerationSizeMb`). */
  memoryMb: number;
}

/**
 * Default budgets. An OpenAPI run includes its fetch (10 s at most by default): its budget leaves 50 s more for the
 * processing. The 5 MB document of the admin benchmark is processed in about 2 s on an idle machine, and in 10 to
 * 20 s on a machine whose every core is taken: a budget is wall-clock time, so it keeps room for a busy machine.
 */
export const DEFAULT_BUDGETS: Readonly<Record<TaskName, Budget>> = {
  'openapi.process': { timeMs: 60_000, memoryMb: 512 },
  'import.convert': { timeMs: 20_000, memoryMb: 256 },
  'search.index': { timeMs: 20_000, memoryMb: 128 },
  'merge.trees': { timeMs: 20_000, memoryMb: 256 },
  'json.parse': { timeMs: 10_000, memoryMb: 256 },
  'db.checkpoint': { timeMs: 60_000, memoryMb: 256 },
};
