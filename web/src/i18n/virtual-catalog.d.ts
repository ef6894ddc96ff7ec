// The modules build-plugins/catalogs.ts serves. A catalogue module registers
// its messages (src/i18n/store.ts); another language's frame also exports
// where that language's page areas are.
declare module 'virtual:catalog/*' {}

declare module 'virtual:catalog/fr' {
  /** A loader of each page area's French messages. */
  export const areaLoaders: Record<string, () => Promise<unknown>>;
}

declare module 'virtual:catalog/sw' {
  /** A loader of each page area's Kiswahili messages. */
  export const areaLoaders: Record<string, () => Promise<unknown>>;
}
