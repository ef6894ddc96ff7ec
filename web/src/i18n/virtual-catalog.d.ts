// The modules build-plugins/catalogs.ts serves. A catalogue module registers
// its messages (src/i18n/store.ts) and exports nothing.
declare module 'virtual:catalog/*' {}

declare module 'virtual:catalog-areas' {
  /** For each language but English, a loader of each page area's messages. */
  export const areaLoaders: Record<'fr' | 'sw', Record<string, () => Promise<unknown>>>;
}
