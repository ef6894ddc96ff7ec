// /api/account/second-factor/passkeys (the account security page) and the passkey
// step of sign-in (/api/login/second-factor/passkey). The browser's half of WebAuthn is
// @simplewebauthn/browser's: it takes the options webauthn-rs answers under `publicKey`.

import {
  startAuthentication,
  startRegistration,
  WebAuthnError,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/browser';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasskeyAdded } from '@/api-types/PasskeyAdded';
import type { PasskeySummary } from '@/api-types/PasskeySummary';
import type { SecondFactorStatus } from '@/api-types/SecondFactorStatus';
import { apiRequest } from '@/lib/api-client';
import type { User } from '@/lib/api-types';
import { reloadUser, setUser } from '@/lib/auth/get-user';
import { loginFailureMessage } from '@/lib/error-catalogue';
import { secondFactorQueryKey } from './second-factor';

export type { PasskeyAdded, PasskeySummary };

/** The longest name a passkey may have (the server's rule too). */
export const PASSKEY_NAME_MAX = 60;

/** What is wrong with a name typed for a new passkey, or undefined when it is fine. */
export function passkeyNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (!trimmed) return 'Give the passkey a name, such as "Work laptop"';
  if (/[\r\n]/.test(trimmed)) return 'The name must be on one line';
  if ([...trimmed].length > PASSKEY_NAME_MAX) return `The name must be at most ${PASSKEY_NAME_MAX} characters`;
  return undefined;
}

/** A prompt that failed in the browser (cancelled, timed out, refused), in words a person can act on. */
export class PasskeyPromptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PasskeyPromptError';
  }
}

/**
 * Words for a failed `navigator.credentials` prompt. The browser reports a cancelled prompt and a
 * timed-out one alike (NotAllowedError), so one message covers both.
 */
export function passkeyPromptMessage(error: unknown, during: 'add' | 'sign-in'): string {
  const code = error instanceof WebAuthnError ? error.code : undefined;
  const name = error instanceof Error ? (error instanceof WebAuthnError && error.cause instanceof Error ? error.cause.name : error.name) : '';
  if (error instanceof Error && /not supported in this browser/i.test(error.message)) {
    return 'This browser does not support passkeys. Use another browser, or your authenticator app.';
  }
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' || name === 'InvalidStateError') {
    return 'This device already has a passkey for your account. Use another device, or remove the old passkey first.';
  }
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || name === 'SecurityError') {
    return 'Passkeys cannot be used at this address. Use your authenticator app instead.';
  }
  if (code?.startsWith('ERROR_AUTHENTICATOR_MISSING') || name === 'NotSupportedError') {
    return 'This device cannot make a passkey that verifies you (a PIN, fingerprint or face). Try another device.';
  }
  if (code === 'ERROR_CEREMONY_ABORTED' || name === 'NotAllowedError' || name === 'AbortError') {
    return during === 'add'
      ? 'The passkey prompt was closed or timed out, so no passkey was added. Try again when you are ready.'
      : 'The passkey prompt was closed or timed out. Try again, or use another way to sign in.';
  }
  return during === 'add'
    ? 'Your device could not make a passkey. Try again, or use another device.'
    : 'Your device could not use the passkey. Try again, or use another way to sign in.';
}

/** Runs a browser prompt, turning its failure into a `PasskeyPromptError`. */
async function prompt<T>(run: () => Promise<T>, during: 'add' | 'sign-in'): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw new PasskeyPromptError(passkeyPromptMessage(error, during));
  }
}

const describe = loginFailureMessage;

/** Enrolling or removing ends the other sessions and rotates this one: the user is read again. */
function useAfterFactorChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: secondFactorQueryKey });
    void reloadUser();
  };
}

/** Adds a passkey named `name`: the server's options, the browser's prompt, the server's check. */
export function useAddPasskey() {
  const changed = useAfterFactorChange();
  return useMutation({
    mutationKey: ['auth', 'second-factor', 'passkey-add'],
    mutationFn: async (name: string) => {
      const options = await apiRequest<{ publicKey: PublicKeyCredentialCreationOptionsJSON }>(
        '/api/account/second-factor/passkeys',
        { method: 'POST', body: { name }, describe, blockWhenOffline: true },
      );
      const credential = await prompt(() => startRegistration({ optionsJSON: options.publicKey }), 'add');
      return apiRequest<PasskeyAdded>('/api/account/second-factor/passkeys/finish', {
        method: 'POST',
        body: credential,
        describe,
        blockWhenOffline: true,
      });
    },
    onSuccess: changed,
  });
}

export function useRemovePasskey() {
  const changed = useAfterFactorChange();
  return useMutation({
    mutationKey: ['auth', 'second-factor', 'passkey-remove'],
    mutationFn: (id: string) =>
      apiRequest<SecondFactorStatus>(`/api/account/second-factor/passkeys/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        describe,
        blockWhenOffline: true,
      }),
    onSuccess: changed,
  });
}

/** Finishes a sign-in with a passkey. */
export function usePasskeyLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['auth', 'login', 'passkey'],
    mutationFn: async () => {
      const options = await apiRequest<{ publicKey: PublicKeyCredentialRequestOptionsJSON }>(
        '/api/login/second-factor/passkey',
        { method: 'POST', body: {}, describe, blockWhenOffline: true },
      );
      const answer = await prompt(() => startAuthentication({ optionsJSON: options.publicKey }), 'sign-in');
      return apiRequest<User>('/api/login/second-factor/passkey/finish', {
        method: 'POST',
        body: answer,
        describe,
        blockWhenOffline: true,
      });
    },
    onSuccess: (user) => {
      setUser(user);
      void queryClient.invalidateQueries({ queryKey: secondFactorQueryKey });
    },
  });
}
