// Resolves this app's own imports for eslint-plugin-boundaries: '@/…' (the
// tsconfig path to src/) and relative paths, with the extensions Vite tries.
// Packages are left unresolved (external). A local file instead of
// eslint-import-resolver-typescript, whose native bindings the lock file
// cannot list for every platform here.
const { statSync } = require('node:fs');
const path = require('node:path');

const src = path.join(__dirname, 'src');
const suffixes = ['', '.ts', '.tsx', '.js', '.json', '/index.ts', '/index.tsx'];

const isFile = (candidate) => {
  try {
    return statSync(candidate).isFile();
  } catch {
    return false;
  }
};

module.exports = {
  interfaceVersion: 2,
  resolve(source, file) {
    let base;
    if (source.startsWith('@/')) base = path.join(src, source.slice(2));
    else if (source.startsWith('.')) base = path.resolve(path.dirname(file), source);
    else return { found: false };
    const found = suffixes.map((suffix) => base + suffix).find(isFile);
    return found ? { found: true, path: found } : { found: false };
  },
};
