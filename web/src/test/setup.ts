import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// The tests render the whole app, whose pages are lazily loaded chunks; on a
// shared two-core machine compiling Rust beside them, a first import can take
// seconds. Waits are generous so that only a real absence fails a test.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
