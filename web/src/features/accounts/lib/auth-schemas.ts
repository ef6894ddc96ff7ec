// Validation rules (spec §5). The tabbed /auth page uses min 8; /login and /register use min 6.

import { z } from 'zod';
import { invalidEmailMessage, isValidEmail } from '@/lib/email';

export const validation = {
  invalidEmail: invalidEmailMessage,
  passwordMin8: 'Password must be at least 8 characters',
  passwordMin6: 'Password must be at least 6 characters',
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  phoneRequired: 'Phone number is required',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  confirmRequired: 'Please confirm your password',
  passwordsDiffer: 'Passwords do not match',
} as const;

/** An email address by the site's one rule (src/lib/email.ts), surrounding spaces ignored. */
export const emailField = () => z.string().trim().refine(isValidEmail, validation.invalidEmail);

// Combined page (/auth)

export const authLoginSchema = z.object({
  email: emailField(),
  password: z.string().min(8, validation.passwordMin8),
});

export const authRegisterSchema = z
  .object({
    firstName: z.string().min(1, validation.firstNameRequired),
    lastName: z.string().min(1, validation.lastNameRequired),
    email: emailField(),
    phone: z.string().min(1, validation.phoneRequired),
    password: z.string().min(8, validation.passwordMin8),
    confirmPassword: z.string().min(8, validation.passwordMin8),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: validation.passwordsDiffer,
    path: ['confirmPassword'],
  });

// Standalone pages (/login, /register)

export const loginSchema = z.object({
  email: emailField(),
  password: z.string().min(6, validation.passwordMin6),
});

const required = (message: string) => z.string().trim().min(1, message);

export const registerSchema = z
  .object({
    firstName: required(validation.firstNameRequired),
    lastName: required(validation.lastNameRequired),
    email: required(validation.emailRequired).pipe(emailField()),
    phone: required(validation.phoneRequired),
    password: z.string().min(1, validation.passwordRequired).min(6, validation.passwordMin6),
    confirmPassword: z.string().min(1, validation.confirmRequired),
  })
  .refine((values) => values.confirmPassword === '' || values.password === values.confirmPassword, {
    message: validation.passwordsDiffer,
    path: ['confirmPassword'],
  });

// New password from a reset link (/reset-password): the registration rule, confirmed.

export const resetPasswordSchema = z
  .object({
    password: z.string().min(1, validation.passwordRequired).min(6, validation.passwordMin6),
    confirmPassword: z.string().min(1, validation.confirmRequired),
  })
  .refine((values) => values.password === values.confirmPassword, {
    message: validation.passwordsDiffer,
    path: ['confirmPassword'],
  });

export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

export type AuthLoginValues = z.infer<typeof authLoginSchema>;
export type AuthRegisterValues = z.infer<typeof authRegisterSchema>;
export type LoginValues = z.infer<typeof loginSchema>;
export type RegisterValues = z.infer<typeof registerSchema>;

/** The API payload for a registration form (username = email, name = "first last"). */
export function registrationPayload(values: {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
}) {
  const email = values.email.trim();
  return {
    username: email,
    email,
    password: values.password,
    name: `${values.firstName.trim()} ${values.lastName.trim()}`,
    phone: values.phone.trim(),
  };
}
