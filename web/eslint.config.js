// The lint gate: typescript-eslint's recommended rules, the rules of hooks, and
// the layout's import boundaries (docs/ARCHITECTURE.md, Code layout).
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import boundaries from 'eslint-plugin-boundaries';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'dist-pseudo', 'test-results', 'playwright-report', 'src/api-types'] },
  {
    files: ['**/*.{js,ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: { ecmaVersion: 2022, globals: { ...globals.browser, ...globals.node } },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, boundaries },
    settings: {
      'import/resolver': { [fileURLToPath(new URL('./eslint-resolver.cjs', import.meta.url))]: {} },
      'boundaries/elements': [
        { type: 'feature', pattern: 'src/features/*', capture: ['feature'] },
        { type: 'lib', pattern: 'src/lib' },
        { type: 'components', pattern: 'src/components' },
        { type: 'app', pattern: 'src/app' },
        { type: 'config', pattern: 'src/config' },
        { type: 'api-types', pattern: 'src/api-types' },
        { type: 'test-support', pattern: 'src/test' },
      ],
    },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Features do not import each other; shared code and UI import no feature.
      // Only the app (router, layout) composes features.
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            {
              from: { element: { type: 'feature' } },
              disallow: {
                to: { element: { type: 'feature', captured: { feature: '!{{ from.captured.feature }}' } } },
              },
              message: 'A feature may not import another feature ({{ to.captured.feature }}); move shared code to src/lib or src/components/ui',
            },
            {
              from: { element: { types: { anyOf: ['lib', 'components'] } } },
              disallow: { to: { element: { type: 'feature' } } },
              message: 'src/lib and src/components import no feature',
            },
          ],
        },
      ],
    },
  },
);
