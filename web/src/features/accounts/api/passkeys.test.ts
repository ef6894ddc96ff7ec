import { WebAuthnError } from '@simplewebauthn/browser';
import { describe, expect, it } from 'vitest';
import { passkeyNameProblem, passkeyPromptMessage } from './passkeys';

const domError = (name: string) => Object.assign(new Error(`${name} from the browser`), { name });

describe('passkeyNameProblem', () => {
  it('asks for a name, on one line, of at most 60 characters', () => {
    expect(passkeyNameProblem('  Work laptop ')).toBeUndefined();
    expect(passkeyNameProblem('   ')).toBe('Give the passkey a name, such as "Work laptop"');
    expect(passkeyNameProblem('Work\nlaptop')).toBe('The name must be on one line');
    expect(passkeyNameProblem('é'.repeat(60))).toBeUndefined();
    expect(passkeyNameProblem('a'.repeat(61))).toBe('The name must be at most 60 characters');
  });
});

describe('passkeyPromptMessage', () => {
  it('says a cancelled or timed-out prompt in words, never the browser error', () => {
    // Chromium reports both a closed prompt and a timeout as NotAllowedError.
    const closed = new WebAuthnError({
      message: 'The operation either timed out or was not allowed',
      code: 'ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY',
      cause: domError('NotAllowedError'),
    });
    expect(passkeyPromptMessage(closed, 'add')).toBe(
      'The passkey prompt was closed or timed out, so no passkey was added. Try again when you are ready.',
    );
    expect(passkeyPromptMessage(domError('NotAllowedError'), 'sign-in')).toBe(
      'The passkey prompt was closed or timed out. Try again, or use another way to sign in.',
    );
    const aborted = new WebAuthnError({ message: 'aborted', code: 'ERROR_CEREMONY_ABORTED', cause: domError('AbortError') });
    expect(passkeyPromptMessage(aborted, 'sign-in')).toContain('closed or timed out');
  });

  it('tells a device that holds a passkey already, an address passkeys cannot use, and a browser without them', () => {
    const registered = new WebAuthnError({
      message: 'The authenticator was previously registered',
      code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED',
      cause: domError('InvalidStateError'),
    });
    expect(passkeyPromptMessage(registered, 'add')).toContain('already has a passkey for your account');
    const domain = new WebAuthnError({ message: 'x', code: 'ERROR_INVALID_DOMAIN', cause: domError('SecurityError') });
    expect(passkeyPromptMessage(domain, 'add')).toContain('cannot be used at this address');
    expect(passkeyPromptMessage(new Error('WebAuthn is not supported in this browser'), 'sign-in')).toContain(
      'This browser does not support passkeys',
    );
  });

  it('falls back to a plain sentence for anything else', () => {
    expect(passkeyPromptMessage(new TypeError('cannot read properties of undefined'), 'sign-in')).toBe(
      'Your device could not use the passkey. Try again, or use another way to sign in.',
    );
    expect(passkeyPromptMessage('odd', 'add')).toBe('Your device could not make a passkey. Try again, or use another device.');
  });
});
