/** Reads the app's keychain items directly (same D-Bus session as the app: the test script's private keyring). */
import { Entry, type EntryOptions } from '@napi-rs/keyring';

/** The keychain service the app stores tokens under. */
export const KEYCHAIN_SERVICE = 'docs-admin';

// The app's vault requires the Secret Service; without this the binding would fall back to the kernel keyring.
const STORE: EntryOptions = { linux: { store: 'secret-service' } };

/** The token stored for a profile, or null when there is no item. */
export function keychainToken(profileId: string): string | null {
  return new Entry(KEYCHAIN_SERVICE, profileId, STORE).getPassword();
}

/** Deletes a profile's keychain item if there is one (clean-up of profiles a test leaves in place). */
export function forgetKeychainItem(profileId: string): void {
  new Entry(KEYCHAIN_SERVICE, profileId, STORE).deletePassword();
}

/** Throws a message naming the test script when no Secret Service answers (the tests need the private one). */
export function assertKeychainReachable(): void {
  try {
    keychainToken('docs-admin-e2e-probe');
  } catch (error) {
    throw new Error(
      `no keychain is reachable (${(error as Error).message}): run the end-to-end tests with ` +
        '`node scripts/run-unit-tests.mjs e2e/`, which starts a private Secret Service',
      { cause: error },
    );
  }
}
