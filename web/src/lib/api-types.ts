// API types. User comes from the Rust contract (ts-rs); the request and error
// shapes below are hand-written until the contract exports them too.

/** The signed-in user: generated from the Rust contract by ts-rs (web/src/api-types). */
export type { User } from '@/api-types/User';

/** POST /api/login body. */
export interface LoginRequest {
  email: string;
  password: string;
}

/** POST /api/register body. `username` is the email, `name` is "first last". */
export interface RegisterRequest {
  username: string;
  email: string;
  password: string;
  name: string;
  phone: string;
}

/** Every error answer from the API. */
export interface ErrorBody {
  message?: string;
  error?: string;
  /** The request field a 400 is about (its JSON path, e.g. `office.city`). */
  field?: string;
}
