/**
 * The stored profiles: `<dataDir>/profiles.json` holding `{ version: 1, profiles }`, written atomically (temp file
 * in the same folder, fsync, rename). No secret ever goes in it. A file that cannot be read or understood is moved
 * aside and reported, never silently dropped. The "Local sandbox" profile is not stored: the core adds it.
 */
import {
  closeSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { Profile } from '../../../shared/bridge.ts';

/** The name of the profiles file in the data folder. */
export const PROFILES_FILE = 'profiles.json';

const ProfileFile = Type.Object({ version: Type.Literal(1), profiles: Type.Array(Profile) });

/** A failure to save the profiles; its message says what happened, for the user. */
export class ProfileStoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ProfileStoreError';
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** Writes a file atomically: a temp file in the same folder, fsync, rename over the target, fsync of the folder. */
export function writeFileAtomic(file: string, text: string, dir: string): void {
  const temp = join(dir, `.${PROFILES_FILE}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    const fd = openSync(temp, 'wx', 0o600);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, file);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
  try {
    // Make the rename itself durable; not every platform lets a folder be opened for this (Windows).
    const dirFd = openSync(dir, 'r');
    try {
      fsyncSync(dirFd);
    } finally {
      closeSync(dirFd);
    }
  } catch {
    // The rename is done; durability of the folder entry is best effort.
  }
}

/** Only the known fields of a profile: whatever else a hand-edited file holds is never carried along. */
function pickProfile(profile: Profile): Profile {
  const { id, name, baseUrl, kind, sessionOnly } = profile;
  return sessionOnly === undefined ? { id, name, baseUrl, kind } : { id, name, baseUrl, kind, sessionOnly };
}

/** Options of the profile store. */
export interface ProfileStoreOptions {
  /** The app's data folder. */
  dataDir: string;
  /** The clock used to name a file kept aside. */
  now?: () => Date;
}

/** The remote profiles, loaded from and saved to the data folder. */
export class ProfileStore {
  readonly file: string;
  private readonly dataDir: string;
  private readonly now: () => Date;
  private profiles: Profile[] = [];
  private readonly found: string[] = [];
  /** Set when a bad file could not be moved aside: saving would overwrite it, so saving is refused. */
  private blocked: string | undefined;

  constructor(options: ProfileStoreOptions) {
    this.dataDir = options.dataDir;
    this.file = join(options.dataDir, PROFILES_FILE);
    this.now = options.now ?? (() => new Date());
  }

  /** Reads the file; a missing file is an empty list, a bad one is moved aside and reported in `problems()`. */
  load(): void {
    this.profiles = [];
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      this.keepAside(`could not be read (${reasonOf(error)})`);
      return;
    }
    const problem = this.parse(text);
    if (problem !== undefined) this.keepAside(problem);
  }

  /** The stored profiles, in the order they were added. */
  list(): Profile[] {
    return this.profiles.map((profile) => ({ ...profile }));
  }

  /** One stored profile. */
  get(id: string): Profile | undefined {
    const profile = this.profiles.find((candidate) => candidate.id === id);
    return profile === undefined ? undefined : { ...profile };
  }

  /** Problems met loading the file, in words for the user. */
  problems(): string[] {
    return [...this.found];
  }

  /** Adds a profile and saves; on failure nothing changes (memory or disk) and a `ProfileStoreError` is thrown. */
  add(profile: Profile): void {
    if (this.profiles.some((candidate) => candidate.id === profile.id))
      throw new ProfileStoreError(`a profile with the id ${profile.id} exists already`);
    this.save([...this.profiles, pickProfile(profile)]);
  }

  /** Replaces the name of a profile and saves; answers the updated profile, `undefined` when there is none. */
  rename(id: string, name: string): Profile | undefined {
    const index = this.profiles.findIndex((candidate) => candidate.id === id);
    const current = this.profiles[index];
    if (current === undefined) return undefined;
    const updated = { ...current, name };
    this.save(this.profiles.map((profile, at) => (at === index ? updated : profile)));
    return { ...updated };
  }

  /** Removes a profile and saves; answers whether there was one. */
  remove(id: string): boolean {
    if (!this.profiles.some((candidate) => candidate.id === id)) return false;
    this.save(this.profiles.filter((candidate) => candidate.id !== id));
    return true;
  }

  private parse(text: string): string | undefined {
    let data: unknown;
    try {
      data = JSON.parse(text) as unknown;
    } catch (error) {
      return `is not valid JSON (${reasonOf(error)})`;
    }
    if (!Value.Check(ProfileFile, data)) {
      const first = Value.Errors(ProfileFile, data).First();
      return `does not hold profiles as expected (${first ? `${first.path || '/'}: ${first.message}` : 'unknown shape'})`;
    }
    const ids = new Set<string>();
    for (const profile of data.profiles) {
      if (profile.kind !== 'remote')
        return `holds a profile of kind "${profile.kind}" (only remote ones are stored)`;
      if (ids.has(profile.id)) return `holds the profile id ${profile.id} twice`;
      ids.add(profile.id);
    }
    this.profiles = data.profiles.map(pickProfile);
    return undefined;
  }

  private keepAside(problem: string): void {
    const stamp = this.now().toISOString().replace(/[:.]/g, '-');
    let aside = `${this.file}.corrupt-${stamp}`;
    for (let n = 2; existsSync(aside); n++) aside = `${this.file}.corrupt-${stamp}-${n}`;
    try {
      renameSync(this.file, aside);
      this.found.push(
        `The profiles file ${problem}; it was kept aside as ${aside} and the app started with no saved profiles.`,
      );
    } catch (error) {
      this.blocked = `The profiles file ${problem} and could not be kept aside (${reasonOf(error)}); saving profiles is off until it is fixed or removed: ${this.file}`;
      this.found.push(this.blocked);
    }
  }

  private save(profiles: Profile[]): void {
    if (this.blocked !== undefined) throw new ProfileStoreError(this.blocked);
    const text = `${JSON.stringify({ version: 1, profiles }, null, 2)}\n`;
    try {
      mkdirSync(this.dataDir, { recursive: true });
      writeFileAtomic(this.file, text, this.dataDir);
    } catch (error) {
      throw new ProfileStoreError(`The profiles could not be saved to ${this.file}: ${reasonOf(error)}`);
    }
    this.profiles = profiles;
  }
}
