import { describe, expect, it } from 'vitest';
import type { ZodTypeAny } from 'zod';
import {
  authLoginSchema,
  authRegisterSchema,
  loginSchema,
  registerSchema,
  registrationPayload,
} from './auth-schemas';
import { forgotPasswordSchema } from '../components/forgot-password-page';

/** field → first message, for a failed parse. */
function errorsOf(schema: ZodTypeAny, value: unknown): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.');
    out[key] ??= issue.message;
  }
  return out;
}

const validRegister = {
  firstName: 'Amina',
  lastName: 'Otieno',
  email: 'amina@example.com',
  phone: '+254700000001',
  password: 'secret123',
  confirmPassword: 'secret123',
};

describe('/auth login (min 8)', () => {
  it('messages', () => {
    expect(errorsOf(authLoginSchema, { email: 'nope', password: '1234567' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
    });
  });
  it('accepts 8 characters', () => {
    expect(errorsOf(authLoginSchema, { email: 'a@b.co', password: '12345678' })).toEqual({});
  });
});

describe('/auth register (min 8)', () => {
  it('messages for empty fields', () => {
    expect(
      errorsOf(authRegisterSchema, { firstName: '', lastName: '', email: '', phone: '', password: '', confirmPassword: '' }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Please enter a valid email address',
      phone: 'Phone number is required',
      password: 'Password must be at least 8 characters',
      confirmPassword: 'Password must be at least 8 characters',
    });
  });
  it('passwords must match, shown on confirmPassword', () => {
    expect(errorsOf(authRegisterSchema, { ...validRegister, confirmPassword: 'secret124' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
  it('accepts valid values', () => {
    expect(errorsOf(authRegisterSchema, validRegister)).toEqual({});
  });
});

describe('/login (min 6)', () => {
  it('messages', () => {
    expect(errorsOf(loginSchema, { email: 'a@', password: '12345' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });
  it('accepts 6 characters', () => {
    expect(errorsOf(loginSchema, { email: 'a@b.co', password: '123456' })).toEqual({});
  });
});

describe('/register', () => {
  it('blank fields', () => {
    expect(
      errorsOf(registerSchema, { firstName: '  ', lastName: '', email: '', phone: ' ', password: '', confirmPassword: '' }),
    ).toEqual({
      firstName: 'First name is required',
      lastName: 'Last name is required',
      email: 'Email is required',
      phone: 'Phone number is required',
      password: 'Password is required',
      confirmPassword: 'Please confirm your password',
    });
  });
  it('invalid email and short password', () => {
    expect(errorsOf(registerSchema, { ...validRegister, email: 'amina@example', password: '12345', confirmPassword: '12345' })).toEqual({
      email: 'Please enter a valid email address',
      password: 'Password must be at least 6 characters',
    });
  });
  it('passwords differ', () => {
    expect(errorsOf(registerSchema, { ...validRegister, confirmPassword: 'different' })).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
  it('accepts valid values', () => {
    expect(errorsOf(registerSchema, validRegister)).toEqual({});
  });
});

describe('forgot password', () => {
  it('invalid email', () => {
    expect(errorsOf(forgotPasswordSchema, { email: 'x' })).toEqual({ email: 'Please enter a valid email address' });
  });
});

describe('email rule (src/lib/email.ts) in every account form', () => {
  const forms: Array<[string, ZodTypeAny, Record<string, string>]> = [
    ['/auth login', authLoginSchema, { password: '12345678' }],
    ['/auth register', authRegisterSchema, validRegister],
    ['/login', loginSchema, { password: '123456' }],
    ['/register', registerSchema, validRegister],
    ['forgot password', forgotPasswordSchema, {}],
  ];

  it.each(forms)('%s refuses what the server refuses', (_, schema, rest) => {
    for (const email of ['a@b', 'a b@c.co', 'x?y@c.co', 'x&y@c.co', 'a@b.c', 'a@-b.co', 'a..b@c.co', '.a@c.co']) {
      expect(errorsOf(schema, { ...rest, email })).toEqual({ email: 'Please enter a valid email address' });
    }
  });

  it.each(forms)('%s accepts real addresses, surrounding spaces ignored', (_, schema, rest) => {
    for (const email of ["ann.o'brien+chat@mail.example.co.ke", 'Ann@Example.COM', '  amina@example.com ']) {
      expect(errorsOf(schema, { ...rest, email })).toEqual({});
    }
  });
});

describe('registration payload', () => {
  it('username is the email and name joins first and last', () => {
    expect(registrationPayload(validRegister)).toEqual({
      username: 'amina@example.com',
      email: 'amina@example.com',
      password: 'secret123',
      name: 'Amina Otieno',
      phone: '+254700000001',
    });
  });
});
