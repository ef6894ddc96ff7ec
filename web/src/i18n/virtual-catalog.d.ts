// The catalogues as build-plugins/catalogs.ts serves them.
declare module 'virtual:catalog/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
